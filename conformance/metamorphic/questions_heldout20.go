package metamorphic

// heldout20Questions are the twentieth held-out round's kinds: UNWIND of
// parameter lists and literal lists (absent values kept with a zero,
// duplicated values counted twice); CALL { } subqueries correlated and
// not, with UNION and UNION ALL inside; map projections and nested maps
// (built from COUNT { }, COLLECT { }, OPTIONAL MATCH and comprehensions,
// read back by nested keys); string search written as STARTS WITH,
// CONTAINS, a regular expression, left(), substring(), split() and
// replace(); questions about relationship properties (sums, maxima and
// missing values of weights, roles, quantities, dates of friendships);
// percentiles, standard deviations and medians read from a sorted
// collected list by index (ascending and descending); one filter spelled
// as EXISTS, OPTIONAL MATCH with an IS NULL test, COUNT { } compared
// with zero, a pattern predicate, a comprehension sized, a collected
// list and a program; and what an agent asks of a knowledge graph: an
// entity found by name and its typed neighbourhood, the relation types
// between two entities, k-hop summaries.
func heldout20Questions() []Question {
	return []Question{
		// Generic graphs.
		// Per id of the list (two present, one absent), the R links out of
		// the nodes of that id (ids repeat, so several nodes may share
		// one), zero kept: OPTIONAL MATCH counted, COUNT { } per value,
		// CALL (i) { } aggregating (one row even over none), the found
		// counts collected and looked up per value.
		{"g-h20-unwind-param-ids", "UNWIND of parameter lists", Generic, written(false,
			"UNWIND [$l1, $l2, $l3] AS i OPTIONAL MATCH (n {id: i})-[r:R]->() RETURN i, count(r) AS n",
			"UNWIND [$l1, $l2, $l3] AS i RETURN i, COUNT { MATCH (n)-[:R]->() WHERE n.id = i } AS n",
			"UNWIND [$l1, $l2, $l3] AS i CALL (i) { MATCH (n {id: i})-[r:R]->() RETURN count(r) AS n } RETURN i, n",
			"MATCH (n)-[r:R]->() WHERE n.id IN [$l1, $l2, $l3] WITH n.id AS i, count(r) AS c WITH collect([i, c]) AS pairs UNWIND [$l1, $l2, $l3] AS i RETURN i, coalesce(head([p IN pairs WHERE p[0] = i | p[1]]), 0) AS n",
			"UNWIND [$l1, $l2, $l3] AS i CALL (i) { MATCH (n) WHERE n.id = i RETURN sum(COUNT { (n)-[:R]->() }) AS n } RETURN i, n",
		)},
		// A nodes per key of a literal list with a repeated value and a
		// null: each element of the list is a row, so the repeated key
		// counts its nodes twice and the null matches nothing: UNWIND then
		// MATCH, the IN list with the repeat multiplied back, the product
		// of the nodes and the list, COUNT { } and CALL (k) { } per
		// element summed per key with the empty keys dropped.
		{"g-h20-unwind-list-repeats", "UNWIND of literal lists with repeats", Generic, written(false,
			"UNWIND [1, 2, 2, 3, null] AS k MATCH (n:A) WHERE n.k = k RETURN k, count(*) AS c",
			"MATCH (n:A) WHERE n.k IN [1, 2, 3] WITH n.k AS k, count(*) AS c RETURN k, CASE k WHEN 2 THEN 2 * c ELSE c END AS c",
			"MATCH (n:A) UNWIND [1, 2, 2, 3, null] AS k WITH n, k WHERE n.k = k RETURN k, count(*) AS c",
			"UNWIND [1, 2, 2, 3, null] AS k WITH k, COUNT { (n:A {k: k}) } AS c WITH k, sum(c) AS c WHERE c > 0 RETURN k, c",
			"UNWIND [1, 2, 2, 3, null] AS k CALL (k) { MATCH (n:A) WHERE n.k = k RETURN count(*) AS c } WITH k, sum(c) AS c WHERE c > 0 RETURN k, c",
		)},
		// Per A node with any, its distinct nodes reached by an R link out
		// or an S link in: CALL (a) { UNION } (a node without any leaves
		// no row), COUNT { UNION } kept above zero, the undirected R|S
		// pattern filtered by the two directed tests, two comprehensions
		// concatenated and unwound, an uncorrelated CALL { UNION } of
		// (a, x) pairs.
		{"g-h20-call-union-correlated", "CALL { } with UNION inside", Generic, written(false,
			"MATCH (a:A) CALL (a) { MATCH (a)-[:R]->(x) RETURN x UNION MATCH (a)<-[:S]-(x) RETURN x } WITH a, count(x) AS n RETURN a.id AS id, a.k AS k, n",
			"MATCH (a:A) WITH a, COUNT { MATCH (a)-[:R]->(x) RETURN x UNION MATCH (a)<-[:S]-(x) RETURN x } AS n WHERE n > 0 RETURN a.id AS id, a.k AS k, n",
			"MATCH (a:A)-[:R|S]-(x) WHERE (a)-[:R]->(x) OR (x)-[:S]->(a) WITH a, count(DISTINCT x) AS n RETURN a.id AS id, a.k AS k, n",
			"MATCH (a:A) WITH a, [(a)-[:R]->(x) | x] + [(a)<-[:S]-(x) | x] AS xs UNWIND xs AS x WITH a, count(DISTINCT x) AS n RETURN a.id AS id, a.k AS k, n",
			"CALL { MATCH (a:A)-[:R]->(x) RETURN a, x UNION MATCH (a:A)<-[:S]-(x) RETURN a, x } WITH a, count(*) AS n RETURN a.id AS id, a.k AS k, n",
		)},
		// Per A node with a key, a nested map of its id, key and R and S
		// out-degrees: map projection with COUNT { } inside, two OPTIONAL
		// MATCH clauses counted into a map literal, CALL (a) { } counting
		// by type with CASE, sized comprehensions in a map carried by
		// WITH, a projection of a projected map with .* (a missing id is
		// a null entry in every form).
		{"g-h20-nested-map-projection", "map projections and nested maps", Generic, written(false,
			"MATCH (a:A) WHERE a.k IS NOT NULL RETURN a {.id, .k, out: {r: COUNT { (a)-[:R]->() }, s: COUNT { (a)-[:S]->() }}} AS m",
			"MATCH (a:A) WHERE a.k IS NOT NULL OPTIONAL MATCH (a)-[r:R]->() WITH a, count(r) AS nr OPTIONAL MATCH (a)-[s:S]->() WITH a, nr, count(s) AS ns RETURN {id: a.id, k: a.k, out: {r: nr, s: ns}} AS m",
			"MATCH (a:A) WHERE a.k IS NOT NULL CALL (a) { OPTIONAL MATCH (a)-[r]->() RETURN count(CASE type(r) WHEN 'R' THEN 1 END) AS nr, count(CASE type(r) WHEN 'S' THEN 1 END) AS ns } RETURN a {.id, .k, out: {r: nr, s: ns}} AS m",
			"MATCH (a:A) WHERE a.k IS NOT NULL WITH a, {r: size([(a)-[:R]->() | 1]), s: size([(a)-[:S]->() | 1])} AS out RETURN a {.id, .k, out: out} AS m",
			"MATCH (a:A) WHERE a.k IS NOT NULL WITH a, a {.id, .k} AS base RETURN base {.*, out: {r: COUNT { (a)-[:R]->() }, s: COUNT { (a)-[:S]->() }}} AS m",
		)},
		// Per string, the sum and maximum of the A nodes' keys read back
		// from nested maps (sum() of no values is 0, max() null): the
		// plain aggregates, collected maps unwound and read by a nested
		// key, a projected map with a projected map inside, reduce() over
		// the collected keys, the head of the keys collected in
		// descending order (collect() drops the nulls ORDER BY puts
		// first).
		{"g-h20-nested-map-keys", "collected maps read by nested keys", Generic, written(false,
			"MATCH (a:A) WHERE a.s IS NOT NULL RETURN a.s AS s, sum(a.k) AS t, max(a.k) AS top",
			"MATCH (a:A) WHERE a.s IS NOT NULL WITH collect({key: a.s, v: {k: a.k}}) AS ms UNWIND ms AS m RETURN m.key AS s, sum(m.v.k) AS t, max(m.v.k) AS top",
			"MATCH (a:A) WITH a {.s, inner: a {.k}} AS m WHERE m.s IS NOT NULL RETURN m.s AS s, sum(m.inner.k) AS t, max(m.inner.k) AS top",
			"MATCH (a:A) WHERE a.s IS NOT NULL WITH a.s AS s, collect(a.k) AS ks RETURN s, reduce(t = 0, x IN ks | t + x) AS t, reduce(m = null, x IN ks | CASE WHEN m IS NULL OR x > m THEN x ELSE m END) AS top",
			"MATCH (a:A) WHERE a.s IS NOT NULL WITH a.s AS s, a.k AS k ORDER BY k DESC WITH s, collect(k) AS ks RETURN s, reduce(t = 0, x IN ks | t + x) AS t, ks[0] AS top",
		)},
		// A nodes whose id written in decimal starts with 1, per key:
		// STARTS WITH, a regular expression, left(), substring(), the
		// first character of the reversed reversal (a missing id is a
		// null string, which no test keeps).
		{"g-h20-id-prefix", "string search", Generic, written(false,
			"MATCH (n:A) WHERE toString(n.id) STARTS WITH '1' RETURN n.k AS k, count(*) AS c",
			"MATCH (n:A) WHERE toString(n.id) =~ '1.*' RETURN n.k AS k, count(*) AS c",
			"MATCH (n:A) WHERE left(toString(n.id), 1) = '1' RETURN n.k AS k, count(*) AS c",
			"MATCH (n:A) WITH n, substring(toString(n.id), 0, 1) AS first WHERE first = '1' RETURN n.k AS k, count(*) AS c",
			"MATCH (n:A) WHERE right(reverse(toString(n.id)), 1) = '1' RETURN n.k AS k, count(*) AS c",
		)},
		// Per A node with R links out, the sum and maximum of their
		// weights and how many have none (a self-loop is one link, a
		// parallel link another): the aggregates, a comprehension reduced
		// with COLLECT { max } indexed and COUNT { } of the missing, the
		// collected weights reduced, the weights collected in descending
		// order, CALL (a) { } aggregating with the empty rows dropped.
		{"g-h20-rel-weights", "relationship properties", Generic, written(false,
			"MATCH (a:A)-[r:R]->() WITH a, sum(r.w) AS t, max(r.w) AS top, count(r) - count(r.w) AS missing RETURN a.id AS id, t, top, missing",
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->() } RETURN a.id AS id, reduce(t = 0, x IN [(a)-[r:R]->() | r] | t + coalesce(x.w, 0)) AS t, COLLECT { MATCH (a)-[r:R]->() RETURN max(r.w) AS m }[0] AS top, COUNT { (a)-[r:R]->() WHERE r.w IS NULL } AS missing",
			"MATCH (a:A)-[r:R]->() WITH a, collect(r.w) AS ws, count(*) AS n RETURN a.id AS id, reduce(t = 0, x IN ws | t + x) AS t, CASE WHEN size(ws) = 0 THEN null ELSE reduce(m = ws[0], x IN ws | CASE WHEN x > m THEN x ELSE m END) END AS top, n - size(ws) AS missing",
			"MATCH (a:A)-[r:R]->() WITH a, r ORDER BY r.w DESC WITH a, collect(r.w) AS ws, count(r) AS n RETURN a.id AS id, reduce(t = 0, x IN ws | t + x) AS t, ws[0] AS top, n - size(ws) AS missing",
			"MATCH (a:A) CALL (a) { MATCH (a)-[r:R]->() RETURN sum(r.w) AS t, max(r.w) AS top, sum(CASE WHEN r.w IS NULL THEN 1 ELSE 0 END) AS missing, count(*) AS n } WITH a, t, top, missing, n WHERE n > 0 RETURN a.id AS id, t, top, missing",
		)},
		// Per string, the lower median of the A nodes' keys (nulls
		// skipped) and how many there are: percentileDisc(0.5), the keys
		// sorted and indexed at (n - 1) / 2, sorted descending and indexed
		// at n / 2, the key with at most (n - 1) / 2 smaller and more
		// than (n - 1) / 2 not greater, the keys sorted again after an
		// UNWIND.
		{"g-h20-median-keys", "percentiles and collect-then-index", Generic, written(false,
			"MATCH (n:A) WHERE n.k IS NOT NULL RETURN n.s AS s, percentileDisc(n.k, 0.5) AS med, count(*) AS c",
			"MATCH (n:A) WHERE n.k IS NOT NULL WITH n.s AS s, n.k AS k ORDER BY k WITH s, collect(k) AS ks RETURN s, ks[(size(ks) - 1) / 2] AS med, size(ks) AS c",
			"MATCH (n:A) WHERE n.k IS NOT NULL WITH n.s AS s, n.k AS k ORDER BY k DESC WITH s, collect(k) AS ks RETURN s, ks[size(ks) / 2] AS med, size(ks) AS c",
			"MATCH (n:A) WHERE n.k IS NOT NULL WITH n.s AS s, collect(n.k) AS ks RETURN s, [x IN ks WHERE size([y IN ks WHERE y < x]) <= (size(ks) - 1) / 2 AND size([y IN ks WHERE y <= x]) > (size(ks) - 1) / 2][0] AS med, size(ks) AS c",
			"MATCH (n:A) WHERE n.k IS NOT NULL WITH n.s AS s, collect(n.k) AS ks UNWIND ks AS k WITH s, k ORDER BY k WITH s, collect(k) AS sorted RETURN s, sorted[(size(sorted) - 1) / 2] AS med, size(sorted) AS c",
		)},
		// A nodes without an S link into a B node, per key: NOT EXISTS,
		// OPTIONAL MATCH kept where the link is null (one null row only
		// when there is no link), COUNT { } = 0, the OPTIONAL MATCH
		// counted, a comprehension of size 0, a negated pattern
		// predicate, CALL (a) { } collecting into an empty list.
		{"g-h20-without-link", "EXISTS vs OPTIONAL vs COUNT spellings", Generic, written(false,
			"MATCH (a:A) WHERE NOT EXISTS { (a)-[:S]->(:B) } RETURN a.k AS k, count(*) AS c",
			"MATCH (a:A) OPTIONAL MATCH (a)-[s:S]->(:B) WITH a, s WHERE s IS NULL RETURN a.k AS k, count(*) AS c",
			"MATCH (a:A) WHERE COUNT { (a)-[:S]->(:B) } = 0 RETURN a.k AS k, count(*) AS c",
			"MATCH (a:A) OPTIONAL MATCH (a)-[s:S]->(b:B) WITH a, count(s) AS n WHERE n = 0 RETURN a.k AS k, count(*) AS c",
			"MATCH (a:A) WHERE size([(a)-[:S]->(b:B) | b]) = 0 RETURN a.k AS k, count(*) AS c",
			"MATCH (a:A) WHERE NOT (a)-[:S]->(:B) RETURN a.k AS k, count(*) AS c",
			"MATCH (a:A) CALL (a) { OPTIONAL MATCH (a)-[:S]->(b:B) RETURN collect(b) AS bs } WITH a, bs WHERE bs = [] RETURN a.k AS k, count(*) AS c",
		)},
		// A nodes with R links to at least two distinct nodes, per
		// string: COUNT { RETURN DISTINCT } >= 2, count(DISTINCT) grouped
		// per node, EXISTS of two different ends, OPTIONAL MATCH collected
		// DISTINCT and sized, EXISTS of an end with EXISTS of another
		// inside.
		{"g-h20-at-least-two", "EXISTS vs OPTIONAL vs COUNT spellings", Generic, written(false,
			"MATCH (a:A) WHERE COUNT { MATCH (a)-[:R]->(x) RETURN DISTINCT x } >= 2 RETURN a.s AS s, count(*) AS c",
			"MATCH (a:A)-[:R]->(x) WITH a, count(DISTINCT x) AS n WHERE n >= 2 RETURN a.s AS s, count(*) AS c",
			"MATCH (a:A) WHERE EXISTS { MATCH (a)-[:R]->(x), (a)-[:R]->(y) WHERE x <> y } RETURN a.s AS s, count(*) AS c",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(x) WITH a, collect(DISTINCT x) AS xs WHERE size(xs) > 1 RETURN a.s AS s, count(*) AS c",
			"MATCH (a:A) WHERE EXISTS { MATCH (a)-[:R]->(x) WHERE EXISTS { MATCH (a)-[:R]->(y) WHERE y <> x } } RETURN a.s AS s, count(*) AS c",
		)},
		// The relationship types between the $a nodes and each node they
		// link with, either direction, per id of the other end (several
		// nodes may share an id; a self-loop links a node with itself):
		// the undirected pattern made distinct, a UNION of the two
		// directions, collect(DISTINCT) of pairs unwound, each listed
		// type tested by EXISTS per pair of linked nodes, a UNION ALL in
		// an uncorrelated CALL made distinct.
		{"g-h20-types-between", "relation types between two entities", Generic, written(false,
			"MATCH (x {id: $a})-[r]-(y) RETURN DISTINCT y.id AS other, type(r) AS t",
			"MATCH (x {id: $a})-[r]->(y) RETURN y.id AS other, type(r) AS t UNION MATCH (x {id: $a})<-[r]-(y) RETURN y.id AS other, type(r) AS t",
			"MATCH (x {id: $a})-[r]-(y) WITH collect(DISTINCT [y.id, type(r)]) AS pairs UNWIND pairs AS p RETURN p[0] AS other, p[1] AS t",
			"MATCH (x {id: $a})--(y) WITH DISTINCT x, y UNWIND ['R', 'S', 'T'] AS t WITH x, y, t WHERE EXISTS { MATCH (x)-[r]-(y) WHERE type(r) = t } RETURN DISTINCT y.id AS other, t",
			"CALL { MATCH (x {id: $a})-[r]->(y) RETURN y.id AS other, type(r) AS t UNION ALL MATCH (x {id: $a})<-[r]-(y) RETURN y.id AS other, type(r) AS t } RETURN DISTINCT other, t",
		)},
		// The nodes one to three links out of the $a nodes and how many
		// of them are A (walks never repeat a relationship in any form):
		// the variable-length pattern counted DISTINCT, WITH DISTINCT,
		// EXISTS over all nodes, the quantified {1,3} collected DISTINCT,
		// a UNION of the three lengths, three EXISTS joined by OR.
		{"g-h20-k-hop-summary", "k-hop summaries", Generic, written(false,
			"MATCH ({id: $a})-[*1..3]->(x) RETURN count(DISTINCT x) AS n, count(DISTINCT CASE WHEN x:A THEN x END) AS na",
			"MATCH (s {id: $a}) MATCH (s)-[*1..3]->(x) WITH DISTINCT x RETURN count(*) AS n, sum(CASE WHEN x:A THEN 1 ELSE 0 END) AS na",
			"MATCH (x) WHERE EXISTS { ({id: $a})-[*1..3]->(x) } RETURN count(x) AS n, count(CASE WHEN x:A THEN 1 END) AS na",
			"MATCH ({id: $a})-[]->{1,3}(x) WITH collect(DISTINCT x) AS xs RETURN size(xs) AS n, size([x IN xs WHERE x:A]) AS na",
			"CALL { MATCH ({id: $a})-->(x) RETURN x UNION MATCH ({id: $a})-->()-->(x) RETURN x UNION MATCH ({id: $a})-->()-->()-->(x) RETURN x } RETURN count(x) AS n, count(CASE WHEN x:A THEN 1 END) AS na",
			"MATCH (x) WHERE EXISTS { ({id: $a})-->(x) } OR EXISTS { ({id: $a})-->()-->(x) } OR EXISTS { ({id: $a})-->()-->()-->(x) } RETURN count(x) AS n, count(CASE WHEN x:A THEN 1 END) AS na",
		)},

		// Users graphs.
		// Per user id of the list (one absent), the links out, zero kept:
		// OPTIONAL MATCH counted, COUNT { } per value, CALL (i) { }
		// summing COUNT { } over the users of that id, the found degrees
		// collected as maps and looked up.
		{"u-h20-unwind-ids", "UNWIND of parameter lists", Users, written(false,
			"UNWIND [$l1, $l2, $l3] AS i OPTIONAL MATCH (u:User {id: i})-[l:LINKS]->() RETURN i, count(l) AS d",
			"UNWIND [$l1, $l2, $l3] AS i RETURN i, COUNT { (:User {id: i})-[:LINKS]->() } AS d",
			"UNWIND [$l1, $l2, $l3] AS i CALL (i) { MATCH (u:User) WHERE u.id = i RETURN sum(COUNT { (u)-[:LINKS]->() }) AS d } RETURN i, d",
			"MATCH (u:User)-[:LINKS]->() WHERE u.id IN [$l1, $l2, $l3] WITH u.id AS i, count(*) AS d WITH collect({i: i, d: d}) AS found UNWIND [$l1, $l2, $l3] AS i RETURN i, coalesce([f IN found WHERE f.i = i][0].d, 0) AS d",
		)},
		// The hub's neighbours either way: an uncorrelated CALL { UNION }
		// of the two directions, the undirected pattern counted DISTINCT,
		// CALL (h) { UNION }, EXISTS over all users, a program of the two
		// directions.
		{"u-h20-call-union-neighbours", "CALL { } with UNION inside", Users, written(false,
			"CALL { MATCH (:User {id: $hub})-->(x) RETURN x UNION MATCH (:User {id: $hub})<--(x) RETURN x } RETURN count(*) AS n",
			"MATCH (:User {id: $hub})--(x) RETURN count(DISTINCT x) AS n",
			"MATCH (h:User {id: $hub}) CALL (h) { MATCH (h)-->(x) RETURN x UNION MATCH (h)<--(x) RETURN x } RETURN count(x) AS n",
			"MATCH (x:User) WHERE EXISTS { (x)--(:User {id: $hub}) } RETURN count(x) AS n",
			programForm(union("MATCH (:User {id: $hub})-->(x) RETURN x"), union("MATCH (:User {id: $hub})<--(x) RETURN x")),
		)},
		// The hub's out-neighbours that do not link back: NOT EXISTS,
		// OPTIONAL MATCH of the link back kept where null, COUNT { } = 0,
		// a negated pattern predicate after WITH DISTINCT, COUNT { RETURN
		// DISTINCT } with the test inside.
		{"u-h20-not-linking-back", "EXISTS vs OPTIONAL vs COUNT spellings", Users, written(false,
			"MATCH (h:User {id: $hub})-->(v) WHERE NOT EXISTS { (v)-->(h) } RETURN count(DISTINCT v) AS n",
			"MATCH (h:User {id: $hub})-->(v) OPTIONAL MATCH (v)-[b]->(h) WITH v, b WHERE b IS NULL RETURN count(DISTINCT v) AS n",
			"MATCH (h:User {id: $hub})-->(v) WHERE COUNT { (v)-->(h) } = 0 RETURN count(DISTINCT v) AS n",
			"MATCH (h:User {id: $hub})-->(v) WITH DISTINCT h, v WHERE NOT (v)-->(h) RETURN count(*) AS n",
			"MATCH (h:User {id: $hub}) RETURN COUNT { MATCH (h)-->(v) WHERE NOT (v)-->(h) RETURN DISTINCT v } AS n",
		)},
		// The median and 90th percentile of the out-degrees of the hub's
		// distinct out-neighbours: percentileDisc of COUNT { }, the
		// degrees sorted and indexed at (n - 1) / 2 and ceil(0.9 n) - 1,
		// OPTIONAL MATCH counted then sorted descending and indexed from
		// the other end (a neighbour without links out has degree 0).
		{"u-h20-degree-percentiles", "percentiles and collect-then-index", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v RETURN percentileDisc(COUNT { (v)-->() }, 0.5) AS med, percentileDisc(COUNT { (v)-->() }, 0.9) AS p90",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WITH COUNT { (v)-->() } AS d ORDER BY d WITH collect(d) AS ds RETURN ds[(size(ds) - 1) / 2] AS med, ds[toInteger(ceil(0.9 * size(ds))) - 1] AS p90",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v OPTIONAL MATCH (v)-[l]->() WITH v, count(l) AS d ORDER BY d DESC WITH collect(d) AS ds RETURN ds[size(ds) / 2] AS med, ds[size(ds) - toInteger(ceil(0.9 * size(ds)))] AS p90",
			"MATCH (h:User {id: $hub}) CALL (h) { MATCH (h)-->(v) WITH DISTINCT v RETURN v, size([(v)-->(w) | w]) AS d } RETURN percentileDisc(d, 0.5) AS med, percentileDisc(d, 0.9) AS p90",
		)},

		// Movies.
		// People whose name contains "tom" in any case, with their movies
		// acted in and directed: toLower() CONTAINS with COUNT { }, a
		// case-insensitive regular expression with one OPTIONAL MATCH of
		// both types counted by CASE, toUpper() with two CALL (p) { },
		// replace() of the lowered name, sized comprehensions.
		{"m-h20-name-lookup", "entity lookup by name", Movies, written(false,
			"MATCH (p:Person) WHERE toLower(p.name) CONTAINS 'tom' RETURN p.name AS name, COUNT { (p)-[:ACTED_IN]->() } AS acted, COUNT { (p)-[:DIRECTED]->() } AS directed",
			"MATCH (p:Person) WHERE p.name =~ '(?is).*tom.*' OPTIONAL MATCH (p)-[r:ACTED_IN|DIRECTED]->() WITH p, count(CASE WHEN type(r) = 'ACTED_IN' THEN 1 END) AS acted, count(CASE WHEN type(r) = 'DIRECTED' THEN 1 END) AS directed RETURN p.name AS name, acted, directed",
			"MATCH (p:Person) WHERE toUpper(p.name) CONTAINS 'TOM' CALL (p) { OPTIONAL MATCH (p)-[r:ACTED_IN]->() RETURN count(r) AS acted } CALL (p) { OPTIONAL MATCH (p)-[r:DIRECTED]->() RETURN count(r) AS directed } RETURN p.name AS name, acted, directed",
			"MATCH (p:Person) WHERE replace(toLower(p.name), 'tom', '') <> toLower(p.name) RETURN p.name AS name, size([(p)-[r:ACTED_IN]->() | r]) AS acted, size([(p)-[r:DIRECTED]->() | r]) AS directed",
		)},
		// $who's relationships by type either way, with the first title
		// or name at the other end: the undirected pattern, CALL (p) {
		// UNION ALL } of the directions (no person links to itself, so
		// the undirected pattern sees each relationship once), the labels
		// sorted and collected, a map projection holding the neighbourhood
		// unwound, CALL (p, t) { } per listed type.
		{"m-h20-typed-neighbourhood", "typed neighbourhood of an entity", Movies, written(false,
			"MATCH (:Person {name: $who})-[r]-(x) RETURN type(r) AS t, count(*) AS n, min(coalesce(x.title, x.name)) AS first",
			"MATCH (p:Person {name: $who}) CALL (p) { MATCH (p)-[r]->(x) RETURN r, x UNION ALL MATCH (p)<-[r]-(x) RETURN r, x } RETURN type(r) AS t, count(*) AS n, min(coalesce(x.title, x.name)) AS first",
			"MATCH (:Person {name: $who})-[r]-(x) WITH type(r) AS t, coalesce(x.title, x.name) AS label ORDER BY label WITH t, collect(label) AS labels, count(*) AS n RETURN t, n, labels[0] AS first",
			"MATCH (p:Person {name: $who}) WITH p {.name, rels: [(p)-[r]-(x) | {t: type(r), l: coalesce(x.title, x.name)}]} AS m UNWIND m.rels AS e RETURN e.t AS t, count(*) AS n, min(e.l) AS first",
			"MATCH (p:Person {name: $who}) UNWIND ['ACTED_IN', 'DIRECTED', 'PRODUCED', 'WROTE', 'REVIEWED', 'FOLLOWS'] AS t CALL (p, t) { MATCH (p)-[r]-(x) WHERE type(r) = t RETURN count(*) AS n, min(coalesce(x.title, x.name)) AS first } WITH t, n, first WHERE n > 0 RETURN t, n, first",
		)},
		// Movies $who is linked to by more than one relationship type,
		// with the number of types: count(DISTINCT type(r)), COUNT {
		// RETURN DISTINCT type(r) } per movie, collect(DISTINCT) sized,
		// EXISTS of a link of another type, the listed types tested per
		// movie by EXISTS.
		{"m-h20-types-between", "relation types between two entities", Movies, written(false,
			"MATCH (:Person {name: $who})-[r]->(m:Movie) WITH m, count(DISTINCT type(r)) AS n WHERE n > 1 RETURN m.title AS title, n",
			"MATCH (p:Person {name: $who})-->(m:Movie) WITH DISTINCT p, m WITH m, COUNT { MATCH (p)-[r]->(m) RETURN DISTINCT type(r) AS t } AS n WHERE n > 1 RETURN m.title AS title, n",
			"MATCH (:Person {name: $who})-[r]->(m:Movie) WITH m, collect(DISTINCT type(r)) AS ts WHERE size(ts) >= 2 RETURN m.title AS title, size(ts) AS n",
			"MATCH (p:Person {name: $who})-[r]->(m:Movie) WHERE EXISTS { MATCH (p)-[s]->(m) WHERE type(s) <> type(r) } WITH m, count(DISTINCT type(r)) AS n RETURN m.title AS title, n",
			"MATCH (p:Person {name: $who}), (m:Movie) UNWIND ['ACTED_IN', 'DIRECTED', 'PRODUCED', 'WROTE', 'REVIEWED', 'FOLLOWS'] AS t WITH m, t WHERE EXISTS { MATCH (p)-[r]->(m) WHERE type(r) = t } WITH m, count(DISTINCT t) AS n WHERE n > 1 RETURN m.title AS title, n",
		)},
		// Roles starting with "Dr." with their actor and movie (roles is
		// a list on ACTED_IN; a role may be written twice): UNWIND then
		// STARTS WITH, the matching roles filtered in a comprehension,
		// left(), a regular expression (dot-all, the dot escaped by a
		// class), substring().
		{"m-h20-doctor-roles", "relationship properties and string search", Movies, written(false,
			"MATCH (p:Person)-[r:ACTED_IN]->(m:Movie) UNWIND r.roles AS role WITH p, m, role WHERE role STARTS WITH 'Dr.' RETURN p.name AS name, m.title AS title, role",
			"MATCH (p:Person)-[r:ACTED_IN]->(m:Movie) WHERE any(x IN r.roles WHERE x STARTS WITH 'Dr.') UNWIND [x IN r.roles WHERE x STARTS WITH 'Dr.'] AS role RETURN p.name AS name, m.title AS title, role",
			"MATCH (p:Person)-[r:ACTED_IN]->(m:Movie) UNWIND r.roles AS role WITH p, m, role WHERE left(role, 3) = 'Dr.' RETURN p.name AS name, m.title AS title, role",
			"MATCH (p:Person)-[r:ACTED_IN]->(m:Movie) UNWIND r.roles AS role WITH p, m, role WHERE role =~ '(?s)Dr[.].*' RETURN p.name AS name, m.title AS title, role",
			"MATCH (m:Movie)<-[r:ACTED_IN]-(p:Person) UNWIND r.roles AS role WITH * WHERE substring(role, 0, 3) = 'Dr.' RETURN p.name AS name, m.title AS title, role",
		)},
		// The median cast size of the movies (discrete and continuous)
		// and the largest: percentileDisc and percentileCont of COUNT { },
		// OPTIONAL MATCH counted then sorted and indexed (the continuous
		// median the mean of the two middle values, exact for integers),
		// sorted descending and indexed from the other end, CALL { }
		// returning the counts.
		{"m-h20-cast-percentiles", "percentiles and collect-then-index", Movies, written(false,
			"MATCH (m:Movie) WITH m, COUNT { (m)<-[:ACTED_IN]-() } AS cast RETURN percentileDisc(cast, 0.5) AS med, percentileCont(cast, 0.5) AS cmed, max(cast) AS top",
			"MATCH (m:Movie) OPTIONAL MATCH (m)<-[a:ACTED_IN]-() WITH m, count(a) AS cast ORDER BY cast WITH collect(cast) AS cs RETURN cs[(size(cs) - 1) / 2] AS med, toFloat(cs[(size(cs) - 1) / 2] + cs[size(cs) / 2]) / 2 AS cmed, cs[-1] AS top",
			"MATCH (m:Movie) WITH m, size([(m)<-[:ACTED_IN]-(a) | a]) AS cast ORDER BY cast DESC WITH collect(cast) AS cs RETURN cs[size(cs) / 2] AS med, toFloat(cs[size(cs) / 2] + cs[(size(cs) - 1) / 2]) / 2 AS cmed, cs[0] AS top",
			"CALL { MATCH (m:Movie) RETURN m, COUNT { (m)<-[:ACTED_IN]-() } AS cast } RETURN percentileDisc(cast, 0.5) AS med, percentileCont(cast, 0.5) AS cmed, max(cast) AS top",
		)},
		// People who acted and never directed: EXISTS and NOT EXISTS,
		// the actors made distinct with OPTIONAL MATCH of a direction kept
		// where null, COUNT { } compared, two OPTIONAL MATCH clauses
		// counted, pattern predicates, a program of the actors less the
		// directors.
		{"m-h20-actors-not-directors", "EXISTS vs OPTIONAL vs COUNT spellings", Movies, written(false,
			"MATCH (p:Person) WHERE EXISTS { (p)-[:ACTED_IN]->() } AND NOT EXISTS { (p)-[:DIRECTED]->() } RETURN count(p) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->() WITH DISTINCT p OPTIONAL MATCH (p)-[d:DIRECTED]->() WITH p, d WHERE d IS NULL RETURN count(p) AS n",
			"MATCH (p:Person) WHERE COUNT { (p)-[:ACTED_IN]->() } > 0 AND COUNT { (p)-[:DIRECTED]->() } = 0 RETURN count(*) AS n",
			"MATCH (p:Person) OPTIONAL MATCH (p)-[a:ACTED_IN]->() WITH p, count(a) AS acted OPTIONAL MATCH (p)-[d:DIRECTED]->() WITH p, acted, count(d) AS directed WHERE acted > 0 AND directed = 0 RETURN count(p) AS n",
			"MATCH (p:Person) WHERE (p)-[:ACTED_IN]->() AND NOT (p)-[:DIRECTED]->() RETURN count(p) AS n",
			programForm(union("MATCH (p:Person)-[:ACTED_IN]->() RETURN p"), diff("MATCH (p:Person)-[:DIRECTED]->() RETURN p")),
		)},
		// Per movie released after 2000 with any, the distinct people who
		// acted in or directed it: CALL (m) { UNION }, COUNT { UNION }
		// kept above zero, the two types in one pattern counted
		// DISTINCT, an uncorrelated CALL { UNION } of (movie, person)
		// pairs, two comprehensions concatenated and unwound.
		{"m-h20-call-union-credits", "CALL { } with UNION inside", Movies, written(false,
			"MATCH (m:Movie) WHERE m.released > 2000 CALL (m) { MATCH (m)<-[:ACTED_IN]-(p) RETURN p UNION MATCH (m)<-[:DIRECTED]-(p) RETURN p } WITH m, count(p) AS n RETURN m.title AS title, n",
			"MATCH (m:Movie) WHERE m.released > 2000 WITH m, COUNT { MATCH (m)<-[:ACTED_IN]-(p) RETURN p UNION MATCH (m)<-[:DIRECTED]-(p) RETURN p } AS n WHERE n > 0 RETURN m.title AS title, n",
			"MATCH (m:Movie)<-[:ACTED_IN|DIRECTED]-(p) WHERE m.released > 2000 WITH m, count(DISTINCT p) AS n RETURN m.title AS title, n",
			"CALL { MATCH (m:Movie)<-[:ACTED_IN]-(p) WHERE m.released > 2000 RETURN m, p UNION MATCH (m:Movie)<-[:DIRECTED]-(p) WHERE m.released > 2000 RETURN m, p } WITH m, count(*) AS n RETURN m.title AS title, n",
			"MATCH (m:Movie) WHERE m.released > 2000 WITH m, [(m)<-[:ACTED_IN]-(p) | p] + [(m)<-[:DIRECTED]-(p) | p] AS ps UNWIND ps AS p WITH m, count(DISTINCT p) AS n RETURN m.title AS title, n",
		)},
		// $who's card: name, birth year and the movies acted in as maps
		// ordered by year and title: a map projection holding an ordered
		// collect(), a map projection holding an ordered COLLECT { } (the
		// person kept only with a movie), CALL (p) { } collecting map
		// literals, the ordered nodes collected then projected by a
		// comprehension.
		{"m-h20-person-card", "map projections and nested maps", Movies, written(false,
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH p, m ORDER BY m.released, m.title RETURN p {.name, .born, movies: collect(m {.title, .released})} AS card",
			"MATCH (p:Person {name: $who}) WHERE EXISTS { (p)-[:ACTED_IN]->(:Movie) } RETURN p {.name, .born, movies: COLLECT { MATCH (p)-[:ACTED_IN]->(m:Movie) RETURN m {.title, .released} AS x ORDER BY m.released, m.title }} AS card",
			"MATCH (p:Person {name: $who}) CALL (p) { MATCH (p)-[:ACTED_IN]->(m:Movie) WITH m ORDER BY m.released, m.title RETURN collect({title: m.title, released: m.released}) AS movies } WITH p, movies WHERE size(movies) > 0 RETURN {name: p.name, born: p.born, movies: movies} AS card",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH p, m ORDER BY m.released, m.title WITH p, collect(m) AS ms RETURN p {.name, .born, movies: [x IN ms | x {.title, .released}]} AS card",
		)},
		// Per name of the list (one absent), the movies acted in, zero
		// kept: OPTIONAL MATCH counted, COUNT { } per name, the found
		// counts collected as pairs and looked up, CALL (name) { }
		// summing sized comprehensions.
		{"m-h20-unwind-names", "UNWIND of parameter lists", Movies, written(false,
			"UNWIND [$who, 'Meg Ryan', 'No Such Person'] AS name OPTIONAL MATCH (:Person {name: name})-[r:ACTED_IN]->() RETURN name, count(r) AS n",
			"UNWIND [$who, 'Meg Ryan', 'No Such Person'] AS name RETURN name, COUNT { (:Person {name: name})-[:ACTED_IN]->() } AS n",
			"MATCH (p:Person)-[:ACTED_IN]->() WHERE p.name IN [$who, 'Meg Ryan', 'No Such Person'] WITH p.name AS name, count(*) AS n WITH collect([name, n]) AS found UNWIND [$who, 'Meg Ryan', 'No Such Person'] AS name RETURN name, coalesce([f IN found WHERE f[0] = name | f[1]][0], 0) AS n",
			"UNWIND [$who, 'Meg Ryan', 'No Such Person'] AS name CALL (name) { MATCH (p:Person {name: name}) RETURN sum(size([(p)-[r:ACTED_IN]->() | r])) AS n } RETURN name, n",
		)},

		// Northwind.
		// Per category, its order lines, their median quantity and the
		// largest discount: the aggregates with percentileDisc, the
		// quantities sorted and indexed, CALL (c) { } aggregating with the
		// empty categories dropped, the products collected and unwound
		// then the lines sorted descending and indexed from the other end.
		{"n-h20-order-line-stats", "relationship properties and percentiles", Northwind, written(false,
			"MATCH (:Order)-[l:ORDERS]->(:Product)-[:PART_OF]->(c:Category) WITH c, count(l) AS lines, percentileDisc(l.quantity, 0.5) AS med, max(l.discount) AS top RETURN c.categoryName AS cat, lines, med, top",
			"MATCH (:Order)-[l:ORDERS]->(:Product)-[:PART_OF]->(c:Category) WITH c, l.quantity AS q, l.discount AS d ORDER BY q WITH c, collect(q) AS qs, max(d) AS top, count(*) AS lines RETURN c.categoryName AS cat, lines, qs[(size(qs) - 1) / 2] AS med, top",
			"MATCH (c:Category) CALL (c) { MATCH (:Order)-[l:ORDERS]->(:Product)-[:PART_OF]->(c) RETURN count(l) AS lines, percentileDisc(l.quantity, 0.5) AS med, max(l.discount) AS top } WITH c, lines, med, top WHERE lines > 0 RETURN c.categoryName AS cat, lines, med, top",
			"MATCH (c:Category)<-[:PART_OF]-(p:Product) WITH c, collect(p) AS ps UNWIND ps AS p MATCH (p)<-[l:ORDERS]-(:Order) WITH c, l ORDER BY l.quantity DESC WITH c, collect(l.quantity) AS qs, count(l) AS lines, max(l.discount) AS top RETURN c.categoryName AS cat, lines, qs[size(qs) / 2] AS med, top",
		)},
		// Customers whose company name starts with "La " or contains
		// " & ", per country: STARTS WITH or CONTAINS, one regular
		// expression, left() and split(), a UNION of the two tests,
		// substring() and replace().
		{"n-h20-company-search", "string search", Northwind, written(false,
			"MATCH (c:Customer) WHERE c.companyName STARTS WITH 'La ' OR c.companyName CONTAINS ' & ' RETURN c.country AS country, count(*) AS n",
			"MATCH (c:Customer) WHERE c.companyName =~ '(?s)(La .*|.* & .*)' RETURN c.country AS country, count(*) AS n",
			"MATCH (c:Customer) WHERE left(c.companyName, 3) = 'La ' OR size(split(c.companyName, ' & ')) > 1 RETURN c.country AS country, count(*) AS n",
			"CALL { MATCH (c:Customer) WHERE c.companyName STARTS WITH 'La ' RETURN c UNION MATCH (c:Customer) WHERE c.companyName CONTAINS ' & ' RETURN c } RETURN c.country AS country, count(*) AS n",
			"MATCH (c:Customer) WHERE substring(c.companyName, 0, 3) = 'La ' OR replace(c.companyName, ' & ', '') <> c.companyName RETURN c.country AS country, count(*) AS n",
		)},
		// Per product name of the list (one absent), the quantity ordered
		// and the distinct orders, zeros kept: OPTIONAL MATCH aggregated,
		// CALL (name) { } aggregating, COLLECT { sum } indexed with
		// COUNT { RETURN DISTINCT }, the found rows collected as maps and
		// looked up.
		{"n-h20-unwind-products", "UNWIND of parameter lists", Northwind, written(false,
			"UNWIND [$product, 'Tofu', 'No such product'] AS name OPTIONAL MATCH (:Product {productName: name})<-[l:ORDERS]-(o:Order) RETURN name, sum(l.quantity) AS qty, count(DISTINCT o) AS orders",
			"UNWIND [$product, 'Tofu', 'No such product'] AS name CALL (name) { MATCH (:Product {productName: name})<-[l:ORDERS]-(o:Order) RETURN sum(l.quantity) AS qty, count(DISTINCT o) AS orders } RETURN name, qty, orders",
			"UNWIND [$product, 'Tofu', 'No such product'] AS name RETURN name, COLLECT { MATCH (:Product {productName: name})<-[l:ORDERS]-() RETURN sum(l.quantity) AS s }[0] AS qty, COUNT { MATCH (:Product {productName: name})<-[:ORDERS]-(o:Order) RETURN DISTINCT o } AS orders",
			"MATCH (p:Product)<-[l:ORDERS]-(o:Order) WHERE p.productName IN [$product, 'Tofu', 'No such product'] WITH p.productName AS name, sum(l.quantity) AS qty, count(DISTINCT o) AS orders WITH collect({name: name, qty: qty, orders: orders}) AS rows UNWIND [$product, 'Tofu', 'No such product'] AS name WITH name, [r IN rows WHERE r.name = name][0] AS r RETURN name, coalesce(r.qty, 0) AS qty, coalesce(r.orders, 0) AS orders",
		)},
		// Each employee as a map of their name, their manager as a nested
		// map (null for none; reportsTo is one value, so at most one
		// manager) and their orders: a projection with a projected
		// OPTIONAL MATCH end, COLLECT { } of the manager's map indexed,
		// CALL (e) { OPTIONAL MATCH } with a CASE, a variable selector of
		// a projected map.
		{"n-h20-employee-cards", "map projections and nested maps", Northwind, written(false,
			"MATCH (e:Employee) OPTIONAL MATCH (e)-[:REPORTS_TO]->(b:Employee) RETURN e {.lastName, boss: b {.lastName}, sold: COUNT { (e)-[:SOLD]->() }} AS card",
			"MATCH (e:Employee) RETURN e {.lastName, boss: COLLECT { MATCH (e)-[:REPORTS_TO]->(b:Employee) RETURN b {.lastName} AS m }[0], sold: COUNT { (e)-[:SOLD]->() }} AS card",
			"MATCH (e:Employee) CALL (e) { OPTIONAL MATCH (e)-[:REPORTS_TO]->(b:Employee) RETURN b } OPTIONAL MATCH (e)-[s:SOLD]->() WITH e, b, count(s) AS sold RETURN {lastName: e.lastName, boss: CASE WHEN b IS NULL THEN null ELSE {lastName: b.lastName} END, sold: sold} AS card",
			"MATCH (e:Employee) OPTIONAL MATCH (e)-[:REPORTS_TO]->(b:Employee) WITH e, b {.lastName} AS boss RETURN e {.lastName, boss, sold: size([(e)-[s:SOLD]->() | s])} AS card",
		)},
		// Products $customer never bought, per category: NOT EXISTS,
		// OPTIONAL MATCH of the purchase kept where the customer is null,
		// COUNT { } = 0, the bought products collected first, the OPTIONAL
		// MATCH from the product's side counted.
		{"n-h20-never-bought", "EXISTS vs OPTIONAL vs COUNT spellings", Northwind, written(false,
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WHERE NOT EXISTS { (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p) } RETURN c.categoryName AS cat, count(p) AS n",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) OPTIONAL MATCH (cu:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p) WITH c, p, cu WHERE cu IS NULL RETURN c.categoryName AS cat, count(p) AS n",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WHERE COUNT { (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p) } = 0 RETURN c.categoryName AS cat, count(p) AS n",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(q:Product) WITH collect(DISTINCT q) AS bought MATCH (p:Product)-[:PART_OF]->(c:Category) WHERE NOT p IN bought RETURN c.categoryName AS cat, count(p) AS n",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) OPTIONAL MATCH (p)<-[l:ORDERS]-(:Order)<-[:PURCHASED]-(:Customer {customerID: $customer}) WITH c, p, count(l) AS k WHERE k = 0 RETURN c.categoryName AS cat, count(p) AS n",
		)},
		// What connects employee $boss and customer $customer in two
		// links, per pair of types: one undirected pattern, a path of *2
		// read by index, the pattern written from the customer, two MATCH
		// clauses with the links told apart.
		{"n-h20-types-between", "relation types between two entities", Northwind, written(false,
			"MATCH (:Employee {employeeID: $boss})-[r1]-(m)-[r2]-(:Customer {customerID: $customer}) RETURN type(r1) AS t1, type(r2) AS t2, count(DISTINCT m) AS n",
			"MATCH p = (:Employee {employeeID: $boss})-[*2]-(:Customer {customerID: $customer}) RETURN type(relationships(p)[0]) AS t1, type(relationships(p)[1]) AS t2, count(DISTINCT nodes(p)[1]) AS n",
			"MATCH (:Customer {customerID: $customer})-[r2]-(m)-[r1]-(:Employee {employeeID: $boss}) RETURN type(r1) AS t1, type(r2) AS t2, count(DISTINCT m) AS n",
			"MATCH (:Employee {employeeID: $boss})-[r1]-(m) MATCH (m)-[r2]-(:Customer {customerID: $customer}) WHERE r1 <> r2 RETURN type(r1) AS t1, type(r2) AS t2, count(DISTINCT m) AS n",
		)},
		// Per country, the distinct company names among customers and
		// suppliers: an uncorrelated CALL { UNION } of (country, name)
		// rows, a UNION ALL counted DISTINCT, a label disjunction counted
		// DISTINCT in WHERE and in the pattern, the labels of a list
		// tested then WITH DISTINCT.
		{"n-h20-call-union-companies", "CALL { } with UNION inside", Northwind, written(false,
			"CALL { MATCH (c:Customer) RETURN c.country AS country, c.companyName AS name UNION MATCH (s:Supplier) RETURN s.country AS country, s.companyName AS name } RETURN country, count(name) AS n",
			"CALL { MATCH (c:Customer) RETURN c.country AS country, c.companyName AS name UNION ALL MATCH (s:Supplier) RETURN s.country AS country, s.companyName AS name } RETURN country, count(DISTINCT name) AS n",
			"MATCH (x) WHERE x:Customer OR x:Supplier RETURN x.country AS country, count(DISTINCT x.companyName) AS n",
			"MATCH (x:Customer|Supplier) WITH x.country AS country, collect(DISTINCT x.companyName) AS names RETURN country, size(names) AS n",
			"UNWIND ['Customer', 'Supplier'] AS l MATCH (x) WHERE l IN labels(x) WITH DISTINCT x.country AS country, x.companyName AS name RETURN country, count(name) AS n",
		)},

		// LDBC mini.
		// Persons whose first name starts with "Jo", with their friends,
		// posts and city (one each): STARTS WITH with COUNT { } and a
		// comprehension indexed, a regular expression with OPTIONAL MATCH
		// of the city, left() with three CALL (p) { }, substring() with
		// sized comprehensions.
		{"l-h20-name-lookup", "entity lookup by name", LDBC, written(false,
			"MATCH (p:Person) WHERE p.firstName STARTS WITH 'Jo' OPTIONAL MATCH (p)-[:IS_LOCATED_IN]->(c:City) RETURN p.id AS id, COUNT { (p)-[:KNOWS]-() } AS friends, COUNT { (p)<-[:HAS_CREATOR]-(:Post) } AS posts, c.name AS city",
			"MATCH (p:Person) WHERE p.firstName =~ '(?s)Jo.*' OPTIONAL MATCH (p)-[:IS_LOCATED_IN]->(c:City) RETURN p.id AS id, COUNT { (p)-[:KNOWS]-() } AS friends, COUNT { (p)<-[:HAS_CREATOR]-(:Post) } AS posts, c.name AS city",
			"MATCH (p:Person) WHERE left(p.firstName, 2) = 'Jo' CALL (p) { OPTIONAL MATCH (p)-[k:KNOWS]-() RETURN count(k) AS friends } CALL (p) { OPTIONAL MATCH (p)<-[:HAS_CREATOR]-(m:Post) RETURN count(m) AS posts } CALL (p) { OPTIONAL MATCH (p)-[:IS_LOCATED_IN]->(c:City) RETURN c.name AS city } RETURN p.id AS id, friends, posts, city",
			"MATCH (p:Person) WHERE substring(p.firstName, 0, 2) = 'Jo' WITH p, size([(p)-[k:KNOWS]-() | k]) AS friends, size([(p)<-[:HAS_CREATOR]-(m:Post) | m]) AS posts OPTIONAL MATCH (p)-[:IS_LOCATED_IN]->(c:City) RETURN p.id AS id, friends, posts, c.name AS city",
		)},
		// $person's friendships by the year they began, with the smallest
		// friend id: the undirected pattern with a temporal component,
		// CALL (p) { UNION ALL } of the directions (no person knows
		// themself), the year cut from the date's text, the ids sorted and
		// collected, a comprehension of maps unwound.
		{"l-h20-friendship-years", "relationship properties", LDBC, written(false,
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f) RETURN k.creationDate.year AS year, count(*) AS n, min(f.id) AS first",
			"MATCH (p:Person {id: $person}) CALL (p) { MATCH (p)-[k:KNOWS]->(f) RETURN k, f UNION ALL MATCH (p)<-[k:KNOWS]-(f) RETURN k, f } RETURN k.creationDate.year AS year, count(*) AS n, min(f.id) AS first",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f) RETURN toInteger(left(toString(k.creationDate), 4)) AS year, count(*) AS n, min(f.id) AS first",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f) WITH k.creationDate.year AS year, f.id AS id ORDER BY id WITH year, collect(id) AS ids, count(*) AS n RETURN year, n, ids[0] AS first",
			"MATCH (p:Person {id: $person}) UNWIND [(p)-[k:KNOWS]-(f) | {y: k.creationDate.year, id: f.id}] AS e RETURN e.y AS year, count(*) AS n, min(e.id) AS first",
		)},
		// Forums by the kind their title names: a searched CASE of STARTS
		// WITH, of regular expressions, of left() of each prefix's length,
		// a UNION ALL of the kinds with the rest tested by coalesce() (a
		// null title is "other" in every form).
		{"l-h20-forum-kinds", "string search", LDBC, written(false,
			"MATCH (f:Forum) RETURN CASE WHEN f.title STARTS WITH 'Wall of ' THEN 'wall' WHEN f.title STARTS WITH 'Album ' THEN 'album' WHEN f.title STARTS WITH 'Group for ' THEN 'group' ELSE 'other' END AS kind, count(*) AS n",
			"MATCH (f:Forum) RETURN CASE WHEN f.title =~ '(?s)Wall of .*' THEN 'wall' WHEN f.title =~ '(?s)Album .*' THEN 'album' WHEN f.title =~ '(?s)Group for .*' THEN 'group' ELSE 'other' END AS kind, count(*) AS n",
			"MATCH (f:Forum) WITH CASE WHEN left(f.title, 8) = 'Wall of ' THEN 'wall' WHEN left(f.title, 6) = 'Album ' THEN 'album' WHEN left(f.title, 10) = 'Group for ' THEN 'group' ELSE 'other' END AS kind RETURN kind, count(*) AS n",
			"CALL { MATCH (f:Forum) WHERE f.title STARTS WITH 'Wall of ' RETURN 'wall' AS kind UNION ALL MATCH (f:Forum) WHERE f.title STARTS WITH 'Album ' RETURN 'album' AS kind UNION ALL MATCH (f:Forum) WHERE f.title STARTS WITH 'Group for ' RETURN 'group' AS kind UNION ALL MATCH (f:Forum) WHERE NOT coalesce(f.title STARTS WITH 'Wall of ' OR f.title STARTS WITH 'Album ' OR f.title STARTS WITH 'Group for ', false) RETURN 'other' AS kind } RETURN kind, count(*) AS n",
		)},
		// Mutual friends of each pair of the list (one person absent),
		// zero kept: OPTIONAL MATCH of the two-link pattern counted
		// DISTINCT, COUNT { RETURN DISTINCT } per pair, CALL (pair) { }
		// with EXISTS of the second link (the two ids of a pair differ),
		// all pairs of persons of listed pairs found then looked up.
		{"l-h20-unwind-pairs", "UNWIND of parameter lists", LDBC, written(false,
			"UNWIND [[$person, $other], [$l1, $l2], [$person, $l3]] AS pair OPTIONAL MATCH (:Person {id: pair[0]})-[:KNOWS]-(m:Person)-[:KNOWS]-(:Person {id: pair[1]}) RETURN pair[0] AS a, pair[1] AS b, count(DISTINCT m) AS mutual",
			"UNWIND [[$person, $other], [$l1, $l2], [$person, $l3]] AS pair RETURN pair[0] AS a, pair[1] AS b, COUNT { MATCH (:Person {id: pair[0]})-[:KNOWS]-(m:Person)-[:KNOWS]-(:Person {id: pair[1]}) RETURN DISTINCT m } AS mutual",
			"UNWIND [[$person, $other], [$l1, $l2], [$person, $l3]] AS pair CALL (pair) { MATCH (:Person {id: pair[0]})-[:KNOWS]-(m:Person) WHERE EXISTS { (m)-[:KNOWS]-(:Person {id: pair[1]}) } RETURN count(DISTINCT m) AS mutual } RETURN pair[0] AS a, pair[1] AS b, mutual",
			"MATCH (x:Person)-[:KNOWS]-(m:Person)-[:KNOWS]-(y:Person) WHERE [x.id, y.id] IN [[$person, $other], [$l1, $l2], [$person, $l3]] WITH x.id AS a, y.id AS b, count(DISTINCT m) AS mutual WITH collect([a, b, mutual]) AS found UNWIND [[$person, $other], [$l1, $l2], [$person, $l3]] AS pair RETURN pair[0] AS a, pair[1] AS b, coalesce([f IN found WHERE f[0] = pair[0] AND f[1] = pair[1] | f[2]][0], 0) AS mutual",
		)},
		// $person's friends who liked none of $person's messages: NOT
		// EXISTS, OPTIONAL MATCH counted per friend, COUNT { } = 0, the
		// likers collected first (OPTIONAL, so none is an empty list), a
		// program of the friends less the likers.
		{"l-h20-friends-not-liking", "EXISTS vs OPTIONAL vs COUNT spellings", LDBC, written(false,
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WHERE NOT EXISTS { (f)-[:LIKES]->(:Message)-[:HAS_CREATOR]->(p) } RETURN count(DISTINCT f) AS n",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) OPTIONAL MATCH (f)-[l:LIKES]->(:Message)-[:HAS_CREATOR]->(p) WITH f, count(l) AS likes WHERE likes = 0 RETURN count(f) AS n",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WHERE COUNT { (f)-[:LIKES]->(:Message)-[:HAS_CREATOR]->(p) } = 0 RETURN count(DISTINCT f) AS n",
			"MATCH (p:Person {id: $person}) OPTIONAL MATCH (p)<-[:HAS_CREATOR]-(:Message)<-[:LIKES]-(x:Person) WITH p, collect(DISTINCT x) AS likers MATCH (p)-[:KNOWS]-(f:Person) WHERE NOT f IN likers RETURN count(DISTINCT f) AS n",
			programForm(union("MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN f"), diff("MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(:Message)<-[:LIKES]-(x:Person) RETURN x")),
		)},
		// Persons within two KNOWS links of $person (not $person), per
		// country: *1..2 made distinct, EXISTS over all persons, the
		// quantified {1,2}, a UNION of the two lengths, COLLECT { UNION }
		// unwound.
		{"l-h20-k-hop-countries", "k-hop summaries", LDBC, written(false,
			"MATCH (p:Person {id: $person})-[:KNOWS*1..2]-(f:Person) WHERE f <> p WITH DISTINCT f MATCH (f)-[:IS_LOCATED_IN]->(:City)-[:IS_PART_OF]->(c:Country) RETURN c.name AS country, count(f) AS n",
			"MATCH (p:Person {id: $person}) MATCH (f:Person) WHERE f <> p AND EXISTS { (p)-[:KNOWS*1..2]-(f) } MATCH (f)-[:IS_LOCATED_IN]->(:City)-[:IS_PART_OF]->(c:Country) RETURN c.name AS country, count(f) AS n",
			"MATCH (p:Person {id: $person})-[:KNOWS]-{1,2}(f:Person) WHERE f <> p WITH DISTINCT f MATCH (f)-[:IS_LOCATED_IN]->(:City)-[:IS_PART_OF]->(c:Country) RETURN c.name AS country, count(f) AS n",
			"CALL { MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WHERE f <> p RETURN f UNION MATCH (p:Person {id: $person})-[:KNOWS]-()-[:KNOWS]-(f:Person) WHERE f <> p RETURN f } MATCH (f)-[:IS_LOCATED_IN]->(:City)-[:IS_PART_OF]->(c:Country) RETURN c.name AS country, count(f) AS n",
			"MATCH (p:Person {id: $person}) UNWIND COLLECT { MATCH (p)-[:KNOWS]-(f:Person) RETURN f UNION MATCH (p)-[:KNOWS]-()-[:KNOWS]-(f:Person) RETURN f } AS f WITH p, f WHERE f <> p MATCH (f)-[:IS_LOCATED_IN]->(:City)-[:IS_PART_OF]->(c:Country) RETURN c.name AS country, count(f) AS n",
		)},
		// Per friend of $person, the distinct messages they created or
		// liked: CALL (f) { UNION } (a friend with none leaves no row),
		// COUNT { UNION } kept above zero, one pattern of both types with
		// the direction read from startNode() and endNode(), two
		// comprehensions concatenated and unwound.
		{"l-h20-call-union-activity", "CALL { } with UNION inside", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) CALL (f) { MATCH (f)<-[:HAS_CREATOR]-(m:Message) RETURN m UNION MATCH (f)-[:LIKES]->(m:Message) RETURN m } WITH f, count(m) AS n RETURN f.id AS id, n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f WITH f, COUNT { MATCH (f)<-[:HAS_CREATOR]-(m:Message) RETURN m UNION MATCH (f)-[:LIKES]->(m:Message) RETURN m } AS n WHERE n > 0 RETURN f.id AS id, n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) MATCH (f)-[r:LIKES|HAS_CREATOR]-(m:Message) WHERE (type(r) = 'LIKES' AND startNode(r) = f) OR (type(r) = 'HAS_CREATOR' AND endNode(r) = f) WITH f, count(DISTINCT m) AS n RETURN f.id AS id, n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f WITH f, [(f)<-[:HAS_CREATOR]-(m:Message) | m] + [(f)-[:LIKES]->(m:Message) | m] AS ms UNWIND ms AS m WITH f, count(DISTINCT m) AS n RETURN f.id AS id, n",
		)},

		// Stack Overflow.
		// Questions whose title mentions "cypher" in any case, per tag:
		// toLower() CONTAINS, a case-insensitive regular expression,
		// toUpper() CONTAINS, the questions found in a CALL { } first,
		// COUNT { } per tag kept above zero.
		{"s-h20-title-search", "string search", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(t:Tag) WHERE toLower(q.title) CONTAINS 'cypher' WITH t, count(*) AS n RETURN t.name AS tag, n",
			"MATCH (q:Question)-[:TAGGED]->(t:Tag) WHERE q.title =~ '(?is).*cypher.*' WITH t, count(*) AS n RETURN t.name AS tag, n",
			"MATCH (t:Tag)<-[:TAGGED]-(q:Question) WHERE toUpper(q.title) CONTAINS 'CYPHER' WITH t, count(q) AS n RETURN t.name AS tag, n",
			"CALL { MATCH (q:Question) WHERE toLower(q.title) CONTAINS 'cypher' RETURN q } MATCH (q)-[:TAGGED]->(t:Tag) WITH t, count(*) AS n RETURN t.name AS tag, n",
			"MATCH (t:Tag) WITH t, COUNT { (q:Question)-[:TAGGED]->(t) WHERE toLower(q.title) CONTAINS 'cypher' } AS n WHERE n > 0 RETURN t.name AS tag, n",
		)},
		// Scores of the answers to $tag2's questions: how many, the lower
		// median, the best and the population standard deviation (each
		// answer answers one question, tagged once): the aggregates, the
		// scores sorted with the deviation computed from the mean, CALL
		// (t) { } returning the scores, the answers found by EXISTS.
		{"s-h20-answer-score-stats", "percentiles and standard deviations", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag2})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) RETURN count(a) AS n, percentileDisc(a.score, 0.5) AS med, max(a.score) AS top, stDevP(a.score) AS sd",
			"MATCH (:Tag {name: $tag2})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WITH a.score AS s ORDER BY s WITH collect(s) AS ss, count(*) AS n WITH n, ss, toFloat(reduce(t = 0, x IN ss | t + x)) / size(ss) AS mean RETURN n, ss[(size(ss) - 1) / 2] AS med, ss[-1] AS top, sqrt(reduce(t = 0.0, x IN ss | t + (x - mean) * (x - mean)) / size(ss)) AS sd",
			"MATCH (t:Tag {name: $tag2}) CALL (t) { MATCH (t)<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) RETURN a.score AS s } RETURN count(*) AS n, percentileDisc(s, 0.5) AS med, max(s) AS top, stDevP(s) AS sd",
			"MATCH (a:Answer) WHERE EXISTS { (a)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) } RETURN count(a) AS n, percentileDisc(a.score, 0.5) AS med, max(a.score) AS top, stDevP(a.score) AS sd",
		)},
		// $tag2's questions with an accepted answer (is_accepted is the
		// string 'true'): EXISTS, OPTIONAL MATCH with an inline map
		// counted per question, COUNT { } >= 1, one pattern counted
		// DISTINCT, any() over a comprehension, a program of the answered
		// questions intersected with the tagged ones.
		{"s-h20-accepted-questions", "EXISTS vs OPTIONAL vs COUNT spellings", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE EXISTS { (q)<-[:ANSWERED]-(a:Answer) WHERE a.is_accepted = 'true' } RETURN count(DISTINCT q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) OPTIONAL MATCH (q)<-[:ANSWERED]-(a:Answer {is_accepted: 'true'}) WITH q, count(a) AS k WHERE k > 0 RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE COUNT { (q)<-[:ANSWERED]-(a:Answer) WHERE a.is_accepted = 'true' } >= 1 RETURN count(DISTINCT q) AS n",
			"MATCH (:Tag {name: $tag2})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE a.is_accepted = 'true' RETURN count(DISTINCT q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE any(a IN [(q)<-[:ANSWERED]-(a:Answer) | a] WHERE a.is_accepted = 'true') RETURN count(DISTINCT q) AS n",
			programForm(union("MATCH (q:Question)<-[:ANSWERED]-(a:Answer) WHERE a.is_accepted = 'true' RETURN q"), intersect("MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN q")),
		)},
		// $provider's card: name, answers, accepted answers and best
		// score: a map projection of COUNT { } and COLLECT { max }
		// indexed, OPTIONAL MATCH aggregated into the projection, CALL (u)
		// { } returning a map read by key, a comprehension of answer maps
		// read by comprehensions and reduce().
		{"s-h20-user-card", "map projections and nested maps", StackOverflow, written(false,
			"MATCH (u:User {user_id: $provider}) RETURN u {.display_name, answers: COUNT { (u)-[:PROVIDED]->(:Answer) }, accepted: COUNT { (u)-[:PROVIDED]->(a:Answer) WHERE a.is_accepted = 'true' }, best: COLLECT { MATCH (u)-[:PROVIDED]->(a:Answer) RETURN max(a.score) AS m }[0]} AS card",
			"MATCH (u:User {user_id: $provider}) OPTIONAL MATCH (u)-[:PROVIDED]->(a:Answer) WITH u, count(a) AS answers, count(CASE WHEN a.is_accepted = 'true' THEN 1 END) AS accepted, max(a.score) AS best RETURN u {.display_name, answers: answers, accepted: accepted, best: best} AS card",
			"MATCH (u:User {user_id: $provider}) CALL (u) { OPTIONAL MATCH (u)-[:PROVIDED]->(a:Answer) RETURN {answers: count(a), accepted: sum(CASE a.is_accepted WHEN 'true' THEN 1 ELSE 0 END), best: max(a.score)} AS stats } RETURN {display_name: u.display_name, answers: stats.answers, accepted: stats.accepted, best: stats.best} AS card",
			"MATCH (u:User {user_id: $provider}) WITH u, [(u)-[:PROVIDED]->(a:Answer) | a {.score, .is_accepted}] AS ans RETURN u {.display_name, answers: size(ans), accepted: size([x IN ans WHERE x.is_accepted = 'true']), best: reduce(m = null, x IN ans | CASE WHEN m IS NULL OR x.score > m THEN x.score ELSE m END)} AS card",
		)},
		// The sequences of relationship types of the walks of one to three
		// links between $user and $provider, either direction: the
		// variable-length path's types, the two users bound first, the
		// quantified {1,3}, a UNION ALL of the three lengths, reduce()
		// over the relationships.
		{"s-h20-types-between", "relation types between two entities", StackOverflow, written(false,
			"MATCH p = (:User {user_id: $user})-[*1..3]-(:User {user_id: $provider}) RETURN [r IN relationships(p) | type(r)] AS types, count(*) AS n",
			"MATCH (a:User {user_id: $user}), (b:User {user_id: $provider}) MATCH p = (a)-[*1..3]-(b) RETURN [r IN relationships(p) | type(r)] AS types, count(p) AS n",
			"MATCH (a:User {user_id: $user}) MATCH p = (a)-[]-{1,3}(b:User {user_id: $provider}) RETURN [r IN relationships(p) | type(r)] AS types, count(*) AS n",
			"CALL { MATCH (:User {user_id: $user})-[r1]-(:User {user_id: $provider}) RETURN [type(r1)] AS types UNION ALL MATCH (:User {user_id: $user})-[r1]-()-[r2]-(:User {user_id: $provider}) RETURN [type(r1), type(r2)] AS types UNION ALL MATCH (:User {user_id: $user})-[r1]-()-[r2]-()-[r3]-(:User {user_id: $provider}) RETURN [type(r1), type(r2), type(r3)] AS types } RETURN types, count(*) AS n",
			"MATCH p = (:User {user_id: $user})-[*1..3]-(:User {user_id: $provider}) RETURN reduce(s = [], r IN relationships(p) | s + type(r)) AS types, count(*) AS n",
		)},
		// Per tag name of the list (one absent), its questions and the
		// answered ones, zeros kept: OPTIONAL MATCH with EXISTS in a
		// CASE, two COUNT { } per name, CALL (name) { } with COUNT { }
		// in a CASE, the found rows collected as maps and looked up.
		{"s-h20-unwind-tags", "UNWIND of parameter lists", StackOverflow, written(false,
			"UNWIND [$tag, $tag2, 'no-such-tag'] AS name OPTIONAL MATCH (:Tag {name: name})<-[:TAGGED]-(q:Question) RETURN name, count(q) AS questions, count(CASE WHEN EXISTS { (q)<-[:ANSWERED]-() } THEN 1 END) AS answered",
			"UNWIND [$tag, $tag2, 'no-such-tag'] AS name RETURN name, COUNT { (:Tag {name: name})<-[:TAGGED]-(:Question) } AS questions, COUNT { (:Tag {name: name})<-[:TAGGED]-(q:Question) WHERE EXISTS { (q)<-[:ANSWERED]-() } } AS answered",
			"UNWIND [$tag, $tag2, 'no-such-tag'] AS name CALL (name) { MATCH (:Tag {name: name})<-[:TAGGED]-(q:Question) RETURN count(q) AS questions, sum(CASE WHEN COUNT { (q)<-[:ANSWERED]-() } > 0 THEN 1 ELSE 0 END) AS answered } RETURN name, questions, answered",
			"MATCH (t:Tag)<-[:TAGGED]-(q:Question) WHERE t.name IN [$tag, $tag2, 'no-such-tag'] WITH t.name AS name, count(q) AS questions, count(CASE WHEN (q)<-[:ANSWERED]-() THEN 1 END) AS answered WITH collect({name: name, q: questions, a: answered}) AS rows UNWIND [$tag, $tag2, 'no-such-tag'] AS name WITH name, [r IN rows WHERE r.name = name][0] AS r RETURN name, coalesce(r.q, 0) AS questions, coalesce(r.a, 0) AS answered",
		)},

		// WN18RR.
		// The synsets named "bank" and their links to other synsets by
		// type: the undirected pattern, CALL (e) { UNION ALL } of the
		// directions, a comprehension of types unwound, the type taken in
		// a WITH (a self-loop is left out in every form).
		{"w-h20-name-lookup", "entity lookup by name", WordNet, written(false,
			"MATCH (e:Entity {name: 'bank'})-[r]-(x) WHERE x <> e RETURN e.id AS id, type(r) AS t, count(*) AS n",
			"MATCH (e:Entity) WHERE e.name = 'bank' CALL (e) { MATCH (e)-[r]->(x) WHERE x <> e RETURN r UNION ALL MATCH (e)<-[r]-(x) WHERE x <> e RETURN r } RETURN e.id AS id, type(r) AS t, count(*) AS n",
			"MATCH (e:Entity) WHERE e.name = 'bank' UNWIND [(e)-[r]-(x) WHERE x <> e | type(r)] AS t RETURN e.id AS id, t, count(*) AS n",
			"MATCH (e:Entity {name: 'bank'})-[r]-(x) WHERE x <> e WITH e, type(r) AS t RETURN e.id AS id, t, count(*) AS n",
		)},
		// Synsets whose definition mentions "military" and whose name
		// starts with "w", with their links out: CONTAINS and STARTS
		// WITH with COUNT { }, two regular expressions, left() and
		// split(), OPTIONAL MATCH counted after a WITH filter, a CALL { }
		// of the definition test then substring().
		{"w-h20-definition-search", "string search", WordNet, written(false,
			"MATCH (e:Entity) WHERE e.definition CONTAINS 'military' AND e.name STARTS WITH 'w' RETURN e.name AS name, COUNT { (e)-->() } AS out",
			"MATCH (e:Entity) WHERE e.definition =~ '(?s).*military.*' AND e.name =~ '(?s)w.*' RETURN e.name AS name, COUNT { (e)-->() } AS out",
			"MATCH (e:Entity) WHERE left(e.name, 1) = 'w' AND size(split(e.definition, 'military')) > 1 RETURN e.name AS name, COUNT { (e)-->() } AS out",
			"MATCH (e:Entity) WHERE e.name STARTS WITH 'w' WITH e WHERE e.definition CONTAINS 'military' OPTIONAL MATCH (e)-[r]->() WITH e, count(r) AS out RETURN e.name AS name, out",
			"CALL { MATCH (e:Entity) WHERE e.definition CONTAINS 'military' RETURN e } WITH e WHERE substring(e.name, 0, 1) = 'w' RETURN e.name AS name, size([(e)-[r]->() | r]) AS out",
		)},
		// The relationships between the synsets named "take a breath"
		// and "expire", by type and direction: the undirected pattern,
		// CALL (a, b) { UNION ALL } of the directions, the second end
		// tested in WHERE, a comprehension unwound, the pattern written
		// from the other end.
		{"w-h20-types-between", "relation types between two entities", WordNet, written(false,
			"MATCH (a:Entity {name: 'take a breath'})-[r]-(:Entity {name: 'expire'}) RETURN type(r) AS t, startNode(r) = a AS out, count(*) AS n",
			"MATCH (a:Entity {name: 'take a breath'}), (b:Entity {name: 'expire'}) CALL (a, b) { MATCH (a)-[r]->(b) RETURN r, true AS out UNION ALL MATCH (a)<-[r]-(b) RETURN r, false AS out } RETURN type(r) AS t, out, count(*) AS n",
			"MATCH (a:Entity) WHERE a.name = 'take a breath' MATCH (a)-[r]-(b) WHERE b.name = 'expire' AND b:Entity WITH type(r) AS t, startNode(r) = a AS out RETURN t, out, count(*) AS n",
			"MATCH (a:Entity {name: 'take a breath'}) UNWIND [(a)-[r]-(:Entity {name: 'expire'}) | [type(r), startNode(r) = a]] AS e RETURN e[0] AS t, e[1] AS out, count(*) AS n",
			"MATCH (:Entity {name: 'expire'})-[r]-(a:Entity {name: 'take a breath'}) RETURN type(r) AS t, startNode(r) = a AS out, count(*) AS n",
		)},
		// Two links from $topic: its topic members, then their links out
		// by type (any link, the one to $topic too), with the distinct
		// ends and members: two MATCH clauses, the members made distinct
		// first, found by EXISTS, returned by CALL (e) { RETURN DISTINCT
		// }, a comprehension unwound.
		{"w-h20-k-hop-types", "k-hop summaries", WordNet, written(false,
			"MATCH (m)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) MATCH (m)-[r]->(x) RETURN type(r) AS t, count(DISTINCT x) AS n, count(DISTINCT m) AS via",
			"MATCH (:Entity {id: $topic})<-[:_synset_domain_topic_of]-(m) WITH DISTINCT m MATCH (m)-[r]->(x) WITH type(r) AS t, m, x RETURN t, count(DISTINCT x) AS n, count(DISTINCT m) AS via",
			"MATCH (m) WHERE EXISTS { (m)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) } MATCH (m)-[r]->(x) RETURN type(r) AS t, count(DISTINCT x) AS n, count(DISTINCT m) AS via",
			"MATCH (e:Entity {id: $topic}) CALL (e) { MATCH (m)-[:_synset_domain_topic_of]->(e) RETURN DISTINCT m } MATCH (m)-[r]->(x) RETURN type(r) AS t, count(DISTINCT x) AS n, count(DISTINCT m) AS via",
			"MATCH (e:Entity {id: $topic}) UNWIND [(m)-[:_synset_domain_topic_of]->(e) | m] AS m MATCH (m)-[r]->(x) RETURN type(r) AS t, count(DISTINCT x) AS n, count(DISTINCT m) AS via",
		)},
		// Per id of the list (one absent), the hypernyms and the first
		// hypernym name, zero and null kept: OPTIONAL MATCH aggregated,
		// COUNT { } with COLLECT { min } indexed, CALL (id) { }
		// aggregating, the found rows collected and looked up.
		{"w-h20-unwind-ids", "UNWIND of parameter lists", WordNet, written(false,
			"UNWIND [$entity, $topic, '99999999'] AS id OPTIONAL MATCH (:Entity {id: id})-[:_hypernym]->(h) RETURN id, count(h) AS n, min(h.name) AS first",
			"UNWIND [$entity, $topic, '99999999'] AS id RETURN id, COUNT { (:Entity {id: id})-[:_hypernym]->() } AS n, COLLECT { MATCH (:Entity {id: id})-[:_hypernym]->(h) RETURN min(h.name) AS m }[0] AS first",
			"UNWIND [$entity, $topic, '99999999'] AS id CALL (id) { MATCH (e:Entity) WHERE e.id = id MATCH (e)-[:_hypernym]->(h) RETURN count(h) AS n, min(h.name) AS first } RETURN id, n, first",
			"MATCH (e:Entity)-[:_hypernym]->(h) WHERE e.id IN [$entity, $topic, '99999999'] WITH e.id AS id, count(h) AS n, min(h.name) AS first WITH collect({id: id, n: n, first: first}) AS rows UNWIND [$entity, $topic, '99999999'] AS id WITH id, [r IN rows WHERE r.id = id][0] AS r RETURN id, coalesce(r.n, 0) AS n, r.first AS first",
		)},
		// $entity's hyponyms that have no hyponyms of their own: NOT
		// EXISTS, OPTIONAL MATCH kept where null, COUNT { } = 0, a negated
		// pattern predicate, a program of the hyponyms less every synset
		// with a hyponym.
		{"w-h20-leaf-hyponyms", "EXISTS vs OPTIONAL vs COUNT spellings", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE NOT EXISTS { ()-[:_hypernym]->(h) } RETURN count(DISTINCT h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) OPTIONAL MATCH (c)-[:_hypernym]->(h) WITH h, c WHERE c IS NULL RETURN count(DISTINCT h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE COUNT { ()-[:_hypernym]->(h) } = 0 RETURN count(DISTINCT h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE NOT ()-[:_hypernym]->(h) RETURN count(DISTINCT h) AS n",
			programForm(union("MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN h"), diff("MATCH ()-[:_hypernym]->(h) RETURN DISTINCT h")),
		)},
	}
}
