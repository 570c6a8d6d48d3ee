package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
)

// Renaming variables in clauses, for the rules that move a projection
// (see postponeProjections). Each function returns a copy that names
// variable v as m[v], sharing the parts that name none; ok is false when
// the clause names a variable m has no entry for, or holds an expression
// the renaming does not follow (a reduce, quantifier or comprehension
// whose own variable a renamed name would be captured by, a subquery
// unless the renaming follows nested scopes: see renaming, a COLLECT
// subquery): the caller then leaves it as it is.

// renameClause renames the variables of a MATCH or UNWIND clause.
func renameClause(c ast.Clause, m map[string]string) (ast.Clause, bool) {
	return renaming{m: m}.clause(c)
}

// renaming renames variables: m maps each name a renamed expression may
// read to its new name. With seen not nil it also renames in nested
// scopes (subqueries, pattern predicates and comprehensions), whose own
// variables keep their names: seen holds the names in scope where the
// result is read, which a nested scope's own variable must not have
// (nor a name m maps to), or the outer variable would capture it.
//
// sub, when set, replaces each variable it names (that m does not, so
// that a nested scope's own variable of the same name shadows it) by an
// expression that reads no variable, in expression positions only (a
// node or relationship variable m does not name still fails).
type renaming struct {
	m    map[string]string
	seen map[string]bool
	sub  map[string]ast.Expr
}

// with is r renaming by m.
func (r renaming) with(m map[string]string) renaming {
	return renaming{m: m, seen: r.seen, sub: r.sub}
}

func (r renaming) clause(c ast.Clause) (ast.Clause, bool) {
	m := r.m
	switch x := c.(type) {
	case *ast.Match:
		p, ok := r.pattern(x.Pattern)
		if !ok {
			return nil, false
		}
		out := *x
		out.Pattern = p
		if x.Where != nil {
			if out.Where, ok = r.expr(x.Where); !ok {
				return nil, false
			}
		}
		return &out, true
	case *ast.Unwind:
		e, ok := r.expr(x.Expr)
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
	return renaming{m: m}.pattern(p)
}

func (r renaming) pattern(p *ast.Pattern) (*ast.Pattern, bool) {
	if p == nil {
		return nil, true
	}
	out := &ast.Pattern{Span: p.Span}
	for _, part := range p.Parts {
		np := *part
		var ok bool
		if np.Var, ok = renameVar(part.Var, r.m); !ok || part.Element == nil {
			return nil, false
		}
		if np.Element, ok = r.element(part.Element); !ok {
			return nil, false
		}
		out.Parts = append(out.Parts, &np)
	}
	return out, true
}

// element renames the variables of a pattern element.
func (r renaming) element(e *ast.PatternElement) (*ast.PatternElement, bool) {
	m := r.m
	var ok bool
	el := &ast.PatternElement{Span: e.Span}
	for _, n := range e.Nodes {
		nn := *n
		if nn.Var, ok = renameVar(n.Var, m); !ok {
			return nil, false
		}
		if nn.Props, ok = r.optional(n.Props); !ok {
			return nil, false
		}
		if nn.Where, ok = r.optional(n.Where); !ok {
			return nil, false
		}
		el.Nodes = append(el.Nodes, &nn)
	}
	for _, rel := range e.Rels {
		if rel.Group != nil {
			return nil, false
		}
		nr := *rel
		if nr.Var, ok = renameVar(rel.Var, m); !ok {
			return nil, false
		}
		if nr.Props, ok = r.optional(rel.Props); !ok {
			return nil, false
		}
		if nr.Where, ok = r.optional(rel.Where); !ok {
			return nil, false
		}
		el.Rels = append(el.Rels, &nr)
	}
	return el, true
}

func (r renaming) optional(e ast.Expr) (ast.Expr, bool) {
	if e == nil {
		return nil, true
	}
	return r.expr(e)
}

// renameExpr renames the variables of e: every expression but a COLLECT
// subquery (and, unless the renaming follows nested scopes, the other
// subqueries and pattern predicates) is followed, CASE, indexes, slices,
// type tests, map projections and reduce included, so that a wrap such as
// CASE WHEN p THEN true ELSE false END moves with the clause it is in.
func renameExpr(e ast.Expr, m map[string]string) (ast.Expr, bool) {
	return renaming{m: m}.expr(e)
}

func (r renaming) expr(e ast.Expr) (ast.Expr, bool) {
	m := r.m
	all := r.all
	switch x := e.(type) {
	case *ast.Literal, *ast.Parameter:
		return e, true
	case *ast.Variable:
		if _, renamed := m[x.Name]; !renamed {
			if e, ok := r.sub[x.Name]; ok {
				return e, true
			}
		}
		v, ok := renameVar(x, m)
		return v, ok
	case *ast.Property:
		in, ok := r.expr(x.Expr)
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
			v, ok := r.expr(en.Value)
			if !ok {
				return nil, false
			}
			ne := *en
			ne.Value = v
			c.Entries = append(c.Entries, &ne)
		}
		return &c, true
	case *ast.Binary:
		l, ok1 := r.expr(x.Left)
		r, ok2 := r.expr(x.Right)
		c := *x
		c.Left, c.Right = l, r
		return &c, ok1 && ok2
	case *ast.Unary:
		in, ok := r.expr(x.Expr)
		c := *x
		c.Expr = in
		return &c, ok
	case *ast.Comparison:
		ops, ok := all(x.Operands)
		c := *x
		c.Operands = ops
		return &c, ok
	case *ast.IsNull:
		in, ok := r.expr(x.Expr)
		c := *x
		c.Expr = in
		return &c, ok
	case *ast.StringMatch:
		l, ok1 := r.expr(x.Left)
		r, ok2 := r.expr(x.Right)
		c := *x
		c.Left, c.Right = l, r
		return &c, ok1 && ok2
	case *ast.In:
		l, ok1 := r.expr(x.Expr)
		r, ok2 := r.expr(x.List)
		c := *x
		c.Expr, c.List = l, r
		return &c, ok1 && ok2
	case *ast.FunctionCall:
		args, ok := all(x.Args)
		c := *x
		c.Args = args
		return &c, ok
	case *ast.LabelPredicate:
		in, ok := r.expr(x.Expr)
		c := *x
		c.Expr = in
		return &c, ok
	case *ast.TypePredicate:
		in, ok := r.expr(x.Expr)
		c := *x
		c.Expr = in
		return &c, ok
	case *ast.Index:
		in, ok1 := r.expr(x.Expr)
		ix, ok2 := r.expr(x.Index)
		c := *x
		c.Expr, c.Index = in, ix
		return &c, ok1 && ok2
	case *ast.Slice:
		in, ok1 := r.expr(x.Expr)
		from, ok2 := r.optional(x.From)
		to, ok3 := r.optional(x.To)
		c := *x
		c.Expr, c.From, c.To = in, from, to
		return &c, ok1 && ok2 && ok3
	case *ast.Case:
		c := *x
		var ok bool
		if c.Subject, ok = r.optional(x.Subject); !ok {
			return nil, false
		}
		if c.Else, ok = r.optional(x.Else); !ok {
			return nil, false
		}
		c.Whens = make([]*ast.CaseWhen, len(x.Whens))
		for i, w := range x.Whens {
			nw := *w
			if nw.When, ok = r.expr(w.When); !ok {
				return nil, false
			}
			if nw.Then, ok = r.expr(w.Then); !ok {
				return nil, false
			}
			c.Whens[i] = &nw
		}
		return &c, true
	case *ast.MapProjection:
		// The items keep their keys: `w {.id, w}` renamed is `a {.id, w: a}`.
		v, ok := renameVar(x.Var, m)
		if !ok {
			return nil, false
		}
		c := *x
		c.Var = v
		c.Items = make([]*ast.MapProjectionItem, len(x.Items))
		for i, it := range x.Items {
			ni := *it
			if it.Expr != nil {
				if ni.Expr, ok = r.expr(it.Expr); !ok {
					return nil, false
				}
			}
			c.Items[i] = &ni
		}
		return &c, true
	case *ast.Reduce:
		init, ok1 := r.expr(x.Init)
		in, ok2 := r.expr(x.In)
		acc, ok3 := innerRenaming(m, x.Acc)
		if !ok1 || !ok2 || !ok3 || x.Var == nil || x.Var.Name == x.Acc.Name {
			return nil, false
		}
		inner, ok := innerRenaming(acc, x.Var)
		if !ok {
			return nil, false
		}
		c := *x
		c.Init, c.In = init, in
		if c.Expr, ok = r.with(inner).expr(x.Expr); !ok {
			return nil, false
		}
		return &c, true
	case *ast.PatternExpr:
		inner, ok := r.nested(x)
		if !ok {
			return nil, false
		}
		c := *x
		c.Element, ok = inner.element(x.Element)
		return &c, ok
	case *ast.PatternComprehension:
		inner, ok := r.nested(x)
		if !ok {
			return nil, false
		}
		c := *x
		if c.Element, ok = inner.element(x.Element); !ok {
			return nil, false
		}
		if c.Where, ok = inner.optional(x.Where); !ok {
			return nil, false
		}
		c.Map, ok = inner.optional(x.Map)
		return &c, ok
	case *ast.ExistsSubquery:
		c := *x
		return &c, r.subquery(x, &c.Pattern, &c.Where, &c.Query)
	case *ast.CountSubquery:
		c := *x
		return &c, r.subquery(x, &c.Pattern, &c.Where, &c.Query)
	case *ast.Quantifier:
		in, ok := r.expr(x.In)
		inner, ok2 := innerRenaming(m, x.Var)
		if !ok || !ok2 {
			return nil, false
		}
		c := *x
		c.In = in
		if x.Where != nil {
			if c.Where, ok = r.with(inner).expr(x.Where); !ok {
				return nil, false
			}
		}
		return &c, true
	case *ast.ListComprehension:
		in, ok := r.expr(x.In)
		inner, ok2 := innerRenaming(m, x.Var)
		if !ok || !ok2 {
			return nil, false
		}
		c := *x
		c.In = in
		if x.Where != nil {
			if c.Where, ok = r.with(inner).expr(x.Where); !ok {
				return nil, false
			}
		}
		if x.Map != nil {
			if c.Map, ok = r.with(inner).expr(x.Map); !ok {
				return nil, false
			}
		}
		return &c, true
	}
	return nil, false
}

// nested is r inside the nested scope n (a subquery, a pattern predicate
// or comprehension): the names n names that m does not map are n's own
// variables and keep their names. ok is false when r does not rename
// nested scopes, or one of n's own variables has a name in scope outside
// (seen) or a name m maps to, whose variable would capture it.
// subquery renames the parts of an EXISTS or COUNT subquery n in place
// (the pattern and WHERE, or the query), under n's own scope.
func (r renaming) subquery(n ast.Node, pattern **ast.Pattern, where *ast.Expr, query **ast.Query) bool {
	inner, ok := r.nested(n)
	if !ok {
		return false
	}
	if *pattern, ok = inner.pattern(*pattern); !ok {
		return false
	}
	if *where, ok = inner.optional(*where); !ok {
		return false
	}
	*query, ok = inner.query(*query)
	return ok
}

func (r renaming) nested(n ast.Node) (renaming, bool) {
	if r.seen == nil {
		return r, false
	}
	targets := map[string]bool{}
	for _, t := range r.m {
		targets[t] = true
	}
	inner := copyRen(r.m)
	for name := range mentionedNames(n) {
		if _, ok := r.m[name]; ok {
			continue
		}
		if _, ok := r.sub[name]; ok {
			continue
		}
		if r.seen[name] || targets[name] {
			return r, false
		}
		inner[name] = name
	}
	return r.with(inner), true
}

// query renames the variables of a COUNT or EXISTS query made of MATCH
// and UNWIND clauses (nil for none); other queries are not followed.
func (r renaming) query(q *ast.Query) (*ast.Query, bool) {
	if q == nil {
		return nil, true
	}
	if len(q.Parts) != 1 || q.When != nil {
		return nil, false
	}
	part := &ast.SingleQuery{Span: q.Parts[0].Span}
	for _, c := range q.Parts[0].Clauses {
		rc, ok := r.clause(c)
		if !ok {
			return nil, false
		}
		part.Clauses = append(part.Clauses, rc)
	}
	out := *q
	out.Parts = []*ast.SingleQuery{part}
	return &out, true
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
	return renaming{m: m}.all(es)
}

func (r renaming) all(es []ast.Expr) ([]ast.Expr, bool) {
	out := make([]ast.Expr, len(es))
	for i, e := range es {
		var ok bool
		if out[i], ok = r.expr(e); !ok {
			return nil, false
		}
	}
	return out, true
}
