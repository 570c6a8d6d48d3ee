package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Every tool's result reaches the agent through agentOutput, which applies
// two rules to it, whatever the tool:
//
//  1. Long lists of floats (embeddings stored as plain lists, whatever
//     their property's name) are elided, in the structured content and in
//     the text alike: a list of at least ElideFloats numbers, one of them
//     with a fraction, becomes a note that says how many floats were left
//     out and how to read some of them.
//  2. The output budget (Config.OutputBudget) bounds what the agent
//     receives in total, structured content and text together: when both
//     copies would exceed it, the text is cut to fit and says so (the
//     structured content is complete). Tools with large results (cypher)
//     fill at most half of the budget with rows, so that the text can
//     repeat them in full.

// ElideFloats is the length from which a list of numbers with a fraction
// is elided from agent-facing results.
const ElideFloats = 32

// addTool registers a tool whose results go through agentOutput.
func (s *Server) addTool(t mcp.Tool, h server.ToolHandlerFunc) {
	s.srv.AddTool(t, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req)
		if res != nil && err == nil {
			s.agentOutput(res)
		}
		return res, err
	})
}

// agentOutput applies the elision and budget rules to a result in place.
func (s *Server) agentOutput(res *mcp.CallToolResult) {
	structSize := 0
	if res.StructuredContent != nil {
		b, err := json.Marshal(res.StructuredContent)
		if err == nil {
			if v, n := elideStructured(b); n > 0 {
				res.StructuredContent = v
				b, _ = json.Marshal(v)
			}
			structSize = len(b)
		}
	}
	textSize := 0
	for i, c := range res.Content {
		if tc, ok := c.(mcp.TextContent); ok {
			tc.Text = elideText(tc.Text)
			res.Content[i] = tc
			textSize += len(tc.Text)
		}
	}
	budget := s.cfg.OutputBudget
	if structSize+textSize <= budget || res.StructuredContent == nil {
		return
	}
	// Cut the text to what the structured copy leaves of the budget (at
	// least a short head, so the text still says what the result is).
	room := max(budget-structSize, 1000)
	for i, c := range res.Content {
		tc, ok := c.(mcp.TextContent)
		if !ok {
			continue
		}
		if len(tc.Text) > room {
			cut := max(room-200, 0)
			for cut > 0 && !utf8.RuneStart(tc.Text[cut]) {
				cut--
			}
			if nl := strings.LastIndexByte(tc.Text[:cut], '\n'); nl > cut/2 {
				cut = nl
			}
			tc.Text = tc.Text[:cut] + fmt.Sprintf("\n… text cut at %d of %d bytes to keep the result within the output budget; the structured content holds all of it", cut, len(tc.Text))
			res.Content[i] = tc
		}
		room = max(room-len(tc.Text), 0)
	}
}

// elideStructured decodes a JSON result and elides its long float lists;
// it returns the decoded value and the number of lists elided (0: nothing
// changed, and the caller keeps its own value).
func elideStructured(b []byte) (any, int) {
	if !bytes.ContainsRune(b, '.') && !bytes.ContainsAny(b, "eE") {
		return nil, 0
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, 0
	}
	n := 0
	v = elideValue(v, "", false, &n)
	return v, n
}

// elideValue elides in v; key is the map key v sits under, a property name
// when inProps (the map is a "properties" object).
func elideValue(v any, key string, inProps bool, n *int) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = elideValue(e, k, key == "properties", n)
		}
	case []any:
		if isFloatList(x) {
			*n++
			if !inProps {
				key = ""
			}
			return elisionNote(len(x), key)
		}
		for i, e := range x {
			x[i] = elideValue(e, "", false, n)
		}
	}
	return v
}

func isFloatList(l []any) bool {
	if len(l) < ElideFloats {
		return false
	}
	frac := false
	for _, e := range l {
		num, ok := e.(json.Number)
		if !ok {
			return false
		}
		frac = frac || strings.ContainsAny(string(num), ".eE")
	}
	return frac
}

// elisionNote replaces a list of n floats; key is the property that held
// it, when known.
func elisionNote(n int, key string) string {
	if key == "" {
		return fmt.Sprintf("[%d floats elided; return a slice of the list, e.g. list[0..8], with the cypher tool to read part of it]", n)
	}
	expr := "n." + key
	if !plainName.MatchString(key) {
		expr = "n.`" + strings.ReplaceAll(key, "`", "``") + "`"
	}
	return fmt.Sprintf("[%d floats elided; read part of it with the cypher tool, e.g. RETURN %s[0..8]]", n, expr)
}

var plainName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// floatListText matches a list of at least ElideFloats numbers in text,
// JSON or Go syntax (separated by commas or spaces).
var floatListText = regexp.MustCompile(`\[\s*(?:-?[0-9][0-9.eE+-]*\s*[, ]\s*){31,}-?[0-9][0-9.eE+-]*\s*\]`)

func elideText(s string) string {
	if !strings.Contains(s, "[") {
		return s
	}
	return floatListText.ReplaceAllStringFunc(s, func(m string) string {
		nums := strings.FieldsFunc(m[1:len(m)-1], func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' })
		if len(nums) < ElideFloats || !strings.ContainsAny(m, ".eE") {
			return m
		}
		return fmt.Sprintf("[%d floats elided]", len(nums))
	})
}
