package cyq

import (
	"context"
	"testing"
	"time"

	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// completeDigraph creates n nodes {id: 0..n-1} and a relationship :R from
// every node to every other.
func completeDigraph(t *testing.T, db *DB, n int) {
	t.Helper()
	mustRun(t, db, "UNWIND range(0, $n - 1) AS i CREATE ({id: i})", map[string]any{"n": n})
	mustRun(t, db, "MATCH (a), (b) WHERE a <> b CREATE (a)-[:R]->(b)", nil)
}

// trailsInComplete counts the trails of length 1..max from one node of
// the complete digraph on n nodes (no relationship twice).
func trailsInComplete(n, max int) int64 {
	used := make([][]bool, n)
	for i := range used {
		used[i] = make([]bool, n)
	}
	var walk func(node, depth int) int64
	walk = func(node, depth int) int64 {
		if depth == max {
			return 0
		}
		var total int64
		for next := 0; next < n; next++ {
			if next == node || used[node][next] {
				continue
			}
			used[node][next] = true
			total += 1 + walk(next, depth+1)
			used[node][next] = false
		}
		return total
	}
	return walk(0, 0)
}

// TestVarExpandStreams checks that a variable-length expansion that must
// enumerate its trails holds only the current one: counting far more
// trails than the memory budget could hold succeeds, LIMIT stops the walk
// early, and cancellation interrupts it.
func TestVarExpandStreams(t *testing.T) {
	db, err := Open("", &Options{Limits: vm.Limits{MaxMemory: 256 << 10}})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	completeDigraph(t, db, 6)
	want := trailsInComplete(6, 6)
	rows := mustRun(t, db, "MATCH (a {id: 0})-[rs*1..6]->(b) RETURN count(*), max(size(rs))", nil)
	if got := rows[0][0]; got != value.Int(want) || rows[0][1] != value.Int(6) {
		t.Fatalf("trails: got %v, want %d of length up to 6", rows[0], want)
	}
	// Nothing reads the lists here: they are not built.
	rows = mustRun(t, db, "MATCH (a {id: 0})-[*1..6]->(b) RETURN count(*), count(DISTINCT b.id)", nil)
	if rows[0][0] != value.Int(want) || rows[0][1] != value.Int(6) {
		t.Fatalf("trails without lists: got %v, want %d reaching 6 nodes", rows[0], want)
	}

	// Trails of up to 20 relationships in a 6-node complete digraph are
	// too many to list; the first five come at once.
	rows = mustRun(t, db, "MATCH p = (a {id: 0})-[*1..20]->(b) RETURN length(p) LIMIT 5", nil)
	if len(rows) != 5 {
		t.Fatalf("LIMIT 5: got %d rows", len(rows))
	}

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err := db.Query(ctx, "MATCH p = (a {id: 0})-[*1..20]->(b) RETURN count(*)", nil)
	if err == nil {
		_, err = res.All()
	}
	if err == nil {
		t.Fatal("counting every trail of up to 20 relationships finished before the timeout")
	}
	if time.Since(start) > 10*time.Second {
		t.Fatalf("cancellation took %s", time.Since(start))
	}
}
