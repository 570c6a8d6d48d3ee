package planner

import (
	"slices"

	"github.com/cyqdb/cyq/planner/logical"
)

// limitsThroughProjections moves a SKIP or LIMIT back through the
// projections (Project, Select) between it and the ORDER BY before it,
// so that the sort is followed by its SKIP and LIMIT and keeps only the
// first SKIP+LIMIT rows (a top-k) instead of sorting every row. A
// projection computes one row from one row and drops none, so counting
// rows before it or after it is the same; the ORDER BY of one WITH and
// the LIMIT of the next (`WITH ... ORDER BY d SKIP 5 WITH id, d LIMIT
// 5`, or the slice of an ordered collect, see uncollect) then meet.
// Only moves that reach a Sort (or the SKIP or LIMIT right after one)
// are made: elsewhere the order of the operators changes nothing.
func limitsThroughProjections(_ *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	for i, op := range ops {
		if !isSkipOrLimit(op) {
			continue
		}
		j := i - 1
		for j >= 0 && isRowProjection(ops[j]) {
			j--
		}
		if j == i-1 {
			continue
		}
		k := j
		for k >= 0 && isSkipOrLimit(ops[k]) {
			k--
		}
		if k < 0 {
			continue
		}
		if _, ok := ops[k].(logical.Sort); !ok {
			continue
		}
		out := slices.Delete(slices.Clone(ops), i, i+1)
		return slices.Insert(out, j+1, op), true
	}
	return ops, false
}

func isSkipOrLimit(op logical.Op) bool {
	switch op.(type) {
	case logical.Skip, logical.Limit:
		return true
	}
	return false
}

// isRowProjection reports whether op gives exactly one row per input row.
func isRowProjection(op logical.Op) bool {
	switch op.(type) {
	case logical.Project, logical.Select:
		return true
	}
	return false
}
