package cyq_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/cyqerr"
)

// TestStats checks each counter against Neo4j's rules, statement by
// statement on one graph.
func TestStats(t *testing.T) {
	ctx := context.Background()
	db, err := cyq.Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, tc := range []struct {
		q    string
		want cyq.Stats
	}{
		{"CREATE (:A:B {x: 1, y: null})", cyq.Stats{NodesCreated: 1, LabelsAdded: 2, PropertiesSet: 1}},
		{"CREATE (:A:A)", cyq.Stats{NodesCreated: 1, LabelsAdded: 1}},
		{"MATCH (n:B) SET n.x = 1", cyq.Stats{PropertiesSet: 1}}, // same value still counts
		{"MATCH (n:B) SET n.gone = null", cyq.Stats{}},           // absent: nothing removed
		{"MATCH (n:B) REMOVE n.x", cyq.Stats{PropertiesSet: 1}},
		{"MATCH (n:B) REMOVE n.x", cyq.Stats{}},
		{"MATCH (n:B) SET n = {p: 1, q: 2}", cyq.Stats{PropertiesSet: 2}},
		{"MATCH (n:B) SET n = {p: 3}", cyq.Stats{PropertiesSet: 2}}, // p set, q removed
		{"MATCH (n:B) SET n += {p: null, r: 1}", cyq.Stats{PropertiesSet: 2}},
		{"MATCH (n:B) SET n:A:C", cyq.Stats{LabelsAdded: 1}},
		{"MATCH (n:B) REMOVE n:C:Nope", cyq.Stats{LabelsRemoved: 1}},
		{"MATCH (a:B), (b:A) WHERE a <> b CREATE (a)-[:R {w: 1}]->(b), (a)-[:R]->(a)", cyq.Stats{RelationshipsCreated: 2, PropertiesSet: 1}},
		{"MATCH ()-[r:R]->() SET r.w = 2, r.v = null", cyq.Stats{PropertiesSet: 2}}, // two relationships
		{"MATCH (n) RETURN count(n)", cyq.Stats{}},
		{"MERGE (n:M {k: 1}) ON CREATE SET n.c = true", cyq.Stats{NodesCreated: 1, LabelsAdded: 1, PropertiesSet: 2}},
		{"MERGE (n:M {k: 1}) ON MATCH SET n.m = true", cyq.Stats{PropertiesSet: 1}},
		{"CREATE INDEX FOR (n:A) ON (n.x)", cyq.Stats{IndexesAdded: 1}},
		{"CREATE INDEX IF NOT EXISTS FOR (n:A) ON (n.x)", cyq.Stats{}},
		{"DROP INDEX ON :A(x)", cyq.Stats{IndexesRemoved: 1}},
		{"CREATE CONSTRAINT FOR (n:M) REQUIRE n.k IS UNIQUE", cyq.Stats{ConstraintsAdded: 1}},
		{"MATCH (n:B) DETACH DELETE n", cyq.Stats{NodesDeleted: 1, RelationshipsDeleted: 2}}, // with the self-loop
		{"MATCH (n), (m) DELETE n", cyq.Stats{NodesDeleted: 2}},                              // each node once
	} {
		got, err := db.Exec(ctx, tc.q, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.q, err)
		}
		if got != tc.want {
			t.Errorf("%s:\n got %+v\nwant %+v", tc.q, got, tc.want)
		}
	}
}

func TestStatsString(t *testing.T) {
	s := cyq.Stats{NodesCreated: 3, RelationshipsCreated: 1, PropertiesSet: 6, LabelsAdded: 3}
	if got, want := s.String(), "Added 3 nodes, Created 1 relationship, Set 6 properties, Added 3 labels"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if (cyq.Stats{}).String() != "" || (cyq.Stats{}).ContainsUpdates() || !s.ContainsUpdates() {
		t.Error("empty stats")
	}
}

func TestTxStats(t *testing.T) {
	ctx := context.Background()
	db, _ := cyq.Open("", nil)
	defer db.Close()
	tx, err := db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(ctx, "CREATE (:T {a: 1})", nil); err != nil {
		t.Fatal(err)
	}
	rows, err := tx.Query(ctx, "MATCH (t:T) SET t.b = 2 RETURN t.a", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := rows.Stats(); got != (cyq.Stats{PropertiesSet: 1}) {
		t.Errorf("statement stats %+v", got)
	}
	if got := tx.Stats(); got != (cyq.Stats{NodesCreated: 1, LabelsAdded: 1, PropertiesSet: 2}) {
		t.Errorf("transaction stats %+v", got)
	}
}

// TestTxContext: Begin and Tx.Query on an ended context return its error,
// and the transaction stays usable with a live one.
func TestTxContext(t *testing.T) {
	db, _ := cyq.Open("", nil)
	defer db.Close()
	dead, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := db.Begin(dead); !errors.Is(err, context.Canceled) || cyqerr.As(err) == nil {
		t.Errorf("Begin: %v", err)
	}
	ctx := context.Background()
	tx, err := db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Query(dead, "CREATE (:X)", nil); !errors.Is(err, context.Canceled) || cyqerr.As(err).Code() != "Cancelled" {
		t.Errorf("Tx.Query: %v", err)
	}
	if st, err := tx.Exec(ctx, "CREATE (:X)", nil); err != nil || st.NodesCreated != 1 || tx.Stats().NodesCreated != 1 {
		t.Errorf("after a refused statement: %v %v", st, err)
	}
	past, stop := context.WithDeadline(ctx, time.Now().Add(-time.Second))
	defer stop()
	if _, err := db.QueryReadOnly(past, "RETURN 1", nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("QueryReadOnly: %v", err)
	}
}

// A transaction whose Begin context ends before Commit is rolled back, and
// Commit reports the context's error.
func TestTxCommitAfterCancel(t *testing.T) {
	db, _ := cyq.Open("", nil)
	defer db.Close()
	ctx, cancel := context.WithCancel(context.Background())
	tx, err := db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, "CREATE (:Lost)", nil); err != nil {
		t.Fatal(err)
	}
	cancel()
	if err := tx.Commit(); !errors.Is(err, context.Canceled) || cyqerr.As(err).Code() != "Cancelled" {
		t.Errorf("Commit: %v", err)
	}
	if st, err := db.Exec(context.Background(), "MATCH (n:Lost) DELETE n", nil); err != nil || st.NodesDeleted != 0 {
		t.Errorf("the cancelled transaction's node: %v %v", st, err)
	}
}
