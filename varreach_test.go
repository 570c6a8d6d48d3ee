package cyq

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestVarLengthReachMatchesRowMode compares set-mode variable-length
// expansions with row-mode enumeration on random graphs dense enough that
// the breadth-first steps after the first cover most of the graph (where
// set expansion runs bottom-up, from the unvisited nodes), with self-loops,
// parallel relationships, two types, every direction and minimum lengths
// from 0 to 2, on graphs of one node page and of several with deleted
// nodes.
func TestVarLengthReachMatchesRowMode(t *testing.T) {
	t.Parallel()
	queries := []string{
		"MATCH (a {id: $x})-[*1..3]->(b) RETURN count(DISTINCT b)",
		"MATCH (a {id: $x})<-[*1..3]-(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: $x})-[*1..3]-(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: $x})-[*0..2]->(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: $x})-[:T*1..3]->(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: $x})<-[:T|U*..3]-(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: $x})-[:U*1..2]-(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: $x})-[*2..3]->(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a {id: $x})-[:T*2..3]-(b) RETURN collect(DISTINCT b.id)",
		"MATCH (a:A)-[*1..2]->(b) RETURN a.id, count(DISTINCT b) ORDER BY a.id",
		"MATCH (a:A)<-[:T*1..3]-(b) RETURN count(DISTINCT b)",
	}
	for seed := uint64(1); seed <= 7; seed++ {
		r := rand.New(rand.NewPCG(seed, 2))
		n := 30 + r.IntN(30)
		if seed > 5 {
			n = 150 + r.IntN(150) // several node pages, some nodes deleted
		}
		var rels []any
		for i := 0; i < n*(3+r.IntN(6)); i++ {
			s, e := r.IntN(n), r.IntN(n)
			switch r.IntN(10) {
			case 0:
				e = s // self-loop
			case 1:
				rels = append(rels, map[string]any{"s": s, "e": e, "t": "T"}) // parallel
			}
			t := "T"
			if r.IntN(3) == 0 {
				t = "U"
			}
			rels = append(rels, map[string]any{"s": s, "e": e, "t": t})
		}
		load := func(o *Options) *DB {
			db, err := Open("", o)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			mustRun(t, db, "UNWIND range(0, $n - 1) AS i CREATE (x {id: i}) WITH x, i WHERE i % 3 = 0 SET x:A", map[string]any{"n": n})
			mustRun(t, db, `UNWIND $rels AS p MATCH (s {id: p.s}), (e {id: p.e})
				FOREACH (_ IN CASE WHEN p.t = 'T' THEN [1] ELSE [] END | CREATE (s)-[:T]->(e))
				FOREACH (_ IN CASE WHEN p.t = 'U' THEN [1] ELSE [] END | CREATE (s)-[:U]->(e))`, map[string]any{"rels": rels})
			if n > 64 {
				mustRun(t, db, "MATCH (x) WHERE x.id % 17 = 3 AND x.id > 1 DETACH DELETE x", nil)
			}
			return db
		}
		set, row := load(nil), load(&Options{RowModeOnly: true})
		for _, q := range queries {
			for _, x := range []int{0, 1, 5, n - 1} {
				p := map[string]any{"x": x}
				a, b := canonical(mustRun(t, set, q, p)), canonical(mustRun(t, row, q, p))
				if fmt.Sprint(a) != fmt.Sprint(b) {
					t.Errorf("seed %d (%d nodes, %d rels), x=%d: %s\n set mode: %v\n row mode: %v", seed, n, len(rels), x, q, a, b)
				}
			}
		}
	}
}
