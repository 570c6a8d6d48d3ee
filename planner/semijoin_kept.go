package planner

import (
	"math"

	"github.com/cyqdb/cyq/planner/logical"
)

// The share of a semi-join's rows whose probe is in the build's set
// depends on how the rows found the probe and how the build found the
// set, as a node's degree does (reached_degree.go). A set of S distinct
// nodes out of n holds S/n of the probes when either side is drawn
// without regard to degree (a scan, a seek). When the probe was reached
// by an expansion, each node is picked once per relationship it has over
// the arrival's keys; when the set was reached by one too, its nodes are
// those many relationships lead to. Two such draws meet far more often
// than S/n says: the hub's neighbours and the nodes two links from
// another user are both mostly the well-linked nodes.
//
// The set is taken as the distinct ends of m draws over the n nodes
// (S = n(1 - e^(-m/n)), distinctOf), so m = -n ln(1 - S/n). A draw
// weighted by degree over a graph of size bias B (E[d²]/E[d]²) behaves
// as a uniform draw over n/B nodes (the effective domain: for equal
// degrees B = 1, the n nodes), so the share of size-biased probes among
// the ends of m size-biased draws is 1 - e^(-m·B/n), with B the
// geometric mean of the two arrivals' size biases (sqrt(B_A B_D), as
// reachedBias bounds the joint moment). That is an upper bound (Jensen:
// a node's chance to be in the set is concave in its degree), and S/n a
// lower one (a node's weight and its chance to be in the set both grow
// with its degree, Chebyshev's sum inequality); with only the degrees'
// two moments known, the estimate is their geometric mean, which on a
// mildly skewed graph is near the upper bound's share and on a graph whose
// relationships mostly end at a few nodes (where the draws keep hitting
// the same ones) stays below it. With B = 1 both are S/n.

// keptShare is the share of rows whose probe lies in a set of set
// distinct nodes among cands candidates, when the rows reached the
// probe by arrival (nil: not by an expansion) and the set was reached
// by setArrival (nil likewise): set/cands unless both were reached by
// expansions, then the size-biased share above.
func (b *builder) keptShare(set, cands float64, arrival, setArrival *logical.Hop) float64 {
	cands = math.Max(cands, 1)
	set = math.Min(math.Max(set, 0), cands)
	share := set / cands
	if arrival == nil || setArrival == nil || share >= 1 {
		return share
	}
	bias := math.Sqrt(b.sizeBias(degreeKeys(reverseDir(arrival.Dir), arrival.Types)) *
		b.sizeBias(degreeKeys(reverseDir(setArrival.Dir), setArrival.Types)))
	if bias <= 1 {
		return share
	}
	draws := -cands * math.Log1p(-share)
	upper := 1 - math.Exp(-draws*bias/cands)
	return math.Max(share, math.Sqrt(share*upper))
}

// buildArrival returns the last hop by which a semi-join's build reaches
// the probe's nodes: its last operator expands to probe. nil when the
// build ends otherwise (a scan or a seek of the probe: nodes drawn
// without regard to degree).
func buildArrival(build *logical.Pipeline, probe string) *logical.Hop {
	if build == nil || len(build.Ops) == 0 {
		return nil
	}
	switch o := build.Ops[len(build.Ops)-1].(type) {
	case logical.Expand:
		if o.To == probe && !o.ToBound {
			return &logical.Hop{Dir: o.Dir, Types: o.Types}
		}
	case logical.VarExpand:
		if o.To == probe && !o.ToBound && o.Min > 0 {
			return &logical.Hop{Dir: o.Dir, Types: o.Types}
		}
	case logical.ExpandChain:
		if o.To == probe && !o.Quant.MayBeEmpty() && len(o.Hops) > 0 {
			h := o.Hops[len(o.Hops)-1]
			return &logical.Hop{Dir: h.Dir, Types: h.Types}
		}
	}
	return nil
}

// probeArrival returns the last hop of the expansion that bound probe on
// the rows sel describes, nil when none did.
func probeArrival(sel *selectivity, probe string) *logical.Hop {
	if sel == nil {
		return nil
	}
	h, ok := sel.arrivals[probe]
	if !ok {
		return nil
	}
	return &logical.Hop{Dir: h.Dir, Types: h.Types}
}

// semiJoinRows is the factor a semi-join at the end of ops applies to
// its input rows (semiJoinFraction), its builds estimated with the
// variables of ops bound as ops bind them (a key sought by a constant
// has the degree its adjacency says, as for the semi-join's cost) and
// the probe's share taken by how ops reached it (keptShare).
func (b *builder) semiJoinRows(o logical.SemiJoin, sel *selectivity, ops []logical.Op, nodes float64) float64 {
	saved := b.outer
	b.outer = sel
	defer func() { b.outer = saved }()
	return b.semiJoinFractionFrom(o, nodes, b.probeLabelCount(o, ops), probeArrival(sel, o.Probe))
}
