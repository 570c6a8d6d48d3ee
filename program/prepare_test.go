package program

import (
	"context"
	"testing"
)

// A repeated program is validated and lowered once and its statements'
// plans come from the plan cache: a second run builds nothing and plans
// nothing, and counts its reuses. A schema command prepares it again.
func TestProgramPreparedOnce(t *testing.T) {
	db := randomGraphDB(t, 2, 80, 300)
	js := prog(cypherStmt("+", "MATCH (a:Concept) WHERE a.k < 3 RETURN a"), cypherStmt("-", "MATCH (a)-->() RETURN a"))
	first := runJSON(t, db, js, nil)
	memo, plans := db.MemoCounts(), db.PlanCacheCounts()
	again := runJSON(t, db, js, nil)
	if ids(again.Graph()) != ids(first.Graph()) {
		t.Fatalf("the second run gives %s, the first %s", ids(again.Graph()), ids(first.Graph()))
	}
	memo2, plans2 := db.MemoCounts(), db.PlanCacheCounts()
	if memo2.Builds != memo.Builds || memo2.Hits != memo.Hits+1 {
		t.Errorf("second run: memo %+v after %+v, want one hit and no build", memo2, memo)
	}
	if plans2.Compiles != plans.Compiles || plans2.Hits != plans.Hits+2 {
		t.Errorf("second run: plan cache %+v after %+v, want two hits and no compile", plans2, plans)
	}
	if _, err := db.Query(context.Background(), "CREATE INDEX FOR (n:Concept) ON (n.k)", nil); err != nil {
		t.Fatal(err)
	}
	third := runJSON(t, db, js, nil)
	if ids(third.Graph()) != ids(first.Graph()) {
		t.Fatalf("after the index: %s, want %s", ids(third.Graph()), ids(first.Graph()))
	}
	if memo3 := db.MemoCounts(); memo3.Builds != memo2.Builds+1 {
		t.Errorf("after a schema command: memo %+v after %+v, want one build", memo3, memo2)
	}
}
