package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestUseGraph checks that USE runs a statement on the graph it names,
// and refuses unknown graphs, composite names and mixed UNIONs.
func TestUseGraph(t *testing.T) {
	eng, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	if _, err := eng.Store().CreateGraph("other"); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	count := func(q string) string {
		t.Helper()
		rows, err := eng.QueryValues(ctx, q, nil)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		all, err := rows.All()
		if err != nil || len(all) != 1 {
			t.Fatalf("%s: %v %v", q, all, err)
		}
		return fmt.Sprint(all[0][0])
	}
	if _, err := eng.QueryValues(ctx, "USE other CREATE (:X), (:X)", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := eng.QueryValues(ctx, "CREATE (:X)", nil); err != nil {
		t.Fatal(err)
	}
	if got := count("USE other MATCH (n:X) RETURN count(n)"); got != "2" {
		t.Errorf("USE other: %s nodes, want 2", got)
	}
	if got := count("MATCH (n:X) RETURN count(n)"); got != "1" {
		t.Errorf("default graph: %s nodes, want 1", got)
	}
	if got := count("USE default MATCH (n:X) RETURN count(n)"); got != "1" {
		t.Errorf("USE default: %s nodes, want 1", got)
	}
	if got := count("USE other MATCH (n:X) RETURN count(n) AS c UNION USE other MATCH (n:X) RETURN count(n) AS c"); got != "2" {
		t.Errorf("UNION on other: %s", got)
	}
	for q, want := range map[string]string{
		"USE nosuch MATCH (n) RETURN n":                                   "nosuch",
		"USE a.b MATCH (n) RETURN n":                                      "composite",
		"USE other MATCH (n) RETURN n AS n UNION MATCH (n) RETURN n AS n": "same graph",
		"MATCH (n) USE other RETURN n":                                    "first clause",
	} {
		_, err := eng.QueryValues(ctx, q, nil)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error mentioning %q", q, err, want)
		}
	}
}
