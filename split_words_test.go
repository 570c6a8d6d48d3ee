package cyq

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// TestSplitWordsMatchComprehension generates `any(w IN split(s, sep)
// WHERE w CONTAINS lit)` over strings of a small alphabet that holds the
// separators (empty strings, runs of separators, nulls, integers and
// lists among them), with separators of one and two characters and
// literals that do and do not hold them, in WHERE and RETURN, planned
// and row by row, and compares each with the same test spelled as a
// comprehension no rule reads as CONTAINS (`size([w IN split(s, sep)
// WHERE w CONTAINS lit]) > 0`): rows or the whole error message but its
// position (the two spellings differ in length).
func TestSplitWordsMatchComprehension(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(21, 14))
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	row, err := Open("", &Options{RowModeOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer row.Close()
	alphabet := []string{"a", "b", " ", ",", "A", "ab"}
	var vals []string
	for i := 0; i < 60; i++ {
		switch {
		case i%17 == 5:
			vals = append(vals, "null")
		case i%23 == 7:
			vals = append(vals, fmt.Sprint(i))
		case i%29 == 3:
			vals = append(vals, "['a b']")
		default:
			var b strings.Builder
			for k := r.IntN(7); k > 0; k-- {
				b.WriteString(alphabet[r.IntN(len(alphabet))])
			}
			vals = append(vals, "'"+b.String()+"'")
		}
	}
	for _, d := range []*DB{db, row} {
		for i, v := range vals {
			mustRun(t, d, fmt.Sprintf("CREATE (:S {id: %d, v: %s})", i, v), nil)
		}
	}
	seps := []string{" ", ",", "a", "ab", ""}
	lits := []string{"a", "b", "ab", "a b", "A", "b,", "ba", ",", "bab"}
	subjects := []string{"p.v", "toLower(p.v)", "trim(p.v)"}
	places := []string{
		"MATCH (p:S) WHERE %s RETURN p.id",
		"MATCH (p:S) RETURN p.id, %s AS x",
		"MATCH (p:S) WHERE p.id %% 3 = 0 AND (%s) RETURN count(*) AS n",
		"MATCH (p:S) WHERE p.v IS :: STRING AND (%s) RETURN p.id",
	}
	position := regexp.MustCompile(`^error: \d+:\d+: `)
	unplaced := func(d *DB, q string) string { return position.ReplaceAllString(rowsOrError(d, q, nil), "error: ") }
	failed, runs, errs := 0, 0, 0
	for i := 0; i < 300; i++ {
		s, sep, lit := subjects[r.IntN(len(subjects))], seps[r.IntN(len(seps))], lits[r.IntN(len(lits))]
		place := places[r.IntN(len(places))]
		q := fmt.Sprintf(place, fmt.Sprintf("any(w IN split(%s, '%s') WHERE w CONTAINS '%s')", s, sep, lit))
		ref := fmt.Sprintf(place, fmt.Sprintf("size([w IN split(%s, '%s') WHERE w CONTAINS '%s']) > 0", s, sep, lit))
		want := unplaced(row, ref)
		if strings.HasPrefix(want, "error") {
			errs++
		}
		for _, d := range []*DB{db, row} {
			runs++
			if got := unplaced(d, q); got != want {
				failed++
				if failed <= 10 {
					t.Errorf("%s\n got %s\nwant %s", q, got, want)
				}
			}
		}
	}
	t.Logf("%d runs, %d of the reference outcomes errors", runs, errs)
	if failed > 0 {
		t.Errorf("%d of %d runs differ", failed, runs)
	}
}
