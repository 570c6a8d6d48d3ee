package harness

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
)

// Query is one entry of a query file: a JSON array of
// {id, dataset, cypher, params?}. Note and Diff are optional free text
// (Diff documents an expected difference between engines).
type Query struct {
	ID      string         `json:"id"`
	Dataset string         `json:"dataset"`
	Cypher  string         `json:"cypher"`
	Params  map[string]any `json:"params,omitempty"`
	Note    string         `json:"note,omitempty"`
	Diff    string         `json:"diff,omitempty"`
	// Target is the ratio cyq/Kuzu the query should meet (0: 1.0).
	Target float64 `json:"target,omitempty"`
}

// LoadQueries reads and checks a query file.
func LoadQueries(path string) ([]Query, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var qs []Query
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&qs); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	seen := map[string]bool{}
	for i, q := range qs {
		if q.ID == "" || q.Cypher == "" {
			return nil, fmt.Errorf("%s: entry %d needs an id and a cypher text", path, i)
		}
		if seen[q.ID] {
			return nil, fmt.Errorf("%s: duplicate query id %q", path, q.ID)
		}
		seen[q.ID] = true
		for k, v := range q.Params {
			q.Params[k] = numbers(v)
		}
	}
	return qs, nil
}

// Datasets returns the datasets the queries use, in order of first use.
func Datasets(qs []Query) []string {
	var out []string
	seen := map[string]bool{}
	for _, q := range qs {
		if !seen[q.Dataset] {
			seen[q.Dataset] = true
			out = append(out, q.Dataset)
		}
	}
	return out
}

// Result is the measurement of one query.
type Result struct {
	ID       string   `json:"id"`
	Dataset  string   `json:"dataset"`
	MedianMs float64  `json:"median_ms"`
	MinMs    float64  `json:"min_ms"`
	MaxMs    float64  `json:"max_ms"`
	Runs     int      `json:"runs"`
	RowCount int      `json:"row_count"`
	Columns  []string `json:"columns"`
	Rows     [][]any  `json:"rows"`
	Error    string   `json:"error,omitempty"`
	TimedOut bool     `json:"timed_out,omitempty"`
}

// Load is the load of one dataset.
type Load struct {
	Dataset string  `json:"dataset"`
	Ms      float64 `json:"ms"`                 // wall time of the load (0 when reused)
	Cached  bool    `json:"cached,omitempty"`   // the store was reopened from the work directory
	IndexMs float64 `json:"index_ms,omitempty"` // part of Ms spent creating indexes (cyq)
	Nodes   int     `json:"nodes"`
	Rels    int     `json:"rels"`
	Note    string  `json:"note,omitempty"`
}

// Output is a results file.
type Output struct {
	Engine  string   `json:"engine"`
	Version string   `json:"version,omitempty"`
	Started string   `json:"started"`
	Runs    int      `json:"runs"`
	Loads   []Load   `json:"loads"`
	Queries []Result `json:"queries"`
}

// ReadOutput reads a results file.
func ReadOutput(path string) (*Output, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var o Output
	if err := json.Unmarshal(b, &o); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &o, nil
}

// WriteOutput writes a results file (indented JSON).
func WriteOutput(path string, o *Output) error {
	b, err := json.MarshalIndent(o, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// numbers turns JSON numbers into int64 when they are integers and
// float64 otherwise, so that {id: $id} matches integer properties.
func numbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return n
		}
		f, _ := x.Float64()
		return f
	case []any:
		for i := range x {
			x[i] = numbers(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = numbers(x[k])
		}
	}
	return v
}
