package metamorphic

import (
	"testing"

	"github.com/cyqdb/cyq/internal/testenv"
)

// stageVariants returns q with its stage in every style and wrap that
// stageStyle allows, each combination once (the closure of the rule over
// the stage alone).
func stageVariants(q *Query) []*Query {
	seen := map[string]bool{q.String(): true}
	out := []*Query{q}
	for i := 0; i < len(out); i++ {
		for _, c := range stageStyle(out[i]) {
			if t := c.String(); !seen[t] {
				seen[t] = true
				out = append(out, c)
			}
		}
	}
	return out
}

// TestStageStyles runs every style and wrap of every question's stage
// (which the form budget of TestForms samples) on the random graphs and
// the datasets of its schema and checks each returns the seed's rows.
func TestStageStyles(t *testing.T) {
	sets := randomDatasets(t, 6)
	if _, ok := testenv.Shared(); ok {
		sets = append(sets, facebook(t, "", nil, map[string]string{"hub": "31", "other": "41", "l1": "107", "l2": "1684", "l3": "99999"}))
		sets = append(sets, movies(t), ldbc(t, "", nil), stackOverflow(t, "", nil))
	}
	n := 0
	for _, q := range Questions() {
		if q.Query.Stage == nil {
			continue
		}
		vs := stageVariants(q.Query)
		if len(vs) < 2*stageWraps {
			t.Errorf("%s: %d stage variants, want at least %d", q.Name, len(vs), 2*stageWraps)
		}
		for _, ds := range sets {
			if ds.schema != q.Schema {
				continue
			}
			ordered := q.Query.Ordered()
			want, _ := timedRun(ds.db, Bind(vs[0].String(), ds.params), ordered, seedTimeout)
			if want.err != nil {
				t.Fatalf("%s on %s: seed fails: %v", q.Name, ds.name, want.err)
			}
			for _, v := range vs[1:] {
				n++
				got, _ := timedRun(ds.db, Bind(v.String(), ds.params), ordered, seedTimeout)
				if !got.equal(want) {
					t.Errorf("%s on %s:\n  seed: %s\n        %v\n  form: %s\n        %v", q.Name, ds.name, vs[0], want, v, got)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no stage question ran")
	}
}

// TestEveryStyleNeighbour runs every one-rule neighbour that the styles
// rules write (predicate styles, including the anti-join and list
// predicates; the length conditions of a variable-length relationship;
// the stage's styles; the UNION ALL of two directions) of every
// question on the random graphs, where
// TestForms samples at most -metamorphic.forms forms per question.
func TestEveryStyleNeighbour(t *testing.T) {
	sets := randomDatasets(t, 4)
	rules := map[string]func(*Query) []*Query{"predicate-style": predicateStyle, "varlength-by-length": varLengthByLength, "stage-style": stageStyle, "union-directions": unionDirections}
	n := 0
	for _, q := range Questions() {
		if q.Schema != Generic {
			continue
		}
		for _, ds := range sets {
			ordered := q.Query.Ordered()
			seed := q.Query.String()
			want, _ := timedRun(ds.db, Bind(seed, ds.params), ordered, seedTimeout)
			if want.err != nil {
				t.Fatalf("%s on %s: seed fails: %v", q.Name, ds.name, want.err)
			}
			for name, rule := range rules {
				for _, c := range rule(q.Query) {
					n++
					got, _ := timedRun(ds.db, Bind(c.String(), ds.params), ordered, seedTimeout)
					if !got.equal(want) {
						t.Errorf("%s on %s (%s):\n  seed: %s\n        %v\n  form: %s\n        %v", q.Name, ds.name, name, seed, want, c, got)
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no neighbour ran")
	}
}
