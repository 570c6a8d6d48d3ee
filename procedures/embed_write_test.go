package procedures_test

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/cyqdb/cyq/internal/engine"

	"github.com/cyqdb/cyq/storage/search"

	"github.com/cyqdb/cyq/value"
)

// pendingLog records EmbedOptions.OnPending reports.
type pendingLog struct {
	mu  sync.Mutex
	got []search.EmbedPending
}

func (p *pendingLog) add(e search.EmbedPending) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.got = append(p.got, e)
}

func (p *pendingLog) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.got)
}

func embedWriteDB(t *testing.T, dir, url string, log *pendingLog) *engine.Engine {
	t.Helper()
	db, err := openDB(dir, &engine.Options{Embed: search.EmbedOptions{OllamaURL: url, OpenAIURL: url, OpenAIKey: "k", OnPending: log.add}})
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func count(t *testing.T, db *engine.Engine, q string) string {
	t.Helper()
	return value.Format(mustRows(t, db, q, nil)[0][0])
}

const unembedded = `MATCH (n:T) WHERE n.text IS NOT NULL AND n.emb IS NULL RETURN count(n)`

func TestEmbedOnWrite(t *testing.T) {
	for _, spec := range []string{"ollama:m1", "openai:m1"} {
		t.Run(spec, func(t *testing.T) {
			ctl := &embedCtl{}
			srv := fakeEmbedServerCtl(t, ctl)
			defer srv.Close()
			log := &pendingLog{}
			db := embedWriteDB(t, "", srv.URL, log)
			defer db.Close()
			mustRows(t, db, `CREATE FULLTEXT INDEX tft FOR (n:T) ON EACH [n.text]`, nil)
			mustRows(t, db, "CREATE VECTOR INDEX tv FOR (n:T) ON (n.emb) OPTIONS {indexConfig: {`vector.dimensions`: 4, `cyq.embedder`: '"+spec+"', `cyq.source`: 'text'}}", nil)

			// One commit, one provider call, every node embedded.
			mustRows(t, db, `UNWIND ['banana', 'eerie', 'onion io'] AS t CREATE (:T {text: t})`, nil)
			if c := ctl.calls.Load(); c != 1 {
				t.Fatalf("provider calls for one commit: %d", c)
			}
			if got := count(t, db, unembedded); got != "0" {
				t.Fatalf("not embedded: %s", got)
			}
			rows := mustRows(t, db, `CALL db.index.vector.queryNodes('tv', 1, 'aaaa') YIELD node RETURN node.text`, nil)
			if got := col(rows, 0); len(got) != 1 || got[0] != "'banana'" {
				t.Fatalf("vector by text: %v", got)
			}
			// SET re-embeds; writes that do not touch the source text call nobody.
			mustRows(t, db, `MATCH (n:T {text: 'banana'}) SET n.text = 'oooo'`, nil)
			rows = mustRows(t, db, `CALL db.index.vector.queryNodes('tv', 1, 'ooooo') YIELD node RETURN node.text`, nil)
			if got := col(rows, 0); len(got) != 1 || got[0] != "'oooo'" {
				t.Fatalf("after SET: %v", got)
			}
			before := ctl.calls.Load()
			mustRows(t, db, `MATCH (n:T) SET n.seen = true`, nil)
			mustRows(t, db, `MATCH (n:T {text: 'eerie'}) SET n.text = 'eerie'`, nil) // unchanged text
			mustRows(t, db, `CREATE (:Other {text: 'not indexed'})`, nil)
			if c := ctl.calls.Load(); c != before {
				t.Fatalf("unrelated writes called the provider %d times", c-before)
			}
			// REMOVE and DELETE drop the vector without a call.
			mustRows(t, db, `MATCH (n:T {text: 'oooo'}) REMOVE n.text`, nil)
			if got := count(t, db, `MATCH (n:T) WHERE n.text IS NULL AND n.emb IS NOT NULL RETURN count(n)`); got != "0" {
				t.Fatalf("vector kept after REMOVE: %s", got)
			}
			mustRows(t, db, `MATCH (n:T {text: 'eerie'}) DELETE n`, nil)
			if c := ctl.calls.Load(); c != before {
				t.Fatalf("REMOVE/DELETE called the provider %d times", c-before)
			}
			rows = mustRows(t, db, `CALL cyq.search.indexes() YIELD name, entries WHERE name = 'tv' RETURN entries`, nil)
			if value.Format(rows[0][0]) != "1" {
				t.Fatalf("vector entries: %v", rows)
			}
			// Explicit transactions embed at Commit.
			tx, err := db.Begin(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tx.Query(context.Background(), `CREATE (:T {text: 'kiwi'}), (:T {text: 'iiii'})`, nil); err != nil {
				t.Fatal(err)
			}
			if err := tx.Commit(); err != nil {
				t.Fatal(err)
			}
			if got := count(t, db, unembedded); got != "0" {
				t.Fatalf("explicit tx not embedded: %s", got)
			}

			// Provider down: the write commits, the node is pending and reported.
			ctl.down.Store(true)
			mustRows(t, db, `CREATE (:T {text: 'onion soup'})`, nil)
			if got := count(t, db, `MATCH (n:T {text: 'onion soup'}) RETURN count(n)`); got != "1" {
				t.Fatalf("write lost: %s", got)
			}
			if got := count(t, db, unembedded); got != "1" {
				t.Fatalf("pending: %s", got)
			}
			if log.count() != 1 || log.got[0].Index != "tv" || log.got[0].Nodes != 1 || log.got[0].Err == nil {
				t.Fatalf("OnPending: %+v", log.got)
			}
			rows = mustRows(t, db, `CALL cyq.search.hybrid('tft', 'tv', 'onion', 5) YIELD node, textRank, vectorRank, warning RETURN node.text, textRank, vectorRank, warning`, nil)
			if len(rows) != 2 || !strings.Contains(value.Format(rows[0][3]), "full-text only") || !value.IsNull(rows[0][2]) {
				t.Fatalf("degraded hybrid: %v", rows)
			}
			// Back up: hybrid works and says some nodes wait for refresh.
			ctl.down.Store(false)
			rows = mustRows(t, db, `CALL cyq.search.hybrid('tft', 'tv', 'onion', 5) YIELD node, warning RETURN node.text, warning`, nil)
			if len(rows) < 2 || !strings.Contains(value.Format(rows[0][1]), "no embedding yet") {
				t.Fatalf("pending warning: %v", rows)
			}
			rows = mustRows(t, db, `CALL cyq.embed.refresh('tv') YIELD embedded, pending, warning RETURN embedded, pending, warning`, nil)
			if value.Format(rows[0][0]) != "1" || value.Format(rows[0][1]) != "0" || !value.IsNull(rows[0][2]) {
				t.Fatalf("refresh: %v", rows)
			}
			rows = mustRows(t, db, `CALL cyq.search.hybrid('tft', 'tv', 'onion', 5, {minScore: 0.03}) YIELD node, vectorRank, warning RETURN node.text, vectorRank, warning`, nil)
			if len(rows) != 2 || !value.IsNull(rows[0][2]) || value.IsNull(rows[1][1]) { // both onions, found by both sides
				t.Fatalf("after refresh: %v", rows)
			}

			// The next successful write fills what an earlier failure left, in its own call.
			ctl.down.Store(true)
			mustRows(t, db, `CREATE (:T {text: 'apricot'})`, nil)
			ctl.down.Store(false)
			before = ctl.calls.Load()
			mustRows(t, db, `CREATE (:T {text: 'olive'})`, nil)
			if got := count(t, db, unembedded); got != "0" {
				t.Fatalf("backlog left: %s", got)
			}
			if c := ctl.calls.Load() - before; c != 1 {
				t.Fatalf("backlog fill took %d calls", c)
			}
		})
	}
}

// TestEmbedPendingSurvivesReopen: pending nodes are the committed data
// (source text, no vector), so they outlive the process; the first
// embedding write after Open, or refresh, fills them.
func TestEmbedPendingSurvivesReopen(t *testing.T) {
	ctl := &embedCtl{}
	srv := fakeEmbedServerCtl(t, ctl)
	defer srv.Close()
	dir := t.TempDir()
	log := &pendingLog{}
	db := embedWriteDB(t, dir, srv.URL, log)
	mustRows(t, db, "CREATE VECTOR INDEX tv FOR (n:T) ON (n.emb) OPTIONS {indexConfig: {`vector.dimensions`: 4, `cyq.embedder`: 'ollama:m1', `cyq.source`: 'text'}}", nil)
	ctl.down.Store(true)
	mustRows(t, db, `UNWIND range(1, 3) AS i CREATE (:T {text: 'pending ' + toString(i)})`, nil)
	if log.count() != 1 || log.got[0].Nodes != 3 {
		t.Fatalf("OnPending: %+v", log.got)
	}
	db.Close()
	ctl.down.Store(false)
	db = embedWriteDB(t, dir, srv.URL, log)
	defer db.Close()
	if got := count(t, db, unembedded); got != "3" {
		t.Fatalf("pending after reopen: %s", got)
	}
	mustRows(t, db, `CREATE (:T {text: 'fresh'})`, nil)
	if got := count(t, db, unembedded); got != "0" {
		t.Fatalf("first write after reopen left %s", got)
	}
	if got := count(t, db, `MATCH (n:T) WHERE n.emb IS NOT NULL RETURN count(n)`); got != "4" {
		t.Fatalf("embedded: %s", got)
	}
}

// TestEmbedWrongDimensions: a provider whose vectors do not fit the index
// leaves the nodes pending with a reason; the write commits.
func TestEmbedWrongDimensions(t *testing.T) {
	ctl := &embedCtl{}
	srv := fakeEmbedServerCtl(t, ctl)
	defer srv.Close()
	log := &pendingLog{}
	db := embedWriteDB(t, "", srv.URL, log)
	defer db.Close()
	mustRows(t, db, "CREATE VECTOR INDEX tv FOR (n:T) ON (n.emb) OPTIONS {indexConfig: {`vector.dimensions`: 8, `cyq.embedder`: 'ollama:m1', `cyq.source`: 'text'}}", nil)
	mustRows(t, db, `CREATE (:T {text: 'abc'})`, nil)
	if got := count(t, db, unembedded); got != "1" {
		t.Fatalf("pending: %s", got)
	}
	if log.count() != 1 || !strings.Contains(log.got[0].Err.Error(), "dimensions") {
		t.Fatalf("OnPending: %+v", log.got)
	}
	rows := mustRows(t, db, `CALL cyq.embed.refresh('tv') YIELD embedded, pending, warning RETURN embedded, pending, warning`, nil)
	if value.Format(rows[0][0]) != "0" || value.Format(rows[0][1]) != "1" || !strings.Contains(value.Format(rows[0][2]), "dimensions") {
		t.Fatalf("refresh: %v", rows)
	}
}

// BenchmarkEmbedOnWrite: one-node CREATE commits, without a vector index,
// and with a provider vector index embedding each write through a local
// server (the second includes the HTTP round trip and the second commit).
func BenchmarkEmbedOnWrite(b *testing.B) {
	for _, indexed := range []bool{false, true} {
		name := "plain"
		if indexed {
			name = "embedded"
		}
		b.Run(name, func(b *testing.B) {
			ctl := &embedCtl{}
			srv := fakeEmbedServerCtl(b, ctl)
			defer srv.Close()
			db, err := openDB("", &engine.Options{Embed: search.EmbedOptions{OllamaURL: srv.URL}})
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			ctx := context.Background()
			if indexed {
				if _, err := db.Query(ctx, "CREATE VECTOR INDEX tv FOR (n:T) ON (n.emb) OPTIONS {indexConfig: {`vector.dimensions`: 4, `cyq.embedder`: 'ollama:m1', `cyq.source`: 'text'}}", nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := db.Query(ctx, `CREATE (:T {text: $t})`, map[string]any{"t": "text number " + strconv.Itoa(i)}); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			if indexed && ctl.texts.Load() != int64(b.N) {
				b.Fatalf("embedded %d texts for %d writes", ctl.texts.Load(), b.N)
			}
		})
	}
}

// TestEmbedOnWriteConcurrent: concurrent writers each get their nodes
// embedded; nothing is left pending.
func TestEmbedOnWriteConcurrent(t *testing.T) {
	ctl := &embedCtl{}
	srv := fakeEmbedServerCtl(t, ctl)
	defer srv.Close()
	db := embedWriteDB(t, "", srv.URL, &pendingLog{})
	defer db.Close()
	mustRows(t, db, "CREATE VECTOR INDEX tv FOR (n:T) ON (n.emb) OPTIONS {indexConfig: {`vector.dimensions`: 4, `cyq.embedder`: 'ollama:m1', `cyq.source`: 'text'}}", nil)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				if _, err := db.Query(context.Background(), `CREATE (:T {text: $t})`, map[string]any{"t": strconv.Itoa(w) + " text " + strconv.Itoa(i)}); err != nil {
					errs <- err
					return
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if got := count(t, db, unembedded); got != "0" {
		t.Fatalf("left pending: %s", got)
	}
	if got := count(t, db, `MATCH (n:T) WHERE n.emb IS NOT NULL RETURN count(n)`); got != "80" {
		t.Fatalf("embedded: %s", got)
	}
}
