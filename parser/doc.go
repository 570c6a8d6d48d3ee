// Package parser turns openCypher text into the AST of package parser/ast.
//
// Input: Cypher source text (one statement, or a `;`-separated script).
// Output: *ast.Statement (or a slice of them), or a *cyqerr.Error.
//
// The language is openCypher 9 as exercised by the TCK plus the Neo4j 5
// forms people write: label expressions (:A|B, :A&!B), inline WHERE in
// patterns, EXISTS / COUNT / COLLECT subqueries, CALL subqueries, LOAD CSV,
// USE, EXPLAIN / PROFILE, and index and constraint commands including
// fulltext and vector indexes.
//
// The grammar lives in package grammar (ANTLR, generated); this package is
// the only one that imports it. Parsing runs with SLL prediction and falls
// back to full LL only when SLL reports an error. A hand-written walker,
// split by clause family (walk.go: statements and clauses, walk_pattern.go,
// walk_expr.go, walk_schema.go), builds the AST with byte spans on every
// node.
//
// Every error is a *cyqerr.Error of type SyntaxError (phase compile time)
// with a detail named as in the TCK where one exists (UnexpectedSyntax,
// InvalidNumberLiteral, IntegerOverflow, InvalidUnicodeLiteral, ...), a
// position, and where possible a hint and a corrected query in Fix: `==`,
// `!=`, `&&`, `||`, SQL LIKE, misspelled keywords, unclosed brackets,
// quotes and comments, missing AS and trailing commas are recognised. Input
// larger than Options.MaxInputSize, nested deeper than Options.MaxDepth, or
// with an operator chain (a OR b OR ..., not nesting) of more than
// Options.MaxChain operands gives a LimitExceeded error. Semantic checks (undefined variables,
// aggregation rules, ...) belong to the planner's binder.
//
// A Parser caches parsed statements by text in a bounded LRU; ASTs are
// immutable after parsing, so cached trees are shared.
package parser
