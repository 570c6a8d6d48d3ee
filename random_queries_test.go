package cyq

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// The whole-language random-query test: queries composed of random
// clauses (MATCH, OPTIONAL MATCH, WITH with projections, DISTINCT,
// aggregation, WHERE, ORDER BY with SKIP/LIMIT, UNWIND, CALL subqueries,
// EXISTS/COUNT/COLLECT subqueries and pattern comprehensions), over
// random graphs with nulls, values of several types, self-loops and
// parallel relationships, each run on every planned variant and compared
// with row mode: the same rows, or the same error. No single rewrite's
// family is targeted; the clauses meet in the combinations rules are
// least likely to have been written against.
//
// go test -run TestRandomQueriesMatchRowMode -random.queries 20000 .
// runs it long.

var randomQueries = flag.Int("random.queries", 100, "queries per seed of TestRandomQueriesMatchRowMode")
var randomSeed = flag.Uint64("random.seed", 0, "first seed of TestRandomQueriesMatchRowMode (0: the fixed ones)")

// randomQueryGraph builds the graph the random queries read: n nodes
// labelled A, B, both or neither, an id (two nodes share one), a
// property k that is an integer (0 among them, so divisions may fail),
// a string, a float, a boolean or missing, a string s on some nodes, and
// m relationships of types T (with an integer w, missing on some) and U,
// with self-loops and parallel relationships.
func randomQueryGraph(t testing.TB, db *DB, r *rand.Rand, n, m int) {
	t.Helper()
	var nodes []any
	for i := 0; i < n; i++ {
		id := i
		if i == n-1 {
			id = 3
		}
		var labels []any
		for _, l := range []string{"A", "B"} {
			if r.IntN(2) == 0 {
				labels = append(labels, l)
			}
		}
		var k, s any
		switch r.IntN(8) {
		case 0, 1, 2:
			k = int64(r.IntN(4))
		case 3:
			k = []string{"a", "b", "1"}[r.IntN(3)]
		case 4:
			k = 2.5
		case 5:
			k = r.IntN(2) == 0
		}
		if r.IntN(3) > 0 {
			s = fmt.Sprintf("n%d", r.IntN(6))
		}
		nodes = append(nodes, map[string]any{"id": int64(id), "k": k, "s": s, "labels": labels})
	}
	mustRun(t, db, `UNWIND $nodes AS x CREATE (n {id: x.id}) SET n.k = x.k, n.s = x.s
		FOREACH (_ IN CASE WHEN 'A' IN x.labels THEN [1] ELSE [] END | SET n:A)
		FOREACH (_ IN CASE WHEN 'B' IN x.labels THEN [1] ELSE [] END | SET n:B)`, map[string]any{"nodes": nodes})
	var rels []any
	for i := 0; i < m; i++ {
		s, e := r.IntN(n), r.IntN(n)
		switch r.IntN(10) {
		case 0:
			e = s
		case 1:
			if len(rels) > 0 {
				rels = append(rels, rels[len(rels)-1])
				continue
			}
		}
		typ := "T"
		if r.IntN(3) == 0 {
			typ = "U"
		}
		var w any
		if r.IntN(4) > 0 {
			w = int64(r.IntN(3))
		}
		rels = append(rels, map[string]any{"s": int64(s), "e": int64(e), "t": typ, "w": w})
	}
	// Nodes are matched by position (ids repeat), through a list of them.
	mustRun(t, db, `MATCH (x) WITH x ORDER BY id(x) WITH collect(x) AS xs
		UNWIND $rels AS p WITH xs[p.s] AS s, xs[p.e] AS e, p
		FOREACH (_ IN CASE WHEN p.t = 'T' THEN [1] ELSE [] END | CREATE (s)-[:T {w: p.w}]->(e))
		FOREACH (_ IN CASE WHEN p.t = 'U' THEN [1] ELSE [] END | CREATE (s)-[:U]->(e))`, map[string]any{"rels": rels})
}

// qgen generates one random query, keeping the variables in scope by
// kind: nodes (possibly null after OPTIONAL MATCH), relationships, scalar
// values and lists whose order is not observable (collected ones).
type qgen struct {
	r      *rand.Rand
	nodes  []string
	rels   []string
	vals   []string
	lists  []string
	fresh  int
	b      strings.Builder
	inBody int // nesting depth of subqueries being generated
}

func (g *qgen) name(prefix string) string {
	g.fresh++
	return fmt.Sprintf("%s%d", prefix, g.fresh)
}

func (g *qgen) pick(xs []string) string { return xs[g.r.IntN(len(xs))] }

func (g *qgen) chance(n int) bool { return g.r.IntN(n) == 0 }

// node returns a node pattern: a bound node, or a new one with a label
// and properties perhaps.
func (g *qgen) node(bound bool) string {
	if bound && len(g.nodes) > 0 && g.chance(3) {
		return "(" + g.pick(g.nodes) + ")"
	}
	v := g.name("n")
	g.nodes = append(g.nodes, v)
	s := v
	switch g.r.IntN(9) {
	case 0, 1:
		s += ":A"
	case 2:
		s += ":B"
	case 3:
		s += ":A:B"
	}
	switch g.r.IntN(16) {
	case 0:
		s += fmt.Sprintf(" {id: %d}", g.r.IntN(8))
	case 1:
		s += " {k: $k}"
	case 2:
		s += fmt.Sprintf(" {s: 'n%d'}", g.r.IntN(6))
	}
	return "(" + s + ")"
}

// rel returns a relationship pattern, named or not, of one or both
// types, any direction, perhaps variable-length.
func (g *qgen) rel() string {
	typ := []string{"", ":T", ":U", ":T|U"}[g.r.IntN(4)]
	body := ""
	if g.chance(5) {
		body = typ + []string{"*1..3", "*1..2", "*0..2", "*2", "*..2"}[g.r.IntN(5)]
	} else {
		name := ""
		if g.chance(2) {
			name = g.name("r")
			g.rels = append(g.rels, name)
		}
		body = name + typ
		if typ == ":T" && g.chance(6) {
			body += fmt.Sprintf(" {w: %d}", g.r.IntN(3))
		}
	}
	if body != "" {
		body = "[" + body + "]"
	}
	switch g.r.IntN(3) {
	case 0:
		return "-" + body + "->"
	case 1:
		return "<-" + body + "-"
	}
	return "-" + body + "-"
}

// pattern returns a chain of one to three hops (or a lone node), its
// first node bound when from is set.
func (g *qgen) pattern(from string) string {
	s := "(" + from + ")"
	if from == "" {
		s = g.node(true)
	}
	hops := g.r.IntN(3)
	if from != "" && hops == 0 {
		hops = 1
	}
	for i := 0; i < hops; i++ {
		s += g.rel() + g.node(true)
	}
	if g.chance(8) {
		s += ", " + g.node(true)
	}
	return s
}

// smallPattern is a pattern over bound nodes for tests inside
// expressions: it binds nothing visible outside.
func (g *qgen) smallPattern() string {
	a := g.pick(g.nodes)
	typ := []string{"", ":T", ":U"}[g.r.IntN(3)]
	arrow := []string{"-[%s]->", "<-[%s]-", "-[%s]-"}[g.r.IntN(3)]
	rel := fmt.Sprintf(arrow, typ)
	if typ == "" && g.chance(2) {
		rel = strings.Replace(rel, "[]", "", 1)
	}
	end := "()"
	switch g.r.IntN(4) {
	case 0:
		end = "(:A)"
	case 1:
		end = "(" + g.pick(g.nodes) + ")"
	}
	return "(" + a + ")" + rel + end
}

// scalar returns an expression of a simple value over the scope.
func (g *qgen) scalar(depth int) string {
	if depth <= 0 || g.chance(3) {
		switch g.r.IntN(9) {
		case 0, 1:
			if len(g.nodes) > 0 {
				return g.pick(g.nodes) + ".id"
			}
		case 2:
			if len(g.nodes) > 0 {
				return g.pick(g.nodes) + ".k"
			}
		case 3:
			if len(g.nodes) > 0 {
				return g.pick(g.nodes) + ".s"
			}
		case 4:
			if len(g.rels) > 0 {
				return g.pick(g.rels) + ".w"
			}
		case 5, 6:
			if len(g.vals) > 0 {
				return g.pick(g.vals)
			}
		case 7:
			return "$k"
		}
		return []string{"0", "1", "2", "null", "'n1'", "2.5", "true"}[g.r.IntN(7)]
	}
	switch g.r.IntN(14) {
	case 0:
		return g.scalar(depth-1) + " + " + g.scalar(depth-1)
	case 1:
		return g.scalar(depth-1) + " * 2"
	case 2:
		// May fail: an integer divided by zero, or a value of no number.
		return "(" + g.scalar(depth-1) + " / " + g.scalar(depth-1) + ")"
	case 3:
		return "coalesce(" + g.scalar(depth-1) + ", -1)"
	case 4:
		return "CASE WHEN " + g.pred(depth-1) + " THEN " + g.scalar(depth-1) + " ELSE " + g.scalar(depth-1) + " END"
	case 5:
		if len(g.nodes) > 0 {
			return "COUNT { " + g.smallPattern() + " }"
		}
	case 6:
		if len(g.nodes) > 0 {
			return "size([" + g.smallPatternBound() + " | 1])"
		}
	case 7:
		if len(g.lists) > 0 {
			return "size(" + g.pick(g.lists) + ")"
		}
	case 8:
		return "toInteger(" + g.scalar(depth-1) + ")"
	case 9:
		if len(g.nodes) > 0 {
			return "size(labels(" + g.pick(g.nodes) + "))"
		}
	case 10:
		if len(g.rels) > 0 {
			return "type(" + g.pick(g.rels) + ")"
		}
	case 11:
		if len(g.nodes) > 0 {
			n := g.pick(g.nodes)
			return "COUNT { MATCH (" + n + ")-->(z) WHERE z.id > " + g.scalar(0) + " }"
		}
	case 12:
		if len(g.lists) > 0 {
			return "reduce(acc = 0, x IN " + g.pick(g.lists) + " | acc + coalesce(x, 1))"
		}
	case 13:
		return "abs(" + g.scalar(depth-1) + ")"
	}
	return g.scalar(depth - 1)
}

// smallPatternBound is smallPattern whose end is a fresh variable local
// to a comprehension.
func (g *qgen) smallPatternBound() string {
	a := g.pick(g.nodes)
	typ := []string{"", ":T", ":U"}[g.r.IntN(3)]
	arrow := []string{"-[%s]->", "<-[%s]-", "-[%s]-"}[g.r.IntN(3)]
	return "(" + a + ")" + fmt.Sprintf(arrow, typ) + "(q)" + []string{"", " WHERE q.id > 2", " WHERE q:B"}[g.r.IntN(3)]
}

// pred returns a boolean expression over the scope.
func (g *qgen) pred(depth int) string {
	if depth <= 0 || g.chance(3) {
		switch g.r.IntN(14) {
		case 0:
			return g.scalar(1) + " = " + g.scalar(1)
		case 1:
			return g.scalar(1) + " < " + g.scalar(1)
		case 2:
			return g.scalar(1) + " IS NULL"
		case 3:
			return g.scalar(1) + " IS NOT NULL"
		case 4:
			if len(g.nodes) > 0 {
				return g.pick(g.nodes) + []string{":A", ":B", ":A|B"}[g.r.IntN(3)]
			}
		case 5:
			if len(g.nodes) > 0 {
				return g.smallPattern()
			}
		case 6:
			if len(g.nodes) > 0 {
				return "EXISTS { " + g.smallPattern() + " }"
			}
		case 7:
			if len(g.lists) > 0 {
				return g.scalar(0) + " IN " + g.pick(g.lists)
			}
			return g.scalar(0) + " IN [1, 2, null]"
		case 8:
			if len(g.nodes) > 0 {
				n := g.pick(g.nodes)
				return "EXISTS { MATCH (" + n + ")-[:T]->(z) WHERE z.k = " + g.scalar(0) + " }"
			}
		case 9:
			if len(g.nodes) > 0 {
				return g.pick(g.nodes) + ".s STARTS WITH 'n" + fmt.Sprint(g.r.IntN(3)) + "'"
			}
		case 10:
			return g.scalar(1) + " <> " + g.scalar(1)
		case 11:
			if len(g.nodes) > 1 {
				return g.pick(g.nodes) + " = " + g.pick(g.nodes)
			}
		case 12:
			if len(g.lists) > 0 {
				return "any(x IN " + g.pick(g.lists) + " WHERE x > " + g.scalar(0) + ")"
			}
		case 13:
			// An operand that is not always a boolean (k holds
			// integers, strings, booleans): it fails only where the
			// chain's other operand does not decide it.
			if len(g.nodes) > 0 {
				v := g.pick(g.nodes) + []string{".k", ".id"}[g.r.IntN(2)]
				op := []string{" OR ", " AND "}[g.r.IntN(2)]
				if g.chance(2) {
					return "(" + g.pred(0) + op + v + ")"
				}
				return "(" + v + op + g.pred(0) + ")"
			}
		}
		return g.scalar(0) + " >= " + g.scalar(0)
	}
	switch g.r.IntN(5) {
	case 0, 1:
		return "(" + g.pred(depth-1) + " AND " + g.pred(depth-1) + ")"
	case 2:
		return "(" + g.pred(depth-1) + " OR " + g.pred(depth-1) + ")"
	case 3:
		return "NOT " + g.pred(depth-1)
	}
	return "(" + g.pred(depth-1) + " XOR " + g.pred(depth-1) + ")"
}

func (g *qgen) where() string {
	if g.chance(2) {
		return ""
	}
	return " WHERE " + g.pred(2)
}

// scope is every variable in scope, for projections.
func (g *qgen) scope() []string {
	var all []string
	all = append(all, g.nodes...)
	all = append(all, g.rels...)
	all = append(all, g.vals...)
	all = append(all, g.lists...)
	return all
}

// orderKey is the ordering expression of a projected column, total over
// distinct rows: a node by its position, a relationship by its id.
func (g *qgen) orderKey(v string) string {
	for _, n := range g.nodes {
		if n == v {
			return "id(" + v + ")"
		}
	}
	for _, r := range g.rels {
		if r == v {
			return "id(" + v + ")"
		}
	}
	return v
}

// projection writes WITH or RETURN with its items and perhaps DISTINCT,
// aggregates, ORDER BY with SKIP/LIMIT and (for WITH) WHERE, and leaves
// the projected variables in scope.
func (g *qgen) projection(kw string) {
	all := g.scope()
	g.r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	keep := all[:g.r.IntN(len(all)+1)]
	if len(keep) == 0 && len(all) > 0 && !g.chance(3) {
		keep = all[:1]
	}
	isNode := map[string]bool{}
	for _, n := range g.nodes {
		isNode[n] = true
	}
	isRel := map[string]bool{}
	for _, r := range g.rels {
		isRel[r] = true
	}
	isList := map[string]bool{}
	for _, l := range g.lists {
		isList[l] = true
	}
	var items []string
	var nodes, rels, vals, lists []string
	for _, v := range keep {
		items = append(items, v)
		switch {
		case isNode[v]:
			nodes = append(nodes, v)
		case isRel[v]:
			rels = append(rels, v)
		case isList[v]:
			lists = append(lists, v)
		default:
			vals = append(vals, v)
		}
	}
	aggregate := g.chance(3)
	nExtra := g.r.IntN(3)
	if len(items) == 0 && nExtra == 0 {
		nExtra = 1
	}
	for i := 0; i < nExtra; i++ {
		if aggregate {
			arg := g.scalar(1)
			switch g.r.IntN(8) {
			case 0:
				v := g.name("c")
				items = append(items, "count(*) AS "+v)
				vals = append(vals, v)
			case 1:
				v := g.name("c")
				items = append(items, "count(DISTINCT "+arg+") AS "+v)
				vals = append(vals, v)
			case 2:
				v := g.name("l")
				items = append(items, "collect("+arg+") AS "+v)
				lists = append(lists, v)
			case 3:
				v := g.name("l")
				items = append(items, "collect(DISTINCT "+arg+") AS "+v)
				lists = append(lists, v)
			case 4:
				v := g.name("m")
				items = append(items, "min("+arg+") AS "+v)
				vals = append(vals, v)
			case 5:
				v := g.name("m")
				items = append(items, "max("+arg+") AS "+v)
				vals = append(vals, v)
			case 6:
				if len(g.nodes) > 0 {
					v := g.name("c")
					items = append(items, "count("+g.pick(g.nodes)+") AS "+v)
					vals = append(vals, v)
					continue
				}
				fallthrough
			default:
				v := g.name("s")
				// sum() of integers only: a sum of floats depends on the order.
				items = append(items, "sum(toInteger("+arg+")) AS "+v)
				vals = append(vals, v)
			}
			continue
		}
		v := g.name("v")
		if len(g.nodes) > 0 && g.chance(6) {
			items = append(items, "["+g.smallPatternBound()+" | q.id] AS "+v)
			lists = append(lists, v)
			continue
		}
		items = append(items, g.scalar(2)+" AS "+v)
		vals = append(vals, v)
	}
	distinct := !aggregate && g.chance(4)
	s := " " + kw + " "
	if distinct {
		s += "DISTINCT "
	}
	s += strings.Join(items, ", ")
	g.nodes, g.rels, g.vals, g.lists = nodes, rels, vals, lists
	// ORDER BY with SKIP/LIMIT only when no projected list holds an open
	// order, and over every column, so that the rows kept are determined.
	if len(lists) == 0 && g.chance(3) {
		var keys []string
		for _, v := range append(append(append([]string{}, nodes...), rels...), vals...) {
			k := g.orderKey(v)
			if g.chance(3) {
				k += " DESC"
			}
			keys = append(keys, k)
		}
		if len(keys) > 0 {
			g.r.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
			s += " ORDER BY " + strings.Join(keys, ", ")
			if g.chance(3) {
				s += fmt.Sprintf(" SKIP %d", g.r.IntN(3))
			}
			s += fmt.Sprintf(" LIMIT %d", 1+g.r.IntN(6))
		}
	}
	g.b.WriteString(s)
	if kw == "WITH" && g.chance(3) {
		g.b.WriteString(" WHERE " + g.pred(2))
	}
}

// clause appends one reading clause to the query.
func (g *qgen) clause() {
	switch g.r.IntN(9) {
	case 0, 1:
		g.b.WriteString(" MATCH " + g.pattern(g.boundOrEmpty()) + g.where())
	case 2, 3:
		if len(g.nodes) == 0 {
			g.b.WriteString(" MATCH " + g.pattern("") + g.where())
			return
		}
		g.b.WriteString(" OPTIONAL MATCH " + g.pattern(g.pick(g.nodes)) + g.where())
	case 4, 5:
		if len(g.scope()) > 0 {
			g.projection("WITH")
			return
		}
		g.b.WriteString(" MATCH " + g.pattern("") + g.where())
	case 6:
		v := g.name("u")
		switch {
		case len(g.lists) > 0 && g.chance(2):
			g.b.WriteString(" UNWIND " + g.pick(g.lists) + " AS " + v)
		case len(g.nodes) > 0 && g.chance(2):
			g.b.WriteString(" UNWIND range(0, coalesce(toInteger(" + g.pick(g.nodes) + ".k), 1)) AS " + v)
		default:
			g.b.WriteString(" UNWIND [1, 2, null, 2] AS " + v)
		}
		g.vals = append(g.vals, v)
	case 7:
		if len(g.nodes) == 0 || g.inBody > 0 {
			g.b.WriteString(" MATCH " + g.pattern("") + g.where())
			return
		}
		g.callSubquery()
	case 8:
		if len(g.nodes) == 0 {
			g.b.WriteString(" MATCH " + g.pattern("") + g.where())
			return
		}
		// A second pattern joined through a bound node or by a value.
		g.b.WriteString(" MATCH " + g.pattern("") + " WHERE " + g.pred(1))
	}
}

func (g *qgen) boundOrEmpty() string {
	if len(g.nodes) > 0 && g.chance(2) {
		return g.pick(g.nodes)
	}
	return ""
}

// callSubquery appends a correlated CALL subquery over one bound node
// returning rows or an aggregate.
func (g *qgen) callSubquery() {
	n := g.pick(g.nodes)
	nodes, rels, vals, lists, outer := g.nodes, g.rels, g.vals, g.lists, g.b.String()
	g.inBody++
	g.nodes, g.rels, g.vals, g.lists = []string{n}, nil, nil, nil
	g.b.Reset()
	g.b.WriteString("WITH " + n + " MATCH " + g.pattern(n) + g.where())
	inner := g.nodes[1:]
	v := g.name("w")
	if g.chance(2) || len(inner) == 0 {
		g.b.WriteString(" RETURN count(*) AS " + v)
	} else {
		g.b.WriteString(" RETURN " + g.pick(inner) + ".id AS " + v)
	}
	body := g.b.String()
	g.inBody--
	g.nodes, g.rels, g.vals, g.lists = nodes, rels, append(append([]string{}, vals...), v), lists
	g.b.Reset()
	g.b.WriteString(outer + " CALL { " + body + " }")
}

// query returns one random query.
func (g *qgen) query() string {
	g.b.Reset()
	g.nodes, g.rels, g.vals, g.lists = nil, nil, nil, nil
	if g.chance(6) {
		v := g.name("u")
		g.b.WriteString("UNWIND [0, 1, 3, null] AS " + v)
		g.vals = append(g.vals, v)
	}
	g.b.WriteString(" MATCH " + g.pattern("") + g.where())
	for i := g.r.IntN(4); i > 0; i-- {
		g.clause()
	}
	g.projection("RETURN")
	return strings.TrimSpace(g.b.String())
}

// TestRandomQueriesMatchRowMode runs random whole-language queries on
// three random graphs, planned (with and without an index on :A(id), and
// starting patterns from their last nodes) and in row mode, and fails
// when any run's rows or error differ.
func TestRandomQueriesMatchRowMode(t *testing.T) {
	t.Parallel()
	seeds := []uint64{1, 2, 3}
	if *randomSeed != 0 {
		seeds = []uint64{*randomSeed, *randomSeed + 1, *randomSeed + 2}
	}
	runs, failed, errs := 0, 0, 0
	for _, seed := range seeds {
		r := rand.New(rand.NewPCG(seed, 77))
		opts := map[string]*Options{"planned": nil, "planned-idx": nil, "last": {StartLast: true}, "row-mode": {RowModeOnly: true}}
		n, m := 10+r.IntN(8), 30+r.IntN(40)
		dbs := queryGraphVariants(t, seed, n, m, opts)
		g := &qgen{r: r}
		for i := 0; i < *randomQueries; i++ {
			q := g.query()
			params := map[string]any{"k": []any{int64(1), "a", nil, int64(0)}[r.IntN(4)]}
			want := rowsOrError(dbs["row-mode"], q, params)
			if strings.Contains(want, "LimitExceeded") {
				continue // a walk too long for the time limit; nothing to compare
			}
			if strings.HasPrefix(want, "error") {
				errs++
			}
			for _, name := range []string{"planned", "planned-idx", "last"} {
				runs++
				if got := rowsOrError(dbs[name], q, params); !sameOutcome(got, want) {
					failed++
					if failed <= 20 {
						t.Errorf("seed %d, %s, %v: %s\n got %s\nwant %s", seed, name, params, q, got, want)
					}
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d runs disagree", failed, runs)
	}
	t.Logf("%d queries, %d runs (%d queries raise errors in row mode)", len(seeds)**randomQueries, runs, errs)
}

// sameOutcome reports whether a planned run's outcome got is row mode's
// want: the same rows, or both an error. A static error (raised before
// any row is read) must be the same one; of run-time errors, which one is
// raised first depends on the order rows are produced in, which a plan
// may change (a row that fails in one expression, or for one type, may
// come before another that fails differently).
func sameOutcome(got, want string) bool {
	if got == want {
		return true
	}
	if !strings.HasPrefix(got, "error") || !strings.HasPrefix(want, "error") {
		return false
	}
	static := func(e string) bool { return strings.Contains(e, "SyntaxError") || strings.Contains(e, "SemanticError") }
	return !static(got) && !static(want)
}

// againstRowModeOutcome is againstRowMode with outcomes compared by
// sameOutcome: the planned rows, or an error where row mode raises one.
func againstRowModeOutcome(t *testing.T, dbs map[string]*DB, names []string, label, q string, params map[string]any, runs, failed *int) {
	t.Helper()
	want := rowsOrError(dbs["row-mode"], q, params)
	for _, name := range names {
		*runs++
		if got := rowsOrError(dbs[name], q, params); !sameOutcome(got, want) {
			*failed++
			if *failed <= 20 {
				t.Errorf("%s, %s, %v: %s\n got %s\nwant %s", label, name, params, q, got, want)
			}
		}
	}
}
