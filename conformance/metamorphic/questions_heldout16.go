package metamorphic

// heldout16Questions are the sixteenth held-out round's kinds, where the
// fifteen earlier rounds were thin: spread statistics (stDev(), stDevP()
// and percentileCont() against the formulas over collected, sorted and
// unwound lists, rounded where the summation order differs); set
// similarity of two neighbourhoods (the shared and the combined
// neighbours of two nodes, or of two tags' questions, by COUNT { },
// lists, OPTIONAL MATCH and UNWIND); running totals over ordered lists
// (reduce() building the list, slices summed, the total less the
// suffix, UNWIND of the index range); the most common value per group
// with ties broken by the value (an ordered collect's head, reduce() of
// the counted pairs, none() of a better pair); two OPTIONAL MATCH fans
// and chains counted with DISTINCT (the rows they multiply undone)
// against COUNT { ... RETURN DISTINCT }, COLLECT { } sizes and CALL { };
// EXISTS { } and COUNT { } over full subqueries with aggregation inside;
// quantified path patterns whose group variables are read as lists
// (`r[0].w`, `y[i].k > x[i].k`) and whose inner WHERE compares the
// group's two nodes; histograms with empty buckets (UNWIND range()
// joined by OPTIONAL MATCH, COUNT { } per bucket, a UNION ALL of
// zeros); walks of two relationships counted as degree sums less the
// relationship itself (self-loops); nodes at a distance of exactly two
// (two links and not one, the least length of `*0..2`, programs);
// DISTINCT in nested aggregates (count(DISTINCT) and sum(DISTINCT) of
// per-node counts); UNWIND of a list with repeated values and a null
// joined to a match (the repeats kept); lists sorted without ORDER BY
// (an insertion sort by reduce(), a reversed ordered COLLECT { });
// negated relationship types on variable-length and quantified paths;
// replace() and map lookups as grouping keys; means rounded half up
// (round(), floor(x + 0.5), toInteger(), round(x, 0)); words counted in
// strings (split(), replace(), characters compared one by one); the hour
// of a datetime (the accessor, truncation, epoch seconds, the ISO
// string); GraphProgram forms of two-hop reach less typed nodes and of
// two in-links from different labels.
func heldout16Questions() []Question {
	return []Question{
		// Generic graphs.
		// Per string of A nodes, the sample and population standard
		// deviations of the key (nulls skipped; 0.0 for fewer than two or
		// no keys), rounded to six places: the aggregates, the two-pass
		// formula over the collected keys, the mean by avg() and the
		// squared deviations reduced, the nodes unwound against the mean
		// and summed, the sums of keys and squares.
		{"g-h16-stdev", "spread statistics", Generic, written(false,
			"MATCH (n:A) RETURN n.s AS s, round(stDev(n.k), 6) AS sd, round(stDevP(n.k), 6) AS sdp",
			"MATCH (n:A) WITH n.s AS s, collect(n.k) AS ks WITH s, ks, size(ks) AS c WITH s, ks, c, CASE WHEN c = 0 THEN 0.0 ELSE reduce(t = 0.0, k IN ks | t + k) / c END AS m WITH s, c, reduce(t = 0.0, k IN ks | t + (k - m) ^ 2) AS ss RETURN s, round(CASE WHEN c < 2 THEN 0.0 ELSE sqrt(ss / (c - 1)) END, 6) AS sd, round(CASE WHEN c = 0 THEN 0.0 ELSE sqrt(ss / c) END, 6) AS sdp",
			"MATCH (n:A) WITH n.s AS s, avg(n.k) AS m, count(n.k) AS c, collect(n.k) AS ks WITH s, c, reduce(t = 0.0, k IN ks | t + (k - m) ^ 2) AS ss RETURN s, round(CASE WHEN c < 2 THEN 0.0 ELSE sqrt(ss / (c - 1)) END, 6) AS sd, round(CASE WHEN c = 0 THEN 0.0 ELSE sqrt(ss / c) END, 6) AS sdp",
			"MATCH (n:A) WITH n.s AS s, avg(n.k) AS m, collect(n) AS ns UNWIND ns AS x WITH s, m, x.k AS k WITH s, count(k) AS c, sum((k - m) ^ 2) AS ss RETURN s, round(CASE WHEN c < 2 THEN 0.0 ELSE sqrt(ss / (c - 1)) END, 6) AS sd, round(CASE WHEN c = 0 THEN 0.0 ELSE sqrt(ss / c) END, 6) AS sdp",
			"MATCH (n:A) WITH n.s AS s, sum(n.k) AS t, sum(n.k * n.k) AS q, count(n.k) AS c RETURN s, round(CASE WHEN c < 2 THEN 0.0 ELSE sqrt(abs(q - toFloat(t) * t / c) / (c - 1)) END, 6) AS sd, round(CASE WHEN c = 0 THEN 0.0 ELSE sqrt(abs(q - toFloat(t) * t / c) / c) END, 6) AS sdp",
		)},
		// Per string of A nodes, the median key by percentileCont() and the
		// least key as a float (null when no key): the aggregates, the
		// sorted list's two middle elements averaged, the descending list
		// (the same middle), the two middle indices unwound and averaged,
		// min() made a float.
		{"g-h16-percentile-cont", "spread statistics", Generic, written(false,
			"MATCH (n:A) RETURN n.s AS s, percentileCont(n.k, 0.5) AS med, percentileCont(n.k, 0.0) AS lo",
			"MATCH (n:A) WITH n.s AS s, n.k AS k ORDER BY k WITH s, collect(k) AS ks RETURN s, CASE WHEN size(ks) = 0 THEN null ELSE (ks[(size(ks) - 1) / 2] + ks[size(ks) / 2]) / 2.0 END AS med, toFloat(ks[0]) AS lo",
			"MATCH (n:A) WITH n.s AS s, n.k AS k ORDER BY k DESC WITH s, collect(k) AS ks RETURN s, CASE WHEN size(ks) = 0 THEN null ELSE (ks[(size(ks) - 1) / 2] + ks[size(ks) / 2]) / 2.0 END AS med, toFloat(last(ks)) AS lo",
			"MATCH (n:A) WITH n.s AS s, n.k AS k ORDER BY k WITH s, collect(k) AS ks UNWIND [(size(ks) - 1) / 2, size(ks) / 2] AS i WITH s, ks, avg(ks[i]) AS med RETURN s, med, toFloat(ks[0]) AS lo",
			"MATCH (n:A) WITH n.s AS s, collect(n.k) AS ks, toFloat(min(n.k)) AS lo RETURN s, CASE WHEN size(ks) = 0 THEN null ELSE (reduce(acc = [], k IN ks | [x IN acc WHERE x <= k] + [k] + [x IN acc WHERE x > k])[(size(ks) - 1) / 2] + reduce(acc = [], k IN ks | [x IN acc WHERE x <= k] + [k] + [x IN acc WHERE x > k])[size(ks) / 2]) / 2.0 END AS med, lo",
		)},
		// The R out-neighbours the $a nodes share with the $b nodes and
		// those of either (each pair of such nodes, a node possibly both):
		// COUNT { } of distinct shared ends and of nodes either reaches,
		// two distinct COLLECT { } lists intersected, OPTIONAL MATCH lists,
		// the lists concatenated and unwound with a null, CALL { } counts.
		{"g-h16-jaccard", "set similarity of neighbourhoods", Generic, written(false,
			"MATCH (a {id: $a}), (b {id: $b}) RETURN COUNT { MATCH (a)-[:R]->(x) WHERE (b)-[:R]->(x) RETURN DISTINCT x } AS i, COUNT { MATCH (x) WHERE (a)-[:R]->(x) OR (b)-[:R]->(x) RETURN x } AS u",
			"MATCH (a {id: $a}), (b {id: $b}) WITH COLLECT { MATCH (a)-[:R]->(x) RETURN DISTINCT x } AS xs, COLLECT { MATCH (b)-[:R]->(y) RETURN DISTINCT y } AS ys RETURN size([x IN xs WHERE x IN ys]) AS i, size(xs) + size(ys) - size([x IN xs WHERE x IN ys]) AS u",
			"MATCH (a {id: $a}), (b {id: $b}) OPTIONAL MATCH (a)-[:R]->(x) WITH a, b, collect(DISTINCT x) AS xs OPTIONAL MATCH (b)-[:R]->(y) WITH a, b, xs, collect(DISTINCT y) AS ys RETURN size([y IN ys WHERE y IN xs]) AS i, size(xs + [y IN ys WHERE NOT y IN xs]) AS u",
			"MATCH (a {id: $a}), (b {id: $b}) WITH a, b, [(a)-[:R]->(x) | x] AS xs, [(b)-[:R]->(y) | y] AS ys UNWIND xs + ys + [null] AS z WITH a, b, xs, ys, count(DISTINCT z) AS u RETURN size(reduce(d = [], x IN xs | CASE WHEN x IN ys AND NOT x IN d THEN d + [x] ELSE d END)) AS i, u",
			"MATCH (a {id: $a}), (b {id: $b}) CALL { WITH a, b MATCH (a)-[:R]->(x) WHERE EXISTS { (b)-[:R]->(x) } RETURN count(DISTINCT x) AS i } CALL { WITH a, b OPTIONAL MATCH (x) WHERE (a)-[:R]->(x) OR (b)-[:R]->(x) RETURN count(x) AS u } RETURN i, u",
		)},
		// Per A node, the running totals of its R out-neighbours' keys in
		// ascending order: each prefix reduced, reduce() appending to the
		// last total, one-based slices, the index range unwound and the
		// totals collected in order, the total less each suffix.
		{"g-h16-running-totals", "running totals", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, [i IN range(0, size(ks) - 1) | reduce(t = 0, x IN ks[..i + 1] | t + x)] AS run",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, reduce(acc = [], x IN ks | acc + [coalesce(last(acc), 0) + x]) AS run",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks RETURN a.id AS id, [i IN range(1, size(ks)) | reduce(t = 0, x IN ks[0..i] | t + x)] AS run",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks UNWIND range(0, size(ks) - 1) AS i WITH a, i, reduce(t = 0, x IN ks[..i + 1] | t + x) AS t ORDER BY i WITH a, collect(t) AS run RETURN a.id AS id, run",
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k WITH a, collect(k) AS ks WITH a, ks, reduce(t = 0, x IN ks | t + x) AS total RETURN a.id AS id, [i IN range(0, size(ks) - 1) | total - reduce(t = 0, x IN ks[i + 1..] | t + x)] AS run",
		)},
		// Per string of A nodes, the most common key (ties to the least
		// key): the counted keys ordered and the first collected, reduce()
		// of the counted pairs against their greatest count, pairs as
		// lists, the groups ordered then head(), none() of a better pair.
		{"g-h16-mode", "most common value per group", Generic, written(false,
			"MATCH (n:A) WHERE n.k IS NOT NULL WITH n.s AS s, n.k AS k, count(*) AS c ORDER BY c DESC, k WITH s, collect(k)[0] AS mode RETURN s, mode",
			"MATCH (n:A) WHERE n.k IS NOT NULL WITH n.s AS s, n.k AS k, count(*) AS c WITH s, max(c) AS top, collect({k: k, c: c}) AS kc RETURN s, reduce(m = null, x IN kc | CASE WHEN x.c = top AND (m IS NULL OR x.k < m) THEN x.k ELSE m END) AS mode",
			"MATCH (n:A) WHERE n.k IS NOT NULL WITH n.s AS s, n.k AS k, count(*) AS c WITH s, collect([c, k]) AS pairs WITH s, pairs, reduce(t = 0, p IN pairs | CASE WHEN p[0] > t THEN p[0] ELSE t END) AS top RETURN s, reduce(m = null, p IN pairs | CASE WHEN p[0] = top AND (m IS NULL OR p[1] < m) THEN p[1] ELSE m END) AS mode",
			"MATCH (n:A) WHERE n.k IS NOT NULL WITH n.s AS s, n.k AS k, count(*) AS c ORDER BY s, c DESC, k WITH s, head(collect(k)) AS mode RETURN s, mode",
			"MATCH (n:A) WHERE n.k IS NOT NULL WITH n.s AS s, n.k AS k, count(*) AS c WITH s, collect({k: k, c: c}) AS kc UNWIND kc AS x WITH s, x, kc WHERE none(y IN kc WHERE y.c > x.c OR (y.c = x.c AND y.k < x.k)) RETURN s, x.k AS mode",
		)},
		// Per A node, its distinct R out-neighbours and distinct S
		// in-neighbours: two OPTIONAL MATCH fans counted DISTINCT (their
		// rows multiply), a count between them, COUNT { } and COLLECT { }
		// with RETURN DISTINCT, comprehensions made distinct by reduce(),
		// two CALL { } of optional counts.
		{"g-h16-two-optional-fans", "OPTIONAL MATCH fans counted with DISTINCT", Generic, written(false,
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(x) OPTIONAL MATCH (a)<-[:S]-(y) WITH a, count(DISTINCT x) AS outs, count(DISTINCT y) AS ins RETURN a.id AS id, outs, ins",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(x) WITH a, count(DISTINCT x) AS outs OPTIONAL MATCH (a)<-[:S]-(y) WITH a, outs, count(DISTINCT y) AS ins RETURN a.id AS id, outs, ins",
			"MATCH (a:A) RETURN a.id AS id, COUNT { MATCH (a)-[:R]->(x) RETURN DISTINCT x } AS outs, COUNT { MATCH (a)<-[:S]-(y) RETURN DISTINCT y } AS ins",
			"MATCH (a:A) RETURN a.id AS id, size(COLLECT { MATCH (a)-[:R]->(x) RETURN DISTINCT x }) AS outs, size(COLLECT { MATCH (a)<-[:S]-(y) RETURN DISTINCT y }) AS ins",
			"MATCH (a:A) WITH a, [(a)-[:R]->(x) | x] AS xs, [(a)<-[:S]-(y) | y] AS ys RETURN a.id AS id, size(reduce(d = [], x IN xs | CASE WHEN x IN d THEN d ELSE d + [x] END)) AS outs, size(reduce(d = [], y IN ys | CASE WHEN y IN d THEN d ELSE d + [y] END)) AS ins",
			"MATCH (a:A) CALL { WITH a OPTIONAL MATCH (a)-[:R]->(x) RETURN count(DISTINCT x) AS outs } CALL { WITH a OPTIONAL MATCH (a)<-[:S]-(y) RETURN count(DISTINCT y) AS ins } RETURN a.id AS id, outs, ins",
		)},
		// Per A node, its distinct R out-neighbours and the distinct ends of
		// an S after them: an OPTIONAL MATCH chain counted DISTINCT, COUNT
		// { } of each, the first list then an OPTIONAL MATCH from its
		// members, two CALL { } of optional counts, comprehensions.
		{"g-h16-optional-chain-aggregates", "OPTIONAL MATCH fans counted with DISTINCT", Generic, written(false,
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) OPTIONAL MATCH (b)-[:S]->(c) WITH a, count(DISTINCT b) AS bs, count(DISTINCT c) AS cs RETURN a.id AS id, bs, cs",
			"MATCH (a:A) RETURN a.id AS id, COUNT { MATCH (a)-[:R]->(b) RETURN DISTINCT b } AS bs, COUNT { MATCH (a)-[:R]->()-[:S]->(c) RETURN DISTINCT c } AS cs",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WITH a, collect(DISTINCT b) AS bs OPTIONAL MATCH (x)-[:S]->(c) WHERE x IN bs WITH a, bs, count(DISTINCT c) AS cs RETURN a.id AS id, size(bs) AS bs, cs",
			"MATCH (a:A) CALL { WITH a OPTIONAL MATCH (a)-[:R]->(b) RETURN count(DISTINCT b) AS bs } CALL { WITH a OPTIONAL MATCH (a)-[:R]->()-[:S]->(c) RETURN count(DISTINCT c) AS cs } RETURN a.id AS id, bs, cs",
			"MATCH (a:A) WITH a, [(a)-[:R]->(b) | b] AS bs, [(a)-[:R]->()-[:S]->(c) | c] AS cs UNWIND [null] + cs AS c WITH a, bs, count(DISTINCT c) AS cs UNWIND [null] + bs AS b WITH a, cs, count(DISTINCT b) AS bs RETURN a.id AS id, bs, cs",
		)},
		// A nodes with more than two R relationships to nodes of key at
		// least 1, per string: EXISTS { } over a subquery that counts and
		// filters, COUNT { } > 2, a comprehension's size, the match
		// counted and filtered, CALL { } of the count, EXISTS { } of the
		// collected relationships.
		{"g-h16-exists-aggregate-body", "EXISTS over a subquery with aggregation", Generic, written(false,
			"MATCH (a:A) WHERE EXISTS { MATCH (a)-[:R]->(b) WHERE b.k >= 1 WITH count(*) AS c WHERE c > 2 RETURN c } RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE COUNT { (a)-[:R]->(b) WHERE b.k >= 1 } > 2 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE size([(a)-[:R]->(b) WHERE b.k >= 1 | b]) > 2 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE b.k >= 1 WITH a, count(*) AS c WHERE c > 2 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) CALL { WITH a MATCH (a)-[:R]->(b) WHERE b.k >= 1 RETURN count(*) AS c } WITH a, c WHERE c > 2 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A) WHERE EXISTS { MATCH (a)-[r:R]->(b) WHERE b.k >= 1 WITH collect(r) AS rs WHERE size(rs) >= 3 RETURN rs } RETURN a.s AS s, count(*) AS n",
		)},
		// Per A node, the distinct strings among its R out-neighbours:
		// COUNT { } with RETURN DISTINCT of the property, count(DISTINCT)
		// of an OPTIONAL MATCH, a distinct COLLECT { }'s size, reduce()
		// making the comprehension distinct, CALL { } with WITH DISTINCT.
		{"g-h16-count-distinct-body", "COUNT { } with RETURN DISTINCT", Generic, written(false,
			"MATCH (a:A) RETURN a.id AS id, COUNT { MATCH (a)-[:R]->(b) WHERE b.s IS NOT NULL RETURN DISTINCT b.s } AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WITH a, count(DISTINCT b.s) AS n RETURN a.id AS id, n",
			"MATCH (a:A) RETURN a.id AS id, size(COLLECT { MATCH (a)-[:R]->(b) WHERE b.s IS NOT NULL RETURN DISTINCT b.s AS s }) AS n",
			"MATCH (a:A) RETURN a.id AS id, size(reduce(d = [], x IN [(a)-[:R]->(b) WHERE b.s IS NOT NULL | b.s] | CASE WHEN x IN d THEN d ELSE d + x END)) AS n",
			"MATCH (a:A) CALL { WITH a MATCH (a)-[:R]->(b) WITH DISTINCT b.s AS s WHERE s IS NOT NULL RETURN count(*) AS n } RETURN a.id AS id, n",
		)},
		// Per string of the end, the R paths of exactly two relationships
		// out of the $a nodes and the sum of their two weights (a null
		// weight leaves the path out of the sum): a quantified path's
		// relationship list indexed, explicit hops, a fixed-length
		// relationship list indexed, reduce() over relationships(p) and
		// over the group list, the weights listed by index first.
		{"g-h16-qpp-group-lists", "quantified path group variables as lists", Generic, written(false,
			"MATCH (a {id: $a}) ((x)-[r:R]->(y)){2} (b) RETURN b.s AS s, sum(r[0].w + r[1].w) AS t, count(*) AS n",
			"MATCH (a {id: $a})-[r1:R]->()-[r2:R]->(b) RETURN b.s AS s, sum(r1.w + r2.w) AS t, count(*) AS n",
			"MATCH (a {id: $a})-[rs:R*2]->(b) RETURN b.s AS s, sum(rs[0].w + rs[1].w) AS t, count(*) AS n",
			"MATCH p = (a {id: $a})-[:R*2..2]->(b) RETURN b.s AS s, sum(reduce(t = 0, r IN relationships(p) | t + r.w)) AS t, count(*) AS n",
			"MATCH (a {id: $a}) ((x)-[r:R]->(y)){2} (b) RETURN b.s AS s, sum(reduce(t = 0, e IN r | t + e.w)) AS t, count(*) AS n",
			"MATCH (a {id: $a}) ((x)-[r:R]->(y)){2} (b) WITH b, [i IN range(0, 1) | r[i].w] AS ws RETURN b.s AS s, sum(ws[0] + ws[1]) AS t, count(*) AS n",
		)},
		// Per string of the end, the R paths of one to three relationships
		// out of the $a nodes along which the key rises at every step: a
		// quantified path whose inner WHERE compares its two nodes, all()
		// over the path's node indices, all() over the group lists, a
		// UNION ALL of explicit hops, reduce() over the relationships'
		// ends.
		{"g-h16-qpp-rising-keys", "quantified path group variables as lists", Generic, written(false,
			"MATCH (a {id: $a}) ((x)-[:R]->(y) WHERE y.k > x.k){1,3} (b) RETURN b.s AS s, count(*) AS n",
			"MATCH p = (a {id: $a})-[:R*1..3]->(b) WHERE all(i IN range(0, length(p) - 1) WHERE nodes(p)[i + 1].k > nodes(p)[i].k) RETURN b.s AS s, count(*) AS n",
			"MATCH (a {id: $a}) ((x)-[:R]->(y)){1,3} (b) WHERE all(i IN range(0, size(x) - 1) WHERE y[i].k > x[i].k) RETURN b.s AS s, count(*) AS n",
			"CALL { MATCH (a {id: $a})-[:R]->(b) WHERE b.k > a.k RETURN b UNION ALL MATCH (a {id: $a})-[:R]->(m)-[:R]->(b) WHERE m.k > a.k AND b.k > m.k RETURN b UNION ALL MATCH (a {id: $a})-[:R]->(m)-[:R]->(o)-[:R]->(b) WHERE m.k > a.k AND o.k > m.k AND b.k > o.k RETURN b } RETURN b.s AS s, count(*) AS n",
			"MATCH p = (a {id: $a})-[:R*1..3]->(b) WHERE reduce(ok = true, r IN relationships(p) | ok AND endNode(r).k > startNode(r).k) RETURN b.s AS s, count(*) AS n",
		)},
		// A nodes per key from 0 to 4, a key no A node has counted 0:
		// UNWIND of the range joined by OPTIONAL MATCH, COUNT { } per key,
		// the keys collected and counted per bucket, CALL { } counts
		// looked up in pairs, the optional nodes summed by CASE, a UNION
		// ALL of zeros and ones summed.
		{"g-h16-histogram-empty-buckets", "histograms with empty buckets", Generic, written(false,
			"UNWIND range(0, 4) AS k OPTIONAL MATCH (n:A {k: k}) RETURN k, count(n) AS n",
			"UNWIND range(0, 4) AS k RETURN k, COUNT { MATCH (n:A) WHERE n.k = k } AS n",
			"MATCH (n:A) WITH collect(n.k) AS ks UNWIND range(0, 4) AS k RETURN k, size([x IN ks WHERE x = k]) AS n",
			"CALL { MATCH (n:A) WHERE n.k IN range(0, 4) RETURN n.k AS k, count(*) AS c } WITH collect([k, c]) AS kc UNWIND range(0, 4) AS k RETURN k, coalesce(head([p IN kc WHERE p[0] = k | p[1]]), 0) AS n",
			"UNWIND range(0, 4) AS k OPTIONAL MATCH (n:A) WHERE n.k = k RETURN k, sum(CASE WHEN n IS NULL THEN 0 ELSE 1 END) AS n",
			"CALL { UNWIND range(0, 4) AS k RETURN k, 0 AS c UNION ALL MATCH (n:A) WHERE 0 <= n.k <= 4 RETURN n.k AS k, 1 AS c } RETURN k, sum(c) AS n",
		)},
		// Walks of two R relationships out of A nodes (two different
		// relationships), per string with at least one: the two-hop match,
		// the middle node's R out-degree less the first relationship
		// summed, OPTIONAL MATCH of another relationship, the inequality
		// written out, a comprehension less the first relationship, the
		// degree less one for a self-loop.
		{"g-h16-walk-count", "two-relationship walks as degree sums", Generic, written(false,
			"MATCH (a:A)-[:R]->()-[:R]->(c) RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[r:R]->(b) WITH a.s AS s, sum(COUNT { (b)-[q:R]->() WHERE q <> r }) AS n WHERE n > 0 RETURN s, n",
			"MATCH (a:A)-[r:R]->(b) OPTIONAL MATCH (b)-[q:R]->() WHERE q <> r WITH a.s AS s, count(q) AS n WHERE n > 0 RETURN s, n",
			"MATCH (a:A)-[r1:R]->(b)-[r2:R]->(c) WHERE r1 <> r2 RETURN a.s AS s, count(*) AS n",
			"MATCH (a:A)-[r:R]->(b) WITH a, r, [(b)-[q:R]->() | q] AS qs WITH a.s AS s, sum(size([q IN qs WHERE q <> r])) AS n WHERE n > 0 RETURN s, n",
			"MATCH (a:A)-[r:R]->(b) WITH a.s AS s, sum(COUNT { (b)-[:R]->() } - CASE WHEN startNode(r) = endNode(r) THEN 1 ELSE 0 END) AS n WHERE n > 0 RETURN s, n",
		)},
		// Nodes two R links from the $a nodes that are none of them and
		// no R out-neighbour of any: NOT EXISTS of a start that is the
		// node or links to it, the program of a union less both, the
		// starts and their neighbours collected, pattern tests, EXISTS
		// and NOT EXISTS, the least length of `*0..2`.
		{"g-h16-distance-two", "nodes at a distance of exactly two", Generic, written(false,
			"MATCH ({id: $a})-[:R]->()-[:R]->(b) WHERE NOT EXISTS { MATCH (x {id: $a}) WHERE x = b OR (x)-[:R]->(b) } RETURN count(DISTINCT b) AS n",
			programForm(union("MATCH ({id: $a})-[:R]->()-[:R]->(b) RETURN b"), diff("MATCH ({id: $a})-[:R]->(b) RETURN b"), diff("MATCH (b {id: $a}) RETURN b")),
			"MATCH (a {id: $a}) OPTIONAL MATCH (a)-[:R]->(x) WITH collect(DISTINCT a) AS roots, collect(DISTINCT x) AS ones MATCH (s)-[:R]->()-[:R]->(b) WHERE s IN roots AND NOT b IN roots AND NOT b IN ones RETURN count(DISTINCT b) AS n",
			"MATCH ({id: $a})-[:R*2]->(b) WHERE coalesce(b.id <> $a, true) AND NOT ({id: $a})-[:R]->(b) RETURN count(DISTINCT b) AS n",
			"MATCH (b) WHERE EXISTS { ({id: $a})-[:R]->()-[:R]->(b) } AND NOT EXISTS { ({id: $a})-[:R]->(b) } AND (b.id IS NULL OR b.id <> $a) RETURN count(b) AS n",
			"MATCH p = ({id: $a})-[:R*0..2]->(b) WITH b, min(length(p)) AS d WHERE d = 2 RETURN count(b) AS n",
		)},
		// Per string of A nodes, how many distinct R out-degrees they have
		// and the sum of those degrees: count(DISTINCT) and sum(DISTINCT)
		// of COUNT { }, WITH DISTINCT first, collect(DISTINCT) of OPTIONAL
		// MATCH counts reduced, the degrees grouped first.
		{"g-h16-distinct-nested-aggregates", "DISTINCT in nested aggregates", Generic, written(false,
			"MATCH (a:A) WITH a.s AS s, COUNT { (a)-[:R]->() } AS d RETURN s, count(DISTINCT d) AS kinds, sum(DISTINCT d) AS total",
			"MATCH (a:A) WITH a.s AS s, COUNT { (a)-[:R]->() } AS d WITH DISTINCT s, d RETURN s, count(d) AS kinds, sum(d) AS total",
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:R]->() WITH a, count(r) AS d WITH a.s AS s, collect(DISTINCT d) AS ds RETURN s, size(ds) AS kinds, reduce(t = 0, x IN ds | t + x) AS total",
			"MATCH (a:A) WITH a.s AS s, size([(a)-[:R]->() | 1]) AS d WITH s, d, count(*) AS freq RETURN s, count(d) AS kinds, sum(d) AS total",
			"MATCH (a:A) WITH a, COUNT { (a)-[:R]->() } AS d WITH a.s AS s, collect(d) AS ds RETURN s, size(reduce(u = [], x IN ds | CASE WHEN x IN u THEN u ELSE u + x END)) AS kinds, reduce(t = 0, x IN reduce(u = [], x IN ds | CASE WHEN x IN u THEN u ELSE u + x END) | t + x) AS total",
		)},
		// Nodes per string matched by a list of ids with a repeat and a
		// null (each match once per equal element): UNWIND joined to a
		// property map, IN with the repeats counted, a WHERE equality, a
		// MATCH before the UNWIND, CALL { } per element, CASE weights.
		{"g-h16-unwind-repeats", "UNWIND of a list with repeats joined to a match", Generic, written(false,
			"UNWIND [$a, $a, null, $b] AS id MATCH (n {id: id}) RETURN n.s AS s, count(*) AS c",
			"MATCH (n) WHERE n.id IN [$a, $b] RETURN n.s AS s, sum(size([x IN [$a, $a, null, $b] WHERE x = n.id])) AS c",
			"UNWIND [$a, $a, null, $b] AS id MATCH (n) WHERE n.id = id RETURN n.s AS s, count(*) AS c",
			"MATCH (n) UNWIND [$a, $a, null, $b] AS id WITH n, id WHERE n.id = id RETURN n.s AS s, count(*) AS c",
			"UNWIND [$a, $a, null, $b] AS id CALL { WITH id MATCH (n {id: id}) RETURN n } RETURN n.s AS s, count(*) AS c",
			"MATCH (n) WHERE n.id IN [$a, $a, null, $b] WITH n, CASE WHEN n.id = $a THEN 2 ELSE 0 END + CASE WHEN n.id = $b THEN 1 ELSE 0 END AS m RETURN n.s AS s, sum(m) AS c",
		)},
		// Per A node, the keys of its R out-neighbours in descending order
		// (one per relationship): an ordered COLLECT { }, an insertion sort
		// by reduce() over a comprehension, the ordered OPTIONAL MATCH
		// collected, the ascending COLLECT { } reversed, CALL { } of the
		// ordered collect.
		{"g-h16-sorted-lists", "lists sorted without ORDER BY", Generic, written(false,
			"MATCH (a:A) RETURN a.id AS id, COLLECT { MATCH (a)-[:R]->(b) WHERE b.k IS NOT NULL RETURN b.k AS k ORDER BY k DESC } AS ks",
			"MATCH (a:A) WITH a, [(a)-[:R]->(b) WHERE b.k IS NOT NULL | b.k] AS ks RETURN a.id AS id, reduce(acc = [], k IN ks | [x IN acc WHERE x >= k] + [k] + [x IN acc WHERE x < k]) AS ks",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k DESC WITH a, collect(k) AS ks RETURN a.id AS id, ks",
			"MATCH (a:A) RETURN a.id AS id, reverse(COLLECT { MATCH (a)-[:R]->(b) WHERE b.k IS NOT NULL RETURN b.k AS k ORDER BY k }) AS ks",
			"MATCH (a:A) CALL { WITH a OPTIONAL MATCH (a)-[:R]->(b) WHERE b.k IS NOT NULL WITH b.k AS k ORDER BY k DESC RETURN collect(k) AS ks } RETURN a.id AS id, ks",
		)},
		// Per string of the end, paths of one or two relationships other
		// than T out of the $a nodes: a negated type on a variable-length
		// relationship, the other two types, a quantified path with a
		// negated type, none() of the list a T, all() of the types, a
		// UNION ALL of the hops.
		{"g-h16-negated-type-var-length", "negated relationship types on paths", Generic, written(false,
			"MATCH ({id: $a})-[:!T*1..2]->(b) RETURN b.s AS s, count(*) AS n",
			"MATCH ({id: $a})-[:R|S*1..2]->(b) RETURN b.s AS s, count(*) AS n",
			"MATCH ({id: $a}) (()-[:!T]->()){1,2} (b) RETURN b.s AS s, count(*) AS n",
			"MATCH ({id: $a})-[rs*1..2]->(b) WHERE none(r IN rs WHERE r:T) RETURN b.s AS s, count(*) AS n",
			"MATCH p = ({id: $a})-[*1..2]->(b) WHERE all(r IN relationships(p) WHERE type(r) <> 'T') RETURN b.s AS s, count(*) AS n",
			"CALL { MATCH ({id: $a})-[:R|S]->(b) RETURN b UNION ALL MATCH ({id: $a})-[:R|S]->()-[:R|S]->(b) RETURN b } RETURN b.s AS s, count(*) AS n",
		)},
		// A nodes and their key sum per string with 'a' read as 'b':
		// replace(), a simple CASE, IN a list, a map lookup with the
		// string as key, reduce() over replacement pairs, the string bound
		// first.
		{"g-h16-replace-keys", "replace() and map lookups as grouping keys", Generic, written(false,
			"MATCH (n:A) RETURN replace(n.s, 'a', 'b') AS s, count(*) AS n, sum(n.k) AS t",
			"MATCH (n:A) RETURN CASE n.s WHEN 'a' THEN 'b' ELSE n.s END AS s, count(*) AS n, sum(n.k) AS t",
			"MATCH (n:A) RETURN CASE WHEN n.s IN ['a', 'b'] THEN 'b' ELSE n.s END AS s, count(*) AS n, sum(n.k) AS t",
			"MATCH (n:A) RETURN coalesce({a: 'b'}[n.s], n.s) AS s, count(*) AS n, sum(n.k) AS t",
			"MATCH (n:A) RETURN reduce(x = n.s, p IN [['a', 'b']] | replace(x, p[0], p[1])) AS s, count(*) AS n, sum(n.k) AS t",
			"MATCH (n:A) WITH n, n.s AS s0 WITH n, CASE WHEN s0 = 'a' THEN 'b' ELSE s0 END AS s RETURN s, count(*) AS n, sum(n.k) AS t",
		)},
		// Per string of A nodes, the mean R out-weight rounded half up
		// (null when no weight): round(), floor(x + 0.5), toInteger() of
		// x + 0.5 made a float, round(x, 0), a CASE on the fraction, the
		// sum over the count.
		{"g-h16-rounded-means", "means rounded half up", Generic, written(false,
			"MATCH (a:A)-[r:R]->() RETURN a.s AS s, round(avg(r.w)) AS m",
			"MATCH (a:A)-[r:R]->() WITH a.s AS s, avg(r.w) AS x RETURN s, floor(x + 0.5) AS m",
			"MATCH (a:A)-[r:R]->() WITH a.s AS s, avg(r.w) AS x RETURN s, toFloat(toInteger(x + 0.5)) AS m",
			"MATCH (a:A)-[r:R]->() RETURN a.s AS s, round(avg(r.w), 0) AS m",
			"MATCH (a:A)-[r:R]->() WITH a.s AS s, avg(r.w) AS x RETURN s, CASE WHEN x - floor(x) >= 0.5 THEN ceil(x) ELSE floor(x) END AS m",
			"MATCH (a:A)-[r:R]->() WITH a.s AS s, sum(r.w) AS t, count(r.w) AS c RETURN s, CASE WHEN c = 0 THEN null ELSE round(toFloat(t) / c) END AS m",
		)},
		// Nodes one or two R links from the $a nodes with a key and no T
		// relationship in either direction: the Cypher test, the program
		// of a union less the T ends and intersected with the keyed nodes,
		// the program of two unions less each direction and the unkeyed,
		// EXISTS and COUNT { }, a quantified path made distinct.
		{"g-h16-program-two-hop-untyped", "GraphProgram of reach less typed nodes", Generic, written(false,
			"MATCH ({id: $a})-[:R*1..2]->(b) WHERE NOT (b)-[:T]-() AND b.k IS NOT NULL RETURN count(DISTINCT b) AS n",
			programForm(union("MATCH ({id: $a})-[:R*1..2]->(b) RETURN b"), diff("MATCH (b)-[:T]-() RETURN b"), intersect("MATCH (b) WHERE b.k IS NOT NULL RETURN b")),
			programForm(union("MATCH ({id: $a})-[:R]->(b) RETURN b"), union("MATCH ({id: $a})-[:R]->()-[:R]->(b) RETURN b"), diff("MATCH (b)<-[:T]-() RETURN b"), diff("MATCH (b)-[:T]->() RETURN b"), diff("MATCH (b) WHERE b.k IS NULL RETURN b")),
			"MATCH (b) WHERE b.k IS NOT NULL AND EXISTS { ({id: $a})-[:R*1..2]->(b) } AND COUNT { (b)-[:T]-() } = 0 RETURN count(b) AS n",
			"MATCH ({id: $a}) (()-[:R]->()){1,2} (b) WITH DISTINCT b WHERE NOT EXISTS { (b)<-[:T]-() } AND NOT EXISTS { (b)-[:T]->() } AND b.k IS NOT NULL RETURN count(*) AS n",
		)},
		// Nodes with an R in-link from an A node and an S in-link from a B
		// node that are not C: EXISTS tests, the program of a union
		// intersected less the C nodes, the program from the non-C nodes
		// intersected twice, one pattern into the node, a collected list.
		{"g-h16-program-two-in-links", "GraphProgram of two in-links", Generic, written(false,
			"MATCH (x) WHERE EXISTS { (:A)-[:R]->(x) } AND EXISTS { (:B)-[:S]->(x) } AND NOT x:C RETURN count(x) AS n",
			programForm(union("MATCH (:A)-[:R]->(x) RETURN x"), intersect("MATCH (:B)-[:S]->(x) RETURN x"), diff("MATCH (x:C) RETURN x")),
			programForm(union("MATCH (x:!C) RETURN x"), intersect("MATCH (:A)-[:R]->(x) RETURN x"), intersect("MATCH (:B)-[:S]->(x) RETURN x")),
			"MATCH (:A)-[:R]->(x:!C)<-[:S]-(:B) RETURN count(DISTINCT x) AS n",
			"MATCH (:A)-[:R]->(x) WITH collect(DISTINCT x) AS xs MATCH (:B)-[:S]->(y) WHERE y IN xs AND NOT y:C RETURN count(DISTINCT y) AS n",
		)},
		// Users graphs.
		// The hub's and the other user's out-neighbours shared and in
		// either: COUNT { } of shared ends and of users either links to,
		// two distinct COLLECT { } lists intersected, OPTIONAL MATCH
		// lists, the lists concatenated and unwound with a null, CALL { }
		// counts.
		{"u-h16-jaccard", "set similarity of neighbourhoods", Users, written(false,
			"MATCH (a:User {id: $hub}), (b:User {id: $other}) RETURN COUNT { MATCH (a)-->(x) WHERE (b)-->(x) RETURN DISTINCT x } AS i, COUNT { MATCH (x) WHERE (a)-->(x) OR (b)-->(x) RETURN x } AS u",
			"MATCH (a:User {id: $hub}), (b:User {id: $other}) WITH COLLECT { MATCH (a)-->(x) RETURN DISTINCT x } AS xs, COLLECT { MATCH (b)-->(y) RETURN DISTINCT y } AS ys RETURN size([x IN xs WHERE x IN ys]) AS i, size(xs) + size(ys) - size([x IN xs WHERE x IN ys]) AS u",
			"MATCH (a:User {id: $hub}), (b:User {id: $other}) OPTIONAL MATCH (a)-->(x) WITH a, b, collect(DISTINCT x) AS xs OPTIONAL MATCH (b)-->(y) WITH a, b, xs, collect(DISTINCT y) AS ys RETURN size([y IN ys WHERE y IN xs]) AS i, size(xs + [y IN ys WHERE NOT y IN xs]) AS u",
			"MATCH (a:User {id: $hub}), (b:User {id: $other}) WITH a, b, [(a)-->(x) | x] AS xs, [(b)-->(y) | y] AS ys UNWIND xs + ys + [null] AS z WITH a, b, xs, ys, count(DISTINCT z) AS u RETURN size([x IN xs WHERE x IN ys]) AS i, u",
			"MATCH (a:User {id: $hub}), (b:User {id: $other}) CALL { WITH a, b MATCH (a)-->(x) WHERE EXISTS { (b)-->(x) } RETURN count(DISTINCT x) AS i } CALL { WITH a, b MATCH (a)-->(x) RETURN collect(DISTINCT x) AS xs } CALL { WITH b, xs MATCH (b)-->(y) WHERE NOT y IN xs RETURN count(DISTINCT y) AS extra } RETURN i, size(xs) + extra AS u",
		)},
		// Users two links from the hub that are not the hub nor one of its
		// out-neighbours: a pattern test, the program of a union less
		// both, the neighbours collected, EXISTS and NOT EXISTS, the least
		// length of `*0..2`, shortestPath()'s length read after a WITH (a
		// WHERE on the path would pick the shortest path that passes it).
		{"u-h16-distance-two", "nodes at a distance of exactly two", Users, written(false,
			"MATCH (h:User {id: $hub})-->()-->(b) WHERE b <> h AND NOT (h)-->(b) RETURN count(DISTINCT b) AS n",
			programForm(union("MATCH (:User {id: $hub})-->()-->(b) RETURN b"), diff("MATCH (:User {id: $hub})-->(b) RETURN b"), diff("MATCH (b:User {id: $hub}) RETURN b")),
			"MATCH (h:User {id: $hub})-->(x) WITH h, collect(x) AS ones MATCH (h)-->()-->(b) WHERE b <> h AND NOT b IN ones RETURN count(DISTINCT b) AS n",
			"MATCH (h:User {id: $hub}) MATCH (b) WHERE EXISTS { (h)-->()-->(b) } AND NOT EXISTS { (h)-->(b) } AND b <> h RETURN count(b) AS n",
			"MATCH p = (:User {id: $hub})-[*0..2]->(b) WITH b, min(length(p)) AS d WHERE d = 2 RETURN count(b) AS n",
			"MATCH (h:User {id: $hub})-->()-->(b) WITH DISTINCT h, b WHERE b <> h MATCH p = shortestPath((h)-[*..2]->(b)) WITH b, length(p) AS d WHERE d = 2 RETURN count(b) AS n",
		)},
		// Walks of two links out of the hub (two different links, a
		// self-loop used once): the two-hop match, the middle's
		// out-degree less the first link summed, OPTIONAL MATCH of another
		// link, a comprehension less the first link, the degree less one
		// for a self-loop.
		{"u-h16-walk-count", "two-relationship walks as degree sums", Users, written(false,
			"MATCH (:User {id: $hub})-[r1]->()-[r2]->(c) RETURN count(*) AS n",
			"MATCH (:User {id: $hub})-[r]->(b) RETURN sum(COUNT { (b)-[q]->() WHERE q <> r }) AS n",
			"MATCH (:User {id: $hub})-[r]->(b) OPTIONAL MATCH (b)-[q]->() WHERE q <> r RETURN count(q) AS n",
			"MATCH (:User {id: $hub})-[r]->(b) WITH r, [(b)-[q]->() | q] AS qs RETURN sum(size([q IN qs WHERE q <> r])) AS n",
			"MATCH (:User {id: $hub})-[r]->(b) RETURN sum(COUNT { (b)-->() } - CASE WHEN startNode(r) = endNode(r) THEN 1 ELSE 0 END) AS n",
		)},
		// The out-degrees of the hub's out-neighbours: their sample
		// standard deviation rounded and their median: the aggregates,
		// the sorted degrees' formulas, the degrees collected from
		// OPTIONAL MATCH counts and unwound against the mean.
		{"u-h16-degree-spread", "spread statistics", Users, written(false,
			"MATCH (:User {id: $hub})-->(v) WITH v, COUNT { (v)-->() } AS d RETURN round(stDev(d), 6) AS sd, percentileCont(d, 0.5) AS med",
			"MATCH (:User {id: $hub})-->(v) WITH COUNT { (v)-->() } AS d ORDER BY d WITH collect(d) AS ds WITH ds, size(ds) AS c, toFloat(reduce(t = 0, d IN ds | t + d)) / size(ds) AS m RETURN round(CASE WHEN c < 2 THEN 0.0 ELSE sqrt(reduce(t = 0.0, d IN ds | t + (d - m) ^ 2) / (c - 1)) END, 6) AS sd, (ds[(c - 1) / 2] + ds[c / 2]) / 2.0 AS med",
			"MATCH (:User {id: $hub})-->(v) OPTIONAL MATCH (v)-[r]->() WITH v, count(r) AS d WITH collect(d) AS ds, avg(d) AS m, percentileCont(d, 0.5) AS med UNWIND ds + [null] AS d WITH m, med, count(d) AS c, sum((d - m) ^ 2) AS ss RETURN round(CASE WHEN c < 2 THEN 0.0 ELSE sqrt(ss / (c - 1)) END, 6) AS sd, med",
			"MATCH (:User {id: $hub})-->(v) WITH v, size([(v)-->(w) | w]) AS d RETURN round(stDevP(d) * sqrt(toFloat(count(d)) / (count(d) - 1)), 6) AS sd, percentileCont(d, 0.5) AS med",
		)},
		// The hub's out-neighbours per bucket of a hundred out-links (0 to
		// 4, empty buckets counted 0): COUNT { } per bucket, the degrees
		// collected and counted per bucket, OPTIONAL MATCH per bucket, a
		// UNION ALL of zeros and ones summed.
		{"u-h16-histogram-empty-buckets", "histograms with empty buckets", Users, written(false,
			"UNWIND range(0, 4) AS b RETURN b, COUNT { MATCH (:User {id: $hub})-->(v) WHERE COUNT { (v)-->() } / 100 = b } AS n",
			"MATCH (:User {id: $hub})-->(v) WITH collect(COUNT { (v)-->() } / 100) AS bs UNWIND range(0, 4) AS b RETURN b, size([x IN bs WHERE x = b]) AS n",
			"MATCH (:User {id: $hub})-->(v) WITH v, COUNT { (v)-->() } / 100 AS x UNWIND range(0, 4) AS b WITH b, x RETURN b, sum(CASE WHEN x = b THEN 1 ELSE 0 END) AS n",
			"CALL { UNWIND range(0, 4) AS b RETURN b, 0 AS c UNION ALL MATCH (:User {id: $hub})-->(v) WITH COUNT { (v)-->() } / 100 AS b WHERE b <= 4 RETURN b, 1 AS c } RETURN b, sum(c) AS n",
		)},
		// The hub's out-neighbours other than itself with more than ten
		// out-links into the hub's out-neighbourhood: EXISTS { } over a
		// counting subquery, COUNT { } > 10, a comprehension's size, the
		// match counted and filtered, CALL { } of the count.
		{"u-h16-exists-aggregate-body", "EXISTS over a subquery with aggregation", Users, written(false,
			"MATCH (h:User {id: $hub})-->(v) WHERE v <> h AND EXISTS { MATCH (v)-->(w)<--(h) WITH count(*) AS c WHERE c > 10 RETURN c } RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) WHERE v <> h AND COUNT { (v)-->(w)<--(h) } > 10 RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) WHERE v <> h AND size([(v)-->(w)<--(h) | w]) > 10 RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-[e]->(v) WHERE v <> h MATCH (v)-->(w)<--(h) WITH e, count(*) AS c WHERE c > 10 RETURN count(*) AS n",
			"MATCH (h:User {id: $hub})-->(v) WHERE v <> h CALL { WITH h, v MATCH (v)-->(w)<--(h) RETURN count(*) AS c } WITH c WHERE c > 10 RETURN count(*) AS n",
		)},

		// Movies.
		// Per movie of the person, the cast's birth years: their sample
		// standard deviation rounded and their median: the aggregates,
		// the sorted years' formulas, the mean by avg() and the years
		// unwound.
		{"m-h16-born-spread", "spread statistics", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) RETURN m.title AS title, round(stDev(c.born), 6) AS sd, percentileCont(c.born, 0.5) AS med",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WITH m, c.born AS b ORDER BY b WITH m, collect(b) AS bs WITH m, bs, size(bs) AS n WITH m, bs, n, CASE WHEN n = 0 THEN 0.0 ELSE toFloat(reduce(t = 0, b IN bs | t + b)) / n END AS mean RETURN m.title AS title, round(CASE WHEN n < 2 THEN 0.0 ELSE sqrt(reduce(t = 0.0, b IN bs | t + (b - mean) ^ 2) / (n - 1)) END, 6) AS sd, CASE WHEN n = 0 THEN null ELSE (bs[(n - 1) / 2] + bs[n / 2]) / 2.0 END AS med",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WITH m, avg(c.born) AS mean, collect(c.born) AS bs, percentileCont(c.born, 0.5) AS med UNWIND bs + [null] AS b WITH m, med, count(b) AS n, sum((b - mean) ^ 2) AS ss RETURN m.title AS title, round(CASE WHEN n < 2 THEN 0.0 ELSE sqrt(ss / (n - 1)) END, 6) AS sd, med",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) CALL { WITH m MATCH (m)<-[:ACTED_IN]-(c:Person) WHERE c.name <> $who OR c.name IS NULL RETURN stDev(c.born) AS sd, percentileCont(c.born, 0.5) AS med, count(c) AS k } WITH m, sd, med, k WHERE k > 0 RETURN m.title AS title, round(sd, 6) AS sd, med",
		)},
		// The person's movies per number of words in the title: split() on
		// spaces, the spaces counted by replace(), characters compared one
		// by one, split() into characters, the title bound first.
		{"m-h16-title-words", "words counted in strings", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN size(split(m.title, ' ')) AS words, count(*) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN size(m.title) - size(replace(m.title, ' ', '')) + 1 AS words, count(*) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN reduce(w = 1, i IN range(0, size(m.title) - 1) | w + CASE WHEN substring(m.title, i, 1) = ' ' THEN 1 ELSE 0 END) AS words, count(*) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN size([c IN split(m.title, '') WHERE c = ' ']) + 1 AS words, count(*) AS n",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH m.title AS t RETURN size(t) - size(replace(t, ' ', '')) + 1 AS words, count(*) AS n",
		)},
		// Per co-actor of the person, the movies they both acted in and
		// those either acted in: COUNT { } of each, the movie lists
		// intersected, OPTIONAL MATCH lists, the shared count from the
		// match and the union by UNWIND.
		{"m-h16-jaccard", "set similarity of neighbourhoods", Movies, written(false,
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(:Movie)<-[:ACTED_IN]-(c:Person) WITH DISTINCT p, c RETURN c.name AS name, COUNT { MATCH (p)-[:ACTED_IN]->(m:Movie) WHERE (c)-[:ACTED_IN]->(m) RETURN DISTINCT m } AS i, COUNT { MATCH (m:Movie) WHERE (p)-[:ACTED_IN]->(m) OR (c)-[:ACTED_IN]->(m) RETURN m } AS u",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(:Movie)<-[:ACTED_IN]-(c:Person) WITH DISTINCT p, c WITH c, COLLECT { MATCH (p)-[:ACTED_IN]->(m:Movie) RETURN DISTINCT m } AS ms, COLLECT { MATCH (c)-[:ACTED_IN]->(m:Movie) RETURN DISTINCT m } AS cs RETURN c.name AS name, size([m IN ms WHERE m IN cs]) AS i, size(ms) + size(cs) - size([m IN ms WHERE m IN cs]) AS u",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WITH p, c, count(DISTINCT m) AS i WITH p, c, i, COUNT { MATCH (p)-[:ACTED_IN]->(m:Movie) RETURN DISTINCT m } AS a, COUNT { MATCH (c)-[:ACTED_IN]->(m:Movie) RETURN DISTINCT m } AS b RETURN c.name AS name, i, a + b - i AS u",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(:Movie)<-[:ACTED_IN]-(c:Person) WITH DISTINCT p, c OPTIONAL MATCH (p)-[:ACTED_IN]->(x:Movie) WITH p, c, collect(DISTINCT x) AS ms OPTIONAL MATCH (c)-[:ACTED_IN]->(y:Movie) WITH c, ms, collect(DISTINCT y) AS cs UNWIND ms + cs AS z RETURN c.name AS name, size([m IN ms WHERE m IN cs]) AS i, count(DISTINCT z) AS u",
		)},
		// Movies per decade from 1950 to 2010, an empty decade counted 0:
		// UNWIND of the decades joined by OPTIONAL MATCH on a range,
		// COUNT { } per decade, the years collected and counted, a UNION
		// ALL of zeros and ones summed, integer division of the year.
		{"m-h16-decade-histogram", "histograms with empty buckets", Movies, written(false,
			"UNWIND range(1950, 2010, 10) AS d OPTIONAL MATCH (m:Movie) WHERE d <= m.released < d + 10 RETURN d, count(m) AS n",
			"UNWIND range(1950, 2010, 10) AS d RETURN d, COUNT { MATCH (m:Movie) WHERE m.released >= d AND m.released < d + 10 } AS n",
			"MATCH (m:Movie) WITH collect(m.released) AS ys UNWIND range(1950, 2010, 10) AS d RETURN d, size([y IN ys WHERE y >= d AND y < d + 10]) AS n",
			"CALL { UNWIND range(1950, 2010, 10) AS d RETURN d, 0 AS c UNION ALL MATCH (m:Movie) WHERE 1950 <= m.released < 2020 RETURN m.released / 10 * 10 AS d, 1 AS c } RETURN d, sum(c) AS n",
			"UNWIND range(1950, 2010, 10) AS d OPTIONAL MATCH (m:Movie) WHERE m.released / 10 * 10 = d RETURN d, count(m) AS n",
		)},
		// Per movie of the person, its distinct directors and distinct
		// writers: two OPTIONAL MATCH fans counted DISTINCT, COUNT { }
		// with RETURN DISTINCT, CALL { } of optional counts, COLLECT { }
		// sizes.
		{"m-h16-two-optional-fans", "OPTIONAL MATCH fans counted with DISTINCT", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) OPTIONAL MATCH (m)<-[:DIRECTED]-(d:Person) OPTIONAL MATCH (m)<-[:WROTE]-(w:Person) RETURN m.title AS title, count(DISTINCT d) AS directors, count(DISTINCT w) AS writers",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN m.title AS title, COUNT { MATCH (m)<-[:DIRECTED]-(d:Person) RETURN DISTINCT d } AS directors, COUNT { MATCH (m)<-[:WROTE]-(w:Person) RETURN DISTINCT w } AS writers",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) CALL { WITH m OPTIONAL MATCH (m)<-[:DIRECTED]-(d:Person) RETURN count(DISTINCT d) AS directors } CALL { WITH m OPTIONAL MATCH (m)<-[:WROTE]-(w:Person) RETURN count(DISTINCT w) AS writers } RETURN m.title AS title, directors, writers",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN m.title AS title, size(COLLECT { MATCH (m)<-[:DIRECTED]-(d:Person) RETURN DISTINCT d }) AS directors, size(COLLECT { MATCH (m)<-[:WROTE]-(w:Person) RETURN DISTINCT w }) AS writers",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) OPTIONAL MATCH (m)<-[:DIRECTED]-(d:Person) WITH m, count(DISTINCT d) AS directors OPTIONAL MATCH (m)<-[:WROTE]-(w:Person) RETURN m.title AS title, directors, count(DISTINCT w) AS writers",
		)},
		// Per release year of the person's movies, how many of the
		// person's movies came out in or before it: running totals of the
		// per-year counts, COUNT { } up to each year, the movies matched
		// again and counted, reduce() appending totals.
		{"m-h16-running-totals", "running totals", Movies, written(false,
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH m.released AS y, count(*) AS c ORDER BY y WITH collect([y, c]) AS yc UNWIND range(0, size(yc) - 1) AS i RETURN yc[i][0] AS y, reduce(t = 0, p IN yc[..i + 1] | t + p[1]) AS upto",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH p, collect(DISTINCT m.released) AS ys UNWIND ys AS y RETURN y, COUNT { (p)-[:ACTED_IN]->(x:Movie) WHERE x.released <= y } AS upto",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH DISTINCT m.released AS y MATCH (:Person {name: $who})-[:ACTED_IN]->(x:Movie) WHERE x.released <= y RETURN y, count(*) AS upto",
			"MATCH (:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH m.released AS y, count(*) AS c ORDER BY y WITH collect(y) AS ys, collect(c) AS cs WITH ys, reduce(acc = [], c IN cs | acc + [coalesce(last(acc), 0) + c]) AS run UNWIND range(0, size(ys) - 1) AS i RETURN ys[i] AS y, run[i] AS upto",
		)},

		// LDBC.
		// The person's messages per hour of creation: the accessor, the
		// datetime truncated to its hour, epoch seconds within the day,
		// the ISO string's hour digits, the duration since the day's
		// start.
		{"l-h16-hour-of-day", "the hour of a datetime", LDBC, written(false,
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) RETURN m.creationDate.hour AS h, count(*) AS n",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) RETURN datetime.truncate('hour', m.creationDate).hour AS h, count(*) AS n",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) RETURN m.creationDate.epochSeconds % 86400 / 3600 AS h, count(*) AS n",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) RETURN toInteger(substring(toString(m.creationDate), 11, 2)) AS h, count(*) AS n",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(m:Message) WITH m.creationDate AS t RETURN duration.between(datetime.truncate('day', t), t).hours AS h, count(*) AS n",
		)},
		// Walks of two KNOWS relationships from the person (either
		// direction, two different relationships): the two-hop match, the
		// middle's KNOWS degree less the first relationship summed,
		// OPTIONAL MATCH of another relationship, the degrees summed less
		// one per first relationship.
		{"l-h16-walk-count", "two-relationship walks as degree sums", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-()-[:KNOWS]-(x) RETURN count(*) AS n",
			"MATCH (:Person {id: $person})-[r:KNOWS]-(f) RETURN sum(COUNT { (f)-[q:KNOWS]-() WHERE q <> r }) AS n",
			"MATCH (:Person {id: $person})-[r:KNOWS]-(f) OPTIONAL MATCH (f)-[q:KNOWS]-() WHERE q <> r RETURN count(q) AS n",
			"MATCH (:Person {id: $person})-[r:KNOWS]-(f) WITH r, [(f)-[q:KNOWS]-() | q] AS qs RETURN sum(size([q IN qs WHERE q <> r])) AS n",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f) RETURN sum(COUNT { (f)-[:KNOWS]-() }) - count(*) AS n",
		)},
		// Per friend of the person, their distinct posts and the distinct
		// messages they like: two OPTIONAL MATCH fans counted DISTINCT,
		// COUNT { } with RETURN DISTINCT, a count between them, CALL { }
		// of optional counts.
		{"l-h16-two-optional-fans", "OPTIONAL MATCH fans counted with DISTINCT", LDBC, written(false,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) OPTIONAL MATCH (f)<-[:HAS_CREATOR]-(p:Post) OPTIONAL MATCH (f)-[:LIKES]->(m:Message) RETURN f.id AS id, count(DISTINCT p) AS posts, count(DISTINCT m) AS likes",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN f.id AS id, COUNT { MATCH (f)<-[:HAS_CREATOR]-(p:Post) RETURN DISTINCT p } AS posts, COUNT { MATCH (f)-[:LIKES]->(m:Message) RETURN DISTINCT m } AS likes",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) OPTIONAL MATCH (f)<-[:HAS_CREATOR]-(p:Post) WITH f, count(DISTINCT p) AS posts OPTIONAL MATCH (f)-[:LIKES]->(m:Message) RETURN f.id AS id, posts, count(DISTINCT m) AS likes",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) CALL { WITH f OPTIONAL MATCH (f)<-[:HAS_CREATOR]-(p:Post) RETURN count(DISTINCT p) AS posts } CALL { WITH f OPTIONAL MATCH (f)-[:LIKES]->(m:Message) RETURN count(DISTINCT m) AS likes } RETURN f.id AS id, posts, likes",
		)},
		// The lengths of the person's comments: the sample standard
		// deviation rounded, the median and the 90th percentile: the
		// aggregates, the sorted lengths' formulas, the population
		// deviation rescaled.
		{"l-h16-length-spread", "spread statistics", LDBC, written(false,
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(c:Comment) RETURN round(stDev(c.length), 6) AS sd, percentileCont(c.length, 0.5) AS med, percentileCont(c.length, 0.9) AS p90",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(c:Comment) WITH c.length AS l ORDER BY l WITH collect(l) AS ls WITH ls, size(ls) AS n, toFloat(reduce(t = 0, l IN ls | t + l)) / size(ls) AS m RETURN round(CASE WHEN n < 2 THEN 0.0 ELSE sqrt(reduce(t = 0.0, l IN ls | t + (l - m) ^ 2) / (n - 1)) END, 6) AS sd, (ls[(n - 1) / 2] + ls[n / 2]) / 2.0 AS med, ls[toInteger(floor(0.9 * (n - 1)))] + (ls[toInteger(ceil(0.9 * (n - 1)))] - ls[toInteger(floor(0.9 * (n - 1)))]) * (0.9 * (n - 1) - floor(0.9 * (n - 1))) AS p90",
			"MATCH (:Person {id: $person})<-[:HAS_CREATOR]-(c:Comment) RETURN round(stDevP(c.length) * sqrt(toFloat(count(c.length)) / (count(c.length) - 1)), 6) AS sd, percentileCont(c.length, 0.5) AS med, percentileCont(c.length, 0.9) AS p90",
			"MATCH (p:Person {id: $person}) CALL { WITH p MATCH (p)<-[:HAS_CREATOR]-(c:Comment) RETURN stDev(c.length) AS sd, percentileCont(c.length, 0.5) AS med, percentileCont(c.length, 0.9) AS p90 } RETURN round(sd, 6) AS sd, med, p90",
		)},
		// The person's friends who like a message with the tag and are not
		// members of any forum with the tag: EXISTS tests, the program of a
		// union intersected less the members, the program's statements in
		// another order, the friends matched with NOT EXISTS.
		{"l-h16-program-friends-likes", "GraphProgram of two in-links", LDBC, written(false,
			"MATCH (f:Person) WHERE (f)-[:KNOWS]-(:Person {id: $person}) AND EXISTS { (f)-[:LIKES]->(:Message)-[:HAS_TAG]->(:Tag {name: $tag}) } AND NOT EXISTS { (f)<-[:HAS_MEMBER]-(:Forum)-[:HAS_TAG]->(:Tag {name: $tag}) } RETURN count(f) AS n",
			programForm(union("MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN f"), intersect("MATCH (f:Person)-[:LIKES]->(:Message)-[:HAS_TAG]->(:Tag {name: $tag}) RETURN f"), diff("MATCH (f:Person)<-[:HAS_MEMBER]-(:Forum)-[:HAS_TAG]->(:Tag {name: $tag}) RETURN f")),
			programForm(union("MATCH (f:Person)-[:LIKES]->(:Message)-[:HAS_TAG]->(:Tag {name: $tag}) RETURN f"), diff("MATCH (f:Person)<-[:HAS_MEMBER]-(:Forum)-[:HAS_TAG]->(:Tag {name: $tag}) RETURN f"), intersect("MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) RETURN f")),
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) WHERE EXISTS { (f)-[:LIKES]->(:Message)-[:HAS_TAG]->(:Tag {name: $tag}) } AND NOT EXISTS { (f)<-[:HAS_MEMBER]-(:Forum)-[:HAS_TAG]->(:Tag {name: $tag}) } RETURN count(DISTINCT f) AS n",
		)},

		// Stack Overflow.
		// The scores of the tag's answers: sample standard deviation
		// rounded, the median and the least as a float: the aggregates,
		// the sorted scores' formulas, the scores unwound against the
		// mean.
		{"s-h16-score-spread", "spread statistics", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) RETURN round(stDev(a.score), 6) AS sd, percentileCont(a.score, 0.5) AS med, percentileCont(a.score, 0) AS lo",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WITH a.score AS s ORDER BY s WITH collect(s) AS ss WITH ss, size(ss) AS n, toFloat(reduce(t = 0, s IN ss | t + s)) / size(ss) AS m RETURN round(CASE WHEN n < 2 THEN 0.0 ELSE sqrt(reduce(t = 0.0, s IN ss | t + (s - m) ^ 2) / (n - 1)) END, 6) AS sd, (ss[(n - 1) / 2] + ss[n / 2]) / 2.0 AS med, toFloat(ss[0]) AS lo",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WITH avg(a.score) AS m, collect(a.score) AS ss, toFloat(min(a.score)) AS lo, percentileCont(a.score, 0.5) AS med UNWIND ss AS s WITH m, lo, med, count(s) AS n, sum((s - m) ^ 2) AS q RETURN round(CASE WHEN n < 2 THEN 0.0 ELSE sqrt(q / (n - 1)) END, 6) AS sd, med, lo",
		)},
		// The tag's answers per score from -2 to 5, a score no answer has
		// counted 0: UNWIND of the range joined by OPTIONAL MATCH, COUNT
		// { } per score, the scores collected and counted, a UNION ALL of
		// zeros and ones summed.
		{"s-h16-score-histogram", "histograms with empty buckets", StackOverflow, written(false,
			"UNWIND range(-2, 5) AS s OPTIONAL MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer {score: s}) RETURN s, count(a) AS n",
			"UNWIND range(-2, 5) AS s RETURN s, COUNT { MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WHERE a.score = s } AS n",
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WITH collect(a.score) AS ss UNWIND range(-2, 5) AS s RETURN s, size([x IN ss WHERE x = s]) AS n",
			"CALL { UNWIND range(-2, 5) AS s RETURN s, 0 AS c UNION ALL MATCH (:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(a:Answer) WHERE -2 <= a.score <= 5 RETURN a.score AS s, 1 AS c } RETURN s, sum(c) AS n",
		)},
		// The questions tagged both tags and those tagged either: COUNT
		// { } of each, two distinct lists intersected, OPTIONAL MATCH
		// lists, the union by UNWIND, the shared count from one pattern.
		{"s-h16-tag-jaccard", "set similarity of neighbourhoods", StackOverflow, written(false,
			"MATCH (a:Tag {name: $tag}), (b:Tag {name: $tag2}) RETURN COUNT { MATCH (a)<-[:TAGGED]-(q:Question) WHERE (q)-[:TAGGED]->(b) RETURN DISTINCT q } AS i, COUNT { MATCH (q:Question) WHERE (q)-[:TAGGED]->(a) OR (q)-[:TAGGED]->(b) RETURN q } AS u",
			"MATCH (a:Tag {name: $tag}), (b:Tag {name: $tag2}) WITH COLLECT { MATCH (a)<-[:TAGGED]-(q:Question) RETURN DISTINCT q } AS xs, COLLECT { MATCH (b)<-[:TAGGED]-(q:Question) RETURN DISTINCT q } AS ys RETURN size([x IN xs WHERE x IN ys]) AS i, size(xs) + size(ys) - size([x IN xs WHERE x IN ys]) AS u",
			"MATCH (a:Tag {name: $tag}), (b:Tag {name: $tag2}) OPTIONAL MATCH (a)<-[:TAGGED]-(x:Question) WITH a, b, collect(DISTINCT x) AS xs OPTIONAL MATCH (b)<-[:TAGGED]-(y:Question) WITH xs, collect(DISTINCT y) AS ys UNWIND xs + ys + [null] AS z RETURN size([x IN xs WHERE x IN ys]) AS i, count(DISTINCT z) AS u",
			"MATCH (a:Tag {name: $tag}), (b:Tag {name: $tag2}) CALL { WITH a, b OPTIONAL MATCH (a)<-[:TAGGED]-(q:Question)-[:TAGGED]->(b) RETURN count(DISTINCT q) AS i } CALL { WITH a, b OPTIONAL MATCH (q:Question) WHERE (q)-[:TAGGED]->(a) OR (q)-[:TAGGED]->(b) RETURN count(q) AS u } RETURN i, u",
		)},
		// The user's questions per hour of asking (UTC, the creation date
		// in epoch seconds): datetime() from epoch seconds, the seconds
		// within the day, datetime.fromepoch(), the ISO string's hour
		// digits.
		{"s-h16-hour-of-day", "the hour of a datetime", StackOverflow, written(false,
			"MATCH (:User {user_id: $user})-[:ASKED]->(q:Question) RETURN datetime({epochSeconds: q.creation_date}).hour AS h, count(*) AS n",
			"MATCH (:User {user_id: $user})-[:ASKED]->(q:Question) RETURN q.creation_date % 86400 / 3600 AS h, count(*) AS n",
			"MATCH (:User {user_id: $user})-[:ASKED]->(q:Question) RETURN datetime.fromepoch(q.creation_date, 0).hour AS h, count(*) AS n",
			"MATCH (:User {user_id: $user})-[:ASKED]->(q:Question) WITH datetime({epochSeconds: q.creation_date}) AS t RETURN toInteger(substring(toString(t), 11, 2)) AS h, count(*) AS n",
			"MATCH (:User {user_id: $user})-[:ASKED]->(q:Question) WITH datetime({epochSeconds: q.creation_date}) AS t RETURN duration.between(datetime.truncate('day', t), t).hours AS h, count(*) AS n",
		)},

		// Northwind.
		// Per category, the unit prices of its products: the sample
		// standard deviation and the median, rounded (the prices are
		// floats): the aggregates, the sorted prices' formulas, the
		// prices unwound against the mean.
		{"n-h16-price-spread", "spread statistics", Northwind, written(false,
			"MATCH (p:Product)-[:PART_OF]->(c:Category) RETURN c.categoryName AS cat, round(stDev(p.unitPrice), 6) AS sd, round(percentileCont(p.unitPrice, 0.5), 6) AS med",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WITH c, p.unitPrice AS x ORDER BY x WITH c, collect(x) AS xs WITH c, xs, size(xs) AS n, reduce(t = 0.0, x IN xs | t + x) / size(xs) AS m RETURN c.categoryName AS cat, round(CASE WHEN n < 2 THEN 0.0 ELSE sqrt(reduce(t = 0.0, x IN xs | t + (x - m) ^ 2) / (n - 1)) END, 6) AS sd, round((xs[(n - 1) / 2] + xs[n / 2]) / 2.0, 6) AS med",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WITH c, avg(p.unitPrice) AS m, collect(p.unitPrice) AS xs, percentileCont(p.unitPrice, 0.5) AS med UNWIND xs AS x WITH c, med, count(x) AS n, sum((x - m) ^ 2) AS q RETURN c.categoryName AS cat, round(CASE WHEN n < 2 THEN 0.0 ELSE sqrt(q / (n - 1)) END, 6) AS sd, round(med, 6) AS med",
			"MATCH (c:Category) CALL { WITH c MATCH (p:Product)-[:PART_OF]->(c) RETURN stDev(p.unitPrice) AS sd, percentileCont(p.unitPrice, 0.5) AS med } WITH c, sd, med WHERE med IS NOT NULL RETURN c.categoryName AS cat, round(sd, 6) AS sd, round(med, 6) AS med",
		)},
		// The customer's orders in date order (ties by id) with the
		// running total of the units ordered: each prefix reduced,
		// reduce() appending to the last total, the total less each
		// suffix, COUNT-like sums of the earlier orders.
		{"n-h16-running-totals", "running totals", Northwind, written(true,
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)-[l:ORDERS]->() WITH o, sum(l.quantity) AS q ORDER BY o.orderDate, o.orderID WITH collect([o.orderID, q]) AS oq UNWIND range(0, size(oq) - 1) AS i RETURN oq[i][0] AS id, reduce(t = 0, p IN oq[..i + 1] | t + p[1]) AS units",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)-[l:ORDERS]->() WITH o, sum(l.quantity) AS q ORDER BY o.orderDate, o.orderID WITH collect(o.orderID) AS ids, collect(q) AS qs WITH ids, reduce(acc = [], q IN qs | acc + [coalesce(last(acc), 0) + q]) AS run UNWIND range(0, size(ids) - 1) AS i RETURN ids[i] AS id, run[i] AS units",
			"MATCH (:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)-[l:ORDERS]->() WITH o, sum(l.quantity) AS q ORDER BY o.orderDate, o.orderID WITH collect([o.orderID, q]) AS oq WITH oq, reduce(t = 0, p IN oq | t + p[1]) AS total UNWIND range(0, size(oq) - 1) AS i RETURN oq[i][0] AS id, total - reduce(t = 0, p IN oq[i + 1..] | t + p[1]) AS units",
			"MATCH (c:Customer {customerID: $customer})-[:PURCHASED]->(o:Order) WITH c, o ORDER BY o.orderDate, o.orderID RETURN o.orderID AS id, reduce(t = 0, x IN COLLECT { MATCH (c)-[:PURCHASED]->(e:Order)-[l:ORDERS]->() WHERE e.orderDate < o.orderDate OR (e.orderDate = o.orderDate AND e.orderID <= o.orderID) RETURN l.quantity AS q } | t + x) AS units",
		)},
		// Per category, the most common ship country of the orders of its
		// products (ties to the first name): the counted countries ordered
		// and the first collected, reduce() of the counted pairs against
		// their greatest count, none() of a better pair.
		{"n-h16-mode-country", "most common value per group", Northwind, written(false,
			"MATCH (o:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(c:Category) WITH c.categoryName AS cat, o.shipCountry AS k, count(*) AS n ORDER BY n DESC, k WITH cat, collect(k)[0] AS mode RETURN cat, mode",
			"MATCH (o:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(c:Category) WITH c.categoryName AS cat, o.shipCountry AS k, count(*) AS n WITH cat, max(n) AS top, collect({k: k, n: n}) AS kn RETURN cat, reduce(m = null, x IN kn | CASE WHEN x.n = top AND (m IS NULL OR x.k < m) THEN x.k ELSE m END) AS mode",
			"MATCH (o:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(c:Category) WITH c.categoryName AS cat, o.shipCountry AS k, count(*) AS n WITH cat, collect({k: k, n: n}) AS kn UNWIND kn AS x WITH cat, x, kn WHERE none(y IN kn WHERE y.n > x.n OR (y.n = x.n AND y.k < x.k)) RETURN cat, x.k AS mode",
			"MATCH (c:Category) CALL { WITH c MATCH (o:Order)-[:ORDERS]->(:Product)-[:PART_OF]->(c) RETURN o.shipCountry AS mode, count(*) AS n ORDER BY n DESC, mode LIMIT 1 } RETURN c.categoryName AS cat, mode",
		)},
		// Per employee, their distinct customers and distinct territories:
		// two OPTIONAL MATCH fans counted DISTINCT, COUNT { } with RETURN
		// DISTINCT, CALL { } of optional counts, a count between them.
		{"n-h16-two-optional-fans", "OPTIONAL MATCH fans counted with DISTINCT", Northwind, written(false,
			"MATCH (e:Employee) OPTIONAL MATCH (e)-[:SOLD]->(:Order)<-[:PURCHASED]-(c:Customer) OPTIONAL MATCH (e)-[:IN_TERRITORY]->(t) RETURN e.lastName AS name, count(DISTINCT c) AS customers, count(DISTINCT t) AS territories",
			"MATCH (e:Employee) RETURN e.lastName AS name, COUNT { MATCH (e)-[:SOLD]->(:Order)<-[:PURCHASED]-(c:Customer) RETURN DISTINCT c } AS customers, COUNT { MATCH (e)-[:IN_TERRITORY]->(t) RETURN DISTINCT t } AS territories",
			"MATCH (e:Employee) CALL { WITH e OPTIONAL MATCH (e)-[:SOLD]->(:Order)<-[:PURCHASED]-(c:Customer) RETURN count(DISTINCT c) AS customers } CALL { WITH e OPTIONAL MATCH (e)-[:IN_TERRITORY]->(t) RETURN count(DISTINCT t) AS territories } RETURN e.lastName AS name, customers, territories",
			"MATCH (e:Employee) OPTIONAL MATCH (e)-[:SOLD]->(:Order)<-[:PURCHASED]-(c:Customer) WITH e, count(DISTINCT c) AS customers OPTIONAL MATCH (e)-[:IN_TERRITORY]->(t) RETURN e.lastName AS name, customers, count(DISTINCT t) AS territories",
		)},

		// WN18RR.
		// The entity's hyponyms per number of words in the definition:
		// split() on spaces, the spaces counted by replace(), split() into
		// characters, the definition bound first.
		{"w-h16-definition-words", "words counted in strings", WordNet, written(false,
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN size(split(h.definition, ' ')) AS words, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN size(h.definition) - size(replace(h.definition, ' ', '')) + 1 AS words, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) RETURN size([c IN split(h.definition, '') WHERE c = ' ']) + 1 AS words, count(*) AS n",
			"MATCH (h)-[:_hypernym]->(:Entity {id: $entity}) WITH h.definition AS d RETURN size(d) - size(replace(d, ' ', '')) + 1 AS words, count(*) AS n",
		)},
		// Entities two hypernym links below the entity that are not one
		// link below it: a pattern test, the program of a union less the
		// direct hyponyms and the entity, the direct hyponyms collected,
		// EXISTS and NOT EXISTS, the least length of `*0..2`.
		{"w-h16-distance-two", "nodes at a distance of exactly two", WordNet, written(false,
			"MATCH (e:Entity {id: $entity})<-[:_hypernym]-()<-[:_hypernym]-(b) WHERE b <> e AND NOT (b)-[:_hypernym]->(e) RETURN count(DISTINCT b) AS n",
			programForm(union("MATCH (:Entity {id: $entity})<-[:_hypernym]-()<-[:_hypernym]-(b) RETURN b"), diff("MATCH (:Entity {id: $entity})<-[:_hypernym]-(b) RETURN b"), diff("MATCH (b:Entity {id: $entity}) RETURN b")),
			"MATCH (e:Entity {id: $entity})<-[:_hypernym]-(x) WITH e, collect(x) AS ones MATCH (e)<-[:_hypernym]-()<-[:_hypernym]-(b) WHERE b <> e AND NOT b IN ones RETURN count(DISTINCT b) AS n",
			"MATCH (e:Entity {id: $entity}) MATCH (b) WHERE EXISTS { (b)-[:_hypernym]->()-[:_hypernym]->(e) } AND NOT EXISTS { (b)-[:_hypernym]->(e) } AND b <> e RETURN count(b) AS n",
			"MATCH p = (b)-[:_hypernym*0..2]->(:Entity {id: $entity}) WITH b, min(length(p)) AS d WHERE d = 2 RETURN count(b) AS n",
		)},
		// The entity's hyponyms' out-relationships per type of the eleven,
		// a type none has counted 0: UNWIND of the types joined by
		// OPTIONAL MATCH, COUNT { } per type, the types collected and
		// counted, a UNION ALL of zeros and ones summed.
		{"w-h16-type-histogram", "histograms with empty buckets", WordNet, written(false,
			"UNWIND ['_hypernym', '_derivationally_related_form', '_member_meronym', '_has_part', '_synset_domain_topic_of', '_instance_hypernym', '_also_see', '_verb_group', '_member_of_domain_region', '_member_of_domain_usage', '_similar_to'] AS t OPTIONAL MATCH (:Entity {id: $entity})<-[:_hypernym]-(h)-[r]->() WHERE type(r) = t RETURN t, count(r) AS n",
			"MATCH (e:Entity {id: $entity}) UNWIND ['_hypernym', '_derivationally_related_form', '_member_meronym', '_has_part', '_synset_domain_topic_of', '_instance_hypernym', '_also_see', '_verb_group', '_member_of_domain_region', '_member_of_domain_usage', '_similar_to'] AS t RETURN t, COUNT { MATCH (e)<-[:_hypernym]-(h)-[r]->() WHERE type(r) = t } AS n",
			"MATCH (:Entity {id: $entity})<-[:_hypernym]-(h)-[r]->() WITH collect(type(r)) AS ts UNWIND ['_hypernym', '_derivationally_related_form', '_member_meronym', '_has_part', '_synset_domain_topic_of', '_instance_hypernym', '_also_see', '_verb_group', '_member_of_domain_region', '_member_of_domain_usage', '_similar_to'] AS t RETURN t, size([x IN ts WHERE x = t]) AS n",
			"CALL { UNWIND ['_hypernym', '_derivationally_related_form', '_member_meronym', '_has_part', '_synset_domain_topic_of', '_instance_hypernym', '_also_see', '_verb_group', '_member_of_domain_region', '_member_of_domain_usage', '_similar_to'] AS t RETURN t, 0 AS c UNION ALL MATCH (:Entity {id: $entity})<-[:_hypernym]-(h)-[r]->() RETURN type(r) AS t, 1 AS c } RETURN t, sum(c) AS n",
		)},
	}
}
