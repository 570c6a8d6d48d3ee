package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// markReads read an OPTIONAL MATCH's variable o only in null tests,
// through a DISTINCT projection or aggregates that do not see
// repetition (the rewrite's family), and the near misses: aggregates
// that count repeated rows, o's value or property read, ORDER BY and
// LIMIT after DISTINCT, a WHERE on the mark, a pattern that names o.
var markReads = []string{
	"WITH DISTINCT a, o IS NOT NULL AS hit RETURN *",
	"WITH DISTINCT a, o IS NOT NULL AS hit WHERE hit RETURN count(*) AS n",
	"RETURN count(DISTINCT a) AS n, count(DISTINCT CASE WHEN o IS NOT NULL THEN a END) AS hits",
	"RETURN a.k AS k, max(CASE WHEN o IS NULL THEN 0 ELSE 1 END) AS m",
	"RETURN DISTINCT a.id AS id, o IS NULL AS none",
	"RETURN DISTINCT a.id AS id, (o IS NULL) = (a.k IS NULL) AS same",
	"RETURN DISTINCT a.id AS id, o IS NOT NULL AS hit ORDER BY id, hit LIMIT 3",
	"RETURN collect(DISTINCT o IS NULL) AS l",
	"WITH a, min(o IS NULL) AS none RETURN *",
	"RETURN count(CASE WHEN o IS NOT NULL THEN a END) AS hits",
	"RETURN DISTINCT a.id AS id, o IS NOT NULL AS hit, count(*) AS n",
	"RETURN DISTINCT a.id AS id, o.id IS NULL AS none",
	"RETURN count(DISTINCT o) AS c",
	"RETURN a.id AS id, o IS NOT NULL AS hit",
	"RETURN DISTINCT a.id AS id, coalesce(o.k, -1) AS k",
	"WITH DISTINCT b, o IS NULL AS none RETURN *",
	"RETURN sum(DISTINCT CASE WHEN o IS NULL THEN 1 ELSE 2 END) AS s",
	"RETURN DISTINCT a.id AS id, o IS NULL AS none, EXISTS { (a)-->(o) } AS p",
}

// TestOptionalMarksMatchRowMode compares, with row mode, OPTIONAL MATCH
// clauses read only as null tests by projections that do not see
// repetition (run as existence marks), and their near misses.
func TestOptionalMarksMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(43, 9))
	runs, failed := 0, 0
	names := []string{"planned", "planned-idx"}
	for seed := uint64(1); seed <= 3; seed++ {
		dbs := rowModeGraphs(t, seed, 24, 60+int(seed)*20, plannedIdxRowMode, sparseKeys, "MATCH (x) WHERE x.id = 5 SET x.id = 7")
		for n := 0; n < 110; n++ {
			outer := fanOuters[r.IntN(len(fanOuters))]
			p := fanPatterns[r.IntN(len(fanPatterns))]
			for p == "CHAIN" || !strings.Contains(outer, " AS g") && strings.Contains(p, "= g") {
				p = fanPatterns[r.IntN(len(fanPatterns))]
			}
			from := "a"
			if r.IntN(3) == 0 {
				from = "b"
			}
			q := outer + " " + fmt.Sprintf(p, "o", from) + " " + markReads[r.IntN(len(markReads))]
			againstRowMode(t, dbs, names, fmt.Sprintf("seed %d", seed), q, nil, &runs, &failed)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d runs", runs)
}
