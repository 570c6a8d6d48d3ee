package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"slices"
)

// unwoundFilters reads a filter of the rows an UNWIND makes as a filter of
// its list: `UNWIND L AS y` followed by `Filter P` (P reading y) is
// `UNWIND [y IN [] + L WHERE P] AS y`. The comprehension keeps the
// elements whose row the filter keeps, in their order and with their
// duplicates, so the UNWIND gives the same rows; `[] + L` reads L as
// UNWIND does (a value that is not a list is one element, null none).
// The list's tests are then the list rules' (list_adjacent_tests.go):
// `UNWIND xs AS x UNWIND xs AS y WITH x, y WHERE (x)-->(y)` tests the
// pairs of a collected list by one intersection of x's neighbours with
// the list per x, as the nested comprehension [y IN xs WHERE (x)-->(y)]
// does, where the filter ran the pattern once per pair.
//
// The comprehension evaluates P on every element before the first row
// leaves the UNWIND, the filter on each row as it comes (and on none past
// a LIMIT that stopped the rows first), so P must not fail: every moved
// conjunct is a predicate that cannot fail (safePredicate) with the
// variables it reads from the row entities or plain values, and every
// bound variable a pattern of it reads a node or relationship: one bound
// by the operators before, or the variable of an UNWIND (this one or one
// before) of a list of such, a collect() of one or a pattern
// comprehension's (entityLists). P is the conjuncts of the filters right
// after the UNWIND, in their order; a filter with a substitution (after
// an aggregation) or a deferred test is left alone, and so are all of
// them when one conjunct may fail. Only filters with a pattern test of y
// are moved (testsPattern): a comparison filters as cheaply per row, and
// the cost model estimates it by its operands.
func unwoundFilters(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	for i := 0; i+1 < len(ops); i++ {
		u, ok := ops[i].(logical.Unwind)
		if !ok || u.Var == "" {
			continue
		}
		// The filters right after the UNWIND, across projections that
		// only pass variables on under their names (kept).
		var preds []ast.Expr
		var kept []logical.Op
		j := i + 1
	scan:
		for ; j < len(ops); j++ {
			switch o := ops[j].(type) {
			case logical.Filter:
				if o.Subst != nil || o.Defer != "" || o.Vectorised {
					break scan
				}
				preds = append(preds, conjuncts(o.Pred)...)
			case logical.Project:
				if !passesNames(o) || !slices.ContainsFunc(o.Items, func(it logical.Item) bool { return it.Name == u.Var }) {
					break scan
				}
				kept = append(kept, o)
			default:
				break scan
			}
		}
		if len(preds) == 0 || !unwoundReads(preds, u.Var) || !testsPattern(preds, u.Var) {
			continue
		}
		entities := unwoundEntities(ops[:i+1])
		if !filterSafe(preds, entities) {
			continue
		}
		pred := preds[0]
		for _, p := range preds[1:] {
			pred = &ast.Binary{Span: spanOver(pred, p), Op: ast.OpAnd, Left: pred, Right: p}
		}
		sp := u.Expr.NodeSpan()
		list := u.Expr
		if c, ok := list.(*ast.ListComprehension); ok && c.Var != nil && c.Var.Name == u.Var && c.Map == nil && c.Where != nil {
			// a list filtered before: one test of both
			list, pred = c.In, &ast.Binary{Span: spanOver(c.Where, pred), Op: ast.OpAnd, Left: c.Where, Right: pred}
		}
		if !listValued(list) {
			list = &ast.Binary{Span: sp, Op: ast.OpAdd, Left: &ast.ListLiteral{Span: sp}, Right: list}
		}
		comp := &ast.ListComprehension{Span: sp, Var: &ast.Variable{Span: sp, Name: u.Var}, In: list, Where: pred}
		out := append(append(append(append([]logical.Op(nil), ops[:i]...), logical.Unwind{Expr: comp, Var: u.Var}), kept...), ops[j:]...)
		return out, true
	}
	return ops, false
}

// passesNames reports whether projection p only passes variables on under
// their own names.
func passesNames(p logical.Project) bool {
	if p.Subst != nil || p.Vectorised {
		return false
	}
	for _, it := range p.Items {
		v, ok := it.Expr.(*ast.Variable)
		if !ok || v.Name != it.Name {
			return false
		}
	}
	return true
}

// testsPattern reports whether a predicate of preds reading n holds a
// pattern test (a pattern predicate, EXISTS { }, COUNT { }): what the
// list rules read faster than a filter per row. Other tests stay
// filters, which the cost model estimates by what they compare.
func testsPattern(preds []ast.Expr, n string) bool {
	for _, p := range preds {
		if !readsName(p, n) {
			continue
		}
		found := false
		ast.Inspect(p, func(x ast.Node) bool {
			if e, ok := x.(ast.Expr); ok {
				if _, _, _, ok := patternMatches(e); ok {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// unwoundReads reports whether any of es mentions the variable n.
func unwoundReads(es []ast.Expr, n string) bool {
	for _, e := range es {
		if readsName(e, n) {
			return true
		}
	}
	return false
}

// filterSafe reports whether every predicate of preds cannot fail with
// entities known (safePredicate), every variable a pattern in it binds
// before being an entity there.
func filterSafe(preds []ast.Expr, entities map[string]bool) bool {
	for _, p := range preds {
		if !safePredicate(p, entities) || !patternEndsKnown(p, entities) {
			return false
		}
	}
	return true
}

// patternEndsKnown reports whether every variable named by a node or
// relationship of a pattern in e is, where known to the row (a key of
// entities), an entity: a pattern read from a bound value that is not a
// node fails. A name entities does not hold is one the pattern binds
// itself (or a value of the row, which safePredicate's patterns never
// read: they test properties only of names they know).
func patternEndsKnown(e ast.Expr, entities map[string]bool) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		var v *ast.Variable
		switch x := n.(type) {
		case *ast.NodePattern:
			v = x.Var
		case *ast.RelPattern:
			v = x.Var
		}
		if v != nil {
			isEntity, bound := entities[v.Name]
			if bound && !isEntity || !bound && rowValue(entities, v.Name) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// rowValue reports whether name is marked in entities as a value of the
// row that is not an entity (see unwoundEntities).
func rowValue(entities map[string]bool, name string) bool {
	return entities["#value:"+name]
}

// unwoundEntities is entityVars of ops, each UNWIND's variable added as an
// entity when its list holds only nodes or relationships (entityList),
// and every other variable the operators bind marked "#value:" so that a
// pattern reading it is told apart from one binding a fresh name.
func unwoundEntities(ops []logical.Op) map[string]bool {
	out := entityVars(ops, nil)
	for k, op := range ops {
		u, ok := op.(logical.Unwind)
		if !ok {
			continue
		}
		if entityList(ops[:k], u.Expr, out) {
			out[u.Var] = true
		} else {
			out["#value:"+u.Var] = true
		}
	}
	if sc, _, ok := scopeAt(ops, len(ops)); ok {
		for n := range sc.vars {
			if _, known := out[n]; !known {
				out["#value:"+n] = true
			}
		}
	}
	return out
}

// entityList reports whether e, read after ops, is a list whose elements
// are all nodes or relationships: a variable that the operators bound to
// collect() of an entity (collect drops nulls), renamed by projections on
// the way, or a pattern comprehension whose element is a variable its
// pattern binds.
func entityList(ops []logical.Op, e ast.Expr, entities map[string]bool) bool {
	if pc, ok := e.(*ast.PatternComprehension); ok {
		v, isVar := pc.Map.(*ast.Variable)
		if !isVar || pc.Element == nil {
			return false
		}
		for _, n := range pc.Element.Nodes {
			if n.Var != nil && n.Var.Name == v.Name {
				return true
			}
		}
		for _, r := range pc.Element.Rels {
			if r.Var != nil && r.Var.Name == v.Name && r.VarLength == nil {
				return true
			}
		}
		return false
	}
	v, ok := e.(*ast.Variable)
	if !ok {
		return false
	}
	name := v.Name
	for k := len(ops) - 1; k >= 0; k-- {
		switch o := ops[k].(type) {
		case logical.Project:
			for _, it := range o.Items {
				if it.Name != name {
					continue
				}
				switch x := it.Expr.(type) {
				case *ast.Variable:
					name = x.Name
					goto next
				case *ast.FunctionCall:
					// an aggregate read by its call (Subst after the
					// aggregation)
					if isCollect(x) && len(x.Args) == 1 {
						w, ok := x.Args[0].(*ast.Variable)
						return ok && entityVars(ops[:k], nil)[w.Name]
					}
				}
				return false
			}
		case logical.Aggregate:
			for _, a := range o.Aggs {
				if a.Name != name {
					continue
				}
				if a.Call == nil || len(a.Call.Args) != 1 || !isCollect(a.Call) {
					return false
				}
				w, ok := a.Call.Args[0].(*ast.Variable)
				return ok && entityVars(ops[:k], nil)[w.Name]
			}
			for _, key := range o.Keys {
				if key.Name == name {
					return false
				}
			}
		case logical.Unwind:
			if o.Var == name {
				return false
			}
		}
	next:
	}
	return false
}

// isCollect reports whether call is collect().
func isCollect(call *ast.FunctionCall) bool {
	fc, ok := collectCall(call)
	return ok && fc == call
}
