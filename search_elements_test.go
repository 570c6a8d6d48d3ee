package cyq

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cyqdb/cyq/value"
)

// TestShortestSearchElements checks that the shortest-path searches count
// the relationships they read as set elements (their step count is one
// per path found, whatever the search read): on random graphs, for
// shortestPath, allShortestPaths, SHORTEST k and ANY SHORTEST between
// nodes sought by id and from one node to every node, PROFILE's set
// elements are at least the paths returned of one relationship or more
// (distinct paths, each of whose relationships was read to be found), its operators' elements add up to its total, and the
// total is the counter of another run (vm.Stats.Elements). Without the
// count (expandCounted counting nothing) every search reports 0: 80
// queries, 68 of which find a path; that break fails those 68.
func TestShortestSearchElements(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 7))
	queries := []string{
		"MATCH p = shortestPath((a {id: %d})-[*]->(b {id: %d})) RETURN length(p) AS n",
		"MATCH p = allShortestPaths((a {id: %d})-[*..4]-(b {id: %d})) RETURN length(p) AS n",
		"MATCH p = SHORTEST 2 (a {id: %d})-->+(b {id: %d}) RETURN length(p) AS n",
		"MATCH p = ANY SHORTEST (a {id: %d})-->{1,3}(b) WHERE b.id <> %d RETURN length(p) AS n",
	}
	runs, found := 0, 0
	for _, seed := range []uint64{3, 17} {
		dbs := planVariants(t, seed, 30, 80, map[string]*Options{"planned": nil})
		db := dbs["planned"]
		for i := 0; i < 40; i++ {
			q := fmt.Sprintf(queries[i%len(queries)], r.IntN(30), r.IntN(30))
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			rows, err := db.Query(ctx, "PROFILE "+q, nil)
			if err != nil {
				cancel()
				t.Fatalf("%s: %v", q, err)
			}
			all, err := rows.All()
			if err != nil {
				cancel()
				t.Fatalf("%s: %v", q, err)
			}
			prof := rows.Profile()
			counted, _, _, err := ProfiledRun(ctx, db, q, nil)
			cancel()
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			runs++
			var hops int64
			for _, row := range all {
				if n, _ := row[0].(value.Int); n > 0 {
					hops++
				}
			}
			m := profileTotalElements.FindStringSubmatch(prof)
			if m == nil {
				t.Fatalf("%s: no totals line in\n%s", q, prof)
			}
			total, _ := strconv.ParseInt(m[1], 10, 64)
			var sum int64
			for _, line := range strings.Split(prof, "\n") {
				if strings.HasPrefix(line, "result rows") {
					continue
				}
				for _, e := range profileOpElements.FindAllStringSubmatch(line, -1) {
					n, _ := strconv.ParseInt(e[1], 10, 64)
					sum += n
				}
			}
			if hops > 0 {
				found++
			}
			if total < hops || sum != total || total != counted.Elements {
				t.Errorf("%s: %d paths; elements: operators %d, total %d, counter %d\n%s", q, hops, sum, total, counted.Elements, prof)
			}
		}
	}
	if found < runs/4 {
		t.Errorf("only %d of %d queries found a path", found, runs)
	}
	t.Logf("%d queries, %d found paths", runs, found)
}
