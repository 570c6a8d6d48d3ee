package procedures_test

import (
	"context"
	"encoding/json"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/cyqdb/cyq/internal/engine"
	"github.com/cyqdb/cyq/storage/search"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

func mustRows(t *testing.T, db *engine.Engine, q string, params map[string]any) [][]value.Value {
	t.Helper()
	rows, err := db.Query(context.Background(), q, params)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	out, err := rows.All()
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return out
}

func mustFail(t *testing.T, db *engine.Engine, q string, params map[string]any, want string) {
	t.Helper()
	rows, err := db.Query(context.Background(), q, params)
	if err == nil {
		_, err = rows.All()
	}
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("%s: got error %v, want one containing %q", q, err, want)
	}
}

func col(rows [][]value.Value, i int) []string {
	var out []string
	for _, r := range rows {
		out = append(out, value.Format(r[i]))
	}
	return out
}

func TestFulltextIndexLifecycle(t *testing.T) {
	dir := t.TempDir()
	db, err := openDB(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustRows(t, db, `CREATE (:Doc {title: 'Graph databases', body: 'Running queries over graphs'}),
		(:Doc {title: 'Cooking', body: 'How to cook pasta'}),
		(:Note {text: 'graph theory basics'})`, nil)
	mustRows(t, db, `CREATE FULLTEXT INDEX docs FOR (n:Doc|Note) ON EACH [n.title, n.body, n.text]`, nil)
	mustRows(t, db, `CREATE FULLTEXT INDEX docs IF NOT EXISTS FOR (n:Doc) ON EACH [n.title]`, nil)
	mustFail(t, db, `CREATE FULLTEXT INDEX docs FOR (n:Doc) ON EACH [n.title]`, nil, "exists")
	q := `CALL db.index.fulltext.queryNodes('docs', $q) YIELD node, score RETURN coalesce(node.title, node.text) AS t ORDER BY score DESC, t`
	got := col(mustRows(t, db, q, map[string]any{"q": "graph"}), 0)
	if len(got) != 2 || !strings.Contains(strings.Join(got, "|"), "Graph databases") {
		t.Fatalf("graph: %v", got)
	}
	// Stemming: "cooking" and "cook" share a stem; prefix and phrase.
	if got := col(mustRows(t, db, q, map[string]any{"q": "cooked"}), 0); len(got) != 1 || got[0] != "'Cooking'" {
		t.Fatalf("cooked: %v", got)
	}
	if got := col(mustRows(t, db, q, map[string]any{"q": "pas*"}), 0); len(got) != 1 || got[0] != "'Cooking'" {
		t.Fatalf("pas*: %v", got)
	}
	if got := col(mustRows(t, db, q, map[string]any{"q": `"theory basics"`}), 0); len(got) != 1 {
		t.Fatalf("phrase: %v", got)
	}
	if got := col(mustRows(t, db, q, map[string]any{"q": `"basics theory"`}), 0); len(got) != 0 {
		t.Fatalf("reversed phrase: %v", got)
	}
	// Writes: set, relabel, delete.
	mustRows(t, db, `MATCH (n:Doc {title: 'Cooking'}) SET n.body = 'graph coloring for chefs'`, nil)
	if got := col(mustRows(t, db, q, map[string]any{"q": "graph"}), 0); len(got) != 3 {
		t.Fatalf("after SET: %v", got)
	}
	mustRows(t, db, `MATCH (n:Note) REMOVE n:Note`, nil)
	if got := col(mustRows(t, db, q, map[string]any{"q": "theory"}), 0); len(got) != 0 {
		t.Fatalf("after REMOVE label: %v", got)
	}
	mustRows(t, db, `MATCH (n) WHERE n.text IS NOT NULL SET n:Doc`, nil)
	if got := col(mustRows(t, db, q, map[string]any{"q": "theory"}), 0); len(got) != 1 {
		t.Fatalf("after SET label: %v", got)
	}
	mustRows(t, db, `MATCH (n:Doc {title: 'Cooking'}) DETACH DELETE n`, nil)
	if got := col(mustRows(t, db, q, map[string]any{"q": "chefs OR pasta"}), 0); len(got) != 0 {
		t.Fatalf("after DELETE: %v", got)
	}
	// Options and paging.
	all := mustRows(t, db, `CALL cyq.search.fulltext('docs', 'graph', {limit: 1, skip: 1}) YIELD node RETURN node`, nil)
	if len(all) != 1 {
		t.Fatalf("limit/skip: %d rows", len(all))
	}
	// Persisted definition, postings rebuilt at Open.
	db.Close()
	db, err = openDB(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := col(mustRows(t, db, q, map[string]any{"q": "graph"}), 0); len(got) != 2 {
		t.Fatalf("after reopen: %v", got)
	}
	mustRows(t, db, `DROP INDEX docs`, nil)
	mustFail(t, db, q, map[string]any{"q": "graph"}, "docs")
	mustRows(t, db, `DROP INDEX docs IF EXISTS`, nil)
	db.Close()
}

func TestVectorIndexProcedures(t *testing.T) {
	db, err := openDB("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	mustRows(t, db, "CREATE VECTOR INDEX emb FOR (n:Item) ON (n.v) OPTIONS {indexConfig: {`vector.dimensions`: 3, `vector.similarity_function`: 'cosine'}}", nil)
	mustRows(t, db, `UNWIND range(0, 9) AS i CREATE (:Item {i: i, v: [1.0, toFloat(i), 0.5]})`, nil)
	mustRows(t, db, `CREATE (:Other {v: [1, 2]})`, nil) // not indexed: no dimension check
	mustFail(t, db, `CREATE (:Item {v: [1.0, 2.0]})`, nil, "dimensions")
	mustFail(t, db, `MATCH (n:Item {i: 1}) SET n.v = [1.0, 0.0/0.0, 1.0]`, nil, "finite")
	mustFail(t, db, `MATCH (n:Other) SET n:Item`, nil, "dimensions")
	rows := mustRows(t, db, `CALL db.index.vector.queryNodes('emb', 3, [1.0, 9.0, 0.5]) YIELD node, score RETURN node.i AS i, score`, nil)
	if got := col(rows, 0); strings.Join(got, ",") != "9,8,7" {
		t.Fatalf("top3: %v", got)
	}
	rows = mustRows(t, db, `MATCH (n:Item) WHERE n.i < 3 WITH collect(n) AS ns
		CALL cyq.search.vector('emb', 2, vector([1.0, 9.0, 0.5]), ns) YIELD node, score RETURN node.i AS i`, nil)
	if got := col(rows, 0); strings.Join(got, ",") != "2,1" {
		t.Fatalf("filtered: %v", got)
	}
	rows = mustRows(t, db, `CALL cyq.search.vector('emb', 2, [1.0, 9.0, 0.5], 'Other') YIELD node RETURN node`, nil)
	if len(rows) != 0 {
		t.Fatalf("label filter: %v", rows)
	}
	mustFail(t, db, `CALL db.index.vector.queryNodes('emb', 3, [1.0, 9.0]) YIELD node RETURN node`, nil, "dimensions")
	mustFail(t, db, `CALL db.index.vector.queryNodes('emb', 3, 'text') YIELD node RETURN node`, nil, "no embedder")
	rows = mustRows(t, db, `RETURN vector_dimension_count(cyq.embed('graph database')) AS d`, nil)
	if value.Format(rows[0][0]) != "256" {
		t.Fatalf("cyq.embed: %v", rows)
	}
}

// fakeEmbedServer speaks the Ollama and OpenAI embedding protocols with a
// deterministic 4-dimensional embedding (counts of a, e, i, o plus one).
func fakeEmbedServer(t *testing.T) *httptest.Server { return fakeEmbedServerCtl(t, &embedCtl{}) }

// embedCtl controls a fake embedding server: while down it answers 503;
// calls and texts count the embedding requests it served.
type embedCtl struct {
	down         atomic.Bool
	calls, texts atomic.Int64
}

func fakeEmbedServerCtl(_ testing.TB, ctl *embedCtl) *httptest.Server {
	emb := func(s string) []float32 {
		v := []float32{1, 1, 1, 1}
		for _, r := range strings.ToLower(s) {
			switch r {
			case 'a':
				v[0]++
			case 'e':
				v[1]++
			case 'i':
				v[2]++
			case 'o':
				v[3]++
			}
		}
		return v
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/api/embed", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Model string   `json:"model"`
			Input []string `json:"input"`
		}
		if ctl.down.Load() {
			http.Error(w, `{"error":"model is loading"}`, http.StatusServiceUnavailable)
			return
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Model != "m1" {
			http.Error(w, `{"error":"bad request"}`, 400)
			return
		}
		ctl.calls.Add(1)
		ctl.texts.Add(int64(len(req.Input)))
		var out [][]float32
		for _, s := range req.Input {
			out = append(out, emb(s))
		}
		json.NewEncoder(w).Encode(map[string]any{"model": req.Model, "embeddings": out})
	})
	mux.HandleFunc("/v1/embeddings", func(w http.ResponseWriter, r *http.Request) {
		if ctl.down.Load() {
			http.Error(w, `{"error":{"message":"overloaded"}}`, http.StatusServiceUnavailable)
			return
		}
		if r.Header.Get("Authorization") != "Bearer k" {
			http.Error(w, `{"error":{"message":"unauthorized"}}`, 401)
			return
		}
		var req struct {
			Model string   `json:"model"`
			Input []string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, "bad", 400)
			return
		}
		ctl.calls.Add(1)
		ctl.texts.Add(int64(len(req.Input)))
		var data []map[string]any
		for i := len(req.Input) - 1; i >= 0; i-- { // out of order on purpose
			data = append(data, map[string]any{"object": "embedding", "index": i, "embedding": emb(req.Input[i])})
		}
		json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": data})
	})
	return httptest.NewServer(mux)
}

func TestEmbedderProviders(t *testing.T) {
	srv := fakeEmbedServer(t)
	defer srv.Close()
	db, err := openDB("", &engine.Options{Embed: search.EmbedOptions{OllamaURL: srv.URL, OpenAIURL: srv.URL, OpenAIKey: "k"}})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, spec := range []string{"ollama:m1", "openai:m1"} {
		e, err := db.Embedder(spec)
		if err != nil {
			t.Fatal(err)
		}
		vs, err := e.Embed(context.Background(), []string{"aaa", "io"})
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if len(vs) != 2 || vs[0][0] != 4 || vs[1][2] != 2 || vs[1][3] != 2 {
			t.Fatalf("%s: %v", spec, vs)
		}
	}
	mustRows(t, db, `CREATE (:T {text: 'banana'}), (:T {text: 'eerie'}), (:T {text: 'onion io'})`, nil)
	mustRows(t, db, `CREATE FULLTEXT INDEX tft FOR (n:T) ON EACH [n.text]`, nil)
	mustRows(t, db, "CREATE VECTOR INDEX tv FOR (n:T) ON (n.emb) OPTIONS {indexConfig: {`vector.dimensions`: 4, `cyq.embedder`: 'ollama:m1', `cyq.source`: 'text'}}", nil)
	rows := mustRows(t, db, `CALL cyq.embed.refresh('tv') YIELD embedded, pending, warning RETURN embedded, pending, warning`, nil)
	if got := strings.Join(col(rows, 0), ""); got != "3" {
		t.Fatalf("refresh: %v", rows)
	}
	rows = mustRows(t, db, `CALL db.index.vector.queryNodes('tv', 1, 'aaaa') YIELD node RETURN node.text AS t`, nil)
	if got := col(rows, 0); len(got) != 1 || got[0] != "'banana'" {
		t.Fatalf("vector by text: %v", got)
	}
	rows = mustRows(t, db, `CALL cyq.search.hybrid('tft', 'tv', 'onion', 3) YIELD node, score, textRank, vectorRank, warning RETURN node.text, textRank, vectorRank, warning`, nil)
	if len(rows) == 0 || value.Format(rows[0][0]) != "'onion io'" || value.Format(rows[0][1]) != "1" || !value.IsNull(rows[0][3]) {
		t.Fatalf("hybrid: %v", rows)
	}
	// Changing the source text re-embeds it at commit; refresh has nothing left to do.
	mustRows(t, db, `MATCH (n:T {text: 'banana'}) SET n.text = 'oooo'`, nil)
	if rows = mustRows(t, db, `CALL cyq.embed.refresh('tv') YIELD embedded, pending RETURN embedded, pending`, nil); value.Format(rows[0][0]) != "0" || value.Format(rows[0][1]) != "0" {
		t.Fatalf("re-embed: %v", rows)
	}
	rows = mustRows(t, db, `CALL db.index.vector.queryNodes('tv', 1, 'ooooo') YIELD node RETURN node.text AS t`, nil)
	if got := col(rows, 0); len(got) != 1 || got[0] != "'oooo'" {
		t.Fatalf("after re-embed: %v", got)
	}
	// Provider down: writes still commit; hybrid degrades to full-text with a warning; refresh reports pending.
	srv.Close()
	mustRows(t, db, `CREATE (:T {text: 'onion soup'})`, nil)
	rows = mustRows(t, db, `CALL cyq.search.hybrid('tft', 'tv', 'onion', 5) YIELD node, textRank, vectorRank, warning RETURN node.text, textRank, vectorRank, warning`, nil)
	if len(rows) != 2 || !strings.Contains(value.Format(rows[0][3]), "full-text only") || !value.IsNull(rows[0][2]) {
		t.Fatalf("degraded hybrid: %v", rows)
	}
	rows = mustRows(t, db, `CALL cyq.embed.refresh('tv') YIELD embedded, pending, warning RETURN embedded, pending, warning`, nil)
	if value.Format(rows[0][1]) != "1" || value.IsNull(rows[0][2]) {
		t.Fatalf("refresh while down: %v", rows)
	}
	mustFail(t, db, `CALL db.index.vector.queryNodes('tv', 1, 'aaaa') YIELD node RETURN node`, nil, "unavailable")
}

func TestDefaultEmbedderIndexAndHybrid(t *testing.T) {
	db, err := openDB("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	mustRows(t, db, "CREATE VECTOR INDEX dv FOR (n:D) ON (n.embedding) OPTIONS {indexConfig: {`cyq.embedder`: 'default', `cyq.source`: 'name'}}", nil)
	mustRows(t, db, `CREATE FULLTEXT INDEX dft FOR (n:D) ON EACH [n.name]`, nil)
	words := []string{"photosynthesis", "photograph", "telephone", "microscope", "astronomy", "biology"}
	rnd := rand.New(rand.NewSource(1))
	rnd.Shuffle(len(words), func(i, j int) { words[i], words[j] = words[j], words[i] })
	for _, w := range words {
		mustRows(t, db, `CREATE (:D {name: $w})`, map[string]any{"w": w})
	}
	rows := mustRows(t, db, `CALL db.index.vector.queryNodes('dv', 2, 'photographs') YIELD node RETURN node.name AS n`, nil)
	if got := col(rows, 0); len(got) != 2 || got[0] != "'photograph'" {
		t.Fatalf("default embedder: %v", got)
	}
	rows = mustRows(t, db, `CALL cyq.search.hybrid('dft', 'dv', 'photograph', 3) YIELD node, score, textRank, vectorRank RETURN node.name, textRank, vectorRank`, nil)
	if value.Format(rows[0][0]) != "'photograph'" || value.Format(rows[0][1]) != "1" || value.Format(rows[0][2]) != "1" {
		t.Fatalf("hybrid: %v", rows)
	}
}

func TestFulltextOptions(t *testing.T) {
	db, err := openDB("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	mustRows(t, db, "CREATE FULLTEXT INDEX a FOR (n:D) ON EACH [n.t] OPTIONS {indexConfig: {`bm25.k1`: 2.0}}", nil)
	mustRows(t, db, "CREATE FULLTEXT INDEX b FOR (n:D) ON EACH [n.t] OPTIONS {indexConfig: {`bm25.b`: 0}}", nil)
	mustFail(t, db, "CREATE FULLTEXT INDEX c FOR (n:D) ON EACH [n.t] OPTIONS {indexConfig: {`bm25.b`: 2}}", nil, "b in [0, 1]")
	mustFail(t, db, "CREATE FULLTEXT INDEX c FOR (n:D) ON EACH [n.t] OPTIONS {indexConfig: {foo: 1}}", nil, "unknown indexConfig key")
	mustFail(t, db, "CREATE VECTOR INDEX v FOR (n:D) ON (n.e)", nil, "vector.dimensions")
	mustFail(t, db, "CREATE VECTOR INDEX v FOR (n:D) ON (n.e) OPTIONS {indexConfig: {`vector.dimensions`: 3, `vector.similarity_function`: 'dot'}}", nil, "similarity")
	mustFail(t, db, "CREATE FULLTEXT INDEX FOR (n:D) ON EACH [n.t]", nil, "name")
	rows := mustRows(t, db, `CALL cyq.search.indexes() YIELD name, config RETURN name, config ORDER BY name`, nil)
	if got := col(rows, 1); len(got) != 2 || !strings.Contains(got[0], "`bm25.k1`: 2.0") || !strings.Contains(got[0], "`bm25.b`: 0.75") || !strings.Contains(got[1], "`bm25.b`: 0.0") {
		t.Fatalf("configs: %v", got)
	}
}

func TestHybridOptions(t *testing.T) {
	db, err := openDB("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	mustRows(t, db, "CREATE VECTOR INDEX dv FOR (n:D|E) ON (n.embedding) OPTIONS {indexConfig: {`cyq.embedder`: 'default', `cyq.source`: 'name'}}", nil)
	mustRows(t, db, `CREATE FULLTEXT INDEX dft FOR (n:D|E) ON EACH [n.name]`, nil)
	mustRows(t, db, `UNWIND ['photograph', 'photographs', 'photographer', 'telephone', 'astronomy'] AS w CREATE (:D {name: w})`, nil)
	mustRows(t, db, `CREATE (:E {name: 'photograph'})`, nil)
	run := func(opts string) [][]value.Value {
		t.Helper()
		return mustRows(t, db, `CALL cyq.search.hybrid('dft', 'dv', 'photograph', 10, `+opts+`) YIELD node, score, textRank, vectorRank, warning
			RETURN node.name, score, textRank, vectorRank, warning, labels(node)[0]`, nil)
	}
	all := run(`{}`)
	if len(all) < 4 || value.Format(all[0][0]) != "'photograph'" || value.Format(all[0][2]) != "1" || value.Format(all[0][3]) == "null" {
		t.Fatalf("defaults: %v", all)
	}
	if got := mustRows(t, db, `CALL cyq.search.hybrid('dft', 'dv', 'photograph', 10, null) YIELD node RETURN node`, nil); len(got) != len(all) {
		t.Fatalf("null options: %d rows, want %d", len(got), len(all))
	}
	// mode: one side only; the unused index may be null.
	for _, r := range run(`{mode: 'text'}`) {
		if !value.IsNull(r[3]) || value.IsNull(r[2]) {
			t.Fatalf("text mode: %v", r)
		}
	}
	text := mustRows(t, db, `CALL cyq.search.hybrid('dft', null, 'photograph', 10, {mode: 'text'}) YIELD node, score RETURN node`, nil)
	if len(text) != 4 { // photograph (twice), photographs, photographer: one stem
		t.Fatalf("text mode, null vector index: %v", text)
	}
	vec := mustRows(t, db, `CALL cyq.search.hybrid(null, 'dv', 'photograph', 10, {mode: 'vector'}) YIELD node, textRank, vectorRank RETURN node.name, textRank, vectorRank`, nil)
	if len(vec) < 4 || !value.IsNull(vec[0][1]) || value.Format(vec[0][2]) != "1" {
		t.Fatalf("vector mode: %v", vec)
	}
	// labels pre-filter.
	for _, r := range run(`{labels: ['E']}`) {
		if value.Format(r[5]) != "'E'" {
			t.Fatalf("labels: %v", r)
		}
	}
	if got := run(`{labels: ['Nope']}`); len(got) != 0 {
		t.Fatalf("unknown label: %v", got)
	}
	// rrfK and minScore: with rrfK 1, a node first in one list only scores 1/2.
	k1 := run(`{rrfK: 1, mode: 'text'}`)
	if value.Format(k1[0][1]) != "0.5" {
		t.Fatalf("rrfK: %v", k1)
	}
	both := run(`{minScore: 0.02}`) // above 1/61: found by both sides near the top
	if len(both) == 0 || len(both) >= len(all) {
		t.Fatalf("minScore: %d of %d", len(both), len(all))
	}
	for _, r := range both {
		if f, _ := r[1].(value.Float); f < 0.02 {
			t.Fatalf("minScore kept %v", r)
		}
	}
	// offset / skip.
	if got := run(`{offset: 1}`); len(got) != len(all)-1 || value.Format(got[0][0]) != value.Format(all[1][0]) {
		t.Fatalf("offset: %v", got)
	}
	if got := run(`{skip: 2}`); len(got) != len(all)-2 {
		t.Fatalf("skip: %v", got)
	}
	// minSimilarity: 1 keeps exact spellings only on the vector side.
	exact := mustRows(t, db, `CALL cyq.search.hybrid(null, 'dv', 'photograph', 10, {mode: 'vector', minSimilarity: 0.999}) YIELD node RETURN node.name`, nil)
	if got := col(exact, 0); strings.Join(got, ",") != "'photograph','photograph'" {
		t.Fatalf("minSimilarity: %v", got)
	}
	loose := mustRows(t, db, `CALL cyq.search.hybrid(null, 'dv', 'photograph', 10, {mode: 'vector', minSimilarity: -1}) YIELD node RETURN node`, nil)
	if len(loose) != 6 {
		t.Fatalf("minSimilarity -1: %d rows", len(loose))
	}
	// Bad options are ArgumentErrors with a hint.
	for opts, want := range map[string]string{
		`{fuzzy: true}`:                 "unknown option \"fuzzy\"",
		`{mode: 'semantic'}`:            "mode must be one of 'hybrid', 'text', 'vector'",
		`{mode: 3}`:                     "mode must be one of",
		`{labels: [1]}`:                 "labels must be a list of strings",
		`{minScore: 'high'}`:            "minScore must be a number",
		`{minScore: -1}`:                "minScore must be a number",
		`{minSimilarity: 2}`:            "minSimilarity must be a number between -1 and 1",
		`{rrfK: 0}`:                     "rrfK must be an integer between 1",
		`{rrfK: 2.5}`:                   "rrfK must be an integer",
		`{offset: -1}`:                  "offset must be an integer",
		`{offset: 1, skip: 1}`:          "offset or skip, not both",
		`'fast'`:                        "options must be a map",
		`{mode: 'vector', labels: 'D'}`: "", // a single label is accepted
	} {
		rows, err := db.Query(context.Background(), `CALL cyq.search.hybrid('dft', 'dv', 'photograph', 10, `+opts+`) YIELD node RETURN node`, nil)
		if err == nil {
			_, err = rows.All()
		}
		if want == "" {
			if err != nil {
				t.Errorf("%s: %v", opts, err)
			}
			continue
		}
		e := cyqerr.As(err)
		// A wrong argument type is found at compile time when the
		// argument's type is known (a literal), else when the call runs.
		if e == nil || !strings.Contains(e.Message, want) || e.Hint == "" || e.Type != cyqerr.ArgumentError && e.Code() != "SyntaxError.InvalidArgumentType" {
			t.Errorf("%s: got %v (%#v), want an ArgumentError with a hint containing %q", opts, err, e, want)
		}
	}
	mustFail(t, db, `CALL cyq.search.hybrid(null, 'dv', 'photograph', 10) YIELD node RETURN node`, nil, "full-text index name must be a string")
	mustFail(t, db, `CALL cyq.search.hybrid('dft', null, 'photograph', 10, {mode: 'hybrid'}) YIELD node RETURN node`, nil, "vector index name must be a string")
}

func TestHybridVectorModeProviderDown(t *testing.T) {
	ctl := &embedCtl{}
	srv := fakeEmbedServerCtl(t, ctl)
	defer srv.Close()
	db, err := openDB("", &engine.Options{Embed: search.EmbedOptions{OllamaURL: srv.URL}})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	mustRows(t, db, `CREATE FULLTEXT INDEX tft FOR (n:T) ON EACH [n.text]`, nil)
	mustRows(t, db, "CREATE VECTOR INDEX tv FOR (n:T) ON (n.emb) OPTIONS {indexConfig: {`vector.dimensions`: 4, `cyq.embedder`: 'ollama:m1', `cyq.source`: 'text'}}", nil)
	mustRows(t, db, `CREATE (:T {text: 'onion'})`, nil)
	ctl.down.Store(true)
	rows, err := db.Query(context.Background(), `CALL cyq.search.hybrid('tft', 'tv', 'onion', 5, {mode: 'vector'}) YIELD node RETURN node`, nil)
	if err == nil {
		_, err = rows.All()
	}
	if e := cyqerr.As(err); e == nil || e.Detail != "EmbedderUnavailable" || e.Hint == "" {
		t.Fatalf("vector mode, provider down: %v", err)
	}
	// The text mode never calls the provider.
	if got := mustRows(t, db, `CALL cyq.search.hybrid('tft', 'tv', 'onion', 5, {mode: 'text'}) YIELD node, warning RETURN node.text, warning`, nil); len(got) != 1 || !value.IsNull(got[0][1]) {
		t.Fatalf("text mode: %v", got)
	}
}
