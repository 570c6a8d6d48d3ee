package mcp

import (
	"context"
	"fmt"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/storage"
)

const kgRelatedDesc = `The neighbourhood of a node (element id 'n:42' or an entity name) up to depth hops (default 1, max 6), found by a
breadth-first expansion of node sets (bitmaps). relationship_types restricts the types followed (observations are not followed
unless HAS_OBSERVATION is listed), direction is out, in or both (default). Returns {nodes (each with its depth), relationships
(those among the returned nodes), truncated}: at most max_nodes nodes besides the centre (default 100), nearest first;
truncated is true when more were reached (total says how many).`

const kgRelatedSchema = `{
  "type": "object",
  "properties": {
    "id": {"type": "string", "description": "centre: node element id like 'n:42', or an entity name"},
    "depth": {"type": "integer", "minimum": 1, "maximum": 6, "description": "hops (default 1)"},
    "relationship_types": {"type": "array", "items": {"type": "string"}, "description": "types to follow (default: all but HAS_OBSERVATION)"},
    "direction": {"type": "string", "enum": ["out", "in", "both"], "description": "default both"},
    "max_nodes": {"type": "integer", "minimum": 1, "maximum": 2000, "description": "nodes to return besides the centre (default 100)"},
    ` + graphProp + `
  },
  "required": ["id"],
  "additionalProperties": false
}`

func (s *Server) related(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	ref := a.str("id")
	depth := a.int("depth", 1, 1, 6)
	maxNodes := a.int("max_nodes", 100, 1, 2000)
	typeNames := a.strs("relationship_types")
	dir := a.direction()
	t, snap, err := s.readSnapshot(ctx, a)
	if err != nil {
		return nil, "", err
	}
	defer snap.Close()
	n, err := resolve(ctx, t.db, ref)
	if err != nil {
		return nil, "", err
	}
	types, anyType := typeIDs(snap, typeNames)
	h, err := expand(ctx, snap, n.ID, depth, types, anyType, dir, maxNodes)
	if err != nil {
		return nil, "", err
	}
	out, text := h.json(snap)
	out["graph"] = t.name
	out["depth"] = depth
	out["direction"] = dir.String()
	if len(typeNames) > 0 && len(types) == 0 {
		out["note"] = "none of relationship_types occurs in this graph; stats lists the relationship types"
		text += "\n" + out["note"].(string)
	}
	return out, text, nil
}

// neighbourhood is the result of a breadth-first expansion.
type neighbourhood struct {
	center    uint32
	nodes     []uint32 // returned nodes besides the centre, nearest first
	depth     map[uint32]int
	total     int // nodes reached besides the centre
	truncated bool
	rels      []uint64 // relationships among the centre and nodes
	relsCut   bool
}

// expand runs a set-at-a-time breadth-first expansion from center: each
// level is one ExpandSetExcept per relationship type over the whole
// frontier, leaving out the nodes already visited (roaring bitmaps
// throughout; a level whose frontier covers much of the graph may run
// bottom-up).
func expand(ctx context.Context, r storage.Reader, center uint32, depth int, types []uint32, anyType bool, dir storage.Direction, maxNodes int) (*neighbourhood, error) {
	h := &neighbourhood{center: center, depth: map[uint32]int{center: 0}}
	visited := roaring.BitmapOf(center)
	frontier := roaring.BitmapOf(center)
	for d := 1; d <= depth && !frontier.IsEmpty(); d++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var next *roaring.Bitmap
		if anyType {
			next = r.ExpandSetExcept(frontier, visited, dir, storage.AnyType)
		} else {
			parts := make([]*roaring.Bitmap, 0, len(types))
			for _, t := range types {
				parts = append(parts, r.ExpandSetExcept(frontier, visited, dir, t))
			}
			next = roaring.FastOr(parts...)
		}
		visited.Or(next)
		h.total += int(next.GetCardinality())
		it := next.Iterator()
		for it.HasNext() && len(h.nodes) < maxNodes {
			id := it.Next()
			h.nodes = append(h.nodes, id)
			h.depth[id] = d
		}
		frontier = next
	}
	h.truncated = h.total > len(h.nodes)
	h.rels, h.relsCut = relsAmong(r, append([]uint32{center}, h.nodes...), types, anyType, 4*maxNodes+100)
	return h, nil
}

// relsAmong lists the relationships (of types, or any type) between nodes,
// at most max of them.
func relsAmong(r storage.Reader, nodes []uint32, types []uint32, anyType bool, max int) ([]uint64, bool) {
	in := roaring.BitmapOf(nodes...)
	var rels []uint64
	cut := false
	visit := func(rel uint64, nbr uint32, _ uint32) bool {
		if in.Contains(nbr) {
			if len(rels) == max {
				cut = true
				return false
			}
			rels = append(rels, rel)
		}
		return true
	}
	for _, n := range nodes {
		if anyType {
			r.Expand(n, storage.Out, storage.AnyType, visit)
		} else {
			for _, t := range types {
				r.Expand(n, storage.Out, t, visit)
			}
		}
		if cut {
			break
		}
	}
	return rels, cut
}

func (h *neighbourhood) json(r storage.Reader) (map[string]any, string) {
	nodes := make([]any, 0, len(h.nodes)+1)
	for _, id := range append([]uint32{h.center}, h.nodes...) {
		j := nodeJSON(snapNode(r, id))
		j["depth"] = h.depth[id]
		nodes = append(nodes, j)
	}
	rels := make([]any, 0, len(h.rels))
	for _, id := range h.rels {
		if rel, ok := snapRel(r, id); ok {
			rels = append(rels, relJSON(rel))
		}
	}
	out := map[string]any{"center": fmt.Sprintf("n:%d", h.center), "nodes": nodes, "relationships": rels,
		"truncated": h.truncated || h.relsCut, "total": h.total, "count": len(h.nodes)}
	text := fmt.Sprintf("%d nodes around n:%d %s (%d reached), %d relationships among them", len(h.nodes), h.center, displayName(snapNode(r, h.center)), h.total, len(rels))
	if h.truncated {
		text += "; truncated at max_nodes: lower depth, pass relationship_types or raise max_nodes"
	}
	return out, text
}
