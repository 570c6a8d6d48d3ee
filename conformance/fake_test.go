package conformance

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// fakeAnswer is the canned reply of the fake engine to one query text.
type fakeAnswer struct {
	res    Result
	err    error
	state  *GraphState            // the graph's state after the query, when set
	params map[string]value.Value // when set, the query fails unless called with exactly these
	proc   string                 // when set, answer by calling this registered procedure with args
	args   []value.Value
	hang   bool // block until the context ends... or forever when ignoreCtx
	ignore bool // with hang: ignore the context
	panics bool
}

// fakeHarness is a tiny scripted engine: every query's reply is looked up by
// its trimmed text; the graph state changes only as the answers say.
type fakeHarness struct {
	answers map[string]fakeAnswer

	mu     sync.Mutex
	graphs []*fakeGraph
}

func (h *fakeHarness) NewGraph(context.Context) (Graph, error) {
	g := &fakeGraph{h: h}
	h.mu.Lock()
	h.graphs = append(h.graphs, g)
	h.mu.Unlock()
	return g, nil
}

type fakeGraph struct {
	h        *fakeHarness
	state    GraphState
	procs    map[string]*Procedure
	executed []string
	closed   bool
}

func (g *fakeGraph) Execute(ctx context.Context, query string, params map[string]value.Value) (Result, error) {
	q := strings.TrimSpace(query)
	g.executed = append(g.executed, q)
	a, ok := g.h.answers[q]
	if !ok {
		return Result{}, fmt.Errorf("fake engine: no answer for %q", q)
	}
	if a.panics {
		panic("fake engine panics")
	}
	if a.hang {
		if a.ignore {
			select {}
		}
		<-ctx.Done()
		return Result{}, cyqerr.Runtimef(cyqerr.Cancelled, "", "%v", ctx.Err())
	}
	if a.params != nil {
		if len(a.params) != len(params) {
			return Result{}, fmt.Errorf("fake engine: params %v, want %v", params, a.params)
		}
		for k, v := range a.params {
			if pv, ok := params[k]; !ok || !Match(v, pv, false) {
				return Result{}, fmt.Errorf("fake engine: param %s = %v, want %v", k, params[k], v)
			}
		}
	}
	if a.proc != "" {
		p := g.procs[a.proc]
		if p == nil {
			return Result{}, cyqerr.Compile(cyqerr.ProcedureError, "ProcedureNotFound", "no procedure %s", a.proc)
		}
		rows, err := p.Call(a.args)
		if err != nil {
			return Result{}, err
		}
		var cols []string
		for _, f := range p.Signature.Outputs {
			cols = append(cols, f.Name)
		}
		return Result{Columns: cols, Rows: rows}, nil
	}
	if a.state != nil {
		g.state = *a.state
	}
	return a.res, a.err
}

func (g *fakeGraph) RegisterProcedure(p *Procedure) error {
	if g.procs == nil {
		g.procs = map[string]*Procedure{}
	}
	g.procs[p.Signature.Name] = p
	return nil
}

func (g *fakeGraph) State(context.Context) (GraphState, error) { return g.state, nil }

func (g *fakeGraph) Close() error {
	g.closed = true
	return nil
}

var _ Harness = (*fakeHarness)(nil)

// fakeTemporal stands in for the engine's temporal values.
type fakeTemporal string

func (fakeTemporal) Kind() value.Kind                      { return value.KindDate }
func (t fakeTemporal) EqualSame(o value.Value) bool        { return t == o.(fakeTemporal) }
func (t fakeTemporal) CompareSame(value.Value) (int, bool) { return 0, false }
func (t fakeTemporal) OrderSame(value.Value) int           { return 0 }
func (t fakeTemporal) AppendKey(dst []byte) []byte         { return append(dst, t...) }
func (t fakeTemporal) String() string                      { return string(t) }

// Helpers for canned values.
func cols(names ...string) []string { return names }

func row(vs ...value.Value) []value.Value { return vs }

func rows(rs ...[]value.Value) [][]value.Value { return rs }

func res(columns []string, rs ...[]value.Value) Result { return Result{Columns: columns, Rows: rs} }

func props(kv ...any) value.Map {
	m := value.Map{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1].(value.Value)
	}
	return m
}

func node(id uint32, labels []string, p value.Map) value.Node {
	return value.Node{ID: id, Labels: labels, Props: p}
}

func rel(id uint64, typ string, start, end uint32, p value.Map) value.Rel {
	return value.Rel{ID: id, Type: typ, Start: start, End: end, Props: p}
}

func state(nodes []value.Node, rels ...value.Rel) *GraphState {
	return &GraphState{Nodes: nodes, Rels: rels}
}

func nodes(ns ...value.Node) []value.Node { return ns }

func labels(ls ...string) []string { return ls }

// titleRE reads what a test scenario expects of itself from its title:
// "pass: ..." or "fail <class>: ...".
var titleRE = regexp.MustCompile(`^(pass|fail ([a-z ]+)|skip): `)

// runFeature runs every scenario of a testdata feature file against a fake
// harness with the given answers and checks each against its title. It
// returns the outcomes and the harness.
func runFeature(t *testing.T, file string, answers map[string]fakeAnswer) ([]Outcome, *fakeHarness) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "unit", file))
	if err != nil {
		t.Fatal(err)
	}
	return runFeatureData(t, file, data, answers)
}

func runFeatureData(t *testing.T, file string, data []byte, answers map[string]fakeAnswer) ([]Outcome, *fakeHarness) {
	t.Helper()
	scenarios, err := ParseFeature(file, data)
	if err != nil {
		t.Fatal(err)
	}
	if len(scenarios) == 0 {
		t.Fatalf("%s: no scenarios", file)
	}
	h := &fakeHarness{answers: answers}
	outcomes := Run(context.Background(), scenarios, Options{
		Harness:   h,
		GraphsDir: filepath.Join("testdata", "graphs"),
		Timeout:   2 * time.Second,
		Parallel:  2,
	})
	for _, o := range outcomes {
		m := titleRE.FindStringSubmatch(o.Scenario.Name)
		if m == nil {
			t.Fatalf("%s: title %q does not say what to expect", file, o.Scenario.Name)
		}
		switch {
		case m[1] == "pass":
			if o.Status != Passed {
				t.Errorf("%s: want pass, got %v: %s", o.Scenario.Key(), o.Status, o.Reason)
			}
		case m[1] == "skip":
			if o.Status != Skipped {
				t.Errorf("%s: want skip, got %v: %s", o.Scenario.Key(), o.Status, o.Reason)
			}
		default:
			if o.Status != Failed || ReasonClass(o.Reason) != m[2] {
				t.Errorf("%s: want failure %q, got %v: %s", o.Scenario.Key(), m[2], o.Status, o.Reason)
			} else if testing.Verbose() {
				t.Logf("%s: %s", o.Scenario.Key(), o.Reason)
			}
		}
	}
	for _, g := range h.graphs {
		if !g.closed {
			t.Errorf("%s: a graph was not closed", file)
		}
	}
	return outcomes, h
}
