package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// Joins written as conditions: a pattern node that a WHERE equates with a
// node bound before it is that node, whatever the condition's spelling.
// `MATCH (a)-[r]->(b) MATCH (c)-[s]->(d) WHERE c = b`, `... WHERE
// startNode(s) = b` and `... WHERE id(c) = id(b)` all join the second
// clause to b, as `MATCH (b)-[s]->(d)` does; only the last was seen as a
// start (a seek by id), so the others scanned every node for c.
// nodeJoinConds rewrites the first two into the third for the start
// choice (equalities, chooseStart, MATCH ordering); the conditions
// themselves stay as written and are still tested.

// nodeJoinConds returns the conjuncts of where (normalised) with each
// equality of a node of pattern element el (names are its node
// variables) and a node variable of sc, written as v = x,
// startNode(s) = x or endNode(s) = x (either side), added as id(v) =
// id(x). startNode(s) and endNode(s) name v when s is a directed single
// relationship of el between v and the next node.
func nodeJoinConds(where ast.Expr, el *ast.PatternElement, names []string, sc *scope) []ast.Expr {
	if where == nil {
		return nil
	}
	cs := conjuncts(normalizePredicate(where))
	out := cs
	for _, c := range cs {
		cmp, ok := c.(*ast.Comparison)
		if !ok || len(cmp.Ops) != 1 || cmp.Ops[0] != ast.CmpEq {
			continue
		}
		for k := 0; k < 2; k++ {
			v := patternNode(cmp.Operands[k], el, names, sc)
			x, isVar := cmp.Operands[1-k].(*ast.Variable)
			if v == "" || !isVar || x.Name == v || sc.kindOf(x) != kindNode {
				continue
			}
			span := cmp.Span
			idOf := func(name string) ast.Expr {
				return &ast.FunctionCall{Span: span, Name: "id", Args: []ast.Expr{&ast.Variable{Span: span, Name: name}}}
			}
			out = append(out, &ast.Comparison{Span: span, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{idOf(v), idOf(x.Name)}})
			break
		}
	}
	return out
}

// patternNode is the node variable of el (not bound in sc) that e names:
// the variable itself, or startNode(s) / endNode(s) of a directed single
// relationship s of el; "" for none.
func patternNode(e ast.Expr, el *ast.PatternElement, names []string, sc *scope) string {
	name := ""
	switch x := e.(type) {
	case *ast.Variable:
		for _, n := range names {
			if n == x.Name {
				name = n
			}
		}
	case *ast.FunctionCall:
		fn := strings.ToLower(x.Name)
		if len(x.Namespace) > 0 || len(x.Args) != 1 || (fn != "startnode" && fn != "endnode") {
			return ""
		}
		s, ok := x.Args[0].(*ast.Variable)
		if !ok {
			return ""
		}
		for i, r := range el.Rels {
			if r.Var == nil || r.Var.Name != s.Name || r.VarLength != nil || r.Quantified() || r.Group != nil {
				continue
			}
			from, to := i, i+1
			switch r.Direction {
			case ast.DirLeft:
				from, to = i+1, i
			case ast.DirRight:
			default:
				return ""
			}
			if fn == "startnode" {
				name = names[from]
			} else {
				name = names[to]
			}
		}
	}
	if name == "" || sc.has(name) {
		return ""
	}
	return name
}
