package metamorphic

// heldout24Questions are the twenty-fourth held-out round's kinds: links
// whose two ends agree on a value (the comparison in WHERE, the value
// bound in an inline property map, COUNT { } summed, CASE flags summed, a
// sized pattern comprehension, IN a one-element list); walks with a
// condition on every step (the steps' conditions in one WHERE, a chained
// comparison, all() and reduce() over nodes(p), a quantified path with an
// inner WHERE, the second step in its own MATCH or COUNT { }); nodes
// reaching a given node within two steps (the variable-length walk
// written from either end, EXISTS, a UNION of the two lengths, a
// quantified path, two EXISTS joined by OR, a program); distinct endpoint
// pairs of two-step walks (count(DISTINCT [a, c]), WITH DISTINCT, per
// start collect(DISTINCT) sized, CALL (a) { } counting, a map as the
// distinct key, a comprehension unwound); neighbourhoods agreeing on one
// value (count(DISTINCT) = 1, min = max, collect(DISTINCT) sized, all()
// against the first, COLLECT { RETURN DISTINCT } sized, NOT EXISTS of two
// differing neighbours, a program's difference); a group's size beside
// its part with a pattern (EXISTS inside sum(CASE) and count(CASE),
// OPTIONAL MATCH counted per node, a collected list filtered, a COUNT { }
// flag, CALL (key) { } per group); the first neighbour in an order (ORDER
// BY ... LIMIT 1 inside CALL (x) { }, the ordered list's head, COLLECT { }
// [0], the least value joined back, reduce() keeping the best).
func heldout24Questions() []Question {
	return []Question{
		// Generic graphs.
		// R links out of A nodes whose two ends have the same key (a
		// missing key agrees with nothing), per string of the source.
		{"g-h24-equal-ends", "links whose two ends agree on a value", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WHERE a.k = b.k RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WITH a.s AS s, sum(COUNT { (a)-[:R]->(b) WHERE b.k = a.k }) AS n WHERE n > 0 RETURN s, n",
			"MATCH (a:A)-[:R]->(b) WITH a.s AS s, sum(CASE WHEN a.k = b.k THEN 1 ELSE 0 END) AS n WHERE n > 0 RETURN s, n",
			"MATCH (a:A) MATCH (a)-[:R]->(b {k: a.k}) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WITH a, size([(a)-[:R]->(b) WHERE b.k = a.k | b]) AS c WHERE c > 0 RETURN a.s AS s, sum(c) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE a.k IN [b.k] RETURN a.s AS s, count(*) AS n",
		)},
		// Walks of two R links from A nodes whose key rises at each step
		// (the two links distinct), per string of the start.
		{"g-h24-rising-walks", "walks with a condition on every step", Generic, written(false,
			"MATCH (a:A)-[:R]->(b)-[:R]->(c) WHERE a.k < b.k < c.k RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:R]->(b)-[:R]->(c) WHERE a.k < b.k AND b.k < c.k RETURN a.s AS s, count(*) AS n",
			"MATCH p = (a:A)-[:R*2]->() WHERE all(i IN range(0, 1) WHERE nodes(p)[i].k < nodes(p)[i + 1].k) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) ((x)-[:R]->(y) WHERE x.k < y.k){2} (c) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE a.k < b.k MATCH (b)-[:R]->(c) WHERE b.k < c.k RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE a.k < b.k WITH a.s AS s, sum(COUNT { (b)-[:R]->(c) WHERE b.k < c.k }) AS n WHERE n > 0 RETURN s, n",
			"MATCH p = (a:A)-[:R*2]->() WHERE reduce(ok = true, i IN range(0, 1) | ok AND nodes(p)[i].k < nodes(p)[i + 1].k) RETURN a.s AS s, count(*) AS n",
		)},
		// The distinct nodes with a walk of one or two links of any type
		// (the links distinct) to a node with id $a.
		{"g-h24-reach-back", "nodes reaching a given node within two steps", Generic, written(false,
			"MATCH (x)-[*1..2]->({id: $a}) RETURN count(DISTINCT x) AS n",
			"MATCH ({id: $a})<-[*1..2]-(x) WITH DISTINCT x RETURN count(x) AS n",
			"MATCH (x) WHERE EXISTS { (x)-[*1..2]->({id: $a}) } RETURN count(x) AS n",
			"CALL { MATCH (x)-->({id: $a}) RETURN x UNION MATCH (x)-->()-->({id: $a}) RETURN x } RETURN count(x) AS n",
			"MATCH ({id: $a}) (()<--()){1,2} (x) WITH DISTINCT x RETURN count(x) AS n",
			"MATCH (x) WHERE EXISTS { (x)-->({id: $a}) } OR EXISTS { (x)-->()-->({id: $a}) } RETURN count(x) AS n",
			programForm(union("MATCH (x)-[*1..2]->({id: $a}) RETURN x")),
		)},
		// Distinct pairs of an A node and a node two links away, an R
		// link then an S link.
		{"g-h24-walk-pairs", "distinct endpoint pairs of two-step walks", Generic, written(false,
			"MATCH (a:A)-[:R]->()-[:S]->(c) RETURN count(DISTINCT [a, c]) AS n",
			"MATCH (a:A)-[:R]->()-[:S]->(c) WITH DISTINCT a, c RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->()-[:S]->(c) WITH a, collect(DISTINCT c) AS cs RETURN sum(size(cs)) AS n",
			"MATCH (a:A) CALL (a) { MATCH (a)-[:R]->()-[:S]->(c) RETURN count(DISTINCT c) AS k } RETURN sum(k) AS n",
			"MATCH (a:A)-[:R]->()-[:S]->(c) RETURN count(DISTINCT {a: a, c: c}) AS n",
			"MATCH (a:A) WITH a, [(a)-[:R]->()-[:S]->(c) | c] AS cs UNWIND cs AS c WITH DISTINCT a, c RETURN count(*) AS n",
			"MATCH (a:A), (c) WHERE EXISTS { (a)-[:R]->()-[:S]->(c) } RETURN count(*) AS n",
		)},
		// A nodes whose R targets with a key all have the same key (at
		// least one has one; a missing key is skipped).
		{"g-h24-uniform-targets", "neighbourhoods agreeing on one value", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WITH a, count(DISTINCT b.k) AS d WHERE d = 1 RETURN count(a) AS n",
			"MATCH (a:A)-[:R]->(b) WITH a, min(b.k) AS lo, max(b.k) AS hi WHERE lo = hi RETURN count(a) AS n",
			"MATCH (a:A)-[:R]->(b) WITH a, collect(DISTINCT b.k) AS ks WHERE size(ks) = 1 RETURN count(a) AS n",
			"MATCH (a:A) WITH a, [(a)-[:R]->(b) WHERE b.k IS NOT NULL | b.k] AS ks WHERE size(ks) > 0 AND all(x IN ks WHERE x = ks[0]) RETURN count(a) AS n",
			"MATCH (a:A) WHERE size(COLLECT { MATCH (a)-[:R]->(b) WHERE b.k IS NOT NULL RETURN DISTINCT b.k AS k }) = 1 RETURN count(a) AS n",
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->(b) WHERE b.k IS NOT NULL } AND NOT EXISTS { MATCH (a)-[:R]->(b) MATCH (a)-[:R]->(c) WHERE b.k <> c.k } RETURN count(a) AS n",
			programForm(union("MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL RETURN a"), diff("MATCH (a:A)-[:R]->(b) MATCH (a)-[:R]->(c) WHERE b.k <> c.k RETURN a")),
		)},
		// Per string: the A nodes and those of them with an R link out.
		{"g-h24-linked-share", "a group's size beside its part with a pattern", Generic, written(false,
			"MATCH (a:A) RETURN a.s AS s, count(*) AS total, sum(CASE WHEN EXISTS { (a)-[:R]->() } THEN 1 ELSE 0 END) AS linked",
			"MATCH (a:A) RETURN a.s AS s, count(*) AS total, count(CASE WHEN EXISTS { (a)-[:R]->() } THEN 1 END) AS linked",
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:R]->() WITH a, count(r) AS d RETURN a.s AS s, count(*) AS total, sum(CASE WHEN d > 0 THEN 1 ELSE 0 END) AS linked",
			"MATCH (a:A) WITH a.s AS s, collect(a) AS nodes RETURN s, size(nodes) AS total, size([x IN nodes WHERE EXISTS { (x)-[:R]->() }]) AS linked",
			"MATCH (a:A) WITH a, COUNT { (a)-[:R]->() } > 0 AS has RETURN a.s AS s, count(*) AS total, count(CASE WHEN has THEN a END) AS linked",
			"MATCH (a:A) WITH a.s AS s, count(*) AS total CALL (s) { MATCH (a:A) WHERE (a.s = s OR a.s IS NULL AND s IS NULL) AND EXISTS { (a)-[:R]->() } RETURN count(a) AS linked } RETURN s, total, linked",
		)},
		// Per A node with an R target that has an id: the key of the
		// target with the least id (ties by the least key, a missing key
		// last).
		{"g-h24-first-target", "the first neighbour in an order", Generic, written(false,
			"MATCH (a:A) CALL (a) { MATCH (a)-[:R]->(b) WHERE b.id IS NOT NULL WITH b ORDER BY b.id, b.k LIMIT 1 RETURN b.k AS k } RETURN a.id AS id, k",
			"MATCH (a:A)-[:R]->(b) WHERE b.id IS NOT NULL WITH a, b ORDER BY b.id, b.k WITH a, collect(b)[0] AS first RETURN a.id AS id, first.k AS k",
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->(b) WHERE b.id IS NOT NULL } RETURN a.id AS id, COLLECT { MATCH (a)-[:R]->(b) WHERE b.id IS NOT NULL RETURN b ORDER BY b.id, b.k LIMIT 1 }[0].k AS k",
			"MATCH (a:A)-[:R]->(b) WITH a, min(b.id) AS lo WHERE lo IS NOT NULL MATCH (a)-[:R]->(c) WHERE c.id = lo WITH a, min(c.k) AS k RETURN a.id AS id, k",
			"MATCH (a:A) WITH a, [(a)-[:R]->(b) WHERE b.id IS NOT NULL | b] AS bs WHERE size(bs) > 0 RETURN a.id AS id, reduce(m = bs[0], b IN bs | CASE WHEN b.id < m.id OR (b.id = m.id AND m.k IS NULL) OR (b.id = m.id AND b.k < m.k) THEN b ELSE m END).k AS k",
		)},

		// Users graphs.
		// Links out of the hub's distinct out-neighbours to users whose id
		// has the same parity.
		{"u-h24-equal-ends", "links whose two ends agree on a value", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v MATCH (v)-->(w) WHERE v.id % 2 = w.id % 2 RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v RETURN sum(COUNT { (v)-->(w) WHERE w.id % 2 = v.id % 2 }) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v MATCH (v)-->(w) RETURN sum(CASE WHEN (v.id + w.id) % 2 = 0 THEN 1 ELSE 0 END) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v RETURN sum(size([(v)-->(w) WHERE (v.id - w.id) % 2 = 0 | w])) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH collect(DISTINCT v) AS vs UNWIND vs AS v MATCH (v)-->(w) WHERE v.id % 2 = w.id % 2 RETURN count(*) AS n",
			"MATCH (v:User)-->(w) WHERE EXISTS { (:User {id: $hub})-->(v) } AND v.id % 2 = w.id % 2 RETURN count(*) AS n",
		)},
		// Walks of two links from the hub whose ids rise at each step.
		{"u-h24-rising-walks", "walks with a condition on every step", Users, written(false,
			"MATCH (h:User {id: $hub})-->(b)-->(c) WHERE h.id < b.id < c.id RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(b)-->(c) WHERE h.id < b.id AND b.id < c.id RETURN count(*) AS n",
			"MATCH p = (:User {id: $hub})-[*2]->() WHERE all(i IN range(0, 1) WHERE nodes(p)[i].id < nodes(p)[i + 1].id) RETURN count(*) AS n",
			"MATCH (:User {id: $hub}) ((x)-->(y) WHERE x.id < y.id){2} (c) RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(b) WHERE b.id > h.id RETURN sum(COUNT { (b)-->(c) WHERE c.id > b.id }) AS n",
			"MATCH p = (:User {id: $hub})-[*2]->() WITH [x IN nodes(p) | x.id] AS ids WHERE ids[0] < ids[1] < ids[2] RETURN count(*) AS n",
		)},
		// Users with a walk of one or two links (distinct) to the hub.
		{"u-h24-reach-back", "nodes reaching a given node within two steps", Users, written(false,
			"MATCH (x)-[*1..2]->(:User {id: $hub}) RETURN count(DISTINCT x) AS n",
			"MATCH (:User {id: $hub})<-[*1..2]-(x) WITH DISTINCT x RETURN count(x) AS n",
			"MATCH (x:User) WHERE EXISTS { (x)-[*1..2]->(:User {id: $hub}) } RETURN count(x) AS n",
			"CALL { MATCH (x)-->(:User {id: $hub}) RETURN x UNION MATCH (x)-->()-->(:User {id: $hub}) RETURN x } RETURN count(x) AS n",
			"MATCH (:User {id: $hub}) (()<--()){1,2} (x) WITH DISTINCT x RETURN count(x) AS n",
			programForm(union("MATCH (x)-[*1..2]->(:User {id: $hub}) RETURN x")),
		)},
		// Distinct pairs of two different out-neighbours b and c of the
		// hub (neither the hub itself) with a link from b to c.
		{"u-h24-walk-pairs", "distinct endpoint pairs of two-step walks", Users, written(false,
			"MATCH (h:User {id: $hub})-->(b)-->(c)<--(h) WHERE b <> c AND b <> h RETURN count(DISTINCT [b, c]) AS n",
			"MATCH (h:User {id: $hub})-->(b)-->(c)<--(h) WHERE b <> c AND b <> h WITH DISTINCT b, c RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(b)-->(c) WHERE b <> c AND b <> h AND (h)-->(c) WITH DISTINCT b, c RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(b) WITH DISTINCT h, b WHERE b <> h MATCH (b)-->(c) WHERE c <> b AND EXISTS { (h)-->(c) } WITH b, collect(DISTINCT c) AS cs RETURN sum(size(cs)) AS n",
			"MATCH (h:User {id: $hub})-->(c) WITH h, collect(DISTINCT c) AS out UNWIND out AS b MATCH (b)-->(c) WHERE c IN out AND c <> b AND b <> h RETURN count(DISTINCT {b: b, c: c}) AS n",
		)},
		// The hub's distinct out-neighbours whose out-neighbours' ids all
		// have one parity.
		{"u-h24-uniform-parity", "neighbourhoods agreeing on one value", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v MATCH (v)-->(w) WITH v, count(DISTINCT w.id % 2) AS d WHERE d = 1 RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v MATCH (v)-->(w) WITH v, min(w.id % 2) AS lo, max(w.id % 2) AS hi WHERE lo = hi RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WITH v, [(v)-->(w) | w.id % 2] AS ps WHERE size(ps) > 0 AND all(x IN ps WHERE x = ps[0]) RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WHERE EXISTS { (v)-->() } AND NOT EXISTS { MATCH (v)-->(x) MATCH (v)-->(y) WHERE x.id % 2 <> y.id % 2 } RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WHERE size(COLLECT { MATCH (v)-->(w) RETURN DISTINCT w.id % 2 AS p }) = 1 RETURN count(v) AS n",
			programForm(union("MATCH (:User {id: $hub})-->(v)-->() RETURN v"), diff("MATCH (:User {id: $hub})-->(v) MATCH (v)-->(x) MATCH (v)-->(y) WHERE x.id % 2 = 0 AND y.id % 2 = 1 RETURN v")),
		)},
		// Per last digit of the id: the hub's distinct out-neighbours and
		// those of them linking to $other.
		{"u-h24-linked-share", "a group's size beside its part with a pattern", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v RETURN v.id % 10 AS digit, count(*) AS total, sum(CASE WHEN EXISTS { (v)-->(:User {id: $other}) } THEN 1 ELSE 0 END) AS linking",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v RETURN v.id % 10 AS digit, count(*) AS total, count(CASE WHEN (v)-->(:User {id: $other}) THEN 1 END) AS linking",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v OPTIONAL MATCH (v)-[r]->(:User {id: $other}) WITH v, count(r) AS d RETURN v.id % 10 AS digit, count(*) AS total, sum(CASE WHEN d > 0 THEN 1 ELSE 0 END) AS linking",
			"MATCH (:User {id: $hub})-->(v) WITH collect(DISTINCT v) AS vs UNWIND vs AS v WITH v.id % 10 AS digit, collect(v) AS ds RETURN digit, size(ds) AS total, size([x IN ds WHERE EXISTS { (x)-->(:User {id: $other}) }]) AS linking",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WITH v, COUNT { (v)-->(:User {id: $other}) } > 0 AS has RETURN v.id % 10 AS digit, count(*) AS total, count(CASE WHEN has THEN v END) AS linking",
		)},
		// Per distinct out-neighbour of the hub with links out: the least
		// id it links to and the out-degree of that user.
		{"u-h24-first-target", "the first neighbour in an order", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v CALL (v) { MATCH (v)-->(w) WITH w ORDER BY w.id LIMIT 1 RETURN w.id AS first, COUNT { (w)-->() } AS d } RETURN v.id AS id, first, d",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v MATCH (v)-->(w) WITH v, w ORDER BY w.id WITH v, collect(w)[0] AS f RETURN v.id AS id, f.id AS first, COUNT { (f)-->() } AS d",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WHERE EXISTS { (v)-->() } WITH v, COLLECT { MATCH (v)-->(w) RETURN w ORDER BY w.id LIMIT 1 }[0] AS f RETURN v.id AS id, f.id AS first, COUNT { (f)-->() } AS d",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v MATCH (v)-->(w) WITH v, min(w.id) AS lo MATCH (f:User {id: lo}) RETURN v.id AS id, lo AS first, COUNT { (f)-->() } AS d",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WITH v, [(v)-->(w) | w] AS ws WHERE size(ws) > 0 WITH v, reduce(m = ws[0], w IN ws | CASE WHEN w.id < m.id THEN w ELSE m END) AS f RETURN v.id AS id, f.id AS first, size([(f)-->(x) | x]) AS d",
		)},

		// Movies.
		// Ordered pairs of two different actors of one movie born in the
		// same year (a missing year agrees with nothing).
		{"m-h24-same-year-costars", "links whose two ends agree on a value", Movies, written(false,
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(q:Person) WHERE p.born = q.born AND p <> q RETURN count(*) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) MATCH (m)<-[:ACTED_IN]-(q:Person {born: p.born}) WHERE q <> p RETURN count(*) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) RETURN sum(COUNT { (m)<-[:ACTED_IN]-(q:Person) WHERE q.born = p.born AND q <> p }) AS n",
			"MATCH (m:Movie) WITH [(m)<-[:ACTED_IN]-(p:Person) WHERE p.born IS NOT NULL | p] AS ps UNWIND ps AS p UNWIND ps AS q WITH p, q WHERE p <> q AND p.born = q.born RETURN count(*) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(q:Person) WITH p, q WHERE p <> q AND p.born IN [q.born] RETURN count(*) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(q:Person) WHERE p <> q RETURN sum(CASE WHEN p.born = q.born THEN 1 ELSE 0 END) AS n",
		)},
		// Walks from $who through one of their movies to a co-actor born
		// later and on to a movie of the co-actor's released later.
		{"m-h24-later-chains", "walks with a condition on every step", Movies, written(false,
			"MATCH (w:Person {name: $who})-[:ACTED_IN]->(m1:Movie)<-[:ACTED_IN]-(q:Person)-[:ACTED_IN]->(m2:Movie) WHERE w.born < q.born AND m1.released < m2.released RETURN count(*) AS n",
			"MATCH (w:Person {name: $who})-[:ACTED_IN]->(m1:Movie)<-[:ACTED_IN]-(q:Person) WHERE q.born > w.born MATCH (q)-[:ACTED_IN]->(m2:Movie) WHERE m2.released > m1.released RETURN count(*) AS n",
			"MATCH (w:Person {name: $who})-[:ACTED_IN]->(m1:Movie)<-[:ACTED_IN]-(q:Person) WHERE q.born > w.born RETURN sum(COUNT { (q)-[:ACTED_IN]->(m2:Movie) WHERE m2.released > m1.released }) AS n",
			"MATCH (w:Person {name: $who})-[:ACTED_IN]->(m1:Movie)<-[:ACTED_IN]-(q:Person)-[:ACTED_IN]->(m2:Movie) WITH [w.born, q.born] AS bs, [m1.released, m2.released] AS rs WHERE bs[0] < bs[1] AND rs[0] < rs[1] RETURN count(*) AS n",
			"MATCH p = (:Person {name: $who})-[:ACTED_IN]->(:Movie)<-[:ACTED_IN]-(:Person)-[:ACTED_IN]->(:Movie) WITH nodes(p) AS ns WHERE ns[0].born < ns[2].born AND ns[1].released < ns[3].released RETURN count(*) AS n",
		)},
		// The distinct nodes with a walk of one or two links (distinct) to
		// the movie The Matrix.
		{"m-h24-reach-back", "nodes reaching a given node within two steps", Movies, written(false,
			"MATCH (x)-[*1..2]->(:Movie {title: 'The Matrix'}) RETURN count(DISTINCT x) AS n",
			"MATCH (:Movie {title: 'The Matrix'})<-[*1..2]-(x) WITH DISTINCT x RETURN count(x) AS n",
			"MATCH (x) WHERE EXISTS { (x)-[*1..2]->(:Movie {title: 'The Matrix'}) } RETURN count(x) AS n",
			"CALL { MATCH (x)-->(:Movie {title: 'The Matrix'}) RETURN x UNION MATCH (x)-->()-->(:Movie {title: 'The Matrix'}) RETURN x } RETURN count(x) AS n",
			"MATCH (:Movie {title: 'The Matrix'}) (()<--()){1,2} (x) WITH DISTINCT x RETURN count(x) AS n",
			programForm(union("MATCH (x)-[*1..2]->(:Movie {title: 'The Matrix'}) RETURN x")),
		)},
		// Distinct pairs of an actor and a director of one movie (the same
		// person too).
		{"m-h24-actor-director-pairs", "distinct endpoint pairs of two-step walks", Movies, written(false,
			"MATCH (a:Person)-[:ACTED_IN]->(:Movie)<-[:DIRECTED]-(d:Person) RETURN count(DISTINCT [a, d]) AS n",
			"MATCH (a:Person)-[:ACTED_IN]->(:Movie)<-[:DIRECTED]-(d:Person) WITH DISTINCT a, d RETURN count(*) AS n",
			"MATCH (a:Person)-[:ACTED_IN]->(:Movie)<-[:DIRECTED]-(d:Person) WITH a, collect(DISTINCT d) AS ds RETURN sum(size(ds)) AS n",
			"MATCH (a:Person) CALL (a) { MATCH (a)-[:ACTED_IN]->(:Movie)<-[:DIRECTED]-(d:Person) RETURN count(DISTINCT d) AS k } RETURN sum(k) AS n",
			"MATCH (a:Person)-[:ACTED_IN]->(:Movie)<-[:DIRECTED]-(d:Person) RETURN count(DISTINCT {a: a.name, d: d.name}) AS n",
			"MATCH (a:Person), (d:Person) WHERE EXISTS { (a)-[:ACTED_IN]->(:Movie)<-[:DIRECTED]-(d) } RETURN count(*) AS n",
		)},
		// Movies whose actors with a year of birth were all born in one
		// decade.
		{"m-h24-one-decade-cast", "neighbourhoods agreeing on one value", Movies, written(false,
			"MATCH (m:Movie)<-[:ACTED_IN]-(p:Person) WITH m, count(DISTINCT p.born / 10) AS d WHERE d = 1 RETURN count(m) AS n",
			"MATCH (m:Movie)<-[:ACTED_IN]-(p:Person) WITH m, min(p.born / 10) AS lo, max(p.born / 10) AS hi WHERE lo = hi RETURN count(m) AS n",
			"MATCH (m:Movie)<-[:ACTED_IN]-(p:Person) WITH m, collect(DISTINCT p.born / 10) AS ds WHERE size(ds) = 1 RETURN count(m) AS n",
			"MATCH (m:Movie) WITH m, [(m)<-[:ACTED_IN]-(p:Person) WHERE p.born IS NOT NULL | p.born / 10] AS ds WHERE size(ds) > 0 AND all(x IN ds WHERE x = ds[0]) RETURN count(m) AS n",
			"MATCH (m:Movie) WHERE EXISTS { (m)<-[:ACTED_IN]-(p:Person) WHERE p.born IS NOT NULL } AND NOT EXISTS { MATCH (m)<-[:ACTED_IN]-(p:Person) MATCH (m)<-[:ACTED_IN]-(q:Person) WHERE p.born / 10 <> q.born / 10 } RETURN count(m) AS n",
			programForm(union("MATCH (m:Movie)<-[:ACTED_IN]-(p:Person) WHERE p.born IS NOT NULL RETURN m"), diff("MATCH (m:Movie)<-[:ACTED_IN]-(p:Person) MATCH (m)<-[:ACTED_IN]-(q:Person) WHERE p.born / 10 <> q.born / 10 RETURN m")),
		)},
		// Per decade of release: the movies and those of them with a
		// director.
		{"m-h24-directed-share", "a group's size beside its part with a pattern", Movies, written(false,
			"MATCH (m:Movie) RETURN m.released / 10 AS decade, count(*) AS total, sum(CASE WHEN EXISTS { (m)<-[:DIRECTED]-() } THEN 1 ELSE 0 END) AS directed",
			"MATCH (m:Movie) RETURN m.released / 10 AS decade, count(*) AS total, count(CASE WHEN EXISTS { (m)<-[:DIRECTED]-() } THEN 1 END) AS directed",
			"MATCH (m:Movie) OPTIONAL MATCH (m)<-[r:DIRECTED]-() WITH m, count(r) AS d RETURN m.released / 10 AS decade, count(*) AS total, sum(CASE WHEN d > 0 THEN 1 ELSE 0 END) AS directed",
			"MATCH (m:Movie) WITH m.released / 10 AS decade, collect(m) AS ms RETURN decade, size(ms) AS total, size([x IN ms WHERE EXISTS { (x)<-[:DIRECTED]-() }]) AS directed",
			"MATCH (m:Movie) WITH m, COUNT { (m)<-[:DIRECTED]-() } > 0 AS has RETURN m.released / 10 AS decade, count(*) AS total, count(CASE WHEN has THEN m END) AS directed",
			"MATCH (m:Movie) WITH m.released / 10 AS decade, count(*) AS total CALL (decade) { MATCH (m:Movie) WHERE (m.released / 10 = decade OR m.released IS NULL AND decade IS NULL) AND EXISTS { (m)<-[:DIRECTED]-() } RETURN count(m) AS directed } RETURN decade, total, directed",
		)},
		// Per movie with an actor born in a known year: the name of its
		// oldest actor (ties by name).
		{"m-h24-oldest-actor", "the first neighbour in an order", Movies, written(false,
			"MATCH (m:Movie) CALL (m) { MATCH (m)<-[:ACTED_IN]-(p:Person) WHERE p.born IS NOT NULL WITH p ORDER BY p.born, p.name LIMIT 1 RETURN p.name AS name } RETURN m.title AS title, name",
			"MATCH (m:Movie)<-[:ACTED_IN]-(p:Person) WHERE p.born IS NOT NULL WITH m, p ORDER BY p.born, p.name WITH m, collect(p.name)[0] AS name RETURN m.title AS title, name",
			"MATCH (m:Movie) WHERE EXISTS { (m)<-[:ACTED_IN]-(p:Person) WHERE p.born IS NOT NULL } RETURN m.title AS title, COLLECT { MATCH (m)<-[:ACTED_IN]-(p:Person) WHERE p.born IS NOT NULL RETURN p.name AS name ORDER BY p.born, name LIMIT 1 }[0] AS name",
			"MATCH (m:Movie)<-[:ACTED_IN]-(p:Person) WITH m, min(p.born) AS first WHERE first IS NOT NULL MATCH (m)<-[:ACTED_IN]-(p:Person {born: first}) WITH m, min(p.name) AS name RETURN m.title AS title, name",
			"MATCH (m:Movie) WITH m, [(m)<-[:ACTED_IN]-(p:Person) WHERE p.born IS NOT NULL | p] AS ps WHERE size(ps) > 0 RETURN m.title AS title, reduce(o = ps[0], p IN ps | CASE WHEN p.born < o.born OR (p.born = o.born AND p.name < o.name) THEN p ELSE o END).name AS name",
		)},

		// Northwind.
		// Orders shipped to their customer's country, per country.
		{"n-h24-home-orders", "links whose two ends agree on a value", Northwind, written(false,
			"MATCH (c:Customer)-[:PURCHASED]->(o:Order) WHERE o.shipCountry = c.country RETURN c.country AS country, count(*) AS n",
			"MATCH (c:Customer) MATCH (c)-[:PURCHASED]->(o:Order {shipCountry: c.country}) RETURN c.country AS country, count(*) AS n",
			"MATCH (c:Customer) WITH c.country AS country, sum(COUNT { (c)-[:PURCHASED]->(o:Order) WHERE o.shipCountry = c.country }) AS n WHERE n > 0 RETURN country, n",
			"MATCH (c:Customer)-[:PURCHASED]->(o:Order) WITH c.country AS country, sum(CASE WHEN o.shipCountry = c.country THEN 1 ELSE 0 END) AS n WHERE n > 0 RETURN country, n",
			"MATCH (o:Order) MATCH (c:Customer {country: o.shipCountry})-[:PURCHASED]->(o) RETURN c.country AS country, count(*) AS n",
			"MATCH (c:Customer)-[:PURCHASED]->(o:Order) WHERE c.country IN [o.shipCountry] RETURN c.country AS country, count(*) AS n",
		)},
		// Walks from $customer's orders over a line to a product and back
		// over a dearer line to a later order.
		{"n-h24-dearer-later", "walks with a condition on every step", Northwind, written(false,
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o1:Order)-[l1:ORDERS]->(p:Product)<-[l2:ORDERS]-(o2:Order) WHERE o1.orderDate < o2.orderDate AND l1.unitPrice < l2.unitPrice RETURN count(*) AS n",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o1:Order)-[l1:ORDERS]->(p:Product) MATCH (p)<-[l2:ORDERS]-(o2:Order) WHERE l2.unitPrice > l1.unitPrice AND o2.orderDate > o1.orderDate RETURN count(*) AS n",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o1:Order)-[l1:ORDERS]->(p:Product) RETURN sum(COUNT { (p)<-[l2:ORDERS]-(o2:Order) WHERE l2.unitPrice > l1.unitPrice AND o2.orderDate > o1.orderDate }) AS n",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o1:Order)-[l1:ORDERS]->(p:Product) RETURN sum(size([(p)<-[l2:ORDERS]-(o2:Order) WHERE l2.unitPrice > l1.unitPrice AND o2.orderDate > o1.orderDate | o2])) AS n",
			"MATCH (o2:Order)-[l2:ORDERS]->(p:Product)<-[l1:ORDERS]-(o1:Order)<-[:PURCHASED]-(:Customer {customerID: $customer}) WHERE o1.orderDate < o2.orderDate AND l1.unitPrice < l2.unitPrice RETURN count(*) AS n",
		)},
		// The distinct nodes with a walk of one or two links (distinct) to
		// the category $category.
		{"n-h24-reach-back", "nodes reaching a given node within two steps", Northwind, written(false,
			"MATCH (x)-[*1..2]->(:Category {categoryName: $category}) RETURN count(DISTINCT x) AS n",
			"MATCH (:Category {categoryName: $category})<-[*1..2]-(x) WITH DISTINCT x RETURN count(x) AS n",
			"MATCH (x) WHERE EXISTS { (x)-[*1..2]->(:Category {categoryName: $category}) } RETURN count(x) AS n",
			"CALL { MATCH (x)-->(:Category {categoryName: $category}) RETURN x UNION MATCH (x)-->()-->(:Category {categoryName: $category}) RETURN x } RETURN count(x) AS n",
			"MATCH (:Category {categoryName: $category}) (()<--()){1,2} (x) WITH DISTINCT x RETURN count(x) AS n",
			programForm(union("MATCH (x)-[*1..2]->(:Category {categoryName: $category}) RETURN x")),
		)},
		// Distinct pairs of a customer and a product they bought.
		{"n-h24-customer-product-pairs", "distinct endpoint pairs of two-step walks", Northwind, written(false,
			"MATCH (c:Customer)-[:PURCHASED]->(:Order)-[:ORDERS]->(p:Product) RETURN count(DISTINCT [c, p]) AS n",
			"MATCH (c:Customer)-[:PURCHASED]->(:Order)-[:ORDERS]->(p:Product) WITH DISTINCT c, p RETURN count(*) AS n",
			"MATCH (c:Customer)-[:PURCHASED]->(:Order)-[:ORDERS]->(p:Product) WITH c, collect(DISTINCT p) AS ps RETURN sum(size(ps)) AS n",
			"MATCH (c:Customer) CALL (c) { MATCH (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(p:Product) RETURN count(DISTINCT p) AS k } RETURN sum(k) AS n",
			"MATCH (c:Customer)-[:PURCHASED]->(:Order)-[:ORDERS]->(p:Product) RETURN count(DISTINCT {c: c, p: p}) AS n",
			"MATCH (c:Customer), (p:Product) WHERE EXISTS { (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(p) } RETURN count(*) AS n",
		)},
		// Orders whose lines with a discount all have the same discount.
		{"n-h24-one-discount", "neighbourhoods agreeing on one value", Northwind, written(false,
			"MATCH (o:Order)-[l:ORDERS]->() WITH o, count(DISTINCT l.discount) AS d WHERE d = 1 RETURN count(o) AS n",
			"MATCH (o:Order)-[l:ORDERS]->() WITH o, min(l.discount) AS lo, max(l.discount) AS hi WHERE lo = hi RETURN count(o) AS n",
			"MATCH (o:Order)-[l:ORDERS]->() WITH o, collect(DISTINCT l.discount) AS ds WHERE size(ds) = 1 RETURN count(o) AS n",
			"MATCH (o:Order) WITH o, [(o)-[l:ORDERS]->() WHERE l.discount IS NOT NULL | l.discount] AS ds WHERE size(ds) > 0 AND all(x IN ds WHERE x = ds[0]) RETURN count(o) AS n",
			"MATCH (o:Order) WHERE EXISTS { (o)-[l:ORDERS]->() WHERE l.discount IS NOT NULL } AND NOT EXISTS { MATCH (o)-[l1:ORDERS]->() MATCH (o)-[l2:ORDERS]->() WHERE l1.discount <> l2.discount } RETURN count(o) AS n",
			"MATCH (o:Order) WHERE size(COLLECT { MATCH (o)-[l:ORDERS]->() WHERE l.discount IS NOT NULL RETURN DISTINCT l.discount AS d }) = 1 RETURN count(o) AS n",
			programForm(union("MATCH (o:Order)-[l:ORDERS]->() WHERE l.discount IS NOT NULL RETURN o"), diff("MATCH (o:Order)-[l1:ORDERS]->() MATCH (o)-[l2:ORDERS]->() WHERE l1.discount <> l2.discount RETURN o")),
		)},
		// Per country: the customers and those of them with an order.
		{"n-h24-buying-share", "a group's size beside its part with a pattern", Northwind, written(false,
			"MATCH (c:Customer) RETURN c.country AS country, count(*) AS total, sum(CASE WHEN EXISTS { (c)-[:PURCHASED]->(:Order) } THEN 1 ELSE 0 END) AS buying",
			"MATCH (c:Customer) RETURN c.country AS country, count(*) AS total, count(CASE WHEN EXISTS { (c)-[:PURCHASED]->(:Order) } THEN 1 END) AS buying",
			"MATCH (c:Customer) OPTIONAL MATCH (c)-[r:PURCHASED]->(:Order) WITH c, count(r) AS d RETURN c.country AS country, count(*) AS total, sum(CASE WHEN d > 0 THEN 1 ELSE 0 END) AS buying",
			"MATCH (c:Customer) WITH c.country AS country, collect(c) AS cs RETURN country, size(cs) AS total, size([x IN cs WHERE EXISTS { (x)-[:PURCHASED]->(:Order) }]) AS buying",
			"MATCH (c:Customer) WITH c, COUNT { (c)-[:PURCHASED]->(:Order) } > 0 AS has RETURN c.country AS country, count(*) AS total, count(CASE WHEN has THEN c END) AS buying",
			"MATCH (c:Customer) WITH c.country AS country, count(*) AS total CALL (country) { MATCH (c:Customer) WHERE (c.country = country OR c.country IS NULL AND country IS NULL) AND EXISTS { (c)-[:PURCHASED]->(:Order) } RETURN count(c) AS buying } RETURN country, total, buying",
		)},
		// Per order with a priced line: the product of its dearest line
		// (ties by product name).
		{"n-h24-dearest-line", "the first neighbour in an order", Northwind, written(false,
			"MATCH (o:Order) CALL (o) { MATCH (o)-[l:ORDERS]->(p:Product) WHERE l.unitPrice IS NOT NULL WITH l, p ORDER BY l.unitPrice DESC, p.productName LIMIT 1 RETURN p.productName AS product } RETURN o.orderID AS id, product",
			"MATCH (o:Order)-[l:ORDERS]->(p:Product) WHERE l.unitPrice IS NOT NULL WITH o, l, p ORDER BY l.unitPrice DESC, p.productName WITH o, collect(p.productName)[0] AS product RETURN o.orderID AS id, product",
			"MATCH (o:Order) WHERE EXISTS { (o)-[l:ORDERS]->(:Product) WHERE l.unitPrice IS NOT NULL } RETURN o.orderID AS id, COLLECT { MATCH (o)-[l:ORDERS]->(p:Product) WHERE l.unitPrice IS NOT NULL RETURN p.productName AS product ORDER BY l.unitPrice DESC, product LIMIT 1 }[0] AS product",
			"MATCH (o:Order)-[l:ORDERS]->(:Product) WITH o, max(l.unitPrice) AS top WHERE top IS NOT NULL MATCH (o)-[l:ORDERS]->(p:Product) WHERE l.unitPrice = top WITH o, min(p.productName) AS product RETURN o.orderID AS id, product",
			"MATCH (o:Order) WITH o, [(o)-[l:ORDERS]->(p:Product) WHERE l.unitPrice IS NOT NULL | {price: l.unitPrice, name: p.productName}] AS ls WHERE size(ls) > 0 RETURN o.orderID AS id, reduce(b = ls[0], x IN ls | CASE WHEN x.price > b.price OR (x.price = b.price AND x.name < b.name) THEN x ELSE b END).name AS product",
		)},

		// LDBC.
		// KNOWS links (as stored) between people using the same browser,
		// per browser.
		{"l-h24-same-browser", "links whose two ends agree on a value", LDBC, written(false,
			"MATCH (p:Person)-[:KNOWS]->(f:Person) WHERE p.browserUsed = f.browserUsed RETURN p.browserUsed AS browser, count(*) AS n",
			"MATCH (p:Person) MATCH (p)-[:KNOWS]->(f:Person {browserUsed: p.browserUsed}) RETURN p.browserUsed AS browser, count(*) AS n",
			"MATCH (p:Person) WITH p.browserUsed AS browser, sum(COUNT { (p)-[:KNOWS]->(f:Person) WHERE f.browserUsed = p.browserUsed }) AS n WHERE n > 0 RETURN browser, n",
			"MATCH (p:Person)-[:KNOWS]->(f:Person) WITH p.browserUsed AS browser, sum(CASE WHEN p.browserUsed = f.browserUsed THEN 1 ELSE 0 END) AS n WHERE n > 0 RETURN browser, n",
			"MATCH (p:Person)-[:KNOWS]->(f:Person) WITH p.browserUsed AS b1, f.browserUsed AS b2 WHERE b1 = b2 RETURN b1 AS browser, count(*) AS n",
			"MATCH (p:Person) WITH p.browserUsed AS browser, collect(p) AS ps UNWIND ps AS p MATCH (p)-[:KNOWS]->(f:Person) WHERE f.browserUsed = browser RETURN browser, count(*) AS n",
		)},
		// Reply chains of two comments under a post whose length grows at
		// each reply.
		{"l-h24-growing-replies", "walks with a condition on every step", LDBC, written(false,
			"MATCH (p:Post)<-[:REPLY_OF]-(c1:Comment)<-[:REPLY_OF]-(c2:Comment) WHERE p.length < c1.length < c2.length RETURN count(*) AS n",
			"MATCH (p:Post)<-[:REPLY_OF]-(c1:Comment)<-[:REPLY_OF]-(c2:Comment) WHERE p.length < c1.length AND c1.length < c2.length RETURN count(*) AS n",
			"MATCH x = (:Post)<-[:REPLY_OF]-(:Comment)<-[:REPLY_OF]-(:Comment) WHERE all(i IN range(0, 1) WHERE nodes(x)[i].length < nodes(x)[i + 1].length) RETURN count(*) AS n",
			"MATCH (:Post) ((x)<-[:REPLY_OF]-(y:Comment) WHERE x.length < y.length){2} (:Comment) RETURN count(*) AS n",
			"MATCH (p:Post)<-[:REPLY_OF]-(c1:Comment) WHERE c1.length > p.length RETURN sum(COUNT { (c1)<-[:REPLY_OF]-(c2:Comment) WHERE c2.length > c1.length }) AS n",
			"MATCH (c2:Comment)-[:REPLY_OF]->(c1:Comment)-[:REPLY_OF]->(p:Post) WHERE c2.length > c1.length > p.length RETURN count(*) AS n",
		)},
		// The distinct messages with a reply walk of one or two links to
		// the post $post.
		{"l-h24-reach-back", "nodes reaching a given node within two steps", LDBC, written(false,
			"MATCH (x)-[:REPLY_OF*1..2]->(:Post {id: $post}) RETURN count(DISTINCT x) AS n",
			"MATCH (:Post {id: $post})<-[:REPLY_OF*1..2]-(x) WITH DISTINCT x RETURN count(x) AS n",
			"MATCH (x:Comment) WHERE EXISTS { (x)-[:REPLY_OF*1..2]->(:Post {id: $post}) } RETURN count(x) AS n",
			"CALL { MATCH (x)-[:REPLY_OF]->(:Post {id: $post}) RETURN x UNION MATCH (x)-[:REPLY_OF]->()-[:REPLY_OF]->(:Post {id: $post}) RETURN x } RETURN count(x) AS n",
			"MATCH (:Post {id: $post}) (()<-[:REPLY_OF]-()){1,2} (x) WITH DISTINCT x RETURN count(x) AS n",
			programForm(union("MATCH (x)-[:REPLY_OF*1..2]->(:Post {id: $post}) RETURN x")),
		)},
		// Distinct pairs of a person and a tag of one of their posts.
		{"l-h24-person-tag-pairs", "distinct endpoint pairs of two-step walks", LDBC, written(false,
			"MATCH (p:Person)<-[:HAS_CREATOR]-(:Post)-[:HAS_TAG]->(t:Tag) RETURN count(DISTINCT [p, t]) AS n",
			"MATCH (p:Person)<-[:HAS_CREATOR]-(:Post)-[:HAS_TAG]->(t:Tag) WITH DISTINCT p, t RETURN count(*) AS n",
			"MATCH (p:Person)<-[:HAS_CREATOR]-(:Post)-[:HAS_TAG]->(t:Tag) WITH p, collect(DISTINCT t) AS ts RETURN sum(size(ts)) AS n",
			"MATCH (p:Person) CALL (p) { MATCH (p)<-[:HAS_CREATOR]-(:Post)-[:HAS_TAG]->(t:Tag) RETURN count(DISTINCT t) AS k } RETURN sum(k) AS n",
			"MATCH (p:Person)<-[:HAS_CREATOR]-(:Post)-[:HAS_TAG]->(t:Tag) RETURN count(DISTINCT {p: p.id, t: t.name}) AS n",
			"MATCH (p:Person) WITH p, [(p)<-[:HAS_CREATOR]-(:Post)-[:HAS_TAG]->(t:Tag) | t] AS ts UNWIND ts AS t WITH DISTINCT p, t RETURN count(*) AS n",
		)},
		// People whose friends (either direction) all use one browser.
		{"l-h24-one-browser-friends", "neighbourhoods agreeing on one value", LDBC, written(false,
			"MATCH (p:Person)-[:KNOWS]-(f:Person) WITH p, count(DISTINCT f.browserUsed) AS d WHERE d = 1 RETURN count(p) AS n",
			"MATCH (p:Person)-[:KNOWS]-(f:Person) WITH p, min(f.browserUsed) AS lo, max(f.browserUsed) AS hi WHERE lo = hi RETURN count(p) AS n",
			"MATCH (p:Person)-[:KNOWS]-(f:Person) WITH p, collect(DISTINCT f.browserUsed) AS bs WHERE size(bs) = 1 RETURN count(p) AS n",
			"MATCH (p:Person) WITH p, [(p)-[:KNOWS]-(f:Person) WHERE f.browserUsed IS NOT NULL | f.browserUsed] AS bs WHERE size(bs) > 0 AND all(x IN bs WHERE x = bs[0]) RETURN count(p) AS n",
			"MATCH (p:Person) WHERE EXISTS { (p)-[:KNOWS]-(f:Person) WHERE f.browserUsed IS NOT NULL } AND NOT EXISTS { MATCH (p)-[:KNOWS]-(f:Person) MATCH (p)-[:KNOWS]-(g:Person) WHERE f.browserUsed <> g.browserUsed } RETURN count(p) AS n",
			programForm(union("MATCH (p:Person)-[:KNOWS]-(f:Person) WHERE f.browserUsed IS NOT NULL RETURN p"), diff("MATCH (p:Person)-[:KNOWS]-(f:Person) MATCH (p)-[:KNOWS]-(g:Person) WHERE f.browserUsed <> g.browserUsed RETURN p")),
		)},
		// Per gender: the people and those of them who created a post.
		{"l-h24-posting-share", "a group's size beside its part with a pattern", LDBC, written(false,
			"MATCH (p:Person) RETURN p.gender AS gender, count(*) AS total, sum(CASE WHEN EXISTS { (p)<-[:HAS_CREATOR]-(:Post) } THEN 1 ELSE 0 END) AS posting",
			"MATCH (p:Person) RETURN p.gender AS gender, count(*) AS total, count(CASE WHEN EXISTS { (p)<-[:HAS_CREATOR]-(:Post) } THEN 1 END) AS posting",
			"MATCH (p:Person) OPTIONAL MATCH (p)<-[r:HAS_CREATOR]-(:Post) WITH p, count(r) AS d RETURN p.gender AS gender, count(*) AS total, sum(CASE WHEN d > 0 THEN 1 ELSE 0 END) AS posting",
			"MATCH (p:Person) WITH p.gender AS gender, collect(p) AS ps RETURN gender, size(ps) AS total, size([x IN ps WHERE EXISTS { (x)<-[:HAS_CREATOR]-(:Post) }]) AS posting",
			"MATCH (p:Person) WITH p, COUNT { (p)<-[:HAS_CREATOR]-(:Post) } > 0 AS has RETURN p.gender AS gender, count(*) AS total, count(CASE WHEN has THEN p END) AS posting",
			"MATCH (p:Person) WITH p.gender AS gender, count(*) AS total CALL (gender) { MATCH (p:Person) WHERE (p.gender = gender OR p.gender IS NULL AND gender IS NULL) AND EXISTS { (p)<-[:HAS_CREATOR]-(:Post) } RETURN count(p) AS posting } RETURN gender, total, posting",
		)},
		// Per person with a friend (either direction) with a birthday: the
		// first name of the friend born first (ties by id).
		{"l-h24-eldest-friend", "the first neighbour in an order", LDBC, written(false,
			"MATCH (p:Person) CALL (p) { MATCH (p)-[:KNOWS]-(f:Person) WHERE f.birthday IS NOT NULL WITH f ORDER BY f.birthday, f.id LIMIT 1 RETURN f.firstName AS name } RETURN p.id AS id, name",
			"MATCH (p:Person)-[:KNOWS]-(f:Person) WHERE f.birthday IS NOT NULL WITH p, f ORDER BY f.birthday, f.id WITH p, collect(f)[0] AS e RETURN p.id AS id, e.firstName AS name",
			"MATCH (p:Person) WHERE EXISTS { (p)-[:KNOWS]-(f:Person) WHERE f.birthday IS NOT NULL } RETURN p.id AS id, COLLECT { MATCH (p)-[:KNOWS]-(f:Person) WHERE f.birthday IS NOT NULL RETURN f ORDER BY f.birthday, f.id LIMIT 1 }[0].firstName AS name",
			"MATCH (p:Person)-[:KNOWS]-(f:Person) WITH p, min(f.birthday) AS first WHERE first IS NOT NULL MATCH (p)-[:KNOWS]-(f:Person {birthday: first}) WITH p, f ORDER BY f.id WITH p, head(collect(f)) AS e RETURN p.id AS id, e.firstName AS name",
			"MATCH (p:Person) WITH p, [(p)-[:KNOWS]-(f:Person) WHERE f.birthday IS NOT NULL | f] AS fs WHERE size(fs) > 0 RETURN p.id AS id, reduce(e = fs[0], f IN fs | CASE WHEN f.birthday < e.birthday OR (f.birthday = e.birthday AND f.id < e.id) THEN f ELSE e END).firstName AS name",
		)},

		// Stack Overflow.
		// Answers provided by the user who asked the question they answer.
		{"s-h24-self-answers", "links whose two ends agree on a value", StackOverflow, written(false,
			"MATCH (u:User)-[:ASKED]->(q:Question)<-[:ANSWERED]-(a:Answer)<-[:PROVIDED]-(u) RETURN count(DISTINCT a) AS n",
			"MATCH (u:User)-[:PROVIDED]->(a:Answer)-[:ANSWERED]->(q:Question) WHERE EXISTS { (u)-[:ASKED]->(q) } RETURN count(DISTINCT a) AS n",
			"MATCH (a:Answer)-[:ANSWERED]->(q:Question)<-[:ASKED]-(u:User) WHERE (u)-[:PROVIDED]->(a) RETURN count(DISTINCT a) AS n",
			"MATCH (q:Question)<-[:ASKED]-(u:User) MATCH (q)<-[:ANSWERED]-(a:Answer)<-[:PROVIDED]-(v:User) WHERE u = v RETURN count(DISTINCT a) AS n",
			"MATCH (a:Answer) WHERE EXISTS { (a)-[:ANSWERED]->(:Question)<-[:ASKED]-(:User)-[:PROVIDED]->(a) } RETURN count(a) AS n",
			programForm(union("MATCH (u:User)-[:ASKED]->(q:Question)<-[:ANSWERED]-(a:Answer)<-[:PROVIDED]-(u) RETURN a")),
		)},
		// Answers with a positive score to questions tagged $tag viewed at
		// least 100 times (one row per walk).
		{"s-h24-scored-walks", "walks with a condition on every step", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE q.view_count >= 100 AND a.score > 0 RETURN count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.view_count >= 100 MATCH (q)<-[:ANSWERED]-(a:Answer) WHERE a.score > 0 RETURN count(*) AS n",
			"MATCH (t:Tag {name: $tag}) RETURN sum(COUNT { (t)<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE q.view_count >= 100 AND a.score > 0 }) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) WHERE q.view_count >= 100 RETURN sum(size([(q)<-[:ANSWERED]-(a:Answer) WHERE a.score > 0 | a])) AS n",
			"MATCH (a:Answer)-[:ANSWERED]->(q:Question)-[:TAGGED]->(t:Tag) WHERE t.name = $tag AND a.score > 0 AND q.view_count >= 100 RETURN count(*) AS n",
			"MATCH p = (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(:Answer) WHERE nodes(p)[1].view_count >= 100 AND nodes(p)[2].score > 0 RETURN count(p) AS n",
		)},
		// The distinct nodes with a walk of one or two links (distinct) to
		// the tag $tag2.
		{"s-h24-reach-back", "nodes reaching a given node within two steps", StackOverflow, written(false,
			"MATCH (x)-[*1..2]->(:Tag {name: $tag2}) RETURN count(DISTINCT x) AS n",
			"MATCH (:Tag {name: $tag2})<-[*1..2]-(x) WITH DISTINCT x RETURN count(x) AS n",
			"MATCH (x) WHERE EXISTS { (x)-[*1..2]->(:Tag {name: $tag2}) } RETURN count(x) AS n",
			"CALL { MATCH (x)-->(:Tag {name: $tag2}) RETURN x UNION MATCH (x)-->()-->(:Tag {name: $tag2}) RETURN x } RETURN count(x) AS n",
			"MATCH (:Tag {name: $tag2}) (()<--()){1,2} (x) WITH DISTINCT x RETURN count(x) AS n",
			programForm(union("MATCH (x)-[*1..2]->(:Tag {name: $tag2}) RETURN x")),
		)},
		// Distinct pairs of a user and a tag of a question they asked.
		{"s-h24-user-tag-pairs", "distinct endpoint pairs of two-step walks", StackOverflow, written(false,
			"MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(t:Tag) RETURN count(DISTINCT [u, t]) AS n",
			"MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(t:Tag) WITH DISTINCT u, t RETURN count(*) AS n",
			"MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(t:Tag) WITH u, collect(DISTINCT t) AS ts RETURN sum(size(ts)) AS n",
			"MATCH (u:User) CALL (u) { MATCH (u)-[:ASKED]->(:Question)-[:TAGGED]->(t:Tag) RETURN count(DISTINCT t) AS k } RETURN sum(k) AS n",
			"MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(t:Tag) RETURN count(DISTINCT {u: u, t: t}) AS n",
			"MATCH (t:Tag)<-[:TAGGED]-(:Question)<-[:ASKED]-(u:User) WITH t, collect(DISTINCT u) AS us RETURN sum(size(us)) AS n",
		)},
		// Questions tagged $tag whose answers with a score all have the
		// same score.
		{"s-h24-one-score", "neighbourhoods agreeing on one value", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WITH q, count(DISTINCT a.score) AS d WHERE d = 1 RETURN count(q) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WITH q, min(a.score) AS lo, max(a.score) AS hi WHERE lo = hi RETURN count(q) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WITH q, collect(DISTINCT a.score) AS ss WHERE size(ss) = 1 RETURN count(q) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) WITH DISTINCT q WITH q, [(q)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL | a.score] AS ss WHERE size(ss) > 0 AND all(x IN ss WHERE x = ss[0]) RETURN count(q) AS n",
			"MATCH (q:Question) WHERE EXISTS { (q)-[:TAGGED]->(:Tag {name: $tag}) } AND EXISTS { (q)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL } AND NOT EXISTS { MATCH (q)<-[:ANSWERED]-(a:Answer) MATCH (q)<-[:ANSWERED]-(b:Answer) WHERE a.score <> b.score } RETURN count(q) AS n",
			programForm(union("MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL RETURN q"), diff("MATCH (q:Question)<-[:ANSWERED]-(a:Answer) MATCH (q)<-[:ANSWERED]-(b:Answer) WHERE a.score <> b.score RETURN q")),
		)},
		// Per number of answers (as stored): the questions tagged $tag and
		// those of them with an accepted answer.
		{"s-h24-accepted-share", "a group's size beside its part with a pattern", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN q.answer_count AS answers, count(*) AS total, sum(CASE WHEN EXISTS { (q)<-[:ANSWERED]-(:Answer {is_accepted: 'true'}) } THEN 1 ELSE 0 END) AS accepted",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN q.answer_count AS answers, count(*) AS total, count(CASE WHEN EXISTS { (q)<-[:ANSWERED]-(a:Answer) WHERE a.is_accepted = 'true' } THEN 1 END) AS accepted",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) OPTIONAL MATCH (q)<-[r:ANSWERED]-(:Answer {is_accepted: 'true'}) WITH q, count(r) AS d RETURN q.answer_count AS answers, count(*) AS total, sum(CASE WHEN d > 0 THEN 1 ELSE 0 END) AS accepted",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH q.answer_count AS answers, collect(q) AS qs RETURN answers, size(qs) AS total, size([x IN qs WHERE EXISTS { (x)<-[:ANSWERED]-(:Answer {is_accepted: 'true'}) }]) AS accepted",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH q, COUNT { (q)<-[:ANSWERED]-(:Answer {is_accepted: 'true'}) } > 0 AS has RETURN q.answer_count AS answers, count(*) AS total, count(CASE WHEN has THEN q END) AS accepted",
		)},
		// Per question tagged $tag with a scored answer: the id of its
		// best-scored answer (ties by the least id).
		{"s-h24-best-answer", "the first neighbour in an order", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) CALL (q) { MATCH (q)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL WITH a ORDER BY a.score DESC, a.answer_id LIMIT 1 RETURN a.answer_id AS best } RETURN q.question_id AS id, best",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) MATCH (q)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL WITH q, a ORDER BY a.score DESC, a.answer_id WITH q, collect(a.answer_id)[0] AS best RETURN q.question_id AS id, best",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE EXISTS { (q)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL } RETURN q.question_id AS id, COLLECT { MATCH (q)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL RETURN a.answer_id AS best ORDER BY a.score DESC, best LIMIT 1 }[0] AS best",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) MATCH (q)<-[:ANSWERED]-(a:Answer) WITH q, max(a.score) AS top WHERE top IS NOT NULL MATCH (q)<-[:ANSWERED]-(a:Answer {score: top}) WITH q, min(a.answer_id) AS best RETURN q.question_id AS id, best",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH q, [(q)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL | a] AS as2 WHERE size(as2) > 0 RETURN q.question_id AS id, reduce(b = as2[0], a IN as2 | CASE WHEN a.score > b.score OR (a.score = b.score AND a.answer_id < b.answer_id) THEN a ELSE b END).answer_id AS best",
		)},

		// WordNet.
		// Hyponym links into the hyponyms of $entity whose two ends' names
		// start with the same letter.
		{"w-h24-same-initial", "links whose two ends agree on a value", WordNet, written(false,
			"MATCH (x)-[:_hypernym]->(h)-[:_hypernym]->(:Entity {id: $entity}) WHERE left(x.name, 1) = left(h.name, 1) RETURN count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN sum(COUNT { (x)-[:_hypernym]->(h) WHERE substring(x.name, 0, 1) = substring(h.name, 0, 1) }) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (x)-[:_hypernym]->(h) RETURN sum(CASE WHEN left(x.name, 1) = left(h.name, 1) THEN 1 ELSE 0 END) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, left(h.name, 1) AS c MATCH (x)-[:_hypernym]->(h) WHERE left(x.name, 1) = c RETURN count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN sum(size([(x)-[:_hypernym]->(h) WHERE left(x.name, 1) = left(h.name, 1) | x])) AS n",
		)},
		// Walks two hyponym links down from $entity whose names grow
		// longer at each step.
		{"w-h24-growing-names", "walks with a condition on every step", WordNet, written(false,
			"MATCH (e:Entity {id: $entity})<-[:_hypernym]-(h)<-[:_hypernym]-(x) WHERE size(e.name) < size(h.name) < size(x.name) RETURN count(*) AS n",
			"MATCH (e:Entity {id: $entity})<-[:_hypernym]-(h)<-[:_hypernym]-(x) WHERE size(e.name) < size(h.name) AND size(h.name) < size(x.name) RETURN count(*) AS n",
			"MATCH p = (:Entity {id: $entity})<-[:_hypernym*2]-() WHERE all(i IN range(0, 1) WHERE size(nodes(p)[i].name) < size(nodes(p)[i + 1].name)) RETURN count(*) AS n",
			"MATCH (:Entity {id: $entity}) ((a)<-[:_hypernym]-(b) WHERE size(a.name) < size(b.name)){2} (x) RETURN count(*) AS n",
			"MATCH (e:Entity {id: $entity})<-[:_hypernym]-(h) WHERE size(h.name) > size(e.name) RETURN sum(COUNT { (h)<-[:_hypernym]-(x) WHERE size(x.name) > size(h.name) }) AS n",
			"MATCH p = (:Entity {id: $entity})<-[:_hypernym*2]-() WITH [y IN nodes(p) | size(y.name)] AS ls WHERE ls[0] < ls[1] < ls[2] RETURN count(*) AS n",
		)},
		// The distinct synsets one or two hyponym links below $entity.
		{"w-h24-reach-back", "nodes reaching a given node within two steps", WordNet, written(false,
			"MATCH (x)-[:_hypernym*1..2]->(:Entity {id: $entity}) RETURN count(DISTINCT x) AS n",
			"MATCH (:Entity {id: $entity})<-[:_hypernym*1..2]-(x) WITH DISTINCT x RETURN count(x) AS n",
			"MATCH (x:Entity) WHERE EXISTS { (x)-[:_hypernym*1..2]->(:Entity {id: $entity}) } RETURN count(x) AS n",
			"CALL { MATCH (x)-[:_hypernym]->(:Entity {id: $entity}) RETURN x UNION MATCH (x)-[:_hypernym]->()-[:_hypernym]->(:Entity {id: $entity}) RETURN x } RETURN count(x) AS n",
			"MATCH (:Entity {id: $entity}) (()<-[:_hypernym]-()){1,2} (x) WITH DISTINCT x RETURN count(x) AS n",
			"MATCH (x:Entity) WHERE EXISTS { (x)-[:_hypernym]->(:Entity {id: $entity}) } OR EXISTS { (x)-[:_hypernym]->()-[:_hypernym]->(:Entity {id: $entity}) } RETURN count(x) AS n",
			programForm(union("MATCH (x)-[:_hypernym*1..2]->(:Entity {id: $entity}) RETURN x")),
		)},
		// Distinct pairs of a hyponym of $entity and a synset that one of
		// its derivationally related forms (either way) is a hyponym of.
		{"w-h24-related-pairs", "distinct endpoint pairs of two-step walks", WordNet, written(false,
			"MATCH (x)-[:_hypernym]->(:Entity {id: $entity}) MATCH (x)-[:_derivationally_related_form]-()-[:_hypernym]->(y) RETURN count(DISTINCT [x, y]) AS n",
			"MATCH (x)-[:_hypernym]->(:Entity {id: $entity}) MATCH (x)-[:_derivationally_related_form]-()-[:_hypernym]->(y) WITH DISTINCT x, y RETURN count(*) AS n",
			"MATCH (x)-[:_hypernym]->(:Entity {id: $entity}) MATCH (x)-[:_derivationally_related_form]-()-[:_hypernym]->(y) WITH x, collect(DISTINCT y) AS ys RETURN sum(size(ys)) AS n",
			"MATCH (x)-[:_hypernym]->(:Entity {id: $entity}) CALL (x) { MATCH (x)-[:_derivationally_related_form]-()-[:_hypernym]->(y) RETURN count(DISTINCT y) AS k } RETURN sum(k) AS n",
			"MATCH (x)-[:_hypernym]->(:Entity {id: $entity}) MATCH (x)-[:_derivationally_related_form]-()-[:_hypernym]->(y) RETURN count(DISTINCT {x: x.id, y: y.id}) AS n",
			"MATCH (x)-[:_hypernym]->(:Entity {id: $entity}) WITH x, [(x)-[:_derivationally_related_form]-()-[:_hypernym]->(y) | y] AS ys UNWIND ys AS y WITH DISTINCT x, y RETURN count(*) AS n",
		)},
		// Hyponyms of $entity whose hyponyms' names all start with one
		// letter (at least one has a name).
		{"w-h24-one-initial", "neighbourhoods agreeing on one value", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)<-[:_hypernym]-(x) WITH h, count(DISTINCT left(x.name, 1)) AS d WHERE d = 1 RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)<-[:_hypernym]-(x) WITH h, min(left(x.name, 1)) AS lo, max(left(x.name, 1)) AS hi WHERE lo = hi RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)<-[:_hypernym]-(x) WITH h, collect(DISTINCT left(x.name, 1)) AS cs WHERE size(cs) = 1 RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, [(h)<-[:_hypernym]-(x) WHERE x.name IS NOT NULL | left(x.name, 1)] AS cs WHERE size(cs) > 0 AND all(c IN cs WHERE c = cs[0]) RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE EXISTS { (h)<-[:_hypernym]-(x) WHERE x.name IS NOT NULL } AND NOT EXISTS { MATCH (h)<-[:_hypernym]-(x) MATCH (h)<-[:_hypernym]-(y) WHERE left(x.name, 1) <> left(y.name, 1) } RETURN count(h) AS n",
			programForm(union("MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)<-[:_hypernym]-(x) WHERE x.name IS NOT NULL RETURN h"), diff("MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)<-[:_hypernym]-(x) MATCH (h)<-[:_hypernym]-(y) WHERE left(x.name, 1) <> left(y.name, 1) RETURN h")),
		)},
		// Per name length: the hyponyms of $entity and those of them with
		// hyponyms of their own.
		{"w-h24-parent-share", "a group's size beside its part with a pattern", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN size(h.name) AS len, count(*) AS total, sum(CASE WHEN EXISTS { (h)<-[:_hypernym]-() } THEN 1 ELSE 0 END) AS parents",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN size(h.name) AS len, count(*) AS total, count(CASE WHEN EXISTS { (h)<-[:_hypernym]-() } THEN 1 END) AS parents",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) OPTIONAL MATCH (h)<-[r:_hypernym]-() WITH h, count(r) AS d RETURN size(h.name) AS len, count(*) AS total, sum(CASE WHEN d > 0 THEN 1 ELSE 0 END) AS parents",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH size(h.name) AS len, collect(h) AS hs RETURN len, size(hs) AS total, size([x IN hs WHERE EXISTS { (x)<-[:_hypernym]-() }]) AS parents",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, COUNT { (h)<-[:_hypernym]-() } > 0 AS has RETURN size(h.name) AS len, count(*) AS total, count(CASE WHEN has THEN h END) AS parents",
		)},
		// Per hyponym of $entity with hyponyms: the id of its hyponym with
		// the shortest name (ties by id).
		{"w-h24-shortest-hyponym", "the first neighbour in an order", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) CALL (h) { MATCH (h)<-[:_hypernym]-(x) WHERE x.name IS NOT NULL WITH x ORDER BY size(x.name), x.id LIMIT 1 RETURN x.id AS first } RETURN h.id AS id, first",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)<-[:_hypernym]-(x) WHERE x.name IS NOT NULL WITH h, x ORDER BY size(x.name), x.id WITH h, collect(x.id)[0] AS first RETURN h.id AS id, first",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE EXISTS { (h)<-[:_hypernym]-(x) WHERE x.name IS NOT NULL } RETURN h.id AS id, COLLECT { MATCH (h)<-[:_hypernym]-(x) WHERE x.name IS NOT NULL RETURN x.id AS first ORDER BY size(x.name), first LIMIT 1 }[0] AS first",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)<-[:_hypernym]-(x) WITH h, min(size(x.name)) AS len WHERE len IS NOT NULL MATCH (h)<-[:_hypernym]-(x) WHERE size(x.name) = len WITH h, min(x.id) AS first RETURN h.id AS id, first",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, [(h)<-[:_hypernym]-(x) WHERE x.name IS NOT NULL | x] AS xs WHERE size(xs) > 0 RETURN h.id AS id, reduce(b = xs[0], x IN xs | CASE WHEN size(x.name) < size(b.name) OR (size(x.name) = size(b.name) AND x.id < b.id) THEN x ELSE b END).id AS first",
		)},
	}
}
