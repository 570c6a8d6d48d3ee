package planner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/parser"
)

// TestOrderChoicesNeverCostlier compiles every query of the EXPLAIN golden
// files with and without the clause-order search: the plan it keeps never
// costs more than the start heuristic's, planning the alternatives leaves
// the statement as it was (the heuristic's plan comes out the same after
// the search), and queries with choice points exist among them.
func TestOrderChoicesNeverCostlier(t *testing.T) {
	files, err := filepath.Glob("testdata/explain/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	withPoints, moved := 0, 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, block := range strings.Split(strings.TrimSpace(string(data)), "\n\n") {
			query, _, _ := strings.Cut(block, "\n----")
			st, err := parser.Parse(query)
			if err != nil {
				continue
			}
			opts := Options{Stats: fakeStats{}, Procedures: procs}
			once, ch, err := compileOnce(st, query, opts, map[string]int{})
			if err != nil {
				continue
			}
			best, err := Compile(st, query, opts)
			if err != nil {
				t.Errorf("%s: the search fails where one plan does not: %v", query, err)
				continue
			}
			if again, _, err := compileOnce(st, query, opts, map[string]int{}); err != nil {
				t.Errorf("%s: planned again after the search: %v", query, err)
			} else if again.Plan.Explain() != once.Plan.Explain() {
				t.Errorf("%s: planned again after the search:\n%s\nfirst:\n%s", query, again.Plan.Explain(), once.Plan.Explain())
			}
			if best.Cost > once.Cost {
				t.Errorf("%s: the search keeps a plan of cost %.4g over the heuristic's %.4g", query, best.Cost, once.Cost)
			}
			if len(ch.points) > 0 {
				withPoints++
			}
			if best.Cost < once.Cost {
				moved++
			}
		}
	}
	if withPoints == 0 || moved == 0 {
		t.Errorf("%d golden queries have clause-order choices, %d of them planned cheaper by the search", withPoints, moved)
	}
	t.Logf("%d golden queries have clause-order choices, %d of them planned cheaper by the search", withPoints, moved)
}

// BenchmarkCompileOrderChoices compiles queries with clause-order choice
// points with the search (ordered) and with the start heuristic alone
// (once): the search's cost in compile time.
func BenchmarkCompileOrderChoices(b *testing.B) {
	for _, q := range []struct{ name, text string }{
		{"two-clauses", "MATCH (a)-[r1]->(x) MATCH (x)<-[r2]-(b:User {id: 7}) WHERE a.id IN [1, 2, 3] AND r1 <> r2 RETURN count(DISTINCT x) AS n"},
		{"unwind-after", "MATCH (a)-->(x)<--(b:User {id: 7}) UNWIND [1, 2, 3] AS u MATCH (a) WHERE a.id = u RETURN count(DISTINCT x) AS n"},
		{"parts-exists", "MATCH (p:Person), (m:Movie) WHERE EXISTS { (p)-[:DIRECTED]->(m) } AND EXISTS { (p)-[:ACTED_IN]->(m) } RETURN p.name AS name, m.title AS title"},
		{"no-choice", "MATCH (a)-->(x)<--(b:User {id: 7}) WHERE a.id IN [1, 2, 3] RETURN count(DISTINCT x) AS n"},
	} {
		st, err := parser.Parse(q.text)
		if err != nil {
			b.Fatal(err)
		}
		opts := Options{Stats: fakeStats{}, Procedures: procs}
		b.Run(q.name+"/ordered", func(b *testing.B) {
			for b.Loop() {
				if _, err := Compile(st, q.text, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(q.name+"/once", func(b *testing.B) {
			for b.Loop() {
				if _, _, err := compileOnce(st, q.text, opts, map[string]int{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
