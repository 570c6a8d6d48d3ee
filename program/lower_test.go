package program

import (
	"context"
	"strings"
	"testing"
)

// A program's Cypher statements are lowered onto the query's logical plan
// with CollectGraph in place of Emit and WorkingApply on top; $W_IDS
// membership becomes a semi-join with W.
func TestProgramLowering(t *testing.T) {
	db := programTestDB(t)
	p := mustProgram(t, prog(
		cypherStmt("+", "MATCH (n:Concept) WHERE n.ontology = 'o1' RETURN n"),
		cypherStmt("+", "MATCH (n)-[r]->(m) WHERE n.concept_id IN $W_IDS RETURN r"),
		cypherStmt("-", "MATCH (n) WHERE elementId(n) IN $W_IDS AND n.name = 'Beta' RETURN n"),
	))
	text, err := db.Explain(p, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(text)
	for _, want := range []string{
		"0 + cypher: MATCH (n:Concept)",
		"+WorkingApply W = W ∪ R, at most 10000 nodes",
		"+CollectGraph R += n",
		"+WorkingSeek n: n.concept_id IN $W_IDS, semi-join with W",
		"+WorkingApply W = W \\ R",
		"+WorkingSeek n: elementId(n) IN $W_IDS, semi-join with W",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("explain lacks %q:\n%s", want, text)
		}
	}
	r, err := db.Run(context.Background(), p, nil, nil)
	if err != nil || r.Aborted != nil {
		t.Fatalf("%v %+v", err, r)
	}
	// a, b and their out-neighbours e, c; statement 2 names no node by
	// element id (every W node has a key), so nothing is removed.
	if got := ids(r.Graph()); got != "a,b,c,e" {
		t.Errorf("nodes = %s", got)
	}
	if got := links(r.Graph()); got != "a-ALT-e,a-REL-b,b-REL-c" {
		t.Errorf("links = %s", got)
	}
	if r.Log[1].NodesAffected != 2 || r.Log[1].LinksAffected != 3 {
		t.Errorf("log: %+v", r.Log[1])
	}
}

// The key semi-join is exact: a node outside W whose key equals a W key is
// found, as a list lookup would find it; row-limit truncation is reported.
func TestProgramKeySemiJoin(t *testing.T) {
	db := programTestDB(t)
	if _, err := db.Query(context.Background(), "CREATE (:Copy {concept_id: 'a', name: 'Second a'})", nil); err != nil {
		t.Fatal(err)
	}
	r := runJSON(t, db, prog(
		cypherStmt("+", "MATCH (n:Concept {concept_id: 'a'}) RETURN n"),
		cypherStmt("+", "MATCH (n) WHERE n.concept_id IN $W_IDS RETURN n.name AS name, n"),
	), nil)
	if r.Aborted != nil || r.Log[1].NodesAffected != 1 || len(r.Graph().Nodes) != 2 {
		t.Fatalf("%+v %+v", r.Aborted, r.Graph().Nodes)
	}
	js := `{"version": 1, "statements": [{"op": "+", "operation": {"type": "cypher", "query": "MATCH (n:Concept) RETURN n", "limit": 2}}]}`
	r = runJSON(t, db, js, nil)
	if len(r.Graph().Nodes) != 2 || !r.Log[0].Truncated {
		t.Errorf("limit: %d nodes, log %+v", len(r.Graph().Nodes), r.Log[0])
	}
}
