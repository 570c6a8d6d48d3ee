package metamorphic

// heldout12Questions are the twelfth held-out round's kinds, where the
// eleven earlier rounds were thin: list predicates (all, none, single)
// over the relationships and nodes of a path against quantified path
// patterns with an inner WHERE, explicit hops and reduce(); reduce()
// against aggregation (sums, minima and maxima of collected values);
// three-valued boolean logic (XOR against AND/OR/NOT, <> of booleans and
// a UNION ALL of the three outcomes); integer and float mixing (an
// integer compared with a float, integer division against float
// division, toFloat() and arithmetic with 0.0 or 1.0); COUNT { } against
// size(COLLECT { }), size() of a pattern comprehension, OPTIONAL MATCH
// and a SKIP inside EXISTS { }; string functions (left, right,
// substring, split, reverse, replace, trim, toLower) against STARTS WITH,
// ENDS WITH and regular expressions; pattern predicates negated in
// several positions (WHERE, a WITH column, CASE, a quantifier, a COUNT
// { } body, OPTIONAL MATCH with a null test); OPTIONAL MATCH chains
// against CALL { } and COLLECT { } subqueries; exists() of a property
// against IS NOT NULL; list indexing past the end (ks[2], tail(), a
// slice then [0], an ordered COLLECT { } with SKIP); property maps
// (properties() against the all-properties projection); undirected
// degrees against COUNT { } over a UNION and directed counts less
// self-loops; sign() against CASE and integer division; pages of a
// ranking (ORDER BY ... SKIP ... LIMIT) against ranks computed by
// counting; temporal comparisons (dates, datetimes, epoch values and ISO
// strings compared as each other); GraphProgram forms with union,
// intersection and difference.
func heldout12Questions() []Question {
	return []Question{
		// Generic graphs.
		// R paths of one to three relationships from A nodes whose every
		// relationship weighs 1 or more (a missing weight fails): all()
		// over relationships(p), over the variable-length relationship's
		// list, a quantified path with the filter inside the relationship,
		// none() of the converse with the null test, the filtered list's
		// size against the list's, a reduce() of the tests.
		{"g-h12-all-rels-path", "list predicates over a path", Generic, written(false,
			"MATCH p = (a:A)-[:R*1..3]->(b) WHERE all(r IN relationships(p) WHERE r.w >= 1) RETURN count(*) AS n",
			"MATCH (a:A)-[rs:R*1..3]->(b) WHERE all(r IN rs WHERE r.w >= 1) RETURN count(*) AS n",
			"MATCH (a:A) (()-[r:R WHERE r.w >= 1]->()){1,3} (b) RETURN count(*) AS n",
			"MATCH p = (a:A)-[:R*1..3]->(b) WHERE none(r IN relationships(p) WHERE r.w < 1 OR r.w IS NULL) RETURN count(*) AS n",
			"MATCH (a:A)-[rs:R*1..3]->(b) WHERE size([r IN rs WHERE r.w >= 1]) = size(rs) RETURN count(*) AS n",
			"MATCH p = (a:A)-[:R*1..3]->(b) WHERE reduce(ok = true, r IN relationships(p) | ok AND coalesce(r.w >= 1, false)) RETURN count(*) AS n",
			"MATCH (a:A) ((x)-[r:R]->(y) WHERE r.w >= 1){1,3} (b) RETURN count(*) AS n",
		)},
		// Two-relationship R-or-S walks from A nodes with exactly one S
		// relationship: single() over relationships(p), the two named
		// relationships' tests unequal, a UNION ALL of the two orders, the
		// filtered list's size, a reduce() counting, a quantified path.
		{"g-h12-single-rel-path", "list predicates over a path", Generic, written(false,
			"MATCH p = (a:A)-[:R|S*2]->(b) WHERE single(r IN relationships(p) WHERE type(r) = 'S') RETURN count(*) AS n",
			"MATCH (a:A)-[r1:R|S]->()-[r2:R|S]->(b) WHERE (type(r1) = 'S') <> (type(r2) = 'S') RETURN count(*) AS n",
			"CALL { MATCH (a:A)-[:S]->()-[:R]->(b) RETURN a UNION ALL MATCH (a:A)-[:R]->()-[:S]->(b) RETURN a } RETURN count(*) AS n",
			"MATCH p = (a:A)-[:R|S*2]->(b) WHERE size([r IN relationships(p) WHERE r:S]) = 1 RETURN count(*) AS n",
			"MATCH (a:A)-[rs:R|S*2]->(b) WHERE reduce(c = 0, r IN rs | c + CASE type(r) WHEN 'S' THEN 1 ELSE 0 END) = 1 RETURN count(*) AS n",
			"MATCH p = (a:A) (()-[:R|S]->()){2} (b) WHERE single(r IN relationships(p) WHERE type(r) = 'S') RETURN count(*) AS n",
		)},
		// The distinct ids two or three R-or-S hops from an A node along
		// keys that never decrease (a missing key stops the walk): a
		// quantified path whose WHERE compares both ends, all() over the
		// node indices, all() over the relationships' ends, a UNION of the
		// two lengths with chained comparisons, the keys' list tested
		// pairwise, a quantified path with all() after it.
		{"g-h12-qpp-growing-keys", "quantified path with inner WHERE", Generic, written(false,
			"MATCH (:A) ((x)-[:R|S]->(y) WHERE y.k >= x.k){2,3} (b) RETURN DISTINCT b.id AS id",
			"MATCH p = (:A)-[:R|S*2..3]->(b) WHERE all(i IN range(0, length(p) - 1) WHERE nodes(p)[i + 1].k >= nodes(p)[i].k) RETURN DISTINCT b.id AS id",
			"MATCH p = (:A)-[:R|S*2..3]->(b) WHERE all(r IN relationships(p) WHERE endNode(r).k >= startNode(r).k) RETURN DISTINCT b.id AS id",
			"MATCH (s:A)-[:R|S]->(x)-[:R|S]->(b) WHERE s.k <= x.k <= b.k RETURN b.id AS id UNION MATCH (s:A)-[:R|S]->(x)-[:R|S]->(y)-[:R|S]->(b) WHERE s.k <= x.k <= y.k <= b.k RETURN b.id AS id",
			"MATCH p = (:A)-[:R|S*2..3]->(b) WITH b, [n IN nodes(p) | n.k] AS ks WHERE all(i IN range(1, size(ks) - 1) WHERE ks[i] >= ks[i - 1]) RETURN DISTINCT b.id AS id",
			"MATCH p = (:A) (()-[:R|S]->()){2,3} (b) WHERE all(r IN relationships(p) WHERE endNode(r).k >= startNode(r).k) RETURN DISTINCT b.id AS id",
		)},
		// Per A node with R relationships out, the sum and the largest of
		// their weights (0 and null when none is set): sum() and max(),
		// reduce() over the collected weights, over a pattern
		// comprehension (nulls kept and skipped by coalesce), a CALL { }
		// kept when it counted rows, the weights ordered descending with
		// the head as the largest, reduce() over a COLLECT { }.
		{"g-h12-reduce-vs-aggregate", "reduce vs aggregation", Generic, written(false,
			"MATCH (a:A)-[r:R]->() WITH a, sum(r.w) AS total, max(r.w) AS top RETURN a.id AS id, total, top",
			"MATCH (a:A)-[r:R]->() WITH a, collect(r.w) AS ws RETURN a.id AS id, reduce(t = 0, w IN ws | t + w) AS total, reduce(m = null, w IN ws | CASE WHEN m IS NULL OR w > m THEN w ELSE m END) AS top",
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->() } WITH a, [(a)-[r:R]->() | r.w] AS ws RETURN a.id AS id, reduce(t = 0, w IN ws | t + coalesce(w, 0)) AS total, reduce(m = null, w IN ws | CASE WHEN w > m OR m IS NULL THEN coalesce(w, m) ELSE m END) AS top",
			"MATCH (a:A) CALL { WITH a MATCH (a)-[r:R]->() RETURN sum(r.w) AS total, max(r.w) AS top, count(*) AS c } WITH a, total, top, c WHERE c > 0 RETURN a.id AS id, total, top",
			"MATCH (a:A)-[r:R]->() WITH a, r.w AS w ORDER BY w DESC WITH a, collect(w) AS ws RETURN a.id AS id, reduce(t = 0, w IN ws | t + w) AS total, head(ws) AS top",
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->() } WITH a, COLLECT { MATCH (a)-[r:R]->() RETURN r.w AS w } AS ws RETURN a.id AS id, reduce(t = 0, w IN ws | t + coalesce(w, 0)) AS total, reduce(m = null, w IN ws | CASE WHEN m IS NULL OR w > m THEN coalesce(w, m) ELSE m END) AS top",
		)},
		// A nodes per value of (key above 2) XOR (string 'a'), null when
		// either is missing: XOR, OR and NOT AND, <> of the booleans, CASE
		// on the null tests, NOT of =, XOR of both negations, a UNION ALL
		// of the three outcomes.
		{"g-h12-xor-three-valued", "three-valued logic", Generic, written(false,
			"MATCH (n:A) RETURN (n.k > 2) XOR (n.s = 'a') AS x, count(*) AS c",
			"MATCH (n:A) RETURN ((n.k > 2) OR (n.s = 'a')) AND NOT ((n.k > 2) AND (n.s = 'a')) AS x, count(*) AS c",
			"MATCH (n:A) RETURN (n.k > 2) <> (n.s = 'a') AS x, count(*) AS c",
			"MATCH (n:A) RETURN CASE WHEN n.k IS NULL OR n.s IS NULL THEN null ELSE (n.k > 2) <> (n.s = 'a') END AS x, count(*) AS c",
			"MATCH (n:A) RETURN NOT ((n.k > 2) = (n.s = 'a')) AS x, count(*) AS c",
			"MATCH (n:A) RETURN (n.k <= 2) XOR (n.s <> 'a') AS x, count(*) AS c",
			"CALL { MATCH (n:A) WHERE (n.k > 2) XOR (n.s = 'a') RETURN true AS x UNION ALL MATCH (n:A) WHERE NOT ((n.k > 2) XOR (n.s = 'a')) RETURN false AS x UNION ALL MATCH (n:A) WHERE n.k IS NULL OR n.s IS NULL RETURN null AS x } RETURN x, count(*) AS c",
		)},
		// T relationships from A nodes whose weight equals the end's key
		// (integers compared with floats): =, the weight times 1.0, both
		// made floats, plus 0.0, the absolute difference under a half, the
		// difference equal to 0.0, IN a one-float list.
		{"g-h12-int-float-equal", "integer and float mixing", Generic, written(false,
			"MATCH (a:A)-[r:T]->(b) WHERE r.w = b.k RETURN count(*) AS n",
			"MATCH (a:A)-[r:T]->(b) WHERE r.w * 1.0 = b.k RETURN count(*) AS n",
			"MATCH (a:A)-[r:T]->(b) WHERE toFloat(r.w) = toFloat(b.k) RETURN count(*) AS n",
			"MATCH (a:A)-[r:T]->(b) WHERE r.w + 0.0 = b.k RETURN count(*) AS n",
			"MATCH (a:A)-[r:T]->(b) WHERE abs(r.w - b.k) < 0.5 RETURN count(*) AS n",
			"MATCH (a:A)-[r:T]->(b) WHERE r.w - b.k = 0.0 RETURN count(*) AS n",
			"MATCH (a:A)-[r:T]->(b) WHERE r.w IN [b.k * 1.0] RETURN count(*) AS n",
		)},
		// S relationships whose weight halved is at least 1, with the
		// count and the weights' sum: the weight over 2.0, against 2.0,
		// as a float, times 0.5, integer division (weights are integers),
		// IN a list of floats (weights are 0 to 3), the float difference.
		{"g-h12-int-float-divide", "integer and float mixing", Generic, written(false,
			"MATCH (:A)-[r:S]->() WHERE r.w / 2.0 >= 1 RETURN count(*) AS n, sum(r.w) AS total",
			"MATCH (:A)-[r:S]->() WHERE r.w >= 2.0 RETURN count(*) AS n, sum(r.w) AS total",
			"MATCH (:A)-[r:S]->() WHERE toFloat(r.w) >= 2 RETURN count(*) AS n, sum(r.w) AS total",
			"MATCH (:A)-[r:S]->() WHERE r.w * 0.5 >= 1 RETURN count(*) AS n, sum(r.w) AS total",
			"MATCH (:A)-[r:S]->() WHERE r.w / 2 >= 1 RETURN count(*) AS n, sum(r.w) AS total",
			"MATCH (:A)-[r:S]->() WHERE r.w IN [2.0, 3.0] RETURN count(*) AS n, sum(r.w) AS total",
			"MATCH (:A)-[r:S]->() WHERE r.w - 2.0 >= 0 RETURN count(*) AS n, sum(r.w) AS total",
		)},
		// Per B node, its distinct R in-neighbours that have a key (0 for
		// none): COUNT { ... RETURN DISTINCT }, size(COLLECT { }), OPTIONAL
		// MATCH with count(DISTINCT), CALL { } counting, COUNT { } with
		// WITH DISTINCT, the collected neighbours filtered after, COUNT { }
		// over every keyed node tested by EXISTS.
		{"g-h12-count-vs-collect-size", "COUNT { } vs size(COLLECT { })", Generic, written(false,
			"MATCH (b:B) RETURN b.id AS id, COUNT { MATCH (x)-[:R]->(b) WHERE x.k IS NOT NULL RETURN DISTINCT x } AS n",
			"MATCH (b:B) RETURN b.id AS id, size(COLLECT { MATCH (x)-[:R]->(b) WHERE x.k IS NOT NULL RETURN DISTINCT x }) AS n",
			"MATCH (b:B) OPTIONAL MATCH (x)-[:R]->(b) WHERE x.k IS NOT NULL WITH b, count(DISTINCT x) AS n RETURN b.id AS id, n",
			"MATCH (b:B) CALL { WITH b MATCH (x)-[:R]->(b) WHERE x.k IS NOT NULL RETURN count(DISTINCT x) AS n } RETURN b.id AS id, n",
			"MATCH (b:B) RETURN b.id AS id, COUNT { MATCH (x)-[:R]->(b) WHERE x.k IS NOT NULL WITH DISTINCT x RETURN x } AS n",
			"MATCH (b:B) RETURN b.id AS id, size([x IN COLLECT { MATCH (x)-[:R]->(b) RETURN DISTINCT x } WHERE x.k IS NOT NULL]) AS n",
			"MATCH (b:B) RETURN b.id AS id, COUNT { MATCH (x) WHERE x.k IS NOT NULL AND EXISTS { (x)-[:R]->(b) } RETURN x } AS n",
		)},
		// A nodes whose id written out starts with '1': STARTS WITH,
		// left(), substring(), a regular expression, the head of a split
		// on '1' empty, a trimmed string.
		{"g-h12-string-prefix-id", "string functions vs STARTS WITH", Generic, written(false,
			"MATCH (n:A) WHERE toString(n.id) STARTS WITH '1' RETURN n.id AS id",
			"MATCH (n:A) WHERE left(toString(n.id), 1) = '1' RETURN n.id AS id",
			"MATCH (n:A) WHERE substring(toString(n.id), 0, 1) = '1' RETURN n.id AS id",
			"MATCH (n:A) WHERE toString(n.id) =~ '1.*' RETURN n.id AS id",
			"MATCH (n:A) WHERE head(split(toString(n.id), '1')) = '' RETURN n.id AS id",
			"MATCH (n:A) WHERE trim(' ' + toString(n.id) + ' ') STARTS WITH '1' RETURN n.id AS id",
		)},
		// T neighbours of A nodes per string whose string and key written
		// together end with '2': ENDS WITH, right(), substring() from the
		// end, the reversed string's prefix, a regular expression, the
		// key's last digit with the string present.
		{"g-h12-string-suffix", "string functions vs ENDS WITH", Generic, written(false,
			"MATCH (:A)-[:T]->(b) WHERE b.s + toString(b.k) ENDS WITH '2' RETURN b.s AS s, count(*) AS n",
			"MATCH (:A)-[:T]->(b) WHERE right(b.s + toString(b.k), 1) = '2' RETURN b.s AS s, count(*) AS n",
			"MATCH (:A)-[:T]->(b) WITH b, b.s + toString(b.k) AS x WHERE substring(x, size(x) - 1) = '2' RETURN b.s AS s, count(*) AS n",
			"MATCH (:A)-[:T]->(b) WHERE reverse(b.s + toString(b.k)) STARTS WITH '2' RETURN b.s AS s, count(*) AS n",
			"MATCH (:A)-[:T]->(b) WHERE b.s + toString(b.k) =~ '.*2' RETURN b.s AS s, count(*) AS n",
			"MATCH (:A)-[:T]->(b) WHERE abs(b.k) % 10 = 2 AND b.s IS NOT NULL RETURN b.s AS s, count(*) AS n",
		)},
		// B nodes per key whose string, with 'a' replaced by 'b', is 'b'
		// (strings are one letter, a to d): replace(), IN, OR, below 'c',
		// toUpper() IN, a padded string trimmed, ltrim() of rtrim().
		{"g-h12-replace-trim", "string functions", Generic, written(false,
			"MATCH (n:B) WHERE replace(n.s, 'a', 'b') = 'b' RETURN n.k AS k, count(*) AS c",
			"MATCH (n:B) WHERE n.s IN ['a', 'b'] RETURN n.k AS k, count(*) AS c",
			"MATCH (n:B) WHERE n.s = 'a' OR n.s = 'b' RETURN n.k AS k, count(*) AS c",
			"MATCH (n:B) WHERE n.s < 'c' RETURN n.k AS k, count(*) AS c",
			"MATCH (n:B) WHERE toUpper(n.s) IN ['A', 'B'] RETURN n.k AS k, count(*) AS c",
			"MATCH (n:B) WHERE trim('  ' + n.s + ' ') IN ['a', 'b'] RETURN n.k AS k, count(*) AS c",
			"MATCH (n:B) WHERE ltrim(rtrim(' ' + replace(n.s, 'a', 'b'))) = 'b' RETURN n.k AS k, count(*) AS c",
		)},
		// A nodes with no R relationship to a B node, per string: a
		// negated pattern predicate, NOT EXISTS, EXISTS as a WITH column
		// tested false, a sum of a CASE kept when not zero, OPTIONAL MATCH
		// with a null test, COUNT { } = 0, NOT any() over a comprehension.
		{"g-h12-negated-pattern-positions", "negated pattern predicates", Generic, written(false,
			"MATCH (a:A) WHERE NOT (a)-[:R]->(:B) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE NOT EXISTS { (a)-[:R]->(:B) } RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WITH a, EXISTS { (a)-[:R]->(:B) } AS has WHERE NOT has RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WITH a.s AS s, sum(CASE WHEN (a)-[:R]->(:B) THEN 0 ELSE 1 END) AS n WHERE n > 0 RETURN s, n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:R]->(:B) WITH a, r WHERE r IS NULL RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE COUNT { (a)-[:R]->(:B) } = 0 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE NOT any(b IN [(a)-[:R]->(b) | b] WHERE b:B) RETURN a.s AS s, count(*) AS n",
		)},
		// Per B node, its relationships in from nodes with no T
		// relationship out (0 for none): COUNT { } with a negated
		// predicate, size() of a comprehension with NOT EXISTS, OPTIONAL
		// MATCH then count(), CALL { } counting, a COUNT { } of T
		// relationships equal to 0, NOT IN an uncorrelated COLLECT { }.
		{"g-h12-negation-in-count", "negated pattern predicates", Generic, written(false,
			"MATCH (b:B) RETURN b.id AS id, COUNT { (x)-->(b) WHERE NOT (x)-[:T]->() } AS n",
			"MATCH (b:B) RETURN b.id AS id, size([(x)-[r]->(b) WHERE NOT EXISTS { (x)-[:T]->() } | r]) AS n",
			"MATCH (b:B) OPTIONAL MATCH (x)-[r]->(b) WHERE NOT (x)-[:T]->() WITH b, count(r) AS n RETURN b.id AS id, n",
			"MATCH (b:B) CALL { WITH b MATCH (x)-[r]->(b) WHERE NOT EXISTS { (x)-[:T]->() } RETURN count(r) AS n } RETURN b.id AS id, n",
			"MATCH (b:B) RETURN b.id AS id, COUNT { (x)-->(b) WHERE COUNT { (x)-[:T]->() } = 0 } AS n",
			"MATCH (b:B) RETURN b.id AS id, COUNT { MATCH (x)-->(b) WHERE NOT x IN COLLECT { MATCH (y)-[:T]->() RETURN y } RETURN x } AS n",
		)},
		// Per A node, the distinct keys two hops on (R then S) in order:
		// OPTIONAL MATCH then an ordered collect(DISTINCT), an ordered
		// COLLECT { }, two OPTIONAL MATCH clauses, CALL { } with OPTIONAL
		// MATCH inside, a comprehension unwound with a null appended, the
		// graph's distinct keys kept by EXISTS.
		{"g-h12-optional-chain-collect", "OPTIONAL MATCH vs CALL { } vs COLLECT { }", Generic, written(false,
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->()-[:S]->(c) WITH a, c.k AS k ORDER BY k WITH a, collect(DISTINCT k) AS ks RETURN a.id AS id, ks",
			"MATCH (a:A) RETURN a.id AS id, COLLECT { MATCH (a)-[:R]->()-[:S]->(c) WHERE c.k IS NOT NULL RETURN DISTINCT c.k AS k ORDER BY k } AS ks",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(m) OPTIONAL MATCH (m)-[:S]->(c) WITH a, c.k AS k ORDER BY k WITH a, collect(DISTINCT k) AS ks RETURN a.id AS id, ks",
			"MATCH (a:A) CALL { WITH a OPTIONAL MATCH (a)-[:R]->()-[:S]->(c) RETURN c.k AS k } WITH a, k ORDER BY k WITH a, collect(DISTINCT k) AS ks RETURN a.id AS id, ks",
			"MATCH (a:A) WITH a, [(a)-[:R]->()-[:S]->(c) WHERE c.k IS NOT NULL | c.k] AS xs UNWIND xs + [null] AS k WITH a, k ORDER BY k WITH a, collect(DISTINCT k) AS ks RETURN a.id AS id, ks",
			"MATCH (a:A) RETURN a.id AS id, [k IN COLLECT { MATCH (c) WHERE c.k IS NOT NULL RETURN DISTINCT c.k AS k ORDER BY k } WHERE EXISTS { (a)-[:R]->()-[:S]->(c) WHERE c.k = k }] AS ks",
		)},
		// T relationships from A nodes, per end key, where the end has a
		// key and the relationship a weight: exists() of both properties,
		// IS NOT NULL, NOT IS NULL, the non-null values of the two
		// counted, equality with itself (integers), exists() in a WITH.
		{"g-h12-exists-property", "exists() vs IS NOT NULL", Generic, written(false,
			"MATCH (:A)-[r:T]->(b) WHERE exists(b.k) AND exists(r.w) RETURN b.k AS k, count(*) AS n",
			"MATCH (:A)-[r:T]->(b) WHERE b.k IS NOT NULL AND r.w IS NOT NULL RETURN b.k AS k, count(*) AS n",
			"MATCH (:A)-[r:T]->(b) WHERE NOT b.k IS NULL AND NOT r.w IS NULL RETURN b.k AS k, count(*) AS n",
			"MATCH (:A)-[r:T]->(b) WHERE size([x IN [b.k, r.w] WHERE x IS NOT NULL]) = 2 RETURN b.k AS k, count(*) AS n",
			"MATCH (:A)-[r:T]->(b) WHERE b.k = b.k AND r.w = r.w RETURN b.k AS k, count(*) AS n",
			"MATCH (:A)-[r:T]->(b) WITH b, exists(b.k) AND exists(r.w) AS both WHERE both RETURN b.k AS k, count(*) AS n",
		)},
		// Per A node with keyed R neighbours, the third smallest key (one
		// entry per relationship; null when fewer than three): index 2,
		// head() of tail() twice, the slice from 2 indexed 0, CASE on the
		// size, an ordered COLLECT { } with SKIP and LIMIT indexed 0,
		// head() of a one-element slice, the reversed list indexed from
		// the end behind a CASE.
		{"g-h12-list-index-bounds", "list indexing past the end", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, ks[2] AS third",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, head(tail(tail(ks))) AS third",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, ks[2..][0] AS third",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, CASE WHEN size(ks) >= 3 THEN ks[2] ELSE null END AS third",
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->(b) WHERE b.k IS NOT NULL } RETURN a.id AS id, COLLECT { MATCH (a)-[:R]->(b) WHERE b.k IS NOT NULL RETURN b.k AS k ORDER BY k SKIP 2 LIMIT 1 }[0] AS third",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, head(ks[2..3]) AS third",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, CASE WHEN size(ks) < 3 THEN null ELSE reverse(ks)[size(ks) - 3] END AS third",
		)},
		// The distinct property maps of A nodes' T neighbours that have a
		// key: properties(), the all-properties projection, DISTINCT
		// nodes first, collect(DISTINCT) unwound, properties() of the
		// projection, a UNION of the two spellings, the key tested in
		// properties().
		{"g-h12-property-maps", "properties() and map projections", Generic, written(false,
			"MATCH (:A)-[:T]->(b) WHERE b.k IS NOT NULL RETURN DISTINCT properties(b) AS m",
			"MATCH (:A)-[:T]->(b) WHERE b.k IS NOT NULL RETURN DISTINCT b {.*} AS m",
			"MATCH (:A)-[:T]->(b) WITH DISTINCT b WHERE 'k' IN keys(b) RETURN DISTINCT properties(b) AS m",
			"MATCH (:A)-[:T]->(b) WHERE b.k IS NOT NULL WITH collect(DISTINCT b {.*}) AS ms UNWIND ms AS m RETURN m",
			"MATCH (:A)-[:T]->(b) WHERE b.k IS NOT NULL RETURN DISTINCT properties(b {.*}) AS m",
			"CALL { MATCH (:A)-[:T]->(b) WHERE b.k IS NOT NULL RETURN properties(b) AS m UNION MATCH (:A)-[:T]->(b) WHERE b.k IS NOT NULL RETURN b {.*} AS m } RETURN m",
			"MATCH (:A)-[:T]->(b) WHERE properties(b).k IS NOT NULL RETURN DISTINCT properties(b) AS m",
		)},
		// Nodes reached by R from an A node and by S from a B node, less
		// those of key 0 (a missing key stays): EXISTS twice and the null
		// test, the program (union, intersection, difference), DISTINCT
		// steps with coalesce(), pattern predicates with NOT coalesce(),
		// IN a collected list, COUNT { } > 0.
		{"g-h12-program-intersect", "GraphProgram", Generic, written(false,
			"MATCH (x) WHERE EXISTS { (:A)-[:R]->(x) } AND EXISTS { (:B)-[:S]->(x) } AND (x.k IS NULL OR x.k <> 0) RETURN count(x) AS n",
			programForm(union("MATCH (:A)-[:R]->(x) RETURN x"), intersect("MATCH (:B)-[:S]->(x) RETURN x"), diff("MATCH (x) WHERE x.k = 0 RETURN x")),
			"MATCH (:A)-[:R]->(x) WITH DISTINCT x MATCH (:B)-[:S]->(x) WITH DISTINCT x WHERE coalesce(x.k, -1) <> 0 RETURN count(x) AS n",
			"MATCH (x) WHERE (:A)-[:R]->(x) AND (:B)-[:S]->(x) AND NOT coalesce(x.k = 0, false) RETURN count(*) AS n",
			"MATCH (:A)-[:R]->(x) WITH collect(DISTINCT x) AS l1 MATCH (:B)-[:S]->(y) WHERE y IN l1 AND (y.k IS NULL OR y.k <> 0) RETURN count(DISTINCT y) AS n",
			"MATCH (x) WHERE COUNT { (:A)-[:R]->(x) } > 0 AND COUNT { (:B)-[:S]->(x) } > 0 AND NOT coalesce(x.k, 1) = 0 RETURN count(x) AS n",
		)},
		// Per A node, its R relationships either way (a self-loop once):
		// COUNT { } of the undirected pattern, the directed counts less
		// self-loops, OPTIONAL MATCH with count(), COUNT { } over a UNION
		// of the directions (a self-loop is one relationship), size() of
		// the undirected comprehension, the two directed comprehensions
		// with self-loops kept out of the second, size(COLLECT { DISTINCT }).
		{"g-h12-undirected-degree-union", "undirected vs UNION", Generic, written(false,
			"MATCH (a:A) RETURN a.id AS id, COUNT { (a)-[:R]-() } AS d",
			"MATCH (a:A) RETURN a.id AS id, COUNT { (a)-[:R]->() } + COUNT { (a)<-[:R]-() } - COUNT { (a)-[:R]->(a) } AS d",
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:R]-() WITH a, count(r) AS d RETURN a.id AS id, d",
			"MATCH (a:A) RETURN a.id AS id, COUNT { MATCH (a)-[r:R]->() RETURN r UNION MATCH (a)<-[r:R]-() RETURN r } AS d",
			"MATCH (a:A) RETURN a.id AS id, size([(a)-[r:R]-() | r]) AS d",
			"MATCH (a:A) RETURN a.id AS id, size([(a)-[r:R]->() | r] + [(a)<-[r:R]-(x) WHERE x <> a | r]) AS d",
			"MATCH (a:A) RETURN a.id AS id, size(COLLECT { MATCH (a)-[r:R]-() RETURN DISTINCT r }) AS d",
		)},
		// S relationships from A nodes per sign of the end's key less the
		// weight (null when either is missing): sign(), searched CASE,
		// simple CASE with the quotient, sign() of a float difference,
		// booleans made integers, a list indexed by the sign.
		{"g-h12-sign-case", "sign() vs CASE", Generic, written(false,
			"MATCH (:A)-[r:S]->(b) RETURN sign(b.k - r.w) AS sg, count(*) AS n",
			"MATCH (:A)-[r:S]->(b) RETURN CASE WHEN b.k > r.w THEN 1 WHEN b.k < r.w THEN -1 WHEN b.k = r.w THEN 0 END AS sg, count(*) AS n",
			"MATCH (:A)-[r:S]->(b) RETURN CASE b.k - r.w WHEN 0 THEN 0 ELSE (b.k - r.w) / abs(b.k - r.w) END AS sg, count(*) AS n",
			"MATCH (:A)-[r:S]->(b) RETURN sign(toFloat(b.k) - r.w) AS sg, count(*) AS n",
			"MATCH (:A)-[r:S]->(b) RETURN toInteger(b.k > r.w) - toInteger(b.k < r.w) AS sg, count(*) AS n",
			"MATCH (:A)-[r:S]->(b) RETURN [-1, 0, 1][sign(b.k - r.w) + 1] AS sg, count(*) AS n",
		)},

		// Users graphs.
		// The second page (places 6 to 10) of the hub's out-neighbours by
		// out-degree, then id: ORDER BY ... SKIP ... LIMIT, the page cut in
		// a WITH and ordered again, OPTIONAL MATCH and count() per
		// neighbour, a CALL { } that cuts the page, the ordered pairs
		// collected and sliced, a rank counted over the collected pairs.
		{"u-h12-page-skip-limit", "ORDER BY SKIP LIMIT vs rank", Users, written(true,
			"MATCH (:User {id: $hub})-->(v) WITH v, COUNT { (v)-->() } AS d RETURN v.id AS id, d ORDER BY d DESC, id SKIP 5 LIMIT 5",
			"MATCH (:User {id: $hub})-->(v) WITH v, COUNT { (v)-->() } AS d ORDER BY d DESC, v.id SKIP 5 LIMIT 5 RETURN v.id AS id, d ORDER BY d DESC, id",
			"MATCH (:User {id: $hub})-->(v) OPTIONAL MATCH (v)-->(w) WITH v, count(w) AS d RETURN v.id AS id, d ORDER BY d DESC, id SKIP 5 LIMIT 5",
			"CALL { MATCH (:User {id: $hub})-->(v) RETURN v, COUNT { (v)-->() } AS d ORDER BY d DESC, v.id SKIP 5 LIMIT 5 } RETURN v.id AS id, d ORDER BY d DESC, id",
			"MATCH (:User {id: $hub})-->(v) WITH v, COUNT { (v)-->() } AS d ORDER BY d DESC, v.id WITH collect([v.id, d]) AS rows UNWIND rows[5..10] AS row RETURN row[0] AS id, row[1] AS d",
			"MATCH (:User {id: $hub})-->(v) WITH collect({id: v.id, d: COUNT { (v)-->() }}) AS xs UNWIND xs AS x WITH x, size([y IN xs WHERE y.d > x.d OR (y.d = x.d AND y.id < x.id)]) AS rank WHERE 5 <= rank < 10 RETURN x.id AS id, x.d AS d ORDER BY d DESC, id",
		)},
		// The hub's neighbours linked one way only: XOR of the two
		// EXISTS, <> of them, a UNION of the two one-way sides, the
		// program (union, union, difference), the two comprehensions
		// unwound, the directions counted per neighbour.
		{"u-h12-one-way-neighbours", "undirected vs UNION", Users, written(false,
			"MATCH (h:User {id: $hub})--(v) WHERE EXISTS { (h)-->(v) } XOR EXISTS { (v)-->(h) } RETURN count(DISTINCT v) AS n",
			"MATCH (h:User {id: $hub})--(v) WHERE EXISTS { (h)-->(v) } <> EXISTS { (v)-->(h) } RETURN count(DISTINCT v) AS n",
			"CALL { MATCH (h:User {id: $hub})-->(v) WHERE NOT (v)-->(h) RETURN v UNION MATCH (h:User {id: $hub})<--(v) WHERE NOT (h)-->(v) RETURN v } RETURN count(v) AS n",
			programForm(union("MATCH (:User {id: $hub})-->(v) RETURN v"), union("MATCH (:User {id: $hub})<--(v) RETURN v"), diff("MATCH (h:User {id: $hub})-->(v) WHERE (v)-->(h) RETURN v")),
			"MATCH (h:User {id: $hub}) WITH [(h)-->(v) | v] AS outs, [(h)<--(v) | v] AS ins UNWIND outs + ins AS v WITH DISTINCT v, outs, ins WHERE NOT (v IN outs AND v IN ins) RETURN count(v) AS n",
			"MATCH (h:User {id: $hub})-[r]-(v) WHERE v <> h WITH v, count(DISTINCT CASE WHEN startNode(r) = h THEN 'out' ELSE 'in' END) AS dirs WHERE dirs = 1 RETURN count(v) AS n",
		)},
		// The hub's out-neighbours of even id, with the sum of the halved
		// ids: modulus, integer division back, a float quotient equal to
		// the integer one, a half equal to its floor, the last digit, a
		// float quotient equal to its integer part.
		{"u-h12-int-float-even", "integer and float mixing", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WHERE v.id % 2 = 0 RETURN count(*) AS n, sum(v.id / 2) AS half",
			"MATCH (:User {id: $hub})-->(v) WHERE v.id / 2 * 2 = v.id RETURN count(*) AS n, sum(v.id / 2) AS half",
			"MATCH (:User {id: $hub})-->(v) WHERE toFloat(v.id) / 2 = v.id / 2 RETURN count(*) AS n, sum(v.id / 2) AS half",
			"MATCH (:User {id: $hub})-->(v) WHERE v.id * 0.5 = floor(v.id * 0.5) RETURN count(*) AS n, sum(v.id / 2) AS half",
			"MATCH (:User {id: $hub})-->(v) WHERE toInteger(right(toString(v.id), 1)) IN [0, 2, 4, 6, 8] RETURN count(*) AS n, sum(v.id / 2) AS half",
			"MATCH (:User {id: $hub})-->(v) WHERE v.id / 2.0 = toInteger(v.id / 2.0) RETURN count(*) AS n, sum(v.id / 2) AS half",
		)},
		// The hub's out-neighbours with ten or more out-links: COUNT { },
		// size(COLLECT { }), size() of a comprehension, a count after a
		// MATCH, CALL { } counting, EXISTS { } of a tenth link by SKIP,
		// size(COLLECT { ... LIMIT 10 }).
		{"u-h12-count-at-least", "COUNT { } vs size(COLLECT { })", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WHERE COUNT { (v)-->() } >= 10 RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE size(COLLECT { MATCH (v)-->(w) RETURN w }) >= 10 RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE size([(v)-->(w) | w]) >= 10 RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-[r]->(v)-->(w) WITH r, count(w) AS d WHERE d >= 10 RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) CALL { WITH v MATCH (v)-->() RETURN count(*) AS d } WITH v, d WHERE d >= 10 RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE EXISTS { MATCH (v)-->(w) WITH w SKIP 9 RETURN w } RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE size(COLLECT { MATCH (v)-->(w) RETURN w LIMIT 10 }) = 10 RETURN count(*) AS n",
		)},
		// The hub's out-neighbours linking to none of its other
		// out-neighbours: NOT EXISTS, NOT any() over a comprehension, COUNT
		// { } = 0, none() against the collected neighbours, OPTIONAL MATCH
		// with a null test, a WITH column tested, a sum of a CASE.
		{"u-h12-negated-two-hop", "negated pattern predicates", Users, written(false,
			"MATCH (h:User {id: $hub})-->(v) WHERE NOT EXISTS { (v)-->(w) WHERE (h)-->(w) } RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) WHERE NOT any(w IN [(v)-->(w) | w] WHERE (h)-->(w)) RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) WHERE COUNT { (v)-->(w) WHERE (h)-->(w) } = 0 RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) WITH collect(v) AS vs UNWIND vs AS v WITH v, vs WHERE none(w IN [(v)-->(w) | w] WHERE w IN vs) RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) OPTIONAL MATCH (v)-->(w) WHERE (h)-->(w) WITH v, w WHERE w IS NULL RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) WITH h, v, NOT EXISTS { (v)-->(w) WHERE (h)-->(w) } AS lonely WHERE lonely RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) RETURN sum(CASE WHEN EXISTS { (v)-->(w) WHERE (h)-->(w) } THEN 0 ELSE 1 END) AS n",
		)},
		// The hub's out-neighbours whose id written out starts with '1':
		// STARTS WITH, left(), substring(), a regular expression, the
		// head of a split on '1' empty, the leading digit computed (ids
		// are not negative).
		{"u-h12-id-leading-digit", "string functions vs STARTS WITH", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WHERE toString(v.id) STARTS WITH '1' RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE left(toString(v.id), 1) = '1' RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE substring(toString(v.id), 0, 1) = '1' RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE toString(v.id) =~ '1[0-9]*' RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE head(split(toString(v.id), '1')) = '' RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE toInteger(floor(v.id / 10 ^ (size(toString(v.id)) - 1))) = 1 RETURN count(*) AS n",
		)},
		// The hub's out-neighbours two links from $other and not one:
		// EXISTS and NOT EXISTS, the program (union, intersection,
		// difference), NOT IN $other's collected out-neighbours, COUNT { }
		// tests, a second MATCH of the two links made distinct.
		{"u-h12-program-two-from-other", "GraphProgram", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WHERE EXISTS { (:User {id: $other})-->()-->(v) } AND NOT EXISTS { (:User {id: $other})-->(v) } RETURN count(DISTINCT v) AS n",
			programForm(union("MATCH (:User {id: $hub})-->(v) RETURN v"), intersect("MATCH (:User {id: $other})-->()-->(v) RETURN v"), diff("MATCH (:User {id: $other})-->(v) RETURN v")),
			"MATCH (o:User {id: $other}) WITH [(o)-->(x) | x] AS outs MATCH (:User {id: $hub})-->(v) WHERE NOT v IN outs AND EXISTS { (:User {id: $other})-->()-->(v) } RETURN count(DISTINCT v) AS n",
			"MATCH (:User {id: $hub})-->(v) WHERE COUNT { (:User {id: $other})-->()-->(v) } > 0 AND COUNT { (:User {id: $other})-->(v) } = 0 RETURN count(DISTINCT v) AS n",
			"MATCH (:User {id: $hub})-->(v) MATCH (v)<--()<--(:User {id: $other}) WITH DISTINCT v WHERE NOT (:User {id: $other})-->(v) RETURN count(v) AS n",
		)},

		// Movies.
		// The distinct co-actors of the person over two ACTED_IN
		// relationships that both name roles: all() over relationships(p),
		// two named relationships, a quantified path with the test inside,
		// none() of the empty-or-missing test, NOT isEmpty(), `<> []`.
		{"m-h12-all-roles-path", "list predicates over a path", Movies, written(false,
			"MATCH p = (:Person {name: $who})-[:ACTED_IN*2]-(c:Person) WHERE all(r IN relationships(p) WHERE size(r.roles) > 0) RETURN DISTINCT c.name AS name",
			"MATCH (:Person {name: $who})-[r1:ACTED_IN]->(m)<-[r2:ACTED_IN]-(c:Person) WHERE size(r1.roles) > 0 AND size(r2.roles) > 0 RETURN DISTINCT c.name AS name",
			"MATCH (:Person {name: $who}) (()-[r:ACTED_IN WHERE size(r.roles) > 0]-()){2} (c:Person) RETURN DISTINCT c.name AS name",
			"MATCH (:Person {name: $who})-[rs:ACTED_IN*2]-(c:Person) WHERE none(r IN rs WHERE coalesce(size(r.roles), 0) = 0) RETURN DISTINCT c.name AS name",
			"MATCH p = (:Person {name: $who})-[:ACTED_IN]->(:Movie)<-[:ACTED_IN]-(c:Person) WHERE all(r IN relationships(p) WHERE NOT isEmpty(r.roles)) RETURN DISTINCT c.name AS name",
			"MATCH (:Person {name: $who})-[r1:ACTED_IN]->(m) WHERE r1.roles <> [] MATCH (m)<-[r2:ACTED_IN]-(c:Person) WHERE r2 <> r1 AND r2.roles <> [] RETURN DISTINCT c.name AS name",
		)},
		// Per movie of the person, the birth years of the other actors:
		// the earliest, the latest and how many are known: min() and max(),
		// reduce() over the collected years, CALL { } per movie kept when
		// it has other actors, the ascending list's head and last, a
		// comprehension reduced, the descending list's last and first.
		{"m-h12-born-reduce", "reduce vs aggregation", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WITH m, min(c.born) AS lo, max(c.born) AS hi, count(c.born) AS k RETURN m.title AS title, lo, hi, k",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WITH m, collect(c.born) AS bs RETURN m.title AS title, reduce(x = null, b IN bs | CASE WHEN x IS NULL OR b < x THEN b ELSE x END) AS lo, reduce(x = null, b IN bs | CASE WHEN x IS NULL OR b > x THEN b ELSE x END) AS hi, size(bs) AS k",
			"MATCH (:Person {name: $who})-[r0:ACTED_IN]->(m:Movie) WHERE EXISTS { (m)<-[r:ACTED_IN]-(:Person) WHERE r <> r0 } CALL { WITH m, r0 MATCH (m)<-[r:ACTED_IN]-(c:Person) WHERE r <> r0 RETURN min(c.born) AS lo, max(c.born) AS hi, count(c.born) AS k } RETURN m.title AS title, lo, hi, k",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WITH m, c.born AS b ORDER BY b WITH m, collect(b) AS bs RETURN m.title AS title, head(bs) AS lo, last(bs) AS hi, size(bs) AS k",
			"MATCH (:Person {name: $who})-[r0:ACTED_IN]->(m:Movie) WHERE EXISTS { (m)<-[r:ACTED_IN]-(:Person) WHERE r <> r0 } WITH m, [(m)<-[r:ACTED_IN]-(c:Person) WHERE r <> r0 AND c.born IS NOT NULL | c.born] AS bs RETURN m.title AS title, reduce(x = null, b IN bs | CASE WHEN x IS NULL OR b < x THEN b ELSE x END) AS lo, reduce(x = null, b IN bs | CASE WHEN x IS NULL OR b > x THEN b ELSE x END) AS hi, size(bs) AS k",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WITH m, c.born AS b ORDER BY b DESC WITH m, collect(b) AS bs RETURN m.title AS title, last(bs) AS lo, bs[0] AS hi, size(bs) AS k",
		)},
		// Movies whose title starts with 'The ', with the year: STARTS
		// WITH, left(), substring(), the first word 'The' followed by
		// more, a regular expression, ltrim() of the title unchanged and
		// the prefix.
		{"m-h12-title-prefix", "string functions vs STARTS WITH", Movies, written(false,
			"MATCH (m:Movie) WHERE m.title STARTS WITH 'The ' RETURN m.title AS title, m.released AS year",
			"MATCH (m:Movie) WHERE left(m.title, 4) = 'The ' RETURN m.title AS title, m.released AS year",
			"MATCH (m:Movie) WHERE substring(m.title, 0, 4) = 'The ' RETURN m.title AS title, m.released AS year",
			"MATCH (m:Movie) WHERE split(m.title, ' ')[0] = 'The' AND size(split(m.title, ' ')) > 1 RETURN m.title AS title, m.released AS year",
			"MATCH (m:Movie) WHERE m.title =~ 'The .*' RETURN m.title AS title, m.released AS year",
			"MATCH (m:Movie) WHERE 'The ' + substring(m.title, 4) = m.title RETURN m.title AS title, m.released AS year",
		)},
		// Movies released after 2005 with their directors' names in order
		// and their number of reviews: OPTIONAL MATCH twice, COLLECT { }
		// and COUNT { }, two CALL { } subqueries, the OPTIONAL MATCH
		// clauses swapped, both OPTIONAL MATCH clauses before one
		// aggregation made distinct.
		{"m-h12-optional-chain-call", "OPTIONAL MATCH vs CALL { } vs COLLECT { }", Movies, written(false,
			"MATCH (m:Movie) WHERE m.released > 2005 OPTIONAL MATCH (m)<-[:DIRECTED]-(d:Person) WITH m, d.name AS dn ORDER BY dn WITH m, collect(dn) AS ds OPTIONAL MATCH (m)<-[r:REVIEWED]-(:Person) RETURN m.title AS title, ds, count(r) AS reviews",
			"MATCH (m:Movie) WHERE m.released > 2005 RETURN m.title AS title, COLLECT { MATCH (m)<-[:DIRECTED]-(d:Person) RETURN d.name AS dn ORDER BY dn } AS ds, COUNT { (m)<-[:REVIEWED]-(:Person) } AS reviews",
			"MATCH (m:Movie) WHERE m.released > 2005 CALL { WITH m OPTIONAL MATCH (m)<-[:DIRECTED]-(d:Person) WITH d.name AS dn ORDER BY dn RETURN collect(dn) AS ds } CALL { WITH m OPTIONAL MATCH (m)<-[r:REVIEWED]-(:Person) RETURN count(r) AS reviews } RETURN m.title AS title, ds, reviews",
			"MATCH (m:Movie) WHERE m.released > 2005 OPTIONAL MATCH (m)<-[r:REVIEWED]-(:Person) WITH m, count(r) AS reviews OPTIONAL MATCH (m)<-[:DIRECTED]-(d:Person) WITH m, reviews, d.name AS dn ORDER BY dn WITH m, reviews, collect(dn) AS ds RETURN m.title AS title, ds, reviews",
			"MATCH (m:Movie) WHERE m.released > 2005 OPTIONAL MATCH (m)<-[:DIRECTED]-(d:Person) OPTIONAL MATCH (m)<-[r:REVIEWED]-(:Person) WITH m, d.name AS dn, r ORDER BY dn WITH m, collect(DISTINCT dn) AS ds, count(DISTINCT r) AS reviews RETURN m.title AS title, ds, reviews",
		)},
		// People who acted and never directed, per decade of birth:
		// NOT EXISTS, a negated pattern predicate, COUNT { } = 0, OPTIONAL
		// MATCH with a null test, NOT IN an uncorrelated COLLECT { }, a
		// WITH column, a sum of a CASE kept when not zero.
		{"m-h12-acted-not-directed", "negated pattern predicates", Movies, written(false,
			"MATCH (p:Person) WHERE EXISTS { (p)-[:ACTED_IN]->() } AND NOT EXISTS { (p)-[:DIRECTED]->() } RETURN p.born / 10 * 10 AS decade, count(*) AS n",
			"MATCH (p:Person) WHERE (p)-[:ACTED_IN]->() AND NOT (p)-[:DIRECTED]->() RETURN p.born / 10 * 10 AS decade, count(*) AS n",
			"MATCH (p:Person) WHERE COUNT { (p)-[:ACTED_IN]->() } > 0 AND COUNT { (p)-[:DIRECTED]->() } = 0 RETURN p.born / 10 * 10 AS decade, count(*) AS n",
			"MATCH (p:Person) WHERE EXISTS { (p)-[:ACTED_IN]->() } OPTIONAL MATCH (p)-[d:DIRECTED]->() WITH p, d WHERE d IS NULL RETURN p.born / 10 * 10 AS decade, count(*) AS n",
			"MATCH (p:Person) WHERE (p)-[:ACTED_IN]->() AND NOT p IN COLLECT { MATCH (d)-[:DIRECTED]->() RETURN d } RETURN p.born / 10 * 10 AS decade, count(*) AS n",
			"MATCH (p:Person) WHERE (p)-[:ACTED_IN]->() WITH p, EXISTS { (p)-[:DIRECTED]->() } AS directed WHERE NOT directed RETURN p.born / 10 * 10 AS decade, count(*) AS n",
			"MATCH (p:Person) WHERE (p)-[:ACTED_IN]->() WITH p.born / 10 * 10 AS decade, sum(CASE WHEN (p)-[:DIRECTED]->() THEN 0 ELSE 1 END) AS n WHERE n > 0 RETURN decade, n",
		)},
		// Per movie, its actors born before 1960: the year compared, the
		// dates compared behind a WITH that drops unknown years (date() of
		// a null year is an error), the year's string, duration.between()
		// in years, epoch seconds of the first instants.
		{"m-h12-born-before-temporal", "temporal comparisons", Movies, written(false,
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE p.born < 1960 RETURN m.title AS title, count(*) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE p.born IS NOT NULL WITH p, m WHERE date({year: p.born}) < date('1960-01-01') RETURN m.title AS title, count(*) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE toString(p.born) < '1960' RETURN m.title AS title, count(*) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE p.born IS NOT NULL WITH p, m WHERE duration.between(date({year: p.born}), date('1960-01-01')).years > 0 RETURN m.title AS title, count(*) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE p.born IS NOT NULL WITH p, m WHERE datetime({year: p.born}).epochSeconds < datetime('1960-01-01T00:00:00Z').epochSeconds RETURN m.title AS title, count(*) AS n",
			"MATCH (m:Movie) WITH m, COUNT { (p:Person)-[:ACTED_IN]->(m) WHERE p.born < 1960 } AS n WHERE n > 0 RETURN m.title AS title, n",
		)},
		// REVIEWED relationships per rating band with ratings mixed with
		// floats: the rating over 10.0 compared, the integer rating
		// compared, toFloat(), integer division, a float bound in a CASE.
		{"m-h12-rating-int-float", "integer and float mixing", Movies, written(false,
			"MATCH (:Person)-[r:REVIEWED]->(:Movie) RETURN CASE WHEN r.rating / 100.0 >= 0.75 THEN 'high' ELSE 'low' END AS band, count(*) AS n",
			"MATCH (:Person)-[r:REVIEWED]->(:Movie) RETURN CASE WHEN r.rating >= 75 THEN 'high' ELSE 'low' END AS band, count(*) AS n",
			"MATCH (:Person)-[r:REVIEWED]->(:Movie) RETURN CASE WHEN toFloat(r.rating) >= 74.5 THEN 'high' ELSE 'low' END AS band, count(*) AS n",
			"MATCH (:Person)-[r:REVIEWED]->(:Movie) RETURN CASE WHEN r.rating / 25 >= 3 THEN 'high' ELSE 'low' END AS band, count(*) AS n",
			"MATCH (:Person)-[r:REVIEWED]->(:Movie) RETURN CASE WHEN r.rating * 0.25 < 18.75 THEN 'low' WHEN r.rating IS NULL THEN 'low' ELSE 'high' END AS band, count(*) AS n",
		)},

		// Stack Overflow.
		// Questions tagged $tag whose title starts with 'how' in any case:
		// toLower() with STARTS WITH, left() of the lowered title, the
		// lowered prefix, substring(), a case-insensitive regular
		// expression, toUpper().
		{"s-h12-title-how", "string functions vs STARTS WITH", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE toLower(q.title) STARTS WITH 'how' RETURN count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE left(toLower(q.title), 3) = 'how' RETURN count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE toLower(left(q.title, 3)) = 'how' RETURN count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE substring(toLower(q.title), 0, 3) = 'how' RETURN count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.title =~ '(?is)how.*' RETURN count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE toUpper(q.title) STARTS WITH 'HOW' RETURN count(*) AS n",
		)},
		// Questions tagged $tag2 per answer count, with how many carry an
		// accepted answer id: exists() of the property, IS NOT NULL, NOT IS
		// NULL, equality with itself (integers), the non-null singleton,
		// count() of the property.
		{"s-h12-accepted-exists", "exists() vs IS NOT NULL", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN q.answer_count AS answers, sum(CASE WHEN exists(q.accepted_answer_id) THEN 1 ELSE 0 END) AS accepted, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN q.answer_count AS answers, sum(CASE WHEN q.accepted_answer_id IS NOT NULL THEN 1 ELSE 0 END) AS accepted, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN q.answer_count AS answers, sum(CASE WHEN NOT q.accepted_answer_id IS NULL THEN 1 ELSE 0 END) AS accepted, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN q.answer_count AS answers, sum(CASE WHEN q.accepted_answer_id = q.accepted_answer_id THEN 1 ELSE 0 END) AS accepted, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN q.answer_count AS answers, sum(size([x IN [q.accepted_answer_id] WHERE x IS NOT NULL])) AS accepted, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag2}) WITH q.answer_count AS answers, exists(q.accepted_answer_id) AS has RETURN answers, count(CASE WHEN has THEN 1 END) AS accepted, count(*) AS n",
		)},
		// The provider's answers scoring 3 or more, with the scores' sum
		// (scores are integers): against 2.5, against 3.0, as floats, over
		// 2.0, above 2, plus a half.
		{"s-h12-score-int-float", "integer and float mixing", StackOverflow, written(false,
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) WHERE a.score >= 2.5 RETURN count(*) AS n, sum(a.score) AS total",
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) WHERE a.score >= 3.0 RETURN count(*) AS n, sum(a.score) AS total",
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) WHERE toFloat(a.score) > 2.5 RETURN count(*) AS n, sum(a.score) AS total",
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) WHERE a.score / 2.0 >= 1.25 RETURN count(*) AS n, sum(a.score) AS total",
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) WHERE a.score > 2 RETURN count(*) AS n, sum(a.score) AS total",
			"MATCH (:User {user_id: $provider})-[:PROVIDED]->(a:Answer) WHERE a.score + 0.5 >= 3.5 RETURN count(*) AS n, sum(a.score) AS total",
		)},
		// Questions tagged $tag created in 2015 or later, per answer
		// count (creation dates are epoch seconds): the epoch compared,
		// datetimes compared, the year, dates compared, the ISO string
		// compared, a datetime of the year's map.
		{"s-h12-created-since", "temporal comparisons", StackOverflow, written(false,
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE q.creation_date >= 1420070400 RETURN q.answer_count AS a, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE datetime({epochSeconds: q.creation_date}) >= datetime('2015-01-01T00:00:00Z') RETURN q.answer_count AS a, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE datetime({epochSeconds: q.creation_date}).year >= 2015 RETURN q.answer_count AS a, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE date(datetime({epochSeconds: q.creation_date})) >= date('2015-01-01') RETURN q.answer_count AS a, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE toString(datetime({epochSeconds: q.creation_date})) >= '2015' RETURN q.answer_count AS a, count(*) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE datetime({epochSeconds: q.creation_date}).epochMillis >= datetime({year: 2015, timezone: 'Z'}).epochMillis RETURN q.answer_count AS a, count(*) AS n",
		)},
		// Places 4 to 8 of the users by questions asked under $tag, then
		// user id: ORDER BY ... SKIP ... LIMIT, the page cut in a WITH,
		// COUNT { } per asker, the ordered pairs collected and sliced, a
		// rank counted over the collected pairs.
		{"s-h12-askers-page", "ORDER BY SKIP LIMIT vs rank", StackOverflow, written(true,
			"MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE u.user_id IS NOT NULL WITH u, count(*) AS c RETURN u.user_id AS id, c ORDER BY c DESC, id SKIP 3 LIMIT 5",
			"MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE u.user_id IS NOT NULL WITH u, count(*) AS c ORDER BY c DESC, u.user_id SKIP 3 LIMIT 5 RETURN u.user_id AS id, c ORDER BY c DESC, id",
			"MATCH (u:User) WHERE u.user_id IS NOT NULL WITH u, COUNT { (u)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) } AS c WHERE c > 0 RETURN u.user_id AS id, c ORDER BY c DESC, id SKIP 3 LIMIT 5",
			"MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE u.user_id IS NOT NULL WITH u, count(*) AS c ORDER BY c DESC, u.user_id WITH collect([u.user_id, c]) AS rows UNWIND rows[3..8] AS row RETURN row[0] AS id, row[1] AS c",
			"MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE u.user_id IS NOT NULL WITH u, count(*) AS c WITH collect({id: u.user_id, c: c}) AS xs UNWIND xs AS x WITH x, size([y IN xs WHERE y.c > x.c OR (y.c = x.c AND y.id < x.id)]) AS rank WHERE 3 <= rank < 8 RETURN x.id AS id, x.c AS c ORDER BY c DESC, id",
		)},

		// LDBC.
		// The person's friendships with someone having an email at a
		// '.com' address (emails are lists): any() with ENDS WITH, right(),
		// the last part of a split on '.', the reversed address's prefix,
		// a regular expression, the addresses unwound and the friendships
		// made distinct.
		{"l-h12-email-suffix", "string functions vs ENDS WITH", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE any(e IN f.email WHERE e ENDS WITH '.com') RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE any(e IN f.email WHERE right(e, 4) = '.com') RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE any(e IN f.email WHERE size(split(e, '.')) > 1 AND last(split(e, '.')) = 'com') RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE any(e IN f.email WHERE reverse(e) STARTS WITH 'moc.') RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE any(e IN f.email WHERE e =~ '(?s).*[.]com') RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) UNWIND f.email AS e WITH k, e WHERE e ENDS WITH '.com' WITH DISTINCT k RETURN count(*) AS n",
		)},
		// The person's friendships made in the second half of 2010, per
		// friend's gender: datetimes compared, the datetime's year and
		// month, dates compared, date.truncate() to the quarter IN a list,
		// the ISO string's prefixes, epoch milliseconds compared.
		{"l-h12-knows-late-2010", "temporal comparisons", LDBC, written(false,
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) WHERE k.creationDate >= datetime('2010-07-01T00:00:00Z') AND k.creationDate < datetime('2011-01-01T00:00:00Z') RETURN f.gender AS g, count(*) AS n",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) WHERE k.creationDate.year = 2010 AND k.creationDate.month >= 7 RETURN f.gender AS g, count(*) AS n",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) WHERE date(k.creationDate) >= date('2010-07-01') AND date(k.creationDate) < date('2011-01-01') RETURN f.gender AS g, count(*) AS n",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) WHERE date.truncate('quarter', k.creationDate) IN [date('2010-07-01'), date('2010-10-01')] RETURN f.gender AS g, count(*) AS n",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) WHERE left(toString(k.creationDate), 7) >= '2010-07' AND left(toString(k.creationDate), 4) = '2010' RETURN f.gender AS g, count(*) AS n",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) WHERE 1277942400000 <= k.creationDate.epochMillis < 1293840000000 RETURN f.gender AS g, count(*) AS n",
		)},
		// The distinct people two KNOWS hops from the person along
		// friendships made before July 2010: all() over relationships(p),
		// a quantified path with the test inside, two named
		// relationships, none() of the converse, the variable-length
		// list with dates compared, a reduce() of the latest instant.
		{"l-h12-knows-early-path", "list predicates over a path", LDBC, written(false,
			"MATCH p = (:Person {id: $person})-[:KNOWS*2]-(c:Person) WHERE all(k IN relationships(p) WHERE k.creationDate < datetime('2010-07-01T00:00:00Z')) RETURN count(DISTINCT c) AS n",
			"MATCH (:Person {id: $person}) (()-[k:KNOWS WHERE k.creationDate < datetime('2010-07-01T00:00:00Z')]-()){2} (c:Person) RETURN count(DISTINCT c) AS n",
			"MATCH (:Person {id: $person})-[k1:KNOWS]-()-[k2:KNOWS]-(c:Person) WHERE k1.creationDate.epochMillis < 1277942400000 AND k2.creationDate.epochMillis < 1277942400000 RETURN count(DISTINCT c) AS n",
			"MATCH p = (:Person {id: $person})-[:KNOWS*2]-(c:Person) WHERE none(k IN relationships(p) WHERE k.creationDate >= datetime('2010-07-01T00:00:00Z')) RETURN count(DISTINCT c) AS n",
			"MATCH (:Person {id: $person})-[ks:KNOWS*2]-(c:Person) WHERE all(k IN ks WHERE date(k.creationDate) < date('2010-07-01')) RETURN count(DISTINCT c) AS n",
			"MATCH p = (:Person {id: $person})-[:KNOWS*2]-(c:Person) WHERE reduce(y = 0, k IN relationships(p) | CASE WHEN k.creationDate.epochMillis > y THEN k.creationDate.epochMillis ELSE y END) < 1277942400000 RETURN count(DISTINCT c) AS n",
		)},
		// Per friendship of the person, the friend's messages longer than
		// 100: COUNT { }, size(COLLECT { }), size() of a comprehension,
		// OPTIONAL MATCH then count(), CALL { } counting, COUNT { } with a
		// WITH inside.
		{"l-h12-long-messages-count", "COUNT { } vs size(COLLECT { })", LDBC, written(false,
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) RETURN f.id AS id, COUNT { (f)<-[:HAS_CREATOR]-(m:Message) WHERE m.length > 100 } AS n",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) RETURN f.id AS id, size(COLLECT { MATCH (f)<-[:HAS_CREATOR]-(m:Message) WHERE m.length > 100 RETURN m }) AS n",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) RETURN f.id AS id, size([(f)<-[:HAS_CREATOR]-(m:Message) WHERE m.length > 100 | m]) AS n",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) OPTIONAL MATCH (f)<-[:HAS_CREATOR]-(m:Message) WHERE m.length > 100 WITH k, f, count(m) AS n RETURN f.id AS id, n",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) CALL { WITH f MATCH (f)<-[:HAS_CREATOR]-(m:Message) WHERE m.length > 100 RETURN count(*) AS n } RETURN f.id AS id, n",
			"MATCH (:Person {id: $person})-[k:KNOWS]-(f:Person) RETURN f.id AS id, COUNT { MATCH (f)<-[:HAS_CREATOR]-(m:Message) WITH m WHERE m.length > 100 RETURN m } AS n",
		)},
		// The person's friends born in the 1980s, per gender: dates
		// compared, the year's decade, date.truncate() to the decade, the
		// ISO string's prefix, the year in a range, the bounds' eve and
		// last day.
		{"l-h12-born-eighties", "temporal comparisons", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE f.birthday >= date('1980-01-01') AND f.birthday < date('1990-01-01') RETURN f.gender AS g, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE f.birthday.year / 10 = 198 RETURN f.gender AS g, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE date.truncate('decade', f.birthday) = date('1980-01-01') RETURN f.gender AS g, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE toString(f.birthday) STARTS WITH '198' RETURN f.gender AS g, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE f.birthday.year IN range(1980, 1989) RETURN f.gender AS g, count(*) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE date('1979-12-31') < f.birthday <= date('1989-12-31') RETURN f.gender AS g, count(*) AS n",
		)},

		// Northwind.
		// Order lines of the category worth 100 or more (quantity, an
		// integer, times the unit price, a float), with their quantities'
		// sum: the product, the factors swapped, the quantity made a
		// float, the difference, NOT below, a count of a CASE.
		{"n-h12-line-value-int-float", "integer and float mixing", Northwind, written(false,
			"MATCH (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) WHERE o.quantity * o.unitPrice >= 100 RETURN count(*) AS n, sum(o.quantity) AS q",
			"MATCH (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) WHERE o.unitPrice * o.quantity >= 100.0 RETURN count(*) AS n, sum(o.quantity) AS q",
			"MATCH (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) WHERE toFloat(o.quantity) * o.unitPrice >= 100 RETURN count(*) AS n, sum(o.quantity) AS q",
			"MATCH (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) WHERE o.quantity * o.unitPrice - 100 >= 0 RETURN count(*) AS n, sum(o.quantity) AS q",
			"MATCH (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) WHERE NOT o.quantity * o.unitPrice < 100 RETURN count(*) AS n, sum(o.quantity) AS q",
			"MATCH (:Order)-[o:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) RETURN count(CASE WHEN o.quantity * o.unitPrice >= 100 THEN 1 END) AS n, sum(CASE WHEN o.quantity * o.unitPrice >= 100 THEN o.quantity ELSE 0 END) AS q",
		)},
		// The customer's orders placed in the first quarter of 1997, per
		// employee (dates are strings): parsed dates compared, the month
		// prefix IN a list, the parsed date's year and quarter, the date
		// strings compared, the parts made integers, date.truncate() to
		// the quarter.
		{"n-h12-order-quarter", "temporal comparisons", Northwind, written(false,
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)<-[:SOLD]-(e:Employee) WHERE date(left(o.orderDate, 10)) >= date('1997-01-01') AND date(left(o.orderDate, 10)) < date('1997-04-01') RETURN e.lastName AS e, count(*) AS n",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)<-[:SOLD]-(e:Employee) WHERE left(o.orderDate, 7) IN ['1997-01', '1997-02', '1997-03'] RETURN e.lastName AS e, count(*) AS n",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)<-[:SOLD]-(e:Employee) WITH e, date(left(o.orderDate, 10)) AS d WHERE d.year = 1997 AND d.quarter = 1 RETURN e.lastName AS e, count(*) AS n",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)<-[:SOLD]-(e:Employee) WHERE '1997-01-01' <= left(o.orderDate, 10) < '1997-04-01' RETURN e.lastName AS e, count(*) AS n",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)<-[:SOLD]-(e:Employee) WHERE toInteger(substring(o.orderDate, 0, 4)) = 1997 AND toInteger(substring(o.orderDate, 5, 2)) <= 3 RETURN e.lastName AS e, count(*) AS n",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)<-[:SOLD]-(e:Employee) WHERE date.truncate('quarter', date(left(o.orderDate, 10))) = date('1997-01-01') RETURN e.lastName AS e, count(*) AS n",
		)},
		// Products of the category whose name ends with 'e': ENDS WITH,
		// right(), the reversed name's prefix, a regular expression,
		// substring() from the last character, the last word's suffix.
		{"n-h12-product-suffix", "string functions vs ENDS WITH", Northwind, written(false,
			"MATCH (p:Product)-[:PART_OF]->(:Category {categoryName: $category}) WHERE p.productName ENDS WITH 'e' RETURN p.productName AS name",
			"MATCH (p:Product)-[:PART_OF]->(:Category {categoryName: $category}) WHERE right(p.productName, 1) = 'e' RETURN p.productName AS name",
			"MATCH (p:Product)-[:PART_OF]->(:Category {categoryName: $category}) WHERE reverse(p.productName) STARTS WITH 'e' RETURN p.productName AS name",
			"MATCH (p:Product)-[:PART_OF]->(:Category {categoryName: $category}) WHERE p.productName =~ '(?s).*e' RETURN p.productName AS name",
			"MATCH (p:Product)-[:PART_OF]->(:Category {categoryName: $category}) WHERE size(p.productName) > 0 AND substring(p.productName, size(p.productName) - 1) = 'e' RETURN p.productName AS name",
			"MATCH (p:Product)-[:PART_OF]->(:Category {categoryName: $category}) WHERE last(split(p.productName, ' ')) ENDS WITH 'e' RETURN p.productName AS name",
		)},

		// WN18RR.
		// Entities with a hypernym chain of two or three links up to the
		// entity whose every entity but the last has a definition longer
		// than 20 characters: all() over nodes(p) but the last, a
		// quantified path testing each link's lower end, all() over the
		// relationships' start nodes, a UNION of the two lengths, the
		// variable-length list's start nodes.
		{"w-h12-hypernym-chain-defs", "quantified path with inner WHERE", WordNet, written(false,
			"MATCH p = (x)-[:_hypernym*2..3]->(:Entity {id: $entity}) WHERE all(n IN nodes(p)[..-1] WHERE size(n.definition) > 20) RETURN count(DISTINCT x) AS n",
			"MATCH (x) ((a)-[:_hypernym]->(b) WHERE size(a.definition) > 20){2,3} (:Entity {id: $entity}) RETURN count(DISTINCT x) AS n",
			"MATCH p = (x)-[:_hypernym*2..3]->(:Entity {id: $entity}) WHERE all(r IN relationships(p) WHERE size(startNode(r).definition) > 20) RETURN count(DISTINCT x) AS n",
			"CALL { MATCH (x)-[:_hypernym]->(y)-[:_hypernym]->(:Entity {id: $entity}) WHERE size(x.definition) > 20 AND size(y.definition) > 20 RETURN x UNION MATCH (x)-[:_hypernym]->(y)-[:_hypernym]->(z)-[:_hypernym]->(:Entity {id: $entity}) WHERE size(x.definition) > 20 AND size(y.definition) > 20 AND size(z.definition) > 20 RETURN x } RETURN count(x) AS n",
			"MATCH (x)-[rs:_hypernym*2..3]->(:Entity {id: $entity}) WHERE all(r IN rs WHERE size(startNode(r).definition) > 20) RETURN count(DISTINCT x) AS n",
		)},
		// The entity's hyponyms whose name ends with 'er': ENDS WITH,
		// right(), the reversed name's prefix, substring() from the end
		// behind a size test, a regular expression, the last two
		// characters' split.
		{"w-h12-name-suffix", "string functions vs ENDS WITH", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE h.name ENDS WITH 'er' RETURN h.name AS name",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE right(h.name, 2) = 'er' RETURN h.name AS name",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE reverse(h.name) STARTS WITH 're' RETURN h.name AS name",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE size(h.name) >= 2 AND substring(h.name, size(h.name) - 2) = 'er' RETURN h.name AS name",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE h.name =~ '(?s).*er' RETURN h.name AS name",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE size(split(h.name, 'er')) > 1 AND last(split(h.name, 'er')) = '' RETURN h.name AS name",
		)},
		// The entity's hyponyms with a derivationally related form and no
		// member meronym either way: EXISTS and NOT EXISTS, the program
		// (union, intersection, difference), COUNT { } tests, OPTIONAL
		// MATCH with a null test, NOT IN a collected list.
		{"w-h12-program-derivational", "GraphProgram", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE EXISTS { (h)-[:_derivationally_related_form]-() } AND NOT EXISTS { (h)-[:_member_meronym]-() } RETURN count(DISTINCT h) AS n",
			programForm(union("MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN h"), intersect("MATCH (h)-[:_derivationally_related_form]-() RETURN h"), diff("MATCH (h)-[:_member_meronym]-() RETURN h")),
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WHERE COUNT { (h)-[:_derivationally_related_form]-() } > 0 AND COUNT { (h)-[:_member_meronym]-() } = 0 RETURN count(DISTINCT h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH DISTINCT h WHERE (h)-[:_derivationally_related_form]-() OPTIONAL MATCH (h)-[r:_member_meronym]-() WITH h, r WHERE r IS NULL RETURN count(h) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH collect(DISTINCT h) AS hs MATCH (x)-[:_derivationally_related_form]-() WHERE x IN hs AND NOT (x)-[:_member_meronym]-() RETURN count(DISTINCT x) AS n",
		)},
	}
}
