package vm

import (
	"testing"

	"github.com/cyqdb/cyq/value"
)

// TestLaneMasks checks that masks nest (an inner mask skips the lanes
// the outer one skips as well as its own), that each mode excludes the
// lanes it names, and that popping restores the enclosing mask.
func TestLaneMasks(t *testing.T) {
	t0, f0, n0, i0 := value.Bool(true), value.Bool(false), value.NullValue, value.Int(1)
	cond := []value.Value{t0, f0, n0, i0, t0, f0}
	var l laneMasks
	got := func() (s string) {
		for j := range cond {
			if l.masked(j) {
				s += "x"
			} else {
				s += "."
			}
		}
		return s
	}
	if g := got(); g != "......" {
		t.Fatalf("no mask: %s", g)
	}
	for _, c := range []struct {
		mode MaskMode
		want string
	}{{MaskFalse, ".x...x"}, {MaskTrue, "x...x."}, {MaskNotTrue, ".xxx.x"}} {
		l.push(cond, c.mode)
		if g := got(); g != c.want {
			t.Errorf("mode %d: %s, want %s", c.mode, g, c.want)
		}
		l.pop()
	}
	l.push(cond, MaskFalse) // .x...x
	inner := []value.Value{f0, t0, t0, f0, n0, t0}
	l.push(inner, MaskFalse) // x..x.. with the outer: xx.x.x
	if g := got(); g != "xx.x.x" {
		t.Errorf("nested: %s, want xx.x.x", g)
	}
	l.pop()
	if g := got(); g != ".x...x" {
		t.Errorf("after pop: %s, want .x...x", g)
	}
	l.pop()
	if g := got(); g != "......" {
		t.Errorf("all popped: %s", g)
	}
}
