package manual

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/conformance"
)

var update = flag.Bool("update", false, "rewrite testdata/expected_failures.txt from this run")

const expectationsFile = "testdata/expected_failures.txt"

// TestManual runs every example of testdata/ on cyq, reports the pass rate
// per chapter and compares the outcomes with the expected failures.
func TestManual(t *testing.T) {
	scenarios, err := Load("testdata")
	if err != nil {
		t.Fatal(err)
	}
	if len(scenarios) == 0 {
		t.Fatal("no examples in testdata")
	}
	abs, err := filepath.Abs("testdata/csv")
	if err != nil {
		t.Fatal(err)
	}
	h := conformance.NewCyqHarness(cyq.Options{ImportDir: abs})
	outcomes := conformance.Run(context.Background(), scenarios, conformance.Options{Harness: h, Timeout: 20 * time.Second})
	for _, o := range outcomes {
		if strings.HasPrefix(o.Reason, conformance.ClassBadScenario+":") {
			t.Errorf("runner cannot read %s: %s", o.Scenario.Key(), o.Reason)
		}
	}
	t.Log("\n" + Report(outcomes))

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
		body := strings.TrimPrefix(buf.String(), conformance.ExpectationsHeader)
		if err := os.WriteFile(expectationsFile, []byte(header+strings.TrimLeft(body, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: %d entries (was %d)", expectationsFile, len(next), len(exp))
		return
	}
	for _, p := range exp.Check(outcomes) {
		t.Error(p)
	}
}

const header = `# Examples of the Neo4j Cypher manual (testdata/<chapter>/<page>.txt) that
# are expected not to pass, one per line with its reason:
# <page> :: <title> :: row 0 | <class>: <reason>
# The test fails when an example fails without being listed here and when a
# listed example passes, so this list only shrinks. Regenerate it with
# go test ./conformance/manual -update (edited reasons are kept while the
# example fails with the same class).

`

// Report renders the pass rate per chapter and in total.
func Report(outcomes []conformance.Outcome) string {
	type tally struct{ pass, all int }
	per := map[string]*tally{}
	var total tally
	for _, o := range outcomes {
		ch := Chapter(o.Scenario.Feature)
		if per[ch] == nil {
			per[ch] = &tally{}
		}
		per[ch].all++
		total.all++
		if o.Status == conformance.Passed {
			per[ch].pass++
			total.pass++
		}
	}
	var names []string
	for n := range per {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	line := func(name string, t tally) {
		fmt.Fprintf(&b, "%-14s %4d / %4d  %5.1f%%\n", name, t.pass, t.all, 100*float64(t.pass)/float64(max(t.all, 1)))
	}
	for _, n := range names {
		line(n, *per[n])
	}
	line("total", total)
	return b.String()
}
