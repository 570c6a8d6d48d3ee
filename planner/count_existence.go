package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// countExistence puts every comparison of a number of matches with a
// constant into the normal form of a threshold (normalize_subqueries.go)
// wherever an operator evaluates it, not only in a filter's condition:
// in projection items, grouping keys and aggregate arguments, sort keys,
// UNWIND lists, and at any depth inside them — under CASE, NOT and the
// boolean operators, in function arguments, in the bodies of list
// comprehensions, quantifiers, reduce() and pattern comprehensions, in
// the WHERE of a pattern's EXISTS { } or COUNT { }. `RETURN CASE WHEN
// COUNT { (v)-->(h) } > 0 THEN ... END`, `RETURN size([(v)-->(h) | 1]) >
// 0 AS m` and `WITH COUNT { (a)-->(:T) } >= 1 AS t` then read EXISTS {
// (v)-->(h) } and EXISTS { (a)-->(:T) }, which the rules for existence
// tests answer set at a time (markExists) where the count enumerated
// every match of every row. (A subquery body that is a whole query is
// planned from its own clauses, through these rules too.)
//
// The rewrite is exact: a count is an integer, never null, so `count op
// k` for a constant k is true exactly when the count is at least, or
// fewer than, some bound; and a count of matches is at least 1 exactly
// when one exists. An existence test stops at the first match where the
// count reads them all, so the rewrite is made only where reading the
// matches cannot fail: the pattern's property maps and inline WHERE and
// the count's WHERE are predicates over literals, parameters and the
// properties of nodes and relationships (neverFails), and a pattern
// comprehension's or COLLECT { }'s value cannot fail (patternMatches).
// A comparison with anything but an integer literal stays as written.
//
// Operators that read grouping keys by their text (Subst) are left as
// written, so that the text still names the column; those after DISTINCT
// or an aggregation that read none (`WITH DISTINCT v WHERE (COUNT { (v)
// -->() } > 0) <> ...`) are rewritten as any other (mapUnsubstituted).
func countExistence(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	if b.rowModeOnly {
		return ops, false
	}
	var out []logical.Op
	for i, op := range ops {
		entities := entitiesAt(ops, i)
		next, ok := mapUnsubstituted(b, op, func(e ast.Expr) (ast.Expr, bool) {
			known := shadowed(e, entities)
			return rewriteDeep(e, func(x ast.Expr) (ast.Expr, bool) { return countTest(x, known) })
		})
		if !ok {
			continue
		}
		if out == nil {
			out = append([]logical.Op(nil), ops...)
		}
		out[i] = next
	}
	if out == nil {
		return ops, false
	}
	return out, true
}

// countTest is the normal form of one comparison of a number of matches
// with an integer literal, or of NOT over one or over an existence test
// (see countExistence), when reading the matches cannot fail; entities
// are the variables known to hold nodes or relationships (true) or other
// values (false).
func countTest(e ast.Expr, entities map[string]bool) (ast.Expr, bool) {
	switch x := e.(type) {
	case *ast.Comparison:
		if t, ok := boundedComparison(x, entities); ok {
			return t, true // a body cut by SKIP or LIMIT (bounded_bodies.go)
		}
		return countThreshold(x, entities)
	case *ast.ExistsSubquery:
		return boundedExists(x, entities) // a body cut by SKIP or LIMIT (bounded_bodies.go)
	case *ast.Unary:
		if x.Op != ast.OpNot {
			return nil, false
		}
		switch in := x.Expr.(type) {
		case *ast.Unary:
			if ex, ok := in.Expr.(*ast.ExistsSubquery); ok && in.Op == ast.OpNot && ex.Pattern != nil {
				return ex, true // NOT NOT EXISTS { }
			}
		case *ast.Comparison:
			if isCountThreshold(in) {
				return flipThreshold(in), true
			}
		}
	}
	return nil, false
}

// entitiesAt are the variables bound before ops[i] (scopeAt), true for
// those that hold nodes or relationships; none when the operators bind
// names the analysis does not follow.
func entitiesAt(ops []logical.Op, i int) map[string]bool {
	entities := map[string]bool{}
	if sc, _, ok := scopeAt(ops, i); ok {
		for n, k := range sc.vars {
			entities[n] = k == kindNode || k == kindRel
		}
	}
	return entities
}

// matchesSafe reports whether e is a number of a pattern's matches
// (patternMatches) whose reading cannot fail (patternSafe).
func matchesSafe(e ast.Expr, entities map[string]bool) bool {
	p, where, count, ok := patternMatches(e)
	return ok && count && patternSafe(p, where, entities)
}

// patternSafe reports whether reading the matches of p filtered by where
// cannot fail: the pattern's property maps and inline conditions and the
// WHERE are predicates that never fail (safePredicate) with the pattern's
// own variables and those of entities known.
func patternSafe(p *ast.Pattern, where ast.Expr, entities map[string]bool) bool {
	known := make(map[string]bool, len(entities))
	for n, k := range entities {
		known[n] = k
	}
	kinds := map[string]varKind{}
	addPatternKinds(p, kinds)
	if !endsBound(kinds, entities) {
		return false
	}
	for n, k := range kinds {
		known[n] = k == kindNode || k == kindRel
	}
	if where != nil && !safePredicate(where, known) {
		return false
	}
	for _, part := range p.Parts {
		if part.Element == nil {
			return false
		}
		for _, n := range part.Element.Nodes {
			if !propsSafe(n.Props, known) || n.Where != nil && !safePredicate(n.Where, known) {
				return false
			}
		}
		for _, r := range part.Element.Rels {
			if r.Group != nil || !propsSafe(r.Props, known) || r.Where != nil && !safePredicate(r.Where, known) {
				return false
			}
		}
	}
	return true
}

// endsBound reports whether every variable of a pattern (own: the kinds
// the pattern gives its variables) that entities knows is bound the way
// the pattern reads it: a node or relationship of the pattern bound to a
// node or relationship (or null). One bound to another value (`WITH 1 AS
// a ... COUNT { (a)-->() }`, a comprehension's variable) makes matching
// raise a type error, so reading the matches may fail.
func endsBound(own map[string]varKind, entities map[string]bool) bool {
	for n, k := range own {
		if e, bound := entities[n]; bound && !e && (k == kindNode || k == kindRel) {
			return false
		}
	}
	return true
}

// safePredicate reports whether predicate e evaluates without error on
// any row where the variables of entities are nodes, relationships or
// null: one neverFails accepts, an existence test of a pattern whose
// reading cannot fail (a pattern predicate, EXISTS { }: true, false or
// null, never an error), and their AND, OR, XOR and NOT. So the body of
// `COUNT { (v)-->(w) WHERE (h)-->(w) } = 0` is read as safely as one
// tested on properties, and the count is NOT EXISTS { } of the same body.
func safePredicate(e ast.Expr, entities map[string]bool) bool {
	return safePredicateKinds(e, entities, nil)
}

// safePredicateKinds is safePredicate knowing kinds (nil for nothing):
// the kinds of properties and of variables (varKinds), see
// neverFailsKinds.
func safePredicateKinds(e ast.Expr, entities map[string]bool, kinds kindsOf) bool {
	if neverFailsKinds(e, entities, kinds) {
		return true
	}
	switch x := e.(type) {
	case *ast.Binary:
		if x.Op != ast.OpAnd && x.Op != ast.OpOr && x.Op != ast.OpXor {
			return false
		}
		return safePredicateKinds(x.Left, entities, kinds) && safePredicateKinds(x.Right, entities, kinds)
	case *ast.Unary:
		return x.Op == ast.OpNot && safePredicateKinds(x.Expr, entities, kinds)
	}
	p, where, count, ok := patternMatches(e)
	return ok && !count && patternSafe(p, where, entities)
}

// shadowed is entities with every name that e binds inside itself (a
// comprehension's, quantifier's or reduce()'s variable) known as a value
// that is not a node or relationship, wherever it is read in e.
func shadowed(e ast.Expr, entities map[string]bool) map[string]bool {
	out, copied := entities, false
	ast.Inspect(e, func(n ast.Node) bool {
		var vs []*ast.Variable
		switch x := n.(type) {
		case *ast.ListComprehension:
			vs = []*ast.Variable{x.Var}
		case *ast.Quantifier:
			vs = []*ast.Variable{x.Var}
		case *ast.Reduce:
			vs = []*ast.Variable{x.Acc, x.Var}
		}
		for _, v := range vs {
			if v == nil {
				continue
			}
			if !copied {
				out, copied = make(map[string]bool, len(entities)+1), true
				for k, w := range entities {
					out[k] = w
				}
			}
			out[v.Name] = false
		}
		return true
	})
	return out
}

// propsSafe reports whether a pattern's property map is compared without
// error: absent, a parameter, or a map literal of plain values.
func propsSafe(props ast.Expr, known map[string]bool) bool {
	switch m := props.(type) {
	case nil, *ast.Parameter:
		return true
	case *ast.MapLiteral:
		for _, en := range m.Entries {
			if !plainValue(en.Value, known) {
				return false
			}
		}
		return true
	}
	return false
}

// mapOpExprs rewrites the expressions op evaluates with f: a filter's
// condition, projection items, grouping keys and aggregate arguments,
// sort keys and an UNWIND's list. It returns the new operator and whether
// anything changed; operators that read grouping keys by their text
// (Subst) or run vectorised are left alone.
func mapOpExprs(b *builder, op logical.Op, f exprRewrite) (logical.Op, bool) {
	switch o := op.(type) {
	case logical.Filter:
		if o.Subst != nil || o.Vectorised {
			return op, false
		}
		e, ok := f(o.Pred)
		if ok {
			o.Pred = e
		}
		return o, ok
	case logical.Project:
		if o.Subst != nil || o.Vectorised {
			return op, false
		}
		items, ok := replaceItems(o.Items, func(it logical.Item) (logical.Item, bool) {
			e, ok := f(it.Expr)
			it.Expr = e
			return it, ok
		})
		o.Items = items
		return o, ok
	case logical.Aggregate:
		keys, ok1 := replaceItems(o.Keys, func(it logical.Item) (logical.Item, bool) {
			e, ok := f(it.Expr)
			it.Expr = e
			return it, ok
		})
		aggs, ok2 := b.rewriteAggArgs(o.Aggs, f)
		if !ok1 && !ok2 {
			return op, false
		}
		o.Keys, o.Aggs = keys, aggs
		return o, true
	case logical.Sort:
		if o.Subst != nil {
			return op, false
		}
		keys, ok := replaceItems(o.Keys, func(k logical.SortKey) (logical.SortKey, bool) {
			e, ok := f(k.Expr)
			k.Expr = e
			return k, ok
		})
		o.Keys = keys
		return o, ok
	case logical.Unwind:
		e, ok := f(o.Expr)
		if ok {
			o.Expr = e
		}
		return o, ok
	}
	return op, false
}

// rewriteDeep is rewriteExpr that also rewrites inside the expressions
// that bind variables of their own (comprehensions, quantifiers,
// reduce(), map projections, the WHERE and value of a pattern
// comprehension and the WHERE of a pattern's EXISTS { } or COUNT { }).
// f must not introduce a variable that such a binding could capture.
func rewriteDeep(e ast.Expr, f exprRewrite) (ast.Expr, bool) {
	var g exprRewrite
	g = func(x ast.Expr) (ast.Expr, bool) {
		in, changed := deepChildren(x, g)
		if n, ok := f(in); ok {
			return n, true
		}
		return in, changed
	}
	return rewriteExpr(e, g)
}

// deepChildren is a binding expression with its own children rewritten by
// f (rewriteExpr), or x itself.
func deepChildren(x ast.Expr, f exprRewrite) (ast.Expr, bool) {
	sub := func(e ast.Expr) (ast.Expr, bool) { return rewriteExpr(e, f) }
	switch y := x.(type) {
	case *ast.ListComprehension:
		in, a := sub(y.In)
		where, b := sub(y.Where)
		m, c := sub(y.Map)
		if !a && !b && !c {
			return x, false
		}
		n := *y
		n.In, n.Where, n.Map = in, where, m
		return &n, true
	case *ast.Quantifier:
		in, a := sub(y.In)
		where, b := sub(y.Where)
		if !a && !b {
			return x, false
		}
		n := *y
		n.In, n.Where = in, where
		return &n, true
	case *ast.Reduce:
		init, a := sub(y.Init)
		in, b := sub(y.In)
		body, c := sub(y.Expr)
		if !a && !b && !c {
			return x, false
		}
		n := *y
		n.Init, n.In, n.Expr = init, in, body
		return &n, true
	case *ast.PatternComprehension:
		where, a := sub(y.Where)
		m, b := sub(y.Map)
		if !a && !b {
			return x, false
		}
		n := *y
		n.Where, n.Map = where, m
		return &n, true
	case *ast.ExistsSubquery:
		if y.Pattern == nil {
			return x, false
		}
		where, ok := sub(y.Where)
		if !ok {
			return x, false
		}
		n := *y
		n.Where = where
		return &n, true
	case *ast.CountSubquery:
		if y.Pattern == nil {
			return x, false
		}
		where, ok := sub(y.Where)
		if !ok {
			return x, false
		}
		n := *y
		n.Where = where
		return &n, true
	case *ast.MapProjection:
		items, ok := rewriteEach(y.Items, func(it *ast.MapProjectionItem) (ast.Expr, bool) { return sub(it.Expr) },
			func(it *ast.MapProjectionItem, e ast.Expr) { it.Expr = e })
		if !ok {
			return x, false
		}
		n := *y
		n.Items = items
		return &n, true
	}
	return x, false
}
