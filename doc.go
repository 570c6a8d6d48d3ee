// Package cyq is the library API of cyq, an embedded openCypher graph query
// engine for knowledge graphs: open a store, run queries with parameters
// under a context, and stream typed rows.
//
//	db, err := cyq.Open("", nil) // "" opens an in-memory store; a directory opens it on disk
//	rows, err := db.Query(ctx, "MATCH (n:Person) RETURN n.name AS name", nil)
//	for rows.Next() { fmt.Println(rows.Values()[0]) }
//	err = rows.Err()
//
// A read-only query streams its rows from a consistent snapshot of the
// store; a query that writes runs in a write transaction that commits
// atomically when it succeeds. DB.Begin gives an explicit transaction.
// DB.Exec runs a statement for its effect and returns Stats, what it
// changed (nodes, relationships, properties, labels, indexes and
// constraints), as Rows.Stats and Tx.Stats do for queries and
// transactions. Contexts follow Go's conventions: an ended context stops
// the work, and the error unwraps to context.Canceled or
// context.DeadlineExceeded while keeping its cyq code. Result nodes and
// relationships give their element ids (value.Node.ElementID); their
// numeric IDs are internal.
// EXPLAIN and PROFILE prefixes return the plan and, after the rows have
// been read, Rows.Profile reports rows and time per operator.
//
// Errors are *cyqerr.Error values with a code, a position, a caret
// excerpt and, where possible, a hint. Options bound each query (timeout,
// step, row and memory limits), open the store read-only, and confine
// LOAD CSV to an import directory.
//
// GraphPrograms (JSON programs of set operations over a working graph)
// run through DB.Programs; full-text, vector and hybrid search are
// built-in procedures (CALL db.index.fulltext.queryNodes(...)), and Go
// programs add their own with DB.RegisterProcedure.
package cyq
