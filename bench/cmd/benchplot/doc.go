// Command benchplot merges the results of a cyq and a Kuzu run of the same
// query file, checks that their rows agree, and writes REPORT.md (medians,
// ratio cyq/Kuzu, targets, load times, differences), a log-scale bar
// chart (chart.png) and the merged results (cyq.json, kuzu.json).
//
//	go run ./bench/cmd/benchplot -cyq a.json,b.json -kuzu c.json,d.json -out bench/results
package main
