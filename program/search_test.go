package program

import (
	"context"
	"strings"
	"testing"
)

// searchTestDB has concepts and sources with text; indexes are created by
// the tests.
func searchTestDB(t *testing.T) *testDB {
	return newTestDB(t, `
		CREATE (:Concept {concept_id: 'photo', name: 'photosynthesis', ontology: 'bio'}),
		       (:Concept {concept_id: 'photos', name: 'photosynthetic', ontology: 'bio'}),
		       (:Concept {concept_id: 'graph', name: 'photograph', ontology: 'art'}),
		       (:Concept {concept_id: 'tele', name: 'telephone', ontology: 'tech'}),
		       (:Concept {concept_id: 'astro', name: 'astronomy', ontology: 'sci'}),
		       (:Source {concept_id: 's1', name: 'photosynthesis in plants'}),
		       (:Source {concept_id: 's2', name: 'history of the telephone'}),
		       (:Other {concept_id: 'x', name: 'photosynthesis elsewhere'})`)
}

func mustExec(t *testing.T, db *testDB, q string) {
	t.Helper()
	rows, err := db.Query(context.Background(), q, nil)
	if err == nil {
		_, err = rows.All()
	}
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func runSearch(t *testing.T, db *testDB, opts *Options, endpoint string, params map[string]any) *Result {
	t.Helper()
	r, err := db.Run(context.Background(), mustProgram(t, prog(apiStmt("+", endpoint, params))), nil, opts)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	return r
}

func TestSearchEndpoints(t *testing.T) {
	db := searchTestDB(t)
	concepts := &Options{ConceptLabel: "Concept"}
	// No index: a clear error with a hint.
	r := runSearch(t, db, concepts, "/search/concepts", map[string]any{"query": "photosynthesis"})
	if r.Aborted == nil || !strings.Contains(r.Aborted.Reason, "no FULLTEXT index") || !strings.Contains(r.Aborted.Reason, "CREATE FULLTEXT INDEX search_text FOR (n:Concept)") {
		t.Fatalf("no index: %+v", r.Aborted)
	}
	if q := db.EndpointQueries("/search/concepts", map[string]any{"query": "x"}, concepts); len(q) != 1 || !strings.HasPrefix(q[0], "fails: ") {
		t.Fatalf("explain without index: %q", q)
	}

	// Full-text only: min_similarity applies to nothing.
	mustExec(t, db, `CREATE FULLTEXT INDEX a_text FOR (n:Concept|Source|Other) ON EACH [n.name]`)
	r = runSearch(t, db, concepts, "/search/concepts", map[string]any{"query": "photosynthesis", "min_similarity": 1})
	if r.Aborted != nil || ids(r.Graph()) != "photo" {
		t.Fatalf("text only: %s %+v", ids(r.Graph()), r.Aborted)
	}
	r = runSearch(t, db, nil, "/search/sources", map[string]any{"query": "photosynthesis"})
	if ids(r.Graph()) != "s1" {
		t.Fatalf("sources: %s %+v", ids(r.Graph()), r.Aborted)
	}
	// No concept label: every node is a concept.
	r = runSearch(t, db, nil, "/search/concepts", map[string]any{"query": "photosynthesis"})
	if ids(r.Graph()) != "photo,s1,x" {
		t.Fatalf("every node: %s %+v", ids(r.Graph()), r.Aborted)
	}
	// A custom source label.
	r = runSearch(t, db, &Options{SourceLabel: "Other"}, "/search/sources", map[string]any{"query": "photosynthesis"})
	if ids(r.Graph()) != "x" {
		t.Fatalf("source label: %s %+v", ids(r.Graph()), r.Aborted)
	}

	// Hybrid: the default (lexical) embedder finds the near spellings.
	mustExec(t, db, "CREATE VECTOR INDEX b_vec FOR (n:Concept|Source) ON (n.embedding) OPTIONS {indexConfig: {`cyq.embedder`: 'default', `cyq.source`: 'name'}}")
	q := db.EndpointQueries("/search/concepts", map[string]any{"query": "x", "ontology": "bio"}, concepts)
	if len(q) != 2 || !strings.Contains(q[0], "cyq.search.hybrid($fulltextIndex, $vectorIndex, $query, $k, {mode: 'hybrid'") ||
		!strings.Contains(q[0], "WHERE node.ontology = $ontology") || q[1] != "with $fulltextIndex = 'a_text', $vectorIndex = 'b_vec'" {
		t.Fatalf("explain: %q", q)
	}
	if _, err := db.Compile(q[0]); err != nil {
		t.Fatalf("generated query does not compile: %v", err)
	}
	r = runSearch(t, db, concepts, "/search/concepts", map[string]any{"query": "photosynthesis", "min_similarity": 0})
	if got := ids(r.Graph()); got != "astro,graph,photo,photos,tele" {
		t.Fatalf("hybrid, no floor: %s %+v", got, r.Aborted)
	}
	// The floor drops distant spellings from the vector side (cosine to
	// 'photosynthesis': photosynthetic 0.61, photograph 0.32).
	r = runSearch(t, db, concepts, "/search/concepts", map[string]any{"query": "photosynthesis", "min_similarity": 0.5})
	if got := ids(r.Graph()); got != "photo,photos" {
		t.Fatalf("hybrid, floor 0.5: %s %+v", got, r.Aborted)
	}
	r = runSearch(t, db, concepts, "/search/concepts", map[string]any{"query": "photosynthesis"})
	if got := ids(r.Graph()); got != "photo" {
		t.Fatalf("hybrid, default floor: %s %+v", got, r.Aborted)
	}
	// A text match stays whatever its similarity.
	r = runSearch(t, db, concepts, "/search/concepts", map[string]any{"query": "telephone astronomy", "min_similarity": 1})
	if got := ids(r.Graph()); got != "astro,tele" {
		t.Fatalf("hybrid, text matches under the floor: %s %+v", got, r.Aborted)
	}
	r = runSearch(t, db, concepts, "/search/concepts", map[string]any{"query": "photosynthesis", "min_similarity": 0, "ontology": "bio"})
	if got := ids(r.Graph()); got != "photo,photos" {
		t.Fatalf("ontology: %s", got)
	}
	r = runSearch(t, db, concepts, "/search/concepts", map[string]any{"query": "photosynthesis", "min_similarity": 0, "limit": 1})
	if got := ids(r.Graph()); got != "photo" {
		t.Fatalf("limit 1: %s", got)
	}
	r = runSearch(t, db, concepts, "/search/concepts", map[string]any{"query": "photosynthesis", "min_similarity": 0, "limit": 1, "offset": 1})
	if got := ids(r.Graph()); got != "photos" {
		t.Fatalf("offset 1: %s", got)
	}
	// Program parameters reach the endpoint.
	js := `{"version": 1, "params": [{"name": "q", "type": "string"}], "statements": [` + apiStmt("+", "/search/sources", map[string]any{"query": "$q"}) + `]}`
	res, err := db.Run(context.Background(), mustProgram(t, js), map[string]any{"q": "telephone"}, nil)
	if err != nil || ids(res.Graph()) != "s2" {
		t.Fatalf("param: %v %s %+v", err, ids(res.Graph()), res.Aborted)
	}

	// Vector only: min_similarity decides.
	mustExec(t, db, `DROP INDEX a_text`)
	r = runSearch(t, db, concepts, "/search/concepts", map[string]any{"query": "photosynthesis", "min_similarity": 0.99})
	if got := ids(r.Graph()); got != "photo" {
		t.Fatalf("vector only: %s %+v", got, r.Aborted)
	}
	if q := db.EndpointQueries("/search/concepts", map[string]any{"query": "x"}, concepts); !strings.Contains(q[0], "mode: 'vector'") || q[1] != "with $fulltextIndex = null, $vectorIndex = 'b_vec'" {
		t.Fatalf("explain vector only: %q", q)
	}
}

// TestSearchEndpointOrder: the endpoint takes the best-ranked nodes, so
// limit keeps the best match whatever the node ids.
func TestSearchEndpointOrder(t *testing.T) {
	db := searchTestDB(t)
	mustExec(t, db, `CREATE FULLTEXT INDEX t FOR (n:Concept) ON EACH [n.name, n.ontology]`)
	mustExec(t, db, `CREATE (:Concept {concept_id: 'late', name: 'astronomy astronomy astronomy'})`)
	r := runSearch(t, db, &Options{ConceptLabel: "Concept"}, "/search/concepts", map[string]any{"query": "astronomy", "limit": 1})
	if got := ids(r.Graph()); got != "late" {
		t.Fatalf("best first: %s %+v", got, r.Aborted)
	}
}
