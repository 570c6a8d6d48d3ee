package engine

import (
	"context"
	"github.com/cyqdb/cyq/cyqerr"
	"sort"
	"time"

	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

func explainRows(c *planner.Compiled) *Rows {
	return &Rows{cols: []string{"plan"}, buffered: [][]value.Value{{value.String(c.Plan.Explain())}}, pos: -1}
}

// Rows is a query's result, read row by row.
type Rows struct {
	cols     []string
	m        *vm.Machine
	ctx      context.Context // a streaming run's context
	view     graphView
	snap     *storage.Snapshot  // a streaming run's snapshot, released by Close
	cancel   context.CancelFunc // ends a streaming run's context, at Close
	buffered [][]value.Value
	pos      int
	cur      []value.Value
	err      error
	done     bool
	counters Counters

	profiled *planner.Compiled // PROFILE: the plan, until the run ends
	started  time.Time
	profile  string
	notes    []cyqerr.Notification
}

// Profile returns the PROFILE report of a query run with the PROFILE
// prefix, once all its rows have been read; "" otherwise.
func (r *Rows) Profile() string { return r.profile }

// Counters returns what the statement changed (nothing for a read-only
// one). A writing statement has run to its end when Query returns, so its
// counters are complete from the start.
func (r *Rows) Counters() Counters { return r.counters }

// Notifications returns the warnings the query compiled with.
func (r *Rows) Notifications() []cyqerr.Notification { return r.notes }

// Columns returns the result's column names.
func (r *Rows) Columns() []string { return r.cols }

// Next advances to the next row; it returns false at the end or on error.
func (r *Rows) Next() bool {
	if r.done {
		return false
	}
	if r.m == nil {
		r.pos++
		if r.pos >= len(r.buffered) {
			r.done = true
			return false
		}
		r.cur = r.buffered[r.pos]
		return true
	}
	if err := started(r.ctx); err != nil {
		r.err = err
		r.Close()
		return false
	}
	ok, err := r.m.Step()
	if err == nil && ok {
		r.cur = hydrateRow(r.view, r.m.Row())
	}
	if err != nil || !ok {
		r.err = stopped(r.ctx, err)
		r.Close()
		return false
	}
	return true
}

// Values returns the current row. Nodes and relationships carry their
// labels or type and properties.
func (r *Rows) Values() []value.Value { return r.cur }

// Err returns the error that ended the iteration, if any.
func (r *Rows) Err() error { return r.err }

// Close releases the query's snapshot; it is safe to call more than once.
func (r *Rows) Close() error {
	if r.profiled != nil && r.m != nil {
		r.profile = profileText(r.profiled, r.m.Stats(), time.Since(r.started))
		r.profiled = nil
	}
	r.done = true
	if r.snap != nil {
		// The run is over and its rows were copied out (hydrateRow):
		// its machine serves a later run.
		r.m.ReleaseMemory()
		r.m.Recycle()
		r.snap.Close()
		r.cancel()
		r.m, r.snap, r.cancel = nil, nil, nil
	}
	return nil
}

// All reads every remaining row.
func (r *Rows) All() ([][]value.Value, error) {
	var out [][]value.Value
	for r.Next() {
		out = append(out, r.cur)
	}
	return out, r.Err()
}

// hydrateRow fills nodes and relationships with their labels, type and
// properties, inside lists, maps and paths too.
func hydrateRow(g graphView, row []value.Value) []value.Value {
	out := make([]value.Value, len(row))
	for i, v := range row {
		out[i] = hydrate(g, v)
	}
	return out
}

func hydrate(g graphView, v value.Value) value.Value {
	switch x := v.(type) {
	case value.Node:
		return hydrateNode(g, x.ID)
	case value.Rel:
		return hydrateRel(g, x)
	case value.Path:
		p := value.Path{Nodes: make([]value.Node, len(x.Nodes)), Rels: make([]value.Rel, len(x.Rels))}
		for i, n := range x.Nodes {
			p.Nodes[i] = hydrateNode(g, n.ID)
		}
		for i, r := range x.Rels {
			p.Rels[i] = hydrateRel(g, r)
		}
		return p
	case value.List:
		l := make(value.List, len(x))
		for i, e := range x {
			l[i] = hydrate(g, e)
		}
		return l
	case value.Map:
		m := make(value.Map, len(x))
		for k, e := range x {
			m[k] = hydrate(g, e)
		}
		return m
	case nil:
		return value.NullValue
	}
	return v
}

// HydrateNode reads node id with its labels and properties from r.
func HydrateNode(r storage.Reader, id uint32) value.Node { return hydrateNode(graphView{r}, id) }

func hydrateNode(g graphView, id uint32) value.Node {
	n := value.Node{ID: id, Props: value.Map{}}
	if !g.r.NodeExists(id) {
		return n
	}
	for _, l := range g.r.NodeLabels(id) {
		n.Labels = append(n.Labels, g.r.LabelName(l))
	}
	sort.Strings(n.Labels)
	for k, v := range g.r.NodeProps(id) {
		n.Props[g.r.PropKeyName(k)] = v
	}
	return n
}

func hydrateRel(g graphView, r value.Rel) value.Rel {
	out := value.Rel{ID: r.ID, Type: r.Type, Start: r.Start, End: r.End, Props: value.Map{}}
	start, end, typ, ok := g.r.Rel(r.ID)
	if !ok {
		return out
	}
	out.Start, out.End, out.Type = start, end, g.r.TypeName(typ)
	for k, v := range g.r.RelProps(r.ID) {
		out.Props[g.r.PropKeyName(k)] = v
	}
	return out
}
