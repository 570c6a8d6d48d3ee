package planner

import (
	"math"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// Conjuncts on one probe are decided set by set or row by row, each as
// its price says. A filter `WHERE t1 AND t2 AND ...` whose conjuncts are
// tests on the probe's matches (see semijoin_conjuncts.go) can build
// every conjunct's set and intersect them, or test every conjunct per
// row, but also build the sets of some and test the others per row of
// what those sets let through: the conjuncts are independent, so any
// split between the semi-join and the filter after it gives the same
// rows (the filter keeps the rows the semi-join passed for which the
// remaining conjuncts are true; a test on matches is never null). When
// one conjunct's set is small (an anchor's neighbours) and another's is
// the whole graph less a few (NOT EXISTS of a common relationship), the
// cheap plan builds the first and probes the second on its few nodes:
// building the second reads every node of the graph.
//
// splitConjuncts prices every split, for groups of at most
// maxSplitConjuncts conjuncts: the sets it builds (each once per its
// key, see treeCost), the rows the semi-join passes, and per row of the
// semi-join's output (the rows times the share each built set keeps)
// the tests of the conjuncts left to the filter. Building none is the
// filter alone: every test per row.

// maxSplitConjuncts bounds the conjuncts whose splits are all priced;
// a larger group builds every set (as before the splits were priced).
const maxSplitConjuncts = 6

// splitGain is the share of the cost of building every set that a split
// must come under to be taken. The split's rows after the built sets and
// the costing of the semi-joins that later decide the conjuncts left to
// the filter one by one (semiJoinFor, on the rows the semi-join passes)
// rest on different approximations; where they are close, the plan of
// every set built stays as it was, and only a split that saves most of
// the work (a set over the whole graph left unbuilt) is taken. A set
// expanded from one index-seeked node is priced by the node's degree in
// relationship reads where the set expansion reads one adjacency set, so
// a split can leave such a set unbuilt for per-row probes that cost more
// (two tags of one question on Stack Overflow: 1,290 steps against 25);
// a price per element of set steps would settle it (raising the bar to
// 0.2 instead loses the splits this rule is for).
const splitGain = 0.5

// splitConjuncts returns which conjuncts of group, each a tree of tests
// reading probe, to decide by sets at the end of ops (their indexes, in
// order); every conjunct when the group is too large or a conjunct
// cannot be priced alone.
func (b *builder) splitConjuncts(group []ast.Expr, probe string, sc *scope, at map[string]int, ops []logical.Op) []int {
	all := make([]int, len(group))
	for k := range all {
		all[k] = k
	}
	if len(group) > maxSplitConjuncts {
		return all
	}
	rows := b.rowsAfter(ops)
	if rows <= 0 {
		return all
	}
	build := make([]float64, len(group)) // each conjunct's sets, built
	probeCost := make([]float64, len(group))
	share := make([]float64, len(group)) // of the rows its sets keep
	for k, c := range group {
		tree, leaves, outers, common, _, ok := b.treeLeaves(c, sc)
		if !ok || !common[probe] {
			return all
		}
		sj, semi, row, ok := b.treeCost(tree, c, leaves, outers, probe, sc, at, ops)
		if !ok {
			return all
		}
		build[k], probeCost[k] = semi-rows, row/rows
		share[k] = math.Min(1, b.rowsAfter(append(append([]logical.Op(nil), ops...), sj))/rows)
	}
	best, bestCost := 0, math.Inf(1)
	allCost := 0.0
	for mask := 0; mask < 1<<len(group); mask++ {
		cost, left, tested := 0.0, rows, 0.0
		if mask != 0 {
			cost = rows
		}
		for k := range group {
			if mask&(1<<k) != 0 {
				cost += build[k]
				left *= share[k]
			} else {
				tested += probeCost[k]
			}
		}
		cost += left * tested
		if mask == 1<<len(group)-1 {
			allCost = cost
		}
		if cost < bestCost {
			best, bestCost = mask, cost
		}
	}
	if bestCost > allCost*splitGain {
		// Not worth leaving the tree: see splitGain.
		return all
	}
	var out []int
	for k := range group {
		if best&(1<<k) != 0 {
			out = append(out, k)
		}
	}
	return out
}
