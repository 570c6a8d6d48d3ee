package mcp

import (
	"fmt"
	"strings"
	"testing"
)

func TestKGSearch(t *testing.T) {
	s, _ := kgTestServer(t, Config{})
	out, _, isErr := call(t, s, "search", `{"query": "alpha", "mode": "text"}`)
	if isErr || out["count"] != 1.0 || names(t, out["results"], "name")[0] != "Alpha" {
		t.Fatalf("text search: %v", out)
	}
	out, _, isErr = call(t, s, "search", `{"query": "beta"}`)
	res, _ := out["results"].([]any)
	if isErr || out["mode"] != "hybrid" || len(res) == 0 || res[0].(map[string]any)["text_rank"] != 1.0 || res[0].(map[string]any)["vector_rank"] != 1.0 {
		t.Fatalf("hybrid search: %v", out)
	}
	out, _, isErr = call(t, s, "search", `{"query": "gamma", "mode": "vector", "limit": 2}`)
	if isErr || out["count"] != 2.0 || names(t, out["results"], "name")[0] != "Gamma" || out["has_more"] != true {
		t.Fatalf("vector search: %v", out)
	}
	out, _, isErr = call(t, s, "search", `{"query": "gamma", "mode": "vector", "limit": 2, "offset": 1}`)
	if isErr || names(t, out["results"], "name")[0] == "Gamma" {
		t.Fatalf("offset: %v", out)
	}
	out, _, _ = call(t, s, "search", `{"query": "doc", "mode": "text", "labels": ["Concept"]}`)
	if out["count"] != 0.0 {
		t.Fatalf("labels: %v", out)
	}
	out, _, _ = call(t, s, "search", `{"query": "doc", "mode": "text", "labels": ["Source"]}`)
	if out["count"] != 1.0 {
		t.Fatalf("labels: %v", out)
	}
	out, _, _ = call(t, s, "search", `{"query": "gamma", "mode": "vector", "min_score": 0.99}`)
	if out["count"] != 1.0 {
		t.Fatalf("min_score: %v", out)
	}
	out, _, isErr = call(t, s, "search", `{"query": "x", "k": 3}`)
	if !isErr || !strings.Contains(out["error"].(map[string]any)["message"].(string), `does not take "k"`) {
		t.Fatalf("unknown argument accepted: %v", out)
	}
	if _, _, isErr = call(t, s, "search", `{"query": "x", "mode": "fuzzy"}`); !isErr {
		t.Fatal("bad mode accepted")
	}
	if out, _, isErr = call(t, s, "search", `{"query": "x", "graph": "nope"}`); !isErr || !strings.Contains(fmt.Sprint(out), "use_graph") {
		t.Fatalf("missing graph: %v", out)
	}
}
