// Package cyq is the library API of cyq, an embedded openCypher graph query
// engine: open a store, run queries with parameters under a context, and
// stream typed rows.
//
//	db, err := cyq.Open("", nil) // in memory
//	rows, err := db.Query(ctx, "MATCH (n:Person) RETURN n.name AS name", nil)
//	for rows.Next() { fmt.Println(rows.Values()[0]) }
//	err = rows.Err()
//
// A query is parsed (parser), planned and compiled to bytecode (planner)
// and run by the VM (vm) against a consistent snapshot of the store
// (storage); a query that writes runs in a write transaction that commits
// atomically when the query succeeds.
package cyq

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/cockroachdb/pebble/v2/vfs"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// Options configure Open.
type Options struct {
	// Graph is the graph queries run against (default "default").
	Graph string
	// ReadOnly opens the store for reading only; writing queries fail.
	ReadOnly bool
	// Timeout bounds each query (0: none beyond the caller's context).
	Timeout time.Duration
	// Limits bound each query's work.
	Limits vm.Limits
	// Storage passes options to the store (its FS is set for in-memory stores).
	Storage *storage.Options
	// RowModeOnly turns off set-at-a-time execution (for diagnostics and
	// the differential tests that compare both modes).
	RowModeOnly bool
	// StartLast plans every pattern from its last node instead of the
	// cheapest one (another join order, for differential tests).
	StartLast bool
	// ImportDir is the only directory LOAD CSV may read from; empty
	// disables LOAD CSV.
	ImportDir string
	// AllowURLs lets LOAD CSV fetch http(s) URLs.
	AllowURLs bool
	// Embed configures the embedders of vector indexes and hybrid search (embed.go).
	Embed EmbedOptions
}

// Procedure is a procedure callable with CALL.
type Procedure = vm.Procedure

// ProcParam is a procedure parameter or output.
type ProcParam = vm.ProcParam

// DB is an open cyq store. It is safe for concurrent use.
type DB struct {
	store  *storage.Store
	opts   Options
	parser *parser.Parser

	mu    sync.RWMutex
	procs map[string]*vm.Procedure

	plans planCache

	embeds embedState // embeddings on write (embed.go)
}

// Open opens (creating if needed) the store in dir; an empty dir opens a
// fresh in-memory store.
func Open(dir string, opts *Options) (*DB, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Graph == "" {
		o.Graph = "default"
	}
	so := &storage.Options{}
	if o.Storage != nil {
		c := *o.Storage
		so = &c
	}
	so.ReadOnly = so.ReadOnly || o.ReadOnly
	if dir == "" {
		so.FS = vfs.NewMem()
		dir = "mem"
	}
	st, err := storage.Open(dir, so)
	if err != nil {
		return nil, mapStorageErr(err)
	}
	db := &DB{store: st, opts: o, parser: parser.New(), procs: map[string]*vm.Procedure{}}
	if _, err := st.Graph(o.Graph); err != nil {
		if o.ReadOnly {
			st.Close()
			return nil, mapStorageErr(err)
		}
		if _, err := st.CreateGraph(o.Graph); err != nil {
			st.Close()
			return nil, mapStorageErr(err)
		}
	}
	db.registerBuiltins()
	db.registerSearchProcs() // search_procs.go
	return db, nil
}

// Close closes the store.
func (db *DB) Close() error { return db.store.Close() }

// Store returns the underlying store (for bulk loading and administration).
func (db *DB) Store() *storage.Store { return db.store }

// GraphName returns the graph queries run against.
func (db *DB) GraphName() string { return db.opts.Graph }

// RegisterProcedure makes p callable with CALL p.Name(...).
func (db *DB) RegisterProcedure(p *Procedure) error {
	if p.Name == "" || p.Fn == nil {
		return fmt.Errorf("cyq: a procedure needs a name and a function")
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	db.procs[strings.ToLower(p.Name)] = p
	return nil
}

func (db *DB) procedure(name string) (*vm.Procedure, bool) {
	db.mu.RLock()
	defer db.mu.RUnlock()
	p, ok := db.procs[name]
	return p, ok
}

// statsView feeds the planner's cost model from a storage view.
type statsView struct{ r storage.Reader }

func (s statsView) NodeCount() float64 { return float64(s.r.NodeCount()) }
func (s statsView) LabelCount(l string) float64 {
	id, ok := s.r.LabelID(l)
	if !ok {
		return 0
	}
	return float64(s.r.NodesWithLabel(id).GetCardinality())
}
func (s statsView) RelCount(t string) float64 { return float64(s.r.RelCount()) }
func (s statsView) HasIndex(label, key string) bool {
	l, ok1 := s.r.LabelID(label)
	k, ok2 := s.r.PropKeyID(key)
	if !ok1 || !ok2 {
		return false
	}
	_, ok := s.r.Index(l, k)
	return ok
}

// Query runs one statement with parameters given as Go values (see
// value.FromGo) and returns its rows.
func (db *DB) Query(ctx context.Context, query string, params map[string]any) (*Rows, error) {
	vp := make(map[string]value.Value, len(params))
	for k, v := range params {
		x, err := value.FromGo(v)
		if err != nil {
			return nil, cyqerr.Compile(cyqerr.ArgumentError, "InvalidParameter", "parameter $%s: %v", k, err)
		}
		vp[k] = x
	}
	return db.QueryValues(ctx, query, vp)
}

// Compile parses and plans a statement against the current graph without
// running it (EXPLAIN uses it).
func (db *DB) Compile(query string) (*planner.Compiled, error) {
	st, err := db.parser.Parse(query)
	if err != nil {
		return nil, err
	}
	g, err := db.store.Graph(db.opts.Graph)
	if err != nil {
		return nil, mapStorageErr(err)
	}
	snap := g.Snapshot()
	defer snap.Close()
	return planner.Compile(st, query, planner.Options{Stats: statsView{snap}, Procedures: db.procedure, RowModeOnly: db.opts.RowModeOnly, StartLast: db.opts.StartLast})
}

// QueryValues is Query with parameters already converted to values.
func (db *DB) QueryValues(ctx context.Context, query string, params map[string]value.Value) (*Rows, error) {
	st, err := db.parser.Parse(query)
	if err != nil {
		return nil, err
	}
	g, err := db.store.Graph(db.opts.Graph)
	if err != nil {
		return nil, mapStorageErr(err)
	}
	var cancel context.CancelFunc = func() {}
	if db.opts.Timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, db.opts.Timeout)
	}
	if st.Command != nil {
		defer cancel()
		return db.schemaCommand(ctx, g, st, query)
	}
	snap := g.Snapshot()
	compiled, err := db.compile(st, query, snap)
	if err != nil {
		snap.Close()
		cancel()
		return nil, err
	}
	if st.Explain {
		snap.Close()
		cancel()
		return explainRows(compiled), nil
	}
	if err := checkParams(compiled.Program, params); err != nil {
		snap.Close()
		cancel()
		return nil, err
	}
	if !compiled.Program.Writes {
		view := graphView{snap}
		m := vm.NewMachine(ctx, compiled.Program, view, nil, params, db.opts.Limits)
		rows := &Rows{cols: compiled.Program.Columns, m: m, view: view, release: func() { snap.Close(); cancel() }}
		if st.Profile {
			m.EnableProfile()
			rows.profiled, rows.started = compiled, time.Now()
		}
		return rows, nil
	}
	snap.Close()
	defer cancel()
	if db.opts.ReadOnly {
		return nil, cyqerr.Compile(cyqerr.AccessDenied, "ReadOnly", "this query writes, but the store is open read-only")
	}
	tx, err := g.Begin(ctx)
	if err != nil {
		return nil, mapStorageErr(err)
	}
	view := graphView{tx}
	m := vm.NewMachine(ctx, compiled.Program, view, txWriter{tx}, params, db.opts.Limits)
	m.SetFileOpener(db.fileOpener())
	started := time.Now()
	if st.Profile {
		m.EnableProfile()
	}
	var rows [][]value.Value
	for {
		ok, err := m.Step()
		if err != nil {
			tx.Rollback()
			return nil, err
		}
		if !ok {
			break
		}
		row, err := hydrateRow(view, m.Row())
		if err != nil {
			tx.Rollback()
			return nil, err
		}
		rows = append(rows, row)
	}
	work := tx.EmbedWork() // nodes a provider embedder must embed (embed.go)
	if err := tx.Commit(); err != nil {
		return nil, mapStorageErr(err)
	}
	db.embedAfterCommit(ctx, work)
	out := &Rows{cols: compiled.Program.Columns, buffered: rows, pos: -1}
	if st.Profile {
		out.profile = profileText(compiled, m.Stats(), time.Since(started))
	}
	return out, nil
}

func explainRows(c *planner.Compiled) *Rows {
	return &Rows{cols: []string{"plan"}, buffered: [][]value.Value{{value.String(c.Plan.Explain())}}, pos: -1}
}

// Rows is a query's result, read row by row.
type Rows struct {
	cols     []string
	m        *vm.Machine
	view     graphView
	release  func()
	buffered [][]value.Value
	pos      int
	cur      []value.Value
	err      error
	done     bool

	profiled *planner.Compiled // PROFILE: the plan, until the run ends
	started  time.Time
	profile  string
}

// Profile returns the PROFILE report of a query run with the PROFILE
// prefix, once all its rows have been read; "" otherwise.
func (r *Rows) Profile() string { return r.profile }

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
	ok, err := r.m.Step()
	if err == nil && ok {
		r.cur, err = hydrateRow(r.view, r.m.Row())
	}
	if err != nil || !ok {
		r.err = err
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
	if r.release != nil {
		r.release()
		r.release = nil
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
func hydrateRow(g graphView, row []value.Value) ([]value.Value, error) {
	out := make([]value.Value, len(row))
	for i, v := range row {
		out[i] = hydrate(g, v)
	}
	return out, nil
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

var _ = ast.Statement{}
