package storage

import "encoding/binary"

// Key layout (all integers big-endian so keys sort numerically):
//
//	\x00 'V'                         -> format magic + version
//	\x00 'G' name                    -> graph id (uint32)
//	\x00 'g'                         -> next graph id (uint32)
//	\x01 gid 'a' node dir type chunk -> adjacency chunk (dir is always Out;
//	                                    in-adjacency is derived at open)
//	\x01 gid 'd' kind id             -> dictionary name (kind: label, type, key)
//	\x01 gid 'i' label key           -> index flags
//	\x01 gid 'm'                     -> next node id (uint32), next rel id (uint64)
//	\x01 gid 'n' node                -> node record: labels, properties
//	\x01 gid 'r' rel                 -> relationship properties (only when non-empty)
//
// An adjacency chunk holds the entries of one (node, Out, type) whose
// relationship ids share id>>chunkBits: uvarint count, then per entry the
// uvarint delta of the relationship id (from chunk<<chunkBits, then from the
// previous entry) and the uvarint neighbour id.
const (
	formatMagic   = "cyq-storage"
	formatVersion = 1

	tagAdj   = 'a'
	tagDict  = 'd'
	tagIndex = 'i'
	tagMeta  = 'm'
	tagNode  = 'n'
	tagRel   = 'r'
)

var (
	keyFormat    = []byte("\x00V")
	keyNextGraph = []byte("\x00g")
	prefixGraphs = []byte("\x00G")
)

func graphCatalogKey(name string) []byte {
	return append(append([]byte(nil), prefixGraphs...), name...)
}

func graphPrefix(gid uint32) []byte { return appendGraphPrefix(nil, gid) }

func appendGraphPrefix(dst []byte, gid uint32) []byte {
	return binary.BigEndian.AppendUint32(append(dst, 0x01), gid)
}

// graphEnd is the exclusive upper bound of a graph's keys.
func graphEnd(gid uint32) []byte {
	if gid == ^uint32(0) {
		return []byte{0x02}
	}
	return graphPrefix(gid + 1)
}

func dictKeyOf(gid uint32, kind byte, id uint32) []byte {
	k := append(graphPrefix(gid), tagDict, kind)
	return binary.BigEndian.AppendUint32(k, id)
}

func adjKey(gid, node uint32, typ uint32, chunk uint64) []byte {
	return appendAdjKey(nil, gid, node, typ, chunk)
}

func appendAdjKey(dst []byte, gid, node uint32, typ uint32, chunk uint64) []byte {
	k := append(appendGraphPrefix(dst, gid), tagAdj)
	k = binary.BigEndian.AppendUint32(k, node)
	k = append(k, byte(Out))
	k = binary.BigEndian.AppendUint32(k, typ)
	return binary.BigEndian.AppendUint64(k, chunk)
}

func indexDefKey(gid, label, key uint32) []byte {
	k := append(graphPrefix(gid), tagIndex)
	k = binary.BigEndian.AppendUint32(k, label)
	return binary.BigEndian.AppendUint32(k, key)
}

func metaKey(gid uint32) []byte { return append(graphPrefix(gid), tagMeta) }

func nodeKey(gid, id uint32) []byte { return appendNodeKey(nil, gid, id) }

func appendNodeKey(dst []byte, gid, id uint32) []byte {
	return binary.BigEndian.AppendUint32(append(appendGraphPrefix(dst, gid), tagNode), id)
}

func relKey(gid uint32, id uint64) []byte {
	return binary.BigEndian.AppendUint64(append(graphPrefix(gid), tagRel), id)
}

func encodeMeta(nextNode uint32, nextRel uint64) []byte {
	b := binary.BigEndian.AppendUint32(nil, nextNode)
	return binary.BigEndian.AppendUint64(b, nextRel)
}

func appendNodeRecord(dst []byte, labels []uint32, ps props) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(labels)))
	for _, l := range labels {
		dst = binary.AppendUvarint(dst, uint64(l))
	}
	return appendProps(dst, ps)
}

// appendChunk encodes entries rels[i], nbrs[i] (ascending rels, all in chunk).
func appendChunk(dst []byte, chunk uint64, rels []uint64, nbrs []uint32) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(rels)))
	prev := chunk << chunkBits
	for i, r := range rels {
		dst = binary.AppendUvarint(dst, r-prev)
		dst = binary.AppendUvarint(dst, uint64(nbrs[i]))
		prev = r
	}
	return dst
}
