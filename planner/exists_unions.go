package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// An existence test over a union is the OR of the tests over its
// branches: EXISTS { MATCH (a)-[:R]->(x) RETURN x UNION MATCH
// (a)<-[:S]-(x) RETURN x } is EXISTS { MATCH (a)-[:R]->(x) RETURN x } OR
// EXISTS { MATCH (a)<-[:S]-(x) RETURN x }. A union (with or without ALL)
// has a row exactly when one of its branches has one (UNION removes only
// repeats), and both sides are true or false, never null. Each branch
// then takes the normal form of a test on a pattern where it is one
// (normalizeSubqueries), and the rules for existence tests plan it (a
// semi-join on sets, a degree test, an anti-join under NOT), where the
// test per row ran every branch as a subquery.
//
// Errors stay where row mode raises them. Row mode runs the branches in
// their written order and stops at the first row. The OR keeps that
// order: an existence test is never taken for an operand that cannot
// fail (neverFails), so the operands are read in their written order,
// each ending the OR when it is true (decidingLogic); and a test whose
// body may fail stays a test per row (bodyMayFail), read as row mode
// reads it. A union whose branches return different columns is an error
// (DifferentColumnsInUnion) the split would hide: the branches must each
// end in a RETURN of the same names in the same order, written out (not
// RETURN *). A conditional query (WHEN) is no union and stays.

// existsUnions is the pipeline rule: in each filter, every existence
// test over a union (through AND, OR, XOR and NOT) becomes the OR of the
// tests over its branches. Row mode leaves them as written (the
// differential tests compare both).
func existsUnions(pl *logical.Pipeline) (*logical.Pipeline, bool) {
	changed := false
	for i, op := range pl.Ops {
		f, ok := op.(logical.Filter)
		if !ok || f.Vectorised || len(f.Subst) > 0 {
			continue
		}
		if n := splitExistsUnions(f.Pred); n != f.Pred {
			f.Pred = n
			pl.Ops[i] = f
			changed = true
		}
	}
	return pl, changed
}

// splitExistsUnions returns e with its existence tests over unions split
// (see above), or e itself when none is.
func splitExistsUnions(e ast.Expr) ast.Expr {
	if out, isLogical := mapLogical(e, splitExistsUnions); isLogical {
		return out
	}
	x, ok := e.(*ast.ExistsSubquery)
	if !ok || x.Query == nil || len(x.Query.Parts) < 2 || len(x.Query.When) > 0 {
		return e
	}
	var names []string
	var out ast.Expr
	for i, part := range x.Query.Parts {
		cols, ok := returnNames(part)
		if !ok || i > 0 && !slices.Equal(cols, names) {
			return e
		}
		names = cols
		var test ast.Expr = &ast.ExistsSubquery{Span: part.Span, Query: &ast.Query{Span: part.Span, Parts: []*ast.SingleQuery{part}}}
		if out != nil {
			test = &ast.Binary{Span: x.Span, Op: ast.OpOr, Left: out, Right: test}
		}
		out = test
	}
	return out
}

// returnNames is the names of the columns part returns, in order, when
// it ends in a RETURN that names them (not RETURN *).
func returnNames(part *ast.SingleQuery) ([]string, bool) {
	if len(part.Clauses) == 0 {
		return nil, false
	}
	ret, ok := part.Clauses[len(part.Clauses)-1].(*ast.Return)
	if !ok || ret.Projection == nil || ret.Projection.Star || len(ret.Projection.Items) == 0 {
		return nil, false
	}
	names := make([]string, len(ret.Projection.Items))
	for i, it := range ret.Projection.Items {
		names[i] = it.Name()
	}
	return names, true
}
