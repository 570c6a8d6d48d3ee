package conformance

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// Status is the outcome of one scenario.
type Status uint8

// Statuses.
const (
	Passed Status = iota
	Failed
	Skipped
)

// String returns "passed", "failed" or "skipped".
func (s Status) String() string {
	switch s {
	case Passed:
		return "passed"
	case Failed:
		return "failed"
	case Skipped:
		return "skipped"
	}
	return "unknown"
}

// Reason classes: every failure reason starts with one of these, followed by
// ": " and the details. The expectations file keeps a hand-written reason
// as long as the scenario keeps failing with the same class.
const (
	ClassBadScenario     = "bad scenario"     // the scenario itself could not be understood
	ClassHarness         = "harness error"    // NewGraph, State or RegisterProcedure failed
	ClassInternal        = "internal error"   // the engine returned an InternalError
	ClassSetup           = "setup failed"     // a Given graph or having executed query failed
	ClassUnexpectedError = "unexpected error" // a query failed where a result was expected
	ClassWrongColumns    = "wrong columns"    // result columns differ
	ClassWrongResult     = "wrong result"     // result rows differ
	ClassMissingError    = "missing error"    // an error was expected, the query succeeded
	ClassWrongError      = "wrong error"      // a different error than expected
	ClassSideEffects     = "wrong side effects"
	ClassTimeout         = "timeout"
	ClassPanic           = "panic"
	ClassSkipped         = "skipped" // not a failure: the reason of a skipped scenario
)

// ReasonClass returns the class of a failure or skip reason: the text
// before the first ": ", or the whole reason when it has none.
func ReasonClass(reason string) string {
	if i := strings.Index(reason, ": "); i >= 0 {
		return reason[:i]
	}
	return reason
}

// Outcome is the result of running one scenario.
type Outcome struct {
	Scenario *Scenario
	Status   Status
	Reason   string // why it failed or was skipped, "<class>: <details>"
	Duration time.Duration
}

// Options configure Run.
type Options struct {
	// Harness provides a fresh graph per scenario. Required.
	Harness Harness
	// GraphsDir holds the named graphs (<dir>/<name>/<name>.cypher). When
	// empty, a "graphs" directory next to or above the features is used
	// (see FindGraphsDir); scenarios that need a missing graph fail.
	GraphsDir string
	// Timeout bounds each scenario (default 30s). A scenario whose engine
	// ignores the deadline is abandoned, still running, a second later.
	Timeout time.Duration
	// Parallel is the number of scenarios run at once (default GOMAXPROCS).
	Parallel int
}

// DefaultTimeout is the per-scenario timeout when Options.Timeout is zero.
const DefaultTimeout = 30 * time.Second

// abandonGrace is how long past its deadline a scenario may take to return.
const abandonGrace = time.Second

// FindGraphsDir returns the TCK named-graphs directory for a features
// directory: the first directory named "graphs" found in featuresDir or one
// of its parents, or "" when there is none.
func FindGraphsDir(featuresDir string) string {
	dir, err := filepath.Abs(featuresDir)
	if err != nil {
		return ""
	}
	for {
		g := filepath.Join(dir, "graphs")
		if st, err := os.Stat(g); err == nil && st.IsDir() {
			return g
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Run runs the scenarios on a pool of workers and returns their outcomes in
// the order of scenarios.
func Run(ctx context.Context, scenarios []*Scenario, opts Options) []Outcome {
	if opts.Parallel <= 0 {
		opts.Parallel = runtime.GOMAXPROCS(0)
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	r := &runner{opts: opts, graphs: map[string]graphScript{}}
	out := make([]Outcome, len(scenarios))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < opts.Parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = r.run(ctx, scenarios[i])
			}
		}()
	}
	for i := range scenarios {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// RunScenario runs one scenario.
func RunScenario(ctx context.Context, s *Scenario, opts Options) Outcome {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	r := &runner{opts: opts, graphs: map[string]graphScript{}}
	return r.run(ctx, s)
}

type graphScript struct {
	query string
	err   error
}

type runner struct {
	opts     Options
	graphsMu sync.Mutex
	graphs   map[string]graphScript
}

// failure is a scenario failure with its reason class.
type failure struct {
	class  string
	detail string
}

func (f *failure) Error() string { return f.class + ": " + f.detail }

func fail(class, format string, args ...any) *failure {
	return &failure{class: class, detail: oneLine(fmt.Sprintf(format, args...))}
}

func (r *runner) run(ctx context.Context, s *Scenario) (o Outcome) {
	start := time.Now()
	o = Outcome{Scenario: s}
	defer func() { o.Duration = time.Since(start) }()
	if s.Skip != "" {
		o.Status, o.Reason = Skipped, ClassSkipped+": "+s.Skip
		return o
	}
	p, err := compile(s)
	if err != nil {
		o.Status, o.Reason = Failed, ClassBadScenario+": "+oneLine(err.Error())
		return o
	}
	sctx, cancel := context.WithTimeout(ctx, r.opts.Timeout)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		defer func() {
			if v := recover(); v != nil {
				done <- fail(ClassPanic, "%v: %s", v, firstFrames(debug.Stack()))
			}
		}()
		done <- r.exec(sctx, p)
	}()
	select {
	case err = <-done:
		if err != nil && sctx.Err() != nil && ctx.Err() == nil {
			err = fail(ClassTimeout, "scenario did not finish within %v (%v)", r.opts.Timeout, err)
		}
	case <-time.After(r.opts.Timeout + abandonGrace):
		err = fail(ClassTimeout, "scenario did not finish within %v and was abandoned while still running", r.opts.Timeout)
	}
	if err != nil {
		o.Status, o.Reason = Failed, err.Error()
	}
	return o
}

// firstFrames keeps the panicking frames of a stack trace, briefly.
func firstFrames(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	var keep []string
	for i := 0; i+1 < len(lines) && len(keep) < 3; i++ {
		l := strings.TrimSpace(lines[i])
		if strings.HasPrefix(l, "panic(") {
			if i+3 < len(lines) {
				keep = append(keep, strings.TrimSpace(lines[i+2]), strings.TrimSpace(lines[i+3]))
			}
			break
		}
	}
	return strings.Join(keep, " ")
}

// exec runs a compiled scenario on a fresh graph.
func (r *runner) exec(ctx context.Context, p *plan) error {
	g, err := r.opts.Harness.NewGraph(ctx)
	if err != nil {
		return fail(ClassHarness, "NewGraph: %v", err)
	}
	defer g.Close()
	var (
		params     = map[string]value.Value{}
		baseline   GraphState
		haveResult bool
		res        Result
		resErr     error
		what       string // "query" or "control query", for messages
		mainErr    error  // the outcome of the query under test
		effectsRun bool
	)
	execute := func(q string) (Result, error) {
		res, err := g.Execute(ctx, q, params)
		if ce := cyqerr.As(err); ce != nil && ce.Type == cyqerr.Internal {
			return res, fail(ClassInternal, "%s", ce.Message)
		}
		return res, err
	}
	for _, o := range p.ops {
		switch o.kind {
		case opGraph:
			if o.graph == "" {
				continue
			}
			script, err := r.namedGraph(o.graph)
			if err != nil {
				return fail(ClassSetup, "%v", err)
			}
			if _, err := execute(script); err != nil {
				return setupError(err, "loading the %s graph", o.graph)
			}
		case opSetup:
			if _, err := execute(o.query); err != nil {
				return setupError(err, "having executed %q", o.query)
			}
		case opParams:
			for k, v := range o.params {
				params[k] = v
			}
		case opProcedure:
			if err := g.RegisterProcedure(o.proc); err != nil {
				return fail(ClassHarness, "RegisterProcedure %s: %v", o.proc.Signature, err)
			}
		case opQuery, opControl:
			if o.kind == opQuery {
				if baseline, err = g.State(ctx); err != nil {
					return fail(ClassHarness, "State: %v", err)
				}
				what = "query"
			} else {
				what = "control query"
			}
			res, resErr = execute(o.query)
			var f *failure
			if errors.As(resErr, &f) {
				return f
			}
			if o.kind == opQuery {
				mainErr = resErr
			}
			haveResult = true
		case opExpectRows, opExpectEmpty:
			if !haveResult {
				return fail(ClassBadScenario, "line %d: no query to check", o.line)
			}
			if resErr != nil {
				return fail(ClassUnexpectedError, "%s failed: %s", what, DescribeError(resErr))
			}
			var why string
			if o.kind == opExpectEmpty {
				if len(res.Columns) != 0 || len(res.Rows) != 0 {
					why = fmt.Sprintf("expected an empty result (no columns, no rows), got columns %s and %d rows %s",
						formatColumns(res.Columns), len(res.Rows), formatRows(res.Rows))
				}
			} else {
				why = RowsMatch(o.cols, o.rows, res, o.order, o.ignoreListOrder)
			}
			if why != "" {
				class := ClassWrongResult
				if strings.HasPrefix(why, "columns:") {
					class = ClassWrongColumns
				}
				if what == "control query" {
					why = "control query: " + why
				}
				return fail(class, "%s", why)
			}
		case opExpectError:
			if !haveResult {
				return fail(ClassBadScenario, "line %d: no query to check", o.line)
			}
			if resErr == nil {
				return fail(ClassMissingError, "expected %s, but the %s succeeded with columns %s and %d rows",
					o.err, what, formatColumns(res.Columns), len(res.Rows))
			}
			if why := o.err.Check(resErr); why != "" {
				return fail(ClassWrongError, "%s", why)
			}
		case opSideEffects:
			effectsRun = true
			after, err := g.State(ctx)
			if err != nil {
				return fail(ClassHarness, "State: %v", err)
			}
			if got := ComputeSideEffects(baseline, after); got != o.effects {
				return fail(ClassSideEffects, "expected %s, got %s", o.effects, got)
			}
		}
	}
	if mainErr != nil && !effectsRun {
		// An expected error: the failed query must leave the graph unchanged.
		after, err := g.State(ctx)
		if err != nil {
			return fail(ClassHarness, "State: %v", err)
		}
		if got := ComputeSideEffects(baseline, after); got != (SideEffects{}) {
			return fail(ClassSideEffects, "the failed query changed the graph: %s", got)
		}
	}
	if err := ctx.Err(); err != nil {
		return fail(ClassTimeout, "%v", err)
	}
	return nil
}

func setupError(err error, format string, args ...any) error {
	var f *failure
	if errors.As(err, &f) {
		return f
	}
	return fail(ClassSetup, "%s: %s", fmt.Sprintf(format, args...), DescribeError(err))
}

// namedGraph returns the creation script of a named graph, without its
// terminating ';'.
func (r *runner) namedGraph(name string) (string, error) {
	r.graphsMu.Lock()
	defer r.graphsMu.Unlock()
	if g, ok := r.graphs[name]; ok {
		return g.query, g.err
	}
	var g graphScript
	if r.opts.GraphsDir == "" {
		g.err = fmt.Errorf("named graph %q: no graphs directory", name)
	} else {
		data, err := os.ReadFile(filepath.Join(r.opts.GraphsDir, name, name+".cypher"))
		if err != nil {
			g.err = fmt.Errorf("named graph %q: %w", name, err)
		} else {
			g.query = strings.TrimSuffix(strings.TrimSpace(string(data)), ";")
		}
	}
	r.graphs[name] = g
	return g.query, g.err
}
