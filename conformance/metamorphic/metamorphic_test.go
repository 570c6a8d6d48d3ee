package metamorphic

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/internal/testenv"
	"github.com/cyqdb/cyq/parser/graphprogram"
	"github.com/cyqdb/cyq/program"
	"github.com/cyqdb/cyq/value"
)

var (
	update      = flag.Bool("metamorphic.update", false, "rewrite testdata/known_failures.txt with the disagreements of this run (keeping the causes already written)")
	maxForms    = flag.Int("metamorphic.forms", 32, "forms per question in the test")
	realForms   = flag.Int("metamorphic.realforms", 16, "forms per question in the test on ego-Facebook (the first ones of the same list)")
	formTimeout = flag.Duration("metamorphic.timeout", 500*time.Millisecond, "time limit of one form in the test; a form past it is reported and not compared")
)

const knownFailuresFile = "testdata/known_failures.txt"

// knownFailure is a form of a question that is known to disagree with the
// question's seed form on a dataset, and why.
type knownFailure struct{ question, dataset, form, cause string }

func (k knownFailure) key() string { return k.question + "\t" + k.dataset + "\t" + k.form }

// readKnownFailures reads the list: one entry per line, four tab-separated
// fields (question, dataset, form as generated with its $placeholders,
// cause); '#' lines are comments.
func readKnownFailures(tb testing.TB) map[string]knownFailure {
	tb.Helper()
	out := map[string]knownFailure{}
	f, err := os.Open(knownFailuresFile)
	if os.IsNotExist(err) {
		return out
	}
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, "\t")
		if len(fields) != 4 || fields[3] == "" {
			tb.Fatalf("%s:%d: want question, dataset, form and cause separated by tabs", knownFailuresFile, line)
		}
		k := knownFailure{fields[0], fields[1], fields[2], fields[3]}
		out[k.key()] = k
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

func writeKnownFailures(tb testing.TB, list []knownFailure) {
	tb.Helper()
	slices.SortFunc(list, func(a, b knownFailure) int { return strings.Compare(a.key(), b.key()) })
	var b strings.Builder
	b.WriteString("# Forms that return other rows than the seed form of their question, on one dataset.\n")
	b.WriteString("# One line each: question<TAB>dataset<TAB>form<TAB>cause. The test skips a listed pair\n")
	b.WriteString("# with its cause and fails when a listed pair agrees again (remove the line then).\n")
	b.WriteString("# go test ./conformance/metamorphic -metamorphic.update rewrites this file, keeping causes.\n")
	for _, k := range list {
		b.WriteString(k.key() + "\t" + k.cause + "\n")
	}
	if err := os.MkdirAll(filepath.Dir(knownFailuresFile), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(knownFailuresFile, []byte(b.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
}

// result is what one form returned: canonical rows (sorted unless the
// question is ordered) or an error.
type result struct {
	rows []string
	err  error
}

func (r result) String() string {
	if r.err != nil {
		return "error: " + r.err.Error()
	}
	const show = 6
	if len(r.rows) > show {
		return fmt.Sprintf("%d rows: %s ...", len(r.rows), strings.Join(r.rows[:show], "; "))
	}
	return fmt.Sprintf("%d rows: %s", len(r.rows), strings.Join(r.rows, "; "))
}

// equal reports whether r and o are the same answer: both errors, or the
// same rows but for floats a different summation order may change
// (float_order_test.go).
func (r result) equal(o result) bool {
	if r.err != nil || o.err != nil {
		return r.err == nil && o.err == nil
	}
	return slices.Equal(r.rows, o.rows) || rowsCloseUpToFloats(r.rows, o.rows)
}

// run runs text on db and returns its rows, each printed with value.Format
// (columns joined by " | "), sorted when ordered is false.
func run(ctx context.Context, db *cyq.DB, text string, ordered bool) result {
	return runArgs(ctx, db, text, nil, ordered)
}

// runArgs is run with query parameters.
func runArgs(ctx context.Context, db *cyq.DB, text string, args map[string]any, ordered bool) result {
	if isProgram(text) {
		return runProgram(ctx, db, text)
	}
	rs, err := db.Query(ctx, text, args)
	if err != nil {
		return result{err: err}
	}
	return collect(rs, ordered)
}

// isProgram reports whether a form's text is a GraphProgram's JSON (a
// Cypher form never starts with a brace).
func isProgram(text string) bool { return strings.HasPrefix(text, "{") }

// runProgram runs a GraphProgram form and returns its answer as the one
// row a count returns: the node count of the final working graph. A
// statement that read fewer rows than its query returned (a row limit)
// or a program that stopped early is an error, not an answer.
func runProgram(ctx context.Context, db *cyq.DB, text string) result {
	p, issues := graphprogram.Decode([]byte(text))
	if len(issues) > 0 {
		return result{err: fmt.Errorf("program does not decode: %v", issues)}
	}
	res, err := db.Programs().Run(ctx, p, nil, &program.Options{MaxRows: math.MaxInt32})
	if err != nil {
		return result{err: err}
	}
	if res.Aborted != nil {
		return result{err: fmt.Errorf("program stopped early: %+v", *res.Aborted)}
	}
	for _, e := range res.Log {
		if e.Truncated {
			return result{err: fmt.Errorf("statement %s read a truncated result", e.Statement)}
		}
	}
	return result{rows: []string{strconv.Itoa(res.W.NodeCount())}}
}

// collect reads every row of rs, each printed with value.Format (columns
// joined by " | "), sorted when ordered is false.
func collect(rs *cyq.Rows, ordered bool) result {
	rows, err := rs.All()
	if err != nil {
		return result{err: err}
	}
	out := make([]string, len(rows))
	for i, row := range rows {
		cols := make([]string, len(row))
		for j, v := range row {
			cols[j] = value.Format(v)
		}
		out[i] = strings.Join(cols, " | ")
	}
	if !ordered {
		slices.Sort(out)
	}
	return result{rows: out}
}

// seedTimeout bounds the run of a question's seed form, which every other
// form is compared with.
const seedTimeout = time.Minute

// timedRun runs one form under a time limit (-metamorphic.timeout for all
// forms but the seed). A form that
// runs out of time is reported as not compared (timedOut): how long a form
// takes is the benchmark's question, not this test's.
func timedRun(db *cyq.DB, text string, ordered bool, limit time.Duration) (r result, timedOut bool) {
	return timedRunArgs(db, text, nil, ordered, limit)
}

// timedRunArgs is timedRun with query parameters.
func timedRunArgs(db *cyq.DB, text string, args map[string]any, ordered bool, limit time.Duration) (r result, timedOut bool) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	r = runArgs(ctx, db, text, args, ordered)
	var e *cyqerr.Error
	if r.err != nil && ctx.Err() != nil && isProgram(text) {
		return r, true // a program stopped by the deadline reports it as an abort, not an error
	}
	return r, r.err != nil && ctx.Err() != nil && errors.As(r.err, &e) && e.Type == cyqerr.LimitExceeded && e.Detail == "Timeout"
}

// TestForms runs every form of every question on the datasets of its
// schema (seeded random graphs, ego-Facebook, the movies graph, LDBC mini,
// Stack Overflow, Northwind and WN18RR) and
// checks that each form returns the rows of the question's seed form.
func TestForms(t *testing.T) {
	known := readKnownFailures(t)
	sets := randomDatasets(t, 6)
	if _, ok := testenv.Shared(); ok {
		// A node of median degree, not the hub: some forms enumerate paths.
		sets = append(sets, facebook(t, "", nil, map[string]string{"hub": "31", "other": "41", "l1": "107", "l2": "1684", "l3": "99999"}))
		sets = append(sets, movies(t), ldbc(t, "", nil), stackOverflow(t, "", nil), northwind(t, "", nil), wordnet(t, "", nil))
	} else {
		t.Log("shared datasets absent: random graphs only")
	}
	var found []knownFailure
	disagree := map[string]bool{}
	ran := map[string]bool{}
	for _, q := range Questions() {
		forms := Generate(q.Query, *maxForms, q.Seed())
		for _, ds := range sets {
			if ds.schema != q.Schema {
				continue
			}
			forms := forms
			if ds.name == "ego-facebook" && len(forms) > *realForms {
				forms = forms[:*realForms]
			}
			forms = append(append(append(slices.Clip(forms), ProgramForms(q.Query)...), ParamForms(q.Query)...), UnionForms(q.Query)...)
			t.Run(q.Name+"/"+ds.name, func(t *testing.T) {
				ran[q.Name+"\t"+ds.name] = true
				ordered := q.Query.Ordered()
				skipped := 0
				defer func() {
					if skipped > 0 {
						t.Logf("%d of %d forms not compared (time limit)", skipped, len(forms)-1)
					}
				}()
				want, _ := timedRun(ds.db, Bind(forms[0].Text, ds.params), ordered, seedTimeout)
				if want.err != nil {
					t.Fatalf("seed form fails: %s\n%v", forms[0].Text, want.err)
				}
				for _, f := range forms[1:] {
					text, args, err := BindForm(f, ds.params)
					if err != nil {
						t.Fatal(err)
					}
					got, timedOut := timedRunArgs(ds.db, text, args, ordered, *formTimeout)
					if timedOut {
						t.Logf("not compared, ran past %s (-metamorphic.timeout): %s", *formTimeout, f.Text)
						skipped++
						continue
					}
					kf := knownFailure{question: q.Name, dataset: ds.name, form: f.Text}
					listed, isKnown := known[kf.key()]
					if got.equal(want) {
						continue
					}
					disagree[kf.key()] = true
					kf.cause = "not yet diagnosed"
					if isKnown {
						kf.cause = listed.cause
						t.Logf("known failure (%s): %s", listed.cause, f.Text)
					} else if !*update {
						t.Errorf("forms disagree on %s\n  seed: %s\n        %v\n  form: %s\n        %v\n  rules: %s",
							ds.name, forms[0].Text, want, f.Text, got, strings.Join(f.Rules, ", "))
					}
					found = append(found, kf)
				}
			})
		}
	}
	if *update {
		writeKnownFailures(t, found)
		return
	}
	for k, kf := range known {
		if ran[kf.question+"\t"+kf.dataset] && !disagree[k] {
			t.Errorf("%s lists a pair that agrees now (or is no longer generated), remove it: %s on %s: %s", knownFailuresFile, kf.question, kf.dataset, kf.form)
		}
	}
}
