package mcp

import (
	"context"
	"fmt"
	"testing"
)

func TestKnowledgeGraphTools(t *testing.T) {
	s, db := testServer(t, Config{})
	ctx := context.Background()
	for _, q := range []string{
		`CREATE FULLTEXT INDEX names FOR (n:Concept|Source) ON EACH [n.name, n.title]`,
		"CREATE VECTOR INDEX nameVec FOR (n:Concept) ON (n.nameEmbedding) OPTIONS {indexConfig: {`cyq.embedder`: 'default', `cyq.source`: 'name'}}",
	} {
		if _, err := db.Query(ctx, q, nil); err != nil {
			t.Fatal(err)
		}
	}
	out, _, isErr := call(t, s, "search", `{"query": "alpha"}`)
	res, _ := out["results"].([]any)
	if isErr || len(res) != 1 || res[0].(map[string]any)["node"].(map[string]any)["properties"].(map[string]any)["name"] != "Alpha" {
		t.Fatalf("search: %v", out)
	}
	out, _, isErr = call(t, s, "search", `{"query": "beta", "vector_index": "nameVec", "k": 2}`)
	res, _ = out["results"].([]any)
	if isErr || len(res) == 0 || res[0].(map[string]any)["text_rank"] != float64(1) || res[0].(map[string]any)["vector_rank"] != float64(1) {
		t.Fatalf("hybrid search: %v", out)
	}
	id := res[0].(map[string]any)["node"].(map[string]any)["id"].(string)
	out, _, isErr = call(t, s, "node", `{"id": "`+id+`"}`)
	if isErr || len(out["relationships"].([]any)) != 2 {
		t.Fatalf("node: %v", out)
	}
	out, _, isErr = call(t, s, "related", `{"id": "`+id+`", "types": ["REL"]}`)
	if isErr || out["count"] != float64(2) {
		t.Fatalf("related: %v", out)
	}
	// Alpha -REL-> Beta -REL-> Gamma: 2 hops from Alpha to Gamma.
	rows, err := db.Query(ctx, `MATCH (a:Concept {name: 'Alpha'}), (c:Concept {name: 'Gamma'}) RETURN id(a), id(c)`, nil)
	if err != nil {
		t.Fatal(err)
	}
	ids, _ := rows.All()
	out, _, isErr = call(t, s, "path", fmt.Sprintf(`{"from": "n:%v", "to": "n:%v"}`, ids[0][0], ids[0][1]))
	if isErr || out["found"] != true || out["length"] != float64(2) {
		t.Fatalf("path: %v", out)
	}
	out, _, isErr = call(t, s, "path", fmt.Sprintf(`{"from": "n:%v", "to": "n:%v", "max_hops": 1}`, ids[0][0], ids[0][1]))
	if isErr || out["found"] != false {
		t.Fatalf("path too short: %v", out)
	}
	out, _, isErr = call(t, s, "stats", `{}`)
	if isErr || out["nodes"] != float64(4) || len(out["search_indexes"].([]any)) != 2 {
		t.Fatalf("stats: %v", out)
	}
	if _, _, isErr = call(t, s, "node", `{"id": "42"}`); !isErr {
		t.Fatal("bad id accepted")
	}
}
