package planner

import (
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// keyedCounts reads a count of joined rows grouped by keys that identify
// the rows of the first MATCH as a per-row count of the second's
// matches:
//
//	MATCH P WHERE wp MATCH Q WHERE wq WITH keys, count(*) AS n WHERE n > k
//
// is, exactly,
//
//	MATCH P WHERE wp WITH keys, COUNT { MATCH Q WHERE wq } AS n WHERE n > k
//
// when each row of P is the only one with its values of the keys: each
// group is then the rows joined to one row of P, and count(*) their
// number, the number of Q's matches from that row. The per-row count is
// open to what reads counts (a threshold that stops at k + 1 matches, a
// degree read), where the join enumerated every match and grouped them
// (`MATCH (h {id: $hub})-[e]->(v) MATCH (v)-->(w)<--(h) WITH e, count(*)
// AS c WHERE c > 10`). It is the converse of countJoin, which turns a
// per-row count over single nodes into the join. It is a choice point
// whose first plan is the per-row count; Compile keeps the join where
// that prices cheaper.
//
// When each row of P is the only one with its keys: P is one MATCH (not
// OPTIONAL) of plain, single-hop pattern parts, one relationship at
// least (over single nodes the grouped join is countJoin's form, whose
// count of one hop is a degree read) (no path variable,
// selector, path mode, quantifier or variable length), the first clause
// of a query with nothing in scope, and the variables the keys name
// (bare variables among the items) determine every node and
// relationship of P (keyDetermined): a relationship determines the two
// ends of a directed pattern, and the other end of an undirected one
// whose first end is determined; an anonymous node is determined only
// through a relationship. A match of P is one binding of its elements,
// so two rows that agree on all of them are one row.
//
// When the two forms keep the same rows:
//
//   - The WITH's WHERE keeps only rows whose count is positive
//     (positiveCount: a conjunct n > k, k >= 0, or n >= k, k >= 1): the
//     join has no row for a row of P without a match of Q, the per-row
//     count gives it 0, which the filter drops.
//   - The WITH has no DISTINCT, SKIP or LIMIT (a WHERE filters the rows
//     a LIMIT kept, and the per-row form has rows the join does not),
//     and is not WITH *. Its one aggregate is the item count(*) itself;
//     the other items are keys that read no variable of Q and cannot
//     fail (variables, properties of variables, literals, parameters):
//     the join evaluates them only for rows with a match, the per-row
//     form for every row of P.
//   - Q is one MATCH, not OPTIONAL; COUNT { MATCH Q WHERE wq } counts
//     its matches under the same uniqueness (Q's own relationships; P
//     and Q are separate clauses in both forms) and evaluates wq on the
//     same matches.
//   - The WITH's WHERE and ORDER BY name only its items, all an
//     aggregating WITH lets them see (the per-row WITH would let them
//     read the row's variables, where the written query is an error).
//   - The query writes nothing.
//
// Plans in written order and row mode (differential tests) keep the join.
func (b *builder) keyedCounts(clauses []ast.Clause, sc *scope) ([]ast.Clause, int, bool) {
	if b.startLast || b.rowModeOnly || len(sc.vars) > 0 || len(clauses) < 3 {
		return nil, 0, false
	}
	for _, c := range clauses {
		if isWriteClause(c) {
			return nil, 0, false
		}
	}
	p, ok1 := clauses[0].(*ast.Match)
	q, ok2 := clauses[1].(*ast.Match)
	w, ok3 := clauses[2].(*ast.With)
	if !ok1 || !ok2 || !ok3 || p.Optional || q.Optional || p.Pattern == nil || q.Pattern == nil || w.Projection == nil {
		return nil, 0, false
	}
	pr := w.Projection
	if pr.Star || pr.Distinct || pr.Skip != nil || pr.Limit != nil || w.Where == nil {
		return nil, 0, false
	}
	pvars := map[string]bool{}
	if !plainHops(p.Pattern, pvars) || singleNodes(p.Pattern) {
		return nil, 0, false
	}
	outer := newScope()
	for v := range pvars {
		outer.add(v, kindNode)
	}
	qfresh := outer.fresh(q.Pattern)
	count := -1
	keys := map[string]bool{}
	for k, it := range pr.Items {
		if fc, ok := it.Expr.(*ast.FunctionCall); ok && fc.Star && !fc.Distinct && len(fc.Namespace) == 0 && strings.EqualFold(fc.Name, "count") {
			if count >= 0 {
				return nil, 0, false
			}
			count = k
			continue
		}
		if containsAggregate(it.Expr) || !cannotFail(it.Expr) || readsAny(it.Expr, qfresh) {
			return nil, 0, false
		}
		if v, ok := it.Expr.(*ast.Variable); ok {
			keys[v.Name] = true
		}
	}
	if count < 0 || !positiveCount(w.Where, pr.Items[count].Name()) {
		return nil, 0, false
	}
	// An aggregating WITH's WHERE and ORDER BY see only its items; the
	// per-row WITH would see the rows' variables too, and give a name
	// the written query cannot read (an error) a value.
	items := map[string]bool{}
	for _, it := range pr.Items {
		items[it.Name()] = true
	}
	seesItems := func(e ast.Expr) bool {
		for n := range mentionedNames(e) {
			if !items[n] {
				return false
			}
		}
		return true
	}
	if !seesItems(w.Where) {
		return nil, 0, false
	}
	for _, s := range pr.OrderBy {
		if !seesItems(s.Expr) {
			return nil, 0, false
		}
	}
	if !keyDetermined(p.Pattern, keys, pvars) {
		return nil, 0, false
	}
	key := fmt.Sprintf("keyed count %d-%d", p.Span.Start, w.Span.End)
	if b.choose(key, 1, []int{1, 0}) != 1 {
		return nil, 0, false
	}
	it := pr.Items[count]
	np := *pr
	np.Items = append([]*ast.ProjectionItem(nil), pr.Items...)
	np.Items[count] = &ast.ProjectionItem{Span: it.Span, Text: it.Text, Alias: &ast.Variable{Span: it.Span, Name: it.Name()},
		Expr: &ast.CountSubquery{Span: q.Span, Pattern: q.Pattern, Where: q.Where}}
	nw := *w
	nw.Projection = &np
	return []ast.Clause{p, &nw}, 3, true
}

// plainHops reports whether every part of pattern p is a plain chain of
// single hops (no path variable, selector, path mode, quantifier or
// variable length), adding the names of its nodes and relationships to
// vars.
func plainHops(p *ast.Pattern, vars map[string]bool) bool {
	for _, part := range p.Parts {
		el := part.Element
		if part.Var != nil || part.Selector != nil || part.Kind != ast.PathPlain || part.Mode != ast.ModeDefault || el == nil || len(el.Nodes) != len(el.Rels)+1 {
			return false
		}
		for _, n := range el.Nodes {
			if n.Implicit {
				return false
			}
			if n.Var != nil {
				vars[n.Var.Name] = true
			}
		}
		for _, r := range el.Rels {
			if r.VarLength != nil || r.Quantified() {
				return false
			}
			if r.Var != nil {
				vars[r.Var.Name] = true
			}
		}
	}
	return len(p.Parts) > 0
}

// keyDetermined reports whether the variables keys determine every node
// and relationship of pattern p (see keyedCounts): starting from the
// keys, a determined relationship determines both ends when directed and
// the other end when undirected and one end is determined, and a node
// variable is determined wherever it stands once determined anywhere.
func keyDetermined(p *ast.Pattern, keys, vars map[string]bool) bool {
	known := map[string]bool{}
	for k := range keys {
		if vars[k] {
			known[k] = true
		}
	}
	type pos struct{ part, at int }
	nodeKnown := map[pos]bool{}
	isKnown := func(n *ast.NodePattern, at pos) bool {
		return nodeKnown[at] || n.Var != nil && known[n.Var.Name]
	}
	mark := func(n *ast.NodePattern, at pos) bool {
		if isKnown(n, at) {
			return false
		}
		nodeKnown[at] = true
		if n.Var != nil {
			known[n.Var.Name] = true
		}
		return true
	}
	for changed := true; changed; {
		changed = false
		for pi, part := range p.Parts {
			el := part.Element
			for ri, r := range el.Rels {
				if r.Var == nil || !known[r.Var.Name] {
					continue
				}
				l, rt := el.Nodes[ri], el.Nodes[ri+1]
				lp, rp := pos{pi, ri}, pos{pi, ri + 1}
				switch {
				case r.Direction == ast.DirRight || r.Direction == ast.DirLeft:
					changed = mark(l, lp) || changed
					changed = mark(rt, rp) || changed
				case isKnown(l, lp):
					changed = mark(rt, rp) || changed
				case isKnown(rt, rp):
					changed = mark(l, lp) || changed
				}
			}
		}
	}
	for pi, part := range p.Parts {
		el := part.Element
		for ni, n := range el.Nodes {
			if !isKnown(n, pos{pi, ni}) {
				return false
			}
		}
		for _, r := range el.Rels {
			if r.Var == nil || !known[r.Var.Name] {
				return false
			}
		}
	}
	return true
}
