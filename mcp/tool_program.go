package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/cyqdb/cyq/program"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/cyqdb/cyq/parser/graphprogram"
)

const programDesc = `Build a working graph W of concepts and links with a GraphProgram (JSON; reference: the program/syntax resource).
Each statement runs a read-only Cypher query or a built-in endpoint and merges its result into W with an operator:
+ union, - difference (removes R's nodes, the end nodes of R's relationships included, and their links), & intersection, ? union if non-empty, ! union or abort if empty. Cypher sees W's keys as $W_IDS.
Actions: validate {program}; create {program, name?} stores it (returns program_id; stored programs are kept beside the graph, so this works on a read-only server); get {program_id}; list {search?, limit?};
execute {program | program_id, params?}; chain {deck: [{program_id} | {program}], params?} threads W through up to 10 programs;
explain {program | program_id, params?} shows each statement's plan (for those parameter values). Validation errors carry rule_id, a JSON pointer (field) and the statement path.`

const programSchema = `{
  "type": "object",
  "properties": {
    "action": {"type": "string", "enum": ["validate", "create", "get", "list", "execute", "chain", "explain"]},
    "program": {"type": "object", "description": "a GraphProgram: {version: 1, metadata?, params?, statements: [...]}", "additionalProperties": true},
    "name": {"type": "string", "description": "create: the program's name; get/execute/explain: find a stored program by name"},
    "program_id": {"type": "number", "description": "a stored program's id"},
    "params": {"type": "object", "description": "runtime parameters (override declared defaults)", "additionalProperties": true},
    "search": {"type": "string", "description": "list: filter by name or description"},
    "limit": {"type": "number", "description": "list: at most this many (default 20, max 100)"},
    "deck": {"type": "array", "maxItems": 10, "description": "chain: programs to run in order", "items": {"type": "object", "properties": {
      "program_id": {"type": "number"}, "program": {"type": "object", "additionalProperties": true}, "params": {"type": "object", "additionalProperties": true}}}}
  },
  "required": ["action"],
  "additionalProperties": false
}`

// Text rendering limits.
const (
	textNodes = 50
	textLinks = 30
)

func (s *Server) handleProgram(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	action, _ := args["action"].(string)
	params, err := objectArg(args, "params")
	if err != nil {
		return argError("%v", err), nil
	}
	switch action {
	case "validate":
		pv, ok := args["program"]
		if !ok {
			return argError("validate needs program"), nil
		}
		_, rep := graphprogram.CheckValue(pv, s.db.Programs().CheckOptions())
		return result(rep, reportText(rep), false), nil
	case "create":
		pv, ok := args["program"]
		if !ok {
			return argError("create needs program"), nil
		}
		p, rep := graphprogram.CheckValue(pv, s.db.Programs().CheckOptions())
		if !rep.Valid {
			return result(rep, reportText(rep), true), nil
		}
		if name, _ := args["name"].(string); name != "" {
			if p.Metadata == nil {
				p.Metadata = &graphprogram.Metadata{}
			}
			p.Metadata.Name = name
		}
		sp, err := s.db.Programs().Create(ctx, p)
		if err != nil {
			return programFailure(err), nil
		}
		out := map[string]any{"program_id": sp.ID, "name": sp.Name, "sha256": sp.SHA256, "operations": sp.Operations, "created": sp.Created, "valid": true, "warnings": rep.Warnings}
		return result(out, fmt.Sprintf("stored program %d %q (sha256 %s…, %d operations, %d warnings)", sp.ID, sp.Name, sp.SHA256[:12], sp.Operations, len(rep.Warnings)), false), nil
	case "get":
		sp, res := s.stored(ctx, args)
		if res != nil {
			return res, nil
		}
		return result(sp, fmt.Sprintf("program %d %q (%d operations, sha256 %s)\n%s", sp.ID, sp.Name, sp.Operations, sp.SHA256, sp.Program.Canonical()), false), nil
	case "list":
		limit := 20
		if v, ok := args["limit"]; ok {
			f, ok := v.(float64)
			if !ok || f < 1 || f != math.Trunc(f) {
				return argError("limit must be a positive integer"), nil
			}
			limit = int(min(f, 100))
		}
		search, _ := args["search"].(string)
		list, err := s.db.Programs().List(ctx, search, limit)
		if err != nil {
			return programFailure(err), nil
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%d programs\n", len(list))
		for _, p := range list {
			fmt.Fprintf(&b, "  %d %q %s (%d operations)\n", p.ID, p.Name, p.Description, p.Operations)
		}
		return result(map[string]any{"programs": list, "count": len(list)}, b.String(), false), nil
	case "execute", "explain":
		p, id, res := s.programArg(ctx, args)
		if res != nil {
			return res, nil
		}
		if action == "explain" {
			text, err := s.db.Programs().Explain(p, params, &s.cfg.Program)
			if err != nil {
				return programFailure(err), nil
			}
			return result(map[string]any{"plan": text}, text, false), nil
		}
		r, err := s.db.Programs().Run(ctx, p, params, &s.cfg.Program)
		if err != nil {
			return programFailure(err), nil
		}
		w, wNote := s.fitW(r.Graph())
		out := map[string]any{"result": w, "log": r.Log}
		if wNote != "" {
			out["result_truncated"], out["note"] = true, wNote
		}
		if r.Aborted != nil {
			out["aborted"] = r.Aborted
		}
		if id > 0 {
			out["program_id"] = id
		}
		if len(r.Warnings) > 0 {
			out["warnings"] = r.Warnings
		}
		return result(out, programText(r.Graph(), r.Log, r.Aborted)+warningsText(r.Warnings), r.Aborted != nil), nil
	case "chain":
		deck, res := s.deckArg(ctx, args, params)
		if res != nil {
			return res, nil
		}
		r, err := s.db.Programs().RunChain(ctx, deck, &s.cfg.Program)
		if err != nil {
			return programFailure(err), nil
		}
		w, wNote := s.fitW(r.Graph())
		out := map[string]any{"result": w, "programs": r.Programs}
		if wNote != "" {
			out["result_truncated"], out["note"] = true, wNote
		}
		if r.Aborted != nil {
			out["aborted"] = r.Aborted
		}
		var log []program.LogEntry
		var warnings []graphprogram.Issue
		for _, p := range r.Programs {
			for _, e := range p.Log {
				e.Statement = fmt.Sprintf("%d:%s", p.Index, e.Statement)
				log = append(log, e)
			}
			for _, w := range p.Warnings {
				w.Statement = strings.TrimSuffix(fmt.Sprintf("%d:%s", p.Index, w.Statement), ":")
				warnings = append(warnings, w)
			}
		}
		return result(out, fmt.Sprintf("chain of %d programs\n", len(deck))+programText(r.Graph(), log, r.Aborted)+warningsText(warnings), r.Aborted != nil), nil
	case "":
		return argError("action is required: validate, create, get, list, execute, chain or explain"), nil
	}
	return argError("unknown action %q: use validate, create, get, list, execute, chain or explain", action), nil
}

// fitW keeps a program's final W within half of the output budget (the
// log, warnings and text share the rest): first without the properties of
// its nodes and links, then with only the first nodes and links. The note
// says what was left out and how to get it; "" when W fits whole.
func (s *Server) fitW(g program.GraphJSON) (program.GraphJSON, string) {
	budget := s.cfg.OutputBudget / 2
	size := func(g program.GraphJSON) int {
		b, _ := json.Marshal(g)
		return len(b)
	}
	if size(g) <= budget {
		return g, ""
	}
	bare := program.GraphJSON{Nodes: make([]program.WNode, len(g.Nodes)), Links: make([]program.WLink, len(g.Links))}
	for i, n := range g.Nodes {
		n.Properties = map[string]any{}
		bare.Nodes[i] = n
	}
	for i, l := range g.Links {
		l.Properties = map[string]any{}
		bare.Links[i] = l
	}
	how := "read them with the cypher tool, e.g. MATCH (n) WHERE n.concept_id IN [...] RETURN n"
	if size(bare) <= budget {
		return bare, fmt.Sprintf("W (%d nodes, %d links) is too large for the output budget with its properties: they were left out; %s", len(g.Nodes), len(g.Links), how)
	}
	// Keep as many nodes, then links, as fit.
	used := 40
	cut := program.GraphJSON{Nodes: []program.WNode{}, Links: []program.WLink{}}
	for _, n := range bare.Nodes {
		b, _ := json.Marshal(n)
		if used+len(b)+1 > budget {
			break
		}
		used += len(b) + 1
		cut.Nodes = append(cut.Nodes, n)
	}
	kept := map[string]bool{}
	for _, n := range cut.Nodes {
		kept[n.ConceptID] = true
	}
	for _, l := range bare.Links {
		b, _ := json.Marshal(l)
		if !kept[l.FromID] || !kept[l.ToID] {
			continue
		}
		if used+len(b)+1 > budget {
			break
		}
		used += len(b) + 1
		cut.Links = append(cut.Links, l)
	}
	return cut, fmt.Sprintf("W has %d nodes and %d links, too many for the output budget: %d nodes and %d links among them are listed, without properties; "+
		"narrow the program (a last \"&\" statement, or a LIMIT) to see the rest, and %s", len(g.Nodes), len(g.Links), len(cut.Nodes), len(cut.Links), how)
}

func objectArg(args map[string]any, key string) (map[string]any, error) {
	v, ok := args[key]
	if !ok || v == nil {
		return nil, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s must be an object", key)
	}
	return m, nil
}

// stored fetches the program named by program_id or name.
func (s *Server) stored(ctx context.Context, args map[string]any) (*program.StoredProgram, *mcp.CallToolResult) {
	if v, ok := args["program_id"]; ok {
		f, ok := v.(float64)
		if !ok || f < 1 || f != math.Trunc(f) {
			return nil, argError("program_id must be a positive integer")
		}
		sp, err := s.db.Programs().Get(ctx, int64(f))
		if err != nil {
			return nil, programFailure(err)
		}
		return sp, nil
	}
	if name, _ := args["name"].(string); name != "" {
		list, err := s.db.Programs().List(ctx, "", 0)
		if err != nil {
			return nil, programFailure(err)
		}
		var id int64
		for _, p := range list {
			if p.Name == name {
				id = p.ID // the newest wins
			}
		}
		if id == 0 {
			return nil, argError("there is no stored program named %q", name)
		}
		sp, err := s.db.Programs().Get(ctx, id)
		if err != nil {
			return nil, programFailure(err)
		}
		return sp, nil
	}
	return nil, argError("give program_id or name")
}

// programArg returns the inline program, or the stored one.
func (s *Server) programArg(ctx context.Context, args map[string]any) (*graphprogram.Program, int64, *mcp.CallToolResult) {
	if pv, ok := args["program"]; ok {
		p, rep := graphprogram.CheckValue(pv, s.db.Programs().CheckOptions())
		if !rep.Valid {
			return nil, 0, result(rep, reportText(rep), true)
		}
		return p, 0, nil
	}
	sp, res := s.stored(ctx, args)
	if res != nil {
		return nil, 0, res
	}
	return sp.Program, sp.ID, nil
}

func (s *Server) deckArg(ctx context.Context, args map[string]any, params map[string]any) ([]program.ChainEntry, *mcp.CallToolResult) {
	dv, ok := args["deck"].([]any)
	if !ok || len(dv) == 0 {
		return nil, argError("chain needs deck: an array of 1 to %d entries {program_id} or {program}", graphprogram.MaxDeck)
	}
	if len(dv) > graphprogram.MaxDeck {
		return nil, argError("a deck holds at most %d programs, not %d", graphprogram.MaxDeck, len(dv))
	}
	deck := make([]program.ChainEntry, len(dv))
	for i, e := range dv {
		m, ok := e.(map[string]any)
		if !ok {
			return nil, argError("deck[%d] must be an object {program_id} or {program}", i)
		}
		p, id, res := s.programArg(ctx, m)
		if res != nil {
			if sc, ok := res.StructuredContent.(graphprogram.Report); ok {
				return nil, result(map[string]any{"valid": false, "deck_index": i, "errors": sc.Errors, "warnings": sc.Warnings},
					fmt.Sprintf("deck entry %d is invalid\n", i)+reportText(sc), true)
			}
			return nil, res
		}
		ep, err := objectArg(m, "params")
		if err != nil {
			return nil, argError("deck[%d]: %v", i, err)
		}
		merged := map[string]any{}
		for k, v := range params {
			merged[k] = v
		}
		for k, v := range ep {
			merged[k] = v
		}
		deck[i] = program.ChainEntry{Program: p, ID: id, Params: merged}
	}
	return deck, nil
}

func programFailure(err error) *mcp.CallToolResult {
	var ip *program.InvalidError
	if errors.As(err, &ip) {
		out := map[string]any{"valid": false, "errors": ip.Report.Errors, "warnings": ip.Report.Warnings}
		text := reportText(ip.Report)
		if ip.Index >= 0 {
			out["deck_index"] = ip.Index
			text = fmt.Sprintf("deck entry %d is invalid\n", ip.Index) + text
		}
		return result(out, text, true)
	}
	return failure(err, nil)
}

func reportText(r graphprogram.Report) string {
	var b strings.Builder
	if r.Valid {
		fmt.Fprintf(&b, "valid (%d warnings)\n", len(r.Warnings))
	} else {
		fmt.Fprintf(&b, "invalid: %d errors, %d warnings\n", len(r.Errors), len(r.Warnings))
	}
	writeIssues(&b, r.Errors)
	writeIssues(&b, r.Warnings)
	return b.String()
}

// warningsText lists a run's warnings under a heading ("" for none).
func warningsText(ws []graphprogram.Issue) string {
	if len(ws) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("warnings:\n")
	writeIssues(&b, ws)
	return b.String()
}

func writeIssues(b *strings.Builder, list []graphprogram.Issue) {
	for _, i := range list {
		st := ""
		if i.Statement != "" {
			st = " statement " + i.Statement
		}
		fmt.Fprintf(b, "  %s %s%s at %s: %s\n", i.RuleID, i.Severity, st, i.Field, i.Message)
	}
}

// programText renders a program result for the model: a status line,
// counts, the log, and at most 50 nodes and 30 links.
func programText(g program.GraphJSON, log []program.LogEntry, ab *program.Aborted) string {
	var b strings.Builder
	if ab != nil {
		fmt.Fprintf(&b, "ABORTED at statement %s: %s\n", ab.Statement, ab.Reason)
	} else {
		b.WriteString("ok\n")
	}
	fmt.Fprintf(&b, "W: %d nodes, %d links\nlog:\n", len(g.Nodes), len(g.Links))
	for _, e := range log {
		fmt.Fprintf(&b, "  %s %s %s", e.Statement, e.Op, e.OperationType)
		if e.Label != "" {
			fmt.Fprintf(&b, " %q", e.Label)
		}
		if e.BranchTaken != "" {
			fmt.Fprintf(&b, " branch=%s", e.BranchTaken)
		} else {
			fmt.Fprintf(&b, " nodes±%d links±%d", e.NodesAffected, e.LinksAffected)
		}
		fmt.Fprintf(&b, " → W %d/%d (%.1f ms)", e.WSize.Nodes, e.WSize.Links, e.DurationMs)
		if e.Truncated {
			b.WriteString(" [rows truncated]")
		}
		b.WriteString("\n")
	}
	if len(g.Nodes) > 0 {
		b.WriteString("nodes:\n")
	}
	for i, n := range g.Nodes {
		if i == textNodes {
			fmt.Fprintf(&b, "  … %d more nodes (see the structured result)\n", len(g.Nodes)-textNodes)
			break
		}
		fmt.Fprintf(&b, "  %s %q", n.ConceptID, n.Label)
		if len(n.Labels) > 0 {
			b.WriteString(" :" + strings.Join(n.Labels, ":"))
		}
		if n.Ontology != "" {
			b.WriteString(" ontology=" + n.Ontology)
		}
		b.WriteString("\n")
	}
	if len(g.Links) > 0 {
		b.WriteString("links:\n")
	}
	for i, l := range g.Links {
		if i == textLinks {
			fmt.Fprintf(&b, "  … %d more links (see the structured result)\n", len(g.Links)-textLinks)
			break
		}
		fmt.Fprintf(&b, "  %s -[%s]-> %s\n", l.FromID, l.RelationshipType, l.ToID)
	}
	return b.String()
}
