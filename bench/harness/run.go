package harness

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/value"
)

// Config is one benchmark run.
type Config struct {
	Queries  []Query
	Data     string        // the datasets directory
	Work     string        // work directory (stores are cached in Work/cyq/<dataset>)
	Runs     int           // timed runs per query after one warm-up
	Timeout  time.Duration // per run of a query; a warm-up over it skips the query
	Datasets []string      // only these datasets (nil: all the queries use)
	Reload   bool          // drop cached stores and load again
	LoadOnly bool          // load the datasets, run no queries
	Log      io.Writer
}

// Run loads the datasets the queries need and times every query.
func Run(ctx context.Context, cfg Config) (*Output, error) {
	if cfg.Runs <= 0 {
		cfg.Runs = 5
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	out := &Output{Engine: "cyq", Started: time.Now().UTC().Format(time.RFC3339), Runs: cfg.Runs, Loads: []Load{}, Queries: []Result{}}
	for _, name := range Datasets(cfg.Queries) {
		if cfg.Datasets != nil && !slices.Contains(cfg.Datasets, name) {
			continue
		}
		db, ld, err := openDataset(ctx, cfg, name)
		if err != nil {
			return out, fmt.Errorf("dataset %s: %w", name, err)
		}
		out.Loads = append(out.Loads, ld)
		for _, q := range cfg.Queries {
			if q.Dataset != name || cfg.LoadOnly {
				continue
			}
			r := runQuery(ctx, db, q, cfg)
			fmt.Fprintf(cfg.Log, "%-28s %10.3f ms  rows=%d %s\n", q.ID, r.MedianMs, r.RowCount, r.Error)
			out.Queries = append(out.Queries, r)
		}
		if err := db.Close(); err != nil {
			return out, err
		}
	}
	return out, nil
}

// openDataset opens the cached store of a dataset or loads it.
func openDataset(ctx context.Context, cfg Config, name string) (*cyq.DB, Load, error) {
	ds, ok := Registry[name]
	if !ok {
		return nil, Load{}, fmt.Errorf("unknown dataset %q (known: slashdot, facebook, wn18rr, ldbc, movies)", name)
	}
	dir := filepath.Join(cfg.Work, "cyq", name)
	marker := dir + ".loaded.json"
	if !cfg.Reload {
		if b, err := os.ReadFile(marker); err == nil {
			var ld Load
			if json.Unmarshal(b, &ld) == nil {
				db, err := cyq.Open(dir, nil)
				if err == nil {
					ld.Cached = true
					fmt.Fprintf(cfg.Log, "%s: reopened %s (loaded earlier in %.0f ms)\n", name, dir, ld.Ms)
					return db, ld, nil
				}
			}
		}
	}
	os.Remove(marker)
	if err := os.RemoveAll(dir); err != nil {
		return nil, Load{}, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, Load{}, err
	}
	db, err := cyq.Open(dir, nil)
	if err != nil {
		return nil, Load{}, err
	}
	start := time.Now()
	st, err := ds.Load(ctx, db, cfg.Data, cfg.Work)
	if err != nil {
		db.Close()
		return nil, Load{}, err
	}
	ixStart := time.Now()
	for _, ix := range ds.Indexes {
		rows, err := db.Query(ctx, ix, nil)
		if err == nil {
			_, err = rows.All()
			rows.Close()
		}
		if err != nil {
			db.Close()
			return nil, Load{}, fmt.Errorf("%s: %w", ix, err)
		}
	}
	ld := Load{Dataset: name, Ms: ms(time.Since(start)), IndexMs: ms(time.Since(ixStart)), Nodes: st.Nodes, Rels: st.Rels}
	if st.Nodes == 0 {
		ld.Nodes, ld.Rels = count(ctx, db)
	}
	fmt.Fprintf(cfg.Log, "%s: loaded %d nodes, %d relationships in %.0f ms\n", name, ld.Nodes, ld.Rels, ld.Ms)
	b, _ := json.Marshal(ld)
	if err := os.WriteFile(marker, b, 0o644); err != nil {
		db.Close()
		return nil, Load{}, err
	}
	return db, ld, nil
}

func count(ctx context.Context, db *cyq.DB) (nodes, rels int) {
	get := func(q string) int {
		rows, err := db.Query(ctx, q, nil)
		if err != nil {
			return 0
		}
		defer rows.Close()
		all, err := rows.All()
		if err != nil || len(all) != 1 {
			return 0
		}
		n, _ := value.ToGo(all[0][0]).(int64)
		return int(n)
	}
	return get("MATCH (n) RETURN count(n)"), get("MATCH ()-[r]->() RETURN count(r)")
}

// runQuery runs q once to warm up and then cfg.Runs times.
func runQuery(ctx context.Context, db *cyq.DB, q Query, cfg Config) Result {
	r := Result{ID: q.ID, Dataset: q.Dataset, Columns: []string{}, Rows: [][]any{}}
	once := func() (time.Duration, []string, [][]value.Value, error) {
		c := ctx
		if cfg.Timeout > 0 {
			var cancel context.CancelFunc
			c, cancel = context.WithTimeout(ctx, cfg.Timeout)
			defer cancel()
		}
		start := time.Now()
		rows, err := db.Query(c, q.Cypher, q.Params)
		if err != nil {
			return 0, nil, nil, err
		}
		defer rows.Close()
		var all [][]value.Value
		for rows.Next() {
			all = append(all, slices.Clone(rows.Values()))
		}
		if err := rows.Err(); err != nil {
			return 0, nil, nil, err
		}
		return time.Since(start), rows.Columns(), all, nil
	}
	_, cols, rows, err := once()
	if err != nil {
		r.Error = err.Error()
		r.TimedOut = errors.Is(err, context.DeadlineExceeded) || ctx.Err() == nil && isTimeout(err)
		if r.TimedOut {
			r.Error = fmt.Sprintf("timed out after %s (skipped): %v", cfg.Timeout, err)
		}
		return r
	}
	var times []float64
	for i := 0; i < cfg.Runs; i++ {
		d, c, rs, err := once()
		if err != nil {
			r.Error = err.Error()
			break
		}
		times = append(times, ms(d))
		cols, rows = c, rs
	}
	if len(times) > 0 {
		slices.Sort(times)
		r.MedianMs = median(times)
		r.MinMs, r.MaxMs = times[0], times[len(times)-1]
		r.Runs = len(times)
	}
	r.Columns = append([]string{}, cols...)
	r.RowCount = len(rows)
	for _, row := range rows {
		out := make([]any, len(row))
		for i, v := range row {
			out[i] = value.ToGo(v)
		}
		r.Rows = append(r.Rows, out)
	}
	return r
}

func isTimeout(err error) bool {
	var to interface{ Timeout() bool }
	return errors.As(err, &to) && to.Timeout()
}

func median(sorted []float64) float64 {
	n := len(sorted)
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }
