package planner

import (
	"regexp/syntax"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// String tests spelled as a regular expression or as a scan of substrings
// are read as the STARTS WITH, ENDS WITH or CONTAINS they are, so that
// every spelling costs what the simplest one does: a vectorised string
// match per node (a range seek of the prefix index for STARTS WITH)
// instead of a regular expression matched per node or a list built and
// scanned per node. normalizeOperand applies them to the conditions of
// filters, operand by operand under AND, OR and NOT; each keeps the
// three-valued result of what it replaces, and its errors.

// regexForm reads `s =~ 'lit.*'`, `s =~ '.*lit'` and `s =~ '.*lit.*'`,
// where lit is a literal (escaped metacharacters included, no case
// folding) and each `.*` any characters, as `s STARTS WITH 'lit'`,
// `s ENDS WITH 'lit'` and `s CONTAINS 'lit'`. =~ matches the whole
// string, so for a dot that matches newlines ((?s), [\s\S] and the like)
// the two agree on every string. A plain dot stops at a newline (the
// matcher's dot, RE2's, excludes "\n" only), so `.*` then also says the
// string holds no newline: the test becomes `s CONTAINS 'lit' AND NOT
// s CONTAINS '\n'` (a lit holding a newline, which then never matches,
// stays written). Both sides are null when s is not a string, and a
// literal pattern raises no error; so the rewrite is exact, nulls
// included. Any other construct, a pattern that is one literal (=~ is
// then equality on strings but null, not false, on other values), two
// stars of different kinds, or a pattern Go's parser rejects (Java
// syntax the matcher translates) leave the test as written.
func regexForm(x *ast.StringMatch) (ast.Expr, bool) {
	lit, ok := x.Right.(*ast.Literal)
	if x.Op != ast.StrRegex || !ok || lit.Kind != ast.LitString {
		return nil, false
	}
	re, err := syntax.Parse(lit.Str, syntax.Perl)
	if err != nil {
		return nil, false
	}
	re = re.Simplify()
	subs := []*syntax.Regexp{re}
	if re.Op == syntax.OpConcat {
		subs = re.Sub
	}
	lead, trail := 0, 0 // 0 none, else the star's dot kind (dotAll or dotNotNL)
	if len(subs) > 0 {
		lead = starKind(subs[0])
		if lead != 0 {
			subs = subs[1:]
		}
	}
	if len(subs) > 0 {
		trail = starKind(subs[len(subs)-1])
		if trail != 0 {
			subs = subs[:len(subs)-1]
		}
	}
	if lead == 0 && trail == 0 || lead != 0 && trail != 0 && lead != trail {
		return nil, false
	}
	var text strings.Builder
	for _, s := range subs {
		if s.Op != syntax.OpLiteral || s.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		text.WriteString(string(s.Rune))
	}
	kind := max(lead, trail)
	if kind == dotNotNL && (strings.Contains(text.String(), "\n") || !plainString(x.Left)) {
		return nil, false
	}
	op := ast.StrContains
	switch {
	case lead == 0:
		op = ast.StrStartsWith
	case trail == 0:
		op = ast.StrEndsWith
	}
	sp := x.Span
	var out ast.Expr = &ast.StringMatch{Span: sp, Op: op, Left: x.Left, Right: &ast.Literal{Span: lit.Span, Kind: ast.LitString, Str: text.String()}}
	if kind == dotNotNL {
		nl := &ast.StringMatch{Span: sp, Op: ast.StrContains, Left: x.Left, Right: &ast.Literal{Span: lit.Span, Kind: ast.LitString, Str: "\n"}}
		out = &ast.Binary{Span: sp, Op: ast.OpAnd, Left: out, Right: &ast.Unary{Span: sp, Op: ast.OpNot, Expr: nl}}
	}
	return out, true
}

// The kinds of `.*` regexForm reads.
const (
	dotAll   = 1 // any character
	dotNotNL = 2 // any character but "\n"
)

// starKind is the kind of dot re repeats when re is `.*` (lazy or greedy:
// a whole-string match is the same), else 0.
func starKind(re *syntax.Regexp) int {
	if re.Op != syntax.OpStar || len(re.Sub) != 1 {
		return 0
	}
	d := re.Sub[0]
	switch {
	case d.Op == syntax.OpAnyChar:
		return dotAll
	case d.Op == syntax.OpAnyCharNotNL:
		return dotNotNL
	case d.Op == syntax.OpCharClass && len(d.Rune) == 2 && d.Rune[0] == 0 && d.Rune[1] == utf8.MaxRune:
		return dotAll
	case d.Op == syntax.OpCharClass && len(d.Rune) == 4 && d.Rune[0] == 0 && d.Rune[1] == '\n'-1 && d.Rune[2] == '\n'+1 && d.Rune[3] == utf8.MaxRune:
		return dotNotNL
	}
	return 0
}

// plainString reports whether e reads the same value however often it is
// evaluated, and cheaply: a variable or a property of one.
func plainString(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Variable:
		return true
	case *ast.Property:
		_, ok := x.Expr.(*ast.Variable)
		return ok
	}
	return false
}

// substringScanForm reads `any(i IN range(0, size(s) - k) WHERE
// substring(s, i, k) = 'lit')` (either side of the =, k the length of
// lit, at least 1) as `s CONTAINS 'lit'`: on a string the quantifier
// compares every substring of length k with lit, so it is true exactly
// when lit occurs in s (a string shorter than lit gives an empty range
// and false, as CONTAINS does). Off strings the two part: size() and
// substring() raise errors on other values, range() on a null bound, and
// a short list gives an empty range. The test is therefore kept for
// those: `CASE WHEN valueType(s) = 'STRING NOT NULL' THEN s CONTAINS
// 'lit' ELSE <the quantifier> END`, which evaluates the quantifier only
// where s is not a string, where it raises what it raised or gives what
// it gave. s is a variable or a property of one (read twice); nil when
// the quantifier is not of this form.
func substringScanForm(q *ast.Quantifier) ast.Expr {
	if q.Kind != ast.QuantAny || q.Where == nil {
		return nil
	}
	rng, ok := q.In.(*ast.FunctionCall)
	if !ok || !plainCall(rng, "range") || (len(rng.Args) != 2 && len(rng.Args) != 3) || !isIntLit(rng.Args[0], 0) || len(rng.Args) == 3 && !isIntLit(rng.Args[2], 1) {
		return nil
	}
	// The upper bound: size(s) - k.
	hi, ok := rng.Args[1].(*ast.Binary)
	if !ok || hi.Op != ast.OpSub {
		return nil
	}
	size, ok := hi.Left.(*ast.FunctionCall)
	if !ok || !plainCall(size, "size") || len(size.Args) != 1 || !plainString(size.Args[0]) {
		return nil
	}
	s := size.Args[0]
	k, ok := hi.Right.(*ast.Literal)
	if !ok || k.Kind != ast.LitInt || k.Int < 1 || exprVars(s)[q.Var.Name] {
		return nil
	}
	cmp, ok := q.Where.(*ast.Comparison)
	if !ok || len(cmp.Ops) != 1 || cmp.Ops[0] != ast.CmpEq {
		return nil
	}
	for side := 0; side < 2; side++ {
		sub, ok := cmp.Operands[side].(*ast.FunctionCall)
		lit, ok2 := cmp.Operands[1-side].(*ast.Literal)
		if !ok || !ok2 || lit.Kind != ast.LitString || int64(utf8.RuneCountInString(lit.Str)) != k.Int {
			continue
		}
		if !plainCall(sub, "substring") || len(sub.Args) != 3 || ast.FormatExpr(sub.Args[0]) != ast.FormatExpr(s) || !isIntLit(sub.Args[2], k.Int) {
			continue
		}
		if v, ok := sub.Args[1].(*ast.Variable); !ok || v.Name != q.Var.Name {
			continue
		}
		sp := q.Span
		isString := &ast.Comparison{Span: sp, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{
			&ast.FunctionCall{Span: sp, Name: "valueType", Args: []ast.Expr{s}}, strLit(sp, "STRING NOT NULL")}}
		contains := &ast.StringMatch{Span: sp, Op: ast.StrContains, Left: s, Right: lit}
		return &ast.Case{Span: sp, Whens: []*ast.CaseWhen{{Span: sp, When: isString, Then: contains}}, Else: q}
	}
	return nil
}

// plainCall reports whether f calls the built-in function name (any
// case), without DISTINCT or a namespace.
func plainCall(f *ast.FunctionCall, name string) bool {
	return len(f.Namespace) == 0 && !f.Distinct && strings.EqualFold(f.Name, name)
}

// isIntLit reports whether e is the integer literal n.
func isIntLit(e ast.Expr, n int64) bool {
	l, ok := e.(*ast.Literal)
	return ok && l.Kind == ast.LitInt && l.Int == n
}

// caseGuards puts before each filter after a node scan that holds a
// conjunct `CASE WHEN T THEN P ELSE W END` (as substringScanForm writes
// one), with T and P tests of the scanned node that never fail (a
// property's valueType() compared with a literal, a comparison or string
// match of a property with a constant: batchable), the filter `P OR NOT
// T`. Whenever the CASE is true, so is that test (T and P, or not T), so
// it drops only rows the CASE drops; and on those T holds, so the CASE
// is P there and raises no error that dropping them early would hide.
// The test compiles to vector code over the scan's batches
// (markVectorised), so W and the CASE run only on the rows it keeps.
func caseGuards(pl *logical.Pipeline) {
	for i := 1; i < len(pl.Ops); i++ {
		f, ok := pl.Ops[i].(logical.Filter)
		if !ok || f.Subst != nil {
			continue
		}
		scan, ok := pl.Ops[i-1].(logical.NodeScan)
		if !ok {
			continue
		}
		var guards []ast.Expr
		for _, c := range conjuncts(f.Pred) {
			cs, ok := c.(*ast.Case)
			if !ok || cs.Subject != nil || len(cs.Whens) != 1 || cs.Else == nil {
				continue
			}
			t, p := cs.Whens[0].When, cs.Whens[0].Then
			if !isTypeTest(t, scan.Var) || !batchable(p, scan.Var) {
				continue
			}
			sp := cs.Span
			guards = append(guards, &ast.Binary{Span: sp, Op: ast.OpOr, Left: p, Right: &ast.Unary{Span: sp, Op: ast.OpNot, Expr: t}})
		}
		if len(guards) == 0 {
			continue
		}
		pl.Ops = slices.Insert(pl.Ops, i, logical.Op(logical.Filter{Pred: andOf(guards)}))
		i++
	}
}

// isTypeTest reports whether e is `valueType(v.key) = 'literal'`, which
// never fails.
func isTypeTest(e ast.Expr, v string) bool {
	c, ok := e.(*ast.Comparison)
	if !ok || len(c.Ops) != 1 || c.Ops[0] != ast.CmpEq {
		return false
	}
	f, ok := c.Operands[0].(*ast.FunctionCall)
	lit, ok2 := c.Operands[1].(*ast.Literal)
	return ok && ok2 && lit.Kind == ast.LitString && plainCall(f, "valueType") && len(f.Args) == 1 && propOf(f.Args[0], v)
}

// splitWordsForm reads `any(w IN split(s, 'c') WHERE w CONTAINS 'lit')`
// (either operand order of CONTAINS left as written: only the piece as
// the left operand), with c one character and lit a non-empty literal
// that does not hold c, as `s CONTAINS 'lit'`: on a string, an occurrence
// of lit holds no c, so it lies inside one maximal run without c, which
// is one of the pieces split() returns, and every piece is part of s. On
// null both are null. On any other value split() raises an error where
// CONTAINS is null, so, as substringScanForm does, the test is kept for
// those: `CASE WHEN valueType(s) = 'STRING NOT NULL' THEN s CONTAINS
// 'lit' ELSE <the quantifier> END` (s evaluated again there, which
// raises what it raised in the quantifier: it is deterministic and has
// no subquery). nil when the quantifier is not of this form.
func splitWordsForm(q *ast.Quantifier) ast.Expr {
	if q.Kind != ast.QuantAny || q.Where == nil {
		return nil
	}
	sp, ok := q.In.(*ast.FunctionCall)
	if !ok || !plainCall(sp, "split") || len(sp.Args) != 2 {
		return nil
	}
	sep, ok := sp.Args[1].(*ast.Literal)
	if !ok || sep.Kind != ast.LitString || utf8.RuneCountInString(sep.Str) != 1 {
		return nil
	}
	m, ok := q.Where.(*ast.StringMatch)
	if !ok || m.Op != ast.StrContains {
		return nil
	}
	w, ok := m.Left.(*ast.Variable)
	lit, ok2 := m.Right.(*ast.Literal)
	if !ok || !ok2 || w.Name != q.Var.Name || lit.Kind != ast.LitString || lit.Str == "" || strings.Contains(lit.Str, sep.Str) {
		return nil
	}
	s := sp.Args[0]
	if exprVars(s)[q.Var.Name] || !deterministicPlain(s) {
		return nil
	}
	span := q.Span
	isString := &ast.Comparison{Span: span, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{
		&ast.FunctionCall{Span: span, Name: "valueType", Args: []ast.Expr{s}}, strLit(span, "STRING NOT NULL")}}
	contains := &ast.StringMatch{Span: span, Op: ast.StrContains, Left: s, Right: lit}
	return &ast.Case{Span: span, Whens: []*ast.CaseWhen{{Span: span, When: isString, Then: contains}}, Else: q}
}

// deterministicPlain reports whether e may be evaluated twice with the
// same result and the same error: variables, properties of them,
// literals, parameters and calls of deterministic functions of those.
func deterministicPlain(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Variable, *ast.Literal, *ast.Parameter:
		return true
	case *ast.Property:
		return plainString(x)
	case *ast.FunctionCall:
		f, ok := functions.Lookup(qualifiedName(x))
		if !ok || !f.Deterministic || f.Aggregate || x.Distinct {
			return false
		}
		for _, a := range x.Args {
			if !deterministicPlain(a) {
				return false
			}
		}
		return true
	}
	return false
}
