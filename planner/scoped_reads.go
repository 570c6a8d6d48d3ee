package planner

import (
	"slices"

	"github.com/cyqdb/cyq/planner/logical"
)

// Scoped reads of nested patterns.
//
// A pattern nested in an expression (a pattern predicate, a pattern
// comprehension, the pattern or MATCH-only body of EXISTS { }, COUNT { }
// or COLLECT { }) names variables of two kinds, told apart only by the
// scope where the expression is evaluated: a name bound there is read
// (the pattern is matched with that node or relationship fixed), any
// other is the pattern's own, bound by each match. `MATCH (a)-->(c) WITH
// a WHERE COUNT { (a)-[:T]->(c) } > 1` reads a only: the WITH ended c's
// scope, and c is the count's own.
//
// So what an expression reads depends on where it is, and an expression
// moved to another operator means the same only where each name it
// mentions keeps its kind: a read is bound to the same value (no
// operator between binds it again) and the pattern's own names are bound
// to nothing. exprVars names every one of them (reads and own names
// alike), so a rule moving an expression back (bindingSite) stops after
// the operator that binds one of them or that ends the scope of one
// (scopeEnds): past that operator the pattern's own name would read the
// binding the operator dropped.

// scopeEnds reports whether op ends the scope of one of names: a WITH's
// selection of columns that does not keep it, or an aggregation that
// does not group by it. A filter mentioning such a name in a nested
// pattern, moved ahead of op, would read the binding op dropped where
// after op the pattern binds the name itself.
func scopeEnds(op logical.Op, names map[string]bool) bool {
	switch o := op.(type) {
	case logical.Select:
		for n := range names {
			if !slices.Contains(o.Vars, n) {
				return true
			}
		}
	case logical.Aggregate:
		for n := range names {
			if !slices.ContainsFunc(o.Keys, func(it logical.Item) bool { return it.Name == n }) {
				return true
			}
		}
	}
	return false
}
