package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// fixedListHops writes a variable-length relationship of one length k
// (`-[ks:KNOWS*2]-`, a quantified path's group variable of one count,
// `(()-[k:KNOWS WHERE ...]-()){2}`) whose relationship list the query
// reads as the k hops it stands for, and every later read of the list as
// the list literal of the hops' relationships in the pattern's order:
// `MATCH (a)-[ks:KNOWS*2]-(c) WHERE all(k IN ks WHERE P(k))` is `MATCH
// (a)-[r1:KNOWS]-()-[r2:KNOWS]-(c) WHERE all(k IN [r1, r2] WHERE
// P(k))`. It is unrollFixedLength (hopsOf) for a list that is read: the
// literal holds the same relationships in the same order, so every read
// of it (returned, measured, indexed, iterated, folded by reduce()) has
// the same value and raises the same errors. A quantifier over the
// literal is then one test per hop (splitListQuantifier), and the tests
// go right after the hops that bind what they read (pushdownFilters),
// as they do for relationships(p) of a path written hop by hop.
//
// Preconditions: the expansion would enumerate its trails row by row
// anyway (its list is read); every operator after it that reads the list
// is one whose expressions can be rewritten (filters, projections,
// aggregations, sorts, UNWIND), each read renamed without capture (a
// comprehension's own variable of the list's name keeps its value), and
// the reads stop at an operator that binds the name anew; otherwise,
// when the list is still read after the hops, nothing changes.
func fixedListHops(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		o, ok := op.(logical.VarExpand)
		if !ok || o.Mode == logical.SetMode || o.ListBound || o.Min != o.Max || o.Min < 1 || o.Min > maxUnrolledHops {
			continue
		}
		if !req.After[i].Live.has(o.RelList) {
			continue // unrollFixedLength's
		}
		out, n, rels, ok := b.hopsOf(ops, i, o)
		if !ok {
			continue
		}
		items := make([]ast.Expr, len(rels))
		for j, r := range rels {
			items[j] = &ast.Variable{Name: r}
		}
		lit := &ast.ListLiteral{Items: items}
		sub := map[string]ast.Expr{o.RelList: lit}
		for j := i + n; j < len(out); j++ {
			if rebinds(out[j], o.RelList) {
				if next, ok := mapOpExprs(b, out[j], listRewrite(o.RelList, sub)); ok {
					out[j] = next // a projection of the list under its own name
				}
				break
			}
			if next, ok := mapOpExprs(b, out[j], listRewrite(o.RelList, sub)); ok {
				out[j] = next
			}
		}
		for j := i + n; j < len(out); j++ {
			if f, ok := out[j].(logical.Filter); ok && f.Subst == nil && !f.Vectorised {
				if pred, ok := splitListQuantifiers(f.Pred); ok {
					f.Pred = pred
					out[j] = f
				}
			}
		}
		// Liveness reads every variable an expression names, a nested
		// scope's own included (a quantified path's `all(k IN k WHERE
		// ...)`, whose split leaves no k).
		after := analyse(out, req.After[len(ops)-1])
		if after.After[i+n-1].Live.has(o.RelList) {
			continue
		}
		pl, _ := b.pushdownFilters(&logical.Pipeline{Ops: out}, nil, b.writes)
		return pl.Ops, true
	}
	return ops, false
}

// rebinds reports whether op binds name anew (a projection or
// aggregation item, an UNWIND variable): reads after it are of that
// value.
func rebinds(op logical.Op, name string) bool {
	switch o := op.(type) {
	case logical.Project:
		for _, it := range o.Items {
			if it.Name == name {
				return true
			}
		}
	case logical.Aggregate:
		for _, it := range o.Keys {
			if it.Name == name {
				return true
			}
		}
		for _, c := range o.Aggs {
			if c.Name == name {
				return true
			}
		}
	case logical.Unwind:
		return o.Var == name
	}
	return false
}

// listRewrite replaces the free reads of the variable name in an
// expression by sub[name] (renaming: a nested scope's own variable of
// that name shadows it), declining an expression renaming does not
// follow (a subquery).
func listRewrite(name string, sub map[string]ast.Expr) exprRewrite {
	return func(e ast.Expr) (ast.Expr, bool) {
		vars := exprVars(e)
		if !vars[name] {
			return e, false
		}
		m := map[string]string{}
		for v := range vars {
			if v != name {
				m[v] = v
			}
		}
		out, ok := (renaming{m: m, sub: sub}).expr(e)
		if !ok {
			return e, false
		}
		return out, true
	}
}

// splitListQuantifiers splits each conjunct of pred that is all() or
// none() over a list literal of variables into one test per element,
// and writes any() over one as the disjunction of its elements' tests:
// `all(k IN [r1, r2] WHERE P(k))` is `P(r1) AND P(r2)`. all, none and
// any of a list are the AND, the AND of the negations and the OR of its
// elements' tests in three-valued logic, evaluated element by element
// in order as the conjuncts are (deciding_operands.go), so the value and
// the error raised are the same (as pathQuantifiers splits one over a
// path's elements).
func splitListQuantifiers(pred ast.Expr) (ast.Expr, bool) {
	var out []ast.Expr
	changed := false
	for _, c := range conjuncts(pred) {
		parts, ok := splitListQuantifier(c)
		if !ok {
			out = append(out, c)
			continue
		}
		out = append(out, parts...)
		changed = true
	}
	if !changed {
		return pred, false
	}
	return andOf(out), true
}

// splitListQuantifier is one quantifier of splitListQuantifiers, as its
// conjuncts.
func splitListQuantifier(c ast.Expr) ([]ast.Expr, bool) {
	q, ok := c.(*ast.Quantifier)
	if !ok || q.Var == nil || q.Where == nil || (q.Kind != ast.QuantAll && q.Kind != ast.QuantNone && q.Kind != ast.QuantAny) {
		return nil, false
	}
	l, ok := q.In.(*ast.ListLiteral)
	if !ok || len(l.Items) == 0 || !allVariables(l.Items) {
		return nil, false
	}
	var tests []ast.Expr
	for _, it := range l.Items {
		m := map[string]string{}
		for v := range exprVars(q.Where) {
			m[v] = v
		}
		m[q.Var.Name] = it.(*ast.Variable).Name
		t, ok := renameExpr(q.Where, m)
		if !ok {
			return nil, false
		}
		if q.Kind == ast.QuantNone {
			t = &ast.Unary{Span: q.Span, Op: ast.OpNot, Expr: t}
		}
		tests = append(tests, t)
	}
	if q.Kind == ast.QuantAny {
		or := tests[0]
		for _, t := range tests[1:] {
			or = &ast.Binary{Span: q.Span, Op: ast.OpOr, Left: or, Right: t}
		}
		return []ast.Expr{or}, true
	}
	return tests, true
}
