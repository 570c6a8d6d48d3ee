package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// countReaderTerms are numbers of matches per row of c, summed by the
// generated queries: counts whose reading cannot fail in several
// spellings (COUNT { } of a pattern and of a MATCH, size() of a pattern
// comprehension, a self-loop), and near-misses a sum may hold: counts
// whose bodies fail on some matches (a division by zero at id 7), and
// values that are no counts (a property that may be null or negative, a
// parameter, a negative literal, a float).
var countReaderTerms = []string{
	"COUNT { (c)-->(w) }",
	"COUNT { (c)<-[:U]-(w) WHERE w.k = 1 }",
	"size([(c)-[:T]-(w) | w])",
	"COUNT { MATCH (c)-->(w)-->(c) RETURN w }",
	"COUNT { (c)-[:T]->(c) }",
	"size([(c)<--(w) WHERE w:B | w.k])",
	"COUNT { (c)-[:T]->(:B)-[:U]->(w) }",
	"COUNT { (c)-->(w) WHERE 6 / (w.id - 7) > 0 }",
	"size([(c)<--(w) WHERE 6 / (w.id - 7) > 0 | w])",
	"c.k",
	"c.k - 1",
	"$z",
	"-1",
	"0.5",
}

// countReaderTests compare a sum (%s) with constants: every spelling of
// "is it 0" (> 0, >= 1, = 0, < 1, <= 0, <> 0, either way round, under
// NOT), the always-true and always-false ones (> -1, >= 0, < 0), and
// near-misses that must keep the count: thresholds of 1 and 2,
// parameters, floats, NaN, null, arithmetic, a chained comparison.
var countReaderTests = []string{
	"%s > 0", "%s >= 1", "%s = 0", "%s < 1", "%s <= 0", "%s <> 0", "0 < %s", "1 > %s", "0 = %s", "NOT %s = 0",
	"%s > -1", "%s >= 0", "%s < 0",
	"%s = 1", "%s >= 2", "%s > 1", "%s < 2", "%s > $z", "%s >= $one", "%s > 0.0", "%s > 0.5",
	"%s <> 0.0 / 0.0", "%s > null", "%s - 1 >= 0", "0 < %s < 2", "%s <> 1", "1 = %s",
}

// countReaderForms place the test (%[1]s) and the sum (%[2]s, a column s
// in the WITH forms) after an outer clause (%[3]s): in a WHERE, a CASE,
// a returned projection, aggregate arguments, ORDER BY, a nested EXISTS {
// } and COUNT { } body, and as a projected column tested later (in a
// WHERE, a CASE, through a second WITH), next to near-misses where the
// column is also returned (by the query, a CALL { }, a COLLECT { } or
// a UNION), used in
// arithmetic, collected or renamed.
var countReaderForms = []string{
	"%[3]s WITH * WHERE %[1]s RETURN count(*) AS n",
	"%[3]s RETURN CASE WHEN %[1]s THEN 'y' ELSE 'n' END AS t, count(*) AS n",
	"%[3]s RETURN c.id AS id, %[1]s AS t",
	"%[3]s RETURN count(CASE WHEN %[1]s THEN 1 END) AS n, sum(CASE WHEN %[1]s THEN 1 ELSE 0 END) AS m",
	"%[3]s RETURN c.id AS id ORDER BY CASE WHEN %[1]s THEN 0 ELSE 1 END, id LIMIT 4",
	"MATCH (z) WHERE EXISTS { %[3]s WITH * WHERE z = c AND %[1]s } RETURN count(*) AS n",
	"MATCH (z:A) RETURN z.id AS id, COUNT { %[3]s WITH * WHERE z = c AND %[1]s } AS n",
	"%[3]s WITH c, %[2]s AS s WHERE %[4]s RETURN count(*) AS n",
	"%[3]s WITH c, %[2]s AS s RETURN CASE WHEN %[4]s THEN 'y' ELSE 'n' END AS t, count(*) AS n",
	"%[3]s WITH c, %[2]s AS s WITH c, s WHERE %[4]s RETURN c.id AS id",
	"%[3]s WITH c, %[2]s AS s WHERE %[4]s RETURN s, count(*) AS n",
	"%[3]s WITH c, %[2]s AS s RETURN %[4]s AS t, s + 1 AS u",
	"%[3]s WITH c, %[2]s AS s WITH collect(s) AS ss RETURN size(ss) AS n",
	"%[3]s WITH c, %[2]s AS s WITH c, s AS u WHERE u > 0 RETURN count(*) AS n",
	"%[3]s WITH c, %[2]s AS s WHERE %[4]s RETURN c.id AS id, s",
	"CALL { %[3]s WITH c, %[2]s AS s WHERE %[4]s RETURN s } RETURN s, count(*) AS n",
	"MATCH (z:A) RETURN z.id AS id, COLLECT { %[3]s WITH c, %[2]s AS s WHERE z = c AND %[4]s RETURN s } AS ss",
	"%[3]s WITH c, %[2]s AS s WHERE %[4]s RETURN s UNION ALL MATCH (c:A) RETURN -1 AS s",
}

// countReaderOuters bind c once or several times per node, or null (the
// OPTIONAL MATCH), or from a parameter.
var countReaderOuters = []string{
	"MATCH (a)-[r]->(c)",
	"MATCH (c:A)",
	"MATCH (a)-[r]-(c)",
	"OPTIONAL MATCH (a:A {id: $x})-[r:U]->(c)",
	"UNWIND [1, 1] AS d MATCH (c {id: $x})",
	"MATCH (c) WHERE c.id >= 5",
}

// TestCountReadersMatchRowMode generates counts of matches, and sums of
// them, read only by comparisons with constants in every position
// (summed_counts.go), next to near-misses the
// planner must leave alone, and compares every query with the same query
// planned row by row, on graphs with parallel relationships, self-loops,
// null and missing properties, and a node (id 7) at which some bodies
// divide by zero.
func TestCountReadersMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(23, 17))
	var queries []string
	for fi, form := range countReaderForms {
		for n := 0; n < 40; n++ {
			var terms []string
			for k := 1 + r.IntN(3); k > 0; k-- {
				i := r.IntN(len(countReaderTerms))
				if r.IntN(3) > 0 {
					i = r.IntN(7) // mostly counts that cannot fail
				}
				terms = append(terms, countReaderTerms[i])
			}
			sum := strings.Join(terms, " + ")
			test := countReaderTests[(fi+n)%len(countReaderTests)]
			outer := countReaderOuters[(fi+n)%len(countReaderOuters)]
			onSum := strings.ReplaceAll(test, "%s", "("+sum+")")
			onCol := strings.ReplaceAll(test, "%s", "s")
			queries = append(queries, fmt.Sprintf(form, onSum, sum, outer, onCol))
		}
	}
	runCountReaders(t, queries)
}

// countReaderBranches are branches of a correlated CALL { } UNION over c,
// each returning one column: the same constant (an existence test per
// branch, call_union_exists.go), cut by LIMIT 1 or more, and near-misses
// that must keep the CALL: LIMIT 0, SKIP, LIMIT by a parameter, ORDER BY,
// a column that differs per match, a body that fails at id 7.
var countReaderBranches = []string{
	"WITH c MATCH (c)-->(w) WHERE w.k = 1 RETURN 1 AS one LIMIT 1",
	"WITH c MATCH (c)<-[:U]-(w) RETURN 1 AS one LIMIT 1",
	"WITH c MATCH (c)-[:T]-(w) RETURN 1 AS one LIMIT 2",
	"WITH c MATCH (c)-[:T]->(c) RETURN 1 AS one",
	"WITH c MATCH (c)-->(w) RETURN 1 AS one LIMIT 0",
	"WITH c MATCH (c)-->(w) RETURN 1 AS one SKIP 1 LIMIT 1",
	"WITH c MATCH (c)<--(w) RETURN 1 AS one LIMIT $one",
	"WITH c MATCH (c)<--(w) RETURN 1 AS one ORDER BY w.id LIMIT 1",
	"WITH c MATCH (c)-->(w) RETURN w.k AS one LIMIT 1",
	"WITH c MATCH (c)-->(w) WHERE 6 / (w.id - 7) > 0 RETURN 1 AS one LIMIT 1",
	"WITH c MATCH (c)<--(w) WHERE 6 / (w.id - 7) > 0 RETURN 1 AS one",
	"WITH c MATCH (c)-[:U]->(w) WITH w WHERE w.k = 1 RETURN 1 AS one",
	"WITH c UNWIND [1, 2] AS i WITH i WHERE c.id % 3 = i RETURN 1 AS one",
	"WITH c MATCH (c)<--(w) WITH w WHERE 6 / (w.id - 7) > 0 RETURN 1 AS one",
}

// TestCallUnionLimitsMatchRowMode generates correlated CALL { A UNION B }
// (and UNION ALL) whose branches return one constant row cut by LIMIT,
// counted by the outer query, and compares each with row mode.
func TestCallUnionLimitsMatchRowMode(t *testing.T) {
	t.Parallel()
	var queries []string
	for i, a := range countReaderBranches {
		for j, b := range countReaderBranches {
			if i == j && i%3 != 0 {
				continue
			}
			union := " UNION "
			if (i+j)%5 == 0 {
				union = " UNION ALL "
			}
			outer := countReaderOuters[(i+j)%len(countReaderOuters)]
			queries = append(queries,
				fmt.Sprintf("%s CALL { %s%s%s } RETURN count(*) AS n, count(one) AS m", outer, a, union, b),
				fmt.Sprintf("%s CALL { %s%s%s } RETURN c.id AS id, one", outer, a, union, b))
		}
	}
	runCountReaders(t, queries)
}

// runCountReaders runs queries planned and in row mode on two seeded
// random graphs with extra parallel relationships, self-loops and a
// keyed pair, and fails when any run's rows or error differ.
func runCountReaders(t *testing.T, queries []string) {
	t.Helper()
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 2; seed++ {
		dbs := rowModeGraphs(t, seed, 14, 30+int(seed)*8, plannedRowMode, append([]string{sparseKeys}, loopsAndParallels...)...)
		params := map[string]any{"x": []int{3, 0}[seed-1], "z": int(seed - 1), "one": int(seed - 1)}
		for _, q := range queries {
			againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d", seed), q, params, &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries, %d runs", len(queries), runs)
}
