package mcp

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

const kgStatsDesc = `An overview of a graph: node and relationship counts, counts per label and per relationship type, orphan nodes
(no relationships), average degree, the most connected nodes, and the full-text and vector indexes. Also lists the graphs of the store.`

const kgStatsSchema = `{
  "type": "object",
  "properties": {
    "top": {"type": "integer", "minimum": 1, "maximum": 100, "description": "most connected nodes to list (default 10)"},
    ` + graphProp + `
  },
  "additionalProperties": false
}`

func (s *Server) stats(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	top := a.int("top", 10, 1, 100)
	t, snap, err := s.readSnapshot(ctx, a)
	if err != nil {
		return nil, "", err
	}
	defer snap.Close()
	st := snap.Stats()
	labels := map[string]any{}
	for id, c := range st.NodesPerLabel {
		if c > 0 {
			labels[snap.LabelName(id)] = c
		}
	}
	types := map[string]any{}
	for id, c := range st.RelsPerType {
		if c > 0 {
			types[snap.TypeName(id)] = c
		}
	}
	// One pass over the nodes: orphans and the most connected.
	type nd struct {
		id  uint32
		deg int
	}
	var most []nd
	orphans := 0
	var sample []any
	it := snap.AllNodes().Iterator()
	for i := 0; it.HasNext(); i++ {
		if i%4096 == 0 && ctx.Err() != nil {
			return nil, "", ctx.Err()
		}
		id := it.Next()
		deg := snap.Degree(id, storage.Both, storage.AnyType)
		if deg == 0 {
			orphans++
			if len(sample) < 10 {
				sample = append(sample, fmt.Sprintf("n:%d", id))
			}
			continue
		}
		if len(most) < top || deg > most[len(most)-1].deg {
			j := sort.Search(len(most), func(k int) bool { return most[k].deg < deg })
			most = append(most, nd{})
			copy(most[j+1:], most[j:])
			most[j] = nd{id, deg}
			if len(most) > top {
				most = most[:top]
			}
		}
	}
	mc := make([]any, 0, len(most))
	for _, m := range most {
		n := snapNode(snap, m.id)
		mc = append(mc, map[string]any{"id": fmt.Sprintf("n:%d", m.id), "labels": nodeJSON(n)["labels"], "name": displayName(n), "degree": m.deg})
	}
	avg := 0.0
	if st.Nodes > 0 {
		avg = 2 * float64(st.Rels) / float64(st.Nodes)
	}
	out := map[string]any{"graph": t.name, "nodes": st.Nodes, "relationships": st.Rels, "labels": labels, "relationship_types": types,
		"orphan_nodes": orphans, "orphan_sample": sample, "average_degree": avg, "most_connected": mc}
	rows, err := kgAll(ctx, t.db, `CALL cyq.search.indexes() YIELD name, type, labels, properties, config, entries RETURN name, type, labels, properties, config, entries`, nil)
	if err != nil {
		return nil, "", err
	}
	idx := []any{}
	for _, r := range rows {
		idx = append(idx, map[string]any{"name": value.ToGo(r[0]), "type": value.ToGo(r[1]), "labels": jsonValue(r[2]),
			"properties": jsonValue(r[3]), "config": jsonValue(r[4]), "entries": value.ToGo(r[5])})
	}
	out["search_indexes"] = idx
	out["graphs"] = s.graphs()
	var text strings.Builder
	fmt.Fprintf(&text, "graph %s: %d nodes, %d relationships, average degree %.2f, %d orphans\nlabels: %v\ntypes: %v\nmost connected:",
		t.name, st.Nodes, st.Rels, avg, orphans, labels, types)
	for _, m := range mc {
		mm := m.(map[string]any)
		fmt.Fprintf(&text, " %s (%s) %d;", mm["name"], mm["id"], mm["degree"])
	}
	fmt.Fprintf(&text, "\n%d search indexes", len(idx))
	return out, text.String(), nil
}
