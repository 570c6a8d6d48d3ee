// Package planner compiles a parsed Cypher statement into a plan and a VM
// program.
//
// Input: a parsed *ast.Statement, its source text (for error positions and
// column names) and Options: statistics for the cost model (Stats), the
// procedures CALL may use (ProcedureLookup), and, for a GraphProgram
// statement, the Statement around the query. Output: a *Compiled holding
// the *logical.Plan (what EXPLAIN shows) and the *vm.Program that runs it.
// Compile is the entry point; errors are *cyqerr.Error values pointing at
// the source.
//
// Compile runs these stages, each in files named for it:
//
//   - Binding: scope.go (scopes and variable kinds), check.go and
//     types.go (expressions), bind_checks.go (what clauses may bind or
//     change) and bind_projection.go (aggregation, ORDER BY, SKIP/LIMIT).
//   - Plan building, interleaved with binding clause by clause:
//     build_query.go (the clause loop; match_order.go plans the MATCH
//     clause of the cheapest start first in a run of MATCH clauses),
//     build_match.go, pattern_predicates.go and build_start.go (patterns,
//     their predicates in one form, and where they start: scans and
//     seeks),
//     build_shortest.go,
//     build_projection.go (WITH and RETURN), build_call.go (CALL and
//     CALL { }), build_update.go (updating clauses), working.go
//     (GraphProgram statements).
//   - Rewrites: predicates first: rules_predicates.go runs
//     normalize_predicates.go (with normalize_subqueries.go: every spelling
//     of EXISTS, COUNT and size() of a pattern in one form),
//     pushdown_filters.go (with predicates.go) and
//     drop_implied_labels.go to a fixed point. Then required.go derives
//     what each operator's consumers need (live variables, whether
//     multiplicity and order matter) and rules.go runs the rules that use
//     it to a fixed point, one rule per file: drop_unused.go (projection
//     items, paths, aggregates and WITH variables nothing reads; a
//     grouping left without aggregates is DISTINCT),
//     pushdown_uniqueness.go (relationship uniqueness written in WHERE),
//     seek_scans.go (seeks from filters written anywhere),
//     aggregate_forms.go (one canonical form per aggregation: counts,
//     size(collect()), single-row groups as projections), set_*.go (set-at-a-time expansion), count_*.go
//     (degree, cycle and type counts, CALL { } counts) and
//     decorrelate_exists.go (existence tests and count thresholds as
//     costed semi-joins and anti-joins; semijoin.go generates them;
//     grouped_existence.go moves a group's existence test to its rows).
//     rewrite_batch.go and vector.go batch scans afterwards.
//   - Costing: cardinality.go, selectivity.go and reached_degree.go (the
//     degree of a node by how the plan found it: size-biased when an
//     expansion reached it, actual when a seek of a literal did).
//     params.go gives the cost model the values of Options.Params as it
//     gives it literals (planValue) and records what the estimates took
//     from them (Compiled.ParamDeps, ParamClass), for a plan cache that
//     reuses a plan only for values of the estimate class it was chosen
//     for.
//   - Code generation: codegen.go, expr.go, writes.go and the rewrites'
//     own generators.
package planner
