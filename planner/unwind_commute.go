package planner

import (
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
)

// commuteUnwinds moves an UNWIND written after a run of plain MATCH
// clauses before the run when its list reads nothing the run binds and
// its variable makes the run start cheaper: `MATCH (a)-->(n) UNWIND $l
// AS u MATCH (n)-->(c) WHERE a.id = u` becomes `UNWIND $l AS u MATCH
// (a)-->(n) MATCH (n)-->(c) WHERE a.id = u`, where u keys a's seek (or
// narrows its scan) for each element instead of filtering every path.
//
// The two orders have the same rows: for each row before the run, the
// run's bindings times the list's elements (an UNWIND that reads nothing
// of the run is a cartesian factor). An empty list gives no rows either
// way, duplicates give as many copies, and a null element matches nothing
// a comparison keys (x.p = null is never true). What the run's WHERE
// clauses test, subqueries included, reads no element, so it holds of
// each copy of a binding as it held of the binding. Only the order of the
// rows changes, so no UNWIND moves after an ORDER BY. The list must be
// deterministic, read no pattern and raise no error (it is evaluated once
// per row before the run instead of once per binding of the run, also for
// a row the run has no binding for); no clause it passes may name its
// variable in a scope of its own (a subquery's, a comprehension's), which
// the moved variable would capture; and OPTIONAL MATCH clauses end the
// run (the variable cannot narrow them the same way). It moves before the
// longest run it may pass (plain MATCH clauses), else before the run's
// MATCH clauses the run order may reorder, whichever the cost chooses
// first. The choice is by cost: moving the UNWIND multiplies the run's
// work by the list's length, so it moves only when the run's cheapest
// start with the variable bound, times that length, is matchOrderGain
// times cheaper than without it; a list of at most one element
// multiplies nothing, and moves whenever the start is no costlier (its
// conditions then filter the run where their variables are bound, not
// after it).
func (b *builder) commuteUnwinds(clauses []ast.Clause, sc *scope) []ast.Clause {
	out := append([]ast.Clause(nil), clauses...)
	for moved := true; moved; {
		moved = false
		kinds := scopeKinds(sc)
		start, plain, ordered := -1, -1, false
		var atStart, atPlain map[string]varKind
		for i, c := range out {
			switch x := c.(type) {
			case *ast.Match:
				if !reorderable(c) {
					start = -1
				} else if start < 0 {
					start, atStart = i, kinds
				}
				if x.Optional || x.Pattern == nil {
					plain = -1
				} else if plain < 0 {
					plain, atPlain = i, kinds
				}
			case *ast.Unwind:
				to := -1
				if ordered || kinds == nil || !listCannotFail(x.Expr, kinds) {
				} else if plain >= 0 && atPlain != nil && b.mayPrecede(out[plain:i], x, out[i+1:], atPlain, kinds) {
					to = plain
				} else if start > plain && atStart != nil && b.mayPrecede(out[start:i], x, out[i+1:], atStart, kinds) {
					to = start
				}
				if to >= 0 {
					next := append(append([]ast.Clause(nil), out[:to]...), x)
					next = append(append(next, out[to:i]...), out[i+1:]...)
					out, moved = next, true
				}
				start, plain = -1, -1
			case *ast.With:
				start, plain = -1, -1
				ordered = ordered || x.Projection.OrderBy != nil
			default:
				start, plain = -1, -1
			}
			if moved {
				break
			}
			kinds = followScope(c, kinds, sc)
		}
	}
	return out
}

// mayPrecede reports whether UNWIND u may and should move before run
// (see commuteUnwinds): the clauses of run do not name its variable, and
// unwindFirst chooses it.
func (b *builder) mayPrecede(run []ast.Clause, u *ast.Unwind, after []ast.Clause, atStart, kinds map[string]varKind) bool {
	return !mentions(run, u.Var.Name) && b.unwindFirst(run, u, after, atStart, kinds)
}

// listCannotFail reports whether evaluating list e raises no error whatever
// the values of the variables of kinds: literals, parameters and
// variables, properties of nodes and relationships, and list literals of
// those.
func listCannotFail(e ast.Expr, kinds map[string]varKind) bool {
	switch x := e.(type) {
	case *ast.Literal, *ast.Parameter, *ast.Variable:
		return true
	case *ast.Property:
		v, ok := x.Expr.(*ast.Variable)
		return ok && (kinds[v.Name] == kindNode || kinds[v.Name] == kindRel)
	case *ast.ListLiteral:
		for _, it := range x.Items {
			if !listCannotFail(it, kinds) {
				return false
			}
		}
		return true
	}
	return false
}

// mentions reports whether any of clauses names the variable name
// anywhere, subqueries included.
func mentions(clauses []ast.Clause, name string) bool {
	for _, c := range clauses {
		if mentionedNames(c)[name] {
			return true
		}
	}
	return false
}

// unwindFirst reports whether u, written after run (with the scope
// atStart before the run and kinds before u), may and should move before
// run; after are the clauses after u.
func (b *builder) unwindFirst(run []ast.Clause, u *ast.Unwind, after []ast.Clause, atStart, kinds map[string]varKind) bool {
	if _, bound := kinds[u.Var.Name]; bound {
		return false // an error the builder reports where it is written
	}
	if !invariantOver(u.Expr, atStart) {
		return false
	}
	// The run the UNWIND would start: run and the MATCH clauses after it.
	joined := append([]ast.Clause(nil), run...)
	for _, c := range after {
		if !reorderable(c) {
			break
		}
		joined = append(joined, c)
	}
	withU := copyKinds(atStart)
	withU[u.Var.Name] = kindValue
	before := b.runStartCost(run, atStart)
	first := b.runStartCost(joined, withU)
	n := float64(unwindFanout)
	if l, ok := u.Expr.(*ast.ListLiteral); ok {
		n = float64(len(l.Items))
	}
	move := n*first*matchOrderGain < before
	if n <= 1 {
		// One element or none: the run runs at most once either way, and
		// the conditions on the variable filter it where they apply
		// instead of after it.
		move = first <= before
	}
	if move {
		return true
	}
	// Kept after the run by its start, unless the cost of the whole plan
	// chooses to move it (see orderChoices). An UNWIND the start moves
	// stays moved: kept after the run, the filter its variable keys reads
	// a scan's rows, whose expansions are estimated by mean degrees where
	// the seek it keys reads the sought nodes' own, and the plan would be
	// chosen for the less informed estimate.
	return b.choose(unwindKey(u, run[0]), 0, []int{0, 1}) == 1
}

// runStartCost is the rows the cheapest start of a run of MATCH clauses
// reads (see startCost), outer bound before it.
func (b *builder) runStartCost(run []ast.Clause, outer map[string]varKind) float64 {
	if !nodeJoinsOnly(run) {
		return b.startCost(run[0].(*ast.Match), kindsScope(outer), boundNames(outer))
	}
	run = hoistRunConditions(run, outer, b.runKinds)
	sc, bound := kindsScope(outer), boundNames(outer)
	best := b.startCost(run[0].(*ast.Match), sc, bound)
	for _, c := range run[1:] {
		best = min(best, b.startCost(c.(*ast.Match), sc, bound))
	}
	return best
}

func boundNames(kinds map[string]varKind) map[string]bool {
	out := make(map[string]bool, len(kinds))
	for n := range kinds {
		out[n] = true
	}
	return out
}

// invariantOver reports whether e reads only variables of kinds, no
// pattern or subquery, and calls only deterministic functions: its value
// for a row is the same wherever it is evaluated after the row is bound.
func invariantOver(e ast.Expr, kinds map[string]varKind) bool {
	s := newVarSet()
	addExprVars(e, &s)
	if s.all || s.aggs || usesAny(e, nil) {
		return false
	}
	for n := range s.names {
		if _, ok := kinds[n]; !ok {
			return false
		}
	}
	ok := true
	visitExpr(e, func(x ast.Expr) bool {
		switch y := x.(type) {
		case *ast.ListComprehension, *ast.Quantifier, *ast.Reduce:
			ok = false // their own variables are not followed here
		case *ast.FunctionCall:
			f, found := functions.Lookup(qualifiedName(y))
			if !found || !f.Deterministic {
				ok = false
			}
		}
		return ok
	})
	return ok
}
