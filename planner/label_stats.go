package planner

import (
	"math"

	"github.com/cyqdb/cyq/parser/ast"
)

// LabelPairCounter is implemented by statistics that know how many nodes
// carry two labels at once (label co-occurrence). A node that carries
// :Message and :Post is estimated from that count, not as if the labels
// were independent: on a graph where every Post is a Message the
// conjunction keeps all the Posts, where independence would keep a
// Post's share of the Messages.
type LabelPairCounter interface {
	// LabelPairCount is the number of nodes carrying both labels a and
	// b; negative when unknown.
	LabelPairCount(a, b string) float64
}

// labelPair is the number of nodes carrying both a and b, when the
// statistics know it.
func (b *builder) labelPair(x, y string) (float64, bool) {
	if x == y {
		return b.stats.LabelCount(x), true
	}
	pc, ok := b.stats.(LabelPairCounter)
	if !ok {
		return 0, false
	}
	n := pc.LabelPairCount(x, y)
	return n, n >= 0
}

// labelGiven is the fraction of the nodes carrying label k that also
// carry l: the co-occurrence count over k's count when the statistics
// keep it, else l's share of all nodes (independence).
func (b *builder) labelGiven(l, k string) float64 {
	if k == l {
		return 1
	}
	if n := b.stats.LabelCount(k); n > 0 {
		if both, ok := b.labelPair(k, l); ok {
			return math.Min(1, both/n)
		}
	}
	return math.Min(1, b.stats.LabelCount(l)/math.Max(1, b.stats.NodeCount()))
}

// conjunctionFraction is the fraction of a variable's rows whose node
// carries every label of ls, given that it carries known ("" for no
// label known) and that first(l) is the fraction carrying one label l
// alone: the first label not known by first, each further one by its
// co-occurrence with the labels before it (the least share given any of
// them), so a conjunction is not priced as independent labels.
func (b *builder) conjunctionFraction(known string, ls []string, first func(string) float64) float64 {
	var have []string
	if known != "" {
		have = append(have, known)
	}
	f := 1.0
	for _, l := range ls {
		if len(have) == 0 {
			f *= first(l)
			have = append(have, l)
			continue
		}
		least := 1.0
		for _, k := range have {
			least = math.Min(least, b.labelGiven(l, k))
		}
		f *= least
		have = append(have, l)
	}
	return f
}

// labelDegree is the mean number of relationships of types (all when
// none) in dir that a node carrying label l has, from the store's exact
// counts per (start label, type, end label): the relationships at nodes
// with l over l's nodes (both ways for an undirected hop, a self-loop
// once). ok is false for no label or without such counts.
func (b *builder) labelDegree(l string, dir ast.Direction, types []string) (float64, bool) {
	if l == "" {
		return 0, false
	}
	n := b.stats.LabelCount(l)
	if n <= 0 {
		return 0, false
	}
	if len(types) == 0 {
		types = []string{""}
	}
	rels := 0.0
	for _, t := range types {
		for _, out := range []bool{true, false} {
			if (out && dir == ast.DirLeft) || (!out && dir == ast.DirRight) {
				continue
			}
			c := b.stats.RelPatternCount(l, t, "")
			if !out {
				c = b.stats.RelPatternCount("", t, l)
			}
			if c < 0 {
				return 0, false
			}
			rels += c
		}
		if dir != ast.DirLeft && dir != ast.DirRight {
			// Both ways: a self-loop is followed once, not twice.
			if c := b.stats.SelfLoopCount(l, t, ""); c > 0 {
				rels -= c
			}
		}
	}
	return rels / n, true
}
