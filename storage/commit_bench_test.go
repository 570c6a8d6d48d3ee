package storage

import (
	"context"
	"fmt"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cyqdb/cyq/value"
)

// BenchmarkCommitSmall commits small transactions of n nodes (two labels,
// three properties each) and n relationships to a graph of 20,000 nodes
// with a property index: what every commit pays for its counts, indexes
// and value statistics (in-memory filesystem: no fsync).
func BenchmarkCommitSmall(b *testing.B) {
	for _, n := range []int{1, 10, 100} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			s, err := Open("bench", &Options{FS: vfs.NewMem(), Logger: quietLogger{}})
			check(b, err)
			defer s.Close()
			g := mustGraph(b, s, DefaultGraph)
			tx := begin(b, g)
			a := must(tx.LabelIDOrCreate("A"))(b)
			c := must(tx.LabelIDOrCreate("C"))(b)
			typ := must(tx.TypeIDOrCreate("R"))(b)
			k := []uint32{must(tx.PropKeyIDOrCreate("id"))(b), must(tx.PropKeyIDOrCreate("name"))(b), must(tx.PropKeyIDOrCreate("score"))(b)}
			check(b, tx.CreateIndex(a, k[0]))
			for i := 0; i < 20000; i++ {
				must(tx.CreateNode([]uint32{a}, map[uint32]value.Value{k[0]: value.Int(int64(i)), k[1]: value.String(fmt.Sprint("n", i%500))}))(b)
			}
			check(b, tx.Commit())
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				tx, err := g.Begin(context.Background())
				check(b, err)
				for j := 0; j < n; j++ {
					id := must(tx.CreateNode([]uint32{a, c}, map[uint32]value.Value{k[0]: value.Int(int64(100000 + i*n + j)), k[1]: value.String("x"), k[2]: value.Int(int64(j))}))(b)
					must(tx.CreateRel(id, uint32((i*n+j)%20000), typ, nil))(b)
				}
				check(b, tx.Commit())
			}
		})
	}
}
