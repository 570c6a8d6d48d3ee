package engine

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/cyqdb/cyq/storage/search"

	"github.com/cockroachdb/pebble/v2/vfs"

	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/vm"
)

// Options configure an engine. cyq.Options is the documented, user-facing
// form of the same settings; cyq.Open converts it.
type Options struct {
	Graph    string           // the graph queries run against (default "default")
	ReadOnly bool             // open the store for reading only
	Storage  *storage.Options // passed to the store (its FS is set for in-memory stores)
	Run      RunOptions
	Plan     PlanOptions
	Files    FileOptions
	Embed    search.EmbedOptions
}

// RunOptions bound each query's run.
type RunOptions struct {
	Timeout time.Duration // 0: none beyond the caller's context
	Limits  vm.Limits
}

// PlanOptions select other plans of the same query, for diagnostics and
// the differential tests.
type PlanOptions struct {
	RowModeOnly bool // no set-at-a-time execution
	StartLast   bool // every pattern starts at its last node
}

// FileOptions are LOAD CSV's file policy.
type FileOptions struct {
	ImportDir string // the only directory LOAD CSV may read; "" disables it
	AllowURLs bool   // http(s) URLs may be fetched
}

// Procedure is a procedure callable with CALL.
type Procedure = vm.Procedure

// ProcParam is a procedure parameter or output.
type ProcParam = vm.ProcParam

// sharedParser parses for every Engine of the process: its options are
// the defaults (no store sets any), and a parsed statement is immutable
// and depends on the text alone, so stores sharing one text cache parse a
// text run on several of them once.
var sharedParser = parser.New()

// Engine is an open cyq store. It is safe for concurrent use.
type Engine struct {
	store  *storage.Store
	opts   Options
	parser *parser.Parser

	mu    sync.RWMutex
	procs map[string]*vm.Procedure
	// procGen counts procedure registrations (see memo).
	procGen uint64
	// memo keeps what front-ends derive from texts (see Memo).
	memo memo

	plans *planCache // shared with the siblings on other graphs

	embeds embedState // embeddings on write (embed.go)
}

// Open opens (creating if needed) the store in dir; an empty dir opens a
// fresh in-memory store.
func Open(dir string, opts *Options) (*Engine, error) {
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
	eng := &Engine{store: st, opts: o, parser: sharedParser, procs: map[string]*vm.Procedure{}, plans: &planCache{}}
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
	return eng, nil
}

// Close closes the store.
func (eng *Engine) Close() error { return eng.store.Close() }

// Store returns the underlying store (for bulk loading and administration).
func (eng *Engine) Store() *storage.Store { return eng.store }

// GraphName returns the graph queries run against.
func (eng *Engine) GraphName() string { return eng.opts.Graph }

// RegisterProcedure makes p callable with CALL p.Name(...).
func (eng *Engine) RegisterProcedure(p *Procedure) error {
	if p.Name == "" || p.Fn == nil {
		return fmt.Errorf("cyq: a procedure needs a name and a function")
	}
	eng.mu.Lock()
	defer eng.mu.Unlock()
	eng.procs[strings.ToLower(p.Name)] = p
	eng.procGen++
	return nil
}

func (eng *Engine) procedure(name string) (*vm.Procedure, bool) {
	eng.mu.RLock()
	defer eng.mu.RUnlock()
	p, ok := eng.procs[name]
	return p, ok
}

var _ = ast.Statement{}

// OnGraph returns a Engine for another graph of the same store, sharing the
// store and the registered procedures. It must not be closed: closing it
// would close the shared store.
func (eng *Engine) OnGraph(name string) (*Engine, error) {
	if name == "" || name == eng.opts.Graph {
		return eng, nil
	}
	if _, err := eng.store.Graph(name); err != nil {
		return nil, mapStorageErr(err)
	}
	return eng.sibling(name), nil
}

func (eng *Engine) sibling(graph string) *Engine {
	o := eng.opts
	o.Graph = graph
	eng.mu.RLock()
	procs := make(map[string]*vm.Procedure, len(eng.procs))
	for k, v := range eng.procs {
		procs[k] = v
	}
	eng.mu.RUnlock()
	return &Engine{store: eng.store, opts: o, parser: eng.parser, procs: procs, plans: eng.plans}
}

// Procedures returns the registered procedures, sorted by name.
func (eng *Engine) Procedures() []*vm.Procedure {
	eng.mu.RLock()
	defer eng.mu.RUnlock()
	out := make([]*vm.Procedure, 0, len(eng.procs))
	for _, p := range eng.procs {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// ReadOnly reports whether nothing can be written: the engine or its
// store was opened read-only.
func (eng *Engine) ReadOnly() bool { return eng.opts.ReadOnly || eng.store.ReadOnly() }
