package metamorphic

// WordNet is the schema of WN18RR as the benchmark suite loads it:
// (:Entity {id, name, definition}) with eleven relationship types named
// as the triples name them (_hypernym, _derivationally_related_form,
// _member_meronym, _has_part, _synset_domain_topic_of,
// _instance_hypernym, _also_see, _verb_group, _member_of_domain_region,
// _member_of_domain_usage, _similar_to). Placeholders: $entity (the id of
// the synset with the most hyponyms, "person"), $topic (the id of the
// synset with the most _synset_domain_topic_of relationships).
const WordNet Schema = "wordnet"

// heldout6Questions are the sixth held-out round's kinds: anti-joins
// written five ways (a negated pattern, NOT EXISTS, OPTIONAL MATCH with
// IS NULL, COUNT { } = 0, NOT IN a collected list); aggregation
// spellings (count(*), count(x), sum(1), size(collect()), grouped by a
// node or a property, percentileDisc at its ends against min and max,
// collect(DISTINCT) against DISTINCT first); string predicates against
// regular expressions, split, right and reverse; null tests against
// keys() and coalesce; relationship property filters inline, in WHERE
// and over relationships(p); undirected patterns against the UNION of
// both directions; relationship uniqueness within one MATCH against a
// later MATCH; map projections feeding ORDER BY and grouping; ORDER BY
// with nulls; WITH pipelines (WITH *, filters across WITH, LIMIT inside
// or after); the Neo4j manual's examples over the movies graph; and
// questions over WN18RR (new to the harness), Stack Overflow, LDBC and
// Northwind.
func heldout6Questions() []Question {
	return []Question{
		// Nodes with no R to a B: a negated pattern, NOT EXISTS,
		// OPTIONAL MATCH then IS NULL, COUNT { } = 0, NOT IN the
		// collected nodes that have one, OPTIONAL MATCH and count() = 0.
		{"g-h6-anti-join", "anti-join", Generic, written(false,
			"MATCH (a:A) WHERE NOT (a)-[:R]->(:B) RETURN count(a) AS n",
			"MATCH (a:A) WHERE NOT EXISTS { (a)-[:R]->(:B) } RETURN count(a) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b:B) WITH a, b WHERE b IS NULL RETURN count(a) AS n",
			"MATCH (a:A) WHERE COUNT { (a)-[:R]->(:B) } = 0 RETURN count(a) AS n",
			"OPTIONAL MATCH (x:A)-[:R]->(:B) WITH collect(DISTINCT x) AS has MATCH (a:A) WHERE NOT a IN has RETURN count(a) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b:B) WITH a, count(b) AS c WHERE c = 0 RETURN count(a) AS n",
		)},
		// Pairs joined by S and not by R: the negated pattern between two
		// bound nodes, NOT EXISTS, COUNT { } = 0, OPTIONAL MATCH of the
		// relationship then IS NULL, NOT IN a pattern comprehension.
		{"g-h6-anti-join-pair", "anti-join", Generic, written(false,
			"MATCH (a)-[:S]->(b) WHERE NOT (a)-[:R]->(b) RETURN count(*) AS n",
			"MATCH (a)-[:S]->(b) WHERE NOT EXISTS { MATCH (a)-[:R]->(b) } RETURN count(*) AS n",
			"MATCH (a)-[:S]->(b) WHERE COUNT { (a)-[:R]->(b) } = 0 RETURN count(*) AS n",
			"MATCH (a)-[s:S]->(b) OPTIONAL MATCH (a)-[r:R]->(b) WITH s, collect(r) AS rs WHERE size(rs) = 0 RETURN count(s) AS n",
			"MATCH (a)-[:S]->(b) WHERE NOT b IN [(a)-[:R]->(x) | x] RETURN count(*) AS n",
		)},
		// Relationships per group key: count(*), count of the far node,
		// sum(1), the size of the collected nodes, COUNT { } summed per
		// key (groups without a relationship dropped).
		{"g-h6-count-spellings", "aggregation", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) RETURN a.k AS k, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) RETURN a.k AS k, count(b) AS n",
			"MATCH (a:A)-[:R]->(b) RETURN a.k AS k, sum(1) AS n",
			"MATCH (a:A)-[:R]->(b) RETURN a.k AS k, size(collect(b)) AS n",
			"MATCH (a:A) WITH a.k AS k, sum(COUNT { (a)-[:R]->() }) AS n WHERE n > 0 RETURN k, n",
		)},
		// The degree histogram: grouped by the node then by the degree,
		// by id(a), by COUNT { }, by a pattern comprehension's size, by
		// the size of the collected relationships.
		{"g-h6-degree-histogram", "aggregation", Generic, written(false,
			"MATCH (a:A)-[:R]->() WITH a, count(*) AS d RETURN d, count(*) AS n",
			"MATCH (a:A)-[:R]->() WITH id(a) AS i, count(*) AS d RETURN d, count(i) AS n",
			"MATCH (a:A) WITH a, COUNT { (a)-[:R]->() } AS d WHERE d > 0 RETURN d, count(*) AS n",
			"MATCH (a:A) WITH size([(a)-[:R]->(x) | x]) AS d WHERE d > 0 RETURN d, count(*) AS n",
			"MATCH (a:A)-[r:R]->() WITH a, collect(r) AS rs RETURN size(rs) AS d, count(a) AS n",
		)},
		// The largest and least k of the neighbours: max/min,
		// percentileDisc at 1 and 0, the head of the ordered non-null
		// values (one row, null when there is none, in every form).
		{"g-h6-percentile-ends", "aggregation", Generic, written(false,
			"MATCH (a {id: $a})-->(b) RETURN max(b.k) AS hi, min(b.k) AS lo",
			"MATCH (a {id: $a})-->(b) RETURN percentileDisc(b.k, 1.0) AS hi, percentileDisc(b.k, 0.0) AS lo",
			"MATCH (a {id: $a})-->(b) WITH b.k AS k WHERE k IS NOT NULL WITH k ORDER BY k WITH collect(k) AS ks RETURN ks[-1] AS hi, head(ks) AS lo",
			"MATCH (a {id: $a}) WITH [(a)-->(b) WHERE b.k IS NOT NULL | b.k] AS ks RETURN reduce(m = null, x IN ks | CASE WHEN m IS NULL OR x > m THEN x ELSE m END) AS hi, reduce(m = null, x IN ks | CASE WHEN m IS NULL OR x < m THEN x ELSE m END) AS lo",
		)},
		// Distinct values per node: count(DISTINCT), the size of
		// collect(DISTINCT), WITH DISTINCT then count (count skips the
		// null key), a deduplicating reduce over a pattern comprehension, the
		// values wrapped in lists (collect keeps [null]) then unwound.
		{"g-h6-collect-distinct", "aggregation", Generic, written(false,
			"MATCH (a:A)-->(b) RETURN id(a) AS i, count(DISTINCT b.k) AS n",
			"MATCH (a:A)-->(b) RETURN id(a) AS i, size(collect(DISTINCT b.k)) AS n",
			"MATCH (a:A)-->(b) WITH DISTINCT a, b.k AS k RETURN id(a) AS i, count(k) AS n",
			"MATCH (a:A) WITH a, [(a)-->(b) | b.k] AS ks WHERE size(ks) > 0 RETURN id(a) AS i, size(reduce(acc = [], x IN ks | CASE WHEN x IS NULL OR x IN acc THEN acc ELSE acc + x END)) AS n",
			"MATCH (a:A)-->(b) WITH a, collect([b.k]) AS ks UNWIND ks AS k WITH a, count(DISTINCT k[0]) AS n RETURN id(a) AS i, n",
		)},
		// A property present: IS NOT NULL, a key test, NOT IS NULL, a
		// self-equality (null is not equal to itself), a coalesce with a
		// value k never holds, count(b.k).
		{"g-h6-not-null", "null test", Generic, written(false,
			"MATCH (a:A)-[:S]->(b) WHERE b.k IS NOT NULL RETURN count(*) AS n",
			"MATCH (a:A)-[:S]->(b) WHERE 'k' IN keys(b) RETURN count(*) AS n",
			"MATCH (a:A)-[:S]->(b) WHERE NOT b.k IS NULL RETURN count(*) AS n",
			"MATCH (a:A)-[:S]->(b) WHERE b.k = b.k RETURN count(*) AS n",
			"MATCH (a:A)-[:S]->(b) WHERE coalesce(b.k, -1) <> -1 RETURN count(*) AS n",
			"MATCH (a:A)-[:S]->(b) RETURN count(b.k) AS n",
		)},
		// Sums with a default: sum skips nulls, so coalesce to 0, a CASE
		// default, and filtering the nulls out all agree.
		{"g-h6-coalesce-sum", "null test", Generic, written(false,
			"MATCH (a)-[:T]->(b) RETURN sum(b.k) AS n",
			"MATCH (a)-[:T]->(b) RETURN sum(coalesce(b.k, 0)) AS n",
			"MATCH (a)-[:T]->(b) RETURN sum(CASE WHEN b.k IS NULL THEN 0 ELSE b.k END) AS n",
			"MATCH (a)-[:T]->(b) WHERE b.k IS NOT NULL RETURN sum(b.k) AS n",
			"MATCH (a)-[:T]->(b) WITH collect(b.k) AS ks RETURN reduce(s = 0, x IN ks | s + x) AS n",
		)},
		// A relationship property as an inline map, in WHERE, through
		// all() and a filtered list over relationships(p), and in a COUNT
		// { } per start node.
		{"g-h6-rel-prop", "relationship property", Generic, written(false,
			"MATCH (a:A)-[r:R {w: 1}]->(b) RETURN count(*) AS n",
			"MATCH (a:A)-[r:R]->(b) WHERE r.w = 1 RETURN count(*) AS n",
			"MATCH p = (a:A)-[:R]->(b) WHERE all(r IN relationships(p) WHERE r.w = 1) RETURN count(*) AS n",
			"MATCH p = (a:A)-[:R]->(b) WHERE size([r IN relationships(p) WHERE r.w = 1]) = 1 RETURN count(*) AS n",
			"MATCH (a:A) RETURN sum(COUNT { (a)-[r:R]->() WHERE r.w = 1 }) AS n",
		)},
		// Two hops with a property on each relationship: inline maps,
		// WHERE, the second hop's test in a later MATCH (the two types
		// differ, so uniqueness changes nothing), all() over the path.
		{"g-h6-rel-prop-two-hop", "relationship property", Generic, written(false,
			"MATCH (a {id: $a})-[:R {w: 1}]->()-[:S {w: 2}]->(c) RETURN count(*) AS n",
			"MATCH (a {id: $a})-[r1:R]->()-[r2:S]->(c) WHERE r1.w = 1 AND r2.w = 2 RETURN count(*) AS n",
			"MATCH (a {id: $a})-[r1:R]->(b) WHERE r1.w = 1 MATCH (b)-[r2:S]->(c) WHERE r2.w = 2 RETURN count(*) AS n",
			"MATCH p = (a {id: $a})-[:R]->()-[:S]->(c) WHERE relationships(p)[0].w = 1 AND relationships(p)[1].w = 2 RETURN count(*) AS n",
			"MATCH (a {id: $a})-[r1:R]->(b) WHERE r1.w = 1 RETURN sum(COUNT { (b)-[r2:S]->() WHERE r2.w = 2 }) AS n",
		)},
		// An undirected hop against the UNION of the two directions, an
		// existence test between every node and the start, and the
		// concatenated pattern comprehensions.
		{"g-h6-undirected", "undirected", Generic, written(false,
			"MATCH (a {id: $a})-[:R]-(b) RETURN count(DISTINCT b) AS n",
			"CALL { MATCH (a {id: $a})-[:R]->(b) RETURN b UNION MATCH (a {id: $a})<-[:R]-(b) RETURN b } RETURN count(b) AS n",
			"MATCH (a {id: $a}), (b) WHERE (a)-[:R]-(b) RETURN count(DISTINCT b) AS n",
			"MATCH (a {id: $a}) WITH collect(a) AS heads UNWIND heads AS a WITH [(a)-[:R]->(x) | x] + [(a)<-[:R]-(x) | x] AS bs UNWIND bs AS b RETURN count(DISTINCT b) AS n",
			"MATCH (b) WHERE EXISTS { (x {id: $a})-[:R]-(b) } RETURN count(b) AS n",
		)},
		// Relationship uniqueness: within one MATCH (also with a comma)
		// two relationships differ; across two MATCH clauses the test is
		// written out, or the equal pairs subtracted.
		{"g-h6-rel-uniqueness", "relationship uniqueness", Generic, written(false,
			"MATCH (a {id: $a})-[r1:R]->(b)-[r2:R]->(c) RETURN count(*) AS n",
			"MATCH (a {id: $a})-[r1:R]->(b), (b)-[r2:R]->(c) RETURN count(*) AS n",
			"MATCH (a {id: $a})-[r1:R]->(b) MATCH (b)-[r2:R]->(c) WHERE r1 <> r2 RETURN count(*) AS n",
			"MATCH (a {id: $a})-[r1:R]->(b) MATCH (b)-[r2:R]->(c) RETURN count(*) - count(CASE WHEN r1 = r2 THEN 1 END) AS n",
			"MATCH (a {id: $a})-[r1:R]->(b) RETURN sum(COUNT { MATCH (b)-[r2:R]->(c) WHERE r2 <> r1 }) AS n",
		)},
		// Map projections against separate columns feeding ORDER BY and
		// grouping.
		{"g-h6-map-projection", "map projection", Generic, written(true,
			"MATCH (a:A)-->(b) RETURN b.k AS k, b.s AS s, count(*) AS n ORDER BY k, s",
			"MATCH (a:A)-->(b) WITH b {.k, .s} AS m RETURN m.k AS k, m.s AS s, count(*) AS n ORDER BY k, s",
			"MATCH (a:A)-->(b) WITH {k: b.k, s: b.s} AS m, count(*) AS n RETURN m.k AS k, m.s AS s, n ORDER BY k, s",
			"MATCH (a:A)-->(b) WITH b {.k, .s} AS m ORDER BY m.k, m.s RETURN m.k AS k, m.s AS s, count(*) AS n ORDER BY k, s",
		)},
		// ORDER BY with nulls: descending puts nulls first, as a large
		// default does; LIMIT in a WITH.
		{"g-h6-order-nulls", "ORDER BY / SKIP / LIMIT", Generic, written(true,
			"MATCH (a {id: $a})-->()-->(c) RETURN c.k AS k ORDER BY k DESC LIMIT 4",
			"MATCH (a {id: $a})-->()-->(c) RETURN c.k AS k ORDER BY c.k DESC LIMIT 4",
			"MATCH (a {id: $a})-->()-->(c) WITH c.k AS k ORDER BY coalesce(k, 100) DESC LIMIT 4 RETURN k ORDER BY coalesce(k, 100) DESC",
			"MATCH (a {id: $a})-->()-->(c) WITH c.k AS k ORDER BY k DESC LIMIT 4 RETURN k ORDER BY k DESC",
		)},
		// A filter across WITH: before it, after WITH *, on a renamed
		// variable, before the MATCH that binds the relationship.
		{"g-h6-with-filter", "WITH pipeline", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WHERE b.k > 1 RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WITH * WHERE b.k > 1 RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WITH a, b, b.k AS bk WHERE bk > 1 RETURN count(*) AS n",
			"MATCH (a:A) WITH a MATCH (a)-[:R]->(b) WITH b AS x WHERE x.k > 1 RETURN count(x) AS n",
			"MATCH (b) WHERE b.k > 1 WITH b MATCH (a:A)-[:R]->(b) RETURN count(*) AS n",
		)},
		// LIMIT inside a WITH against LIMIT on RETURN (rows equal on the
		// sort key are equal rows).
		{"g-h6-with-limit", "WITH pipeline", Generic, written(true,
			"MATCH (a:A)-->(b) RETURN id(a) AS i, id(b) AS j ORDER BY i, j LIMIT 5",
			"MATCH (a:A)-->(b) WITH id(a) AS i, id(b) AS j ORDER BY i, j LIMIT 5 RETURN i, j ORDER BY i, j",
			"MATCH (a:A)-->(b) WITH a, b ORDER BY id(a), id(b) LIMIT 5 RETURN id(a) AS i, id(b) AS j ORDER BY i, j",
			"MATCH (a:A)-->(b) WITH * ORDER BY id(a), id(b) WITH a, b LIMIT 5 RETURN id(a) AS i, id(b) AS j ORDER BY i, j",
		)},

		// Users schema.
		// Second-degree contacts not linked to the hub: a negated
		// pattern, NOT EXISTS, COUNT { } = 0, NOT IN the first degree,
		// OPTIONAL MATCH of the link then IS NULL.
		{"u-h6-anti-join", "anti-join", Users, written(false,
			"MATCH (a:User {id: $hub})-->()-->(c) WHERE c <> a AND NOT (a)-->(c) RETURN count(DISTINCT c) AS n",
			"MATCH (a:User {id: $hub})-->()-->(c) WHERE c <> a AND NOT EXISTS { (a)-->(c) } RETURN count(DISTINCT c) AS n",
			"MATCH (a:User {id: $hub})-->()-->(c) WHERE c <> a AND COUNT { (a)-->(c) } = 0 RETURN count(DISTINCT c) AS n",
			"MATCH (a:User {id: $hub})-->(b) WITH a, collect(b) AS first MATCH (a)-->()-->(c) WHERE c <> a AND NOT c IN first RETURN count(DISTINCT c) AS n",
			"MATCH (a:User {id: $hub})-->()-->(c) WHERE c <> a OPTIONAL MATCH (a)-[r]->(c) WITH c, r WHERE r IS NULL RETURN count(DISTINCT c) AS n",
		)},
		// Per neighbour its out-degree: count(*), count(c), sum(1),
		// size(collect()), COUNT { } (the neighbour is not the hub, so
		// the two relationships always differ).
		{"u-h6-count-spellings", "aggregation", Users, written(false,
			"MATCH (a:User {id: $hub})-->(b)-->(c) WHERE b <> a RETURN b.id AS id, count(*) AS n",
			"MATCH (a:User {id: $hub})-->(b)-->(c) WHERE b <> a RETURN b.id AS id, count(c) AS n",
			"MATCH (a:User {id: $hub})-->(b)-->(c) WHERE b <> a RETURN b.id AS id, sum(1) AS n",
			"MATCH (a:User {id: $hub})-->(b)-->(c) WHERE b <> a RETURN b.id AS id, size(collect(c)) AS n",
			"MATCH (a:User {id: $hub})-->(b) WHERE b <> a WITH b, COUNT { (b)-->() } AS n WHERE n > 0 RETURN b.id AS id, n",
		)},
		// The hub's neighbours' neighbourhood sizes as a histogram,
		// grouped by the node, by its id, by a pattern comprehension (the
		// hub itself left out: a self-loop there is both relationships).
		{"u-h6-degree-histogram", "aggregation", Users, written(false,
			"MATCH (a:User {id: $hub})-->(b)-->(c) WHERE b <> a WITH b, count(*) AS d RETURN d, count(*) AS n",
			"MATCH (a:User {id: $hub})-->(b)-->(c) WHERE b <> a WITH b.id AS id, count(c) AS d RETURN d, count(id) AS n",
			"MATCH (a:User {id: $hub})-->(b) WHERE b <> a WITH b, size([(b)-->(c) | c]) AS d WHERE d > 0 RETURN d, count(*) AS n",
			"MATCH (a:User {id: $hub})-->(b) WHERE b <> a WITH b, COUNT { (b)-->() } AS d WHERE d > 0 RETURN d, count(b) AS n",
		)},
		// The first ten neighbours by id and their out-links: LIMIT in a
		// WITH, in a CALL { } and on a collected slice.
		{"u-h6-with-limit", "WITH pipeline", Users, written(false,
			"MATCH (a:User {id: $hub})-->(b) WITH b ORDER BY b.id LIMIT 10 MATCH (b)-->(c) RETURN count(*) AS n",
			"CALL { MATCH (a:User {id: $hub})-->(b) RETURN b ORDER BY b.id LIMIT 10 } MATCH (b)-->(c) RETURN count(*) AS n",
			"MATCH (a:User {id: $hub})-->(b) WITH b ORDER BY b.id WITH collect(b)[..10] AS bs UNWIND bs AS b MATCH (b)-->(c) RETURN count(*) AS n",
			"MATCH (a:User {id: $hub})-->(b) WITH b ORDER BY b.id LIMIT 10 RETURN sum(COUNT { (b)-->() }) AS n",
		)},

		// Movies schema: the Neo4j manual's clause examples.
		// OPTIONAL MATCH (the manual's "directors of a person, null when
		// none"): OPTIONAL MATCH, a CALL { } around it, a pattern
		// comprehension with a null row when empty.
		{"m-h6-optional-directed", "OPTIONAL MATCH", Movies, written(false,
			"MATCH (p:Person) WHERE p.born = 1956 OPTIONAL MATCH (p)-[:DIRECTED]->(m) RETURN p.name AS name, m.title AS title",
			"MATCH (p:Person) WHERE p.born = 1956 CALL { WITH p OPTIONAL MATCH (p)-[:DIRECTED]->(m) RETURN m } RETURN p.name AS name, m.title AS title",
			"MATCH (p:Person) WHERE p.born = 1956 WITH p, [(p)-[:DIRECTED]->(m) | m.title] AS ts UNWIND CASE WHEN size(ts) = 0 THEN [null] ELSE ts END AS title RETURN p.name AS name, title",
			"MATCH (p:Person {born: 1956}) OPTIONAL MATCH (m)<-[:DIRECTED]-(p) RETURN p.name AS name, m.title AS title",
		)},
		// Actors who never directed: the anti-join five ways.
		{"m-h6-anti-join", "anti-join", Movies, written(false,
			"MATCH (p:Person)-[:ACTED_IN]->(:Movie) WHERE NOT (p)-[:DIRECTED]->() RETURN count(DISTINCT p) AS n",
			"MATCH (p:Person) WHERE EXISTS { (p)-[:ACTED_IN]->(:Movie) } AND NOT EXISTS { (p)-[:DIRECTED]->() } RETURN count(p) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(:Movie) OPTIONAL MATCH (p)-[d:DIRECTED]->() WITH p, d WHERE d IS NULL RETURN count(DISTINCT p) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(:Movie) WITH DISTINCT p WHERE COUNT { (p)-[:DIRECTED]->() } = 0 RETURN count(p) AS n",
			"MATCH (d:Person)-[:DIRECTED]->() WITH collect(DISTINCT d) AS ds MATCH (p:Person)-[:ACTED_IN]->(:Movie) WHERE NOT p IN ds RETURN count(DISTINCT p) AS n",
		)},
		// The manual's co-actor count: count(*), count(m), sum(1), the
		// size of the collected movies, COUNT { } between the two.
		{"m-h6-coactors", "aggregation", Movies, written(true,
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) RETURN c.name AS name, count(*) AS n ORDER BY n DESC, name LIMIT 5",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) RETURN c.name AS name, count(m) AS n ORDER BY n DESC, name LIMIT 5",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WITH c, sum(1) AS n RETURN c.name AS name, n ORDER BY n DESC, name LIMIT 5",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie)<-[:ACTED_IN]-(c:Person) WITH c.name AS name, collect(m) AS ms RETURN name, size(ms) AS n ORDER BY n DESC, name LIMIT 5",
			"MATCH (p:Person {name: $who}), (c:Person) WHERE c <> p WITH c, COUNT { (p)-[:ACTED_IN]->(:Movie)<-[:ACTED_IN]-(c) } AS n WHERE n > 0 RETURN c.name AS name, n ORDER BY n DESC, name LIMIT 5",
		)},
		// The manual's string operators: CONTAINS, a regular expression,
		// split, and substrings at every position.
		{"m-h6-contains", "string predicate", Movies, written(false,
			"MATCH (p:Person) WHERE p.name CONTAINS 'an' RETURN count(p) AS n",
			"MATCH (p:Person) WHERE p.name =~ '.*an.*' RETURN count(p) AS n",
			"MATCH (p:Person) WHERE size(split(p.name, 'an')) > 1 RETURN count(p) AS n",
			"MATCH (p:Person) WHERE any(i IN range(0, size(p.name) - 2) WHERE substring(p.name, i, 2) = 'an') RETURN count(p) AS n",
		)},
		// ENDS WITH against right(), reverse() STARTS WITH, a regular
		// expression and substring from the end.
		{"m-h6-ends-with", "string predicate", Movies, written(false,
			"MATCH (m:Movie) WHERE m.title ENDS WITH 's' RETURN m.title AS t",
			"MATCH (m:Movie) WHERE right(m.title, 1) = 's' RETURN m.title AS t",
			"MATCH (m:Movie) WHERE reverse(m.title) STARTS WITH 's' RETURN m.title AS t",
			"MATCH (m:Movie) WHERE m.title =~ '.*s' RETURN m.title AS t",
			"MATCH (m:Movie) WHERE substring(m.title, size(m.title) - 1) = 's' RETURN m.title AS t",
		)},
		// People without a birth year: IS NULL, no key, a coalesce
		// default no one has, OPTIONAL MATCH of themselves with a test.
		{"m-h6-born-null", "null test", Movies, written(false,
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE p.born IS NULL RETURN count(DISTINCT p) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE NOT 'born' IN keys(p) RETURN count(DISTINCT p) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE coalesce(p.born, 0) = 0 RETURN count(DISTINCT p) AS n",
			"MATCH (p:Person) WHERE p.born IS NULL AND EXISTS { (p)-[:ACTED_IN]->(:Movie) } RETURN count(p) AS n",
		)},
		// The manual's aggregating functions: the oldest and youngest
		// birth year of a movie's cast as min/max, percentileDisc at the
		// ends, an ordered collect's ends.
		{"m-h6-born-range", "aggregation", Movies, written(true,
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) RETURN m.title AS t, min(p.born) AS lo, max(p.born) AS hi ORDER BY t LIMIT 10",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) RETURN m.title AS t, percentileDisc(p.born, 0.0) AS lo, percentileDisc(p.born, 1.0) AS hi ORDER BY t LIMIT 10",
			"MATCH (m:Movie) WHERE EXISTS { (m)<-[:ACTED_IN]-(:Person) } WITH m, [(p:Person)-[:ACTED_IN]->(m) WHERE p.born IS NOT NULL | p.born] AS bs RETURN m.title AS t, reduce(x = null, b IN bs | CASE WHEN x IS NULL OR b < x THEN b ELSE x END) AS lo, reduce(x = null, b IN bs | CASE WHEN x IS NULL OR b > x THEN b ELSE x END) AS hi ORDER BY t LIMIT 10",
			"MATCH (m:Movie)<-[:ACTED_IN]-(p:Person) WITH m.title AS t, p.born AS b ORDER BY b WITH t, [x IN collect(b) WHERE x IS NOT NULL] AS bs RETURN t, head(bs) AS lo, bs[-1] AS hi ORDER BY t LIMIT 10",
		)},
		// Directors of a person's movies: count(DISTINCT), the size of
		// collect(DISTINCT), WITH DISTINCT then count, COLLECT { DISTINCT }.
		{"m-h6-collect-distinct", "aggregation", Movies, written(false,
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m)<-[:DIRECTED]-(d) RETURN count(DISTINCT d) AS n",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m)<-[:DIRECTED]-(d) RETURN size(collect(DISTINCT d)) AS n",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m)<-[:DIRECTED]-(d) WITH DISTINCT d RETURN count(d) AS n",
			"MATCH (p:Person {name: $who}) RETURN size(COLLECT { MATCH (p)-[:ACTED_IN]->()<-[:DIRECTED]-(d) RETURN DISTINCT d }) AS n",
			"MATCH (d:Person) WHERE EXISTS { (:Person {name: $who})-[:ACTED_IN]->()<-[:DIRECTED]-(d) } RETURN count(d) AS n",
		)},
		// The manual's EXISTS subquery with a WHERE: against COUNT { },
		// WITH DISTINCT, any() and a non-empty pattern comprehension.
		{"m-h6-exists-where", "existence", Movies, written(true,
			"MATCH (p:Person) WHERE EXISTS { MATCH (p)-[:ACTED_IN]->(m:Movie) WHERE m.released < 1990 } RETURN p.name AS name ORDER BY name",
			"MATCH (p:Person) WHERE COUNT { (p)-[:ACTED_IN]->(m:Movie) WHERE m.released < 1990 } > 0 RETURN p.name AS name ORDER BY name",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE m.released < 1990 WITH DISTINCT p RETURN p.name AS name ORDER BY name",
			"MATCH (p:Person) WHERE any(m IN [(p)-[:ACTED_IN]->(m:Movie) | m] WHERE m.released < 1990) RETURN p.name AS name ORDER BY name",
			"MATCH (p:Person) WHERE [(p)-[:ACTED_IN]->(m:Movie) WHERE m.released < 1990 | m] <> [] RETURN p.name AS name ORDER BY name",
		)},
		// A role in a list property of the relationship: IN, any(), a
		// filtered list, UNWIND of the roles.
		{"m-h6-role", "relationship property", Movies, written(false,
			"MATCH (p:Person)-[r:ACTED_IN]->(m:Movie) WHERE 'Neo' IN r.roles RETURN p.name AS name, m.title AS title",
			"MATCH (p:Person)-[r:ACTED_IN]->(m:Movie) WHERE any(x IN r.roles WHERE x = 'Neo') RETURN p.name AS name, m.title AS title",
			"MATCH (p:Person)-[r:ACTED_IN]->(m:Movie) WHERE size([x IN r.roles WHERE x = 'Neo']) > 0 RETURN p.name AS name, m.title AS title",
			"MATCH (p:Person)-[r:ACTED_IN]->(m:Movie) UNWIND r.roles AS role WITH p, r, m, role WHERE role = 'Neo' WITH DISTINCT p, r, m RETURN p.name AS name, m.title AS title",
			"MATCH path = (p:Person)-[:ACTED_IN]->(m:Movie) WHERE any(r IN relationships(path) WHERE 'Neo' IN r.roles) RETURN p.name AS name, m.title AS title",
		)},
		// Reviews rated above 60: WHERE, all() over relationships(p), a
		// COUNT { } per reviewer.
		{"m-h6-review-rating", "relationship property", Movies, written(false,
			"MATCH (p:Person)-[r:REVIEWED]->(m:Movie) WHERE r.rating > 60 RETURN count(*) AS n",
			"MATCH path = (p:Person)-[:REVIEWED]->(m:Movie) WHERE all(r IN relationships(path) WHERE r.rating > 60) RETURN count(*) AS n",
			"MATCH (p:Person) RETURN sum(COUNT { (p)-[r:REVIEWED]->(:Movie) WHERE r.rating > 60 }) AS n",
			"MATCH (m:Movie)<-[r:REVIEWED]-(p:Person) WITH r WHERE r.rating > 60 RETURN count(r) AS n",
		)},
		// A map projection ordered by its keys against the columns.
		{"m-h6-map-projection", "map projection", Movies, written(true,
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN m {.title, .released} AS movie ORDER BY m.released, m.title",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN {title: m.title, released: m.released} AS movie ORDER BY movie.released, movie.title",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie) WITH m {.title, .released} AS movie ORDER BY movie.released, movie.title RETURN movie ORDER BY movie.released, movie.title",
			"MATCH (m:Movie) WHERE EXISTS { (:Person {name: $who})-[:ACTED_IN]->(m) } RETURN m {.released, .title} AS movie ORDER BY m.released, m.title",
		)},
		// The manual's WITH example: actors in at least five movies,
		// counted before WITH, by COUNT { }, by a pattern comprehension,
		// with WITH * in between.
		{"m-h6-with-count", "WITH pipeline", Movies, written(false,
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WITH p, count(m) AS n WHERE n >= 5 RETURN p.name AS name, n",
			"MATCH (p:Person) WITH p, COUNT { (p)-[:ACTED_IN]->(:Movie) } AS n WHERE n >= 5 RETURN p.name AS name, n",
			"MATCH (p:Person) WITH p, size([(p)-[:ACTED_IN]->(m:Movie) | m]) AS n WITH * WHERE n >= 5 RETURN p.name AS name, n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WITH p.name AS name, count(*) AS n WITH * WHERE n > 4 RETURN name, n",
		)},
		// Every relationship of a person in either direction: undirected
		// against the UNION ALL of the directions and two COUNT { }.
		{"m-h6-undirected", "undirected", Movies, written(false,
			"MATCH (p:Person {name: $who})-[r]-(x) RETURN type(r) AS t, count(*) AS n",
			"CALL { MATCH (p:Person {name: $who})-[r]->(x) RETURN r UNION ALL MATCH (p:Person {name: $who})<-[r]-(x) RETURN r } RETURN type(r) AS t, count(*) AS n",
			"MATCH (p:Person {name: $who})-[r]->(x) WITH type(r) AS t, count(*) AS n RETURN t, n UNION ALL MATCH (p:Person {name: $who})<-[r]-(x) WITH type(r) AS t, count(*) AS n RETURN t, n",
			"MATCH (p:Person {name: $who})-[r]-(x) WITH r RETURN type(r) AS t, count(r) AS n",
		)},

		// Stack Overflow.
		// Questions with no answer: the anti-join five ways.
		{"s-h6-unanswered", "anti-join", StackOverflow, written(false,
			"MATCH (q:Question) WHERE NOT (q)<-[:ANSWERED]-() RETURN count(q) AS n",
			"MATCH (q:Question) WHERE NOT EXISTS { (q)<-[:ANSWERED]-(:Answer) } RETURN count(q) AS n",
			"MATCH (q:Question) OPTIONAL MATCH (q)<-[r:ANSWERED]-() WITH q, r WHERE r IS NULL RETURN count(q) AS n",
			"MATCH (q:Question) WHERE COUNT { (q)<-[:ANSWERED]-() } = 0 RETURN count(q) AS n",
			"MATCH (:Answer)-[:ANSWERED]->(x:Question) WITH collect(DISTINCT x) AS answered MATCH (q:Question) WHERE NOT q IN answered RETURN count(q) AS n",
		)},
		// Questions per tag, the ten largest: count spellings and COUNT {
		// } from the tag.
		{"s-h6-tag-counts", "aggregation", StackOverflow, written(true,
			"MATCH (q:Question)-[:TAGGED]->(t:Tag) RETURN t.name AS name, count(*) AS n ORDER BY n DESC, name LIMIT 10",
			"MATCH (q:Question)-[:TAGGED]->(t:Tag) RETURN t.name AS name, count(q) AS n ORDER BY n DESC, name LIMIT 10",
			"MATCH (q:Question)-[:TAGGED]->(t:Tag) WITH t, sum(1) AS n RETURN t.name AS name, n ORDER BY n DESC, name LIMIT 10",
			"MATCH (q:Question)-[:TAGGED]->(t:Tag) WITH t, collect(q) AS qs RETURN t.name AS name, size(qs) AS n ORDER BY n DESC, name LIMIT 10",
			"MATCH (t:Tag) WITH t, COUNT { (t)<-[:TAGGED]-(:Question) } AS n WHERE n > 0 RETURN t.name AS name, n ORDER BY n DESC, name LIMIT 10",
		)},
		// Users who answered a tag's questions but never asked one.
		{"s-h6-answerers-not-askers", "anti-join", StackOverflow, written(false,
			"MATCH (u:User)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE NOT (u)-[:ASKED]->() RETURN count(DISTINCT u) AS n",
			"MATCH (u:User)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE NOT EXISTS { (u)-[:ASKED]->(:Question) } RETURN count(DISTINCT u) AS n",
			"MATCH (u:User)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH DISTINCT u WHERE COUNT { (u)-[:ASKED]->() } = 0 RETURN count(u) AS n",
			"MATCH (t:Tag {name: $tag})<-[:TAGGED]-(:Question)<-[:ANSWERED]-(:Answer)<-[:PROVIDED]-(u:User) OPTIONAL MATCH (u)-[x:ASKED]->() WITH u, x WHERE x IS NULL RETURN count(DISTINCT u) AS n",
		)},

		// LDBC.
		// Friends who created no post: the anti-join against a label.
		{"l-h6-friends-no-posts", "anti-join", LDBC, written(false,
			"MATCH (a:Person {id: $person})-[:KNOWS]-(f:Person) WHERE NOT (f)<-[:HAS_CREATOR]-(:Post) RETURN count(DISTINCT f) AS n",
			"MATCH (a:Person {id: $person})-[:KNOWS]-(f:Person) WHERE NOT EXISTS { (f)<-[:HAS_CREATOR]-(:Post) } RETURN count(DISTINCT f) AS n",
			"MATCH (a:Person {id: $person})-[:KNOWS]-(f:Person) WHERE COUNT { (:Post)-[:HAS_CREATOR]->(f) } = 0 RETURN count(DISTINCT f) AS n",
			"MATCH (a:Person {id: $person})-[:KNOWS]-(f:Person) OPTIONAL MATCH (f)<-[:HAS_CREATOR]-(p:Post) WITH f, p WHERE p IS NULL RETURN count(DISTINCT f) AS n",
			"MATCH (a:Person {id: $person})-[:KNOWS]-(f:Person) WITH DISTINCT f OPTIONAL MATCH (f)<-[:HAS_CREATOR]-(p:Post) WITH f, count(p) AS c WHERE c = 0 RETURN count(f) AS n",
		)},
		// Messages per friend: count spellings, grouped by node or id.
		{"l-h6-friend-messages", "aggregation", LDBC, written(false,
			"MATCH (a:Person {id: $person})-[:KNOWS]-(f:Person)<-[:HAS_CREATOR]-(m:Message) RETURN f.id AS id, count(*) AS n",
			"MATCH (a:Person {id: $person})-[:KNOWS]-(f:Person)<-[:HAS_CREATOR]-(m:Message) RETURN f.id AS id, count(m) AS n",
			"MATCH (a:Person {id: $person})-[:KNOWS]-(f:Person)<-[:HAS_CREATOR]-(m:Message) WITH f, size(collect(m)) AS n RETURN f.id AS id, n",
			"MATCH (a:Person {id: $person})-[:KNOWS]-(f:Person) WITH f, COUNT { (f)<-[:HAS_CREATOR]-(:Message) } AS n WHERE n > 0 RETURN f.id AS id, n",
		)},

		// Northwind.
		// Customers who never ordered.
		{"n-h6-no-orders", "anti-join", Northwind, written(false,
			"MATCH (c:Customer) WHERE NOT (c)-[:PURCHASED]->() RETURN c.customerID AS id",
			"MATCH (c:Customer) WHERE NOT EXISTS { (c)-[:PURCHASED]->(:Order) } RETURN c.customerID AS id",
			"MATCH (c:Customer) OPTIONAL MATCH (c)-[p:PURCHASED]->() WITH c, p WHERE p IS NULL RETURN c.customerID AS id",
			"MATCH (c:Customer) WHERE COUNT { (c)-[:PURCHASED]->() } = 0 RETURN c.customerID AS id",
			"MATCH (x:Customer)-[:PURCHASED]->() WITH collect(DISTINCT x.customerID) AS ids MATCH (c:Customer) WHERE NOT c.customerID IN ids RETURN c.customerID AS id",
		)},
		// A customer's units: one sum, per order then summed, a reduce,
		// a CALL { } per order.
		{"n-h6-customer-units", "aggregation", Northwind, written(false,
			"MATCH (c:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)-[r:ORDERS]->(:Product) RETURN sum(r.quantity) AS q",
			"MATCH (c:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)-[r:ORDERS]->(:Product) WITH o, sum(r.quantity) AS oq RETURN sum(oq) AS q",
			"MATCH (c:Customer {customerID: $customer})-[:PURCHASED]->(o:Order)-[r:ORDERS]->(:Product) WITH collect(r.quantity) AS qs RETURN reduce(s = 0, x IN qs | s + x) AS q",
			"MATCH (c:Customer {customerID: $customer})-[:PURCHASED]->(o:Order) CALL { WITH o MATCH (o)-[r:ORDERS]->(:Product) RETURN sum(r.quantity) AS oq } RETURN sum(oq) AS q",
		)},
		// Products whose name contains a word: CONTAINS, a regular
		// expression, split, with the category as an inline map or WHERE.
		{"n-h6-product-contains", "string predicate", Northwind, written(false,
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WHERE p.productName CONTAINS 'Sauce' RETURN c.categoryName AS c, count(*) AS n",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WHERE p.productName =~ '.*Sauce.*' RETURN c.categoryName AS c, count(*) AS n",
			"MATCH (p:Product)-[:PART_OF]->(c:Category) WHERE size(split(p.productName, 'Sauce')) > 1 RETURN c.categoryName AS c, count(p) AS n",
			"MATCH (c:Category)<-[:PART_OF]-(p:Product) WITH c, p WHERE p.productName CONTAINS 'Sauce' WITH c.categoryName AS c, collect(p) AS ps RETURN c, size(ps) AS n",
		)},

		// WordNet.
		// Hyponyms of a synset: count(x), COUNT { }, a type() test,
		// sum(1), size(collect()).
		{"w-h6-hyponyms", "aggregation", WordNet, written(false,
			"MATCH (x:Entity)-[:_hypernym]->(e:Entity {id: $entity}) RETURN count(x) AS n",
			"MATCH (e:Entity {id: $entity}) RETURN COUNT { (e)<-[:_hypernym]-() } AS n",
			"MATCH (e:Entity {id: $entity})<-[r]-(x) WHERE type(r) = '_hypernym' RETURN count(*) AS n",
			"MATCH (e:Entity {id: $entity})<-[:_hypernym]-(x) RETURN sum(1) AS n",
			"MATCH (e:Entity {id: $entity})<-[:_hypernym]-(x) RETURN size(collect(x)) AS n",
		)},
		// Relationships of a synset by type and direction: undirected
		// against the UNION ALL of the two directions.
		{"w-h6-type-histogram", "undirected", WordNet, written(false,
			"MATCH (e:Entity {id: $entity})-[r]-() RETURN type(r) AS t, count(*) AS n",
			"CALL { MATCH (e:Entity {id: $entity})-[r]->() RETURN r UNION ALL MATCH (e:Entity {id: $entity})<-[r]-() RETURN r } RETURN type(r) AS t, count(*) AS n",
			"MATCH (e:Entity {id: $entity})-[r]-(x) WITH type(r) AS t RETURN t, count(t) AS n",
			"MATCH (e:Entity)-[r]-() WHERE e.id = $entity RETURN type(r) AS t, sum(1) AS n",
		)},
		// Leaf hyponyms of a synset (no hyponym of their own): the
		// anti-join five ways.
		{"w-h6-leaf-hyponyms", "anti-join", WordNet, written(false,
			"MATCH (x:Entity)-[:_hypernym]->(e:Entity {id: $entity}) WHERE NOT ()-[:_hypernym]->(x) RETURN count(x) AS n",
			"MATCH (x:Entity)-[:_hypernym]->(e:Entity {id: $entity}) WHERE NOT EXISTS { (:Entity)-[:_hypernym]->(x) } RETURN count(x) AS n",
			"MATCH (x:Entity)-[:_hypernym]->(e:Entity {id: $entity}) WHERE COUNT { ()-[:_hypernym]->(x) } = 0 RETURN count(x) AS n",
			"MATCH (x:Entity)-[:_hypernym]->(e:Entity {id: $entity}) OPTIONAL MATCH (y)-[:_hypernym]->(x) WITH x, y WHERE y IS NULL RETURN count(x) AS n",
			"MATCH (x:Entity)-[:_hypernym]->(e:Entity {id: $entity}) OPTIONAL MATCH (y)-[:_hypernym]->(x) WITH x, count(y) AS c WHERE c = 0 RETURN count(x) AS n",
		)},
		// Two levels of hyponyms: *1..2, a quantified relationship, the
		// UNION of the levels.
		{"w-h6-hyponyms-two-levels", "quantified path", WordNet, written(false,
			"MATCH (x:Entity)-[:_hypernym*1..2]->(e:Entity {id: $entity}) RETURN count(DISTINCT x) AS n",
			"MATCH (e:Entity {id: $entity})<-[:_hypernym]-{1,2}(x:Entity) RETURN count(DISTINCT x) AS n",
			"CALL { MATCH (x:Entity)-[:_hypernym]->(e:Entity {id: $entity}) RETURN x UNION MATCH (x:Entity)-[:_hypernym]->()-[:_hypernym]->(e:Entity {id: $entity}) RETURN x } RETURN count(x) AS n",
			"MATCH (e:Entity {id: $entity})<-[:_hypernym]-(y) OPTIONAL MATCH (y)<-[:_hypernym]-(z) WITH collect(DISTINCT y) + collect(DISTINCT z) AS xs UNWIND xs AS x RETURN count(DISTINCT x) AS n",
		)},
		// Synsets whose name contains a word: CONTAINS, a regular
		// expression, split, substrings (a scan of every entity).
		{"w-h6-name-contains", "string predicate", WordNet, written(false,
			"MATCH (e:Entity) WHERE e.name CONTAINS 'dog' RETURN count(e) AS n",
			"MATCH (e:Entity) WHERE e.name =~ '.*dog.*' RETURN count(e) AS n",
			"MATCH (e:Entity) WHERE size(split(e.name, 'dog')) > 1 RETURN count(e) AS n",
			"MATCH (e:Entity) WITH e.name AS s WHERE s CONTAINS 'dog' RETURN count(s) AS n",
		)},
		// Members of a topic domain that are also hyponyms of something in
		// it: a two-relationship pattern, EXISTS, the collected members.
		{"w-h6-topic-hypernyms", "2-hop distinct", WordNet, written(false,
			"MATCH (x:Entity)-[:_synset_domain_topic_of]->(t:Entity {id: $topic}), (x)-[:_hypernym]->(h) RETURN count(DISTINCT h) AS n",
			"MATCH (t:Entity {id: $topic})<-[:_synset_domain_topic_of]-(x)-[:_hypernym]->(h) RETURN count(DISTINCT h) AS n",
			"MATCH (h:Entity) WHERE EXISTS { (:Entity {id: $topic})<-[:_synset_domain_topic_of]-()-[:_hypernym]->(h) } RETURN count(h) AS n",
			"MATCH (t:Entity {id: $topic})<-[:_synset_domain_topic_of]-(x) WITH collect(x) AS xs UNWIND xs AS x MATCH (x)-[:_hypernym]->(h) RETURN count(DISTINCT h) AS n",
		)},
	}
}
