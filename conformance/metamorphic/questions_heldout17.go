package metamorphic

// heldout17Questions are the seventeenth held-out round's kinds, where the
// sixteen earlier rounds were thin: EXISTS { } and COLLECT { } over a
// UNION body (against OR of patterns, sums of counts and a CALL { } of
// the union); the path modes ACYCLIC and TRAIL written as keywords
// against node lists made distinct and explicit hops with inequalities;
// nodes per shortest distance (ANY SHORTEST, SHORTEST 1, shortestPath()
// per pair, the least length of the variable-length paths, CASE of
// EXISTS { } per depth); the second largest distinct value per group
// (an ordered distinct list indexed, reduce() under the maximum, UNWIND
// with a null kept, OPTIONAL MATCH under the maximum, CALL { ... SKIP 1
// LIMIT 1 }); the largest gap between consecutive sorted values; keys
// held by more than one node; boolean grouping keys (EXISTS { },
// comparisons, a UNION ALL of true and false); UNWIND keeping the rows
// of empty lists (a CASE of [null], the list plus [null] when empty);
// each group's share of the total (a first count matched again, the
// groups collected with their sum, COUNT { } and CALL { } of the total);
// weighted means; OPTIONAL MATCH of two patterns at once (all null when
// either fails) against two OPTIONAL MATCH clauses, one path through
// the node and COUNT { } products; integer division and modulo of
// negative numbers (truncation toward zero); left-padded strings; pairs
// and maps as IN keys; paths bound in pattern comprehensions; directions
// read by startNode() and endNode() on undirected patterns; ranges with
// a step; SKIP and LIMIT by constant expressions; walks across MATCH
// clauses (a relationship repeated); aggregates inside map literals;
// integers written as strings (toString(), concatenation, a list of the
// digits indexed).
func heldout17Questions() []Question {
	return []Question{
		// Generic graphs.
		// A nodes with an R link to a B or an S link from a C, per
		// string: EXISTS { } over a UNION (and a UNION ALL of keys, whose
		// null rows are still rows), OR of pattern predicates, a sum of
		// COUNT { }, CALL { } of the union of the nodes, two OPTIONAL
		// MATCH counted.
		{"g-h17-exists-union-body", "EXISTS over a UNION body", Generic, written(false,
			"MATCH (a:A) WHERE EXISTS { MATCH (a)-[:R]->(x:B) RETURN x UNION MATCH (a)<-[:S]-(x:C) RETURN x } RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE (a)-[:R]->(:B) OR (a)<-[:S]-(:C) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE COUNT { (a)-[:R]->(:B) } + COUNT { (a)<-[:S]-(:C) } > 0 RETURN a.s AS s, count(*) AS n",
			"CALL { MATCH (a:A)-[:R]->(:B) RETURN a UNION MATCH (a:A)<-[:S]-(:C) RETURN a } RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(x:B) OPTIONAL MATCH (a)<-[:S]-(y:C) WITH a, count(x) + count(y) AS c WHERE c > 0 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE EXISTS { MATCH (a)-[:R]->(x:B) RETURN x.k AS v UNION ALL MATCH (a)<-[:S]-(y:C) RETURN y.k AS v } RETURN a.s AS s, count(*) AS n",
		)},
		// Per A node, the distinct strings of its R out-neighbours and S
		// in-neighbours and the greatest ('' when none): COLLECT { } of a
		// UNION, the two comprehensions concatenated and unwound with a
		// null, OPTIONAL MATCH of either link, CALL { } of a UNION with a
		// null branch.
		{"g-h17-collect-union-body", "COLLECT over a UNION body", Generic, written(false,
			"MATCH (a:A) WITH a, COLLECT { MATCH (a)-[:R]->(x) WHERE x.s IS NOT NULL RETURN x.s AS v UNION MATCH (a)<-[:S]-(x) WHERE x.s IS NOT NULL RETURN x.s AS v } AS vs RETURN a.id AS id, size(vs) AS n, reduce(m = '', v IN vs | CASE WHEN v > m THEN v ELSE m END) AS top",
			"MATCH (a:A) WITH a, [(a)-[:R]->(x) WHERE x.s IS NOT NULL | x.s] + [(a)<-[:S]-(x) WHERE x.s IS NOT NULL | x.s] AS vs UNWIND vs + [null] AS v WITH a, count(DISTINCT v) AS n, max(v) AS top RETURN a.id AS id, n, coalesce(top, '') AS top",
			"MATCH (a:A) OPTIONAL MATCH (x) WHERE ((a)-[:R]->(x) OR (a)<-[:S]-(x)) AND x.s IS NOT NULL WITH a, count(DISTINCT x.s) AS n, max(x.s) AS top RETURN a.id AS id, n, coalesce(top, '') AS top",
			"MATCH (a:A) CALL { WITH a MATCH (a)-[:R]->(x) RETURN x.s AS v UNION WITH a MATCH (a)<-[:S]-(x) RETURN x.s AS v UNION WITH a RETURN null AS v } WITH a, count(v) AS n, max(v) AS top RETURN a.id AS id, n, coalesce(top, '') AS top",
		)},
		// Per string of the end, the R paths of one to three
		// relationships out of the $a nodes that repeat no node: the
		// ACYCLIC path mode, trails whose node list made distinct keeps
		// its size, a TRAIL path whose nodes are not met again, a UNION ALL
		// of explicit hops with every inequality, the quantified path's
		// group list.
		{"g-h17-acyclic-paths", "path modes ACYCLIC and TRAIL", Generic, written(false,
			"MATCH ACYCLIC ({id: $a})-[:R]->{1,3}(b) RETURN b.s AS s, count(*) AS n",
			"MATCH p = ({id: $a})-[:R*1..3]->(b) WHERE size(reduce(d = [], x IN nodes(p) | CASE WHEN x IN d THEN d ELSE d + x END)) = length(p) + 1 RETURN b.s AS s, count(*) AS n",
			"MATCH p = TRAIL ({id: $a})-[:R]->{1,3}(b) WHERE all(i IN range(0, length(p) - 1) WHERE NOT nodes(p)[i] IN nodes(p)[i + 1..]) RETURN b.s AS s, count(*) AS n",
			"CALL { MATCH (a {id: $a})-[:R]->(b) WHERE b <> a RETURN b UNION ALL MATCH (a {id: $a})-[:R]->(m)-[:R]->(b) WHERE m <> a AND b <> a AND b <> m RETURN b UNION ALL MATCH (a {id: $a})-[:R]->(m)-[:R]->(o)-[:R]->(b) WHERE m <> a AND o <> a AND o <> m AND b <> a AND b <> m AND b <> o RETURN b } RETURN b.s AS s, count(*) AS n",
			"MATCH (a {id: $a}) ((x)-[:R]->(y)){1,3} (b) WHERE NOT a IN y AND all(i IN range(0, size(y) - 1) WHERE NOT y[i] IN y[i + 1..]) RETURN b.s AS s, count(*) AS n",
		)},
		// Nodes per shortest R distance (one to four) from each $a node,
		// the node itself left out: ANY SHORTEST, shortestPath() per pair,
		// the least length of the variable-length paths, SHORTEST 1, the
		// pairs made distinct and their depth found by EXISTS { } per
		// length.
		{"g-h17-distance-layers", "nodes per shortest distance", Generic, written(false,
			"MATCH p = ANY SHORTEST (a {id: $a})-[:R]->{1,4}(b) WHERE b <> a RETURN length(p) AS d, count(*) AS n",
			"MATCH (a {id: $a}), (b) WHERE b <> a MATCH p = shortestPath((a)-[:R*1..4]->(b)) RETURN length(p) AS d, count(*) AS n",
			"MATCH p = (a {id: $a})-[:R*1..4]->(b) WHERE b <> a WITH a, b, min(length(p)) AS d RETURN d, count(*) AS n",
			"MATCH p = SHORTEST 1 (a {id: $a})-[:R]->{1,4}(b) WHERE b <> a RETURN length(p) AS d, count(*) AS n",
			"MATCH (a {id: $a})-[:R*1..4]->(b) WHERE b <> a WITH DISTINCT a, b RETURN CASE WHEN EXISTS { (a)-[:R]->(b) } THEN 1 WHEN EXISTS { (a)-[:R]->()-[:R]->(b) } THEN 2 WHEN EXISTS { (a)-[:R*3]->(b) } THEN 3 ELSE 4 END AS d, count(*) AS n",
		)},
		// Per string of A nodes, the second largest distinct key (null
		// when fewer than two): the distinct keys ordered and indexed,
		// reduce() under the reduced maximum, the keys unwound with a null
		// kept under max(), OPTIONAL MATCH of the nodes under the maximum,
		// CALL { } skipping the first of the ordered distinct keys.
		{"g-h17-second-largest", "the second largest distinct value", Generic, written(false,
			"MATCH (n:A) WHERE n.s IS NOT NULL AND n.k IS NOT NULL WITH DISTINCT n.s AS s, n.k AS k ORDER BY k DESC WITH s, collect(k) AS ks RETURN s, ks[1] AS second",
			"MATCH (n:A) WHERE n.s IS NOT NULL AND n.k IS NOT NULL WITH n.s AS s, collect(n.k) AS ks WITH s, ks, reduce(m = null, x IN ks | CASE WHEN m IS NULL OR x > m THEN x ELSE m END) AS top RETURN s, reduce(m = null, x IN ks | CASE WHEN x < top AND (m IS NULL OR x > m) THEN x ELSE m END) AS second",
			"MATCH (n:A) WHERE n.s IS NOT NULL AND n.k IS NOT NULL WITH n.s AS s, max(n.k) AS top, collect(n.k) AS ks UNWIND ks + [null] AS x WITH s, top, x WHERE x IS NULL OR x < top RETURN s, max(x) AS second",
			"MATCH (n:A) WHERE n.s IS NOT NULL AND n.k IS NOT NULL WITH n.s AS s, max(n.k) AS top OPTIONAL MATCH (m:A) WHERE m.s = s AND m.k < top RETURN s, max(m.k) AS second",
			"MATCH (n:A) WHERE n.s IS NOT NULL AND n.k IS NOT NULL WITH DISTINCT n.s AS s CALL { WITH s MATCH (m:A) WHERE m.s = s AND m.k IS NOT NULL WITH DISTINCT m.k AS k ORDER BY k DESC SKIP 1 LIMIT 1 RETURN collect(k) AS ks } RETURN s, ks[0] AS second",
		)},
		// Per string of A nodes, the largest gap between consecutive
		// distinct keys (null when fewer than two): reduce() over the
		// sorted list, its index range unwound (a [null] for short
		// lists, so the group stays), the least greater key per key by
		// OPTIONAL MATCH, the next key found by reduce() per key.
		{"g-h17-largest-gap", "the largest gap between consecutive values", Generic, written(false,
			"MATCH (n:A) WHERE n.s IS NOT NULL AND n.k IS NOT NULL WITH DISTINCT n.s AS s, n.k AS k ORDER BY k WITH s, collect(k) AS ks RETURN s, reduce(g = null, i IN range(1, size(ks) - 1) | CASE WHEN g IS NULL OR ks[i] - ks[i - 1] > g THEN ks[i] - ks[i - 1] ELSE g END) AS gap",
			"MATCH (n:A) WHERE n.s IS NOT NULL AND n.k IS NOT NULL WITH DISTINCT n.s AS s, n.k AS k ORDER BY k WITH s, collect(k) AS ks UNWIND CASE WHEN size(ks) < 2 THEN [null] ELSE range(1, size(ks) - 1) END AS i RETURN s, max(ks[i] - ks[i - 1]) AS gap",
			"MATCH (n:A) WHERE n.s IS NOT NULL AND n.k IS NOT NULL WITH DISTINCT n.s AS s, n.k AS k OPTIONAL MATCH (m:A) WHERE m.s = s AND m.k > k WITH s, k, min(m.k) AS next RETURN s, max(next - k) AS gap",
			"MATCH (n:A) WHERE n.s IS NOT NULL AND n.k IS NOT NULL WITH n.s AS s, collect(DISTINCT n.k) AS ks UNWIND [x IN ks | reduce(m = null, y IN ks | CASE WHEN y > x AND (m IS NULL OR y < m) THEN y ELSE m END) - x] AS g RETURN s, max(g) AS gap",
		)},
		// Ids held by more than one node and by how many: the ids counted
		// and filtered, EXISTS { } of another node with the id, the pairs
		// made distinct per node, the nodes collected per id, COUNT { } of
		// the nodes with the id.
		{"g-h17-duplicate-keys", "keys held by more than one node", Generic, written(false,
			"MATCH (n) WHERE n.id IS NOT NULL WITH n.id AS id, count(*) AS c WHERE c > 1 RETURN id, c",
			"MATCH (n) WHERE EXISTS { MATCH (m) WHERE m.id = n.id AND m <> n } RETURN n.id AS id, count(*) AS c",
			"MATCH (n), (m) WHERE n.id = m.id AND n <> m WITH DISTINCT n RETURN n.id AS id, count(*) AS c",
			"MATCH (n) WHERE n.id IS NOT NULL WITH n.id AS id, collect(n) AS ns WHERE size(ns) >= 2 RETURN id, size(ns) AS c",
			"MATCH (n) WHERE COUNT { MATCH (m) WHERE m.id = n.id } > 1 RETURN n.id AS id, count(*) AS c",
		)},
		// A nodes per whether they have an R out-link and whether the key
		// is even (null without a key): EXISTS { } and a comparison as
		// keys, COUNT { } > 0 and a CASE keeping the null, an OPTIONAL
		// MATCH count and the halved key doubled, a comprehension's size
		// and IN of the even keys, a UNION ALL of the linked and unlinked.
		{"g-h17-boolean-keys", "boolean grouping keys", Generic, written(false,
			"MATCH (n:A) RETURN EXISTS { (n)-[:R]->() } AS linked, n.k % 2 = 0 AS even, count(*) AS c",
			"MATCH (n:A) RETURN COUNT { (n)-[:R]->() } > 0 AS linked, CASE WHEN n.k IS NULL THEN null ELSE n.k % 2 = 0 END AS even, count(*) AS c",
			"MATCH (n:A) OPTIONAL MATCH (n)-[r:R]->() WITH n, count(r) AS d RETURN d <> 0 AS linked, (n.k / 2) * 2 = n.k AS even, count(*) AS c",
			"MATCH (n:A) WITH n, size([(n)-[:R]->(x) | x]) > 0 AS linked RETURN linked, n.k IN [0, 2, 4] AS even, count(*) AS c",
			"CALL { MATCH (n:A) WHERE (n)-[:R]->() RETURN n, true AS linked UNION ALL MATCH (n:A) WHERE NOT (n)-[:R]->() RETURN n, false AS linked } RETURN linked, n.k % 2 = 0 AS even, count(*) AS c",
		)},
		// Per A id and key of an R out-neighbour, the rows, an A node
		// without one kept with a null key: OPTIONAL MATCH, the keys
		// unwound with [null] for an empty list, the list plus [null] when
		// empty, a UNION ALL of the unlinked nodes, CALL { } of the
		// OPTIONAL MATCH.
		{"g-h17-unwind-keep-empty", "UNWIND keeping the rows of empty lists", Generic, written(false,
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) RETURN a.id AS id, b.k AS k, count(*) AS c",
			"MATCH (a:A) WITH a, [(a)-[:R]->(b) | b.k] AS ks UNWIND CASE WHEN size(ks) = 0 THEN [null] ELSE ks END AS k RETURN a.id AS id, k, count(*) AS c",
			"MATCH (a:A) WITH a, COLLECT { MATCH (a)-[:R]->(b) RETURN b.k AS k } AS ks UNWIND ks + CASE WHEN ks = [] THEN [null] ELSE [] END AS k RETURN a.id AS id, k, count(*) AS c",
			"CALL { MATCH (a:A)-[:R]->(b) RETURN a, b.k AS k UNION ALL MATCH (a:A) WHERE NOT (a)-[:R]->() RETURN a, null AS k } RETURN a.id AS id, k, count(*) AS c",
			"MATCH (a:A) CALL { WITH a OPTIONAL MATCH (a)-[:R]->(b) RETURN b.k AS k } RETURN a.id AS id, k, count(*) AS c",
		)},
		// A nodes per string and their share of all A nodes in percent
		// (integer division): the total counted then the nodes matched
		// again, the groups collected with their sum, the nodes collected
		// and their list's size as a key, COUNT { } of the total, CALL { }
		// of the total.
		{"g-h17-share-of-total", "each group's share of the total", Generic, written(false,
			"MATCH (n:A) WITH count(*) AS total MATCH (n:A) WITH total, n.s AS s, count(*) AS c RETURN s, c, c * 100 / total AS pct",
			"MATCH (n:A) WITH n.s AS s, count(*) AS c WITH collect({s: s, c: c}) AS g, sum(c) AS total UNWIND g AS x RETURN x.s AS s, x.c AS c, x.c * 100 / total AS pct",
			"MATCH (n:A) WITH collect(n) AS ns UNWIND ns AS n WITH n.s AS s, size(ns) AS total, count(*) AS c RETURN s, c, c * 100 / total AS pct",
			"MATCH (n:A) WITH n.s AS s, count(*) AS c RETURN s, c, c * 100 / COUNT { MATCH (m:A) } AS pct",
			"MATCH (n:A) WITH n.s AS s, count(*) AS c CALL { MATCH (m:A) RETURN count(m) AS total } RETURN s, c, c * 100 / total AS pct",
		)},
		// Per A node, the mean key of its R out-neighbours weighted by the
		// relationships' w (both present; nodes of no positive weight
		// left out): sums of products, reduce() over collected pairs,
		// sums skipping the null products by CASE, CALL { } with sign(),
		// a comprehension of pairs.
		{"g-h17-weighted-mean", "weighted means", Generic, written(false,
			"MATCH (a:A)-[r:R]->(b) WHERE r.w IS NOT NULL AND b.k IS NOT NULL WITH a, sum(r.w * b.k) AS t, sum(r.w) AS ws WHERE ws > 0 RETURN a.id AS id, toFloat(t) / ws AS m",
			"MATCH (a:A)-[r:R]->(b) WHERE r.w IS NOT NULL AND b.k IS NOT NULL WITH a, collect([r.w, b.k]) AS p WITH a, reduce(t = 0, x IN p | t + x[0] * x[1]) AS t, reduce(t = 0, x IN p | t + x[0]) AS ws WHERE ws > 0 RETURN a.id AS id, toFloat(t) / ws AS m",
			"MATCH (a:A)-[r:R]->(b) WITH a, sum(r.w * b.k) AS t, sum(CASE WHEN b.k IS NOT NULL THEN r.w END) AS ws WHERE ws > 0 RETURN a.id AS id, toFloat(t) / ws AS m",
			"MATCH (a:A) CALL { WITH a MATCH (a)-[r:R]->(b) RETURN sum(r.w * b.k) AS t, sum(r.w * sign(b.k + 1)) AS ws } WITH a, t, ws WHERE ws > 0 RETURN a.id AS id, toFloat(t) / ws AS m",
			"MATCH (a:A) WITH a, [(a)-[r:R]->(b) WHERE r.w IS NOT NULL AND b.k IS NOT NULL | [r.w, b.k]] AS p WITH a, reduce(t = 0, x IN p | t + x[0] * x[1]) AS t, reduce(t = 0, x IN p | t + x[0]) AS ws WHERE ws > 0 RETURN a.id AS id, toFloat(t) / ws AS m",
		)},
		// Per A node, the rows of an OPTIONAL MATCH of an R out-link and
		// an S in-link at once (none unless both exist) and its distinct
		// S in-neighbours: the two patterns in one OPTIONAL MATCH, the
		// COUNT { } product, two OPTIONAL MATCH clauses counted only where
		// both matched, one path through the node, CALL { }.
		{"g-h17-optional-two-patterns", "OPTIONAL MATCH of two patterns at once", Generic, written(false,
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b), (a)<-[:S]-(c) WITH a, count(b) AS nb, count(DISTINCT c) AS nc RETURN a.id AS id, nb, nc",
			"MATCH (a:A) WITH a, COUNT { (a)-[:R]->() } AS r, COUNT { (a)<-[:S]-() } AS s RETURN a.id AS id, r * s AS nb, CASE WHEN r = 0 THEN 0 ELSE COUNT { MATCH (a)<-[:S]-(c) RETURN DISTINCT c } END AS nc",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) OPTIONAL MATCH (a)<-[:S]-(c) WITH a, count(CASE WHEN c IS NOT NULL THEN b END) AS nb, count(DISTINCT CASE WHEN b IS NOT NULL THEN c END) AS nc RETURN a.id AS id, nb, nc",
			"MATCH (a:A) OPTIONAL MATCH (c)-[:S]->(a)-[:R]->(b) WITH a, count(b) AS nb, count(DISTINCT c) AS nc RETURN a.id AS id, nb, nc",
			"MATCH (a:A) CALL { WITH a OPTIONAL MATCH (a)-[:R]->(b), (a)<-[:S]-(c) RETURN count(b) AS nb, count(DISTINCT c) AS nc } RETURN a.id AS id, nb, nc",
		)},
		// A nodes per quotient and remainder of the key less two by two
		// (truncated toward zero, the remainder taking the dividend's
		// sign): the operators, toInteger() of the float quotient,
		// sign() times the quotient of the absolute value, a CASE on the
		// sign, the remainder as the dividend less the product.
		{"g-h17-negative-division", "integer division and modulo of negative numbers", Generic, written(false,
			"MATCH (n:A) RETURN (n.k - 2) / 2 AS q, (n.k - 2) % 2 AS r, count(*) AS c",
			"MATCH (n:A) RETURN toInteger((n.k - 2) / 2.0) AS q, (n.k - 2) - 2 * toInteger((n.k - 2) / 2.0) AS r, count(*) AS c",
			"MATCH (n:A) RETURN sign(n.k - 2) * (abs(n.k - 2) / 2) AS q, sign(n.k - 2) * (abs(n.k - 2) % 2) AS r, count(*) AS c",
			"MATCH (n:A) RETURN CASE WHEN n.k < 2 THEN -((2 - n.k) / 2) ELSE (n.k - 2) / 2 END AS q, CASE WHEN n.k < 2 THEN -((2 - n.k) % 2) ELSE (n.k - 2) % 2 END AS r, count(*) AS c",
			"MATCH (n:A) WITH n.k - 2 AS x RETURN x / 2 AS q, x - x / 2 * 2 AS r, count(*) AS c",
		)},
		// Per string of A nodes, the least and greatest id written with
		// three digits and the distinct such strings (ids are below
		// 1000): right() of zeros prepended, substring() of the zeros
		// missing, a CASE on the magnitude, reduce() prepending zeros,
		// the sorted ids' ends padded.
		{"g-h17-padded-ids", "left-padded strings", Generic, written(false,
			"MATCH (n:A) RETURN n.s AS s, min(right('000' + toString(n.id), 3)) AS lo, max(right('000' + toString(n.id), 3)) AS hi, count(DISTINCT right('000' + toString(n.id), 3)) AS d",
			"MATCH (n:A) WITH n.s AS s, toString(n.id) AS t WITH s, substring('000', 0, coalesce(3 - size(t), 0)) + t AS p RETURN s, min(p) AS lo, max(p) AS hi, count(DISTINCT p) AS d",
			"MATCH (n:A) WITH n.s AS s, n.id AS id WITH s, CASE WHEN id IS NULL THEN null WHEN id < 10 THEN '00' + id WHEN id < 100 THEN '0' + id ELSE toString(id) END AS p RETURN s, min(p) AS lo, max(p) AS hi, count(DISTINCT p) AS d",
			"MATCH (n:A) WITH n.s AS s, toString(n.id) AS t WITH s, t, reduce(x = t, i IN range(1, coalesce(3 - size(t), 0)) | '0' + x) AS p RETURN s, min(p) AS lo, max(p) AS hi, count(DISTINCT p) AS d",
			"MATCH (n:A) WITH n.s AS s, n.id AS id ORDER BY id WITH s, collect(id) AS ids RETURN s, right('000' + toString(head(ids)), 3) AS lo, right('000' + toString(last(ids)), 3) AS hi, size(reduce(d = [], x IN ids | CASE WHEN x IN d THEN d ELSE d + x END)) AS d",
		)},
		// R links from A nodes whose keys step up by one, per string: the
		// pair of keys IN a list of pairs, the arithmetic, OR of
		// conjunctions, the pairs unwound into inline maps, any() of an
		// equal pair, a map IN a list of maps.
		{"g-h17-pairs-in-lists", "pairs and maps as IN keys", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WHERE [a.k, b.k] IN [[0, 1], [1, 2], [2, 3], [3, 4]] RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE b.k = a.k + 1 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE (a.k = 0 AND b.k = 1) OR (a.k = 1 AND b.k = 2) OR (a.k = 2 AND b.k = 3) OR (a.k = 3 AND b.k = 4) RETURN a.s AS s, count(*) AS n",
			"UNWIND [[0, 1], [1, 2], [2, 3], [3, 4]] AS p MATCH (a:A {k: p[0]})-[:R]->(b {k: p[1]}) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE any(p IN [[0, 1], [1, 2], [2, 3], [3, 4]] WHERE p = [a.k, b.k]) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE {x: a.k, y: b.k} IN [{x: 0, y: 1}, {x: 1, y: 2}, {x: 2, y: 3}, {x: 3, y: 4}] RETURN a.s AS s, count(*) AS n",
		)},
		// Per A node, the summed lengths of its R paths of one and two
		// relationships: a pattern comprehension binding the path, COUNT
		// { } of each length weighted, OPTIONAL MATCH of the path summed,
		// comprehensions of paths per length, the relationship lists'
		// sizes.
		{"g-h17-path-comprehension", "paths bound in pattern comprehensions", Generic, written(false,
			"MATCH (a:A) RETURN a.id AS id, reduce(t = 0, l IN [p = (a)-[:R*1..2]->() | length(p)] | t + l) AS total",
			"MATCH (a:A) RETURN a.id AS id, COUNT { (a)-[:R]->() } + 2 * COUNT { (a)-[:R]->()-[:R]->() } AS total",
			"MATCH (a:A) OPTIONAL MATCH p = (a)-[:R*1..2]->() WITH a, sum(length(p)) AS total RETURN a.id AS id, total",
			"MATCH (a:A) RETURN a.id AS id, size([p = (a)-[:R]->() | p]) + 2 * size([p = (a)-[:R]->()-[:R]->() | p]) AS total",
			"MATCH (a:A) RETURN a.id AS id, reduce(t = 0, rs IN [(a)-[rs:R*1..2]->() | rs] | t + size(rs)) AS total",
		)},
		// Per A node, its R out- and in-relationships (a self-loop is
		// both): COUNT { } of each direction, an undirected OPTIONAL MATCH
		// counted by startNode() and endNode(), comprehensions and COUNT
		// { } of the undirected pattern filtered so, CALL { } of sums.
		{"g-h17-start-end-nodes", "directions read by startNode() and endNode()", Generic, written(false,
			"MATCH (a:A) RETURN a.id AS id, COUNT { (a)-[:R]->() } AS outs, COUNT { (a)<-[:R]-() } AS ins",
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:R]-() WITH a, count(CASE WHEN startNode(r) = a THEN r END) AS outs, count(CASE WHEN endNode(r) = a THEN r END) AS ins RETURN a.id AS id, outs, ins",
			"MATCH (a:A) RETURN a.id AS id, size([(a)-[r:R]-() WHERE startNode(r) = a | r]) AS outs, size([(a)-[r:R]-() WHERE endNode(r) = a | r]) AS ins",
			"MATCH (a:A) RETURN a.id AS id, COUNT { MATCH (a)-[r:R]-(b) WHERE startNode(r) = a } AS outs, COUNT { MATCH (a)-[r:R]-(b) WHERE endNode(r) = a } AS ins",
			"MATCH (a:A) CALL { WITH a OPTIONAL MATCH (a)-[r:R]-(b) RETURN sum(CASE WHEN startNode(r) = a THEN 1 ELSE 0 END) AS outs, sum(CASE WHEN endNode(r) = a THEN 1 ELSE 0 END) AS ins } RETURN a.id AS id, outs, ins",
		)},
		// A nodes of even key (keys are 0 to 4), per string: IN of a
		// range with a step, the remainder, a descending range, the range
		// unwound into an inline map, a filtered range, any() over the
		// doubled keys.
		{"g-h17-stepped-ranges", "ranges with a step", Generic, written(false,
			"MATCH (n:A) WHERE n.k IN range(0, 4, 2) RETURN n.s AS s, count(*) AS c",
			"MATCH (n:A) WHERE n.k % 2 = 0 RETURN n.s AS s, count(*) AS c",
			"MATCH (n:A) WHERE n.k IN range(4, 0, -2) RETURN n.s AS s, count(*) AS c",
			"UNWIND range(0, 4, 2) AS k MATCH (n:A {k: k}) RETURN n.s AS s, count(*) AS c",
			"MATCH (n:A) WHERE n.k IN [x IN range(0, 4) WHERE x % 2 = 0] RETURN n.s AS s, count(*) AS c",
			"MATCH (n:A) WHERE any(x IN range(0, 8, 4) WHERE n.k * 2 = x) RETURN n.s AS s, count(*) AS c",
		)},
		// The third to fifth A nodes by key then id (nulls last; only the
		// sort keys returned, so ties give equal rows): SKIP and LIMIT,
		// constant expressions as SKIP and LIMIT, the ordered pairs
		// collected and sliced, SKIP in a WITH and LIMIT after a second
		// ORDER BY, both in a WITH.
		{"g-h17-skip-limit-expressions", "SKIP and LIMIT by expressions", Generic, written(true,
			"MATCH (n:A) RETURN n.k AS k, n.id AS id ORDER BY k, id SKIP 2 LIMIT 3",
			"MATCH (n:A) RETURN n.k AS k, n.id AS id ORDER BY k, id SKIP 1 + 1 LIMIT toInteger(3.0)",
			"MATCH (n:A) WITH n.k AS k, n.id AS id ORDER BY k, id WITH collect([k, id]) AS rows UNWIND rows[2..5] AS r RETURN r[0] AS k, r[1] AS id",
			"MATCH (n:A) WITH n ORDER BY n.k, n.id SKIP size([1, 2]) RETURN n.k AS k, n.id AS id ORDER BY k, id LIMIT 3",
			"MATCH (n:A) WITH n.k AS k, n.id AS id ORDER BY k, id SKIP 2 LIMIT 3 RETURN k, id ORDER BY k, id",
		)},
		// Walks of two R relationships out of the $a nodes, a relationship
		// allowed twice (across MATCH clauses; only a self-loop on the
		// start repeats): two MATCH clauses, the middle nodes' degrees
		// summed, the trails plus the start's self-loops, a WITH between
		// the hops, OPTIONAL MATCH of the second hop counted.
		{"g-h17-walks-across-clauses", "walks across MATCH clauses", Generic, written(false,
			"MATCH ({id: $a})-[r1:R]->(m) MATCH (m)-[r2:R]->(c) RETURN count(*) AS n",
			"MATCH ({id: $a})-[:R]->(m) RETURN sum(COUNT { (m)-[:R]->() }) AS n",
			"MATCH ({id: $a})-[:R]->()-[:R]->(c) WITH count(*) AS t RETURN t + COUNT { MATCH (x {id: $a})-[:R]->(x) } AS n",
			"MATCH ({id: $a})-[r1:R]->(m) WITH m MATCH (m)-[r2:R]->(c) RETURN count(*) AS n",
			"MATCH ({id: $a})-[:R]->(m) OPTIONAL MATCH (m)-[q:R]->() RETURN count(q) AS n",
		)},
		// Per string of A nodes, a map of the count, the sum and the
		// greatest key: aggregates inside the map literal, the map built
		// after a WITH (keys in another order), reduce() over collected
		// keys, reduce() over collected map projections.
		{"g-h17-map-aggregates", "aggregates inside map literals", Generic, written(false,
			"MATCH (n:A) RETURN n.s AS s, {c: count(*), t: sum(n.k), hi: max(n.k)} AS m",
			"MATCH (n:A) WITH n.s AS s, count(*) AS c, sum(n.k) AS t, max(n.k) AS hi RETURN s, {hi: hi, c: c, t: t} AS m",
			"MATCH (n:A) WITH n.s AS s, collect(n.k) AS ks, count(*) AS c RETURN s, {c: c, t: reduce(x = 0, k IN ks | x + k), hi: reduce(h = null, k IN ks | CASE WHEN h IS NULL OR k > h THEN k ELSE h END)} AS m",
			"MATCH (n:A) WITH n.s AS s, collect(n {.k}) AS ms RETURN s, {c: size(ms), t: reduce(x = 0, y IN ms | x + coalesce(y.k, 0)), hi: reduce(h = null, y IN ms | CASE WHEN h IS NULL OR y.k > h THEN y.k ELSE h END)} AS m",
		)},

		// Per key written as a string, the A nodes: toString(), the
		// empty string plus the key, one character of the digits, a list
		// of the digits indexed, the keys grouped first then written,
		// toStringOrNull().
		{"g-h17-integer-strings", "integers written as strings", Generic, written(false,
			"MATCH (n:A) RETURN toString(n.k) AS k, count(*) AS c",
			"MATCH (n:A) RETURN CASE WHEN n.k IS NULL THEN null ELSE '' + n.k END AS k, count(*) AS c",
			"MATCH (n:A) RETURN CASE WHEN n.k IS NULL THEN null ELSE substring('01234', n.k, 1) END AS k, count(*) AS c",
			"MATCH (n:A) RETURN ['0', '1', '2', '3', '4'][n.k] AS k, count(*) AS c",
			"MATCH (n:A) WITH n.k AS k, count(*) AS c RETURN toString(k) AS k, c",
			"MATCH (n:A) RETURN toStringOrNull(n.k) AS k, count(*) AS c",
		)},

		// Users schema.
		// The hub's out-neighbours linked to or from a user of id below
		// 100: EXISTS { } over a UNION, two EXISTS { } or'ed, an
		// undirected EXISTS { }, a sum of COUNT { }, CALL { } of a UNION
		// of one row per branch.
		{"u-h17-exists-union-body", "EXISTS over a UNION body", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WHERE EXISTS { MATCH (v)-->(w) WHERE w.id < 100 RETURN w UNION MATCH (v)<--(w) WHERE w.id < 100 RETURN w } RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE EXISTS { (v)-->(w) WHERE w.id < 100 } OR EXISTS { (v)<--(w) WHERE w.id < 100 } RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE EXISTS { (v)--(w) WHERE w.id < 100 } RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-[e]->(v) WHERE COUNT { (v)-->(w) WHERE w.id < 100 } + COUNT { (v)<--(w) WHERE w.id < 100 } > 0 RETURN count(e) AS n",
			"MATCH (:User {id: $hub})-[e]->(v) CALL { WITH v MATCH (v)-->(w) WHERE w.id < 100 RETURN 1 AS one LIMIT 1 UNION WITH v MATCH (v)<--(w) WHERE w.id < 100 RETURN 1 AS one LIMIT 1 } RETURN count(e) AS n",
		)},
		// Users per shortest distance (one or two) from the hub: ANY
		// SHORTEST, the least length of the variable-length paths,
		// SHORTEST 1, the first ring collected and the second less it,
		// the pairs made distinct and their depth by a pattern.
		{"u-h17-distance-layers", "nodes per shortest distance", Users, written(false,
			"MATCH p = ANY SHORTEST (h:User {id: $hub})-->{1,2}(b) WHERE b <> h RETURN length(p) AS d, count(*) AS n",
			"MATCH p = (h:User {id: $hub})-[*1..2]->(b) WHERE b <> h WITH h, b, min(length(p)) AS d RETURN d, count(*) AS n",
			"MATCH p = SHORTEST 1 (h:User {id: $hub})-->{1,2}(b) WHERE b <> h RETURN length(p) AS d, count(*) AS n",
			"MATCH (h:User {id: $hub}) OPTIONAL MATCH (h)-->(x) WITH h, collect(x) AS ones CALL { WITH h, ones UNWIND ones AS b WITH h, b WHERE b <> h WITH DISTINCT b RETURN 1 AS d, count(*) AS n UNION ALL WITH h, ones MATCH (h)-->()-->(b) WHERE b <> h AND NOT b IN ones WITH DISTINCT b RETURN 2 AS d, count(*) AS n } WITH d, n WHERE n > 0 RETURN d, n",
			"MATCH (h:User {id: $hub})-[*1..2]->(b) WHERE b <> h WITH DISTINCT h, b RETURN CASE WHEN EXISTS { (h)-->(b) } THEN 1 ELSE 2 END AS d, count(*) AS n",
		)},
		// Paths of two links out of the hub that repeat no user: the
		// ACYCLIC path mode, explicit hops with the three inequalities,
		// a fixed-length path whose distinct nodes are three, the middle
		// users' degrees less the links back, OPTIONAL MATCH counted.
		{"u-h17-acyclic-paths", "path modes ACYCLIC and TRAIL", Users, written(false,
			"MATCH ACYCLIC (:User {id: $hub})-->{2}(c) RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(m)-->(c) WHERE m <> h AND c <> h AND c <> m RETURN count(*) AS n",
			"MATCH p = (:User {id: $hub})-[*2]->(c) WHERE size(reduce(d = [], x IN nodes(p) | CASE WHEN x IN d THEN d ELSE d + x END)) = 3 RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(m) WHERE m <> h RETURN sum(COUNT { (m)-->(c) WHERE c <> h AND c <> m }) AS n",
			"MATCH (h:User {id: $hub})-->(m) WHERE m <> h OPTIONAL MATCH (m)-->(c) WHERE c <> h AND c <> m RETURN count(c) AS n",
		)},
		// The largest gap between consecutive ids of the hub's
		// out-neighbours: reduce() over the sorted ids, their index range
		// unwound, the least greater id per neighbour by OPTIONAL MATCH,
		// the next id per id by reduce().
		{"u-h17-largest-gap", "the largest gap between consecutive values", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v.id AS x ORDER BY x WITH collect(x) AS xs RETURN reduce(g = null, i IN range(1, size(xs) - 1) | CASE WHEN g IS NULL OR xs[i] - xs[i - 1] > g THEN xs[i] - xs[i - 1] ELSE g END) AS gap",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v.id AS x ORDER BY x WITH collect(x) AS xs UNWIND CASE WHEN size(xs) < 2 THEN [null] ELSE range(1, size(xs) - 1) END AS i RETURN max(xs[i] - xs[i - 1]) AS gap",
			"MATCH (h:User {id: $hub})-->(v) WITH DISTINCT h, v OPTIONAL MATCH (h)-->(w) WHERE w.id > v.id WITH v, min(w.id) AS next RETURN max(next - v.id) AS gap",
			"MATCH (:User {id: $hub})-->(v) WITH collect(DISTINCT v.id) AS xs UNWIND xs + [null] AS x WITH x, reduce(m = null, y IN xs | CASE WHEN y > x AND (m IS NULL OR y < m) THEN y ELSE m END) AS next RETURN max(next - x) AS gap",
		)},
		// The hub's out-neighbours per thousand of id and their share of
		// all in percent: the total counted then matched again, the
		// groups collected with their sum, the hub's COUNT { } as the
		// total, CALL { } of the total.
		{"u-h17-share-of-total", "each group's share of the total", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH count(*) AS total MATCH (:User {id: $hub})-->(v) WITH total, v.id / 1000 AS b, count(*) AS c RETURN b, c, c * 100 / total AS pct",
			"MATCH (:User {id: $hub})-->(v) WITH v.id / 1000 AS b, count(*) AS c WITH collect({b: b, c: c}) AS g, sum(c) AS total UNWIND g AS x RETURN x.b AS b, x.c AS c, x.c * 100 / total AS pct",
			"MATCH (h:User {id: $hub}) WITH h, COUNT { (h)-->() } AS total MATCH (h)-->(v) WITH total, v.id / 1000 AS b, count(*) AS c RETURN b, c, c * 100 / total AS pct",
			"MATCH (:User {id: $hub})-->(v) WITH v.id / 1000 AS b, count(*) AS c CALL { MATCH (:User {id: $hub})-->(w) RETURN count(w) AS total } RETURN b, c, c * 100 / total AS pct",
		)},

		// Walks of two links out of the hub, a link allowed twice (across
		// MATCH clauses): two MATCH clauses, the middle users' degrees
		// summed, the trails plus the hub's self-loops, a WITH between the
		// hops, OPTIONAL MATCH of the second hop counted.
		{"u-h17-walks-across-clauses", "walks across MATCH clauses", Users, written(false,
			"MATCH (:User {id: $hub})-[r1]->(m) MATCH (m)-[r2]->(c) RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(m) RETURN sum(COUNT { (m)-->() }) AS n",
			"MATCH (:User {id: $hub})-->()-->(c) WITH count(*) AS t RETURN t + COUNT { MATCH (x:User {id: $hub})-->(x) } AS n",
			"MATCH (:User {id: $hub})-->(m) WITH m MATCH (m)-->(c) RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(m) OPTIONAL MATCH (m)-[q]->() RETURN count(q) AS n",
		)},

		// Movies schema.
		// Persons who acted in or directed a movie released before 1980:
		// EXISTS { } over a UNION, a type disjunction, CALL { } of the
		// union of persons, an OR of type predicates counted DISTINCT, two
		// COUNT { } or'ed.
		{"m-h17-exists-union-body", "EXISTS over a UNION body", Movies, written(false,
			"MATCH (p:Person) WHERE EXISTS { MATCH (p)-[:ACTED_IN]->(m:Movie) WHERE m.released < 1980 RETURN m UNION MATCH (p)-[:DIRECTED]->(m:Movie) WHERE m.released < 1980 RETURN m } RETURN count(*) AS n",
			"MATCH (p:Person) WHERE EXISTS { (p)-[:ACTED_IN|DIRECTED]->(m:Movie) WHERE m.released < 1980 } RETURN count(*) AS n",
			"CALL { MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE m.released < 1980 RETURN p UNION MATCH (p:Person)-[:DIRECTED]->(m:Movie) WHERE m.released < 1980 RETURN p } RETURN count(*) AS n",
			"MATCH (p:Person)-[r]->(m:Movie) WHERE (r:ACTED_IN OR r:DIRECTED) AND m.released < 1980 RETURN count(DISTINCT p) AS n",
			"MATCH (p:Person) WHERE COUNT { (p)-[:ACTED_IN]->(m:Movie) WHERE m.released < 1980 } > 0 OR COUNT { (p)-[:DIRECTED]->(m:Movie) WHERE m.released < 1980 } > 0 RETURN count(*) AS n",
		)},
		// Per person born after 1965, the rows of an OPTIONAL MATCH of an
		// acted and a directed movie at once and the distinct directed
		// movies where both exist: one OPTIONAL MATCH of two patterns,
		// COUNT { } products, two OPTIONAL MATCH counted where both
		// matched, one path through the person, CALL { }.
		{"m-h17-optional-two-patterns", "OPTIONAL MATCH of two patterns at once", Movies, written(false,
			"MATCH (p:Person) WHERE p.born > 1965 OPTIONAL MATCH (p)-[:ACTED_IN]->(a:Movie), (p)-[:DIRECTED]->(d:Movie) WITH p, count(a) AS rows, count(DISTINCT d) AS directed RETURN p.name AS name, rows, directed",
			"MATCH (p:Person) WHERE p.born > 1965 WITH p, COUNT { (p)-[:ACTED_IN]->(:Movie) } AS a, COUNT { (p)-[:DIRECTED]->(:Movie) } AS d RETURN p.name AS name, a * d AS rows, CASE WHEN a = 0 THEN 0 ELSE COUNT { MATCH (p)-[:DIRECTED]->(x:Movie) RETURN DISTINCT x } END AS directed",
			"MATCH (p:Person) WHERE p.born > 1965 OPTIONAL MATCH (p)-[:ACTED_IN]->(a:Movie) OPTIONAL MATCH (p)-[:DIRECTED]->(d:Movie) WITH p, count(CASE WHEN d IS NOT NULL THEN a END) AS rows, count(DISTINCT CASE WHEN a IS NOT NULL THEN d END) AS directed RETURN p.name AS name, rows, directed",
			"MATCH (p:Person) WHERE p.born > 1965 OPTIONAL MATCH (a:Movie)<-[:ACTED_IN]-(p)-[:DIRECTED]->(d:Movie) WITH p, count(a) AS rows, count(DISTINCT d) AS directed RETURN p.name AS name, rows, directed",
			"MATCH (p:Person) WHERE p.born > 1965 CALL { WITH p OPTIONAL MATCH (p)-[:ACTED_IN]->(a:Movie), (p)-[:DIRECTED]->(d:Movie) RETURN count(a) AS rows, count(DISTINCT d) AS directed } RETURN p.name AS name, rows, directed",
		)},
		// Per movie of the person, the second latest distinct birth year
		// of its actors (the person among them; movies of no actor with a
		// year left out): the ordered distinct years indexed, OPTIONAL
		// MATCH under the maximum, reduce() over a comprehension, CALL { }
		// skipping the first.
		{"m-h17-second-largest", "the second largest distinct value", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) MATCH (m)<-[:ACTED_IN]-(c:Person) WHERE c.born IS NOT NULL WITH DISTINCT m, c.born AS b ORDER BY b DESC WITH m, collect(b) AS bs RETURN m.title AS title, bs[1] AS second",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) MATCH (m)<-[:ACTED_IN]-(c:Person) WHERE c.born IS NOT NULL WITH m, max(c.born) AS top OPTIONAL MATCH (m)<-[:ACTED_IN]-(d:Person) WHERE d.born < top RETURN m.title AS title, max(d.born) AS second",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH m, [(m)<-[:ACTED_IN]-(c:Person) WHERE c.born IS NOT NULL | c.born] AS bs WHERE size(bs) > 0 WITH m, bs, reduce(t = null, b IN bs | CASE WHEN t IS NULL OR b > t THEN b ELSE t END) AS top RETURN m.title AS title, reduce(s = null, b IN bs | CASE WHEN b < top AND (s IS NULL OR b > s) THEN b ELSE s END) AS second",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WHERE EXISTS { (m)<-[:ACTED_IN]-(c:Person) WHERE c.born IS NOT NULL } CALL { WITH m MATCH (m)<-[:ACTED_IN]-(c:Person) WHERE c.born IS NOT NULL WITH DISTINCT c.born AS b ORDER BY b DESC SKIP 1 LIMIT 1 RETURN collect(b) AS bs } RETURN m.title AS title, bs[0] AS second",
		)},
		// Per reviewer, the release year of the reviewed movies weighted
		// by the rating (both present), rounded: sums of products,
		// reduce() over collected pairs, a comprehension of pairs, CALL {
		// } of the sums.
		{"m-h17-weighted-mean", "weighted means", Movies, written(false,
			"MATCH (p:Person)-[r:REVIEWED]->(m:Movie) WHERE r.rating IS NOT NULL AND m.released IS NOT NULL WITH p, sum(r.rating * m.released) AS t, sum(r.rating) AS w WHERE w > 0 RETURN p.name AS name, round(toFloat(t) / w, 6) AS y",
			"MATCH (p:Person)-[r:REVIEWED]->(m:Movie) WHERE r.rating IS NOT NULL AND m.released IS NOT NULL WITH p, collect([r.rating, m.released]) AS xs WITH p, reduce(t = 0, x IN xs | t + x[0] * x[1]) AS t, reduce(t = 0, x IN xs | t + x[0]) AS w WHERE w > 0 RETURN p.name AS name, round(toFloat(t) / w, 6) AS y",
			"MATCH (p:Person) WITH p, [(p)-[r:REVIEWED]->(m:Movie) WHERE r.rating IS NOT NULL AND m.released IS NOT NULL | [r.rating, m.released]] AS xs WITH p, reduce(t = 0, x IN xs | t + x[0] * x[1]) AS t, reduce(t = 0, x IN xs | t + x[0]) AS w WHERE w > 0 RETURN p.name AS name, round(toFloat(t) / w, 6) AS y",
			"MATCH (p:Person) CALL { WITH p MATCH (p)-[r:REVIEWED]->(m:Movie) WHERE r.rating IS NOT NULL AND m.released IS NOT NULL RETURN sum(r.rating * m.released) AS t, sum(r.rating) AS w } WITH p, t, w WHERE w > 0 RETURN p.name AS name, round(toFloat(t) / w, 6) AS y",
		)},
		// Persons per whether they directed a movie and whether they were
		// born before 1960 (null without a year): EXISTS { } and a
		// comparison as keys, COUNT { } > 0 and a CASE keeping the null,
		// an OPTIONAL MATCH count and NOT of the complement, a UNION ALL
		// of directors and the others.
		{"m-h17-boolean-keys", "boolean grouping keys", Movies, written(false,
			"MATCH (p:Person) RETURN EXISTS { (p)-[:DIRECTED]->() } AS director, p.born < 1960 AS old, count(*) AS n",
			"MATCH (p:Person) RETURN COUNT { (p)-[:DIRECTED]->() } > 0 AS director, CASE WHEN p.born IS NULL THEN null ELSE p.born < 1960 END AS old, count(*) AS n",
			"MATCH (p:Person) OPTIONAL MATCH (p)-[d:DIRECTED]->() WITH p, count(d) AS k RETURN k > 0 AS director, NOT p.born >= 1960 AS old, count(*) AS n",
			"CALL { MATCH (p:Person) WHERE (p)-[:DIRECTED]->() RETURN p, true AS director UNION ALL MATCH (p:Person) WHERE NOT (p)-[:DIRECTED]->() RETURN p, false AS director } RETURN director, p.born < 1960 AS old, count(*) AS n",
		)},
		// Persons per decade of birth relative to 1970, truncated toward
		// zero: integer division, toInteger() of the float quotient,
		// sign() times the quotient of the absolute value, a CASE on the
		// sign.
		{"m-h17-negative-division", "integer division and modulo of negative numbers", Movies, written(false,
			"MATCH (p:Person) RETURN (p.born - 1970) / 10 AS q, (p.born - 1970) % 10 AS r, count(*) AS n",
			"MATCH (p:Person) RETURN toInteger((p.born - 1970) / 10.0) AS q, (p.born - 1970) - 10 * toInteger((p.born - 1970) / 10.0) AS r, count(*) AS n",
			"MATCH (p:Person) RETURN sign(p.born - 1970) * (abs(p.born - 1970) / 10) AS q, sign(p.born - 1970) * (abs(p.born - 1970) % 10) AS r, count(*) AS n",
			"MATCH (p:Person) WITH p.born - 1970 AS x RETURN CASE WHEN x < 0 THEN -(-x / 10) ELSE x / 10 END AS q, CASE WHEN x < 0 THEN -(-x % 10) ELSE x % 10 END AS r, count(*) AS n",
		)},

		// Northwind.
		// Per category, the ordered unit price weighted by quantity,
		// rounded: sums of the products, reduce() over collected pairs,
		// CALL { } of the sums, per-product sums summed again.
		{"n-h17-weighted-mean", "weighted means", Northwind, written(false,
			"MATCH (:Order)-[l:ORDERS]->(:Product)-[:PART_OF]->(c:Category) WITH c, sum(l.unitPrice * l.quantity) AS t, sum(l.quantity) AS q RETURN c.categoryName AS cat, round(t / q, 6) AS m",
			"MATCH (:Order)-[l:ORDERS]->(:Product)-[:PART_OF]->(c:Category) WITH c, collect([l.unitPrice, l.quantity]) AS xs RETURN c.categoryName AS cat, round(reduce(t = 0.0, x IN xs | t + x[0] * x[1]) / reduce(t = 0, x IN xs | t + x[1]), 6) AS m",
			"MATCH (c:Category) CALL { WITH c MATCH (:Order)-[l:ORDERS]->(:Product)-[:PART_OF]->(c) RETURN sum(l.unitPrice * l.quantity) AS t, sum(l.quantity) AS q } WITH c, t, q WHERE q > 0 RETURN c.categoryName AS cat, round(t / q, 6) AS m",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) MATCH (:Order)-[l:ORDERS]->(p) WITH c, p, sum(l.unitPrice * l.quantity) AS t, sum(l.quantity) AS q WITH c, sum(t) AS t, sum(q) AS q RETURN c.categoryName AS cat, round(t / q, 6) AS m",
		)},
		// Orders per ship country and their share of all orders in
		// percent: the total counted then matched again, the groups
		// collected with their sum, COUNT { } of the total, the orders
		// collected and unwound with their count as a key, CALL { }.
		{"n-h17-share-of-total", "each group's share of the total", Northwind, written(false,
			"MATCH (o:Order) WITH count(*) AS total MATCH (o:Order) WITH total, o.shipCountry AS country, count(*) AS c RETURN country, c, c * 100 / total AS pct",
			"MATCH (o:Order) WITH o.shipCountry AS country, count(*) AS c WITH collect({country: country, c: c}) AS g, sum(c) AS total UNWIND g AS x RETURN x.country AS country, x.c AS c, x.c * 100 / total AS pct",
			"MATCH (o:Order) WITH o.shipCountry AS country, count(*) AS c RETURN country, c, c * 100 / COUNT { MATCH (:Order) } AS pct",
			"MATCH (o:Order) WITH collect(o) AS os, count(*) AS total UNWIND os AS o WITH o.shipCountry AS country, total, count(*) AS c RETURN country, c, c * 100 / total AS pct",
			"MATCH (o:Order) WITH o.shipCountry AS country, count(*) AS c CALL { MATCH (x:Order) RETURN count(x) AS total } RETURN country, c, c * 100 / total AS pct",
		)},
		// Per category, the second highest distinct product price: the
		// ordered distinct prices indexed, OPTIONAL MATCH under the
		// maximum, reduce() under the reduced maximum, CALL { } skipping
		// the first.
		{"n-h17-second-largest", "the second largest distinct value", Northwind, written(false,
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WITH DISTINCT c, p.unitPrice AS x ORDER BY x DESC WITH c, collect(x) AS xs RETURN c.categoryName AS cat, xs[1] AS second",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WITH c, max(p.unitPrice) AS top OPTIONAL MATCH (q:Product)-[:PART_OF]->(c) WHERE q.unitPrice < top RETURN c.categoryName AS cat, max(q.unitPrice) AS second",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WITH c, collect(p.unitPrice) AS xs WITH c, xs, reduce(t = null, x IN xs | CASE WHEN t IS NULL OR x > t THEN x ELSE t END) AS top RETURN c.categoryName AS cat, reduce(s = null, x IN xs | CASE WHEN x < top AND (s IS NULL OR x > s) THEN x ELSE s END) AS second",
			"MATCH (c:Category) WHERE EXISTS { (:Product)-[:PART_OF]->(c) } CALL { WITH c MATCH (p:Product)-[:PART_OF]->(c) WHERE p.unitPrice IS NOT NULL WITH DISTINCT p.unitPrice AS x ORDER BY x DESC SKIP 1 LIMIT 1 RETURN collect(x) AS xs } RETURN c.categoryName AS cat, xs[0] AS second",
		)},
		// Unit prices held by more than one product and by how many: the
		// prices counted and filtered, EXISTS { } of another product at
		// the price, the pairs made distinct per product, COUNT { } of the
		// products at the price, the products collected per price.
		{"n-h17-duplicate-keys", "keys held by more than one node", Northwind, written(false,
			"MATCH (p:Product) WHERE p.unitPrice IS NOT NULL WITH p.unitPrice AS price, count(*) AS c WHERE c > 1 RETURN price, c",
			"MATCH (p:Product) WHERE EXISTS { MATCH (q:Product) WHERE q.unitPrice = p.unitPrice AND q <> p } RETURN p.unitPrice AS price, count(*) AS c",
			"MATCH (p:Product), (q:Product) WHERE p.unitPrice = q.unitPrice AND p <> q WITH DISTINCT p RETURN p.unitPrice AS price, count(*) AS c",
			"MATCH (p:Product) WHERE COUNT { MATCH (q:Product) WHERE q.unitPrice = p.unitPrice } > 1 RETURN p.unitPrice AS price, count(*) AS c",
			"MATCH (p:Product) WHERE p.unitPrice IS NOT NULL WITH p.unitPrice AS price, collect(p) AS ps WHERE size(ps) >= 2 RETURN price, size(ps) AS c",
		)},
		// Per employee, the rows of an OPTIONAL MATCH of the boss and a
		// territory at once and the distinct bosses where both exist: one
		// OPTIONAL MATCH of two patterns, COUNT { } products, two OPTIONAL
		// MATCH counted where both matched, CALL { }.
		{"n-h17-optional-two-patterns", "OPTIONAL MATCH of two patterns at once", Northwind, written(false,
			"MATCH (e:Employee) OPTIONAL MATCH (e)-[:REPORTS_TO]->(b:Employee), (e)-[:IN_TERRITORY]->(t) WITH e, count(t) AS rows, count(DISTINCT b) AS bosses RETURN e.lastName AS name, rows, bosses",
			"MATCH (e:Employee) WITH e, COUNT { (e)-[:REPORTS_TO]->(:Employee) } AS b, COUNT { (e)-[:IN_TERRITORY]->() } AS t RETURN e.lastName AS name, b * t AS rows, CASE WHEN t = 0 THEN 0 ELSE COUNT { MATCH (e)-[:REPORTS_TO]->(x:Employee) RETURN DISTINCT x } END AS bosses",
			"MATCH (e:Employee) OPTIONAL MATCH (e)-[:REPORTS_TO]->(b:Employee) OPTIONAL MATCH (e)-[:IN_TERRITORY]->(t) WITH e, count(CASE WHEN b IS NOT NULL THEN t END) AS rows, count(DISTINCT CASE WHEN t IS NOT NULL THEN b END) AS bosses RETURN e.lastName AS name, rows, bosses",
			"MATCH (e:Employee) CALL { WITH e OPTIONAL MATCH (e)-[:REPORTS_TO]->(b:Employee), (e)-[:IN_TERRITORY]->(t) RETURN count(t) AS rows, count(DISTINCT b) AS bosses } RETURN e.lastName AS name, rows, bosses",
		)},

		// The sixth to tenth products by price, highest first, then name:
		// SKIP and LIMIT, constant expressions as SKIP and LIMIT, the
		// ordered pairs collected and sliced, SKIP in a WITH and LIMIT
		// after a second ORDER BY.
		{"n-h17-skip-limit-expressions", "SKIP and LIMIT by expressions", Northwind, written(true,
			"MATCH (p:Product) RETURN p.productName AS name, p.unitPrice AS price ORDER BY price DESC, name SKIP 5 LIMIT 5",
			"MATCH (p:Product) RETURN p.productName AS name, p.unitPrice AS price ORDER BY price DESC, name SKIP 2 + 3 LIMIT toInteger(10 / 2)",
			"MATCH (p:Product) WITH p.productName AS name, p.unitPrice AS price ORDER BY price DESC, name WITH collect([name, price]) AS rows UNWIND rows[5..10] AS r RETURN r[0] AS name, r[1] AS price",
			"MATCH (p:Product) WITH p ORDER BY p.unitPrice DESC, p.productName SKIP size(['a', 'b', 'c', 'd', 'e']) RETURN p.productName AS name, p.unitPrice AS price ORDER BY price DESC, name LIMIT 5",
		)},

		// LDBC.
		// Persons per shortest KNOWS distance (one to three) from the
		// person: ANY SHORTEST, shortestPath() per pair, the least length
		// of the variable-length paths, SHORTEST 1, the pairs made
		// distinct and their depth by patterns.
		{"l-h17-distance-layers", "nodes per shortest distance", LDBC, written(false,
			"MATCH p = ANY SHORTEST (a:Person {id: $person})-[:KNOWS]-{1,3}(b:Person) WHERE b <> a RETURN length(p) AS d, count(*) AS n",
			"MATCH (a:Person {id: $person}), (b:Person) WHERE b <> a MATCH p = shortestPath((a)-[:KNOWS*1..3]-(b)) RETURN length(p) AS d, count(*) AS n",
			"MATCH p = (a:Person {id: $person})-[:KNOWS*1..3]-(b:Person) WHERE b <> a WITH b, min(length(p)) AS d RETURN d, count(*) AS n",
			"MATCH p = SHORTEST 1 (a:Person {id: $person})-[:KNOWS]-{1,3}(b:Person) WHERE b <> a RETURN length(p) AS d, count(*) AS n",
			"MATCH (a:Person {id: $person})-[:KNOWS*1..3]-(b:Person) WHERE b <> a WITH DISTINCT a, b RETURN CASE WHEN (a)-[:KNOWS]-(b) THEN 1 WHEN (a)-[:KNOWS]-()-[:KNOWS]-(b) THEN 2 ELSE 3 END AS d, count(*) AS n",
		)},
		// Per friend of the person, the rows of an OPTIONAL MATCH of a
		// university and a company at once and the distinct companies
		// where both exist: one OPTIONAL MATCH of two patterns, COUNT { }
		// products, two OPTIONAL MATCH counted where both matched, CALL
		// { }.
		{"l-h17-optional-two-patterns", "OPTIONAL MATCH of two patterns at once", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) OPTIONAL MATCH (f)-[:STUDY_AT]->(u:Organisation), (f)-[:WORK_AT]->(c:Organisation) WITH f, count(u) AS rows, count(DISTINCT c) AS companies RETURN f.id AS id, rows, companies",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f, COUNT { (f)-[:STUDY_AT]->(:Organisation) } AS u, COUNT { (f)-[:WORK_AT]->(:Organisation) } AS c RETURN f.id AS id, u * c AS rows, CASE WHEN u = 0 THEN 0 ELSE COUNT { MATCH (f)-[:WORK_AT]->(x:Organisation) RETURN DISTINCT x } END AS companies",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) OPTIONAL MATCH (f)-[:STUDY_AT]->(u:Organisation) OPTIONAL MATCH (f)-[:WORK_AT]->(c:Organisation) WITH f, count(CASE WHEN c IS NOT NULL THEN u END) AS rows, count(DISTINCT CASE WHEN u IS NOT NULL THEN c END) AS companies RETURN f.id AS id, rows, companies",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) CALL { WITH f OPTIONAL MATCH (f)-[:STUDY_AT]->(u:Organisation), (f)-[:WORK_AT]->(c:Organisation) RETURN count(u) AS rows, count(DISTINCT c) AS companies } RETURN f.id AS id, rows, companies",
		)},
		// Friends of the person who created or liked a message with the
		// tag: EXISTS { } over a UNION, OR of pattern predicates, an
		// undirected type disjunction, CALL { } of the union of friends,
		// a sum of COUNT { }.
		{"l-h17-exists-union-body", "EXISTS over a UNION body", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE EXISTS { MATCH (f)<-[:HAS_CREATOR]-(m:Message)-[:HAS_TAG]->(:Tag {name: $tag}) RETURN m UNION MATCH (f)-[:LIKES]->(m:Message)-[:HAS_TAG]->(:Tag {name: $tag}) RETURN m } RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE (f)<-[:HAS_CREATOR]-(:Message)-[:HAS_TAG]->(:Tag {name: $tag}) OR (f)-[:LIKES]->(:Message)-[:HAS_TAG]->(:Tag {name: $tag}) RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE EXISTS { (f)-[:HAS_CREATOR|LIKES]-(:Message)-[:HAS_TAG]->(:Tag {name: $tag}) } RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) CALL { WITH f MATCH (f)<-[:HAS_CREATOR]-(:Message)-[:HAS_TAG]->(:Tag {name: $tag}) RETURN 1 AS one LIMIT 1 UNION WITH f MATCH (f)-[:LIKES]->(:Message)-[:HAS_TAG]->(:Tag {name: $tag}) RETURN 1 AS one LIMIT 1 } RETURN count(k) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE COUNT { (f)<-[:HAS_CREATOR]-(:Message)-[:HAS_TAG]->(:Tag {name: $tag}) } + COUNT { (f)-[:LIKES]->(:Message)-[:HAS_TAG]->(:Tag {name: $tag}) } > 0 RETURN count(*) AS n",
		)},
		// The person's messages per month of creation and their share in
		// percent: the accessor with the total counted then matched
		// again, the ISO string's digits with the groups collected, the
		// month's truncation with COUNT { } of the total, CALL { }.
		{"l-h17-month-share", "each group's share of the total", LDBC, written(false,
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) WITH count(*) AS total MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) WITH total, m.creationDate.month AS month, count(*) AS c RETURN month, c, c * 100 / total AS pct",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) WITH toInteger(substring(toString(m.creationDate), 5, 2)) AS month, count(*) AS c WITH collect([month, c]) AS g, sum(c) AS total UNWIND g AS x RETURN x[0] AS month, x[1] AS c, x[1] * 100 / total AS pct",
			"MATCH (p:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) WITH p, datetime.truncate('month', m.creationDate).month AS month, count(*) AS c RETURN month, c, c * 100 / COUNT { (p)<-[:HAS_CREATOR]-(:Message) } AS pct",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) WITH m.creationDate.month AS month, count(*) AS c CALL { MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(x:Message) RETURN count(x) AS total } RETURN month, c, c * 100 / total AS pct",
		)},

		// Stack Overflow.
		// Users who asked or answered a question with the second tag:
		// EXISTS { } over a UNION, OR of pattern predicates, CALL { } of
		// the union of users, a sum of COUNT { }.
		{"s-h17-exists-union-body", "EXISTS over a UNION body", StackOverflow, written(false,
			"MATCH (u:User) WHERE EXISTS { MATCH (u)-[:ASKED]->(q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN q UNION MATCH (u)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN q } RETURN count(*) AS n",
			"MATCH (u:User) WHERE (u)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) OR (u)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN count(*) AS n",
			"CALL { MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN u UNION MATCH (u:User)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN u } RETURN count(*) AS n",
			"MATCH (u:User) WHERE COUNT { (u)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) } + COUNT { (u)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) } > 0 RETURN count(*) AS n",
		)},
		// Per question with the tag, the second highest distinct answer
		// score: the ordered distinct scores indexed, OPTIONAL MATCH under
		// the maximum, reduce() over a comprehension, CALL { } skipping
		// the first.
		{"s-h17-second-largest", "the second largest distinct value", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL WITH DISTINCT q, a.score AS s ORDER BY s DESC WITH q, collect(s) AS ss RETURN q.question_id AS id, ss[1] AS second",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL WITH q, max(a.score) AS top OPTIONAL MATCH (q)<-[:ANSWERED]-(b:Answer) WHERE b.score < top RETURN q.question_id AS id, max(b.score) AS second",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) WITH q, [(q)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL | a.score] AS ss WHERE size(ss) > 0 WITH q, ss, reduce(t = null, s IN ss | CASE WHEN t IS NULL OR s > t THEN s ELSE t END) AS top RETURN q.question_id AS id, reduce(r = null, s IN ss | CASE WHEN s < top AND (r IS NULL OR s > r) THEN s ELSE r END) AS second",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) WHERE EXISTS { (q)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL } CALL { WITH q MATCH (q)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL WITH DISTINCT a.score AS s ORDER BY s DESC SKIP 1 LIMIT 1 RETURN collect(s) AS ss } RETURN q.question_id AS id, ss[0] AS second",
		)},
		// Answers to questions with the tag per sign of the score and
		// their share in percent: sign() with the total counted then
		// matched again, a CASE with the groups collected, CALL { } of the
		// total.
		{"s-h17-share-of-total", "each group's share of the total", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WITH count(*) AS total MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WITH total, sign(a.score) AS sg, count(*) AS c RETURN sg, c, c * 100 / total AS pct",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WITH CASE WHEN a.score > 0 THEN 1 WHEN a.score < 0 THEN -1 WHEN a.score = 0 THEN 0 END AS sg, count(*) AS c WITH collect({sg: sg, c: c}) AS g, sum(c) AS total UNWIND g AS x RETURN x.sg AS sg, x.c AS c, x.c * 100 / total AS pct",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WITH sign(a.score) AS sg, count(*) AS c CALL { MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(x:Answer) RETURN count(x) AS total } RETURN sg, c, c * 100 / total AS pct",
		)},

		// WN18RR.
		// Hyponym paths of one to three links into the entity that repeat
		// no synset, per length: the ACYCLIC path mode, trails whose node
		// list made distinct keeps its size, a TRAIL path whose nodes are
		// not met again, a UNION ALL of explicit hops with every
		// inequality.
		{"w-h17-acyclic-paths", "path modes ACYCLIC and TRAIL", WordNet, written(false,
			"MATCH p = ACYCLIC (b)-[:_hypernym]->{1,3}(:Entity {id: $entity}) RETURN length(p) AS len, count(*) AS n",
			"MATCH p = (b)-[:_hypernym*1..3]->(:Entity {id: $entity}) WHERE size(reduce(d = [], x IN nodes(p) | CASE WHEN x IN d THEN d ELSE d + x END)) = length(p) + 1 RETURN length(p) AS len, count(*) AS n",
			"MATCH p = TRAIL (b)-[:_hypernym]->{1,3}(:Entity {id: $entity}) WHERE all(i IN range(0, length(p) - 1) WHERE NOT nodes(p)[i] IN nodes(p)[i + 1..]) RETURN length(p) AS len, count(*) AS n",
			"CALL { MATCH (b)-[:_hypernym]->(e:Entity {id: $entity}) WHERE b <> e RETURN 1 AS len UNION ALL MATCH (b)-[:_hypernym]->(m)-[:_hypernym]->(e:Entity {id: $entity}) WHERE m <> e AND b <> e AND b <> m RETURN 2 AS len UNION ALL MATCH (b)-[:_hypernym]->(o)-[:_hypernym]->(m)-[:_hypernym]->(e:Entity {id: $entity}) WHERE m <> e AND o <> e AND o <> m AND b <> e AND b <> m AND b <> o RETURN 3 AS len } RETURN len, count(*) AS n",
		)},
		// Synsets per shortest hyponym distance (one to three) into the
		// entity: ANY SHORTEST, the least length of the variable-length
		// paths, SHORTEST 1, the pairs made distinct and their depth by
		// patterns.
		{"w-h17-distance-layers", "nodes per shortest distance", WordNet, written(false,
			"MATCH p = ANY SHORTEST (b)-[:_hypernym]->{1,3}(e:Entity {id: $entity}) WHERE b <> e RETURN length(p) AS d, count(*) AS n",
			"MATCH p = (b)-[:_hypernym*1..3]->(e:Entity {id: $entity}) WHERE b <> e WITH b, min(length(p)) AS d RETURN d, count(*) AS n",
			"MATCH p = SHORTEST 1 (b)-[:_hypernym]->{1,3}(e:Entity {id: $entity}) WHERE b <> e RETURN length(p) AS d, count(*) AS n",
			"MATCH (b)-[:_hypernym*1..3]->(e:Entity {id: $entity}) WHERE b <> e WITH DISTINCT b, e RETURN CASE WHEN (b)-[:_hypernym]->(e) THEN 1 WHEN (b)-[:_hypernym]->()-[:_hypernym]->(e) THEN 2 ELSE 3 END AS d, count(*) AS n",
		)},
		// Hyponyms of the entity with a derivation out or a member
		// meronym in: EXISTS { } over a UNION, OR of pattern predicates,
		// a sum of COUNT { }, CALL { } of the union of hyponyms.
		{"w-h17-exists-union-body", "EXISTS over a UNION body", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE EXISTS { MATCH (h)-[:_derivationally_related_form]->(x) RETURN x UNION MATCH (h)<-[:_member_meronym]-(x) RETURN x } RETURN count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE (h)-[:_derivationally_related_form]->() OR (h)<-[:_member_meronym]-() RETURN count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE COUNT { (h)-[:_derivationally_related_form]->() } + COUNT { (h)<-[:_member_meronym]-() } > 0 RETURN count(*) AS n",
			"MATCH (h)-[e:_hypernym]->(:Entity {id: $entity}) CALL { WITH h MATCH (h)-[:_derivationally_related_form]->() RETURN 1 AS one LIMIT 1 UNION WITH h MATCH (h)<-[:_member_meronym]-() RETURN 1 AS one LIMIT 1 } RETURN count(e) AS n",
		)},
	}
}
