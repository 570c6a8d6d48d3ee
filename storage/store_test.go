package storage

import (
	"context"
	"errors"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

func openMem(t testing.TB) (*Store, vfs.FS) {
	t.Helper()
	fs := vfs.NewMem()
	s, err := Open("db", &Options{FS: fs})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, fs
}

func mustGraph(t testing.TB, s *Store, name string) *Graph {
	t.Helper()
	g, err := s.Graph(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func begin(t testing.TB, g *Graph) *Tx {
	t.Helper()
	tx, err := g.Begin(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return tx
}

func must[T any](v T, err error) func(testing.TB) T {
	return func(t testing.TB) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func check(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestSmoke(t *testing.T) {
	s, fs := openMem(t)
	g := mustGraph(t, s, DefaultGraph)
	tx := begin(t, g)
	person := must(tx.LabelIDOrCreate("Person"))(t)
	knows := must(tx.TypeIDOrCreate("KNOWS"))(t)
	name := must(tx.PropKeyIDOrCreate("name"))(t)
	a := must(tx.CreateNode([]uint32{person}, map[uint32]value.Value{name: value.String("a")}))(t)
	b := must(tx.CreateNode([]uint32{person}, map[uint32]value.Value{name: value.String("b")}))(t)
	r := must(tx.CreateRel(a, b, knows, nil))(t)
	if got := tx.Neighbors(a, Out, knows); !got.Contains(b) || got.GetCardinality() != 1 {
		t.Fatalf("tx neighbours %v", got)
	}
	if g.Snapshot().NodeCount() != 0 {
		t.Fatal("uncommitted write visible")
	}
	check(t, tx.Commit())
	snap := g.Snapshot()
	if snap.NodeCount() != 2 || snap.RelCount() != 1 {
		t.Fatalf("counts %d %d", snap.NodeCount(), snap.RelCount())
	}
	if s2, e2, ty, ok := snap.Rel(r); !ok || s2 != a || e2 != b || ty != knows {
		t.Fatal("rel")
	}
	check(t, s.Close())
	s2, err := Open("db", &Options{FS: fs})
	check(t, err)
	defer s2.Close()
	snap = mustGraph(t, s2, DefaultGraph).Snapshot()
	if snap.NodeCount() != 2 || snap.RelCount() != 1 {
		t.Fatalf("after reopen counts %d %d", snap.NodeCount(), snap.RelCount())
	}
	if v, ok := snap.NodeProp(b, name); !ok || v != value.String("b") {
		t.Fatalf("prop %v", v)
	}
	if !snap.Neighbors(b, In, AnyType).Contains(a) {
		t.Fatal("in adjacency")
	}
	if _, err := s2.Graph("nope"); !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
}

func isErr(err, target error) bool { return errors.Is(err, target) }

type quietLogger struct{}

func (quietLogger) Infof(string, ...any)  {}
func (quietLogger) Errorf(string, ...any) {}
