package metamorphic

// heldout21Questions are the twenty-first held-out round's kinds: EXISTS
// in ORDER BY (a flag sorted on, spelled as EXISTS, COUNT { } > 0, an
// OPTIONAL MATCH counted, a pattern predicate inside CASE, a sized
// comprehension, a collected set and a UNION ALL of the two halves);
// pattern predicates returned as columns and grouped on; COLLECT { }
// subqueries with ORDER BY and LIMIT inside against CALL (x) { } with an
// ordered collect(), an ordered collect() sliced and COLLECT { } sliced;
// keys computed by string functions and concatenation (the key computed
// per row, per pre-grouped value and re-summed, by CASE, reduce() and
// map lookups); filters on computed aliases (a projection then a filter
// against the filter inline, chained comparisons and range membership);
// XOR and De Morgan spellings of one condition; nested and map-lookup CASE
// bucketing; list slicing of collected and property lists (slices,
// tail(), negative indices, SKIP/LIMIT before collect(), index ranges);
// relationship-property aggregates along two-link walks (added per
// relationship, by reduce() over relationships(p), over a fixed-length
// variable pattern and a quantified path); averages and maxima of
// per-node counts; UNION against DISTINCT of a type or label
// disjunction, EXISTS joined by OR, concatenated comprehensions and
// programs.
func heldout21Questions() []Question {
	return []Question{
		// Generic graphs.
		// The first five A nodes' ids, those with an R link out first,
		// then by id (nulls last): EXISTS in the projection, COUNT { } >
		// 0, an OPTIONAL MATCH counted per node, a pattern predicate
		// returned and sorted through CASE, a sized comprehension. Tied
		// rows (ids repeat) hold equal values.
		{"g-h21-exists-order", "EXISTS in ORDER BY", Generic, written(true,
			"MATCH (a:A) RETURN a.id AS id, EXISTS { (a)-[:R]->() } AS has ORDER BY has DESC, id LIMIT 5",
			"MATCH (a:A) WITH a.id AS id, COUNT { (a)-[:R]->() } > 0 AS has RETURN id, has ORDER BY has DESC, id LIMIT 5",
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:R]->() WITH a, count(r) AS n RETURN a.id AS id, n > 0 AS has ORDER BY has DESC, id LIMIT 5",
			"MATCH (a:A) RETURN a.id AS id, EXISTS { (a)-[:R]->() } AS has ORDER BY CASE WHEN (a)-[:R]->() THEN 0 ELSE 1 END, id LIMIT 5",
			"MATCH (a:A) RETURN a.id AS id, size([(a)-[:R]->() | 1]) > 0 AS has ORDER BY has DESC, id LIMIT 5",
		)},
		// Per key, the A nodes, those with an R link out and those with an
		// S link in: CASE over EXISTS counted, the flags projected then
		// summed, counts collected and filtered, two OPTIONAL MATCH
		// clauses counted, pattern predicates inside CASE summed.
		{"g-h21-pattern-flags", "pattern predicates returned as columns", Generic, written(false,
			"MATCH (a:A) RETURN a.k AS k, count(*) AS n, count(CASE WHEN EXISTS { (a)-[:R]->() } THEN 1 END) AS r, count(CASE WHEN EXISTS { (a)<-[:S]-() } THEN 1 END) AS s",
			"MATCH (a:A) WITH a.k AS k, EXISTS { (a)-[:R]->() } AS hr, EXISTS { (a)<-[:S]-() } AS hs RETURN k, count(*) AS n, sum(CASE WHEN hr THEN 1 ELSE 0 END) AS r, sum(CASE WHEN hs THEN 1 ELSE 0 END) AS s",
			"MATCH (a:A) RETURN a.k AS k, count(*) AS n, size([x IN collect(COUNT { (a)-[:R]->() }) WHERE x > 0]) AS r, size([x IN collect(COUNT { (a)<-[:S]-() }) WHERE x > 0]) AS s",
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:R]->() WITH a, count(r) AS nr OPTIONAL MATCH (a)<-[s:S]-() WITH a, nr, count(s) AS ns RETURN a.k AS k, count(*) AS n, count(CASE WHEN nr > 0 THEN 1 END) AS r, count(CASE WHEN ns > 0 THEN 1 END) AS s",
			"MATCH (a:A) RETURN a.k AS k, count(*) AS n, sum(CASE WHEN (a)-[:R]->() THEN 1 ELSE 0 END) AS r, sum(CASE WHEN (a)<-[:S]-() THEN 1 ELSE 0 END) AS s",
		)},
		// Per A node with an R link out, the two smallest keys of its R
		// targets (null keys left out, a repeated target counted per
		// link): COLLECT { ORDER BY LIMIT }, CALL (a) { } collecting an
		// ordered OPTIONAL MATCH, an ordered collect() sliced, an
		// unwound comprehension ordered and sliced.
		{"g-h21-collect-smallest", "COLLECT { } with ORDER BY and LIMIT inside", Generic, written(false,
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->() } RETURN a.id AS id, COLLECT { MATCH (a)-[:R]->(x) WHERE x.k IS NOT NULL RETURN x.k AS k ORDER BY k LIMIT 2 } AS ks",
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->() } CALL (a) { OPTIONAL MATCH (a)-[:R]->(x) WHERE x.k IS NOT NULL WITH x.k AS k ORDER BY k RETURN collect(k)[..2] AS ks } RETURN a.id AS id, ks",
			"MATCH (a:A)-[:R]->(x) WITH a, x.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, ks[..2] AS ks",
			"MATCH (a:A) WHERE (a)-[:R]->() UNWIND [(a)-[:R]->(x) | x.k] AS k WITH a, k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, ks[0..2] AS ks",
		)},
		// A nodes per string key s:k (null when either is null, so every
		// such node falls in one null group): the concatenation per row,
		// per (s, k) group re-summed, a CASE guarding the nulls, a list
		// of the parts, reduce() over the parts.
		{"g-h21-concat-key", "concatenated string keys", Generic, written(false,
			"MATCH (a:A) RETURN a.s + ':' + toString(a.k) AS key, count(*) AS n",
			"MATCH (a:A) WITH a.s AS s, a.k AS k, count(*) AS c RETURN s + ':' + toString(k) AS key, sum(c) AS n",
			"MATCH (a:A) RETURN CASE WHEN a.s IS NULL OR a.k IS NULL THEN null ELSE a.s + ':' + toString(a.k) END AS key, count(*) AS n",
			"MATCH (a:A) WITH a, [a.s, toString(a.k)] AS parts RETURN CASE WHEN any(p IN parts WHERE p IS NULL) THEN null ELSE parts[0] + ':' + parts[1] END AS key, count(*) AS n",
			"MATCH (a:A) RETURN reduce(t = a.s, x IN [':', toString(a.k)] | t + x) AS key, count(*) AS n",
		)},
		// Per string, the A nodes whose key is within 2 of 3: the filter
		// inline, on a projected distance, as a chained comparison, as
		// range membership (keys are integers), a flag summed and the
		// empty groups dropped.
		{"g-h21-filter-alias", "filters on computed aliases", Generic, written(false,
			"MATCH (a:A) WHERE abs(a.k - 3) <= 2 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WITH a, abs(a.k - 3) AS d WHERE d <= 2 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE 1 <= a.k <= 5 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE a.k IN range(1, 5) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WITH a.s AS s, a.k AS k WITH s, CASE WHEN k >= 1 AND k <= 5 THEN 1 ELSE 0 END AS hit WITH s, sum(hit) AS n WHERE n > 0 RETURN s, n",
		)},
		// Per key, the A nodes with an R link out or an S link out but not
		// both: XOR, OR with a negated AND, two flags compared, CASE as a
		// predicate, a UNION of the two one-sided halves.
		{"g-h21-xor", "XOR and De Morgan spellings", Generic, written(false,
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->() } XOR EXISTS { (a)-[:S]->() } RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) WHERE (EXISTS { (a)-[:R]->() } OR EXISTS { (a)-[:S]->() }) AND NOT (EXISTS { (a)-[:R]->() } AND EXISTS { (a)-[:S]->() }) RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) WITH a, COUNT { (a)-[:R]->() } > 0 AS r, COUNT { (a)-[:S]->() } > 0 AS s WHERE r <> s RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) WHERE CASE WHEN EXISTS { (a)-[:R]->() } THEN NOT EXISTS { (a)-[:S]->() } ELSE EXISTS { (a)-[:S]->() } END RETURN a.k AS k, count(*) AS n",
			"CALL { MATCH (a:A) WHERE EXISTS { (a)-[:R]->() } AND NOT EXISTS { (a)-[:S]->() } RETURN a UNION MATCH (a:A) WHERE EXISTS { (a)-[:S]->() } AND NOT EXISTS { (a)-[:R]->() } RETURN a } RETURN a.k AS k, count(*) AS n",
		)},
		// Per id of the A nodes starting two-link R walks (the two links
		// different), the largest total weight (null when a weight is)
		// and the number of walks: the weights added, reduce() over
		// relationships(p), a fixed-length variable pattern indexed, two
		// MATCH clauses with the links kept apart, a quantified path.
		{"g-h21-walk-weights", "relationship-property aggregates along walks", Generic, written(false,
			"MATCH (a:A)-[r1:R]->()-[r2:R]->() RETURN a.id AS id, max(r1.w + r2.w) AS best, count(*) AS walks",
			"MATCH p = (a:A)-[:R]->()-[:R]->() RETURN a.id AS id, max(reduce(t = 0, r IN relationships(p) | t + r.w)) AS best, count(*) AS walks",
			"MATCH (a:A)-[rs:R*2]->() RETURN a.id AS id, max(rs[0].w + rs[1].w) AS best, count(*) AS walks",
			"MATCH (a:A)-[r1:R]->(m) MATCH (m)-[r2:R]->() WHERE r2 <> r1 RETURN a.id AS id, max(r1.w + r2.w) AS best, count(*) AS walks",
			"MATCH p = (a:A)-[:R]->{2}() RETURN a.id AS id, max(reduce(t = 0, r IN relationships(p) | t + r.w)) AS best, count(*) AS walks",
		)},
		// A nodes per first present of s, k written as a string, 'none':
		// coalesce(), a searched CASE, coalesce() over pre-grouped
		// values, the head of the present parts, a UNION ALL of the three
		// cases.
		{"g-h21-coalesce-key", "coalesce in grouping keys", Generic, written(false,
			"MATCH (a:A) RETURN coalesce(a.s, toString(a.k), 'none') AS key, count(*) AS n",
			"MATCH (a:A) RETURN CASE WHEN a.s IS NOT NULL THEN a.s WHEN a.k IS NOT NULL THEN toString(a.k) ELSE 'none' END AS key, count(*) AS n",
			"MATCH (a:A) WITH a.s AS s, a.k AS k, count(*) AS c RETURN coalesce(s, toString(k), 'none') AS key, sum(c) AS n",
			"MATCH (a:A) WITH a, [x IN [a.s, toString(a.k)] WHERE x IS NOT NULL] AS present RETURN CASE size(present) WHEN 0 THEN 'none' ELSE present[0] END AS key, count(*) AS n",
			"CALL { MATCH (a:A) WHERE a.s IS NOT NULL RETURN a.s AS key UNION ALL MATCH (a:A) WHERE a.s IS NULL AND a.k IS NOT NULL RETURN toString(a.k) AS key UNION ALL MATCH (a:A) WHERE a.s IS NULL AND a.k IS NULL RETURN 'none' AS key } RETURN key, count(*) AS n",
		)},
		// A nodes per bucket of key (none, low, high) marked + when they
		// have an R link out: nested CASE, the base bucket and the flag
		// projected then joined, an OPTIONAL MATCH counted with strings
		// added, a UNION ALL of the buckets.
		{"g-h21-nested-case", "nested CASE bucketing", Generic, written(false,
			"MATCH (a:A) RETURN CASE WHEN a.k IS NULL THEN 'none' WHEN a.k < 3 THEN CASE WHEN EXISTS { (a)-[:R]->() } THEN 'low+' ELSE 'low' END ELSE CASE WHEN EXISTS { (a)-[:R]->() } THEN 'high+' ELSE 'high' END END AS b, count(*) AS n",
			"MATCH (a:A) WITH a, CASE WHEN a.k IS NULL THEN 'none' WHEN a.k < 3 THEN 'low' ELSE 'high' END AS base, EXISTS { (a)-[:R]->() } AS out RETURN CASE WHEN base <> 'none' AND out THEN base + '+' ELSE base END AS b, count(*) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:R]->() WITH a, count(r) > 0 AS out RETURN CASE WHEN a.k IS NULL THEN 'none' ELSE CASE WHEN a.k < 3 THEN 'low' ELSE 'high' END + CASE WHEN out THEN '+' ELSE '' END END AS b, count(*) AS n",
			"CALL { MATCH (a:A) WHERE a.k IS NULL RETURN 'none' AS b UNION ALL MATCH (a:A) WHERE a.k < 3 RETURN CASE WHEN (a)-[:R]->() THEN 'low+' ELSE 'low' END AS b UNION ALL MATCH (a:A) WHERE a.k >= 3 RETURN CASE WHEN (a)-[:R]->() THEN 'high+' ELSE 'high' END AS b } RETURN b, count(*) AS n",
		)},
		// Per string, the ids of the second and third A nodes by key then
		// id (both present): a slice, a comprehension over an index range,
		// tail() sliced, COLLECT { } of the unwound nodes with SKIP and
		// LIMIT.
		{"g-h21-list-slices", "list slicing of collected lists", Generic, written(false,
			"MATCH (a:A) WHERE a.k IS NOT NULL AND a.id IS NOT NULL WITH a ORDER BY a.k, a.id WITH a.s AS s, collect(a.id) AS ids RETURN s, ids[1..3] AS picked",
			"MATCH (a:A) WHERE a.k IS NOT NULL AND a.id IS NOT NULL WITH a.s AS s, a.k AS k, a.id AS id ORDER BY k, id WITH s, collect(id) AS ids RETURN s, [i IN range(1, 2) WHERE i < size(ids) | ids[i]] AS picked",
			"MATCH (a:A) WHERE a.k IS NOT NULL AND a.id IS NOT NULL WITH a.s AS s, a.k AS k, a.id AS id ORDER BY k, id WITH s, collect(id) AS ids RETURN s, tail(ids)[..2] AS picked",
			"MATCH (a:A) WHERE a.k IS NOT NULL AND a.id IS NOT NULL WITH a.s AS s, collect(a) AS ns RETURN s, COLLECT { UNWIND ns AS n WITH n ORDER BY n.k, n.id SKIP 1 LIMIT 2 RETURN n.id AS id } AS picked",
		)},
		// Per key, the nodes labelled A or B and not C: label tests, a
		// list predicate over labels(), a label disjunction in the
		// pattern, a label expression, the labels of interest kept and
		// tested, a UNION of the two labels filtered after.
		{"g-h21-labels-membership", "labels() membership against label tests", Generic, written(false,
			"MATCH (n) WHERE (n:A OR n:B) AND NOT n:C RETURN n.k AS k, count(*) AS c",
			"MATCH (n) WHERE any(l IN labels(n) WHERE l IN ['A', 'B']) AND NOT 'C' IN labels(n) RETURN n.k AS k, count(*) AS c",
			"MATCH (n:A|B) WHERE NOT n:C RETURN n.k AS k, count(*) AS c",
			"MATCH (n) WHERE n:(A|B)&!C RETURN n.k AS k, count(*) AS c",
			"MATCH (n) WITH n, [l IN labels(n) WHERE l IN ['A', 'B', 'C']] AS ls WHERE size(ls) > 0 AND NOT 'C' IN ls RETURN n.k AS k, count(*) AS c",
			"CALL { MATCH (n:A) RETURN n UNION MATCH (n:B) RETURN n } WITH n WHERE NOT n:C RETURN n.k AS k, count(*) AS c",
		)},
		// Per string, the mean and largest R out-degree of the A nodes
		// (zero included): COUNT { } projected, an OPTIONAL MATCH counted,
		// sized comprehensions aggregated, the degrees collected and
		// reduced, CALL (a) { } counting.
		{"g-h21-degree-stats", "averages and maxima of per-node counts", Generic, written(false,
			"MATCH (a:A) WITH a.s AS s, COUNT { (a)-[:R]->() } AS d RETURN s, avg(d) AS mean, max(d) AS top",
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:R]->() WITH a, count(r) AS d RETURN a.s AS s, avg(d) AS mean, max(d) AS top",
			"MATCH (a:A) RETURN a.s AS s, avg(size([(a)-[:R]->() | 1])) AS mean, max(size([(a)-[:R]->() | 1])) AS top",
			"MATCH (a:A) WITH a.s AS s, collect(COUNT { (a)-[:R]->() }) AS ds RETURN s, toFloat(reduce(t = 0, d IN ds | t + d)) / size(ds) AS mean, reduce(m = 0, d IN ds | CASE WHEN d > m THEN d ELSE m END) AS top",
			"MATCH (a:A) CALL (a) { OPTIONAL MATCH (a)-[r:R]->() RETURN count(r) AS d } RETURN a.s AS s, avg(d) AS mean, max(d) AS top",
		)},

		// Users graphs.
		// The hub's first ten out-neighbours, those linking back first,
		// then by id: EXISTS, COUNT { } > 0, an OPTIONAL MATCH counted, a
		// pattern predicate sorted through CASE, CALL (h) { UNION } of
		// the two halves.
		{"u-h21-exists-order", "EXISTS in ORDER BY", Users, written(true,
			"MATCH (h:User {id: $hub})-->(v) WITH DISTINCT h, v RETURN v.id AS id, EXISTS { (v)-->(h) } AS back ORDER BY back DESC, id LIMIT 10",
			"MATCH (h:User {id: $hub})-->(v) WITH DISTINCT h, v RETURN v.id AS id, COUNT { (v)-->(h) } > 0 AS back ORDER BY back DESC, id LIMIT 10",
			"MATCH (h:User {id: $hub})-->(v) WITH DISTINCT h, v OPTIONAL MATCH (v)-[b]->(h) WITH v, count(b) AS nb RETURN v.id AS id, nb > 0 AS back ORDER BY back DESC, id LIMIT 10",
			"MATCH (h:User {id: $hub})-->(v) WITH DISTINCT h, v RETURN v.id AS id, EXISTS { (v)-->(h) } AS back ORDER BY CASE WHEN (v)-->(h) THEN 0 ELSE 1 END, id LIMIT 10",
			"MATCH (h:User {id: $hub}) CALL (h) { MATCH (h)-->(v) WHERE (v)-->(h) RETURN DISTINCT v, true AS back UNION MATCH (h)-->(v) WHERE NOT (v)-->(h) RETURN DISTINCT v, false AS back } RETURN v.id AS id, back ORDER BY back DESC, id LIMIT 10",
		)},
		// The hub's five smallest out-neighbours and each one's three
		// smallest out-neighbour ids: COLLECT { RETURN DISTINCT ORDER BY
		// LIMIT }, CALL (v) { } limiting before collect(), an ordered
		// OPTIONAL MATCH collected DISTINCT and sliced, COLLECT { }
		// sliced.
		{"u-h21-collect-smallest", "COLLECT { } with ORDER BY and LIMIT inside", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v ORDER BY v.id LIMIT 5 RETURN v.id AS id, COLLECT { MATCH (v)-->(w) RETURN DISTINCT w.id AS x ORDER BY x LIMIT 3 } AS first",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v ORDER BY v.id LIMIT 5 CALL (v) { MATCH (v)-->(w) WITH DISTINCT w.id AS x ORDER BY x LIMIT 3 RETURN collect(x) AS first } RETURN v.id AS id, first",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v ORDER BY v.id LIMIT 5 OPTIONAL MATCH (v)-->(w) WITH v, w.id AS x ORDER BY x WITH v, collect(DISTINCT x) AS xs RETURN v.id AS id, xs[..3] AS first",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v ORDER BY v.id LIMIT 5 WITH v, COLLECT { MATCH (v)-->(w) RETURN DISTINCT w.id AS x ORDER BY x } AS sorted RETURN v.id AS id, sorted[0..3] AS first",
		)},
		// The hub's distinct out-neighbours per (links back, out-degree
		// at least 10): EXISTS and COUNT { } returned, a pattern
		// predicate and a sized comprehension projected, OPTIONAL MATCH
		// chains counted, CASE over the tests.
		{"u-h21-neighbour-flags", "pattern predicates returned as columns", Users, written(false,
			"MATCH (h:User {id: $hub})-->(v) WITH DISTINCT h, v RETURN EXISTS { (v)-->(h) } AS back, COUNT { (v)-->() } >= 10 AS big, count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) WITH DISTINCT h, v WITH v, EXISTS { (v)-->(h) } AS back, size([(v)-->(w) | w]) AS d RETURN back, d >= 10 AS big, count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) WITH DISTINCT h, v OPTIONAL MATCH (v)-[b]->(h) WITH h, v, count(b) > 0 AS back OPTIONAL MATCH (v)-[o]->() WITH v, back, count(o) AS d RETURN back, d >= 10 AS big, count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) WITH DISTINCT h, v RETURN CASE WHEN (v)-->(h) THEN true ELSE false END AS back, CASE WHEN COUNT { (v)-->() } < 10 THEN false ELSE true END AS big, count(*) AS n",
		)},
		// The distinct nodes two links out of the hub whose id ends in 3:
		// the modulo inline, on a projected value after DISTINCT, ENDS
		// WITH on the decimal string, EXISTS over all users, the distinct
		// ids collected and filtered.
		{"u-h21-filter-alias", "filters on computed aliases", Users, written(false,
			"MATCH (:User {id: $hub})-->()-->(w) WHERE w.id % 10 = 3 RETURN count(DISTINCT w) AS n",
			"MATCH (:User {id: $hub})-->()-->(w) WITH DISTINCT w WITH w, w.id % 10 AS last WHERE last = 3 RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->()-->(w) WHERE toString(w.id) ENDS WITH '3' RETURN count(DISTINCT w) AS n",
			"MATCH (w:User) WHERE w.id % 10 = 3 AND EXISTS { (:User {id: $hub})-->()-->(w) } RETURN count(w) AS n",
			"MATCH (:User {id: $hub})-->()-->(w) WITH collect(DISTINCT w.id) AS ids RETURN size([i IN ids WHERE i % 10 = 3]) AS n",
		)},
		// The hub's distinct out-neighbours per first digit of their id:
		// left(), substring(), the reversed string's last character, the
		// decimal strings collected then cut, the first digit of ids
		// pre-grouped.
		{"u-h21-digit-key", "string functions in keys", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v RETURN left(toString(v.id), 1) AS d, count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v RETURN substring(toString(v.id), 0, 1) AS d, count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v RETURN right(reverse(toString(v.id)), 1) AS d, count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH collect(DISTINCT toString(v.id)) AS ids UNWIND ids AS s RETURN left(s, 1) AS d, count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WITH v.id AS id, count(*) AS c RETURN left(toString(id), 1) AS d, sum(c) AS n",
		)},

		// Movies.
		// The first ten movies released after 2000, reviewed ones first,
		// then by title: EXISTS, COUNT { } > 0, an OPTIONAL MATCH
		// counted, a pattern predicate sorted through CASE, a UNION ALL
		// of the two halves.
		{"m-h21-exists-order", "EXISTS in ORDER BY", Movies, written(true,
			"MATCH (m:Movie) WHERE m.released > 2000 RETURN m.title AS title, EXISTS { (m)<-[:REVIEWED]-() } AS reviewed ORDER BY reviewed DESC, title LIMIT 10",
			"MATCH (m:Movie) WHERE m.released > 2000 RETURN m.title AS title, COUNT { (m)<-[:REVIEWED]-() } > 0 AS reviewed ORDER BY reviewed DESC, title LIMIT 10",
			"MATCH (m:Movie) WHERE m.released > 2000 OPTIONAL MATCH (m)<-[r:REVIEWED]-() WITH m, count(r) AS n RETURN m.title AS title, n > 0 AS reviewed ORDER BY reviewed DESC, title LIMIT 10",
			"MATCH (m:Movie) WHERE m.released > 2000 RETURN m.title AS title, EXISTS { (m)<-[:REVIEWED]-() } AS reviewed ORDER BY CASE WHEN (m)<-[:REVIEWED]-() THEN 0 ELSE 1 END, title LIMIT 10",
			"CALL { MATCH (m:Movie) WHERE m.released > 2000 AND EXISTS { (m)<-[:REVIEWED]-() } RETURN m.title AS title, true AS reviewed UNION ALL MATCH (m:Movie) WHERE m.released > 2000 AND NOT EXISTS { (m)<-[:REVIEWED]-() } RETURN m.title AS title, false AS reviewed } RETURN title, reviewed ORDER BY reviewed DESC, title LIMIT 10",
		)},
		// Per reviewer, the reviews, their mean rating and the best-rated
		// title (ties by title): an ordered collect() with avg(), COUNT {
		// } with COLLECT { } of avg() and of the ordered first, CALL (p)
		// { } over an ordered match, collected maps reduced.
		{"m-h21-review-ratings", "relationship-property aggregates", Movies, written(false,
			"MATCH (p:Person)-[r:REVIEWED]->(m:Movie) WITH p, r, m ORDER BY r.rating DESC, m.title WITH p, collect(m.title) AS ts, avg(r.rating) AS mean, count(*) AS n RETURN p.name AS name, n, mean, ts[0] AS best",
			"MATCH (p:Person) WHERE EXISTS { (p)-[:REVIEWED]->(:Movie) } RETURN p.name AS name, COUNT { (p)-[:REVIEWED]->(:Movie) } AS n, COLLECT { MATCH (p)-[r:REVIEWED]->(:Movie) RETURN avg(r.rating) AS a }[0] AS mean, COLLECT { MATCH (p)-[r:REVIEWED]->(m:Movie) RETURN m.title AS t ORDER BY r.rating DESC, t LIMIT 1 }[0] AS best",
			"MATCH (p:Person) CALL (p) { MATCH (p)-[r:REVIEWED]->(m:Movie) WITH r, m ORDER BY r.rating DESC, m.title RETURN count(*) AS n, avg(r.rating) AS mean, head(collect(m.title)) AS best } WITH p, n, mean, best WHERE n > 0 RETURN p.name AS name, n, mean, best",
			"MATCH (p:Person)-[r:REVIEWED]->(m:Movie) WITH p, collect({t: m.title, r: r.rating}) AS rs RETURN p.name AS name, size(rs) AS n, reduce(s = 0, x IN rs | s + x.r) * 1.0 / size(rs) AS mean, reduce(b = rs[0], x IN rs | CASE WHEN x.r > b.r OR (x.r = b.r AND x.t < b.t) THEN x ELSE b END).t AS best",
		)},
		// Actors with more than one role in a movie, the first role and
		// how many more: size() of the list, a present second element,
		// the list projected, the roles unwound and collected, a present
		// second-to-last element.
		{"m-h21-role-slices", "list slicing of property lists", Movies, written(false,
			"MATCH (p:Person)-[r:ACTED_IN]->(m:Movie) WHERE size(r.roles) > 1 RETURN p.name AS name, m.title AS title, r.roles[0] AS first, size(r.roles[1..]) AS more",
			"MATCH (p:Person)-[r:ACTED_IN]->(m:Movie) WHERE r.roles[1] IS NOT NULL RETURN p.name AS name, m.title AS title, head(r.roles) AS first, size(tail(r.roles)) AS more",
			"MATCH (p:Person)-[r:ACTED_IN]->(m:Movie) WITH p, m, r.roles AS roles WHERE size(roles) >= 2 RETURN p.name AS name, m.title AS title, roles[0] AS first, size(roles) - 1 AS more",
			"MATCH (p:Person)-[r:ACTED_IN]->(m:Movie) UNWIND r.roles AS role WITH p, m, r, collect(role) AS rs WHERE size(rs) > 1 RETURN p.name AS name, m.title AS title, r.roles[0] AS first, size(rs) - 1 AS more",
			"MATCH (p:Person)-[r:ACTED_IN]->(m:Movie) WHERE r.roles[-2] IS NOT NULL RETURN p.name AS name, m.title AS title, r.roles[0] AS first, size(r.roles) - 1 AS more",
		)},
		// Actors per era of birth: a searched CASE, integer division by
		// 20 bucketed, the CASE written from the other end, a table of
		// bounds unwound with the unknown ones added by UNION ALL.
		{"m-h21-born-eras", "CASE-heavy projections", Movies, written(false,
			"MATCH (p:Person)-[:ACTED_IN]->() WITH DISTINCT p RETURN CASE WHEN p.born IS NULL THEN 'unknown' WHEN p.born < 1940 THEN 'old' WHEN p.born < 1960 THEN '40s-50s' WHEN p.born < 1980 THEN '60s-70s' ELSE 'young' END AS era, count(*) AS n",
			"MATCH (p:Person) WHERE EXISTS { (p)-[:ACTED_IN]->() } WITH p.born / 20 AS b RETURN CASE WHEN b IS NULL THEN 'unknown' WHEN b < 97 THEN 'old' WHEN b = 97 THEN '40s-50s' WHEN b = 98 THEN '60s-70s' ELSE 'young' END AS era, count(*) AS n",
			"MATCH (p:Person) WHERE (p)-[:ACTED_IN]->() RETURN CASE WHEN p.born >= 1980 THEN 'young' WHEN p.born >= 1960 THEN '60s-70s' WHEN p.born >= 1940 THEN '40s-50s' WHEN p.born IS NOT NULL THEN 'old' ELSE 'unknown' END AS era, count(*) AS n",
			"UNWIND [['old', -10000, 1940], ['40s-50s', 1940, 1960], ['60s-70s', 1960, 1980], ['young', 1980, 10000]] AS e MATCH (p:Person) WHERE e[1] <= p.born < e[2] AND EXISTS { (p)-[:ACTED_IN]->() } RETURN e[0] AS era, count(*) AS n UNION ALL MATCH (p:Person) WHERE p.born IS NULL AND EXISTS { (p)-[:ACTED_IN]->() } WITH count(*) AS n WHERE n > 0 RETURN 'unknown' AS era, n",
		)},
		// The movies $who acted in and the first three other actors by
		// name: COLLECT { ORDER BY LIMIT }, an ordered OPTIONAL MATCH
		// collected and sliced, CALL (m, p) { } limiting before collect(),
		// COLLECT { } sliced.
		{"m-h21-costars", "COLLECT { } with ORDER BY and LIMIT inside", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN m.title AS title, COLLECT { MATCH (m)<-[:ACTED_IN]-(c:Person) WHERE c.name <> $who RETURN c.name AS n ORDER BY n LIMIT 3 } AS costars",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie) OPTIONAL MATCH (m)<-[:ACTED_IN]-(c:Person) WHERE c <> p WITH m, c.name AS n ORDER BY n WITH m, collect(n) AS ns RETURN m.title AS title, ns[..3] AS costars",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie) CALL (m, p) { MATCH (m)<-[:ACTED_IN]-(c:Person) WHERE c <> p WITH c ORDER BY c.name LIMIT 3 RETURN collect(c.name) AS costars } RETURN m.title AS title, costars",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH m, COLLECT { MATCH (m)<-[:ACTED_IN]-(c:Person) WHERE c.name <> $who RETURN c.name AS n ORDER BY n } AS sorted RETURN m.title AS title, sorted[0..3] AS costars",
		)},
		// Names of people who directed or produced a movie before 1990:
		// UNION, DISTINCT over a type disjunction, a UNION ALL made
		// distinct, EXISTS over the disjunction, type() in a list, the
		// names collected DISTINCT and unwound.
		{"m-h21-union-dedup", "UNION against DISTINCT", Movies, written(false,
			"MATCH (p:Person)-[:DIRECTED]->(m:Movie) WHERE m.released < 1990 RETURN p.name AS name UNION MATCH (p:Person)-[:PRODUCED]->(m:Movie) WHERE m.released < 1990 RETURN p.name AS name",
			"MATCH (p:Person)-[:DIRECTED|PRODUCED]->(m:Movie) WHERE m.released < 1990 RETURN DISTINCT p.name AS name",
			"CALL { MATCH (p:Person)-[:DIRECTED]->(m:Movie) WHERE m.released < 1990 RETURN p UNION ALL MATCH (p:Person)-[:PRODUCED]->(m:Movie) WHERE m.released < 1990 RETURN p } RETURN DISTINCT p.name AS name",
			"MATCH (p:Person) WHERE EXISTS { (p)-[:DIRECTED|PRODUCED]->(m:Movie) WHERE m.released < 1990 } RETURN DISTINCT p.name AS name",
			"MATCH (p:Person)-[r]->(m:Movie) WHERE type(r) IN ['DIRECTED', 'PRODUCED'] AND m.released < 1990 WITH collect(DISTINCT p.name) AS names UNWIND names AS name RETURN name",
		)},
		// First words of titles shared by more than one movie: split()
		// indexed, head() of the words, titles pre-grouped then split,
		// titles collected and unwound.
		{"m-h21-title-words", "string functions in keys", Movies, written(false,
			"MATCH (m:Movie) WITH split(m.title, ' ')[0] AS w, count(*) AS n WHERE n > 1 RETURN w, n",
			"MATCH (m:Movie) WITH m, split(m.title, ' ') AS words WITH head(words) AS w, count(*) AS n WHERE n > 1 RETURN w, n",
			"MATCH (m:Movie) WITH m.title AS t, count(*) AS c WITH split(t, ' ')[0] AS w, sum(c) AS n WHERE n > 1 RETURN w, n",
			"MATCH (m:Movie) WITH collect(m.title) AS ts UNWIND ts AS t WITH split(t, ' ')[0] AS w, count(*) AS n WHERE n > 1 RETURN w, n",
		)},
		// Reviews per band of rating with the band's mean: a searched
		// CASE, a simple CASE on the tens, the first band reached in a
		// table, the bands as ranges unwound.
		{"m-h21-rating-bands", "CASE bucketing of relationship properties", Movies, written(false,
			"MATCH ()-[r:REVIEWED]->() RETURN CASE WHEN r.rating >= 80 THEN 'good' WHEN r.rating >= 50 THEN 'fair' ELSE 'poor' END AS band, count(*) AS n, avg(r.rating) AS mean",
			"MATCH ()-[r:REVIEWED]->() WITH r.rating AS x RETURN CASE x / 10 WHEN 10 THEN 'good' WHEN 9 THEN 'good' WHEN 8 THEN 'good' WHEN 7 THEN 'fair' WHEN 6 THEN 'fair' WHEN 5 THEN 'fair' ELSE 'poor' END AS band, count(*) AS n, avg(x) AS mean",
			"MATCH ()-[r:REVIEWED]->() WITH r, [b IN [['good', 80], ['fair', 50]] WHERE r.rating >= b[1] | b[0]] AS hits RETURN coalesce(head(hits), 'poor') AS band, count(*) AS n, avg(r.rating) AS mean",
			"UNWIND [['good', 80, 1000], ['fair', 50, 80], ['poor', -1000, 50]] AS b MATCH ()-[r:REVIEWED]->() WHERE b[1] <= r.rating < b[2] RETURN b[0] AS band, count(*) AS n, avg(r.rating) AS mean",
		)},

		// Northwind.
		// Per category, the order lines, the quantity ordered and the
		// largest line value: the aggregates from either end, CALL (c) {
		// } with the empty categories dropped, lines ordered by value and
		// collected.
		{"n-h21-line-values", "relationship-property aggregates", Northwind, written(false,
			"MATCH (:Order)-[l:ORDERS]->(p:Product)-[:PART_OF]->(c:Category) RETURN c.categoryName AS cat, count(l) AS lines, sum(l.quantity) AS qty, max(l.unitPrice * l.quantity) AS biggest",
			"MATCH (c:Category)<-[:PART_OF]-(p:Product)<-[l:ORDERS]-(:Order) WITH c, l.unitPrice * l.quantity AS v, l.quantity AS q RETURN c.categoryName AS cat, count(*) AS lines, sum(q) AS qty, max(v) AS biggest",
			"MATCH (c:Category) CALL (c) { MATCH (c)<-[:PART_OF]-(:Product)<-[l:ORDERS]-(:Order) RETURN count(l) AS lines, sum(l.quantity) AS qty, max(l.unitPrice * l.quantity) AS biggest } WITH c, lines, qty, biggest WHERE lines > 0 RETURN c.categoryName AS cat, lines, qty, biggest",
			"MATCH (:Order)-[l:ORDERS]->(p:Product)-[:PART_OF]->(c:Category) WITH c, l ORDER BY l.unitPrice * l.quantity DESC WITH c, collect(l) AS ls RETURN c.categoryName AS cat, size(ls) AS lines, reduce(t = 0, x IN ls | t + x.quantity) AS qty, ls[0].unitPrice * ls[0].quantity AS biggest",
		)},
		// Customers per region of their country: IN lists in a searched
		// CASE, a simple CASE, the countries pre-grouped, a map looked up
		// by the country.
		{"n-h21-country-regions", "CASE-heavy projections", Northwind, written(false,
			"MATCH (c:Customer) RETURN CASE WHEN c.country IN ['Germany', 'France', 'UK', 'Spain', 'Italy'] THEN 'EU' WHEN c.country IN ['USA', 'Canada', 'Mexico', 'Brazil'] THEN 'AM' ELSE 'other' END AS region, count(*) AS n",
			"MATCH (c:Customer) RETURN CASE c.country WHEN 'Germany' THEN 'EU' WHEN 'France' THEN 'EU' WHEN 'UK' THEN 'EU' WHEN 'Spain' THEN 'EU' WHEN 'Italy' THEN 'EU' WHEN 'USA' THEN 'AM' WHEN 'Canada' THEN 'AM' WHEN 'Mexico' THEN 'AM' WHEN 'Brazil' THEN 'AM' ELSE 'other' END AS region, count(*) AS n",
			"MATCH (c:Customer) WITH c.country AS country, count(*) AS k RETURN CASE WHEN country IN ['Germany', 'France', 'UK', 'Spain', 'Italy'] THEN 'EU' WHEN country IN ['USA', 'Canada', 'Mexico', 'Brazil'] THEN 'AM' ELSE 'other' END AS region, sum(k) AS n",
			"MATCH (c:Customer) WITH c, {Germany: 'EU', France: 'EU', UK: 'EU', Spain: 'EU', Italy: 'EU', USA: 'AM', Canada: 'AM', Mexico: 'AM', Brazil: 'AM'} AS regions RETURN coalesce(regions[c.country], 'other') AS region, count(*) AS n",
		)},
		// The first five products of $category, those $customer bought
		// first, then by name: EXISTS, COUNT { } > 0, an OPTIONAL MATCH
		// counted, membership of the collected bought products, EXISTS
		// again inside CASE in ORDER BY.
		{"n-h21-exists-order", "EXISTS in ORDER BY", Northwind, written(true,
			"MATCH (p:Product)-[:PART_OF]->(:Category {categoryName: $category}) RETURN p.productName AS name, EXISTS { (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p) } AS bought ORDER BY bought DESC, name LIMIT 5",
			"MATCH (p:Product)-[:PART_OF]->(:Category {categoryName: $category}) RETURN p.productName AS name, COUNT { (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p) } > 0 AS bought ORDER BY bought DESC, name LIMIT 5",
			"MATCH (p:Product)-[:PART_OF]->(:Category {categoryName: $category}) OPTIONAL MATCH (cu:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p) WITH p, count(cu) > 0 AS bought RETURN p.productName AS name, bought ORDER BY bought DESC, name LIMIT 5",
			"OPTIONAL MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(q:Product) WITH collect(DISTINCT q) AS qs MATCH (p:Product)-[:PART_OF]->(:Category {categoryName: $category}) RETURN p.productName AS name, p IN qs AS bought ORDER BY bought DESC, name LIMIT 5",
			"MATCH (p:Product)-[:PART_OF]->(:Category {categoryName: $category}) RETURN p.productName AS name, EXISTS { (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p) } AS bought ORDER BY CASE WHEN EXISTS { (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p) } THEN 0 ELSE 1 END, name LIMIT 5",
		)},
		// Per employee with sales, the countries shipped to and the most
		// orders to one country: counts per country then aggregated,
		// COUNT { RETURN DISTINCT } with COLLECT { } of the maximum, the
		// sorted countries folded by reduce(), CALL (e) { }.
		{"n-h21-country-runs", "aggregates of per-group counts", Northwind, written(false,
			"MATCH (e:Employee)-[:SOLD]->(o:Order) WITH e, o.shipCountry AS c, count(*) AS n RETURN e.lastName AS name, count(c) AS countries, max(n) AS most",
			"MATCH (e:Employee) WHERE EXISTS { (e)-[:SOLD]->(:Order) } RETURN e.lastName AS name, COUNT { MATCH (e)-[:SOLD]->(o:Order) RETURN DISTINCT o.shipCountry AS c } AS countries, COLLECT { MATCH (e)-[:SOLD]->(o:Order) WITH o.shipCountry AS c, count(*) AS n RETURN max(n) AS m }[0] AS most",
			"MATCH (e:Employee)-[:SOLD]->(o:Order) WITH e, o.shipCountry AS c ORDER BY c WITH e, collect(c) AS cs WITH e, reduce(s = [null, 0, 0, 0], c IN cs | CASE WHEN c = s[0] THEN [c, s[1] + 1, CASE WHEN s[1] + 1 > s[2] THEN s[1] + 1 ELSE s[2] END, s[3]] ELSE [c, 1, CASE WHEN s[2] < 1 THEN 1 ELSE s[2] END, s[3] + 1] END) AS st RETURN e.lastName AS name, st[3] AS countries, st[2] AS most",
			"MATCH (e:Employee) CALL (e) { MATCH (e)-[:SOLD]->(o:Order) WITH o.shipCountry AS c, count(*) AS n RETURN count(c) AS countries, max(n) AS most } WITH e, countries, most WHERE countries > 0 RETURN e.lastName AS name, countries, most",
		)},
		// Products per first letter of the name upper-cased with the
		// units in stock: left(), substring(), the name upper-cased
		// first, the letters pre-grouped then upper-cased.
		{"n-h21-letter-key", "string functions in keys", Northwind, written(false,
			"MATCH (p:Product) RETURN toUpper(left(p.productName, 1)) AS letter, count(*) AS n, sum(p.unitsInStock) AS stock",
			"MATCH (p:Product) RETURN toUpper(substring(p.productName, 0, 1)) AS letter, count(*) AS n, sum(p.unitsInStock) AS stock",
			"MATCH (p:Product) WITH toUpper(p.productName) AS u, p RETURN left(u, 1) AS letter, count(*) AS n, sum(p.unitsInStock) AS stock",
			"MATCH (p:Product) WITH left(p.productName, 1) AS l, count(*) AS c, sum(p.unitsInStock) AS s RETURN toUpper(l) AS letter, sum(c) AS n, sum(s) AS stock",
		)},
		// The second to fourth orders of $customer by date then id: a
		// slice, tail() sliced, SKIP and LIMIT before collect(), COLLECT
		// { ORDER BY SKIP LIMIT }, an index range.
		{"n-h21-order-slices", "list slicing of collected lists", Northwind, written(false,
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order) WITH o ORDER BY o.orderDate, o.orderID WITH collect(o.orderID) AS ids RETURN ids[1..4] AS picked",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order) WITH o ORDER BY o.orderDate, o.orderID WITH collect(o.orderID) AS ids RETURN tail(ids)[..3] AS picked",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order) WITH o ORDER BY o.orderDate, o.orderID SKIP 1 LIMIT 3 RETURN collect(o.orderID) AS picked",
			"MATCH (c:Customer {customerID: $customer}) RETURN COLLECT { MATCH (c)-[:PURCHASED]->(o:Order) RETURN o.orderID AS id ORDER BY o.orderDate, id SKIP 1 LIMIT 3 } AS picked",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order) WITH o ORDER BY o.orderDate, o.orderID WITH collect(o.orderID) AS ids RETURN [i IN range(1, 3) WHERE i < size(ids) | ids[i]] AS picked",
		)},
		// Countries of customers or suppliers: UNION, a UNION ALL made
		// distinct, label tests joined by OR, a label disjunction, the
		// two collected lists merged.
		{"n-h21-union-countries", "UNION against DISTINCT", Northwind, written(false,
			"MATCH (c:Customer) RETURN c.country AS country UNION MATCH (s:Supplier) RETURN s.country AS country",
			"CALL { MATCH (c:Customer) RETURN c.country AS country UNION ALL MATCH (s:Supplier) RETURN s.country AS country } RETURN DISTINCT country",
			"MATCH (n) WHERE n:Customer OR n:Supplier RETURN DISTINCT n.country AS country",
			"MATCH (n:Customer|Supplier) RETURN DISTINCT n.country AS country",
			"MATCH (c:Customer) WITH collect(DISTINCT c.country) AS a MATCH (s:Supplier) WITH a, collect(DISTINCT s.country) AS b UNWIND a + [x IN b WHERE NOT x IN a] AS country RETURN country",
		)},

		// LDBC.
		// $person's friends per (liked one of my messages, works
		// somewhere): EXISTS returned, COUNT { } > 0, OPTIONAL MATCH
		// chains counted, a sized comprehension projected, CASE over
		// EXISTS.
		{"l-h21-friend-flags", "pattern predicates returned as columns", LDBC, written(false,
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT p, f RETURN EXISTS { (f)-[:LIKES]->(:Message)-[:HAS_CREATOR]->(p) } AS liked, EXISTS { (f)-[:WORK_AT]->() } AS works, count(*) AS n",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT p, f RETURN COUNT { (f)-[:LIKES]->(:Message)-[:HAS_CREATOR]->(p) } > 0 AS liked, COUNT { (f)-[:WORK_AT]->() } > 0 AS works, count(*) AS n",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT p, f OPTIONAL MATCH (f)-[l:LIKES]->(:Message)-[:HAS_CREATOR]->(p) WITH f, count(l) > 0 AS liked OPTIONAL MATCH (f)-[w:WORK_AT]->() WITH f, liked, count(w) > 0 AS works RETURN liked, works, count(*) AS n",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT p, f WITH f, EXISTS { (f)-[:LIKES]->(:Message)-[:HAS_CREATOR]->(p) } AS liked, size([(f)-[:WORK_AT]->(o) | o]) > 0 AS works RETURN liked, works, count(*) AS n",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT p, f RETURN CASE WHEN EXISTS { (f)-[:LIKES]->(:Message)-[:HAS_CREATOR]->(p) } THEN true ELSE false END AS liked, CASE WHEN EXISTS { (f)-[:WORK_AT]->() } THEN true ELSE false END AS works, count(*) AS n",
		)},
		// The five commonest initials of persons: left() added,
		// substring() projected then added, names pre-grouped, reduce()
		// over the two names.
		{"l-h21-initials", "concatenated string keys", LDBC, written(true,
			"MATCH (p:Person) RETURN left(p.firstName, 1) + left(p.lastName, 1) AS ini, count(*) AS n ORDER BY n DESC, ini LIMIT 5",
			"MATCH (p:Person) WITH substring(p.firstName, 0, 1) AS f, substring(p.lastName, 0, 1) AS l RETURN f + l AS ini, count(*) AS n ORDER BY n DESC, ini LIMIT 5",
			"MATCH (p:Person) WITH p.firstName AS fn, p.lastName AS ln, count(*) AS c RETURN left(fn, 1) + left(ln, 1) AS ini, sum(c) AS n ORDER BY n DESC, ini LIMIT 5",
			"MATCH (p:Person) RETURN reduce(s = '', x IN [p.firstName, p.lastName] | s + left(x, 1)) AS ini, count(*) AS n ORDER BY n DESC, ini LIMIT 5",
		)},
		// $person's friends' posts per kind of length (image, short,
		// long): a searched CASE, a simple CASE on sign() with a CASE
		// inside, the length projected first, a UNION ALL of the three
		// ranges.
		{"l-h21-post-kinds", "CASE-heavy projections", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(:Person)<-[:HAS_CREATOR]-(m:Post) RETURN CASE WHEN m.length = 0 THEN 'image' WHEN m.length < 100 THEN 'short' ELSE 'long' END AS kind, count(DISTINCT m) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(:Person)<-[:HAS_CREATOR]-(m:Post) RETURN CASE sign(m.length) WHEN 0 THEN 'image' ELSE CASE WHEN m.length < 100 THEN 'short' ELSE 'long' END END AS kind, count(DISTINCT m) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(:Person)<-[:HAS_CREATOR]-(m:Post) WITH DISTINCT m WITH m.length AS len RETURN CASE WHEN len = 0 THEN 'image' WHEN len < 100 THEN 'short' ELSE 'long' END AS kind, count(*) AS n",
			"CALL { MATCH (:Person {id: $person})-[:KNOWS]-(:Person)<-[:HAS_CREATOR]-(m:Post) WHERE m.length = 0 RETURN 'image' AS kind, m UNION ALL MATCH (:Person {id: $person})-[:KNOWS]-(:Person)<-[:HAS_CREATOR]-(m:Post) WHERE 0 < m.length < 100 RETURN 'short' AS kind, m UNION ALL MATCH (:Person {id: $person})-[:KNOWS]-(:Person)<-[:HAS_CREATOR]-(m:Post) WHERE m.length >= 100 RETURN 'long' AS kind, m } RETURN kind, count(DISTINCT m) AS n",
		)},
		// Per friend of $person, the two latest post ids: COLLECT {
		// ORDER BY LIMIT }, CALL (f) { } limiting an OPTIONAL MATCH, an
		// ordered OPTIONAL MATCH collected and sliced, COLLECT { }
		// sliced.
		{"l-h21-recent-posts", "COLLECT { } with ORDER BY and LIMIT inside", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f RETURN f.id AS id, COLLECT { MATCH (f)<-[:HAS_CREATOR]-(m:Post) RETURN m.id AS post ORDER BY m.creationDate DESC, post LIMIT 2 } AS recent",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f CALL (f) { OPTIONAL MATCH (f)<-[:HAS_CREATOR]-(m:Post) WITH m ORDER BY m.creationDate DESC, m.id LIMIT 2 RETURN collect(m.id) AS recent } RETURN f.id AS id, recent",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f OPTIONAL MATCH (f)<-[:HAS_CREATOR]-(m:Post) WITH f, m ORDER BY m.creationDate DESC, m.id WITH f, collect(m.id) AS ids RETURN f.id AS id, ids[..2] AS recent",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f WITH f, COLLECT { MATCH (f)<-[:HAS_CREATOR]-(m:Post) RETURN m.id AS post ORDER BY m.creationDate DESC, post } AS sorted RETURN f.id AS id, sorted[0..2] AS recent",
		)},
		// Names of tags $person is interested in or posted with: UNION, a
		// UNION ALL made distinct, EXISTS joined by OR, two comprehensions
		// concatenated, two OPTIONAL MATCH clauses collected and merged.
		{"l-h21-union-tags", "UNION against DISTINCT", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:HAS_INTEREST]->(t:Tag) RETURN t.name AS name UNION MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(:Post)-[:HAS_TAG]->(t:Tag) RETURN t.name AS name",
			"CALL { MATCH (:Person {id: $person})-[:HAS_INTEREST]->(t:Tag) RETURN t UNION ALL MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(:Post)-[:HAS_TAG]->(t:Tag) RETURN t } RETURN DISTINCT t.name AS name",
			"MATCH (t:Tag) WHERE EXISTS { (:Person {id: $person})-[:HAS_INTEREST]->(t) } OR EXISTS { (:Person {id: $person})<-[:HAS_CREATOR]-(:Post)-[:HAS_TAG]->(t) } RETURN DISTINCT t.name AS name",
			"MATCH (p:Person {id: $person}) WITH [(p)-[:HAS_INTEREST]->(t:Tag) | t.name] + [(p)<-[:HAS_CREATOR]-(:Post)-[:HAS_TAG]->(t:Tag) | t.name] AS names UNWIND names AS name RETURN DISTINCT name",
			"MATCH (p:Person {id: $person}) OPTIONAL MATCH (p)-[:HAS_INTEREST]->(a:Tag) WITH p, collect(a.name) AS xs OPTIONAL MATCH (p)<-[:HAS_CREATOR]-(:Post)-[:HAS_TAG]->(b:Tag) WITH xs, collect(b.name) AS ys UNWIND xs + ys AS name RETURN DISTINCT name",
		)},
		// Per gender, the mean and largest number of friends: COUNT { }
		// projected, an OPTIONAL MATCH counted, a sized comprehension,
		// CALL (p) { } counting.
		{"l-h21-degree-stats", "averages and maxima of per-node counts", LDBC, written(false,
			"MATCH (p:Person) WITH p.gender AS g, COUNT { (p)-[:KNOWS]-() } AS d RETURN g, avg(d) AS mean, max(d) AS top",
			"MATCH (p:Person) OPTIONAL MATCH (p)-[k:KNOWS]-() WITH p, count(k) AS d RETURN p.gender AS g, avg(d) AS mean, max(d) AS top",
			"MATCH (p:Person) WITH p, size([(p)-[:KNOWS]-(f) | f]) AS d RETURN p.gender AS g, avg(d) AS mean, max(d) AS top",
			"MATCH (p:Person) CALL (p) { OPTIONAL MATCH (p)-[k:KNOWS]-() RETURN count(k) AS d } RETURN p.gender AS g, avg(d) AS mean, max(d) AS top",
		)},
		// The five commonest first octets of persons' IP addresses:
		// split() indexed, head() of split(), addresses pre-grouped, the
		// octet read as an integer and written back.
		{"l-h21-ip-octets", "string functions in keys", LDBC, written(true,
			"MATCH (p:Person) RETURN split(p.locationIP, '.')[0] AS octet, count(*) AS n ORDER BY n DESC, octet LIMIT 5",
			"MATCH (p:Person) WITH head(split(p.locationIP, '.')) AS octet RETURN octet, count(*) AS n ORDER BY n DESC, octet LIMIT 5",
			"MATCH (p:Person) WITH p.locationIP AS ip, count(*) AS c RETURN split(ip, '.')[0] AS octet, sum(c) AS n ORDER BY n DESC, octet LIMIT 5",
			"MATCH (p:Person) WITH toInteger(split(p.locationIP, '.')[0]) AS o RETURN toString(o) AS octet, count(*) AS n ORDER BY n DESC, octet LIMIT 5",
		)},

		// Stack Overflow.
		// The first five $tag questions, unanswered first, then by views
		// (descending) and id: EXISTS, COUNT { } = 0 sorted, an OPTIONAL
		// MATCH counted, a pattern predicate through CASE, a UNION ALL
		// of the two halves.
		{"s-h21-exists-order", "EXISTS in ORDER BY", StackOverflow, written(true,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN q.question_id AS id, EXISTS { (q)<-[:ANSWERED]-() } AS answered ORDER BY answered, q.view_count DESC, id LIMIT 5",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN q.question_id AS id, COUNT { (q)<-[:ANSWERED]-() } > 0 AS answered ORDER BY COUNT { (q)<-[:ANSWERED]-() } = 0 DESC, q.view_count DESC, id LIMIT 5",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) OPTIONAL MATCH (q)<-[a:ANSWERED]-() WITH q, count(a) > 0 AS answered RETURN q.question_id AS id, answered ORDER BY answered, q.view_count DESC, id LIMIT 5",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN q.question_id AS id, EXISTS { (q)<-[:ANSWERED]-() } AS answered ORDER BY CASE WHEN (q)<-[:ANSWERED]-() THEN 1 ELSE 0 END, q.view_count DESC, id LIMIT 5",
			"CALL { MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE NOT EXISTS { (q)<-[:ANSWERED]-() } RETURN q, false AS answered UNION ALL MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE EXISTS { (q)<-[:ANSWERED]-() } RETURN q, true AS answered } RETURN q.question_id AS id, answered ORDER BY answered, q.view_count DESC, id LIMIT 5",
		)},
		// $tag2 questions per (answered, commented): EXISTS returned,
		// COUNT { } > 0, OPTIONAL MATCH chains counted, sized
		// comprehensions projected, CASE over EXISTS.
		{"s-h21-question-flags", "pattern predicates returned as columns", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN EXISTS { (q)<-[:ANSWERED]-() } AS answered, EXISTS { (q)<-[:COMMENTED_ON]-() } AS commented, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN COUNT { (q)<-[:ANSWERED]-() } > 0 AS answered, COUNT { (q)<-[:COMMENTED_ON]-() } > 0 AS commented, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) OPTIONAL MATCH (q)<-[a:ANSWERED]-() WITH q, count(a) > 0 AS answered OPTIONAL MATCH (q)<-[c:COMMENTED_ON]-() WITH q, answered, count(c) > 0 AS commented RETURN answered, commented, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WITH q, size([(q)<-[:ANSWERED]-(a) | a]) > 0 AS answered, size([(q)<-[:COMMENTED_ON]-(c) | c]) > 0 AS commented RETURN answered, commented, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN CASE WHEN EXISTS { (q)<-[:ANSWERED]-() } THEN true ELSE false END AS answered, CASE WHEN EXISTS { (q)<-[:COMMENTED_ON]-() } THEN true ELSE false END AS commented, count(*) AS n",
		)},
		// The five commonest lower-cased first words of $tag question
		// titles: split() of the lowered title, head() of split(), first
		// words pre-grouped then lowered and re-summed, the titles
		// collected and unwound.
		{"s-h21-title-words", "string functions in keys", StackOverflow, written(true,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN split(toLower(q.title), ' ')[0] AS first, count(*) AS n ORDER BY n DESC, first LIMIT 5",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH head(split(toLower(q.title), ' ')) AS first RETURN first, count(*) AS n ORDER BY n DESC, first LIMIT 5",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH split(q.title, ' ')[0] AS w, count(*) AS c RETURN toLower(w) AS first, sum(c) AS n ORDER BY n DESC, first LIMIT 5",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) WITH collect(q.title) AS ts UNWIND ts AS t RETURN toLower(split(t, ' ')[0]) AS first, count(*) AS n ORDER BY n DESC, first LIMIT 5",
		)},
		// Answers to $tag questions per band of score: a searched CASE, a
		// simple CASE on sign() with a CASE inside, the score projected
		// first, a UNION ALL of the bands.
		{"s-h21-score-bands", "CASE-heavy projections", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) RETURN CASE WHEN a.score < 0 THEN 'negative' WHEN a.score = 0 THEN 'zero' WHEN a.score < 5 THEN 'some' ELSE 'many' END AS band, count(*) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) RETURN CASE sign(a.score) WHEN -1 THEN 'negative' WHEN 0 THEN 'zero' ELSE CASE WHEN a.score < 5 THEN 'some' ELSE 'many' END END AS band, count(*) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WITH a.score AS s RETURN CASE WHEN s < 0 THEN 'negative' WHEN s = 0 THEN 'zero' WHEN s < 5 THEN 'some' ELSE 'many' END AS band, count(*) AS n",
			"CALL { MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score < 0 RETURN 'negative' AS band UNION ALL MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score = 0 RETURN 'zero' AS band UNION ALL MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WHERE 0 < a.score < 5 RETURN 'some' AS band UNION ALL MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score >= 5 RETURN 'many' AS band } RETURN band, count(*) AS n",
		)},
		// Users who asked or answered a $tag2 question: CALL { UNION },
		// EXISTS joined by OR, OPTIONAL MATCH clauses collected and
		// merged, a UNION ALL counted DISTINCT, a program.
		{"s-h21-union-users", "UNION against DISTINCT", StackOverflow, written(false,
			"CALL { MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN u UNION MATCH (u:User)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN u } RETURN count(u) AS n",
			"MATCH (u:User) WHERE EXISTS { (u)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) } OR EXISTS { (u)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) } RETURN count(u) AS n",
			"MATCH (:Tag {name: $tag2})<-[:TAGGED]-(q:Question) OPTIONAL MATCH (q)<-[:ASKED]-(a:User) OPTIONAL MATCH (q)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(b:User) WITH collect(a) + collect(b) AS us UNWIND us AS u RETURN count(DISTINCT u) AS n",
			"CALL { MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN u UNION ALL MATCH (u:User)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN u } RETURN count(DISTINCT u) AS n",
			programForm(union("MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN u"), union("MATCH (u:User)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN u")),
		)},
		// Per question $user asked, the two best answer scores: COLLECT {
		// ORDER BY LIMIT }, CALL (q) { } limiting an OPTIONAL MATCH, an
		// ordered OPTIONAL MATCH collected and sliced, COLLECT { }
		// sliced.
		{"s-h21-top-answers", "COLLECT { } with ORDER BY and LIMIT inside", StackOverflow, written(false,
			"MATCH (:User {user_id: $user})-[:ASKED]->(q:Question) RETURN q.question_id AS id, COLLECT { MATCH (q)<-[:ANSWERED]-(a:Answer) RETURN a.score AS s ORDER BY s DESC LIMIT 2 } AS top",
			"MATCH (:User {user_id: $user})-[:ASKED]->(q:Question) CALL (q) { OPTIONAL MATCH (q)<-[:ANSWERED]-(a:Answer) WITH a ORDER BY a.score DESC LIMIT 2 RETURN collect(a.score) AS top } RETURN q.question_id AS id, top",
			"MATCH (:User {user_id: $user})-[:ASKED]->(q:Question) OPTIONAL MATCH (q)<-[:ANSWERED]-(a:Answer) WITH q, a.score AS s ORDER BY s DESC WITH q, collect(s) AS ss RETURN q.question_id AS id, ss[..2] AS top",
			"MATCH (:User {user_id: $user})-[:ASKED]->(q:Question) WITH q, COLLECT { MATCH (q)<-[:ANSWERED]-(a:Answer) RETURN a.score AS s ORDER BY s DESC } AS sorted RETURN q.question_id AS id, sorted[0..2] AS top",
		)},

		// WN18RR.
		// The five commonest first letters of the hyponyms of $entity:
		// left(), substring(), names pre-grouped then cut, names
		// collected and unwound.
		{"w-h21-letter-key", "string functions in keys", WordNet, written(true,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN left(h.name, 1) AS letter, count(*) AS n ORDER BY n DESC, letter LIMIT 5",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN substring(h.name, 0, 1) AS letter, count(*) AS n ORDER BY n DESC, letter LIMIT 5",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h.name AS name, count(*) AS c RETURN left(name, 1) AS letter, sum(c) AS n ORDER BY n DESC, letter LIMIT 5",
			"MATCH (e:Entity {id: $entity}) UNWIND [(h)-[:_hypernym]->(e) | h.name] AS name RETURN left(name, 1) AS letter, count(*) AS n ORDER BY n DESC, letter LIMIT 5",
		)},
		// The first ten hyponyms of $entity, those with hyponyms of their
		// own first, then by name: EXISTS, COUNT { } > 0, an OPTIONAL
		// MATCH counted, a pattern predicate through CASE, a sized
		// comprehension.
		{"w-h21-exists-order", "EXISTS in ORDER BY", WordNet, written(true,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN h.name AS name, EXISTS { ()-[:_hypernym]->(h) } AS inner ORDER BY inner DESC, name LIMIT 10",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN h.name AS name, COUNT { ()-[:_hypernym]->(h) } > 0 AS inner ORDER BY inner DESC, name LIMIT 10",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) OPTIONAL MATCH (c)-[:_hypernym]->(h) WITH h, count(c) AS k RETURN h.name AS name, k > 0 AS inner ORDER BY inner DESC, name LIMIT 10",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN h.name AS name, EXISTS { ()-[:_hypernym]->(h) } AS inner ORDER BY CASE WHEN ()-[:_hypernym]->(h) THEN 0 ELSE 1 END, name LIMIT 10",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN h.name AS name, size([(c)-[:_hypernym]->(h) | c]) > 0 AS inner ORDER BY inner DESC, name LIMIT 10",
		)},
		// Members of $topic's domain per (has a hypernym, has a derived
		// form either way): EXISTS returned, COUNT { } > 0, OPTIONAL MATCH
		// chains counted, sized comprehensions projected.
		{"w-h21-member-flags", "pattern predicates returned as columns", WordNet, written(false,
			"MATCH (m)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) WITH DISTINCT m RETURN EXISTS { (m)-[:_hypernym]->() } AS typed, EXISTS { (m)-[:_derivationally_related_form]-() } AS derived, count(*) AS n",
			"MATCH (m)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) WITH DISTINCT m RETURN COUNT { (m)-[:_hypernym]->() } > 0 AS typed, COUNT { (m)-[:_derivationally_related_form]-() } > 0 AS derived, count(*) AS n",
			"MATCH (m)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) WITH DISTINCT m OPTIONAL MATCH (m)-[h:_hypernym]->() WITH m, count(h) > 0 AS typed OPTIONAL MATCH (m)-[d:_derivationally_related_form]-() WITH m, typed, count(d) > 0 AS derived RETURN typed, derived, count(*) AS n",
			"MATCH (m)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) WITH DISTINCT m WITH m, size([(m)-[:_hypernym]->(x) | x]) > 0 AS typed, size([(m)-[:_derivationally_related_form]-(x) | x]) > 0 AS derived RETURN typed, derived, count(*) AS n",
		)},
		// Entities that are a hyponym or an instance of $entity: CALL {
		// UNION }, a type disjunction counted DISTINCT, EXISTS joined by
		// OR, type() in a list, a program.
		{"w-h21-union-hyponyms", "UNION against DISTINCT", WordNet, written(false,
			"CALL { MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN h UNION MATCH (h)-[:_instance_hypernym]->(:Entity {id: $entity}) RETURN h } RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym|_instance_hypernym]->(:Entity {id: $entity}) RETURN count(DISTINCT h) AS n",
			"MATCH (h) WHERE EXISTS { (h)-[:_hypernym]->(:Entity {id: $entity}) } OR EXISTS { (h)-[:_instance_hypernym]->(:Entity {id: $entity}) } RETURN count(h) AS n",
			"MATCH (h)-[r]->(:Entity {id: $entity}) WHERE type(r) IN ['_hypernym', '_instance_hypernym'] RETURN count(DISTINCT h) AS n",
			programForm(union("MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN h"), union("MATCH (h)-[:_instance_hypernym]->(:Entity {id: $entity}) RETURN h")),
		)},
		// Links out of $topic's domain members per family of type: a
		// searched CASE over type() in lists, a simple CASE on type(), the
		// types pre-grouped, a map looked up by type(), a UNION ALL of
		// type disjunctions and their negation.
		{"w-h21-type-families", "type() grouping through CASE", WordNet, written(false,
			"MATCH (m)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) WITH DISTINCT m MATCH (m)-[r]->() RETURN CASE WHEN type(r) IN ['_hypernym', '_instance_hypernym'] THEN 'taxonomy' WHEN type(r) IN ['_has_part', '_member_meronym'] THEN 'part' ELSE 'other' END AS family, count(*) AS n",
			"MATCH (m)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) WITH DISTINCT m MATCH (m)-[r]->() RETURN CASE type(r) WHEN '_hypernym' THEN 'taxonomy' WHEN '_instance_hypernym' THEN 'taxonomy' WHEN '_has_part' THEN 'part' WHEN '_member_meronym' THEN 'part' ELSE 'other' END AS family, count(*) AS n",
			"MATCH (m)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) WITH DISTINCT m MATCH (m)-[r]->() WITH type(r) AS t, count(*) AS c RETURN CASE WHEN t IN ['_hypernym', '_instance_hypernym'] THEN 'taxonomy' WHEN t IN ['_has_part', '_member_meronym'] THEN 'part' ELSE 'other' END AS family, sum(c) AS n",
			"MATCH (m)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) WITH DISTINCT m MATCH (m)-[r]->() RETURN coalesce({_hypernym: 'taxonomy', _instance_hypernym: 'taxonomy', _has_part: 'part', _member_meronym: 'part'}[type(r)], 'other') AS family, count(*) AS n",
			"MATCH (m)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) WITH DISTINCT m CALL (m) { MATCH (m)-[:_hypernym|_instance_hypernym]->() RETURN 'taxonomy' AS family UNION ALL MATCH (m)-[:_has_part|_member_meronym]->() RETURN 'part' AS family UNION ALL MATCH (m)-[:!(_hypernym|_instance_hypernym|_has_part|_member_meronym)]->() RETURN 'other' AS family } RETURN family, count(*) AS n",
		)},
	}
}
