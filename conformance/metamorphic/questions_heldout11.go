package metamorphic

// heldout11Questions are the eleventh held-out round's kinds, drawn from
// what the Neo4j Cypher manual's examples and LLM agents write and the ten
// earlier rounds covered thinly: CALL { } subqueries with UNION (and UNION
// ALL) inside, correlated by WITH and by a scope clause, against COUNT
// { ... UNION ... }, a UNION of the pairs and OR of EXISTS; list
// functions (range() with steps up and down, slices with negative
// indices, `[x IN L | ...][..k]`, reverse(), tail(), last(), reduce()
// building a list); temporal values and durations (date.truncate() to a
// month or a decade, duration.between() and its total months,
// duration.inDays / inMonths / inSeconds, a datetime plus or minus a
// duration, epochMillis, datetime({epochSeconds}), dates parsed from
// strings); simple CASE (with several values per WHEN) against searched
// CASE, a map lookup and a list index; WITH * and variable scoping (a
// comprehension variable shadowing the list it iterates, names swapped by
// a WITH, a variable rebound after WITH ... AS); COUNT { } against size()
// of a comprehension, OPTIONAL MATCH with count() and collect() of a CASE;
// path functions (head/last of relationships(p), nodes(p)[-2], endNode()
// and startNode(), length against size(nodes(p)) - 1 and a reduce());
// undirected patterns against UNIONs of directed ones; DISTINCT on maps
// and lists; ORDER BY on expressions not returned; IS NOT NULL against
// keys(), properties() and dynamic property access on relationships;
// coalesce() chains; pattern comprehensions with nested WHERE; GraphProgram
// forms with union, intersection and difference.
func heldout11Questions() []Question {
	return []Question{
		// Generic graphs.
		// Per A node, the distinct nodes it reaches by an R relationship
		// out or an S relationship in (nodes reaching none dropped): a
		// correlated CALL { } with UNION (each branch imports a), the scope
		// clause CALL (a) { }, UNION ALL then count(DISTINCT), COUNT { }
		// over a UNION kept when not zero, an uncorrelated UNION of the
		// (a, m) pairs grouped by a, one undirected pattern with the
		// direction tested per type (a self-loop is the same m either way),
		// the two comprehensions' concatenation made distinct by a reduce().
		{"g-h11-call-union-per-node", "CALL { } with UNION", Generic, written(false,
			"MATCH (a:A) CALL { WITH a MATCH (a)-[:R]->(m) RETURN m UNION WITH a MATCH (a)<-[:S]-(m) RETURN m } WITH a, count(m) AS n RETURN a.id AS id, n",
			"MATCH (a:A) CALL (a) { MATCH (a)-[:R]->(m) RETURN m UNION MATCH (a)<-[:S]-(m) RETURN m } WITH a, count(m) AS n RETURN a.id AS id, n",
			"MATCH (a:A) CALL { WITH a MATCH (a)-[:R]->(m) RETURN m UNION ALL WITH a MATCH (a)<-[:S]-(m) RETURN m } WITH a, count(DISTINCT m) AS n RETURN a.id AS id, n",
			"MATCH (a:A) WITH a, COUNT { MATCH (a)-[:R]->(m) RETURN m UNION MATCH (a)<-[:S]-(m) RETURN m } AS n WHERE n > 0 RETURN a.id AS id, n",
			"CALL { MATCH (a:A)-[:R]->(m) RETURN a, m UNION MATCH (a:A)<-[:S]-(m) RETURN a, m } WITH a, count(*) AS n RETURN a.id AS id, n",
			"MATCH (a:A)-[r:R|S]-(m) WHERE (r:R AND startNode(r) = a) OR (r:S AND endNode(r) = a) WITH a, count(DISTINCT m) AS n RETURN a.id AS id, n",
			"MATCH (a:A) WITH a, [(a)-[:R]->(m) | m] + [(a)<-[:S]-(m) | m] AS ms WHERE size(ms) > 0 RETURN a.id AS id, size(reduce(acc = [], m IN ms | CASE WHEN m IN acc THEN acc ELSE acc + [m] END)) AS n",
		)},
		// R relationships from A nodes to nodes of even key (keys are
		// 0..4): IN a range with step 2, the modulus bounded to the range,
		// the range descending, a filtered range, any() over a longer
		// stepped range, an UNWIND of the range joined on the key, a
		// filter of the collected keys (collect skips nulls as the
		// filters do).
		{"g-h11-range-step", "list functions", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WHERE b.k IN range(0, 4, 2) RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE b.k % 2 = 0 AND 0 <= b.k <= 4 RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IN range(4, 0, -2) RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IN [x IN range(0, 4) WHERE x % 2 = 0] RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE any(x IN range(0, 4, 2) WHERE x = b.k) RETURN count(*) AS n",
			"UNWIND range(0, 4, 2) AS v MATCH (a:A)-[:R]->(b) WHERE b.k = v RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) RETURN size([x IN collect(b.k) WHERE x IN range(0, 4, 2)]) AS n",
		)},
		// T neighbours of A nodes per band of their string ('a' and 'b' are
		// 1, 'c' is 2, 'd' and null 0): simple CASE, searched CASE, simple
		// CASE without ELSE under coalesce(), a map looked up by the string
		// (a null key gives null), two values in one WHEN, a UNION ALL of
		// the bands (null in the last), a list indexed by a searched CASE.
		{"g-h11-case-simple-map", "CASE simple vs searched", Generic, written(false,
			"MATCH (a:A)-[:T]->(b) RETURN CASE b.s WHEN 'a' THEN 1 WHEN 'b' THEN 1 WHEN 'c' THEN 2 ELSE 0 END AS band, count(*) AS n",
			"MATCH (a:A)-[:T]->(b) RETURN CASE WHEN b.s IN ['a', 'b'] THEN 1 WHEN b.s = 'c' THEN 2 ELSE 0 END AS band, count(*) AS n",
			"MATCH (a:A)-[:T]->(b) RETURN coalesce(CASE b.s WHEN 'a' THEN 1 WHEN 'b' THEN 1 WHEN 'c' THEN 2 END, 0) AS band, count(*) AS n",
			"MATCH (a:A)-[:T]->(b) RETURN coalesce({a: 1, b: 1, c: 2}[b.s], 0) AS band, count(*) AS n",
			"MATCH (a:A)-[:T]->(b) RETURN CASE b.s WHEN 'a', 'b' THEN 1 WHEN 'c' THEN 2 ELSE 0 END AS band, count(*) AS n",
			"CALL { MATCH (a:A)-[:T]->(b) WHERE b.s IN ['a', 'b'] RETURN 1 AS band UNION ALL MATCH (a:A)-[:T]->(b) WHERE b.s = 'c' RETURN 2 AS band UNION ALL MATCH (a:A)-[:T]->(b) WHERE b.s IS NULL OR NOT b.s IN ['a', 'b', 'c'] RETURN 0 AS band } RETURN band, count(*) AS n",
			"MATCH (a:A)-[:T]->(b) RETURN [0, 1, 2][CASE WHEN b.s IN ['a', 'b'] THEN 1 WHEN b.s = 'c' THEN 2 ELSE 0 END] AS band, count(*) AS n",
		)},
		// Rows of an R relationship of weight 1 or more followed by an S
		// relationship: WITH * before the filter, WITH * adding a column
		// and again before RETURN, WITH * then a narrower WITH, one MATCH
		// then WITH * (R and S never bind the same relationship), CALL {
		// WITH * }, a column added by WITH * read in RETURN.
		{"g-h11-with-star", "WITH * and scoping", Generic, written(false,
			"MATCH (a:A)-[r:R]->(b) WHERE r.w >= 1 MATCH (b)-[:S]->(c) RETURN a.id AS a, r.w AS w, c.id AS c",
			"MATCH (a:A)-[r:R]->(b) WITH * WHERE r.w >= 1 MATCH (b)-[:S]->(c) RETURN a.id AS a, r.w AS w, c.id AS c",
			"MATCH (a:A)-[r:R]->(b) WITH *, r.w AS w WHERE w >= 1 MATCH (b)-[:S]->(c) WITH * RETURN a.id AS a, w, c.id AS c",
			"MATCH (a:A)-[r:R]->(b) WHERE r.w >= 1 WITH * MATCH (b)-[:S]->(c) WITH a, r, c RETURN a.id AS a, r.w AS w, c.id AS c",
			"MATCH (a:A)-[r:R]->(b)-[:S]->(c) WHERE r.w >= 1 WITH * RETURN a.id AS a, r.w AS w, c.id AS c",
			"MATCH (a:A)-[r:R]->(b) WHERE r.w >= 1 CALL { WITH * MATCH (b)-[:S]->(c) RETURN c } RETURN a.id AS a, r.w AS w, c.id AS c",
			"MATCH (a:A)-[r:R]->(b) WITH *, a.id AS a0 WHERE r.w >= 1 MATCH (b)-[:S]->(c) RETURN a0 AS a, r.w AS w, c.id AS c",
		)},
		// S relationships from A nodes to nodes of larger key, written
		// with scoping tricks: the key carried by WITH, a comprehension
		// summed, a comprehension variable named as the list it iterates
		// (`[y IN y ...]`: the list is read outside the comprehension), a
		// CALL { } per node counting (zero rows sum to 0), a variable
		// renamed by WITH and its old name bound again, the two names
		// swapped by a WITH.
		{"g-h11-scope-shadow", "WITH * and scoping", Generic, written(false,
			"MATCH (x:A)-[:S]->(y) WHERE y.k > x.k RETURN count(*) AS n",
			"MATCH (x:A) WITH x, x.k AS k MATCH (x)-[:S]->(y) WHERE y.k > k RETURN count(*) AS n",
			"MATCH (x:A) RETURN sum(size([(x)-[:S]->(y) WHERE y.k > x.k | y])) AS n",
			"MATCH (x:A) WITH x.k AS k, [(x)-[:S]->(y) | y.k] AS y RETURN sum(size([y IN y WHERE y > k])) AS n",
			"MATCH (x:A) CALL { WITH x MATCH (x)-[:S]->(y) WHERE y.k > x.k RETURN count(*) AS c } RETURN sum(c) AS n",
			"MATCH (y:A) WITH y AS x MATCH (x)-[:S]->(y) WHERE y.k > x.k RETURN count(*) AS n",
			"MATCH (x:A)-[:S]->(y) WITH x.k AS y, y.k AS x WHERE x > y RETURN count(*) AS n",
		)},
		// Per B node, its T relationships of weight 2 or more from nodes
		// not labelled A (0 for none): COUNT { }, size() of a pattern
		// comprehension, OPTIONAL MATCH then count() per node, an
		// OPTIONAL MATCH with the label expression and the relationship's
		// WHERE inline summed by CASE, CALL { } counting, COUNT { MATCH
		// ... RETURN } with labels(), an OPTIONAL MATCH of every T
		// relationship collecting a CASE (collect skips its nulls).
		{"g-h11-count-optional", "COUNT { } vs size() vs OPTIONAL MATCH", Generic, written(false,
			"MATCH (b:B) RETURN b.id AS id, COUNT { (x)-[r:T]->(b) WHERE r.w >= 2 AND NOT x:A } AS n",
			"MATCH (b:B) RETURN b.id AS id, size([(x)-[r:T]->(b) WHERE r.w >= 2 AND NOT x:A | r]) AS n",
			"MATCH (b:B) OPTIONAL MATCH (x)-[r:T]->(b) WHERE r.w >= 2 AND NOT x:A WITH b, count(r) AS n RETURN b.id AS id, n",
			"MATCH (b:B) OPTIONAL MATCH (x:!A)-[r:T WHERE r.w >= 2]->(b) WITH b, sum(CASE WHEN r IS NULL THEN 0 ELSE 1 END) AS n RETURN b.id AS id, n",
			"MATCH (b:B) CALL { WITH b MATCH (x)-[r:T]->(b) WHERE r.w >= 2 AND NOT x:A RETURN count(r) AS n } RETURN b.id AS id, n",
			"MATCH (b:B) RETURN b.id AS id, COUNT { MATCH (x)-[r:T]->(b) WHERE r.w >= 2 AND NOT 'A' IN labels(x) RETURN r } AS n",
			"MATCH (b:B) OPTIONAL MATCH (x)-[r:T]->(b) WITH b, collect(CASE WHEN r.w >= 2 AND NOT x:A THEN r END) AS rs RETURN b.id AS id, size(rs) AS n",
		)},
		// R paths of one to three relationships from A nodes whose last
		// relationship weighs more than the first (a path of one never
		// does): last() and head() of relationships(p), indices 0 and -1,
		// the relationship list of a variable-length relationship, an
		// index of length(p) - 1 over two or three, a UNION ALL of the two
		// and three hop patterns, the weights' list, a reduce() keeping the
		// last weight.
		{"g-h11-path-first-last", "path functions", Generic, written(false,
			"MATCH p = (a:A)-[:R*1..3]->(b) WHERE last(relationships(p)).w > head(relationships(p)).w RETURN count(*) AS n",
			"MATCH p = (a:A)-[:R*1..3]->(b) WHERE relationships(p)[-1].w > relationships(p)[0].w RETURN count(p) AS n",
			"MATCH (a:A)-[rs:R*1..3]->(b) WHERE rs[-1].w > rs[0].w RETURN count(*) AS n",
			"MATCH p = (a:A)-[:R*2..3]->(b) WHERE relationships(p)[length(p) - 1].w > relationships(p)[0].w RETURN count(*) AS n",
			"CALL { MATCH (a:A)-[r1:R]->()-[r2:R]->(b) WHERE r2.w > r1.w RETURN a UNION ALL MATCH (a:A)-[r1:R]->()-[:R]->()-[r3:R]->(b) WHERE r3.w > r1.w RETURN a } RETURN count(*) AS n",
			"MATCH p = (a:A)-[:R*1..3]->(b) WITH [r IN relationships(p) | r.w] AS ws WHERE ws[-1] > ws[0] RETURN count(*) AS n",
			"MATCH p = (a:A)-[:R*1..3]->(b) WHERE reduce(x = null, r IN relationships(p) | r.w) > relationships(p)[0].w RETURN count(*) AS n",
		)},
		// Trails of one or two R or S relationships from $a, counted per
		// length: length(p), size(relationships(p)), size(nodes(p)) - 1,
		// the variable-length relationship's list, a UNION ALL of the two
		// lengths, a reduce() counting, a quantified path.
		{"g-h11-path-length-histogram", "path functions", Generic, written(false,
			"MATCH p = ({id: $a})-[:R|S*1..2]->() RETURN length(p) AS len, count(*) AS n",
			"MATCH p = ({id: $a})-[:R|S*1..2]->() RETURN size(relationships(p)) AS len, count(*) AS n",
			"MATCH p = ({id: $a})-[:R|S*1..2]->() RETURN size(nodes(p)) - 1 AS len, count(*) AS n",
			"MATCH ({id: $a})-[rs:R|S*1..2]->() RETURN size(rs) AS len, count(*) AS n",
			"CALL { MATCH ({id: $a})-[:R|S]->() RETURN 1 AS len UNION ALL MATCH ({id: $a})-[:R|S]->()-[:R|S]->() RETURN 2 AS len } RETURN len, count(*) AS n",
			"MATCH p = ({id: $a})-[:R|S*1..2]->() RETURN reduce(l = 0, r IN relationships(p) | l + 1) AS len, count(*) AS n",
			"MATCH p = ({id: $a}) (()-[:R|S]->()){1,2} () RETURN length(p) AS len, count(*) AS n",
		)},
		// The distinct keys two R hops from $a ignoring direction (the two
		// relationships distinct): the undirected pattern, a UNION of its
		// four directed spellings, EXISTS of the undirected pattern per
		// node, two MATCH clauses with the relationships kept apart, `*2`,
		// a COLLECT { } unwound.
		{"g-h11-undirected-two-hop-union", "undirected vs UNION", Generic, written(false,
			"MATCH ({id: $a})-[:R]-()-[:R]-(c) RETURN DISTINCT c.id AS id",
			"MATCH ({id: $a})-[:R]->()-[:R]->(c) RETURN c.id AS id UNION MATCH ({id: $a})-[:R]->()<-[:R]-(c) RETURN c.id AS id UNION MATCH ({id: $a})<-[:R]-()-[:R]->(c) RETURN c.id AS id UNION MATCH ({id: $a})<-[:R]-()<-[:R]-(c) RETURN c.id AS id",
			"MATCH (a {id: $a}), (c) WHERE EXISTS { (a)-[:R]-()-[:R]-(c) } RETURN DISTINCT c.id AS id",
			"MATCH ({id: $a})-[r1:R]-(m) MATCH (m)-[r2:R]-(c) WHERE r1 <> r2 RETURN DISTINCT c.id AS id",
			"MATCH ({id: $a})-[:R*2]-(c) RETURN DISTINCT c.id AS id",
			"MATCH (a {id: $a}) UNWIND COLLECT { MATCH (a)-[:R]-()-[:R]-(c) RETURN DISTINCT c.id AS id } AS id RETURN DISTINCT id",
		)},
		// The distinct (key, string) maps of A nodes' R neighbours, missing
		// values as null entries: a map literal, a map projection, DISTINCT
		// columns made a map, collect(DISTINCT) unwound, the keys written
		// in the other order after DISTINCT nodes, a UNION of the columns.
		{"g-h11-distinct-maps", "DISTINCT on maps and lists", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) RETURN DISTINCT {k: b.k, s: b.s} AS m",
			"MATCH (a:A)-[:R]->(b) RETURN DISTINCT b {.k, .s} AS m",
			"MATCH (a:A)-[:R]->(b) WITH DISTINCT b.k AS k, b.s AS s RETURN {k: k, s: s} AS m",
			"MATCH (a:A)-[:R]->(b) WITH collect(DISTINCT {k: b.k, s: b.s}) AS ms UNWIND ms AS m RETURN m",
			"MATCH (a:A)-[:R]->(b) WITH DISTINCT b RETURN DISTINCT {s: b.s, k: b.k} AS m",
			"CALL { MATCH (a:A)-[:R]->(b) RETURN b.k AS k, b.s AS s UNION MATCH (a:A)-[:R]->(b) RETURN b.k AS k, b.s AS s } RETURN {k: k, s: s} AS m",
		)},
		// The distinct (type, far key) pairs of A nodes' relationships as
		// lists (null keys inside): RETURN DISTINCT of a list, DISTINCT
		// columns made a list, collect(DISTINCT) unwound, a grouping on the
		// list, a UNION of the three types (the schema has three), two
		// lists concatenated.
		{"g-h11-distinct-lists", "DISTINCT on maps and lists", Generic, written(false,
			"MATCH (a:A)-[r]->(b) RETURN DISTINCT [type(r), b.k] AS pair",
			"MATCH (a:A)-[r]->(b) WITH DISTINCT type(r) AS t, b.k AS k RETURN [t, k] AS pair",
			"MATCH (a:A)-[r]->(b) WITH collect(DISTINCT [type(r), b.k]) AS pairs UNWIND pairs AS pair RETURN pair",
			"MATCH (a:A)-[r]->(b) WITH [type(r), b.k] AS pair, count(*) AS c RETURN pair",
			"CALL { MATCH (a:A)-[:R]->(b) RETURN ['R', b.k] AS pair UNION MATCH (a:A)-[:S]->(b) RETURN ['S', b.k] AS pair UNION MATCH (a:A)-[:T]->(b) RETURN ['T', b.k] AS pair } RETURN pair",
			"MATCH (a:A)-[r]->(b) RETURN DISTINCT [type(r)] + [b.k] AS pair",
		)},
		// The first five A nodes by key descending (null first), string
		// and id, returning the id only: ORDER BY expressions not returned,
		// the order in a WITH and again after RETURN, the columns carried
		// and ordered by after RETURN, the top five collected as
		// one-element lists (collect would skip a null id) and unwound,
		// coalesce() for the null key, its negation ascending, the null
		// test first.
		{"g-h11-order-hidden", "ORDER BY on expressions not returned", Generic, written(true,
			"MATCH (n:A) RETURN n.id AS id ORDER BY n.k DESC, n.s, id LIMIT 5",
			"MATCH (n:A) WITH n ORDER BY n.k DESC, n.s, n.id LIMIT 5 RETURN n.id AS id ORDER BY n.k DESC, n.s, id",
			"MATCH (n:A) WITH n.id AS id, n.k AS k, n.s AS s ORDER BY k DESC, s, id LIMIT 5 RETURN id ORDER BY k DESC, s, id",
			"MATCH (n:A) WITH n ORDER BY n.k DESC, n.s, n.id WITH collect([n.id])[..5] AS ids UNWIND ids AS i RETURN i[0] AS id",
			"MATCH (n:A) RETURN n.id AS id ORDER BY coalesce(n.k, 5) DESC, n.s, id LIMIT 5",
			"MATCH (n:A) RETURN n.id AS id ORDER BY -coalesce(n.k, 5), n.s, id LIMIT 5",
			"MATCH (n:A) RETURN n.id AS id ORDER BY n.k IS NULL DESC, n.k DESC, coalesce(n.s, 'z'), id LIMIT 5",
		)},
		// Relationships out of A nodes that have a weight, to nodes with no
		// string, per type: IS NOT NULL and IS NULL, keys() of the
		// relationship and the node, properties() of both, dynamic access
		// `r['w']`, NOT over both tests, a sum of a CASE kept when not zero.
		{"g-h11-props-not-null-rel", "IS NOT NULL vs keys() and properties()", Generic, written(false,
			"MATCH (a:A)-[r]->(b) WHERE r.w IS NOT NULL AND b.s IS NULL RETURN type(r) AS t, count(*) AS n",
			"MATCH (a:A)-[r]->(b) WHERE 'w' IN keys(r) AND NOT 's' IN keys(b) RETURN type(r) AS t, count(*) AS n",
			"MATCH (a:A)-[r]->(b) WHERE properties(r).w IS NOT NULL AND properties(b).s IS NULL RETURN type(r) AS t, count(*) AS n",
			"MATCH (a:A)-[r]->(b) WHERE r['w'] IS NOT NULL AND b['s'] IS NULL RETURN type(r) AS t, count(*) AS n",
			"MATCH (a:A)-[r]->(b) WHERE NOT r.w IS NULL AND NOT b.s IS NOT NULL RETURN type(r) AS t, count(*) AS n",
			"MATCH (a:A)-[r]->(b) WITH type(r) AS t, sum(CASE WHEN r.w IS NOT NULL AND b.s IS NULL THEN 1 ELSE 0 END) AS n WHERE n > 0 RETURN t, n",
		)},
		// R neighbours of A nodes per first present value of key, id, -1:
		// coalesce() of three, searched CASE, nested coalesce() both ways,
		// head() of the non-null values, a reduce() keeping the first
		// non-null, the non-null values with a default appended indexed.
		{"g-h11-coalesce-chain", "coalesce chains", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) RETURN coalesce(b.k, b.id, -1) AS v, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) RETURN CASE WHEN b.k IS NOT NULL THEN b.k WHEN b.id IS NOT NULL THEN b.id ELSE -1 END AS v, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) RETURN coalesce(coalesce(b.k, b.id), -1) AS v, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) RETURN head([x IN [b.k, b.id, -1] WHERE x IS NOT NULL]) AS v, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) RETURN reduce(v = null, x IN [b.k, b.id, -1] | coalesce(v, x)) AS v, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) RETURN coalesce(b.k, coalesce(b.id, -1)) AS v, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) RETURN ([x IN [b.k, b.id] WHERE x IS NOT NULL] + [-1])[0] AS v, count(*) AS n",
		)},
		// B nodes by how many of their properties are set (the schema's
		// nodes have id, k and s): size(keys()), keys() of properties(),
		// the non-null values of the three counted, a sum of CASEs, keys()
		// of the all-properties projection, the three names tested by
		// dynamic access, a reduce() over keys().
		{"g-h11-keys-count", "keys() and properties()", Generic, written(false,
			"MATCH (n:B) RETURN size(keys(n)) AS c, count(*) AS n",
			"MATCH (n:B) RETURN size(keys(properties(n))) AS c, count(*) AS n",
			"MATCH (n:B) RETURN size([x IN [n.id, n.k, n.s] WHERE x IS NOT NULL]) AS c, count(*) AS n",
			"MATCH (n:B) RETURN CASE WHEN n.id IS NULL THEN 0 ELSE 1 END + CASE WHEN n.k IS NULL THEN 0 ELSE 1 END + CASE WHEN n.s IS NULL THEN 0 ELSE 1 END AS c, count(*) AS n",
			"MATCH (n:B) RETURN size(keys(n {.*})) AS c, count(*) AS n",
			"MATCH (n:B) RETURN size([key IN ['id', 'k', 's'] WHERE n[key] IS NOT NULL]) AS c, count(*) AS n",
			"MATCH (n:B) RETURN reduce(c = 0, key IN keys(n) | c + 1) AS c, count(*) AS n",
		)},
		// Per A node, how many R neighbours (per relationship) have key 2
		// or more and an S relationship out, and the sum of their ids (0
		// for a missing id): a pattern comprehension whose WHERE holds
		// EXISTS { }, size() of a nested comprehension, COUNT { }, a list
		// comprehension over COLLECT { } (one entry per relationship as
		// the pattern comprehension), OPTIONAL MATCH collecting a CASE (a
		// missing neighbour is skipped, not 0), a CALL { } with a pattern
		// predicate, EXISTS on the comprehension's variable.
		{"g-h11-pattern-comp-nested", "pattern comprehension with nested WHERE", Generic, written(false,
			"MATCH (a:A) WITH a, [(a)-[:R]->(b) WHERE b.k > 1 AND EXISTS { (b)-[:S]->() } | coalesce(b.id, 0)] AS xs RETURN a.id AS id, size(xs) AS n, reduce(t = 0, x IN xs | t + x) AS total",
			"MATCH (a:A) WITH a, [(a)-[:R]->(b) WHERE b.k > 1 AND size([(b)-[:S]->(c) | c]) > 0 | coalesce(b.id, 0)] AS xs RETURN a.id AS id, size(xs) AS n, reduce(t = 0, x IN xs | t + x) AS total",
			"MATCH (a:A) WITH a, [(a)-[:R]->(b) WHERE b.k > 1 AND COUNT { (b)-[:S]->() } >= 1 | coalesce(b.id, 0)] AS xs RETURN a.id AS id, size(xs) AS n, reduce(t = 0, x IN xs | t + x) AS total",
			"MATCH (a:A) WITH a, [b IN COLLECT { MATCH (a)-[:R]->(b) RETURN b } WHERE b.k > 1 AND EXISTS { (b)-[:S]->() } | coalesce(b.id, 0)] AS xs RETURN a.id AS id, size(xs) AS n, reduce(t = 0, x IN xs | t + x) AS total",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WHERE b.k > 1 AND EXISTS { (b)-[:S]->() } WITH a, collect(CASE WHEN b IS NOT NULL THEN coalesce(b.id, 0) END) AS xs RETURN a.id AS id, size(xs) AS n, reduce(t = 0, x IN xs | t + x) AS total",
			"MATCH (a:A) CALL { WITH a OPTIONAL MATCH (a)-[:R]->(b) WHERE b.k > 1 AND (b)-[:S]->() RETURN count(b) AS n, sum(coalesce(b.id, 0)) AS total } RETURN a.id AS id, n, total",
			"MATCH (a:A) WITH a, [p IN [(a)-[:R]->(b) WHERE b.k > 1 | b] WHERE EXISTS { (p)-[:S]->() } | coalesce(p.id, 0)] AS xs RETURN a.id AS id, size(xs) AS n, reduce(t = 0, x IN xs | t + x) AS total",
		)},
		// Nodes reached by R from an A node or by T from a B node, less
		// those reached by S from a C node: EXISTS under OR and NOT, the
		// program (union, union, difference), a UNION in CALL { } filtered
		// after, the collected lists' difference made distinct, the
		// conjuncts in the other order, COUNT { } sums.
		{"g-h11-program-union-diff", "GraphProgram", Generic, written(false,
			"MATCH (x) WHERE (EXISTS { (:A)-[:R]->(x) } OR EXISTS { (:B)-[:T]->(x) }) AND NOT EXISTS { (:C)-[:S]->(x) } RETURN count(x) AS n",
			programForm(union("MATCH (:A)-[:R]->(x) RETURN x"), union("MATCH (:B)-[:T]->(x) RETURN x"), diff("MATCH (:C)-[:S]->(x) RETURN x")),
			"CALL { MATCH (:A)-[:R]->(x) RETURN x UNION MATCH (:B)-[:T]->(x) RETURN x } WITH x WHERE NOT EXISTS { (:C)-[:S]->(x) } RETURN count(x) AS n",
			"MATCH (:A)-[:R]->(x) WITH collect(x) AS l1 OPTIONAL MATCH (:B)-[:T]->(y) WITH l1, collect(y) AS l2 WITH l1 + l2 AS l OPTIONAL MATCH (:C)-[:S]->(z) WITH l, collect(z) AS d UNWIND l AS x WITH DISTINCT x, d WHERE NOT x IN d RETURN count(x) AS n",
			"MATCH (x) WHERE NOT EXISTS { (:C)-[:S]->(x) } AND (EXISTS { (:B)-[:T]->(x) } OR EXISTS { (:A)-[:R]->(x) }) RETURN count(*) AS n",
			"MATCH (x) WHERE COUNT { (:A)-[:R]->(x) } + COUNT { (:B)-[:T]->(x) } > 0 AND COUNT { (:C)-[:S]->(x) } = 0 RETURN count(x) AS n",
		)},
		// Per A node with keyed out-neighbours (one entry per
		// relationship), the keys in order less the smallest and the
		// largest: the slice [1..-1], [1..size - 1], tail() then [..-1],
		// indices from range(), reverse() and tail() twice, an ordered
		// COLLECT { }, the descending list reversed.
		{"g-h11-negative-slice", "list slicing", Generic, written(false,
			"MATCH (a:A)-->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, ks[1..-1] AS mid",
			"MATCH (a:A)-->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, ks[1..size(ks) - 1] AS mid",
			"MATCH (a:A)-->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, tail(ks)[..-1] AS mid",
			"MATCH (a:A)-->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, [i IN range(1, size(ks) - 2) | ks[i]] AS mid",
			"MATCH (a:A)-->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, reverse(tail(reverse(tail(ks)))) AS mid",
			"MATCH (a:A) WHERE EXISTS { (a)-->(b) WHERE b.k IS NOT NULL } WITH a, COLLECT { MATCH (a)-->(b) WHERE b.k IS NOT NULL RETURN b.k AS k ORDER BY k } AS ks RETURN a.id AS id, ks[1..-1] AS mid",
			"MATCH (a:A)-->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k DESC WITH a, collect(k) AS ks RETURN a.id AS id, reverse(ks)[1..-1] AS mid",
		)},

		// Users graphs.
		// The three largest ids among the hub's out-neighbours, ascending:
		// the ordered list's last three, ORDER BY DESC LIMIT then
		// ascending, a descending COLLECT { } reversed, the first three of
		// the descending list reversed, indices from range() over the
		// ascending list, a rank by COUNT { } of larger ids (the edge
		// lists have no parallel links).
		{"u-h11-last-ids-slice", "list slicing", Users, written(true,
			"MATCH (:User {id: $hub})-->(v) WITH v.id AS id ORDER BY id WITH collect(id) AS ids UNWIND ids[-3..] AS id RETURN id",
			"MATCH (:User {id: $hub})-->(v) WITH v.id AS id ORDER BY id DESC LIMIT 3 RETURN id ORDER BY id",
			"UNWIND reverse(COLLECT { MATCH (:User {id: $hub})-->(v) RETURN v.id AS id ORDER BY id DESC LIMIT 3 }) AS id RETURN id",
			"MATCH (:User {id: $hub})-->(v) WITH v.id AS id ORDER BY id DESC WITH collect(id)[..3] AS ids UNWIND reverse(ids) AS id RETURN id",
			"MATCH (:User {id: $hub})-->(v) WITH v.id AS id ORDER BY id WITH collect(id) AS ids UNWIND [i IN range(size(ids) - 3, size(ids) - 1) WHERE i >= 0 | ids[i]] AS id RETURN id",
			"MATCH (h:User {id: $hub})-->(v) WITH h, v WHERE COUNT { (h)-->(w) WHERE w.id > v.id } < 3 RETURN v.id AS id ORDER BY id",
		)},
		// The hub's out-neighbours whose id is a multiple of 5 up to 2000:
		// IN a stepped range, the modulus bounded, an UNWIND of the range
		// joined on the id, the range descending, integer division, a
		// filter of the collected ids.
		{"u-h11-range-step-ids", "list functions", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WHERE v.id IN range(0, 2000, 5) RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE v.id % 5 = 0 AND 0 <= v.id <= 2000 RETURN count(*) AS n",
			"UNWIND range(0, 2000, 5) AS i MATCH (:User {id: $hub})-->(v:User {id: i}) RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE v.id IN range(2000, 0, -5) RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE v.id / 5 * 5 = v.id AND 0 <= v.id <= 2000 RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH collect(v.id) AS ids RETURN size([i IN ids WHERE i IN range(0, 2000, 5)]) AS n",
		)},
		// The hub's five out-neighbours of largest out-degree (then id),
		// the degree not returned: ORDER BY COUNT { }, the degree in a WITH
		// and ordered on after RETURN, OPTIONAL MATCH and count() per
		// out-link, size() of a comprehension, CALL { } counting, the
		// ordered ids collected and cut.
		{"u-h11-order-hidden-degree", "ORDER BY on expressions not returned", Users, written(true,
			"MATCH (:User {id: $hub})-->(v) RETURN v.id AS id ORDER BY COUNT { (v)-->() } DESC, id LIMIT 5",
			"MATCH (:User {id: $hub})-->(v) WITH v, COUNT { (v)-->() } AS d ORDER BY d DESC, v.id LIMIT 5 RETURN v.id AS id ORDER BY d DESC, id",
			"MATCH (:User {id: $hub})-[r]->(v) OPTIONAL MATCH (v)-->(w) WITH r, v, count(w) AS d RETURN v.id AS id ORDER BY d DESC, id LIMIT 5",
			"MATCH (:User {id: $hub})-->(v) RETURN v.id AS id ORDER BY size([(v)-->(w) | w]) DESC, id LIMIT 5",
			"MATCH (:User {id: $hub})-->(v) CALL { WITH v MATCH (v)-->() RETURN count(*) AS d } RETURN v.id AS id ORDER BY d DESC, id LIMIT 5",
			"MATCH (:User {id: $hub})-->(v) WITH v ORDER BY COUNT { (v)-->() } DESC, v.id WITH collect(v.id)[..5] AS ids UNWIND ids AS id RETURN id",
		)},
		// Two-hop paths from the hub whose middle node's id exceeds the
		// end's: nodes(p)[1] against last(nodes(p)), named nodes, the ids'
		// list indexed 1 and -1, endNode() of the first and last
		// relationships, `*2` with nodes(p)[-2], a sum of COUNT { } per
		// neighbour.
		{"u-h11-path-nodes-two-hop", "path functions", Users, written(false,
			"MATCH p = (:User {id: $hub})-->()-->() WHERE nodes(p)[1].id > last(nodes(p)).id RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(m)-->(w) WHERE m.id > w.id RETURN count(*) AS n",
			"MATCH p = (:User {id: $hub})-->()-->() WITH [n IN nodes(p) | n.id] AS ids WHERE ids[1] > ids[-1] RETURN count(*) AS n",
			"MATCH p = (:User {id: $hub})-->()-->() WHERE endNode(head(relationships(p))).id > endNode(last(relationships(p))).id RETURN count(*) AS n",
			"MATCH p = (:User {id: $hub})-[*2]->() WHERE nodes(p)[-2].id > nodes(p)[-1].id RETURN count(p) AS n",
			"MATCH (:User {id: $hub})-->(m) RETURN sum(COUNT { (m)-->(w) WHERE w.id < m.id }) AS n",
		)},
		// Links between two of the hub's out-neighbours as unordered id
		// pairs: count(DISTINCT) of an ordered two-element list, of a map,
		// WITH DISTINCT of the list, the pairs with the smaller id first
		// and a link either way counted distinct, the neighbours collected
		// and the second end tested by IN.
		{"u-h11-distinct-pair-lists", "DISTINCT on maps and lists", Users, written(false,
			"MATCH (h:User {id: $hub})-->(a)-->(b) WHERE EXISTS { (h)-->(b) } AND a <> b RETURN count(DISTINCT CASE WHEN a.id < b.id THEN [a.id, b.id] ELSE [b.id, a.id] END) AS n",
			"MATCH (h:User {id: $hub})-->(a)-->(b) WHERE EXISTS { (h)-->(b) } AND a <> b RETURN count(DISTINCT {lo: CASE WHEN a.id < b.id THEN a.id ELSE b.id END, hi: CASE WHEN a.id < b.id THEN b.id ELSE a.id END}) AS n",
			"MATCH (h:User {id: $hub})-->(a)-->(b) WHERE EXISTS { (h)-->(b) } AND a <> b WITH DISTINCT CASE WHEN a.id < b.id THEN [a.id, b.id] ELSE [b.id, a.id] END AS pair RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(a), (h)-->(b) WHERE a.id < b.id AND (EXISTS { (a)-->(b) } OR EXISTS { (b)-->(a) }) RETURN count(DISTINCT [a.id, b.id]) AS n",
			"MATCH (h:User {id: $hub})-->(a) WITH collect(a) AS ns UNWIND ns AS a MATCH (a)-->(b) WHERE b IN ns AND a <> b RETURN count(DISTINCT [CASE WHEN a.id < b.id THEN a.id ELSE b.id END, CASE WHEN a.id < b.id THEN b.id ELSE a.id END]) AS n",
		)},
		// The hub's out-links split by whether the neighbour links back:
		// EXISTS as a grouping key, a correlated CALL { } with a UNION ALL
		// of the two sides, OPTIONAL MATCH of the back link counted per
		// out-link, COUNT { } under CASE, size() of a comprehension, the
		// out-neighbours tested against the collected in-neighbours.
		{"u-h11-call-union-mutual", "CALL { } with UNION", Users, written(false,
			"MATCH (h:User {id: $hub})-->(v) RETURN EXISTS { (v)-->(h) } AS mutual, count(*) AS n",
			"MATCH (h:User {id: $hub}) CALL { WITH h MATCH (h)-->(v) WHERE EXISTS { (v)-->(h) } RETURN true AS mutual UNION ALL WITH h MATCH (h)-->(v) WHERE NOT EXISTS { (v)-->(h) } RETURN false AS mutual } RETURN mutual, count(*) AS n",
			"MATCH (h:User {id: $hub})-[r]->(v) OPTIONAL MATCH (v)-[b]->(h) WITH r, count(b) > 0 AS mutual RETURN mutual, count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) RETURN CASE WHEN COUNT { (v)-->(h) } > 0 THEN true ELSE false END AS mutual, count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) RETURN size([(v)-->(h) | 1]) > 0 AS mutual, count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) WITH h, collect(v) AS outs OPTIONAL MATCH (h)<--(w) WITH outs, collect(w) AS ins UNWIND outs AS v RETURN v IN ins AS mutual, count(*) AS n",
		)},
		// Users two links from the hub that are not its out-neighbours and
		// link to $other: the program (union, difference, intersection),
		// EXISTS and NOT EXISTS on the two-hop ends, every user tested by
		// three EXISTS, the in-neighbours of $other tested, the two-hop
		// ends made distinct first.
		{"u-h11-program-two-hop", "GraphProgram", Users, written(false,
			"MATCH (h:User {id: $hub})-->()-->(w) WHERE NOT EXISTS { (h)-->(w) } AND EXISTS { (w)-->(:User {id: $other}) } RETURN count(DISTINCT w) AS n",
			programForm(union("MATCH (:User {id: $hub})-->()-->(w) RETURN w"), diff("MATCH (:User {id: $hub})-->(w) RETURN w"), intersect("MATCH (w)-->(:User {id: $other}) RETURN w")),
			"MATCH (w:User) WHERE EXISTS { (:User {id: $hub})-->()-->(w) } AND NOT EXISTS { (:User {id: $hub})-->(w) } AND EXISTS { (w)-->(:User {id: $other}) } RETURN count(w) AS n",
			"MATCH (w)-->(:User {id: $other}) WITH DISTINCT w WHERE EXISTS { (:User {id: $hub})-->()-->(w) } AND NOT EXISTS { (:User {id: $hub})-->(w) } RETURN count(w) AS n",
			"MATCH (h:User {id: $hub})-->()-->(w) WITH DISTINCT h, w WHERE NOT EXISTS { (h)-->(w) } MATCH (w)-->(o:User {id: $other}) RETURN count(DISTINCT w) AS n",
		)},

		// Movies.
		// Roles played in movies released after 2000, per title: sum() of
		// the roles lists' sizes, the lists concatenated by reduce(),
		// UNWIND of each list with a null appended (so a movie whose lists
		// are empty keeps a row) counting the roles, reduce() over the
		// comprehension of ACTED_IN relationships, a CALL { } per movie
		// kept when it has actors, reduce() counting each list.
		{"m-h11-roles-lists", "list functions", Movies, written(false,
			"MATCH (p:Person)-[r:ACTED_IN]->(m:Movie) WHERE m.released > 2000 RETURN m.title AS t, sum(size(r.roles)) AS roles",
			"MATCH (p:Person)-[r:ACTED_IN]->(m:Movie) WHERE m.released > 2000 WITH m.title AS t, collect(r.roles) AS rl RETURN t, size(reduce(acc = [], x IN rl | acc + x)) AS roles",
			"MATCH (p:Person)-[r:ACTED_IN]->(m:Movie) WHERE m.released > 2000 UNWIND coalesce(r.roles, []) + [null] AS role RETURN m.title AS t, count(role) AS roles",
			"MATCH (m:Movie) WHERE m.released > 2000 AND EXISTS { (:Person)-[:ACTED_IN]->(m) } WITH m.title AS t, reduce(n = 0, r IN [(:Person)-[r:ACTED_IN]->(m) | r] | n + coalesce(size(r.roles), 0)) AS roles RETURN t, sum(roles) AS roles",
			"MATCH (m:Movie) WHERE m.released > 2000 CALL { WITH m MATCH (:Person)-[r:ACTED_IN]->(m) RETURN sum(size(r.roles)) AS roles, count(r) AS c } WITH m.title AS t, roles, c WHERE c > 0 RETURN t, sum(roles) AS roles",
			"MATCH (p:Person)-[r:ACTED_IN]->(m:Movie) WHERE m.released > 2000 RETURN m.title AS t, sum(reduce(n = 0, x IN r.roles | n + 1)) AS roles",
		)},
		// Movies per era: simple CASE on the decade, searched CASE on the
		// year, a map keyed by the decade's string, simple CASE on the
		// year's first three characters, a UNION ALL of the eras (the
		// last one also takes a null year), simple CASE on the decade's
		// first year.
		{"m-h11-decade-case", "CASE simple vs searched", Movies, written(false,
			"MATCH (m:Movie) RETURN CASE m.released / 10 WHEN 199 THEN '1990s' WHEN 200 THEN '2000s' ELSE 'other' END AS era, count(*) AS n",
			"MATCH (m:Movie) RETURN CASE WHEN m.released >= 1990 AND m.released < 2000 THEN '1990s' WHEN m.released >= 2000 AND m.released < 2010 THEN '2000s' ELSE 'other' END AS era, count(*) AS n",
			"MATCH (m:Movie) RETURN coalesce({`199`: '1990s', `200`: '2000s'}[toString(m.released / 10)], 'other') AS era, count(*) AS n",
			"MATCH (m:Movie) RETURN CASE left(toString(m.released), 3) WHEN '199' THEN '1990s' WHEN '200' THEN '2000s' ELSE 'other' END AS era, count(*) AS n",
			"CALL { MATCH (m:Movie) WHERE 1990 <= m.released < 2000 RETURN '1990s' AS era UNION ALL MATCH (m:Movie) WHERE 2000 <= m.released < 2010 RETURN '2000s' AS era UNION ALL MATCH (m:Movie) WHERE NOT coalesce(1990 <= m.released < 2010, false) RETURN 'other' AS era } RETURN era, count(*) AS n",
			"MATCH (m:Movie) WITH m, m.released / 10 * 10 AS d RETURN CASE d WHEN 1990 THEN '1990s' WHEN 2000 THEN '2000s' ELSE 'other' END AS era, count(*) AS n",
		)},
		// Actors aged 50 or more (by year) at a movie's release: the
		// difference of years, duration.between() of the two years' first
		// days behind a WITH that drops unknown birth years (date() of a
		// null year is an error, so the filter must run first), the first
		// day plus a duration under CASE, the bound moved across,
		// duration.inMonths(), the age in a WITH.
		{"m-h11-age-at-release", "temporal values and durations", Movies, written(false,
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE m.released - p.born >= 50 RETURN p.name AS name, m.title AS title",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE p.born IS NOT NULL AND m.released IS NOT NULL WITH p, m WHERE duration.between(date({year: p.born}), date({year: m.released})).years >= 50 RETURN p.name AS name, m.title AS title",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE CASE WHEN p.born IS NULL OR m.released IS NULL THEN false ELSE date({year: p.born}) + duration({years: 50}) <= date({year: m.released}) END RETURN p.name AS name, m.title AS title",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE p.born <= m.released - 50 RETURN p.name AS name, m.title AS title",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE p.born IS NOT NULL AND m.released IS NOT NULL WITH p, m WHERE duration.inMonths(date({year: p.born}), date({year: m.released})).months >= 600 RETURN p.name AS name, m.title AS title",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WITH p, m, m.released - p.born AS age WHERE age >= 50 RETURN p.name AS name, m.title AS title",
		)},
		// The person's co-actors per movie, the movie read through path
		// functions: nodes(p)[1], a named node, endNode() of the first
		// relationship, the Movie among nodes(p), endNode() of the last
		// relationship, the path written from the co-actor with
		// nodes(p)[-2].
		{"m-h11-path-node-functions", "path functions", Movies, written(false,
			"MATCH p = (:Person {name: $who})-[:ACTED_IN]->(:Movie)<-[:ACTED_IN]-(c:Person) RETURN nodes(p)[1].title AS title, count(*) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) RETURN m.title AS title, count(*) AS n",
			"MATCH p = (:Person {name: $who})-[:ACTED_IN]->(:Movie)<-[:ACTED_IN]-(c:Person) RETURN endNode(relationships(p)[0]).title AS title, count(*) AS n",
			"MATCH p = (:Person {name: $who})-[:ACTED_IN]->(:Movie)<-[:ACTED_IN]-(c:Person) RETURN [x IN nodes(p) WHERE x:Movie][0].title AS title, count(*) AS n",
			"MATCH p = (:Person {name: $who})-[:ACTED_IN]->(:Movie)<-[:ACTED_IN]-(c:Person) RETURN endNode(last(relationships(p))).title AS title, count(*) AS n",
			"MATCH p = (c:Person)-[:ACTED_IN]->(:Movie)<-[:ACTED_IN]-(:Person {name: $who}) RETURN nodes(p)[-2].title AS title, count(*) AS n",
		)},
		// The distinct directors of the person's movies as {name, born}
		// maps (born null when missing): a map projection, a map literal,
		// DISTINCT over the columns' map, collect(DISTINCT) unwound, the
		// all-properties projection with born added (people have name and
		// born only), the two hops in a CALL { }.
		{"m-h11-distinct-map-people", "DISTINCT on maps and lists", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(:Movie)<-[:DIRECTED]-(d:Person) RETURN DISTINCT d {.name, .born} AS d",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(:Movie)<-[:DIRECTED]-(d:Person) RETURN DISTINCT {name: d.name, born: d.born} AS d",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(:Movie)<-[:DIRECTED]-(d:Person) WITH d.name AS name, d.born AS born RETURN DISTINCT {name: name, born: born} AS d",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(:Movie)<-[:DIRECTED]-(d:Person) WITH collect(DISTINCT d {.name, .born}) AS ds UNWIND ds AS d RETURN d",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(:Movie)<-[:DIRECTED]-(d:Person) RETURN DISTINCT d {.*, born: d.born} AS d",
			"CALL { MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) MATCH (m)<-[:DIRECTED]-(d:Person) RETURN d } RETURN DISTINCT d {.name, .born} AS d",
		)},
		// FOLLOWS links either way to someone who reviewed a movie, per
		// name: the undirected pattern, a UNION ALL of the two directions
		// (self-loops kept out of the second: an undirected pattern
		// matches a self-loop once), the filter inside each branch, COUNT
		// { } summed per name, a pattern predicate, the two comprehensions
		// unwound.
		{"m-h11-follows-undirected-union", "undirected vs UNION", Movies, written(false,
			"MATCH (p:Person)-[:FOLLOWS]-(q:Person) WHERE EXISTS { (q)-[:REVIEWED]->(:Movie) } RETURN p.name AS name, count(*) AS n",
			"CALL { MATCH (p:Person)-[:FOLLOWS]->(q:Person) RETURN p, q UNION ALL MATCH (p:Person)<-[:FOLLOWS]-(q:Person) WHERE p <> q RETURN p, q } WITH p, q WHERE EXISTS { (q)-[:REVIEWED]->(:Movie) } RETURN p.name AS name, count(*) AS n",
			"CALL { MATCH (p:Person)-[:FOLLOWS]->(q:Person) WHERE EXISTS { (q)-[:REVIEWED]->(:Movie) } RETURN p UNION ALL MATCH (p:Person)<-[:FOLLOWS]-(q:Person) WHERE p <> q AND EXISTS { (q)-[:REVIEWED]->(:Movie) } RETURN p } RETURN p.name AS name, count(*) AS n",
			"MATCH (p:Person) WITH p, COUNT { (p)-[:FOLLOWS]-(q:Person) WHERE EXISTS { (q)-[:REVIEWED]->(:Movie) } } AS n WHERE n > 0 RETURN p.name AS name, sum(n) AS n",
			"MATCH (p:Person)-[r:FOLLOWS]-(q:Person) WHERE (q)-[:REVIEWED]->(:Movie) RETURN p.name AS name, count(r) AS n",
			"MATCH (p:Person) UNWIND [(p)-[:FOLLOWS]->(q:Person) | q] + [(p)<-[:FOLLOWS]-(q:Person) WHERE q <> p | q] AS q WITH p, q WHERE EXISTS { (q)-[:REVIEWED]->(:Movie) } RETURN p.name AS name, count(*) AS n",
		)},
		// The five movies of best average rating (then title), the
		// average not returned: avg() ordered on, the sum over the count
		// (null when no rating), a CALL { } per reviewed movie, a reduce()
		// over the collected ratings, the order in a WITH and again after
		// RETURN, the ordered titles collected as one-element lists.
		{"m-h11-rating-order-hidden", "ORDER BY on expressions not returned", Movies, written(true,
			"MATCH (m:Movie)<-[r:REVIEWED]-(:Person) WITH m, avg(r.rating) AS a RETURN m.title AS title ORDER BY a DESC, title LIMIT 5",
			"MATCH (m:Movie)<-[r:REVIEWED]-(:Person) WITH m, sum(r.rating) AS s, count(r.rating) AS c RETURN m.title AS title ORDER BY CASE c WHEN 0 THEN null ELSE toFloat(s) / c END DESC, title LIMIT 5",
			"MATCH (m:Movie) WHERE EXISTS { (m)<-[:REVIEWED]-(:Person) } CALL { WITH m MATCH (m)<-[r:REVIEWED]-(:Person) RETURN avg(r.rating) AS a } RETURN m.title AS title ORDER BY a DESC, title LIMIT 5",
			"MATCH (m:Movie)<-[r:REVIEWED]-(:Person) WITH m, collect(r.rating) AS rs RETURN m.title AS title ORDER BY CASE WHEN size(rs) = 0 THEN null ELSE reduce(s = 0.0, x IN rs | s + x) / size(rs) END DESC, title LIMIT 5",
			"MATCH (m:Movie)<-[r:REVIEWED]-(:Person) WITH m, avg(r.rating) AS a ORDER BY a DESC, m.title LIMIT 5 RETURN m.title AS title ORDER BY a DESC, title",
			"MATCH (m:Movie)<-[r:REVIEWED]-(:Person) WITH m, avg(r.rating) AS a ORDER BY a DESC, m.title WITH collect([m.title])[..5] AS ts UNWIND ts AS t RETURN t[0] AS title",
		)},

		// Stack Overflow.
		// The distinct users who asked or answered a question tagged $tag:
		// a correlated CALL { } with UNION, OR of two EXISTS, UNION ALL
		// then count(DISTINCT), two OPTIONAL MATCH chains collected and
		// concatenated, COUNT { } over a UNION.
		{"s-h11-call-union-activity", "CALL { } with UNION", StackOverflow, written(false,
			"MATCH (t:Tag {name: $tag}) CALL { WITH t MATCH (t)<-[:TAGGED]-(:Question)<-[:ASKED]-(u:User) RETURN u UNION WITH t MATCH (t)<-[:TAGGED]-(:Question)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(u:User) RETURN u } RETURN count(u) AS n",
			"MATCH (u:User) WHERE EXISTS { (u)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) } OR EXISTS { (u)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) } RETURN count(u) AS n",
			"CALL { MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ASKED]-(u:User) RETURN u UNION ALL MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(u:User) RETURN u } RETURN count(DISTINCT u) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) OPTIONAL MATCH (q)<-[:ASKED]-(u1:User) OPTIONAL MATCH (q)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(u2:User) WITH collect(u1) + collect(u2) AS us UNWIND us AS u RETURN count(DISTINCT u) AS n",
			"MATCH (t:Tag {name: $tag}) RETURN COUNT { MATCH (t)<-[:TAGGED]-(:Question)<-[:ASKED]-(u:User) RETURN u UNION MATCH (t)<-[:TAGGED]-(:Question)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(u:User) RETURN u } AS n",
		)},
		// The provider's answers by the sign of their score: simple CASE on
		// sign(), searched CASE, a map keyed by the sign's string, a UNION
		// ALL of the three (null with zero), simple CASE on zero with a
		// searched one in its ELSE, a list indexed by the sign.
		{"s-h11-score-case", "CASE simple vs searched", StackOverflow, written(false,
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) RETURN CASE sign(a.score) WHEN 1 THEN 'up' WHEN -1 THEN 'down' ELSE 'flat' END AS s, count(*) AS n",
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) RETURN CASE WHEN a.score > 0 THEN 'up' WHEN a.score < 0 THEN 'down' ELSE 'flat' END AS s, count(*) AS n",
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) RETURN coalesce({`1`: 'up', `-1`: 'down'}[toString(sign(a.score))], 'flat') AS s, count(*) AS n",
			"CALL { MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) WHERE a.score > 0 RETURN 'up' AS s UNION ALL MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) WHERE a.score < 0 RETURN 'down' AS s UNION ALL MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) WHERE a.score = 0 OR a.score IS NULL RETURN 'flat' AS s } RETURN s, count(*) AS n",
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) RETURN CASE a.score WHEN 0 THEN 'flat' ELSE CASE WHEN a.score > 0 THEN 'up' WHEN a.score < 0 THEN 'down' ELSE 'flat' END END AS s, count(*) AS n",
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) RETURN ['down', 'flat', 'up'][coalesce(sign(a.score), 0) + 1] AS s, count(*) AS n",
		)},
		// Questions tagged $tag per year and month of creation (epoch
		// seconds): datetime({epochSeconds}) accessors, date() of it,
		// datetime({epochMillis}), date.truncate() to the month, the
		// string form's prefix, integer arithmetic on the truncated date.
		{"s-h11-creation-month", "temporal values and durations", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH datetime({epochSeconds: q.creation_date}) AS d RETURN d.year AS y, d.month AS m, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH date(datetime({epochSeconds: q.creation_date})) AS d RETURN d.year AS y, d.month AS m, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH datetime({epochMillis: q.creation_date * 1000}) AS d RETURN d.year AS y, d.month AS m, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH date.truncate('month', datetime({epochSeconds: q.creation_date})) AS d RETURN d.year AS y, d.month AS m, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH toString(datetime({epochSeconds: q.creation_date})) AS s RETURN toInteger(left(s, 4)) AS y, toInteger(substring(s, 5, 2)) AS m, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH date.truncate('month', datetime({epochSeconds: q.creation_date})) AS d WITH d.year * 12 + d.month - 1 AS ym, count(*) AS n RETURN ym / 12 AS y, ym % 12 + 1 AS m, n",
		)},
		// Questions tagged $tag2 per answer count with how many have an
		// accepted answer id: count() of the property, a sum of a CASE on
		// keys(), properties() collected and sized, dynamic access, a CASE
		// on IS NULL, size() of the keys named so.
		{"s-h11-accepted-keys", "IS NOT NULL vs keys() and properties()", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN q.answer_count AS answers, count(q.accepted_answer_id) AS accepted, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN q.answer_count AS answers, sum(CASE WHEN 'accepted_answer_id' IN keys(q) THEN 1 ELSE 0 END) AS accepted, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN q.answer_count AS answers, size(collect(properties(q).accepted_answer_id)) AS accepted, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN q.answer_count AS answers, count(q['accepted_answer_id']) AS accepted, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN q.answer_count AS answers, sum(CASE WHEN q.accepted_answer_id IS NULL THEN 0 ELSE 1 END) AS accepted, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN q.answer_count AS answers, sum(size([k IN keys(q) WHERE k = 'accepted_answer_id'])) AS accepted, count(*) AS n",
		)},
		// Per question tagged $tag2, the first two of its other tags'
		// names in order: the ordered list's [..2], indices from range(),
		// an ordered COLLECT { ... LIMIT 2 }, the descending list's last
		// two reversed, a CASE on the size.
		{"s-h11-tag-list-slice", "list slicing", StackOverflow, written(false,
			"MATCH (g:Tag {name: $tag2})<-[:TAGGED]-(q:Question) MATCH (q)-[:TAGGED]->(t:Tag) WHERE t <> g WITH q, t.name AS name ORDER BY name WITH q, collect(name) AS names RETURN q.question_id AS id, names[..2] AS first",
			"MATCH (g:Tag {name: $tag2})<-[:TAGGED]-(q:Question) MATCH (q)-[:TAGGED]->(t:Tag) WHERE t <> g WITH q, t.name AS name ORDER BY name WITH q, collect(name) AS names RETURN q.question_id AS id, [i IN range(0, 1) WHERE i < size(names) | names[i]] AS first",
			"MATCH (g:Tag {name: $tag2})<-[:TAGGED]-(q:Question) WHERE EXISTS { (q)-[:TAGGED]->(t:Tag) WHERE t <> g } RETURN q.question_id AS id, COLLECT { MATCH (q)-[:TAGGED]->(t:Tag) WHERE t <> g RETURN t.name AS name ORDER BY name LIMIT 2 } AS first",
			"MATCH (g:Tag {name: $tag2})<-[:TAGGED]-(q:Question) MATCH (q)-[:TAGGED]->(t:Tag) WHERE t <> g WITH q, t.name AS name ORDER BY name DESC WITH q, collect(name) AS names RETURN q.question_id AS id, reverse(names[-2..]) AS first",
			"MATCH (g:Tag {name: $tag2})<-[:TAGGED]-(q:Question) MATCH (q)-[:TAGGED]->(t:Tag) WHERE t <> g WITH q, t.name AS name ORDER BY name WITH q, collect(name) AS names RETURN q.question_id AS id, CASE WHEN size(names) > 2 THEN names[0..2] ELSE names END AS first",
		)},

		// LDBC.
		// The person's friends per quarter of birth (birthdays are dates):
		// date.truncate() to the quarter, date() of the year and the
		// quarter's first month, date() of a year and quarter map, the
		// year's start plus a duration of months, truncation to the month
		// then the quarter, date() of the quarter's first month as a
		// string.
		{"l-h11-birthday-quarter", "temporal values and durations", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN date.truncate('quarter', f.birthday) AS d, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN date({year: f.birthday.year, month: (f.birthday.month - 1) / 3 * 3 + 1}) AS d, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN date({year: f.birthday.year, quarter: f.birthday.quarter}) AS d, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN date.truncate('year', f.birthday) + duration({months: (f.birthday.quarter - 1) * 3}) AS d, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN date.truncate('quarter', date.truncate('month', f.birthday)) AS d, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f.birthday.year AS y, (f.birthday.month - 1) / 3 * 3 + 1 AS m RETURN date(toString(y) + CASE WHEN m < 10 THEN '-0' ELSE '-' END + toString(m) + '-01') AS d, count(*) AS n",
		)},
		// The person's friendships made less than 60 days after the
		// friend's profile (UTC datetimes): the friend's creation plus a
		// duration, the epochMillis difference, duration.inSeconds()
		// (whole seconds, truncated), datetime({epochMillis}) of the
		// bound, the friendship less a duration, duration.inDays() (whole
		// days, truncated).
		{"l-h11-knows-within-60-days", "temporal values and durations", LDBC, written(false,
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) WHERE k.creationDate < f.creationDate + duration({days: 60}) RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) WHERE k.creationDate.epochMillis - f.creationDate.epochMillis < 60 * 86400000 RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) WHERE duration.inSeconds(f.creationDate, k.creationDate).seconds < 60 * 86400 RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) WHERE k.creationDate < datetime({epochMillis: f.creationDate.epochMillis + 5184000000}) RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) WHERE f.creationDate > k.creationDate - duration('P60D') RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) WHERE duration.inDays(f.creationDate, k.creationDate).days < 60 RETURN count(*) AS n",
		)},
		// People aged 28 or more (completed years) when they created their
		// profile, per gender: duration.between() of the dates in years,
		// the date parts as integers (a birthday on 29 February counts as
		// duration.between does), duration.inMonths(), between() of a date
		// and a datetime, between()'s total months (the months accessor
		// counts the years too).
		{"l-h11-age-at-join", "temporal values and durations", LDBC, written(false,
			"MATCH (p:Person) WHERE duration.between(p.birthday, date(p.creationDate)).years >= 28 RETURN p.gender AS g, count(*) AS n",
			"MATCH (p:Person) WHERE (p.creationDate.year * 10000 + p.creationDate.month * 100 + p.creationDate.day) - (p.birthday.year * 10000 + p.birthday.month * 100 + p.birthday.day) >= 280000 RETURN p.gender AS g, count(*) AS n",
			"MATCH (p:Person) WHERE duration.inMonths(p.birthday, date(p.creationDate)).months >= 336 RETURN p.gender AS g, count(*) AS n",
			"MATCH (p:Person) WHERE duration.between(p.birthday, p.creationDate).years >= 28 RETURN p.gender AS g, count(*) AS n",
			"MATCH (p:Person) WITH p, duration.between(p.birthday, date(p.creationDate)) AS age WHERE age.months >= 336 RETURN p.gender AS g, count(*) AS n",
		)},
		// The person's friendships with someone who speaks 'zh' (languages
		// are lists): IN, any(), a filtered list's size, a reduce(), the
		// list unwound and the friendships made distinct, NOT none(), the
		// head or the rest.
		{"l-h11-language-lists", "list functions", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE 'zh' IN f.language RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE any(l IN f.language WHERE l = 'zh') RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE size([l IN f.language WHERE l = 'zh']) > 0 RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE reduce(found = false, l IN f.language | found OR l = 'zh') RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) UNWIND f.language AS l WITH k, l WHERE l = 'zh' WITH DISTINCT k RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE NOT none(l IN f.language WHERE l = 'zh') RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE f.language[0] = 'zh' OR 'zh' IN f.language[1..] RETURN count(*) AS n",
		)},
		// Messages of the person's friends per month of creation:
		// date.truncate() of the datetime, date() of the year and month,
		// date() of the string's prefix, date() of datetime.truncate(), a
		// year-month integer, the date less its day of month.
		{"l-h11-messages-per-month", "temporal values and durations", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(:Person)<-[:HAS_CREATOR]-(m:Message) RETURN date.truncate('month', m.creationDate) AS month, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(:Person)<-[:HAS_CREATOR]-(m:Message) RETURN date({year: m.creationDate.year, month: m.creationDate.month}) AS month, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(:Person)<-[:HAS_CREATOR]-(m:Message) RETURN date(left(toString(m.creationDate), 7) + '-01') AS month, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(:Person)<-[:HAS_CREATOR]-(m:Message) RETURN date(datetime.truncate('month', m.creationDate)) AS month, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(:Person)<-[:HAS_CREATOR]-(m:Message) WITH m.creationDate.year * 100 + m.creationDate.month AS ym RETURN date({year: ym / 100, month: ym % 100}) AS month, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(:Person)<-[:HAS_CREATOR]-(m:Message) RETURN date(m.creationDate) - duration({days: m.creationDate.day - 1}) AS month, count(*) AS n",
		)},

		// Northwind.
		// Orders shipped more than seven days after they were placed, per
		// shipper (dates are strings; some orders are not shipped):
		// duration.inDays() of the parsed dates, the order date plus a
		// duration, the same with the sides swapped, the parsed dates in a
		// WITH and an ISO duration, NOT of the converse (null stays null).
		{"n-h11-ship-delay", "temporal values and durations", Northwind, written(false,
			"MATCH (o:Order)-[:SHIPPED_BY]->(s:Shipper) WHERE duration.inDays(date(left(o.orderDate, 10)), date(left(o.shippedDate, 10))).days > 7 RETURN s.companyName AS s, count(*) AS n",
			"MATCH (o:Order)-[:SHIPPED_BY]->(s:Shipper) WHERE date(left(o.shippedDate, 10)) > date(left(o.orderDate, 10)) + duration({days: 7}) RETURN s.companyName AS s, count(*) AS n",
			"MATCH (o:Order)-[:SHIPPED_BY]->(s:Shipper) WHERE date(left(o.orderDate, 10)) + duration({days: 7}) < date(left(o.shippedDate, 10)) RETURN s.companyName AS s, count(*) AS n",
			"MATCH (o:Order)-[:SHIPPED_BY]->(s:Shipper) WITH s, date(left(o.orderDate, 10)) AS od, date(left(o.shippedDate, 10)) AS sd WHERE sd > od + duration('P7D') RETURN s.companyName AS s, count(*) AS n",
			"MATCH (o:Order)-[:SHIPPED_BY]->(s:Shipper) WHERE NOT date(left(o.shippedDate, 10)) <= date(left(o.orderDate, 10)) + duration({days: 7}) RETURN s.companyName AS s, count(*) AS n",
		)},
		// Order lines per customer place: region, else country, else '?':
		// coalesce() of three, searched CASE, the non-null values with a
		// default taken first, nested coalesce(), CASE on keys() (a stored
		// property is never null), a reduce() keeping the first non-null,
		// a UNION ALL of the three cases.
		{"n-h11-coalesce-region", "coalesce chains", Northwind, written(false,
			"MATCH (c:Customer)-[:PURCHASED]->(:Order) RETURN coalesce(c.region, c.country, '?') AS place, count(*) AS n",
			"MATCH (c:Customer)-[:PURCHASED]->(:Order) RETURN CASE WHEN c.region IS NOT NULL THEN c.region WHEN c.country IS NOT NULL THEN c.country ELSE '?' END AS place, count(*) AS n",
			"MATCH (c:Customer)-[:PURCHASED]->(:Order) RETURN head([x IN [c.region, c.country] WHERE x IS NOT NULL] + ['?']) AS place, count(*) AS n",
			"MATCH (c:Customer)-[:PURCHASED]->(:Order) RETURN coalesce(c.region, coalesce(c.country, '?')) AS place, count(*) AS n",
			"MATCH (c:Customer)-[:PURCHASED]->(:Order) RETURN CASE WHEN 'region' IN keys(c) THEN c.region WHEN 'country' IN keys(c) THEN c.country ELSE '?' END AS place, count(*) AS n",
			"MATCH (c:Customer)-[:PURCHASED]->(:Order) RETURN reduce(v = null, x IN [c.region, c.country, '?'] | coalesce(v, x)) AS place, count(*) AS n",
			"CALL { MATCH (c:Customer)-[:PURCHASED]->(:Order) WHERE c.region IS NOT NULL RETURN c.region AS place UNION ALL MATCH (c:Customer)-[:PURCHASED]->(:Order) WHERE c.region IS NULL AND c.country IS NOT NULL RETURN c.country AS place UNION ALL MATCH (c:Customer)-[:PURCHASED]->(:Order) WHERE c.region IS NULL AND c.country IS NULL RETURN '?' AS place } RETURN place, count(*) AS n",
		)},
		// Order lines of the category by discount band (discounts are
		// floats): simple CASE, searched CASE, two values in one WHEN, a
		// UNION ALL of the bands (null in the last), a list indexed by a
		// searched CASE.
		{"n-h11-discount-case", "CASE simple vs searched", Northwind, written(false,
			"MATCH (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) RETURN CASE o.discount WHEN 0 THEN 'none' WHEN 0.05 THEN 'small' WHEN 0.1 THEN 'small' ELSE 'large' END AS band, count(*) AS n",
			"MATCH (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) RETURN CASE WHEN o.discount = 0 THEN 'none' WHEN o.discount IN [0.05, 0.1] THEN 'small' ELSE 'large' END AS band, count(*) AS n",
			"MATCH (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) RETURN CASE o.discount WHEN 0 THEN 'none' WHEN 0.05, 0.1 THEN 'small' ELSE 'large' END AS band, count(*) AS n",
			"CALL { MATCH (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) WHERE o.discount = 0 RETURN 'none' AS band UNION ALL MATCH (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) WHERE o.discount IN [0.05, 0.1] RETURN 'small' AS band UNION ALL MATCH (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) WHERE NOT coalesce(o.discount IN [0, 0.05, 0.1], false) RETURN 'large' AS band } RETURN band, count(*) AS n",
			"MATCH (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) RETURN ['none', 'small', 'large'][CASE WHEN o.discount = 0 THEN 0 WHEN o.discount IN [0.05, 0.1] THEN 1 ELSE 2 END] AS band, count(*) AS n",
		)},

		// WN18RR.
		// The distinct entities one derivational link (either way) from a
		// hyponym of the entity: the undirected pattern, a UNION of the
		// two directions, the hyponyms made distinct first, EXISTS per
		// entity, the collected hyponyms unwound, the program of the two
		// directions.
		{"w-h11-derivational-undirected", "undirected vs UNION", WordNet, written(false,
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h)-[:_derivationally_related_form]-(x) RETURN count(DISTINCT x) AS n",
			"CALL { MATCH (:Entity {id: $entity})<-[:_hypernym]-(h)-[:_derivationally_related_form]->(x) RETURN x UNION MATCH (:Entity {id: $entity})<-[:_hypernym]-(h)<-[:_derivationally_related_form]-(x) RETURN x } RETURN count(x) AS n",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h) WITH DISTINCT h MATCH (h)-[:_derivationally_related_form]-(x) RETURN count(DISTINCT x) AS n",
			"MATCH (x:Entity) WHERE EXISTS { (:Entity {id: $entity})<-[:_hypernym]-()-[:_derivationally_related_form]-(x) } RETURN count(x) AS n",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h) WITH collect(DISTINCT h) AS hs UNWIND hs AS h MATCH (h)-[:_derivationally_related_form]-(x) RETURN count(DISTINCT x) AS n",
			programForm(union("MATCH (:Entity {id: $entity})<-[:_hypernym]-()-[:_derivationally_related_form]->(x) RETURN x"), union("MATCH (:Entity {id: $entity})<-[:_hypernym]-()<-[:_derivationally_related_form]-(x) RETURN x")),
		)},
		// The entity's hyponyms per last word of their definition: index
		// -1 of split(), last(), the index size - 1, reverse() then index 0,
		// head() of the slice [-1..], the slice in a WITH, a reduce()
		// keeping the last word.
		{"w-h11-definition-last-word", "list slicing", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN split(h.definition, ' ')[-1] AS w, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN last(split(h.definition, ' ')) AS w, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN split(h.definition, ' ')[size(split(h.definition, ' ')) - 1] AS w, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN reverse(split(h.definition, ' '))[0] AS w, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN head(split(h.definition, ' ')[-1..]) AS w, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH split(h.definition, ' ') AS ws RETURN ws[-1..][0] AS w, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN reduce(w = null, x IN split(h.definition, ' ') | x) AS w, count(*) AS n",
		)},
		// Two-relationship walks (distinct relationships, any direction)
		// from the topic per sequence of types: a list comprehension over
		// relationships(p), two named relationships, the variable-length
		// relationship's list, the two types by index, a reduce() building
		// the list, two MATCH clauses with the relationships kept apart.
		{"w-h11-path-type-lists", "path functions", WordNet, written(false,
			"MATCH p = (:Entity {id: $topic})-[*2]-() RETURN [r IN relationships(p) | type(r)] AS types, count(*) AS n",
			"MATCH (:Entity {id: $topic})-[r1]-()-[r2]-() RETURN [type(r1), type(r2)] AS types, count(*) AS n",
			"MATCH (:Entity {id: $topic})-[rs*2]-() RETURN [r IN rs | type(r)] AS types, count(*) AS n",
			"MATCH p = (:Entity {id: $topic})-[*2]-() RETURN [type(relationships(p)[0]), type(relationships(p)[1])] AS types, count(*) AS n",
			"MATCH p = (:Entity {id: $topic})-[*2]-() RETURN reduce(ts = [], r IN relationships(p) | ts + type(r)) AS types, count(*) AS n",
			"MATCH (:Entity {id: $topic})-[r1]-(m) MATCH (m)-[r2]-() WHERE r2 <> r1 RETURN [type(r1), type(r2)] AS types, count(*) AS n",
		)},
	}
}
