package planner

import (
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
// knows such: the pipeline starts with its one row (Start); a scan of
// nodes or a seek of one value binds each node once per row; a set
// expansion each end node once per row; an expansion that binds its
// relationship each relationship (and its end node) once per row;
// filters keep rows; a projection keeps the keys it passes on by name.
func distinctKeys(ops []logical.Op) (map[string]bool, bool) {
	if len(ops) == 0 {
		return nil, false
	}
	if _, ok := ops[0].(logical.Start); !ok {
		return nil, false
	}
	keys := map[string]bool{}
	for _, op := range ops[1:] {
		switch o := op.(type) {
		case logical.NodeScan:
			keys[o.Var] = true
		case logical.NodeIndexSeek:
			keys[o.Var] = true
		case logical.ExpandChain:
			keys[o.To] = true
		case logical.Expand:
			if o.RelBound || o.ToBound {
				continue // a check: keeps or drops the row
			}
			keys[o.Rel] = true
		case logical.Filter, logical.NodeFilter:
		case logical.Project:
			next := map[string]bool{}
			for _, it := range o.Items {
				if v, ok := it.Expr.(*ast.Variable); ok && keys[v.Name] && v.Name == it.Name {
					next[it.Name] = true
				}
			}
			for k := range keys {
				if !next[k] {
					return nil, false // a key dropped: rows may agree now
				}
			}
		default:
			return nil, false
		}
	}
	return keys, true
}
