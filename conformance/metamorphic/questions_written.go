package metamorphic

// written returns a written question: its forms listed, the first the
// seed. Each must be an exact equivalent of the seed under openCypher's
// semantics (nulls, empty inputs, duplicates, relationship uniqueness);
// the comment above each question says why the less obvious ones are.
func written(ordered bool, forms ...string) *Query {
	return &Query{Written: forms, WrittenOrdered: ordered}
}

// writtenQuestions are the fourth held-out round's kinds, which the
// generator's structure does not express: aggregation written as collect
// then size or UNWIND, sum(1), reduce, min as the head of an ordered
// collect; pattern and list comprehensions; shortest paths against
// variable-length paths and increasing-depth checks; OPTIONAL MATCH
// chains; string and range predicates in several spellings; the Neo4j
// manual's recommendation and degree-ordered queries on the movies graph.
func writtenQuestions() []Question {
	return []Question{
		// count(x) skips nulls as collect does; sum over no rows is 0 as
		// count is; reduce over collect's list counts its elements.
		{"g-w-count-styles", "aggregation", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) RETURN count(b.k) AS n, count(*) AS rows",
			"MATCH (a:A)-[:R]->(b) RETURN size(collect(b.k)) AS n, sum(1) AS rows",
			"MATCH (a:A)-[:R]->(b) RETURN sum(CASE WHEN b.k IS NULL THEN 0 ELSE 1 END) AS n, size(collect(b)) AS rows",
			"MATCH (a:A)-[:R]->(b) WITH collect(b.k) AS ks, collect(b) AS bs RETURN reduce(n = 0, x IN ks | n + 1) AS n, size(bs) AS rows",
			"MATCH (a:A)-[:R]->(b) WITH a, count(b.k) AS n, count(*) AS c RETURN sum(n) AS n, sum(c) AS rows",
		)},
		// min skips nulls and is null over no rows; so is the head of the
		// ordered collect (collect drops nulls) and the reduce.
		{"g-w-min-styles", "aggregation", Generic, written(false,
			"MATCH (a {id: $a})-->(b) RETURN min(b.k) AS lo",
			"MATCH (a {id: $a})-->(b) WITH b.k AS k ORDER BY k RETURN head(collect(k)) AS lo",
			"MATCH (a {id: $a})-->(b) WITH collect(b.k) AS ks RETURN reduce(m = null, x IN ks | CASE WHEN m IS NULL OR x < m THEN x ELSE m END) AS lo",
			"MATCH (a {id: $a}) OPTIONAL MATCH (a)-->(b) WITH min(b.k) AS lo RETURN lo",
		)},
		// Per node: the count of neighbours passing a test, as a pattern
		// comprehension, COUNT { }, OPTIONAL MATCH then count, a list
		// comprehension over the collected neighbours, reduce. A null
		// test counts as false in every form.
		{"g-w-filtered-degree", "pattern comprehension", Generic, written(true,
			"MATCH (a:A) RETURN id(a) AS i, size([(a)-->(b) WHERE b.k > 1 | b]) AS n ORDER BY i",
			"MATCH (a:A) RETURN id(a) AS i, COUNT { (a)-->(b) WHERE b.k > 1 } AS n ORDER BY i",
			"MATCH (a:A) OPTIONAL MATCH (a)-->(b) WHERE b.k > 1 WITH a, count(b) AS n RETURN id(a) AS i, n ORDER BY i",
			"MATCH (a:A) OPTIONAL MATCH (a)-->(b) WITH a, collect(b) AS bs RETURN id(a) AS i, size([x IN bs WHERE x.k > 1]) AS n ORDER BY i",
			"MATCH (a:A) OPTIONAL MATCH (a)-->(b) WITH a, collect(b) AS bs RETURN id(a) AS i, reduce(n = 0, x IN bs | n + CASE WHEN x.k > 1 THEN 1 ELSE 0 END) AS n ORDER BY i",
		)},
		// A collected list unwound again gives back its rows (none when
		// the list is empty, as the MATCH gives none); the relationship
		// goes with it, as the second hop must not reuse it.
		{"g-w-collect-unwind", "aggregation", Generic, written(false,
			"MATCH (a {id: $a})-->(b)-->(c) RETURN count(DISTINCT c) AS n",
			"MATCH (a {id: $a})-[r]->(b) WITH a, collect([r, b]) AS rbs UNWIND rbs AS rb WITH rb[0] AS r, rb[1] AS b MATCH (b)-[s]->(c) WHERE s <> r RETURN count(DISTINCT c) AS n",
			"MATCH (a {id: $a})-->(b)-->(c) WITH collect(DISTINCT c) AS cs RETURN size(cs) AS n",
			"MATCH (a {id: $a})-->(b)-->(c) WITH DISTINCT c RETURN sum(1) AS n",
		)},
		// Grouped on a property, or per node then rolled up per property.
		{"g-w-group-property-or-node", "aggregation", Generic, written(true,
			"MATCH (a)-[:R]->(b) RETURN a.k AS k, count(*) AS n ORDER BY k",
			"MATCH (a)-[:R]->(b) WITH a, count(*) AS d RETURN a.k AS k, sum(d) AS n ORDER BY k",
			"MATCH (a) WITH a, COUNT { (a)-[:R]->() } AS d WHERE d > 0 RETURN a.k AS k, sum(d) AS n ORDER BY k",
			"MATCH (a)-[:R]->(b) WITH a.k AS k, collect(b) AS bs RETURN k, size(bs) AS n ORDER BY k",
		)},
		// EXISTS, COUNT { } > 0, a pattern comprehension's size > 0 and an
		// OPTIONAL MATCH checked for null, each kept per node.
		{"g-w-exists-styles", "existence", Generic, written(false,
			"MATCH (a:B) WHERE EXISTS { (a)-[:S]->(:C) } RETURN count(a) AS n",
			"MATCH (a:B) WHERE COUNT { (a)-[:S]->(:C) } > 0 RETURN count(a) AS n",
			"MATCH (a:B) WHERE size([(a)-[:S]->(c:C) | c]) > 0 RETURN count(a) AS n",
			"MATCH (a:B) OPTIONAL MATCH (a)-[:S]->(c:C) WITH a, count(c) AS k WHERE k > 0 RETURN count(a) AS n",
			"MATCH (a:B) WITH a, COUNT { (a)-[:S]->(:C) } AS k RETURN sum(CASE WHEN k > 0 THEN 1 ELSE 0 END) AS n",
		)},
		// Shortest distance: shortestPath, the least length of the
		// variable-length paths, and the first depth at which a walk of
		// that many hops exists (a shortest walk has distinct
		// relationships). None when there is no path.
		{"g-w-shortest-length", "shortest path", Generic, written(false,
			"MATCH (a {id: $a}), (b {id: $b}) WHERE a <> b MATCH p = shortestPath((a)-[*..3]->(b)) RETURN length(p) AS d",
			"MATCH p = (a {id: $a})-[*1..3]->(b {id: $b}) WHERE a <> b WITH min(length(p)) AS d WHERE d IS NOT NULL RETURN d",
			"MATCH (a {id: $a}), (b {id: $b}) WHERE a <> b WITH CASE WHEN EXISTS { (a)-->(b) } THEN 1 WHEN EXISTS { (a)-->()-->(b) } THEN 2 WHEN EXISTS { (a)-[*3]->(b) } THEN 3 END AS d WHERE d IS NOT NULL RETURN d",
		)},
		// All shortest paths: their count, and the number of
		// variable-length paths of the least length (0 when none).
		{"g-w-all-shortest-count", "shortest path", Generic, written(false,
			"MATCH (a {id: $a}) MATCH (b {id: $b}) WHERE a <> b OPTIONAL MATCH p = allShortestPaths((a)-[*..3]-(b)) RETURN count(p) AS n",
			"MATCH (a {id: $a}) MATCH (b {id: $b}) WHERE a <> b OPTIONAL MATCH p = (a)-[*1..3]-(b) WITH collect(p) AS ps WITH ps, reduce(m = 99, q IN ps | CASE WHEN length(q) < m THEN length(q) ELSE m END) AS m RETURN size([q IN ps WHERE length(q) = m]) AS n",
		)},
		// A string prefix as STARTS WITH, an anchored regular expression,
		// left(), and the range of strings it spans.
		{"g-w-prefix-styles", "string predicate", Generic, written(false,
			"MATCH (a)-[:T]->(b) WHERE b.s STARTS WITH 'a' RETURN count(*) AS n",
			"MATCH (a)-[:T]->(b) WHERE b.s =~ '(?s)a.*' RETURN count(*) AS n",
			"MATCH (a)-[:T]->(b) WHERE b.s >= 'a' AND b.s < 'b' RETURN count(*) AS n",
			"MATCH (b) WHERE b.s STARTS WITH 'a' MATCH (a)-[:T]->(b) RETURN count(*) AS n",
			"MATCH (a)-[:T]->(b) WHERE left(b.s, 1) = 'a' RETURN count(*) AS n",
		)},

		// Users schema.
		{"u-w-min-neighbour", "aggregation", Users, written(false,
			"MATCH (a:User {id: $hub})-->(b) RETURN min(b.id) AS lo, max(b.id) AS hi",
			"MATCH (a:User {id: $hub})-->(b) WITH b.id AS x ORDER BY x WITH collect(x) AS xs RETURN head(xs) AS lo, last(xs) AS hi",
			"MATCH (a:User {id: $hub}) WITH [(a)-->(b) | b.id] AS xs UNWIND xs AS x RETURN min(x) AS lo, max(x) AS hi",
			"MATCH (a:User {id: $hub})-->(b) WITH collect(b.id) AS xs RETURN reduce(m = null, x IN xs | CASE WHEN m IS NULL OR x < m THEN x ELSE m END) AS lo, reduce(m = null, x IN xs | CASE WHEN m IS NULL OR x > m THEN x ELSE m END) AS hi",
		)},
		{"u-w-filtered-degree-range", "pattern comprehension", Users, written(true,
			"MATCH (a:User) WHERE a.id < 300 RETURN a.id AS id, size([(a)-->(b) WHERE b.id > 1000 | b]) AS n ORDER BY id",
			"MATCH (a:User) WHERE a.id < 300 RETURN a.id AS id, COUNT { (a)-->(b) WHERE b.id > 1000 } AS n ORDER BY id",
			"MATCH (a:User) WHERE a.id < 300 OPTIONAL MATCH (a)-->(b) WHERE b.id > 1000 WITH a, count(b) AS n RETURN a.id AS id, n ORDER BY id",
			"MATCH (a:User) WHERE a.id < 300 OPTIONAL MATCH (a)-->(b) WITH a, collect(b) AS bs RETURN a.id AS id, size([x IN bs WHERE x.id > 1000]) AS n ORDER BY id",
			"MATCH (a:User) WHERE a.id < 300 WITH a, [(a)-->(b) | b.id] AS ids RETURN a.id AS id, reduce(n = 0, x IN ids | n + CASE WHEN x > 1000 THEN 1 ELSE 0 END) AS n ORDER BY id",
		)},
		{"u-w-shortest-length", "shortest path", Users, written(false,
			"MATCH (a:User {id: $hub}), (b:User {id: $other}) MATCH p = shortestPath((a)-[*..3]->(b)) RETURN length(p) AS d",
			"MATCH p = (a:User {id: $hub})-[*1..3]->(b:User {id: $other}) WITH min(length(p)) AS d WHERE d IS NOT NULL RETURN d",
			"MATCH (a:User {id: $hub}), (b:User {id: $other}) WITH CASE WHEN EXISTS { (a)-->(b) } THEN 1 WHEN EXISTS { (a)-->()-->(b) } THEN 2 WHEN EXISTS { (a)-[*3]->(b) } THEN 3 END AS d WHERE d IS NOT NULL RETURN d",
		)},
		{"u-w-all-shortest-count", "shortest path", Users, written(false,
			"MATCH (a:User {id: $hub}) MATCH (b:User {id: $other}) OPTIONAL MATCH p = allShortestPaths((a)-[*..2]->(b)) RETURN count(p) AS n",
			"MATCH (a:User {id: $hub}) MATCH (b:User {id: $other}) OPTIONAL MATCH p = (a)-[*1..2]->(b) WITH collect(p) AS ps WITH ps, reduce(m = 99, q IN ps | CASE WHEN length(q) < m THEN length(q) ELSE m END) AS m RETURN size([q IN ps WHERE length(q) = m]) AS n",
		)},
		// An integer range on the indexed id, at the end of a hop: as a
		// conjunction, its flipped comparisons, <= of the integer below,
		// a separate MATCH, NOT of the complement.
		{"u-w-range-styles", "range predicate", Users, written(false,
			"MATCH (a:User)-->(b:User) WHERE b.id >= 100 AND b.id < 200 RETURN count(*) AS n",
			"MATCH (a:User)-->(b:User) WHERE 100 <= b.id AND 200 > b.id RETURN count(*) AS n",
			"MATCH (a:User)-->(b:User) WHERE b.id >= 100 AND b.id <= 199 RETURN count(*) AS n",
			"MATCH (b:User) WHERE b.id >= 100 AND b.id < 200 MATCH (a:User)-->(b) RETURN count(*) AS n",
			"MATCH (b:User)<--(a:User) WHERE NOT (b.id < 100 OR b.id >= 200) RETURN count(*) AS n",
			"MATCH (b:User) WHERE b.id >= 100 AND b.id < 200 RETURN sum(COUNT { (b)<--(:User) }) AS n",
		)},

		// Movies schema: the Neo4j manual's style.
		{"m-w-recommend-strength", "recommendation", Movies, written(true,
			"MATCH (tom:Person {name: $who})-[:ACTED_IN]->(m)<-[:ACTED_IN]-(co), (co)-[:ACTED_IN]->(m2)<-[:ACTED_IN]-(coco) WHERE NOT (tom)-[:ACTED_IN]->()<-[:ACTED_IN]-(coco) AND tom <> coco RETURN coco.name AS name, count(*) AS strength ORDER BY strength DESC, name LIMIT 5",
			"MATCH (tom:Person {name: $who})-[:ACTED_IN]->(m)<-[:ACTED_IN]-(co), (co)-[:ACTED_IN]->(m2)<-[:ACTED_IN]-(coco) WHERE NOT EXISTS { (tom)-[:ACTED_IN]->()<-[:ACTED_IN]-(coco) } AND tom <> coco WITH coco, count(*) AS strength RETURN coco.name AS name, strength ORDER BY strength DESC, name LIMIT 5",
			"MATCH (tom:Person {name: $who})-[:ACTED_IN]->(m)<-[:ACTED_IN]-(co), (co)-[:ACTED_IN]->(m2)<-[:ACTED_IN]-(coco) WHERE COUNT { (tom)-[:ACTED_IN]->()<-[:ACTED_IN]-(coco) } = 0 AND tom <> coco RETURN coco.name AS name, sum(1) AS strength ORDER BY strength DESC, name LIMIT 5",
			"MATCH (coco:Person)-[:ACTED_IN]->(m2)<-[:ACTED_IN]-(co)-[:ACTED_IN]->(m)<-[:ACTED_IN]-(tom:Person {name: $who}) WHERE NOT (tom)-[:ACTED_IN]->()<-[:ACTED_IN]-(coco) AND tom <> coco RETURN coco.name AS name, count(m) AS strength ORDER BY strength DESC, name LIMIT 5",
			"MATCH (tom:Person {name: $who})-[:ACTED_IN]->(m)<-[:ACTED_IN]-(co), (co)-[:ACTED_IN]->(m2)<-[:ACTED_IN]-(coco) WHERE NOT EXISTS { (tom)-[:ACTED_IN]->()<-[:ACTED_IN]-(coco) } AND tom <> coco WITH coco.name AS name, count(*) AS strength ORDER BY strength DESC, name WITH collect([name, strength])[..5] AS top UNWIND top AS r RETURN r[0] AS name, r[1] AS strength",
		)},
		// Persons by the number of their movies, most first: the
		// manual's degree-ordered list, with persons of no movie kept.
		{"m-w-degree-ordered", "degree", Movies, written(true,
			"MATCH (p:Person) RETURN p.name AS name, COUNT { (p)-[:ACTED_IN]->(:Movie) } AS d ORDER BY d DESC, name LIMIT 10",
			"MATCH (p:Person) RETURN p.name AS name, size([(p)-[:ACTED_IN]->(m:Movie) | m]) AS d ORDER BY d DESC, name LIMIT 10",
			"MATCH (p:Person) OPTIONAL MATCH (p)-[:ACTED_IN]->(m:Movie) WITH p, count(m) AS d RETURN p.name AS name, d ORDER BY d DESC, name LIMIT 10",
			"MATCH (p:Person) OPTIONAL MATCH (p)-[:ACTED_IN]->(m:Movie) WITH p, collect(m) AS ms RETURN p.name AS name, size(ms) AS d ORDER BY d DESC, name LIMIT 10",
			"MATCH (p:Person) WITH p.name AS name, COUNT { (p)-[:ACTED_IN]->(:Movie) } AS d ORDER BY d DESC, name WITH collect([name, d])[..10] AS top UNWIND top AS r RETURN r[0] AS name, r[1] AS d",
		)},
		// Actors in the movies a person directed, through an OPTIONAL
		// MATCH chain, one OPTIONAL MATCH, collect, coalesce and CASE.
		{"m-w-optional-chain", "OPTIONAL MATCH", Movies, written(true,
			"MATCH (p:Person) WHERE p.born > 1960 OPTIONAL MATCH (p)-[:DIRECTED]->(m) OPTIONAL MATCH (m)<-[:ACTED_IN]-(a) WITH p, count(DISTINCT a) AS n RETURN p.name AS name, n ORDER BY n DESC, name LIMIT 5",
			"MATCH (p:Person) WHERE p.born > 1960 OPTIONAL MATCH (p)-[:DIRECTED]->()<-[:ACTED_IN]-(a) WITH p, count(DISTINCT a) AS n RETURN p.name AS name, n ORDER BY n DESC, name LIMIT 5",
			"MATCH (p:Person) WHERE p.born > 1960 OPTIONAL MATCH (p)-[:DIRECTED]->()<-[:ACTED_IN]-(a) WITH p, collect(DISTINCT a) AS xs RETURN p.name AS name, size(xs) AS n ORDER BY n DESC, name LIMIT 5",
			"MATCH (p:Person) WHERE p.born > 1960 OPTIONAL MATCH (p)-[:DIRECTED]->(m) OPTIONAL MATCH (m)<-[:ACTED_IN]-(a) WITH p, count(a) AS k, count(DISTINCT a) AS d RETURN p.name AS name, CASE WHEN k = 0 THEN 0 ELSE d END AS n ORDER BY n DESC, name LIMIT 5",
			"MATCH (p:Person) WHERE p.born > 1960 WITH p, size([(p)-[:DIRECTED]->()<-[:ACTED_IN]-(a) | a]) AS k CALL { WITH p OPTIONAL MATCH (p)-[:DIRECTED]->()<-[:ACTED_IN]-(a) RETURN count(DISTINCT a) AS d } RETURN p.name AS name, coalesce(CASE WHEN k = 0 THEN 0 END, d) AS n ORDER BY n DESC, name LIMIT 5",
		)},
		// A title prefix, on movies released in a range, in several
		// spellings and positions.
		{"m-w-prefix-range", "string predicate", Movies, written(false,
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE m.title STARTS WITH 'The' AND m.released >= 1990 AND m.released < 2000 RETURN count(DISTINCT p) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE m.title =~ '(?s)The.*' AND 1990 <= m.released AND m.released <= 1999 RETURN count(DISTINCT p) AS n",
			"MATCH (m:Movie) WHERE m.title >= 'The' AND m.title < 'Thf' AND m.released >= 1990 AND m.released < 2000 MATCH (p:Person)-[:ACTED_IN]->(m) RETURN count(DISTINCT p) AS n",
			"MATCH (p:Person) WHERE EXISTS { (p)-[:ACTED_IN]->(m:Movie) WHERE left(m.title, 3) = 'The' AND m.released >= 1990 AND m.released < 2000 } RETURN count(p) AS n",
			"MATCH (m:Movie) WHERE m.released >= 1990 AND m.released < 2000 AND m.title STARTS WITH 'The' WITH collect(m) AS ms MATCH (p:Person)-[:ACTED_IN]->(m) WHERE m IN ms RETURN count(DISTINCT p) AS n",
		)},
		// Co-actors, counted per co-actor through collect then UNWIND.
		{"m-w-coactor-counts", "aggregation", Movies, written(true,
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m)<-[:ACTED_IN]-(c:Person) WHERE c <> p RETURN c.name AS name, count(m) AS n ORDER BY n DESC, name LIMIT 5",
			"MATCH (p:Person {name: $who})-[:ACTED_IN]->(m) WITH p, collect(m) AS ms UNWIND ms AS m MATCH (m)<-[:ACTED_IN]-(c:Person) WHERE c <> p RETURN c.name AS name, count(m) AS n ORDER BY n DESC, name LIMIT 5",
			"MATCH (c:Person)-[:ACTED_IN]->(m)<-[:ACTED_IN]-(p:Person {name: $who}) WHERE c <> p WITH c, collect(m) AS ms RETURN c.name AS name, size(ms) AS n ORDER BY n DESC, name LIMIT 5",
			"MATCH (p:Person {name: $who}) MATCH (c:Person) WHERE c <> p WITH c, COUNT { (p)-[:ACTED_IN]->(m)<-[:ACTED_IN]-(c) } AS n WHERE n > 0 RETURN c.name AS name, n ORDER BY n DESC, name LIMIT 5",
		)},

		// LDBC: per-tag post counts (the stage of l-stage-tag-posts-creators).
		{"l-w-tag-post-counts", "aggregation", LDBC, written(true,
			"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e:Post) WITH t, count(e) AS n WHERE n > 10 RETURN t.name AS name, n ORDER BY n DESC, name LIMIT 10",
			"MATCH (t:Tag) WITH t, COUNT { (t)<-[:HAS_TAG]-(:Post) } AS n WHERE n > 10 RETURN t.name AS name, n ORDER BY n DESC, name LIMIT 10",
			"MATCH (t:Tag)<-[:HAS_TAG]-(e:Post) WITH t, count(*) AS n WHERE n > 10 RETURN t.name AS name, n ORDER BY n DESC, name LIMIT 10",
			"MATCH (t:Tag) WITH t, size([(t)<-[:HAS_TAG]-(e:Post) | e]) AS n WHERE n > 10 RETURN t.name AS name, n ORDER BY n DESC, name LIMIT 10",
			"MATCH (t:Tag) OPTIONAL MATCH (t)<-[:HAS_TAG]-(e:Post) WITH t, collect(e) AS es WITH t, size(es) AS n WHERE n > 10 RETURN t.name AS name, n ORDER BY n DESC, name LIMIT 10",
		)},
	}
}
