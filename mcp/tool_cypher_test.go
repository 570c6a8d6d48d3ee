package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
	out, text, isErr := call(t, s, "cypher", `{"query": "UNWIND range(1, 1000) AS x RETURN x, 'some padding text' AS pad"}`)
	if isErr || out["truncated"] != true || out["count"].(float64) >= 1000 || !strings.Contains(out["note"].(string), "SKIP") {
		t.Fatalf("budget: %v", out)
	}
	b, _ := json.Marshal(out)
	if len(b)+len(text) > 2000 {
		t.Errorf("result is %d+%d bytes for a 2000-byte budget", len(b), len(text))
	}
	// Pages follow each other exactly: every row once, truncated only
	// while rows remain.
	for _, shape := range []string{"rows", "graph"} {
		q := "UNWIND range(1, 300) AS x RETURN x, 'some padding text' AS pad"
		if shape == "graph" {
			q = "MATCH (n) WITH n ORDER BY id(n) RETURN n"
		}
		seen, skip := 0, 0
		for page := 0; ; page++ {
			out, text, isErr := call(t, s, "cypher", fmt.Sprintf(`{"query": %q, "shape": %q}`, q+fmt.Sprintf(" SKIP %d LIMIT 1000", skip), shape))
			if isErr || page > 400 {
				t.Fatalf("%s page %d: %v", shape, page, out)
			}
			b, _ := json.Marshal(out)
			if len(b)+len(text) > 2000 {
				t.Errorf("%s page %d is %d+%d bytes", shape, page, len(b), len(text))
			}
			n := int(out["count"].(float64))
			if shape == "rows" {
				for i, r := range out["rows"].([]any) {
					if x := r.(map[string]any)["x"].(float64); int(x) != skip+i+1 {
						t.Fatalf("page %d row %d is %v, want %d", page, i, x, skip+i+1)
					}
				}
			}
			seen += n
			skip += n
			if out["truncated"] != true {
				break
			}
			if !strings.Contains(out["note"].(string), fmt.Sprintf("SKIP %d", n)) {
				t.Errorf("note: %v", out["note"])
			}
		}
		want := 300
		if shape == "graph" {
			want = 4
		}
		if seen != want {
			t.Errorf("%s: %d rows over all pages, want %d", shape, seen, want)
		}
	}
}

// TestAgentOutputElidesFloatLists: a plain list of floats (an embedding
// kept as an ordinary property) never reaches the agent, in any tool's
// structured content or text; short lists and integer lists do.
func TestAgentOutputElidesFloatLists(t *testing.T) {
	s, db := testServer(t, Config{})
	if _, err := db.Query(context.Background(), "MATCH (n {concept_id: 'a'}) SET n.embedding = [i IN range(1, 384) | i / 7.0], n.ints = range(1, 100)", nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ tool, args string }{
		{"cypher", `{"query": "MATCH (n {concept_id: 'a'}) RETURN n, n.embedding AS e, [n.embedding] AS nested"}`},
		{"cypher", `{"query": "MATCH (n {concept_id: 'a'}) RETURN n", "shape": "graph"}`},
		{"program", `{"action": "execute", "program": ` + prog(cy("+", "MATCH (n {concept_id: 'a'}) RETURN n")) + `}`},
		{"node", `{"action": "get", "id": "n:0"}`},
		{"related", `{"id": "n:1", "depth": 1}`},
	} {
		out, text, isErr := call(t, s, c.tool, c.args)
		if isErr {
			t.Fatalf("%s: %v", c.tool, out)
		}
		b, _ := json.Marshal(out)
		for name, got := range map[string]string{"structured": string(b), "text": text} {
			if strings.Contains(got, "0.142857") {
				t.Errorf("%s %s: the embedding reached the agent: %.300s", c.tool, name, got)
			}
		}
		if !strings.Contains(string(b), "[384 floats elided; read part of it with the cypher tool, e.g. RETURN n.embedding[0..8]]") {
			t.Errorf("%s: no elision note: %.600s", c.tool, b)
		}
	}
	out, _, _ := call(t, s, "cypher", `{"query": "MATCH (n {concept_id: 'a'}) RETURN n.embedding[0..8] AS head, n.ints AS ints"}`)
	row := out["rows"].([]any)[0].(map[string]any)
	if len(row["head"].([]any)) != 8 || len(row["ints"].([]any)) != 100 {
		t.Errorf("short or integer lists were elided: %v", row)
	}
}

func TestCypherWrite(t *testing.T) {
	s, db := testServer(t, Config{AllowWrites: true})
	out, _, isErr := call(t, s, "cypher_write", `{"query": "CREATE (n:New {x: 1}) RETURN n.x AS x"}`)
	if isErr || out["count"] != 1.0 {
		t.Fatalf("%v", out)
	}
	// The result reports what the write changed, as cypher-shell does.
	st, _ := out["stats"].(map[string]any)
	if st["nodesCreated"] != 1.0 || st["propertiesSet"] != 1.0 || st["labelsAdded"] != 1.0 {
		t.Errorf("stats: %v", out["stats"])
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

// TestCypherLongOrChain: 300 OR'd equalities run, with a notice hinting IN.
func TestCypherLongOrChain(t *testing.T) {
	s, _ := testServer(t, Config{})
	terms := []string{"n.concept_id = 'a'", "n.concept_id = 'b'"}
	for i := 0; i < 298; i++ {
		terms = append(terms, fmt.Sprintf("n.concept_id = 'x%d'", i))
	}
	out, text, isErr := call(t, s, "cypher", fmt.Sprintf(`{"query": %q}`, "MATCH (n) WHERE "+strings.Join(terms, " OR ")+" RETURN n.concept_id AS id ORDER BY id"))
	if isErr || out["count"] != 2.0 {
		t.Fatalf("%v", out)
	}
	if ns, _ := out["notices"].([]any); len(ns) != 1 || !strings.Contains(ns[0].(string), "n.concept_id IN [") || !strings.Contains(text, "notice: ") {
		t.Errorf("notices: %v", out["notices"])
	}
}

// TestCypherLoadCSVRefusal: LOAD CSV is refused as file access, not as a
// write.
func TestCypherLoadCSVRefusal(t *testing.T) {
	s, _ := testServer(t, Config{})
	out, _, isErr := call(t, s, "cypher", `{"query": "LOAD CSV FROM 'file:///etc/passwd' AS l RETURN l"}`)
	msg := fmt.Sprint(out["error"])
	if !isErr || !strings.Contains(msg, "file access is disabled for agents") || strings.Contains(msg, "writes to the graph") {
		t.Errorf("LOAD CSV: %v", out)
	}
	// With a write, the write is named.
	out, _, _ = call(t, s, "cypher", `{"query": "LOAD CSV FROM 'file:///x.csv' AS l CREATE (:X {v: l[0]})"}`)
	if msg := fmt.Sprint(out["error"]); !strings.Contains(msg, "CREATE") && !strings.Contains(msg, "creat") {
		t.Errorf("LOAD CSV with CREATE: %v", out)
	}
}

// The cypher tool returns the notifications an agent needs to repair a
// query that matches nothing.
func TestCypherToolNotifications(t *testing.T) {
	s, _ := testServer(t, Config{})
	out, text, isErr := call(t, s, "cypher", `{"query": "MATCH (n:Concpt) RETURN n.nme"}`)
	notes, _ := out["notifications"].([]any)
	if isErr || len(notes) != 2 || !strings.Contains(notes[0].(string), "Warning.UnknownLabel") || !strings.Contains(notes[0].(string), "`Concept`") ||
		!strings.Contains(notes[1].(string), "Warning.UnknownPropertyKey") || !strings.Contains(notes[1].(string), "`name`") {
		t.Errorf("notifications: %v %s", out, text)
	}
	out, _, _ = call(t, s, "cypher", `{"query": "MATCH (n:Concept) RETURN n.name"}`)
	if _, ok := out["notifications"]; ok {
		t.Errorf("a clean query has notifications: %v", out)
	}
}
