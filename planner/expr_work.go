package planner

import (
	"math"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// The cost model counts rows and relationship reads, one unit each: the
// work of about one step of an expansion. An expression evaluated per row
// or per node reached does work of its own, in steps of other opcode
// families: a property read, the load of a constant or parameter, an
// operator, a function call, and the jump on the test's truth. exprWork
// prices it with the measured time of a step of each family (StepNanos,
// the table BenchmarkOpCosts fits), in units of one expansion step, so
// that a test the plan evaluates on every node an expansion reaches costs
// what those evaluations cost and not nothing.

// rowNanos is the measured time of the step the cost model's unit stands
// for: one step of a relationship cursor.
func rowNanos() float64 { return StepNanos(vm.FamExpand) }

// exprWork is the estimated work of evaluating e once, in units of one
// expansion step: each node of the expression priced by the family of the
// step that computes it (a variable, literal or parameter a load, a
// property of a variable one property read, a function call a call, any
// other operator an operator step), plus the conditional jump a test
// ends in. Comprehensions and quantifiers are priced once per element of
// a list of unknown length (unwindFanout elements).
func exprWork(e ast.Expr) float64 {
	if e == nil {
		return 0
	}
	return (exprNanos(e) + StepNanos(vm.FamControl)) / rowNanos()
}

// exprNanos is the time of one evaluation of e by the step table.
func exprNanos(e ast.Expr) float64 {
	total := 0.0
	visitExpr(e, func(x ast.Expr) bool {
		switch y := x.(type) {
		case *ast.Variable, *ast.Literal, *ast.Parameter:
			total += StepNanos(vm.FamLoad)
		case *ast.Property:
			total += StepNanos(vm.FamProp)
			if _, ok := y.Expr.(*ast.Variable); ok {
				return false // one read of the variable's register
			}
		case *ast.FunctionCall:
			total += StepNanos(vm.FamCall)
		case *ast.ListComprehension, *ast.Quantifier, *ast.Reduce:
			// The body runs per element of a list of unknown length.
			total += unwindFanout * exprNanosChildren(x)
			return false
		default:
			total += StepNanos(vm.FamOperator)
		}
		return true
	})
	return total
}

// exprNanosChildren is exprNanos of the expressions directly below x.
func exprNanosChildren(x ast.Expr) float64 {
	total := 0.0
	visitExpr(x, func(y ast.Expr) bool {
		if y == x {
			return true
		}
		total += exprNanos(y)
		return false
	})
	return total
}

// chainTestWork is the work of the tests an expansion chain evaluates per
// row it starts from: each hop's predicate once per node the hop reaches
// (as chainReach counts them, set at a time: each node once per hop),
// priced by exprWork, with the scan of the node from the hop's set and
// its add to the set of those that pass (setScanWork). The reads and
// reach are chainReach's, priced as set elements (chainSetWork); the
// tests add to them.
func (s *selectivity) chainTestWork(o logical.ExpandChain, avgDeg float64) float64 {
	priced := false
	for _, h := range o.Hops {
		priced = priced || h.Pred != nil
	}
	if !priced {
		return 0
	}
	nodes := math.Max(s.b.stats.NodeCount(), 1)
	runs := [][]logical.Hop{o.Hops}
	if q := o.Quant; q != nil {
		runs = nil
		var hops []logical.Hop
		for k := 1; k <= q.Max; k++ {
			hops = append(hops, o.Hops...)
			if k >= q.Min {
				runs = append(runs, append([]logical.Hop(nil), hops...))
			}
		}
	}
	work := 0.0
	for _, hops := range runs {
		f := 1.0
		for i, h := range hops {
			var d float64
			if i == 0 {
				d = s.hopDegree(o.From, h.Dir, h.Types, s.baseDegree(o.From, h.Dir, h.Types, avgDeg))
			} else {
				d = s.b.degree(h.Dir, h.Types, avgDeg) * s.b.reachedBias(hops[i-1], h.Dir, h.Types)
			}
			reached := math.Min(f*d, nodes)
			if h.Pred != nil {
				// a tested hop's nodes are scanned one by one (see
				// gen.chainAllowed), not touched as set elements
				work += reached * (exprWork(h.Pred) + setScanWork())
			}
			f = reached * s.hopTests(h)
		}
	}
	return work
}
