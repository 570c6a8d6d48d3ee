package vm

import (
	"fmt"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/value"
)

// LinkKey identifies a link of a working graph: (from, type, to). Parallel
// relationships of one type between two nodes are one link.
type LinkKey struct {
	From, To uint32
	Type     string
}

// NoRel stands for a link that no stored relationship backs (a synthetic
// link of an endpoint result).
const NoRel = ^uint64(0)

// Working is a GraphProgram working graph as the VM holds it: a node set
// and a link set. Each link remembers the relationship that first brought
// it (the working graph's copy wins on collisions).
type Working struct {
	NodeSet *roaring.Bitmap
	LinkSet map[LinkKey]uint64
}

// NewWorking returns an empty working graph.
func NewWorking() *Working {
	return &Working{NodeSet: roaring.New(), LinkSet: map[LinkKey]uint64{}}
}

// Clone returns a copy sharing nothing with w.
func (w *Working) Clone() *Working {
	c := &Working{NodeSet: w.NodeSet.Clone(), LinkSet: make(map[LinkKey]uint64, len(w.LinkSet))}
	for k, v := range w.LinkSet {
		c.LinkSet[k] = v
	}
	return c
}

// Empty reports whether w has neither nodes nor links.
func (w *Working) Empty() bool { return w.NodeSet.IsEmpty() && len(w.LinkSet) == 0 }

// AddNode adds a node.
func (w *Working) AddNode(id uint32) { w.NodeSet.Add(id) }

// AddLink adds a link and its two end nodes; an existing link keeps its
// relationship.
func (w *Working) AddLink(k LinkKey, rel uint64) {
	w.NodeSet.Add(k.From)
	w.NodeSet.Add(k.To)
	if _, ok := w.LinkSet[k]; !ok {
		w.LinkSet[k] = rel
	}
}

// Working-graph operators: the statement operators of GraphProgram.
const (
	WorkingUnion     = '+' // W gains R's nodes and links
	WorkingSubtract  = '-' // W loses the nodes in R and every link touching them
	WorkingIntersect = '&' // W keeps only the nodes in R (and the links among them)
	WorkingOptional  = '?' // '+' when R has a node or link, else nothing
	WorkingAssert    = '!' // '+' when R is non-empty, else the program aborts
)

// Apply merges r into w with the operator op and reports the nodes and
// links added or removed. abort is true for '!' with an empty r.
func (w *Working) Apply(op byte, r *Working) (nodes, links int, abort bool, err error) {
	before := len(w.LinkSet)
	switch op {
	case WorkingOptional:
		if r.Empty() {
			return 0, 0, false, nil
		}
		nodes, links = w.union(r)
	case WorkingAssert:
		if r.Empty() {
			return 0, 0, true, nil
		}
		nodes, links = w.union(r)
	case WorkingUnion:
		nodes, links = w.union(r)
	case WorkingSubtract:
		gone := roaring.And(w.NodeSet, r.NodeSet)
		w.NodeSet.AndNot(r.NodeSet)
		w.prune()
		nodes, links = int(gone.GetCardinality()), before-len(w.LinkSet)
	case WorkingIntersect:
		gone := roaring.AndNot(w.NodeSet, r.NodeSet)
		w.NodeSet.And(r.NodeSet)
		w.prune()
		nodes, links = int(gone.GetCardinality()), before-len(w.LinkSet)
	default:
		return 0, 0, false, fmt.Errorf("unknown working-graph operator %q", op)
	}
	return nodes, links, false, w.Check()
}

func (w *Working) union(r *Working) (nodes, links int) {
	before := w.NodeSet.GetCardinality()
	w.NodeSet.Or(r.NodeSet)
	for k, rel := range r.LinkSet {
		if _, ok := w.LinkSet[k]; !ok {
			w.LinkSet[k] = rel
			links++
		}
	}
	return int(w.NodeSet.GetCardinality() - before), links
}

// prune drops the links with an end outside the node set.
func (w *Working) prune() {
	for k := range w.LinkSet {
		if !w.NodeSet.Contains(k.From) || !w.NodeSet.Contains(k.To) {
			delete(w.LinkSet, k)
		}
	}
}

// Check reports a dangling link (an end outside the node set).
func (w *Working) Check() error {
	for k := range w.LinkSet {
		if !w.NodeSet.Contains(k.From) || !w.NodeSet.Contains(k.To) {
			return fmt.Errorf("dangling link %d -[%s]-> %d", k.From, k.Type, k.To)
		}
	}
	return nil
}

// WorkingRun is the state of one GraphProgram statement running in the VM
// (Ctx.Working): the working graph W, the statement's result R that the
// collect instructions fill, and what the statement's W operator did.
type WorkingRun struct {
	W, R *Working
	// Limit bounds the nodes collected into R (0: no bound): the
	// statement's result is a set of nodes, so the bound counts them, not
	// the rows (paths) that bring them. Truncated reports that a node was
	// left out; the rows after it are not read. Rows counts the rows read.
	Limit     int
	Rows      int
	Truncated bool
	// Seek returns the nodes W's key list names: by the graph's key
	// property (byKey) or by element id. Nil means W's node set.
	Seek func(byKey bool) *roaring.Bitmap
	// Set by OpWorkingApply.
	NodesAffected, LinksAffected int
	Aborted                      bool
}

func (wr *WorkingRun) seek(byKey bool) *roaring.Bitmap {
	if wr.Seek == nil {
		return wr.W.NodeSet.Clone()
	}
	return wr.Seek(byKey)
}

// addNode adds node id to R unless R is at its limit without it; a node
// left out truncates R.
func (wr *WorkingRun) addNode(id uint32) {
	if wr.Limit <= 0 {
		wr.R.AddNode(id)
		return
	}
	if wr.R.NodeSet.Contains(id) {
		return
	}
	if wr.R.NodeSet.GetCardinality() >= uint64(wr.Limit) {
		wr.Truncated = true
		return
	}
	wr.R.AddNode(id)
}

// addSet adds the nodes of s to R as addNode does one by one (in id
// order, so a limit keeps the same nodes), each counted as a row read.
func (wr *WorkingRun) addSet(s *roaring.Bitmap) {
	if wr.Truncated {
		return
	}
	if wr.Limit <= 0 || wr.R.NodeSet.GetCardinality()+s.GetCardinality() <= uint64(wr.Limit) {
		wr.Rows += int(s.GetCardinality())
		wr.R.NodeSet.Or(s)
		return
	}
	fresh := roaring.AndNot(s, wr.R.NodeSet)
	room := uint64(wr.Limit) - min(wr.R.NodeSet.GetCardinality(), uint64(wr.Limit))
	if fresh.GetCardinality() <= room {
		wr.Rows += int(s.GetCardinality())
		wr.R.NodeSet.Or(fresh)
		return
	}
	// The first room new nodes fit; the next one is left out.
	it := fresh.Iterator()
	for it.HasNext() && !wr.Truncated {
		wr.Rows++
		wr.addNode(it.Next())
	}
}

// collectValue adds every node, relationship and path in v (searching
// lists and maps) to R.
func (m *Machine) collectValue(v value.Value) {
	wr := m.ctx.Working
	value.Entities(v, func(n value.Node) { wr.addNode(n.ID) }, func(rl value.Rel) { m.collectRel(rl.ID) })
}

func (m *Machine) collectRel(id uint64) {
	if id == NullID {
		return
	}
	start, end, typ, ok := m.ctx.Graph.Rel(id)
	if !ok {
		return
	}
	wr := m.ctx.Working
	// A link brings its end nodes: it joins R only when both may.
	if wr.Limit > 0 {
		nodes := wr.R.NodeSet
		added := uint64(0)
		if !nodes.Contains(start) {
			added++
		}
		if end != start && !nodes.Contains(end) {
			added++
		}
		if added > 0 && nodes.GetCardinality()+added > uint64(wr.Limit) {
			wr.Truncated = true
			return
		}
	}
	wr.R.AddLink(LinkKey{From: start, To: end, Type: m.ctx.Graph.TypeName(typ)}, id)
}

// workingApply runs W = W op R.
func (m *Machine) workingApply(op byte) error {
	wr := m.ctx.Working
	n, l, abort, err := wr.W.Apply(op, wr.R)
	if err != nil {
		return err
	}
	wr.NodesAffected, wr.LinksAffected, wr.Aborted = n, l, abort
	return nil
}

// SetWorking makes the machine run a GraphProgram statement: the collect
// instructions fill wr.R and OpWorkingApply merges it into wr.W.
func (m *Machine) SetWorking(wr *WorkingRun) { m.ctx.Working = wr }
