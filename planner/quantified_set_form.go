package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// qppSetForm is the set form of quantified path pattern g, matched from
// chain node from to node to (backwards, against the pattern's order,
// when reversed): an ExpandChain whose hops are the group's relationships
// in the order the expansion follows them, each with the tests of the
// node it reaches, repeated as the quantifier says, the group's first
// node's tests on the node each repetition starts from. It returns nil
// and the reason when the pattern's tests cannot be made per node: a
// relationship's properties or WHERE, a WHERE relating several of the
// group's elements or one a set frontier could not test safely on any
// node it reaches (see safeTest), an unbounded quantifier (the trails of
// each repetition count are unrolled, see vm's groupEnds).
func (b *builder) qppSetForm(g *ast.QuantifiedPath, reversed bool) (*logical.ExpandChain, string) {
	inner := g.Element
	min, max := quantBounds(g.Quant)
	if max < 0 {
		return nil, "an unbounded quantifier needs a trail search of every length"
	}
	local := map[string]bool{}
	for _, v := range groupVars(inner) {
		local[v.Name] = true
	}
	rels := map[string]bool{}
	for _, r := range inner.Rels {
		if r.Props != nil || r.Where != nil {
			return nil, "relationship properties are checked along each path"
		}
		if _, typeExpr := groupTypes(r); typeExpr != nil {
			return nil, "a type expression beyond A|B is tested on each relationship"
		}
		if r.Var != nil {
			rels[r.Var.Name] = true
		}
	}
	// tests[j]: the labels and tests of the group's node j, read as
	// vars[j].
	type test struct {
		labels ast.LabelExpr
		preds  []ast.Expr
	}
	tests := make([]test, len(inner.Nodes))
	vars := make([]string, len(inner.Nodes))
	byName := map[string]int{}
	for j, n := range inner.Nodes {
		if n.Var != nil {
			byName[n.Var.Name] = j
		}
		if n.Var == nil && n.Props == nil && n.Where == nil {
			tests[j].labels = n.Labels
			continue
		}
		v := elemVar(b, n)
		vars[j] = v.Name
		tests[j].labels = n.Labels
		if ml, ok := n.Props.(*ast.MapLiteral); ok {
			for _, e := range ml.Entries {
				tests[j].preds = append(tests[j].preds, &ast.Comparison{Span: e.Span, Ops: []ast.CompareOp{ast.CmpEq},
					Operands: []ast.Expr{&ast.Property{Span: e.Span, Expr: &ast.Variable{Span: v.Span, Name: v.Name}, Key: e.Key}, e.Value}})
			}
		} else if n.Props != nil {
			return nil, "a node's property map is not a literal map"
		}
		if n.Where != nil {
			tests[j].preds = append(tests[j].preds, conjuncts(n.Where)...)
		}
	}
	if g.Where != nil {
		for _, c := range conjuncts(g.Where) {
			node := -1
			for name := range exprVars(c) {
				if rels[name] {
					return nil, "relationship properties are checked along each path"
				}
			}
			for name := range exprVars(c) {
				j, isNode := byName[name]
				switch {
				case isNode && (node < 0 || node == j):
					node = j
				case isNode || local[name]:
					return nil, "the group's WHERE relates several of its elements"
				}
			}
			if node < 0 {
				// Read by no element: a test of each repetition, made
				// on its first node.
				node = 0
				if vars[0] == "" {
					vars[0] = elemVar(b, inner.Nodes[0]).Name
				}
			}
			tests[node].preds = append(tests[node].preds, c)
		}
	}
	hopTest := func(j int) logical.Hop {
		h := logical.Hop{Labels: tests[j].labels, Var: vars[j]}
		if len(tests[j].preds) > 0 {
			h.Pred = conjunction(g.Span, tests[j].preds)
		}
		return h
	}
	for j := range tests {
		for _, p := range tests[j].preds {
			for name := range exprVars(p) {
				if name != vars[j] && local[name] {
					return nil, "a node's test reads another element of the group"
				}
			}
			if !safeTest(p, vars[j]) {
				return nil, "a node's test is not one a set frontier can make on any node it reaches"
			}
		}
	}
	L := len(inner.Rels)
	chain := &logical.ExpandChain{}
	first := 0
	for i := range L {
		r, reached, dir := inner.Rels[i], i+1, inner.Rels[i].Direction
		if reversed {
			r, reached = inner.Rels[L-1-i], L-1-i
			dir = reverse(r.Direction)
		}
		ts, _ := r.TypeNames()
		h := hopTest(reached)
		h.Dir, h.Types = dir, dedupe(ts)
		chain.Hops = append(chain.Hops, h)
	}
	if reversed {
		first = L
	}
	f := hopTest(first)
	chain.Quant = &logical.ChainQuant{Min: min, Max: max, Labels: f.Labels, Pred: f.Pred, Var: f.Var}
	return chain, ""
}
