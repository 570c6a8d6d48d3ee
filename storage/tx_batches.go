package storage

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
	if err := tx.publish(); err != nil {
		tx.RollbackBatch()
		return err
	}
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
