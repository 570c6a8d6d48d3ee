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
// less one when r1 is a self-loop of b, and every other rule reading the
// degree applies whatever MATCH the two hops were written in.
//
// It returns the Degree (into a fresh column) followed by the projection
// of the corrected count into into and, with dropZero (under a MATCH, no
// row for a node with nothing to count, and an aggregation with keys,
// whose group would otherwise appear), a filter dropping the rows it
// leaves at zero.
// ok is false for an undirected hop (a self-loop is then one relationship
// seen from both ends) and for names in distinct that are not
// relationships bound by a single-hop expansion among before.
func (b *builder) uniqueDegree(before []logical.Op, o logical.Expand, into string, matchOnly, dropZero bool) (ops []logical.Op, ok bool) {
	end := ""
	switch o.Dir {
	case ast.DirRight:
		end = "startNode"
	case ast.DirLeft:
		end = "endNode"
	default:
		return nil, false
	}
	raw := b.fresh("deg")
	count := ast.Expr(&ast.Variable{Name: raw})
	for _, d := range o.Distinct {
		if !slices.ContainsFunc(before, func(op logical.Op) bool {
			e, ok := op.(logical.Expand)
			return ok && e.Rel == d
		}) {
			return nil, false
		}
		leaves := ast.Expr(&ast.Comparison{Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{
			&ast.FunctionCall{Name: end, Args: []ast.Expr{&ast.Variable{Name: d}}}, &ast.Variable{Name: o.From}}})
		if len(o.Types) > 0 {
			var types []ast.Expr
			for _, t := range o.Types {
				types = append(types, &ast.Literal{Kind: ast.LitString, Str: t})
			}
			leaves = &ast.Binary{Op: ast.OpAnd, Left: leaves, Right: &ast.In{
				Expr: &ast.FunctionCall{Name: "type", Args: []ast.Expr{&ast.Variable{Name: d}}}, List: &ast.ListLiteral{Items: types}}}
		}
		one := &ast.Case{Whens: []*ast.CaseWhen{{When: leaves, Then: intLit(ast.Span{}, 1)}}, Else: intLit(ast.Span{}, 0)}
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
