// Command kuzuprep writes the CSV files and load scripts Kuzu needs for the
// benchmark datasets (bench/kuzu/run.mjs runs the scripts).
//
//	go run ./bench/cmd/kuzuprep -data DIR -out bench/work/kuzu-csv -datasets slashdot,facebook
package main
