// Package datasets bulk-loads the reference datasets of the shared test data
// (located by internal/testenv: CYQ_SHARED, default ../shared) for the
// benchmarks of several packages. It depends on storage and value only, not
// on the root package, so that the root package's own tests can use it.
package datasets
