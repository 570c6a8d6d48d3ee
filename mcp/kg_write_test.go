package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/value"
)

func kgWriteServer(t *testing.T, cfg Config) (*Server, *cyq.DB) {
	t.Helper()
	cfg.AllowWrites = true
	db, err := cyq.Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return New(db, cfg), db
}

func mustCall(t *testing.T, s *Server, name, args string) map[string]any {
	t.Helper()
	out, text, isErr := call(t, s, name, args)
	if isErr {
		t.Fatalf("%s %s: %v\n%s", name, args, out, text)
	}
	return out
}

func count(t *testing.T, db *cyq.DB, q string) int64 {
	t.Helper()
	rows, err := db.Query(context.Background(), q, nil)
	if err != nil {
		t.Fatal(err)
	}
	all, err := rows.All()
	if err != nil {
		t.Fatal(err)
	}
	return int64(all[0][0].(value.Int))
}

func errMessage(out map[string]any) string {
	e, _ := out["error"].(map[string]any)
	m, _ := e["message"].(string)
	return m
}

func TestKGEntities(t *testing.T) {
	s, _ := kgWriteServer(t, Config{EntityTypes: map[string]string{"lib": "Library"}})
	out := mustCall(t, s, "entities", `{"action": "create", "name": "cyq", "type": "repo", "description": "an embedded graph engine",
		"properties": {"stars": 42, "tags": ["go", "graph"]}, "observations": ["written in Go", "speaks openCypher"]}`)
	e := out["entity"].(map[string]any)
	if out["created"] != true || e["type"] != "Project" || e["properties"].(map[string]any)["stars"] != 42.0 || out["observations_added"] != 2.0 {
		t.Fatalf("create: %v", out)
	}
	cyqID := e["id"].(string)
	// Same name, other case: the existing entity comes back.
	out = mustCall(t, s, "entities", `{"action": "create", "name": "CYQ", "type": "Project"}`)
	if out["created"] != false || out["entity"].(map[string]any)["id"] != cyqID || !strings.Contains(out["warning"].(string), "already exists") {
		t.Fatalf("duplicate: %v", out)
	}
	mustCall(t, s, "entities", `{"action": "create", "name": "OpenAI", "type": "company"}`)
	out = mustCall(t, s, "entities", `{"action": "create", "name": "Open AI", "type": "Organization"}`)
	if out["created"] != false || !strings.Contains(out["warning"].(string), "near-identical") {
		t.Fatalf("near duplicate: %v", out)
	}
	out = mustCall(t, s, "entities", `{"action": "create", "name": "Open AI", "type": "Organization", "allow_similar": true}`)
	if out["created"] != true {
		t.Fatalf("allow_similar: %v", out)
	}
	out = mustCall(t, s, "entities", `{"action": "create", "name": "Ada Lovelace", "type": "people"}`)
	if out["entity"].(map[string]any)["type"] != "Person" {
		t.Fatalf("people → Person: %v", out)
	}
	out = mustCall(t, s, "entities", `{"action": "create", "name": "roaring", "type": "lib"}`)
	if out["entity"].(map[string]any)["type"] != "Library" {
		t.Fatalf("configured type table: %v", out)
	}
	out = mustCall(t, s, "entities", `{"action": "create", "name": "Pebble", "type": "key value store"}`)
	if out["entity"].(map[string]any)["type"] != "KeyValueStore" {
		t.Fatalf("PascalCase: %v", out)
	}
	if out, _, isErr := call(t, s, "entities", `{"action": "create", "name": "x"}`); !isErr || !strings.Contains(errMessage(out), "type is required") {
		t.Fatalf("missing type: %v", out)
	}
	// get, by name, case-insensitive.
	out = mustCall(t, s, "entities", `{"action": "get", "name": "Cyq"}`)
	if e := out["entity"].(map[string]any); len(e["observations"].([]any)) != 2 || e["description"] != "an embedded graph engine" {
		t.Fatalf("get: %v", out)
	}
	// update: rename, retype, description, properties.
	out = mustCall(t, s, "entities", `{"action": "update", "id": "`+cyqID+`", "new_name": "cyq engine", "type": "Software", "properties": {"stars": null, "lang": "Go"}}`)
	e = out["entity"].(map[string]any)
	if e["name"] != "cyq engine" || e["type"] != "Software" || e["properties"].(map[string]any)["stars"] != nil || e["properties"].(map[string]any)["lang"] != "Go" {
		t.Fatalf("update: %v", out)
	}
	if out, _, isErr := call(t, s, "entities", `{"action": "update", "name": "cyq engine", "new_name": "openai"}`); !isErr || !strings.Contains(errMessage(out), "merge") {
		t.Fatalf("rename onto another entity: %v", out)
	}
	// list.
	out = mustCall(t, s, "entities", `{"action": "list"}`)
	if out["total"] != 6.0 || names(t, out["entities"], "name")[0] != "Ada Lovelace" {
		t.Fatalf("list: %v", out)
	}
	out = mustCall(t, s, "entities", `{"action": "list", "type": "org", "query": "open", "limit": 1}`)
	if out["total"] != 2.0 || out["count"] != 1.0 || out["has_more"] != true {
		t.Fatalf("list filtered: %v", out)
	}
	// delete removes the observations too.
	out = mustCall(t, s, "entities", `{"action": "delete", "name": "cyq engine"}`)
	if out["observations_deleted"] != 2.0 {
		t.Fatalf("delete: %v", out)
	}
	if out, _, isErr := call(t, s, "entities", `{"action": "get", "name": "cyq engine"}`); !isErr || !strings.Contains(errMessage(out), "not found") {
		t.Fatalf("deleted entity: %v", out)
	}
	out = mustCall(t, s, "search", `{"query": "openCypher", "mode": "text"}`)
	if out["count"] != 0.0 {
		t.Fatalf("observation survived its entity: %v", out)
	}
}

func TestKGRelationsAndObservations(t *testing.T) {
	s, _ := kgWriteServer(t, Config{})
	mustCall(t, s, "entities", `{"action": "create", "name": "Ada", "type": "Person"}`)
	mustCall(t, s, "entities", `{"action": "create", "name": "Analytical Engine", "type": "Machine"}`)
	out := mustCall(t, s, "relations", `{"action": "create", "from": "ada", "to": "Analytical Engine", "type": "works on", "properties": {"since": 1842}}`)
	if out["created"] != true || out["relation"].(map[string]any)["type"] != "WORKS_ON" {
		t.Fatalf("create relation: %v", out)
	}
	out = mustCall(t, s, "relations", `{"action": "create", "from": "Ada", "to": "Analytical Engine", "type": "WORKS_ON"}`)
	if out["created"] != false {
		t.Fatalf("relation duplicated: %v", out)
	}
	out = mustCall(t, s, "relations", `{"action": "find", "from": "Ada"}`)
	if out["count"] != 1.0 {
		t.Fatalf("find: %v", out)
	}
	out = mustCall(t, s, "relations", `{"action": "find", "type": "works_on"}`)
	if out["count"] != 1.0 {
		t.Fatalf("find by type: %v", out)
	}
	if out, _, isErr := call(t, s, "relations", `{"action": "create", "from": "Ada", "to": "Babbage", "type": "KNOWS"}`); !isErr || !strings.Contains(errMessage(out), "entities {action: 'list'}") {
		t.Fatalf("missing entity: %v", out)
	}
	// Observations are searchable and linked to their entity.
	out = mustCall(t, s, "observations", `{"action": "add", "entity": "Ada", "text": "wrote the first published algorithm"}`)
	if out["created"] != true {
		t.Fatalf("add observation: %v", out)
	}
	out = mustCall(t, s, "observations", `{"action": "add", "entity": "Ada", "text": "wrote the first published algorithm"}`)
	if out["created"] != false {
		t.Fatalf("observation duplicated: %v", out)
	}
	for _, mode := range []string{"text", "vector", "hybrid"} {
		out = mustCall(t, s, "search", `{"query": "published algorithm", "mode": "`+mode+`"}`)
		res := out["results"].([]any)
		if len(res) == 0 || res[0].(map[string]any)["entity"].(map[string]any)["name"] != "Ada" {
			t.Fatalf("search %s for an observation: %v", mode, out)
		}
	}
	out = mustCall(t, s, "search", `{"query": "published algorithm", "labels": ["person"]}`)
	for _, r := range out["results"].([]any) {
		if fmt.Sprint(r.(map[string]any)["labels"]) != "[Entity Person]" {
			t.Fatalf("labels filter: %v", out)
		}
	}
	out = mustCall(t, s, "related", `{"id": "Ada"}`)
	if out["count"] != 1.0 {
		t.Fatalf("related follows observations by default: %v", out)
	}
	out = mustCall(t, s, "related", `{"id": "Ada", "relationship_types": ["HAS_OBSERVATION"]}`)
	if out["count"] != 1.0 || names(t, out["nodes"], "labels")[1] != "[Observation]" {
		t.Fatalf("related through observations: %v", out)
	}
	if out, _, isErr := call(t, s, "observations", `{"action": "delete", "entity": "Ada", "text": "nope"}`); !isErr || !strings.Contains(errMessage(out), "include") {
		t.Fatalf("delete missing observation: %v", out)
	}
	out = mustCall(t, s, "observations", `{"action": "delete", "entity": "Ada", "text": "wrote the first published algorithm"}`)
	if out["deleted"] != 1.0 {
		t.Fatalf("delete observation: %v", out)
	}
	out = mustCall(t, s, "relations", `{"action": "delete", "from": "Ada", "to": "Analytical Engine"}`)
	if out["deleted"] != 1.0 {
		t.Fatalf("delete relation: %v", out)
	}
	if _, _, isErr := call(t, s, "relations", `{"action": "delete", "from": "Ada", "to": "Analytical Engine"}`); !isErr {
		t.Fatal("deleting a missing relation succeeded")
	}
}

func TestKGMergeAndSuggest(t *testing.T) {
	s, db := kgWriteServer(t, Config{})
	mustCall(t, s, "bulk_update", `{
		"entities": [
			{"name": "Kubernetes", "type": "Technology", "observations": ["orchestrates containers"]},
			{"name": "kubernetes project", "type": "Project", "allow_similar": true, "description": "k8s", "observations": ["orchestrates containers", "started at Google"]},
			{"name": "K8s", "type": "Technology"},
			{"name": "Docker", "type": "Technology"},
			{"name": "Google", "type": "Organization"}
		],
		"relations": [
			{"from": "kubernetes project", "to": "Docker", "type": "USES"},
			{"from": "Google", "to": "kubernetes project", "type": "CREATED"},
			{"from": "Kubernetes", "to": "Docker", "type": "USES"},
			{"from": "kubernetes project", "to": "Kubernetes", "type": "SAME_AS"}
		]}`)
	out := mustCall(t, s, "suggest_merges", `{"threshold": 0.5}`)
	pairs := out["pairs"].([]any)
	found := false
	for _, p := range pairs {
		pm := p.(map[string]any)
		a, b := pm["a"].(map[string]any)["name"], pm["b"].(map[string]any)["name"]
		if a == "Kubernetes" && b == "kubernetes project" || b == "Kubernetes" && a == "kubernetes project" {
			found = true
		}
	}
	if !found {
		t.Fatalf("suggest_merges: %v", out)
	}
	out = mustCall(t, s, "suggest_merges", `{"threshold": 0.5, "label": "Organization"}`)
	if out["count"] != 0.0 {
		t.Fatalf("suggest_merges by label: %v", out)
	}
	out = mustCall(t, s, "entities", `{"action": "merge", "survivor": "Kubernetes", "duplicates": ["kubernetes project"]}`)
	e := out["entity"].(map[string]any)
	if out["relationships_moved"] != 1.0 || out["observations_moved"] != 1.0 || e["description"] != "k8s" ||
		fmt.Sprint(e["properties"].(map[string]any)["aliases"]) != "[kubernetes project]" {
		t.Fatalf("merge: %v", out)
	}
	// Google -CREATED-> Kubernetes moved; USES Docker deduplicated; SAME_AS dropped (a self-link).
	if c := count(t, db, `MATCH (:Organization {name: 'Google'})-[:CREATED]->(k {name: 'Kubernetes'}) RETURN count(*)`); c != 1 {
		t.Fatalf("CREATED not moved: %d", c)
	}
	if c := count(t, db, `MATCH (k {name: 'Kubernetes'})-[:USES]->() RETURN count(*)`); c != 1 {
		t.Fatalf("USES: %d", c)
	}
	if c := count(t, db, `MATCH (k {name: 'Kubernetes'})-[:HAS_OBSERVATION]->(o) RETURN count(o)`); c != 2 {
		t.Fatalf("observations: %d", c)
	}
	if c := count(t, db, `MATCH (o:Observation) RETURN count(o)`); c != 2 {
		t.Fatalf("observations left over: %d", c)
	}
	if c := count(t, db, `MATCH (n {name: 'kubernetes project'}) RETURN count(n)`); c != 0 {
		t.Fatal("duplicate not deleted")
	}
}

func TestKGBulkUpdateAtomicity(t *testing.T) {
	s, db := kgWriteServer(t, Config{})
	mustCall(t, s, "entities", `{"action": "create", "name": "Hub", "type": "Concept"}`)
	before := count(t, db, `MATCH (n) RETURN count(n)`)
	// 49 good operations and a failing 50th.
	var ents, rels []string
	for i := 0; i < 25; i++ {
		ents = append(ents, fmt.Sprintf(`{"name": "Node %d", "type": "Concept", "allow_similar": true}`, i))
	}
	for i := 0; i < 24; i++ {
		rels = append(rels, fmt.Sprintf(`{"from": "Node %d", "to": "Hub", "type": "PART_OF"}`, i))
	}
	rels = append(rels, `{"from": "Node 24", "to": "Nowhere", "type": "PART_OF"}`)
	batch := `{"entities": [` + strings.Join(ents, ",") + `], "relations": [` + strings.Join(rels, ",") + `]}`
	out, _, isErr := call(t, s, "bulk_update", batch)
	if !isErr || out["failed_operation"] != "relations[24]" || !strings.Contains(errMessage(out), "nothing was written") {
		t.Fatalf("failing batch: %v", out)
	}
	if after := count(t, db, `MATCH (n) RETURN count(n)`); after != before {
		t.Fatalf("a failed batch left %d nodes behind", after-before)
	}
	if c := count(t, db, `MATCH ()-[r]->() RETURN count(r)`); c != 0 {
		t.Fatalf("a failed batch left %d relationships behind", c)
	}
	// The same batch, fixed, applies all 50 at once.
	fixed := strings.Replace(batch, "Nowhere", "Hub", 1)
	out = mustCall(t, s, "bulk_update", fixed)
	if out["applied"] != 50.0 {
		t.Fatalf("bulk_update: %v", out)
	}
	if c := count(t, db, `MATCH (:Concept)-[:PART_OF]->(:Concept {name: 'Hub'}) RETURN count(*)`); c != 25 {
		t.Fatalf("PART_OF: %d", c)
	}
	// 51 operations are refused before anything runs.
	over := `{"observations": [` + strings.Repeat(`{"entity": "Hub", "text": "x"},`, 50) + `{"entity": "Hub", "text": "y"}]}`
	if out, _, isErr := call(t, s, "bulk_update", over); !isErr || !strings.Contains(errMessage(out), "at most 50") {
		t.Fatalf("51 operations: %v", out)
	}
	if out, _, isErr := call(t, s, "bulk_update", `{"entities": [{"name": "A", "type": "T", "color": "red"}]}`); !isErr || !strings.Contains(errMessage(out), `"color"`) {
		t.Fatalf("unknown operation argument: %v", out)
	}
}

func TestKGGraphs(t *testing.T) {
	s, db := kgWriteServer(t, Config{})
	mustCall(t, s, "entities", `{"action": "create", "name": "Alpha", "type": "Concept", "graph": "projA"}`)
	out := mustCall(t, s, "stats", `{"graph": "projA"}`)
	if out["nodes"] != 1.0 {
		t.Fatalf("stats of projA: %v", out)
	}
	out = mustCall(t, s, "stats", `{}`)
	if out["nodes"] != 0.0 {
		t.Fatalf("default graph written: %v", out)
	}
	// The session default graph.
	out = mustCall(t, s, "use_graph", `{"graph": "projA"}`)
	if out["graph"] != "projA" || !strings.Contains(fmt.Sprint(out["graphs"]), "projA") {
		t.Fatalf("use_graph: %v", out)
	}
	out = mustCall(t, s, "entities", `{"action": "list"}`)
	if out["graph"] != "projA" || out["count"] != 1.0 {
		t.Fatalf("list in the session graph: %v", out)
	}
	// The cypher and schema tools follow the session's graph too.
	out = mustCall(t, s, "cypher", `{"query": "MATCH (n:Entity) RETURN count(n) AS c"}`)
	if fmt.Sprint(out["rows"]) != "[map[c:1]]" {
		t.Fatalf("cypher in the session graph: %v", out)
	}
	out = mustCall(t, s, "schema", `{}`)
	if out["graph"] != "projA" {
		t.Fatalf("schema in the session graph: %v", out)
	}
	mustCall(t, s, "use_graph", `{"graph": ""}`)
	out = mustCall(t, s, "use_graph", `{}`)
	if out["graph"] != db.GraphName() {
		t.Fatalf("reset: %v", out)
	}
	// A read-only server does not create graphs.
	r, _ := testServer(t, Config{})
	if out, _, isErr := call(t, r, "use_graph", `{"graph": "nope"}`); !isErr {
		t.Fatalf("use_graph created a graph read-only: %v", out)
	}
}

func TestKGErrorsGuide(t *testing.T) {
	s, _ := kgWriteServer(t, Config{})
	for _, c := range []struct{ tool, args, want string }{
		{"entities", `{"action": "frobnicate"}`, "action must be"},
		{"entities", `{"action": "get"}`, "name (or id) is required"},
		{"entities", `{"action": "merge", "survivor": "x"}`, "duplicates must list"},
		{"observations", `{"action": "add", "entity": "ghost", "text": "boo"}`, "not found"},
		{"relations", `{"action": "create", "from": "a", "to": "b", "type": "HAS_OBSERVATION"}`, "observations tool"},
		{"entities", `{"action": "create", "name": "x", "type": "Observation"}`, "reserved"},
		{"bulk_update", `{}`, "needs operations"},
	} {
		out, _, isErr := call(t, s, c.tool, c.args)
		b, _ := json.Marshal(out)
		if !isErr || !strings.Contains(string(b), c.want) {
			t.Errorf("%s %s: want %q, got %s", c.tool, c.args, c.want, b)
		}
	}
}
