package metamorphic

// heldout14Questions are the fourteenth held-out round's kinds, where the
// thirteen earlier rounds were thin: variable-length relationships with a
// lower bound of zero (`*0..2`, `{0,2}`) against a UNION with the start,
// OPTIONAL MATCH chains collected and programs of unions; cycles of an
// exact length (`*3..3`, `{3}`, `*2..2` back to the start, undirected)
// against explicit hops; self-loops found by elementId(), id(),
// startNode() and endNode(); elementId() comparisons in joins and
// unordered pairs; CASE with nulls (a simple CASE never matches null,
// NOT of null, a list indexed by null, coalesce() of a CASE without
// ELSE); min() and max() of strings against ordered collects, reduce()
// and none(); nested list comprehensions against UNWIND twice and
// COUNT { }; maps collected then read by key, map projections and
// reduce() building a map; nested lists flattened by reduce() and UNWIND
// twice against later MATCH clauses and CALL { }; node-simple paths
// (no repeated node) by index ranges, reduce() and explicit hops; IN
// with a null element; UNWIND range() with a step joined to a MATCH;
// ORDER BY a list key against the keys in turn; SHORTEST k and ALL
// SHORTEST (SHORTEST 1 GROUPS) path selectors against the k least
// lengths of variable-length and quantified paths; string functions in
// join keys; GQL function names (upper, lower, char_length, btrim);
// GraphProgram forms with union, intersection and difference.
func heldout14Questions() []Question {
	return []Question{
		// Generic graphs.
		// Nodes reachable from the $a nodes by R in zero to two steps (the
		// start included), per string: *0..2, a quantified path {0,2}, a
		// UNION with the start, an OPTIONAL MATCH chain collected, pattern
		// tests under OR, the last node of the path, two *0..1 in a row.
		{"g-h14-zero-length-reach", "variable-length lower bound 0", Generic, written(false,
			"MATCH (a {id: $a})-[:R*0..2]->(b) WITH DISTINCT b RETURN b.s AS s, count(*) AS n",
			"MATCH (a {id: $a}) (()-[:R]->()){0,2} (b) WITH DISTINCT b RETURN b.s AS s, count(*) AS n",
			"CALL { MATCH (a {id: $a}) RETURN a AS b UNION MATCH (a {id: $a})-[:R*1..2]->(b) RETURN b } RETURN b.s AS s, count(*) AS n",
			"MATCH (a {id: $a}) OPTIONAL MATCH (a)-[:R]->(x) OPTIONAL MATCH (x)-[:R]->(y) WITH collect(a) + collect(x) + collect(y) AS bs UNWIND bs AS b WITH DISTINCT b RETURN b.s AS s, count(*) AS n",
			"MATCH (a {id: $a}), (b) WHERE a = b OR (a)-[:R]->(b) OR EXISTS { (a)-[:R]->()-[:R]->(b) } WITH DISTINCT b RETURN b.s AS s, count(*) AS n",
			"MATCH p = (a {id: $a})-[:R*0..2]->() WITH DISTINCT last(nodes(p)) AS b RETURN b.s AS s, count(*) AS n",
			"MATCH (a {id: $a}) MATCH (a)-[:R*0..1]->()-[:R*0..1]->(b) WITH DISTINCT b RETURN b.s AS s, count(*) AS n",
		)},
		// A nodes on a directed R cycle of exactly three relationships, per
		// key: EXISTS { } of *3..3 back to the start, of three explicit
		// hops, of a quantified path {3}, the matches made distinct, COUNT
		// { } of the paths, three named hops made distinct, a path
		// comprehension's size.
		{"g-h14-three-cycles", "cycles of an exact length", Generic, written(false,
			"MATCH (a:A) WHERE EXISTS { (a)-[:R*3..3]->(a) } RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->()-[:R]->()-[:R]->(a) } RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) WHERE EXISTS { (a) (()-[:R]->()){3} (a) } RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A)-[:R*3..3]->(a) WITH DISTINCT a RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) WHERE COUNT { MATCH p = (a)-[:R*3..3]->(a) RETURN p } > 0 RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A)-[r1:R]->(x)-[r2:R]->(y)-[r3:R]->(a) WITH DISTINCT a RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A) WHERE size([p = (a)-[:R*3..3]->(a) | p]) > 0 RETURN a.k AS k, count(*) AS n",
		)},
		// Undirected R walks of two relationships from an A node back to
		// itself (two different relationships), per string: *2..2, two
		// explicit hops, a quantified path {2}, COUNT { } summed, the path
		// with its ends compared, the list's two elements compared.
		{"g-h14-undirected-back", "cycles of an exact length", Generic, written(false,
			"MATCH (a:A)-[:R*2..2]-(a) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:R]-(x)-[:R]-(a) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) (()-[:R]-()){2} (a) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WITH a.s AS s, sum(COUNT { (a)-[:R*2..2]-(a) }) AS n WHERE n > 0 RETURN s, n",
			"MATCH p = (a:A)-[:R*2..2]-(b) WHERE a = b RETURN a.s AS s, count(p) AS n",
			"MATCH (a:A)-[rs:R*2..2]-(b) WHERE b = a AND rs[0] <> rs[1] RETURN a.s AS s, count(*) AS n",
		)},
		// S relationships from an A node to a B node other than itself,
		// per string: node inequality, elementId() and id() compared, the
		// elementIds bound in a WITH, startNode() and endNode() of the
		// relationship, self-loops counted and subtracted.
		{"g-h14-element-id-pairs", "elementId comparisons", Generic, written(false,
			"MATCH (a:A)-[:S]->(b:B) WHERE a <> b RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:S]->(b:B) WHERE elementId(a) <> elementId(b) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:S]->(b:B) WHERE id(a) <> id(b) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:S]->(b:B) WITH a, elementId(a) AS ea, elementId(b) AS eb WHERE NOT ea = eb RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[r:S]->(b:B) WHERE elementId(startNode(r)) <> elementId(endNode(r)) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:S]->(b:B) WITH a.s AS s, count(*) AS total, count(CASE WHEN elementId(a) = elementId(b) THEN 1 END) AS loops WHERE total > loops RETURN s, total - loops AS n",
		)},
		// Self-loops per type: the same variable at both ends, elementId()
		// and id() of the ends compared, startNode() = endNode(), a
		// pattern comprehension of each node's loops unwound.
		{"g-h14-self-loops", "self-loops", Generic, written(false,
			"MATCH (a)-[r]->(a) RETURN type(r) AS t, count(*) AS n",
			"MATCH (a)-[r]->(b) WHERE elementId(a) = elementId(b) RETURN type(r) AS t, count(*) AS n",
			"MATCH ()-[r]->() WHERE startNode(r) = endNode(r) RETURN type(r) AS t, count(*) AS n",
			"MATCH (a) UNWIND [(a)-[r]->(a) | type(r)] AS t RETURN t, count(*) AS n",
			"MATCH (a)-[r]->(b) WHERE id(a) = id(b) RETURN type(r) AS t, count(*) AS n",
			"MATCH (a)-[r]->(b) WITH r, a = b AS loop WHERE loop RETURN type(r) AS t, count(*) AS n",
		)},
		// A nodes per class of key (none, low below 2, high): a searched
		// CASE, coalesce() of a CASE without ELSE, the null test second, a
		// simple CASE whose WHEN null never matches, NOT of a comparison
		// with null, a list indexed by the key, a UNION ALL of the classes.
		{"g-h14-case-nulls", "CASE with nulls", Generic, written(false,
			"MATCH (n:A) RETURN CASE WHEN n.k IS NULL THEN 'none' WHEN n.k < 2 THEN 'low' ELSE 'high' END AS c, count(*) AS n",
			"MATCH (n:A) RETURN coalesce(CASE WHEN n.k < 2 THEN 'low' WHEN n.k >= 2 THEN 'high' END, 'none') AS c, count(*) AS n",
			"MATCH (n:A) RETURN CASE WHEN n.k < 2 THEN 'low' WHEN n.k IS NULL THEN 'none' ELSE 'high' END AS c, count(*) AS n",
			"MATCH (n:A) RETURN CASE n.k WHEN null THEN 'low' WHEN 0 THEN 'low' WHEN 1 THEN 'low' ELSE coalesce(CASE WHEN n.k >= 2 THEN 'high' END, 'none') END AS c, count(*) AS n",
			"MATCH (n:A) RETURN CASE WHEN NOT n.k >= 2 THEN 'low' WHEN n.k >= 2 THEN 'high' ELSE 'none' END AS c, count(*) AS n",
			"MATCH (n:A) RETURN coalesce(['low', 'low', 'high', 'high', 'high'][n.k], 'none') AS c, count(*) AS n",
			"CALL { MATCH (n:A) WHERE n.k IS NULL RETURN 'none' AS c UNION ALL MATCH (n:A) WHERE n.k < 2 RETURN 'low' AS c UNION ALL MATCH (n:A) WHERE n.k >= 2 RETURN 'high' AS c } RETURN c, count(*) AS n",
		)},
		// Per key, the least and greatest string of A nodes: min() and
		// max(), the head and last of the ordered collect, reduce(), none()
		// of a smaller or greater one, the descending collect, the
		// upper-cased strings' minimum lowered.
		{"g-h14-min-max-strings", "min and max of strings", Generic, written(false,
			"MATCH (n:A) RETURN n.k AS k, min(n.s) AS lo, max(n.s) AS hi",
			"MATCH (n:A) WITH n.k AS k, n.s AS s ORDER BY s WITH k, collect(s) AS ss RETURN k, head(ss) AS lo, last(ss) AS hi",
			"MATCH (n:A) WITH n.k AS k, collect(n.s) AS ss RETURN k, reduce(m = null, s IN ss | CASE WHEN m IS NULL OR s < m THEN s ELSE m END) AS lo, reduce(m = null, s IN ss | CASE WHEN m IS NULL OR s > m THEN s ELSE m END) AS hi",
			"MATCH (n:A) WITH n.k AS k, collect(n.s) AS ss RETURN k, [x IN ss WHERE none(y IN ss WHERE y < x)][0] AS lo, [x IN ss WHERE none(y IN ss WHERE y > x)][0] AS hi",
			"MATCH (n:A) WITH n.k AS k, n.s AS s ORDER BY s DESC WITH k, collect(s) AS ss RETURN k, last(ss) AS lo, ss[0] AS hi",
			"MATCH (n:A) RETURN n.k AS k, toLower(min(toUpper(n.s))) AS lo, lower(max(upper(n.s))) AS hi",
		)},
		// Per A node id, the pairs of its R relationships whose end keys
		// increase: two relationships in one MATCH, a nested list
		// comprehension's sizes reduced, UNWIND twice, a reduce() over a
		// filtered comprehension, COUNT { } per relationship summed, the
		// pairs built by nested comprehensions and counted.
		{"g-h14-nested-pairs", "nested list comprehensions", Generic, written(false,
			"MATCH (x)<-[:R]-(a:A)-[:R]->(y) WHERE x.k < y.k RETURN a.id AS id, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WITH a, collect(b.k) AS ks WITH a, reduce(t = 0, l IN [x IN ks | [y IN ks WHERE x < y]] | t + size(l)) AS c WHERE c > 0 RETURN a.id AS id, sum(c) AS n",
			"MATCH (a:A)-[:R]->(b) WITH a, collect(b.k) AS ks UNWIND ks AS x UNWIND ks AS y WITH a, x, y WHERE x < y RETURN a.id AS id, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WITH a, collect(b.k) AS ks WITH a, reduce(t = 0, x IN ks | t + size([y IN ks WHERE y > x])) AS c WHERE c > 0 RETURN a.id AS id, sum(c) AS n",
			"MATCH (a:A)-[:R]->(x) WHERE x.k IS NOT NULL WITH a.id AS id, sum(COUNT { (a)-[:R]->(y) WHERE y.k > x.k }) AS n WHERE n > 0 RETURN id, n",
			"MATCH (a:A)-[:R]->(b) WITH a, collect(b.k) AS ks WITH a, size(reduce(acc = [], x IN ks | acc + [y IN ks WHERE y > x | [x, y]])) AS c WHERE c > 0 RETURN a.id AS id, sum(c) AS n",
		)},
		// Per B node id, the R in-neighbours of key above 1, counted and
		// their keys summed: directly, maps collected then filtered by
		// key, map projections collected, reduce() building a map of the
		// count and sum, a pattern comprehension of maps, pairs collected
		// as lists.
		{"g-h14-collected-maps", "collected maps read by key", Generic, written(false,
			"MATCH (x)-[:R]->(b:B) WHERE x.k > 1 RETURN b.id AS id, count(*) AS n, sum(x.k) AS total",
			"MATCH (x)-[:R]->(b:B) WITH b, collect({k: x.k, s: x.s}) AS ms UNWIND [m IN ms WHERE m.k > 1 | m.k] AS k RETURN b.id AS id, count(*) AS n, sum(k) AS total",
			"MATCH (x)-[:R]->(b:B) WITH b, collect(x {.k}) AS ms UNWIND ms AS m WITH b, m WHERE m.k > 1 RETURN b.id AS id, count(*) AS n, sum(m.k) AS total",
			"MATCH (x)-[:R]->(b:B) WITH b, collect(properties(x)) AS ps WITH b, reduce(acc = {n: 0, t: 0}, p IN ps | CASE WHEN p.k > 1 THEN {n: acc.n + 1, t: acc.t + p.k} ELSE acc END) AS agg WHERE agg.n > 0 RETURN b.id AS id, sum(agg.n) AS n, sum(agg.t) AS total",
			"MATCH (b:B) WITH b, [(x)-[:R]->(b) WHERE x.k > 1 | {k: x.k}] AS ms UNWIND ms AS m RETURN b.id AS id, count(*) AS n, sum(m.k) AS total",
			"MATCH (x)-[:R]->(b:B) WITH b, collect([x.k, x.s]) AS ps UNWIND ps AS p WITH b, p[0] AS k WHERE k > 1 RETURN b.id AS id, count(*) AS n, sum(k) AS total",
		)},
		// Per string of A nodes, the keyed nodes two R steps out (the
		// second step matched apart from the first) and their distinct
		// keys: a comprehension unwound per first step, comprehensions
		// collected and flattened by reduce(), OPTIONAL MATCH, a second
		// MATCH, CALL { }, nested pattern comprehensions unwound twice.
		{"g-h14-flatten-lists", "nested lists flattened", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) UNWIND [(b)-[:R]->(c) WHERE c.k IS NOT NULL | c.k] AS k RETURN a.s AS s, count(*) AS n, count(DISTINCT k) AS kinds",
			"MATCH (a:A)-[:R]->(b) WITH a, collect([(b)-[:R]->(c) WHERE c.k IS NOT NULL | c.k]) AS ls WITH a, reduce(acc = [], l IN ls | acc + l) AS ks UNWIND ks AS k RETURN a.s AS s, count(*) AS n, count(DISTINCT k) AS kinds",
			"MATCH (a:A)-[:R]->(b) OPTIONAL MATCH (b)-[:R]->(c) WHERE c.k IS NOT NULL WITH a.s AS s, count(c.k) AS n, count(DISTINCT c.k) AS kinds WHERE n > 0 RETURN s, n, kinds",
			"MATCH (a:A)-[:R]->(b) MATCH (b)-[:R]->(c) WHERE c.k IS NOT NULL RETURN a.s AS s, count(*) AS n, count(DISTINCT c.k) AS kinds",
			"MATCH (a:A)-[:R]->(b) CALL { WITH b MATCH (b)-[:R]->(c) WHERE c.k IS NOT NULL RETURN c.k AS k } RETURN a.s AS s, count(*) AS n, count(DISTINCT k) AS kinds",
			"MATCH (a:A) UNWIND [(a)-[:R]->(b) | [(b)-[:R]->(c) WHERE c.k IS NOT NULL | c.k]] AS l UNWIND l AS k RETURN a.s AS s, count(*) AS n, count(DISTINCT k) AS kinds",
		)},
		// Per length, the R paths of two or three relationships out of the
		// $a nodes that repeat no node: no node in the rest of the list,
		// the list against its reduce()d distinct elements, none in the
		// prefix, explicit hops with every pair of nodes compared, a
		// quantified path, the nodes rebuilt from the relationships.
		{"g-h14-simple-paths", "node-simple paths", Generic, written(false,
			"MATCH p = (a {id: $a})-[:R*2..3]->(b) WHERE all(i IN range(0, length(p)) WHERE NOT nodes(p)[i] IN nodes(p)[i + 1..]) RETURN length(p) AS len, count(*) AS n",
			"MATCH p = (a {id: $a})-[:R*2..3]->(b) WHERE size(nodes(p)) = size(reduce(s = [], x IN nodes(p) | CASE WHEN x IN s THEN s ELSE s + x END)) RETURN length(p) AS len, count(*) AS n",
			"MATCH p = (a {id: $a})-[:R*2..3]->(b) WHERE none(i IN range(1, length(p)) WHERE nodes(p)[i] IN nodes(p)[..i]) RETURN length(p) AS len, count(*) AS n",
			"CALL { MATCH p = (a {id: $a})-[:R]->(x)-[:R]->(b) WHERE a <> x AND x <> b AND a <> b RETURN p UNION ALL MATCH p = (a {id: $a})-[:R]->(x)-[:R]->(y)-[:R]->(b) WHERE a <> x AND a <> y AND a <> b AND x <> y AND x <> b AND y <> b RETURN p } RETURN length(p) AS len, count(*) AS n",
			"MATCH p = (a {id: $a}) (()-[:R]->()){2,3} (b) WHERE all(i IN range(0, length(p)) WHERE NOT nodes(p)[i] IN nodes(p)[i + 1..]) RETURN length(p) AS len, count(*) AS n",
			"MATCH (a {id: $a})-[rs:R*2..3]->(b) WITH rs, [r IN rs | startNode(r)] + [b] AS ns WHERE all(x IN ns WHERE single(y IN ns WHERE y = x)) RETURN size(rs) AS len, count(*) AS n",
		)},
		// A nodes whose key is neither 1 nor 2 (a missing key is not), per
		// string: NOT IN, two inequalities, none() of equal ones, IN the
		// other keys, IN a list with a null element being null, UNWIND of
		// the other keys joined to the key.
		{"g-h14-in-with-nulls", "IN with nulls", Generic, written(false,
			"MATCH (n:A) WHERE NOT n.k IN [1, 2] RETURN n.s AS s, count(*) AS n",
			"MATCH (n:A) WHERE n.k <> 1 AND n.k <> 2 RETURN n.s AS s, count(*) AS n",
			"MATCH (n:A) WHERE none(x IN [1, 2] WHERE x = n.k) RETURN n.s AS s, count(*) AS n",
			"MATCH (n:A) WHERE n.k IN [0, 3, 4] RETURN n.s AS s, count(*) AS n",
			"MATCH (n:A) WHERE n.k IS NOT NULL AND (n.k IN [1, 2, null]) IS NULL RETURN n.s AS s, count(*) AS n",
			"UNWIND [0, 3, 4] AS x MATCH (n:A {k: x}) RETURN n.s AS s, count(*) AS n",
		)},
		// A nodes whose id is a multiple of 3 up to 30, per string: IN a
		// stepped range(), UNWIND of it joined to a property map, the
		// remainder and bounds, UNWIND of the multipliers, any() over the
		// descending range, the range bound in a WITH, UNWIND filtered.
		{"g-h14-unwind-range-join", "UNWIND range() joins", Generic, written(false,
			"MATCH (n:A) WHERE n.id IN range(0, 30, 3) RETURN n.s AS s, count(*) AS n",
			"UNWIND range(0, 30, 3) AS i MATCH (n:A {id: i}) RETURN n.s AS s, count(*) AS n",
			"MATCH (n:A) WHERE n.id % 3 = 0 AND 0 <= n.id <= 30 RETURN n.s AS s, count(*) AS n",
			"UNWIND range(0, 10) AS j MATCH (n:A) WHERE n.id = 3 * j RETURN n.s AS s, count(*) AS n",
			"MATCH (n:A) WHERE any(i IN range(30, 0, -3) WHERE i = n.id) RETURN n.s AS s, count(*) AS n",
			"WITH range(0, 30, 3) AS ids MATCH (n:A) WHERE n.id IN ids RETURN n.s AS s, count(*) AS n",
			"UNWIND range(0, 30) AS i WITH i WHERE i % 3 = 0 MATCH (n:A) WHERE n.id = i RETURN n.s AS s, count(*) AS n",
		)},
		// The first six A nodes by key then id (missing last): the two
		// keys, a list of the two, coalesce() to large values, one number
		// of both, null tests first, the descending list order reversed.
		{"g-h14-order-by-list-key", "ORDER BY a list key", Generic, written(true,
			"MATCH (n:A) RETURN n.k AS k, n.id AS id ORDER BY k, id LIMIT 6",
			"MATCH (n:A) RETURN n.k AS k, n.id AS id ORDER BY [n.k, n.id] LIMIT 6",
			"MATCH (n:A) RETURN n.k AS k, n.id AS id ORDER BY coalesce(n.k, 99), coalesce(n.id, 999999) LIMIT 6",
			"MATCH (n:A) RETURN n.k AS k, n.id AS id ORDER BY coalesce(n.k, 9) * 1000000 + coalesce(n.id, 999999) LIMIT 6",
			"MATCH (n:A) RETURN n.k AS k, n.id AS id ORDER BY n.k IS NULL, k, n.id IS NULL, id LIMIT 6",
			"MATCH (n:A) WITH n.k AS k, n.id AS id ORDER BY [k, id] DESC WITH collect([k, id]) AS ps UNWIND reverse(ps)[..6] AS p RETURN p[0] AS k, p[1] AS id",
		)},
		// Per length, the two shortest R-or-S paths of one to three
		// relationships from each $a node to each B node: SHORTEST 2, the
		// ends bound first, the ordered lengths' first two, CALL { } with
		// ORDER BY LIMIT 2, a quantified path's sizes, an ordered COLLECT
		// { } with LIMIT 2 unwound.
		{"g-h14-shortest-two", "SHORTEST k", Generic, written(false,
			"MATCH p = SHORTEST 2 (a {id: $a})-[:R|S]->{1,3}(b:B) RETURN length(p) AS len, count(*) AS n",
			"MATCH (a {id: $a}), (b:B) MATCH p = SHORTEST 2 (a)-[:R|S]->{1,3}(b) RETURN length(p) AS len, count(*) AS n",
			"MATCH p = (a {id: $a})-[:R|S*1..3]->(b:B) WITH a, b, length(p) AS l ORDER BY l WITH a, b, collect(l)[..2] AS ls UNWIND ls AS len RETURN len, count(*) AS n",
			"MATCH (a {id: $a}), (b:B) CALL { WITH a, b MATCH p = (a)-[:R|S*1..3]->(b) RETURN length(p) AS len ORDER BY len LIMIT 2 } RETURN len, count(*) AS n",
			"MATCH (a {id: $a}) (()-[r:R|S]->()){1,3} (b:B) WITH a, b, size(r) AS l ORDER BY l WITH a, b, collect(l)[..2] AS ls UNWIND ls AS len RETURN len, count(*) AS n",
			"MATCH (a {id: $a}), (b:B) UNWIND COLLECT { MATCH p = (a)-[:R|S*1..3]->(b) RETURN length(p) AS l ORDER BY l LIMIT 2 } AS len RETURN len, count(*) AS n",
		)},
		// Per length, the shortest R paths of one to three relationships
		// from each $a node to each other node, all of them: ALL SHORTEST,
		// SHORTEST 1 GROUPS, allShortestPaths(), the count at the least
		// length by an ordered collect, a second MATCH at the least
		// length, a quantified path's counts per size.
		{"g-h14-all-shortest-counts", "ALL SHORTEST", Generic, written(false,
			"MATCH (a {id: $a}), (b) WHERE b <> a MATCH p = ALL SHORTEST (a)-[:R]->{1,3}(b) RETURN length(p) AS len, count(*) AS n",
			"MATCH (a {id: $a}), (b) WHERE b <> a MATCH p = SHORTEST 1 GROUPS (a)-[:R]->{1,3}(b) RETURN length(p) AS len, count(*) AS n",
			"MATCH (a {id: $a}), (b) WHERE b <> a MATCH p = allShortestPaths((a)-[:R*1..3]->(b)) RETURN length(p) AS len, count(*) AS n",
			"MATCH p = (a {id: $a})-[:R*1..3]->(b) WHERE b <> a WITH a, b, length(p) AS l, count(*) AS c ORDER BY l WITH a, b, collect([l, c])[0] AS best RETURN best[0] AS len, sum(best[1]) AS n",
			"MATCH p = (a {id: $a})-[:R*1..3]->(b) WHERE b <> a WITH a, b, min(length(p)) AS m MATCH q = (a)-[:R*1..3]->(b) WHERE length(q) = m RETURN m AS len, count(*) AS n",
			"MATCH (a {id: $a}) (()-[r:R]->()){1,3} (b) WHERE b <> a WITH a, b, size(r) AS l, count(*) AS c WITH a, b, min(l) AS m, collect([l, c]) AS lcs RETURN m AS len, sum(reduce(t = 0, x IN lcs | t + CASE WHEN x[0] = m THEN x[1] ELSE 0 END)) AS n",
		)},
		// Pairs of an A node and a B node (one node may be both) whose
		// strings are equal ignoring case, per string: toUpper() of both,
		// the strings, B's counts per upper-cased string summed, a map
		// reading the lowered string, trim() against btrim(), the first
		// letter and the length.
		{"g-h14-string-key-join", "string functions in join keys", Generic, written(false,
			"MATCH (a:A), (b:B) WHERE toUpper(a.s) = toUpper(b.s) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A), (b:B) WHERE a.s = b.s RETURN a.s AS s, count(*) AS n",
			"MATCH (b:B) WITH upper(b.s) AS u, count(*) AS c MATCH (a:A) WHERE toUpper(a.s) = u RETURN a.s AS s, sum(c) AS n",
			"MATCH (a:A) MATCH (b:B {s: toLower(toUpper(a.s))}) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A), (b:B) WHERE trim(' ' + a.s + ' ') = btrim(b.s) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A), (b:B) WHERE left(a.s, 1) = substring(b.s, 0, 1) AND size(a.s) = char_length(b.s) RETURN a.s AS s, count(*) AS n",
		)},
		// A nodes per upper-cased string and the length of the string and
		// key: toUpper() and size(), upper() and char_length(),
		// character_length() of a btrim()med string, ltrim() and lower(),
		// normalize(), the two computed in a WITH.
		{"g-h14-gql-aliases", "GQL function names", Generic, written(false,
			"MATCH (n:A) RETURN toUpper(n.s) AS u, size(n.s + toString(n.k)) AS len, count(*) AS n",
			"MATCH (n:A) RETURN upper(n.s) AS u, char_length(n.s + toString(n.k)) AS len, count(*) AS n",
			"MATCH (n:A) RETURN toUpper(btrim('  ' + n.s + ' ')) AS u, character_length(n.s + toString(n.k)) AS len, count(*) AS n",
			"MATCH (n:A) RETURN upper(ltrim(' ' + n.s)) AS u, size(lower(n.s) + toString(n.k)) AS len, count(*) AS n",
			"MATCH (n:A) RETURN normalize(toUpper(n.s)) AS u, size(toString(n.k) + n.s) AS len, count(*) AS n",
			"MATCH (n:A) WITH n, upper(n.s) AS u, n.s + toString(n.k) AS t RETURN u, char_length(t) AS len, count(*) AS n",
		)},
		// Nodes within zero or one R step of an A node of key 0 but not
		// within zero or one S step of a B node of key 1: EXISTS and NOT
		// EXISTS of *0..1, the program of a union and a difference, the
		// program with each length a statement, label and pattern tests,
		// collected lists' difference, NOT EXISTS after the match.
		{"g-h14-program-zero-reach", "GraphProgram difference with *0..", Generic, written(false,
			"MATCH (x) WHERE EXISTS { (a:A {k: 0})-[:R*0..1]->(x) } AND NOT EXISTS { (b:B {k: 1})-[:S*0..1]->(x) } RETURN count(x) AS n",
			programForm(union("MATCH (a:A {k: 0})-[:R*0..1]->(x) RETURN x"), diff("MATCH (b:B {k: 1})-[:S*0..1]->(x) RETURN x")),
			programForm(union("MATCH (a:A {k: 0}) RETURN a"), union("MATCH (:A {k: 0})-[:R]->(x) RETURN x"), diff("MATCH (b:B {k: 1}) RETURN b"), diff("MATCH (:B {k: 1})-[:S]->(x) RETURN x")),
			"MATCH (x) WHERE ((x:A AND x.k = 0) OR (:A {k: 0})-[:R]->(x)) AND NOT (x:B AND coalesce(x.k = 1, false)) AND NOT (:B {k: 1})-[:S]->(x) RETURN count(x) AS n",
			"MATCH (a:A {k: 0})-[:R*0..1]->(x) WITH collect(DISTINCT x) AS l1 OPTIONAL MATCH (b:B {k: 1})-[:S*0..1]->(y) WITH l1, collect(DISTINCT y) AS l2 RETURN size([x IN l1 WHERE NOT x IN l2]) AS n",
			"MATCH (a:A {k: 0})-[:R*0..1]->(x) WHERE NOT EXISTS { (b:B {k: 1})-[:S*0..1]->(x) } RETURN count(DISTINCT x) AS n",
		)},

		// Users graphs.
		// Users within zero to two links out of the hub (the hub
		// included): *0..2, a quantified path {0,2}, a UNION with the hub,
		// the program of three unions, an OPTIONAL MATCH chain collected,
		// the size of a distinct COLLECT { }.
		{"u-h14-reach-zero", "variable-length lower bound 0", Users, written(false,
			"MATCH (h:User {id: $hub})-[*0..2]->(v) RETURN count(DISTINCT v) AS n",
			"MATCH (h:User {id: $hub}) (()-->()){0,2} (v) RETURN count(DISTINCT v) AS n",
			"CALL { MATCH (h:User {id: $hub}) RETURN h AS v UNION MATCH (:User {id: $hub})-[*1..2]->(v) RETURN v } RETURN count(v) AS n",
			programForm(union("MATCH (h:User {id: $hub}) RETURN h"), union("MATCH (:User {id: $hub})-->(v) RETURN v"), union("MATCH (:User {id: $hub})-->()-->(v) RETURN v")),
			"MATCH (h:User {id: $hub}) OPTIONAL MATCH (h)-->(x) OPTIONAL MATCH (x)-->(y) WITH collect(DISTINCT h) + collect(DISTINCT x) + collect(DISTINCT y) AS vs UNWIND vs AS v RETURN count(DISTINCT v) AS n",
			"MATCH (h:User {id: $hub}) RETURN size(COLLECT { MATCH (h)-[*0..2]->(v) RETURN DISTINCT v }) AS n",
		)},
		// Directed cycles of three links through the hub: *3..3 back to
		// the hub, three explicit hops, COUNT { }, a quantified path {3},
		// the end compared after the match, *2..2 then a link back.
		{"u-h14-three-cycles", "cycles of an exact length", Users, written(false,
			"MATCH p = (h:User {id: $hub})-[*3..3]->(h) RETURN count(p) AS n",
			"MATCH (h:User {id: $hub})-->(x)-->(y)-->(h) RETURN count(*) AS n",
			"MATCH (h:User {id: $hub}) RETURN COUNT { (h)-[*3..3]->(h) } AS n",
			"MATCH (h:User {id: $hub}) (()-->()){3} (h) RETURN count(*) AS n",
			"MATCH (h:User {id: $hub}) MATCH (h)-[rs*3..3]->(x) WHERE x = h RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-[*2..2]->(y)-->(h) RETURN count(*) AS n",
		)},
		// Per length, the two shortest paths of one to three links from
		// the hub to the other user: SHORTEST 2 with the ends bound first
		// or inline, the ordered lengths' first two, an ordered COLLECT
		// { } with LIMIT 2, a quantified path's sizes, CALL { } with ORDER
		// BY LIMIT 2.
		{"u-h14-shortest-two", "SHORTEST k", Users, written(false,
			"MATCH (h:User {id: $hub}), (o:User {id: $other}) MATCH p = SHORTEST 2 (h)-->{1,3}(o) RETURN length(p) AS len, count(*) AS n",
			"MATCH p = SHORTEST 2 (h:User {id: $hub})-->{1,3}(o:User {id: $other}) RETURN length(p) AS len, count(*) AS n",
			"MATCH (h:User {id: $hub}), (o:User {id: $other}) MATCH p = (h)-[*1..3]->(o) WITH length(p) AS l ORDER BY l LIMIT 2 RETURN l AS len, count(*) AS n",
			"MATCH (h:User {id: $hub}), (o:User {id: $other}) UNWIND COLLECT { MATCH p = (h)-[*1..3]->(o) RETURN length(p) AS l ORDER BY l LIMIT 2 } AS len RETURN len, count(*) AS n",
			"MATCH (h:User {id: $hub}) (()-[r]->()){1,3} (o:User {id: $other}) WITH size(r) AS l ORDER BY l WITH collect(l)[..2] AS ls UNWIND ls AS len RETURN len, count(*) AS n",
			"MATCH (h:User {id: $hub}), (o:User {id: $other}) CALL { WITH h, o MATCH (h)-[rs*1..3]->(o) RETURN size(rs) AS len ORDER BY len LIMIT 2 } RETURN len, count(*) AS n",
		)},
		// The hub's five out-neighbours with the most out-links, ties by
		// id: the two keys, a list of the negated count and the id, the
		// descending list of the count and negated id, one number of both,
		// the ordered pairs collected and unwound, OPTIONAL MATCH counts.
		{"u-h14-top-by-list-key", "ORDER BY a list key", Users, written(true,
			"MATCH (:User {id: $hub})-->(v) WITH v, COUNT { (v)-->() } AS d RETURN v.id AS id, d ORDER BY d DESC, id LIMIT 5",
			"MATCH (:User {id: $hub})-->(v) WITH v, COUNT { (v)-->() } AS d RETURN v.id AS id, d ORDER BY [-d, v.id] LIMIT 5",
			"MATCH (:User {id: $hub})-->(v) WITH v, COUNT { (v)-->() } AS d RETURN v.id AS id, d ORDER BY [d, -v.id] DESC LIMIT 5",
			"MATCH (:User {id: $hub})-->(v) WITH v, COUNT { (v)-->() } AS d RETURN v.id AS id, d ORDER BY d * 10000000 - v.id DESC LIMIT 5",
			"MATCH (:User {id: $hub})-->(v) WITH v, COUNT { (v)-->() } AS d ORDER BY d DESC, v.id WITH collect([v.id, d])[..5] AS top UNWIND top AS t RETURN t[0] AS id, t[1] AS d",
			"MATCH (:User {id: $hub})-->(v) OPTIONAL MATCH (v)-->(w) WITH v, count(w) AS d RETURN v.id AS id, d ORDER BY [-d, id] LIMIT 5",
		)},
		// Pairs of the hub's out-neighbours (other than the hub) where the
		// first links to the second: the two-hop match made distinct, a
		// nested comprehension's sizes reduced, UNWIND twice, distinct
		// COLLECT { } sizes summed, IN the collected neighbours, the pairs
		// built by nested comprehensions.
		{"u-h14-nested-link-pairs", "nested list comprehensions", Users, written(false,
			"MATCH (h:User {id: $hub})-->(x)-->(y) WHERE y <> h AND (h)-->(y) WITH DISTINCT x, y RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(x) WITH h, collect(DISTINCT x) AS xs RETURN reduce(t = 0, l IN [x IN xs | [y IN xs WHERE y <> h AND (x)-->(y)]] | t + size(l)) AS n",
			"MATCH (h:User {id: $hub})-->(x) WITH h, collect(DISTINCT x) AS xs UNWIND xs AS x UNWIND xs AS y WITH h, x, y WHERE y <> h AND (x)-->(y) RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(x) WITH DISTINCT h, x RETURN sum(size(COLLECT { MATCH (x)-->(y) WHERE y <> h AND (h)-->(y) RETURN DISTINCT y })) AS n",
			"MATCH (h:User {id: $hub})-->(y) WHERE y <> h WITH h, collect(DISTINCT y) AS ys MATCH (h)-->(x)-->(y) WHERE y IN ys RETURN count(DISTINCT [x, y]) AS n",
			"MATCH (h:User {id: $hub})-->(x) WITH h, collect(DISTINCT x) AS xs RETURN size(reduce(acc = [], x IN xs | acc + [y IN xs WHERE y <> h AND (x)-->(y) | [x, y]])) AS n",
		)},
		// The hub's out-links whose end links back: a pattern test, a
		// second MATCH with elementId() compared counting distinct links,
		// EXISTS { } with id() compared, elementId() IN a comprehension,
		// any() over a comprehension, COUNT { } against the hub's
		// elementId bound in a WITH.
		{"u-h14-element-id-back", "elementId comparisons", Users, written(false,
			"MATCH (h:User {id: $hub})-->(v) WHERE (v)-->(h) RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-[r]->(v) MATCH (v)-->(w) WHERE elementId(w) = elementId(h) RETURN count(DISTINCT r) AS n",
			"MATCH (h:User {id: $hub})-[r]->(v) WHERE EXISTS { MATCH (v)-->(w) WHERE id(w) = id(h) } RETURN count(r) AS n",
			"MATCH (h:User {id: $hub})-->(v) WITH h, v, [(v)-->(w) | elementId(w)] AS outs WHERE elementId(h) IN outs RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) WHERE any(w IN [(v)-->(w) | w] WHERE elementId(w) = elementId(h)) RETURN count(*) AS n",
			"MATCH (h:User {id: $hub}) WITH h, elementId(h) AS eh MATCH (h)-->(v) WHERE COUNT { (v)-->(w) WHERE elementId(w) = eh } > 0 RETURN count(*) AS n",
		)},

		// Movies.
		// The person's co-actors with the number of shared movies: the
		// pattern, maps collected and unwound, map projections collected,
		// COUNT { } per co-actor summed by name, a comprehension of maps
		// unwound, two MATCH clauses with the relationships compared.
		{"m-h14-coactor-maps", "collected maps read by key", Movies, written(false,
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m)<-[:ACTED_IN]-(c) RETURN c.name AS name, count(m) AS n",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m)<-[:ACTED_IN]-(c) WITH collect({c: c.name, m: m.title}) AS ms UNWIND ms AS x RETURN x.c AS name, count(*) AS n",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m)<-[:ACTED_IN]-(c) WITH collect(c {.name, title: m.title}) AS ms UNWIND ms AS x RETURN x.name AS name, count(x.title) AS n",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->()<-[:ACTED_IN]-(c) WITH DISTINCT p, c RETURN c.name AS name, sum(COUNT { (p)-[:ACTED_IN]->(m)<-[:ACTED_IN]-(c) }) AS n",
			"MATCH (p:Person {name: $who}) UNWIND [(p)-[:ACTED_IN]->(m)<-[:ACTED_IN]-(c) | {name: c.name}] AS x RETURN x.name AS name, count(*) AS n",
			"MATCH (p:Person {name: $who})-[r1:ACTED_IN]->(m) MATCH (m)<-[r2:ACTED_IN]-(c) WHERE r2 <> r1 RETURN c.name AS name, count(*) AS n",
		)},
		// Per first name shared by two or more people, the unordered pairs
		// of them: id() ordered, counts per name made pairs, elementId()
		// ordered, ordered pairs halved, the people collected and unwound
		// twice, head() of split().
		{"m-h14-first-name-pairs", "string functions in join keys", Movies, written(false,
			"MATCH (a:Person), (b:Person) WHERE id(a) < id(b) AND split(a.name, ' ')[0] = split(b.name, ' ')[0] RETURN split(a.name, ' ')[0] AS first, count(*) AS n",
			"MATCH (p:Person) WHERE p.name IS NOT NULL WITH split(p.name, ' ')[0] AS first, count(*) AS c WHERE c > 1 RETURN first, c * (c - 1) / 2 AS n",
			"MATCH (a:Person), (b:Person) WHERE elementId(a) < elementId(b) AND split(a.name, ' ')[0] = split(b.name, ' ')[0] RETURN split(a.name, ' ')[0] AS first, count(*) AS n",
			"MATCH (a:Person), (b:Person) WHERE a <> b AND split(a.name, ' ')[0] = split(b.name, ' ')[0] WITH split(a.name, ' ')[0] AS first, count(*) AS c RETURN first, c / 2 AS n",
			"MATCH (p:Person) WHERE p.name IS NOT NULL WITH split(p.name, ' ')[0] AS first, collect(p) AS ps WHERE size(ps) > 1 UNWIND ps AS a UNWIND ps AS b WITH first, a, b WHERE id(a) < id(b) RETURN first, count(*) AS n",
			"MATCH (a:Person) MATCH (b:Person) WHERE id(b) > id(a) AND head(split(a.name, ' ')) = head(split(b.name, ' ')) RETURN head(split(a.name, ' ')) AS first, count(*) AS n",
		)},
		// The person and the people two ACTED_IN steps away either way:
		// *0..2 to a Person, a quantified path {0,2}, a UNION with the
		// person, the program of two unions, an OPTIONAL MATCH collected,
		// two *0..1 in a row.
		{"m-h14-coactors-zero", "variable-length lower bound 0", Movies, written(false,
			"MATCH (p:Person {name: $who})-[:ACTED_IN*0..2]-(x:Person) RETURN count(DISTINCT x) AS n",
			"MATCH (p:Person {name: $who}) (()-[:ACTED_IN]-()){0,2} (x:Person) RETURN count(DISTINCT x) AS n",
			"CALL { MATCH (p:Person {name: $who}) RETURN p AS x UNION MATCH (:Person {name: $who})-[:ACTED_IN*2..2]-(x:Person) RETURN x } RETURN count(x) AS n",
			programForm(union("MATCH (p:Person {name: $who}) RETURN p"), union("MATCH (:Person {name: $who})-[:ACTED_IN]->()<-[:ACTED_IN]-(x:Person) RETURN x")),
			"MATCH (p:Person {name: $who}) OPTIONAL MATCH (p)-[:ACTED_IN]->()<-[:ACTED_IN]-(c:Person) WITH collect(DISTINCT p) + collect(DISTINCT c) AS xs UNWIND xs AS x RETURN count(DISTINCT x) AS n",
			"MATCH (p:Person {name: $who}) MATCH (p)-[:ACTED_IN*0..1]-()-[:ACTED_IN*0..1]-(x:Person) RETURN count(DISTINCT x) AS n",
		)},
		// Per length, the two shortest ACTED_IN paths either way of up to
		// four steps from the person to Kevin Bacon: SHORTEST 2 with the
		// ends bound first or inline, the ordered lengths' first two, an
		// ordered COLLECT { } with LIMIT 2, a quantified path's sizes, CALL
		// { } with ORDER BY LIMIT 2.
		{"m-h14-shortest-two-bacon", "SHORTEST k", Movies, written(false,
			"MATCH (a:Person {name: $who}), (b:Person {name: 'Kevin Bacon'}) MATCH p = SHORTEST 2 (a)-[:ACTED_IN]-{1,4}(b) RETURN length(p) AS len, count(*) AS n",
			"MATCH p = SHORTEST 2 (a:Person {name: $who})-[:ACTED_IN]-{1,4}(b:Person {name: 'Kevin Bacon'}) RETURN length(p) AS len, count(*) AS n",
			"MATCH (a:Person {name: $who}), (b:Person {name: 'Kevin Bacon'}) MATCH p = (a)-[:ACTED_IN*1..4]-(b) WITH length(p) AS l ORDER BY l LIMIT 2 RETURN l AS len, count(*) AS n",
			"MATCH (a:Person {name: $who}), (b:Person {name: 'Kevin Bacon'}) UNWIND COLLECT { MATCH p = (a)-[:ACTED_IN*1..4]-(b) RETURN length(p) AS l ORDER BY l LIMIT 2 } AS len RETURN len, count(*) AS n",
			"MATCH (a:Person {name: $who}) (()-[r:ACTED_IN]-()){1,4} (b:Person {name: 'Kevin Bacon'}) WITH size(r) AS l ORDER BY l WITH collect(l)[..2] AS ls UNWIND ls AS len RETURN len, count(*) AS n",
			"MATCH (a:Person {name: $who}), (b:Person {name: 'Kevin Bacon'}) CALL { WITH a, b MATCH (a)-[rs:ACTED_IN*1..4]-(b) RETURN size(rs) AS len ORDER BY len LIMIT 2 } RETURN len, count(*) AS n",
		)},
		// The person's movies per tagline class (none, long above 40
		// characters, short): a searched CASE, coalesce() of a CASE
		// without ELSE, a simple CASE whose WHEN null never matches, NOT
		// of a comparison with null, a UNION ALL of the classes,
		// char_length() with the null test second.
		{"m-h14-tagline-case", "CASE with nulls", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN CASE WHEN m.tagline IS NULL THEN 'none' WHEN size(m.tagline) > 40 THEN 'long' ELSE 'short' END AS c, count(*) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN coalesce(CASE WHEN size(m.tagline) > 40 THEN 'long' WHEN size(m.tagline) <= 40 THEN 'short' END, 'none') AS c, count(*) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN CASE m.tagline WHEN null THEN 'long' ELSE coalesce(CASE WHEN size(m.tagline) > 40 THEN 'long' WHEN size(m.tagline) <= 40 THEN 'short' END, 'none') END AS c, count(*) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN CASE WHEN NOT size(m.tagline) > 40 THEN 'short' WHEN size(m.tagline) > 40 THEN 'long' ELSE 'none' END AS c, count(*) AS n",
			"CALL { MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WHERE m.tagline IS NULL RETURN 'none' AS c UNION ALL MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WHERE size(m.tagline) > 40 RETURN 'long' AS c UNION ALL MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WHERE size(m.tagline) <= 40 RETURN 'short' AS c } RETURN c, count(*) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN CASE WHEN char_length(m.tagline) > 40 THEN 'long' WHEN m.tagline IS NOT NULL THEN 'short' ELSE 'none' END AS c, count(*) AS n",
		)},
		// The person's distinct roles and roles in all: the role lists
		// unwound, collected and flattened by reduce(), a comprehension of
		// the lists unwound twice, a nested reduce() keeping each role
		// once, the roles collected distinct, CALL { } unwinding each list.
		{"m-h14-roles-flatten", "nested lists flattened", Movies, written(false,
			"MATCH (:Person {name: $who})-[r:ACTED_IN]->() UNWIND r.roles AS role RETURN count(DISTINCT role) AS kinds, count(role) AS total",
			"MATCH (:Person {name: $who})-[r:ACTED_IN]->() WITH collect(r.roles) AS ls WITH reduce(acc = [], l IN ls | acc + l) AS roles UNWIND roles AS role RETURN count(DISTINCT role) AS kinds, count(role) AS total",
			"MATCH (p:Person {name: $who}) UNWIND [(p)-[r:ACTED_IN]->() WHERE r.roles IS NOT NULL | r.roles] AS l UNWIND l AS role RETURN count(DISTINCT role) AS kinds, count(role) AS total",
			"MATCH (:Person {name: $who})-[r:ACTED_IN]->() WITH collect(r.roles) AS ls RETURN size(reduce(acc = [], l IN ls | reduce(a2 = acc, x IN l | CASE WHEN x IS NULL OR x IN a2 THEN a2 ELSE a2 + x END))) AS kinds, reduce(t = 0, l IN ls | t + size([x IN l WHERE x IS NOT NULL])) AS total",
			"MATCH (:Person {name: $who})-[r:ACTED_IN]->() UNWIND r.roles AS role WITH role WHERE role IS NOT NULL RETURN size(collect(DISTINCT role)) AS kinds, count(*) AS total",
			"MATCH (:Person {name: $who})-[r:ACTED_IN]->() CALL { WITH r UNWIND r.roles AS role RETURN role } RETURN count(DISTINCT role) AS kinds, count(role) AS total",
		)},
		// Per decade, the first and last title of the person's movies:
		// min() and max(), the ordered collect's head and last, reduce(),
		// none() of a smaller or greater title, the descending collect, a
		// CALL { } per decade.
		{"m-h14-title-min-max", "min and max of strings", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN m.released / 10 * 10 AS decade, min(m.title) AS first, max(m.title) AS last",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH m.released / 10 * 10 AS decade, m.title AS t ORDER BY t WITH decade, collect(t) AS ts RETURN decade, head(ts) AS first, last(ts) AS last",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH m.released / 10 * 10 AS decade, collect(m.title) AS ts RETURN decade, reduce(x = null, t IN ts | CASE WHEN x IS NULL OR t < x THEN t ELSE x END) AS first, reduce(x = null, t IN ts | CASE WHEN x IS NULL OR t > x THEN t ELSE x END) AS last",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH m.released / 10 * 10 AS decade, collect(m.title) AS ts RETURN decade, [t IN ts WHERE none(u IN ts WHERE u < t)][0] AS first, [t IN ts WHERE none(u IN ts WHERE u > t)][0] AS last",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH m.released / 10 * 10 AS decade, m.title AS t ORDER BY t DESC WITH decade, collect(t) AS ts RETURN decade, last(ts) AS first, ts[0] AS last",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH DISTINCT m.released / 10 * 10 AS decade CALL { WITH decade MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WHERE m.released / 10 * 10 = decade RETURN min(m.title) AS first, max(m.title) AS last } RETURN decade, first, last",
		)},

		// Stack Overflow.
		// The tag's questions per state (unanswered with no answers, else
		// accepted or open): a searched CASE, a simple CASE whose null
		// count falls to ELSE, coalesce() of CASEs without ELSE, the
		// accepted test first, a UNION ALL of the states, a list indexed
		// by a boolean made an integer.
		{"s-h14-question-state", "CASE with nulls", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN CASE WHEN q.answer_count = 0 THEN 'unanswered' WHEN q.accepted_answer_id IS NULL THEN 'open' ELSE 'accepted' END AS state, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN CASE q.answer_count WHEN 0 THEN 'unanswered' ELSE CASE WHEN q.accepted_answer_id IS NULL THEN 'open' ELSE 'accepted' END END AS state, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN coalesce(CASE WHEN q.answer_count = 0 THEN 'unanswered' END, CASE WHEN q.accepted_answer_id IS NOT NULL THEN 'accepted' END, 'open') AS state, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN CASE WHEN q.answer_count = 0 THEN 'unanswered' WHEN q.accepted_answer_id IS NOT NULL THEN 'accepted' ELSE 'open' END AS state, count(*) AS n",
			"CALL { MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.answer_count = 0 RETURN 'unanswered' AS state UNION ALL MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE coalesce(q.answer_count <> 0, true) AND q.accepted_answer_id IS NOT NULL RETURN 'accepted' AS state UNION ALL MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE coalesce(q.answer_count <> 0, true) AND q.accepted_answer_id IS NULL RETURN 'open' AS state } RETURN state, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN CASE WHEN q.answer_count = 0 THEN 'unanswered' ELSE ['open', 'accepted'][toInteger(q.accepted_answer_id IS NOT NULL)] END AS state, count(*) AS n",
		)},
		// The tag's five questions with the most answers, ties by id: the
		// two keys, a list of the negated count and the id, the descending
		// list of the count and negated id, the ordered pairs collected
		// and unwound, one number of both, CALL { } with ORDER BY LIMIT.
		{"s-h14-top-questions-list-key", "ORDER BY a list key", StackOverflow, written(true,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.answer_count IS NOT NULL RETURN q.question_id AS id, q.answer_count AS a ORDER BY a DESC, id LIMIT 5",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.answer_count IS NOT NULL RETURN q.question_id AS id, q.answer_count AS a ORDER BY [-q.answer_count, q.question_id] LIMIT 5",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.answer_count IS NOT NULL RETURN q.question_id AS id, q.answer_count AS a ORDER BY [a, -id] DESC LIMIT 5",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.answer_count IS NOT NULL WITH q ORDER BY q.answer_count DESC, q.question_id WITH collect([q.question_id, q.answer_count])[..5] AS top UNWIND top AS t RETURN t[0] AS id, t[1] AS a",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.answer_count IS NOT NULL RETURN q.question_id AS id, q.answer_count AS a ORDER BY q.answer_count * 1000000000 - q.question_id DESC LIMIT 5",
			"CALL { MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.answer_count IS NOT NULL RETURN q ORDER BY q.answer_count DESC, q.question_id LIMIT 5 } RETURN q.question_id AS id, q.answer_count AS a ORDER BY a DESC, id",
		)},
		// Per answer count, the first and last title of the second tag's
		// questions: min() and max(), the ordered collect's head and last,
		// reduce(), none() of a smaller or greater title, the descending
		// collect.
		{"s-h14-title-min-max", "min and max of strings", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN q.answer_count AS a, min(q.title) AS first, max(q.title) AS last",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WITH q.answer_count AS a, q.title AS t ORDER BY t WITH a, collect(t) AS ts RETURN a, head(ts) AS first, last(ts) AS last",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WITH q.answer_count AS a, collect(q.title) AS ts RETURN a, reduce(x = null, t IN ts | CASE WHEN x IS NULL OR t < x THEN t ELSE x END) AS first, reduce(x = null, t IN ts | CASE WHEN x IS NULL OR t > x THEN t ELSE x END) AS last",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WITH q.answer_count AS a, collect(q.title) AS ts RETURN a, [t IN ts WHERE none(u IN ts WHERE u < t)][0] AS first, [t IN ts WHERE none(u IN ts WHERE u > t)][0] AS last",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WITH q.answer_count AS a, q.title AS t ORDER BY t DESC WITH a, collect(t) AS ts RETURN a, last(ts) AS first, ts[0] AS last",
		)},
		// Per answer count of the answered question, the provider's
		// answers and their summed score: directly, maps collected and
		// unwound, map projections summed by reduce(), reduce() building a
		// map, a comprehension of maps unwound, pairs collected as lists.
		{"s-h14-answers-maps", "collected maps read by key", StackOverflow, written(false,
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer)-[:ANSWERED]->(q:Question) RETURN q.answer_count AS ac, count(*) AS n, sum(a.score) AS s",
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer)-[:ANSWERED]->(q:Question) WITH collect({ac: q.answer_count, s: a.score}) AS ms UNWIND ms AS x RETURN x.ac AS ac, count(*) AS n, sum(x.s) AS s",
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer)-[:ANSWERED]->(q:Question) WITH q.answer_count AS ac, collect(a {.score}) AS ms RETURN ac, size(ms) AS n, reduce(t = 0, m IN ms | t + coalesce(m.score, 0)) AS s",
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer)-[:ANSWERED]->(q:Question) WITH q.answer_count AS ac, collect(a {.score}) AS ms WITH ac, reduce(acc = {n: 0, s: 0}, m IN ms | {n: acc.n + 1, s: acc.s + coalesce(m.score, 0)}) AS agg RETURN ac, agg.n AS n, agg.s AS s",
			"MATCH (u:User {user_id: $provider}) UNWIND [(u)-[:PROVIDED]->(a:Answer)-[:ANSWERED]->(q:Question) | {ac: q.answer_count, s: a.score}] AS x RETURN x.ac AS ac, count(*) AS n, sum(x.s) AS s",
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer)-[:ANSWERED]->(q:Question) WITH collect([q.answer_count, a.score]) AS ps UNWIND ps AS p RETURN p[0] AS ac, count(*) AS n, sum(p[1]) AS s",
		)},
		// Users who asked a question of the second tag and answered one of
		// it: EXISTS { } of the answer, two MATCH clauses joined by
		// elementId() or id(), the program of a union and an
		// intersection, IN the askers' collected elementIds.
		{"s-h14-askers-answerers", "elementId comparisons", StackOverflow, written(false,
			"MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE EXISTS { (u)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) } RETURN count(DISTINCT u) AS n",
			"MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) MATCH (v:User)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE elementId(u) = elementId(v) RETURN count(DISTINCT u) AS n",
			programForm(union("MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN u"), intersect("MATCH (u:User)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN u")),
			"MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) MATCH (v:User)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE id(u) = id(v) RETURN count(DISTINCT v) AS n",
			"MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) WITH collect(DISTINCT elementId(u)) AS askers MATCH (v:User)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE elementId(v) IN askers RETURN count(DISTINCT v) AS n",
		)},

		// LDBC.
		// The post and the messages replying to it within two steps:
		// *0..2, a quantified path {0,2}, a UNION with the post, the
		// program of two unions, an OPTIONAL MATCH chain collected, the
		// size of a distinct COLLECT { }.
		{"l-h14-reply-tree-zero", "variable-length lower bound 0", LDBC, written(false,
			"MATCH (p:Post {id: $post})<-[:REPLY_OF*0..2]-(m) RETURN count(DISTINCT m) AS n",
			"MATCH (p:Post {id: $post}) ((:Message)<-[:REPLY_OF]-()){0,2} (m) RETURN count(DISTINCT m) AS n",
			"CALL { MATCH (p:Post {id: $post}) RETURN p AS m UNION MATCH (:Post {id: $post})<-[:REPLY_OF*1..2]-(m) RETURN m } RETURN count(m) AS n",
			programForm(union("MATCH (p:Post {id: $post}) RETURN p"), union("MATCH (:Post {id: $post})<-[:REPLY_OF*1..2]-(m) RETURN m")),
			"MATCH (p:Post {id: $post}) OPTIONAL MATCH (p)<-[:REPLY_OF]-(x) OPTIONAL MATCH (x)<-[:REPLY_OF]-(y) WITH collect(DISTINCT p) + collect(DISTINCT x) + collect(DISTINCT y) AS ms UNWIND ms AS m RETURN count(DISTINCT m) AS n",
			"MATCH (p:Post {id: $post}) RETURN size(COLLECT { MATCH (p)<-[:REPLY_OF*0..2]-(m) RETURN DISTINCT m }) AS n",
		)},
		// Per length, the KNOWS paths of two or three friendships from the
		// person that repeat no person: no node in the rest of the list,
		// the list against its reduce()d distinct elements, none in the
		// prefix, explicit hops with every pair compared, a quantified
		// path.
		{"l-h14-simple-knows-paths", "node-simple paths", LDBC, written(false,
			"MATCH p = (a:Person {id: $person})-[:KNOWS*2..3]-(b:Person) WHERE all(i IN range(0, length(p)) WHERE NOT nodes(p)[i] IN nodes(p)[i + 1..]) RETURN length(p) AS len, count(*) AS n",
			"MATCH p = (a:Person {id: $person})-[:KNOWS*2..3]-(b:Person) WHERE size(nodes(p)) = size(reduce(s = [], x IN nodes(p) | CASE WHEN x IN s THEN s ELSE s + x END)) RETURN length(p) AS len, count(*) AS n",
			"MATCH p = (a:Person {id: $person})-[:KNOWS*2..3]-(b:Person) WHERE none(i IN range(1, length(p)) WHERE nodes(p)[i] IN nodes(p)[..i]) RETURN length(p) AS len, count(*) AS n",
			"CALL { MATCH p = (a:Person {id: $person})-[:KNOWS]-(x)-[:KNOWS]-(b:Person) WHERE a <> x AND x <> b AND a <> b RETURN p UNION ALL MATCH p = (a:Person {id: $person})-[:KNOWS]-(x)-[:KNOWS]-(y)-[:KNOWS]-(b:Person) WHERE a <> x AND a <> y AND a <> b AND x <> y AND x <> b AND y <> b RETURN p } RETURN length(p) AS len, count(*) AS n",
			"MATCH p = (a:Person {id: $person}) (()-[:KNOWS]-()){2,3} (b:Person) WHERE all(i IN range(0, length(p)) WHERE NOT nodes(p)[i] IN nodes(p)[i + 1..]) RETURN length(p) AS len, count(*) AS n",
		)},
		// Per gender, the first first name and last last name of the
		// person's friends: min() and max(), the ordered collects' head and
		// last, reduce(), none() of a smaller or greater name, descending
		// collects.
		{"l-h14-friend-name-min-max", "min and max of strings", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN f.gender AS g, min(f.firstName) AS first, max(f.lastName) AS last",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f ORDER BY f.firstName WITH f.gender AS g, collect(f.firstName) AS fs, collect(f) AS ps RETURN g, head(fs) AS first, reduce(x = null, p IN ps | CASE WHEN x IS NULL OR p.lastName > x THEN p.lastName ELSE x END) AS last",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f.gender AS g, collect(f.firstName) AS fs, collect(f.lastName) AS ls RETURN g, reduce(x = null, t IN fs | CASE WHEN x IS NULL OR t < x THEN t ELSE x END) AS first, reduce(x = null, t IN ls | CASE WHEN x IS NULL OR t > x THEN t ELSE x END) AS last",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f.gender AS g, collect(f.firstName) AS fs, collect(f.lastName) AS ls RETURN g, [t IN fs WHERE none(u IN fs WHERE u < t)][0] AS first, [t IN ls WHERE none(u IN ls WHERE u > t)][0] AS last",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f ORDER BY f.lastName DESC WITH f.gender AS g, collect(f.lastName) AS ls, min(f.firstName) AS first RETURN g, first, ls[0] AS last",
		)},
		// Per length, the shortest KNOWS paths of up to four friendships
		// between the two persons, all of them: ALL SHORTEST, SHORTEST 1
		// GROUPS, allShortestPaths(), the count at the least length by
		// ORDER BY LIMIT 1, a quantified path's counts at the least size.
		{"l-h14-all-shortest-knows", "ALL SHORTEST", LDBC, written(false,
			"MATCH (a:Person {id: $person}), (b:Person {id: $other}) MATCH p = ALL SHORTEST (a)-[:KNOWS]-{1,4}(b) RETURN length(p) AS len, count(*) AS n",
			"MATCH (a:Person {id: $person}), (b:Person {id: $other}) MATCH p = SHORTEST 1 GROUPS (a)-[:KNOWS]-{1,4}(b) RETURN length(p) AS len, count(*) AS n",
			"MATCH (a:Person {id: $person}), (b:Person {id: $other}) MATCH p = allShortestPaths((a)-[:KNOWS*1..4]-(b)) RETURN length(p) AS len, count(*) AS n",
			"MATCH (a:Person {id: $person}), (b:Person {id: $other}) MATCH p = (a)-[:KNOWS*1..4]-(b) WITH length(p) AS l, count(*) AS c ORDER BY l LIMIT 1 RETURN l AS len, c AS n",
			"MATCH (a:Person {id: $person}) (()-[k:KNOWS]-()){1,4} (b:Person {id: $other}) WITH size(k) AS l, count(*) AS c WITH min(l) AS m, collect([l, c]) AS lcs UNWIND lcs AS lc WITH m, lc WHERE lc[0] = m RETURN m AS len, lc[1] AS n",
		)},
		// The person's friends whose last name starts with the person's
		// initial, per gender: left() of both, substring() of both, the
		// initial bound in a WITH, IN a one-element list, a comprehension
		// unwound, the reversed right() of the reversed name.
		{"l-h14-initial-friends", "string functions in join keys", LDBC, written(false,
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WHERE left(f.lastName, 1) = left(p.lastName, 1) RETURN f.gender AS g, count(*) AS n",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WHERE substring(f.lastName, 0, 1) = substring(p.lastName, 0, 1) RETURN f.gender AS g, count(*) AS n",
			"MATCH (p:Person {id: $person}) WITH p, left(p.lastName, 1) AS c MATCH (p)-[:KNOWS]-(f:Person) WHERE left(f.lastName, 1) = c RETURN f.gender AS g, count(*) AS n",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WHERE left(f.lastName, 1) IN [left(p.lastName, 1)] RETURN f.gender AS g, count(*) AS n",
			"MATCH (p:Person {id: $person}) UNWIND [(p)-[:KNOWS]-(f:Person) WHERE substring(f.lastName, 0, 1) = left(p.lastName, 1) | f] AS f RETURN f.gender AS g, count(*) AS n",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WHERE reverse(right(reverse(f.lastName), 1)) = left(p.lastName, 1) RETURN f.gender AS g, count(*) AS n",
		)},

		// Northwind.
		// The customer's five orders with the most lines, ties by id: the
		// two keys, a list of the negated count and the id, COUNT { }, the
		// ordered pairs collected and unwound, CALL { } with ORDER BY
		// LIMIT, the id in a one-element list.
		{"n-h14-orders-list-key", "ORDER BY a list key", Northwind, written(true,
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)-[l:ORDERS]->() WITH o, count(l) AS lines RETURN o.orderID AS id, lines ORDER BY lines DESC, id LIMIT 5",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)-[l:ORDERS]->() WITH o, count(l) AS lines RETURN o.orderID AS id, lines ORDER BY [-lines, o.orderID] LIMIT 5",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order) WITH o, COUNT { (o)-[:ORDERS]->() } AS lines WHERE lines > 0 RETURN o.orderID AS id, lines ORDER BY -lines, id LIMIT 5",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)-[l:ORDERS]->() WITH o, count(l) AS lines ORDER BY lines DESC, o.orderID WITH collect([o.orderID, lines])[..5] AS top UNWIND top AS t RETURN t[0] AS id, t[1] AS lines",
			"CALL { MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)-[l:ORDERS]->() WITH o, count(l) AS lines RETURN o, lines ORDER BY lines DESC, o.orderID LIMIT 5 } RETURN o.orderID AS id, lines ORDER BY lines DESC, id",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)-[l:ORDERS]->() WITH o, count(l) AS lines RETURN o.orderID AS id, lines ORDER BY lines DESC, [o.orderID] LIMIT 5",
		)},
		// Per product of the category, the quantity ordered and the order
		// lines: directly, maps collected and unwound, reduce() building a
		// map of both, a comprehension of maps per product unwound, pairs
		// collected as lists, CALL { } per product.
		{"n-h14-category-quantities", "collected maps read by key", Northwind, written(false,
			"MATCH (:Order)-[l:ORDERS]->(p:Product)-[:PART_OF]->(:Category {categoryName: $category}) RETURN p.productName AS name, sum(l.quantity) AS qty, count(*) AS lines",
			"MATCH (:Order)-[l:ORDERS]->(p:Product)-[:PART_OF]->(:Category {categoryName: $category}) WITH collect({name: p.productName, q: l.quantity}) AS ms UNWIND ms AS m RETURN m.name AS name, sum(m.q) AS qty, count(*) AS lines",
			"MATCH (:Order)-[l:ORDERS]->(p:Product)-[:PART_OF]->(:Category {categoryName: $category}) WITH p.productName AS name, collect(l {.quantity}) AS ms WITH name, reduce(acc = {q: 0, n: 0}, m IN ms | {q: acc.q + coalesce(m.quantity, 0), n: acc.n + 1}) AS agg RETURN name, agg.q AS qty, agg.n AS lines",
			"MATCH (p:Product)-[:PART_OF]->(:Category {categoryName: $category}) UNWIND [(:Order)-[l:ORDERS]->(p) | {q: l.quantity}] AS m RETURN p.productName AS name, sum(m.q) AS qty, count(*) AS lines",
			"MATCH (:Order)-[l:ORDERS]->(p:Product)-[:PART_OF]->(:Category {categoryName: $category}) WITH collect([p.productName, l.quantity]) AS ps UNWIND ps AS x RETURN x[0] AS name, sum(x[1]) AS qty, count(*) AS lines",
			"MATCH (p:Product)-[:PART_OF]->(:Category {categoryName: $category}) CALL { WITH p MATCH (:Order)-[l:ORDERS]->(p) RETURN sum(l.quantity) AS qty, count(*) AS lines } WITH p, qty, lines WHERE lines > 0 RETURN p.productName AS name, sum(qty) AS qty, sum(lines) AS lines",
		)},
		// Orders per customer region (none when missing): coalesce(), a
		// searched CASE, a simple CASE whose WHEN null never matches, the
		// first non-null of a list, reduce() of coalesce(), a UNION ALL of
		// the missing and present regions.
		{"n-h14-region-case", "CASE with nulls", Northwind, written(false,
			"MATCH (c:Customer)-[:PURCHASED]->(:Order) RETURN coalesce(c.region, 'none') AS region, count(*) AS n",
			"MATCH (c:Customer)-[:PURCHASED]->(:Order) RETURN CASE WHEN c.region IS NULL THEN 'none' ELSE c.region END AS region, count(*) AS n",
			"MATCH (c:Customer)-[:PURCHASED]->(:Order) RETURN CASE c.region WHEN null THEN 'never' ELSE coalesce(c.region, 'none') END AS region, count(*) AS n",
			"MATCH (c:Customer)-[:PURCHASED]->(:Order) RETURN [x IN [c.region, 'none'] WHERE x IS NOT NULL][0] AS region, count(*) AS n",
			"MATCH (c:Customer)-[:PURCHASED]->(:Order) RETURN reduce(r = 'none', x IN [c.region] | coalesce(x, r)) AS region, count(*) AS n",
			"CALL { MATCH (c:Customer)-[:PURCHASED]->(:Order) WHERE c.region IS NULL RETURN 'none' AS region UNION ALL MATCH (c:Customer)-[:PURCHASED]->(:Order) WHERE c.region IS NOT NULL RETURN c.region AS region } RETURN region, count(*) AS n",
		)},

		// WN18RR.
		// The entity and its hyponyms within two steps: *0..2, a quantified
		// path {0,2}, a UNION with the entity, the program of two unions,
		// an OPTIONAL MATCH chain collected, two *0..1 in a row.
		{"w-h14-hyponym-reach-zero", "variable-length lower bound 0", WordNet, written(false,
			"MATCH (x)-[:_hypernym*0..2]->(:Entity {id: $entity}) RETURN count(DISTINCT x) AS n",
			"MATCH (x) (()-[:_hypernym]->()){0,2} (:Entity {id: $entity}) RETURN count(DISTINCT x) AS n",
			"CALL { MATCH (e:Entity {id: $entity}) RETURN e AS x UNION MATCH (x)-[:_hypernym*1..2]->(:Entity {id: $entity}) RETURN x } RETURN count(x) AS n",
			programForm(union("MATCH (e:Entity {id: $entity}) RETURN e"), union("MATCH (x)-[:_hypernym*1..2]->(:Entity {id: $entity}) RETURN x")),
			"MATCH (e:Entity {id: $entity}) OPTIONAL MATCH (x)-[:_hypernym]->(e) OPTIONAL MATCH (y)-[:_hypernym]->(x) WITH collect(DISTINCT e) + collect(DISTINCT x) + collect(DISTINCT y) AS l UNWIND l AS v RETURN count(DISTINCT v) AS n",
			"MATCH (e:Entity {id: $entity}) MATCH (x)-[:_hypernym*0..1]->()-[:_hypernym*0..1]->(e) RETURN count(DISTINCT x) AS n",
		)},
		// Per relationship type out of the entity's hyponyms, the first and
		// last name of the targets: min() and max(), the ordered collect's
		// head and last, reduce(), none() of a smaller or greater name,
		// the descending collect.
		{"w-h14-target-name-min-max", "min and max of strings", WordNet, written(false,
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h)-[r]->(y) RETURN type(r) AS t, min(y.name) AS first, max(y.name) AS last",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h)-[r]->(y) WITH type(r) AS t, y.name AS nm ORDER BY nm WITH t, collect(nm) AS ns RETURN t, head(ns) AS first, last(ns) AS last",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h)-[r]->(y) WITH type(r) AS t, collect(y.name) AS ns RETURN t, reduce(x = null, s IN ns | CASE WHEN x IS NULL OR s < x THEN s ELSE x END) AS first, reduce(x = null, s IN ns | CASE WHEN x IS NULL OR s > x THEN s ELSE x END) AS last",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h)-[r]->(y) WITH type(r) AS t, collect(y.name) AS ns RETURN t, [s IN ns WHERE none(u IN ns WHERE u < s)][0] AS first, [s IN ns WHERE none(u IN ns WHERE u > s)][0] AS last",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h)-[r]->(y) WITH type(r) AS t, y.name AS nm ORDER BY nm DESC WITH t, collect(nm) AS ns RETURN t, last(ns) AS first, ns[0] AS last",
		)},
		// The entity's hyponyms on a cycle of two derivationally related
		// form links: EXISTS { } of *2..2 back, of two explicit hops, of a
		// quantified path {2}, a second MATCH made distinct per hypernym
		// link, COUNT { } of the cycles, a path comprehension's size.
		{"w-h14-form-two-cycles", "cycles of an exact length", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE EXISTS { (h)-[:_derivationally_related_form*2..2]->(h) } RETURN count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE EXISTS { (h)-[:_derivationally_related_form]->()-[:_derivationally_related_form]->(h) } RETURN count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE EXISTS { (h) (()-[:_derivationally_related_form]->()){2} (h) } RETURN count(*) AS n",
			"MATCH (h)-[e:_hypernym]->(:Entity {id: $entity}) MATCH (h)-[:_derivationally_related_form]->(y)-[:_derivationally_related_form]->(h) WITH DISTINCT h, e RETURN count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE COUNT { (h)-[:_derivationally_related_form*2..2]->(h) } > 0 RETURN count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE size([p = (h)-[:_derivationally_related_form*2..2]->(h) | p]) > 0 RETURN count(*) AS n",
		)},
	}
}
