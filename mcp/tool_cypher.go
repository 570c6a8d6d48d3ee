package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/cyqdb/cyq/program"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser"
)

const cypherDesc = `Run one read-only openCypher query against the graph and get its rows as JSON objects.
Writes (CREATE, MERGE, SET, DELETE, REMOVE, writing procedures or subqueries), schema commands and LOAD CSV are refused.
Nodes come back as {id, labels, properties}, relationships as {id, type, start, end, properties}; embedding vectors are elided.
shape "graph" returns deduplicated {nodes, relationships} instead of rows. Output is capped (max_rows, and about 15,000 tokens in all):
when truncated is true, the note gives the SKIP that starts the next page. On error you get {code, message, line, column, hint}: fix the query and retry.
A few dialect slips (==, !=, &&, ||) are corrected and reported in fixes_applied. See the cypher/syntax resource for functions.`

const cypherWriteDesc = `Run one openCypher query that may write (CREATE, MERGE, SET, DELETE, REMOVE) and commit it atomically.
Same arguments and results as cypher. Only available when the server runs with --allow-writes.`

const cypherSchema = `{
  "type": "object",
  "properties": {
    "query": {"type": "string", "description": "one openCypher statement"},
    "params": {"type": "object", "description": "query parameters, referenced as $name", "additionalProperties": true},
    "graph": {"type": "string", "description": "named graph of the store (default: the session's graph set with use_graph, else the server's)"},
    "max_rows": {"type": "integer", "minimum": 1, "description": "row limit (default 1000)"},
    "timeout_ms": {"type": "integer", "minimum": 1, "description": "time limit in milliseconds (default 30000)"},
    "shape": {"type": "string", "enum": ["rows", "graph"], "description": "rows (default) or a deduplicated graph"}
  },
  "required": ["query"],
  "additionalProperties": false
}`

// CypherResult is the cypher tool's structured result.
type CypherResult struct {
	Success       bool     `json:"success"`
	Query         string   `json:"query"`
	QueryExecuted string   `json:"query_executed,omitempty"`
	FixesApplied  []string `json:"fixes_applied"`
	Columns       []string `json:"columns"`
	// Rows ([]map[string]any) is set for shape "rows", Nodes and
	// Relationships ([]any) for shape "graph"; the others are left out.
	Rows          any    `json:"rows,omitempty"`
	Nodes         any    `json:"nodes,omitempty"`
	Relationships any    `json:"relationships,omitempty"`
	Count         int    `json:"count"`
	Truncated     bool   `json:"truncated"`
	Note          string `json:"note,omitempty"`
	// Notices are advice about a query that ran: deprecated forms, long
	// OR chains better written with IN.
	Notices []string `json:"notices,omitempty"`
	// Stats counts what a writing query changed (cypher_write), as
	// cypher-shell reports it.
	Stats *cyq.Stats `json:"stats,omitempty"`
	// Notifications are the query's warnings (unknown names with the
	// nearest existing ones, cartesian products, ...), one line each.
	Notifications []string `json:"notifications,omitempty"`
}

// noticeParser parses queries that ran, for their notices.
var noticeParser = parser.New()

// notices returns the parser's advice about query.
func notices(query string) []string {
	st, err := noticeParser.Parse(query)
	if err != nil {
		return nil
	}
	var out []string
	for _, n := range parser.Notices(st, query) {
		out = append(out, fmt.Sprintf("line %d, column %d: %s; hint: %s", n.Pos.Line, n.Pos.Column, n.Message, n.Hint))
	}
	return out
}

func (s *Server) handleCypher(write bool) func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args := req.GetArguments()
		query, _ := args["query"].(string)
		if strings.TrimSpace(query) == "" {
			return argError("query is required"), nil
		}
		params := map[string]any{}
		if p, ok := args["params"]; ok && p != nil {
			m, ok := p.(map[string]any)
			if !ok {
				return argError("params must be an object"), nil
			}
			params = m
		}
		maxRows := s.cfg.DefaultMaxRows
		if v, ok := args["max_rows"]; ok {
			f, ok := v.(float64)
			if !ok || f < 1 || f != math.Trunc(f) {
				return argError("max_rows must be a positive integer"), nil
			}
			maxRows = int(min(f, MaxRowsCap))
		}
		timeout := s.cfg.QueryTimeout
		if v, ok := args["timeout_ms"]; ok {
			f, ok := v.(float64)
			if !ok || f < 1 {
				return argError("timeout_ms must be a positive integer"), nil
			}
			timeout = min(time.Duration(f)*time.Millisecond, MaxQueryTimeout)
		}
		shape, _ := args["shape"].(string)
		if shape == "" {
			shape = "rows"
		}
		if shape != "rows" && shape != "graph" {
			return argError("shape must be \"rows\" or \"graph\""), nil
		}
		db := s.db
		g, _ := args["graph"].(string)
		if g == "" {
			g = s.sessionGraph(ctx) // set with use_graph
		}
		if g != "" {
			if g == program.StoreGraph {
				return argError("graph %s holds the program store; use the program tool", g), nil
			}
			var err error
			if db, err = s.db.OnGraph(g); err != nil {
				return failure(err, map[string]any{"query": query}), nil
			}
		}
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		return s.runCypher(ctx, db, query, params, maxRows, shape, write), nil
	}
}

func (s *Server) runCypher(ctx context.Context, db *cyq.DB, query string, params map[string]any, maxRows int, shape string, write bool) *mcp.CallToolResult {
	exec := func(q string) (*cyq.Rows, error) {
		if write {
			return db.Query(ctx, q, params)
		}
		return db.QueryReadOnly(ctx, q, params)
	}
	res := &CypherResult{Success: true, Query: query, FixesApplied: []string{}, Columns: []string{}}
	rows, err := exec(query)
	if err != nil {
		if fixed, fixes := FixDialect(query); len(fixes) > 0 && isSyntaxError(err) {
			if rows2, err2 := exec(fixed); err2 == nil {
				rows, err = rows2, nil
				res.QueryExecuted, res.FixesApplied = fixed, fixes
			}
		}
	}
	if err != nil {
		return failure(err, map[string]any{"query": query})
	}
	defer rows.Close()
	res.Columns = rows.Columns()
	// Rows fill at most half of the output budget: the text repeats them
	// (agentOutput keeps both copies within the whole budget).
	budget := s.cfg.OutputBudget/2 - 300
	size := 200 + len(query)*2
	g := newGraphCollector()
	out := []map[string]any{}
	for rows.Next() {
		if res.Count == maxRows {
			res.Truncated = true
			res.Note = fmt.Sprintf("stopped at max_rows=%d; %s", maxRows, nextPage(res.Count))
			break
		}
		vals := rows.Values()
		if shape == "graph" {
			for _, v := range vals {
				g.add(v)
			}
			res.Count++
			// The row that crosses the budget is kept: the result may
			// exceed it by one row's new nodes and relationships.
			if g.size > budget {
				if rows.Next() { // only when a row is left out
					res.Truncated = true
					res.Note = fmt.Sprintf("output budget reached after %d rows; %s, or return fewer properties", res.Count, nextPage(res.Count))
				}
				break
			}
			continue
		}
		row := make(map[string]any, len(vals))
		for i, v := range vals {
			row[res.Columns[i]] = jsonValue(v)
		}
		b, _ := json.Marshal(row)
		if res.Count > 0 && size+len(b) > budget { // the first row always goes, so paging advances
			res.Truncated = true
			res.Note = fmt.Sprintf("output budget (about %d tokens for both copies of the result) reached after %d rows; %s, or return fewer or smaller columns",
				s.cfg.OutputBudget/4, res.Count, nextPage(res.Count))
			break
		}
		size += len(b) + 1
		out = append(out, row)
		res.Count++
	}
	if err := rows.Err(); err != nil {
		return failure(err, map[string]any{"query": query})
	}
	for _, n := range rows.Notifications() {
		res.Notifications = append(res.Notifications, n.String())
	}
	if p := rows.Profile(); p != "" {
		res.Note = strings.TrimSpace(res.Note + "\n" + p)
	}
	if st := rows.Stats(); st.ContainsUpdates() {
		res.Stats = &st
	}
	if res.QueryExecuted != "" {
		res.Notices = notices(res.QueryExecuted)
	} else {
		res.Notices = notices(query)
	}
	if shape == "graph" {
		res.Nodes, res.Relationships = append([]any{}, g.nodes...), append([]any{}, g.rels...)
	} else {
		res.Rows = out
	}
	return result(res, cypherText(res), false)
}

// nextPage says how to get the rows after the first n.
func nextPage(n int) string {
	return fmt.Sprintf("the next page starts at row %d: run the query again with SKIP %d LIMIT %d (add %d to any SKIP the query already has)", n+1, n, max(n, 1), n)
}

func isSyntaxError(err error) bool {
	e := cyqerr.As(err)
	return e != nil && e.Type == cyqerr.SyntaxError
}

func cypherText(r *CypherResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "ok: %d rows", r.Count)
	if r.Truncated {
		b.WriteString(" (truncated)")
	}
	if r.Stats != nil {
		b.WriteString("; " + r.Stats.String())
	}
	if len(r.FixesApplied) > 0 {
		fmt.Fprintf(&b, "; fixed: %s; ran: %s", strings.Join(r.FixesApplied, ", "), r.QueryExecuted)
	}
	b.WriteString("\n")
	var body any = r.Rows
	if r.Nodes != nil {
		body = map[string]any{"nodes": r.Nodes, "relationships": r.Relationships}
	}
	j, _ := json.Marshal(body)
	b.Write(j)
	if r.Note != "" {
		b.WriteString("\n" + r.Note)
	}
	for _, n := range r.Notices {
		b.WriteString("\nnotice: " + n)
	}
	return b.String()
}
