package storage

import (
	"context"
	"errors"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// TestSchemaBulkLoad checks that a bulk load is held to the graph's
// constraints: a load that breaks one fails and adds nothing.
func TestSchemaBulkLoad(t *testing.T) {
	s, err := Open(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.Graph("default")
	if err != nil {
		t.Fatal(err)
	}
	tx, err := g.Begin(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []SchemaDef{
		{Name: "exists", Constraint: true, Type: SchemaExistence, Labels: []string{"A"}, Props: []string{"p"}},
		{Name: "pair", Constraint: true, Type: SchemaUnique, Rel: true, Labels: []string{"T"}, Props: []string{"p", "q"}},
		{Name: "typed", Constraint: true, Type: SchemaPropertyType, Labels: []string{"A"}, Props: []string{"p"}, PropTypes: []string{"INTEGER"}},
	} {
		if err := tx.CreateSchema(d); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	load := func(fn func(b *BulkBuilder) error) error {
		return g.BulkLoad(context.Background(), BulkSourceFunc(fn), nil)
	}
	for name, fn := range map[string]func(b *BulkBuilder) error{
		"missing property": func(b *BulkBuilder) error {
			_, err := b.AddNode([]uint32{b.LabelID("A")}, map[uint32]value.Value{b.PropKeyID("q"): value.Int(1)})
			return err
		},
		"wrong type": func(b *BulkBuilder) error {
			_, err := b.AddNode([]uint32{b.LabelID("A")}, map[uint32]value.Value{b.PropKeyID("p"): value.String("x")})
			return err
		},
		"duplicate relationships": func(b *BulkBuilder) error {
			n, err := b.AddNode(nil, nil)
			if err != nil {
				return err
			}
			ps := map[uint32]value.Value{b.PropKeyID("p"): value.Int(1), b.PropKeyID("q"): value.Float(2)}
			if _, err := b.AddRel(n, n, b.TypeID("T"), ps); err != nil {
				return err
			}
			ps = map[uint32]value.Value{b.PropKeyID("p"): value.Float(1), b.PropKeyID("q"): value.Int(2)}
			_, err = b.AddRel(n, n, b.TypeID("T"), ps)
			return err
		},
	} {
		err := load(fn)
		if !errors.Is(err, ErrConstraintViolation) {
			t.Errorf("%s: got %v, want a constraint violation", name, err)
		}
		snap := g.Snapshot()
		if snap.NodeCount() != 0 || snap.RelCount() != 0 {
			t.Errorf("%s: the failed load left %d nodes and %d relationships", name, snap.NodeCount(), snap.RelCount())
		}
	}
	if err := load(func(b *BulkBuilder) error {
		_, err := b.AddNode([]uint32{b.LabelID("A")}, map[uint32]value.Value{b.PropKeyID("p"): value.Int(1)})
		return err
	}); err != nil {
		t.Fatalf("a valid load: %v", err)
	}
}

// BenchmarkCommitConstraints measures a commit of 100 new :A nodes (with
// 100 :T relationships) into a graph of 20,000 such nodes and
// relationships, under each kind of constraint: what commit-time
// enforcement costs per transaction.
func BenchmarkCommitConstraints(b *testing.B) {
	const base, batch = 20000, 100
	for _, c := range []struct {
		name string
		defs []SchemaDef
	}{
		{"none", nil},
		{"existence", []SchemaDef{{Name: "c", Constraint: true, Type: SchemaExistence, Labels: []string{"A"}, Props: []string{"p"}}}},
		{"type", []SchemaDef{{Name: "c", Constraint: true, Type: SchemaPropertyType, Labels: []string{"A"}, Props: []string{"p"}, PropTypes: []string{"INTEGER"}}}},
		{"unique", []SchemaDef{{Name: "c", Constraint: true, Type: SchemaUnique, Labels: []string{"A"}, Props: []string{"p"}}}},
		{"node-key-composite", []SchemaDef{{Name: "c", Constraint: true, Type: SchemaKey, Labels: []string{"A"}, Props: []string{"p", "q"}}}},
		{"rel-unique", []SchemaDef{{Name: "c", Constraint: true, Type: SchemaUnique, Rel: true, Labels: []string{"T"}, Props: []string{"p"}}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			s, err := Open(b.TempDir(), nil)
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			g, err := s.Graph("default")
			if err != nil {
				b.Fatal(err)
			}
			next := 0
			write := func(n int, defs []SchemaDef) {
				tx, err := g.Begin(context.Background())
				if err != nil {
					b.Fatal(err)
				}
				defer tx.Rollback()
				l, _ := tx.LabelIDOrCreate("A")
				typ, _ := tx.TypeIDOrCreate("T")
				p, _ := tx.PropKeyIDOrCreate("p")
				q, _ := tx.PropKeyIDOrCreate("q")
				for i := 0; i < n; i++ {
					next++
					id, err := tx.CreateNode([]uint32{l}, map[uint32]value.Value{p: value.Int(next), q: value.Int(1)})
					if err != nil {
						b.Fatal(err)
					}
					if _, err := tx.CreateRel(id, id, typ, map[uint32]value.Value{p: value.Int(next)}); err != nil {
						b.Fatal(err)
					}
				}
				for _, d := range defs {
					if err := tx.CreateSchema(d); err != nil {
						b.Fatal(err)
					}
				}
				if err := tx.Commit(); err != nil {
					b.Fatal(err)
				}
			}
			write(base, c.defs)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				write(batch, nil)
			}
		})
	}
}
