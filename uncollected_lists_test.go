package cyq

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestUncollectedListsMatchRowMode generates queries that collect rows
// and unwind the list again (grouped and global collects, DISTINCT or
// not, of nodes, of properties that are often null, of maps and lists;
// slices with negative, null, empty and out-of-range bounds;
// concatenations; after an ORDER BY that orders every row, one with ties,
// or none) read by consumers that count duplicates and consumers that do
// not, and compares them on random graphs with the same queries planned
// row by row (which never reads the list as rows, see planner/uncollect.go).
// Rows unwound from a collect after an ORDER BY of every row, with no
// grouping, must also come in that order. A slice of rows in no defined order (no ORDER BY, or ties) may take any
// of the candidate rows: those are compared by count, and their rows by
// containment in the rows of the unsliced query.
func TestUncollectedListsMatchRowMode(t *testing.T) {
	t.Parallel()
	type source struct{ match, order, ties string }
	sources := []source{
		{"MATCH (a:A)-[:T]->(b)", "a.id, b.id", "b.k"},
		{"MATCH (a) OPTIONAL MATCH (a)-[:U]->(b)", "a.id, b.id", "b.k DESC"},
		{"MATCH (a:B)<-[]-(b:A)", "b.id, a.id", "a.k"},
	}
	exprs := []struct{ collect, read string }{
		{"b", "y.id"},
		{"b.k", "y"},
		{"b.id", "y"},
		{"{i: b.id, k: b.k}", "y.i"},
		{"[b.id, b.k]", "y[1]"},
	}
	slicesOf := []string{"", "[..3]", "[2..]", "[1..4]", "[4..2]", "[..0]", "[null..2]", "[1..null]", "[..-1]", "[-2..]", "[100..]", "[0..100]"}
	second := []string{"", "b.k", "a", "a.k"}
	planned, rows := plannedAndRowMode(t)
	for _, db := range []*DB{planned, rows} {
		randomGraph(t, db, 7, 30, 80)
		mustRun(t, db, "MATCH (x) WHERE x.id % 4 <> 0 SET x.k = x.id % 5", nil)
	}
	// two UNION branches alike but for what they return stay two
	for _, q := range []string{
		"CALL { MATCH (a:A)-[:T]->(b) RETURN b AS y UNION MATCH (a:A)-[:T]->(b) RETURN a AS y } RETURN DISTINCT y.id AS v",
		"MATCH (a:A)-[:T]->(b) WITH collect(b) + collect(a) AS xs UNWIND xs AS y RETURN DISTINCT y.id AS v",
	} {
		if got, want := fmt.Sprint(canonical(mustRun(t, planned, q, nil))), fmt.Sprint(canonical(mustRun(t, rows, q, nil))); got != want {
			t.Errorf("%s\n got  %s\n want %s", q, got, want)
		}
	}
	r := rand.New(rand.NewPCG(11, 3))
	rewritten, ambiguousN, n, inOrder := 0, 0, 0, 0
	for range 700 {
		src := sources[r.IntN(len(sources))]
		order := r.IntN(3) // 0: none, 1: every row, 2: ties
		grouped := r.IntN(3) == 0
		ex := exprs[r.IntN(len(exprs))]
		distinct := ""
		if r.IntN(2) == 0 {
			distinct = "DISTINCT "
		}
		sl := slicesOf[r.IntN(len(slicesOf))]
		var concat string
		if sl == "" && r.IntN(3) == 0 {
			concat = second[1+r.IntN(len(second)-1)]
			if ex.collect == "b" {
				concat = "a"
			} else if ex.collect != "b.k" && ex.collect != "b.id" {
				concat = ""
			}
		}
		var q strings.Builder
		q.WriteString(src.match)
		pass := "WITH a, b"
		switch order {
		case 1:
			q.WriteString(" " + pass + " ORDER BY " + src.order)
		case 2:
			q.WriteString(" " + pass + " ORDER BY " + src.ties)
		}
		keys := ""
		if grouped {
			keys = "a.k AS g, "
		}
		list := "collect(" + distinct + ex.collect + ")"
		if concat != "" {
			list += " + collect(" + distinct + concat + ")"
		}
		unwound := "xs"
		if sl != "" {
			if r.IntN(2) == 0 {
				list += sl
			} else {
				unwound += sl
			}
		}
		read := ex.read
		if concat != "" {
			read = "y"
			if ex.collect == "b" {
				read = "y.id"
			}
		}
		fmt.Fprintf(&q, " WITH %s%s AS xs UNWIND %s AS y", keys, list, unwound)
		consumers := []string{
			"RETURN " + read + " AS v",
			"RETURN DISTINCT " + read + " AS v",
			"RETURN count(DISTINCT " + read + ") AS v",
			"RETURN count(*) AS v",
			"WITH DISTINCT " + read + " AS v RETURN min(v) AS lo, count(v) AS n",
		}
		if grouped {
			consumers = append(consumers, "RETURN g, count(DISTINCT "+read+") AS v", "RETURN g, collect("+read+") AS v")
		}
		ambiguous := sl != "" && order != 1
		consumer := consumers[r.IntN(len(consumers))]
		if ambiguous {
			// which rows a slice of unordered rows takes is not defined;
			// how many is
			consumer = consumers[[]int{0, 3}[r.IntN(2)]]
		}
		q.WriteString(" " + consumer)
		query := q.String()
		n++
		if c, err := planned.Compile(query); err == nil && !strings.Contains(c.Plan.Explain(), "Unwind") {
			rewritten++
		}
		gotRows, wantRows := mustRun(t, planned, query, nil), mustRun(t, rows, query, nil)
		if order == 1 && !grouped && concat == "" && consumer == consumers[0] {
			// the rows of an ordered collect come in its order
			inOrder++
			if fmt.Sprint(gotRows) != fmt.Sprint(wantRows) {
				t.Errorf("%s: not in the collected order\n got  %v\n want %v", query, gotRows, wantRows)
			}
		}
		got, want := canonical(gotRows), canonical(wantRows)
		if !ambiguous || consumer == consumers[3] {
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s\n got  %v\n want %v", query, got, want)
			}
			continue
		}
		ambiguousN++
		full := strings.Replace(strings.Replace(query, sl, "", 1), sl, "", 1)
		all := canonical(mustRun(t, rows, full, nil))
		if len(got) != len(want) || !subMultiset(got, all) {
			t.Errorf("%s\n got  %v\n want %d rows of %v", query, got, len(want), all)
		}
	}
	t.Logf("%d queries, %d read as rows (no UNWIND left), %d compared tie-insensitively, %d in order", n, rewritten, ambiguousN, inOrder)
	if rewritten < n/4 {
		t.Errorf("only %d of %d queries were read as rows", rewritten, n)
	}
}

// subMultiset reports whether every element of a occurs in b at least as
// often (both sorted).
func subMultiset(a, b []string) bool {
	b = slices.Clone(b)
	for _, x := range a {
		i := slices.Index(b, x)
		if i < 0 {
			return false
		}
		b = slices.Delete(b, i, i+1)
	}
	return true
}
