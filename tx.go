package cyq

import (
	"context"
	"time"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// Tx is an explicit write transaction: its queries see each other's
// writes, and nothing is visible to other readers or durable until Commit.
// A Tx is used by one goroutine at a time.
type Tx struct {
	db   *DB
	tx   *storage.Tx
	done bool
}

// Begin starts a write transaction on the current graph. Only one write
// transaction runs at a time; Begin waits for the writer slot (bounded by
// ctx and the store's writer timeout).
func (db *DB) Begin(ctx context.Context) (*Tx, error) {
	if db.opts.ReadOnly {
		return nil, cyqerr.Compile(cyqerr.AccessDenied, "ReadOnly", "the store is open read-only")
	}
	g, err := db.store.Graph(db.opts.Graph)
	if err != nil {
		return nil, mapStorageErr(err)
	}
	tx, err := g.Begin(ctx)
	if err != nil {
		return nil, mapStorageErr(err)
	}
	return &Tx{db: db, tx: tx}, nil
}

// Query runs a statement inside the transaction. Its rows are read in full
// before Query returns. A failing statement leaves the transaction usable
// only for Rollback.
func (t *Tx) Query(ctx context.Context, query string, params map[string]any) (*Rows, error) {
	if t.done {
		return nil, cyqerr.Runtimef(cyqerr.Internal, "TxDone", "the transaction has already ended")
	}
	vp := make(map[string]value.Value, len(params))
	for k, v := range params {
		x, err := value.FromGo(v)
		if err != nil {
			return nil, cyqerr.Compile(cyqerr.ArgumentError, "InvalidParameter", "parameter $%s: %v", k, err)
		}
		vp[k] = x
	}
	st, err := t.db.parser.Parse(query)
	if err != nil {
		return nil, err
	}
	if st.Command != nil {
		return nil, cyqerr.Compile(cyqerr.SemanticError, "Unsupported", "schema commands cannot run inside an explicit transaction").WithHint("run them with DB.Query")
	}
	compiled, err := t.db.compile(st, query, t.tx)
	if err != nil {
		return nil, err
	}
	if st.Explain {
		return explainRows(compiled), nil
	}
	if err := checkParams(compiled.Program, vp); err != nil {
		return nil, err
	}
	if t.db.opts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, t.db.opts.Timeout)
		defer cancel()
	}
	view := graphView{t.tx}
	m := vm.NewMachine(ctx, compiled.Program, view, txWriter{t.tx}, vp, t.db.opts.Limits)
	m.SetFileOpener(t.db.fileOpener())
	started := time.Now()
	if st.Profile {
		m.EnableProfile()
	}
	var rows [][]value.Value
	for {
		ok, err := m.Step()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		row, err := hydrateRow(view, m.Row())
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	out := &Rows{cols: compiled.Program.Columns, buffered: rows, pos: -1}
	if st.Profile {
		out.profile = profileText(compiled, m.Stats(), time.Since(started))
	}
	return out, nil
}

// Commit makes the transaction's writes durable and visible, atomically.
func (t *Tx) Commit() error {
	if t.done {
		return cyqerr.Runtimef(cyqerr.Internal, "TxDone", "the transaction has already ended")
	}
	t.done = true
	work := t.tx.EmbedWork() // nodes a provider embedder must embed (embed.go)
	if err := t.tx.Commit(); err != nil {
		return mapStorageErr(err)
	}
	t.db.embedAfterCommit(context.Background(), work)
	return nil
}

// Rollback discards the transaction's writes. It is safe after Commit.
func (t *Tx) Rollback() {
	if !t.done {
		t.done = true
		t.tx.Rollback()
	}
}
