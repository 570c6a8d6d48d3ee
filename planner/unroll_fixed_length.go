package planner

import (
	"slices"

	"github.com/cyqdb/cyq/planner/logical"
)

// maxUnrolledHops bounds the length of a fixed-length variable-length
// relationship that unrollFixedLength writes out as hops (a longer one
// stays one expansion: the plan would grow with the length).
const maxUnrolledHops = 6

// unrollFixedLength writes a variable-length relationship of one length
// k (`-[*k]->`, `-[:T*k..k]->`, a quantified relationship `{k}`) whose
// relationship list nothing reads as the k single hops it stands for:
// `(a)-[*2]->(c)` is `(a)-[r1]->()-[r2]->(c)` with r1 <> r2, each hop
// differing from the relationships the expansion had to differ from and
// from the hops before it, which is relationship uniqueness as a written
// pattern has it (pushdownUniqueness, degree_uniqueness.go). The trails
// and so the rows are the same; what changes is that every rule that
// reads written hops (a count or degree read of the last hop, set-at-a-
// time chains, common neighbours, semi-joins) now reads this one too.
//
// A later expansion of the pattern that had to differ from the list
// differs from the hops instead. The list's property map becomes a
// relationship filter per hop, and its per-level node tests
// (logical.StepTest) filters of the nodes they test.
//
// It applies only where the expansion would enumerate its trails row by
// row anyway (varExpandRowReason): where a set frontier gives its end
// nodes, that stays (one operator for the same set).
func unrollFixedLength(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		o, ok := op.(logical.VarExpand)
		if !ok || o.Mode == logical.SetMode || o.ListBound || o.Min != o.Max || o.Min < 1 || o.Min > maxUnrolledHops {
			continue
		}
		if varExpandRowReason(o, req.After[i]) == "" {
			continue
		}
		if out, ok := b.unrolled(ops, i, o, req); ok {
			return out, true
		}
	}
	return ops, false
}

// unrolled returns ops with the expansion o at ops[i] replaced by its
// hops, or false when its relationship list is read later other than by
// a later expansion's uniqueness.
func (b *builder) unrolled(ops []logical.Op, i int, o logical.VarExpand, req required) ([]logical.Op, bool) {
	out, hops, _, ok := b.hopsOf(ops, i, o)
	if !ok {
		return nil, false
	}
	after := analyse(out, req.After[len(ops)-1])
	if after.After[i+hops-1].Live.has(o.RelList) {
		return nil, false
	}
	return out, true
}

// hopsOf returns ops with the expansion o at ops[i] replaced by its k
// hops (and the filters of its property map and step tests), the number
// of operators those take, and the hops' relationship variables in the
// pattern's order (the order of o's list), or false when a step test
// cannot be renamed to a hop's node. The list itself is no longer
// bound.
func (b *builder) hopsOf(ops []logical.Op, i int, o logical.VarExpand) ([]logical.Op, int, []string, bool) {
	k := o.Min
	nodes := make([]string, k+1) // in the expansion's order
	nodes[0], nodes[k] = o.From, o.To
	for j := 1; j < k; j++ {
		nodes[j] = b.fresh("n")
	}
	rels := make([]string, k)
	for j := range rels {
		rels[j] = b.fresh("r")
	}
	// filters[j] are the tests of nodes[j], made once it is bound.
	filters := make([][]logical.Op, k+1)
	for _, t := range o.Steps {
		for _, j := range stepPositions(t.Nodes, k) {
			x := j
			if o.Reverse {
				x = k - j // the list reads in the pattern's order
			}
			m := map[string]string{}
			for name := range exprVars(t.Pred) {
				m[name] = name
			}
			m[t.Var] = nodes[x]
			pred, ok := renameExpr(t.Pred, m)
			if !ok {
				return nil, 0, nil, false
			}
			filters[x] = append(filters[x], logical.Filter{Pred: pred})
		}
	}
	var hops []logical.Op
	hops = append(hops, filters[0]...)
	for j := 0; j < k; j++ {
		distinct := append(append([]string(nil), o.Distinct...), rels[:j]...)
		hops = append(hops, logical.Expand{From: nodes[j], Rel: rels[j], To: nodes[j+1], Dir: o.Dir, Types: o.Types,
			ToBound: j == k-1 && o.ToBound, Distinct: distinct})
		if o.Props != nil {
			hops = append(hops, logical.RelFilter{Var: rels[j], Props: o.Props})
		}
		hops = append(hops, filters[j+1]...)
	}
	out := replace(ops, i, 1, hops...)
	// Later expansions differ from the hops rather than the list.
	for n := i + len(hops); n < len(out); n++ {
		switch e := out[n].(type) {
		case logical.Expand:
			if d, ok := spliced(e.Distinct, o.RelList, rels); ok {
				e.Distinct = d
				out[n] = e
			}
		case logical.VarExpand:
			if d, ok := spliced(e.Distinct, o.RelList, rels); ok {
				e.Distinct = d
				out[n] = e
			}
		}
	}
	listed := slices.Clone(rels)
	if o.Reverse {
		slices.Reverse(listed) // the list reads in the pattern's order
	}
	return out, len(hops), listed, true
}

// spliced returns names with name replaced by with, and whether it was
// there.
func spliced(names []string, name string, with []string) ([]string, bool) {
	k := slices.Index(names, name)
	if k < 0 {
		return names, false
	}
	return slices.Concat(names[:k], with, names[k+1:]), true
}

// stepPositions are the positions, in the pattern's order (s0..sk), of
// the nodes of a trail of length k that a step test of nodes tests.
func stepPositions(nodes logical.StepNodes, k int) []int {
	lo, hi := 1, k
	switch nodes {
	case logical.StepLeft:
		lo, hi = 0, k-1
	case logical.StepInner:
		lo, hi = 1, k-1
	}
	var out []int
	for j := lo; j <= hi; j++ {
		out = append(out, j)
	}
	return out
}
