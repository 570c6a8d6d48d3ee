package parser

import "testing"

// TestCommonQueries parses queries in the styles people and LLMs write
// (Neo4j 5 included).
func TestCommonQueries(t *testing.T) {
	for _, src := range []string{
		"MATCH (n) WHERE n.name =~ '(?i).*x.*' RETURN n",
		"MATCH (a:Person)-[:KNOWS]-(b) RETURN a, collect(b) AS friends",
		"MATCH (n) RETURN n LIMIT 10;",
		"MATCH (n:Person) WHERE NOT (n)-[:KNOWS]->() RETURN n",
		"MATCH (n) WHERE n:Person OR n:Company RETURN n",
		"CALL db.index.vector.queryNodes('idx', 10, $emb) YIELD node, score RETURN node.name, score",
		"MATCH p=(a)-[*1..3]->(b) RETURN length(p)",
		"WITH [1,2,3] AS xs UNWIND xs AS x RETURN sum(x)",
		"MATCH (n) SET n.updated = datetime() RETURN count(n)",
		"MATCH (n) WITH n, COUNT { (n)--() } AS deg WHERE deg > 2 RETURN n",
		"MATCH (a), (b) WHERE id(a) = 1 AND elementId(b) = '4:x' CREATE (a)-[:R]->(b)",
		"OPTIONAL MATCH (n)-[r]->() RETURN type(r), count(*)",
		"MATCH (n) RETURN n ORDER BY n.name ASC, n.age DESCENDING",
		"RETURN date('2020-01-01') + duration({days: 1})",
		"MATCH (n:Movie) WHERE n.title CONTAINS 'Matrix' RETURN n.title SKIP 0 LIMIT 5",
		"MATCH (n)-[:ACTED_IN|DIRECTED]->(m) RETURN DISTINCT m",
		"MATCH (n) WHERE n.x IN $list RETURN n",
		"CREATE (n:Person {name: $name, embedding: $vec}) RETURN elementId(n)",
		"MATCH (n) CALL { WITH n MATCH (n)-->(m) RETURN count(m) AS c } RETURN n, c",
		"LOAD CSV FROM 'https://x/y.csv' AS line CREATE (:X {a: line[0]})",
		"MATCH (a)-[r]->(b) RETURN a{.*, label: labels(a)[0]}",
		"RETURN vector.similarity.euclidean([1.0,2.0],[3.0,4.0]) AS d",
		"MATCH (n) RETURN n.name AS `name with space`",
		"MATCH (n:A&B|C) WHERE n:!D RETURN n",
		"MATCH (a)-[r:T WHERE r.w > 1]->(b) RETURN a",
		"MATCH (n) WHERE EXISTS { (n)-[:R]->(:X) } RETURN n",
		"MATCH (n) RETURN COLLECT { MATCH (n)-->(m) RETURN m.name } AS names",
		"MATCH (c:Concept {concept_id: $id})-[:RELATED_TO*1..3]-(other:Concept) RETURN DISTINCT other.concept_id LIMIT 100",
		"PROFILE MATCH (n) RETURN n",
		"MATCH (n) RETURN n.x // trailing comment",
		"/* leading */ MATCH (n) RETURN n",
		"MATCH (n)\nWHERE n.a = 1\n  AND n.b = 2\nRETURN n",
		"UNWIND $rows AS row MERGE (n:Node {id: row.id}) SET n += row.props",
		"MATCH (n) RETURN n SKIP $s LIMIT $l",
		"RETURN [(a)-->(b) WHERE b.x > 1 | b.name] AS names",
		"MATCH (a:A), (b:B) MERGE (a)-[r:R]->(b) ON CREATE SET r.created = timestamp()",
		"RETURN allShortestPaths((a)-[*]-(b)) AS ps",
		"CALL db.labels() YIELD label RETURN label ORDER BY label",
		"CALL dbms.components()",
		"RETURN toUpper('a') + toLower(\"B\") AS s, abs(-1), 2 ^ 10, 7 % 3",
		"match (n) return n",
		"MATCH (n) WITH n.x AS x WHERE x > 1 RETURN x",
	} {
		if _, err := Parse(src); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}
}
