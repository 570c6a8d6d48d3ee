package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// carriedMatches moves a pattern comprehension that a projection names
// and the next projection or aggregation reads once into that reader:
// `WITH r, [(b)-[q]->() | q] AS qs RETURN sum(size([q IN qs WHERE q <>
// r]))` is `WITH r, b RETURN sum(size([q IN [(b)-[q]->() | q] WHERE q <>
// r]))`. Where the list is read, the rules for lists of matches see it
// (filteredMatches makes the filtered list one comprehension, whose
// size the per-row code counts from adjacency), where the projection
// built every match's list and the reader then scanned it.
//
// Why it is exact. The comprehension's value is decided by the
// variables it reads from the row and by the graph; the reader sees the
// same rows (a projection and a WITH's Select change none), the
// variables the comprehension reads carried to it unchanged (the Select
// keeps them; the projection binds none of them anew) and the same
// graph (the pipeline does not write), so the list built where it is
// read is the list the projection built. The reader evaluates it at
// most once per row where the projection evaluated it once: the read
// stands where rewriteExpr reaches (operators, function arguments, CASE,
// an aggregate's argument) or as the list a list comprehension iterates,
// never inside a comprehension's body, a quantifier or a subquery,
// which may evaluate it many times; so the comprehension must neither
// fail nor change with the evaluation (deterministic, its element and
// pattern safe: patternSafe) for evaluating it fewer times to be
// invisible. The list is read nowhere else: not by the reader's other
// expressions or grouping keys, and not after it (an aggregation ends
// the row; a projection's Select does not keep the list). The Select
// before the reader keeps the variables the comprehension reads instead
// of the list; the reader binds its own columns, so nothing after sees
// them (an aggregation's output is its keys and aggregates; a
// projection reader is followed by the Select that keeps its items).
func carriedMatches(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	if b.writes {
		return ops, false
	}
	for i, op := range ops {
		p, ok := op.(logical.Project)
		if !ok || p.Vectorised || len(p.Subst) > 0 {
			continue
		}
		for k, it := range p.Items {
			if out, ok := carriedMatchesAt(b, ops, req, i, k, it); ok {
				return out, true
			}
		}
	}
	return ops, false
}

func carriedMatchesAt(b *builder, ops []logical.Op, req required, i, k int, it logical.Item) ([]logical.Op, bool) {
	pc, ok := it.Expr.(*ast.PatternComprehension)
	if !ok || pc.Element == nil || pc.Map == nil {
		return nil, false
	}
	list := it.Name
	names := mentionedNames(pc)
	if names[list] {
		return nil, false
	}
	pat := &ast.Pattern{Span: pc.Span, Parts: []*ast.PatternPart{{Span: pc.Span, Var: pc.PathVar, Element: pc.Element}}}
	if !deterministic(pc) || !cannotFail(pc.Map) || !patternSafe(pat, pc.Where, entitiesAt(ops, i)) {
		return nil, false
	}
	sc, _, ok := scopeAt(ops, i)
	if !ok {
		return nil, false
	}
	var free []string
	for n := range names {
		if sc.has(n) {
			free = append(free, n)
		}
	}
	slices.Sort(free)
	p := ops[i].(logical.Project)
	for m, other := range p.Items {
		if m == k {
			continue
		}
		// the projection's other items bind none of the free names anew
		if slices.Contains(free, other.Name) {
			if v, isVar := other.Expr.(*ast.Variable); !isVar || v.Name != other.Name {
				return nil, false
			}
		}
	}
	j := i + 1
	sel := -1
	if j < len(ops) {
		if s, isSel := ops[j].(logical.Select); isSel {
			if !slices.Contains(s.Vars, list) {
				return nil, false
			}
			sel, j = j, j+1
		}
	}
	if j >= len(ops) {
		return nil, false
	}
	switch r := ops[j].(type) {
	case logical.Aggregate:
		// A grouping key is read after the grouping by its text: it
		// stays as written.
		for _, key := range r.Keys {
			if readsName(key.Expr, list) {
				return nil, false
			}
		}
	case logical.Project:
		if r.Vectorised || len(r.Subst) > 0 || j+1 >= len(ops) {
			return nil, false
		}
		s, isSel := ops[j+1].(logical.Select)
		if !isSel || slices.Contains(s.Vars, list) {
			return nil, false
		}
		for _, ri := range r.Items {
			if ri.Name == list {
				return nil, false
			}
		}
	default:
		return nil, false
	}
	if countReads(ops[j], list) != 1 || req.After[len(ops)-1].Live.has(list) {
		return nil, false
	}
	moved := 0
	reader, changed := mapOpExprs(b, ops[j], func(e ast.Expr) (ast.Expr, bool) {
		return rewriteExpr(e, func(x ast.Expr) (ast.Expr, bool) {
			switch y := x.(type) {
			case *ast.Variable:
				if y.Name == list {
					moved++
					cp := *pc
					return &cp, true
				}
			case *ast.ListComprehension:
				if v, isVar := y.In.(*ast.Variable); isVar && v.Name == list {
					moved++
					cp, in := *y, *pc
					cp.In = &in
					return &cp, true
				}
			}
			return nil, false
		})
	})
	if !changed || moved != 1 {
		return nil, false
	}
	out := slices.Clone(ops)
	out[j] = reader
	if sel >= 0 {
		s := out[sel].(logical.Select)
		vars := slices.DeleteFunc(slices.Clone(s.Vars), func(v string) bool { return v == list })
		for _, n := range free {
			if !slices.Contains(vars, n) {
				vars = append(vars, n)
			}
		}
		out[sel] = logical.Select{Vars: vars}
	}
	items := slices.Delete(slices.Clone(p.Items), k, k+1)
	if len(items) == 0 || identityItems(items) {
		return slices.Delete(out, i, i+1), true
	}
	p.Items = items
	out[i] = p
	return out, true
}

// countReads is how many times the expressions of op, an aggregation
// or a projection, name the variable name, nested scopes included (a
// nested scope's own variable of that name counts too, which only makes
// the count larger).
func countReads(op logical.Op, name string) int {
	var es []ast.Expr
	switch o := op.(type) {
	case logical.Aggregate:
		for _, k := range o.Keys {
			es = append(es, k.Expr)
		}
		for _, a := range o.Aggs {
			es = append(es, a.Call)
		}
	case logical.Project:
		for _, it := range o.Items {
			es = append(es, it.Expr)
		}
	}
	n := 0
	for _, e := range es {
		ast.Inspect(e, func(x ast.Node) bool {
			if v, ok := x.(*ast.Variable); ok && v.Name == name {
				n++
			}
			return true
		})
	}
	return n
}
