package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// uniqueDegree is the degree read of an expansion that must differ from
// relationships bound before it (relationship uniqueness within a MATCH,
// or r2 <> r1 across two: see pushdownUniqueness). A relationship bound
// earlier is among the ones the expansion from `from` would enumerate
// exactly when it leaves `from` the expansion's way (its start node is
// `from` for an outgoing hop, its end node for an incoming one) and has
// one of the hop's types; each such one is counted once by the stored
// degree and must not be. So the count is the degree less one for each
// of them: `(a)-[r1]->(b)-[r2]->(c) RETURN b, count(*)` is b's out-degree
// less one when r1 is a self-loop of b (a = b: where the earlier
// expansion's direction names the end, the test compares nodes and reads
// no relationship; a type test is added only where the types written do
// not settle it), and every other rule reading the degree applies
// whatever MATCH the two hops were written in.
//
// It returns the Degree (into a fresh column) followed by the projection
// of the corrected count into into and, with dropZero (under a MATCH, no
// row for a node with nothing to count, and an aggregation with keys,
// whose group would otherwise appear), a filter dropping the rows it
// leaves at zero.
// The relationships of the row in outer (see outer_rel_degree.go) are
// taken off the same way, one when the hop enumerates it.
// An undirected hop enumerates every relationship at `from` once, a
// self-loop too (as the stored degree both ways counts it), so a
// relationship bound before is among them exactly when `from` is one of
// its ends (incidentTo).
// ok is false for names in distinct that are not relationships bound by
// a single-hop expansion among before.
func (b *builder) uniqueDegree(before []logical.Op, o logical.Expand, into string, matchOnly, dropZero bool, outer []string) (ops []logical.Op, ok bool) {
	end := ""
	switch o.Dir {
	case ast.DirRight:
		end = "startNode"
	case ast.DirLeft:
		end = "endNode"
	}
	raw := b.fresh("deg")
	count := ast.Expr(&ast.Variable{Name: raw})
	for _, d := range o.Distinct {
		k := slices.IndexFunc(before, func(op logical.Op) bool {
			e, ok := op.(logical.Expand)
			return ok && e.Rel == d
		})
		if k < 0 {
			return nil, false
		}
		e := before[k].(logical.Expand)
		leaves, ok := leavesThrough(e, end, o.From)
		if end == "" {
			leaves, ok = incidentTo(e, o.From), true
		}
		if !ok {
			continue // never one the hop counts
		}
		switch ts := typesTest(e.Types, o.Types); {
		case ts == nil:
			continue
		case len(ts) > 0:
			var types []ast.Expr
			for _, t := range ts {
				types = append(types, &ast.Literal{Kind: ast.LitString, Str: t})
			}
			typed := &ast.In{Expr: &ast.FunctionCall{Name: "type", Args: []ast.Expr{&ast.Variable{Name: d}}}, List: &ast.ListLiteral{Items: types}}
			if leaves == nil {
				leaves = typed
			} else {
				leaves = &ast.Binary{Op: ast.OpAnd, Left: leaves, Right: typed}
			}
		}
		var one ast.Expr = intLit(ast.Span{}, 1)
		if leaves != nil {
			one = &ast.Case{Whens: []*ast.CaseWhen{{When: leaves, Then: intLit(ast.Span{}, 1)}}, Else: intLit(ast.Span{}, 0)}
		}
		count = &ast.Binary{Op: ast.OpSub, Left: count, Right: one}
	}
	for _, r := range outer {
		one := &ast.Case{Whens: []*ast.CaseWhen{{When: outerRelCounted(o, r), Then: intLit(ast.Span{}, 1)}}, Else: intLit(ast.Span{}, 0)}
		count = &ast.Binary{Op: ast.OpSub, Left: count, Right: one}
	}
	ops = []logical.Op{
		logical.Degree{Var: o.From, Dir: o.Dir, Types: o.Types, Into: raw, KeepZero: !matchOnly},
		logical.Project{Items: []logical.Item{{Expr: count, Name: into}}, Note: "the degree less the relationships bound before that it counts"},
	}
	if dropZero {
		ops = append(ops, logical.Filter{Pred: &ast.Comparison{Ops: []ast.CompareOp{ast.CmpGt}, Operands: []ast.Expr{&ast.Variable{Name: into}, intLit(ast.Span{}, 0)}}})
	}
	return ops, true
}

// leavesThrough is the test that the relationship e binds has node from
// at its end named by end ("startNode" or "endNode"): nil when it always
// has (the expansion binds it from there), ok false when it never can,
// and otherwise a comparison of nodes when e's direction names that end
// (no relationship is read), else of end(rel) with from.
func leavesThrough(e logical.Expand, end, from string) (test ast.Expr, ok bool) {
	node := ""
	switch {
	case e.Dir == ast.DirRight && end == "startNode", e.Dir == ast.DirLeft && end == "endNode":
		node = e.From
	case e.Dir == ast.DirRight && end == "endNode", e.Dir == ast.DirLeft && end == "startNode":
		node = e.To
	default:
		return &ast.Comparison{Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{
			&ast.FunctionCall{Name: end, Args: []ast.Expr{&ast.Variable{Name: e.Rel}}}, &ast.Variable{Name: from}}}, true
	}
	if node == from {
		return nil, true
	}
	return &ast.Comparison{Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{&ast.Variable{Name: node}, &ast.Variable{Name: from}}}, true
}

// incidentTo is the test that the relationship e binds has node from at
// one of its ends: nil when it always has (from is one of the nodes e
// joins), else a comparison of from with the nodes e joins (no
// relationship is read).
func incidentTo(e logical.Expand, from string) ast.Expr {
	if e.From == from || e.To == from {
		return nil
	}
	eq := func(n string) ast.Expr {
		return &ast.Comparison{Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{&ast.Variable{Name: n}, &ast.Variable{Name: from}}}
	}
	return &ast.Binary{Op: ast.OpOr, Left: eq(e.From), Right: eq(e.To)}
}

// typesTest is the types a relationship of types have (all when none)
// must be tested against for it to be one of hop's (all when none): an
// empty list when no test is needed, nil when it never is one.
func typesTest(have, hop []string) []string {
	if len(hop) == 0 {
		return []string{}
	}
	if len(have) == 0 {
		return hop
	}
	var common []string
	for _, t := range have {
		if slices.Contains(hop, t) {
			common = append(common, t)
		}
	}
	switch {
	case len(common) == 0:
		return nil
	case len(common) == len(have):
		return []string{}
	}
	return common
}
