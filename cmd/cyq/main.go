package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cyqdb/cyq/internal/limits"
	"github.com/cyqdb/cyq/vm"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/cmd/cyq/importer"
	"github.com/cyqdb/cyq/cmd/cyq/internal/dbopen"
	"github.com/cyqdb/cyq/cmd/cyq/shell"
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/mcp"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `cyq — an embedded openCypher graph engine

Usage:
  cyq [--db DIR] [--graph NAME] [--read-only] [--create]
                                                interactive shell
  cyq --demo                                    shell on a fresh demo knowledge graph
  cyq query [-c TEXT | -f FILE] [flags]         run statements (stdin when neither is given)
  cyq import [flags] SOURCES...                 bulk-load data (cyq import --help)
  cyq serve [--db DIR] [--allow-writes] [--http ADDR --token-file F]
                                                the MCP server for agents (stdio by default)
  cyq --version                                 the version of this build

The store is DIR, else $CYQ_DB, else $XDG_DATA_HOME/cyq, else ~/.local/share/cyq.
A store or graph that does not exist is an error unless --create is given (the
default location is created on first use; cyq import creates what it imports into).
`

// run is main without the exit, for tests.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "query":
			return runQuery(args[1:], stdin, stdout, stderr)
		case "import":
			importer.DefaultDir = DefaultDir
			return importer.Main(args[1:], stdout, stderr)
		case "serve":
			sa, ok := serveArgs(args[1:], stderr)
			if !ok {
				return 1
			}
			return mcp.Main(context.Background(), sa, stdin, stdout, stderr)
		case "help", "-h", "--help", "-help":
			fmt.Fprint(stdout, usage)
			return 0
		case "version", "--version", "-version":
			fmt.Fprintln(stdout, version())
			return 0
		}
	}
	return runShell(args, stdin, stdout, stderr)
}

// DefaultDir returns the default store directory.
func DefaultDir() string {
	if d := os.Getenv("CYQ_DB"); d != "" {
		return d
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "cyq")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "cyq")
	}
	return "cyq-data"
}

// historyFile returns where the shell keeps its history.
func historyFile() string {
	if f := os.Getenv("CYQ_HISTORY"); f != "" {
		return f
	}
	if d := os.Getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "cyq", "history")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "state", "cyq", "history")
	}
	return ""
}

// storeFlags are the flags shared by the shell and `cyq query`.
type storeFlags struct {
	db        string
	graph     string
	readOnly  bool
	timeout   time.Duration
	importDir string
	create    bool
	limits    *vm.Limits
}

func (f *storeFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.db, "db", "", "store directory (default $CYQ_DB, $XDG_DATA_HOME/cyq or ~/.local/share/cyq)")
	fs.StringVar(&f.graph, "graph", "default", "graph to use")
	fs.BoolVar(&f.readOnly, "read-only", false, "open the store read-only")
	fs.DurationVar(&f.timeout, "timeout", 0, "bound each statement's run time (e.g. 30s; 0 for none)")
	fs.StringVar(&f.importDir, "import-dir", "", "the only directory LOAD CSV may read from (empty: LOAD CSV is refused)")
	fs.BoolVar(&f.create, "create", false, "create the store or graph when it does not exist (without it a missing one is an error)")
	f.limits = limits.Register(fs, limits.Interactive)
}

// open opens the store and graph the flags name. A store or graph that
// does not exist is refused (listing what exists, suggesting the nearest
// name) unless --create is given; the default location, which nobody
// types, is created on first use. Notices of what was created go to
// notice.
func (f *storeFlags) open(notice io.Writer) (*dbopen.Handle, error) {
	return dbopen.Open(f.spec(notice))
}

func (f *storeFlags) spec(notice io.Writer) dbopen.Spec {
	d, implicit := f.db, false
	if d == "" {
		d = DefaultDir()
		implicit = os.Getenv("CYQ_DB") == ""
	}
	var budgets vm.Limits // none when the flags were not registered (serve's check)
	if f.limits != nil {
		budgets = *f.limits
	}
	return dbopen.Spec{Dir: d, Graph: f.graph, Create: f.create, Implicit: implicit, Notice: notice,
		Options: cyq.Options{ReadOnly: f.readOnly, Timeout: f.timeout, ImportDir: f.importDir, Limits: budgets}}
}

func runQuery(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cyq query", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var sf storeFlags
	sf.register(fs)
	text := fs.String("c", "", "statements to run")
	file := fs.String("f", "", "file of `;`-separated statements to run")
	params := fs.String("params", "", "parameters as a JSON object (or a Cypher map literal)")
	format := fs.String("format", "table", "output format: table, vertical, json, jsonl or csv")
	timing := fs.Bool("timing", false, "print each statement's elapsed time")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: cyq query [-c TEXT | -f FILE] [flags]\n\nRuns `;`-separated statements from -c, -f or stdin, in order; stops at the first error.\nResults go to stdout; what each writing statement changed (\"Added 2 nodes, Set 4 properties\")\ngoes to stderr, whatever the format.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *text != "" && *file != "" {
		fmt.Fprintln(stderr, "cyq query: give -c or -f, not both")
		return 2
	}
	if fs.NArg() > 0 {
		if *text == "" && *file == "" {
			*text = strings.Join(fs.Args(), " ")
		} else {
			fmt.Fprintf(stderr, "cyq query: unexpected arguments %q\n", fs.Args())
			return 2
		}
	}
	f, err := shell.ParseFormat(*format)
	if err != nil {
		fmt.Fprintln(stderr, "cyq query:", err)
		return 2
	}
	src, name := *text, ""
	if *file != "" {
		b, err := os.ReadFile(*file)
		if err != nil {
			fmt.Fprintln(stderr, "cyq query:", err)
			return 1
		}
		src, name = string(b), *file
	} else if *text == "" {
		if shell.IsTerminal(stdin) {
			fmt.Fprintln(stderr, "reading statements from stdin; end with Ctrl-D")
		}
		b, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintln(stderr, "cyq query:", err)
			return 1
		}
		src, name = string(b), "<stdin>"
	}
	h, err := sf.open(stderr)
	if err != nil {
		fmt.Fprintln(stderr, "cyq query:", shell.Describe(err))
		return 1
	}
	s, err := shell.Open(shell.Options{Dir: h.Dir, DB: h.DB, Graph: sf.graph, ReadOnly: sf.readOnly, Timeout: sf.timeout, ImportDir: sf.importDir,
		Format: f, Timing: *timing, StatsToErr: true, Out: stdout, Err: stderr})
	if err != nil {
		h.Close()
		fmt.Fprintln(stderr, "cyq query:", shell.Describe(err))
		return 1
	}
	defer s.Close()
	s.FitTerminal(stdout)
	ctx, stop := interruptContext()
	defer stop()
	if *params != "" {
		p, err := s.ParseParams(ctx, *params)
		if err != nil {
			fmt.Fprintln(stderr, "cyq query: --params:", shell.Describe(err))
			return 2
		}
		s.Params = p
	}
	if err := s.RunScript(ctx, src, name); err != nil {
		fmt.Fprintln(stderr, shell.Describe(err))
		return 1
	}
	return 0
}

func runShell(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cyq", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var sf storeFlags
	sf.register(fs)
	demo := fs.Bool("demo", false, "open a fresh temporary store with a demo knowledge graph")
	format := fs.String("format", "table", "output format: table, vertical, json, jsonl or csv")
	fs.Usage = func() {
		fmt.Fprint(stderr, usage+"\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "cyq: unknown command %q (try cyq --help)\n", fs.Arg(0))
		return 2
	}
	f, err := shell.ParseFormat(*format)
	if err != nil {
		fmt.Fprintln(stderr, "cyq:", err)
		return 2
	}
	var h *dbopen.Handle
	if *demo {
		if sf.db != "" {
			fmt.Fprintln(stderr, "cyq: --demo uses a fresh temporary store; --db is ignored")
		}
		tmp, err := os.MkdirTemp("", "cyq-demo-")
		if err != nil {
			fmt.Fprintln(stderr, "cyq:", err)
			return 1
		}
		defer os.RemoveAll(tmp)
		sf.db, sf.readOnly, sf.create = tmp, false, true
		h, err = sf.open(nil)
		if err != nil {
			fmt.Fprintln(stderr, "cyq:", shell.Describe(err))
			return 1
		}
	} else if h, err = sf.open(stderr); err != nil {
		fmt.Fprintln(stderr, "cyq:", shell.Describe(err))
		return 1
	}
	dir := h.Dir
	s, err := shell.Open(shell.Options{Dir: dir, DB: h.DB, Graph: sf.graph, ReadOnly: sf.readOnly, ImportDir: sf.importDir,
		Timeout: sf.timeout, Format: f, Timing: true, MaxTableRows: 1000, Out: stdout, Err: stderr})
	if err != nil {
		h.Close()
		fmt.Fprintln(stderr, "cyq:", shell.Describe(err))
		return 1
	}
	defer s.Close()
	interactive := shell.IsTerminal(stdin) && shell.IsTerminal(stdout)
	if *demo {
		st, err := loadDemo(context.Background(), s.DB())
		if err != nil {
			fmt.Fprintln(stderr, "cyq: demo:", err)
			return 1
		}
		fmt.Fprintf(stdout, "Demo knowledge graph: %d nodes, %d relationships (in %s, removed on exit).\n\n", st.nodes, st.rels, dir)
		if !interactive {
			ctx, stop := interruptContext()
			defer stop()
			for _, q := range demoQueries {
				fmt.Fprintf(stdout, "// %s\n%s;\n", q.about, q.text)
				if err := s.Exec(ctx, q.text); err != nil {
					fmt.Fprintln(stderr, shell.Describe(err))
					return 1
				}
				fmt.Fprintln(stdout)
			}
			return 0
		}
		fmt.Fprintln(stdout, "Try these (Tab completes, :help lists commands):")
		for _, q := range demoQueries {
			fmt.Fprintf(stdout, "  // %s\n  %s;\n", q.about, q.text)
		}
		fmt.Fprintln(stdout)
	}
	if !interactive {
		ctx, stop := interruptContext()
		defer stop()
		s.Timing = false
		b, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintln(stderr, "cyq:", err)
			return 1
		}
		if err := s.RunLines(ctx, string(b)); err != nil {
			fmt.Fprintln(stderr, shell.Describe(err))
			return 1
		}
		return 0
	}
	if err := s.Interactive(shell.InteractiveOptions{History: historyFile()}); err != nil {
		fmt.Fprintln(stderr, "cyq:", err)
		return 1
	}
	return 0
}

// serveArgs gives `cyq serve` the same default store as the shell when no
// --db is given, and applies the store rules of the shell before the
// server opens anything: a missing store or graph is an error (listing
// what exists) unless --create is given with --allow-writes. --create is
// taken out of the arguments; the server itself does not know it.
func serveArgs(args []string, stderr io.Writer) ([]string, bool) {
	var sf storeFlags
	sf.graph = dbopen.DefaultGraph
	hasDB, writes := false, false
	out := make([]string, 0, len(args)+2)
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") {
			out = append(out, a)
			continue
		}
		value := func() string {
			if hasVal {
				return val
			}
			if i+1 < len(args) {
				out = append(out, args[i+1])
				i++
				return args[i]
			}
			return ""
		}
		switch name {
		case "create":
			sf.create = !hasVal || val == "true"
			continue
		case "db":
			out = append(out, a)
			sf.db, hasDB = value(), true
			continue
		case "graph":
			out = append(out, a)
			sf.graph = value()
			continue
		case "allow-writes":
			writes = !hasVal || val == "true"
		}
		out = append(out, a)
	}
	if !hasDB {
		out = append([]string{"--db", DefaultDir()}, out...)
	} else if sf.db == "" {
		return out, true // an in-memory store
	}
	spec := sf.spec(stderr)
	st, err := spec.CheckStore(!writes)
	if err != nil {
		fmt.Fprintln(stderr, "cyq serve:", shell.Describe(err))
		return nil, false
	}
	if st == dbopen.Store && spec.Graph != dbopen.DefaultGraph && !(writes && sf.create) {
		// Look the graph up on a read-only open, so that a mistyped
		// --graph is named with the graphs there instead of created.
		spec.Options.ReadOnly = true
		h, err := dbopen.Open(spec)
		if e := cyqerr.As(err); e != nil && e.Detail == "GraphNotFound" {
			fmt.Fprintln(stderr, "cyq serve:", shell.Describe(err))
			return nil, false
		}
		if h != nil {
			h.Close()
		}
	}
	if st != dbopen.Store && writes {
		fmt.Fprintf(stderr, "cyq serve: creating a new store in %s\n", spec.Dir)
	}
	return out, true
}
