package conformance

import (
	"math"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

func TestParseValue(t *testing.T) {
	tests := []struct {
		in   string
		want value.Value
	}{
		{"null", value.NullValue},
		{" true ", value.Bool(true)},
		{"false", value.Bool(false)},
		{"0", value.Int(0)},
		{"-1", value.Int(-1)},
		{"9223372036854775807", value.Int(math.MaxInt64)},
		{"-9223372036854775808", value.Int(math.MinInt64)},
		{"1.0", value.Float(1)},
		{"-0.5", value.Float(-0.5)},
		{".5", value.Float(0.5)},
		{"-.5", value.Float(-0.5)},
		{"1e308", value.Float(1e308)},
		{"-1e-305", value.Float(-1e-305)},
		{"1.23456789E308", value.Float(1.23456789e308)},
		{"3985764.3405892686", value.Float(3985764.3405892686)},
		{"Inf", value.Float(math.Inf(1))},
		{"-Inf", value.Float(math.Inf(-1))},
		{"''", value.String("")},
		{`'it\'s'`, value.String("it's")},
		{`'a\\b'`, value.String(`a\b`)},
		{`'a\nb'`, value.String(`a\nb`)}, // \n is a table-level escape only
		{"'Malmö'", value.String("Malmö")},
		{"'[:T]'", value.String("[:T]")},
		{"[]", value.List{}},
		{"[1, 'a', [null]]", value.List{value.Int(1), value.String("a"), value.List{value.NullValue}}},
		{"{}", value.Map{}},
		{"{name: 'A', n: 1, `odd key`: 2, $x: 3}", value.Map{"name": value.String("A"), "n": value.Int(1), "odd key": value.Int(2), "$x": value.Int(3)}},
		{"()", value.Node{Props: value.Map{}}},
		{"(:A:B {name: 'x'})", value.Node{Labels: []string{"A", "B"}, Props: value.Map{"name": value.String("x")}}},
		{"({num: 1})", value.Node{Props: value.Map{"num": value.Int(1)}}},
		{"[:T]", value.Rel{Type: "T", Props: value.Map{}}},
		{"[:KNOWS {since: 2020}]", value.Rel{Type: "KNOWS", Props: value.Map{"since": value.Int(2020)}}},
		{"<()>", value.Path{Nodes: []value.Node{{Props: value.Map{}}}}},
		{"<(:A)-[:T]->(:B)<-[:U]-()>", value.Path{
			Nodes: []value.Node{
				{Labels: []string{"A"}, Props: value.Map{}},
				{ID: 1, Labels: []string{"B"}, Props: value.Map{}},
				{ID: 2, Props: value.Map{}},
			},
			Rels: []value.Rel{
				{ID: 0, Type: "T", Start: 0, End: 1, Props: value.Map{}},
				{ID: 1, Type: "U", Start: 2, End: 1, Props: value.Map{}},
			},
		}},
	}
	for _, tt := range tests {
		got, err := ParseValue(tt.in)
		if err != nil {
			t.Errorf("ParseValue(%q): %v", tt.in, err)
			continue
		}
		if Canonical(got, false) != Canonical(tt.want, false) || value.Format(got) != value.Format(tt.want) {
			t.Errorf("ParseValue(%q) = %s, want %s", tt.in, value.Format(got), value.Format(tt.want))
		}
	}
	if v, err := ParseValue("NaN"); err != nil || !math.IsNaN(float64(v.(value.Float))) {
		t.Errorf("NaN: %v, %v", v, err)
	}
	for _, bad := range []string{"", "nul", "'open", "[1, 2", "{a 1}", "{a: 1, a: 2}", "(:A", "[:T", "<(:A)-[:T]-(:B)>",
		"1 2", "9223372036854775808", "1.", "-", "(:A)x", "[:T]]", "<(:A)-[:T]->>"} {
		if v, err := ParseValue(bad); err == nil {
			t.Errorf("ParseValue(%q) = %s, want an error", bad, value.Format(v))
		}
	}
}

func TestMatch(t *testing.T) {
	nan := value.Float(math.NaN())
	n := func(labels ...string) value.Node {
		return value.Node{ID: 7, Labels: labels, Props: value.Map{"k": value.Int(1)}}
	}
	tests := []struct {
		exp, act  value.Value
		unordered bool
		want      bool
	}{
		{value.Int(1), value.Int(1), false, true},
		{value.Int(1), value.Float(1), false, false},
		{value.Float(1), value.Int(1), false, false},
		{nan, nan, false, true},
		{nan, value.Float(0), false, false},
		{value.Float(0), value.Float(math.Copysign(0, -1)), false, true},
		{value.Float(0.3), value.Float(0.30000000000000004), false, false},
		{value.String("1984-10-11"), fakeTemporal("1984-10-11"), false, true},
		{value.String("1984-10-11"), fakeTemporal("1984-10-12"), false, false},
		{value.String("a"), value.String("a "), false, false},
		{value.NullValue, nil, false, true},
		{value.NullValue, value.Bool(false), false, false},
		{value.List{value.Int(1), value.Int(2)}, value.List{value.Int(2), value.Int(1)}, false, false},
		{value.List{value.Int(1), value.Int(2)}, value.List{value.Int(2), value.Int(1)}, true, true},
		{value.List{value.Int(1), value.Int(1)}, value.List{value.Int(1)}, true, false},
		{value.Map{"a": value.Int(1), "b": value.Int(2)}, value.Map{"b": value.Int(2), "a": value.Int(1)}, false, true},
		{value.Map{"a": value.NullValue}, value.Map{}, false, false},
		{n("A", "B"), n("B", "A"), false, true},
		{n("A", "B"), n("A"), false, false},
		{n(), value.Node{}, false, false},
		{value.Rel{Type: "T"}, value.Rel{ID: 9, Type: "T", Props: value.Map{}}, false, true},
		{value.Rel{Type: "T"}, value.Rel{Type: "U"}, false, false},
		{value.Node{}, value.Rel{}, false, false},
	}
	for i, tt := range tests {
		if got := Match(tt.exp, tt.act, tt.unordered); got != tt.want {
			t.Errorf("%d: Match(%s, %s, %v) = %v", i, value.Format(tt.exp), value.Format(tt.act), tt.unordered, got)
		}
	}
}

func TestPathDirection(t *testing.T) {
	exp, err := ParseValue("<(:A)-[:T]->(:B)<-[:T]-(:A)>")
	if err != nil {
		t.Fatal(err)
	}
	a1 := value.Node{ID: 10, Labels: []string{"A"}}
	b := value.Node{ID: 20, Labels: []string{"B"}}
	a2 := value.Node{ID: 30, Labels: []string{"A"}}
	path := func(r1s, r1e, r2s, r2e uint32) value.Path {
		return value.Path{Nodes: []value.Node{a1, b, a2}, Rels: []value.Rel{
			{ID: 1, Type: "T", Start: r1s, End: r1e}, {ID: 2, Type: "T", Start: r2s, End: r2e}}}
	}
	if !Match(exp, path(10, 20, 30, 20), false) {
		t.Error("same directions do not match")
	}
	if Match(exp, path(10, 20, 20, 30), false) {
		t.Error("second step reversed still matches")
	}
	if Match(exp, path(20, 10, 30, 20), false) {
		t.Error("first step reversed still matches")
	}
	short, _ := ParseValue("<(:A)-[:T]->(:B)>")
	if Match(short, path(10, 20, 30, 20), false) {
		t.Error("paths of different lengths match")
	}
}

func TestRowsMatchMessages(t *testing.T) {
	got := Result{Columns: []string{"a"}, Rows: [][]value.Value{{value.Int(1)}, {value.Int(2)}}}
	if why := RowsMatch([]string{"a"}, [][]value.Value{{value.Int(2)}, {value.Int(1)}}, got, AnyOrder, false); why != "" {
		t.Errorf("any order: %s", why)
	}
	why := RowsMatch([]string{"a"}, [][]value.Value{{value.Int(2)}, {value.Int(1)}}, got, InOrder, false)
	if !strings.Contains(why, "row 1") {
		t.Errorf("in order: %q", why)
	}
	why = RowsMatch([]string{"a"}, [][]value.Value{{value.Int(1)}, {value.Int(3)}}, got, AnyOrder, false)
	if !strings.Contains(why, "missing 1 [| 3 |]") || !strings.Contains(why, "unexpected 1 [| 2 |]") {
		t.Errorf("any order: %q", why)
	}
	bad := Result{Columns: []string{"a"}, Rows: [][]value.Value{{value.Int(1), value.Int(2)}}}
	if why := RowsMatch([]string{"a"}, nil, bad, AnyOrder, false); !strings.Contains(why, "2 values for 1 columns") {
		t.Errorf("ragged result: %q", why)
	}
}

func TestProcedureSignature(t *testing.T) {
	tests := []struct{ in, want string }{
		{"test.my.proc(name :: STRING?, id :: INTEGER?) :: (city :: STRING?, country_code :: INTEGER?)",
			"test.my.proc(name :: STRING?, id :: INTEGER?) :: (city :: STRING?, country_code :: INTEGER?)"},
		{"test.doNothing() :: ()", "test.doNothing() :: ()"},
		{"test.labels() :: (label :: STRING?)", "test.labels() :: (label :: STRING?)"},
		{"test.my.proc(in :: NUMBER?) :: (out :: STRING)", "test.my.proc(in :: NUMBER?) :: (out :: STRING)"},
	}
	for _, tt := range tests {
		sig, err := ParseProcedureSignature(tt.in)
		if err != nil {
			t.Errorf("%q: %v", tt.in, err)
			continue
		}
		if sig.String() != tt.want {
			t.Errorf("%q parsed as %q", tt.in, sig.String())
		}
	}
	sig, _ := ParseProcedureSignature("test.my.proc(name :: STRING?, id :: INTEGER?) :: (city :: STRING?)")
	if sig.Name != "test.my.proc" || len(sig.Inputs) != 2 || sig.Inputs[1] != (ProcedureField{"id", "INTEGER", true}) || sig.Outputs[0].Name != "city" {
		t.Errorf("parsed %+v", sig)
	}
	for _, bad := range []string{"test.proc", "test.proc() ::", "test.proc(a) :: ()", "test.proc(a :: ) :: ()", "(a :: INTEGER?) :: ()"} {
		if _, err := ParseProcedureSignature(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestProcedureCall(t *testing.T) {
	sig, _ := ParseProcedureSignature("test.p(name :: STRING?, id :: INTEGER?) :: (out :: STRING?)")
	proc, err := newProcedure(sig, [][]string{
		{"name", "id", "out"},
		{"'a'", "1", "'first'"},
		{"null", "1", "'null name'"},
		{"'a'", "1", "'second'"},
		{"'b'", "2", "'other'"},
	})
	if err != nil {
		t.Fatal(err)
	}
	call := func(args ...value.Value) string {
		rows, err := proc.Call(args)
		if err != nil {
			return "error"
		}
		var parts []string
		for _, r := range rows {
			parts = append(parts, FormatRow(r))
		}
		return strings.Join(parts, " ")
	}
	if got := call(value.String("a"), value.Int(1)); got != "| 'first' | | 'second' |" {
		t.Errorf("('a', 1): %s", got)
	}
	if got := call(value.NullValue, value.Int(1)); got != "| 'null name' |" {
		t.Errorf("(null, 1): %s", got)
	}
	if got := call(value.String("a"), value.Float(1)); got != "| 'first' | | 'second' |" {
		t.Errorf("('a', 1.0): %s", got)
	}
	if got := call(value.String("c"), value.Int(1)); got != "" {
		t.Errorf("('c', 1): %s", got)
	}
	if got := call(value.String("a")); got != "error" {
		t.Errorf("one argument: %s", got)
	}
	if _, err := newProcedure(sig, [][]string{{"name", "id", "out"}, {"'a'", "1", "'x"}}); err == nil {
		t.Error("a malformed cell was accepted")
	}
}

func TestParseErrorStep(t *testing.T) {
	tests := []struct {
		in   string
		want ErrorSpec
		ok   bool
	}{
		{"a SyntaxError should be raised at compile time: UndefinedVariable", ErrorSpec{"SyntaxError", "compile time", "UndefinedVariable"}, true},
		{"a ArgumentError should be raised at runtime: NumberOutOfRange", ErrorSpec{"ArgumentError", "runtime", "NumberOutOfRange"}, true},
		{"an Error should be raised at any time: *", ErrorSpec{"Error", "any time", "*"}, true},
		{"the Error should be raised at any time: *", ErrorSpec{}, false},
		{"a SyntaxError should be raised at run time: X", ErrorSpec{}, false},
		{"a SyntaxError should be raised at runtime", ErrorSpec{}, false},
	}
	for _, tt := range tests {
		got, ok := ParseErrorStep(tt.in)
		if ok != tt.ok || got != tt.want {
			t.Errorf("%q: %+v %v", tt.in, got, ok)
		}
	}
}
