package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// dropDistinctRows removes a DISTINCT over rows that are distinct
// already: rows no two of which agree on keys (distinctKeys) among its
// variables. `MATCH (a {id: 1}) CALL { WITH a MATCH (a)-->()-->(b) RETURN
// DISTINCT b }` planned in place is `... WITH DISTINCT a, b` over one row
// per a and, from the set expansion, each b once per a: the pairs are
// distinct as they come, and a count(b) after them counts the set.
func dropDistinctRows(_ *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	for i, op := range ops {
		d, ok := op.(logical.Distinct)
		if !ok {
			continue
		}
		keys, ok := distinctKeys(ops[:i])
		if !ok {
			continue
		}
		covered := true
		for k := range keys {
			covered = covered && contains(d.Vars, k)
		}
		if covered {
			return replace(ops, i, 1), true
		}
	}
	return ops, false
}

// distinctKeys returns variables no two rows of ops agree on all of
// (each row is the only one with its values of them), and whether it
// knows such. It is derived operator by operator: the pipeline starts
// with its one row (Start, no keys); a scan of nodes, a seek of one value
// and a seek or range of an index bind each node once per row (a seek of
// a list reads a set, so `a.id IN [1, 1]` binds a once); a set expansion
// (a chain, a variable-length expansion in set mode, common neighbours)
// binds each end node once per row; an expansion that binds its
// relationship binds each relationship (and its end node) once per row,
// into a bound node too (parallel relationships are rows of their own)
// unless it is only an adjacency test;
// filters, semi-joins and marks keep rows; a projection keeps the keys
// it passes on, under their own names or others; a DISTINCT's rows are
// distinct on its variables and a grouping's on its keys, whatever came
// before.
func distinctKeys(ops []logical.Op) (map[string]bool, bool) {
	var keys map[string]bool // nil: not known
	for _, op := range ops {
		switch o := op.(type) {
		case logical.Start:
			keys = map[string]bool{}
			continue
		case logical.Distinct:
			keys = map[string]bool{}
			for _, v := range o.Vars {
				keys[v] = true
			}
			continue
		case logical.Aggregate:
			keys = map[string]bool{}
			for _, k := range o.Keys {
				keys[k.Name] = true
			}
			continue
		}
		if keys == nil {
			return nil, false
		}
		switch o := op.(type) {
		case logical.NodeScan:
			keys[o.Var] = true
		case logical.NodeIndexSeek:
			keys[o.Var] = true
		case logical.NodeSetSeek:
			keys[o.Var] = true
		case logical.NodeRangeSeek:
			keys[o.Var] = true
		case logical.ExpandChain:
			keys[o.To] = true
		case logical.ExpandCommon:
			keys[o.X] = true
		case logical.VarExpand:
			if o.Mode != logical.SetMode || o.ToBound {
				return nil, false
			}
			keys[o.To] = true
		case logical.Expand:
			if o.RelBound || o.ToBound && o.Adjacent {
				continue // a check: keeps or drops the row
			}
			keys[o.Rel] = true // into a bound node too: a row per parallel relationship
		case logical.Filter, logical.NodeFilter, logical.Mark:
		case logical.SemiJoin:
			if o.Scan {
				keys[o.Probe] = true
			}
		case logical.Select:
			for k := range keys {
				if !slices.Contains(o.Vars, k) {
					return nil, false // a key dropped: rows may agree now
				}
			}
		case logical.Project:
			if keys = passedKeys(o, keys); keys == nil {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return keys, keys != nil
}

// passedKeys returns the keys after the projection o, which passes each
// key on as a bare variable under its own name or another; nil when it
// drops one (rows may agree now) or substitutes grouping keys.
func passedKeys(o logical.Project, keys map[string]bool) map[string]bool {
	if len(o.Subst) > 0 {
		return nil
	}
	next := map[string]bool{}
	kept := map[string]bool{}
	for _, it := range o.Items {
		if v, ok := it.Expr.(*ast.Variable); ok && keys[v.Name] {
			next[it.Name], kept[v.Name] = true, true
		}
	}
	for k := range keys {
		if !kept[k] {
			return nil
		}
	}
	return next
}
