package planner

import "github.com/cyqdb/cyq/parser/ast"

// Moving a clause that binds a variable ahead of a clause that does not
// see it changes what the passed clause means when it names the variable
// in a scope of its own: in `MATCH (a) WHERE EXISTS { (a)-->(b) } MATCH
// (b {id: 1})` the b of the EXISTS is the subquery's own (any node), and
// with the second MATCH planned first it would be the seek's node. The
// same holds for the variables of pattern comprehensions, quantifiers,
// list comprehensions, reduce and COUNT/EXISTS/COLLECT queries. So a
// clause (a MATCH run order, an UNWIND commuted before a run) may pass a
// clause only when none of the variables it binds is named inside the
// passed clause where the passed clause does not bind or see it
// (nestedNames): then every name keeps the variable it had.

// mentionedNames is every variable name node n names anywhere, nested
// scopes (subqueries, comprehensions) included.
func mentionedNames(n ast.Node) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(n, func(x ast.Node) bool {
		if v, ok := x.(*ast.Variable); ok {
			out[v.Name] = true
		}
		return true
	})
	return out
}

// nestedNames is the variable names MATCH clause m names that are
// neither in scope before it (seen) nor bound by its pattern: the
// variables of the scopes nested in it, which a variable of the same
// name bound before m would capture.
func nestedNames(m *ast.Match, seen map[string]bool) map[string]bool {
	own := map[string]varKind{}
	addPatternKinds(m.Pattern, own)
	out := map[string]bool{}
	for n := range mentionedNames(m) {
		if _, bound := own[n]; !bound && !seen[n] {
			out[n] = true
		}
	}
	return out
}

// mayLead reports whether clause k of run, a run of MATCH clauses with
// outer bound before it, may be planned ahead of the clauses written
// before it: none of the variables it binds is named in a nested scope
// of a clause it passes.
func mayLead(run []ast.Clause, k int, outer map[string]varKind) bool {
	binds := map[string]varKind{}
	addPatternKinds(run[k].(*ast.Match).Pattern, binds)
	seen := boundNames(outer)
	for j := 0; j < k; j++ {
		m := run[j].(*ast.Match)
		for n := range nestedNames(m, seen) {
			if _, ok := binds[n]; ok {
				return false
			}
		}
		own := map[string]varKind{}
		addPatternKinds(m.Pattern, own)
		for n := range own {
			seen[n] = true
		}
	}
	return true
}
