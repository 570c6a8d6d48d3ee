// Package logical defines cyq's logical plan: the operators that both
// front-ends (openCypher and GraphProgram) lower to. It is where the two
// front-ends meet; past it nothing knows which one was used.
//
// Input: the planner's binder builds the plan from a parsed statement
// (*ast.Statement) or a lowered GraphProgram. Output: a *Plan, a list of
// *Pipeline (one per UNION branch), each a sequence of Op in which each
// operator consumes the rows of the one before it; a GraphProgram lowers
// to a *Program of Steps, each Cypher step holding a *Plan.
//
// Every operator implements Op: Name, Detail and String for EXPLAIN,
// Breaker for the cost model, and Children / WithChildren for the nested
// pipelines it owns (OPTIONAL MATCH, MERGE, FOREACH, CALL { }).
//
// Expressions stay as parser AST nodes; the binder's results (variable
// kinds) travel in the operators themselves.
package logical
