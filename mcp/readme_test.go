package mcp

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestReadmeListsServedTools checks the README's MCP section against the
// tools the server lists, read-only and with --allow-writes, so that the
// list cannot drift.
func TestReadmeListsServedTools(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	start := strings.Index(text, "## Serving agents (MCP)")
	end := strings.Index(text[start+1:], "\n## ")
	if start < 0 || end < 0 {
		t.Fatal("README has no MCP section")
	}
	section := text[start : start+1+end]
	parts := strings.SplitN(section, "Added with `--allow-writes`", 2)
	if len(parts) != 2 {
		t.Fatal("README's MCP section has no `Added with --allow-writes` list")
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\|")
	names := func(s string) []string {
		var out []string
		for _, m := range row.FindAllStringSubmatch(s, -1) {
			out = append(out, m[1])
		}
		sort.Strings(out)
		return out
	}
	served := func(cfg Config) map[string]bool {
		s, _ := testServer(t, cfg)
		out := map[string]bool{}
		for name := range s.MCPServer().ListTools() {
			out[name] = true
		}
		return out
	}
	readOnly, writable := served(Config{}), served(Config{AllowWrites: true})
	var wantRO, wantW []string
	for n := range readOnly {
		wantRO = append(wantRO, n)
	}
	for n := range writable {
		if !readOnly[n] {
			wantW = append(wantW, n)
		}
	}
	sort.Strings(wantRO)
	sort.Strings(wantW)
	if got := names(parts[0]); strings.Join(got, " ") != strings.Join(wantRO, " ") {
		t.Errorf("README lists %v by default; the server serves %v", got, wantRO)
	}
	if got := names(parts[1]); strings.Join(got, " ") != strings.Join(wantW, " ") {
		t.Errorf("README lists %v with --allow-writes; the server adds %v", got, wantW)
	}
}
