package cyq

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/cyqdb/cyq/internal/datasets"
	"github.com/cyqdb/cyq/internal/testenv"
	"github.com/cyqdb/cyq/value"
)

// BenchmarkPredicateForms times equivalent forms of the same question —
// an inline property map against WHERE in its several spellings, IN
// against any() and OR chains, a relationship count with and without
// labels every endpoint carries — and logs, per question, the slowest
// form's time over the fastest's:
//
//	go test -run XXX -bench PredicateForms -benchtime 3x -v .
//
// Slashdot is loaded without an index on :User(id) (the filter must be
// pushed into the scan to be cheap); ego-Facebook with one.
func BenchmarkPredicateForms(b *testing.B) {
	slashdotForms := []formQuestion{
		{"2hop_distinct_unindexed", []struct{ name, query string }{
			{"inline_map", "MATCH (u:User {id: 0})-->()-->(c) RETURN count(DISTINCT c)"},
			{"where", "MATCH (u:User)-->()-->(c) WHERE u.id = 0 RETURN count(DISTINCT c)"},
			{"where_flipped", "MATCH (u:User)-->()-->(c) WHERE 0 = u.id RETURN count(DISTINCT c)"},
			{"where_in_one", "MATCH (u:User)-->()-->(c) WHERE u.id IN [0] RETURN count(DISTINCT c)"},
			{"where_label", "MATCH (u)-->()-->(c) WHERE u:User AND u.id = 0 RETURN count(DISTINCT c)"},
		}},
		{"rel_count", []struct{ name, query string }{
			{"unlabelled", "MATCH ()-[r:LINKS]->() RETURN count(r)"},
			{"labelled_endpoints", "MATCH (a:User)-[:LINKS]->(b:User) RETURN count(*)"},
		}},
	}
	facebookForms := []formQuestion{
		{"in_list", []struct{ name, query string }{
			{"in", "MATCH (a:User) WHERE a.id IN [107, 0, 1912, 3437] RETURN count(a)"},
			{"any", "MATCH (a:User) WHERE any(i IN [107, 0, 1912, 3437] WHERE a.id = i) RETURN count(a)"},
			{"or_chain", "MATCH (a:User) WHERE a.id = 107 OR a.id = 0 OR a.id = 1912 OR a.id = 3437 RETURN count(a)"},
		}},
		{"2hop_distinct_hub", []struct{ name, query string }{
			{"inline_map", "MATCH (a:User {id: 107})-->()-->(c) RETURN count(DISTINCT c)"},
			{"where", "MATCH (a:User)-->()-->(c) WHERE a.id = 107 RETURN count(DISTINCT c)"},
		}},
	}
	b.Run("slashdot", func(b *testing.B) {
		path := datasets.SlashdotPath(b)
		db, err := Open("", nil)
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		g, err := db.Store().Graph(db.GraphName())
		if err != nil {
			b.Fatal(err)
		}
		if err := datasets.LoadEdgeList(g, path, false); err != nil {
			b.Fatal(err)
		}
		runPredicateForms(b, db, slashdotForms)
	})
	b.Run("facebook", func(b *testing.B) {
		db, err := Open("", nil)
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		loadEdgeList(b, db, filepath.Join(testenv.Dataset(b, "snap-ego-facebook"), "facebook_combined.txt"), true)
		runPredicateForms(b, db, facebookForms)
	})
}

// runPredicateForms benchmarks every form of every question, checks that the
// forms agree, and logs the slowest-to-fastest ratio per question.
func runPredicateForms(b *testing.B, db *DB, qs []formQuestion) {
	for _, q := range qs {
		b.Run(q.name, func(b *testing.B) {
			var want string
			per := map[string]time.Duration{}
			for _, f := range q.forms {
				b.Run(f.name, func(b *testing.B) {
					b.ReportAllocs()
					var rows [][]value.Value
					start := time.Now()
					for i := 0; i < b.N; i++ {
						rows = mustRun(b, db, f.query, nil)
					}
					per[f.name] = time.Since(start) / time.Duration(b.N)
					got := value.Format(rows[0][0])
					if want == "" {
						want = got
					} else if got != want {
						b.Fatalf("%s: %s, first form gave %s", f.query, got, want)
					}
				})
			}
			var fast, slow time.Duration
			for _, d := range per {
				if fast == 0 || d < fast {
					fast = d
				}
				if d > slow {
					slow = d
				}
			}
			if fast > 0 {
				b.Logf("%s: slowest/fastest = %.1fx %v", q.name, float64(slow)/float64(fast), per)
			}
		})
	}
}
