package engine

import (
	"math"
	"math/bits"
	"strings"

	"github.com/cyqdb/cyq/storage"
)

// A plan is chosen for the statistics it read. The plan cache's
// signature (planSig) holds the coarse shape of the graph, but a cached
// plan must also be planned again when one of the counts its estimates
// read moves to another estimate class: a label that grows from 10 nodes
// to 100,000 (with the node count's magnitude unchanged, as when
// existing nodes are relabelled) changes which side of a join is
// cheaper. Commits keep these counts exact (storage.Stats), so the check
// sees every commit. While a query is planned, its statsView records each
// count it answers (statsRead) with its class; a reuse answers them again
// on the current view and replans when a class differs.

// statsReadKind is which count a statsRead is.
type statsReadKind uint8

const (
	readLabel     statsReadKind = iota // LabelCount(a)
	readRel                            // RelCount(a)
	readPattern                        // RelPatternCount(a, b, c)
	readLoops                          // SelfLoopCount(a, b, c)
	readDistinct                       // DistinctValues(a, b)
	readLabelPair                      // LabelPairCount(a, b)
	readUnique                         // UniqueKey(a, b): 1 or 0
	readKinds                          // PropertyKinds(a), or over nodes with labels b (c "node") or relationships of types b (c "rel"): the set, exactly (-1 unknown)
)

// statsRead is one count the planner read while planning, and its
// estimate class (countClass).
type statsRead struct {
	kind    statsReadKind
	a, b, c string
	class   int
}

// countClass is the estimate class of a count: its order of magnitude in
// base 2 (0 for nothing or unknown), as planSig's node and relationship
// scales. A count moves class when it doubles or halves.
func countClass(n float64) int {
	if !(n >= 1) {
		return 0
	}
	return bits.Len64(uint64(min(n, math.MaxInt64)))
}

// statsReads records the counts a statsView answers during one planning,
// once each.
type statsReads struct {
	seen map[statsRead]struct{}
	list []statsRead
}

// record notes that the count kind(a, b, c) was read as n.
func (s *statsView) record(kind statsReadKind, a, b, c string, n float64) {
	if s.reads == nil {
		return
	}
	r := statsRead{kind: kind, a: a, b: b, c: c, class: countClass(n)}
	if _, ok := s.reads.seen[r]; ok {
		return
	}
	if s.reads.seen == nil {
		s.reads.seen = map[statsRead]struct{}{}
	}
	s.reads.seen[r] = struct{}{}
	s.reads.list = append(s.reads.list, r)
}

// recordExact notes that kind(a) was read as n, a value a reuse must
// find again exactly (not an estimate class).
func (s *statsView) recordExact(kind statsReadKind, a, b, c string, n float64) {
	if s.reads == nil {
		return
	}
	r := statsRead{kind: kind, a: a, b: b, c: c, class: exactClass(n)}
	if _, ok := s.reads.seen[r]; ok {
		return
	}
	if s.reads.seen == nil {
		s.reads.seen = map[statsRead]struct{}{}
	}
	s.reads.seen[r] = struct{}{}
	s.reads.list = append(s.reads.list, r)
}

// exactClass is the class of a read that must hold exactly: the value
// itself (an integer; -1 for unknown).
func exactClass(n float64) int { return int(n) }

// classOf is the class r.kind's count n falls in.
func (r statsRead) classOf(n float64) int {
	if r.kind == readKinds {
		return exactClass(n)
	}
	return countClass(n)
}

// recording returns a copy of s that records the counts it answers.
func (s *statsView) recording() (*statsView, *statsReads) {
	c := *s
	c.reads = &statsReads{}
	return &c, c.reads
}

// count answers a recorded read again on s (which records nothing).
func (s *statsView) count(r statsRead) float64 {
	switch r.kind {
	case readLabel:
		return s.LabelCount(r.a)
	case readRel:
		return s.RelCount(r.a)
	case readPattern:
		return s.RelPatternCount(r.a, r.b, r.c)
	case readLoops:
		return s.SelfLoopCount(r.a, r.b, r.c)
	case readDistinct:
		return s.DistinctValues(r.a, r.b)
	case readLabelPair:
		return s.LabelPairCount(r.a, r.b)
	case readUnique:
		if s.UniqueKey(r.a, r.b) {
			return 1
		}
		return 0
	case readKinds:
		var owners []string
		if r.b != "" {
			owners = strings.Split(r.b, "\x00")
		}
		if k, ok := s.kindsRead(r.a, r.c, owners, owners); ok {
			return float64(k)
		}
		return -1
	}
	return 0
}

// generation is the storage.Generation of r when it has one (a
// snapshot).
func generation(r storage.Reader) (storage.Generation, bool) {
	g, ok := r.(interface{ Generation() storage.Generation })
	if !ok {
		return storage.Generation{}, false
	}
	return g.Generation(), true
}

// holdsReadsOf is holdsReads for plan v on s, skipped when s reads the
// statistics of the generation v's reads last held on.
func (s *statsView) holdsReadsOf(v *planVariant) bool {
	if len(v.reads) == 0 {
		return true
	}
	gen, ok := generation(s.r)
	if ok {
		if last := v.checked.Load(); last != nil && *last == gen {
			return true
		}
	}
	if !s.holdsReads(v.reads) {
		return false
	}
	if ok {
		held := gen // only this copy escapes: a run that skips the check allocates nothing
		v.checked.Store(&held)
	}
	return true
}

// holdsReads reports whether every count in reads is still in the class
// it was planned with, on s.
func (s *statsView) holdsReads(reads []statsRead) bool {
	for _, r := range reads {
		if r.classOf(s.count(r)) != r.class {
			return false
		}
	}
	return true
}
