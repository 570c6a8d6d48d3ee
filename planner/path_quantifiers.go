package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// pathQuantifiers splits a list predicate over a matched path's nodes or
// relationships into one test per element the pattern names:
// `all(x IN nodes(p) WHERE P(x))` with p = (a)-->(b)-->(c) is
// `P(a) AND P(b) AND P(c)`, none(...) the conjunction of NOT P, any(...)
// the disjunction. all, none and any of a list are the AND, the AND of
// the negations and the OR of its elements' tests in three-valued logic
// (false or true wins, else null when a test is null), and nodes(p),
// relationships(p) list exactly the pattern's nodes and relationships in
// order, so the result is the same on every row; the per-variable tests
// are then what the pushdown places at the hop that binds each variable,
// where a filter on the path could only run after the whole path was
// enumerated, and p, read by nothing else, need not be built.
//
// A variable-length relationship is a list of relationships and its
// inner nodes have no variable: for relationships(p) its part is the
// same predicate over the list variable (`all(x IN r WHERE P(x))`); for
// nodes(p), under all and none, the named nodes are tested one by one
// and the predicate stays over the inner nodes only, the slice of
// nodes(p) between the nodes around the one variable-length
// relationship (a path with two or more of them keeps the predicate as
// written). any over a path with a variable-length part stays as it is.
//
// Preconditions, as for pathLengthBounds: the path's PathBind comes
// before the filter with only filters between (p is the path the
// pattern bound); the predicate's variable is renamed without capture.
// It returns the pipeline and whether anything changed.
func pathQuantifiers(pl *logical.Pipeline) (*logical.Pipeline, bool) {
	changed := false
	for i, op := range pl.Ops {
		f, ok := op.(logical.Filter)
		if !ok || f.Subst != nil || f.Vectorised {
			continue
		}
		cs := conjuncts(f.Pred)
		var out []ast.Expr
		split := false
		for _, c := range cs {
			if parts, ok := splitPathQuantifier(pl.Ops, i, c); ok {
				out = append(out, parts...)
				split = true
				continue
			}
			out = append(out, c)
		}
		if !split {
			continue
		}
		f.Pred = andOf(out)
		pl.Ops[i] = f
		changed = true
	}
	return pl, changed
}

// splitPathQuantifier returns the conjuncts that c, a list predicate over
// nodes(p) or relationships(p) in the filter at ops[at], splits into.
func splitPathQuantifier(ops []logical.Op, at int, c ast.Expr) ([]ast.Expr, bool) {
	q, ok := c.(*ast.Quantifier)
	if !ok || q.Where == nil || q.Var == nil || q.Kind == ast.QuantSingle {
		return nil, false
	}
	fc, ok := q.In.(*ast.FunctionCall)
	if !ok || len(fc.Namespace) != 0 || fc.Distinct || len(fc.Args) != 1 {
		return nil, false
	}
	fn := strings.ToLower(fc.Name)
	if fn != "nodes" && fn != "relationships" {
		return nil, false
	}
	p, ok := varName(fc.Args[0])
	if !ok {
		return nil, false
	}
	bind, ok := pathBindBefore(ops, at, p)
	if !ok {
		return nil, false
	}
	lists := 0
	for k := range bind.Rels {
		if k < len(bind.Lists) && bind.Lists[k] {
			lists++
		}
	}
	if lists > 0 && q.Kind == ast.QuantAny {
		return nil, false
	}
	if fn == "nodes" && lists > 1 {
		return nil, false
	}
	var parts []ast.Expr
	test := func(v string) bool {
		t, ok := instance(q, v)
		if ok {
			parts = append(parts, t)
		}
		return ok
	}
	if fn == "nodes" {
		for _, n := range bind.Nodes {
			if !test(n) {
				return nil, false
			}
		}
		if lists == 1 {
			parts = append(parts, innerNodes(q, fc, bind))
		}
	} else {
		for k, r := range bind.Rels {
			if k < len(bind.Lists) && bind.Lists[k] {
				cp := *q
				cp.In = &ast.Variable{Span: fc.Span, Name: r}
				parts = append(parts, &cp)
				continue
			}
			if !test(r) {
				return nil, false
			}
		}
	}
	if q.Kind == ast.QuantAny {
		e := parts[0]
		for _, o := range parts[1:] {
			e = &ast.Binary{Span: q.Span, Op: ast.OpOr, Left: e, Right: o}
		}
		return []ast.Expr{e}, true
	}
	return parts, true
}

// instance is q's test of variable v in place of q's own variable, negated
// under none.
func instance(q *ast.Quantifier, v string) (ast.Expr, bool) {
	m := map[string]string{}
	for name := range exprVars(q.Where) {
		m[name] = name
	}
	m[q.Var.Name] = v
	t, ok := renameExpr(q.Where, m)
	if !ok {
		return nil, false
	}
	if q.Kind == ast.QuantNone {
		return &ast.Unary{Span: q.Span, Op: ast.OpNot, Expr: t}, true
	}
	return t, true
}

// innerNodes is q over the inner nodes of the path's one variable-length
// relationship: nodes(p)[k+1..-(n-k-1)], k the index of the node before
// it and n the number of named nodes.
func innerNodes(q *ast.Quantifier, nodes *ast.FunctionCall, bind logical.PathBind) ast.Expr {
	k := 0
	for i := range bind.Rels {
		if i < len(bind.Lists) && bind.Lists[i] {
			k = i
		}
	}
	sp := nodes.Span
	from := &ast.Literal{Span: sp, Kind: ast.LitInt, Int: int64(k + 1)}
	to := &ast.Literal{Span: sp, Kind: ast.LitInt, Int: -int64(len(bind.Nodes) - k - 1)}
	cp := *q
	cp.In = &ast.Slice{Span: sp, Expr: nodes, From: from, To: to}
	return &cp
}

// pathBindBefore returns the PathBind of path p before ops[at] with only
// filters between them.
func pathBindBefore(ops []logical.Op, at int, p string) (logical.PathBind, bool) {
	for j := at - 1; j >= 0; j-- {
		switch o := ops[j].(type) {
		case logical.PathBind:
			if o.Var == p {
				return o, true
			}
			return logical.PathBind{}, false
		case logical.Filter, logical.NodeFilter, logical.RelFilter:
		default:
			return logical.PathBind{}, false
		}
	}
	return logical.PathBind{}, false
}
