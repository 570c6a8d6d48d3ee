package planner

import "github.com/cyqdb/cyq/planner/logical"

// Existence tests in a pattern read per row as sets of the row's nodes.
//
// A pattern that an expression tests or counts per row (a pattern
// predicate, EXISTS { }, COUNT { }, the one MATCH of such a body; see
// gen.exists) is planned from the row's variables bound. Its WHERE may
// itself test patterns that join one of its new nodes to a node of the
// row: `COUNT { MATCH (x) WHERE (a)-->(x) OR (b)-->(x) }`. Read with the
// row's variables as bound before the pipeline starts, such a test is
// the semi-join of semiJoinExists, its set built per node of the row
// (the key) and rebuilt only when that node changes, and a Boolean
// combination of them the set combination of semijoin_tree.go: the OR
// above scans the union of the two expansions, AND their intersection,
// instead of every node with two adjacency tests each. A node of the row
// may be null (an OPTIONAL MATCH's): the set built from the null node is
// empty, as the pattern matches nothing from it, and a null probe is in
// no set, so each test keeps the answer the per-row test gives. Every
// variable of the row is in scope with its kind, so a test that reads
// one that is not a node (a value that may hold one) keeps its per-row
// form, as a variable bound in the pipeline would.

// correlatedSemiJoins rewrites the filters of ops, a pattern's pipeline
// planned with the variables of row bound, by semiJoinExists with those
// variables bound before it starts. The result starts with a Start.
// (semiJoinExists keeps the per-row test in a statement that writes.)
func (b *builder) correlatedSemiJoins(ops []logical.Op, row *scope) []logical.Op {
	if b.rowModeOnly || row == nil || len(row.vars) == 0 || len(ops) == 0 {
		return ops
	}
	if _, ok := ops[0].(logical.Start); ok {
		return ops
	}
	saved := b.rowScope
	b.rowScope = row
	defer func() { b.rowScope = saved }()
	out := append([]logical.Op{logical.Start{}}, ops...)
	changed := false
	for range maxRuleRounds {
		next, ok := semiJoinExists(b, out, required{})
		if !ok {
			break
		}
		out, changed = next, true
	}
	if !changed {
		return ops
	}
	return out
}
