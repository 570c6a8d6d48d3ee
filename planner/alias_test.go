package planner

import (
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser"
)

// TestWithItemAlias checks the WITH item without an alias: its error, the
// corrected query it offers, and that the errors of the projection's
// aggregation and ORDER BY are reported before it.
func TestWithItemAlias(t *testing.T) {
	for _, c := range []struct{ query, code, pos, fix string }{
		{"WITH 1 + 2 RETURN 1", "SyntaxError.NoExpressionAlias", "1:6", "WITH 1 + 2 AS value RETURN 1"},
		{"MATCH (a)-[:KNOWS]->(b)\nWITH a, count(b)\nRETURN a", "SyntaxError.NoExpressionAlias", "2:9",
			"MATCH (a)-[:KNOWS]->(b)\nWITH a, count(b) AS count\nRETURN a"},
		{"MATCH (a) WITH a.x RETURN 1", "SyntaxError.NoExpressionAlias", "1:16", "MATCH (a) WITH a.x AS x RETURN 1"},
		{"MATCH (me)--(you) WITH me.age + you.age, count(*) AS cnt ORDER BY me.age + you.age + count(*) RETURN *",
			"SyntaxError.AmbiguousAggregationExpression", "", ""},
	} {
		st, err := parser.Parse(c.query)
		if err != nil {
			t.Fatalf("%q: parse: %v", c.query, err)
		}
		_, err = Compile(st, c.query, Options{Procedures: procs})
		e := cyqerr.As(err)
		if e == nil {
			t.Fatalf("%q: got %v, want %s", c.query, err, c.code)
		}
		if e.Code() != c.code || c.pos != "" && e.Pos.String() != c.pos || e.Fix != c.fix {
			t.Errorf("%q:\n got %s at %s, fix %q\nwant %s at %s, fix %q", c.query, e.Code(), e.Pos, e.Fix, c.code, c.pos, c.fix)
		}
	}
}
