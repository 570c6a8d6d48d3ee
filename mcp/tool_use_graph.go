package mcp

import (
	"context"
	"fmt"
	"strings"
)

const kgUseGraphDesc = `Show or set this session's default graph, used by the knowledge-graph tools when graph is omitted. With graph, sets it
(with --allow-writes a missing graph is created); with "graph": "" resets to the server's graph; without graph, shows the current one.
Always lists the store's graphs.`

const kgUseGraphSchema = `{
  "type": "object",
  "properties": {"graph": {"type": "string", "description": "graph to use by default in this session"}},
  "additionalProperties": false
}`

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
