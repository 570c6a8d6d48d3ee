package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// A seek of constant values crosses WITH boundaries as it crosses
// expansions (hoistSeeks): `MATCH (:U {id: 1})-->(b) WITH DISTINCT b
// MATCH (b)<--(:U {id: 2})` joins every row after the WITH with the same
// nodes of the second seek, so the seek may run once before the first
// expansion, its node carried through the WITH, instead of once per row
// the WITH passes; the expansion into it then sees both ends bound, as
// the one pattern `(:U {id: 1})-->(b)<--(:U {id: 2})` does (and the
// collect-then-IN form, which collected_lists.go makes this one). The
// rows are the same:
//
//   - a Select (WITH b) keeps the variables it lists: it keeps the
//     seek's node too when that is added to them;
//   - a projection of plain variables (WITH b, a AS c) computes nothing
//     that could fail, and gets the seek's node as an item of its own;
//   - a DISTINCT on the row's variables: rows R joined with the seek's
//     nodes S (each once: a seek binds distinct nodes) are distinct on
//     the variables of R and S together exactly when those of R are
//     distinct, so DISTINCT then join equals join then DISTINCT on both
//     (a seek of a list of ids, which may bind a node once per
//     occurrence, does not cross it).
//
// The seek's node must not be a name bound before the boundary (the WITH
// hides that variable; the seek's is another of the same name), and its
// value must not read a name the boundary binds. Aggregations, ORDER BY,
// SKIP, LIMIT and UNWIND are not crossed: they count, order or cut rows.

// boundaryBefore reports whether a seek of v at position i may move
// before ops[j], a WITH boundary (see above).
func boundaryBefore(ops []logical.Op, j int, seek logical.Op, v string) bool {
	switch o := ops[j].(type) {
	case logical.Select:
	case logical.Distinct:
		if _, byValue := seek.(logical.NodeIndexSeek); !byValue {
			return false // a seek of a list of ids may bind a node twice
		}
	case logical.Project:
		binds, ok := passThrough(o)
		if !ok || contains(binds, v) || slices.ContainsFunc(o.Items, func(it logical.Item) bool { return it.Name == v }) {
			return false
		}
	default:
		return false
	}
	for _, op := range ops[:j] {
		if binds, _ := bindsVars(op); contains(binds, v) {
			return false
		}
		if s, ok := op.(logical.SemiJoin); ok && s.Scan && s.Probe == v {
			return false
		}
	}
	return true
}

// carrySeek returns ops with every WITH boundary among them passing v on.
func carrySeek(ops []logical.Op, v string) []logical.Op {
	out := make([]logical.Op, len(ops))
	for k, op := range ops {
		switch o := op.(type) {
		case logical.Select:
			o.Vars = append(slices.Clone(o.Vars), v)
			op = o
		case logical.Distinct:
			o.Vars = append(slices.Clone(o.Vars), v)
			op = o
		case logical.Project:
			o.Items = append(slices.Clone(o.Items), logical.Item{Expr: &ast.Variable{Name: v}, Name: v})
			op = o
		}
		out[k] = op
	}
	return out
}
