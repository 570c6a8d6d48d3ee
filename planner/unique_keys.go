package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// Keys the planner can trust. A property key of a label is a key when no
// two nodes carrying the label hold equal values of it (1 and 1.0 are
// equal; nulls are no values): a uniqueness constraint or node key over
// (label, key) says so for every state of the store, and an index over
// (label, key) whose distinct values are as many as its entries says so
// for the version of the store the statement reads (storage.IndexInfo
// counts are exact, a transaction's included, and a cached plan that
// relied on them is planned again when they move: the engine records the
// answer as one of the counts the plan read). So an equality of a key with one value binds at most one node,
// and rows unique in a node are unique in its key's non-null values.
//
// A statement that writes (or calls a procedure, which may) uses no key:
// its own writes may add a duplicate the statistics it was planned with
// do not count, and a constraint is checked only as each write is made.
// Row mode, the reference the differential tests compare with, uses none
// either.

// KeyStats is implemented by statistics that know which properties are
// keys.
type KeyStats interface {
	// UniqueKey reports whether no two nodes with label hold equal
	// non-null values of property key in the data the plan runs on.
	UniqueKey(label, key string) bool
}

// uniqueKey reports whether key is a key of label for this statement.
func (b *builder) uniqueKey(label, key string) bool {
	if b.noKeys || b.rowModeOnly || label == "" || key == "" {
		return false
	}
	ks, ok := b.stats.(KeyStats)
	return ok && ks.UniqueKey(label, key)
}

// mayWrite reports whether st has a clause that writes or calls a
// procedure, at any depth (subqueries, expressions' subqueries).
func mayWrite(st *ast.Statement) bool {
	w := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.Create, *ast.Merge, *ast.Set, *ast.Remove, *ast.Delete, *ast.Foreach, *ast.Call, *ast.LoadCSV:
			w = true
		}
		return !w
	})
	return w
}

// keySeek reports whether o binds at most one node: a seek of one value
// of a key of its label.
func (b *builder) keySeek(o logical.NodeIndexSeek) bool {
	return b.uniqueKey(o.Label, o.Key)
}
