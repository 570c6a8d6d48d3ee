package metamorphic

// heldout15Questions are the fifteenth held-out round's kinds, where the
// fourteen earlier rounds were thin: CASE inside aggregates with ELSE null
// (count(), sum(), min(), max(), avg() and count(DISTINCT) of a CASE whose
// other branch is null) against ELSE 0, a WITH before, collected lists,
// OPTIONAL MATCH of the same node and CALL { } per class; list slicing
// with negative indices (`l[-2..]`, `l[1..-1]`, `l[..-2][-1]`) against
// sizes, reversed lists and comprehensions over negative ranges; OPTIONAL
// MATCH followed by a WHERE on the optional side against NOT EXISTS,
// COUNT { }, a relationship pattern's own WHERE, CASE in the count and
// max() of the optional value; EXISTS { } inside CASE (searched, simple on
// the boolean, nested) against COUNT { }, pattern predicates and UNION ALL
// of the classes; label expressions (`n:(A|B)&!C`, `n:!A`, `(:A|B)`,
// `n:A|B` in a WHERE) and relationship type expressions (`[r:!R]`,
// `[:!ASKED]`, `NOT r:R`) against OR, NOT, labels(), type() and UNION;
// variable-length relationships with a property map against all() of the
// list, quantified paths with a property map or WHERE and explicit hops;
// `*0..` and `(...)*` bounded by a path length filter; COUNT { } inside
// ORDER BY; WITH * carrying every name; correlated CALL { } with UNION;
// string functions as grouping keys; nested maps and map projections read
// by key path; UNWIND of an index range joined back to the list; date and
// duration arithmetic (a date plus days, months, weekdays from a day
// count); GraphProgram programs of unions, intersections and differences
// with property filters on nodes and relationships.
func heldout15Questions() []Question {
	return []Question{
		// Generic graphs.
		// Per string of A nodes, the nodes of key above 1 counted and their
		// keys summed: CASE with ELSE null in count() and sum(), ELSE 0 in
		// sum(), the test's complement, collected CASEs reduced, the keys
		// collected and filtered, an OPTIONAL MATCH of the node itself
		// with the test on the optional side. sum() of no value is 0.
		{"g-h15-case-agg-else-null", "CASE inside aggregates", Generic, written(false,
			"MATCH (n:A) RETURN n.s AS s, count(CASE WHEN n.k > 1 THEN 1 ELSE null END) AS c, sum(CASE WHEN n.k > 1 THEN n.k ELSE null END) AS t",
			"MATCH (n:A) RETURN n.s AS s, count(CASE WHEN n.k > 1 THEN n END) AS c, sum(CASE WHEN n.k > 1 THEN n.k ELSE 0 END) AS t",
			"MATCH (n:A) RETURN n.s AS s, sum(CASE WHEN n.k > 1 THEN 1 ELSE 0 END) AS c, sum(CASE WHEN n.k <= 1 OR n.k IS NULL THEN 0 ELSE n.k END) AS t",
			"MATCH (n:A) RETURN n.s AS s, size(collect(CASE WHEN n.k > 1 THEN n.k END)) AS c, reduce(x = 0, v IN collect(CASE WHEN n.k > 1 THEN n.k END) | x + v) AS t",
			"MATCH (n:A) WITH n.s AS s, collect(n.k) AS ks RETURN s, size([k IN ks WHERE k > 1]) AS c, reduce(x = 0, k IN [k IN ks WHERE k > 1] | x + k) AS t",
			"MATCH (n:A) OPTIONAL MATCH (m) WHERE m = n AND m.k > 1 RETURN n.s AS s, count(m) AS c, sum(m.k) AS t",
		)},
		// Per string of A nodes, the mean and the greatest key above 0 of
		// their R out-neighbours: avg() and max() of a CASE with ELSE null
		// (null when no key is above 0), the CASE bound in a WITH, NOT of
		// the test falling to the key (null stays null), a simple CASE
		// mapping 0 to null, an OPTIONAL MATCH of the same node with the
		// test, the key bound first.
		{"g-h15-avg-case-null", "CASE inside aggregates", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) RETURN a.s AS s, avg(CASE WHEN b.k > 0 THEN b.k ELSE null END) AS m, max(CASE WHEN b.k > 0 THEN b.k END) AS hi",
			"MATCH (a:A)-[:R]->(b) WITH a, b, CASE WHEN b.k > 0 THEN b.k END AS v RETURN a.s AS s, avg(v) AS m, max(v) AS hi",
			"MATCH (a:A)-[:R]->(b) RETURN a.s AS s, avg(CASE WHEN NOT b.k > 0 THEN null ELSE b.k END) AS m, max(CASE b.k WHEN 0 THEN null ELSE b.k END) AS hi",
			"MATCH (a:A)-[:R]->(b) OPTIONAL MATCH (c) WHERE c = b AND c.k > 0 RETURN a.s AS s, avg(c.k) AS m, max(c.k) AS hi",
			"MATCH (a:A)-[:R]->(b) WITH a.s AS s, b.k AS k RETURN s, avg(CASE WHEN k > 0 THEN k END) AS m, max(CASE WHEN k > 0 THEN k END) AS hi",
		)},
		// Per count of R-or-S relationships out of A nodes, the distinct
		// ends reached by one of weight above 0: count(DISTINCT) of a CASE
		// with ELSE null, collect(DISTINCT) of it, the greatest weight per
		// end, any() over the collected weights, elementIds collected
		// distinct, the type's complement with the weight at least 1.
		{"g-h15-distinct-case-null", "CASE inside aggregates", Generic, written(false,
			"MATCH (a:A)-[r:R|S]->(b) RETURN a.s AS s, count(DISTINCT CASE WHEN r.w > 0 THEN b ELSE null END) AS n",
			"MATCH (a:A)-[r:R|S]->(b) WITH a.s AS s, collect(DISTINCT CASE WHEN r.w > 0 THEN b END) AS bs RETURN s, size(bs) AS n",
			"MATCH (a:A)-[r:R|S]->(b) WITH a.s AS s, b, max(r.w) AS m RETURN s, count(CASE WHEN m > 0 THEN 1 END) AS n",
			"MATCH (a:A)-[r:R|S]->(b) WITH a.s AS s, b, any(x IN collect(r.w) WHERE x > 0) AS hit RETURN s, sum(CASE WHEN hit THEN 1 ELSE 0 END) AS n",
			"MATCH (a:A)-[r:R|S]->(b) RETURN a.s AS s, size(collect(DISTINCT CASE WHEN r.w > 0 THEN elementId(b) END)) AS n",
			"MATCH (a:A)-[r:!T]->(b) RETURN a.s AS s, count(DISTINCT CASE WHEN r.w >= 1 THEN b END) AS n",
		)},
		// Per string of A nodes, the two greatest ids in order (duplicated
		// ids kept): the ordered collect's `[-2..]`, a start of size - 2
		// (a negative start past the front is clamped as -2 is), the
		// descending collect's first two reversed, the reversed list's
		// first two reversed back, a comprehension over range(-2, -1),
		// `[-2..size]`.
		{"g-h15-negative-slices", "list slicing with negative indices", Generic, written(false,
			"MATCH (n:A) WHERE n.id IS NOT NULL WITH n.s AS s, n.id AS id ORDER BY id WITH s, collect(id) AS ids RETURN s, ids[-2..] AS top",
			"MATCH (n:A) WHERE n.id IS NOT NULL WITH n.s AS s, n.id AS id ORDER BY id WITH s, collect(id) AS ids RETURN s, ids[size(ids) - 2..] AS top",
			"MATCH (n:A) WHERE n.id IS NOT NULL WITH n.s AS s, n.id AS id ORDER BY id DESC WITH s, collect(id) AS ids RETURN s, reverse(ids[..2]) AS top",
			"MATCH (n:A) WHERE n.id IS NOT NULL WITH n.s AS s, n.id AS id ORDER BY id WITH s, collect(id) AS ids RETURN s, reverse(reverse(ids)[..2]) AS top",
			"MATCH (n:A) WHERE n.id IS NOT NULL WITH n.s AS s, n.id AS id ORDER BY id WITH s, collect(id) AS ids RETURN s, [i IN range(-2, -1) WHERE size(ids) + i >= 0 | ids[i]] AS top",
			"MATCH (n:A) WHERE n.id IS NOT NULL WITH n.s AS s, n.id AS id ORDER BY id WITH s, collect(id) AS ids RETURN s, ids[-2..size(ids)] AS top",
		)},
		// Per A node, its R out-neighbours' keys in order without the least
		// and the greatest: `[1..-1]`, `[1..size - 1]`, a comprehension of
		// the middle indices, the reversed list's tail reversed and cut,
		// tail() then `[..-1]`, the descending list's middle reversed.
		{"g-h15-slice-trim", "list slicing with negative indices", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, ks[1..-1] AS mid",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, ks[1..size(ks) - 1] AS mid",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, [i IN range(1, size(ks) - 2) | ks[i]] AS mid",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, reverse(reverse(ks)[1..])[1..] AS mid",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, tail(ks)[..-1] AS mid",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k DESC WITH a, collect(k) AS ks RETURN a.id AS id, reverse(ks[1..-1]) AS mid",
		)},
		// A nodes without an R out-neighbour of key above 2, per string:
		// OPTIONAL MATCH with the test on the optional side counted, NOT
		// EXISTS, an empty comprehension, the optional node collected and
		// empty, COUNT { } = 0, the optional side's greatest key not above
		// 2 (a null key is no key above 2), the optional node null.
		{"g-h15-optional-where", "OPTIONAL MATCH with WHERE on the optional side", Generic, written(false,
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WHERE b.k > 2 WITH a, count(b) AS c WHERE c = 0 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE NOT EXISTS { (a)-[:R]->(b) WHERE b.k > 2 } RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE size([(a)-[:R]->(x) WHERE x.k > 2 | x]) = 0 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WHERE b.k > 2 WITH a, collect(b) AS bs WHERE size(bs) = 0 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE COUNT { (a)-[:R]->(b) WHERE b.k > 2 } = 0 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WITH a, max(b.k) AS m WHERE m IS NULL OR m <= 2 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WHERE b.k > 2 WITH a, b WHERE b IS NULL RETURN a.s AS s, count(*) AS n",
		)},
		// Per key of A nodes, their S relationships of weight at least 2
		// and the nodes: OPTIONAL MATCH with the test on the optional side,
		// COUNT { } summed, CALL { } of the optional count, a comprehension's
		// size, CASE in the count of an unfiltered OPTIONAL MATCH, the
		// relationship pattern's own WHERE.
		{"g-h15-optional-where-counts", "OPTIONAL MATCH with WHERE on the optional side", Generic, written(false,
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:S]->(b) WHERE r.w >= 2 RETURN a.k AS k, count(r) AS n, count(DISTINCT a) AS nodes",
			"MATCH (a:A) RETURN a.k AS k, sum(COUNT { (a)-[r:S]->() WHERE r.w >= 2 }) AS n, count(a) AS nodes",
			"MATCH (a:A) CALL { WITH a OPTIONAL MATCH (a)-[r:S]->() WHERE r.w >= 2 RETURN count(r) AS c } RETURN a.k AS k, sum(c) AS n, count(*) AS nodes",
			"MATCH (a:A) WITH a, [(a)-[r:S]->() WHERE r.w >= 2 | r] AS rs RETURN a.k AS k, sum(size(rs)) AS n, count(*) AS nodes",
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:S]->() RETURN a.k AS k, count(CASE WHEN r.w >= 2 THEN r END) AS n, count(DISTINCT a) AS nodes",
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:S WHERE r.w >= 2]->() RETURN a.k AS k, count(r) AS n, count(DISTINCT a) AS nodes",
		)},
		// A nodes per class (both R out and R in, out only, no R out; a
		// self-loop is both): EXISTS { } nested in CASE, EXISTS under AND,
		// COUNT { } bound first, pattern predicates in CASE, OPTIONAL MATCH
		// counts, a UNION ALL of the classes, a simple CASE on the EXISTS.
		{"g-h15-exists-in-case", "EXISTS inside CASE", Generic, written(false,
			"MATCH (a:A) RETURN CASE WHEN EXISTS { (a)-[:R]->() } THEN CASE WHEN EXISTS { (a)<-[:R]-() } THEN 'both' ELSE 'out' END ELSE 'none' END AS c, count(*) AS n",
			"MATCH (a:A) RETURN CASE WHEN EXISTS { (a)-[:R]->() } AND EXISTS { (a)<-[:R]-() } THEN 'both' WHEN EXISTS { (a)-[:R]->() } THEN 'out' ELSE 'none' END AS c, count(*) AS n",
			"MATCH (a:A) WITH a, COUNT { (a)-[:R]->() } AS o, COUNT { (a)<-[:R]-() } AS i RETURN CASE WHEN o = 0 THEN 'none' WHEN i = 0 THEN 'out' ELSE 'both' END AS c, count(*) AS n",
			"MATCH (a:A) RETURN CASE WHEN (a)-[:R]->() AND (a)<-[:R]-() THEN 'both' WHEN (a)-[:R]->() THEN 'out' ELSE 'none' END AS c, count(*) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[o:R]->() OPTIONAL MATCH (a)<-[i:R]-() WITH a, count(o) AS co, count(i) AS ci RETURN CASE WHEN co = 0 THEN 'none' WHEN ci = 0 THEN 'out' ELSE 'both' END AS c, count(*) AS n",
			"CALL { MATCH (a:A) WHERE NOT EXISTS { (a)-[:R]->() } RETURN 'none' AS c UNION ALL MATCH (a:A)-[:R]->() WITH DISTINCT a RETURN CASE WHEN EXISTS { (a)<-[:R]-() } THEN 'both' ELSE 'out' END AS c } RETURN c, count(*) AS n",
			"MATCH (a:A) RETURN CASE EXISTS { (a)-[:R]->() } WHEN false THEN 'none' ELSE CASE EXISTS { (a)<-[:R]-() } WHEN true THEN 'both' ELSE 'out' END END AS c, count(*) AS n",
		)},
		// Nodes labelled A or B but not C, per string: a label expression
		// `(A|B)&!C`, OR and NOT, `A|B` then NOT, a UNION of the two
		// labels, labels() tested, `!C` then `A|B` in the WHERE, `&` bound
		// tighter than `|`.
		{"g-h15-label-expressions", "label expressions", Generic, written(false,
			"MATCH (n:(A|B)&!C) RETURN n.s AS s, count(*) AS n",
			"MATCH (n) WHERE (n:A OR n:B) AND NOT n:C RETURN n.s AS s, count(*) AS n",
			"MATCH (n:A|B) WHERE NOT n:C RETURN n.s AS s, count(*) AS n",
			"CALL { MATCH (n:A) WHERE NOT n:C RETURN n UNION MATCH (n:B) WHERE NOT n:C RETURN n } RETURN n.s AS s, count(*) AS n",
			"MATCH (n) WHERE any(l IN labels(n) WHERE l IN ['A', 'B']) AND NOT 'C' IN labels(n) RETURN n.s AS s, count(*) AS n",
			"MATCH (n:!C) WHERE n:A|B RETURN n.s AS s, count(*) AS n",
			"MATCH (n:A&!C|B&!C) RETURN n.s AS s, count(*) AS n",
		)},
		// A nodes with an R out-neighbour that is not a B node, per string:
		// EXISTS with NOT b:B, a pattern predicate ending in `(:!B)`, the
		// match made distinct, more R out-neighbours than those that are
		// B, any() over a comprehension, labels() in a comprehension.
		{"g-h15-negated-end-label", "pattern predicates with negated labels", Generic, written(false,
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->(b) WHERE NOT b:B } RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE (a)-[:R]->(:!B) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:R]->(b:!B) WITH DISTINCT a RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE COUNT { (a)-[:R]->() } > COUNT { (a)-[:R]->(:B) } RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE any(b IN [(a)-[:R]->(x) | x] WHERE NOT b:B) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE size([(a)-[:R]->(x) WHERE NOT 'B' IN labels(x) | x]) > 0 RETURN a.s AS s, count(*) AS n",
		)},
		// Relationships out of A nodes that are not R, per type: `[r:!R]`,
		// `[r:S|T]`, type() compared, NOT r:R, a comprehension of types,
		// a UNION ALL of the two types.
		{"g-h15-type-expressions", "relationship type expressions", Generic, written(false,
			"MATCH (:A)-[r:!R]->() RETURN type(r) AS t, count(*) AS n",
			"MATCH (:A)-[r:S|T]->() RETURN type(r) AS t, count(*) AS n",
			"MATCH (:A)-[r]->() WHERE type(r) <> 'R' RETURN type(r) AS t, count(*) AS n",
			"MATCH (:A)-[r]->() WHERE NOT r:R RETURN type(r) AS t, count(*) AS n",
			"MATCH (a:A) UNWIND [(a)-[r]->() WHERE type(r) IN ['S', 'T'] | type(r)] AS t RETURN t, count(*) AS n",
			"CALL { MATCH (:A)-[r:S]->() RETURN r UNION ALL MATCH (:A)-[r:T]->() RETURN r } RETURN type(r) AS t, count(*) AS n",
		)},
		// Relationships from an A or B node to a node that is not A, per
		// type: label expressions at both ends, OR and NOT, a UNION of the
		// two start labels (each relationship once), `!A` at the end with
		// `A|B` in the WHERE, labels() of the ends, all ends counted less
		// those that are A.
		{"g-h15-label-expression-ends", "label expressions", Generic, written(false,
			"MATCH (:A|B)-[r]->(:!A) RETURN type(r) AS t, count(*) AS n",
			"MATCH (x)-[r]->(y) WHERE (x:A OR x:B) AND NOT y:A RETURN type(r) AS t, count(*) AS n",
			"CALL { MATCH (x:A)-[r]->(y) WHERE NOT y:A RETURN r UNION MATCH (x:B)-[r]->(y) WHERE NOT y:A RETURN r } RETURN type(r) AS t, count(*) AS n",
			"MATCH (x)-[r]->(y:!A) WHERE x:A|B RETURN type(r) AS t, count(*) AS n",
			"MATCH ()-[r]->() WHERE any(l IN labels(startNode(r)) WHERE l IN ['A', 'B']) AND NOT 'A' IN labels(endNode(r)) RETURN type(r) AS t, count(*) AS n",
			"MATCH (x:A|B)-[r]->(y) WITH type(r) AS t, count(*) - count(CASE WHEN y:A THEN 1 END) AS n WHERE n > 0 RETURN t, n",
		)},
		// Per string of the end, R paths of one or two relationships of
		// weight 1 from the $a nodes: a property map on the variable-length
		// relationship, all() of the list, a quantified path with a
		// property map and with a WHERE, a UNION ALL of one and two hops,
		// none() of another weight, the filtered list's size.
		{"g-h15-var-length-property-map", "variable-length with a property map", Generic, written(false,
			"MATCH (a {id: $a})-[:R*1..2 {w: 1}]->(b) RETURN b.s AS s, count(*) AS n",
			"MATCH (a {id: $a})-[rs:R*1..2]->(b) WHERE all(r IN rs WHERE r.w = 1) RETURN b.s AS s, count(*) AS n",
			"MATCH (a {id: $a}) (()-[r:R {w: 1}]->()){1,2} (b) RETURN b.s AS s, count(*) AS n",
			"MATCH (a {id: $a}) (()-[r:R WHERE r.w = 1]->()){1,2} (b) RETURN b.s AS s, count(*) AS n",
			"CALL { MATCH (a {id: $a})-[:R {w: 1}]->(b) RETURN b UNION ALL MATCH (a {id: $a})-[:R {w: 1}]->()-[:R {w: 1}]->(b) RETURN b } RETURN b.s AS s, count(*) AS n",
			"MATCH p = (a {id: $a})-[:R*1..2]->(b) WHERE none(r IN relationships(p) WHERE r.w <> 1 OR r.w IS NULL) RETURN b.s AS s, count(*) AS n",
			"MATCH (a {id: $a})-[rs:R*1..2]->(b) WHERE size([r IN rs WHERE r.w = 1]) = size(rs) RETURN b.s AS s, count(*) AS n",
		)},
		// Per length, the R paths of at most two relationships out of the
		// $a nodes (the empty path included): `*0..2`, `*0..` with a length
		// filter, the list's size, a quantified path `*` with a length
		// filter, a wider bound filtered by IN, `*0..` with the length
		// below 3.
		{"g-h15-zero-bounded-by-length", "*0.. bounded by a path length filter", Generic, written(false,
			"MATCH p = (a {id: $a})-[:R*0..2]->(b) RETURN length(p) AS len, count(*) AS n",
			"MATCH p = (a {id: $a})-[:R*0..]->(b) WHERE length(p) <= 2 RETURN length(p) AS len, count(*) AS n",
			"MATCH (a {id: $a})-[rs:R*0..]->(b) WHERE size(rs) <= 2 RETURN size(rs) AS len, count(*) AS n",
			"MATCH p = (a {id: $a}) (()-[:R]->())* (b) WHERE length(p) <= 2 RETURN length(p) AS len, count(*) AS n",
			"MATCH p = (a {id: $a})-[:R*0..5]->(b) WHERE length(p) IN [0, 1, 2] RETURN length(p) AS len, count(*) AS n",
			"MATCH p = (a {id: $a})-[:R*0..]->(b) WHERE length(p) < 3 RETURN length(p) AS len, count(*) AS n",
		)},
		// The first five A nodes by S out-degree then id: COUNT { } as a
		// column, COUNT { } in the ORDER BY, OPTIONAL MATCH counts, WITH
		// ORDER BY COUNT { } LIMIT then the count, a comprehension's
		// size, the ordered maps collected and cut.
		{"g-h15-count-in-order-by", "COUNT { } inside ORDER BY", Generic, written(true,
			"MATCH (n:A) RETURN n.id AS id, COUNT { (n)-[:S]->() } AS d ORDER BY d DESC, id LIMIT 5",
			"MATCH (n:A) RETURN n.id AS id, COUNT { (n)-[:S]->() } AS d ORDER BY COUNT { (n)-[:S]->() } DESC, n.id LIMIT 5",
			"MATCH (n:A) OPTIONAL MATCH (n)-[r:S]->() WITH n, count(r) AS d RETURN n.id AS id, d ORDER BY d DESC, id LIMIT 5",
			"MATCH (n:A) WITH n ORDER BY COUNT { (n)-[:S]->() } DESC, n.id LIMIT 5 RETURN n.id AS id, COUNT { (n)-[:S]->() } AS d ORDER BY d DESC, id",
			"MATCH (n:A) RETURN n.id AS id, size([(n)-[:S]->() | 1]) AS d ORDER BY d DESC, id LIMIT 5",
			"MATCH (n:A) WITH n, COUNT { (n)-[:S]->() } AS d ORDER BY d DESC, n.id WITH collect({id: n.id, d: d})[..5] AS top UNWIND top AS t RETURN t.id AS id, t.d AS d",
		)},
		// R relationships out of A nodes to a node of greater key, per
		// string: the test in the MATCH's WHERE, after WITH *, a WITH *
		// between two MATCH clauses with a difference added, WITH * and a
		// new name twice, a constant carried by WITH *, the test bound by
		// WITH * first.
		{"g-h15-with-star", "WITH *", Generic, written(false,
			"MATCH (a:A)-[r:R]->(b) WHERE b.k > a.k RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[r:R]->(b) WITH * WHERE b.k > a.k RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WITH * MATCH (a)-[r:R]->(b) WITH *, b.k - a.k AS d WHERE d > 0 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[r:R]->(b) WITH *, a.s AS s WITH * WHERE b.k > a.k RETURN s, count(r) AS n",
			"WITH 1 AS one MATCH (a:A)-[r:R]->(b) WITH * WHERE b.k > a.k + one - 1 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[r:R]->(b) WITH *, b.k > a.k AS up WHERE up RETURN a.s AS s, count(*) AS n",
		)},
		// Per string of A nodes, their distinct R out-neighbours and S
		// in-neighbours (counted once): a correlated CALL { } with UNION,
		// both types undirected with the direction tested, comprehensions
		// concatenated and made distinct, an uncorrelated UNION of pairs,
		// pattern predicates under OR, a COLLECT { } with UNION.
		{"g-h15-call-union-correlated", "CALL { } with UNION", Generic, written(false,
			"MATCH (a:A) CALL { WITH a MATCH (a)-[:R]->(x) RETURN x UNION WITH a MATCH (a)<-[:S]-(x) RETURN x } RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[r:R|S]-(x) WHERE (type(r) = 'R' AND startNode(r) = a) OR (type(r) = 'S' AND endNode(r) = a) WITH DISTINCT a, x RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WITH a, [(a)-[:R]->(x) | x] + [(a)<-[:S]-(x) | x] AS xs UNWIND xs AS x WITH DISTINCT a, x RETURN a.s AS s, count(*) AS n",
			"CALL { MATCH (a:A)-[:R]->(x) RETURN a, x UNION MATCH (a:A)<-[:S]-(x) RETURN a, x } RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A), (x) WHERE (a)-[:R]->(x) OR (a)<-[:S]-(x) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WITH a, size(COLLECT { MATCH (a)-[:R]->(x) RETURN x UNION MATCH (a)<-[:S]-(x) RETURN x }) AS c WHERE c > 0 RETURN a.s AS s, sum(c) AS n",
		)},
		// A nodes per upper-cased string joined to the key: toUpper() and
		// toString(), upper() of a trimmed string, the upper-cased string
		// bound first, the first letter and the last digit, the reversed
		// key and string, the concatenation upper-cased (digits do not
		// change).
		{"g-h15-string-keys", "string functions as grouping keys", Generic, written(false,
			"MATCH (n:A) RETURN toUpper(n.s) + toString(n.k) AS key, count(*) AS n",
			"MATCH (n:A) RETURN upper(trim('  ' + n.s + ' ')) + toString(n.k) AS key, count(*) AS n",
			"MATCH (n:A) WITH n, toUpper(n.s) AS u RETURN u + toString(n.k) AS key, count(*) AS n",
			"MATCH (n:A) RETURN left(toUpper(n.s + 'x'), 1) + right('0' + toString(n.k), 1) AS key, count(*) AS n",
			"MATCH (n:A) RETURN reverse(toString(n.k) + toUpper(n.s)) AS key, count(*) AS n",
			"MATCH (n:A) RETURN toUpper(n.s + toString(n.k)) AS key, count(*) AS n",
		)},
		// Per string of A nodes, their R out-neighbours' keys counted and
		// summed: directly, nested maps read by key path, a map projection
		// nesting one, collected nested maps filtered and reduced, a
		// comprehension of maps unwound, a list inside a map indexed.
		{"g-h15-nested-maps", "nested maps and map projections", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) RETURN a.s AS s, count(b.k) AS n, sum(b.k) AS t",
			"MATCH (a:A)-[:R]->(b) WITH {src: {s: a.s}, dst: {k: b.k}} AS m RETURN m.src.s AS s, count(m.dst.k) AS n, sum(m.dst.k) AS t",
			"MATCH (a:A)-[:R]->(b) WITH a {.s, out: b {.k}} AS m RETURN m.s AS s, count(m.out.k) AS n, sum(m.out.k) AS t",
			"MATCH (a:A)-[:R]->(b) WITH a.s AS s, collect({v: {k: b.k}}) AS ms RETURN s, size([m IN ms WHERE m.v.k IS NOT NULL]) AS n, reduce(t = 0, m IN ms | t + coalesce(m.v.k, 0)) AS t",
			"MATCH (a:A) WITH a, [(a)-[:R]->(b) | {k: b.k}] AS ms WHERE size(ms) > 0 UNWIND ms AS m RETURN a.s AS s, count(m.k) AS n, sum(m.k) AS t",
			"MATCH (a:A)-[:R]->(b) WITH {x: [a.s, {k: b.k}]} AS m RETURN m.x[0] AS s, count(m.x[1].k) AS n, sum(m.x[1]['k']) AS t",
		)},
		// Per A node, the sum of each R out-neighbour key times its
		// position in the ordered keys: UNWIND of the index range joined
		// back to the list, reduce() over the range, a one-based range
		// read with negative indices, reduce() carrying the position, the
		// index and element bound before the sum.
		{"g-h15-unwind-index-join", "UNWIND of an index range joined back", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks UNWIND range(0, size(ks) - 1) AS i WITH a, sum(i * ks[i]) AS w RETURN a.id AS id, w",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, reduce(t = 0, i IN range(0, size(ks) - 1) | t + i * ks[i]) AS w",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks UNWIND range(1, size(ks)) AS j WITH a, sum((j - 1) * ks[j - 1 - size(ks)]) AS w RETURN a.id AS id, w",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, reduce(acc = [0, 0], k IN ks | [acc[0] + acc[1] * k, acc[1] + 1])[0] AS w",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks UNWIND range(0, size(ks) - 1) AS i WITH a, i, ks[i] AS k WITH a, sum(i * k) AS w RETURN a.id AS id, w",
		)},
		// A nodes per year and month of the 28th of month 1 + id % 12 in
		// year 2000 + key, ten days on (always the next month): a duration
		// map, an ISO duration string, the first of the month plus 37 days,
		// the date bound first, the month's start plus a month, months
		// counted as integers, the date truncated to its month.
		{"g-h15-date-arithmetic", "date and duration arithmetic", Generic, written(false,
			"MATCH (n:A) WHERE n.k IS NOT NULL AND n.id IS NOT NULL WITH date({year: 2000 + n.k, month: 1 + n.id % 12, day: 28}) + duration({days: 10}) AS d RETURN d.year AS y, d.month AS m, count(*) AS n",
			"MATCH (n:A) WHERE n.k IS NOT NULL AND n.id IS NOT NULL WITH date({year: 2000 + n.k, month: 1 + n.id % 12, day: 28}) + duration('P10D') AS d RETURN d.year AS y, d.month AS m, count(*) AS n",
			"MATCH (n:A) WHERE n.k IS NOT NULL AND n.id IS NOT NULL WITH date({year: 2000 + n.k, month: 1 + n.id % 12, day: 1}) + duration({days: 37}) AS d RETURN d.year AS y, d.month AS m, count(*) AS n",
			"MATCH (n:A) WHERE n.k IS NOT NULL AND n.id IS NOT NULL WITH date({year: 2000 + n.k, month: 1 + n.id % 12, day: 28}) AS d0 WITH d0 + duration({days: 10}) AS d RETURN d.year AS y, d.month AS m, count(*) AS n",
			"MATCH (n:A) WHERE n.k IS NOT NULL AND n.id IS NOT NULL WITH date({year: 2000 + n.k, month: 1 + n.id % 12}) + duration({months: 1}) AS d RETURN d.year AS y, d.month AS m, count(*) AS n",
			"MATCH (n:A) WHERE n.k IS NOT NULL AND n.id IS NOT NULL WITH (2000 + n.k) * 12 + n.id % 12 + 1 AS ym RETURN ym / 12 AS y, ym % 12 + 1 AS m, count(*) AS n",
			"MATCH (n:A) WHERE n.k IS NOT NULL AND n.id IS NOT NULL WITH date.truncate('month', date({year: 2000 + n.k, month: 1 + n.id % 12, day: 28}) + duration({days: 10})) AS d RETURN d.year AS y, d.month AS m, count(*) AS n",
		)},
		// A or B nodes of key at least 2 whose string is not 'a': the
		// Cypher test, the program of two filtered unions less the 'a'
		// nodes, a union intersected with the keyed nodes less the 'a'
		// nodes, a label expression with the null string kept, a UNION
		// filtered after.
		{"g-h15-program-property-filters", "GraphProgram with property filters", Generic, written(false,
			"MATCH (n) WHERE (n:A OR n:B) AND n.k >= 2 AND NOT coalesce(n.s = 'a', false) RETURN count(n) AS n",
			programForm(union("MATCH (n:A) WHERE n.k >= 2 RETURN n"), union("MATCH (n:B) WHERE n.k >= 2 RETURN n"), diff("MATCH (n {s: 'a'}) RETURN n")),
			programForm(union("MATCH (n:A|B) RETURN n"), intersect("MATCH (n) WHERE n.k >= 2 RETURN n"), diff("MATCH (n) WHERE n.s = 'a' RETURN n")),
			"MATCH (n:A|B) WHERE n.k >= 2 AND (n.s IS NULL OR n.s <> 'a') RETURN count(n) AS n",
			"CALL { MATCH (n:A) WHERE n.k >= 2 RETURN n UNION MATCH (n:B) WHERE n.k >= 2 RETURN n } WITH n WHERE NOT n.s = 'a' OR n.s IS NULL RETURN count(n) AS n",
		)},
		// Nodes that an A node reaches by an R of weight at least 2 and no
		// T reaches: EXISTS and NOT EXISTS, the program of a union less
		// the T ends, the program with each weight a union (weights are 0
		// to 3), a pattern test after the match, collected lists'
		// difference, COUNT { } with a relationship WHERE.
		{"g-h15-program-relationship-filters", "GraphProgram with property filters", Generic, written(false,
			"MATCH (x) WHERE EXISTS { (:A)-[r:R]->(x) WHERE r.w >= 2 } AND NOT EXISTS { ()-[:T]->(x) } RETURN count(x) AS n",
			programForm(union("MATCH (:A)-[r:R]->(x) WHERE r.w >= 2 RETURN x"), diff("MATCH ()-[:T]->(x) RETURN x")),
			programForm(union("MATCH (:A)-[:R {w: 2}]->(x) RETURN x"), union("MATCH (:A)-[:R {w: 3}]->(x) RETURN x"), diff("MATCH (x)<-[:T]-() RETURN x")),
			"MATCH (:A)-[r:R]->(x) WHERE r.w >= 2 AND NOT ()-[:T]->(x) RETURN count(DISTINCT x) AS n",
			"MATCH (:A)-[r:R]->(x) WHERE r.w IN [2, 3] WITH collect(DISTINCT x) AS xs OPTIONAL MATCH ()-[:T]->(y) WITH xs, collect(DISTINCT y) AS ys RETURN size([x IN xs WHERE NOT x IN ys]) AS n",
			"MATCH (x) WHERE COUNT { (:A)-[r:R WHERE r.w >= 2]->(x) } > 0 AND COUNT { (x)<-[:T]-() } = 0 RETURN count(x) AS n",
		)},

		// Users graphs.
		// The hub's out-neighbours and those of them linking to the other
		// user: OPTIONAL MATCH with the test on the optional side made
		// distinct, EXISTS { } in CASE in count(), a comprehension over
		// the collected neighbours, count(DISTINCT) of a CASE, a pattern
		// predicate in CASE.
		{"u-h15-optional-where", "OPTIONAL MATCH with WHERE on the optional side", Users, written(false,
			"MATCH (h:User {id: $hub})-->(v) OPTIONAL MATCH (v)-->(o) WHERE o.id = $other WITH DISTINCT v, o IS NOT NULL AS hit RETURN count(*) AS vs, count(CASE WHEN hit THEN 1 END) AS hits",
			"MATCH (h:User {id: $hub})-->(v) WITH DISTINCT v RETURN count(*) AS vs, count(CASE WHEN EXISTS { (v)-->(o) WHERE o.id = $other } THEN 1 END) AS hits",
			"MATCH (h:User {id: $hub})-->(v) WITH collect(DISTINCT v) AS vs RETURN size(vs) AS vs, size([v IN vs WHERE (v)-->(:User {id: $other})]) AS hits",
			"MATCH (h:User {id: $hub})-->(v) OPTIONAL MATCH (v)-->(o {id: $other}) RETURN count(DISTINCT v) AS vs, count(DISTINCT CASE WHEN o IS NOT NULL THEN v END) AS hits",
			"MATCH (h:User {id: $hub})-->(v) RETURN count(DISTINCT v) AS vs, count(DISTINCT CASE WHEN (v)-->({id: $other}) THEN v END) AS hits",
		)},
		// The hub's five out-neighbours other than itself sharing the most
		// out-neighbours with it, ties by id (the hub's self-loop would pair
		// two relationships in COUNT { } where the list tests one): COUNT
		// { } as a column, COUNT { } in the ORDER BY,
		// OPTIONAL MATCH counts, WITH ORDER BY COUNT { } LIMIT then the
		// count, a comprehension's size, the hub's neighbours collected
		// and tested.
		{"u-h15-count-in-order-by", "COUNT { } inside ORDER BY", Users, written(true,
			"MATCH (h:User {id: $hub})-->(v) WHERE v <> h WITH h, v, COUNT { (h)-->(w)<--(v) } AS c RETURN v.id AS id, c ORDER BY c DESC, id LIMIT 5",
			"MATCH (h:User {id: $hub})-->(v) WHERE v <> h RETURN v.id AS id, COUNT { (h)-->(w)<--(v) } AS c ORDER BY COUNT { (h)-->(w)<--(v) } DESC, v.id LIMIT 5",
			"MATCH (h:User {id: $hub})-->(v) WHERE v <> h OPTIONAL MATCH (h)-->(w)<--(v) WITH v, count(w) AS c RETURN v.id AS id, c ORDER BY c DESC, id LIMIT 5",
			"MATCH (h:User {id: $hub})-->(v) WHERE v <> h WITH h, v ORDER BY COUNT { (h)-->(w)<--(v) } DESC, v.id LIMIT 5 RETURN v.id AS id, COUNT { (h)-->(w)<--(v) } AS c ORDER BY c DESC, id",
			"MATCH (h:User {id: $hub})-->(v) WHERE v <> h RETURN v.id AS id, size([(h)-->(w)<--(v) | w]) AS c ORDER BY c DESC, id LIMIT 5",
			"MATCH (h:User {id: $hub})-->(w) WITH h, collect(w) AS ws MATCH (h)-->(v) WHERE v <> h RETURN v.id AS id, size([w IN ws WHERE (v)-->(w)]) AS c ORDER BY c DESC, id LIMIT 5",
		)},
		// Users within two links of the hub (the hub included): `*0..2`,
		// `*0..` with a length filter, the list's size, a wider bound
		// filtered, a quantified path `*` with a length filter, IN a
		// range.
		{"u-h15-zero-bounded-by-length", "*0.. bounded by a path length filter", Users, written(false,
			"MATCH (h:User {id: $hub})-[*0..2]->(v) RETURN count(DISTINCT v) AS n",
			"MATCH p = (h:User {id: $hub})-[*0..]->(v) WHERE length(p) <= 2 RETURN count(DISTINCT v) AS n",
			"MATCH (h:User {id: $hub})-[rs*0..]->(v) WHERE size(rs) < 3 RETURN count(DISTINCT v) AS n",
			"MATCH p = (h:User {id: $hub})-[*0..4]->(v) WHERE length(p) <= 2 RETURN count(DISTINCT v) AS n",
			"MATCH p = (h:User {id: $hub}) (()-->())* (v) WHERE length(p) <= 2 RETURN count(DISTINCT v) AS n",
			"MATCH (h:User {id: $hub}) MATCH p = (h)-[*0..]->(v) WHERE length(p) IN range(0, 2) RETURN count(DISTINCT v) AS n",
		)},
		// The hub's out-links per class of their end (links back; shares
		// an out-neighbour with the hub; neither): EXISTS { } in CASE,
		// pattern predicates in CASE, COUNT { } bound first, a simple CASE
		// on the EXISTS, collected neighbours tested, a UNION ALL of the
		// classes.
		{"u-h15-exists-in-case", "EXISTS inside CASE", Users, written(false,
			"MATCH (h:User {id: $hub})-->(v) RETURN CASE WHEN EXISTS { (v)-->(h) } THEN 'mutual' WHEN EXISTS { (v)-->()<--(h) } THEN 'shared' ELSE 'other' END AS c, count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) RETURN CASE WHEN (v)-->(h) THEN 'mutual' WHEN (v)-->()<--(h) THEN 'shared' ELSE 'other' END AS c, count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) WITH h, v, COUNT { (v)-->(h) } AS back RETURN CASE WHEN back > 0 THEN 'mutual' WHEN COUNT { (v)-->()<--(h) } > 0 THEN 'shared' ELSE 'other' END AS c, count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) RETURN CASE EXISTS { (v)-->(h) } WHEN true THEN 'mutual' ELSE CASE WHEN EXISTS { (v)-->()<--(h) } THEN 'shared' ELSE 'other' END END AS c, count(*) AS n",
			"MATCH (h:User {id: $hub})-->(w) WITH h, collect(w) AS ws MATCH (h)-->(v) RETURN CASE WHEN h IN [(v)-->(x) | x] THEN 'mutual' WHEN any(x IN [(v)-->(y) | y] WHERE x IN ws) THEN 'shared' ELSE 'other' END AS c, count(*) AS n",
			"CALL { MATCH (h:User {id: $hub})-->(v) WHERE (v)-->(h) RETURN 'mutual' AS c UNION ALL MATCH (h:User {id: $hub})-->(v) WHERE NOT (v)-->(h) AND (v)-->()<--(h) RETURN 'shared' AS c UNION ALL MATCH (h:User {id: $hub})-->(v) WHERE NOT (v)-->(h) AND NOT (v)-->()<--(h) RETURN 'other' AS c } RETURN c, count(*) AS n",
		)},
		// Users both the hub and the other user link to that do not link
		// back to the hub: pattern tests, the program of a union
		// intersected less the links to the hub, the same in another
		// order, two links into one node, a collected list tested, EXISTS
		// and NOT EXISTS from the hub's links.
		{"u-h15-program-two-users", "GraphProgram with intersection and difference", Users, written(false,
			"MATCH (v) WHERE (:User {id: $hub})-->(v) AND (:User {id: $other})-->(v) AND NOT (v)-->(:User {id: $hub}) RETURN count(v) AS n",
			programForm(union("MATCH (:User {id: $hub})-->(v) RETURN v"), intersect("MATCH (:User {id: $other})-->(v) RETURN v"), diff("MATCH (v)-->(:User {id: $hub}) RETURN v")),
			programForm(union("MATCH (:User {id: $other})-->(v) RETURN v"), diff("MATCH (v)-->(:User {id: $hub}) RETURN v"), intersect("MATCH (:User {id: $hub})-->(v) RETURN v")),
			"MATCH (:User {id: $hub})-->(v)<--(:User {id: $other}) WHERE NOT (v)-->(:User {id: $hub}) RETURN count(DISTINCT v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH collect(DISTINCT v) AS a MATCH (:User {id: $other})-->(w) WHERE w IN a AND NOT EXISTS { (w)-->(:User {id: $hub}) } RETURN count(DISTINCT w) AS n",
			"MATCH (h:User {id: $hub})-->(v) WHERE EXISTS { (v)<--(:User {id: $other}) } AND NOT EXISTS { (v)-->(h) } RETURN count(DISTINCT v) AS n",
		)},
		// The last three ids of the hub's out-neighbours in order, and how
		// many lie strictly between the least and the greatest: negative
		// slices, the descending list cut and reversed, a comprehension
		// over range(-3, -1), the reversed list's first three reversed
		// back with tail().
		{"u-h15-negative-slices", "list slicing with negative indices", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH v.id AS id ORDER BY id WITH collect(id) AS ids RETURN ids[-3..] AS top, size(ids[1..-1]) AS mid",
			"MATCH (:User {id: $hub})-->(v) WITH v.id AS id ORDER BY id DESC WITH collect(id) AS ids RETURN reverse(ids[..3]) AS top, CASE WHEN size(ids) < 2 THEN 0 ELSE size(ids) - 2 END AS mid",
			"MATCH (:User {id: $hub})-->(v) WITH v.id AS id ORDER BY id WITH collect(id) AS ids RETURN [i IN range(-3, -1) WHERE size(ids) + i >= 0 | ids[i]] AS top, size(ids[1..size(ids) - 1]) AS mid",
			"MATCH (:User {id: $hub})-->(v) WITH v.id AS id ORDER BY id WITH collect(id) AS ids RETURN reverse(reverse(ids)[..3]) AS top, size(tail(ids)[..-1]) AS mid",
			"MATCH (:User {id: $hub})-->(v) WITH v.id AS id ORDER BY id WITH collect(id) AS ids RETURN ids[CASE WHEN size(ids) < 3 THEN 0 ELSE size(ids) - 3 END..] AS top, size(ids[1..][..-1]) AS mid",
		)},

		// Movies.
		// Per movie of the person, the co-actors born before 1960 and the
		// earliest birth year among them: CASE with ELSE null in count()
		// and min(), ELSE 0 in sum(), the birth years collected and
		// reduced, the year bound first, the ordered CASEs' head, all
		// co-actors less the others.
		{"m-h15-case-agg-else-null", "CASE inside aggregates", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) RETURN m.title AS title, count(CASE WHEN c.born < 1960 THEN 1 ELSE null END) AS older, min(CASE WHEN c.born < 1960 THEN c.born ELSE null END) AS first",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) RETURN m.title AS title, sum(CASE WHEN c.born < 1960 THEN 1 ELSE 0 END) AS older, min(CASE WHEN c.born >= 1960 THEN null ELSE c.born END) AS first",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WITH m.title AS title, collect(c.born) AS bs RETURN title, size([b IN bs WHERE b < 1960]) AS older, reduce(x = null, b IN bs | CASE WHEN b < 1960 AND (x IS NULL OR b < x) THEN b ELSE x END) AS first",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WITH m.title AS title, c.born AS b RETURN title, count(CASE WHEN b < 1960 THEN b END) AS older, min(CASE WHEN b < 1960 THEN b END) AS first",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WITH m, c ORDER BY c.born WITH m.title AS title, collect(CASE WHEN c.born < 1960 THEN c.born END) AS olds RETURN title, size(olds) AS older, head(olds) AS first",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) RETURN m.title AS title, count(*) - count(CASE WHEN c.born >= 1960 OR c.born IS NULL THEN 1 END) AS older, min(CASE WHEN c.born < 1960 THEN c.born END) AS first",
		)},
		// Per person, the movies they directed or produced: a type
		// disjunction, type() IN a list, the other movie types negated, a
		// UNION of the two types, a distinct COLLECT { }'s size, the
		// movies' elementIds collected distinct.
		{"m-h15-type-expressions", "relationship type expressions", Movies, written(false,
			"MATCH (p:Person)-[:DIRECTED|PRODUCED]->(m:Movie) RETURN p.name AS name, count(DISTINCT m) AS n",
			"MATCH (p:Person)-[r]->(m:Movie) WHERE type(r) IN ['DIRECTED', 'PRODUCED'] RETURN p.name AS name, count(DISTINCT m) AS n",
			"MATCH (p:Person)-[:!ACTED_IN&!WROTE&!REVIEWED]->(m:Movie) RETURN p.name AS name, count(DISTINCT m) AS n",
			"CALL { MATCH (p:Person)-[:DIRECTED]->(m:Movie) RETURN p, m UNION MATCH (p:Person)-[:PRODUCED]->(m:Movie) RETURN p, m } RETURN p.name AS name, count(*) AS n",
			"MATCH (p:Person) WITH p, size(COLLECT { MATCH (p)-[:DIRECTED|PRODUCED]->(m:Movie) RETURN DISTINCT m }) AS n WHERE n > 0 RETURN p.name AS name, sum(n) AS n",
			"MATCH (p:Person)-[:DIRECTED|PRODUCED]->(m:Movie) WITH p.name AS name, collect(DISTINCT elementId(m)) AS ms RETURN name, size(ms) AS n",
		)},
		// Per movie of the person, its reviews rated above 80: OPTIONAL
		// MATCH with the test on the optional side, COUNT { }, CASE in the
		// count of an unfiltered OPTIONAL MATCH, the relationship
		// pattern's own WHERE, a comprehension's size, CALL { } of the
		// optional count.
		{"m-h15-optional-where", "OPTIONAL MATCH with WHERE on the optional side", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) OPTIONAL MATCH (m)<-[r:REVIEWED]-() WHERE r.rating > 80 RETURN m.title AS title, count(r) AS good",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN m.title AS title, COUNT { (m)<-[r:REVIEWED]-() WHERE r.rating > 80 } AS good",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) OPTIONAL MATCH (m)<-[r:REVIEWED]-() RETURN m.title AS title, count(CASE WHEN r.rating > 80 THEN r END) AS good",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) OPTIONAL MATCH (m)<-[r:REVIEWED WHERE r.rating > 80]-() RETURN m.title AS title, count(r) AS good",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN m.title AS title, size([(m)<-[r:REVIEWED]-() WHERE r.rating > 80 | r]) AS good",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) CALL { WITH m OPTIONAL MATCH (m)<-[r:REVIEWED]-() WHERE r.rating > 80 RETURN count(r) AS good } RETURN m.title AS title, good",
		)},
		// People per lower-cased initial of their last word: a negative
		// index of split(), the last index by size(), last(), the reversed
		// name's first word reversed, the lowered word bound first, a
		// trimmed word's substring.
		{"m-h15-string-keys", "string functions as grouping keys", Movies, written(false,
			"MATCH (p:Person) RETURN toLower(left(split(p.name, ' ')[-1], 1)) AS initial, count(*) AS n",
			"MATCH (p:Person) WITH split(p.name, ' ') AS parts RETURN lower(substring(parts[size(parts) - 1], 0, 1)) AS initial, count(*) AS n",
			"MATCH (p:Person) RETURN toLower(substring(last(split(p.name, ' ')), 0, 1)) AS initial, count(*) AS n",
			"MATCH (p:Person) RETURN left(toLower(reverse(split(reverse(p.name), ' ')[0])), 1) AS initial, count(*) AS n",
			"MATCH (p:Person) WITH p, toLower(split(p.name, ' ')[-1]) AS l RETURN left(l, 1) AS initial, count(*) AS n",
			"MATCH (p:Person) RETURN substring(lower(trim(split(p.name, ' ')[-1])), 0, 1) AS initial, count(*) AS n",
		)},
		// The person's movies per age in whole years on 2024-06-15 of the
		// release year's first day: duration.between() years, the year
		// difference, duration.inMonths() over 12, the years of two dates,
		// the next year's start, the total months over 12.
		{"m-h15-duration-arithmetic", "date and duration arithmetic", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN duration.between(date({year: m.released}), date('2024-06-15')).years AS age, count(*) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN 2024 - m.released AS age, count(*) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN duration.inMonths(date({year: m.released}), date('2024-06-15')).months / 12 AS age, count(*) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN date('2024-06-15').year - date({year: m.released, month: 7}).year AS age, count(*) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH date({year: m.released}) + duration({years: 1}) AS next RETURN 2025 - next.year AS age, count(*) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN duration.between(date({year: m.released}), date('2024-06-15')).months / 12 AS age, count(*) AS n",
		)},
		// Per movie of the person, the other actors and the latest birth
		// year among them: directly, a map projection nesting the collected
		// actors, nested maps read by key path, a comprehension of maps
		// less the person's own relationship unwound, a map in max(), map
		// projections in the aggregates.
		{"m-h15-nested-maps", "nested maps and map projections", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) RETURN m.title AS title, count(*) AS cast, max(c.born) AS youngest",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WITH m, collect(c {.born}) AS cs WITH m {.title, cast: cs} AS mm RETURN mm.title AS title, size(mm.cast) AS cast, reduce(y = null, x IN mm.cast | CASE WHEN x.born IS NOT NULL AND (y IS NULL OR x.born > y) THEN x.born ELSE y END) AS youngest",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WITH {movie: {title: m.title}, person: {born: c.born}} AS row RETURN row.movie.title AS title, count(*) AS cast, max(row.person.born) AS youngest",
			"MATCH (:Person {name: $who})-[a:ACTED_IN]->(m:Movie) WITH m, [(m)<-[r:ACTED_IN]-(c:Person) WHERE r <> a | c {.born}] AS cs UNWIND cs AS c RETURN m.title AS title, count(*) AS cast, max(c.born) AS youngest",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) RETURN m.title AS title, count(*) AS cast, max({b: c.born}.b) AS youngest",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) RETURN m {.title}.title AS title, count(c {.name}) AS cast, max(c {.born}.born) AS youngest",
		)},

		// LDBC.
		// The person's messages, posts or not: a label disjunction, the
		// Message label, no label (HAS_CREATOR leaves only messages), OR
		// of labels, a UNION ALL of the two labels, a negated label
		// expression, a comprehension of label tests unwound.
		{"l-h15-label-expressions", "label expressions", LDBC, written(false,
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Post|Comment) RETURN m:Post AS post, count(*) AS n",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) RETURN m:Post AS post, count(*) AS n",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m) RETURN m:Post AS post, count(*) AS n",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m) WHERE m:Post OR m:Comment RETURN m:Post AS post, count(*) AS n",
			"CALL { MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Post) RETURN true AS post UNION ALL MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Comment) RETURN false AS post } RETURN post, count(*) AS n",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:!Forum&!Person) RETURN m:Post AS post, count(*) AS n",
			"MATCH (p:Person {id: $person}) UNWIND [(p)<-[:HAS_CREATOR]-(m) WHERE m:Post|Comment | 'Post' IN labels(m)] AS post RETURN post, count(*) AS n",
		)},
		// The person's friends per class (liked a message of the person or
		// not): EXISTS { } in CASE, a pattern predicate in CASE, COUNT { }
		// bound first, the person's messages collected (none kept by
		// OPTIONAL MATCH) and tested, a UNION ALL of the classes, a simple
		// CASE on an EXISTS with RETURN.
		{"l-h15-exists-in-case", "EXISTS inside CASE", LDBC, written(false,
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) RETURN CASE WHEN EXISTS { (f)-[:LIKES]->(:Message)-[:HAS_CREATOR]->(p) } THEN 'fan' ELSE 'quiet' END AS c, count(*) AS n",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) RETURN CASE WHEN (f)-[:LIKES]->()-[:HAS_CREATOR]->(p) THEN 'fan' ELSE 'quiet' END AS c, count(*) AS n",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WITH p, f, COUNT { (f)-[:LIKES]->(:Message)-[:HAS_CREATOR]->(p) } AS likes RETURN CASE WHEN likes > 0 THEN 'fan' ELSE 'quiet' END AS c, count(*) AS n",
			"MATCH (p:Person {id: $person}) OPTIONAL MATCH (p)<-[:HAS_CREATOR]-(m:Message) WITH p, collect(m) AS ms MATCH (p)-[:KNOWS]-(f:Person) RETURN CASE WHEN any(x IN [(f)-[:LIKES]->(y) | y] WHERE x IN ms) THEN 'fan' ELSE 'quiet' END AS c, count(*) AS n",
			"CALL { MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WHERE EXISTS { (f)-[:LIKES]->(:Message)-[:HAS_CREATOR]->(p) } RETURN 'fan' AS c UNION ALL MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WHERE NOT EXISTS { (f)-[:LIKES]->(:Message)-[:HAS_CREATOR]->(p) } RETURN 'quiet' AS c } RETURN c, count(*) AS n",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) RETURN CASE EXISTS { MATCH (f)-[:LIKES]->(m)-[:HAS_CREATOR]->(p) RETURN m } WHEN true THEN 'fan' ELSE 'quiet' END AS c, count(*) AS n",
		)},
		// The person's five friends with the most posts, ties by id: COUNT
		// { } as a column and in the ORDER BY, OPTIONAL MATCH counts, WITH
		// ORDER BY COUNT { } LIMIT then the count, a comprehension's size,
		// the ordered maps collected and cut.
		{"l-h15-count-in-order-by", "COUNT { } inside ORDER BY", LDBC, written(true,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN f.id AS id, COUNT { (f)<-[:HAS_CREATOR]-(:Post) } AS posts ORDER BY posts DESC, id LIMIT 5",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN f.id AS id, COUNT { (f)<-[:HAS_CREATOR]-(:Post) } AS posts ORDER BY COUNT { (f)<-[:HAS_CREATOR]-(:Post) } DESC, f.id LIMIT 5",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) OPTIONAL MATCH (f)<-[:HAS_CREATOR]-(m:Post) WITH f, count(m) AS posts RETURN f.id AS id, posts ORDER BY posts DESC, id LIMIT 5",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f ORDER BY COUNT { (f)<-[:HAS_CREATOR]-(:Post) } DESC, f.id LIMIT 5 RETURN f.id AS id, COUNT { (f)<-[:HAS_CREATOR]-(:Post) } AS posts ORDER BY posts DESC, id",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN f.id AS id, size([(f)<-[:HAS_CREATOR]-(m:Post) | m]) AS posts ORDER BY posts DESC, id LIMIT 5",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f, COUNT { (f)<-[:HAS_CREATOR]-(:Post) } AS posts ORDER BY posts DESC, f.id WITH collect({id: f.id, posts: posts})[..5] AS top UNWIND top AS t RETURN t.id AS id, t.posts AS posts",
		)},
		// The person's friends per weekday of birth: dayOfWeek, days since
		// a Monday in 1900 modulo 7, the date rebuilt from its fields, a
		// week later, weekDay of the date parsed from its string, days
		// since a later Monday (negative before it) modulo 7.
		{"l-h15-birthday-weekday", "date and duration arithmetic", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN f.birthday.dayOfWeek AS dow, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN duration.inDays(date('1900-01-01'), f.birthday).days % 7 + 1 AS dow, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN date({year: f.birthday.year, month: f.birthday.month, day: f.birthday.day}).dayOfWeek AS dow, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f.birthday + duration({days: 7}) AS d RETURN d.dayOfWeek AS dow, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN date(toString(f.birthday)).weekDay AS dow, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN (duration.inDays(date('2024-01-01'), f.birthday).days % 7 + 7) % 7 + 1 AS dow, count(*) AS n",
		)},
		// The last two first names of the person's friends in order and
		// the third from the end (null when fewer than three): negative
		// slices, the descending list's first two reversed and third, a
		// one-element negative slice's head, the reversed list, slices by
		// the size bound first.
		{"l-h15-negative-slices", "list slicing with negative indices", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f.firstName AS n ORDER BY n WITH collect(n) AS ns RETURN ns[-2..] AS last2, ns[..-2][-1] AS third",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f.firstName AS n ORDER BY n DESC WITH collect(n) AS ns RETURN reverse(ns[..2]) AS last2, ns[2] AS third",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f.firstName AS n ORDER BY n WITH collect(n) AS ns RETURN [x IN ns[-2..] | x] AS last2, head(ns[-3..-2]) AS third",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f.firstName AS n ORDER BY n WITH collect(n) AS ns RETURN reverse(reverse(ns)[..2]) AS last2, reverse(ns)[2] AS third",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f.firstName AS n ORDER BY n WITH collect(n) AS ns WITH ns, size(ns) AS c RETURN ns[c - 2..c] AS last2, ns[c - 3..c - 2][0] AS third",
		)},

		// Stack Overflow.
		// Over the tag's answers, those scored above 0 counted and summed
		// and the best score of the others: CASE with ELSE null in count(),
		// sum() and max(), ELSE 0 in sum(), the score bound first, the
		// scores collected and reduced, two CALL { } each filtered.
		{"s-h15-case-agg-else-null", "CASE inside aggregates", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) RETURN count(CASE WHEN a.score > 0 THEN a ELSE null END) AS good, sum(CASE WHEN a.score > 0 THEN a.score ELSE null END) AS points, max(CASE WHEN a.score <= 0 THEN a.score END) AS worst",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) RETURN sum(CASE WHEN a.score > 0 THEN 1 ELSE 0 END) AS good, sum(CASE WHEN a.score > 0 THEN a.score ELSE 0 END) AS points, max(CASE WHEN a.score > 0 THEN null ELSE a.score END) AS worst",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WITH a.score AS s RETURN count(CASE WHEN s > 0 THEN s END) AS good, sum(CASE WHEN s > 0 THEN s END) AS points, max(CASE WHEN s <= 0 THEN s END) AS worst",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WITH collect(a.score) AS ss RETURN size([s IN ss WHERE s > 0]) AS good, reduce(t = 0, s IN [s IN ss WHERE s > 0] | t + s) AS points, reduce(m = null, s IN ss | CASE WHEN s <= 0 AND (m IS NULL OR s > m) THEN s ELSE m END) AS worst",
			"CALL { MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score > 0 RETURN count(a) AS good, sum(a.score) AS points } CALL { MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score <= 0 RETURN max(a.score) AS worst } RETURN good, points, worst",
		)},
		// The tag's questions with and without an answer scored 5 or more:
		// OPTIONAL MATCH with the test on the optional side counted, EXISTS
		// { }, COUNT { } > 0, the optional side's best score, a node
		// pattern's own WHERE collected, a comprehension compared with [].
		{"s-h15-optional-where", "OPTIONAL MATCH with WHERE on the optional side", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) OPTIONAL MATCH (q)<-[:ANSWERED]-(a:Answer) WHERE a.score >= 5 WITH q, count(a) AS good RETURN good > 0 AS has, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN EXISTS { (q)<-[:ANSWERED]-(a:Answer) WHERE a.score >= 5 } AS has, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN COUNT { (q)<-[:ANSWERED]-(a:Answer) WHERE a.score >= 5 } > 0 AS has, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) OPTIONAL MATCH (q)<-[:ANSWERED]-(a:Answer) WITH q, max(a.score) AS best RETURN coalesce(best >= 5, false) AS has, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) OPTIONAL MATCH (q)<-[:ANSWERED]-(a:Answer WHERE a.score >= 5) WITH q, collect(a) AS good RETURN size(good) > 0 AS has, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH q, [(q)<-[:ANSWERED]-(a:Answer) WHERE a.score >= 5 | a.score] AS ss RETURN ss <> [] AS has, count(*) AS n",
		)},
		// Answers and comments on the tag's questions, per kind: label and
		// type disjunctions, type() IN a list, a negated type, a UNION ALL
		// of the kinds, comprehensions concatenated and unwound, a negated
		// start label (only users ask).
		{"s-h15-type-and-label-expressions", "relationship type expressions", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED|COMMENTED_ON]-(x:Answer|Comment) RETURN x:Answer AS answer, count(*) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[r]-(x) WHERE type(r) IN ['ANSWERED', 'COMMENTED_ON'] RETURN x:Answer AS answer, count(*) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:!ASKED]-(x) RETURN x:Answer AS answer, count(*) AS n",
			"CALL { MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(x:Answer) RETURN true AS answer UNION ALL MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:COMMENTED_ON]-(x:Comment) RETURN false AS answer } RETURN answer, count(*) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) UNWIND [(q)<-[:ANSWERED]-(x) | true] + [(q)<-[:COMMENTED_ON]-(x) | false] AS answer RETURN answer, count(*) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<--(x:!User) RETURN x:Answer AS answer, count(*) AS n",
		)},
		// Users who asked and answered a question of the tag and never
		// commented: EXISTS tests, the program of a union intersected less
		// the commenters, the same in another order, pattern tests after
		// the asking match, EXISTS and COUNT { } per answering user.
		{"s-h15-program-askers-answerers", "GraphProgram with intersection and difference", StackOverflow, written(false,
			"MATCH (u:User) WHERE EXISTS { (u)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) } AND EXISTS { (u)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) } AND NOT EXISTS { (u)-[:COMMENTED]->() } RETURN count(u) AS n",
			programForm(union("MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN u"), intersect("MATCH (u:User)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN u"), diff("MATCH (u:User)-[:COMMENTED]->() RETURN u")),
			programForm(union("MATCH (u:User)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN u"), diff("MATCH (u:User)-[:COMMENTED]->() RETURN u"), intersect("MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN u")),
			"MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE NOT (u)-[:COMMENTED]->() AND (u)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN count(DISTINCT u) AS n",
			"MATCH (u:User)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(t:Tag {name: $tag}) WITH DISTINCT u, t WHERE EXISTS { (u)-[:ASKED]->(:Question)-[:TAGGED]->(t) } AND COUNT { (u)-[:COMMENTED]->() } = 0 RETURN count(*) AS n",
		)},

		// Northwind.
		// Per category, the discounted order lines and their quantity:
		// CASE with ELSE null in count() and sum(), ELSE 0 in sum(), the
		// lines collected and filtered, the test bound first, the product
		// matched first.
		{"n-h15-case-agg-else-null", "CASE inside aggregates", Northwind, written(false,
			"MATCH (:Order)-[l:ORDERS]->(p:Product)-[:PART_OF]->(c:Category) RETURN c.categoryName AS cat, count(CASE WHEN l.discount > 0 THEN 1 ELSE null END) AS discounted, sum(CASE WHEN l.discount > 0 THEN l.quantity ELSE null END) AS qty",
			"MATCH (:Order)-[l:ORDERS]->(p:Product)-[:PART_OF]->(c:Category) RETURN c.categoryName AS cat, sum(CASE WHEN l.discount > 0 THEN 1 ELSE 0 END) AS discounted, sum(CASE WHEN l.discount > 0 THEN l.quantity ELSE 0 END) AS qty",
			"MATCH (:Order)-[l:ORDERS]->(p:Product)-[:PART_OF]->(c:Category) WITH c.categoryName AS cat, collect(l) AS ls RETURN cat, size([x IN ls WHERE x.discount > 0]) AS discounted, reduce(t = 0, x IN [x IN ls WHERE x.discount > 0] | t + coalesce(x.quantity, 0)) AS qty",
			"MATCH (:Order)-[l:ORDERS]->(p:Product)-[:PART_OF]->(c:Category) WITH c.categoryName AS cat, l.discount > 0 AS disc, l.quantity AS q RETURN cat, count(CASE WHEN disc THEN 1 END) AS discounted, sum(CASE WHEN disc THEN q END) AS qty",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) MATCH (:Order)-[l:ORDERS]->(p) RETURN c.categoryName AS cat, count(CASE WHEN l.discount > 0 THEN l END) AS discounted, sum(CASE WHEN NOT l.discount > 0 THEN null ELSE l.quantity END) AS qty",
		)},
		// The customer's orders per weekday: dayOfWeek of the parsed date,
		// days since a Monday in 1900 modulo 7, two weeks earlier, days
		// since the week's Monday, the date built from its fields.
		{"n-h15-order-weekday", "date and duration arithmetic", Northwind, written(false,
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order) RETURN date(left(o.orderDate, 10)).dayOfWeek AS dow, count(*) AS n",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order) RETURN duration.inDays(date('1900-01-01'), date(left(o.orderDate, 10))).days % 7 + 1 AS dow, count(*) AS n",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order) WITH date(left(o.orderDate, 10)) AS d RETURN (d - duration({days: 14})).dayOfWeek AS dow, count(*) AS n",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order) WITH date(left(o.orderDate, 10)) AS d RETURN duration.inDays(date.truncate('week', d), d).days + 1 AS dow, count(*) AS n",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order) RETURN date({year: toInteger(left(o.orderDate, 4)), month: toInteger(substring(o.orderDate, 5, 2)), day: toInteger(substring(o.orderDate, 8, 2))}).dayOfWeek AS dow, count(*) AS n",
		)},
		// Per supplier country, the products and units in stock: directly,
		// nested maps, a map projection nesting one, a comprehension of
		// maps per supplier unwound, a map of the collected projections.
		{"n-h15-nested-maps", "nested maps and map projections", Northwind, written(false,
			"MATCH (s:Supplier)-[:SUPPLIES]->(p:Product) RETURN s.country AS country, count(p) AS products, sum(p.unitsInStock) AS stock",
			"MATCH (s:Supplier)-[:SUPPLIES]->(p:Product) WITH {s: {country: s.country}, p: {stock: p.unitsInStock}} AS m RETURN m.s.country AS country, count(m.p) AS products, sum(m.p.stock) AS stock",
			"MATCH (s:Supplier)-[:SUPPLIES]->(p:Product) WITH s {.country, p: p {.unitsInStock}} AS m RETURN m.country AS country, count(*) AS products, sum(m.p.unitsInStock) AS stock",
			"MATCH (s:Supplier) UNWIND [(s)-[:SUPPLIES]->(p:Product) | {stock: p.unitsInStock}] AS m RETURN s.country AS country, count(*) AS products, sum(m.stock) AS stock",
			"MATCH (s:Supplier)-[:SUPPLIES]->(p:Product) WITH s.country AS country, collect(p {.unitsInStock}) AS items WITH {country: country, items: items} AS g RETURN g.country AS country, size(g.items) AS products, reduce(t = 0, i IN g.items | t + coalesce(i.unitsInStock, 0)) AS stock",
		)},
		// Orders per the first three letters of the lower-cased, trimmed
		// ship country: toLower() of left(), lower() of substring() of
		// btrim(), left() of the lowered string, the word bound first, the
		// reversed right(), a CASE on the length.
		{"n-h15-string-keys", "string functions as grouping keys", Northwind, written(false,
			"MATCH (:Customer)-[:PURCHASED]->(o:Order) RETURN toLower(left(trim(o.shipCountry), 3)) AS k, count(*) AS n",
			"MATCH (:Customer)-[:PURCHASED]->(o:Order) RETURN lower(substring(btrim(o.shipCountry), 0, 3)) AS k, count(*) AS n",
			"MATCH (:Customer)-[:PURCHASED]->(o:Order) RETURN left(toLower(ltrim(rtrim(o.shipCountry))), 3) AS k, count(*) AS n",
			"MATCH (:Customer)-[:PURCHASED]->(o:Order) WITH toLower(trim(o.shipCountry)) AS c RETURN left(c, 3) AS k, count(*) AS n",
			"MATCH (:Customer)-[:PURCHASED]->(o:Order) RETURN reverse(right(reverse(toLower(trim(o.shipCountry))), 3)) AS k, count(*) AS n",
			"MATCH (:Customer)-[:PURCHASED]->(o:Order) WITH toLower(trim(o.shipCountry)) AS c RETURN CASE WHEN size(c) <= 3 THEN c ELSE substring(c, 0, 3) END AS k, count(*) AS n",
		)},

		// WN18RR.
		// Relationships out of the entity's hyponyms other than hypernym
		// links, per type: a negated type, type() compared, NOT r:T, a
		// comprehension of types unwound, the ten other types listed.
		{"w-h15-type-expressions", "relationship type expressions", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)-[r:!_hypernym]->() RETURN type(r) AS t, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)-[r]->() WHERE type(r) <> '_hypernym' RETURN type(r) AS t, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)-[r]->() WHERE NOT r:_hypernym RETURN type(r) AS t, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) UNWIND [(h)-[r]->() WHERE type(r) <> '_hypernym' | type(r)] AS t RETURN t, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)-[r:_derivationally_related_form|_member_meronym|_has_part|_synset_domain_topic_of|_instance_hypernym|_also_see|_verb_group|_member_of_domain_region|_member_of_domain_usage|_similar_to]->() RETURN type(r) AS t, count(*) AS n",
		)},
		// Per length, the hypernym paths of at most two links into the
		// entity (the empty path included): `*0..2`, `*0..` with a length
		// filter, a UNION ALL of the entity and `*1..` filtered, a
		// quantified path `*` with a length filter, the list's size.
		{"w-h15-zero-bounded-by-length", "*0.. bounded by a path length filter", WordNet, written(false,
			"MATCH p = (x)-[:_hypernym*0..2]->(:Entity {id: $entity}) RETURN length(p) AS len, count(*) AS n",
			"MATCH p = (x)-[:_hypernym*0..]->(:Entity {id: $entity}) WHERE length(p) <= 2 RETURN length(p) AS len, count(*) AS n",
			"CALL { MATCH p = (:Entity {id: $entity}) RETURN p UNION ALL MATCH p = (x)-[:_hypernym*1..]->(:Entity {id: $entity}) WHERE length(p) < 3 RETURN p } RETURN length(p) AS len, count(*) AS n",
			"MATCH p = (x) (()-[:_hypernym]->())* (:Entity {id: $entity}) WHERE length(p) <= 2 RETURN length(p) AS len, count(*) AS n",
			"MATCH (x)-[rs:_hypernym*0..]->(:Entity {id: $entity}) WHERE size(rs) <= 2 RETURN size(rs) AS len, count(*) AS n",
		)},
		// The entity's hyponyms whose definition contains 'who' and that
		// have no derivationally related form: pattern tests, the program
		// of a union intersected with the definitions less the related
		// forms, the match with NOT EXISTS, COUNT { } = 0 with a regular
		// expression.
		{"w-h15-program-property-filters", "GraphProgram with property filters", WordNet, written(false,
			"MATCH (h) WHERE (h)-[:_hypernym]->(:Entity {id: $entity}) AND h.definition CONTAINS 'who' AND NOT (h)-[:_derivationally_related_form]->() RETURN count(h) AS n",
			programForm(union("MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN h"), intersect("MATCH (h:Entity) WHERE h.definition CONTAINS 'who' RETURN h"), diff("MATCH (h)-[:_derivationally_related_form]->() RETURN h")),
			programForm(union("MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE h.definition CONTAINS 'who' RETURN h"), diff("MATCH (h)-[:_derivationally_related_form]->() RETURN h")),
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE h.definition CONTAINS 'who' AND NOT EXISTS { (h)-[:_derivationally_related_form]->() } RETURN count(DISTINCT h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH DISTINCT h WHERE h.definition =~ '(?s).*who.*' AND COUNT { (h)-[:_derivationally_related_form]->() } = 0 RETURN count(*) AS n",
		)},
	}
}
