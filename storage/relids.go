package storage

import "math"

// relIDs is an array of relationship ids, 32 bits each while every id
// fits (graphs of fewer than 2^32 relationships), else 64. Slices of it
// (slice) share the array, as Go slices do, and appends follow Go's
// append: they write past the length, or copy when the capacity is
// reached or the ids must widen.
type relIDs struct {
	narrow []uint32
	wide   []uint64 // non-nil: the ids are here and narrow is nil
}

func wideIDs(ids []uint64) relIDs { return relIDs{wide: ids} }

func (r relIDs) len() int {
	if r.wide != nil {
		return len(r.wide)
	}
	return len(r.narrow)
}

func (r relIDs) cap() int {
	if r.wide != nil {
		return cap(r.wide)
	}
	return cap(r.narrow)
}

// at returns id k.
func (r relIDs) at(k int) uint64 {
	if r.wide != nil {
		return r.wide[k]
	}
	return uint64(r.narrow[k])
}

// slice returns ids [lo, hi) with capacity hi-lo.
func (r relIDs) slice(lo, hi int) relIDs {
	if r.wide != nil {
		return relIDs{wide: r.wide[lo:hi:hi]}
	}
	return relIDs{narrow: r.narrow[lo:hi:hi]}
}

// uint64s returns ids [lo, hi) as 64-bit ids (a copy when narrow).
func (r relIDs) uint64s(lo, hi int) []uint64 {
	if r.wide != nil {
		return r.wide[lo:hi]
	}
	out := make([]uint64, hi-lo)
	for k, id := range r.narrow[lo:hi] {
		out[k] = uint64(id)
	}
	return out
}

// search returns the least k with at(k) >= id (len when none).
func (r relIDs) search(id uint64) int {
	lo, hi := 0, r.len()
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if r.at(m) < id {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// widened returns r in 64-bit form (a copy when narrow), with capacity c.
func (r relIDs) widened(c int) relIDs {
	if r.wide != nil {
		return r
	}
	w := make([]uint64, len(r.narrow), max(c, cap(r.narrow)))
	for k, id := range r.narrow {
		w[k] = uint64(id)
	}
	return relIDs{wide: w}
}

// set sets id k, widening the whole array (a copy) if it does not fit.
func (r *relIDs) set(k int, id uint64) {
	if r.wide == nil && id > math.MaxUint32 {
		*r = r.widened(0)
	}
	if r.wide != nil {
		r.wide[k] = id
	} else {
		r.narrow[k] = uint32(id)
	}
}

// add appends ids.
func (r *relIDs) add(ids ...uint64) {
	if r.wide == nil {
		for _, id := range ids {
			if id > math.MaxUint32 {
				*r = r.widened(r.len() + len(ids))
				break
			}
		}
	}
	if r.wide != nil {
		r.wide = append(r.wide, ids...)
		return
	}
	for _, id := range ids {
		r.narrow = append(r.narrow, uint32(id))
	}
}

// addFrom appends src's ids [lo, hi).
func (r *relIDs) addFrom(src relIDs, lo, hi int) {
	switch {
	case src.wide != nil:
		r.add(src.wide[lo:hi]...)
	case r.wide != nil:
		for _, id := range src.narrow[lo:hi] {
			r.wide = append(r.wide, uint64(id))
		}
	default:
		r.narrow = append(r.narrow, src.narrow[lo:hi]...)
	}
}

// grow appends n zero ids.
func (r *relIDs) grow(n int) {
	if r.wide != nil {
		r.wide = append(r.wide, make([]uint64, n)...)
	} else {
		r.narrow = append(r.narrow, make([]uint32, n)...)
	}
}

// truncated returns r with length 0 and its capacity.
func (r relIDs) truncated() relIDs {
	if r.wide != nil {
		return relIDs{wide: r.wide[:0]}
	}
	return relIDs{narrow: r.narrow[:0]}
}

// full returns r with capacity = length.
func (r relIDs) full() relIDs { return r.slice(0, r.len()) }

// bytes is the memory of the array's capacity.
func (r relIDs) bytes() int64 { return int64(cap(r.narrow))*4 + int64(cap(r.wide))*8 }
