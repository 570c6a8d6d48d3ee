package metamorphic

// heldout18Questions are the eighteenth held-out round's kinds, where the
// seventeen earlier rounds were thin: the LET and FILTER clauses against
// WITH and WHERE; chained comparisons (1 <= x < 3) against conjunctions,
// IN of a range and the complement negated; dynamic labels and types
// ($('A'), $any([...]), $all([...])) against static label expressions and
// labels() tests; CALL with a variable scope clause (CALL (x) { },
// CALL (*) { }, CALL () { }) against CALL { WITH x }; the extended simple
// CASE (WHEN > 2, WHEN 1, 2, WHEN IS NULL) against searched CASE;
// conditional queries (WHEN ... THEN ... ELSE) against UNION ALL and
// flags; COUNT { } over a UNION body against the distinct count and
// inclusion-exclusion; aggregates over an empty match (one row, no
// grouping key); characters counted in strings (replace(), split(),
// substring() per position); integer powers (^ against products);
// the day of the year (ordinalDay against date arithmetic and a leap-year
// rule); list conversion functions (toStringList(), toIntegerList(),
// toFloatList(), toBooleanList()); nodes of at least two of three labels;
// the number of distinct relationship types per node; nodes with equal
// neighbour sets (twins); the deepest level of a hierarchy; row numbers
// and dense ranks within groups; parallel relationships collapsed per
// pair; missing values counted per group; boolean aggregates (max() and
// min() of a comparison) against counts; the DIFFERENT RELATIONSHIPS
// match mode written out.
func heldout18Questions() []Question {
	return []Question{
		// Generic graphs.
		// Per string of A nodes, the squared key differences along R and
		// their count (null differences skipped): LET twice, LET of two
		// bindings the second reading the first, WITH twice, the
		// expression inline, LET inside CALL (a) { }.
		{"g-h18-let-bindings", "LET clause against WITH", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) LET d = b.k - a.k LET sq = d * d RETURN a.s AS s, sum(sq) AS t, count(d) AS c",
			"MATCH (a:A)-[:R]->(b) LET d = b.k - a.k, sq = d * d RETURN a.s AS s, sum(sq) AS t, count(d) AS c",
			"MATCH (a:A)-[:R]->(b) WITH a, b, b.k - a.k AS d WITH a, d, d * d AS sq RETURN a.s AS s, sum(sq) AS t, count(d) AS c",
			"MATCH (a:A)-[:R]->(b) RETURN a.s AS s, sum((b.k - a.k) * (b.k - a.k)) AS t, count(b.k - a.k) AS c",
			"MATCH (a:A) CALL (a) { MATCH (a)-[:R]->(b) LET d = b.k - a.k RETURN d } RETURN a.s AS s, sum(d * d) AS t, count(d) AS c",
		)},
		// R links of weight above one into nodes with a key, per key: the
		// FILTER clause, WHERE, inline WHERE in the node and relationship
		// patterns, WITH * WHERE then FILTER, two FILTER clauses, FILTER
		// WHERE.
		{"g-h18-filter-clause", "FILTER clause against WHERE", Generic, written(false,
			"MATCH (a:A)-[r:R]->(b) FILTER r.w > 1 AND b.k IS NOT NULL RETURN b.k AS k, count(*) AS n",
			"MATCH (a:A)-[r:R]->(b) WHERE r.w > 1 AND b.k IS NOT NULL RETURN b.k AS k, count(*) AS n",
			"MATCH (a:A)-[r:R WHERE r.w > 1]->(b WHERE b.k IS NOT NULL) RETURN b.k AS k, count(*) AS n",
			"MATCH (a:A)-[r:R]->(b) WITH * WHERE r.w > 1 FILTER b.k IS NOT NULL RETURN b.k AS k, count(*) AS n",
			"MATCH (a:A)-[r:R]->(b) FILTER r.w > 1 FILTER WHERE b.k IS NOT NULL RETURN b.k AS k, count(*) AS n",
		)},
		// A nodes with more than one R out-link, per string, and their
		// most links: FILTER after the aggregating WITH, WITH ... WHERE,
		// LET of COUNT { } then FILTER, FILTER on COUNT { } directly.
		{"g-h18-filter-aggregate", "FILTER clause against WHERE", Generic, written(false,
			"MATCH (a:A)-[:R]->() WITH a, count(*) AS d FILTER d > 1 RETURN a.s AS s, count(*) AS n, max(d) AS top",
			"MATCH (a:A)-[:R]->() WITH a, count(*) AS d WHERE d > 1 RETURN a.s AS s, count(*) AS n, max(d) AS top",
			"MATCH (a:A) LET d = COUNT { (a)-[:R]->() } FILTER d > 1 RETURN a.s AS s, count(*) AS n, max(d) AS top",
			"MATCH (a:A) FILTER COUNT { (a)-[:R]->() } > 1 RETURN a.s AS s, count(*) AS n, max(COUNT { (a)-[:R]->() }) AS top",
		)},
		// R links from a node of key above zero to a node of key at least
		// the start's and below four: the chained comparison, its
		// conjunction, the flipped comparisons, IN of ranges, the start's
		// key unwound into an inline map, the complement negated.
		{"g-h18-chained-comparisons", "chained comparisons", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WHERE 0 < a.k <= b.k < 4 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE 0 < a.k AND a.k <= b.k AND b.k < 4 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE a.k > 0 AND b.k >= a.k AND 4 > b.k RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE a.k IN range(1, 3) AND b.k IN range(a.k, 3) RETURN a.s AS s, count(*) AS n",
			"UNWIND range(1, 3) AS x MATCH (a:A {k: x})-[:R]->(b) WHERE x <= b.k < 4 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE NOT (a.k <= 0 OR b.k < a.k OR b.k >= 4) RETURN a.s AS s, count(*) AS n",
		)},
		// R or S links from A&B nodes into B or C nodes, per type: static
		// label and type expressions, $all() and $any() of literal lists,
		// dynamic labels in WHERE, labels() and type() tests, a UNION ALL
		// of the two types.
		{"g-h18-dynamic-labels", "dynamic labels and types", Generic, written(false,
			"MATCH (a:A&B)-[r:R|S]->(b:B|C) RETURN type(r) AS t, count(*) AS n",
			"MATCH (a:$all(['A', 'B']))-[r:$any(['R', 'S'])]->(b:$any(['B', 'C'])) RETURN type(r) AS t, count(*) AS n",
			"MATCH (a)-[r]->(b) WHERE a:$('A') AND a:$('B') AND (b:$('B') OR b:$('C')) AND type(r) IN ['R', 'S'] RETURN type(r) AS t, count(*) AS n",
			"MATCH (a)-[r]->(b) WHERE all(l IN ['A', 'B'] WHERE l IN labels(a)) AND any(l IN ['B', 'C'] WHERE l IN labels(b)) AND type(r) IN ['R', 'S'] RETURN type(r) AS t, count(*) AS n",
			"CALL { MATCH (a:A&B)-[r:$('R')]->(b:B|C) RETURN r UNION ALL MATCH (a:A&B)-[r:$('S')]->(b:B|C) RETURN r } RETURN type(r) AS t, count(*) AS n",
		)},
		// Per string of A nodes, the R out-links and the greatest key at
		// their ends: CALL (a) { }, CALL { WITH a }, CALL (*) { }, OPTIONAL
		// MATCH counted (a sum of per-node counts is the count of all
		// rows, a maximum of maxima the maximum).
		{"g-h18-call-scope", "CALL with a variable scope clause", Generic, written(false,
			"MATCH (a:A) CALL (a) { MATCH (a)-[:R]->(b) RETURN count(b) AS d, max(b.k) AS top } RETURN a.s AS s, sum(d) AS d, max(top) AS top",
			"MATCH (a:A) CALL { WITH a MATCH (a)-[:R]->(b) RETURN count(b) AS d, max(b.k) AS top } RETURN a.s AS s, sum(d) AS d, max(top) AS top",
			"MATCH (a:A) CALL (*) { MATCH (a)-[:R]->(b) RETURN count(b) AS d, max(b.k) AS top } RETURN a.s AS s, sum(d) AS d, max(top) AS top",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) RETURN a.s AS s, count(b) AS d, max(b.k) AS top",
			"MATCH (a:A) RETURN a.s AS s, sum(COUNT { (a)-[:R]->() }) AS d, max(COLLECT { MATCH (a)-[:R]->(b) RETURN max(b.k) AS m }[0]) AS top",
		)},
		// Per string, the A nodes and their share of all B nodes in
		// percent (none when there is no B node): an uncorrelated CALL ()
		// { }, the B count first, COUNT { } in the expression, CALL { }
		// without a scope clause.
		{"g-h18-call-unit-scope", "CALL with a variable scope clause", Generic, written(false,
			"MATCH (a:A) CALL () { MATCH (x:B) RETURN count(x) AS nb } WITH a.s AS s, count(*) AS c, nb WHERE nb > 0 RETURN s, c, c * 100 / nb AS pct",
			"MATCH (x:B) WITH count(x) AS nb WHERE nb > 0 MATCH (a:A) WITH a.s AS s, count(*) AS c, nb RETURN s, c, c * 100 / nb AS pct",
			"MATCH (a:A) WITH a.s AS s, count(*) AS c WITH s, c, COUNT { MATCH (x:B) } AS nb WHERE nb > 0 RETURN s, c, c * 100 / nb AS pct",
			"MATCH (a:A) CALL { MATCH (x:B) RETURN count(x) AS nb } WITH a.s AS s, count(*) AS c, nb WHERE nb > 0 RETURN s, c, c * 100 / nb AS pct",
		)},
		// A nodes per band of key: the extended simple CASE (a list of
		// values, a comparison), the searched CASE, the extended CASE with
		// IS NULL and ordered comparisons, a list of bands indexed by the
		// key (keys are 0 to 4).
		{"g-h18-extended-case", "extended simple CASE", Generic, written(false,
			"MATCH (n:A) RETURN CASE n.k WHEN 0 THEN 'zero' WHEN 1, 2 THEN 'low' WHEN > 2 THEN 'high' ELSE 'none' END AS band, count(*) AS c",
			"MATCH (n:A) RETURN CASE WHEN n.k = 0 THEN 'zero' WHEN n.k IN [1, 2] THEN 'low' WHEN n.k > 2 THEN 'high' ELSE 'none' END AS band, count(*) AS c",
			"MATCH (n:A) RETURN CASE n.k WHEN IS NULL THEN 'none' WHEN < 1 THEN 'zero' WHEN <= 2 THEN 'low' ELSE 'high' END AS band, count(*) AS c",
			"MATCH (n:A) RETURN CASE WHEN n.k IS NULL THEN 'none' ELSE ['zero', 'low', 'low', 'high', 'high'][n.k] END AS band, count(*) AS c",
			"MATCH (n:A) WITH n.k AS k, count(*) AS c RETURN CASE k WHEN 0 THEN 'zero' WHEN 1, 2 THEN 'low' WHEN > 2 THEN 'high' ELSE 'none' END AS band, sum(c) AS c",
		)},
		// Keys at the ends of the $a nodes' S links when some $a node has
		// one, else of their R links: a conditional query (WHEN ... THEN
		// ... ELSE), a UNION ALL whose second branch is guarded by NOT
		// EXISTS { }, a flag from OPTIONAL MATCH, a flag from COUNT { }
		// read against the relationship's type.
		{"g-h18-conditional-query", "conditional queries", Generic, written(false,
			"WHEN EXISTS { MATCH ({id: $a})-[:S]->() } THEN MATCH ({id: $a})-[:S]->(b) RETURN b.k AS k, count(*) AS n ELSE MATCH ({id: $a})-[:R]->(b) RETURN b.k AS k, count(*) AS n",
			"CALL { MATCH ({id: $a})-[:S]->(b) RETURN b UNION ALL MATCH ({id: $a})-[:R]->(b) WHERE NOT EXISTS { MATCH ({id: $a})-[:S]->() } RETURN b } RETURN b.k AS k, count(*) AS n",
			"OPTIONAL MATCH (x {id: $a})-[:S]->() WITH count(x) > 0 AS useS MATCH ({id: $a})-[r]->(b) WHERE (useS AND type(r) = 'S') OR (NOT useS AND type(r) = 'R') RETURN b.k AS k, count(*) AS n",
			"WITH COUNT { MATCH ({id: $a})-[:S]->() } > 0 AS useS MATCH ({id: $a})-[r:R|S]->(b) WHERE (type(r) = 'S') = useS RETURN b.k AS k, count(*) AS n",
		)},
		// Per A node, its distinct R or S out-neighbours: COUNT { } of a
		// UNION, size() of COLLECT { } of the UNION, OPTIONAL MATCH of the
		// type disjunction counted DISTINCT, inclusion-exclusion of
		// COUNT { } with RETURN DISTINCT, CALL (a) { } of the UNION with a
		// null branch.
		{"g-h18-count-union-body", "COUNT over a UNION body", Generic, written(false,
			"MATCH (a:A) RETURN a.id AS id, COUNT { MATCH (a)-[:R]->(x) RETURN x UNION MATCH (a)-[:S]->(x) RETURN x } AS n",
			"MATCH (a:A) RETURN a.id AS id, size(COLLECT { MATCH (a)-[:R]->(x) RETURN x UNION MATCH (a)-[:S]->(x) RETURN x }) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R|S]->(x) WITH a, count(DISTINCT x) AS n RETURN a.id AS id, n",
			"MATCH (a:A) RETURN a.id AS id, COUNT { MATCH (a)-[:R]->(x) RETURN DISTINCT x } + COUNT { MATCH (a)-[:S]->(x) RETURN DISTINCT x } - COUNT { MATCH (a)-[:R]->(x) WHERE (a)-[:S]->(x) RETURN DISTINCT x } AS n",
			"MATCH (a:A) CALL (a) { MATCH (a)-[:R]->(x) RETURN x UNION MATCH (a)-[:S]->(x) RETURN x UNION RETURN null AS x } WITH a, count(x) AS n RETURN a.id AS id, n",
		)},
		// Aggregates of the keys at the ends of R links between nodes of
		// key 4 (no grouping key: one row even when none matches, with
		// counts 0 and a null minimum and mean): the aggregation itself,
		// OPTIONAL MATCH counted by the end, CALL { } returning the rows,
		// CALL { } aggregating, the keys collected first.
		{"g-h18-empty-aggregates", "aggregates over an empty match", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WHERE a.k = 4 AND b.k > 3 RETURN count(*) AS c, count(b.s) AS ns, sum(b.k) AS t, min(b.s) AS lo, avg(b.k) AS m, size(collect(DISTINCT b.s)) AS d",
			"OPTIONAL MATCH (a:A)-[:R]->(b) WHERE a.k = 4 AND b.k > 3 RETURN count(b) AS c, count(b.s) AS ns, sum(b.k) AS t, min(b.s) AS lo, avg(b.k) AS m, size(collect(DISTINCT b.s)) AS d",
			"CALL { MATCH (a:A)-[:R]->(b) WHERE a.k = 4 AND b.k > 3 RETURN b } RETURN count(*) AS c, count(b.s) AS ns, sum(b.k) AS t, min(b.s) AS lo, avg(b.k) AS m, size(collect(DISTINCT b.s)) AS d",
			"CALL { MATCH (a:A)-[:R]->(b) WHERE a.k = 4 AND b.k > 3 RETURN count(*) AS c, count(b.s) AS ns, sum(b.k) AS t, min(b.s) AS lo, avg(b.k) AS m, collect(DISTINCT b.s) AS ds } RETURN c, ns, t, lo, m, size(ds) AS d",
			"MATCH (a:A)-[:R]->(b) WHERE a.k = 4 AND b.k > 3 WITH collect(b) AS bs RETURN size(bs) AS c, size([x IN bs WHERE x.s IS NOT NULL]) AS ns, reduce(t = 0, x IN bs | t + x.k) AS t, reduce(m = null, x IN bs | CASE WHEN m IS NULL OR x.s < m THEN coalesce(x.s, m) ELSE m END) AS lo, CASE WHEN size(bs) = 0 THEN null ELSE toFloat(reduce(t = 0, x IN bs | t + x.k)) / size(bs) END AS m, size(reduce(d = [], x IN bs | CASE WHEN x.s IS NULL OR x.s IN d THEN d ELSE d + x.s END)) AS d",
		)},
		// A nodes per two to the power of the key: ^ truncated to an
		// integer, a product by reduce() (null kept), a list of powers
		// indexed, a simple CASE, the key's bits shifted by products.
		{"g-h18-powers", "integer powers", Generic, written(false,
			"MATCH (n:A) RETURN toInteger(2 ^ n.k) AS p, count(*) AS c",
			"MATCH (n:A) RETURN CASE WHEN n.k IS NULL THEN null ELSE reduce(x = 1, i IN range(1, n.k) | x * 2) END AS p, count(*) AS c",
			"MATCH (n:A) RETURN [1, 2, 4, 8, 16][n.k] AS p, count(*) AS c",
			"MATCH (n:A) RETURN CASE n.k WHEN 0 THEN 1 WHEN 1 THEN 2 WHEN 2 THEN 4 WHEN 3 THEN 8 WHEN 4 THEN 16 END AS p, count(*) AS c",
			"MATCH (n:A) WITH n.k AS k, count(*) AS c RETURN toInteger(round(exp(k * log(2)))) AS p, sum(c) AS c",
		)},
		// Per A node, its R out-neighbours with a key and the sum of the
		// keys, through list conversions: toStringList() and
		// toIntegerList() of the keys, COUNT { } and reduce(), OPTIONAL
		// MATCH aggregated, toFloatList() and toBooleanList() of strings
		// and tests.
		{"g-h18-list-conversions", "list conversion functions", Generic, written(false,
			"MATCH (a:A) WITH a, [(a)-[:R]->(b) | b.k] AS ks RETURN a.id AS id, size([x IN toStringList(ks) WHERE x IS NOT NULL]) AS present, reduce(t = 0, x IN toIntegerList(toStringList(ks)) | t + coalesce(x, 0)) AS total",
			"MATCH (a:A) RETURN a.id AS id, COUNT { (a)-[:R]->(b) WHERE b.k IS NOT NULL } AS present, reduce(t = 0, x IN [(a)-[:R]->(b) | b.k] | t + coalesce(x, 0)) AS total",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WITH a, count(b.k) AS present, sum(b.k) AS total RETURN a.id AS id, present, total",
			"MATCH (a:A) WITH a, [(a)-[:R]->(b) | toString(b.k)] AS ss RETURN a.id AS id, size([x IN toBooleanList([s IN ss | s IS NOT NULL]) WHERE x]) AS present, toInteger(reduce(t = 0.0, x IN toFloatList(ss) | t + coalesce(x, 0.0))) AS total",
		)},
		// Nodes with at least two of the labels A, B and C (the graphs
		// have no other): the labels counted by a comprehension, OR of
		// conjunctions, summed CASE, size(labels()), a UNION of the three
		// pairs, not exactly one, a program of the three pairs.
		{"g-h18-label-counts", "nodes of at least two of three labels", Generic, written(false,
			"MATCH (n) WHERE size([l IN ['A', 'B', 'C'] WHERE l IN labels(n)]) >= 2 RETURN count(*) AS n",
			"MATCH (n) WHERE n:A&B OR n:A&C OR n:B&C RETURN count(*) AS n",
			"MATCH (n) WHERE CASE WHEN n:A THEN 1 ELSE 0 END + CASE WHEN n:B THEN 1 ELSE 0 END + CASE WHEN n:C THEN 1 ELSE 0 END >= 2 RETURN count(*) AS n",
			"MATCH (n) WHERE size(labels(n)) >= 2 RETURN count(*) AS n",
			"CALL { MATCH (n:A&B) RETURN n UNION MATCH (n:A&C) RETURN n UNION MATCH (n:B&C) RETURN n } RETURN count(*) AS n",
			"MATCH (n:A|B|C) WHERE NOT (n:A&!B&!C OR n:B&!A&!C OR n:C&!A&!B) RETURN count(*) AS n",
			programForm(union("MATCH (n:A&B) RETURN n"), union("MATCH (n:A&C) RETURN n"), union("MATCH (n:B&C) RETURN n")),
		)},
		// A nodes per number of distinct types of their out-links (types
		// are R, S and T): count(DISTINCT type(r)), EXISTS per type
		// summed, reduce() making the types distinct, COUNT { } of
		// RETURN DISTINCT, collect(DISTINCT).
		{"g-h18-type-variety", "distinct relationship types per node", Generic, written(false,
			"MATCH (a:A)-[r]->() WITH a, count(DISTINCT type(r)) AS t RETURN t, count(*) AS n",
			"MATCH (a:A) WITH a, CASE WHEN EXISTS { (a)-[:R]->() } THEN 1 ELSE 0 END + CASE WHEN (a)-[:S]->() THEN 1 ELSE 0 END + CASE WHEN (a)-[:T]->() THEN 1 ELSE 0 END AS t WHERE t > 0 RETURN t, count(*) AS n",
			"MATCH (a:A) WITH a, size(reduce(d = [], x IN [(a)-[r]->() | type(r)] | CASE WHEN x IN d THEN d ELSE d + x END)) AS t WHERE t > 0 RETURN t, count(*) AS n",
			"MATCH (a:A) WITH a, COUNT { MATCH (a)-[r]->() RETURN DISTINCT type(r) } AS t WHERE t > 0 RETURN t, count(*) AS n",
			"MATCH (a:A)-[r]->() WITH a, collect(DISTINCT type(r)) AS ts RETURN size(ts) AS t, count(*) AS n",
		)},
		// Pairs of A nodes (by increasing id) with the same non-empty set
		// of R out-neighbours: two NOT EXISTS { } of a neighbour the other
		// lacks, the sorted distinct neighbour lists equal, equal distinct
		// counts both matched by the common neighbours, all() over
		// collected lists of one size.
		{"g-h18-twins", "nodes with equal neighbour sets", Generic, written(false,
			"MATCH (a:A), (b:A) WHERE a.id < b.id AND EXISTS { (a)-[:R]->() } AND NOT EXISTS { MATCH (a)-[:R]->(x) WHERE NOT (b)-[:R]->(x) } AND NOT EXISTS { MATCH (b)-[:R]->(x) WHERE NOT (a)-[:R]->(x) } RETURN a.id AS x, b.id AS y",
			"MATCH (a:A)-[:R]->(x) WITH a, x ORDER BY id(x) WITH a, collect(DISTINCT id(x)) AS ns MATCH (b:A)-[:R]->(y) WHERE a.id < b.id WITH a, ns, b, y ORDER BY id(y) WITH a, ns, b, collect(DISTINCT id(y)) AS ms WHERE ns = ms RETURN a.id AS x, b.id AS y",
			"MATCH (a:A), (b:A) WHERE a.id < b.id WITH a, b, COUNT { MATCH (a)-[:R]->(x) RETURN DISTINCT x } AS da, COUNT { MATCH (b)-[:R]->(x) RETURN DISTINCT x } AS db WHERE da > 0 AND da = db AND COUNT { MATCH (a)-[:R]->(x)<-[:R]-(b) RETURN DISTINCT x } = da RETURN a.id AS x, b.id AS y",
			"MATCH (a:A)-[:R]->(x) WITH a, collect(DISTINCT x) AS na MATCH (b:A)-[:R]->(y) WHERE a.id < b.id WITH a, na, b, collect(DISTINCT y) AS nb WHERE size(na) = size(nb) AND all(x IN na WHERE x IN nb) RETURN a.id AS x, b.id AS y",
		)},
		// A nodes numbered within their string by key then id (nulls
		// last; equal keys and ids give equal rows whichever is first):
		// the ordered pairs collected and their index range unwound, maps
		// collected and numbered from one, reduce() numbering the ordered
		// nodes, CALL (s) { } per string (a null string its own group).
		{"g-h18-row-numbers", "row numbers within groups", Generic, written(false,
			"MATCH (n:A) WITH n ORDER BY n.k, n.id WITH n.s AS s, collect([n.k, n.id]) AS rows UNWIND range(0, size(rows) - 1) AS i RETURN s, rows[i][0] AS k, rows[i][1] AS id, i + 1 AS rn",
			"MATCH (n:A) WITH n.s AS s, n.k AS k, n.id AS id ORDER BY k, id WITH s, collect({k: k, id: id}) AS rows UNWIND range(1, size(rows)) AS rn RETURN s, rows[rn - 1].k AS k, rows[rn - 1].id AS id, rn",
			"MATCH (n:A) WITH n ORDER BY n.k, n.id WITH n.s AS s, collect(n) AS ns UNWIND reduce(acc = [], x IN ns | acc + [[x.k, x.id, size(acc) + 1]]) AS r RETURN s, r[0] AS k, r[1] AS id, r[2] AS rn",
			"MATCH (n:A) WITH DISTINCT n.s AS s CALL (s) { MATCH (m:A) WHERE m.s = s OR (m.s IS NULL AND s IS NULL) WITH m ORDER BY m.k, m.id RETURN collect([m.k, m.id]) AS rows } UNWIND range(0, size(rows) - 1) AS i RETURN s, rows[i][0] AS k, rows[i][1] AS id, i + 1 AS rn",
		)},
		// A nodes with a key and the dense rank of the key among the A
		// nodes' keys: the smaller distinct keys counted in a collected
		// list, COUNT { } of smaller distinct keys, the ordered distinct
		// keys indexed and matched back, OPTIONAL MATCH of smaller keys
		// counted DISTINCT.
		{"g-h18-dense-rank", "dense ranks", Generic, written(false,
			"MATCH (n:A) WHERE n.k IS NOT NULL WITH collect(DISTINCT n.k) AS ks MATCH (n:A) WHERE n.k IS NOT NULL RETURN n.id AS id, size([x IN ks WHERE x < n.k]) + 1 AS rank",
			"MATCH (n:A) WHERE n.k IS NOT NULL RETURN n.id AS id, COUNT { MATCH (m:A) WHERE m.k < n.k RETURN DISTINCT m.k } + 1 AS rank",
			"MATCH (n:A) WHERE n.k IS NOT NULL WITH DISTINCT n.k AS k ORDER BY k WITH collect(k) AS ks UNWIND range(0, size(ks) - 1) AS i MATCH (n:A {k: ks[i]}) RETURN n.id AS id, i + 1 AS rank",
			"MATCH (n:A) WHERE n.k IS NOT NULL OPTIONAL MATCH (m:A) WHERE m.k < n.k WITH n, count(DISTINCT m.k) AS below RETURN n.id AS id, below + 1 AS rank",
		)},
		// Per string of A nodes, the pairs linked by R (parallel links
		// once): WITH DISTINCT, count(DISTINCT) of the pair, a pattern
		// predicate over the cartesian product, COUNT { } of distinct
		// ends summed, collect(DISTINCT) sizes summed, the first link of
		// each pair by elementId().
		{"g-h18-multi-edges", "parallel relationships collapsed per pair", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WITH DISTINCT a, b RETURN a.s AS s, count(*) AS pairs",
			"MATCH (a:A)-[:R]->(b) RETURN a.s AS s, count(DISTINCT [id(a), id(b)]) AS pairs",
			"MATCH (a:A), (b) WHERE (a)-[:R]->(b) RETURN a.s AS s, count(*) AS pairs",
			"MATCH (a:A) WITH a, COUNT { MATCH (a)-[:R]->(b) RETURN DISTINCT b } AS d WHERE d > 0 RETURN a.s AS s, sum(d) AS pairs",
			"MATCH (a:A)-[:R]->(b) WITH a, collect(DISTINCT b) AS bs RETURN a.s AS s, sum(size(bs)) AS pairs",
			"MATCH (a:A)-[r:R]->(b) WHERE NOT EXISTS { MATCH (a)-[q:R]->(b) WHERE elementId(q) < elementId(r) } RETURN a.s AS s, count(*) AS pairs",
		)},
		// Per string of A nodes, those without a key and with one:
		// count(*) less count(), CASE summed, CASE counted, comprehensions
		// over the collected nodes, the collected keys' size, a UNION ALL
		// of the two kinds flagged.
		{"g-h18-missing-counts", "missing values counted per group", Generic, written(false,
			"MATCH (n:A) RETURN n.s AS s, count(*) - count(n.k) AS missing, count(n.k) AS present",
			"MATCH (n:A) RETURN n.s AS s, sum(CASE WHEN n.k IS NULL THEN 1 ELSE 0 END) AS missing, sum(CASE WHEN n.k IS NULL THEN 0 ELSE 1 END) AS present",
			"MATCH (n:A) RETURN n.s AS s, count(CASE WHEN n.k IS NULL THEN 1 END) AS missing, count(CASE WHEN n.k IS NOT NULL THEN 1 END) AS present",
			"MATCH (n:A) WITH n.s AS s, collect(n) AS ns RETURN s, size([x IN ns WHERE x.k IS NULL]) AS missing, size([x IN ns WHERE x.k IS NOT NULL]) AS present",
			"MATCH (n:A) WITH n.s AS s, collect(n.k) AS ks, count(*) AS c RETURN s, c - size(ks) AS missing, size(ks) AS present",
			"CALL { MATCH (n:A) WHERE n.k IS NULL RETURN n.s AS s, 1 AS miss UNION ALL MATCH (n:A) WHERE n.k IS NOT NULL RETURN n.s AS s, 0 AS miss } RETURN s, sum(miss) AS missing, count(*) - sum(miss) AS present",
		)},
		// Per string of A nodes, whether any and whether all keys are
		// above two (null when no node has a key): max() and min() of the
		// comparison, counts of the cases, any() and all() over the
		// collected keys, reduce() of OR and AND over the collected tests.
		{"g-h18-bool-aggregates", "boolean aggregates", Generic, written(false,
			"MATCH (n:A) RETURN n.s AS s, max(n.k > 2) AS anyHigh, min(n.k > 2) AS allHigh",
			"MATCH (n:A) RETURN n.s AS s, CASE WHEN count(n.k) = 0 THEN null ELSE count(CASE WHEN n.k > 2 THEN 1 END) > 0 END AS anyHigh, CASE WHEN count(n.k) = 0 THEN null ELSE count(CASE WHEN n.k <= 2 THEN 1 END) = 0 END AS allHigh",
			"MATCH (n:A) WITH n.s AS s, collect(n.k) AS ks RETURN s, CASE WHEN size(ks) = 0 THEN null ELSE any(x IN ks WHERE x > 2) END AS anyHigh, CASE WHEN size(ks) = 0 THEN null ELSE all(x IN ks WHERE x > 2) END AS allHigh",
			"MATCH (n:A) WITH n.s AS s, collect(n.k > 2) AS hs RETURN s, reduce(b = null, x IN hs | CASE WHEN b IS NULL THEN x ELSE b OR x END) AS anyHigh, reduce(b = null, x IN hs | CASE WHEN b IS NULL THEN x ELSE b AND x END) AS allHigh",
		)},
		// Walks of two R links out of the $a nodes using two different
		// links, per key of the end: the DIFFERENT RELATIONSHIPS match
		// mode, the default mode, two patterns of one MATCH, two MATCH
		// clauses with the links unequal, the TRAIL path mode.
		{"g-h18-different-relationships", "the DIFFERENT RELATIONSHIPS match mode", Generic, written(false,
			"MATCH DIFFERENT RELATIONSHIPS ({id: $a})-[:R]->(m)-[:R]->(c) RETURN c.k AS k, count(*) AS n",
			"MATCH ({id: $a})-[:R]->(m)-[:R]->(c) RETURN c.k AS k, count(*) AS n",
			"MATCH ({id: $a})-[r1:R]->(m), (m)-[r2:R]->(c) RETURN c.k AS k, count(*) AS n",
			"MATCH ({id: $a})-[r1:R]->(m) MATCH (m)-[r2:R]->(c) WHERE r1 <> r2 RETURN c.k AS k, count(*) AS n",
			"MATCH TRAIL ({id: $a})-[:R]->{2}(c) RETURN c.k AS k, count(*) AS n",
		)},

		// Users schema.
		// The hub's out-neighbours with at least ten out-links and the
		// most: LET of COUNT { } then FILTER, WITH ... WHERE, FILTER on
		// COUNT { } directly, CALL (v) { } counted then FILTER.
		{"u-h18-filter-clause", "FILTER clause against WHERE", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) LET d = COUNT { (v)-->() } FILTER d >= 10 RETURN count(*) AS n, max(d) AS top",
			"MATCH (:User {id: $hub})-->(v) WITH v, COUNT { (v)-->() } AS d WHERE d >= 10 RETURN count(*) AS n, max(d) AS top",
			"MATCH (:User {id: $hub})-->(v) FILTER COUNT { (v)-->() } >= 10 RETURN count(*) AS n, max(COUNT { (v)-->() }) AS top",
			"MATCH (:User {id: $hub})-->(v) CALL (v) { MATCH (v)-->(w) RETURN count(w) AS d } FILTER d >= 10 RETURN count(*) AS n, max(d) AS top",
		)},
		// Links from the hub to users of id 100 to 999: the chained
		// comparison, the conjunction, flipped, IN of a range, the
		// complement negated, integer division.
		{"u-h18-chained-comparisons", "chained comparisons", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WHERE 100 <= v.id < 1000 RETURN count(*) AS n, min(v.id) AS lo",
			"MATCH (:User {id: $hub})-->(v) WHERE 100 <= v.id AND v.id < 1000 RETURN count(*) AS n, min(v.id) AS lo",
			"MATCH (:User {id: $hub})-->(v) WHERE 1000 > v.id >= 100 RETURN count(*) AS n, min(v.id) AS lo",
			"MATCH (:User {id: $hub})-->(v) WHERE v.id IN range(100, 999) RETURN count(*) AS n, min(v.id) AS lo",
			"MATCH (:User {id: $hub})-->(v) WHERE NOT (v.id < 100 OR v.id >= 1000) RETURN count(*) AS n, min(v.id) AS lo",
		)},
		// Users linked to or from the hub (each once): COUNT { } of a
		// UNION, an undirected pattern counted DISTINCT, inclusion-
		// exclusion of the two directions, size() of COLLECT { } of the
		// UNION, a program of the two directions.
		{"u-h18-count-union-body", "COUNT over a UNION body", Users, written(false,
			"MATCH (h:User {id: $hub}) RETURN COUNT { MATCH (h)-->(x) RETURN x UNION MATCH (h)<--(x) RETURN x } AS n",
			"MATCH (h:User {id: $hub}) OPTIONAL MATCH (h)--(x) RETURN count(DISTINCT x) AS n",
			"MATCH (h:User {id: $hub}) RETURN COUNT { MATCH (h)-->(x) RETURN DISTINCT x } + COUNT { MATCH (h)<--(x) RETURN DISTINCT x } - COUNT { MATCH (h)-->(x) WHERE (x)-->(h) RETURN DISTINCT x } AS n",
			"MATCH (h:User {id: $hub}) RETURN size(COLLECT { MATCH (h)-->(x) RETURN x UNION MATCH (h)<--(x) RETURN x }) AS n",
			programForm(union("MATCH (:User {id: $hub})-->(x) RETURN x"), union("MATCH (:User {id: $hub})<--(x) RETURN x")),
		)},
		// The hub's out-neighbours' out-links summed and their largest
		// count: CALL (v) { }, CALL { WITH v }, COUNT { } per neighbour,
		// OPTIONAL MATCH counted per neighbour.
		{"u-h18-call-scope", "CALL with a variable scope clause", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) CALL (v) { MATCH (v)-->(w) RETURN count(w) AS d } RETURN sum(d) AS total, max(d) AS top",
			"MATCH (:User {id: $hub})-->(v) CALL { WITH v MATCH (v)-->(w) RETURN count(w) AS d } RETURN sum(d) AS total, max(d) AS top",
			"MATCH (:User {id: $hub})-->(v) WITH COUNT { (v)-->() } AS d RETURN sum(d) AS total, max(d) AS top",
			"MATCH (:User {id: $hub})-[e]->(v) OPTIONAL MATCH (v)-[f]->() WITH e, count(f) AS d RETURN sum(d) AS total, max(d) AS top",
		)},
		// The hub's out-neighbours with an out-link back to the hub:
		// static labels and type, dynamic ones of literals, $any() and
		// $all() lists, labels() and type() tests.
		{"u-h18-dynamic-labels", "dynamic labels and types", Users, written(false,
			"MATCH (h:User {id: $hub})-[:LINKS]->(v:User) WHERE (v)-[:LINKS]->(h) RETURN count(*) AS n",
			"MATCH (h:$('User') {id: $hub})-[:$('LINKS')]->(v:$('User')) WHERE (v)-[:$('LINKS')]->(h) RETURN count(*) AS n",
			"MATCH (h:$all(['User']) {id: $hub})-[:$any(['LINKS'])]->(v:$any(['User'])) WHERE EXISTS { (v)-[:LINKS]->(h) } RETURN count(*) AS n",
			"MATCH (h {id: $hub})-[r]->(v) WHERE 'User' IN labels(h) AND 'User' IN labels(v) AND type(r) = 'LINKS' AND EXISTS { MATCH (v)-[q]->(h) WHERE type(q) = 'LINKS' } RETURN count(*) AS n",
		)},
		// Aggregates of the hub's out-neighbours of id above a billion
		// (none: one row of zero counts and null extremes): the
		// aggregation, OPTIONAL MATCH counted by the end, CALL { }
		// aggregating, the ids collected first.
		{"u-h18-empty-aggregates", "aggregates over an empty match", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WHERE v.id > 1000000000 RETURN count(*) AS c, sum(v.id) AS t, min(v.id) AS lo, max(v.id) AS hi, avg(v.id) AS m",
			"OPTIONAL MATCH (:User {id: $hub})-->(v) WHERE v.id > 1000000000 RETURN count(v) AS c, sum(v.id) AS t, min(v.id) AS lo, max(v.id) AS hi, avg(v.id) AS m",
			"CALL { MATCH (:User {id: $hub})-->(v) WHERE v.id > 1000000000 RETURN count(*) AS c, sum(v.id) AS t, min(v.id) AS lo, max(v.id) AS hi, avg(v.id) AS m } RETURN c, t, lo, hi, m",
			"MATCH (:User {id: $hub})-->(v) WHERE v.id > 1000000000 WITH collect(v.id) AS ids RETURN size(ids) AS c, reduce(t = 0, x IN ids | t + x) AS t, CASE WHEN size(ids) = 0 THEN null ELSE reduce(m = ids[0], x IN ids | CASE WHEN x < m THEN x ELSE m END) END AS lo, CASE WHEN size(ids) = 0 THEN null ELSE reduce(m = ids[0], x IN ids | CASE WHEN x > m THEN x ELSE m END) END AS hi, CASE WHEN size(ids) = 0 THEN null ELSE toFloat(reduce(t = 0, x IN ids | t + x)) / size(ids) END AS m",
		)},

		// Movies schema.
		// Per decade of release, the youngest and oldest age of an actor
		// at release: LET of two bindings, WITH, inline, LET per MATCH
		// clause.
		{"m-h18-let-bindings", "LET clause against WITH", Movies, written(false,
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) LET age = m.released - p.born, decade = m.released / 10 * 10 RETURN decade, min(age) AS youngest, max(age) AS oldest",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WITH m.released - p.born AS age, m.released / 10 * 10 AS decade RETURN decade, min(age) AS youngest, max(age) AS oldest",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) RETURN m.released / 10 * 10 AS decade, min(m.released - p.born) AS youngest, max(m.released - p.born) AS oldest",
			"MATCH (m:Movie) LET decade = m.released / 10 * 10 MATCH (p:Person)-[:ACTED_IN]->(m) LET age = m.released - p.born RETURN decade, min(age) AS youngest, max(age) AS oldest",
		)},
		// Actors born in the sixties per movie of the nineties: chained
		// comparisons, conjunctions, IN of ranges, integer division, the
		// movies first with flipped chains.
		{"m-h18-chained-comparisons", "chained comparisons", Movies, written(false,
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE 1990 <= m.released <= 1999 AND 1960 <= p.born < 1970 RETURN m.title AS title, count(*) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE 1990 <= m.released AND m.released <= 1999 AND 1960 <= p.born AND p.born < 1970 RETURN m.title AS title, count(*) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE m.released IN range(1990, 1999) AND p.born IN range(1960, 1969) RETURN m.title AS title, count(*) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE m.released / 10 = 199 AND p.born / 10 = 196 RETURN m.title AS title, count(*) AS n",
			"MATCH (m:Movie) WHERE 1999 >= m.released >= 1990 MATCH (p:Person)-[:ACTED_IN]->(m) WHERE 1970 > p.born >= 1960 RETURN m.title AS title, count(*) AS n",
		)},
		// Per actor born before 1950, the latest release among their
		// movies: CALL (p) { } ordered with LIMIT 1, CALL { WITH p },
		// CALL (*) { }, the maximum per person, COLLECT { } of the
		// maximum indexed.
		{"m-h18-call-scope", "CALL with a variable scope clause", Movies, written(false,
			"MATCH (p:Person) WHERE p.born < 1950 CALL (p) { MATCH (p)-[:ACTED_IN]->(m:Movie) WHERE m.released IS NOT NULL RETURN m.released AS r ORDER BY r DESC LIMIT 1 } RETURN p.name AS name, r",
			"MATCH (p:Person) WHERE p.born < 1950 CALL { WITH p MATCH (p)-[:ACTED_IN]->(m:Movie) WHERE m.released IS NOT NULL RETURN m.released AS r ORDER BY r DESC LIMIT 1 } RETURN p.name AS name, r",
			"MATCH (p:Person) WHERE p.born < 1950 CALL (*) { MATCH (p)-[:ACTED_IN]->(m:Movie) WHERE m.released IS NOT NULL RETURN max(m.released) AS r } WITH p, r WHERE r IS NOT NULL RETURN p.name AS name, r",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE p.born < 1950 AND m.released IS NOT NULL WITH p, max(m.released) AS r RETURN p.name AS name, r",
			"MATCH (p:Person) WHERE p.born < 1950 AND EXISTS { (p)-[:ACTED_IN]->(m:Movie) WHERE m.released IS NOT NULL } RETURN p.name AS name, COLLECT { MATCH (p)-[:ACTED_IN]->(m:Movie) RETURN max(m.released) AS r }[0] AS r",
		)},
		// The titles of the person's directed movies if any, else of the
		// acted ones: a conditional query, a UNION ALL guarded by NOT
		// EXISTS { }, a flag from COUNT { } against the type.
		{"m-h18-conditional-query", "conditional queries", Movies, written(false,
			"WHEN EXISTS { MATCH (:Person {name: $who})-[:DIRECTED]->(:Movie) } THEN MATCH (:Person {name: $who})-[:DIRECTED]->(m:Movie) RETURN m.title AS title ELSE MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN m.title AS title",
			"CALL { MATCH (:Person {name: $who})-[:DIRECTED]->(m:Movie) RETURN m UNION ALL MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WHERE NOT EXISTS { MATCH (:Person {name: $who})-[:DIRECTED]->(:Movie) } RETURN m } RETURN m.title AS title",
			"WITH COUNT { MATCH (:Person {name: $who})-[:DIRECTED]->(:Movie) } > 0 AS directed MATCH (:Person {name: $who})-[r:ACTED_IN|DIRECTED]->(m:Movie) WHERE (type(r) = 'DIRECTED') = directed RETURN m.title AS title",
		)},
		// Per movie, the distinct persons who acted in or directed it:
		// COUNT { } of a UNION, a type disjunction counted DISTINCT,
		// inclusion-exclusion, size() of COLLECT { } of the UNION.
		{"m-h18-count-union-body", "COUNT over a UNION body", Movies, written(false,
			"MATCH (m:Movie) RETURN m.title AS title, COUNT { MATCH (m)<-[:ACTED_IN]-(p) RETURN p UNION MATCH (m)<-[:DIRECTED]-(p) RETURN p } AS n",
			"MATCH (m:Movie) OPTIONAL MATCH (m)<-[:ACTED_IN|DIRECTED]-(p) WITH m, count(DISTINCT p) AS n RETURN m.title AS title, n",
			"MATCH (m:Movie) RETURN m.title AS title, COUNT { MATCH (m)<-[:ACTED_IN]-(p) RETURN DISTINCT p } + COUNT { MATCH (m)<-[:DIRECTED]-(p) RETURN DISTINCT p } - COUNT { MATCH (m)<-[:ACTED_IN]-(p)-[:DIRECTED]->(m) RETURN DISTINCT p } AS n",
			"MATCH (m:Movie) RETURN m.title AS title, size(COLLECT { MATCH (m)<-[:ACTED_IN]-(p) RETURN p UNION MATCH (m)<-[:DIRECTED]-(p) RETURN p }) AS n",
		)},
		// Movies per number of 'e' in the title: size() less the size
		// with the letter replaced, split() pieces less one, the
		// positions holding it, reduce() over the positions, the
		// characters of split(t, '').
		{"m-h18-char-counts", "characters counted in strings", Movies, written(false,
			"MATCH (m:Movie) RETURN size(m.title) - size(replace(m.title, 'e', '')) AS e, count(*) AS n",
			"MATCH (m:Movie) RETURN size(split(m.title, 'e')) - 1 AS e, count(*) AS n",
			"MATCH (m:Movie) RETURN size([i IN range(0, size(m.title) - 1) WHERE substring(m.title, i, 1) = 'e']) AS e, count(*) AS n",
			"MATCH (m:Movie) RETURN reduce(c = 0, i IN range(0, size(m.title) - 1) | c + CASE WHEN substring(m.title, i, 1) = 'e' THEN 1 ELSE 0 END) AS e, count(*) AS n",
			"MATCH (m:Movie) RETURN size([ch IN split(m.title, '') WHERE ch = 'e']) AS e, count(*) AS n",
		)},
		// Persons per number of distinct kinds of link to movies:
		// count(DISTINCT type(r)), EXISTS per type summed, reduce() making
		// the types distinct, COUNT { } of RETURN DISTINCT.
		{"m-h18-type-variety", "distinct relationship types per node", Movies, written(false,
			"MATCH (p:Person)-[r]->(:Movie) WITH p, count(DISTINCT type(r)) AS t RETURN t, count(*) AS n",
			"MATCH (p:Person) WITH p, CASE WHEN (p)-[:ACTED_IN]->(:Movie) THEN 1 ELSE 0 END + CASE WHEN (p)-[:DIRECTED]->(:Movie) THEN 1 ELSE 0 END + CASE WHEN (p)-[:PRODUCED]->(:Movie) THEN 1 ELSE 0 END + CASE WHEN (p)-[:WROTE]->(:Movie) THEN 1 ELSE 0 END + CASE WHEN (p)-[:REVIEWED]->(:Movie) THEN 1 ELSE 0 END AS t WHERE t > 0 RETURN t, count(*) AS n",
			"MATCH (p:Person) WITH p, size(reduce(d = [], x IN [(p)-[r]->(:Movie) | type(r)] | CASE WHEN x IN d THEN d ELSE d + x END)) AS t WHERE t > 0 RETURN t, count(*) AS n",
			"MATCH (p:Person) WITH p, COUNT { MATCH (p)-[r]->(:Movie) RETURN DISTINCT type(r) } AS t WHERE t > 0 RETURN t, count(*) AS n",
		)},
		// Pairs of actors (by name) who acted in exactly the same movies:
		// two NOT EXISTS { }, the sorted title lists equal, equal counts
		// matched by the shared movies, all() over the collected movies.
		{"m-h18-twins", "nodes with equal neighbour sets", Movies, written(false,
			"MATCH (a:Person), (b:Person) WHERE a.name < b.name AND EXISTS { (a)-[:ACTED_IN]->() } AND NOT EXISTS { MATCH (a)-[:ACTED_IN]->(m) WHERE NOT (b)-[:ACTED_IN]->(m) } AND NOT EXISTS { MATCH (b)-[:ACTED_IN]->(m) WHERE NOT (a)-[:ACTED_IN]->(m) } RETURN a.name AS x, b.name AS y",
			"MATCH (a:Person)-[:ACTED_IN]->(m) WITH a, m ORDER BY id(m) WITH a, collect(DISTINCT id(m)) AS ms MATCH (b:Person)-[:ACTED_IN]->(o) WHERE a.name < b.name WITH a, ms, b, o ORDER BY id(o) WITH a, ms, b, collect(DISTINCT id(o)) AS os WHERE ms = os RETURN a.name AS x, b.name AS y",
			"MATCH (a:Person), (b:Person) WHERE a.name < b.name WITH a, b, COUNT { MATCH (a)-[:ACTED_IN]->(m) RETURN DISTINCT m } AS da, COUNT { MATCH (b)-[:ACTED_IN]->(m) RETURN DISTINCT m } AS db WHERE da > 0 AND da = db AND COUNT { MATCH (a)-[:ACTED_IN]->(m)<-[:ACTED_IN]-(b) RETURN DISTINCT m } = da RETURN a.name AS x, b.name AS y",
			"MATCH (a:Person)-[:ACTED_IN]->(m) WITH a, collect(DISTINCT m) AS ma MATCH (b:Person)-[:ACTED_IN]->(o) WHERE a.name < b.name WITH a, ma, b, collect(DISTINCT o) AS mb WHERE size(ma) = size(mb) AND all(m IN ma WHERE m IN mb) RETURN a.name AS x, b.name AS y",
		)},
		// The three oldest actors of each movie of the nineties numbered
		// (birth year then name): the ordered names collected and sliced,
		// maps numbered from one, reduce() numbering, CALL (m) { } with
		// LIMIT.
		{"m-h18-row-numbers", "row numbers within groups", Movies, written(false,
			"MATCH (m:Movie)<-[:ACTED_IN]-(p:Person) WHERE 1990 <= m.released < 2000 WITH m, p ORDER BY p.born, p.name WITH m, collect(p.name) AS names UNWIND range(0, size(names) - 1) AS i WITH m, names[i] AS name, i + 1 AS rn WHERE rn <= 3 RETURN m.title AS title, name, rn",
			"MATCH (m:Movie)<-[:ACTED_IN]-(p:Person) WHERE 1990 <= m.released < 2000 WITH m, p.born AS born, p.name AS name ORDER BY born, name WITH m, collect({name: name})[..3] AS top UNWIND range(1, size(top)) AS rn RETURN m.title AS title, top[rn - 1].name AS name, rn",
			"MATCH (m:Movie)<-[:ACTED_IN]-(p:Person) WHERE 1990 <= m.released < 2000 WITH m, p ORDER BY p.born, p.name WITH m, collect(p) AS ps UNWIND reduce(acc = [], x IN ps | acc + [[x.name, size(acc) + 1]]) AS r WITH m, r WHERE r[1] <= 3 RETURN m.title AS title, r[0] AS name, r[1] AS rn",
			"MATCH (m:Movie) WHERE 1990 <= m.released < 2000 CALL (m) { MATCH (m)<-[:ACTED_IN]-(p:Person) WITH p ORDER BY p.born, p.name LIMIT 3 RETURN collect(p.name) AS names } UNWIND range(0, size(names) - 1) AS i RETURN m.title AS title, names[i] AS name, i + 1 AS rn",
		)},
		// Per movie released after 2000, the persons linked to it and the
		// links: WITH DISTINCT counted against count(*), count(DISTINCT)
		// in one pass, COUNT { } of distinct persons, collect(DISTINCT).
		{"m-h18-multi-edges", "parallel relationships collapsed per pair", Movies, written(false,
			"MATCH (p:Person)-[r]->(m:Movie) WHERE m.released > 2000 RETURN m.title AS title, count(r) AS links, count(DISTINCT p) AS persons",
			"MATCH (p:Person)-[r]->(m:Movie) WHERE m.released > 2000 WITH m, count(r) AS links MATCH (p:Person)-->(m) WITH DISTINCT m, links, p RETURN m.title AS title, links, count(*) AS persons",
			"MATCH (m:Movie) WHERE m.released > 2000 WITH m, COUNT { (:Person)-[]->(m) } AS links WHERE links > 0 RETURN m.title AS title, links, COUNT { MATCH (p:Person)-[]->(m) RETURN DISTINCT p } AS persons",
			"MATCH (p:Person)-[r]->(m:Movie) WHERE m.released > 2000 WITH m, count(r) AS links, collect(DISTINCT p) AS ps RETURN m.title AS title, links, size(ps) AS persons",
		)},
		// Per movie, whether any and whether all of its actors were born
		// in 1960 or later (null when no actor's year is known): max()
		// and min() of the comparison, counts of the cases, any() and
		// all() over the collected years.
		{"m-h18-bool-aggregates", "boolean aggregates", Movies, written(false,
			"MATCH (m:Movie)<-[:ACTED_IN]-(p:Person) RETURN m.title AS title, max(p.born >= 1960) AS anyYoung, min(p.born >= 1960) AS allYoung",
			"MATCH (m:Movie)<-[:ACTED_IN]-(p:Person) RETURN m.title AS title, CASE WHEN count(p.born) = 0 THEN null ELSE count(CASE WHEN p.born >= 1960 THEN 1 END) > 0 END AS anyYoung, CASE WHEN count(p.born) = 0 THEN null ELSE count(CASE WHEN p.born < 1960 THEN 1 END) = 0 END AS allYoung",
			"MATCH (m:Movie)<-[:ACTED_IN]-(p:Person) WITH m, collect(p.born) AS bs RETURN m.title AS title, CASE WHEN size(bs) = 0 THEN null ELSE any(b IN bs WHERE b >= 1960) END AS anyYoung, CASE WHEN size(bs) = 0 THEN null ELSE all(b IN bs WHERE b >= 1960) END AS allYoung",
			"MATCH (m:Movie) WHERE (m)<-[:ACTED_IN]-(:Person) WITH m, [(m)<-[:ACTED_IN]-(p:Person) WHERE p.born IS NOT NULL | p.born >= 1960] AS ys RETURN m.title AS title, CASE WHEN ys = [] THEN null ELSE true IN ys END AS anyYoung, CASE WHEN ys = [] THEN null ELSE NOT false IN ys END AS allYoung",
		)},

		// Northwind.
		// Per category, the units ordered, the lines and the lines of 50
		// units or more: LET twice, WITH, inline, LET inside CALL (c) { }
		// (categories without lines left out).
		{"n-h18-let-bindings", "LET clause against WITH", Northwind, written(false,
			"MATCH (:Order)-[l:ORDERS]->(:Product)-[:PART_OF]->(c:Category) LET q = l.quantity LET big = q >= 50 RETURN c.categoryName AS cat, sum(q) AS units, count(*) AS lines, count(CASE WHEN big THEN 1 END) AS bigLines",
			"MATCH (:Order)-[l:ORDERS]->(:Product)-[:PART_OF]->(c:Category) WITH c, l.quantity AS q WITH c, q, q >= 50 AS big RETURN c.categoryName AS cat, sum(q) AS units, count(*) AS lines, count(CASE WHEN big THEN 1 END) AS bigLines",
			"MATCH (:Order)-[l:ORDERS]->(:Product)-[:PART_OF]->(c:Category) RETURN c.categoryName AS cat, sum(l.quantity) AS units, count(*) AS lines, count(CASE WHEN l.quantity >= 50 THEN 1 END) AS bigLines",
			"MATCH (c:Category) CALL (c) { MATCH (:Order)-[l:ORDERS]->(:Product)-[:PART_OF]->(c) LET q = l.quantity RETURN sum(q) AS units, count(*) AS lines, count(CASE WHEN q >= 50 THEN 1 END) AS bigLines } FILTER lines > 0 RETURN c.categoryName AS cat, units, lines, bigLines",
		)},
		// Products priced at least half the highest price: an
		// uncorrelated CALL () { } per product, the maximum first,
		// COLLECT { } of the maximum indexed, the products collected with
		// the maximum.
		{"n-h18-call-unit-scope", "CALL with a variable scope clause", Northwind, written(false,
			"CALL () { MATCH (q:Product) RETURN max(q.unitPrice) AS top } MATCH (p:Product) WHERE p.unitPrice * 2 >= top RETURN count(*) AS n",
			"MATCH (q:Product) WITH max(q.unitPrice) AS top MATCH (p:Product) WHERE p.unitPrice * 2 >= top RETURN count(*) AS n",
			"MATCH (p:Product) WHERE p.unitPrice * 2 >= COLLECT { MATCH (q:Product) RETURN max(q.unitPrice) AS m }[0] RETURN count(*) AS n",
			"MATCH (p:Product) CALL () { MATCH (q:Product) RETURN max(q.unitPrice) AS top } WITH p, top WHERE p.unitPrice * 2 >= top RETURN count(*) AS n",
			"MATCH (p:Product) WITH collect(p) AS ps, max(p.unitPrice) AS top RETURN size([p IN ps WHERE p.unitPrice * 2 >= top]) AS n",
		)},
		// Products per price band: the extended simple CASE of ordered
		// comparisons, the searched CASE, the searched CASE from the top,
		// the bands of the price's tens.
		{"n-h18-extended-case", "extended simple CASE", Northwind, written(false,
			"MATCH (p:Product) RETURN CASE p.unitPrice WHEN < 10 THEN 'cheap' WHEN < 50 THEN 'mid' ELSE 'dear' END AS band, count(*) AS n",
			"MATCH (p:Product) RETURN CASE WHEN p.unitPrice < 10 THEN 'cheap' WHEN p.unitPrice < 50 THEN 'mid' ELSE 'dear' END AS band, count(*) AS n",
			"MATCH (p:Product) RETURN CASE WHEN p.unitPrice >= 50 THEN 'dear' WHEN p.unitPrice >= 10 THEN 'mid' WHEN p.unitPrice < 10 THEN 'cheap' ELSE 'dear' END AS band, count(*) AS n",
			"MATCH (p:Product) RETURN CASE toInteger(floor(p.unitPrice / 10)) WHEN 0 THEN 'cheap' WHEN 1, 2, 3, 4 THEN 'mid' ELSE 'dear' END AS band, count(*) AS n",
		)},
		// The category's products cheaper than 4.5 (none: one row of a
		// zero count and null extremes): the aggregation, OPTIONAL MATCH
		// counted by the product, CALL { } aggregating, the prices
		// collected first.
		{"n-h18-empty-aggregates", "aggregates over an empty match", Northwind, written(false,
			"MATCH (:Category {categoryName: $category})<-[:PART_OF]-(p:Product) WHERE p.unitPrice < 4.5 RETURN count(*) AS n, min(p.unitPrice) AS lo, max(p.productName) AS last, sum(p.unitsInStock) AS stock",
			"OPTIONAL MATCH (:Category {categoryName: $category})<-[:PART_OF]-(p:Product) WHERE p.unitPrice < 4.5 RETURN count(p) AS n, min(p.unitPrice) AS lo, max(p.productName) AS last, sum(p.unitsInStock) AS stock",
			"CALL { MATCH (:Category {categoryName: $category})<-[:PART_OF]-(p:Product) WHERE p.unitPrice < 4.5 RETURN count(*) AS n, min(p.unitPrice) AS lo, max(p.productName) AS last, sum(p.unitsInStock) AS stock } RETURN n, lo, last, stock",
			"MATCH (c:Category {categoryName: $category}) OPTIONAL MATCH (c)<-[:PART_OF]-(p:Product) WHERE p.unitPrice < 4.5 RETURN count(p) AS n, min(p.unitPrice) AS lo, max(p.productName) AS last, sum(p.unitsInStock) AS stock",
		)},
		// Products per number of 'a' or 'A' in the name: size() less the
		// size with the letter replaced, split() pieces less one, the
		// positions holding it, the characters of split(t, '').
		{"n-h18-char-counts", "characters counted in strings", Northwind, written(false,
			"MATCH (p:Product) RETURN size(toLower(p.productName)) - size(replace(toLower(p.productName), 'a', '')) AS a, count(*) AS n",
			"MATCH (p:Product) RETURN size(split(toLower(p.productName), 'a')) - 1 AS a, count(*) AS n",
			"MATCH (p:Product) WITH toLower(p.productName) AS t RETURN size([i IN range(0, size(t) - 1) WHERE substring(t, i, 1) = 'a']) AS a, count(*) AS n",
			"MATCH (p:Product) RETURN size([ch IN split(p.productName, '') WHERE ch IN ['a', 'A']]) AS a, count(*) AS n",
		)},
		// The longest REPORTS_TO chain into each boss (up to four):
		// max() of the path lengths, the quantified path's group list's
		// size, a CASE of patterns of each length, CALL (b) { } ordered
		// with LIMIT 1.
		{"n-h18-deepest-level", "the deepest level of a hierarchy", Northwind, written(false,
			"MATCH (b:Employee) OPTIONAL MATCH p = (b)<-[:REPORTS_TO*1..4]-() WITH b, max(length(p)) AS depth RETURN b.lastName AS boss, depth",
			"MATCH (b:Employee) OPTIONAL MATCH (b) ((x)<-[:REPORTS_TO]-(y)){1,4} () WITH b, max(size(y)) AS depth RETURN b.lastName AS boss, depth",
			"MATCH (b:Employee) RETURN b.lastName AS boss, CASE WHEN (b)<-[:REPORTS_TO*4]-() THEN 4 WHEN (b)<-[:REPORTS_TO*3]-() THEN 3 WHEN (b)<-[:REPORTS_TO*2]-() THEN 2 WHEN (b)<-[:REPORTS_TO]-() THEN 1 END AS depth",
			"MATCH (b:Employee) CALL (b) { OPTIONAL MATCH p = (b)<-[:REPORTS_TO*1..4]-() RETURN length(p) AS depth ORDER BY depth DESC LIMIT 1 } RETURN b.lastName AS boss, depth",
		)},
		// The two dearest products of each category numbered (price
		// descending then name): the ordered names collected and their
		// index range, maps collected and sliced, CALL (c) { } with
		// LIMIT, the rank as the dearer products counted.
		{"n-h18-row-numbers", "row numbers within groups", Northwind, written(false,
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WITH c, p ORDER BY p.unitPrice DESC, p.productName WITH c, collect(p.productName) AS names UNWIND range(0, size(names) - 1) AS i WITH c, names[i] AS name, i + 1 AS rn WHERE rn <= 2 RETURN c.categoryName AS cat, name, rn",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WITH c, p.unitPrice AS price, p.productName AS name ORDER BY price DESC, name WITH c, collect({name: name})[..2] AS top UNWIND range(1, size(top)) AS rn RETURN c.categoryName AS cat, top[rn - 1].name AS name, rn",
			"MATCH (c:Category) CALL (c) { MATCH (p:Product)-[:PART_OF]->(c) RETURN p.productName AS name ORDER BY p.unitPrice DESC, name LIMIT 2 } WITH c, collect(name) AS names UNWIND range(0, size(names) - 1) AS i RETURN c.categoryName AS cat, names[i] AS name, i + 1 AS rn",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WITH c, p, COUNT { MATCH (q:Product)-[:PART_OF]->(c) WHERE q.unitPrice > p.unitPrice OR (q.unitPrice = p.unitPrice AND q.productName < p.productName) } + 1 AS rn WHERE rn <= 2 RETURN c.categoryName AS cat, p.productName AS name, rn",
		)},
		// Per country of customers, those without a region and with one:
		// count(*) less count(), CASE summed, comprehensions over the
		// collected customers, a UNION ALL of the two kinds flagged.
		{"n-h18-missing-counts", "missing values counted per group", Northwind, written(false,
			"MATCH (c:Customer) RETURN c.country AS country, count(*) - count(c.region) AS missing, count(c.region) AS present",
			"MATCH (c:Customer) RETURN c.country AS country, sum(CASE WHEN c.region IS NULL THEN 1 ELSE 0 END) AS missing, sum(CASE WHEN c.region IS NULL THEN 0 ELSE 1 END) AS present",
			"MATCH (c:Customer) WITH c.country AS country, collect(c) AS cs RETURN country, size([x IN cs WHERE x.region IS NULL]) AS missing, size([x IN cs WHERE x.region IS NOT NULL]) AS present",
			"CALL { MATCH (c:Customer) WHERE c.region IS NULL RETURN c.country AS country, 1 AS miss UNION ALL MATCH (c:Customer) WHERE c.region IS NOT NULL RETURN c.country AS country, 0 AS miss } RETURN country, sum(miss) AS missing, count(*) - sum(miss) AS present",
		)},

		// LDBC.
		// Friends of the person with at least five messages and their
		// count: FILTER after the aggregating WITH, WITH ... WHERE, LET of
		// COUNT { } then FILTER, CALL (f) { } counted then FILTER.
		{"l-h18-filter-clause", "FILTER clause against WHERE", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f MATCH (f)<-[:HAS_CREATOR]-(m:Message) WITH f, count(m) AS msgs FILTER msgs >= 5 RETURN f.id AS id, msgs",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f MATCH (f)<-[:HAS_CREATOR]-(m:Message) WITH f, count(m) AS msgs WHERE msgs >= 5 RETURN f.id AS id, msgs",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f LET msgs = COUNT { (f)<-[:HAS_CREATOR]-(:Message) } FILTER msgs >= 5 RETURN f.id AS id, msgs",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f CALL (f) { MATCH (f)<-[:HAS_CREATOR]-(m:Message) RETURN count(m) AS msgs } FILTER msgs >= 5 RETURN f.id AS id, msgs",
		)},
		// The person's messages per kind: static label disjunction and
		// label test, dynamic labels and type, labels() tests, CALL (p)
		// { } of a UNION ALL of the two kinds flagged.
		{"l-h18-dynamic-labels", "dynamic labels and types", LDBC, written(false,
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Post|Comment) RETURN m:Post AS post, count(*) AS n",
			"MATCH (:$('Person') {id: $person})<-[:$('HAS_CREATOR')]-(m:$any(['Post', 'Comment'])) RETURN m:$('Post') AS post, count(*) AS n",
			"MATCH (:Person {id: $person})<-[r]-(m) WHERE type(r) = 'HAS_CREATOR' AND any(l IN labels(m) WHERE l IN ['Post', 'Comment']) RETURN 'Post' IN labels(m) AS post, count(*) AS n",
			"MATCH (p:Person {id: $person}) CALL (p) { MATCH (p)<-[:HAS_CREATOR]-(m:Post) RETURN true AS post UNION ALL MATCH (p)<-[:HAS_CREATOR]-(m:Comment) RETURN false AS post } RETURN post, count(*) AS n",
		)},
		// Per friend of the person, the distinct tags of their interests
		// or their posts: COUNT { } of a UNION, OPTIONAL MATCH of both
		// collected and unwound DISTINCT, inclusion-exclusion, size() of
		// COLLECT { } of the UNION.
		{"l-h18-count-union-body", "COUNT over a UNION body", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f RETURN f.id AS id, COUNT { MATCH (f)-[:HAS_INTEREST]->(t:Tag) RETURN t UNION MATCH (f)<-[:HAS_CREATOR]-(:Post)-[:HAS_TAG]->(t:Tag) RETURN t } AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f OPTIONAL MATCH (f)-[:HAS_INTEREST]->(t:Tag) WITH f, collect(t) AS ts OPTIONAL MATCH (f)<-[:HAS_CREATOR]-(:Post)-[:HAS_TAG]->(u:Tag) WITH f, ts, collect(u) AS us UNWIND ts + us + [null] AS t WITH f, count(DISTINCT t) AS n RETURN f.id AS id, n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f RETURN f.id AS id, COUNT { MATCH (f)-[:HAS_INTEREST]->(t:Tag) RETURN DISTINCT t } + COUNT { MATCH (f)<-[:HAS_CREATOR]-(:Post)-[:HAS_TAG]->(t:Tag) RETURN DISTINCT t } - COUNT { MATCH (f)<-[:HAS_CREATOR]-(:Post)-[:HAS_TAG]->(t:Tag)<-[:HAS_INTEREST]-(f) RETURN DISTINCT t } AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f RETURN f.id AS id, size(COLLECT { MATCH (f)-[:HAS_INTEREST]->(t:Tag) RETURN t UNION MATCH (f)<-[:HAS_CREATOR]-(:Post)-[:HAS_TAG]->(t:Tag) RETURN t }) AS n",
		)},
		// The person's messages of the first hundred days of a year, per
		// year: ordinalDay, the days since the first of January, a date
		// built from the year and ordinal day, the year's truncation plus
		// a duration, months and days with the leap-year rule.
		{"l-h18-day-of-year", "the day of the year", LDBC, written(false,
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) WHERE m.creationDate.ordinalDay <= 100 RETURN m.creationDate.year AS y, count(*) AS n",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) WHERE duration.inDays(date({year: m.creationDate.year, month: 1, day: 1}), date(m.creationDate)).days < 100 RETURN m.creationDate.year AS y, count(*) AS n",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) WHERE date(m.creationDate) < date({year: m.creationDate.year, ordinalDay: 101}) RETURN m.creationDate.year AS y, count(*) AS n",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) WHERE date(m.creationDate) < date.truncate('year', m.creationDate) + duration({days: 100}) RETURN m.creationDate.year AS y, count(*) AS n",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) WITH m.creationDate AS t WHERE t.month < 4 OR (t.month = 4 AND t.day <= 10 - CASE WHEN (t.year % 4 = 0 AND t.year % 100 <> 0) OR t.year % 400 = 0 THEN 1 ELSE 0 END) RETURN t.year AS y, count(*) AS n",
		)},
		// The person's friends per number of distinct types of their
		// out-links: count(DISTINCT type(r)), reduce() making the types
		// distinct, COUNT { } of RETURN DISTINCT, collect(DISTINCT).
		{"l-h18-type-variety", "distinct relationship types per node", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f MATCH (f)-[r]->() WITH f, count(DISTINCT type(r)) AS t RETURN t, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f WITH f, size(reduce(d = [], x IN [(f)-[r]->() | type(r)] | CASE WHEN x IN d THEN d ELSE d + x END)) AS t WHERE t > 0 RETURN t, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f WITH f, COUNT { MATCH (f)-[r]->() RETURN DISTINCT type(r) } AS t WHERE t > 0 RETURN t, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f MATCH (f)-[r]->() WITH f, collect(DISTINCT type(r)) AS ts RETURN size(ts) AS t, count(*) AS n",
		)},
		// The deepest reply chain under the post (up to six): max() of the
		// path lengths, the quantified path's group list's size, CALL (p)
		// { } ordered with LIMIT 1, a CASE of patterns of each length.
		{"l-h18-deepest-level", "the deepest level of a hierarchy", LDBC, written(false,
			"MATCH (p:Post {id: $post}) OPTIONAL MATCH r = (p)<-[:REPLY_OF*1..6]-() RETURN p.id AS id, max(length(r)) AS depth",
			"MATCH (p:Post {id: $post}) OPTIONAL MATCH (p) ((x)<-[:REPLY_OF]-(y)){1,6} () RETURN p.id AS id, max(size(y)) AS depth",
			"MATCH (p:Post {id: $post}) CALL (p) { OPTIONAL MATCH r = (p)<-[:REPLY_OF*1..6]-() RETURN length(r) AS depth ORDER BY depth DESC LIMIT 1 } RETURN p.id AS id, depth",
			"MATCH (p:Post {id: $post}) RETURN p.id AS id, CASE WHEN (p)<-[:REPLY_OF*6]-() THEN 6 WHEN (p)<-[:REPLY_OF*5]-() THEN 5 WHEN (p)<-[:REPLY_OF*4]-() THEN 4 WHEN (p)<-[:REPLY_OF*3]-() THEN 3 WHEN (p)<-[:REPLY_OF*2]-() THEN 2 WHEN (p)<-[:REPLY_OF]-() THEN 1 END AS depth",
		)},

		// Stack Overflow.
		// Answers to questions with the tag of score one to five, per
		// question: the chained comparison, the conjunction, IN of a
		// range, the complement negated.
		{"s-h18-chained-comparisons", "chained comparisons", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE 0 < a.score <= 5 RETURN q.question_id AS id, count(*) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE 0 < a.score AND a.score <= 5 RETURN q.question_id AS id, count(*) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score IN range(1, 5) RETURN q.question_id AS id, count(*) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)<-[:ANSWERED]-(a:Answer) WHERE NOT (a.score <= 0 OR a.score > 5) RETURN q.question_id AS id, count(*) AS n",
		)},
		// Answers to questions with the tag per score band: the extended
		// simple CASE (a comparison, a list of values), the searched
		// CASE, sign() with a CASE.
		{"s-h18-extended-case", "extended simple CASE", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) RETURN CASE a.score WHEN < 0 THEN 'bad' WHEN 0 THEN 'none' WHEN 1, 2, 3 THEN 'some' ELSE 'many' END AS band, count(*) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) RETURN CASE WHEN a.score < 0 THEN 'bad' WHEN a.score = 0 THEN 'none' WHEN a.score IN [1, 2, 3] THEN 'some' ELSE 'many' END AS band, count(*) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WITH a.score AS s, count(*) AS c RETURN CASE s WHEN < 0 THEN 'bad' WHEN 0 THEN 'none' WHEN 1, 2, 3 THEN 'some' ELSE 'many' END AS band, sum(c) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) RETURN CASE sign(a.score) WHEN -1 THEN 'bad' WHEN 0 THEN 'none' WHEN 1 THEN CASE WHEN a.score <= 3 THEN 'some' ELSE 'many' END ELSE 'many' END AS band, count(*) AS n",
		)},
		// Questions with the tag asked in the first hundred days of a
		// year, per year: ordinalDay of the epoch datetime, the days
		// since the first of January, the year's truncation plus a
		// duration, a date from the year and ordinal day.
		{"s-h18-day-of-year", "the day of the year", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) WITH datetime({epochSeconds: q.creation_date}) AS t WHERE t.ordinalDay <= 100 RETURN t.year AS y, count(*) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) WITH datetime({epochSeconds: q.creation_date}) AS t WHERE duration.inDays(date({year: t.year, month: 1, day: 1}), date(t)).days < 100 RETURN t.year AS y, count(*) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) WITH datetime({epochSeconds: q.creation_date}) AS t WHERE date(t) < date.truncate('year', t) + duration({days: 100}) RETURN t.year AS y, count(*) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question) WITH datetime({epochSeconds: q.creation_date}) AS t WHERE date(t) < date({year: t.year, ordinalDay: 101}) RETURN t.year AS y, count(*) AS n",
		)},
		// Answers to questions with the tag and the dense rank of their
		// score among those answers' scores: the smaller distinct scores
		// of a collected list counted, the ordered distinct scores
		// indexed and matched back, OPTIONAL MATCH of smaller scores
		// counted DISTINCT.
		{"s-h18-dense-rank", "dense ranks", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL WITH collect(DISTINCT a.score) AS ss MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL RETURN a.score AS score, size([x IN ss WHERE x < a.score]) + 1 AS rank, count(*) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL WITH DISTINCT a.score AS s ORDER BY s WITH collect(s) AS ss UNWIND range(0, size(ss) - 1) AS i MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score = ss[i] RETURN a.score AS score, i + 1 AS rank, count(*) AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score IS NOT NULL WITH a.score AS score, count(*) AS n WITH collect([score, n]) AS g UNWIND g AS x RETURN x[0] AS score, size([y IN g WHERE y[0] < x[0]]) + 1 AS rank, x[1] AS n",
		)},

		// WN18RR.
		// Links of the entity of a type out of two, either way: a static
		// type disjunction, $any() of the types, a type() test, a UNION
		// ALL of the two types.
		{"w-h18-dynamic-types", "dynamic labels and types", WordNet, written(false,
			"MATCH (:Entity {id: $entity})-[r:_hypernym|_derivationally_related_form]-(x) RETURN type(r) AS t, count(*) AS n",
			"MATCH (:Entity {id: $entity})-[r:$any(['_hypernym', '_derivationally_related_form'])]-(x) RETURN type(r) AS t, count(*) AS n",
			"MATCH (:Entity {id: $entity})-[r]-(x) WHERE type(r) IN ['_hypernym', '_derivationally_related_form'] RETURN type(r) AS t, count(*) AS n",
			"CALL { MATCH (:Entity {id: $entity})-[r:$('_hypernym')]-(x) RETURN r UNION ALL MATCH (:Entity {id: $entity})-[r:$('_derivationally_related_form')]-(x) RETURN r } RETURN type(r) AS t, count(*) AS n",
		)},
		// Direct hyponyms of the entity per number of commas in the
		// definition: size() less the size with commas replaced, split()
		// pieces less one, the positions holding one.
		{"w-h18-char-counts", "characters counted in strings", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN size(h.definition) - size(replace(h.definition, ',', '')) AS commas, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN size(split(h.definition, ',')) - 1 AS commas, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h.definition AS d RETURN CASE WHEN d IS NULL THEN null ELSE size([i IN range(0, size(d) - 1) WHERE substring(d, i, 1) = ',']) END AS commas, count(*) AS n",
		)},
		// The longest hyponym chain into the entity (up to four): max()
		// of the path lengths, the quantified path's group list's size,
		// CALL (e) { } ordered with LIMIT 1, a CASE of patterns of each
		// length.
		{"w-h18-deepest-level", "the deepest level of a hierarchy", WordNet, written(false,
			"MATCH (e:Entity {id: $entity}) OPTIONAL MATCH p = (e)<-[:_hypernym*1..4]-() RETURN e.id AS id, max(length(p)) AS depth",
			"MATCH (e:Entity {id: $entity}) OPTIONAL MATCH (e) ((x)<-[:_hypernym]-(y)){1,4} () RETURN e.id AS id, max(size(y)) AS depth",
			"MATCH (e:Entity {id: $entity}) CALL (e) { OPTIONAL MATCH p = (e)<-[:_hypernym*1..4]-() RETURN length(p) AS depth ORDER BY depth DESC LIMIT 1 } RETURN e.id AS id, depth",
			"MATCH (e:Entity {id: $entity}) RETURN e.id AS id, CASE WHEN (e)<-[:_hypernym*4]-() THEN 4 WHEN (e)<-[:_hypernym*3]-() THEN 3 WHEN (e)<-[:_hypernym*2]-() THEN 2 WHEN (e)<-[:_hypernym]-() THEN 1 END AS depth",
		)},
	}
}
