package metamorphic

import "github.com/cyqdb/cyq/parser/graphprogram"

// optional is a program's statement that unions its result into the
// working graph only when the result is not empty (which a union of an
// empty result leaves unchanged anyway).
func optional(query string) graphprogram.Statement {
	return statement(graphprogram.OpOptional, query)
}

// heldout13Questions are the thirteenth held-out round's kinds, where
// the twelve earlier rounds were thin: value joins on properties (two
// separately matched nodes compared by one or two keys: WHERE a.k = b.k,
// a map in the pattern reading the other node, grouped counts
// multiplied, lists and maps of keys compared, IN a collected list);
// two counts per node compared with each other (COUNT { } against COUNT
// { }, pattern comprehensions' sizes, OPTIONAL MATCH chains, CALL { }
// sums of signed CASEs, count(CASE) pivots); ratios of counts (count of
// a CASE over count(*), avg() of 0.0 and 1.0, sums of booleans made
// integers, COUNT { } over COUNT { }); string aggregation with reduce()
// over ordered lists (leading separators, substring() of the result,
// reversed descending lists, ordered COLLECT { }); CASE in ORDER BY
// against a computed rank, boolean keys, a map or list indexed by the
// value and a UNION ALL of ranked branches; percentileDisc() against the
// sorted list indexed, from either end, and against a count of smaller
// values; all() over collected lists against NOT EXISTS of a
// counterexample, min() and COUNT { } = 0; shortestPath() with a filter
// on its relationships or nodes against the least length of the
// filtered variable-length or quantified paths and allShortestPaths();
// dynamic property access (n['k'], n[key] and properties(n)[key]);
// numeric bucketing (integer division, modulus, toInteger() and floor()
// of float quotients, a range's last element); grouping by label sets
// (label tests, labels() lists, a bit mask and a UNION ALL of label
// expressions); unordered pairs counted once; EXISTS { } with a WHERE
// that compares its own variables; consecutive differences of an ordered
// list by range() and index access; collect()[..k] against ORDER BY
// LIMIT in a CALL { } and an ordered COLLECT { }; GraphProgram forms
// with the optional step.
func heldout13Questions() []Question {
	return []Question{
		// Generic graphs.
		// Pairs of an A node and a B node (one node may be both) of equal
		// key, per key: WHERE a.k = b.k, a map in the B pattern reading
		// a's key, A's counts per key summed over B, both sides' counts
		// per key multiplied, B's counts summed over A, COUNT { } per A
		// node summed per key.
		{"g-h13-value-join-pairs", "value joins on properties", Generic, written(false,
			"MATCH (a:A), (b:B) WHERE a.k = b.k RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) MATCH (b:B {k: a.k}) RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) WITH a.k AS key, count(*) AS ca MATCH (b:B) WHERE b.k = key RETURN key AS k, sum(ca) AS n",
			"MATCH (a:A) WHERE a.k IS NOT NULL WITH a.k AS key, count(*) AS ca MATCH (b:B) WHERE b.k = key WITH key, ca, count(*) AS cb RETURN key AS k, ca * cb AS n",
			"MATCH (b:B) WITH b.k AS key, count(*) AS cb MATCH (a:A) WHERE a.k = key RETURN a.k AS k, sum(cb) AS n",
			"MATCH (a:A) WITH a.k AS k, sum(COUNT { MATCH (b:B) WHERE b.k = a.k }) AS n WHERE n > 0 RETURN k, n",
		)},
		// A nodes with a B node of the same key, per string: EXISTS { }
		// with the comparison inside, COUNT { } > 0, IN the B keys
		// collected first, OPTIONAL MATCH then count() > 0, IN an
		// uncorrelated COLLECT { }, the pairs made distinct on A.
		{"g-h13-value-join-exists", "value joins on properties", Generic, written(false,
			"MATCH (a:A) WHERE EXISTS { MATCH (b:B) WHERE b.k = a.k } RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE COUNT { MATCH (b:B) WHERE b.k = a.k } > 0 RETURN a.s AS s, count(*) AS n",
			"MATCH (b:B) WITH collect(b.k) AS ks MATCH (a:A) WHERE a.k IN ks RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) OPTIONAL MATCH (b:B) WHERE b.k = a.k WITH a, count(b) AS c WHERE c > 0 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE a.k IN COLLECT { MATCH (b:B) RETURN b.k AS k } RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A), (b:B) WHERE a.k = b.k WITH DISTINCT a RETURN a.s AS s, count(*) AS n",
		)},
		// Pairs of distinct A and C nodes equal on key and string: both
		// comparisons, a map of both in the C pattern, lists of the two
		// compared, maps of the two compared, COUNT { } per A node summed,
		// A nodes grouped by both keys and unwound against each C node.
		{"g-h13-composite-join", "value joins on properties", Generic, written(false,
			"MATCH (a:A), (b:C) WHERE a.k = b.k AND a.s = b.s AND a <> b RETURN count(*) AS n",
			"MATCH (a:A) MATCH (b:C {k: a.k, s: a.s}) WHERE b <> a RETURN count(*) AS n",
			"MATCH (a:A), (b:C) WHERE [a.k, a.s] = [b.k, b.s] AND id(a) <> id(b) RETURN count(*) AS n",
			"MATCH (a:A), (b:C) WHERE {k: a.k, s: a.s} = {k: b.k, s: b.s} AND a <> b RETURN count(*) AS n",
			"MATCH (a:A) WHERE a.k IS NOT NULL AND a.s IS NOT NULL RETURN sum(COUNT { MATCH (b:C) WHERE b.k = a.k AND b.s = a.s AND b <> a }) AS n",
			"MATCH (a:A) WITH a.k AS k, a.s AS s, collect(a) AS as_ MATCH (b:C) WHERE b.k = k AND b.s = s UNWIND as_ AS a WITH a, b WHERE a <> b RETURN count(*) AS n",
		)},
		// A nodes with more R relationships out than in (a self-loop is
		// both), per string: two COUNT { } compared, two comprehensions'
		// sizes, an OPTIONAL MATCH chain counting each side, two CALL { }
		// counts, the difference of two COUNT { } in a WITH, the
		// undirected relationships' ends summed as +1 and -1.
		{"g-h13-out-vs-in-count", "comparing two counts", Generic, written(false,
			"MATCH (a:A) WHERE COUNT { (a)-[:R]->() } > COUNT { (a)<-[:R]-() } RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE size([(a)-[:R]->(x) | x]) > size([(a)<-[:R]-(x) | x]) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[o:R]->() WITH a, count(o) AS outs OPTIONAL MATCH (a)<-[i:R]-() WITH a, outs, count(i) AS ins WHERE outs > ins RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) CALL { WITH a MATCH (a)-[:R]->() RETURN count(*) AS outs } CALL { WITH a MATCH (a)<-[:R]-() RETURN count(*) AS ins } WITH a, outs, ins WHERE outs - ins > 0 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WITH a, COUNT { (a)-[:R]->() } AS outs, COUNT { (a)<-[:R]-() } AS ins WHERE NOT outs <= ins RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:R]-() WITH a, sum(CASE WHEN startNode(r) = a THEN 1 ELSE 0 END) - sum(CASE WHEN endNode(r) = a THEN 1 ELSE 0 END) AS d WHERE d > 0 RETURN a.s AS s, count(*) AS n",
		)},
		// A nodes with as many R as S relationships out, per key: two
		// COUNT { } equal, count() of two CASEs over one OPTIONAL MATCH,
		// the R types twice the comprehension's size, a reduce() of +1
		// and -1, a sum of CASE on the type test, COUNT { } difference 0.
		{"g-h13-equal-type-counts", "comparing two counts", Generic, written(false,
			"MATCH (a:A) WHERE COUNT { (a)-[:R]->() } = COUNT { (a)-[:S]->() } RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:R|S]->() WITH a, count(CASE type(r) WHEN 'R' THEN 1 END) AS cr, count(CASE type(r) WHEN 'S' THEN 1 END) AS cs WHERE cr = cs RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) WITH a, [(a)-[r:R|S]->() | type(r)] AS ts WHERE size([t IN ts WHERE t = 'R']) * 2 = size(ts) RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) WHERE reduce(d = 0, r IN [(a)-[r:R|S]->() | r] | d + CASE type(r) WHEN 'R' THEN 1 ELSE -1 END) = 0 RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:R|S]->() WITH a, sum(CASE WHEN r:R THEN 1 WHEN r:S THEN -1 ELSE 0 END) AS d WHERE d = 0 RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) WHERE COUNT { (a)-[:R]->() } - COUNT { (a)-[:S]->() } = 0 RETURN a.k AS k, count(*) AS n",
		)},
		// Per A node, its R, S and T relationships out: three COUNT { },
		// count() of CASEs over one OPTIONAL MATCH, sums of CASEs, the
		// types' comprehension filtered, three comprehensions' sizes,
		// three CALL { } counts, reduce() over the collected types.
		{"g-h13-pivot-types", "pivot counts", Generic, written(false,
			"MATCH (a:A) RETURN a.id AS id, COUNT { (a)-[:R]->() } AS r, COUNT { (a)-[:S]->() } AS s, COUNT { (a)-[:T]->() } AS t",
			"MATCH (a:A) OPTIONAL MATCH (a)-[x]->() WITH a, count(CASE type(x) WHEN 'R' THEN 1 END) AS r, count(CASE type(x) WHEN 'S' THEN 1 END) AS s, count(CASE type(x) WHEN 'T' THEN 1 END) AS t RETURN a.id AS id, r, s, t",
			"MATCH (a:A) OPTIONAL MATCH (a)-[x]->() WITH a, sum(CASE WHEN type(x) = 'R' THEN 1 ELSE 0 END) AS r, sum(CASE WHEN type(x) = 'S' THEN 1 ELSE 0 END) AS s, sum(CASE WHEN type(x) = 'T' THEN 1 ELSE 0 END) AS t RETURN a.id AS id, r, s, t",
			"MATCH (a:A) WITH a, [(a)-[x]->() | type(x)] AS ts RETURN a.id AS id, size([y IN ts WHERE y = 'R']) AS r, size([y IN ts WHERE y = 'S']) AS s, size([y IN ts WHERE y = 'T']) AS t",
			"MATCH (a:A) RETURN a.id AS id, size([(a)-[:R]->() | 1]) AS r, size([(a)-[:S]->() | 1]) AS s, size([(a)-[:T]->() | 1]) AS t",
			"MATCH (a:A) CALL { WITH a OPTIONAL MATCH (a)-[x:R]->() RETURN count(x) AS r } CALL { WITH a OPTIONAL MATCH (a)-[x:S]->() RETURN count(x) AS s } CALL { WITH a OPTIONAL MATCH (a)-[x:T]->() RETURN count(x) AS t } RETURN a.id AS id, r, s, t",
			"MATCH (a:A) OPTIONAL MATCH (a)-[x]->() WITH a, collect(type(x)) AS ts RETURN a.id AS id, reduce(c = 0, y IN ts | c + toInteger(y = 'R')) AS r, reduce(c = 0, y IN ts | c + toInteger(y = 'S')) AS s, reduce(c = 0, y IN ts | c + toInteger(y = 'T')) AS t",
		)},
		// Per string, the share of A nodes whose key is above 2 (a
		// missing key is not): count() of a CASE over count(*), avg() of
		// 1.0 and 0.0, a sum of CASEs times 1.0, the collected keys
		// filtered, a sum of booleans made integers.
		{"g-h13-ratio-share", "ratios of counts", Generic, written(false,
			"MATCH (n:A) RETURN n.s AS s, toFloat(count(CASE WHEN n.k > 2 THEN 1 END)) / count(*) AS share",
			"MATCH (n:A) RETURN n.s AS s, avg(CASE WHEN n.k > 2 THEN 1.0 ELSE 0.0 END) AS share",
			"MATCH (n:A) RETURN n.s AS s, sum(CASE WHEN n.k > 2 THEN 1 ELSE 0 END) * 1.0 / count(*) AS share",
			"MATCH (n:A) WITH n.s AS s, collect(n.k) AS ks, count(*) AS c RETURN s, toFloat(size([k IN ks WHERE k > 2])) / c AS share",
			"MATCH (n:A) WITH n.s AS s, count(*) AS c, sum(toInteger(n.k > 2)) AS hi RETURN s, toFloat(hi) / c AS share",
		)},
		// Per B node, its R in-neighbours' ids (those present) in
		// ascending order, each after a comma: reduce() over the ordered
		// collected strings, over an ordered COLLECT { }, over the ordered
		// ids, over the descending list reversed, over indices, over
		// strings collected with their commas.
		{"g-h13-string-join-reduce", "string aggregation via reduce", Generic, written(false,
			"MATCH (x)-[:R]->(b:B) WHERE x.id IS NOT NULL WITH b, x ORDER BY x.id WITH b, collect(toString(x.id)) AS ts RETURN b.id AS id, reduce(s = '', t IN ts | s + ',' + t) AS joined",
			"MATCH (b:B) WHERE EXISTS { (x)-[:R]->(b) WHERE x.id IS NOT NULL } RETURN b.id AS id, reduce(s = '', t IN COLLECT { MATCH (x)-[:R]->(b) WHERE x.id IS NOT NULL RETURN toString(x.id) AS t ORDER BY x.id } | s + ',' + t) AS joined",
			"MATCH (x)-[:R]->(b:B) WHERE x.id IS NOT NULL WITH b, x.id AS i ORDER BY i WITH b, collect(i) AS ids RETURN b.id AS id, reduce(s = '', i IN ids | s + ',' + toString(i)) AS joined",
			"MATCH (x)-[:R]->(b:B) WHERE x.id IS NOT NULL WITH b, x ORDER BY x.id DESC WITH b, collect(toString(x.id)) AS ts RETURN b.id AS id, reduce(s = '', t IN reverse(ts) | s + ',' + t) AS joined",
			"MATCH (x)-[:R]->(b:B) WHERE x.id IS NOT NULL WITH b, x ORDER BY x.id WITH b, collect(x.id) AS ids RETURN b.id AS id, reduce(s = '', i IN range(0, size(ids) - 1) | s + ',' + toString(ids[i])) AS joined",
			"MATCH (x)-[:R]->(b:B) WITH b, x ORDER BY x.id WITH b, collect(',' + toString(x.id)) AS ts WHERE size(ts) > 0 RETURN b.id AS id, reduce(s = '', t IN ts | s + t) AS joined",
		)},
		// The first eight A nodes with an id, strings 'c' first, then
		// 'a', then the rest (missing last), then by string and id: a
		// simple CASE in ORDER BY, a searched CASE in a WITH column, two
		// boolean keys made total by coalesce(), a map indexed by the
		// string, a UNION ALL of the ranked branches, a list indexed by
		// the position found.
		{"g-h13-case-order-by", "CASE in ORDER BY", Generic, written(true,
			"MATCH (n:A) WHERE n.id IS NOT NULL RETURN n.id AS id, n.s AS s ORDER BY CASE n.s WHEN 'c' THEN 0 WHEN 'a' THEN 1 ELSE 2 END, s, id LIMIT 8",
			"MATCH (n:A) WHERE n.id IS NOT NULL WITH n, CASE WHEN n.s = 'c' THEN 0 WHEN n.s = 'a' THEN 1 ELSE 2 END AS o RETURN n.id AS id, n.s AS s ORDER BY o, s, id LIMIT 8",
			"MATCH (n:A) WHERE n.id IS NOT NULL RETURN n.id AS id, n.s AS s ORDER BY coalesce(n.s = 'c', false) DESC, coalesce(n.s = 'a', false) DESC, s, id LIMIT 8",
			"MATCH (n:A) WHERE n.id IS NOT NULL RETURN n.id AS id, n.s AS s ORDER BY coalesce({c: 0, a: 1}[n.s], 2), s, id LIMIT 8",
			"CALL { MATCH (n:A) WHERE n.id IS NOT NULL AND n.s = 'c' RETURN n, 0 AS o UNION ALL MATCH (n:A) WHERE n.id IS NOT NULL AND n.s = 'a' RETURN n, 1 AS o UNION ALL MATCH (n:A) WHERE n.id IS NOT NULL AND (n.s IS NULL OR NOT n.s IN ['a', 'c']) RETURN n, 2 AS o } RETURN n.id AS id, n.s AS s ORDER BY o, s, id LIMIT 8",
			"MATCH (n:A) WHERE n.id IS NOT NULL RETURN n.id AS id, n.s AS s ORDER BY coalesce(head([i IN range(0, 1) WHERE ['c', 'a'][i] = n.s]), 2), s, id LIMIT 8",
		)},
		// Per string, the median key of A nodes (the lower of two middle
		// values; null when no key): percentileDisc(), the ascending
		// list indexed, the descending list indexed, the ascending list
		// sliced, the value with as many smaller values as the index.
		{"g-h13-percentile-median", "percentileDisc vs sorted list", Generic, written(false,
			"MATCH (n:A) RETURN n.s AS s, percentileDisc(n.k, 0.5) AS med",
			"MATCH (n:A) WITH n.s AS s, n.k AS k ORDER BY k WITH s, collect(k) AS ks RETURN s, ks[(size(ks) - 1) / 2] AS med",
			"MATCH (n:A) WITH n.s AS s, n.k AS k ORDER BY k DESC WITH s, collect(k) AS ks RETURN s, ks[size(ks) / 2] AS med",
			"MATCH (n:A) WITH n.s AS s, n.k AS k ORDER BY k WITH s, collect(k) AS ks RETURN s, head(ks[(size(ks) - 1) / 2..]) AS med",
			"MATCH (n:A) WITH n.s AS s, collect(n.k) AS ks RETURN s, [k IN ks WHERE size([j IN ks WHERE j < k]) < (size(ks) + 1) / 2 AND size([j IN ks WHERE j <= k]) >= (size(ks) + 1) / 2][0] AS med",
		)},
		// B nodes with R in-neighbours whose every key (those present) is
		// above 0, per string: all() over the collected keys, EXISTS and
		// NOT EXISTS of a counterexample, min() above 0 or null, none()
		// of the converse, COUNT { } of counterexamples 0, the filtered
		// list's size, all() over a comprehension.
		{"g-h13-all-over-collected", "all() over collected lists", Generic, written(false,
			"MATCH (x)-[:R]->(b:B) WITH b, collect(x.k) AS ks WHERE all(k IN ks WHERE k > 0) RETURN b.s AS s, count(*) AS n",
			"MATCH (b:B) WHERE EXISTS { (x)-[:R]->(b) } AND NOT EXISTS { (x)-[:R]->(b) WHERE x.k <= 0 } RETURN b.s AS s, count(*) AS n",
			"MATCH (x)-[:R]->(b:B) WITH b, min(x.k) AS lo WHERE coalesce(lo > 0, true) RETURN b.s AS s, count(*) AS n",
			"MATCH (x)-[:R]->(b:B) WITH b, collect(x.k) AS ks WHERE none(k IN ks WHERE k <= 0) RETURN b.s AS s, count(*) AS n",
			"MATCH (b:B) WHERE COUNT { (x)-[:R]->(b) } > 0 AND COUNT { (x)-[:R]->(b) WHERE x.k <= 0 } = 0 RETURN b.s AS s, count(*) AS n",
			"MATCH (x)-[:R]->(b:B) WITH b, collect(x.k) AS ks WHERE size([k IN ks WHERE k > 0]) = size(ks) RETURN b.s AS s, count(*) AS n",
			"MATCH (b:B) WHERE (b)<-[:R]-() AND all(k IN [(x)-[:R]->(b) WHERE x.k IS NOT NULL | x.k] WHERE k > 0) RETURN b.s AS s, count(*) AS n",
		)},
		// Per length, the B nodes (other than the start) whose shortest
		// R-or-S path out of the $a nodes, of up to three relationships
		// all of weight 1 or more, has that length: shortestPath() with
		// all() over its relationships, the least length of the filtered
		// variable-length paths, of a quantified path with the test
		// inside, of the relationship list, shortestPath() with none() of
		// the converse over its list, allShortestPaths() made distinct.
		{"g-h13-shortest-filtered", "shortestPath with a relationship filter", Generic, written(false,
			"MATCH (a {id: $a}), (b:B) WHERE a <> b MATCH p = shortestPath((a)-[:R|S*..3]->(b)) WHERE all(r IN relationships(p) WHERE r.w >= 1) RETURN length(p) AS len, count(*) AS n",
			"MATCH (a {id: $a}), (b:B) WHERE a <> b MATCH p = (a)-[:R|S*1..3]->(b) WHERE all(r IN relationships(p) WHERE r.w >= 1) WITH a, b, min(length(p)) AS len RETURN len, count(*) AS n",
			"MATCH (a {id: $a}) (()-[r:R|S WHERE r.w >= 1]->()){1,3} (b:B) WHERE a <> b WITH a, b, min(size(r)) AS len RETURN len, count(*) AS n",
			"MATCH (a {id: $a}), (b:B) WHERE a <> b MATCH (a)-[rs:R|S*1..3]->(b) WHERE all(r IN rs WHERE r.w >= 1) WITH a, b, min(size(rs)) AS len RETURN len, count(*) AS n",
			"MATCH (a {id: $a}), (b:B) WHERE a <> b MATCH p = shortestPath((a)-[rs:R|S*..3]->(b)) WHERE none(r IN rs WHERE coalesce(r.w, 0) < 1) RETURN length(p) AS len, count(*) AS n",
			"MATCH (a {id: $a}), (b:B) WHERE a <> b MATCH p = allShortestPaths((a)-[:R|S*..3]->(b)) WHERE all(r IN relationships(p) WHERE r.w >= 1) WITH DISTINCT a, b, length(p) AS len RETURN len, count(*) AS n",
		)},
		// Per string, the sum and count of A nodes' keys: dot access,
		// n['k'], a key bound in a WITH, properties() indexed, a key
		// unwound, keys computed by functions, keys read from a map.
		{"g-h13-dynamic-property", "dynamic property access", Generic, written(false,
			"MATCH (n:A) RETURN n.s AS s, sum(n.k) AS total, count(n.k) AS c",
			"MATCH (n:A) RETURN n['s'] AS s, sum(n['k']) AS total, count(n['k']) AS c",
			"MATCH (n:A) WITH n, 'k' AS key RETURN n.s AS s, sum(n[key]) AS total, count(n[key]) AS c",
			"MATCH (n:A) RETURN properties(n)['s'] AS s, sum(properties(n)['k']) AS total, count(properties(n).k) AS c",
			"UNWIND ['k'] AS key MATCH (n:A) RETURN n.s AS s, sum(n[key]) AS total, count(n[key]) AS c",
			"MATCH (n:A) RETURN n[toLower('S')] AS s, sum(n[left('kx', 1)]) AS total, count(n[left('kx', 1)]) AS c",
			"MATCH (n:A) WITH n, {s: 's', k: 'k'} AS names RETURN n[names.s] AS s, sum(n[names.k]) AS total, count(n[names.k]) AS c",
		)},
		// A nodes with an id per ten ids: integer division, the id less
		// its remainder, toInteger() and floor() of the float quotient,
		// the id's digits but the last with a zero, the last multiple of
		// ten of a range.
		{"g-h13-bucket-ten", "numeric bucketing", Generic, written(false,
			"MATCH (n:A) WHERE n.id IS NOT NULL RETURN n.id / 10 * 10 AS bucket, count(*) AS n",
			"MATCH (n:A) WHERE n.id IS NOT NULL RETURN n.id - n.id % 10 AS bucket, count(*) AS n",
			"MATCH (n:A) WHERE n.id IS NOT NULL RETURN toInteger(n.id / 10.0) * 10 AS bucket, count(*) AS n",
			"MATCH (n:A) WHERE n.id IS NOT NULL RETURN toInteger(floor(n.id / 10.0)) * 10 AS bucket, count(*) AS n",
			"MATCH (n:A) WHERE n.id IS NOT NULL WITH toString(n.id) AS t RETURN toInteger(left(t, size(t) - 1) + '0') AS bucket, count(*) AS n",
			"MATCH (n:A) WHERE n.id IS NOT NULL WITH n.id AS i RETURN range(0, i, 10)[-1] AS bucket, count(*) AS n",
		)},
		// Nodes per combination of the labels A, B and C: label tests,
		// IN labels(), list predicates over labels(), CASE and a negated
		// label expression, a bit mask of the labels, a UNION ALL of the
		// eight label expressions.
		{"g-h13-label-groups", "grouping by label sets", Generic, written(false,
			"MATCH (n) RETURN n:A AS a, n:B AS b, n:C AS c, count(*) AS n",
			"MATCH (n) RETURN 'A' IN labels(n) AS a, 'B' IN labels(n) AS b, 'C' IN labels(n) AS c, count(*) AS n",
			"MATCH (n) WITH n, labels(n) AS ls RETURN size([l IN ls WHERE l = 'A']) > 0 AS a, any(l IN ls WHERE l = 'B') AS b, NOT none(l IN ls WHERE l = 'C') AS c, count(*) AS n",
			"MATCH (n) RETURN CASE WHEN n:A THEN true ELSE false END AS a, n:B = true AS b, NOT n:!C AS c, count(*) AS n",
			"MATCH (n) WITH n, reduce(m = 0, l IN labels(n) | m + CASE l WHEN 'A' THEN 1 WHEN 'B' THEN 2 WHEN 'C' THEN 4 ELSE 0 END) AS mask RETURN mask % 2 = 1 AS a, mask / 2 % 2 = 1 AS b, mask / 4 % 2 = 1 AS c, count(*) AS n",
			"CALL { MATCH (n:A&B&C) RETURN true AS a, true AS b, true AS c UNION ALL MATCH (n:A&B&!C) RETURN true AS a, true AS b, false AS c UNION ALL MATCH (n:A&!B&C) RETURN true AS a, false AS b, true AS c UNION ALL MATCH (n:A&!B&!C) RETURN true AS a, false AS b, false AS c UNION ALL MATCH (n:!A&B&C) RETURN false AS a, true AS b, true AS c UNION ALL MATCH (n:!A&B&!C) RETURN false AS a, true AS b, false AS c UNION ALL MATCH (n:!A&!B&C) RETURN false AS a, false AS b, true AS c UNION ALL MATCH (n:!A&!B&!C) RETURN false AS a, false AS b, false AS c } RETURN a, b, c, count(*) AS n",
		)},
		// Unordered pairs of distinct nodes joined by an R relationship
		// either way, counted once: the undirected pattern with ordered
		// ids made distinct, the pair of nodes counted distinct, the
		// ordered id pair of a directed match, ordered pairs halved, a
		// cartesian product with two pattern predicates, COUNT { } over
		// the later nodes summed.
		{"g-h13-unordered-pairs", "unordered pairs counted once", Generic, written(false,
			"MATCH (a)-[:R]-(b) WHERE id(a) < id(b) WITH DISTINCT a, b RETURN count(*) AS n",
			"MATCH (a)-[:R]-(b) WHERE id(a) < id(b) RETURN count(DISTINCT [a, b]) AS n",
			"MATCH (a)-[:R]->(b) WHERE a <> b WITH CASE WHEN id(a) < id(b) THEN [id(a), id(b)] ELSE [id(b), id(a)] END AS pair RETURN count(DISTINCT pair) AS n",
			"MATCH (a)-[:R]-(b) WHERE a <> b RETURN count(DISTINCT [id(a), id(b)]) / 2 AS n",
			"MATCH (a), (b) WHERE id(a) < id(b) AND ((a)-[:R]->(b) OR (b)-[:R]->(a)) RETURN count(*) AS n",
			"MATCH (a) RETURN sum(COUNT { MATCH (b) WHERE id(a) < id(b) AND (EXISTS { (a)-[:R]->(b) } OR EXISTS { (b)-[:R]->(a) }) }) AS n",
		)},
		// A nodes with an R relationship weighing more than its end's key,
		// per string: EXISTS { } with the comparison inside, any() over a
		// comprehension of the comparisons, COUNT { } of the difference,
		// the filtered comprehension's size, OPTIONAL MATCH with the
		// comparison then count(), the matches made distinct, EXISTS { }
		// with a WITH and a negated converse inside.
		{"g-h13-exists-cross-where", "EXISTS { } with a WHERE across its variables", Generic, written(false,
			"MATCH (a:A) WHERE EXISTS { MATCH (a)-[r:R]->(b) WHERE r.w > b.k } RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE any(x IN [(a)-[r:R]->(b) | r.w > b.k] WHERE x) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE COUNT { (a)-[r:R]->(b) WHERE r.w - b.k > 0 } > 0 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE size([(a)-[r:R]->(b) WHERE r.w > b.k | r]) > 0 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:R]->(b) WHERE r.w > b.k WITH a, count(r) AS c WHERE c > 0 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[r:R]->(b) WHERE b.k < r.w WITH DISTINCT a RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE EXISTS { MATCH (a)-[r:R]->(b) WITH r, b WHERE NOT r.w <= b.k RETURN r } RETURN a.s AS s, count(*) AS n",
		)},
		// Nodes reached by R from an A node, and, when there are any,
		// nodes reached by T from a B node of key 4: two pattern tests
		// under OR, the program with the optional step, the program with
		// two unions, a UNION in CALL { }, EXISTS under OR, two collected
		// lists merged.
		{"g-h13-program-optional", "GraphProgram optional step", Generic, written(false,
			"MATCH (x) WHERE (:A)-[:R]->(x) OR (:B {k: 4})-[:T]->(x) RETURN count(x) AS n",
			programForm(union("MATCH (:A)-[:R]->(x) RETURN x"), optional("MATCH (b:B)-[:T]->(x) WHERE b.k = 4 RETURN x")),
			programForm(union("MATCH (:A)-[:R]->(x) RETURN x"), union("MATCH (b:B)-[:T]->(x) WHERE b.k = 4 RETURN x")),
			"CALL { MATCH (:A)-[:R]->(x) RETURN x UNION MATCH (b:B)-[:T]->(x) WHERE b.k = 4 RETURN x } RETURN count(x) AS n",
			"MATCH (x) WHERE EXISTS { (:A)-[:R]->(x) } OR EXISTS { MATCH (b:B)-[:T]->(x) WHERE b.k = 4 } RETURN count(*) AS n",
			"OPTIONAL MATCH (:A)-[:R]->(x) WITH collect(DISTINCT x) AS l1 OPTIONAL MATCH (b:B {k: 4})-[:T]->(y) WITH l1, collect(DISTINCT y) AS l2 RETURN size(l1) + size([y IN l2 WHERE NOT y IN l1]) AS n",
		)},
		// Per A node with keyed R out-neighbours, the spread of their
		// keys: consecutive differences of the ordered keys summed by
		// range() and index access, max() less min(), the last less the
		// head, a comprehension of the differences reduced, absolute
		// differences, a CALL { } per node.
		{"g-h13-range-index", "range and index access", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, reduce(t = 0, i IN range(1, size(ks) - 1) | t + ks[i] - ks[i - 1]) AS spread",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, min(b.k) AS lo, max(b.k) AS hi RETURN a.id AS id, hi - lo AS spread",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, last(ks) - head(ks) AS spread",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, reduce(t = 0, d IN [i IN range(0, size(ks) - 2) | ks[i + 1] - ks[i]] | t + d) AS spread",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k DESC WITH a, collect(k) AS ks RETURN a.id AS id, reduce(t = 0, i IN range(1, size(ks) - 1) | t + abs(ks[i] - ks[i - 1])) AS spread",
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->(b) WHERE b.k IS NOT NULL } CALL { WITH a MATCH (a)-[:R]->(b) RETURN max(b.k) - min(b.k) AS spread } RETURN a.id AS id, spread",
		)},

		// Users graphs.
		// The hub's out-neighbours with more out-links than in-links: two
		// COUNT { } compared, two comprehensions' sizes, an OPTIONAL MATCH
		// chain, the difference in a WITH, a CALL { } summing the
		// undirected links' ends, the pattern sizes.
		{"u-h13-more-out-than-in", "comparing two counts", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WHERE COUNT { (v)-->() } > COUNT { (v)<--() } RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE size([(v)-->(x) | x]) > size([(v)<--(x) | x]) RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) OPTIONAL MATCH (v)-->(o) WITH v, count(o) AS outs OPTIONAL MATCH (v)<--(i) WITH v, outs, count(i) AS ins WHERE outs > ins RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH v, COUNT { (v)-->() } - COUNT { (v)<--() } AS d WHERE d > 0 RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) CALL { WITH v MATCH (v)-[r]-() RETURN sum(CASE WHEN startNode(r) = v THEN 1 ELSE 0 END - CASE WHEN endNode(r) = v THEN 1 ELSE 0 END) AS d } WITH v, d WHERE d > 0 RETURN count(*) AS n",
		)},
		// The share of the hub's out-neighbours that link back: count()
		// of a CASE over count(*), avg() of 1.0 and 0.0, the collected
		// neighbours filtered, COUNT { } over COUNT { }, a sum of
		// booleans made integers, OPTIONAL MATCH of the link back.
		{"u-h13-reciprocal-share", "ratios of counts", Users, written(false,
			"MATCH (h:User {id: $hub})-->(v) RETURN toFloat(count(CASE WHEN (v)-->(h) THEN 1 END)) / count(*) AS share",
			"MATCH (h:User {id: $hub})-->(v) RETURN avg(CASE WHEN EXISTS { (v)-->(h) } THEN 1.0 ELSE 0.0 END) AS share",
			"MATCH (h:User {id: $hub})-->(v) WITH h, collect(v) AS vs RETURN toFloat(size([v IN vs WHERE (v)-->(h)])) / size(vs) AS share",
			"MATCH (h:User {id: $hub}) RETURN toFloat(COUNT { (h)-->(v) WHERE (v)-->(h) }) / COUNT { (h)-->() } AS share",
			"MATCH (h:User {id: $hub})-->(v) RETURN sum(toInteger(EXISTS { (v)-->(h) })) * 1.0 / count(*) AS share",
			"MATCH (h:User {id: $hub})-->(v) OPTIONAL MATCH (v)-[b]->(h) WITH v, count(b) > 0 AS back RETURN toFloat(count(CASE WHEN back THEN 1 END)) / count(*) AS share",
		)},
		// The median out-degree of the hub's out-neighbours:
		// percentileDisc() of COUNT { }, the ascending list indexed, the
		// descending list indexed, percentileDisc() of OPTIONAL MATCH
		// counts, the ascending list sliced, the value with as many
		// smaller values as the index.
		{"u-h13-median-degree", "percentileDisc vs sorted list", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) RETURN percentileDisc(COUNT { (v)-->() }, 0.5) AS med",
			"MATCH (:User {id: $hub})-->(v) WITH COUNT { (v)-->() } AS d ORDER BY d WITH collect(d) AS ds RETURN ds[(size(ds) - 1) / 2] AS med",
			"MATCH (:User {id: $hub})-->(v) WITH COUNT { (v)-->() } AS d ORDER BY d DESC WITH collect(d) AS ds RETURN ds[size(ds) / 2] AS med",
			"MATCH (:User {id: $hub})-->(v) OPTIONAL MATCH (v)-->(w) WITH v, count(w) AS d RETURN percentileDisc(d, 0.5) AS med",
			"MATCH (:User {id: $hub})-->(v) WITH v, COUNT { (v)-->() } AS d ORDER BY d WITH collect(d) AS ds RETURN head(ds[(size(ds) - 1) / 2..]) AS med",
			"MATCH (:User {id: $hub})-->(v) WITH collect(COUNT { (v)-->() }) AS ds RETURN [d IN ds WHERE size([e IN ds WHERE e < d]) < (size(ds) + 1) / 2 AND size([e IN ds WHERE e <= d]) >= (size(ds) + 1) / 2][0] AS med",
		)},
		// The hub's five smallest out-neighbour ids, each after a dash:
		// collect()[..5] of the ordered ids, ORDER BY LIMIT then collect(),
		// an ordered COLLECT { } with LIMIT, the descending list reversed
		// and sliced, strings with their dashes sliced, a CALL { } with
		// ORDER BY LIMIT.
		{"u-h13-smallest-joined", "collect()[..k] and string aggregation", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH v ORDER BY v.id WITH collect(v.id)[..5] AS ids RETURN reduce(s = '', i IN ids | s + '-' + toString(i)) AS joined",
			"MATCH (:User {id: $hub})-->(v) WITH v ORDER BY v.id LIMIT 5 WITH collect(v.id) AS ids RETURN reduce(s = '', i IN ids | s + '-' + toString(i)) AS joined",
			"RETURN reduce(s = '', i IN COLLECT { MATCH (:User {id: $hub})-->(v) RETURN v.id AS i ORDER BY i LIMIT 5 } | s + '-' + toString(i)) AS joined",
			"MATCH (:User {id: $hub})-->(v) WITH v.id AS i ORDER BY i DESC WITH collect(i) AS ids RETURN reduce(s = '', i IN reverse(ids)[..5] | s + '-' + toString(i)) AS joined",
			"MATCH (:User {id: $hub})-->(v) WITH v ORDER BY v.id WITH collect('-' + toString(v.id)) AS ts RETURN reduce(s = '', t IN ts[0..5] | s + t) AS joined",
			"MATCH (h:User {id: $hub}) CALL { WITH h MATCH (h)-->(v) RETURN v.id AS i ORDER BY i LIMIT 5 } WITH collect(i) AS ids RETURN reduce(s = '', i IN ids | s + '-' + toString(i)) AS joined",
		)},
		// The length of the shortest path of one or two links either way
		// from the hub to the other user through users of id below 2000:
		// shortestPath() with all() over its nodes, the least length of
		// the filtered variable-length paths, a quantified path with the
		// test inside, none() of the converse, allShortestPaths() made
		// distinct, a CASE of the two lengths' pattern tests.
		{"u-h13-shortest-filtered", "shortestPath with a node filter", Users, written(false,
			"MATCH (h:User {id: $hub}), (o:User {id: $other}) MATCH p = shortestPath((h)-[*..2]-(o)) WHERE all(n IN nodes(p) WHERE n.id < 2000) RETURN length(p) AS len",
			"MATCH (h:User {id: $hub}), (o:User {id: $other}) MATCH p = (h)-[*1..2]-(o) WHERE all(n IN nodes(p) WHERE n.id < 2000) WITH min(length(p)) AS len WHERE len IS NOT NULL RETURN len",
			"MATCH (h:User {id: $hub}) WHERE h.id < 2000 MATCH (h) (()--(x) WHERE x.id < 2000){1,2} (o:User {id: $other}) WITH min(size(x)) AS len WHERE len IS NOT NULL RETURN len",
			"MATCH (h:User {id: $hub}), (o:User {id: $other}) MATCH p = shortestPath((h)-[*..2]-(o)) WHERE none(n IN nodes(p) WHERE n.id >= 2000) RETURN length(p) AS len",
			"MATCH (h:User {id: $hub}), (o:User {id: $other}) MATCH p = allShortestPaths((h)-[*..2]-(o)) WHERE all(n IN nodes(p) WHERE n.id < 2000) RETURN DISTINCT length(p) AS len",
			"MATCH (h:User {id: $hub}), (o:User {id: $other}) WHERE h.id < 2000 AND o.id < 2000 WITH CASE WHEN (h)--(o) THEN 1 WHEN EXISTS { (h)--(x)--(o) WHERE x.id < 2000 } THEN 2 END AS len WHERE len IS NOT NULL RETURN len",
		)},
		// The hub's out-neighbours with out-links whose every
		// out-neighbour links back: all() over the collected
		// out-neighbours, NOT EXISTS of a counterexample, COUNT { } of
		// counterexamples 0, min() of a CASE, all() over a comprehension of
		// EXISTS, two COUNT { } equal.
		{"u-h13-all-links-back", "all() over collected lists", Users, written(false,
			"MATCH (:User {id: $hub})-->(v)-->(w) WITH v, collect(w) AS ws WHERE all(w IN ws WHERE (w)-->(v)) RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE EXISTS { (v)-->() } AND NOT EXISTS { (v)-->(w) WHERE NOT (w)-->(v) } RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE COUNT { (v)-->() } > 0 AND COUNT { (v)-->(w) WHERE NOT (w)-->(v) } = 0 RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v)-->(w) WITH v, min(CASE WHEN (w)-->(v) THEN 1 ELSE 0 END) AS ok WHERE ok = 1 RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH v, [(v)-->(w) | EXISTS { (w)-->(v) }] AS backs WHERE size(backs) > 0 AND all(b IN backs WHERE b) RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE (v)-->() AND COUNT { (v)-->(w) WHERE (w)-->(v) } = COUNT { (v)-->() } RETURN count(*) AS n",
		)},

		// Movies.
		// The person's movies, those of the 1990s first, then those
		// released from 2000, then the rest, each by title: a searched
		// CASE in ORDER BY, CASE on the decade, a WITH column, boolean keys
		// made total, a UNION ALL of the three branches, a list indexed by
		// the two tests.
		{"m-h13-case-order-movies", "CASE in ORDER BY", Movies, written(true,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN m.title AS title, m.released AS year ORDER BY CASE WHEN m.released >= 1990 AND m.released < 2000 THEN 0 WHEN m.released >= 2000 THEN 1 ELSE 2 END, title",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN m.title AS title, m.released AS year ORDER BY CASE WHEN m.released / 10 = 199 THEN 0 WHEN m.released / 10 >= 200 THEN 1 ELSE 2 END, title",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH m, CASE WHEN 1990 <= m.released < 2000 THEN 0 WHEN m.released >= 2000 THEN 1 ELSE 2 END AS o RETURN m.title AS title, m.released AS year ORDER BY o, title",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN m.title AS title, m.released AS year ORDER BY coalesce(1990 <= m.released < 2000, false) DESC, coalesce(m.released >= 2000, false) DESC, title",
			"CALL { MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WHERE 1990 <= m.released < 2000 RETURN m, 0 AS o UNION ALL MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WHERE m.released >= 2000 RETURN m, 1 AS o UNION ALL MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WHERE m.released IS NULL OR m.released < 1990 RETURN m, 2 AS o } RETURN m.title AS title, m.released AS year ORDER BY o, title",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN m.title AS title, m.released AS year ORDER BY coalesce([2, 0, 1][toInteger(m.released >= 1990) + toInteger(m.released >= 2000)], 2), title",
		)},
		// Per movie of the person, its actors' median birth year:
		// percentileDisc(), the ascending list indexed, the descending
		// list indexed, a CALL { } collecting the ordered years of the
		// other relationships, the
		// value with as many smaller values as the index.
		{"m-h13-born-median", "percentileDisc vs sorted list", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) RETURN m.title AS title, percentileDisc(c.born, 0.5) AS med",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WITH m, c.born AS b ORDER BY b WITH m, collect(b) AS bs RETURN m.title AS title, bs[(size(bs) - 1) / 2] AS med",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WITH m, c.born AS b ORDER BY b DESC WITH m, collect(b) AS bs RETURN m.title AS title, bs[size(bs) / 2] AS med",
			"MATCH (:Person {name: $who})-[r0:ACTED_IN]->(m:Movie) WHERE EXISTS { (m)<-[r:ACTED_IN]-(:Person) WHERE r <> r0 } CALL { WITH m, r0 MATCH (m)<-[r:ACTED_IN]-(c:Person) WHERE r <> r0 WITH c.born AS b ORDER BY b RETURN collect(b) AS bs } RETURN m.title AS title, bs[(size(bs) - 1) / 2] AS med",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WITH m, collect(c.born) AS bs RETURN m.title AS title, [b IN bs WHERE size([e IN bs WHERE e < b]) < (size(bs) + 1) / 2 AND size([e IN bs WHERE e <= b]) >= (size(bs) + 1) / 2][0] AS med",
		)},
		// Per movie of the person, the other actors' names in order,
		// comma-separated: the reduced string less its leading separator,
		// an ordered COLLECT { }, the descending list reversed, names
		// collected with their separators, the head then the tail.
		{"m-h13-coactors-joined", "string aggregation via reduce", Movies, written(false,
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WHERE c <> p WITH m, c ORDER BY c.name WITH m, collect(c.name) AS names RETURN m.title AS title, substring(reduce(s = '', n IN names | s + ', ' + n), 2) AS cast",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie) WHERE EXISTS { (m)<-[:ACTED_IN]-(c:Person) WHERE c <> p } RETURN m.title AS title, substring(reduce(s = '', n IN COLLECT { MATCH (m)<-[:ACTED_IN]-(c:Person) WHERE c <> p AND c.name IS NOT NULL RETURN c.name AS n ORDER BY n } | s + ', ' + n), 2) AS cast",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WHERE c <> p WITH m, c.name AS n ORDER BY n DESC WITH m, collect(n) AS names RETURN m.title AS title, substring(reduce(s = '', n IN reverse(names) | s + ', ' + n), 2) AS cast",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WHERE c <> p WITH m, c ORDER BY c.name WITH m, collect(', ' + c.name) AS parts RETURN m.title AS title, substring(reduce(s = '', x IN parts | s + x), 2) AS cast",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WHERE c <> p WITH m, c ORDER BY c.name WITH m, collect(c.name) AS names RETURN m.title AS title, CASE size(names) WHEN 0 THEN '' ELSE reduce(s = names[0], n IN names[1..] | s + ', ' + n) END AS cast",
		)},
		// People who directed a movie and acted in more movies than they
		// directed: two COUNT { } compared, the directed count in a WITH,
		// two comprehensions' sizes in a chained comparison, sums of CASE
		// on the type over one OPTIONAL MATCH, a CALL { } summing +1 and
		// -1.
		{"m-h13-acted-more-than-directed", "comparing two counts", Movies, written(false,
			"MATCH (p:Person) WHERE COUNT { (p)-[:DIRECTED]->() } > 0 AND COUNT { (p)-[:ACTED_IN]->() } > COUNT { (p)-[:DIRECTED]->() } RETURN p.name AS name",
			"MATCH (p:Person)-[:DIRECTED]->(d) WITH p, count(d) AS dc WHERE COUNT { (p)-[:ACTED_IN]->() } > dc RETURN p.name AS name",
			"MATCH (p:Person) WITH p, size([(p)-[:ACTED_IN]->(m) | m]) AS ac, size([(p)-[:DIRECTED]->(m) | m]) AS dc WHERE 0 < dc < ac RETURN p.name AS name",
			"MATCH (p:Person) OPTIONAL MATCH (p)-[r:ACTED_IN|DIRECTED]->() WITH p, sum(CASE type(r) WHEN 'ACTED_IN' THEN 1 ELSE 0 END) AS ac, sum(CASE type(r) WHEN 'DIRECTED' THEN 1 ELSE 0 END) AS dc WHERE dc > 0 AND ac > dc RETURN p.name AS name",
			"MATCH (p:Person)-[:DIRECTED]->() WITH DISTINCT p CALL { WITH p MATCH (p)-[r:ACTED_IN|DIRECTED]->() RETURN sum(CASE WHEN r:ACTED_IN THEN 1 ELSE -1 END) AS d } WITH p, d WHERE d > 0 RETURN p.name AS name",
		)},
		// Other people born the year the person was: WHERE comparing the
		// two, a map in the pattern reading the person's year, the year
		// bound in a WITH, EXISTS { } with the comparison inside, the
		// matches collected and filtered, people grouped by year.
		{"m-h13-same-born-as", "value joins on properties", Movies, written(false,
			"MATCH (w:Person {name: $who}), (p:Person) WHERE p.born = w.born AND p <> w RETURN p.name AS name",
			"MATCH (w:Person {name: $who}) MATCH (p:Person {born: w.born}) WHERE p <> w RETURN p.name AS name",
			"MATCH (w:Person {name: $who}) WITH w, w.born AS y MATCH (p:Person) WHERE p.born = y AND p <> w RETURN p.name AS name",
			"MATCH (p:Person) WHERE EXISTS { MATCH (w:Person {name: $who}) WHERE w.born = p.born AND w <> p } RETURN p.name AS name",
			"MATCH (w:Person {name: $who}) MATCH (p:Person) WHERE p.born = w.born WITH w, collect(p) AS ps UNWIND [x IN ps WHERE x <> w] AS p RETURN p.name AS name",
			"MATCH (p:Person) WHERE p.born IS NOT NULL WITH p.born AS y, collect(p) AS ps WITH ps, [x IN ps WHERE x.name = $who] AS ws WHERE size(ws) > 0 UNWIND ps AS p WITH p, ws WHERE NOT p IN ws RETURN p.name AS name",
		)},
		// Per movie of the person, the names of its three oldest other
		// actors (by birth year, then name; a missing year last):
		// collect()[..3] of the ordered names, an ordered COLLECT { } with
		// LIMIT, a CALL { } with ORDER BY LIMIT, the descending list
		// reversed and sliced, a range of indices below three.
		{"m-h13-top3-oldest-cast", "collect()[..k] per group", Movies, written(false,
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WHERE c <> p WITH m, c ORDER BY c.born, c.name WITH m, collect(c.name)[..3] AS oldest RETURN m.title AS title, oldest",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie) WHERE EXISTS { (m)<-[:ACTED_IN]-(c:Person) WHERE c <> p } RETURN m.title AS title, COLLECT { MATCH (m)<-[:ACTED_IN]-(c:Person) WHERE c <> p AND c.name IS NOT NULL RETURN c.name AS name ORDER BY c.born, name LIMIT 3 } AS oldest",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie) CALL { WITH m, p MATCH (m)<-[:ACTED_IN]-(c:Person) WHERE c <> p RETURN c ORDER BY c.born, c.name LIMIT 3 } WITH m, collect(c.name) AS oldest RETURN m.title AS title, oldest",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WHERE c <> p WITH m, c ORDER BY c.born DESC, c.name DESC WITH m, collect(c.name) AS names RETURN m.title AS title, reverse(names)[..3] AS oldest",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WHERE c <> p WITH m, c ORDER BY c.born, c.name WITH m, collect(c.name) AS names RETURN m.title AS title, [i IN range(0, 2) WHERE i < size(names) | names[i]] AS oldest",
		)},
		// The length of the shortest path of up to four ACTED_IN
		// relationships from the person to Kevin Bacon: shortestPath()
		// with all() over the types, the typed shortestPath(), the least
		// length of the variable-length paths, of a quantified path,
		// allShortestPaths() made distinct, none() of other types.
		{"m-h13-shortest-acted", "shortestPath with a relationship filter", Movies, written(false,
			"MATCH (a:Person {name: $who}), (b:Person {name: 'Kevin Bacon'}) MATCH p = shortestPath((a)-[*..4]-(b)) WHERE all(r IN relationships(p) WHERE type(r) = 'ACTED_IN') RETURN length(p) AS len",
			"MATCH (a:Person {name: $who}), (b:Person {name: 'Kevin Bacon'}) MATCH p = shortestPath((a)-[:ACTED_IN*..4]-(b)) RETURN length(p) AS len",
			"MATCH (a:Person {name: $who}), (b:Person {name: 'Kevin Bacon'}) MATCH p = (a)-[:ACTED_IN*1..4]-(b) WITH a, b, min(length(p)) AS len RETURN len",
			"MATCH (a:Person {name: $who}) (()-[r:ACTED_IN]-()){1,4} (b:Person {name: 'Kevin Bacon'}) WITH a, b, min(size(r)) AS len RETURN len",
			"MATCH (a:Person {name: $who}), (b:Person {name: 'Kevin Bacon'}) MATCH p = allShortestPaths((a)-[:ACTED_IN*..4]-(b)) RETURN DISTINCT length(p) AS len",
			"MATCH (a:Person {name: $who}), (b:Person {name: 'Kevin Bacon'}) MATCH p = shortestPath((a)-[rs*..4]-(b)) WHERE none(r IN rs WHERE NOT r:ACTED_IN) RETURN length(p) AS len",
		)},

		// Stack Overflow.
		// Askers of the tag's questions with more answers than questions:
		// two COUNT { } compared, two comprehensions' sizes, an OPTIONAL
		// MATCH chain, the difference in a WITH, a CALL { } summing +1
		// and -1.
		{"s-h13-answers-over-questions", "comparing two counts", StackOverflow, written(false,
			"MATCH (u:User) WHERE EXISTS { (u)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) } AND COUNT { (u)-[:PROVIDED]->(:Answer) } > COUNT { (u)-[:ASKED]->(:Question) } RETURN u.user_id AS id",
			"MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH DISTINCT u WHERE size([(u)-[:PROVIDED]->(a:Answer) | a]) > size([(u)-[:ASKED]->(q:Question) | q]) RETURN u.user_id AS id",
			"MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH DISTINCT u OPTIONAL MATCH (u)-[:PROVIDED]->(a:Answer) WITH u, count(a) AS answers OPTIONAL MATCH (u)-[:ASKED]->(q:Question) WITH u, answers, count(q) AS asked WHERE answers > asked RETURN u.user_id AS id",
			"MATCH (u:User) WHERE (u)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH u, COUNT { (u)-[:PROVIDED]->(:Answer) } - COUNT { (u)-[:ASKED]->(:Question) } AS d WHERE d > 0 RETURN u.user_id AS id",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ASKED]-(u:User) WITH DISTINCT u CALL { WITH u MATCH (u)-[r:PROVIDED|ASKED]->(x) WHERE x:Answer OR x:Question RETURN sum(CASE type(r) WHEN 'PROVIDED' THEN toInteger(x:Answer) ELSE -toInteger(x:Question) END) AS d } WITH u, d WHERE d > 0 RETURN u.user_id AS id",
		)},
		// The median and lower quartile of the tag's questions' view counts:
		// percentileDisc(), the ascending list indexed, the descending list
		// indexed from the end, the pattern written from the tag, an
		// ordered COLLECT { } indexed.
		{"s-h13-view-percentiles", "percentileDisc vs sorted list", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN percentileDisc(q.view_count, 0.5) AS med, percentileDisc(q.view_count, 0.25) AS p25",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH q.view_count AS s ORDER BY s WITH collect(s) AS ss RETURN ss[(size(ss) - 1) / 2] AS med, ss[(size(ss) - 1) / 4] AS p25",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH q.view_count AS s ORDER BY s DESC WITH collect(s) AS ss RETURN ss[size(ss) / 2] AS med, ss[size(ss) - 1 - (size(ss) - 1) / 4] AS p25",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) RETURN percentileDisc(q.view_count, 0.5) AS med, percentileDisc(q.view_count, 0.25) AS p25",
			"MATCH (t:Tag {name: $tag}) WITH COLLECT { MATCH (q:Question)-[:TAGGED]->(t) WHERE q.view_count IS NOT NULL RETURN q.view_count AS s ORDER BY s } AS ss RETURN ss[(size(ss) - 1) / 2] AS med, ss[(size(ss) - 1) / 4] AS p25",
		)},
		// The first ten of the tag's questions, those with an accepted
		// answer first, then by answer count (highest first) and id: CASE in
		// ORDER BY, the null test ascending, its converse descending, a
		// WITH column, a UNION ALL of the two branches, the test made an
		// integer.
		{"s-h13-accepted-first", "CASE in ORDER BY", StackOverflow, written(true,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN q.question_id AS id, q.answer_count AS answers ORDER BY CASE WHEN q.accepted_answer_id IS NULL THEN 1 ELSE 0 END, answers DESC, id LIMIT 10",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN q.question_id AS id, q.answer_count AS answers ORDER BY q.accepted_answer_id IS NULL, answers DESC, id LIMIT 10",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN q.question_id AS id, q.answer_count AS answers ORDER BY q.accepted_answer_id IS NOT NULL DESC, answers DESC, id LIMIT 10",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH q, CASE WHEN q.accepted_answer_id IS NULL THEN 1 ELSE 0 END AS o ORDER BY o, q.answer_count DESC, q.question_id LIMIT 10 RETURN q.question_id AS id, q.answer_count AS answers ORDER BY o, answers DESC, id",
			"CALL { MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.accepted_answer_id IS NOT NULL RETURN q, 0 AS o UNION ALL MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.accepted_answer_id IS NULL RETURN q, 1 AS o } RETURN q.question_id AS id, q.answer_count AS answers ORDER BY o, answers DESC, id LIMIT 10",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN q.question_id AS id, q.answer_count AS answers ORDER BY toInteger(q.accepted_answer_id IS NULL), answers DESC, id LIMIT 10",
		)},
		// The share of the tag's questions with an accepted answer:
		// count() of the property over count(*), avg() of 1.0 and 0.0, a
		// sum of CASEs times 1.0, COUNT { } over COUNT { } from the tag,
		// the collected questions filtered.
		{"s-h13-accepted-share", "ratios of counts", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN toFloat(count(q.accepted_answer_id)) / count(*) AS share",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN avg(CASE WHEN q.accepted_answer_id IS NULL THEN 0.0 ELSE 1.0 END) AS share",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN sum(CASE WHEN q.accepted_answer_id IS NOT NULL THEN 1 ELSE 0 END) * 1.0 / count(*) AS share",
			"MATCH (t:Tag {name: $tag}) RETURN toFloat(COUNT { (q:Question)-[:TAGGED]->(t) WHERE q.accepted_answer_id IS NOT NULL }) / COUNT { (:Question)-[:TAGGED]->(t) } AS share",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH collect(q) AS qs RETURN toFloat(size([q IN qs WHERE q.accepted_answer_id IS NOT NULL])) / size(qs) AS share",
		)},
		// Pairs of the tag's questions of equal answer count, counted once: the
		// two questions through the tag, two patterns, the counts per
		// answer count paired, a map in the second pattern reading the first's
		// answer count, COUNT { } of the later questions summed.
		{"s-h13-same-answer-count-pairs", "value joins on properties", StackOverflow, written(false,
			"MATCH (q1:Question)-[:TAGGED]->(:Tag {name: $tag})<-[:TAGGED]-(q2:Question) WHERE q1.answer_count = q2.answer_count AND q1.question_id < q2.question_id RETURN count(*) AS n",
			"MATCH (q1:Question)-[:TAGGED]->(:Tag {name: $tag}), (q2:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q1.answer_count = q2.answer_count AND q1.question_id < q2.question_id RETURN count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.answer_count IS NOT NULL AND q.question_id IS NOT NULL WITH q.answer_count AS s, count(*) AS c RETURN sum(c * (c - 1) / 2) AS n",
			"MATCH (q1:Question)-[:TAGGED]->(:Tag {name: $tag}) MATCH (q2:Question {answer_count: q1.answer_count})-[:TAGGED]->(:Tag {name: $tag}) WHERE q1.question_id < q2.question_id RETURN count(*) AS n",
			"MATCH (q1:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN sum(COUNT { MATCH (q2:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q2.answer_count = q1.answer_count AND q2.question_id > q1.question_id }) AS n",
		)},

		// LDBC.
		// The person's friends using the same browser, per gender: WHERE
		// comparing the two, a map in the pattern reading the person's,
		// the browser bound in a WITH, one-element lists compared, IN a
		// one-element list, a filtered comprehension unwound.
		{"l-h13-same-browser-friends", "value joins on properties", LDBC, written(false,
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WHERE f.browserUsed = p.browserUsed RETURN f.gender AS g, count(*) AS n",
			"MATCH (p:Person {id: $person}) MATCH (p)-[:KNOWS]-(f:Person {browserUsed: p.browserUsed}) RETURN f.gender AS g, count(*) AS n",
			"MATCH (p:Person {id: $person}) WITH p, p.browserUsed AS b MATCH (p)-[:KNOWS]-(f:Person) WHERE f.browserUsed = b RETURN f.gender AS g, count(*) AS n",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WITH p, f WHERE [f.browserUsed] = [p.browserUsed] RETURN f.gender AS g, count(*) AS n",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WHERE f.browserUsed IN [p.browserUsed] RETURN f.gender AS g, count(*) AS n",
			"MATCH (p:Person {id: $person}) UNWIND [(p)-[:KNOWS]-(f:Person) WHERE f.browserUsed = p.browserUsed | f] AS f RETURN f.gender AS g, count(*) AS n",
		)},
		// The person's friends with more comments than posts: two COUNT
		// { } compared, two comprehensions' sizes, sums of label tests
		// over one OPTIONAL MATCH, a CALL { } summing their difference, an
		// OPTIONAL MATCH chain.
		{"l-h13-comments-over-posts", "comparing two counts", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE COUNT { (f)<-[:HAS_CREATOR]-(:Comment) } > COUNT { (f)<-[:HAS_CREATOR]-(:Post) } RETURN f.id AS id",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f, size([(f)<-[:HAS_CREATOR]-(c:Comment) | c]) AS cs, size([(f)<-[:HAS_CREATOR]-(p:Post) | p]) AS ps WHERE cs > ps RETURN f.id AS id",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) OPTIONAL MATCH (f)<-[:HAS_CREATOR]-(m) WITH f, sum(CASE WHEN m:Comment THEN 1 ELSE 0 END) AS cs, sum(CASE WHEN m:Post THEN 1 ELSE 0 END) AS ps WHERE cs > ps RETURN f.id AS id",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) CALL { WITH f MATCH (f)<-[:HAS_CREATOR]-(m) RETURN sum(toInteger(m:Comment) - toInteger(m:Post)) AS d } WITH f, d WHERE d > 0 RETURN f.id AS id",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) OPTIONAL MATCH (f)<-[:HAS_CREATOR]-(c:Comment) WITH f, count(c) AS cs OPTIONAL MATCH (f)<-[:HAS_CREATOR]-(p:Post) WITH f, cs, count(p) AS ps WHERE cs > ps RETURN f.id AS id",
		)},
		// The person's friends' distinct first names in order, each after
		// a slash: WITH DISTINCT then the ordered collect(), collect(
		// DISTINCT) of the ordered names, an ordered COLLECT { } of
		// distinct names, the descending list reversed, names collected
		// with their slashes.
		{"l-h13-friend-names-joined", "string aggregation via reduce", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f.firstName AS n ORDER BY n WITH collect(n) AS ns RETURN reduce(s = '', n IN ns | s + '/' + n) AS names",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f.firstName AS n ORDER BY n WITH collect(DISTINCT n) AS ns RETURN reduce(s = '', n IN ns | s + '/' + n) AS names",
			"MATCH (p:Person {id: $person}) RETURN reduce(s = '', n IN COLLECT { MATCH (p)-[:KNOWS]-(f:Person) WHERE f.firstName IS NOT NULL RETURN DISTINCT f.firstName AS n ORDER BY n } | s + '/' + n) AS names",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f.firstName AS n ORDER BY n DESC WITH collect(DISTINCT n) AS ns RETURN reduce(s = '', n IN reverse(ns) | s + '/' + n) AS names",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f ORDER BY f.firstName WITH collect(DISTINCT '/' + f.firstName) AS parts RETURN reduce(s = '', x IN parts | s + x) AS names",
		)},
		// Per gender, the median birth year of the person's friends:
		// percentileDisc() of the year, the ascending list indexed, the
		// descending list indexed, percentileDisc() of the ISO string's
		// year, the value with as many smaller values as the index.
		{"l-h13-birth-year-median", "percentileDisc vs sorted list", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN f.gender AS g, percentileDisc(f.birthday.year, 0.5) AS med",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f.gender AS g, f.birthday.year AS y ORDER BY y WITH g, collect(y) AS ys RETURN g, ys[(size(ys) - 1) / 2] AS med",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f.gender AS g, f.birthday.year AS y ORDER BY y DESC WITH g, collect(y) AS ys RETURN g, ys[size(ys) / 2] AS med",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN f.gender AS g, percentileDisc(toInteger(left(toString(f.birthday), 4)), 0.5) AS med",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f.gender AS g, collect(f.birthday.year) AS ys RETURN g, [y IN ys WHERE size([e IN ys WHERE e < y]) < (size(ys) + 1) / 2 AND size([e IN ys WHERE e <= y]) >= (size(ys) + 1) / 2][0] AS med",
		)},
		// The length of the shortest KNOWS path of up to three
		// friendships from the person to the other person through
		// friendships made before 2011: shortestPath() with all() over
		// its relationships, the least length of the filtered
		// variable-length paths, of a quantified path with the test
		// inside, none() of the converse, allShortestPaths() made
		// distinct, epoch milliseconds compared.
		{"l-h13-shortest-early-knows", "shortestPath with a relationship filter", LDBC, written(false,
			"MATCH (a:Person {id: $person}), (b:Person {id: $other}) MATCH p = shortestPath((a)-[:KNOWS*..3]-(b)) WHERE all(k IN relationships(p) WHERE k.creationDate < datetime('2011-01-01T00:00:00Z')) RETURN length(p) AS len",
			"MATCH (a:Person {id: $person}), (b:Person {id: $other}) MATCH p = (a)-[:KNOWS*1..3]-(b) WHERE all(k IN relationships(p) WHERE k.creationDate < datetime('2011-01-01T00:00:00Z')) WITH min(length(p)) AS len WHERE len IS NOT NULL RETURN len",
			"MATCH (a:Person {id: $person}) (()-[k:KNOWS WHERE k.creationDate < datetime('2011-01-01T00:00:00Z')]-()){1,3} (b:Person {id: $other}) WITH min(size(k)) AS len WHERE len IS NOT NULL RETURN len",
			"MATCH (a:Person {id: $person}), (b:Person {id: $other}) MATCH p = shortestPath((a)-[ks:KNOWS*..3]-(b)) WHERE none(k IN ks WHERE k.creationDate >= datetime('2011-01-01T00:00:00Z')) RETURN length(p) AS len",
			"MATCH (a:Person {id: $person}), (b:Person {id: $other}) MATCH p = allShortestPaths((a)-[:KNOWS*..3]-(b)) WHERE all(k IN relationships(p) WHERE k.creationDate < datetime('2011-01-01T00:00:00Z')) RETURN DISTINCT length(p) AS len",
			"MATCH (a:Person {id: $person}), (b:Person {id: $other}) MATCH p = shortestPath((a)-[:KNOWS*..3]-(b)) WHERE all(k IN relationships(p) WHERE k.creationDate.epochMillis < 1293840000000) RETURN length(p) AS len",
		)},

		// Northwind.
		// The median and lower quartile of the category's unit prices:
		// percentileDisc(), the ascending list indexed, the descending
		// list indexed from the end, an ordered COLLECT { } indexed, the
		// values with as many smaller values as the indices.
		{"n-h13-price-percentiles", "percentileDisc vs sorted list", Northwind, written(false,
			"MATCH (p:Product)-[:PART_OF]->(:Category {categoryName: $category}) RETURN percentileDisc(p.unitPrice, 0.5) AS med, percentileDisc(p.unitPrice, 0.25) AS q1",
			"MATCH (p:Product)-[:PART_OF]->(:Category {categoryName: $category}) WITH p.unitPrice AS x ORDER BY x WITH collect(x) AS xs RETURN xs[(size(xs) - 1) / 2] AS med, xs[(size(xs) - 1) / 4] AS q1",
			"MATCH (p:Product)-[:PART_OF]->(:Category {categoryName: $category}) WITH p.unitPrice AS x ORDER BY x DESC WITH collect(x) AS xs RETURN xs[size(xs) / 2] AS med, xs[size(xs) - 1 - (size(xs) - 1) / 4] AS q1",
			"MATCH (c:Category {categoryName: $category}) WITH COLLECT { MATCH (p:Product)-[:PART_OF]->(c) WHERE p.unitPrice IS NOT NULL RETURN p.unitPrice AS x ORDER BY x } AS xs RETURN xs[(size(xs) - 1) / 2] AS med, xs[(size(xs) - 1) / 4] AS q1",
			"MATCH (p:Product)-[:PART_OF]->(:Category {categoryName: $category}) WITH collect(p.unitPrice) AS xs RETURN [x IN xs WHERE size([e IN xs WHERE e < x]) < (size(xs) + 1) / 2 AND size([e IN xs WHERE e <= x]) >= (size(xs) + 1) / 2][0] AS med, [x IN xs WHERE size([e IN xs WHERE e < x]) < (size(xs) + 3) / 4 AND size([e IN xs WHERE e <= x]) >= (size(xs) + 3) / 4][0] AS q1",
		)},
		// The share of the category's order lines with a discount: count()
		// of a CASE over count(*), avg() of 1.0 and 0.0, a sum of booleans
		// made integers, COUNT { } over COUNT { } from the category, the
		// collected discounts filtered.
		{"n-h13-discount-share", "ratios of counts", Northwind, written(false,
			"MATCH (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) RETURN toFloat(count(CASE WHEN o.discount > 0 THEN 1 END)) / count(*) AS share",
			"MATCH (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) RETURN avg(CASE WHEN o.discount > 0 THEN 1.0 ELSE 0.0 END) AS share",
			"MATCH (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) RETURN sum(toInteger(o.discount > 0)) * 1.0 / count(*) AS share",
			"MATCH (c:Category {categoryName: $category}) RETURN toFloat(COUNT { (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(c) WHERE o.discount > 0 }) / COUNT { (:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(c) } AS share",
			"MATCH (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) WITH collect(o.discount) AS ds, count(*) AS n RETURN toFloat(size([d IN ds WHERE d > 0])) / n AS share",
		)},
		// The customer's orders shipped to the customer's own country, per
		// employee: WHERE comparing the two, a map in the pattern reading
		// the customer's, IN a one-element list, NOT <>, the country bound
		// in a WITH, COUNT { } per employee summed per name.
		{"n-h13-ship-home", "value joins on properties", Northwind, written(false,
			"MATCH (c:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)<-[:SOLD]-(e:Employee) WHERE o.shipCountry = c.country RETURN e.lastName AS e, count(*) AS n",
			"MATCH (c:Customer {customerID: $customer}) MATCH (c)-[:PURCHASED]->(o:Order {shipCountry: c.country})<-[:SOLD]-(e:Employee) RETURN e.lastName AS e, count(*) AS n",
			"MATCH (c:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)<-[:SOLD]-(e:Employee) WHERE o.shipCountry IN [c.country] RETURN e.lastName AS e, count(*) AS n",
			"MATCH (c:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)<-[:SOLD]-(e:Employee) WITH c, o, e WHERE NOT o.shipCountry <> c.country RETURN e.lastName AS e, count(*) AS n",
			"MATCH (c:Customer {customerID: $customer}) WITH c, c.country AS cc MATCH (c)-[:PURCHASED]->(o:Order)<-[:SOLD]-(e:Employee) WHERE cc = o.shipCountry RETURN e.lastName AS e, count(*) AS n",
			"MATCH (e:Employee) WITH e.lastName AS name, sum(COUNT { MATCH (c:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)<-[:SOLD]-(e) WHERE o.shipCountry = c.country }) AS n WHERE n > 0 RETURN name AS e, n",
		)},

		// WN18RR.
		// The entity's first five hyponym names alphabetically, each after
		// a semicolon: collect()[..5] of the ordered names, ORDER BY LIMIT
		// then collect(), an ordered COLLECT { } with LIMIT, the
		// descending list reversed and sliced, names collected with their
		// semicolons.
		{"w-h13-hyponym-names-first5", "collect()[..k] and string aggregation", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h.name AS n ORDER BY n WITH collect(n)[..5] AS ns RETURN reduce(s = '', n IN ns | s + ';' + n) AS names",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE h.name IS NOT NULL WITH h.name AS n ORDER BY n LIMIT 5 WITH collect(n) AS ns RETURN reduce(s = '', n IN ns | s + ';' + n) AS names",
			"RETURN reduce(s = '', n IN COLLECT { MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE h.name IS NOT NULL RETURN h.name AS n ORDER BY n LIMIT 5 } | s + ';' + n) AS names",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h.name AS n ORDER BY n DESC WITH collect(n) AS ns RETURN reduce(s = '', n IN reverse(ns)[..5] | s + ';' + n) AS names",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h ORDER BY h.name WITH collect(';' + h.name)[0..5] AS parts RETURN reduce(s = '', x IN parts | s + x) AS names",
		)},
		// The entity's hyponyms with more hyponyms than derivationally
		// related forms either way: two COUNT { } compared, two
		// comprehensions' sizes, an OPTIONAL MATCH chain, the difference
		// in a WITH.
		{"w-h13-hyponyms-over-forms", "comparing two counts", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE COUNT { ()-[:_hypernym]->(h) } > COUNT { (h)-[:_derivationally_related_form]-() } RETURN h.name AS name",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE size([(x)-[:_hypernym]->(h) | x]) > size([(h)-[:_derivationally_related_form]-(x) | x]) RETURN h.name AS name",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) OPTIONAL MATCH (x)-[:_hypernym]->(h) WITH h, count(x) AS hypos OPTIONAL MATCH (h)-[d:_derivationally_related_form]-() WITH h, hypos, count(d) AS forms WHERE hypos > forms RETURN h.name AS name",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, COUNT { ()-[:_hypernym]->(h) } - COUNT { (h)-[:_derivationally_related_form]-() } AS d WHERE d > 0 RETURN h.name AS name",
			"MATCH (h)-[:_hypernym]->(e:Entity {id: $entity}) WITH h, COUNT { ()-[:_hypernym]->(h) } AS hypos WHERE hypos > COUNT { (h)-[:_derivationally_related_form]-() } RETURN h.name AS name",
		)},
		// The entity's hyponyms and, when there are any, the topic's
		// domain members: two pattern tests under OR, the program with the
		// optional step either side, two unions, a UNION in CALL { }, two
		// collected lists merged.
		{"w-h13-program-optional", "GraphProgram optional step", WordNet, written(false,
			"MATCH (x) WHERE (x)-[:_hypernym]->(:Entity {id: $entity}) OR (x)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) RETURN count(x) AS n",
			programForm(union("MATCH (x)-[:_hypernym]->(:Entity {id: $entity}) RETURN x"), optional("MATCH (x)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) RETURN x")),
			programForm(optional("MATCH (x)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) RETURN x"), union("MATCH (x)-[:_hypernym]->(:Entity {id: $entity}) RETURN x")),
			"CALL { MATCH (x)-[:_hypernym]->(:Entity {id: $entity}) RETURN x UNION MATCH (x)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) RETURN x } RETURN count(x) AS n",
			"OPTIONAL MATCH (x)-[:_hypernym]->(:Entity {id: $entity}) WITH collect(DISTINCT x) AS l1 OPTIONAL MATCH (y)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) WITH l1, collect(DISTINCT y) AS l2 RETURN size(l1) + size([y IN l2 WHERE NOT y IN l1]) AS n",
		)},
	}
}
