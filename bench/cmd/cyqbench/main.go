package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/cyqdb/cyq/bench/harness"
	"github.com/cyqdb/cyq/internal/testenv"
)

func main() {
	data := flag.String("data", "", "datasets directory (default: $CYQ_SHARED/datasets, CYQ_SHARED defaulting to ../shared next to the module)")
	queries := flag.String("queries", "", "query file: JSON array of {id, dataset, cypher, params?}")
	runs := flag.Int("runs", 5, "timed runs per query (after one warm-up run)")
	out := flag.String("out", "", "results file (default: standard output)")
	work := flag.String("work", "", "work directory for cached stores (default: bench/work in the module)")
	timeout := flag.Duration("timeout", 60*time.Second, "per-run query timeout; a query whose warm-up exceeds it is skipped")
	datasets := flag.String("datasets", "", "comma-separated datasets to run (default: all the query file uses)")
	reload := flag.Bool("reload", false, "load the datasets again instead of reopening cached stores")
	loadOnly := flag.Bool("load-only", false, "only load the datasets (implies -reload), to time the load")
	flag.Parse()
	if *queries == "" {
		fmt.Fprintln(os.Stderr, "cyqbench: -queries FILE is needed")
		flag.Usage()
		os.Exit(2)
	}
	if *data == "" {
		shared, ok := testenv.Shared()
		if !ok {
			fmt.Fprintln(os.Stderr, "cyqbench: no datasets directory (give -data or set CYQ_SHARED)")
			os.Exit(2)
		}
		*data = filepath.Join(shared, "datasets")
	}
	if *work == "" {
		*work = filepath.Join(testenv.ModuleRoot(), "bench", "work")
	}
	qs, err := harness.LoadQueries(*queries)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cyqbench:", err)
		os.Exit(1)
	}
	cfg := harness.Config{Queries: qs, Data: *data, Work: *work, Runs: *runs, Timeout: *timeout, Reload: *reload || *loadOnly, LoadOnly: *loadOnly, Log: os.Stderr}
	if *datasets != "" {
		cfg.Datasets = strings.Split(*datasets, ",")
	}
	res, err := harness.Run(context.Background(), cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cyqbench:", err)
		os.Exit(1)
	}
	res.Version = buildVersion()
	if *out == "" {
		*out = "/dev/stdout"
	}
	if err := harness.WriteOutput(*out, res); err != nil {
		fmt.Fprintln(os.Stderr, "cyqbench:", err)
		os.Exit(1)
	}
}

// buildVersion names the engine's source: $CYQ_BENCH_REV (compare.sh sets
// it from git) or the VCS revision stamped by go build, "+modified" for a
// tree with uncommitted changes.
func buildVersion() string {
	if v := os.Getenv("CYQ_BENCH_REV"); v != "" {
		return v
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	rev, mod := "", ""
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				mod = "+modified"
			}
		}
	}
	if rev == "" {
		return bi.Main.Version
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	return rev + mod
}
