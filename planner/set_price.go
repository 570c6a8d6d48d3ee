package planner

import (
	"math"

	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// Set steps are priced by the elements they touch. The cost model's unit
// is one step of a relationship cursor (rowNanos): a row, or a
// relationship read one at a time. A set expansion does not read its
// relationships one at a time: one step reads the adjacency arrays of a
// whole frontier and writes the set of nodes reached, and the machine
// counts the elements such a step reads and writes (vm.Stats.Elements).
// An expansion from one index-seeked node of degree d is one step and
// about 2d elements (d adjacency entries read, d nodes written), not d
// relationship reads and d rows. A set step is therefore priced as its
// fixed step (the measured time of a step of the set family) plus its
// elements at the measured time of one (ElementNanos, fitted by
// BenchmarkOpCosts with the steps), both in the model's unit; and the
// nodes a set step hands whole to a set sink (a semi-join's build adding
// them to its set in one step, see gen.setRows) are elements added, not
// rows iterated. Then a set built and a test per row are weighed in the
// same units (see semijoin_split.go and semiJoinFor).

// elementWork is the work of one set element in the cost model's unit
// (one relationship-cursor step).
func elementWork() float64 { return ElementNanos() / rowNanos() }

// setStepWork is the fixed work of one set step in the cost model's unit.
func setStepWork() float64 { return StepNanos(vm.FamSet) / rowNanos() }

// chainSetWork is the work of one run of a set expansion of hops hops
// that reads reads adjacency entries and reaches reach nodes (see
// chainReach): a set step per hop and its elements, the entries read
// and the nodes written.
func chainSetWork(hops int, reads, reach float64) float64 {
	return float64(hops)*setStepWork() + (reads+reach)*elementWork()
}

// setSinkSaving is what cost(build) overprices when build is a semi-join's
// build whose last operator produces probe's nodes as one set that the
// build adds whole to its set (k = 1: the sets of COUNT { } >= k count
// each node per match, row by row): cost counts each such node as a row,
// where it is an element of a set step.
func (b *builder) setSinkSaving(build *logical.Pipeline, probe string, atLeast int) float64 {
	if build == nil || len(build.Ops) == 0 || atLeast > 1 {
		return 0
	}
	switch o := build.Ops[len(build.Ops)-1].(type) {
	case logical.ExpandChain:
		if o.To != probe {
			return 0
		}
	case logical.NodeIndexSeek:
		if o.Var != probe {
			return 0
		}
	default:
		return 0
	}
	rows := b.rowsAfter(build.Ops)
	return rows * max(0, 1-elementWork())
}

// buildCost is the work of one run of a semi-join's build that yields the
// set of probe (see setSinkSaving).
func (b *builder) buildCost(build *logical.Pipeline, probe string, atLeast int) float64 {
	return max(1, b.cost(build)-b.setSinkSaving(build, probe, atLeast))
}

// chainSteps is the number of set steps a set expansion runs: one per
// hop, and for a quantified pattern one per hop of its longest trail.
func chainSteps(o logical.ExpandChain) int {
	if o.Quant != nil && o.Quant.Max > 1 {
		return len(o.Hops) * o.Quant.Max
	}
	return len(o.Hops)
}

// setScanWork is the work of taking one node out of a set row by row and
// adding it to another (a scan step and a set step): what a set chain
// does with each node of a hop it tests (see gen.chainAllowed).
func setScanWork() float64 {
	return (StepNanos(vm.FamScan) + StepNanos(vm.FamSet)) / rowNanos()
}

// buildSetSize is the estimated size of the set a semi-join's build
// yields, of n nodes. A build that ends expanding from many starts
// reaches some nodes from several: its rows drawn at random over the n
// nodes hit n(1 - e^(-rows/n)) distinct ones (distinctOf). Taken as its
// rows capped at n, a set built from most of the graph reads as the
// whole graph, and its anti-join as passing nothing. A build from one
// start, or one that ends in a seek or scan, yields distinct nodes.
func (b *builder) buildSetSize(build *logical.Pipeline, n float64) float64 {
	rows := b.rowsAfter(build.Ops)
	if k := len(build.Ops); k > 1 {
		switch build.Ops[k-1].(type) {
		case logical.ExpandChain, logical.Expand, logical.VarExpand:
			if b.rowsAfter(build.Ops[:k-1]) > 1 {
				return distinctOf(rows, n)
			}
		}
	}
	return math.Min(rows, n)
}

// distinctOf is the expected number of distinct nodes hit by rows drawn
// at random over n: n(1 - e^(-rows/n)), at most rows.
func distinctOf(rows, n float64) float64 {
	if rows <= 0 || n <= 0 {
		return math.Max(rows, 0)
	}
	return math.Min(rows, n*(1-math.Exp(-rows/n)))
}
