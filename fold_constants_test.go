package cyq

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cyqdb/cyq/cyqerr"
)

// foldForms are expressions the planner folds (or must not fold), each
// with a hole %[1]s for a row-dependent value: a node's property (null
// on most nodes), its id, a parameter; some raise type errors, which the
// folded plan must raise too.
var foldForms = []string{
	"{id: %[1]s, k: 1}.id",
	"{id: %[1]s}.missing",
	"{id: 1, k: %[1]s}['k']",
	"[%[1]s, 2, 3][0]",
	"[1, %[1]s, 3][-2]",
	"[1, 2, 3][%[1]s]",
	"[1, %[1]s, 3][5]",
	"[1, %[1]s, 3][1..]",
	"[1, %[1]s, 3][-2..5]",
	"[1, 2, %[1]s][2..1]",
	"CASE WHEN true THEN %[1]s ELSE 0 END",
	"CASE WHEN null THEN 0 WHEN false THEN 1 ELSE %[1]s END",
	"CASE WHEN %[1]s > 1 THEN 1 WHEN true THEN 2 ELSE 3 END",
	"CASE 2 WHEN 1 THEN 0 WHEN 2 THEN %[1]s END",
	"CASE 2 WHEN 2.0 THEN %[1]s ELSE -1 END",
	"CASE null WHEN null THEN 1 ELSE %[1]s END",
	"coalesce(null, %[1]s, 7)",
	"coalesce(3, %[1]s)",
	"coalesce(null, null)",
	"(%[1]s > 2) = true",
	"(%[1]s > 2) = false",
	"(%[1]s > 2) <> true",
	"%[1]s > 2 AND true",
	"false OR %[1]s > 2",
	"%[1]s > 2 OR true",
	"%[1]s AND true",
	"false AND %[1]s = 1", // false AND 3: the planned filter drops the row without the error row mode raises (as before folding)
	"NOT null",
	"%[1]s IS NULL OR [%[1]s] IS NULL",
	"{a: %[1]s} IS NOT NULL",
	"1 = 1 AND 'a' <> 'b' AND %[1]s = %[1]s",
	"{id: 1 / %[1]s}.k",
	"[1 / %[1]s, 2][1]",
	"coalesce(1, 1 / %[1]s)",
}

var foldValues = []string{"n.k", "n.id", "$p", "n.id % 3 = 0", "'s'", "null", "0"}

// TestFoldedExpressionsMatchRowMode runs the folded forms in WHERE and
// RETURN, with a WITH-projected map or list literal standing for the
// value, against row mode (which does not fold): the same rows, or an
// error of the same code.
func TestFoldedExpressionsMatchRowMode(t *testing.T) {
	t.Parallel()
	planned, rows := plannedAndRowMode(t)
	for _, db := range []*DB{planned, rows} {
		randomGraph(t, db, 11, 20, 40)
		mustRun(t, db, "MATCH (x) WHERE x.id % 4 = 0 SET x.k = x.id % 3", nil)
		mustRun(t, db, "CREATE INDEX FOR (n:A) ON (n.id)", nil)
	}
	var queries []string
	for _, f := range foldForms {
		for _, v := range foldValues {
			e := fmt.Sprintf(f, v)
			queries = append(queries,
				"MATCH (n) RETURN n.id AS id, "+e+" AS v",
				"MATCH (n:A) WHERE "+e+" RETURN n.id AS id",
				"MATCH (n) WHERE n.id = "+e+" RETURN n.id AS id")
		}
	}
	for _, w := range []string{
		"WITH {id: $p, k: [1, 2]} AS m MATCH (n:A) WHERE n.id = m.id RETURN n.id, m.k[1]",
		"WITH {id: $p} AS m, [3, $p] AS l MATCH (n:A) WHERE n.id = m.id OR n.id = l[0] RETURN n.id",
		"WITH [3, 6] AS l MATCH (n:A)-->(x) WHERE n.id = l[-1] RETURN n.id, x.id",
		"WITH {id: null} AS m MATCH (n) WHERE n.k = m.id RETURN count(*)",
		"WITH {id: 's'} AS m MATCH (n:A) WHERE n.id = m.id RETURN count(*)",
		"WITH $p AS p UNWIND [1, 2] AS p2 MATCH (n:A) WHERE n.id = p RETURN n.id, p2",
		"WITH {id: 3} AS m MATCH (n:A) WHERE n.id = m.id WITH n, {id: 6} AS m MATCH (x) WHERE x.id = m.id RETURN n.id, x.id",
		"WITH {id: 3} AS m MATCH (n:A) WHERE n.id = m.x.y RETURN count(*)",
	} {
		queries = append(queries, w)
	}
	params := map[string]any{"p": 3}
	for _, q := range queries {
		want, werr := runOrErr(planned, q, params)
		got, gerr := runOrErr(rows, q, params)
		if (werr == nil) != (gerr == nil) || werr != nil && errCode(werr) != errCode(gerr) {
			t.Errorf("%s:\n planned error %v\n row mode error %v", q, werr, gerr)
			continue
		}
		if want != got {
			t.Errorf("%s:\n planned %s\nrow mode %s", q, want, got)
		}
	}
}

func runOrErr(db *DB, q string, params map[string]any) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := db.Query(ctx, q, params)
	if err != nil {
		return "", err
	}
	all, err := res.All()
	if err != nil {
		return "", err
	}
	return strings.Join(canonical(all), "\n"), nil
}

func errCode(err error) string {
	var e *cyqerr.Error
	if errors.As(err, &e) {
		return fmt.Sprint(e.Type, e.Detail)
	}
	return err.Error()
}
