package cyq_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
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

// Exec runs a statement whose rows are not needed and reports what it
// changed, counted as Neo4j counts: setting a property to the value it
// already has still counts, and DETACH DELETE counts the relationships it
// deletes.
func ExampleDB_Exec() {
	ctx := context.Background()
	db, _ := cyq.Open("", nil)
	defer db.Close()

	st, err := db.Exec(ctx, `CREATE (a:Person {name: 'Ann', age: 41})-[:KNOWS {since: 2020}]->(b:Person {name: 'Bob'})`, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(st)
	st, _ = db.Exec(ctx, `MATCH (p:Person {name: 'Ann'}) SET p.age = 41, p:Admin`, nil)
	fmt.Println(st)
	st, _ = db.Exec(ctx, `MATCH (p:Person {name: 'Ann'}) DETACH DELETE p`, nil)
	fmt.Println(st)
	b, _ := json.Marshal(st)
	fmt.Println(string(b))
	// Output:
	// Added 2 nodes, Created 1 relationship, Set 4 properties, Added 2 labels
	// Set 1 property, Added 1 label
	// Deleted 1 node, Deleted 1 relationship
	// {"nodesCreated":0,"nodesDeleted":1,"relationshipsCreated":0,"relationshipsDeleted":1,"propertiesSet":0,"labelsAdded":0,"labelsRemoved":0,"indexesAdded":0,"indexesRemoved":0,"constraintsAdded":0,"constraintsRemoved":0}
}

// Rows.Stats reports the changes of a writing query that also returns
// rows; schema commands report theirs too.
func ExampleRows_Stats() {
	ctx := context.Background()
	db, _ := cyq.Open("", nil)
	defer db.Close()

	rows, _ := db.Query(ctx, `UNWIND ['Ann', 'Bob'] AS name MERGE (p:Person {name: name}) RETURN p.name`, nil)
	n := 0
	for rows.Next() {
		n++
	}
	fmt.Println(n, "rows;", rows.Stats())
	rows, _ = db.Query(ctx, `CREATE INDEX FOR (p:Person) ON (p.name)`, nil)
	fmt.Println(rows.Stats())
	// Output:
	// 2 rows; Added 2 nodes, Set 2 properties, Added 2 labels
	// Added 1 index
}

// A query asked for on a context that has already ended does not run: its
// error is a *cyqerr.Error with a code that also satisfies errors.Is with
// the context's error.
func ExampleDB_Query_cancelled() {
	db, _ := cyq.Open("", nil)
	defer db.Close()

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rows, err := db.Query(ctx, "RETURN 1 AS one", nil)
	fmt.Println(rows == nil, errors.Is(err, context.Canceled), cyqerr.As(err).Code())

	past, stop := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer stop()
	_, err = db.Exec(past, "CREATE (:Never)", nil)
	fmt.Println(errors.Is(err, context.DeadlineExceeded), cyqerr.As(err).Code())
	// Output:
	// true true Cancelled
	// true LimitExceeded.Timeout
}

// Cancelling the context while rows are read stops the query: Next
// returns false and Err gives the cancellation.
func ExampleRows_Err_cancel() {
	db, _ := cyq.Open("", nil)
	defer db.Close()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rows, _ := db.Query(ctx, "UNWIND range(1, 100000) AS x RETURN x", nil)
	defer rows.Close()
	for rows.Next() {
		if x := rows.Values()[0]; fmt.Sprint(x) == "3" {
			cancel()
		}
	}
	err := rows.Err()
	fmt.Println(errors.Is(err, context.Canceled), cyqerr.As(err).Code())
	// Output:
	// true Cancelled
}

// Options.Timeout bounds each query; a query stopped by it fails with
// LimitExceeded.Timeout, which also satisfies errors.Is with
// context.DeadlineExceeded.
func ExampleOptions_timeout() {
	db, _ := cyq.Open("", &cyq.Options{Timeout: 20 * time.Millisecond})
	defer db.Close()

	// Some 27 billion rows: far more than 20 ms of work.
	_, err := db.Exec(context.Background(), `UNWIND range(1, 3000) AS a UNWIND range(1, 3000) AS b UNWIND range(1, 3000) AS c
		WITH a + b + c AS s WHERE s < 0 RETURN count(*)`, nil)
	fmt.Println(errors.Is(err, context.DeadlineExceeded), cyqerr.As(err).Code())
	// Output:
	// true LimitExceeded.Timeout
}

// Nodes and relationships in results carry their element ids, the strings
// elementId() returns in Cypher; use them (or a key property) to find an
// entity again. The numeric ID fields are internal and may be reused.
func Example_elementID() {
	ctx := context.Background()
	db, _ := cyq.Open("", nil)
	defer db.Close()

	rows, _ := db.Query(ctx, `CREATE (a:City {name: 'Oslo'})-[r:NEAR]->(:City {name: 'Bergen'}) RETURN a, r, elementId(a) AS eid`, nil)
	rows.Next()
	a, r, eid := rows.Values()[0].(value.Node), rows.Values()[1].(value.Rel), rows.Values()[2]
	fmt.Println(a.ElementID() == fmt.Sprint(eid), strings.HasPrefix(r.ElementID(), "r:"))

	again, _ := db.Query(ctx, `MATCH (c) WHERE elementId(c) = $id RETURN c.name`, map[string]any{"id": a.ElementID()})
	again.Next()
	fmt.Println(again.Values()[0])
	again.Close()
	// Output:
	// true true
	// Oslo
}
