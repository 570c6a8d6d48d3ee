package planner

import "github.com/cyqdb/cyq/parser/ast"

// groupTypes is the type list the expansion of relationship r of a
// quantified path pattern takes, and the type expression left to test.
// A list of names (`:A|B`, or none) is the expansion's own: typeExpr is
// nil. Any other expression (`:!T`, `:A&B`, `:%`, `:(A|B)&!C`) makes the
// expansion take every type (nil) and comes back as typeExpr, which the
// caller tests as the first of r's inner predicates, type(r) against the
// expression (typePred): a relationship has one type, so the expression
// holds of it exactly when it holds of its one-element type set, and a
// relationship that fails it is dropped before any other inner predicate
// reads it, as the typed expansion never reaches it.
func groupTypes(r *ast.RelPattern) (types []string, typeExpr ast.LabelExpr) {
	if ts, ok := r.TypeNames(); ok {
		return ts, nil
	}
	return nil, r.Types
}
