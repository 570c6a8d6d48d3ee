package cyq

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/cyqdb/cyq/internal/testenv"
)

// formQuestion is one question asked in several equivalent forms.
type formQuestion struct {
	name  string
	forms []struct{ name, query string }
}

// BenchmarkForms times equivalent forms of the same question on the
// ego-Facebook and Slashdot graphs: the planner should answer every form
// at about the cost of the fastest. Each form is first checked to return
// the fastest form's rows. Compare the forms of one question as ratios:
//
//	go test -run XXX -bench Forms -benchtime 20x .
func BenchmarkForms(b *testing.B) {
	facebook := []formQuestion{
		{"2hop_distinct", forms(
			"anonymous", "MATCH (a:User {id: 107})-->()-->(c) RETURN count(DISTINCT c)",
			"named_middle", "MATCH (a:User {id: 107})-->(b)-->(c) RETURN count(DISTINCT c)",
			"var_length_2", "MATCH (a:User {id: 107})-[:LINKS*2]->(c) RETURN count(DISTINCT c)",
			"with_distinct", "MATCH (a:User {id: 107})-[r1]->(b)-[r2]->(c) WITH DISTINCT c RETURN count(c)",
		)},
		{"var1to3_distinct", forms(
			"anonymous", "MATCH (a:User {id: 107})-[*1..3]->(c) RETURN count(DISTINCT c)",
			"named_list", "MATCH (a:User {id: 107})-[rs*1..3]->(c) RETURN count(DISTINCT c)",
			"named_path", "MATCH p = (a:User {id: 107})-[*1..3]->(c) RETURN count(DISTINCT c)",
		)},
		{"degree", forms(
			"count_subquery", "MATCH (a:User {id: 107}) RETURN COUNT { (a)-->() } AS d",
			"match_count", "MATCH (a:User {id: 107})-->(b) RETURN count(b) AS d",
			"optional_count", "MATCH (a:User {id: 107}) OPTIONAL MATCH (a)-->(b) RETURN count(b) AS d",
			"size_comprehension", "MATCH (a:User {id: 107}) RETURN size([(a)-->(b) | b]) AS d",
		)},
		{"existence", forms(
			"set_chain", "MATCH (a:User {id: 107})-->()-->(c) RETURN count(DISTINCT c)",
			"exists_subquery", "MATCH (a:User {id: 107}), (c:User) WHERE EXISTS { (a)-->()-->(c) } RETURN count(c)",
		)},
		{"non_existence", forms(
			"count_difference", "MATCH (a:User {id: 107})-->()-->(c) WITH count(DISTINCT c) AS k MATCH (u:User) WITH k, count(u) AS n RETURN n - k",
			"not_exists", "MATCH (a:User {id: 107}), (c:User) WHERE NOT EXISTS { (a)-->()-->(c) } RETURN count(c)",
		)},
		{"path_count", forms(
			"count_star", "MATCH (a:User {id: 107})-[*1..2]->(c) RETURN count(*)",
		)},
	}
	slashdot := []formQuestion{
		{"2hop_distinct", forms(
			"anonymous", "MATCH (a:User {id: 0})-->()-->(c) RETURN count(DISTINCT c)",
			"named_middle", "MATCH (a:User {id: 0})-->(b)-->(c) RETURN count(DISTINCT c)",
			"var_length_2", "MATCH (a:User {id: 0})-[:LINKS*2]->(c) RETURN count(DISTINCT c)",
		)},
		{"var1to3_distinct", forms(
			"anonymous", "MATCH (a:User {id: 4242})-[*1..3]->(c) RETURN count(DISTINCT c)",
			"named_list", "MATCH (a:User {id: 4242})-[rs*1..3]->(c) RETURN count(DISTINCT c)",
			"named_path", "MATCH p = (a:User {id: 4242})-[*1..3]->(c) RETURN count(DISTINCT c)",
		)},
	}
	b.Run("facebook", func(b *testing.B) {
		db, err := Open("", nil)
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		loadEdgeList(b, db, filepath.Join(testenv.Dataset(b, "snap-ego-facebook"), "facebook_combined.txt"), true)
		runForms(b, db, facebook)
	})
	b.Run("slashdot", func(b *testing.B) { runForms(b, slashdotDB(b), slashdot) })
}

func forms(pairs ...string) []struct{ name, query string } {
	out := make([]struct{ name, query string }, 0, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, struct{ name, query string }{pairs[i], pairs[i+1]})
	}
	return out
}

func runForms(b *testing.B, db *DB, qs []formQuestion) {
	for _, q := range qs {
		want := fmt.Sprint(canonical(mustRun(b, db, q.forms[0].query, nil)))
		for _, f := range q.forms {
			b.Run(q.name+"/"+f.name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if got := fmt.Sprint(canonical(mustRun(b, db, f.query, nil))); got != want {
						b.Fatalf("%s: got %s, want %s (%s)", f.query, got, want, q.forms[0].query)
					}
				}
			})
		}
	}
}
