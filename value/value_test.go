package value

import (
	"math"
	"testing"
)

func TestEqualThreeValued(t *testing.T) {
	nan := Float(math.NaN())
	cases := []struct {
		a, b Value
		want Tri
	}{
		{Int(1), Float(1), True},
		{Int(1), Float(1.5), False},
		{Int(1), String("1"), False},
		{NullValue, NullValue, Unknown},
		{nil, Int(1), Unknown},
		{nan, nan, False},
		{List{Int(1), NullValue}, List{Int(1), NullValue}, Unknown},
		{List{Int(1), NullValue}, List{Int(2), NullValue}, False},
		{List{Int(1)}, List{Int(1), Int(2)}, False},
		{Map{"a": Int(1)}, Map{"a": Float(1)}, True},
		{Map{"a": NullValue}, Map{"a": NullValue}, Unknown},
		{Map{"a": Int(1)}, Map{"b": Int(1)}, False},
		{Node{ID: 3}, Node{ID: 3, Labels: []string{"A"}}, True},
		{Int(math.MaxInt64), Float(math.MaxInt64), False}, // 2^63 as float is not MaxInt64
		{Int(1 << 53), Float(1 << 53), True},
	}
	for _, c := range cases {
		if got := Equal(c.a, c.b); got != c.want {
			t.Errorf("Equal(%s, %s) = %v, want %v", Format(c.a), Format(c.b), got, c.want)
		}
	}
}

func TestCompareOp(t *testing.T) {
	nan := Float(math.NaN())
	cases := []struct {
		op   string
		a, b Value
		want Tri
	}{
		{"<", Int(1), Float(1.5), True},
		{"<", String("a"), String("b"), True},
		{"<", String("a"), Int(1), Unknown},
		{">", nan, Int(1), False},
		{"<=", Bool(false), Bool(true), True},
		{"<", List{Int(1), Int(2)}, List{Int(1), Int(3)}, True},
		{"<", List{Int(1)}, List{Int(1), Int(0)}, True},
		{"<", List{NullValue}, List{Int(1)}, Unknown},
		{"<", Map{}, Map{}, Unknown},
		{">=", NullValue, Int(1), Unknown},
	}
	for _, c := range cases {
		if got := CompareOp(c.op, c.a, c.b); got != c.want {
			t.Errorf("%s %s %s = %v, want %v", Format(c.a), c.op, Format(c.b), got, c.want)
		}
	}
}

func TestOrderIsTotal(t *testing.T) {
	vals := []Value{
		Map{"a": Int(1)}, Node{ID: 1}, Rel{ID: 1}, List{Int(1)}, Path{Nodes: []Node{{ID: 1}}},
		String("a"), Bool(false), Bool(true), Int(-1), Float(0.5), Int(2), Float(math.Inf(1)), Float(math.NaN()), NullValue,
	}
	// vals are listed in ascending order: check pairwise consistency.
	for i := range vals {
		for j := range vals {
			got := Order(vals[i], vals[j])
			want := cmp3(i, j)
			if got != want {
				t.Errorf("Order(%s, %s) = %d, want %d", Format(vals[i]), Format(vals[j]), got, want)
			}
		}
	}
}

func TestEquivalence(t *testing.T) {
	nan := Float(math.NaN())
	if !Equivalent(NullValue, nil) || !Equivalent(nan, nan) || !Equivalent(Int(1), Float(1)) {
		t.Error("null, NaN and 1 ~ 1.0 must be equivalent")
	}
	if Equivalent(Int(1), Float(1.5)) || Equivalent(String("1"), Int(1)) || Equivalent(List{Int(1)}, List{Int(1), Int(1)}) {
		t.Error("distinct values reported equivalent")
	}
	if !Equivalent(Map{"a": List{Int(1), NullValue}}, Map{"a": List{Float(1), nil}}) {
		t.Error("nested equivalence failed")
	}
}

func TestFormat(t *testing.T) {
	cases := map[string]Value{
		"null":                         NullValue,
		"1.0":                          Float(1),
		"-0.5":                         Float(-0.5),
		"1.0E308":                      Float(1e308),
		"1.5E-7":                       Float(1.5e-7),
		"NaN":                          Float(math.NaN()),
		`'it\'s'`:                      String("it's"),
		"[1, 'a', [null]]":             List{Int(1), String("a"), List{NullValue}},
		"{a: 1, `b c`: true}":          Map{"b c": Bool(true), "a": Int(1)},
		"(:A:B {name: 'x'})":           Node{Labels: []string{"A", "B"}, Props: Map{"name": String("x")}},
		"[:T {w: 2}]":                  Rel{Type: "T", Props: Map{"w": Int(2)}},
		"<(:A)-[:T]->(:B)<-[:T]-(:C)>": Path{Nodes: []Node{{ID: 1, Labels: []string{"A"}}, {ID: 2, Labels: []string{"B"}}, {ID: 3, Labels: []string{"C"}}}, Rels: []Rel{{Type: "T", Start: 1, End: 2}, {Type: "T", Start: 3, End: 2}}},
	}
	for want, v := range cases {
		if got := Format(v); got != want {
			t.Errorf("Format = %s, want %s", got, want)
		}
	}
}

func TestFromGoToGo(t *testing.T) {
	v, err := FromGo(map[string]any{"a": []any{1, 2.5, "x", nil, true}})
	if err != nil {
		t.Fatal(err)
	}
	want := Map{"a": List{Int(1), Float(2.5), String("x"), NullValue, Bool(true)}}
	if Equal(v, want) == False || Format(v) != Format(want) {
		t.Fatalf("FromGo = %s", Format(v))
	}
	if _, err := FromGo(struct{}{}); err == nil {
		t.Fatal("unsupported type accepted")
	}
	g := ToGo(Node{ID: 7, Labels: []string{"B", "A"}, Props: Map{"x": Float(math.NaN())}}).(map[string]any)
	if g["id"] != int64(7) || g["properties"].(map[string]any)["x"] != "NaN" {
		t.Fatalf("ToGo(node) = %v", g)
	}
}

func TestFormatKeysFirst(t *testing.T) {
	n := Node{Labels: []string{"P"}, Props: Map{"born": Int(1815), "name": String("Ada"), "id": Int(7)}}
	r := Rel{Type: "R", Props: Map{"a": Int(1), "title": String("t")}}
	v := List{n, Map{"z": Int(1), "name": Int(2)}, Path{Nodes: []Node{n, n}, Rels: []Rel{r}}}
	want := "[(:P {name: 'Ada', id: 7, born: 1815}), {name: 2, z: 1}, <(:P {name: 'Ada', id: 7, born: 1815})-[:R {title: 't', a: 1}]->(:P {name: 'Ada', id: 7, born: 1815})>]"
	if got := FormatKeysFirst(v, []string{"name", "title", "id"}); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := Format(n); got != "(:P {born: 1815, id: 7, name: 'Ada'})" {
		t.Errorf("Format changed: %s", got)
	}
}
