package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
)

// An OPTIONAL MATCH whose new variables nothing reads changes no
// variable of the rows after it, only how many times each repeats, so a
// rewrite whose result does not see repetition (a distinct count, a set)
// may leave it out (distinct_count_sets.go, collect_union.go). But row
// mode still matches it: it evaluates the pattern's property maps, its
// inline conditions and its WHERE on every candidate match, and one that
// fails there (`WHERE 10 / x.k > 2` where some x.k is 0, `x.d.year` on
// an integer) raises its error. Leaving the clause out would hide that
// error, so it goes only where matching it cannot fail: the tests of its
// pattern and WHERE are those an existence body may have to be decided
// as a set (failing_bodies.go: never failing with the pattern's
// variables and the nodes and relationships bound before it known, or
// by the kinds of the values property keys hold).

// optionalMayFail reports whether matching clauses[j], an OPTIONAL
// MATCH, may raise an error, with the variables clauses before it bind
// as nodes or relationships known as such (and nothing known of the
// others: an UNWIND or WITH value may be of any kind).
func (b *builder) optionalMayFail(clauses []ast.Clause, j int) bool {
	m := clauses[j].(*ast.Match)
	outers := map[string]bool{}
	before := clauseBindings(clauses, j)
	for n, bd := range before {
		if !bd.pattern {
			continue
		}
		own := map[string]varKind{}
		addPatternKinds(clauses[bd.at].(*ast.Match).Pattern, own)
		if k := own[n]; k == kindNode || k == kindRel {
			outers[n] = true
		}
	}
	own := map[string]varKind{}
	addPatternKinds(m.Pattern, own)
	for n := range own {
		if _, isBound := before[n]; isBound && !outers[n] {
			return true // matching a bound value that may be no node fails
		}
	}
	x := &ast.ExistsSubquery{Span: m.Span, Pattern: m.Pattern, Where: m.Where}
	return bodyFails(x, outers, nil) && (b == nil || bodyFails(x, outers, b.kindsWith(nil)))
}
