package cyq

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
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

// The relationships DETACH DELETE removes with their node are deleted
// relationships like those DELETE names: type(), startNode() and
// endNode() still answer, their properties do not, and they match no
// pattern later in the statement.
func TestDetachDeletedRelationships(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ query, want, err string }{
		{"MATCH (a:A)-[r]->(b) DETACH DELETE a RETURN type(r) AS t, endNode(r).name AS e ORDER BY e", "[[T b] [T c]]", ""},
		{"MATCH (a:A)-[r]->(b) DETACH DELETE a WITH r, b RETURN startNode(r) IS NULL AS s", "[[false] [false]]", ""},
		{"MATCH (a:A)-[r]->(b) DETACH DELETE a WITH r MATCH ()-[r]->() RETURN count(*) AS c", "[[0]]", ""},
		{"MATCH (a:A) DETACH DELETE a WITH a MATCH (b:B)-[q]-() RETURN b.name AS b, type(q) AS t ORDER BY b", "[[b U] [c U]]", ""},
		{"MATCH (a:A)-[r]->(b) DETACH DELETE a RETURN r.w", "", "EntityNotFound.DeletedEntityAccess"},
		{"MATCH (a:A)-[r]->(b) DETACH DELETE a WITH r RETURN properties(r)", "", "EntityNotFound.DeletedEntityAccess"},
	} {
		db, _ := Open("", nil)
		mustRun(t, db, "CREATE (a:A {name: 'a'})-[:T {w: 1}]->(b:B {name: 'b'}), (a)-[:T {w: 2}]->(c:B {name: 'c'}), (b)-[:U]->(c)", nil)
		rows, err := db.Query(ctx, c.query, nil)
		var got [][]string
		if err == nil {
			var all [][]value.Value
			all, err = rows.All()
			for _, r := range all {
				var cells []string
				for _, v := range r {
					cells = append(cells, strings.Trim(fmtV(v), "'"))
				}
				got = append(got, cells)
			}
		}
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: got %v, %v; want error %s", c.query, got, err, c.err)
			}
		case err != nil || fmt.Sprint(got) != c.want:
			t.Errorf("%s: got %v, %v; want %s", c.query, got, err, c.want)
		}
		db.Close()
	}
}
