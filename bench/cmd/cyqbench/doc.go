// Command cyqbench runs a benchmark query file against cyq: it loads the
// datasets the queries name (cached under -work and reopened on later
// runs), runs each query once to warm up and then -runs times, and writes
// per query the median, min and max milliseconds, the row count and all
// rows as JSON.
//
//	go run ./bench/cmd/cyqbench -data DIR -queries FILE [-runs 5] [-out results.json]
package main
