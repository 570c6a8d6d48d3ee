package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// countColumnDefs are the values a projection names c: counts of a
// pattern's matches whose reading cannot fail (COUNT { } of a pattern
// and of a MATCH, size() of a pattern comprehension, a self-loop, a
// two-hop walk), near-misses whose bodies fail on some matches (a
// division by zero at id 7), and values that are no counts (a property
// that may be null, a literal).
var countColumnDefs = []string{
	"COUNT { (v)-->(w) }",
	"COUNT { (v)<-[:U]-(w) WHERE w.k = 1 }",
	"size([(v)-[:T]-(w) | w])",
	"COUNT { MATCH (v)-->(w)-->(v) RETURN w }",
	"COUNT { (v)-[:T]->(v) }",
	"size([(v)<--(w) WHERE w:B | w.k])",
	"COUNT { (v)-[:T]->(:B)-[:U]->(w) }",
	"COUNT { (v)-->(w) WHERE 6 / (w.id - 7) > 0 }",
	"size([(v)<--(w) WHERE 6 / (w.id - 7) > 0 | w])",
	"v.k",
	"2",
}

// countColumnTests read c: every spelling of "is it 0" (either way round,
// under NOT), and near-misses the rewrite must leave alone: thresholds of
// 1 and 2, a parameter, floats, null, arithmetic on c, a chained
// comparison.
var countColumnTests = []string{
	"c > 0", "c >= 1", "c = 0", "c < 1", "c <= 0", "c <> 0", "0 < c", "1 > c", "0 = c", "NOT c = 0", "c > -1", "c >= 0",
	"c = 1", "c >= 2", "c > 1", "c < 2", "c > $z", "c > 0.5", "c > null", "c = 1.0", "c < 1.5", "c - 1 >= 0", "0 < c < 2", "2 <= c", "1 < c", "1 >= c",
}

// countColumnForms bind c (%[1]s) after MATCH (v) and read it through
// tests (%[2]s, %[3]s): in a WHERE, a CASE in a grouping key, in
// aggregate arguments, in ORDER BY, under a quantifier, through WITH *
// and a rename, in both branches of a UNION, after OPTIONAL MATCH (v
// null), and near-misses that read c otherwise: returned, summed, as a
// grouping key then tested, imported by a CALL or read in an EXISTS
// body, sorted on, compared with another column.
var countColumnForms = []string{
	"MATCH (v:A) WITH v, %[1]s AS c WHERE %[2]s RETURN v.id AS id",
	"MATCH (v) WITH v, %[1]s AS c RETURN CASE WHEN %[2]s THEN 'y' WHEN %[3]s THEN 'z' ELSE 'n' END AS t, count(*) AS n",
	"MATCH (v) WITH v, %[1]s AS c RETURN count(CASE WHEN %[2]s THEN 1 END) AS n, collect(DISTINCT %[3]s) AS ts",
	"MATCH (v:B) WITH v, %[1]s AS c RETURN v.id AS id ORDER BY %[2]s, id LIMIT 4",
	"MATCH (v) WITH v, %[1]s AS c RETURN v.id AS id, any(x IN [1, 2] WHERE %[2]s AND x > 1) AS a",
	"MATCH (v) WITH v, %[1]s AS c WITH * WHERE %[2]s OR v.id = 3 RETURN v.id AS id",
	"MATCH (v) WITH v, %[1]s AS c WITH v, c AS d, c WHERE v.id > 2 RETURN v.id AS id, %[2]s AS t",
	"MATCH (v:A) WITH v, %[1]s AS c WHERE %[2]s RETURN v.id AS id UNION MATCH (v:B) WITH v, %[1]s AS c WHERE %[3]s RETURN v.id AS id",
	"MATCH (u:A) OPTIONAL MATCH (u)-[:T]->(v) WITH u, v, %[1]s AS c RETURN u.id AS id, CASE WHEN %[2]s THEN 1 ELSE 0 END AS t",
	"MATCH (v) WITH v, %[1]s AS c WITH v, c WHERE %[2]s RETURN count(*) AS n, sum(CASE WHEN %[3]s THEN 1 ELSE 0 END) AS m",
	"MATCH (v) WITH v, %[1]s AS c RETURN v.id AS id, [c IN [0, 2] WHERE c > 0] AS cs, %[2]s AS t",
	// Near-misses: c read otherwise too.
	"MATCH (v) WITH v, %[1]s AS c RETURN v.id AS id, c, CASE WHEN %[2]s THEN 1 END AS t",
	"MATCH (v) WITH v, %[1]s AS c RETURN count(CASE WHEN %[2]s THEN 1 END) AS n, sum(c) AS s",
	"MATCH (v) WITH v, %[1]s AS c RETURN max(c) > 0 AS m, count(CASE WHEN %[2]s THEN 1 END) AS n",
	"MATCH (v) WITH v, %[1]s AS c WITH c, count(*) AS n RETURN %[2]s AS t, sum(n) AS n",
	"MATCH (v) WITH v, %[1]s AS c WITH v, c AS d RETURN d AS d, count(*) AS n",
	"MATCH (v) WITH v, %[1]s AS c CALL (c) { RETURN c * 2 AS e } RETURN v.id AS id, e, %[2]s AS t",
	"MATCH (v) WITH v, %[1]s AS c WHERE EXISTS { MATCH (v)-->(w) WHERE w.id > c } RETURN v.id AS id, %[2]s AS t",
	"MATCH (v:A) WITH v, %[1]s AS c RETURN v.id AS id, %[2]s AS t ORDER BY c, id",
	"MATCH (v) WITH v, %[1]s AS c, v.id % 2 AS d RETURN v.id AS id, c > d AS t, %[2]s AS u",
	"MATCH (v:A) WITH v, %[1]s AS c RETURN v.id AS id, c AS n UNION MATCH (v:B) WITH v, %[1]s AS c RETURN v.id AS id, CASE WHEN %[2]s THEN 1 ELSE 0 END AS n",
}

// TestCountColumnsMatchRowMode generates queries that project a count of
// a pattern's matches into a column and read it later (planner/
// count_columns.go computes such a column read only by tests of zero as
// an existence test), with near-misses of every kind, and compares each
// with row mode.
func TestCountColumnsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(24, 7))
	var queries []string
	for _, form := range countColumnForms {
		for n := 0; n < 30; n++ {
			def := countColumnDefs[r.IntN(len(countColumnDefs))]
			if r.IntN(3) > 0 {
				def = countColumnDefs[r.IntN(7)] // mostly counts that cannot fail
			}
			pick := func() string {
				if r.IntN(3) > 0 {
					return countColumnTests[r.IntN(12)] // mostly tests of zero
				}
				return countColumnTests[r.IntN(len(countColumnTests))]
			}
			q := fmt.Sprintf(form, def, pick(), pick())
			if strings.Contains(form, "c AS d, c") {
				q = strings.Replace(q, " AS t", fmt.Sprintf(" AS t, %s AS t2", strings.ReplaceAll(pick(), "c", "d")), 1)
			}
			queries = append(queries, q)
		}
	}
	runCountReaders(t, queries)
}
