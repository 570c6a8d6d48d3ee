package planner

import (
	"os"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/vm"
)

// semProcs adds a procedure with typed parameters to the test procedures.
func semProcs(name string) (*vm.Procedure, bool) {
	if name == "test.typed" {
		return &vm.Procedure{Name: name, ReadOnly: true,
			Params:  []vm.ProcParam{{Name: "n", Type: "INTEGER?"}, {Name: "s", Type: "STRING?"}, {Name: "f", Type: "FLOAT?"}},
			Outputs: []vm.ProcParam{{Name: "out", Type: "STRING?"}}}, true
	}
	return procs(name)
}

// TestSemanticRules runs testdata/semantics.txt: each query with the error
// (code and position) written after it, or `ok`; every rule of the table
// needs at least one query that breaks it and one that keeps it.
func TestSemanticRules(t *testing.T) {
	data, err := os.ReadFile("testdata/semantics.txt")
	if err != nil {
		t.Fatal(err)
	}
	bad, good := map[string]int{}, map[string]int{}
	current := ""
	for i, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "## "):
			current = strings.TrimSpace(line[3:])
			ruleByID(current) // panics on an unknown id
			continue
		case strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#"):
			continue
		}
		query, want, ok := strings.Cut(line, " ### ")
		if !ok || current == "" {
			t.Fatalf("line %d: want `## rule` then `query ### CODE line:col` or `query ### ok`", i+1)
		}
		got := "ok"
		st, err := parser.Parse(query)
		if err == nil {
			_, err = Compile(st, query, Options{Procedures: semProcs})
		}
		if e := cyqerr.As(err); e != nil {
			got = e.Code() + " " + e.Pos.String()
		} else if err != nil {
			got = err.Error()
		}
		if got != want {
			msg := ""
			if err != nil {
				msg = " (" + err.Error() + ")"
			}
			t.Errorf("line %d: %s\n got %s%s\nwant %s", i+1, query, got, msg, want)
		}
		if want == "ok" {
			good[current]++
			continue
		}
		bad[current]++
		r := ruleByID(current)
		// A case may show a rule of the binder taking precedence
		// (VariableAlreadyBound before the rules of created relationships).
		if code := string(r.typ) + "." + r.detail; !strings.HasPrefix(want, code) && !strings.HasPrefix(want, "SyntaxError.VariableAlreadyBound") {
			t.Errorf("line %d: rule %s raises %s, the case expects %s", i+1, current, code, want)
		}
	}
	for _, r := range semRules {
		if bad[r.id] == 0 || good[r.id] == 0 {
			t.Errorf("rule %s has %d breaking and %d keeping cases; it needs both", r.id, bad[r.id], good[r.id])
		}
	}
}
