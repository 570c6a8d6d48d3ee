package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// Every spelling of a test on the number of matches of one pattern takes
// one form, so that the decorrelation rules (decorrelate_exists.go) and
// the per-row code see one shape:
//
//   - the pattern predicate (a)-->(b), exists((a)-->(b)),
//     EXISTS { (a)-->(b) WHERE p } and EXISTS { MATCH (a)-->(b) WHERE p }
//     (with at most a RETURN of items that cannot fail) are
//     EXISTS { (a)-->(b) WHERE p };
//   - COUNT { ... } and size([(a)-->(b) WHERE p | x]) (x cannot fail) count
//     the same matches; compared with an integer literal they are a
//     threshold: "at least k matches" or, negated, "fewer than k".
//     k = 1 is EXISTS { } (NOT EXISTS { } negated): COUNT { } > 0,
//     >= 1, <> 0, size([...]) > 0, 0 < COUNT { }; COUNT { } = 0, < 1,
//     <= 0 are NOT EXISTS { }. A larger k is COUNT { ... } >= k (< k
//     negated), which the per-row code stops counting at k.
//
// Each rewrite keeps the result, nulls included: a count is never null
// and an existence test is true or false; and a threshold is rewritten
// only where reading the matches cannot fail (countThreshold), so that
// it raises the errors the count raises.

// patternMatches returns the pattern and WHERE whose matches e's value is
// made of: count reports whether e is their number (COUNT { }, size of a
// pattern comprehension) rather than whether there is one.
func patternMatches(e ast.Expr) (p *ast.Pattern, where ast.Expr, count, ok bool) {
	switch x := e.(type) {
	case *ast.PatternExpr:
		if x.Kind != ast.PathPlain || x.Element == nil {
			return nil, nil, false, false
		}
		return &ast.Pattern{Span: x.Span, Parts: []*ast.PatternPart{{Span: x.Span, Element: x.Element}}}, nil, false, true
	case *ast.ExistsSubquery:
		if x.Pattern != nil {
			return x.Pattern, x.Where, false, true
		}
		p, where, ok = matchOnly(x.Query, false)
		return p, where, false, ok
	case *ast.CountSubquery:
		if x.Pattern != nil {
			return x.Pattern, x.Where, true, true
		}
		p, where, ok = matchOnly(x.Query, true)
		return p, where, true, ok
	case *ast.FunctionCall:
		if len(x.Args) != 1 || len(x.Namespace) > 0 {
			return nil, nil, false, false
		}
		switch strings.ToLower(x.Name) {
		case "exists":
			if pe, isPattern := x.Args[0].(*ast.PatternExpr); isPattern {
				return patternMatches(pe)
			}
		case "size":
			pc, isComp := x.Args[0].(*ast.PatternComprehension)
			if !isComp || pc.Element == nil {
				return nil, nil, false, false
			}
			part := &ast.PatternPart{Span: pc.Span, Var: pc.PathVar, Element: pc.Element}
			p := &ast.Pattern{Span: pc.Span, Parts: []*ast.PatternPart{part}}
			if !safeListElement(pc.Map, p) {
				return nil, nil, false, false
			}
			return p, pc.Where, true, true
		}
	}
	return nil, nil, false, false
}

// matchOnly returns the pattern and WHERE of a subquery that is one
// MATCH clause, optionally followed by a RETURN that changes neither
// whether it has rows nor (for count) how many: items without
// aggregates, DISTINCT (unless counted), ORDER BY, SKIP or LIMIT that
// read only the pattern's variables and cannot fail.
func matchOnly(q *ast.Query, count bool) (*ast.Pattern, ast.Expr, bool) {
	if q == nil || len(q.Parts) != 1 || len(q.When) > 0 {
		return nil, nil, false
	}
	cl := q.Parts[0].Clauses
	if len(cl) == 0 || len(cl) > 2 {
		return nil, nil, false
	}
	m, ok := cl[0].(*ast.Match)
	if !ok || m.Optional || m.Pattern == nil {
		return nil, nil, false
	}
	if len(cl) == 2 {
		r, ok := cl[1].(*ast.Return)
		if !ok || !neutralReturn(r.Projection, m.Pattern, count) {
			return nil, nil, false
		}
	}
	return m.Pattern, m.Where, true
}

// neutralReturn reports whether a subquery's RETURN keeps its rows as
// they are (see matchOnly).
func neutralReturn(p *ast.Projection, pat *ast.Pattern, count bool) bool {
	if p == nil || p.OrderBy != nil || p.Skip != nil || p.Limit != nil || (count && p.Distinct) {
		return false
	}
	names := newVarSet()
	patternVars(pat, &names)
	for _, it := range p.Items {
		ok := false
		switch x := it.Expr.(type) {
		case *ast.Literal, *ast.Parameter:
			ok = true
		case *ast.Variable:
			ok = names.has(x.Name)
		case *ast.Property:
			ok = readsEntity(x, pat)
		}
		if !ok {
			return false
		}
	}
	return true
}

// normalizeSubqueries returns e with every test on a pattern's matches in
// its normal form (see above), through AND, OR, XOR and NOT; e itself
// when nothing changes.
func normalizeSubqueries(e ast.Expr, entities map[string]bool) ast.Expr {
	norm := func(e ast.Expr) ast.Expr { return normalizeSubqueries(e, entities) }
	switch x := e.(type) {
	case *ast.Binary:
		out, _ := mapLogical(e, norm)
		return out
	case *ast.Unary:
		if x.Op != ast.OpNot {
			return e
		}
		in := norm(x.Expr)
		if u, ok := in.(*ast.Unary); ok && u.Op == ast.OpNot {
			if _, isTest := u.Expr.(*ast.ExistsSubquery); isTest {
				return u.Expr // NOT NOT EXISTS { }
			}
		}
		if c, ok := in.(*ast.Comparison); ok && isCountThreshold(c) {
			// NOT (COUNT { } >= k) is COUNT { } < k and back.
			return flipThreshold(c)
		}
		if in != x.Expr {
			c := *x
			c.Expr = in
			return &c
		}
	case *ast.Comparison:
		if t, ok := countThreshold(x, entities); ok {
			return t
		}
	default:
		if t, ok := countedExists(e); ok {
			return norm(t)
		}
		p, where, count, ok := patternMatches(e)
		if !ok || count {
			return e
		}
		if ex, isExists := e.(*ast.ExistsSubquery); isExists && ex.Pattern != nil {
			return e
		}
		return &ast.ExistsSubquery{Span: e.NodeSpan(), Pattern: p, Where: where}
	}
	return e
}

// countThreshold rewrites `count op n` (or `n op count`) with count a
// number of matches and n an integer literal into its normal form; ok is
// false when x is not such a comparison, is already normal, is always
// true or always false (left as written), or when reading the matches
// may fail (see matchesSafe: an existence test stops at the first match,
// where the count would have raised the error of a later one); entities
// are the variables known to hold nodes or relationships (true) or other
// values (false).
func countThreshold(x *ast.Comparison, entities map[string]bool) (ast.Expr, bool) {
	if t, ok := summedCountTest(x, entities); ok {
		return t, true // a sum of counts (summed_counts.go)
	}
	if len(x.Ops) != 1 || !matchesSafe(x.Operands[0], entities) && !matchesSafe(x.Operands[1], entities) {
		return nil, false
	}
	op, l, r := x.Ops[0], x.Operands[0], x.Operands[1]
	if _, _, count, ok := patternMatches(r); ok && count {
		l, r = r, l
		op = map[ast.CompareOp]ast.CompareOp{ast.CmpEq: ast.CmpEq, ast.CmpNe: ast.CmpNe, ast.CmpLt: ast.CmpGt, ast.CmpGt: ast.CmpLt, ast.CmpLe: ast.CmpGe, ast.CmpGe: ast.CmpLe}[op]
	}
	p, where, count, ok := patternMatches(l)
	lit, isLit := r.(*ast.Literal)
	if !ok || !count || !isLit || lit.Kind != ast.LitInt {
		return nil, false
	}
	n := lit.Int
	k, negated, _ := rowsAtLeast(op, n)
	switch op {
	case ast.CmpNe:
		if n != 0 {
			return nil, false
		}
		k = 1
	case ast.CmpEq:
		if n != 0 {
			return nil, false
		}
		k, negated = 1, true
	}
	if k <= 0 || n == 1<<63-1 {
		return nil, false // always true, or always false
	}
	sp := x.Span
	if k == 1 {
		var e ast.Expr = &ast.ExistsSubquery{Span: sp, Pattern: p, Where: where}
		if negated {
			e = &ast.Unary{Span: sp, Op: ast.OpNot, Expr: e}
		}
		return e, true
	}
	cmp := ast.CmpGe
	if negated {
		cmp = ast.CmpLt
	}
	if c, isCount := l.(*ast.CountSubquery); isCount && c.Pattern != nil && x.Operands[0] == l && op == cmp && n == k {
		return nil, false // already normal
	}
	return &ast.Comparison{Span: sp, Ops: []ast.CompareOp{cmp}, Operands: []ast.Expr{
		&ast.CountSubquery{Span: l.NodeSpan(), Pattern: p, Where: where},
		&ast.Literal{Span: lit.Span, Kind: ast.LitInt, Int: k},
	}}, true
}

// isCountThreshold reports whether c is a normal-form threshold:
// COUNT { pattern } >= k or < k.
func isCountThreshold(c *ast.Comparison) bool {
	if len(c.Ops) != 1 || (c.Ops[0] != ast.CmpGe && c.Ops[0] != ast.CmpLt) {
		return false
	}
	cs, ok := c.Operands[0].(*ast.CountSubquery)
	lit, isLit := c.Operands[1].(*ast.Literal)
	return ok && cs.Pattern != nil && isLit && lit.Kind == ast.LitInt
}

// flipThreshold negates a normal-form threshold.
func flipThreshold(c *ast.Comparison) *ast.Comparison {
	f := *c
	if c.Ops[0] == ast.CmpGe {
		f.Ops = []ast.CompareOp{ast.CmpLt}
	} else {
		f.Ops = []ast.CompareOp{ast.CmpGe}
	}
	return &f
}

// cannotFail reports whether evaluating e never raises an error: a
// literal, a parameter, a variable or a property of a variable.
func cannotFail(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Literal, *ast.Parameter, *ast.Variable:
		return true
	case *ast.Property:
		_, ok := x.Expr.(*ast.Variable)
		return ok
	}
	return false
}

// rowsAtLeast reads "a count of rows op n" for an order comparison as
// "rows >= k", or "rows < k" when negated; ok is false for other
// operators.
func rowsAtLeast(op ast.CompareOp, n int64) (k int64, negated, ok bool) {
	switch op {
	case ast.CmpGt:
		return n + 1, false, true
	case ast.CmpGe:
		return n, false, true
	case ast.CmpLt:
		return n, true, true
	case ast.CmpLe:
		return n + 1, true, true
	}
	return 0, false, false
}
