package planner

import (
	"math"

	"github.com/cyqdb/cyq/planner/logical"
)

// shortestReads prices the reads of shortest-path search o over rows
// rows. A search whose ends are both bound runs per row, but the VM
// shares one breadth-first search from a start among the rows that pair
// it with other ends (vm's targetSearch), growing it level by level as
// the pair searches pay for it: the rows then cost the lesser of one
// search per pair and one search from each start (starts of them, the
// rows when it was bound) plus a lookup per row. The search is shared
// when it is one breadth-first search (not searched in order of length)
// and its tests of nodes are made as it meets them (no level sets
// computed per row).
func (b *builder) shortestReads(sel *selectivity, o logical.ShortestPath, rows float64, boundAt map[string]float64, nodes, avgDeg float64) float64 {
	_, touched := b.searchReach(sel, o, nodes, avgDeg)
	perPair := rows * touched
	if o.ToFree || o.K > 1 || o.Pred != nil || o.Min > 1 || len(o.Steps) > 0 {
		return perPair
	}
	starts, ok := boundAt[o.From]
	if !ok || starts >= rows {
		return perPair
	}
	single := o
	single.ToFree = true
	_, each := b.searchReach(sel, single, nodes, avgDeg)
	return math.Min(perPair, starts*each+rows)
}
