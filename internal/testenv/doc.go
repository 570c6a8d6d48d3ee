// Package testenv locates the shared test data (the openCypher TCK corpus and
// the reference datasets) for tests and benchmarks.
//
// The directory comes from the CYQ_SHARED environment variable and defaults to
// "../shared" next to the module root. Tests that need it call SharedDir and
// are skipped, with a message saying why, when it is absent, so that a clone
// without the shared data still passes.
package testenv
