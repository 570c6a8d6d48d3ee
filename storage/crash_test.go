package storage

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cyqdb/cyq/value"
)

// crashChild commits transactions forever; after each Commit returns it
// prints "C <seq>". Every 25 transactions it closes the store (writing
// its image if its overlay asks for one) and reopens it. Before every transaction whose seq is 10 mod 20 it
// bulk-loads a chain of bulkBatch nodes and prints "B <batch>" when
// BulkLoad returns. Transaction seq creates node Tx{seq}, a NEXT
// relationship from it to node seq-1 (property seq), a HUB relationship
// from the head node to it, and sets head.last = seq; every few
// transactions it also deletes and re-creates a HUB relationship, so
// adjacency chunks are rewritten, not only appended. After each
// transaction whose seq is 15 mod 20 it builds the index on Tx(seq), or
// drops it when present, and prints "I <seq> <true|false>" (the index
// present or not) when that Commit returns.
func crashChild(dir string) {
	fail := func(err error) {
		fmt.Println("error:", err)
		os.Exit(2)
	}
	s, err := Open(dir, nil)
	if err != nil {
		fail(err)
	}
	g, _ := s.Graph(DefaultGraph)
	ctx := context.Background()
	if err := crashConstraints(ctx, g); err != nil {
		fail(err)
	}
	st := crashState(g.Snapshot())
	for {
		if seq := st.last + 1; seq%20 == 10 {
			// A bulk load of bulkBatch nodes in a chain: all or nothing.
			// Batch numbers count the batches already present.
			snap := g.Snapshot()
			var batch int64
			if l, ok := snap.LabelID("Bulk"); ok {
				batch = int64(snap.NodesWithLabel(l).GetCardinality() / bulkBatch)
			}
			// First a load that breaks a constraint (crashConstraints):
			// a key the graph has already, or a BULK relationship
			// without its property. It must be refused and write
			// nothing (the verifier finds only complete batches).
			if batch > 0 {
				err := g.BulkLoad(ctx, BulkSourceFunc(func(b *BulkBuilder) error {
					l, k, ki, t := b.LabelID("Bulk"), b.PropKeyID("batch"), b.PropKeyID("i"), b.TypeID("BULK")
					n, err := b.AddNode([]uint32{l}, map[uint32]value.Value{k: value.Int(batch), ki: value.Int(0)})
					if err != nil {
						return err
					}
					m, err := b.AddNode([]uint32{l}, map[uint32]value.Value{k: value.Int(batch), ki: value.Int(1)})
					if err != nil {
						return err
					}
					ps := map[uint32]value.Value{ki: value.Int(0)}
					if batch%2 == 0 {
						_, err = b.AddNode([]uint32{l}, map[uint32]value.Value{k: value.Int(batch - 1), ki: value.Int(0)})
					} else {
						ps = nil
					}
					if err == nil {
						_, err = b.AddRel(n, m, t, ps)
					}
					return err
				}), nil)
				if !errors.Is(err, ErrConstraintViolation) {
					fail(fmt.Errorf("a load breaking a constraint: %v", err))
				}
			}
			err := g.BulkLoad(ctx, BulkSourceFunc(func(b *BulkBuilder) error {
				l, k, ki, t := b.LabelID("Bulk"), b.PropKeyID("batch"), b.PropKeyID("i"), b.TypeID("BULK")
				prev := uint32(0)
				for i := 0; i < bulkBatch; i++ {
					n, err := b.AddNode([]uint32{l}, map[uint32]value.Value{k: value.Int(batch), ki: value.Int(int64(i))})
					if err != nil {
						return err
					}
					if i > 0 {
						if _, err := b.AddRel(prev, n, t, map[uint32]value.Value{ki: value.Int(int64(i))}); err != nil {
							return err
						}
					}
					prev = n
				}
				// One relationship from the head into the batch, so a
				// load also changes adjacency the graph holds.
				if st.head != noNode {
					if _, err := b.AddRel(st.head, prev, b.TypeID("INTO"), nil); err != nil {
						return err
					}
				}
				return nil
			}), nil)
			if err != nil {
				fail(err)
			}
			os.Stdout.WriteString("B " + strconv.FormatInt(batch, 10) + "\n")
		}
		tx, err := g.Begin(ctx)
		if err != nil {
			fail(err)
		}
		lTx, _ := tx.LabelIDOrCreate("Tx")
		lHead, _ := tx.LabelIDOrCreate("Head")
		kSeq, _ := tx.PropKeyIDOrCreate("seq")
		kLast, _ := tx.PropKeyIDOrCreate("last")
		tNext, _ := tx.TypeIDOrCreate("NEXT")
		tHub, _ := tx.TypeIDOrCreate("HUB")
		seq := st.last + 1
		if st.head == noNode {
			if st.head, err = tx.CreateNode([]uint32{lHead}, nil); err != nil {
				fail(err)
			}
		}
		n, err := tx.CreateNode([]uint32{lTx}, map[uint32]value.Value{kSeq: value.Int(seq)})
		if err != nil {
			fail(err)
		}
		if seq > 0 {
			if _, err := tx.CreateRel(n, st.prev, tNext, map[uint32]value.Value{kSeq: value.Int(seq)}); err != nil {
				fail(err)
			}
		}
		if _, err := tx.CreateRel(st.head, n, tHub, nil); err != nil {
			fail(err)
		}
		if seq%5 == 4 {
			// Move one older HUB relationship: delete and re-create it.
			var victim uint64
			var nb uint32
			found := false
			tx.Expand(st.head, Out, tHub, func(rel uint64, x, _ uint32) bool {
				victim, nb, found = rel, x, true
				return rel < uint64(seq)/2
			})
			if found {
				if err := tx.DeleteRel(victim); err != nil {
					fail(err)
				}
				if _, err := tx.CreateRel(st.head, nb, tHub, nil); err != nil {
					fail(err)
				}
			}
		}
		if err := tx.SetNodeProp(st.head, kLast, value.Int(seq)); err != nil {
			fail(err)
		}
		if err := tx.Commit(); err != nil {
			fail(err)
		}
		os.Stdout.WriteString("C " + strconv.FormatInt(seq, 10) + "\n")
		st.last, st.prev = seq, n
		if seq%20 == 15 {
			// An index build (or drop) of its own: Tx(seq) is created
			// when absent, dropped when present; "I <seq> <1|0>" when
			// its Commit returns.
			tx, err := g.Begin(ctx)
			if err != nil {
				fail(err)
			}
			_, on := tx.Index(lTx, kSeq)
			if on {
				err = tx.DropIndex(lTx, kSeq)
			} else {
				err = tx.CreateIndex(lTx, kSeq)
			}
			if err == nil {
				err = tx.Commit()
			}
			if err != nil {
				fail(err)
			}
			os.Stdout.WriteString(fmt.Sprintf("I %d %t\n", seq, !on))
		}
		if seq%25 == 24 {
			// Close (which writes the graph's image) and reopen from
			// the image, so kills also land while images are written.
			if err := s.Close(); err != nil {
				fail(err)
			}
			if s, err = Open(dir, nil); err != nil {
				fail(err)
			}
			g, _ = s.Graph(DefaultGraph)
		}
	}
}

const noNode = ^uint32(0)

// indexAck is the last index build or drop the crash child acknowledged.
type indexAck struct {
	seq      int64
	on, seen bool
}

// crashConstraints gives the crash test's graph constraints that its bulk
// loads are checked against on the stream: a key on Bulk(batch, i), a
// type on Bulk(batch) and the existence of i on BULK relationships.
func crashConstraints(ctx context.Context, g *Graph) error {
	if len(SchemaDefs(g.Snapshot())) > 0 {
		return nil
	}
	tx, err := g.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, d := range []SchemaDef{
		{Name: "bulk_key", Constraint: true, Type: SchemaKey, Labels: []string{"Bulk"}, Props: []string{"batch", "i"}},
		{Name: "bulk_type", Constraint: true, Type: SchemaPropertyType, Labels: []string{"Bulk"}, Props: []string{"batch"}, PropTypes: []string{"INTEGER"}},
		{Name: "bulk_rel", Constraint: true, Rel: true, Type: SchemaExistence, Labels: []string{"BULK"}, Props: []string{"i"}},
	} {
		if err := tx.CreateSchema(d); err != nil {
			return err
		}
	}
	return tx.Commit()
}

const bulkBatch = 100

type crashView struct {
	head, prev uint32
	last       int64
}

// crashState reads the child's progress from a snapshot (last = -1: none).
func crashState(r Reader) crashView {
	v := crashView{head: noNode, prev: noNode, last: -1}
	lHead, ok := r.LabelID("Head")
	if !ok {
		return v
	}
	v.head = r.NodesWithLabel(lHead).Minimum()
	kLast, _ := r.PropKeyID("last")
	if x, ok := r.NodeProp(v.head, kLast); ok {
		v.last = int64(x.(value.Int))
	}
	lTx, _ := r.LabelID("Tx")
	kSeq, _ := r.PropKeyID("seq")
	it := r.NodesWithLabel(lTx).Iterator()
	for it.HasNext() {
		n := it.Next()
		if x, _ := r.NodeProp(n, kSeq); x == value.Int(v.last) {
			v.prev = n
		}
	}
	return v
}

// verifyCrashStore checks that the store holds exactly transactions
// 0..last, each complete, and returns last.
func verifyCrashStore(t *testing.T, r Reader, bulkOK map[int64]bool) int64 {
	t.Helper()
	st := crashState(r)
	if st.head == noNode {
		if r.NodeCount() != 0 || r.RelCount() != 0 {
			t.Fatalf("partial first transaction: %d nodes", r.NodeCount())
		}
		return -1
	}
	m := st.last
	lTx, _ := r.LabelID("Tx")
	kSeq, _ := r.PropKeyID("seq")
	if info, ok := r.Index(lTx, kSeq); ok {
		// The index on Tx(seq) holds exactly the Tx nodes: one entry
		// per transaction, each seq found through it.
		if info.Entries != uint64(m+1) {
			t.Fatalf("the index on Tx(seq) has %d entries for %d transactions", info.Entries, m+1)
		}
		for s := int64(0); s <= m; s++ {
			b := r.IndexSeek(lTx, kSeq, value.Int(s))
			if b.GetCardinality() != 1 {
				t.Fatalf("index seek of seq %d: %d nodes", s, b.GetCardinality())
			}
			if x, _ := r.NodeProp(b.Minimum(), kSeq); x != value.Int(s) {
				t.Fatalf("index seek of seq %d: a node with seq %v", s, x)
			}
		}
	}
	tNext, _ := r.TypeID("NEXT")
	tHub, _ := r.TypeID("HUB")
	// Bulk batches: each complete or absent.
	var bulkNodes, bulkRels uint64
	if lBulk, ok := r.LabelID("Bulk"); ok {
		kb, _ := r.PropKeyID("batch")
		tb, _ := r.TypeID("BULK")
		batches := map[int64]int{}
		it := r.NodesWithLabel(lBulk).Iterator()
		for it.HasNext() {
			n := it.Next()
			x, _ := r.NodeProp(n, kb)
			batches[int64(x.(value.Int))]++
			bulkRels += uint64(r.Degree(n, Out, tb))
		}
		for b, c := range batches {
			if c != bulkBatch {
				t.Fatalf("bulk batch %d has %d of %d nodes", b, c, bulkBatch)
			}
			bulkNodes += uint64(c)
			bulkOK[b] = true
		}
		if bulkRels != uint64(len(batches)*(bulkBatch-1)) {
			t.Fatalf("%d bulk batches with %d relationships", len(batches), bulkRels)
		}
	}
	if got := r.NodesWithLabel(lTx).GetCardinality(); got != uint64(m+1) || r.NodeCount()-bulkNodes != uint64(m+2) {
		t.Fatalf("last=%d but %d Tx nodes, %d nodes", m, got, r.NodeCount())
	}
	bySeq := make([]uint32, m+1)
	seen := make([]bool, m+1)
	it := r.NodesWithLabel(lTx).Iterator()
	for it.HasNext() {
		n := it.Next()
		x, ok := r.NodeProp(n, kSeq)
		if !ok {
			t.Fatalf("node %d without seq", n)
		}
		s := int64(x.(value.Int))
		if s < 0 || s > m || seen[s] {
			t.Fatalf("bad or duplicate seq %d (last %d)", s, m)
		}
		seen[s], bySeq[s] = true, n
	}
	for s := int64(1); s <= m; s++ {
		cnt := 0
		r.Expand(bySeq[s], Out, tNext, func(rel uint64, nb, _ uint32) bool {
			cnt++
			if nb != bySeq[s-1] {
				t.Fatalf("NEXT of %d points to %d", s, nb)
			}
			if p, _ := r.RelProp(rel, kSeq); p != value.Int(s) {
				t.Fatalf("NEXT of %d has seq %v", s, p)
			}
			return true
		})
		if cnt != 1 {
			t.Fatalf("tx %d has %d NEXT relationships", s, cnt)
		}
	}
	// Every batch has one INTO relationship from the head (created by
	// the first transaction) to its last node.
	var into uint64
	if tInto, ok := r.TypeID("INTO"); ok {
		r.Expand(st.head, Out, tInto, func(_ uint64, nb, _ uint32) bool {
			if lBulk, _ := r.LabelID("Bulk"); !r.NodesWithLabel(lBulk).Contains(nb) {
				t.Fatalf("INTO relationship to node %d, not a Bulk node", nb)
			}
			into++
			return true
		})
		if into != bulkNodes/bulkBatch {
			t.Fatalf("%d INTO relationships from the head for %d bulk batches", into, bulkNodes/bulkBatch)
		}
	}
	if r.RelCount()-bulkRels-into != uint64(2*m+1) || r.Degree(st.head, Out, tHub) != int(m+1) {
		t.Fatalf("last=%d: %d relationships, hub degree %d", m, r.RelCount(), r.Degree(st.head, Out, tHub))
	}
	if !r.Neighbors(st.head, Out, tHub).Equals(r.NodesWithLabel(lTx)) {
		t.Fatal("HUB neighbours are not the Tx nodes")
	}
	return m
}

// TestCrash kills a committing child process at random moments (at least
// 200 times) and checks after each kill that every transaction (and bulk
// load) whose Commit (BulkLoad) returned is fully present and none is
// partly present.
func TestCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test skipped in -short mode")
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewSource(time.Now().UnixNano()))
	const kills = 200
	deadline := time.Now().Add(120 * time.Second) // typically 15-25 s; generous for loaded machines
	confirmed := int64(-1)
	bulkConfirmed := map[int64]bool{}
	var idxAck indexAck
	killed, rebuilt, indexBuilds := 0, 0, 0
	for killed < kills {
		if time.Now().After(deadline) {
			t.Fatalf("only %d kill points before the deadline", killed)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
		cmd.Env = append(os.Environ(), "CYQ_STORAGE_HELPER=crash", "CYQ_STORAGE_DIR="+dir)
		out, err := cmd.StdoutPipe()
		check(t, err)
		cmd.Stderr = os.Stderr
		check(t, cmd.Start())
		lines := make(chan string, 1024)
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		// Kill at a random moment: sometimes during start-up, mostly mid-commit stream.
		delay := time.Duration(rng.Intn(25)) * time.Millisecond
		if rng.Intn(4) > 0 {
			// Wait for the first commit so that kills land among commits.
		first:
			for {
				select {
				case l, ok := <-lines:
					if !ok {
						break first
					}
					confirmed = parseLine(t, l, confirmed, bulkConfirmed, &idxAck)
					break first
				case <-time.After(5 * time.Second):
					t.Fatal("child made no progress")
				}
			}
		}
		timer := time.After(delay)
	wait:
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					break wait
				}
				confirmed = parseLine(t, l, confirmed, bulkConfirmed, &idxAck)
			case <-timer:
				break wait
			}
		}
		_ = cmd.Process.Signal(syscall.SIGKILL)
		for l := range lines {
			confirmed = parseLine(t, l, confirmed, bulkConfirmed, &idxAck)
		}
		_ = cmd.Wait()
		killed++
		s, err := Open(dir, nil)
		if err != nil {
			t.Fatalf("reopen after kill %d: %v", killed, err)
		}
		names, _ := os.ReadDir(dir)
		for _, n := range names {
			if strings.HasPrefix(n.Name(), bulkFilePrefix) {
				t.Fatalf("leftover bulk file %s after reopen", n.Name())
			}
		}
		if mustGraph(t, s, DefaultGraph).rebuilt {
			rebuilt++
		}
		present := map[int64]bool{}
		last := verifyCrashStore(t, mustGraph(t, s, DefaultGraph).Snapshot(), present)
		if snap := mustGraph(t, s, DefaultGraph).Snapshot(); idxAck.seen && last < idxAck.seq+20 {
			// No index build was started after the last acknowledged
			// one: its outcome must be there.
			lTx, _ := snap.LabelID("Tx")
			kSeq, _ := snap.PropKeyID("seq")
			if _, on := snap.Index(lTx, kSeq); on != idxAck.on {
				t.Fatalf("kill %d: the index build of %d returned (index present %v) but the index is present %v", killed, idxAck.seq, idxAck.on, on)
			}
			indexBuilds++
		}
		for b := range bulkConfirmed {
			if !present[b] {
				t.Fatalf("kill %d: bulk load %d returned but is missing", killed, b)
			}
		}
		check(t, s.Close())
		// The first open after a kill rebuilds the graph from its records
		// when the child committed after its image; this one opens from
		// the image, which must hold the same.
		s, err = Open(dir, &Options{ReadOnly: true})
		if err != nil {
			t.Fatalf("reopen from the image after kill %d: %v", killed, err)
		}
		if mustGraph(t, s, DefaultGraph).rebuilt {
			t.Fatalf("kill %d: reopened without the image and journal", killed)
		}
		if again := verifyCrashStore(t, mustGraph(t, s, DefaultGraph).Snapshot(), map[int64]bool{}); again != last {
			t.Fatalf("kill %d: the image ends at %d, the records at %d", killed, again, last)
		}
		check(t, s.Close())
		names, _ = os.ReadDir(dir)
		for _, n := range names {
			if strings.HasSuffix(n.Name(), ".tmp") {
				t.Fatalf("leftover temporary file %s after reopen", n.Name())
			}
		}
		if last < confirmed {
			t.Fatalf("kill %d: commit %d returned but the store ends at %d", killed, confirmed, last)
		}
	}
	t.Logf("%d kill points (%d reopened from the records), %d transactions and %d bulk loads confirmed; %d kill points checked an acknowledged index build or drop", killed, rebuilt, confirmed+1, len(bulkConfirmed), indexBuilds)
	if indexBuilds == 0 {
		t.Error("no kill point came after an acknowledged index build")
	}
}

func parseLine(t *testing.T, line string, prev int64, bulk map[int64]bool, idx *indexAck) int64 {
	if strings.HasPrefix(line, "I ") {
		f := strings.Fields(line)
		n, err := strconv.ParseInt(f[1], 10, 64)
		check(t, err)
		idx.seq, idx.on, idx.seen = n, f[2] == "true", true
		return prev
	}
	if strings.HasPrefix(line, "B ") {
		n, err := strconv.ParseInt(line[2:], 10, 64)
		check(t, err)
		bulk[n] = true
		return prev
	}
	if !strings.HasPrefix(line, "C ") {
		t.Fatalf("child: %s", line)
	}
	n, err := strconv.ParseInt(line[2:], 10, 64)
	check(t, err)
	if n != prev+1 && prev >= 0 && n <= prev {
		t.Fatalf("child reported %d after %d", n, prev)
	}
	return n
}
