package conformance

import (
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

func TestResults(t *testing.T) {
	tenth := 0.1 // tenth+0.2 is 0.30000000000000004 at run time
	a, b := node(1, labels("A"), nil), node(2, labels("B"), value.Map{})
	c := node(3, nil, nil)
	path := value.Path{
		Nodes: []value.Node{a, b, c},
		Rels:  []value.Rel{rel(7, "T", 1, 2, nil), rel(8, "U", 3, 2, props("k", value.Int(1)))},
	}
	runFeature(t, "results.feature", map[string]fakeAnswer{
		"two rows": {res: res(cols("a", "b"),
			row(value.Int(1), value.String("x")),
			row(value.Int(2), value.String("y")))},
		"duplicate rows": {res: res(cols("a"), row(value.Int(1)), row(value.Int(1)))},
		"lists": {res: res(cols("l"), row(value.List{
			value.List{value.Int(1), value.Int(2)},
			value.Map{"k": value.List{value.Int(4), value.Int(5)}},
			value.List{value.Int(3)},
		}))},
		"two lists": {res: res(cols("l"),
			row(value.List{value.Int(1), value.Int(2)}),
			row(value.List{value.Int(3)}))},
		"no rows": {res: res(cols("n"))},
		"nothing": {res: Result{}},
		"scalars": {res: res(cols("i", "f", "nan", "s", "m", "t", "n", "e"), row(
			value.Int(1), value.Float(1), value.Float(math.NaN()), value.String("it's \\ |\n"),
			value.Map{"a": value.List{value.Bool(true)}, "b": value.Float(2.5)},
			fakeTemporal("1984-10-11"), value.NullValue, value.Float(tenth+0.2)))},
		"entities": {res: res(cols("n", "r", "p"), row(
			node(9, labels("A", "B"), props("name", value.String("x"))),
			rel(4, "T", 1, 1, props("since", value.Int(2020))),
			path))},
		"syntax error": {err: cyqerr.Compile(cyqerr.SyntaxError, "UnexpectedSyntax", "oops")},
	})
}

func TestErrors(t *testing.T) {
	runFeature(t, "errors.feature", map[string]fakeAnswer{
		"undefined variable": {err: cyqerr.Compile(cyqerr.SyntaxError, "UndefinedVariable", "variable `x` not defined")},
		"division by zero":   {err: cyqerr.Runtimef(cyqerr.ArithmeticError, "DivisionByZero", "/ by zero")},
		"plain error":        {err: errors.New("something broke")},
		"internal error":     {err: cyqerr.New(cyqerr.Internal, "", cyqerr.Runtime, "bug")},
		"succeeds":           {res: Result{}},
		"fails after writing": {
			err:   cyqerr.Runtimef(cyqerr.ConstraintVerificationFailed, "DeleteConnectedNode", "node still has relationships"),
			state: state(nodes(node(1, nil, nil))),
		},
	})
}

func TestSideEffects(t *testing.T) {
	a := node(1, labels("A"), props("name", value.String("a"), "k", value.Int(1)))
	runFeature(t, "sideeffects.feature", map[string]fakeAnswer{
		"setup one node": {state: state(nodes(a))},
		"read":           {},
		"create a node": {state: state(nodes(a,
			node(2, labels("B"), props("x", value.Int(1), "y", value.Int(2)))))},
		"change a property": {state: state(nodes(
			node(1, labels("A"), props("name", value.String("b"), "k", value.Int(1)))))},
		"label another node": {state: state(nodes(a, node(2, labels("A"), nil)))},
		"setup two nodes and a relationship": {state: state(
			nodes(node(1, labels("A"), props("name", value.String("a"))), node(2, labels("B"), nil)),
			rel(1, "T", 1, 2, props("w", value.Int(1))))},
		"delete everything": {state: state(nil)},
		"create and delete": {},
	})
}

func TestComputeSideEffects(t *testing.T) {
	before := GraphState{
		Nodes: nodes(node(1, labels("A", "B"), props("p", value.Int(1), "q", value.Float(1), "z", value.NullValue))),
		Rels:  []value.Rel{rel(1, "T", 1, 1, props("p", value.Int(1)))},
	}
	after := GraphState{
		// p unchanged; q changes from 1.0 to 1 (another type: a change);
		// the node loses B; the relationship (ID 1, like the node) is replaced.
		Nodes: nodes(node(1, labels("A", "C"), props("p", value.Int(1), "q", value.Int(1)))),
		Rels:  []value.Rel{rel(2, "T", 1, 1, props("p", value.Int(1)))},
	}
	got := ComputeSideEffects(before, after)
	want := SideEffects{0, 0, 1, 1, 2, 2, 1, 1}
	if got != want {
		t.Errorf("got %v, want %v", got, want)
	}
	if s := (SideEffects{}).String(); s != "none" {
		t.Errorf("zero side effects render as %q", s)
	}
}

func TestContextSteps(t *testing.T) {
	outcomes, h := runFeature(t, "context.feature", map[string]fakeAnswer{
		"uses parameters": {
			params: map[string]value.Value{
				"name":  value.String("Stefan"),
				"props": value.List{value.Map{"a": value.Int(1)}, value.Map{"b": value.List{value.Float(1.5), value.NullValue}}},
			},
			res: res(cols("ok"), row(value.Bool(true))),
		},
		"call proc":                  {proc: "test.my.proc", args: row(value.String("Andres"), value.Int(1))},
		"call doNothing":             {proc: "test.doNothing"},
		"read":                       {},
		"CREATE (:Tiny {name: 't'})": {state: state(nodes(node(1, labels("Tiny"), props("name", value.String("t")))))},
		"bad setup":                  {err: cyqerr.Compile(cyqerr.SyntaxError, "UnexpectedSyntax", "bad")},
		"create a node":              {state: state(nodes(node(1, nil, nil)))},
		"count nodes":                {res: res(cols("count"), row(value.Int(1)))},
	})
	if n := len(outcomes); n != 16 {
		t.Errorf("%d scenarios, want 16", n)
	}
	skip := outcomes[len(outcomes)-2]
	if skip.Reason != "skipped: tagged @ignore" {
		t.Errorf("skip reason %q", skip.Reason)
	}
	var sawProc bool
	for _, g := range h.graphs {
		if p := g.procs["test.doNothing"]; p != nil {
			sawProc = true
			if len(p.Signature.Inputs) != 0 || len(p.Signature.Outputs) != 0 || len(p.Rows) != 0 {
				t.Errorf("doNothing registered as %v with rows %v", p.Signature, p.Rows)
			}
		}
		for _, q := range g.executed {
			if q == "never answered" {
				t.Error("an @ignore scenario was run")
			}
		}
	}
	if !sawProc {
		t.Error("test.doNothing was not registered")
	}
}

func TestOutlineAndBackground(t *testing.T) {
	answers := map[string]fakeAnswer{
		"background setup":  {state: state(nodes(node(1, nil, nil)))},
		"background count":  {res: res(cols("n"), row(value.Int(1)))},
		"RETURN 1 AS x":     {res: res(cols("x", "y"), row(value.Int(1), value.Int(1)))},
		"RETURN 'a|b' AS x": {res: res(cols("x", "y"), row(value.String("a|b"), value.String("a|b")))},
		"RETURN 2 AS x":     {res: res(cols("x", "y"), row(value.Int(2), value.Int(2)))},
		`RETURN '\' AS x`:   {res: res(cols("x", "y"), row(value.String(`\`), value.String(`\`)))},
	}
	data, err := os.ReadFile("testdata/unit/outline.feature")
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, outcomes []Outcome, h *fakeHarness) {
		t.Helper()
		if len(outcomes) != 6 {
			t.Fatalf("%s: %d scenarios, want 6 (5 outline rows, one commented out, and 1 scenario)", name, len(outcomes))
		}
		for i, o := range outcomes[:5] {
			if o.Scenario.Row != i+1 {
				t.Errorf("%s: outline scenario %d has row %d", name, i, o.Scenario.Row)
			}
			if o.Scenario.Title != "<verdict>: placeholders in doc strings and table cells #Example: <name>" {
				t.Errorf("%s: title %q", name, o.Scenario.Title)
			}
		}
		if k := outcomes[2].Scenario.Key(); k != "outline.feature :: <verdict>: placeholders in doc strings and table cells #Example: <name> :: row 3" {
			t.Errorf("%s: key %q", name, k)
		}
		if r := outcomes[5].Scenario.Row; r != 0 {
			t.Errorf("%s: plain scenario row %d", name, r)
		}
		for _, g := range h.graphs {
			if len(g.executed) == 0 || g.executed[0] != "background setup" {
				t.Errorf("%s: background did not run first: %q", name, g.executed)
			}
		}
	}
	outcomes, h := runFeatureData(t, "outline.feature", data, answers)
	check("LF", outcomes, h)
	crlf := []byte(strings.ReplaceAll(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n", "\r\n"))
	outcomes2, h2 := runFeatureData(t, "outline.feature", crlf, answers)
	check("CRLF", outcomes2, h2)
	for i := range outcomes {
		if outcomes[i].Status != outcomes2[i].Status || outcomes[i].Reason != outcomes2[i].Reason {
			t.Errorf("CRLF changes scenario %d: %v %q vs %v %q", i, outcomes[i].Status, outcomes[i].Reason, outcomes2[i].Status, outcomes2[i].Reason)
		}
	}
}

func TestCRLFFile(t *testing.T) {
	data, err := os.ReadFile("testdata/unit/crlf.feature")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "\r\n") {
		t.Fatal("testdata/unit/crlf.feature has lost its CRLF line endings")
	}
	outcomes, _ := runFeature(t, "crlf.feature", map[string]fakeAnswer{
		"MATCH (n)\nRETURN n.name": {res: res(cols("n.name"), row(value.String("x")))},
	})
	if len(outcomes) != 2 {
		t.Errorf("%d scenarios, want 2", len(outcomes))
	}
}
