package engine

import (
	"fmt"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// planCacheSize bounds the number of cached query texts per Engine.
const planCacheSize = 512

// planVariants bounds the plans kept for one query text, each for the
// estimate classes of the parameter values it was planned for; and
// variantClasses the classes one plan keeps serving (values of another
// class that planned to the same plan).
const (
	planVariants   = 4
	variantClasses = 16
)

// planCache keeps compiled plans by graph and query text. A plan stays
// valid while the schema (indexes, constraints: an epoch bumped by every
// schema command) and the coarse shape of the data (the dictionaries' sizes
// and the node count's order of magnitude, which steer the cost model) are
// unchanged, while the exact counts it relies on (Compiled.Assumes,
// checked on every reuse) are the same, and while every count its
// estimates read keeps its estimate class (statsreads.go: commits keep
// the counts current, so a plan follows the data between image writes).
//
// A query is planned for the parameter values of the run that compiles
// it (planner.Options.Params): the estimates read them as they read
// literals, while the program reads parameters at run time (and checks
// their types there), so a plan is correct for any values of its class
// (a list parameter's length class, where the plan reads the list by its
// shape). The plan records what its estimates took from the values
// (Compiled.ParamDeps); a run with other values reuses it when the
// values' estimate class
// (planner.ParamClass: cheap probes of the statistics, no planning) is
// one the plan was chosen for, and plans again otherwise. A query text
// keeps up to planVariants plans, the most recently used first; values
// of a new class that plan to a plan already kept join its classes.
//
// An engine and its siblings on the store's other graphs (OnGraph, USE)
// share one cache: its keys name the graph.
type planCache struct {
	mu      sync.Mutex
	epoch   uint64
	entries map[planKey]planEntry
	// hits and compiles count the plans reused and the plans compiled
	// (see PlanCacheCounts).
	hits, compiles uint64
	// distinct caches sampled property statistics (see statsView) by
	// graph, label and key, valid while their signature holds.
	distinct map[string]propSketch
	// probes memoises the statistics' answers to the value probes that
	// derive parameter values' estimate classes (see probeStats), for
	// the signature probesSig.
	probes    map[string]float64
	probesSig planSig
}

// maxProbes bounds the memoised probes; the memo starts afresh when full.
const maxProbes = 4096

// planKey names a cached plan: the graph, the program statement's
// parameters ("" for a Cypher text) and the query text. A struct of
// strings, so a lookup builds no key.
type planKey struct{ graph, stmt, query string }

type planEntry struct {
	variants []*planVariant // most recently used first
}

// planVariant is one plan of a query text.
type planVariant struct {
	sig      planSig
	compiled *planner.Compiled
	// blind: planned without the values of the parameters it reads
	// (EXPLAIN without them, a program statement), for runs without them.
	blind bool
	// classes are the estimate classes of the parameter values the plan
	// serves (replaced, never changed in place); shape is the plan's
	// operator tree, which tells two plans of one query apart.
	classes [][]int32
	shape   string
	// names are the parameters the estimates read, and last the class
	// of the values they last had: a run with the same values (a warm
	// loop) skips deriving it.
	names []string
	last  atomic.Pointer[lastClass]
	// reads are the counts the estimates read, with their classes: the
	// plan serves while each keeps its class (statsreads.go).
	reads []statsRead
	// checked is the generation of the statistics the reads last held
	// on (nil: none yet).
	checked atomic.Pointer[storage.Generation]
}

// lastClass is the estimate class of one set of parameter values.
type lastClass struct {
	vals []value.Value
	cls  []int32
}

// class returns the estimate class of params under v's dependencies.
func (v *planVariant) class(view *statsView, params map[string]value.Value) []int32 {
	params = v.compiled.WithRunConstants(params) // the values of expressions the plan reads as parameters
	if l := v.last.Load(); l != nil {
		same := true
		for i, n := range v.names {
			if !sameValue(params[n], l.vals[i]) {
				same = false
				break
			}
		}
		if same {
			return l.cls
		}
	}
	cls := planner.ParamClass(v.compiled.ParamDeps, probeStats{view}, params)
	l := &lastClass{vals: make([]value.Value, len(v.names)), cls: cls}
	for i, n := range v.names {
		l.vals[i] = params[n]
	}
	v.last.Store(l)
	return cls
}

// sameValue reports whether a and b are the same value of the same kind
// (a list: element by element).
func sameValue(a, b value.Value) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case value.List:
		y, ok := b.(value.List)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !sameValue(x[i], y[i]) {
				return false
			}
		}
		return true
	case value.Null, value.Bool, value.Int, value.Float, value.String:
		return a == b
	}
	return false
}

// paramNames lists the parameters deps read, once each.
func paramNames(deps []planner.ParamDep) []string {
	var out []string
	for _, d := range deps {
		if !slices.Contains(out, d.Name) {
			out = append(out, d.Name)
		}
	}
	return out
}

// serves reports whether v is the plan for a run with params, whose
// values have class cls under v's dependencies.
func (v *planVariant) serves(params map[string]value.Value, cls []int32, classes [][]int32) bool {
	switch {
	case v.blind:
		return params == nil
	case len(v.compiled.ParamDeps) == 0:
		return true // the estimates read no value
	case params == nil:
		return false
	}
	for _, c := range classes {
		if planner.EqualClass(c, cls) {
			return true
		}
	}
	return false
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
	c.probes = nil
	c.mu.Unlock()
}

// PlanCacheCounts is how often compiling a query reused a cached plan
// and how often it planned the query.
type PlanCacheCounts struct {
	Hits, Compiles uint64
	// Variants is the number of plans cached now (over all query texts:
	// a text may keep several, for parameter values of different
	// estimate classes).
	Variants int
}

// PlanCacheCounts returns the plan cache's counts so far (shared by the
// engines of one store's graphs).
func (eng *Engine) PlanCacheCounts() PlanCacheCounts {
	eng.plans.mu.Lock()
	defer eng.plans.mu.Unlock()
	n := 0
	for _, e := range eng.plans.entries {
		n += len(e.variants)
	}
	return PlanCacheCounts{Hits: eng.plans.hits, Compiles: eng.plans.compiles, Variants: n}
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

// compile returns the cached plan for query run with params (nil: no
// values known, as for EXPLAIN without them) or compiles and caches it.
func (eng *Engine) compile(st *ast.Statement, query string, r storage.Reader, params map[string]value.Value) (*planner.Compiled, error) {
	return eng.compileFor(st, query, r, nil, params)
}

// CompileWith parses and plans a statement against the current graph for
// the values of params, as a run with them plans it (through the plan
// cache), without running it.
func (eng *Engine) CompileWith(query string, params map[string]any) (*planner.Compiled, error) {
	st, err := eng.parser.Parse(query)
	if err != nil {
		return nil, err
	}
	vp, err := Params(params)
	if err != nil {
		return nil, err
	}
	g, err := eng.Graph()
	if err != nil {
		return nil, err
	}
	snap := g.Snapshot()
	defer snap.Close()
	return eng.compile(st, query, snap, vp)
}

// CompileAs is compile for a query run as a GraphProgram statement (stmt
// not nil) or as a query, planned for the values of params (nil: without
// values, as for a program's EXPLAIN). A statement's plans are cached as
// a query's are: by the estimate class of the values (see planCache), so
// a program run again with values of the same class reuses its plans.
func (eng *Engine) CompileAs(st *ast.Statement, query string, r storage.Reader, stmt *planner.Statement, params map[string]value.Value) (*planner.Compiled, error) {
	return eng.compileFor(st, query, r, stmt, params)
}

func (eng *Engine) compileFor(st *ast.Statement, query string, r storage.Reader, stmt *planner.Statement, params map[string]value.Value) (*planner.Compiled, error) {
	if err := eng.checkUse(st, query); err != nil {
		return nil, err
	}
	key := planKey{graph: eng.opts.Graph, query: query}
	if stmt != nil {
		key.stmt = fmt.Sprintf("%c\x00%d\x00%d\x00%s\x00%s", stmt.Op, stmt.Limit, stmt.Seed, stmt.Param, stmt.KeyProperty)
	}
	if c := eng.cached(key, r, params); c != nil {
		return c, nil
	}
	sig := eng.signature(r)
	eng.plans.mu.Lock()
	eng.plans.compiles++
	eng.plans.mu.Unlock()
	view, reads := eng.statsView(r, sig).recording()
	compiled, err := planner.Compile(st, query, planner.Options{Stats: view, Procedures: eng.procedure, RowModeOnly: eng.opts.Plan.RowModeOnly, StartLast: eng.opts.Plan.StartLast, Statement: stmt, Params: params})
	if err != nil {
		return nil, err
	}
	if !usesProcedures(compiled.Program) {
		eng.keep(key, &planVariant{sig: sig, compiled: compiled, blind: params == nil && readsParams(compiled.Program), classes: [][]int32{compiled.ParamClass},
			shape: compiled.Plan.Render(func(int, int) string { return "" }), names: paramNames(compiled.ParamDeps), reads: reads.list})
	}
	return compiled, nil
}

// cached returns the plan cached under key for a run on r with params,
// nil when none fits: one whose signature and assumed counts hold on r
// and that serves the values' estimate class.
func (eng *Engine) cached(key planKey, r storage.Reader, params map[string]value.Value) *planner.Compiled {
	// An entry's variants and a variant's classes are replaced, never
	// changed in place (keep), so the slices read under the lock stay
	// as they were after it: no copies.
	eng.plans.mu.Lock()
	variants := eng.plans.entries[key].variants
	eng.plans.mu.Unlock()
	var view *statsView
	for i, v := range variants {
		if !eng.holdsSig(r, v.sig) {
			continue
		}
		if view == nil || view.sig != v.sig {
			view = eng.statsView(r, v.sig)
		}
		if !planner.Holds(v.compiled.Assumes, view) {
			continue
		}
		if !view.holdsReadsOf(v) {
			// The data moved: value probes memoised under this
			// signature may have moved with it.
			eng.plans.mu.Lock()
			eng.plans.probes = nil
			eng.plans.mu.Unlock()
			continue
		}
		var cls []int32
		if params != nil && !v.blind && len(v.compiled.ParamDeps) > 0 {
			cls = v.class(view, params)
		}
		if !v.serves(params, cls, v.classes) {
			continue
		}
		eng.plans.mu.Lock()
		eng.plans.hits++
		if e, ok := eng.plans.entries[key]; ok && i > 0 {
			if k := slices.Index(e.variants, v); k > 0 { // most recently used first
				vs := slices.Clone(e.variants)
				copy(vs[1:k+1], vs[:k])
				vs[0] = v
				eng.plans.entries[key] = planEntry{variants: vs}
			}
		}
		eng.plans.mu.Unlock()
		return v.compiled
	}
	return nil
}

// probeStats is a statsView whose value probes (the ones deriving the
// estimate class of parameter values) are memoised in the plan cache:
// a run with values seen before pays a map lookup, not a probe.
type probeStats struct{ *statsView }

func (s probeStats) ValueFraction(label, key, op string, v value.Value) float64 {
	var buf [64]byte
	k := s.probeKey(buf[:0], 'f', label, key, op, false, v)
	return s.memo(k, func() float64 { return s.statsView.ValueFraction(label, key, op, v) })
}

func (s probeStats) SeekDegree(label, key string, v value.Value, typ string, out bool) float64 {
	var buf [64]byte
	k := s.probeKey(buf[:0], 'd', label, key, typ, out, v)
	return s.memo(k, func() float64 { return s.statsView.SeekDegree(label, key, v, typ, out) })
}

// probeKey appends to b the memo key of a probe: its graph, kind,
// arguments and value.
func (s probeStats) probeKey(b []byte, kind byte, label, key, arg string, out bool, v value.Value) []byte {
	b = append(append(b, s.eng.opts.Graph...), 0, kind)
	if out {
		b = append(b, 1)
	}
	b = append(append(append(append(append(append(b, label...), 0), key...), 0), arg...), 0)
	return value.AppendKey(b, v)
}

func (s probeStats) memo(k []byte, probe func() float64) float64 {
	c := s.eng.plans
	c.mu.Lock()
	f, ok := c.probes[string(k)]
	if ok && c.probesSig == s.sig {
		c.mu.Unlock()
		return f
	}
	c.mu.Unlock()
	f = probe()
	c.mu.Lock()
	if c.probesSig != s.sig || len(c.probes) >= maxProbes {
		c.probes, c.probesSig = nil, s.sig
	}
	if c.probes == nil {
		c.probes = map[string]float64{}
	}
	c.probes[string(k)] = f
	c.mu.Unlock()
	return f
}

// keep caches plan nv under key: as a class more of a kept plan with
// the same operator tree, or as the most recently used plan of the key,
// dropping the least recently used beyond planVariants.
func (eng *Engine) keep(key planKey, nv *planVariant) {
	eng.plans.mu.Lock()
	defer eng.plans.mu.Unlock()
	if eng.plans.entries == nil {
		eng.plans.entries = map[planKey]planEntry{}
	}
	e, ok := eng.plans.entries[key]
	if !ok && len(eng.plans.entries) >= planCacheSize {
		for k := range eng.plans.entries { // evict an arbitrary entry
			delete(eng.plans.entries, k)
			break
		}
	}
	vs := make([]*planVariant, 0, planVariants)
	vs = append(vs, nv)
	for _, v := range e.variants {
		if v.sig != nv.sig {
			continue // planned for data that has changed since
		}
		if v.shape == nv.shape && v.blind == nv.blind && slices.EqualFunc(v.compiled.ParamDeps, nv.compiled.ParamDeps, func(a, b planner.ParamDep) bool { return a == b }) {
			// The same plan: it serves the new class too.
			// It serves while every count either planning read keeps its
			// class.
			m := &planVariant{sig: v.sig, compiled: v.compiled, blind: v.blind, shape: v.shape, names: v.names,
				classes: append([][]int32{nv.compiled.ParamClass}, v.classes[:min(len(v.classes), variantClasses-1)]...),
				reads:   unionReads(v.reads, nv.reads)}
			vs[0] = m
			continue
		}
		if len(vs) < planVariants {
			vs = append(vs, v)
		}
	}
	eng.plans.entries[key] = planEntry{variants: vs}
}

// unionReads is the reads of a and of b, each once.
func unionReads(a, b []statsRead) []statsRead {
	out := slices.Clone(a)
	for _, r := range b {
		if !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
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

// readsParams reports whether the program reads a parameter.
func readsParams(p *vm.Program) bool {
	for _, in := range p.Code {
		if in.Op == vm.OpParam {
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
