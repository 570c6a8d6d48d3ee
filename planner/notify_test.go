package planner

import (
	"strings"
	"testing"

	"github.com/cyqdb/cyq/parser"
)

// fakeCatalog is fakeStats with dictionaries: relationships keep their
// kind in the property `relation`.
type fakeCatalog struct{ fakeStats }

func (fakeCatalog) Labels() []string   { return []string{"Person", "City", "User", "Movie"} }
func (fakeCatalog) Types() []string    { return []string{"KNOWS", "LIVES_IN", "REL"} }
func (fakeCatalog) PropKeys() []string { return []string{"name", "age", "relation", "id"} }
func (fakeCatalog) PropertyHolding(rel bool, v string) (string, string, bool) {
	if rel && strings.EqualFold(v, "member_of") {
		return "relation", "member_of", true
	}
	return "", "", false
}

func compileNotes(t *testing.T, src string, stats Stats) []string {
	t.Helper()
	st, err := parser.Parse(src)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	c, err := Compile(st, src, Options{Stats: stats, Procedures: procs})
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	var out []string
	for _, n := range c.Notifications {
		out = append(out, n.String())
	}
	return out
}

// TestNotifications checks each kind of notification, and that queries
// without the problem get none.
func TestNotifications(t *testing.T) {
	cases := []struct {
		query string
		want  string // notifications joined by newlines
	}{
		// Unknown names, with the nearest existing ones.
		{"MATCH (n:Persn) RETURN n.nmae",
			"1:10: Warning.UnknownLabel: the label `Persn` does not exist in this graph (suggestion: did you mean `Person`?)\n" +
				"1:26: Warning.UnknownPropertyKey: the property key `nmae` does not exist in this graph (suggestion: did you mean `name`?)"},
		{"MATCH (a)-[:KNOW]->(b) RETURN b",
			"1:13: Warning.UnknownRelationshipType: the relationship type `KNOW` does not exist in this graph (suggestion: did you mean `KNOWS`?)"},
		{"MATCH (n) WHERE n:Zebra RETURN n",
			"1:19: Warning.UnknownLabel: the label `Zebra` does not exist in this graph"},
		// A label predicate on a relationship variable tests its type.
		{"MATCH (a)-[r]->(b) WHERE r:KNOWS OR r:LIVES_IN RETURN b", ""},
		{"MATCH (a)-[r]->(b) WHERE r:KNOW RETURN b",
			"1:28: Warning.UnknownRelationshipType: the relationship type `KNOW` does not exist in this graph (suggestion: did you mean `KNOWS`?)"},
		{"MATCH (a)-[r]->(b) WHERE r:Person RETURN b",
			"1:28: Warning.UnknownRelationshipType: the relationship type `Person` does not exist in this graph"},
		{"MATCH (a)-[r]->(b) WITH [a, r] AS xs UNWIND xs AS x WITH x WHERE x:KNOWS OR x:Person RETURN x", ""},
		{"MATCH (n:Person {nam: 'x'}) RETURN n",
			"1:18: Warning.UnknownPropertyKey: the property key `nam` does not exist in this graph (suggestion: did you mean `name`?)"},
		{"MATCH (n:Person) RETURN n {.agee}",
			"1:28: Warning.UnknownPropertyKey: the property key `agee` does not exist in this graph (suggestion: did you mean `age`?)"},
		// The property form of a relationship type the graph keeps in a property.
		{"MATCH (a)-[r:member_of]->(b) RETURN a, b",
			"1:14: Warning.UnknownRelationshipType: the relationship type `member_of` does not exist in this graph (suggestion: the graph keeps relationship kinds in the property `relation`: write -[r]->(b) WHERE r.relation = 'member_of')"},
		{"MATCH (a)<-[:MEMBER_OF]-(b) RETURN a",
			"1:14: Warning.UnknownRelationshipType: the relationship type `MEMBER_OF` does not exist in this graph (suggestion: the graph keeps relationship kinds in the property `relation`: write <-[r]-(b) WHERE r.relation = 'member_of')"},
		// Written names are not unknown; known names raise nothing.
		{"MATCH (n:Person) CREATE (n)-[:OWNS {since: 1}]->(:Car) RETURN n.name", ""},
		{"MATCH (n:Person)-[:KNOWS]->(m) WHERE m.age > 3 RETURN n.name", ""},
		// Cartesian products.
		{"MATCH (a:Person), (b:City) RETURN a, b",
			"1:1: Warning.CartesianProduct: the parts of this MATCH share no variable: every match of (a:Person) is combined with every match of (b:City) (suggestion: connect the parts with a relationship, or join them in WHERE)"},
		{"MATCH (a:Person), (b:City) WHERE a.age = b.age RETURN a, b", ""},
		{"MATCH (a:Person)-->(c), (b:City)-->(c) RETURN a, b", ""},
		// Unbounded variable length (not inside shortestPath).
		{"MATCH (a:Person)-[:KNOWS*2..]->(b) RETURN b",
			"1:17: Warning.UnboundedVariableLength: the variable-length relationship -[:KNOWS*2..]-> has no upper bound: on a large graph it may explore a great many paths (suggestion: give an upper bound, e.g. *2..6)"},
		{"MATCH (a:Person)-[:KNOWS*1..3]->(b) RETURN b", ""},
		{"MATCH (a:Person), (b:Person) WHERE a.id = b.id MATCH p = shortestPath((a)-[*]-(b)) RETURN p", ""},
		// Deprecated syntax.
		{"MATCH (a)-[r:KNOWS|:REL]->(b) WHERE exists(a.name) RETURN r",
			"1:14: Warning.DeprecatedSyntax: the `:A|:B` form of alternative relationship types is deprecated (suggestion: write `:A|B`)\n" +
				"1:37: Warning.DeprecatedSyntax: exists(n.prop) is deprecated (removed in Neo4j 5) (suggestion: write n.prop IS NOT NULL)"},
	}
	for _, c := range cases {
		got := strings.Join(compileNotes(t, c.query, fakeCatalog{}), "\n")
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.query, got, c.want)
		}
	}
	// Without dictionaries, names are not judged.
	if got := compileNotes(t, "MATCH (n:Persn) RETURN n.nmae", fakeStats{}); len(got) != 0 {
		t.Errorf("without a catalog: %q", got)
	}
}
