package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/internal/datasets"
)

func TestKGRelated(t *testing.T) {
	s, db := kgTestServer(t, Config{})
	alpha := nodeIDOf(t, db, "Alpha")
	// Alpha -REL-> Beta -REL-> Gamma; Doc -MENTIONS-> Alpha.
	out, _, isErr := call(t, s, "related", `{"id": "`+alpha+`"}`)
	if isErr || out["count"] != 2.0 || out["truncated"] != false || len(out["relationships"].([]any)) != 2 {
		t.Fatalf("related depth 1: %v", out)
	}
	out, _, isErr = call(t, s, "related", `{"id": "Alpha", "depth": 2, "relationship_types": ["REL"], "direction": "out"}`)
	if isErr || out["count"] != 2.0 || fmt.Sprint(names(t, out["nodes"], "props.name")) != "[Alpha Beta Gamma]" || len(out["relationships"].([]any)) != 2 {
		t.Fatalf("related out REL depth 2: %v", out)
	}
	nodes := out["nodes"].([]any)
	if nodes[2].(map[string]any)["depth"] != 2.0 {
		t.Fatalf("depth: %v", nodes)
	}
	out, _, _ = call(t, s, "related", `{"id": "Alpha", "direction": "in"}`)
	if fmt.Sprint(names(t, out["nodes"], "props.name")) != "[Alpha <nil>]" {
		t.Fatalf("related in: %v", out)
	}
	out, _, _ = call(t, s, "related", `{"id": "Alpha", "depth": 3, "max_nodes": 1}`)
	if out["count"] != 1.0 || out["truncated"] != true || out["total"] != 3.0 {
		t.Fatalf("related truncated: %v", out)
	}
	if _, _, isErr = call(t, s, "related", `{"id": "Alpha", "depth": 7}`); !isErr {
		t.Fatal("depth 7 accepted")
	}
	if _, _, isErr = call(t, s, "related", `{"id": "Alpha", "direction": "up"}`); !isErr {
		t.Fatal("bad direction accepted")
	}
}

var slashdot struct {
	once sync.Once
	db   *cyq.DB
	err  error
}

// slashdotDB bulk-loads the SNAP Slashdot graph (82,168 users, 948,464
// links) as (:User {id})-[:LINKS]->(:User), as the root package's
// benchmarks do; it skips when the dataset is absent.
func slashdotDB(b *testing.B) *cyq.DB {
	path := datasets.SlashdotPath(b)
	slashdot.once.Do(func() {
		slashdot.db, slashdot.err = loadSlashdot(path)
	})
	if slashdot.err != nil {
		b.Fatal(slashdot.err)
	}
	return slashdot.db
}

func loadSlashdot(path string) (*cyq.DB, error) {
	db, err := cyq.Open("", nil)
	if err != nil {
		return nil, err
	}
	g, err := db.Store().Graph(db.GraphName())
	if err == nil {
		err = datasets.LoadEdgeList(g, path, false)
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// BenchmarkRelatedSlashdot runs the related tool (a bitmap breadth-first
// expansion, then hydration of the returned nodes and the relationships
// among them) at depth 3 around user 0 of Slashdot, through the tool's
// MCP handler. nodes_reached is the size of the 3-hop neighbourhood.
func BenchmarkRelatedSlashdot(b *testing.B) {
	db := slashdotDB(b)
	s := New(db, Config{})
	h := s.MCPServer().GetTool("related").Handler
	for _, c := range []struct{ name, args string }{
		{"depth3-out", `{"id": "n:0", "depth": 3, "direction": "out"}`},
		{"depth3-both", `{"id": "n:0", "depth": 3}`},
		{"depth3-both-max2000", `{"id": "n:0", "depth": 3, "max_nodes": 2000}`},
	} {
		b.Run(c.name, func(b *testing.B) {
			var args map[string]any
			if err := json.Unmarshal([]byte(c.args), &args); err != nil {
				b.Fatal(err)
			}
			req := mcp.CallToolRequest{}
			req.Params.Name = "related"
			req.Params.Arguments = args
			var reached float64
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				res, err := h(context.Background(), req)
				if err != nil || res.IsError {
					b.Fatalf("related: %v %v", err, res.Content)
				}
				reached = float64(res.StructuredContent.(map[string]any)["total"].(int))
			}
			b.ReportMetric(reached, "nodes_reached")
		})
	}
}
