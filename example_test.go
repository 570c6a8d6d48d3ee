package cyq_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/cyqerr"
)

// Open an in-memory store, write a small graph and query it with a
// parameter.
func ExampleDB_Query() {
	ctx := context.Background()
	db, err := cyq.Open("", nil) // "" opens a fresh in-memory store
	if err != nil {
		panic(err)
	}
	defer db.Close()

	if _, err := db.Query(ctx, `CREATE (:Person {name: 'Ann'})-[:KNOWS]->(:Person {name: 'Bob'})-[:KNOWS]->(:Person {name: 'Cy'})`, nil); err != nil {
		panic(err)
	}
	rows, err := db.Query(ctx, `MATCH (a:Person {name: $name})-[:KNOWS*1..2]->(b) RETURN b.name AS friend ORDER BY friend`, map[string]any{"name": "Ann"})
	if err != nil {
		panic(err)
	}
	defer rows.Close()
	for rows.Next() {
		fmt.Println(rows.Values()[0])
	}
	if err := rows.Err(); err != nil {
		panic(err)
	}
	// Output:
	// Bob
	// Cy
}

// Errors carry a code, a position and a hint.
func ExampleDB_Query_error() {
	db, _ := cyq.Open("", nil)
	defer db.Close()
	_, err := db.Query(context.Background(), "MATCH (n) RETURN m", nil)
	e := cyqerr.As(err)
	fmt.Println(e.Code(), e.Pos)
	fmt.Println(e.Pretty())
	// Output:
	// SyntaxError.UndefinedVariable 1:18
	// 1:18: SyntaxError.UndefinedVariable: variable `m` is not defined
	//   MATCH (n) RETURN m
	//                    ^
}

// An explicit transaction sees its own writes; nothing is visible outside
// until Commit.
func ExampleDB_Begin() {
	ctx := context.Background()
	db, _ := cyq.Open("", nil)
	defer db.Close()

	tx, err := db.Begin(ctx)
	if err != nil {
		panic(err)
	}
	tx.Query(ctx, "CREATE (:Item {n: 1}), (:Item {n: 2})", nil)
	inside, _ := tx.Query(ctx, "MATCH (i:Item) RETURN count(i)", nil)
	inside.Next()
	fmt.Println("inside:", inside.Values()[0])
	if err := tx.Commit(); err != nil {
		panic(err)
	}
	after, _ := db.Query(ctx, "MATCH (i:Item) RETURN count(i)", nil)
	after.Next()
	fmt.Println("after commit:", after.Values()[0])
	after.Close()
	// Output:
	// inside: 2
	// after commit: 2
}

// EXPLAIN shows the chosen plan; set-shaped queries run set at a time.
func ExampleDB_Query_explain() {
	db, _ := cyq.Open("", nil)
	defer db.Close()
	rows, _ := db.Query(context.Background(), "EXPLAIN MATCH (a {id: 1})-[*1..3]->(b) RETURN count(DISTINCT b)", nil)
	rows.Next()
	plan := fmt.Sprint(rows.Values()[0])
	fmt.Println(strings.Contains(plan, "mode=set"))
	// Output:
	// true
}
