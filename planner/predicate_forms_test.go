package planner

import (
	"testing"

	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/parser/ast"
)

// equivalentForms are groups of queries that ask the same question with
// their predicates spelled differently; each group must plan identically.
var equivalentForms = [][]string{
	{ // equality on an indexed property: inline map, WHERE either way round, IN one, any(), label in WHERE
		"MATCH (u:User {id: 0})-->()-->(c) RETURN count(DISTINCT c)",
		"MATCH (u:User)-->()-->(c) WHERE u.id = 0 RETURN count(DISTINCT c)",
		"MATCH (u:User)-->()-->(c) WHERE 0 = u.id RETURN count(DISTINCT c)",
		"MATCH (u:User)-->()-->(c) WHERE u.id IN [0] RETURN count(DISTINCT c)",
		"MATCH (u:User)-->()-->(c) WHERE any(i IN [0] WHERE u.id = i) RETURN count(DISTINCT c)",
		"MATCH (u)-->()-->(c) WHERE u:User AND u.id = 0 RETURN count(DISTINCT c)",
		"MATCH (u)-->()-->(c) WHERE u.id = 0 AND u:User RETURN count(DISTINCT c)",
	},
	{ // equality on an unindexed property: the filter follows the scan
		"MATCH (p:Person {age: 30})-[:KNOWS]->(f) RETURN f.name",
		"MATCH (p:Person)-[:KNOWS]->(f) WHERE p.age = 30 RETURN f.name",
		"MATCH (p:Person)-[:KNOWS]->(f) WHERE 30 = p.age RETURN f.name",
		"MATCH (p)-[:KNOWS]->(f) WHERE p:Person AND p.age IN [30] RETURN f.name",
	},
	{ // a parameter
		"MATCH (u:User {id: $x})-->(c) RETURN c",
		"MATCH (u:User)-->(c) WHERE u.id = $x RETURN c",
		"MATCH (u:User)-->(c) WHERE $x = u.id RETURN c",
	},
	{ // membership: IN, any() either way round, OR chains
		"MATCH (u:User) WHERE u.id IN [1, 2, 3] RETURN u",
		"MATCH (u:User) WHERE any(i IN [1, 2, 3] WHERE u.id = i) RETURN u",
		"MATCH (u:User) WHERE any(i IN [1, 2, 3] WHERE i = u.id) RETURN u",
		"MATCH (u:User) WHERE u.id = 1 OR u.id = 2 OR u.id = 3 RETURN u",
		"MATCH (u:User) WHERE u.id = 1 OR 2 = u.id OR u.id IN [3] RETURN u",
		"MATCH (u:User) WHERE u.id = 1 OR u.id IN [2, 3] RETURN u",
		"MATCH (u:User) WHERE single(i IN [1, 2, 3] WHERE u.id = i) RETURN u",
		"MATCH (u:User) WHERE NOT none(i IN [1, 2, 3] WHERE u.id = i) RETURN u",
		"MATCH (u:User) WHERE NOT all(i IN [1, 2, 3] WHERE u.id <> i) RETURN u",
		"MATCH (u:User) WHERE NOT all(i IN [1, 2, 3] WHERE i <> u.id) RETURN u",
	},
	{ // non-membership: NOT IN, none(), all(<>)
		"MATCH (u:User) WHERE NOT u.id IN [1, 2, 3] RETURN u",
		"MATCH (u:User) WHERE none(i IN [1, 2, 3] WHERE u.id = i) RETURN u",
		"MATCH (u:User) WHERE all(i IN [1, 2, 3] WHERE u.id <> i) RETURN u",
		"MATCH (u:User) WHERE NOT NOT none(i IN [1, 2, 3] WHERE u.id = i) RETURN u",
	},
	{ // the length of a named path, however written, bounds its variable-length relationship
		"MATCH p = (u:User {id: 0})-[*2..3]->(c) RETURN count(DISTINCT c)",
		"MATCH p = (u:User {id: 0})-[*1..3]->(c) WHERE length(p) >= 2 RETURN count(DISTINCT c)",
		"MATCH p = (u:User {id: 0})-[*1..3]->(c) WHERE size(nodes(p)) > 2 RETURN count(DISTINCT c)",
		"MATCH p = (u:User {id: 0})-[*1..3]->(c) WHERE size(nodes(p)) - 1 >= 2 RETURN count(DISTINCT c)",
		"MATCH p = (u:User {id: 0})-[*1..3]->(c) WHERE size(relationships(p)) >= 2 RETURN count(DISTINCT c)",
		"MATCH p = (u:User {id: 0})-[*1..3]->(c) WHERE length(p) + 1 > 2 RETURN count(DISTINCT c)",
	},
	{ // a predicate on the far node of a two-hop pattern
		"MATCH (a:Person)-[:KNOWS]->(b)-[:KNOWS]->(c {age: 40}) RETURN count(*)",
		"MATCH (a:Person)-[:KNOWS]->(b)-[:KNOWS]->(c) WHERE c.age = 40 RETURN count(*)",
		"MATCH (a:Person)-[:KNOWS]->(b)-[:KNOWS]->(c) WHERE 40 = c.age RETURN count(*)",
	},
	{ // labels every endpoint of LINKS carries are not checked
		"MATCH (a:User)-[:LINKS]->(b:User) RETURN count(*)",
		"MATCH (a:User)-[:LINKS]->(b) RETURN count(*)",
		"MATCH (a:User)-[:LINKS]->(b) WHERE b:User RETURN count(*)",
	},
}

// TestEquivalentPredicatesPlanAlike checks that every form of a group
// compiles to the same EXPLAIN tree (operators, predicates, estimates).
func TestEquivalentPredicatesPlanAlike(t *testing.T) {
	for _, group := range equivalentForms {
		var want string
		for i, q := range group {
			c := compileFake(t, q)
			got := c.Plan.Explain()
			if i == 0 {
				want = got
				continue
			}
			if got != want {
				t.Errorf("%s plans\n%s\nbut %s plans\n%s", q, got, group[0], want)
			}
		}
	}
}

// TestNormalizePredicate checks each rewrite, and the rewrites that must
// not apply because they would change the result.
func TestNormalizePredicate(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"1 = x.p", "(x.p = 1)"},
		{"$v = id(x)", "(id(x) = $v)"},
		{"x.p IN [1]", "(x.p = 1)"},
		{"any(i IN $l WHERE x.p = i)", "(x.p IN $l)"},
		{"any(i IN [1, 2] WHERE i = x.p)", "(x.p IN [1, 2])"},
		{"x.p = 1 OR 2 = x.p OR x.p IN [3, 4]", "(x.p IN [1, 2, 3, 4])"},
		{"x.q > 0 AND (x.p = 1 OR x.p = 2)", "((x.q > 0) AND (x.p IN [1, 2]))"},
		{"NOT 1 = x.p", "(x.p <> 1)"},
		{"NOT (x.p <> 1 AND x.p <> 2)", "(x.p IN [1, 2])"},
		{"NOT (x.p < 'a' OR x.p >= 'b')", "((x.p >= 'a') AND (x.p < 'b'))"},
		{"NOT ('a' < x.p)", "('a' >= x.p)"},
		{"NOT (x.p < true)", "(x.p >= true)"},
		{"NOT (x.p IS NULL OR x.q IS NOT NULL)", "((x.p IS NOT NULL) AND (x.q IS NULL))"},
		{"NOT ('a' <= x.p < 'b')", "(('a' > x.p) OR (x.p >= 'b'))"},
		{"NOT (x.p = 1 OR x.p = 2)", "(NOT (x.p IN [1, 2]))"},
		{"none(i IN $l WHERE x.p = i)", "(NOT (x.p IN $l))"},
		{"all(i IN [1, 2] WHERE x.p <> i)", "(NOT (x.p IN [1, 2]))"},
		{"NOT none(i IN [1, 2] WHERE i = x.p)", "(x.p IN [1, 2])"},
		{"single(i IN [1, 'a'] WHERE x.p = i)", "(x.p IN [1, 'a'])"},
		{"NOT NOT x.p = 1", "(x.p = 1)"},
		{"single(i IN [y.q] WHERE x.p = i)", "(x.p = y.q)"},
		// unchanged: NaN is neither below, equal to nor above a number
		{"NOT (x.p < 1 OR x.p >= 2)", "((NOT (x.p < 1)) AND (NOT (x.p >= 2)))"},
		{"NOT (x.p < $v)", "(NOT (x.p < $v))"},
		{"NOT (x.p < y.q)", "(NOT (x.p < y.q))"},
		{"NOT (1 < x.p < f(x))", "((NOT (1 < x.p)) OR (NOT (x.p < f(x))))"},
		{"NOT (1 < f(x) < 2)", "(NOT (1 < f(x) < 2))"},
		{"NOT (x.p XOR x.q)", "(NOT (x.p XOR x.q))"},
		// unchanged:
		{"single(i IN [1, 1] WHERE x.p = i)", "single(i IN [1, 1] WHERE (x.p = i))"},
		{"single(i IN [1, null] WHERE x.p = i)", "single(i IN [1, null] WHERE (x.p = i))"},
		{"single(i IN $l WHERE x.p = i)", "single(i IN $l WHERE (x.p = i))"},
		{"none(i IN [1, 2] WHERE x.p <> i)", "none(i IN [1, 2] WHERE (x.p <> i))"},
		{"all(i IN [1, 2] WHERE x.p = i)", "all(i IN [1, 2] WHERE (x.p = i))"},
		{"any(i IN [1, 2] WHERE x.p = i + 1)", "any(i IN [1, 2] WHERE (x.p = (i + 1)))"},
		{"any(i IN [1, 2] WHERE x.p < i)", "any(i IN [1, 2] WHERE (x.p < i))"},
		{"any(i IN [1, 2] WHERE i.p = i)", "any(i IN [1, 2] WHERE (i.p = i))"},
		{"x.p = 1 OR x.q = 2", "((x.p = 1) OR (x.q = 2))"},
		{"x.p = 1 OR x.p > 2", "((x.p = 1) OR (x.p > 2))"},
		{"x.p = y.q", "(x.p = y.q)"},
		{"x.p IN [1, 2]", "(x.p IN [1, 2])"},
	} {
		st, err := parser.Parse("RETURN " + c.in)
		if err != nil {
			t.Fatal(err)
		}
		e := st.Query.Parts[0].Clauses[0].(*ast.Return).Projection.Items[0].Expr
		if got := ast.FormatExpr(normalizePredicate(e)); got != c.want {
			t.Errorf("%s: got %s, want %s", c.in, got, c.want)
		}
	}
}
