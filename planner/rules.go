package planner

import "github.com/cyqdb/cyq/planner/logical"

// rule is one rewrite of a pipeline: it returns the new pipeline and
// whether it changed anything.
type rule func(*logical.Pipeline) (*logical.Pipeline, bool)

// maxRuleRounds bounds the fixed-point loop (each round that changes
// something makes progress; this only guards against a rule that keeps
// undoing another).
const maxRuleRounds = 16

// applyRules runs rules over pl, in order, until none changes anything.
func applyRules(pl *logical.Pipeline, rules ...rule) *logical.Pipeline {
	for round := 0; round < maxRuleRounds; round++ {
		changed := false
		for _, r := range rules {
			var c bool
			pl, c = r(pl)
			changed = changed || c
		}
		if !changed {
			break
		}
	}
	return pl
}

// predicateRules are the rules that normalise and place predicates;
// known lists the variables bound to nodes or relationships before the
// pipeline (see pushdownFilters).
func (b *builder) predicateRules(known map[string]bool) []rule {
	if b.rowModeOnly {
		return []rule{normalizeFilters}
	}
	return []rule{
		normalizeFilters,
		func(pl *logical.Pipeline) (*logical.Pipeline, bool) { return pushdownFilters(pl, known, b.writes) },
		b.dropImpliedLabels,
	}
}
