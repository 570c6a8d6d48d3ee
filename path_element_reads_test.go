package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// pathElementPatterns are named paths whose shape fixes some positions
// of their node and relationship lists ({P} is the path's pattern): hops,
// variable-length and quantified relationships of one length (written as
// hops, planner/fixed_path_hops.go), undirected and reversed ones, a
// fixed length beside a range (positions past the range read from the
// end), and near misses (a relationship list variable, a range).
var pathElementPatterns = []string{
	"(a:A)-->()-->(b)", "(a)-[*2]->(b)", "(a:A)-[:T*2..2]-(b)", "(a)<-[:T|U*2]-(b:B)",
	"(a:A)-[:T]->{2}(b)", "(a)-[*1]->(b)", "(a:A)-[*3]->(b)", "(a)-[:T]-(m)<-[:U]-(b)",
	"(a:A)-[*2]->(m)-[:U]->(b)", "(a)-[*1..2]->(m)-[:T*2]-(b)", "(a:B)<-[:T*2 {k: 1}]-(b)",
	"(a:A)-[rs*2]->(b)", "(a)-[*1..3]->(b)", "(a:A)-[:T]->{1,2}(b)",
	// the first node an A (whose id is a multiple of 3), the second a B
	"(a:A)-[:T]->(:B)-->(b)", "(a:A)-[*1]->(:B)<-[:T]-(b)",
}

// pathElementReads read the path's elements ({P} the pattern): by
// position from either end, head() and last(), the ends of its
// relationships, the mapped list read through a WITH by position, the
// first element passing a test, and reads whose values may fail (a
// division by zero on some nodes: dropping such an element's evaluation
// would lose its error), a local variable of the path list's name, and
// the whole path.
var pathElementReads = []string{
	"MATCH p = {P} RETURN nodes(p)[1].id AS x, count(*) AS n",
	"MATCH p = {P} WHERE nodes(p)[-2].id > nodes(p)[-1].id RETURN count(p) AS n",
	"MATCH p = {P} RETURN endNode(relationships(p)[0]).id AS x, startNode(last(relationships(p))).id AS y, count(*) AS n",
	"MATCH p = {P} WHERE endNode(head(relationships(p))).id > endNode(last(relationships(p))).id RETURN count(*) AS n",
	"MATCH p = {P} WITH [n IN nodes(p) | n.id] AS ids WHERE ids[1] > ids[-1] RETURN count(*) AS n",
	"MATCH p = {P} WITH a, [n IN nodes(p) | n.id] AS ids WHERE ids[0] < ids[2] RETURN a.id AS a, count(*) AS n",
	"MATCH p = {P} RETURN [x IN nodes(p) WHERE x:B][0].id AS x, count(*) AS n",
	"MATCH p = {P} RETURN head([x IN nodes(p) WHERE x.id % 2 = 0 | x.id]) AS x, count(*) AS n",
	"MATCH p = {P} RETURN [x IN nodes(p) | x.id][-1] AS x, [x IN nodes(p) | x.id][7] AS y, count(*) AS n",
	"MATCH p = {P} RETURN [x IN nodes(p) | 12 / (x.id % 3)][1] AS x, count(*) AS n",
	"MATCH p = {P} WITH [x IN nodes(p) | 12 / (x.id % 3)] AS ids WHERE ids[1] > 2 RETURN count(*) AS n",
	"MATCH p = {P} RETURN [x IN nodes(p) WHERE 12 / (x.id % 3) > 4][0].id AS x, count(*) AS n",
	"MATCH p = {P} RETURN [x IN nodes(p) | [x IN [x.id, 1] | x + 1]][1] AS x, count(*) AS n",
	"MATCH p = {P} RETURN [r IN relationships(p) | type(r)] AS ts, nodes(p)[1] = startNode(relationships(p)[1]) AS s, count(*) AS n",
	"MATCH p = {P} RETURN length(p) AS l, size(nodes(p)) AS s, count(*) AS n",
	"MATCH p = {P} WITH p, b.id AS a RETURN a, endNode(relationships(p)[0]).id AS x, count(*) AS n",
	"MATCH p = {P} RETURN p",
	"MATCH (x:A) OPTIONAL MATCH p = {P} WHERE a = x RETURN x.id AS x, nodes(p)[1].id AS y, endNode(last(relationships(p))).id AS z",
}

// TestPathElementReadsMatchRowMode runs the reads of paths' elements
// (pathFunctions and fixedHops, relEnds, listLiteralReads and
// foldProjectedLists in planner/) planned, indexed and started from the
// last node against row mode on random graphs with self-loops and
// parallel relationships, errors included.
//
// Breaks (each guard removed in turn; 1,944 runs, the count that then
// differ from row mode): relEnds reading the ends of an undirected hop
// 45; the other elements of a list literal read by position without the
// check that they cannot fail 12; the first passing element as a CASE
// without the check that its test cannot fail 6; a relationship list
// variable written as hops 84 (its list is no longer bound). Breaking the
// substitution's refusal of nested scopes fails 0 runs (the nested
// comprehension generated rebinds the variable, which renameExpr
// follows), as does the stop at a projection that binds an end's name to
// another value (no generated query rebinds one before a Select); both
// are kept as the cheap side of doubt. The endJoin exception of relEnds
// keeps the cost invariance TestRelationshipJoinsAgree checks, and
// positionReads the least-length searches TestLeastTrailsMatchRowMode
// checks; neither changes answers.
func TestPathElementReadsMatchRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(26, 11))
	runs, failed := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		dbs := rowModeGraphs(t, seed, 14+3*int(seed), 30+12*int(seed), plannedIdxLastRowMode, "MATCH ()-[r]->() WHERE id(r) % 3 = 0 SET r.k = 1")
		for _, read := range pathElementReads {
			for range 12 {
				pat := pathElementPatterns[r.IntN(len(pathElementPatterns))]
				q := strings.ReplaceAll(read, "{P}", pat)
				againstRowMode(t, dbs, []string{"planned", "planned-idx", "last"}, fmt.Sprintf("seed %d", seed), q, nil, &runs, &failed)
			}
		}
	}
	t.Logf("%d runs; %d differ from row mode", runs, failed)
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
}
