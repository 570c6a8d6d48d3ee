package mcp

import (
	"fmt"
	"strings"
	"testing"
)

func TestKGRelationsAndObservations(t *testing.T) {
	s, _ := kgWriteServer(t, Config{})
	mustCall(t, s, "entities", `{"action": "create", "name": "Ada", "type": "Person"}`)
	mustCall(t, s, "entities", `{"action": "create", "name": "Analytical Engine", "type": "Machine"}`)
	out := mustCall(t, s, "relations", `{"action": "create", "from": "ada", "to": "Analytical Engine", "type": "works on", "properties": {"since": 1842}}`)
	if out["created"] != true || out["relation"].(map[string]any)["type"] != "WORKS_ON" {
		t.Fatalf("create relation: %v", out)
	}
	out = mustCall(t, s, "relations", `{"action": "create", "from": "Ada", "to": "Analytical Engine", "type": "WORKS_ON"}`)
	if out["created"] != false {
		t.Fatalf("relation duplicated: %v", out)
	}
	out = mustCall(t, s, "relations", `{"action": "find", "from": "Ada"}`)
	if out["count"] != 1.0 {
		t.Fatalf("find: %v", out)
	}
	out = mustCall(t, s, "relations", `{"action": "find", "type": "works_on"}`)
	if out["count"] != 1.0 {
		t.Fatalf("find by type: %v", out)
	}
	if out, _, isErr := call(t, s, "relations", `{"action": "create", "from": "Ada", "to": "Babbage", "type": "KNOWS"}`); !isErr || !strings.Contains(errMessage(out), "entities {action: 'list'}") {
		t.Fatalf("missing entity: %v", out)
	}
	// Observations are searchable and linked to their entity.
	out = mustCall(t, s, "observations", `{"action": "add", "entity": "Ada", "text": "wrote the first published algorithm"}`)
	if out["created"] != true {
		t.Fatalf("add observation: %v", out)
	}
	out = mustCall(t, s, "observations", `{"action": "add", "entity": "Ada", "text": "wrote the first published algorithm"}`)
	if out["created"] != false {
		t.Fatalf("observation duplicated: %v", out)
	}
	for _, mode := range []string{"text", "vector", "hybrid"} {
		out = mustCall(t, s, "search", `{"query": "published algorithm", "mode": "`+mode+`"}`)
		res := out["results"].([]any)
		if len(res) == 0 || res[0].(map[string]any)["entity"].(map[string]any)["name"] != "Ada" {
			t.Fatalf("search %s for an observation: %v", mode, out)
		}
	}
	out = mustCall(t, s, "search", `{"query": "published algorithm", "labels": ["person"]}`)
	for _, r := range out["results"].([]any) {
		if fmt.Sprint(r.(map[string]any)["labels"]) != "[Entity Person]" {
			t.Fatalf("labels filter: %v", out)
		}
	}
	out = mustCall(t, s, "related", `{"id": "Ada"}`)
	if out["count"] != 1.0 {
		t.Fatalf("related follows observations by default: %v", out)
	}
	out = mustCall(t, s, "related", `{"id": "Ada", "relationship_types": ["HAS_OBSERVATION"]}`)
	if out["count"] != 1.0 || names(t, out["nodes"], "labels")[1] != "[Observation]" {
		t.Fatalf("related through observations: %v", out)
	}
	if out, _, isErr := call(t, s, "observations", `{"action": "delete", "entity": "Ada", "text": "nope"}`); !isErr || !strings.Contains(errMessage(out), "include") {
		t.Fatalf("delete missing observation: %v", out)
	}
	out = mustCall(t, s, "observations", `{"action": "delete", "entity": "Ada", "text": "wrote the first published algorithm"}`)
	if out["deleted"] != 1.0 {
		t.Fatalf("delete observation: %v", out)
	}
	out = mustCall(t, s, "relations", `{"action": "delete", "from": "Ada", "to": "Analytical Engine"}`)
	if out["deleted"] != 1.0 {
		t.Fatalf("delete relation: %v", out)
	}
	if _, _, isErr := call(t, s, "relations", `{"action": "delete", "from": "Ada", "to": "Analytical Engine"}`); !isErr {
		t.Fatal("deleting a missing relation succeeded")
	}
}
