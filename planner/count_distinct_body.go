package planner

import "github.com/cyqdb/cyq/parser/ast"

// distinctMatches reads COUNT { MATCH pattern WHERE w RETURN DISTINCT v }
// as the number of distinct values of v over the pattern's matches: it
// returns the pattern, its WHERE and v when the body is one MATCH (not
// OPTIONAL) followed by a RETURN DISTINCT of one item that is a variable
// the pattern binds (under any alias), with no ORDER BY, SKIP or LIMIT.
//
// The count of such a body is the number of its distinct rows, and each
// row is the value v takes in one match. A variable the pattern binds is
// never null in a match (a node, a relationship, a path or the list a
// quantified part gathers), so count(DISTINCT v) over the same matches,
// which skips nulls, counts exactly the same values. A property or any
// other expression may be null in some match, where COUNT counts the
// null row once and count(DISTINCT ...) does not: such bodies are left
// to the per-row count. So the per-row COUNT is count(DISTINCT v) per
// row of the matches joined to the row (countJoin), whichever way the
// body spells the distinct count.
func distinctMatches(e ast.Expr) (*ast.Pattern, ast.Expr, *ast.Variable, bool) {
	x, ok := e.(*ast.CountSubquery)
	if !ok || x.Query == nil || len(x.Query.Parts) != 1 || len(x.Query.When) > 0 {
		return nil, nil, nil, false
	}
	cl := x.Query.Parts[0].Clauses
	if len(cl) != 2 {
		return nil, nil, nil, false
	}
	m, ok := cl[0].(*ast.Match)
	if !ok || m.Optional || m.Pattern == nil {
		return nil, nil, nil, false
	}
	r, ok := cl[1].(*ast.Return)
	if !ok || r.Projection == nil {
		return nil, nil, nil, false
	}
	p := r.Projection
	if !p.Distinct || p.Star || len(p.Items) != 1 || p.OrderBy != nil || p.Skip != nil || p.Limit != nil {
		return nil, nil, nil, false
	}
	v, ok := p.Items[0].Expr.(*ast.Variable)
	if !ok {
		return nil, nil, nil, false
	}
	names := newVarSet()
	patternVars(m.Pattern, &names)
	if !names.has(v.Name) {
		return nil, nil, nil, false
	}
	return m.Pattern, m.Where, v, true
}
