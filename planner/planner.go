package planner

import (
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// Options configure compilation.
type Options struct {
	Stats      Stats           // statistics for the cost model (nil: defaults)
	Procedures ProcedureLookup // procedures callable with CALL (nil: none)
	// RowModeOnly disables the set-at-a-time rewrites (differential tests
	// compare both modes).
	RowModeOnly bool
	// StartLast makes every pattern start at its last unbound node instead
	// of the cheapest, giving another join order (differential tests).
	StartLast bool
	// Statement compiles the query as a GraphProgram statement: its rows
	// are collected into the statement's result R and the program's
	// operator merges R into the working graph W (see logical.WorkingApply).
	Statement *Statement
	// Params are the values of the query's parameters for the run being
	// planned (nil: none known). The cost model reads them as it reads
	// literals; the plan reads parameters at run time and is correct for
	// any values of the class it records, Compiled.ParamDeps, what the
	// estimates took from them (see ParamClass): where a list's shape
	// decides how it is read (an UNWIND of a list parameter read as IN,
	// a one-element list's IN read as an equality), DepShape holds the
	// plan to lists of that length class.
	Params map[string]value.Value
	// rec records the parameters the cost model reads (set by Compile).
	rec *paramRecorder
}

// Statement describes a GraphProgram statement around a query.
type Statement struct {
	// Op is the statement's operator: '+', '-', '&', '?' or '!'.
	Op byte
	// Limit bounds the nodes collected (0: none).
	Limit int
	// Param is the parameter that holds W's node keys (W_IDS) and
	// KeyProperty the graph's key property: `elementId(n) IN $W_IDS` and
	// `n.<key> IN $W_IDS` become semi-joins with W's node set.
	Param, KeyProperty string
	// Seed is the number of nodes in W (rounded down to a power of two)
	// when the statement's result only restricts W ('&' and '-' without
	// a limit of its own), 0 otherwise: the nodes of R outside W change
	// nothing, so the returned node may be bound from W's node set (see
	// seedVar), where that costs less than the query's own start.
	Seed int
}

// Compiled is a statement ready to run.
type Compiled struct {
	Plan    *logical.Plan
	Program *vm.Program
	// Assumes lists the facts of the data the plan relies on (for
	// example, that every end node of a relationship type carries a
	// label: two pattern counts that are equal). The plan is valid while
	// the statistics give the same counts; a plan cache checks them
	// before it reuses the plan.
	Assumes []PatternCount
	// Notifications are warnings about the query (unknown names, cartesian
	// products, unbounded variable length, deprecated forms), by position.
	Notifications []cyqerr.Notification
	// Cost is the plan's estimated work (see planCost): comparable
	// between plans of one query under one set of statistics, not a time.
	Cost float64
	// ParamDeps lists what the plan's estimates took from the values of
	// Options.Params, and ParamClass those values' class under them (see
	// ParamClass): the plan was chosen for the values of that class.
	ParamDeps  []ParamDep
	ParamClass []int32
	// runConsts are the run-constant parameters the plan reads (see
	// runConstants and WithRunConstants).
	runConsts []*runConst
}

// Compile plans and generates code for a parsed query statement. src is
// the statement's source text (for error positions and column names).
func Compile(st *ast.Statement, src string, opts Options) (*Compiled, error) {
	if opts.Params == nil {
		return compileOrdered(st, src, opts)
	}
	if opts.Stats == nil {
		opts.Stats = noStats{}
	}
	opts.rec = newParamRecorder(opts.Params)
	ast.Inspect(st, func(n ast.Node) bool {
		if p, ok := n.(*ast.Parameter); ok {
			opts.rec.written[p.Name] = true
		}
		return true
	})
	opts.rec.inLists(st)
	c, err := compileOrdered(st, src, opts)
	if err != nil {
		return nil, err
	}
	c.ParamDeps = opts.rec.deps
	for _, n := range opts.rec.order {
		if rc := opts.rec.consts[n]; rc.prog != nil {
			c.runConsts = append(c.runConsts, rc)
		}
	}
	c.ParamClass = ParamClass(c.ParamDeps, opts.Stats, opts.rec.params)
	return c, nil
}

// compileOnce plans and generates code for st with the clause-order
// choices forced (see orderChoices), and returns the choice points it
// met.
func compileOnce(st *ast.Statement, src string, opts Options, forced map[string]int) (*Compiled, *orderChoices, error) {
	if opts.Stats == nil {
		opts.Stats = noStats{}
	}
	if opts.Procedures == nil {
		opts.Procedures = func(string) (*vm.Procedure, bool) { return nil, false }
	}
	if st.Query == nil {
		return nil, nil, cyqerr.Compile(cyqerr.SemanticError, "Unsupported", "schema commands are run by the engine, not compiled")
	}
	ch := &orderChoices{forced: forced}
	if !opts.RowModeOnly {
		foldLiteralLabels(st)
	}
	b := &builder{src: src, stats: opts.Stats, procs: opts.Procedures, aggRefs: map[*ast.FunctionCall]string{}, startLast: opts.StartLast, stmt: opts.Statement, rowModeOnly: opts.RowModeOnly, choices: ch, params: opts.rec, noKeys: mayWrite(st), volatile: volatileCalls(st)}
	if err := b.checkSemantics(st); err != nil {
		return nil, nil, err
	}
	b.seed = seedVar(st.Query, opts.Statement)
	b.nodePos = valueNodePositions(st)
	b.labels = statementLabels(st)
	b.posReads = positionReads(st)
	plan, err := b.buildQuery(st.Query)
	if err != nil {
		return nil, nil, err
	}
	for i, pl := range plan.Pipelines {
		plan.Pipelines[i] = applyRules(pl, b.predicateRules(nil)...)
	}
	if !opts.RowModeOnly {
		for _, pl := range plan.Pipelines {
			pl.Ops = b.rewrite(pl.Ops, resultNeed(bagResult(plan, opts.Statement)))
			if !plan.Writes {
				useBatchScans(pl)
			}
		}
	}
	if opts.Statement != nil {
		collectInto(plan, opts.Statement)
	}
	for _, pl := range plan.Pipelines {
		b.estimate(pl)
	}
	g := newGen(b)
	if err := g.plan(plan); err != nil {
		return nil, nil, err
	}
	prog := g.finish(plan.Columns, plan.Writes)
	for _, in := range prog.Code {
		if in.Op.IsWrite() || in.Op == vm.OpOpenCSV {
			prog.Writes = true
		}
	}
	return &Compiled{Plan: plan, Program: prog, Assumes: b.assumes, Notifications: notifications(st, src, opts.Stats), Cost: b.planCost(plan)}, ch, nil
}
