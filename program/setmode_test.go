package program

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"regexp"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

// randomGraphDB is a random graph of n Concept nodes with m directed REL
// relationships (hubs included: the ends are drawn from a skewed
// distribution, so paths repeat their end nodes many times).
func randomGraphDB(t *testing.T, seed int64, n, m int) *testDB {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	var b strings.Builder
	b.WriteString("UNWIND range(0, ")
	fmt.Fprintf(&b, "%d) AS i CREATE (:Concept {concept_id: 'c' + toString(i), id: i, k: i %% 7})", n-1)
	db := newTestDB(t, b.String())
	var pairs []string
	for i := 0; i < m; i++ {
		from, to := rng.Intn(n), rng.Intn(1+rng.Intn(n))
		pairs = append(pairs, fmt.Sprintf("[%d, %d]", from, to))
	}
	q := "UNWIND [" + strings.Join(pairs, ", ") + "] AS p MATCH (a:Concept {id: p[0]}), (b:Concept {id: p[1]}) CREATE (a)-[:REL]->(b)"
	if _, err := db.Query(context.Background(), q, nil); err != nil {
		t.Fatal(err)
	}
	return db
}

func cypherExplain(t *testing.T, db *testDB, q string) string {
	t.Helper()
	rs, err := db.Query(context.Background(), "EXPLAIN "+q, nil)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := rs.All()
	if err != nil || len(rows) != 1 {
		t.Fatalf("EXPLAIN %s: %v", q, err)
	}
	return string(rows[0][0].(value.String))
}

// setModeQueries are statements of different kinds (two hops, a
// variable-length path, an existence check, an IN list, a one-hop
// existence as a path, a path value) with the node variable they collect.
var setModeQueries = []struct{ query, v string }{
	{"MATCH (a {id: 3})-->()-->(c) RETURN DISTINCT c", "c"},
	{"MATCH (a {id: 3})-[*1..3]->(c) RETURN c", "c"},
	{"MATCH (a:Concept) WHERE EXISTS { (a)-->(:Concept {id: 5}) } RETURN DISTINCT a", "a"},
	{"MATCH (a)-->(b) WHERE a.id IN [1, 2, 3] RETURN DISTINCT b", "b"},
	{"MATCH (a)-->() RETURN a", "a"},
	{"MATCH (a)-->(b)-->(c) WHERE a.k = 2 RETURN c", "c"},
}

// anonymous matches the planner's names of anonymous nodes, which differ
// between two queries by how many names the query made before.
var anonymous = regexp.MustCompile(`_n[0-9]+`)

// resultOps are the operators that shape a plan's result rather than
// read the graph.
var resultOps = regexp.MustCompile(`^\+(Emit|Select|Project|Aggregate|WorkingApply|CollectGraph|Distinct)\b`)

// planTail is a plan's operators from the first one that reads the graph
// (the first that does not shape the result), without estimates: what
// the plan does below its result operators.
func planTail(plan string) []string {
	var out []string
	for _, line := range strings.Split(plan, "\n") {
		line = strings.TrimSpace(line)
		if i := strings.Index(line, " (est. rows"); i >= 0 {
			line = line[:i]
		}
		if len(out) == 0 && (!strings.HasPrefix(line, "+") || resultOps.MatchString(line)) {
			continue
		}
		if line != "" {
			out = append(out, anonymous.ReplaceAllString(line, "_n"))
		}
	}
	return out
}

// A program's statement collects a set of nodes: whatever its limit, it
// gets the plan of the Cypher query that counts the same distinct nodes
// (set at a time where that one is), and collects the same nodes.
func TestProgramStatementPlansLikeCountDistinct(t *testing.T) {
	for seed := int64(1); seed <= 3; seed++ {
		db := randomGraphDB(t, seed, 150+50*int(seed), 1200*int(seed))
		for _, c := range setModeQueries {
			count := c.query[:strings.LastIndex(c.query, " RETURN ")] + " RETURN count(DISTINCT " + c.v + ") AS n"
			want := planTail(cypherExplain(t, db, count))
			if len(want) == 0 {
				t.Fatalf("no plan for %s", count)
			}
			n := countOf(t, db, count)
			for _, limit := range []int{0, 5} {
				js := prog(cypherStmt("+", c.query))
				if limit > 0 {
					js = fmt.Sprintf(`{"version": 1, "statements": [{"op": "+", "operation": {"type": "cypher", "query": %q, "limit": %d}}]}`, c.query, limit)
				}
				text, err := db.Explain(mustProgram(t, js), nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				if got := planTail(text); strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("seed %d, %s, limit %d: the statement plans\n%s\nnot as %s\n%s", seed, c.query, limit, strings.Join(got, "\n"), count, strings.Join(want, "\n"))
				}
				if strings.Contains(text, "mode=row") && !strings.Contains(strings.Join(want, ""), "mode=row") {
					t.Errorf("seed %d, %s: a statement runs row by row:\n%s", seed, c.query, text)
				}
				r := runJSON(t, db, js, nil)
				wantN, truncated := n, false
				if limit > 0 && n > limit {
					wantN, truncated = limit, true
				}
				if len(r.Graph().Nodes) != wantN || r.Log[0].Truncated != truncated {
					t.Errorf("seed %d, %s, limit %d: %d nodes (truncated %v), want %d (%v)", seed, c.query, limit, len(r.Graph().Nodes), r.Log[0].Truncated, wantN, truncated)
				}
			}
		}
	}
}

func countOf(t *testing.T, db *testDB, q string) int {
	t.Helper()
	rs, err := db.Query(context.Background(), q, nil)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := rs.All()
	if err != nil || len(rows) != 1 {
		t.Fatalf("%s: %v", q, err)
	}
	return int(rows[0][0].(value.Int))
}

// The row limit counts result nodes, not the rows (paths) that bring
// them: a limit equal to the number of distinct nodes reached over many
// more paths collects them all without truncation; one less truncates,
// keeping only nodes of the answer. A statement returning paths counts
// the nodes of their links too.
func TestProgramLimitCountsNodes(t *testing.T) {
	db := randomGraphDB(t, 7, 120, 2000)
	const q = "MATCH (a {id: 0})-[*1..3]->(c) RETURN c"
	n := countOf(t, db, "MATCH (a {id: 0})-[*1..3]->(c) RETURN count(DISTINCT c) AS n")
	paths := countOf(t, db, "MATCH (a {id: 0})-[*1..3]->(c) RETURN count(*) AS n")
	if paths <= n || n < 3 {
		t.Fatalf("the graph does not repeat nodes over paths: %d paths, %d nodes", paths, n)
	}
	all := runJSON(t, db, prog(cypherStmt("+", q)), nil)
	in := map[string]bool{}
	for _, w := range all.Graph().Nodes {
		in[w.ConceptID] = true
	}
	for _, c := range []struct {
		limit     int
		truncated bool
	}{{n, false}, {n - 1, true}, {1, true}} {
		js := fmt.Sprintf(`{"version": 1, "statements": [{"op": "+", "operation": {"type": "cypher", "query": %q, "limit": %d}}]}`, q, c.limit)
		r := runJSON(t, db, js, nil)
		if len(r.Graph().Nodes) != c.limit || r.Log[0].Truncated != c.truncated {
			t.Errorf("limit %d of %d nodes (%d paths): %d nodes, truncated %v", c.limit, n, paths, len(r.Graph().Nodes), r.Log[0].Truncated)
		}
		for _, w := range r.Graph().Nodes {
			if !in[w.ConceptID] {
				t.Errorf("limit %d: node %s is not in the answer", c.limit, w.ConceptID)
			}
		}
	}
	// Paths: every node of the collected links counts.
	js := `{"version": 1, "statements": [{"op": "+", "operation": {"type": "cypher", "query": "MATCH p = (a {id: 0})-[*1..2]->(c) RETURN p", "limit": 4}}]}`
	r := runJSON(t, db, js, nil)
	if len(r.Graph().Nodes) > 4 || !r.Log[0].Truncated {
		t.Errorf("paths, limit 4: %d nodes, truncated %v", len(r.Graph().Nodes), r.Log[0].Truncated)
	}
	for _, l := range r.Graph().Links {
		if l.FromID == "" || l.ToID == "" {
			t.Errorf("link without its ends' keys: %+v", l)
		}
	}
}

// Statements change W's node set as bitmaps: no payload is read for a
// node until something reads it, and the nodes a later statement removes
// never have theirs read. The result, a condition on ontologies and
// $W_IDS read the payloads they need.
func TestProgramPayloadsLazy(t *testing.T) {
	db := programTestDB(t)
	p := mustProgram(t, prog(
		cypherStmt("+", "MATCH (n) RETURN n"),
		cypherStmt("+", "MATCH ()-[r:REL]->() RETURN r"),
		cypherStmt("&", "MATCH (n:Concept)-[:REL]-() RETURN n"),
	))
	o := (*Options)(nil).withDefaults()
	low, err := db.lower(p, o)
	if err != nil {
		t.Fatal(err)
	}
	reads := 0
	load := db.loader(o.KeyProperty)
	r := &run{rn: db.Runner, opts: o, params: map[string]any{}, w: NewWorkingGraph(), log: []LogEntry{}, prog: low}
	r.w.load = func(fill func(payloads)) {
		load(func(src payloads) { fill(countingSource{src, &reads}) })
	}
	if err := r.statements(context.Background(), low.plan.Steps); err != nil {
		t.Fatal(err)
	}
	if reads != 0 || len(r.w.data) != 0 || len(r.w.links) != 0 {
		t.Errorf("payloads read while the statements ran: %d reads, %d nodes, %d links", reads, len(r.w.data), len(r.w.links))
	}
	if got := ids(r.w.JSON()); got != "a,b,c,d" {
		t.Errorf("nodes = %s", got)
	}
	if got := links(r.w.JSON()); got != "a-REL-b,b-REL-c,c-REL-d" {
		t.Errorf("links = %s", got)
	}
	if reads != 4 {
		t.Errorf("%d node payloads read for a result of 4 nodes", reads)
	}
	if l := r.w.Links(); len(l) != 3 || l[0].Properties["w"] != int64(1) {
		t.Errorf("link payloads: %+v", l)
	}
	// A run reads none either: its result does, when asked for.
	res := runJSON(t, db, prog(cypherStmt("+", "MATCH (n:Concept) RETURN n")), nil)
	if len(res.W.data) != 0 || res.W.NodeCount() != 5 {
		t.Errorf("a run read %d payloads of %d nodes", len(res.W.data), res.W.NodeCount())
	}
	b, err := json.Marshal(res)
	if err != nil || !strings.Contains(string(b), `"result":{"nodes":[{"concept_id":"a","label":"Alpha"`) || !strings.Contains(string(b), `"log":[`) {
		t.Errorf("JSON: %s %v", b, err)
	}
	// A condition on ontologies and $W_IDS read payloads themselves.
	res = runJSON(t, db, prog(
		cypherStmt("+", "MATCH (n) RETURN n"),
		cypherStmt("&", "MATCH (n:Concept {ontology: 'o2'}) RETURN n"),
		`{"op": "+", "operation": {"type": "conditional", "condition": {"test": "has_ontology", "ontology": "o2"},
		  "then": [`+cypherStmt("+", "MATCH (n)-[:REL]->(m) WHERE n.concept_id IN $W_IDS RETURN m")+`]}}`,
	), nil)
	if res.Aborted != nil || ids(res.Graph()) != "c,d" || res.Log[2].BranchTaken != "then" {
		t.Errorf("%+v %s %+v", res.Aborted, ids(res.Graph()), res.Log)
	}
}

type countingSource struct {
	payloads
	n *int
}

func (c countingSource) node(id uint32) *WNode {
	*c.n++
	return c.payloads.node(id)
}
