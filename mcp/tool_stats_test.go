package mcp

import (
	"strings"
	"testing"
)

func TestKGStatsAndVisualize(t *testing.T) {
	s, _ := kgTestServer(t, Config{})
	out, _, isErr := call(t, s, "stats", `{}`)
	if isErr || out["nodes"] != 5.0 || out["relationships"] != 3.0 || out["orphan_nodes"] != 1.0 ||
		out["labels"].(map[string]any)["Concept"] != 4.0 || out["relationship_types"].(map[string]any)["REL"] != 2.0 ||
		out["average_degree"] != 6.0/5 || len(out["search_indexes"].([]any)) != 2 {
		t.Fatalf("stats: %v", out)
	}
	mc := out["most_connected"].([]any)
	if len(mc) != 4 || mc[0].(map[string]any)["degree"] != 2.0 {
		t.Fatalf("most connected: %v", mc)
	}
	out, text, isErr := call(t, s, "visualize", `{"format": "mermaid", "center": "Beta"}`)
	if isErr || !strings.HasPrefix(text, "graph LR") || !strings.Contains(text, "-->|REL|") || out["node_count"] != 3.0 {
		t.Fatalf("mermaid: %v %s", out, text)
	}
	out, text, isErr = call(t, s, "visualize", `{"format": "dot", "labels": ["Concept"], "limit": 2}`)
	if isErr || !strings.HasPrefix(text, "digraph G {") || out["node_count"] != 2.0 || out["truncated"] != true {
		t.Fatalf("dot: %v %s", out, text)
	}
	out, _, isErr = call(t, s, "visualize", `{"format": "json"}`)
	if isErr || len(out["nodes"].([]any)) != 5 || len(out["relationships"].([]any)) != 3 {
		t.Fatalf("json: %v", out)
	}
}
