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
