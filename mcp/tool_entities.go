package mcp

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/cyqdb/cyq/value"
)

const kgEntitiesDesc = `Manage entities: nodes with a type (their label) and a unique name, an optional description and properties.
action "create" {name, type, description?, properties?, observations?}: entity types are canonicalised ("repo" → Project,
"people" → Person, others PascalCase). When an entity with the same name (case-insensitive) or a near-identical one (cosine
distance of the names' embeddings below the configured threshold) exists, nothing is created: the existing entity is returned
with a warning (pass allow_similar: true to create a near-identical one anyway).
"get" {name | id}: the entity with its observations and relationships. "update" {name | id, new_name?, type?, description?,
properties? (null removes a property)}. "delete" {name | id}: removes the entity, its relationships and its observations.
"list" {type?, query? (name contains), limit?, offset?}. "merge" {survivor, duplicates}: moves the duplicates' relationships
and observations onto the survivor, keeps their names as aliases, fills the survivor's missing properties and deletes them.`

const kgEntitiesSchema = `{
  "type": "object",
  "properties": {
    "action": {"type": "string", "enum": ["create", "get", "update", "delete", "list", "merge"]},
    "name": {"type": "string", "description": "the entity's name (create), or ` + refDesc + `"},
    "id": {"type": "string", "description": "node element id like 'n:42' (instead of name)"},
    "type": {"type": "string", "description": "entity type, e.g. Person, Project, Concept (create, update; list filter)"},
    "description": {"type": ["string", "null"], "description": "a sentence about the entity"},
    "properties": {"type": "object", "description": "extra properties: strings, numbers, booleans or lists of them (null removes, on update)"},
    "observations": {"type": "array", "items": {"type": "string"}, "description": "create: facts to attach as observations"},
    "allow_similar": {"type": "boolean", "description": "create even when a near-identical entity exists"},
    "new_name": {"type": "string", "description": "update: rename the entity"},
    "survivor": {"type": "string", "description": "merge: the entity kept, ` + refDesc + `"},
    "duplicates": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 20, "description": "merge: entities merged into the survivor and deleted"},
    "query": {"type": "string", "description": "list: keep names containing this (case-insensitive)"},
    "limit": {"type": "integer", "minimum": 1, "maximum": 500, "description": "list: page size (default 50)"},
    "offset": {"type": "integer", "minimum": 0, "description": "list: entities to skip"},
    ` + graphProp + `
  },
  "required": ["action"],
  "additionalProperties": false
}`

func (s *Server) entities(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	action := a.str("action")
	if a.err != nil {
		return nil, "", a.err
	}
	switch action {
	case "get":
		return s.entityGet(ctx, a)
	case "list":
		return s.entityList(ctx, a)
	case "create", "update", "delete", "merge":
		return s.writeOp(ctx, a, action, (*kgWriter).entityOp)
	}
	return nil, "", kgArgErr("action must be one of create, get, update, delete, list, merge; got %q", action)
}

func (w *kgWriter) entityOp(ctx context.Context, action string, a *kgArgs) (map[string]any, string, error) {
	switch action {
	case "create", "":
		return w.entityCreate(ctx, a)
	case "update":
		return w.entityUpdate(ctx, a)
	case "delete":
		return w.entityDelete(ctx, a)
	case "merge":
		return w.entityMerge(ctx, a)
	}
	return nil, "", kgArgErr("entities action must be create, update, delete or merge here; got %q", action)
}

func (w *kgWriter) entityCreate(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	name := a.str("name")
	a.check(name != "", "name is required to create an entity")
	a.check(len(name) <= 500, "name is %d bytes long; keep names under 500 and put the rest in description", len(name))
	typ, err := w.s.canonicalType(a.str("type"))
	a.fail(err)
	desc := a.str("description")
	props := a.props("properties")
	obs := a.strs("observations")
	allowSimilar := a.bool("allow_similar")
	if a.err != nil {
		return nil, "", a.err
	}
	if ex, d, exact, ok, err := w.similar(ctx, name, !allowSimilar); err != nil {
		return nil, "", err
	} else if ok {
		exName := displayName(ex)
		warning := fmt.Sprintf("entity %q (%s, %s) already exists", exName, entityType(ex), fmt.Sprintf("n:%d", ex.ID))
		if !exact {
			warning = fmt.Sprintf("entity %q (%s, n:%d) is near-identical (name distance %.3f)", exName, entityType(ex), ex.ID, d)
		}
		warning += "; it was returned instead of creating a duplicate. Add facts with observations {action: 'add'}, change it with entities {action: 'update'}"
		if !exact {
			warning += ", or pass allow_similar: true to create a separate entity"
		}
		out := map[string]any{"created": false, "entity": entityJSON(ex), "distance": d, "warning": warning}
		return out, "warning: " + warning, nil
	}
	all := map[string]any{"name": name, "created": w.now, "updated": w.now}
	for k, v := range props {
		if v != nil {
			all[k] = v
		}
	}
	if desc != "" {
		all["description"] = desc
	}
	labels := ":" + EntityLabel
	if typ != EntityLabel {
		labels += ":" + quote(typ)
	}
	rows, err := w.all(ctx, `CREATE (n`+labels+`) SET n += $props RETURN n`, map[string]any{"props": all})
	if err != nil {
		return nil, "", err
	}
	n := rows[0][0].(value.Node)
	w.created = append(w.created, n)
	added := 0
	for _, o := range obs {
		res, _, err := w.observationAdd(ctx, n, o)
		if err != nil {
			return nil, "", err
		}
		if res["created"] == true {
			added++
		}
	}
	out := map[string]any{"created": true, "entity": entityJSON(n), "observations_added": added}
	return out, fmt.Sprintf("created %s %q (n:%d)", typ, name, n.ID), nil
}

func (w *kgWriter) entityUpdate(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	n, err := a.entity(ctx, w.tx)
	if err != nil {
		return nil, "", err
	}
	props := a.props("properties")
	set := map[string]any{"updated": w.now}
	for k, v := range props {
		set[k] = v
	}
	changed := len(props) > 0
	if d, ok := a.m["description"]; ok {
		_, isStr := d.(string)
		a.check(d == nil || isStr, "description must be a string (or null to remove it)")
		if d == "" {
			d = nil
		}
		set["description"], changed = d, true
	}
	newName := a.str("new_name")
	if a.err != nil {
		return nil, "", a.err
	}
	if newName != "" {
		if other, ok, err := findEntity(ctx, w.tx, newName); err != nil {
			return nil, "", err
		} else if ok && other.ID != n.ID {
			return nil, "", kgArgErr("an entity named %q already exists (n:%d); merge the two with entities {action: 'merge', survivor: %q, duplicates: [%q]}",
				displayName(other), other.ID, displayName(other), displayName(n))
		}
		set["name"], changed = newName, true
	}
	typ := a.entityType(w.s)
	if a.err != nil {
		return nil, "", a.err
	}
	relabel := ""
	if typ != "" {
		if old := entityType(n); old != typ {
			if old != "" && old != EntityLabel {
				relabel += " REMOVE n:" + quote(old)
			}
			relabel += " SET n:" + EntityLabel
			if typ != EntityLabel {
				relabel += ":" + quote(typ)
			}
		}
		changed = true
	}
	if !changed {
		return nil, "", kgArgErr("nothing to update: give new_name, type, description or properties")
	}
	rows, err := w.all(ctx, `MATCH (n) WHERE id(n) IN [$id] SET n += $props`+relabel+` RETURN n`, map[string]any{"id": int64(n.ID), "props": set})
	if err != nil {
		return nil, "", err
	}
	u := rows[0][0].(value.Node)
	return map[string]any{"updated": true, "entity": entityJSON(u)}, fmt.Sprintf("updated %s %q (n:%d)", entityType(u), displayName(u), u.ID), nil
}

func (w *kgWriter) entityDelete(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	n, err := a.entity(ctx, w.tx)
	if err != nil {
		return nil, "", err
	}
	p := map[string]any{"id": int64(n.ID), "obs": ObservationType}
	rows, err := w.all(ctx, `MATCH (n)-[r]-() WHERE id(n) IN [$id] AND type(r) <> $obs RETURN count(r)`, p)
	if err != nil {
		return nil, "", err
	}
	rels := rows[0][0]
	rows, err = w.all(ctx, `MATCH (n)-[:`+ObservationType+`]->(o:`+ObservationLabel+`) WHERE id(n) IN [$id] RETURN id(o)`, p)
	if err != nil {
		return nil, "", err
	}
	var obs []any
	for _, r := range rows {
		obs = append(obs, r[0])
	}
	if len(obs) > 0 {
		if _, err := w.all(ctx, `MATCH (o:`+ObservationLabel+`) WHERE id(o) IN $ids DETACH DELETE o`, map[string]any{"ids": obs}); err != nil {
			return nil, "", err
		}
	}
	if _, err := w.all(ctx, `MATCH (n) WHERE id(n) IN [$id] DETACH DELETE n`, p); err != nil {
		return nil, "", err
	}
	out := map[string]any{"deleted": true, "entity": entityJSON(n), "relationships_deleted": value.ToGo(rels), "observations_deleted": len(obs)}
	return out, fmt.Sprintf("deleted %q (n:%d) with %v relationships and %d observations", displayName(n), n.ID, value.ToGo(rels), len(obs)), nil
}

func (s *Server) entityGet(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	ref := a.entityRef()
	t, err := s.readTarget(ctx, a)
	if err != nil {
		return nil, "", err
	}
	n, err := resolve(ctx, t.db, ref)
	if err != nil {
		return nil, "", err
	}
	d, err := s.nodeDetail(ctx, t, n, map[string]bool{"relationships": true, "observations": true})
	if err != nil {
		return nil, "", err
	}
	e := entityJSON(n)
	e["observations"], e["relationships"] = d["observations"], d["relationships"]
	var text strings.Builder
	fmt.Fprintf(&text, "%s %q (n:%d)", entityType(n), displayName(n), n.ID)
	if desc, ok := e["description"]; ok {
		fmt.Fprintf(&text, ": %v", desc)
	}
	for _, o := range d["observations"].([]any) {
		fmt.Fprintf(&text, "\n- %v", o.(map[string]any)["text"])
	}
	for _, r := range d["relationships"].([]any) {
		rm := r.(map[string]any)
		other := rm["other"].(map[string]any)
		if rm["direction"] == "out" {
			fmt.Fprintf(&text, "\n-[%v]-> %v (%v)", rm["type"], other["name"], other["id"])
		} else {
			fmt.Fprintf(&text, "\n<-[%v]- %v (%v)", rm["type"], other["name"], other["id"])
		}
	}
	return map[string]any{"graph": t.name, "entity": e}, text.String(), nil
}

func (s *Server) entityList(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	limit := a.int("limit", 50, 1, 500)
	offset := a.int("offset", 0, 0, math.MaxInt32)
	query := a.str("query")
	label := a.entityType(s)
	if label == "" {
		label = EntityLabel
	}
	t, err := s.readTarget(ctx, a)
	if err != nil {
		return nil, "", err
	}
	where := ""
	if query != "" {
		where = ` WHERE toLower(n.name) CONTAINS toLower($q)`
	}
	p := map[string]any{"q": query, "skip": offset, "lim": limit}
	rows, err := kgAll(ctx, t.db, `MATCH (n:`+EntityLabel+`:`+quote(label)+`)`+where+` RETURN count(n)`, p)
	if err != nil {
		return nil, "", err
	}
	total := rows[0][0]
	rows, err = kgAll(ctx, t.db, `MATCH (n:`+EntityLabel+`:`+quote(label)+`)`+where+` RETURN n ORDER BY toLower(n.name), id(n) SKIP $skip LIMIT $lim`, p)
	if err != nil {
		return nil, "", err
	}
	ents := []any{}
	var text strings.Builder
	for _, r := range rows {
		n := r[0].(value.Node)
		ents = append(ents, entityJSON(n))
		fmt.Fprintf(&text, "%s (%s, n:%d)\n", displayName(n), entityType(n), n.ID)
	}
	if len(ents) == 0 {
		text.WriteString("no entities; create some with entities {action: 'create'}, or look for other nodes with search\n")
	}
	out := map[string]any{"graph": t.name, "entities": ents, "count": len(ents), "total": value.ToGo(total), "offset": offset,
		"has_more": int64(offset+len(ents)) < value.ToGo(total).(int64)}
	return out, text.String(), nil
}
