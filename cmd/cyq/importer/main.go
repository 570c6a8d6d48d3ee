package importer

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/term"

	"github.com/cyqdb/cyq/cmd/cyq/internal/dbopen"
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/storage"
)

// Usage is the help text of `cyq import`.
const Usage = `Usage: cyq import [--db DIR] [--graph NAME] SOURCES... [OPTIONS]

Bulk-loads data into a graph. All bulk sources of one run are read and
checked first and added together: on any error nothing is added. The store
and graph are created when they do not exist (and a failed run into a new
store or graph removes it again).

Sources (repeatable, combinable):
  --nodes[=Label[:Label...]] FILE[,FILE...]    (also --nodes=Label=FILE)
                        CSV nodes. Admin-import headers: id:ID or id:ID(Group), :LABEL,
                        name:int|long|float|double|boolean|string|date|datetime, tags:string[];
                        plain headers: the --id-column (else first) column is the id, grouped
                        by label. Without a label the file name gives it (x.nodes.Person.csv).
  --relationships[=TYPE] FILE[,FILE...]        (also --relationships=TYPE=FILE)
                        CSV relationships: :START_ID(Group), :END_ID(Group), :TYPE, properties;
                        plain headers: the first two columns are the ends, matched to the node
                        file whose id column has the same name.
  --edges FILE          edge list, "u v" per line, '#' comments, gzip detected
                        (with --label L --type T [--undirected]; nodes get an integer id)
  --triples FILE[,FILE...]
                        head<TAB>relation<TAB>tail lines (with --entity-text FILE, --label L)
  --ldbc DIR            LDBC SNB CSV layout ('|', epoch-millisecond dates)
  -f FILE               Cypher script of ';'-separated statements, run through the engine
  --markdown DIR        folder of Markdown notes (--incremental to update a previous import)

Into a graph that already holds data (--markdown keeps its own rules):
  --mode fail           refuse, naming what the graph holds (the default)
  --mode merge          match nodes by label and id property (the id column, or "id" for
                        --edges and --triples): update their properties and labels, add only
                        new nodes; a relationship whose (start, type, end) exists already, or
                        earlier in the run, is not added again (its properties are updated).
                        Runs as one transaction. Not for -f scripts (write MERGE) or --ldbc.
  --mode append         add everything again (duplicating what was imported before)

Bad rows:
  --bad-tolerance N     accept up to N malformed rows, skipping them (default 0; -1: any
                        number); one more fails the run and nothing is added
  --skip-bad-rows       skip every malformed row and import the rest; the exit status is
                        3 when more than --bad-tolerance rows were skipped
  --report-file FILE    list every skipped (and repaired) row: "file:line:column: reason"
  A row with more fields than its header, where exactly the surplus fields start
  with a space, had an unquoted delimiter inside a field ("Rua do Paço, 67"):
  those fields are joined to the ones before them, and the row is reported as repaired.

Options:
  --delimiter C         CSV field delimiter (default ','; '\t' or TAB for tabs)
  --array-delimiter C   separator inside array fields (default ';')
  --quote none          read quotes as ordinary characters (default: RFC 4180 '"' quoting)
  --id-column NAME      id column of plain-header node files
  --null STR            read fields equal to STR as missing (e.g. NULL)
  --infer-types         type plain columns by all their values (the file is read twice):
                        all integers -> integer, integers and floats -> float, else string
  --continue-on-error   for -f: report failing statements and go on
  --no-progress         no progress bar even on a terminal
`

type importArgs struct {
	db, graph   string
	imp         Importer
	edgeLabel   string
	edgeType    string
	undirected  bool
	edgeFiles   []string
	triples     []string
	entityText  string
	scripts     []string
	markdown    string
	incremental bool
	contOnErr   bool
	noProgress  bool
	modeSet     bool
	reportFile  string
}

// parseArgs parses neo4j-admin style arguments: "--nodes=Label FILE" and
// "--flag value" as well as "--flag=value".
func parseArgs(args []string) (*importArgs, error) {
	a := &importArgs{graph: "default"}
	for i := 0; i < len(args); i++ {
		arg := args[i]
		name, val, hasVal := strings.Cut(arg, "=")
		name = "--" + strings.TrimLeft(name, "-")
		colonSpec := ""
		if n, spec, ok := strings.Cut(name, ":"); ok && (n == "--nodes" || n == "--relationships") {
			name, colonSpec = n, spec
		}
		next := func() (string, error) {
			if i+1 >= len(args) {
				return "", fmt.Errorf("%s needs a value", name)
			}
			i++
			return args[i], nil
		}
		value := func() (string, error) {
			if hasVal {
				return val, nil
			}
			return next()
		}
		var err error
		var v string
		switch name {
		case "--nodes", "--relationships":
			// Accepted forms: --nodes FILE, --nodes=Label FILE,
			// --nodes=Label=FILE (neo4j-admin 5), --nodes:Label FILE (4.x).
			spec, files := val, ""
			if l, f, ok := strings.Cut(val, "="); ok {
				spec, files = l, f
			} else if hasVal && looksLikeFile(val) {
				spec, files = "", val
			}
			if files == "" {
				if files, err = next(); err != nil {
					return nil, err
				}
			}
			if spec == "" {
				spec = colonSpec
			}
			for _, f := range strings.Split(files, ",") {
				if name == "--nodes" {
					var labels []string
					if spec != "" {
						labels = strings.Split(spec, ":")
					}
					a.imp.Nodes = append(a.imp.Nodes, FileSpec{Path: f, Labels: labels})
				} else {
					a.imp.Rels = append(a.imp.Rels, FileSpec{Path: f, Type: spec})
				}
			}
			continue
		case "--undirected", "--incremental", "--continue-on-error", "--infer-types", "--no-progress", "--skip-bad-rows", "--create", "--help", "--h":
			if hasVal {
				return nil, fmt.Errorf("%s takes no value", name)
			}
			switch name {
			case "--undirected":
				a.undirected = true
			case "--incremental":
				a.incremental = true
			case "--continue-on-error":
				a.contOnErr = true
			case "--infer-types":
				a.imp.InferTypes = true
			case "--skip-bad-rows":
				a.imp.SkipBadRows = true
			case "--no-progress":
				a.noProgress = true
			case "--create":
				// Implied: cyq import creates what it imports into.
			default:
				return nil, errHelp
			}
			continue
		}
		if v, err = value(); err != nil {
			return nil, err
		}
		switch name {
		case "--db":
			a.db = v
		case "--graph":
			a.graph = v
		case "--edges":
			a.edgeFiles = append(a.edgeFiles, v)
		case "--label":
			a.edgeLabel = v
		case "--type":
			a.edgeType = v
		case "--triples":
			a.triples = append(a.triples, strings.Split(v, ",")...)
		case "--entity-text":
			a.entityText = v
		case "--ldbc":
			a.imp.LDBC = v
		case "--f", "--file":
			a.scripts = append(a.scripts, v)
		case "--markdown":
			a.markdown = v
		case "--delimiter", "--array-delimiter", "--quote":
			r, err := parseChar(v)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", name, err)
			}
			switch name {
			case "--delimiter":
				a.imp.Delimiter = r
			case "--quote":
				if r != '"' && r != -1 {
					return nil, fmt.Errorf("--quote: only '\"' (RFC 4180 quoting) or none are supported")
				}
				a.imp.Quote = r
			default:
				a.imp.ArrayDelimiter = string(r)
			}
		case "--id-column":
			a.imp.IDColumn = v
		case "--mode":
			if a.imp.Mode, err = ParseMode(v); err != nil {
				return nil, err
			}
			a.modeSet = true
		case "--report-file":
			a.reportFile = v
		case "--bad-tolerance":
			n, err := strconv.Atoi(v)
			if err != nil || n < -1 {
				return nil, fmt.Errorf("--bad-tolerance: %q is not a count (a number, or -1 for any number)", v)
			}
			a.imp.BadTolerance = n
		case "--null":
			a.imp.Null = v
		default:
			return nil, fmt.Errorf("unknown option %s", arg)
		}
	}
	for _, f := range a.edgeFiles {
		a.imp.Edges = append(a.imp.Edges, EdgeSpec{Path: f, Label: a.edgeLabel, Type: a.edgeType, Undirected: a.undirected})
	}
	if len(a.triples) > 0 {
		a.imp.Triples = append(a.imp.Triples, TripleSpec{Paths: a.triples, EntityText: a.entityText, Label: a.edgeLabel})
	}
	return a, nil
}

var errHelp = errors.New("help")

// looksLikeFile reports whether a --nodes=X value names files rather than
// labels: it has a path separator or a data file extension.
func looksLikeFile(s string) bool {
	if strings.ContainsAny(s, "/\\,") {
		return true
	}
	for _, ext := range []string{".csv", ".tsv", ".txt", ".gz"} {
		if strings.HasSuffix(strings.ToLower(s), ext) {
			return true
		}
	}
	return false
}

func parseChar(s string) (rune, error) {
	switch strings.ToLower(s) {
	case `\t`, "tab":
		return '\t', nil
	case "none", "":
		return -1, nil
	}
	r := []rune(s)
	if len(r) != 1 {
		return 0, fmt.Errorf("%q is not one character", s)
	}
	return r[0], nil
}

func (a *importArgs) bulk() bool {
	im := &a.imp
	return len(im.Nodes)+len(im.Rels)+len(im.Edges)+len(im.Triples) > 0 || im.LDBC != ""
}

// ExitSkipped is the exit status of a run that imported its data but
// skipped more malformed rows than --bad-tolerance allows (with
// --skip-bad-rows). A failed run, which imported nothing, exits with 1.
const ExitSkipped = 3

// DefaultDir is the default store directory; the cyq command sets it.
var DefaultDir = func() string { return "" }

// Main runs `cyq import` with args and returns the exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	a, err := parseArgs(args)
	if errors.Is(err, errHelp) {
		fmt.Fprint(stdout, Usage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "cyq import: %v\n\n%s", err, Usage)
		return 2
	}
	if !a.bulk() && len(a.scripts) == 0 && a.markdown == "" {
		fmt.Fprint(stderr, "cyq import: nothing to import\n\n"+Usage)
		return 2
	}
	if a.incremental && a.markdown == "" {
		fmt.Fprintln(stderr, "cyq import: --incremental applies to --markdown")
		return 2
	}
	if a.markdown != "" && !a.bulk() && len(a.scripts) == 0 && a.modeSet {
		fmt.Fprintln(stderr, "cyq import: --mode does not apply to --markdown (it refuses a graph with documents; --incremental updates them)")
		return 2
	}
	if a.imp.Mode == ModeMerge && len(a.scripts) > 0 {
		fmt.Fprintln(stderr, "cyq import: --mode merge does not apply to -f scripts: they run as written (use MERGE in them), with --mode append")
		return 2
	}
	dir, implicit := a.db, false
	if dir == "" {
		dir, implicit = DefaultDir(), true
	}
	if dir == "" {
		fmt.Fprintln(stderr, "cyq import: --db DIR is needed")
		return 2
	}
	// cyq import creates what it imports into, and says so.
	h, err := dbopen.Open(dbopen.Spec{Dir: dir, Graph: a.graph, Create: true, Implicit: implicit, Notice: stderr})
	if err != nil {
		fmt.Fprintln(stderr, "cyq import:", describe(err))
		return 1
	}
	code := a.run(h, stdout, stderr)
	if code == 1 && (h.StoreCreated || h.GraphCreated) {
		what := fmt.Sprintf("graph %q", a.graph)
		if h.StoreCreated {
			what = "store " + dir
		}
		if err := h.Discard(); err != nil {
			fmt.Fprintf(stderr, "cyq import: removing the %s this run created: %v\n", what, err)
		} else {
			fmt.Fprintf(stderr, "cyq import: removed the %s this run created\n", what)
		}
		return code
	}
	if err := h.Close(); err != nil {
		fmt.Fprintln(stderr, "cyq import:", err)
		return 1
	}
	return code
}

// describe renders an error for people (with its hint, when it has one).
func describe(err error) string {
	if e := cyqerr.As(err); e != nil {
		return e.Pretty()
	}
	return err.Error()
}

// run imports into the open store and returns the exit status.
func (a *importArgs) run(h *dbopen.Handle, stdout, stderr io.Writer) int {
	db, dir := h.DB, h.Dir
	g, err := db.Store().Graph(a.graph)
	if err != nil {
		fmt.Fprintln(stderr, "cyq import:", err)
		return 1
	}
	if snap := g.Snapshot(); a.imp.Mode == ModeFail && snap.NodeCount() > 0 && (a.bulk() || len(a.scripts) > 0) {
		e := &NotEmptyError{Graph: a.graph, Nodes: snap.NodeCount(), Rels: snap.RelCount()}
		fmt.Fprintf(stderr, "cyq import: %v (or import into another --graph); store %s\n", e, dir)
		return 1
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)
	go func() {
		select {
		case <-sig:
			cancel()
		case <-ctx.Done():
		}
	}()
	if a.bulk() {
		if code := a.runBulk(ctx, g, dir, stdout, stderr); code != 0 {
			return code
		}
	}
	if a.markdown != "" {
		st, err := ImportMarkdown(ctx, g, a.markdown, a.incremental)
		if err != nil {
			fmt.Fprintf(stderr, "cyq import: %v\nnothing was imported from %s\n", err, a.markdown)
			return 1
		}
		fmt.Fprintf(stdout, "markdown %s: %s\n", a.markdown, st)
	}
	for _, f := range a.scripts {
		b, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(stderr, "cyq import:", err)
			return 1
		}
		start := time.Now()
		res, err := RunCypher(ctx, db, string(b), filepath.Clean(f), a.contOnErr, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "cyq import: %s: %v\n", f, err)
			return 1
		}
		fmt.Fprintf(stdout, "script %s: %d of %d statements ran", f, res.Run, res.Statements)
		if res.Failed > 0 {
			fmt.Fprintf(stdout, ", %d failed", res.Failed)
		}
		fmt.Fprintf(stdout, " in %s\n", time.Since(start).Round(time.Millisecond))
		if res.Failed > 0 {
			return 1
		}
	}
	return 0
}

// runBulk runs the bulk sources and reports skipped and repaired rows.
func (a *importArgs) runBulk(ctx context.Context, g *storage.Graph, dir string, stdout, stderr io.Writer) int {
	a.imp.BadRows = stderr
	if f, ok := stderr.(*os.File); ok && !a.noProgress && term.IsTerminal(int(f.Fd())) {
		a.imp.Progress = stderr
	}
	if a.reportFile != "" {
		rf, err := os.Create(a.reportFile)
		if err != nil {
			fmt.Fprintln(stderr, "cyq import: --report-file:", err)
			return 1
		}
		defer rf.Close()
		bw := bufio.NewWriter(rf)
		defer bw.Flush()
		a.imp.Report = bw
	}
	st, err := a.imp.Run(ctx, g)
	if err != nil {
		fmt.Fprintf(stderr, "cyq import: %v\nnothing was imported into graph %q\n", err, a.graph)
		return 1
	}
	fmt.Fprintf(stdout, "imported into graph %q of %s: %s\n", a.graph, dir, st)
	listed := "give --report-file FILE to list them all"
	if a.reportFile != "" {
		listed = "listed in " + a.reportFile
	}
	if st.Repaired > 0 {
		fmt.Fprintf(stderr, "cyq import: %d rows had an unquoted delimiter inside a field and were repaired (%s)\n", st.Repaired, listed)
	}
	if st.Skipped == 0 {
		return 0
	}
	tol := a.imp.BadTolerance
	if tol >= 0 && st.Skipped > tol {
		fmt.Fprintf(stderr, "cyq import: WARNING: %d malformed rows were skipped, more than --bad-tolerance %d (%s); the other rows were imported\n", st.Skipped, tol, listed)
		return ExitSkipped
	}
	fmt.Fprintf(stderr, "cyq import: WARNING: %d malformed rows were skipped (within --bad-tolerance %s; %s)\n", st.Skipped, toleranceText(tol), listed)
	return 0
}

func toleranceText(n int) string {
	if n < 0 {
		return "-1, any number"
	}
	return strconv.Itoa(n)
}
