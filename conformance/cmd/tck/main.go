package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/cyqdb/cyq/conformance"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	features := fs.String("features", "", "directory of TCK .feature files (searched recursively; required)")
	jsonOut := fs.String("json", "", "write one JSON record per scenario to this file")
	runRE := fs.String("run", "", "only run scenarios whose key (feature :: title :: row N) matches this regular expression")
	verbose := fs.Bool("v", false, "also print passing and skipped scenarios")
	harnessName := fs.String("harness", conformance.DefaultHarness(), "engine harness, one of: "+strings.Join(conformance.HarnessNames(), ", "))
	graphs := fs.String("graphs", "", "named graphs directory (default: a \"graphs\" directory beside or above -features)")
	timeout := fs.Duration("timeout", conformance.DefaultTimeout, "per-scenario timeout")
	parallel := fs.Int("parallel", 0, "scenarios run at once (default GOMAXPROCS)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *features == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: tck -features DIR [-json FILE] [-run REGEX] [-v] [-harness NAME] [-timeout D]")
		return 2
	}
	var filter *regexp.Regexp
	if *runRE != "" {
		var err error
		if filter, err = regexp.Compile(*runRE); err != nil {
			fmt.Fprintf(stderr, "tck: -run: %v\n", err)
			return 2
		}
	}
	h, err := conformance.OpenHarness(*harnessName)
	if err != nil {
		fmt.Fprintf(stderr, "tck: %v\n", err)
		return 2
	}
	scenarios, err := conformance.LoadFeatures(*features)
	if err != nil {
		fmt.Fprintf(stderr, "tck: %v\n", err)
		return 2
	}
	if filter != nil {
		kept := scenarios[:0]
		for _, s := range scenarios {
			if filter.MatchString(s.Key()) {
				kept = append(kept, s)
			}
		}
		scenarios = kept
	}
	if *graphs == "" {
		*graphs = conformance.FindGraphsDir(*features)
	}
	start := time.Now()
	outcomes := conformance.Run(context.Background(), scenarios, conformance.Options{
		Harness:   h,
		GraphsDir: *graphs,
		Timeout:   *timeout,
		Parallel:  *parallel,
	})
	elapsed := time.Since(start)
	for _, o := range outcomes {
		switch {
		case o.Status == conformance.Failed:
			fmt.Fprintln(stdout, conformance.FailureLine(o))
		case *verbose && o.Status == conformance.Skipped:
			fmt.Fprintf(stdout, "SKIP %s: %s\n", o.Scenario.Key(), o.Reason)
		case *verbose:
			fmt.Fprintf(stdout, "PASS %s (%v)\n", o.Scenario.Key(), o.Duration.Round(time.Microsecond))
		}
	}
	if *jsonOut != "" {
		f, err := os.Create(*jsonOut)
		if err == nil {
			err = conformance.WriteJSON(f, outcomes)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "tck: -json: %v\n", err)
			return 2
		}
	}
	if *verbose {
		fmt.Fprintf(stdout, "harness %s, %d scenarios in %v\n", *harnessName, len(outcomes), elapsed.Round(time.Millisecond))
	}
	counts := conformance.Count(outcomes)
	fmt.Fprintln(stdout, counts)
	if counts.Failed > 0 {
		return 1
	}
	return 0
}
