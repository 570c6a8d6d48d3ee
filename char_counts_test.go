package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCharCountsMatchRowMode generates counts of a string's characters
// written as comprehensions over split(s, ”) or over range(0, size(s) -
// 1) with substring(s, i, 1), and as counting reduce()s, over strings of
// a small alphabet with characters of several bytes (empty strings,
// nulls, integers, empty and non-empty lists, a missing property among
// them), with tests by = on either side and by IN a literal list, and
// near-misses no rule may read as a count (characters of two code points
// or none, <>, a null in the list, a projection, other bounds, steps and
// substring lengths, a CASE without ELSE or counting 2, the accumulator
// in the test, a non-boolean test). Each is placed in RETURN, WHERE,
// an aggregate, a grouping key, a guarded CASE and after a WITH, and run
// planned and row by row: rows or the whole error message must agree.
func TestCharCountsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(24, 18))
	dbs := map[string]*DB{}
	for name, o := range map[string]*Options{"planned": nil, "row-mode": {RowModeOnly: true}} {
		db, err := Open("", o)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		dbs[name] = db
	}
	alphabet := []string{"a", "b", " ", "e", "A", "é", "😀", ","}
	var vals []string
	for i := 0; i < 40; i++ {
		switch {
		case i%13 == 5:
			vals = append(vals, "null")
		case i%17 == 7:
			vals = append(vals, fmt.Sprint(i))
		case i%19 == 3:
			vals = append(vals, "[]")
		case i%23 == 11:
			vals = append(vals, "['a']")
		case i%11 == 2:
			vals = append(vals, "''")
		default:
			var b strings.Builder
			for k := r.IntN(8); k > 0; k-- {
				b.WriteString(alphabet[r.IntN(len(alphabet))])
			}
			vals = append(vals, "'"+b.String()+"'")
		}
	}
	// f is 0 or 1 on strings, 1 on nulls (and the node without v), 2 on
	// integers and lists, so that places filtering on f meet the values
	// that raise errors in some spellings or not.
	for _, d := range dbs {
		for i, v := range vals {
			f := i % 2
			switch {
			case v == "null":
				f = 1
			case !strings.HasPrefix(v, "'"):
				f = 2
			}
			mustRun(t, d, fmt.Sprintf("CREATE (:S {id: %d, v: %s, f: %d})", i, v, f), nil)
		}
		mustRun(t, d, "CREATE (:S {id: 100, f: 1})", nil)
	}
	subjects := []string{"p.v", "toLower(p.v)", "trim(p.v)", "v"}
	// Tests of the character x: counted ones and near-misses.
	tests := []string{
		"%s = 'a'", "'e' = %s", "%s = ' '", "%s = 'é'", "%s = '😀'", "%s IN ['a', 'A']", "%s IN ['e', 'e', ',']", "%s IN ['b']",
		"%s IN ['a', CASE p.f WHEN 0 THEN 'b' ELSE 'e' END]", "%s = 'ab'", "%s = ''", "%s <> 'a'", "%s IN ['a', null]", "%s IN []", "%s STARTS WITH 'a'", "%s = 1", "%s IN ['a', 1]",
	}
	// Counts of the characters of s meeting a test (%[1]s s, %[2]s the
	// test of a character x, written with the formatting verb X).
	counts := []func(s, test string) string{
		func(s, test string) string {
			return fmt.Sprintf("size([ch IN split(%s, '') WHERE %s])", s, fmt.Sprintf(test, "ch"))
		},
		func(s, test string) string {
			return fmt.Sprintf("size([i IN range(0, size(%s) - 1) WHERE %s])", s, fmt.Sprintf(test, fmt.Sprintf("substring(%s, i, 1)", s)))
		},
		func(s, test string) string {
			return fmt.Sprintf("reduce(c = 0, i IN range(0, size(%s) - 1) | c + CASE WHEN %s THEN 1 ELSE 0 END)", s, fmt.Sprintf(test, fmt.Sprintf("substring(%s, i, 1)", s)))
		},
		func(s, test string) string {
			return fmt.Sprintf("reduce(w = 1, ch IN split(%s, '') | CASE WHEN %s THEN 1 ELSE 0 END + w)", s, fmt.Sprintf(test, "ch"))
		},
		func(s, _ string) string {
			return fmt.Sprintf("reduce(w = 1, i IN range(0, size(%s) - 1) | w + CASE substring(%s, i, 1) WHEN ' ' THEN 1 ELSE 0 END)", s, s)
		},
		func(s, _ string) string {
			return fmt.Sprintf("reduce(w = 0, ch IN split(%s, '') | w + CASE ch WHEN 'a' THEN 1 ELSE 0 END)", s)
		},
		// Near-misses of the shapes.
		func(s, test string) string {
			return fmt.Sprintf("size([ch IN split(%s, '') WHERE %s | 1 / (size(ch) - 1)])", s, fmt.Sprintf(test, "ch"))
		},
		func(s, test string) string {
			return fmt.Sprintf("size([ch IN split(%s, ' ') WHERE %s])", s, fmt.Sprintf(test, "ch"))
		},
		func(s, test string) string {
			return fmt.Sprintf("size([i IN range(1, size(%s) - 1) WHERE %s])", s, fmt.Sprintf(test, fmt.Sprintf("substring(%s, i, 1)", s)))
		},
		func(s, test string) string {
			return fmt.Sprintf("size([i IN range(0, size(%s) - 2) WHERE %s])", s, fmt.Sprintf(test, fmt.Sprintf("substring(%s, i, 1)", s)))
		},
		func(s, test string) string {
			return fmt.Sprintf("size([i IN range(0, size(%s) - 1, 2) WHERE %s])", s, fmt.Sprintf(test, fmt.Sprintf("substring(%s, i, 1)", s)))
		},
		func(s, test string) string {
			return fmt.Sprintf("size([i IN range(0, size(%s) - 1, 1) WHERE %s])", s, fmt.Sprintf(test, fmt.Sprintf("substring(%s, i, 1)", s)))
		},
		func(s, test string) string {
			return fmt.Sprintf("size([i IN range(0, size(%s) - 1) WHERE %s])", s, fmt.Sprintf(test, fmt.Sprintf("substring(%s, i, 2)", s)))
		},
		func(s, test string) string {
			return fmt.Sprintf("size([i IN range(0, size(%s) - 1) WHERE %s])", s, fmt.Sprintf(test, "substring(p.name, i, 1)"))
		},
		func(s, test string) string {
			return fmt.Sprintf("reduce(c = 0, ch IN split(%s, '') | c + CASE WHEN %s THEN 1 END)", s, fmt.Sprintf(test, "ch"))
		},
		func(s, test string) string {
			return fmt.Sprintf("reduce(c = 0, ch IN split(%s, '') | c + CASE WHEN %s THEN 2 ELSE 0 END)", s, fmt.Sprintf(test, "ch"))
		},
		func(s, test string) string {
			return fmt.Sprintf("reduce(c = 0, ch IN split(%s, '') | c + CASE WHEN %s AND c < 2 THEN 1 ELSE 0 END)", s, fmt.Sprintf(test, "ch"))
		},
		func(s, _ string) string {
			return fmt.Sprintf("reduce(c = 0, ch IN split(%s, '') | c + CASE WHEN size(ch) THEN 1 ELSE 0 END)", s)
		},
		func(s, _ string) string {
			return fmt.Sprintf("reduce(c = 0, x IN [1, '1', null, 1.0, [1], %s] | c + CASE x WHEN 1 THEN 1 ELSE 0 END)", s)
		},
		func(s, _ string) string {
			return fmt.Sprintf("reduce(c = 0, x IN [1, '1', null, 1.0, [1], %s] | c + CASE WHEN x = '1' THEN 1 ELSE 0 END)", s)
		},
		func(s, _ string) string {
			return fmt.Sprintf("reduce(c = 0, x IN %s | c + CASE WHEN x = 'a' THEN 1 ELSE 0 END)", s)
		},
		func(s, _ string) string {
			return fmt.Sprintf("reduce(c = 2, x IN [%s, null, %s] | c + CASE x WHEN null THEN 1 ELSE 0 END)", s, s)
		},
		func(s, _ string) string {
			return fmt.Sprintf("reduce(c = 0, x IN [%s, [null], [1, null], 'a'] | c + CASE x WHEN [null] THEN 1 WHEN 'a' THEN 1 ELSE 0 END)", s)
		},
		func(s, _ string) string {
			return fmt.Sprintf("reduce(c = 0, x IN [%s, [null], 2, 'a'] | c + CASE x WHEN CASE WHEN p.f = 0 THEN 2 ELSE [null] END THEN 1 ELSE 0 END)", s)
		},
		func(s, _ string) string {
			return fmt.Sprintf("reduce(c = 0, x IN [%s, 2, 'a'] | c + CASE WHEN x THEN 1 ELSE 0 END)", s)
		},
		func(s, test string) string {
			return fmt.Sprintf("reduce(c = 0, ch IN split(%s, '') | 1 + CASE WHEN %s THEN 1 ELSE 0 END)", s, fmt.Sprintf(test, "ch"))
		},
		func(s, test string) string {
			return fmt.Sprintf("size(reduce(c = '', ch IN split(%s, '') | c + CASE WHEN %s THEN 1 ELSE 0 END))", s, fmt.Sprintf(test, "ch"))
		},
	}
	places := []string{
		"MATCH (p:S) WHERE p.f < 2 WITH p, p.v AS v RETURN p.id AS id, %s AS x",
		"MATCH (p:S) WHERE p.f = 0 WITH p, p.v AS v WHERE %s > 0 RETURN p.id AS id",
		"MATCH (p:S) WHERE p.f < 2 WITH p, p.v AS v RETURN p.f AS f, sum(%s) AS x",
		"MATCH (p:S) WHERE p.f = 0 WITH p, p.v AS v RETURN %s AS x, count(*) AS n",
		"MATCH (p:S) WHERE p.f < 2 WITH p, p.v AS v RETURN p.id AS id, CASE WHEN v IS NULL THEN null ELSE %s END AS x",
		"MATCH (p:S) WHERE p.v IS :: STRING WITH p, p.v AS v RETURN p.id AS id, %s + 1 AS x ORDER BY x DESC, id LIMIT 5",
		"MATCH (p:S) WITH p, p.v AS v RETURN p.id AS id, %s AS x",
		"MATCH (p:S) WHERE p.f = 2 WITH p, p.v AS v RETURN p.id AS id, %s AS x",
		"MATCH (p:S) WHERE p.f = 0 WITH p, p.v AS v WHERE COUNT { MATCH (q:S) WHERE q.id = p.id AND %s >= 1 } > 0 RETURN p.id AS id",
	}
	runs, failed, errs := 0, 0, 0
	for i := 0; i < 600; i++ {
		s := subjects[r.IntN(len(subjects))]
		count := counts[r.IntN(len(counts))](s, tests[r.IntN(len(tests))])
		q := fmt.Sprintf(places[r.IntN(len(places))], count)
		if strings.HasPrefix(rowsOrError(dbs["row-mode"], q, nil), "error") {
			errs++
		}
		againstRowMode(t, dbs, []string{"planned"}, "char counts", q, nil, &runs, &failed)
	}
	t.Logf("%d runs, %d of the row-mode outcomes errors", runs, errs)
	if failed > 0 {
		t.Errorf("%d of %d runs differ", failed, runs)
	}
}
