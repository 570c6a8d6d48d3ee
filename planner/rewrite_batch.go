package planner

import (
	"fmt"
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// useBatchScans gives a node scan followed by a filter the filter's
// conjuncts that compare one of the scanned node's properties with a
// constant or a parameter: the scan then reads nodes in batches and drops
// whole runs of non-matching nodes per instruction (vectorised filtering)
// before the row-at-a-time pipeline sees them. Only read-only plans are
// batched: a write earlier in the statement could change the properties a
// batch has already been filtered on. Prefilters are taken only from a
// filter none of whose conjuncts may fail (those that qualify:
// comparisons, string matches and null tests never fail; the others by
// neverFails, with no IN over a parameter, which may not be a list), so
// no error is skipped; other filters are
// evaluated exactly, as vector code (markVectorised). Every pipeline
// nested in an operator (a CALL's branches, a semi-join's builds, an
// OPTIONAL's body) is batched the same way.
func useBatchScans(pl *logical.Pipeline) {
	dropScannedChecks(pl)
	caseGuards(pl)
	for i := 0; i+1 < len(pl.Ops); i++ {
		scan, ok := pl.Ops[i].(logical.NodeScan)
		if !ok || len(scan.Prefilter) > 0 {
			continue
		}
		f, ok := pl.Ops[i+1].(logical.Filter)
		if !ok || f.Subst != nil {
			continue
		}
		// Only when every other conjunct cannot fail either (prefilters
		// never fail): dropping a node early then hides no error another
		// conjunct would raise on it. The batch filter keeps exactly the
		// nodes a prefilter holds for, so a filter with other conjuncts
		// keeps only those (one that is all prefilters stays whole, to be
		// evaluated as vector code).
		var pre, rest []ast.Expr
		var entities map[string]bool
		for _, c := range conjuncts(f.Pred) {
			if batchable(c, scan.Var) {
				pre = append(pre, c)
				continue
			}
			rest = append(rest, c)
			if entities == nil {
				entities = entitiesAt(pl.Ops, i+1)
			}
			if !neverFails(c, entities) || readsParamList(c) {
				pre = nil
				break
			}
		}
		if len(pre) > 0 {
			scan.Prefilter = pre
			pl.Ops[i] = scan
			if len(rest) > 0 {
				f.Pred = andOf(rest)
				pl.Ops[i+1] = f
			}
		}
	}
	deferTests(pl)
	markVectorised(pl)
	// Nested pipelines scan too: an aggregation moved into each branch of
	// a UNION ALL leaves a scan and its filter there, and the build of a
	// semi-join that starts at `(:User {id: $x})` scans for it.
	for _, op := range pl.Ops {
		for _, c := range op.Children() {
			useBatchScans(c)
		}
	}
}

func conjuncts(e ast.Expr) []ast.Expr {
	if b, ok := e.(*ast.Binary); ok && b.Op == ast.OpAnd {
		return append(conjuncts(b.Left), conjuncts(b.Right)...)
	}
	return []ast.Expr{e}
}

// disjuncts is the operands of an OR chain, left to right.
func disjuncts(e ast.Expr) []ast.Expr {
	if b, ok := e.(*ast.Binary); ok && b.Op == ast.OpOr {
		return append(disjuncts(b.Left), disjuncts(b.Right)...)
	}
	return []ast.Expr{e}
}

// batchable reports whether e is `v.key <op> x` or `x <op> v.key` with op
// a single comparison or a string match (not a regular expression) and x
// a literal or parameter, or `v.key IS [NOT] NULL`.
func batchable(e ast.Expr, v string) bool {
	switch x := e.(type) {
	case *ast.Comparison:
		if len(x.Ops) != 1 {
			return false
		}
		return (propOf(x.Operands[0], v) && constant(x.Operands[1])) || (constant(x.Operands[0]) && propOf(x.Operands[1], v))
	case *ast.StringMatch:
		if x.Op == ast.StrRegex {
			return false
		}
		return (propOf(x.Left, v) && constant(x.Right)) || (constant(x.Left) && propOf(x.Right, v))
	case *ast.IsNull:
		return propOf(x.Expr, v)
	}
	return false
}

func propOf(e ast.Expr, v string) bool {
	p, ok := e.(*ast.Property)
	if !ok {
		return false
	}
	x, ok := p.Expr.(*ast.Variable)
	return ok && x.Name == v
}

func constant(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Parameter:
		return true
	case *ast.Index:
		return knownElement(x)
	case *ast.Literal:
		return x.Kind != ast.LitNull
	}
	return false
}

// batchScan emits a batched node scan: fill a batch, run the prefilters
// over it, evaluate the vectorised operators after the scan (region) over
// the batch, then hand its surviving lanes one at a time to the rest of
// the pipeline.
func (g *gen) batchScan(o logical.NodeScan, region []logical.Op, e *regEnv, rest func(*regEnv, label) error) error {
	var filters []int32
	for _, p := range o.Prefilter {
		f, err := g.batchFilter(p, o.Var, e)
		if err != nil {
			return err
		}
		filters = append(filters, g.addAux(f))
	}
	c := g.cursor()
	n := g.n()
	g.openScan(c, o)
	fill := g.here()
	done := g.newLabel()
	g.emitJ(vm.OpBatchFill, 1, done, c)
	for _, f := range filters {
		g.emit(vm.OpBatchFilter, c, f)
	}
	vc := &vecCtx{g: g, cursor: c, scanVar: o.Var, outer: e, vars: map[string]vslot{o.Var: {node: true}}}
	type stage struct {
		op      *logical.Op
		aliases []string // names the projection gives the scanned node
		loads   []string // projected names loaded into registers per row
		// deferred names the outcome of a deferred test, loaded with
		// its lane's error (deferred_tests.go)
		deferred string
	}
	var stages []stage
	for i := range region {
		st := stage{op: &region[i]}
		switch r := region[i].(type) {
		case logical.Filter:
			if r.Defer != "" {
				cond, err := vc.expr(r.Pred)
				if err != nil {
					return err
				}
				if !slices.Contains(vc.live, cond) {
					vc.keep(cond)
				}
				g.emit(vm.OpVecDefer, cond, g.addAux(&vm.VecFilterSpec{Cursor: c, Live: append([]int32(nil), vc.live...)}))
				vc.vars[r.Defer] = vslot{reg: cond}
				st.deferred = r.Defer
				break
			}
			// One vector filter per conjunct when one may fail, those
			// that cannot first (see filterConjuncts): a lane a conjunct
			// drops is not evaluated by the next.
			for _, cj := range g.b.filterConjuncts(r.Pred, vc.entities()) {
				cond, err := vc.expr(cj)
				if err != nil {
					return err
				}
				g.emit(vm.OpVecFilter, cond, g.addAux(&vm.VecFilterSpec{Cursor: c, Live: append([]int32(nil), vc.live...)}))
			}
		case logical.Project:
			vars := make(map[string]vslot, len(r.Items))
			for _, it := range r.Items {
				if v, ok := it.Expr.(*ast.Variable); ok {
					if s, ok := vc.vars[v.Name]; ok {
						vars[it.Name] = s
						if s.node {
							st.aliases = append(st.aliases, it.Name)
						} else {
							st.loads = append(st.loads, it.Name)
						}
						continue
					}
				}
				reg, err := vc.expr(it.Expr)
				if err != nil {
					return err
				}
				vars[it.Name] = vslot{reg: reg}
				st.loads = append(st.loads, it.Name)
			}
			for k, v := range vars {
				vc.vars[k] = v
			}
		default:
			return fmt.Errorf("planner: %s cannot be vectorised", r.Name())
		}
		stages = append(stages, st)
	}
	head := g.here()
	g.emitJ(vm.OpBatchNext, 2, fill, c, n)
	e = e.clone()
	loaded := map[int32]int32{} // vector register -> the row register it is loaded into
	e.set(o.Var, slot{slotNode, n})
	for _, st := range stages {
		g.enter(st.op)
		for _, name := range st.aliases {
			e.set(name, slot{slotNode, n})
		}
		if st.deferred != "" {
			r := g.r()
			g.emit(vm.OpVecDeferLoad, r, vc.vars[st.deferred].reg, c)
			e.set(st.deferred, slot{slotValue, r})
			if g.deferCursor == nil {
				g.deferCursor = map[string]int32{}
			}
			g.deferCursor[st.deferred] = c
		} else if len(st.loads) == 0 {
			g.emit(vm.OpNop) // marks the operator's rows for PROFILE
		}
		for _, name := range st.loads {
			s := vc.vars[name]
			r, ok := loaded[s.reg]
			if !ok {
				r = g.r()
				g.emit(vm.OpVecLoad, r, s.reg, c)
				loaded[s.reg] = r
			}
			e.set(name, slot{slotValue, r})
		}
	}
	if err := rest(e, head); err != nil {
		return err
	}
	g.emitJ(vm.OpGoto, 0, head)
	g.bind(done)
	return nil
}

// batchFilter compiles a prefilter (see batchable); its operand is
// evaluated once, before the scan.
func (g *gen) batchFilter(p ast.Expr, v string, e *regEnv) (*vm.BatchFilter, error) {
	f := &vm.BatchFilter{Operand: -1}
	var prop *ast.Property
	var operand ast.Expr
	split := func(l, r ast.Expr) {
		if propOf(l, v) {
			prop, operand = l.(*ast.Property), r
		} else {
			prop, operand, f.Swap = r.(*ast.Property), l, true
		}
	}
	switch x := p.(type) {
	case *ast.Comparison:
		f.Op = map[ast.CompareOp]vm.Opcode{ast.CmpEq: vm.OpEq, ast.CmpNe: vm.OpNe, ast.CmpLt: vm.OpLt, ast.CmpLe: vm.OpLe, ast.CmpGt: vm.OpGt, ast.CmpGe: vm.OpGe}[x.Ops[0]]
		split(x.Operands[0], x.Operands[1])
	case *ast.StringMatch:
		f.Op = map[ast.StringOp]vm.Opcode{ast.StrStartsWith: vm.OpStartsWith, ast.StrEndsWith: vm.OpEndsWith, ast.StrContains: vm.OpContains}[x.Op]
		split(x.Left, x.Right)
	case *ast.IsNull:
		f.Op = vm.OpIsNull
		if x.Not {
			f.Op = vm.OpIsNotNull
		}
		prop = x.Expr.(*ast.Property)
	}
	f.Key = g.str(prop.Key)
	if operand != nil {
		r, err := g.expr(operand, e)
		if err != nil {
			return nil, err
		}
		f.Operand = r
	}
	return f, nil
}

// readsParamList reports whether e has an IN over a parameter: its value
// may be neither a list nor null, and the IN then raises an error.
func readsParamList(e ast.Expr) bool {
	found := false
	visitExpr(e, func(x ast.Expr) bool {
		if in, ok := x.(*ast.In); ok {
			if _, ok := in.List.(*ast.Parameter); ok {
				found = true
			}
		}
		return !found
	})
	return found
}
