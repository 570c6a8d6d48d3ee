package parser

import (
	"math"
	"testing"

	"github.com/cyqdb/cyq/parser/ast"
)

// TestCypher5Forms checks the Cypher 5 / GQL forms that the walker lowers to
// the AST of an equivalent older form.
func TestCypher5Forms(t *testing.T) {
	ret := func(src string) string {
		return ast.FormatExpr(firstClause(t, "RETURN "+src).(*ast.Return).Projection.Items[0].Expr)
	}
	for src, want := range map[string]string{
		"trim(BOTH 'x' FROM s)":                  "btrim(s, 'x')",
		"trim(LEADING FROM s)":                   "ltrim(s)",
		"trim(TRAILING 'x' FROM s)":              "rtrim(s, 'x')",
		"trim('x' FROM s)":                       "btrim(s, 'x')",
		"trim(s)":                                "trim(s)",
		"normalize(s, nfkd)":                     "normalize(s, 'NFKD')",
		"'a' || 'b'":                             "('a' + 'b')",
		"x IS NFD NORMALIZED":                    "CASE WHEN (x IS :: STRING NOT NULL) THEN (normalize(x, 'NFD') = x) END",
		"x IS NOT NORMALIZED":                    "CASE WHEN (x IS :: STRING NOT NULL) THEN (normalize(x, 'NFC') <> x) END",
		"CASE x WHEN 1, 2 THEN 'a' ELSE 'b' END": "CASE WHEN ((x = 1) OR (x = 2)) THEN 'a' ELSE 'b' END",
		"CASE x WHEN < 0 THEN 'neg' WHEN IS NULL THEN 'none' END": "CASE WHEN (x < 0) THEN 'neg' WHEN (x IS NULL) THEN 'none' END",
		"CASE x WHEN 1 THEN 'one' END":                            "CASE x WHEN 1 THEN 'one' END",
		"x IS :: INTEGER | FLOAT":                                 "(x IS :: ANY<INTEGER | FLOAT>)",
	} {
		if got := ret(src); got != want {
			t.Errorf("%s: got %s, want %s", src, got, want)
		}
	}
	for src, want := range map[string]float64{"Infinity": math.Inf(1), "inf": math.Inf(1)} {
		if l, ok := firstClause(t, "RETURN "+src).(*ast.Return).Projection.Items[0].Expr.(*ast.Literal); !ok || l.Float != want {
			t.Errorf("%s: %#v", src, l)
		}
	}
	if l, ok := firstClause(t, "RETURN NaN").(*ast.Return).Projection.Items[0].Expr.(*ast.Literal); !ok || !math.IsNaN(l.Float) {
		t.Errorf("NaN: %#v", l)
	}
	if _, ok := firstClause(t, "WITH 1 AS `nan` RETURN `nan`").(*ast.With); !ok {
		t.Error("escaped nan")
	}
	// A comparison operand needs a subject.
	if _, err := Parse("RETURN CASE WHEN < 1 THEN 0 END"); err == nil {
		t.Error("searched CASE with a comparison operand parsed")
	}
	// The list comprehension's | still ends a type predicate that is not a union.
	mustParse(t, "RETURN [x IN [1, 'a'] WHERE x IS :: INTEGER | x * 2] AS l")
	if f := firstClause(t, "MATCH (n) RETURN count(ALL n)").(*ast.Match); f == nil {
		t.Fatal("count(ALL n)")
	}
	if d := mustParse(t, "MATCH (n) NODETACH DELETE n").Query.Parts[0].Clauses[1].(*ast.Delete); d.Detach {
		t.Error("NODETACH DELETE detaches")
	}
	q := mustParse(t, "RETURN 1 AS a UNION DISTINCT RETURN 2 AS a").Query
	if len(q.Parts) != 2 || q.All[0] {
		t.Errorf("UNION DISTINCT: %+v", q)
	}
	s := mustParse(t, "MATCH (n) SET n IS Person REMOVE n IS Old").Query.Parts[0].Clauses
	if l := s[1].(*ast.Set).Items[0].(*ast.SetLabels); l.Labels[0] != "Person" {
		t.Errorf("SET IS: %+v", l)
	}
	if l := s[2].(*ast.Remove).Items[0].(*ast.RemoveLabels); l.Labels[0] != "Old" {
		t.Errorf("REMOVE IS: %+v", l)
	}
	w := mustParse(t, "MATCH (n) ORDER BY n.x DESC SKIP 1 LIMIT 2 RETURN n").Query.Parts[0].Clauses[1].(*ast.With)
	if p := w.Projection; !p.Star || len(p.OrderBy) != 1 || !p.OrderBy[0].Desc || p.Skip == nil || p.Limit == nil {
		t.Errorf("standalone ORDER BY: %+v", p)
	}
	if p := mustParse(t, "MATCH (n) LIMIT 2 RETURN n").Query.Parts[0].Clauses[1].(*ast.With).Projection; p.Limit == nil || p.OrderBy != nil {
		t.Errorf("standalone LIMIT: %+v", p)
	}
}
