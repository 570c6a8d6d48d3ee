package engine

import (
	"context"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// Tx is an explicit write transaction: its queries see each other's
// writes, and nothing is visible to other readers or durable until Commit.
// A Tx is used by one goroutine at a time.
type Tx struct {
	eng      *Engine
	ctx      context.Context // Begin's: it bounds the whole transaction
	tx       *storage.Tx
	done     bool
	counters Counters // of its statements so far
}

// Begin starts a write transaction on the current graph. Only one write
// transaction runs at a time; Begin waits for the writer slot (bounded by
// ctx and the store's writer timeout).
func (eng *Engine) Begin(ctx context.Context) (*Tx, error) {
	if err := started(ctx); err != nil {
		return nil, err
	}
	if eng.opts.ReadOnly {
		return nil, cyqerr.Compile(cyqerr.AccessDenied, "ReadOnly", "the store is open read-only")
	}
	g, err := eng.store.Graph(eng.opts.Graph)
	if err != nil {
		return nil, mapStorageErr(err)
	}
	tx, err := g.Begin(ctx)
	if err != nil {
		return nil, stopped(ctx, mapStorageErr(err))
	}
	return &Tx{eng: eng, ctx: ctx, tx: tx}, nil
}

// Query runs a statement inside the transaction. Its rows are read in full
// before Query returns. A failing statement leaves the transaction usable
// only for Rollback.
func (t *Tx) Query(ctx context.Context, query string, params map[string]any) (*Rows, error) {
	vp, err := Params(params)
	if err != nil {
		return nil, err
	}
	return t.QueryValues(ctx, query, vp)
}

// QueryValues is Query with parameters already converted to values.
func (t *Tx) QueryValues(ctx context.Context, query string, vp map[string]value.Value) (*Rows, error) {
	if t.done {
		return nil, cyqerr.Runtimef(cyqerr.Internal, "TxDone", "the transaction has already ended")
	}
	if err := started(ctx); err != nil {
		return nil, err
	}
	st, err := t.eng.parser.Parse(query)
	if err != nil {
		return nil, err
	}
	if st.Command != nil {
		return nil, cyqerr.Compile(cyqerr.SemanticError, "Unsupported", "schema commands cannot run inside an explicit transaction").WithHint("run them outside the transaction")
	}
	if err := refuseInExplicitTx(st, query); err != nil {
		return nil, err
	}
	compiled, err := t.eng.compile(st, query, t.tx, vp)
	if err != nil {
		return nil, err
	}
	if st.Explain {
		return explainRows(compiled), nil
	}
	if err := checkParams(compiled.Program, vp); err != nil {
		return nil, err
	}
	ctx, cancel := t.eng.withTimeout(ctx)
	defer cancel()
	rows, err := t.eng.runInTx(ctx, t.tx, st, compiled, vp)
	if err != nil {
		return nil, err
	}
	t.counters.Add(rows.counters)
	return rows, nil
}

// Counters returns what the transaction's statements have changed so far
// (made durable only by Commit).
func (t *Tx) Counters() Counters { return t.counters }

// Commit makes the transaction's writes durable and visible, atomically.
func (t *Tx) Commit() error {
	if t.done {
		return cyqerr.Runtimef(cyqerr.Internal, "TxDone", "the transaction has already ended")
	}
	t.done = true
	work := t.tx.EmbedWork() // nodes a provider embedder must embed (embed.go)
	if err := t.tx.Commit(); err != nil {
		return stopped(t.ctx, mapStorageErr(err))
	}
	// The embedder is called under Begin's context, which bounds the
	// whole transaction (and the embedder's own request timeout).
	t.eng.embedAfterCommit(t.ctx, work)
	return nil
}

// Rollback discards the transaction's writes. It is safe after Commit.
func (t *Tx) Rollback() {
	if !t.done {
		t.done = true
		t.tx.Rollback()
	}
}
