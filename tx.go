package cyq

import (
	"context"

	"github.com/cyqdb/cyq/internal/engine"
	"github.com/cyqdb/cyq/value"
)

// Tx is an explicit write transaction: its queries see each other's
// writes, and nothing is visible to other readers or durable until Commit.
// A Tx is used by one goroutine at a time.
type Tx struct{ tx *engine.Tx }

// Begin starts a write transaction on the current graph. Only one write
// transaction runs at a time; Begin waits for the writer slot (bounded by
// ctx and the store's writer timeout). ctx bounds the whole transaction:
// if it ends before Commit, Commit rolls back and returns its error (see
// DB.Query for how such errors unwrap).
func (db *DB) Begin(ctx context.Context) (*Tx, error) {
	tx, err := db.eng.Begin(ctx)
	if err != nil {
		return nil, err
	}
	return &Tx{tx: tx}, nil
}

// Query runs a statement inside the transaction. Its rows are read in full
// before Query returns. A failing statement leaves the transaction usable
// only for Rollback.
func (t *Tx) Query(ctx context.Context, query string, params map[string]any) (*Rows, error) {
	return rows(t.tx.Query(ctx, query, params))
}

// QueryValues is Query with parameters already converted to values.
func (t *Tx) QueryValues(ctx context.Context, query string, params map[string]value.Value) (*Rows, error) {
	return rows(t.tx.QueryValues(ctx, query, params))
}

// Commit makes the transaction's writes durable and visible, atomically.
func (t *Tx) Commit() error { return t.tx.Commit() }

// Rollback discards the transaction's writes. It is safe after Commit.
func (t *Tx) Rollback() { t.tx.Rollback() }
