package mcp

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Knowledge-graph tools: the read-only search, node, related, path, stats,
// visualize, suggest_merges and use_graph (always listed), and the write
// tools entities, relations, observations and bulk_update (listed with
// Config.AllowWrites; they write through kg_writer.go). Each tool's
// description, input schema and handler sit in its tool_*.go file. Every
// tool takes graph; use_graph sets the session's default graph.

const graphProp = `"graph": {"type": "string", "description": "named graph (default: the session's graph set with use_graph, else the server's)"}`

// AddKnowledgeGraphTools lists the knowledge-graph tools: the read-only ones
// always, the write tools when the server allows writes. New calls it.
func (s *Server) AddKnowledgeGraphTools() {
	add := func(name, title, desc, schema string, readOnly, destructive, idempotent bool, f kgFunc) {
		s.addTool(tool(name, title, desc, schema, readOnly, destructive, idempotent), strictArgs(name, schema, s.kgHandler(f)))
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
