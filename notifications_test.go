package cyq

import (
	"context"
	"strings"
	"testing"
)

// notes runs query on db and returns its notifications, one String each.
func notes(t *testing.T, db *DB, query string) []string {
	t.Helper()
	rows, err := db.Query(context.Background(), query, nil)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	for rows.Next() {
	}
	var out []string
	for _, n := range rows.Notifications() {
		out = append(out, n.String())
	}
	return out
}

// Rows carry the notifications an agent needs to repair a query that
// silently returns nothing: the typo'd label and key, and a relationship
// type the graph keeps in a property.
func TestRowsNotifications(t *testing.T) {
	db, _ := Open("", nil)
	defer db.Close()
	ctx := context.Background()
	if _, err := db.Query(ctx, "CREATE (:Person {name: 'Ada'})-[:REL {relation: 'member_of'}]->(:Group {name: 'G'})", nil); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		query string
		want  []string
	}{
		{"MATCH (n:Persn) RETURN n.nmae", []string{
			"1:10: Warning.UnknownLabel: the label `Persn` does not exist in this graph (suggestion: did you mean `Person`?)",
			"1:26: Warning.UnknownPropertyKey: the property key `nmae` does not exist in this graph (suggestion: did you mean `name`?)"}},
		{"MATCH (a)-[r:member_of]->(b) RETURN a, b", []string{
			"1:14: Warning.UnknownRelationshipType: the relationship type `member_of` does not exist in this graph (suggestion: the graph keeps relationship kinds in the property `relation`: write -[r]->(b) WHERE r.relation = 'member_of')"}},
		{"MATCH (n:Person) RETURN n.name", nil},
		// Names the statement writes are not unknown.
		{"CREATE (n:Robot {serial: 1}) RETURN n.serial", nil},
	}
	for _, c := range cases {
		got := notes(t, db, c.query)
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s:\n got %q\nwant %q", c.query, got, c.want)
		}
	}
}
