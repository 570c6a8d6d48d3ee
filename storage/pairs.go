package storage

import "slices"

// This file answers questions about one pair of nodes (is there a
// relationship between them, which ones are there) from the pair's
// adjacency lists directly. Neighbors(a, dir, typ).Contains(b) answers the
// first too, but builds a bitmap for every list too short to keep one
// cached (bitmapCacheMin), and a test per row of a node pair then costs an
// allocation and a bitmap build per row; Expand answers the second with a
// call per entry of the lists read.

// Linked reports whether a relationship of type typ (AnyType: any) in
// direction dir (Out, In or Both) joins node to nbr: what
// Neighbors(node, dir, typ).Contains(nbr) reports. A list with a cached
// neighbour bitmap is answered by it, a long one by the bitmap built and
// cached as Neighbors would, a short one by a scan of its neighbours.
func (v *version) Linked(node uint32, dir Direction, typ uint32, nbr uint32) bool {
	if dir > Both {
		return false
	}
	for d := Out; d <= In; d++ {
		if dir != Both && dir != d {
			continue
		}
		ls := v.lists(node, d)
		if ls.len() == 0 {
			continue
		}
		if typ != AnyType {
			if l, ok := ls.find(typ); ok && v.listHas(l, nbr) {
				return true
			}
			continue
		}
		for j := range ls.len() {
			if v.listHas(ls.at(j), nbr) {
				return true
			}
		}
	}
	return false
}

// listHas reports whether list l holds neighbour nbr.
func (v *version) listHas(l adjList, nbr uint32) bool {
	if l.bm == nil {
		return slices.Contains(l.nbrs, nbr)
	}
	return v.listBitmap(l).Contains(nbr)
}

// RelsBetween calls fn with each relationship between nodes a and b in
// direction dir from a (Out: from a to b, In: from b to a, Both: either;
// a self-loop of a when a == b once), of any type, until fn returns false:
// its id, start, end and type. It reads the lists of whichever node has
// fewer relationships, and reads a list's relationship ids only at the
// entries that name the other node.
func (v *version) RelsBetween(a, b uint32, dir Direction, fn func(rel uint64, start, end, typ uint32) bool) {
	if dir > Both {
		return
	}
	if v.entriesOf(b) < v.entriesOf(a) {
		a, b = b, a
		switch dir {
		case Out:
			dir = In
		case In:
			dir = Out
		}
	}
	for d := Out; d <= In; d++ {
		if dir != Both && dir != d {
			continue
		}
		if d == In && a == b && dir == Both {
			return // a self-loop is in both of a's directions: listed with Out
		}
		ls := v.lists(a, d)
		for j := range ls.len() {
			l := ls.at(j)
			var ids relIDs
			read := false
			for k, n := range l.nbrs {
				if n != b {
					continue
				}
				if !read {
					ids, read = l.rels(), true
				}
				start, end := a, b
				if d == In {
					start, end = b, a
				}
				if !fn(ids.at(k), start, end, l.typ) {
					return
				}
			}
		}
	}
}

// entriesOf is node's number of list entries, both directions (a
// self-loop counted twice).
func (v *version) entriesOf(node uint32) int {
	return v.lists(node, Out).entries() + v.lists(node, In).entries()
}
