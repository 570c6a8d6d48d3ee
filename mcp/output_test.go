package mcp

import (
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
)

func TestAgentOutputCutsText(t *testing.T) {
	s := &Server{cfg: Config{OutputBudget: 3000}.withDefaults()}
	res := result(map[string]any{"x": strings.Repeat("a", 1000)}, strings.Repeat("line of text\n", 400), false)
	s.agentOutput(res)
	text := res.Content[0].(mcp.TextContent).Text
	if !strings.Contains(text, "text cut at") || len(text)+1000 > 3200 || !strings.HasPrefix(text, "line of text\n") {
		t.Errorf("text is %d bytes: %.200s", len(text), text)
	}
	// Within the budget nothing changes.
	res = result(map[string]any{"x": 1}, "short", false)
	s.agentOutput(res)
	if res.Content[0].(mcp.TextContent).Text != "short" {
		t.Error("a short text was changed")
	}
}

func TestElideText(t *testing.T) {
	floats := make([]string, 40)
	ints := make([]string, 40)
	for i := range floats {
		floats[i] = "0.5"
		ints[i] = "7"
	}
	for in, want := range map[string]string{
		"v: [" + strings.Join(floats, ", ") + "]":    "v: [40 floats elided]",
		"v: [" + strings.Join(floats, " ") + "]":     "v: [40 floats elided]",
		"v: [" + strings.Join(ints, ",") + "]":       "v: [" + strings.Join(ints, ",") + "]",
		"v: [" + strings.Join(floats[:8], ",") + "]": "v: [" + strings.Join(floats[:8], ",") + "]",
	} {
		if got := elideText(in); got != want {
			t.Errorf("elideText(%.40s…) = %.60s", in, got)
		}
	}
}
