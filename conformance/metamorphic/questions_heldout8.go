package metamorphic

import "github.com/cyqdb/cyq/parser/graphprogram"

// programForm is a written GraphProgram form: its statements' JSON (see
// ProgramForms). Its answer is the node count of the final working graph,
// so the question's seed returns that count as its one column.
func programForm(sts ...graphprogram.Statement) string { return programJSON(sts...) }

// union, intersect and diff are a program's statements of each set
// operation.
func union(query string) graphprogram.Statement { return statement(graphprogram.OpUnion, query) }
func intersect(query string) graphprogram.Statement {
	return statement(graphprogram.OpIntersect, query)
}
func diff(query string) graphprogram.Statement { return statement(graphprogram.OpDiff, query) }

// heldout8Questions are the eighth held-out round's kinds: label
// expressions (`:A&B`, `:!B`, `:%`, a negated relationship type) against
// their WHERE spellings; OPTIONAL MATCH chains against one OPTIONAL MATCH,
// COUNT { } and pattern comprehensions; WITH ... WHERE on aggregates (avg,
// sum, count) against COUNT { }, CALL { } and list filters; ORDER BY on an
// aggregate and properties; list comprehensions and reduce() in
// projections; pattern comprehensions with a relationship filter; CASE in
// a projection against a UNION of its branches; case-insensitive string
// lookups as an LLM agent writes them (toLower, toUpper, `=~ '(?i)...'`,
// CONTAINS, STARTS WITH, left, substring); quantified path patterns with
// a filter or a label inside against variable-length relationships and
// list predicates; COLLECT, COUNT and EXISTS subqueries with a correlated
// WHERE; the existence of a two-hop path; top-k per group (an ordered
// collect sliced against COLLECT { ... LIMIT } and CALL { ... LIMIT });
// redundant DISTINCT and LIMIT; grouping by a related node; relationship
// property filters inline, in WHERE, as `WHERE` inside the relationship
// and by dynamic key; UNWIND of a list property; and GraphPrograms (set
// union, intersection and difference) where a program can ask the
// question.
func heldout8Questions() []Question {
	return []Question{
		// Generic graphs.
		// Nodes with both labels: the conjunction, the colon list, a WHERE
		// label test either way round, labels() read as a list.
		{"g-h8-label-and", "label expression", Generic, written(false,
			"MATCH (n:A&B)-[:R]->(m) RETURN count(*) AS c, count(DISTINCT n) AS d",
			"MATCH (n:A:B)-[:R]->(m) RETURN count(*) AS c, count(DISTINCT n) AS d",
			"MATCH (n:A)-[:R]->(m) WHERE n:B RETURN count(*) AS c, count(DISTINCT n) AS d",
			"MATCH (n)-[:R]->(m) WHERE n:A AND n:B RETURN count(*) AS c, count(DISTINCT n) AS d",
			"MATCH (n:B)-[:R]->(m) WHERE 'A' IN labels(n) RETURN count(*) AS c, count(DISTINCT n) AS d",
			"MATCH (n:A)-[:R]->(m) WITH n, m WHERE n:B RETURN count(m) AS c, count(DISTINCT n) AS d",
		)},
		// One label but not another: the negation in the pattern, in
		// WHERE, labels() without the label, a difference of counts.
		{"g-h8-label-not", "label expression", Generic, written(false,
			"MATCH (n:A&!B)-[:S]->(m) RETURN count(*) AS c",
			"MATCH (n:A)-[:S]->(m) WHERE NOT n:B RETURN count(*) AS c",
			"MATCH (n)-[:S]->(m) WHERE n:A AND NOT n:B RETURN count(*) AS c",
			"MATCH (n:A)-[:S]->(m) WHERE NOT 'B' IN labels(n) RETURN count(*) AS c",
			"MATCH (n:A)-[:S]->(m) WHERE n:!B RETURN count(*) AS c",
			"MATCH (n:A)-[:S]->(m) RETURN count(*) - count(CASE WHEN n:B THEN 1 END) AS c",
		)},
		// Nodes with some label: the wildcard, the disjunction of the
		// schema's labels (a random graph uses no other), labels() not
		// empty, size(labels()) > 0.
		{"g-h8-label-any", "label expression", Generic, written(false,
			"MATCH (n:%)-[:T]->(m) RETURN count(*) AS c",
			"MATCH (n)-[:T]->(m) WHERE size(labels(n)) > 0 RETURN count(*) AS c",
			"MATCH (n)-[:T]->(m) WHERE labels(n) <> [] RETURN count(*) AS c",
			"MATCH (n)-[:T]->(m) WHERE n:% RETURN count(*) AS c",
			"MATCH (n)-[:T]->(m) WHERE NOT n:!% RETURN count(*) AS c",
		)},
		// A relationship type negated: every type but T is R or S here;
		// the negation inline, type() in WHERE, a label test on the
		// relationship, the disjunction.
		{"g-h8-type-not", "label expression", Generic, written(false,
			"MATCH (a:A)-[r:!T]->(b) RETURN count(r) AS c, count(DISTINCT b) AS d",
			"MATCH (a:A)-[r]->(b) WHERE type(r) <> 'T' RETURN count(r) AS c, count(DISTINCT b) AS d",
			"MATCH (a:A)-[r]->(b) WHERE NOT r:T RETURN count(r) AS c, count(DISTINCT b) AS d",
			"MATCH (a:A)-[r WHERE NOT type(r) = 'T']->(b) RETURN count(r) AS c, count(DISTINCT b) AS d",
			"MATCH (a:A)-[r]->(b) WHERE NOT type(r) IN ['T'] RETURN count(r) AS c, count(DISTINCT b) AS d",
			"MATCH (a:A)-[r:R|S]->(b) RETURN count(r) AS c, count(DISTINCT b) AS d",
		)},
		// Two-hop counts per node through an OPTIONAL MATCH chain: the
		// chain, one OPTIONAL MATCH of the path (R and S differ, so no
		// relationship is shared), COUNT { }, a pattern comprehension, a
		// WITH between the links.
		{"g-h8-optional-chain", "OPTIONAL MATCH", Generic, written(false,
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) OPTIONAL MATCH (b)-[:S]->(c) RETURN a.id AS id, count(c) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b)-[:S]->(c) RETURN a.id AS id, count(c) AS n",
			"MATCH (a:A) RETURN a.id AS id, sum(COUNT { (a)-[:R]->()-[:S]->() }) AS n",
			"MATCH (a:A) RETURN a.id AS id, sum(size([(a)-[:R]->()-[:S]->(c) | c])) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WITH a, b OPTIONAL MATCH (b)-[:S]->(c) RETURN a.id AS id, count(c) AS n",
		)},
		// An average's filter: WITH ... WHERE on avg, the sum against the
		// count (integers: exact), a CALL { } per node (null when there
		// are no neighbours: filtered), a second WITH.
		{"g-h8-with-where-avg", "WITH ... WHERE on aggregates", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WITH a, avg(b.k) AS m WHERE m > 2 RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WITH a, sum(b.k) AS s, count(b.k) AS c WHERE c > 0 AND s > 2 * c RETURN count(*) AS n",
			"MATCH (a:A) CALL { WITH a MATCH (a)-[:R]->(b) RETURN avg(b.k) AS m } WITH a, m WHERE m > 2 RETURN count(a) AS n",
			"MATCH (a:A)-[:R]->(b) WITH a, avg(b.k) AS m WITH a WHERE m > 2 RETURN count(a) AS n",
			"MATCH (a:A)-[:R]->(b) WITH a, collect(b.k) AS ks WHERE size(ks) > 0 AND reduce(s = 0, x IN ks | s + x) > 2 * size(ks) RETURN count(*) AS n",
		)},
		// Ordered by an aggregate then by properties: RETURN, a WITH
		// pipeline, COUNT { } summed per group, count(r).
		{"g-h8-order-agg-props", "ORDER BY on aggregates", Generic, written(true,
			"MATCH (a:A)-[:R]->(b) RETURN a.id AS id, a.k AS k, count(*) AS n ORDER BY n DESC, k, id LIMIT 5",
			"MATCH (a:A)-[:R]->(b) WITH a.id AS id, a.k AS k, count(*) AS n ORDER BY n DESC, k, id LIMIT 5 RETURN id, k, n",
			"MATCH (a:A) WITH a.id AS id, a.k AS k, sum(COUNT { (a)-[:R]->() }) AS n WHERE n > 0 RETURN id, k, n ORDER BY n DESC, k, id LIMIT 5",
			"MATCH (a:A)-[r:R]->() RETURN a.id AS id, a.k AS k, count(r) AS n ORDER BY n DESC, k ASC, id ASC LIMIT 5",
			"MATCH (b)<-[:R]-(a:A) WITH a, count(b) AS d RETURN a.id AS id, a.k AS k, sum(d) AS n ORDER BY n DESC, k, id LIMIT 5",
		)},
		// A sum and a count of a neighbour property: aggregates, reduce
		// over a pattern comprehension, UNWIND of it, reduce over the
		// collected values (collect drops nulls).
		{"g-h8-list-projection", "list comprehension", Generic, written(false,
			"MATCH (a {id: $a})-[:R]->(b) RETURN sum(b.k) AS s, count(b.k) AS c",
			"MATCH (a {id: $a}) UNWIND [(a)-[:R]->(b) | b.k] AS k RETURN sum(k) AS s, count(k) AS c",
			"MATCH (a {id: $a}) RETURN sum(reduce(s = 0, x IN [(a)-[:R]->(b) | b.k] | s + coalesce(x, 0))) AS s, sum(size([(a)-[:R]->(b) WHERE b.k IS NOT NULL | 1])) AS c",
			"MATCH (a {id: $a})-[:R]->(b) WITH collect(b.k) AS ks RETURN reduce(s = 0, x IN ks | s + x) AS s, size(ks) AS c",
			"MATCH (a {id: $a})-[:R]->(b) WITH collect(b) AS bs RETURN reduce(s = 0, x IN bs | s + coalesce(x.k, 0)) AS s, size([x IN bs WHERE x.k IS NOT NULL]) AS c",
		)},
		// A relationship property filter and an end label: one MATCH, a
		// pattern comprehension's size, COUNT { }, OPTIONAL MATCH, the
		// filter on integers written >= 2, the label in WHERE.
		{"g-h8-comprehension-rel-filter", "pattern comprehension", Generic, written(false,
			"MATCH (a:A)-[r:R]->(b:B) WHERE r.w > 1 RETURN count(*) AS n",
			"MATCH (a:A) RETURN sum(size([(a)-[r:R]->(b:B) WHERE r.w > 1 | b])) AS n",
			"MATCH (a:A) RETURN sum(COUNT { (a)-[r:R]->(b:B) WHERE r.w > 1 }) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[r:R]->(b:B) WHERE r.w > 1 RETURN count(b) AS n",
			"MATCH (a:A)-[r:R]->(b) WHERE b:B AND r.w >= 2 RETURN count(r) AS n",
		)},
		// A relationship property spelled four ways: a map inline, WHERE,
		// WHERE inside the relationship, by a dynamic key; two hops.
		{"g-h8-rel-prop-spellings", "relationship property", Generic, written(false,
			"MATCH (a)-[r:R {w: 2}]->(b)-[s:S {w: 1}]->(c) RETURN count(*) AS n, count(DISTINCT c) AS d",
			"MATCH (a)-[r:R]->(b)-[s:S]->(c) WHERE r.w = 2 AND s.w = 1 RETURN count(*) AS n, count(DISTINCT c) AS d",
			"MATCH (a)-[r:R WHERE r.w = 2]->(b)-[s:S WHERE s.w = 1]->(c) RETURN count(*) AS n, count(DISTINCT c) AS d",
			"MATCH (a)-[r:R]->(b)-[s:S]->(c) WHERE r['w'] = 2 AND s['w'] = 1 RETURN count(*) AS n, count(DISTINCT c) AS d",
			"MATCH (a)-[r:R]->(b) WHERE r.w = 2 MATCH (b)-[s:S]->(c) WHERE s.w = 1 RETURN count(*) AS n, count(DISTINCT c) AS d",
			"MATCH (a)-[r:R]->(b)-[s:S]->(c) WHERE properties(r).w = 2 AND properties(s).w = 1 RETURN count(*) AS n, count(DISTINCT c) AS d",
		)},
		// Bands of a property through CASE: in RETURN, in a WITH, the
		// conditions reordered, a UNION ALL of the bands' filters (a null
		// takes the ELSE).
		{"g-h8-case-bands", "CASE", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) RETURN CASE WHEN b.k >= 3 THEN 'high' WHEN b.k >= 1 THEN 'mid' ELSE 'low' END AS band, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WITH CASE WHEN b.k >= 3 THEN 'high' WHEN b.k >= 1 THEN 'mid' ELSE 'low' END AS band RETURN band, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) RETURN CASE WHEN b.k IS NULL OR b.k < 1 THEN 'low' WHEN b.k < 3 THEN 'mid' ELSE 'high' END AS band, count(b) AS n",
			"CALL { MATCH (a:A)-[:R]->(b) WHERE b.k >= 3 RETURN 'high' AS band UNION ALL MATCH (a:A)-[:R]->(b) WHERE b.k >= 1 AND b.k < 3 RETURN 'mid' AS band UNION ALL MATCH (a:A)-[:R]->(b) WHERE b.k < 1 OR b.k IS NULL RETURN 'low' AS band } RETURN band, count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WITH b.k AS k RETURN CASE WHEN k >= 3 THEN 'high' WHEN k >= 1 THEN 'mid' ELSE 'low' END AS band, sum(1) AS n",
		)},
		// A case-insensitive equality as an agent writes it: OR of the
		// cases, toLower, toUpper, a case-insensitive regular expression,
		// IN a list of the cases.
		{"g-h8-string-case", "string predicate", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WHERE b.s = 'b' OR b.s = 'B' RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE toLower(b.s) = 'b' RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE toUpper(b.s) = 'B' RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE b.s =~ '(?i)b' RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE b.s IN ['b', 'B'] RETURN count(*) AS n",
			"MATCH (a:A)-[:R]->(b) WHERE toLower(b.s) IN ['b'] RETURN count(*) AS n",
		)},
		// Reach within three hops over relationships that pass a filter:
		// a quantified path with the filter inside, in the relationship,
		// all() over the list, none() of its negation, over
		// relationships(p).
		{"g-h8-qpp-rel-filter", "quantified path", Generic, written(false,
			"MATCH (a {id: $a})-[rs:R*1..3]->(b) WHERE all(r IN rs WHERE r.w > 0) RETURN count(DISTINCT b) AS n",
			"MATCH (a {id: $a}) ((x)-[r:R]->(y) WHERE r.w > 0){1,3} (b) RETURN count(DISTINCT b) AS n",
			"MATCH (a {id: $a}) ((x)-[r:R WHERE r.w > 0]->(y)){1,3} (b) RETURN count(DISTINCT b) AS n",
			"MATCH (a {id: $a})-[rs:R*1..3]->(b) WHERE none(r IN rs WHERE NOT r.w > 0) RETURN count(DISTINCT b) AS n",
			"MATCH p = (a {id: $a})-[:R*1..3]->(b) WHERE all(r IN relationships(p) WHERE r.w > 0) RETURN count(DISTINCT b) AS n",
		)},
		// Reach in one or two hops through B nodes only: a quantified path
		// with the label inside, a UNION of the hops, all() over the
		// path's nodes after the first, a variable-length relationship
		// to a B end that one of the two ways reaches.
		{"g-h8-qpp-labelled", "quantified path", Generic, written(false,
			"MATCH (a {id: $a}) ((x)-[:R]->(y:B)){1,2} (b) RETURN count(DISTINCT b) AS n",
			"CALL { MATCH (a {id: $a})-[:R]->(b:B) RETURN b UNION MATCH (a {id: $a})-[:R]->(:B)-[:R]->(b:B) RETURN b } RETURN count(b) AS n",
			"MATCH p = (a {id: $a})-[:R*1..2]->(b) WHERE all(x IN nodes(p)[1..] WHERE x:B) RETURN count(DISTINCT b) AS n",
			"MATCH (a {id: $a}) ((x)-[:R]->(y) WHERE y:B){1,2} (b) RETURN count(DISTINCT b) AS n",
			"MATCH (a {id: $a})-[:R*1..2]->(b:B) WHERE EXISTS { (a)-[:R]->(b) } OR EXISTS { (a)-[:R]->(:B)-[:R]->(b) } RETURN count(DISTINCT b) AS n",
		)},
		// Neighbours with a larger key through subqueries with a
		// correlated WHERE: one MATCH, COUNT { }, the size of a COLLECT { },
		// OPTIONAL MATCH, a CALL { } count.
		{"g-h8-subquery-where", "subqueries", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WHERE b.k > a.k RETURN count(*) AS n",
			"MATCH (a:A) RETURN sum(COUNT { (a)-[:R]->(b) WHERE b.k > a.k }) AS n",
			"MATCH (a:A) RETURN sum(size(COLLECT { MATCH (a)-[:R]->(b) WHERE b.k > a.k RETURN b.k })) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b) WHERE b.k > a.k RETURN count(b) AS n",
			"MATCH (a:A) CALL { WITH a MATCH (a)-[:R]->(b) WHERE b.k > a.k RETURN count(*) AS c } RETURN sum(c) AS n",
		)},
		// Nodes with a two-hop path to a labelled end: a pattern
		// predicate, EXISTS, COUNT { } > 0, a nested EXISTS, the distinct
		// starts, a pattern comprehension, a GraphProgram.
		{"g-h8-two-hop-exists", "existence", Generic, written(false,
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->()-[:S]->(:B) } RETURN count(a) AS n",
			"MATCH (a:A) WHERE (a)-[:R]->()-[:S]->(:B) RETURN count(a) AS n",
			"MATCH (a:A) WHERE COUNT { (a)-[:R]->()-[:S]->(:B) } > 0 RETURN count(*) AS n",
			"MATCH (a:A) WHERE EXISTS { MATCH (a)-[:R]->(m) WHERE EXISTS { (m)-[:S]->(:B) } } RETURN count(a) AS n",
			"MATCH (a:A)-[:R]->()-[:S]->(:B) RETURN count(DISTINCT a) AS n",
			"MATCH (a:A) WHERE size([(a)-[:R]->()-[:S]->(b:B) | b]) > 0 RETURN count(a) AS n",
			programForm(union("MATCH (a:A)-[:R]->()-[:S]->(:B) RETURN DISTINCT a")),
		)},
		// Nodes with an R but no S relationship out: a GraphProgram's
		// difference, the same after an intersection, NOT EXISTS, COUNT
		// { } = 0, OPTIONAL MATCH ... IS NULL.
		{"g-h8-program-diff", "GraphProgram", Generic, written(false,
			"MATCH (a:A) WHERE (a)-[:R]->() AND NOT (a)-[:S]->() RETURN count(a) AS n",
			programForm(union("MATCH (a:A)-[:R]->() RETURN a"), diff("MATCH (a)-[:S]->() RETURN a")),
			programForm(union("MATCH (a:A) RETURN a"), intersect("MATCH (a)-[:R]->() RETURN a"), diff("MATCH (a:A)-[:S]->() RETURN a")),
			"MATCH (a:A)-[:R]->() WITH DISTINCT a WHERE NOT EXISTS { (a)-[:S]->() } RETURN count(a) AS n",
			"MATCH (a:A) WHERE COUNT { (a)-[:R]->() } > 0 AND COUNT { (a)-[:S]->() } = 0 RETURN count(a) AS n",
			"MATCH (a:A) OPTIONAL MATCH (a)-[s:S]->() WITH a, s WHERE s IS NULL AND EXISTS { (a)-[:R]->() } RETURN count(a) AS n",
		)},
		// Nodes of either label with a T relationship out: a program's
		// union, a label disjunction, a UNION, the labels in WHERE.
		{"g-h8-program-union", "GraphProgram", Generic, written(false,
			"MATCH (n:A|B)-[:T]->() RETURN count(DISTINCT n) AS n",
			programForm(union("MATCH (n:A)-[:T]->() RETURN n"), union("MATCH (n:B)-[:T]->() RETURN n")),
			"CALL { MATCH (n:A)-[:T]->() RETURN n UNION MATCH (n:B)-[:T]->() RETURN n } RETURN count(n) AS n",
			"MATCH (n) WHERE (n:A OR n:B) AND EXISTS { (n)-[:T]->() } RETURN count(n) AS n",
			"MATCH (n)-[:T]->() WHERE n:A|B WITH DISTINCT n RETURN count(*) AS n",
		)},
		// The top two neighbour keys per node: the ordered collect sliced,
		// COLLECT { ... LIMIT }, a CALL { } with LIMIT per node (its rows
		// collected in order), a list of the top values.
		{"g-h8-top-per-group", "top-k per group", Generic, written(false,
			"MATCH (a:A)-[:R]->(b) WHERE b.k IS NOT NULL WITH a, b.k AS k ORDER BY k DESC WITH a, collect(k)[..2] AS top RETURN a.id AS id, top",
			"MATCH (a:A) WHERE EXISTS { (a)-[:R]->(b) WHERE b.k IS NOT NULL } RETURN a.id AS id, COLLECT { MATCH (a)-[:R]->(b) WHERE b.k IS NOT NULL RETURN b.k ORDER BY b.k DESC LIMIT 2 } AS top",
			"MATCH (a:A) CALL { WITH a MATCH (a)-[:R]->(b) WHERE b.k IS NOT NULL RETURN b.k AS k ORDER BY k DESC LIMIT 2 } WITH a, collect(k) AS top RETURN a.id AS id, top",
			"MATCH (a:A)-[:R]->(b) WITH a, b.k AS k ORDER BY k DESC WITH a, collect(k) AS ks WHERE size(ks) > 0 RETURN a.id AS id, ks[..2] AS top",
		)},
		// Redundant DISTINCT and LIMIT as agents add them: DISTINCT before
		// the count, on the aggregate row, LIMIT after one row, the
		// collected set's size.
		{"g-h8-redundant", "redundant clauses", Generic, written(false,
			"MATCH (a {id: $a})-[:R]->(b) RETURN count(DISTINCT b) AS n",
			"MATCH (a {id: $a})-[:R]->(b) WITH DISTINCT b RETURN count(DISTINCT b) AS n",
			"MATCH (a {id: $a})-[:R]->(b) WITH DISTINCT a, b RETURN count(DISTINCT b) AS n",
			"MATCH (a {id: $a})-[:R]->(b) RETURN DISTINCT count(DISTINCT b) AS n LIMIT 10",
			"MATCH (a {id: $a})-[:R]->(b) WITH collect(DISTINCT b) AS bs RETURN size(bs) AS n LIMIT 1",
			"MATCH (a {id: $a}) WITH DISTINCT a MATCH (a)-[:R]->(b) WITH DISTINCT b RETURN count(*) AS n",
		)},
		// Grouped by a related node: the end's key and a count and sum of
		// the starts; grouped by the node first, COUNT { } per end, the
		// key passed by a WITH.
		{"g-h8-group-by-related", "aggregation", Generic, written(false,
			"MATCH (a:A)-[:R]->(b:B) RETURN b.id AS id, count(a) AS n, sum(a.k) AS s",
			"MATCH (b:B)<-[:R]-(a:A) WITH b, count(*) AS n, sum(a.k) AS s RETURN b.id AS id, sum(n) AS n, sum(s) AS s",
			"MATCH (b:B) WITH b, COUNT { (:A)-[:R]->(b) } AS n WHERE n > 0 RETURN b.id AS id, sum(n) AS n, sum(reduce(s = 0, x IN [(a:A)-[:R]->(b) | a.k] | s + coalesce(x, 0))) AS s",
			"MATCH (a:A)-[:R]->(b:B) WITH b.id AS id, a RETURN id, count(a) AS n, sum(a.k) AS s",
		)},

		// Users graphs.
		// Users with a two-hop path to the node: EXISTS, the distinct
		// starts either way round, COUNT { } > 0, a GraphProgram.
		{"u-h8-two-hop-exists", "existence", Users, written(false,
			"MATCH (a:User) WHERE EXISTS { (a)-->()-->(:User {id: $hub}) } RETURN count(a) AS n",
			"MATCH (a:User)-->()-->(:User {id: $hub}) RETURN count(DISTINCT a) AS n",
			"MATCH (h:User {id: $hub})<--()<--(a:User) RETURN count(DISTINCT a) AS n",
			"MATCH (a:User) WHERE COUNT { (a)-->()-->(:User {id: $hub}) } > 0 RETURN count(a) AS n",
			programForm(union("MATCH (a:User)-->()-->(:User {id: $hub}) RETURN DISTINCT a")),
		)},
		// The neighbours of the node with many neighbours of their own,
		// counted by CASE over COUNT { }, a pattern comprehension's size,
		// a list filter of the collected degrees.
		{"u-h8-degree-case", "CASE", Users, written(false,
			"MATCH (a:User {id: $hub})-->(b) RETURN sum(CASE WHEN COUNT { (b)-->() } >= 50 THEN 1 ELSE 0 END) AS hubs, count(*) AS n",
			"MATCH (a:User {id: $hub})-->(b) WITH b, size([(b)-->(c) | c]) AS d RETURN count(CASE WHEN d >= 50 THEN 1 END) AS hubs, count(*) AS n",
			"MATCH (a:User {id: $hub})-->(b) RETURN size([x IN collect(COUNT { (b)-->() }) WHERE x >= 50]) AS hubs, count(b) AS n",
			"MATCH (a:User {id: $hub})-->(b) WITH b, COUNT { (b)-->() } >= 50 AS big RETURN count(CASE big WHEN true THEN 1 END) AS hubs, count(*) AS n",
		)},
		// Reach in one or two hops to a key range: a quantified path, the
		// variable-length relationship, a UNION of the hops, the range in
		// WHERE of the end.
		{"u-h8-qpp-end-range", "quantified path", Users, written(false,
			"MATCH (a:User {id: $hub})-[*1..2]->(b) WHERE b.id < 200 RETURN count(DISTINCT b) AS n",
			"MATCH (a:User {id: $hub}) ((x)-->(y)){1,2} (b) WHERE b.id < 200 RETURN count(DISTINCT b) AS n",
			"MATCH (a:User {id: $hub}) ((x)-->(y)){1,2} (b WHERE b.id < 200) RETURN count(DISTINCT b) AS n",
			"CALL { MATCH (a:User {id: $hub})-->(b) WHERE b.id < 200 RETURN b UNION MATCH (a:User {id: $hub})-->()-->(b) WHERE b.id < 200 RETURN b } RETURN count(b) AS n",
			"MATCH (a:User {id: $hub})-->{1,2}(b) WHERE b.id < 200 RETURN count(DISTINCT b) AS n",
		)},
		// The anchor's key wrapped in constant expressions an agent writes:
		// plain, the parameter plus zero, toInteger of it, IN a one-element
		// list, an indexed list literal, the sides swapped.
		{"u-h8-constant-key", "filters", Users, written(false,
			"MATCH (a:User)-->(b)-->(c) WHERE a.id = $hub RETURN count(*) AS n",
			"MATCH (a:User)-->(b)-->(c) WHERE a.id = $hub + 0 RETURN count(*) AS n",
			"MATCH (a:User)-->(b)-->(c) WHERE a.id = toInteger($hub) RETURN count(*) AS n",
			"MATCH (a:User)-->(b)-->(c) WHERE a.id IN [$hub] RETURN count(*) AS n",
			"MATCH (a:User)-->(b)-->(c) WHERE a.id = [$hub, $other][0] RETURN count(*) AS n",
			"MATCH (a:User)-->(b)-->(c) WHERE $hub = a.id RETURN count(*) AS n",
		)},
		// The neighbours with the most neighbours: a second MATCH grouped,
		// COUNT { } summed per key, a WITH of the degree, a CALL { }.
		{"u-h8-top-neighbours", "ORDER BY on aggregates", Users, written(true,
			"MATCH (a:User {id: $hub})-->(b) MATCH (b)-->(c) RETURN b.id AS id, count(c) AS d ORDER BY d DESC, id LIMIT 5",
			"MATCH (a:User {id: $hub})-->(b) WITH b.id AS id, sum(COUNT { (b)-->() }) AS d WHERE d > 0 RETURN id, d ORDER BY d DESC, id LIMIT 5",
			"MATCH (a:User {id: $hub})-->(b) WITH b, COUNT { (b)-->() } AS d WHERE d > 0 RETURN b.id AS id, sum(d) AS d ORDER BY d DESC, id LIMIT 5",
			"MATCH (a:User {id: $hub})-->(b) CALL { WITH b MATCH (b)-->(c) RETURN count(c) AS d } WITH b, d WHERE d > 0 RETURN b.id AS id, sum(d) AS d ORDER BY d DESC, id LIMIT 5",
		)},
		// Neighbours of the node that share many of its neighbours: a
		// second MATCH grouped and filtered, COUNT { } with the closing
		// hop inside (in WITH and in WHERE), a comprehension's size.
		{"u-h8-shared-neighbours", "WITH ... WHERE on aggregates", Users, written(false,
			"MATCH (a:User {id: $hub})-->(b) WITH DISTINCT a, b MATCH (b)-->(c) WHERE (a)-->(c) WITH b, count(c) AS k WHERE k >= 5 RETURN count(b) AS n",
			"MATCH (a:User {id: $hub})-->(b) WITH a, b, COUNT { (b)-->(c) WHERE (a)-->(c) } AS k WHERE k >= 5 RETURN count(DISTINCT b) AS n",
			"MATCH (a:User {id: $hub})-->(b) WHERE COUNT { (b)-->(c) WHERE EXISTS { (a)-->(c) } } >= 5 RETURN count(DISTINCT b) AS n",
			"MATCH (a:User {id: $hub})-->(b) WITH DISTINCT a, b WHERE size([(b)-->(c) WHERE (a)-->(c) | c]) >= 5 RETURN count(b) AS n",
		)},
		// The node's neighbours that are not the other's: a GraphProgram's
		// difference, a negated pattern, a list difference of collects.
		{"u-h8-program-diff", "GraphProgram", Users, written(false,
			"MATCH (:User {id: $hub})-->(b) WHERE NOT (:User {id: $other})-->(b) RETURN count(DISTINCT b) AS n",
			programForm(union("MATCH (:User {id: $hub})-->(b) RETURN b"), diff("MATCH (:User {id: $other})-->(b) RETURN b")),
			"MATCH (:User {id: $hub})-->(b) WITH collect(DISTINCT b) AS xs OPTIONAL MATCH (:User {id: $other})-->(c) WITH xs, collect(c) AS ys RETURN size([x IN xs WHERE NOT x IN ys]) AS n",
			"MATCH (:User {id: $hub})-->(b) WHERE COUNT { (:User {id: $other})-->(b) } = 0 WITH DISTINCT b RETURN count(b) AS n",
		)},

		// Movies.
		// Actors in films with a word in the title, matched without case:
		// toLower, toUpper, a regular expression, EXISTS per person.
		{"m-h8-title-contains", "string predicate", Movies, written(false,
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE toLower(m.title) CONTAINS 'the' RETURN count(DISTINCT p) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE toUpper(m.title) CONTAINS 'THE' RETURN count(DISTINCT p) AS n",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE m.title =~ '(?is).*the.*' RETURN count(DISTINCT p) AS n",
			"MATCH (p:Person) WHERE EXISTS { (p)-[:ACTED_IN]->(m:Movie) WHERE toLower(m.title) CONTAINS 'the' } RETURN count(p) AS n",
			"MATCH (m:Movie) WHERE toLower(m.title) CONTAINS 'the' MATCH (p:Person)-[:ACTED_IN]->(m) WITH DISTINCT p RETURN count(*) AS n",
		)},
		// Roles per film from the list property: UNWIND, the sum of the
		// lists' sizes, reduce over them, the lists collected then
		// unwound twice.
		{"m-h8-unwind-roles", "UNWIND", Movies, written(true,
			"MATCH (:Person)-[r:ACTED_IN]->(m:Movie) UNWIND r.roles AS role RETURN m.title AS t, count(role) AS n ORDER BY n DESC, t LIMIT 5",
			"MATCH (:Person)-[r:ACTED_IN]->(m:Movie) WITH m, sum(size(r.roles)) AS n WHERE n > 0 RETURN m.title AS t, n ORDER BY n DESC, t LIMIT 5",
			"MATCH (:Person)-[r:ACTED_IN]->(m:Movie) WITH m, sum(reduce(s = 0, x IN r.roles | s + 1)) AS n WHERE n > 0 RETURN m.title AS t, n ORDER BY n DESC, t LIMIT 5",
			"MATCH (m:Movie) UNWIND [(:Person)-[r:ACTED_IN]->(m) | r.roles] AS roles UNWIND roles AS role WITH m, count(role) AS n RETURN m.title AS t, n ORDER BY n DESC, t LIMIT 5",
		)},
		// A person's later films, titles in order: COLLECT { } with WHERE
		// and ORDER BY, OPTIONAL MATCH then ordered collect, a CALL { }.
		{"m-h8-collect-where", "COLLECT subquery", Movies, written(false,
			"MATCH (p:Person {name: $who}) RETURN p.name AS name, COLLECT { MATCH (p)-[:ACTED_IN]->(m:Movie) WHERE m.released > 1995 RETURN m.title ORDER BY m.title } AS titles",
			"MATCH (p:Person {name: $who}) OPTIONAL MATCH (p)-[:ACTED_IN]->(m:Movie) WHERE m.released > 1995 WITH p, m ORDER BY m.title WITH p, collect(m.title) AS titles RETURN p.name AS name, titles",
			"MATCH (p:Person {name: $who}) RETURN p.name AS name, COLLECT { MATCH (p)-[:ACTED_IN]->(m:Movie) WITH m WHERE m.released > 1995 RETURN m.title AS t ORDER BY t } AS titles",
			"MATCH (p:Person {name: $who}) CALL { WITH p OPTIONAL MATCH (p)-[:ACTED_IN]->(m:Movie) WHERE m.released > 1995 WITH m ORDER BY m.title RETURN collect(m.title) AS titles } RETURN p.name AS name, titles",
		)},
		// Directors by the actors they directed: one pattern, two MATCH
		// clauses, the collected cast's size, COLLECT { RETURN DISTINCT }.
		{"m-h8-directors-cast", "aggregation", Movies, written(true,
			"MATCH (d:Person)-[:DIRECTED]->(m:Movie)<-[:ACTED_IN]-(a:Person) RETURN d.name AS director, count(DISTINCT a) AS actors ORDER BY actors DESC, director LIMIT 5",
			"MATCH (d:Person)-[:DIRECTED]->(m:Movie) MATCH (m)<-[:ACTED_IN]-(a:Person) RETURN d.name AS director, count(DISTINCT a) AS actors ORDER BY actors DESC, director LIMIT 5",
			"MATCH (a:Person)-[:ACTED_IN]->(m:Movie)<-[:DIRECTED]-(d:Person) WITH d, collect(DISTINCT a) AS cast RETURN d.name AS director, size(cast) AS actors ORDER BY actors DESC, director LIMIT 5",
			"MATCH (d:Person) WITH d, COLLECT { MATCH (d)-[:DIRECTED]->(:Movie)<-[:ACTED_IN]-(a:Person) RETURN DISTINCT a } AS cast WHERE size(cast) > 0 RETURN d.name AS director, size(cast) AS actors ORDER BY actors DESC, director LIMIT 5",
		)},
		// Actors with three films from 2000 on: grouped then filtered,
		// COUNT { } in WITH and in WHERE, a list filter, sum of a CASE.
		{"m-h8-prolific-recent", "WITH ... WHERE on aggregates", Movies, written(true,
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE m.released >= 2000 WITH p, count(m) AS n WHERE n >= 3 RETURN p.name AS name, n ORDER BY n DESC, name",
			"MATCH (p:Person) WITH p, COUNT { (p)-[:ACTED_IN]->(m:Movie) WHERE m.released >= 2000 } AS n WHERE n >= 3 RETURN p.name AS name, n ORDER BY n DESC, name",
			"MATCH (p:Person) WHERE COUNT { (p)-[:ACTED_IN]->(m:Movie) WHERE m.released >= 2000 } >= 3 RETURN p.name AS name, COUNT { (p)-[:ACTED_IN]->(m:Movie) WHERE m.released >= 2000 } AS n ORDER BY n DESC, name",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WITH p, collect(m) AS ms WITH p, [x IN ms WHERE x.released >= 2000] AS recent WHERE size(recent) >= 3 RETURN p.name AS name, size(recent) AS n ORDER BY n DESC, name",
			"MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WITH p, sum(CASE WHEN m.released >= 2000 THEN 1 ELSE 0 END) AS n WHERE n >= 3 RETURN p.name AS name, n ORDER BY n DESC, name",
		)},
		// Co-actors within two films: a quantified path of person-film-
		// person steps, ACTED_IN either way two to four times to a person
		// (an ACTED_IN joins a person to a film, so the odd lengths end at
		// films), a UNION of the two lengths written out.
		{"m-h8-qpp-coactors", "quantified path", Movies, written(false,
			"MATCH (a:Person {name: $who}) ((x:Person)-[:ACTED_IN]->(:Movie)<-[:ACTED_IN]-(y:Person)){1,2} (b) RETURN count(DISTINCT b) AS n",
			"MATCH (a:Person {name: $who})-[:ACTED_IN*2..4]-(b:Person) RETURN count(DISTINCT b) AS n",
			"MATCH (a:Person {name: $who})-[:ACTED_IN*2..4]-(b) WHERE b:Person RETURN count(DISTINCT b) AS n",
			"CALL { MATCH (a:Person {name: $who})-[:ACTED_IN]->(:Movie)<-[:ACTED_IN]-(b:Person) RETURN b UNION MATCH (a:Person {name: $who})-[:ACTED_IN]->(:Movie)<-[:ACTED_IN]-(:Person)-[:ACTED_IN]->(:Movie)<-[:ACTED_IN]-(b:Person) RETURN b } RETURN count(b) AS n",
		)},

		// Stack Overflow.
		// A user's questions, their answers and answerers through an
		// OPTIONAL MATCH chain: one OPTIONAL MATCH each, a WITH between,
		// a CALL { } per question, the questions collected and unwound.
		{"s-h8-optional-chain", "OPTIONAL MATCH", StackOverflow, written(false,
			"MATCH (u:User {user_id: $user})-[:ASKED]->(q:Question) OPTIONAL MATCH (q)<-[:ANSWERED]-(a:Answer) OPTIONAL MATCH (a)<-[:PROVIDED]-(v:User) RETURN count(DISTINCT q) AS qs, count(DISTINCT a) AS answers, count(DISTINCT v) AS answerers",
			"MATCH (u:User {user_id: $user})-[:ASKED]->(q:Question) OPTIONAL MATCH (q)<-[:ANSWERED]-(a:Answer) WITH q, a OPTIONAL MATCH (a)<-[:PROVIDED]-(v:User) RETURN count(DISTINCT q) AS qs, count(DISTINCT a) AS answers, count(DISTINCT v) AS answerers",
			"MATCH (u:User {user_id: $user})-[:ASKED]->(q:Question) CALL { WITH q OPTIONAL MATCH (q)<-[:ANSWERED]-(a:Answer) OPTIONAL MATCH (a)<-[:PROVIDED]-(v:User) RETURN a, v } RETURN count(DISTINCT q) AS qs, count(DISTINCT a) AS answers, count(DISTINCT v) AS answerers",
			"MATCH (u:User {user_id: $user})-[:ASKED]->(q:Question) WITH collect(DISTINCT q) AS qs UNWIND qs AS q OPTIONAL MATCH (q)<-[:ANSWERED]-(a:Answer) OPTIONAL MATCH (a)<-[:PROVIDED]-(v:User) RETURN count(DISTINCT q) AS qs, count(DISTINCT a) AS answers, count(DISTINCT v) AS answerers",
		)},
		// A user's most viewed questions per tag: the ordered collect
		// sliced, COLLECT { ... LIMIT } per tag, a CALL { } with LIMIT.
		{"s-h8-top-per-tag", "top-k per group", StackOverflow, written(false,
			"MATCH (u:User {user_id: $user})-[:ASKED]->(q:Question)-[:TAGGED]->(t:Tag) WITH t, q ORDER BY q.view_count DESC, q.question_id WITH t, collect(q.question_id)[..3] AS top RETURN t.name AS tag, top",
			"MATCH (u:User {user_id: $user})-[:ASKED]->(:Question)-[:TAGGED]->(t:Tag) WITH DISTINCT u, t RETURN t.name AS tag, COLLECT { MATCH (u)-[:ASKED]->(q:Question)-[:TAGGED]->(t) RETURN q.question_id ORDER BY q.view_count DESC, q.question_id LIMIT 3 } AS top",
			"MATCH (u:User {user_id: $user})-[:ASKED]->(:Question)-[:TAGGED]->(t:Tag) WITH DISTINCT u, t CALL { WITH u, t MATCH (u)-[:ASKED]->(q:Question)-[:TAGGED]->(t) RETURN q.question_id AS id ORDER BY q.view_count DESC, id LIMIT 3 } WITH t, collect(id) AS top RETURN t.name AS tag, top",
		)},
		// Users who answered a question of one tag and asked one of
		// another: EXISTS twice, a GraphProgram's intersection, two MATCH
		// clauses with DISTINCT, COUNT { } > 0.
		{"s-h8-program-intersect", "GraphProgram", StackOverflow, written(false,
			"MATCH (u:User) WHERE EXISTS { (u)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) } AND EXISTS { (u)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) } RETURN count(u) AS n",
			programForm(union("MATCH (u:User)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) RETURN u"), intersect("MATCH (u:User)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN u")),
			"MATCH (u:User)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) WITH DISTINCT u MATCH (u)-[:ASKED]->(:Question)-[:TAGGED]->(:Tag {name: $tag2}) RETURN count(DISTINCT u) AS n",
			"MATCH (t:Tag {name: $tag2})<-[:TAGGED]-(:Question)<-[:ASKED]-(u:User) WHERE COUNT { (u)-[:PROVIDED]->(:Answer)-[:ANSWERED]->(:Question)-[:TAGGED]->(:Tag {name: $tag}) } > 0 RETURN count(DISTINCT u) AS n",
		)},

		// LDBC.
		// A person's friends and the universities they studied at: an
		// OPTIONAL MATCH, COLLECT { } sizes per friend, a pattern
		// comprehension unwound.
		{"l-h8-optional-universities", "OPTIONAL MATCH", LDBC, written(false,
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) OPTIONAL MATCH (f)-[:STUDY_AT]->(u:University) RETURN count(DISTINCT f) AS friends, count(DISTINCT u) AS unis",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) WITH collect(DISTINCT f) AS fs UNWIND fs AS f OPTIONAL MATCH (f)-[:STUDY_AT]->(u:University) RETURN count(DISTINCT f) AS friends, count(DISTINCT u) AS unis",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) UNWIND [null] + [(f)-[:STUDY_AT]->(u:University) | u] AS u RETURN count(DISTINCT f) AS friends, count(DISTINCT u) AS unis",
			"MATCH (p:Person {id: $person})-[:KNOWS]-(f:Person) CALL { WITH f OPTIONAL MATCH (f)-[:STUDY_AT]->(u:University) RETURN u } RETURN count(DISTINCT f) AS friends, count(DISTINCT u) AS unis",
		)},
		// Replies to messages as Comment and Message: the conjunction, the
		// colon list, WHERE label tests, the labels split across pattern
		// and WHERE.
		{"l-h8-label-and", "label expression", LDBC, written(false,
			"MATCH (c:Message&Comment)-[:REPLY_OF]->(p:Post&Message) RETURN count(*) AS n, count(DISTINCT p) AS posts",
			"MATCH (c:Message:Comment)-[:REPLY_OF]->(p:Post:Message) RETURN count(*) AS n, count(DISTINCT p) AS posts",
			"MATCH (c)-[:REPLY_OF]->(p) WHERE c:Message AND c:Comment AND p:Post AND p:Message RETURN count(*) AS n, count(DISTINCT p) AS posts",
			"MATCH (c:Comment)-[:REPLY_OF]->(p:Post) WHERE c:Message AND p:Message RETURN count(*) AS n, count(DISTINCT p) AS posts",
			"MATCH (p:Post&Message)<-[:REPLY_OF]-(c:Comment&Message) RETURN count(*) AS n, count(DISTINCT p) AS posts",
		)},
		// Messages with a tag named by a prefix without case: toLower
		// STARTS WITH, toUpper, a regular expression, left, substring.
		{"l-h8-tag-prefix", "string predicate", LDBC, written(false,
			"MATCH (t:Tag)<-[:HAS_TAG]-(m:Message) WHERE toLower(t.name) STARTS WITH 'george' RETURN count(DISTINCT m) AS n",
			"MATCH (t:Tag)<-[:HAS_TAG]-(m:Message) WHERE toUpper(t.name) STARTS WITH 'GEORGE' RETURN count(DISTINCT m) AS n",
			"MATCH (t:Tag)<-[:HAS_TAG]-(m:Message) WHERE t.name =~ '(?is)george.*' RETURN count(DISTINCT m) AS n",
			"MATCH (t:Tag)<-[:HAS_TAG]-(m:Message) WHERE left(toLower(t.name), 6) = 'george' RETURN count(DISTINCT m) AS n",
			"MATCH (m:Message) WHERE EXISTS { (m)-[:HAS_TAG]->(t:Tag) WHERE substring(toLower(t.name), 0, 6) = 'george' } RETURN count(m) AS n",
		)},
		// The replies within three levels of a post: a quantified path,
		// the variable-length relationship either way round, the path
		// quantifier on the relationship.
		{"l-h8-qpp-replies", "quantified path", LDBC, written(false,
			"MATCH (m:Message)-[:REPLY_OF*1..3]->(p:Post {id: $post}) RETURN count(DISTINCT m) AS n",
			"MATCH (m:Message) ((a)-[:REPLY_OF]->(b)){1,3} (p:Post {id: $post}) RETURN count(DISTINCT m) AS n",
			"MATCH (p:Post {id: $post}) ((b)<-[:REPLY_OF]-(a)){1,3} (m:Message) RETURN count(DISTINCT m) AS n",
			"MATCH (p:Post {id: $post})<-[:REPLY_OF*1..3]-(m) WHERE m:Message RETURN count(DISTINCT m) AS n",
			"MATCH (p:Post {id: $post})<-[:REPLY_OF]-{1,3}(m:Message) RETURN count(DISTINCT m) AS n",
		)},
		// A person's friends per country: the path through the city, two
		// MATCH clauses, the country grouped by node, COUNT { } per
		// country.
		{"l-h8-friends-by-country", "aggregation", LDBC, written(true,
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person)-[:IS_LOCATED_IN]->(:City)-[:IS_PART_OF]->(k:Country) RETURN k.name AS country, count(DISTINCT f) AS n ORDER BY n DESC, country",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person) MATCH (f)-[:IS_LOCATED_IN]->(:City)-[:IS_PART_OF]->(k:Country) RETURN k.name AS country, count(DISTINCT f) AS n ORDER BY n DESC, country",
			"MATCH (:Person {id: $person})-[:KNOWS]-(f:Person)-[:IS_LOCATED_IN]->(:City)-[:IS_PART_OF]->(k:Country) WITH k, collect(DISTINCT f) AS fs RETURN k.name AS country, size(fs) AS n ORDER BY n DESC, country",
			"MATCH (p:Person {id: $person}) MATCH (k:Country) WITH k, COUNT { MATCH (p)-[:KNOWS]-(f:Person)-[:IS_LOCATED_IN]->(:City)-[:IS_PART_OF]->(k) RETURN DISTINCT f } AS n WHERE n > 0 RETURN k.name AS country, n ORDER BY n DESC, country",
		)},

		// Northwind.
		// Customers who bought many units: grouped then filtered, two
		// MATCH clauses, a CALL { } per customer, reduce over a pattern
		// comprehension.
		{"n-h8-big-buyers", "WITH ... WHERE on aggregates", Northwind, written(true,
			"MATCH (c:Customer)-[:PURCHASED]->(:Order)-[o:ORDERS]->(:Product) WITH c, sum(o.quantity) AS q WHERE q > 500 RETURN c.customerID AS id, q ORDER BY q DESC, id",
			"MATCH (c:Customer)-[:PURCHASED]->(ord:Order) MATCH (ord)-[o:ORDERS]->(:Product) WITH c, sum(o.quantity) AS q WHERE q > 500 RETURN c.customerID AS id, q ORDER BY q DESC, id",
			"MATCH (c:Customer) CALL { WITH c MATCH (c)-[:PURCHASED]->(:Order)-[o:ORDERS]->(:Product) RETURN sum(o.quantity) AS q } WITH c, q WHERE q > 500 RETURN c.customerID AS id, q ORDER BY q DESC, id",
			"MATCH (c:Customer) WITH c, reduce(s = 0, x IN [(c)-[:PURCHASED]->(:Order)-[o:ORDERS]->(:Product) | o.quantity] | s + coalesce(x, 0)) AS q WHERE q > 500 RETURN c.customerID AS id, q ORDER BY q DESC, id",
		)},
		// Order lines of products named without case: toLower CONTAINS,
		// toUpper, a regular expression, the products matched first, a
		// CALL { } returning them.
		{"n-h8-product-contains", "string predicate", Northwind, written(false,
			"MATCH (p:Product)<-[o:ORDERS]-(:Order) WHERE toLower(p.productName) CONTAINS 'cho' RETURN count(*) AS n, sum(o.quantity) AS q",
			"MATCH (p:Product)<-[o:ORDERS]-(:Order) WHERE toUpper(p.productName) CONTAINS 'CHO' RETURN count(*) AS n, sum(o.quantity) AS q",
			"MATCH (p:Product)<-[o:ORDERS]-(:Order) WHERE p.productName =~ '(?is).*cho.*' RETURN count(*) AS n, sum(o.quantity) AS q",
			"MATCH (p:Product) WHERE toLower(p.productName) CONTAINS 'cho' MATCH (p)<-[o:ORDERS]-(:Order) RETURN count(o) AS n, sum(o.quantity) AS q",
			"CALL { MATCH (p:Product) WHERE toLower(p.productName) CONTAINS 'cho' RETURN p } MATCH (p)<-[o:ORDERS]-(:Order) RETURN count(*) AS n, sum(o.quantity) AS q",
		)},
		// Suppliers per category: the path grouped by the category, two
		// MATCH clauses with the collected set, COLLECT { RETURN DISTINCT }.
		{"n-h8-category-suppliers", "aggregation", Northwind, written(true,
			"MATCH (s:Supplier)-[:SUPPLIES]->(:Product)-[:PART_OF]->(c:Category) RETURN c.categoryName AS cat, count(DISTINCT s) AS suppliers ORDER BY suppliers DESC, cat",
			"MATCH (c:Category)<-[:PART_OF]-(p:Product) MATCH (p)<-[:SUPPLIES]-(s:Supplier) WITH c, collect(DISTINCT s) AS ss RETURN c.categoryName AS cat, size(ss) AS suppliers ORDER BY suppliers DESC, cat",
			"MATCH (c:Category) WITH c, COLLECT { MATCH (s:Supplier)-[:SUPPLIES]->(:Product)-[:PART_OF]->(c) RETURN DISTINCT s } AS ss WHERE size(ss) > 0 RETURN c.categoryName AS cat, size(ss) AS suppliers ORDER BY suppliers DESC, cat",
			"MATCH (s:Supplier)-[:SUPPLIES]->(:Product)-[:PART_OF]->(c:Category) WITH DISTINCT c, s RETURN c.categoryName AS cat, count(*) AS suppliers ORDER BY suppliers DESC, cat",
		)},

		// WN18RR.
		// The relationships of the synset but its hypernyms: the type
		// negated, type() in WHERE, a label test on the relationship, a
		// difference of COUNT { }s.
		{"w-h8-type-not", "label expression", WordNet, written(false,
			"MATCH (e:Entity {id: $entity})-[r:!_hypernym]-(x) RETURN count(r) AS n",
			"MATCH (e:Entity {id: $entity})-[r]-(x) WHERE type(r) <> '_hypernym' RETURN count(r) AS n",
			"MATCH (e:Entity {id: $entity})-[r]-(x) WHERE NOT r:_hypernym RETURN count(r) AS n",
			"MATCH (e:Entity {id: $entity}) RETURN sum(COUNT { (e)-[r]-() } - COUNT { (e)-[:_hypernym]-() }) AS n",
		)},
		// Synsets with a grandparent: EXISTS of the two-hop path, the
		// distinct starts, a nested EXISTS with the uniqueness of the
		// path's two relationships written out. (The GraphProgram of the
		// distinct starts ran past its minute under load: its statement
		// returns the 34,179 nodes through the two-hop rows.)
		{"w-h8-two-hop-exists", "existence", WordNet, written(false,
			"MATCH (e:Entity) WHERE EXISTS { (e)-[:_hypernym]->()-[:_hypernym]->() } RETURN count(e) AS n",
			"MATCH (e:Entity)-[:_hypernym]->()-[:_hypernym]->() RETURN count(DISTINCT e) AS n",
			"MATCH (e:Entity) WHERE EXISTS { MATCH (e)-[r1:_hypernym]->(m) WHERE EXISTS { (m)-[r2:_hypernym]->() WHERE r2 <> r1 } } RETURN count(e) AS n",
			"MATCH (e:Entity)-[r1:_hypernym]->(m) WHERE EXISTS { (m)-[r2:_hypernym]->() WHERE r2 <> r1 } RETURN count(DISTINCT e) AS n",
		)},
		// The synset's hyponyms and theirs through an OPTIONAL MATCH:
		// counts of distinct nodes, the first level collected, COUNT { }
		// of distinct nodes (two MATCH clauses: no uniqueness across the
		// levels, as across the OPTIONAL MATCH), a CALL { } per hyponym.
		{"w-h8-optional-levels", "OPTIONAL MATCH", WordNet, written(false,
			"MATCH (e:Entity {id: $entity})<-[:_hypernym]-(h) OPTIONAL MATCH (h)<-[:_hypernym]-(h2) RETURN count(DISTINCT h) AS direct, count(DISTINCT h2) AS second",
			"MATCH (e:Entity {id: $entity})<-[:_hypernym]-(h) WITH collect(DISTINCT h) AS hs UNWIND hs AS h OPTIONAL MATCH (h)<-[:_hypernym]-(h2) RETURN count(DISTINCT h) AS direct, count(DISTINCT h2) AS second",
			"MATCH (e:Entity {id: $entity}) WHERE (e)<-[:_hypernym]-() RETURN COUNT { MATCH (e)<-[:_hypernym]-(h) RETURN DISTINCT h } AS direct, COUNT { MATCH (e)<-[:_hypernym]-(h) MATCH (h)<-[:_hypernym]-(h2) RETURN DISTINCT h2 } AS second",
			"MATCH (e:Entity {id: $entity})<-[:_hypernym]-(h) CALL { WITH h OPTIONAL MATCH (h)<-[:_hypernym]-(h2) RETURN h2 } RETURN count(DISTINCT h) AS direct, count(DISTINCT h2) AS second",
		)},
	}
}
