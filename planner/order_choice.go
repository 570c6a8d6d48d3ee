package planner

import (
	"fmt"

	"github.com/cyqdb/cyq/parser/ast"
)

// The clause moves of orderMatches (which MATCH clause of a run is
// planned first, whether an UNWIND moves before the MATCH clauses
// written ahead of it) and the part of a comma-separated pattern planned
// first (partOrder) are first chosen by the rows of the starts they
// give: a later clause leads when its start is matchOrderGain times
// cheaper, an UNWIND moves when the start its variable keys, times the
// list's length, is. That compares starts, not the joins they open: a
// clause that starts at a seek of one node may then expand its
// neighbours' neighbours row by row where the clause written first scans
// a filter of five nodes and joins the seek's node to them; an UNWIND of
// three values multiplies a start but may let a filter keyed by its
// variable prune every expansion after it. Each such move is therefore
// a choice point, and Compile prices the alternatives of the points by
// the estimated cost of the whole plan each gives (planCost, the figure
// TestPlanInvariance compares across the forms of a question): from the
// start heuristic's plan, each round tries every other alternative of
// every point of the best plan so far and moves to the cheapest when it
// is orderChoiceGain cheaper. The choices are keyed by the source spans
// of what they move, so a move forced in one round applies wherever the
// same clauses meet again (the rounds of joinRuns, a subquery planned
// twice), and a forced alternative a point does not allow is ignored.

// maxOrderPlans bounds the plans Compile builds to choose the clause
// order of one statement (the first included).
const maxOrderPlans = 24

// orderChoiceGain is how much cheaper (estimated cost of the whole plan)
// another clause order must be than the start heuristic's to be chosen:
// estimates a few percent apart do not move clauses.
const orderChoiceGain = 1.1

// orderChoices records the choice points of one compilation and forces
// the alternatives Compile tries.
type orderChoices struct {
	forced map[string]int
	points []choicePoint
	seen   map[string]bool
}

// choicePoint is one clause move: its key, the alternatives it allows
// and the one the start heuristic takes.
type choicePoint struct {
	key  string
	alts []int
	def  int
}

// choose returns the alternative taken at the choice point key: the
// forced one when it is among alts, else def. It records the point.
func (b *builder) choose(key string, def int, alts []int) int {
	ch := b.choices
	if ch == nil || len(alts) < 2 {
		return def
	}
	if !ch.seen[key] {
		if ch.seen == nil {
			ch.seen = map[string]bool{}
		}
		ch.seen[key] = true
		ch.points = append(ch.points, choicePoint{key: key, alts: alts, def: def})
	}
	if v, ok := ch.forced[key]; ok {
		for _, a := range alts {
			if a == v {
				return v
			}
		}
	}
	return def
}

// runKey names the choice of which clause of run leads.
func runKey(run []ast.Clause) string {
	first, last := run[0].NodeSpan(), run[len(run)-1].NodeSpan()
	return fmt.Sprintf("run %d-%d/%d", first.Start, last.End, len(run))
}

// unwindKey names the choice of moving u before the clauses from first.
func unwindKey(u *ast.Unwind, first ast.Clause) string {
	return fmt.Sprintf("unwind %d-%d before %d", u.Span.Start, u.Span.End, first.NodeSpan().Start)
}

// compileOrdered compiles st as compileOnce does, then tries each other
// alternative of each choice point of the best plan so far, one point at
// a time, and moves to the cheapest plan found while it is
// orderChoiceGain cheaper than the best, until none is or maxOrderPlans
// plans were built.
func compileOrdered(st *ast.Statement, src string, opts Options) (*Compiled, error) {
	if !opts.RowModeOnly && st.Query != nil {
		if err := writtenError(st, src, opts); err != nil {
			return nil, err
		}
	}
	best, ch, err := compileOnce(st, src, opts, map[string]int{})
	if err != nil || len(ch.points) == 0 {
		return best, err
	}
	forced := map[string]int{}
	built := 1
	for built < maxOrderPlans {
		var next *Compiled
		var nextForced map[string]int
		var nextCh *orderChoices
		for _, p := range ch.points {
			cur, ok := forced[p.key]
			if !ok {
				cur = p.def
			}
			for _, a := range p.alts {
				if a == cur || built >= maxOrderPlans {
					continue
				}
				try := make(map[string]int, len(forced)+1)
				for k, v := range forced {
					try[k] = v
				}
				try[p.key] = a
				c, tried, err := compileOnce(st, src, opts, try)
				built++
				if err != nil || c.Cost*orderChoiceGain >= best.Cost || (next != nil && c.Cost >= next.Cost) {
					continue
				}
				next, nextForced, nextCh = c, try, tried
			}
		}
		if next == nil {
			break
		}
		best, forced, ch = next, nextForced, nextCh
	}
	return best, nil
}

// partsKey names the choice of which part of pattern p leads.
func partsKey(p *ast.Pattern) string {
	return fmt.Sprintf("parts %d-%d/%d", p.Span.Start, p.Span.End, len(p.Parts))
}
