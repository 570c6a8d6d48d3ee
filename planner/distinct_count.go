package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// distinctIntoCount folds `WITH DISTINCT v RETURN count(v)` (or a
// grouping by v alone) into
// count(DISTINCT v): a DISTINCT on one variable whose rows reach, through
// projections that only pass variables on, an aggregation without keys
// that only counts v (or counts rows, v never being null). Counting distinct non-null values is what both do;
// the fold lets a set-at-a-time operator before it hand its whole set to
// the count, and the identity projections between them go.
//
// The same holds per group when the aggregation is grouped by the other
// variables of the DISTINCT, `WITH DISTINCT q, f RETURN f, count(*)`:
// the rows of a group of f are its distinct values of q, so count(*)
// (q never null) and count(q) are count(DISTINCT q) grouped by f, and a
// group exists in both exactly where a row with its keys does.
func distinctIntoCount(_ *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		var vars []string
		if d, ok := op.(logical.Distinct); ok {
			vars = d.Vars
		}
		scan := len(vars) == 0 && onceScan(ops, i)
		if scan {
			vars = []string{ops[i].(logical.SemiJoin).Probe}
		}
		if len(vars) == 0 {
			continue
		}
		j := i + 1
		for j < len(ops) && passesOn(ops[j]) {
			j++
		}
		if j >= len(ops) {
			continue
		}
		a, ok := ops[j].(logical.Aggregate)
		if !ok || len(a.Aggs) == 0 {
			continue
		}
		v, ok := countedVar(vars, a.Keys)
		if !ok {
			continue
		}
		// count(*) counts the distinct rows, which are the distinct
		// values of v when v is never null.
		star := nonNullVars(ops[:i+1])[v]
		aggs := make([]logical.AggCall, len(a.Aggs))
		for k, c := range a.Aggs {
			if !countsVar(c.Call, v) && !(star && c.Call.Star) {
				aggs = nil
				break
			}
			call := *c.Call
			call.Star, call.Distinct = false, true
			call.Args = countArg(v, c.Call)
			aggs[k] = logical.AggCall{Name: c.Name, Call: &call}
		}
		if aggs == nil {
			continue
		}
		a.Aggs = aggs
		if scan {
			// the scan stays: it binds v
			return replace(ops, i+1, j-i, a), true
		}
		start := i
		for start > 0 && passesOn(ops[start-1]) {
			start--
		}
		return replace(ops, start, j-start+1, a), true
	}
	return ops, false
}

// countedVar reports whether the grouping keys are bare variables, each
// one of vars, that leave exactly one of vars, and returns it.
func countedVar(vars []string, keys []logical.Item) (string, bool) {
	if len(vars) != len(keys)+1 {
		return "", false
	}
	left := slices.Clone(vars)
	for _, k := range keys {
		x, ok := k.Expr.(*ast.Variable)
		if !ok {
			return "", false
		}
		at := slices.Index(left, x.Name)
		if at < 0 {
			return "", false
		}
		left = slices.Delete(left, at, at+1)
	}
	return left[0], len(left) == 1
}

// onceScan reports whether ops[i] is a semi-join scan (logical.SemiJoin
// with Scan) that runs once, after the query's start alone: its rows are
// then the distinct nodes of its set, a DISTINCT on its probe.
func onceScan(ops []logical.Op, i int) bool {
	sj, ok := ops[i].(logical.SemiJoin)
	if !ok || !sj.Scan || i != 1 {
		return false
	}
	_, started := ops[0].(logical.Start)
	return started
}

// passesOn reports whether op only passes variables on under their own
// names: a projection of bare variables, or a WITH boundary. A
// projection's substitutions (grouping keys by their source text) do not
// apply to the variables the planner wrote itself, which have no text.
func passesOn(op logical.Op) bool {
	switch o := op.(type) {
	case logical.Select:
		return true
	case logical.Project:
		if o.Vectorised {
			return false
		}
		return passesVars(o)
	}
	return false
}

// passesVars reports whether the projection only passes variables on
// under their own names. Its substitutions (grouping keys by their
// source text) do not apply to the variables the planner wrote itself,
// which have no text.
func passesVars(o logical.Project) bool {
	for _, it := range o.Items {
		v, ok := it.Expr.(*ast.Variable)
		if !ok || v.Name != it.Name || len(o.Subst) > 0 && v.Span != (ast.Span{}) {
			return false
		}
	}
	return true
}

// countsVar reports whether call is count(v) or count(DISTINCT v).
func countsVar(call *ast.FunctionCall, v string) bool {
	if !strings.EqualFold(call.Name, "count") || len(call.Namespace) > 0 || call.Star {
		return false
	}
	name, ok := oneArg(call)
	return ok && name == v
}
