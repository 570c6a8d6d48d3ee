package scaling

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/storage"
)

// TestScaling is the scaling benchmark. It is skipped unless CYQ_SCALING
// lists relationship counts ("1m,5m,20m"; "1" means those three):
//
//	CYQ_SCALING=1m,5m go test ./bench/scaling -run TestScaling -v -timeout 2h
//
// For each size it indexes :Person(id) and bulk-loads a PowerLaw graph in
// a fresh process, then starts fresh processes that open the store and
// answer MATCH (n) RETURN count(n) (cold start; the median of three is
// reported), each followed by the warm queries (median of five runs after
// one warm-up). Peak RSS is the process's VmHWM (Linux; -1 elsewhere).
// With CYQ_SCALING_BUDGET (bytes, with an optional k, m or g suffix, or
// KiB, MiB or GiB: 256MiB; several separated by commas) one more query
// process per budget opens the store under that storage MemoryBudget.
// Stores go under CYQ_SCALING_DIR (default: a temporary directory); with
// CYQ_SCALING_OUT the results are also written there as JSON. With two
// sizes or more, the growth exponent k of cold start and its RSS
// (∝ relationships^k, a least-squares fit on log-log scale) is logged for
// each engine; a cold start that does not grow with the graph has k ≈ 0.
//
// With CYQ_SCALING_KUZU=1 each size is also written as CSV and run through
// Kuzu (npm package kuzu@0.11.3, installed into bench/kuzu on first use,
// as bench/compare.sh does) with the same phases in fresh Node processes
// (bench/kuzu/scaling.mjs), and the report puts both engines and the
// ratio cyq/Kuzu side by side. Kuzu's load time is its COPY from the CSV
// files (writing them is not counted; cyq's load includes generating the
// graph), and its RSS includes the Node runtime's (BaseRSSMB).
func TestScaling(t *testing.T) {
	spec := os.Getenv("CYQ_SCALING")
	if spec == "" {
		t.Skip("set CYQ_SCALING (e.g. 1m,5m,20m) to run the scaling benchmark")
	}
	if spec == "1" {
		spec = "1m,5m,20m"
	}
	root := os.Getenv("CYQ_SCALING_DIR")
	if root == "" {
		root = t.TempDir()
	}
	withKuzu := os.Getenv("CYQ_SCALING_KUZU") != ""
	if withKuzu {
		installKuzu(t)
	}
	var results []Result
	for _, f := range strings.Split(spec, ",") {
		rels, err := parseCount(f)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(root, fmt.Sprintf("powerlaw-%d", rels))
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		res := Result{Rels: rels, Nodes: PowerLaw{Rels: rels}.Nodes()}
		var ld childReport
		runChild(t, "load", dir, rels, &ld)
		res.LoadMs, res.LoadRSSMB, res.LoadCPUs, res.BulkRSSMB = ld.Ms, ld.RSSMB, ld.CPUs, ld.BulkRSSMB
		res.StoreMB = dirSize(t, dir)
		var kz *kuzuRun
		if withKuzu {
			kz = loadKuzu(t, root, rels)
		}
		// Three query processes per engine, alternately, so that both
		// see the same load of the machine.
		var colds, kcolds []childReport
		for i := 0; i < 3; i++ {
			var c childReport
			runChild(t, "query", dir, rels, &c)
			colds = append(colds, c)
			if kz != nil {
				kcolds = append(kcolds, kz.query(t))
			}
		}
		c := medianReport(colds)
		res.ColdMs, res.OpenMs, res.ColdRSSMB = c.Ms, c.OpenMs, c.RSSMB
		res.ColdCPUMs = 1000 * medianCPU(colds)
		res.StartRSSMB = medianOf(colds, func(r childReport) float64 { return r.StartRSSMB })
		res.Warm, res.First, res.WarmRSSMB = c.Warm, c.First, c.WarmRSSMB
		res.WarmCPU = map[string]float64{}
		for _, q := range queries {
			res.WarmCPU[q.id] = medianOf(colds, func(r childReport) float64 { return r.WarmCPU[q.id] })
		}
		res.LookupMs = medianOf(colds, func(r childReport) float64 { return r.LookupMs })
		res.LookupCPUMs = medianOf(colds, func(r childReport) float64 { return r.LookupCPUMs })
		res.LookupPeakRSSMB = medianOf(colds, func(r childReport) float64 { return r.LookupPeakRSSMB })
		res.LookupRSSMB = medianOf(colds, func(r childReport) float64 { return r.LookupRSSMB })
		if bs := os.Getenv("CYQ_SCALING_BUDGET"); bs != "" {
			for _, b := range strings.Split(bs, ",") {
				budget, err := parseCount(b)
				if err != nil {
					t.Fatal(err)
				}
				var c childReport
				runChild(t, "query", dir, rels, &c, "CYQ_SCALING_CHILD_BUDGET="+strconv.Itoa(budget))
				res.Budgets = append(res.Budgets, Budgeted{Bytes: budget, ColdMs: c.Ms, RSSMB: c.WarmRSSMB, Warm: c.Warm, First: c.First})
				for id, n := range c.First {
					if n != res.First[id] {
						t.Errorf("%s under a budget of %d bytes answered %d, without one %d", id, budget, n, res.First[id])
					}
				}
			}
		}
		if kz != nil {
			res.Kuzu = kz.finish(kcolds)
		}
		results = append(results, res)
		t.Logf("%s", res)
		if os.Getenv("CYQ_SCALING_KEEP") == "" {
			_ = os.RemoveAll(dir)
		}
	}
	logGrowth(t, results)
	if out := os.Getenv("CYQ_SCALING_OUT"); out != "" {
		b, _ := json.MarshalIndent(results, "", " ")
		if err := os.WriteFile(out, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Result is the measurement of one graph size.
type Result struct {
	Rels, Nodes int
	LoadMs      float64
	LoadCPUs    float64 // CPU time (user + system) of the load process, seconds
	LoadRSSMB   float64
	BulkRSSMB   float64 // of LoadRSSMB, the peak at the end of the bulk load (before Close)
	StoreMB     float64
	ColdMs      float64
	OpenMs      float64 // of ColdMs, the time cyq.Open took
	ColdCPUMs   float64 // CPU time of the process up to the end of the cold start (its start-up included)
	ColdRSSMB   float64
	StartRSSMB  float64 // of ColdRSSMB, the RSS at the process's start (childReport.StartRSSMB)
	WarmRSSMB   float64 // peak RSS after the warm queries
	// The first point lookup after the cold start (medians over the
	// query processes): its time, the process CPU time it took, the
	// peak and current RSS after it.
	LookupMs, LookupCPUMs, LookupPeakRSSMB, LookupRSSMB float64
	Warm                                                map[string]float64 // query id -> median ms
	WarmCPU                                             map[string]float64 // query id -> median process CPU ms per run
	First                                               map[string]int64   // query id -> first value of the first row
	Budgets                                             []Budgeted         // the query processes under CYQ_SCALING_BUDGET
	Kuzu                                                *KuzuResult        // with CYQ_SCALING_KUZU
}

// KuzuResult is the measurement of one graph size through Kuzu.
type KuzuResult struct {
	LoadMs, LoadCPUs, LoadRSSMB float64
	StoreMB                     float64
	ColdMs, OpenMs, ColdRSSMB   float64
	WarmRSSMB, BaseRSSMB        float64
	Warm                        map[string]float64
	First                       map[string]int64
}

// Budgeted is one query process run under a storage MemoryBudget.
type Budgeted struct {
	Bytes  int
	ColdMs float64
	RSSMB  float64 // peak over the cold start and the warm queries
	Warm   map[string]float64
	First  map[string]int64
}

func (r Result) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d rels, %d nodes: load %.0f ms (CPU %.1f s; peak RSS %.0f MB, %.0f MB before Close), store %.0f MB, cold start %.1f ms (open %.1f ms; process CPU %.0f ms; RSS %.0f MB, %.0f MB of it at the process's start)",
		r.Rels, r.Nodes, r.LoadMs, r.LoadCPUs, r.LoadRSSMB, r.BulkRSSMB, r.StoreMB, r.ColdMs, r.OpenMs, r.ColdCPUMs, r.ColdRSSMB, r.StartRSSMB)
	fmt.Fprintf(&b, "\n  first point lookup: %.2f ms, process CPU %.1f ms, RSS after it %.0f MB (peak %.0f MB)",
		r.LookupMs, r.LookupCPUMs, r.LookupRSSMB, r.LookupPeakRSSMB)
	fmt.Fprintf(&b, "\n  warm queries (peak RSS %.0f MB):", r.WarmRSSMB)
	for _, q := range queries {
		fmt.Fprintf(&b, "\n    %-20s %10.2f ms  (process CPU %.2f ms; first value %d)", q.id, r.Warm[q.id], r.WarmCPU[q.id], r.First[q.id])
	}
	if k := r.Kuzu; k != nil {
		fmt.Fprintf(&b, "\n  side by side:%25s %12s %10s", "cyq", "Kuzu", "cyq/Kuzu")
		row := func(name string, c, kz float64, format string) {
			ratio := "-"
			if kz > 0 {
				ratio = fmt.Sprintf("%.3g", c/kz)
			}
			fmt.Fprintf(&b, "\n    %-22s %12s %12s %10s", name, fmt.Sprintf(format, c), fmt.Sprintf(format, kz), ratio)
		}
		row("load ms", r.LoadMs, k.LoadMs, "%.0f")
		row("load CPU s", r.LoadCPUs, k.LoadCPUs, "%.1f")
		row("load peak RSS MB", r.LoadRSSMB, k.LoadRSSMB, "%.0f")
		row("store MB", r.StoreMB, k.StoreMB, "%.1f")
		row("cold start ms", r.ColdMs, k.ColdMs, "%.1f")
		row("cold start RSS MB", r.ColdRSSMB, k.ColdRSSMB, "%.0f")
		for _, q := range queries {
			row(q.id+" ms", r.Warm[q.id], k.Warm[q.id], "%.2f")
		}
		row("peak RSS after warm MB", r.WarmRSSMB, k.WarmRSSMB, "%.0f")
		fmt.Fprintf(&b, "\n    (Kuzu's RSS includes the Node runtime: %.0f MB before opening)", k.BaseRSSMB)
		for _, q := range queries {
			if r.First[q.id] != k.First[q.id] {
				fmt.Fprintf(&b, "\n    %s: cyq answered %d, Kuzu %d", q.id, r.First[q.id], k.First[q.id])
			}
		}
	}
	for _, bu := range r.Budgets {
		fmt.Fprintf(&b, "\n  under a MemoryBudget of %.1f MiB: cold start %.1f ms, peak RSS %.0f MB", float64(bu.Bytes)/(1<<20), bu.ColdMs, bu.RSSMB)
		for _, q := range queries {
			fmt.Fprintf(&b, "\n    %-20s %10.2f ms  (first value %d)", q.id, bu.Warm[q.id], bu.First[q.id])
			if bu.First[q.id] != r.First[q.id] {
				fmt.Fprintf(&b, "  DIFFERS from %d without a budget", r.First[q.id])
			}
		}
	}
	return b.String()
}

type childReport struct {
	BaseRSSMB float64 // (Kuzu) peak RSS before opening the database
	BulkRSSMB float64 // (load) peak RSS at the end of the bulk load
	CPUs      float64 // (load) CPU time of the process, seconds; (query) at the end of the cold start
	Ms        float64
	OpenMs    float64 // of Ms, the time cyq.Open took
	WarmRSSMB float64 // peak RSS at the end of the warm queries
	RSSMB     float64
	// StartRSSMB (query) is the process's RSS before it opened the
	// store: the executable's pages the kernel mapped in and the
	// runtime's. It moves by several MB between two builds of the same
	// code (a copy of a test binary started at 21 MB where the binary
	// the linker wrote started at 34 MB: the kernel maps an executable's
	// page cache in larger pieces as it was written), so cold-start RSS
	// is compared between trees as its rise from it (ColdRSSMB -
	// StartRSSMB).
	StartRSSMB float64
	// (query) the first point lookup after the cold start: time, CPU
	// time, peak and current RSS after it
	LookupMs, LookupCPUMs, LookupPeakRSSMB, LookupRSSMB float64
	Warm                                                map[string]float64
	WarmCPU                                             map[string]float64 // (query) process CPU ms per warm run
	First                                               map[string]int64   // query id -> first value of the first row (a check that it found something)
}

const reportPrefix = "SCALING "

// runChild runs TestScalingChild in a fresh process for one phase.
func runChild(t *testing.T, phase, dir string, rels int, rep *childReport, env ...string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestScalingChild$", "-test.timeout=0")
	cmd.Env = append(os.Environ(), "CYQ_SCALING_CHILD="+phase, "CYQ_SCALING_STORE="+dir, "CYQ_SCALING_RELS="+strconv.Itoa(rels))
	cmd.Env = append(cmd.Env, env...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if found := parseReport(t, out, rep); err != nil || !found {
		t.Fatalf("%s child: %v\n%s", phase, err, out)
	}
}

// TestScalingChild is one phase of TestScaling, run in its own process.
func TestScalingChild(t *testing.T) {
	phase := os.Getenv("CYQ_SCALING_CHILD")
	if phase == "" {
		t.Skip("run by TestScaling")
	}
	dir := os.Getenv("CYQ_SCALING_STORE")
	rels, err := strconv.Atoi(os.Getenv("CYQ_SCALING_RELS"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var rep childReport
	start := time.Now()
	switch phase {
	case "load":
		db, err := cyq.Open(dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		g, err := db.Store().Graph(db.GraphName())
		if err != nil {
			t.Fatal(err)
		}
		// The index is defined first: a bulk load into an empty graph
		// sorts its entries while streaming and writes them into the
		// image as the index's run, which seeks read after Open.
		query(t, db, "CREATE INDEX FOR (n:Person) ON (n.id)", nil)
		if err := g.BulkLoad(ctx, PowerLaw{Rels: rels, Seed: 1}, nil); err != nil {
			t.Fatal(err)
		}
		rep.BulkRSSMB = peakRSSMB()
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		rep.Ms = ms(time.Since(start))
	case "query":
		rep.StartRSSMB = statusMB("VmRSS:")
		opts := &cyq.Options{ReadOnly: true}
		if b := os.Getenv("CYQ_SCALING_CHILD_BUDGET"); b != "" {
			n, err := strconv.ParseInt(b, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			opts.Storage = &storage.Options{MemoryBudget: n}
		}
		db, err := cyq.Open(dir, opts)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		rep.OpenMs = ms(time.Since(start))
		if n := query(t, db, "MATCH (n) RETURN count(n)", nil); n != int64(PowerLaw{Rels: rels}.Nodes()) {
			t.Fatalf("count(n) = %d", n)
		}
		rep.Ms = ms(time.Since(start))
		rep.CPUs = cpuSeconds()
		rep.RSSMB = peakRSSMB()
		rep.Warm, rep.WarmCPU, rep.First = map[string]float64{}, map[string]float64{}, map[string]int64{}
		p := PowerLaw{Rels: rels, Seed: 1}
		for _, q := range queries {
			params := q.params(p)
			s, cpu := time.Now(), cpuSeconds()
			rep.First[q.id] = query(t, db, q.cypher, params)
			if q.id == "point_lookup" {
				rep.LookupMs, rep.LookupCPUMs = ms(time.Since(s)), 1000*(cpuSeconds()-cpu)
				rep.LookupPeakRSSMB, rep.LookupRSSMB = peakRSSMB(), statusMB("VmRSS:")
			}
			var times []float64
			cpu = cpuSeconds()
			for i := 0; i < 5; i++ {
				s := time.Now()
				query(t, db, q.cypher, params)
				times = append(times, ms(time.Since(s)))
			}
			rep.WarmCPU[q.id] = 1000 * (cpuSeconds() - cpu) / 5
			slices.Sort(times)
			rep.Warm[q.id] = times[2]
			traceMemory(t, db, q.id)
		}
		rep.WarmRSSMB = peakRSSMB()
	default:
		t.Fatalf("unknown phase %q", phase)
	}
	if phase == "load" {
		rep.RSSMB = peakRSSMB()
		rep.CPUs = cpuSeconds()
	}
	b, _ := json.Marshal(rep)
	fmt.Println(reportPrefix + string(b))
}

type warmQuery struct {
	id, cypher string
	args       func(PowerLaw) map[string]any
}

// kuzuCypher is a query's text for Kuzu where it differs (Kuzu spells
// shortest paths as a recursive pattern).
var kuzuCypher = map[string]string{
	"shortest_path": "MATCH p = (a:Person {id: $a})-[* SHORTEST 1..6]-(b:Person {id: $b}) RETURN length(p) AS len",
}

var queries = []warmQuery{
	{"point_lookup", "MATCH (a:Person {id: $id}) RETURN a.id AS id",
		func(p PowerLaw) map[string]any { return map[string]any{"id": int64(p.Nodes() / 3)} }},
	{"two_hop_distinct", "MATCH (a:Person {id: $id})-[:KNOWS]->()-[:KNOWS]->(c) RETURN count(DISTINCT c) AS c",
		func(p PowerLaw) map[string]any { return map[string]any{"id": p.ByRank(0)} }},
	{"var_1_3_distinct", "MATCH (a:Person {id: $id})-[*1..3]->(b) RETURN count(DISTINCT b) AS c",
		func(p PowerLaw) map[string]any { return map[string]any{"id": p.ByRank(100)} }},
	{"top10_degree", "MATCH (a:Person)-->() RETURN a.id AS id, count(*) AS d ORDER BY d DESC, id LIMIT 10", nil},
	{"rel_count_filtered", "MATCH (a:Person)-[r:KNOWS]->() WHERE a.id < 1000 RETURN count(r) AS c", nil},
	{"shortest_path", "MATCH p = shortestPath((a:Person {id: $a})-[*..6]-(b:Person {id: $b})) RETURN length(p) AS len",
		func(p PowerLaw) map[string]any { return map[string]any{"a": p.ByRank(1000), "b": int64(p.Nodes() / 2)} }},
}

func (q warmQuery) params(p PowerLaw) map[string]any {
	if q.args == nil {
		return nil
	}
	return q.args(p)
}

// query runs a query, reads every row and returns the first column of the
// first row when it is an integer.
func query(t *testing.T, db *cyq.DB, q string, params map[string]any) int64 {
	t.Helper()
	rows, err := db.Query(context.Background(), q, params)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	all, err := rows.All()
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	if len(all) > 0 && len(all[0]) > 0 {
		if n, ok := all[0][0].(interface{ Int64() int64 }); ok {
			return n.Int64()
		}
		if n, err := strconv.ParseInt(fmt.Sprint(all[0][0]), 10, 64); err == nil {
			return n
		}
	}
	return 0
}

// traceMemory, with CYQ_SCALING_TRACE set to a directory, logs the
// process's memory after query id (peak and current RSS, the Go heap,
// the store's counted memory) to standard error and writes a heap
// profile there, to find what holds the resident set.
func traceMemory(t *testing.T, db *cyq.DB, id string) {
	dir := os.Getenv("CYQ_SCALING_TRACE")
	if dir == "" {
		return
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	used, budget := db.Store().MemoryUsage()
	fmt.Fprintf(os.Stderr, "trace %-20s peak RSS %5.0f MB, RSS %5.0f MB; heap in use %5.0f MB, heap sys %5.0f MB, released %5.0f MB, next GC %5.0f MB, GCs %d; store counts %4.0f MB (budget %.0f MB)\n",
		id, peakRSSMB(), statusMB("VmRSS:"), mb(ms.HeapInuse), mb(ms.HeapSys), mb(ms.HeapReleased), mb(ms.NextGC), ms.NumGC, mb(uint64(used)), mb(uint64(budget)))
	f, err := os.Create(filepath.Join(dir, fmt.Sprintf("%s-%d.heap", id, budget)))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := pprof.WriteHeapProfile(f); err != nil {
		t.Fatal(err)
	}
}

func mb(n uint64) float64 { return float64(n) / (1 << 20) }

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// peakRSSMB reads the process's peak resident set (VmHWM) in MB.
func peakRSSMB() float64 { return statusMB("VmHWM:") }

// statusMB reads a field of /proc/self/status given in kB, in MB (-1
// where there is none).
func statusMB(field string) float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, field); ok {
			kb, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 64)
			if err == nil {
				return kb / 1024
			}
		}
	}
	return -1
}

func dirSize(t *testing.T, dir string) float64 {
	var n int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err == nil {
			n += info.Size()
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return float64(n) / (1 << 20)
}

func parseCount(s string) (int, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	mul := 1
	switch {
	case strings.HasSuffix(s, "kib"):
		mul, s = 1<<10, strings.TrimSuffix(s, "kib")
	case strings.HasSuffix(s, "mib"):
		mul, s = 1<<20, strings.TrimSuffix(s, "mib")
	case strings.HasSuffix(s, "gib"):
		mul, s = 1<<30, strings.TrimSuffix(s, "gib")
	case strings.HasSuffix(s, "m"):
		mul, s = 1_000_000, strings.TrimSuffix(s, "m")
	case strings.HasSuffix(s, "k"):
		mul, s = 1_000, strings.TrimSuffix(s, "k")
	case strings.HasSuffix(s, "g"):
		mul, s = 1_000_000_000, strings.TrimSuffix(s, "g")
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("CYQ_SCALING: bad size %q", s)
	}
	return n * mul, nil
}

// kuzuDir is bench/kuzu, where bench/compare.sh installs Kuzu.
const kuzuDir = "../kuzu"

// installKuzu installs kuzu@0.11.3 into bench/kuzu unless it loads already.
func installKuzu(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("CYQ_SCALING_KUZU needs node and npm")
	}
	check := exec.Command("node", "-e", `require("./node_modules/kuzu")`)
	check.Dir = kuzuDir
	if check.Run() == nil {
		return
	}
	t.Log("installing kuzu@0.11.3 into bench/kuzu (about 550 MB)...")
	cmd := exec.Command("npm", "install", "kuzu@0.11.3", "--prefix", ".", "--no-audit", "--no-fund")
	cmd.Dir = kuzuDir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm install kuzu: %v\n%s", err, out)
	}
}

// kuzuRun is one size loaded into Kuzu.
type kuzuRun struct {
	res       *KuzuResult
	db, qfile string
	nodes     int
}

// loadKuzu writes one size as CSV and loads it into Kuzu.
func loadKuzu(t *testing.T, root string, rels int) *kuzuRun {
	t.Helper()
	p := PowerLaw{Rels: rels, Seed: 1}
	csv := filepath.Join(root, fmt.Sprintf("powerlaw-%d-csv", rels))
	db := filepath.Join(root, fmt.Sprintf("powerlaw-%d.kuzu", rels))
	if err := p.WriteCSV(csv); err != nil {
		t.Fatal(err)
	}
	type kq struct {
		ID     string         `json:"id"`
		Cypher string         `json:"cypher"`
		Params map[string]any `json:"params,omitempty"`
	}
	var qs []kq
	for _, q := range queries {
		c := q.cypher
		if k, ok := kuzuCypher[q.id]; ok {
			c = k
		}
		qs = append(qs, kq{q.id, c, q.params(p)})
	}
	qfile := filepath.Join(root, "kuzu-queries.json")
	b, _ := json.Marshal(qs)
	if err := os.WriteFile(qfile, b, 0o644); err != nil {
		t.Fatal(err)
	}
	var ld childReport
	runNode(t, &ld, "--phase", "load", "--db", db, "--csv", csv)
	_ = os.RemoveAll(csv)
	res := &KuzuResult{LoadMs: ld.Ms, LoadCPUs: ld.CPUs, LoadRSSMB: ld.RSSMB, StoreMB: dirSize(t, db)}
	if _, err := os.Stat(db + ".wal"); err == nil {
		res.StoreMB += dirSize(t, db+".wal")
	}
	return &kuzuRun{res: res, db: db, qfile: qfile, nodes: p.Nodes()}
}

// query runs one Kuzu query process (cold start, then the warm queries).
func (k *kuzuRun) query(t *testing.T) childReport {
	t.Helper()
	var c childReport
	runNode(t, &c, "--phase", "query", "--db", k.db, "--queries", k.qfile, "--nodes", strconv.Itoa(k.nodes))
	return c
}

// finish records the query processes' medians and removes the database
// (unless CYQ_SCALING_KEEP).
func (k *kuzuRun) finish(colds []childReport) *KuzuResult {
	c := medianReport(colds)
	res := k.res
	res.ColdMs, res.OpenMs, res.ColdRSSMB, res.WarmRSSMB, res.BaseRSSMB = c.Ms, c.OpenMs, c.RSSMB, c.WarmRSSMB, c.BaseRSSMB
	res.Warm, res.First = c.Warm, c.First
	if os.Getenv("CYQ_SCALING_KEEP") == "" {
		_ = os.RemoveAll(k.db)
		_ = os.RemoveAll(k.db + ".wal")
	}
	return res
}

// medianReport combines query processes: the cold start (and its RSS)
// of the median process by cold start time, and per warm query the
// median over the processes of their medians.
// medianCPU is the median CPU time of the query processes' cold starts,
// seconds: less moved by the machine's load than their wall time.
// medianOf is the median of f over the reports.
func medianOf(rs []childReport, f func(childReport) float64) float64 {
	var xs []float64
	for _, r := range rs {
		xs = append(xs, f(r))
	}
	slices.Sort(xs)
	return xs[len(xs)/2]
}

func medianCPU(rs []childReport) float64 {
	var cs []float64
	for _, r := range rs {
		cs = append(cs, r.CPUs)
	}
	slices.Sort(cs)
	return cs[len(cs)/2]
}

func medianReport(rs []childReport) childReport {
	slices.SortFunc(rs, func(a, b childReport) int { return cmp.Compare(a.Ms, b.Ms) })
	c := rs[len(rs)/2]
	warm := map[string]float64{}
	for id := range c.Warm {
		var ts []float64
		for _, r := range rs {
			ts = append(ts, r.Warm[id])
		}
		slices.Sort(ts)
		warm[id] = ts[len(ts)/2]
	}
	c.Warm = warm
	return c
}

// runNode runs one phase of bench/kuzu/scaling.mjs in a fresh process.
func runNode(t *testing.T, rep *childReport, args ...string) {
	t.Helper()
	cmd := exec.Command("node", append([]string{"scaling.mjs"}, args...)...)
	cmd.Dir = kuzuDir
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if !parseReport(t, out, rep) || err != nil {
		t.Fatalf("kuzu %v: %v\n%s", args, err, out)
	}
}

// parseReport reads the report line of a child's output.
func parseReport(t *testing.T, out []byte, rep *childReport) bool {
	t.Helper()
	found := false
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		if l, ok := strings.CutPrefix(sc.Text(), reportPrefix); ok {
			if err := json.Unmarshal([]byte(l), rep); err != nil {
				t.Fatal(err)
			}
			found = true
		}
	}
	return found
}
