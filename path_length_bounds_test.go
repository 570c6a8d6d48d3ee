package cyq

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// pathBoundPatterns are variable-length matches (%[1]s is the bounds) and
// the length their test reads, as written and as its opaque twin: a
// length read through a one-element list, which no rule reads as the
// path's length, so the twin's filter tests every trail as written.
var pathBoundPatterns = []struct{ match, length, twin string }{
	{"MATCH p = (a:A)-[:T*%[1]s]->(b)", "length(p)", "[q IN [p] | length(q)][0]"},
	{"MATCH p = (a:A)-[:T]->(m)-[*%[1]s]-(b)", "length(p)", "[q IN [p] | length(q)][0]"},
	{"MATCH p = (a {id: $x})<-[:T|U*%[1]s]-(b)-[:T]->(c)", "size(relationships(p))", "[q IN [p] | size(relationships(q))][0]"},
	{"MATCH p = (a:A)-[:U]->()-[:T*%[1]s]->(b)", "size(nodes(p)) - 1", "[q IN [p] | size(nodes(q))][0] - 1"},
	{"MATCH (a:A)-[rs:T*%[1]s]->(b)", "size(rs)", "size([r IN rs | r])"},
	{"MATCH p = (a)-[:T*%[1]s]->(b) WHERE a.id < 5", "length(p) + 1", "[q IN [p] | length(q)][0] + 1"},
}

// pathBoundTests are tests of a length L: comparisons with integers on
// either side, below 0 and below the pattern's fixed hops among them, IN
// lists of integers, nulls, floats (1.0 equals 1), strings, gaps,
// duplicates and none, and IN range() with steps up, down, past the end,
// empty and 0 (an error).
var pathBoundTests = []string{
	"L < 0", "L <= 0", "L = 0", "L < 1", "L <= 1", "L = 1", "L > 1", "L >= 2", "L = 2", "L < 3", "0 > L",
	"1 >= L", "2 < L", "L <> 2", "L = -1", "L <= 5", "L > 5",
	"L IN [0, 1, 2]", "L IN [1, 3]", "L IN [2, null]", "L IN [null]", "L IN [1, null, 2]", "L IN [null, 1]", "L IN []", "L IN [1.0, 2]",
	"L IN [-1, 0]", "L IN [-2, 1]", "L IN [3, 2, 2]", "L IN ['1', 2]", "L IN [1, 2, 3, 4]",
	"L IN [0, 1] AND L >= 1", "L IN [2] OR a.id = 3", "NOT L IN [1, 2]",
	"L IN range(0, 2)", "L IN range(1, 4, 2)", "L IN range(3, 0, -1)", "L IN range(4, 0, -3)", "L IN range(2, 0)",
	"L IN range(0, 3, 0)", "L IN range(-3, 1)",
}

// pathBoundBounds are the variable-length relationships' bounds (all
// bounded: the twin enumerates every trail).
var pathBoundBounds = []string{"0..2", "1..3", "2..4", "1..1"}

// pathBoundTails read the rows: counted, grouped by length, as distinct
// ends (the expansion may run on sets when nothing reads the path), and
// through a WITH that the rule does not look past.
var pathBoundTails = []string{
	" RETURN count(*) AS n",
	" RETURN a.id AS id, count(*) AS n",
	" RETURN count(DISTINCT b) AS n",
}

// TestPathLengthBoundsMatchTwins checks pathLengthBounds: a
// test of a variable-length path's length (length(p),
// size(relationships(p)), size(nodes(p)) - 1, size() of the relationship
// list, plus a constant) by a comparison with an integer, IN a list
// literal or IN range() of literals moves into the expansion's bounds, and the rows are the rows of
// the same query whose filter reads the length through a list (which no
// rule reads as a bound) run in row mode. Planned, from each pattern's
// last node and in row mode (which bounds paths too) on two random
// graphs with self-loops and parallel relationships. Near misses: tests
// that keep no length (below 0, below the fixed hops, IN [] or [null]),
// lists with a float or a string, OR, NOT, and the test behind a WITH.
// The tests of the form L op n are also written with n bound before the
// match (WITH n AS k), which the planner folds into the literal.
func TestPathLengthBoundsMatchTwins(t *testing.T) {
	t.Parallel()
	var queries, twins []string
	i := 0
	for _, pat := range pathBoundPatterns {
		for _, b := range pathBoundBounds {
			for _, test := range pathBoundTests {
				i++
				tail := pathBoundTails[i%len(pathBoundTails)]
				m := fmt.Sprintf(pat.match, b)
				where := " WHERE "
				if strings.Contains(m, " WHERE ") {
					where = " AND "
				}
				q := m + where + strings.ReplaceAll(test, "L", pat.length) + tail
				twin := m + where + strings.ReplaceAll(test, "L", pat.twin) + tail
				queries, twins = append(queries, q), append(twins, twin)
				if i%5 == 0 {
					// near miss: the test behind a WITH
					queries = append(queries, m+" WITH * WHERE "+strings.ReplaceAll(test, "L", pat.length)+tail)
					twins = append(twins, twin)
				}
				if k := strings.Fields(test); len(k) == 3 && k[0] == "L" && strings.ContainsAny(k[1], "<=") {
					// the integer bound before the match, below 0 among them
					queries = append(queries, "WITH "+k[2]+" AS k "+m+where+pat.length+" "+k[1]+" k"+tail)
					twins = append(twins, twin)
				}
			}
		}
	}
	runs, failed, bounded := 0, 0, 0
	for seed := uint64(1); seed <= 2; seed++ {
		dbs := planVariants(t, seed, 12, 20+int(seed)*4, plannedLastRowMode)
		params := map[string]any{"x": int64(seed)}
		for j, q := range queries {
			want := errorPosition.ReplaceAllString(rowsOrError(dbs["row-mode"], twins[j], params), "error: ")
			if seed == 1 {
				plan := fmt.Sprint(mustRun(t, dbs["planned"], "EXPLAIN "+q, params))
				if !strings.Contains(plan, pathLengthOf(q)) {
					bounded++ // the conjunct went into the bounds
				}
			}
			for _, name := range []string{"planned", "last", "row-mode"} {
				runs++
				got := errorPosition.ReplaceAllString(rowsOrError(dbs[name], q, params), "error: ")
				if got != want {
					failed++
					if failed <= 20 {
						t.Errorf("seed %d, %s: %s\n got %s\nwant %s (twin: %s)", seed, name, q, got, want, twins[j])
					}
				}
			}
		}
	}
	t.Logf("%d queries, %d runs, %d planned without their length test", len(queries), runs, bounded)
	if bounded < len(queries)/4 {
		t.Errorf("only %d of %d queries lose their length test to the bounds: the test checks little of the rule", bounded, len(queries))
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from the twins in row mode", failed, runs)
	}
}

// errorPosition is the source position of an error, which differs
// between a query and its twin (their texts differ).
var errorPosition = regexp.MustCompile(`^error: [0-9]+:[0-9]+: `)

// pathLengthOf is the length expression of q's test as EXPLAIN prints it
// in a filter.
func pathLengthOf(q string) string {
	for _, pat := range pathBoundPatterns {
		if strings.Contains(q, " "+pat.length+" ") {
			return pat.length + " "
		}
	}
	return "\x00"
}
