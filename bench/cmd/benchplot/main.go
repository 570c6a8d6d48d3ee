package main

import (
	"flag"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/cyqdb/cyq/bench/harness"
)

func main() {
	cyqFiles := flag.String("cyq", "", "comma-separated cyq results files")
	kuzuFiles := flag.String("kuzu", "", "comma-separated Kuzu results files")
	cyqQueries := flag.String("queries", "bench/queries/cyq.json", "cyq query file")
	kuzuQueries := flag.String("kuzu-queries", "bench/queries/kuzu.json", "Kuzu query file")
	out := flag.String("out", "bench/results", "output directory")
	notes := flag.String("notes", "", "markdown appended to the report (analysis, gaps)")
	command := flag.String("command", "bench/compare.sh", "command line shown in the report")
	timeout := flag.Float64("timeout-ms", 60000, "per-query timeout used in the runs (for the report)")
	flag.StringVar(&cyqLoadFiles, "cyq-loads", "", "comma-separated results files of cyq load-only runs (load-time table)")
	flag.StringVar(&kuzuLoadFiles, "kuzu-loads", "", "comma-separated results files of Kuzu load-only runs")
	flag.Parse()
	if err := run(*cyqFiles, *kuzuFiles, *cyqQueries, *kuzuQueries, *out, *notes, *command, *timeout); err != nil {
		fmt.Fprintln(os.Stderr, "benchplot:", err)
		os.Exit(1)
	}
}

var cyqLoadFiles, kuzuLoadFiles string

// loadSamples collects the load times per dataset from load-only runs.
func loadSamples(files string) (map[string][]harness.Load, error) {
	out := map[string][]harness.Load{}
	for _, f := range strings.Split(files, ",") {
		if f == "" {
			continue
		}
		o, err := harness.ReadOutput(f)
		if err != nil {
			return nil, err
		}
		for _, l := range o.Loads {
			out[l.Dataset] = append(out[l.Dataset], l)
		}
	}
	return out, nil
}

// loadCell renders the median of the samples (or the main run's load)
// with every sample.
func loadCell(samples []harness.Load, fallback harness.Load) (string, float64) {
	if len(samples) == 0 {
		return fmtF(fallback.Ms), fallback.Ms
	}
	var ms []float64
	var parts []string
	for _, l := range samples {
		ms = append(ms, l.Ms)
		p := fmtF(l.Ms)
		if l.IndexMs > 0 {
			p += fmt.Sprintf(" (idx %s)", fmtF(l.IndexMs))
		}
		parts = append(parts, p)
	}
	sort.Float64s(ms)
	n := len(ms)
	med := ms[n/2]
	if n%2 == 0 {
		med = (ms[n/2-1] + ms[n/2]) / 2
	}
	return fmt.Sprintf("**%s** (%s)", fmtF(med), strings.Join(parts, ", ")), med
}

func merge(files string) (*harness.Output, error) {
	var m *harness.Output
	for _, f := range strings.Split(files, ",") {
		if f == "" {
			continue
		}
		o, err := harness.ReadOutput(f)
		if err != nil {
			return nil, err
		}
		if m == nil {
			m = o
			continue
		}
		m.Loads = append(m.Loads, o.Loads...)
		m.Queries = append(m.Queries, o.Queries...)
	}
	if m == nil {
		return nil, fmt.Errorf("no results files")
	}
	return m, nil
}

type row struct {
	q          harness.Query
	kq         harness.Query
	c, k       *harness.Result
	ratio      float64 // cyq/kuzu; NaN when not measurable
	bound      bool    // Kuzu timed out: ratio is an upper bound
	target     float64
	met        string
	agree      harness.Agreement
	agreeLabel string
}

func run(cyqFiles, kuzuFiles, cyqQueries, kuzuQueries, out, notes, command string, timeoutMs float64) error {
	cres, err := merge(cyqFiles)
	if err != nil {
		return err
	}
	kres, err := merge(kuzuFiles)
	if err != nil {
		return err
	}
	cq, err := harness.LoadQueries(cyqQueries)
	if err != nil {
		return err
	}
	kq, err := harness.LoadQueries(kuzuQueries)
	if err != nil {
		return err
	}
	kqByID := map[string]harness.Query{}
	for _, q := range kq {
		kqByID[q.ID] = q
	}
	cByID, kByID := map[string]*harness.Result{}, map[string]*harness.Result{}
	for i := range cres.Queries {
		cByID[cres.Queries[i].ID] = &cres.Queries[i]
	}
	for i := range kres.Queries {
		kByID[kres.Queries[i].ID] = &kres.Queries[i]
	}
	var rows []row
	for _, q := range cq {
		r := row{q: q, kq: kqByID[q.ID], c: cByID[q.ID], k: kByID[q.ID], ratio: math.NaN(), target: q.Target}
		if r.target == 0 {
			r.target = 1
		}
		if r.c == nil || r.k == nil {
			r.met = "not run"
			rows = append(rows, r)
			continue
		}
		switch {
		case r.c.Error != "":
			r.met = "**no** (cyq failed)"
		case r.k.TimedOut:
			r.bound = true
			r.ratio = r.c.MedianMs / timeoutMs
			r.met = "yes (Kuzu timed out)"
		case r.k.Error != "":
			r.met = "n/a (Kuzu failed)"
		default:
			r.ratio = r.c.MedianMs / r.k.MedianMs
			if r.ratio <= r.target {
				r.met = "yes"
			} else {
				r.met = "**no**"
			}
		}
		r.agree = harness.CompareRows(*r.c, *r.k, strings.Contains(strings.ToUpper(q.Cypher), "ORDER BY"))
		switch {
		case r.agree.Equal:
			r.agreeLabel = "same"
		case strings.HasPrefix(r.agree.Detail, "not compared"):
			r.agreeLabel = "not compared"
		case q.Diff != "" || r.kq.Diff != "":
			r.agreeLabel = "differs (documented)"
		default:
			r.agreeLabel = "**differs (unexplained)**"
		}
		rows = append(rows, r)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	if err := harness.WriteOutput(filepath.Join(out, "cyq.json"), cres); err != nil {
		return err
	}
	if err := harness.WriteOutput(filepath.Join(out, "kuzu.json"), kres); err != nil {
		return err
	}
	if err := chart(rows, timeoutMs, filepath.Join(out, "chart.png")); err != nil {
		return err
	}
	return report(rows, cres, kres, notes, command, timeoutMs, filepath.Join(out, "REPORT.md"))
}

func fmtMs(r *harness.Result) string {
	switch {
	case r == nil:
		return "—"
	case r.TimedOut:
		return "timeout"
	case r.Error != "":
		return "error"
	}
	return fmtF(r.MedianMs)
}

func fmtF(f float64) string {
	switch {
	case f >= 100:
		return fmt.Sprintf("%.0f", f)
	case f >= 10:
		return fmt.Sprintf("%.1f", f)
	case f >= 1:
		return fmt.Sprintf("%.2f", f)
	}
	return fmt.Sprintf("%.3f", f)
}

func fmtRatio(r row) string {
	if math.IsNaN(r.ratio) {
		return "—"
	}
	s := fmt.Sprintf("%.3g", r.ratio)
	if r.ratio < 0.001 {
		s = fmt.Sprintf("%.1e", r.ratio)
	}
	if r.bound {
		return "≤ " + s
	}
	return s
}

func report(rows []row, c, k *harness.Output, notes, command string, timeoutMs float64, path string) error {
	var b strings.Builder
	w := func(f string, a ...any) { fmt.Fprintf(&b, f, a...) }
	w("# cyq vs Kuzu: end-to-end benchmark\n\n")
	w("Generated by `go run ./bench/cmd/benchplot` from the run of `%s` started %s (cyq %s) / %s (Kuzu %s).\n", command, c.Started, c.Version, k.Started, k.Version)
	w("Machine: %s/%s, %d CPUs, %s. Times are medians of %d runs after one warm-up run, in milliseconds, on a warm, already-loaded on-disk database, measured inside one process per engine (cyq: `cmd/cyqbench`, Go; Kuzu: `kuzu/run.mjs`, Node). ", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version(), c.Runs)
	w("A query's time covers running it and reading every row (cyq: `DB.Query` + `Rows.Next`, plans cached; Kuzu: executing a prepared statement + `getAll`). Per-query timeout: %.0f s; a query whose warm-up run times out is skipped.\n\n", timeoutMs/1000)
	w("![medians, log scale](chart.png)\n\n")

	cs, err := loadSamples(cyqLoadFiles)
	if err != nil {
		return err
	}
	ks, err := loadSamples(kuzuLoadFiles)
	if err != nil {
		return err
	}
	w("## Load times\n\nMedian ms of the fresh loads (each sample in parentheses; for cyq, \"idx\" is the part spent creating indexes).\n\n| dataset | nodes | rels | cyq load ms | Kuzu load ms | ratio cyq/Kuzu | target |\n|---|---:|---:|---:|---:|---:|---|\n")
	kl := map[string]harness.Load{}
	for _, l := range k.Loads {
		kl[l.Dataset] = l
	}
	for _, l := range c.Loads {
		x := kl[l.Dataset]
		cc, cm := loadCell(cs[l.Dataset], l)
		kc, km := loadCell(ks[l.Dataset], x)
		ratio, target := "—", ""
		if km > 0 && cm > 0 {
			ratio = fmt.Sprintf("%.3g", cm/km)
		}
		if l.Dataset == "slashdot" {
			target = "≤ 1.0: "
			if km > 0 && cm/km <= 1 {
				target += "yes"
			} else {
				target += "**no**"
			}
		}
		counts := fmt.Sprintf("%d | %d", l.Nodes, l.Rels)
		if x.Nodes != l.Nodes || x.Rels != l.Rels {
			counts = fmt.Sprintf("%d (Kuzu %d) | %d (Kuzu %d)", l.Nodes, x.Nodes, l.Rels, x.Rels)
		}
		w("| %s | %s | %s | %s | %s | %s |\n", l.Dataset, counts, cc, kc, ratio, target)
	}
	w("\ncyq load: the importer package (`cyq import`) bulk load plus the index creation the queries use, into an on-disk store. Kuzu load: the CREATE NODE/REL TABLE and COPY FROM statements of `bench/work/kuzu-csv/<dataset>/load.cypher` (CSV files prepared beforehand by `cmd/kuzuprep`, not timed; cyq reads the original files, except WN18RR, see below). Both load into an on-disk database in an empty directory, one fresh process per load, the engines alternating.\n\n")

	w("## Queries\n\n| query | dataset | cyq ms | Kuzu ms | cyq/Kuzu | target | met | rows cyq/Kuzu | results |\n|---|---|---:|---:|---:|---:|---|---|---|\n")
	met, total := 0, 0
	for _, r := range rows {
		nc, nk := "—", "—"
		if r.c != nil && r.c.Error == "" {
			nc = fmt.Sprint(r.c.RowCount)
		}
		if r.k != nil && r.k.Error == "" {
			nk = fmt.Sprint(r.k.RowCount)
		}
		if strings.HasPrefix(r.met, "yes") {
			met++
		}
		total++
		w("| %s | %s | %s | %s | %s | ≤ %g | %s | %s/%s | %s |\n", r.q.ID, r.q.Dataset, fmtMs(r.c), fmtMs(r.k), fmtRatio(r), r.target, r.met, nc, nk, r.agreeLabel)
	}
	w("\nTargets met: %d of %d queries. \"≤ x\" ratios: Kuzu hit the timeout, so the ratio is at most cyq's median over the timeout.\n\n", met, total)

	w("## Result differences\n\n")
	any := false
	for _, r := range rows {
		if r.agree.Equal || r.c == nil || r.k == nil {
			continue
		}
		any = true
		w("* **%s**: %s", r.q.ID, r.agree.Detail)
		if r.k.Error != "" {
			w(" — Kuzu: %s", oneLine(r.k.Error))
		}
		if r.c.Error != "" {
			w(" — cyq: %s", oneLine(r.c.Error))
		}
		expl := r.kq.Diff
		if expl == "" {
			expl = r.q.Diff
		}
		if expl != "" && !strings.HasPrefix(r.agree.Detail, "not compared") {
			w(". Why: %s", expl)
		}
		w("\n")
	}
	if !any {
		w("None: every query returned the same rows in both engines.\n")
	}
	w("\nQueries whose rows agree but that carry a documented possible difference:")
	for _, r := range rows {
		if r.agree.Equal && (r.q.Diff != "" || r.kq.Diff != "") {
			w(" %s,", r.q.ID)
		}
	}
	w(" (the difference did not show on these inputs).\n\n")

	w("## Dialect changes for Kuzu\n\n")
	for _, r := range rows {
		if r.kq.Cypher == r.q.Cypher {
			continue
		}
		w("* **%s**", r.q.ID)
		if r.kq.Note != "" {
			w(" (%s)", r.kq.Note)
		}
		w(":\n  * cyq: `%s`\n  * Kuzu: `%s`\n", r.q.Cypher, r.kq.Cypher)
	}
	if notes != "" {
		nb, err := os.ReadFile(notes)
		if err != nil {
			return err
		}
		w("\n%s", nb)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 160 {
		s = s[:157] + "..."
	}
	return s
}

// chart draws grouped bars of the medians on a log10 axis (bars start at
// 1 µs; a Kuzu timeout is drawn at the timeout, hatched by its label).
func chart(rows []row, timeoutMs float64, path string) error {
	const floor = 1e-3 // ms
	var cv, kv plotter.Values
	var names []string
	for _, r := range rows {
		if r.c == nil || r.k == nil {
			continue
		}
		val := func(x *harness.Result) float64 {
			switch {
			case x.TimedOut:
				return math.Log10(timeoutMs / floor)
			case x.Error != "" || x.MedianMs <= floor:
				return 0
			}
			return math.Log10(x.MedianMs / floor)
		}
		cv = append(cv, val(r.c))
		kv = append(kv, val(r.k))
		name := r.q.ID
		if r.k.TimedOut {
			name += " (Kuzu timeout)"
		}
		names = append(names, name)
	}
	p := plot.New()
	p.Title.Text = "Median query time, cyq vs Kuzu (log scale, lower is better)"
	p.Y.Label.Text = "milliseconds"
	w := vg.Points(5)
	bc, err := plotter.NewBarChart(cv, w)
	if err != nil {
		return err
	}
	bc.Color = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	bc.LineStyle.Width = 0
	bc.Offset = -w / 2
	bk, err := plotter.NewBarChart(kv, w)
	if err != nil {
		return err
	}
	bk.Color = color.RGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff}
	bk.LineStyle.Width = 0
	bk.Offset = w / 2
	p.Add(bc, bk, plotter.NewGrid())
	p.Legend.Add("cyq", bc)
	p.Legend.Add("Kuzu", bk)
	p.Legend.Top = true
	p.NominalX(names...)
	p.X.Tick.Label.Rotation = math.Pi / 2
	p.X.Tick.Label.XAlign = -1.0
	p.X.Tick.Label.YAlign = -0.5
	maxY := math.Ceil(math.Log10(timeoutMs / floor))
	p.Y.Min, p.Y.Max = 0, maxY
	p.Y.Tick.Marker = logTicks{floor: floor, max: int(maxY)}
	return p.Save(vg.Length(len(names))*vg.Points(16)+vg.Inch*1.5, 7*vg.Inch, path)
}

type logTicks struct {
	floor float64
	max   int
}

func (t logTicks) Ticks(min, max float64) []plot.Tick {
	var out []plot.Tick
	for i := 0; i <= t.max; i++ {
		v := t.floor * math.Pow(10, float64(i))
		out = append(out, plot.Tick{Value: float64(i), Label: strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.3f", v), "0"), ".")})
	}
	return out
}
