package mcp

import (
	"context"
	"time"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// The write tools of the knowledge graph: entities, relations,
// observations and bulk_update. Each call runs in one explicit transaction
// (cyq.Tx): it commits when every step succeeds and leaves nothing behind
// otherwise.

const refDesc = "an entity name (case-insensitive) or a node element id like 'n:42'"

// kgWriter runs write steps in one transaction.
type kgWriter struct {
	s       *Server
	t       *kgTarget
	tx      *cyq.Tx
	now     string
	created []value.Node // entities created in this transaction
}

// write runs fn in a transaction on the target graph and commits it.
func (s *Server) write(ctx context.Context, a *kgArgs, fn func(ctx context.Context, w *kgWriter) (map[string]any, string, error)) (map[string]any, string, error) {
	t, err := s.target(ctx, a.graph(), true)
	if err != nil {
		return nil, "", err
	}
	tx, err := t.db.Begin(ctx)
	if err != nil {
		return nil, "", err
	}
	w := &kgWriter{s: s, t: t, tx: tx, now: time.Now().UTC().Format(time.RFC3339)}
	out, text, err := fn(ctx, w)
	if err != nil {
		tx.Rollback()
		return nil, "", err
	}
	if err := tx.Commit(); err != nil {
		return nil, "", err
	}
	out["graph"] = t.name
	return out, text, nil
}

// kgOp is an action of a write tool (entityOp, relationOp, observationOp).
type kgOp func(w *kgWriter, ctx context.Context, action string, a *kgArgs) (map[string]any, string, error)

// writeOp runs the action of a write tool in a transaction.
func (s *Server) writeOp(ctx context.Context, a *kgArgs, action string, op kgOp) (map[string]any, string, error) {
	return s.write(ctx, a, func(ctx context.Context, w *kgWriter) (map[string]any, string, error) {
		return op(w, ctx, action, a)
	})
}

func (w *kgWriter) all(ctx context.Context, q string, params map[string]any) ([][]value.Value, error) {
	return kgAll(ctx, w.tx, q, params)
}

func (w *kgWriter) node(ctx context.Context, id uint32) (value.Node, bool, error) {
	rows, err := w.all(ctx, `MATCH (n) WHERE id(n) IN [$id] RETURN n`, map[string]any{"id": int64(id)})
	if err != nil || len(rows) == 0 {
		return value.Node{}, false, err
	}
	return rows[0][0].(value.Node), true, nil
}

// opError prefixes a bulk operation's error with where it happened and
// says that nothing was written.
func opError(where string, err error) error {
	e := cyqerr.As(withPrefix(where, err))
	if e == nil {
		return err
	}
	e.Message += "; nothing was written: fix this operation and send the whole batch again"
	return e
}
