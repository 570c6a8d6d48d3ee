package storage

import (
	"fmt"
	"math/rand"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// TestConcurrentReadersAndWriter runs readers on snapshots while a writer
// commits transactions that each keep invariants only as a whole: money
// moves between accounts (the total is constant), nodes are created in
// linked pairs, and a label is moved between nodes. A reader that saw a
// partial transaction would see a broken invariant. Run with -race.
func TestConcurrentReadersAndWriter(t *testing.T) {
	s, _ := openMem(t)
	g := mustGraph(t, s, DefaultGraph)
	const accounts, total = 20, 20 * 100
	tx := begin(t, g)
	acct := must(tx.LabelIDOrCreate("Account"))(t)
	pair := must(tx.LabelIDOrCreate("Pair"))(t)
	tok := must(tx.LabelIDOrCreate("Token"))(t)
	bal := must(tx.PropKeyIDOrCreate("balance"))(t)
	link := must(tx.TypeIDOrCreate("LINK"))(t)
	ids := make([]uint32, accounts)
	for i := range ids {
		ids[i] = must(tx.CreateNode([]uint32{acct}, map[uint32]value.Value{bal: value.Int(100)}))(t)
	}
	check(t, tx.AddLabel(ids[0], tok))
	check(t, tx.CreateIndex(acct, bal))
	check(t, tx.Commit())

	var stop atomic.Bool
	var reads atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for r := 0; r < 4; r++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				snap := g.Snapshot()
				sum := int64(0)
				it := snap.NodesWithLabel(acct).Iterator()
				for it.HasNext() {
					v, _ := snap.NodeProp(it.Next(), bal)
					sum += int64(v.(value.Int))
				}
				pairs := snap.NodesWithLabel(pair).GetCardinality()
				var fail string
				switch {
				case sum != total:
					fail = fmt.Sprintf("sum %d", sum)
				case pairs%2 != 0 || snap.RelCount() != pairs/2:
					fail = fmt.Sprintf("%d pair nodes, %d relationships", pairs, snap.RelCount())
				case snap.NodesWithLabel(tok).GetCardinality() != 1:
					fail = "token not on exactly one node"
				case snap.Stats().RelsPerType[link] != snap.RelCount():
					fail = "stats out of step"
				}
				// Index agrees with the data in the same snapshot.
				n := uint64(0)
				for b := int64(0); b <= total && fail == ""; b += 50 {
					n += snap.IndexRange(acct, bal, value.Int(b), value.Int(b+50), true, false).GetCardinality()
				}
				if fail == "" && n != accounts {
					fail = fmt.Sprintf("index range covers %d accounts", n)
				}
				snap.Close()
				if fail != "" {
					errs <- fmt.Errorf("reader saw a partial transaction: %s", fail)
					return
				}
				reads.Add(1)
			}
		}()
	}
	rng := rand.New(rand.NewSource(2))
	tokAt := ids[0]
	for i := 0; i < 300; i++ {
		tx := begin(t, g)
		a, b := ids[rng.Intn(accounts)], ids[rng.Intn(accounts)]
		if a != b {
			va, _ := tx.NodeProp(a, bal)
			vb, _ := tx.NodeProp(b, bal)
			amt := int64(rng.Intn(10))
			check(t, tx.SetNodeProp(a, bal, value.Int(int64(va.(value.Int))-amt)))
			check(t, tx.SetNodeProp(b, bal, value.Int(int64(vb.(value.Int))+amt)))
		}
		x := must(tx.CreateNode([]uint32{pair}, nil))(t)
		y := must(tx.CreateNode([]uint32{pair}, nil))(t)
		must(tx.CreateRel(x, y, link, nil))(t)
		check(t, tx.RemoveLabel(tokAt, tok))
		tokAt = ids[rng.Intn(accounts)]
		check(t, tx.AddLabel(tokAt, tok))
		if i%7 == 0 {
			tx.Rollback()
			tokAt = g.Snapshot().NodesWithLabel(tok).Minimum()
			continue
		}
		check(t, tx.Commit())
	}
	stop.Store(true)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	t.Logf("%d consistent reads during 300 transactions", reads.Load())
}
