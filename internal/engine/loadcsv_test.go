package engine

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// TestLoadCSVSilentServer checks that LOAD CSV from a server that never
// answers, or stops in the middle of the file, stops at the query's
// timeout, or when the caller's context ends, instead of holding the
// writer slot; nothing it read is committed.
func TestLoadCSVSilentServer(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/partial.csv" {
			w.Write([]byte("a\nb\n"))
			w.(http.Flusher).Flush()
		}
		select { // say nothing (more) until the client gives up or the test ends
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	for _, path := range []string{"/rows.csv", "/partial.csv"} {
		for _, bound := range []string{"timeout", "caller"} {
			t.Run(path+" "+bound, func(t *testing.T) {
				opts := &Options{Files: FileOptions{ImportDir: t.TempDir(), AllowURLs: true}}
				ctx := context.Background()
				if bound == "timeout" {
					opts.Run.Timeout = 200 * time.Millisecond
				} else {
					var cancel context.CancelFunc
					ctx, cancel = context.WithCancel(ctx)
					defer cancel()
					time.AfterFunc(200*time.Millisecond, cancel)
				}
				eng, err := Open("", opts)
				if err != nil {
					t.Fatal(err)
				}
				defer eng.Close()
				done := make(chan error, 1)
				go func() {
					_, err := eng.Query(ctx, "LOAD CSV FROM $url AS row CREATE (:Row {v: row[0]})", map[string]any{"url": srv.URL + path})
					done <- err
				}()
				select {
				case err := <-done:
					e := cyqerr.As(err)
					switch {
					case bound == "timeout" && (e == nil || e.Type != cyqerr.LimitExceeded):
						t.Fatalf("want a LimitExceeded error, got %v", err)
					case bound == "caller" && (e == nil || e.Type != cyqerr.Cancelled || !errors.Is(err, context.Canceled)):
						t.Fatalf("want a Cancelled error unwrapping to context.Canceled, got %v", err)
					}
				case <-time.After(20 * time.Second):
					t.Fatal("LOAD CSV from a silent server did not stop")
				}
				// The writer slot is free again, and nothing was committed.
				rows, err := eng.Query(context.Background(), "CREATE (:After) WITH 1 AS x MATCH (r:Row) RETURN count(r) AS n", nil)
				if err != nil {
					t.Fatal(err)
				}
				got, err := rows.All()
				if err != nil || len(got) != 1 || got[0][0] != value.Int(0) {
					t.Fatalf("rows after the stopped load: %v, %v", got, err)
				}
			})
		}
	}
}
