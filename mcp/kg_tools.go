package mcp

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/cyqdb/cyq/value"
)

// Knowledge-graph tools over the search indexes (issue 10): search, node,
// related, path and stats. They are not listed by New; a server opts in with
// AddKnowledgeGraphTools. All are read-only.

const kgSearchDesc = `Find nodes by text. Uses a FULLTEXT index (BM25: words, "quoted phrases", prefix*) and, when vector_index is given
(a VECTOR index with an embedder), fuses both rankings by reciprocal rank fusion. Returns nodes with score and ranks, best first.
If the embedder is unreachable the results are full-text only and warning says so. Omit index to use the first full-text index.`

const kgSearchSchema = `{
  "type": "object",
  "properties": {
    "query": {"type": "string", "description": "search text"},
    "index": {"type": "string", "description": "FULLTEXT index name (default: the first one)"},
    "vector_index": {"type": "string", "description": "VECTOR index with an embedder, for hybrid search"},
    "k": {"type": "integer", "minimum": 1, "maximum": 1000, "description": "number of results (default 10)"}
  },
  "required": ["query"],
  "additionalProperties": false
}`

const kgNodeDesc = `Get one node by element id ('n:42') with its labels, properties (vectors elided) and relationship counts per type and direction.`

const kgNodeSchema = `{
  "type": "object",
  "properties": {"id": {"type": "string", "description": "node element id, e.g. n:42"}},
  "required": ["id"],
  "additionalProperties": false
}`

const kgRelatedDesc = `List the neighbours of a node (element id 'n:42'): each with the relationship type and direction, optionally restricted to types.`

const kgRelatedSchema = `{
  "type": "object",
  "properties": {
    "id": {"type": "string", "description": "node element id, e.g. n:42"},
    "types": {"type": "array", "items": {"type": "string"}, "description": "relationship types to follow (default: all)"},
    "limit": {"type": "integer", "minimum": 1, "maximum": 1000, "description": "maximum neighbours (default 50)"}
  },
  "required": ["id"],
  "additionalProperties": false
}`

const kgPathDesc = `Find a shortest path (any relationship type and direction unless types is given) between two nodes given by element id, up to max_hops (default 6).`

const kgPathSchema = `{
  "type": "object",
  "properties": {
    "from": {"type": "string", "description": "start node element id, e.g. n:1"},
    "to": {"type": "string", "description": "end node element id"},
    "max_hops": {"type": "integer", "minimum": 1, "maximum": 15, "description": "longest path considered (default 6)"}
  },
  "required": ["from", "to"],
  "additionalProperties": false
}`

const kgStatsDesc = `Counts of nodes per label and relationships per type, and the full-text and vector indexes with their sizes.`

const kgStatsSchema = `{"type": "object", "properties": {}, "additionalProperties": false}`

// AddKnowledgeGraphTools lists the search, node, related, path and stats tools.
func (s *Server) AddKnowledgeGraphTools() {
	s.srv.AddTool(tool("search", "Search nodes by text", kgSearchDesc, kgSearchSchema, true, false, true), s.kgSearch)
	s.srv.AddTool(tool("node", "One node", kgNodeDesc, kgNodeSchema, true, false, true), s.kgNode)
	s.srv.AddTool(tool("related", "Neighbours of a node", kgRelatedDesc, kgRelatedSchema, true, false, true), s.kgRelated)
	s.srv.AddTool(tool("path", "Shortest path", kgPathDesc, kgPathSchema, true, false, true), s.kgPath)
	s.srv.AddTool(tool("stats", "Graph statistics", kgStatsDesc, kgStatsSchema, true, false, true), s.kgStats)
}

func (s *Server) kgPath(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	from, err := kgNodeID(map[string]any{"id": args["from"]})
	if err != nil {
		return argError("from: %v", err), nil
	}
	to, err := kgNodeID(map[string]any{"id": args["to"]})
	if err != nil {
		return argError("to: %v", err), nil
	}
	hops, err := kgInt(args, "max_hops", 6, 1, 15)
	if err != nil {
		return argError("%v", err), nil
	}
	q := fmt.Sprintf(`MATCH (a), (b) WHERE id(a) = $from AND id(b) = $to
		MATCH p = shortestPath((a)-[*..%d]-(b)) RETURN p`, hops)
	rows, err := s.kgRows(ctx, q, map[string]any{"from": from, "to": to})
	if err != nil {
		return failure(err, nil), nil
	}
	if len(rows) == 0 {
		out := map[string]any{"success": true, "found": false}
		return result(out, fmt.Sprintf("no path of at most %d hops between n:%d and n:%d", hops, from, to), false), nil
	}
	path := jsonValue(rows[0][0])
	hopsFound := 0
	if p, ok := rows[0][0].(value.Path); ok {
		hopsFound = len(p.Rels)
	}
	out := map[string]any{"success": true, "found": true, "length": hopsFound, "path": path}
	return result(out, fmt.Sprintf("path of %d hops between n:%d and n:%d", hopsFound, from, to), false), nil
}

func (s *Server) kgRows(ctx context.Context, q string, params map[string]any) ([][]value.Value, error) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.QueryTimeout)
	defer cancel()
	rows, err := s.db.Query(ctx, q, params)
	if err != nil {
		return nil, err
	}
	return rows.All()
}

func kgInt(args map[string]any, key string, def, lo, hi int) (int, error) {
	v, ok := args[key]
	if !ok || v == nil {
		return def, nil
	}
	f, ok := v.(float64)
	if !ok || f != math.Trunc(f) || f < float64(lo) || f > float64(hi) {
		return 0, fmt.Errorf("%s must be an integer between %d and %d", key, lo, hi)
	}
	return int(f), nil
}

func kgNodeID(args map[string]any) (int64, error) {
	id, _ := args["id"].(string)
	n, err := strconv.ParseUint(strings.TrimPrefix(id, "n:"), 10, 32)
	if !strings.HasPrefix(id, "n:") || err != nil {
		return 0, fmt.Errorf("id must be a node element id like 'n:42', got %q", id)
	}
	return int64(n), nil
}

func (s *Server) kgSearch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	query, _ := args["query"].(string)
	if strings.TrimSpace(query) == "" {
		return argError("query is required"), nil
	}
	k, err := kgInt(args, "k", 10, 1, 1000)
	if err != nil {
		return argError("%v", err), nil
	}
	index, _ := args["index"].(string)
	vecIndex, _ := args["vector_index"].(string)
	if index == "" {
		rows, err := s.kgRows(ctx, `CALL cyq.search.indexes() YIELD name, type WHERE type = 'FULLTEXT' RETURN name LIMIT 1`, nil)
		if err != nil {
			return failure(err, nil), nil
		}
		if len(rows) == 0 {
			return argError("there is no full-text index; create one with CREATE FULLTEXT INDEX name FOR (n:Label) ON EACH [n.prop]"), nil
		}
		index = string(rows[0][0].(value.String))
	}
	var rows [][]value.Value
	if vecIndex != "" {
		rows, err = s.kgRows(ctx, `CALL cyq.search.hybrid($i, $v, $q, $k) YIELD node, score, textRank, vectorRank, warning
			RETURN node, score, textRank, vectorRank, warning`, map[string]any{"i": index, "v": vecIndex, "q": query, "k": k})
	} else {
		rows, err = s.kgRows(ctx, `CALL cyq.search.fulltext($i, $q, {limit: $k}) YIELD node, score
			RETURN node, score, null AS textRank, null AS vectorRank, null AS warning`, map[string]any{"i": index, "q": query, "k": k})
	}
	if err != nil {
		return failure(err, nil), nil
	}
	results := []any{}
	var warning any
	var text strings.Builder
	for i, r := range rows {
		if !value.IsNull(r[4]) {
			warning = value.ToGo(r[4])
		}
		if value.IsNull(r[0]) {
			continue
		}
		results = append(results, map[string]any{"node": jsonValue(r[0]), "score": value.ToGo(r[1]),
			"text_rank": value.ToGo(r[2]), "vector_rank": value.ToGo(r[3])})
		if n, ok := r[0].(value.Node); ok {
			fmt.Fprintf(&text, "%d. n:%d %v score %.4f\n", i+1, n.ID, n.Labels, float64(r[1].(value.Float)))
		}
	}
	out := map[string]any{"success": true, "index": index, "results": results, "count": len(results)}
	if vecIndex != "" {
		out["vector_index"] = vecIndex
	}
	if warning != nil {
		out["warning"] = warning
		text.WriteString("warning: " + fmt.Sprint(warning) + "\n")
	}
	return result(out, text.String(), false), nil
}

func (s *Server) kgNode(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	id, err := kgNodeID(args)
	if err != nil {
		return argError("%v", err), nil
	}
	rows, err := s.kgRows(ctx, `MATCH (n) WHERE id(n) = $id
		OPTIONAL MATCH (n)-[r]-(m)
		RETURN n, type(r) AS t, CASE WHEN r IS NULL THEN null WHEN startNode(r) = n THEN 'out' ELSE 'in' END AS dir, count(r) AS c`,
		map[string]any{"id": id})
	if err != nil {
		return failure(err, nil), nil
	}
	if len(rows) == 0 {
		return argError("there is no node n:%d", id), nil
	}
	degrees := []any{}
	for _, r := range rows {
		if !value.IsNull(r[1]) {
			degrees = append(degrees, map[string]any{"type": value.ToGo(r[1]), "direction": value.ToGo(r[2]), "count": value.ToGo(r[3])})
		}
	}
	out := map[string]any{"success": true, "node": jsonValue(rows[0][0]), "relationships": degrees}
	return result(out, fmt.Sprintf("n:%d with %d relationship groups", id, len(degrees)), false), nil
}

func (s *Server) kgRelated(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	id, err := kgNodeID(args)
	if err != nil {
		return argError("%v", err), nil
	}
	limit, err := kgInt(args, "limit", 50, 1, 1000)
	if err != nil {
		return argError("%v", err), nil
	}
	var types []any
	if t, ok := args["types"]; ok && t != nil {
		l, ok := t.([]any)
		if !ok {
			return argError("types must be a list of strings"), nil
		}
		types = l
	}
	rows, err := s.kgRows(ctx, `MATCH (n)-[r]-(m) WHERE id(n) = $id AND ($types IS NULL OR type(r) IN $types)
		RETURN type(r) AS t, startNode(r) = n AS outgoing, m ORDER BY t, id(m) LIMIT $lim`,
		map[string]any{"id": id, "types": types, "lim": limit})
	if err != nil {
		return failure(err, nil), nil
	}
	related := []any{}
	for _, r := range rows {
		dir := "in"
		if r[1] == value.Bool(true) {
			dir = "out"
		}
		related = append(related, map[string]any{"type": value.ToGo(r[0]), "direction": dir, "node": jsonValue(r[2])})
	}
	out := map[string]any{"success": true, "id": fmt.Sprintf("n:%d", id), "related": related, "count": len(related), "truncated": len(related) == limit}
	return result(out, fmt.Sprintf("%d neighbours of n:%d", len(related), id), false), nil
}

func (s *Server) kgStats(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out := map[string]any{"success": true}
	rows, err := s.kgRows(ctx, `CALL db.schema.visualization() YIELD nodes, relationships RETURN nodes, relationships`, nil)
	if err != nil {
		return failure(err, nil), nil
	}
	if len(rows) == 1 {
		out["labels"], out["patterns"] = jsonValue(rows[0][0]), jsonValue(rows[0][1])
	}
	rows, err = s.kgRows(ctx, `MATCH (n) RETURN count(n) AS nodes`, nil)
	if err != nil {
		return failure(err, nil), nil
	}
	out["nodes"] = value.ToGo(rows[0][0])
	rows, err = s.kgRows(ctx, `MATCH ()-[r]->() RETURN count(r) AS rels`, nil)
	if err != nil {
		return failure(err, nil), nil
	}
	out["relationships"] = value.ToGo(rows[0][0])
	rows, err = s.kgRows(ctx, `CALL cyq.search.indexes() YIELD name, type, labels, properties, config, entries RETURN name, type, labels, properties, config, entries`, nil)
	if err != nil {
		return failure(err, nil), nil
	}
	idx := []any{}
	for _, r := range rows {
		idx = append(idx, map[string]any{"name": value.ToGo(r[0]), "type": value.ToGo(r[1]), "labels": jsonValue(r[2]),
			"properties": jsonValue(r[3]), "config": jsonValue(r[4]), "entries": value.ToGo(r[5])})
	}
	out["search_indexes"] = idx
	return result(out, fmt.Sprintf("%v nodes, %v relationships, %d search indexes", out["nodes"], out["relationships"], len(idx)), false), nil
}
