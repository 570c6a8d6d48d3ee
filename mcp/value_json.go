package mcp

import (
	"encoding/json"
	"fmt"

	"github.com/cyqdb/cyq/value"
)

// jsonValue converts a result value for JSON output: nodes as {id, labels,
// properties}, relationships as {id, type, start, end, properties}, paths as
// {nodes, relationships}, vectors elided.
func jsonValue(v value.Value) any {
	switch x := v.(type) {
	case value.Node:
		return nodeJSON(x)
	case value.Rel:
		return relJSON(x)
	case value.Path:
		ns := make([]any, len(x.Nodes))
		for i, n := range x.Nodes {
			ns[i] = nodeJSON(n)
		}
		rs := make([]any, len(x.Rels))
		for i, r := range x.Rels {
			rs[i] = relJSON(r)
		}
		return map[string]any{"nodes": ns, "relationships": rs}
	case value.List:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = jsonValue(e)
		}
		return out
	case value.Map:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = jsonValue(e)
		}
		return out
	case value.Vector:
		return fmt.Sprintf("<vector of %d dimensions elided>", len(x))
	}
	return value.ToGo(v)
}

func propsJSON(m value.Map) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		if vec, ok := v.(value.Vector); ok {
			out[k] = fmt.Sprintf("<vector of %d dimensions elided>", len(vec))
			continue
		}
		out[k] = jsonValue(v)
	}
	return out
}

func nodeJSON(n value.Node) map[string]any {
	labels := n.Labels
	if labels == nil {
		labels = []string{}
	}
	return map[string]any{"id": fmt.Sprintf("n:%d", n.ID), "labels": labels, "properties": propsJSON(n.Props)}
}

func relJSON(r value.Rel) map[string]any {
	return map[string]any{"id": fmt.Sprintf("r:%d", r.ID), "type": r.Type, "start": fmt.Sprintf("n:%d", r.Start), "end": fmt.Sprintf("n:%d", r.End), "properties": propsJSON(r.Props)}
}

// graphCollector deduplicates the nodes and relationships of result rows.
type graphCollector struct {
	seenN map[uint32]bool
	seenR map[uint64]bool
	nodes []any
	rels  []any
	size  int // bytes of JSON collected so far
}

func newGraphCollector() *graphCollector {
	return &graphCollector{seenN: map[uint32]bool{}, seenR: map[uint64]bool{}, size: 100}
}

func (g *graphCollector) add(v value.Value) {
	value.Entities(v, func(x value.Node) {
		if !g.seenN[x.ID] {
			g.seenN[x.ID] = true
			g.keep(&g.nodes, nodeJSON(x))
		}
	}, func(x value.Rel) {
		if !g.seenR[x.ID] {
			g.seenR[x.ID] = true
			g.keep(&g.rels, relJSON(x))
		}
	})
}

// keep appends an entity's JSON form and counts its size.
func (g *graphCollector) keep(to *[]any, j any) {
	b, _ := json.Marshal(j)
	g.size += len(b) + 1
	*to = append(*to, j)
}
