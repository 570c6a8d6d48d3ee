package cyq

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// rankKeySource binds a list xs and a row x (an element of xs, or a row
// of its own) of one kind of element: pairs read by subscripts, nodes
// read by patterns and properties, scalars of mixed kinds.
type rankKeySource struct {
	src, kind string
}

// rankKeySources: collected pairs and maps holding pairs unwound (the list
// the same on every row), pairs among values no subscript reads (null, an
// integer, a string, a map, an empty list, NaN and -0.0 keys), a
// parameter list, per-row lists (a pattern comprehension per node), an
// empty list from an OPTIONAL MATCH, collected nodes with values appended
// (an integer, a null: a pattern over them fails), collected scalars of
// every kind, duplicates and ties included.
var rankKeySources = []rankKeySource{
	{"MATCH (n) WITH collect([n.id, n.k]) AS xs UNWIND xs AS x", "pair"},
	{"MATCH (n) WITH collect([n.id % 4, n.j, n.k]) AS xs UNWIND xs AS x", "pair"},
	{"MATCH (n:A) WITH collect({id: n.id, p: [n.k, n.j]}) AS xs UNWIND xs AS x WITH xs, x.p AS x", "pair"},
	{"UNWIND [[1, 'a'], [2.0, 'b'], [0.0/0.0, 'c'], null, [2, 'e'], [-0.0, 'f'], [1, 'g'], [], [null, 'h'], ['b', 'i'], [[1], 'j']] AS e WITH collect(e) AS xs UNWIND xs AS x", "pair"},
	{"UNWIND [[1, 'a'], 3, [2, 'b']] AS e WITH collect(e) AS xs UNWIND xs AS x", "pair"},
	{"UNWIND [[1, 'a'], {k: 1}, [2, 'b']] AS e WITH collect(e) AS xs UNWIND xs AS x", "pair"},
	{"UNWIND [[1, 'a'], 'xy', [2, 'b']] AS e WITH collect(e) AS xs UNWIND xs AS x", "pair"},
	{"UNWIND [3, [1, 'a'], [2, 'b']] AS e WITH collect(e) AS xs UNWIND xs AS x", "pair"},
	{"UNWIND $xs AS x WITH x, $xs AS xs", "pair"},
	{"MATCH (x) WITH x, [(x)-->(z) | [z.id, z.k]] AS xs WITH xs, [x.id, x.k] AS x", "pair"},
	{"UNWIND [[1, 2]] AS x OPTIONAL MATCH (z:A) WHERE z.id < 0 WITH x, collect([z.id, z.k]) AS xs", "pair"},
	{"MATCH (n) WITH collect(n) AS xs UNWIND xs AS x", "node"},
	{"MATCH (n:A) WITH collect(n) AS xs MATCH (x:B)", "node"},
	{"MATCH (n) WITH collect(n) + [3] AS xs UNWIND xs AS x", "node"},
	{"MATCH (n) WITH [null] + collect(n) AS xs UNWIND xs AS x", "node"},
	{"MATCH (x:A) OPTIONAL MATCH (x)-[:U]->(z) WITH x, collect(z) AS xs", "node"},
	{"MATCH (x)-->(m) WITH x, [(x)-->(z) | z] AS xs", "node"},
	{"MATCH (n) WITH collect(n.k) AS xs UNWIND xs AS x", "scalar"},
	{"UNWIND [1, 2.0, 0.0/0.0, 'a', null, 3, 2, true, [1], -0.0, 0, 2] AS e WITH collect(e) AS xs UNWIND xs AS x", "scalar"},
	{"UNWIND [3, 1, 2, 2, 1.5, -1] AS e WITH collect(e) AS xs UNWIND xs AS x", "scalar"},
}

// rankKeyPreds are the comprehension predicates per kind of element (%[1]s
// the element, %[2]s the row; d a value of the row): paths with
// subscripts (negative, out of range, after a property), keys that are
// expressions of the element (mapped once per list), and near misses that
// are not ranks (a key compared with another key of the element, a
// mapped key compared with a read of the row, a tuple of mapped keys,
// another conjunct, a key reading the row, a comparison with a key of
// the row by equality).
var rankKeyPreds = map[string][]string{
	"pair": {
		"%[1]s[1] > %[2]s[1]", "%[1]s[1] <= %[2]s[1]", "%[2]s[1] < %[1]s[1]", "%[1]s[0] >= %[2]s[0]",
		"%[1]s[-1] < %[2]s[-1]", "%[1]s[2] > %[2]s[1]", "%[1]s[1] > d", "%[1]s[0] < $p", "%[1]s[-2] >= 1",
		"%[1]s[1] > %[2]s[1] OR (%[1]s[1] = %[2]s[1] AND %[1]s[0] < %[2]s[0])",
		"%[1]s[1] + 1 > d", "size(%[1]s) > d", "coalesce(%[1]s[1], 0) >= d", "%[1]s[0] * 2 < d",
		"toString(%[1]s[0]) > d", "%[1]s[0] + %[1]s[1] <= d", "d > %[1]s[0] - 1",
		// Near misses.
		"%[1]s[1] + 1 > %[2]s[1]", "%[2]s[1] < %[1]s[1] + 1", "%[2]s[0] >= size(%[1]s)", "%[1]s[1] > %[2]s[1] AND %[1]s[0] > 0", "%[1]s[1] > %[1]s[0]",
		"%[1]s[1] = %[2]s[1]", "%[1]s[1] + d > 1", "%[1]s[0] - %[2]s[0] > d", "coalesce(%[1]s[1], %[2]s[1]) >= d", "%[1]s[0] + 1 > d OR (%[1]s[0] + 1 = d AND %[1]s[1] < 2)",
	},
	"node": {
		"size([(%[1]s)-->(w) | w]) > d", "COUNT { (%[1]s)-->() } >= d", "size([(%[1]s)-[:T]->(w) | w.k]) < d",
		"%[1]s.id %% 3 > d", "coalesce(%[1]s.k, -1) <= d", "toString(%[1]s.id) > d", "%[1]s.k + 1 > d",
		"d < size([(%[1]s)<--(w) WHERE w.id > 3 | w])", "%[1]s.k > %[2]s.k", "%[1]s.id >= d",
		// Near misses.
		"size([(%[1]s)-->(w) | w]) > size([(%[2]s)-->(w) | w])", "size([(%[1]s)-->(%[2]s) | 1]) > d",
		"COUNT { (%[1]s)-->() } > d AND %[1]s.id > 2", "%[1]s.id - %[2]s.id >= d",
		"size([(%[2]s)-->(w) | w]) > d", "COUNT { (%[2]s)-->(%[1]s) } > d", "size([(%[1]s)<--(w) WHERE w = %[2]s | w]) < d",
	},
	"scalar": {
		"%[1]s + 1 > d", "abs(%[1]s) >= d", "toInteger(%[1]s) < d", "-%[1]s > d", "%[1]s > d",
		"%[1]s * 1.0 <= d", "%[1]s > %[2]s", "d <= %[1]s %% 2",
		// Near misses.
		"%[1]s + 1 > %[2]s", "%[1]s = d", "%[1]s + 1 > d AND %[1]s < 3", "%[1]s + %[2]s > d",
	},
}

// rankKeyDs are the values of d: ties, numbers of both kinds, NaN, null,
// strings, booleans, lists; several rows per row of the source, so that a
// list carried to them is ranked many times.
var rankKeyDs = []string{
	"UNWIND [1, 2.5, 0] AS d",
	"UNWIND [null, 2, 'b', 0.0/0.0] AS d",
	"UNWIND [1.0, true, [1], -1] AS d",
	"UNWIND [$p] AS d",
	"WITH *, 2 AS d",
}

// rankKeyUses read the count or the test: as an item, filtered, as any(),
// none() and all() (all: stays per element), as the list kept (stays per
// element), with DISTINCT, ordered and cut, summed, and written (a write:
// stays per element).
var rankKeyUses = []string{
	"RETURN x, d, size([y IN xs WHERE %s]) AS r",
	"WITH x, d, size([y IN xs WHERE %s]) AS r WHERE r < 3 RETURN x, d, r",
	"RETURN x, d, size([y IN xs WHERE %s | y]) AS r",
	"RETURN x, d, any(y IN xs WHERE %s) AS r",
	"RETURN x, d, none(y IN xs WHERE %s) AS r",
	"WITH x, d, xs WHERE none(y IN xs WHERE %s) RETURN x, d",
	"RETURN x, d, all(y IN xs WHERE %s) AS r",
	"RETURN x, d, [y IN xs WHERE %s] AS r",
	"RETURN DISTINCT d, size([y IN xs WHERE %s]) AS r",
	"RETURN x, d, size([y IN xs WHERE %s]) AS r ORDER BY r DESC, d LIMIT 4",
	"RETURN count(*) AS n, sum(size([y IN xs WHERE %s])) AS s",
	"WITH DISTINCT x, d, xs RETURN x, d, size([y IN xs WHERE %s]) AS r",
}

// rankKeyQueries generates queries of every spelling above.
func rankKeyQueries(r *rand.Rand, n int) []string {
	var out []string
	for len(out) < n {
		s := rankKeySources[r.IntN(len(rankKeySources))]
		preds := rankKeyPreds[s.kind]
		p := fmt.Sprintf(preds[r.IntN(len(preds))], "y", "x")
		d := rankKeyDs[r.IntN(len(rankKeyDs))]
		use := rankKeyUses[r.IntN(len(rankKeyUses))]
		q := s.src + " " + d + " " + fmt.Sprintf(use, p)
		if s.kind == "node" && r.IntN(8) == 0 {
			// A write between rows: stays per element.
			q = s.src + " " + d + " " + fmt.Sprintf("SET x.z = size([y IN xs WHERE %s]) RETURN x.id AS id, x.z AS z", p)
		}
		out = append(out, q)
	}
	return out
}

// rankKeyParam is the parameter list of pairs: keys of every kind (ties,
// integers equal to floats, NaN, strings, booleans, lists, nulls), a
// short pair, and an integer or a map (whose subscripts fail) in some
// runs, or no element at all.
func rankKeyParam(i int) []any {
	xs := []any{
		[]any{int64(0), int64(2)}, []any{int64(1), 2.0}, []any{int64(2), "b"}, []any{int64(3), nil},
		[]any{int64(4), 1.5}, []any{int64(5), true}, []any{int64(6), []any{int64(1)}}, []any{int64(7), int64(2)},
		[]any{int64(8), "a"}, []any{int64(9), math.NaN()}, []any{int64(10)}, nil,
	}
	switch i % 5 {
	case 1:
		xs = append(xs, int64(3))
	case 2:
		xs = xs[:0]
	case 3:
		xs = append(xs, map[string]any{"k": int64(1)})
	}
	return xs
}

// TestRankedListKeysMatchRowMode runs generated counts and tests of a
// list's elements compared with the current row, where the elements' keys
// are subscripts or expressions of the element (read as ranks: the keys
// mapped and sorted once per list), against the row-mode plans, which
// test every element on every row.
func TestRankedListKeysMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(41, 7))
	queries := rankKeyQueries(r, 500)
	failed, runs, ranked, mapped, errs := 0, 0, 0, 0, 0
	for _, seed := range []uint64{5, 12} {
		dbs := rowModeGraphs(t, seed, 24, 70, plannedRowMode, rankKeys, nanKeys)
		for i, q := range queries {
			params := map[string]any{"xs": rankKeyParam(i), "p": []any{int64(2), "a", nil, 1.5}[i%4]}
			want := rowsOrError(dbs["row-mode"], q, params)
			got := rowsOrError(dbs["planned"], q, params)
			runs++
			if strings.HasPrefix(want, "error:") {
				errs++
			}
			if seed == 5 {
				if comp, err := dbs["planned"].Compile(q); err == nil {
					dis := comp.Program.Disassemble()
					if strings.Contains(dis, "RankList") {
						ranked++
					}
					if strings.Contains(dis, "ListMemo") {
						mapped++
					}
				}
			}
			if got != want {
				failed++
				if failed <= 10 {
					t.Errorf("seed %d: %s\n got %s\nwant %s", seed, q, got, want)
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
	t.Logf("%d of %d queries read as ranks over lists, %d of them over mapped keys; %d of %d runs are errors in row mode", ranked, len(queries), mapped, errs, runs)
	if ranked < len(queries)/3 || mapped < len(queries)/8 {
		t.Errorf("only %d (%d mapped) of %d queries read as ranks over lists", ranked, mapped, len(queries))
	}
}
