package storage

import "fmt"

// CommitBatch makes the writes of the transaction so far durable and
// visible, as Commit does, but keeps the transaction open: it goes on
// from what it committed, still the graph's one writer. A statement that
// commits its writes in batches (CALL { } IN TRANSACTIONS) calls it
// between batches; RollbackBatch then undoes only the writes since.
// On an error nothing of the batch is durable or visible, and the
// transaction goes on from the previous batch.
func (tx *Tx) CommitBatch() error {
	if tx.done {
		return ErrTxDone
	}
	if err := tx.ctx.Err(); err != nil {
		return fmt.Errorf("storage: commit abandoned: %w", err)
	}
	if tx.g.dropped.Load() {
		return errorf(ErrNotFound, "graph %q was dropped", tx.g.name)
	}
	if err := tx.g.s.beginWrite(); err != nil {
		return err
	}
	defer tx.g.s.endWrite()
	if err := tx.CheckSchema(); err != nil { // constraints (schema.go)
		tx.RollbackBatch()
		return err
	}
	b := tx.g.s.db.NewBatch()
	defer b.Close()
	tx.applySearch()
	if err := tx.encode(b); err != nil {
		tx.RollbackBatch()
		return err
	}
	if !b.Empty() {
		if err := tx.g.s.commitBatch(b, tx.g, tx.journal()); err != nil {
			tx.RollbackBatch()
			return fmt.Errorf("storage: commit: %w", err)
		}
	}
	if invariants {
		if err := tx.version.checkConsistency(); err != nil {
			panic("storage: invariant violated after commit: " + err.Error())
		}
	}
	tx.g.s.mem.Add(tx.mem - tx.base.mem)
	tx.g.cur.Store(tx.version)
	tx.restart(tx.version)
	return nil
}

// RollbackBatch abandons the writes since the last CommitBatch (or since
// Begin); the transaction stays open.
func (tx *Tx) RollbackBatch() {
	if !tx.done {
		tx.restart(tx.base)
	}
}

// restart makes tx a fresh working copy of base, keeping the writer.
func (tx *Tx) restart(base *version) {
	*tx = *newTx(tx.g, tx.ctx, base)
}
