package cyq

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/cyqdb/cyq/cyqerr"

	"github.com/cyqdb/cyq/value"
)

// FuzzVectorised compares batched scans with vectorised filters and
// projections against row-at-a-time execution on generated expressions:
// the same rows, or an error in both. Run with
// go test -run XXX -fuzz FuzzVectorised -fuzztime 2m .
func FuzzVectorised(f *testing.F) {
	for _, seed := range []string{"", "\x01\x02\x03", "abcdefgh", "\xff\x10\x20\x30\x40\x50", "zzzzzzzzzzzzzzzz"} {
		f.Add([]byte(seed))
	}
	dbs := fuzzDBs(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		g := &exprGen{data: data}
		where, ret := g.bool(3), g.value(3)
		q := fmt.Sprintf("MATCH (n:N) WHERE %s RETURN n.i AS i, %s AS v", where, ret)
		if g.next()%3 == 0 {
			q += fmt.Sprintf(" LIMIT %d", g.next()%20)
		}
		a, errA := runAll(dbs[0], q)
		b, errB := runAll(dbs[1], q)
		if errA == nil && errB != nil && inWhere(q, errB) {
			// The planner tests a WHERE's conjuncts in the order it
			// chooses (as Neo4j does; row mode keeps the written order):
			// an error one conjunct raises only on rows another conjunct
			// rejects need not be raised. Errors elsewhere must agree.
			return
		}
		if (errA == nil) != (errB == nil) {
			t.Fatalf("%s\n batched error: %v\n row error: %v", q, errA, errB)
		}
		if errA == nil && fmt.Sprint(canonical(a)) != fmt.Sprint(canonical(b)) {
			t.Fatalf("%s\n batched: %v\n row: %v", q, canonical(a), canonical(b))
		}
	})
}

// inWhere reports whether err points into q's WHERE clause.
func inWhere(q string, err error) bool {
	e := cyqerr.As(err)
	start, end := strings.Index(q, " WHERE "), strings.Index(q, " RETURN ")
	return e != nil && e.Pos.Line == 1 && e.Pos.Offset > start && e.Pos.Offset < end
}

var fuzzOnce sync.Once
var fuzzPair [2]*DB

func fuzzDBs(tb testing.TB) [2]*DB {
	fuzzOnce.Do(func() {
		setup := `UNWIND range(0, 2599) AS i
			CREATE (:N {i: i, f: CASE WHEN i % 9 = 0 THEN null ELSE (i % 17) * 0.5 END,
			            s: CASE i % 5 WHEN 0 THEN null WHEN 1 THEN 'ab' + toString(i % 13) WHEN 2 THEN toString(i) ELSE 'x' END,
			            b: CASE i % 4 WHEN 0 THEN true WHEN 1 THEN false WHEN 2 THEN null ELSE 'no' END,
			            l: CASE WHEN i % 6 = 0 THEN [i % 3, i % 5] ELSE null END})`
		for k, opts := range []*Options{nil, {RowModeOnly: true}} {
			db, err := Open("", opts)
			if err != nil {
				panic(err)
			}
			if _, err := db.Query(context.Background(), setup, nil); err != nil {
				panic(err)
			}
			fuzzPair[k] = db
		}
	})
	return fuzzPair
}

func runAll(db *DB, q string) ([][]value.Value, error) {
	rows, err := db.Query(context.Background(), q, nil)
	if err != nil {
		return nil, err
	}
	return rows.All()
}

// exprGen builds expressions over n's properties from fuzz bytes.
type exprGen struct {
	data []byte
	pos  int
}

func (g *exprGen) next() int {
	if g.pos >= len(g.data) {
		g.pos++
		return g.pos * 7
	}
	b := g.data[g.pos]
	g.pos++
	return int(b)
}

func (g *exprGen) pick(opts ...string) string { return opts[g.next()%len(opts)] }

func (g *exprGen) value(depth int) string {
	if depth == 0 {
		return g.pick("n.i", "n.f", "n.s", "n.b", "n.l", "n.missing", "1", "0", "2.5", "'ab1'", "null", "true", "[1, 'a']", "-3")
	}
	switch g.next() % 8 {
	case 0:
		return fmt.Sprintf("(%s %s %s)", g.value(depth-1), g.pick("+", "-", "*", "/", "%"), g.value(depth-1))
	case 1:
		return fmt.Sprintf("%s(%s)", g.pick("toString", "size", "abs", "toUpper", "toInteger", "coalesce"), g.value(depth-1))
	case 2:
		return g.bool(depth - 1)
	case 3:
		return fmt.Sprintf("-%s", g.value(depth-1))
	default:
		return g.value(0)
	}
}

func (g *exprGen) bool(depth int) string {
	if depth == 0 {
		return g.pick("n.b", "true", "false", "null", "n.s IS NULL", "n.f IS NOT NULL")
	}
	switch g.next() % 9 {
	case 0:
		return fmt.Sprintf("(%s %s %s)", g.bool(depth-1), g.pick("AND", "OR", "XOR"), g.bool(depth-1))
	case 1:
		return fmt.Sprintf("NOT %s", g.bool(depth-1))
	case 2, 3:
		return fmt.Sprintf("%s %s %s", g.value(depth-1), g.pick("=", "<>", "<", "<=", ">", ">="), g.value(depth-1))
	case 4:
		return fmt.Sprintf("%s %s %s", g.value(depth-1), g.pick("STARTS WITH", "ENDS WITH", "CONTAINS"), g.value(depth-1))
	case 5:
		return fmt.Sprintf("%s IN %s", g.value(depth-1), g.pick("[1, 2, 'x']", "[]", "n.l", "[null]", "[2.5, 'ab1']"))
	case 6:
		return fmt.Sprintf("%s IS %sNULL", g.value(depth-1), g.pick("", "NOT "))
	default:
		return g.bool(0)
	}
}
