package planner

import "github.com/cyqdb/cyq/parser/ast"

// readsEntity reports whether evaluating e on a match of pattern p can
// never fail: e is a literal, a parameter, a variable, or a property, id()
// or elementId() of a variable p binds to a node or to one relationship
// (bound on every match, never null). A property of anything else can
// fail: of a path (`p.x` where p = (a)-->(b)), of a variable-length or
// quantified relationship's list (`r.x` where -[r*1..2]->), or of an
// outer value that is not a map; so can id() and elementId() of anything
// but a node or a relationship (a path, a list, an outer number). A
// RETURN or a comprehension's element that the rules drop because only
// the number or the existence of matches is read must be one of these,
// or dropping it would hide the error its evaluation raises.
func readsEntity(e ast.Expr, p *ast.Pattern) bool {
	if v, ok := entityFunc(e); ok {
		return patternEntities(p)[v]
	}
	x, ok := e.(*ast.Property)
	if !ok {
		return cannotFail(e)
	}
	v, ok := x.Expr.(*ast.Variable)
	return ok && patternEntities(p)[v.Name]
}

// patternEntities returns the variables p binds to a node or to a single
// relationship (not those of a quantified path pattern's groups, nor a
// path's name).
func patternEntities(p *ast.Pattern) map[string]bool {
	out := map[string]bool{}
	if p == nil {
		return out
	}
	for _, part := range p.Parts {
		if part.Element == nil {
			continue
		}
		for _, n := range part.Element.Nodes {
			if n.Var != nil {
				out[n.Var.Name] = true
			}
		}
		for _, r := range part.Element.Rels {
			if r.Var != nil && r.VarLength == nil && !r.Quantified() {
				out[r.Var.Name] = true
			}
		}
	}
	return out
}
