package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// countColumns computes a count of a pattern's matches that a projection
// names, and that every later operator reads only by comparing it with an
// integer literal whose answer is the same for every count from 1 up
// (`c > 0`, `c = 0`, `c >= 1`, `0 < c`, `c < 1`, `c <> 0`, `c <= 0`), as
// CASE WHEN EXISTS { pattern WHERE w } THEN 1 ELSE 0 END: `WITH v,
// COUNT { (v)-->(h) } AS back RETURN CASE WHEN back > 0 ...` then asks
// whether v has one link to h, which the rules for existence tests answer
// set at a time (markExists), where the count enumerated every match of
// every row. The column's readers are found by columnReads, in every
// position of every later operator.
//
// The rewrite is exact: a count of matches is an integer, never null, at
// least 1 exactly when a match exists, and each reader compares it where
// 1 and any larger count give the same answer, so each reader answers
// the same of 0 or 1 as of the count. An existence test stops at the
// first match where the count reads them all, so the rewrite is made
// only where reading the matches cannot fail (patternSafe). A column
// returned, grouped on, passed to a subquery, written or read by any
// other expression keeps its count.
func countColumns(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	if b.rowModeOnly {
		return ops, false
	}
	for i, op := range ops {
		p, ok := op.(logical.Project)
		if !ok || p.Vectorised || len(p.Subst) > 0 {
			continue
		}
		for k, it := range p.Items {
			pat, where, count, ok := patternMatches(it.Expr)
			if !ok || !count || !patternSafe(pat, where, entitiesAt(ops, i)) {
				continue
			}
			if !columnReads(b, ops[i+1:], req.After[len(ops)-1], it.Name, zeroDecides) {
				continue
			}
			sp := it.Expr.NodeSpan()
			one := &ast.Literal{Span: sp, Kind: ast.LitInt, Int: 1}
			zero := &ast.Literal{Span: sp, Kind: ast.LitInt, Int: 0}
			q := logical.Project{Items: append([]logical.Item(nil), p.Items...), Note: p.Note}
			q.Items[k].Expr = &ast.Case{Span: sp, Whens: []*ast.CaseWhen{{Span: sp,
				When: &ast.ExistsSubquery{Span: sp, Pattern: pat, Where: where}, Then: one}}, Else: zero}
			return replace(ops, i, 1, q), true
		}
	}
	return ops, false
}

// zeroDecides reports whether `c op t`, for a count c (an integer at
// least 0) and the integer t, has the same answer for every c >= 1, so
// that it depends only on whether c is 0.
func zeroDecides(op ast.CompareOp, t int64) bool {
	switch op {
	case ast.CmpGt, ast.CmpEq, ast.CmpNe, ast.CmpLe:
		return t <= 0
	case ast.CmpGe, ast.CmpLt:
		return t <= 1
	}
	return false
}

// columnReads reports whether the operators ops, which follow the one
// that binds the column name, and the pipeline's consumer (out, what it
// needs of the last operator's rows) read name only as an operand of a
// comparison `name op t` (or `t op name`) with an integer literal t that
// allowed accepts. Every position an operator evaluates counts: filters,
// projection items, grouping keys and aggregate arguments, sort keys,
// UNWIND lists, at any depth (CASE, function arguments, comprehensions,
// quantifiers, pattern predicates); what an operator reads and the
// analysis does not rewrite (a subquery's body, a grouping's key text,
// Emit's columns, writes: usesOf) counts as a read of another kind. A
// projection item that passes the column on under its own name or
// another (`WITH c AS d`) makes that name a column to follow too; one
// that binds the name to something else ends it, as a WITH or a grouping
// that drops it does.
func columnReads(b *builder, ops []logical.Op, out need, name string, allowed func(ast.CompareOp, int64) bool) bool {
	return columnReadsBy(b, ops, out, name, func(names map[string]bool, x ast.Expr) (ast.Expr, bool, bool) {
		c, ok := x.(*ast.Comparison)
		if !ok || len(c.Ops) != 1 || len(c.Operands) != 2 {
			return nil, false, false
		}
		for k := 0; k < 2; k++ {
			v, ok := c.Operands[k].(*ast.Variable)
			lit, isLit := c.Operands[1-k].(*ast.Literal)
			if !ok || !names[v.Name] || !isLit || lit.Kind != ast.LitInt {
				continue
			}
			op := c.Ops[0]
			if k == 1 {
				op = map[ast.CompareOp]ast.CompareOp{ast.CmpEq: ast.CmpEq, ast.CmpNe: ast.CmpNe, ast.CmpLt: ast.CmpGt, ast.CmpGt: ast.CmpLt, ast.CmpLe: ast.CmpGe, ast.CmpGe: ast.CmpLe}[op]
			}
			if !allowed(op, lit.Int) {
				return nil, false, true
			}
			return &ast.Literal{Span: c.Span, Kind: ast.LitBool, Bool: true}, true, false
		}
		return nil, false, false
	})
}

// columnReadsBy is columnReads with the reads allowed decided by read: for
// an expression x and the names the column goes by, it returns x's
// replacement when x is an allowed read (ok), or bad when x reads the
// column in a way that rules it out.
func columnReadsBy(b *builder, ops []logical.Op, out need, name string, read func(names map[string]bool, x ast.Expr) (repl ast.Expr, ok, bad bool)) bool {
	names := map[string]bool{name: true}
	bad := false
	strip := func(e ast.Expr) (ast.Expr, bool) {
		return rewriteDeep(e, func(x ast.Expr) (ast.Expr, bool) {
			r, ok, isBad := read(names, x)
			if isBad {
				bad = true
			}
			return r, ok
		})
	}
	reads := func(op logical.Op) bool {
		u := usesOf(op)
		for n := range names {
			if u.has(n) {
				return true
			}
		}
		return false
	}
	for _, op := range ops {
		if len(names) == 0 {
			return true
		}
		next := map[string]bool{}
		rest := op
		if p, ok := op.(logical.Project); ok {
			// Items that pass the column on are followed; the others are
			// checked with the rest of the operator, and one that binds a
			// followed name to another value ends it.
			var items []logical.Item
			bound := map[string]bool{}
			for _, it := range p.Items {
				if v, ok := it.Expr.(*ast.Variable); ok && names[v.Name] {
					next[it.Name] = true
					continue
				}
				bound[it.Name] = true
				items = append(items, it)
			}
			for n := range names {
				if !bound[n] {
					next[n] = true
				}
			}
			p.Items = items
			rest = p
		}
		if reads(rest) {
			stripped, _ := mapOpExprs(b, rest, strip)
			if bad || reads(stripped) {
				return false
			}
		}
		switch o := op.(type) {
		case logical.Project:
			names = next
		case logical.Select:
			kept := map[string]bool{}
			for _, v := range o.Vars {
				if names[v] {
					kept[v] = true
				}
			}
			names = kept
		case logical.Aggregate, logical.TypeCounts:
			names = map[string]bool{} // only keys and aggregates pass, and neither reads it
		default:
			if bindsAny(op, names) {
				return false
			}
		}
	}
	return !anyLive(out.Live, names)
}

// anyLive reports whether s holds one of names.
func anyLive(s varSet, names map[string]bool) bool {
	for n := range names {
		if s.has(n) {
			return true
		}
	}
	return false
}

// bindsAny reports whether op, an operator that neither projects nor
// groups, binds one of names afresh (it would end the column under that
// name; the analysis does not follow such operators and gives up).
func bindsAny(op logical.Op, names map[string]bool) bool {
	all := before(op, need{Live: varSet{names: copyNames(names)}})
	for n := range names {
		if !all.Live.has(n) {
			return true
		}
	}
	return false
}

func copyNames(m map[string]bool) map[string]bool {
	c := make(map[string]bool, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}
