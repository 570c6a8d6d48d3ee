package metamorphic

// heldout23Questions are the twenty-third held-out round's kinds: nodes
// per degree (a degree histogram: the walk grouped, COUNT { } grouped, a
// sized pattern comprehension, OPTIONAL MATCH counted, the degrees
// collected and unwound, CALL (x) { } counting); one of two patterns but
// not both (two EXISTS compared with <> and with XOR, the two one-sided
// conjunctions joined by OR, CASE flags summed, two COUNT { } > 0
// compared, a UNION of the two anti-joins, a program's union less its
// intersection); band joins on a value difference (abs() of the
// difference, a chained comparison, two bounds joined by AND, the offsets
// unwound into an equality, IN range(), one side grouped first);
// intersections of two top-k lists (two CALL { } lists intersected by a
// comprehension, COLLECT { } lists, the ordered lists sliced, the first
// list unwound against the second, membership in both); several
// aggregates of one neighbourhood (one grouped walk, COUNT { } with
// COLLECT { min }[0] and COLLECT { max }[0], CALL (x) { } returning all
// three, reduce() over a pattern comprehension, OPTIONAL MATCH grouped,
// two walks grouped in turn); sums over reached nodes counted once (WITH
// DISTINCT, collect(DISTINCT) reduced, the reached node tested by EXISTS,
// a fixed-length variable-length walk collected and unwound, CALL { }
// RETURN DISTINCT, a quantified path); range predicates written through
// arithmetic (a product, a difference, integer division, NOT of the
// complement, IN range(), the values unwound into equalities).
func heldout23Questions() []Question {
	return []Question{
		// Generic graphs.
		// A nodes per number of R links out (self-loops and parallel links
		// counted), those with at least one.
		{"g-h23-degree-histogram", "nodes per degree", Generic, written(false,
			"MATCH (a:A)-[:R]->() WITH a, count(*) AS d RETURN d, count(*) AS n",
			"MATCH (a:A) WITH a, COUNT { (a)-[:R]->() } AS d WHERE d > 0 RETURN d, count(*) AS n",
			"MATCH (a:A) WITH size([(a)-[:R]->(b) | b]) AS d WHERE d > 0 RETURN d, count(*) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:R]->() WITH a, count(r) AS d WHERE d >= 1 RETURN d, count(*) AS n",
			"MATCH (a:A)-[:R]->() WITH a, count(*) AS d WITH collect(d) AS ds UNWIND ds AS d RETURN d, count(*) AS n",
			"MATCH (a:A) CALL (a) { MATCH (a)-[:R]->() RETURN count(*) AS d } WITH d WHERE d > 0 RETURN d, count(*) AS n",
		)},
		// A nodes with an R link out or an S link out but not both: the
		// two sets are disjoint, so the UNION loses nothing to its
		// de-duplication.
		{"g-h23-xor-links", "one of two patterns but not both", Generic, written(false,
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->() } <> EXISTS { (a)-[:S]->() } RETURN count(a) AS n",
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->() } XOR EXISTS { (a)-[:S]->() } RETURN count(a) AS n",
			"MATCH (a:A) WHERE (EXISTS { (a)-[:R]->() } AND NOT EXISTS { (a)-[:S]->() }) OR (EXISTS { (a)-[:S]->() } AND NOT EXISTS { (a)-[:R]->() }) RETURN count(a) AS n",
			"MATCH (a:A) WITH a, CASE WHEN EXISTS { (a)-[:R]->() } THEN 1 ELSE 0 END + CASE WHEN EXISTS { (a)-[:S]->() } THEN 1 ELSE 0 END AS c WHERE c = 1 RETURN count(a) AS n",
			"MATCH (a:A) WHERE (COUNT { (a)-[:R]->() } > 0) <> (COUNT { (a)-[:S]->() } > 0) RETURN count(a) AS n",
			"CALL { MATCH (a:A) WHERE EXISTS { (a)-[:R]->() } AND NOT EXISTS { (a)-[:S]->() } RETURN a UNION MATCH (a:A) WHERE EXISTS { (a)-[:S]->() } AND NOT EXISTS { (a)-[:R]->() } RETURN a } RETURN count(a) AS n",
			programForm(union("MATCH (a:A)-[:R]->() RETURN a"), union("MATCH (a:A)-[:S]->() RETURN a"), diff("MATCH (a:A)-[:R]->() MATCH (a)-[:S]->() RETURN a")),
		)},
		// Pairs of an A node and a B node (the same node too) whose keys
		// differ by at most 1, per key of the A node: a missing key joins
		// nothing in every form (abs(null) and null bounds are null, range()
		// is only reached with a key present).
		{"g-h23-band-join", "band joins on a value difference", Generic, written(false,
			"MATCH (a:A), (b:B) WHERE abs(a.k - b.k) <= 1 RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A), (b:B) WHERE a.k - 1 <= b.k <= a.k + 1 RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) MATCH (b:B) WHERE b.k >= a.k - 1 AND b.k <= a.k + 1 RETURN a.k AS k, count(*) AS n",
			"UNWIND [-1, 0, 1] AS d MATCH (a:A), (b:B) WHERE b.k = a.k + d RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) WITH a WHERE a.k IS NOT NULL MATCH (b:B) WHERE b.k IN range(a.k - 1, a.k + 1) RETURN a.k AS k, count(*) AS n",
			"MATCH (b:B) WHERE b.k IS NOT NULL WITH b.k AS kb, count(*) AS cb MATCH (a:A) WHERE abs(a.k - kb) <= 1 RETURN a.k AS k, sum(cb) AS n",
		)},
		// How many of the five largest distinct ids of A nodes with an R
		// link out are also among the five largest of A nodes with an S
		// link in (distinct ids, so the two top lists have no ties).
		{"g-h23-top-both", "intersections of two top-k lists", Generic, written(false,
			"CALL { MATCH (a:A)-[:R]->() WHERE a.id IS NOT NULL WITH DISTINCT a.id AS id ORDER BY id DESC LIMIT 5 RETURN collect(id) AS t1 } CALL { MATCH (b:A)<-[:S]-() WHERE b.id IS NOT NULL WITH DISTINCT b.id AS id ORDER BY id DESC LIMIT 5 RETURN collect(id) AS t2 } RETURN size([x IN t1 WHERE x IN t2]) AS n",
			"RETURN size([x IN COLLECT { MATCH (a:A)-[:R]->() WHERE a.id IS NOT NULL WITH DISTINCT a.id AS id RETURN id ORDER BY id DESC LIMIT 5 } WHERE x IN COLLECT { MATCH (b:A)<-[:S]-() WHERE b.id IS NOT NULL WITH DISTINCT b.id AS id RETURN id ORDER BY id DESC LIMIT 5 }]) AS n",
			"OPTIONAL MATCH (a:A)-[:R]->() WHERE a.id IS NOT NULL WITH DISTINCT a.id AS id ORDER BY id DESC WITH collect(id)[..5] AS t1 OPTIONAL MATCH (b:A)<-[:S]-() WHERE b.id IS NOT NULL WITH DISTINCT t1, b.id AS id ORDER BY id DESC WITH t1, collect(id)[..5] AS t2 RETURN size([x IN t1 WHERE x IN t2]) AS n",
			"CALL { MATCH (a:A)-[:R]->() WHERE a.id IS NOT NULL WITH DISTINCT a.id AS id ORDER BY id DESC LIMIT 5 RETURN collect(id) AS t1 } CALL { MATCH (b:A)<-[:S]-() WHERE b.id IS NOT NULL WITH DISTINCT b.id AS id ORDER BY id DESC LIMIT 5 RETURN collect(id) AS t2 } UNWIND t1 AS x WITH x, t2 WHERE x IN t2 RETURN count(x) AS n",
			"MATCH (a:A) WHERE a.id IN COLLECT { MATCH (x:A)-[:R]->() WHERE x.id IS NOT NULL WITH DISTINCT x.id AS id RETURN id ORDER BY id DESC LIMIT 5 } AND a.id IN COLLECT { MATCH (y:A)<-[:S]-() WHERE y.id IS NOT NULL WITH DISTINCT y.id AS id RETURN id ORDER BY id DESC LIMIT 5 } RETURN count(DISTINCT a.id) AS n",
		)},
		// Per A node with an R link out: its id, the number of R links
		// out, and the least and greatest key of their targets (nulls
		// skipped; a node whose targets have no key has null for both).
		{"g-h23-neighbour-stats", "several aggregates of one neighbourhood", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WITH a, count(*) AS n, min(b.k) AS lo, max(b.k) AS hi RETURN a.id AS id, n, lo, hi",
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->() } RETURN a.id AS id, COUNT { (a)-[:R]->() } AS n, COLLECT { MATCH (a)-[:R]->(b) RETURN min(b.k) AS m }[0] AS lo, COLLECT { MATCH (a)-[:R]->(b) RETURN max(b.k) AS m }[0] AS hi",
			"MATCH (a:A) CALL (a) { MATCH (a)-[:R]->(b) RETURN count(*) AS n, min(b.k) AS lo, max(b.k) AS hi } WITH a, n, lo, hi WHERE n > 0 RETURN a.id AS id, n, lo, hi",
			"MATCH (a:A) WITH a, [(a)-[:R]->(b) | b.k] AS ks WHERE size(ks) > 0 RETURN a.id AS id, size(ks) AS n, reduce(m = null, x IN ks | CASE WHEN x IS NULL THEN m WHEN m IS NULL OR x < m THEN x ELSE m END) AS lo, reduce(m = null, x IN ks | CASE WHEN x IS NULL THEN m WHEN m IS NULL OR x > m THEN x ELSE m END) AS hi",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WITH a, count(b) AS n, min(b.k) AS lo, max(b.k) AS hi WHERE n > 0 RETURN a.id AS id, n, lo, hi",
			"MATCH (a:A)-[:R]->() WITH a, count(*) AS n MATCH (a)-[:R]->(b) WITH a, n, min(b.k) AS lo, max(b.k) AS hi RETURN a.id AS id, n, lo, hi",
		)},
		// The distinct nodes two R links from the A nodes with id $a (the
		// two links distinct): the sum of their keys and their number (a
		// sum over nothing is 0, as the reduce is).
		{"g-h23-reached-sum", "sums over reached nodes counted once", Generic, written(false,
			"MATCH (:A {id: $a})-[:R]->()-[:R]->(c) WITH DISTINCT c RETURN sum(c.k) AS total, count(c) AS n",
			"MATCH (:A {id: $a})-[:R]->()-[:R]->(c) WITH collect(DISTINCT c) AS cs RETURN reduce(t = 0, x IN cs | t + coalesce(x.k, 0)) AS total, size(cs) AS n",
			"MATCH (c) WHERE EXISTS { (:A {id: $a})-[:R]->()-[:R]->(c) } RETURN sum(c.k) AS total, count(c) AS n",
			"MATCH (:A {id: $a})-[:R*2]->(c) WITH collect(DISTINCT c) AS cs UNWIND cs AS c RETURN sum(c.k) AS total, count(c) AS n",
			"CALL { MATCH (:A {id: $a})-[:R]->()-[:R]->(c) RETURN DISTINCT c } RETURN sum(c.k) AS total, count(c) AS n",
			"MATCH (:A {id: $a}) (()-[:R]->()){2} (c) WITH DISTINCT c RETURN sum(c.k) AS total, count(c) AS n",
		)},
		// A nodes with a key of at least 3, per string: the bound written
		// through a product, a difference, a sum, integer division
		// (truncating: k / 3 >= 1 exactly when k >= 3) and NOT of the
		// complement (NOT null is null).
		{"g-h23-arith-range", "range predicates written through arithmetic", Generic, written(false,
			"MATCH (a:A) WHERE a.k >= 3 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE a.k * 2 >= 6 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE a.k - 3 >= 0 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE a.k + 1 > 3 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE a.k / 3 >= 1 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE NOT a.k < 3 RETURN a.s AS s, count(*) AS n",
		)},

		// Users graphs.
		// The hub's distinct out-neighbours per out-degree, those with at
		// least one link out.
		{"u-h23-degree-histogram", "nodes per degree", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v MATCH (v)-->() WITH v, count(*) AS d RETURN d, count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WITH v, COUNT { (v)-->() } AS d WHERE d > 0 RETURN d, count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WITH size([(v)-->(w) | w]) AS d WHERE d > 0 RETURN d, count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v OPTIONAL MATCH (v)-[r]->() WITH v, count(r) AS d WHERE d >= 1 RETURN d, count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v CALL (v) { MATCH (v)-->() RETURN count(*) AS d } WITH d WHERE d > 0 RETURN d, count(*) AS n",
		)},
		// The hub's distinct out-neighbours that link to $other or to $l1
		// but not to both.
		{"u-h23-xor-links", "one of two patterns but not both", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WHERE EXISTS { (v)-->(:User {id: $other}) } <> EXISTS { (v)-->(:User {id: $l1}) } RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WHERE EXISTS { (v)-->(:User {id: $other}) } XOR EXISTS { (v)-->(:User {id: $l1}) } RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WHERE (EXISTS { (v)-->(:User {id: $other}) } AND NOT EXISTS { (v)-->(:User {id: $l1}) }) OR (EXISTS { (v)-->(:User {id: $l1}) } AND NOT EXISTS { (v)-->(:User {id: $other}) }) RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WITH v, CASE WHEN EXISTS { (v)-->(:User {id: $other}) } THEN 1 ELSE 0 END + CASE WHEN EXISTS { (v)-->(:User {id: $l1}) } THEN 1 ELSE 0 END AS c WHERE c = 1 RETURN count(v) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WHERE (COUNT { (v)-->(:User {id: $other}) } > 0) <> (COUNT { (v)-->(:User {id: $l1}) } > 0) RETURN count(v) AS n",
			programForm(union("MATCH (:User {id: $hub})-->(v)-->(:User {id: $other}) RETURN v"), union("MATCH (:User {id: $hub})-->(v)-->(:User {id: $l1}) RETURN v"), diff("MATCH (v:User)-->(:User {id: $other}) MATCH (v)-->(:User {id: $l1}) RETURN v")),
		)},
		// Per distinct out-neighbour of the hub, the other users whose id
		// is within 2 of its id (ids are unique, so an offset other than 0
		// is another user).
		{"u-h23-band-join", "band joins on a value difference", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v MATCH (w:User) WHERE abs(w.id - v.id) <= 2 AND w <> v RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v MATCH (w:User) WHERE v.id - 2 <= w.id <= v.id + 2 AND w <> v RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v UNWIND [-2, -1, 1, 2] AS d MATCH (w:User) WHERE w.id = v.id + d RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v MATCH (w:User) WHERE w.id IN range(v.id - 2, v.id + 2) AND w.id <> v.id RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v MATCH (w:User) WHERE w.id >= v.id - 2 AND w.id <= v.id + 2 AND w <> v RETURN count(*) AS n",
		)},
		// How many of the five users with the most links out (ties by id)
		// are among the five with the most links in.
		{"u-h23-top-both", "intersections of two top-k lists", Users, written(false,
			"CALL { MATCH (u:User) WITH u, COUNT { (u)-->() } AS d ORDER BY d DESC, u.id LIMIT 5 RETURN collect(u) AS t1 } CALL { MATCH (u:User) WITH u, COUNT { (u)<--() } AS d ORDER BY d DESC, u.id LIMIT 5 RETURN collect(u) AS t2 } RETURN size([x IN t1 WHERE x IN t2]) AS n",
			"MATCH (u:User) WITH u ORDER BY COUNT { (u)-->() } DESC, u.id LIMIT 5 WITH collect(u) AS t1 CALL { MATCH (v:User) WITH v ORDER BY COUNT { (v)<--() } DESC, v.id LIMIT 5 RETURN collect(v) AS t2 } RETURN size([x IN t1 WHERE x IN t2]) AS n",
			"MATCH (u:User) WHERE u IN COLLECT { MATCH (x:User) RETURN x ORDER BY COUNT { (x)-->() } DESC, x.id LIMIT 5 } AND u IN COLLECT { MATCH (x:User) RETURN x ORDER BY COUNT { (x)<--() } DESC, x.id LIMIT 5 } RETURN count(u) AS n",
			"CALL { MATCH (u:User) WITH u, COUNT { (u)-->() } AS d ORDER BY d DESC, u.id LIMIT 5 RETURN collect(u) AS t1 } CALL { MATCH (u:User) WITH u, COUNT { (u)<--() } AS d ORDER BY d DESC, u.id LIMIT 5 RETURN collect(u) AS t2 } UNWIND t1 AS x WITH x, t2 WHERE x IN t2 RETURN count(x) AS n",
			"MATCH (u:User) WITH u, COUNT { (u)-->() } AS d ORDER BY d DESC, u.id WITH collect(u)[..5] AS t1 CALL { MATCH (v:User) WITH v, COUNT { (v)<--() } AS d ORDER BY d DESC, v.id RETURN collect(v)[..5] AS t2 } RETURN size([x IN t1 WHERE x IN t2]) AS n",
		)},
		// Per distinct out-neighbour of the hub with links out: its id,
		// its out-degree, and the least and greatest id it links to.
		{"u-h23-neighbour-stats", "several aggregates of one neighbourhood", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v MATCH (v)-->(w) WITH v, count(*) AS n, min(w.id) AS lo, max(w.id) AS hi RETURN v.id AS id, n, lo, hi",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WHERE EXISTS { (v)-->() } RETURN v.id AS id, COUNT { (v)-->() } AS n, COLLECT { MATCH (v)-->(w) RETURN min(w.id) AS m }[0] AS lo, COLLECT { MATCH (v)-->(w) RETURN max(w.id) AS m }[0] AS hi",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v CALL (v) { MATCH (v)-->(w) RETURN count(*) AS n, min(w.id) AS lo, max(w.id) AS hi } WITH v, n, lo, hi WHERE n > 0 RETURN v.id AS id, n, lo, hi",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v WITH v, [(v)-->(w) | w.id] AS ids WHERE size(ids) > 0 RETURN v.id AS id, size(ids) AS n, reduce(m = ids[0], x IN ids | CASE WHEN x < m THEN x ELSE m END) AS lo, reduce(m = ids[0], x IN ids | CASE WHEN x > m THEN x ELSE m END) AS hi",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v OPTIONAL MATCH (v)-->(w) WITH v, count(w) AS n, min(w.id) AS lo, max(w.id) AS hi WHERE n > 0 RETURN v.id AS id, n, lo, hi",
		)},
		// The distinct users two links from the hub (the two links
		// distinct): their number and the sum of their ids.
		{"u-h23-reached-sum", "sums over reached nodes counted once", Users, written(false,
			"MATCH (:User {id: $hub})-->()-->(c) WITH DISTINCT c RETURN sum(c.id) AS total, count(c) AS n",
			"MATCH (:User {id: $hub})-->()-->(c) WITH collect(DISTINCT c) AS cs RETURN reduce(t = 0, x IN cs | t + x.id) AS total, size(cs) AS n",
			"MATCH (c:User) WHERE EXISTS { (:User {id: $hub})-->()-->(c) } RETURN sum(c.id) AS total, count(c) AS n",
			"MATCH (:User {id: $hub})-[*2]->(c) WITH collect(DISTINCT c) AS cs UNWIND cs AS c RETURN sum(c.id) AS total, count(c) AS n",
			"CALL { MATCH (:User {id: $hub})-->()-->(c) RETURN DISTINCT c } RETURN sum(c.id) AS total, count(c) AS n",
			"MATCH (:User {id: $hub}) (()-->()){2} (c) WITH DISTINCT c RETURN sum(c.id) AS total, count(c) AS n",
		)},
		// Links out of the users with ids from $hub to $hub + 49: the
		// range written as differences, IN range(), the ids unwound,
		// integer division with a lower bound, a sum of COUNT { }.
		{"u-h23-arith-range", "range predicates written through arithmetic", Users, written(false,
			"MATCH (u:User)-->() WHERE $hub <= u.id < $hub + 50 RETURN count(*) AS n",
			"MATCH (u:User)-->() WHERE u.id - $hub >= 0 AND u.id - $hub < 50 RETURN count(*) AS n",
			"UNWIND range($hub, $hub + 49) AS i MATCH (u:User {id: i})-->() RETURN count(*) AS n",
			"MATCH (u:User)-->() WHERE u.id IN range($hub, $hub + 49) RETURN count(*) AS n",
			"MATCH (u:User)-->() WHERE (u.id - $hub) / 50 = 0 AND u.id >= $hub RETURN count(*) AS n",
			"MATCH (u:User) WHERE u.id >= $hub AND u.id + 0 < $hub + 50 RETURN sum(COUNT { (u)-->() }) AS n",
		)},

		// Movies.
		// Movies per number of actors, those with at least one.
		{"m-h23-cast-histogram", "nodes per degree", Movies, written(false,
			"MATCH (m:Movie)<-[:ACTED_IN]-() WITH m, count(*) AS d RETURN d AS actors, count(*) AS n",
			"MATCH (m:Movie) WITH m, COUNT { (m)<-[:ACTED_IN]-() } AS d WHERE d > 0 RETURN d AS actors, count(*) AS n",
			"MATCH (m:Movie) WITH size([(m)<-[:ACTED_IN]-(p) | p]) AS d WHERE d > 0 RETURN d AS actors, count(*) AS n",
			"MATCH (m:Movie) OPTIONAL MATCH (m)<-[r:ACTED_IN]-() WITH m, count(r) AS d WHERE d >= 1 RETURN d AS actors, count(*) AS n",
			"MATCH (m:Movie)<-[r:ACTED_IN]-() WITH m, collect(r) AS rs RETURN size(rs) AS actors, count(*) AS n",
			"MATCH (m:Movie) CALL (m) { MATCH (m)<-[:ACTED_IN]-() RETURN count(*) AS d } WITH d WHERE d > 0 RETURN d AS actors, count(*) AS n",
		)},
		// People who acted in a movie or directed one, but not both.
		{"m-h23-actor-xor-director", "one of two patterns but not both", Movies, written(false,
			"MATCH (p:Person) WHERE EXISTS { (p)-[:ACTED_IN]->() } <> EXISTS { (p)-[:DIRECTED]->() } RETURN count(p) AS n",
			"MATCH (p:Person) WHERE EXISTS { (p)-[:ACTED_IN]->() } XOR EXISTS { (p)-[:DIRECTED]->() } RETURN count(p) AS n",
			"MATCH (p:Person) WHERE (EXISTS { (p)-[:ACTED_IN]->() } AND NOT EXISTS { (p)-[:DIRECTED]->() }) OR (EXISTS { (p)-[:DIRECTED]->() } AND NOT EXISTS { (p)-[:ACTED_IN]->() }) RETURN count(p) AS n",
			"MATCH (p:Person) WITH p, CASE WHEN EXISTS { (p)-[:ACTED_IN]->() } THEN 1 ELSE 0 END + CASE WHEN EXISTS { (p)-[:DIRECTED]->() } THEN 1 ELSE 0 END AS roles WHERE roles = 1 RETURN count(p) AS n",
			"CALL { MATCH (p:Person)-[:ACTED_IN]->() WHERE NOT EXISTS { (p)-[:DIRECTED]->() } RETURN p UNION MATCH (p:Person)-[:DIRECTED]->() WHERE NOT EXISTS { (p)-[:ACTED_IN]->() } RETURN p } RETURN count(p) AS n",
			programForm(union("MATCH (p:Person)-[:ACTED_IN]->() RETURN p"), union("MATCH (p:Person)-[:DIRECTED]->() RETURN p"), diff("MATCH (p:Person)-[:ACTED_IN]->() MATCH (p)-[:DIRECTED]->() RETURN p")),
		)},
		// Per movie $who acted in, the other movies released within a
		// year of it, counted: abs(), a chained comparison, the offsets
		// unwound into an inline property map, IN range() behind a null
		// test, the movies grouped by year first.
		{"m-h23-release-band", "band joins on a value difference", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) MATCH (o:Movie) WHERE o <> m AND abs(o.released - m.released) <= 1 RETURN count(*) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) MATCH (o:Movie) WHERE m.released - 1 <= o.released <= m.released + 1 AND o <> m RETURN count(*) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) UNWIND [-1, 0, 1] AS d MATCH (o:Movie {released: m.released + d}) WHERE o <> m RETURN count(*) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH m WHERE m.released IS NOT NULL MATCH (o:Movie) WHERE o.released IN range(m.released - 1, m.released + 1) AND o <> m RETURN count(*) AS n",
			"MATCH (o:Movie) WITH o.released AS r, collect(o) AS os MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WHERE abs(r - m.released) <= 1 RETURN sum(size([x IN os WHERE x <> m])) AS n",
		)},
		// How many of the ten people in the most movies (ties by name) are
		// among the ten born first (a missing year sorts last; ties by
		// name).
		{"m-h23-top-both", "intersections of two top-k lists", Movies, written(false,
			"CALL { MATCH (p:Person) WITH p, COUNT { (p)-[:ACTED_IN]->() } AS k ORDER BY k DESC, p.name LIMIT 10 RETURN collect(p) AS t1 } CALL { MATCH (p:Person) WITH p ORDER BY p.born, p.name LIMIT 10 RETURN collect(p) AS t2 } RETURN size([x IN t1 WHERE x IN t2]) AS n",
			"MATCH (p:Person) WHERE p IN COLLECT { MATCH (x:Person) RETURN x ORDER BY COUNT { (x)-[:ACTED_IN]->() } DESC, x.name LIMIT 10 } AND p IN COLLECT { MATCH (x:Person) RETURN x ORDER BY x.born, x.name LIMIT 10 } RETURN count(p) AS n",
			"MATCH (p:Person) WITH p ORDER BY p.born, p.name LIMIT 10 WITH collect(p) AS t2 CALL { MATCH (p:Person) WITH p, COUNT { (p)-[:ACTED_IN]->() } AS k ORDER BY k DESC, p.name LIMIT 10 RETURN collect(p) AS t1 } UNWIND t1 AS x WITH x, t2 WHERE x IN t2 RETURN count(x) AS n",
			"MATCH (p:Person) WITH p, COUNT { (p)-[:ACTED_IN]->() } AS k ORDER BY k DESC, p.name WITH collect(p)[..10] AS t1 CALL { MATCH (p:Person) WITH p ORDER BY p.born, p.name RETURN collect(p)[..10] AS t2 } RETURN size([x IN t1 WHERE x IN t2]) AS n",
			"CALL { MATCH (p:Person) OPTIONAL MATCH (p)-[r:ACTED_IN]->() WITH p, count(r) AS k ORDER BY k DESC, p.name LIMIT 10 RETURN collect(p.name) AS t1 } CALL { MATCH (p:Person) RETURN p.name AS name ORDER BY p.born, name LIMIT 10 } WITH t1, name WHERE name IN t1 RETURN count(*) AS n",
		)},
		// Per movie with actors: its title, its number of actors, and the
		// earliest and latest year of birth among them.
		{"m-h23-movie-stats", "several aggregates of one neighbourhood", Movies, written(false,
			"MATCH (m:Movie)<-[:ACTED_IN]-(p:Person) WITH m, count(*) AS n, min(p.born) AS lo, max(p.born) AS hi RETURN m.title AS title, n, lo, hi",
			"MATCH (m:Movie) WHERE EXISTS { (m)<-[:ACTED_IN]-(:Person) } RETURN m.title AS title, COUNT { (m)<-[:ACTED_IN]-(:Person) } AS n, COLLECT { MATCH (m)<-[:ACTED_IN]-(p:Person) RETURN min(p.born) AS b }[0] AS lo, COLLECT { MATCH (m)<-[:ACTED_IN]-(p:Person) RETURN max(p.born) AS b }[0] AS hi",
			"MATCH (m:Movie) CALL (m) { MATCH (m)<-[:ACTED_IN]-(p:Person) RETURN count(*) AS n, min(p.born) AS lo, max(p.born) AS hi } WITH m, n, lo, hi WHERE n > 0 RETURN m.title AS title, n, lo, hi",
			"MATCH (m:Movie) WITH m, [(m)<-[:ACTED_IN]-(p:Person) | p.born] AS bs WHERE size(bs) > 0 RETURN m.title AS title, size(bs) AS n, reduce(x = null, b IN bs | CASE WHEN b IS NULL THEN x WHEN x IS NULL OR b < x THEN b ELSE x END) AS lo, reduce(x = null, b IN bs | CASE WHEN b IS NULL THEN x WHEN x IS NULL OR b > x THEN b ELSE x END) AS hi",
			"MATCH (m:Movie) OPTIONAL MATCH (m)<-[:ACTED_IN]-(p:Person) WITH m, count(p) AS n, min(p.born) AS lo, max(p.born) AS hi WHERE n > 0 RETURN m.title AS title, n, lo, hi",
			"MATCH (m:Movie)<-[:ACTED_IN]-(:Person) WITH m, count(*) AS n MATCH (m)<-[:ACTED_IN]-(p:Person) WITH m, n, min(p.born) AS lo, max(p.born) AS hi RETURN m.title AS title, n, lo, hi",
		)},
		// $who's distinct co-actors: their number and the sum of their
		// years of birth.
		{"m-h23-costar-born-sum", "sums over reached nodes counted once", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->()<-[:ACTED_IN]-(c:Person) WITH DISTINCT c RETURN sum(c.born) AS total, count(c) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->()<-[:ACTED_IN]-(c:Person) WITH collect(DISTINCT c) AS cs RETURN reduce(t = 0, x IN cs | t + coalesce(x.born, 0)) AS total, size(cs) AS n",
			"MATCH (c:Person) WHERE EXISTS { (:Person {name: $who})-[:ACTED_IN]->()<-[:ACTED_IN]-(c) } RETURN sum(c.born) AS total, count(c) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->()<-[:ACTED_IN]-(c:Person) WITH collect(DISTINCT c) AS cs UNWIND cs AS c RETURN sum(c.born) AS total, count(c) AS n",
			"CALL { MATCH (:Person {name: $who})-[:ACTED_IN]->()<-[:ACTED_IN]-(c:Person) RETURN DISTINCT c } RETURN sum(c.born) AS total, count(c) AS n",
		)},
		// Movies released in the 1990s: integer division, a chained
		// range, the offset tested against a list, IN range(), the years
		// unwound into an inline property map, the year's digits.
		{"m-h23-nineties", "range predicates written through arithmetic", Movies, written(false,
			"MATCH (m:Movie) WHERE 1990 <= m.released <= 1999 RETURN count(*) AS n",
			"MATCH (m:Movie) WHERE m.released / 10 = 199 RETURN count(*) AS n",
			"MATCH (m:Movie) WHERE m.released - 1990 >= 0 AND m.released - 1990 < 10 RETURN count(*) AS n",
			"MATCH (m:Movie) WHERE m.released IN range(1990, 1999) RETURN count(*) AS n",
			"UNWIND range(1990, 1999) AS y MATCH (m:Movie {released: y}) RETURN count(*) AS n",
			"MATCH (m:Movie) WHERE m.released * 10 >= 19900 AND NOT m.released >= 2000 RETURN count(*) AS n",
		)},

		// Northwind.
		// Orders per number of order lines, those with at least one.
		{"n-h23-lines-histogram", "nodes per degree", Northwind, written(false,
			"MATCH (o:Order)-[:ORDERS]->() WITH o, count(*) AS d RETURN d AS lines, count(*) AS n",
			"MATCH (o:Order) WITH o, COUNT { (o)-[:ORDERS]->() } AS d WHERE d > 0 RETURN d AS lines, count(*) AS n",
			"MATCH (o:Order) WITH size([(o)-[:ORDERS]->(p) | p]) AS d WHERE d > 0 RETURN d AS lines, count(*) AS n",
			"MATCH (o:Order) OPTIONAL MATCH (o)-[l:ORDERS]->() WITH o, count(l) AS d WHERE d >= 1 RETURN d AS lines, count(*) AS n",
			"MATCH (o:Order)-[:ORDERS]->() WITH o, count(*) AS d WITH collect(d) AS ds UNWIND ds AS d RETURN d AS lines, count(*) AS n",
			"MATCH (o:Order) CALL (o) { MATCH (o)-[:ORDERS]->() RETURN count(*) AS d } WITH d WHERE d > 0 RETURN d AS lines, count(*) AS n",
		)},
		// Customers who bought $product or bought from the category
		// $category, but not both.
		{"n-h23-product-xor-category", "one of two patterns but not both", Northwind, written(false,
			"MATCH (c:Customer) WHERE EXISTS { (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product {productName: $product}) } <> EXISTS { (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) } RETURN count(c) AS n",
			"MATCH (c:Customer) WHERE EXISTS { (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product {productName: $product}) } XOR EXISTS { (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) } RETURN count(c) AS n",
			"MATCH (c:Customer) WHERE (EXISTS { (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product {productName: $product}) } AND NOT EXISTS { (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) }) OR (EXISTS { (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) } AND NOT EXISTS { (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product {productName: $product}) }) RETURN count(c) AS n",
			"MATCH (c:Customer) WITH c, CASE WHEN EXISTS { (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product {productName: $product}) } THEN 1 ELSE 0 END + CASE WHEN EXISTS { (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) } THEN 1 ELSE 0 END AS hits WHERE hits = 1 RETURN count(c) AS n",
			"MATCH (c:Customer) WHERE (COUNT { (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product {productName: $product}) } > 0) <> (COUNT { (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) } > 0) RETURN count(c) AS n",
			programForm(union("MATCH (c:Customer)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product {productName: $product}) RETURN c"), union("MATCH (c:Customer)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) RETURN c"), diff("MATCH (c:Customer)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product {productName: $product}) MATCH (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) RETURN c")),
		)},
		// Other products with units in stock within 5 of $product's.
		{"n-h23-stock-band", "band joins on a value difference", Northwind, written(false,
			"MATCH (x:Product {productName: $product}), (p:Product) WHERE p <> x AND abs(p.unitsInStock - x.unitsInStock) <= 5 RETURN count(p) AS n",
			"MATCH (x:Product {productName: $product}) MATCH (p:Product) WHERE x.unitsInStock - 5 <= p.unitsInStock <= x.unitsInStock + 5 AND p <> x RETURN count(p) AS n",
			"MATCH (x:Product {productName: $product}) UNWIND range(-5, 5) AS d MATCH (p:Product {unitsInStock: x.unitsInStock + d}) WHERE p <> x RETURN count(p) AS n",
			"MATCH (x:Product {productName: $product}) WITH x WHERE x.unitsInStock IS NOT NULL MATCH (p:Product) WHERE p.unitsInStock IN range(x.unitsInStock - 5, x.unitsInStock + 5) AND p <> x RETURN count(p) AS n",
			"MATCH (x:Product {productName: $product}) MATCH (p:Product) WHERE p.unitsInStock >= x.unitsInStock - 5 AND p.unitsInStock <= x.unitsInStock + 5 AND p <> x RETURN count(p) AS n",
		)},
		// How many of the ten products on the most order lines (ties by
		// name) are among the ten dearest (ties by name).
		{"n-h23-top-both", "intersections of two top-k lists", Northwind, written(false,
			"CALL { MATCH (p:Product) WITH p, COUNT { (:Order)-[:ORDERS]->(p) } AS k ORDER BY k DESC, p.productName LIMIT 10 RETURN collect(p) AS t1 } CALL { MATCH (p:Product) WITH p ORDER BY p.unitPrice DESC, p.productName LIMIT 10 RETURN collect(p) AS t2 } RETURN size([x IN t1 WHERE x IN t2]) AS n",
			"MATCH (p:Product) WHERE p IN COLLECT { MATCH (x:Product) RETURN x ORDER BY COUNT { (:Order)-[:ORDERS]->(x) } DESC, x.productName LIMIT 10 } AND p IN COLLECT { MATCH (x:Product) RETURN x ORDER BY x.unitPrice DESC, x.productName LIMIT 10 } RETURN count(p) AS n",
			"MATCH (p:Product) WITH p ORDER BY p.unitPrice DESC, p.productName LIMIT 10 WITH collect(p) AS t2 CALL { MATCH (p:Product) OPTIONAL MATCH (:Order)-[l:ORDERS]->(p) WITH p, count(l) AS k ORDER BY k DESC, p.productName LIMIT 10 RETURN collect(p) AS t1 } UNWIND t1 AS x WITH x, t2 WHERE x IN t2 RETURN count(x) AS n",
			"MATCH (p:Product) WITH p, COUNT { (:Order)-[:ORDERS]->(p) } AS k ORDER BY k DESC, p.productName WITH collect(p)[..10] AS t1 CALL { MATCH (p:Product) WITH p ORDER BY p.unitPrice DESC, p.productName RETURN collect(p)[..10] AS t2 } RETURN size([x IN t1 WHERE x IN t2]) AS n",
			"CALL { MATCH (p:Product) RETURN p.productName AS name ORDER BY COUNT { (:Order)-[:ORDERS]->(p) } DESC, name LIMIT 10 } WITH collect(name) AS t1 MATCH (p:Product) WITH t1, p ORDER BY p.unitPrice DESC, p.productName LIMIT 10 WHERE p.productName IN t1 RETURN count(p) AS n",
		)},
		// Per order with lines: its id, its number of lines, the units
		// ordered and the dearest line price.
		{"n-h23-order-stats", "several aggregates of one neighbourhood", Northwind, written(false,
			"MATCH (o:Order)-[l:ORDERS]->() WITH o, count(*) AS n, sum(l.quantity) AS qty, max(l.unitPrice) AS top RETURN o.orderID AS id, n, qty, top",
			"MATCH (o:Order) WHERE EXISTS { (o)-[:ORDERS]->() } RETURN o.orderID AS id, COUNT { (o)-[:ORDERS]->() } AS n, COLLECT { MATCH (o)-[l:ORDERS]->() RETURN sum(l.quantity) AS q }[0] AS qty, COLLECT { MATCH (o)-[l:ORDERS]->() RETURN max(l.unitPrice) AS t }[0] AS top",
			"MATCH (o:Order) CALL (o) { MATCH (o)-[l:ORDERS]->() RETURN count(*) AS n, sum(l.quantity) AS qty, max(l.unitPrice) AS top } WITH o, n, qty, top WHERE n > 0 RETURN o.orderID AS id, n, qty, top",
			"MATCH (o:Order) WITH o, [(o)-[l:ORDERS]->() | l] AS ls WHERE size(ls) > 0 RETURN o.orderID AS id, size(ls) AS n, reduce(q = 0, l IN ls | q + coalesce(l.quantity, 0)) AS qty, reduce(t = null, l IN ls | CASE WHEN l.unitPrice IS NULL THEN t WHEN t IS NULL OR l.unitPrice > t THEN l.unitPrice ELSE t END) AS top",
			"MATCH (o:Order) OPTIONAL MATCH (o)-[l:ORDERS]->() WITH o, count(l) AS n, sum(l.quantity) AS qty, max(l.unitPrice) AS top WHERE n > 0 RETURN o.orderID AS id, n, qty, top",
			"MATCH (o:Order)-[:ORDERS]->() WITH o, count(*) AS n MATCH (o)-[l:ORDERS]->() WITH o, n, sum(l.quantity) AS qty, max(l.unitPrice) AS top RETURN o.orderID AS id, n, qty, top",
		)},
		// The distinct products $customer bought: their number and their
		// units in stock summed.
		{"n-h23-bought-stock-sum", "sums over reached nodes counted once", Northwind, written(false,
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p:Product) WITH DISTINCT p RETURN sum(p.unitsInStock) AS stock, count(p) AS n",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p:Product) WITH collect(DISTINCT p) AS ps RETURN reduce(t = 0, x IN ps | t + coalesce(x.unitsInStock, 0)) AS stock, size(ps) AS n",
			"MATCH (p:Product) WHERE EXISTS { (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p) } RETURN sum(p.unitsInStock) AS stock, count(p) AS n",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p:Product) WITH collect(DISTINCT p) AS ps UNWIND ps AS p RETURN sum(p.unitsInStock) AS stock, count(p) AS n",
			"CALL { MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p:Product) RETURN DISTINCT p } RETURN sum(p.unitsInStock) AS stock, count(p) AS n",
		)},
		// Orders with a freight above 50 per country shipped to: the bound
		// doubled (exact in floating point), a difference, the operands
		// swapped, NOT of the complement.
		{"n-h23-freight-arith", "range predicates written through arithmetic", Northwind, written(false,
			"MATCH (o:Order) WHERE o.freight > 50 RETURN o.shipCountry AS country, count(*) AS n",
			"MATCH (o:Order) WHERE o.freight * 2 > 100 RETURN o.shipCountry AS country, count(*) AS n",
			"MATCH (o:Order) WHERE o.freight - 50 > 0 RETURN o.shipCountry AS country, count(*) AS n",
			"MATCH (o:Order) WHERE 100 < 2 * o.freight RETURN o.shipCountry AS country, count(*) AS n",
			"MATCH (o:Order) WHERE NOT o.freight <= 50 RETURN o.shipCountry AS country, count(*) AS n",
		)},

		// LDBC.
		// People per number of friends, those with at least one.
		{"l-h23-friends-histogram", "nodes per degree", LDBC, written(false,
			"MATCH (p:Person)-[:KNOWS]-() WITH p, count(*) AS d RETURN d AS friends, count(*) AS n",
			"MATCH (p:Person) WITH p, COUNT { (p)-[:KNOWS]-() } AS d WHERE d > 0 RETURN d AS friends, count(*) AS n",
			"MATCH (p:Person) WITH size([(p)-[:KNOWS]-(f) | f]) AS d WHERE d > 0 RETURN d AS friends, count(*) AS n",
			"MATCH (p:Person) OPTIONAL MATCH (p)-[k:KNOWS]-() WITH p, count(k) AS d WHERE d >= 1 RETURN d AS friends, count(*) AS n",
			"MATCH (p:Person)-[:KNOWS]-() WITH p, count(*) AS d WITH collect(d) AS ds UNWIND ds AS d RETURN d AS friends, count(*) AS n",
			"MATCH (p:Person) CALL (p) { MATCH (p)-[:KNOWS]-() RETURN count(*) AS d } WITH d WHERE d > 0 RETURN d AS friends, count(*) AS n",
		)},
		// People who created a post or a comment, but not both.
		{"l-h23-post-xor-comment", "one of two patterns but not both", LDBC, written(false,
			"MATCH (p:Person) WHERE EXISTS { (p)<-[:HAS_CREATOR]-(:Post) } <> EXISTS { (p)<-[:HAS_CREATOR]-(:Comment) } RETURN count(p) AS n",
			"MATCH (p:Person) WHERE EXISTS { (p)<-[:HAS_CREATOR]-(:Post) } XOR EXISTS { (p)<-[:HAS_CREATOR]-(:Comment) } RETURN count(p) AS n",
			"MATCH (p:Person) WHERE (EXISTS { (p)<-[:HAS_CREATOR]-(:Post) } AND NOT EXISTS { (p)<-[:HAS_CREATOR]-(:Comment) }) OR (EXISTS { (p)<-[:HAS_CREATOR]-(:Comment) } AND NOT EXISTS { (p)<-[:HAS_CREATOR]-(:Post) }) RETURN count(p) AS n",
			"MATCH (p:Person) WITH p, CASE WHEN EXISTS { (p)<-[:HAS_CREATOR]-(:Post) } THEN 1 ELSE 0 END + CASE WHEN EXISTS { (p)<-[:HAS_CREATOR]-(:Comment) } THEN 1 ELSE 0 END AS kinds WHERE kinds = 1 RETURN count(p) AS n",
			"MATCH (p:Person) WHERE (COUNT { (p)<-[:HAS_CREATOR]-(:Post) } > 0) <> (COUNT { (p)<-[:HAS_CREATOR]-(:Comment) } > 0) RETURN count(p) AS n",
			programForm(union("MATCH (p:Person)<-[:HAS_CREATOR]-(:Post) RETURN p"), union("MATCH (p:Person)<-[:HAS_CREATOR]-(:Comment) RETURN p"), diff("MATCH (p:Person)<-[:HAS_CREATOR]-(:Post) MATCH (p)<-[:HAS_CREATOR]-(:Comment) RETURN p")),
		)},
		// Pairs of a post by $person and a comment whose lengths differ
		// by at most 2.
		{"l-h23-length-band", "band joins on a value difference", LDBC, written(false,
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(p:Post) MATCH (c:Comment) WHERE abs(c.length - p.length) <= 2 RETURN count(*) AS n",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(p:Post) MATCH (c:Comment) WHERE p.length - 2 <= c.length <= p.length + 2 RETURN count(*) AS n",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(p:Post) UNWIND range(-2, 2) AS d MATCH (c:Comment) WHERE c.length = p.length + d RETURN count(*) AS n",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(p:Post) WITH p WHERE p.length IS NOT NULL MATCH (c:Comment) WHERE c.length IN range(p.length - 2, p.length + 2) RETURN count(*) AS n",
			"MATCH (c:Comment) WHERE c.length IS NOT NULL WITH c.length AS len, count(*) AS k MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(p:Post) WHERE abs(len - p.length) <= 2 RETURN sum(k) AS n",
		)},
		// How many of the ten people with the most friends (ties by id)
		// are among the ten with the most posts (ties by id).
		{"l-h23-top-both", "intersections of two top-k lists", LDBC, written(false,
			"CALL { MATCH (p:Person) WITH p, COUNT { (p)-[:KNOWS]-() } AS k ORDER BY k DESC, p.id LIMIT 10 RETURN collect(p) AS t1 } CALL { MATCH (p:Person) WITH p, COUNT { (p)<-[:HAS_CREATOR]-(:Post) } AS k ORDER BY k DESC, p.id LIMIT 10 RETURN collect(p) AS t2 } RETURN size([x IN t1 WHERE x IN t2]) AS n",
			"MATCH (p:Person) WHERE p IN COLLECT { MATCH (x:Person) RETURN x ORDER BY COUNT { (x)-[:KNOWS]-() } DESC, x.id LIMIT 10 } AND p IN COLLECT { MATCH (x:Person) RETURN x ORDER BY COUNT { (x)<-[:HAS_CREATOR]-(:Post) } DESC, x.id LIMIT 10 } RETURN count(p) AS n",
			"MATCH (p:Person) OPTIONAL MATCH (p)-[k:KNOWS]-() WITH p, count(k) AS d ORDER BY d DESC, p.id LIMIT 10 WITH collect(p) AS t1 CALL { MATCH (p:Person) OPTIONAL MATCH (p)<-[:HAS_CREATOR]-(m:Post) WITH p, count(m) AS d ORDER BY d DESC, p.id LIMIT 10 RETURN collect(p) AS t2 } UNWIND t1 AS x WITH x, t2 WHERE x IN t2 RETURN count(x) AS n",
			"MATCH (p:Person) WITH p, COUNT { (p)-[:KNOWS]-() } AS k ORDER BY k DESC, p.id WITH collect(p)[..10] AS t1 CALL { MATCH (p:Person) WITH p, COUNT { (p)<-[:HAS_CREATOR]-(:Post) } AS k ORDER BY k DESC, p.id RETURN collect(p)[..10] AS t2 } RETURN size([x IN t1 WHERE x IN t2]) AS n",
			"CALL { MATCH (p:Person) RETURN p.id AS id ORDER BY COUNT { (p)-[:KNOWS]-() } DESC, id LIMIT 10 } WITH collect(id) AS t1 MATCH (p:Person) WITH t1, p ORDER BY COUNT { (p)<-[:HAS_CREATOR]-(:Post) } DESC, p.id LIMIT 10 WHERE p.id IN t1 RETURN count(p) AS n",
		)},
		// Per person with friends: the id, the number of friends and the
		// earliest and latest birthday among them.
		{"l-h23-friend-stats", "several aggregates of one neighbourhood", LDBC, written(false,
			"MATCH (p:Person)-[:KNOWS]-(f:Person) WITH p, count(*) AS n, min(f.birthday) AS lo, max(f.birthday) AS hi RETURN p.id AS id, n, lo, hi",
			"MATCH (p:Person) WHERE EXISTS { (p)-[:KNOWS]-(:Person) } RETURN p.id AS id, COUNT { (p)-[:KNOWS]-(:Person) } AS n, COLLECT { MATCH (p)-[:KNOWS]-(f:Person) RETURN min(f.birthday) AS b }[0] AS lo, COLLECT { MATCH (p)-[:KNOWS]-(f:Person) RETURN max(f.birthday) AS b }[0] AS hi",
			"MATCH (p:Person) CALL (p) { MATCH (p)-[:KNOWS]-(f:Person) RETURN count(*) AS n, min(f.birthday) AS lo, max(f.birthday) AS hi } WITH p, n, lo, hi WHERE n > 0 RETURN p.id AS id, n, lo, hi",
			"MATCH (p:Person) WITH p, [(p)-[:KNOWS]-(f:Person) | f.birthday] AS bs WHERE size(bs) > 0 RETURN p.id AS id, size(bs) AS n, reduce(x = null, b IN bs | CASE WHEN b IS NULL THEN x WHEN x IS NULL OR b < x THEN b ELSE x END) AS lo, reduce(x = null, b IN bs | CASE WHEN b IS NULL THEN x WHEN x IS NULL OR b > x THEN b ELSE x END) AS hi",
			"MATCH (p:Person) OPTIONAL MATCH (p)-[:KNOWS]-(f:Person) WITH p, count(f) AS n, min(f.birthday) AS lo, max(f.birthday) AS hi WHERE n > 0 RETURN p.id AS id, n, lo, hi",
		)},
		// The distinct messages $person's friends like: their number and
		// their lengths summed.
		{"l-h23-liked-length-sum", "sums over reached nodes counted once", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(:Person)-[:LIKES]->(m:Message) WITH DISTINCT m RETURN sum(m.length) AS total, count(m) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(:Person)-[:LIKES]->(m:Message) WITH collect(DISTINCT m) AS ms RETURN reduce(t = 0, x IN ms | t + coalesce(x.length, 0)) AS total, size(ms) AS n",
			"MATCH (m:Message) WHERE EXISTS { (:Person {id: $person})-[:KNOWS]-(:Person)-[:LIKES]->(m) } RETURN sum(m.length) AS total, count(m) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(:Person)-[:LIKES]->(m:Message) WITH collect(DISTINCT m) AS ms UNWIND ms AS m RETURN sum(m.length) AS total, count(m) AS n",
			"CALL { MATCH (:Person {id: $person})-[:KNOWS]-(:Person)-[:LIKES]->(m:Message) RETURN DISTINCT m } RETURN sum(m.length) AS total, count(m) AS n",
		)},
		// Posts of 100 to 199 characters per browser: integer division
		// (exact for lengths of either sign), a difference against a
		// list, IN range(), the lengths unwound, NOT of the upper bound.
		{"l-h23-length-arith", "range predicates written through arithmetic", LDBC, written(false,
			"MATCH (p:Post) WHERE 100 <= p.length < 200 RETURN p.browserUsed AS browser, count(*) AS n",
			"MATCH (p:Post) WHERE p.length / 100 = 1 RETURN p.browserUsed AS browser, count(*) AS n",
			"MATCH (p:Post) WHERE p.length - 100 >= 0 AND p.length - 200 < 0 RETURN p.browserUsed AS browser, count(*) AS n",
			"MATCH (p:Post) WHERE p.length IN range(100, 199) RETURN p.browserUsed AS browser, count(*) AS n",
			"UNWIND range(100, 199) AS len MATCH (p:Post {length: len}) RETURN p.browserUsed AS browser, count(*) AS n",
			"MATCH (p:Post) WHERE p.length >= 100 AND NOT p.length >= 200 RETURN p.browserUsed AS browser, count(*) AS n",
		)},

		// Stack Overflow.
		// Questions per number of answers, those with at least one.
		{"s-h23-answers-histogram", "nodes per degree", StackOverflow, written(false,
			"MATCH (q:Question)<-[:ANSWERED]-() WITH q, count(*) AS d RETURN d AS answers, count(*) AS n",
			"MATCH (q:Question) WITH q, COUNT { (q)<-[:ANSWERED]-() } AS d WHERE d > 0 RETURN d AS answers, count(*) AS n",
			"MATCH (q:Question) WITH size([(q)<-[:ANSWERED]-(a) | a]) AS d WHERE d > 0 RETURN d AS answers, count(*) AS n",
			"MATCH (q:Question) OPTIONAL MATCH (q)<-[r:ANSWERED]-() WITH q, count(r) AS d WHERE d >= 1 RETURN d AS answers, count(*) AS n",
			"MATCH (q:Question)<-[:ANSWERED]-(a) WITH q, collect(a) AS answers RETURN size(answers) AS answers, count(*) AS n",
			"MATCH (q:Question) CALL (q) { MATCH (q)<-[:ANSWERED]-() RETURN count(*) AS d } WITH d WHERE d > 0 RETURN d AS answers, count(*) AS n",
		)},
		// Users who asked a question or provided an answer, but not both.
		{"s-h23-asked-xor-answered", "one of two patterns but not both", StackOverflow, written(false,
			"MATCH (u:User) WHERE EXISTS { (u)-[:ASKED]->() } <> EXISTS { (u)-[:PROVIDED]->() } RETURN count(u) AS n",
			"MATCH (u:User) WHERE EXISTS { (u)-[:ASKED]->() } XOR EXISTS { (u)-[:PROVIDED]->() } RETURN count(u) AS n",
			"MATCH (u:User) WHERE (EXISTS { (u)-[:ASKED]->() } AND NOT EXISTS { (u)-[:PROVIDED]->() }) OR (EXISTS { (u)-[:PROVIDED]->() } AND NOT EXISTS { (u)-[:ASKED]->() }) RETURN count(u) AS n",
			"MATCH (u:User) WITH u, CASE WHEN EXISTS { (u)-[:ASKED]->() } THEN 1 ELSE 0 END + CASE WHEN EXISTS { (u)-[:PROVIDED]->() } THEN 1 ELSE 0 END AS kinds WHERE kinds = 1 RETURN count(u) AS n",
			"CALL { MATCH (u:User)-[:ASKED]->() WHERE NOT EXISTS { (u)-[:PROVIDED]->() } RETURN u UNION MATCH (u:User)-[:PROVIDED]->() WHERE NOT EXISTS { (u)-[:ASKED]->() } RETURN u } RETURN count(u) AS n",
			programForm(union("MATCH (u:User)-[:ASKED]->() RETURN u"), union("MATCH (u:User)-[:PROVIDED]->() RETURN u"), diff("MATCH (u:User)-[:ASKED]->() MATCH (u)-[:PROVIDED]->() RETURN u")),
		)},
		// Pairs of a question tagged $tag and another tagged $tag2 whose
		// view counts differ by at most 10.
		{"s-h23-views-band", "band joins on a value difference", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) MATCH (r:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE r <> q AND abs(r.view_count - q.view_count) <= 10 RETURN count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) MATCH (r:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE q.view_count - 10 <= r.view_count <= q.view_count + 10 AND r <> q RETURN count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) UNWIND range(-10, 10) AS d MATCH (r:Question {view_count: q.view_count + d})-[:TAGGED]->(:Tag {name: $tag2}) WHERE r <> q RETURN count(*) AS n",
			"MATCH (r:Question)-[:TAGGED]->(:Tag {name: $tag2}) WITH r.view_count AS v, collect(r) AS rs MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE abs(v - q.view_count) <= 10 RETURN sum(size([x IN rs WHERE x <> q])) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) MATCH (r:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE r.view_count >= q.view_count - 10 AND r.view_count <= q.view_count + 10 AND r <> q RETURN count(*) AS n",
		)},
		// How many of the ten users with the most answers (ties by id) are
		// among the ten with the most questions (ties by id).
		{"s-h23-top-both", "intersections of two top-k lists", StackOverflow, written(false,
			"CALL { MATCH (u:User) WITH u, COUNT { (u)-[:PROVIDED]->() } AS k ORDER BY k DESC, u.user_id LIMIT 10 RETURN collect(u) AS t1 } CALL { MATCH (u:User) WITH u, COUNT { (u)-[:ASKED]->() } AS k ORDER BY k DESC, u.user_id LIMIT 10 RETURN collect(u) AS t2 } RETURN size([x IN t1 WHERE x IN t2]) AS n",
			"MATCH (u:User) WHERE u IN COLLECT { MATCH (x:User) RETURN x ORDER BY COUNT { (x)-[:PROVIDED]->() } DESC, x.user_id LIMIT 10 } AND u IN COLLECT { MATCH (x:User) RETURN x ORDER BY COUNT { (x)-[:ASKED]->() } DESC, x.user_id LIMIT 10 } RETURN count(u) AS n",
			"MATCH (u:User) OPTIONAL MATCH (u)-[r:PROVIDED]->() WITH u, count(r) AS k ORDER BY k DESC, u.user_id LIMIT 10 WITH collect(u) AS t1 CALL { MATCH (u:User) OPTIONAL MATCH (u)-[r:ASKED]->() WITH u, count(r) AS k ORDER BY k DESC, u.user_id LIMIT 10 RETURN collect(u) AS t2 } UNWIND t1 AS x WITH x, t2 WHERE x IN t2 RETURN count(x) AS n",
			"MATCH (u:User) WITH u, COUNT { (u)-[:PROVIDED]->() } AS k ORDER BY k DESC, u.user_id WITH collect(u)[..10] AS t1 CALL { MATCH (u:User) WITH u, COUNT { (u)-[:ASKED]->() } AS k ORDER BY k DESC, u.user_id RETURN collect(u)[..10] AS t2 } RETURN size([x IN t1 WHERE x IN t2]) AS n",
			"CALL { MATCH (u:User) RETURN u.user_id AS id ORDER BY COUNT { (u)-[:PROVIDED]->() } DESC, id LIMIT 10 } WITH collect(id) AS t1 MATCH (u:User) WITH t1, u ORDER BY COUNT { (u)-[:ASKED]->() } DESC, u.user_id LIMIT 10 WHERE u.user_id IN t1 RETURN count(u) AS n",
		)},
		// Per question tagged $tag with answers: its id, its number of
		// answers and their lowest and highest score.
		{"s-h23-question-stats", "several aggregates of one neighbourhood", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WITH q, count(*) AS n, min(a.score) AS lo, max(a.score) AS hi RETURN q.question_id AS id, n, lo, hi",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) WHERE EXISTS { (q)<-[:ANSWERED]-(:Answer) } RETURN q.question_id AS id, COUNT { (q)<-[:ANSWERED]-(:Answer) } AS n, COLLECT { MATCH (q)<-[:ANSWERED]-(a:Answer) RETURN min(a.score) AS s }[0] AS lo, COLLECT { MATCH (q)<-[:ANSWERED]-(a:Answer) RETURN max(a.score) AS s }[0] AS hi",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) CALL (q) { MATCH (q)<-[:ANSWERED]-(a:Answer) RETURN count(*) AS n, min(a.score) AS lo, max(a.score) AS hi } WITH q, n, lo, hi WHERE n > 0 RETURN q.question_id AS id, n, lo, hi",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) WITH q, [(q)<-[:ANSWERED]-(a:Answer) | a.score] AS ss WHERE size(ss) > 0 RETURN q.question_id AS id, size(ss) AS n, reduce(x = null, s IN ss | CASE WHEN s IS NULL THEN x WHEN x IS NULL OR s < x THEN s ELSE x END) AS lo, reduce(x = null, s IN ss | CASE WHEN s IS NULL THEN x WHEN x IS NULL OR s > x THEN s ELSE x END) AS hi",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) OPTIONAL MATCH (q)<-[:ANSWERED]-(a:Answer) WITH q, count(a) AS n, min(a.score) AS lo, max(a.score) AS hi WHERE n > 0 RETURN q.question_id AS id, n, lo, hi",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(:Answer) WITH q, count(*) AS n MATCH (q)<-[:ANSWERED]-(a:Answer) WITH q, n, min(a.score) AS lo, max(a.score) AS hi RETURN q.question_id AS id, n, lo, hi",
		)},
		// The distinct tags on questions tagged $tag2 (itself included):
		// their number and their names' lengths summed.
		{"s-h23-cotag-sum", "sums over reached nodes counted once", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag2})<-[:TAGGED]-(:Question)-[:TAGGED]->(t:Tag) WITH DISTINCT t RETURN sum(size(t.name)) AS total, count(t) AS n",
			"MATCH (:Tag {name: $tag2})<-[:TAGGED]-(:Question)-[:TAGGED]->(t:Tag) WITH collect(DISTINCT t) AS ts RETURN reduce(s = 0, x IN ts | s + coalesce(size(x.name), 0)) AS total, size(ts) AS n",
			"MATCH (t:Tag) WHERE EXISTS { (:Tag {name: $tag2})<-[:TAGGED]-(:Question)-[:TAGGED]->(t) } RETURN sum(size(t.name)) AS total, count(t) AS n",
			"MATCH (:Tag {name: $tag2})<-[:TAGGED]-(:Question)-[:TAGGED]->(t:Tag) WITH collect(DISTINCT t) AS ts UNWIND ts AS t RETURN sum(size(t.name)) AS total, count(t) AS n",
			"CALL { MATCH (:Tag {name: $tag2})<-[:TAGGED]-(:Question)-[:TAGGED]->(t:Tag) RETURN DISTINCT t } RETURN sum(size(t.name)) AS total, count(t) AS n",
		)},
		// Questions tagged $tag viewed 1000 to 1999 times: integer
		// division, differences, NOT of either complement, IN range().
		{"s-h23-views-arith", "range predicates written through arithmetic", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE 1000 <= q.view_count < 2000 RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.view_count / 1000 = 1 RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.view_count - 1000 >= 0 AND q.view_count - 2000 < 0 RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE NOT (q.view_count < 1000 OR q.view_count >= 2000) RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.view_count IN range(1000, 1999) RETURN count(q) AS n",
		)},

		// WordNet.
		// The hyponyms of $entity per number of their own hyponyms, those
		// with at least one.
		{"w-h23-hyponym-histogram", "nodes per degree", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)<-[:_hypernym]-() WITH h, count(*) AS d RETURN d AS hyponyms, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, COUNT { (h)<-[:_hypernym]-() } AS d WHERE d > 0 RETURN d AS hyponyms, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH size([(h)<-[:_hypernym]-(x) | x]) AS d WHERE d > 0 RETURN d AS hyponyms, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) OPTIONAL MATCH (h)<-[r:_hypernym]-() WITH h, count(r) AS d WHERE d >= 1 RETURN d AS hyponyms, count(*) AS n",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h)<-[:_hypernym]-(x) WITH h, collect(x) AS xs RETURN size(xs) AS hyponyms, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) CALL (h) { MATCH (h)<-[:_hypernym]-() RETURN count(*) AS d } WITH d WHERE d > 0 RETURN d AS hyponyms, count(*) AS n",
		)},
		// The hyponyms of $entity that have a hyponym or a derivationally
		// related form (either way), but not both.
		{"w-h23-xor-links", "one of two patterns but not both", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE EXISTS { (h)<-[:_hypernym]-() } <> EXISTS { (h)-[:_derivationally_related_form]-() } RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE EXISTS { (h)<-[:_hypernym]-() } XOR EXISTS { (h)-[:_derivationally_related_form]-() } RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE (EXISTS { (h)<-[:_hypernym]-() } AND NOT EXISTS { (h)-[:_derivationally_related_form]-() }) OR (EXISTS { (h)-[:_derivationally_related_form]-() } AND NOT EXISTS { (h)<-[:_hypernym]-() }) RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, CASE WHEN EXISTS { (h)<-[:_hypernym]-() } THEN 1 ELSE 0 END + CASE WHEN EXISTS { (h)-[:_derivationally_related_form]-() } THEN 1 ELSE 0 END AS c WHERE c = 1 RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE (COUNT { (h)<-[:_hypernym]-() } > 0) <> (COUNT { (h)-[:_derivationally_related_form]-() } > 0) RETURN count(h) AS n",
			programForm(union("MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)<-[:_hypernym]-() RETURN h"), union("MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)-[:_derivationally_related_form]-() RETURN h"), diff("MATCH (h)<-[:_hypernym]-() MATCH (h)-[:_derivationally_related_form]-() RETURN h")),
		)},
		// Ordered pairs of distinct hyponyms of $entity whose names differ
		// in length by at most 1: the grouped form counts pairs of lengths
		// and takes away each node paired with itself.
		{"w-h23-name-band", "band joins on a value difference", WordNet, written(false,
			"MATCH (a)-[:_hypernym]->(:Entity {id: $entity}) MATCH (b)-[:_hypernym]->(:Entity {id: $entity}) WHERE a <> b AND abs(size(a.name) - size(b.name)) <= 1 RETURN count(*) AS n",
			"MATCH (a)-[:_hypernym]->(e:Entity {id: $entity}) MATCH (b)-[:_hypernym]->(e) WHERE size(a.name) - 1 <= size(b.name) <= size(a.name) + 1 AND a <> b RETURN count(*) AS n",
			"MATCH (a)-[:_hypernym]->(e:Entity {id: $entity}) UNWIND [-1, 0, 1] AS d MATCH (b)-[:_hypernym]->(e) WHERE size(b.name) = size(a.name) + d AND b <> a RETURN count(*) AS n",
			"MATCH (e:Entity {id: $entity}) WITH [(x)-[:_hypernym]->(e) | x] AS hs UNWIND hs AS a UNWIND hs AS b WITH a, b WHERE a <> b AND abs(size(a.name) - size(b.name)) <= 1 RETURN count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH size(h.name) AS len, count(*) AS c WITH collect({len: len, c: c}) AS g UNWIND g AS x UNWIND g AS y WITH x, y WHERE abs(x.len - y.len) <= 1 RETURN sum(x.c * y.c) - sum(CASE WHEN x.len = y.len THEN x.c ELSE 0 END) AS n",
		)},
		// How many of the ten hyponyms of $entity with the most hyponyms
		// (ties by id) are among the ten with the most derivationally
		// related forms (ties by id).
		{"w-h23-top-both", "intersections of two top-k lists", WordNet, written(false,
			"CALL { MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, COUNT { (h)<-[:_hypernym]-() } AS k ORDER BY k DESC, h.id LIMIT 10 RETURN collect(h) AS t1 } CALL { MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, COUNT { (h)-[:_derivationally_related_form]-() } AS k ORDER BY k DESC, h.id LIMIT 10 RETURN collect(h) AS t2 } RETURN size([x IN t1 WHERE x IN t2]) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE h IN COLLECT { MATCH (x)-[:_hypernym]->(:Entity {id: $entity}) RETURN x ORDER BY COUNT { (x)<-[:_hypernym]-() } DESC, x.id LIMIT 10 } AND h IN COLLECT { MATCH (x)-[:_hypernym]->(:Entity {id: $entity}) RETURN x ORDER BY COUNT { (x)-[:_derivationally_related_form]-() } DESC, x.id LIMIT 10 } RETURN count(h) AS n",
			"CALL { MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN h.id AS id ORDER BY COUNT { (h)<-[:_hypernym]-() } DESC, id LIMIT 10 } WITH collect(id) AS t1 MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH t1, h ORDER BY COUNT { (h)-[:_derivationally_related_form]-() } DESC, h.id LIMIT 10 WHERE h.id IN t1 RETURN count(h) AS n",
			"CALL { MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, COUNT { (h)<-[:_hypernym]-() } AS k ORDER BY k DESC, h.id LIMIT 10 RETURN collect(h) AS t1 } CALL { MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, COUNT { (h)-[:_derivationally_related_form]-() } AS k ORDER BY k DESC, h.id LIMIT 10 RETURN collect(h) AS t2 } UNWIND t1 AS x WITH x, t2 WHERE x IN t2 RETURN count(x) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, COUNT { (h)<-[:_hypernym]-() } AS k ORDER BY k DESC, h.id WITH collect(h)[..10] AS t1 CALL { MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, COUNT { (h)-[:_derivationally_related_form]-() } AS k ORDER BY k DESC, h.id RETURN collect(h)[..10] AS t2 } RETURN size([x IN t1 WHERE x IN t2]) AS n",
		)},
		// Per hyponym of $entity with hyponyms: its id, their number and
		// the first and last of their names.
		{"w-h23-hyponym-stats", "several aggregates of one neighbourhood", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) MATCH (h)<-[:_hypernym]-(x) WITH h, count(*) AS n, min(x.name) AS first, max(x.name) AS last RETURN h.id AS id, n, first, last",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE EXISTS { (h)<-[:_hypernym]-() } RETURN h.id AS id, COUNT { (h)<-[:_hypernym]-() } AS n, COLLECT { MATCH (h)<-[:_hypernym]-(x) RETURN min(x.name) AS m }[0] AS first, COLLECT { MATCH (h)<-[:_hypernym]-(x) RETURN max(x.name) AS m }[0] AS last",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) CALL (h) { MATCH (h)<-[:_hypernym]-(x) RETURN count(*) AS n, min(x.name) AS first, max(x.name) AS last } WITH h, n, first, last WHERE n > 0 RETURN h.id AS id, n, first, last",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, [(h)<-[:_hypernym]-(x) | x.name] AS ns WHERE size(ns) > 0 RETURN h.id AS id, size(ns) AS n, reduce(m = null, s IN ns | CASE WHEN s IS NULL THEN m WHEN m IS NULL OR s < m THEN s ELSE m END) AS first, reduce(m = null, s IN ns | CASE WHEN s IS NULL THEN m WHEN m IS NULL OR s > m THEN s ELSE m END) AS last",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) OPTIONAL MATCH (h)<-[:_hypernym]-(x) WITH h, count(x) AS n, min(x.name) AS first, max(x.name) AS last WHERE n > 0 RETURN h.id AS id, n, first, last",
		)},
		// The distinct synsets two hyponym links below $entity: their
		// number and their names' lengths summed.
		{"w-h23-two-below-sum", "sums over reached nodes counted once", WordNet, written(false,
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-()<-[:_hypernym]-(x) WITH DISTINCT x RETURN sum(size(x.name)) AS total, count(x) AS n",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-()<-[:_hypernym]-(x) WITH collect(DISTINCT x) AS xs RETURN reduce(t = 0, y IN xs | t + coalesce(size(y.name), 0)) AS total, size(xs) AS n",
			"MATCH (x:Entity) WHERE EXISTS { (:Entity {id: $entity})<-[:_hypernym]-()<-[:_hypernym]-(x) } RETURN sum(size(x.name)) AS total, count(x) AS n",
			"MATCH (:Entity {id: $entity})<-[:_hypernym*2]-(x) WITH collect(DISTINCT x) AS xs UNWIND xs AS x RETURN sum(size(x.name)) AS total, count(x) AS n",
			"CALL { MATCH (:Entity {id: $entity})<-[:_hypernym]-()<-[:_hypernym]-(x) RETURN DISTINCT x } RETURN sum(size(x.name)) AS total, count(x) AS n",
			"MATCH (:Entity {id: $entity}) (()<-[:_hypernym]-()){2} (x) WITH DISTINCT x RETURN sum(size(x.name)) AS total, count(x) AS n",
		)},
		// Hyponyms of $entity whose name has 5 to 7 characters: the
		// offset against a list, a chained range, IN range(), integer
		// division with a lower bound, the lengths unwound.
		{"w-h23-name-arith", "range predicates written through arithmetic", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE 5 <= size(h.name) <= 7 RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE size(h.name) - 5 IN [0, 1, 2] RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE size(h.name) IN range(5, 7) RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE (size(h.name) - 5) / 3 = 0 AND size(h.name) >= 5 RETURN count(h) AS n",
			"UNWIND range(5, 7) AS len MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE size(h.name) = len RETURN count(h) AS n",
		)},
	}
}
