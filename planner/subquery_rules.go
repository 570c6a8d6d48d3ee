package planner

import "github.com/cyqdb/cyq/planner/logical"

// Subquery bodies get the rules the outer query gets. The body of an
// EXISTS { }, COUNT { } or COLLECT { } that is a whole query is planned
// from its clauses per row of the outer query, its imported variables
// bound as arguments (the scope it starts from); its pipeline then goes
// through the predicate rules and the operator rules, as the outer
// query's pipelines and a pattern's EXISTS { } do, with what the
// subquery reads of its rows as the consumer's need: nothing of them for
// EXISTS (whether one exists), their number for COUNT, the returned
// column in order and with its multiplicity for COLLECT.
// So a DISTINCT before a count, a set expansion, a semi-join or a
// degree read applies inside a subquery as it does outside.

// bodyRules runs the predicate rules, then (unless the query plans row
// by row) the operator rules, over the pipeline of a subquery body
// planned in scope sc.
func (b *builder) bodyRules(pl *logical.Pipeline, sc *scope, out need) *logical.Pipeline {
	pl = applyRules(pl, b.predicateRules(importedEntities(sc))...)
	if !b.rowModeOnly {
		saved := b.bodyNodes
		b.bodyNodes = map[string]bool{}
		for n, k := range sc.vars {
			if k == kindNode && sc.has(n) {
				b.bodyNodes[n] = true
			}
		}
		// The imported variables are bound before the body's Start (see
		// correlatedSemiJoins).
		savedRow := b.rowScope
		b.rowScope = sc.imported
		if b.rowScope == nil {
			b.rowScope = sc
		}
		pl.Ops = b.rewrite(pl.Ops, out)
		b.bodyNodes, b.rowScope = saved, savedRow
		if !b.writes {
			useBatchScans(pl) // as the statement's own pipelines: a body's scans filter batches too
		}
	}
	return pl
}

// subqueryNeed is what a subquery of kind reads of the rows of a body
// returning cols (see above). (A UNION's duplicate rows are removed by
// the CALL the body is planned as; see subqueryBody.)
func subqueryNeed(kind subKind, cols []string) need {
	switch kind {
	case subExists:
		return need{Live: newVarSet()}
	case subCount:
		return need{Live: newVarSet(), Bag: true}
	}
	return need{Live: newVarSet(cols...), Bag: true, Ordered: true}
}
