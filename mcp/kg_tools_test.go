package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/cyqdb/cyq"
)

func kgTestServer(t *testing.T, cfg Config) (*Server, *cyq.DB) {
	t.Helper()
	s, db := testServer(t, cfg)
	ctx := context.Background()
	for _, q := range []string{
		`CREATE FULLTEXT INDEX names FOR (n:Concept|Source) ON EACH [n.name, n.title]`,
		"CREATE VECTOR INDEX nameVec FOR (n:Concept) ON (n.nameEmbedding) OPTIONS {indexConfig: {`cyq.embedder`: 'default', `cyq.source`: 'name'}}",
		`CREATE (:Concept {concept_id: 'z', name: 'Zeta'})`, // an orphan
	} {
		if _, err := db.Query(ctx, q, nil); err != nil {
			t.Fatal(err)
		}
	}
	return s, db
}

func nodeIDOf(t *testing.T, db *cyq.DB, name string) string {
	t.Helper()
	rows, err := db.Query(context.Background(), `MATCH (n {name: $n}) RETURN id(n)`, map[string]any{"n": name})
	if err != nil {
		t.Fatal(err)
	}
	all, _ := rows.All()
	if len(all) != 1 {
		t.Fatalf("no node %s", name)
	}
	return fmt.Sprintf("n:%v", all[0][0])
}

func names(t *testing.T, list any, key string) []string {
	t.Helper()
	var out []string
	l, _ := list.([]any)
	for _, e := range l {
		m := e.(map[string]any)
		if key == "props.name" {
			out = append(out, fmt.Sprint(m["properties"].(map[string]any)["name"]))
		} else {
			out = append(out, fmt.Sprint(m[key]))
		}
	}
	return out
}

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

func TestKGRelated(t *testing.T) {
	s, db := kgTestServer(t, Config{})
	alpha := nodeIDOf(t, db, "Alpha")
	// Alpha -REL-> Beta -REL-> Gamma; Doc -MENTIONS-> Alpha.
	out, _, isErr := call(t, s, "related", `{"id": "`+alpha+`"}`)
	if isErr || out["count"] != 2.0 || out["truncated"] != false || len(out["relationships"].([]any)) != 2 {
		t.Fatalf("related depth 1: %v", out)
	}
	out, _, isErr = call(t, s, "related", `{"id": "Alpha", "depth": 2, "relationship_types": ["REL"], "direction": "out"}`)
	if isErr || out["count"] != 2.0 || fmt.Sprint(names(t, out["nodes"], "props.name")) != "[Alpha Beta Gamma]" || len(out["relationships"].([]any)) != 2 {
		t.Fatalf("related out REL depth 2: %v", out)
	}
	nodes := out["nodes"].([]any)
	if nodes[2].(map[string]any)["depth"] != 2.0 {
		t.Fatalf("depth: %v", nodes)
	}
	out, _, _ = call(t, s, "related", `{"id": "Alpha", "direction": "in"}`)
	if fmt.Sprint(names(t, out["nodes"], "props.name")) != "[Alpha <nil>]" {
		t.Fatalf("related in: %v", out)
	}
	out, _, _ = call(t, s, "related", `{"id": "Alpha", "depth": 3, "max_nodes": 1}`)
	if out["count"] != 1.0 || out["truncated"] != true || out["total"] != 3.0 {
		t.Fatalf("related truncated: %v", out)
	}
	if _, _, isErr = call(t, s, "related", `{"id": "Alpha", "depth": 7}`); !isErr {
		t.Fatal("depth 7 accepted")
	}
	if _, _, isErr = call(t, s, "related", `{"id": "Alpha", "direction": "up"}`); !isErr {
		t.Fatal("bad direction accepted")
	}
}

func TestKGPath(t *testing.T) {
	s, db := kgTestServer(t, Config{})
	out, _, isErr := call(t, s, "path", `{"from": "Alpha", "to": "Gamma"}`)
	if isErr || out["found"] != true || out["length"] != 2.0 || out["count"] != 1.0 {
		t.Fatalf("path: %v", out)
	}
	out, _, isErr = call(t, s, "path", `{"from": "Alpha", "to": "Gamma", "max_hops": 1}`)
	if isErr || out["found"] != false {
		t.Fatalf("path too short: %v", out)
	}
	out, _, _ = call(t, s, "path", fmt.Sprintf(`{"from": "%s", "to": "Gamma", "relationship_types": ["MENTIONS"]}`, nodeIDOf(t, db, "Alpha")))
	if out["found"] != false {
		t.Fatalf("path restricted to MENTIONS: %v", out)
	}
	if _, _, isErr = call(t, s, "path", `{"from": "Alpha", "to": "Nope"}`); !isErr {
		t.Fatal("missing node accepted")
	}
}

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

func TestKGToolsListing(t *testing.T) {
	read := []string{"search", "node", "related", "path", "stats", "visualize", "suggest_merges", "use_graph"}
	write := []string{"entities", "relations", "observations", "bulk_update"}
	s, _ := testServer(t, Config{})
	tools := s.MCPServer().ListTools()
	for _, n := range read {
		st, ok := tools[n]
		if !ok {
			t.Fatalf("%s not listed", n)
		}
		if !*st.Tool.Annotations.ReadOnlyHint || *st.Tool.Annotations.DestructiveHint {
			t.Errorf("%s annotations", n)
		}
		var sc map[string]any
		if err := json.Unmarshal(st.Tool.RawInputSchema, &sc); err != nil || sc["additionalProperties"] != false {
			t.Errorf("%s schema: %v %v", n, err, sc["additionalProperties"])
		}
		if _, ok := sc["properties"].(map[string]any)["graph"]; !ok {
			t.Errorf("%s takes no graph", n)
		}
	}
	for _, n := range write {
		if _, ok := tools[n]; ok {
			t.Errorf("%s listed without writes", n)
		}
	}
	w, _ := testServer(t, Config{AllowWrites: true})
	tools = w.MCPServer().ListTools()
	for _, n := range write {
		st, ok := tools[n]
		if !ok {
			t.Fatalf("%s not listed with writes", n)
		}
		if *st.Tool.Annotations.ReadOnlyHint || !*st.Tool.Annotations.DestructiveHint {
			t.Errorf("%s annotations", n)
		}
		var sc map[string]any
		if err := json.Unmarshal(st.Tool.RawInputSchema, &sc); err != nil || sc["additionalProperties"] != false {
			t.Errorf("%s schema: %v", n, err)
		}
		if _, ok := sc["properties"].(map[string]any)["graph"]; !ok {
			t.Errorf("%s takes no graph", n)
		}
	}
}
