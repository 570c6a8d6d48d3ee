package program

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/value"
)

// setStatements are statement shapes a program restricts W with: one
// MATCH returning a node variable (seeded by W when the planner finds
// that cheaper), existence of a neighbour (a degree test), a labelled or
// property-tested neighbour, two hops, a variable-length path, a
// property test. %d takes a small random number.
var setStatements = []struct{ query, v string }{
	{"MATCH (a)-->() RETURN a", "a"},
	{"MATCH (a)<--() RETURN a", "a"},
	{"MATCH (a)--() RETURN a", "a"},
	{"MATCH (a)-[:REL]->(:Concept) RETURN a", "a"},
	{"MATCH (a)-->(b {k: %d}) RETURN a", "a"},
	{"MATCH (a {k: %d})-->()-->(c) RETURN DISTINCT c", "c"},
	{"MATCH (a)-[*1..2]->(c {id: %d}) RETURN a", "a"},
	{"MATCH (a:Concept) WHERE a.id %% 5 = %d RETURN a", "a"},
	{"MATCH (a)-->(a) RETURN a", "a"},
	{"MATCH (a) WHERE NOT EXISTS { (a)-->() } RETURN a", "a"},
}

// statementSet is the set of node keys a statement's query returns,
// computed row by row by the Cypher query itself.
func statementSet(t *testing.T, db *testDB, query, v string) map[string]bool {
	t.Helper()
	i := strings.LastIndex(query, " RETURN ")
	q := query[:i] + " RETURN " + v + ".concept_id AS id"
	rs, err := db.Query(context.Background(), q, nil)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	rows, err := rs.All()
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	out := map[string]bool{}
	for _, r := range rows {
		out[string(r[0].(value.String))] = true
	}
	return out
}

func keysOf(m map[string]bool) string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

// Random programs of '+', '&' and '-' statements on random graphs give the
// set expression of their queries' results, each computed row by row by
// Cypher: whatever plan a statement gets (seeded by W, a degree test
// instead of an expansion, the DISTINCT dropped), W is the same. A limit
// at least the statement's result leaves it whole; a smaller one on a
// '+' collects that many of its nodes.
func TestProgramSetAlgebraRandom(t *testing.T) {
	for seed := int64(1); seed <= 4; seed++ {
		rng := rand.New(rand.NewSource(seed))
		n := 60 + rng.Intn(120)
		db := randomGraphDB(t, seed, n, n*(1+rng.Intn(6)))
		for trial := 0; trial < 12; trial++ {
			base := fmt.Sprintf("MATCH (a:Concept) WHERE a.k <= %d RETURN a", 2+rng.Intn(5))
			want := statementSet(t, db, base, "a")
			stmts := []map[string]any{{"op": "+", "operation": map[string]any{"type": "cypher", "query": base}}}
			var steps []string
			for k := 0; k < 1+rng.Intn(4); k++ {
				s := setStatements[rng.Intn(len(setStatements))]
				q := s.query
				if strings.Contains(q, "%d") {
					q = fmt.Sprintf(q, rng.Intn(7))
				}
				op := []string{"+", "&", "-"}[rng.Intn(3)]
				r := statementSet(t, db, q, s.v)
				operation := map[string]any{"type": "cypher", "query": q}
				if rng.Intn(3) == 0 {
					operation["limit"] = len(r) + 1 + rng.Intn(3) // never truncates
				}
				stmts = append(stmts, map[string]any{"op": op, "operation": operation})
				steps = append(steps, op+" "+q)
				switch op {
				case "+":
					for x := range r {
						want[x] = true
					}
				case "&":
					for x := range want {
						if !r[x] {
							delete(want, x)
						}
					}
				case "-":
					for x := range r {
						delete(want, x)
					}
				}
			}
			js, err := json.Marshal(map[string]any{"version": 1, "statements": stmts})
			if err != nil {
				t.Fatal(err)
			}
			// Twice: the second run reuses the prepared program and its
			// plans.
			for run := 0; run < 2; run++ {
				res := runJSON(t, db, string(js), nil)
				got := map[string]bool{}
				for _, w := range res.Graph().Nodes {
					got[w.ConceptID] = true
				}
				if keysOf(got) != keysOf(want) {
					t.Fatalf("seed %d, trial %d, run %d: %s then\n%s\ngives %d nodes, want %d\ngot  %s\nwant %s",
						seed, trial, run, base, strings.Join(steps, "\n"), len(got), len(want), keysOf(got), keysOf(want))
				}
				for _, e := range res.Log {
					if e.Truncated {
						t.Fatalf("seed %d, trial %d: statement %s truncated", seed, trial, e.Statement)
					}
				}
			}
		}
	}
}

// A '+' statement whose limit is below its result collects exactly that
// many of its nodes, all of them from the result.
func TestProgramSetAlgebraLimitRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	db := randomGraphDB(t, 9, 150, 600)
	for trial := 0; trial < 20; trial++ {
		s := setStatements[rng.Intn(len(setStatements))]
		q := s.query
		if strings.Contains(q, "%d") {
			q = fmt.Sprintf(q, rng.Intn(7))
		}
		r := statementSet(t, db, q, s.v)
		if len(r) < 2 {
			continue
		}
		limit := 1 + rng.Intn(len(r)-1)
		js := fmt.Sprintf(`{"version": 1, "statements": [{"op": "+", "operation": {"type": "cypher", "query": %q, "limit": %d}}]}`, q, limit)
		res := runJSON(t, db, js, nil)
		nodes := res.Graph().Nodes
		if len(nodes) != limit || !res.Log[0].Truncated {
			t.Fatalf("%s limit %d: %d nodes (truncated %v), want %d of %d", q, limit, len(nodes), res.Log[0].Truncated, limit, len(r))
		}
		for _, w := range nodes {
			if !r[w.ConceptID] {
				t.Fatalf("%s limit %d: %s is not in the result", q, limit, w.ConceptID)
			}
		}
	}
}

// A statement that only restricts W starts from W's nodes when W is
// smaller than its own start, and from its own start when W is larger;
// '+' and a statement with a limit of its own never take W's nodes.
func TestProgramStatementSeededByW(t *testing.T) {
	db := randomGraphDB(t, 3, 400, 1600)
	g, err := db.Engine.Graph()
	if err != nil {
		t.Fatal(err)
	}
	snap := g.Snapshot()
	defer snap.Close()
	const seeded = "the nodes of W"
	for _, c := range []struct {
		query string
		op    byte
		seed  int
		want  bool
	}{
		{"MATCH (a)-->() RETURN a", '-', 4, true},
		{"MATCH (a)-->() RETURN a", '&', 4, true},
		{"MATCH (a)<-[:REL]-(:Concept) RETURN a", '-', 8, true},
		{"MATCH (a)-->() RETURN a", '-', 1 << 20, false},
		{"MATCH (a)-->() RETURN a", '+', 4, false},
		{"MATCH (a)-->() RETURN a ORDER BY a.id LIMIT 3", '-', 4, false},
		{"MATCH (a)-->(b) RETURN b", '&', 4, true},
		{"MATCH (a {id: 1})-->(b) RETURN b", '&', 64, false},
	} {
		stmt := planner.Statement{Op: c.op, Limit: 10000, Param: wIDsParam, KeyProperty: DefaultKeyProperty, Seed: c.seed}
		comp, _, err := db.compileProgramStatement(c.query, snap, &stmt)
		if err != nil {
			t.Fatal(err)
		}
		plan := comp.Plan.Explain()
		if strings.Contains(plan, seeded) != c.want {
			t.Errorf("%c %s with |W| %d: seeded %v, want %v:\n%s", c.op, c.query, c.seed, !c.want, c.want, plan)
		}
	}
}

// A statement whose set-at-a-time operator produces the collected
// variable's nodes hands the whole set to R (CollectSet) instead of a row
// per node; one that produces rows collects them one by one.
func TestProgramStatementCollectsSets(t *testing.T) {
	db := randomGraphDB(t, 5, 200, 800)
	g, err := db.Engine.Graph()
	if err != nil {
		t.Fatal(err)
	}
	snap := g.Snapshot()
	defer snap.Close()
	for _, c := range []struct {
		query string
		set   bool
	}{
		{"MATCH (a:Concept) RETURN a", true},
		{"MATCH (a {id: 3})-[*1..3]->(c) RETURN c", true},
		{"MATCH (a {id: 3})-->()-->(c) RETURN DISTINCT c", true},
		{"MATCH (a)-[r]->(b) RETURN r", false},
	} {
		for _, limit := range []int{0, 5} {
			stmt := planner.Statement{Op: '+', Limit: limit, Param: wIDsParam, KeyProperty: DefaultKeyProperty}
			comp, _, err := db.compileProgramStatement(c.query, snap, &stmt)
			if err != nil {
				t.Fatal(err)
			}
			code := comp.Program.Disassemble()
			if strings.Contains(code, "CollectSet") != c.set {
				t.Errorf("%s (limit %d): collects a set %v, want %v:\n%s", c.query, limit, !c.set, c.set, code)
			}
		}
	}
}
