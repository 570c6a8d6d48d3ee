package metamorphic

// heldout7Questions are the seventh held-out round's kinds: each query
// of the Kuzu comparison suite (bench/queries/cyq.json: one-hop counts,
// two-hop distinct, common neighbours, triangles from a node, top-k by
// degree, hubs over a threshold, shortest path lengths, relationship
// type counts) written the ways a user would (named and unnamed middles,
// WITH pipelines, COUNT { } against OPTIONAL MATCH and pattern
// comprehensions, CALL { } subqueries, ORDER BY ... LIMIT against a
// slice of the ordered collect); path functions (length, nodes,
// relationships, last, reduce over relationships) against the pattern's
// own variables; pagination; cartesian products joined by a later WHERE
// against one pattern; relationship uniqueness written out across two
// MATCH clauses; UNION inside CALL { }; WITH * and a renamed or shadowed
// variable; a map of values read by key; CASE, coalesce and nullIf
// spellings of a filter; and questions over Stack Overflow, LDBC,
// Northwind and WN18RR.
func heldout7Questions() []Question {
	return []Question{
		// The Kuzu suite on the SNAP graphs.
		// sd_1hop_count: count(b), COUNT { }, OPTIONAL MATCH, a pattern
		// comprehension's size, the relationship or the path counted, a
		// CALL { } per anchor.
		{"u-h7-one-hop-count", "aggregation", Users, written(false,
			"MATCH (a:User {id: $hub})-->(b) RETURN count(b) AS c",
			"MATCH (a:User {id: $hub}) RETURN sum(COUNT { (a)-->() }) AS c",
			"MATCH (a:User {id: $hub}) OPTIONAL MATCH (a)-->(b) RETURN count(b) AS c",
			"MATCH (a:User {id: $hub}) RETURN sum(size([(a)-->(b) | b])) AS c",
			"MATCH (a:User {id: $hub})-[r]->() RETURN count(r) AS c",
			"MATCH p = (a:User {id: $hub})-->() RETURN count(p) AS c",
			"MATCH (a:User {id: $hub}) CALL { WITH a MATCH (a)-->(b) RETURN count(b) AS n } RETURN sum(n) AS c",
		)},
		// sd_2hop_distinct: an unnamed or named middle, named
		// relationships, the uniqueness of one MATCH written across two,
		// the last node of the path, the size of the collected set, a
		// CALL { } returning the distinct ends.
		{"u-h7-two-hop-distinct", "two-hop", Users, written(false,
			"MATCH (a:User {id: $hub})-->()-->(b) RETURN count(DISTINCT b) AS c",
			"MATCH (a:User {id: $hub})-->(m)-->(b) RETURN count(DISTINCT b) AS c",
			"MATCH (a:User {id: $hub})-[r1]->(m) MATCH (m)-[r2]->(b) WHERE r2 <> r1 RETURN count(DISTINCT b) AS c",
			"MATCH p = (a:User {id: $hub})-->()-->() RETURN count(DISTINCT last(nodes(p))) AS c",
			"MATCH p = (a:User {id: $hub})-->()-->(b) RETURN count(DISTINCT nodes(p)[2]) AS c",
			"MATCH (a:User {id: $hub})-->()-->(b) WITH collect(DISTINCT b) AS bs RETURN size(bs) AS c",
			"MATCH (a:User {id: $hub}) CALL { WITH a MATCH (a)-->()-->(b) RETURN DISTINCT b } RETURN count(b) AS c",
		)},
		// sd_var13_hub: the end nodes within three hops, the path's last
		// node, a length test the bounds imply, DISTINCT first.
		{"u-h7-var13-ends", "variable length", Users, written(false,
			"MATCH (a:User {id: $hub})-[*1..3]->(b) RETURN count(DISTINCT b) AS c",
			"MATCH p = (a:User {id: $hub})-[*1..3]->(b) RETURN count(DISTINCT last(nodes(p))) AS c",
			"MATCH p = (a:User {id: $hub})-[*1..3]->(b) WHERE length(p) <= 3 RETURN count(DISTINCT b) AS c",
			"MATCH (a:User {id: $hub})-[*1..3]->(b) WITH DISTINCT b RETURN count(*) AS c",
			"MATCH (a:User {id: $hub})-[rs*1..3]->(b) WHERE size(rs) >= 1 RETURN count(DISTINCT b) AS c",
		)},
		// sd_common_neighbours: one pattern, two MATCH clauses on the
		// shared node, both anchors first, EXISTS for the second anchor,
		// a cartesian product joined by a later WHERE (= and id()).
		{"u-h7-common-neighbours", "common neighbours", Users, written(false,
			"MATCH (a:User {id: $hub})-->(x)<--(b:User {id: $other}) RETURN count(DISTINCT x) AS c",
			"MATCH (a:User {id: $hub})-->(x) MATCH (b:User {id: $other})-->(x) RETURN count(DISTINCT x) AS c",
			"MATCH (a:User {id: $hub}), (b:User {id: $other}) MATCH (a)-->(x)<--(b) RETURN count(DISTINCT x) AS c",
			"MATCH (a:User {id: $hub})-->(x) WHERE EXISTS { (x)<--(:User {id: $other}) } RETURN count(DISTINCT x) AS c",
			"MATCH (a:User)-->(x), (b:User)-->(y) WHERE a.id = $hub AND b.id = $other AND x = y RETURN count(DISTINCT x) AS c",
			"MATCH (a:User {id: $hub})-->(x), (b:User {id: $other})-->(y) WHERE id(x) = id(y) RETURN count(DISTINCT y) AS c",
		)},
		// sd_triangles_from_node: the cycle closed by the anchor, by a
		// fourth variable equal to it (= and id()), the path counted, the
		// closing hop in a second MATCH with uniqueness written out, a
		// CALL { } per anchor.
		{"u-h7-triangles-from-node", "triangles", Users, written(false,
			"MATCH (a:User {id: $hub})-->(b)-->(c)-->(a) RETURN count(*) AS c",
			"MATCH (a:User {id: $hub})-->(b)-->(c)-->(d) WHERE d = a RETURN count(*) AS c",
			"MATCH (a:User {id: $hub})-->(b)-->(c)-->(d) WHERE id(d) = id(a) RETURN count(*) AS c",
			"MATCH p = (a:User {id: $hub})-->()-->()-->(a) RETURN count(p) AS c",
			"MATCH (a:User {id: $hub})-[r1]->(b)-[r2]->(c) MATCH (c)-[r3]->(a) WHERE r3 <> r1 AND r3 <> r2 RETURN count(*) AS c",
			"MATCH (a:User {id: $hub}) CALL { WITH a MATCH (a)-->(b)-->(c)-->(a) RETURN count(*) AS n } RETURN sum(n) AS c",
		)},
		// sd_top10_out_degree: grouped count, COUNT { }, the top rows
		// sliced from the ordered collect, LIMIT inside a WITH, SKIP 0.
		{"u-h7-top10-degree", "ORDER BY / SKIP / LIMIT", Users, written(true,
			"MATCH (a:User)-->() RETURN a.id AS id, count(*) AS d ORDER BY d DESC, id LIMIT 10",
			"MATCH (a:User) WITH a, COUNT { (a)-->() } AS d WHERE d > 0 RETURN a.id AS id, d ORDER BY d DESC, id LIMIT 10",
			"MATCH (a:User)-->() WITH a.id AS id, count(*) AS d ORDER BY d DESC, id WITH collect({id: id, d: d})[..10] AS top UNWIND top AS t RETURN t.id AS id, t.d AS d",
			"MATCH (a:User)-->() WITH a, count(*) AS d ORDER BY d DESC, a.id LIMIT 10 RETURN a.id AS id, d ORDER BY d DESC, id",
			"MATCH (a:User)-[r]->() RETURN a.id AS id, count(r) AS d ORDER BY d DESC, id SKIP 0 LIMIT 10",
		)},
		// Pagination of the same ranking: SKIP/LIMIT, a slice of the
		// ordered collect, SKIP then LIMIT in two WITH clauses.
		{"u-h7-degree-page", "ORDER BY / SKIP / LIMIT", Users, written(true,
			"MATCH (a:User)-->() RETURN a.id AS id, count(*) AS d ORDER BY d DESC, id SKIP 5 LIMIT 5",
			"MATCH (a:User)-->() WITH a.id AS id, count(*) AS d ORDER BY d DESC, id WITH collect([id, d]) AS rows UNWIND rows[5..10] AS row RETURN row[0] AS id, row[1] AS d",
			"MATCH (a:User)-->() WITH a.id AS id, count(*) AS d ORDER BY d DESC, id SKIP 5 WITH id, d LIMIT 5 RETURN id, d",
			"MATCH (a:User) WITH a.id AS id, COUNT { (a)-->() } AS d WHERE d > 0 RETURN id, d ORDER BY d DESC, id SKIP 5 LIMIT 5",
		)},
		// sd_agg_with_where: hubs over a degree and their relationships,
		// the degree as COUNT { } in WITH or in WHERE and RETURN, a CALL
		// { } per node, a CASE in WHERE, the degrees collected.
		{"u-h7-hubs-over", "aggregation", Users, written(false,
			"MATCH (a:User)-->(b) WITH a, count(b) AS d WHERE d >= 500 RETURN count(a) AS hubs, sum(d) AS rels",
			"MATCH (a:User) WITH a, COUNT { (a)-->() } AS d WHERE d >= 500 RETURN count(a) AS hubs, sum(d) AS rels",
			"MATCH (a:User) WHERE COUNT { (a)-->() } >= 500 RETURN count(a) AS hubs, sum(COUNT { (a)-->() }) AS rels",
			"MATCH (a:User) CALL { WITH a MATCH (a)-->(b) RETURN count(b) AS d } WITH a, d WHERE d >= 500 RETURN count(a) AS hubs, sum(d) AS rels",
			"MATCH (a:User)-->(b) WITH a, count(*) AS d WHERE CASE WHEN d >= 500 THEN true ELSE false END RETURN count(a) AS hubs, sum(d) AS rels",
			"MATCH (a:User)-->(b) WITH a, count(b) AS d WITH collect(CASE WHEN d >= 500 THEN d END) AS ds RETURN size(ds) AS hubs, reduce(s = 0, x IN ds | s + x) AS rels",
		)},
		// sd_shortest_path: the length of the shortest path as length(),
		// the size of its relationships, its nodes less one, a reduce.
		{"u-h7-shortest-functions", "path functions", Users, written(false,
			"MATCH p = shortestPath((a:User {id: $hub})-[*..6]-(b:User {id: $other})) RETURN length(p) AS len",
			"MATCH p = shortestPath((a:User {id: $hub})-[*..6]-(b:User {id: $other})) RETURN size(relationships(p)) AS len",
			"MATCH p = shortestPath((a:User {id: $hub})-[*..6]-(b:User {id: $other})) RETURN size(nodes(p)) - 1 AS len",
			"MATCH p = shortestPath((a:User {id: $hub})-[rs*..6]-(b:User {id: $other})) RETURN reduce(n = 0, r IN rs | n + 1) AS len",
		)},
		// The anchor's filter wrapped: plain, CASE, coalesce, = true,
		// a simple CASE, a map of values read by key.
		{"u-h7-wrapped-anchor", "filters", Users, written(false,
			"MATCH (a:User)-->(b)-->(c) WHERE a.id = $hub RETURN count(*) AS c",
			"MATCH (a:User)-->(b)-->(c) WHERE CASE WHEN a.id = $hub THEN true ELSE false END RETURN count(*) AS c",
			"MATCH (a:User)-->(b)-->(c) WHERE coalesce(a.id = $hub, false) RETURN count(*) AS c",
			"MATCH (a:User)-->(b)-->(c) WHERE (a.id = $hub) = true RETURN count(*) AS c",
			"MATCH (a:User)-->(b)-->(c) WHERE CASE a.id WHEN $hub THEN true ELSE false END RETURN count(*) AS c",
			"WITH {id: $hub} AS p MATCH (a:User)-->(b)-->(c) WHERE a.id = p.id RETURN count(*) AS c",
		)},
		// Two hops through a WITH: DISTINCT middles, the middle renamed,
		// shadowing the anchor's name, WITH *, a CALL { }, two MATCH
		// clauses (no uniqueness across a WITH or a second MATCH).
		{"u-h7-with-shadow", "WITH pipelines", Users, written(false,
			"MATCH (a:User {id: $hub})-->(b) WITH DISTINCT b MATCH (b)-->(c) RETURN count(DISTINCT c) AS n",
			"MATCH (a:User {id: $hub})-->(b) WITH b AS a MATCH (a)-->(c) RETURN count(DISTINCT c) AS n",
			"MATCH (a:User {id: $hub})-->(b) WITH * MATCH (b)-->(c) RETURN count(DISTINCT c) AS n",
			"MATCH (a:User {id: $hub})-->(b) CALL { WITH b MATCH (b)-->(c) RETURN c } RETURN count(DISTINCT c) AS n",
			"MATCH (a:User {id: $hub})-->(b) MATCH (b)-->(c) RETURN count(DISTINCT c) AS n",
		)},
		// The neighbours either way: undirected DISTINCT, a UNION (and a
		// UNION ALL then DISTINCT) of both directions inside CALL { }.
		{"u-h7-call-union", "CALL subqueries", Users, written(false,
			"MATCH (a:User {id: $hub})--(b) RETURN count(DISTINCT b) AS c",
			"CALL { MATCH (a:User {id: $hub})-->(b) RETURN b UNION MATCH (a:User {id: $hub})<--(b) RETURN b } RETURN count(b) AS c",
			"CALL { MATCH (a:User {id: $hub})-->(b) RETURN b UNION ALL MATCH (a:User {id: $hub})<--(b) RETURN b } RETURN count(DISTINCT b) AS c",
			"MATCH (a:User {id: $hub}) CALL { WITH a MATCH (a)-->(b) RETURN b UNION WITH a MATCH (a)<--(b) RETURN b } RETURN count(b) AS c",
		)},

		// Generic graphs.
		// A cartesian product joined by a later WHERE against one pattern:
		// the end's label in the pattern, a second MATCH of the labelled
		// node, equality of nodes and of ids.
		{"g-h7-cartesian-join", "cartesian products", Generic, written(false,
			"MATCH (a:A)-[:R]->(b:B) RETURN count(*) AS n",
			"MATCH (b:B) MATCH (a:A)-[:R]->(b) RETURN count(*) AS n",
			"MATCH (a:A), (b:B) MATCH (a)-[:R]->(b) RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(x) MATCH (b:B) WHERE b = x RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(x), (b:B) WHERE id(b) = id(x) RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(x) WHERE x:B RETURN count(*) AS n",
		)},
		// A cycle closed by the pattern or by an equality of its last
		// node with its first (=, id(), either side), the last node
		// labelled or read after; self-loops closed the same ways.
		{"g-h7-equal-close", "cartesian products", Generic, written(false,
			"MATCH (a:A)-[:R]->(b)-[:S]->(a) RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A)-[:R]->(b)-[:S]->(d) WHERE d = a RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A)-[:R]->(b)-[:S]->(d) WHERE id(a) = id(d) RETURN d.k AS k, count(*) AS n",
			"MATCH (a)-[:R]->(b)-[:S]->(d:A) WHERE a = d RETURN d.k AS k, count(d) AS n",
			"MATCH (a:A)-[:R]->(b) MATCH (b)-[s:S]->(d) WHERE d = a RETURN a.k AS k, count(s) AS n",
		)},
		{"g-h7-equal-self-loop", "cartesian products", Generic, written(false,
			"MATCH (a:A)-[r:R]->(a) RETURN count(r) AS n, count(DISTINCT a) AS m",
			"MATCH (a:A)-[r:R]->(d) WHERE d = a RETURN count(r) AS n, count(DISTINCT d) AS m",
			"MATCH (a:A)-[r:R]->(d) WHERE id(d) = id(a) AND d.k = a.k OR (a:A)-[r]->(d) AND d = a RETURN count(r) AS n, count(DISTINCT a) AS m",
			"MATCH (a:A)<-[r:R]-(d) WHERE d = a RETURN count(r) AS n, count(DISTINCT a) AS m",
		)},
		// Two hops with a test between the middle and the end: the
		// variables, nodes(p) indexed, a list of the path's keys, last().
		{"g-h7-path-nodes", "path functions", Generic, written(false,
			"MATCH (a:A)-[:R]->(b)-[:S]->(c) WHERE b.k < c.k RETURN count(*) AS n",
			"MATCH p = (a:A)-[:R]->()-[:S]->() WHERE nodes(p)[1].k < nodes(p)[2].k RETURN count(p) AS n",
			"MATCH p = (a:A)-[:R]->()-[:S]->() WITH [x IN nodes(p) | x.k] AS ks WHERE ks[1] < ks[2] RETURN count(*) AS n",
			"MATCH p = (a:A)-[:R]->(b)-[:S]->() WHERE last(nodes(p)).k > b.k RETURN count(*) AS n",
			"MATCH p = (a:A)-[:R]->(b)-[:S]->(c) WHERE length(p) = 2 AND b.k < c.k RETURN count(*) AS n",
		)},
		// The ends around a variable-length relationship: the variables,
		// positions from the start and from the end of nodes(p) and
		// relationships(p), head() and last().
		{"g-h7-path-ends", "path functions", Generic, written(false,
			"MATCH (a:A)-[r:R]->(b)-[:S*1..2]->(c)-[t:T]->(d) RETURN a.k AS ak, b.k AS bk, c.k AS ck, d.k AS dk, r.w AS rw, t.w AS tw",
			"MATCH p = (a:A)-[:R]->()-[:S*1..2]->()-[:T]->() RETURN nodes(p)[0].k AS ak, nodes(p)[1].k AS bk, nodes(p)[-2].k AS ck, last(nodes(p)).k AS dk, head(relationships(p)).w AS rw, relationships(p)[-1].w AS tw",
			"MATCH p = (a:A)-[r:R]->(b)-[:S*1..2]->(c)-[t:T]->(d) WITH p, a, b, c, d RETURN head(nodes(p)).k AS ak, b.k AS bk, nodes(p)[size(nodes(p)) - 2].k AS ck, d.k AS dk, relationships(p)[0].w AS rw, last(relationships(p)).w AS tw",
			"MATCH p = (a:A)-[:R]->()-[:S*1..2]->()-[:T]->() WITH nodes(p) AS ns, relationships(p) AS rs RETURN ns[0].k AS ak, ns[1].k AS bk, ns[-2].k AS ck, ns[-1].k AS dk, rs[0].w AS rw, rs[-1].w AS tw",
		)},
		// Paths of two or three hops: the bounds, the size of the named
		// relationship list, the path's length, in WHERE.
		{"g-h7-list-size", "path functions", Generic, written(false,
			"MATCH (a:A)-[:R*2..3]->(b) RETURN count(*) AS n, count(DISTINCT b) AS d",
			"MATCH (a:A)-[rs:R*1..3]->(b) WHERE size(rs) >= 2 RETURN count(*) AS n, count(DISTINCT b) AS d",
			"MATCH (a:A)-[rs:R*..3]->(b) WHERE 1 < size(rs) RETURN count(*) AS n, count(DISTINCT b) AS d",
			"MATCH p = (a:A)-[:R*1..3]->(b) WHERE length(p) > 1 RETURN count(*) AS n, count(DISTINCT b) AS d",
			"MATCH (a:A)-[rs:R*2..4]->(b) WHERE size(rs) <= 3 RETURN count(*) AS n, count(DISTINCT b) AS d",
		)},
		// A sum over the two relationships of each path: the variables,
		// reduce over relationships(p), indexed relationships, a list
		// comprehension (null when a weight is: sum skips it).
		{"g-h7-rel-reduce", "path functions", Generic, written(false,
			"MATCH (a {id: $a})-[r1]->()-[r2]->() RETURN sum(r1.w + r2.w) AS s",
			"MATCH p = (a {id: $a})-->()-->() RETURN sum(reduce(s = 0, r IN relationships(p) | s + r.w)) AS s",
			"MATCH p = (a {id: $a})-->()-->() RETURN sum(relationships(p)[0].w + relationships(p)[1].w) AS s",
			"MATCH p = (a {id: $a})-->()-->() WITH [r IN relationships(p) | r.w] AS ws RETURN sum(ws[0] + ws[1]) AS s",
		)},
		// A filter on the end wrapped: plain, CASE, coalesce, = true,
		// nullIf, a CASE with a value.
		{"g-h7-wrapped-filter", "filters", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WHERE b.k <> 0 RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE CASE WHEN b.k <> 0 THEN true ELSE false END RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE coalesce(b.k <> 0, false) RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE nullIf(b.k, 0) IS NOT NULL RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE (b.k <> 0) = true RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE CASE b.k WHEN 0 THEN false ELSE b.k IS NOT NULL END RETURN count(*) AS n",
		)},
		// A filter written as a simple CASE (a null subject takes no
		// WHEN), a searched CASE, IN and OR.
		{"g-h7-simple-case", "filters", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WHERE b.k = 1 OR b.k = 2 RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE CASE b.k WHEN 1 THEN true WHEN 2 THEN true ELSE false END RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE CASE b.k WHEN 1 THEN true WHEN 2 THEN true END RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE CASE WHEN b.k = 1 THEN true WHEN b.k = 2 THEN true ELSE false END RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IN [1, 2] RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE CASE b.k WHEN 1 THEN true WHEN 2 THEN true ELSE null END RETURN count(*) AS n",
		)},
		// An anchor's value read from a map: a placeholder, a map
		// literal's key in WHERE and inline, a missing key (null), a
		// scalar passed by WITH.
		{"g-h7-map-value", "parameters", Generic, written(false,
			"MATCH (a {id: $a})-->(b)-->(c) RETURN count(*) AS n",
			"WITH {x: $a} AS p MATCH (a)-->(b)-->(c) WHERE a.id = p.x RETURN count(*) AS n",
			"WITH {x: $a, y: null} AS p MATCH (a)-->(b)-->(c) WHERE a.id = p.x AND p.z IS NULL RETURN count(*) AS n",
			"WITH {x: $a} AS p MATCH (a {id: p.x})-->(b)-->(c) RETURN count(*) AS n",
			"WITH $a AS x MATCH (a)-->(b)-->(c) WHERE a.id = x RETURN count(*) AS n",
		)},
		// Nodes reached one way or another: a UNION inside CALL { }, the
		// two existence tests OR-ed, a correlated CALL with a UNION.
		{"g-h7-call-union", "CALL subqueries", Generic, written(false,
			"CALL { MATCH (a:A)-[:R]->(b) RETURN b UNION MATCH (a:A)<-[:S]-(b) RETURN b } RETURN count(b) AS n",
			"MATCH (b) WHERE EXISTS { (:A)-[:R]->(b) } OR EXISTS { (:A)<-[:S]-(b) } RETURN count(b) AS n",
			"CALL { MATCH (a:A)-[:R]->(b) RETURN b UNION ALL MATCH (a:A)<-[:S]-(b) RETURN b } RETURN count(DISTINCT b) AS n",
			"MATCH (b) CALL { WITH b MATCH (:A)-[:R]->(b) RETURN 1 AS x UNION WITH b MATCH (:A)<-[:S]-(b) RETURN 1 AS x } RETURN count(b) AS n",
		)},
		// A correlated CALL { } whose body works row by row: the clauses
		// in place, the body importing by WITH, CALL (b), CALL (*), a body
		// variable named as an outer one it does not import (its own).
		{"g-h7-call-rows", "CALL subqueries", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) MATCH (b)-[:S]->(c) RETURN a.k AS ak, c.k AS ck",
			"MATCH (a:A)-[:R]->(b) CALL { WITH b MATCH (b)-[:S]->(c) RETURN c } RETURN a.k AS ak, c.k AS ck",
			"MATCH (a:A)-[:R]->(b) CALL (b) { MATCH (b)-[:S]->(x) RETURN x.k AS ck } RETURN a.k AS ak, ck",
			"MATCH (a:A)-[:R]->(b) CALL (*) { MATCH (b)-[:S]->(c) RETURN c.k AS ck } RETURN a.k AS ak, ck",
			"MATCH (a:A)-[:R]->(b) CALL { WITH b MATCH (b)-[:S]->(a) RETURN a.k AS ck } RETURN a.k AS ak, ck",
		)},
		{"g-h7-call-rows-optional", "CALL subqueries", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) OPTIONAL MATCH (b)-[:S]->(c:B) RETURN a.k AS ak, c.k AS ck",
			"MATCH (a:A)-[:R]->(b) CALL { WITH b OPTIONAL MATCH (b)-[:S]->(c:B) RETURN c } RETURN a.k AS ak, c.k AS ck",
			"MATCH (a:A)-[r:R]->(b) CALL (a, b) { OPTIONAL MATCH (b)-[:S]->(c:B) RETURN c.k AS ck } RETURN a.k AS ak, ck",
			"MATCH (a:A)-[:R]->(b) CALL { WITH b UNWIND [1] AS one OPTIONAL MATCH (b)-[:S]->(c:B) RETURN c.k AS ck } RETURN a.k AS ak, ck",
		)},
		// Two hops under uniqueness written out: one MATCH, a comma, two
		// MATCH clauses with r2 <> r1, and with NOT id(r2) = id(r1).
		{"g-h7-uniqueness-spelled", "relationship uniqueness", Generic, written(false,
			"MATCH (a:A)-[r1:R]->(b)-[r2:R]->(c) RETURN count(*) AS n",
			"MATCH (a:A)-[r1:R]->(b), (b)-[r2:R]->(c) RETURN count(*) AS n",
			"MATCH (a:A)-[r1:R]->(b) MATCH (b)-[r2:R]->(c) WHERE r2 <> r1 RETURN count(*) AS n",
			"MATCH (a:A)-[r1:R]->(b) MATCH (b)-[r2:R]->(c) WHERE NOT id(r2) = id(r1) RETURN count(*) AS n",
			"MATCH (a:A)-[r1:R]->(b) MATCH (b)-[r2:R]->(c) WHERE NOT r2 IN [r1] RETURN count(*) AS n",
		)},

		// Grouping by values computed in a WITH before the aggregation:
		// in RETURN, in a WITH, counted by count(*) or the (never null)
		// type, a key read inside a comprehension.
		{"g-h7-with-computed", "aggregation", Generic, written(false,
			"MATCH (a:A)-[r]->(b) RETURN type(r) AS t, b.k AS k, count(*) AS n",
			"MATCH (a:A)-[r]->(b) WITH type(r) AS t, b.k AS k RETURN t, k, count(*) AS n",
			"MATCH (a:A)-[r]->(b) WITH type(r) AS t, b.k + 0 AS k RETURN t, k, count(t) AS n",
			"MATCH (a:A)-[r]->(b) WITH r, type(r) AS t, b AS x RETURN t, x.k AS k, count(r) AS n",
			"MATCH (a:A)-[r]->(b) WITH type(r) AS t, b.k AS k RETURN t, [b IN [k] | b][0] AS k, count(*) AS n",
		)},
		// Stack Overflow.
		// The top askers of a tag: a grouped count, a WITH pipeline, a
		// CALL { } per user, the ordered collect sliced.
		{"s-h7-tag-top-askers", "ORDER BY / SKIP / LIMIT", StackOverflow, written(true,
			"MATCH (u:User)-[:ASKED]->(q:Question)-[:TAGGED]->(t:Tag {name: $tag}) RETURN u.user_id AS id, count(q) AS n ORDER BY n DESC, id LIMIT 5",
			"MATCH (t:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ASKED]-(u:User) WITH u, count(*) AS n ORDER BY n DESC, u.user_id LIMIT 5 RETURN u.user_id AS id, n",
			"MATCH (u:User) CALL { WITH u MATCH (u)-[:ASKED]->(q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN count(q) AS n } WITH u, n WHERE n > 0 RETURN u.user_id AS id, n ORDER BY n DESC, id LIMIT 5",
			"MATCH (u:User)-[:ASKED]->(q:Question)-[:TAGGED]->(t:Tag {name: $tag}) WITH u.user_id AS id, count(q) AS n ORDER BY n DESC, id WITH collect([id, n])[..5] AS top UNWIND top AS row RETURN row[0] AS id, row[1] AS n",
		)},
		// Answers to a user's questions: one pattern, two MATCH clauses,
		// the path's last node, COUNT { } per question.
		{"s-h7-answers-to-asker", "path functions", StackOverflow, written(false,
			"MATCH (u:User {user_id: $user})-[:ASKED]->(q:Question)<-[:ANSWERED]-(a:Answer) RETURN count(a) AS n",
			"MATCH (u:User {user_id: $user})-[:ASKED]->(q:Question) MATCH (a:Answer)-[:ANSWERED]->(q) RETURN count(a) AS n",
			"MATCH p = (u:User {user_id: $user})-[:ASKED]->(:Question)<-[:ANSWERED]-(:Answer) RETURN count(last(nodes(p))) AS n",
			"MATCH (u:User {user_id: $user})-[:ASKED]->(q:Question) RETURN sum(COUNT { (q)<-[:ANSWERED]-(:Answer) }) AS n",
			"MATCH (u:User)-[:ASKED]->(q:Question), (a:Answer)-[:ANSWERED]->(x:Question) WHERE u.user_id = $user AND x = q RETURN count(a) AS n",
		)},

		// LDBC.
		// is2: a person's latest messages: ORDER BY ... LIMIT, LIMIT
		// inside a WITH, the ordered collect sliced, the anchor in a
		// second MATCH.
		{"l-h7-latest-messages", "ORDER BY / SKIP / LIMIT", LDBC, written(true,
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) RETURN m.id AS id, m.creationDate AS d ORDER BY d DESC, id LIMIT 10",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) WITH m, m.id AS id, m.creationDate AS d ORDER BY d DESC, id LIMIT 10 RETURN id, d",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) WITH m.id AS id, m.creationDate AS d ORDER BY d DESC, id WITH collect([id, d])[..10] AS top UNWIND top AS row RETURN row[0] AS id, row[1] AS d",
			"MATCH (m:Message) MATCH (m)-[:HAS_CREATOR]->(p:Person) WHERE p.id = $person RETURN m.id AS id, m.creationDate AS d ORDER BY d DESC, id LIMIT 10",
		)},
		// ic2: friends' messages, the latest twenty: one pattern, three
		// MATCH clauses, the top per friend in a CALL { } (the global top
		// is among them: ties are broken by the unique id).
		{"l-h7-friend-messages-top", "ORDER BY / SKIP / LIMIT", LDBC, written(true,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person)<-[:HAS_CREATOR]-(m:Message) RETURN f.id AS fid, m.id AS mid ORDER BY m.creationDate DESC, mid LIMIT 20",
			"MATCH (p:Person {id: $person}) MATCH (p)-[:KNOWS]-(f:Person) MATCH (f)<-[:HAS_CREATOR]-(m:Message) RETURN f.id AS fid, m.id AS mid ORDER BY m.creationDate DESC, mid LIMIT 20",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) CALL { WITH f MATCH (f)<-[:HAS_CREATOR]-(m:Message) RETURN m ORDER BY m.creationDate DESC, m.id LIMIT 20 } RETURN f.id AS fid, m.id AS mid ORDER BY m.creationDate DESC, mid LIMIT 20",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person)<-[:HAS_CREATOR]-(m:Message) WITH f, m ORDER BY m.creationDate DESC, m.id LIMIT 20 RETURN f.id AS fid, m.id AS mid ORDER BY m.creationDate DESC, mid",
		)},
		// ic9: friends within two hops but the person: NOT =, <>, id()
		// differs, NOT IN a one-element list, a CASE.
		{"l-h7-not-root", "filters", LDBC, written(false,
			"MATCH (root:Person {id: $person})-[:KNOWS*1..2]-(f:Person) WHERE NOT f = root RETURN count(DISTINCT f) AS n",
			"MATCH (root:Person {id: $person})-[:KNOWS*1..2]-(f:Person) WHERE f <> root RETURN count(DISTINCT f) AS n",
			"MATCH (root:Person {id: $person})-[:KNOWS*1..2]-(f:Person) WHERE id(f) <> id(root) RETURN count(DISTINCT f) AS n",
			"MATCH (root:Person {id: $person})-[:KNOWS*1..2]-(f:Person) WHERE NOT f IN [root] RETURN count(DISTINCT f) AS n",
			"MATCH (root:Person {id: $person})-[:KNOWS*1..2]-(f:Person) WHERE CASE WHEN f = root THEN false ELSE true END RETURN count(DISTINCT f) AS n",
		)},
		// ic13: the length of the shortest KNOWS path between two persons
		// matched as a cartesian product: length, CASE on a null path, the
		// relationships' size, nodes less one, coalesce.
		{"l-h7-shortest-length", "path functions", LDBC, written(false,
			"MATCH (p1:Person {id: $person}), (p2:Person {id: $other}), path = shortestPath((p1)-[:KNOWS*]-(p2)) RETURN length(path) AS len",
			"MATCH (p1:Person {id: $person}), (p2:Person {id: $other}), path = shortestPath((p1)-[:KNOWS*]-(p2)) RETURN CASE path IS NULL WHEN true THEN -1 ELSE length(path) END AS len",
			"MATCH (p1:Person {id: $person}), (p2:Person {id: $other}) MATCH path = shortestPath((p1)-[:KNOWS*]-(p2)) RETURN size(relationships(path)) AS len",
			"MATCH (p1:Person {id: $person}) MATCH (p2:Person {id: $other}) MATCH path = shortestPath((p1)-[:KNOWS*]-(p2)) RETURN size(nodes(path)) - 1 AS len",
			"MATCH (p1:Person {id: $person}), (p2:Person {id: $other}), path = shortestPath((p1)-[:KNOWS*]-(p2)) RETURN coalesce(length(path), -1) AS len",
		)},

		// Northwind.
		// A customer's most bought products: grouped sums, a named order,
		// a CALL { } per order, the ordered collect sliced.
		{"n-h7-customer-top-products", "ORDER BY / SKIP / LIMIT", Northwind, written(true,
			"MATCH (c:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[o:ORDERS]->(p:Product) RETURN p.productName AS name, sum(o.quantity) AS q ORDER BY q DESC, name LIMIT 5",
			"MATCH (c:Customer {customerID: $customer})-[:PURCHASED]->(ord:Order) MATCH (ord)-[o:ORDERS]->(p:Product) WITH p.productName AS name, sum(o.quantity) AS q ORDER BY q DESC, name LIMIT 5 RETURN name, q",
			"MATCH (c:Customer {customerID: $customer})-[:PURCHASED]->(ord:Order) CALL { WITH ord MATCH (ord)-[o:ORDERS]->(p:Product) RETURN p, o.quantity AS n } RETURN p.productName AS name, sum(n) AS q ORDER BY q DESC, name LIMIT 5",
			"MATCH (c:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[o:ORDERS]->(p:Product) WITH p.productName AS name, sum(o.quantity) AS q ORDER BY q DESC, name WITH collect({name: name, q: q})[..5] AS top UNWIND top AS t RETURN t.name AS name, t.q AS q",
		)},
		// A category's revenue: the line's properties, the path's last
		// relationship, the relationships indexed, reduce with a CASE.
		{"n-h7-category-revenue", "path functions", Northwind, written(false,
			"MATCH (:Category {categoryName: $category})<-[:PART_OF]-(:Product)<-[o:ORDERS]-(:Order) RETURN sum(o.unitPrice * o.quantity) AS revenue",
			"MATCH p = (:Category {categoryName: $category})<-[:PART_OF]-(:Product)<-[:ORDERS]-(:Order) RETURN sum(last(relationships(p)).unitPrice * last(relationships(p)).quantity) AS revenue",
			"MATCH p = (:Category {categoryName: $category})<-[:PART_OF]-(:Product)<-[:ORDERS]-(:Order) WITH relationships(p)[1] AS o RETURN sum(o.unitPrice * o.quantity) AS revenue",
			"MATCH (c:Category {categoryName: $category}) MATCH (c)<-[:PART_OF]-(pr:Product) MATCH (pr)<-[o:ORDERS]-(:Order) RETURN sum(o.unitPrice * o.quantity) AS revenue",
		)},

		// WN18RR.
		// wn_2hop_undirected_hypernym: named middle and relationships,
		// uniqueness across two MATCH clauses, the path's last node, the
		// collected set's size.
		{"w-h7-two-hop-hypernym", "two-hop", WordNet, written(false,
			"MATCH (e:Entity {id: $entity})-[:_hypernym]-()-[:_hypernym]-(x) RETURN count(DISTINCT x) AS c",
			"MATCH (e:Entity {id: $entity})-[r1:_hypernym]-(m)-[r2:_hypernym]-(x) RETURN count(DISTINCT x) AS c",
			"MATCH (e:Entity {id: $entity})-[r1:_hypernym]-(m) MATCH (m)-[r2:_hypernym]-(x) WHERE r2 <> r1 RETURN count(DISTINCT x) AS c",
			"MATCH p = (e:Entity {id: $entity})-[:_hypernym]-()-[:_hypernym]-() RETURN count(DISTINCT last(nodes(p))) AS c",
			"MATCH (e:Entity {id: $entity})-[:_hypernym]-()-[:_hypernym]-(x) WITH collect(DISTINCT x) AS xs RETURN size(xs) AS c",
		)},
		// wn_top10_degree: grouped count, COUNT { }, a pattern
		// comprehension's size, LIMIT inside a WITH.
		{"w-h7-top10-degree", "ORDER BY / SKIP / LIMIT", WordNet, written(true,
			"MATCH (e:Entity)--() RETURN e.id AS id, e.name AS name, count(*) AS d ORDER BY d DESC, id LIMIT 10",
			"MATCH (e:Entity) WITH e, COUNT { (e)--() } AS d WHERE d > 0 RETURN e.id AS id, e.name AS name, d ORDER BY d DESC, id LIMIT 10",
			"MATCH (e:Entity) WITH e, size([(e)--(x) | x]) AS d WHERE d > 0 RETURN e.id AS id, e.name AS name, d ORDER BY d DESC, id LIMIT 10",
			"MATCH (e:Entity)-[r]-() WITH e, count(r) AS d ORDER BY d DESC, e.id LIMIT 10 RETURN e.id AS id, e.name AS name, d",
		)},
		// wn_rel_types: relationships per type: count(*), count(r), the
		// type grouped after a WITH, a CALL { }.
		{"w-h7-rel-types", "aggregation", WordNet, written(true,
			"MATCH ()-[r]->() RETURN type(r) AS t, count(*) AS c ORDER BY c DESC, t",
			"MATCH (a)-[r]->(b) RETURN type(r) AS t, count(r) AS c ORDER BY c DESC, t",
			"MATCH ()-[r]->() WITH type(r) AS t RETURN t, count(t) AS c ORDER BY c DESC, t",
			"CALL { MATCH ()-[r]->() RETURN r } RETURN type(r) AS t, count(*) AS c ORDER BY c DESC, t",
		)},
		// wn_1hop_undirected: count, COUNT { }, a pattern comprehension,
		// OPTIONAL MATCH, a CALL { }.
		{"w-h7-one-hop-undirected", "aggregation", WordNet, written(false,
			"MATCH (e:Entity {id: $entity})--(x) RETURN count(x) AS c",
			"MATCH (e:Entity {id: $entity}) RETURN sum(COUNT { (e)--() }) AS c",
			"MATCH (e:Entity {id: $entity}) RETURN sum(size([(e)--(x) | x])) AS c",
			"MATCH (e:Entity {id: $entity}) OPTIONAL MATCH (e)--(x) RETURN count(x) AS c",
			"MATCH (e:Entity {id: $entity}) CALL { WITH e MATCH (e)-[r]-() RETURN count(r) AS n } RETURN sum(n) AS c",
		)},
	}
}
