package engine

import (
	"math"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// statsView feeds the planner's cost model from a storage view. The
// storage statistics (storage.Stats) are read once per compilation, when
// first needed.
type statsView struct {
	eng   *Engine
	r     storage.Reader
	sig   planSig
	stats *storage.Stats
	// reads, when not nil, records the counts answered (statsreads.go).
	reads *statsReads
}

var (
	_ planner.Stats            = (*statsView)(nil)
	_ planner.LabelPairCounter = (*statsView)(nil)
)

func (eng *Engine) statsView(r storage.Reader, sig planSig) *statsView {
	return &statsView{eng: eng, r: r, sig: sig}
}

func (s *statsView) all() *storage.Stats {
	if s.stats == nil {
		st := s.r.Stats()
		s.stats = &st
	}
	return s.stats
}

// NodeCount implements planner.Stats.
func (s *statsView) NodeCount() float64 { return float64(s.r.NodeCount()) }

// LabelCount implements planner.Stats.
func (s *statsView) LabelCount(l string) float64 {
	n := 0.0
	if id, ok := s.r.LabelID(l); ok {
		n = float64(s.r.LabelCount(id))
	}
	s.record(readLabel, l, "", "", n)
	return n
}

// RelCount implements planner.Stats.
func (s *statsView) RelCount(t string) float64 {
	n := 0.0
	if t == "" {
		n = float64(s.r.RelCount())
	} else if id, ok := s.r.TypeID(t); ok {
		n = float64(s.r.RelTypeCount(id))
	}
	s.record(readRel, t, "", "", n)
	return n
}

// HasIndex implements planner.Stats.
func (s *statsView) HasIndex(label, key string) bool {
	_, ok := s.index(label, key)
	return ok
}

func (s *statsView) index(label, key string) (storage.IndexInfo, bool) {
	l, ok1 := s.r.LabelID(label)
	k, ok2 := s.r.PropKeyID(key)
	if !ok1 || !ok2 {
		return storage.IndexInfo{}, false
	}
	return s.r.Index(l, k)
}

// RelPatternCount implements planner.Stats from the store's exact counts
// per (start label, type, end label), read one by one (a plan cache checks
// the counts a plan relies on before each reuse).
func (s *statsView) RelPatternCount(start, typ, end string) float64 {
	n := s.patternCount(start, typ, end, s.r.RelPatternCount)
	s.record(readPattern, start, typ, end, n)
	return n
}

// LabelPairCount implements planner.LabelPairCounter: the nodes carrying
// both labels, counted exactly from the store's label sets (which
// commits and bulk loads keep current and the image persists), so the
// count needs no statistics of its own. 0 for an unknown label.
func (s *statsView) LabelPairCount(a, b string) float64 {
	n := 0.0
	ia, ok1 := s.r.LabelID(a)
	ib, ok2 := s.r.LabelID(b)
	if ok1 && ok2 {
		n = float64(s.r.NodesWithLabel(ia).AndCardinality(s.r.NodesWithLabel(ib)))
	}
	s.record(readLabelPair, a, b, "", n)
	return n
}

// SelfLoopCount implements planner.Stats from the store's exact
// self-loop counts per (label, type, label), as RelPatternCount.
func (s *statsView) SelfLoopCount(start, typ, end string) float64 {
	n := s.patternCount(start, typ, end, s.r.SelfLoopCount)
	s.record(readLoops, start, typ, end, n)
	return n
}

// patternCount is the sum of count over the patterns of typ ("" for
// every type) between start and end ("" for any label); 0 for an unknown
// label or type.
func (s *statsView) patternCount(start, typ, end string, count func(storage.Pattern) uint64) float64 {
	pat := storage.Pattern{Start: storage.AnyLabel, End: storage.AnyLabel}
	for _, l := range []struct {
		name string
		id   *uint32
	}{{start, &pat.Start}, {end, &pat.End}} {
		if l.name == "" {
			continue
		}
		id, ok := s.r.LabelID(l.name)
		if !ok {
			return 0
		}
		*l.id = id
	}
	if typ != "" {
		id, ok := s.r.TypeID(typ)
		if !ok {
			return 0
		}
		pat.Type = id
		return float64(count(pat))
	}
	n := 0.0
	for t := range s.r.Types() {
		pat.Type = uint32(t)
		n += float64(count(pat))
	}
	return n
}

// distinctSample is how many nodes a property's statistics read (see
// propSketch).
const distinctSample = 2000

// propSketch is what a sample of a label's nodes tells about one property:
// its distinct values and the sampled values themselves (a histogram with
// one bucket per sampled node), so that the fraction of nodes equal to,
// below or above a value is the sample's; values seen more than once are
// the most common ones.
type propSketch struct {
	sig      planSig
	class    int // countClass of the nodes sampled from
	distinct float64
	sampled  int           // nodes read
	all      bool          // the sample is every node of the label
	values   []value.Value // the non-null values read
	ids      []uint32      // the node of each of values
}

// persisted returns the store's value statistics of (label, key) (see
// storage.PropStats) when it has current ones.
func (s *statsView) persisted(label, key string) (storage.PropStats, bool) {
	k, ok := s.r.PropKeyID(key)
	if !ok {
		return storage.PropStats{}, false
	}
	l := uint32(storage.AnyLabel)
	if label != "" {
		if l, ok = s.r.LabelID(label); !ok {
			return storage.PropStats{}, false
		}
	}
	return s.r.PropStats(l, k)
}

// DistinctValues implements planner.Stats: an index's exact count when
// one covers (label, key), else the store's value statistics' estimate,
// else an estimate from a sample of the label's nodes, cached while the
// plan cache's signature holds and the label's node count keeps its
// class (countClass).
func (s *statsView) DistinctValues(label, key string) float64 {
	n := s.distinctValues(label, key)
	s.record(readDistinct, label, key, "", n)
	return n
}

func (s *statsView) distinctValues(label, key string) float64 {
	if ix, ok := s.index(label, key); ok {
		return float64(ix.Distinct)
	}
	if ps, ok := s.persisted(label, key); ok {
		if ps.Rows == 0 {
			return 0
		}
		return ps.Distinct
	}
	if sk := s.sketch(label, key); sk != nil {
		return sk.distinct
	}
	return 0
}

// ValueFraction implements planner.Stats from the store's value
// statistics when current (an equality: a most common value's count, else
// the rows the most common values leave shared by the other distinct
// values; a range: the histogram), else from the sample of the label's
// nodes: the share of sampled nodes whose value satisfies op against v;
// an equality with a value seen at most once in the sample (not one of
// the most common) gets the share of one of the distinct values.
func (s *statsView) ValueFraction(label, key, op string, v value.Value) float64 {
	if value.IsNull(v) {
		return -1
	}
	if ps, ok := s.persisted(label, key); ok && ps.Nodes > 0 {
		if op == "=" {
			return min(ps.EqualRows(v)/float64(ps.Nodes), 1)
		}
		if rows, ok := ps.RangeRows(op, v); ok {
			return min(rows/float64(ps.Nodes), 1)
		}
	}
	sk := s.sketch(label, key)
	if sk == nil || sk.sampled == 0 || value.IsNull(v) {
		return -1
	}
	n := 0
	for _, x := range sk.values {
		var t value.Tri
		if op == "=" {
			t = value.Equal(x, v)
		} else {
			t = value.CompareOp(op, x, v)
		}
		if t == value.True {
			n++
		}
	}
	if op == "=" && n <= 1 {
		if sk.distinct <= 0 {
			return 0
		}
		return float64(len(sk.values)) / float64(sk.sampled) / sk.distinct
	}
	return float64(n) / float64(sk.sampled)
}

// sketch returns the sampled statistics of (label, key), nil when the
// label or key is unknown.
func (s *statsView) sketch(label, key string) *propSketch {
	k, ok := s.r.PropKeyID(key)
	if !ok {
		return nil
	}
	nodes := s.r.AllNodes()
	if label != "" {
		l, ok := s.r.LabelID(label)
		if !ok {
			return nil
		}
		nodes = s.r.NodesWithLabel(l)
	}
	ck := s.eng.opts.Graph + "\x00" + label + "\x00" + key
	c := s.eng.plans
	c.mu.Lock()
	e, ok := c.distinct[ck]
	c.mu.Unlock()
	class := countClass(float64(nodes.GetCardinality()))
	if ok && e.sig == s.sig && e.class == class {
		return &e
	}
	sk := sampleProperty(nodes, func(id uint32) (value.Value, bool) { return s.r.NodeProp(id, k) })
	sk.sig, sk.class = s.sig, class
	c.mu.Lock()
	if c.distinct == nil {
		c.distinct = map[string]propSketch{}
	}
	c.distinct[ck] = sk
	c.mu.Unlock()
	return &sk
}

// sketchPrefix is how much of a long string value a property's sample
// keeps.
const sketchPrefix = 64

// sampleDistinct estimates the distinct values among nodes from a
// uniform sample of them (see sampleProperty).
func sampleDistinct(nodes *roaring.Bitmap, prop func(uint32) (value.Value, bool)) float64 {
	return sampleProperty(nodes, prop).distinct
}

// splitmix is the SplitMix64 mix of x: a fixed pseudo-random sequence.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// sampleProperty reads distinctSample nodes spread over nodes (one at a
// random rank in each of distinctSample equal runs of ranks: every node
// when there are no more) and estimates the property's
// distinct values (the guaranteed-error estimator: values seen once
// scale with sqrt(total/sample), repeated ones count once), keeping the
// values read. An even spread over the ids, not the first ids, keeps the
// sample uniform whatever order the nodes were created in.
func sampleProperty(nodes *roaring.Bitmap, prop func(uint32) (value.Value, bool)) propSketch {
	total := nodes.GetCardinality()
	var ids []uint32
	if total <= distinctSample {
		ids = nodes.ToArray()
	} else {
		ids = make([]uint32, 0, distinctSample)
		// One node at a pseudo-random rank in each of distinctSample
		// equal strata (a fixed stride would alias with periodic values).
		for i := uint64(0); i < distinctSample; i++ {
			jitter := splitmix(i) % total
			id, err := nodes.Select(uint32((i*total + jitter) / distinctSample))
			if err == nil {
				ids = append(ids, id)
			}
		}
	}
	seen := map[string]int{}
	var sk propSketch
	for _, id := range ids {
		sk.sampled++
		v, ok := prop(id)
		if !ok || value.IsNull(v) {
			continue
		}
		seen[value.Format(v)]++
		if str, ok := v.(value.String); ok && len(str) > sketchPrefix {
			v = str[:sketchPrefix] // bounds the sample's memory; a prefix orders nearly as the value
		}
		sk.values = append(sk.values, v)
		sk.ids = append(sk.ids, id)
	}
	sk.all = uint64(sk.sampled) == total
	if sk.sampled == 0 {
		return sk
	}
	once, more := 0.0, 0.0
	for _, n := range seen {
		if n == 1 {
			once++
		} else {
			more++
		}
	}
	scale := 1.0
	if uint64(sk.sampled) < total {
		scale = float64(total) / float64(sk.sampled)
	}
	d := once*math.Sqrt(scale) + more
	if once == float64(sk.sampled) {
		d = float64(total) // every value sampled is unique: a key
	}
	sk.distinct = max(d, 1)
	return sk
}

// Labels, Types and PropKeys list the graph's dictionaries (planner.Catalog).
func (s statsView) Labels() []string   { return s.r.Labels() }
func (s statsView) Types() []string    { return s.r.Types() }
func (s statsView) PropKeys() []string { return s.r.PropKeys() }

// PropertyHolding implements planner.Catalog; see catalog.go.
func (s statsView) PropertyHolding(rel bool, v string) (string, string, bool) {
	return propertyHolding(s.r, rel, v)
}

// Degrees implements planner.Stats from the store's degree histograms.
func (s *statsView) Degrees(typ string, out bool) (planner.DegreeStats, bool) {
	k := storage.DegreeKey{Type: storage.AnyType, Dir: storage.In}
	if out {
		k.Dir = storage.Out
	}
	if typ != "" {
		id, ok := s.r.TypeID(typ)
		if !ok {
			return planner.DegreeStats{}, true // no such relationships
		}
		k.Type = id
	}
	d, ok := s.all().Degrees[k]
	// The degrees' sum is the type's relationship count: its class is
	// what a reuse checks (statsreads.go).
	s.record(readRel, typ, "", "", d.Sum)
	if !ok {
		// No node has such a relationship.
		return planner.DegreeStats{}, s.r.NodeCount() > 0
	}
	return planner.DegreeStats{Sum: d.Sum, SumSq: d.SumSq, Max: float64(d.Max)}, true
}

// seekDegreeNodes bounds the nodes SeekDegree reads.
const seekDegreeNodes = 64

// SeekDegree implements planner.Stats: the nodes' adjacency gives their
// degrees. An index over (label, key) finds the nodes; without one, the
// store's nodes of highest degree (storage.TopDegree) with the value do
// (see topDegree), else the property's sample (see sketch) does: exactly
// when it holds every node of the label, else the sampled nodes with the
// value stand for all of them (unknown when the sample has none: a rare
// value).
func (s *statsView) SeekDegree(label, key string, v value.Value, typ string, out bool) float64 {
	if value.IsNull(v) {
		return -1
	}
	if _, ok := s.index(label, key); !ok {
		if d, ok := s.topDegree(label, key, v, typ, out); ok {
			return d
		}
		return s.sampleDegree(label, key, v, typ, out)
	}
	l, _ := s.r.LabelID(label)
	k, _ := s.r.PropKeyID(key)
	return s.meanDegree(s.r.IndexSeek(l, k, v), typ, out)
}

// topDegree is SeekDegree from the store's nodes of highest degree of
// (label, typ, direction): the listed nodes with value v count with
// their degree as it is now (their key as kept with the list, or read
// from the graph for at most seekDegreeNodes of them), the other nodes
// the value statistics estimate to hold v with the least listed degree
// at most (the mean degree when lower). When no listed node has v, the value's nodes have
// degree 0 if the list holds every node with such relationships, and are
// unknown otherwise (ok false).
func (s *statsView) topDegree(label, key string, v value.Value, typ string, out bool) (float64, bool) {
	ps, ok := s.persisted(label, key)
	if !ok {
		return 0, false
	}
	l := uint32(storage.AnyLabel)
	if label != "" {
		l, _ = s.r.LabelID(label)
	}
	k, _ := s.r.PropKeyID(key)
	t := uint32(storage.AnyType)
	if typ != "" {
		id, ok := s.r.TypeID(typ)
		if !ok {
			return 0, true
		}
		t = id
	}
	dir := storage.In
	if out {
		dir = storage.Out
	}
	top, ok := s.r.TopDegree(l, t, dir)
	if !ok {
		return 0, false
	}
	sum, m := 0.0, 0.0
	reads, complete := 0, true
	for _, n := range top {
		x, ok, known := n.Prop(k)
		if !known {
			// A node whose properties were too large to keep:
			// read from the graph, seekDegreeNodes at most.
			if reads == seekDegreeNodes {
				complete = false
				continue
			}
			reads++
			x, ok = s.r.NodeProp(n.Node, k)
		}
		if ok && value.Equal(x, v) == value.True {
			sum += float64(s.r.Degree(n.Node, dir, t))
			m++
		}
	}
	if m == 0 {
		return 0, complete && len(top) < storage.TopDegreeNodes
	}
	rest := max(ps.EqualRows(v)-m, 0)
	if rest > 0 {
		least := float64(top[len(top)-1].Degree)
		if d, ok := s.all().Degrees[storage.DegreeKey{Type: t, Dir: dir}]; ok {
			least = min(least, d.Avg)
		}
		sum += rest * least
	}
	return sum / (m + rest), true
}

// sampleDegree is SeekDegree from the sample of (label, key).
func (s *statsView) sampleDegree(label, key string, v value.Value, typ string, out bool) float64 {
	if str, ok := v.(value.String); ok && len(str) > sketchPrefix {
		return -1 // the sample keeps a prefix of long strings only
	}
	sk := s.sketch(label, key)
	if sk == nil {
		return -1
	}
	nodes := roaring.New()
	for i, x := range sk.values {
		if value.Equal(x, v) == value.True {
			nodes.Add(sk.ids[i])
			if !sk.all && nodes.GetCardinality() == seekDegreeNodes {
				break // enough stand-ins
			}
		}
	}
	if nodes.IsEmpty() && !sk.all {
		return -1
	}
	return s.meanDegree(nodes, typ, out)
}

// meanDegree is the mean degree (relationships of type typ, "" for any,
// in direction out or in) of nodes: 0 for none, negative when there are
// more than seekDegreeNodes to read.
func (s *statsView) meanDegree(nodes *roaring.Bitmap, typ string, out bool) float64 {
	t := uint32(storage.AnyType)
	if typ != "" {
		id, ok := s.r.TypeID(typ)
		if !ok {
			return 0
		}
		t = id
	}
	dir := storage.In
	if out {
		dir = storage.Out
	}
	n := nodes.GetCardinality()
	if n == 0 {
		return 0
	}
	if n > seekDegreeNodes {
		return -1
	}
	sum := 0
	for it := nodes.Iterator(); it.HasNext(); {
		sum += s.r.Degree(it.Next(), dir, t)
	}
	return float64(sum) / float64(n)
}

var _ planner.KeyStats = (*statsView)(nil)

// UniqueKey implements planner.KeyStats: a uniqueness constraint (or node
// key) covers (label, key), or the index over (label, key) holds as many
// distinct values as entries in the version the view reads (a snapshot,
// or a transaction's own state, whose index its writes keep current). The
// index's counts are exact: equal values, 1 and 1.0 alike, are one
// distinct value, and nulls are not indexed. The answer is recorded as a
// count the plan read (1 or 0), so a cached plan that relied on it is
// planned again once a write adds a duplicate. (The statement's own
// writes come after its plan: a statement that writes uses no key, see
// planner/unique_keys.go.)
func (s *statsView) UniqueKey(label, key string) bool {
	u := s.uniqueKey(label, key)
	n := 0.0
	if u {
		n = 1
	}
	s.record(readUnique, label, key, "", n)
	return u
}

func (s *statsView) uniqueKey(label, key string) bool {
	ix, ok := s.index(label, key)
	if !ok {
		return false
	}
	return ix.Unique || ix.Distinct == ix.Entries
}
