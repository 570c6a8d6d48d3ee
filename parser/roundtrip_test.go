package parser

import (
	"testing"

	"github.com/cyqdb/cyq/parser/ast"
)

// roundTrip parses src, prints it and parses the output again; it returns
// the printed text and the first difference ("" when the trees agree).
func roundTrip(st *ast.Statement) (string, string, error) {
	out := ast.Format(st)
	st2, err := Parse(out, WithCacheSize(-1))
	if err != nil {
		return out, "", err
	}
	return out, diffIgnoringSpans(st, st2), nil
}

// TestTCKRoundTrip checks that printing every TCK query that parses gives
// text that parses to the same AST.
func TestTCKRoundTrip(t *testing.T) {
	n := 0
	for _, q := range tckQueries(t) {
		st, err := Parse(q.Text)
		if err != nil {
			continue
		}
		n++
		out, diff, err := roundTrip(st)
		if err != nil {
			t.Errorf("%s: %s: printed query does not parse: %v\n%s\n--> %s", q.File, q.Scenario, err, q.Text, out)
			continue
		}
		if diff != "" {
			t.Errorf("%s: %s: round trip differs at %s\n%s\n--> %s", q.File, q.Scenario, diff, q.Text, out)
		}
	}
	t.Logf("round-tripped %d TCK queries", n)
}

// cypher5Forms are queries in the Cypher 5 / GQL forms: quantified
// relationships and path patterns, path selectors and modes, type
// predicates.
var cypher5Forms = []string{
	"MATCH (a)-[:R]->+(b) RETURN b",
	"MATCH (a)-[r:R]->*(b) RETURN r",
	"MATCH (a)-->{2}(b) RETURN b",
	"MATCH (a)<-[:R WHERE r.w > 1]-{1,3}(b) RETURN b",
	"MATCH (a)-[:R]-{,4}(b) RETURN b",
	"MATCH (a)-[:R]-{2,}(b) RETURN b",
	"MATCH (a) ((x)-[:NEXT]->(y)){1,3} (b) RETURN x, y",
	"MATCH (a) ((x:S WHERE x.v > 1)-[r:NEXT]->(y) WHERE x.v < y.v)+ (b) RETURN a, b",
	"MATCH ((x)-[:NEXT]->(y))* RETURN x",
	"MATCH (a) ((x)-->(y))+ ((u)<--(v)){2} (b) RETURN b",
	"MATCH ((x)-->(y))+ -->(c) RETURN c",
	"MATCH p = SHORTEST 1 (a)-->+(b) RETURN p",
	"MATCH p = SHORTEST 2 GROUPS (a)-[:R]-{1,5}(b) RETURN p",
	"MATCH p = ALL SHORTEST (a)-->*(b) RETURN p",
	"MATCH p = ANY SHORTEST TRAIL PATH (a)-->+(b) RETURN p",
	"MATCH p = ANY 3 PATHS (a)-->+(b) RETURN p",
	"MATCH ANY (a)-->+(b) RETURN b",
	"MATCH ALL WALK (a)-->{1,2}(b) RETURN b",
	"MATCH p = ACYCLIC (a)-->+(b) RETURN p",
	"MATCH (shortest)-[walk]->(trail) RETURN shortest, walk, trail",
	"RETURN 1 IS :: INTEGER, 1 IS NOT :: STRING, 1 :: INTEGER NOT NULL",
	"RETURN [1] IS TYPED LIST<INTEGER NOT NULL>, x IS NOT TYPED ANY<INTEGER | FLOAT>",
	"RETURN x :: TIMESTAMP WITH TIME ZONE, x :: TIME WITHOUT TIME ZONE, x :: INT LIST, x :: BOOL!",
	"RETURN x IS :: NULL, x IS :: NOTHING, x IS :: ANY, x IS :: ANY NODE, x IS :: PROPERTY VALUE",
	"MATCH (n) WHERE n.x :: INTEGER WITH n RETURN CASE WHEN n.x IS :: STRING THEN 1 END",
	"MATCH (n:$($label))-[r:$any(['A', 'B'])]->(m:$all($ls)&!X) SET n:$(m.kind):Y REMOVE m:$('Z') RETURN n:$(1)",
	"MATCH (n:A|%)-[:!R&!S]->(m) WHERE m:$any(['Q']) RETURN n",
	"CREATE (n:A:$('B') {x: 1}) RETURN n",
	"MATCH (n) LET a = n.x, b = a + 1 FILTER WHERE b > 2 FILTER a < 9 SET n.y = b FINISH",
	"WITH 1 AS asc, 2 AS desc RETURN asc, desc ORDER BY asc DESC, desc ASC",
	"MATCH (n) RETURN n.x AS x ORDER BY x OFFSET 1 LIMIT 2",
	"SHOW INDEXES",
	"WHEN $x > 1 THEN RETURN 'big' AS r WHEN $x > 0 THEN RETURN 'small' AS r ELSE RETURN 'none' AS r",
	"WHEN true THEN MATCH (n) RETURN n",
	"SHOW RANGE INDEXES YIELD name, type AS t WHERE t = 'RANGE' RETURN name",
	"SHOW ALL CONSTRAINTS YIELD *",
	"SHOW PROCEDURES YIELD name WHERE name STARTS WITH 'db.' RETURN name ORDER BY name",
	"SHOW BUILT IN FUNCTIONS YIELD name, category",
}

// TestCypher5RoundTrip checks that the Cypher 5 forms parse, print and
// parse again to the same AST.
func TestCypher5RoundTrip(t *testing.T) {
	for _, q := range cypher5Forms {
		st, err := Parse(q, WithCacheSize(-1))
		if err != nil {
			t.Errorf("%s: %v", q, err)
			continue
		}
		out, diff, err := roundTrip(st)
		if err != nil || diff != "" {
			t.Errorf("%s\n--> %s\nerr %v diff %s", q, out, err, diff)
		}
	}
}
