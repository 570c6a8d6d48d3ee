package cyq

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// TestCountJoinsMatchRowMode compares per-row counts of a pattern's
// matches, filtered on the count, with row mode (which keeps the per-row
// count) on seeded random graphs with self-loops, parallel relationships
// and a label C on some nodes: generated variants of COUNT { }, the size
// of a pattern comprehension, OPTIONAL MATCH ... count(v), a counting
// CALL { } and a count staged over two WITH clauses, with one
// and two anchors, labelled and unlabelled far ends, and thresholds on
// both sides of where the join is exact (n > -1, n >= 0 and n = 0 keep
// the rows without a match; n > 0, n >= 1, n > 1, n >= 3 drop them).
// Where the join is not exact the plan must keep the per-row count.
func TestCountJoinsMatchRowMode(t *testing.T) {
	t.Parallel()
	grouped := regexp.MustCompile(`Aggregate keys=\[[^\]]+\] aggs=\[count\(\*\)\]`)
	anchors := []struct{ match, keys, ret string }{
		{"MATCH (a:A)", "a", "a.id"},
		{"MATCH (a)", "a", "a.id"},
		{"MATCH (a:B) MATCH (b:C)", "a, b", "a.id, b.id"},
		{"MATCH (a:A), (b {id: $x})", "a", "a.id"},
	}
	patterns := []struct{ one, two string }{
		{"(a)-[:T]->(m)", "(a)-[:T]->(m)<-[:U]-(b)"},
		{"(a)<-[:T]-(m:C)", "(a)-->(m:C)-->(b)"},
		{"(a)-[:U]-(m:B)", "(b)-[:T]-(m)-[:T]-(a)"},
	}
	type threshold struct {
		test  string
		exact bool
	}
	thresholds := []threshold{{"n > -1", false}, {"n >= 0", false}, {"n = 0", false}, {"n < 2", false},
		{"n > 0", true}, {"n >= 1", true}, {"n > 1", true}, {"n >= 3", true}, {"0 < n", true}, {"n > 0 AND n < 3", true}}
	var queries []string
	exact := map[string]bool{}
	for _, an := range anchors {
		for _, pt := range patterns {
			p := pt.one
			if strings.Contains(an.keys, "b") || strings.Contains(an.match, "(b ") {
				p = pt.two
			}
			for _, th := range thresholds {
				forms := []string{
					fmt.Sprintf("%s WITH %s, COUNT { %s } AS n WHERE %s RETURN %s, n", an.match, an.keys, p, th.test, an.ret),
					fmt.Sprintf("%s WITH %s, size([%s | m]) AS n WHERE %s RETURN %s, n", an.match, an.keys, p, th.test, an.ret),
					fmt.Sprintf("%s OPTIONAL MATCH %s WITH %s, count(m) AS n WHERE %s RETURN %s, n", an.match, p, an.keys, th.test, an.ret),
					fmt.Sprintf("%s CALL { WITH %s MATCH %s RETURN count(*) AS n } WITH %s, n WHERE %s RETURN %s, n", an.match, an.keys, p, an.keys, th.test, an.ret),
					fmt.Sprintf("%s WITH *, COUNT { %s } AS c WITH %s, c AS n WHERE %s RETURN %s, n", an.match, p, an.keys, th.test, an.ret),
				}
				// SKIP and LIMIT come before the WITH's WHERE: the rows
				// without a match count towards them.
				forms = append(forms, fmt.Sprintf("%s WITH %s, COUNT { %s } AS n ORDER BY %s SKIP 2 LIMIT 6 WHERE %s RETURN %s, n", an.match, an.keys, p, an.ret, th.test, an.ret))
				for _, q := range forms {
					queries = append(queries, q)
					exact[q] = th.exact
				}
			}
		}
	}
	joined := 0
	for seed := uint64(1); seed <= 3; seed++ {
		def, _ := Open("", nil)
		row, _ := Open("", &Options{RowModeOnly: true})
		for _, db := range []*DB{def, row} {
			randomGraph(t, db, seed, 40, 120)
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 = 1 SET x:C", nil)
		}
		for _, q := range queries {
			for _, x := range []int{0, 5} {
				p := map[string]any{"x": x}
				a, b := canonical(mustRun(t, def, q, p)), canonical(mustRun(t, row, q, p))
				if fmt.Sprint(a) != fmt.Sprint(b) {
					t.Errorf("seed %d, x=%d: %s\n planned: %v\n row mode: %v", seed, x, q, a, b)
				}
			}
			plan := string(mustRun(t, def, "EXPLAIN "+q, map[string]any{"x": 0})[0][0].(value.String))
			isJoin := grouped.MatchString(plan)
			if isJoin && !exact[q] {
				t.Errorf("%s: the per-row count is not a join here, got\n%s", q, plan)
			}
			if isJoin {
				joined++
			}
		}
		def.Close()
		row.Close()
	}
	if joined == 0 {
		t.Errorf("no variant was planned as a join")
	}
	t.Logf("%d of %d plans joined", joined, 3*len(queries))
}
