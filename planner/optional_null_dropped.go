package planner

import (
	"slices"

	"github.com/cyqdb/cyq/planner/logical"
)

// optionalNullDropped runs an OPTIONAL MATCH as a MATCH when the operator
// right after it drops the rows it adds: `OPTIONAL MATCH (h)-->(x) MATCH
// (x)-->(y)`. An Optional keeps each input row without a match, its new
// variables null; a MATCH pattern that names a null node matches nothing
// (not even a path of no relationships: `MATCH (x)-[*0..1]->(y)` gives
// no row for a null x), so an expansion from one of the Optional's new
// variables, or into one (bound, the expansion checks it), gives no row
// for such a row, and the rows it gives for the others are those of the
// Optional's inner operators run inline. The inner operators run on the
// same rows either way (no error is raised or hidden), and the rules
// after this one see a plain chain of expansions, which they may run set
// at a time.
func optionalNullDropped(_ *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	for i := 0; i+1 < len(ops); i++ {
		o, ok := ops[i].(logical.Optional)
		if !ok || len(o.Inner) == 0 {
			continue
		}
		if dropsNullOf(ops[i+1], o.NewVars) {
			return replace(ops, i, 1, o.Inner...), true
		}
	}
	return ops, false
}

// dropsNullOf reports whether op gives no row for an input row where one
// of vars is null: an expansion from one of them, or into one.
func dropsNullOf(op logical.Op, vars []string) bool {
	switch x := op.(type) {
	case logical.Expand:
		return slices.Contains(vars, x.From) || slices.Contains(vars, x.To)
	case logical.VarExpand:
		return slices.Contains(vars, x.From) || slices.Contains(vars, x.To)
	case logical.ExpandChain:
		return slices.Contains(vars, x.From)
	}
	return false
}
