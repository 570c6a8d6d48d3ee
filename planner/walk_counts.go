package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// walkCount emits a WalkCount: the count map of its build, computed
// when the first row arrives (the build reads nothing of the row), then
// per row the count of the row's probe node, the row dropped when it is
// 0 and otherwise passed on that many times.
func (g *gen) walkCount(o logical.WalkCount, e *regEnv, cont label, rest func(*regEnv, label) error) error {
	counts := g.nCounts
	g.nCounts++
	built := g.n()
	done := g.newLabel()
	g.emitJ(vm.OpJumpIfNonZero, 1, done, built)
	g.emit(vm.OpCountNew, counts)
	be := e.clone()
	delete(be.vars, o.Probe)
	savedSeg, savedSink := g.seg, g.setSink
	g.seg, g.setSink = o.Build.Ops, nil
	end := g.newLabel()
	dummy := int32(-1)
	err := g.ops(o.Build.Ops, be, end, end, &dummy, func(ie *regEnv) error {
		n, err := g.nodeReg(ie.vars[o.Probe], o.Probe)
		if err != nil {
			return err
		}
		g.emit(vm.OpCountAdd, counts, n)
		return nil
	})
	g.seg, g.setSink = savedSeg, savedSink
	if err != nil {
		return err
	}
	g.bind(end)
	g.emit(vm.OpSetCounter, built, 1)
	g.bind(done)
	n, err := g.nodeReg(e.vars[o.Probe], o.Probe)
	if err != nil {
		return err
	}
	times := g.n()
	g.emitJ(vm.OpCountGet, 3, cont, times, counts, n)
	again := g.newLabel()
	g.bind(again)
	g.emitJ(vm.OpDecrJumpZero, 1, cont, times)
	if err := rest(e, again); err != nil {
		return err
	}
	g.emitJ(vm.OpGoto, 0, again)
	return nil
}

// walkCountFor replaces the run ops[i:j] (see semiJoinRuns), whose
// walks from the probe spell the pattern of the existence test test,
// by a WalkCount when its consumer counts the rows: a row leaves the run
// once per walk, that is once per match of the pattern given the probe
// (the run's relationships are kept apart as the pattern's are, and it
// binds nothing read later), so passing each row on as many times as its
// probe has matches gives the same rows, in the same order (a row's
// walks follow each other). The matches of every node are counted by
// one run of the pattern with the probe free, planned from its anchored
// node (a constant seek), where the run expanded every row's walks and
// sought the anchor again per row. The probe must not be a node scanned
// right before the run (see pastBoundary): the choice of such a
// pattern's start (the anchor, say) is the join order's.
// Kept only where the estimates say
// the count built once costs less than the run per row.
func (b *builder) walkCountFor(ops []logical.Op, i, j int, test ast.Expr, probe string) ([]logical.Op, bool) {
	x, ok := test.(*ast.ExistsSubquery)
	if !ok || !pastBoundary(ops, i, probe) {
		return nil, false
	}
	saved := b.outer
	b.outer = nil
	build, ok := b.existsPipeline(x, "", "", probe, true)
	b.outer = saved
	if !ok {
		return nil, false
	}
	head := &logical.Pipeline{Ops: slices.Clone(ops[:i])}
	run := &logical.Pipeline{Ops: slices.Clone(ops[:j])}
	perRow := b.cost(run) - b.cost(head)
	once := b.cost(build) + b.rowsAfter(ops[:i])
	if once >= perRow {
		return nil, false
	}
	return replace(ops, i, j-i, logical.WalkCount{Probe: probe, Pred: test, Build: build}), true
}

// pastBoundary reports whether the probe of a run at ops[i] is bound
// where the join order could not start from the run's anchor instead: a
// WITH boundary (the selection of its columns) lies between the operator
// that bound the probe and the run, or that operator is not a scan (an
// expansion from an earlier node, a seek). A run from a scanned node
// with nothing between is the rest of one pattern, whose start the join
// order chooses.
func pastBoundary(ops []logical.Op, i int, probe string) bool {
	_, at, ok := scopeAt(ops, i)
	if !ok {
		return false
	}
	for k := at[probe] + 1; k < i; k++ {
		if _, ok := ops[k].(logical.Select); ok {
			return true
		}
	}
	_, scanned := ops[probeBinder(ops, at[probe], probe)].(logical.NodeScan)
	return !scanned
}
