// Package harness is the engine side of cyq's end-to-end benchmark suite
// (bench/): it reads query files, loads the reference datasets into cyq
// stores cached in a work directory, times each query on the warm store
// and writes the results as JSON. It also writes the CSV files and load
// scripts the Kuzu side of the comparison (bench/kuzu/run.mjs) loads.
package harness
