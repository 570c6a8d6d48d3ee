package mcp

import (
	"strings"
	"testing"
)

func TestKGNode(t *testing.T) {
	s, db := kgTestServer(t, Config{})
	beta := nodeIDOf(t, db, "Beta")
	out, _, isErr := call(t, s, "node", `{"action": "get", "id": "`+beta+`", "include": ["relationships", "observations"]}`)
	n, _ := out["node"].(map[string]any)
	if isErr || len(n["degree"].([]any)) != 2 || len(n["relationships"].([]any)) != 2 || len(n["observations"].([]any)) != 0 {
		t.Fatalf("node get: %v", out)
	}
	// By name, without action.
	out, _, isErr = call(t, s, "node", `{"id": "Alpha"}`)
	if isErr || out["node"].(map[string]any)["properties"].(map[string]any)["concept_id"] != "a" {
		t.Fatalf("node by name: %v", out)
	}
	out, _, isErr = call(t, s, "node", `{"action": "batch", "ids": ["Alpha", "`+beta+`", "Nope", "n:999"]}`)
	if isErr || out["count"] != 2.0 || len(out["missing"].([]any)) != 2 {
		t.Fatalf("node batch: %v", out)
	}
	out, _, isErr = call(t, s, "node", `{"id": "Nope"}`)
	if !isErr || !strings.Contains(out["error"].(map[string]any)["message"].(string), "entities {action: 'list'}") {
		t.Fatalf("missing node: %v", out)
	}
}
