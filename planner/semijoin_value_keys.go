package planner

import "github.com/cyqdb/cyq/parser/ast"

// A semi-join's key may be a value of the row rather than a node: an
// existence test whose body reads one node of the row (the probe) and one
// value (`MATCH (c:Customer) WHERE EXISTS { (c)-->()<--(s:Supplier) WHERE
// s.country = country }`) is the question "is the probe among the nodes
// the pattern reaches given this value?", and the set of those nodes is
// the body's pipeline run with the value bound and the probe unbound
// (semiJoinFor). It is computed once per run of rows with the same value
// (buildSet compares the key with the last run's by value.Same, which
// tells 1 from 1.0, so a body reading the value by any function sees the
// value it was computed for), so a correlated subquery whose only link
// to the row besides the probe is a value runs once per distinct value in
// a run instead of once per row. It is exact for the reasons the node-keyed
// semi-join is: the body cannot fail (bodyMayFail, with the value not
// known to be an entity), so computing its matches for every probe
// instead of the row's hides no error, and the body's result depends on
// the row only through the probe and the value.

// valueKeyed reports whether the value variable name may be the key of a
// semi-join deciding x: the body reads it only as a value, never as one
// of its pattern's nodes or relationships.
func valueKeyed(x *ast.ExistsSubquery, name string) bool {
	if x.Pattern == nil {
		return false
	}
	own := map[string]varKind{}
	addPatternKinds(x.Pattern, own)
	_, bound := own[name]
	return !bound
}
