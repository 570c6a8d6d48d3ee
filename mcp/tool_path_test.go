package mcp

import (
	"fmt"
	"testing"
)

func TestKGPath(t *testing.T) {
	s, db := kgTestServer(t, Config{})
	out, _, isErr := call(t, s, "path", `{"from": "Alpha", "to": "Gamma"}`)
	if isErr || out["found"] != true || out["length"] != 2.0 || out["count"] != 1.0 {
		t.Fatalf("path: %v", out)
	}
	out, _, isErr = call(t, s, "path", `{"from": "Alpha", "to": "Gamma", "max_hops": 1}`)
	if isErr || out["found"] != false {
		t.Fatalf("path too short: %v", out)
	}
	out, _, _ = call(t, s, "path", fmt.Sprintf(`{"from": "%s", "to": "Gamma", "relationship_types": ["MENTIONS"]}`, nodeIDOf(t, db, "Alpha")))
	if out["found"] != false {
		t.Fatalf("path restricted to MENTIONS: %v", out)
	}
	if _, _, isErr = call(t, s, "path", `{"from": "Alpha", "to": "Nope"}`); !isErr {
		t.Fatal("missing node accepted")
	}
}
