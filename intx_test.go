package cyq

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
)

// CALL { } IN TRANSACTIONS commits each batch durably on its own: after a
// failing batch under ON ERROR FAIL the statement reports the error, the
// earlier batches survive a reopen, and the counters of a statement that
// skipped a batch (ON ERROR CONTINUE) count only what was committed.
func TestCallInTransactionsBatches(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	db, err := Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.Exec(ctx, "UNWIND [1, 2, 3, 0, 4] AS i CALL (i) { CREATE (:T {v: 12 / i}) } IN TRANSACTIONS OF 3 ROWS", nil)
	var ce *cyqerr.Error
	if !errors.As(err, &ce) || ce.Code() != "ArithmeticError.DivisionByZero" || !strings.Contains(ce.Message, "batch 2 failed") || !strings.Contains(ce.Message, "the 1 batches before it stay committed") {
		t.Fatalf("failing batch: %v", err)
	}
	st, err := db.Exec(ctx, "UNWIND [5, 0, 6, 7] AS i CALL (i) { CREATE (:U {v: 12 / i}) } IN TRANSACTIONS OF 2 ROWS ON ERROR CONTINUE", nil)
	if err != nil || st.NodesCreated != 2 || st.PropertiesSet != 2 || st.LabelsAdded != 2 {
		t.Fatalf("ON ERROR CONTINUE: %+v %v", st, err)
	}
	db.Close()

	db, err = Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows := mustRun(t, db, "MATCH (n) RETURN labels(n)[0] AS l, count(*) AS c ORDER BY l", nil)
	if got := fmtV(rows[0][0]) + fmtV(rows[0][1]) + fmtV(rows[1][0]) + fmtV(rows[1][1]); len(rows) != 2 || got != "'T'3'U'2" {
		t.Fatalf("after reopening: %v", rows)
	}
}

// Inside an explicit transaction CALL { } IN TRANSACTIONS is an error, as
// in Neo4j: the batches could not commit on their own.
func TestCallInTransactionsExplicitTx(t *testing.T) {
	db, _ := Open("", nil)
	defer db.Close()
	ctx := context.Background()
	tx, err := db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	_, err = tx.Query(ctx, "UNWIND [1, 2] AS i CALL (i) { CREATE (:T) } IN TRANSACTIONS", nil)
	var ce *cyqerr.Error
	if !errors.As(err, &ce) || ce.Code() != "SemanticError.InvalidTransaction" || !ce.Pos.IsValid() {
		t.Fatalf("in an explicit transaction: %v", err)
	}
}
