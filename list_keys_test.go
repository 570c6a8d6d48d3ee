package cyq

import (
	"fmt"
	"testing"
)

// A grouping or DISTINCT key that holds a long list met again on the next
// row reuses that list's key encoding, and a grouping keyed by such lists
// alone the last row's group (vm/key_memo.go). Lists of one backing array
// that differ in length or start (slices of one list), lists equal in
// value but built apart, and lists carried unchanged must group as their
// values say.
func TestListKeys(t *testing.T) {
	db := planVariants(t, 1, 4, 4, plannedOnly)["planned"]
	cases := []struct{ q, want string }{
		// one list carried on every row: one group
		{"WITH range(1, 40) AS l UNWIND range(1, 30) AS i WITH l, count(*) AS c RETURN size(l) AS n, c", "[[40 30]]"},
		// slices of one list alternating in length: two groups
		{"WITH range(1, 40) AS l UNWIND range(0, 5) AS i WITH l[0..20 + i % 2] AS s, count(*) AS c RETURN size(s) AS n, c ORDER BY n", "[[20 3] [21 3]]"},
		// slices of one list of one length, alternating in start: two groups
		{"WITH range(1, 40) AS l UNWIND range(0, 5) AS i WITH l[i % 2..i % 2 + 20] AS s, count(*) AS c RETURN s[0] AS f, c ORDER BY f", "[[1 3] [2 3]]"},
		// equal lists built on each row: one group
		{"UNWIND range(1, 7) AS i WITH range(1, 25) AS l, count(*) AS c RETURN size(l) AS n, c", "[[25 7]]"},
		// a carried list and an integer key
		{"WITH range(1, 40) AS l UNWIND range(1, 9) AS i WITH l, i % 3 AS m, count(*) AS c RETURN m, c ORDER BY m", "[[0 3] [1 3] [2 3]]"},
		// two lists alternating: two groups, in both orders of meeting
		{"WITH range(1, 30) AS a, range(2, 31) AS b UNWIND range(1, 6) AS i WITH CASE WHEN i % 2 = 0 THEN a ELSE b END AS l, count(*) AS c RETURN l[0] AS f, c ORDER BY f", "[[1 3] [2 3]]"},
		// DISTINCT over a carried list and a value
		{"WITH range(1, 40) AS l UNWIND [1, 2, 1, 3, 2] AS i WITH DISTINCT l, i RETURN count(*) AS n", "[[3]]"},
		// the collected lists of the question: grouped by the list of out-neighbours
		{"UNWIND range(1, 20) AS v WITH collect(v) AS outs UNWIND range(1, 30) AS w WITH outs, collect(w) AS ins UNWIND outs AS v RETURN v IN ins AS m, count(*) AS n ORDER BY m", "[[true 20]]"},
	}
	for _, c := range cases {
		rows := mustRun(t, db, c.q, nil)
		if got := fmt.Sprint(rows); got != c.want {
			t.Errorf("%s: got %s, want %s", c.q, got, c.want)
		}
	}
}
