package cyq

import (
	"context"
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/internal/engine"
)

// Stats count what a statement (or a transaction) changed, as Neo4j's
// query statistics do:
//
//   - a created node counts once, with each of its labels (LabelsAdded)
//     and each of its non-null properties (PropertiesSet); a created
//     relationship likewise counts its properties;
//   - SET x.p = value counts one property set, even when the value does not
//     change; SET x.p = null and REMOVE x.p count only when the property was
//     there; SET x = map and SET x += map count each key set and each
//     property removed;
//   - a label counts only when it is really added or removed;
//   - DELETE counts each node or relationship once, however often it is
//     named; DETACH DELETE also counts the relationships it deletes;
//   - CREATE/DROP INDEX and CONSTRAINT count an index or constraint added or
//     removed, nothing when IF [NOT] EXISTS finds nothing to do.
//
// Vectors written by embedders (at commit, or by the cyq.embed.refresh
// procedure) are not counted.
type Stats struct {
	NodesCreated         int `json:"nodesCreated"`
	NodesDeleted         int `json:"nodesDeleted"`
	RelationshipsCreated int `json:"relationshipsCreated"`
	RelationshipsDeleted int `json:"relationshipsDeleted"`
	PropertiesSet        int `json:"propertiesSet"`
	LabelsAdded          int `json:"labelsAdded"`
	LabelsRemoved        int `json:"labelsRemoved"`
	IndexesAdded         int `json:"indexesAdded"`
	IndexesRemoved       int `json:"indexesRemoved"`
	ConstraintsAdded     int `json:"constraintsAdded"`
	ConstraintsRemoved   int `json:"constraintsRemoved"`
}

// ContainsUpdates reports whether anything was changed.
func (s Stats) ContainsUpdates() bool { return s != Stats{} }

// String lists the non-zero counts in cypher-shell's order and words,
// "Added 2 nodes, Created 1 relationship, Set 4 properties"; "" when
// nothing changed.
func (s Stats) String() string {
	var parts []string
	add := func(n int, verb, one, many string) {
		switch {
		case n == 1:
			parts = append(parts, verb+" 1 "+one)
		case n != 0:
			parts = append(parts, fmt.Sprintf("%s %d %s", verb, n, many))
		}
	}
	add(s.NodesCreated, "Added", "node", "nodes")
	add(s.NodesDeleted, "Deleted", "node", "nodes")
	add(s.RelationshipsCreated, "Created", "relationship", "relationships")
	add(s.RelationshipsDeleted, "Deleted", "relationship", "relationships")
	add(s.PropertiesSet, "Set", "property", "properties")
	add(s.LabelsAdded, "Added", "label", "labels")
	add(s.LabelsRemoved, "Removed", "label", "labels")
	add(s.IndexesAdded, "Added", "index", "indexes")
	add(s.IndexesRemoved, "Removed", "index", "indexes")
	add(s.ConstraintsAdded, "Added", "constraint", "constraints")
	add(s.ConstraintsRemoved, "Removed", "constraint", "constraints")
	return strings.Join(parts, ", ")
}

// Exec runs one statement whose rows are not needed: it reads and drops
// them and returns what the statement changed.
func (db *DB) Exec(ctx context.Context, query string, params map[string]any) (Stats, error) {
	rows, err := db.Query(ctx, query, params)
	if err != nil {
		return Stats{}, err
	}
	defer rows.Close()
	for rows.Next() {
	}
	if err := rows.Err(); err != nil {
		return Stats{}, err
	}
	return rows.Stats(), nil
}

// Stats returns what the statement changed. A statement that writes (or a
// schema command) has run to its end when Query returns, so its counts are
// complete at once; a read-only statement changes nothing.
func (r *Rows) Stats() Stats { return Stats(r.r.Counters()) }

// Stats returns what the transaction's statements have changed so far;
// the changes become durable only with Commit.
func (t *Tx) Stats() Stats { return Stats(t.tx.Counters()) }

var _ = engine.Counters(Stats{}) // the two must keep the same fields

// Exec runs a statement inside the transaction and returns what it
// changed; see DB.Exec.
func (t *Tx) Exec(ctx context.Context, query string, params map[string]any) (Stats, error) {
	rows, err := t.Query(ctx, query, params)
	if err != nil {
		return Stats{}, err
	}
	return rows.Stats(), rows.Close()
}
