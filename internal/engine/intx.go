package engine

import (
	"fmt"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/vm"
)

// batchWriter is the writer of a statement with CALL { } IN TRANSACTIONS:
// it commits the storage transaction batch by batch, and keeps the
// statement's counters true: a batch rolled back takes its counts with it.
type batchWriter struct {
	txWriter
	mark Counters // the counts when the current batch began
}

var _ vm.BatchWriter = (*batchWriter)(nil)

// CommitBatch implements vm.BatchWriter.
func (w *batchWriter) CommitBatch() error {
	if err := w.tx.CommitBatch(); err != nil {
		*w.c = w.mark
		return mapStorageErr(err)
	}
	w.mark = *w.c
	return nil
}

// RollbackBatch implements vm.BatchWriter.
func (w *batchWriter) RollbackBatch() {
	w.tx.RollbackBatch()
	*w.c = w.mark
}

// writerFor is the writer a run of st in tx uses.
func writerFor(st *ast.Statement, tx *storage.Tx, c *Counters) vm.Writer {
	if inTransactions(st) != nil {
		return &batchWriter{txWriter: txWriter{tx, c}, mark: *c}
	}
	return txWriter{tx, c}
}

// inTransactions is the IN TRANSACTIONS of st's CALL subquery, if any.
func inTransactions(st *ast.Statement) *ast.InTransactions {
	var it *ast.InTransactions
	ast.Inspect(st, func(n ast.Node) bool {
		if x, ok := n.(*ast.InTransactions); ok {
			it = x
		}
		return it == nil
	})
	return it
}

// refuseInExplicitTx is the error for CALL { } IN TRANSACTIONS in an
// explicit transaction, which cannot commit the batches on their own.
func refuseInExplicitTx(st *ast.Statement, query string) error {
	it := inTransactions(st)
	if it == nil {
		return nil
	}
	return cyqerr.Compile(cyqerr.SemanticError, "InvalidTransaction", "CALL { } IN TRANSACTIONS can only run in an implicit (auto-commit) transaction, not in an explicit one").
		At(query, it.Span.Start).
		WithHint("run the statement on its own (db.Query or db.Exec), outside Begin ... Commit")
}

// batchFailure adds to the error of a statement whose CALL { } IN
// TRANSACTIONS failed under ON ERROR FAIL which batches committed and
// that the failed one was rolled back.
func batchFailure(m *vm.Machine, err error) error {
	committed, failed := m.TxReport()
	e, ok := err.(*cyqerr.Error)
	if failed == 0 || !ok {
		return err
	}
	e.Message = fmt.Sprintf("%s (CALL { } IN TRANSACTIONS: batch %d failed and was rolled back; the %d batches before it stay committed)", e.Message, failed, committed)
	if e.Hint == "" {
		e.Hint = "add ON ERROR CONTINUE to skip failing batches, or ON ERROR BREAK to stop after one"
	}
	return e
}
