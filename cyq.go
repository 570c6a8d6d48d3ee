package cyq

import (
	"context"
	"time"

	"github.com/cyqdb/cyq/internal/engine"
	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/procedures"
	"github.com/cyqdb/cyq/program"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/storage/search"
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
	// Limits bound each query's work: steps, rows and memory.
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
	// Embed configures the embedders of vector indexes and hybrid search.
	Embed search.EmbedOptions
}

func (o *Options) engine() *engine.Options {
	if o == nil {
		return nil
	}
	return &engine.Options{
		Graph: o.Graph, ReadOnly: o.ReadOnly, Storage: o.Storage, Embed: o.Embed,
		Run:   engine.RunOptions{Timeout: o.Timeout, Limits: o.Limits},
		Plan:  engine.PlanOptions{RowModeOnly: o.RowModeOnly, StartLast: o.StartLast},
		Files: engine.FileOptions{ImportDir: o.ImportDir, AllowURLs: o.AllowURLs},
	}
}

// Procedure is a procedure callable with CALL; see DB.RegisterProcedure.
type Procedure = vm.Procedure

// ProcParam is a procedure parameter or output.
type ProcParam = vm.ProcParam

// ErrWriteRefused is the detail (cyqerr.Error.Detail) of the error
// QueryReadOnly returns for a statement that writes.
const ErrWriteRefused = engine.ErrWriteRefused

// DB is an open cyq store. It is safe for concurrent use.
type DB struct {
	eng *engine.Engine
}

// Open opens (creating if needed) the store in dir; an empty dir opens a
// fresh in-memory store. The built-in procedures are registered.
func Open(dir string, opts *Options) (*DB, error) {
	eng, err := engine.Open(dir, opts.engine())
	if err != nil {
		return nil, err
	}
	procedures.Register(eng)
	return &DB{eng: eng}, nil
}

// Close closes the store.
func (db *DB) Close() error { return db.eng.Close() }

// Store returns the underlying store (for bulk loading and administration).
func (db *DB) Store() *storage.Store { return db.eng.Store() }

// GraphName returns the graph queries run against.
func (db *DB) GraphName() string { return db.eng.GraphName() }

// OnGraph returns a DB for another graph of the same store, sharing the
// store and the registered procedures. It must not be closed: closing it
// would close the shared store.
func (db *DB) OnGraph(name string) (*DB, error) {
	eng, err := db.eng.OnGraph(name)
	if err != nil {
		return nil, err
	}
	return &DB{eng: eng}, nil
}

// RegisterProcedure makes p callable with CALL p.Name(...).
func (db *DB) RegisterProcedure(p *Procedure) error { return db.eng.RegisterProcedure(p) }

// Query runs one statement with parameters given as Go values (see
// value.FromGo) and returns its rows.
//
// A statement asked for on a context that has already ended does not run.
// When the context ends (or Options.Timeout passes) the error is a
// *cyqerr.Error, Cancelled or LimitExceeded.Timeout, that unwraps to the
// context's error: errors.Is(err, context.Canceled) or
// errors.Is(err, context.DeadlineExceeded) holds. A read-only statement's
// rows stream, so the error may come from Rows.Next and Rows.Err.
func (db *DB) Query(ctx context.Context, query string, params map[string]any) (*Rows, error) {
	return rows(db.eng.Query(ctx, query, params))
}

// QueryValues is Query with parameters already converted to values.
func (db *DB) QueryValues(ctx context.Context, query string, params map[string]value.Value) (*Rows, error) {
	return rows(db.eng.QueryValues(ctx, query, params))
}

// QueryReadOnly runs a statement that must not write: the planner's verdict
// decides, and the statement runs on a snapshot with no writer attached.
// A writing statement fails with an AccessDenied error whose detail is
// ErrWriteRefused; schema commands are refused; EXPLAIN is allowed.
func (db *DB) QueryReadOnly(ctx context.Context, query string, params map[string]any) (*Rows, error) {
	return rows(db.eng.QueryReadOnly(ctx, query, params))
}

// Compile parses and plans a statement against the current graph without
// running it.
func (db *DB) Compile(query string) (*planner.Compiled, error) { return db.eng.Compile(query) }

// CompileWith is Compile for a run with parameters: the plan is the one a
// run with those values gets (priced with them, from the plan cache).
func (db *DB) CompileWith(query string, params map[string]any) (*planner.Compiled, error) {
	return db.eng.CompileWith(query, params)
}

// PlanCacheCounts is how often a query reused a cached plan (Hits) and
// how often one was planned (Compiles).
type PlanCacheCounts = engine.PlanCacheCounts

// PlanCacheCounts returns the counts of the plan cache this DB shares
// with the DBs of the store's other graphs, since the store was opened.
func (db *DB) PlanCacheCounts() PlanCacheCounts { return db.eng.PlanCacheCounts() }

// Programs returns the GraphProgram runner of this DB's graph: validate,
// run, chain, store and explain programs.
func (db *DB) Programs() *program.Runner { return program.New(db.eng) }

// Embedder returns the embedder named by spec ("default", "ollama:<model>",
// "openai:<model>" or a name from Options.Embed.Custom).
func (db *DB) Embedder(spec string) (search.Embedder, error) { return db.eng.Embedder(spec) }
