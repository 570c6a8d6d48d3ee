package planner

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// startChoice makes the start of a pattern chain a choice point (see
// orderChoices): chooseStart's heuristic compares the rows each start
// binds times the relationships the chain's first hops follow from it,
// which misses, for a start with no condition of its own, what the rest
// of the chain costs from there: `(e:Employee)
// -[:REPORTS_TO*1..3]->(b:Employee {employeeID: 2})` started at the nine
// employees expands every one of them three hops deep and tests b's key
// on every node reached, where the start at b expands one node. So when
// the heuristic picks a node with no condition, every node that a
// condition binds (a seek, or an equality, membership or range of its
// properties, which a filter tests right at the start) is an alternative
// start, and the whole plan's cost (planCost) chooses among them and the
// heuristic's pick, which is the default; so is every node an existence
// test of the WHERE keeps (tested, see existenceTested). seeks holds
// the seek chooseStart found for each node (nil for a scan), costs its
// heuristic cost.
func (b *builder) startChoice(el *ast.PatternElement, names []string, eqs map[string][]propEq, tested map[string]bool, seeks []logical.Op, costs []float64, best int) int {
	conditioned := func(i int) bool { return seeks[i] != nil || len(eqs[names[i]]) > 0 }
	if conditioned(best) {
		// Two conditioned starts the heuristic prices alike (the rows
		// their conditions keep); the whole plan's cost also depends on
		// the side of the start expanded first (the written direction),
		// so it would start a chain and its reversed spelling apart.
		return best
	}
	alts := []int{best}
	for i := range el.Nodes {
		// An infinite cost marks a node that cannot start (start_reads.go).
		if i != best && costs[i] != costs[best] && !math.IsInf(costs[i], 1) && (conditioned(i) || tested[names[i]]) {
			alts = append(alts, i)
		}
	}
	if len(alts) < 2 {
		return best
	}
	// Alternatives that cost the same resolve to the first tried: order
	// them by variable, so a chain written the other way round starts at
	// the same node (anonymous nodes keep the written order, last).
	slices.SortStableFunc(alts[1:], func(i, j int) int {
		vi, vj := el.Nodes[i].Var, el.Nodes[j].Var
		switch {
		case vi == nil && vj == nil:
			return 0
		case vi == nil:
			return 1
		case vj == nil:
			return -1
		}
		return strings.Compare(vi.Name, vj.Name)
	})
	return b.choose(chainKey("start", el), best, alts)
}

// chainKey names a choice about pattern chain el (what of: "start",
// "anchor"): its source span and the variables of its nodes (anonymous
// nodes as _), so a chain planned again in the same statement (a subquery
// planned twice, a rewritten copy) meets the same choice.
func chainKey(what string, el *ast.PatternElement) string {
	vars := make([]string, len(el.Nodes))
	for i, n := range el.Nodes {
		vars[i] = "_"
		if n.Var != nil {
			vars[i] = n.Var.Name
		}
	}
	return fmt.Sprintf("%s %d-%d (%s)", what, el.Span.Start, el.Span.End, strings.Join(vars, ","))
}

// scanAnchor reports whether node i of chain el, which no index seek
// reaches but whose conditions cs include an equality of a property with
// a value bound before the pattern, is bound up front by a scan (its
// equality then filters the scan, batched: see useBatchScans) rather
// than reached by the chain's expansions and tested there. Binding it
// first reads every node of its label once per row entering the pattern;
// reaching it tests the equality on every row the expansions produce.
// Which costs less depends on the whole plan, so it is a choice point
// (see orderChoices), not taken by default.
func (b *builder) scanAnchor(el *ast.PatternElement, i int, cs []propEq) bool {
	if b.rowModeOnly || b.startLast {
		return false
	}
	for _, c := range cs {
		if !c.in && !c.id && !c.elementID && !c.node && c.key != "" && c.bound == noBound {
			return b.choose(chainKey(fmt.Sprintf("anchor %d", i), el), 0, []int{0, 1}) == 1
		}
	}
	return false
}
