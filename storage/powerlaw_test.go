package storage

import (
	"math/rand/v2"

	"github.com/cyqdb/cyq/value"
)

// powerLawSource bulk-loads a synthetic graph whose degrees follow a power
// law: rels relationships over rels/10 nodes, endpoints drawn from a Zipf
// distribution (s = 1.3) over a random permutation of the ids. Every node
// has the label Person (every tenth also Admin) and an integer property id;
// relationships have type KNOWS or (one in four) LIKES.
type powerLawSource struct {
	rels int
	seed uint64
}

func (s powerLawSource) Load(b *BulkBuilder) error {
	n := max(s.rels/10, 2)
	b.Reserve(n, s.rels)
	person, admin, id := b.LabelID("Person"), b.LabelID("Admin"), b.PropKeyID("id")
	knows, likes := b.TypeID("KNOWS"), b.TypeID("LIKES")
	first := uint32(0)
	for i := 0; i < n; i++ {
		ls := []uint32{person}
		if i%10 == 0 {
			ls = []uint32{admin, person}
			if admin > person {
				ls = []uint32{person, admin}
			}
		}
		nid, err := b.AddNode(ls, map[uint32]value.Value{id: value.Int(int64(i))})
		if err != nil {
			return err
		}
		if i == 0 {
			first = nid
		}
	}
	r := rand.New(rand.NewPCG(s.seed, 1))
	perm := r.Perm(n)
	z := rand.NewZipf(r, 1.3, 1, uint64(n-1))
	for i := 0; i < s.rels; i++ {
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
