package planner

import (
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
	dropUnused,
	pushdownUniqueness,
	seekScans,
	hoistSeeks,
	aggregateForms,
	aggregateThroughUnion,
	countScan,
	distinctIntoCount,
	foldRenames,
	foldProjectedTests,
	countCycles,
	countTypes,
	countPatterns,
	countDegrees,
	countOptionalDegrees,
	semiJoinExists,
	setVarExpand,
	setCommonNeighbours,
	setExpandChain,
	narrowScans,
}

// maxRuleRounds bounds the fixed-point loop (each round changes at least
// one operator, and no rule undoes another, so it ends well before).
const maxRuleRounds = 64

// rewrite runs the rules over ops to a fixed point, then over the
// pipelines nested in its operators; out is what the pipeline's consumer
// needs.
func (b *builder) rewrite(ops []logical.Op, out need) []logical.Op {
	out.Live.refs = b.aggRefs
	for round := 0; round < maxRuleRounds; round++ {
		changed := false
		for _, r := range rules {
			next, ok := r(b, ops, analyse(ops, out))
			if ok {
				ops, changed = next, true
			}
		}
		if !changed {
			break
		}
	}
	req := analyse(ops, out)
	ops = append([]logical.Op(nil), ops...)
	for i, op := range ops {
		children := op.Children()
		if len(children) == 0 {
			continue
		}
		inner := everything()
		switch o := op.(type) {
		case logical.Optional:
			inner = req.After[i]
		case logical.SemiJoin:
			// the build's consumer reads the probe's nodes (see existsPipeline)
			inner = need{Live: newVarSet(o.Probe), Bag: o.AtLeast > 1}
		}
		next := make([]*logical.Pipeline, len(children))
		for k, c := range children {
			next[k] = &logical.Pipeline{Ops: b.rewrite(c.Ops, inner), Est: c.Est}
		}
		if rewritten, err := op.WithChildren(next...); err == nil {
			ops[i] = rewritten
		}
	}
	return ops
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
