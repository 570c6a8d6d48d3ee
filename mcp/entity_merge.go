package mcp

import (
	"context"
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/value"
)

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
