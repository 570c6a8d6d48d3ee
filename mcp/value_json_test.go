package mcp

import (
	"testing"

	"github.com/cyqdb/cyq/value"
)

func TestVectorsElided(t *testing.T) {
	n := nodeJSON(value.Node{ID: 3, Labels: []string{"C"}, Props: value.Map{"emb": value.Vector{1, 2, 3}, "name": value.String("x")}})
	props := n["properties"].(map[string]any)
	if props["emb"] != "<vector of 3 dimensions elided>" || props["name"] != "x" || n["id"] != "n:3" {
		t.Errorf("node = %v", n)
	}
	if jsonValue(value.List{value.Vector{1}}).([]any)[0] != "<vector of 1 dimensions elided>" {
		t.Error("vector in a list")
	}
}
