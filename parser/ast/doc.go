// Package ast defines the abstract syntax tree of an openCypher statement, the
// hand-off type from package parser to the planner.
//
// Input: nothing (parser builds it). Output: *Statement.
//
// Every node embeds a Span holding the byte offsets of the source text it
// was parsed from; line and column are derived from the source with
// cyqerr.PosOf. Trees are immutable after parsing, so they may be shared
// between goroutines and cached; consumers that need to attach facts to
// nodes (types, resolved references) keep side tables keyed by node pointer.
//
// Format prints a tree back as Cypher text that parses to an equal tree.
package ast
