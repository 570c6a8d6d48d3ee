package storage_test

import (
	"context"
	"fmt"

	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

func Example() {
	s, err := storage.Open("db", &storage.Options{FS: vfs.NewMem()})
	if err != nil {
		panic(err)
	}
	defer s.Close()
	g, _ := s.Graph(storage.DefaultGraph)

	tx, _ := g.Begin(context.Background())
	person, _ := tx.LabelIDOrCreate("Person")
	knows, _ := tx.TypeIDOrCreate("KNOWS")
	name, _ := tx.PropKeyIDOrCreate("name")
	ann, _ := tx.CreateNode([]uint32{person}, map[uint32]value.Value{name: value.String("Ann")})
	bob, _ := tx.CreateNode([]uint32{person}, map[uint32]value.Value{name: value.String("Bob")})
	_, _ = tx.CreateRel(ann, bob, knows, nil)
	_ = tx.CreateIndex(person, name)
	if err := tx.Commit(); err != nil {
		panic(err)
	}

	snap := g.Snapshot()
	defer snap.Close()
	found := snap.IndexSeek(person, name, value.String("Ann"))
	snap.Expand(found.Minimum(), storage.Out, knows, func(rel uint64, nbr, _ uint32) bool {
		v, _ := snap.NodeProp(nbr, name)
		fmt.Println("Ann knows", value.Format(v))
		return true
	})
	fmt.Println(snap.Stats().RelsPerType[knows], "KNOWS relationship(s)")
	// Output:
	// Ann knows 'Bob'
	// 1 KNOWS relationship(s)
}
