package planner

import "github.com/cyqdb/cyq/planner/logical"

// batchedBody gives the body of a pattern test or count evaluated by an
// expression (EXISTS { }, COUNT { }, a pattern predicate) the batched
// scans the statement's own pipelines and subquery bodies get
// (useBatchScans): a body that starts at a node it scans for, such as
// `COUNT { MATCH (x:User {id: $hub})-->(x) }`, filters the scan's
// batches by the property test instead of testing every node row by
// row. As there, only plans that do not write are batched, and a scan
// takes a prefilter only from a filter whose every conjunct never fails.
func (b *builder) batchedBody(ops []logical.Op) []logical.Op {
	if b.writes || b.rowModeOnly {
		return ops
	}
	pl := &logical.Pipeline{Ops: append([]logical.Op(nil), ops...)}
	useBatchScans(pl)
	return pl.Ops
}
