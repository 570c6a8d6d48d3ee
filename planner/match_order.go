package planner

import (
	"fmt"
	"math"
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// matchOrderGain is how much cheaper a later MATCH's start must be before
// it is planned ahead of the clauses written before it.
const matchOrderGain = 4

// choiceStartSpread bounds how many times the rows of the cheapest start
// of a run the start of a clause the whole plan's cost may lead with
// reads (see orderRun).
const choiceStartSpread = 8

// orderMatches returns clauses with, in each run of consecutive plain
// MATCH clauses, the clause of the cheapest start planned first. The
// clauses of such a run are one join: `MATCH A MATCH B` has the rows of
// `MATCH B MATCH A` (each clause keeps its own relationship uniqueness),
// so where a later clause starts at an index seek and an earlier one at a
// label scan, the written order would expand from every scanned node. The
// moved clause's WHERE, which may read the variables of the clauses
// before it, keeps the conjuncts that read only its own variables (they
// choose its start); the others join the WHERE of the clause written just
// before it, where all of them are bound, and predicate pushdown places
// each where its variables are bound. Runs whose clauses share
// anything but node variables, or hold selectors, shortest paths,
// quantified or parameter-mapped patterns, keep their order. Subqueries
// in a WHERE do not: a conjunct that reads a variable the moved clause
// does not bind (a COUNT or EXISTS query's are not followed, so it is
// taken to) waits, and a clause moves ahead of another only when none of
// the variables it binds is named in the other's nested scopes, which it
// would capture (mayLead).
// The variables bound before a run (followed through the clauses from
// sc) are constants of the run: a conjunct comparing a node's property
// with one of them chooses the start as a literal does.
//
// What stands between MATCH clauses without changing their rows does not
// end a run: a WITH that only passes variables on goes
// (dropPassingWiths), or moves past the MATCH clauses after it when it
// drops or renames some (postponeProjections), and an UNWIND whose list
// reads nothing the run binds moves before it when its variable keys a
// cheaper start (commuteUnwinds); see joinRuns.
func (b *builder) orderMatches(clauses []ast.Clause, sc *scope) []ast.Clause {
	if b.startLast || b.rowModeOnly {
		return clauses
	}
	clauses = b.joinRuns(substituteConstants(clauses), sc)
	kinds := scopeKinds(sc)
	var out []ast.Clause
	for i := 0; i < len(clauses); {
		j := i
		for j < len(clauses) && reorderable(clauses[j]) {
			j++
		}
		if j == i {
			out = append(out, clauses[i])
			kinds = followScope(clauses[i], kinds, sc)
			i++
			continue
		}
		run, aliases := clauses[i:j], []ast.Clause(nil)
		if kinds != nil {
			run, aliases = unifyEquals(run, kinds, clauses[j:])
		}
		if len(run) > 1 {
			outer := kinds
			if outer == nil {
				outer = map[string]varKind{} // not followed: no variable is known bound
			}
			run = b.orderRun(run, outer)
		}
		out = append(append(out, run...), aliases...)
		for _, c := range run {
			kinds = followScope(c, kinds, sc)
		}
		for _, c := range aliases {
			kinds = followScope(c, kinds, sc)
		}
		i = j
	}
	return out
}

// joinRuns applies the clause moves that join MATCH clauses into runs
// (postponeProjections, dropProjectedAway, dropPassingWiths,
// commuteUnwinds) until none applies: each may make another applicable
// (dropping `WITH *` leaves a renaming WITH right after a MATCH, which
// then passes an UNWIND and a MATCH; the UNWIND then stands right after a
// MATCH it may move before), so the clauses reach the same order whatever
// order the forms compose in. No move undoes another: projections only
// move later, merge or go, UNWIND clauses only move earlier, so the loop
// ends; maxRuleRounds bounds it all the same.
func (b *builder) joinRuns(clauses []ast.Clause, sc *scope) []ast.Clause {
	for round := 0; round < maxRuleRounds; round++ {
		next := dropProjectedAway(postponeProjections(clauses, sc))
		next = dropPassingWiths(next, sc)
		next = b.commuteUnwinds(next, sc)
		if sameClauses(next, clauses) {
			break
		}
		clauses = next
	}
	return clauses
}

// sameClauses reports whether a and b hold the same clauses in the same
// order (the moves copy a clause they change, so identity is enough).
func sameClauses(a, b []ast.Clause) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// kindsScope is a scope of the variables of kinds.
func kindsScope(kinds map[string]varKind) *scope {
	s := newScope()
	for n, k := range kinds {
		s.add(n, k)
	}
	return s
}

// reorderable reports whether c is a MATCH the run order may move.
func reorderable(c ast.Clause) bool {
	m, ok := c.(*ast.Match)
	if !ok || m.Optional || m.Pattern == nil {
		return false
	}
	for _, p := range m.Pattern.Parts {
		if p.Selector != nil || p.Mode != ast.ModeDefault || p.Kind != ast.PathPlain {
			return false
		}
		for _, r := range p.Element.Rels {
			if r.Quant != nil || r.Where != nil || r.Group != nil && inlineTests(r.Group) {
				return false
			}
			if _, ok := r.Props.(*ast.Parameter); ok {
				return false
			}
		}
		for _, n := range p.Element.Nodes {
			if n.Where != nil || n.Implicit {
				return false
			}
			if _, ok := n.Props.(*ast.Parameter); ok {
				return false
			}
		}
	}
	return true
}

// runEntities is the variables of run's patterns and of outer, each
// marked whether it is a node or relationship (for neverFails).
func runEntities(run []ast.Clause, outer map[string]varKind) map[string]bool {
	kinds := copyKinds(outer)
	for _, c := range run {
		addPatternKinds(c.(*ast.Match).Pattern, kinds)
	}
	entities := map[string]bool{}
	for v, k := range kinds {
		entities[v] = k == kindNode || k == kindRel
	}
	return entities
}

// inlineTests reports whether quantified path pattern g tests its
// iterations (a WHERE of its own, of an inner node or relationship): the
// clause then keeps its place, as one with a node's or relationship's
// inline WHERE does, so that its tests, which may fail, are evaluated only
// on the rows of the clauses written before it, as row mode evaluates them.
func inlineTests(g *ast.QuantifiedPath) bool {
	if g.Where != nil {
		return true
	}
	for _, n := range g.Element.Nodes {
		if n.Where != nil {
			return true
		}
	}
	for _, r := range g.Element.Rels {
		if r.Where != nil {
			return true
		}
	}
	return false
}

// orderRun moves the clause of a run with the cheapest start to its front
// when that start is matchOrderGain times cheaper than the first clause's,
// or the clause the cost of the whole plan chooses (see orderChoices).
// outer are the variables bound before the run.
func (b *builder) orderRun(run []ast.Clause, outer map[string]varKind) []ast.Clause {
	if !nodeJoinsOnly(run) {
		return run
	}
	run = hoistRunConditions(run, outer, b.runKinds)
	sc := kindsScope(outer)
	bound := map[string]bool{}
	for n := range outer {
		bound[n] = true
	}
	first := b.startCost(run[0].(*ast.Match), sc, bound)
	best, bestCost := 0, first
	starts := []float64{first}
	for k := 1; k < len(run); k++ {
		c := math.Inf(1)
		if mayLead(run, k, outer) {
			c = b.startCost(run[k].(*ast.Match), sc, bound)
		}
		starts = append(starts, c)
		if c*matchOrderGain < bestCost && c*matchOrderGain < first {
			best, bestCost = k, c
		}
	}
	// The start heuristic's choice, unless the cost of the whole plan
	// chooses another clause (see orderChoices) whose start reads at most
	// choiceStartSpread times the rows of the cheapest: a plan that
	// scans where another seeks is priced with mean degrees where the
	// seek's plan reads the sought node's own, and would be chosen for
	// the less informed estimate.
	cheapest := slices.Min(starts)
	var alts []int
	for k, c := range starts {
		if k == best || c <= cheapest*choiceStartSpread {
			alts = append(alts, k)
		}
	}
	best = b.choose(runKey(run), best, alts)
	if best == 0 {
		return run
	}
	entities := runEntities(run, outer)
	if runFailures(run, outer, b.runKinds)(0, best) {
		// A crossed clause's test (its WHERE, an inline property map or
		// WHERE of its pattern), which may fail, would then be evaluated
		// only on the rows the moved clause joins (an error row mode
		// raises, hidden); or the moved clause's own pattern tests, which
		// may fail, on rows row mode never reaches them with.
		return run
	}
	moved := *run[best].(*ast.Match)
	before := *run[best-1].(*ast.Match)
	if moved.Where != nil {
		// Conjuncts reading only what the moved clause (or the scope)
		// binds stay with it and choose its start; the others, and those
		// that may fail (row mode evaluates them only on the rows of the
		// clauses before), wait. They are read normalised, as startCost read them (`any(i IN l WHERE
		// x.p = i)` is `x.p IN l`, and reads no i).
		own := newVarSet()
		patternVars(moved.Pattern, &own)
		var keep, wait []ast.Expr
		for _, c := range conjuncts(b.normalizeWithPrefixes(moved.Where, entities)) {
			uses := newVarSet()
			addExprVars(c, &uses)
			mine := !uses.all
			for v := range uses.names {
				if !own.has(v) && !bound[v] {
					mine = false
				}
			}
			if mine && neverFails(c, entities) {
				keep = append(keep, c)
			} else {
				wait = append(wait, c)
			}
		}
		moved.Where = andOf(keep)
		if len(wait) > 0 {
			if before.Where != nil {
				wait = append([]ast.Expr{before.Where}, wait...)
			}
			before.Where = andOf(wait)
		}
	}
	out := []ast.Clause{&moved}
	for k, c := range run {
		switch k {
		case best:
		case best - 1:
			out = append(out, &before)
		default:
			out = append(out, c)
		}
	}
	return out
}

// nodeJoinsOnly reports whether the clauses of run share only node
// variables and single relationships (a relationship named in two
// clauses is one relationship, their join), each used as the same kind
// wherever it appears.
func nodeJoinsOnly(run []ast.Clause) bool {
	nodes, others, single := map[string]int{}, map[string]int{}, map[string]bool{}
	for k, c := range run {
		for _, p := range c.(*ast.Match).Pattern.Parts {
			if p.Var != nil {
				if _, ok := others[p.Var.Name]; ok {
					return false
				}
				others[p.Var.Name] = k + 1
			}
			for _, n := range p.Element.Nodes {
				if n.Var != nil {
					nodes[n.Var.Name] = k + 1
				}
			}
			for _, r := range p.Element.Rels {
				if r.Var == nil {
					continue
				}
				one := r.VarLength == nil && !r.Quantified()
				if prev, ok := others[r.Var.Name]; ok && prev != k+1 && !(one && single[r.Var.Name]) {
					return false
				}
				others[r.Var.Name] = k + 1
				single[r.Var.Name] = one
			}
		}
	}
	for v := range others {
		if _, ok := nodes[v]; ok {
			return false
		}
	}
	return true
}

// startCost estimates the rows the cheapest start of clause m reads: one
// for a node or single relationship already bound, else its label's or
// the graph's node count, narrowed by the equalities its inline map and
// WHERE put on it (a node equated with a bound node is bound: see
// nodeJoinConds).
func (b *builder) startCost(m *ast.Match, sc *scope, bound map[string]bool) float64 {
	best := b.stats.NodeCount() + 1
	for pi, p := range m.Pattern.Parts {
		for _, r := range p.Element.Rels {
			if r.Var != nil && bound[r.Var.Name] && r.VarLength == nil && !r.Quantified() {
				return 1
			}
		}
		names := make([]string, len(p.Element.Nodes))
		for i, n := range p.Element.Nodes {
			if n.Var != nil {
				names[i] = n.Var.Name
			} else {
				names[i] = fmt.Sprintf(" start%d.%d", pi, i)
			}
		}
		conds := nodeJoinConds(m.Where, p.Element, names, sc)
		for i, n := range p.Element.Nodes {
			if ml, ok := n.Props.(*ast.MapLiteral); ok {
				for _, en := range ml.Entries {
					prop := &ast.Property{Span: en.Span, Expr: &ast.Variable{Span: en.Span, Name: names[i]}, Key: en.Key}
					conds = append(conds, &ast.Comparison{Span: en.Span, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{prop, en.Value}})
				}
			}
		}
		eqs := b.equalities(andOf(conds), names, sc)
		for i, n := range p.Element.Nodes {
			cost := b.stats.NodeCount()
			if bound[names[i]] {
				cost = 1
			} else {
				label := ""
				if labels, simple := ast.SimpleLabels(n.Labels); simple && len(labels) > 0 {
					label = b.mostSelective(labels)
					cost = b.stats.LabelCount(label)
				}
				if cs := eqs[names[i]]; len(cs) > 0 {
					cost = cost*b.condSelectivity(label, cs) + 1
				}
				// As chooseStart prices the seeks an index allows.
				switch o := b.seekFor(n, names[i], eqs[names[i]]).(type) {
				case nil:
					if b.seedFor(names[i]) != nil {
						cost = min(cost, float64(b.stmt.Seed))
					}
				case logical.NodeRangeSeek:
					cost = b.rangeSeekRows(o)
				default:
					cost = 1
				}
			}
			best = min(best, cost)
		}
	}
	return best
}
