package cyq

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/parser/graphprogram"
	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// Program execution defaults.
const (
	// DefaultProgramTimeout bounds one program's run.
	DefaultProgramTimeout = 60 * time.Second
	// DefaultStatementRows bounds the rows one Cypher operation contributes
	// when it sets no limit of its own.
	DefaultStatementRows = 10000
	// DefaultKeyProperty is the property holding a concept's key.
	DefaultKeyProperty = "concept_id"
	// DefaultSourceLabel is the label marking sources.
	DefaultSourceLabel = "Source"
)

// ProgramOptions configure how programs run against a graph.
type ProgramOptions struct {
	// Timeout bounds each program (default DefaultProgramTimeout).
	Timeout time.Duration
	// KeyProperty is the property holding a node's key (default
	// "concept_id"); nodes without it are keyed by elementId ("n:<id>").
	KeyProperty string
	// ConceptLabel marks concepts for the /concepts endpoints; "" means
	// every node is a concept.
	ConceptLabel string
	// SourceLabel marks sources (default "Source").
	SourceLabel string
	// MaxRows bounds the rows read from one Cypher operation without a
	// limit of its own (default DefaultStatementRows).
	MaxRows int
}

func (o *ProgramOptions) withDefaults() ProgramOptions {
	var c ProgramOptions
	if o != nil {
		c = *o
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultProgramTimeout
	}
	if c.KeyProperty == "" {
		c.KeyProperty = DefaultKeyProperty
	}
	if c.SourceLabel == "" {
		c.SourceLabel = DefaultSourceLabel
	}
	if c.MaxRows <= 0 {
		c.MaxRows = DefaultStatementRows
	}
	return c
}

// WSize is the size of the working graph.
type WSize struct {
	Nodes int `json:"nodes"`
	Links int `json:"links"`
}

// LogEntry records one executed statement.
type LogEntry struct {
	Statement     string  `json:"statement"`
	Op            string  `json:"op"`
	OperationType string  `json:"operation_type"`
	Label         string  `json:"label,omitempty"`
	BranchTaken   string  `json:"branch_taken,omitempty"`
	NodesAffected int     `json:"nodes_affected"`
	LinksAffected int     `json:"links_affected"`
	WSize         WSize   `json:"w_size"`
	DurationMs    float64 `json:"duration_ms"`
	// Truncated reports that the operation returned more rows than its
	// limit; only the first rows were used.
	Truncated bool `json:"truncated,omitempty"`
}

// Aborted says where and why a program stopped.
type Aborted struct {
	Statement string `json:"statement"`
	Reason    string `json:"reason"`
	Code      string `json:"code,omitempty"`
}

// ProgramResult is the outcome of running a program.
type ProgramResult struct {
	Result  GraphJSON  `json:"result"`
	Log     []LogEntry `json:"log"`
	Aborted *Aborted   `json:"aborted,omitempty"`
	// W is the final working graph (for chaining).
	W *WorkingGraph `json:"-"`
}

// InvalidProgramError is returned when a program fails validation.
type InvalidProgramError struct {
	Report graphprogram.Report
	// Index is the program's position in a deck (-1 outside a chain).
	Index int
}

func (e *InvalidProgramError) Error() string {
	var b strings.Builder
	b.WriteString("invalid program")
	if e.Index >= 0 {
		fmt.Fprintf(&b, " (deck entry %d)", e.Index)
	}
	for i, is := range e.Report.Errors {
		if i == 5 {
			fmt.Fprintf(&b, "; and %d more", len(e.Report.Errors)-5)
			break
		}
		b.WriteString("; ")
		b.WriteString(is.String())
	}
	return b.String()
}

// ProgramCheckOptions returns the validation options that check Cypher
// operations against this DB: parsed for the statement-shape rules, then
// planned, with read-only decided by the plan (Program.Writes).
func (db *DB) ProgramCheckOptions() graphprogram.Options {
	return graphprogram.Options{CheckCypher: db.checkProgramCypher}
}

// ValidateProgram validates a decoded program against this DB.
func (db *DB) ValidateProgram(p *graphprogram.Program) graphprogram.Report {
	if p == nil {
		return graphprogram.Report{Errors: []graphprogram.Issue{{RuleID: "V000", Severity: graphprogram.SeverityError, Message: "no program"}}, Warnings: []graphprogram.Issue{}}
	}
	return graphprogram.Validate(p, db.ProgramCheckOptions())
}

func (db *DB) checkProgramCypher(query, stmt, ptr string) []graphprogram.Issue {
	st, issues := graphprogram.ParseCypher(query, stmt, ptr)
	if st == nil {
		return issues
	}
	issues = graphprogram.CheckStatement(st, query, stmt, ptr)
	for _, is := range issues {
		if is.RuleID == "V012" || is.RuleID == "V015" {
			return issues // never plan LOAD CSV or schema commands
		}
	}
	compiled, err := db.compileStatement(st, query)
	if err != nil {
		if w := graphprogram.Updates(st); w != nil {
			return append(issues, graphprogram.Issue{RuleID: w.Rule, Severity: graphprogram.SeverityError, Statement: stmt, Field: ptr,
				Message: "the query " + w.What + "; Cypher operations must be read-only"})
		}
		return append(issues, graphprogram.Issue{RuleID: "V010", Severity: graphprogram.SeverityError, Statement: stmt, Field: ptr, Message: graphprogram.Describe(err)})
	}
	w := graphprogram.Updates(st)
	if compiled.Program.Writes {
		rule, what := "V011", "writes to the graph (the planner found updating operations)"
		if name, ok := db.writingProcedure(st); ok {
			rule, what = "V013", "calls the procedure "+name+", which is not read-only"
		} else if w != nil {
			rule, what = w.Rule, w.What
		}
		issues = append(issues, graphprogram.Issue{RuleID: rule, Severity: graphprogram.SeverityError, Statement: stmt, Field: ptr,
			Message: "the query " + what + "; Cypher operations must be read-only"})
	} else if w != nil {
		// Belt and braces: an updating clause the plan did not flag.
		issues = append(issues, graphprogram.Issue{RuleID: w.Rule, Severity: graphprogram.SeverityError, Statement: stmt, Field: ptr,
			Message: "the query " + w.What + "; Cypher operations must be read-only"})
	}
	return issues
}

// writingProcedure returns the first procedure called by st that is not
// read-only.
func (db *DB) writingProcedure(st *ast.Statement) (string, bool) {
	name, found := "", false
	ast.Inspect(st, func(n ast.Node) bool {
		c, ok := n.(*ast.Call)
		if !ok || found {
			return !found
		}
		full := strings.ToLower(strings.Join(append(append([]string{}, c.Namespace...), c.Name), "."))
		if p, ok := db.procedure(full); ok && !p.ReadOnly {
			name, found = p.Name, true
		}
		return true
	})
	return name, found
}

// compileStatement plans a parsed statement against the current snapshot.
func (db *DB) compileStatement(st *ast.Statement, query string) (*planner.Compiled, error) {
	g, err := db.store.Graph(db.opts.Graph)
	if err != nil {
		return nil, mapStorageErr(err)
	}
	snap := g.Snapshot()
	defer snap.Close()
	return db.compile(st, query, snap)
}

// QueryReadOnly runs a statement that must not write: the planner's verdict
// (Program.Writes) decides, and the statement runs on a snapshot with no
// writer attached, so nothing can be written even if a plan were misjudged.
// Schema commands are refused; an EXPLAIN prefix is allowed.
func (db *DB) QueryReadOnly(ctx context.Context, query string, params map[string]any) (*Rows, error) {
	vp := make(map[string]value.Value, len(params))
	for k, v := range params {
		x, err := value.FromGo(v)
		if err != nil {
			return nil, cyqerr.Compile(cyqerr.ArgumentError, "InvalidParameter", "parameter $%s: %v", k, err)
		}
		vp[k] = x
	}
	return db.queryReadOnly(ctx, query, vp)
}

// ErrWriteRefused is the detail of the error QueryReadOnly returns for a
// statement that writes.
const ErrWriteRefused = "WriteRefused"

func (db *DB) queryReadOnly(ctx context.Context, query string, params map[string]value.Value) (*Rows, error) {
	st, err := db.parser.Parse(query)
	if err != nil {
		return nil, err
	}
	if st.Command != nil {
		return nil, cyqerr.Compile(cyqerr.AccessDenied, ErrWriteRefused, "schema commands change the store; this operation is read-only").At(query, st.Command.NodeSpan().Start)
	}
	g, err := db.store.Graph(db.opts.Graph)
	if err != nil {
		return nil, mapStorageErr(err)
	}
	snap := g.Snapshot()
	compiled, err := db.compile(st, query, snap)
	if err != nil {
		snap.Close()
		return nil, err
	}
	if st.Explain {
		snap.Close()
		return explainRows(compiled), nil
	}
	if compiled.Program.Writes {
		snap.Close()
		return nil, db.writeRefused(st)
	}
	if err := checkParams(compiled.Program, params); err != nil {
		snap.Close()
		return nil, err
	}
	var cancel context.CancelFunc = func() {}
	if db.opts.Timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, db.opts.Timeout)
	}
	view := graphView{snap}
	m := vm.NewMachine(ctx, compiled.Program, view, nil, params, db.opts.Limits)
	rows := &Rows{cols: compiled.Program.Columns, m: m, view: view, release: func() { snap.Close(); cancel() }}
	if st.Profile {
		m.EnableProfile()
		rows.profiled, rows.started = compiled, time.Now()
	}
	return rows, nil
}

// writeRefused is the error for a writing query where only reads are
// allowed, naming what writes.
func (db *DB) writeRefused(st *ast.Statement) error {
	e := cyqerr.Compile(cyqerr.AccessDenied, ErrWriteRefused, "this query writes to the graph, but only read-only queries are allowed here")
	if w := graphprogram.Updates(st); w != nil {
		e.Message = "this query " + w.What + ", but only read-only queries are allowed here"
	} else if name, ok := db.writingProcedure(st); ok {
		e.Message = "this query calls " + name + ", which is not read-only, but only read-only queries are allowed here"
	}
	return e.WithHint("remove the updating clauses (CREATE, MERGE, SET, DELETE, REMOVE, FOREACH) or use a tool that allows writes")
}

// OnGraph returns a DB for another graph of the same store, sharing the
// store and the registered procedures. It must not be closed: closing it
// would close the shared store.
func (db *DB) OnGraph(name string) (*DB, error) {
	if name == "" || name == db.opts.Graph {
		return db, nil
	}
	if _, err := db.store.Graph(name); err != nil {
		return nil, mapStorageErr(err)
	}
	return db.sibling(name), nil
}

func (db *DB) sibling(graph string) *DB {
	o := db.opts
	o.Graph = graph
	db.mu.RLock()
	procs := make(map[string]*vm.Procedure, len(db.procs))
	for k, v := range db.procs {
		procs[k] = v
	}
	db.mu.RUnlock()
	return &DB{store: db.store, opts: o, parser: db.parser, procs: procs}
}

// errAssertion is the reason of a "!" statement whose result is empty.
var errAssertion = errors.New("assertion failed: empty result")
