// Package vm is cyq's bytecode register machine.
//
// Input: a *Program (instructions, constants, column names and the
// per-operator tables EXPLAIN and PROFILE use), compiled by the planner,
// and a Graph to read (a store snapshot or a write transaction, through
// the engine's adapter), with a Writer for writing queries. Output: rows,
// one Step at a time (Machine.Row), plus run statistics (Machine.Stats).
//
// Registers hold scalars, node sets (roaring bitmaps), batches of 1,024
// bindings and vector registers. Opcodes (opcodes.go) cover set algebra,
// row pipelines (expand, filter, project, aggregate, sort, limit), batched
// scans with vector expression instructions, writes, GraphProgram working
// graphs and emit. Cancellation, the step budget and the memory budget are
// checked as the machine runs (Limits).
package vm
