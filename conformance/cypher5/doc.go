// Package cypher5 holds cyq's own conformance suite for the Cypher 5 / 25
// and GQL forms that the openCypher TCK does not cover: quantified
// relationships and path patterns, path selectors and modes, type
// predicates and the other forms agents write from the Neo4j 5 manual.
//
// Input: the TCK-style feature files in testdata/, each scenario a setup
// graph, a query and its expected rows (or expected error), written from
// the Neo4j Cypher manual's and GQL's semantics. Output: a go test that
// runs every scenario through package conformance's runner on cyq's
// harnesses (default plan, row-at-a-time plan, patterns started at their
// last node) and fails on any scenario that does not pass.
package cypher5
