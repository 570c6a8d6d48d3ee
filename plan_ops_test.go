package cyq

import (
	"strings"
	"testing"
)

// Plan checks: tests that a rule fires (or is refused) look for the
// instruction it emits in the compiled program's disassembly.

// planUses reports whether q compiles on db to a program holding an
// instruction whose disassembly contains op; a query that does not
// compile uses nothing.
func planUses(db *DB, q, op string) bool {
	comp, err := db.Compile(q)
	return err == nil && strings.Contains(comp.Program.Disassemble(), op)
}

// countPlansWith counts the queries whose program holds op.
func countPlansWith(t *testing.T, db *DB, queries []string, op string) int {
	t.Helper()
	n := 0
	for _, q := range queries {
		if planUses(db, q, op) {
			n++
		}
	}
	return n
}

// planOpCase is a query whose program must (want) or must not hold op.
type planOpCase struct {
	q, op string
	want  bool
}

// checkPlanOps compiles each case on db and reports those whose program
// holds the case's op where it must not, or lacks it where it must.
func checkPlanOps(t *testing.T, db *DB, cases []planOpCase) {
	t.Helper()
	for _, c := range cases {
		comp, err := db.Compile(c.q)
		if err != nil {
			t.Fatalf("%s: %v", c.q, err)
		}
		if has := strings.Contains(comp.Program.Disassemble(), c.op); has != c.want {
			t.Errorf("%s: %s %v, want %v", c.q, c.op, has, c.want)
		}
	}
}
