package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// Existence tests whose bodies may fail stay tests per row.
//
// EXISTS { } is true at the first match of its body: the test per row
// reads the matches from the row's nodes one at a time and stops there,
// so a test of the body that fails on some match (`b.d.year` where d is
// an integer, a division by zero, toInteger() of a word) raises its
// error only when no match before it decided, and only for rows that
// reach the test. A semi-join builds the set of every node the body
// reaches, from every candidate or key, and so evaluates the body's
// tests on matches the written query never reads: it would raise errors
// row mode does not. (COUNT { } >= k reads every match of the row, but
// the set is built for candidates that are not rows too.)
//
// So a semi-join, its mark for a projected test, and the set trees that
// combine several decide an existence test only when reading its matches
// cannot fail: the pattern's property maps, its inline WHERE and the
// body's WHERE are predicates that never fail with the pattern's own
// variables and the outer nodes known (patternSafe). Otherwise the test
// is evaluated per row, where row mode evaluates it, and its body is
// read as row mode reads it (gen.exists): the rewrite rules would read
// it set at a time (a set expansion, a batched filter over the
// neighbours), testing every match where row mode stops at the first.

// bodyFailsWhy is the reason a semi-join is not chosen for such a test,
// shown by EXPLAIN.
const bodyFailsWhy = "a test of the body may fail, and a semi-join would evaluate it on matches the test per row never reads"

// bodyMayFail reports whether reading the matches of x, with the outer
// nodes and relationships of outers bound, may fail: patternSafe, which also reads a
// quantified path pattern's nodes, relationships and WHERE (elementSafe),
// and the kinds of the values of property keys (testSafe).
func (b *builder) bodyMayFail(x *ast.ExistsSubquery, outers map[string]bool) bool {
	// The kinds are read (and recorded as a read of the plan) only for a
	// body that needs them.
	return bodyFails(x, outers, nil) && bodyFails(x, outers, b.kindsWith(nil))
}

// bodyFails is bodyMayFail with kinds (nil for none).
func bodyFails(x *ast.ExistsSubquery, outers map[string]bool, kinds kindsOf) bool {
	entities := make(map[string]bool, len(outers))
	for n, k := range outers {
		entities[n] = k
	}
	if x.Pattern == nil {
		return true
	}
	own := map[string]varKind{}
	addPatternKinds(x.Pattern, own)
	if !endsBound(own, outers) {
		return true
	}
	for n, k := range own {
		entities[n] = k == kindNode || k == kindRel
	}
	if x.Where != nil && !testSafe(x.Where, entities, kinds) {
		return true
	}
	for _, part := range x.Pattern.Parts {
		if part.Element == nil || !elementSafe(part.Element, entities, kinds) {
			return true
		}
	}
	return false
}

// elementSafe reports whether matching el cannot fail: its property maps
// and inline WHERE never fail, and so do those of each quantified path
// pattern in it, and its WHERE, with the group's own variables known as
// the nodes and relationships of one iteration.
func elementSafe(el *ast.PatternElement, entities map[string]bool, kinds kindsOf) bool {
	for _, n := range el.Nodes {
		if !propsSafe(n.Props, entities) || n.Where != nil && !testSafe(n.Where, entities, kinds) {
			return false
		}
	}
	for _, r := range el.Rels {
		if g := r.Group; g != nil {
			inner := make(map[string]bool, len(entities))
			for n, k := range entities {
				inner[n] = k
			}
			for _, n := range g.Element.Nodes {
				if n.Var != nil {
					inner[n.Var.Name] = true
				}
			}
			for _, gr := range g.Element.Rels {
				if gr.Var != nil {
					inner[gr.Var.Name] = gr.VarLength == nil && !gr.Quantified()
				}
			}
			if !elementSafe(g.Element, inner, kinds) || g.Where != nil && !testSafe(g.Where, inner, kinds) {
				return false
			}
			continue
		}
		if !propsSafe(r.Props, entities) || r.Where != nil && !testSafe(r.Where, entities, kinds) {
			return false
		}
	}
	return true
}

// failsAhead reports whether a conjunct of a filter written before
// parts[k] may fail. Row mode evaluates a filter's conjuncts that cannot
// fail (neverFails) first, then the others in their written order, each
// dropping the row when it is not true (deciding_operands.go); an
// existence test is among the others, so one decided by a semi-join
// ahead of the filter moves ahead of the conjuncts written before it and
// drops rows on which one of those would raise its error.
//
// kinds (nil for none) are the kinds of the values of the properties the
// conjuncts read on the data the plan runs on (kindsAt): a conjunct
// written before that they prove cannot fail (`w.id % 10 = 3` where
// every id is an INTEGER: kindFailFree) raises no error on any row, so
// the test may be decided ahead of it: the rows are those of the
// written order and no error is lost. The plan records the kinds it
// read and is planned again when a write changes them.
func (b *builder) failsAhead(parts []ast.Expr, k int, entities map[string]bool, kinds kindsOf) bool {
	if neverFails(parts[k], entities) && !b.readsFailingList(parts[k]) {
		return false // row mode evaluates it first too
	}
	for _, c := range parts[:k] {
		if !kindSafeConjunct(c, entities, kinds) || b.readsFailingList(c) {
			return true
		}
	}
	return false
}

// kindSafeConjunct reports whether a filter's conjunct cannot fail: by
// its text (testSafe without kinds), or by the kinds (neverFailsKinds,
// whose tests yield a boolean or null). testSafe with kinds is not
// enough for a conjunct: it takes coalesce() of a value the kinds prove
// plain as safe, and a filter raises on a conjunct whose value is not a
// boolean (`coalesce(toLower(m.p), m.q = 1)` of a string p).
func kindSafeConjunct(c ast.Expr, entities map[string]bool, kinds kindsOf) bool {
	return testSafe(c, entities, nil) || neverFailsKinds(c, entities, kinds)
}

// groupFailsAhead is failsAhead for the conjuncts of parts a semi-join
// decides together, those not in rest: whether one of them is written
// after a conjunct of rest that may fail.
func (b *builder) groupFailsAhead(parts, rest []ast.Expr, entities map[string]bool, kinds kindsOf) bool {
	for k, c := range parts {
		if !slices.Contains(rest, c) && b.failsAhead(parts, k, entities, kinds) {
			return true
		}
	}
	return false
}

// testSafe is safePredicate, or neverFailsKinds with the kinds of the
// values property keys hold (a temporal part of a key holding only
// temporal values and nulls: kindsWith, a read the plan records), also
// through coalesce() of tests and values
// that cannot fail (the form `x IN [(v)-->(w) | w.k]` takes as an
// existence test: `coalesce(w.k = x, true)`), and AND, OR, XOR and NOT
// of those.
func testSafe(e ast.Expr, entities map[string]bool, kinds kindsOf) bool {
	if safePredicate(e, entities) || kinds != nil && neverFailsKinds(e, entities, kinds) {
		return true
	}
	switch x := e.(type) {
	case *ast.Binary:
		return (x.Op == ast.OpAnd || x.Op == ast.OpOr || x.Op == ast.OpXor) && testSafe(x.Left, entities, kinds) && testSafe(x.Right, entities, kinds)
	case *ast.Unary:
		return x.Op == ast.OpNot && testSafe(x.Expr, entities, kinds)
	case *ast.FunctionCall:
		if len(x.Namespace) > 0 || !strings.EqualFold(x.Name, "coalesce") || x.Distinct {
			return false
		}
		for _, a := range x.Args {
			if !testSafe(a, entities, kinds) && !plainValueKinds(a, entities, kinds) {
				return false
			}
		}
		return true
	}
	return false
}

// namesSet is the set of names, each true.
func namesSet(names []string) map[string]bool {
	out := make(map[string]bool, len(names))
	for _, n := range names {
		out[n] = true
	}
	return out
}
