package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// dropUnusedItems removes the items of a projection that nothing after it
// reads, when computing them can neither fail nor have an effect: the
// node and relationship lists of a quantified path pattern's group
// variables that the query never names again, a `WITH a AS b` whose b is
// not used, and so on. A projection left with no items goes too, and the
// bindings its items read may then become unused in turn (dropUnusedPaths
// removes a path built only to cut such lists from).
func dropUnusedItems(_ *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	paths := map[string]bool{}
	for i, op := range ops {
		switch p := op.(type) {
		case logical.PathBind:
			paths[p.Var] = true
			continue
		case logical.ShortestPath:
			paths[p.Path] = p.Path != ""
			continue
		}
		pr, ok := op.(logical.Project)
		if !ok || len(pr.Subst) > 0 {
			continue
		}
		var kept []logical.Item
		for _, it := range pr.Items {
			if req.After[i].Live.has(it.Name) || !total(it.Expr, paths) {
				kept = append(kept, it)
			}
		}
		if len(kept) == len(pr.Items) {
			continue
		}
		if len(kept) == 0 {
			return replace(ops, i, 1), true
		}
		pr.Items = kept
		return replace(ops, i, 1, pr), true
	}
	return ops, false
}

// total reports whether evaluating e can neither fail nor have an effect
// whatever the row: literals, parameters, variables, and lists, slices by
// literal bounds, nodes() and relationships() of the named paths (paths
// holds the names bound to paths before).
func total(e ast.Expr, paths map[string]bool) bool {
	switch x := e.(type) {
	case *ast.Literal, *ast.Parameter, *ast.Variable:
		return true
	case *ast.ListLiteral:
		for _, it := range x.Items {
			if !total(it, paths) {
				return false
			}
		}
		return true
	case *ast.Slice:
		for _, b := range []ast.Expr{x.From, x.To} {
			if l, ok := b.(*ast.Literal); b != nil && (!ok || l.Kind != ast.LitInt) {
				return false
			}
		}
		return total(x.Expr, paths)
	case *ast.FunctionCall:
		name := strings.ToLower(x.Name)
		if len(x.Namespace) > 0 || x.Distinct || len(x.Args) != 1 || (name != "nodes" && name != "relationships") {
			return false
		}
		v, ok := x.Args[0].(*ast.Variable)
		return ok && paths[v.Name]
	}
	return false
}
