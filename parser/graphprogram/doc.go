// Package graphprogram decodes and validates GraphProgram, the JSON
// language in which agents build a working graph step by step.
//
// Input: a program's JSON text (Decode, Check) or an already decoded JSON
// value such as MCP tool arguments (FromValue, CheckValue). Output: a
// *Program and a Report of Issues, each with a rule ID, a severity, the
// statement's structural path ("2", "2.then.0") and a JSON pointer into the
// program. The engine (package cyq: DB.ValidateProgram, DB.RunProgram)
// runs programs; this package never touches a graph.
//
// Rules:
//
//	V000  malformed JSON or a schema violation (unknown fields, wrong types,
//	      unknown operators, operation types or condition tests)
//	V001  missing or unsupported version (must be 1)
//	V002  no statements
//	V004  duplicate parameter declaration (or the reserved name W_IDS)
//	V005  a conditional with an empty then branch
//	V006  more than 100 operations; a conditional counts 1 for its test plus
//	      its longer branch
//	V007  conditionals nested more than 3 deep
//	V010  a Cypher operation that does not parse or does not compile
//	V011  a Cypher operation that writes (CREATE, MERGE, SET, DELETE, REMOVE,
//	      FOREACH with updates)
//	V012  LOAD CSV (reads from outside the graph)
//	V013  a call of a procedure that is not read-only
//	V014  a CALL { } subquery that writes
//	V015  a schema command (CREATE/DROP INDEX or CONSTRAINT)
//	V016  an EXPLAIN or PROFILE prefix, or several statements in one operation
//	V020  unknown endpoint
//	V021  missing required endpoint parameter
//	V022  unknown endpoint parameter, or a "$name" reference to an undeclared
//	      program parameter (warnings)
//	V023  a parameter of the wrong type or out of range (endpoint params,
//	      declared defaults, "$name" references of the wrong declared type)
//	V030  a variable-length relationship pattern that is unbounded or may be
//	      longer than 6 hops, wherever it occurs in the query's syntax tree:
//	      MATCH, OPTIONAL MATCH, shortestPath, allShortestPaths, CALL
//	      subqueries, EXISTS/COUNT/COLLECT subqueries, pattern expressions and
//	      pattern comprehensions, every part of a UNION
//
// V010–V016 and V030 are decided from the parsed statement, never from
// keywords in the text, so comments, string literals and unusual spacing
// neither hide nor fake a write. Without an engine, CheckCypherSyntax
// classifies updating clauses from the syntax tree; the engine's checker
// (cyq.DB.ProgramCheckOptions) plans the query and takes the planner's
// verdict (vm.Program.Writes), which also covers writing procedures.
package graphprogram
