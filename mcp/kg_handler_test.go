package mcp

import (
	"context"
	"encoding/json"
	"fmt"
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
