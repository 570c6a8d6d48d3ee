package program

import (
	"context"
	"encoding/json"
	"errors"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/cyqdb/cyq/internal/engine"

	"github.com/cyqdb/cyq/parser/graphprogram"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// programTestDB builds: a -REL-> b -REL-> c -REL-> d, a -ALT-> e, and a
// source s; concepts carry concept_id, name and ontology.
func programTestDB(t *testing.T) *testDB {
	return newTestDB(t, `
		CREATE (a:Concept {concept_id: 'a', name: 'Alpha', ontology: 'o1', description: 'first', embedding: [1.0, 2.0]}),
		       (b:Concept {concept_id: 'b', name: 'Beta', ontology: 'o1'}),
		       (c:Concept {concept_id: 'c', name: 'Gamma', ontology: 'o2'}),
		       (d:Concept {concept_id: 'd', name: 'Delta', ontology: 'o2'}),
		       (e:Concept {concept_id: 'e', title: 'Epsilon'}),
		       (s:Source {title: 'Doc'}),
		       (a)-[:REL {w: 1}]->(b), (b)-[:REL]->(c), (c)-[:REL]->(d), (a)-[:ALT]->(e), (s)-[:MENTIONS]->(a)`)
}

func mustProgram(t *testing.T, js string) *graphprogram.Program {
	t.Helper()
	p, issues := graphprogram.Decode([]byte(js))
	if p == nil || len(issues) > 0 {
		t.Fatalf("decode %s: %v", js, issues)
	}
	return p
}

func cypherStmt(op, q string) string {
	b, _ := json.Marshal(map[string]any{"op": op, "operation": map[string]any{"type": "cypher", "query": q}})
	return string(b)
}

func prog(stmts ...string) string {
	return `{"version": 1, "statements": [` + strings.Join(stmts, ",") + `]}`
}

func ids(g GraphJSON) string {
	var out []string
	for _, n := range g.Nodes {
		out = append(out, n.ConceptID)
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

func links(g GraphJSON) string {
	var out []string
	for _, l := range g.Links {
		out = append(out, l.FromID+"-"+l.RelationshipType+"-"+l.ToID)
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

func runJSON(t *testing.T, db *testDB, js string, params map[string]any) *Result {
	t.Helper()
	r, err := db.Run(context.Background(), mustProgram(t, js), params, nil)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	if err := r.W.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestProgramOperators(t *testing.T) {
	db := programTestDB(t)
	abc := cypherStmt("+", "MATCH p = (:Concept {concept_id: 'a'})-[:REL*1..2]->() RETURN p")
	cases := []struct {
		name       string
		stmts      []string
		nodes, lnk string
		aborted    string
	}{
		{"union path", []string{abc}, "a,b,c", "a-REL-b,b-REL-c", ""},
		{"union rel brings ends", []string{cypherStmt("+", "MATCH ()-[r:ALT]->() RETURN r")}, "a,e", "a-ALT-e", ""},
		{"difference drops links", []string{abc, cypherStmt("-", "MATCH (n {concept_id: 'b'}) RETURN n")}, "a,c", "", ""},
		{"difference no overlap", []string{abc, cypherStmt("-", "MATCH (n {concept_id: 'd'}) RETURN n")}, "a,b,c", "a-REL-b,b-REL-c", ""},
		{"intersection", []string{abc, cypherStmt("&", "MATCH (n:Concept) WHERE n.ontology = 'o1' RETURN n")}, "a,b", "a-REL-b", ""},
		{"intersection empty R empties W", []string{abc, cypherStmt("&", "MATCH (n:Nothing) RETURN n")}, "", "", ""},
		{"optional empty does nothing", []string{abc, cypherStmt("?", "MATCH (n:Nothing) RETURN n")}, "a,b,c", "a-REL-b,b-REL-c", ""},
		{"optional non-empty unions", []string{abc, cypherStmt("?", "MATCH (n {concept_id: 'e'}) RETURN n")}, "a,b,c,e", "a-REL-b,b-REL-c", ""},
		{"assert non-empty unions", []string{cypherStmt("!", "MATCH (n {concept_id: 'e'}) RETURN n")}, "e", "", ""},
		{"assert empty aborts", []string{abc, cypherStmt("!", "MATCH (n:Nothing) RETURN n"), cypherStmt("+", "MATCH (n) RETURN n")}, "a,b,c", "a-REL-b,b-REL-c", "1"},
		{"W_IDS bound", []string{abc, cypherStmt("&", "MATCH (n) WHERE n.concept_id IN $W_IDS AND n.ontology = 'o2' RETURN n")}, "c", "", ""},
		{"elementId keys", []string{cypherStmt("+", "MATCH (s:Source) RETURN s"), cypherStmt("+", "MATCH (n)-[r]->(m) WHERE elementId(n) IN $W_IDS RETURN r")}, "a,n:5", "n:5-MENTIONS-a", ""},
		{"lists and maps", []string{cypherStmt("+", "MATCH (n:Concept) WHERE n.ontology = 'o2' RETURN collect(n) AS l, {x: 1} AS m")}, "c,d", "", ""},
		{"limit", []string{`{"op": "+", "operation": {"type": "cypher", "query": "MATCH (n:Concept) RETURN n ORDER BY n.concept_id", "limit": 2}}`}, "a,b", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := runJSON(t, db, prog(c.stmts...), nil)
			if got := ids(r.Graph()); got != c.nodes {
				t.Errorf("nodes = %q, want %q", got, c.nodes)
			}
			if got := links(r.Graph()); got != c.lnk {
				t.Errorf("links = %q, want %q", got, c.lnk)
			}
			switch {
			case c.aborted == "" && r.Aborted != nil:
				t.Errorf("aborted: %+v", r.Aborted)
			case c.aborted != "" && (r.Aborted == nil || r.Aborted.Statement != c.aborted):
				t.Errorf("aborted = %+v, want at %s", r.Aborted, c.aborted)
			case c.aborted != "" && r.Aborted.Reason != "assertion failed: empty result":
				t.Errorf("reason = %q", r.Aborted.Reason)
			}
		})
	}
}

func TestProgramNodeShape(t *testing.T) {
	db := programTestDB(t)
	r := runJSON(t, db, prog(cypherStmt("+", "MATCH (n {concept_id: 'a'}) RETURN n"), cypherStmt("+", "MATCH (n {concept_id: 'e'}) RETURN n")), nil)
	a, e := r.Graph().Nodes[0], r.Graph().Nodes[1]
	if a.ConceptID != "a" || a.Label != "Alpha" || a.Ontology != "o1" || a.Description != "first" || len(a.Labels) != 1 || a.Labels[0] != "Concept" {
		t.Errorf("a = %+v", a)
	}
	if _, ok := a.Properties["embedding"]; !ok {
		// A list of floats is not a vector: it is kept.
		t.Errorf("list property dropped: %+v", a.Properties)
	}
	if e.Label != "Epsilon" {
		t.Errorf("label from title: %+v", e)
	}
	if len(r.Log) != 2 || r.Log[0].NodesAffected != 1 || r.Log[1].WSize.Nodes != 2 || r.Log[0].OperationType != "cypher" {
		t.Errorf("log = %+v", r.Log)
	}
}

func TestProgramVectorsNotCopied(t *testing.T) {
	n := wnode(value.Node{ID: 1, Props: value.Map{"concept_id": value.String("x"), "emb": value.Vector{1, 2}, "k": value.Int(3)}}, DefaultKeyProperty)
	if _, ok := n.Properties["emb"]; ok {
		t.Errorf("vector copied: %+v", n.Properties)
	}
	if n.Properties["k"] != int64(3) {
		t.Errorf("props = %+v", n.Properties)
	}
}

func TestProgramConditions(t *testing.T) {
	db := programTestDB(t)
	abc := cypherStmt("+", "MATCH p = (:Concept {concept_id: 'a'})-[:REL*1..2]->() RETURN p")
	addE := cypherStmt("+", "MATCH (n {concept_id: 'e'}) RETURN n")
	addD := cypherStmt("+", "MATCH (n {concept_id: 'd'}) RETURN n")
	cond := func(c string) string {
		return `{"op": "+", "operation": {"type": "conditional", "condition": ` + c + `, "then": [` + addE + `], "else": [` + addD + `]}}`
	}
	cases := []struct {
		cond   string
		before []string
		want   string // then or else
	}{
		{`{"test": "has_results"}`, []string{abc}, "then"},
		{`{"test": "has_results"}`, nil, "else"},
		{`{"test": "empty"}`, nil, "then"},
		{`{"test": "empty"}`, []string{abc}, "else"},
		{`{"test": "count_gte", "value": 3}`, []string{abc}, "then"},
		{`{"test": "count_gte", "value": 4}`, []string{abc}, "else"},
		{`{"test": "count_lte", "value": 3}`, []string{abc}, "then"},
		{`{"test": "count_lte", "value": 2}`, []string{abc}, "else"},
		{`{"test": "has_ontology", "ontology": "o2"}`, []string{abc}, "then"},
		{`{"test": "has_ontology", "ontology": "o3"}`, []string{abc}, "else"},
		{`{"test": "has_relationship", "type": "REL"}`, []string{abc}, "then"},
		{`{"test": "has_relationship", "type": "ALT"}`, []string{abc}, "else"},
	}
	for _, c := range cases {
		t.Run(c.cond+c.want, func(t *testing.T) {
			r := runJSON(t, db, prog(append(c.before, cond(c.cond))...), nil)
			var entry *LogEntry
			for i := range r.Log {
				if r.Log[i].OperationType == "conditional" {
					entry = &r.Log[i]
				}
			}
			if entry == nil || entry.BranchTaken != c.want {
				t.Fatalf("log = %+v, want branch %s", r.Log, c.want)
			}
			last := r.Log[len(r.Log)-1]
			if last.Statement != entry.Statement+"."+c.want+".0" {
				t.Errorf("branch statement path = %s", last.Statement)
			}
			has := strings.Contains(ids(r.Graph()), "e")
			if has != (c.want == "then") {
				t.Errorf("nodes = %s", ids(r.Graph()))
			}
		})
	}
}

func apiStmt(op, endpoint string, params map[string]any) string {
	b, _ := json.Marshal(map[string]any{"op": op, "operation": map[string]any{"type": "api", "endpoint": endpoint, "params": params}})
	return string(b)
}

func TestProgramEndpoints(t *testing.T) {
	db := programTestDB(t)
	cases := []struct {
		name, stmt, nodes, links, abort string
	}{
		{"details", apiStmt("+", "/concepts/details", map[string]any{"concept_id": "a"}), "a,b,e", "a-ALT-e,a-REL-b", ""},
		{"details leaf", apiStmt("+", "/concepts/details", map[string]any{"concept_id": "d"}), "d", "", ""},
		{"details by elementId", apiStmt("+", "/concepts/details", map[string]any{"concept_id": "n:5"}), "a,n:5", "n:5-MENTIONS-a", ""},
		{"details unknown", apiStmt("!", "/concepts/details", map[string]any{"concept_id": "zz"}), "", "", "assertion failed: empty result"},
		{"related depth 1", apiStmt("+", "/concepts/related", map[string]any{"concept_id": "b", "max_depth": 1}), "a,b,c", "a-REL-b,b-REL-c", ""},
		{"related default 2", apiStmt("+", "/concepts/related", map[string]any{"concept_id": "b"}), "a,b,c,d,e,n:5", "a-ALT-e,a-REL-b,b-REL-c,c-REL-d,n:5-MENTIONS-a", ""},
		{"related types", apiStmt("+", "/concepts/related", map[string]any{"concept_id": "a", "max_depth": 6, "relationship_types": []string{"REL"}}), "a,b,c,d", "a-REL-b,b-REL-c,c-REL-d", ""},
		{"batch", apiStmt("+", "/concepts/batch", map[string]any{"concept_ids": []string{"a", "d", "nope"}}), "a,d", "", ""},
		{"vocabulary", apiStmt("+", "/vocabulary/status", nil), "vocab:ALT,vocab:MENTIONS,vocab:REL", "", ""},
		{"vocabulary one type", apiStmt("+", "/vocabulary/status", map[string]any{"relationship_type": "REL"}), "vocab:REL", "", ""},
		{"vocabulary unused", apiStmt("+", "/vocabulary/status", map[string]any{"status_filter": "unused"}), "", "", ""},
		{"search without an index", apiStmt("+", "/search/concepts", map[string]any{"query": "x"}), "", "", "not available"},
		{"sources without an index", apiStmt("+", "/search/sources", map[string]any{"query": "x"}), "", "", "not available"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := runJSON(t, db, prog(c.stmt), nil)
			if c.abort != "" {
				if r.Aborted == nil || !strings.Contains(r.Aborted.Reason, c.abort) {
					t.Fatalf("aborted = %+v, want %q", r.Aborted, c.abort)
				}
				return
			}
			if r.Aborted != nil {
				t.Fatalf("aborted: %+v", r.Aborted)
			}
			if got := ids(r.Graph()); got != c.nodes {
				t.Errorf("nodes = %q, want %q", got, c.nodes)
			}
			if got := links(r.Graph()); got != c.links {
				t.Errorf("links = %q, want %q", got, c.links)
			}
		})
	}
	// Vocabulary counts.
	r := runJSON(t, db, prog(apiStmt("+", "/vocabulary/status", map[string]any{"relationship_type": "REL"})), nil)
	if n := r.Graph().Nodes[0]; n.Properties["count"] != int64(3) || n.Properties["status"] != "active" {
		t.Errorf("vocab node = %+v", n)
	}
	// A vocab node survives "&" with itself and leaves with "-".
	r = runJSON(t, db, prog(apiStmt("+", "/vocabulary/status", nil), apiStmt("-", "/vocabulary/status", map[string]any{"relationship_type": "REL"})), nil)
	if got := ids(r.Graph()); got != "vocab:ALT,vocab:MENTIONS" {
		t.Errorf("vocab difference = %s", got)
	}
}

func TestProgramParams(t *testing.T) {
	db := programTestDB(t)
	js := `{"version": 1, "params": [{"name": "cid", "type": "string", "default": "a"}, {"name": "onto", "type": "string"}],
		"statements": [` + apiStmt("+", "/concepts/details", map[string]any{"concept_id": "$cid"}) + `,` +
		cypherStmt("&", "MATCH (n) WHERE n.ontology = $onto RETURN n") + `]}`
	r := runJSON(t, db, js, map[string]any{"onto": "o1"})
	if got := ids(r.Graph()); got != "a,b" {
		t.Errorf("defaults: %s", got)
	}
	r = runJSON(t, db, js, map[string]any{"onto": "o2", "cid": "c"})
	if got := ids(r.Graph()); got != "c,d" {
		t.Errorf("override: %s", got)
	}
	// A missing Cypher parameter aborts with a clear message.
	r = runJSON(t, db, js, nil)
	if r.Aborted == nil || !strings.Contains(r.Aborted.Reason, "onto") {
		t.Errorf("missing param: %+v", r.Aborted)
	}
	// A runtime value of the wrong type is refused.
	if _, err := db.Run(context.Background(), mustProgram(t, js), map[string]any{"onto": 3}, nil); err == nil {
		t.Error("wrong type accepted")
	}
}

func TestProgramTimeout(t *testing.T) {
	db := programTestDB(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := db.Run(ctx, mustProgram(t, prog(cypherStmt("+", "MATCH (n) RETURN n"))), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Aborted == nil {
		t.Fatal("cancelled program not aborted")
	}
}

func TestProgramValidationByPlanner(t *testing.T) {
	db := programTestDB(t)
	if err := db.RegisterProcedure(&vm.Procedure{Name: "test.write", ReadOnly: false, Outputs: []vm.ProcParam{{Name: "x", Type: "INTEGER"}},
		Fn: func(*vm.Ctx, []value.Value) ([][]value.Value, error) { return nil, nil }}); err != nil {
		t.Fatal(err)
	}
	if err := db.RegisterProcedure(&vm.Procedure{Name: "test.read", ReadOnly: true, Outputs: []vm.ProcParam{{Name: "x", Type: "INTEGER"}},
		Fn: func(*vm.Ctx, []value.Value) ([][]value.Value, error) { return [][]value.Value{{value.Int(1)}}, nil }}); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ q, rule string }{
		{"MATCH (n) RETURN n", ""},
		{"MATCH (n) RETURN n LIMIT 1", ""},
		{"MATCH (n) RETURN m", "V010"},
		{"MATCH (n) RETURN n +", "V010"},
		{"CREATE (n) RETURN n", "V011"},
		{"MATCH (n) SET n.x = 1 RETURN n", "V011"},
		{"MATCH (n) DETACH DELETE n", "V011"},
		{"MERGE (n:X) RETURN n", "V011"},
		{"MATCH (n) FOREACH (x IN [1] | CREATE (:Y)) RETURN n", "V011"},
		{"MATCH (n) FOREACH (x IN [1] | SET n.y = x) RETURN n", "V011"},
		{"LOAD CSV FROM 'file:///etc/passwd' AS l RETURN l", "V012"},
		{"CALL test.write() YIELD x RETURN x", "V013"},
		{"CALL test.read() YIELD x RETURN x", ""},
		{"CALL db.labels() YIELD label RETURN label", ""},
		{"MATCH (n) CALL { CREATE (:Z) } RETURN n", "V014"},
		{"MATCH (n) CALL { WITH n MATCH (n)-->(m) RETURN m } RETURN m", ""},
		{"CREATE INDEX FOR (n:Concept) ON (n.concept_id)", "V015"},
		{"EXPLAIN MATCH (n) RETURN n", "V016"},
		{"PROFILE MATCH (n) RETURN n", "V016"},
		{"MATCH (n) RETURN n; MATCH (m) RETURN m", "V016"},
		{"MATCH (n)-[*]->(m) RETURN m", "V030"},
		{"MATCH (n)-[*1..6]->(m) RETURN m", ""},
		{"MATCH (n)-[*1..7]->(m) RETURN m", "V030"},
		{"MATCH (n) /* CREATE (x) */ RETURN n", ""},
		{"MATCH (n) RETURN n // CREATE (x)", ""},
		{"MATCH (n) RETURN 'CREATE (x)' AS s", ""},
		{"MATCH (n)\n\tcReAtE\n(x) RETURN x", "V011"},
	}
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			p := mustProgram(t, prog(cypherStmt("+", c.q)))
			rep := db.Validate(p)
			if c.rule == "" {
				if !rep.Valid {
					t.Fatalf("errors: %v", rep.Errors)
				}
				return
			}
			if rep.Valid || rep.Errors[0].RuleID != c.rule {
				t.Fatalf("want %s, got %+v", c.rule, rep.Errors)
			}
			if rep.Errors[0].Statement != "0" || rep.Errors[0].Field != "/statements/0/operation/query" {
				t.Errorf("location: %+v", rep.Errors[0])
			}
			// Executing re-validates: nothing runs.
			if _, err := db.Run(context.Background(), p, nil, nil); err == nil {
				t.Error("invalid program ran")
			} else {
				var ip *InvalidError
				if !errors.As(err, &ip) {
					t.Errorf("err = %v", err)
				}
			}
		})
	}
	// Nothing was written.
	rows, _ := db.Query(context.Background(), "MATCH (n) RETURN count(n)", nil)
	all, _ := rows.All()
	if all[0][0] != value.Int(6) {
		t.Errorf("node count = %v", all[0][0])
	}
}

func TestProgramChain(t *testing.T) {
	db := programTestDB(t)
	p1 := mustProgram(t, prog(cypherStmt("+", "MATCH p = (:Concept {concept_id: 'a'})-[:REL*1..2]->() RETURN p")))
	p2 := mustProgram(t, prog(cypherStmt("+", "MATCH (n)-[r]->(m) WHERE n.concept_id IN $W_IDS AND NOT m.concept_id IN $W_IDS RETURN r")))
	p3 := mustProgram(t, prog(cypherStmt("-", "MATCH (n {concept_id: 'a'}) RETURN n")))
	r, err := db.RunChain(context.Background(), []ChainEntry{{Program: p1}, {Program: p2}, {Program: p3}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(r.Graph()); got != "b,c,d,e" {
		t.Errorf("nodes = %s", got)
	}
	if got := links(r.Graph()); got != "b-REL-c,c-REL-d" {
		t.Errorf("links = %s", got)
	}
	if len(r.Programs) != 3 || r.Programs[0].WSize.Nodes != 3 || r.Programs[1].WSize.Nodes != 5 {
		t.Errorf("programs = %+v", r.Programs)
	}
	if b, err := json.Marshal(r); err != nil || !strings.Contains(string(b), `"result":{"nodes":[{"concept_id":"b"`) || !strings.Contains(string(b), `"programs":[{"index":0`) {
		t.Errorf("JSON: %s %v", b, err)
	}
	// Validation of every entry happens before anything runs.
	bad := mustProgram(t, prog(cypherStmt("+", "CREATE (n) RETURN n")))
	_, err = db.RunChain(context.Background(), []ChainEntry{{Program: p1}, {Program: bad}}, nil)
	var ip *InvalidError
	if !errors.As(err, &ip) || ip.Index != 1 {
		t.Errorf("err = %v", err)
	}
	// An abort stops the chain.
	ab := mustProgram(t, prog(cypherStmt("!", "MATCH (n:Nothing) RETURN n")))
	r, err = db.RunChain(context.Background(), []ChainEntry{{Program: p1}, {Program: ab}, {Program: p2}}, nil)
	if err != nil || r.Aborted == nil || r.Aborted.Statement != "1:0" || len(r.Programs) != 2 {
		t.Errorf("abort chain: %v %+v", err, r)
	}
	// Deck bounds.
	if _, err := db.RunChain(context.Background(), nil, nil); err == nil {
		t.Error("empty deck accepted")
	}
	deck := make([]ChainEntry, 11)
	for i := range deck {
		deck[i] = ChainEntry{Program: p1}
	}
	if _, err := db.RunChain(context.Background(), deck, nil); err == nil {
		t.Error("11 programs accepted")
	}
}

func TestProgramStoreRoundTrip(t *testing.T) {
	db := programTestDB(t)
	ctx := context.Background()
	p := mustProgram(t, `{"version": 1, "metadata": {"name": "Alpha path", "description": "walks from a", "author": "agent"}, "statements": [`+
		cypherStmt("+", "MATCH p = (:Concept {concept_id: 'a'})-[:REL*1..2]->() RETURN p")+`]}`)
	sp, err := db.Create(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	if sp.ID != 1 || len(sp.SHA256) != 64 {
		t.Errorf("stored = %+v", sp)
	}
	sp2, err := db.Create(ctx, mustProgram(t, `{"version": 1, "metadata": {"name": "Other"}, "statements": [`+cypherStmt("+", "MATCH (n) RETURN n")+`]}`))
	if err != nil || sp2.ID != 2 {
		t.Fatalf("second: %v %+v", err, sp2)
	}
	got, err := db.Get(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if string(got.Program.Canonical()) != string(p.Canonical()) || got.SHA256 != p.Hash() || got.Name != "Alpha path" {
		t.Errorf("round trip: %+v", got)
	}
	list, err := db.List(ctx, "alpha", 20)
	if err != nil || len(list) != 1 || list[0].ID != 1 {
		t.Errorf("search: %v %+v", err, list)
	}
	list, _ = db.List(ctx, "", 1)
	if len(list) != 1 {
		t.Errorf("limit: %+v", list)
	}
	if _, err := db.Get(ctx, 99); err == nil {
		t.Error("missing program found")
	}
	// Invalid programs are not stored.
	if _, err := db.Create(ctx, mustProgram(t, prog(cypherStmt("+", "CREATE (n) RETURN n")))); err == nil {
		t.Error("invalid program stored")
	}
	// Stored programs stay out of the data graph.
	rows, _ := db.Query(ctx, "MATCH (n:_CyqProgram) RETURN count(n)", nil)
	all, _ := rows.All()
	if all[0][0] != value.Int(0) {
		t.Error("program nodes leak into the data graph")
	}
	// Tampering is detected.
	f := db.file()
	if err := f.update(ctx, func(recs []fileRecord) ([]fileRecord, error) {
		recs[0].Program = strings.Replace(recs[0].Program, "REL", "ALT", 1)
		return recs, nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Get(ctx, 1); err == nil || !strings.Contains(err.Error(), "sha256") {
		t.Errorf("tampered program: %v", err)
	}
	if list, _ := db.List(ctx, "", 0); len(list) != 2 || !strings.HasPrefix(list[0].Name, "(unreadable") {
		t.Errorf("tampered program listed as %+v", list)
	}
	// A program without a name.
	sp3, err := db.Create(ctx, mustProgram(t, prog(cypherStmt("+", "MATCH (n) RETURN n"))))
	if err != nil || sp3.Name != UntitledProgram || sp3.ID != 3 {
		t.Errorf("untitled: %v %+v", err, sp3)
	}
	// Run the stored program.
	got, _ = db.Get(ctx, 2)
	r, err := db.Run(ctx, got.Program, nil, nil)
	if err != nil || len(r.Graph().Nodes) != 6 {
		t.Errorf("run stored: %v", err)
	}
}

func TestProgramStoreReadOnly(t *testing.T) {
	dir := t.TempDir()
	db, err := openTestDB(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	ctx := context.Background()
	// Two read-only opens of one store (two servers) store programs in
	// turn; ids never collide and the graph stays untouched.
	ro, err := openTestDB(dir, &engine.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	ro2, err := openTestDB(dir, &engine.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		for j, r := range []*testDB{ro, ro2} {
			sp, err := r.Create(ctx, mustProgram(t, `{"version": 1, "metadata": {"name": "p"}, "statements": [`+cypherStmt("+", "MATCH (n) RETURN n")+`]}`))
			if err != nil || sp.ID != int64(2*i+j+1) {
				t.Fatalf("create on a read-only store: %v %+v", err, sp)
			}
		}
	}
	list, err := ro2.List(ctx, "", 0)
	if err != nil || len(list) != 6 {
		t.Errorf("list: %v %v", err, list)
	}
	if gs := ro.Store().Graphs(); len(gs) != 1 {
		t.Errorf("graphs = %v", gs)
	}
	ro.Close()
	ro2.Close()
	// The programs outlive the process, and a writer sees them.
	rw, err := openTestDB(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer rw.Close()
	if sp, err := rw.Get(ctx, 6); err != nil || sp.Name != "p" {
		t.Errorf("get after reopen: %v %+v", err, sp)
	}
}

// TestProgramStoreLegacyGraph: programs stored by earlier versions in the
// program graph are still listed and fetched, and new ids continue after
// theirs.
func TestProgramStoreLegacyGraph(t *testing.T) {
	db := programTestDB(t)
	ctx := context.Background()
	p := mustProgram(t, `{"version": 1, "metadata": {"name": "Old one"}, "statements": [`+cypherStmt("+", "MATCH (n:Concept) RETURN n")+`]}`)
	if _, err := db.Store().CreateGraph(StoreGraph); err != nil {
		t.Fatal(err)
	}
	pdb, err := db.OnGraph(StoreGraph)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pdb.Query(ctx, "CREATE (:"+ProgramLabel+" {id: 7, graph: 'default', name: 'Old one', description: '', author: '', program: $text, sha256: $sha, created: '2025-01-01T00:00:00Z', operations: 1})",
		map[string]any{"text": string(p.Canonical()), "sha": p.Hash()}); err != nil {
		t.Fatal(err)
	}
	got, err := db.Get(ctx, 7)
	if err != nil || got.Name != "Old one" || string(got.Program.Canonical()) != string(p.Canonical()) {
		t.Fatalf("legacy get: %v %+v", err, got)
	}
	sp, err := db.Create(ctx, p)
	if err != nil || sp.ID != 8 {
		t.Fatalf("create after legacy: %v %+v", err, sp)
	}
	list, err := db.List(ctx, "old", 0)
	if err != nil || len(list) != 2 || list[0].ID != 7 || list[1].ID != 8 {
		t.Errorf("list: %v %+v", err, list)
	}
}

func TestProgramExplain(t *testing.T) {
	db := programTestDB(t)
	p := mustProgram(t, prog(cypherStmt("+", "MATCH (n:Concept) RETURN n"), apiStmt("?", "/concepts/related", map[string]any{"concept_id": "a"}),
		`{"op": "+", "operation": {"type": "conditional", "condition": {"test": "empty"}, "then": [`+apiStmt("+", "/search/concepts", map[string]any{"query": "x"})+`]}}`))
	text, err := db.Explain(p, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"0 + cypher: MATCH (n:Concept) RETURN n", "1 ? api /concepts/related", "up to 2 times", "2 + conditional: if empty", "2.then.0 + api /search/concepts", "fails: endpoint /search/concepts is not available on this graph"} {
		if !strings.Contains(text, want) {
			t.Errorf("explain lacks %q:\n%s", want, text)
		}
	}
}

func TestQueryReadOnlyRefusesWrites(t *testing.T) {
	db := programTestDB(t)
	ctx := context.Background()
	for _, q := range []string{
		"CREATE (n)", "MATCH (n) SET n.x = 1", "MATCH (n) CALL { CREATE (:Z) } RETURN n",
		"UNWIND [1] AS x FOREACH (y IN [x] | CREATE (:Y))", "CREATE INDEX FOR (n:X) ON (n.y)",
		"LOAD CSV FROM 'file:///etc/passwd' AS l RETURN l", "PROFILE CREATE (n)",
	} {
		if rows, err := db.QueryReadOnly(ctx, q, nil); err == nil {
			rows.All()
			t.Errorf("%q ran", q)
		}
	}
	rows, err := db.QueryReadOnly(ctx, "EXPLAIN CREATE (n)", nil)
	if err != nil {
		t.Errorf("explain refused: %v", err)
	} else {
		rows.Close()
	}
	rows, _ = db.Query(ctx, "MATCH (n) RETURN count(n)", nil)
	all, _ := rows.All()
	if all[0][0] != value.Int(6) {
		t.Errorf("node count = %v", all[0][0])
	}
	var _ = json.Marshal
}

func TestProgramConceptLabelAndKey(t *testing.T) {
	db := programTestDB(t)
	ctx := context.Background()
	p := mustProgram(t, prog(apiStmt("+", "/concepts/batch", map[string]any{"concept_ids": []string{"a", "n:5"}})))
	r, err := db.Run(ctx, p, nil, &Options{ConceptLabel: "Concept"})
	if err != nil || ids(r.Graph()) != "a" {
		t.Errorf("concept label: %v %s", err, ids(r.Graph()))
	}
	// Another key property: nodes without it are keyed by elementId.
	r, err = db.Run(ctx, mustProgram(t, prog(cypherStmt("+", "MATCH (n:Source) RETURN n"), cypherStmt("+", "MATCH (n {concept_id: 'a'}) RETURN n"))), nil, &Options{KeyProperty: "title"})
	if err != nil || ids(r.Graph()) != "Doc,n:0" {
		t.Errorf("key property: %v %s", err, ids(r.Graph()))
	}
}

func TestProgramTimeLimit(t *testing.T) {
	db := programTestDB(t)
	p := mustProgram(t, prog(cypherStmt("+", "UNWIND range(1, 10000000) AS x UNWIND range(1, 10000000) AS y WITH x WHERE x < 0 MATCH (n) RETURN n")))
	start := time.Now()
	r, err := db.Run(context.Background(), p, nil, &Options{Timeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if r.Aborted == nil || !strings.Contains(r.Aborted.Reason, "time limit of 50ms") || time.Since(start) > 5*time.Second {
		t.Errorf("aborted = %+v after %s", r.Aborted, time.Since(start))
	}
}

// TestProgramUndeclaredParams: V022 is a warning, at validation and at run
// time, and never aborts the run: an undeclared parameter that is not
// passed is null, a passed one that the program does not know is ignored.
func TestProgramUndeclaredParams(t *testing.T) {
	db := programTestDB(t)
	ctx := context.Background()
	p := mustProgram(t, prog(cypherStmt("+", "MATCH (n:Concept) WHERE $topic IS NULL OR n.concept_id = $topic RETURN n"),
		apiStmt("+", "/concepts/related", map[string]any{"concept_id": "a", "max_depth": "$depth"})))
	rep := db.Validate(p)
	if !rep.Valid || len(rep.Warnings) != 2 || rep.Warnings[0].RuleID != "V022" || !strings.Contains(rep.Warnings[0].Message, "$topic") ||
		rep.Warnings[0].Field != "/statements/0/operation/query" {
		t.Fatalf("report = %+v", rep)
	}
	r, err := db.Run(ctx, p, map[string]any{"colour": "red"}, nil)
	if err != nil || r.Aborted != nil {
		t.Fatalf("run: %v %+v", err, r)
	}
	if ids(r.Graph()) != "a,b,c,d,e,n:5" {
		t.Errorf("W = %s", ids(r.Graph()))
	}
	var msgs []string
	for _, w := range r.Warnings {
		if w.RuleID != "V022" || w.Severity != graphprogram.SeverityWarning {
			t.Errorf("warning %+v", w)
		}
		msgs = append(msgs, w.Message)
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{`unknown program parameter "colour"`, "$depth is not a declared program parameter and was not passed, so it is null", "$topic is not"} {
		if !strings.Contains(all, want) {
			t.Errorf("warnings lack %q:\n%s", want, all)
		}
	}
	// Passed, the parameter is used.
	r, err = db.Run(ctx, p, map[string]any{"topic": "b", "depth": 1}, nil)
	if err != nil || r.Aborted != nil || ids(r.Graph()) != "a,b,e,n:5" {
		t.Errorf("run with params: %v %+v %s", err, r.Aborted, ids(r.Graph()))
	}
}

// TestProgramDiffRelationshipsOnly pins what the program/syntax resource
// says of "-": a result of relationships only removes their end nodes (and
// so every link touching them), not just the links.
func TestProgramDiffRelationshipsOnly(t *testing.T) {
	db := programTestDB(t)
	p := mustProgram(t, prog(cypherStmt("+", "MATCH (a {concept_id: 'a'})-[r]->(b) RETURN a, r, b"),
		cypherStmt("-", "MATCH ({concept_id: 'a'})-[r:REL]->() RETURN r")))
	r, err := db.Run(context.Background(), p, nil, nil)
	if err != nil || r.Aborted != nil {
		t.Fatal(err, r.Aborted)
	}
	if ids(r.Graph()) != "e" || len(r.Graph().Links) != 0 {
		t.Errorf("W = %s, %d links", ids(r.Graph()), len(r.Graph().Links))
	}
}
