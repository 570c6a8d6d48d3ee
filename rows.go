package cyq

import (
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/internal/engine"
	"github.com/cyqdb/cyq/value"
)

// Rows is a query's result, read row by row:
//
//	for rows.Next() { use(rows.Values()) }
//	if err := rows.Err(); err != nil { ... }
//
// A read-only query's rows stream from its snapshot, which Close releases
// (Next does so at the end). Nodes and relationships carry their labels or
// type and their properties.
type Rows struct{ r *engine.Rows }

func rows(r *engine.Rows, err error) (*Rows, error) {
	if err != nil {
		return nil, err
	}
	return &Rows{r: r}, nil
}

// Columns returns the result's column names.
func (r *Rows) Columns() []string { return r.r.Columns() }

// Next advances to the next row; it returns false at the end or on error.
func (r *Rows) Next() bool { return r.r.Next() }

// Values returns the current row.
func (r *Rows) Values() []value.Value { return r.r.Values() }

// Err returns the error that ended the iteration, if any.
func (r *Rows) Err() error { return r.r.Err() }

// Close releases the query's snapshot; it is safe to call more than once.
func (r *Rows) Close() error { return r.r.Close() }

// All reads every remaining row.
func (r *Rows) All() ([][]value.Value, error) { return r.r.All() }

// Profile returns the PROFILE report of a query run with the PROFILE
// prefix, once all its rows have been read; "" otherwise.
func (r *Rows) Profile() string { return r.r.Profile() }

// Notifications returns the warnings the query compiled with: unknown
// labels, relationship types and property keys (with the nearest names),
// cartesian products, unbounded variable-length relationships and
// deprecated forms. Each has a code, a position and a suggestion;
// Notification.String renders one line.
func (r *Rows) Notifications() []cyqerr.Notification { return r.r.Notifications() }
