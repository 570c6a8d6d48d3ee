package cypher5

import (
	"context"
	"testing"
	"time"

	"github.com/cyqdb/cyq/conformance"
)

// TestSuite runs every scenario of testdata/*.feature on each of cyq's
// harnesses; every scenario must pass.
func TestSuite(t *testing.T) {
	scenarios, err := conformance.LoadFeatures("testdata")
	if err != nil {
		t.Fatal(err)
	}
	if len(scenarios) == 0 {
		t.Fatal("no scenarios in testdata")
	}
	for _, name := range []string{"cyq", "cyq-rowmode", "cyq-startlast"} {
		t.Run(name, func(t *testing.T) {
			h, err := conformance.OpenHarness(name)
			if err != nil {
				t.Fatal(err)
			}
			outcomes := conformance.Run(context.Background(), scenarios, conformance.Options{Harness: h, Timeout: 20 * time.Second})
			for _, o := range outcomes {
				if o.Status != conformance.Passed {
					t.Errorf("%s: %s: %s", o.Scenario.Key(), o.Status, o.Reason)
				}
			}
			t.Logf("%d scenarios: %v", len(outcomes), conformance.Count(outcomes))
		})
	}
}
