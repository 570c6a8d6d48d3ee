package planner

import (
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

var rewrite = flag.Bool("rewrite", false, "rewrite the golden files in testdata/ with the current output")

// fakeStats is a fixed statistics catalogue for golden plans.
type fakeStats struct{}

func (fakeStats) NodeCount() float64 { return 100000 }
func (fakeStats) LabelCount(l string) float64 {
	return map[string]float64{"Person": 1000, "City": 50, "User": 80000, "Movie": 40}[l]
}
func (fakeStats) RelCount(string) float64 { return 500000 }
func (fakeStats) HasIndex(label, key string) bool {
	return label == "User" && key == "id" || label == "Person" && key == "name"
}

// RelPatternCount: every LINKS relationship joins two Users; other
// types are unknown.
func (fakeStats) RelPatternCount(start, typ, end string) float64 {
	if typ == "LINKS" && (start == "" || start == "User") && (end == "" || end == "User") {
		return 400000
	}
	return -1
}

func (fakeStats) SelfLoopCount(string, string, string) float64 { return -1 }

func (fakeStats) DistinctValues(label, key string) float64 {
	return map[string]float64{"User.id": 80000, "Person.name": 900, "Person.age": 60}[label+"."+key]
}

// ValueFraction: Person.age is uniform over 20..79.
func (fakeStats) ValueFraction(label, key, op string, v value.Value) float64 {
	n, ok := v.(value.Int)
	if label != "Person" || key != "age" || !ok {
		return -1
	}
	below := math.Min(1, math.Max(0, float64(int64(n)-20)/60)) // share under n
	switch op {
	case "=":
		return 1.0 / 60
	case "<", "<=":
		return below
	case ">", ">=":
		return 1 - below
	}
	return -1
}

func (fakeStats) Degrees(string, bool) (DegreeStats, bool) { return DegreeStats{}, false }
func (fakeStats) SeekDegree(string, string, value.Value, string, bool) float64 {
	return -1
}

func procs(name string) (*vm.Procedure, bool) {
	if name == "db.labels" {
		return &vm.Procedure{Name: name, ReadOnly: true, Outputs: []vm.ProcParam{{Name: "label"}}}, true
	}
	return nil, false
}

// TestExplainGolden checks EXPLAIN trees against testdata/explain/*.txt.
// Each file holds blocks: a query, a line "----", the expected tree, and a
// blank line. Regenerate with `go test ./planner -run TestExplainGolden -rewrite`.
func TestExplainGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/explain/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		for _, block := range strings.Split(strings.TrimSpace(string(data)), "\n\n") {
			query, want, ok := strings.Cut(block, "\n----\n")
			if !ok {
				query = strings.TrimSuffix(block, "\n----")
			}
			st, err := parser.Parse(query)
			var got string
			if err != nil {
				got = "error: " + err.Error()
			} else if c, err := Compile(st, query, Options{Stats: fakeStats{}, Procedures: procs}); err != nil {
				got = "error: " + err.Error()
			} else {
				got = strings.TrimRight(c.Plan.Explain(), "\n")
			}
			if !*rewrite && got != want {
				t.Errorf("%s: %s\n got:\n%s\nwant:\n%s", file, query, got, want)
			}
			out.WriteString(query + "\n----\n" + got + "\n\n")
		}
		if *rewrite {
			if err := os.WriteFile(file, []byte(out.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// compileFake compiles q against fakeStats, failing t on a parse or
// compile error.
func compileFake(t *testing.T, q string) *Compiled {
	t.Helper()
	st, err := parser.Parse(q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	c, err := Compile(st, q, Options{Stats: fakeStats{}})
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return c
}
