package parser

import (
	"testing"

	"github.com/cyqdb/cyq/parser/ast"
)

// roundTrip parses src, prints it and parses the output again; it returns
// the printed text and the first difference ("" when the trees agree).
func roundTrip(st *ast.Statement) (string, string, error) {
	out := ast.Format(st)
	st2, err := Parse(out, WithCacheSize(-1))
	if err != nil {
		return out, "", err
	}
	return out, diffIgnoringSpans(st, st2), nil
}

// TestTCKRoundTrip checks that printing every TCK query that parses gives
// text that parses to the same AST.
func TestTCKRoundTrip(t *testing.T) {
	n := 0
	for _, q := range tckQueries(t) {
		st, err := Parse(q.Text)
		if err != nil {
			continue
		}
		n++
		out, diff, err := roundTrip(st)
		if err != nil {
			t.Errorf("%s: %s: printed query does not parse: %v\n%s\n--> %s", q.File, q.Scenario, err, q.Text, out)
			continue
		}
		if diff != "" {
			t.Errorf("%s: %s: round trip differs at %s\n%s\n--> %s", q.File, q.Scenario, diff, q.Text, out)
		}
	}
	t.Logf("round-tripped %d TCK queries", n)
}
