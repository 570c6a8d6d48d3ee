package metamorphic

// heldout10Questions are the tenth held-out round's kinds, drawn from what
// the Neo4j Cypher manual's examples and LLM agents write and the earlier
// rounds covered thinly: label expressions on nodes and relationships
// (`:A|B`, `:!A&!C`, `%`, `!%`, parenthesised `Message&(Post|Comment)`,
// `r:!T`, `r:A|B` in WHERE and CASE) against OR, labels(), type() and
// UNION; quantified path patterns with `+`, `*`, `{0,2}`, `{1,}` and
// `{2,}`, inline WHERE on a node or a relationship and a WHERE of the
// group, against variable-length relationships, list predicates over the
// path and UNIONs of fixed lengths; variable-length relationships with a
// property map; type predicates (`IS :: INTEGER NOT NULL`, `IS TYPED`,
// `IS NOT ::`, valueType()); string functions (split, substring, trim,
// replace, left, toLower/toUpper) and regular expressions against
// CONTAINS and STARTS WITH; ORDER BY with nulls first or last and SKIP /
// LIMIT written as literals, expressions, slices of an ordered collect,
// COLLECT { ... SKIP ... LIMIT } and a rank by COUNT { }; reduce()
// against sum() over comprehensions, CALL { } and UNWIND; nested COUNT,
// EXISTS and COLLECT subqueries; UNION against OR and label
// disjunctions; OPTIONAL MATCH chains with WHERE on the optional part;
// DISTINCT aggregates of relationship properties (count, sum, avg,
// collect, a reduce() set union of per-node lists); min and max by ORDER
// BY ... LIMIT 1 against the aggregate, a reduce() and NOT EXISTS of a
// larger one; map projections with nested comprehensions and ordered
// COLLECT { } entries; values passed as maps, lists, floats and UNWIND
// (parameters of several types); GraphProgram forms with union and
// difference.
func heldout10Questions() []Question {
	return []Question{
		// Generic graphs.
		// R relationships out of A or B nodes (rows, so a node with both
		// labels counts once per relationship): the label disjunction in
		// the pattern and in WHERE, OR, labels(), a UNION ALL of A and of B
		// without A, the per-node counts summed.
		{"g-h10-label-or", "label expressions", Generic, written(false,
			"MATCH (n:A|B)-[:R]->() RETURN count(*) AS n",
			"MATCH (n)-[:R]->() WHERE n:A|B RETURN count(*) AS n",
			"MATCH (n)-[:R]->() WHERE n:A OR n:B RETURN count(*) AS n",
			"MATCH (n)-[:R]->() WHERE any(l IN labels(n) WHERE l IN ['A', 'B']) RETURN count(*) AS n",
			"CALL { MATCH (n:A)-[:R]->() RETURN n UNION ALL MATCH (n:B)-[:R]->() WHERE NOT n:A RETURN n } RETURN count(*) AS n",
			"MATCH (n) WHERE n:A OR n:B RETURN sum(COUNT { (n)-[:R]->() }) AS n",
		)},
		// The distinct strings of A or C nodes with k > 1 (null among
		// them): RETURN DISTINCT over the disjunction, a top-level UNION
		// (which removes duplicates as DISTINCT does), OR, a UNION of the
		// labels in CALL { } filtered after, NOT of the label expression
		// `!A&!C`, labels() after a WITH.
		{"g-h10-union-distinct-labels", "UNION vs OR", Generic, written(false,
			"MATCH (n:A|C) WHERE n.k > 1 RETURN DISTINCT n.s AS s",
			"MATCH (n:A) WHERE n.k > 1 RETURN n.s AS s UNION MATCH (n:C) WHERE n.k > 1 RETURN n.s AS s",
			"MATCH (n) WHERE (n:A OR n:C) AND n.k > 1 RETURN DISTINCT n.s AS s",
			"CALL { MATCH (n:A) RETURN n UNION MATCH (n:C) RETURN n } WITH n WHERE n.k > 1 RETURN DISTINCT n.s AS s",
			"MATCH (n) WHERE n.k > 1 AND NOT n:!A&!C RETURN DISTINCT n.s AS s",
			"MATCH (n) WHERE n.k > 1 WITH n.s AS s, labels(n) AS ls WHERE 'A' IN ls OR 'C' IN ls RETURN DISTINCT s",
		)},
		// Per key of the A start, the distinct weights of its R or S
		// relationships: count and sum of DISTINCT, the negated type T
		// (the schema has three types), type() IN, collect(DISTINCT) sized
		// and reduced, a UNION ALL of the types, DISTINCT (key, weight)
		// pairs first (null weights kept as pairs, skipped by count/sum).
		{"g-h10-rel-distinct-agg", "DISTINCT aggregates of relationship properties", Generic, written(false,
			"MATCH (a:A)-[r:R|S]->() RETURN a.k AS k, count(DISTINCT r.w) AS ws, sum(DISTINCT r.w) AS total",
			"MATCH (a:A)-[r:!T]->() RETURN a.k AS k, count(DISTINCT r.w) AS ws, sum(DISTINCT r.w) AS total",
			"MATCH (a:A)-[r]->() WHERE type(r) IN ['R', 'S'] WITH a.k AS k, collect(DISTINCT r.w) AS ws RETURN k, size(ws) AS ws, reduce(t = 0, x IN ws | t + x) AS total",
			"CALL { MATCH (a:A)-[r:R]->() RETURN a, r UNION ALL MATCH (a:A)-[r:S]->() RETURN a, r } RETURN a.k AS k, count(DISTINCT r.w) AS ws, sum(DISTINCT r.w) AS total",
			"MATCH (a:A)-[r]->() WHERE NOT r:T WITH a.k AS k, r.w AS w WITH k, collect(DISTINCT w) AS ws RETURN k, size(ws) AS ws, reduce(t = 0, x IN ws | t + x) AS total",
			"MATCH (a:A)-[r:R|S]->() WITH DISTINCT a.k AS k, r.w AS w RETURN k, count(w) AS ws, coalesce(sum(w), 0) AS total",
		)},
		// The distinct average weight of the T relationships into each B
		// node: avg(DISTINCT), the distinct list's sum over its size, the
		// distinct weights first, a CALL { } per node (integer sums are
		// exact, so every form divides the same two numbers).
		{"g-h10-avg-distinct", "DISTINCT aggregates of relationship properties", Generic, written(false,
			"MATCH ()-[r:T]->(b:B) WITH b, avg(DISTINCT r.w) AS w RETURN b.id AS id, w",
			"MATCH ()-[r:T]->(b:B) WITH b, collect(DISTINCT r.w) AS ws RETURN b.id AS id, CASE WHEN size(ws) = 0 THEN null ELSE reduce(t = 0.0, x IN ws | t + x) / size(ws) END AS w",
			"MATCH ()-[r:T]->(b:B) WITH DISTINCT b, r.w AS x WITH b, avg(x) AS w RETURN b.id AS id, w",
			"MATCH (b:B) WHERE EXISTS { ()-[:T]->(b) } CALL { WITH b MATCH ()-[r:T]->(b) RETURN avg(DISTINCT r.w) AS w } RETURN b.id AS id, w",
			"MATCH (b:B)<-[r:T]-() WITH b, sum(DISTINCT r.w) AS s, count(DISTINCT r.w) AS c RETURN b.id AS id, CASE c WHEN 0 THEN null ELSE toFloat(s) / c END AS w",
		)},
		// Nodes reached from $a by zero to two R hops through nodes with
		// k > 0: a quantified path with an inline WHERE ({0,2}: the start
		// itself at zero), the variable-length path's tail tested, a UNION
		// of the three lengths (one pattern each, so its relationships are
		// distinct as in a path), the group's test written k >= 1, a
		// program.
		{"g-h10-qpp-zero-to-two", "quantified path", Generic, written(false,
			"MATCH (a {id: $a}) ((x)-[:R]->(y) WHERE y.k > 0){0,2} (b) RETURN count(DISTINCT b) AS n",
			"MATCH p = (a {id: $a})-[:R*0..2]->(b) WHERE all(n IN tail(nodes(p)) WHERE n.k > 0) RETURN count(DISTINCT b) AS n",
			"CALL { MATCH (a {id: $a}) RETURN a AS b UNION MATCH (a {id: $a})-[:R]->(b) WHERE b.k > 0 RETURN b UNION MATCH (a {id: $a})-[:R]->(x)-[:R]->(b) WHERE x.k > 0 AND b.k > 0 RETURN b } RETURN count(b) AS n",
			"MATCH (a {id: $a}) MATCH (a) (()-[:R]->(y WHERE y.k >= 1)){0,2} (b) RETURN count(DISTINCT b) AS n",
			programForm(union("MATCH (a {id: $a}) RETURN a"), union("MATCH (a {id: $a})-[:R]->(b) WHERE b.k > 0 RETURN b"), union("MATCH (a {id: $a})-[:R]->(x)-[:R]->(b) WHERE x.k > 0 AND b.k > 0 RETURN b")),
		)},
		// Paths (not ends: multiplicity counts) from A to B over one to
		// three S relationships of weight 2 or more: a relationship WHERE
		// inside a quantified path, all() and none() over the
		// relationships (null weights fail both), w IN [2, 3] (weights are
		// 0..3) in the group's WHERE, a UNION ALL of the three lengths, a
		// sum of a reduce().
		{"g-h10-qpp-rel-filter-paths", "quantified path", Generic, written(false,
			"MATCH p = (a:A) (()-[r:S WHERE r.w >= 2]->()){1,3} (b:B) RETURN count(p) AS n",
			"MATCH p = (a:A)-[rs:S*1..3]->(b:B) WHERE all(r IN rs WHERE r.w >= 2) RETURN count(*) AS n",
			"MATCH p = (a:A)-[:S*1..3]->(b:B) WHERE none(r IN relationships(p) WHERE r.w < 2 OR r.w IS NULL) RETURN count(p) AS n",
			"MATCH p = (a:A) ((x)-[r:S]->(y) WHERE r.w IN [2, 3]){1,3} (b:B) RETURN count(*) AS n",
			"CALL { MATCH (a:A)-[r:S]->(b:B) WHERE r.w >= 2 RETURN a UNION ALL MATCH (a:A)-[r1:S]->()-[r2:S]->(b:B) WHERE r1.w >= 2 AND r2.w >= 2 RETURN a UNION ALL MATCH (a:A)-[r1:S]->()-[r2:S]->()-[r3:S]->(b:B) WHERE r1.w >= 2 AND r2.w >= 2 AND r3.w >= 2 RETURN a } RETURN count(*) AS n",
			"MATCH p = (a:A)-[:S*1..3]->(b:B) RETURN sum(CASE WHEN reduce(ok = true, r IN relationships(p) | ok AND coalesce(r.w >= 2, false)) THEN 1 ELSE 0 END) AS n",
		)},
		// Nodes one or two R hops from A nodes over relationships of weight 1:
		// a property map on the variable-length relationship, all() over
		// its list, the map inside a quantified path, the weight in the
		// group's WHERE, a UNION of the two lengths.
		{"g-h10-varlen-prop-map", "variable-length with property filter", Generic, written(false,
			"MATCH (a:A)-[:R*1..2 {w: 1}]->(b) RETURN count(DISTINCT b) AS n",
			"MATCH (a:A)-[rs:R*1..2]->(b) WHERE all(r IN rs WHERE r.w = 1) RETURN count(DISTINCT b) AS n",
			"MATCH (a:A) (()-[:R {w: 1}]->()){1,2} (b) RETURN count(DISTINCT b) AS n",
			"MATCH (a:A) ((x)-[r:R]->(y) WHERE r.w = 1){1,2} (b) RETURN count(DISTINCT b) AS n",
			"CALL { MATCH (a:A)-[:R {w: 1}]->(b) RETURN b UNION MATCH (a:A)-[:R {w: 1}]->()-[:R {w: 1}]->(b) RETURN b } RETURN count(b) AS n",
		)},
		// Neighbours by whether their key is an integer (it is one when
		// present): IS :: INTEGER NOT NULL, IS NOT NULL, valueType(), IS
		// TYPED, NOT of IS NOT ::, the nullable type with IS NOT NULL, a
		// UNION ALL of the two sides.
		{"g-h10-type-predicates", "type predicates", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) RETURN b.k IS :: INTEGER NOT NULL AS typed, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) RETURN b.k IS NOT NULL AS typed, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) RETURN valueType(b.k) = 'INTEGER NOT NULL' AS typed, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) RETURN b.k IS TYPED INTEGER NOT NULL AS typed, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) RETURN NOT b.k IS NOT :: INTEGER NOT NULL AS typed, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) RETURN (b.k :: INTEGER) AND b.k IS NOT NULL AS typed, count(*) AS n",
			"CALL { MATCH (a:A)-[:R]->(b) WHERE b.k IS :: INTEGER NOT NULL RETURN true AS typed UNION ALL MATCH (a:A)-[:R]->(b) WHERE NOT b.k IS :: INTEGER NOT NULL RETURN false AS typed } RETURN typed, count(*) AS n",
		)},
		// T neighbours whose string is 'a' or 'b' (strings are one letter
		// a..d): IN, a character class, a range, STARTS WITH, CONTAINS
		// inside a literal, toUpper, a case-insensitive regular expression.
		{"g-h10-string-regex", "regex vs CONTAINS", Generic, written(false,
			"MATCH (a)-[:T]->(b) WHERE b.s IN ['a', 'b'] RETURN count(*) AS n",
			"MATCH (a)-[:T]->(b) WHERE b.s =~ '[ab]' RETURN count(*) AS n",
			"MATCH (a)-[:T]->(b) WHERE b.s < 'c' RETURN count(*) AS n",
			"MATCH (a)-[:T]->(b) WHERE b.s STARTS WITH 'a' OR b.s STARTS WITH 'b' RETURN count(*) AS n",
			"MATCH (a)-[:T]->(b) WHERE 'ab' CONTAINS b.s RETURN count(*) AS n",
			"MATCH (a)-[:T]->(b) WHERE toUpper(b.s) IN ['A', 'B'] RETURN count(*) AS n",
			"MATCH (a)-[:T]->(b) WHERE b.s =~ '(?i)[AB]' RETURN count(*) AS n",
		)},
		// The third to fifth largest distinct keys of B nodes, null (the
		// largest in a descending order) first: RETURN DISTINCT ... SKIP
		// LIMIT, the same in a WITH, nulls ordered first explicitly, a
		// sentinel for null, a UNION ALL of the null and the keys, SKIP and
		// LIMIT as expressions.
		{"g-h10-order-nulls-skip", "ORDER BY with nulls, SKIP / LIMIT", Generic, written(true,
			"MATCH (n:B) RETURN DISTINCT n.k AS k ORDER BY k DESC SKIP 2 LIMIT 3",
			"MATCH (n:B) WITH DISTINCT n.k AS k ORDER BY k DESC SKIP 2 LIMIT 3 RETURN k ORDER BY k DESC",
			"MATCH (n:B) WITH DISTINCT n.k AS k ORDER BY k IS NULL DESC, k DESC SKIP 2 LIMIT 3 RETURN k ORDER BY k DESC",
			"MATCH (n:B) WITH DISTINCT coalesce(n.k, 99) AS k0 ORDER BY k0 DESC SKIP 2 LIMIT 3 RETURN CASE k0 WHEN 99 THEN null ELSE k0 END AS k ORDER BY k DESC",
			"CALL { MATCH (n:B) WHERE n.k IS NULL RETURN DISTINCT null AS k UNION ALL MATCH (n:B) WHERE n.k IS NOT NULL RETURN DISTINCT n.k AS k } WITH k ORDER BY k DESC SKIP 2 LIMIT 3 RETURN k ORDER BY k DESC",
			"MATCH (n:B) RETURN DISTINCT n.k AS k ORDER BY k DESC SKIP 4 - 2 LIMIT size([0, 0, 0])",
		)},
		// Each A node with the sum of its R neighbours' keys (0 for none):
		// reduce() over a filtered comprehension, OPTIONAL MATCH and sum(),
		// a CALL { } sum, reduce() with coalesce(), an UNWIND with a zero
		// appended, reduce() over a COLLECT { } (which keeps nulls).
		{"g-h10-reduce-vs-sum", "reduce vs sum", Generic, written(false,
			"MATCH (a:A) RETURN a.id AS id, reduce(t = 0, x IN [(a)-[:R]->(b) WHERE b.k IS NOT NULL | b.k] | t + x) AS total",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WITH a, sum(b.k) AS total RETURN a.id AS id, total",
			"MATCH (a:A) CALL { WITH a MATCH (a)-[:R]->(b) RETURN sum(b.k) AS total } RETURN a.id AS id, total",
			"MATCH (a:A) WITH a, [(a)-[:R]->(b) | b.k] AS ks RETURN a.id AS id, reduce(t = 0, x IN ks | t + coalesce(x, 0)) AS total",
			"MATCH (a:A) UNWIND [(a)-[:R]->(b) | coalesce(b.k, 0)] + [0] AS x WITH a, sum(x) AS total RETURN a.id AS id, total",
			"MATCH (a:A) RETURN a.id AS id, reduce(t = 0, x IN COLLECT { MATCH (a)-[:R]->(b) RETURN b.k } | t + coalesce(x, 0)) AS total",
		)},
		// A nodes with an R neighbour that has two or more S relationships
		// out: COUNT inside EXISTS, EXISTS of two distinct relationships
		// inside COUNT, any() over a COLLECT { } with a comprehension's
		// size, the grouped rows, an aggregating EXISTS { } body (the
		// neighbours made distinct first: parallel R relationships would
		// multiply the count), a program.
		{"g-h10-nested-subqueries", "nested subqueries", Generic, written(false,
			"MATCH (a:A) WHERE EXISTS { MATCH (a)-[:R]->(b) WHERE COUNT { (b)-[:S]->() } >= 2 } RETURN count(a) AS n",
			"MATCH (a:A) WHERE COUNT { MATCH (a)-[:R]->(b) WHERE EXISTS { MATCH (b)-[s1:S]->(), (b)-[s2:S]->() WHERE s1 <> s2 } } > 0 RETURN count(a) AS n",
			"MATCH (a:A) WHERE any(b IN COLLECT { MATCH (a)-[:R]->(b) RETURN b } WHERE size([(b)-[:S]->(c) | c]) > 1) RETURN count(a) AS n",
			"MATCH (a:A)-[:R]->(b) WITH a, b, COUNT { (b)-[:S]->() } AS d WHERE d >= 2 RETURN count(DISTINCT a) AS n",
			"MATCH (a:A) WHERE EXISTS { MATCH (a)-[:R]->(b) WITH DISTINCT b MATCH (b)-[:S]->() WITH b, count(*) AS d WHERE d >= 2 RETURN b } RETURN count(a) AS n",
			programForm(union("MATCH (a:A)-[:R]->(b) WHERE COUNT { (b)-[:S]->() } >= 2 RETURN a")),
		)},
		// An OPTIONAL MATCH chain with WHERE on each optional part: the
		// chain, a WITH between, a CALL { } for the second part (its
		// OPTIONAL MATCH from a null node gives one null row), the filter
		// as IN, comprehensions unwound with [null] for none.
		{"g-h10-optional-chain-where", "OPTIONAL MATCH chain", Generic, written(false,
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WHERE b.k > 2 OPTIONAL MATCH (b)-[:S]->(c) WHERE c.s = 'a' RETURN a.id AS a, b.id AS b, c.id AS c",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WHERE b.k > 2 WITH a, b OPTIONAL MATCH (b)-[:S]->(c) WHERE c.s = 'a' RETURN a.id AS a, b.id AS b, c.id AS c",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WHERE b.k > 2 CALL { WITH b OPTIONAL MATCH (b)-[:S]->(c) WHERE c.s = 'a' RETURN c } RETURN a.id AS a, b.id AS b, c.id AS c",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WHERE b.k IN [3, 4] OPTIONAL MATCH (b)-[:S]->(c) WHERE c.s IN ['a'] RETURN a.id AS a, b.id AS b, c.id AS c",
			"MATCH (a:A) UNWIND coalesce(nullIf([(a)-[:R]->(b) WHERE b.k > 2 | b], []), [null]) AS b UNWIND CASE WHEN b IS NULL THEN [null] ELSE coalesce(nullIf([(b)-[:S]->(c) WHERE c.s = 'a' | c], []), [null]) END AS c RETURN a.id AS a, b.id AS b, c.id AS c",
		)},
		// The largest weight of $a's relationships, no row when none has
		// one: max() kept when not null, ORDER BY ... DESC LIMIT 1 after
		// the nulls are removed (descending order puts them first), in a
		// WITH, on the relationship, DISTINCT first, NOT EXISTS of a
		// larger one (the anchor matched again: ids may repeat).
		{"g-h10-max-order-limit", "min/max via ORDER BY LIMIT", Generic, written(false,
			"MATCH (a {id: $a})-[r]->() WITH max(r.w) AS hi WHERE hi IS NOT NULL RETURN hi",
			"MATCH (a {id: $a})-[r]->() WHERE r.w IS NOT NULL RETURN r.w AS hi ORDER BY hi DESC LIMIT 1",
			"MATCH (a {id: $a})-[r]->() WITH r.w AS hi WHERE hi IS NOT NULL RETURN hi ORDER BY hi DESC LIMIT 1",
			"MATCH (a {id: $a})-[r]->() WHERE r.w IS NOT NULL WITH r ORDER BY r.w DESC LIMIT 1 RETURN r.w AS hi",
			"MATCH (a {id: $a})-[r]->() WHERE r.w IS NOT NULL RETURN DISTINCT r.w AS hi ORDER BY hi DESC LIMIT 1",
			"MATCH (a {id: $a})-[r]->() WHERE r.w IS NOT NULL AND NOT EXISTS { MATCH ({id: $a})-[q]->() WHERE q.w > r.w } RETURN DISTINCT r.w AS hi",
		)},
		// Each C node as a map with the number of its R neighbours' keys
		// over 1 and their sum: a projection with nested comprehensions, a
		// literal with COUNT { } and reduce(), CALL { } results as
		// variable selectors, a comprehension bound by a WITH and filtered
		// twice, OPTIONAL MATCH aggregates projected.
		{"g-h10-map-nested-comprehension", "map projection", Generic, written(false,
			"MATCH (a:C) RETURN a {.id, big: size([x IN [(a)-[:R]->(b) | b.k] WHERE x > 1]), s: reduce(t = 0, x IN [(a)-[:R]->(b) | coalesce(b.k, 0)] | t + x)} AS m",
			"MATCH (a:C) RETURN {id: a.id, big: COUNT { (a)-[:R]->(b) WHERE b.k > 1 }, s: reduce(t = 0, x IN [(a)-[:R]->(b) WHERE b.k IS NOT NULL | b.k] | t + x)} AS m",
			"MATCH (a:C) CALL { WITH a OPTIONAL MATCH (a)-[:R]->(b) RETURN count(CASE WHEN b.k > 1 THEN 1 END) AS big, sum(b.k) AS s } RETURN a {.id, big, s} AS m",
			"MATCH (a:C) WITH a, [(a)-[:R]->(b) | b.k] AS ks RETURN a {.id, big: size([x IN ks WHERE x > 1]), s: reduce(t = 0, x IN [y IN ks WHERE y IS NOT NULL] | t + x)} AS m",
			"MATCH (a:C) OPTIONAL MATCH (a)-[:R]->(b) WITH a, sum(CASE WHEN b.k > 1 THEN 1 ELSE 0 END) AS big, sum(b.k) AS s RETURN a {.id, big: big, s: s} AS m",
		)},
		// B or C nodes with no T relationship out: NOT of the pattern, a
		// program's union then difference, a program over the label
		// disjunction, NOT EXISTS, a UNION then COUNT { } = 0, OPTIONAL
		// MATCH ... IS NULL.
		{"g-h10-program-union-diff", "GraphProgram", Generic, written(false,
			"MATCH (n) WHERE (n:B OR n:C) AND NOT (n)-[:T]->() RETURN count(n) AS n",
			programForm(union("MATCH (n:B) RETURN n"), union("MATCH (n:C) RETURN n"), diff("MATCH (n)-[:T]->() RETURN n")),
			programForm(union("MATCH (n:B|C) RETURN n"), diff("MATCH (n:B|C)-[:T]->() RETURN n")),
			"MATCH (n:B|C) WHERE NOT EXISTS { (n)-[:T]->() } RETURN count(n) AS n",
			"CALL { MATCH (n:B) RETURN n UNION MATCH (n:C) RETURN n } WITH n WHERE COUNT { (n)-[:T]->() } = 0 RETURN count(n) AS n",
			"MATCH (n:B|C) OPTIONAL MATCH (n)-[t:T]->() WITH n, t WHERE t IS NULL RETURN count(n) AS n",
		)},
		// Labelled nodes with an S relationship in: the wildcard label,
		// labels() not empty, the disjunction of the schema's three
		// labels, NOT of no label (`!%`), a UNION of the labels, a
		// program's union then intersection.
		{"g-h10-any-label", "label expressions", Generic, written(false,
			"MATCH (n:%)<-[:S]-() RETURN count(DISTINCT n) AS n",
			"MATCH (n) WHERE size(labels(n)) > 0 AND EXISTS { ()-[:S]->(n) } RETURN count(n) AS n",
			"MATCH (n:A|B|C) WHERE ()-[:S]->(n) RETURN count(n) AS n",
			"MATCH (n) WHERE NOT n:!% AND COUNT { (n)<-[:S]-() } > 0 RETURN count(*) AS n",
			"CALL { MATCH (n:A) RETURN n UNION MATCH (n:B) RETURN n UNION MATCH (n:C) RETURN n } MATCH (n)<-[:S]-() RETURN count(DISTINCT n) AS n",
			"MATCH (n)<-[:S]-() WHERE labels(n) <> [] RETURN count(DISTINCT n) AS n",
			programForm(union("MATCH (n:A) RETURN n"), union("MATCH (n:B) RETURN n"), union("MATCH (n:C) RETURN n"), intersect("MATCH ()-[:S]->(n) RETURN n")),
		)},
		// R or S relationships out of A nodes to keys 1..3, the bounds and
		// types passed as values of several kinds: literals, a map, two
		// lists, an UNWIND of the types with range(), a map holding a list
		// and a string, float bounds.
		{"g-h10-value-kinds", "parameters of several types", Generic, written(false,
			"MATCH (a:A)-[r:R|S]->(b) WHERE b.k >= 1 AND b.k <= 3 RETURN count(*) AS n",
			"WITH {lo: 1, hi: 3} AS p MATCH (a:A)-[r:R|S]->(b) WHERE p.lo <= b.k <= p.hi RETURN count(*) AS n",
			"WITH ['R', 'S'] AS ts, [1, 2, 3] AS ks MATCH (a:A)-[r]->(b) WHERE type(r) IN ts AND b.k IN ks RETURN count(*) AS n",
			"UNWIND ['R', 'S'] AS t MATCH (a:A)-[r]->(b) WHERE type(r) = t AND b.k IN range(1, 3) RETURN count(*) AS n",
			"WITH {k: [1, 2, 3], t: 'S'} AS p MATCH (a:A)-[r]->(b) WHERE (type(r) = 'R' OR type(r) = p.t) AND b.k IN p.k RETURN count(*) AS n",
			"WITH 1.0 AS lo, 3.5 AS hi MATCH (a:A)-[r:R|S]->(b) WHERE b.k >= lo AND b.k < hi RETURN count(*) AS n",
		)},

		// Users graphs.
		// Nodes one or two links from the hub through even ids: a
		// quantified path with an inline WHERE, the variable-length path's
		// tail tested, a UNION of the two lengths, the group with the
		// schema's label and type spelled out, a program.
		{"u-h10-qpp-even-ids", "quantified path", Users, written(false,
			"MATCH (a:User {id: $hub}) ((x)-->(y) WHERE y.id % 2 = 0){1,2} (b) RETURN count(DISTINCT b) AS n",
			"MATCH p = (a:User {id: $hub})-[*1..2]->(b) WHERE all(n IN tail(nodes(p)) WHERE n.id % 2 = 0) RETURN count(DISTINCT b) AS n",
			"CALL { MATCH (a:User {id: $hub})-->(b) WHERE b.id % 2 = 0 RETURN b UNION MATCH (a:User {id: $hub})-->(x)-->(b) WHERE x.id % 2 = 0 AND b.id % 2 = 0 RETURN b } RETURN count(b) AS n",
			"MATCH (a:User {id: $hub}) MATCH (a) ((x:User)-[:LINKS]->(y:User) WHERE y.id % 2 = 0){1,2} (b:User) RETURN count(DISTINCT b) AS n",
			programForm(union("MATCH (a:User {id: $hub})-->(b) WHERE b.id % 2 = 0 RETURN b"), union("MATCH (a:User {id: $hub})-->(x)-->(b) WHERE x.id % 2 = 0 AND b.id % 2 = 0 RETURN b")),
		)},
		// The hub's neighbour with the most links out (ties by id), as
		// top-1 of COUNT { }, of the grouped rows of a second MATCH, the maximum then the least id
		// holding it, the head of an ordered collect of CALL { } counts.
		{"u-h10-top-neighbour", "min/max via ORDER BY LIMIT", Users, written(true,
			"MATCH (:User {id: $hub})-->(b) WITH DISTINCT b RETURN b.id AS id, COUNT { (b)-->() } AS d ORDER BY d DESC, id LIMIT 1",
			"MATCH (:User {id: $hub})-->(b) WITH DISTINCT b MATCH (b)-->(c) WITH b, count(*) AS d RETURN b.id AS id, d ORDER BY d DESC, id LIMIT 1",
			"MATCH (:User {id: $hub})-->(b) WITH DISTINCT b WITH max(size([(b)-->(c) | c])) AS m MATCH (:User {id: $hub})-->(b) WHERE COUNT { (b)-->() } = m RETURN min(b.id) AS id, m AS d",
			"MATCH (:User {id: $hub})-->(b) WITH DISTINCT b CALL { WITH b MATCH (b)-->(c) RETURN count(c) AS d } WITH b, d ORDER BY d DESC, b.id WITH collect([b.id, d])[0] AS top RETURN top[0] AS id, top[1] AS d",
			"MATCH (:User {id: $hub})-->(b) WITH DISTINCT b WITH b, COUNT { (b)-->() } AS d ORDER BY d DESC, b.id LIMIT 1 RETURN b.id AS id, d",
		)},
		// The hub's neighbours ranked 6th to 10th by id: SKIP 5 LIMIT 5,
		// in a WITH, a slice of the ordered collect, a rank by COUNT { } of
		// smaller ids, LIMIT 10 then SKIP 5, a COLLECT { } with SKIP and
		// LIMIT unwound.
		{"u-h10-page-by-id", "ORDER BY with nulls, SKIP / LIMIT", Users, written(true,
			"MATCH (:User {id: $hub})-->(b) RETURN b.id AS id ORDER BY id SKIP 5 LIMIT 5",
			"MATCH (:User {id: $hub})-->(b) WITH b.id AS id ORDER BY id SKIP 5 LIMIT 5 RETURN id ORDER BY id",
			"MATCH (:User {id: $hub})-->(b) WITH b ORDER BY b.id WITH collect(b.id) AS ids UNWIND ids[5..10] AS id RETURN id ORDER BY id",
			"MATCH (h:User {id: $hub})-->(b) WITH h, b, COUNT { (h)-->(c) WHERE c.id < b.id } AS r WHERE r >= 5 AND r < 10 RETURN b.id AS id ORDER BY id",
			"MATCH (:User {id: $hub})-->(b) WITH b.id AS id ORDER BY id LIMIT 10 WITH id ORDER BY id SKIP 5 RETURN id ORDER BY id",
			"UNWIND COLLECT { MATCH (:User {id: $hub})-->(b) RETURN b.id AS id ORDER BY id SKIP 5 LIMIT 5 } AS id RETURN id ORDER BY id",
		)},
		// The hub's out-neighbours that do not link back: NOT of the
		// pattern, a program's difference, OPTIONAL MATCH ... IS NULL, the
		// two sides collected and compared (an OPTIONAL MATCH so that an
		// empty side is an empty list), COUNT { } = 0, NOT EXISTS with a
		// WHERE.
		{"u-h10-not-reciprocal", "GraphProgram", Users, written(false,
			"MATCH (h:User {id: $hub})-->(b) WHERE NOT (b)-->(h) RETURN count(DISTINCT b) AS n",
			programForm(union("MATCH (:User {id: $hub})-->(b) RETURN b"), diff("MATCH (b)-->(:User {id: $hub}) RETURN b")),
			"MATCH (h:User {id: $hub})-->(b) OPTIONAL MATCH (b)-[r]->(h) WITH b, r WHERE r IS NULL RETURN count(DISTINCT b) AS n",
			"MATCH (h:User {id: $hub})-->(b) WITH h, collect(DISTINCT b) AS out OPTIONAL MATCH (b)-->(h) WITH out, collect(b) AS back RETURN size([x IN out WHERE NOT x IN back]) AS n",
			"MATCH (h:User {id: $hub})-->(b) WHERE COUNT { (b)-->(h) } = 0 RETURN count(DISTINCT b) AS n",
			"MATCH (h:User {id: $hub})-->(b) WHERE NOT EXISTS { MATCH (b)-->(x) WHERE x = h } RETURN count(DISTINCT b) AS n",
		)},
		// The hub's neighbours whose id's decimal form starts with 1:
		// STARTS WITH on toString(), left(), an anchored regular
		// expression, substring(), the first element of split() on '1'
		// being empty, the type checked first.
		{"u-h10-id-prefix", "string functions", Users, written(false,
			"MATCH (:User {id: $hub})-->(b) WHERE toString(b.id) STARTS WITH '1' RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(b) WHERE left(toString(b.id), 1) = '1' RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(b) WHERE toString(b.id) =~ '1[0-9]*' RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(b) WHERE substring(toString(b.id), 0, 1) = '1' RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(b) WHERE split(toString(b.id), '1')[0] = '' RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(b) WHERE b.id IS :: INTEGER AND toString(b.id) STARTS WITH '1' RETURN count(*) AS n",
		)},
		// Per neighbour of the hub, its neighbours of larger id and their
		// neighbours of larger id again: an OPTIONAL MATCH chain with
		// WHERE on both parts, COUNT { } of each, a CALL { } with the
		// chain, a comprehension summed with reduce() over COUNT { }, the
		// second level as COUNT { } per optional row summed (sum() skips
		// the null a missing row gives, and 0 is 0).
		{"u-h10-optional-chain", "OPTIONAL MATCH chain", Users, written(false,
			"MATCH (:User {id: $hub})-->(b) OPTIONAL MATCH (b)-->(c) WHERE c.id > b.id OPTIONAL MATCH (c)-->(d) WHERE d.id > c.id RETURN b.id AS id, count(DISTINCT c) AS up, count(d) AS up2",
			"MATCH (:User {id: $hub})-->(b) RETURN b.id AS id, COUNT { (b)-->(c) WHERE c.id > b.id } AS up, COUNT { (b)-->(c)-->(d) WHERE c.id > b.id AND d.id > c.id } AS up2",
			"MATCH (:User {id: $hub})-->(b) CALL { WITH b OPTIONAL MATCH (b)-->(c) WHERE c.id > b.id OPTIONAL MATCH (c)-->(d) WHERE d.id > c.id RETURN count(DISTINCT c) AS up, count(d) AS up2 } RETURN b.id AS id, up, up2",
			"MATCH (:User {id: $hub})-->(b) RETURN b.id AS id, size([(b)-->(c) WHERE c.id > b.id | c]) AS up, reduce(t = 0, c IN [(b)-->(c) WHERE c.id > b.id | c] | t + COUNT { (c)-->(d) WHERE d.id > c.id }) AS up2",
			"MATCH (:User {id: $hub})-->(b) OPTIONAL MATCH (b)-->(c) WHERE c.id > b.id WITH b, c, COUNT { (c)-->(d) WHERE d.id > c.id } AS k RETURN b.id AS id, count(c) AS up, sum(k) AS up2",
		)},
		// The distinct nodes linked to or from $l1: the undirected
		// pattern, one direction with OR and CASE choosing the other end,
		// a UNION of the directions, a program's union, EXISTS of the
		// undirected pattern, the two comprehensions concatenated.
		{"u-h10-union-vs-or", "UNION vs OR", Users, written(false,
			"MATCH (:User {id: $l1})--(v) RETURN count(DISTINCT v) AS n",
			"MATCH (u:User)-->(v:User) WHERE u.id = $l1 OR v.id = $l1 WITH CASE WHEN u.id = $l1 THEN v ELSE u END AS x RETURN count(DISTINCT x) AS n",
			"CALL { MATCH (:User {id: $l1})-->(v) RETURN v UNION MATCH (:User {id: $l1})<--(v) RETURN v } RETURN count(v) AS n",
			programForm(union("MATCH (:User {id: $l1})-->(v) RETURN v"), union("MATCH (:User {id: $l1})<--(v) RETURN v")),
			"MATCH (v:User) WHERE EXISTS { (v)--(:User {id: $l1}) } RETURN count(v) AS n",
			"MATCH (a:User {id: $l1}) WITH [(a)-->(v) | v] + [(a)<--(v) | v] AS vs UNWIND vs AS v RETURN count(DISTINCT v) AS n",
		)},

		// Movies.
		// Distinct crew (directors, producers, writers) per decade of
		// release: the type disjunction, type() IN, the negated types (the
		// other types into a Movie are ACTED_IN and REVIEWED), a UNION of
		// the three, a relationship label expression in WHERE, the decade
		// by the remainder.
		{"m-h10-crew-types", "label expressions", Movies, written(false,
			"MATCH (p:Person)-[:DIRECTED|PRODUCED|WROTE]->(m:Movie) RETURN m.released / 10 * 10 AS decade, count(DISTINCT p) AS crew",
			"MATCH (p:Person)-[r]->(m:Movie) WHERE type(r) IN ['DIRECTED', 'PRODUCED', 'WROTE'] RETURN m.released / 10 * 10 AS decade, count(DISTINCT p) AS crew",
			"MATCH (p:Person)-[r:!ACTED_IN&!REVIEWED]->(m:Movie) RETURN m.released / 10 * 10 AS decade, count(DISTINCT p) AS crew",
			"CALL { MATCH (p:Person)-[:DIRECTED]->(m:Movie) RETURN p, m UNION MATCH (p:Person)-[:PRODUCED]->(m:Movie) RETURN p, m UNION MATCH (p:Person)-[:WROTE]->(m:Movie) RETURN p, m } RETURN m.released / 10 * 10 AS decade, count(DISTINCT p) AS crew",
			"MATCH (p:Person)-[r]->(m:Movie) WHERE r:DIRECTED|PRODUCED|WROTE RETURN m.released / 10 * 10 AS decade, count(DISTINCT p) AS crew",
			"MATCH (p:Person)-[:DIRECTED|PRODUCED|WROTE]->(m:Movie) WITH m.released - m.released % 10 AS decade, p RETURN decade, count(DISTINCT p) AS crew",
		)},
		// The people each follower reaches over FOLLOWS, any number of
		// hops: `+`, `*` on a variable-length relationship, `{1,}` on a
		// group, `*1..`, `{1,}` on the short form with the end's label
		// (FOLLOWS joins persons).
		{"m-h10-follows-plus", "quantified path", Movies, written(false,
			"MATCH (a:Person)-[:FOLLOWS]->+(b) RETURN a.name AS name, count(DISTINCT b) AS n",
			"MATCH (a:Person)-[:FOLLOWS*]->(b) RETURN a.name AS name, count(DISTINCT b) AS n",
			"MATCH (a:Person) ((x)-[:FOLLOWS]->(y)){1,} (b) RETURN a.name AS name, count(DISTINCT b) AS n",
			"MATCH (a:Person)-[:FOLLOWS*1..]->(b) RETURN a.name AS name, count(DISTINCT b) AS n",
			"MATCH (a:Person)-[:FOLLOWS]->{1,}(b:Person) RETURN a.name AS name, count(DISTINCT b) AS n",
		)},
		// Films by the number of words in the title: split() sized, the
		// spaces counted by replace(), the characters at each index by
		// substring(), the trimmed title split, reduce() over the
		// characters.
		{"m-h10-title-words", "string functions", Movies, written(false,
			"MATCH (m:Movie) RETURN size(split(m.title, ' ')) AS words, count(*) AS n",
			"MATCH (m:Movie) RETURN size(m.title) - size(replace(m.title, ' ', '')) + 1 AS words, count(*) AS n",
			"MATCH (m:Movie) RETURN size([i IN range(0, size(m.title) - 1) WHERE substring(m.title, i, 1) = ' ']) + 1 AS words, count(*) AS n",
			"MATCH (m:Movie) WITH m, trim(m.title) AS t RETURN size(split(t, ' ')) AS words, count(*) AS n",
			"MATCH (m:Movie) RETURN reduce(w = 1, i IN range(0, size(m.title) - 1) | w + CASE substring(m.title, i, 1) WHEN ' ' THEN 1 ELSE 0 END) AS words, count(*) AS n",
		)},
		// Per reviewed film, the number of distinct ratings and their
		// spread: DISTINCT aggregates, collect(DISTINCT) reduced, a CALL
		// { } per film, DISTINCT (film, rating) rows first, a COLLECT {
		// RETURN DISTINCT } reduced (null kept in the list, skipped by the
		// reduce).
		{"m-h10-rating-distinct", "DISTINCT aggregates of relationship properties", Movies, written(false,
			"MATCH (:Person)-[r:REVIEWED]->(m:Movie) WITH m, count(DISTINCT r.rating) AS ratings, max(r.rating) - min(r.rating) AS spread RETURN m.title AS t, ratings, spread",
			"MATCH (:Person)-[r:REVIEWED]->(m:Movie) WITH m, collect(DISTINCT r.rating) AS rs RETURN m.title AS t, size(rs) AS ratings, reduce(h = null, x IN rs | CASE WHEN h IS NULL OR x > h THEN x ELSE h END) - reduce(l = null, x IN rs | CASE WHEN l IS NULL OR x < l THEN x ELSE l END) AS spread",
			"MATCH (m:Movie) WHERE EXISTS { (:Person)-[:REVIEWED]->(m) } CALL { WITH m MATCH (:Person)-[r:REVIEWED]->(m) RETURN count(DISTINCT r.rating) AS ratings, max(r.rating) AS hi, min(r.rating) AS lo } RETURN m.title AS t, ratings, hi - lo AS spread",
			"MATCH (m:Movie)<-[r:REVIEWED]-(:Person) WITH DISTINCT m, r.rating AS x WITH m, count(x) AS ratings, max(x) - min(x) AS spread RETURN m.title AS t, ratings, spread",
			"MATCH (m:Movie) WHERE EXISTS { (:Person)-[:REVIEWED]->(m) } WITH m, COLLECT { MATCH (:Person)-[r:REVIEWED]->(m) RETURN DISTINCT r.rating AS x } AS xs RETURN m.title AS t, size([x IN xs WHERE x IS NOT NULL]) AS ratings, reduce(h = null, x IN xs | CASE WHEN x > h OR h IS NULL THEN x ELSE h END) - reduce(l = null, x IN xs | CASE WHEN x < l OR l IS NULL THEN x ELSE l END) AS spread",
		)},
		// People born after 1970 with their pre-2000 films and those
		// films' directors born before 1960: an OPTIONAL MATCH chain with
		// WHERE on both parts, COUNT { RETURN DISTINCT }, a CALL { } with
		// the chain, two OPTIONAL MATCHes one after the other, sizes of
		// COLLECT { RETURN DISTINCT }.
		{"m-h10-optional-chain-where", "OPTIONAL MATCH chain", Movies, written(false,
			"MATCH (p:Person) WHERE p.born > 1970 OPTIONAL MATCH (p)-[:ACTED_IN]->(m:Movie) WHERE m.released < 2000 OPTIONAL MATCH (m)<-[:DIRECTED]-(d:Person) WHERE d.born < 1960 RETURN p.name AS name, count(DISTINCT m) AS films, count(DISTINCT d) AS directors",
			"MATCH (p:Person) WHERE p.born > 1970 RETURN p.name AS name, COUNT { MATCH (p)-[:ACTED_IN]->(m:Movie) WHERE m.released < 2000 RETURN DISTINCT m } AS films, COUNT { MATCH (p)-[:ACTED_IN]->(m:Movie)<-[:DIRECTED]-(d:Person) WHERE m.released < 2000 AND d.born < 1960 RETURN DISTINCT d } AS directors",
			"MATCH (p:Person) WHERE p.born > 1970 CALL { WITH p OPTIONAL MATCH (p)-[:ACTED_IN]->(m:Movie) WHERE m.released < 2000 OPTIONAL MATCH (m)<-[:DIRECTED]-(d:Person) WHERE d.born < 1960 RETURN count(DISTINCT m) AS films, count(DISTINCT d) AS directors } RETURN p.name AS name, films, directors",
			"MATCH (p:Person) WHERE p.born > 1970 OPTIONAL MATCH (p)-[:ACTED_IN]->(m:Movie) WHERE m.released < 2000 WITH p, count(DISTINCT m) AS films OPTIONAL MATCH (p)-[:ACTED_IN]->(m2:Movie)<-[:DIRECTED]-(d:Person) WHERE m2.released < 2000 AND d.born < 1960 RETURN p.name AS name, films, count(DISTINCT d) AS directors",
			"MATCH (p:Person) WHERE p.born > 1970 RETURN p.name AS name, size(COLLECT { MATCH (p)-[:ACTED_IN]->(m:Movie) WHERE m.released < 2000 RETURN DISTINCT m }) AS films, size(COLLECT { MATCH (p)-[:ACTED_IN]->(m:Movie) WHERE m.released < 2000 MATCH (m)<-[:DIRECTED]-(d:Person) WHERE d.born < 1960 RETURN DISTINCT d }) AS directors",
		)},
		// People by the value type of their birth year: valueType(), CASE
		// over IS :: INTEGER NOT NULL, IS TYPED and the short `::`, a
		// UNION ALL of the typed, the null and the rest, IS NOT :: bound
		// by a WITH.
		{"m-h10-born-type", "type predicates", Movies, written(false,
			"MATCH (p:Person) RETURN valueType(p.born) AS t, count(*) AS n",
			"MATCH (p:Person) RETURN CASE WHEN p.born IS :: INTEGER NOT NULL THEN 'INTEGER NOT NULL' WHEN p.born IS NULL THEN 'NULL' ELSE valueType(p.born) END AS t, count(*) AS n",
			"MATCH (p:Person) RETURN CASE WHEN p.born IS NULL THEN 'NULL' WHEN p.born IS TYPED INTEGER THEN 'INTEGER NOT NULL' WHEN p.born :: FLOAT THEN 'FLOAT NOT NULL' ELSE valueType(p.born) END AS t, count(*) AS n",
			"CALL { MATCH (p:Person) WHERE p.born IS :: INTEGER NOT NULL RETURN 'INTEGER NOT NULL' AS t UNION ALL MATCH (p:Person) WHERE p.born IS NULL RETURN 'NULL' AS t UNION ALL MATCH (p:Person) WHERE p.born IS NOT NULL AND NOT p.born IS :: INTEGER RETURN valueType(p.born) AS t } RETURN t, count(*) AS n",
			"MATCH (p:Person) WITH p, p.born IS NOT :: INTEGER NOT NULL AS odd RETURN CASE WHEN NOT odd THEN 'INTEGER NOT NULL' WHEN p.born IS NULL THEN 'NULL' ELSE valueType(p.born) END AS t, count(*) AS n",
		)},
		// The person's films as maps with their cast size and ordered
		// directors: a projection with COUNT { } and an ordered COLLECT
		// { }, OPTIONAL MATCH then an ordered collect per film, a CALL { }
		// collecting in order, a literal with a comprehension over the
		// COLLECT { } and a pattern comprehension's size.
		{"m-h10-map-ordered-collect", "map projection", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN m {.title, cast: COUNT { (m)<-[:ACTED_IN]-(:Person) }, directors: COLLECT { MATCH (m)<-[:DIRECTED]-(d:Person) RETURN d.name ORDER BY d.name }} AS info",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) OPTIONAL MATCH (m)<-[:DIRECTED]-(d:Person) WITH m, d ORDER BY d.name WITH m, collect(d.name) AS ds RETURN m {.title, cast: COUNT { (m)<-[:ACTED_IN]-(:Person) }, directors: ds} AS info",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) CALL { WITH m OPTIONAL MATCH (m)<-[:DIRECTED]-(d:Person) WITH d.name AS n ORDER BY n RETURN collect(n) AS ds } RETURN m {.title, cast: size([(m)<-[:ACTED_IN]-(a:Person) | a]), directors: ds} AS info",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN {title: m.title, cast: size([(m)<-[:ACTED_IN]-(a:Person) | a]), directors: [x IN COLLECT { MATCH (m)<-[:DIRECTED]-(d:Person) RETURN d.name AS n ORDER BY n } | x]} AS info",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH m, COLLECT { MATCH (m)<-[:DIRECTED]-(d:Person) RETURN d.name AS n ORDER BY n } AS ds RETURN m {.title, cast: COUNT { (m)<-[:ACTED_IN]-(:Person) }, directors: [n IN ds WHERE n IS NOT NULL]} AS info",
		)},

		// Stack Overflow.
		// The tag's questions whose title mentions cypher in any case:
		// toLower and CONTAINS, a case-insensitive regular expression,
		// toUpper, any() over the words, the trimmed title, the regular
		// expression on the lower-cased title.
		{"s-h10-title-contains", "regex vs CONTAINS", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE toLower(q.title) CONTAINS 'cypher' RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE q.title =~ '(?is).*cypher.*' RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE toUpper(q.title) CONTAINS 'CYPHER' RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE any(w IN split(toLower(q.title), ' ') WHERE w CONTAINS 'cypher') RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE trim(toLower(q.title)) CONTAINS 'cypher' RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE toLower(q.title) =~ '(?s).*cypher.*' RETURN count(q) AS n",
		)},
		// The provider's best answer score and how many answers have it:
		// the maximum matched again, ORDER BY ... LIMIT 1 then matched
		// again, the grouped scores' top row, reduce() over the collect,
		// NOT EXISTS of a better answer.
		{"s-h10-best-score-ties", "min/max via ORDER BY LIMIT", StackOverflow, written(false,
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) WITH max(a.score) AS best MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) WHERE a.score = best RETURN best, count(a) AS ties",
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) WHERE a.score IS NOT NULL WITH a.score AS s ORDER BY s DESC LIMIT 1 MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) WHERE a.score = s RETURN s AS best, count(a) AS ties",
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) WITH a.score AS s, count(*) AS c WHERE s IS NOT NULL RETURN s AS best, c AS ties ORDER BY best DESC LIMIT 1",
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) WITH collect(a.score) AS ss WITH ss, reduce(m = null, x IN ss | CASE WHEN m IS NULL OR x > m THEN x ELSE m END) AS best WHERE best IS NOT NULL RETURN best, size([x IN ss WHERE x = best]) AS ties",
			"MATCH (u:User {user_id: $provider})-[:PROVIDED]->(a:Answer) WHERE a.score IS NOT NULL AND NOT EXISTS { MATCH (u)-[:PROVIDED]->(b:Answer) WHERE b.score > a.score } RETURN a.score AS best, count(*) AS ties",
		)},
		// The tag's questions with at least two answers given by users who
		// also asked: EXISTS inside EXISTS inside COUNT, the size of a
		// COLLECT { RETURN DISTINCT }, the answers grouped after a MATCH, a
		// CALL { } count, EXISTS of two distinct such answers.
		{"s-h10-nested-subqueries", "nested subqueries", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE COUNT { MATCH (q)<-[:ANSWERED]-(a:Answer) WHERE EXISTS { MATCH (a)<-[:PROVIDED]-(u:User) WHERE EXISTS { (u)-[:ASKED]->(:Question) } } } >= 2 RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE size(COLLECT { MATCH (q)<-[:ANSWERED]-(a:Answer)<-[:PROVIDED]-(u:User) WHERE (u)-[:ASKED]->() RETURN DISTINCT a }) >= 2 RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) MATCH (q)<-[:ANSWERED]-(a:Answer) WHERE EXISTS { MATCH (a)<-[:PROVIDED]-(u:User)-[:ASKED]->(:Question) } WITH q, count(DISTINCT a) AS k WHERE k >= 2 RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) CALL { WITH q MATCH (q)<-[:ANSWERED]-(a:Answer) WHERE EXISTS { (a)<-[:PROVIDED]-(:User)-[:ASKED]->() } RETURN count(*) AS k } WITH q, k WHERE k >= 2 RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE EXISTS { MATCH (q)<-[:ANSWERED]-(a1:Answer), (q)<-[:ANSWERED]-(a2:Answer) WHERE a1 <> a2 AND EXISTS { (a1)<-[:PROVIDED]-(:User)-[:ASKED]->() } AND EXISTS { (a2)<-[:PROVIDED]-(:User)-[:ASKED]->() } } RETURN count(q) AS n",
		)},
		// Questions tagged with either of two tags: IN, a UNION, OR of two
		// EXISTS, a program's union, an UNWIND of the names, the tags
		// found first with OR (TAGGED starts only at questions).
		{"s-h10-union-or-tags", "UNION vs OR", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(t:Tag) WHERE t.name IN [$tag2, 'cypher'] RETURN count(DISTINCT q) AS n",
			"CALL { MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN q UNION MATCH (q:Question)-[:TAGGED]->(:Tag {name: 'cypher'}) RETURN q } RETURN count(q) AS n",
			"MATCH (q:Question) WHERE EXISTS { (q)-[:TAGGED]->(:Tag {name: $tag2}) } OR EXISTS { (q)-[:TAGGED]->(:Tag {name: 'cypher'}) } RETURN count(q) AS n",
			programForm(union("MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN q"), union("MATCH (q:Question)-[:TAGGED]->(:Tag {name: 'cypher'}) RETURN q")),
			"UNWIND [$tag2, 'cypher'] AS name MATCH (:Tag {name: name})<-[:TAGGED]-(q:Question) RETURN count(DISTINCT q) AS n",
			"MATCH (t:Tag) WHERE t.name = $tag2 OR t.name = 'cypher' MATCH (t)<-[:TAGGED]-(q) RETURN count(DISTINCT q) AS n",
		)},
		// Answered questions of one tag and not of another: NOT of the
		// pattern with the answer as a pattern predicate, a program's
		// union, difference and intersection, a program of two
		// statements, COUNT { } = 0, OPTIONAL MATCH ... IS NULL, NOT IN
		// the collected questions of the other tag.
		{"s-h10-program-diff", "GraphProgram", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE NOT (q)-[:TAGGED]->(:Tag {name: 'cypher'}) AND (q)<-[:ANSWERED]-() RETURN count(DISTINCT q) AS n",
			programForm(union("MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN q"), diff("MATCH (q:Question)-[:TAGGED]->(:Tag {name: 'cypher'}) RETURN q"), intersect("MATCH (q:Question)<-[:ANSWERED]-() RETURN q")),
			programForm(union("MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE (q)<-[:ANSWERED]-() RETURN q"), diff("MATCH (q:Question)-[:TAGGED]->(:Tag {name: 'cypher'}) RETURN q")),
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE COUNT { (q)-[:TAGGED]->(:Tag {name: 'cypher'}) } = 0 AND EXISTS { (q)<-[:ANSWERED]-() } RETURN count(DISTINCT q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE (q)<-[:ANSWERED]-() OPTIONAL MATCH (q)-[c:TAGGED]->(:Tag {name: 'cypher'}) WITH q, c WHERE c IS NULL RETURN count(DISTINCT q) AS n",
			"OPTIONAL MATCH (x:Question)-[:TAGGED]->(:Tag {name: 'cypher'}) WITH collect(x) AS other MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WHERE NOT q IN other AND (q)<-[:ANSWERED]-() RETURN count(DISTINCT q) AS n",
		)},

		// LDBC.
		// The person's messages by kind: the disjunction Post|Comment, the
		// Message label (every post and comment has it), OR in WHERE (only
		// messages have creators), a UNION ALL of the kinds, a CASE on
		// `Message&!Comment`, a parenthesised label expression.
		{"l-h10-message-labels", "label expressions", LDBC, written(false,
			"MATCH (m:Post|Comment)-[:HAS_CREATOR]->(:Person {id: $person}) RETURN CASE WHEN m:Post THEN 'post' ELSE 'comment' END AS kind, count(*) AS n",
			"MATCH (m:Message)-[:HAS_CREATOR]->(:Person {id: $person}) RETURN CASE WHEN m:Post THEN 'post' ELSE 'comment' END AS kind, count(*) AS n",
			"MATCH (m)-[:HAS_CREATOR]->(:Person {id: $person}) WHERE m:Post OR m:Comment RETURN CASE WHEN m:Comment THEN 'comment' ELSE 'post' END AS kind, count(*) AS n",
			"CALL { MATCH (m:Post)-[:HAS_CREATOR]->(:Person {id: $person}) RETURN 'post' AS kind UNION ALL MATCH (m:Comment)-[:HAS_CREATOR]->(:Person {id: $person}) RETURN 'comment' AS kind } RETURN kind, count(*) AS n",
			"MATCH (m:Message)-[:HAS_CREATOR]->(:Person {id: $person}) RETURN CASE WHEN m:Message&!Comment THEN 'post' ELSE 'comment' END AS kind, count(*) AS n",
			"MATCH (m:Message&(Post|Comment))-[:HAS_CREATOR]->(p:Person) WHERE p.id = $person RETURN CASE WHEN 'Post' IN labels(m) THEN 'post' ELSE 'comment' END AS kind, count(*) AS n",
		)},
		// Comments anywhere in the reply tree of a post: `+`, `*` on the
		// variable-length relationship, `{1,}` on a group read from the
		// post, `*1..` without the end label (only comments reply),
		// EXISTS of the quantified path, `*` on the group (zero hops would
		// make a comment a post: no node is both).
		{"l-h10-reply-tree", "quantified path", LDBC, written(false,
			"MATCH (c:Comment)-[:REPLY_OF]->+(:Post {id: $post}) RETURN count(DISTINCT c) AS n",
			"MATCH (c:Comment)-[:REPLY_OF*]->(:Post {id: $post}) RETURN count(DISTINCT c) AS n",
			"MATCH (:Post {id: $post}) (()<-[:REPLY_OF]-()){1,} (c:Comment) RETURN count(DISTINCT c) AS n",
			"MATCH (:Post {id: $post})<-[:REPLY_OF*1..]-(c) RETURN count(DISTINCT c) AS n",
			"MATCH (c:Comment) WHERE EXISTS { (c)-[:REPLY_OF]->+(:Post {id: $post}) } RETURN count(c) AS n",
			"MATCH (c:Comment)-[:REPLY_OF]->*(:Post {id: $post}) RETURN count(DISTINCT c) AS n",
		)},
		// Persons reached from the person over one or two KNOWS through
		// women only: an inline WHERE on the group's end node, the tail of
		// the variable-length path, a UNION of the lengths, the test in the
		// group's WHERE, a program's union then difference (the person
		// itself removed).
		{"l-h10-knows-inline-where", "quantified path", LDBC, written(false,
			"MATCH (a:Person {id: $person}) ((x)-[:KNOWS]-(y:Person WHERE y.gender = 'female')){1,2} (b) WHERE b <> a RETURN count(DISTINCT b) AS n",
			"MATCH p = (a:Person {id: $person})-[:KNOWS*1..2]-(b) WHERE b <> a AND all(n IN tail(nodes(p)) WHERE n:Person AND n.gender = 'female') RETURN count(DISTINCT b) AS n",
			"CALL { MATCH (a:Person {id: $person})-[:KNOWS]-(b:Person) WHERE b.gender = 'female' AND b <> a RETURN b UNION MATCH (a:Person {id: $person})-[:KNOWS]-(x:Person)-[:KNOWS]-(b:Person) WHERE x.gender = 'female' AND b.gender = 'female' AND b <> a RETURN b } RETURN count(b) AS n",
			"MATCH (a:Person {id: $person}) MATCH (a) ((x)-[:KNOWS]-(y) WHERE y:Person AND y.gender = 'female'){1,2} (b) WHERE b <> a RETURN count(DISTINCT b) AS n",
			programForm(union("MATCH (:Person {id: $person})-[:KNOWS]-(b:Person) WHERE b.gender = 'female' RETURN b"), union("MATCH (:Person {id: $person})-[:KNOWS]-(x:Person)-[:KNOWS]-(b:Person) WHERE x.gender = 'female' AND b.gender = 'female' RETURN b"), diff("MATCH (a:Person {id: $person}) RETURN a")),
		)},
		// The person's friends ranked 6th to 10th, youngest first (ties by
		// id): SKIP 5 LIMIT 5, a slice of the ordered collect, a COLLECT {
		// } with SKIP and LIMIT unwound, a rank by COUNT { } of friends
		// before, SKIP and LIMIT as expressions.
		{"l-h10-friends-page", "ORDER BY with nulls, SKIP / LIMIT", LDBC, written(true,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN f.id AS id, f.birthday AS b ORDER BY b DESC, id SKIP 5 LIMIT 5",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH f ORDER BY f.birthday DESC, f.id WITH collect(f)[5..10] AS fs UNWIND fs AS f RETURN f.id AS id, f.birthday AS b ORDER BY b DESC, id",
			"UNWIND COLLECT { MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN f ORDER BY f.birthday DESC, f.id SKIP 5 LIMIT 5 } AS f RETURN f.id AS id, f.birthday AS b ORDER BY b DESC, id",
			"MATCH (a:Person {id: $person})-[:KNOWS]-(f:Person) WITH f, COUNT { MATCH (a)-[:KNOWS]-(g:Person) WHERE g.birthday > f.birthday OR (g.birthday = f.birthday AND g.id < f.id) } AS r WHERE 5 <= r < 10 RETURN f.id AS id, f.birthday AS b ORDER BY b DESC, id",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN f.id AS id, f.birthday AS b ORDER BY b DESC, id SKIP 10 / 2 LIMIT size([1, 2, 3, 4, 5])",
		)},
		// The distinct years in which the person liked messages and the
		// first of them: DISTINCT aggregates of the relationship's date,
		// collect(DISTINCT) reduced, DISTINCT years first, the head of the
		// ordered distinct collect, COLLECT { RETURN DISTINCT }, the year
		// as the date string's first four characters.
		{"l-h10-like-years", "DISTINCT aggregates of relationship properties", LDBC, written(false,
			"MATCH (:Person {id: $person})-[l:LIKES]->(:Message) RETURN count(DISTINCT l.creationDate.year) AS years, min(l.creationDate.year) AS first",
			"MATCH (:Person {id: $person})-[l:LIKES]->(:Message) WITH collect(DISTINCT l.creationDate.year) AS ys RETURN size(ys) AS years, reduce(m = null, y IN ys | CASE WHEN m IS NULL OR y < m THEN y ELSE m END) AS first",
			"MATCH (:Person {id: $person})-[l:LIKES]->(:Message) WITH DISTINCT l.creationDate.year AS y RETURN count(y) AS years, min(y) AS first",
			"MATCH (:Person {id: $person})-[l:LIKES]->(:Message) WITH l.creationDate.year AS y ORDER BY y WITH collect(DISTINCT y) AS ys RETURN size(ys) AS years, ys[0] AS first",
			"MATCH (p:Person {id: $person}) WITH COLLECT { MATCH (p)-[l:LIKES]->(:Message) RETURN DISTINCT l.creationDate.year AS y ORDER BY y } AS ys RETURN size(ys) AS years, ys[0] AS first",
			"MATCH (:Person {id: $person})-[l:LIKES]->(:Message) WITH toInteger(left(toString(l.creationDate), 4)) AS y RETURN count(DISTINCT y) AS years, min(y) AS first",
		)},

		// Northwind.
		// Per category, the distinct discounts of its order lines and the
		// quantity sold: DISTINCT aggregates, collect(DISTINCT) sized, a
		// CALL { } per category that has order lines, per-product distinct
		// lists merged by a reduce() set union (IN compares 0 and 0.0 as
		// equal, as DISTINCT does).
		{"n-h10-discounts-distinct", "DISTINCT aggregates of relationship properties", Northwind, written(false,
			"MATCH (:Order)-[o:ORDERS]->(p:Product)-[:PART_OF]->(c:Category) RETURN c.categoryName AS cat, count(DISTINCT o.discount) AS discounts, sum(o.quantity) AS qty",
			"MATCH (:Order)-[o:ORDERS]->(p:Product)-[:PART_OF]->(c:Category) WITH c, collect(DISTINCT o.discount) AS ds, sum(o.quantity) AS qty RETURN c.categoryName AS cat, size(ds) AS discounts, qty",
			"MATCH (c:Category) WHERE EXISTS { (:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(c) } CALL { WITH c MATCH (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(c) RETURN count(DISTINCT o.discount) AS discounts, sum(o.quantity) AS qty } RETURN c.categoryName AS cat, discounts, qty",
			"MATCH (:Order)-[o:ORDERS]->(p:Product)-[:PART_OF]->(c:Category) WITH c, p, collect(DISTINCT o.discount) AS ds, sum(o.quantity) AS q WITH c, collect(ds) AS dss, sum(q) AS qty RETURN c.categoryName AS cat, size(reduce(acc = [], l IN dss | acc + [x IN l WHERE NOT x IN acc])) AS discounts, qty",
			"MATCH (c:Category)<-[:PART_OF]-(p:Product)<-[o:ORDERS]-(:Order) WITH DISTINCT c, o.discount AS d, o WITH c, count(DISTINCT d) AS discounts, sum(o.quantity) AS qty RETURN c.categoryName AS cat, discounts, qty",
		)},
		// Everyone under the boss at any depth: `+`, `*`, `{1,}` on a
		// group read from the boss, EXISTS of the path, shortestPath's
		// existence (the boss excluded), `*1..` from the boss.
		{"n-h10-reports-plus", "quantified path", Northwind, written(false,
			"MATCH (e:Employee)-[:REPORTS_TO]->+(:Employee {employeeID: $boss}) RETURN count(DISTINCT e) AS n",
			"MATCH (e:Employee)-[:REPORTS_TO*]->(:Employee {employeeID: $boss}) RETURN count(DISTINCT e) AS n",
			"MATCH (:Employee {employeeID: $boss}) (()<-[:REPORTS_TO]-()){1,} (e:Employee) RETURN count(DISTINCT e) AS n",
			"MATCH (e:Employee) WHERE EXISTS { (e)-[:REPORTS_TO]->+(:Employee {employeeID: $boss}) } RETURN count(e) AS n",
			"MATCH (e:Employee), (b:Employee {employeeID: $boss}) WHERE e <> b MATCH p = shortestPath((e)-[:REPORTS_TO*]->(b)) RETURN count(DISTINCT e) AS n",
			"MATCH (:Employee {employeeID: $boss})<-[:REPORTS_TO*1..]-(e:Employee) RETURN count(DISTINCT e) AS n",
		)},
		// Products per category whose name holds 'ch' in any case:
		// toLower and CONTAINS, a case-insensitive regular expression,
		// toUpper, any() over the words, the lower-cased name shortened by
		// replace(), the trimmed name.
		{"n-h10-name-contains", "regex vs CONTAINS", Northwind, written(false,
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WHERE toLower(p.productName) CONTAINS 'ch' RETURN c.categoryName AS cat, count(p) AS n",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WHERE p.productName =~ '(?is).*ch.*' RETURN c.categoryName AS cat, count(p) AS n",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WHERE toUpper(p.productName) CONTAINS 'CH' RETURN c.categoryName AS cat, count(p) AS n",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WHERE any(w IN split(toLower(p.productName), ' ') WHERE w CONTAINS 'ch') RETURN c.categoryName AS cat, count(p) AS n",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WITH c, p, toLower(p.productName) AS l WHERE size(l) > size(replace(l, 'ch', '')) RETURN c.categoryName AS cat, count(p) AS n",
			"MATCH (c:Category)<-[:PART_OF]-(p:Product) WHERE trim(toLower(p.productName)) CONTAINS 'ch' RETURN c.categoryName AS cat, count(*) AS n",
		)},

		// WN18RR.
		// Synsets two or more hypernym levels below the entity: `{2,}` on
		// the short form, `*2..`, `{2,}` on a group read from the entity,
		// the descendants of the grandchildren (a DAG: no relationship
		// repeats across the two clauses), EXISTS of the quantified path,
		// the proper descendants of the children.
		{"w-h10-hyponyms-deep", "quantified path", WordNet, written(false,
			"MATCH (h:Entity)-[:_hypernym]->{2,}(:Entity {id: $entity}) RETURN count(DISTINCT h) AS n",
			"MATCH (h:Entity)-[:_hypernym*2..]->(:Entity {id: $entity}) RETURN count(DISTINCT h) AS n",
			"MATCH (:Entity {id: $entity}) (()<-[:_hypernym]-()){2,} (h:Entity) RETURN count(DISTINCT h) AS n",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-()<-[:_hypernym]-(x) WITH DISTINCT x MATCH (h:Entity)-[:_hypernym*0..]->(x) RETURN count(DISTINCT h) AS n",
			"MATCH (h:Entity) WHERE EXISTS { (h)-[:_hypernym]->{2,}(:Entity {id: $entity}) } RETURN count(h) AS n",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(c) WITH DISTINCT c MATCH (h:Entity)-[:_hypernym]->+(c) RETURN count(DISTINCT h) AS n",
		)},
		// The entity's hyponyms whose definition opens with an article:
		// STARTS WITH, the first word of split() with a space present, an
		// anchored regular expression, left(), substring() of the first
		// word's length.
		{"w-h10-definition-article", "string functions", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE h.definition STARTS WITH 'a ' OR h.definition STARTS WITH 'an ' RETURN count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE split(h.definition, ' ')[0] IN ['a', 'an'] AND h.definition CONTAINS ' ' RETURN count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE h.definition =~ '(?s)an? .*' RETURN count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE left(h.definition, 2) = 'a ' OR left(h.definition, 3) = 'an ' RETURN count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h, split(h.definition, ' ')[0] AS w WHERE w IN ['a', 'an'] AND substring(h.definition, size(w), 1) = ' ' RETURN count(*) AS n",
		)},
		// Domain relationships into the topic per type: the type
		// disjunction, type() CONTAINS, a regular expression on type(), a
		// UNION ALL of the three, COUNT { } per listed type kept when not
		// zero, the conjunction of the other eight types negated.
		{"w-h10-domain-types", "label expressions", WordNet, written(false,
			"MATCH ()-[r:_synset_domain_topic_of|_member_of_domain_region|_member_of_domain_usage]->(:Entity {id: $topic}) RETURN type(r) AS t, count(*) AS n",
			"MATCH ()-[r]->(:Entity {id: $topic}) WHERE type(r) CONTAINS 'domain' RETURN type(r) AS t, count(*) AS n",
			"MATCH ()-[r]->(:Entity {id: $topic}) WHERE type(r) =~ '_.*domain.*' RETURN type(r) AS t, count(*) AS n",
			"CALL { MATCH ()-[r:_synset_domain_topic_of]->(:Entity {id: $topic}) RETURN type(r) AS t UNION ALL MATCH ()-[r:_member_of_domain_region]->(:Entity {id: $topic}) RETURN type(r) AS t UNION ALL MATCH ()-[r:_member_of_domain_usage]->(:Entity {id: $topic}) RETURN type(r) AS t } RETURN t, count(*) AS n",
			"MATCH (e:Entity {id: $topic}) UNWIND ['_synset_domain_topic_of', '_member_of_domain_region', '_member_of_domain_usage'] AS t WITH t, COUNT { MATCH ()-[r]->(e) WHERE type(r) = t } AS n WHERE n > 0 RETURN t, n",
			"MATCH ()-[r:!_hypernym&!_derivationally_related_form&!_member_meronym&!_has_part&!_instance_hypernym&!_also_see&!_verb_group&!_similar_to]->(:Entity {id: $topic}) RETURN type(r) AS t, count(*) AS n",
		)},
	}
}
