package metamorphic

import (
	"flag"
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/internal/testenv"
)

var (
	rowModeQuestions = flag.String("metamorphic.rowmode", "-h24-", "regular expression: TestWrittenRowMode compares the written questions whose name matches")
	rowModeTimeout   = flag.Duration("metamorphic.rowmodetimeout", 5*time.Second, "time limit of one form's run in TestWrittenRowMode; a form past it in any mode is reported and not compared")
)

// TestWrittenRowMode runs every Cypher form of the written questions
// that -metamorphic.rowmode names (the latest held-out round by default)
// planned, planned from each pattern's last node (StartLast) and in row
// mode, on the datasets of its schema (three seeded random graphs and,
// when the shared datasets are present, ego-Facebook, movies, LDBC mini,
// Stack Overflow, Northwind and WN18RR, each loaded once per mode), and
// checks that the planned runs return row mode's rows or error. TestForms
// compares forms with each other on the planned store; this compares each
// form with the row-at-a-time plan of itself, so a rewrite that changes
// every form's answer the same way shows here. Programs are left out
// (row mode plans their statements the same way).
func TestWrittenRowMode(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every dataset three times")
	}
	match, err := regexp.Compile(*rowModeQuestions)
	if err != nil {
		t.Fatal(err)
	}
	var qs []Question
	for _, q := range Questions() {
		if len(q.Query.Written) > 0 && match.MatchString(q.Name) {
			qs = append(qs, q)
		}
	}
	if len(qs) == 0 {
		t.Skipf("no written question matches %q", *rowModeQuestions)
	}
	modes := []struct {
		name string
		opts *cyq.Options
	}{{"planned", nil}, {"last", &cyq.Options{StartLast: true}}, {"row-mode", &cyq.Options{RowModeOnly: true}}}
	// sets[i][m] is dataset i loaded for mode m.
	var sets [][]*dataset
	for i := 0; i < 3; i++ {
		create, params := randomGraph(int64(1000+i), 20+10*i, 50+40*i)
		var per []*dataset
		for _, m := range modes {
			db := openStore(t, "", m.opts)
			mustExec(t, db, create)
			per = append(per, &dataset{name: randomDatasetName(i), schema: Generic, params: params, db: db})
		}
		sets = append(sets, per)
	}
	if _, ok := testenv.Shared(); ok {
		loads := []func(opts *cyq.Options) *dataset{
			func(opts *cyq.Options) *dataset {
				return facebook(t, "", opts, map[string]string{"hub": "107", "other": "1684", "l1": "0", "l2": "3437", "l3": "99999"})
			},
			func(opts *cyq.Options) *dataset {
				return &dataset{name: "neo4j-movies", schema: Movies, params: moviesParams, db: loadRegistered(t, "movies", "", opts)}
			},
			func(opts *cyq.Options) *dataset { return ldbc(t, "", opts) },
			func(opts *cyq.Options) *dataset { return stackOverflow(t, "", opts) },
			func(opts *cyq.Options) *dataset { return northwind(t, "", opts) },
			func(opts *cyq.Options) *dataset { return wordnet(t, "", opts) },
		}
		for _, load := range loads {
			var per []*dataset
			for _, m := range modes {
				per = append(per, load(m.opts))
			}
			sets = append(sets, per)
		}
	} else {
		t.Log("shared datasets absent: random graphs only")
	}
	compared, skipped, failed := 0, 0, 0
	for _, q := range qs {
		for _, per := range sets {
			if per[0].schema != q.Schema {
				continue
			}
			ordered := q.Query.Ordered()
			for _, text := range q.Query.Written {
				if isProgram(text) {
					continue
				}
				bound := Bind(text, per[0].params)
				want, timedOut := timedRun(per[2].db, bound, ordered, *rowModeTimeout)
				if timedOut {
					skipped++
					continue
				}
				for m := 0; m < 2; m++ {
					got, timedOut := timedRun(per[m].db, bound, ordered, *rowModeTimeout)
					if timedOut {
						skipped++
						continue
					}
					compared++
					if !sameAnswer(got, want) {
						failed++
						t.Errorf("%s on %s, %s against row mode:\n  %s\n  got  %v\n  want %v", q.Name, per[m].name, modes[m].name, bound, got, want)
					}
				}
			}
		}
	}
	t.Logf("%d questions, %d comparisons with row mode, %d differ, %d not compared (past %s)", len(qs), compared, failed, skipped, *rowModeTimeout)
}

func randomDatasetName(i int) string { return fmt.Sprintf("random-%d", 1000+i) }

// sameAnswer reports whether two runs of one query agree: the same rows
// (floats up to the order of a sum, see result.equal), or both an error
// of the same message.
func sameAnswer(a, b result) bool {
	if a.err != nil || b.err != nil {
		return a.err != nil && b.err != nil && a.err.Error() == b.err.Error()
	}
	return a.equal(b)
}
