package cyq

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// keyStores are the stores of TestUniqueKeysMatchRowMode: the same
// random graph of :K nodes (an id, a grouping property p, some ids null)
// linked by :R relationships, under a uniqueness constraint on :K(id),
// an index whose counts show the ids unique, an index over ids of which
// two are equal as 1 and 1.0, an index over repeated ids, and no index.
// Each is built twice: planned and row mode.
var keyStores = []string{"constraint", "index", "index-1.0", "index-dup", "plain"}

func keyGraph(t *testing.T, db *DB, kind string, seed uint64) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 11))
	switch kind {
	case "constraint":
		mustRun(t, db, "CREATE CONSTRAINT k_id FOR (n:K) REQUIRE n.id IS UNIQUE", nil)
	case "plain":
	default:
		mustRun(t, db, "CREATE INDEX FOR (n:K) ON (n.id)", nil)
	}
	n := 12 + r.IntN(10)
	for i := 0; i < n; i++ {
		id := fmt.Sprint(i)
		switch {
		case r.IntN(5) == 0:
			id = "null"
		case kind == "index-dup" && r.IntN(3) == 0:
			id = fmt.Sprint(r.IntN(i + 1))
		case kind == "index-1.0" && i == 1:
			id = "1.0"
		case kind == "index-1.0" && i == 2:
			id = "1"
		}
		labels := ":K"
		if r.IntN(6) == 0 {
			labels = ":K:L"
		}
		mustRun(t, db, fmt.Sprintf("CREATE (%s {id: %s, p: %d})", labels, id, r.IntN(3)), nil)
	}
	// Nodes without the label, some with ids the :K nodes hold.
	for i := 0; i < 4; i++ {
		mustRun(t, db, fmt.Sprintf("CREATE (:M {id: %d, p: %d})", r.IntN(n), r.IntN(3)), nil)
	}
	for i := 0; i < 2*n; i++ {
		a, b := r.IntN(n+4), r.IntN(n+4)
		reps := 1
		if i%7 == 0 {
			reps = 2 // parallel relationships
		}
		for k := 0; k < reps; k++ {
			mustRun(t, db, fmt.Sprintf("MATCH (a), (b) WHERE id(a) = %d AND id(b) = %d CREATE (a)-[:R]->(b)", a, b), nil)
		}
	}
}

// TestUniqueKeysMatchRowMode checks the aggregates of keys against row
// mode: count, collect, sum and avg of DISTINCT n.id over rows unique in
// n (a label scan, a seek, a WITH DISTINCT n), ungrouped and grouped, and
// count(*) grouped by n.id (one row per group where no id is null),
// where :K(id) is a key by constraint or by the index's counts, and near
// misses the rule must leave alone: ids repeated, equal as 1 and 1.0, on
// nodes without the label, rows repeated by an expansion or an UNWIND,
// OPTIONAL MATCH, a property that is no key, statements that write
// (a duplicate created, an id set, before the aggregate), a constraint
// dropped and a duplicate added in the same session, and a transaction
// that adds a duplicate before it reads. It also checks that the rule
// fires where the ids are keys and not elsewhere.
func TestUniqueKeysMatchRowMode(t *testing.T) {
	t.Parallel()
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		for _, kind := range keyStores {
			planned, rows := plannedAndRowMode(t)
			keyGraph(t, planned, kind, seed)
			keyGraph(t, rows, kind, seed)
			dbs := map[string]*DB{"planned": planned, "row-mode": rows}
			label := fmt.Sprintf("seed %d, %s", seed, kind)
			// The rule fires where the ids are a key.
			plan := string(mustRun(t, planned, "EXPLAIN MATCH (n:K) RETURN count(DISTINCT n.id) AS c", nil)[0][0].(value.String))
			distinct := mustRun(t, rows, "MATCH (n:K) RETURN count(n.id) = count(DISTINCT n.id) AS u", nil)[0][0] == value.Bool(true)
			key := kind == "constraint" || kind != "plain" && distinct
			if fired := strings.Contains(plan, "count(n.id)"); fired != key {
				t.Errorf("%s: count(DISTINCT n.id) rewritten %v, want %v\n%s", label, fired, key, plan)
			}
			plan = string(mustRun(t, planned, "EXPLAIN MATCH (n:K) WHERE n.id IS NOT NULL RETURN n.id AS id, count(*) AS c", nil)[0][0].(value.String))
			if fired := !strings.Contains(plan, "Aggregate"); fired != key {
				t.Errorf("%s: grouping by n.id made a projection %v, want %v\n%s", label, fired, key, plan)
			}
			r := rand.New(rand.NewPCG(seed, 2026))
			for i := 0; i < 40; i++ {
				q := keyQuery(r)
				againstRowMode(t, dbs, []string{"planned"}, label, q, map[string]any{"v": r.IntN(8), "f": 1.0}, &runs, &failed)
			}
			// Writes that add a duplicate, then the same reads: in the
			// same statement, in a transaction, and after the
			// constraint is dropped.
			reads := []string{"MATCH (n:K) RETURN count(DISTINCT n.id) AS c, sum(DISTINCT n.id) AS s",
				"MATCH (n:K) RETURN n.p AS p, collect(DISTINCT n.id) AS ids", "MATCH (n:K {id: 3}) RETURN count(DISTINCT n.id) AS c"}
			for _, q := range reads {
				againstRowMode(t, dbs, []string{"planned"}, label+", cached", q, nil, &runs, &failed)
			}
			// Each write that adds a duplicate comes first in some order.
			writes := []string{
				"CREATE (:K {id: 3}) WITH count(*) AS w MATCH (n:K) RETURN count(DISTINCT n.id) AS c",
				"MATCH (m:K) WHERE m.id = 4 SET m.id = 3 WITH count(*) AS w MATCH (n:K) RETURN count(DISTINCT n.id) AS c",
				"MERGE (x:K {id: 2.0}) WITH count(*) AS w MATCH (n:K) RETURN collect(DISTINCT n.id) AS ids",
				"CREATE (:K {id: 3}) WITH count(*) AS w CALL { MATCH (n:K) RETURN count(DISTINCT n.id) AS c } RETURN c",
				"CREATE (:K {id: 4.0}) WITH count(*) AS w CALL { MATCH (n:K) WHERE n.id IS NOT NULL RETURN n.id AS id, count(*) AS c } RETURN id, c",
				"MATCH (m:K) WHERE m.id = 5 SET m.id = 0 WITH count(*) AS w CALL { MATCH (n:K) RETURN sum(DISTINCT n.id) AS s } RETURN s",
			}
			first := int(seed) % 3
			writes = append(writes[3+first:], writes[:3+first]...)
			for _, q := range writes {
				againstRowMode(t, dbs, []string{"planned"}, label+", writes", q, nil, &runs, &failed)
			}
			for _, db := range []*DB{planned, rows} {
				if kind == "constraint" {
					mustRun(t, db, "DROP CONSTRAINT k_id", nil)
				}
				inTx(t, db, "CREATE (:K {id: 5})")
			}
			for _, q := range reads {
				againstRowMode(t, dbs, []string{"planned"}, label+", duplicate added", q, nil, &runs, &failed)
			}
			for _, q := range reads {
				txRuns(t, label, planned, rows, "CREATE (:K {id: 6}), (:K {id: 6})", q, &runs, &failed)
				txRuns(t, label, planned, rows, "MATCH (m:K) WHERE m.id = 3 SET m.id = 2", q, &runs, &failed)
			}
		}
	}
	t.Logf("%d runs, %d differ", runs, failed)
	if runs < 1000 {
		t.Fatalf("only %d runs", runs)
	}
}

// inTx runs q in a transaction and commits it.
func inTx(t *testing.T, db *DB, q string) {
	t.Helper()
	tx, err := db.Begin(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	rs, err := tx.Query(context.Background(), q, nil)
	if err == nil {
		_, err = rs.All()
	}
	if err != nil {
		tx.Rollback()
		t.Fatalf("%s: %v", q, err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// txRuns runs write then read in one transaction on both stores, compares
// the read's rows, and rolls back.
func txRuns(t *testing.T, label string, planned, rows *DB, write, read string, runs, failed *int) {
	t.Helper()
	txRunsWith(t, label, planned, rows, write, read, nil, runs, failed)
}

// keyQuery is a random query aggregating the ids of :K nodes.
func keyQuery(r *rand.Rand) string {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	agg := pick("count", "collect", "sum", "avg")
	arg := pick("n.id", "n.id", "n.id", "n.p", "n.id + 0")
	distinct := pick("DISTINCT ", "DISTINCT ", "")
	call := fmt.Sprintf("%s(%s%s)", agg, distinct, arg)
	where := pick("", "", " WHERE n.p > 0", " WHERE n.id IS NULL", " WHERE n.id < $v", " WHERE n:L", " WHERE n.id IS NOT NULL", " WHERE n.id >= 0 AND n.p < 2")
	source := pick(
		"MATCH (n:K)"+where,
		"MATCH (n:K)"+where,
		"MATCH (n:K {id: $v})",
		"MATCH (n:K) WHERE n.id = $f",
		"MATCH (n:K) WHERE n.id IN [1, $v, 1.0]",
		"MATCH (n:K)-[:R]->(m)"+where,
		"MATCH (n:K)-[:R]-(m) WITH DISTINCT n"+where,
		"MATCH (m)-[:R]->(n:K) WITH DISTINCT n"+where,
		"UNWIND [1, 2] AS x MATCH (n:K)"+where,
		"OPTIONAL MATCH (n:K)"+where,
		"MATCH (n)"+strings.Replace(where, "n:L", "n:K", 1),
		"MATCH (n:M)",
		"MATCH (n:K:L)",
		"MATCH (n:K) WITH n ORDER BY n.p LIMIT 5",
		"MATCH (n:K) WITH n.id AS i, n",
	)
	switch r.IntN(6) {
	case 4:
		return source + " RETURN n.id AS id, count(*) AS c"
	case 5:
		return source + " WITH n.id AS id, count(*) AS c RETURN id, c"
	case 0:
		return source + " RETURN n.p AS p, " + call + " AS a"
	case 1:
		return source + " WITH n.p % 2 AS g, " + call + " AS a RETURN g, a"
	default:
		return source + " RETURN " + call + " AS a"
	}
}
