package program

import (
	"fmt"
	"sort"

	"github.com/cyqdb/cyq/vm"
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
	rel      uint64 // the relationship that brought the link (vm.NoRel: none)
}

// WorkingGraph is a GraphProgram's working graph W: the VM's node set and
// link set (vm.Working: the operators are bitmap algebra there) with each
// node's and link's payload as programs return it. The sets are the
// graph: statements change them as bitmaps of ids, and a payload is read
// from the store only when something reads it (the program's result, a
// test of ontologies, W's key list), by fill. The zero value is not
// usable; use NewWorkingGraph.
type WorkingGraph struct {
	ws *vm.Working
	// data and links hold the payloads read so far: of members only, not
	// necessarily of every member (see fill).
	data  map[uint32]*WNode
	links map[vm.LinkKey]*WLink
	// load reads the payloads of graph nodes and relationships from the
	// store (nil: every payload is present, as in a graph built from
	// materialised rows).
	load loader
	// synth maps the keys of synthetic nodes (endpoint results that are not
	// graph nodes, such as vocab:<TYPE>) to ids allocated downward from
	// the top of the id space, far from the engine's dense ids.
	synth map[string]uint32
}

// NewWorkingGraph returns an empty working graph.
func NewWorkingGraph() *WorkingGraph {
	return &WorkingGraph{ws: vm.NewWorking(), data: map[uint32]*WNode{}, links: map[vm.LinkKey]*WLink{}, synth: map[string]uint32{}}
}

// loader opens a read view of the graph and calls fill with its payloads.
type loader func(fill func(payloads))

// fill reads the payloads W lacks.
func (w *WorkingGraph) fill() {
	if w.load == nil || w.complete() {
		return
	}
	w.load(func(src payloads) { w.sync(nil, src) })
}

// complete reports whether every member has its payload.
func (w *WorkingGraph) complete() bool {
	return uint64(len(w.data)) == w.ws.NodeSet.GetCardinality() && len(w.links) == len(w.ws.LinkSet)
}

// NodeCount returns the number of nodes.
func (w *WorkingGraph) NodeCount() int { return int(w.ws.NodeSet.GetCardinality()) }

// LinkCount returns the number of links.
func (w *WorkingGraph) LinkCount() int { return len(w.ws.LinkSet) }

// Empty reports whether W has neither nodes nor links.
func (w *WorkingGraph) Empty() bool { return w.ws.Empty() }

// Nodes returns the nodes in engine id order.
func (w *WorkingGraph) Nodes() []WNode {
	w.fill()
	out := make([]WNode, 0, w.ws.NodeSet.GetCardinality())
	it := w.ws.NodeSet.Iterator()
	for it.HasNext() {
		out = append(out, *w.data[it.Next()])
	}
	return out
}

// Links returns the links ordered by (from_id, relationship_type, to_id).
func (w *WorkingGraph) Links() []WLink {
	w.fill()
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
	w.fill()
	out := make([]any, 0, w.ws.NodeSet.GetCardinality())
	it := w.ws.NodeSet.Iterator()
	for it.HasNext() {
		out = append(out, w.data[it.Next()].key)
	}
	return out
}

// Clone returns a deep copy of the node set and link set (payloads are
// shared: they are never modified).
func (w *WorkingGraph) Clone() *WorkingGraph {
	c := &WorkingGraph{ws: w.ws.Clone(), load: w.load, data: make(map[uint32]*WNode, len(w.data)), links: make(map[vm.LinkKey]*WLink, len(w.links)), synth: make(map[string]uint32, len(w.synth))}
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
	if w.ws.NodeSet.CheckedAdd(n.id) {
		w.data[n.id] = n
	}
}

// addLink adds a link whose end nodes are (or will be) in w.
func (w *WorkingGraph) addLink(l *WLink) {
	k := vm.LinkKey{From: l.from, To: l.to, Type: l.RelationshipType}
	if _, ok := w.ws.LinkSet[k]; !ok {
		w.ws.LinkSet[k] = l.rel
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

// apply merges R into W with the operator op (bitmap algebra on the VM's
// working graph) and reports the nodes and links added or removed. W's
// copy of a node or link wins on collisions. abort is true for "!" with an
// empty R.
func (w *WorkingGraph) apply(op string, r *WorkingGraph) (nodes, links int, abort bool) {
	if len(op) != 1 {
		panic(fmt.Sprintf("cyq: unknown GraphProgram operator %q", op))
	}
	nodes, links, abort, err := w.ws.Apply(op[0], r.ws)
	if err != nil {
		panic(fmt.Sprintf("cyq: %v", err))
	}
	for k, id := range r.synth {
		w.synth[k] = id
	}
	w.sync(r, nil)
	return nodes, links, abort
}

// payloads materialises the payloads of graph nodes and relationships.
type payloads interface {
	node(id uint32) *WNode
	relProps(id uint64) map[string]any
}

// sync makes the payloads follow the node and link sets after the VM
// changed them: payloads of new members come from r when it has them, else
// from the graph (src; nil leaves them to fill); those of members that
// left are dropped.
func (w *WorkingGraph) sync(r *WorkingGraph, src payloads) {
	for id := range w.data {
		if !w.ws.NodeSet.Contains(id) {
			delete(w.data, id)
		}
	}
	if uint64(len(w.data)) != w.ws.NodeSet.GetCardinality() && (r != nil || src != nil) {
		it := w.ws.NodeSet.Iterator()
		for it.HasNext() {
			id := it.Next()
			if _, ok := w.data[id]; ok {
				continue
			}
			if r != nil {
				if n, ok := r.data[id]; ok {
					w.data[id] = n
					continue
				}
			}
			if src != nil {
				w.data[id] = src.node(id)
			}
		}
	}
	for k := range w.links {
		if _, ok := w.ws.LinkSet[k]; !ok {
			delete(w.links, k)
		}
	}
	if len(w.links) != len(w.ws.LinkSet) && (r != nil || src != nil) {
		for k, rel := range w.ws.LinkSet {
			if _, ok := w.links[k]; ok {
				continue
			}
			if r != nil {
				if l, ok := r.links[k]; ok {
					w.links[k] = l
					continue
				}
			}
			if src == nil {
				continue
			}
			l := &WLink{RelationshipType: k.Type, Properties: map[string]any{}, from: k.From, to: k.To, rel: rel}
			if rel != vm.NoRel {
				l.Properties = src.relProps(rel)
			}
			if from, ok := w.data[k.From]; ok {
				l.FromID = from.ConceptID
			}
			if to, ok := w.data[k.To]; ok {
				l.ToID = to.ConceptID
			}
			w.links[k] = l
		}
	}
}

// CheckInvariants reports a broken invariant: a link with an end outside
// the node set (a dangling link), a payload of a node or link that is not
// a member, or, when W cannot read payloads from the store, a member
// without its payload.
func (w *WorkingGraph) CheckInvariants() error {
	if err := w.ws.Check(); err != nil {
		return err
	}
	for id := range w.data {
		if !w.ws.NodeSet.Contains(id) {
			return fmt.Errorf("node %d has a payload but is not in the working graph", id)
		}
	}
	for k := range w.links {
		if _, ok := w.ws.LinkSet[k]; !ok {
			return fmt.Errorf("link %d -[%s]-> %d has a payload but is not in the working graph", k.From, k.Type, k.To)
		}
	}
	if w.load == nil && !w.complete() {
		return fmt.Errorf("the working graph has %d nodes and %d links but %d and %d payloads", w.ws.NodeSet.GetCardinality(), len(w.ws.LinkSet), len(w.data), len(w.links))
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
