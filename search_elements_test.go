package cyq

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// profileOpSteps is an operator's steps in PROFILE's tree, and
// profileTotalSteps the run's total.
var (
	profileOpSteps    = regexp.MustCompile(`steps (\d+)`)
	profileTotalSteps = regexp.MustCompile(`(?m)^result rows \d+, steps (\d+),`)
)

// TestShortestSearchReads checks that the shortest-path searches count
// the relationships they read one by one as steps, the cursor reads they
// are (their own instruction takes one step per path found, whatever the
// search read): on random graphs, for shortestPath, allShortestPaths,
// SHORTEST k and ANY SHORTEST between nodes sought by id and from one node
// to every node, the steps PROFILE gives the search's operator are at
// least the paths it returned plus the distinct relationships on them
// (each read to be found), another run's figures per opcode family
// (ProfiledRun, which Work weighs) count at least those relationships as
// relationship-cursor steps, and the search touches no set elements (a relationship read is not a bit of
// a set). Without the count (expandCounted counting nothing) 68 of the 80
// queries, those that find a path, fail.
func TestShortestSearchReads(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 7))
	queries := []string{
		"MATCH p = shortestPath((a {id: %d})-[*]->(b {id: %d})) RETURN [r IN relationships(p) | id(r)] AS rs",
		"MATCH p = allShortestPaths((a {id: %d})-[*..4]-(b {id: %d})) RETURN [r IN relationships(p) | id(r)] AS rs",
		"MATCH p = SHORTEST 2 (a {id: %d})-->+(b {id: %d}) RETURN [r IN relationships(p) | id(r)] AS rs",
		"MATCH p = ANY SHORTEST (a {id: %d})-->{1,3}(b) WHERE b.id <> %d RETURN [r IN relationships(p) | id(r)] AS rs",
	}
	runs, found, searched := 0, 0, 0
	for _, seed := range []uint64{3, 17} {
		db := rowModeGraphs(t, seed, 30, 80, plannedOnly)["planned"]
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
			var paths int64
			rels := map[string]bool{}
			for _, row := range all {
				if l, _ := row[0].(value.List); len(l) > 0 {
					paths++
					for _, id := range l {
						rels[value.Format(id)] = true
					}
				}
			}
			if paths > 0 {
				found++
			}
			m := profileTotalSteps.FindStringSubmatch(prof)
			if m == nil {
				t.Fatalf("%s: no totals line in\n%s", q, prof)
			}
			total, _ := strconv.ParseInt(m[1], 10, 64)
			var search, elements int64
			op := false
			for _, line := range strings.Split(prof, "\n") {
				if !strings.Contains(line, "Shortest") {
					continue
				}
				op = true
				if sm := profileOpSteps.FindStringSubmatch(line); sm != nil {
					n, _ := strconv.ParseInt(sm[1], 10, 64)
					search += n
				}
				if sm := profileOpElements.FindStringSubmatch(line); sm != nil {
					n, _ := strconv.ParseInt(sm[1], 10, 64)
					elements += n
				}
			}
			if op {
				searched++
			}
			if (op && (search < paths+int64(len(rels)) || elements > 0)) || total < search || counted.Family[vm.FamExpand] < int64(len(rels)) {
				t.Errorf("%s: %d paths over %d relationships; the search's steps %d and set elements %d; total steps %d, relationship reads counted %d\n%s",
					q, paths, len(rels), search, elements, total, counted.Family[vm.FamExpand], prof)
			}
		}
	}
	if found < runs/4 || searched < runs/2 {
		t.Errorf("only %d of %d queries found a path, %d searched", found, runs, searched)
	}
	t.Logf("%d queries, %d found paths, %d planned as a search", runs, found, searched)
}
