package planner

import (
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
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
}

// Compiled is a statement ready to run.
type Compiled struct {
	Plan    *logical.Plan
	Program *vm.Program
}

// Compile plans and generates code for a parsed query statement. src is
// the statement's source text (for error positions and column names).
func Compile(st *ast.Statement, src string, opts Options) (*Compiled, error) {
	if opts.Stats == nil {
		opts.Stats = noStats{}
	}
	if opts.Procedures == nil {
		opts.Procedures = func(string) (*vm.Procedure, bool) { return nil, false }
	}
	if st.Query == nil {
		return nil, cyqerr.Compile(cyqerr.SemanticError, "Unsupported", "schema commands are run by the engine, not compiled")
	}
	b := &builder{src: src, stats: opts.Stats, procs: opts.Procedures, aggRefs: map[*ast.FunctionCall]string{}, startLast: opts.StartLast}
	plan, err := b.buildQuery(st.Query)
	if err != nil {
		return nil, err
	}
	if !opts.RowModeOnly {
		for _, pl := range plan.Pipelines {
			b.useCycleCounts(pl)
			b.useDegrees(pl)
			useSetMode(pl)
		}
	}
	for _, pl := range plan.Pipelines {
		b.estimate(pl)
	}
	g := newGen(b)
	if err := g.plan(plan); err != nil {
		return nil, err
	}
	prog := g.finish(plan.Columns, plan.Writes)
	for _, in := range prog.Code {
		if in.Op.IsWrite() || in.Op == vm.OpOpenCSV {
			prog.Writes = true
		}
	}
	return &Compiled{Plan: plan, Program: prog}, nil
}
