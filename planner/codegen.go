package planner

import (
	"fmt"
	"math"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// slotKind is where a variable lives in the VM.
type slotKind uint8

const (
	slotValue slotKind = iota // an R register
	slotNode                  // an N register holding a node id
	slotRel                   // an N register holding a relationship id
)

type slot struct {
	kind slotKind
	reg  int32
}

// env maps variable names to registers at one point of the generated code.
type regEnv struct {
	vars  map[string]slot
	order []string
}

func newEnv() *regEnv { return &regEnv{vars: map[string]slot{}} }

func (e *regEnv) clone() *regEnv {
	c := &regEnv{vars: make(map[string]slot, len(e.vars)), order: append([]string(nil), e.order...)}
	for k, v := range e.vars {
		c.vars[k] = v
	}
	return c
}

// bound reports whether name is a variable of the environment.
func (e *regEnv) bound(name string) bool { _, ok := e.vars[name]; return ok }

func (e *regEnv) set(name string, s slot) {
	if _, ok := e.vars[name]; !ok {
		e.order = append(e.order, name)
	}
	e.vars[name] = s
}

// scope returns the binder's view of the environment.
func (e *regEnv) scope() *scope {
	sc := newScope()
	for _, n := range e.order {
		k := kindValue
		switch e.vars[n].kind {
		case slotNode:
			k = kindNode
		case slotRel:
			k = kindRel
		}
		sc.add(n, k)
	}
	return sc
}

type label int

type fixup struct {
	pc      int
	operand int
	l       label
}

// gen emits a vm.Program.
type gen struct {
	b *builder
	// deferCursor is the batched scan whose lanes carry each deferred
	// test's outcome (deferred_tests.go).
	deferCursor map[string]int32
	// imported is the enclosing query's environment while an EXISTS,
	// COUNT or COLLECT subquery is generated: its variables stay readable
	// past the subquery's own projections (scope.imported).
	imported *regEnv
	code     []vm.Instr
	spans    []int32
	consts   []value.Value
	strIdx   map[string]int32
	aux      []any
	funcs    []vm.Callable
	funcIdx  map[functions.OverloadID]int32
	labels   []int
	fixups   []fixup
	nR, nN   int32
	nS, nC   int32
	nV       int32 // vector registers
	nCounts  int32 // count maps (WalkCount)
	span     int32

	counterRegs []counterReg
	opIndex     map[*logical.Op]int32 // top-level operators, numbered across pipelines (PROFILE)
	cur         int32                 // operator the instructions being emitted belong to
	opOf        []int32
	firstPC     []int32
	topN        int32                   // N register with ORDER BY's k (skip + limit), -1 when none
	collectEnd  label                   // a GraphProgram statement's WorkingApply
	noHoist     bool                    // compiling a hoisted expression (see hoist)
	once        bool                    // compiling a subquery that runs once per run (see hoistOnce)
	seg         []logical.Op            // the segment being emitted (see setRows)
	setSink     *setSink                // its breaker, when it can take whole node sets
	countSink   *setSink                // the last segment's sink of the next pipeline, when it only counts rows (see countSetSink)
	subst       map[string]string       // expression text -> variable (see logical.Project.Subst)
	rowsIn      map[*logical.Op]float64 // top-level operators' estimated input rows (see body_rows.go)
	curRows     float64                 // those of the operator being emitted
}

func newGen(b *builder) *gen {
	return &gen{b: b, strIdx: map[string]int32{}, funcIdx: map[functions.OverloadID]int32{}, span: -1}
}

func (g *gen) r() int32 { g.nR++; return g.nR - 1 }
func (g *gen) rs(n int) int32 {
	start := g.nR
	g.nR += int32(n)
	return start
}
func (g *gen) n() int32      { g.nN++; return g.nN - 1 }
func (g *gen) s() int32      { g.nS++; return g.nS - 1 }
func (g *gen) cursor() int32 { g.nC++; return g.nC - 1 }

// setOperand sets operand i (0..3: A..D) of an instruction.
func setOperand(in *vm.Instr, i int, v int32) {
	switch i {
	case 0:
		in.A = v
	case 1:
		in.B = v
	case 2:
		in.C = v
	case 3:
		in.D = v
	}
}

func (g *gen) emit(op vm.Opcode, ops ...int32) int {
	in := vm.Instr{Op: op}
	for i, o := range ops {
		setOperand(&in, i, o)
	}
	g.code = append(g.code, in)
	g.spans = append(g.spans, g.span)
	g.opOf = append(g.opOf, g.cur)
	return len(g.code) - 1
}

// enter marks the start of a top-level operator's code.
func (g *gen) enter(op *logical.Op) {
	if id, ok := g.opIndex[op]; ok {
		g.cur, g.curRows = id, g.rowsIn[op]
		if g.firstPC[id] < 0 {
			g.firstPC[id] = int32(len(g.code))
		}
	}
}

// emitJ emits an instruction whose operand number jop is a jump to l.
func (g *gen) emitJ(op vm.Opcode, jop int, l label, ops ...int32) int {
	for len(ops) <= jop {
		ops = append(ops, 0)
	}
	pc := g.emit(op, ops...)
	g.fixups = append(g.fixups, fixup{pc, jop, l})
	return pc
}

func (g *gen) newLabel() label { g.labels = append(g.labels, -1); return label(len(g.labels) - 1) }
func (g *gen) bind(l label)    { g.labels[l] = len(g.code) }
func (g *gen) here() label     { l := g.newLabel(); g.bind(l); return l }

func (g *gen) constant(v value.Value) int32 {
	if s, ok := v.(value.String); ok {
		if i, ok := g.strIdx[string(s)]; ok {
			return i
		}
		g.strIdx[string(s)] = int32(len(g.consts))
	}
	g.consts = append(g.consts, v)
	return int32(len(g.consts) - 1)
}

func (g *gen) str(s string) int32 { return g.constant(value.String(s)) }

func (g *gen) strList(ss []string) int32 {
	l := make(value.List, len(ss))
	for i, s := range ss {
		l[i] = value.String(s)
	}
	g.consts = append(g.consts, l)
	return int32(len(g.consts) - 1)
}

func (g *gen) addAux(a any) int32 { g.aux = append(g.aux, a); return int32(len(g.aux) - 1) }

func (g *gen) at(n ast.Node) {
	if n != nil {
		g.span = int32(n.NodeSpan().Start)
	}
}

func (g *gen) finish(columns []string, writes bool) *vm.Program {
	for _, f := range g.fixups {
		target := int32(g.labels[f.l])
		setOperand(&g.code[f.pc], f.operand, target)
	}
	return &vm.Program{
		OpOf: g.opOf, OpFirstPC: g.firstPC,
		Code: g.code, Consts: g.consts, Aux: g.aux, Funcs: g.funcs, Spans: g.spans,
		Source: g.b.src, Columns: columns, NumR: int(g.nR), NumN: int(g.nN), NumS: int(g.nS),
		NumCursors: int(g.nC), NumV: int(g.nV), Writes: writes,
	}
}

// setLabelAddr loads the address of l into counter register n.
func (g *gen) setLabelAddr(n int32, l label) { g.emitJ(vm.OpSetCounter, 1, l, n) }

// plan compiles a whole logical plan.
func (g *gen) plan(p *logical.Plan) error {
	g.opIndex = map[*logical.Op]int32{}
	for _, pl := range p.Pipelines {
		for i := range pl.Ops {
			g.opIndex[&pl.Ops[i]] = int32(len(g.opIndex))
		}
	}
	g.rowsIn = rowsIn(p)
	g.firstPC = make([]int32, len(g.opIndex))
	for i := range g.firstPC {
		g.firstPC[i] = -1
	}
	distinct := int32(-1)
	if p.Working != nil {
		g.collectEnd = g.newLabel()
	} else if len(p.Pipelines) > 1 {
		all := true
		for _, a := range p.UnionAll {
			all = all && a
		}
		if !all {
			distinct = -2 // allocated on first Emit
		}
	}
	for _, pl := range p.Pipelines {
		if err := g.pipeline(pl, &distinct); err != nil {
			return err
		}
	}
	if p.Working != nil {
		g.bind(g.collectEnd)
		g.emit(vm.OpWorkingApply, int32(p.Working.Op))
	}
	g.emit(vm.OpHalt)
	return nil
}

// tableSource is a materialised table that the next segment iterates.
type tableSource struct {
	aux int32
	env *regEnv
	// after, when set, emits code that runs once the segment feeding the
	// table has ended, before the table is read; restore, code that runs
	// after each row is read back.
	after   func() error
	restore func()
}

// pipeline emits one pipeline: each run of operators up to a breaker becomes
// nested loops whose innermost body feeds the breaker's table; the next run
// starts by iterating that table.
func (g *gen) pipeline(pl *logical.Pipeline, distinct *int32) error {
	return g.pipelineFrom(pl.Ops, newEnv(), distinct, func(*regEnv) error { return nil })
}

// inline emits a subquery's pipeline inside the current row's code: it
// starts from the outer environment (correlated variables), empties the
// tables it fills on every entry, and hands each of its result rows to
// final instead of emitting it (a trailing Emit is dropped).
func (g *gen) inline(pl *logical.Pipeline, outer *regEnv, final func(*regEnv) error) error {
	ops := pl.Ops
	if len(ops) > 0 {
		if _, ok := ops[len(ops)-1].(logical.Emit); ok {
			ops = ops[:len(ops)-1]
		}
	}
	savedTop, savedSubst := g.topN, g.subst
	g.subst = nil
	first := int32(len(g.aux))
	reset := g.emit(vm.OpResetTables, first, first)
	dummy := int32(-1)
	// Tables made after control passes to final belong to the outer query
	// and must survive the subquery's re-entry.
	end := int32(-1)
	handOff := func(ie *regEnv) error {
		if end < 0 {
			end = int32(len(g.aux))
		}
		return final(ie)
	}
	if err := g.pipelineFrom(ops, outer.clone(), &dummy, handOff); err != nil {
		return err
	}
	if end < 0 {
		end = int32(len(g.aux))
	}
	g.code[reset].B = end
	g.topN, g.subst = savedTop, savedSubst
	return nil
}

// pipelineFrom emits operators as segments split at breakers, starting from
// environment e; final runs at the innermost point of the last segment.
func (g *gen) pipelineFrom(ops []logical.Op, e *regEnv, distinct *int32, final func(*regEnv) error) error {
	var src *tableSource
	countSink := g.countSink
	g.countSink = nil // the pipeline's own, not those nested in it
	for start := 0; start <= len(ops); {
		end := start
		for end < len(ops) && !ops[end].Breaker() {
			end++
		}
		seg := ops[start:end]
		exit := g.newLabel()
		if err := g.prologue(seg); err != nil {
			return err
		}
		g.topN = -1
		if end < len(ops) {
			if _, isSort := ops[end].(logical.Sort); isSort {
				if err := g.topNPrologue(ops[end+1:]); err != nil {
					return err
				}
			}
		}
		var next *tableSource
		savedSeg, savedSetSink := g.seg, g.setSink
		g.seg, g.setSink = seg, nil
		if end == len(ops) && g.b.stmt != nil {
			g.setSink = g.collectSink(seg)
		}
		if end == len(ops) && countSink != nil {
			g.setSink = countSink
		}
		if end < len(ops) {
			if agg, ok := ops[end].(logical.Aggregate); ok {
				if v, keys, ok := setCountVar(agg); ok && (len(agg.Keys) == 0 || !g.b.rowModeOnly) {
					g.setSink = &setSink{name: v, keys: keys, emit: func(set int32, e *regEnv) error {
						g.enter(&ops[end])
						var err error
						next, err = g.aggSetSink(agg, set, e)
						return err
					}}
				}
			}
		}
		sink := func(e *regEnv) error {
			if end == len(ops) {
				return final(e)
			}
			var err error
			g.enter(&ops[end])
			next, err = g.sink(ops[end], e)
			return err
		}
		if src != nil {
			g.enter(&ops[start-1])
			c := g.cursor()
			g.emit(vm.OpOpenTable, c, src.aux)
			head := g.here()
			g.emitJ(vm.OpNextTable, 1, exit, c)
			if src.restore != nil {
				src.restore()
			}
			if err := g.ops(seg, src.env.clone(), head, exit, distinct, sink); err != nil {
				return err
			}
			g.emitJ(vm.OpGoto, 0, head)
		} else if err := g.ops(seg, e, exit, exit, distinct, sink); err != nil {
			return err
		}
		g.bind(exit)
		g.seg, g.setSink = savedSeg, savedSetSink
		if next != nil && next.after != nil {
			if err := next.after(); err != nil {
				return err
			}
		}
		if end == len(ops) {
			break
		}
		src = next
		start = end + 1
	}
	return nil
}

// prologue initialises the SKIP and LIMIT counters of a segment.
func (g *gen) prologue(seg []logical.Op) error {
	for i, op := range seg {
		var e ast.Expr
		switch o := op.(type) {
		case logical.Skip:
			e = o.Count
		case logical.Limit:
			e = o.Count
		default:
			continue
		}
		r, err := g.expr(e, newEnv())
		if err != nil {
			return err
		}
		n := g.n()
		g.at(e)
		g.emit(vm.OpLoadCounter, n, r)
		g.counterRegs = append(g.counterRegs, counterReg{seg: &seg[i], reg: n})
	}
	return nil
}

type counterReg struct {
	seg *logical.Op
	reg int32
}

func (g *gen) counterFor(op *logical.Op) int32 {
	for _, c := range g.counterRegs {
		if c.seg == op {
			return c.reg
		}
	}
	panic("planner: counter not initialised")
}

// sink emits the innermost body of a segment that ends in breaker op: it
// adds the current row to the breaker's table.
func (g *gen) sink(op logical.Op, e *regEnv) (*tableSource, error) {
	switch o := op.(type) {
	case logical.Eager:
		spec := envTable(e)
		aux := g.addAux(spec)
		g.emit(vm.OpTableAdd, aux)
		return &tableSource{aux: aux, env: e.clone()}, nil
	case logical.CallInTransactions:
		return g.inTransactions(o, e)
	case logical.Sort:
		spec := envTable(e)
		spec.TopN = g.topN
		g.subst = o.Subst
		defer func() { g.subst = nil }()
		for _, k := range o.Keys {
			r, err := g.expr(k.Expr, e)
			if err != nil {
				return nil, err
			}
			spec.SortKeys = append(spec.SortKeys, int32(len(spec.R)))
			spec.R = append(spec.R, r)
			spec.Desc = append(spec.Desc, k.Desc)
		}
		aux := g.addAux(spec)
		g.emit(vm.OpTableAdd, aux)
		return &tableSource{aux: aux, env: e.clone()}, nil
	case logical.Aggregate:
		spec := &vm.AggSpec{EstGroups: int(math.Min(o.EstGroups, 1<<20))}
		out := newEnv()
		if err := g.aggKeys(o, e, spec, out); err != nil {
			return nil, err
		}
		for _, a := range o.Aggs {
			call, err := g.aggCall(a.Call, e)
			if err != nil {
				return nil, err
			}
			call.SumInts = a.IntSum
			call.Offset, call.Placed = int32(a.Call.NodeSpan().Start), true
			spec.Aggs = append(spec.Aggs, call)
			r := g.r()
			spec.Table.R = append(spec.Table.R, r)
			out.set(a.Name, slot{slotValue, r})
		}
		aux := g.addAux(spec)
		g.emit(vm.OpAggStep, aux)
		return &tableSource{aux: aux, env: out}, nil
	}
	return nil, fmt.Errorf("planner: %s is not a breaker", op.Name())
}

// aggKeys computes the grouping keys of o from e into spec's key
// registers (node and relationship keys by id) and binds them in out.
func (g *gen) aggKeys(o logical.Aggregate, e *regEnv, spec *vm.AggSpec, out *regEnv) error {
	for _, k := range o.Keys {
		if v, ok := k.Expr.(*ast.Variable); ok {
			if s, ok := e.vars[v.Name]; ok && s.kind != slotValue {
				spec.Table.N = append(spec.Table.N, s.reg)
				out.set(k.Name, s)
				continue
			}
		}
		r, err := g.expr(k.Expr, e)
		if err != nil {
			return err
		}
		spec.Table.R = append(spec.Table.R, r)
		out.set(k.Name, slot{slotValue, r})
	}
	spec.NumKeyR = len(spec.Table.R)
	return nil
}

func envTable(e *regEnv) *vm.TableSpec {
	spec := &vm.TableSpec{TopN: -1}
	seen := map[slot]bool{}
	for _, name := range e.order {
		s := e.vars[name]
		if seen[s] {
			continue
		}
		seen[s] = true
		if s.kind == slotValue {
			spec.R = append(spec.R, s.reg)
		} else {
			spec.N = append(spec.N, s.reg)
		}
	}
	return spec
}

func (g *gen) aggCall(fc *ast.FunctionCall, e *regEnv) (vm.AggCall, error) {
	g.at(fc)
	if fc.Star {
		f, _ := functions.Lookup("count")
		o := &f.Overloads[0]
		return vm.AggCall{Name: "count(*)", New: countStar(o), Star: true}, nil
	}
	var args []int32
	for _, a := range fc.Args {
		r, err := g.expr(a, e)
		if err != nil {
			return vm.AggCall{}, err
		}
		args = append(args, r)
	}
	// Arguments must sit in consecutive order for the aggregator.
	o, err := functions.Resolve(qualifiedName(fc), make([]functions.Type, len(fc.Args)))
	if err != nil {
		return vm.AggCall{}, g.b.errAt(fc, cyqerr.SyntaxError, cyqerr.As(err).Detail, "%s", cyqerr.As(err).Message)
	}
	if o.NewAgg == nil {
		return vm.AggCall{}, g.b.errAt(fc, cyqerr.Internal, "", "%s is not an aggregate", fc.Name)
	}
	return vm.AggCall{Name: fc.Name, New: o.NewAgg, Args: args, Distinct: fc.Distinct}, nil
}

// countStar counts rows: it feeds the count aggregator a non-null value per row.
func countStar(o *functions.Overload) func() vm.Aggregator {
	return func() vm.Aggregator { return &starCounter{} }
}

type starCounter struct{ n int64 }

func (c *starCounter) Add([]value.Value) error      { c.n++; return nil }
func (c *starCounter) Result() (value.Value, error) { return value.Int(c.n), nil }

// ops emits ops[0] with the rest of the segment as its body. cont is where
// a rejected row goes (the innermost enclosing loop's next iteration), exit
// where a satisfied LIMIT goes.
func (g *gen) ops(ops []logical.Op, e *regEnv, cont, exit label, distinct *int32, sink func(*regEnv) error) error {
	if len(ops) == 0 {
		return sink(e)
	}
	rest := func(e *regEnv, cont label) error { return g.ops(ops[1:], e, cont, exit, distinct, sink) }
	// setOut continues after a set operator that binds name: the label
	// tests of name right after it filter the set (see setLabelTests).
	setOut := func(set int32, name string, e *regEnv) error {
		set, k, err := g.setLabelTests(set, name, ops, e)
		if err != nil {
			return err
		}
		once, err := g.setOnceFilters(set, name, ops[k:], e, cont)
		if err != nil {
			return err
		}
		k += once
		return g.setRows(set, name, e, func(e *regEnv, cont label) error {
			return g.ops(ops[1+k:], e, cont, exit, distinct, sink)
		}, ops[k:])
	}
	g.enter(&ops[0])
	switch o := ops[0].(type) {
	case logical.Start:
		return rest(e, cont)
	case logical.NodeScan:
		if set, ok, err := g.degreeTopSet(o, ops); ok || err != nil {
			if err != nil {
				return err
			}
			return g.scanSet(set, o.Var, e, rest)
		}
		if len(o.Prefilter) == 0 && g.sinkTakes(o.Var, ops) {
			// The scan's whole node set goes to count(DISTINCT o.Var).
			return g.setRows(g.scanSetOf(o), o.Var, e, rest, ops)
		}
		if len(o.Prefilter) > 0 || o.Batch > 0 {
			return g.batchScan(o, ops[1:1+o.Batch], e, func(e *regEnv, cont label) error {
				return g.ops(ops[1+o.Batch:], e, cont, exit, distinct, sink)
			})
		}
		n := g.n()
		return g.cursorLoop(func(c int32) { g.openScan(c, o) }, func(c int32, done label) { g.emitJ(vm.OpNextNode, 2, done, c, n) }, func(head label) error {
			e = e.clone()
			e.set(o.Var, slot{slotNode, n})
			return rest(e, head)
		})
	case logical.NodeSetSeek:
		l, err := g.expr(o.List, e)
		if err != nil {
			return err
		}
		set := g.s()
		switch {
		case o.Key != "":
			g.emit(vm.OpSetIndexSeekMany, set, g.str(o.Label), g.str(o.Key), l)
		case o.ElementIDs:
			g.emit(vm.OpSetFromIDs, set, l, 1)
		case o.Nodes:
			g.emit(vm.OpSetFromIDs, set, l, 2)
		default:
			g.emit(vm.OpSetFromIDs, set, l, 0)
		}
		return g.scanSet(set, o.Var, e, rest)
	case logical.TypeCounts:
		return g.typeCounts(o, e, rest)
	case logical.WorkingSeek:
		set := g.s()
		byKey := int32(1)
		switch {
		case o.Nodes:
			byKey = 2
		case o.ElementIDs:
			byKey = 0
		}
		g.emit(vm.OpSetFromWorking, set, byKey)
		return g.scanSet(set, o.Var, e, rest)
	case logical.CollectGraph:
		g.emitJ(vm.OpCollectRow, 0, g.collectEnd)
		for _, col := range o.Columns {
			s := e.vars[col]
			switch s.kind {
			case slotNode:
				g.emit(vm.OpCollectNode, s.reg)
			case slotRel:
				g.emit(vm.OpCollectRel, s.reg)
			default:
				g.emit(vm.OpCollectValue, s.reg)
			}
		}
		return rest(e, cont)
	case logical.NodeRangeSeek:
		spec := &vm.RangeSpec{Label: o.Label, Key: o.Key, Lo: -1, Hi: -1, LoIncl: o.LoIncl, HiIncl: o.HiIncl, Prefix: o.Prefix, NaN: o.NaN}
		for _, b := range []struct {
			x   ast.Expr
			reg *int32
		}{{o.Lo, &spec.Lo}, {o.Hi, &spec.Hi}} {
			if b.x == nil {
				continue
			}
			r, err := g.expr(b.x, e)
			if err != nil {
				return err
			}
			*b.reg = r
		}
		set := g.s()
		g.emit(vm.OpSetIndexRange, set, g.addAux(spec))
		return g.scanSet(set, o.Var, e, rest)
	case logical.NodeIndexSeek:
		v, err := g.expr(o.Value, e)
		if err != nil {
			return err
		}
		set := g.s()
		g.emit(vm.OpSetIndexSeek, set, g.str(o.Label), g.str(o.Key), v)
		return g.scanSet(set, o.Var, e, rest)
	case logical.Expand:
		from, ok := e.vars[o.From]
		if !ok {
			return fmt.Errorf("planner: unbound %s", o.From)
		}
		fromReg, err := g.nodeReg(from, o.From)
		if err != nil {
			return err
		}
		spec := &vm.ExpandSpec{Dir: vmDir(o.Dir), Types: o.Types}
		specAux := g.addAux(spec)
		bound := int32(-1)
		if o.ToBound {
			// Expand into a bound node: a bitmap membership test rejects
			// most candidates before any relationship is enumerated.
			if bound, err = g.nodeReg(e.vars[o.To], o.To); err != nil {
				return err
			}
			g.emitJ(vm.OpCheckAdjacent, 3, cont, fromReg, bound, specAux)
			if o.Adjacent {
				return rest(e, cont)
			}
		}
		rel, to := g.n(), g.n()
		var relBound int32
		if o.RelBound {
			if relBound, err = g.relReg(e.vars[o.Rel], o.Rel); err != nil {
				return err
			}
		}
		return g.cursorLoop(func(c int32) { g.emit(vm.OpOpenExpand, c, fromReg, specAux) },
			func(c int32, done label) { g.emitJ(vm.OpNextExpand, 3, done, c, rel, to) },
			func(head label) error {
				e = e.clone()
				if o.ToBound {
					g.emitJ(vm.OpJumpIfIDNe, 2, head, to, bound)
				} else {
					e.set(o.To, slot{slotNode, to})
				}
				var relValue int32 = -1
				for _, d := range o.Distinct {
					s, ok := e.vars[d]
					switch {
					case !ok:
					case s.kind == slotRel:
						g.emitJ(vm.OpJumpIfIDEq, 2, head, rel, s.reg)
					case s.kind == slotValue: // a variable-length relationship's list
						if relValue < 0 {
							relValue = g.r()
							g.emit(vm.OpRelVal, relValue, rel)
						}
						in := g.r()
						g.emit(vm.OpIn, in, relValue, s.reg)
						g.emitJ(vm.OpJumpIfTrue, 1, head, in)
					}
				}
				if o.RelBound {
					g.emitJ(vm.OpJumpIfIDNe, 2, head, rel, relBound)
				} else {
					e.set(o.Rel, slot{slotRel, rel})
				}
				return rest(e, head)
			})
	case logical.ShortestPath:
		from, err := g.nodeReg(e.vars[o.From], o.From)
		if err != nil {
			return err
		}
		var to int32
		if o.ToFree {
			to = g.n()
		} else if to, err = g.nodeReg(e.vars[o.To], o.To); err != nil {
			return err
		}
		spec := shortestSpec(o)
		if spec.PropKeys, spec.PropRegs, err = g.propRegs(o.Props, e); err != nil {
			return err
		}
		if err := g.shortestTests(o, spec, from, e); err != nil {
			return err
		}
		path, rels := g.r(), g.r()
		specAux := g.addAux(spec)
		var cur int32
		return g.cursorLoop(func(c int32) { cur = c; g.emit(vm.OpOpenShortest, c, from, to, specAux) },
			func(c int32, done label) { g.emitJ(vm.OpNextShortest, 3, done, c, path, rels) },
			func(head label) error {
				e = e.clone()
				if o.ToFree {
					g.emit(vm.OpShortestTarget, cur, to)
					e.set(o.To, slot{slotNode, to})
				}
				if o.Path != "" {
					e.set(o.Path, slot{slotValue, path})
				}
				if o.RelList != "" {
					e.set(o.RelList, slot{slotValue, rels})
				}
				if o.Pred != nil {
					// The pre-filter: a path it rejects is not selected.
					r, err := g.expr(o.Pred, e)
					if err != nil {
						return err
					}
					g.emit(vm.OpAssertBool, r)
					g.emitJ(vm.OpJumpIfNotTrue, 1, head, r)
					g.emit(vm.OpShortestAccept, cur)
				}
				return rest(e, head)
			})
	case logical.CycleCount:
		return g.countInto(vm.OpCycleCount, o.Var, o.Into, chainSpec(o.Hops[:]), false, e, cont, rest)
	case logical.Degree:
		spec := &vm.ExpandSpec{Dir: vmDir(o.Dir), Types: o.Types, NoLoops: o.NoLoops}
		if o.Labels != nil {
			spec.EndLabels = compileLabels(o.Labels)
		}
		return g.countInto(vm.OpDegree, o.Var, o.Into, spec, o.KeepZero, e, cont, rest)
	case logical.ExpandCommon:
		a, err := g.nodeReg(e.vars[o.A], o.A)
		if err != nil {
			return err
		}
		b, err := g.nodeReg(e.vars[o.B], o.B)
		if err != nil {
			return err
		}
		set := g.s()
		spec := &vm.ChainSpec{Hops: []vm.ExpandSpec{{Dir: vmDir(o.HA.Dir), Types: o.HA.Types}, {Dir: vmDir(o.HB.Dir), Types: o.HB.Types}}, AnyRels: o.AnyRels}
		g.emit(vm.OpSetCommon, set, a, b, g.addAux(spec))
		return setOut(set, o.X, e)
	case logical.ExpandChain:
		set, err := g.reachSet(o, e)
		if err != nil {
			return err
		}
		return setOut(set, o.To, e)
	case logical.ValueJoin:
		return g.valueJoin(o, e, rest)
	case logical.KeyCount:
		return g.keyCount(o, e, cont, rest)
	case logical.SemiJoin:
		return g.semiJoin(o, e, cont, rest, ops)
	case logical.WalkCount:
		return g.walkCount(o, e, cont, rest)
	case logical.Mark:
		return g.mark(o, e, cont, rest)
	case logical.VarExpand:
		if o.Mode == logical.SetMode {
			set, err := g.reachSet(o, e)
			if err != nil {
				return err
			}
			return setOut(set, o.To, e)
		}
		fromReg, err := g.nodeReg(e.vars[o.From], o.From)
		if err != nil {
			return err
		}
		spec := varExpandSpec(o)
		if o.ListBound {
			spec.Follow = e.vars[o.RelList].reg
		}
		spec.NoList = o.ListUnused
		spec.Lengths = vm.TrailLengths(o.Lengths)
		if spec.Steps, err = g.stepSets(o, fromReg, e); err != nil {
			return err
		}
		if err := g.hopBounds(o, spec, e); err != nil {
			return err
		}
		for _, d := range o.Distinct {
			if s, ok := e.vars[d]; ok && s.kind == slotRel {
				spec.Excluded = append(spec.Excluded, s.reg)
			} else if ok && s.kind == slotValue {
				spec.ExcludedLists = append(spec.ExcludedLists, s.reg)
			}
		}
		if spec.PropKeys, spec.PropRegs, err = g.propRegs(o.Props, e); err != nil {
			return err
		}
		bound := int32(-1)
		if o.ToBound {
			if bound, err = g.nodeReg(e.vars[o.To], o.To); err != nil {
				return err
			}
		}
		to, list := g.n(), g.r()
		specAux := g.addAux(spec)
		return g.cursorLoop(func(c int32) { g.emit(vm.OpOpenVarExpand, c, fromReg, specAux) },
			func(c int32, done label) { g.emitJ(vm.OpNextVarExpand, 3, done, c, to, list) },
			func(head label) error {
				e = e.clone()
				if o.ToBound {
					g.emitJ(vm.OpJumpIfIDNe, 2, head, to, bound)
				} else {
					e.set(o.To, slot{slotNode, to})
				}
				if !o.ListBound { // a bound list keeps its value: the trail followed it
					e.set(o.RelList, slot{slotValue, list})
				}
				return rest(e, head)
			})
	case logical.NodeFilter:
		n, err := g.nodeReg(e.vars[o.Var], o.Var)
		if err != nil {
			return err
		}
		g.emitJ(vm.OpHasLabels, 2, cont, n, g.addAux(compileLabels(o.Labels)))
		return rest(e, cont)
	case logical.RelFilter:
		s := e.vars[o.Var]
		if err := g.propsFilter(o.Props, e, cont, func(key string) int32 {
			r := g.r()
			g.emit(vm.OpRelProp, r, s.reg, g.str(key))
			return r
		}); err != nil {
			return err
		}
		return rest(e, cont)
	case logical.Filter:
		if o.Defer != "" {
			// Outside a batched scan the test is not deferred: the filter
			// that reads it evaluates it (deferredRead).
			return rest(e, cont)
		}
		saved := g.subst
		g.subst = o.Subst
		for _, c := range g.b.filterConjuncts(o.Pred, rowEntities(e)) {
			r, err := g.expr(c, e)
			if err != nil {
				g.subst = saved
				return err
			}
			g.emit(vm.OpAssertBool, r)
			g.emitJ(vm.OpJumpIfNotTrue, 1, cont, r)
		}
		g.subst = saved
		return rest(e, cont)
	case logical.PathBind:
		spec := &vm.PathSpec{}
		for _, n := range o.Nodes {
			r, err := g.nodeReg(e.vars[n], n)
			if err != nil {
				return err
			}
			spec.Nodes = append(spec.Nodes, r)
		}
		for i, rn := range o.Rels {
			s := e.vars[rn]
			spec.Rels = append(spec.Rels, vm.PathRel{Reg: s.reg, List: o.Lists[i]})
		}
		r := g.r()
		g.emit(vm.OpMkPath, r, g.addAux(spec))
		e = e.clone()
		e.set(o.Var, slot{slotValue, r})
		return rest(e, cont)
	case logical.Project:
		type bound struct {
			name string
			s    slot
		}
		var out []bound
		g.subst = o.Subst
		defer func() { g.subst = nil }()
		for _, it := range o.Items {
			if v, ok := it.Expr.(*ast.Variable); ok {
				if s, ok := e.vars[v.Name]; ok {
					out = append(out, bound{it.Name, s})
					continue
				}
			}
			r, err := g.expr(it.Expr, e)
			if err != nil {
				return err
			}
			out = append(out, bound{it.Name, slot{slotValue, r}})
		}
		e = e.clone()
		for _, b := range out {
			e.set(b.name, b.s)
		}
		return rest(e, cont)
	case logical.Select:
		ne := newEnv()
		for _, v := range o.Vars {
			s, ok := e.vars[v]
			if !ok && g.imported != nil {
				s = g.imported.vars[v]
			}
			ne.set(v, s)
		}
		return rest(ne, cont)
	case logical.Distinct:
		spec := &vm.DistinctSpec{}
		for _, v := range o.Vars {
			s := e.vars[v]
			if s.kind == slotValue {
				spec.R = append(spec.R, s.reg)
			} else {
				spec.N = append(spec.N, s.reg)
			}
		}
		g.emitJ(vm.OpDistinctSeen, 1, cont, g.addAux(spec))
		return rest(e, cont)
	case logical.Skip:
		g.emitJ(vm.OpSkipCounter, 1, cont, g.counterFor(&ops[0]))
		return rest(e, cont)
	case logical.Limit:
		g.emitJ(vm.OpDecrJumpZero, 1, exit, g.counterFor(&ops[0]))
		return rest(e, cont)
	case logical.Unwind:
		lr, err := g.expr(o.Expr, e)
		if err != nil {
			return err
		}
		return g.loopList(lr, o.Var, e, rest)
	case logical.Optional:
		return g.optional(o.Inner, o.NewVars, nil, e, cont, rest)
	case logical.CallSubquery:
		if g.onceCall(o, e) {
			return g.callOnce(o, e, rest)
		}
		if len(o.Union) > 0 {
			return g.unionCall(o, e, rest)
		}
		if len(o.Columns) == 0 {
			if err := g.inline(o.Body, e, func(*regEnv) error { return nil }); err != nil {
				return err
			}
			return rest(e, cont)
		}
		return g.inline(o.Body, e, func(ie *regEnv) error {
			ne := e.clone()
			for _, col := range o.Columns {
				ne.set(col, ie.vars[col])
			}
			after := g.newLabel()
			err := rest(ne, after)
			g.bind(after)
			return err
		})
	case logical.LoadCSV:
		url, err := g.expr(o.URL, e)
		if err != nil {
			return err
		}
		r := g.r()
		g.at(o.URL)
		spec := g.addAux(&vm.CSVSpec{WithHeaders: o.WithHeaders, FieldTerminator: o.FieldTerminator})
		return g.cursorLoop(func(c int32) { g.emit(vm.OpOpenCSV, c, url, spec) },
			func(c int32, done label) { g.emitJ(vm.OpNextCSV, 2, done, c, r) },
			func(head label) error {
				e = e.clone()
				e.set(o.Var, slot{slotValue, r})
				return rest(e, head)
			})
	case logical.Foreach:
		lr, err := g.expr(o.List, e)
		if err != nil {
			return err
		}
		err = g.loopList(lr, o.Var, e, func(ie *regEnv, next label) error {
			dummy := int32(-1)
			return g.ops(o.Body, ie, next, next, &dummy, func(*regEnv) error { return nil })
		})
		if err != nil {
			return err
		}
		return rest(e, cont)
	case logical.Merge:
		return g.merge(o, e, cont, rest)
	case logical.Create:
		ne, err := g.create(o.Pattern, e)
		if err != nil {
			return err
		}
		return rest(ne, cont)
	case logical.SetProps:
		for _, it := range o.Items {
			if err := g.setItem(it, e); err != nil {
				return err
			}
		}
		return rest(e, cont)
	case logical.RemoveProps:
		for _, it := range o.Items {
			g.at(it)
			switch it := it.(type) {
			case *ast.RemoveProperty:
				base, err := g.expr(it.Target.Expr, e)
				if err != nil {
					return err
				}
				null := g.r()
				g.emit(vm.OpConst, null, g.constant(value.NullValue))
				g.emit(vm.OpSetProp, base, g.str(it.Target.Key), null)
			case *ast.RemoveLabels:
				r, err := g.expr(it.Var, e)
				if err != nil {
					return err
				}
				dyn, err := g.computedLabels(it.Dynamic, e)
				if err != nil {
					return err
				}
				g.emit(vm.OpRemoveLabels, r, g.strList(it.Labels), dyn)
			}
		}
		return rest(e, cont)
	case logical.Delete:
		for _, x := range o.Exprs {
			r, err := g.expr(x, e)
			if err != nil {
				return err
			}
			g.at(x)
			detach := int32(0)
			if o.Detach {
				detach = 1
			}
			g.emit(vm.OpDelete, r, detach)
		}
		return rest(e, cont)
	case logical.ProcCall:
		proc, _ := g.b.procs(o.Proc)
		spec := &vm.ProcSpec{Proc: proc}
		for _, a := range o.Args {
			r, err := g.expr(a, e)
			if err != nil {
				return err
			}
			spec.Args = append(spec.Args, r)
		}
		e = e.clone()
		for _, out := range proc.Outputs {
			reg := int32(-1)
			for i, y := range o.Yield {
				if y == out.Name {
					reg = g.r()
					e.set(o.Vars[i], slot{slotValue, reg})
				}
			}
			spec.Out = append(spec.Out, reg)
		}
		specAux := g.addAux(spec)
		if len(proc.Outputs) == 0 {
			// A void procedure passes each row on once, whatever it returns.
			g.emit(vm.OpOpenProc, g.cursor(), specAux)
			return rest(e, cont)
		}
		return g.cursorLoop(func(c int32) { g.emit(vm.OpOpenProc, c, specAux) },
			func(c int32, done label) { g.emitJ(vm.OpNextProc, 1, done, c) },
			func(head label) error { return rest(e, head) })
	case logical.Emit:
		start := g.rs(len(o.Columns))
		for i, col := range o.Columns {
			s := e.vars[col]
			switch s.kind {
			case slotNode:
				g.emit(vm.OpNodeVal, start+int32(i), s.reg)
			case slotRel:
				g.emit(vm.OpRelVal, start+int32(i), s.reg)
			default:
				g.emit(vm.OpMove, start+int32(i), s.reg)
			}
		}
		if *distinct != -1 {
			if *distinct == -2 {
				*distinct = g.addAux(&vm.DistinctSpec{})
			}
			spec := g.aux[*distinct].(*vm.DistinctSpec)
			if len(spec.R) == 0 {
				for i := range o.Columns {
					spec.R = append(spec.R, start+int32(i))
				}
				g.emitJ(vm.OpDistinctSeen, 1, cont, *distinct)
			} else {
				// Later UNION branches move their row into the first branch's registers.
				for i := range o.Columns {
					g.emit(vm.OpMove, spec.R[i], start+int32(i))
				}
				g.emitJ(vm.OpDistinctSeen, 1, cont, *distinct)
				start = spec.R[0]
			}
		}
		g.emit(vm.OpResultRow, start, int32(len(o.Columns)))
		return rest(e, cont)
	}
	return fmt.Errorf("planner: no code for %s", ops[0].Name())
}

func vmDir(d ast.Direction) vm.Direction {
	switch d {
	case ast.DirRight:
		return vm.Out
	case ast.DirLeft:
		return vm.In
	}
	return vm.Both
}

// nodeReg returns an N register holding the node bound to s, converting a
// value slot (a node passed through a list or a map) when needed.
func (g *gen) nodeReg(s slot, name string) (int32, error) {
	switch s.kind {
	case slotNode:
		return s.reg, nil
	case slotValue:
		n := g.n()
		span := g.span
		if at, ok := g.b.nodePos[name]; ok {
			g.span = at // see valueNodePositions
		}
		g.emit(vm.OpNodeID, n, s.reg, g.str(name))
		g.span = span
		return n, nil
	}
	return 0, g.b.errAt(nil, cyqerr.SyntaxError, "VariableTypeConflict", "variable `%s` is a relationship, not a node", name)
}

// relReg is the id register of relationship variable name in slot s,
// converting a value (null: NullID, which no relationship matches; a
// value of another kind raises, at the pattern naming it, see
// valueNodePositions).
func (g *gen) relReg(s slot, name string) (int32, error) {
	switch s.kind {
	case slotRel:
		return s.reg, nil
	case slotValue:
		n := g.n()
		span := g.span
		if at, ok := g.b.nodePos[name]; ok {
			g.span = at
		}
		g.emit(vm.OpRelID, n, s.reg)
		g.span = span
		return n, nil
	}
	return 0, g.b.errAt(nil, cyqerr.SyntaxError, "VariableTypeConflict", "variable `%s` is a node, not a relationship", name)
}

// propsFilter rejects rows whose entity lacks the properties of a pattern's
// map (or parameter map).
func (g *gen) propsFilter(props ast.Expr, e *regEnv, cont label, read func(key string) int32) error {
	switch p := props.(type) {
	case *ast.MapLiteral:
		for _, en := range p.Entries {
			want, err := g.expr(en.Value, e)
			if err != nil {
				return err
			}
			have := read(en.Key)
			eq := g.r()
			g.emit(vm.OpEq, eq, have, want)
			g.emitJ(vm.OpJumpIfNotTrue, 1, cont, eq)
		}
		return nil
	}
	return g.b.errAt(props, cyqerr.SemanticError, "Unsupported", "a parameter as a pattern's property map is not supported yet").WithHint("write the properties out: (n {key: $value})")
}

func compileLabels(e ast.LabelExpr) *vm.LabelExpr {
	switch x := e.(type) {
	case *ast.LabelName:
		return &vm.LabelExpr{Op: 'n', Name: x.Name}
	case *ast.LabelAnd:
		out := &vm.LabelExpr{Op: '&'}
		for _, it := range x.Items {
			out.Items = append(out.Items, compileLabels(it))
		}
		return out
	case *ast.LabelOr:
		out := &vm.LabelExpr{Op: '|'}
		for _, it := range x.Items {
			out.Items = append(out.Items, compileLabels(it))
		}
		return out
	case *ast.LabelNot:
		return &vm.LabelExpr{Op: '!', Items: []*vm.LabelExpr{compileLabels(x.Expr)}}
	}
	return &vm.LabelExpr{Op: '%'}
}

// optional emits an OPTIONAL MATCH (or the match half of a MERGE): inner
// runs for the row; every match runs the rest of the pipeline; when none
// matched, pad runs (null padding, or MERGE's create) and then the rest.
// The rest is emitted once, as a body entered with a return address.
func (g *gen) optional(inner []logical.Op, newVars []string, pad func(*regEnv) (*regEnv, error), e *regEnv, cont label, rest func(*regEnv, label) error) error {
	found, ret := g.n(), g.n()
	body, bodyEnd, after := g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(vm.OpSetCounter, found, 0)
	innerDone := g.newLabel()
	var innerEnv *regEnv
	dummy := int32(-1)
	err := g.ops(inner, e.clone(), innerDone, innerDone, &dummy, func(ie *regEnv) error {
		innerEnv = ie
		g.emit(vm.OpSetCounter, found, 1)
		back := g.newLabel()
		g.setLabelAddr(ret, back)
		g.emitJ(vm.OpGoto, 0, body)
		g.bind(back)
		return nil
	})
	if err != nil {
		return err
	}
	g.bind(innerDone)
	g.emitJ(vm.OpJumpIfNonZero, 1, after, found)
	if pad != nil {
		pe, err := pad(e.clone())
		if err != nil {
			return err
		}
		// The created entities must land in the registers the body reads.
		for _, v := range newVars {
			ps, ok := pe.vars[v]
			is, ok2 := innerEnv.vars[v]
			if !ok || !ok2 {
				continue
			}
			if ps.kind == slotValue {
				g.emit(vm.OpMove, is.reg, ps.reg)
			} else {
				g.emit(vm.OpMoveID, is.reg, ps.reg)
			}
		}
	} else {
		for _, v := range newVars {
			s, ok := innerEnv.vars[v]
			if !ok || e.bound(v) {
				// The inner operators no longer bind it (a rule replaced
				// them with a count nothing after reads v from), or it
				// is the outer row's: there is no register of its own
				// to null (register 0 of the zero slot is another's).
				continue
			}
			if s.kind == slotValue {
				g.emit(vm.OpSetNull, s.reg, 1)
			} else {
				g.emit(vm.OpSetNullID, s.reg)
			}
		}
	}
	g.setLabelAddr(ret, after)
	g.bind(body)
	if err := rest(innerEnv, bodyEnd); err != nil {
		return err
	}
	g.bind(bodyEnd)
	g.emit(vm.OpJumpN, ret)
	g.bind(after)
	_ = cont
	return nil
}

// unionCall emits CALL { A UNION B ... }: each branch runs for the input
// row and hands its columns, as values in shared registers, to one copy of
// the rest of the pipeline, which returns to the branch when done (the
// shared-body scheme of optional). UNION drops rows already handed on for
// this input row.
func (g *gen) unionCall(o logical.CallSubquery, e *regEnv, rest func(*regEnv, label) error) error {
	branches := o.Children()
	if len(o.Columns) == 0 { // a unit subquery: run every branch, pass the row on once
		for _, br := range branches {
			if err := g.inline(br, e, func(*regEnv) error { return nil }); err != nil {
				return err
			}
		}
		return rest(e, g.here())
	}
	regs := make([]int32, len(o.Columns))
	for i := range regs {
		regs[i] = g.r()
	}
	seen := int32(-1)
	if !o.UnionAll {
		seen = g.addAux(&vm.DistinctSpec{R: regs})
		g.emit(vm.OpResetTables, seen, seen+1)
	}
	ret := g.n()
	body, bodyEnd, after := g.newLabel(), g.newLabel(), g.newLabel()
	for _, br := range branches {
		err := g.inline(br, e, func(ie *regEnv) error {
			for i, col := range o.Columns {
				g.valueInto(regs[i], ie.vars[col])
			}
			back := g.newLabel()
			if seen >= 0 {
				g.emitJ(vm.OpDistinctSeen, 1, back, seen)
			}
			g.setLabelAddr(ret, back)
			g.emitJ(vm.OpGoto, 0, body)
			g.bind(back)
			return nil
		})
		if err != nil {
			return err
		}
	}
	g.emitJ(vm.OpGoto, 0, after)
	g.bind(body)
	ne := e.clone()
	for i, col := range o.Columns {
		ne.set(col, slot{slotValue, regs[i]})
	}
	if err := rest(ne, bodyEnd); err != nil {
		return err
	}
	g.bind(bodyEnd)
	g.emit(vm.OpJumpN, ret)
	g.bind(after)
	return nil
}

// valueInto moves a variable's value into register dst, turning node and
// relationship ids into values.
func (g *gen) valueInto(dst int32, s slot) {
	switch s.kind {
	case slotNode:
		g.emit(vm.OpNodeVal, dst, s.reg)
	case slotRel:
		g.emit(vm.OpRelVal, dst, s.reg)
	default:
		g.emit(vm.OpMove, dst, s.reg)
	}
}

// scanSet iterates the node set in S register set, binding name.
func (g *gen) scanSet(set int32, name string, e *regEnv, rest func(*regEnv, label) error) error {
	n := g.n()
	return g.cursorLoop(func(c int32) { g.emit(vm.OpOpenSetScan, c, set) },
		func(c int32, done label) { g.emitJ(vm.OpNextNode, 2, done, c, n) },
		func(head label) error {
			e = e.clone()
			e.set(name, slot{slotNode, n})
			return rest(e, head)
		})
}

// topNPrologue computes k = SKIP + LIMIT for a sort followed by them, so the
// sort keeps only the first k rows.
func (g *gen) topNPrologue(after []logical.Op) error {
	var skip, limit ast.Expr
	for _, op := range after {
		switch o := op.(type) {
		case logical.Skip:
			skip = o.Count
			continue
		case logical.Limit:
			limit = o.Count
		}
		break
	}
	if limit == nil {
		return nil
	}
	l, err := g.expr(limit, newEnv())
	if err != nil {
		return err
	}
	k := g.n()
	g.emit(vm.OpLoadCounter, k, l)
	if skip != nil {
		s, err := g.expr(skip, newEnv())
		if err != nil {
			return err
		}
		sk := g.n()
		g.emit(vm.OpLoadCounter, sk, s)
		g.emit(vm.OpAddCounter, k, sk)
	}
	g.topN = k
	return nil
}

// cursorLoop emits a loop over a cursor: open(c) once, then at the head
// next(c, done) either yields the next item or jumps to done; body runs
// for each item and may jump back to head to reject it.
func (g *gen) cursorLoop(open func(c int32), next func(c int32, done label), body func(head label) error) error {
	c := g.cursor()
	open(c)
	head := g.here()
	done := g.newLabel()
	next(c, done)
	if err := body(head); err != nil {
		return err
	}
	g.emitJ(vm.OpGoto, 0, head)
	g.bind(done)
	return nil
}

// rejectZero drops the row (jumps to cont) unless R[r] > 0.
func (g *gen) rejectZero(r int32, cont label) {
	zero := g.r()
	g.emit(vm.OpConst, zero, g.constant(value.Int(0)))
	gt := g.r()
	g.emit(vm.OpGt, gt, r, zero)
	g.emitJ(vm.OpJumpIfNotTrue, 1, cont, gt)
}

// chainSpec is the VM's description of a chain of hops, with the label
// tests on the nodes they reach.
func chainSpec(hops []logical.Hop) *vm.ChainSpec {
	spec := &vm.ChainSpec{}
	for i, h := range hops {
		if h.Group != 0 && spec.Groups == nil {
			spec.Groups = make([]int, len(hops))
			for j := range i {
				spec.Groups[j] = hops[j].Group
			}
		}
		if spec.Groups != nil {
			spec.Groups[i] = h.Group
		}
		spec.Hops = append(spec.Hops, vm.ExpandSpec{Dir: vmDir(h.Dir), Types: h.Types})
		if h.Labels != nil {
			if spec.Labels == nil {
				spec.Labels = make([]*vm.LabelExpr, len(hops))
			}
			spec.Labels[i] = compileLabels(h.Labels)
		}
	}
	return spec
}

// countInto emits a counting operator (op: A=R count, B=N node, C=X spec)
// for the node in variable from, binds the count to into, and drops rows
// where it is zero unless keepZero.
func (g *gen) countInto(op vm.Opcode, from, into string, spec any, keepZero bool, e *regEnv, cont label, rest func(*regEnv, label) error) error {
	node, err := g.nodeReg(e.vars[from], from)
	if err != nil {
		return err
	}
	r := g.r()
	g.emit(op, r, node, g.addAux(spec))
	if !keepZero {
		g.rejectZero(r, cont)
	}
	e = e.clone()
	e.set(into, slot{slotValue, r})
	return rest(e, cont)
}

// openScan opens cursor c over the nodes of scan o: every node, a label's
// nodes, or the set its label expression gives (scanSetOf).
func (g *gen) openScan(c int32, o logical.NodeScan) {
	switch {
	case o.Labels != nil:
		g.emit(vm.OpOpenSetScan, c, g.scanSetOf(o))
	case o.Label == "":
		g.emit(vm.OpOpenAllNodes, c)
	default:
		g.emit(vm.OpOpenLabelScan, c, g.str(o.Label))
	}
}

// scanSetOf emits the node set scan o reads into a new S register: every
// node, a label's nodes, and with a label expression its set expression
// over the label sets (intersected with the label's).
func (g *gen) scanSetOf(o logical.NodeScan) int32 {
	set := g.s()
	if o.Label == "" {
		if o.Labels != nil {
			return g.labelSet(o.Labels)
		}
		g.emit(vm.OpSetAll, set)
		return set
	}
	g.emit(vm.OpSetLabel, set, g.str(o.Label))
	if o.Labels != nil {
		g.emit(vm.OpSetAnd, set, set, g.labelSet(o.Labels))
	}
	return set
}

// labelSet emits the set of the nodes label expression e admits, made of
// the label sets: | their union, & their intersection, ! every node less
// the operand's. labelSetScans admits only names under these.
func (g *gen) labelSet(e ast.LabelExpr) int32 {
	set := g.s()
	switch x := e.(type) {
	case *ast.LabelName:
		g.emit(vm.OpSetLabel, set, g.str(x.Name))
	case *ast.LabelOr:
		g.emit(vm.OpSetOr, set, g.labelSet(x.Items[0]), g.labelSet(x.Items[1]))
		for _, it := range x.Items[2:] {
			g.emit(vm.OpSetOr, set, set, g.labelSet(it))
		}
	case *ast.LabelAnd:
		g.emit(vm.OpSetAnd, set, g.labelSet(x.Items[0]), g.labelSet(x.Items[1]))
		for _, it := range x.Items[2:] {
			g.emit(vm.OpSetAnd, set, set, g.labelSet(it))
		}
	case *ast.LabelNot:
		g.emit(vm.OpSetAll, set)
		g.emit(vm.OpSetAndNot, set, set, g.labelSet(x.Expr))
	default:
		// Not a set expression: every node (the label check after the
		// scan decides).
		g.emit(vm.OpSetAll, set)
	}
	return set
}

// propRegs evaluates a relationship property map into registers, for an
// operator that tests each relationship it crosses against them.
func (g *gen) propRegs(m *ast.MapLiteral, e *regEnv) ([]string, []int32, error) {
	if m == nil {
		return nil, nil, nil
	}
	keys := make([]string, 0, len(m.Entries))
	regs := make([]int32, 0, len(m.Entries))
	for _, en := range m.Entries {
		r, err := g.expr(en.Value, e)
		if err != nil {
			return nil, nil, err
		}
		keys = append(keys, en.Key)
		regs = append(regs, r)
	}
	return keys, regs, nil
}
