package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// labelCatalog is the part of Catalog that narrowScans needs: statistics
// that list the graph's labels (the engine's do).
type labelCatalog interface {
	Labels() []string
}

// narrowScans restricts a scan of all nodes to a label when the rows it
// yields only go on if the node has a relationship that, by the
// statistics, only nodes with that label have.
//
// A node scanned without a label and then expanded from (or whose degree
// is read with rows of degree 0 dropped) over types T in direction d
// survives only if it has a T relationship in direction d; when every
// such relationship has its near end at a node labelled L, the scan can
// read L's nodes instead of all of them. The label may be spelled
// nowhere in the query: `(u)-[:PROVIDED]->()` scans :User when every
// PROVIDED relationship starts at a User. It matters most where a label
// was dropped as implied by an expansion (dropImpliedLabels) and a later
// rewrite started the pattern from that node instead (flippedDegree):
// every spelling then scans the same nodes. The smallest such label is
// used, and only when it is smaller than the graph; the counts that prove
// it are facts the plan assumes (Compiled.Assumes). Queries that write
// are left alone: their own writes could add relationships the counts do
// not know of.
func narrowScans(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	cat, ok := b.stats.(labelCatalog)
	if !ok || b.writes {
		return ops, false
	}
	for i, op := range ops {
		s, ok := op.(logical.NodeScan)
		if !ok || s.Label != "" {
			continue
		}
		dir, types, ok := requiredRel(ops[i+1:], s.Var)
		if !ok {
			continue
		}
		if l := b.impliedScanLabel(cat, dir, types); l != "" {
			s.Label = l
			return replace(ops, i, 1, s), true
		}
	}
	return ops, false
}

// requiredRel finds, in the operators after a scan of v, the first one
// that drops every row whose v has no relationship of some types in some
// direction: a non-optional expansion from v (one hop, a set chain's
// first hop, at least one hop of a variable-length one), or a degree read
// of v that drops degree 0. Filters in between only drop rows. It returns that
// direction (from v) and those types (none: any type).
func requiredRel(ops []logical.Op, v string) (ast.Direction, []string, bool) {
	for _, op := range ops {
		switch o := op.(type) {
		case logical.Expand:
			switch v {
			case o.From:
				return o.Dir, o.Types, true
			case o.To:
				if o.ToBound {
					return reverse(o.Dir), o.Types, true
				}
			}
			return 0, nil, false
		case logical.ExpandChain:
			if o.From == v && len(o.Hops) > 0 && !o.Quant.MayBeEmpty() {
				return o.Hops[0].Dir, o.Hops[0].Types, true
			}
			return 0, nil, false
		case logical.VarExpand:
			if o.From == v && o.Min >= 1 {
				return o.Dir, o.Types, true
			}
			return 0, nil, false
		case logical.Degree:
			if o.Var == v && !o.KeepZero {
				return o.Dir, o.Types, true
			}
			return 0, nil, false
		case logical.NodeFilter, logical.Filter:
			continue
		default:
			return 0, nil, false
		}
	}
	return 0, nil, false
}

// impliedScanLabel returns the label with the fewest nodes that every
// node with a relationship of types (any when none) in direction dir
// carries, when it has fewer nodes than the graph; "" when there is none.
func (b *builder) impliedScanLabel(cat labelCatalog, dir ast.Direction, types []string) string {
	all := b.stats.NodeCount()
	labels := slices.Clone(cat.Labels())
	count := make(map[string]float64, len(labels))
	for _, l := range labels {
		count[l] = b.stats.LabelCount(l)
	}
	slices.SortStableFunc(labels, func(x, y string) int {
		switch {
		case count[x] < count[y]:
			return -1
		case count[x] > count[y]:
			return 1
		}
		return 0
	})
	// The node is the far end of the expansion taken the other way.
	back := logical.Hop{Dir: reverse(dir), Types: types}
	for _, l := range labels {
		if count[l] >= all {
			break
		}
		if b.impliedLabel(back, l) {
			return l
		}
	}
	return ""
}
