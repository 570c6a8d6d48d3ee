// Package scaling is the scaling benchmark: it generates power-law graphs
// of growing size and measures load, cold start and warm queries, each
// phase in a fresh process, for cyq and (on request) Kuzu (see
// scaling_test.go).
package scaling

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"

	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// PowerLaw is a synthetic graph of Rels relationships over Rels/10 nodes
// whose out-degrees follow a power law: start nodes are drawn from a Zipf
// distribution (s = 1.3) over a random permutation of the nodes, end nodes
// uniformly. Every node has the label Person (every tenth also Admin) and
// an integer property id (0, 1, ...); relationships have type KNOWS or
// (one in four) LIKES. The same Seed gives the same graph.
type PowerLaw struct {
	Rels int
	Seed uint64
}

// Nodes is the number of nodes.
func (p PowerLaw) Nodes() int { return max(p.Rels/10, 2) }

// ByRank returns the id property of the node of the given out-degree rank
// in the Zipf draw (0: the hub).
func (p PowerLaw) ByRank(rank int) int64 {
	r := rand.New(rand.NewPCG(p.Seed, 1))
	return int64(r.Perm(p.Nodes())[rank])
}

// EachRel calls fn for every relationship in order: the index (the id
// property) of its start and end nodes, and whether its type is LIKES.
// Node i has id property i, and is an Admin when i%10 == 0.
func (p PowerLaw) EachRel(fn func(start, end int, likes bool) error) error {
	n := p.Nodes()
	r := rand.New(rand.NewPCG(p.Seed, 1))
	perm := r.Perm(n)
	z := rand.NewZipf(r, 1.3, 1, uint64(n-1))
	for i := 0; i < p.Rels; i++ {
		a := perm[z.Uint64()]
		c := r.IntN(n)
		if err := fn(a, c, i%4 == 3); err != nil {
			return err
		}
	}
	return nil
}

// Load implements storage.BulkSource.
func (p PowerLaw) Load(b *storage.BulkBuilder) error {
	n := p.Nodes()
	b.Reserve(n, p.Rels)
	person, admin, id := b.LabelID("Person"), b.LabelID("Admin"), b.PropKeyID("id")
	knows, likes := b.TypeID("KNOWS"), b.TypeID("LIKES")
	labels := []uint32{min(person, admin), max(person, admin)}
	first := uint32(0)
	for i := 0; i < n; i++ {
		ls := labels[:1:1]
		if person > admin {
			ls = labels[1:]
		}
		if i%10 == 0 {
			ls = labels
		}
		nid, err := b.AddNode(ls, map[uint32]value.Value{id: value.Int(int64(i))})
		if err != nil {
			return err
		}
		if i == 0 {
			first = nid
		}
	}
	return p.EachRel(func(a, c int, isLikes bool) error {
		t := knows
		if isLikes {
			t = likes
		}
		_, err := b.AddRel(first+uint32(a), first+uint32(c), t, nil)
		return err
	})
}

// WriteCSV writes the graph as CSV files for Kuzu's COPY into dir:
// person.csv (id, admin), knows.csv and likes.csv (start id, end id).
func (p PowerLaw) WriteCSV(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	type out struct {
		f *os.File
		w *bufio.Writer
	}
	open := func(name string) (*out, error) {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		return &out{f, bufio.NewWriterSize(f, 1<<20)}, nil
	}
	var files []*out
	defer func() {
		for _, o := range files {
			_ = o.f.Close()
		}
	}()
	var err error
	var persons, knows, likes *out
	for _, x := range []struct {
		o    **out
		name string
	}{{&persons, "person.csv"}, {&knows, "knows.csv"}, {&likes, "likes.csv"}} {
		if *x.o, err = open(x.name); err != nil {
			return err
		}
		files = append(files, *x.o)
	}
	var line []byte
	for i := 0; i < p.Nodes(); i++ {
		line = strconv.AppendInt(line[:0], int64(i), 10)
		line = append(line, ',')
		line = strconv.AppendBool(line, i%10 == 0)
		line = append(line, '\n')
		if _, err := persons.w.Write(line); err != nil {
			return err
		}
	}
	err = p.EachRel(func(a, c int, isLikes bool) error {
		o := knows
		if isLikes {
			o = likes
		}
		line = strconv.AppendInt(line[:0], int64(a), 10)
		line = append(line, ',')
		line = strconv.AppendInt(line, int64(c), 10)
		line = append(line, '\n')
		_, err := o.w.Write(line)
		return err
	})
	if err != nil {
		return err
	}
	for _, o := range files {
		if err := o.w.Flush(); err != nil {
			return fmt.Errorf("%s: %w", o.f.Name(), err)
		}
		if err := o.f.Close(); err != nil {
			return err
		}
	}
	files = nil
	return nil
}
