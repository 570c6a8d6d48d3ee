package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// cannotFail reports whether evaluating e can neither fail nor have an
// effect on any row, where entities are the variables bound to nodes and
// relationships (entityVars) and paths the names bound to paths: what
// total proves from the text alone, a plain value (a property of an
// entity, a parameter, a list of such), a test that cannot fail
// (neverFails), and what the value kinds of the properties prove
// (kindFailFree), and what the planner built knowing it cannot fail
// (cannotFailBuilt). It is the one proof by which a rewrite may drop an
// expression nothing reads: any other expression is evaluated where row
// mode evaluates it, so its error is raised on the same rows.
func (b *builder) cannotFail(e ast.Expr, entities, paths map[string]bool) bool {
	kinds := b.kinds()
	return b.built[e] || b.total(e, paths) || plainValueKinds(e, entities, kinds) || neverFailsKinds(e, entities, kinds)
}

// keepsFailures reports whether aggregation a may take the place of the
// projection p right before it (foldRenames), so that a evaluates p's
// computed items itself: every item of p that may fail (cannotFail over
// entities) must be one a evaluates on every row it aggregates, in full,
// as a grouping key or an aggregate's argument (`WITH a.x / a.y AS r
// RETURN sum(r)`), so its error is raised on the same rows. An item a
// never reads would be dropped with p, and one a reads only inside a
// larger expression may be skipped by it (a CASE branch, an AND decided
// by its other operand): either keeps p.
func (b *builder) keepsFailures(p logical.Project, a logical.Aggregate, before []logical.Op) bool {
	entities, paths := entityVars(before, nil), pathVars(before)
	full := map[string]bool{}
	for _, k := range a.Keys {
		if v, ok := k.Expr.(*ast.Variable); ok {
			full[v.Name] = true
		}
	}
	for _, c := range a.Aggs {
		for _, arg := range c.Call.Args {
			if v, ok := arg.(*ast.Variable); ok {
				full[v.Name] = true
			}
		}
	}
	for _, it := range p.Items {
		if !full[it.Name] && !b.cannotFail(it.Expr, entities, paths) {
			return false
		}
	}
	return true
}

// pathVars is the names the operators bind to paths (a named path, a
// shortest path's).
func pathVars(ops []logical.Op) map[string]bool {
	paths := map[string]bool{}
	for _, op := range ops {
		switch o := op.(type) {
		case logical.PathBind:
			paths[o.Var] = true
		case logical.ShortestPath:
			paths[o.Path] = o.Path != ""
		}
	}
	return paths
}

// cannotFailBuilt records e, an expression the planner built, as one
// that cannot fail (an element of every iteration of a quantified path,
// which indexes the path's own lists within their lengths), and
// returns it.
func (b *builder) cannotFailBuilt(e ast.Expr) ast.Expr {
	if b.built == nil {
		b.built = map[ast.Expr]bool{}
	}
	b.built[e] = true
	return e
}

// filterCannotFail reports whether filter f raises no error on any row
// (each conjunct neverFails over entities, and no IN reads a parameter
// that is not a list: see failingList). A filter that may fail is a
// WHERE row mode evaluates on every row that reaches it: a test written
// after it (a later clause's WHERE) is neither moved ahead of it nor
// made the seek that gives it its rows.
func (b *builder) filterCannotFail(f logical.Filter, entities map[string]bool) bool {
	return guardCrosses(f, entities) && !b.readsFailingList(f.Pred)
}
