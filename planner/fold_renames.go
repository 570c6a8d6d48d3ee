package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// foldRenames removes a projection that only passes variables on, under
// their names or new ones (`WITH c AS w`, `WITH a, c`, `WITH *`), with the
// selections after it, right before an aggregation, which then reads the
// original variables under the new names: `WITH c AS w RETURN
// count(DISTINCT w)` aggregates c itself. The aggregation ends the scope,
// so nothing after it can read the projection's names; without the
// projection, a set-at-a-time operator or a count rule before it sees
// the aggregation as it does when the query is written without the WITH.
func foldRenames(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	// Every such projection goes in one call, so that the rules after
	// this one in the same round see the expansion right before the
	// aggregation when several WITH clauses stood between.
	changed := false
	for {
		next, ok := b.foldRename(ops)
		if !ok {
			return ops, changed
		}
		ops, changed = next, true
	}
}

// foldRename folds the first projection (or run of selections) before
// an aggregation that foldRenames removes. A projection computing an
// item that may fail stays unless the aggregation evaluates that item
// on every row (keepsFailures).
func (b *builder) foldRename(ops []logical.Op) ([]logical.Op, bool) {
	for j, op := range ops {
		a, ok := op.(logical.Aggregate)
		if !ok {
			continue
		}
		i := j // ops[i:j] are the selections right before the aggregation
		for i > 0 {
			if _, sel := ops[i-1].(logical.Select); !sel {
				break
			}
			i--
		}
		if i > 0 {
			if p, ok := ops[i-1].(logical.Project); ok && !p.Vectorised && len(p.Subst) == 0 && len(p.Items) > 0 &&
				b.keepsFailures(p, a, ops[:i-1]) {
				m, sub := projectedItems(p)
				if p.Note != "" || nestsScope(a) {
					// The planner's own computed items (a degree less
					// the bound relationships) stay, and so do items
					// the aggregation reads where a variable of its own
					// could capture the variables they read.
					sub = nil
				}
				if out, ok := renameAggregate(a, renaming{m: m, sub: sub}); ok {
					return replace(ops, i-1, j-i+2, out), true
				}
			}
		}
		if i < j && !capturesDropped(a, ops[i:j]) {
			// Selections alone (WITH * passes every variable): the
			// aggregation reads only what they keep.
			return replace(ops, i, j-i), true
		}
	}
	return ops, false
}

// projectedItems maps the names of a projection's items that are
// variables to those variables (m), and the names of the items that
// compute a value to their expressions (sub): `WITH type(r) AS t RETURN
// t, count(t)` groups by type(r) and counts it, evaluated once per row
// as the projection did, over the rows before it.
func projectedItems(p logical.Project) (map[string]string, map[string]ast.Expr) {
	m := make(map[string]string, len(p.Items))
	sub := map[string]ast.Expr{}
	for _, it := range p.Items {
		if v, ok := it.Expr.(*ast.Variable); ok {
			m[it.Name] = v.Name
			continue
		}
		sub[it.Name] = it.Expr
	}
	return m, sub
}

// renameAggregate rewrites a's keys and aggregate arguments through r
// (projected name -> source variable, or the expression it computed),
// keeping every output name; false when a reads a name r does not cover
// or an expression the renaming does not handle (a comprehension or
// subquery, whose own variables a computed item's could be captured by).
func renameAggregate(a logical.Aggregate, r renaming) (logical.Aggregate, bool) {
	out := a
	out.Keys = make([]logical.Item, len(a.Keys))
	for i, k := range a.Keys {
		e, ok := r.expr(k.Expr)
		if !ok {
			return a, false
		}
		out.Keys[i] = logical.Item{Expr: e, Name: k.Name}
	}
	out.Aggs = make([]logical.AggCall, len(a.Aggs))
	for i, c := range a.Aggs {
		call := *c.Call
		args, ok := r.all(c.Call.Args)
		if !ok {
			return a, false
		}
		call.Args = args
		out.Aggs[i] = logical.AggCall{Call: &call, Name: c.Name, IntSum: c.IntSum}
	}
	return out, true
}

// capturesDropped reports whether a scope nested in a's keys or
// aggregate arguments (a subquery, pattern or comprehension) names a
// variable the selections sels do not pass: that name is a fresh variable
// of the nested scope, and without the selections a variable of that name
// bound before them would be read as an import instead (`MATCH (y) WITH
// y AS a RETURN sum(COUNT { (y)--(a) })`, whose y is not the first y).
func capturesDropped(a logical.Aggregate, sels []logical.Op) bool {
	if !nestsScope(a) {
		return false
	}
	kept := map[string]int{}
	for _, op := range sels {
		for _, v := range op.(logical.Select).Vars {
			kept[v]++
		}
	}
	for _, e := range aggregateExprs(a) {
		for name := range mentionedNames(e) {
			if kept[name] < len(sels) {
				return true
			}
		}
	}
	return false
}

// aggregateExprs is a's keys and aggregate arguments.
func aggregateExprs(a logical.Aggregate) []ast.Expr {
	var es []ast.Expr
	for _, k := range a.Keys {
		es = append(es, k.Expr)
	}
	for _, c := range a.Aggs {
		es = append(es, c.Call.Args...)
	}
	return es
}

// nestsScope reports whether a's keys or aggregate arguments hold a
// scope of their own: a comprehension, quantifier, reduce, pattern or
// subquery.
func nestsScope(a logical.Aggregate) bool {
	nested := false
	for _, e := range aggregateExprs(a) {
		ast.Inspect(e, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.ListComprehension, *ast.Quantifier, *ast.Reduce, *ast.PatternExpr, *ast.PatternComprehension,
				*ast.ExistsSubquery, *ast.CountSubquery, *ast.CollectSubquery:
				nested = true
			}
			return !nested
		})
	}
	return nested
}
