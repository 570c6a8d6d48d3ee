package cyq

import (
	"fmt"
	"sort"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// TestShortestKDifferential checks SHORTEST k and SHORTEST k GROUPS, with
// path modes and a pre-filter, against an oracle on random graphs: every
// path of the bounded pattern, matched with a variable-length relationship
// (trails), filtered by the mode and the predicate, then ranked by length
// per pair of end nodes. SHORTEST k must give the k smallest lengths (as a
// multiset), GROUPS every path of the k smallest distinct lengths, and no
// pair may get the same path twice.
func TestShortestKDifferential(t *testing.T) {
	t.Parallel()
	modes := map[string]string{
		"":        "true",
		"ACYCLIC": "size(nodes(p)) = size(uniq)",
		"SIMPLE":  "size(tail(nodes(p))) = size(uniqTail) AND size(nodes(p)[..-1]) = size(uniqInit)",
	}
	several := 0 // selections of more than one path: the test must see some
	for seed := uint64(1); seed <= 6; seed++ {
		db, err := Open("", nil)
		if err != nil {
			t.Fatal(err)
		}
		randomGraph(t, db, seed, 10, 26)
		mustRun(t, db, "MATCH (s)-[r]->(e) SET r.w = (s.id + e.id) % 3", nil)
		for _, dir := range [][2]string{{"-", "->"}, {"-", "-"}} {
			for _, mode := range []string{"", "ACYCLIC", "SIMPLE"} {
				for _, filter := range []string{"", " WHERE r.w > 0"} {
					for _, k := range []int{1, 2, 3} {
						for _, groups := range []bool{false, true} {
							sel := fmt.Sprintf("SHORTEST %d %s", k, mode)
							if groups {
								sel += " GROUPS"
							}
							q := fmt.Sprintf("MATCH p = %s (a:A)%s[r:T%s]%s{1,4}(b) RETURN a.id, b.id, length(p), [x IN relationships(p) | elementId(x)]", sel, dir[0], filter, dir[1])
							pred := "true"
							if filter != "" {
								pred = "all(r IN rs WHERE r.w > 0)"
							}
							oracle := fmt.Sprintf(`MATCH p = %s WITH a, b, p, r AS rs
								WITH a, b, p, rs, reduce(s = [], n IN nodes(p) | CASE WHEN n IN s THEN s ELSE s + [n] END) AS uniq,
								     reduce(s = [], n IN tail(nodes(p)) | CASE WHEN n IN s THEN s ELSE s + [n] END) AS uniqTail,
								     reduce(s = [], n IN nodes(p)[..-1] | CASE WHEN n IN s THEN s ELSE s + [n] END) AS uniqInit
								WHERE %s AND %s
								RETURN a.id, b.id, length(p)`, fmt.Sprintf("(a:A)%s[r:T*1..4]%s(b)", dir[0], dir[1]), pred, modes[mode])
							got := groupLengths(mustRun(t, db, q, nil))
							want := groupLengths(mustRun(t, db, oracle, nil))
							for pair, ls := range want {
								want[pair] = selectLengths(ls, k, groups)
								if len(want[pair]) > 1 {
									several++
								}
							}
							if g, w := fmt.Sprint(got), fmt.Sprint(want); g != w {
								t.Fatalf("seed %d: %s\n got %s\nwant %s", seed, q, g, w)
							}
							seen := map[string]bool{}
							for _, row := range mustRun(t, db, q, nil) {
								key := value.Format(row[0]) + "/" + value.Format(row[1]) + "/" + value.Format(row[3])
								if seen[key] {
									t.Fatalf("seed %d: %s: the path %s twice", seed, q, key)
								}
								seen[key] = true
							}
						}
					}
				}
			}
		}
		db.Close()
	}
	if several == 0 {
		t.Fatal("no pair of end nodes had more than one path selected: the graphs are too sparse to test anything")
	}
	t.Logf("%d selections of several paths checked", several)
}

// groupLengths maps each (a, b) pair of rows (a, b, length, ...) to its
// sorted lengths.
func groupLengths(rows [][]value.Value) map[string][]int64 {
	out := map[string][]int64{}
	for _, r := range rows {
		pair := value.Format(r[0]) + "->" + value.Format(r[1])
		out[pair] = append(out[pair], int64(r[2].(value.Int)))
	}
	for _, ls := range out {
		sort.Slice(ls, func(i, j int) bool { return ls[i] < ls[j] })
	}
	return out
}

// selectLengths keeps, of sorted lengths, the k smallest (SHORTEST k) or
// those of the k smallest distinct values (GROUPS).
func selectLengths(ls []int64, k int, groups bool) []int64 {
	if !groups {
		return ls[:min(k, len(ls))]
	}
	distinct := 0
	for i, l := range ls {
		if i == 0 || l != ls[i-1] {
			distinct++
			if distinct > k {
				return ls[:i]
			}
		}
	}
	return ls
}
