package cyq

import (
	"context"
	"testing"
)

// Within the statement that deletes them, relationships keep their type
// for type(), and MERGE after DELETE does not match deleted nodes.
func TestDeletedEntitiesInStatement(t *testing.T) {
	db, _ := Open("", nil)
	defer db.Close()
	ctx := context.Background()
	if _, err := db.Query(ctx, "CREATE ()-[:T]->(), (:A {num: 1}), (:A {num: 2})", nil); err != nil {
		t.Fatal(err)
	}
	rows, err := db.Query(ctx, "MATCH ()-[r]->() DELETE r RETURN type(r) AS t", nil)
	if err != nil {
		t.Fatal(err)
	}
	all, err := rows.All()
	if err != nil || len(all) != 1 || fmtV(all[0][0]) != "'T'" {
		t.Errorf("type of a deleted relationship: %v %v", all, err)
	}
	rows, err = db.Query(ctx, "MATCH (a:A) DELETE a MERGE (b:A) RETURN b.num AS n", nil)
	if err != nil {
		t.Fatal(err)
	}
	all, err = rows.All()
	if err != nil || len(all) != 2 || fmtV(all[0][0]) != "null" || fmtV(all[1][0]) != "null" {
		t.Errorf("MERGE after DELETE: %v %v", all, err)
	}
	rows, _ = db.Query(ctx, "MATCH (a:A) RETURN count(a) AS c", nil)
	if all, _ = rows.All(); fmtV(all[0][0]) != "1" {
		t.Errorf("nodes left: %v", all)
	}
}
