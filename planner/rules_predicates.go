package planner

import "github.com/cyqdb/cyq/planner/logical"

// pipelineRule is one rewrite of a whole pipeline (the predicate rules):
// it returns the new pipeline and whether it changed anything.
type pipelineRule func(*logical.Pipeline) (*logical.Pipeline, bool)

// maxPipelineRounds bounds the fixed-point loop (each round that changes
// something makes progress; this only guards against a rule that keeps
// undoing another).
const maxPipelineRounds = 16

// applyRules runs rules over pl, in order, until none changes anything.
func applyRules(pl *logical.Pipeline, rules ...pipelineRule) *logical.Pipeline {
	for round := 0; round < maxPipelineRounds; round++ {
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
func (b *builder) predicateRules(known map[string]bool) []pipelineRule {
	normalize := func(pl *logical.Pipeline) (*logical.Pipeline, bool) { return normalizeFilters(pl, known) }
	if b.rowModeOnly {
		return []pipelineRule{filterTruth, normalize, b.pathFunctions, b.pathLengthBounds, pathQuantifiers}
	}
	return []pipelineRule{
		foldConstants,
		filterTruth,
		listExistence,
		listMemberTests,
		existsUnions,
		normalize,
		tailSlices,
		func(pl *logical.Pipeline) (*logical.Pipeline, bool) { return b.prefixFunctions(pl, known) },
		b.pathFunctions,
		b.relEnds,
		b.listMeasures,
		b.pathLengthBounds,
		hopsBy,
		pathQuantifiers,
		func(pl *logical.Pipeline) (*logical.Pipeline, bool) { return b.pushdownFilters(pl, known, b.writes) },
		func(pl *logical.Pipeline) (*logical.Pipeline, bool) { return guardFilters(pl, known, b.writes) },
		b.labelChecks,
		b.typeChecks,
		b.dropImpliedLabels,
	}
}
