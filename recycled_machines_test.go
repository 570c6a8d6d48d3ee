package cyq

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
)

// TestRecycledMachinesKeepRowsApart runs queries of different shapes
// (registers, cursors, tables, sets, lists, paths) from several goroutines
// at once, each reading its rows while the others' finished runs hand
// their machines on, sometimes closing a run before its end: every run
// must give the rows a run on its own gives, and rows read earlier must
// not change when later runs reuse the machine they came from.
func TestRecycledMachinesKeepRowsApart(t *testing.T) {
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	r := rand.New(rand.NewPCG(7, 11))
	mustRun(t, db, "UNWIND range(0, 199) AS i CREATE (:P {id: i, name: 'p' + toString(i)})", nil)
	for range 600 {
		a, b := r.IntN(200), r.IntN(200)
		mustRun(t, db, "MATCH (a:P {id: $a}), (b:P {id: $b}) CREATE (a)-[:K {w: $w}]->(b)", map[string]any{"a": a, "b": b, "w": r.IntN(10)})
	}
	type q struct {
		text   string
		params map[string]any
	}
	var qs []q
	for i := range 12 {
		qs = append(qs,
			q{"MATCH (a:P {id: $id}) RETURN a.name AS n", map[string]any{"id": i}},
			q{"MATCH (a:P {id: $id})-->()-->(b) RETURN count(DISTINCT b) AS c", map[string]any{"id": i}},
			q{"MATCH (a:P {id: $id})-[*1..3]->(b) RETURN count(DISTINCT b) AS c", map[string]any{"id": i * 3}},
			q{"MATCH (a:P)-[k:K]->(b) WHERE a.id % 7 = $m RETURN a.id, collect(b.id) AS bs ORDER BY a.id", map[string]any{"m": i % 7}},
			q{"MATCH p = (a:P {id: $id})-[:K*1..2]->(b) RETURN b.id, length(p), [n IN nodes(p) | n.id] AS ids ORDER BY b.id, ids LIMIT 25", map[string]any{"id": i}},
			q{"MATCH (a:P)-[k:K]->() RETURN k.w AS w, count(*) AS c, sum(a.id) AS s ORDER BY w", nil},
			q{"UNWIND range(1, $n) AS x RETURN x, x * x AS y", map[string]any{"n": 5 + i}},
		)
	}
	run := func(x q, stopAfter int) ([]string, error) {
		rows, err := db.Query(ctx, x.text, x.params)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			out = append(out, fmt.Sprint(rows.Values()))
			if stopAfter > 0 && len(out) == stopAfter {
				return out, rows.Close()
			}
		}
		return out, rows.Err()
	}
	want := make([][]string, len(qs))
	for i, x := range qs {
		if want[i], err = run(x, 0); err != nil {
			t.Fatalf("%s: %v", x.text, err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 3))
			for range 150 {
				i := r.IntN(len(qs))
				if len(want[i]) == 0 {
					continue
				}
				stop := 0
				if r.IntN(4) == 0 {
					stop = 1 + r.IntN(len(want[i]))
				}
				rows, err := db.Query(ctx, qs[i].text, qs[i].params)
				if err != nil {
					errs <- err
					return
				}
				// Hold the first row's values across other runs.
				var first []string
				var held [][]any
				n := 0
				for rows.Next() {
					if n == 0 {
						first = []string{fmt.Sprint(rows.Values())}
						held = append(held, []any{slices.Clone(rows.Values()), rows.Values()})
					}
					n++
					if stop > 0 && n == stop {
						break
					}
				}
				if err := rows.Err(); err != nil {
					errs <- err
					return
				}
				rows.Close()
				_, err = run(qs[r.IntN(len(qs))], 0) // another run, likely on this machine
				if err != nil {
					errs <- fmt.Errorf("second run: %v", err)
					return
				}
				if first[0] != want[i][0] {
					errs <- fmt.Errorf("%s: first row %s, want %s", qs[i].text, first[0], want[i][0])
					return
				}
				for _, h := range held {
					if a, b := fmt.Sprint(h[0]), fmt.Sprint(h[1]); a != want[i][0] || b != want[i][0] {
						errs <- fmt.Errorf("%s: a row read before changed to %s / %s, want %s", qs[i].text, a, b, want[i][0])
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
