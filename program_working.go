package cyq

import (
	"fmt"
	"sort"

	"github.com/RoaringBitmap/roaring/v2"
)

// WNode is a node of a GraphProgram working graph, as programs return it.
type WNode struct {
	ConceptID   string         `json:"concept_id"`
	Label       string         `json:"label"`
	Labels      []string       `json:"labels"`
	Ontology    string         `json:"ontology,omitempty"`
	Description string         `json:"description,omitempty"`
	Properties  map[string]any `json:"properties"`

	id  uint32 // engine node id (or a synthetic id, see WorkingGraph.synth)
	key any    // the key value bound in $W_IDS
}

// WLink is a link of a working graph, identified by (from_id,
// relationship_type, to_id).
type WLink struct {
	FromID           string         `json:"from_id"`
	ToID             string         `json:"to_id"`
	RelationshipType string         `json:"relationship_type"`
	Properties       map[string]any `json:"properties"`

	from, to uint32
}

type linkKey struct {
	from, to uint32
	typ      string
}

// WorkingGraph is a GraphProgram's working graph W: a roaring bitmap of
// engine node ids with each node's payload, and a set of links between
// them. The operators are bitmap algebra on the node set, with the link set
// filtered by it. The zero value is not usable; use NewWorkingGraph.
type WorkingGraph struct {
	nodes *roaring.Bitmap
	data  map[uint32]*WNode
	links map[linkKey]*WLink
	// synth maps the keys of synthetic nodes (endpoint results that are not
	// graph nodes, such as vocab:<TYPE>) to ids allocated downward from
	// the top of the id space, far from the engine's dense ids.
	synth map[string]uint32
}

// NewWorkingGraph returns an empty working graph.
func NewWorkingGraph() *WorkingGraph {
	return &WorkingGraph{nodes: roaring.New(), data: map[uint32]*WNode{}, links: map[linkKey]*WLink{}, synth: map[string]uint32{}}
}

// NodeCount returns the number of nodes.
func (w *WorkingGraph) NodeCount() int { return int(w.nodes.GetCardinality()) }

// LinkCount returns the number of links.
func (w *WorkingGraph) LinkCount() int { return len(w.links) }

// Empty reports whether W has neither nodes nor links.
func (w *WorkingGraph) Empty() bool { return w.nodes.IsEmpty() && len(w.links) == 0 }

// Nodes returns the nodes in engine id order.
func (w *WorkingGraph) Nodes() []WNode {
	out := make([]WNode, 0, w.nodes.GetCardinality())
	it := w.nodes.Iterator()
	for it.HasNext() {
		out = append(out, *w.data[it.Next()])
	}
	return out
}

// Links returns the links ordered by (from_id, relationship_type, to_id).
func (w *WorkingGraph) Links() []WLink {
	out := make([]WLink, 0, len(w.links))
	for _, l := range w.links {
		out = append(out, *l)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.FromID != b.FromID {
			return a.FromID < b.FromID
		}
		if a.RelationshipType != b.RelationshipType {
			return a.RelationshipType < b.RelationshipType
		}
		return a.ToID < b.ToID
	})
	return out
}

// Keys returns the node keys, as bound to $W_IDS.
func (w *WorkingGraph) Keys() []any {
	out := make([]any, 0, w.nodes.GetCardinality())
	it := w.nodes.Iterator()
	for it.HasNext() {
		out = append(out, w.data[it.Next()].key)
	}
	return out
}

// Clone returns a deep copy of the node set and link set (payloads are
// shared: they are never modified).
func (w *WorkingGraph) Clone() *WorkingGraph {
	c := NewWorkingGraph()
	c.nodes = w.nodes.Clone()
	for k, v := range w.data {
		c.data[k] = v
	}
	for k, v := range w.links {
		c.links[k] = v
	}
	for k, v := range w.synth {
		c.synth[k] = v
	}
	return c
}

func (w *WorkingGraph) addNode(n *WNode) {
	if w.nodes.CheckedAdd(n.id) {
		w.data[n.id] = n
	}
}

func (w *WorkingGraph) addLink(l *WLink) {
	k := linkKey{l.from, l.to, l.RelationshipType}
	if _, ok := w.links[k]; !ok {
		w.links[k] = l
	}
}

// synthID returns the id of the synthetic node with the given key.
func (w *WorkingGraph) synthID(key string) uint32 {
	if id, ok := w.synth[key]; ok {
		return id
	}
	id := ^uint32(0) - uint32(len(w.synth))
	w.synth[key] = id
	return id
}

// apply merges R into W with the operator op and reports the nodes and
// links added or removed. W's copy of a node or link wins on collisions.
// abort is true for "!" with an empty R.
func (w *WorkingGraph) apply(op string, r *WorkingGraph) (nodes, links int, abort bool) {
	before := len(w.links)
	switch op {
	case "?":
		if r.Empty() {
			return 0, 0, false
		}
		return w.union(r)
	case "!":
		if r.Empty() {
			return 0, 0, true
		}
		return w.union(r)
	case "+":
		return w.union(r)
	case "-":
		gone := roaring.And(w.nodes, r.nodes)
		w.nodes.AndNot(r.nodes)
		w.dropData(gone)
		w.prune()
		return int(gone.GetCardinality()), before - len(w.links), false
	case "&":
		gone := roaring.AndNot(w.nodes, r.nodes)
		w.nodes.And(r.nodes)
		w.dropData(gone)
		w.prune()
		return int(gone.GetCardinality()), before - len(w.links), false
	}
	panic(fmt.Sprintf("cyq: unknown GraphProgram operator %q", op))
}

func (w *WorkingGraph) union(r *WorkingGraph) (nodes, links int, abort bool) {
	added := roaring.AndNot(r.nodes, w.nodes)
	w.nodes.Or(added)
	it := added.Iterator()
	for it.HasNext() {
		id := it.Next()
		w.data[id] = r.data[id]
	}
	for k, l := range r.links {
		if _, ok := w.links[k]; !ok {
			w.links[k] = l
			links++
		}
	}
	for k, id := range r.synth {
		w.synth[k] = id
	}
	return int(added.GetCardinality()), links, false
}

func (w *WorkingGraph) dropData(gone *roaring.Bitmap) {
	it := gone.Iterator()
	for it.HasNext() {
		delete(w.data, it.Next())
	}
}

// prune drops the links with an end outside the node set.
func (w *WorkingGraph) prune() {
	for k := range w.links {
		if !w.nodes.Contains(k.from) || !w.nodes.Contains(k.to) {
			delete(w.links, k)
		}
	}
}

// CheckInvariants reports a broken invariant: a link with an end outside
// the node set (a dangling link), or a node without its payload.
func (w *WorkingGraph) CheckInvariants() error {
	for k, l := range w.links {
		if !w.nodes.Contains(k.from) || !w.nodes.Contains(k.to) {
			return fmt.Errorf("dangling link %s -[%s]-> %s", l.FromID, l.RelationshipType, l.ToID)
		}
	}
	if uint64(len(w.data)) != w.nodes.GetCardinality() {
		return fmt.Errorf("the working graph has %d nodes but %d payloads", w.nodes.GetCardinality(), len(w.data))
	}
	it := w.nodes.Iterator()
	for it.HasNext() {
		if _, ok := w.data[it.Next()]; !ok {
			return fmt.Errorf("a node of the working graph has no payload")
		}
	}
	return nil
}

// GraphJSON is a working graph as programs return it.
type GraphJSON struct {
	Nodes []WNode `json:"nodes"`
	Links []WLink `json:"links"`
}

// JSON returns W's nodes and links.
func (w *WorkingGraph) JSON() GraphJSON { return GraphJSON{Nodes: w.Nodes(), Links: w.Links()} }
