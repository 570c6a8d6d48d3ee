package cyq

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// negatedKindMixes are the values the property k (of nodes) and w (of
// relationships) take in TestNegatedByKindsAgainstRowMode, one mix per
// store: integers and nulls only (the negations become ranges), with
// strings and booleans (which compare with no number: still ranges),
// with floats, with NaN, with lists holding NaN (which must stay
// negations).
var negatedKindMixes = map[string][]string{
	"ints":        {"0", "1", "2", "3", "-1"},
	"mixed":       {"0", "2", "'a'", "true", "''"},
	"floats":      {"0", "1.5", "2.0", "-0.5", "3"},
	"nan":         {"0", "1", "0.0 / 0.0", "2", "0.0 / 0.0"},
	"nan-lists":   {"0", "[1]", "[0.0 / 0.0]", "2", "[2]"},
	"big-strings": {"4", "'b'", "9007199254740993", "1", "false"},
}

// negatedKindQueries generates negated orderings of a property with a
// literal (either side, every ordering, literals of each kind) in every
// position a range is read: a scan's filter, an indexed label's seek,
// an expansion's end node, none() and all() over a variable-length
// path's nodes and relationships, shortestPath's filters, a projected
// value (null included), OPTIONAL MATCH, a quantified path's inline
// test, and conjunctions and disjunctions of them.
func negatedKindQueries(r *rand.Rand, n int) []string {
	ops := []string{"<", "<=", ">", ">="}
	lits := []string{"0", "2", "1.5", "-1", "'a'", "true", "null", "3"}
	atom := func(v, key string) string {
		op, lit := ops[r.IntN(len(ops))], lits[r.IntN(len(lits))]
		if r.IntN(3) == 0 {
			return fmt.Sprintf("NOT (%s %s %s.%s)", lit, op, v, key)
		}
		return fmt.Sprintf("NOT (%s.%s %s %s)", v, key, op, lit)
	}
	cond := func(v, key string) string {
		switch r.IntN(5) {
		case 0:
			return atom(v, key) + " AND " + atom(v, key)
		case 1:
			return atom(v, key) + " OR " + atom(v, key)
		}
		return atom(v, key)
	}
	var out []string
	for len(out) < n {
		var q string
		switch r.IntN(12) {
		case 11:
			// Two properties: lists compare element by element, NaN
			// inside them too.
			q = fmt.Sprintf("MATCH (a {id: $s})-->(y) WHERE NOT (y.k %s a.k) RETURN y.id", ops[r.IntN(len(ops))])
		case 0:
			q = fmt.Sprintf("MATCH (x:A) WHERE %s RETURN x.id", cond("x", "k"))
		case 1:
			q = fmt.Sprintf("MATCH (x) WHERE %s RETURN count(*) AS n", cond("x", "k"))
		case 2:
			q = fmt.Sprintf("MATCH (a {id: $s})-->(y) WHERE %s RETURN y.id", cond("y", "k"))
		case 3:
			q = fmt.Sprintf("MATCH p = (a {id: $s})-[*1..3]->(b) WHERE none(n IN nodes(p) WHERE %s) RETURN b.id, length(p)", strings.TrimPrefix(atom("n", "k"), "NOT "))
		case 4:
			q = fmt.Sprintf("MATCH p = (a {id: $s})-[*1..3]-(b) WHERE all(n IN nodes(p)[1..] WHERE %s) RETURN b.id, count(*) AS c", cond("n", "k"))
		case 5:
			q = fmt.Sprintf("MATCH (a {id: $s}), (b {id: $t}) MATCH p = shortestPath((a)-[*..3]-(b)) WHERE none(n IN nodes(p) WHERE %s) RETURN length(p) AS l", strings.TrimPrefix(atom("n", "k"), "NOT "))
		case 6:
			q = fmt.Sprintf("MATCH (a {id: $s}), (b {id: $t}) MATCH p = allShortestPaths((a)-[rs*..3]->(b)) WHERE all(x IN rs WHERE %s) RETURN length(p) AS l, count(*) AS c", cond("x", "w"))
		case 7:
			q = fmt.Sprintf("MATCH (x:A) RETURN x.id, %s AS t", atom("x", "k"))
		case 8:
			q = fmt.Sprintf("MATCH (a {id: $s}) OPTIONAL MATCH (a)-[r]->(y) WHERE %s AND %s RETURN a.id, y.id", cond("y", "k"), atom("r", "w"))
		case 9:
			q = fmt.Sprintf("MATCH (a {id: $s}) (()-->(x) WHERE %s){1,3} (b) RETURN b.id, count(*) AS c", cond("x", "k"))
		default:
			q = fmt.Sprintf("MATCH (a {id: $s})-[rs*1..2]->(b) WHERE none(x IN rs WHERE %s) RETURN b.id, count(*) AS c", strings.TrimPrefix(atom("x", "w"), "NOT "))
		}
		out = append(out, q)
	}
	return out
}

// TestNegatedByKindsAgainstRowMode runs the generated negations on stores
// whose properties hold each mix of kinds, planned (with and without an
// index on :A(k)) and in row mode.
func TestNegatedByKindsAgainstRowMode(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(23, 5))
	queries := negatedKindQueries(r, 220)
	runs, failed, ranged := 0, 0, 0
	plans := map[string][]bool{} // per mix and query: a negation in the plan
	for mix, vals := range negatedKindMixes {
		for seed := uint64(1); seed <= 2; seed++ {
			dbs := planVariants(t, seed, 10, 26, map[string]*Options{"planned": nil, "planned-k": nil, "row-mode": {RowModeOnly: true}})
			list := "[" + strings.Join(vals, ", ") + "]"
			for name, db := range dbs {
				// Every fifth node and relationship keeps no value.
				mustRun(t, db, fmt.Sprintf("MATCH (x) WHERE x.id %% 5 <> 4 SET x.k = %s[x.id %% %d]", list, len(vals)), nil)
				mustRun(t, db, fmt.Sprintf("MATCH (s)-[r]->(e) WHERE (s.id + e.id) %% 5 <> 4 SET r.w = %s[(s.id + 2 * e.id) %% %d]", list, len(vals)), nil)
				if name == "planned-k" {
					mustRun(t, db, "CREATE INDEX FOR (n:A) ON (n.k)", nil)
				}
			}
			for i, q := range queries {
				params := map[string]any{"s": (i + int(seed)) % 10, "t": (i*3 + 1) % 10}
				againstRowMode(t, dbs, []string{"planned", "planned-k"}, fmt.Sprintf("%s, seed %d", mix, seed), q, params, &runs, &failed)
				if (mix == "ints" || mix == "nan") && seed == 1 {
					plans[mix] = append(plans[mix], strings.Contains(rowsOrError(dbs["planned"], "EXPLAIN "+q, params), "NOT"))
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	for i := range queries {
		if plans["nan"][i] && !plans["ints"][i] {
			ranged++
		}
	}
	// Many negations that NaN keeps must become ranges on integers.
	if ranged < len(queries)/4 {
		t.Errorf("only %d of %d queries lost their negations on integers", ranged, len(queries))
	}
	t.Logf("%d queries (%d with negations kept where NaN may be, ranges on integers), %d runs", len(queries), ranged, runs)
}
