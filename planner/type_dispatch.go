package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// maxDispatchTypes bounds the branches typeDispatch writes.
const maxDispatchTypes = 32

// typeDispatch reads a count or existence test of a pattern whose WHERE
// compares the type of one of its relationships with a value of the row,
// `COUNT { ()-[r]->(e) WHERE type(r) = t }`, as a choice on that value
// among the graph's types: `CASE t WHEN 'A' THEN COUNT { ()-[r:A]->(e) }
// WHEN 'B' THEN ... ELSE 0 END` (false for EXISTS). Each branch is a
// pattern of fixed types, which the rules read as a degree or a typed
// expansion, where the test of type(r) against t would enumerate every
// relationship of the node per row.
//
// It is exact: type(r) is one of the names of the type dictionary (a
// query that writes gets no dictionary, and a cached plan is planned
// again when it grows). Where t equals one of them, the matches the WHERE
// keeps are those whose r has that type, which the branch enumerates;
// where t equals none (another string, a number, a list, null: a
// comparison of different kinds is false and with null is null, never
// an error), the WHERE keeps no match, and the count is 0. CASE compares
// t with each name by = as the WHERE does.
//
// The branches enumerate fewer matches than the pattern: those of r's
// other types, which the WHERE would have dropped. So that no error row
// mode raises on them goes missing, every other test of the pattern (its
// inline WHERE and property maps, the WHERE's other conjuncts) and t
// itself must be unable to fail (errorFree), and t must read none of the
// pattern's variables (it is computed once per row, outside). r must be
// a single hop (type() of a variable-length list fails) named once, in a
// plain pattern without quantified parts or selectors; types written on
// r narrow the names chosen among.
func typeDispatch(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	if b.rowModeOnly {
		return ops, false
	}
	f := func(e ast.Expr) (ast.Expr, bool) { return b.dispatchTypes(e) }
	return rewriteOpExprs(b, ops, f)
}

// dispatchTypes is e, a COUNT or EXISTS subquery of a pattern, as the
// CASE over the types its WHERE compares with a row value (see
// typeDispatch).
func (b *builder) dispatchTypes(e ast.Expr) (ast.Expr, bool) {
	var pat *ast.Pattern
	var where ast.Expr
	var none ast.Expr
	var sp ast.Span
	count := false
	switch x := e.(type) {
	case *ast.CountSubquery:
		pat, where, count, sp = x.Pattern, x.Where, true, x.Span
		none = intLit(sp, 0)
	case *ast.ExistsSubquery:
		pat, where, sp = x.Pattern, x.Where, x.Span
		none = boolLit(sp, false)
	default:
		return e, false
	}
	if pat == nil || where == nil {
		return e, false
	}
	own := newVarSet()
	patternVars(pat, &own)
	cs := conjuncts(where)
	k, rel, subject := -1, "", ast.Expr(nil)
	for j, c := range cs {
		r, t, ok := typeEquality(c)
		if !ok || k >= 0 {
			if !errorFree(c) {
				return e, false
			}
			continue
		}
		if !errorFree(t) {
			return e, false
		}
		for v := range exprVars(t) {
			if own.has(v) {
				return e, false
			}
		}
		k, rel, subject = j, r, t
	}
	if k < 0 {
		return e, false
	}
	written, ok := dispatchRel(pat, rel)
	if !ok {
		return e, false
	}
	types, ok := b.typeDictionary()
	if !ok || len(types) > maxDispatchTypes {
		return e, false
	}
	rest := slices.Delete(slices.Clone(cs), k, k+1)
	var restWhere ast.Expr
	if len(rest) > 0 {
		restWhere = andAll(rest)
	}
	out := &ast.Case{Span: sp, Subject: subject, Else: none}
	for _, t := range types {
		if written != nil && !slices.Contains(written, t) {
			continue
		}
		p := typedPattern(pat, rel, t)
		var branch ast.Expr
		if count {
			branch = &ast.CountSubquery{Span: sp, Pattern: p, Where: restWhere}
		} else {
			branch = &ast.ExistsSubquery{Span: sp, Pattern: p, Where: restWhere}
		}
		out.Whens = append(out.Whens, &ast.CaseWhen{Span: sp, When: strLit(sp, t), Then: branch})
	}
	if len(out.Whens) == 0 {
		return none, true
	}
	return out, true
}

// typeEquality reports whether c is type(r) = t or t = type(r) for a
// variable r, and returns r and t.
func typeEquality(c ast.Expr) (string, ast.Expr, bool) {
	cmp, ok := c.(*ast.Comparison)
	if !ok || len(cmp.Ops) != 1 || cmp.Ops[0] != ast.CmpEq {
		return "", nil, false
	}
	for s := 0; s < 2; s++ {
		fc, ok := cmp.Operands[s].(*ast.FunctionCall)
		if !ok || len(fc.Args) != 1 {
			continue
		}
		r, ok := varName(fc.Args[0])
		if ok && isTypeOf(fc, r) {
			return r, cmp.Operands[1-s], true
		}
	}
	return "", nil, false
}

// dispatchRel reports whether pattern p names relationship r once, as a
// single hop, every part plain (no path selector, quantified part or
// variable length anywhere) and every inline test unable to fail; it
// returns the types written on r (nil when none).
func dispatchRel(p *ast.Pattern, r string) ([]string, bool) {
	found := 0
	var written []string
	for _, part := range p.Parts {
		if part.Kind != ast.PathPlain || part.Selector != nil || part.Element == nil {
			return nil, false
		}
		for _, n := range part.Element.Nodes {
			if !inlineSafe(n.Props, n.Where) {
				return nil, false
			}
		}
		for _, rp := range part.Element.Rels {
			if rp.Quantified() || rp.VarLength != nil || !inlineSafe(rp.Props, rp.Where) {
				return nil, false
			}
			if rp.Var == nil || rp.Var.Name != r {
				continue
			}
			found++
			names, ok := rp.TypeNames()
			if !ok {
				return nil, false
			}
			written = names
		}
	}
	return written, found == 1
}

// inlineSafe reports whether an inline property map and WHERE cannot
// fail.
func inlineSafe(props, where ast.Expr) bool {
	return (props == nil || errorFree(props)) && (where == nil || errorFree(where))
}

// typedPattern is p with relationship r of type t (a shallow copy:
// clonePatternShallow).
func typedPattern(p *ast.Pattern, r, t string) *ast.Pattern {
	out := clonePatternShallow(p)
	for _, part := range out.Parts {
		for _, rp := range part.Element.Rels {
			if rp.Var != nil && rp.Var.Name == r {
				rp.Types = &ast.LabelName{Span: rp.Span, Name: t}
			}
		}
	}
	return out
}
