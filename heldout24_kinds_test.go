package cyq

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// heldout24Kinds are spellings of the twenty-fourth held-out round's
// kinds of question (conformance/metamorphic/questions_heldout24.go),
// with placeholders a generator fills at random: $L1 and $L2 node label
// tests, $E and $F edge patterns (a type test or none, either direction
// or undirected), $R a relationship type test for variable-length walks
// and quantified paths, $P and $Q property keys (of mixed value kinds on
// randomQueryGraph's graphs, a property often missing), $OP and $OP2
// comparisons, $ID a node id (ids repeat). Each is compared with its own
// row-mode run, so the spellings of one kind need not agree with each
// other.
var heldout24Kinds = map[string][]string{
	// Links whose two ends agree on a value.
	"equal-ends": {
		"MATCH (a$L1)$E(b$L2) WHERE a.$P = b.$P RETURN a.$Q AS g, count(*) AS n",
		"MATCH (a$L1) WITH a.$Q AS g, sum(COUNT { (a)$E(b$L2) WHERE b.$P = a.$P }) AS n WHERE n > 0 RETURN g, n",
		"MATCH (a$L1)$E(b$L2) WITH a.$Q AS g, sum(CASE WHEN a.$P = b.$P THEN 1 ELSE 0 END) AS n WHERE n > 0 RETURN g, n",
		"MATCH (a$L1) MATCH (a)$E(b$L2 {$P: a.$P}) RETURN a.$Q AS g, count(*) AS n",
		"MATCH (a$L1) WITH a, size([(a)$E(b$L2) WHERE b.$P = a.$P | b]) AS c WHERE c > 0 RETURN a.$Q AS g, sum(c) AS n",
		"MATCH (a$L1)$E(b$L2) WHERE a.$P IN [b.$P] RETURN a.$Q AS g, count(*) AS n",
		"MATCH (a$L1)$E(b$L2) WHERE a.$P = b.$P AND a <> b RETURN count(DISTINCT a) AS n",
	},
	// Walks with a condition on every step.
	"every-step": {
		"MATCH (a$L1)$E(b)$F(c) WHERE a.$P $OP b.$P $OP2 c.$P RETURN count(*) AS n",
		"MATCH (a$L1)$E(b)$F(c) WHERE a.$P $OP b.$P AND b.$P $OP c.$P RETURN a.$Q AS g, count(*) AS n",
		"MATCH p = (a$L1)-[$R*2]->() WHERE all(i IN range(0, 1) WHERE nodes(p)[i].$P $OP nodes(p)[i + 1].$P) RETURN a.$Q AS g, count(*) AS n",
		"MATCH (a$L1) ((x)-[$R]->(y) WHERE x.$P $OP y.$P){2} (c) RETURN count(*) AS n",
		"MATCH (a$L1) ((x)<-[$R]-(y$L2) WHERE x.$P $OP y.$P){1,2} (c) RETURN count(DISTINCT c) AS n",
		"MATCH (a$L1)$E(b) WHERE a.$P $OP b.$P MATCH (b)$F(c) WHERE b.$P $OP c.$P RETURN count(*) AS n",
		"MATCH (a$L1)$E(b) WHERE a.$P $OP b.$P RETURN sum(COUNT { (b)$F(c) WHERE b.$P $OP c.$P }) AS n",
		"MATCH p = (a$L1)-[$R*2]->() WHERE reduce(ok = true, i IN range(0, 1) | ok AND nodes(p)[i].$P $OP nodes(p)[i + 1].$P) RETURN count(*) AS n",
		"MATCH p = (a$L1)-[$R*1..3]-() WHERE all(r IN relationships(p) WHERE r.w $OP 1) RETURN a.$Q AS g, count(*) AS n",
		"MATCH (a$L1)-[rs$R*1..2]->(c) WHERE all(r IN rs WHERE r.w $OP2 $ID % 3) RETURN count(*) AS n",
		"MATCH p = (a$L1)-[$R*2]->() WITH [x IN nodes(p) | x.$P] AS vs WHERE vs[0] $OP vs[1] $OP2 vs[2] RETURN count(*) AS n",
	},
	// Nodes reaching a given node within two steps.
	"reach-back": {
		"MATCH (x$L1)-[$R*1..2]->({id: $ID}) RETURN count(DISTINCT x) AS n",
		"MATCH ({id: $ID})<-[$R*1..2]-(x$L1) WITH DISTINCT x RETURN x.$Q AS g, count(*) AS n",
		"MATCH (x$L1) WHERE EXISTS { (x)-[$R*1..2]->($L2 {id: $ID}) } RETURN count(x) AS n",
		"CALL { MATCH (x$L1)-[$R]->({id: $ID}) RETURN x UNION MATCH (x$L1)-[$R]->()-[$R]->({id: $ID}) RETURN x } RETURN count(x) AS n",
		"MATCH ({id: $ID}) (()<-[$R]-()){1,2} (x$L1) WITH DISTINCT x RETURN count(x) AS n",
		"MATCH (x$L1) WHERE EXISTS { (x)-[$R]->({id: $ID}) } OR EXISTS { (x)-[$R]->()-[$R]->({id: $ID}) } RETURN x.$Q AS g, count(x) AS n",
		"MATCH (t$L2 {id: $ID}) MATCH (x$L1)-[$R*0..2]->(t) RETURN count(DISTINCT x) AS n",
		"MATCH (x$L1)-[$R*1..2]-({id: $ID}) WITH DISTINCT x RETURN count(*) AS n",
		"MATCH (x$L1) WHERE (x)-[$R*2..2]->({id: $ID}) AND NOT (x)-[$R]->({id: $ID}) RETURN count(x) AS n",
	},
	// Distinct endpoint pairs of two-step walks.
	"walk-pairs": {
		"MATCH (a$L1)$E()$F(c$L2) RETURN count(DISTINCT [a, c]) AS n",
		"MATCH (a$L1)$E()$F(c$L2) WITH DISTINCT a, c RETURN count(*) AS n",
		"MATCH (a$L1)$E()$F(c$L2) WITH a, collect(DISTINCT c) AS cs RETURN sum(size(cs)) AS n",
		"MATCH (a$L1) CALL (a) { MATCH (a)$E()$F(c$L2) RETURN count(DISTINCT c) AS k } RETURN sum(k) AS n",
		"MATCH (a$L1)$E()$F(c$L2) RETURN count(DISTINCT {a: a.$P, c: c.$Q}) AS n",
		"MATCH (a$L1), (c$L2) WHERE EXISTS { (a)$E()$F(c) } RETURN count(*) AS n",
		"MATCH (a$L1)$E()$F(c$L2) RETURN count(DISTINCT [a.$P, c.$P]) AS n",
		"MATCH (a$L1) WITH a, [(a)$E()$F(c$L2) | c] AS cs UNWIND cs AS c WITH DISTINCT a, c RETURN a.$Q AS g, count(*) AS n",
		"MATCH (a$L1)$E(b)$F(c$L2) WHERE a <> c WITH DISTINCT a, c RETURN count(*) AS n",
	},
	// Counts of distinct tuples written as one list or map value
	// (distinctTupleCount): with nulls from OPTIONAL MATCH, scalar items,
	// keys reading the items (an entity, a scalar: 1 and 1.0 are one
	// tuple item but two strings), a second aggregate, an item that is no
	// variable, a repeated item, a key that fails.
	"distinct-tuples": {
		"MATCH (a$L1)$E()$F(c$L2) RETURN count(DISTINCT [a, c]) AS n",
		"MATCH (a$L1) OPTIONAL MATCH (a)$E(c$L2) RETURN count(DISTINCT [a, c]) AS n",
		"MATCH (a$L1) OPTIONAL MATCH (a)$E(c$L2) RETURN a.$Q AS g, count(DISTINCT {x: c, y: a}) AS n",
		"MATCH (a$L1)$E(c) WITH a.$P AS x, c.$Q AS y RETURN count(DISTINCT [x, y]) AS n",
		"MATCH (a$L1)$E(c) WITH a, a.$P AS x, c RETURN a.$Q AS g, count(DISTINCT [x, c]) AS n",
		"UNWIND [1, 1.0, 2, 2.0, null, 'a', 1, 0.0/0.0, 0.0/0.0] AS x MATCH (a$L1) RETURN toString(x) AS g, count(DISTINCT [x, a]) AS n",
		"UNWIND [1, 1.0, 2, 2.0, null, 'a', 1, 0.0/0.0] AS x MATCH (a$L1) RETURN count(DISTINCT [x, a]) AS n",
		"MATCH (a$L1)$E(c) RETURN count(DISTINCT [a, c]) AS n, count(*) AS m",
		"MATCH (a$L1)$E(c) RETURN a.$Q AS g, count(DISTINCT [a, c]) AS n, sum(c.id) AS s",
		"MATCH (a$L1)$E(c) RETURN count(DISTINCT {x: a.$P, y: c}) AS n",
		"MATCH (a$L1)$E(b)$F(c) RETURN c.$Q AS g, count(DISTINCT [a, c, a]) AS n",
		"MATCH (a$L1)$E(c) RETURN a.$P + 1 AS g, count(DISTINCT [a, c]) AS n",
		"MATCH (a$L1)$E(c) WITH a, c, a.$P AS x RETURN x AS g, count(DISTINCT [a, c]) AS n",
		"MATCH (a$L1)$E(c) WITH DISTINCT a, c RETURN count(*) AS n",
	},
	// Neighbourhoods agreeing on one value.
	"uniform": {
		"MATCH (a$L1)$E(b) WITH a, count(DISTINCT b.$P) AS d WHERE d = 1 RETURN count(a) AS n",
		"MATCH (a$L1)$E(b) WITH a, min(b.$P) AS lo, max(b.$P) AS hi WHERE lo = hi RETURN count(a) AS n",
		"MATCH (a$L1)$E(b) WITH a, collect(DISTINCT b.$P) AS ks WHERE size(ks) = 1 RETURN a.$Q AS g, count(a) AS n",
		"MATCH (a$L1) WITH a, [(a)$E(b) WHERE b.$P IS NOT NULL | b.$P] AS ks WHERE size(ks) > 0 AND all(x IN ks WHERE x = ks[0]) RETURN count(a) AS n",
		"MATCH (a$L1) WHERE size(COLLECT { MATCH (a)$E(b) WHERE b.$P IS NOT NULL RETURN DISTINCT b.$P AS k }) = 1 RETURN count(a) AS n",
		"MATCH (a$L1) WHERE EXISTS { (a)$E(b) WHERE b.$P IS NOT NULL } AND NOT EXISTS { MATCH (a)$E(b) MATCH (a)$E(c) WHERE b.$P <> c.$P } RETURN count(a) AS n",
		"MATCH (a$L1) WHERE NOT EXISTS { (a)$E(b), (a)$F(c) WHERE b.$P <> c.$P } RETURN a.$Q AS g, count(a) AS n",
		"MATCH (a$L1)$E(b) WITH a, count(DISTINCT b.$P) AS d, count(b.$P) AS c WHERE d = 1 AND c > 1 RETURN count(a) AS n",
	},
	// A group's size beside its part with a pattern.
	"share": {
		"MATCH (a$L1) RETURN a.$Q AS g, count(*) AS total, sum(CASE WHEN EXISTS { (a)$E($L2) } THEN 1 ELSE 0 END) AS part",
		"MATCH (a$L1) RETURN a.$Q AS g, count(*) AS total, count(CASE WHEN EXISTS { (a)$E(b$L2) WHERE b.$P $OP a.$P } THEN 1 END) AS part",
		"MATCH (a$L1) OPTIONAL MATCH (a)$E(b$L2) WITH a, count(b) AS d RETURN a.$Q AS g, count(*) AS total, sum(CASE WHEN d > 0 THEN 1 ELSE 0 END) AS part",
		"MATCH (a$L1) WITH a.$Q AS g, collect(a) AS nodes RETURN g, size(nodes) AS total, size([x IN nodes WHERE EXISTS { (x)$E($L2) }]) AS part",
		"MATCH (a$L1) WITH a, COUNT { (a)$E($L2) } > 0 AS has RETURN a.$Q AS g, count(*) AS total, count(CASE WHEN has THEN a END) AS part",
		"MATCH (a$L1) WITH a.$Q AS g, count(*) AS total CALL (g) { MATCH (a$L1) WHERE (a.$Q = g OR a.$Q IS NULL AND g IS NULL) AND EXISTS { (a)$E($L2) } RETURN count(a) AS part } RETURN g, total, part",
		"MATCH (a$L1) RETURN a.$Q AS g, count(*) AS total, sum(CASE WHEN EXISTS { (a)$E($L2) } THEN a.$P ELSE 0 END) AS part",
		"MATCH (a$L1) RETURN count(*) AS total, sum(COUNT { (a)$E($L2) }) AS links, count(CASE WHEN NOT EXISTS { (a)$E() } THEN 1 END) AS bare",
	},
	// The first neighbour in an order.
	"first": {
		"MATCH (a$L1) CALL (a) { MATCH (a)$E(b) WITH b ORDER BY b.$P, b.id, b.$Q LIMIT 1 RETURN b.$Q AS v } RETURN a.id AS id, v",
		"MATCH (a$L1)$E(b) WITH a, b ORDER BY b.$P, b.id, b.$Q WITH a, collect(b.$Q)[0] AS v RETURN a.id AS id, v",
		"MATCH (a$L1) RETURN a.id AS id, COLLECT { MATCH (a)$E(b) RETURN b.$Q AS v ORDER BY b.$P, b.id, v LIMIT 1 } AS v",
		"MATCH (a$L1)$E(b) WITH a, min(b.$P) AS lo MATCH (a)$E(c) WHERE c.$P = lo WITH a, min(c.$Q) AS v RETURN a.id AS id, v",
		"MATCH (a$L1) CALL (a) { MATCH (a)$E(b) RETURN b ORDER BY b.$P DESC, b.id DESC, b.$Q LIMIT 2 } RETURN a.id AS id, b.$Q AS v",
		"MATCH (a$L1) CALL (a) { MATCH (a)$E(b) WITH b LIMIT 1 RETURN count(*) AS c } RETURN sum(c) AS n",
		"MATCH (a$L1) OPTIONAL CALL (a) { MATCH (a)$E(b$L2) WITH b ORDER BY b.$P LIMIT 1 RETURN b.$P AS v } RETURN a.$Q AS g, count(v) AS n",
		"MATCH (a$L1) WITH a ORDER BY COUNT { (a)$E() } DESC, a.id, a.$Q LIMIT 3 RETURN a.id AS id, a.$Q AS v",
	},
}

// heldout24Fill fills a spelling's placeholders at random.
func heldout24Fill(r *rand.Rand, t string) string {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	edge := func() string {
		typ := pick("", ":T", ":U", ":T|U")
		switch r.IntN(3) {
		case 0:
			return "-[" + typ + "]->"
		case 1:
			return "<-[" + typ + "]-"
		}
		return "-[" + typ + "]-"
	}
	ops := []string{"<", "<=", ">", ">=", "=", "<>"}
	return strings.NewReplacer(
		"$L1", pick("", ":A", ":B", ":A|B", ":!B"),
		"$L2", pick("", "", ":A", ":B"),
		"$E", edge(),
		"$F", edge(),
		"$R", pick("", ":T", ":U", ":T|U"),
		"$P", pick("k", "k", "s", "id", "w"),
		"$Q", pick("k", "s", "id"),
		"$OP2", pick(ops...),
		"$OP", pick(ops...),
		"$ID", strconv.Itoa(r.IntN(8)),
	).Replace(t)
}

// TestHeldout24KindsMatchRowMode runs generated spellings of the
// twenty-fourth held-out round's kinds (links whose ends agree, walks
// with a condition on every step, reaching a node within two steps
// backwards, distinct endpoint pairs, neighbourhoods agreeing on one
// value, a group's size beside its part with a pattern, the first
// neighbour in an order) planned, indexed and started from the last node
// against row mode on randomQueryGraph's graphs (keys of mixed kinds,
// repeated ids, parallel relationships and self-loops). The spelling
// `MATCH (a:B)<-[:U]-(c) RETURN a.k + 1 AS g, count(DISTINCT [a, c])`
// found a set count computing a failing key for outer rows with no match
// (keysMayFail in setcount.go): with 700 generated queries, 4 of 4,200
// runs differed before that fix.
// The guards of distinctTupleCount (entity keys, one aggregate) have no
// measured break yet.
func TestHeldout24KindsMatchRowMode(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 7))
	var names []string
	for name := range heldout24Kinds {
		names = append(names, name)
	}
	// Map order is random: sort for a reproducible sequence.
	slices.Sort(names)
	var queries []string
	for len(queries) < 300 {
		forms := heldout24Kinds[names[r.IntN(len(names))]]
		queries = append(queries, heldout24Fill(r, forms[r.IntN(len(forms))]))
	}
	runs, failed, errs := 0, 0, 0
	for _, seed := range []uint64{5, 11} {
		dbs := queryGraphVariants(t, seed, 26, 70, plannedIdxLastRowMode)
		for _, q := range queries {
			want := rowsOrError(dbs["row-mode"], q, nil)
			if strings.HasPrefix(want, "error:") {
				errs++
			}
			for _, v := range []string{"planned", "planned-idx", "last"} {
				runs++
				if got := rowsOrError(dbs[v], q, nil); got != want {
					failed++
					if failed <= 10 {
						t.Errorf("seed %d, %s: %s\n got %s\nwant %s", seed, v, q, got, want)
					}
				}
			}
		}
	}
	t.Logf("%d runs, %d differ from row mode; %d of %d row-mode runs are errors", runs, failed, errs, 2*len(queries))
	if failed > 0 {
		t.Errorf("%d of %d runs differ from row mode", failed, runs)
	}
}
