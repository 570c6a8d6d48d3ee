package planner

import (
	"strings"

	"context"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// callExistence reads a filter after a correlated aggregating CALL that
// rejects the CALL's empty group as an existence test of the body:
//
//	CALL (p) { MATCH (p)-[r:REVIEWED]->(m) RETURN count(*) AS n, avg(r.x) AS a }
//	WITH p, n, a WHERE n > 0
//
// keeps exactly the rows whose body matched something, since a body
// without a row gives count(*) 0, sum() 0, collect() [], avg() null, and
// the filter is false (or null) for those values. It returns the
// filter `EXISTS { MATCH (p)-[r:REVIEWED]->(m) }` to plan before the CALL:
// the rows it drops are the rows the WITH would drop, and the existence
// rules plan it as a costed semi-join (the reviewers found from the
// REVIEWED relationships rather than the body run and aggregated per
// person, most for nothing).
//
// It is exact when:
//
//   - The CALL is plain (not OPTIONAL, not in transactions, one part,
//     read only, see plainReturnBody and subqueryBody) and its RETURN has
//     only items that aggregate (containsAggregate) and read no variable
//     outside their aggregates: no grouping key, so the body gives one
//     row per outer row, its aggregates of no rows when the body has none.
//   - The clause after the CALL is a WITH (or a filter clause) whose WHERE
//     has a conjunct reading only CALL columns the WITH passes on (under
//     their names or others), no parameter, that is false or null when the
//     columns hold the values of an empty body. Those values are computed
//     by the engine itself (emptyGroupRejects): the RETURN's items over an
//     empty UNWIND, then the conjunct over them; an error there (the items
//     or the conjunct fail on an empty group, as `1 / count(*)`) keeps the
//     CALL as written, since row mode raises it.
//   - Nothing between the CALL's body and the conjunct can fail on the
//     rows dropped: the WITH's items and ORDER BY keys are plain values
//     and its other conjuncts cannot fail (neverFails), so dropping the
//     rows earlier hides no error. The WITH aggregates nothing (a group
//     would gather the dropped rows with others) and has no SKIP or
//     LIMIT (the dropped rows would count towards them).
//   - The query writes nothing (the body would not see the writes of the
//     rows before).
//
// The CALL itself stays, run for the rows that pass. Plans in written
// order and row mode (differential tests) keep the CALL alone.
func (b *builder) callExistence(c *ast.CallSubquery, next ast.Clause, clauses []ast.Clause, sc *scope) (*ast.FilterClause, bool) {
	if !b.existenceAheadAllowed(clauses) {
		return nil, false
	}
	all, ret, ok := plainReturnBody(c)
	if !ok {
		return nil, false
	}
	cols := map[string]*ast.ProjectionItem{}
	onlyCounts := true
	for _, it := range ret.Projection.Items {
		if !containsAggregate(it.Expr) || sc.has(it.Name()) || cols[it.Name()] != nil {
			return nil, false
		}
		cols[it.Name()] = it
		if fc, ok := it.Expr.(*ast.FunctionCall); !ok || !strings.EqualFold(fc.Name, "count") {
			onlyCounts = false
		}
	}
	if onlyCounts {
		// A body that only counts its matches costs about what the
		// existence test costs (a degree, a count of a chain), so the
		// test ahead of it only adds a second pass; the filter on the
		// count decides alone. (The choice is not priced: it follows the
		// body's aggregates.)
		return nil, false
	}
	body, imported, star, ok := callBodyImports(c, all[:len(all)-1], sc)
	if !ok || !subqueryBody(body, imported, star, sc) {
		return nil, false
	}
	var where ast.Expr
	passed := map[string]*ast.ProjectionItem{} // the WITH's names of CALL columns
	var items []ast.Expr                       // the WITH's items and sort keys
	switch x := next.(type) {
	case *ast.With:
		p := x.Projection
		if x.Where == nil || !keepsEveryRow(p) {
			return nil, false
		}
		where = x.Where
		if p.Star {
			for n, it := range cols {
				passed[n] = it
			}
		}
		for _, it := range p.Items {
			delete(passed, it.Name())
			if v, ok := it.Expr.(*ast.Variable); ok && cols[v.Name] != nil {
				passed[it.Name()] = cols[v.Name]
			}
			items = append(items, it.Expr)
		}
		for _, s := range p.OrderBy {
			items = append(items, s.Expr)
		}
	case *ast.FilterClause:
		where = x.Where
		for n, it := range cols {
			passed[n] = it
		}
	default:
		return nil, false
	}
	entities := scopeEntities(sc)
	for _, e := range items {
		if !plainValue(e, entities) {
			return nil, false
		}
	}
	if cj, ok := rejectingConjunct(where, entities, func(cj ast.Expr) bool {
		return b.emptyGroupRejects(cj, ret.Projection.Items, passed)
	}); !ok || cj == nil {
		return nil, false
	}
	body = existenceClauses(body)
	q := &ast.Query{Span: c.Body.Span, Parts: []*ast.SingleQuery{{Span: c.Body.Parts[0].Span, Clauses: body}}}
	return &ast.FilterClause{Span: c.Span, Where: &ast.ExistsSubquery{Span: c.Span, Query: q}}, true
}

// existenceClauses is body without its trailing WITH clauses that
// aggregate nothing: such a WITH has a row only where the clauses before
// it have one, so the EXISTS of the clauses before holds whenever the
// body has a row, and `MATCH (p)-[r]->(m) WITH r, m ORDER BY r.x` is read
// as a pattern test by the existence rules. The test may hold where the
// body has no row (a WHERE or LIMIT dropped): the CALL then runs and the
// filter after it drops the row, as written. It hides no error either:
// a row the test drops has no row of the clauses before, so the dropped
// clauses see none.
func existenceClauses(body []ast.Clause) []ast.Clause {
	for len(body) > 1 {
		w, ok := body[len(body)-1].(*ast.With)
		if !ok {
			break
		}
		for _, it := range w.Projection.Items {
			if containsAggregate(it.Expr) {
				return body
			}
		}
		body = body[:len(body)-1]
	}
	return body
}

// emptyRowVar names the element of the empty list the aggregates of an
// empty group are computed over; no query names it (it is not a valid
// identifier without quotes).
const emptyRowVar = "empty row"

// emptyGroupRejects reports whether conjunct cj reads only the names of
// passed (each the item of an aggregating RETURN, items, it stands for)
// and is false or null when they hold the values of a group of no rows:
//
//	UNWIND [] AS `empty row`
//	WITH <each item, its aggregates' arguments the element> AS <its name>, ...
//	WITH <item> AS <the name cj reads>, ... RETURN cj
//
// computed by the engine (row mode), so the empty values are those the
// CALL gives, every item computed as the CALL computes it. It is false
// when that raises an error or reads anything else (a variable, a
// parameter: the query does not compile, or the conjunct names nothing
// of passed).
func (b *builder) emptyGroupRejects(cj ast.Expr, items []*ast.ProjectionItem, passed map[string]*ast.ProjectionItem) bool {
	reads := exprVars(cj)
	if len(reads) == 0 || hasParameter(cj) {
		return false
	}
	span := cj.NodeSpan()
	row := &ast.Variable{Span: span, Name: emptyRowVar}
	var empty, named []*ast.ProjectionItem
	for _, it := range items {
		if mentionedNames(it.Expr)[emptyRowVar] || hasParameter(it.Expr) {
			return false
		}
		e, _ := rewriteExpr(it.Expr, func(x ast.Expr) (ast.Expr, bool) {
			fc, ok := x.(*ast.FunctionCall)
			if !ok || !isAggregate(fc) || fc.Star || len(fc.Args) == 0 {
				return nil, false
			}
			out := *fc
			out.Args = append([]ast.Expr{row}, fc.Args[1:]...)
			return &out, true
		})
		empty = append(empty, &ast.ProjectionItem{Span: span, Expr: e, Alias: &ast.Variable{Span: span, Name: it.Name()}, Text: it.Name()})
	}
	for n := range reads {
		it := passed[n]
		if it == nil {
			return false
		}
		named = append(named, &ast.ProjectionItem{Span: span, Expr: &ast.Variable{Span: span, Name: it.Name()}, Alias: &ast.Variable{Span: span, Name: n}, Text: n})
	}
	return b.rejects([]ast.Clause{
		&ast.Unwind{Span: span, Expr: &ast.ListLiteral{Span: span}, Var: row},
		&ast.With{Span: span, Projection: &ast.Projection{Span: span, Items: empty}},
		&ast.With{Span: span, Projection: &ast.Projection{Span: span, Items: named}},
	}, cj)
}

// rejects reports whether the query of clauses then `RETURN cj`, which
// reads no variable, parameter or graph, computes (in row mode, as the
// statement would) one row whose value of cj is false or null. It is
// false when the query does not compile, raises an error or gives no
// row.
func (b *builder) rejects(clauses []ast.Clause, cj ast.Expr) bool {
	span := cj.NodeSpan()
	clauses = append(clauses, &ast.Return{Span: span, Projection: &ast.Projection{Span: span, Items: []*ast.ProjectionItem{{Span: span, Expr: cj, Text: "v"}}}})
	q := &ast.Query{Span: span, Parts: []*ast.SingleQuery{{Span: span, Clauses: clauses}}}
	c, err := compileOrdered(&ast.Statement{Span: span, Query: q}, b.src, Options{RowModeOnly: true})
	if err != nil {
		return false
	}
	m := vm.NewMachine(context.Background(), c.Program, nil, nil, nil, vm.Limits{MaxSteps: runConstSteps, MaxRows: 1, MaxMemory: 1 << 22})
	defer m.Recycle()
	ok, err := m.Step()
	if err != nil || !ok || len(m.Row()) != 1 {
		return false
	}
	v := m.Row()[0]
	if value.IsNull(v) {
		return true
	}
	t, isBool := v.(value.Bool)
	return isBool && !bool(t)
}

// hasParameter reports whether e reads a parameter.
func hasParameter(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if _, ok := n.(*ast.Parameter); ok {
			found = true
		}
		return !found
	})
	return found
}
