package mcp

import (
	"context"
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

const kgNodeDesc = `Get nodes by reference: a node element id ('n:42') or an entity name. action "get" takes id, "batch" takes ids (up to 100).
Each node comes with labels, properties (vectors elided) and relationship counts per type and direction; include adds
"relationships" (up to 100 neighbours, observations excluded) and "observations" (the entity's observation texts).`

const kgNodeSchema = `{
  "type": "object",
  "properties": {
    "action": {"type": "string", "enum": ["get", "batch"], "description": "get one node (id) or several (ids); default: get when id is given"},
    "id": {"type": "string", "description": "node element id like 'n:42', or an entity name"},
    "ids": {"type": "array", "items": {"type": "string"}, "maxItems": 100, "description": "for batch: element ids or entity names"},
    "include": {"type": "array", "items": {"type": "string", "enum": ["relationships", "observations"]}, "description": "extra details"},
    ` + graphProp + `
  },
  "additionalProperties": false
}`

func (s *Server) node(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	action := a.str("action")
	id := a.str("id")
	ids := a.strs("ids")
	if action == "" {
		action = "get"
		if id == "" && len(ids) > 0 {
			action = "batch"
		}
	}
	inc := map[string]bool{}
	for _, x := range a.strs("include") {
		a.check(x == "relationships" || x == "observations", "include may hold \"relationships\" and \"observations\", got %q", x)
		inc[x] = true
	}
	t, err := s.readTarget(ctx, a)
	if err != nil {
		return nil, "", err
	}
	switch action {
	case "get":
		if id == "" {
			return nil, "", kgArgErr("id is required for action get: a node element id like 'n:42' or an entity name (use ids with action batch)")
		}
		n, err := resolve(ctx, t.db, id)
		if err != nil {
			return nil, "", err
		}
		d, err := s.nodeDetail(ctx, t, n, inc)
		if err != nil {
			return nil, "", err
		}
		out := map[string]any{"graph": t.name, "node": d}
		return out, fmt.Sprintf("n:%d %v %s", n.ID, n.Labels, displayName(n)), nil
	case "batch":
		if len(ids) == 0 {
			return nil, "", kgArgErr("ids is required for action batch: a list of element ids or entity names")
		}
		if len(ids) > 100 {
			return nil, "", kgArgErr("ids holds %d references; ask for at most 100 at a time", len(ids))
		}
		nodes := []any{}
		missing := []string{}
		var text strings.Builder
		for _, ref := range ids {
			n, err := resolve(ctx, t.db, ref)
			if err != nil {
				if ei := errorInfo(err); strings.HasPrefix(ei.Code, "EntityNotFound") || strings.HasPrefix(ei.Code, "ArgumentError") {
					missing = append(missing, ref)
					continue
				}
				return nil, "", err
			}
			d, err := s.nodeDetail(ctx, t, n, inc)
			if err != nil {
				return nil, "", err
			}
			nodes = append(nodes, d)
			fmt.Fprintf(&text, "n:%d %v %s\n", n.ID, n.Labels, displayName(n))
		}
		if len(missing) > 0 {
			fmt.Fprintf(&text, "not found: %s (use search or entities {action: 'list'} to find them)\n", strings.Join(missing, ", "))
		}
		return map[string]any{"graph": t.name, "nodes": nodes, "missing": missing, "count": len(nodes)}, text.String(), nil
	}
	return nil, "", kgArgErr("action must be \"get\" or \"batch\", got %q", action)
}

// nodeDetail is a node's JSON with its relationship counts and, as asked,
// its relationships and observations.
func (s *Server) nodeDetail(ctx context.Context, t *kgTarget, n value.Node, inc map[string]bool) (map[string]any, error) {
	d := nodeJSON(n)
	snap, err := s.snapshot(t)
	if err != nil {
		return nil, err
	}
	defer snap.Close()
	degrees := []any{}
	for _, dir := range []storage.Direction{storage.Out, storage.In} {
		for _, typ := range snap.NodeRelTypes(n.ID, dir) {
			degrees = append(degrees, map[string]any{"type": snap.TypeName(typ), "direction": dir.String(), "count": snap.Degree(n.ID, dir, typ)})
		}
	}
	d["degree"] = degrees
	if inc["relationships"] {
		rows, err := kgAll(ctx, t.db, `MATCH (n)-[r]-(m) WHERE id(n) IN [$id] AND type(r) <> $obs RETURN r, m LIMIT 101`,
			map[string]any{"id": int64(n.ID), "obs": ObservationType})
		if err != nil {
			return nil, err
		}
		rels := []any{}
		for i, r := range rows {
			if i == 100 {
				d["relationships_truncated"] = true
				break
			}
			rel, m := r[0].(value.Rel), r[1].(value.Node)
			dir := "out"
			if rel.Start != n.ID {
				dir = "in"
			}
			rels = append(rels, map[string]any{"id": fmt.Sprintf("r:%d", rel.ID), "type": rel.Type, "direction": dir,
				"properties": propsJSON(rel.Props), "other": map[string]any{"id": fmt.Sprintf("n:%d", m.ID), "labels": nodeJSON(m)["labels"], "name": displayName(m)}})
		}
		d["relationships"] = rels
	}
	if inc["observations"] {
		rows, err := kgAll(ctx, t.db, `MATCH (n)-[:`+ObservationType+`]->(o) WHERE id(n) IN [$id] RETURN o ORDER BY o.created, id(o) LIMIT 200`,
			map[string]any{"id": int64(n.ID)})
		if err != nil {
			return nil, err
		}
		obs := []any{}
		for _, r := range rows {
			o := r[0].(value.Node)
			obs = append(obs, map[string]any{"id": fmt.Sprintf("n:%d", o.ID), "text": value.ToGo(o.Props["text"]), "created": value.ToGo(o.Props["created"])})
		}
		d["observations"] = obs
	}
	return d, nil
}
