package mcp

import (
	"context"
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/value"
)

const kgRelationsDesc = `Manage relations between nodes (entities by name, or any node by element id 'n:42').
action "create" {from, to, type, properties?}: types are written UPPER_SNAKE_CASE ("works on" → WORKS_ON); an existing relation
of that type from→to is returned instead of a second one. "delete" {from, to, type?}: deletes the from→to relations (of type).
"find" {from?, to?, type?, limit?}: lists relations (observation links excluded).`

const kgRelationsSchema = `{
  "type": "object",
  "properties": {
    "action": {"type": "string", "enum": ["create", "delete", "find"]},
    "from": {"type": "string", "description": "start node: ` + refDesc + `"},
    "to": {"type": "string", "description": "end node: ` + refDesc + `"},
    "type": {"type": "string", "description": "relationship type, e.g. WORKS_ON"},
    "properties": {"type": "object", "description": "create: relationship properties (strings, numbers, booleans or lists of them)"},
    "limit": {"type": "integer", "minimum": 1, "maximum": 500, "description": "find: results (default 50)"},
    ` + graphProp + `
  },
  "required": ["action"],
  "additionalProperties": false
}`

func (s *Server) relations(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	action := a.str("action")
	if a.err != nil {
		return nil, "", a.err
	}
	switch action {
	case "find":
		return s.relationFind(ctx, a)
	case "create", "delete":
		return s.writeOp(ctx, a, action, (*kgWriter).relationOp)
	}
	return nil, "", kgArgErr("action must be create, delete or find; got %q", action)
}

func (w *kgWriter) relationOp(ctx context.Context, action string, a *kgArgs) (map[string]any, string, error) {
	if action != "" && action != "create" && action != "delete" {
		return nil, "", kgArgErr("relations action must be create or delete here; got %q", action)
	}
	fromRef := a.str("from")
	toRef := a.str("to")
	a.check(fromRef != "" && toRef != "", "from and to are required: each %s", refDesc)
	tname := a.str("type")
	if a.err != nil {
		return nil, "", a.err
	}
	typ := ""
	if tname != "" || action != "delete" {
		var err error
		if typ, err = canonicalRelType(tname); err != nil {
			return nil, "", err
		}
		if typ == ObservationType {
			return nil, "", kgArgErr("%s links observations; use the observations tool", typ)
		}
	}
	from, to, err := resolveEnds(ctx, w.tx, fromRef, toRef)
	if err != nil {
		return nil, "", err
	}
	p := map[string]any{"a": int64(from.ID), "b": int64(to.ID), "obs": ObservationType}
	pattern := "[r]"
	if typ != "" {
		pattern = "[r:" + quote(typ) + "]"
	}
	rows, err := w.all(ctx, `MATCH (a)-`+pattern+`->(b) WHERE id(a) IN [$a] AND id(b) IN [$b] AND type(r) <> $obs RETURN r`, p)
	if err != nil {
		return nil, "", err
	}
	desc := fmt.Sprintf("(%s)-[%s]->(%s)", displayName(from), typ, displayName(to))
	if action == "delete" {
		if len(rows) == 0 {
			return nil, "", kgNotFound("there is no relation %s; relations {action: 'find', from: %q} lists its relations", desc, fromRef)
		}
		if _, err := w.all(ctx, `MATCH (a)-`+pattern+`->(b) WHERE id(a) IN [$a] AND id(b) IN [$b] AND type(r) <> $obs DELETE r`, p); err != nil {
			return nil, "", err
		}
		return map[string]any{"deleted": len(rows)}, fmt.Sprintf("deleted %d relation(s) %s", len(rows), desc), nil
	}
	if len(rows) > 0 {
		r := rows[0][0].(value.Rel)
		return map[string]any{"created": false, "relation": relJSON(r), "note": "the relation already exists"},
			fmt.Sprintf("relation %s already exists (r:%d)", desc, r.ID), nil
	}
	props := a.props("properties")
	if a.err != nil {
		return nil, "", a.err
	}
	p["props"] = props
	rows, err = w.all(ctx, `MATCH (a), (b) WHERE id(a) IN [$a] AND id(b) IN [$b] CREATE (a)-[r:`+quote(typ)+`]->(b) SET r += $props RETURN r`, p)
	if err != nil {
		return nil, "", err
	}
	r := rows[0][0].(value.Rel)
	return map[string]any{"created": true, "relation": relJSON(r)}, fmt.Sprintf("created %s (r:%d)", desc, r.ID), nil
}

func (s *Server) relationFind(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	limit := a.int("limit", 50, 1, 500)
	ends := []struct{ arg, ref, v string }{{"from", a.str("from"), "a"}, {"to", a.str("to"), "b"}}
	tname := a.str("type")
	t, err := s.readTarget(ctx, a)
	if err != nil {
		return nil, "", err
	}
	p := map[string]any{"lim": limit, "obs": ObservationType}
	q := ""
	for _, e := range ends {
		if e.ref == "" {
			continue
		}
		n, err := resolveAs(ctx, t.db, e.arg, e.ref)
		if err != nil {
			return nil, "", err
		}
		p[e.v] = int64(n.ID)
		q += `MATCH (` + e.v + `) WHERE id(` + e.v + `) IN [$` + e.v + `] `
	}
	pattern := "[r]"
	if tname != "" {
		typ, err := canonicalRelType(tname)
		if err != nil {
			return nil, "", err
		}
		pattern = "[r:" + quote(typ) + "]"
	}
	q += `MATCH (a)-` + pattern + `->(b) WHERE type(r) <> $obs RETURN r, a, b ORDER BY id(r) LIMIT $lim`
	rows, err := kgAll(ctx, t.db, q, p)
	if err != nil {
		return nil, "", err
	}
	rels := []any{}
	var text strings.Builder
	for _, r := range rows {
		rel, a, b := r[0].(value.Rel), r[1].(value.Node), r[2].(value.Node)
		j := relJSON(rel)
		j["from"] = map[string]any{"id": fmt.Sprintf("n:%d", a.ID), "name": displayName(a), "labels": nodeJSON(a)["labels"]}
		j["to"] = map[string]any{"id": fmt.Sprintf("n:%d", b.ID), "name": displayName(b), "labels": nodeJSON(b)["labels"]}
		rels = append(rels, j)
		fmt.Fprintf(&text, "(%s)-[%s]->(%s) r:%d\n", displayName(a), rel.Type, displayName(b), rel.ID)
	}
	if len(rels) == 0 {
		text.WriteString("no relations match\n")
	}
	return map[string]any{"graph": t.name, "relations": rels, "count": len(rels), "truncated": len(rels) == limit}, text.String(), nil
}
