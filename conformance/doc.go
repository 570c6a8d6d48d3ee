// Package conformance runs the openCypher Technology Compatibility Kit (TCK)
// against cyq, or against any engine that implements Harness.
//
// Input: a directory of TCK Gherkin feature files (parsed with
// github.com/cucumber/gherkin/go/v26; Scenario Outlines are expanded into one
// Scenario per Examples row) and, for the named graphs, the TCK graphs
// directory. Output: one Outcome per Scenario (passed, failed with a reason,
// or skipped), in corpus order.
//
// The pipeline is:
//
//	LoadFeatures ─► []*Scenario ─► compile (steps, tables and values checked) ─► Run ─► []Outcome
//	                                                                         │
//	                                         Harness.NewGraph ─► Graph.Execute/State/RegisterProcedure
//
// Each scenario runs on a fresh Graph from the Harness, under its own timeout,
// on a small pool of workers. Expected values are written in the TCK value
// notation (ParseValue) and parsed into value.Value; results are compared
// with the TCK's rules (Match, RowsMatch): integers and floats are distinct,
// floats compare by exact double equality with NaN equal to NaN, nodes and
// relationships compare by labels or type plus properties, paths also by the
// direction of every step, temporal values through their canonical text.
//
// The committed file testdata/expected_failures.txt lists every scenario of
// the shared corpus that is expected not to pass, with a reason; the corpus
// test fails when a scenario fails without being listed or passes while
// listed, and `go test ./conformance -run TestCorpus -update` rewrites it.
//
// A new engine plugs in by implementing Harness and Graph and registering
// the harness; the registered harness with the highest priority becomes the
// default of the corpus test and of cmd/tck (Unavailable, the placeholder
// whose every query fails with "query engine not available yet", has
// priority 0). The simplest place is a file of this package:
//
//	// conformance/cyq_harness.go
//	func init() {
//		RegisterHarness("cyq", 10, func() (Harness, error) { return cyqHarness{}, nil })
//	}
//
// A harness in another package (which imports this one) must be imported
// for its side effect by corpus_test.go and cmd/tck. Then run
// `go test ./conformance -run TestCorpus -update` to shrink the
// expectations file to what still fails, and review its diff.
package conformance
