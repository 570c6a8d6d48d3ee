package mcp

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

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
