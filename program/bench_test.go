package program

import (
	"context"
	"fmt"
	"testing"

	"github.com/cyqdb/cyq/parser/graphprogram"
)

// benchDB is a graph of n Concept nodes where node i links to i+1 and
// i+7 (mod n), for benchmarks that run one small program many times.
func benchDB(b *testing.B, n int) *testDB {
	b.Helper()
	db, err := openTestDB("", nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	q := fmt.Sprintf(`UNWIND range(0, %d) AS i CREATE (:Concept {concept_id: 'c' + toString(i), id: i})`, n-1)
	if _, err := db.Query(context.Background(), q, nil); err != nil {
		b.Fatal(err)
	}
	q = fmt.Sprintf(`MATCH (a:Concept), (b:Concept) WHERE b.id = (a.id + 1) %% %d OR b.id = (a.id + 7) %% %d CREATE (a)-[:REL]->(b)`, n, n)
	if _, err := db.Query(context.Background(), q, nil); err != nil {
		b.Fatal(err)
	}
	return db
}

// BenchmarkSmallProgram runs a small program (collect a two-hop
// neighbourhood, subtract the nodes linking to one node) and the Cypher
// query of its first statement over and over: the difference is what a
// program costs on top of its queries (decoding, validating, lowering,
// compiling, collecting).
func BenchmarkSmallProgram(b *testing.B) {
	db := benchDB(b, 20)
	ctx := context.Background()
	query := "MATCH (a:Concept {id: 3})-->()-->(c) RETURN DISTINCT c"
	js := prog(cypherStmt("+", query), cypherStmt("-", "MATCH (c)-->(:Concept {id: 4}) RETURN c"))
	b.Run("program", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			p, issues := graphprogram.Decode([]byte(js))
			if len(issues) > 0 {
				b.Fatal(issues)
			}
			r, err := db.Run(ctx, p, nil, nil)
			if err != nil || r.Aborted != nil || r.W.NodeCount() == 0 {
				b.Fatalf("%v %+v", err, r)
			}
		}
	})
	b.Run("cypher", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			rs, err := db.Query(ctx, query, nil)
			if err != nil {
				b.Fatal(err)
			}
			rows, err := rs.All()
			if err != nil || len(rows) == 0 {
				b.Fatal(err)
			}
		}
	})
}
