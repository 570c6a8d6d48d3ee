package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/value"
)

func kgWriteServer(t *testing.T, cfg Config) (*Server, *cyq.DB) {
	t.Helper()
	cfg.AllowWrites = true
	db, err := cyq.Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return New(db, cfg), db
}

func mustCall(t *testing.T, s *Server, name, args string) map[string]any {
	t.Helper()
	out, text, isErr := call(t, s, name, args)
	if isErr {
		t.Fatalf("%s %s: %v\n%s", name, args, out, text)
	}
	return out
}

func count(t *testing.T, db *cyq.DB, q string) int64 {
	t.Helper()
	rows, err := db.Query(context.Background(), q, nil)
	if err != nil {
		t.Fatal(err)
	}
	all, err := rows.All()
	if err != nil {
		t.Fatal(err)
	}
	return int64(all[0][0].(value.Int))
}

func errMessage(out map[string]any) string {
	e, _ := out["error"].(map[string]any)
	m, _ := e["message"].(string)
	return m
}

func TestKGErrorsGuide(t *testing.T) {
	s, _ := kgWriteServer(t, Config{})
	for _, c := range []struct{ tool, args, want string }{
		{"entities", `{"action": "frobnicate"}`, "action must be"},
		{"entities", `{"action": "get"}`, "name (or id) is required"},
		{"entities", `{"action": "merge", "survivor": "x"}`, "duplicates must list"},
		{"observations", `{"action": "add", "entity": "ghost", "text": "boo"}`, "not found"},
		{"relations", `{"action": "create", "from": "a", "to": "b", "type": "HAS_OBSERVATION"}`, "observations tool"},
		{"entities", `{"action": "create", "name": "x", "type": "Observation"}`, "reserved"},
		{"bulk_update", `{}`, "needs operations"},
	} {
		out, _, isErr := call(t, s, c.tool, c.args)
		b, _ := json.Marshal(out)
		if !isErr || !strings.Contains(string(b), c.want) {
			t.Errorf("%s %s: want %q, got %s", c.tool, c.args, c.want, b)
		}
	}
}
