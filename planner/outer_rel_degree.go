package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// A pattern counted per row, `MATCH (a)-[r]->(b) RETURN COUNT {
// (b)-[q]->() WHERE q <> r }` (likewise an OPTIONAL MATCH of the hop
// counted by count(q), which is planned as that count), counts the
// relationships of b's hop less those equal to r: the hop's degree less
// one when r is itself one the hop enumerates from b, else the degree.
// r is a relationship variable of the row (bodyRels), so it is a single
// relationship or null: when null, `q <> r` is null on every row and the
// count is 0, which the test `r IS NOT NULL` left in the conjunct's place
// keeps. Otherwise r is enumerated by the hop, once, exactly when it
// leaves b the hop's way (its start node is b for an outgoing hop, its end
// node for an incoming one, either for an undirected one, which reads a
// self-loop once as the degree counts it) and has one of the hop's types.
// So the rule reads a degree and a membership test of r per row where the
// body enumerated b's relationships (see degreeFor and uniqueDegree).

// outerRelTests splits a filter tested on the rows of expansion o into
// the names of the row's relationships its conjuncts `o.Rel <> r` (or
// `NOT o.Rel = r`, `id(o.Rel) <> id(r)`, likewise elementId) compare the
// hop's relationship with, and the filter that is left: each such
// conjunct replaced by `r IS NOT NULL`. ok is false when there is none.
func (b *builder) outerRelTests(f logical.Filter, o logical.Expand) (outer []string, rest logical.Filter, ok bool) {
	if b.bodyRels == nil || o.Rel == "" || f.Subst != nil || f.Vectorised {
		return nil, f, false
	}
	cs := conjuncts(f.Pred)
	out := make([]ast.Expr, len(cs))
	for k, c := range cs {
		out[k] = c
		x, y, kind := uniquenessVars(c)
		if kind != relsDiffer {
			continue
		}
		if y == o.Rel {
			x, y = y, x
		}
		if x != o.Rel || !b.bodyRels[y] || slices.Contains(outer, y) {
			continue
		}
		outer = append(outer, y)
		out[k] = &ast.IsNull{Expr: &ast.Variable{Name: y}, Not: true}
	}
	if len(outer) == 0 {
		return nil, f, false
	}
	f.Pred = andOf(out)
	return outer, f, true
}

// outerRelCounted is the test that r, a relationship of the row (never
// null where it is read), is one the hop o enumerates from o.From.
func outerRelCounted(o logical.Expand, r string) ast.Expr {
	end := func(fn string) ast.Expr {
		return &ast.Comparison{Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{
			&ast.FunctionCall{Name: fn, Args: []ast.Expr{&ast.Variable{Name: r}}}, &ast.Variable{Name: o.From}}}
	}
	var test ast.Expr
	switch o.Dir {
	case ast.DirRight:
		test = end("startNode")
	case ast.DirLeft:
		test = end("endNode")
	default:
		test = &ast.Binary{Op: ast.OpOr, Left: end("startNode"), Right: end("endNode")}
	}
	if len(o.Types) > 0 {
		var types []ast.Expr
		for _, t := range o.Types {
			types = append(types, &ast.Literal{Kind: ast.LitString, Str: t})
		}
		test = &ast.Binary{Op: ast.OpAnd, Left: test, Right: &ast.In{Expr: &ast.FunctionCall{Name: "type", Args: []ast.Expr{&ast.Variable{Name: r}}}, List: &ast.ListLiteral{Items: types}}}
	}
	return test
}

// rowRels lists the variables of env held as relationships.
func rowRels(env *regEnv) map[string]bool {
	out := map[string]bool{}
	for name, s := range env.vars {
		if s.kind == slotRel {
			out[name] = true
		}
	}
	return out
}

// scopeRels lists the relationship variables of sc, as rowRels lists
// those of the row the code generated for sc holds.
func scopeRels(sc *scope) map[string]bool {
	out := map[string]bool{}
	for name, k := range sc.vars {
		if k == kindRel {
			out[name] = true
		}
	}
	return out
}
