package mcp

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/program"

	"github.com/cyqdb/cyq"
)

func prog(stmts ...string) string {
	return `{"version": 1, "statements": [` + strings.Join(stmts, ",") + `]}`
}

func cy(op, q string) string {
	b, _ := json.Marshal(map[string]any{"op": op, "operation": map[string]any{"type": "cypher", "query": q}})
	return string(b)
}

func TestProgramTool(t *testing.T) {
	s, _ := testServer(t, Config{AllowWrites: true})
	p := prog(cy("+", "MATCH p = (:Concept {concept_id: 'a'})-[:REL*1..2]->() RETURN p"), cy("-", "MATCH (n {concept_id: 'c'}) RETURN n"))
	// validate
	out, _, isErr := call(t, s, "program", `{"action": "validate", "program": `+p+`}`)
	if isErr || out["valid"] != true {
		t.Fatalf("validate: %v", out)
	}
	out, text, _ := call(t, s, "program", `{"action": "validate", "program": `+prog(cy("+", "MATCH (a)-[*]->(b) RETURN b"))+`}`)
	errs := out["errors"].([]any)
	if out["valid"] != false || errs[0].(map[string]any)["rule_id"] != "V030" || errs[0].(map[string]any)["field"] != "/statements/0/operation/query" || !strings.Contains(text, "V030") {
		t.Errorf("validate invalid: %v", out)
	}
	// execute inline
	out, text, isErr = call(t, s, "program", `{"action": "execute", "program": `+p+`}`)
	res := out["result"].(map[string]any)
	if isErr || len(res["nodes"].([]any)) != 2 || len(res["links"].([]any)) != 1 || len(out["log"].([]any)) != 2 {
		t.Fatalf("execute: %v", out)
	}
	entry := out["log"].([]any)[1].(map[string]any)
	if entry["statement"] != "1" || entry["op"] != "-" || entry["operation_type"] != "cypher" || entry["nodes_affected"] != 1.0 || entry["w_size"].(map[string]any)["nodes"] != 2.0 {
		t.Errorf("log entry: %v", entry)
	}
	if !strings.HasPrefix(text, "ok\nW: 2 nodes, 1 links") || !strings.Contains(text, "a -[REL]-> b") {
		t.Errorf("text:\n%s", text)
	}
	// create, get, list, execute by id
	out, _, isErr = call(t, s, "program", `{"action": "create", "name": "walk", "program": `+p+`}`)
	if isErr || out["program_id"] != 1.0 || len(out["sha256"].(string)) != 64 {
		t.Fatalf("create: %v", out)
	}
	out, _, isErr = call(t, s, "program", `{"action": "get", "program_id": 1}`)
	if isErr || out["name"] != "walk" || out["program"] == nil {
		t.Errorf("get: %v", out)
	}
	out, _, _ = call(t, s, "program", `{"action": "list", "search": "WAL"}`)
	if out["count"] != 1.0 {
		t.Errorf("list: %v", out)
	}
	out, _, isErr = call(t, s, "program", `{"action": "execute", "program_id": 1}`)
	if isErr || len(out["result"].(map[string]any)["nodes"].([]any)) != 2 || out["program_id"] != 1.0 {
		t.Errorf("execute by id: %v", out)
	}
	out, _, isErr = call(t, s, "program", `{"action": "execute", "name": "walk"}`)
	if isErr {
		t.Errorf("execute by name: %v", out)
	}
	_, _, isErr = call(t, s, "program", `{"action": "get", "program_id": 7}`)
	if !isErr {
		t.Error("missing program found")
	}
	// create refuses invalid programs
	out, _, isErr = call(t, s, "program", `{"action": "create", "program": `+prog(cy("+", "CREATE (n) RETURN n"))+`}`)
	if !isErr || out["valid"] != false {
		t.Errorf("create invalid: %v", out)
	}
	// abort
	out, text, isErr = call(t, s, "program", `{"action": "execute", "program": `+prog(cy("!", "MATCH (n:Nope) RETURN n"))+`}`)
	if !isErr || out["aborted"].(map[string]any)["reason"] != "assertion failed: empty result" || !strings.HasPrefix(text, "ABORTED at statement 0") {
		t.Errorf("abort: %v %s", out, text)
	}
	// chain
	grow := prog(cy("+", "MATCH (n)-[r]-(m) WHERE n.concept_id IN $W_IDS RETURN r"))
	out, text, isErr = call(t, s, "program", `{"action": "chain", "deck": [{"program_id": 1}, {"program": `+grow+`}]}`)
	if isErr || len(out["programs"].([]any)) != 2 {
		t.Fatalf("chain: %v", out)
	}
	if n := len(out["result"].(map[string]any)["nodes"].([]any)); n != 4 {
		t.Errorf("chain nodes = %d\n%s", n, text)
	}
	// chain validates every entry first
	out, _, isErr = call(t, s, "program", `{"action": "chain", "deck": [{"program_id": 1}, {"program": `+prog(cy("+", "MATCH (a)-[*]->(b) RETURN b"))+`}]}`)
	if !isErr || out["deck_index"] != 1.0 {
		t.Errorf("chain invalid: %v", out)
	}
	// explain
	out, text, isErr = call(t, s, "program", `{"action": "explain", "program_id": 1}`)
	if isErr || !strings.Contains(text, "0 + cypher:") || !strings.Contains(text, "1 - cypher:") {
		t.Errorf("explain: %v\n%s", out, text)
	}
	// bad arguments
	for _, a := range []string{`{"action": "fly"}`, `{}`, `{"action": "execute"}`, `{"action": "list", "limit": -1}`, `{"action": "chain", "deck": []}`} {
		if _, _, isErr := call(t, s, "program", a); !isErr {
			t.Errorf("%s accepted", a)
		}
	}
}

func TestProgramTextLimits(t *testing.T) {
	var g program.GraphJSON
	for i := 0; i < 70; i++ {
		g.Nodes = append(g.Nodes, program.WNode{ConceptID: fmt.Sprint(i), Label: "x"})
	}
	for i := 0; i < 40; i++ {
		g.Links = append(g.Links, program.WLink{FromID: "1", ToID: fmt.Sprint(i), RelationshipType: "T"})
	}
	text := programText(g, nil, nil)
	if !strings.Contains(text, "… 20 more nodes") || !strings.Contains(text, "… 10 more links") {
		t.Errorf("text:\n%s", text)
	}
}

func TestProgramStoreReadOnlyServer(t *testing.T) {
	dir := t.TempDir()
	db, err := cyq.Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	ro, err := cyq.Open(dir, &cyq.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	s := New(ro, Config{})
	// Programs are stored beside the graph, so a read-only server stores,
	// lists and runs them by id.
	out, _, isErr := call(t, s, "program", `{"action": "create", "program": `+prog(cy("+", "MATCH (n) RETURN n"))+`}`)
	if isErr || out["program_id"] != float64(1) || out["name"] != program.UntitledProgram {
		t.Errorf("create on a read-only store: %v", out)
	}
	out, _, isErr = call(t, s, "program", `{"action": "list"}`)
	if isErr || out["count"] != float64(1) {
		t.Errorf("list on a read-only store: %v", out)
	}
	out, _, isErr = call(t, s, "program", `{"action": "execute", "program_id": 1}`)
	if isErr || out["program_id"] != float64(1) {
		t.Errorf("execute by id on a read-only store: %v", out)
	}
}

// TestProgramWithinBudget: a W too large for the output budget loses its
// properties first, then its last nodes, and the result says so.
func TestProgramWithinBudget(t *testing.T) {
	for _, c := range []struct {
		budget    int
		nodes     int
		noteStart string
	}{{100000, 4, ""}, {1300, 4, "W (4 nodes, 3 links) is too large"}, {500, 2, "W has 4 nodes and 3 links"}} {
		s, _ := testServer(t, Config{OutputBudget: c.budget})
		out, _, isErr := call(t, s, "program", `{"action": "execute", "program": `+prog(cy("+", "MATCH p = (n)-[r]->(m) RETURN p"))+`}`)
		if isErr {
			t.Fatalf("%v", out)
		}
		w := out["result"].(map[string]any)
		note, _ := out["note"].(string)
		if len(w["nodes"].([]any)) != c.nodes || !strings.HasPrefix(note, c.noteStart) || (c.noteStart != "") != (out["result_truncated"] == true) {
			t.Errorf("budget %d: %d nodes, note %q", c.budget, len(w["nodes"].([]any)), note)
		}
		b, _ := json.Marshal(w)
		if c.noteStart != "" && len(b) > c.budget/2 {
			t.Errorf("budget %d: W is %d bytes", c.budget, len(b))
		}
	}
}
