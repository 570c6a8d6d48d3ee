package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/program"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/value"
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

func TestCypherTool(t *testing.T) {
	s, _ := testServer(t, Config{})
	out, text, isErr := call(t, s, "cypher", `{"query": "MATCH (n:Concept) RETURN n.name AS name, n ORDER BY name"}`)
	if isErr || out["success"] != true || out["count"] != 3.0 || out["truncated"] != false {
		t.Fatalf("%v %s", out, text)
	}
	rows := out["rows"].([]any)
	first := rows[0].(map[string]any)
	n := first["n"].(map[string]any)
	if first["name"] != "Alpha" || n["id"] == nil || n["labels"].([]any)[0] != "Concept" || n["properties"].(map[string]any)["concept_id"] != "a" {
		t.Errorf("row = %v", first)
	}
	if !strings.HasPrefix(text, "ok: 3 rows") {
		t.Errorf("text = %s", text)
	}
	// Parameters.
	out, _, _ = call(t, s, "cypher", `{"query": "MATCH (n {concept_id: $id}) RETURN n.name AS name", "params": {"id": "b"}}`)
	if out["rows"].([]any)[0].(map[string]any)["name"] != "Beta" {
		t.Errorf("params: %v", out)
	}
	// Graph shape deduplicates.
	out, _, _ = call(t, s, "cypher", `{"query": "MATCH p = (a)-[r]->(b) RETURN p, a, r", "shape": "graph"}`)
	if len(out["nodes"].([]any)) != 4 || len(out["relationships"].([]any)) != 3 {
		t.Errorf("graph shape: %v", out)
	}
	rel := out["relationships"].([]any)[0].(map[string]any)
	if rel["type"] == nil || rel["start"] == nil {
		t.Errorf("rel = %v", rel)
	}
	// max_rows truncates with a paging hint.
	out, _, _ = call(t, s, "cypher", `{"query": "UNWIND range(1, 50) AS x RETURN x", "max_rows": 10}`)
	if out["count"] != 10.0 || out["truncated"] != true || !strings.Contains(out["note"].(string), "SKIP 10") {
		t.Errorf("max_rows: %v", out)
	}
	// Syntax errors carry a position and a hint.
	out, _, isErr = call(t, s, "cypher", `{"query": "MATCH (n RETURN n"}`)
	e := out["error"].(map[string]any)
	if !isErr || out["success"] != false || e["line"] != 1.0 || e["column"] == nil || !strings.HasPrefix(e["code"].(string), "SyntaxError") {
		t.Errorf("syntax error: %v", out)
	}
	// Semantic errors too.
	out, _, isErr = call(t, s, "cypher", `{"query": "MATCH (n) RETURN m"}`)
	if !isErr || out["error"].(map[string]any)["code"] != "SyntaxError.UndefinedVariable" {
		t.Errorf("undefined variable: %v", out)
	}
	// Unknown graph.
	_, _, isErr = call(t, s, "cypher", `{"query": "RETURN 1", "graph": "nope"}`)
	if !isErr {
		t.Error("unknown graph accepted")
	}
	// An empty result still has its rows (and graph shape its lists).
	out, _, _ = call(t, s, "cypher", `{"query": "MATCH (n:Nope) RETURN n"}`)
	if rows, ok := out["rows"].([]any); !ok || len(rows) != 0 || out["count"] != 0.0 {
		t.Errorf("empty rows: %v", out)
	}
	out, _, _ = call(t, s, "cypher", `{"query": "MATCH (n:Nope) RETURN n", "shape": "graph"}`)
	if _, ok := out["nodes"].([]any); !ok || out["rows"] != nil {
		t.Errorf("empty graph: %v", out)
	}
}

func TestCypherOutputBudget(t *testing.T) {
	s, _ := testServer(t, Config{OutputBudget: 2000})
	out, _, isErr := call(t, s, "cypher", `{"query": "UNWIND range(1, 1000) AS x RETURN x, 'some padding text' AS pad"}`)
	if isErr || out["truncated"] != true || out["count"].(float64) >= 1000 || !strings.Contains(out["note"].(string), "SKIP") {
		t.Fatalf("budget: %v", out)
	}
	b, _ := json.Marshal(out)
	if len(b) > 2600 {
		t.Errorf("result is %d bytes for a 2000-byte budget", len(b))
	}
}

func TestDialectFixes(t *testing.T) {
	s, _ := testServer(t, Config{})
	out, _, isErr := call(t, s, "cypher", `{"query": "MATCH (n:Concept) WHERE n.ontology == 'o1' && n.name != 'Beta' RETURN n.name AS name"}`)
	if isErr || out["count"] != 1.0 {
		t.Fatalf("%v", out)
	}
	fixes := fmt.Sprint(out["fixes_applied"])
	for _, f := range []string{"==", "&&", "!="} {
		if !strings.Contains(fixes, f) {
			t.Errorf("fixes = %s", fixes)
		}
	}
	if !strings.Contains(out["query_executed"].(string), "n.ontology = 'o1'  AND ") {
		t.Errorf("executed = %v", out["query_executed"])
	}
	// Inside strings and comments nothing changes; a valid query is not touched.
	for _, q := range []string{
		`RETURN 'a == b' AS s`,
		`RETURN 'x' /* a || b */ AS s`,
		`RETURN "a != b" AS s // c && d`,
	} {
		args, _ := json.Marshal(map[string]any{"query": q})
		out, _, isErr := call(t, s, "cypher", string(args))
		if isErr || len(out["fixes_applied"].([]any)) != 0 || out["query_executed"] != nil {
			t.Errorf("%s: %v", q, out)
		}
	}
	fixed, fixes2 := FixDialect(`RETURN 'a == b' = 'x' || true`)
	if len(fixes2) != 1 || fixed != `RETURN 'a == b' = 'x'  OR  true` {
		t.Errorf("FixDialect = %q %v", fixed, fixes2)
	}
	// Anything else stays an error, with a hint.
	out, _, isErr = call(t, s, "cypher", `{"query": "SELECT * FROM nodes"}`)
	if !isErr || len(out["error"].(map[string]any)["message"].(string)) == 0 {
		t.Errorf("SQL: %v", out)
	}
}

func TestCypherWrite(t *testing.T) {
	s, db := testServer(t, Config{AllowWrites: true})
	out, _, isErr := call(t, s, "cypher_write", `{"query": "CREATE (n:New {x: 1}) RETURN n.x AS x"}`)
	if isErr || out["count"] != 1.0 {
		t.Fatalf("%v", out)
	}
	if got := nodeCount(t, db); got != "[5 3]" {
		t.Errorf("after write: %s", got)
	}
	// The read-only tool still refuses writes on a writable store.
	_, _, isErr = call(t, s, "cypher", `{"query": "CREATE (n:New2)"}`)
	if !isErr {
		t.Error("cypher wrote")
	}
}

func TestSchemaTool(t *testing.T) {
	s, db := testServer(t, Config{})
	if _, err := db.Query(context.Background(), "CREATE INDEX FOR (n:Concept) ON (n.concept_id)", nil); err != nil {
		t.Fatal(err)
	}
	out, text, isErr := call(t, s, "schema", `{}`)
	if isErr || out["nodes"] != 4.0 || out["relationships"] != 3.0 {
		t.Fatalf("%v", out)
	}
	labels := out["labels"].([]any)
	if labels[0].(map[string]any)["label"] != "Concept" || labels[0].(map[string]any)["count"] != 3.0 {
		t.Errorf("labels = %v", labels)
	}
	props := labels[0].(map[string]any)["properties"].([]any)
	p0 := props[0].(map[string]any)
	if p0["fill_rate"] != 1.0 || p0["types"] == nil {
		t.Errorf("props = %v", props)
	}
	types := out["relationship_types"].([]any)
	rel := types[0].(map[string]any)
	if rel["type"] != "REL" || rel["count"] != 2.0 || rel["patterns"].([]any)[0].(map[string]any)["start"] != "Concept" {
		t.Errorf("types = %v", types)
	}
	if len(out["indexes"].([]any)) != 1 {
		t.Errorf("indexes = %v", out["indexes"])
	}
	if !strings.Contains(text, ":REL (2) (:Concept)->(:Concept) 2") || !strings.Contains(text, "range index on :Concept(concept_id)") {
		t.Errorf("text:\n%s", text)
	}
	out, _, _ = call(t, s, "schema", `{"label": "Source"}`)
	if len(out["labels"].([]any)) != 1 || len(out["relationship_types"].([]any)) != 1 {
		t.Errorf("label filter: %v", out)
	}
}

func TestSchemaSummaryIsShort(t *testing.T) {
	s, db := testServer(t, Config{})
	q := "UNWIND range(1, 60) AS i CREATE (:L {k: i})"
	if _, err := db.Query(context.Background(), q, nil); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 60; i++ {
		q := fmt.Sprintf("CREATE (:Label%d {p1: 1, p2: 'x', p3: true, p4: 1.5, p5: [1], p6: 2, p7: 3, p8: 4})-[:TYPE%d]->(:Other%d)", i, i, i)
		if _, err := db.Query(context.Background(), q, nil); err != nil {
			t.Fatal(err)
		}
	}
	_, text, _ := call(t, s, "schema", `{"detail": "summary"}`)
	if len(text) > 2400 {
		t.Errorf("summary is %d bytes:\n%s", len(text), text)
	}
	if !strings.Contains(text, "left out") {
		t.Errorf("summary does not say what it left out:\n%s", text)
	}
	_, full, _ := call(t, s, "schema", `{"detail": "full"}`)
	if len(full) <= len(text) || !strings.Contains(full, "Label59") {
		t.Errorf("full schema is not complete")
	}
}

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
	out, _, isErr := call(t, s, "program", `{"action": "create", "program": `+prog(cy("+", "MATCH (n) RETURN n"))+`}`)
	if !isErr || !strings.Contains(fmt.Sprint(out["error"]), "read-only") {
		t.Errorf("create on a read-only store: %v", out)
	}
	out, _, isErr = call(t, s, "program", `{"action": "execute", "program": `+prog(cy("+", "MATCH (n) RETURN n"))+`}`)
	if isErr {
		t.Errorf("execute on a read-only store: %v", out)
	}
}

// The read-only bypass corpus: through cypher and through program, nothing
// is written and nothing is read from outside the graph.
func TestReadOnlyBypassCorpus(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret.csv")
	os.WriteFile(secret, []byte("name\nTOPSECRET\n"), 0o600)
	corpus := []string{
		"CREATE (n:Evil)",
		"create (n:Evil) return n",
		"MATCH (n) SET n.evil = true RETURN n",
		"MATCH (n) REMOVE n.name RETURN n",
		"MATCH (n) DETACH DELETE n",
		"MATCH (n) DELETE n",
		"MERGE (n:Evil {x: 1}) RETURN n",
		"MATCH (n) FOREACH (x IN [1] | CREATE (:Evil))",
		"UNWIND [1, 2] AS x FOREACH (y IN [x] | MERGE (:Evil {y: y}))",
		"MATCH (n) CALL { CREATE (:Evil) } RETURN n",
		"MATCH (n) CALL { WITH n SET n.evil = 1 } RETURN n",
		"CALL { CREATE (:Evil) RETURN 1 AS one } RETURN one",
		"MATCH (n) CALL (n) { SET n.evil = 1 } RETURN n",
		"MATCH (n) RETURN n /* harmless */ ; CREATE (:Evil)",
		"MATCH (n) RETURN n UNION CREATE (m:Evil) RETURN m AS n",
		"// just a comment\nCREATE (:Evil)",
		"/* RETURN 1 */ CREATE (:Evil)",
		"MATCH (n)\n\n\t  CrEaTe\t(\n:Evil\n)",
		"MATCH (n) WITH n CREATE (n)-[:EVIL]->(n)",
		"OPTIONAL MATCH (n) MERGE (n)-[:EVIL]->(:Evil)",
		"LOAD CSV FROM 'file://" + secret + "' AS row RETURN row",
		"LOAD CSV WITH HEADERS FROM 'file://" + secret + "' AS row CREATE (:Evil {name: row.name})",
		"LOAD CSV FROM 'http://127.0.0.1:1/x.csv' AS row RETURN row",
		"CREATE INDEX FOR (n:Evil) ON (n.x)",
		"CREATE CONSTRAINT FOR (n:Concept) REQUIRE n.concept_id IS UNIQUE",
		"DROP INDEX ON :Concept(concept_id)",
		"PROFILE CREATE (:Evil)",
		"CALL db.createLabel('Evil')",
		"CALL apoc.create.node(['Evil'], {}) YIELD node RETURN node",
		"CALL dbms.security.createUser('x', 'y')",
	}
	s, db := testServer(t, Config{AllowWrites: true}) // a writable store: the tools themselves must refuse
	before := nodeCount(t, db)
	for _, q := range corpus {
		args, _ := json.Marshal(map[string]any{"query": q})
		out, text, isErr := call(t, s, "cypher", string(args))
		if !isErr {
			t.Errorf("cypher ran %q: %v", q, out)
		}
		if strings.Contains(text, "TOPSECRET") {
			t.Errorf("cypher read the file: %q", q)
		}
		p := prog(cy("+", q))
		out, text, isErr = call(t, s, "program", `{"action": "execute", "program": `+p+`}`)
		if !isErr || out["valid"] != false {
			t.Errorf("program ran %q: %v", q, out)
		}
		if strings.Contains(text, "TOPSECRET") {
			t.Errorf("program read the file: %q", q)
		}
		_, _, isErr = call(t, s, "program", `{"action": "create", "program": `+p+`}`)
		if !isErr {
			t.Errorf("program stored %q", q)
		}
	}
	if after := nodeCount(t, db); after != before {
		t.Errorf("the graph changed: %s -> %s", before, after)
	}
	rows, _ := db.Query(context.Background(), "MATCH ()-[r]->() RETURN count(r)", nil)
	all, _ := rows.All()
	if fmt.Sprint(all[0][0]) != "3" {
		t.Errorf("relationships: %v", all)
	}
	rows, _ = db.Query(context.Background(), "MATCH (n) WHERE n.evil IS NOT NULL RETURN count(n)", nil)
	all, _ = rows.All()
	if fmt.Sprint(all[0][0]) != "0" {
		t.Errorf("properties written: %v", all)
	}
	sc, _ := BuildSchema(db, "", "full", "")
	if len(sc.Indexes) != 0 {
		t.Errorf("indexes created: %v", sc.Indexes)
	}
}

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

func TestMainRefusesUnauthenticatedRemote(t *testing.T) {
	var stderr bytes.Buffer
	code := Main(context.Background(), []string{"--http", "0.0.0.0:0"}, nil, &bytes.Buffer{}, &stderr)
	if code == 0 || !strings.Contains(stderr.String(), "refusing") {
		t.Errorf("code %d: %s", code, stderr.String())
	}
	code = Main(context.Background(), []string{"--bogus"}, nil, &bytes.Buffer{}, &stderr)
	if code != 2 {
		t.Errorf("bad flag: %d", code)
	}
	if !isLoopback("127.0.0.1:80") || !isLoopback("[::1]:80") || !isLoopback("localhost:1") || isLoopback("0.0.0.0:1") || isLoopback(":8080") {
		t.Error("isLoopback")
	}
}

func TestHTTPBearerAuth(t *testing.T) {
	s, _ := testServer(t, Config{})
	ts := httptest.NewServer(Handler(s, "sekrit"))
	defer ts.Close()
	body := `{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}`
	post := func(auth string) int {
		req, _ := http.NewRequest("POST", ts.URL+"/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if c := post(""); c != http.StatusUnauthorized {
		t.Errorf("no token: %d", c)
	}
	if c := post("Bearer wrong"); c != http.StatusUnauthorized {
		t.Errorf("wrong token: %d", c)
	}
	if c := post("Bearer sekrit"); c != http.StatusOK {
		t.Errorf("right token: %d", c)
	}
}

func TestStdioMain(t *testing.T) {
	in := strings.Join([]string{
		`{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}`,
		`{"jsonrpc": "2.0", "method": "notifications/initialized"}`,
		`{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "cypher", "arguments": {"query": "RETURN 1 AS one"}}}`,
	}, "\n") + "\n"
	var stdout, stderr bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := ioPipe()
	go func() {
		pw.Write([]byte(in))
	}()
	done := make(chan int)
	go func() { done <- Main(ctx, nil, pr, &syncBuf{b: &stdout}, &stderr) }()
	waitFor(t, func() bool { return strings.Count(readSync(&stdout), "\n") >= 2 })
	cancel()
	pw.Close()
	<-done
	out := readSync(&stdout)
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil || m["jsonrpc"] != "2.0" {
			t.Errorf("stdout carries a non-protocol line: %q", line)
		}
	}
	if !strings.Contains(out, `\"one\":1`) && !strings.Contains(out, `"one":1`) {
		t.Errorf("stdout: %s", out)
	}
}

func TestVectorsElided(t *testing.T) {
	n := nodeJSON(value.Node{ID: 3, Labels: []string{"C"}, Props: value.Map{"emb": value.Vector{1, 2, 3}, "name": value.String("x")}})
	props := n["properties"].(map[string]any)
	if props["emb"] != "<vector of 3 dimensions elided>" || props["name"] != "x" || n["id"] != "n:3" {
		t.Errorf("node = %v", n)
	}
	if jsonValue(value.List{value.Vector{1}}).([]any)[0] != "<vector of 1 dimensions elided>" {
		t.Error("vector in a list")
	}
}

func TestCypherOtherGraph(t *testing.T) {
	s, db := testServer(t, Config{})
	if _, err := db.Store().CreateGraph("other"); err != nil {
		t.Fatal(err)
	}
	other, err := db.OnGraph("other")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.Query(context.Background(), "CREATE (:Only {x: 1})", nil); err != nil {
		t.Fatal(err)
	}
	out, _, isErr := call(t, s, "cypher", `{"query": "MATCH (n) RETURN count(n) AS c", "graph": "other"}`)
	if isErr || out["rows"].([]any)[0].(map[string]any)["c"] != 1.0 {
		t.Errorf("other graph: %v", out)
	}
	out, _, _ = call(t, s, "schema", `{"graph": "other"}`)
	if out["nodes"] != 1.0 {
		t.Errorf("schema of other graph: %v", out)
	}
	_, _, isErr = call(t, s, "cypher", `{"query": "RETURN 1", "graph": "_programs"}`)
	if !isErr {
		t.Error("program store readable through cypher")
	}
}

func TestCypherTimeout(t *testing.T) {
	s, _ := testServer(t, Config{})
	out, text, isErr := call(t, s, "cypher", `{"query": "UNWIND range(1, 10000000) AS x UNWIND range(1, 10000000) AS y WITH x WHERE x < 0 RETURN x", "timeout_ms": 50}`)
	if !isErr || out["success"] != false {
		t.Fatalf("%v", out)
	}
	t.Log(text)
	if e := out["error"].(map[string]any); !strings.Contains(fmt.Sprint(e["code"]), "LimitExceeded") && !strings.Contains(fmt.Sprint(e["code"]), "Cancelled") {
		t.Errorf("code: %v\n%s", e, text)
	}
}
