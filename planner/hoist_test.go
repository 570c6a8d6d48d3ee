package planner

import (
	"testing"

	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/vm"
)

func returnExpr(t *testing.T, expr string) ast.Expr {
	t.Helper()
	st, err := parser.Parse("WITH 1 AS n RETURN " + expr + " AS x")
	if err != nil {
		t.Fatal(err)
	}
	q := st.Query.Parts[0]
	ret := q.Clauses[len(q.Clauses)-1].(*ast.Return)
	return ret.Projection.Items[0].Expr
}

func TestHoistable(t *testing.T) {
	for expr, want := range map[string]bool{
		"datetime({epochMillis: $t})":   true,
		"toUpper($s) + size([1, 2, 3])": true,
		"CASE WHEN $a THEN abs($b) END": true,
		"$x":                            false, // no call: nothing to save
		"[1, 2, 3]":                     false,
		"toUpper(n)":                    false, // reads a variable
		"rand()":                        false, // not deterministic
		"randomUUID()":                  false,
		"size([x IN $l WHERE x > 1])":   false, // binds its own variable
		"count(*)":                      false,
		"abs($b) + reduce(s = 0, y IN $l | s + y)": false,
	} {
		if got := hoistable(returnExpr(t, expr)); got != want {
			t.Errorf("hoistable(%s) = %v, want %v", expr, got, want)
		}
	}
}

// A hoisted expression is guarded by a flag register: its code runs once.
// Each hoisted call site has one guard.
func TestHoistedCodeRunsOnce(t *testing.T) {
	src := "UNWIND range(1, 100) AS i RETURN i, datetime({epochMillis: $t}) AS d"
	st, err := parser.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Compile(st, src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	guards := 0
	for _, in := range c.Program.Code {
		if in.Op == vm.OpJumpIfNonZero {
			guards++
		}
	}
	if guards != 2 { // range(1, 100) and the datetime
		t.Errorf("%d guards, want 2:\n%v", guards, c.Program.Code)
	}
}
