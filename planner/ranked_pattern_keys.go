package planner

import "github.com/cyqdb/cyq/parser/ast"

// rankOperandCannotFail reports whether e, a key or a value of a rank
// (rankedSiblings), cannot fail wherever it is evaluated: an operand that
// cannotFail accepts, or a count or existence test of a plain pattern
// (COUNT { (q)<-[:ORDERS]-(:Order) }, size([(q)-->(z) | z]), EXISTS {
// (q)-->() }) whose property maps and inline tests cannot fail either.
// Matching a pattern raises no error by itself: its variables are nodes
// and relationships bound by the pattern or by the row (a variable of
// another kind names no pattern), and its labels and types are tests. So
//
//	COUNT { MATCH (q:Product) WHERE COUNT { (q)<-[:ORDERS]-(:Order) } > n }
//
// is a rank of n among the products' order counts, each counted once for
// all rows, where the per-row form counts every product's orders on
// every row.
func rankOperandCannotFail(e ast.Expr) bool {
	if cannotFail(e) {
		return true
	}
	p, where, _, ok := patternMatches(e)
	if !ok || where != nil && !cannotFail(where) {
		return false
	}
	safe := true
	ast.Inspect(p, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.NodePattern:
			safe = safe && propsCannotFail(x.Props) && (x.Where == nil || cannotFail(x.Where))
		case *ast.RelPattern:
			safe = safe && propsCannotFail(x.Props) && (x.Where == nil || cannotFail(x.Where))
		}
		return safe
	})
	return safe
}

// propsCannotFail reports whether a pattern's property map evaluates
// without error: absent, or a map of operands that cannotFail.
func propsCannotFail(e ast.Expr) bool {
	switch x := e.(type) {
	case nil:
		return true
	case *ast.MapLiteral:
		for _, en := range x.Entries {
			if !cannotFail(en.Value) {
				return false
			}
		}
		return true
	}
	return false
}

// operandVars returns the variables operand e reads, the variables of
// the patterns it matches included (a pattern comprehension's or a
// COUNT { }'s, which exprVars leaves out); ok is false when e holds a
// subquery whose variables are not followed here.
func operandVars(e ast.Expr) (map[string]bool, bool) {
	s := newVarSet()
	addExprVars(e, &s)
	if s.all {
		return nil, false
	}
	return s.names, true
}
