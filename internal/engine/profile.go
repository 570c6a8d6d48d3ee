package engine

import (
	"fmt"
	"strings"
	"time"

	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// profileText renders PROFILE output: the plan tree with, per operator, the
// rows it passed on beside the rows the cost model estimated, the VM instructions it ran and the time sampled in
// it (with the set elements its whole-set steps touched, see
// vm.Stats.Elements), then the run's totals.
func profileText(c *planner.Compiled, st vm.Stats, wall time.Duration) string {
	prog := c.Program
	count := func(op int) int64 {
		if op < 0 || op >= len(prog.OpFirstPC) || prog.OpFirstPC[op] < 0 || int(prog.OpFirstPC[op]) >= len(st.PerPC) {
			return -1
		}
		return st.PerPC[prog.OpFirstPC[op]]
	}
	steps := make([]int64, len(prog.OpFirstPC))
	elements := make([]int64, len(prog.OpFirstPC))
	for pc, n := range st.PerPC {
		if op := prog.OpOf[pc]; int(op) < len(steps) {
			steps[op] += n
			if pc < len(st.ReadsPerPC) {
				steps[op] += st.ReadsPerPC[pc] // a search's relationship reads
			}
			if pc < len(st.ElementsPerPC) {
				elements[op] += st.ElementsPerPC[pc]
			}
		}
	}
	base := make([]int, len(c.Plan.Pipelines))
	for i := 1; i < len(base); i++ {
		base[i] = base[i-1] + len(c.Plan.Pipelines[i-1].Ops)
	}
	tree := c.Plan.Render(func(pipeline, j int) string {
		op := base[pipeline] + j
		last := j == len(c.Plan.Pipelines[pipeline].Ops)-1
		rows := count(op + 1)
		if last {
			rows = count(op)
		}
		var parts []string
		if rows >= 0 {
			parts = append(parts, fmt.Sprintf("rows %d", rows))
		}
		if est := c.Plan.Pipelines[pipeline].Est; j < len(est) {
			parts = append(parts, "est. "+logical.FormatEstimate(est[j]))
		}
		parts = append(parts, fmt.Sprintf("steps %d", steps[op]))
		if elements[op] > 0 {
			parts = append(parts, fmt.Sprintf("set elements %d", elements[op]))
		}
		if op < len(st.OpTime) && st.OpTime[op] > 0 {
			parts = append(parts, fmt.Sprintf("time %s", st.OpTime[op].Round(time.Microsecond)))
		}
		if op < len(st.OpMemory) && st.OpMemory[op] > 0 {
			parts = append(parts, fmt.Sprintf("memory %d B", st.OpMemory[op]))
		}
		return strings.Join(parts, ", ")
	})
	return fmt.Sprintf("%sresult rows %d, steps %d, set elements %d, table memory %d bytes, elapsed %s (operator times are sampled every 1024 instructions)\n",
		tree, st.Rows, st.Steps, st.Elements, st.Memory, wall.Round(time.Microsecond))
}
