package cyq

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	e := cyqerr.As(err)
	if e == nil || e.Code() != code {
		t.Fatalf("error %v, want %s", err, code)
	}
}

func TestRollbackLeavesNothing(t *testing.T) {
	db, _ := Open("", nil)
	defer db.Close()
	ctx := context.Background()
	tx, err := db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Query(ctx, "CREATE (:X)-[:R]->(:X)", nil); err != nil {
		t.Fatal(err)
	}
	tx.Rollback()
	if got := mustRun(t, db, "MATCH (n) RETURN count(n)", nil)[0][0]; fmtV(got) != "0" {
		t.Fatalf("rolled back nodes are visible: %s", fmtV(got))
	}
	if _, err := tx.Query(ctx, "RETURN 1", nil); err == nil {
		t.Fatal("query on an ended transaction succeeded")
	}
}

func TestFailedWriteChangesNothing(t *testing.T) {
	db, _ := Open("", nil)
	defer db.Close()
	mustRun(t, db, "CREATE (:A {n: 1})-[:R]->(:A {n: 2})", nil)
	_, err := db.Query(context.Background(), "MATCH (a:A) CREATE (:B) WITH a DELETE a", nil)
	wantCode(t, err, "ConstraintVerificationFailed.DeleteConnectedNode")
	if got := fmtV(mustRun(t, db, "MATCH (n) RETURN count(n)", nil)[0][0]); got != "2" {
		t.Fatalf("a failed statement left %s nodes", got)
	}
}

func TestProfileCountsRows(t *testing.T) {
	db, _ := Open("", nil)
	defer db.Close()
	mustRun(t, db, "UNWIND range(1, 10) AS i CREATE (:N {i: i})", nil)
	rows, err := db.Query(context.Background(), "PROFILE MATCH (n:N) WHERE reduce(s = 0, x IN range(1, n.i) | s + x) > 6 RETURN n.i", nil)
	if err != nil {
		t.Fatal(err)
	}
	if all, err := rows.All(); err != nil || len(all) != 7 {
		t.Fatalf("%d rows, %v", len(all), err)
	}
	p := rows.Profile()
	for _, want := range []string{"NodeScan (n:N) label scan (rows 10", "Filter (reduce(s = 0, x IN range(1, n.i) | (s + x)) > 6) (rows 7, est. ", "Emit n.i (rows 7", "result rows 7"} {
		if !strings.Contains(p, want) {
			t.Errorf("profile lacks %q:\n%s", want, p)
		}
	}
	// A batched scan counts the nodes its prefilters let through.
	rows, err = db.Query(context.Background(), "PROFILE MATCH (n:N) WHERE n.i > 3 RETURN n.i", nil)
	if err != nil {
		t.Fatal(err)
	}
	rows.All()
	if p := rows.Profile(); !strings.Contains(p, "prefilter (n.i > 3) (rows 7") {
		t.Errorf("batched profile:\n%s", p)
	}
}

func TestReadOnlyOpenRejectsWrites(t *testing.T) {
	dir := t.TempDir()
	db, err := Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustRun(t, db, "CREATE (:N)", nil)
	db.Close()
	ro, err := Open(dir, &Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	_, err = ro.Query(context.Background(), "MATCH (n) SET n.x = 1", nil)
	wantCode(t, err, "AccessDenied.ReadOnly")
	// A procedure's read-only flag, not keywords, decides: a write hidden in
	// a subquery is still a write.
	_, err = ro.Query(context.Background(), "MATCH (n) CALL (n) { CREATE (:M) } RETURN 1", nil)
	wantCode(t, err, "AccessDenied.ReadOnly")
	if got := fmtV(mustRun(t, ro, "MATCH (n) RETURN count(n)", nil)[0][0]); got != "1" {
		t.Fatalf("read-only store has %s nodes", got)
	}
}

func TestLimitsEndRunawayQueries(t *testing.T) {
	ctx := context.Background()
	db, _ := Open("", &Options{Limits: vm.Limits{MaxSteps: 100000}})
	_, err := db.Query(ctx, "UNWIND range(1, 10000000) AS x RETURN count(x)", nil)
	if err == nil {
		rows, _ := db.Query(ctx, "UNWIND range(1, 10000000) AS x RETURN count(x)", nil)
		_, err = rows.All()
	}
	wantCode(t, err, "LimitExceeded.StepBudget")
	db.Close()

	db, _ = Open("", &Options{Limits: vm.Limits{MaxRows: 5}})
	rows, _ := db.Query(ctx, "UNWIND range(1, 10) AS x RETURN x", nil)
	_, err = rows.All()
	wantCode(t, err, "LimitExceeded.RowLimit")
	db.Close()

	db, _ = Open("", &Options{Limits: vm.Limits{MaxMemory: 1 << 20}})
	rows, _ = db.Query(ctx, "UNWIND range(1, 1000000) AS x RETURN x ORDER BY x DESC", nil)
	_, err = rows.All()
	wantCode(t, err, "LimitExceeded.MemoryBudget")
	db.Close()

	db, _ = Open("", &Options{Timeout: 50 * time.Millisecond})
	start := time.Now()
	rows, _ = db.Query(ctx, "UNWIND range(1, 10000000) AS x UNWIND range(1, 1000) AS y RETURN count(*)", nil)
	_, err = rows.All()
	wantCode(t, err, "LimitExceeded.Timeout")
	if time.Since(start) > 5*time.Second {
		t.Fatalf("timeout took %s", time.Since(start))
	}
	db.Close()
}

func fmtV(v value.Value) string { return value.Format(v) }

func TestLoadCSVStaysInImportDir(t *testing.T) {
	dir := t.TempDir()
	imp := filepath.Join(dir, "import")
	os.Mkdir(imp, 0o755)
	os.WriteFile(filepath.Join(imp, "people.csv"), []byte("name,age\nAnn,30\nBob,\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "secret.csv"), []byte("x\nsecret\n"), 0o644)
	os.Symlink(filepath.Join(dir, "secret.csv"), filepath.Join(imp, "link.csv"))
	ctx := context.Background()

	db, _ := Open("", &Options{ImportDir: imp})
	defer db.Close()
	got := mustRun(t, db, "LOAD CSV WITH HEADERS FROM 'file:///people.csv' AS row CREATE (p:P {name: row.name, age: row.age}) RETURN p.name, p.age", nil)
	if len(got) != 2 || fmtV(got[0][1]) != "'30'" || fmtV(got[1][1]) != "null" {
		t.Fatalf("rows %v", got)
	}
	got = mustRun(t, db, "LOAD CSV FROM 'people.csv' AS row RETURN row", nil)
	if len(got) != 3 || fmtV(got[0][0]) != "['name', 'age']" {
		t.Fatalf("rows without headers %v", got)
	}
	for _, bad := range []string{"../secret.csv", "file:///../secret.csv", "link.csv", "/etc/passwd", "http://127.0.0.1:1/x.csv", "ftp://x/y.csv"} {
		_, err := db.Query(ctx, "LOAD CSV FROM $u AS row RETURN count(*)", map[string]any{"u": bad})
		e := cyqerr.As(err)
		if e == nil || (e.Code() != "AccessDenied.FileAccess" && e.Code() != "ArgumentError.FileAccess") {
			t.Errorf("%s: error %v, want a file access error", bad, err)
		}
		if e != nil && strings.Contains(e.Message, "secret") && e.Code() != "AccessDenied.FileAccess" {
			t.Errorf("%s: %v", bad, err)
		}
	}

	// No import directory: LOAD CSV is off. Read-only sessions refuse it
	// whatever the directory, as a write-class operation.
	off, _ := Open("", nil)
	defer off.Close()
	_, err := off.Query(ctx, "LOAD CSV FROM 'people.csv' AS row RETURN row", nil)
	wantCode(t, err, "AccessDenied.FileAccess")
	c, err := db.Compile("LOAD CSV FROM 'people.csv' AS row RETURN row")
	if err != nil || !c.Program.Writes {
		t.Fatalf("LOAD CSV is not write-class: %v", err)
	}
}

func TestSchemaProcedures(t *testing.T) {
	db, _ := Open("", nil)
	defer db.Close()
	mustRun(t, db, "CREATE (a:Person {name: 'A'})-[:KNOWS]->(b:Person {name: 'B'})-[:LIVES_IN]->(:City {name: 'C'}), (a)-[:KNOWS]->(b)", nil)
	got := mustRun(t, db, "CALL db.schema.visualization() YIELD nodes, relationships RETURN nodes, relationships", nil)
	want := "[[{count: 1, name: 'City'}, {count: 2, name: 'Person'}], [{count: 2, end: 'Person', start: 'Person', type: 'KNOWS'}, {count: 1, end: 'City', start: 'Person', type: 'LIVES_IN'}]]"
	if fmtV(value.List(got[0])) != want {
		t.Fatalf("schema:\n got %s\nwant %s", fmtV(value.List(got[0])), want)
	}
	for q, w := range map[string]string{
		"CALL db.labels() YIELD label RETURN collect(label)":                                  "['City', 'Person']",
		"CALL db.relationshipTypes() YIELD relationshipType RETURN collect(relationshipType)": "['KNOWS', 'LIVES_IN']",
		"CALL db.propertyKeys() YIELD propertyKey RETURN collect(propertyKey)":                "['name']",
	} {
		if g := fmtV(mustRun(t, db, q, nil)[0][0]); g != w {
			t.Errorf("%s = %s, want %s", q, g, w)
		}
	}
}

func TestOptionalProcedureArguments(t *testing.T) {
	db, _ := Open("", nil)
	defer db.Close()
	mustRun(t, db, "CREATE (:Doc {text: 'graph query engines'}), (:Doc {text: 'graph databases store graphs'}), (:Doc {text: 'cooking pasta'})", nil)
	mustRun(t, db, "CREATE FULLTEXT INDEX docs FOR (n:Doc) ON EACH [n.text]", nil)
	if got := len(mustRun(t, db, "CALL db.index.fulltext.queryNodes('docs', 'graph') YIELD node RETURN node", nil)); got != 2 {
		t.Fatalf("without options: %d rows", got)
	}
	if got := len(mustRun(t, db, "CALL db.index.fulltext.queryNodes('docs', 'graph', {limit: 1}) YIELD node RETURN node", nil)); got != 1 {
		t.Fatalf("with {limit: 1}: %d rows", got)
	}
	_, err := db.Query(context.Background(), "CALL db.index.fulltext.queryNodes('docs') YIELD node RETURN node", nil)
	wantCode(t, err, "SyntaxError.InvalidNumberOfArguments")
	if e := cyqerr.As(err); !strings.Contains(e.Message, "2 to 3 arguments") {
		t.Fatalf("message %q", e.Message)
	}
}

// TestSeekValueFromAnotherPatternPart: an equality whose other side is a
// variable of a later pattern part cannot drive an index seek of the
// first part; it must still plan and answer.
func TestSeekValueFromAnotherPatternPart(t *testing.T) {
	db, _ := Open("", nil)
	defer db.Close()
	mustRun(t, db, "CREATE INDEX FOR (p:Person) ON (p.name)", nil)
	mustRun(t, db, "CREATE (:Person {name: 'X'}), (:Person {name: 'Z'}), (:City {name: 'X'}), (:City {name: 'Y'})", nil)
	for _, q := range []string{
		"MATCH (a:Person), (b:City) WHERE a.name = b.name RETURN a.name, b.name",
		"MATCH (b:City), (a:Person) WHERE a.name = b.name RETURN a.name, b.name",
		"MATCH (b:City) MATCH (a:Person) WHERE a.name = b.name RETURN a.name, b.name",
		"MATCH (a:Person), (b:City) WHERE b.name = a.name RETURN a.name, b.name",
	} {
		rows := mustRun(t, db, q, nil)
		if len(rows) != 1 || fmtV(rows[0][0]) != "'X'" || fmtV(rows[0][1]) != "'X'" {
			t.Errorf("%s: %v", q, rows)
		}
	}
}

// TestCountOverScan: count(*) and count(n) over a bare scan are read from
// the node set, and agree with row-at-a-time counting.
func TestCountOverScan(t *testing.T) {
	for _, o := range []*Options{nil, {RowModeOnly: true}} {
		db, _ := Open("", o)
		mustRun(t, db, "UNWIND range(1, 50) AS i CREATE (:A {i: i}) WITH i WHERE i % 5 = 0 CREATE (:B)", nil)
		for q, want := range map[string]string{
			"MATCH (n) RETURN count(n), count(*)":        "60 60",
			"MATCH (n:A) RETURN count(*)":                "50",
			"MATCH (n:B) WITH n RETURN count(n)":         "10",
			"MATCH (n:Missing) RETURN count(*)":          "0",
			"MATCH (n:A) RETURN count(n.i), count(*)":    "50 50",
			"MATCH (n:A) WHERE n.i > 40 RETURN count(*)": "10",
		} {
			row := mustRun(t, db, q, nil)[0]
			var got []string
			for _, v := range row {
				got = append(got, fmtV(v))
			}
			if strings.Join(got, " ") != want {
				t.Errorf("%v %s: %v, want %s", o, q, got, want)
			}
		}
		db.Close()
	}
}

// TestStartTieFavoursNamedNode: when every node carries the label, a
// pattern ()<--(a:User) costs the same from either end; starting at the
// named node lets the count become a degree read.
func TestStartTieFavoursNamedNode(t *testing.T) {
	db, _ := Open("", nil)
	defer db.Close()
	mustRun(t, db, "UNWIND range(1, 20) AS i CREATE (:User {id: i})", nil)
	mustRun(t, db, "MATCH (a:User), (b:User) WHERE b.id = a.id % 7 + 1 CREATE (a)-[:LINKS]->(b)", nil)
	q := "MATCH ()<--(a:User) RETURN a.id AS id, count(*) AS d ORDER BY d DESC, id LIMIT 3"
	plan := string(mustRun(t, db, "EXPLAIN "+q, nil)[0][0].(value.String))
	if !strings.Contains(plan, "Degree (a)") {
		t.Errorf("expected a degree read:\n%s", plan)
	}
	got := mustRun(t, db, q, nil)
	want := mustRun(t, db, "MATCH (a:User)-[r]->(x) WITH a, count(r) AS d RETURN a.id AS id, d ORDER BY d DESC, id LIMIT 3", nil)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
