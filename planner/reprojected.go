package planner

import "github.com/cyqdb/cyq/parser/ast"

// reprojected returns a copy of the WITH or RETURN clause c with the
// projection p in place of its own; any other clause is returned as it
// is. The rewrites that move part of a projection into a clause before
// it (a count, a mark, a subquery per group) keep the rest of the clause
// (its WHERE, its ORDER BY in p) this way.
func reprojected(c ast.Clause, p *ast.Projection) ast.Clause {
	switch x := c.(type) {
	case *ast.With:
		nw := *x
		nw.Projection = p
		return &nw
	case *ast.Return:
		nr := *x
		nr.Projection = p
		return &nr
	}
	return c
}
