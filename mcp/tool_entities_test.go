package mcp

import (
	"strings"
	"testing"
)

func TestKGEntities(t *testing.T) {
	s, _ := kgWriteServer(t, Config{EntityTypes: map[string]string{"lib": "Library"}})
	out := mustCall(t, s, "entities", `{"action": "create", "name": "cyq", "type": "repo", "description": "an embedded graph engine",
		"properties": {"stars": 42, "tags": ["go", "graph"]}, "observations": ["written in Go", "speaks openCypher"]}`)
	e := out["entity"].(map[string]any)
	if out["created"] != true || e["type"] != "Project" || e["properties"].(map[string]any)["stars"] != 42.0 || out["observations_added"] != 2.0 {
		t.Fatalf("create: %v", out)
	}
	cyqID := e["id"].(string)
	// Same name, other case: the existing entity comes back.
	out = mustCall(t, s, "entities", `{"action": "create", "name": "CYQ", "type": "Project"}`)
	if out["created"] != false || out["entity"].(map[string]any)["id"] != cyqID || !strings.Contains(out["warning"].(string), "already exists") {
		t.Fatalf("duplicate: %v", out)
	}
	mustCall(t, s, "entities", `{"action": "create", "name": "OpenAI", "type": "company"}`)
	out = mustCall(t, s, "entities", `{"action": "create", "name": "Open AI", "type": "Organization"}`)
	if out["created"] != false || !strings.Contains(out["warning"].(string), "near-identical") {
		t.Fatalf("near duplicate: %v", out)
	}
	out = mustCall(t, s, "entities", `{"action": "create", "name": "Open AI", "type": "Organization", "allow_similar": true}`)
	if out["created"] != true {
		t.Fatalf("allow_similar: %v", out)
	}
	out = mustCall(t, s, "entities", `{"action": "create", "name": "Ada Lovelace", "type": "people"}`)
	if out["entity"].(map[string]any)["type"] != "Person" {
		t.Fatalf("people → Person: %v", out)
	}
	out = mustCall(t, s, "entities", `{"action": "create", "name": "roaring", "type": "lib"}`)
	if out["entity"].(map[string]any)["type"] != "Library" {
		t.Fatalf("configured type table: %v", out)
	}
	out = mustCall(t, s, "entities", `{"action": "create", "name": "Pebble", "type": "key value store"}`)
	if out["entity"].(map[string]any)["type"] != "KeyValueStore" {
		t.Fatalf("PascalCase: %v", out)
	}
	if out, _, isErr := call(t, s, "entities", `{"action": "create", "name": "x"}`); !isErr || !strings.Contains(errMessage(out), "type is required") {
		t.Fatalf("missing type: %v", out)
	}
	// get, by name, case-insensitive.
	out = mustCall(t, s, "entities", `{"action": "get", "name": "Cyq"}`)
	if e := out["entity"].(map[string]any); len(e["observations"].([]any)) != 2 || e["description"] != "an embedded graph engine" {
		t.Fatalf("get: %v", out)
	}
	// update: rename, retype, description, properties.
	out = mustCall(t, s, "entities", `{"action": "update", "id": "`+cyqID+`", "new_name": "cyq engine", "type": "Software", "properties": {"stars": null, "lang": "Go"}}`)
	e = out["entity"].(map[string]any)
	if e["name"] != "cyq engine" || e["type"] != "Software" || e["properties"].(map[string]any)["stars"] != nil || e["properties"].(map[string]any)["lang"] != "Go" {
		t.Fatalf("update: %v", out)
	}
	if out, _, isErr := call(t, s, "entities", `{"action": "update", "name": "cyq engine", "new_name": "openai"}`); !isErr || !strings.Contains(errMessage(out), "merge") {
		t.Fatalf("rename onto another entity: %v", out)
	}
	// list.
	out = mustCall(t, s, "entities", `{"action": "list"}`)
	if out["total"] != 6.0 || names(t, out["entities"], "name")[0] != "Ada Lovelace" {
		t.Fatalf("list: %v", out)
	}
	out = mustCall(t, s, "entities", `{"action": "list", "type": "org", "query": "open", "limit": 1}`)
	if out["total"] != 2.0 || out["count"] != 1.0 || out["has_more"] != true {
		t.Fatalf("list filtered: %v", out)
	}
	// delete removes the observations too.
	out = mustCall(t, s, "entities", `{"action": "delete", "name": "cyq engine"}`)
	if out["observations_deleted"] != 2.0 {
		t.Fatalf("delete: %v", out)
	}
	if out, _, isErr := call(t, s, "entities", `{"action": "get", "name": "cyq engine"}`); !isErr || !strings.Contains(errMessage(out), "not found") {
		t.Fatalf("deleted entity: %v", out)
	}
	out = mustCall(t, s, "search", `{"query": "openCypher", "mode": "text"}`)
	if out["count"] != 0.0 {
		t.Fatalf("observation survived its entity: %v", out)
	}
}
