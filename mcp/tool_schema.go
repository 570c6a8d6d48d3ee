package mcp

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

const schemaDesc = `Describe the graph: labels with node counts, relationship types with their (start label)-[type]->(end label) patterns and counts,
property keys per label with value types and fill rates (sampled on large graphs), indexes and constraints.
detail "summary" (default) is short; "full" lists everything; label restricts the answer to one label in full detail.`

const schemaSchema = `{
  "type": "object",
  "properties": {
    "graph": {"type": "string", "description": "named graph (default: the session's graph set with use_graph, else the server's)"},
    "detail": {"type": "string", "enum": ["summary", "full"], "description": "summary (default) or full"},
    "label": {"type": "string", "description": "only this label, in full detail"}
  },
  "additionalProperties": false
}`

// schemaSample bounds the nodes per label read for property statistics.
const schemaSample = 1000

// Summary limits: the summary stays within a few hundred tokens.
const (
	summaryLabels   = 15
	summaryTypes    = 15
	summaryPatterns = 2
	summaryProps    = 6
)

// LabelInfo describes a label.
type LabelInfo struct {
	Label      string     `json:"label"`
	Count      uint64     `json:"count"`
	Properties []PropInfo `json:"properties,omitempty"`
}

// PropInfo describes a property key of a label.
type PropInfo struct {
	Key      string   `json:"key"`
	Types    []string `json:"types"`
	FillRate float64  `json:"fill_rate"`
}

// TypeInfo describes a relationship type.
type TypeInfo struct {
	Type     string        `json:"type"`
	Count    uint64        `json:"count"`
	Patterns []PatternInfo `json:"patterns,omitempty"`
}

// PatternInfo is a (start label)-[type]->(end label) pattern with its count.
type PatternInfo struct {
	Start string `json:"start"`
	End   string `json:"end"`
	Count uint64 `json:"count"`
}

// IndexInfo describes an index or a uniqueness constraint.
type IndexInfo struct {
	Label    string `json:"label"`
	Property string `json:"property"`
	Unique   bool   `json:"unique"`
	Kind     string `json:"kind"`
}

// Schema is the schema tool's structured result.
type Schema struct {
	Graph         string      `json:"graph"`
	Nodes         uint64      `json:"nodes"`
	Relationships uint64      `json:"relationships"`
	Labels        []LabelInfo `json:"labels"`
	Types         []TypeInfo  `json:"relationship_types"`
	Indexes       []IndexInfo `json:"indexes"`
	Sampled       bool        `json:"sampled"`
	Omitted       string      `json:"omitted,omitempty"`
}

// BuildSchema describes a graph of db's store ("" for db's graph).
func BuildSchema(db *cyq.DB, graph, detail, only string) (*Schema, error) {
	if graph == "" {
		graph = db.GraphName()
	}
	g, err := db.Store().Graph(graph)
	if err != nil {
		return nil, fmt.Errorf("graph %q: %w", graph, err)
	}
	snap := g.Snapshot()
	defer snap.Close()
	st := snap.Stats()
	full := detail == "full" || only != ""
	sc := &Schema{Graph: graph, Nodes: st.Nodes, Relationships: st.Rels, Labels: []LabelInfo{}, Types: []TypeInfo{}, Indexes: []IndexInfo{}}
	for id, n := range st.NodesPerLabel {
		name := snap.LabelName(id)
		if only != "" && name != only {
			continue
		}
		sc.Labels = append(sc.Labels, LabelInfo{Label: name, Count: n})
	}
	sort.Slice(sc.Labels, func(i, j int) bool {
		a, b := sc.Labels[i], sc.Labels[j]
		return a.Count > b.Count || a.Count == b.Count && a.Label < b.Label
	})
	var omitted []string
	if !full && len(sc.Labels) > summaryLabels {
		omitted = append(omitted, fmt.Sprintf("%d labels", len(sc.Labels)-summaryLabels))
		sc.Labels = sc.Labels[:summaryLabels]
	}
	for i := range sc.Labels {
		l := &sc.Labels[i]
		id, _ := snap.LabelID(l.Label)
		props, sampled := labelProps(snap, id)
		sc.Sampled = sc.Sampled || sampled
		if !full && len(props) > summaryProps {
			props = props[:summaryProps]
		}
		l.Properties = props
	}
	patterns := map[uint32][]PatternInfo{}
	for p, n := range st.RelsPerPattern {
		if p.Start == storage.AnyLabel || p.End == storage.AnyLabel {
			continue
		}
		start, end := snap.LabelName(p.Start), snap.LabelName(p.End)
		if only != "" && start != only && end != only {
			continue
		}
		patterns[p.Type] = append(patterns[p.Type], PatternInfo{Start: start, End: end, Count: n})
	}
	for id, n := range st.RelsPerType {
		if n == 0 {
			continue
		}
		ps := patterns[id]
		if only != "" && len(ps) == 0 {
			continue
		}
		sort.Slice(ps, func(i, j int) bool {
			return ps[i].Count > ps[j].Count || ps[i].Count == ps[j].Count && ps[i].Start+ps[i].End < ps[j].Start+ps[j].End
		})
		if !full && len(ps) > summaryPatterns {
			ps = ps[:summaryPatterns]
		}
		sc.Types = append(sc.Types, TypeInfo{Type: snap.TypeName(id), Count: n, Patterns: ps})
	}
	sort.Slice(sc.Types, func(i, j int) bool {
		a, b := sc.Types[i], sc.Types[j]
		return a.Count > b.Count || a.Count == b.Count && a.Type < b.Type
	})
	if !full && len(sc.Types) > summaryTypes {
		omitted = append(omitted, fmt.Sprintf("%d relationship types", len(sc.Types)-summaryTypes))
		sc.Types = sc.Types[:summaryTypes]
	}
	for _, ix := range snap.Indexes() {
		label := snap.LabelName(ix.Label)
		if only != "" && label != only {
			continue
		}
		kind := "range index"
		if ix.Unique {
			kind = "unique constraint"
		}
		sc.Indexes = append(sc.Indexes, IndexInfo{Label: label, Property: snap.PropKeyName(ix.Key), Unique: ix.Unique, Kind: kind})
	}
	if len(omitted) > 0 {
		sc.Omitted = strings.Join(omitted, " and ") + ` left out; ask with detail "full" or a label`
	}
	return sc, nil
}

// labelProps samples up to schemaSample nodes of a label and reports each
// property key's value types and fill rate, most filled first.
func labelProps(r storage.Reader, label uint32) ([]PropInfo, bool) {
	nodes := r.NodesWithLabel(label)
	total := nodes.GetCardinality()
	type acc struct {
		n     int
		types map[string]bool
	}
	keys := map[uint32]*acc{}
	seen := 0
	it := nodes.Iterator()
	for it.HasNext() && seen < schemaSample {
		id := it.Next()
		seen++
		r.ForEachNodeProp(id, func(k uint32, v value.Value) bool {
			a := keys[k]
			if a == nil {
				a = &acc{types: map[string]bool{}}
				keys[k] = a
			}
			a.n++
			a.types[value.TypeName(v)] = true
			return true
		})
	}
	out := make([]PropInfo, 0, len(keys))
	for k, a := range keys {
		var ts []string
		for t := range a.types {
			ts = append(ts, t)
		}
		sort.Strings(ts)
		rate := 0.0
		if seen > 0 {
			rate = float64(int(float64(a.n)/float64(seen)*1000)) / 1000
		}
		out = append(out, PropInfo{Key: r.PropKeyName(k), Types: ts, FillRate: rate})
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i].FillRate > out[j].FillRate || out[i].FillRate == out[j].FillRate && out[i].Key < out[j].Key
	})
	return out, total > uint64(seen)
}

// SchemaText renders a schema compactly.
func SchemaText(sc *Schema) string {
	var b strings.Builder
	fmt.Fprintf(&b, "graph %s: %d nodes, %d relationships\n", sc.Graph, sc.Nodes, sc.Relationships)
	b.WriteString("labels:\n")
	for _, l := range sc.Labels {
		fmt.Fprintf(&b, "  :%s (%d)", l.Label, l.Count)
		var ps []string
		for _, p := range l.Properties {
			ps = append(ps, fmt.Sprintf("%s %s %.0f%%", p.Key, strings.Join(p.Types, "|"), p.FillRate*100))
		}
		if len(ps) > 0 {
			b.WriteString(" {" + strings.Join(ps, ", ") + "}")
		}
		b.WriteString("\n")
	}
	b.WriteString("relationship types:\n")
	for _, t := range sc.Types {
		fmt.Fprintf(&b, "  :%s (%d)", t.Type, t.Count)
		var ps []string
		for _, p := range t.Patterns {
			ps = append(ps, fmt.Sprintf("(:%s)->(:%s) %d", p.Start, p.End, p.Count))
		}
		if len(ps) > 0 {
			b.WriteString(" " + strings.Join(ps, ", "))
		}
		b.WriteString("\n")
	}
	if len(sc.Indexes) > 0 {
		b.WriteString("indexes:\n")
		for _, ix := range sc.Indexes {
			fmt.Fprintf(&b, "  %s on :%s(%s)\n", ix.Kind, ix.Label, ix.Property)
		}
	}
	if sc.Sampled {
		b.WriteString("(property statistics sampled from the first 1000 nodes per label)\n")
	}
	if sc.Omitted != "" {
		b.WriteString("(" + sc.Omitted + ")\n")
	}
	return b.String()
}

func (s *Server) handleSchema(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	graph, _ := args["graph"].(string)
	if graph == "" {
		graph = s.sessionGraph(ctx) // set with use_graph
	}
	detail, _ := args["detail"].(string)
	if detail != "" && detail != "summary" && detail != "full" {
		return argError("detail must be \"summary\" or \"full\""), nil
	}
	label, _ := args["label"].(string)
	sc, err := BuildSchema(s.db, graph, detail, label)
	if err != nil {
		return argError("%v", err), nil
	}
	return result(sc, SchemaText(sc), false), nil
}
