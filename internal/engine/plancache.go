package engine

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// planCacheSize bounds the number of cached plans per Engine.
const planCacheSize = 512

// planCache keeps compiled plans by graph and query text. A plan stays
// valid while the schema (indexes, constraints: an epoch bumped by every
// schema command) and the coarse shape of the data (the dictionaries' sizes
// and the node count's order of magnitude, which steer the cost model) are
// unchanged, and while the exact counts it relies on (Compiled.Assumes,
// checked on every reuse) are the same. Plans do not depend on parameter
// values: parameters are read at run time, and their types are checked
// there.
//
// An engine and its siblings on the store's other graphs (OnGraph, USE)
// share one cache: its keys name the graph.
type planCache struct {
	mu      sync.Mutex
	epoch   uint64
	entries map[string]planEntry
	// hits and compiles count the plans reused and the plans compiled
	// (see PlanCacheCounts).
	hits, compiles uint64
	// distinct caches sampled property statistics (see statsView) by
	// graph, label and key, valid while their signature holds.
	distinct map[string]propSketch
}

type planEntry struct {
	sig      planSig
	compiled *planner.Compiled
}

type planSig struct {
	epoch                 uint64
	labels, types, keys   int
	nodeScale, relScale   int
	rowModeOnly, readOnly bool
}

func (c *planCache) invalidate() {
	c.mu.Lock()
	c.epoch++
	c.entries = nil
	c.distinct = nil
	c.mu.Unlock()
}

// PlanCacheCounts is how often compiling a query reused a cached plan
// and how often it planned the query.
type PlanCacheCounts struct {
	Hits, Compiles uint64
}

// PlanCacheCounts returns the plan cache's counts so far (shared by the
// engines of one store's graphs).
func (eng *Engine) PlanCacheCounts() PlanCacheCounts {
	eng.plans.mu.Lock()
	defer eng.plans.mu.Unlock()
	return PlanCacheCounts{Hits: eng.plans.hits, Compiles: eng.plans.compiles}
}

func (eng *Engine) signature(r storage.Reader) planSig {
	eng.plans.mu.Lock()
	epoch := eng.plans.epoch
	eng.plans.mu.Unlock()
	return planSig{
		epoch:  epoch,
		labels: len(r.Labels()), types: len(r.Types()), keys: len(r.PropKeys()),
		nodeScale: bits.Len64(r.NodeCount()), relScale: bits.Len64(r.RelCount()),
		rowModeOnly: eng.opts.Plan.RowModeOnly,
	}
}

// holdsSig reports whether r still has signature sig (the cached plan's)
// without listing the dictionaries: names get dense ids that are never
// reused, so a dictionary of n names has a name at id n-1 and none at n.
func (eng *Engine) holdsSig(r storage.Reader, sig planSig) bool {
	eng.plans.mu.Lock()
	epoch := eng.plans.epoch
	eng.plans.mu.Unlock()
	return sig.epoch == epoch && sig.rowModeOnly == eng.opts.Plan.RowModeOnly &&
		dictSize(r.LabelName, sig.labels) && dictSize(r.TypeName, sig.types) && dictSize(r.PropKeyName, sig.keys) &&
		sig.nodeScale == bits.Len64(r.NodeCount()) && sig.relScale == bits.Len64(r.RelCount())
}

// dictSize reports whether the dictionary whose names name returns by id
// holds exactly n names.
func dictSize(name func(uint32) string, n int) bool {
	return (n == 0 || name(uint32(n-1)) != "") && name(uint32(n)) == ""
}

// compile returns the cached plan for query or compiles and caches it.
func (eng *Engine) compile(st *ast.Statement, query string, r storage.Reader) (*planner.Compiled, error) {
	return eng.CompileAs(st, query, r, nil)
}

// CompileAs is compile for a query run as a GraphProgram statement (stmt
// not nil) or as a query.
func (eng *Engine) CompileAs(st *ast.Statement, query string, r storage.Reader, stmt *planner.Statement) (*planner.Compiled, error) {
	if err := eng.checkUse(st, query); err != nil {
		return nil, err
	}
	key := eng.opts.Graph + "\x00" + query
	if stmt != nil {
		key = fmt.Sprintf("%s\x00%c\x00%d\x00%d\x00%s\x00%s\x00%s", eng.opts.Graph, stmt.Op, stmt.Limit, stmt.Seed, stmt.Param, stmt.KeyProperty, query)
	}
	eng.plans.mu.Lock()
	e, ok := eng.plans.entries[key]
	eng.plans.mu.Unlock()
	if ok && eng.holdsSig(r, e.sig) && planner.Holds(e.compiled.Assumes, eng.statsView(r, e.sig)) {
		eng.plans.mu.Lock()
		eng.plans.hits++
		eng.plans.mu.Unlock()
		return e.compiled, nil
	}
	sig := eng.signature(r)
	eng.plans.mu.Lock()
	eng.plans.compiles++
	eng.plans.mu.Unlock()
	compiled, err := planner.Compile(st, query, planner.Options{Stats: eng.statsView(r, sig), Procedures: eng.procedure, RowModeOnly: eng.opts.Plan.RowModeOnly, StartLast: eng.opts.Plan.StartLast, Statement: stmt})
	if err != nil {
		return nil, err
	}
	if !usesProcedures(compiled.Program) {
		eng.plans.mu.Lock()
		if eng.plans.entries == nil {
			eng.plans.entries = map[string]planEntry{}
		}
		if len(eng.plans.entries) >= planCacheSize {
			for k := range eng.plans.entries { // evict an arbitrary entry
				delete(eng.plans.entries, k)
				break
			}
		}
		eng.plans.entries[key] = planEntry{sig: sig, compiled: compiled}
		eng.plans.mu.Unlock()
	}
	return compiled, nil
}

// usesProcedures reports whether the program calls procedures, whose
// registrations can change between runs; such plans are not cached.
func usesProcedures(p *vm.Program) bool {
	for _, a := range p.Aux {
		if _, ok := a.(*vm.ProcSpec); ok {
			return true
		}
	}
	return false
}

// checkParams reports a missing parameter before the query runs, as a
// compile-time error (the program names every parameter it reads).
func checkParams(p *vm.Program, params map[string]value.Value) error {
	for _, in := range p.Code {
		if in.Op != vm.OpParam {
			continue
		}
		name := string(p.Consts[in.B].(value.String))
		if _, ok := params[name]; !ok {
			return cyqerr.Compile(cyqerr.ParameterMissing, "MissingParameter", "expected a value for parameter $%s", name).WithHint("pass it in the query's parameters")
		}
	}
	return nil
}
