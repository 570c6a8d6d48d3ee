package harness

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tinyData writes a miniature ego-Facebook edge list and WN18RR layout.
func tinyData(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	write := func(rel, body string) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A triangle 0-1-2 plus a tail 2-3.
	write("snap-ego-facebook/facebook_combined.txt", "0 1\n1 2\n0 2\n2 3\n")
	write("wn18rr/entity2text.txt", "001\tdog, a \"domestic\" animal, barks\n002\tanimal, a living thing\n003\triver\n")
	write("wn18rr/train.tsv", "001\t_hypernym\t002\n")
	write("wn18rr/dev.tsv", "003\t_also_see\t001\n")
	write("wn18rr/test.tsv", "")
	return dir
}

func TestRunWritesResults(t *testing.T) {
	data := tinyData(t)
	work := t.TempDir()
	qfile := filepath.Join(work, "q.json")
	err := os.WriteFile(qfile, []byte(`[
 {"id": "deg", "dataset": "facebook", "cypher": "MATCH (a:User {id: $id})-->(b) RETURN b.id AS id ORDER BY id", "params": {"id": 2}},
 {"id": "tri", "dataset": "facebook", "cypher": "MATCH (a)-->(b)-->(c)-->(a) RETURN count(*) AS c"},
 {"id": "bad", "dataset": "facebook", "cypher": "MATCH (a RETURN a"},
 {"id": "ent", "dataset": "wn18rr", "cypher": "MATCH (e:Entity {id: '001'})-[r]->(x) RETURN e.name, e.definition, type(r), x.name", "target": 0.5}
]`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	qs, err := LoadQueries(qfile)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := qs[0].Params["id"].(int64); !ok {
		t.Fatalf("integer parameter decoded as %T", qs[0].Params["id"])
	}
	if got := Datasets(qs); strings.Join(got, ",") != "facebook,wn18rr" {
		t.Fatalf("datasets %v", got)
	}
	var log strings.Builder
	cfg := Config{Queries: qs, Data: data, Work: work, Runs: 2, Timeout: 10 * time.Second, Log: &log}
	out, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	path := filepath.Join(work, "out.json")
	if err := WriteOutput(path, out); err != nil {
		t.Fatal(err)
	}
	back, err := ReadOutput(path)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]Result{}
	for _, r := range back.Queries {
		byID[r.ID] = r
	}
	if r := byID["deg"]; r.RowCount != 3 || r.Runs != 2 || r.Error != "" || r.Columns[0] != "id" || r.Rows[0][0] != float64(0) {
		t.Errorf("deg: %+v", r)
	}
	if r := byID["tri"]; r.RowCount != 1 || r.Rows[0][0] != float64(6) {
		t.Errorf("tri (each undirected triangle 6 times): %+v", r)
	}
	if r := byID["bad"]; r.Error == "" {
		t.Errorf("bad query: no error recorded")
	}
	want := []any{"dog", "a \"domestic\" animal, barks", "_hypernym", "animal"}
	if r := byID["ent"]; r.RowCount != 1 || !equalValue(r.Rows[0], want) {
		t.Errorf("ent: %+v", r)
	}
	if len(back.Loads) != 2 || back.Loads[0].Nodes != 4 || back.Loads[0].Rels != 8 || back.Loads[0].Cached {
		t.Errorf("loads: %+v", back.Loads)
	}
	// A second run reopens the cached stores.
	out2, err := Run(context.Background(), Config{Queries: qs[:1], Data: data, Work: work, Runs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !out2.Loads[0].Cached || out2.Queries[0].RowCount != 3 {
		t.Errorf("second run: %+v", out2)
	}

	// The Kuzu side's files are generated without Kuzu.
	csv := filepath.Join(work, "kuzu-csv")
	if err := KuzuPrep(data, csv, []string{"facebook", "wn18rr"}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(csv, "wn18rr", "load.cypher"))
	if err != nil || !strings.Contains(string(b), "CREATE REL TABLE `_hypernym`") {
		t.Errorf("wn18rr load.cypher: %s %v", b, err)
	}
	links, _ := os.ReadFile(filepath.Join(csv, "facebook", "links.csv"))
	if n := strings.Count(string(links), "\n"); n != 8 {
		t.Errorf("facebook links.csv has %d lines, want 8", n)
	}
}

func TestCompareRows(t *testing.T) {
	a := Result{Rows: [][]any{{float64(1), "2010-10-16T00:00Z", []any{"x", float64(2008)}}, {float64(2), nil, "b"}}}
	b := Result{Rows: [][]any{{float64(2), nil, "b"}, {int64(1), "2010-10-16T00:00:00.000Z", []any{"x", "2008"}}}}
	if ag := CompareRows(a, b, false); !ag.Equal {
		t.Errorf("unordered: %s", ag.Detail)
	}
	if ag := CompareRows(a, b, true); ag.Equal {
		t.Errorf("ordered comparison ignored the order")
	}
	c := Result{Rows: [][]any{{float64(2), nil, "b"}}}
	if ag := CompareRows(a, c, false); ag.Equal || !strings.Contains(ag.Detail, "2 rows vs 1 rows") {
		t.Errorf("row counts: %+v", ag)
	}
}
