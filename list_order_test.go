package cyq

import (
	"strings"
	"testing"

	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/parser/ast"
)

// observableListOrder reports, for each column of q's result, whether the
// order of a list in that column is part of the answer. A list's order is
// observable unless it comes from a source whose order the language leaves
// open: collect() over rows not sorted by the clause just before it,
// pattern comprehensions, COLLECT { } subqueries, keys() and labels(), or a
// variable bound to such a value. Lists read from paths (nodes(p),
// relationships(p), quantified-path group variables), literals, range(),
// split(), comprehensions over ordered lists and collect() after WITH …
// ORDER BY keep their order, and a plan that changes it answers wrongly.
// nil means the columns are not known (a parse error, RETURN *, an unknown
// list source in a clause this does not follow): every list is then
// compared as a multiset.
func observableListOrder(q string) []bool {
	st, err := parser.Parse(q)
	if err != nil || st.Query == nil {
		return nil
	}
	return queryListOrder(st.Query)
}

func queryListOrder(q *ast.Query) []bool {
	var cols []bool
	for i, part := range q.Parts {
		c := singleListOrder(part)
		if c == nil || (i > 0 && len(c) != len(cols)) {
			return nil
		}
		if i == 0 {
			cols = c
			continue
		}
		for j := range cols {
			cols[j] = cols[j] && c[j]
		}
	}
	return cols
}

// singleListOrder follows the clauses of one single query, keeping which
// variables hold lists of open order, and returns the RETURN columns'
// observability (nil when unknown).
func singleListOrder(sq *ast.SingleQuery) []bool {
	free := map[string]bool{}
	sorted := false // the previous clause is WITH … ORDER BY
	for _, c := range sq.Clauses {
		wasSorted := sorted
		sorted = false
		switch c := c.(type) {
		case *ast.Match, *ast.Use, *ast.Finish, *ast.FilterClause:
			// They bind only entities and paths, whose order is observable.
		case *ast.With:
			free = projectionFree(c.Projection, free, wasSorted)
			if free == nil {
				return nil
			}
			sorted = len(c.Projection.OrderBy) > 0
		case *ast.Unwind:
			free[c.Var.Name] = mentionsOpenOrder(c.Expr, free, false)
		case *ast.Let:
			for _, it := range c.Items {
				free[it.Var.Name] = mentionsOpenOrder(it.Expr, free, false)
			}
		case *ast.Return:
			p := c.Projection
			if p.Star {
				return nil
			}
			cols := make([]bool, len(p.Items))
			for j, it := range p.Items {
				cols[j] = !mentionsOpenOrder(it.Expr, free, wasSorted)
			}
			return cols
		default:
			// CALL { }, procedure calls, writes, LOAD CSV: when they read or
			// build a list of open order, the variables they bind are not
			// followed here.
			if mentionsOpenOrder(c, free, false) {
				return nil
			}
		}
	}
	return nil
}

// projectionFree returns the variables of open list order after a WITH.
func projectionFree(p *ast.Projection, free map[string]bool, sortedInput bool) map[string]bool {
	out := map[string]bool{}
	if p.Star {
		for k, v := range free {
			out[k] = v
		}
	}
	for _, it := range p.Items {
		out[it.Name()] = mentionsOpenOrder(it.Expr, free, sortedInput)
	}
	return out
}

// mentionsOpenOrder reports whether n builds or reads a list whose order the
// language leaves open. sortedInput says the rows reaching n's projection
// were sorted by the clause before it, so its collect() keeps their order.
func mentionsOpenOrder(n ast.Node, free map[string]bool, sortedInput bool) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if found {
			return false
		}
		switch x := x.(type) {
		case *ast.PatternComprehension, *ast.CollectSubquery:
			found = true
		case *ast.FunctionCall:
			if len(x.Namespace) == 0 {
				switch strings.ToLower(x.Name) {
				case "collect":
					found = found || !sortedInput
				case "keys", "labels":
					found = true
				}
			}
		case *ast.Variable:
			found = free[x.Name]
		}
		return !found
	})
	return found
}

func TestObservableListOrder(t *testing.T) {
	for _, c := range []struct {
		q    string
		want []bool
	}{
		{"MATCH p = (a)-->(b) RETURN nodes(p), collect(b)", []bool{true, false}},
		{"MATCH (a)-->(b) WITH b ORDER BY b.id RETURN collect(b.id) AS l", []bool{true}},
		{"MATCH (a)-->(b) WITH b ORDER BY b.id MATCH (b)-->(c) RETURN collect(c.id)", []bool{false}},
		{"MATCH (a)-->(b) WITH collect(b) AS l RETURN l, [x IN l | x.id], size(l)", []bool{false, false, false}},
		{"MATCH (a) RETURN [(a)-->(b) | b.id], keys(a), labels(a), [1, a.id]", []bool{false, false, false, true}},
		{"MATCH (a) WITH a, [(a)-->(b) | b] AS l UNWIND l AS x RETURN x, a", []bool{false, true}},
		{"MATCH (a) RETURN collect(a) UNION MATCH (a) WITH a ORDER BY a.id RETURN collect(a)", []bool{false}},
		{"MATCH (a) RETURN *", nil},
		{"MATCH (a) WITH a ORDER BY a.id WITH *, collect(a) AS l RETURN l", []bool{true}},
	} {
		got := observableListOrder(c.q)
		if len(got) != len(c.want) || (got == nil) != (c.want == nil) {
			t.Errorf("%s: got %v, want %v", c.q, got, c.want)
			continue
		}
		for j := range got {
			if got[j] != c.want[j] {
				t.Errorf("%s: got %v, want %v", c.q, got, c.want)
				break
			}
		}
	}
}
