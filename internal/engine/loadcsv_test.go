package engine

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/cyqdb/cyq/cyqerr"
)

// TestLoadCSVSilentServer checks that LOAD CSV from a server that never
// answers stops at the query's timeout instead of holding the writer slot.
func TestLoadCSVSilentServer(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select { // say nothing until the client gives up or the test ends
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	eng, err := Open("", &Options{Run: RunOptions{Timeout: 200 * time.Millisecond}, Files: FileOptions{ImportDir: t.TempDir(), AllowURLs: true}})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	done := make(chan error, 1)
	go func() {
		_, err := eng.Query(context.Background(), "LOAD CSV FROM $url AS row CREATE (:Row {v: row[0]})", map[string]any{"url": srv.URL + "/rows.csv"})
		done <- err
	}()
	select {
	case err := <-done:
		e := cyqerr.As(err)
		if e == nil || e.Type != cyqerr.LimitExceeded {
			t.Fatalf("want a LimitExceeded error, got %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("LOAD CSV from a silent server did not stop at the query timeout")
	}
	// The writer slot is free again: a write succeeds.
	if _, err := eng.Query(context.Background(), "CREATE (:After)", nil); err != nil {
		t.Fatal(err)
	}
}
