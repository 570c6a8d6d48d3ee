package ast

import (
	"math"
	"testing"
)

func TestQuoteAndNames(t *testing.T) {
	for in, want := range map[string]string{"it's": `'it\'s'`, "a\nb\\": `'a\nb\\'`, "\x01": `'\u0001'`, "é": `'é'`} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %s, want %s", in, got, want)
		}
	}
	for in, want := range map[string]string{"n": "n", "match": "`match`", "a b": "`a b`", "a`b": "`a``b`", "1a": "`1a`"} {
		if got := Name(in); got != want {
			t.Errorf("Name(%q) = %s, want %s", in, got, want)
		}
	}
	if SchemaName("match") != "match" || SchemaName("") != "``" {
		t.Error("SchemaName")
	}
	for f, want := range map[float64]string{1: "1.0", 0.5: "0.5", 1e300: "1e+300", -2.5: "-2.5"} {
		if got := FormatFloat(f); got != want {
			t.Errorf("FormatFloat(%v) = %s, want %s", f, got, want)
		}
	}
	if FormatFloat(math.Inf(1)) == "" {
		t.Error("inf")
	}
}

func TestSimpleLabelsAndTypes(t *testing.T) {
	and := &LabelAnd{Items: []LabelExpr{&LabelName{Name: "A"}, &LabelName{Name: "B"}}, Colon: true}
	if names, ok := SimpleLabels(and); !ok || len(names) != 2 {
		t.Errorf("SimpleLabels: %v %v", names, ok)
	}
	if _, ok := SimpleLabels(&LabelNot{Expr: &LabelName{Name: "A"}}); ok {
		t.Error("negation is not simple")
	}
	r := &RelPattern{Types: &LabelOr{Items: []LabelExpr{&LabelName{Name: "A"}, &LabelName{Name: "B"}}}}
	if names, ok := r.TypeNames(); !ok || len(names) != 2 {
		t.Errorf("TypeNames: %v %v", names, ok)
	}
	if DirLeft.String() != "<--" || OpPow.String() != "^" || QuantSingle.String() != "single" {
		t.Error("String methods")
	}
}

func TestInspect(t *testing.T) {
	v := &Variable{Name: "x"}
	e := &Binary{Op: OpAdd, Left: v, Right: &Literal{Kind: LitInt, Int: 1}}
	n := 0
	Inspect(e, func(Node) bool { n++; return true })
	if n != 3 {
		t.Errorf("visited %d nodes", n)
	}
}
