package metamorphic

// heldout9Questions are the ninth held-out round's kinds, drawn from what
// the Neo4j Cypher manual's examples and LLM agents write and the earlier
// rounds covered thinly: OPTIONAL MATCH with coalesce() of an aggregate or
// of a grouping key against CALL { }, COLLECT { ... LIMIT 1 }, reduce()
// over a pattern comprehension and a UNION ALL of the matched and
// unmatched rows; pattern comprehensions with WHERE and projections
// unwound; map projections against map literals and properties(); list
// functions (head, last, tail, reverse, range, slices) over ordered
// collects; nested aggregations (count of counts, degree buckets);
// `WITH a, count(*) AS d WHERE d > k` degree filters against COUNT { },
// sizes and CALL { }; shortestPath, allShortestPaths, SHORTEST 1 and
// ALL SHORTEST against the least length of variable-length paths and
// increasing-depth EXISTS, with and without filters on the path; CASE
// in aggregation keys; string key normalisation (case, split(), left());
// EXISTS with label expressions against label predicates on neighbours;
// UNWIND of parameter lists (one and two) against IN; DISTINCT in
// different places; ORDER BY + LIMIT per group through CALL { } against
// ordered collects and rank counts; relationship property aggregates;
// date and number range predicates (chained comparisons, range(),
// integer division, date() of a string, temporal accessors); IS NOT NULL
// against exists(), keys() and count(); and GraphProgram forms.
func heldout9Questions() []Question {
	return []Question{
		// Generic graphs.
		// The largest neighbour key per node, -1 when there is none: an
		// OPTIONAL MATCH with coalesce() outside or inside the WITH, a CALL
		// { } per node, the head of a COLLECT { } ordered and limited,
		// reduce() over a pattern comprehension, a UNION ALL of the nodes
		// with and without a neighbour.
		{"g-h9-optional-coalesce-max", "OPTIONAL MATCH + coalesce", Generic, written(false,
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WITH a, max(b.k) AS m RETURN a.id AS id, coalesce(m, -1) AS m",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WITH a, coalesce(max(b.k), -1) AS m RETURN a.id AS id, m",
			"MATCH (a:A) CALL { WITH a OPTIONAL MATCH (a)-[:R]->(b) RETURN max(b.k) AS m } RETURN a.id AS id, coalesce(m, -1) AS m",
			"MATCH (a:A) RETURN a.id AS id, coalesce(head(COLLECT { MATCH (a)-[:R]->(b) WHERE b.k IS NOT NULL RETURN b.k ORDER BY b.k DESC LIMIT 1 }), -1) AS m",
			"MATCH (a:A) RETURN a.id AS id, coalesce(reduce(m = null, x IN [(a)-[:R]->(b) WHERE b.k IS NOT NULL | b.k] | CASE WHEN m IS NULL OR x > m THEN x ELSE m END), -1) AS m",
			"CALL { MATCH (a:A)-[:R]->(b) RETURN a, coalesce(max(b.k), -1) AS m UNION ALL MATCH (a:A) WHERE NOT (a)-[:R]->() RETURN a, -1 AS m } RETURN a.id AS id, m",
		)},
		// Neighbour strings as a grouping key with 'none' for a null or no
		// neighbour: coalesce() in RETURN and in a WITH, CASE, a UNION ALL
		// of the matched rows and the unmatched nodes, UNWIND of the
		// comprehension or of [null].
		{"g-h9-optional-coalesce-key", "OPTIONAL MATCH + coalesce", Generic, written(false,
			"MATCH (a:A) OPTIONAL MATCH (a)-[:S]->(b) RETURN coalesce(b.s, 'none') AS s, count(*) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:S]->(b) WITH coalesce(b.s, 'none') AS s RETURN s, count(*) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:S]->(b) RETURN CASE WHEN b.s IS NULL THEN 'none' ELSE b.s END AS s, count(*) AS n",
			"CALL { MATCH (a:A)-[:S]->(b) RETURN coalesce(b.s, 'none') AS s UNION ALL MATCH (a:A) WHERE NOT EXISTS { (a)-[:S]->() } RETURN 'none' AS s } RETURN s, count(*) AS n",
			"MATCH (a:A) UNWIND CASE WHEN EXISTS { (a)-[:S]->() } THEN [(a)-[:S]->(b) | b.s] ELSE [null] END AS s RETURN coalesce(s, 'none') AS s, count(*) AS n",
		)},
		// The strings of filtered neighbours with their multiplicity: one
		// MATCH, a pattern comprehension with WHERE unwound, a CALL { }, a
		// COLLECT { } unwound, the filter as a CASE of one-element lists, a
		// list comprehension over the comprehension's nodes.
		{"g-h9-comprehension-unwind", "pattern comprehension", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WHERE b.k > 1 RETURN b.s AS s, count(*) AS n",
			"MATCH (a:A) UNWIND [(a)-[:R]->(b) WHERE b.k > 1 | b.s] AS s RETURN s, count(*) AS n",
			"MATCH (a:A) CALL { WITH a MATCH (a)-[:R]->(b) WHERE b.k > 1 RETURN b.s AS s } RETURN s, count(*) AS n",
			"MATCH (a:A) UNWIND COLLECT { MATCH (a)-[:R]->(b) WHERE b.k > 1 RETURN b.s } AS s RETURN s, count(*) AS n",
			"MATCH (a:A) UNWIND [(a)-[:R]->(b) | CASE WHEN b.k > 1 THEN [b.s] ELSE [] END] AS l UNWIND l AS s RETURN s, count(*) AS n",
			"MATCH (a:A) UNWIND [x IN [(a)-[:R]->(b) | b] WHERE x.k > 1 | x.s] AS s RETURN s, count(*) AS n",
		)},
		// Neighbours as maps: a map projection, a map literal, a pattern
		// comprehension of projections unwound, properties() read into a
		// literal, a projection with a computed entry, a CALL { }.
		{"g-h9-map-projection", "map projection", Generic, written(false,
			"MATCH (a {id: $a})-[:R]->(b) RETURN b {.k, .s} AS m",
			"MATCH (a {id: $a})-[:R]->(b) RETURN {k: b.k, s: b.s} AS m",
			"MATCH (a {id: $a}) UNWIND [(a)-[:R]->(b) | b {.k, .s}] AS m RETURN m",
			"MATCH (a {id: $a})-[:R]->(b) WITH properties(b) AS p RETURN {k: p.k, s: p.s} AS m",
			"MATCH (a {id: $a})-[:R]->(b) RETURN b {k: b['k'], .s} AS m",
			"MATCH (a {id: $a}) CALL { WITH a MATCH (a)-[:R]->(b) RETURN b {.s, .k} AS m } RETURN m",
		)},
		// The least and largest neighbour key and their number: min, max
		// and count; head and last of the ascending collect, last and head
		// of the descending one, index 0 and reverse()[0], index 0 and -1,
		// aggregates over the unwound comprehension.
		{"g-h9-list-head-last", "list functions", Generic, written(false,
			"MATCH (a {id: $a})-[:R]->(b) RETURN min(b.k) AS lo, max(b.k) AS hi, count(b.k) AS n",
			"MATCH (a {id: $a})-[:R]->(b) WITH b.k AS k ORDER BY k WITH collect(k) AS ks RETURN head(ks) AS lo, last(ks) AS hi, size(ks) AS n",
			"MATCH (a {id: $a})-[:R]->(b) WITH b.k AS k ORDER BY k DESC WITH collect(k) AS ks RETURN last(ks) AS lo, head(ks) AS hi, size(ks) AS n",
			"MATCH (a {id: $a})-[:R]->(b) WITH b.k AS k ORDER BY k WITH collect(k) AS ks RETURN ks[0] AS lo, reverse(ks)[0] AS hi, size(ks) AS n",
			"MATCH (a {id: $a})-[:R]->(b) WITH b.k AS k ORDER BY k WITH collect(k) AS ks RETURN ks[0] AS lo, ks[-1] AS hi, size(ks) AS n",
			"MATCH (a {id: $a}) UNWIND [(a)-[:R]->(b) | b.k] AS k RETURN min(k) AS lo, max(k) AS hi, count(k) AS n",
		)},
		// The sum of the neighbour keys but the least: the sum less the
		// minimum, reduce() over tail(), over range() of the indexes, a
		// slice unwound, the descending collect reversed and sliced.
		{"g-h9-list-tail-range", "list functions", Generic, written(false,
			"MATCH (a {id: $a})-[:S]->(b) RETURN coalesce(sum(b.k) - min(b.k), 0) AS rest",
			"MATCH (a {id: $a})-[:S]->(b) WITH b.k AS k ORDER BY k WITH collect(k) AS ks RETURN reduce(s = 0, x IN tail(ks) | s + x) AS rest",
			"MATCH (a {id: $a})-[:S]->(b) WITH b.k AS k ORDER BY k WITH collect(k) AS ks RETURN reduce(s = 0, i IN range(1, size(ks) - 1) | s + ks[i]) AS rest",
			"MATCH (a {id: $a})-[:S]->(b) WITH b.k AS k ORDER BY k WITH collect(k) AS ks UNWIND ks[1..] AS x RETURN sum(x) AS rest",
			"MATCH (a {id: $a})-[:S]->(b) WITH b.k AS k ORDER BY k DESC WITH collect(k) AS ks RETURN reduce(s = 0, x IN reverse(ks)[1..] | s + x) AS rest",
		)},
		// How many nodes have each out-degree (a count of counts): the
		// grouped MATCH, COUNT { } and a comprehension's size without the
		// zero degree, the nodes collected per degree, a CALL { } count.
		{"g-h9-count-of-counts", "nested aggregation", Generic, written(false,
			"MATCH (a:A)-[:R]->() WITH a, count(*) AS d RETURN d, count(*) AS nodes",
			"MATCH (a:A) WITH a, COUNT { (a)-[:R]->() } AS d WHERE d > 0 RETURN d, count(a) AS nodes",
			"MATCH (a:A) WITH a, size([(a)-[:R]->(b) | b]) AS d WHERE d > 0 RETURN d, count(*) AS nodes",
			"MATCH (a:A)-[r:R]->() WITH a, count(r) AS d WITH d, collect(a) AS xs RETURN d, size(xs) AS nodes",
			"MATCH (a:A) CALL { WITH a MATCH (a)-[:R]->() RETURN count(*) AS d } WITH d WHERE d > 0 RETURN d, count(*) AS nodes",
		)},
		// Nodes with more than one S relationship out and their total: the
		// grouped MATCH filtered, COUNT { } in WHERE and in a WITH, the
		// collected relationships' size, a comprehension's size.
		{"g-h9-degree-filter", "degree filter", Generic, written(false,
			"MATCH (a)-[:S]->(b) WITH a, count(*) AS d WHERE d > 1 RETURN count(a) AS n, sum(d) AS total",
			"MATCH (a) WHERE COUNT { (a)-[:S]->() } > 1 RETURN count(a) AS n, sum(COUNT { (a)-[:S]->() }) AS total",
			"MATCH (a) WITH a, COUNT { (a)-[:S]->() } AS d WHERE d >= 2 RETURN count(*) AS n, sum(d) AS total",
			"MATCH (a)-[r:S]->() WITH a, collect(r) AS rs WHERE size(rs) > 1 RETURN count(a) AS n, sum(size(rs)) AS total",
			"MATCH (a) WITH a, size([(a)-[:S]->(b) | b]) AS d WHERE d > 1 RETURN count(a) AS n, sum(d) AS total",
		)},
		// The distance to every other B node within three R or S hops,
		// counted per distance: shortestPath, the least length of the
		// variable-length paths, increasing-depth tests, SHORTEST 1,
		// allShortestPaths' least length.
		{"g-h9-shortest-length", "shortest path", Generic, written(false,
			"MATCH (a {id: $a}), (b:B) WHERE a <> b MATCH p = shortestPath((a)-[:R|S*..3]->(b)) RETURN length(p) AS d, count(*) AS n",
			"MATCH (a {id: $a}), (b:B) WHERE a <> b MATCH p = (a)-[:R|S*1..3]->(b) WITH a, b, min(length(p)) AS d RETURN d, count(*) AS n",
			"MATCH (a {id: $a}), (b:B) WHERE a <> b WITH a, b, CASE WHEN (a)-[:R|S]->(b) THEN 1 WHEN (a)-[:R|S*2]->(b) THEN 2 WHEN (a)-[:R|S*3]->(b) THEN 3 END AS d WHERE d IS NOT NULL RETURN d, count(*) AS n",
			"MATCH p = SHORTEST 1 (a {id: $a})-[:R|S]->{1,3}(b:B) WHERE a <> b RETURN length(p) AS d, count(*) AS n",
			"MATCH (a {id: $a}), (b:B) WHERE a <> b MATCH p = allShortestPaths((a)-[:R|S*..3]->(b)) WITH a, b, min(length(p)) AS d RETURN d, count(*) AS n",
		)},
		// The same distances over relationships with w > 0 only: the
		// filter on shortestPath's relationships (a universal predicate,
		// searched with, not tested after), on the variable-length list,
		// inside SHORTEST 1's relationship, inside a quantified path, and
		// in increasing-depth EXISTS.
		{"g-h9-shortest-rel-filter", "shortest path", Generic, written(false,
			"MATCH (a {id: $a}), (b:B) WHERE a <> b MATCH p = (a)-[rs:R|S*1..3]->(b) WHERE all(r IN rs WHERE r.w > 0) WITH a, b, min(length(p)) AS d RETURN d, count(*) AS n",
			"MATCH (a {id: $a}), (b:B) WHERE a <> b MATCH p = shortestPath((a)-[:R|S*..3]->(b)) WHERE all(r IN relationships(p) WHERE r.w > 0) RETURN length(p) AS d, count(*) AS n",
			"MATCH p = SHORTEST 1 (a {id: $a})-[r:R|S WHERE r.w > 0]->{1,3}(b:B) WHERE a <> b RETURN length(p) AS d, count(*) AS n",
			"MATCH (a {id: $a}), (b:B) WHERE a <> b MATCH p = (a) ((x)-[r:R|S]->(y) WHERE r.w > 0){1,3} (b) WITH a, b, min(length(p)) AS d RETURN d, count(*) AS n",
			"MATCH (a {id: $a}), (b:B) WHERE a <> b WITH a, b, CASE WHEN EXISTS { (a)-[r:R|S]->(b) WHERE r.w > 0 } THEN 1 WHEN EXISTS { MATCH (a)-[rs:R|S*2]->(b) WHERE all(r IN rs WHERE r.w > 0) } THEN 2 WHEN EXISTS { MATCH (a)-[rs:R|S*3]->(b) WHERE all(r IN rs WHERE r.w > 0) } THEN 3 END AS d WHERE d IS NOT NULL RETURN d, count(*) AS n",
		)},
		// The number of shortest paths between two nodes: allShortestPaths,
		// ALL SHORTEST, the variable-length paths of the least length
		// (grouped then the first of the ordered pairs, the lengths
		// collected and reduced, matched again at the least length).
		{"g-h9-all-shortest", "shortest path", Generic, written(false,
			"MATCH (a {id: $a}), (b {id: $b}) WHERE a <> b MATCH p = allShortestPaths((a)-[*..4]->(b)) RETURN length(p) AS d, count(p) AS n",
			"MATCH p = ALL SHORTEST (a {id: $a})-->{1,4}(b {id: $b}) WHERE a <> b RETURN length(p) AS d, count(p) AS n",
			"MATCH (a {id: $a}), (b {id: $b}) WHERE a <> b MATCH p = (a)-[*1..4]->(b) WITH a, b, length(p) AS d, count(*) AS c ORDER BY d WITH a, b, collect([d, c])[0] AS best RETURN best[0] AS d, sum(best[1]) AS n",
			"MATCH (a {id: $a}), (b {id: $b}) WHERE a <> b MATCH p = (a)-[*1..4]->(b) WITH a, b, collect(length(p)) AS ls WITH ls, reduce(m = 5, x IN ls | CASE WHEN x < m THEN x ELSE m END) AS d RETURN d, sum(size([x IN ls WHERE x = d])) AS n",
			"MATCH (a {id: $a}), (b {id: $b}) WHERE a <> b MATCH p = (a)-[*1..4]->(b) WITH a, b, min(length(p)) AS d MATCH q = (a)-[*1..4]->(b) WHERE length(q) = d RETURN d, count(q) AS n",
		)},
		// T relationships grouped by a CASE of the end's labels: CASE in
		// RETURN, on labels() in a WITH, the first listed label of
		// labels(), a UNION ALL of the branches' filters, a nested CASE,
		// the groups per end node summed.
		{"g-h9-case-label-key", "CASE in grouping key", Generic, written(false,
			"MATCH (a)-[r:T]->(b) RETURN CASE WHEN b:A THEN 'A' WHEN b:B THEN 'B' ELSE 'other' END AS kind, count(*) AS n, sum(r.w) AS w",
			"MATCH (a)-[r:T]->(b) WITH CASE WHEN 'A' IN labels(b) THEN 'A' WHEN 'B' IN labels(b) THEN 'B' ELSE 'other' END AS kind, r RETURN kind, count(r) AS n, sum(r.w) AS w",
			"MATCH (a)-[r:T]->(b) RETURN coalesce(head([l IN ['A', 'B'] WHERE l IN labels(b)]), 'other') AS kind, count(*) AS n, sum(r.w) AS w",
			"CALL { MATCH (a)-[r:T]->(b:A) RETURN 'A' AS kind, r UNION ALL MATCH (a)-[r:T]->(b:B) WHERE NOT b:A RETURN 'B' AS kind, r UNION ALL MATCH (a)-[r:T]->(b) WHERE NOT b:A AND NOT b:B RETURN 'other' AS kind, r } RETURN kind, count(*) AS n, sum(r.w) AS w",
			"MATCH (a)-[r:T]->(b) RETURN CASE WHEN b:A THEN 'A' ELSE CASE WHEN b:B THEN 'B' ELSE 'other' END END AS kind, sum(1) AS n, sum(r.w) AS w",
			"MATCH ()-[r:T]->(b) WITH b, count(r) AS c, sum(r.w) AS s RETURN CASE WHEN b:A THEN 'A' WHEN b:B THEN 'B' ELSE 'other' END AS kind, sum(c) AS n, sum(s) AS w",
		)},
		// Neighbour strings normalised to upper case as a grouping key:
		// toUpper, upper, toUpper of toLower in a WITH, a CASE spelling the
		// letters, a CASE on null.
		{"g-h9-string-normalise", "string normalisation", Generic, written(false,
			"MATCH (a:B)-[:S]->(b) RETURN toUpper(b.s) AS s, count(*) AS n",
			"MATCH (a:B)-[:S]->(b) RETURN upper(b.s) AS s, count(*) AS n",
			"MATCH (a:B)-[:S]->(b) WITH toLower(b.s) AS s0 RETURN toUpper(s0) AS s, count(*) AS n",
			"MATCH (a:B)-[:S]->(b) RETURN CASE b.s WHEN 'a' THEN 'A' WHEN 'b' THEN 'B' WHEN 'c' THEN 'C' WHEN 'd' THEN 'D' ELSE toUpper(b.s) END AS s, count(*) AS n",
			"MATCH (a:B)-[:S]->(b) WITH b.s AS s0 RETURN CASE WHEN s0 IS NULL THEN null ELSE toUpper(s0) END AS s, count(*) AS n",
		)},
		// Nodes with a B but not C neighbour: a label expression in EXISTS,
		// label predicates in the subquery's WHERE, any() over a
		// comprehension, the distinct starts, COUNT { } with labels(), the
		// label split between a pattern predicate and EXISTS, a program.
		{"g-h9-exists-label", "EXISTS with labels", Generic, written(false,
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->(:B&!C) } RETURN count(a) AS n",
			"MATCH (a:A) WHERE EXISTS { MATCH (a)-[:R]->(b) WHERE b:B AND NOT b:C } RETURN count(a) AS n",
			"MATCH (a:A) WHERE any(b IN [(a)-[:R]->(x) | x] WHERE b:B AND NOT b:C) RETURN count(a) AS n",
			"MATCH (a:A)-[:R]->(b:B) WHERE NOT b:C RETURN count(DISTINCT a) AS n",
			"MATCH (a:A) WHERE COUNT { (a)-[:R]->(b:B) WHERE NOT 'C' IN labels(b) } > 0 RETURN count(*) AS n",
			"MATCH (a:A) WHERE (a)-[:R]->(:B) AND EXISTS { (a)-[:R]->(b:!C) WHERE b:B } RETURN count(a) AS n",
			programForm(union("MATCH (a:A)-[:R]->(b:B) WHERE NOT b:C RETURN a")),
		)},
		// Keys from parameter lists (distinct values): IN both lists, two
		// UNWINDs either way round, one UNWIND and IN, the lists bound by a
		// WITH, any() and a disjunction.
		{"g-h9-unwind-params", "UNWIND of parameter lists", Generic, written(false,
			"MATCH (a)-[:R]->(b) WHERE a.id IN [$l1, $l2, $l3] AND b.k IN [1, 2] RETURN count(*) AS n",
			"UNWIND [$l1, $l2, $l3] AS x UNWIND [1, 2] AS y MATCH (a {id: x})-[:R]->(b {k: y}) RETURN count(*) AS n",
			"UNWIND [1, 2] AS y UNWIND [$l1, $l2, $l3] AS x MATCH (a)-[:R]->(b) WHERE a.id = x AND b.k = y RETURN count(*) AS n",
			"UNWIND [$l1, $l2, $l3] AS x MATCH (a)-[:R]->(b) WHERE a.id = x AND b.k IN [1, 2] RETURN count(*) AS n",
			"WITH [$l1, $l2, $l3] AS ids, [1, 2] AS ks MATCH (a)-[:R]->(b) WHERE a.id IN ids AND b.k IN ks RETURN count(*) AS n",
			"MATCH (a)-[:R]->(b) WHERE any(x IN [$l1, $l2, $l3] WHERE a.id = x) AND (b.k = 1 OR b.k = 2) RETURN count(*) AS n",
		)},
		// The distinct pairs of keys along R (nulls included): RETURN
		// DISTINCT, DISTINCT nodes first, grouping, a collected distinct
		// list of pairs unwound, DISTINCT starts first, a UNION.
		{"g-h9-distinct-places", "DISTINCT", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) RETURN DISTINCT a.k AS x, b.k AS y",
			"MATCH (a:A)-[:R]->(b) WITH DISTINCT a, b RETURN DISTINCT a.k AS x, b.k AS y",
			"MATCH (a:A)-[:R]->(b) WITH a.k AS x, b.k AS y, count(*) AS c RETURN x, y",
			"MATCH (a:A)-[:R]->(b) WITH collect(DISTINCT [a.k, b.k]) AS ps UNWIND ps AS p RETURN p[0] AS x, p[1] AS y",
			"MATCH (a:A) WITH DISTINCT a MATCH (a)-[:R]->(b) WITH DISTINCT a.k AS x, b.k AS y RETURN x, y",
			"CALL { MATCH (a:A)-[:R]->(b) RETURN a.k AS x, b.k AS y UNION MATCH (a:A)-[:R]->(b) RETURN a.k AS x, b.k AS y } RETURN x, y",
		)},
		// Each B node's least in-neighbour id: ORDER BY + LIMIT 1 in a
		// CALL { } per node, min, the head of the ordered collect, a
		// COLLECT { ... LIMIT 1 }, reduce() over a comprehension.
		{"g-h9-call-first-per-group", "top-k per group", Generic, written(false,
			"MATCH (b:B) CALL { WITH b MATCH (a:A)-[:R]->(b) WHERE a.id IS NOT NULL RETURN a.id AS first ORDER BY a.id LIMIT 1 } RETURN b.id AS id, first",
			"MATCH (b:B)<-[:R]-(a:A) WHERE a.id IS NOT NULL WITH b, min(a.id) AS first RETURN b.id AS id, first",
			"MATCH (b:B)<-[:R]-(a:A) WHERE a.id IS NOT NULL WITH b, a.id AS x ORDER BY x WITH b, head(collect(x)) AS first RETURN b.id AS id, first",
			"MATCH (b:B) WITH b, COLLECT { MATCH (a:A)-[:R]->(b) WHERE a.id IS NOT NULL RETURN a.id ORDER BY a.id LIMIT 1 } AS xs WHERE size(xs) > 0 RETURN b.id AS id, xs[0] AS first",
			"MATCH (b:B) WITH b, [(a:A)-[:R]->(b) WHERE a.id IS NOT NULL | a.id] AS xs WHERE xs <> [] RETURN b.id AS id, reduce(m = xs[0], x IN xs | CASE WHEN x < m THEN x ELSE m END) AS first",
		)},
		// Sum, maximum and count of a relationship property: aggregates,
		// a comprehension unwound, the start's label by labels(startNode()),
		// a CALL { } per node, reduce() over the collect, per-node partial
		// aggregates combined.
		{"g-h9-rel-prop-agg", "relationship property aggregates", Generic, written(false,
			"MATCH (a:A)-[r:R]->() RETURN sum(r.w) AS s, max(r.w) AS m, count(r.w) AS c",
			"MATCH (a:A) UNWIND [(a)-[r:R]->() | r.w] AS w RETURN sum(w) AS s, max(w) AS m, count(w) AS c",
			"MATCH ()-[r:R]->() WHERE 'A' IN labels(startNode(r)) RETURN sum(r.w) AS s, max(r.w) AS m, count(r.w) AS c",
			"MATCH (a:A) CALL { WITH a MATCH (a)-[r:R]->() RETURN sum(r.w) AS s, max(r.w) AS m, count(r.w) AS c } RETURN sum(s) AS s, max(m) AS m, sum(c) AS c",
			"MATCH (a:A)-[r:R]->() WITH collect(r.w) AS ws RETURN reduce(t = 0, x IN ws | t + x) AS s, reduce(t = null, x IN ws | CASE WHEN t IS NULL OR x > t THEN x ELSE t END) AS m, size(ws) AS c",
			"MATCH (a:A)-[r:R]->() WITH a, sum(r.w) AS s, max(r.w) AS m, count(r.w) AS c RETURN sum(s) AS s, max(m) AS m, sum(c) AS c",
		)},
		// Neighbours with a key: IS NOT NULL, NOT IS NULL, exists(), keys(),
		// the property equal to itself, properties()[...], count() of the
		// property.
		{"g-h9-is-not-null", "IS NOT NULL", Generic, written(false,
			"MATCH (a:A)-[:S]->(b) WHERE b.k IS NOT NULL RETURN count(*) AS n",
			"MATCH (a:A)-[:S]->(b) WHERE NOT b.k IS NULL RETURN count(*) AS n",
			"MATCH (a:A)-[:S]->(b) WHERE exists(b.k) RETURN count(*) AS n",
			"MATCH (a:A)-[:S]->(b) WHERE 'k' IN keys(b) RETURN count(*) AS n",
			"MATCH (a:A)-[:S]->(b) WHERE b.k = b.k RETURN count(*) AS n",
			"MATCH (a:A)-[:S]->(b) WHERE properties(b)['k'] IS NOT NULL RETURN count(*) AS n",
			"MATCH (a:A)-[:S]->(b) RETURN count(b.k) AS n",
		)},
		// A closed integer range: both bounds, the chained comparison,
		// IN range(), the negated outside, abs() of the distance to the
		// middle, strict bounds on integers.
		{"g-h9-number-range", "number predicates", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WHERE b.k >= 1 AND b.k <= 3 RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE 1 <= b.k <= 3 RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IN range(1, 3) RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE NOT (b.k < 1 OR b.k > 3) RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE abs(b.k - 2) <= 1 RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE b.k > 0 AND b.k < 4 RETURN count(*) AS n",
		)},
		// C nodes with a T relationship out and no S relationship in: a
		// program's difference, a program intersecting the label and the
		// pattern, NOT EXISTS, the distinct starts, OPTIONAL MATCH ... IS
		// NULL.
		{"g-h9-program-diff", "GraphProgram", Generic, written(false,
			"MATCH (n:C) WHERE (n)-[:T]->() AND NOT ()-[:S]->(n) RETURN count(n) AS n",
			programForm(union("MATCH (n:C)-[:T]->() RETURN n"), diff("MATCH ()-[:S]->(n) RETURN n")),
			programForm(union("MATCH (n:C) RETURN n"), intersect("MATCH (n)-[:T]->() RETURN n"), diff("MATCH (n)<-[:S]-() RETURN n")),
			"MATCH (n:C)-[:T]->() WHERE NOT EXISTS { ()-[:S]->(n) } RETURN count(DISTINCT n) AS n",
			"MATCH (n:C) WHERE EXISTS { (n)-[:T]->() } OPTIONAL MATCH (m)-[s:S]->(n) WITH n, s WHERE s IS NULL RETURN count(n) AS n",
		)},

		// Users graphs.
		// The node's neighbours with more than 20 neighbours: the grouped
		// second MATCH filtered, COUNT { }, a comprehension's size, a CALL
		// { } count, a list filter of the collected neighbours, the one
		// two-hop pattern grouped (the SNAP graphs hold one relationship
		// per ordered pair and no self-loop, so its rows per neighbour are
		// the neighbour's degree).
		{"u-h9-degree-filter", "degree filter", Users, written(false,
			"MATCH (:User {id: $hub})-->(b) WITH DISTINCT b MATCH (b)-->(c) WITH b, count(*) AS d WHERE d > 20 RETURN count(b) AS n",
			"MATCH (:User {id: $hub})-->(b) WITH DISTINCT b WHERE COUNT { (b)-->() } > 20 RETURN count(b) AS n",
			"MATCH (:User {id: $hub})-->(b) WITH DISTINCT b WITH b, size([(b)-->(c) | c]) AS d WHERE d > 20 RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(b) WITH DISTINCT b CALL { WITH b MATCH (b)-->(c) RETURN count(c) AS d } WITH b, d WHERE d > 20 RETURN count(b) AS n",
			"MATCH (:User {id: $hub})-->(b) WITH collect(DISTINCT b) AS bs RETURN size([x IN bs WHERE COUNT { (x)-->() } > 20]) AS n",
			"MATCH (:User {id: $hub})-->(b)-->(c) WITH b, count(*) AS d WHERE d > 20 RETURN count(b) AS n",
		)},
		// The node's neighbours counted per bucket of ten of their degree
		// (a count of counts): the grouped second MATCH, COUNT { } and a
		// comprehension's size without zero, floor of a float division,
		// degrees counted then summed per bucket, the remainder removed.
		{"u-h9-degree-buckets", "nested aggregation", Users, written(false,
			"MATCH (:User {id: $hub})-->(b) WITH DISTINCT b MATCH (b)-->(c) WITH b, count(c) AS d RETURN d / 10 AS bucket, count(b) AS n",
			"MATCH (:User {id: $hub})-->(b) WITH DISTINCT b WITH b, COUNT { (b)-->() } AS d WHERE d > 0 RETURN d / 10 AS bucket, count(*) AS n",
			"MATCH (:User {id: $hub})-->(b) WITH DISTINCT b WITH b, size([(b)-->(c) | c]) AS d WHERE d > 0 RETURN toInteger(floor(d / 10.0)) AS bucket, count(*) AS n",
			"MATCH (:User {id: $hub})-->(b) WITH DISTINCT b WITH b, COUNT { (b)-->() } AS d WHERE d > 0 WITH d, count(*) AS k RETURN d / 10 AS bucket, sum(k) AS n",
			"MATCH (:User {id: $hub})-->(b) WITH DISTINCT b CALL { WITH b MATCH (b)-->(c) RETURN count(c) AS d } WITH d WHERE d > 0 RETURN (d - d % 10) / 10 AS bucket, count(*) AS n",
		)},
		// The distance to the other node through nodes of id below 2000:
		// shortestPath with the predicate on its nodes, SHORTEST 1 with it
		// inside a quantified path, increasing-depth EXISTS, the least
		// length of the filtered quantified paths.
		{"u-h9-shortest-filter", "shortest path", Users, written(false,
			"MATCH (a:User {id: $hub}), (b:User {id: $other}) MATCH p = shortestPath((a)-[*..4]->(b)) WHERE all(n IN nodes(p) WHERE n.id < 2000) RETURN length(p) AS d",
			"MATCH p = SHORTEST 1 (a:User {id: $hub}) ((x)-->(y) WHERE y.id < 2000){1,4} (b:User {id: $other}) WHERE a.id < 2000 RETURN length(p) AS d",
			"MATCH (a:User {id: $hub}), (b:User {id: $other}) WHERE a.id < 2000 AND b.id < 2000 WITH a, b, CASE WHEN EXISTS { (a)-->(b) } THEN 1 WHEN EXISTS { (a)-->(x)-->(b) WHERE x.id < 2000 } THEN 2 WHEN EXISTS { (a)-->(x)-->(y)-->(b) WHERE x.id < 2000 AND y.id < 2000 } THEN 3 WHEN EXISTS { (a)-->(x)-->(y)-->(z)-->(b) WHERE x.id < 2000 AND y.id < 2000 AND z.id < 2000 } THEN 4 END AS d WHERE d IS NOT NULL RETURN d",
			"MATCH (a:User {id: $hub}), (b:User {id: $other}) MATCH p = allShortestPaths((a)-[*..4]->(b)) WHERE all(n IN nodes(p) WHERE n.id < 2000) RETURN DISTINCT length(p) AS d",
		)},
		// Each neighbour's least neighbour id below 100, -1 when none: an
		// OPTIONAL MATCH with coalesce(), a CALL { } per neighbour, the
		// head of a COLLECT { ... LIMIT 1 }, reduce() over a comprehension,
		// the first of an ordered collect (one row per neighbour either
		// way: one relationship per ordered pair in these graphs).
		{"u-h9-optional-coalesce", "OPTIONAL MATCH + coalesce", Users, written(false,
			"MATCH (:User {id: $hub})-->(b) OPTIONAL MATCH (b)-->(c) WHERE c.id < 100 RETURN b.id AS id, coalesce(min(c.id), -1) AS m",
			"MATCH (:User {id: $hub})-->(b) CALL { WITH b OPTIONAL MATCH (b)-->(c) WHERE c.id < 100 RETURN min(c.id) AS m } RETURN b.id AS id, coalesce(m, -1) AS m",
			"MATCH (:User {id: $hub})-->(b) RETURN b.id AS id, coalesce(head(COLLECT { MATCH (b)-->(c) WHERE c.id < 100 RETURN c.id ORDER BY c.id LIMIT 1 }), -1) AS m",
			"MATCH (:User {id: $hub})-->(b) RETURN b.id AS id, coalesce(reduce(m = null, x IN [(b)-->(c) WHERE c.id < 100 | c.id] | CASE WHEN m IS NULL OR x < m THEN x ELSE m END), -1) AS m",
			"MATCH (:User {id: $hub})-->(b) OPTIONAL MATCH (b)-->(c) WHERE c.id < 100 WITH b, c.id AS cid ORDER BY cid WITH b, collect(cid) AS ids RETURN b.id AS id, coalesce(ids[0], -1) AS m",
		)},
		// The links out of three users (distinct ids, one absent): IN, one
		// UNWIND, the list bound by a WITH, a CALL { } per value, a
		// disjunction, two UNWINDs of the list paired on equal values.
		{"u-h9-unwind-params", "UNWIND of parameter lists", Users, written(false,
			"MATCH (u:User)-->(v) WHERE u.id IN [$l1, $l2, $l3] RETURN count(*) AS n, count(DISTINCT v) AS d",
			"UNWIND [$l1, $l2, $l3] AS x MATCH (u:User {id: x})-->(v) RETURN count(*) AS n, count(DISTINCT v) AS d",
			"WITH [$l1, $l2, $l3] AS ids MATCH (u:User)-->(v) WHERE u.id IN ids RETURN count(*) AS n, count(DISTINCT v) AS d",
			"UNWIND [$l1, $l2, $l3] AS x CALL { WITH x MATCH (u:User)-->(v) WHERE u.id = x RETURN v } RETURN count(*) AS n, count(DISTINCT v) AS d",
			"MATCH (u:User)-->(v) WHERE u.id = $l1 OR u.id = $l2 OR u.id = $l3 RETURN count(*) AS n, count(DISTINCT v) AS d",
			"UNWIND [$l1, $l2, $l3] AS x UNWIND [$l1, $l2, $l3] AS y WITH x WHERE x = y MATCH (u:User {id: x})-->(v) RETURN count(*) AS n, count(DISTINCT v) AS d",
		)},
		// The distinct nodes two links away (no self-loops in these
		// graphs): count(DISTINCT), WITH DISTINCT, the neighbours made
		// distinct first, RETURN DISTINCT in a CALL { }, the collected set,
		// EXISTS per user.
		{"u-h9-distinct-places", "DISTINCT", Users, written(false,
			"MATCH (:User {id: $hub})-->(b)-->(c) RETURN count(DISTINCT c) AS n",
			"MATCH (:User {id: $hub})-->(b)-->(c) WITH DISTINCT c RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(b) WITH DISTINCT b MATCH (b)-->(c) RETURN count(DISTINCT c) AS n",
			"CALL { MATCH (:User {id: $hub})-->(b)-->(c) RETURN DISTINCT c } RETURN count(c) AS n",
			"MATCH (:User {id: $hub})-->(b)-->(c) WITH collect(DISTINCT c) AS cs RETURN size(cs) AS n",
			"MATCH (c:User) WHERE EXISTS { (:User {id: $hub})-->()-->(c) } RETURN count(c) AS n",
		)},
		// The common out-neighbours of two nodes: the pattern through the
		// shared node, a program's intersection, EXISTS, membership in a
		// collect, the other side first.
		{"u-h9-program-intersect", "GraphProgram", Users, written(false,
			"MATCH (:User {id: $hub})-->(b)<--(:User {id: $other}) RETURN count(DISTINCT b) AS n",
			programForm(union("MATCH (:User {id: $hub})-->(b) RETURN b"), intersect("MATCH (:User {id: $other})-->(b) RETURN b")),
			"MATCH (:User {id: $hub})-->(b) WHERE EXISTS { (:User {id: $other})-->(b) } RETURN count(DISTINCT b) AS n",
			"MATCH (:User {id: $hub})-->(b) WITH collect(DISTINCT b) AS xs MATCH (:User {id: $other})-->(c) WHERE c IN xs RETURN count(DISTINCT c) AS n",
			"MATCH (:User {id: $other})-->(b) WITH DISTINCT b MATCH (b)<--(:User {id: $hub}) RETURN count(DISTINCT b) AS n",
		)},

		// Movies.
		// Every film's best review rating, 0 when unreviewed: OPTIONAL
		// MATCH with coalesce(), a CALL { }, the head of an ordered COLLECT
		// { }, a UNION ALL of reviewed and unreviewed films, reduce() over
		// a comprehension.
		{"m-h9-optional-coalesce", "OPTIONAL MATCH + coalesce", Movies, written(false,
			"MATCH (m:Movie) OPTIONAL MATCH (m)<-[r:REVIEWED]-() RETURN m.title AS t, coalesce(max(r.rating), 0) AS best",
			"MATCH (m:Movie) CALL { WITH m OPTIONAL MATCH (m)<-[r:REVIEWED]-() RETURN max(r.rating) AS best } RETURN m.title AS t, coalesce(best, 0) AS best",
			"MATCH (m:Movie) RETURN m.title AS t, coalesce(head(COLLECT { MATCH (m)<-[r:REVIEWED]-() WHERE r.rating IS NOT NULL RETURN r.rating ORDER BY r.rating DESC LIMIT 1 }), 0) AS best",
			"CALL { MATCH (m:Movie)<-[r:REVIEWED]-() RETURN m, coalesce(max(r.rating), 0) AS best UNION ALL MATCH (m:Movie) WHERE NOT ()-[:REVIEWED]->(m) RETURN m, 0 AS best } RETURN m.title AS t, best",
			"MATCH (m:Movie) WITH m, [(m)<-[r:REVIEWED]-() WHERE r.rating IS NOT NULL | r.rating] AS rs RETURN m.title AS t, coalesce(reduce(b = null, x IN rs | CASE WHEN b IS NULL OR x > b THEN x ELSE b END), 0) AS best",
		)},
		// A person as a map with counts: a projection with COUNT { }
		// entries, a literal with comprehension sizes, OPTIONAL MATCH
		// counts projected, CALL { } counts as variable selectors, a
		// literal over properties().
		{"m-h9-map-projection", "map projection", Movies, written(false,
			"MATCH (p:Person {name: $who}) RETURN p {.name, .born, films: COUNT { (p)-[:ACTED_IN]->(:Movie) }, directed: COUNT { (p)-[:DIRECTED]->(:Movie) }} AS info",
			"MATCH (p:Person {name: $who}) RETURN {name: p.name, born: p.born, films: size([(p)-[:ACTED_IN]->(m:Movie) | m]), directed: size([(p)-[:DIRECTED]->(m:Movie) | m])} AS info",
			"MATCH (p:Person {name: $who}) OPTIONAL MATCH (p)-[:ACTED_IN]->(m:Movie) WITH p, count(m) AS films OPTIONAL MATCH (p)-[:DIRECTED]->(d:Movie) WITH p, films, count(d) AS directed RETURN p {.name, .born, films: films, directed: directed} AS info",
			"MATCH (p:Person {name: $who}) CALL { WITH p MATCH (p)-[:ACTED_IN]->(m:Movie) RETURN count(m) AS films } CALL { WITH p MATCH (p)-[:DIRECTED]->(m:Movie) RETURN count(m) AS directed } RETURN p {.name, .born, films, directed} AS info",
			"MATCH (p:Person {name: $who}) WITH p, properties(p) AS props RETURN {name: props.name, born: props.born, films: COUNT { (p)-[:ACTED_IN]->(:Movie) }, directed: COUNT { (p)-[:DIRECTED]->(:Movie) }} AS info",
		)},
		// A person's first and latest film (by year, then title) and their
		// number: head and last of the ordered collect, last and head of
		// the reversed order, index 0 and -1, reverse(), two CALL { }s with
		// LIMIT 1, an ordered COLLECT { } (the person has films: without,
		// the aggregating forms return one row of nulls and the CALL form
		// none).
		{"m-h9-list-first-last", "list functions", Movies, written(false,
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH m ORDER BY m.released, m.title WITH collect(m.title) AS ts RETURN head(ts) AS first, last(ts) AS latest, size(ts) AS n",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH m ORDER BY m.released DESC, m.title DESC WITH collect(m.title) AS ts RETURN last(ts) AS first, head(ts) AS latest, size(ts) AS n",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH m ORDER BY m.released, m.title WITH collect(m.title) AS ts RETURN ts[0] AS first, ts[-1] AS latest, size(ts) AS n",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH m ORDER BY m.released, m.title WITH collect(m.title) AS ts RETURN ts[0] AS first, reverse(ts)[0] AS latest, size(ts) AS n",
			"MATCH (p:Person {name: $who}) CALL { WITH p MATCH (p)-[:ACTED_IN]->(m:Movie) RETURN m.title AS first ORDER BY m.released, m.title LIMIT 1 } CALL { WITH p MATCH (p)-[:ACTED_IN]->(m:Movie) RETURN m.title AS latest ORDER BY m.released DESC, m.title DESC LIMIT 1 } RETURN first, latest, COUNT { (p)-[:ACTED_IN]->(:Movie) } AS n",
			"MATCH (p:Person {name: $who}) WITH COLLECT { MATCH (p)-[:ACTED_IN]->(m:Movie) RETURN m.title ORDER BY m.released, m.title } AS ts RETURN head(ts) AS first, last(ts) AS latest, size(ts) AS n",
		)},
		// Roles in 1990s films by actors born before 1960: both bounds, the
		// chained comparison, integer division, the year's string prefix
		// with a negated bound, dates built from the year.
		{"m-h9-number-range", "date and number predicates", Movies, written(false,
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE m.released >= 1990 AND m.released < 2000 AND p.born < 1960 RETURN count(*) AS n, count(DISTINCT p) AS people",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE 1990 <= m.released < 2000 AND p.born < 1960 RETURN count(*) AS n, count(DISTINCT p) AS people",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE m.released / 10 = 199 AND p.born <= 1959 RETURN count(*) AS n, count(DISTINCT p) AS people",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE toString(m.released) STARTS WITH '199' AND NOT p.born >= 1960 RETURN count(*) AS n, count(DISTINCT p) AS people",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE date({year: m.released}) >= date('1990-01-01') AND date({year: m.released}) < date('2000-01-01') AND p.born < 1960 RETURN count(*) AS n, count(DISTINCT p) AS people",
		)},
		// How many films have each cast size (a count of counts): the
		// grouped MATCH, COUNT { } and a comprehension's size without zero,
		// the films collected per size, a CALL { } count.
		{"m-h9-count-of-counts", "nested aggregation", Movies, written(false,
			"MATCH (m:Movie)<-[:ACTED_IN]-(p:Person) WITH m, count(p) AS cast RETURN cast, count(m) AS films",
			"MATCH (m:Movie) WITH m, COUNT { (m)<-[:ACTED_IN]-(:Person) } AS cast WHERE cast > 0 RETURN cast, count(*) AS films",
			"MATCH (m:Movie) WITH m, size([(m)<-[:ACTED_IN]-(p:Person) | p]) AS cast WHERE cast > 0 RETURN cast, count(*) AS films",
			"MATCH (m:Movie)<-[r:ACTED_IN]-(:Person) WITH m, collect(r) AS rs WITH size(rs) AS cast, collect(m) AS ms RETURN cast, size(ms) AS films",
			"MATCH (m:Movie) CALL { WITH m MATCH (m)<-[:ACTED_IN]-(p:Person) RETURN count(p) AS cast } WITH cast WHERE cast > 0 RETURN cast, count(*) AS films",
		)},
		// Kevin Bacon's distance to the person over ACTED_IN: shortestPath,
		// SHORTEST 1, allShortestPaths' lengths, the least length of the
		// variable-length paths, increasing even depths (the bounded forms
		// agree with the unbounded ones while the distance is at most 4;
		// it is 2).
		{"m-h9-shortest-bacon", "shortest path", Movies, written(false,
			"MATCH (a:Person {name: 'Kevin Bacon'}), (b:Person {name: $who}) MATCH p = shortestPath((a)-[:ACTED_IN*]-(b)) RETURN length(p) AS d",
			"MATCH p = SHORTEST 1 (a:Person {name: 'Kevin Bacon'})-[:ACTED_IN]-+(b:Person {name: $who}) RETURN length(p) AS d",
			"MATCH (a:Person {name: 'Kevin Bacon'}), (b:Person {name: $who}) MATCH p = allShortestPaths((a)-[:ACTED_IN*]-(b)) RETURN DISTINCT length(p) AS d",
			"MATCH (a:Person {name: 'Kevin Bacon'}), (b:Person {name: $who}) MATCH p = (a)-[:ACTED_IN*1..4]-(b) WITH min(length(p)) AS d WHERE d IS NOT NULL RETURN d",
			"MATCH (a:Person {name: 'Kevin Bacon'}), (b:Person {name: $who}) WITH a, b, CASE WHEN EXISTS { (a)-[:ACTED_IN]-(:Movie)-[:ACTED_IN]-(b) } THEN 2 WHEN EXISTS { (a)-[:ACTED_IN*4]-(b) } THEN 4 END AS d WHERE d IS NOT NULL RETURN d",
		)},
		// People who acted in a film they directed: EXISTS of the cycle,
		// the distinct starts, the label and the pattern in WHERE, any()
		// over the directed films, COUNT { } > 0, a program, membership in
		// the collected films.
		{"m-h9-directed-acted", "EXISTS with labels", Movies, written(false,
			"MATCH (p:Person) WHERE EXISTS { (p)-[:DIRECTED]->(m:Movie)<-[:ACTED_IN]-(p) } RETURN count(p) AS n",
			"MATCH (p:Person)-[:DIRECTED]->(m:Movie)<-[:ACTED_IN]-(p) RETURN count(DISTINCT p) AS n",
			"MATCH (p:Person)-[:DIRECTED]->(m) WHERE m:Movie AND (p)-[:ACTED_IN]->(m) RETURN count(DISTINCT p) AS n",
			"MATCH (p:Person) WHERE any(m IN [(p)-[:DIRECTED]->(x:Movie) | x] WHERE (p)-[:ACTED_IN]->(m)) RETURN count(p) AS n",
			"MATCH (p:Person) WHERE COUNT { (p)-[:ACTED_IN]->(m:Movie) WHERE (p)-[:DIRECTED]->(m) } > 0 RETURN count(*) AS n",
			programForm(union("MATCH (p:Person)-[:DIRECTED]->(m:Movie)<-[:ACTED_IN]-(p) RETURN p")),
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WITH p, collect(m) AS acted MATCH (p)-[:DIRECTED]->(d) WHERE d IN acted RETURN count(DISTINCT p) AS n",
		)},

		// Stack Overflow.
		// The tag's questions with their accepted answer's score, -1 when
		// none: OPTIONAL MATCH with the filter in WHERE or inline and
		// coalesce() or CASE, a CALL { }, a UNION ALL of the two sets, the
		// head of an ordered COLLECT { }.
		{"s-h9-optional-accepted", "OPTIONAL MATCH + coalesce", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag2})<-[:TAGGED]-(q:Question) OPTIONAL MATCH (q)<-[:ANSWERED]-(a:Answer) WHERE a.is_accepted = 'true' RETURN q.question_id AS id, coalesce(max(a.score), -1) AS s",
			"MATCH (:Tag {name: $tag2})<-[:TAGGED]-(q:Question) CALL { WITH q OPTIONAL MATCH (q)<-[:ANSWERED]-(a:Answer) WHERE a.is_accepted = 'true' RETURN max(a.score) AS s } RETURN q.question_id AS id, coalesce(s, -1) AS s",
			"MATCH (:Tag {name: $tag2})<-[:TAGGED]-(q:Question) OPTIONAL MATCH (q)<-[:ANSWERED]-(a:Answer {is_accepted: 'true'}) WITH q, max(a.score) AS m RETURN q.question_id AS id, CASE WHEN m IS NULL THEN -1 ELSE m END AS s",
			"CALL { MATCH (:Tag {name: $tag2})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE a.is_accepted = 'true' RETURN q, coalesce(max(a.score), -1) AS s UNION ALL MATCH (:Tag {name: $tag2})<-[:TAGGED]-(q:Question) WHERE NOT EXISTS { (q)<-[:ANSWERED]-(a:Answer) WHERE a.is_accepted = 'true' } RETURN q, -1 AS s } RETURN q.question_id AS id, s",
			"MATCH (:Tag {name: $tag2})<-[:TAGGED]-(q:Question) RETURN q.question_id AS id, coalesce(head(COLLECT { MATCH (q)<-[:ANSWERED]-(a:Answer) WHERE a.is_accepted = 'true' AND a.score IS NOT NULL RETURN a.score ORDER BY a.score DESC LIMIT 1 }), -1) AS s",
		)},
		// Questions per tag family (the name before its first '-'):
		// split()[0], head(split()), the last part of the reversed name's
		// split reversed, DISTINCT pairs counted, the tags grouped first.
		{"s-h9-tag-family", "string normalisation", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(t:Tag) RETURN split(t.name, '-')[0] AS family, count(DISTINCT q) AS questions",
			"MATCH (q:Question)-[:TAGGED]->(t:Tag) RETURN head(split(t.name, '-')) AS family, count(DISTINCT q) AS questions",
			"MATCH (q:Question)-[:TAGGED]->(t:Tag) WITH q, reverse(last(split(reverse(t.name), '-'))) AS family RETURN family, count(DISTINCT q) AS questions",
			"MATCH (q:Question)-[:TAGGED]->(t:Tag) WITH DISTINCT q, split(t.name, '-')[0] AS family RETURN family, count(*) AS questions",
			"MATCH (t:Tag) WITH split(t.name, '-')[0] AS family, collect(t) AS ts MATCH (q:Question)-[:TAGGED]->(t) WHERE t IN ts RETURN family, count(DISTINCT q) AS questions",
		)},
		// The sum of the two best answer scores per question of the tag:
		// ORDER BY + LIMIT in a CALL { } per question, the ordered collect
		// sliced, a COLLECT { ... LIMIT 2 } reduced or unwound.
		{"s-h9-top-answers-call", "top-k per group", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) CALL { WITH q MATCH (q)<-[:ANSWERED]-(a:Answer) RETURN a.score AS s ORDER BY s DESC LIMIT 2 } RETURN q.question_id AS id, sum(s) AS top2",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WITH q, a.score AS s ORDER BY s DESC WITH q, collect(s)[..2] AS top RETURN q.question_id AS id, reduce(t = 0, x IN top | t + x) AS top2",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) WITH q, COLLECT { MATCH (q)<-[:ANSWERED]-(a:Answer) RETURN a.score ORDER BY a.score DESC LIMIT 2 } AS top WHERE size(top) > 0 RETURN q.question_id AS id, reduce(t = 0, x IN top | t + x) AS top2",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) WITH q, COLLECT { MATCH (q)<-[:ANSWERED]-(a:Answer) RETURN a.score ORDER BY a.score DESC LIMIT 2 } AS top UNWIND top AS x RETURN q.question_id AS id, sum(x) AS top2",
		)},
		// The tag's questions with an accepted answer id: IS NOT NULL, NOT
		// IS NULL, exists(), keys(), count() of the property, a sum of a
		// CASE, the property equal to itself.
		{"s-h9-is-not-null", "IS NOT NULL", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag2})<-[:TAGGED]-(q:Question) WHERE q.accepted_answer_id IS NOT NULL RETURN count(q) AS n",
			"MATCH (:Tag {name: $tag2})<-[:TAGGED]-(q:Question) WHERE NOT q.accepted_answer_id IS NULL RETURN count(q) AS n",
			"MATCH (:Tag {name: $tag2})<-[:TAGGED]-(q:Question) WHERE exists(q.accepted_answer_id) RETURN count(q) AS n",
			"MATCH (:Tag {name: $tag2})<-[:TAGGED]-(q:Question) WHERE 'accepted_answer_id' IN keys(q) RETURN count(q) AS n",
			"MATCH (:Tag {name: $tag2})<-[:TAGGED]-(q:Question) RETURN count(q.accepted_answer_id) AS n",
			"MATCH (:Tag {name: $tag2})<-[:TAGGED]-(q:Question) RETURN sum(CASE WHEN q.accepted_answer_id IS NULL THEN 0 ELSE 1 END) AS n",
			"MATCH (:Tag {name: $tag2})<-[:TAGGED]-(q:Question) WHERE q.accepted_answer_id = q.accepted_answer_id RETURN count(q) AS n",
		)},

		// LDBC.
		// The person's friends born before 1985: a date comparison, the
		// year accessor, the last day of 1984 as an inclusive bound, the
		// date's parts as one integer, date() of a map, the negated bound
		// after DISTINCT.
		{"l-h9-birthday-date", "date and number predicates", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE f.birthday < date('1985-01-01') RETURN count(DISTINCT f) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE f.birthday.year < 1985 RETURN count(DISTINCT f) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE f.birthday <= date('1984-12-31') RETURN count(DISTINCT f) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE f.birthday.year * 10000 + f.birthday.month * 100 + f.birthday.day < 19850101 RETURN count(DISTINCT f) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE f.birthday < date({year: 1985, month: 1, day: 1}) RETURN count(DISTINCT f) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f WHERE NOT f.birthday >= date('1985-01-01') RETURN count(*) AS n",
		)},
		// Friendships of three persons (distinct ids, one absent): IN, one
		// UNWIND, a CALL { } per value, the list bound by a WITH, a
		// disjunction, two UNWINDs paired on equal values.
		{"l-h9-unwind-params", "UNWIND of parameter lists", LDBC, written(false,
			"MATCH (p:Person)-[:KNOWS]-(f:Person) WHERE p.id IN [$l1, $l2, $l3] RETURN count(*) AS n, count(DISTINCT f) AS d",
			"UNWIND [$l1, $l2, $l3] AS x MATCH (p:Person {id: x})-[:KNOWS]-(f:Person) RETURN count(*) AS n, count(DISTINCT f) AS d",
			"UNWIND [$l1, $l2, $l3] AS x CALL { WITH x MATCH (p:Person {id: x})-[:KNOWS]-(f:Person) RETURN f } RETURN count(*) AS n, count(DISTINCT f) AS d",
			"WITH [$l1, $l2, $l3] AS ids UNWIND ids AS x MATCH (p:Person)-[:KNOWS]-(f:Person) WHERE p.id = x RETURN count(*) AS n, count(DISTINCT f) AS d",
			"MATCH (p:Person)-[:KNOWS]-(f:Person) WHERE p.id = $l1 OR p.id = $l2 OR p.id = $l3 RETURN count(*) AS n, count(DISTINCT f) AS d",
			"UNWIND [$l1, $l2, $l3] AS x UNWIND [$l1, $l2, $l3] AS y WITH x WHERE x = y MATCH (p:Person {id: x})-[:KNOWS]-(f:Person) RETURN count(*) AS n, count(DISTINCT f) AS d",
		)},
		// The KNOWS distance from the person to three others through people
		// born before 1985 (the ends excepted): shortestPath with the
		// predicate on the inner nodes (searched with, not tested after),
		// allShortestPaths with it, the least length of the filtered
		// variable-length paths, SHORTEST 1 with the filter inside a
		// quantified path (the end excepted: a path through the end is
		// longer than its prefix to it), increasing-depth EXISTS.
		{"l-h9-shortest-filter", "shortest path", LDBC, written(false,
			"MATCH (a:Person {id: $person}), (b:Person) WHERE b.id IN [$other, $l1, $l2] MATCH p = (a)-[:KNOWS*1..3]-(b) WHERE all(x IN nodes(p)[1..-1] WHERE x.birthday.year < 1985) WITH b, min(length(p)) AS d RETURN b.id AS id, d",
			"MATCH (a:Person {id: $person}), (b:Person) WHERE b.id IN [$other, $l1, $l2] MATCH p = shortestPath((a)-[:KNOWS*..3]-(b)) WHERE all(x IN nodes(p)[1..-1] WHERE x.birthday.year < 1985) RETURN b.id AS id, length(p) AS d",
			"MATCH (a:Person {id: $person}), (b:Person) WHERE b.id IN [$other, $l1, $l2] MATCH p = allShortestPaths((a)-[:KNOWS*..3]-(b)) WHERE all(x IN nodes(p)[1..-1] WHERE x.birthday.year < 1985) RETURN DISTINCT b.id AS id, length(p) AS d",
			"MATCH (b:Person) WHERE b.id IN [$other, $l1, $l2] MATCH p = SHORTEST 1 (a:Person {id: $person}) ((x)-[:KNOWS]-(y) WHERE y = b OR y.birthday.year < 1985){1,3} (b) RETURN b.id AS id, length(p) AS d",
			"MATCH (a:Person {id: $person}), (b:Person) WHERE b.id IN [$other, $l1, $l2] WITH a, b, CASE WHEN EXISTS { (a)-[:KNOWS]-(b) } THEN 1 WHEN EXISTS { (a)-[:KNOWS]-(x)-[:KNOWS]-(b) WHERE x.birthday.year < 1985 } THEN 2 WHEN EXISTS { (a)-[:KNOWS]-(x)-[:KNOWS]-(y)-[:KNOWS]-(b) WHERE x.birthday.year < 1985 AND y.birthday.year < 1985 } THEN 3 END AS d WHERE d IS NOT NULL RETURN b.id AS id, d",
		)},
		// The number of shortest KNOWS paths from the person to three
		// others (IC14's paths): allShortestPaths, ALL SHORTEST, the
		// variable-length paths of the least length matched again, the
		// lengths collected and reduced.
		{"l-h9-all-shortest-knows", "shortest path", LDBC, written(false,
			"MATCH (a:Person {id: $person}), (b:Person) WHERE b.id IN [$other, $l1, $l2] MATCH p = allShortestPaths((a)-[:KNOWS*..3]-(b)) RETURN b.id AS id, length(p) AS d, count(p) AS n",
			"MATCH (b:Person) WHERE b.id IN [$other, $l1, $l2] MATCH p = ALL SHORTEST (a:Person {id: $person})-[:KNOWS]-{1,3}(b) RETURN b.id AS id, length(p) AS d, count(p) AS n",
			"MATCH (a:Person {id: $person}), (b:Person) WHERE b.id IN [$other, $l1, $l2] MATCH p = (a)-[:KNOWS*1..3]-(b) WITH a, b, min(length(p)) AS d MATCH q = (a)-[:KNOWS*1..3]-(b) WHERE length(q) = d RETURN b.id AS id, d, count(q) AS n",
			"MATCH (a:Person {id: $person}), (b:Person) WHERE b.id IN [$other, $l1, $l2] MATCH p = (a)-[:KNOWS*1..3]-(b) WITH b, collect(length(p)) AS ls WITH b, ls, reduce(m = 4, x IN ls | CASE WHEN x < m THEN x ELSE m END) AS d RETURN b.id AS id, d, size([x IN ls WHERE x = d]) AS n",
		)},

		// Northwind.
		// Orders of 1997 per employee from the order date string: STARTS
		// WITH, left(), a string range, date() of the date part and its
		// year, toInteger() of the year part, a date range.
		{"n-h9-order-dates", "date and number predicates", Northwind, written(false,
			"MATCH (e:Employee)-[:SOLD]->(o:Order) WHERE o.orderDate STARTS WITH '1997' RETURN e.lastName AS name, count(o) AS n",
			"MATCH (e:Employee)-[:SOLD]->(o:Order) WHERE left(o.orderDate, 4) = '1997' RETURN e.lastName AS name, count(o) AS n",
			"MATCH (e:Employee)-[:SOLD]->(o:Order) WHERE o.orderDate >= '1997-01-01' AND o.orderDate < '1998-01-01' RETURN e.lastName AS name, count(o) AS n",
			"MATCH (e:Employee)-[:SOLD]->(o:Order) WHERE date(left(o.orderDate, 10)).year = 1997 RETURN e.lastName AS name, count(o) AS n",
			"MATCH (e:Employee)-[:SOLD]->(o:Order) WHERE toInteger(substring(o.orderDate, 0, 4)) = 1997 RETURN e.lastName AS name, count(o) AS n",
			"MATCH (e:Employee)-[:SOLD]->(o:Order) WITH e, o, date(left(o.orderDate, 10)) AS d WHERE d >= date('1997-01-01') AND d < date('1998-01-01') RETURN e.lastName AS name, count(o) AS n",
		)},
		// The three dearest products per category (ties by name): ORDER BY
		// + LIMIT in a CALL { } per category, the ordered collect sliced
		// and unwound, a COLLECT { ... LIMIT 3 } unwound, a rank by COUNT
		// { } of dearer products, the ascending collect reversed.
		{"n-h9-top-products-call", "top-k per group", Northwind, written(false,
			"MATCH (c:Category) CALL { WITH c MATCH (p:Product)-[:PART_OF]->(c) RETURN p.productName AS product ORDER BY p.unitPrice DESC, product LIMIT 3 } RETURN c.categoryName AS cat, product",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WITH c, p ORDER BY p.unitPrice DESC, p.productName WITH c, collect(p.productName)[..3] AS top UNWIND top AS product RETURN c.categoryName AS cat, product",
			"MATCH (c:Category) UNWIND COLLECT { MATCH (p:Product)-[:PART_OF]->(c) RETURN p.productName ORDER BY p.unitPrice DESC, p.productName LIMIT 3 } AS product RETURN c.categoryName AS cat, product",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WHERE COUNT { (q:Product)-[:PART_OF]->(c) WHERE q.unitPrice > p.unitPrice OR (q.unitPrice = p.unitPrice AND q.productName < p.productName) } < 3 RETURN c.categoryName AS cat, p.productName AS product",
			"MATCH (c:Category)<-[:PART_OF]-(p:Product) WITH c, p ORDER BY p.unitPrice, p.productName DESC WITH c, reverse(collect(p)) AS ps UNWIND ps[0..3] AS p RETURN c.categoryName AS cat, p.productName AS product",
		)},
		// Every employee with the manager's name or 'none': OPTIONAL MATCH
		// with coalesce() or CASE, the head of a comprehension, a UNION ALL
		// of managed and unmanaged, a map projection read back.
		{"n-h9-manager-coalesce", "OPTIONAL MATCH + coalesce", Northwind, written(false,
			"MATCH (e:Employee) OPTIONAL MATCH (e)-[:REPORTS_TO]->(b:Employee) RETURN e.lastName AS name, coalesce(b.lastName, 'none') AS boss",
			"MATCH (e:Employee) RETURN e.lastName AS name, coalesce(head([(e)-[:REPORTS_TO]->(b:Employee) | b.lastName]), 'none') AS boss",
			"CALL { MATCH (e:Employee)-[:REPORTS_TO]->(b:Employee) RETURN e, coalesce(b.lastName, 'none') AS boss UNION ALL MATCH (e:Employee) WHERE NOT (e)-[:REPORTS_TO]->(:Employee) RETURN e, 'none' AS boss } RETURN e.lastName AS name, boss",
			"MATCH (e:Employee) OPTIONAL MATCH (e)-[:REPORTS_TO]->(b:Employee) RETURN e.lastName AS name, CASE WHEN b.lastName IS NULL THEN 'none' ELSE b.lastName END AS boss",
			"MATCH (e:Employee) OPTIONAL MATCH (e)-[:REPORTS_TO]->(b:Employee) WITH e {.lastName, boss: coalesce(b.lastName, 'none')} AS m RETURN m.lastName AS name, m.boss AS boss",
		)},

		// WN18RR.
		// The synset's hyponyms counted by their own number of hyponyms
		// (zero included): COUNT { }, OPTIONAL MATCH counted, a
		// comprehension's size, a CALL { }, the hyponyms collected per
		// count.
		{"w-h9-count-of-counts", "nested aggregation", WordNet, written(false,
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h) WITH DISTINCT h WITH h, COUNT { (h)<-[:_hypernym]-() } AS d RETURN d, count(*) AS n",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h) WITH DISTINCT h OPTIONAL MATCH (h)<-[:_hypernym]-(x) WITH h, count(x) AS d RETURN d, count(*) AS n",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h) WITH DISTINCT h WITH h, size([(h)<-[:_hypernym]-(x) | x]) AS d RETURN d, count(h) AS n",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h) WITH DISTINCT h CALL { WITH h OPTIONAL MATCH (h)<-[:_hypernym]-(x) RETURN count(x) AS d } RETURN d, count(*) AS n",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h) WITH DISTINCT h OPTIONAL MATCH (h)<-[r:_hypernym]-() WITH h, count(r) AS d WITH d, collect(h) AS hs RETURN d, size(hs) AS n",
		)},
		// The synset's hyponyms per initial letter in upper case: toUpper
		// of left(), left() of toUpper, substring(), the name upper-cased
		// in a WITH, toUpper of toLower, names returned by a CALL { }.
		{"w-h9-name-initial", "string normalisation", WordNet, written(false,
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h) RETURN toUpper(left(h.name, 1)) AS initial, count(*) AS n",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h) RETURN left(toUpper(h.name), 1) AS initial, count(*) AS n",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h) RETURN toUpper(substring(h.name, 0, 1)) AS initial, count(*) AS n",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h) WITH h, toUpper(h.name) AS u RETURN left(u, 1) AS initial, count(*) AS n",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h) WITH toLower(left(h.name, 1)) AS i RETURN toUpper(i) AS initial, count(*) AS n",
			"CALL { MATCH (:Entity {id: $entity})<-[:_hypernym]-(h) RETURN h.name AS name } RETURN toUpper(left(name, 1)) AS initial, count(*) AS n",
		)},
	}
}
