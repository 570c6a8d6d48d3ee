package cyq

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// TestCountDistinctBodiesMatchRowMode compares per-row counts of the
// distinct values a COUNT { MATCH ... RETURN DISTINCT v } body returns
// (or the size of the same COLLECT { }), filtered on the count, with row mode on seeded random graphs with
// self-loops, parallel relationships, a label C on some nodes and a
// property k missing on some: the distinct value a node, a relationship,
// an anchor's own node or a renamed variable (the join with
// count(DISTINCT v) is exact), and near misses that must keep the
// per-row count: a property that may be null, two items, an ORDER BY
// with LIMIT, an OPTIONAL MATCH body; a body WHERE that reads the
// property; a counting CALL { } returning count(DISTINCT ...) of a
// variable, of a property and over an OPTIONAL MATCH; thresholds on both
// sides of where the join is exact.
func TestCountDistinctBodiesMatchRowMode(t *testing.T) {
	t.Parallel()
	joinedPlan := regexp.MustCompile(`Aggregate keys=\[[^\]]+\] aggs=\[count\(DISTINCT `)
	anchors := []struct{ match, keys, ret string }{
		{"MATCH (a:A)", "a", "a.id"},
		{"MATCH (a)", "a", "a.id"},
		{"MATCH (a:B) MATCH (b:C)", "a, b", "a.id, b.id"},
		{"MATCH (a:A), (b {id: $x})", "a", "a.id"},
	}
	patterns := []struct{ one, two string }{
		{"(a)-[r:T]->(m)-[:T|U]-(z)", "(a)-[r:T]->(m)<-[:U]-(b)"},
		{"(a)<-[r:T]-(m:C)-->(z)", "(a)-[r]->(m:C)-->(b)"},
		{"(a)-[r:U]-(m:B)-[:T]->(z)", "(b)-[:T]-(m)-[r:T]-(a)"},
	}
	type body struct {
		ret   string
		where string
		exact bool
	}
	bodies := []body{
		{"RETURN DISTINCT m", "", true},
		{"RETURN DISTINCT r", "", true},
		{"RETURN DISTINCT a", "", true},
		{"RETURN DISTINCT m AS w", "", true},
		{"RETURN DISTINCT m", "WHERE m.k > 0", true},
		{"RETURN DISTINCT m.k", "", false},
		{"RETURN DISTINCT m.k AS w", "WHERE m.id > 3", false},
		{"RETURN DISTINCT m, r", "", false},
		{"RETURN DISTINCT m ORDER BY m.id LIMIT 2", "", false},
	}
	type threshold struct {
		test  string
		exact bool
	}
	thresholds := []threshold{{"n >= 0", false}, {"n < 2", false}, {"n > 0", true}, {"0 < n", true}, {"n >= 2 AND n < 4", true}}
	var queries []string
	exact := map[string]bool{}
	for _, an := range anchors {
		for _, pt := range patterns {
			p := pt.one
			if strings.Contains(an.keys, "b") || strings.Contains(an.match, "(b ") {
				p = pt.two
			}
			// a counting CALL { } of the distinct values: a join when
			// the value is a variable no row of the body leaves null
			for _, c := range []struct {
				match, count string
				exact        bool
			}{{"MATCH", "count(DISTINCT m)", true}, {"MATCH", "count(DISTINCT r)", true},
				{"MATCH", "count(DISTINCT m.k)", false}, {"OPTIONAL MATCH", "count(DISTINCT m)", false}} {
				for _, th := range thresholds {
					q := fmt.Sprintf("%s CALL { WITH %s %s %s RETURN %s AS n } WITH %s, n WHERE %s RETURN %s, n", an.match, an.keys, c.match, p, c.count, an.keys, th.test, an.ret)
					queries = append(queries, q)
					exact[q] = c.exact && th.exact
				}
			}
			for _, bd := range bodies {
				for _, th := range thresholds {
					for _, count := range []string{"COUNT { MATCH %s %s %s }", "size(COLLECT { MATCH %s %s %s })"} {
						if strings.HasPrefix(count, "size") && strings.Contains(bd.ret, ", ") {
							continue // COLLECT { } returns one column
						}
						c := fmt.Sprintf(count, p, bd.where, bd.ret)
						q := fmt.Sprintf("%s WITH %s, %s AS n WHERE %s RETURN %s, n", an.match, an.keys, c, th.test, an.ret)
						queries = append(queries, q)
						exact[q] = bd.exact && th.exact
					}
				}
				// an OPTIONAL MATCH body counts the null row of a row
				// without a match: never a join
				q := fmt.Sprintf("%s WITH %s, COUNT { OPTIONAL MATCH %s %s %s } AS n WHERE n > 0 RETURN %s, n", an.match, an.keys, p, bd.where, bd.ret, an.ret)
				queries = append(queries, q)
			}
		}
	}
	joined, runs := 0, 0
	for seed := uint64(1); seed <= 2; seed++ {
		def, _ := Open("", nil)
		row, _ := Open("", &Options{RowModeOnly: true})
		for _, db := range []*DB{def, row} {
			randomGraph(t, db, seed, 40, 120)
			mustRun(t, db, "MATCH (x) WHERE x.id % 4 = 1 SET x:C", nil)
			mustRun(t, db, "MATCH (x) WHERE x.id % 5 <> 0 SET x.k = x.id % 3", nil)
		}
		for _, q := range queries {
			xs := []int{0}
			if strings.Contains(q, "$x") {
				xs = append(xs, 5)
			}
			for _, x := range xs {
				p := map[string]any{"x": x}
				a, b := canonical(mustRun(t, def, q, p)), canonical(mustRun(t, row, q, p))
				runs++
				if fmt.Sprint(a) != fmt.Sprint(b) {
					t.Errorf("seed %d, x=%d: %s\n planned: %v\n row mode: %v", seed, x, q, a, b)
				}
			}
			plan := string(mustRun(t, def, "EXPLAIN "+q, map[string]any{"x": 0})[0][0].(value.String))
			isJoin := joinedPlan.MatchString(plan)
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
	t.Logf("%d runs, %d of %d plans joined", runs, joined, 2*len(queries))
}
