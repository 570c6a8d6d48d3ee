package program

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/graphprogram"
	"github.com/cyqdb/cyq/value"
)

// endpointRows bounds the nodes an endpoint contributes.
const endpointRows = 10000

// endpoint runs an API operation. Endpoints are engine queries: the Cypher
// text is generated from the configuration only (the key property and the
// concept label, quoted as names); every value from the program is a
// parameter.
func (r *run) endpoint(ctx context.Context, op graphprogram.Operation) (*WorkingGraph, error) {
	ep, ok := graphprogram.LookupEndpoint(op.Endpoint)
	if !ok {
		return nil, cyqerr.Compile(cyqerr.ProgramError, "V020", "unknown endpoint %q", op.Endpoint)
	}
	args := map[string]any{}
	for k, v := range op.Params {
		if name, ok := graphprogram.ParamRef(v); ok {
			x, bound := r.params[name]
			if bound && x == nil {
				continue // an undeclared parameter that was not passed: as if absent
			}
			if !bound {
				return nil, cyqerr.Compile(cyqerr.ParameterMissing, "MissingParameter", "endpoint parameter %q refers to $%s, which has no value", k, name).WithHint("declare it with a default or pass it in params")
			}
			v = x
		}
		args[k] = v
	}
	for _, p := range ep.Params {
		if x, ok := args[p.Name]; ok {
			if msg := graphprogram.CheckEndpointValue(p, x); msg != "" {
				return nil, cyqerr.Compile(cyqerr.ProgramError, "V023", "%s", msg)
			}
		} else if p.Required {
			return nil, cyqerr.Compile(cyqerr.ProgramError, "V021", "endpoint %s needs the parameter %q", ep.Path, p.Name)
		}
	}
	switch ep.Path {
	case "/search/concepts", "/search/sources":
		return r.search(ctx, ep.Path, args) // program_search.go
	case "/concepts/details":
		return r.details(ctx, args)
	case "/concepts/related":
		return r.related(ctx, args)
	case "/concepts/batch":
		return r.batch(ctx, args)
	case "/vocabulary/status":
		return r.vocabulary(args)
	}
	return nil, cyqerr.Compile(cyqerr.ProgramError, "V020", "endpoint %s is not implemented", ep.Path)
}

// conceptPattern returns "(v)" or "(v:ConceptLabel)".
func (r *run) conceptPattern(v string) string {
	if r.opts.ConceptLabel == "" {
		return "(" + v + ")"
	}
	return "(" + v + ":" + value.QuoteName(r.opts.ConceptLabel) + ")"
}

func (r *run) keyProp(v string) string { return v + "." + value.QuoteName(r.opts.KeyProperty) }

// EndpointQueries returns the Cypher an endpoint runs, for EXPLAIN.
func (rn *Runner) EndpointQueries(endpoint string, params map[string]any, opts *Options) []string {
	r := &run{rn: rn, opts: opts.withDefaults()}
	_, typed := params["relationship_types"]
	switch endpoint {
	case "/search/concepts", "/search/sources":
		return r.searchQueries(endpoint, params) // program_search.go
	case "/concepts/details":
		return []string{r.byKeyQuery(), r.byElementIDQuery(), r.detailsQuery()}
	case "/concepts/related":
		d := 2
		if f, ok := graphprogram.Number(params["max_depth"]); ok && f >= 1 && f <= graphprogram.MaxRelatedDepth {
			d = int(f)
		}
		return []string{r.byKeyQuery(), r.byElementIDQuery(), fmt.Sprintf("up to %d times, one hop from the frontier: %s", d, r.hopQuery(typed)), r.amongQuery(typed)}
	case "/concepts/batch":
		return []string{r.byKeyQuery(), r.byElementIDQuery()}
	case "/vocabulary/status":
		return []string{"(reads the relationship-type dictionary and per-type counts from the store's statistics)"}
	}
	return nil
}

func (r *run) byKeyQuery() string {
	return fmt.Sprintf("MATCH %s WHERE %s IN $ids RETURN n LIMIT %d", r.conceptPattern("n"), r.keyProp("n"), endpointRows)
}

func (r *run) byElementIDQuery() string {
	return fmt.Sprintf("MATCH %s WHERE elementId(n) IN $ids RETURN n LIMIT %d", r.conceptPattern("n"), endpointRows)
}

// resolve finds the concepts with the given keys, or elementIds for the
// ids no key matched.
func (r *run) resolve(ctx context.Context, ids []any) ([]value.Node, error) {
	rows, err := r.queryRows(ctx, r.byKeyQuery(), map[string]any{"ids": ids})
	if err != nil {
		return nil, err
	}
	var out []value.Node
	found := map[string]bool{}
	for _, row := range rows {
		if n, ok := row[0].(value.Node); ok {
			out = append(out, n)
			if k, ok := n.Props[r.opts.KeyProperty].(value.String); ok {
				found[string(k)] = true
			}
		}
	}
	var eids []any
	for _, id := range ids {
		if s, ok := id.(string); ok && !found[s] && strings.HasPrefix(s, "n:") {
			eids = append(eids, s)
		}
	}
	if len(eids) == 0 {
		return out, nil
	}
	rows, err = r.queryRows(ctx, r.byElementIDQuery(), map[string]any{"ids": eids})
	if err != nil {
		return nil, err
	}
	seen := map[uint32]bool{}
	for _, n := range out {
		seen[n.ID] = true
	}
	for _, row := range rows {
		if n, ok := row[0].(value.Node); ok && !seen[n.ID] {
			out = append(out, n)
		}
	}
	return out, nil
}

func elementIDs(nodes []value.Node) []any {
	out := make([]any, len(nodes))
	for i, n := range nodes {
		out[i] = fmt.Sprintf("n:%d", n.ID)
	}
	return out
}

func (r *run) detailsQuery() string {
	return fmt.Sprintf("MATCH (n) WHERE elementId(n) IN $ids OPTIONAL MATCH (n)-[rel]->(m) RETURN n, rel, m LIMIT %d", endpointRows)
}

func (r *run) details(ctx context.Context, args map[string]any) (*WorkingGraph, error) {
	c := r.collector()
	nodes, err := r.resolve(ctx, []any{args["concept_id"]})
	if err != nil || len(nodes) == 0 {
		return c.finish(), err
	}
	rows, err := r.queryRows(ctx, r.detailsQuery(), map[string]any{"ids": elementIDs(nodes[:1])})
	if err != nil {
		return nil, err
	}
	for _, row := range rows {
		for _, v := range row {
			c.value(v)
		}
	}
	return c.finish(), nil
}

// hopQuery expands the frontier by one hop in either direction.
func (r *run) hopQuery(typed bool) string {
	if typed {
		return "MATCH (a)-[rel]-(m) WHERE elementId(a) IN $frontier AND type(rel) IN $types RETURN DISTINCT m"
	}
	return "MATCH (a)--(m) WHERE elementId(a) IN $frontier RETURN DISTINCT m"
}

func (r *run) amongQuery(typed bool) string {
	if typed {
		return "MATCH (a)-[rel]->(b) WHERE elementId(a) IN $ids AND elementId(b) IN $ids AND type(rel) IN $types RETURN rel"
	}
	return "MATCH (a)-[rel]->(b) WHERE elementId(a) IN $ids AND elementId(b) IN $ids RETURN rel"
}

// related expands breadth-first from the concept, one set-at-a-time query
// per hop (so that a relationship-type filter never enumerates paths), then
// adds every relationship among the neighbourhood.
func (r *run) related(ctx context.Context, args map[string]any) (*WorkingGraph, error) {
	depth := 2
	if f, ok := graphprogram.Number(args["max_depth"]); ok {
		depth = int(f)
	}
	c := r.collector()
	centers, err := r.resolve(ctx, []any{args["concept_id"]})
	if err != nil || len(centers) == 0 {
		return c.finish(), err
	}
	center := centers[0]
	c.node(center)
	types, typed := args["relationship_types"]
	seen := map[uint32]bool{center.ID: true}
	ids := elementIDs(centers[:1])
	frontier := ids
	for d := 0; d < depth && len(frontier) > 0 && len(seen) < endpointRows; d++ {
		params := map[string]any{"frontier": frontier}
		if typed {
			params["types"] = types
		}
		rows, err := r.queryRows(ctx, r.hopQuery(typed), params)
		if err != nil {
			return nil, err
		}
		frontier = nil
		for _, row := range rows {
			n, ok := row[0].(value.Node)
			if !ok || seen[n.ID] {
				continue
			}
			if len(seen) == endpointRows {
				break
			}
			seen[n.ID] = true
			c.node(n)
			eid := fmt.Sprintf("n:%d", n.ID)
			frontier = append(frontier, eid)
			ids = append(ids, eid)
		}
	}
	params := map[string]any{"ids": ids}
	if typed {
		params["types"] = types
	}
	rows, err := r.queryRows(ctx, r.amongQuery(typed), params)
	if err != nil {
		return nil, err
	}
	for _, row := range rows {
		c.value(row[0])
	}
	return c.finish(), nil
}

func (r *run) batch(ctx context.Context, args map[string]any) (*WorkingGraph, error) {
	var ids []any
	switch x := args["concept_ids"].(type) {
	case []any:
		ids = x
	case []string:
		for _, s := range x {
			ids = append(ids, s)
		}
	}
	nodes, err := r.resolve(ctx, ids)
	if err != nil {
		return nil, err
	}
	c := r.collector()
	for _, n := range nodes {
		c.node(n)
	}
	return c.finish(), nil
}

// vocabulary returns one synthetic node vocab:<TYPE> per relationship type
// of the graph's dictionary, with its relationship count and status
// ("active" when in use, "unused" otherwise), read from the store's
// statistics.
func (r *run) vocabulary(args map[string]any) (*WorkingGraph, error) {
	g, err := r.rn.eng.Graph()
	if err != nil {
		return nil, err
	}
	snap := g.Snapshot()
	defer snap.Close()
	st := snap.Stats()
	only, _ := args["relationship_type"].(string)
	filter, _ := args["status_filter"].(string)
	types := snap.Types()
	sort.Strings(types)
	out := NewWorkingGraph()
	for _, t := range types {
		if only != "" && t != only {
			continue
		}
		id, _ := snap.TypeID(t)
		count := st.RelsPerType[id]
		status := "active"
		if count == 0 {
			status = "unused"
		}
		if filter != "" && filter != status {
			continue
		}
		key := "vocab:" + t
		n := &WNode{ConceptID: key, Label: t, Labels: []string{"Vocabulary"}, key: key,
			Properties: map[string]any{"relationship_type": t, "count": int64(count), "status": status}}
		n.id = r.w.synthID(key)
		out.synth[key] = n.id
		out.addNode(n)
	}
	return out, nil
}
