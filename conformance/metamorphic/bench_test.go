package metamorphic

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/vm"
)

var (
	benchForms   = flag.Int("metamorphic.benchforms", 24, "forms per question in BenchmarkForms")
	benchTimeout = flag.Duration("metamorphic.benchtimeout", 20*time.Second, "time limit of one form's run in BenchmarkForms")
	benchMemory  = flag.Int64("metamorphic.benchmemory", 4<<30, "table memory limit (bytes) of one form's run in BenchmarkForms")
	benchReport  = flag.String("metamorphic.report", "", "file to write BenchmarkForms' per-form figures to")
	benchOnly    = flag.String("metamorphic.question", "", "regular expression: BenchmarkForms measures only the questions whose name matches")
)

// formFigures is what BenchmarkForms measured for one form.
type formFigures struct {
	form     Form
	time     time.Duration // median of the timed runs
	runs     int
	memory   int64 // table memory of the profiled run, bytes
	steps    int64 // VM instructions of the profiled run (deterministic, unlike time)
	elements int64 // set elements its whole-set steps touched (vm.Stats.Elements)
	status   string
	disagree bool // returned other rows than the seed form
}

func (f formFigures) ok() bool { return f.status == "" }

// BenchmarkForms runs every form of the Users questions on ego-Facebook
// (:User(id) indexed, anchors at the hub 107) and soc-Slashdot0902 (no
// index, anchors at node 0), of the LDBC questions on LDBC mini, of the
// Stack Overflow questions on Stack Overflow, of the movies questions
// on the movies graph and of the Northwind questions on Northwind, each an on-disk store loaded once, and
// prints per question the fastest form, the slowest form and their ratio,
// sorted by ratio, with each form's peak table memory (from PROFILE):
//
//	go test ./conformance/metamorphic -run XXX -bench Forms -timeout 2h
//
// -metamorphic.question narrows it to some questions, -bench
// Forms/ego-facebook (ldbc-mini, stackoverflow, neo4j-movies) to one
// dataset.
//
// One iteration measures every form: a PROFILE run (table memory, rows
// checked against the seed form) and a plain run (which plans it); then
// the forms are timed in rounds, one run of each per round (at least 9
// rounds and 500 ms, at most 100 rounds or 500 ms per form), and a form's
// time is the median of its rounds (a form whose profiled run took over a
// second is timed by that run and left out of the rounds). A form that runs past
// -metamorphic.benchtimeout or over -metamorphic.benchmemory is reported
// as such; the ratio then is a lower bound (marked ">").
func BenchmarkForms(b *testing.B) {
	hubs := []struct {
		name string
		load func(b *testing.B, dir string, opts *cyq.Options) *dataset
	}{
		{"ego-facebook", func(b *testing.B, dir string, opts *cyq.Options) *dataset {
			return facebook(b, dir, opts, map[string]string{"hub": "107", "other": "1684", "l1": "0", "l2": "3437", "l3": "99999"})
		}},
		{"slashdot", func(b *testing.B, dir string, opts *cyq.Options) *dataset {
			return slashdot(b, dir, opts, map[string]string{"hub": "0", "other": "1", "l1": "4242", "l2": "77777", "l3": "999999"})
		}},
		{"ldbc-mini", func(b *testing.B, dir string, opts *cyq.Options) *dataset { return ldbc(b, dir, opts) }},
		{"stackoverflow", func(b *testing.B, dir string, opts *cyq.Options) *dataset { return stackOverflow(b, dir, opts) }},
		{"neo4j-movies", func(b *testing.B, dir string, opts *cyq.Options) *dataset {
			return &dataset{name: "neo4j-movies", schema: Movies, params: moviesParams, db: loadRegistered(b, "movies", dir, opts)}
		}},
		{"northwind", func(b *testing.B, dir string, opts *cyq.Options) *dataset { return northwind(b, dir, opts) }},
		{"wn18rr", func(b *testing.B, dir string, opts *cyq.Options) *dataset { return wordnet(b, dir, opts) }},
	}
	var figs []questionFigures
	for _, h := range hubs {
		b.Run(h.name, func(b *testing.B) {
			ds := h.load(b, b.TempDir(), &cyq.Options{Limits: vm.Limits{MaxMemory: *benchMemory}})
			var qs []questionFigures
			for i := 0; i < b.N; i++ {
				qs = measureDataset(ds)
			}
			printFigures(os.Stdout, qs)
			figs = append(figs, qs...)
		})
	}
	if *benchReport != "" && len(figs) > 0 {
		f, err := os.Create(*benchReport)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		printFigures(f, figs)
		printDetail(f, figs)
	}
}

// questionFigures is the figures of every form of one question on one
// dataset.
type questionFigures struct {
	dataset  string
	question string
	forms    []formFigures
}

func (q questionFigures) extremes() (fast, slow formFigures, lowerBound bool) {
	first := true
	for _, f := range q.forms {
		if !f.ok() {
			lowerBound = true
			continue
		}
		if first || f.time < fast.time {
			fast = f
		}
		if first || f.time > slow.time {
			slow = f
		}
		first = false
	}
	for _, f := range q.forms {
		if !f.ok() {
			slow = f // a form that did not finish is the slowest
		}
	}
	return fast, slow, lowerBound
}

func (q questionFigures) ratio() float64 {
	fast, slow, lower := q.extremes()
	if fast.time <= 0 {
		return 0
	}
	if lower {
		return float64(*benchTimeout) / float64(fast.time)
	}
	return float64(slow.time) / float64(fast.time)
}

func (q questionFigures) peak() int64 {
	var m int64
	for _, f := range q.forms {
		m = max(m, f.memory)
	}
	return m
}

var (
	tableMemory = regexp.MustCompile(`table memory (\d+) bytes`)
	vmSteps     = regexp.MustCompile(`result rows \d+, steps (\d+)`)
	vmElements  = regexp.MustCompile(`result rows \d+, steps \d+, set elements (\d+)`)
)

// work is the form's VM work in steps: its steps, and its set elements
// each weighed as the measured time of one over that of a step of a
// relationship cursor (the cost model's unit, see planner.ElementNanos),
// so that a set step over many nodes weighs what it does.
func (f formFigures) work() float64 {
	return float64(f.steps) + float64(f.elements)*planner.ElementNanos()/planner.StepNanos(vm.FamExpand)
}

// workRatio is the most VM work (steps and weighed set elements, see
// work) a finished form did over the least.
func (q questionFigures) workRatio() float64 {
	lo, hi := 0.0, 0.0
	for _, f := range q.forms {
		if !f.ok() || f.steps <= 0 {
			continue
		}
		if w := f.work(); lo == 0 || w < lo {
			lo = w
		}
		hi = max(hi, f.work())
	}
	if lo == 0 {
		return 0
	}
	return hi / lo
}

// stepRatio is the most VM instructions a finished form ran over the
// fewest: the work the forms did, free of the machine's timing noise
// (an instruction that reads a degree or joins two bitmaps counts once).
func (q questionFigures) stepRatio() float64 {
	lo, hi := int64(0), int64(0)
	for _, f := range q.forms {
		if !f.ok() || f.steps <= 0 {
			continue
		}
		if lo == 0 || f.steps < lo {
			lo = f.steps
		}
		hi = max(hi, f.steps)
	}
	if lo == 0 {
		return 0
	}
	return float64(hi) / float64(lo)
}

// measureDataset measures every form of every question of ds's schema.
func measureDataset(ds *dataset) []questionFigures {
	var out []questionFigures
	only := regexp.MustCompile(*benchOnly)
	for _, q := range Questions() {
		if q.Schema != ds.schema || !only.MatchString(q.Name) {
			continue
		}
		forms := append(append(append(Generate(q.Query, *benchForms, q.Seed()), ProgramForms(q.Query)...), ParamForms(q.Query)...), UnionForms(q.Query)...)
		qf := questionFigures{dataset: ds.name, question: q.Name}
		ordered := q.Query.Ordered()
		texts := make([]string, len(forms))
		args := make([]map[string]any, len(forms))
		var seed result
		for i, f := range forms {
			var err error
			texts[i], args[i], err = BindForm(f, ds.params)
			if err != nil {
				panic(err) // the question table and the datasets disagree
			}
			ff := profileForm(ds.db, texts[i], args[i], ordered)
			ff.fig.form = f
			if i == 0 {
				seed = ff.rows
			} else if ff.fig.ok() && qf.forms[0].ok() && seed.err == nil && !ff.rows.equal(seed) {
				ff.fig.disagree = true
			}
			qf.forms = append(qf.forms, ff.fig)
		}
		timeForms(ds.db, texts, args, qf.forms, ordered)
		out = append(out, qf)
	}
	return out
}

type measured struct {
	fig  formFigures
	rows result
}

// profileForm runs one form with PROFILE (its rows, table memory and VM
// steps) and, unless that run took over a second (the form's time then),
// once more plainly, so that the timed runs reuse a cached plan.
func profileForm(db *cyq.DB, text string, args map[string]any, ordered bool) measured {
	var m measured
	ctx, cancel := context.WithTimeout(context.Background(), *benchTimeout)
	defer cancel()
	start := time.Now()
	if isProgram(text) {
		// A program has no PROFILE: its rows and time only.
		m.rows = run(ctx, db, text, ordered)
		if m.rows.err != nil {
			m.fig.status = limitStatus(m.rows.err)
		}
		return m
	}
	rs, err := db.Query(ctx, "PROFILE "+text, args)
	var rows result
	if err == nil {
		rows = collect(rs, ordered)
		err = rows.err
	}
	if err != nil {
		m.fig.status = limitStatus(err)
		return m
	}
	m.rows = rows
	if sm := tableMemory.FindStringSubmatch(rs.Profile()); sm != nil {
		m.fig.memory, _ = strconv.ParseInt(sm[1], 10, 64)
	}
	if sm := vmSteps.FindStringSubmatch(rs.Profile()); sm != nil {
		m.fig.steps, _ = strconv.ParseInt(sm[1], 10, 64)
	}
	if sm := vmElements.FindStringSubmatch(rs.Profile()); sm != nil {
		m.fig.elements, _ = strconv.ParseInt(sm[1], 10, 64)
	}
	if d := time.Since(start); d > time.Second {
		// A slow form is timed by its profiled run alone.
		m.fig.time, m.fig.runs = d, 1
		return m
	}
	if r := runArgs(ctx, db, text, args, ordered); r.err != nil {
		m.fig.status = limitStatus(r.err)
	}
	return m
}

// Rounds of timeForms: at least minRounds and roundsTime, then until
// roundsBudget per form or maxRounds.
const (
	minRounds    = 9
	maxRounds    = 100
	roundsTime   = 500 * time.Millisecond
	roundsBudget = 500 * time.Millisecond
)

// timeForms times the forms that finished their profiled run within a
// second, in rounds: one run of each form per round, so that every form
// is timed under the same conditions (other processes, garbage
// collection) as the others, and each form's time is the median of its
// rounds. Timing each form's runs one after the other instead lets a
// moment's load decide which form looks slowest: sub-millisecond forms
// doing the same VM work then came out 6-16x apart.
func timeForms(db *cyq.DB, texts []string, args []map[string]any, figs []formFigures, ordered bool) {
	var timed []int
	for i, f := range figs {
		if f.ok() && f.runs == 0 {
			timed = append(timed, i)
		}
	}
	times := make([][]time.Duration, len(figs))
	var total time.Duration
	for round := 0; round < maxRounds && len(timed) > 0; round++ {
		if round >= minRounds && total >= roundsTime || total >= roundsBudget*time.Duration(len(timed)) {
			break
		}
		kept := timed[:0]
		for _, i := range timed {
			ctx, cancel := context.WithTimeout(context.Background(), *benchTimeout)
			start := time.Now()
			r := runArgs(ctx, db, texts[i], args[i], ordered)
			d := time.Since(start)
			cancel()
			total += d
			if r.err != nil {
				figs[i].status = limitStatus(r.err)
				continue
			}
			times[i] = append(times[i], d)
			kept = append(kept, i)
		}
		timed = kept
	}
	for i, ts := range times {
		if len(ts) == 0 || !figs[i].ok() {
			continue
		}
		slices.Sort(ts)
		figs[i].time, figs[i].runs = ts[len(ts)/2], len(ts)
	}
}

func limitStatus(err error) string {
	var e *cyqerr.Error
	if errors.As(err, &e) && e.Type == cyqerr.LimitExceeded {
		switch e.Detail {
		case "Timeout":
			return fmt.Sprintf("> %s", *benchTimeout)
		case "MemoryBudget":
			return fmt.Sprintf("> %d MB", *benchMemory>>20)
		}
		return e.Code()
	}
	return "error: " + err.Error()
}

func (f formFigures) timeText() string {
	if !f.ok() {
		return f.status
	}
	return ms(f.time)
}

func ms(d time.Duration) string { return strconv.FormatFloat(float64(d)/1e6, 'g', 3, 64) + " ms" }

// memText is the form's table memory, or "n/a" when its run did not finish.
func (f formFigures) memText() string {
	if !f.ok() {
		return "n/a"
	}
	return mb(f.memory)
}

func mb(n int64) string { return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MB" }

// printFigures prints one line per question, sorted by ratio (largest
// first), then the fastest and slowest form of each.
func printFigures(w io.Writer, qs []questionFigures) {
	qs = slices.Clone(qs)
	sort.SliceStable(qs, func(i, j int) bool { return qs[i].ratio() > qs[j].ratio() })
	fmt.Fprintf(w, "\n| dataset | question | forms | fastest | slowest | slowest/fastest | most/fewest VM steps | most/least VM work | peak table memory (finished forms) | disagreeing forms |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, q := range qs {
		fast, slow, lower := q.extremes()
		r := fmt.Sprintf("%.0f×", q.ratio())
		if lower {
			r = ">" + r
		}
		dis := 0
		for _, f := range q.forms {
			if f.disagree {
				dis++
			}
		}
		fmt.Fprintf(w, "| %s | %s | %d | %s | %s | %s | %.0f× | %.0f× | %s | %d |\n", q.dataset, q.question, len(q.forms), fast.timeText(), slow.timeText(), r, q.stepRatio(), q.workRatio(), mb(q.peak()), dis)
	}
	fmt.Fprintln(w)
	for _, q := range qs {
		fast, slow, _ := q.extremes()
		fmt.Fprintf(w, "%s %s\n  fastest %s, %s: %s\n  slowest %s, %s: %s\n", q.dataset, q.question,
			fast.timeText(), fast.memText(), fast.form.Text, slow.timeText(), slow.memText(), slow.form.Text)
	}
}

// printDetail prints every form's figures.
func printDetail(w io.Writer, qs []questionFigures) {
	for _, q := range qs {
		fmt.Fprintf(w, "\n%s %s\n", q.dataset, q.question)
		for _, f := range q.forms {
			flag := ""
			if f.disagree {
				flag = " DISAGREES"
			}
			fmt.Fprintf(w, "  %10s %10s %10d steps %10d set elements%s  %s  [%s]\n", f.timeText(), f.memText(), f.steps, f.elements, flag, f.form.Text, strings.Join(f.form.Rules, ", "))
		}
	}
}
