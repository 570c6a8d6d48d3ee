// Package manual holds cyq's conformance suite of the Neo4j Cypher manual's
// examples: for each in-scope page of the manual (clauses, subqueries,
// patterns, values and types, expressions, functions, operators, and the
// schema pages), the page's example graph, its queries and the result
// tables it documents, written down in a compact text format.
//
// Input: testdata/<chapter>/<page>.txt files (format below) and the
// committed list testdata/expected_failures.txt of examples that do not
// pass yet, each with a reason. Output: a go test that converts every page
// into TCK scenarios (Parse), runs them through package conformance's
// runner on cyq, reports the pass rate per chapter, and fails when an
// example fails without being listed or passes while listed
// (`go test ./conformance/manual -update` rewrites the list).
//
// The page format is line-oriented:
//
//	# a comment
//	=== setup              the statements after it (separated by lines of
//	CREATE ...             ";") build the graph of the examples that follow,
//	                       up to the next "=== setup" (which may be empty)
//	### title              starts an example; its query follows
//	$name = <value>        a parameter (TCK value notation), before the query
//	MATCH ... RETURN ...
//	--- rows               the expected rows in any order (--- ordered: in
//	| col | col |          order), a header then one line per row in TCK
//	| 'a' | 1   |          value notation ("--- rows anylists": lists
//	                       compare ignoring element order)
//	--- empty              no columns and no rows (a query without RETURN;
//	                       a header alone under --- rows is zero rows)
//	--- error <Type>       an error of that type (Error: any type)
//	--- effects            side effects, "| +nodes | 1 |" lines; may follow
//	                       rows or empty
package manual
