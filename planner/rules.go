package planner

import (
	"reflect"

	"github.com/cyqdb/cyq/planner/logical"
)

// A rule rewrites a pipeline's operators given what their consumers need
// (see required.go). It returns the new operators and whether it changed
// anything; it never modifies ops in place.
type rule func(b *builder, ops []logical.Op, req required) ([]logical.Op, bool)

// rules are the rewrites that turn row-at-a-time operators into counts,
// degree reads and set-at-a-time operators where the required properties
// allow, in the order they are tried.
var rules = []rule{
	inlineOnceCalls,
	countExistence,
	caseListTests,
	setQuantifiedPaths,
	caseDepths,
	unwoundFilters,
	dropUnused,
	optionalNullsUnread,
	optionalNullDropped,
	dropDistinct,
	dropDistinctRows,
	pushdownUniqueness,
	filtersBeforeProjections,
	listLiteralReads,
	foldProjectedLists,
	semiJoinRuns,
	stepTests,
	unrollFixedLength,
	seekScans,
	hoistSeeks,
	aggregateForms,
	summedExistence,
	groupedExistence,
	unionSets,
	aggregateThroughUnion,
	countScan,
	distinctTupleCount,
	distinctIntoCount,
	foldRenames,
	foldProjectionChain,
	foldProjectedTests,
	countColumns,
	collectSets,
	foldKnown,
	outerRelCounts,
	foldKinds,
	countCycles,
	countTypes,
	countPatterns,
	countDegrees,
	existsDegree,
	countOptionalDegrees,
	classDegrees,
	pairClasses,
	semiJoinExists,
	markExists,
	countCollectSizes,
	patternBodies,
	typeDispatch,
	reduceCounts,
	filteredMatches,
	carriedMatches,
	charCounts,
	literalLabelValues,
	labelQuantifierValues,
	trailLengths,
	leastTrails,
	leastAgain,
	shortestSteps,
	fixedListHops,
	expandAdjacent,
	mergeVarExpands,
	setVarExpand,
	setCommonNeighbours,
	setExpandChain,
	narrowScans,
	labelSetScans,
	limitsThroughProjections,
	collectHeads,
}

// lateRules run when the rules above change nothing more: they replace
// what those leave as it was (a value join replaces the nested loop that
// no seek or set operator took over). (A function: the rules price plans,
// and pricing rewrites nested patterns with these rules.)
func lateRules() []rule {
	return []rule{
		valueJoins,
		keyCounts,
		countItemDegrees,
		degreeTops,
	}
}

// maxRuleRounds bounds the fixed-point loop (each round changes at least
// one operator, and no rule undoes another, so it ends well before).
const maxRuleRounds = 64

// rewrite runs the rules over ops to a fixed point, then over the
// pipelines nested in its operators; out is what the pipeline's consumer
// needs. When the branches of a CALL subquery changed, the rules run
// over ops once more, so that the rule that reads them (an aggregation
// over the constant branches of a UNION ALL) sees them rewritten. (Only
// then: rules such as semiJoinExists rewrite nested pipelines in every
// round, and a second pass at every level would multiply with depth.)
func (b *builder) rewrite(ops []logical.Op, out need) []logical.Op {
	out.Live.refs = b.aggRefs
	ops, _ = b.fixedPoint(ops, out)
	ops, nested := b.rewriteNested(ops, out)
	if !nested || !hasCall(ops) {
		return ops
	}
	if again, changed := b.fixedPoint(ops, out); changed {
		ops, _ = b.rewriteNested(again, out)
	}
	return ops
}

// hasCall reports whether ops hold a CALL subquery.
func hasCall(ops []logical.Op) bool {
	for _, op := range ops {
		if _, ok := op.(logical.CallSubquery); ok {
			return true
		}
	}
	return false
}

// fixedPoint runs the rules over ops until none changes them; changed
// says whether any did.
func (b *builder) fixedPoint(ops []logical.Op, out need) ([]logical.Op, bool) {
	changed := false
	// The analysis is a function of ops and out alone (rules read it and
	// never change it), so it is derived again only after a rule changed
	// ops, not once per rule.
	var req required
	stale := true
	apply := func(r rule) bool {
		if stale {
			req, stale = analyse(ops, out), false
		}
		next, ok := r(b, ops, req)
		if ok {
			ops, stale = next, true
		}
		return ok
	}
	for round := 0; round < maxRuleRounds; round++ {
		more := false
		for _, r := range rules {
			more = apply(r) || more
		}
		if !more {
			for _, r := range lateRules() {
				more = apply(r) || more
			}
		}
		if !more {
			break
		}
		changed = true
	}
	return ops, changed
}

// rewriteNested rewrites the pipelines nested in the operators of ops;
// changed says whether any of them changed.
func (b *builder) rewriteNested(ops []logical.Op, out need) ([]logical.Op, bool) {
	req := analyse(ops, out)
	ops = append([]logical.Op(nil), ops...)
	changed := false
	for i, op := range ops {
		children := op.Children()
		if len(children) == 0 {
			continue
		}
		inner := everything()
		var leaves []logical.SetTerm
		probe := ""
		switch o := op.(type) {
		case logical.Optional:
			inner = req.After[i]
		case logical.SemiJoin:
			leaves, probe = o.Leaves(), o.Probe
		case logical.Mark:
			leaves, probe = o.Join.Leaves(), o.Join.Probe
		case logical.WalkCount:
			// the build binds the probe once per match (see walkCountFor)
			inner = need{Live: newVarSet(o.Probe), Bag: true}
		case logical.CallSubquery:
			inner = callBranchNeed(o, req.After[i])
		}
		next := make([]*logical.Pipeline, len(children))
		for k, c := range children {
			if k < len(leaves) {
				// the build's consumer reads the probe's nodes (see existsPipeline)
				inner = need{Live: newVarSet(probe), Bag: leaves[k].AtLeast > 1}
			}
			rewritten := b.rewrite(c.Ops, inner)
			changed = changed || !sameOps(rewritten, c.Ops)
			next[k] = &logical.Pipeline{Ops: rewritten, Est: c.Est}
		}
		if rewritten, err := op.WithChildren(next...); err == nil {
			ops[i] = rewritten
		}
	}
	return ops, changed
}

// sameOps reports whether a and b hold the same operators (the rules
// return their input when they change nothing, and new values when they
// do; nested pipelines are compared by their own operators).
func sameOps(a, b []logical.Op) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !reflect.DeepEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}

// replace returns a copy of ops with ops[i:i+n] replaced by with.
func replace(ops []logical.Op, i, n int, with ...logical.Op) []logical.Op {
	out := make([]logical.Op, 0, len(ops)-n+len(with))
	out = append(out, ops[:i]...)
	out = append(out, with...)
	return append(out, ops[i+n:]...)
}

// usesOf returns the variables op itself reads.
func usesOf(op logical.Op) varSet {
	return before(op, need{Live: newVarSet()}).Live
}

// callBranchNeed is what the rows of a CALL subquery's branches must
// give: their columns (the branch's Emit reads them), with multiplicity
// unless the branches' rows are made distinct (UNION) or the CALL's own
// consumer ignores duplicates (after), as it does a top-level result's.
// A branch that writes keeps everything: its rows drive its writes.
func callBranchNeed(o logical.CallSubquery, after need) need {
	for _, br := range o.Children() {
		if writesIn(br.Ops) {
			return everything()
		}
	}
	distinct := len(o.Union) > 0 && !o.UnionAll
	return resultNeed(after.Bag && !distinct)
}

// writesIn reports whether ops, or a pipeline nested in them, write.
func writesIn(ops []logical.Op) bool {
	for _, op := range ops {
		switch op.(type) {
		case logical.Create, logical.Merge, logical.SetProps, logical.RemoveProps, logical.Delete, logical.Foreach, logical.ProcCall:
			return true
		}
		for _, c := range op.Children() {
			if writesIn(c.Ops) {
				return true
			}
		}
	}
	return false
}
