package storage

import (
	"testing"

	"github.com/cyqdb/cyq/value"
)

// CommitBatch makes the writes so far durable and visible while the
// transaction goes on; RollbackBatch undoes only the writes since; both
// survive a reopen as committed.
func TestTxBatches(t *testing.T) {
	s, fs := openMem(t)
	g := mustGraph(t, s, DefaultGraph)
	tx := begin(t, g)
	l := must(tx.LabelIDOrCreate("L"))(t)
	k := must(tx.PropKeyIDOrCreate("k"))(t)
	a := must(tx.CreateNode([]uint32{l}, map[uint32]value.Value{k: value.Int(1)}))(t)
	check(t, tx.CommitBatch())
	if n := g.Snapshot().NodeCount(); n != 1 {
		t.Fatalf("after the first batch: %d nodes visible", n)
	}
	b := must(tx.CreateNode([]uint32{l}, nil))(t)
	check(t, tx.SetNodeProp(a, k, value.Int(2)))
	must(tx.CreateRel(a, b, must(tx.TypeIDOrCreate("R"))(t), nil))(t)
	tx.RollbackBatch()
	if tx.NodeCount() != 1 || tx.RelCount() != 0 {
		t.Fatalf("after the rollback: %d nodes, %d relationships in the transaction", tx.NodeCount(), tx.RelCount())
	}
	if v, _ := tx.NodeProp(a, k); v != value.Int(1) {
		t.Fatalf("after the rollback k = %v", v)
	}
	must(tx.CreateNode([]uint32{l}, nil))(t)
	check(t, tx.Commit())
	if n := g.Snapshot().NodeCount(); n != 2 {
		t.Fatalf("after commit: %d nodes", n)
	}
	check(t, s.Close())
	s2, err := Open("db", &Options{FS: fs})
	check(t, err)
	defer s2.Close()
	snap := mustGraph(t, s2, DefaultGraph).Snapshot()
	if snap.NodeCount() != 2 || snap.RelCount() != 0 || snap.NodesWithLabel(l).GetCardinality() != 2 {
		t.Fatalf("after reopening: %d nodes, %d relationships", snap.NodeCount(), snap.RelCount())
	}
	if v, _ := snap.NodeProp(a, k); v != value.Int(1) {
		t.Fatalf("after reopening k = %v", v)
	}
}
