package storage

import (
	"slices"
	"sort"
)

// Pattern identifies a (start label, type, end label) relationship pattern;
// AnyLabel in Start or End stands for any (or no) label.
type Pattern struct {
	Start, Type, End uint32
}

// DegreeKey identifies a degree distribution: relationship type (or
// AnyType) and direction (Out or In).
type DegreeKey struct {
	Type uint32
	Dir  Direction
}

// DegreeSummary summarises the degree distribution of one DegreeKey over
// all nodes of the graph (nodes without such relationships count as 0).
type DegreeSummary struct {
	// Nodes is the number of nodes with degree >= 1.
	Nodes uint64
	// Avg is the mean degree over all nodes.
	Avg float64
	// AvgNonZero is the mean degree over nodes with degree >= 1.
	AvgNonZero float64
	// Max, P50, P90 and P99 are the maximum and percentiles over all nodes.
	Max, P50, P90, P99 uint64
	// Sum and SumSq are the sums of the degrees and of their squares over
	// all nodes.
	Sum, SumSq float64
	// Reached is SumSq/Sum: the mean degree of the node at this end of a
	// relationship picked at random (a node is picked once per
	// relationship it has, so high degrees weigh more: the friendship
	// paradox). It exceeds AvgNonZero by the degrees' variance over their
	// mean.
	Reached float64
}

// Stats are the statistics of a graph for the cost model. They are exact
// and current as of the Reader's view.
type Stats struct {
	// Nodes and Rels are the node and relationship counts.
	Nodes, Rels uint64
	// NodesPerLabel maps label id to node count (labels with no nodes omitted).
	NodesPerLabel map[uint32]uint64
	// RelsPerType maps type id to relationship count.
	RelsPerType map[uint32]uint64
	// RelsPerPattern counts relationships per (start label, type, end
	// label); a relationship counts once for every label of its start node
	// (and AnyLabel) times every label of its end node (and AnyLabel).
	RelsPerPattern map[Pattern]uint64
	// SelfLoopsPerPattern counts the self-loops among RelsPerPattern's
	// relationships (a node's labels on both sides).
	SelfLoopsPerPattern map[Pattern]uint64
	// Degrees summarises degree distributions per type and direction.
	Degrees map[DegreeKey]DegreeSummary
	// Indexes describes every index with its distinct-value count.
	Indexes []IndexInfo
	// MemoryBytes estimates the in-memory size of this graph's read structures.
	MemoryBytes int64
}

// Stats implements Reader.
func (v *version) Stats() Stats {
	s := Stats{
		Nodes:               v.NodeCount(),
		Rels:                v.relCount,
		NodesPerLabel:       make(map[uint32]uint64, len(v.labels)),
		RelsPerType:         map[uint32]uint64{},
		RelsPerPattern:      map[Pattern]uint64{},
		SelfLoopsPerPattern: map[Pattern]uint64{},
		Degrees:             make(map[DegreeKey]DegreeSummary, len(v.stats.degree)),
		Indexes:             v.Indexes(),
		MemoryBytes:         v.mem,
	}
	for l, b := range v.labels {
		if c := b.GetCardinality(); c > 0 {
			s.NodesPerLabel[l] = c
		}
	}
	v.stats.relsPerType.each(func(t uint32, n int64) {
		if n > 0 {
			s.RelsPerType[t] = uint64(n)
		}
	})
	v.stats.triples.each(func(k tripleKey, n int64) {
		if n > 0 {
			s.RelsPerPattern[Pattern{k.start, k.typ, k.end}] = uint64(n)
		}
	})
	v.stats.loops.each(func(k tripleKey, n int64) {
		if n > 0 {
			s.SelfLoopsPerPattern[Pattern{k.start, k.typ, k.end}] = uint64(n)
		}
	})
	for k, h := range v.stats.degree {
		if d, ok := summarize(h, s.Nodes); ok {
			s.Degrees[DegreeKey{k.typ, k.dir}] = d
		}
	}
	return s
}

func summarize(h *counters[int], nodes uint64) (DegreeSummary, bool) {
	type bucket struct{ deg, n int64 }
	var bs []bucket
	var nz, sum int64
	var sumSq float64
	h.each(func(d int, n int64) {
		if n > 0 {
			bs = append(bs, bucket{int64(d), n})
			nz += n
			sum += int64(d) * n
			sumSq += float64(d) * float64(d) * float64(n)
		}
	})
	if nz == 0 {
		return DegreeSummary{}, false
	}
	sort.Slice(bs, func(i, j int) bool { return bs[i].deg < bs[j].deg })
	if uint64(nz) > nodes {
		nodes = uint64(nz)
	}
	zeros := int64(nodes) - nz
	pct := func(p float64) uint64 {
		rank := int64(p*float64(nodes-1)) + 1 // 1-based rank
		if rank <= zeros {
			return 0
		}
		rank -= zeros
		for _, b := range bs {
			if rank <= b.n {
				return uint64(b.deg)
			}
			rank -= b.n
		}
		return uint64(bs[len(bs)-1].deg)
	}
	return DegreeSummary{
		Nodes:      uint64(nz),
		Avg:        float64(sum) / float64(nodes),
		AvgNonZero: float64(sum) / float64(nz),
		Max:        uint64(bs[len(bs)-1].deg),
		P50:        pct(0.5),
		P90:        pct(0.9),
		P99:        pct(0.99),
		Sum:        float64(sum),
		SumSq:      sumSq,
		Reached:    sumSq / float64(sum),
	}, true
}

// recomputeStats rebuilds all counters from the adjacency (at open and after bulk loads).
func (v *version) recomputeStats() {
	sb := newStatsBuilder()
	labelsOf := func(nb uint32) []uint32 {
		if ep, ei := v.node(nb); ep != nil {
			return ep.labels[ei]
		}
		return nil
	}
	for pi, p := range v.nodes.all() {
		if p == nil {
			continue
		}
		for i := uint32(0); i < nodePageSize; i++ {
			if p.isAlive(i) {
				sb.addNode(uint32(pi*nodePageSize)+i, p.labels[i], p.nodeAdj(i), labelsOf)
			}
		}
	}
	v.stats = sb.data()
}

// statsBuilder accumulates the counters of recomputeStats node by node,
// into the statsData it returns from data.
type statsBuilder struct {
	relsPerType map[uint32]int64
	triples     map[tripleKey]int64
	loops       map[tripleKey]int64
	st          *statsData
}

func newStatsBuilder() *statsBuilder {
	sb := &statsBuilder{relsPerType: map[uint32]int64{}, triples: map[tripleKey]int64{}, loops: map[tripleKey]int64{}}
	sb.st = &statsData{
		relsPerType: &counters[uint32]{base: sb.relsPerType},
		triples:     &counters[tripleKey]{base: sb.triples},
		loops:       &counters[tripleKey]{base: sb.loops},
		degree:      map[degKey]*counters[int]{},
	}
	return sb
}

func (sb *statsBuilder) hist(k degKey) map[int]int64 {
	c := sb.st.degree[k]
	if c == nil {
		c = &counters[int]{base: map[int]int64{}}
		sb.st.degree[k] = c
	}
	return c.base
}

// addNode counts one live node id with labels sl and adjacency adj;
// labelsOf returns the labels of a neighbour.
func (sb *statsBuilder) addNode(id uint32, sl []uint32, adj [2]adjLists, labelsOf func(uint32) []uint32) {
	for d := Out; d <= In; d++ {
		total := 0
		for _, l := range adj[d].all() {
			n := len(l.nbrs)
			if n == 0 {
				continue
			}
			total += n
			h := sb.hist(degKey{l.typ, d})
			h[n]++
			if d == Out {
				sb.relsPerType[l.typ] += int64(n)
				sb.triples[tripleKey{AnyLabel, l.typ, AnyLabel}] += int64(n)
				// Runs of neighbours with the same labels are
				// counted once per run.
				var run []uint32
				count, loops := int64(0), int64(0)
				for _, nb := range l.nbrs {
					if nb == id {
						loops++
					}
					el := labelsOf(nb)
					if count > 0 && slices.Equal(el, run) {
						count++
						continue
					}
					if count > 0 && (len(sl) > 0 || len(run) > 0) {
						addTripleCounts(sb.triples, sl, run, l.typ, count)
					}
					run, count = el, 1
				}
				if count > 0 && (len(sl) > 0 || len(run) > 0) {
					addTripleCounts(sb.triples, sl, run, l.typ, count)
				}
				if loops > 0 {
					sb.loops[tripleKey{AnyLabel, l.typ, AnyLabel}] += loops
					addTripleCounts(sb.loops, sl, sl, l.typ, loops)
				}
			}
		}
		if total > 0 {
			sb.hist(degKey{AnyType, d})[total]++
		}
	}
}

// data returns the counters (the same statsData at every call: it
// reflects the nodes added so far and later ones).
func (sb *statsBuilder) data() *statsData { return sb.st }

// addTripleCounts is addTriples on a plain map, without (AnyLabel, typ, AnyLabel).
func addTripleCounts(m map[tripleKey]int64, sl, el []uint32, typ uint32, n int64) {
	for a := -1; a < len(sl); a++ {
		la := uint32(AnyLabel)
		if a >= 0 {
			la = sl[a]
		}
		for b := -1; b < len(el); b++ {
			if a < 0 && b < 0 {
				continue
			}
			lb := uint32(AnyLabel)
			if b >= 0 {
				lb = el[b]
			}
			m[tripleKey{la, typ, lb}] += n
		}
	}
}

// addTriples adds n to every (start label, typ, end label) combination of
// sl x el, AnyLabel included on both sides; skipAnyAny leaves out
// (AnyLabel, typ, AnyLabel).
func addTriples(m *counters[tripleKey], sl, el []uint32, typ uint32, n int64, skipAnyAny bool) {
	for a := -1; a < len(sl); a++ {
		la := uint32(AnyLabel)
		if a >= 0 {
			la = sl[a]
		}
		for b := -1; b < len(el); b++ {
			lb := uint32(AnyLabel)
			if b >= 0 {
				lb = el[b]
			}
			if a < 0 && b < 0 && skipAnyAny {
				continue
			}
			m.add(tripleKey{la, typ, lb}, n)
		}
	}
}
