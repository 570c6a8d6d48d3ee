package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// Knowledge-graph tools: the read-only search, node, related, path, stats,
// visualize, suggest_merges and use_graph (always listed), and the write
// tools entities, relations, observations and bulk_update (kg_write.go,
// listed with Config.AllowWrites). Every tool takes graph; use_graph sets
// the session's default graph.

const graphProp = `"graph": {"type": "string", "description": "named graph (default: the session's graph set with use_graph, else the server's)"}`

const kgSearchDesc = `Find nodes (entities, observations, any indexed node) by text. mode "hybrid" (default) fuses the full-text (BM25) and
vector rankings by reciprocal rank fusion, "text" uses the FULLTEXT indexes only (words, "quoted phrases", prefix*), "vector" the
VECTOR indexes with an embedder only. Every suitable index is searched unless index / vector_index names one.
labels keeps nodes with one of those labels (entity types are canonicalised); min_score drops weaker results (scores: BM25 for text,
(1+cosine)/2 for vector, RRF for hybrid). Page with offset and limit. Results: node, score, ranks and, for an observation, its entity.`

const kgSearchSchema = `{
  "type": "object",
  "properties": {
    "query": {"type": "string", "minLength": 1, "description": "search text"},
    "mode": {"type": "string", "enum": ["hybrid", "vector", "text"], "description": "ranking (default hybrid)"},
    "labels": {"type": "array", "items": {"type": "string"}, "description": "keep only nodes with one of these labels or entity types"},
    "limit": {"type": "integer", "minimum": 1, "maximum": 100, "description": "results to return (default 10)"},
    "offset": {"type": "integer", "minimum": 0, "maximum": 1000, "description": "results to skip, for paging (default 0)"},
    "min_score": {"type": "number", "minimum": 0, "description": "drop results scoring below this"},
    "index": {"type": "string", "description": "search only this FULLTEXT index"},
    "vector_index": {"type": "string", "description": "search only this VECTOR index (it needs an embedder)"},
    ` + graphProp + `
  },
  "required": ["query"],
  "additionalProperties": false
}`

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

const kgRelatedDesc = `The neighbourhood of a node (element id 'n:42' or an entity name) up to depth hops (default 1, max 6), found by a
breadth-first expansion of node sets (bitmaps). relationship_types restricts the types followed (observations are not followed
unless HAS_OBSERVATION is listed), direction is out, in or both (default). Returns {nodes (each with its depth), relationships
(those among the returned nodes), truncated}: at most max_nodes nodes besides the centre (default 100), nearest first;
truncated is true when more were reached (total says how many).`

const kgRelatedSchema = `{
  "type": "object",
  "properties": {
    "id": {"type": "string", "description": "centre: node element id like 'n:42', or an entity name"},
    "depth": {"type": "integer", "minimum": 1, "maximum": 6, "description": "hops (default 1)"},
    "relationship_types": {"type": "array", "items": {"type": "string"}, "description": "types to follow (default: all but HAS_OBSERVATION)"},
    "direction": {"type": "string", "enum": ["out", "in", "both"], "description": "default both"},
    "max_nodes": {"type": "integer", "minimum": 1, "maximum": 2000, "description": "nodes to return besides the centre (default 100)"},
    ` + graphProp + `
  },
  "required": ["id"],
  "additionalProperties": false
}`

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

const kgStatsDesc = `An overview of a graph: node and relationship counts, counts per label and per relationship type, orphan nodes
(no relationships), average degree, the most connected nodes, and the full-text and vector indexes. Also lists the graphs of the store.`

const kgStatsSchema = `{
  "type": "object",
  "properties": {
    "top": {"type": "integer", "minimum": 1, "maximum": 100, "description": "most connected nodes to list (default 10)"},
    ` + graphProp + `
  },
  "additionalProperties": false
}`

const kgUseGraphDesc = `Show or set this session's default graph, used by the knowledge-graph tools when graph is omitted. With graph, sets it
(with --allow-writes a missing graph is created); with "graph": "" resets to the server's graph; without graph, shows the current one.
Always lists the store's graphs.`

const kgUseGraphSchema = `{
  "type": "object",
  "properties": {"graph": {"type": "string", "description": "graph to use by default in this session"}},
  "additionalProperties": false
}`

// AddKnowledgeGraphTools lists the knowledge-graph tools: the read-only ones
// always, the write tools when the server allows writes. New calls it.
func (s *Server) AddKnowledgeGraphTools() {
	add := func(name, title, desc, schema string, readOnly, destructive, idempotent bool, f kgFunc) {
		s.srv.AddTool(tool(name, title, desc, schema, readOnly, destructive, idempotent), strictArgs(name, schema, s.kgHandler(f)))
	}
	add("search", "Search nodes by text", kgSearchDesc, kgSearchSchema, true, false, true, s.search)
	add("node", "Nodes by id or name", kgNodeDesc, kgNodeSchema, true, false, true, s.node)
	add("related", "Neighbourhood of a node", kgRelatedDesc, kgRelatedSchema, true, false, true, s.related)
	add("path", "Shortest paths", kgPathDesc, kgPathSchema, true, false, true, s.path)
	add("stats", "Graph statistics", kgStatsDesc, kgStatsSchema, true, false, true, s.stats)
	add("visualize", "Draw a subgraph", kgVisualizeDesc, kgVisualizeSchema, true, false, true, s.visualize)
	add("suggest_merges", "Near-duplicate entities", kgSuggestDesc, kgSuggestSchema, true, false, true, s.suggestMerges)
	// use_graph changes only the session's state, but with writes allowed
	// it creates a missing graph.
	add("use_graph", "Session default graph", kgUseGraphDesc, kgUseGraphSchema, !s.cfg.AllowWrites, false, true, s.useGraph)
	if s.cfg.AllowWrites {
		add("entities", "Create, read, update, delete, list and merge entities", kgEntitiesDesc, kgEntitiesSchema, false, true, false, s.entities)
		add("relations", "Create, delete and find relations", kgRelationsDesc, kgRelationsSchema, false, true, false, s.relations)
		add("observations", "Add and delete observations", kgObservationsDesc, kgObservationsSchema, false, true, false, s.observations)
		add("bulk_update", "Atomic batch of up to 50 changes", kgBulkDesc, kgBulkSchema, false, true, false, s.bulkUpdate)
	}
}

// schemaProps returns the property names of a tool's input schema.
func schemaProps(schema string) map[string]bool {
	var sc struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal([]byte(schema), &sc); err != nil {
		panic("mcp: bad tool schema: " + err.Error())
	}
	out := map[string]bool{}
	for k := range sc.Properties {
		out[k] = true
	}
	return out
}

// unknownArg reports the first argument (in name order) the schema does not declare.
func unknownArg(allowed map[string]bool, args map[string]any) string {
	var bad []string
	for k := range args {
		if !allowed[k] {
			bad = append(bad, k)
		}
	}
	if len(bad) == 0 {
		return ""
	}
	sort.Strings(bad)
	return bad[0]
}

// strictArgs rejects arguments the tool's schema does not declare
// (additionalProperties: false), whether or not the client checked them.
func strictArgs(name, schema string, h server.ToolHandlerFunc) server.ToolHandlerFunc {
	allowed := schemaProps(schema)
	list := make([]string, 0, len(allowed))
	for k := range allowed {
		list = append(list, k)
	}
	sort.Strings(list)
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if bad := unknownArg(allowed, req.GetArguments()); bad != "" {
			return argError("%s does not take %q; its arguments are: %s", name, bad, strings.Join(list, ", ")), nil
		}
		return h(ctx, req)
	}
}

// kgFunc is a KG tool: it returns the structured result and its text, or
// an error (a *kgFailure to add fields to the failure result).
type kgFunc func(ctx context.Context, a *kgArgs) (map[string]any, string, error)

// kgFailure is an error whose failure result carries extra fields.
type kgFailure struct {
	err   error
	extra map[string]any
}

func (f *kgFailure) Error() string { return f.err.Error() }
func (f *kgFailure) Unwrap() error { return f.err }

// kgHandler runs a KG tool under the query timeout and turns what it
// returns into a tool result.
func (s *Server) kgHandler(f kgFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ctx, cancel := context.WithTimeout(ctx, s.cfg.QueryTimeout)
		defer cancel()
		out, text, err := f(ctx, newArgs(req.GetArguments()))
		if err != nil {
			var extra map[string]any
			if kf, ok := err.(*kgFailure); ok {
				err, extra = kf.err, kf.extra
			}
			return failure(err, extra), nil
		}
		out["success"] = true
		return result(out, text, false), nil
	}
}

// ---- use_graph

func (s *Server) useGraph(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	if g, ok := a.m["graph"]; ok {
		name, ok := g.(string)
		if !ok {
			return nil, "", kgArgErr("graph must be a string")
		}
		if name != "" {
			if _, err := s.target(ctx, name, s.cfg.AllowWrites); err != nil {
				return nil, "", err
			}
		}
		s.setSessionGraph(ctx, name)
	}
	cur := s.sessionGraph(ctx)
	if cur == "" {
		cur = s.db.GraphName()
	}
	graphs := s.graphs()
	out := map[string]any{"graph": cur, "server_graph": s.db.GraphName(), "graphs": graphs}
	return out, fmt.Sprintf("this session's graph: %s (graphs: %s)", cur, strings.Join(graphs, ", ")), nil
}

// ---- search

type kgHit struct {
	node              value.Node
	score             float64
	textRank, vecRank int
}

type kgIndex struct {
	name, kind string
	labels     []string
	embedder   string
}

func (s *Server) search(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	query := a.str("query")
	a.check(query != "", "query is required: the words to search for")
	mode := a.choice("mode", "hybrid", "hybrid", "vector", "text")
	limit := a.int("limit", 10, 1, 100)
	offset := a.int("offset", 0, 0, 1000)
	minScore := a.float("min_score", 0, 0, 1e9)
	labels := a.strs("labels")
	onlyText := a.str("index")
	onlyVec := a.str("vector_index")
	t, err := s.readTarget(ctx, a)
	if err != nil {
		return nil, "", err
	}
	labelSet := map[string]bool{}
	for _, l := range labels {
		labelSet[l] = true
		if c, err := s.canonicalType(l); err == nil {
			labelSet[c] = true
		}
	}
	rows, err := kgAll(ctx, t.db, `CALL cyq.search.indexes() YIELD name, type, labels, config RETURN name, type, labels, config`, nil)
	if err != nil {
		return nil, "", err
	}
	var textIdx, vecIdx []kgIndex
	var textCover, vecCover []bool
	for _, r := range rows {
		ix := kgIndex{name: string(r[0].(value.String)), kind: string(r[1].(value.String))}
		if l, ok := r[2].(value.List); ok {
			for _, e := range l {
				ix.labels = append(ix.labels, fmt.Sprint(value.ToGo(e)))
			}
		}
		if m, ok := r[3].(value.Map); ok {
			if e, ok := m["cyq.embedder"].(value.String); ok {
				ix.embedder = string(e)
			}
		}
		covers := false
		for _, l := range ix.labels {
			covers = covers || labelSet[l]
		}
		switch {
		case ix.kind == "FULLTEXT" && (onlyText == "" || onlyText == ix.name):
			textIdx = append(textIdx, ix)
			textCover = append(textCover, covers)
		case ix.kind == "VECTOR" && (onlyVec == ix.name || onlyVec == "" && ix.embedder != ""):
			vecIdx = append(vecIdx, ix)
			vecCover = append(vecCover, covers)
		}
	}
	// With labels, prefer the indexes on those labels; when there are none
	// (e.g. a Person is found through the Entity index), search them all
	// and filter the results.
	textIdx, vecIdx = preferCovering(textIdx, textCover), preferCovering(vecIdx, vecCover)
	if onlyText != "" && len(textIdx) == 0 {
		return nil, "", kgNotFound("there is no FULLTEXT index %q; stats lists the search indexes", onlyText)
	}
	if onlyVec != "" && len(vecIdx) == 0 {
		return nil, "", kgNotFound("there is no VECTOR index %q; stats lists the search indexes", onlyVec)
	}
	var warnings []string
	if mode == "text" && len(textIdx) == 0 || mode == "hybrid" && len(textIdx) == 0 && len(vecIdx) == 0 {
		return nil, "", kgArgErr("graph %s has no full-text index; create one with CREATE FULLTEXT INDEX name FOR (n:Label) ON EACH [n.prop] (the write tools create kg_text), or use the cypher tool", t.name)
	}
	if mode == "vector" && len(vecIdx) == 0 {
		return nil, "", kgArgErr("graph %s has no vector index with an embedder; use mode \"text\", or create one with CREATE VECTOR INDEX name FOR (n:Label) ON (n.embedding) OPTIONS {indexConfig: {`cyq.embedder`: 'default', `cyq.source`: 'name'}}", t.name)
	}
	k := min(1000, max(50, (offset+limit)*3))
	keep := func(n value.Node) bool {
		if len(labelSet) == 0 {
			return true
		}
		for _, l := range n.Labels {
			if labelSet[l] {
				return true
			}
		}
		return false
	}
	// rank merges the results of several indexes: a node's best score.
	rank := func(idx []kgIndex, run func(ix kgIndex) ([][]value.Value, error)) ([]kgHit, error) {
		best := map[uint32]kgHit{}
		var firstErr error
		ok := 0
		for _, ix := range idx {
			rows, err := run(ix)
			if err != nil {
				if firstErr == nil {
					firstErr = err
				}
				warnings = append(warnings, fmt.Sprintf("index %s: %v", ix.name, err))
				continue
			}
			ok++
			for _, r := range rows {
				n, isNode := r[0].(value.Node)
				if !isNode || !keep(n) {
					continue
				}
				sc := toFloat(r[1])
				if h, seen := best[n.ID]; !seen || sc > h.score {
					best[n.ID] = kgHit{node: n, score: sc}
				}
			}
		}
		if ok == 0 && firstErr != nil {
			return nil, firstErr
		}
		hits := make([]kgHit, 0, len(best))
		for _, h := range best {
			hits = append(hits, h)
		}
		sort.Slice(hits, func(i, j int) bool {
			if hits[i].score != hits[j].score {
				return hits[i].score > hits[j].score
			}
			return hits[i].node.ID < hits[j].node.ID
		})
		return hits, nil
	}
	var textHits, vecHits []kgHit
	if mode != "vector" {
		textHits, err = rank(textIdx, func(ix kgIndex) ([][]value.Value, error) {
			return kgAll(ctx, t.db, `CALL db.index.fulltext.queryNodes($i, $q, {limit: $k}) YIELD node, score RETURN node, score`,
				map[string]any{"i": ix.name, "q": query, "k": k})
		})
		if err != nil {
			return nil, "", err
		}
	}
	if mode != "text" {
		var filter any
		if len(labels) == 1 {
			for l := range labelSet {
				if len(labelSet) == 1 {
					filter = l
				}
			}
		}
		vecHits, err = rank(vecIdx, func(ix kgIndex) ([][]value.Value, error) {
			return kgAll(ctx, t.db, `CALL cyq.search.vector($i, $k, $q, $f) YIELD node, score RETURN node, score`,
				map[string]any{"i": ix.name, "q": query, "k": k, "f": filter})
		})
		if err != nil {
			if mode == "vector" {
				return nil, "", err
			}
			vecHits = nil
		}
	}
	var hits []kgHit
	switch mode {
	case "text":
		hits = textHits
		for i := range hits {
			hits[i].textRank = i + 1
		}
	case "vector":
		hits = vecHits
		for i := range hits {
			hits[i].vecRank = i + 1
		}
	default:
		if len(vecIdx) == 0 {
			warnings = append(warnings, "no vector index with an embedder: the results are full-text only")
		}
		fused := map[uint32]*kgHit{}
		var order []uint32
		add := func(list []kgHit, text bool) {
			for i, h := range list {
				f, ok := fused[h.node.ID]
				if !ok {
					f = &kgHit{node: h.node}
					fused[h.node.ID] = f
					order = append(order, h.node.ID)
				}
				f.score += 1 / float64(60+i+1)
				if text {
					f.textRank = i + 1
				} else {
					f.vecRank = i + 1
				}
			}
		}
		add(textHits, true)
		add(vecHits, false)
		for _, id := range order {
			hits = append(hits, *fused[id])
		}
		sort.SliceStable(hits, func(i, j int) bool { return hits[i].score > hits[j].score })
	}
	if minScore > 0 {
		kept := hits[:0]
		for _, h := range hits {
			if h.score >= minScore {
				kept = append(kept, h)
			}
		}
		hits = kept
	}
	total := len(hits)
	if offset < len(hits) {
		hits = hits[offset:]
	} else {
		hits = nil
	}
	hasMore := len(hits) > limit
	if hasMore {
		hits = hits[:limit]
	}
	// Observations come with their entity.
	owners := map[uint32]value.Node{}
	var obsIDs []any
	for _, h := range hits {
		for _, l := range h.node.Labels {
			if l == ObservationLabel {
				obsIDs = append(obsIDs, int64(h.node.ID))
			}
		}
	}
	if len(obsIDs) > 0 {
		rows, err := kgAll(ctx, t.db, `MATCH (e)-[:`+ObservationType+`]->(o) WHERE id(o) IN $ids RETURN id(o), e`, map[string]any{"ids": obsIDs})
		if err != nil {
			return nil, "", err
		}
		for _, r := range rows {
			owners[uint32(r[0].(value.Int))] = r[1].(value.Node)
		}
	}
	results := []any{}
	var text strings.Builder
	for i, h := range hits {
		item := map[string]any{"id": fmt.Sprintf("n:%d", h.node.ID), "name": displayName(h.node), "labels": nodeJSON(h.node)["labels"],
			"score": h.score, "node": nodeJSON(h.node)}
		if h.textRank > 0 {
			item["text_rank"] = h.textRank
		}
		if h.vecRank > 0 {
			item["vector_rank"] = h.vecRank
		}
		line := fmt.Sprintf("%d. n:%d %v %s score %.4f", offset+i+1, h.node.ID, h.node.Labels, displayName(h.node), h.score)
		if e, ok := owners[h.node.ID]; ok {
			item["entity"] = map[string]any{"id": fmt.Sprintf("n:%d", e.ID), "name": displayName(e), "type": entityType(e)}
			line += fmt.Sprintf(" (observation of %s n:%d)", displayName(e), e.ID)
		}
		results = append(results, item)
		text.WriteString(line + "\n")
	}
	if len(results) == 0 {
		text.WriteString("no results; try other words, mode \"text\" or \"vector\", fewer labels or a lower min_score\n")
	}
	out := map[string]any{"graph": t.name, "mode": mode, "query": query, "results": results, "count": len(results),
		"total": total, "offset": offset, "has_more": hasMore}
	if len(warnings) > 0 {
		out["warning"] = strings.Join(warnings, "; ")
		text.WriteString("warning: " + out["warning"].(string) + "\n")
	}
	return out, text.String(), nil
}

func preferCovering(idx []kgIndex, covers []bool) []kgIndex {
	var out []kgIndex
	for i, ix := range idx {
		if covers[i] {
			out = append(out, ix)
		}
	}
	if len(out) == 0 {
		return idx
	}
	return out
}

func toFloat(v value.Value) float64 {
	switch x := v.(type) {
	case value.Float:
		return float64(x)
	case value.Int:
		return float64(x)
	}
	return 0
}

// ---- node

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

// ---- related

// neighbourhood is the result of a breadth-first expansion.
type neighbourhood struct {
	center    uint32
	nodes     []uint32 // returned nodes besides the centre, nearest first
	depth     map[uint32]int
	total     int // nodes reached besides the centre
	truncated bool
	rels      []uint64 // relationships among the centre and nodes
	relsCut   bool
}

// expand runs a set-at-a-time breadth-first expansion from center: each
// level is one ExpandSet per relationship type over the whole frontier,
// minus the nodes already visited (roaring bitmaps throughout).
func expand(ctx context.Context, r storage.Reader, center uint32, depth int, types []uint32, anyType bool, dir storage.Direction, maxNodes int) (*neighbourhood, error) {
	h := &neighbourhood{center: center, depth: map[uint32]int{center: 0}}
	visited := roaring.BitmapOf(center)
	frontier := roaring.BitmapOf(center)
	for d := 1; d <= depth && !frontier.IsEmpty(); d++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var next *roaring.Bitmap
		if anyType {
			next = r.ExpandSet(frontier, dir, storage.AnyType)
		} else {
			parts := make([]*roaring.Bitmap, 0, len(types))
			for _, t := range types {
				parts = append(parts, r.ExpandSet(frontier, dir, t))
			}
			next = roaring.FastOr(parts...)
		}
		next.AndNot(visited)
		visited.Or(next)
		h.total += int(next.GetCardinality())
		it := next.Iterator()
		for it.HasNext() && len(h.nodes) < maxNodes {
			id := it.Next()
			h.nodes = append(h.nodes, id)
			h.depth[id] = d
		}
		frontier = next
	}
	h.truncated = h.total > len(h.nodes)
	h.rels, h.relsCut = relsAmong(r, append([]uint32{center}, h.nodes...), types, anyType, 4*maxNodes+100)
	return h, nil
}

// relsAmong lists the relationships (of types, or any type) between nodes,
// at most max of them.
func relsAmong(r storage.Reader, nodes []uint32, types []uint32, anyType bool, max int) ([]uint64, bool) {
	in := roaring.BitmapOf(nodes...)
	var rels []uint64
	cut := false
	visit := func(rel uint64, nbr uint32, _ uint32) bool {
		if in.Contains(nbr) {
			if len(rels) == max {
				cut = true
				return false
			}
			rels = append(rels, rel)
		}
		return true
	}
	for _, n := range nodes {
		if anyType {
			r.Expand(n, storage.Out, storage.AnyType, visit)
		} else {
			for _, t := range types {
				r.Expand(n, storage.Out, t, visit)
			}
		}
		if cut {
			break
		}
	}
	return rels, cut
}

func (s *Server) related(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	ref := a.str("id")
	depth := a.int("depth", 1, 1, 6)
	maxNodes := a.int("max_nodes", 100, 1, 2000)
	typeNames := a.strs("relationship_types")
	dir := a.direction()
	t, snap, err := s.readSnapshot(ctx, a)
	if err != nil {
		return nil, "", err
	}
	defer snap.Close()
	n, err := resolve(ctx, t.db, ref)
	if err != nil {
		return nil, "", err
	}
	types, anyType := typeIDs(snap, typeNames)
	h, err := expand(ctx, snap, n.ID, depth, types, anyType, dir, maxNodes)
	if err != nil {
		return nil, "", err
	}
	out, text := h.json(snap)
	out["graph"] = t.name
	out["depth"] = depth
	out["direction"] = dir.String()
	if len(typeNames) > 0 && len(types) == 0 {
		out["note"] = "none of relationship_types occurs in this graph; stats lists the relationship types"
		text += "\n" + out["note"].(string)
	}
	return out, text, nil
}

func (h *neighbourhood) json(r storage.Reader) (map[string]any, string) {
	nodes := make([]any, 0, len(h.nodes)+1)
	for _, id := range append([]uint32{h.center}, h.nodes...) {
		j := nodeJSON(snapNode(r, id))
		j["depth"] = h.depth[id]
		nodes = append(nodes, j)
	}
	rels := make([]any, 0, len(h.rels))
	for _, id := range h.rels {
		if rel, ok := snapRel(r, id); ok {
			rels = append(rels, relJSON(rel))
		}
	}
	out := map[string]any{"center": fmt.Sprintf("n:%d", h.center), "nodes": nodes, "relationships": rels,
		"truncated": h.truncated || h.relsCut, "total": h.total, "count": len(h.nodes)}
	text := fmt.Sprintf("%d nodes around n:%d %s (%d reached), %d relationships among them", len(h.nodes), h.center, displayName(snapNode(r, h.center)), h.total, len(rels))
	if h.truncated {
		text += "; truncated at max_nodes: lower depth, pass relationship_types or raise max_nodes"
	}
	return out, text
}

// ---- path

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

// ---- stats

func (s *Server) stats(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	top := a.int("top", 10, 1, 100)
	t, snap, err := s.readSnapshot(ctx, a)
	if err != nil {
		return nil, "", err
	}
	defer snap.Close()
	st := snap.Stats()
	labels := map[string]any{}
	for id, c := range st.NodesPerLabel {
		if c > 0 {
			labels[snap.LabelName(id)] = c
		}
	}
	types := map[string]any{}
	for id, c := range st.RelsPerType {
		if c > 0 {
			types[snap.TypeName(id)] = c
		}
	}
	// One pass over the nodes: orphans and the most connected.
	type nd struct {
		id  uint32
		deg int
	}
	var most []nd
	orphans := 0
	var sample []any
	it := snap.AllNodes().Iterator()
	for i := 0; it.HasNext(); i++ {
		if i%4096 == 0 && ctx.Err() != nil {
			return nil, "", ctx.Err()
		}
		id := it.Next()
		deg := snap.Degree(id, storage.Both, storage.AnyType)
		if deg == 0 {
			orphans++
			if len(sample) < 10 {
				sample = append(sample, fmt.Sprintf("n:%d", id))
			}
			continue
		}
		if len(most) < top || deg > most[len(most)-1].deg {
			j := sort.Search(len(most), func(k int) bool { return most[k].deg < deg })
			most = append(most, nd{})
			copy(most[j+1:], most[j:])
			most[j] = nd{id, deg}
			if len(most) > top {
				most = most[:top]
			}
		}
	}
	mc := make([]any, 0, len(most))
	for _, m := range most {
		n := snapNode(snap, m.id)
		mc = append(mc, map[string]any{"id": fmt.Sprintf("n:%d", m.id), "labels": nodeJSON(n)["labels"], "name": displayName(n), "degree": m.deg})
	}
	avg := 0.0
	if st.Nodes > 0 {
		avg = 2 * float64(st.Rels) / float64(st.Nodes)
	}
	out := map[string]any{"graph": t.name, "nodes": st.Nodes, "relationships": st.Rels, "labels": labels, "relationship_types": types,
		"orphan_nodes": orphans, "orphan_sample": sample, "average_degree": avg, "most_connected": mc}
	rows, err := kgAll(ctx, t.db, `CALL cyq.search.indexes() YIELD name, type, labels, properties, config, entries RETURN name, type, labels, properties, config, entries`, nil)
	if err != nil {
		return nil, "", err
	}
	idx := []any{}
	for _, r := range rows {
		idx = append(idx, map[string]any{"name": value.ToGo(r[0]), "type": value.ToGo(r[1]), "labels": jsonValue(r[2]),
			"properties": jsonValue(r[3]), "config": jsonValue(r[4]), "entries": value.ToGo(r[5])})
	}
	out["search_indexes"] = idx
	out["graphs"] = s.graphs()
	var text strings.Builder
	fmt.Fprintf(&text, "graph %s: %d nodes, %d relationships, average degree %.2f, %d orphans\nlabels: %v\ntypes: %v\nmost connected:",
		t.name, st.Nodes, st.Rels, avg, orphans, labels, types)
	for _, m := range mc {
		mm := m.(map[string]any)
		fmt.Fprintf(&text, " %s (%s) %d;", mm["name"], mm["id"], mm["degree"])
	}
	fmt.Fprintf(&text, "\n%d search indexes", len(idx))
	return out, text.String(), nil
}
