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
// of vars is null: an expansion from one of them, or into one it checks
// as bound (one that binds the name anew does not read it).
func dropsNullOf(op logical.Op, vars []string) bool {
	switch x := op.(type) {
	case logical.Expand:
		return slices.Contains(vars, x.From) || x.ToBound && slices.Contains(vars, x.To)
	case logical.VarExpand:
		return slices.Contains(vars, x.From) || x.ToBound && slices.Contains(vars, x.To)
	case logical.ExpandChain:
		return slices.Contains(vars, x.From)
	}
	return false
}

// passNulls reports whether op keeps every row as one row and cannot
// fail, a Select or a Project of variables and parameters, and returns
// the names that hold vars' values after it: a Project adds the items
// that carry one of them and takes away the names its other items bind
// anew (`WITH a AS x` binds x to a, not to the null of the OPTIONAL
// MATCH's x). A name a Select drops can only come back bound anew, by a
// Project (above) or by an expansion that binds it (not one that checks
// it as bound, see dropsNullOf).
func passNulls(op logical.Op, vars []string) ([]string, bool) {
	switch x := op.(type) {
	case logical.Select:
		return vars, true
	case logical.Project:
		var carried, bound []string
		for _, it := range x.Items {
			switch e := it.Expr.(type) {
			case *ast.Variable:
				if slices.Contains(vars, e.Name) {
					carried = append(carried, it.Name)
					continue
				}
			case *ast.Parameter:
			default:
				return nil, false
			}
			bound = append(bound, it.Name)
		}
		next := slices.DeleteFunc(slices.Clone(vars), func(v string) bool { return slices.Contains(bound, v) })
		return append(next, carried...), true
	}
	return nil, false
}
