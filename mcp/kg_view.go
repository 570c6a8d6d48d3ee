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

// visualize draws a subgraph; suggest_merges proposes near-duplicate
// entities to merge.

const kgVisualizeDesc = `Draw a subgraph as a Mermaid flowchart, a Graphviz DOT digraph or JSON {nodes, relationships}.
With center (element id or entity name): the neighbourhood up to depth hops (default 1, max 4). Without: the most connected
nodes (of labels, when given). limit bounds the nodes (default 40, max 300); labels keeps nodes with one of those labels
(the centre is always kept); relationship_types restricts the relationships followed and drawn.`

const kgVisualizeSchema = `{
  "type": "object",
  "properties": {
    "format": {"type": "string", "enum": ["mermaid", "dot", "json"], "description": "output format (default mermaid)"},
    "center": {"type": "string", "description": "centre node: element id like 'n:42' or an entity name"},
    "depth": {"type": "integer", "minimum": 1, "maximum": 4, "description": "hops around center (default 1)"},
    "limit": {"type": "integer", "minimum": 1, "maximum": 300, "description": "maximum nodes drawn (default 40)"},
    "labels": {"type": "array", "items": {"type": "string"}, "description": "keep nodes with one of these labels or entity types"},
    "relationship_types": {"type": "array", "items": {"type": "string"}, "description": "relationship types to follow and draw (default: all but HAS_OBSERVATION)"},
    ` + graphProp + `
  },
  "additionalProperties": false
}`

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

func (s *Server) visualize(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	format := a.choice("format", "mermaid", "mermaid", "dot", "json")
	center := a.str("center")
	depth := a.int("depth", 1, 1, 4)
	limit := a.int("limit", 40, 1, 300)
	labels := a.strs("labels")
	typeNames := a.strs("relationship_types")
	t, snap, err := s.readSnapshot(ctx, a)
	if err != nil {
		return nil, "", err
	}
	defer snap.Close()
	labelIDs := map[uint32]bool{}
	for _, l := range labels {
		if id, ok := snap.LabelID(l); ok {
			labelIDs[id] = true
		}
		if c, err := s.canonicalType(l); err == nil {
			if id, ok := snap.LabelID(c); ok {
				labelIDs[id] = true
			}
		}
	}
	keep := func(id uint32) bool {
		if len(labels) == 0 {
			return true
		}
		for _, l := range snap.NodeLabels(id) {
			if labelIDs[l] {
				return true
			}
		}
		return false
	}
	types, anyType := typeIDs(snap, typeNames)
	var nodes []uint32
	truncated := false
	if center != "" {
		n, err := resolve(ctx, t.db, center)
		if err != nil {
			return nil, "", err
		}
		// Expand fully (bounded), then keep the nearest nodes that pass the label filter.
		h, err := expand(ctx, snap, n.ID, depth, types, anyType, storage.Both, 20*limit+1000)
		if err != nil {
			return nil, "", err
		}
		nodes = append(nodes, n.ID)
		for _, id := range h.nodes {
			if !keep(id) {
				continue
			}
			if len(nodes) == limit {
				truncated = true
				break
			}
			nodes = append(nodes, id)
		}
		truncated = truncated || h.truncated
	} else {
		var cand *roaring.Bitmap
		if len(labels) > 0 {
			cand = roaring.New()
			for id := range labelIDs {
				cand.Or(snap.NodesWithLabel(id))
			}
		} else {
			cand = snap.AllNodes().Clone()
			if obs, ok := snap.LabelID(ObservationLabel); ok {
				cand.AndNot(snap.NodesWithLabel(obs))
			}
		}
		type nd struct {
			id  uint32
			deg int
		}
		var all []nd
		it := cand.Iterator()
		for it.HasNext() {
			id := it.Next()
			deg := 0
			if anyType {
				deg = snap.Degree(id, storage.Both, storage.AnyType)
			} else {
				for _, ty := range types {
					deg += snap.Degree(id, storage.Both, ty)
				}
			}
			all = append(all, nd{id, deg})
		}
		sort.Slice(all, func(i, j int) bool {
			if all[i].deg != all[j].deg {
				return all[i].deg > all[j].deg
			}
			return all[i].id < all[j].id
		})
		truncated = len(all) > limit
		for i := 0; i < len(all) && i < limit; i++ {
			nodes = append(nodes, all[i].id)
		}
	}
	relIDs, cut := relsAmong(snap, nodes, types, anyType, 4*limit+100)
	truncated = truncated || cut
	vn := make([]value.Node, len(nodes))
	for i, id := range nodes {
		vn[i] = snapNode(snap, id)
	}
	var vr []value.Rel
	for _, id := range relIDs {
		if r, ok := snapRel(snap, id); ok {
			vr = append(vr, r)
		}
	}
	out := map[string]any{"graph": t.name, "format": format, "node_count": len(vn), "relationship_count": len(vr), "truncated": truncated}
	var text string
	switch format {
	case "mermaid":
		text = mermaidSyntax.draw(vn, vr)
		out["diagram"] = text
	case "dot":
		text = dotSyntax.draw(vn, vr)
		out["diagram"] = text
	default:
		jn, jr := make([]any, len(vn)), make([]any, len(vr))
		for i, n := range vn {
			jn[i] = nodeJSON(n)
		}
		for i, r := range vr {
			jr[i] = relJSON(r)
		}
		out["nodes"], out["relationships"] = jn, jr
		text = fmt.Sprintf("%d nodes, %d relationships", len(vn), len(vr))
	}
	if truncated {
		text += "\n(truncated: narrow with center, labels or relationship_types, or raise limit)"
	}
	return out, text, nil
}

// diagramSyntax is how a diagram format writes a graph: the node label
// is the escaped display name plus, with labels, the escaped labels
// through the labels format.
type diagramSyntax struct {
	head, tail string
	escape     func(string) string
	labels     string // format of the escaped labels, appended to the node label
	node       string // format of a node line: id, label
	rel        string // format of a relationship line: start, escaped type, end
}

var (
	mermaidSyntax = diagramSyntax{
		head:   "graph LR\n",
		escape: strings.NewReplacer(`"`, "#quot;", "\n", " ", "<", "#lt;", ">", "#gt;", "|", "#124;", "[", "#91;", "]", "#93;").Replace,
		labels: "<br/><i>%s</i>",
		node:   "  n%d[\"%s\"]\n",
		rel:    "  n%d -->|%s| n%d\n",
	}
	dotSyntax = diagramSyntax{
		head:   "digraph G {\n  rankdir=LR;\n  node [shape=box, style=rounded];\n",
		tail:   "}\n",
		escape: strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace,
		labels: `\n%s`,
		node:   "  n%d [label=\"%s\"];\n",
		rel:    "  n%[1]d -> n%[3]d [label=\"%[2]s\"];\n",
	}
)

// draw writes nodes and rels as a diagram.
func (d diagramSyntax) draw(nodes []value.Node, rels []value.Rel) string {
	var b strings.Builder
	b.WriteString(d.head)
	for _, n := range nodes {
		label := d.escape(displayName(n))
		if len(n.Labels) > 0 {
			label += fmt.Sprintf(d.labels, d.escape(strings.Join(n.Labels, ":")))
		}
		fmt.Fprintf(&b, d.node, n.ID, label)
	}
	for _, r := range rels {
		fmt.Fprintf(&b, d.rel, r.Start, d.escape(r.Type), r.End)
	}
	b.WriteString(d.tail)
	return b.String()
}

// ---- suggest_merges

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

// dot32 is the dot product of two L2-normalised vectors (their cosine).
func dot32(a, b []float32) float64 {
	var s float32
	for i := range a {
		s += a[i] * b[i]
	}
	return float64(s)
}
