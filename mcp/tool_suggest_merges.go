package mcp

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/cyqdb/cyq/storage/search"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

const kgSuggestDesc = `Propose entities to merge: pairs whose names are near-identical (cosine distance of the names' built-in embeddings,
ignoring case, spaces and punctuation, below threshold; default 0.3); names holding different numbers never pair. label restricts to one entity type. Returns pairs, closest
first, each with the entities call that merges them. Merging is up to you: check the pair first (node or entities get).`

const kgSuggestSchema = `{
  "type": "object",
  "properties": {
    "threshold": {"type": "number", "minimum": 0, "maximum": 1, "description": "cosine distance below which names count as near-identical (default 0.3)"},
    "limit": {"type": "integer", "minimum": 1, "maximum": 200, "description": "pairs to return (default 20)"},
    "label": {"type": "string", "description": "only entities of this type (label)"},
    ` + graphProp + `
  },
  "additionalProperties": false
}`

// maxMergeCandidates bounds the entities suggest_merges compares pairwise.
const maxMergeCandidates = 5000

func (s *Server) suggestMerges(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	threshold := a.float("threshold", DefaultMergeDistance, 0, 1)
	limit := a.int("limit", 20, 1, 200)
	label := a.str("label")
	t, snap, err := s.readSnapshot(ctx, a)
	if err != nil {
		return nil, "", err
	}
	defer snap.Close()
	var cand *roaring.Bitmap
	if label != "" {
		id, ok := snap.LabelID(label)
		if !ok {
			if c, err := s.canonicalType(label); err == nil {
				id, ok = snap.LabelID(c)
			}
		}
		if !ok {
			return nil, "", kgNotFound("there is no label %q in graph %s; stats lists the labels", label, t.name)
		}
		cand = snap.NodesWithLabel(id)
	} else if id, ok := snap.LabelID(EntityLabel); ok && snap.LabelCount(id) > 0 {
		cand = snap.NodesWithLabel(id)
	} else {
		cand = snap.AllNodes()
	}
	nameKey, ok := snap.PropKeyID("name")
	type ent struct {
		id    uint32
		name  string
		key   string
		num   string // numbers(name)
		v, kv []float32
	}
	var ents []ent
	truncated := false
	if ok {
		it := cand.Iterator()
		for it.HasNext() {
			id := it.Next()
			v, ok := snap.NodeProp(id, nameKey)
			name, isStr := v.(value.String)
			if !ok || !isStr || strings.TrimSpace(string(name)) == "" {
				continue
			}
			if len(ents) == maxMergeCandidates {
				truncated = true
				break
			}
			ents = append(ents, ent{id: id, name: string(name), key: typeKey(string(name)), num: numbers(string(name))})
		}
	}
	texts := make([]string, 0, 2*len(ents))
	for _, e := range ents {
		texts = append(texts, strings.ToLower(e.name), e.key)
	}
	vs, _ := search.DefaultEmbedder{}.Embed(ctx, texts)
	for i := range ents {
		ents[i].v, ents[i].kv = vs[2*i], vs[2*i+1]
	}
	type pair struct {
		a, b int
		d    float64
	}
	var pairs []pair
	for i := range ents {
		if i%256 == 0 && ctx.Err() != nil {
			return nil, "", ctx.Err()
		}
		for j := i + 1; j < len(ents); j++ {
			d := 0.0
			if ents[i].key == "" || ents[i].key != ents[j].key {
				if ents[i].num != "" && ents[j].num != "" && ents[i].num != ents[j].num {
					continue // numbersDiffer
				}
				d = min(1-dot32(ents[i].v, ents[j].v), 1-dot32(ents[i].kv, ents[j].kv))
			}
			if d < threshold {
				pairs = append(pairs, pair{i, j, max(d, 0)})
			}
		}
	}
	sort.Slice(pairs, func(i, j int) bool {
		if pairs[i].d != pairs[j].d {
			return pairs[i].d < pairs[j].d
		}
		return ents[pairs[i].a].id < ents[pairs[j].a].id
	})
	more := len(pairs) > limit
	if more {
		pairs = pairs[:limit]
	}
	items := []any{}
	var text strings.Builder
	for _, p := range pairs {
		a, b := snapNode(snap, ents[p.a].id), snapNode(snap, ents[p.b].id)
		// Suggest keeping the better connected one.
		surv, dup := a, b
		if snap.Degree(b.ID, storage.Both, storage.AnyType) > snap.Degree(a.ID, storage.Both, storage.AnyType) {
			surv, dup = b, a
		}
		item := map[string]any{
			"a":         map[string]any{"id": fmt.Sprintf("n:%d", a.ID), "name": displayName(a), "type": entityType(a)},
			"b":         map[string]any{"id": fmt.Sprintf("n:%d", b.ID), "name": displayName(b), "type": entityType(b)},
			"distance":  p.d,
			"same_type": entityType(a) == entityType(b),
			"merge":     map[string]any{"action": "merge", "survivor": fmt.Sprintf("n:%d", surv.ID), "duplicates": []string{fmt.Sprintf("n:%d", dup.ID)}},
		}
		items = append(items, item)
		fmt.Fprintf(&text, "%q (n:%d, %s) ~ %q (n:%d, %s): distance %.3f\n", displayName(a), a.ID, entityType(a), displayName(b), b.ID, entityType(b), p.d)
	}
	if len(items) == 0 {
		fmt.Fprintf(&text, "no near-identical names below distance %.2f among %d entities\n", threshold, len(ents))
	}
	out := map[string]any{"graph": t.name, "pairs": items, "count": len(items), "threshold": threshold, "compared": len(ents),
		"truncated": truncated || more}
	if truncated {
		out["note"] = fmt.Sprintf("only the first %d named nodes were compared; pass label to narrow", maxMergeCandidates)
	}
	return out, text.String(), nil
}
