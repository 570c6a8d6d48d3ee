package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
)

// Renaming variables in clauses, for the rules that move a projection
// (see postponeProjections). Each function returns a copy that names
// variable v as m[v], sharing the parts that name none; ok is false when
// the clause names a variable m has no entry for, or holds an expression
// the renaming does not follow (a subquery, a reduce, or a quantifier or
// comprehension whose own variable a renamed name would be captured by):
// the caller then leaves it as it is.

// renameClause renames the variables of a MATCH or UNWIND clause.
func renameClause(c ast.Clause, m map[string]string) (ast.Clause, bool) {
	switch x := c.(type) {
	case *ast.Match:
		p, ok := renamePattern(x.Pattern, m)
		if !ok {
			return nil, false
		}
		out := *x
		out.Pattern = p
		if x.Where != nil {
			if out.Where, ok = renameExpr(x.Where, m); !ok {
				return nil, false
			}
		}
		return &out, true
	case *ast.Unwind:
		e, ok := renameExpr(x.Expr, m)
		if !ok {
			return nil, false
		}
		v, ok := renameVar(x.Var, m)
		if !ok {
			return nil, false
		}
		return &ast.Unwind{Span: x.Span, Expr: e, Var: v}, true
	}
	return nil, false
}

func renameVar(v *ast.Variable, m map[string]string) (*ast.Variable, bool) {
	if v == nil {
		return nil, true
	}
	n, ok := m[v.Name]
	if !ok {
		return nil, false
	}
	if n == v.Name {
		return v, true
	}
	return &ast.Variable{Span: v.Span, Name: n}, true
}

// renamePattern renames the variables of a pattern: node, relationship
// and path variables, and those their property maps and WHERE read.
func renamePattern(p *ast.Pattern, m map[string]string) (*ast.Pattern, bool) {
	if p == nil {
		return nil, true
	}
	out := &ast.Pattern{Span: p.Span}
	for _, part := range p.Parts {
		np := *part
		var ok bool
		if np.Var, ok = renameVar(part.Var, m); !ok || part.Element == nil {
			return nil, false
		}
		el := &ast.PatternElement{Span: part.Element.Span}
		for _, n := range part.Element.Nodes {
			nn := *n
			if nn.Var, ok = renameVar(n.Var, m); !ok {
				return nil, false
			}
			if nn.Props, ok = renameOptional(n.Props, m); !ok {
				return nil, false
			}
			if nn.Where, ok = renameOptional(n.Where, m); !ok {
				return nil, false
			}
			el.Nodes = append(el.Nodes, &nn)
		}
		for _, r := range part.Element.Rels {
			if r.Group != nil {
				return nil, false
			}
			nr := *r
			if nr.Var, ok = renameVar(r.Var, m); !ok {
				return nil, false
			}
			if nr.Props, ok = renameOptional(r.Props, m); !ok {
				return nil, false
			}
			if nr.Where, ok = renameOptional(r.Where, m); !ok {
				return nil, false
			}
			el.Rels = append(el.Rels, &nr)
		}
		np.Element = el
		out.Parts = append(out.Parts, &np)
	}
	return out, true
}

func renameOptional(e ast.Expr, m map[string]string) (ast.Expr, bool) {
	if e == nil {
		return nil, true
	}
	return renameExpr(e, m)
}

// renameExpr renames the variables of e, an expression built of
// literals, parameters, variables, properties, lists, maps, operators,
// comparisons, string matches, IN, null and label tests, and function
// calls (aggregates included).
func renameExpr(e ast.Expr, m map[string]string) (ast.Expr, bool) {
	all := func(es []ast.Expr) ([]ast.Expr, bool) { return renameAll(es, m) }
	switch x := e.(type) {
	case *ast.Literal, *ast.Parameter:
		return e, true
	case *ast.Variable:
		v, ok := renameVar(x, m)
		return v, ok
	case *ast.Property:
		in, ok := renameExpr(x.Expr, m)
		c := *x
		c.Expr = in
		return &c, ok
	case *ast.ListLiteral:
		items, ok := all(x.Items)
		c := *x
		c.Items = items
		return &c, ok
	case *ast.MapLiteral:
		c := *x
		c.Entries = nil
		for _, en := range x.Entries {
			v, ok := renameExpr(en.Value, m)
			if !ok {
				return nil, false
			}
			ne := *en
			ne.Value = v
			c.Entries = append(c.Entries, &ne)
		}
		return &c, true
	case *ast.Binary:
		l, ok1 := renameExpr(x.Left, m)
		r, ok2 := renameExpr(x.Right, m)
		c := *x
		c.Left, c.Right = l, r
		return &c, ok1 && ok2
	case *ast.Unary:
		in, ok := renameExpr(x.Expr, m)
		c := *x
		c.Expr = in
		return &c, ok
	case *ast.Comparison:
		ops, ok := all(x.Operands)
		c := *x
		c.Operands = ops
		return &c, ok
	case *ast.IsNull:
		in, ok := renameExpr(x.Expr, m)
		c := *x
		c.Expr = in
		return &c, ok
	case *ast.StringMatch:
		l, ok1 := renameExpr(x.Left, m)
		r, ok2 := renameExpr(x.Right, m)
		c := *x
		c.Left, c.Right = l, r
		return &c, ok1 && ok2
	case *ast.In:
		l, ok1 := renameExpr(x.Expr, m)
		r, ok2 := renameExpr(x.List, m)
		c := *x
		c.Expr, c.List = l, r
		return &c, ok1 && ok2
	case *ast.FunctionCall:
		args, ok := all(x.Args)
		c := *x
		c.Args = args
		return &c, ok
	case *ast.LabelPredicate:
		in, ok := renameExpr(x.Expr, m)
		c := *x
		c.Expr = in
		return &c, ok
	case *ast.Quantifier:
		in, ok := renameExpr(x.In, m)
		inner, ok2 := innerRenaming(m, x.Var)
		if !ok || !ok2 {
			return nil, false
		}
		c := *x
		c.In = in
		if x.Where != nil {
			if c.Where, ok = renameExpr(x.Where, inner); !ok {
				return nil, false
			}
		}
		return &c, true
	case *ast.ListComprehension:
		in, ok := renameExpr(x.In, m)
		inner, ok2 := innerRenaming(m, x.Var)
		if !ok || !ok2 {
			return nil, false
		}
		c := *x
		c.In = in
		if x.Where != nil {
			if c.Where, ok = renameExpr(x.Where, inner); !ok {
				return nil, false
			}
		}
		if x.Map != nil {
			if c.Map, ok = renameExpr(x.Map, inner); !ok {
				return nil, false
			}
		}
		return &c, true
	}
	return nil, false
}

// innerRenaming is m inside an expression that binds v of its own (a
// quantifier's or comprehension's variable): v keeps its name, and
// shadows the entry of m for it; ok is false when m renames another
// variable to v's name, which v would capture.
func innerRenaming(m map[string]string, v *ast.Variable) (map[string]string, bool) {
	if v == nil {
		return nil, false
	}
	out := make(map[string]string, len(m)+1)
	for k, n := range m {
		if n == v.Name && k != v.Name {
			return nil, false
		}
		out[k] = n
	}
	out[v.Name] = v.Name
	return out, true
}

// renameAll renames the variables of each expression of es.
func renameAll(es []ast.Expr, m map[string]string) ([]ast.Expr, bool) {
	out := make([]ast.Expr, len(es))
	for i, e := range es {
		var ok bool
		if out[i], ok = renameExpr(e, m); !ok {
			return nil, false
		}
	}
	return out, true
}
