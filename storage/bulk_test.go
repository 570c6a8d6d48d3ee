package storage

import (
	"bufio"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/internal/testenv"
	"github.com/cyqdb/cyq/value"
)

// slashdotSource parses the SNAP Slashdot edge list (gzip, tab-separated)
// straight into a BulkBuilder: node ids are the file's ids (0..82167,
// dense), relationships have type LINKS.
type slashdotSource struct {
	path string
	// labeled gives every node the label User (every tenth also Admin) and
	// a property ext holding its file id.
	labeled bool
}

func (s slashdotSource) Load(b *BulkBuilder) error {
	f, err := os.Open(s.path)
	if err != nil {
		return err
	}
	defer f.Close()
	zr, err := gzip.NewReader(bufio.NewReaderSize(f, 1<<16))
	if err != nil {
		return err
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		return err
	}
	typ := b.TypeID("LINKS")
	var nodes uint32
	// Header: "# Nodes: 82168 Edges: 948464".
	if i := strings.Index(string(data[:min(len(data), 4096)]), "# Nodes: "); i >= 0 {
		rest := string(data[i+9 : i+64])
		var n, e int
		fmt.Sscanf(rest, "%d Edges: %d", &n, &e)
		nodes = uint32(n)
		b.Reserve(n, e)
	}
	first, err := b.AddNodes(0, nil)
	if err != nil {
		return err
	}
	if s.labeled {
		user, admin, ext := b.LabelID("User"), b.LabelID("Admin"), b.PropKeyID("ext")
		for i := uint32(0); i < nodes; i++ {
			ls := []uint32{user}
			if i%10 == 0 {
				ls = []uint32{user, admin}
			}
			if _, err := b.AddNode(ls, map[uint32]value.Value{ext: value.Int(int64(i))}); err != nil {
				return err
			}
		}
	} else if _, err := b.AddNodes(int(nodes), nil); err != nil {
		return err
	}
	for len(data) > 0 {
		nl := 0
		for nl < len(data) && data[nl] != '\n' {
			nl++
		}
		line := data[:nl]
		if nl < len(data) {
			data = data[nl+1:]
		} else {
			data = nil
		}
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		var a, c uint32
		i := 0
		for i < len(line) && line[i] >= '0' && line[i] <= '9' {
			a = a*10 + uint32(line[i]-'0')
			i++
		}
		for i < len(line) && (line[i] == '\t' || line[i] == ' ') {
			i++
		}
		j := i
		for i < len(line) && line[i] >= '0' && line[i] <= '9' {
			c = c*10 + uint32(line[i]-'0')
			i++
		}
		if j == i {
			return fmt.Errorf("bad line %q", line)
		}
		if a >= nodes || c >= nodes {
			return fmt.Errorf("node id out of range in %q", line)
		}
		if _, err := b.AddRel(first+a, first+c, typ, nil); err != nil {
			return err
		}
	}
	return nil
}

func slashdotPath(tb testing.TB) string {
	return filepath.Join(testenv.Dataset(tb, "snap-soc-slashdot0902"), "soc-Slashdot0902.txt.gz")
}

func peakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			f := strings.Fields(l)
			if len(f) >= 2 {
				kb, _ := strconv.ParseInt(f[1], 10, 64)
				return kb << 10
			}
		}
	}
	return 0
}

func TestBulkLoadSlashdot(t *testing.T) {
	path := slashdotPath(t)
	dir := t.TempDir()
	s, err := Open(dir, nil)
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	var phases []BulkPhase
	start := time.Now()
	check(t, g.BulkLoad(context.Background(), slashdotSource{path: path}, func(p BulkProgress) {
		if len(phases) == 0 || phases[len(phases)-1] != p.Phase {
			phases = append(phases, p.Phase)
		}
	}))
	t.Logf("bulk load: %v, phases %v", time.Since(start), phases)
	snap := g.Snapshot()
	if snap.NodeCount() != 82168 || snap.RelCount() != 948464 {
		t.Fatalf("counts %d %d", snap.NodeCount(), snap.RelCount())
	}
	if phases[len(phases)-1] != BulkDone {
		t.Fatalf("phases %v", phases)
	}
	typ, _ := snap.TypeID("LINKS")
	// 0 -> 1 is the second line of the file.
	if !snap.Neighbors(0, Out, typ).Contains(1) || !snap.Neighbors(1, In, typ).Contains(0) {
		t.Fatal("edge 0->1 missing")
	}
	st := snap.Stats()
	check(t, s.Close())
	start = time.Now()
	s, err = Open(dir, nil)
	check(t, err)
	defer s.Close()
	t.Logf("reopen: %v", time.Since(start))
	snap2 := mustGraph(t, s, DefaultGraph).Snapshot()
	st2 := snap2.Stats()
	if st2.Nodes != st.Nodes || st2.Rels != st.Rels || st2.Degrees[DegreeKey{typ, Out}] != st.Degrees[DegreeKey{typ, Out}] {
		t.Fatalf("stats differ after reopen: %+v vs %+v", st2.Degrees, st.Degrees)
	}
	// Adjacency identical after reopen.
	for n := uint32(0); n < 82168; n += 97 {
		for _, d := range []Direction{Out, In} {
			if !snap.Neighbors(n, d, typ).Equals(snap2.Neighbors(n, d, typ)) {
				t.Fatalf("node %d %v differs after reopen", n, d)
			}
		}
	}
	t.Logf("degree out %+v in %+v, memory %d", st.Degrees[DegreeKey{typ, Out}], st.Degrees[DegreeKey{typ, In}], st.MemoryBytes)
}

func BenchmarkBulkLoadSlashdot(b *testing.B) {
	path := slashdotPath(b)
	var ms0 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		dir := b.TempDir()
		s, err := Open(dir, nil)
		check(b, err)
		g := mustGraph(b, s, DefaultGraph)
		b.StartTimer()
		check(b, g.BulkLoad(context.Background(), slashdotSource{path: path}, nil))
		b.StopTimer()
		check(b, s.Close())
		b.StartTimer()
	}
	b.StopTimer()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(948464*float64(b.N)/b.Elapsed().Seconds(), "rels/s")
	b.ReportMetric(float64(peakRSS())/(1<<20), "peakRSS-MiB")
	b.ReportMetric(float64(ms.TotalAlloc-ms0.TotalAlloc)/float64(b.N)/(1<<20), "alloc-MiB/op")
}

func BenchmarkBulkLoadSlashdotMem(b *testing.B) {
	path := slashdotPath(b)
	for i := 0; i < b.N; i++ {
		s, err := Open("db", &Options{FS: vfs.NewMem()})
		check(b, err)
		g := mustGraph(b, s, DefaultGraph)
		check(b, g.BulkLoad(context.Background(), slashdotSource{path: path}, nil))
		check(b, s.Close())
	}
	b.ReportMetric(948464*float64(b.N)/b.Elapsed().Seconds(), "rels/s")
}

// TestBulkLoadIntoExistingGraph bulk-loads twice on top of transactional
// data (relationships to old nodes, properties, labels, an index and a
// uniqueness constraint), checking against the model and after reopening.
func TestBulkLoadIntoExistingGraph(t *testing.T) {
	fs := vfs.NewMem()
	s, err := Open("db", &Options{FS: fs})
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	m := newModel()
	tx := begin(t, g)
	l := must(tx.LabelIDOrCreate("L"))(t)
	k := must(tx.PropKeyIDOrCreate("k"))(t)
	r := must(tx.TypeIDOrCreate("R"))(t)
	for i := 0; i < 5; i++ {
		ps := map[uint32]value.Value{k: value.Int(int64(i))}
		id := must(tx.CreateNode([]uint32{l}, ps))(t)
		m.nodes[id] = &mnode{labels: map[uint32]bool{l: true}, props: ps}
	}
	id := must(tx.CreateRel(0, 1, r, nil))(t)
	m.rels[id] = &mrel{0, 1, r, map[uint32]value.Value{}}
	check(t, tx.CreateUniqueConstraint(l, k))
	check(t, tx.Commit())
	for round := 0; round < 2; round++ {
		err := g.BulkLoad(context.Background(), BulkSourceFunc(func(b *BulkBuilder) error {
			l2 := b.LabelID("M")
			k2 := b.PropKeyID("w")
			t2 := b.TypeID("S")
			var ids []uint32
			for i := 0; i < 3000; i++ {
				ls := []uint32{l2}
				ps := map[uint32]value.Value{k2: value.String(fmt.Sprint(i % 10))}
				if i%100 == 0 {
					ls = append(ls, l)
					ps[k] = value.Int(int64(10000*(round+1) + i))
				}
				id, err := b.AddNode(ls, ps)
				if err != nil {
					return err
				}
				mn := &mnode{labels: map[uint32]bool{}, props: ps}
				for _, x := range ls {
					mn.labels[x] = true
				}
				m.nodes[id] = mn
				ids = append(ids, id)
			}
			for i, id := range ids {
				for _, to := range []uint32{0, ids[(i*31)%len(ids)], id} {
					ps := map[uint32]value.Value{}
					if i%3 == 0 {
						ps[k2] = value.Float(float64(i))
					}
					rid, err := b.AddRel(id, to, t2, ps)
					if err != nil {
						return err
					}
					m.rels[rid] = &mrel{id, to, t2, ps}
				}
			}
			return nil
		}), nil)
		check(t, err)
		snap := g.Snapshot()
		m.verify(t, snap)
		check(t, snap.checkConsistency())
		if got := snap.IndexSeek(l, k, value.Int(10000*int64(round+1)+200)); got.GetCardinality() != 1 {
			t.Fatalf("index after bulk load: %v", got)
		}
	}
	// A bulk load violating the constraint is refused and writes nothing.
	before := g.Snapshot().NodeCount()
	err = g.BulkLoad(context.Background(), BulkSourceFunc(func(b *BulkBuilder) error {
		_, err := b.AddNode([]uint32{l}, map[uint32]value.Value{k: value.Float(3)})
		return err
	}), nil)
	if !errors.Is(err, ErrConstraintViolation) || g.Snapshot().NodeCount() != before {
		t.Fatalf("violating bulk load: %v", err)
	}
	// Dangling endpoints are refused.
	err = g.BulkLoad(context.Background(), BulkSourceFunc(func(b *BulkBuilder) error {
		_, err := b.AddRel(0, 1<<30, r, nil)
		return err
	}), nil)
	if !errors.Is(err, ErrNotFound) {
		t.Fatalf("dangling bulk relationship: %v", err)
	}
	// Transactions work on top of bulk-loaded data.
	tx = begin(t, g)
	check(t, tx.DeleteNode(0, true))
	check(t, tx.Commit())
	delete(m.nodes, 0)
	for id, rl := range m.rels {
		if rl.s == 0 || rl.e == 0 {
			delete(m.rels, id)
		}
	}
	m.verify(t, g.Snapshot())
	check(t, s.Close())
	s, err = Open("db", &Options{FS: fs})
	check(t, err)
	defer s.Close()
	snap := mustGraph(t, s, DefaultGraph).Snapshot()
	m.verify(t, snap)
	check(t, snap.checkConsistency())
}

// TestMillionRelationshipHub: a node with over a million relationships is
// stored in bounded chunks, reloads, and takes transactional appends and
// deletions.
func TestMillionRelationshipHub(t *testing.T) {
	if testing.Short() {
		t.Skip("large")
	}
	fs := vfs.NewMem()
	s, err := Open("db", &Options{FS: fs})
	check(t, err)
	g := mustGraph(t, s, DefaultGraph)
	const n = 1<<20 + 1000
	check(t, g.BulkLoad(context.Background(), BulkSourceFunc(func(b *BulkBuilder) error {
		typ := b.TypeID("R")
		hub, _ := b.AddNodes(1001, nil)
		b.Reserve(0, n)
		for i := 0; i < n; i++ {
			if _, err := b.AddRel(hub, hub+1+uint32(i%1000), typ, nil); err != nil {
				return err
			}
		}
		return nil
	}), nil))
	// No Pebble value holds more than one chunk's entries.
	it, err := s.db.NewIter(nil)
	check(t, err)
	maxLen, chunks := 0, 0
	for ok := it.First(); ok; ok = it.Next() {
		if k := it.Key(); len(k) > 5 && k[0] == 1 && k[5] == tagAdj {
			chunks++
			maxLen = max(maxLen, len(it.Value()))
		}
	}
	check(t, it.Close())
	if chunks < n>>chunkBits || maxLen > 6<<chunkBits {
		t.Fatalf("%d chunks, largest value %d bytes", chunks, maxLen)
	}
	tx := begin(t, g)
	typ, _ := tx.TypeID("R")
	must(tx.CreateRel(0, 5, typ, nil))(t)
	check(t, tx.DeleteRel(12345))
	check(t, tx.Commit())
	check(t, s.Close())
	s, err = Open("db", &Options{FS: fs})
	check(t, err)
	defer s.Close()
	snap := mustGraph(t, s, DefaultGraph).Snapshot()
	if d := snap.Degree(0, Out, typ); d != n {
		t.Fatalf("hub degree %d", d)
	}
	if _, _, _, ok := snap.Rel(12345); ok {
		t.Fatal("deleted relationship came back")
	}
	want5 := 1 // the transactional one
	for i := 0; i < n; i++ {
		if i%1000 == 4 {
			want5++
		}
	}
	if snap.Neighbors(0, Out, typ).GetCardinality() != 1000 || snap.Degree(5, In, typ) != want5 {
		t.Fatal("hub neighbours")
	}
}
