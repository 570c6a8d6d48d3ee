package mcp

import (
	"context"
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/value"
)

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
