package conformance

import (
	"context"
	"strings"
	"testing"
	"time"
)

const oneQuery = `Feature: One query

  Scenario: pass: the query returns nothing
    Given any graph
    When executing query:
      """
      q
      """
    Then the result should be empty
`

func runOne(t *testing.T, a fakeAnswer, timeout time.Duration) Outcome {
	t.Helper()
	scenarios, err := ParseFeature("one.feature", []byte(oneQuery))
	if err != nil || len(scenarios) != 1 {
		t.Fatalf("%v, %d scenarios", err, len(scenarios))
	}
	h := &fakeHarness{answers: map[string]fakeAnswer{"q": a}}
	return RunScenario(context.Background(), scenarios[0], Options{Harness: h, Timeout: timeout})
}

func TestTimeouts(t *testing.T) {
	if o := runOne(t, fakeAnswer{}, time.Second); o.Status != Passed {
		t.Fatalf("baseline: %v %s", o.Status, o.Reason)
	}
	start := time.Now()
	o := runOne(t, fakeAnswer{hang: true}, 50*time.Millisecond)
	if o.Status != Failed || ReasonClass(o.Reason) != ClassTimeout {
		t.Errorf("engine honouring the deadline: %v %s", o.Status, o.Reason)
	}
	o = runOne(t, fakeAnswer{hang: true, ignore: true}, 50*time.Millisecond)
	if o.Status != Failed || ReasonClass(o.Reason) != ClassTimeout || !strings.Contains(o.Reason, "abandoned") {
		t.Errorf("engine ignoring the deadline: %v %s", o.Status, o.Reason)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("timeouts took %v", d)
	}
}

func TestPanic(t *testing.T) {
	o := runOne(t, fakeAnswer{panics: true}, time.Second)
	if o.Status != Failed || ReasonClass(o.Reason) != ClassPanic || !strings.Contains(o.Reason, "fake engine panics") {
		t.Errorf("%v %s", o.Status, o.Reason)
	}
}

func TestUnavailable(t *testing.T) {
	scenarios, err := ParseFeature("one.feature", []byte(oneQuery))
	if err != nil {
		t.Fatal(err)
	}
	outcomes := Run(context.Background(), scenarios, Options{Harness: Unavailable})
	if o := outcomes[0]; o.Status != Failed || o.Reason != ClassInternal+": "+UnavailableMessage {
		t.Errorf("%v %q", o.Status, o.Reason)
	}
	if DefaultHarness() != "cyq" {
		t.Errorf("default harness %q, want the engine's", DefaultHarness())
	}
	if _, err := OpenHarness("no such engine"); err == nil {
		t.Error("OpenHarness accepted an unknown name")
	}
	h, err := OpenHarness("unavailable")
	if err != nil || h != Unavailable {
		t.Errorf("OpenHarness(unavailable) = %v, %v", h, err)
	}
}

func TestRunKeepsOrderInParallel(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("Feature: Many\n")
	answers := map[string]fakeAnswer{}
	for i := 0; i < 40; i++ {
		q := "q" + strings.Repeat("x", i)
		answers[q] = fakeAnswer{}
		sb.WriteString("  Scenario: pass: " + q + "\n    Given any graph\n    When executing query:\n      \"\"\"\n      " + q + "\n      \"\"\"\n    Then the result should be empty\n")
	}
	outcomes, _ := runFeatureData(t, "many.feature", []byte(sb.String()), answers)
	for i, o := range outcomes {
		if o.Scenario.Index != i {
			t.Fatalf("outcome %d is scenario %d", i, o.Scenario.Index)
		}
	}
}
