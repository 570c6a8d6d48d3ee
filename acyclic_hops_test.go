package cyq

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// acyclicPatterns are fixed-length pattern parts under ACYCLIC or SIMPLE
// (written as %s): single hops in either direction, typed and untyped,
// quantified relationships of one count, a repeated node variable, an
// inline property map, and near-misses the rewrite leaves to the path
// filter: a range of counts, a group variable, a variable-length
// relationship, a quantified path pattern.
var acyclicPatterns = []string{
	"(a:A)-->{2}(c)",
	"(a:A)-[:T]->{3}(c)",
	"(a:A)<-[:U]-{2}(c)",
	"(a:A)-->(b)-->(c)",
	"(a:A)-[:T]-(b)-[:U]->(c)",
	"(a:A)-->{2}(b)<--(c)",
	"(a:A)-->(b)-->(a)",
	"(a:A)-->{1}(c)",
	"(a:A)-[:T]->(b {id: 7})-->{2}(c)",
	"(a:A)--{2}(c)",
	"(a:A)-->{1,3}(c)",
	"(a:A)-[r:T]->{2}(c)",
	"(a:A)-[:T*2]->(c)",
	"(a:A) ((x)-[:T]->(y)){2} (c)",
}

// acyclicQueries generates n queries matching one of acyclicPatterns
// under ACYCLIC or SIMPLE, with or without a path variable, alone, after
// a MATCH, OPTIONAL, in an EXISTS body, and aggregated or not.
func acyclicQueries(r *rand.Rand, n int) []string {
	shapes := []string{
		"MATCH %s RETURN a.id AS a, c.id AS c",
		"MATCH %s RETURN count(*) AS n",
		"MATCH (x:B) WHERE x.id < 20 OPTIONAL MATCH %s WHERE a.id = x.id - 1 RETURN x.id AS x, count(c) AS n",
		"MATCH (a:A) WHERE EXISTS { MATCH %s } RETURN count(a) AS n",
		"MATCH %s WITH a, count(DISTINCT c) AS d RETURN a.id AS a, d",
	}
	var out []string
	for len(out) < n {
		pat := acyclicPatterns[r.IntN(len(acyclicPatterns))]
		mode := "ACYCLIC "
		if r.IntN(3) == 0 {
			mode = "SIMPLE "
		}
		part := mode + pat
		shape := shapes[r.IntN(len(shapes))]
		if r.IntN(3) == 0 && shape != shapes[3] && shape != shapes[4] {
			out = append(out, fmt.Sprintf(shape, "p = "+part)+", max(length(p)) AS l")
			continue
		}
		out = append(out, fmt.Sprintf(shape, part))
	}
	return out
}

// TestAcyclicHopsMatchRowMode runs generated ACYCLIC and SIMPLE patterns
// (which the planner writes as hops and node inequalities when their
// length is fixed, see planner/acyclic_hops.go) against row mode (which
// filters the path's node list), on random graphs with self-loops and
// parallel relationships.
func TestAcyclicHopsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(17, 5))
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		dbs := planVariants(t, seed, 30+10*int(seed), 90+30*int(seed), plannedLastRowMode)
		for _, q := range acyclicQueries(r, 120) {
			againstRowMode(t, dbs, []string{"planned", "last"}, fmt.Sprintf("seed %d", seed), q, nil, &runs, &failed)
		}
	}
	t.Logf("%d runs; %d differ from row mode", runs, failed)
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
}
