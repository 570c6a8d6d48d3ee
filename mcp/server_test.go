package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/cyqdb/cyq"
)

const testGraph = `
CREATE (a:Concept {concept_id: 'a', name: 'Alpha', ontology: 'o1'}),
       (b:Concept {concept_id: 'b', name: 'Beta', ontology: 'o1'}),
       (c:Concept {concept_id: 'c', name: 'Gamma', ontology: 'o2'}),
       (s:Source {title: 'Doc', year: 2020}),
       (a)-[:REL {w: 1}]->(b), (b)-[:REL]->(c), (s)-[:MENTIONS]->(a)`

func testServer(t *testing.T, cfg Config) (*Server, *cyq.DB) {
	t.Helper()
	db, err := cyq.Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Query(context.Background(), testGraph, nil); err != nil {
		t.Fatal(err)
	}
	return New(db, cfg), db
}

// call invokes a tool with JSON arguments, as they arrive over the wire,
// and returns the structured content decoded as JSON and the text.
func call(t *testing.T, s *Server, name, args string) (map[string]any, string, bool) {
	t.Helper()
	st := s.MCPServer().GetTool(name)
	if st == nil {
		t.Fatalf("no tool %s", name)
	}
	var a map[string]any
	if err := json.Unmarshal([]byte(args), &a); err != nil {
		t.Fatal(err)
	}
	req := mcp.CallToolRequest{}
	req.Params.Name = name
	req.Params.Arguments = a
	res, err := st.Handler(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: protocol error %v", name, err)
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("structured content is not an object: %s", b)
	}
	text := ""
	if len(res.Content) > 0 {
		if tc, ok := res.Content[0].(mcp.TextContent); ok {
			text = tc.Text
		}
	}
	return out, text, res.IsError
}

func nodeCount(t *testing.T, db *cyq.DB) string {
	t.Helper()
	rows, err := db.Query(context.Background(), "MATCH (n) RETURN count(n) AS c, size(collect(DISTINCT labels(n))) AS l", nil)
	if err != nil {
		t.Fatal(err)
	}
	all, _ := rows.All()
	return fmt.Sprint(all[0])
}

func TestToolsAndAnnotations(t *testing.T) {
	s, _ := testServer(t, Config{})
	tools := s.MCPServer().ListTools()
	for _, name := range []string{"cypher", "schema", "program", "search", "node", "related", "path", "stats"} {
		st, ok := tools[name]
		if !ok {
			t.Fatalf("missing tool %s", name)
		}
		a := st.Tool.Annotations
		if a.ReadOnlyHint == nil || a.DestructiveHint == nil || a.IdempotentHint == nil {
			t.Errorf("%s lacks annotations", name)
		}
	}
	if _, ok := tools["cypher_write"]; ok {
		t.Error("cypher_write listed without --allow-writes")
	}
	if !*tools["cypher"].Tool.Annotations.ReadOnlyHint || *tools["cypher"].Tool.Annotations.DestructiveHint {
		t.Error("cypher annotations")
	}
	w, _ := testServer(t, Config{AllowWrites: true})
	st, ok := w.MCPServer().ListTools()["cypher_write"]
	if !ok || *st.Tool.Annotations.ReadOnlyHint || !*st.Tool.Annotations.DestructiveHint {
		t.Error("cypher_write missing or mis-annotated")
	}
}
