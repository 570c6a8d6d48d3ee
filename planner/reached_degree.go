package planner

import (
	"math"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// The degree of a node depends on how the plan found it. A node a scan
// yields is any node: its expected degree is the mean. A node an
// expansion reached was picked once per relationship it has, so its
// expected degree is the size-biased mean Σd²/Σd (the friendship
// paradox), which on a power-law graph is many times the mean. A node an
// index seek of a literal value found has the degree its adjacency says.
//
// The statistics keep, per relationship type (and for all types) and
// direction, Σd and Σd² over all nodes. Leaving a node through the
// relationships D after reaching it through the relationships A (each a
// set of (type, direction) keys seen from the node), the expected count
// is E[d_A d_D] / E[d_A]. The statistics do not keep the joint moment;
// by Cauchy–Schwarz it is at most sqrt(E[d_A²] E[d_D²]), which is exact
// when the two degrees are proportional (A = D, or an undirected graph
// stored in both directions) and the estimate used here: the mean of D
// times sqrt(B_A B_D), where B = E[d²]/E[d]² is a key set's size bias.
// A key set's Σd² is bounded likewise (Minkowski): (Σ_k sqrt(Σd_k²))².

// degreeKeys are the (type, direction) keys an expansion over types in
// dir follows, seen from its source node: out for DirRight, in for
// DirLeft, both otherwise. No type means any type ("").
func degreeKeys(dir ast.Direction, types []string) []degreeKey {
	if len(types) == 0 {
		types = []string{""}
	}
	var out []degreeKey
	for _, t := range types {
		if dir != ast.DirLeft {
			out = append(out, degreeKey{t, true})
		}
		if dir != ast.DirRight {
			out = append(out, degreeKey{t, false})
		}
	}
	return out
}

type degreeKey struct {
	typ string
	out bool
}

// reverseDir is dir seen from the other end.
func reverseDir(dir ast.Direction) ast.Direction {
	switch dir {
	case ast.DirLeft:
		return ast.DirRight
	case ast.DirRight:
		return ast.DirLeft
	}
	return dir
}

// moments returns Σd and the bound on Σd² of the degree d summed over
// keys; ok is false when the statistics do not know them.
func (b *builder) moments(keys []degreeKey) (sum, sumSq float64, ok bool) {
	root := 0.0
	for _, k := range keys {
		d, known := b.stats.Degrees(k.typ, k.out)
		if !known {
			return 0, 0, false
		}
		sum += d.Sum
		root += math.Sqrt(d.SumSq)
	}
	return sum, root * root, true
}

// sizeBias is B = E[d²]/E[d]² of the degree summed over keys (1 when
// unknown or without relationships).
func (b *builder) sizeBias(keys []degreeKey) float64 {
	sum, sumSq, ok := b.moments(keys)
	nodes := b.stats.NodeCount()
	if !ok || sum <= 0 || nodes <= 0 {
		return 1
	}
	return math.Max(1, nodes*sumSq/(sum*sum))
}

// reachedBias is the factor by which the expected number of
// relationships over (dir, types) from a node that arrival reached
// exceeds the mean: sqrt(B_A B_D) (see above).
func (b *builder) reachedBias(arrival logical.Hop, dir ast.Direction, types []string) float64 {
	ba := b.sizeBias(degreeKeys(reverseDir(arrival.Dir), arrival.Types))
	bd := b.sizeBias(degreeKeys(dir, types))
	return math.Sqrt(ba * bd)
}

// hopDegree is the expected number of relationships over (dir, types)
// followed from one node bound to from: the node's actual degree when a
// seek of a literal value bound it (or of a variable whose values are
// known, see seekValues: their mean degree) and the statistics can read it;
// otherwise base (the mean over from's label, or over all nodes) times
// the size bias when an expansion reached it.
func (s *selectivity) hopDegree(from string, dir ast.Direction, types []string, base float64) float64 {
	if sk, ok := s.seeks[from]; ok {
		if ls := s.seekValues(sk.Value); len(ls) > 0 {
			// The mean over the rows, each seeking one of the values.
			total := 0.0
			for _, l := range ls {
				if l.Kind == ast.LitNull {
					continue // seeks nothing: no relationship to follow
				}
				for _, k := range degreeKeys(dir, types) {
					d := s.b.seekDegree(sk.Label, sk.Key, l, k.typ, k.out)
					if d < 0 {
						total = -1
						break
					}
					total += d
				}
				if total < 0 {
					break
				}
			}
			if total >= 0 {
				return total / float64(len(ls))
			}
		}
	}
	if h, ok := s.arrivals[from]; ok {
		return base * s.b.reachedBias(h, dir, types)
	}
	return base
}

// chainReach estimates the nodes (or paths, when bag) that hops reach from
// one node bound to from, and the relationships they read: the first hop
// from from, every later one from nodes the previous hop reached. When
// set, the hops run set at a time (a frontier of distinct nodes): no hop
// reaches more than every node nor reads more than every relationship it
// may follow. A hop's tests on the node it reaches (labels, an inner
// node's WHERE) narrow what it reaches, and so what the next hop starts
// from.
func (s *selectivity) chainReach(from string, hops []logical.Hop, avgDeg float64, set bool) (reach, reads float64) {
	nodes := math.Max(s.b.stats.NodeCount(), 1)
	f := 1.0
	for i, h := range hops {
		var d float64
		if i == 0 {
			d = s.hopDegree(from, h.Dir, h.Types, s.baseDegree(from, h.Dir, h.Types, avgDeg))
		} else {
			d = s.b.degree(h.Dir, h.Types, avgDeg) * s.b.reachedBias(hops[i-1], h.Dir, h.Types)
		}
		if set {
			reads += math.Min(f*d, s.b.degree(h.Dir, h.Types, avgDeg)*nodes)
			f = math.Min(f*d, nodes) * s.hopTests(h)
			continue
		}
		reads += f * d
		f *= d * s.hopTests(h)
	}
	return f, reads
}
