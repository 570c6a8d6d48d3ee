package mcp

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// quote backquotes a label or type name for Cypher text.
func quote(name string) string { return "`" + strings.ReplaceAll(name, "`", "``") + "`" }

// Element ids and references.

func parseNodeID(ref string) (uint32, bool) {
	s, ok := strings.CutPrefix(ref, "n:")
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseUint(s, 10, 32)
	return uint32(n), err == nil
}

// resolve finds the node a reference names: a node element id ('n:42') or
// an entity name (case-insensitive), else any node whose name or title
// property is exactly ref.
func resolve(ctx context.Context, q kgQuerier, ref string) (value.Node, error) {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return value.Node{}, kgArgErr("a node reference is required: an entity name or a node element id like 'n:42'")
	}
	if id, ok := parseNodeID(ref); ok {
		rows, err := kgAll(ctx, q, `MATCH (n) WHERE id(n) IN [$id] RETURN n`, map[string]any{"id": int64(id)})
		if err != nil {
			return value.Node{}, err
		}
		if len(rows) == 0 {
			return value.Node{}, kgNotFound("there is no node %s; find ids with search or entities {action: 'list'}", ref)
		}
		return rows[0][0].(value.Node), nil
	}
	n, ok, err := findEntity(ctx, q, ref)
	if err != nil || ok {
		return n, err
	}
	rows, err := kgAll(ctx, q, `MATCH (n) WHERE n.name = $name OR n.title = $name RETURN n LIMIT 1`, map[string]any{"name": ref})
	if err != nil {
		return value.Node{}, err
	}
	if len(rows) == 0 {
		return value.Node{}, kgNotFound("entity %q not found; use entities {action: 'list'} or search {query: %q} to find it, or give a node element id like 'n:42'", ref, ref)
	}
	return rows[0][0].(value.Node), nil
}

// resolveAs resolves a reference, naming the argument it came from (e.g.
// "from") in the error.
func resolveAs(ctx context.Context, q kgQuerier, what, ref string) (value.Node, error) {
	n, err := resolve(ctx, q, ref)
	if err != nil {
		return value.Node{}, withPrefix(what, err)
	}
	return n, nil
}

// resolveEnds resolves the from and to references of a call.
func resolveEnds(ctx context.Context, q kgQuerier, fromRef, toRef string) (from, to value.Node, err error) {
	if from, err = resolveAs(ctx, q, "from", fromRef); err != nil {
		return from, to, err
	}
	to, err = resolveAs(ctx, q, "to", toRef)
	return from, to, err
}

// findEntity finds the entity with name (case-insensitive).
func findEntity(ctx context.Context, q kgQuerier, name string) (value.Node, bool, error) {
	rows, err := kgAll(ctx, q, `MATCH (n:`+EntityLabel+` {name: $name}) RETURN n LIMIT 1`, map[string]any{"name": name})
	if err != nil {
		return value.Node{}, false, err
	}
	if len(rows) == 0 {
		rows, err = kgAll(ctx, q, `MATCH (n:`+EntityLabel+`) WHERE toLower(n.name) = toLower($name) RETURN n LIMIT 1`, map[string]any{"name": name})
		if err != nil {
			return value.Node{}, false, err
		}
	}
	if len(rows) == 0 {
		return value.Node{}, false, nil
	}
	return rows[0][0].(value.Node), true, nil
}

// Hydration from storage.

func snapNode(r storage.Reader, id uint32) value.Node {
	ls := r.NodeLabels(id)
	labels := make([]string, len(ls))
	for i, l := range ls {
		labels[i] = r.LabelName(l)
	}
	props := value.Map{}
	r.ForEachNodeProp(id, func(k uint32, v value.Value) bool {
		props[r.PropKeyName(k)] = v
		return true
	})
	return value.Node{ID: id, Labels: labels, Props: props}
}

func snapRel(r storage.Reader, id uint64) (value.Rel, bool) {
	start, end, typ, ok := r.Rel(id)
	if !ok {
		return value.Rel{}, false
	}
	props := value.Map{}
	r.ForEachRelProp(id, func(k uint32, v value.Value) bool {
		props[r.PropKeyName(k)] = v
		return true
	})
	return value.Rel{ID: id, Type: r.TypeName(typ), Start: start, End: end, Props: props}, true
}

// typeIDs maps relationship type names to ids; names that do not occur in
// the graph are left out. With no names it returns every type but
// HAS_OBSERVATION (any is true when that is every type).
func typeIDs(r storage.Reader, names []string) (ids []uint32, any bool) {
	if len(names) > 0 {
		for _, n := range names {
			if id, ok := r.TypeID(n); ok {
				ids = append(ids, id)
			} else if rt, err := canonicalRelType(n); err == nil {
				if id, ok := r.TypeID(rt); ok {
					ids = append(ids, id)
				}
			}
		}
		sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
		return ids, false
	}
	obs, ok := r.TypeID(ObservationType)
	if !ok {
		return nil, true
	}
	for i, n := range r.Types() {
		if uint32(i) != obs && n != "" {
			if id, ok := r.TypeID(n); ok {
				ids = append(ids, id)
			}
		}
	}
	return ids, false
}
