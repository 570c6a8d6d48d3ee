package mcp

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/cyqdb/cyq/storage/search"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/value"
)

// The write tools of the knowledge graph: entities, relations,
// observations and bulk_update. Each call runs in one explicit transaction
// (cyq.Tx): it commits when every step succeeds and leaves nothing behind
// otherwise.

const refDesc = "an entity name (case-insensitive) or a node element id like 'n:42'"

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

const kgObservationsDesc = `Add or delete an observation: a fact about an entity, stored as an Observation node linked
(entity)-[:HAS_OBSERVATION]->(observation) and found by search. action "add" {entity, text} (an identical text on the same entity is
not added twice), "delete" {entity, text} (exact text).`

const kgObservationsSchema = `{
  "type": "object",
  "properties": {
    "action": {"type": "string", "enum": ["add", "delete"]},
    "entity": {"type": "string", "description": "` + refDesc + `"},
    "text": {"type": "string", "minLength": 1, "description": "the observation"},
    ` + graphProp + `
  },
  "required": ["action", "entity", "text"],
  "additionalProperties": false
}`

const kgBulkDesc = `Apply up to 50 changes at once, all or nothing: entities (as the entities tool: action create (default), update, delete or merge),
then relations (create (default) or delete), then observations (add (default) or delete). If any operation fails, nothing is
written and the error names the failing operation (e.g. relations[3]): fix it and send the whole batch again.`

const kgBulkSchema = `{
  "type": "object",
  "properties": {
    "entities": {"type": "array", "items": {"type": "object"}, "description": "entities operations: {action?, name, type, ...}"},
    "relations": {"type": "array", "items": {"type": "object"}, "description": "relations operations: {action?, from, to, type, properties?}"},
    "observations": {"type": "array", "items": {"type": "object"}, "description": "observations operations: {action?, entity, text}"},
    ` + graphProp + `
  },
  "additionalProperties": false
}`

// bulkOpProps are the arguments of each kind of bulk_update operation.
var bulkOpProps = map[string]map[string]bool{
	"entities":     schemaProps(kgEntitiesSchema),
	"relations":    schemaProps(kgRelationsSchema),
	"observations": schemaProps(kgObservationsSchema),
}

// kgWriter runs write steps in one transaction.
type kgWriter struct {
	s       *Server
	t       *kgTarget
	tx      *cyq.Tx
	now     string
	created []value.Node // entities created in this transaction
}

// write runs fn in a transaction on the target graph and commits it.
func (s *Server) write(ctx context.Context, a *kgArgs, fn func(ctx context.Context, w *kgWriter) (map[string]any, string, error)) (map[string]any, string, error) {
	t, err := s.target(ctx, a.graph(), true)
	if err != nil {
		return nil, "", err
	}
	tx, err := t.db.Begin(ctx)
	if err != nil {
		return nil, "", err
	}
	w := &kgWriter{s: s, t: t, tx: tx, now: time.Now().UTC().Format(time.RFC3339)}
	out, text, err := fn(ctx, w)
	if err != nil {
		tx.Rollback()
		return nil, "", err
	}
	if err := tx.Commit(); err != nil {
		return nil, "", err
	}
	out["graph"] = t.name
	return out, text, nil
}

// kgOp is an action of a write tool (entityOp, relationOp, observationOp).
type kgOp func(w *kgWriter, ctx context.Context, action string, a *kgArgs) (map[string]any, string, error)

// writeOp runs the action of a write tool in a transaction.
func (s *Server) writeOp(ctx context.Context, a *kgArgs, action string, op kgOp) (map[string]any, string, error) {
	return s.write(ctx, a, func(ctx context.Context, w *kgWriter) (map[string]any, string, error) {
		return op(w, ctx, action, a)
	})
}

func (w *kgWriter) all(ctx context.Context, q string, params map[string]any) ([][]value.Value, error) {
	return kgAll(ctx, w.tx, q, params)
}

func (w *kgWriter) node(ctx context.Context, id uint32) (value.Node, bool, error) {
	rows, err := w.all(ctx, `MATCH (n) WHERE id(n) IN [$id] RETURN n`, map[string]any{"id": int64(id)})
	if err != nil || len(rows) == 0 {
		return value.Node{}, false, err
	}
	return rows[0][0].(value.Node), true, nil
}

// ---- entities

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

// nameDistance is the cosine distance between two names' built-in
// embeddings, the smaller of the names as written and with spaces and
// punctuation removed ("Open AI" and "OpenAI" are at distance 0).
// Names holding different numbers ("Python 2", "Python 3") are at
// distance 1.
func nameDistance(a, b string) float64 {
	ka, kb := typeKey(a), typeKey(b)
	if ka != "" && ka == kb {
		return 0
	}
	if numbersDiffer(a, b) {
		return 1
	}
	vs, _ := search.DefaultEmbedder{}.Embed(context.Background(), []string{strings.ToLower(a), strings.ToLower(b), ka, kb})
	return math.Max(0, math.Min(1-cosine(vs[0], vs[1]), 1-cosine(vs[2], vs[3])))
}

// numbersDiffer reports whether both names hold numbers and the numbers
// differ: such names are versions or members of a series, not duplicates.
func numbersDiffer(a, b string) bool {
	na, nb := numbers(a), numbers(b)
	return na != "" && nb != "" && na != nb
}

func numbers(s string) string {
	var b strings.Builder
	prev := false
	for _, r := range s {
		d := r >= '0' && r <= '9'
		if d {
			b.WriteRune(r)
		} else if prev {
			b.WriteByte(' ')
		}
		prev = d
	}
	return strings.TrimSpace(b.String())
}

// cosine is the cosine of the angle between a and b (0 when undefined),
// from the engine's SIMD kernel (which reports (1 + cos) / 2).
func cosine(a, b []float32) float64 {
	s, ok := functions.CosineSimilarity(a, b)
	if !ok {
		return 0
	}
	return 2*float64(s) - 1
}

// similar finds an entity whose name equals name (case-insensitive) or,
// when near is set, lies within the duplicate distance of it.
func (w *kgWriter) similar(ctx context.Context, name string, near bool) (n value.Node, d float64, exact, found bool, err error) {
	n, ok, err := findEntity(ctx, w.tx, name)
	if err != nil || ok {
		return n, 0, ok, ok, err
	}
	limit := w.s.cfg.DuplicateDistance
	if !near || limit <= 0 {
		return value.Node{}, 0, false, false, nil
	}
	best, bestD, found := value.Node{}, limit, false
	consider := func(c value.Node) {
		cn, _ := c.Props["name"].(value.String)
		if d := nameDistance(name, string(cn)); d < bestD {
			best, bestD, found = c, d, true
		}
	}
	// Candidates: the nearest names in the vector index (as of the
	// transaction's start) and the entities this transaction created.
	rows, err := w.all(ctx, `CALL db.index.vector.queryNodes($i, 10, $name) YIELD node RETURN id(node)`, map[string]any{"i": kgEntityVec, "name": name})
	if err != nil {
		return value.Node{}, 0, false, false, err
	}
	for _, r := range rows {
		if c, ok, err := w.node(ctx, uint32(r[0].(value.Int))); err != nil {
			return value.Node{}, 0, false, false, err
		} else if ok {
			consider(c)
		}
	}
	for _, c := range w.created {
		if cur, ok, err := w.node(ctx, c.ID); err != nil {
			return value.Node{}, 0, false, false, err
		} else if ok {
			consider(cur)
		}
	}
	return best, bestD, false, found, nil
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

func (w *kgWriter) entityMerge(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	sref := a.str("survivor")
	a.check(sref != "", "survivor is required: the entity to keep, %s", refDesc)
	drefs := a.strs("duplicates")
	a.check(len(drefs) > 0 && len(drefs) <= 20, "duplicates must list 1 to 20 entities to merge into the survivor (suggest_merges proposes some)")
	if a.err != nil {
		return nil, "", a.err
	}
	surv, err := resolveAs(ctx, w.tx, "survivor", sref)
	if err != nil {
		return nil, "", err
	}
	var dups []value.Node
	for _, r := range drefs {
		d, err := resolve(ctx, w.tx, r)
		if err != nil {
			return nil, "", err
		}
		if d.ID == surv.ID {
			return nil, "", kgArgErr("%q is the survivor itself; list only the other entities in duplicates", r)
		}
		dups = append(dups, d)
	}
	aliases := map[string]bool{}
	var aliasList []any
	var addAlias func(v value.Value)
	addAlias = func(v value.Value) {
		switch x := v.(type) {
		case value.String:
			if s := string(x); s != "" && !aliases[strings.ToLower(s)] && !strings.EqualFold(s, displayName(surv)) {
				aliases[strings.ToLower(s)] = true
				aliasList = append(aliasList, s)
			}
		case value.List:
			for _, e := range x {
				if s, ok := e.(value.String); ok {
					addAlias(s)
				}
			}
		}
	}
	addAlias(surv.Props["aliases"])
	moved, obsMoved, dropped := 0, 0, 0
	fill := value.Map{}
	for _, d := range dups {
		cur, ok, err := w.node(ctx, d.ID)
		if err != nil {
			return nil, "", err
		}
		if !ok {
			continue // listed twice
		}
		addAlias(cur.Props["name"])
		addAlias(cur.Props["aliases"])
		for k, v := range cur.Props {
			if _, has := surv.Props[k]; !has && k != "name" && k != "aliases" && fill[k] == nil {
				fill[k] = v
			}
		}
		rows, err := w.all(ctx, `MATCH (d)-[r]-(m) WHERE id(d) IN [$id] RETURN DISTINCT r, m`, map[string]any{"id": int64(d.ID)})
		if err != nil {
			return nil, "", err
		}
		for _, row := range rows {
			rel, m := row[0].(value.Rel), row[1].(value.Node)
			other := m.ID
			if other == d.ID {
				other = surv.ID
			}
			if other == surv.ID {
				dropped++
				continue
			}
			if rel.Type == ObservationType && rel.Start == d.ID {
				ex, err := w.all(ctx, `MATCH (s)-[:`+ObservationType+`]->(o) WHERE id(s) IN [$s] AND o.text = $text RETURN count(o)`,
					map[string]any{"s": int64(surv.ID), "text": m.Props["text"]})
				if err != nil {
					return nil, "", err
				}
				if ex[0][0] == value.Int(0) {
					if _, err := w.all(ctx, `MATCH (s), (o) WHERE id(s) IN [$s] AND id(o) IN [$o] CREATE (s)-[:`+ObservationType+`]->(o)`,
						map[string]any{"s": int64(surv.ID), "o": int64(other)}); err != nil {
						return nil, "", err
					}
					obsMoved++
				} else if _, err := w.all(ctx, `MATCH (o) WHERE id(o) IN [$o] DETACH DELETE o`, map[string]any{"o": int64(other)}); err != nil {
					return nil, "", err
				}
				continue
			}
			a, b := surv.ID, other
			if rel.End == d.ID && rel.Start != d.ID {
				a, b = other, surv.ID
			}
			p := map[string]any{"a": int64(a), "b": int64(b), "props": rel.Props}
			ex, err := w.all(ctx, `MATCH (a)-[r:`+quote(rel.Type)+`]->(b) WHERE id(a) IN [$a] AND id(b) IN [$b] RETURN count(r)`, p)
			if err != nil {
				return nil, "", err
			}
			if ex[0][0] != value.Int(0) {
				dropped++
				continue
			}
			if _, err := w.all(ctx, `MATCH (a), (b) WHERE id(a) IN [$a] AND id(b) IN [$b] CREATE (a)-[r:`+quote(rel.Type)+`]->(b) SET r += $props`, p); err != nil {
				return nil, "", err
			}
			moved++
		}
		if _, err := w.all(ctx, `MATCH (d) WHERE id(d) IN [$id] DETACH DELETE d`, map[string]any{"id": int64(d.ID)}); err != nil {
			return nil, "", err
		}
	}
	delete(fill, "created")
	fill["updated"] = value.String(w.now)
	if len(aliasList) > 0 {
		l := make(value.List, len(aliasList))
		for i, a := range aliasList {
			l[i] = value.String(a.(string))
		}
		fill["aliases"] = l
	}
	rows, err := w.all(ctx, `MATCH (n) WHERE id(n) IN [$id] SET n += $props RETURN n`, map[string]any{"id": int64(surv.ID), "props": fill})
	if err != nil {
		return nil, "", err
	}
	s := rows[0][0].(value.Node)
	out := map[string]any{"merged": len(dups), "entity": entityJSON(s), "relationships_moved": moved, "observations_moved": obsMoved,
		"relationships_dropped": dropped}
	return out, fmt.Sprintf("merged %d entities into %q (n:%d): %d relationships and %d observations moved, %d duplicates or self-links dropped",
		len(dups), displayName(s), s.ID, moved, obsMoved, dropped), nil
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

// ---- relations

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

// ---- observations

func (s *Server) observations(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	action := a.str("action")
	if a.err != nil {
		return nil, "", a.err
	}
	if action != "add" && action != "delete" {
		return nil, "", kgArgErr("action must be add or delete; got %q", action)
	}
	return s.writeOp(ctx, a, action, (*kgWriter).observationOp)
}

func (w *kgWriter) observationOp(ctx context.Context, action string, a *kgArgs) (map[string]any, string, error) {
	ref := a.str("entity")
	a.check(ref != "", "entity is required: %s", refDesc)
	text := a.str("text")
	a.check(text != "", "text is required: the observation")
	if a.err != nil {
		return nil, "", a.err
	}
	e, err := resolve(ctx, w.tx, ref)
	if err != nil {
		return nil, "", err
	}
	switch action {
	case "add", "":
		return w.observationAdd(ctx, e, text)
	case "delete":
		p := map[string]any{"id": int64(e.ID), "text": text}
		rows, err := w.all(ctx, `MATCH (e)-[:`+ObservationType+`]->(o) WHERE id(e) IN [$id] AND o.text = $text RETURN id(o)`, p)
		if err != nil {
			return nil, "", err
		}
		if len(rows) == 0 {
			return nil, "", kgNotFound("%q has no observation with exactly that text; node {id: %q, include: ['observations']} lists them", displayName(e), fmt.Sprintf("n:%d", e.ID))
		}
		if _, err := w.all(ctx, `MATCH (e)-[:`+ObservationType+`]->(o) WHERE id(e) IN [$id] AND o.text = $text DETACH DELETE o`, p); err != nil {
			return nil, "", err
		}
		return map[string]any{"deleted": len(rows), "entity": entityJSON(e)}, fmt.Sprintf("deleted %d observation(s) of %q", len(rows), displayName(e)), nil
	}
	return nil, "", kgArgErr("observations action must be add or delete; got %q", action)
}

func (w *kgWriter) observationAdd(ctx context.Context, e value.Node, text string) (map[string]any, string, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, "", kgArgErr("an observation's text must not be empty")
	}
	if len(text) > 10000 {
		return nil, "", kgArgErr("the observation is %d bytes long; split it into observations under 10,000 bytes", len(text))
	}
	p := map[string]any{"id": int64(e.ID), "text": text, "now": w.now}
	rows, err := w.all(ctx, `MATCH (e)-[:`+ObservationType+`]->(o) WHERE id(e) IN [$id] AND o.text = $text RETURN o LIMIT 1`, p)
	if err != nil {
		return nil, "", err
	}
	created := len(rows) == 0
	if created {
		rows, err = w.all(ctx, `MATCH (e) WHERE id(e) IN [$id] CREATE (e)-[:`+ObservationType+`]->(o:`+ObservationLabel+` {text: $text, created: $now}) RETURN o`, p)
		if err != nil {
			return nil, "", err
		}
	}
	o := rows[0][0].(value.Node)
	out := map[string]any{"created": created, "observation": map[string]any{"id": fmt.Sprintf("n:%d", o.ID), "text": text, "created": value.ToGo(o.Props["created"])},
		"entity": map[string]any{"id": fmt.Sprintf("n:%d", e.ID), "name": displayName(e)}}
	if !created {
		out["note"] = "the entity already has this observation"
		return out, fmt.Sprintf("%q already has this observation (n:%d)", displayName(e), o.ID), nil
	}
	return out, fmt.Sprintf("added an observation to %q (n:%d)", displayName(e), o.ID), nil
}

// ---- bulk_update

func (s *Server) bulkUpdate(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	type op struct {
		kind string
		i    int
		args *kgArgs
	}
	var ops []op
	for _, kind := range []string{"entities", "relations", "observations"} {
		v, ok := a.m[kind]
		if !ok || v == nil {
			continue
		}
		l, ok := v.([]any)
		if !ok {
			return nil, "", kgArgErr("%s must be a list of operations", kind)
		}
		for i, e := range l {
			m, ok := e.(map[string]any)
			if !ok {
				return nil, "", kgArgErr("%s[%d] must be an object", kind, i)
			}
			if _, ok := m["graph"]; ok {
				return nil, "", kgArgErr("%s[%d]: give graph once, at the top level of bulk_update", kind, i)
			}
			if bad := unknownArg(bulkOpProps[kind], m); bad != "" {
				return nil, "", kgArgErr("%s[%d] does not take %q; see the %s tool's arguments", kind, i, bad, kind)
			}
			ops = append(ops, op{kind, i, newArgs(m)})
		}
	}
	if len(ops) == 0 {
		return nil, "", kgArgErr("bulk_update needs operations: entities, relations and/or observations lists")
	}
	if len(ops) > kgMaxBatchOps {
		return nil, "", kgArgErr("bulk_update takes at most %d operations, got %d; split them into several calls", kgMaxBatchOps, len(ops))
	}
	var failed string
	out, text, err := s.write(ctx, a, func(ctx context.Context, w *kgWriter) (map[string]any, string, error) {
		results := []any{}
		var text strings.Builder
		counts := map[string]int{}
		for _, o := range ops {
			action := o.args.str("action")
			err := o.args.err
			if err == nil {
				var res map[string]any
				var line string
				switch o.kind {
				case "entities":
					res, line, err = w.entityOp(ctx, action, o.args)
				case "relations":
					res, line, err = w.relationOp(ctx, action, o.args)
				case "observations":
					if action == "" {
						action = "add"
					}
					res, line, err = w.observationOp(ctx, action, o.args)
				}
				if err == nil {
					if action == "" {
						action = "create"
					}
					res["operation"] = fmt.Sprintf("%s[%d]", o.kind, o.i)
					results = append(results, res)
					counts[o.kind+"."+action]++
					text.WriteString(line + "\n")
					continue
				}
			}
			failed = fmt.Sprintf("%s[%d]", o.kind, o.i)
			return nil, "", opError(failed, err)
		}
		return map[string]any{"applied": len(results), "results": results, "counts": counts},
			fmt.Sprintf("applied %d operations atomically\n%s", len(results), text.String()), nil
	})
	if err != nil {
		extra := map[string]any{"applied": 0}
		if failed != "" {
			extra["failed_operation"] = failed
		}
		return nil, "", &kgFailure{err, extra}
	}
	return out, text, nil
}

// opError prefixes a bulk operation's error with where it happened and
// says that nothing was written.
func opError(where string, err error) error {
	e := cyqerr.As(withPrefix(where, err))
	if e == nil {
		return err
	}
	e.Message += "; nothing was written: fix this operation and send the whole batch again"
	return e
}
