package program

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/cyqdb/cyq/internal/engine"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/graphprogram"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/value"
)

// RunProgram validates p (every run re-validates) and runs it on a fresh
// working graph. params are the runtime parameters: they override the
// declared defaults and are bound as Cypher parameters. A validation
// failure returns an *InvalidError; a failure while running (a
// query error, the timeout, a failed "!" assertion) returns a result with
// Aborted set and W as it was when the program stopped.
func (rn *Runner) Run(ctx context.Context, p *graphprogram.Program, params map[string]any, opts *Options) (*Result, error) {
	if p == nil {
		return nil, cyqerr.Compile(cyqerr.ProgramError, "V000", "no program")
	}
	pr := rn.prepare(p, opts.withDefaults())
	rep := pr.report
	if !rep.Valid {
		return nil, &InvalidError{Report: rep, Index: -1}
	}
	r, err := rn.runProgram(ctx, pr, p, params, NewWorkingGraph(), opts)
	if err != nil {
		return nil, err
	}
	r.Warnings = append(rep.Warnings, r.Warnings...)
	return r, nil
}

// ChainEntry is one program of a chain with its runtime parameters.
type ChainEntry struct {
	Program *graphprogram.Program
	Params  map[string]any
	// ID is the stored program's id (0 for an inline program).
	ID int64
}

// ChainProgram is one program's part of a chain result.
type ChainProgram struct {
	Index     int        `json:"index"`
	ProgramID int64      `json:"program_id,omitempty"`
	Name      string     `json:"name,omitempty"`
	Log       []LogEntry `json:"log"`
	WSize     WSize      `json:"w_size"`
	Aborted   *Aborted   `json:"aborted,omitempty"`
	// Warnings are the program's validation warnings and those of its
	// run (V022: a parameter that is unknown, or null for want of a value).
	Warnings []graphprogram.Issue `json:"warnings,omitempty"`
}

// ChainResult is the outcome of a chain. Like a Result, it reads its
// working graph's payloads when Graph or encoding it asks for them.
type ChainResult struct {
	Programs []ChainProgram `json:"programs"`
	Aborted  *Aborted       `json:"aborted,omitempty"`
	W        *WorkingGraph  `json:"-"`
}

// Graph returns the final working graph's nodes and links with their
// payloads.
func (r *ChainResult) Graph() GraphJSON { return r.W.JSON() }

// MarshalJSON encodes the result with its graph as "result".
func (r *ChainResult) MarshalJSON() ([]byte, error) {
	type fields ChainResult
	return json.Marshal(struct {
		Result GraphJSON `json:"result"`
		*fields
	}{r.Graph(), (*fields)(r)})
}

// RunChain validates every program of the deck before running any, then
// runs them in order, threading the working graph from one to the next.
// Each program gets its own timeout. The chain stops at the first abort.
func (rn *Runner) RunChain(ctx context.Context, deck []ChainEntry, opts *Options) (*ChainResult, error) {
	if len(deck) == 0 || len(deck) > graphprogram.MaxDeck {
		return nil, cyqerr.Compile(cyqerr.ProgramError, "InvalidDeck", "a chain takes 1 to %d programs, not %d", graphprogram.MaxDeck, len(deck))
	}
	warnings := make([][]graphprogram.Issue, len(deck))
	prepared := make([]*prepared, len(deck))
	for i, e := range deck {
		if e.Program == nil {
			return nil, cyqerr.Compile(cyqerr.ProgramError, "InvalidDeck", "deck entry %d has no program", i)
		}
		prepared[i] = rn.prepare(e.Program, opts.withDefaults())
		rep := prepared[i].report
		if !rep.Valid {
			return nil, &InvalidError{Report: rep, Index: i}
		}
		warnings[i] = rep.Warnings
	}
	w := NewWorkingGraph()
	out := &ChainResult{Programs: []ChainProgram{}}
	for i, e := range deck {
		r, err := rn.runProgram(ctx, prepared[i], e.Program, e.Params, w, opts)
		if err != nil {
			return nil, err
		}
		w = r.W
		cp := ChainProgram{Index: i, ProgramID: e.ID, Name: e.Program.Name(), Log: r.Log, WSize: WSize{w.NodeCount(), w.LinkCount()}, Aborted: r.Aborted,
			Warnings: append(warnings[i], r.Warnings...)}
		out.Programs = append(out.Programs, cp)
		if r.Aborted != nil {
			a := *r.Aborted
			a.Statement = fmt.Sprintf("%d:%s", i, a.Statement)
			out.Aborted = &a
			break
		}
	}
	out.W = w
	return out, nil
}

// run is the state of one program run.
type run struct {
	rn     *Runner
	opts   Options
	params map[string]any
	w      *WorkingGraph
	log    []LogEntry
	prog   *lowered
	// keyIndex maps key values to the nodes holding them (built on the
	// first semi-join by key, see seek).
	keyIndex map[string]*roaring.Bitmap
}

type abortError struct {
	stmt string
	err  error
}

func (e *abortError) Error() string { return e.err.Error() }

func (rn *Runner) runProgram(ctx context.Context, pr *prepared, p *graphprogram.Program, params map[string]any, w *WorkingGraph, opts *Options) (*Result, error) {
	o := opts.withDefaults()
	bound, warnings, err := bindParams(p, pr.refs, params)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	if pr.lowerErr != nil {
		return nil, pr.lowerErr
	}
	low := pr.low
	r := &run{rn: rn, opts: o, params: bound, w: w.Clone(), log: []LogEntry{}, prog: low}
	r.w.load = rn.loader(o.KeyProperty)
	res := &Result{Warnings: warnings}
	if err := r.statements(ctx, low.plan.Steps); err != nil {
		var ab *abortError
		if !errors.As(err, &ab) {
			return nil, err
		}
		a := &Aborted{Statement: ab.stmt, Reason: ab.err.Error()}
		if e := cyqerr.As(ab.err); e != nil {
			a.Reason, a.Code = e.Message, e.Code()
			if e.Hint != "" {
				a.Reason += " (hint: " + e.Hint + ")"
			}
		}
		if ctx.Err() != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
			a.Reason = fmt.Sprintf("the program exceeded its time limit of %s", o.Timeout)
			a.Code = string(cyqerr.LimitExceeded)
		}
		res.Aborted = a
	}
	res.W = r.w
	res.Log = r.log
	return res, nil
}

// bindParams merges declared defaults and runtime parameters, checking the
// runtime values against the declared types. A parameter that the program
// uses without declaring it is null when it is not passed, and a passed
// parameter that the program neither declares nor uses is ignored: both
// are V022 warnings, not failures.
func bindParams(p *graphprogram.Program, refs map[string]bool, params map[string]any) (map[string]any, []graphprogram.Issue, error) {
	out := map[string]any{}
	declared := map[string]bool{}
	for _, par := range p.Params {
		declared[par.Name] = true
		if par.Default != nil {
			out[par.Name] = par.Default
		}
	}
	var warnings []graphprogram.Issue
	for _, k := range sortedKeys(params) {
		v := params[k]
		if k == "W_IDS" {
			return nil, nil, cyqerr.Compile(cyqerr.ProgramError, "V023", "parameter W_IDS is reserved for the working graph's node keys")
		}
		for _, par := range p.Params {
			if par.Name == k {
				if msg := graphprogram.CheckParamValue(par, v); msg != "" {
					return nil, nil, cyqerr.Compile(cyqerr.ProgramError, "V023", "%s", msg)
				}
			}
		}
		if !declared[k] && !refs[k] {
			warnings = append(warnings, graphprogram.Issue{RuleID: "V022", Severity: graphprogram.SeverityWarning, Field: "/params",
				Message: fmt.Sprintf("unknown program parameter %q: the program neither declares nor uses it, so it is ignored", k)})
		}
		out[k] = v
	}
	for _, k := range sortedKeys(refs) {
		if _, bound := out[k]; !bound && !declared[k] && k != "W_IDS" {
			out[k] = nil
			warnings = append(warnings, graphprogram.Issue{RuleID: "V022", Severity: graphprogram.SeverityWarning, Field: "/params",
				Message: fmt.Sprintf("$%s is not a declared program parameter and was not passed, so it is null", k)})
		}
	}
	return out, warnings, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (r *run) statements(ctx context.Context, steps []*logical.Step) error {
	for _, st := range steps {
		if err := r.statement(ctx, st); err != nil {
			return err
		}
	}
	return nil
}

func (r *run) statement(ctx context.Context, st *logical.Step) error {
	path := st.Path
	if err := ctx.Err(); err != nil {
		return &abortError{path, err}
	}
	s := r.prog.src[st]
	start := time.Now()
	entry := LogEntry{Statement: path, Op: s.Op, OperationType: s.Operation.Type, Label: s.Label}
	op := s.Operation
	if st.Kind == logical.StepConditional {
		branch, ss := "then", st.Then
		if !r.test(op.Condition) {
			branch, ss = "else", st.Else
			if len(ss) == 0 {
				branch = "none"
			}
		}
		entry.BranchTaken = branch
		entry.WSize = WSize{r.w.NodeCount(), r.w.LinkCount()}
		entry.DurationMs = ms(time.Since(start))
		r.log = append(r.log, entry)
		idx := len(r.log) - 1
		err := r.statements(ctx, ss)
		r.log[idx].DurationMs = ms(time.Since(start))
		r.log[idx].WSize = WSize{r.w.NodeCount(), r.w.LinkCount()}
		return err
	}
	fail := func(err error) error {
		entry.DurationMs = ms(time.Since(start))
		entry.WSize = WSize{r.w.NodeCount(), r.w.LinkCount()}
		r.log = append(r.log, entry)
		return &abortError{path, err}
	}
	abort := false
	switch st.Kind {
	case logical.StepCypher:
		if err := r.prog.errs[st]; err != nil {
			return fail(err)
		}
		q := r.prog.query[st]
		c, err := r.compiled(q, op)
		if err != nil {
			return fail(err)
		}
		wr, err := r.cypherStep(ctx, c, q.readsW, r.opts.rowLimit(s))
		if err != nil {
			return fail(err)
		}
		entry.Truncated = wr.Truncated
		entry.NodesAffected, entry.LinksAffected, abort = wr.NodesAffected, wr.LinksAffected, wr.Aborted
	case logical.StepAPI:
		res, err := r.endpoint(ctx, op)
		if err != nil {
			return fail(err)
		}
		entry.NodesAffected, entry.LinksAffected, abort = r.w.apply(s.Op, res)
	default:
		return fail(fmt.Errorf("unknown operation type %q", op.Type))
	}
	entry.WSize = WSize{r.w.NodeCount(), r.w.LinkCount()}
	entry.DurationMs = ms(time.Since(start))
	r.log = append(r.log, entry)
	if abort {
		return &abortError{path, errAssertion}
	}
	if err := r.w.CheckInvariants(); err != nil {
		return cyqerr.Runtimef(cyqerr.Internal, "WorkingGraph", "after statement %s: %v", path, err)
	}
	return nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// test evaluates a condition on W.
func (r *run) test(c *graphprogram.Condition) bool {
	if c == nil {
		return false
	}
	n := float64(r.w.NodeCount())
	switch c.Test {
	case "has_results":
		return !r.w.Empty()
	case "empty":
		return r.w.Empty()
	case "count_gte":
		return c.Value != nil && n >= *c.Value
	case "count_lte":
		return c.Value != nil && n <= *c.Value
	case "has_ontology":
		r.w.fill()
		for _, d := range r.w.data {
			if d.Ontology == c.Ontology {
				return true
			}
		}
	case "has_relationship":
		for k := range r.w.ws.LinkSet {
			if k.Type == c.Type {
				return true
			}
		}
	}
	return false
}

// bindings returns the Cypher parameters of an operation: the program's
// parameters and, when the operation reads it (withW), $W_IDS (W's key
// list, which reads every member's payload).
func (r *run) bindings(withW bool) map[string]value.Value {
	out := make(map[string]value.Value, len(r.params)+1)
	for k, v := range r.params {
		x, err := value.FromGo(v)
		if err == nil {
			out[k] = x
		}
	}
	if !withW {
		return out
	}
	keys := r.w.Keys()
	ids := make(value.List, 0, len(keys))
	for _, k := range keys {
		x, err := value.FromGo(k)
		if err == nil {
			ids = append(ids, x)
		}
	}
	out["W_IDS"] = ids
	return out
}

// queryRows runs an engine query generated by the program runner.
func (r *run) queryRows(ctx context.Context, query string, params map[string]any) ([][]value.Value, error) {
	vp := map[string]value.Value{}
	for k, v := range params {
		x, err := value.FromGo(v)
		if err != nil {
			return nil, err
		}
		vp[k] = x
	}
	rows, err := r.rn.eng.QueryReadOnlyValues(ctx, query, vp)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return rows.All()
}

// collector gathers the nodes, relationships and paths of result rows.
type collector struct {
	r       *run
	g       *WorkingGraph
	pending map[uint32]bool // relationship ends not yet materialised
}

func (r *run) collector() *collector {
	return &collector{r: r, g: NewWorkingGraph(), pending: map[uint32]bool{}}
}

func (c *collector) value(v value.Value) { value.Entities(v, c.node, c.rel) }

func (c *collector) node(n value.Node) {
	if c.g.ws.NodeSet.Contains(n.ID) {
		return
	}
	delete(c.pending, n.ID)
	c.g.addNode(wnode(n, c.r.opts.KeyProperty))
}

func (c *collector) rel(rl value.Rel) {
	if !c.g.ws.NodeSet.Contains(rl.Start) {
		c.pending[rl.Start] = true
	}
	if !c.g.ws.NodeSet.Contains(rl.End) {
		c.pending[rl.End] = true
	}
	c.g.addLink(&WLink{RelationshipType: rl.Type, Properties: props(rl.Props), from: rl.Start, to: rl.End, rel: rl.ID})
}

// finish materialises the relationships' end nodes and fills the links'
// keys.
func (c *collector) finish() *WorkingGraph {
	if len(c.pending) > 0 {
		if g, err := c.r.rn.eng.Graph(); err == nil {
			snap := g.Snapshot()
			for id := range c.pending {
				c.g.addNode(wnode(engine.HydrateNode(snap, id), c.r.opts.KeyProperty))
			}
			snap.Close()
		}
	}
	for k, l := range c.g.links {
		from, ok1 := c.g.data[k.From]
		to, ok2 := c.g.data[k.To]
		if !ok1 || !ok2 {
			delete(c.g.links, k)
			delete(c.g.ws.LinkSet, k)
			continue
		}
		l.FromID, l.ToID = from.ConceptID, to.ConceptID
	}
	return c.g
}

// loader reads payloads from the graph as it is when they are read
// (programs only read, so a node's payload is the one its statement saw
// unless a write committed since).
func (rn *Runner) loader(keyProperty string) loader {
	return func(fill func(payloads)) {
		g, err := rn.eng.Graph()
		if err != nil {
			return
		}
		snap := g.Snapshot()
		defer snap.Close()
		fill(payloadSource{keyProperty, snap})
	}
}

// wnode converts a materialised node to a working-graph node; keyProperty
// holds its key.
func wnode(n value.Node, keyProperty string) *WNode {
	w := &WNode{id: n.ID, Labels: append([]string{}, n.Labels...), Properties: props(n.Props)}
	if w.Labels == nil {
		w.Labels = []string{}
	}
	if k, ok := n.Props[keyProperty]; ok && !value.IsNull(k) {
		w.key = value.ToGo(k)
		if s, ok := k.(value.String); ok {
			w.ConceptID = string(s)
		} else {
			w.ConceptID = value.Format(k)
		}
	} else {
		w.ConceptID = fmt.Sprintf("n:%d", n.ID)
		w.key = w.ConceptID
	}
	for _, p := range []string{"name", "title", "label"} {
		if s, ok := n.Props[p].(value.String); ok {
			w.Label = string(s)
			break
		}
	}
	if w.Label == "" {
		w.Label = w.ConceptID
	}
	if s, ok := n.Props["ontology"].(value.String); ok {
		w.Ontology = string(s)
	}
	if s, ok := n.Props["description"].(value.String); ok {
		w.Description = string(s)
	}
	return w
}

// props converts a property map for output, leaving out vectors.
func props(m value.Map) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		if _, isVec := v.(value.Vector); isVec {
			continue
		}
		out[k] = value.ToGo(v)
	}
	return out
}
