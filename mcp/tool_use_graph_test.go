package mcp

import (
	"fmt"
	"strings"
	"testing"
)

func TestKGGraphs(t *testing.T) {
	s, db := kgWriteServer(t, Config{})
	mustCall(t, s, "entities", `{"action": "create", "name": "Alpha", "type": "Concept", "graph": "projA"}`)
	out := mustCall(t, s, "stats", `{"graph": "projA"}`)
	if out["nodes"] != 1.0 {
		t.Fatalf("stats of projA: %v", out)
	}
	out = mustCall(t, s, "stats", `{}`)
	if out["nodes"] != 0.0 {
		t.Fatalf("default graph written: %v", out)
	}
	// The session default graph.
	out = mustCall(t, s, "use_graph", `{"graph": "projA"}`)
	if out["graph"] != "projA" || !strings.Contains(fmt.Sprint(out["graphs"]), "projA") {
		t.Fatalf("use_graph: %v", out)
	}
	out = mustCall(t, s, "entities", `{"action": "list"}`)
	if out["graph"] != "projA" || out["count"] != 1.0 {
		t.Fatalf("list in the session graph: %v", out)
	}
	// The cypher and schema tools follow the session's graph too.
	out = mustCall(t, s, "cypher", `{"query": "MATCH (n:Entity) RETURN count(n) AS c"}`)
	if fmt.Sprint(out["rows"]) != "[map[c:1]]" {
		t.Fatalf("cypher in the session graph: %v", out)
	}
	out = mustCall(t, s, "schema", `{}`)
	if out["graph"] != "projA" {
		t.Fatalf("schema in the session graph: %v", out)
	}
	mustCall(t, s, "use_graph", `{"graph": ""}`)
	out = mustCall(t, s, "use_graph", `{}`)
	if out["graph"] != db.GraphName() {
		t.Fatalf("reset: %v", out)
	}
	// A read-only server does not create graphs.
	r, _ := testServer(t, Config{})
	if out, _, isErr := call(t, r, "use_graph", `{"graph": "nope"}`); !isErr {
		t.Fatalf("use_graph created a graph read-only: %v", out)
	}
}
