package mcp

import (
	"context"
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/value"
)

const kgPathDesc = `Shortest paths between two nodes (element ids 'n:1' or entity names), following relationships in either direction,
of relationship_types only when given, of at most max_hops (default 5, max 15). Returns every shortest path up to limit (default 5).`

const kgPathSchema = `{
  "type": "object",
  "properties": {
    "from": {"type": "string", "description": "start: node element id or entity name"},
    "to": {"type": "string", "description": "end: node element id or entity name"},
    "max_hops": {"type": "integer", "minimum": 1, "maximum": 15, "description": "longest path considered (default 5)"},
    "relationship_types": {"type": "array", "items": {"type": "string"}, "description": "types to follow (default: any)"},
    "limit": {"type": "integer", "minimum": 1, "maximum": 50, "description": "shortest paths to return (default 5)"},
    ` + graphProp + `
  },
  "required": ["from", "to"],
  "additionalProperties": false
}`

func (s *Server) path(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	fromRef := a.str("from")
	toRef := a.str("to")
	hops := a.int("max_hops", 5, 1, 15)
	limit := a.int("limit", 5, 1, 50)
	typeNames := a.strs("relationship_types")
	t, err := s.readTarget(ctx, a)
	if err != nil {
		return nil, "", err
	}
	from, to, err := resolveEnds(ctx, t.db, fromRef, toRef)
	if err != nil {
		return nil, "", err
	}
	if from.ID == to.ID {
		return nil, "", kgArgErr("from and to are the same node n:%d; give two different nodes", from.ID)
	}
	types := ""
	for i, tn := range typeNames {
		if !identRE.MatchString(tn) {
			if c, err := canonicalRelType(tn); err == nil {
				tn = c
			}
		}
		if i > 0 {
			types += "|"
		}
		types += quote(tn)
	}
	if types != "" {
		types = ":" + types
	}
	q := fmt.Sprintf(`MATCH (a), (b) WHERE id(a) IN [$from] AND id(b) IN [$to]
		MATCH p = allShortestPaths((a)-[%s*..%d]-(b)) RETURN p LIMIT $lim`, types, hops)
	rows, err := kgAll(ctx, t.db, q, map[string]any{"from": int64(from.ID), "to": int64(to.ID), "lim": limit})
	if err != nil {
		return nil, "", err
	}
	if len(rows) == 0 {
		out := map[string]any{"graph": t.name, "found": false, "paths": []any{}, "count": 0}
		return out, fmt.Sprintf("no path of at most %d hops between n:%d and n:%d; raise max_hops or drop relationship_types", hops, from.ID, to.ID), nil
	}
	paths := make([]any, 0, len(rows))
	length := 0
	var text strings.Builder
	for _, r := range rows {
		p, ok := r[0].(value.Path)
		if !ok {
			continue
		}
		length = len(p.Rels)
		paths = append(paths, jsonValue(p))
		for i, n := range p.Nodes {
			if i > 0 {
				rel := p.Rels[i-1]
				if rel.Start == n.ID {
					fmt.Fprintf(&text, " <-[%s]- ", rel.Type)
				} else {
					fmt.Fprintf(&text, " -[%s]-> ", rel.Type)
				}
			}
			fmt.Fprintf(&text, "(%s n:%d)", displayName(n), n.ID)
		}
		text.WriteString("\n")
	}
	out := map[string]any{"graph": t.name, "found": true, "length": length, "paths": paths, "count": len(paths),
		"path": paths[0]}
	return out, fmt.Sprintf("%d shortest path(s) of %d hops:\n%s", len(paths), length, text.String()), nil
}
