package metamorphic

// Northwind is the schema of the Northwind trading database:
// (:Customer {customerID, companyName, country})-[:PURCHASED]->(:Order
// {orderID, orderDate, freight, shipCountry})-[:ORDERS {unitPrice,
// quantity, discount}]->(:Product {productName, unitPrice, unitsInStock,
// discontinued})-[:PART_OF]->(:Category {categoryName}),
// (:Supplier)-[:SUPPLIES]->(:Product), (:Employee)-[:SOLD]->(:Order),
// (:Employee)-[:REPORTS_TO]->(:Employee), (:Order)-[:SHIPPED_BY]->(:Shipper),
// (:Employee)-[:IN_TERRITORY]->(:Territory). Placeholders: $customer (a
// customerID), $boss (an employeeID), $category (a category's name),
// $product (a product's name).
const Northwind Schema = "northwind"

// heldout5Questions are the fifth held-out round's kinds: relationship
// type and label disjunctions and negations against UNION and type()
// tests; list predicates over nodes(p) and relationships(p) against
// per-hop filters and quantified path patterns; list comprehensions
// against UNWIND; top-k with SKIP, ORDER BY on an alias or the
// expression, the maximum with its ties; CALL { } subqueries (correlated,
// with LIMIT inside, with aggregation), EXISTS { MATCH ... WHERE ... } and
// COLLECT { }; CASE and coalesce hiding a range or an equality; string
// functions hiding an equality; and questions over Northwind, Stack
// Overflow and LDBC.
func heldout5Questions() []Question {
	return []Question{
		// A relationship type disjunction as [:R|S], a type() test, an IN
		// list of types, and the sum of one count per type (a
		// relationship has one type, so the counts do not overlap).
		{"g-h5-type-disjunction", "type disjunction", Generic, written(false,
			"MATCH (a {id: $a})-[:R|S]->(b) RETURN count(*) AS n",
			"MATCH (a {id: $a})-[r]->(b) WHERE type(r) = 'R' OR type(r) = 'S' RETURN count(*) AS n",
			"MATCH (a {id: $a})-[r]->(b) WHERE type(r) IN ['S', 'R'] RETURN count(*) AS n",
			"CALL { MATCH (a {id: $a})-[:R]->(b) RETURN count(*) AS c UNION ALL MATCH (a {id: $a})-[:S]->(b) RETURN count(*) AS c } RETURN sum(c) AS n",
			"MATCH (a {id: $a}) RETURN sum(COUNT { (a)-[:R|S]->() }) AS n",
		)},
		// A label disjunction as :A|B, a WHERE of two label tests, the
		// UNION of the two (rows keep the relationship, so UNION's
		// duplicate removal merges only a node with both labels), and
		// the label tests after the hop.
		{"g-h5-label-disjunction", "label disjunction", Generic, written(false,
			"MATCH (a:A|B)-[r:R]->(b) RETURN count(*) AS n",
			"MATCH (a)-[r:R]->(b) WHERE a:A OR a:B RETURN count(*) AS n",
			"CALL { MATCH (a:A)-[r:R]->() RETURN r UNION MATCH (a:B)-[r:R]->() RETURN r } RETURN count(r) AS n",
			"MATCH ()<-[r:R]-(a) WITH a, r WHERE a:B OR a:A RETURN count(r) AS n",
			"MATCH (a) WHERE a:A OR a:B RETURN sum(COUNT { (a)-[:R]->() }) AS n",
		)},
		// A label negation as :!A, NOT a:A, a WITH DISTINCT then the
		// test, and all such nodes minus those with the label.
		{"g-h5-label-negation", "label negation", Generic, written(false,
			"MATCH (a:!A)-[:S]->(b:B) RETURN count(DISTINCT a) AS n",
			"MATCH (a)-[:S]->(b:B) WHERE NOT a:A RETURN count(DISTINCT a) AS n",
			"MATCH (a)-[:S]->(:B) WITH DISTINCT a WHERE NOT a:A RETURN count(*) AS n",
			"CALL { MATCH (a)-[:S]->(:B) RETURN count(DISTINCT a) AS x } CALL { MATCH (a:A)-[:S]->(:B) RETURN count(DISTINCT a) AS y } RETURN x - y AS n",
			"MATCH (a) WHERE NOT a:A AND EXISTS { (a)-[:S]->(:B) } RETURN count(a) AS n",
		)},
		// Every node of a path passes a test: all() over nodes(p), none()
		// of the negation (null stays null under NOT), the size of the
		// filtered list against the path's length, and a quantified path
		// pattern testing each step's far node plus the start.
		{"g-h5-path-all-nodes", "list predicate", Generic, written(false,
			"MATCH p = (a {id: $a})-[:R*1..3]->(b) WHERE all(x IN nodes(p) WHERE x.k > 0) RETURN count(*) AS n",
			"MATCH p = (a {id: $a})-[:R*1..3]->(b) WHERE none(x IN nodes(p) WHERE NOT x.k > 0) RETURN count(*) AS n",
			"MATCH p = (a {id: $a})-[:R*1..3]->(b) WHERE size([x IN nodes(p) WHERE x.k > 0]) = length(p) + 1 RETURN count(*) AS n",
			"MATCH p = (a {id: $a})((x)-[:R]->(y) WHERE y.k > 0){1,3}(b) WHERE a.k > 0 RETURN count(*) AS n",
			"MATCH (a {id: $a}) WHERE a.k > 0 MATCH p = (a)-[:R*1..3]->(b) WHERE all(x IN tail(nodes(p)) WHERE x.k > 0) RETURN count(*) AS n",
		)},
		// Every relationship of a path passes a test: all() over
		// relationships(p), the quantified path pattern with the test in
		// its WHERE, and the UNION of one and two hops (a MATCH's
		// relationships are distinct in every form).
		{"g-h5-path-all-rels", "list predicate", Generic, written(false,
			"MATCH p = (a {id: $a})-[*1..2]->(b) WHERE all(r IN relationships(p) WHERE r.w >= 1) RETURN count(DISTINCT b) AS n",
			"MATCH (a {id: $a})(()-[r]->() WHERE r.w >= 1){1,2}(b) RETURN count(DISTINCT b) AS n",
			"CALL { MATCH (a {id: $a})-[r]->(b) WHERE r.w >= 1 RETURN b UNION MATCH (a {id: $a})-[r1]->()-[r2]->(b) WHERE r1.w >= 1 AND r2.w >= 1 RETURN b } RETURN count(b) AS n",
			"MATCH p = (a {id: $a})-[*1..2]->(b) WHERE none(r IN relationships(p) WHERE r.w < 1 OR r.w IS NULL) RETURN count(DISTINCT b) AS n",
			"MATCH p = (a {id: $a})-[*1..2]->(b) WITH b, [r IN relationships(p) WHERE r.w >= 1] AS ok, length(p) AS l WHERE size(ok) = l RETURN count(DISTINCT b) AS n",
		)},
		// A list comprehension's filter, UNWIND then WITH ... WHERE, the
		// filter before collecting, and count of a CASE (null when the
		// test fails, and count skips nulls).
		{"g-h5-list-filter", "list comprehension", Generic, written(false,
			"MATCH (a {id: $a})-->(b) WITH collect(b.k) AS ks RETURN size([x IN ks WHERE x > 1]) AS n",
			"MATCH (a {id: $a})-->(b) WHERE b.k > 1 RETURN count(b.k) AS n",
			"MATCH (a {id: $a})-->(b) WITH collect(b.k) AS ks UNWIND ks AS x WITH x WHERE x > 1 RETURN count(*) AS n",
			"MATCH (a {id: $a})-->(b) RETURN count(CASE WHEN b.k > 1 THEN true END) AS n",
			"MATCH (a {id: $a}) RETURN COUNT { (a)-->(b) WHERE b.k > 1 } AS n",
		)},
		// Values from UNWIND range() joined by equality, a range, an IN of
		// range() and an IN of the literal list (k holds integers only).
		{"g-h5-unwind-range", "list comprehension", Generic, written(false,
			"UNWIND range(1, 3) AS k MATCH (a:A {k: k})-[:T]->(b) RETURN count(*) AS n",
			"MATCH (a:A)-[:T]->(b) WHERE a.k >= 1 AND a.k <= 3 RETURN count(*) AS n",
			"MATCH (a:A)-[:T]->(b) WHERE a.k IN range(1, 3) RETURN count(*) AS n",
			"MATCH (a:A)-[:T]->(b) WHERE a.k IN [3, 2, 1] RETURN count(*) AS n",
			"UNWIND [1, 2, 3] AS k MATCH (a:A)-[:T]->(b) WHERE a.k = k RETURN count(*) AS n",
		)},
		// Top-k with SKIP: ORDER BY the alias or the aggregate, the
		// degree as COUNT { } over a scan, LIMIT then SKIP, a slice of
		// the ordered collect.
		{"g-h5-top-skip", "ORDER BY / SKIP / LIMIT", Generic, written(true,
			"MATCH (a:A)-->(b) WITH a, count(*) AS d RETURN id(a) AS i, d ORDER BY d DESC, i SKIP 2 LIMIT 3",
			"MATCH (a:A)-->(b) RETURN id(a) AS i, count(*) AS d ORDER BY count(*) DESC, id(a) SKIP 2 LIMIT 3",
			"MATCH (a:A) WITH a, COUNT { (a)-->() } AS d WHERE d > 0 RETURN id(a) AS i, d ORDER BY d DESC, i SKIP 2 LIMIT 3",
			"MATCH (a:A)-->(b) WITH id(a) AS i, count(*) AS d ORDER BY d DESC, i LIMIT 5 RETURN i, d ORDER BY d DESC, i SKIP 2",
			"MATCH (a:A)-->(b) WITH id(a) AS i, count(*) AS d ORDER BY d DESC, i WITH collect([i, d]) AS xs UNWIND xs[2..5] AS x RETURN x[0] AS i, x[1] AS d",
		)},
		// The largest degree: max(), ORDER BY DESC LIMIT 1, the head of
		// the ordered collect and COUNT { } over a scan (no row when no
		// node has one).
		{"g-h5-max-degree", "ORDER BY / SKIP / LIMIT", Generic, written(false,
			"MATCH (a:A)-[:R]->() WITH a, count(*) AS d WITH max(d) AS m WHERE m IS NOT NULL RETURN m",
			"MATCH (a:A)-[:R]->() WITH a, count(*) AS d RETURN d AS m ORDER BY d DESC LIMIT 1",
			"MATCH (a:A)-[:R]->() WITH a, count(*) AS d ORDER BY d DESC WITH head(collect(d)) AS m WHERE m IS NOT NULL RETURN m",
			"MATCH (a:A) WITH COUNT { (a)-[:R]->() } AS d WHERE d > 0 RETURN d AS m ORDER BY m DESC LIMIT 1",
			"MATCH (a:A) WITH max(COUNT { (a)-[:R]->() }) AS m WHERE m > 0 RETURN m",
		)},
		// The nodes of the largest degree, ties all kept: two passes, a
		// collect tested against max(), an ORDER BY of the rank.
		{"g-h5-argmax-ties", "ORDER BY / SKIP / LIMIT", Generic, written(false,
			"MATCH (a:A)-[:R]->() WITH a, count(*) AS d WITH max(d) AS m MATCH (a:A)-[:R]->() WITH a, count(*) AS d, m WHERE d = m RETURN id(a) AS i",
			"MATCH (a:A)-[:R]->() WITH a, count(*) AS d WITH collect([id(a), d]) AS xs, max(d) AS m UNWIND xs AS x WITH x, m WHERE x[1] = m RETURN x[0] AS i",
			"MATCH (a:A) WITH a, COUNT { (a)-[:R]->() } AS d WHERE d > 0 WITH collect(a) AS ns, max(d) AS m UNWIND ns AS a WITH a, m WHERE COUNT { (a)-[:R]->() } = m RETURN id(a) AS i",
			"MATCH (a:A)-[:R]->() WITH a, count(*) AS d ORDER BY d DESC WITH collect([id(a), d]) AS xs WITH xs, xs[0][1] AS m UNWIND xs AS x WITH x, m WHERE x[1] = m RETURN x[0] AS i",
		)},
		// DISTINCT before or after ORDER BY, a grouping as the distinct
		// step, and the distinct nodes first.
		{"g-h5-distinct-order", "ORDER BY / SKIP / LIMIT", Generic, written(true,
			"MATCH (a {id: $a})-->()-->(c) RETURN DISTINCT c.k AS k ORDER BY k",
			"MATCH (a {id: $a})-->()-->(c) WITH DISTINCT c.k AS k RETURN k ORDER BY k",
			"MATCH (a {id: $a})-->()-->(c) WITH DISTINCT c RETURN DISTINCT c.k AS k ORDER BY k",
			"MATCH (a {id: $a})-->()-->(c) WITH c.k AS k, count(*) AS n RETURN k ORDER BY k",
			"MATCH (a {id: $a})-->()-->(c) WITH c.k AS k ORDER BY k RETURN DISTINCT k ORDER BY k",
		)},
		// Per node, its least neighbour id: a correlated CALL { } with
		// ORDER BY and LIMIT 1 inside, a CALL { } with min() (one row
		// per node even without neighbours, so filtered), min() grouped,
		// the head of an ordered collect.
		{"g-h5-call-limit", "CALL subquery", Generic, written(true,
			"MATCH (a:A) CALL { WITH a MATCH (a)-->(b) RETURN b ORDER BY id(b) LIMIT 1 } RETURN id(a) AS i, id(b) AS j ORDER BY i",
			"MATCH (a:A) CALL { WITH a MATCH (a)-->(b) RETURN min(id(b)) AS j } WITH a, j WHERE j IS NOT NULL RETURN id(a) AS i, j ORDER BY i",
			"MATCH (a:A)-->(b) RETURN id(a) AS i, min(id(b)) AS j ORDER BY i",
			"MATCH (a:A)-->(b) WITH a, b ORDER BY id(b) WITH a, collect(b)[0] AS b RETURN id(a) AS i, id(b) AS j ORDER BY i",
			"MATCH (a:A) WITH a, [(a)-->(b) | id(b)] AS js WHERE size(js) > 0 RETURN id(a) AS i, reduce(m = js[0], x IN js | CASE WHEN x < m THEN x ELSE m END) AS j ORDER BY i",
		)},
		// A full EXISTS { MATCH ... WHERE ... } that reads the outer node,
		// the short form, COUNT { } > 0, the size of COLLECT { }, the
		// MATCH made distinct, a CALL { } count.
		{"g-h5-exists-full", "existence", Generic, written(false,
			"MATCH (a:A) WHERE EXISTS { MATCH (a)-[r:R]->(b) WHERE r.w > 1 AND b.k = a.k } RETURN count(*) AS n",
			"MATCH (a:A) WHERE EXISTS { (a)-[r:R]->(b) WHERE r.w > 1 AND b.k = a.k } RETURN count(*) AS n",
			"MATCH (a:A) WHERE COUNT { MATCH (a)-[r:R]->(b) WHERE r.w > 1 AND b.k = a.k } > 0 RETURN count(*) AS n",
			"MATCH (a:A) WHERE size(COLLECT { MATCH (a)-[r:R]->(b) WHERE r.w > 1 AND b.k = a.k RETURN r }) > 0 RETURN count(*) AS n",
			"MATCH (a:A)-[r:R]->(b) WHERE r.w > 1 AND b.k = a.k WITH DISTINCT a RETURN count(*) AS n",
			"MATCH (a:A) CALL { WITH a MATCH (a)-[r:R]->(b) WHERE r.w > 1 AND b.k = a.k RETURN count(*) AS c } WITH a, c WHERE c > 0 RETURN count(*) AS n",
		)},
		// Variable-length reach as *1..3, a quantified path pattern, a
		// quantified relationship and the UNION of three fixed lengths.
		{"g-h5-qpp-reach", "quantified path", Generic, written(false,
			"MATCH (a {id: $a})-[:R*1..3]->(b) RETURN count(DISTINCT b) AS n",
			"MATCH (a {id: $a})((x)-[:R]->(y)){1,3}(b) RETURN count(DISTINCT b) AS n",
			"MATCH (a {id: $a})-[:R]->{1,3}(b) RETURN count(DISTINCT b) AS n",
			"CALL { MATCH (a {id: $a})-[:R]->(b) RETURN b UNION MATCH (a {id: $a})-[:R]->()-[:R]->(b) RETURN b UNION MATCH (a {id: $a})-[:R]->()-[:R]->()-[:R]->(b) RETURN b } RETURN count(b) AS n",
		)},
		// A range hidden in CASE and coalesce (a null test is false in
		// each), and in a CASE of the values (k holds 0..4).
		{"g-h5-case-range", "CASE predicate", Generic, written(false,
			"MATCH (a)-[:T]->(b) WHERE b.k >= 2 RETURN count(*) AS n",
			"MATCH (a)-[:T]->(b) WHERE CASE WHEN b.k >= 2 THEN true ELSE false END RETURN count(*) AS n",
			"MATCH (a)-[:T]->(b) WHERE coalesce(b.k >= 2, false) RETURN count(*) AS n",
			"MATCH (a)-[:T]->(b) WHERE coalesce(b.k, -1) >= 2 RETURN count(*) AS n",
			"MATCH (a)-[:T]->(b) WHERE CASE b.k WHEN 2 THEN true WHEN 3 THEN true WHEN 4 THEN true ELSE false END RETURN count(*) AS n",
		)},
		// An equality hidden in string functions (s holds one lower-case
		// letter): toLower, left, substring, STARTS WITH of the whole
		// string, an IN of one value.
		{"g-h5-string-equality", "string predicate", Generic, written(false,
			"MATCH (a:B)-[:S]->(b) WHERE b.s = 'b' RETURN count(*) AS n",
			"MATCH (a:B)-[:S]->(b) WHERE toLower(b.s) = 'b' RETURN count(*) AS n",
			"MATCH (a:B)-[:S]->(b) WHERE left(b.s, 1) = 'b' RETURN count(*) AS n",
			"MATCH (a:B)-[:S]->(b) WHERE substring(b.s, 0) = 'b' RETURN count(*) AS n",
			"MATCH (a:B)-[:S]->(b) WHERE b.s STARTS WITH 'b' AND size(b.s) = 1 RETURN count(*) AS n",
			"MATCH (b) WHERE b.s IN ['b'] MATCH (a:B)-[:S]->(b) RETURN count(*) AS n",
		)},

		// Users schema.
		{"u-h5-qpp-two-hop", "quantified path", Users, written(false,
			"MATCH (a:User {id: $hub})-->()-->(c) RETURN count(DISTINCT c) AS n",
			"MATCH (a:User {id: $hub})-[*2]->(c) RETURN count(DISTINCT c) AS n",
			"MATCH (a:User {id: $hub})-->{2}(c) RETURN count(DISTINCT c) AS n",
			"MATCH (a:User {id: $hub})(()-->()){2}(c) RETURN count(DISTINCT c) AS n",
		)},
		// Every node of a two-hop path under an id: all() over nodes(p),
		// the per-node conjuncts, a quantified path pattern.
		{"u-h5-path-all-nodes", "list predicate", Users, written(false,
			"MATCH p = (a:User {id: $hub})-[*2]->(c) WHERE all(x IN nodes(p) WHERE x.id < 1000) RETURN count(DISTINCT c) AS n",
			"MATCH (a:User {id: $hub})-->(b)-->(c) WHERE a.id < 1000 AND b.id < 1000 AND c.id < 1000 RETURN count(DISTINCT c) AS n",
			"MATCH (a:User {id: $hub})((x)-->(y) WHERE y.id < 1000){2}(c) WHERE a.id < 1000 RETURN count(DISTINCT c) AS n",
			"MATCH p = (a:User {id: $hub})-->()-->(c) WHERE none(x IN nodes(p) WHERE x.id >= 1000) RETURN count(DISTINCT c) AS n",
		)},
		// Sum of the neighbours' degrees: a correlated CALL { } count, two
		// MATCH clauses (no uniqueness between them), COUNT { } and a
		// pattern comprehension's size.
		{"u-h5-call-sum-degrees", "CALL subquery", Users, written(false,
			"MATCH (a:User {id: $hub})-->(b) CALL { WITH b MATCH (b)-->(c) RETURN count(*) AS d } RETURN sum(d) AS n",
			"MATCH (a:User {id: $hub})-->(b) MATCH (b)-->(c) RETURN count(*) AS n",
			"MATCH (a:User {id: $hub})-->(b) RETURN sum(COUNT { (b)-->() }) AS n",
			"MATCH (a:User {id: $hub})-->(b) RETURN sum(size([(b)-->(c) | c])) AS n",
		)},
		{"u-h5-top-skip", "ORDER BY / SKIP / LIMIT", Users, written(true,
			"MATCH (a:User)-->(b) WHERE a.id < 500 WITH a, count(*) AS d RETURN a.id AS id, d ORDER BY d DESC, id SKIP 3 LIMIT 5",
			"MATCH (a:User)-->(b) WHERE a.id < 500 RETURN a.id AS id, count(*) AS d ORDER BY count(*) DESC, a.id SKIP 3 LIMIT 5",
			"MATCH (a:User) WHERE a.id < 500 WITH a, COUNT { (a)-->() } AS d WHERE d > 0 RETURN a.id AS id, d ORDER BY d DESC, id SKIP 3 LIMIT 5",
			"MATCH (a:User)-->(b) WHERE a.id < 500 WITH a.id AS id, count(*) AS d ORDER BY d DESC, id WITH collect([id, d]) AS xs UNWIND xs[3..8] AS x RETURN x[0] AS id, x[1] AS d",
		)},

		// Movies schema.
		{"m-h5-type-disjunction", "type disjunction", Movies, written(false,
			"MATCH (p:Person {name: $who})-[:ACTED_IN|DIRECTED]->(m:Movie) RETURN count(DISTINCT m) AS n",
			"MATCH (p:Person {name: $who})-[r]->(m:Movie) WHERE type(r) IN ['ACTED_IN', 'DIRECTED'] RETURN count(DISTINCT m) AS n",
			"CALL { MATCH (p:Person {name: $who})-[:ACTED_IN]->(m:Movie) RETURN m UNION MATCH (p:Person {name: $who})-[:DIRECTED]->(m:Movie) RETURN m } RETURN count(m) AS n",
			"MATCH (m:Movie) WHERE EXISTS { (:Person {name: $who})-[:ACTED_IN|DIRECTED]->(m) } RETURN count(m) AS n",
			"MATCH (p:Person {name: $who}) RETURN size(COLLECT { MATCH (p)-[:ACTED_IN|DIRECTED]->(m:Movie) RETURN DISTINCT m }) AS n",
		)},
		// People or movies whose name or title starts with a letter: a
		// label disjunction, UNION, and a sum of two counts.
		{"m-h5-label-disjunction", "label disjunction", Movies, written(false,
			"MATCH (n:Person|Movie) WHERE n.name STARTS WITH 'T' OR n.title STARTS WITH 'T' RETURN count(n) AS n",
			"CALL { MATCH (n:Person) WHERE n.name STARTS WITH 'T' RETURN n UNION MATCH (n:Movie) WHERE n.title STARTS WITH 'T' RETURN n } RETURN count(n) AS n",
			"MATCH (n) WHERE (n:Person OR n:Movie) AND coalesce(n.name, n.title) STARTS WITH 'T' RETURN count(n) AS n",
			"CALL { MATCH (n:Person) WHERE n.name STARTS WITH 'T' RETURN count(n) AS c UNION ALL MATCH (n:Movie) WHERE n.title STARTS WITH 'T' AND NOT n:Person RETURN count(n) AS c } RETURN sum(c) AS n",
		)},
		// Movies per person born after 1970: the size of COLLECT { },
		// COUNT { }, OPTIONAL MATCH and count, a CALL { } count.
		{"m-h5-collect-subquery", "COLLECT subquery", Movies, written(true,
			"MATCH (p:Person) WHERE p.born > 1970 RETURN p.name AS name, size(COLLECT { MATCH (p)-[:ACTED_IN]->(m) RETURN m }) AS n ORDER BY n DESC, name LIMIT 5",
			"MATCH (p:Person) WHERE p.born > 1970 RETURN p.name AS name, COUNT { (p)-[:ACTED_IN]->() } AS n ORDER BY n DESC, name LIMIT 5",
			"MATCH (p:Person) WHERE p.born > 1970 OPTIONAL MATCH (p)-[:ACTED_IN]->(m) WITH p, count(m) AS n RETURN p.name AS name, n ORDER BY n DESC, name LIMIT 5",
			"MATCH (p:Person) WHERE p.born > 1970 CALL { WITH p MATCH (p)-[:ACTED_IN]->(m) RETURN count(m) AS n } RETURN p.name AS name, n ORDER BY n DESC, name LIMIT 5",
		)},
		// The movies with the most actors, ties kept.
		{"m-h5-argmax-ties", "ORDER BY / SKIP / LIMIT", Movies, written(false,
			"MATCH (m:Movie)<-[:ACTED_IN]-() WITH m, count(*) AS n WITH max(n) AS top MATCH (m:Movie)<-[:ACTED_IN]-() WITH m, count(*) AS n, top WHERE n = top RETURN m.title AS title",
			"MATCH (m:Movie)<-[:ACTED_IN]-() WITH m, count(*) AS n WITH collect([m.title, n]) AS xs, max(n) AS top UNWIND xs AS x WITH x, top WHERE x[1] = top RETURN x[0] AS title",
			"MATCH (m:Movie) WITH m, COUNT { (m)<-[:ACTED_IN]-() } AS n WHERE n > 0 WITH max(n) AS top MATCH (m:Movie) WHERE COUNT { (m)<-[:ACTED_IN]-() } = top RETURN m.title AS title",
		)},

		// Stack Overflow.
		// Questions carrying both tags: two hops to two sought tags,
		// EXISTS of the second, all() over the two names, the tag names
		// of COLLECT { }, a count of distinct matching names.
		{"s-h5-both-tags", "existence", StackOverflow, written(false,
			"MATCH (:Tag {name: $tag})<-[:TAGGED]-(q:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN count(DISTINCT q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(:Tag {name: $tag}) WHERE EXISTS { (q)-[:TAGGED]->(:Tag {name: $tag2}) } RETURN count(DISTINCT q) AS n",
			"MATCH (q:Question) WHERE all(t IN [$tag, $tag2] WHERE EXISTS { (q)-[:TAGGED]->(:Tag {name: t}) }) RETURN count(q) AS n",
			"MATCH (q:Question) WITH q, COLLECT { MATCH (q)-[:TAGGED]->(t:Tag) RETURN t.name } AS names WHERE $tag IN names AND $tag2 IN names RETURN count(q) AS n",
			"MATCH (q:Question)-[:TAGGED]->(t:Tag) WHERE t.name IN [$tag, $tag2] WITH q, count(DISTINCT t.name) AS k WHERE k = 2 RETURN count(q) AS n",
		)},
		// Users who answered or commented on a question: type
		// disjunctions on both hops (each type joins one pair of labels),
		// a label disjunction in the middle, UNION.
		{"s-h5-answer-or-comment", "type disjunction", StackOverflow, written(false,
			"MATCH (u:User)-[:PROVIDED|COMMENTED]->(x)-[:ANSWERED|COMMENTED_ON]->(q:Question {question_id: $question}) RETURN count(DISTINCT u) AS n",
			"MATCH (u:User)-->(x:Answer|Comment)-->(q:Question {question_id: $question}) RETURN count(DISTINCT u) AS n",
			"CALL { MATCH (u:User)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(q:Question {question_id: $question}) RETURN u UNION MATCH (u:User)-[:COMMENTED]->(:Comment)-[:COMMENTED_ON]->(q:Question {question_id: $question}) RETURN u } RETURN count(u) AS n",
			"MATCH (q:Question {question_id: $question})<-[:ANSWERED|COMMENTED_ON]-(x)<-[:PROVIDED|COMMENTED]-(u:User) RETURN count(DISTINCT u) AS n",
			"MATCH (u:User) WHERE EXISTS { (u)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question {question_id: $question}) } OR EXISTS { (u)-[:COMMENTED]->(:Comment)-[:COMMENTED_ON]->(:Question {question_id: $question}) } RETURN count(u) AS n",
		)},
		// The askers of the most questions, past the first three.
		{"s-h5-top-askers-skip", "ORDER BY / SKIP / LIMIT", StackOverflow, written(true,
			"MATCH (u:User)-[:ASKED]->(q:Question) WITH u, count(q) AS n RETURN u.user_id AS id, n ORDER BY n DESC, id SKIP 3 LIMIT 5",
			"MATCH (u:User)-[:ASKED]->(q:Question) RETURN u.user_id AS id, count(*) AS n ORDER BY count(*) DESC, u.user_id SKIP 3 LIMIT 5",
			"MATCH (u:User) WITH u, COUNT { (u)-[:ASKED]->(:Question) } AS n WHERE n > 0 RETURN u.user_id AS id, n ORDER BY n DESC, id SKIP 3 LIMIT 5",
			"MATCH (u:User) WHERE EXISTS { (u)-[:ASKED]->() } CALL { WITH u MATCH (u)-[:ASKED]->(q:Question) RETURN count(q) AS n } RETURN u.user_id AS id, n ORDER BY n DESC, id SKIP 3 LIMIT 5",
		)},

		// LDBC.
		// A person's messages: :Post|Comment, :Message (every message is
		// a Post or a Comment), label tests, a UNION ALL of the two counts.
		{"l-h5-message-labels", "label disjunction", LDBC, written(false,
			"MATCH (m:Post|Comment)-[:HAS_CREATOR]->(p:Person {id: $person}) RETURN count(m) AS n",
			"MATCH (m:Message)-[:HAS_CREATOR]->(p:Person {id: $person}) RETURN count(m) AS n",
			"MATCH (m)-[:HAS_CREATOR]->(p:Person {id: $person}) WHERE m:Post OR m:Comment RETURN count(m) AS n",
			"CALL { MATCH (m:Post)-[:HAS_CREATOR]->(p:Person {id: $person}) RETURN count(m) AS c UNION ALL MATCH (m:Comment)-[:HAS_CREATOR]->(p:Person {id: $person}) RETURN count(m) AS c } RETURN sum(c) AS n",
			"MATCH (p:Person {id: $person}) RETURN COUNT { (p)<-[:HAS_CREATOR]-(:Post|Comment) } AS n",
		)},
		{"l-h5-knows-qpp", "quantified path", LDBC, written(false,
			"MATCH (a:Person {id: $person})-[:KNOWS*1..2]-(c:Person) WHERE c <> a RETURN count(DISTINCT c) AS n",
			"MATCH (a:Person {id: $person})((x)-[:KNOWS]-(y)){1,2}(c:Person) WHERE c <> a RETURN count(DISTINCT c) AS n",
			"CALL { MATCH (a:Person {id: $person})-[:KNOWS]-(c:Person) RETURN c UNION MATCH (a:Person {id: $person})-[:KNOWS]-()-[:KNOWS]-(c:Person) WHERE c <> a RETURN c } RETURN count(c) AS n",
			"MATCH (a:Person {id: $person})-[:KNOWS]-(b) OPTIONAL MATCH (b)-[:KNOWS]-(c2:Person) WHERE c2 <> a WITH a, collect(DISTINCT b) + collect(DISTINCT c2) AS cs UNWIND cs AS c WITH DISTINCT c RETURN count(c) AS n",
		)},

		// Northwind.
		// Products a customer bought: the three-hop MATCH, EXISTS from
		// the products, COLLECT { } of the orders' products.
		{"n-h5-customer-products", "2-hop distinct", Northwind, written(false,
			"MATCH (c:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p:Product) RETURN count(DISTINCT p) AS n",
			"MATCH (p:Product) WHERE EXISTS { (:Customer {customerID: $customer})-[:PURCHASED]->(:Order)-[:ORDERS]->(p) } RETURN count(p) AS n",
			"MATCH (c:Customer {customerID: $customer})-[:PURCHASED]->(o:Order) WITH collect(o) AS os MATCH (o:Order)-[:ORDERS]->(p:Product) WHERE o IN os RETURN count(DISTINCT p) AS n",
			"MATCH (c:Customer {customerID: $customer}) RETURN size(COLLECT { MATCH (c)-[:PURCHASED]->(:Order)-[:ORDERS]->(p:Product) RETURN DISTINCT p }) AS n",
		)},
		// Units sold per category: grouped on the category, per product
		// then summed, a correlated CALL { } sum, a reduce over the
		// collected quantities.
		{"n-h5-category-units", "aggregation", Northwind, written(true,
			"MATCH (c:Category)<-[:PART_OF]-(:Product)<-[r:ORDERS]-(:Order) RETURN c.categoryName AS name, sum(r.quantity) AS q ORDER BY name",
			"MATCH (c:Category)<-[:PART_OF]-(p:Product)<-[r:ORDERS]-(:Order) WITH c, p, sum(r.quantity) AS pq RETURN c.categoryName AS name, sum(pq) AS q ORDER BY name",
			"MATCH (c:Category) CALL { WITH c MATCH (c)<-[:PART_OF]-(:Product)<-[r:ORDERS]-(:Order) RETURN sum(r.quantity) AS q, count(r) AS k } WITH c, q, k WHERE k > 0 RETURN c.categoryName AS name, q ORDER BY name",
			"MATCH (c:Category)<-[:PART_OF]-(:Product)<-[r:ORDERS]-(:Order) WITH c.categoryName AS name, collect(r.quantity) AS qs RETURN name, reduce(s = 0, x IN qs | s + x) AS q ORDER BY name",
		)},
		// Everyone under a manager: *1..3, a quantified path pattern, the
		// UNION of direct and indirect reports.
		{"n-h5-reports", "quantified path", Northwind, written(false,
			"MATCH (e:Employee)-[:REPORTS_TO*1..3]->(b:Employee {employeeID: $boss}) RETURN count(DISTINCT e) AS n",
			"MATCH (e:Employee)((x)-[:REPORTS_TO]->(y)){1,3}(b:Employee {employeeID: $boss}) RETURN count(DISTINCT e) AS n",
			"MATCH (b:Employee {employeeID: $boss})<-[:REPORTS_TO]-{1,3}(e:Employee) RETURN count(DISTINCT e) AS n",
			"CALL { MATCH (e:Employee)-[:REPORTS_TO]->(b:Employee {employeeID: $boss}) RETURN e UNION MATCH (e:Employee)-[:REPORTS_TO]->()-[:REPORTS_TO]->(b:Employee {employeeID: $boss}) RETURN e UNION MATCH (e:Employee)-[:REPORTS_TO*3]->(b:Employee {employeeID: $boss}) RETURN e } RETURN count(e) AS n",
		)},
		// The products most ordered, past the first two: ORDER BY alias
		// or expression, COUNT { } over a scan, a collected slice.
		{"n-h5-top-products-skip", "ORDER BY / SKIP / LIMIT", Northwind, written(true,
			"MATCH (p:Product)<-[:ORDERS]-(o:Order) WITH p, count(o) AS n RETURN p.productName AS name, n ORDER BY n DESC, name SKIP 2 LIMIT 5",
			"MATCH (p:Product)<-[:ORDERS]-(:Order) RETURN p.productName AS name, count(*) AS n ORDER BY count(*) DESC, p.productName SKIP 2 LIMIT 5",
			"MATCH (p:Product) WITH p, COUNT { (p)<-[:ORDERS]-(:Order) } AS n WHERE n > 0 RETURN p.productName AS name, n ORDER BY n DESC, name SKIP 2 LIMIT 5",
			"MATCH (p:Product)<-[:ORDERS]-(o:Order) WITH p.productName AS name, count(o) AS n ORDER BY n DESC, name WITH collect([name, n]) AS xs UNWIND xs[2..7] AS x RETURN x[0] AS name, x[1] AS n",
		)},
		// Orders of a category's products shipped to a country by a
		// label-free middle, a type disjunction that only one type
		// satisfies, and the string equality as toLower.
		{"n-h5-category-orders", "string predicate", Northwind, written(false,
			"MATCH (c:Category {categoryName: $category})<-[:PART_OF]-(:Product)<-[:ORDERS]-(o:Order) WHERE o.shipCountry = 'Germany' RETURN count(DISTINCT o) AS n",
			"MATCH (c:Category)<-[:PART_OF]-(:Product)<-[:ORDERS]-(o:Order) WHERE c.categoryName = $category AND toLower(o.shipCountry) = 'germany' RETURN count(DISTINCT o) AS n",
			"MATCH (o:Order) WHERE o.shipCountry = 'Germany' AND EXISTS { (o)-[:ORDERS]->(:Product)-[:PART_OF]->(:Category {categoryName: $category}) } RETURN count(o) AS n",
			"MATCH (o:Order)-[:ORDERS|SHIPPED_BY]->(p)-[:PART_OF]->(c:Category {categoryName: $category}) WHERE left(o.shipCountry, 7) = 'Germany' AND size(o.shipCountry) = 7 RETURN count(DISTINCT o) AS n",
		)},
	}
}
