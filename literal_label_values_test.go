package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestLiteralLabelValuesMatchRowMode generates label tests used as values
// with literal dynamic names ($('A'), $(['A', 'B']), $all(), $any(), with
// static parts and negations around them) on nodes, on relationships
// (whose names are their type), on nulls an OPTIONAL MATCH left, and on
// values that are not entities (integers, strings, maps, a node variable
// rebound to its id, a list's element), in RETURN, WHERE, grouping keys
// and under CASE, and compares each, planned, with row mode on three
// seeded random graphs: rows or the whole error message.
func TestLiteralLabelValuesMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(18, 24))
	names := []string{"'A'", "'B'", "'C'", "'T'", "'U'", "['A', 'B']", "['A']", "['T', 'U']", "['A', 'T']"}
	label := func() string {
		n := names[r.IntN(len(names))]
		var d string
		switch r.IntN(3) {
		case 0:
			d = "$(" + n + ")"
		case 1:
			d = "$any(" + n + ")"
		default:
			d = "$all(" + n + ")"
		}
		switch r.IntN(5) {
		case 0:
			return d + "|B"
		case 1:
			return "!" + d
		case 2:
			return "A&" + d
		}
		return d
	}
	places := []string{
		"MATCH (n) RETURN n.id AS id, n:%s AS x",
		"MATCH (n) WHERE n:%s RETURN n.id AS id",
		"MATCH (n)-[:T]->(m) RETURN m:%s AS x, count(*) AS c",
		"MATCH (a)-[r]->(b) RETURN a.id AS a, b.id AS b, r:%s AS x",
		"MATCH (a)-[r]->(b) WHERE NOT r:%s RETURN type(r) AS t, count(*) AS c",
		"MATCH (n:A) OPTIONAL MATCH (n)-[:T]->(m:B) RETURN n.id AS id, m:%s AS x",
		"MATCH (n:A) OPTIONAL MATCH (n)-[r:U]->() RETURN n.id AS id, r:%s AS x",
		"MATCH (n) RETURN CASE WHEN n:%s THEN 'yes' ELSE 'no' END AS x, count(*) AS c",
		"UNWIND [1, 'a', {k: 1}, null] AS n RETURN n:%s AS x",
		"MATCH (n) WITH n.id AS n RETURN n:%s AS x",
		"MATCH (n) WITH [n] AS l RETURN l[0]:%s AS x",
		"MATCH (n) WITH n, n AS m WHERE m.id %% 2 = 0 RETURN m.id AS id, m:%s AS x",
		"MATCH (n) WITH n.id %% 3 AS k, collect(n) AS ns UNWIND ns AS n RETURN k, n:%s AS x",
	}
	runs, failed, errs := 0, 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		dbs := planVariants(t, seed, 16, 30, plannedRowMode)
		for i := 0; i < 120; i++ {
			q := fmt.Sprintf(places[r.IntN(len(places))], label())
			if strings.HasPrefix(rowsOrError(dbs["row-mode"], q, nil), "error") {
				errs++
			}
			againstRowMode(t, dbs, []string{"planned"}, fmt.Sprintf("seed %d", seed), q, nil, &runs, &failed)
		}
	}
	t.Logf("%d runs, %d of the row-mode outcomes errors", runs, errs)
	if failed > 0 {
		t.Errorf("%d of %d runs differ", failed, runs)
	}
}
