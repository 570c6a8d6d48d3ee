package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// optionalNullsUnread runs an OPTIONAL MATCH as a MATCH when nothing can
// see the rows it adds: `MATCH (e)<--(y) OPTIONAL MATCH (y)<--(z) RETURN
// count(DISTINCT z)`. An Optional keeps each input row without a match,
// its new variables null; when the aggregation right after it has no
// grouping keys and only count(DISTINCT v), collect(DISTINCT v), min(v)
// or max(v) of the Optional's new variables, such a row adds nothing to
// any of them (they skip nulls, and over no rows give what they give over
// null rows), so the Optional's inner operators can run inline, where
// the rules after this one (a set chain through them) see them as they
// see a MATCH.
func optionalNullsUnread(_ *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	for i := 0; i+1 < len(ops); i++ {
		o, ok := ops[i].(logical.Optional)
		if !ok || len(o.Inner) == 0 {
			continue
		}
		a, ok := ops[i+1].(logical.Aggregate)
		if !ok || len(a.Keys) > 0 || len(a.Aggs) == 0 {
			continue
		}
		unread := true
		for _, c := range a.Aggs {
			unread = unread && nullSkipping(c.Call, o.NewVars)
		}
		if unread {
			return replace(ops, i, 1, o.Inner...), true
		}
	}
	return ops, false
}

// nullSkipping reports whether call is count(DISTINCT v), collect(DISTINCT
// v), min(v) or max(v) of a variable v of vars.
func nullSkipping(call *ast.FunctionCall, vars []string) bool {
	if call.Star || len(call.Namespace) > 0 || len(call.Args) != 1 {
		return false
	}
	v, ok := call.Args[0].(*ast.Variable)
	if !ok || !slices.Contains(vars, v.Name) {
		return false
	}
	switch strings.ToLower(call.Name) {
	case "count", "collect":
		return call.Distinct
	case "min", "max":
		return true
	}
	return false
}
