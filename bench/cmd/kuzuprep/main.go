package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/cyqdb/cyq/bench/harness"
	"github.com/cyqdb/cyq/internal/testenv"
)

func main() {
	data := flag.String("data", "", "datasets directory (default: $CYQ_SHARED/datasets)")
	out := flag.String("out", "", "output directory (default: bench/work/kuzu-csv)")
	datasets := flag.String("datasets", "slashdot,facebook,wn18rr,ldbc,movies", "comma-separated datasets")
	queries := flag.String("queries", "", "take the datasets from this query file instead")
	flag.Parse()
	if *data == "" {
		shared, ok := testenv.Shared()
		if !ok {
			fmt.Fprintln(os.Stderr, "kuzuprep: no datasets directory (give -data or set CYQ_SHARED)")
			os.Exit(2)
		}
		*data = filepath.Join(shared, "datasets")
	}
	if *out == "" {
		*out = filepath.Join(testenv.ModuleRoot(), "bench", "work", "kuzu-csv")
	}
	ds := strings.Split(*datasets, ",")
	if *queries != "" {
		qs, err := harness.LoadQueries(*queries)
		if err != nil {
			fmt.Fprintln(os.Stderr, "kuzuprep:", err)
			os.Exit(1)
		}
		ds = harness.Datasets(qs)
	}
	abs, err := filepath.Abs(*out)
	if err == nil {
		*out = abs
	}
	if err := harness.KuzuPrep(*data, *out, ds); err != nil {
		fmt.Fprintln(os.Stderr, "kuzuprep:", err)
		os.Exit(1)
	}
}
