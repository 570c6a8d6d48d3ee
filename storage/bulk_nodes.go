package storage

import (
	"encoding/binary"

	"github.com/cyqdb/cyq/value"
)

// bulkNodes holds the nodes a bulk load adds in about 12 bytes per node
// plus their encoded properties, instead of a slice header and a
// property map of boxed values per node (over 100 bytes each): a label
// set id per node, the sets interned (a load has few distinct ones), and
// each node's properties encoded as in its record (appendProps) in one
// byte arena, where they end at propEnd. The pages, records and index
// entries made from them decode the properties one node at a time.
type bulkNodes struct {
	set     []uint32   // label set id of each node
	sets    [][]uint32 // label sets by id; 0 is the empty set
	setIDs  map[string]uint32
	key     []byte   // scratch: a label set as a map key
	propEnd []uint64 // end of each node's properties in data
	data    []byte
}

func newBulkNodes() bulkNodes {
	return bulkNodes{sets: [][]uint32{nil}, setIDs: map[string]uint32{"": 0}}
}

func (n *bulkNodes) len() int { return len(n.set) }

// grow makes room for k more nodes.
func (n *bulkNodes) grow(k int) {
	n.set = growCap(n.set, k)
	n.propEnd = growCap(n.propEnd, k)
}

func growCap[T any](s []T, k int) []T {
	if cap(s)-len(s) >= k {
		return s
	}
	t := make([]T, len(s), len(s)+k)
	copy(t, s)
	return t
}

// setID interns a label set (strictly increasing).
func (n *bulkNodes) setID(labels []uint32) uint32 {
	if len(labels) == 0 {
		return 0
	}
	n.key = n.key[:0]
	for _, l := range labels {
		n.key = binary.LittleEndian.AppendUint32(n.key, l)
	}
	if id, ok := n.setIDs[string(n.key)]; ok {
		return id
	}
	id := uint32(len(n.sets))
	n.sets = append(n.sets, labels)
	n.setIDs[string(n.key)] = id
	return id
}

// add adds a node with labels (strictly increasing; retained) and ps.
func (n *bulkNodes) add(labels []uint32, ps props) {
	n.set = append(n.set, n.setID(labels))
	if len(ps) > 0 {
		n.data = appendProps(n.data, ps)
	}
	n.propEnd = append(n.propEnd, uint64(len(n.data)))
}

// addN adds k nodes with the same labels and no properties.
func (n *bulkNodes) addN(k int, labels []uint32) {
	id := n.setID(labels)
	end := uint64(len(n.data))
	n.grow(k)
	for range k {
		n.set = append(n.set, id)
		n.propEnd = append(n.propEnd, end)
	}
}

// labels returns the label set of node i (shared: not to be modified).
func (n *bulkNodes) labels(i int) []uint32 { return n.sets[n.set[i]] }

// hasLabel reports whether node i has label l.
func (n *bulkNodes) hasLabel(i int, l uint32) bool {
	for _, x := range n.labels(i) {
		if x >= l {
			return x == l
		}
	}
	return false
}

// rawProps returns node i's properties as appendProps encodes them (empty
// when it has none).
func (n *bulkNodes) rawProps(i int) []byte {
	lo := uint64(0)
	if i > 0 {
		lo = n.propEnd[i-1]
	}
	return n.data[lo:n.propEnd[i]:n.propEnd[i]]
}

// props decodes node i's properties (nil when it has none).
func (n *bulkNodes) props(i int) props {
	raw := n.rawProps(i)
	if len(raw) == 0 {
		return nil
	}
	ps, _, err := decodeProps(raw)
	if err != nil {
		// The arena holds only what appendProps wrote.
		panic("storage: bulk node properties: " + err.Error())
	}
	return ps
}

// prop returns node i's property key, decoding only up to it.
func (n *bulkNodes) prop(i int, key uint32) (value.Value, bool) {
	b := n.rawProps(i)
	if len(b) == 0 {
		return nil, false
	}
	cnt, off := binary.Uvarint(b)
	for range cnt {
		k, m := binary.Uvarint(b[off:])
		off += m
		if k > uint64(key) {
			return nil, false
		}
		v, w, err := DecodeValue(b[off:])
		if err != nil {
			// The arena holds only what appendProps wrote.
			panic("storage: bulk node properties: " + err.Error())
		}
		if k == uint64(key) {
			return v, true
		}
		off += w
	}
	return nil, false
}

// appendRecord appends node i's record (appendNodeRecord).
func (n *bulkNodes) appendRecord(dst []byte, i int) []byte {
	ls := n.labels(i)
	dst = binary.AppendUvarint(dst, uint64(len(ls)))
	for _, l := range ls {
		dst = binary.AppendUvarint(dst, uint64(l))
	}
	if raw := n.rawProps(i); len(raw) > 0 {
		return append(dst, raw...)
	}
	return appendProps(dst, nil)
}
