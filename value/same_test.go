package value

import (
	"math"
	"testing"
)

// TestSame checks that Same tells apart values that equality or
// equivalence join (1 and 1.0, 0.0 and -0.0, lists and maps holding
// them) and joins null with null and a NaN with itself.
func TestSame(t *testing.T) {
	nan := Float(math.NaN())
	cases := []struct {
		a, b Value
		want bool
	}{
		{Int(1), Int(1), true},
		{Int(1), Float(1), false},
		{Float(0), Float(math.Copysign(0, -1)), false},
		{nan, nan, true},
		{nil, NullValue, true},
		{NullValue, Int(0), false},
		{String("a"), String("a"), true},
		{String("a"), String("b"), false},
		{Bool(true), Bool(true), true},
		{List{Int(1), Int(2)}, List{Int(1), Int(2)}, true},
		{List{Int(1), Int(2)}, List{Float(1), Int(2)}, false},
		{List{Int(1)}, List{Int(1), Int(1)}, false},
		{Map{"a": Int(1)}, Map{"a": Int(1)}, true},
		{Map{"a": Int(1)}, Map{"a": Float(1)}, false},
		{Map{"a": Int(1)}, Map{"b": Int(1)}, false},
		{Node{ID: 3}, Node{ID: 3}, true},
		{Node{ID: 3}, Node{ID: 4}, false},
		{Rel{ID: 3}, Rel{ID: 3}, true},
		{Vector{1, 2}, Vector{1, 2}, true},
		{Vector{1, 2}, Vector{1, 3}, false},
	}
	for _, c := range cases {
		if got := Same(c.a, c.b); got != c.want {
			t.Errorf("Same(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
		if got := Same(c.b, c.a); got != c.want {
			t.Errorf("Same(%v, %v) = %v, want %v", c.b, c.a, got, c.want)
		}
	}
}
