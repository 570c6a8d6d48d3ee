// Package scaling is the scaling benchmark: it generates power-law graphs
// of growing size and measures load, cold start and warm queries, each
// phase in a fresh process (see scaling_test.go).
package scaling

import (
	"math/rand/v2"

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
	r := rand.New(rand.NewPCG(p.Seed, 1))
	perm := r.Perm(n)
	z := rand.NewZipf(r, 1.3, 1, uint64(n-1))
	for i := 0; i < p.Rels; i++ {
		a := first + uint32(perm[z.Uint64()])
		c := first + uint32(r.IntN(n))
		t := knows
		if i%4 == 3 {
			t = likes
		}
		if _, err := b.AddRel(a, c, t, nil); err != nil {
			return err
		}
	}
	return nil
}
