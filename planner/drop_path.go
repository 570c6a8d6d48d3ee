package planner

import "github.com/cyqdb/cyq/planner/logical"

// dropUnusedPaths removes the binding of a named path that nothing after
// it reads (`MATCH p = (a)-[*1..3]->(c) RETURN count(DISTINCT c)`): the
// path's relationships then need not be enumerated either.
func dropUnusedPaths(_ *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		if p, ok := op.(logical.PathBind); ok && !req.After[i].Live.has(p.Var) {
			return replace(ops, i, 1), true
		}
	}
	return ops, false
}
