package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
)

// Conjuncts ordered by cost.
//
// A filter tests its conjuncts in order and stops at the first that is
// false, so a cheap test written or moved ahead of a costly one spares
// the costly one on the rows it rejects. A test of a nested pattern or
// subquery (EXISTS { }, COUNT { }, a pattern comprehension, COLLECT { },
// a pattern predicate) expands from the row's nodes, where a test of
// properties, labels or values reads the row: `MATCH (a:User) WHERE a.id
// < 10000 WITH a WHERE COUNT { (a)-->() } > 50` tests a.id first, and
// counts the links of the users it keeps only.
//
// Order matters to errors too: row mode tests the conjuncts in the
// order written and raises the first error it meets, and a conjunct that
// is false spares the later ones. So conjuncts are reordered only when
// none of them may fail; otherwise they keep their order.

// cheapFirst returns cs with the tests of nested patterns and subqueries
// after the others, each group in its order, when safe reports that no
// conjunct may fail; cs as it is otherwise.
func cheapFirst(cs []ast.Expr, safe func(ast.Expr) bool) []ast.Expr {
	if len(cs) < 2 || safe == nil {
		return cs
	}
	costly := false
	for _, c := range cs {
		if !safe(c) {
			return cs
		}
		costly = costly || hasPatternExpr(c)
	}
	if !costly {
		return cs
	}
	out := slices.Clone(cs)
	slices.SortStableFunc(out, func(a, b ast.Expr) int {
		return boolRank(hasPatternExpr(a)) - boolRank(hasPatternExpr(b))
	})
	return out
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}
