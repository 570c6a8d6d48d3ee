package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestRunConstantOperandsMatchRowMode holds AND and OR chains that mix an
// operand that may fail (1 / x.z, toInteger() of a list, a string added
// to a number) with one comparing a property to a run-constant
// expression (1 + 1, $v + 0, abs(-2), toInteger('3'), [1 + 0, $v], and
// ones that fail for the values: an overflow, 1 / 0, $s + 1 where $s is
// a string, an IN over an expression that is not a list) to row mode's
// rows or error, planned, planned with an index and from the last node,
// with the parameters given and with none (a query without parameters
// reads only the literal expressions). The planned query names each such
// expression that computes without error as a parameter (runConstants)
// and evaluates its comparison before the operand that may fail;
// safeFirst classifies the operand by that value in row mode too
// (runValueForm), so both decide the chain at the comparison, and both
// keep the written order where the expression fails.
func TestRunConstantOperandsMatchRowMode(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 21))
	// Each query has one source of errors: an operand that may fail on
	// some rows, or a run-constant expression that fails for the values
	// (whose error every row raises where it is evaluated); two sources
	// raising on different rows would make the error depend on the order
	// of the rows.
	safeConsts := []string{"1 + 1", "2 - 1", "abs(-2)", "toInteger('3')", "1 * 1", "size('ab')"}
	safeParamConsts := []string{"$v + 0", "$v * 1", "$v - 1", "toInteger($v)"}
	failingConsts := []string{"9223372036854775807 + 1", "1 / 0", "$s + 1"}
	safeLists := []string{"[1 + 0, 2]", "[abs(-1), 3]", "range(1, 1 + 1)", "[$v + 0, 1]"}
	failingLists := []string{"[1 / 0]", "$v + 0", "[$s + 1]"}
	failing := []string{"1 / x.z > 0", "toInteger(x.l) > 0", "x.s + 1 > 0", "x.z / (x.p - 1) >= 0"}
	compare := func(c string) string {
		switch r.IntN(4) {
		case 0:
			return "x.p < " + c
		case 1:
			return "NOT x.p = " + c
		}
		return "x.p = " + c
	}
	runConst := func(withParams, fails bool) string {
		if r.IntN(5) == 0 {
			pool := safeLists
			if fails {
				pool = failingLists
			}
			for {
				l := pool[r.IntN(len(pool))]
				if withParams || !strings.Contains(l, "$") {
					return "x.p IN " + l
				}
			}
		}
		pool := safeConsts
		switch {
		case fails:
			pool = failingConsts[:2]
			if withParams {
				pool = failingConsts
			}
		case withParams && r.IntN(2) == 0:
			pool = safeParamConsts
		}
		return compare(pool[r.IntN(len(pool))])
	}
	var queries []struct {
		q      string
		params bool
	}
	for i := 0; i < 300; i++ {
		withParams := i%3 != 0
		ops := []string{failing[r.IntN(len(failing))], runConst(withParams, false)}
		if r.IntN(3) == 0 {
			ops[0] = runConst(withParams, true) // the failing constant is the one source
		}
		if r.IntN(2) == 0 {
			ops[0], ops[1] = ops[1], ops[0]
		}
		if r.IntN(3) == 0 {
			ops = append(ops, runConst(withParams, false))
		}
		op := " AND "
		if r.IntN(3) == 0 {
			op = " OR "
		}
		pred := strings.Join(ops, op)
		var q string
		switch r.IntN(6) {
		case 0:
			q = fmt.Sprintf("MATCH (x:A) RETURN x.id AS id, CASE WHEN %s THEN 1 ELSE 0 END AS c", pred)
		case 1:
			q = fmt.Sprintf("MATCH (x:A)-[:T]->(y) WHERE %s RETURN x.id, y.id", pred)
		case 2:
			q = fmt.Sprintf("MATCH (y:B) WHERE EXISTS { MATCH (x:A)-[:T]->(y) WHERE %s } RETURN y.id", pred)
		case 3:
			q = fmt.Sprintf("MATCH (x:A) WITH x WHERE %s RETURN count(*) AS n", pred)
		default:
			q = fmt.Sprintf("MATCH (x:A) WHERE %s RETURN x.id", pred)
		}
		queries = append(queries, struct {
			q      string
			params bool
		}{q, withParams})
	}
	params := map[string]any{"v": int64(2), "s": "a"}
	runs, failed, errs := 0, 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		dbs := planVariants(t, seed, 18, 30+int(seed)*6, map[string]*Options{"planned": nil, "planned,idx": nil, "last": {StartLast: true}, "row-mode": {RowModeOnly: true}})
		mustRun(t, dbs["planned,idx"], "CREATE INDEX FOR (n:A) ON (n.p)", nil)
		for _, db := range dbs {
			mustRun(t, db, "MATCH (x) SET x.p = x.id % 4, x.z = x.id % 3, x.s = CASE WHEN x.id % 5 = 0 THEN 'a' ELSE x.id END, x.l = CASE WHEN x.id % 7 = 0 THEN [1] ELSE 1 END", nil)
		}
		for _, c := range queries {
			var ps map[string]any
			if c.params {
				ps = params
			}
			if strings.HasPrefix(rowsOrError(dbs["row-mode"], c.q, ps), "error") {
				errs++
			}
			againstRowMode(t, dbs, []string{"planned", "planned,idx", "last"}, fmt.Sprintf("seed %d", seed), c.q, ps, &runs, &failed)
		}
	}
	t.Logf("%d queries, %d runs against row mode, %d differ; %d of the row-mode outcomes errors", len(queries), runs, failed, errs)
}

// TestRunConstantOperandsDecide checks the rule itself on a graph of two
// nodes, in every mode (which TestRunConstantOperandsMatchRowMode cannot
// see when the modes share a mistake): an operand whose run-constant
// parts compute without error cannot fail and decides the chain before
// one that may fail; one whose run-constant part fails, or is the list of
// an IN and not a list, may fail, and is evaluated after the operands
// that cannot, in its written place among those that may.
func TestRunConstantOperandsDecide(t *testing.T) {
	cases := []struct{ q, want string }{
		// x.p = 1 + 1 rejects the node of z = 0 before 1 / x.z is evaluated.
		{"MATCH (x:A) WHERE 1 / x.z > 0 AND x.p = 1 + 1 RETURN x.id", "2"},
		{"MATCH (x:A) WHERE 1 / x.z > 0 AND x.p IN [1 + 1, 3] RETURN x.id", "2"},
		{"MATCH (x:A) WHERE 1 / x.z > 0 AND x.p = $v + 0 RETURN x.id", "2"},
		{"MATCH (x:A) RETURN x.id, CASE WHEN 1 / x.z > 0 AND x.p = abs(-2) THEN 1 ELSE 0 END AS c", "1|0\n2|1"},
		// An IN over a value that is not a list fails on every row: x.p = 99
		// decides first.
		{"MATCH (x:A) WHERE x.p IN $v + 0 AND x.p = 99 RETURN x.id", ""},
		{"MATCH (x:A) WHERE x.p IN $v AND x.p = 99 RETURN x.id", ""},
		// 1 / 0 fails: it may fail, so x.p = 99 decides first, and x.p = 2
		// lets it raise on the node of p = 2.
		{"MATCH (x:A) WHERE x.p = 1 / 0 AND x.p = 99 RETURN x.id", ""},
		{"MATCH (x:A) WHERE x.p = 1 / 0 AND x.p = 2 RETURN x.id", "error: 1:25: ArithmeticError.DivisionByZero: / by zero"},
	}
	params := map[string]any{"v": int64(2)}
	runs, failed := 0, 0
	for name, o := range map[string]*Options{"planned": nil, "last": {StartLast: true}, "row-mode": {RowModeOnly: true}} {
		db, err := Open("", o)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		mustRun(t, db, "CREATE (:A {id: 1, p: 1, z: 0}), (:A {id: 2, p: 2, z: 1})", nil)
		for _, c := range cases {
			runs++
			if got := rowsOrError(db, c.q, params); got != c.want {
				failed++
				t.Errorf("%s: %s\n got %s\nwant %s", name, c.q, got, c.want)
			}
		}
	}
	t.Logf("%d runs, %d differ from the rule", runs, failed)
}
