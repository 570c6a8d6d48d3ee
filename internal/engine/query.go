package engine

import (
	"context"
	"strings"
	"time"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/parser/graphprogram"
	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// ErrWriteRefused is the detail of the error QueryReadOnly returns for a
// statement that writes.
const ErrWriteRefused = "WriteRefused"

// Params converts parameters given as Go values (see value.FromGo).
func Params(params map[string]any) (map[string]value.Value, error) {
	vp := make(map[string]value.Value, len(params))
	for k, v := range params {
		x, err := value.FromGo(v)
		if err != nil {
			return nil, cyqerr.Compile(cyqerr.ArgumentError, "InvalidParameter", "parameter $%s: %v", k, err)
		}
		vp[k] = x
	}
	return vp, nil
}

// Query runs one statement with parameters given as Go values and returns
// its rows.
func (eng *Engine) Query(ctx context.Context, query string, params map[string]any) (*Rows, error) {
	vp, err := Params(params)
	if err != nil {
		return nil, err
	}
	return eng.QueryValues(ctx, query, vp)
}

// Parse parses one statement (through the engine's statement cache).
func (eng *Engine) Parse(query string) (*ast.Statement, error) { return eng.parser.Parse(query) }

// Graph returns the graph queries run against.
func (eng *Engine) Graph() (*storage.Graph, error) {
	g, err := eng.store.Graph(eng.opts.Graph)
	return g, mapStorageErr(err)
}

// Compile parses and plans a statement against the current graph without
// running it (EXPLAIN uses it).
func (eng *Engine) Compile(query string) (*planner.Compiled, error) {
	st, err := eng.parser.Parse(query)
	if err != nil {
		return nil, err
	}
	return eng.CompileStatement(st, query)
}

// CompileStatement plans a parsed statement against the current snapshot.
func (eng *Engine) CompileStatement(st *ast.Statement, query string) (*planner.Compiled, error) {
	g, err := eng.Graph()
	if err != nil {
		return nil, err
	}
	snap := g.Snapshot()
	defer snap.Close()
	return eng.compile(st, query, snap, nil)
}

// parseFor parses query for a run under ctx (refused when ctx has already
// ended) and returns the engine of the graph it runs on: eng, or the one
// its USE clause names.
func (eng *Engine) parseFor(ctx context.Context, query string) (*ast.Statement, *Engine, error) {
	if err := started(ctx); err != nil {
		return nil, nil, err
	}
	st, err := eng.parser.Parse(query)
	if err != nil {
		return nil, nil, err
	}
	on, err := eng.useGraph(st, query)
	if err != nil {
		return nil, nil, err
	}
	return st, on, nil
}

// QueryValues is Query with parameters already converted to values. A
// read-only statement streams its rows from a snapshot; a writing one runs
// in a write transaction that commits when the statement succeeds.
func (eng *Engine) QueryValues(ctx context.Context, query string, params map[string]value.Value) (*Rows, error) {
	st, on, err := eng.parseFor(ctx, query)
	if err != nil {
		return nil, err
	}
	if on != eng { // USE names another graph
		return on.QueryValues(ctx, query, params)
	}
	g, err := eng.Graph()
	if err != nil {
		return nil, err
	}
	if st.Command != nil {
		ctx, cancel := eng.withTimeout(ctx)
		defer cancel()
		return eng.schemaCommand(ctx, g, st, query, params)
	}
	snap, compiled, explained, err := eng.compileOn(g, st, query, params)
	if explained != nil || err != nil {
		return explained, err
	}
	if !compiled.Program.Writes {
		return eng.streamRows(ctx, st, compiled, snap, params)
	}
	snap.Close()
	if err := checkParams(compiled.Program, params); err != nil {
		return nil, err
	}
	if eng.opts.ReadOnly {
		return nil, cyqerr.Compile(cyqerr.AccessDenied, "ReadOnly", "this query writes, but the store is open read-only")
	}
	ctx, cancel := eng.withTimeout(ctx)
	defer cancel()
	tx, err := g.Begin(ctx)
	if err != nil {
		return nil, stopped(ctx, mapStorageErr(err))
	}
	out, err := eng.runInTx(ctx, tx, st, compiled, params)
	if err != nil {
		tx.Rollback()
		return nil, err
	}
	if err := started(ctx); err != nil { // ended after the last row: do not commit
		tx.Rollback()
		return nil, err
	}
	work := tx.EmbedWork() // nodes a provider embedder must embed (embed.go)
	if err := tx.Commit(); err != nil {
		return nil, stopped(ctx, mapStorageErr(err))
	}
	eng.embedAfterCommit(ctx, work)
	return out, nil
}

// QueryReadOnly runs a statement that must not write: the planner's verdict
// (Program.Writes) decides, and the statement runs on a snapshot with no
// writer attached, so nothing can be written even if a plan were misjudged.
// Schema commands are refused; an EXPLAIN prefix is allowed.
func (eng *Engine) QueryReadOnly(ctx context.Context, query string, params map[string]any) (*Rows, error) {
	vp, err := Params(params)
	if err != nil {
		return nil, err
	}
	return eng.QueryReadOnlyValues(ctx, query, vp)
}

// QueryReadOnlyValues is QueryReadOnly with parameters already converted
// to values.
func (eng *Engine) QueryReadOnlyValues(ctx context.Context, query string, params map[string]value.Value) (*Rows, error) {
	st, on, err := eng.parseFor(ctx, query)
	if err != nil {
		return nil, err
	}
	if on != eng { // USE names another graph
		return on.QueryReadOnlyValues(ctx, query, params)
	}
	if st.Command != nil {
		return nil, cyqerr.Compile(cyqerr.AccessDenied, ErrWriteRefused, "schema commands change the store; this operation is read-only").At(query, st.Command.NodeSpan().Start)
	}
	g, err := eng.Graph()
	if err != nil {
		return nil, err
	}
	snap, compiled, explained, err := eng.compileOn(g, st, query, params)
	if explained != nil || err != nil {
		return explained, err
	}
	if compiled.Program.Writes {
		snap.Close()
		return nil, eng.WriteRefused(st)
	}
	return eng.streamRows(ctx, st, compiled, snap, params)
}

// compileOn compiles st, for a run with params, against a fresh snapshot
// of g, which it returns
// open. For EXPLAIN it returns the plan as rows instead (and holds no
// snapshot); on an error it holds nothing.
func (eng *Engine) compileOn(g *storage.Graph, st *ast.Statement, query string, params map[string]value.Value) (*storage.Snapshot, *planner.Compiled, *Rows, error) {
	snap := g.Snapshot()
	compiled := eng.explainedRun(st, query, snap, params)
	var err error
	if compiled == nil {
		compiled, err = eng.compile(st, query, snap, params)
	}
	if err != nil {
		snap.Close()
		return nil, nil, nil, err
	}
	if st.Explain {
		snap.Close()
		return nil, compiled, explainRows(compiled), nil
	}
	return snap, compiled, nil, nil
}

// explainedRun returns, for EXPLAIN followed by exactly the text of a
// query, the plan cached for a run of that text with params when one
// serves them (the lookup the run itself makes), so EXPLAIN shows the plan
// the run gets and plans nothing again; nil otherwise. EXPLAIN reads only
// the plan, never the text positions its errors would carry, so a plan
// compiled from the bare text answers it exactly.
func (eng *Engine) explainedRun(st *ast.Statement, query string, r storage.Reader, params map[string]value.Value) *planner.Compiled {
	if !st.Explain || st.Query == nil {
		return nil
	}
	sp := st.Query.Span
	if sp.Start < 0 || sp.End > len(query) || sp.Start >= sp.End ||
		!strings.EqualFold(strings.TrimSpace(query[:sp.Start]), "EXPLAIN") || strings.TrimSpace(query[sp.End:]) != "" {
		return nil
	}
	return eng.cached(planKey{graph: eng.opts.Graph, query: query[sp.Start:sp.End]}, r, params)
}

// withTimeout bounds ctx by the engine's per-query timeout.
func (eng *Engine) withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	if eng.opts.Run.Timeout > 0 {
		return context.WithTimeout(ctx, eng.opts.Run.Timeout)
	}
	return ctx, func() {}
}

// streamRows starts a read-only run of compiled on snap: its rows stream
// to the caller, and closing them releases the snapshot. snap is closed
// here when the run cannot start.
func (eng *Engine) streamRows(ctx context.Context, st *ast.Statement, compiled *planner.Compiled, snap *storage.Snapshot, params map[string]value.Value) (*Rows, error) {
	if err := checkParams(compiled.Program, params); err != nil {
		snap.Close()
		return nil, err
	}
	ctx, cancel := eng.withTimeout(ctx)
	view := graphView{snap}
	m := eng.newMachine(ctx, compiled.Program, view, nil, params)
	rows := &Rows{cols: compiled.Program.Columns, m: m, ctx: ctx, view: view, snap: snap, cancel: cancel, notes: compiled.Notifications}
	if st.Profile {
		m.EnableProfile()
		rows.profiled, rows.started = compiled, time.Now()
	}
	return rows, nil
}

// runInTx runs compiled in the write transaction tx and reads all its rows
// (a writing statement's rows are buffered: the writes must finish before
// the transaction ends).
func (eng *Engine) runInTx(ctx context.Context, tx *storage.Tx, st *ast.Statement, compiled *planner.Compiled, params map[string]value.Value) (*Rows, error) {
	view := graphView{tx}
	out := &Rows{cols: compiled.Program.Columns, pos: -1, notes: compiled.Notifications}
	m := eng.newMachine(ctx, compiled.Program, view, writerFor(st, tx, &out.counters), params)
	defer m.ReleaseMemory()
	m.SetFileOpener(eng.fileOpener(ctx))
	begun := time.Now()
	if st.Profile {
		m.EnableProfile()
	}
	for {
		ok, err := m.Step()
		if err != nil {
			return nil, stopped(ctx, batchFailure(m, err))
		}
		if !ok {
			break
		}
		out.buffered = append(out.buffered, hydrateRow(view, m.Row()))
	}
	if st.Profile {
		out.profile = profileText(compiled, m.Stats(), time.Since(begun))
	}
	return out, nil
}

// ReadMachine starts a read-only run of c on a fresh snapshot of the
// graph, under the engine's timeout and limits: the machine, the snapshot
// it reads, and release, which ends both. GraphProgram statements run
// through it.
func (eng *Engine) ReadMachine(ctx context.Context, c *planner.Compiled, params map[string]value.Value) (m *vm.Machine, r storage.Reader, release func(), err error) {
	if err := checkParams(c.Program, params); err != nil {
		return nil, nil, nil, err
	}
	g, err := eng.Graph()
	if err != nil {
		return nil, nil, nil, err
	}
	snap := g.Snapshot()
	ctx, cancel := eng.withTimeout(ctx)
	m = eng.newMachine(ctx, c.Program, graphView{snap}, nil, params)
	return m, snap, func() { m.ReleaseMemory(); snap.Close(); cancel() }, nil
}

// newMachine starts a run of p under the engine's limits, its working
// memory charged to the store (Store.ChargeMemory: under a MemoryBudget,
// cached pages make room for it) until the run's release.
func (eng *Engine) newMachine(ctx context.Context, p *vm.Program, g vm.Graph, w vm.Writer, params map[string]value.Value) *vm.Machine {
	m := vm.NewMachine(ctx, p, g, w, params, eng.opts.Run.Limits)
	m.SetMemoryAccount(eng.store.ChargeMemory)
	return m
}

// WriteRefused is the error for a writing query where only reads are
// allowed, naming what writes.
func (eng *Engine) WriteRefused(st *ast.Statement) error {
	e := cyqerr.Compile(cyqerr.AccessDenied, ErrWriteRefused, "this query writes to the graph, but only read-only queries are allowed here")
	loadsCSV := false
	ast.Inspect(st, func(n ast.Node) bool {
		_, ok := n.(*ast.LoadCSV)
		loadsCSV = loadsCSV || ok
		return !loadsCSV
	})
	if w := graphprogram.Updates(st); w == nil && loadsCSV {
		// LOAD CSV reads files, which read-only callers (agents) may not.
		e.Message = "this query uses LOAD CSV, which reads files; file access is disabled for agents and other read-only callers"
		return e.WithHint("query the graph's data instead, or import the file beforehand with `cyq import` or a LOAD CSV run with writes allowed")
	} else if w != nil {
		e.Message = "this query " + w.What + ", but only read-only queries are allowed here"
	} else if name, ok := eng.WritingProcedure(st); ok {
		e.Message = "this query calls " + name + ", which is not read-only, but only read-only queries are allowed here"
	}
	return e.WithHint("remove the updating clauses (CREATE, MERGE, SET, DELETE, REMOVE, FOREACH) or use a tool that allows writes")
}

// WritingProcedure returns the first procedure called by st that is not
// read-only.
func (eng *Engine) WritingProcedure(st *ast.Statement) (string, bool) {
	name, found := "", false
	ast.Inspect(st, func(n ast.Node) bool {
		c, ok := n.(*ast.Call)
		if !ok || found {
			return !found
		}
		full := strings.ToLower(strings.Join(append(append([]string{}, c.Namespace...), c.Name), "."))
		if p, ok := eng.procedure(full); ok && !p.ReadOnly {
			name, found = p.Name, true
		}
		return true
	})
	return name, found
}
