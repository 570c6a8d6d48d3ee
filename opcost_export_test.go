package cyq

import (
	"context"

	"github.com/cyqdb/cyq/internal/engine"
	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/vm"
)

// FamilySteps is a run's VM steps by opcode family, and the set elements
// its whole-set steps touched (vm.Stats.Elements).
type FamilySteps struct {
	Family   [vm.NumFamilies]int64
	Elements int64
}

// Total is the run's steps.
func (s FamilySteps) Total() int64 {
	var n int64
	for _, x := range s.Family {
		n += x
	}
	return n
}

// ProfiledRun runs the read-only query once, profiled, and returns its
// steps by opcode family and the estimated cost of the plan it ran (see
// planner.Compiled.Cost); rows is the number of rows it returned.
func ProfiledRun(ctx context.Context, db *DB, query string, params map[string]any) (steps FamilySteps, cost float64, rows int, err error) {
	vp, err := engine.Params(params)
	if err != nil {
		return steps, 0, 0, err
	}
	c, err := db.CompileWith(query, params)
	if err != nil {
		return steps, 0, 0, err
	}
	m, _, release, err := db.eng.ReadMachine(ctx, c, vp)
	if err != nil {
		return steps, 0, 0, err
	}
	defer release()
	m.EnableProfile()
	for {
		ok, err := m.Step()
		if err != nil {
			return steps, 0, 0, err
		}
		if !ok {
			break
		}
		rows++
	}
	st := m.Stats()
	for pc, n := range st.PerPC {
		steps.Family[c.Program.Code[pc].Op.Family()] += n
	}
	for _, n := range st.ReadsPerPC {
		// a search's relationships, read one by one as a cursor reads them
		steps.Family[vm.FamExpand] += n
	}
	steps.Elements = st.Elements
	return steps, c.Cost, rows, nil
}

// Work is the run's steps weighed by the measured time of a step of
// their family (planner.StepNanos), plus its set elements weighed by the
// measured time of one (planner.ElementNanos), in nanoseconds: a
// deterministic measure of the run's work that, unlike the step count,
// tells a cheap step from an expensive one and a set step over a few
// nodes from one over many.
func (s FamilySteps) Work() float64 {
	w := float64(s.Elements) * planner.ElementNanos()
	for f, n := range s.Family {
		w += float64(n) * planner.StepNanos(vm.Family(f))
	}
	return w
}
