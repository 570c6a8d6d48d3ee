package metamorphic

// heldout19Questions are the nineteenth held-out round's kinds, the
// questions an agent asks of a knowledge graph: multi-hop walks written
// with and without naming the intermediate nodes and relationships (one
// pattern, a path variable, several MATCH clauses, a variable-length and
// a quantified relationship, the pattern reversed); aggregations over
// two-hop neighbourhoods (distinct ends counted and summed, the types of
// the two hops, co-occurring tags, siblings under a common parent); the
// top k with ties (the k-th value of an ordered collect as a cut, the
// minimum of the top k by ORDER BY LIMIT, fewer than k greater values
// counted); the argmax of each group with ties; OPTIONAL MATCH with
// aggregation (zero counts and null means kept) against COUNT { },
// COLLECT { } of an aggregate, CALL (x) { } and list comprehensions;
// paths between two named entities (walks of each length, the shortest
// length and the number of shortest paths, what connects two entities by
// relationship type); common neighbours of two named entities (one
// pattern, EXISTS, a product of two patterns, programs of intersection);
// neighbours counted by type and direction (UNION ALL per direction, CALL
// (x) { UNION }, a pattern comprehension per direction, dynamic types).
func heldout19Questions() []Question {
	return []Question{
		// Generic graphs.
		// Two-hop R walks from A nodes, per end key: anonymous middle,
		// named middle and relationships, a path variable of *2, the
		// quantified {2}, two MATCH clauses with the relationships told
		// apart (one pattern never binds one relationship twice; two
		// clauses do: a self-loop a->a walked twice), counts summed per
		// end node.
		{"g-h19-named-intermediates", "multi-hop with and without named intermediates", Generic, written(false,
			"MATCH (a:A)-[:R]->()-[:R]->(c) RETURN c.k AS k, count(*) AS n",
			"MATCH (a:A)-[r1:R]->(m)-[r2:R]->(c) RETURN c.k AS k, count(*) AS n",
			"MATCH p = (a:A)-[:R*2]->(c) RETURN c.k AS k, count(p) AS n",
			"MATCH (a:A)-[:R]->{2}(c) RETURN c.k AS k, count(*) AS n",
			"MATCH (a:A)-[r1:R]->(m) MATCH (m)-[r2:R]->(c) WHERE r1 <> r2 RETURN c.k AS k, count(*) AS n",
			"MATCH (a:A)-[:R]->(m)-[:R]->(c) WITH c, count(*) AS w RETURN c.k AS k, sum(w) AS n",
		)},
		// Per A node with a two-hop R walk, the distinct ends and the sum
		// of their keys (sum() skips nulls and is 0 over none): collect
		// DISTINCT then reduce, WITH DISTINCT, COUNT { } and COLLECT { }
		// of the distinct ends, CALL (a) { } with the empty rows
		// filtered, the quantified {2}.
		{"g-h19-two-hop-sums", "aggregations over two-hop neighbourhoods", Generic, written(false,
			"MATCH (a:A)-[:R]->()-[:R]->(c) WITH a, collect(DISTINCT c) AS cs RETURN a.id AS id, size(cs) AS n, reduce(t = 0, x IN cs | t + coalesce(x.k, 0)) AS t",
			"MATCH (a:A)-[:R]->()-[:R]->(c) WITH DISTINCT a, c WITH a, count(c) AS n, sum(c.k) AS t RETURN a.id AS id, n, t",
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->()-[:R]->() } WITH a, COLLECT { MATCH (a)-[:R]->()-[:R]->(c) RETURN DISTINCT c } AS cs RETURN a.id AS id, COUNT { MATCH (a)-[:R]->()-[:R]->(c) RETURN DISTINCT c } AS n, reduce(t = 0, x IN cs | t + coalesce(x.k, 0)) AS t",
			"MATCH (a:A) CALL (a) { MATCH (a)-[:R]->()-[:R]->(c) WITH DISTINCT c RETURN count(c) AS n, sum(c.k) AS t } WITH a, n, t WHERE n > 0 RETURN a.id AS id, n, t",
			"MATCH (a:A)-[:R]->{2}(c) WITH DISTINCT a, c WITH a, count(*) AS n, sum(c.k) AS t RETURN a.id AS id, n, t",
		)},
		// A nodes whose R out-degree is among the top three with ties:
		// the third value of the ordered degrees as the cut (the last
		// when there are fewer), the minimum of the top three by ORDER BY
		// LIMIT, fewer than three degrees greater in the collected list,
		// fewer than three A nodes of greater degree by COUNT { }.
		{"g-h19-top-ties", "top k with ties", Generic, written(false,
			"MATCH (a:A)-[:R]->() WITH a, count(*) AS d ORDER BY d DESC WITH collect({a: a, d: d}) AS rows WITH rows, rows[..3][-1].d AS cut UNWIND rows AS r WITH r, cut WHERE r.d >= cut RETURN r.a.id AS id, r.d AS d",
			"MATCH (a:A)-[:R]->() WITH a, count(*) AS d WITH d ORDER BY d DESC LIMIT 3 WITH min(d) AS cut MATCH (a:A) WITH a, cut, COUNT { (a)-[:R]->() } AS d WHERE d >= cut RETURN a.id AS id, d",
			"MATCH (a:A)-[:R]->() WITH a, count(*) AS d WITH collect(d) AS ds MATCH (a:A) WITH a, ds, COUNT { (a)-[:R]->() } AS d WHERE d > 0 AND size([x IN ds WHERE x > d]) < 3 RETURN a.id AS id, d",
			"MATCH (a:A) WITH a, COUNT { (a)-[:R]->() } AS d WHERE d > 0 AND COUNT { MATCH (b:A) WHERE COUNT { (b)-[:R]->() } > d } < 3 RETURN a.id AS id, d",
		)},
		// The three smallest distinct keys of A nodes and how many nodes
		// hold each: DISTINCT then ORDER BY LIMIT and matched back, the
		// grouped count ordered and limited, fewer than three smaller
		// distinct keys by COUNT { } and in a collected list (a null key
		// has no smaller key, so it is excluded by name).
		{"g-h19-smallest-keys-ties", "top k with ties", Generic, written(false,
			"MATCH (n:A) WHERE n.k IS NOT NULL WITH DISTINCT n.k AS k ORDER BY k LIMIT 3 MATCH (m:A {k: k}) RETURN k, count(*) AS c",
			"MATCH (n:A) WHERE n.k IS NOT NULL RETURN n.k AS k, count(*) AS c ORDER BY k LIMIT 3",
			"MATCH (n:A) WHERE n.k IS NOT NULL AND COUNT { MATCH (m:A) WHERE m.k < n.k RETURN DISTINCT m.k } < 3 RETURN n.k AS k, count(*) AS c",
			"MATCH (n:A) WHERE n.k IS NOT NULL WITH collect(DISTINCT n.k) AS ks MATCH (m:A) WHERE m.k IS NOT NULL AND size([x IN ks WHERE x < m.k]) < 3 RETURN m.k AS k, count(*) AS c",
		)},
		// Per string, the A nodes of the greatest key (all ties; nodes
		// without a key or a string left out): the maximum matched back,
		// NOT EXISTS of a greater key, reduce() of the maximum over the
		// collected group, the head of the group ordered by key, the
		// maximum from COLLECT { }.
		{"g-h19-argmax-ties", "the argmax of each group with ties", Generic, written(false,
			"MATCH (n:A) WHERE n.k IS NOT NULL AND n.s IS NOT NULL WITH n.s AS s, max(n.k) AS top MATCH (m:A) WHERE m.s = s AND m.k = top RETURN s, m.id AS id",
			"MATCH (n:A) WHERE n.k IS NOT NULL AND n.s IS NOT NULL AND NOT EXISTS { MATCH (m:A) WHERE m.s = n.s AND m.k > n.k } RETURN n.s AS s, n.id AS id",
			"MATCH (n:A) WHERE n.k IS NOT NULL AND n.s IS NOT NULL WITH n.s AS s, collect(n) AS ns WITH s, ns, reduce(t = null, x IN ns | CASE WHEN t IS NULL OR x.k > t THEN x.k ELSE t END) AS top UNWIND ns AS m WITH s, m, top WHERE m.k = top RETURN s, m.id AS id",
			"MATCH (n:A) WHERE n.k IS NOT NULL AND n.s IS NOT NULL WITH n ORDER BY n.k DESC WITH n.s AS s, collect(n) AS ns UNWIND ns AS m WITH s, m, ns[0].k AS top WHERE m.k = top RETURN s, m.id AS id",
			"MATCH (n:A) WHERE n.k IS NOT NULL AND n.s IS NOT NULL AND n.k = COLLECT { MATCH (m:A) WHERE m.s = n.s RETURN max(m.k) AS t }[0] RETURN n.s AS s, n.id AS id",
		)},
		// Per A node, its R links into nodes of key above two and their
		// mean weight (0 and null when none): OPTIONAL MATCH with WHERE,
		// COUNT { } and COLLECT { } of avg() indexed, CALL (a) { OPTIONAL
		// MATCH }, OPTIONAL MATCH of all links with the condition moved
		// into a CASE (a failed condition is a null, skipped by count()
		// and avg()).
		{"g-h19-optional-aggregate", "OPTIONAL MATCH with aggregation", Generic, written(false,
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:R]->(b) WHERE b.k > 2 WITH a, count(b) AS n, avg(r.w) AS w RETURN a.id AS id, n, w",
			"MATCH (a:A) RETURN a.id AS id, COUNT { (a)-[:R]->(b) WHERE b.k > 2 } AS n, COLLECT { MATCH (a)-[r:R]->(b) WHERE b.k > 2 RETURN avg(r.w) AS w }[0] AS w",
			"MATCH (a:A) CALL (a) { OPTIONAL MATCH (a)-[r:R]->(b) WHERE b.k > 2 RETURN count(b) AS n, avg(r.w) AS w } RETURN a.id AS id, n, w",
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:R]->(b) WITH a, CASE WHEN b.k > 2 THEN r END AS r2 WITH a, count(r2) AS n, avg(r2.w) AS w RETURN a.id AS id, n, w",
		)},
		// Per A node, the distinct nodes reached by an R then an S link
		// (zero kept): OPTIONAL MATCH counted DISTINCT, COUNT { RETURN
		// DISTINCT }, an OPTIONAL MATCH chain, size(COLLECT { }), CALL
		// (a) { } aggregating, a pattern comprehension unwound with a
		// null added so that no node loses its row.
		{"g-h19-optional-two-hop", "OPTIONAL MATCH with aggregation", Generic, written(false,
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->()-[:S]->(c) WITH a, count(DISTINCT c) AS n RETURN a.id AS id, n",
			"MATCH (a:A) RETURN a.id AS id, COUNT { MATCH (a)-[:R]->()-[:S]->(c) RETURN DISTINCT c } AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(m) OPTIONAL MATCH (m)-[:S]->(c) WITH a, count(DISTINCT c) AS n RETURN a.id AS id, n",
			"MATCH (a:A) RETURN a.id AS id, size(COLLECT { MATCH (a)-[:R]->(m)-[:S]->(c) RETURN DISTINCT c }) AS n",
			"MATCH (a:A) CALL (a) { MATCH (a)-[:R]->()-[:S]->(c) RETURN count(DISTINCT c) AS n } RETURN a.id AS id, n",
			"MATCH (a:A) WITH a, [(a)-[:R]->()-[:S]->(c) | c] AS cs UNWIND cs + [null] AS c WITH a, count(DISTINCT c) AS n RETURN a.id AS id, n",
		)},
		// Per A node, the smallest key among its R neighbours, -1 when
		// none has one (keys are 0 to 4): coalesce() of min() after
		// OPTIONAL MATCH, the head of an ordered COLLECT { } coalesced,
		// CALL (a) { } with a CASE, reduce() from the sentinel.
		{"g-h19-optional-default", "OPTIONAL MATCH with aggregation", Generic, written(false,
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WITH a, coalesce(min(b.k), -1) AS lo RETURN a.id AS id, lo",
			"MATCH (a:A) RETURN a.id AS id, coalesce(COLLECT { MATCH (a)-[:R]->(b) WHERE b.k IS NOT NULL RETURN b.k AS k ORDER BY k LIMIT 1 }[0], -1) AS lo",
			"MATCH (a:A) CALL (a) { OPTIONAL MATCH (a)-[:R]->(b) RETURN min(b.k) AS lo } RETURN a.id AS id, CASE WHEN lo IS NULL THEN -1 ELSE lo END AS lo",
			"MATCH (a:A) RETURN a.id AS id, reduce(m = -1, x IN [(a)-[:R]->(b) WHERE b.k IS NOT NULL | b.k] | CASE WHEN m = -1 OR x < m THEN x ELSE m END) AS lo",
		)},
		// R or S walks of one to three links from the $a nodes to the $b
		// nodes, per length: the variable-length pattern, the quantified
		// one between bound ends, a UNION ALL of the three lengths written
		// out, the relationship list's size.
		{"g-h19-paths-between", "paths between two named entities", Generic, written(false,
			"MATCH p = (x {id: $a})-[:R|S*1..3]->(y {id: $b}) RETURN length(p) AS len, count(*) AS n",
			"MATCH (x {id: $a}), (y {id: $b}) MATCH p = (x)-[:R|S]->{1,3}(y) RETURN length(p) AS len, count(*) AS n",
			"CALL { MATCH (x {id: $a})-[:R|S]->(y {id: $b}) RETURN 1 AS len UNION ALL MATCH (x {id: $a})-[:R|S]->()-[:R|S]->(y {id: $b}) RETURN 2 AS len UNION ALL MATCH (x {id: $a})-[:R|S]->()-[:R|S]->()-[:R|S]->(y {id: $b}) RETURN 3 AS len } RETURN len, count(*) AS n",
			"MATCH (x {id: $a})-[rs:R|S*1..3]->(y {id: $b}) RETURN size(rs) AS len, count(*) AS n",
		)},
		// Nodes both a $a node and another $b node link to by R, per
		// whether they are B (two different start nodes never share a
		// relationship): one pattern, EXISTS of the other link, the
		// product of the two ends then two patterns, the pattern
		// reversed.
		{"g-h19-common-neighbours", "common neighbours of two named entities", Generic, written(false,
			"MATCH (x {id: $a})-[:R]->(c)<-[:R]-(y {id: $b}) WHERE x <> y RETURN c:B AS b, count(DISTINCT c) AS n",
			"MATCH (x {id: $a})-[:R]->(c) WHERE EXISTS { MATCH (y {id: $b})-[:R]->(c) WHERE y <> x } WITH DISTINCT c RETURN c:B AS b, count(*) AS n",
			"MATCH (x {id: $a}), (y {id: $b}) WHERE x <> y MATCH (x)-[:R]->(c), (y)-[:R]->(c) RETURN c:B AS b, count(DISTINCT c) AS n",
			"MATCH (y {id: $b})-[:R]->(c)<-[:R]-(x {id: $a}) WHERE y <> x RETURN c:B AS b, count(DISTINCT c) AS n",
		)},
		// The $a nodes' relationships per type and direction: a UNION
		// ALL of the two directions, CALL (x) { UNION ALL }, a pattern
		// comprehension per direction unwound, per-direction counts
		// grouped in each branch, COUNT { } per listed type and
		// direction (the generic graphs have the types R, S and T).
		{"g-h19-types-by-direction", "neighbours counted by type and direction", Generic, written(false,
			"CALL { MATCH ({id: $a})-[r]->() RETURN type(r) AS t, true AS out UNION ALL MATCH ({id: $a})<-[r]-() RETURN type(r) AS t, false AS out } RETURN t, out, count(*) AS n",
			"MATCH (x {id: $a}) CALL (x) { MATCH (x)-[r]->() RETURN type(r) AS t, true AS out UNION ALL MATCH (x)<-[r]-() RETURN type(r) AS t, false AS out } RETURN t, out, count(*) AS n",
			"MATCH (x {id: $a}) UNWIND [true, false] AS out UNWIND CASE WHEN out THEN [(x)-[r]->() | type(r)] ELSE [(x)<-[r]-() | type(r)] END AS t RETURN t, out, count(*) AS n",
			"MATCH ({id: $a})-[r]->() WITH type(r) AS t, count(*) AS n RETURN t, true AS out, n UNION ALL MATCH ({id: $a})<-[r]-() WITH type(r) AS t, count(*) AS n RETURN t, false AS out, n",
			"MATCH (x {id: $a}) UNWIND ['R', 'S', 'T'] AS t UNWIND [true, false] AS out WITH t, out, sum(CASE WHEN out THEN COUNT { MATCH (x)-[r]->() WHERE type(r) = t } ELSE COUNT { MATCH (x)<-[r]-() WHERE type(r) = t } END) AS n WHERE n > 0 RETURN t, out, n",
		)},
		// From the $a nodes, the distinct ends of two-link walks per pair
		// of types: named relationships, the path's relationships
		// indexed, the variable-length list indexed, two MATCH clauses
		// with the relationships told apart, WITH DISTINCT, the
		// quantified group list indexed.
		{"g-h19-two-hop-types", "aggregations over two-hop neighbourhoods", Generic, written(false,
			"MATCH ({id: $a})-[r1]->()-[r2]->(c) RETURN type(r1) AS t1, type(r2) AS t2, count(DISTINCT c) AS n",
			"MATCH p = ({id: $a})-[*2]->(c) RETURN type(relationships(p)[0]) AS t1, type(relationships(p)[1]) AS t2, count(DISTINCT c) AS n",
			"MATCH ({id: $a})-[rs*2]->(c) RETURN type(rs[0]) AS t1, type(rs[1]) AS t2, count(DISTINCT c) AS n",
			"MATCH (x {id: $a})-[r1]->(m) MATCH (m)-[r2]->(c) WHERE r2 <> r1 RETURN type(r1) AS t1, type(r2) AS t2, count(DISTINCT c) AS n",
			"MATCH ({id: $a})-[r1]->(m)-[r2]->(c) WITH DISTINCT type(r1) AS t1, type(r2) AS t2, c RETURN t1, t2, count(*) AS n",
			"MATCH ({id: $a}) (()-[r]->()){2} (c) RETURN type(r[0]) AS t1, type(r[1]) AS t2, count(DISTINCT c) AS n",
		)},

		// Three-link walks A -R-> x <-S- y -T-> z, per label set of the
		// end (three different types: no two links of a walk can be one
		// relationship, across clauses too): one pattern, reversed, every
		// element named, one MATCH clause per link, the middle links'
		// pairs counted per y by COUNT { }.
		{"g-h19-three-hop-directions", "multi-hop with and without named intermediates", Generic, written(false,
			"MATCH (:A)-[:R]->()<-[:S]-()-[:T]->(z) RETURN labels(z) AS l, count(*) AS n",
			"MATCH (z)<-[:T]-()-[:S]->()<-[:R]-(:A) RETURN labels(z) AS l, count(*) AS n",
			"MATCH (a:A)-[r:R]->(x)<-[s:S]-(y)-[t:T]->(z) RETURN labels(z) AS l, count(*) AS n",
			"MATCH (a:A)-[:R]->(x) MATCH (x)<-[:S]-(y) MATCH (y)-[:T]->(z) RETURN labels(z) AS l, count(*) AS n",
			"MATCH (y)-[:T]->(z) WITH y, z, COUNT { (:A)-[:R]->()<-[:S]-(y) } AS w WHERE w > 0 RETURN labels(z) AS l, sum(w) AS n",
		)},
		// Distinct R neighbours of A nodes per label (a node of two
		// labels counts in both): labels unwound, a UNION of the
		// labelled patterns, each label tested over all nodes with
		// EXISTS, the distinct ends unwound by label.
		{"g-h19-neighbours-per-label", "neighbours counted by type and direction", Generic, written(false,
			"MATCH (:A)-[:R]->(b) UNWIND labels(b) AS l RETURN l, count(DISTINCT b) AS n",
			"CALL { MATCH (:A)-[:R]->(b:A) RETURN 'A' AS l, b UNION MATCH (:A)-[:R]->(b:B) RETURN 'B' AS l, b UNION MATCH (:A)-[:R]->(b:C) RETURN 'C' AS l, b } RETURN l, count(*) AS n",
			"UNWIND ['A', 'B', 'C'] AS l MATCH (b) WHERE l IN labels(b) AND EXISTS { (:A)-[:R]->(b) } RETURN l, count(b) AS n",
			"MATCH (b) WHERE EXISTS { (:A)-[:R]->(b) } UNWIND labels(b) AS l RETURN l, count(*) AS n",
			"MATCH (:A)-[:R]->(b) WITH DISTINCT b UNWIND labels(b) AS l RETURN l, count(*) AS n",
		)},
		// Distinct nodes at the end of an R then S walk from an A node:
		// count(DISTINCT), EXISTS over all nodes, the middles found first
		// by EXISTS, a program.
		{"g-h19-two-hop-reach", "aggregations over two-hop neighbourhoods", Generic, written(false,
			"MATCH (:A)-[:R]->()-[:S]->(c) RETURN count(DISTINCT c) AS n",
			"MATCH (c) WHERE EXISTS { (:A)-[:R]->()-[:S]->(c) } RETURN count(c) AS n",
			"MATCH (m) WHERE EXISTS { (:A)-[:R]->(m) } MATCH (m)-[:S]->(c) RETURN count(DISTINCT c) AS n",
			"MATCH (:A)-[:R]->(m) WITH DISTINCT m MATCH (m)-[:S]->(c) WITH DISTINCT c RETURN count(*) AS n",
			programForm(union("MATCH (:A)-[:R]->()-[:S]->(c) RETURN c")),
		)},

		// Users graphs.
		// Two-link walks from the hub to the other user (two different
		// users: the two links are different relationships, within one
		// pattern or across two clauses): anonymous middle, the path of
		// *2, links counted per middle node, two MATCH clauses, the
		// quantified {2}.
		{"u-h19-paths-between", "paths between two named entities", Users, written(false,
			"MATCH (:User {id: $hub})-->(m)-->(:User {id: $other}) RETURN count(*) AS n",
			"MATCH p = (:User {id: $hub})-[*2]->(:User {id: $other}) RETURN count(p) AS n",
			"MATCH (h:User {id: $hub}), (o:User {id: $other}) MATCH (h)-->(m) RETURN sum(COUNT { (m)-->(o) }) AS n",
			"MATCH (h:User {id: $hub})-->(m) MATCH (m)-->(o:User {id: $other}) RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-[:LINKS]->{2}(:User {id: $other}) RETURN count(*) AS n",
		)},
		// The hub's out-neighbours whose out-degree is among the top five
		// with ties: the fifth value of the ordered degrees as the cut,
		// the minimum of the top five by ORDER BY LIMIT matched back,
		// fewer than five greater degrees in the collected list.
		{"u-h19-top-ties", "top k with ties", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH v, COUNT { (v)-->() } AS d ORDER BY d DESC WITH collect({id: v.id, d: d}) AS rows WITH rows, rows[..5][-1].d AS cut UNWIND rows AS r WITH r, cut WHERE r.d >= cut RETURN r.id AS id, r.d AS d",
			"MATCH (:User {id: $hub})-->(v) WITH v, COUNT { (v)-->() } AS d WITH d ORDER BY d DESC LIMIT 5 WITH min(d) AS cut MATCH (:User {id: $hub})-->(v) WITH v, cut, COUNT { (v)-->() } AS d WHERE d >= cut RETURN v.id AS id, d",
			"MATCH (:User {id: $hub})-->(v) WITH v, COUNT { (v)-->() } AS d WITH collect(d) AS ds MATCH (:User {id: $hub})-->(v) WITH v, ds, COUNT { (v)-->() } AS d WHERE size([x IN ds WHERE x > d]) < 5 RETURN v.id AS id, d",
			"MATCH (:User {id: $hub})-->(v) WITH collect(v) AS vs UNWIND vs AS v WITH vs, v, size([(v)-->(w) | w]) AS d WHERE size([x IN vs WHERE size([(x)-->(y) | y]) > d]) < 5 RETURN v.id AS id, d",
		)},
		// The hub's distinct out-neighbours, their links to the other
		// user and how many of them have one: OPTIONAL MATCH counted per
		// neighbour, COUNT { } and EXISTS per distinct neighbour, a
		// collected list read by comprehensions, CALL (h) { } with
		// sign() of the per-neighbour count.
		{"u-h19-optional-links", "OPTIONAL MATCH with aggregation", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) OPTIONAL MATCH (v)-[l]->(:User {id: $other}) WITH v, count(l) AS c RETURN count(*) AS n, sum(c) AS links, count(CASE WHEN c > 0 THEN 1 END) AS linking",
			"MATCH (:User {id: $hub})-->(v) WITH DISTINCT v RETURN count(*) AS n, sum(COUNT { (v)-->(:User {id: $other}) }) AS links, count(CASE WHEN EXISTS { (v)-->(:User {id: $other}) } THEN 1 END) AS linking",
			"MATCH (:User {id: $hub})-->(v) WITH collect(DISTINCT v) AS vs RETURN size(vs) AS n, reduce(t = 0, v IN vs | t + size([(v)-[l]->(:User {id: $other}) | l])) AS links, size([v IN vs WHERE (v)-->(:User {id: $other})]) AS linking",
			"MATCH (h:User {id: $hub}) CALL (h) { MATCH (h)-->(v) WITH DISTINCT v OPTIONAL MATCH (v)-[l]->(:User {id: $other}) RETURN v, count(l) AS c } RETURN count(*) AS n, sum(c) AS links, sum(sign(c)) AS linking",
		)},

		// The hub's out- and in-links: COUNT { } of each, OPTIONAL MATCH
		// with an aggregating WITH between, CALL (h) { UNION ALL } of the
		// directions counted by CASE, pattern comprehensions sized.
		{"u-h19-in-out-counts", "neighbours counted by type and direction", Users, written(false,
			"MATCH (h:User {id: $hub}) RETURN COUNT { (h)-->() } AS outs, COUNT { (h)<--() } AS ins",
			"MATCH (h:User {id: $hub}) OPTIONAL MATCH (h)-[o]->() WITH h, count(o) AS outs OPTIONAL MATCH (h)<-[i]-() RETURN outs, count(i) AS ins",
			"MATCH (h:User {id: $hub}) CALL (h) { MATCH (h)-->() RETURN 'out' AS d UNION ALL MATCH (h)<--() RETURN 'in' AS d UNION ALL RETURN null AS d } RETURN count(CASE d WHEN 'out' THEN 1 END) AS outs, count(CASE d WHEN 'in' THEN 1 END) AS ins",
			"MATCH (h:User {id: $hub}) RETURN size([(h)-->(x) | x]) AS outs, size([(h)<--(x) | x]) AS ins",
		)},

		// Movies.
		// $who's co-actors by shared movies, the top three with ties:
		// the third value of the ordered counts as the cut, the minimum
		// of the top three matched back, fewer than three co-actors with
		// more shared movies counted in the collected pairs and by COUNT
		// { } over a grouping subquery.
		{"m-h19-coactor-top-ties", "top k with ties", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m)<-[:ACTED_IN]-(c:Person) WITH c, count(*) AS shared ORDER BY shared DESC WITH collect({name: c.name, shared: shared}) AS rows WITH rows, rows[..3][-1].shared AS cut UNWIND rows AS r WITH r, cut WHERE r.shared >= cut RETURN r.name AS name, r.shared AS shared",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m)<-[:ACTED_IN]-(c:Person) WITH c, count(*) AS shared WITH shared ORDER BY shared DESC LIMIT 3 WITH min(shared) AS cut MATCH (:Person {name: $who})-[:ACTED_IN]->(m)<-[:ACTED_IN]-(c:Person) WITH c, cut, count(*) AS shared WHERE shared >= cut RETURN c.name AS name, shared",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->()<-[:ACTED_IN]-(c:Person) WITH c, count(*) AS shared WITH collect([c, shared]) AS rows UNWIND rows AS r WITH r, rows WHERE size([x IN rows WHERE x[1] > r[1]]) < 3 RETURN r[0].name AS name, r[1] AS shared",
			"MATCH (w:Person {name: $who})-[:ACTED_IN]->()<-[:ACTED_IN]-(c:Person) WITH w, c, count(*) AS shared WHERE COUNT { MATCH (w)-[:ACTED_IN]->()<-[:ACTED_IN]-(d:Person) WITH d, count(*) AS s WHERE s > shared RETURN d } < 3 RETURN c.name AS name, shared",
		)},
		// Directors of the movies $who acted in, with how many: anonymous
		// middle, every element named, two MATCH clauses, a path
		// variable counted, the pattern written from the director, the
		// director's movies filtered by EXISTS (no person acted in a
		// movie twice).
		{"m-h19-named-intermediates", "multi-hop with and without named intermediates", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(:Movie)<-[:DIRECTED]-(d:Person) RETURN d.name AS name, count(*) AS n",
			"MATCH (p:Person {name: $who})-[a:ACTED_IN]->(m:Movie)<-[r:DIRECTED]-(d:Person) RETURN d.name AS name, count(m) AS n",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie) MATCH (m)<-[:DIRECTED]-(d:Person) RETURN d.name AS name, count(*) AS n",
			"MATCH path = (:Person {name: $who})-[:ACTED_IN]->(:Movie)<-[:DIRECTED]-(d:Person) RETURN d.name AS name, count(path) AS n",
			"MATCH (d:Person)-[:DIRECTED]->(m:Movie)<-[:ACTED_IN]-(:Person {name: $who}) RETURN d.name AS name, count(*) AS n",
			"MATCH (d:Person)-[:DIRECTED]->(m:Movie) WHERE EXISTS { (m)<-[:ACTED_IN]-(:Person {name: $who}) } RETURN d.name AS name, count(*) AS n",
		)},
		// $who's movies with their reviews and mean rating (0 and null
		// for none): OPTIONAL MATCH, COUNT { } with COLLECT { } of avg()
		// indexed, CALL (m) { OPTIONAL MATCH }, a comprehension of the
		// ratings summed (every review has an integer rating).
		{"m-h19-optional-reviews", "OPTIONAL MATCH with aggregation", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) OPTIONAL MATCH (m)<-[r:REVIEWED]-() RETURN m.title AS title, count(r) AS reviews, avg(r.rating) AS rating",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN m.title AS title, COUNT { (m)<-[:REVIEWED]-() } AS reviews, COLLECT { MATCH (m)<-[r:REVIEWED]-() RETURN avg(r.rating) AS a }[0] AS rating",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) CALL (m) { OPTIONAL MATCH (m)<-[r:REVIEWED]-() RETURN count(r) AS reviews, avg(r.rating) AS rating } RETURN m.title AS title, reviews, rating",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH m, [(m)<-[r:REVIEWED]-() | r.rating] AS rs RETURN m.title AS title, size(rs) AS reviews, CASE size(rs) WHEN 0 THEN null ELSE toFloat(reduce(t = 0, x IN rs | t + x)) / size(rs) END AS rating",
		)},
		// Movies in which both $who and Meg Ryan acted, counted: one
		// pattern, the product then a pattern predicate, EXISTS of each,
		// the two names counted per movie, a program of intersection.
		{"m-h19-common-movies", "common neighbours of two named entities", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(:Person {name: 'Meg Ryan'}) RETURN count(DISTINCT m) AS n",
			"MATCH (a:Person {name: $who}), (b:Person {name: 'Meg Ryan'}) MATCH (a)-[:ACTED_IN]->(m:Movie) WHERE (b)-[:ACTED_IN]->(m) RETURN count(DISTINCT m) AS n",
			"MATCH (m:Movie) WHERE EXISTS { (:Person {name: $who})-[:ACTED_IN]->(m) } AND EXISTS { (:Person {name: 'Meg Ryan'})-[:ACTED_IN]->(m) } RETURN count(m) AS n",
			"MATCH (m:Movie)<-[:ACTED_IN]-(p:Person) WHERE p.name IN [$who, 'Meg Ryan'] WITH m, count(DISTINCT p.name) AS c WHERE c = 2 RETURN count(m) AS n",
			programForm(union("MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN m"), intersect("MATCH (:Person {name: 'Meg Ryan'})-[:ACTED_IN]->(m:Movie) RETURN m")),
		)},
		// $who's distinct neighbours per relationship type: count
		// DISTINCT, COUNT { RETURN DISTINCT } per listed type, a UNION of
		// (type, neighbour) pairs, collect(DISTINCT) sized, WITH
		// DISTINCT.
		{"m-h19-neighbours-by-type", "neighbours counted by type and direction", Movies, written(false,
			"MATCH (:Person {name: $who})-[r]->(x) RETURN type(r) AS t, count(DISTINCT x) AS n",
			"MATCH (p:Person {name: $who}) UNWIND ['ACTED_IN', 'DIRECTED', 'PRODUCED', 'WROTE', 'REVIEWED', 'FOLLOWS'] AS t WITH t, COUNT { MATCH (p)-[r]->(x) WHERE type(r) = t RETURN DISTINCT x } AS n WHERE n > 0 RETURN t, n",
			"CALL { MATCH (:Person {name: $who})-[:ACTED_IN]->(x) RETURN 'ACTED_IN' AS t, x UNION MATCH (:Person {name: $who})-[:DIRECTED]->(x) RETURN 'DIRECTED' AS t, x UNION MATCH (:Person {name: $who})-[:PRODUCED]->(x) RETURN 'PRODUCED' AS t, x UNION MATCH (:Person {name: $who})-[:WROTE]->(x) RETURN 'WROTE' AS t, x UNION MATCH (:Person {name: $who})-[:REVIEWED]->(x) RETURN 'REVIEWED' AS t, x UNION MATCH (:Person {name: $who})-[:FOLLOWS]->(x) RETURN 'FOLLOWS' AS t, x } RETURN t, count(*) AS n",
			"MATCH (:Person {name: $who})-[r]->(x) WITH type(r) AS t, collect(DISTINCT x) AS xs RETURN t, size(xs) AS n",
			"MATCH (:Person {name: $who})-[r]->(x) WITH DISTINCT type(r) AS t, x RETURN t, count(*) AS n",
		)},
		// People who worked on a movie with $who, by birth decade (null
		// for no year): WITH DISTINCT, the person told apart by node,
		// EXISTS over all people, count(DISTINCT), COLLECT { RETURN
		// DISTINCT } unwound.
		{"m-h19-coworkers-by-decade", "aggregations over two-hop neighbourhoods", Movies, written(false,
			"MATCH (:Person {name: $who})-->(m:Movie)<--(c:Person) WHERE c.name <> $who WITH DISTINCT c RETURN c.born / 10 * 10 AS decade, count(*) AS n",
			"MATCH (w:Person {name: $who})-->(:Movie)<--(c:Person) WHERE c <> w WITH DISTINCT c RETURN c.born / 10 * 10 AS decade, count(*) AS n",
			"MATCH (c:Person) WHERE c.name <> $who AND EXISTS { (c)-->(:Movie)<--(:Person {name: $who}) } RETURN c.born / 10 * 10 AS decade, count(*) AS n",
			"MATCH (:Person {name: $who})-->(:Movie)<--(c:Person) WHERE c.name <> $who RETURN c.born / 10 * 10 AS decade, count(DISTINCT c) AS n",
			"MATCH (w:Person {name: $who}) UNWIND COLLECT { MATCH (w)-->(:Movie)<--(c:Person) WHERE c <> w RETURN DISTINCT c } AS c RETURN c.born / 10 * 10 AS decade, count(*) AS n",
		)},
		// Movies of the 1990s with their directors and writers (zero
		// kept): two OPTIONAL MATCH clauses with an aggregating WITH
		// between, COUNT { RETURN DISTINCT } of each, two CALL (m) { }
		// subqueries, one OPTIONAL MATCH of both types with counts by
		// CASE (released years are integers, so the decade by integer
		// division).
		{"m-h19-optional-crew", "OPTIONAL MATCH with aggregation", Movies, written(false,
			"MATCH (m:Movie) WHERE 1990 <= m.released < 2000 OPTIONAL MATCH (m)<-[:DIRECTED]-(d) WITH m, count(DISTINCT d) AS directors OPTIONAL MATCH (m)<-[:WROTE]-(w) RETURN m.title AS title, directors, count(DISTINCT w) AS writers",
			"MATCH (m:Movie) WHERE m.released >= 1990 AND m.released <= 1999 RETURN m.title AS title, COUNT { MATCH (m)<-[:DIRECTED]-(d) RETURN DISTINCT d } AS directors, COUNT { MATCH (m)<-[:WROTE]-(w) RETURN DISTINCT w } AS writers",
			"MATCH (m:Movie) WHERE m.released IN range(1990, 1999) CALL (m) { OPTIONAL MATCH (m)<-[:DIRECTED]-(d) RETURN count(DISTINCT d) AS directors } CALL (m) { OPTIONAL MATCH (m)<-[:WROTE]-(w) RETURN count(DISTINCT w) AS writers } RETURN m.title AS title, directors, writers",
			"MATCH (m:Movie) WHERE m.released / 10 = 199 OPTIONAL MATCH (m)<-[r:DIRECTED|WROTE]-(p) RETURN m.title AS title, count(DISTINCT CASE WHEN type(r) = 'DIRECTED' THEN p END) AS directors, count(DISTINCT CASE WHEN type(r) = 'WROTE' THEN p END) AS writers",
		)},

		// Per reviewed movie, the reviewers of the highest rating (all
		// ties): the maximum matched back, NOT EXISTS of a higher rating
		// (a null rating equals no maximum, so it is excluded by name),
		// the head of the reviews ordered by rating, CALL (m) { } of the
		// maximum matched back.
		{"m-h19-top-reviewers", "the argmax of each group with ties", Movies, written(false,
			"MATCH (:Person)-[r:REVIEWED]->(m:Movie) WITH m, max(r.rating) AS top MATCH (p:Person)-[r:REVIEWED]->(m) WHERE r.rating = top RETURN m.title AS title, p.name AS name",
			"MATCH (p:Person)-[r:REVIEWED]->(m:Movie) WHERE r.rating IS NOT NULL AND NOT EXISTS { MATCH (:Person)-[q:REVIEWED]->(m) WHERE q.rating > r.rating } RETURN m.title AS title, p.name AS name",
			"MATCH (p:Person)-[r:REVIEWED]->(m:Movie) WHERE r.rating IS NOT NULL WITH m, p, r ORDER BY r.rating DESC WITH m, collect([p.name, r.rating]) AS rs UNWIND rs AS x WITH m, x, rs[0][1] AS top WHERE x[1] = top RETURN m.title AS title, x[0] AS name",
			"MATCH (m:Movie) WHERE EXISTS { (:Person)-[:REVIEWED]->(m) } CALL (m) { MATCH (:Person)-[r:REVIEWED]->(m) WITH max(r.rating) AS top MATCH (p:Person)-[r:REVIEWED]->(m) WHERE r.rating = top RETURN p } RETURN m.title AS title, p.name AS name",
		)},

		// LDBC mini.
		// People two KNOWS links from $person, not $person and not a
		// friend, ranked by mutual friends: the top five with ties (the
		// fifth value as the cut, the minimum of the top five matched
		// back, fewer than five greater in the collected pairs with the
		// friends collected once). Two different links of one pattern
		// never lead back to $person; the friend list excludes friends.
		{"l-h19-fof-top-ties", "top k with ties", LDBC, written(false,
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person)-[:KNOWS]-(c:Person) WHERE c <> p AND NOT (p)-[:KNOWS]-(c) WITH c, count(DISTINCT f) AS mutual ORDER BY mutual DESC WITH collect([c.id, mutual]) AS rows WITH rows, rows[..5][-1][1] AS cut UNWIND rows AS r WITH r, cut WHERE r[1] >= cut RETURN r[0] AS id, r[1] AS mutual",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person)-[:KNOWS]-(c:Person) WHERE c <> p AND NOT (p)-[:KNOWS]-(c) WITH c, count(DISTINCT f) AS mutual WITH mutual ORDER BY mutual DESC LIMIT 5 WITH min(mutual) AS cut MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person)-[:KNOWS]-(c:Person) WHERE c <> p AND NOT (p)-[:KNOWS]-(c) WITH c, cut, count(DISTINCT f) AS mutual WHERE mutual >= cut RETURN c.id AS id, mutual",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WITH p, collect(DISTINCT f) AS fs UNWIND fs AS f MATCH (f)-[:KNOWS]-(c:Person) WHERE c <> p AND NOT c IN fs WITH c, count(DISTINCT f) AS mutual WITH collect([c.id, mutual]) AS rows UNWIND rows AS r WITH r, rows WHERE size([x IN rows WHERE x[1] > r[1]]) < 5 RETURN r[0] AS id, r[1] AS mutual",
		)},
		// Tags of the messages $person's friends wrote, the ten most used
		// (distinct messages, ties by name): the three-hop pattern, every
		// element named, distinct friends then distinct messages in
		// clauses, the pattern written from the tag, CALL (p) { } of the
		// distinct messages.
		{"l-h19-friends-message-tags", "aggregations over two-hop neighbourhoods", LDBC, written(true,
			"MATCH (:Person {id: $person})-[:KNOWS]-(:Person)<-[:HAS_CREATOR]-(m:Message)-[:HAS_TAG]->(t:Tag) RETURN t.name AS tag, count(DISTINCT m) AS msgs ORDER BY msgs DESC, tag LIMIT 10",
			"MATCH (p:Person {id: $person})-[k:KNOWS]-(f:Person)<-[c:HAS_CREATOR]-(m:Message)-[h:HAS_TAG]->(t:Tag) RETURN t.name AS tag, count(DISTINCT m) AS msgs ORDER BY msgs DESC, tag LIMIT 10",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f MATCH (f)<-[:HAS_CREATOR]-(m:Message) WITH DISTINCT m MATCH (m)-[:HAS_TAG]->(t:Tag) RETURN t.name AS tag, count(DISTINCT m) AS msgs ORDER BY msgs DESC, tag LIMIT 10",
			"MATCH (t:Tag)<-[:HAS_TAG]-(m:Message)-[:HAS_CREATOR]->(f:Person)-[:KNOWS]-(:Person {id: $person}) RETURN t.name AS tag, count(DISTINCT m) AS msgs ORDER BY msgs DESC, tag LIMIT 10",
			"MATCH (p:Person {id: $person}) CALL (p) { MATCH (p)-[:KNOWS]-(:Person)<-[:HAS_CREATOR]-(m:Message) RETURN DISTINCT m } MATCH (m)-[:HAS_TAG]->(t:Tag) RETURN t.name AS tag, count(DISTINCT m) AS msgs ORDER BY msgs DESC, tag LIMIT 10",
		)},
		// $person's distinct friends and the likes on their posts (zero
		// kept): OPTIONAL MATCH of the two-hop pattern, COUNT { }, CALL
		// (f) { } of an OPTIONAL MATCH chain, a pattern comprehension
		// sized, OPTIONAL MATCH of the posts with COUNT { } summed (a
		// null post has no likes).
		{"l-h19-optional-likes", "OPTIONAL MATCH with aggregation", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f OPTIONAL MATCH (f)<-[:HAS_CREATOR]-(:Post)<-[l:LIKES]-() RETURN f.id AS id, count(l) AS likes",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f RETURN f.id AS id, COUNT { (f)<-[:HAS_CREATOR]-(:Post)<-[:LIKES]-() } AS likes",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f CALL (f) { OPTIONAL MATCH (f)<-[:HAS_CREATOR]-(p:Post) OPTIONAL MATCH (p)<-[l:LIKES]-() RETURN count(l) AS likes } RETURN f.id AS id, likes",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f RETURN f.id AS id, size([(f)<-[:HAS_CREATOR]-(:Post)<-[l:LIKES]-() | l]) AS likes",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f OPTIONAL MATCH (f)<-[:HAS_CREATOR]-(p:Post) WITH f, sum(COUNT { (p)<-[:LIKES]-() }) AS likes RETURN f.id AS id, likes",
		)},
		// What connects $person and $other, per relationship type: the
		// nodes linked to both by the same type (one pattern, the two
		// people bound first, two MATCH clauses, a collected list per
		// type, a dynamic type per listed type). The two people differ,
		// so the two links of a path never coincide.
		{"l-h19-connections-by-type", "paths between two named entities", LDBC, written(false,
			"MATCH (:Person {id: $person})-[r]-(x)-[s]-(:Person {id: $other}) WHERE type(r) = type(s) RETURN type(r) AS t, count(DISTINCT x) AS n",
			"MATCH (a:Person {id: $person}), (b:Person {id: $other}) MATCH (a)-[r]-(x)-[s]-(b) WHERE type(r) = type(s) RETURN type(r) AS t, count(DISTINCT x) AS n",
			"MATCH (a:Person {id: $person})-[r]-(x) MATCH (x)-[s]-(b:Person {id: $other}) WHERE type(s) = type(r) RETURN type(r) AS t, count(DISTINCT x) AS n",
			"MATCH (a:Person {id: $person})-[r]-(x) WITH type(r) AS t, collect(DISTINCT x) AS xs MATCH (b:Person {id: $other})-[s]-(y) WHERE type(s) = t AND y IN xs RETURN t, count(DISTINCT y) AS n",
			"MATCH (a:Person {id: $person}), (b:Person {id: $other}) UNWIND ['KNOWS', 'HAS_CREATOR', 'HAS_TAG', 'REPLY_OF', 'CONTAINER_OF', 'HAS_MEMBER', 'HAS_MODERATOR', 'HAS_INTEREST', 'LIKES', 'IS_LOCATED_IN', 'IS_PART_OF', 'STUDY_AT', 'WORK_AT', 'HAS_TYPE', 'IS_SUBCLASS_OF'] AS t MATCH (a)-[:$(t)]-(x)-[:$(t)]-(b) RETURN t, count(DISTINCT x) AS n",
		)},
		// Who wrote the comments two replies below $person's posts, with
		// how many: anonymous chain, every element named, REPLY_OF*2, the
		// quantified {2} and a second clause, one MATCH clause per hop,
		// EXISTS from the commenters (a comment replies to one message,
		// so each comment ends one such path).
		{"l-h19-named-intermediates", "multi-hop with and without named intermediates", LDBC, written(false,
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(:Post)<-[:REPLY_OF]-(:Comment)<-[:REPLY_OF]-(c:Comment)-[:HAS_CREATOR]->(a:Person) RETURN a.id AS id, count(*) AS n",
			"MATCH (p:Person {id: $person})<-[h:HAS_CREATOR]-(post:Post)<-[r1:REPLY_OF]-(c1:Comment)<-[r2:REPLY_OF]-(c:Comment)-[h2:HAS_CREATOR]->(a:Person) RETURN a.id AS id, count(c) AS n",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(:Post)<-[:REPLY_OF*2]-(c:Comment)-[:HAS_CREATOR]->(a:Person) RETURN a.id AS id, count(*) AS n",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(:Post)<-[:REPLY_OF]-{2}(c:Comment) MATCH (c)-[:HAS_CREATOR]->(a:Person) RETURN a.id AS id, count(*) AS n",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(post:Post) MATCH (post)<-[:REPLY_OF]-(c1) MATCH (c1)<-[:REPLY_OF]-(c) MATCH (c)-[:HAS_CREATOR]->(a:Person) RETURN a.id AS id, count(*) AS n",
			"MATCH (a:Person)<-[:HAS_CREATOR]-(c:Comment) WHERE EXISTS { (c)-[:REPLY_OF]->(:Comment)-[:REPLY_OF]->(:Post)-[:HAS_CREATOR]->(:Person {id: $person}) } RETURN a.id AS id, count(*) AS n",
		)},

		// $person's relationships per type, direction and label of the
		// other end: a UNION ALL of the directions, the undirected
		// pattern with startNode() (LDBC has no self-loops), a
		// comprehension per direction unwound, CALL (p) { UNION ALL }.
		{"l-h19-neighbours-by-type", "neighbours counted by type and direction", LDBC, written(false,
			"MATCH (:Person {id: $person})-[r]->(x) RETURN type(r) AS t, 'out' AS dir, labels(x) AS l, count(*) AS n UNION ALL MATCH (:Person {id: $person})<-[r]-(x) RETURN type(r) AS t, 'in' AS dir, labels(x) AS l, count(*) AS n",
			"MATCH (p:Person {id: $person})-[r]-(x) RETURN type(r) AS t, CASE WHEN startNode(r) = p THEN 'out' ELSE 'in' END AS dir, labels(x) AS l, count(*) AS n",
			"MATCH (p:Person {id: $person}) UNWIND [(p)-[r]->(x) | [type(r), 'out', labels(x)]] + [(p)<-[r]-(x) | [type(r), 'in', labels(x)]] AS e RETURN e[0] AS t, e[1] AS dir, e[2] AS l, count(*) AS n",
			"MATCH (p:Person {id: $person}) CALL (p) { MATCH (p)-[r]->(x) RETURN type(r) AS t, 'out' AS dir, x UNION ALL MATCH (p)<-[r]-(x) RETURN type(r) AS t, 'in' AS dir, x } RETURN t, dir, labels(x) AS l, count(*) AS n",
		)},

		// Stack Overflow.
		// Askers of $tag questions by questions asked, the top five with
		// ties: the fifth value as the cut, the minimum of the top five
		// matched back, fewer than five greater in the collected pairs.
		{"s-h19-askers-top-ties", "top k with ties", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ASKED]-(u:User) WITH u, count(q) AS n ORDER BY n DESC WITH collect([u.user_id, n]) AS rows WITH rows, rows[..5][-1][1] AS cut UNWIND rows AS r WITH r, cut WHERE r[1] >= cut RETURN r[0] AS user, r[1] AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ASKED]-(u:User) WITH u, count(q) AS n WITH n ORDER BY n DESC LIMIT 5 WITH min(n) AS cut MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ASKED]-(u:User) WITH u, cut, count(q) AS n WHERE n >= cut RETURN u.user_id AS user, n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ASKED]-(u:User) WITH u, count(*) AS n WITH collect([u.user_id, n]) AS rows UNWIND rows AS r WITH r, rows WHERE size([x IN rows WHERE x[1] > r[1]]) < 5 RETURN r[0] AS user, r[1] AS n",
		)},
		// Tags used together with $tag, the ten most frequent (ties by
		// name): one pattern (its two TAGGED links differ, so the other
		// tag is not $tag), two clauses with the tag told apart, COUNT {
		// } per tag, the questions collected and unwound.
		{"s-h19-co-tags", "aggregations over two-hop neighbourhoods", StackOverflow, written(true,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)-[:TAGGED]->(t:Tag) RETURN t.name AS tag, count(*) AS n ORDER BY n DESC, tag LIMIT 10",
			"MATCH (g:Tag {name: $tag})<-[:TAGGED]-(q:Question) MATCH (q)-[:TAGGED]->(t:Tag) WHERE t <> g RETURN t.name AS tag, count(*) AS n ORDER BY n DESC, tag LIMIT 10",
			"MATCH (t:Tag) WHERE t.name <> $tag WITH t, COUNT { (t)<-[:TAGGED]-(:Question)-[:TAGGED]->(:Tag {name: $tag}) } AS n WHERE n > 0 RETURN t.name AS tag, n ORDER BY n DESC, tag LIMIT 10",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) WITH collect(q) AS qs UNWIND qs AS q MATCH (q)-[:TAGGED]->(t:Tag) WHERE t.name <> $tag RETURN t.name AS tag, count(*) AS n ORDER BY n DESC, tag LIMIT 10",
		)},
		// Questions tagged $tag by their answers and best answer score
		// (0 and null for none), counted per pair: OPTIONAL MATCH,
		// COUNT { } with COLLECT { } of max() indexed, CALL (q) { }, a
		// comprehension of scores reduced to its maximum.
		{"s-h19-optional-answers", "OPTIONAL MATCH with aggregation", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) OPTIONAL MATCH (q)<-[:ANSWERED]-(a:Answer) WITH q, count(a) AS n, max(a.score) AS best RETURN n, best, count(*) AS questions",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) WITH q, COUNT { (q)<-[:ANSWERED]-(:Answer) } AS n, COLLECT { MATCH (q)<-[:ANSWERED]-(a:Answer) RETURN max(a.score) AS m }[0] AS best RETURN n, best, count(*) AS questions",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) CALL (q) { OPTIONAL MATCH (q)<-[:ANSWERED]-(a:Answer) RETURN count(a) AS n, max(a.score) AS best } RETURN n, best, count(*) AS questions",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) WITH q, [(q)<-[:ANSWERED]-(a:Answer) | a.score] AS ss RETURN size(ss) AS n, reduce(m = null, x IN ss | CASE WHEN m IS NULL OR x > m THEN x ELSE m END) AS best, count(*) AS questions",
		)},
		// Tags of questions $user asked that also tag questions $provider
		// answered: two MATCH clauses (one pattern would forbid the two
		// TAGGED links being one relationship, losing a tag whose only
		// such question $user asked and $provider answered), the first
		// side's tags collected, EXISTS of each side, a program of
		// intersection.
		{"s-h19-common-tags", "common neighbours of two named entities", StackOverflow, written(false,
			"MATCH (:User {user_id: $user})-[:ASKED]->(:Question)-[:TAGGED]->(t:Tag) MATCH (t)<-[:TAGGED]-(:Question)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(:User {user_id: $provider}) RETURN count(DISTINCT t) AS n",
			"MATCH (:User {user_id: $user})-[:ASKED]->(:Question)-[:TAGGED]->(t:Tag) WITH collect(DISTINCT t) AS mine MATCH (:User {user_id: $provider})-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(t:Tag) WHERE t IN mine RETURN count(DISTINCT t) AS n",
			"MATCH (t:Tag) WHERE EXISTS { (:User {user_id: $user})-[:ASKED]->(:Question)-[:TAGGED]->(t) } AND EXISTS { (t)<-[:TAGGED]-(:Question)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(:User {user_id: $provider}) } RETURN count(t) AS n",
			programForm(union("MATCH (:User {user_id: $user})-[:ASKED]->(:Question)-[:TAGGED]->(t:Tag) RETURN t"), intersect("MATCH (:User {user_id: $provider})-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(t:Tag) RETURN t")),
		)},

		// Users who answered questions $user asked, with how many
		// answers: anonymous chain, every element named, one MATCH clause
		// per link, the pattern written from the answerer, the answers
		// counted per answerer by COUNT { }.
		{"s-h19-named-intermediates", "multi-hop with and without named intermediates", StackOverflow, written(false,
			"MATCH (:User {user_id: $user})-[:ASKED]->(:Question)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(u:User) RETURN u.user_id AS id, count(*) AS n",
			"MATCH (me:User {user_id: $user})-[k:ASKED]->(q:Question)<-[r:ANSWERED]-(a:Answer)<-[p:PROVIDED]-(u:User) RETURN u.user_id AS id, count(a) AS n",
			"MATCH (me:User {user_id: $user})-[:ASKED]->(q:Question) MATCH (q)<-[:ANSWERED]-(a:Answer) MATCH (a)<-[:PROVIDED]-(u:User) RETURN u.user_id AS id, count(*) AS n",
			"MATCH (u:User)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)<-[:ASKED]-(:User {user_id: $user}) RETURN u.user_id AS id, count(*) AS n",
			"MATCH (:User {user_id: $user})-[:ASKED]->(q:Question)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(u:User) WITH u, q, count(*) AS c RETURN u.user_id AS id, sum(c) AS n",
		)},

		// Northwind.
		// Categories $customer bought from, with distinct products and
		// quantity: the four-hop pattern, every element named, one MATCH
		// clause per hop, the pattern written from the category,
		// quantities summed per product first (a product has one
		// category).
		{"n-h19-named-intermediates", "multi-hop with and without named intermediates", Northwind, written(false,
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[l:ORDERS]->(p:Product)-[:PART_OF]->(c:Category) RETURN c.categoryName AS cat, count(DISTINCT p) AS products, sum(l.quantity) AS qty",
			"MATCH (cu:Customer {customerID: $customer})-[pu:PURCHASED]->(o:Order)-[l:ORDERS]->(p:Product)-[po:PART_OF]->(c:Category) RETURN c.categoryName AS cat, count(DISTINCT p) AS products, sum(l.quantity) AS qty",
			"MATCH (cu:Customer {customerID: $customer})-[:PURCHASED]->(o:Order) MATCH (o)-[l:ORDERS]->(p:Product) MATCH (p)-[:PART_OF]->(c:Category) RETURN c.categoryName AS cat, count(DISTINCT p) AS products, sum(l.quantity) AS qty",
			"MATCH (c:Category)<-[:PART_OF]-(p:Product)<-[l:ORDERS]-(:Order)<-[:PURCHASED]-(:Customer {customerID: $customer}) RETURN c.categoryName AS cat, count(DISTINCT p) AS products, sum(l.quantity) AS qty",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[l:ORDERS]->(p:Product) WITH p, sum(l.quantity) AS q MATCH (p)-[:PART_OF]->(c:Category) RETURN c.categoryName AS cat, count(p) AS products, sum(q) AS qty",
		)},
		// Products by order lines, the top five with ties: the fifth
		// value as the cut, the minimum of the top five matched back,
		// fewer than five greater by COUNT { } over the products.
		{"n-h19-products-top-ties", "top k with ties", Northwind, written(false,
			"MATCH (p:Product)<-[:ORDERS]-(:Order) WITH p, count(*) AS n ORDER BY n DESC WITH collect([p.productName, n]) AS rows WITH rows, rows[..5][-1][1] AS cut UNWIND rows AS r WITH r, cut WHERE r[1] >= cut RETURN r[0] AS product, r[1] AS n",
			"MATCH (p:Product)<-[:ORDERS]-(:Order) WITH p, count(*) AS n WITH n ORDER BY n DESC LIMIT 5 WITH min(n) AS cut MATCH (p:Product) WITH p, cut, COUNT { (p)<-[:ORDERS]-(:Order) } AS n WHERE n >= cut RETURN p.productName AS product, n",
			"MATCH (p:Product) WITH p, COUNT { (p)<-[:ORDERS]-(:Order) } AS n WHERE n > 0 AND COUNT { MATCH (q:Product) WHERE COUNT { (q)<-[:ORDERS]-(:Order) } > n } < 5 RETURN p.productName AS product, n",
		)},
		// Per employee, orders shipped to Germany and direct reports
		// (zero kept): OPTIONAL MATCH then an aggregating WITH then
		// OPTIONAL MATCH, COUNT { } of each, two OPTIONAL MATCH clauses
		// counted DISTINCT (their product has repeats), two CALL (e) { }
		// with an inline property map.
		{"n-h19-optional-employees", "OPTIONAL MATCH with aggregation", Northwind, written(false,
			"MATCH (e:Employee) OPTIONAL MATCH (e)-[:SOLD]->(o:Order) WHERE o.shipCountry = 'Germany' WITH e, count(o) AS de OPTIONAL MATCH (e)<-[:REPORTS_TO]-(r:Employee) RETURN e.lastName AS name, de, count(r) AS reports",
			"MATCH (e:Employee) RETURN e.lastName AS name, COUNT { (e)-[:SOLD]->(o:Order) WHERE o.shipCountry = 'Germany' } AS de, COUNT { (e)<-[:REPORTS_TO]-(:Employee) } AS reports",
			"MATCH (e:Employee) OPTIONAL MATCH (e)-[:SOLD]->(o:Order) WHERE o.shipCountry = 'Germany' OPTIONAL MATCH (e)<-[:REPORTS_TO]-(r:Employee) RETURN e.lastName AS name, count(DISTINCT o) AS de, count(DISTINCT r) AS reports",
			"MATCH (e:Employee) CALL (e) { OPTIONAL MATCH (e)-[:SOLD]->(o:Order {shipCountry: 'Germany'}) RETURN count(o) AS de } CALL (e) { OPTIONAL MATCH (e)<-[:REPORTS_TO]-(r:Employee) RETURN count(r) AS reports } RETURN e.lastName AS name, de, reports",
		)},
		// Customers sharing the most distinct products with $customer,
		// the top five with ties: one pattern through the shared product
		// (the two order lines of a path differ unless the order is one,
		// and then the customer is $customer), $customer's products
		// collected first, the minimum of the top five matched back.
		{"n-h19-similar-customers", "common neighbours of two named entities", Northwind, written(false,
			"MATCH (me:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p:Product)<-[:ORDERS]-(:Order)<-[:PURCHASED]-(c:Customer) WHERE c <> me WITH c, count(DISTINCT p) AS shared ORDER BY shared DESC WITH collect([c.customerID, shared]) AS rows WITH rows, rows[..5][-1][1] AS cut UNWIND rows AS r WITH r, cut WHERE r[1] >= cut RETURN r[0] AS id, r[1] AS shared",
			"MATCH (me:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p:Product) WITH me, collect(DISTINCT p) AS mine MATCH (c:Customer)-[:PURCHASED]->(:Order)-[:ORDERS]->(p:Product) WHERE c <> me AND p IN mine WITH c, count(DISTINCT p) AS shared WITH collect([c.customerID, shared]) AS rows UNWIND rows AS r WITH r, rows WHERE size([x IN rows WHERE x[1] > r[1]]) < 5 RETURN r[0] AS id, r[1] AS shared",
			"MATCH (me:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p:Product)<-[:ORDERS]-(:Order)<-[:PURCHASED]-(c:Customer) WHERE c <> me WITH c, count(DISTINCT p) AS shared WITH shared ORDER BY shared DESC LIMIT 5 WITH min(shared) AS cut MATCH (me:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p:Product) WITH cut, me, collect(DISTINCT p) AS mine MATCH (c:Customer)-[:PURCHASED]->(:Order)-[:ORDERS]->(p:Product) WHERE c <> me AND p IN mine WITH c, cut, count(DISTINCT p) AS shared WHERE shared >= cut RETURN c.customerID AS id, shared",
		)},
		// $product's relationships per type and label of the other end
		// (no product links to itself, so the undirected pattern sees
		// each relationship once): undirected, a UNION ALL of the two
		// directions, WITH of the type first, a comprehension of pairs
		// unwound.
		{"n-h19-neighbours-by-type", "neighbours counted by type and direction", Northwind, written(false,
			"MATCH (:Product {productName: $product})-[r]-(x) RETURN type(r) AS t, labels(x) AS l, count(*) AS n",
			"CALL { MATCH (:Product {productName: $product})-[r]->(x) RETURN type(r) AS t, labels(x) AS l UNION ALL MATCH (:Product {productName: $product})<-[r]-(x) RETURN type(r) AS t, labels(x) AS l } RETURN t, l, count(*) AS n",
			"MATCH (:Product {productName: $product})-[r]-(x) WITH type(r) AS t, x RETURN t, labels(x) AS l, count(*) AS n",
			"MATCH (p:Product {productName: $product}) UNWIND [(p)-[r]-(x) | [type(r), labels(x)]] AS pair RETURN pair[0] AS t, pair[1] AS l, count(*) AS n",
		)},

		// Per category, the products of the highest unit price (ties
		// kept): the maximum matched back, NOT EXISTS of a dearer product
		// of the category, the head of the ordered group, COLLECT { } of
		// the maximum indexed.
		{"n-h19-argmax-ties", "the argmax of each group with ties", Northwind, written(false,
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WITH c, max(p.unitPrice) AS top MATCH (p:Product)-[:PART_OF]->(c) WHERE p.unitPrice = top RETURN c.categoryName AS cat, p.productName AS product",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WHERE p.unitPrice IS NOT NULL AND NOT EXISTS { MATCH (q:Product)-[:PART_OF]->(c) WHERE q.unitPrice > p.unitPrice } RETURN c.categoryName AS cat, p.productName AS product",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WHERE p.unitPrice IS NOT NULL WITH c, p ORDER BY p.unitPrice DESC WITH c, collect(p) AS ps UNWIND ps AS p WITH c, p, ps[0].unitPrice AS top WHERE p.unitPrice = top RETURN c.categoryName AS cat, p.productName AS product",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WHERE p.unitPrice = COLLECT { MATCH (q:Product)-[:PART_OF]->(c) RETURN max(q.unitPrice) AS m }[0] RETURN c.categoryName AS cat, p.productName AS product",
		)},
		// Per supplier country, the distinct customers who bought its
		// suppliers' products: count(DISTINCT) over the four-link chain,
		// distinct (country, customer) pairs, the customers of each
		// product found first, EXISTS per customer and country.
		{"n-h19-supplier-country-customers", "aggregations over two-hop neighbourhoods", Northwind, written(false,
			"MATCH (s:Supplier)-[:SUPPLIES]->(:Product)<-[:ORDERS]-(:Order)<-[:PURCHASED]-(c:Customer) RETURN s.country AS country, count(DISTINCT c) AS n",
			"MATCH (s:Supplier)-[:SUPPLIES]->(:Product)<-[:ORDERS]-(:Order)<-[:PURCHASED]-(c:Customer) WITH DISTINCT s.country AS country, c RETURN country, count(*) AS n",
			"MATCH (p:Product)<-[:ORDERS]-(:Order)<-[:PURCHASED]-(c:Customer) WITH p, collect(DISTINCT c) AS cs MATCH (s:Supplier)-[:SUPPLIES]->(p) UNWIND cs AS c RETURN s.country AS country, count(DISTINCT c) AS n",
			"MATCH (s:Supplier) WITH DISTINCT s.country AS country MATCH (c:Customer) WHERE EXISTS { MATCH (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(:Product)<-[:SUPPLIES]-(s:Supplier) WHERE s.country = country } RETURN country, count(c) AS n",
		)},

		// WN18RR.
		// $entity's distinct neighbours per type and direction: a UNION
		// ALL of grouped branches, a UNION of (type, direction,
		// neighbour) rows, comprehensions per direction unwound and made
		// distinct, collect(DISTINCT) sized per branch.
		{"w-h19-neighbours-by-type", "neighbours counted by type and direction", WordNet, written(false,
			"MATCH (:Entity {id: $entity})-[r]->(x) RETURN type(r) AS t, 'out' AS dir, count(DISTINCT x) AS n UNION ALL MATCH (:Entity {id: $entity})<-[r]-(x) RETURN type(r) AS t, 'in' AS dir, count(DISTINCT x) AS n",
			"CALL { MATCH (:Entity {id: $entity})-[r]->(x) RETURN type(r) AS t, 'out' AS dir, x UNION MATCH (:Entity {id: $entity})<-[r]-(x) RETURN type(r) AS t, 'in' AS dir, x } RETURN t, dir, count(*) AS n",
			"MATCH (e:Entity {id: $entity}) UNWIND ['out', 'in'] AS dir UNWIND CASE dir WHEN 'out' THEN [(e)-[r]->(x) | [type(r), x]] ELSE [(e)<-[r]-(x) | [type(r), x]] END AS p WITH DISTINCT dir, p[0] AS t, p[1] AS x RETURN t, dir, count(*) AS n",
			"MATCH (:Entity {id: $entity})-[r]->(x) WITH type(r) AS t, collect(DISTINCT x) AS xs RETURN t, 'out' AS dir, size(xs) AS n UNION ALL MATCH (:Entity {id: $entity})<-[r]-(x) WITH type(r) AS t, collect(DISTINCT x) AS xs RETURN t, 'in' AS dir, size(xs) AS n",
		)},
		// The shortest undirected path between $entity and $topic, its
		// length and how many there are: ALL SHORTEST, SHORTEST 1 GROUPS,
		// allShortestPaths() between the two bound first, ALL SHORTEST
		// between bound ends counting the paths.
		{"w-h19-shortest-between", "paths between two named entities", WordNet, written(false,
			"MATCH p = ALL SHORTEST (:Entity {id: $entity})-[]-{1,6}(:Entity {id: $topic}) RETURN length(p) AS len, count(*) AS n",
			"MATCH p = SHORTEST 1 GROUPS (:Entity {id: $entity})-[]-{1,6}(:Entity {id: $topic}) RETURN length(p) AS len, count(*) AS n",
			"MATCH (a:Entity {id: $entity}), (b:Entity {id: $topic}) MATCH p = allShortestPaths((a)-[*1..6]-(b)) RETURN length(p) AS len, count(*) AS n",
			"MATCH (a:Entity {id: $entity}), (b:Entity {id: $topic}) MATCH p = ALL SHORTEST (a)-[]-{1,6}(b) RETURN length(p) AS len, count(p) AS n",
		)},
		// $entity's siblings, the entities sharing a hypernym with it:
		// one pattern (two different links, so not $entity, which has
		// one link to each hypernym), two clauses with $entity told
		// apart, EXISTS over all entities, a program of the siblings
		// less $entity.
		{"w-h19-siblings", "common neighbours of two named entities", WordNet, written(false,
			"MATCH (:Entity {id: $entity})-[:_hypernym]->(h)<-[:_hypernym]-(s) RETURN count(DISTINCT s) AS n",
			"MATCH (e:Entity {id: $entity})-[:_hypernym]->(h) MATCH (h)<-[:_hypernym]-(s) WHERE s <> e RETURN count(DISTINCT s) AS n",
			"MATCH (s:Entity) WHERE s.id <> $entity AND EXISTS { (s)-[:_hypernym]->()<-[:_hypernym]-(:Entity {id: $entity}) } RETURN count(s) AS n",
			programForm(union("MATCH (:Entity {id: $entity})-[:_hypernym]->()<-[:_hypernym]-(s) RETURN s"), diff("MATCH (e:Entity {id: $entity}) RETURN e")),
		)},
		// $entity's hyponyms by their own hyponym count, the top five
		// with ties: the fifth value as the cut, the minimum of the top
		// five matched back, fewer than five greater in the collected
		// list.
		{"w-h19-hyponyms-top-ties", "top k with ties", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, COUNT { (h)<-[:_hypernym]-() } AS d ORDER BY d DESC WITH collect({id: h.id, d: d}) AS rows WITH rows, rows[..5][-1].d AS cut UNWIND rows AS r WITH r, cut WHERE r.d >= cut RETURN r.id AS id, r.d AS d",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, COUNT { (h)<-[:_hypernym]-() } AS d WITH d ORDER BY d DESC LIMIT 5 WITH min(d) AS cut MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, cut, COUNT { (h)<-[:_hypernym]-() } AS d WHERE d >= cut RETURN h.id AS id, d",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) OPTIONAL MATCH (h)<-[l:_hypernym]-() WITH h, count(l) AS d WITH collect([h.id, d]) AS rows UNWIND rows AS r WITH r, rows WHERE size([x IN rows WHERE x[1] > r[1]]) < 5 RETURN r[0] AS id, r[1] AS d",
		)},
	}
}
