package program

import (
	"context"
	"testing"

	"github.com/cyqdb/cyq/internal/engine"
	"github.com/cyqdb/cyq/procedures"
)

// testDB is an engine with the built-in procedures and its program runner,
// as cyq.Open and DB.Programs give them.
type testDB struct {
	*engine.Engine
	*Runner
}

func openTestDB(dir string, opts *engine.Options) (*testDB, error) {
	eng, err := engine.Open(dir, opts)
	if err != nil {
		return nil, err
	}
	procedures.Register(eng)
	return &testDB{eng, New(eng)}, nil
}

// newTestDB opens an in-memory testDB, closed when the test ends, and runs
// setup in it.
func newTestDB(t *testing.T, setup string) *testDB {
	t.Helper()
	db, err := openTestDB("", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Query(context.Background(), setup, nil); err != nil {
		t.Fatal(err)
	}
	return db
}
