package vm

import (
	"fmt"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// CALL { } IN TRANSACTIONS: the outer rows are saved in a table, then the
// body runs for them in batches of Rows rows, each batch's writes
// committed on their own (BatchWriter.CommitBatch) before the next batch
// starts. The body's result rows go to a second table, read after the
// last batch. When the body fails, the batch's writes are rolled back
// (RollbackBatch); ON ERROR FAIL then ends the statement with the error,
// the earlier batches staying committed, while CONTINUE and BREAK catch it
// (OpTrap) and give each row of the failed batch, and with BREAK each row
// after it, one result row with the body's columns null. REPORT STATUS
// reads each row's batch (OpTxStatus).
//
// The code the planner emits:
//
//	OpTxBegin spec, rows
//	OpOpenTable c, outer
//	loop: OpNextTable c, end
//	      OpTxRow c, null, batch    -> null when the row's batch does not run
//	      OpTrap failed             (CONTINUE, BREAK)
//	      body ... columns, OpTableAdd results ...
//	      OpUntrap
//	      OpGoto loop
//	failed: OpTxFailed c, results ; OpGoto loop
//	null: columns := null ; OpTableAdd results ; OpGoto loop
//	end:  OpTxEnd

// BatchWriter is a Writer that can commit its writes in batches, each
// durable on its own, for CALL { } IN TRANSACTIONS.
type BatchWriter interface {
	Writer
	// CommitBatch commits the writes since the last batch.
	CommitBatch() error
	// RollbackBatch abandons the writes since the last batch.
	RollbackBatch()
}

// TxSpec describes a CALL { } IN TRANSACTIONS.
type TxSpec struct {
	OnError uint8 // 0 FAIL, 1 CONTINUE, 2 BREAK (as ast.OnError)
}

// txBatch is what became of one batch.
type txBatch struct {
	committed bool
	err       string // the failure, "" when none
}

// txBatches is the state of a CALL { } IN TRANSACTIONS run.
type txBatches struct {
	spec    *TxSpec
	size    int64
	batches []txBatch
	open    bool  // the last batch runs and has not been committed
	rows    int64 // rows the open batch has started
	start   int   // the outer table position of the open batch's first row
	mark    int   // result rows before the open batch
	skip    int64 // rows of a failed batch still to give null results
	broken  bool  // BREAK: no batch starts any more
}

// catchable reports whether ON ERROR CONTINUE or BREAK may catch err:
// not a cancellation, a timeout or an exceeded budget, which end the
// statement.
func catchable(err error) bool {
	e, ok := err.(*cyqerr.Error)
	return !ok || (e.Type != cyqerr.Cancelled && e.Type != cyqerr.LimitExceeded)
}

// txBegin starts a run: size is the OF n ROWS value.
func (m *Machine) txBegin(spec *TxSpec, size value.Value) error {
	n, ok := size.(value.Int)
	if !ok || n < 1 {
		return cyqerr.Runtimef(cyqerr.ArgumentError, "InvalidArgumentValue", "IN TRANSACTIONS OF n ROWS takes a positive integer, not %s", value.Format(size)).
			WithHint("write OF 1000 ROWS, or leave OF n ROWS out for batches of 1000 rows")
	}
	m.txb = &txBatches{spec: spec, size: int64(n)}
	return nil
}

// txRow accounts for the outer row at position pos of the outer table
// (results: the result table): it commits the open batch when the row
// starts a new one. It returns the row's batch (-1: none) and whether the
// body runs for the row.
func (m *Machine) txRow(pos int, results *table) (int, bool, error) {
	st := m.txb
	if st.skip > 0 {
		st.skip--
		return len(st.batches) - 1, false, nil
	}
	if st.broken {
		return -1, false, nil
	}
	if st.open && st.rows >= st.size {
		if err := m.txCommit(); err != nil {
			return 0, false, err
		}
	}
	if !st.open {
		st.batches = append(st.batches, txBatch{})
		st.open, st.rows, st.start, st.mark = true, 0, pos, len(results.rows)
	}
	st.rows++
	return len(st.batches) - 1, true, nil
}

// txCommit commits the open batch.
func (m *Machine) txCommit() error {
	st := m.txb
	if !st.open {
		return nil
	}
	st.open = false
	if w, ok := m.ctx.Writer.(BatchWriter); ok {
		if err := w.CommitBatch(); err != nil {
			st.batches[len(st.batches)-1].err = err.Error()
			return err
		}
	}
	st.batches[len(st.batches)-1].committed = true
	return nil
}

// txFailed handles the failure err of the open batch under CONTINUE or
// BREAK: it rolls the batch back, drops its result rows and rewinds the
// outer cursor c to the batch's first row, whose rows then get null
// results.
func (m *Machine) txFailed(c *cursor, results *table, err error) {
	st := m.txb
	if w, ok := m.ctx.Writer.(BatchWriter); ok {
		w.RollbackBatch()
	}
	msg := err.Error()
	if e, ok := err.(*cyqerr.Error); ok {
		msg = e.Message
	}
	st.batches[len(st.batches)-1].err = msg
	st.open = false
	results.rows = results.rows[:st.mark]
	c.pos = st.start
	st.skip = st.size
	st.broken = st.spec.OnError == 2
}

// txStatus is the REPORT STATUS value of a row of batch i (-1: none).
func (m *Machine) txStatus(i int) value.Value {
	if i < 0 || m.txb == nil || i >= len(m.txb.batches) {
		return value.Map{"started": value.Bool(false), "committed": value.Bool(false), "transactionId": value.NullValue, "errorMessage": value.NullValue}
	}
	b := m.txb.batches[i]
	var msg value.Value = value.NullValue
	if b.err != "" {
		msg = value.String(b.err)
	}
	return value.Map{"started": value.Bool(true), "committed": value.Bool(b.committed),
		"transactionId": value.String(fmt.Sprintf("cyq-batch-%d", i+1)), "errorMessage": msg}
}

// TxReport describes how far a CALL { } IN TRANSACTIONS got: the batches
// committed, and the failed batch's number (0: none).
func (m *Machine) TxReport() (committed, failed int) {
	if m.txb == nil {
		return 0, 0
	}
	for i, b := range m.txb.batches {
		if b.committed {
			committed++
		} else if b.err != "" || (m.txb.open && i == len(m.txb.batches)-1) {
			failed = i + 1
		}
	}
	return committed, failed
}
