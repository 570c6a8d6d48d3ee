package mcp

import (
	"fmt"
	"testing"
)

func TestKGMergeAndSuggest(t *testing.T) {
	s, db := kgWriteServer(t, Config{})
	mustCall(t, s, "bulk_update", `{
		"entities": [
			{"name": "Kubernetes", "type": "Technology", "observations": ["orchestrates containers"]},
			{"name": "kubernetes project", "type": "Project", "allow_similar": true, "description": "k8s", "observations": ["orchestrates containers", "started at Google"]},
			{"name": "K8s", "type": "Technology"},
			{"name": "Docker", "type": "Technology"},
			{"name": "Google", "type": "Organization"}
		],
		"relations": [
			{"from": "kubernetes project", "to": "Docker", "type": "USES"},
			{"from": "Google", "to": "kubernetes project", "type": "CREATED"},
			{"from": "Kubernetes", "to": "Docker", "type": "USES"},
			{"from": "kubernetes project", "to": "Kubernetes", "type": "SAME_AS"}
		]}`)
	out := mustCall(t, s, "suggest_merges", `{"threshold": 0.5}`)
	pairs := out["pairs"].([]any)
	found := false
	for _, p := range pairs {
		pm := p.(map[string]any)
		a, b := pm["a"].(map[string]any)["name"], pm["b"].(map[string]any)["name"]
		if a == "Kubernetes" && b == "kubernetes project" || b == "Kubernetes" && a == "kubernetes project" {
			found = true
		}
	}
	if !found {
		t.Fatalf("suggest_merges: %v", out)
	}
	out = mustCall(t, s, "suggest_merges", `{"threshold": 0.5, "label": "Organization"}`)
	if out["count"] != 0.0 {
		t.Fatalf("suggest_merges by label: %v", out)
	}
	out = mustCall(t, s, "entities", `{"action": "merge", "survivor": "Kubernetes", "duplicates": ["kubernetes project"]}`)
	e := out["entity"].(map[string]any)
	if out["relationships_moved"] != 1.0 || out["observations_moved"] != 1.0 || e["description"] != "k8s" ||
		fmt.Sprint(e["properties"].(map[string]any)["aliases"]) != "[kubernetes project]" {
		t.Fatalf("merge: %v", out)
	}
	// Google -CREATED-> Kubernetes moved; USES Docker deduplicated; SAME_AS dropped (a self-link).
	if c := count(t, db, `MATCH (:Organization {name: 'Google'})-[:CREATED]->(k {name: 'Kubernetes'}) RETURN count(*)`); c != 1 {
		t.Fatalf("CREATED not moved: %d", c)
	}
	if c := count(t, db, `MATCH (k {name: 'Kubernetes'})-[:USES]->() RETURN count(*)`); c != 1 {
		t.Fatalf("USES: %d", c)
	}
	if c := count(t, db, `MATCH (k {name: 'Kubernetes'})-[:HAS_OBSERVATION]->(o) RETURN count(o)`); c != 2 {
		t.Fatalf("observations: %d", c)
	}
	if c := count(t, db, `MATCH (o:Observation) RETURN count(o)`); c != 2 {
		t.Fatalf("observations left over: %d", c)
	}
	if c := count(t, db, `MATCH (n {name: 'kubernetes project'}) RETURN count(n)`); c != 0 {
		t.Fatal("duplicate not deleted")
	}
}
