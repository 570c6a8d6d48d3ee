package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// normalizeFilters rewrites every filter's predicate into the planner's
// one form (see normalizePredicate), so that the other rules and the
// choice of index seeks see one shape whatever the spelling. It returns
// the pipeline and whether anything changed. known are the nodes and
// relationships bound before the pipeline.
func normalizeFilters(pl *logical.Pipeline, known map[string]bool) (*logical.Pipeline, bool) {
	changed := false
	for i, op := range pl.Ops {
		f, ok := op.(logical.Filter)
		if !ok {
			continue
		}
		entities := entitiesAt(pl.Ops, i)
		for n := range known {
			if _, bound := entities[n]; !bound {
				entities[n] = true
			}
		}
		if n := normalizeSubqueries(normalForm(f.Pred), entities); n != f.Pred {
			f.Pred = n
			pl.Ops[i] = f
			changed = true
		}
	}
	return pl, changed
}

// normalizePredicate returns the condition of a WHERE in normal form
// (normalForm); e itself when it is already normal.
func normalizePredicate(e ast.Expr) ast.Expr {
	return normalForm(e)
}

// normalizeWithPrefixes is normalizePredicate with the prefix tests its
// conjuncts imply added (withPrefixes, where the variables of entities
// are nodes or relationships), so that the choice of its pattern's start
// sees them.
func (b *builder) normalizeWithPrefixes(e ast.Expr, entities map[string]bool) ast.Expr {
	out, _ := b.withPrefixes(normalForm(e), nil, entities, b.kindsWith(nil))
	return out
}

// normalForm returns the condition of a filter (a WHERE, a Filter's
// predicate) in normal form, or e itself when it is already normal:
// first the wraps a filter reads as what they wrap (truthForm), then
// normalizeOperand's rewrites. (A Filter's implied prefix tests are
// added by prefixFunctions, which looks for them in the whole pipeline.)
func normalForm(e ast.Expr) ast.Expr {
	return normalizeOperand(truthForm(e, nil))
}

// normalizeOperand returns e in normal form, or e itself when it is
// already normal. Each rewrite keeps openCypher's three-valued result,
// nulls included:
//
//   - `v = x.p` becomes `x.p = v` (the property of a variable on the left;
//     likewise id(x) and elementId(x));
//   - `x.p IN [v]` becomes `x.p = v`;
//   - `any(i IN list WHERE x.p = i)` becomes `x.p IN list` when x.p does
//     not read i: both are true when some element equals x.p, null when
//     none does but one comparison is null, false otherwise (and false
//     on an empty list, null on a null list);
//   - `none(i IN list WHERE x.p = i)` and `all(i IN list WHERE x.p <> i)`
//     become `NOT x.p IN list`: none(P) is NOT any(P), and all(NOT P) is
//     NOT any(P), in three-valued logic as in two;
//   - `single(i IN list WHERE x.p = i)` becomes `x.p IN list` when the
//     list is written as distinct literals none null (at most one element
//     can then equal x.p, and when x.p is null every comparison is) or as
//     one element of any kind (single and any of one comparison are it);
//   - `s =~ 'lit.*'`, `s =~ '.*lit'` and `s =~ '.*lit.*'` become
//     `s STARTS WITH 'lit'`, `s ENDS WITH 'lit'` and `s CONTAINS 'lit'`,
//     with `AND NOT s CONTAINS '\n'` when the dot stops at newlines
//     (regexForm); `any(i IN range(0, size(s) - k) WHERE substring(s, i,
//     k) = 'lit')` becomes `s CONTAINS 'lit'` where s is a string
//     (substringScanForm), and a word of split(s, 'c') containing one
//     (splitWordsForm);
//   - NOT moves inward to the tests it negates (negation): `NOT NOT p`
//     becomes `p` (NOT null is null), `NOT (p OR q)` `NOT p AND NOT q`
//     and `NOT (p AND q)` `NOT p OR NOT q` (De Morgan holds in
//     three-valued logic), `NOT a = b` `a <> b`, `NOT x IS NULL`
//     `x IS NOT NULL`, and `NOT a < b` `a >= b` where that is exact
//     (see complementExact); else `NOT a < b` stays, a bound a range
//     seek takes with the NaN values (equalities);
//   - `x.p = a OR x.p = b OR x.p IN [c, d]` becomes `x.p IN [a, b, c, d]`
//     (OR and IN agree in the same way);
//   - `v:A OR v:B` becomes `v:A|B` and `NOT v:A` becomes `v:!A`
//     (labelDisjunction, labelNegation);
//   - a chain `a < x.p <= b` becomes `a < x.p AND x.p <= b` where no
//     operand can fail (chainLinks);
//
// and AND, OR and NOT are normalised operand by operand.
func normalizeOperand(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case *ast.Binary:
		if x.Op == ast.OpOr {
			if in := orChainToIn(x); in != nil {
				return in
			}
			if l := labelDisjunction(x); l != nil {
				return normalizeOperand(l)
			}
		}
		out, _ := mapLogical(e, normalizeOperand)
		return out
	case *ast.Unary:
		if l := labelNegation(x); l != nil {
			return l
		}
		out, _ := mapLogical(e, normalizeOperand)
		if u, ok := out.(*ast.Unary); ok && u.Op == ast.OpNot {
			if n := negation(u); n != nil {
				return n
			}
		}
		return out
	case *ast.Comparison:
		if and := chainLinks(x); and != nil {
			return normalizeOperand(and)
		}
		if len(x.Ops) == 1 && x.Ops[0] == ast.CmpEq && !keyed(x.Operands[0]) && keyed(x.Operands[1]) {
			return &ast.Comparison{Span: x.Span, Ops: x.Ops, Operands: []ast.Expr{x.Operands[1], x.Operands[0]}}
		}
	case *ast.In:
		if l, ok := x.List.(*ast.ListLiteral); ok && len(l.Items) == 1 {
			return normalizeOperand(&ast.Comparison{Span: x.Span, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{x.Expr, l.Items[0]}})
		}
	case *ast.Quantifier:
		if in := anyToIn(x); in != nil {
			return normalizeOperand(in)
		}
		if c := substringScanForm(x); c != nil {
			return c
		}
		if c := splitWordsForm(x); c != nil {
			return c
		}
	case *ast.StringMatch:
		if p, ok := regexForm(x); ok {
			return p
		}
	}
	return e
}

// mapLogical rewrites the operands of an AND, OR, XOR or NOT with f and
// reports whether e is one of these; e itself comes back when f changes
// no operand (or e is not one).
func mapLogical(e ast.Expr, f func(ast.Expr) ast.Expr) (ast.Expr, bool) {
	switch x := e.(type) {
	case *ast.Binary:
		if x.Op != ast.OpAnd && x.Op != ast.OpOr && x.Op != ast.OpXor {
			return e, false
		}
		l, r := f(x.Left), f(x.Right)
		if l == x.Left && r == x.Right {
			return e, true
		}
		c := *x
		c.Left, c.Right = l, r
		return &c, true
	case *ast.Unary:
		if x.Op != ast.OpNot {
			return e, false
		}
		in := f(x.Expr)
		if in == x.Expr {
			return e, true
		}
		c := *x
		c.Expr = in
		return &c, true
	}
	return e, false
}

// keyed reports whether e is what a seek or pushdown keys on: a
// variable's property, id() or elementId().
func keyed(e ast.Expr) bool {
	if _, ok := varProperty(e); ok {
		return true
	}
	_, ok := entityFunc(e)
	return ok
}

// anyToIn rewrites a list quantifier over a membership test into IN:
// any(i IN list WHERE k = i) (or i = k), with k keyed (or a literal or a
// parameter: any(r IN p.roles WHERE r = 'Neo') is 'Neo' IN p.roles) and
// not reading i,
// into k IN list; none(... k = i) and all(... k <> i) into NOT k IN list;
// single(... k = i) into k IN list when list is one element or a literal
// of distinct non-null literals.
func anyToIn(q *ast.Quantifier) ast.Expr {
	if q.Where == nil {
		return nil
	}
	c, ok := q.Where.(*ast.Comparison)
	if !ok || len(c.Ops) != 1 {
		return nil
	}
	want, negate := ast.CmpEq, false
	switch q.Kind {
	case ast.QuantAny:
	case ast.QuantNone:
		negate = true
	case ast.QuantAll:
		want, negate = ast.CmpNe, true
	case ast.QuantSingle:
		if !distinctLiterals(q.In) {
			return nil
		}
	default:
		return nil
	}
	if c.Ops[0] != want {
		return nil
	}
	for i := 0; i < 2; i++ {
		v, ok := c.Operands[i].(*ast.Variable)
		other := c.Operands[1-i]
		if !ok || v.Name != q.Var.Name || !keyed(other) && !isConstant(other) || exprVars(other)[q.Var.Name] {
			continue
		}
		in := ast.Expr(&ast.In{Span: q.Span, Expr: other, List: q.In})
		if negate {
			in = &ast.Unary{Span: q.Span, Op: ast.OpNot, Expr: in}
		}
		return in
	}
	return nil
}

// isConstant reports whether e is a literal or a parameter.
func isConstant(e ast.Expr) bool {
	switch e.(type) {
	case *ast.Literal, *ast.Parameter:
		return true
	}
	return false
}

// distinctLiterals reports whether e is a list literal of one element, or
// of literals, none null and no two the same.
func distinctLiterals(e ast.Expr) bool {
	l, ok := e.(*ast.ListLiteral)
	if !ok {
		return false
	}
	if len(l.Items) == 1 {
		return true
	}
	seen := map[string]bool{}
	for _, it := range l.Items {
		lit, ok := it.(*ast.Literal)
		if !ok || lit.Kind == ast.LitNull {
			return false
		}
		k, ok := equalityKey(lit) // 1 and 1.0 are equal
		if !ok || seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}

// orChainToIn rewrites an OR chain whose every operand is `k = v` or
// `k IN [...]` for one keyed k into `k IN [...]`; nil when it does not
// apply.
func orChainToIn(x *ast.Binary) ast.Expr {
	ops := disjuncts(x)
	for i, o := range ops {
		ops[i] = normalizeOperand(o)
	}
	var key ast.Expr
	var items []ast.Expr
	for _, o := range ops {
		var k ast.Expr
		switch y := o.(type) {
		case *ast.Comparison:
			if len(y.Ops) != 1 || y.Ops[0] != ast.CmpEq || !keyed(y.Operands[0]) {
				return nil
			}
			k = y.Operands[0]
			items = append(items, y.Operands[1])
		case *ast.In:
			l, ok := y.List.(*ast.ListLiteral)
			if !ok || !keyed(y.Expr) {
				return nil
			}
			k = y.Expr
			items = append(items, l.Items...)
		default:
			return nil
		}
		if key == nil {
			key = k
		} else if ast.FormatExpr(key) != ast.FormatExpr(k) {
			return nil
		}
	}
	return &ast.In{Span: x.Span, Expr: key, List: &ast.ListLiteral{Span: x.Span, Items: items}}
}

// negation returns NOT u.Expr (u a NOT, its operand in normal form) with
// the NOT moved inward as far as it goes exactly, in normal form; nil
// when it stays where it is.
func negation(u *ast.Unary) ast.Expr {
	not := func(e ast.Expr) ast.Expr {
		n := &ast.Unary{Span: u.Span, Op: ast.OpNot, Expr: e}
		if m := negation(n); m != nil {
			return m
		}
		return n
	}
	switch x := u.Expr.(type) {
	case *ast.Unary:
		if x.Op == ast.OpNot {
			return x.Expr
		}
	case *ast.Binary:
		op := ast.OpOr
		switch x.Op {
		case ast.OpOr:
			op = ast.OpAnd
		case ast.OpAnd:
		default:
			return nil
		}
		out := &ast.Binary{Span: x.Span, Op: op, Left: not(x.Left), Right: not(x.Right)}
		if op == ast.OpOr {
			if in := orChainToIn(out); in != nil {
				return in
			}
		}
		return out
	case *ast.IsNull:
		return &ast.IsNull{Span: x.Span, Expr: x.Expr, Not: !x.Not}
	case *ast.Comparison:
		if len(x.Ops) > 1 {
			if and := splitChain(x); and != nil {
				return not(and)
			}
			return nil
		}
		a, b := x.Operands[0], x.Operands[1]
		c, ok := complement(x.Ops[0])
		if !ok || x.Ops[0] != ast.CmpEq && x.Ops[0] != ast.CmpNe && !complementExact(a) && !complementExact(b) {
			return nil
		}
		return normalizeOperand(&ast.Comparison{Span: x.Span, Ops: []ast.CompareOp{c}, Operands: []ast.Expr{a, b}})
	}
	return nil
}

// complement is the comparison true exactly where op is false, when both
// are not null and the values compared are not NaN: = and <>, < and >=,
// <= and >.
func complement(op ast.CompareOp) (ast.CompareOp, bool) {
	switch op {
	case ast.CmpEq:
		return ast.CmpNe, true
	case ast.CmpNe:
		return ast.CmpEq, true
	case ast.CmpLt:
		return ast.CmpGe, true
	case ast.CmpGe:
		return ast.CmpLt, true
	case ast.CmpLe:
		return ast.CmpGt, true
	case ast.CmpGt:
		return ast.CmpLe, true
	}
	return op, false
}

// complementExact reports whether an ordering comparison with e on one
// side is false exactly where its complement is true (so NOT of it is
// the complement, nulls included): e is a null, string or boolean
// literal. Two values compared are either of one kind, ordered totally,
// or the comparison and its complement are both null; only numbers
// break this, NaN being neither below, equal to nor above anything
// (NOT (x < 1) holds for NaN, x >= 1 does not).
func complementExact(e ast.Expr) bool {
	l, ok := e.(*ast.Literal)
	return ok && (l.Kind == ast.LitNull || l.Kind == ast.LitString || l.Kind == ast.LitBool)
}

// splitChain is a chain of comparisons `a < b <= c` as the AND of its
// links `a < b AND b <= c`, when the operands it reads twice are plain
// (a variable, a property of one, a literal or a parameter: reading
// them again gives the same value and cannot fail); nil otherwise.
func splitChain(x *ast.Comparison) ast.Expr {
	for _, o := range x.Operands[1 : len(x.Operands)-1] {
		switch y := o.(type) {
		case *ast.Variable, *ast.Literal, *ast.Parameter:
		case *ast.Property:
			if _, ok := y.Expr.(*ast.Variable); !ok {
				return nil
			}
		default:
			return nil
		}
	}
	var out ast.Expr
	for i, op := range x.Ops {
		link := &ast.Comparison{Span: x.Span, Ops: []ast.CompareOp{op}, Operands: []ast.Expr{x.Operands[i], x.Operands[i+1]}}
		if out == nil {
			out = link
		} else {
			out = &ast.Binary{Span: x.Span, Op: ast.OpAnd, Left: out, Right: link}
		}
	}
	return out
}
