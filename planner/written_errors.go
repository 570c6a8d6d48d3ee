package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/vm"
)

// writtenError binds st as written, clause by clause in row mode's
// order, and returns the first static error of the written query (an
// undefined variable, a misplaced aggregate, a variable of the wrong
// kind), or nil.
//
// The planned build rewrites clauses before it binds them: it drops
// projection items nothing reads, folds a WHERE whose value is decided by
// constants, merges WITH clauses and moves MATCH clauses. Each rewrite is
// exact for a valid query, but one of an invalid query may remove the
// very reference the error is about (`WITH n9 RETURN 1`, `WHERE true OR
// n9 = 1`) or raise the error at another occurrence of the name. A query
// is valid or not as written, whatever plan is chosen, so the written
// query is bound first and its error, where it has one, is the answer of
// every plan; the rewrites then only meet valid queries.
func writtenError(st *ast.Statement, src string, opts Options) error {
	if st.Query == nil {
		return nil
	}
	stats, procs := opts.Stats, opts.Procedures
	if stats == nil {
		stats = noStats{}
	}
	if procs == nil {
		procs = func(string) (*vm.Procedure, bool) { return nil, false }
	}
	b := &builder{src: src, stats: stats, procs: procs, aggRefs: map[*ast.FunctionCall]string{}, stmt: opts.Statement, rowModeOnly: true, choices: &orderChoices{forced: map[string]int{}}, noKeys: mayWrite(st), volatile: volatileCalls(st)}
	if err := b.checkSemantics(st); err != nil {
		return err
	}
	b.seed = seedVar(st.Query, opts.Statement)
	b.nodePos = valueNodePositions(st)
	b.labels = statementLabels(st)
	_, err := b.buildQuery(st.Query)
	return err
}
