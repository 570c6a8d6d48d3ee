package cyq

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// stringFormValues are the strings TestStringFormsExact stores: empty,
// short, with the sought literals at the start, the end and inside, with
// newlines and other line breaks before, inside and after them, and
// non-ASCII; stringFormOthers the values of other types mixed in on one
// of its graphs (a short and a long list among them: the substring scan
// is false on the one and raises an error on the other).
var (
	stringFormValues = []string{"''", "'a'", "'n'", "'an'", "'na'", "'ann'", "'xanx'", "'a.n'", "'aXn'", "'a\\nn'", "'an\\n'", "'\\nan'",
		"'x\\rany'", "'é'", "'éan'", "'an\\u2028'", "'\\n'", "'a\\n'"}
	stringFormOthers = []string{"1", "2.5", "true", "['a']", "['a', 'n', 'x']", "[]"}
)

// cypherString quotes s as a Cypher string literal.
func cypherString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`)
	return "'" + r.Replace(s) + "'"
}

// TestStringFormsExact checks the readings of string tests as STARTS
// WITH, ENDS WITH and CONTAINS (regular expressions of a literal between
// `.*`, with dots that do and do not match newlines; substring scans
// `any(i IN range(0, size(s) - k) WHERE substring(s, i, k) = 'lit')`)
// against the test evaluated as a projection, which no rule rewrites:
// generated patterns with and without other metacharacters and flags,
// scans with matching and mismatched lengths, alone, negated and in OR
// and AND with another test, in a planned store with and without an
// index on the property (where STARTS WITH becomes a range seek) and in
// row mode, on a graph of strings and nulls and on one that mixes in
// other types. A test alone must raise an error exactly when its
// projection does (range() raises one on the null bound of a null
// string, size() and substring() on other types) and otherwise keep the
// same rows; in AND and OR, which may skip the test on a row, no error
// may appear that the projection does not raise, and the rows of two
// successful runs must agree.
func TestStringFormsExact(t *testing.T) {
	t.Parallel()
	type graph struct {
		name  string
		mixed bool
		db    *DB
	}
	var graphs []graph
	for _, mixed := range []bool{false, true} {
		for _, mode := range []string{"plain", "indexed", "rows"} {
			db, err := Open("", &Options{RowModeOnly: mode == "rows"})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			if mode == "indexed" {
				mustRun(t, db, "CREATE INDEX FOR (n:V) ON (n.p)", nil)
			}
			rg := rand.New(rand.NewPCG(8, 13))
			for i := 0; i < 80; i++ {
				v := stringFormValues[rg.IntN(len(stringFormValues))]
				switch {
				case rg.IntN(9) == 0:
					v = "null"
				case mixed && rg.IntN(5) == 0:
					v = stringFormOthers[rg.IntN(len(stringFormOthers))]
				}
				mustRun(t, db, fmt.Sprintf("CREATE (:V {k: %d, p: %s, q: %d})", i, v, i%3), nil)
			}
			graphs = append(graphs, graph{fmt.Sprintf("mixed=%t,%s", mixed, mode), mixed, db})
		}
	}
	r := rand.New(rand.NewPCG(41, 2))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	regex := func() string {
		star := func() string { return pick("", "", ".*", ".*", `[\s\S]*`, `[^\n]*`, ".*?", ".+") }
		lit := pick("an", "an", "a", "", `a\.n`, "é", "a.n", "a|n", "[an]", `\n`, "AN", "n")
		flags := pick("", "", "", "(?s)", "(?i)")
		return "n.p =~ " + cypherString(flags+star()+lit+star())
	}
	scan := func() string {
		lit := pick("an", "a", "é", "ann", "n")
		k := pick("1", "2", "2", "3")
		w := k
		if r.IntN(4) == 0 {
			w = pick("1", "2", "3")
		}
		cmp := fmt.Sprintf("substring(n.p, i, %s) = %s", w, cypherString(lit))
		if r.IntN(3) == 0 {
			cmp = fmt.Sprintf("%s = substring(n.p, i, %s)", cypherString(lit), w)
		}
		return fmt.Sprintf("any(i IN range(0, size(n.p) - %s) WHERE %s)", k, cmp)
	}
	test := func() string {
		if r.IntN(3) == 0 {
			return scan()
		}
		return regex()
	}
	type pred struct {
		text  string
		alone bool // no AND or OR around the string test
	}
	var preds []pred
	for i := 0; i < 120; i++ {
		preds = append(preds, pred{test(), true})
	}
	for i := 0; i < 60; i++ {
		p := test()
		switch r.IntN(3) {
		case 0:
			preds = append(preds, pred{"NOT " + p, true})
		case 1:
			preds = append(preds, pred{"(" + p + " OR n.q = 1)", false})
		default:
			preds = append(preds, pred{"(n.q <> 2 AND NOT " + p + ")", false})
		}
	}
	rewritten := 0
	for _, p := range preds {
		q := "MATCH (n:V) WHERE " + p.text + " RETURN n.k"
		for _, g := range graphs {
			ref, refErr := runRows(g.db, "MATCH (n:V) RETURN n.k, "+p.text+" AS t", nil)
			var want []string
			for _, row := range ref {
				if b, ok := row[1].(value.Bool); ok && bool(b) {
					want = append(want, strings.Join(canonical([][]value.Value{row[:1]}), ""))
				}
			}
			sort.Strings(want)
			got, err := runRows(g.db, q, nil)
			switch {
			case err != nil && refErr == nil:
				t.Errorf("%s: %s: %v", g.name, q, err)
			case p.alone && (err != nil) != (refErr != nil):
				t.Errorf("%s: %s: error %v, its projection's %v", g.name, q, err, refErr)
			case err == nil && refErr == nil:
				if have := canonical(got); strings.Join(have, ";") != strings.Join(want, ";") {
					t.Errorf("%s: %s\n got  %v\n want %v", g.name, q, have, want)
				}
			}
		}
		plan := fmt.Sprint(mustRun(t, graphs[0].db, "EXPLAIN "+q, nil))
		if !strings.Contains(plan, "=~") && !strings.Contains(plan, "any(") || strings.Contains(plan, "CASE") {
			rewritten++
		}
	}
	// The generated tests must exercise the rewrites, not only the
	// spellings they leave alone.
	if rewritten < len(preds)/4 {
		t.Errorf("only %d of %d tests were rewritten", rewritten, len(preds))
	}
	t.Logf("%d of %d tests rewritten", rewritten, len(preds))
}
