package cyq

import (
	"fmt"
	"strings"
	"testing"
)

// TestSubqueryMovesAgree runs queries whose MATCH clauses hold
// subqueries (EXISTS and COUNT, in pattern and query form, pattern
// predicates and comprehensions) and whose clauses the planner may
// reorder: a MATCH with a cheaper start planned first, an UNWIND moved
// before a run, a WITH that renames or drops moved past the clauses after
// it. Each is run with the subquery's own variable named L as written,
// where L is a variable a moved clause binds, the UNWIND's variable or a
// variable the WITH drops (so that a move captures it), and renamed to a
// name nothing else uses; both must return the rows of the renamed query
// planned in written order (start last, row mode), with and without an
// index, on random graphs, for lists with duplicates, nulls, absent ids
// and none.
func TestSubqueryMovesAgree(t *testing.T) {
	t.Parallel()
	queries := []struct{ text, capture string }{
		// a later clause with a cheaper start binds L
		{"MATCH (a:A) WHERE EXISTS { (a)-->(L) } MATCH (b {id: 3}) RETURN a.id, b.id", "b"},
		{"MATCH (a:A) WHERE NOT EXISTS { MATCH (a)-->(L) } MATCH (b:B {id: 4}) RETURN count(*)", "b"},
		{"MATCH (a:A)-->(n) WHERE COUNT { (n)-->(L:B) } > 1 MATCH (b)-->(c {id: 5}) RETURN a.id, c.id", "c"},
		{"MATCH (a:A) WHERE size([(a)-->(L) | L.id]) > 1 MATCH (b:B {id: 7}) RETURN a.id, b.id", "b"},
		// an UNWIND after the clause names L
		{"MATCH (a)-->(n) WHERE EXISTS { (n)-->(L) } UNWIND $l AS u MATCH (n)-->(c) WHERE a.id = u RETURN a.id, c.id, u", "u"},
		{"MATCH (a)-[r1]->(n) WHERE COUNT { MATCH (a)-->(L) } > 1 UNWIND $l AS u MATCH (n)-[r2]->(c) WHERE a.id = u AND r1 <> r2 RETURN count(*)", "u"},
		// an UNWIND of several elements past subqueries that do not
		// name its variable, and that do
		{"MATCH (a)-[r1]->(n) UNWIND $l AS u MATCH (n)-[r2]->(c) WHERE NOT EXISTS { MATCH (a)-->(c) } AND a.id = u AND r1 <> r2 RETURN count(DISTINCT c)", ""},
		{"MATCH (a)-->(n) WHERE NOT EXISTS { (n)-->(L) } UNWIND [3, 7, 3, null] AS u MATCH (n)-->(c) WHERE a.id = u RETURN a.id, c.id, u", "u"},
		{"MATCH (a)-->(n) UNWIND $l AS u MATCH (n)-->(c) WHERE EXISTS { (c)-->(L) WHERE L.id <> u } AND a.id = u RETURN a.id, c.id, u", ""},
		{"MATCH (a)-->(n) UNWIND [1, 4, 9] AS u MATCH (n)-->(c) WHERE COUNT { MATCH (c)-->(L) WHERE L.id > u } > 0 AND a.id = u RETURN a.id, c.id, u", ""},
		// a WITH that renames or drops, moved past a clause with a subquery
		{"MATCH (a:A)-[r1]->(n) WITH a, n AS w, r1 MATCH (w)-[r2]->(c) WHERE NOT EXISTS { (a)-->(c) } AND r1 <> r2 RETURN count(DISTINCT c)", ""},
		{"MATCH (a:A)-->(n) WITH a MATCH (a)-->(c) WHERE EXISTS { (c)-->(L) } RETURN a.id, c.id", "n"},
		{"MATCH (a:A)-->(n) WITH a AS x, n MATCH (x)-->(c) WHERE COUNT { MATCH (c)-->(L) } > 0 RETURN x.id, n.id, c.id", "a"},
		{"MATCH (a:A)-->(n) WITH n AS m, a MATCH (m)-->(c:A) WHERE c.id = 3 AND NOT EXISTS { (c)-->(L:A) } RETURN a.id, m.id", "n"},
		{"MATCH (a:A)-->(n) WITH n AS m, a MATCH (m)-->(c) WHERE size([(c)-->(L) | 1]) > 1 RETURN a.id, m.id", "n"},
	}
	lists := []any{
		[]any{int64(3), int64(7), int64(999)},
		[]any{int64(3), int64(3), nil, int64(12)},
		[]any{},
	}
	dbs := planVariants(t, 41, 40, 120, map[string]*Options{
		"cheapest":      nil,
		"cheapest,idx":  nil,
		"last,row-mode": {StartLast: true, RowModeOnly: true},
	})
	for _, q := range queries {
		names := []string{"zz"}
		if q.capture != "" {
			names = append(names, q.capture)
		}
		for _, l := range lists {
			params := map[string]any{"l": l}
			want := canonical(mustRun(t, dbs["last,row-mode"], strings.ReplaceAll(q.text, "L", "zz"), params))
			for _, local := range names {
				text := strings.ReplaceAll(q.text, "L", local)
				for name, db := range dbs {
					if got := canonical(mustRun(t, db, text, params)); fmt.Sprint(got) != fmt.Sprint(want) {
						t.Errorf("%s with $l = %v: %s plan gives %v, want %v", text, l, name, got, want)
					}
				}
			}
		}
	}
}
