package search

import (
	"encoding/binary"
	"errors"
)

// This file holds the persisted forms of the indexes (see the storage
// package's image_search.go for the file around them).

// VectorsFrom returns a published store holding n vectors: ids[i] is the
// node of slot i, norm2[i] its squared norm and data[i*dim:(i+1)*dim] the
// vector, as stored (normalised for cosine). The arrays are used in place
// and never written: they may be a read-only mapping. Nodes must be
// distinct.
func VectorsFrom(dim int, sim Similarity, ids []uint32, norm2, data []float32) (*Vectors, error) {
	n := len(ids)
	if dim < 1 || len(norm2) != n || len(data) != n*dim {
		return nil, errors.New("vector arrays disagree with their count")
	}
	v := NewVectors(dim, sim)
	v.frozen, v.nf = data[:len(data):len(data)], n
	v.ids, v.norm2 = ids[:n:n], norm2[:n:n]
	base := make(map[uint32]int32, n)
	for s, id := range ids {
		base[id] = int32(s)
	}
	if len(base) != n {
		return nil, errors.New("vector arrays hold a node twice")
	}
	v.slot = &cowMap[uint32, int32]{base: base, n: n}
	v.Publish()
	return v, nil
}

// InPlace reports whether some of v's vectors are read in place from a
// persisted section (VectorsFrom), edited since or not; false once Compact
// has copied the live ones to the heap.
func (v *Vectors) InPlace() bool { return v.nf > 0 }

// Live calls fn for every live vector in slot order, with its node,
// squared norm and stored vector (not to be kept or changed).
func (v *Vectors) Live(fn func(node uint32, norm2 float32, x []float32)) {
	dead := !v.dead.IsEmpty()
	for s, id := range v.ids {
		if dead && v.dead.Contains(uint32(s)) {
			continue
		}
		fn(id, v.norm2[s], v.at(s))
	}
}

type reader struct {
	b   []byte
	err error
}

func (r *reader) uvarint() uint64 {
	x, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err, r.b = errBadStored, nil
		return 0
	}
	r.b = r.b[n:]
	return x
}

func (r *reader) varint() int64 {
	x, n := binary.Varint(r.b)
	if n <= 0 {
		r.err, r.b = errBadStored, nil
		return 0
	}
	r.b = r.b[n:]
	return x
}

// count reads a count that cannot exceed the bytes left (each counted
// item takes at least one byte), so a damaged count allocates nothing huge.
func (r *reader) count() int {
	n := r.uvarint()
	if n > uint64(len(r.b)) {
		r.err, r.b = errBadStored, nil
		return 0
	}
	return int(n)
}
