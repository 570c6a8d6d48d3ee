package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// The end node's tests ahead of a quantified path's tests that may fail.
//
// A quantified path pattern's inner tests (its nodes' and relationship's
// inline tests, its WHERE) are filters after the expansion, and the
// node the expansion ends at gets its own tests (labels, property map,
// inline WHERE) after them. A filter keeps a row only when every
// conjunct of the clause is true: the conjuncts that cannot fail are
// evaluated first, then the others in their written order
// (deciding_operands.go). So when an inner test may fail:
//
//   - the end node's tests that cannot fail go ahead of the inner tests:
//     one that rejects a trail rejects it before an inner test is
//     evaluated on it;
//   - its tests that may fail stay after them, in their written order.
//
// Placed after the inner tests, a test of the pattern's first node (the
// end node where the plan starts at the last) would let an inner test
// raise its error on trails from nodes the clause rejects, which the plan
// that starts at the first node never reads. (A start whose own tests
// may fail is not taken against the written order: see chooseStart.)

// appendEndFilter appends the tests of node pattern n, bound to name by
// the latest variable-length expansion of m, after the inner tests of
// that expansion's quantified path; those that cannot fail go ahead of
// the first inner test that may fail.
func (b *builder) appendEndFilter(m *patternPlan, n *ast.NodePattern, name string) error {
	nf, err := b.nodeFilter(n, name, m.sc)
	if err != nil || len(nf) == 0 {
		return err
	}
	entities := scopeEntities(m.sc)
	at := b.firstFailingFilter(m.ops, entities)
	if at < 0 {
		m.ops = append(m.ops, nf...)
		return nil
	}
	var first, rest []logical.Op
	for _, op := range nf {
		if f, ok := op.(logical.Filter); ok && !b.filterCannotFail(f, entities) {
			rest = append(rest, op)
			continue
		}
		first = append(first, op)
	}
	ops := append([]logical.Op(nil), m.ops[:at]...)
	ops = append(ops, first...)
	ops = append(ops, m.ops[at:]...)
	m.ops = append(ops, rest...)
	return nil
}

// firstFailingFilter is the index of the first filter after the latest
// variable-length expansion of ops whose test may fail, or -1.
func (b *builder) firstFailingFilter(ops []logical.Op, entities map[string]bool) int {
	last := -1
	for i, op := range ops {
		if _, ok := op.(logical.VarExpand); ok {
			last = i
		}
	}
	if last < 0 {
		return -1
	}
	for i := last + 1; i < len(ops); i++ {
		f, ok := ops[i].(logical.Filter)
		if !ok {
			continue
		}
		if f.Subst != nil || f.Vectorised || b.readsFailingList(f.Pred) {
			return i
		}
		for _, c := range conjuncts(f.Pred) {
			if !iterationTestSafe(c, entities) {
				return i
			}
		}
	}
	return -1
}

// iterationTestSafe reports whether c, an inner test of a quantified
// path as groupFilter writes it, cannot fail: a test that cannot fail
// (neverFails) under all() over a list of the iterations' nodes or
// relationships (a variable), or over one element of such a list at an
// iteration's index (`all(x IN [xs[i]] WHERE ...)`, i from `range(0,
// size(rl) - 1)`), each element a node, a relationship or null.
func iterationTestSafe(c ast.Expr, entities map[string]bool) bool {
	q, ok := c.(*ast.Quantifier)
	if !ok {
		return neverFails(c, entities)
	}
	if q.Kind != ast.QuantAll || q.Var == nil || q.Where == nil {
		return false
	}
	inner := make(map[string]bool, len(entities)+1)
	for k, v := range entities {
		inner[k] = v
	}
	switch in := q.In.(type) {
	case *ast.Variable:
		inner[q.Var.Name] = true
	case *ast.ListLiteral:
		if len(in.Items) != 1 {
			return false
		}
		ix, ok := in.Items[0].(*ast.Index)
		if !ok {
			return false
		}
		if _, ok := ix.Expr.(*ast.Variable); !ok {
			return false
		}
		if _, ok := ix.Index.(*ast.Variable); !ok {
			return false
		}
		inner[q.Var.Name] = true
	case *ast.FunctionCall:
		// range(0, size(rl) - 1): the iterations' indexes
		if in.Name != "range" || len(in.Args) != 2 {
			return false
		}
		delete(inner, q.Var.Name)
	default:
		return false
	}
	return iterationTestSafe(q.Where, inner)
}

// endTestsSafe reports whether the tests of el's own nodes and plain
// relationships (property maps, inline WHEREs; a quantified group's inner
// tests aside, placed by appendEndFilter) cannot fail, with sc's nodes
// and relationships and el's own known. Where the plan starts changes
// which of them are tested on every node a scan binds and which only on
// nodes an expansion reaches, so a plan made to start at the last node
// (Options.StartLast, for differential tests) starts there only then:
// otherwise it starts where the cost model does, as row mode's plan does.
func endTestsSafe(el *ast.PatternElement, sc *scope) bool {
	entities := scopeEntities(sc)
	for _, n := range el.Nodes {
		if n.Var != nil {
			entities[n.Var.Name] = true
		}
	}
	for _, r := range el.Rels {
		if r.Var != nil && r.Group == nil {
			entities[r.Var.Name] = r.VarLength == nil && !r.Quantified()
		}
	}
	for _, n := range el.Nodes {
		if !propsSafe(n.Props, entities) || n.Where != nil && !testSafe(n.Where, entities, nil) {
			return false
		}
	}
	for _, r := range el.Rels {
		if r.Group == nil && (!propsSafe(r.Props, entities) || r.Where != nil && !testSafe(r.Where, entities, nil)) {
			return false
		}
	}
	return true
}
