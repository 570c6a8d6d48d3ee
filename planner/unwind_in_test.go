package planner

import (
	"strings"
	"testing"

	"github.com/cyqdb/cyq/parser"
)

// TestUnwindAsInIsCosted: reading an UNWIND as an IN test is a choice
// point of the plan, not a rule that always fires: Compile builds the
// plan of each alternative (the IN test, the UNWIND kept and planned
// per element) and keeps the IN test only when it is not costlier by
// orderChoiceGain; an UNWIND the rule does not apply to (its variable
// returned as compared with a value it may be equal to but not identical
// with, duplicates counted) records no such point.
func TestUnwindAsInIsCosted(t *testing.T) {
	for _, c := range []struct {
		q     string
		point bool
	}{
		{"UNWIND [7, 8] AS k MATCH (u:User {id: k})-->()-->(x) RETURN count(DISTINCT x) AS n", true},
		{"UNWIND [7] AS k MATCH (u:User {id: k})-->()-->(x) RETURN count(DISTINCT x) AS n", true},
		{"UNWIND range(1, 3) AS k MATCH (a:User)-->(b) WHERE a.id = k RETURN count(*) AS n", true},
		{"MATCH (a:User)-->(x) UNWIND $l AS k MATCH (a) WHERE a.id = k RETURN count(DISTINCT x) AS n", true},
		{"MATCH (p:User)-[r]->(m) UNWIND r.roles AS role WITH p, r, m, role WHERE role = 'Neo' WITH DISTINCT p, r, m RETURN p.id", true},
		{"UNWIND $l AS k MATCH (u:User {id: k}) RETURN count(*) AS n", false},
		{"UNWIND [1, 1.0] AS k MATCH (u:User {id: k}) RETURN u.id AS id", false},
		{"UNWIND [1, 2] AS k MATCH (u:User {id: k}) RETURN k AS k", false},
		{"UNWIND [1, 2] AS k MATCH (u:User) WHERE u.id = k OR u.id = 3 RETURN count(*) AS n", false},
		{"UNWIND [1, 2] AS k MATCH (u:User) WHERE u.id < k RETURN count(*) AS n", false},
	} {
		st, err := parser.Parse(c.q)
		if err != nil {
			t.Fatal(err)
		}
		opts := Options{Stats: hubStats{}}
		_, ch, err := compileOnce(st, c.q, opts, map[string]int{})
		if err != nil {
			t.Fatalf("%s: %v", c.q, err)
		}
		var key string
		for _, p := range ch.points {
			if strings.HasPrefix(p.key, "unwind-in ") {
				key = p.key
			}
		}
		if (key != "") != c.point {
			t.Errorf("%s: a choice of reading the UNWIND as IN: %v, want %v", c.q, key != "", c.point)
			continue
		}
		if key == "" {
			continue
		}
		asIn, _, err := compileOnce(st, c.q, opts, map[string]int{key: 1})
		if err != nil {
			t.Fatal(err)
		}
		kept, _, err := compileOnce(st, c.q, opts, map[string]int{key: 0})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(asIn.Plan.Explain(), "Unwind") || !strings.Contains(kept.Plan.Explain(), "Unwind") {
			t.Errorf("%s: the alternatives are not the IN test and the UNWIND:\n%s\n%s", c.q, asIn.Plan.Explain(), kept.Plan.Explain())
		}
		t.Logf("%s: IN %.4g, UNWIND %.4g", c.q, asIn.Cost, kept.Cost)
		best, err := Compile(st, c.q, opts)
		if err != nil {
			t.Fatal(err)
		}
		if best.Cost > min(asIn.Cost, kept.Cost)*orderChoiceGain {
			t.Errorf("%s: chose a plan of cost %.4g, the IN test costs %.4g, the UNWIND %.4g", c.q, best.Cost, asIn.Cost, kept.Cost)
		}
	}
}
