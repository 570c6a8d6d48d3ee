package metamorphic

// heldout22Questions are the twenty-second held-out round's kinds:
// universal tests over a neighbourhood ("every neighbour passes": NOT
// EXISTS of the failing case, all() and none() over a pattern
// comprehension, min() or max() of the matched values, two counts
// compared, a flag summed or collected, a set difference of programs);
// "exactly one" (single(), COUNT { } = 1, a sized comprehension, a
// grouped count, EXISTS without a second distinct match, a collected
// list sized); relational division over a literal list (all() of EXISTS
// with a correlated list element, the list unwound and its distinct
// members counted, the members collected and sized, a conjunction of
// EXISTS, a filtered list sized, intersection programs); UNWIND of
// literal maps as lookup tables (the map table joined to a match
// against CASE, a map looked up by a dynamic key, a list indexed by a
// computed position, the table unwound after grouping, a filtered table
// comprehension); local extrema (a value above every neighbour's: NOT
// EXISTS of a larger one, the neighbours' maximum per group, COLLECT {
// max }[0], all() over a comprehension, CALL (x) { } with an OPTIONAL
// MATCH); membership in a pattern comprehension or a collected list
// against EXISTS and the walk itself; composite grouping keys (a list, a
// map, an arithmetic code, a concatenated string split back, a
// pre-grouped key); filters against an aggregate joined back (a global
// or per-group mean read by a second MATCH, by collect() and UNWIND, by
// a COLLECT { } per row, by CALL { }, and by integer arithmetic on the
// sum and the count).
func heldout22Questions() []Question {
	return []Question{
		// Generic graphs.
		// Per string, the A nodes with an R link out whose every R target
		// has a key of at least 2 (a missing key fails): NOT EXISTS of a
		// failing target, all() over a comprehension, min() of the
		// coalesced keys, two COUNT { } compared, collected keys sized
		// against the count, a flag collected.
		{"g-h22-every-target", "every neighbour passes a test", Generic, written(false,
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->() } AND NOT EXISTS { (a)-[:R]->(b) WHERE b.k IS NULL OR b.k < 2 } RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE COUNT { (a)-[:R]->() } > 0 AND all(x IN [(a)-[:R]->(b) | b] WHERE coalesce(x.k, -1) >= 2) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WITH a, min(coalesce(b.k, -1)) AS lo WHERE lo >= 2 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WITH a, COUNT { (a)-[:R]->() } AS total, COUNT { (a)-[:R]->(b) WHERE b.k >= 2 } AS ok WHERE total > 0 AND ok = total RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WITH a, collect(b.k) AS ks, count(b) AS c WHERE c > 0 AND size(ks) = c AND all(k IN ks WHERE k >= 2) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WITH a, collect(CASE WHEN b.k >= 2 THEN 1 ELSE 0 END) AS oks WHERE NOT 0 IN oks RETURN a.s AS s, count(*) AS n",
		)},
		// Per key, the A nodes with exactly one S link out (a self-loop
		// and each parallel link counted): COUNT { } = 1, a sized
		// comprehension, single(), a grouped count, EXISTS without a
		// second distinct link, a collected list sized.
		{"g-h22-exactly-one", "exactly one match", Generic, written(false,
			"MATCH (a:A) WHERE COUNT { (a)-[:S]->() } = 1 RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) WHERE size([(a)-[:S]->(x) | x]) = 1 RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) WHERE single(x IN [(a)-[:S]->(x) | x] WHERE x IS NOT NULL) RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A)-[:S]->(x) WITH a, count(x) AS d WHERE d = 1 RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) WHERE EXISTS { (a)-[:S]->() } AND NOT EXISTS { MATCH (a)-[s1:S]->(), (a)-[s2:S]->() WHERE s1 <> s2 } RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[s:S]->() WITH a, collect(s) AS ss WHERE size(ss) = 1 RETURN a.k AS k, count(*) AS n",
		)},
		// The A nodes with links out of all three types: a conjunction of
		// EXISTS, all() over the type names with a correlated EXISTS, the
		// distinct types counted, the names unwound and collected, the
		// names tested against a comprehension of types, a program.
		{"g-h22-all-types", "relational division over a list", Generic, written(false,
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->() } AND EXISTS { (a)-[:S]->() } AND EXISTS { (a)-[:T]->() } RETURN count(a) AS n",
			"MATCH (a:A) WHERE all(t IN ['R', 'S', 'T'] WHERE EXISTS { (a)-[r]->() WHERE type(r) = t }) RETURN count(a) AS n",
			"MATCH (a:A)-[r]->() WITH a, count(DISTINCT type(r)) AS nt WHERE nt = 3 RETURN count(a) AS n",
			"UNWIND ['R', 'S', 'T'] AS t MATCH (a:A)-[r]->() WHERE type(r) = t WITH a, collect(DISTINCT t) AS ts WHERE size(ts) = 3 RETURN count(a) AS n",
			"MATCH (a:A) WITH a, [(a)-[r]->() | type(r)] AS ts WHERE size([t IN ['R', 'S', 'T'] WHERE t IN ts]) = 3 RETURN count(a) AS n",
			programForm(union("MATCH (a:A)-[:R]->() RETURN a"), intersect("MATCH (a:A)-[:S]->() RETURN a"), intersect("MATCH (a:A)-[:T]->() RETURN a")),
		)},
		// A nodes per name of their key from a table of maps (keys 0 to 2
		// only): the table unwound and joined, CASE, a list indexed by the
		// key, a map looked up by the key written as a string, the table
		// unwound after the match, the table used in an inline map.
		{"g-h22-map-table", "UNWIND of literal maps as lookup tables", Generic, written(false,
			"UNWIND [{k: 0, name: 'zero'}, {k: 1, name: 'one'}, {k: 2, name: 'two'}] AS m MATCH (a:A) WHERE a.k = m.k RETURN m.name AS name, count(*) AS n",
			"MATCH (a:A) WHERE a.k IN [0, 1, 2] RETURN CASE a.k WHEN 0 THEN 'zero' WHEN 1 THEN 'one' ELSE 'two' END AS name, count(*) AS n",
			"MATCH (a:A) WITH ['zero', 'one', 'two'][a.k] AS name WHERE name IS NOT NULL RETURN name, count(*) AS n",
			"MATCH (a:A) WITH {`0`: 'zero', `1`: 'one', `2`: 'two'}[toString(a.k)] AS name WHERE name IS NOT NULL RETURN name, count(*) AS n",
			"MATCH (a:A) UNWIND [{k: 0, name: 'zero'}, {k: 1, name: 'one'}, {k: 2, name: 'two'}] AS m WITH a, m WHERE m.k = a.k RETURN m.name AS name, count(*) AS n",
			"UNWIND [{k: 0, name: 'zero'}, {k: 1, name: 'one'}, {k: 2, name: 'two'}] AS m MATCH (a:A {k: m.k}) RETURN m.name AS name, count(*) AS n",
		)},
		// The A nodes whose key is above the key of every R neighbour
		// either way that has one (and with at least one such neighbour; a
		// self-loop makes a node its own neighbour): NOT EXISTS of a
		// neighbour as large, the neighbours' maximum, COLLECT { max }[0],
		// all() over the keys, an OPTIONAL MATCH's maximum, CALL (a) { }.
		{"g-h22-local-max", "values above every neighbour's", Generic, written(false,
			"MATCH (a:A) WHERE a.k IS NOT NULL AND EXISTS { (a)-[:R]-(b) WHERE b.k IS NOT NULL } AND NOT EXISTS { (a)-[:R]-(b) WHERE b.k >= a.k } RETURN a.id AS id, a.k AS k",
			"MATCH (a:A)-[:R]-(b) WHERE b.k IS NOT NULL WITH a, max(b.k) AS top WHERE a.k > top RETURN a.id AS id, a.k AS k",
			"MATCH (a:A) WHERE a.k > COLLECT { MATCH (a)-[:R]-(b) RETURN max(b.k) AS m }[0] RETURN a.id AS id, a.k AS k",
			"MATCH (a:A) WITH a, [(a)-[:R]-(b) WHERE b.k IS NOT NULL | b.k] AS ks WHERE size(ks) > 0 AND all(x IN ks WHERE a.k > x) RETURN a.id AS id, a.k AS k",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]-(b) WITH a, max(b.k) AS top WHERE top IS NOT NULL AND a.k > top RETURN a.id AS id, a.k AS k",
			"MATCH (a:A) CALL (a) { MATCH (a)-[:R]-(b) RETURN max(b.k) AS top } WITH a, top WHERE a.k > top RETURN a.id AS id, a.k AS k",
		)},
		// Per key, the B nodes that a node with id $a links to by R:
		// EXISTS, membership in a pattern comprehension, in a list
		// collected first, in COLLECT { }, the walk made distinct, element
		// ids in a comprehension.
		{"g-h22-in-targets", "membership in a comprehension or collected list", Generic, written(false,
			"MATCH (b:B) WHERE EXISTS { (:A {id: $a})-[:R]->(b) } RETURN b.k AS k, count(*) AS n",
			"MATCH (b:B) WHERE b IN [(x:A {id: $a})-[:R]->(y) | y] RETURN b.k AS k, count(*) AS n",
			"MATCH (x:A {id: $a})-[:R]->(y) WITH collect(y) AS ys MATCH (b:B) WHERE b IN ys RETURN b.k AS k, count(*) AS n",
			"MATCH (b:B) WHERE b IN COLLECT { MATCH (x:A {id: $a})-[:R]->(y) RETURN y } RETURN b.k AS k, count(*) AS n",
			"MATCH (:A {id: $a})-[:R]->(b:B) WITH DISTINCT b RETURN b.k AS k, count(*) AS n",
			"MATCH (b:B) WHERE elementId(b) IN [(x:A {id: $a})-[:R]->(y) | elementId(y)] RETURN b.k AS k, count(*) AS n",
		)},
		// R links per (source key, target key), both present: the keys
		// returned, a list key, a map key, an arithmetic code, a string
		// split back, the source key pre-grouped.
		{"g-h22-pair-key", "composite grouping keys", Generic, written(false,
			"MATCH (a)-[:R]->(b) WHERE a.k IS NOT NULL AND b.k IS NOT NULL RETURN a.k AS x, b.k AS y, count(*) AS n",
			"MATCH (a)-[:R]->(b) WHERE a.k IS NOT NULL AND b.k IS NOT NULL WITH [a.k, b.k] AS key, count(*) AS n RETURN key[0] AS x, key[1] AS y, n",
			"MATCH (a)-[:R]->(b) WHERE a.k IS NOT NULL AND b.k IS NOT NULL WITH {x: a.k, y: b.k} AS key, count(*) AS n RETURN key.x AS x, key.y AS y, n",
			"MATCH (a)-[:R]->(b) WHERE a.k IS NOT NULL AND b.k IS NOT NULL WITH a.k * 10 + b.k AS code, count(*) AS n RETURN code / 10 AS x, code % 10 AS y, n",
			"MATCH (a)-[:R]->(b) WHERE a.k IS NOT NULL AND b.k IS NOT NULL WITH toString(a.k) + ',' + toString(b.k) AS key, count(*) AS n RETURN toInteger(split(key, ',')[0]) AS x, toInteger(split(key, ',')[1]) AS y, n",
			"MATCH (a)-[:R]->(b) WHERE a.k IS NOT NULL AND b.k IS NOT NULL WITH a.k AS x, b, count(*) AS c RETURN x, b.k AS y, sum(c) AS n",
		)},
		// Per string, the A nodes whose key is above the mean key of A
		// nodes: the mean then a second MATCH, collect() and UNWIND, CALL
		// { } first, COLLECT { } per row, the sum and the count compared
		// in integers.
		{"g-h22-above-mean", "filters against an aggregate joined back", Generic, written(false,
			"MATCH (a:A) WITH avg(a.k) AS m MATCH (a:A) WHERE a.k > m RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WITH collect(a) AS nodes, avg(a.k) AS m UNWIND nodes AS a WITH a, m WHERE a.k > m RETURN a.s AS s, count(*) AS n",
			"CALL { MATCH (x:A) RETURN avg(x.k) AS m } MATCH (a:A) WHERE a.k > m RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE a.k > COLLECT { MATCH (x:A) RETURN avg(x.k) AS m }[0] RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WITH sum(a.k) AS t, count(a.k) AS c MATCH (a:A) WHERE a.k * c > t RETURN a.s AS s, count(*) AS n",
		)},

		// Users graphs.
		// The hub's distinct out-neighbours with an out-link, every one
		// of which points to a larger id than theirs: NOT EXISTS, min(),
		// all() over a comprehension, two COUNT { } compared, none() over
		// collected ids.
		{"u-h22-every-up", "every neighbour passes a test", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WHERE EXISTS { (v)-->() } AND NOT EXISTS { (v)-->(w) WHERE w.id <= v.id } RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v MATCH (v)-->(w) WITH v, min(w.id) AS lo WHERE lo > v.id RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WITH v, [(v)-->(w) | w.id] AS ids WHERE size(ids) > 0 AND all(x IN ids WHERE x > v.id) RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WITH v, COUNT { (v)-->() } AS d, COUNT { (v)-->(w) WHERE w.id > v.id } AS up WHERE d > 0 AND up = d RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v OPTIONAL MATCH (v)-->(w) WITH v, collect(w.id) AS ids WHERE size(ids) > 0 AND none(x IN ids WHERE x <= v.id) RETURN count(v) AS n",
		)},
		// The hub's distinct out-neighbours with exactly one out-link:
		// COUNT { } = 1, a sized comprehension, single(), a grouped count,
		// EXISTS without a second distinct link.
		{"u-h22-exactly-one", "exactly one match", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WHERE COUNT { (v)-->() } = 1 RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WHERE size([(v)-->(w) | w]) = 1 RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WHERE single(w IN [(v)-->(w) | w] WHERE w IS NOT NULL) RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v MATCH (v)-->(w) WITH v, count(w) AS d WHERE d = 1 RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WHERE EXISTS { (v)-->() } AND NOT EXISTS { MATCH (v)-[r1]->(), (v)-[r2]->() WHERE r1 <> r2 } RETURN count(v) AS n",
		)},
		// Users linked from each of $hub, $other and $l1: the ids unwound
		// and their distinct members counted, all() of EXISTS over the
		// other two, the walk through two of them with EXISTS for the
		// third, lists collected and intersected step by step, a program.
		{"u-h22-linked-from-all", "relational division over a list", Users, written(false,
			"UNWIND [$hub, $other, $l1] AS x MATCH (:User {id: x})-->(v) WITH v, count(DISTINCT x) AS c WHERE c = 3 RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WHERE all(x IN [$other, $l1] WHERE EXISTS { (:User {id: x})-->(v) }) RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v)<--(:User {id: $other}) WITH DISTINCT v WHERE EXISTS { (:User {id: $l1})-->(v) } RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH collect(DISTINCT v) AS va MATCH (:User {id: $other})-->(v) WHERE v IN va WITH collect(DISTINCT v) AS vb MATCH (:User {id: $l1})-->(v) WHERE v IN vb RETURN count(DISTINCT v) AS n",
			programForm(union("MATCH (:User {id: $hub})-->(v) RETURN v"), intersect("MATCH (:User {id: $other})-->(v) RETURN v"), intersect("MATCH (:User {id: $l1})-->(v) RETURN v")),
		)},
		// The hub's distinct out-neighbours also reached in two links:
		// EXISTS, membership in a pattern comprehension, in a list
		// collected first, the two-link walk matched per neighbour, a
		// program.
		{"u-h22-in-reach", "membership in a comprehension or collected list", Users, written(false,
			"MATCH (h:User {id: $hub})-->(v) WITH DISTINCT h, v WHERE EXISTS { (h)-->()-->(v) } RETURN count(v) AS n",
			"MATCH (h:User {id: $hub})-->(v) WITH DISTINCT h, v WHERE v IN [(h)-->()-->(w) | w] RETURN count(v) AS n",
			"MATCH (h:User {id: $hub})-->()-->(w) WITH h, collect(DISTINCT w) AS two MATCH (h)-->(v) WHERE v IN two RETURN count(DISTINCT v) AS n",
			"MATCH (h:User {id: $hub})-->(v) WITH DISTINCT h, v MATCH (h)-->()-->(v) RETURN count(DISTINCT v) AS n",
			programForm(union("MATCH (:User {id: $hub})-->(v) RETURN v"), intersect("MATCH (:User {id: $hub})-->()-->(v) RETURN v")),
		)},
		// The hub's two-link walks per (middle id mod 4, end id mod 5):
		// the keys returned, a list key, a map key, an arithmetic code, a
		// string split back, the middle's key pre-grouped.
		{"u-h22-pair-key", "composite grouping keys", Users, written(false,
			"MATCH (:User {id: $hub})-->(m)-->(w) RETURN m.id % 4 AS x, w.id % 5 AS y, count(*) AS n",
			"MATCH (:User {id: $hub})-->(m)-->(w) WITH [m.id % 4, w.id % 5] AS key, count(*) AS n RETURN key[0] AS x, key[1] AS y, n",
			"MATCH (:User {id: $hub})-->(m)-->(w) WITH {x: m.id % 4, y: w.id % 5} AS key, count(*) AS n RETURN key.x AS x, key.y AS y, n",
			"MATCH (:User {id: $hub})-->(m)-->(w) WITH (m.id % 4) * 10 + w.id % 5 AS code, count(*) AS n RETURN code / 10 AS x, code % 10 AS y, n",
			"MATCH (:User {id: $hub})-->(m)-->(w) WITH toString(m.id % 4) + '-' + toString(w.id % 5) AS key, count(*) AS n RETURN toInteger(split(key, '-')[0]) AS x, toInteger(split(key, '-')[1]) AS y, n",
			"MATCH (:User {id: $hub})-->(m)-->(w) WITH m.id % 4 AS x, w, count(*) AS c RETURN x, w.id % 5 AS y, sum(c) AS n",
		)},
		// The hub's distinct out-neighbours with an out-degree above the
		// mean over them: collected maps unwound past the mean, the mean
		// then a second MATCH, COLLECT { } per row, integers over the
		// collected degrees, CALL { } first.
		{"u-h22-above-mean", "filters against an aggregate joined back", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WITH v, COUNT { (v)-->() } AS d WITH collect({v: v, d: d}) AS rows, avg(d) AS mean UNWIND rows AS r WITH r, mean WHERE r.d > mean RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WITH avg(COUNT { (v)-->() }) AS mean MATCH (:User {id: $hub})-->(v) WITH DISTINCT v, mean WHERE COUNT { (v)-->() } > mean RETURN count(v) AS n",
			"MATCH (h:User {id: $hub})-->(v) WITH DISTINCT h, v WHERE COUNT { (v)-->() } > COLLECT { MATCH (h)-->(x) WITH DISTINCT x RETURN avg(COUNT { (x)-->() }) AS m }[0] RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WITH collect(COUNT { (v)-->() }) AS ds WITH ds, reduce(t = 0, d IN ds | t + d) AS total RETURN size([d IN ds WHERE d * size(ds) > total]) AS n",
			"CALL { MATCH (:User {id: $hub})-->(v) WITH DISTINCT v RETURN avg(COUNT { (v)-->() }) AS mean } MATCH (:User {id: $hub})-->(v) WITH DISTINCT v, mean WHERE COUNT { (v)-->() } > mean RETURN count(v) AS n",
		)},
		// The hub's distinct out-neighbours per name of their id mod 3
		// from a table of maps: the table joined to the match, CASE, a
		// list indexed by the remainder, the table unwound after the
		// match, the names' codes searched in a map.
		{"u-h22-map-table", "UNWIND of literal maps as lookup tables", Users, written(false,
			"UNWIND [{r: 0, name: 'zero'}, {r: 1, name: 'one'}, {r: 2, name: 'two'}] AS m MATCH (:User {id: $hub})-->(v) WHERE v.id % 3 = m.r RETURN m.name AS name, count(DISTINCT v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v RETURN CASE v.id % 3 WHEN 0 THEN 'zero' WHEN 1 THEN 'one' ELSE 'two' END AS name, count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v RETURN ['zero', 'one', 'two'][v.id % 3] AS name, count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v UNWIND [{r: 0, name: 'zero'}, {r: 1, name: 'one'}, {r: 2, name: 'two'}] AS m WITH v, m WHERE m.r = v.id % 3 RETURN m.name AS name, count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WITH v, {zero: 0, one: 1, two: 2} AS codes RETURN [k IN keys(codes) WHERE codes[k] = v.id % 3][0] AS name, count(*) AS n",
		)},
		// The hub's distinct out-neighbours with a larger out-degree than
		// every one of their out-neighbours (and at least one): NOT
		// EXISTS, the neighbours' largest degree, all() over a
		// comprehension of degrees, CALL (v) { }.
		{"u-h22-local-max", "values above every neighbour's", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WHERE EXISTS { (v)-->() } AND NOT EXISTS { (v)-->(w) WHERE COUNT { (w)-->() } >= COUNT { (v)-->() } } RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v MATCH (v)-->(w) WITH v, max(COUNT { (w)-->() }) AS top WHERE COUNT { (v)-->() } > top RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WITH v, COUNT { (v)-->() } AS d, [(v)-->(w) | COUNT { (w)-->() }] AS ds WHERE size(ds) > 0 AND all(x IN ds WHERE x < d) RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v CALL (v) { MATCH (v)-->(w) RETURN count(w) AS d, max(COUNT { (w)-->() }) AS top } WITH v, d, top WHERE d > top RETURN count(v) AS n",
		)},

		// Movies.
		// Directors all of whose movies were released before 2000: NOT
		// EXISTS, max(), all() over a comprehension, two COUNT { }
		// compared, a flag collected, none() over the movies.
		{"m-h22-every-early", "every neighbour passes a test", Movies, written(false,
			"MATCH (p:Person) WHERE EXISTS { (p)-[:DIRECTED]->(:Movie) } AND NOT EXISTS { (p)-[:DIRECTED]->(m:Movie) WHERE m.released >= 2000 } RETURN p.name AS name",
			"MATCH (p:Person)-[:DIRECTED]->(m:Movie) WITH p, max(m.released) AS last WHERE last < 2000 RETURN p.name AS name",
			"MATCH (p:Person) WITH p, [(p)-[:DIRECTED]->(m:Movie) | m.released] AS years WHERE size(years) > 0 AND all(y IN years WHERE y < 2000) RETURN p.name AS name",
			"MATCH (p:Person) WITH p, COUNT { (p)-[:DIRECTED]->(m:Movie) WHERE m.released < 2000 } AS early, COUNT { (p)-[:DIRECTED]->(:Movie) } AS total WHERE total > 0 AND early = total RETURN p.name AS name",
			"MATCH (p:Person)-[:DIRECTED]->(m:Movie) WITH p, collect(m.released >= 2000) AS late WHERE NOT true IN late RETURN p.name AS name",
			"MATCH (p:Person)-[:DIRECTED]->(:Movie) WITH DISTINCT p WHERE none(m IN [(p)-[:DIRECTED]->(m:Movie) | m] WHERE m.released >= 2000) RETURN p.name AS name",
		)},
		// Movies with exactly one director: COUNT { } = 1, a sized
		// comprehension, single(), a grouped count, EXISTS without a
		// second director, the directors' names collected.
		{"m-h22-one-director", "exactly one match", Movies, written(false,
			"MATCH (m:Movie) WHERE COUNT { (:Person)-[:DIRECTED]->(m) } = 1 RETURN m.title AS title",
			"MATCH (m:Movie) WHERE size([(d:Person)-[:DIRECTED]->(m) | d]) = 1 RETURN m.title AS title",
			"MATCH (m:Movie) WHERE single(d IN [(d:Person)-[:DIRECTED]->(m) | d] WHERE d IS NOT NULL) RETURN m.title AS title",
			"MATCH (d:Person)-[:DIRECTED]->(m:Movie) WITH m, count(d) AS n WHERE n = 1 RETURN m.title AS title",
			"MATCH (m:Movie) WHERE EXISTS { (:Person)-[:DIRECTED]->(m) } AND NOT EXISTS { (:Person)-[:DIRECTED]->(m)<-[:DIRECTED]-(:Person) } RETURN m.title AS title",
			"MATCH (m:Movie) OPTIONAL MATCH (d:Person)-[:DIRECTED]->(m) WITH m, collect(d.name) AS ds WHERE size(ds) = 1 RETURN m.title AS title",
		)},
		// People who acted in, directed and wrote movies: a conjunction of
		// EXISTS, all() over the types with a correlated EXISTS, the
		// distinct types counted, the types unwound and collected, the
		// types tested against a comprehension, a program.
		{"m-h22-all-roles", "relational division over a list", Movies, written(false,
			"MATCH (p:Person) WHERE EXISTS { (p)-[:ACTED_IN]->() } AND EXISTS { (p)-[:DIRECTED]->() } AND EXISTS { (p)-[:WROTE]->() } RETURN count(p) AS n",
			"MATCH (p:Person) WHERE all(t IN ['ACTED_IN', 'DIRECTED', 'WROTE'] WHERE EXISTS { (p)-[r]->() WHERE type(r) = t }) RETURN count(p) AS n",
			"MATCH (p:Person)-[r:ACTED_IN|DIRECTED|WROTE]->() WITH p, count(DISTINCT type(r)) AS k WHERE k = 3 RETURN count(p) AS n",
			"UNWIND ['ACTED_IN', 'DIRECTED', 'WROTE'] AS t MATCH (p:Person)-[r]->() WHERE type(r) = t WITH p, collect(DISTINCT t) AS ts WHERE size(ts) = 3 RETURN count(p) AS n",
			"MATCH (p:Person) WITH p, [(p)-[r]->() | type(r)] AS ts WHERE all(t IN ['ACTED_IN', 'DIRECTED', 'WROTE'] WHERE t IN ts) RETURN count(p) AS n",
			programForm(union("MATCH (p:Person)-[:ACTED_IN]->() RETURN p"), intersect("MATCH (p:Person)-[:DIRECTED]->() RETURN p"), intersect("MATCH (p:Person)-[:WROTE]->() RETURN p")),
		)},
		// Movies per decade named in a table of maps (1970 to 2009): the
		// table joined by a range, CASE, a map looked up by the decade
		// written as a string, a list indexed by the decade, the table
		// unwound after grouping by decade.
		{"m-h22-decade-table", "UNWIND of literal maps as lookup tables", Movies, written(false,
			"UNWIND [{lo: 1970, hi: 1980, name: '70s'}, {lo: 1980, hi: 1990, name: '80s'}, {lo: 1990, hi: 2000, name: '90s'}, {lo: 2000, hi: 2010, name: '00s'}] AS d MATCH (m:Movie) WHERE d.lo <= m.released < d.hi RETURN d.name AS decade, count(*) AS n",
			"MATCH (m:Movie) WHERE 1970 <= m.released < 2010 RETURN CASE WHEN m.released < 1980 THEN '70s' WHEN m.released < 1990 THEN '80s' WHEN m.released < 2000 THEN '90s' ELSE '00s' END AS decade, count(*) AS n",
			"MATCH (m:Movie) WITH {`197`: '70s', `198`: '80s', `199`: '90s', `200`: '00s'}[toString(m.released / 10)] AS decade WHERE decade IS NOT NULL RETURN decade, count(*) AS n",
			"MATCH (m:Movie) WHERE m.released >= 1970 AND m.released < 2010 RETURN ['70s', '80s', '90s', '00s'][(m.released - 1970) / 10] AS decade, count(*) AS n",
			"MATCH (m:Movie) WITH m.released / 10 AS dec, count(*) AS c UNWIND [{d: 197, name: '70s'}, {d: 198, name: '80s'}, {d: 199, name: '90s'}, {d: 200, name: '00s'}] AS t WITH t, dec, c WHERE t.d = dec RETURN t.name AS decade, sum(c) AS n",
		)},
		// Actors born later than every co-actor with a known birth year:
		// NOT EXISTS of an older or same-year co-actor, the co-actors'
		// latest year, COLLECT { max }[0], all() over a comprehension,
		// CALL (p) { } over an OPTIONAL MATCH.
		{"m-h22-youngest-costar", "values above every neighbour's", Movies, written(false,
			"MATCH (p:Person) WHERE p.born IS NOT NULL AND EXISTS { (p)-[:ACTED_IN]->()<-[:ACTED_IN]-(c:Person) WHERE c.born IS NOT NULL } AND NOT EXISTS { (p)-[:ACTED_IN]->()<-[:ACTED_IN]-(c:Person) WHERE c.born >= p.born } RETURN p.name AS name, p.born AS born",
			"MATCH (p:Person)-[:ACTED_IN]->()<-[:ACTED_IN]-(c:Person) WITH p, max(c.born) AS latest WHERE p.born > latest RETURN p.name AS name, p.born AS born",
			"MATCH (p:Person) WHERE p.born > COLLECT { MATCH (p)-[:ACTED_IN]->()<-[:ACTED_IN]-(c:Person) RETURN max(c.born) AS b }[0] RETURN p.name AS name, p.born AS born",
			"MATCH (p:Person) WITH p, [(p)-[:ACTED_IN]->()<-[:ACTED_IN]-(c:Person) WHERE c.born IS NOT NULL | c.born] AS bs WHERE size(bs) > 0 AND all(b IN bs WHERE p.born > b) RETURN p.name AS name, p.born AS born",
			"MATCH (p:Person) CALL (p) { OPTIONAL MATCH (p)-[:ACTED_IN]->()<-[:ACTED_IN]-(c:Person) RETURN max(c.born) AS top } WITH p, top WHERE p.born > top RETURN p.name AS name, p.born AS born",
		)},
		// Co-actors of $who who directed a movie: EXISTS, membership in a
		// collected list of directors, in a pattern comprehension, in
		// COLLECT { }, names in a comprehension.
		{"m-h22-costar-directors", "membership in a comprehension or collected list", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->()<-[:ACTED_IN]-(c:Person) WHERE EXISTS { (c)-[:DIRECTED]->() } RETURN DISTINCT c.name AS name",
			"MATCH (d:Person)-[:DIRECTED]->() WITH collect(DISTINCT d) AS ds MATCH (:Person {name: $who})-[:ACTED_IN]->()<-[:ACTED_IN]-(c:Person) WHERE c IN ds RETURN DISTINCT c.name AS name",
			"MATCH (c:Person) WHERE c IN [(:Person {name: $who})-[:ACTED_IN]->()<-[:ACTED_IN]-(x:Person) | x] AND (c)-[:DIRECTED]->() RETURN c.name AS name",
			"MATCH (c:Person)-[:DIRECTED]->() WITH DISTINCT c WHERE c IN COLLECT { MATCH (:Person {name: $who})-[:ACTED_IN]->()<-[:ACTED_IN]-(x:Person) RETURN x } RETURN c.name AS name",
			"MATCH (p:Person {name: $who}) MATCH (c:Person) WHERE c.name IN [(p)-[:ACTED_IN]->()<-[:ACTED_IN]-(x:Person) | x.name] AND EXISTS { (c)-[:DIRECTED]->() } RETURN c.name AS name",
		)},
		// Roles per (decade of the actor's birth, decade of release): the
		// keys returned, a list key, a map key, an arithmetic code, a
		// string split back, the years pre-grouped.
		{"m-h22-decade-pairs", "composite grouping keys", Movies, written(false,
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE p.born IS NOT NULL RETURN p.born / 10 * 10 AS born, m.released / 10 * 10 AS released, count(*) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE p.born IS NOT NULL WITH [p.born / 10 * 10, m.released / 10 * 10] AS key, count(*) AS n RETURN key[0] AS born, key[1] AS released, n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE p.born IS NOT NULL WITH {b: p.born / 10 * 10, r: m.released / 10 * 10} AS key, count(*) AS n RETURN key.b AS born, key.r AS released, n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE p.born IS NOT NULL WITH (p.born / 10) * 1000 + m.released / 10 AS code, count(*) AS n RETURN code / 1000 * 10 AS born, code % 1000 * 10 AS released, n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE p.born IS NOT NULL WITH toString(p.born / 10 * 10) + '/' + toString(m.released / 10 * 10) AS key, count(*) AS n RETURN toInteger(split(key, '/')[0]) AS born, toInteger(split(key, '/')[1]) AS released, n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE p.born IS NOT NULL WITH p.born AS b, m.released AS r, count(*) AS c RETURN b / 10 * 10 AS born, r / 10 * 10 AS released, sum(c) AS n",
		)},
		// Actors in more movies than the mean over actors: collected maps
		// unwound past the mean, the mean then a second MATCH, CALL { }
		// first with COUNT { } per person, the sum and the count in
		// integers, COLLECT { } of the mean per person.
		{"m-h22-above-mean", "filters against an aggregate joined back", Movies, written(false,
			"MATCH (p:Person)-[:ACTED_IN]->(:Movie) WITH p, count(*) AS k WITH collect({name: p.name, k: k}) AS rows, avg(k) AS mean UNWIND rows AS r WITH r, mean WHERE r.k > mean RETURN r.name AS name, r.k AS movies",
			"MATCH (p:Person)-[:ACTED_IN]->(:Movie) WITH p, count(*) AS k WITH avg(k) AS mean MATCH (p:Person)-[:ACTED_IN]->(:Movie) WITH p, mean, count(*) AS k WHERE k > mean RETURN p.name AS name, k AS movies",
			"CALL { MATCH (p:Person)-[:ACTED_IN]->(:Movie) WITH p, count(*) AS k RETURN avg(k) AS mean } MATCH (p:Person) WITH p, mean, COUNT { (p)-[:ACTED_IN]->(:Movie) } AS k WHERE k > mean RETURN p.name AS name, k AS movies",
			"MATCH (p:Person)-[:ACTED_IN]->(:Movie) WITH p, count(*) AS k WITH sum(k) AS total, count(*) AS actors MATCH (p:Person) WITH p, total, actors, COUNT { (p)-[:ACTED_IN]->(:Movie) } AS k WHERE k * actors > total RETURN p.name AS name, k AS movies",
			"MATCH (p:Person) WITH p, COUNT { (p)-[:ACTED_IN]->(:Movie) } AS k WHERE k > COLLECT { MATCH (x:Person)-[:ACTED_IN]->(:Movie) WITH x, count(*) AS c RETURN avg(c) AS m }[0] RETURN p.name AS name, k AS movies",
		)},

		// Northwind.
		// Per country, the customers with orders all of whose freight is
		// under 50: NOT EXISTS, max(), all() over a comprehension, two
		// COUNT { } compared, a flag summed.
		{"n-h22-every-cheap", "every neighbour passes a test", Northwind, written(false,
			"MATCH (c:Customer) WHERE EXISTS { (c)-[:PURCHASED]->(:Order) } AND NOT EXISTS { (c)-[:PURCHASED]->(o:Order) WHERE o.freight >= 50 } RETURN c.country AS country, count(*) AS n",
			"MATCH (c:Customer)-[:PURCHASED]->(o:Order) WITH c, max(o.freight) AS top WHERE top < 50 RETURN c.country AS country, count(*) AS n",
			"MATCH (c:Customer) WITH c, [(c)-[:PURCHASED]->(o:Order) | o.freight] AS fs WHERE size(fs) > 0 AND all(f IN fs WHERE f < 50) RETURN c.country AS country, count(*) AS n",
			"MATCH (c:Customer) WITH c, COUNT { (c)-[:PURCHASED]->(:Order) } AS total, COUNT { (c)-[:PURCHASED]->(o:Order) WHERE o.freight < 50 } AS cheap WHERE total > 0 AND cheap = total RETURN c.country AS country, count(*) AS n",
			"MATCH (c:Customer)-[:PURCHASED]->(o:Order) WITH c, sum(CASE WHEN o.freight >= 50 THEN 1 ELSE 0 END) AS big WHERE big = 0 RETURN c.country AS country, count(*) AS n",
		)},
		// Per ship country, the orders with exactly one line: COUNT { } =
		// 1, a sized comprehension, the lines collected and sized,
		// single(), EXISTS without a second line, a grouped count.
		{"n-h22-one-line", "exactly one match", Northwind, written(false,
			"MATCH (o:Order) WHERE COUNT { (o)-[:ORDERS]->() } = 1 RETURN o.shipCountry AS country, count(*) AS n",
			"MATCH (o:Order) WHERE size([(o)-[:ORDERS]->(p) | p]) = 1 RETURN o.shipCountry AS country, count(*) AS n",
			"MATCH (o:Order)-[l:ORDERS]->() WITH o, collect(l) AS ls WHERE size(ls) = 1 RETURN o.shipCountry AS country, count(*) AS n",
			"MATCH (o:Order) WHERE single(p IN [(o)-[:ORDERS]->(p) | p] WHERE p:Product) RETURN o.shipCountry AS country, count(*) AS n",
			"MATCH (o:Order) WHERE EXISTS { (o)-[:ORDERS]->() } AND NOT EXISTS { MATCH (o)-[l1:ORDERS]->(), (o)-[l2:ORDERS]->() WHERE l1 <> l2 } RETURN o.shipCountry AS country, count(*) AS n",
			"MATCH (o:Order)-[:ORDERS]->(p:Product) WITH o, count(p) AS lines WHERE lines = 1 RETURN o.shipCountry AS country, count(*) AS n",
		)},
		// Customers who bought from each of three categories: all() over
		// the names with a correlated EXISTS, the names unwound and
		// counted distinct, the names collected and sized, a conjunction
		// of EXISTS, a filtered list sized, a program.
		{"n-h22-all-categories", "relational division over a list", Northwind, written(false,
			"MATCH (c:Customer) WHERE all(x IN ['Beverages', 'Condiments', 'Seafood'] WHERE EXISTS { (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: x}) }) RETURN count(c) AS n",
			"UNWIND ['Beverages', 'Condiments', 'Seafood'] AS x MATCH (c:Customer)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: x}) WITH c, count(DISTINCT x) AS k WHERE k = 3 RETURN count(c) AS n",
			"MATCH (c:Customer)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(k:Category) WHERE k.categoryName IN ['Beverages', 'Condiments', 'Seafood'] WITH c, collect(DISTINCT k.categoryName) AS ks WHERE size(ks) = 3 RETURN count(c) AS n",
			"MATCH (c:Customer) WHERE EXISTS { (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: 'Beverages'}) } AND EXISTS { (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: 'Condiments'}) } AND EXISTS { (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: 'Seafood'}) } RETURN count(c) AS n",
			"MATCH (c:Customer) WITH c, [(c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(k:Category) | k.categoryName] AS names WHERE size([x IN ['Beverages', 'Condiments', 'Seafood'] WHERE x IN names]) = 3 RETURN count(c) AS n",
			programForm(union("MATCH (c:Customer)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: 'Beverages'}) RETURN c"), intersect("MATCH (c:Customer)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: 'Condiments'}) RETURN c"), intersect("MATCH (c:Customer)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: 'Seafood'}) RETURN c")),
		)},
		// Order lines and quantities per discount band named in a table of
		// maps: the table joined by a range, CASE, the discounts
		// pre-grouped then joined to the table, the table unwound after
		// the match, a comprehension over the table.
		{"n-h22-discount-table", "UNWIND of literal maps as lookup tables", Northwind, written(false,
			"UNWIND [{lo: 0.0, hi: 0.05, name: 'none'}, {lo: 0.05, hi: 0.15, name: 'small'}, {lo: 0.15, hi: 1.0, name: 'large'}] AS b MATCH ()-[l:ORDERS]->() WHERE b.lo <= l.discount < b.hi RETURN b.name AS band, count(*) AS lines, sum(l.quantity) AS qty",
			"MATCH ()-[l:ORDERS]->() WHERE 0.0 <= l.discount < 1.0 RETURN CASE WHEN l.discount < 0.05 THEN 'none' WHEN l.discount < 0.15 THEN 'small' ELSE 'large' END AS band, count(*) AS lines, sum(l.quantity) AS qty",
			"MATCH ()-[l:ORDERS]->() WITH l.discount AS d, count(*) AS c, sum(l.quantity) AS q UNWIND [{lo: 0.0, hi: 0.05, name: 'none'}, {lo: 0.05, hi: 0.15, name: 'small'}, {lo: 0.15, hi: 1.0, name: 'large'}] AS b WITH b, d, c, q WHERE b.lo <= d < b.hi RETURN b.name AS band, sum(c) AS lines, sum(q) AS qty",
			"MATCH ()-[l:ORDERS]->() UNWIND [{lo: 0.0, hi: 0.05, name: 'none'}, {lo: 0.05, hi: 0.15, name: 'small'}, {lo: 0.15, hi: 1.0, name: 'large'}] AS b WITH b, l WHERE b.lo <= l.discount < b.hi RETURN b.name AS band, count(*) AS lines, sum(l.quantity) AS qty",
			"WITH [{lo: 0.0, hi: 0.05, name: 'none'}, {lo: 0.05, hi: 0.15, name: 'small'}, {lo: 0.15, hi: 1.0, name: 'large'}] AS bands MATCH ()-[l:ORDERS]->() WITH l, [b IN bands WHERE b.lo <= l.discount < b.hi | b.name] AS hit WHERE size(hit) > 0 RETURN hit[0] AS band, count(*) AS lines, sum(l.quantity) AS qty",
		)},
		// Managers who sold more orders than every employee reporting to
		// them: NOT EXISTS of a report selling as many, the reports'
		// largest count, all() over a comprehension of counts, OPTIONAL
		// MATCH counts per report, CALL (e) { }.
		{"n-h22-top-manager", "values above every neighbour's", Northwind, written(false,
			"MATCH (e:Employee) WHERE EXISTS { (:Employee)-[:REPORTS_TO]->(e) } AND NOT EXISTS { (r:Employee)-[:REPORTS_TO]->(e) WHERE COUNT { (r)-[:SOLD]->() } >= COUNT { (e)-[:SOLD]->() } } RETURN e.lastName AS name",
			"MATCH (r:Employee)-[:REPORTS_TO]->(e:Employee) WITH e, max(COUNT { (r)-[:SOLD]->() }) AS best WHERE COUNT { (e)-[:SOLD]->() } > best RETURN e.lastName AS name",
			"MATCH (e:Employee) WITH e, COUNT { (e)-[:SOLD]->() } AS mine, [(r:Employee)-[:REPORTS_TO]->(e) | COUNT { (r)-[:SOLD]->() }] AS theirs WHERE size(theirs) > 0 AND all(t IN theirs WHERE mine > t) RETURN e.lastName AS name",
			"MATCH (e:Employee)-[:SOLD]->(o:Order) WITH e, count(o) AS mine MATCH (r:Employee)-[:REPORTS_TO]->(e) OPTIONAL MATCH (r)-[:SOLD]->(x:Order) WITH e, mine, r, count(x) AS theirs WITH e, mine, max(theirs) AS best WHERE mine > best RETURN e.lastName AS name",
			"MATCH (e:Employee) CALL (e) { MATCH (r:Employee)-[:REPORTS_TO]->(e) RETURN max(COUNT { (r)-[:SOLD]->() }) AS best } WITH e, best WHERE COUNT { (e)-[:SOLD]->() } > best RETURN e.lastName AS name",
		)},
		// Other customers who bought a product $customer bought: EXISTS
		// over the walk back, membership in the collected products, a
		// comprehension tested against another, the walk made distinct, a
		// program.
		{"n-h22-shared-products", "membership in a comprehension or collected list", Northwind, written(false,
			"MATCH (c:Customer) WHERE c.customerID <> $customer AND EXISTS { (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)<-[:ORDERS]-(:Order)<-[:PURCHASED]-(:Customer {customerID: $customer}) } RETURN count(c) AS n",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p:Product) WITH collect(DISTINCT p) AS ps MATCH (c:Customer)-[:PURCHASED]->(:Order)-[:ORDERS]->(q:Product) WHERE q IN ps AND c.customerID <> $customer RETURN count(DISTINCT c) AS n",
			"MATCH (c:Customer) WHERE c.customerID <> $customer AND any(q IN [(c)-[:PURCHASED]->(:Order)-[:ORDERS]->(q:Product) | q] WHERE q IN [(:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(x:Product) | x]) RETURN count(c) AS n",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)<-[:ORDERS]-(:Order)<-[:PURCHASED]-(c:Customer) WHERE c.customerID <> $customer RETURN count(DISTINCT c) AS n",
			programForm(union("MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)<-[:ORDERS]-(:Order)<-[:PURCHASED]-(c:Customer) RETURN c"), diff("MATCH (c:Customer {customerID: $customer}) RETURN c")),
		)},
		// Orders per (year, month): the parts returned, a list key, a map
		// key, an arithmetic code, the month string split back, the date
		// read as a date.
		{"n-h22-year-month", "composite grouping keys", Northwind, written(false,
			"MATCH (o:Order) RETURN toInteger(left(o.orderDate, 4)) AS y, toInteger(substring(o.orderDate, 5, 2)) AS m, count(*) AS n",
			"MATCH (o:Order) WITH [toInteger(left(o.orderDate, 4)), toInteger(substring(o.orderDate, 5, 2))] AS key, count(*) AS n RETURN key[0] AS y, key[1] AS m, n",
			"MATCH (o:Order) WITH {y: toInteger(left(o.orderDate, 4)), m: toInteger(substring(o.orderDate, 5, 2))} AS key, count(*) AS n RETURN key.y AS y, key.m AS m, n",
			"MATCH (o:Order) WITH toInteger(left(o.orderDate, 4)) * 100 + toInteger(substring(o.orderDate, 5, 2)) AS code, count(*) AS n RETURN code / 100 AS y, code % 100 AS m, n",
			"MATCH (o:Order) WITH left(o.orderDate, 7) AS ym, count(*) AS n RETURN toInteger(split(ym, '-')[0]) AS y, toInteger(split(ym, '-')[1]) AS m, n",
			"MATCH (o:Order) WITH date(left(o.orderDate, 10)) AS d RETURN d.year AS y, d.month AS m, count(*) AS n",
		)},
		// Per category, the products priced above the category's mean:
		// the mean then a second MATCH, collect() and UNWIND, COLLECT { }
		// per product, CALL (c) { } first, the prices collected and
		// filtered against their own mean.
		{"n-h22-above-mean", "filters against an aggregate joined back", Northwind, written(false,
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WITH c, avg(p.unitPrice) AS mean MATCH (q:Product)-[:PART_OF]->(c) WHERE q.unitPrice > mean RETURN c.categoryName AS cat, count(*) AS n",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WITH c, collect(p) AS ps, avg(p.unitPrice) AS mean UNWIND ps AS q WITH c, q, mean WHERE q.unitPrice > mean RETURN c.categoryName AS cat, count(*) AS n",
			"MATCH (q:Product)-[:PART_OF]->(c:Category) WHERE q.unitPrice > COLLECT { MATCH (p:Product)-[:PART_OF]->(c) RETURN avg(p.unitPrice) AS m }[0] RETURN c.categoryName AS cat, count(*) AS n",
			"MATCH (c:Category) CALL (c) { MATCH (p:Product)-[:PART_OF]->(c) RETURN avg(p.unitPrice) AS mean } MATCH (q:Product)-[:PART_OF]->(c) WHERE q.unitPrice > mean RETURN c.categoryName AS cat, count(*) AS n",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WITH c, collect(p.unitPrice) AS prices, avg(p.unitPrice) AS mean WITH c, size([x IN prices WHERE x > mean]) AS n WHERE n > 0 RETURN c.categoryName AS cat, n",
		)},

		// LDBC.
		// Per browser, the persons with friends all of whom use Firefox:
		// NOT EXISTS, the distinct browsers collected and compared, all()
		// over a comprehension, two COUNT { } compared, a flag summed.
		{"l-h22-every-firefox", "every neighbour passes a test", LDBC, written(false,
			"MATCH (p:Person) WHERE EXISTS { (p)-[:KNOWS]-(:Person) } AND NOT EXISTS { (p)-[:KNOWS]-(f:Person) WHERE f.browserUsed <> 'Firefox' } RETURN p.browserUsed AS browser, count(*) AS n",
			"MATCH (p:Person)-[:KNOWS]-(f:Person) WITH p, collect(DISTINCT f.browserUsed) AS bs WHERE bs = ['Firefox'] RETURN p.browserUsed AS browser, count(*) AS n",
			"MATCH (p:Person) WITH p, [(p)-[:KNOWS]-(f:Person) | f.browserUsed] AS bs WHERE size(bs) > 0 AND all(b IN bs WHERE b = 'Firefox') RETURN p.browserUsed AS browser, count(*) AS n",
			"MATCH (p:Person) WITH p, COUNT { (p)-[:KNOWS]-(:Person) } AS friends, COUNT { (p)-[:KNOWS]-(f:Person) WHERE f.browserUsed = 'Firefox' } AS fox WHERE friends > 0 AND fox = friends RETURN p.browserUsed AS browser, count(*) AS n",
			"MATCH (p:Person)-[:KNOWS]-(f:Person) WITH p, sum(CASE WHEN f.browserUsed = 'Firefox' THEN 0 ELSE 1 END) AS others WHERE others = 0 RETURN p.browserUsed AS browser, count(*) AS n",
		)},
		// Per gender, the persons with exactly one friend: COUNT { } = 1,
		// a sized comprehension, single(), a grouped count, EXISTS
		// without a second distinct friendship, friends collected.
		{"l-h22-one-friend", "exactly one match", LDBC, written(false,
			"MATCH (p:Person) WHERE COUNT { (p)-[:KNOWS]-() } = 1 RETURN p.gender AS g, count(*) AS n",
			"MATCH (p:Person) WHERE size([(p)-[:KNOWS]-(f) | f]) = 1 RETURN p.gender AS g, count(*) AS n",
			"MATCH (p:Person) WHERE single(f IN [(p)-[:KNOWS]-(f) | f] WHERE f:Person) RETURN p.gender AS g, count(*) AS n",
			"MATCH (p:Person)-[:KNOWS]-(f) WITH p, count(f) AS k WHERE k = 1 RETURN p.gender AS g, count(*) AS n",
			"MATCH (p:Person) WHERE EXISTS { (p)-[:KNOWS]-() } AND NOT EXISTS { MATCH (p)-[k1:KNOWS]-(), (p)-[k2:KNOWS]-() WHERE k1 <> k2 } RETURN p.gender AS g, count(*) AS n",
			"MATCH (p:Person) OPTIONAL MATCH (p)-[:KNOWS]-(f) WITH p, collect(f) AS fs WHERE size(fs) = 1 RETURN p.gender AS g, count(*) AS n",
		)},
		// Tags carried by a post, a comment and a forum: a conjunction of
		// EXISTS, all() over the labels with a correlated EXISTS, the
		// carriers' kinds collected, the labels unwound and counted
		// distinct, pattern predicates, a program.
		{"l-h22-tag-everywhere", "relational division over a list", LDBC, written(false,
			"MATCH (t:Tag) WHERE EXISTS { (:Post)-[:HAS_TAG]->(t) } AND EXISTS { (:Comment)-[:HAS_TAG]->(t) } AND EXISTS { (:Forum)-[:HAS_TAG]->(t) } RETURN count(t) AS n",
			"MATCH (t:Tag) WHERE all(l IN ['Post', 'Comment', 'Forum'] WHERE EXISTS { (x)-[:HAS_TAG]->(t) WHERE l IN labels(x) }) RETURN count(t) AS n",
			"MATCH (x)-[:HAS_TAG]->(t:Tag) WITH t, collect(DISTINCT CASE WHEN x:Post THEN 'P' WHEN x:Comment THEN 'C' WHEN x:Forum THEN 'F' END) AS kinds WHERE size(kinds) = 3 RETURN count(t) AS n",
			"UNWIND ['Post', 'Comment', 'Forum'] AS l MATCH (x)-[:HAS_TAG]->(t:Tag) WHERE l IN labels(x) WITH t, count(DISTINCT l) AS k WHERE k = 3 RETURN count(t) AS n",
			"MATCH (t:Tag) WHERE (:Post)-[:HAS_TAG]->(t) AND (:Comment)-[:HAS_TAG]->(t) AND (:Forum)-[:HAS_TAG]->(t) RETURN count(t) AS n",
			programForm(union("MATCH (:Post)-[:HAS_TAG]->(t:Tag) RETURN t"), intersect("MATCH (:Comment)-[:HAS_TAG]->(t:Tag) RETURN t"), intersect("MATCH (:Forum)-[:HAS_TAG]->(t:Tag) RETURN t")),
		)},
		// Persons per engine of their browser named in a table of maps
		// (four browsers): the table joined by an inline property map,
		// CASE, a map looked up by the browser, browsers pre-grouped then
		// joined to the table, a comprehension over the table.
		{"l-h22-browser-table", "UNWIND of literal maps as lookup tables", LDBC, written(false,
			"UNWIND [{b: 'Firefox', engine: 'Gecko'}, {b: 'Chrome', engine: 'Blink'}, {b: 'Opera', engine: 'Blink'}, {b: 'Safari', engine: 'WebKit'}] AS m MATCH (p:Person {browserUsed: m.b}) RETURN m.engine AS engine, count(*) AS n",
			"MATCH (p:Person) WHERE p.browserUsed IN ['Firefox', 'Chrome', 'Opera', 'Safari'] RETURN CASE p.browserUsed WHEN 'Firefox' THEN 'Gecko' WHEN 'Safari' THEN 'WebKit' ELSE 'Blink' END AS engine, count(*) AS n",
			"MATCH (p:Person) WITH {Firefox: 'Gecko', Chrome: 'Blink', Opera: 'Blink', Safari: 'WebKit'}[p.browserUsed] AS engine WHERE engine IS NOT NULL RETURN engine, count(*) AS n",
			"MATCH (p:Person) WITH p.browserUsed AS b, count(*) AS c UNWIND [{b: 'Firefox', engine: 'Gecko'}, {b: 'Chrome', engine: 'Blink'}, {b: 'Opera', engine: 'Blink'}, {b: 'Safari', engine: 'WebKit'}] AS m WITH m, b, c WHERE m.b = b RETURN m.engine AS engine, sum(c) AS n",
			"WITH [{b: 'Firefox', engine: 'Gecko'}, {b: 'Chrome', engine: 'Blink'}, {b: 'Opera', engine: 'Blink'}, {b: 'Safari', engine: 'WebKit'}] AS table MATCH (p:Person) WITH p, [m IN table WHERE m.b = p.browserUsed | m.engine] AS hit WHERE size(hit) > 0 RETURN hit[0] AS engine, count(*) AS n",
		)},
		// Persons born after every one of their friends: NOT EXISTS of a
		// friend born as late, the friends' latest birthday, COLLECT {
		// max }[0], all() over a comprehension, CALL (p) { } over an
		// OPTIONAL MATCH.
		{"l-h22-youngest-friend", "values above every neighbour's", LDBC, written(false,
			"MATCH (p:Person) WHERE EXISTS { (p)-[:KNOWS]-(:Person) } AND NOT EXISTS { (p)-[:KNOWS]-(f:Person) WHERE f.birthday >= p.birthday } RETURN p.id AS id",
			"MATCH (p:Person)-[:KNOWS]-(f:Person) WITH p, max(f.birthday) AS latest WHERE p.birthday > latest RETURN p.id AS id",
			"MATCH (p:Person) WHERE p.birthday > COLLECT { MATCH (p)-[:KNOWS]-(f:Person) RETURN max(f.birthday) AS b }[0] RETURN p.id AS id",
			"MATCH (p:Person) WITH p, [(p)-[:KNOWS]-(f:Person) | f.birthday] AS bs WHERE size(bs) > 0 AND all(b IN bs WHERE p.birthday > b) RETURN p.id AS id",
			"MATCH (p:Person) CALL (p) { OPTIONAL MATCH (p)-[:KNOWS]-(f:Person) RETURN max(f.birthday) AS top } WITH p, top WHERE p.birthday > top RETURN p.id AS id",
		)},
		// Friends of $person who liked one of $person's posts: EXISTS,
		// membership of a liked post in the collected posts, the walk made
		// distinct, membership in two comprehensions, a program.
		{"l-h22-friends-liking", "membership in a comprehension or collected list", LDBC, written(false,
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WHERE EXISTS { (f)-[:LIKES]->(:Post)-[:HAS_CREATOR]->(p) } RETURN count(DISTINCT f) AS n",
			"MATCH (p:Person {id: $person})<-[:HAS_CREATOR]-(m:Post) WITH p, collect(m) AS ms MATCH (p)-[:KNOWS]-(f:Person) WHERE any(x IN [(f)-[:LIKES]->(x) | x] WHERE x IN ms) RETURN count(DISTINCT f) AS n",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person)-[:LIKES]->(:Post)-[:HAS_CREATOR]->(p) RETURN count(DISTINCT f) AS n",
			"MATCH (p:Person {id: $person}) MATCH (f:Person) WHERE f IN [(p)-[:KNOWS]-(x:Person) | x] AND f IN [(p)<-[:HAS_CREATOR]-(:Post)<-[:LIKES]-(y:Person) | y] RETURN count(f) AS n",
			programForm(union("MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN f"), intersect("MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(:Post)<-[:LIKES]-(f:Person) RETURN f")),
		)},
		// Persons per (gender, decade of birth): the keys returned, a list
		// key, a map key, a string split back, an arithmetic code, the
		// birthdays pre-grouped.
		{"l-h22-gender-decade", "composite grouping keys", LDBC, written(false,
			"MATCH (p:Person) RETURN p.gender AS g, p.birthday.year / 10 * 10 AS decade, count(*) AS n",
			"MATCH (p:Person) WITH [p.gender, p.birthday.year / 10 * 10] AS key, count(*) AS n RETURN key[0] AS g, key[1] AS decade, n",
			"MATCH (p:Person) WITH {g: p.gender, d: p.birthday.year / 10 * 10} AS key, count(*) AS n RETURN key.g AS g, key.d AS decade, n",
			"MATCH (p:Person) WITH p.gender + ':' + toString(p.birthday.year / 10 * 10) AS key, count(*) AS n RETURN split(key, ':')[0] AS g, toInteger(split(key, ':')[1]) AS decade, n",
			"MATCH (p:Person) WITH CASE p.gender WHEN 'male' THEN 10000 ELSE 20000 END + p.birthday.year / 10 * 10 AS code, count(*) AS n RETURN CASE code / 10000 WHEN 1 THEN 'male' ELSE 'female' END AS g, code % 10000 AS decade, n",
			"MATCH (p:Person) WITH p.gender AS g, p.birthday AS b, count(*) AS c RETURN g, b.year / 10 * 10 AS decade, sum(c) AS n",
		)},
		// Per browser, the persons with more friends than the browser's
		// mean: the mean then a second MATCH, degrees collected and
		// filtered, COLLECT { } per person, CALL (b) { } per browser, the
		// sum and the count in integers.
		{"l-h22-above-mean", "filters against an aggregate joined back", LDBC, written(false,
			"MATCH (p:Person) WITH p.browserUsed AS b, avg(COUNT { (p)-[:KNOWS]-() }) AS mean MATCH (q:Person) WHERE q.browserUsed = b AND COUNT { (q)-[:KNOWS]-() } > mean RETURN b AS browser, count(*) AS n",
			"MATCH (p:Person) WITH p, COUNT { (p)-[:KNOWS]-() } AS d WITH p.browserUsed AS b, collect(d) AS ds, avg(d) AS mean WITH b, size([d IN ds WHERE d > mean]) AS n WHERE n > 0 RETURN b AS browser, n",
			"MATCH (q:Person) WHERE COUNT { (q)-[:KNOWS]-() } > COLLECT { MATCH (p:Person) WHERE p.browserUsed = q.browserUsed RETURN avg(COUNT { (p)-[:KNOWS]-() }) AS m }[0] RETURN q.browserUsed AS browser, count(*) AS n",
			"MATCH (p:Person) WITH DISTINCT p.browserUsed AS b CALL (b) { MATCH (p:Person {browserUsed: b}) RETURN avg(COUNT { (p)-[:KNOWS]-() }) AS mean } MATCH (q:Person {browserUsed: b}) WHERE COUNT { (q)-[:KNOWS]-() } > mean RETURN b AS browser, count(*) AS n",
			"MATCH (p:Person) WITH p.browserUsed AS b, sum(COUNT { (p)-[:KNOWS]-() }) AS total, count(*) AS people MATCH (q:Person {browserUsed: b}) WHERE COUNT { (q)-[:KNOWS]-() } * people > total RETURN b AS browser, count(*) AS n",
		)},

		// Stack Overflow.
		// Users with answers all scoring above zero: NOT EXISTS, min(),
		// all() over a comprehension, two COUNT { } compared, none() over
		// collected scores, a program.
		{"s-h22-every-positive", "every neighbour passes a test", StackOverflow, written(false,
			"MATCH (u:User) WHERE EXISTS { (u)-[:PROVIDED]->(:Answer) } AND NOT EXISTS { (u)-[:PROVIDED]->(a:Answer) WHERE a.score <= 0 } RETURN count(u) AS n",
			"MATCH (u:User)-[:PROVIDED]->(a:Answer) WITH u, min(a.score) AS lo WHERE lo > 0 RETURN count(u) AS n",
			"MATCH (u:User) WITH u, [(u)-[:PROVIDED]->(a:Answer) | a.score] AS ss WHERE size(ss) > 0 AND all(s IN ss WHERE s > 0) RETURN count(u) AS n",
			"MATCH (u:User) WITH u, COUNT { (u)-[:PROVIDED]->(:Answer) } AS total, COUNT { (u)-[:PROVIDED]->(a:Answer) WHERE a.score > 0 } AS good WHERE total > 0 AND good = total RETURN count(u) AS n",
			"MATCH (u:User)-[:PROVIDED]->(a:Answer) WITH u, collect(a.score) AS ss WHERE none(s IN ss WHERE s <= 0) RETURN count(u) AS n",
			programForm(union("MATCH (u:User)-[:PROVIDED]->(:Answer) RETURN u"), diff("MATCH (u:User)-[:PROVIDED]->(a:Answer) WHERE a.score <= 0 RETURN u")),
		)},
		// $tag questions with exactly one answer: COUNT { } = 1, a sized
		// comprehension, single(), a grouped count, EXISTS without a
		// second answer, answers collected.
		{"s-h22-one-answer", "exactly one match", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE COUNT { (q)<-[:ANSWERED]-() } = 1 RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE size([(q)<-[:ANSWERED]-(a) | a]) = 1 RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE single(a IN [(q)<-[:ANSWERED]-(a) | a] WHERE a:Answer) RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) MATCH (q)<-[:ANSWERED]-(a) WITH q, count(a) AS k WHERE k = 1 RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE EXISTS { (q)<-[:ANSWERED]-() } AND NOT EXISTS { (q)<-[:ANSWERED]-(a1), (q)<-[:ANSWERED]-(a2) WHERE a1 <> a2 } RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) OPTIONAL MATCH (q)<-[:ANSWERED]-(a) WITH q, collect(a) AS answers WHERE size(answers) = 1 RETURN count(q) AS n",
		)},
		// Users who asked, answered and commented: a conjunction of
		// EXISTS, all() over the types with a correlated EXISTS, the
		// distinct types counted, the types unwound, the types tested
		// against a comprehension, a program.
		{"s-h22-all-activities", "relational division over a list", StackOverflow, written(false,
			"MATCH (u:User) WHERE EXISTS { (u)-[:ASKED]->() } AND EXISTS { (u)-[:PROVIDED]->() } AND EXISTS { (u)-[:COMMENTED]->() } RETURN count(u) AS n",
			"MATCH (u:User) WHERE all(t IN ['ASKED', 'PROVIDED', 'COMMENTED'] WHERE EXISTS { (u)-[r]->() WHERE type(r) = t }) RETURN count(u) AS n",
			"MATCH (u:User)-[r:ASKED|PROVIDED|COMMENTED]->() WITH u, count(DISTINCT type(r)) AS k WHERE k = 3 RETURN count(u) AS n",
			"UNWIND ['ASKED', 'PROVIDED', 'COMMENTED'] AS t MATCH (u:User)-[r]->() WHERE type(r) = t WITH u, count(DISTINCT t) AS k WHERE k = 3 RETURN count(u) AS n",
			"MATCH (u:User) WITH u, [(u)-[r]->() | type(r)] AS ts WHERE all(t IN ['ASKED', 'PROVIDED', 'COMMENTED'] WHERE t IN ts) RETURN count(u) AS n",
			programForm(union("MATCH (u:User)-[:ASKED]->() RETURN u"), intersect("MATCH (u:User)-[:PROVIDED]->() RETURN u"), intersect("MATCH (u:User)-[:COMMENTED]->() RETURN u")),
		)},
		// $tag questions per band of views named in a table of maps: the
		// table joined by a range, CASE, views pre-grouped then joined to
		// the table, a comprehension over the table, CASE on the number of
		// digits.
		{"s-h22-views-table", "UNWIND of literal maps as lookup tables", StackOverflow, written(false,
			"UNWIND [{lo: 0, hi: 100, name: 'few'}, {lo: 100, hi: 1000, name: 'some'}, {lo: 1000, hi: 100000000, name: 'many'}] AS b MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE b.lo <= q.view_count < b.hi RETURN b.name AS band, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE 0 <= q.view_count < 100000000 RETURN CASE WHEN q.view_count < 100 THEN 'few' WHEN q.view_count < 1000 THEN 'some' ELSE 'many' END AS band, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH q.view_count AS v, count(*) AS c UNWIND [{lo: 0, hi: 100, name: 'few'}, {lo: 100, hi: 1000, name: 'some'}, {lo: 1000, hi: 100000000, name: 'many'}] AS b WITH b, v, c WHERE b.lo <= v < b.hi RETURN b.name AS band, sum(c) AS n",
			"WITH [{lo: 0, hi: 100, name: 'few'}, {lo: 100, hi: 1000, name: 'some'}, {lo: 1000, hi: 100000000, name: 'many'}] AS bands MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH q, [b IN bands WHERE b.lo <= q.view_count < b.hi | b.name] AS hit WHERE size(hit) > 0 RETURN hit[0] AS band, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE 0 <= q.view_count < 100000000 RETURN CASE size(toString(q.view_count)) WHEN 1 THEN 'few' WHEN 2 THEN 'few' WHEN 3 THEN 'some' ELSE 'many' END AS band, count(*) AS n",
		)},
		// $tag2 questions with answerers, all of whom asked a question
		// too: NOT EXISTS of an answerer who never asked, the flags
		// collected, the fewest questions asked, all() over a
		// comprehension of answerers, two COUNT { } compared, a program.
		{"s-h22-every-answerer-asks", "every neighbour passes a test", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE EXISTS { (q)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(:User) } AND NOT EXISTS { (q)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(u:User) WHERE NOT EXISTS { (u)-[:ASKED]->() } } RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) MATCH (q)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(u:User) WITH q, collect(EXISTS { (u)-[:ASKED]->() }) AS asked WHERE all(x IN asked WHERE x) RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) MATCH (q)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(u:User) WITH q, min(COUNT { (u)-[:ASKED]->() }) AS fewest WHERE fewest > 0 RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WITH q, [(q)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(u:User) | u] AS us WHERE size(us) > 0 AND all(u IN us WHERE (u)-[:ASKED]->()) RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WITH q, COUNT { (q)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(:User) } AS total, COUNT { (q)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(u:User) WHERE EXISTS { (u)-[:ASKED]->() } } AS askers WHERE total > 0 AND askers = total RETURN count(q) AS n",
			programForm(union("MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) MATCH (q)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(:User) RETURN q"), diff("MATCH (q:Question)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(u:User) WHERE NOT EXISTS { (u)-[:ASKED]->() } RETURN q")),
		)},
		// Questions $provider answered that carry a tag of a question
		// $user asked: membership of a tag in the collected tags, EXISTS
		// over two MATCH clauses, membership in a pattern comprehension,
		// the walk made distinct, a program.
		{"s-h22-shared-tags", "membership in a comprehension or collected list", StackOverflow, written(false,
			"MATCH (:User {user_id: $user})-[:ASKED]->(:Question)-[:TAGGED]->(t:Tag) WITH collect(DISTINCT t) AS ts MATCH (:User {user_id: $provider})-[:PROVIDED]->(:Answer)-[:ANSWERED]->(q:Question) WHERE any(t IN [(q)-[:TAGGED]->(t) | t] WHERE t IN ts) RETURN count(DISTINCT q) AS n",
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(:Answer)-[:ANSWERED]->(q:Question) WHERE EXISTS { MATCH (q)-[:TAGGED]->(t:Tag) MATCH (t)<-[:TAGGED]-(:Question)<-[:ASKED]-(:User {user_id: $user}) } RETURN count(DISTINCT q) AS n",
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(:Answer)-[:ANSWERED]->(q:Question) WITH DISTINCT q WHERE any(t IN [(q)-[:TAGGED]->(t) | t] WHERE t IN [(:User {user_id: $user})-[:ASKED]->(:Question)-[:TAGGED]->(x:Tag) | x]) RETURN count(q) AS n",
			"MATCH (:User {user_id: $user})-[:ASKED]->(:Question)-[:TAGGED]->(t:Tag) MATCH (t)<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(:User {user_id: $provider}) RETURN count(DISTINCT q) AS n",
			programForm(union("MATCH (:User {user_id: $provider})-[:PROVIDED]->(:Answer)-[:ANSWERED]->(q:Question) RETURN q"), intersect("MATCH (:User {user_id: $user})-[:ASKED]->(:Question)-[:TAGGED]->(t:Tag) MATCH (t)<-[:TAGGED]-(q:Question) RETURN q")),
		)},
		// Answers to $tag questions per (sign of the score, answers of the
		// question): the keys returned, a list key, a map key, an
		// arithmetic code, a string split back, the parts pre-grouped.
		{"s-h22-sign-count", "composite grouping keys", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL AND q.answer_count IS NOT NULL RETURN sign(a.score) AS s, q.answer_count AS c, count(*) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL AND q.answer_count IS NOT NULL WITH [sign(a.score), q.answer_count] AS key, count(*) AS n RETURN key[0] AS s, key[1] AS c, n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL AND q.answer_count IS NOT NULL WITH {s: sign(a.score), c: q.answer_count} AS key, count(*) AS n RETURN key.s AS s, key.c AS c, n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL AND q.answer_count IS NOT NULL WITH (sign(a.score) + 1) * 1000 + q.answer_count AS code, count(*) AS n RETURN code / 1000 - 1 AS s, code % 1000 AS c, n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL AND q.answer_count IS NOT NULL WITH toString(sign(a.score)) + '#' + toString(q.answer_count) AS key, count(*) AS n RETURN toInteger(split(key, '#')[0]) AS s, toInteger(split(key, '#')[1]) AS c, n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL AND q.answer_count IS NOT NULL WITH a.score AS score, q.answer_count AS c, count(*) AS k RETURN sign(score) AS s, c, sum(k) AS n",
		)},
		// $tag questions viewed more than the tag's mean: the mean then a
		// second MATCH, collect() and UNWIND, COLLECT { } per question,
		// the sum and the count in integers, CALL { } first.
		{"s-h22-above-mean", "filters against an aggregate joined back", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH avg(q.view_count) AS mean MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.view_count > mean RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH collect(q) AS qs, avg(q.view_count) AS mean UNWIND qs AS q WITH q, mean WHERE q.view_count > mean RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(t:Tag {name: $tag}) WHERE q.view_count > COLLECT { MATCH (x:Question)-[:TAGGED]->(t) RETURN avg(x.view_count) AS m }[0] RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH sum(q.view_count) AS total, count(q.view_count) AS c MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.view_count * c > total RETURN count(q) AS n",
			"CALL { MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN avg(q.view_count) AS mean } MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.view_count > mean RETURN count(q) AS n",
		)},

		// WN18RR.
		// Hyponyms of $entity with hyponyms, none of which has hyponyms of
		// its own: NOT EXISTS of a grandchild, the children's largest
		// count, none() over a comprehension, two COUNT { } compared, an
		// OPTIONAL MATCH of grandchildren counted, a program.
		{"w-h22-one-level", "every neighbour passes a test", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE EXISTS { ()-[:_hypernym]->(h) } AND NOT EXISTS { (c)-[:_hypernym]->(h) WHERE EXISTS { ()-[:_hypernym]->(c) } } RETURN count(DISTINCT h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (c)-[:_hypernym]->(h) WITH h, max(COUNT { ()-[:_hypernym]->(c) }) AS deepest WHERE deepest = 0 RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, [(c)-[:_hypernym]->(h) | c] AS cs WHERE size(cs) > 0 AND none(c IN cs WHERE EXISTS { ()-[:_hypernym]->(c) }) RETURN count(DISTINCT h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, COUNT { (c)-[:_hypernym]->(h) } AS kids, COUNT { (c)-[:_hypernym]->(h) WHERE NOT EXISTS { ()-[:_hypernym]->(c) } } AS leaves WHERE kids > 0 AND leaves = kids RETURN count(DISTINCT h) AS n",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h)<-[:_hypernym]-(c) OPTIONAL MATCH (g)-[:_hypernym]->(c) WITH h, count(g) AS grand WHERE grand = 0 RETURN count(DISTINCT h) AS n",
			programForm(union("MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH ()-[:_hypernym]->(h) RETURN h"), diff("MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH ()-[:_hypernym]->()-[:_hypernym]->(h) RETURN h")),
		)},
		// Hyponyms of $entity with exactly one hypernym: COUNT { } = 1, a
		// sized comprehension, single(), a grouped count, NOT EXISTS of
		// another hypernym, a program.
		{"w-h22-one-parent", "exactly one match", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE COUNT { (h)-[:_hypernym]->() } = 1 RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE size([(h)-[:_hypernym]->(x) | x]) = 1 RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE single(x IN [(h)-[:_hypernym]->(x) | x] WHERE x IS NOT NULL) RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)-[:_hypernym]->(x) WITH h, count(x) AS k WHERE k = 1 RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE NOT EXISTS { (h)-[:_hypernym]->(x) WHERE x.id <> $entity } RETURN count(h) AS n",
			programForm(union("MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN h"), diff("MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)-[:_hypernym]->(x) WHERE x.id <> $entity RETURN h")),
		)},
		// Entities with links out of three types: a conjunction of
		// EXISTS, all() over the types with a correlated EXISTS, the
		// distinct types counted, the types unwound, the types tested
		// against a comprehension, a program.
		{"w-h22-three-types", "relational division over a list", WordNet, written(false,
			"MATCH (e:Entity) WHERE EXISTS { (e)-[:_hypernym]->() } AND EXISTS { (e)-[:_derivationally_related_form]->() } AND EXISTS { (e)-[:_synset_domain_topic_of]->() } RETURN count(e) AS n",
			"MATCH (e:Entity) WHERE all(t IN ['_hypernym', '_derivationally_related_form', '_synset_domain_topic_of'] WHERE EXISTS { (e)-[r]->() WHERE type(r) = t }) RETURN count(e) AS n",
			"MATCH (e:Entity)-[r:_hypernym|_derivationally_related_form|_synset_domain_topic_of]->() WITH e, count(DISTINCT type(r)) AS k WHERE k = 3 RETURN count(e) AS n",
			"UNWIND ['_hypernym', '_derivationally_related_form', '_synset_domain_topic_of'] AS t MATCH (e:Entity)-[r]->() WHERE type(r) = t WITH e, count(DISTINCT t) AS k WHERE k = 3 RETURN count(e) AS n",
			"MATCH (e:Entity) WITH e, [(e)-[r]->() | type(r)] AS ts WHERE all(t IN ['_hypernym', '_derivationally_related_form', '_synset_domain_topic_of'] WHERE t IN ts) RETURN count(e) AS n",
			programForm(union("MATCH (e:Entity)-[:_hypernym]->() RETURN e"), intersect("MATCH (e:Entity)-[:_derivationally_related_form]->() RETURN e"), intersect("MATCH (e:Entity)-[:_synset_domain_topic_of]->() RETURN e")),
		)},
		// Hyponyms of $entity related by derivation (either way) to a
		// member of $topic's domain: EXISTS, membership in the collected
		// members, the walk made distinct, membership in a comprehension
		// of the members' relatives, a program.
		{"w-h22-derived-members", "membership in a comprehension or collected list", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE EXISTS { (h)-[:_derivationally_related_form]-(m)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) } RETURN count(DISTINCT h) AS n",
			"MATCH (m)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) WITH collect(m) AS ms MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE any(x IN [(h)-[:_derivationally_related_form]-(x) | x] WHERE x IN ms) RETURN count(DISTINCT h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)-[:_derivationally_related_form]-(m)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) RETURN count(DISTINCT h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH DISTINCT h WHERE h IN [(:Entity {id: $topic})<-[:_synset_domain_topic_of]-(m)-[:_derivationally_related_form]-(x) | x] RETURN count(h) AS n",
			programForm(union("MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN h"), intersect("MATCH (h)-[:_derivationally_related_form]-(m)-[:_synset_domain_topic_of]->(:Entity {id: $topic}) RETURN h")),
		)},
		// Links out of $entity's hyponyms per (type, first letter of the
		// target's name): the keys returned, a list key, a map key, a
		// string split back, the targets pre-grouped.
		{"w-h22-type-letter", "composite grouping keys", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)-[r]->(x) RETURN type(r) AS t, left(x.name, 1) AS l, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)-[r]->(x) WITH [type(r), left(x.name, 1)] AS key, count(*) AS n RETURN key[0] AS t, key[1] AS l, n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)-[r]->(x) WITH {t: type(r), l: left(x.name, 1)} AS key, count(*) AS n RETURN key.t AS t, key.l AS l, n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)-[r]->(x) WITH type(r) + '|' + left(x.name, 1) AS key, count(*) AS n RETURN split(key, '|')[0] AS t, substring(key, size(key) - 1) AS l, n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)-[r]->(x) WITH type(r) AS t, x, count(*) AS c RETURN t, left(x.name, 1) AS l, sum(c) AS n",
		)},
		// Hyponyms of $entity with more hyponyms than the mean over its
		// hyponyms: the mean then a second MATCH, collected maps unwound,
		// COLLECT { } per row, integers over the collected counts, CALL
		// { } first.
		{"w-h22-above-mean", "filters against an aggregate joined back", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH avg(COUNT { ()-[:_hypernym]->(h) }) AS mean MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE COUNT { ()-[:_hypernym]->(h) } > mean RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, COUNT { ()-[:_hypernym]->(h) } AS k WITH collect({h: h, k: k}) AS rows, avg(k) AS mean UNWIND rows AS r WITH r, mean WHERE r.k > mean RETURN count(*) AS n",
			"MATCH (h)-[:_hypernym]->(e:Entity {id: $entity}) WHERE COUNT { ()-[:_hypernym]->(h) } > COLLECT { MATCH (x)-[:_hypernym]->(e) RETURN avg(COUNT { ()-[:_hypernym]->(x) }) AS m }[0] RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH collect(COUNT { ()-[:_hypernym]->(h) }) AS ks WITH ks, reduce(t = 0, k IN ks | t + k) AS total RETURN size([k IN ks WHERE k * size(ks) > total]) AS n",
			"CALL { MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN avg(COUNT { ()-[:_hypernym]->(h) }) AS mean } MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE COUNT { ()-[:_hypernym]->(h) } > mean RETURN count(h) AS n",
		)},
	}
}
