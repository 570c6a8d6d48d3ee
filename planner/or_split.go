package planner

import (
	"fmt"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// A disjunction as a union of anchored plans (OR-expansion).
//
// A MATCH whose WHERE has a conjunct P1 OR ... OR Pn, where each
// disjunct gives the pattern an access of its own (a seek or a range of
// a property, id() or elementId() of one of the pattern's new nodes, an
// IN list, a label), can seek none of them as one filter: the plan scans
// and expands everything, then tests the disjunction. It may instead be
// planned as the concatenation of n branches, branch i the same pattern
// under
//
//	Pi AND (P1) IS NOT TRUE AND ... AND (Pi-1) IS NOT TRUE AND <the other conjuncts>
//
// each of which chooses its own start. A row of the pattern for which
// the disjunction is true is a row of exactly one branch (the first
// whose disjunct holds), and a row for which it is false or null is a
// row of none, so UNION ALL keeps each row's multiplicity, with no
// DISTINCT. The branches run in one CALL-like operator where the MATCH
// stood (inside the optional for OPTIONAL MATCH, as the body of an
// EXISTS or COUNT), and the rest of the query runs once over their rows.
//
// The split is a choice point (see orderChoices): the cost of the whole
// plan decides between the single filtered plan and the union. It is
// offered only when no disjunct can fail (neverFails): the branches
// evaluate each disjunct only on the rows their seeks reach, where the
// filter evaluates them on every row, so a disjunct that could raise an
// error on a row no branch reaches would go unraised. The other
// conjuncts keep their place: whatever may fail among them is tested
// on the rows for which the disjunction holds, as the single filter
// tests it (see deciding_operands.go: a conjunct that cannot fail
// rejects a row before any other is evaluated).

// buildBranch plans one branch's clauses as a subquery body (see
// builder.buildSingle). It is set in init: the rule list reaches
// matchOps, and matchOps reaches it through orSplit.
var buildBranch func(b *builder, clauses []ast.Clause, sc *scope) (*logical.Pipeline, []string, error)

func init() {
	buildBranch = func(b *builder, clauses []ast.Clause, sc *scope) (*logical.Pipeline, []string, error) {
		return b.buildSingle(clauses, sc, false)
	}
}

// maxOrSplitBranches bounds the disjuncts one split plans as branches.
const maxOrSplitBranches = 6

// orSplit plans pattern p under where (a MATCH clause's, an EXISTS or
// COUNT body's) as the union of the branches of where's first
// splittable disjunction when that disjunction's choice point takes the
// split: it returns the one operator that runs the branches and the
// variables they bind (added to sc), and whether it split.
func (b *builder) orSplit(p *ast.Pattern, where ast.Expr, sc *scope) ([]logical.Op, []string, bool, error) {
	if where == nil || b.rowModeOnly || b.startLast {
		return nil, nil, false, nil
	}
	vars, ok := splitPatternVars(p, sc)
	if !ok || len(vars.names) == 0 {
		return nil, nil, false, nil
	}
	cs := conjuncts(where)
	for k, cj := range cs {
		ds := operandsOf(cj, ast.OpOr)
		if len(ds) < 2 || len(ds) > maxOrSplitBranches || !b.disjunctsAnchor(ds, vars, sc) {
			continue
		}
		sp := cj.NodeSpan()
		if b.choose(fmt.Sprintf("orsplit %d-%d", sp.Start, sp.End), 0, []int{0, 1}) != 1 {
			return nil, nil, false, nil
		}
		op, err := b.splitMatch(p, cs, k, ds, vars, sc)
		if err != nil {
			return nil, nil, true, err
		}
		return []logical.Op{op}, vars.names, true, nil
	}
	return nil, nil, false, nil
}

// splitVars are the variables a pattern newly binds, in order, with
// their kinds, and its node variables (new or bound).
type splitVars struct {
	names []string
	kinds map[string]varKind
	nodes []string
}

// splitPatternVars lists the variables pattern p binds that sc does not
// hold; ok is false for a pattern a split does not plan (a shortest or
// selected path, a quantified group).
func splitPatternVars(p *ast.Pattern, sc *scope) (splitVars, bool) {
	pv := splitVars{kinds: map[string]varKind{}}
	add := func(v *ast.Variable, k varKind) {
		if v == nil || sc.has(v.Name) {
			return
		}
		if _, seen := pv.kinds[v.Name]; !seen {
			pv.names = append(pv.names, v.Name)
			pv.kinds[v.Name] = k
		}
	}
	for _, part := range p.Parts {
		if part.Kind != ast.PathPlain || part.Selector != nil || part.Mode != ast.ModeDefault || part.Element == nil {
			return pv, false
		}
		add(part.Var, kindPath)
		for _, n := range part.Element.Nodes {
			if n.Var != nil {
				pv.nodes = append(pv.nodes, n.Var.Name)
			}
			add(n.Var, kindNode)
		}
		for _, r := range part.Element.Rels {
			if r.Group != nil || r.Quant != nil {
				return pv, false
			}
			k := kindRel
			if r.VarLength != nil {
				k = kindValue
			}
			add(r.Var, k)
		}
	}
	return pv, true
}

// disjunctsAnchor reports whether every disjunct of ds cannot fail and
// gives one of the pattern's new nodes an access of its own: a seek or
// range of one of its properties, of id() or elementId(), a node list,
// or a label.
func (b *builder) disjunctsAnchor(ds []ast.Expr, pv splitVars, sc *scope) bool {
	entities := map[string]bool{}
	for n, k := range sc.vars {
		if k == kindNode || k == kindRel {
			entities[n] = true
		}
	}
	for n, k := range pv.kinds {
		if k == kindNode || k == kindRel {
			entities[n] = true
		}
	}
	for _, d := range ds {
		if !neverFails(d, entities) || b.readsFailingList(d) {
			return false
		}
		if len(b.equalities(normalizePredicate(d), pv.nodes, sc)) == 0 && !labelsNewNode(d, pv) {
			return false
		}
	}
	return true
}

// labelsNewNode reports whether a conjunct of d is a label test of one
// of the pattern's new nodes.
func labelsNewNode(d ast.Expr, pv splitVars) bool {
	for _, c := range conjuncts(d) {
		if l, ok := c.(*ast.LabelPredicate); ok {
			if v, ok := l.Expr.(*ast.Variable); ok && pv.kinds[v.Name] == kindNode {
				return true
			}
		}
	}
	return false
}

// notTrue is (e) IS NOT TRUE written with the operators every rule
// reads: (e) IS NULL OR NOT (e).
func notTrue(e ast.Expr) ast.Expr {
	sp := e.NodeSpan()
	return &ast.Binary{Span: sp, Op: ast.OpOr, Left: &ast.IsNull{Span: sp, Expr: e}, Right: &ast.Unary{Span: sp, Op: ast.OpNot, Expr: e}}
}

// splitMatch plans pattern p as the UNION ALL of one branch per
// disjunct of conjunct k of cs (ds): branch i keeps the rows for which
// ds[i] holds and no earlier disjunct does. It adds the pattern's new
// variables to sc.
func (b *builder) splitMatch(p *ast.Pattern, cs []ast.Expr, k int, ds []ast.Expr, pv splitVars, sc *scope) (logical.CallSubquery, error) {
	items := make([]*ast.ProjectionItem, len(pv.names))
	for i, n := range pv.names {
		items[i] = &ast.ProjectionItem{Span: p.Span, Expr: &ast.Variable{Span: p.Span, Name: n}, Text: n}
	}
	ret := &ast.Return{Span: p.Span, Projection: &ast.Projection{Span: p.Span, Items: items}}
	op := logical.CallSubquery{UnionAll: true}
	for i, d := range ds {
		parts := []ast.Expr{d}
		for _, e := range ds[:i] {
			parts = append(parts, notTrue(e))
		}
		where := make([]ast.Expr, 0, len(cs)+len(parts))
		where = append(where, cs[:k]...)
		where = append(where, parts...)
		where = append(where, cs[k+1:]...)
		m := &ast.Match{Span: p.Span, Pattern: p, Where: andOf(where)}
		body, cols, err := buildBranch(b, []ast.Clause{m, ret}, sc.clone())
		if err != nil {
			return op, err
		}
		if i == 0 {
			op.Body, op.Columns = body, cols
		} else {
			op.Union = append(op.Union, body)
		}
	}
	for _, n := range pv.names {
		sc.add(n, pv.kinds[n])
	}
	return op, nil
}
