package vm

import (
	"math"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// TestJoinKeyAgreesWithEquality checks the one property a value join's
// key needs: values that = says are equal get the same key (the filter
// after the join decides the rest), and null and NaN, equal to nothing,
// get none.
func TestJoinKeyAgreesWithEquality(t *testing.T) {
	pool := []value.Value{
		value.Int(1), value.Float(1), value.Int(0), value.Float(0), value.Float(math.Copysign(0, -1)),
		value.Float(2.5), value.Int(1 << 53), value.Int(1<<53 + 1), value.Float(1 << 53),
		value.Int(math.MaxInt64), value.Float(math.MaxInt64), value.Float(math.Inf(1)),
		value.String("1"), value.String("a"), value.Bool(true), value.Bool(false),
		value.List{value.Int(1), value.Int(2)}, value.List{value.Float(1), value.Float(2)},
		value.List{value.Int(1), value.NullValue}, value.List{value.List{value.Int(1)}},
		value.List{value.List{value.Float(1)}}, value.List{},
		value.Map{"k": value.Int(1)}, value.Map{"k": value.Float(1)}, value.Map{"k": value.NullValue},
		value.Node{ID: 3}, value.Node{ID: 4}, value.Rel{ID: 3},
		value.Vector{0, 1}, value.Vector{float32(math.Copysign(0, -1)), 1},
		value.Float(math.NaN()), value.List{value.Float(math.NaN())}, value.NullValue,
	}
	for _, a := range pool {
		ka, okA := joinKey(nil, a)
		if value.KindOf(a) == value.KindNull || (value.KindOf(a) == value.KindFloat && math.IsNaN(float64(a.(value.Float)))) {
			if okA {
				t.Errorf("%s: a key, but it equals nothing", value.Format(a))
			}
			continue
		}
		if !okA {
			t.Errorf("%s: no key", value.Format(a))
			continue
		}
		for _, b := range pool {
			kb, okB := joinKey(nil, b)
			if value.Equal(a, b) == value.True && (!okB || string(ka) != string(kb)) {
				t.Errorf("%s = %s, but their keys differ", value.Format(a), value.Format(b))
			}
		}
	}
}
