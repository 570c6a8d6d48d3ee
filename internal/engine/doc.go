// Package engine is the one way into cyq's query pipeline for every
// front-end: the library API (package cyq), GraphPrograms (package
// program), the built-in procedures, the MCP server and the command line.
//
// Input: statement text and parameters. An Engine parses it (parser),
// plans and compiles it through a plan cache keyed by the schema and the
// data's shape (planner; plans are chosen for the parameter values of
// the run that compiles them and reused for values of the same estimate
// class, see plancache.go), runs the bytecode (vm) on a snapshot or in a
// write transaction of the store (storage), and hands back Rows whose
// nodes and relationships are hydrated with labels, types and properties.
// Schema commands (indexes, constraints, full-text and vector indexes),
// PROFILE reports, LOAD CSV's file policy and embedding on write live
// here too.
package engine
