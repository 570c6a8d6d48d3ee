package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/cyqdb/cyq/functions"
)

func TestResources(t *testing.T) {
	s, _ := testServer(t, Config{})
	res := s.MCPServer().ListResources()
	for _, uri := range []string{ProgramSyntaxURI, CypherSyntaxURI, GraphSchemaURI} {
		r, ok := res[uri]
		if !ok {
			t.Fatalf("missing resource %s", uri)
		}
		contents, err := r.Handler(context.Background(), mcp.ReadResourceRequest{})
		if err != nil || len(contents) != 1 {
			t.Fatalf("%s: %v", uri, err)
		}
		text := contents[0].(mcp.TextResourceContents).Text
		switch uri {
		case CypherSyntaxURI:
			for _, f := range functions.All() {
				if !strings.Contains(text, f.Overloads[0].Signature()) {
					t.Errorf("cypher/syntax lacks %s", f.Name)
				}
			}
		case ProgramSyntaxURI:
			for _, want := range []string{"$W_IDS", "/concepts/related", "V030", "count_gte", "\"!\""} {
				if !strings.Contains(text, want) {
					t.Errorf("program/syntax lacks %s", want)
				}
			}
		case GraphSchemaURI:
			var sc Schema
			if err := json.Unmarshal([]byte(text), &sc); err != nil || sc.Nodes != 4 {
				t.Errorf("graph/schema: %v %s", err, text)
			}
		}
	}
}

// The examples of the program/syntax resource are valid programs.
func TestSyntaxExamplesValidate(t *testing.T) {
	s, _ := testServer(t, Config{})
	text := ProgramSyntax()
	i := strings.Index(text, "## Examples")
	blocks := 0
	var cur []string
	flush := func() {
		if len(cur) == 0 {
			return
		}
		js := strings.Join(cur, "\n")
		cur = nil
		if !strings.HasPrefix(strings.TrimSpace(js), "{\"version\"") {
			return
		}
		blocks++
		out, _, _ := call(t, s, "program", `{"action": "validate", "program": `+js+`}`)
		if out["valid"] != true {
			t.Errorf("example invalid: %v\n%s", out, js)
		}
	}
	for _, line := range strings.Split(text[i:], "\n") {
		if strings.HasPrefix(line, "    ") {
			cur = append(cur, line)
		} else if strings.TrimSpace(line) != "" {
			flush()
		}
	}
	flush()
	if blocks != 3 {
		t.Errorf("found %d examples", blocks)
	}
}
