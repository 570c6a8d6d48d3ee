package mcp

import (
	"fmt"
	"strings"
	"testing"
)

func TestKGBulkUpdateAtomicity(t *testing.T) {
	s, db := kgWriteServer(t, Config{})
	mustCall(t, s, "entities", `{"action": "create", "name": "Hub", "type": "Concept"}`)
	before := count(t, db, `MATCH (n) RETURN count(n)`)
	// 49 good operations and a failing 50th.
	var ents, rels []string
	for i := 0; i < 25; i++ {
		ents = append(ents, fmt.Sprintf(`{"name": "Node %d", "type": "Concept", "allow_similar": true}`, i))
	}
	for i := 0; i < 24; i++ {
		rels = append(rels, fmt.Sprintf(`{"from": "Node %d", "to": "Hub", "type": "PART_OF"}`, i))
	}
	rels = append(rels, `{"from": "Node 24", "to": "Nowhere", "type": "PART_OF"}`)
	batch := `{"entities": [` + strings.Join(ents, ",") + `], "relations": [` + strings.Join(rels, ",") + `]}`
	out, _, isErr := call(t, s, "bulk_update", batch)
	if !isErr || out["failed_operation"] != "relations[24]" || !strings.Contains(errMessage(out), "nothing was written") {
		t.Fatalf("failing batch: %v", out)
	}
	if after := count(t, db, `MATCH (n) RETURN count(n)`); after != before {
		t.Fatalf("a failed batch left %d nodes behind", after-before)
	}
	if c := count(t, db, `MATCH ()-[r]->() RETURN count(r)`); c != 0 {
		t.Fatalf("a failed batch left %d relationships behind", c)
	}
	// The same batch, fixed, applies all 50 at once.
	fixed := strings.Replace(batch, "Nowhere", "Hub", 1)
	out = mustCall(t, s, "bulk_update", fixed)
	if out["applied"] != 50.0 {
		t.Fatalf("bulk_update: %v", out)
	}
	if c := count(t, db, `MATCH (:Concept)-[:PART_OF]->(:Concept {name: 'Hub'}) RETURN count(*)`); c != 25 {
		t.Fatalf("PART_OF: %d", c)
	}
	// 51 operations are refused before anything runs.
	over := `{"observations": [` + strings.Repeat(`{"entity": "Hub", "text": "x"},`, 50) + `{"entity": "Hub", "text": "y"}]}`
	if out, _, isErr := call(t, s, "bulk_update", over); !isErr || !strings.Contains(errMessage(out), "at most 50") {
		t.Fatalf("51 operations: %v", out)
	}
	if out, _, isErr := call(t, s, "bulk_update", `{"entities": [{"name": "A", "type": "T", "color": "red"}]}`); !isErr || !strings.Contains(errMessage(out), `"color"`) {
		t.Fatalf("unknown operation argument: %v", out)
	}
}
