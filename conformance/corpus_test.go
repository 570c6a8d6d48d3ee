package conformance_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cyqdb/cyq/conformance"
	"github.com/cyqdb/cyq/internal/testenv"
)

var (
	update      = flag.Bool("update", false, "rewrite testdata/expected_failures.txt from this run of the TCK corpus")
	harnessFlag = flag.String("harness", "", "harness for TestCorpus (default: the best registered one)")
	timeoutFlag = flag.Duration("scenario-timeout", 5*time.Second, "per-scenario timeout for TestCorpus")
)

const expectationsFile = "testdata/expected_failures.txt"

// corpusScenarios is the number of expanded scenarios in the shared corpus.
const corpusScenarios = 3069

// TestCorpus runs the whole shared TCK corpus against the default harness
// and compares the outcomes with testdata/expected_failures.txt.
func TestCorpus(t *testing.T) {
	dir := testenv.TCKFeatures(t)
	scenarios, err := conformance.LoadFeatures(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(scenarios) != corpusScenarios {
		t.Errorf("found %d scenarios in %s, want %d", len(scenarios), dir, corpusScenarios)
	}
	name := *harnessFlag
	if name == "" {
		name = conformance.DefaultHarness()
	}
	h, err := conformance.OpenHarness(name)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	outcomes := conformance.Run(context.Background(), scenarios, conformance.Options{
		Harness:   h,
		GraphsDir: conformance.FindGraphsDir(dir),
		Timeout:   *timeoutFlag,
	})
	t.Logf("harness %s: %d scenarios in %v: %v", name, len(outcomes), time.Since(start).Round(time.Millisecond), conformance.Count(outcomes))
	for _, o := range outcomes {
		if strings.HasPrefix(o.Reason, conformance.ClassBadScenario+":") {
			t.Errorf("runner cannot read %s: %s", o.Scenario.Key(), o.Reason)
		}
	}

	data, err := os.ReadFile(expectationsFile)
	if err != nil && !(*update && os.IsNotExist(err)) {
		t.Fatal(err)
	}
	exp, err := conformance.ParseExpectations(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		var buf bytes.Buffer
		next := exp.Update(outcomes)
		if err := next.Write(&buf, outcomes); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.FromSlash(expectationsFile), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: %d entries (was %d)", expectationsFile, len(next), len(exp))
		return
	}
	problems := exp.Check(outcomes)
	const maxShown = 50
	for i, p := range problems {
		if i == maxShown {
			t.Errorf("... and %d more", len(problems)-maxShown)
			break
		}
		t.Error(p)
	}
	if len(problems) > 0 {
		t.Logf("%d disagreements with %s; if they are intended, run: go test ./conformance -run TestCorpus -update", len(problems), expectationsFile)
	}
}

// TestCorpusOtherPlans runs the corpus on the cyq harnesses that plan
// every query differently (row at a time only; patterns started at their
// last node) and requires the same outcomes as the default plans: the same
// expected failures, nothing else.
func TestCorpusOtherPlans(t *testing.T) {
	if *harnessFlag != "" || *update {
		t.Skip("runs only with the default harness and without -update")
	}
	dir := testenv.TCKFeatures(t)
	scenarios, err := conformance.LoadFeatures(dir)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(expectationsFile)
	if err != nil {
		t.Fatal(err)
	}
	exp, err := conformance.ParseExpectations(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"cyq-rowmode", "cyq-startlast"} {
		t.Run(name, func(t *testing.T) {
			h, err := conformance.OpenHarness(name)
			if err != nil {
				t.Fatal(err)
			}
			outcomes := conformance.Run(context.Background(), scenarios, conformance.Options{
				Harness: h, GraphsDir: conformance.FindGraphsDir(dir), Timeout: *timeoutFlag,
			})
			t.Logf("%v", conformance.Count(outcomes))
			for i, p := range exp.Check(outcomes) {
				if i == 20 {
					t.Error("...")
					break
				}
				t.Error(p)
			}
		})
	}
}
