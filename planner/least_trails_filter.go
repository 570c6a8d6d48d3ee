package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// leastTrailsFilter lets leastTrails search a variable-length relationship
// whose path a filter tests before its least length is read: MATCH p =
// (a)-[*1..3]-(b) WHERE all(x IN nodes(p)[1..-1] WHERE x.k > 0) WITH b,
// min(length(p)). It returns ops without the filter's conjuncts that can
// be the search's pre-filter, and those conjuncts.
//
// Why it is exact. The rows that reach the aggregation are the trails
// that pass the conjuncts; their least length per pair of end nodes is
// that of the search that tests each trail in order of length and
// selects the first (every trail of that length, for leastReads' all)
// that passes: the pre-filtered search of trails (vm kShortest), which a
// ShortestPath with a Pred runs. A conjunct moves only when it cannot
// raise an error (the search tests fewer trails than the expansion: an
// error on a trail it does not reach would be lost): a quantifier over
// the path's nodes or relationships (whole, tail() or sliced by
// literals) whose test cannot fail on a node or relationship
// (neverFails), or a conjunct that cannot fail at all; and only when it
// reads nothing but the path, variables bound before the expansion and
// its end nodes (not the relationship list, which the search does not
// bind: a quantifier over the list reads relationships(p) instead, the
// same relationships in the same order).
func (b *builder) leastTrailsFilter(ops []logical.Op, i, pb int) ([]logical.Op, ast.Expr, bool) {
	o := ops[i].(logical.VarExpand)
	p := ops[pb].(logical.PathBind).Var
	at := pb + 1
	if at >= len(ops) {
		return nil, nil, false
	}
	f, ok := ops[at].(logical.Filter)
	if !ok || f.Subst != nil || f.Vectorised {
		return nil, nil, false
	}
	entities := map[string]bool{o.From: true, o.To: true}
	cs := conjuncts(f.Pred)
	ms := make([]ast.Expr, len(cs))
	for k, c := range cs {
		ms[k] = c
		if o.RelList != "" {
			ms[k], _ = rewriteExpr(c, relListAsPath(o.RelList, p))
		}
	}
	// The kinds of properties prove a conjunct cannot fail only when
	// they prove every conjunct cannot: a conjunct the search tests
	// first would otherwise hide the error of one that stays after it
	// (row-at-a-time evaluation tests the ones that may fail in their
	// written order, see deciding_operands.go).
	kinds := b.kinds()
	for _, m := range ms {
		if kinds != nil && !pathTestNeverFails(m, p, entities, kinds) {
			kinds = nil
		}
	}
	var moved, rest []ast.Expr
	for k, c := range cs {
		m := ms[k]
		if b.pathPreFilter(m, p, o.RelList, entities, kinds) {
			moved = append(moved, m)
		} else {
			rest = append(rest, c)
		}
	}
	if len(moved) == 0 {
		return nil, nil, false
	}
	out := append([]logical.Op(nil), ops...)
	if len(rest) == 0 {
		out = replace(out, at, 1)
	} else {
		f.Pred = andOf(rest)
		out[at] = f
	}
	return out, andOf(moved), true
}

// pathPreFilter reports whether conjunct c may be the pre-filter of the
// search of path p's least trails (see leastTrailsFilter).
func (b *builder) pathPreFilter(c ast.Expr, p, relList string, entities map[string]bool, kinds kindsOf) bool {
	s := newVarSet()
	addExprVars(c, &s)
	if s.all || s.aggs || !s.names[p] {
		return false
	}
	local := localOnly(c)
	for n := range s.names {
		if !local[n] && n == relList && relList != "" {
			return false
		}
	}
	return pathTestNeverFails(c, p, entities, kinds)
}

// pathTestNeverFails reports whether c cannot raise an error: a
// conjunction of quantifiers over p's nodes or relationships whose tests
// cannot fail, or a predicate neverFails accepts (knowing kinds, see
// neverFailsKinds).
func pathTestNeverFails(c ast.Expr, p string, entities map[string]bool, kinds kindsOf) bool {
	switch x := c.(type) {
	case *ast.Binary:
		if x.Op == ast.OpAnd {
			return pathTestNeverFails(x.Left, p, entities, kinds) && pathTestNeverFails(x.Right, p, entities, kinds)
		}
	case *ast.Quantifier:
		if x.Var == nil || !pathElements(x.In, p) {
			return false
		}
		inner := make(map[string]bool, len(entities)+1)
		for n, v := range entities {
			inner[n] = v
		}
		inner[x.Var.Name] = true
		return x.Where != nil && neverFailsKinds(x.Where, inner, kinds)
	}
	return neverFailsKinds(c, entities, kinds)
}

// pathElements reports whether e is nodes(p) or relationships(p), whole,
// as tail() or sliced by integer literals: a list of nodes or of
// relationships, which cannot fail.
func pathElements(e ast.Expr, p string) bool {
	switch x := e.(type) {
	case *ast.Slice:
		for _, bound := range []ast.Expr{x.From, x.To} {
			if bound == nil {
				continue
			}
			if l, ok := bound.(*ast.Literal); !ok || l.Kind != ast.LitInt {
				if u, ok := bound.(*ast.Unary); !ok || u.Op != ast.OpNeg || !isIntLiteral(u.Expr) {
					return false
				}
			}
		}
		return pathElements(x.Expr, p)
	case *ast.FunctionCall:
		if len(x.Namespace) > 0 || len(x.Args) != 1 || x.Distinct {
			return false
		}
		switch strings.ToLower(x.Name) {
		case "nodes", "relationships":
			v, ok := x.Args[0].(*ast.Variable)
			return ok && v.Name == p
		case "tail":
			return pathElements(x.Args[0], p)
		}
	}
	return false
}

func isIntLiteral(e ast.Expr) bool {
	l, ok := e.(*ast.Literal)
	return ok && l.Kind == ast.LitInt
}

// relListAsPath rewrites a quantifier over the expansion's relationship
// list rs into one over relationships(p), which the search binds.
func relListAsPath(rs, p string) exprRewrite {
	return func(e ast.Expr) (ast.Expr, bool) {
		q, ok := e.(*ast.Quantifier)
		if !ok {
			return e, false
		}
		if v, ok := q.In.(*ast.Variable); !ok || v.Name != rs {
			return e, false
		}
		c := *q
		c.In = &ast.FunctionCall{Span: q.In.NodeSpan(), Name: "relationships", Args: []ast.Expr{&ast.Variable{Span: q.In.NodeSpan(), Name: p}}}
		return &c, true
	}
}
