package mcp

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

func TestSchemaTool(t *testing.T) {
	s, db := testServer(t, Config{})
	if _, err := db.Query(context.Background(), "CREATE INDEX FOR (n:Concept) ON (n.concept_id)", nil); err != nil {
		t.Fatal(err)
	}
	out, text, isErr := call(t, s, "schema", `{}`)
	if isErr || out["nodes"] != 4.0 || out["relationships"] != 3.0 {
		t.Fatalf("%v", out)
	}
	labels := out["labels"].([]any)
	if labels[0].(map[string]any)["label"] != "Concept" || labels[0].(map[string]any)["count"] != 3.0 {
		t.Errorf("labels = %v", labels)
	}
	props := labels[0].(map[string]any)["properties"].([]any)
	p0 := props[0].(map[string]any)
	if p0["fill_rate"] != 1.0 || p0["types"] == nil {
		t.Errorf("props = %v", props)
	}
	types := out["relationship_types"].([]any)
	rel := types[0].(map[string]any)
	if rel["type"] != "REL" || rel["count"] != 2.0 || rel["patterns"].([]any)[0].(map[string]any)["start"] != "Concept" {
		t.Errorf("types = %v", types)
	}
	if len(out["indexes"].([]any)) != 1 {
		t.Errorf("indexes = %v", out["indexes"])
	}
	if !strings.Contains(text, ":REL (2) (:Concept)->(:Concept) 2") || !strings.Contains(text, "range index on :Concept(concept_id)") {
		t.Errorf("text:\n%s", text)
	}
	out, _, _ = call(t, s, "schema", `{"label": "Source"}`)
	if len(out["labels"].([]any)) != 1 || len(out["relationship_types"].([]any)) != 1 {
		t.Errorf("label filter: %v", out)
	}
}

func TestSchemaSummaryIsShort(t *testing.T) {
	s, db := testServer(t, Config{})
	q := "UNWIND range(1, 60) AS i CREATE (:L {k: i})"
	if _, err := db.Query(context.Background(), q, nil); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 60; i++ {
		q := fmt.Sprintf("CREATE (:Label%d {p1: 1, p2: 'x', p3: true, p4: 1.5, p5: [1], p6: 2, p7: 3, p8: 4})-[:TYPE%d]->(:Other%d)", i, i, i)
		if _, err := db.Query(context.Background(), q, nil); err != nil {
			t.Fatal(err)
		}
	}
	_, text, _ := call(t, s, "schema", `{"detail": "summary"}`)
	if len(text) > 2400 {
		t.Errorf("summary is %d bytes:\n%s", len(text), text)
	}
	if !strings.Contains(text, "left out") {
		t.Errorf("summary does not say what it left out:\n%s", text)
	}
	_, full, _ := call(t, s, "schema", `{"detail": "full"}`)
	if len(full) <= len(text) || !strings.Contains(full, "Label59") {
		t.Errorf("full schema is not complete")
	}
}
