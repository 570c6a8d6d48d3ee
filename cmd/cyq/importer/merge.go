package importer

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// merger is the state of a ModeMerge load. Everything goes through one
// transaction, so the load is atomic as a bulk load is. Nodes are matched
// by (label, id property): a row whose id is already on a node with the
// row's first label updates that node's properties (and adds the row's
// labels) instead of adding a node. A relationship is identified by
// (start, type, end): a row naming a triple already in the graph updates
// that relationship's properties, and a triple repeated within the load
// is added once (its first row wins).
type merger struct {
	tx   *storage.Tx
	snap *storage.Snapshot // the graph before the load
	sink *txSink

	index  map[indexKey]map[string]uint32 // (label, key) → id text → node, built on first use
	groups map[string]indexKey            // id group of a node file → its (label, id key)
	out    map[outKey]map[uint32]uint64   // (start, type) → end → relationship, in the graph
	seen   map[relKey]bool                // triples added by this load
	nodes  int                            // node rows matched to existing nodes
	rels   int                            // relationship rows matched to existing ones
	again  int                            // relationship rows repeating a triple of the load
}

type indexKey struct{ label, key string }

type outKey struct{ start, typ uint32 }

type relKey struct{ start, typ, end uint32 }

func newMerger(tx *storage.Tx, snap *storage.Snapshot) *merger {
	return &merger{tx: tx, snap: snap, sink: &txSink{tx: tx}, index: map[indexKey]map[string]uint32{}, groups: map[string]indexKey{},
		out: map[outKey]map[uint32]uint64{}, seen: map[relKey]bool{}}
}

func (m *merger) commit() error {
	if m.sink.err != nil {
		return m.sink.err
	}
	return m.tx.Commit()
}

// idText is the text an id value is matched by: the integer 5 and the
// string "5" are the same id.
func idText(v value.Value) string {
	switch x := v.(type) {
	case value.String:
		return string(x)
	case value.Int:
		return strconv.FormatInt(int64(x), 10)
	}
	return value.Format(v)
}

// find returns the node of the graph that has label and property key equal
// to id (as text). Two such nodes make the merge ambiguous: an error.
func (m *merger) find(label, key, id string) (uint32, bool, error) {
	k := indexKey{label, key}
	ix, ok := m.index[k]
	if !ok {
		ix = map[string]uint32{}
		var dup error
		lid, ok1 := m.snap.LabelID(label)
		kid, ok2 := m.snap.PropKeyID(key)
		if ok1 && ok2 {
			it := m.snap.NodesWithLabel(lid).Iterator()
			for it.HasNext() {
				n := it.Next()
				v, ok := m.snap.NodeProp(n, kid)
				if !ok {
					continue
				}
				t := idText(v)
				if _, twice := ix[t]; twice && dup == nil {
					dup = fmt.Errorf("cannot merge: the graph holds more than one :%s node with %s %s (merge needs ids that are unique per label)", label, key, value.Format(v))
				}
				ix[t] = n
			}
		}
		if dup != nil {
			return 0, false, dup
		}
		m.index[k] = ix
	}
	n, ok := ix[id]
	return n, ok, nil
}

// lookup resolves a relationship end that no row of the load names: among
// the existing nodes of the id group's node file (its label and id
// property), or for anyGroup of every node file's. n is how many nodes
// match (only 1 resolves it).
func (m *merger) lookup(group, id string) (node uint32, n int, err error) {
	for g, k := range m.groups {
		if g != group && group != anyGroup {
			continue
		}
		found, ok, err := m.find(k.label, k.key, id)
		if err != nil {
			return 0, 0, err
		}
		if ok {
			node, n = found, n+1
		}
	}
	return node, n, nil
}

// update sets the row's properties and labels on an existing node.
func (m *merger) update(node uint32, labels []uint32, props map[uint32]value.Value) error {
	for _, l := range labels {
		if err := m.tx.AddLabel(node, l); err != nil {
			return err
		}
	}
	for k, v := range props {
		if err := m.tx.SetNodeProp(node, k, v); err != nil {
			return err
		}
	}
	return nil
}

// rel handles a relationship row: done is set when the triple was already
// there (its properties are then updated) or added earlier in this load.
func (m *merger) rel(a, z, t uint32, props map[uint32]value.Value) (done bool, err error) {
	k := relKey{a, t, z}
	if m.seen[k] {
		m.again++
		return true, nil
	}
	if m.snap.NodeExists(a) && m.snap.NodeExists(z) {
		if id, ok := m.existing(a, t, z); ok {
			m.rels++
			m.seen[k] = true
			for pk, v := range props {
				if err := m.tx.SetRelProp(id, pk, v); err != nil {
					return true, err
				}
			}
			return true, nil
		}
	}
	m.seen[k] = true
	return false, nil
}

// existing finds a relationship start-[typ]->end of the graph before the load.
func (m *merger) existing(start, typ, end uint32) (uint64, bool) {
	sid, ok := m.snap.TypeID(m.tx.TypeName(typ))
	if !ok {
		return 0, false
	}
	k := outKey{start, sid}
	ends, ok := m.out[k]
	if !ok {
		ends = map[uint32]uint64{}
		m.snap.Expand(start, storage.Out, sid, func(rel uint64, nbr, _ uint32) bool {
			if _, dup := ends[nbr]; !dup {
				ends[nbr] = rel
			}
			return true
		})
		m.out[k] = ends
	}
	id, ok := ends[end]
	return id, ok
}

// txSink adds a merge load's new nodes and relationships to its
// transaction. Dictionary lookups cannot fail in a BulkBuilder; here the
// first failure is kept and returned by the next write.
type txSink struct {
	tx  *storage.Tx
	err error
}

func (s *txSink) dict(f func(string) (uint32, error), name string) uint32 {
	id, err := f(name)
	if err != nil && s.err == nil {
		s.err = err
	}
	return id
}

func (s *txSink) LabelID(name string) uint32   { return s.dict(s.tx.LabelIDOrCreate, name) }
func (s *txSink) TypeID(name string) uint32    { return s.dict(s.tx.TypeIDOrCreate, name) }
func (s *txSink) PropKeyID(name string) uint32 { return s.dict(s.tx.PropKeyIDOrCreate, name) }

func (s *txSink) AddNode(labels []uint32, ps map[uint32]value.Value) (uint32, error) {
	if s.err != nil {
		return 0, s.err
	}
	return s.tx.CreateNode(labels, ps)
}

func (s *txSink) AddRel(start, end, typ uint32, ps map[uint32]value.Value) (uint64, error) {
	if s.err != nil {
		return 0, s.err
	}
	return s.tx.CreateRel(start, end, typ, ps)
}

var _ sink = (*txSink)(nil)
var _ sink = (*storage.BulkBuilder)(nil)

// errMergeNoID is returned for node files whose ids are not stored.
var errMergeNoID = errors.New("--mode merge matches nodes by their id property, but this file's id column has no name (write name:ID, e.g. id:ID(Person))")
