package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"

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
// Optional's inner operators run inline. Between the two there may be
// the projections of a WITH that only carries or renames variables (the
// expansion then reads a new variable under its new name): they keep each
// row as it is and cannot fail on the null one. The inner operators run on the
// same rows either way (no error is raised or hidden), and the rules
// after this one see a plain chain of expansions, which they may run set
// at a time.
func optionalNullDropped(_ *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	for i := 0; i+1 < len(ops); i++ {
		o, ok := ops[i].(logical.Optional)
		if !ok || len(o.Inner) == 0 {
			continue
		}
		vars := slices.Clone(o.NewVars)
		j := i + 1
		for ; j < len(ops); j++ {
			next, passes := passNulls(ops[j], vars)
			if !passes {
				break
			}
			vars = next
		}
		if j < len(ops) && dropsNullOf(ops[j], vars) {
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

// passNulls reports whether op keeps every row as one row and cannot
// fail, a Select or a Project of variables and parameters, and returns
// the names vars have after it.
func passNulls(op logical.Op, vars []string) ([]string, bool) {
	switch x := op.(type) {
	case logical.Select:
		return vars, true
	case logical.Project:
		next := slices.Clone(vars)
		for _, it := range x.Items {
			switch e := it.Expr.(type) {
			case *ast.Variable:
				if slices.Contains(vars, e.Name) {
					next = append(next, it.Name)
				}
			case *ast.Parameter:
			default:
				return nil, false
			}
		}
		return next, true
	}
	return nil, false
}
