package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/conformance"
	"github.com/cyqdb/cyq/value"
)

const unitDir = "../../testdata/unit"

func TestRunUnavailable(t *testing.T) {
	jsonFile := filepath.Join(t.TempDir(), "out.json")
	var stdout, stderr bytes.Buffer
	code := run([]string{"-features", unitDir, "-json", jsonFile, "-harness", "unavailable"}, &stdout, &stderr)
	if code != 1 {
		t.Fatalf("exit %d, stderr %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	last := lines[len(lines)-1]
	scenarios, err := conformance.LoadFeatures(unitDir)
	if err != nil {
		t.Fatal(err)
	}
	if want := "0 passed, " + strconv.Itoa(len(scenarios)-1) + " failed, 1 skipped"; last != want {
		t.Errorf("last line %q, want %q", last, want)
	}
	if len(lines) != len(scenarios) { // one FAIL line per runnable scenario, plus the summary
		t.Errorf("%d lines for %d scenarios", len(lines), len(scenarios))
	}
	for _, l := range lines[:len(lines)-1] {
		if !strings.HasPrefix(l, "FAIL ") || !strings.Contains(l, " :: row ") {
			t.Errorf("bad failure line %q", l)
		}
		if strings.Contains(l, "a named graph is loaded") && !strings.Contains(l, "internal error: "+conformance.UnavailableMessage) {
			t.Errorf("the named graph was not found beside the features: %q", l)
		}
	}
	f, err := os.Open(jsonFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	statuses := map[string]int{}
	for sc.Scan() {
		var r conformance.Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("record %d: %v", n, err)
		}
		if r.Feature == "" || r.Title == "" || r.Reason == "" {
			t.Errorf("incomplete record %+v", r)
		}
		statuses[r.Status]++
		n++
	}
	if n != len(scenarios) || statuses["skipped"] != 1 || statuses["failed"] != n-1 {
		t.Errorf("%d records %v for %d scenarios", n, statuses, len(scenarios))
	}
}

func TestRunFilterAndVerbose(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"-features", unitDir, "-run", `^context\.feature :: skip`, "-v"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout.String(), stderr.String())
	}
	out := stdout.String()
	if !strings.Contains(out, "SKIP context.feature :: skip: an ignored scenario is not run :: row 0: skipped: tagged @ignore") ||
		!strings.HasSuffix(out, "0 passed, 0 failed, 1 skipped\n") {
		t.Errorf("output:\n%s", out)
	}
}

func TestRunUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"-features", unitDir, "-harness", "nope"}, {"-features", unitDir, "-run", "("}, {"-features", "/does/not/exist"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != 2 {
			t.Errorf("%q: exit %d", args, code)
		}
	}
}

// hangingHarness never answers until the context ends.
type hangingHarness struct{}

func (hangingHarness) NewGraph(context.Context) (conformance.Graph, error) {
	return hangingGraph{}, nil
}

type hangingGraph struct{}

func (hangingGraph) Execute(ctx context.Context, _ string, _ map[string]value.Value) (conformance.Result, error) {
	<-ctx.Done()
	return conformance.Result{}, ctx.Err()
}
func (hangingGraph) RegisterProcedure(*conformance.Procedure) error { return nil }
func (hangingGraph) State(context.Context) (conformance.GraphState, error) {
	return conformance.GraphState{}, nil
}
func (hangingGraph) Close() error { return nil }

func init() {
	conformance.RegisterHarness("hanging-test", -1, func() (conformance.Harness, error) { return hangingHarness{}, nil })
}

func TestRunTimeout(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"-features", unitDir, "-run", `^crlf`, "-harness", "hanging-test", "-timeout", "20ms"}, &stdout, &stderr)
	out := stdout.String()
	if code != 1 || strings.Count(out, ": timeout: ") != 2 || !strings.HasSuffix(out, "0 passed, 2 failed, 0 skipped\n") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
}
