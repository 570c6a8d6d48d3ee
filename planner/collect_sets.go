package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// collectSets reads collect(n) of a node or relationship variable as
// collect(DISTINCT n) when every later read of the list is blind to its
// order and its duplicates: `x IN list`, and any/all/none(y IN list WHERE
// p) whose test p cannot fail on one element and not another. The
// rewritten aggregate is one the set rules take whole: `MATCH
// (h)-->(v)-->(w) WITH v, collect(w) AS ws WHERE all(w IN ws WHERE
// (w)-->(v))` expands each v's neighbours as one set into the group's
// list (setcount.go) instead of a row per path, and `OPTIONAL MATCH
// (b)-->(h) WITH out, collect(b) AS back RETURN size([x IN out WHERE NOT
// x IN back])` collects the set of back-linkers.
//
// Exactness: the two lists hold the same entities, the distinct one each
// once (collect skips nulls either way, and entities are equal exactly
// when they are the same one). x IN list is true when some element equals
// x, unknown when none does and one compares as unknown, false otherwise:
// the same for both lists, which hold the same values. any, all and none
// count their tests over every element: a test's answer depends on its
// element alone, so the lists give the same set of answers, which decides
// the three (single, which counts the true ones, is left out). An error is
// the same too: a test that fails on some element fails on that element
// in both lists, and the tests allowed fail the same way on every element
// where they fail (a pattern's bound node that is not a node; a pattern
// with property maps or inline tests, or a test of the element's
// properties beyond neverFails, is not allowed). The column's readers are
// found by columnReadsBy, in every position of every later operator; a
// list returned, compared, measured by size(), unwound, indexed or read
// in any other way keeps its duplicates.
func collectSets(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	if b.rowModeOnly {
		return ops, false
	}
	for i, op := range ops {
		agg, ok := op.(logical.Aggregate)
		if !ok {
			continue
		}
		for k, a := range agg.Aggs {
			c := a.Call
			if !strings.EqualFold(c.Name, "collect") || c.Distinct || c.Star || len(c.Namespace) > 0 || len(c.Args) != 1 {
				continue
			}
			v, isVar := c.Args[0].(*ast.Variable)
			if !isVar {
				continue
			}
			sc, _, ok := scopeAtWith(ops, i, b.rowScope)
			if !ok || !scopeEntities(sc)[v.Name] || i+1 >= len(ops) {
				continue
			}
			// The projection after the grouping names the aggregate's
			// column by a call of its own; one that reads it otherwise
			// (a partial aggregate of a union branch, combined after
			// the branch) names none, and the list is left as written.
			names, ok := b.aggPassedOn(ops[i+1], a.Name)
			if !ok || len(names) == 0 {
				continue
			}
			reads := true
			later := unsubstituted(ops[i+2:])
			for _, n := range names {
				if !columnReadsBy(b, later, req.After[len(ops)-1], n, setRead) {
					reads = false
				}
			}
			if !reads {
				continue
			}
			d := *c
			d.Distinct = true
			q := agg
			q.Aggs = append([]logical.AggCall(nil), agg.Aggs...)
			q.Aggs[k].Call = &d
			b.aggRefs[&d] = a.Name // the projection's call still names the column
			return replace(ops, i, 1, q), true
		}
	}
	return ops, false
}

// unsubstituted is ops with the grouping-key texts (Subst) of filters
// that read none of them dropped, so that their tests are analysed as
// any other filter's; the others stay as they are (read in full).
func unsubstituted(ops []logical.Op) []logical.Op {
	out := make([]logical.Op, len(ops))
	for k, op := range ops {
		if f, ok := op.(logical.Filter); ok && f.Subst != nil && !substReads(f.Pred, f.Subst) {
			f.Subst = nil
			op = f
		}
		out[k] = op
	}
	return out
}

// aggPassedOn returns the names under which op, the projection after an
// aggregation, passes on the aggregate column agg unchanged (items that
// are its bare call); ok is false when op is not such a projection or
// reads the column in another item.
func (b *builder) aggPassedOn(op logical.Op, agg string) (names []string, ok bool) {
	p, isProject := op.(logical.Project)
	if !isProject || p.Vectorised {
		return nil, false
	}
	for _, it := range p.Items {
		if fc, isCall := it.Expr.(*ast.FunctionCall); isCall && b.aggRefs[fc] == agg {
			names = append(names, it.Name)
			continue
		}
		other := false
		rewriteDeep(it.Expr, func(x ast.Expr) (ast.Expr, bool) {
			if fc, isCall := x.(*ast.FunctionCall); isCall && b.aggRefs[fc] == agg {
				other = true
			}
			return nil, false
		})
		if other {
			return nil, false
		}
	}
	return names, true
}

// setRead is columnReadsBy's reader for collectSets: x IN list, and
// any/all/none(y IN list WHERE p) with p a sameFailures test, where list
// is one of names.
func setRead(names map[string]bool, x ast.Expr) (ast.Expr, bool, bool) {
	isList := func(e ast.Expr) bool {
		v, ok := e.(*ast.Variable)
		return ok && names[v.Name]
	}
	switch y := x.(type) {
	case *ast.In:
		if !isList(y.List) || readsAny(y.Expr, names) {
			return nil, false, false
		}
	case *ast.Quantifier:
		if !isList(y.In) || y.Var == nil || y.Kind == ast.QuantSingle || names[y.Var.Name] {
			return nil, false, false
		}
		if y.Where == nil || readsAny(y.Where, names) || !sameFailures(y.Where, y.Var.Name) {
			return nil, false, false
		}
	default:
		return nil, false, false
	}
	return &ast.Literal{Span: x.NodeSpan(), Kind: ast.LitBool, Bool: true}, true, false
}

// sameFailures reports whether test e of the element el (an entity) can
// fail only in a way that does not depend on the element: it is built
// with NOT, AND, OR and XOR from tests that never fail (neverFails, el an
// entity) and pattern predicates without property maps or inline tests
// (which fail only on a bound variable that is not a node or a
// relationship, the same for every element).
func sameFailures(e ast.Expr, el string) bool {
	switch x := e.(type) {
	case *ast.Unary:
		if x.Op == ast.OpNot {
			return sameFailures(x.Expr, el)
		}
	case *ast.Binary:
		switch x.Op {
		case ast.OpAnd, ast.OpOr, ast.OpXor:
			return sameFailures(x.Left, el) && sameFailures(x.Right, el)
		}
	}
	if neverFails(e, map[string]bool{el: true}) {
		return true
	}
	p, where, count, ok := patternMatches(e)
	if !ok || count || where != nil {
		return false
	}
	for _, part := range p.Parts {
		if part.Element == nil || part.Kind != ast.PathPlain {
			return false
		}
		for _, n := range part.Element.Nodes {
			if n.Props != nil || n.Where != nil || (n.Labels != nil && ast.HasDynamic(n.Labels)) {
				return false
			}
		}
		for _, r := range part.Element.Rels {
			if r.Props != nil || r.Where != nil || r.Group != nil || r.Quant != nil || (r.Types != nil && ast.HasDynamic(r.Types)) {
				return false
			}
		}
	}
	return true
}
