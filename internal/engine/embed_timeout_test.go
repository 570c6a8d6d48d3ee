package engine

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/cyqdb/cyq/storage/search"
	"github.com/cyqdb/cyq/value"
)

// TestEmbedderSilentServer: calls to an embedder whose server never
// answers run under the caller's bounds: the query's timeout, the caller's
// context (of a query, and of a transaction at its commit) and the
// embedder's own request timeout. A write still commits, its nodes left
// pending with the reason reported; a query by text fails or warns
// without hanging.
func TestEmbedderSilentServer(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select { // say nothing until the client gives up or the test ends
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	const long, short = time.Minute, 300 * time.Millisecond
	cases := []struct {
		name              string
		runTimeout, embed time.Duration
		cancelAfter       time.Duration // the caller's context (0: never)
		tx                bool          // a transaction, committed explicitly
	}{
		{"query timeout", short, long, 0, false},
		{"embedder timeout", 0, short, 0, false},
		{"caller context", 0, long, short, false},
		{"transaction context", 0, long, short, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var mu sync.Mutex
			var pending []search.EmbedPending
			eng, err := Open("", &Options{Run: RunOptions{Timeout: c.runTimeout}, Embed: search.EmbedOptions{
				OllamaURL: srv.URL, Timeout: c.embed,
				OnPending: func(p search.EmbedPending) { mu.Lock(); pending = append(pending, p); mu.Unlock() },
			}})
			if err != nil {
				t.Fatal(err)
			}
			defer eng.Close()
			bg := context.Background()
			if _, err := eng.Query(bg, "CREATE VECTOR INDEX tv FOR (n:T) ON (n.emb) OPTIONS {indexConfig: {`vector.dimensions`: 4, `cyq.embedder`: 'ollama:m', `cyq.source`: 'text'}}", nil); err != nil {
				t.Fatal(err)
			}
			ctx := bg
			if c.cancelAfter > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithCancel(bg)
				defer cancel()
				time.AfterFunc(c.cancelAfter, cancel)
			}
			done := make(chan error, 1)
			go func() {
				if !c.tx {
					_, err := eng.Query(ctx, "CREATE (:T {text: 'banana'})", nil)
					done <- err
					return
				}
				tx, err := eng.Begin(ctx)
				if err == nil {
					_, err = tx.Query(ctx, "CREATE (:T {text: 'banana'})", nil)
				}
				if err == nil {
					err = tx.Commit()
				}
				done <- err
			}()
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("the write: %v", err)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("a write embedding through a silent server did not stop")
			}
			mu.Lock()
			if len(pending) != 1 || pending[0].Nodes != 1 || pending[0].Err == nil {
				t.Fatalf("pending reports: %+v", pending)
			}
			mu.Unlock()
			rows, err := eng.Query(bg, "MATCH (n:T) RETURN n.text AS t, n.emb IS NULL AS pending", nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := rows.All()
			if err != nil || len(got) != 1 || got[0][1] != value.Bool(true) {
				t.Fatalf("after the write: %v, %v", got, err)
			}
		})
	}
}
