package storage

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

// constrainedSchema is one constraint of every kind, on nodes and on
// relationships: existence, property type, uniqueness and key on one
// property (served by a unique index) and on two.
var constrainedSchema = []SchemaDef{
	{Name: "c_exists", Constraint: true, Type: SchemaExistence, Labels: []string{"L0"}, Props: []string{"k0"}},
	{Name: "c_type", Constraint: true, Type: SchemaPropertyType, Labels: []string{"L1"}, Props: []string{"k1"}, PropTypes: []string{"INTEGER"}},
	{Name: "c_unique1", Constraint: true, Type: SchemaUnique, Labels: []string{"L1"}, Props: []string{"k2"}},
	{Name: "c_unique2", Constraint: true, Type: SchemaUnique, Labels: []string{"L2"}, Props: []string{"k0", "k1"}},
	{Name: "c_key2", Constraint: true, Type: SchemaKey, Labels: []string{"L3"}, Props: []string{"k1", "k2"}},
	{Name: "r_exists", Constraint: true, Rel: true, Type: SchemaExistence, Labels: []string{"T0"}, Props: []string{"k0"}},
	{Name: "r_type", Constraint: true, Rel: true, Type: SchemaPropertyType, Labels: []string{"T1"}, Props: []string{"k0"}, PropTypes: []string{"STRING"}},
	{Name: "r_unique", Constraint: true, Rel: true, Type: SchemaUnique, Labels: []string{"T2"}, Props: []string{"k1"}},
}

// batchOp is one node or relationship of a load, applied alike to a
// transaction and to a bulk load. A relationship's ends are existing
// node ids, or -(i+1) for the batch's i-th node.
type batchOp struct {
	node   bool
	labels []uint32
	props  map[uint32]value.Value
	s, e   int64
	typ    uint32
}

// constrainedBatch makes a random batch that mostly keeps the rules:
// values are drawn from small ranges (so duplicates happen), and now
// and then a property is left out or of another type.
func constrainedBatch(rng *rand.Rand, existing []uint32, labels, types, keys []uint32, strict bool) []batchOp {
	val := func() value.Value {
		switch {
		case !strict && rng.Intn(40) == 0:
			return value.String("s")
		case !strict && rng.Intn(40) == 0:
			return value.Float(float64(rng.Intn(3)))
		}
		return value.Int(rng.Int63n(1 << 40))
	}
	var ops []batchOp
	n := 1 + rng.Intn(40)
	for range n {
		ls := []uint32{labels[rng.Intn(len(labels))]}
		ps := map[uint32]value.Value{}
		for _, k := range keys {
			if strict || rng.Intn(30) != 0 {
				ps[k] = val()
			}
		}
		if !strict && rng.Intn(25) == 0 {
			ps[keys[rng.Intn(len(keys))]] = value.Int(int64(rng.Intn(2))) // likely a duplicate
		}
		ops = append(ops, batchOp{node: true, labels: ls, props: ps})
	}
	end := func() int64 {
		if len(existing) > 0 && rng.Intn(2) == 0 {
			return int64(existing[rng.Intn(len(existing))])
		}
		return -int64(1 + rng.Intn(n))
	}
	for range rng.Intn(60) {
		ps := map[uint32]value.Value{keys[0]: value.String(fmt.Sprint(rng.Int63())), keys[1]: val()}
		if !strict && rng.Intn(30) == 0 {
			delete(ps, keys[0])
		}
		if !strict && rng.Intn(30) == 0 {
			ps[keys[0]] = value.Int(1)
		}
		ops = append(ops, batchOp{s: end(), e: end(), typ: types[rng.Intn(len(types))], props: ps})
	}
	return ops
}

// applyBatch adds ops through addNode and addRel.
func applyBatch(ops []batchOp, addNode func([]uint32, map[uint32]value.Value) (uint32, error), addRel func(s, e, t uint32, ps map[uint32]value.Value) error) error {
	var ids []uint32
	id := func(x int64) uint32 {
		if x < 0 {
			return ids[-x-1]
		}
		return uint32(x)
	}
	for _, op := range ops {
		if op.node {
			n, err := addNode(op.labels, op.props)
			if err != nil {
				return err
			}
			ids = append(ids, n)
		}
	}
	for _, op := range ops {
		if !op.node {
			if err := addRel(id(op.s), id(op.e), op.typ, op.props); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestBulkStreamedConstraints: loads into graphs with constraints of
// every kind are streamed, and each is refused exactly when the same
// writes in a transaction break a constraint (checked by CheckSchema, or
// by a unique index at the write), with ErrConstraintViolation and the
// graph unchanged; accepted loads match the model, the records and a
// check of every constraint over the whole graph.
func TestBulkStreamedConstraints(t *testing.T) {
	refused, accepted := 0, 0
	for seed := int64(1); seed <= 12; seed++ {
		rng := rand.New(rand.NewSource(seed))
		fs := vfs.NewMem()
		s, err := Open("db", &Options{FS: fs})
		check(t, err)
		g := mustGraph(t, s, DefaultGraph)
		tx := begin(t, g)
		var labels, types, keys []uint32
		for i := range 4 {
			labels = append(labels, must(tx.LabelIDOrCreate(fmt.Sprint("L", i)))(t))
			keys = append(keys, must(tx.PropKeyIDOrCreate(fmt.Sprint("k", i)))(t))
		}
		for i := range 3 {
			types = append(types, must(tx.TypeIDOrCreate(fmt.Sprint("T", i)))(t))
		}
		for _, d := range constrainedSchema {
			check(t, tx.CreateSchema(d))
		}
		check(t, tx.Commit())
		m := newModel()
		var existing []uint32
		for round := range 8 {
			ops := constrainedBatch(rng, existing, labels, types, keys, round == 0)
			// The same writes in a transaction, then rolled back.
			tx := begin(t, g)
			txErr := applyBatch(ops, tx.CreateNode, func(s, e, typ uint32, ps map[uint32]value.Value) error {
				_, err := tx.CreateRel(s, e, typ, ps)
				return err
			})
			if txErr == nil {
				txErr = tx.CheckSchema()
			}
			tx.Rollback()
			if txErr != nil && !errors.Is(txErr, ErrConstraintViolation) {
				t.Fatalf("seed %d round %d: transaction: %v", seed, round, txErr)
			}
			before := g.Snapshot().version
			next := m.clone()
			err := g.BulkLoad(context.Background(), BulkSourceFunc(func(b *BulkBuilder) error {
				return applyBatch(ops, func(ls []uint32, ps map[uint32]value.Value) (uint32, error) {
					id, err := b.AddNode(ls, ps)
					if err == nil {
						mn := &mnode{labels: map[uint32]bool{}, props: ps}
						for _, l := range ls {
							mn.labels[l] = true
						}
						next.nodes[id] = mn
					}
					return id, err
				}, func(s, e, typ uint32, ps map[uint32]value.Value) error {
					id, err := b.AddRel(s, e, typ, ps)
					if err == nil {
						next.rels[id] = &mrel{s: s, e: e, t: typ, props: ps}
					}
					return err
				})
			}), nil)
			if (txErr != nil) != (err != nil) {
				t.Fatalf("seed %d round %d: the transaction gave %v, the load %v", seed, round, txErr, err)
			}
			if err != nil {
				if !errors.Is(err, ErrConstraintViolation) {
					t.Fatalf("seed %d round %d: load: %v", seed, round, err)
				}
				if g.Snapshot().version != before {
					t.Fatal("a refused load changed the graph")
				}
				m.verify(t, g.Snapshot())
				refused++
				continue
			}
			accepted++
			m = next
			snap := g.Snapshot()
			if snap.version.nodes.baseImage() == nil || g.imgSeq.Load() != g.seq.Load() {
				t.Fatal("the load was not streamed")
			}
			m.verify(t, snap)
			for _, d := range constrainedSchema {
				if c := snap.version.resolve(&d); c != nil {
					check(t, snap.version.checkConstraint(c, nil, nil, true))
				}
			}
			fromRecords, err := loadVersion(s.db, g.id)
			check(t, err)
			m.verify(t, fromRecords)
			existing = existing[:0]
			for id := range m.nodes {
				existing = append(existing, id)
			}
		}
		check(t, s.Close())
	}
	t.Logf("%d loads refused, %d accepted", refused, accepted)
	if refused < 10 || accepted < 20 {
		t.Fatalf("%d loads refused, %d accepted: the batches do not exercise both outcomes", refused, accepted)
	}
}
