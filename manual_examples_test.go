package cyq

import (
	"strings"
	"testing"
)

// The subquery example graph of the Neo4j Cypher manual (EXISTS, COUNT
// and COLLECT subqueries).
const manualSubqueryGraph = `CREATE
(andy:Swedish:Person {name: 'Andy', age: 36}),
(timothy:Person {name: 'Timothy', nickname: 'Tim', age: 25}),
(peter:Person {name: 'Peter', nickname: 'Pete', age: 35}),
(andy)-[:HAS_DOG {since: 2016}]->(:Dog {name:'Andy'}),
(timothy)-[:HAS_CAT {since: 2019}]->(:Cat {name:'Mittens'}),
(fido:Dog {name:'Fido'})<-[:HAS_DOG {since: 2010}]-(peter)-[:HAS_DOG {since: 2018}]->(:Dog {name:'Ozzy'}),
(fido)-[:HAS_TOY]->(:Toy{name:'Banana'})`

// TestManualExamples checks answers the Neo4j manual documents, each
// written down from the manual's semantics: result rows are compared in
// order, one row per line, columns joined by " | ".
func TestManualExamples(t *testing.T) {
	db, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	mustRun(t, db, manualSubqueryGraph, nil)
	cases := []struct{ name, query, want string }{
		// Outer variables stay visible across a subquery's own WITH.
		{"EXISTS with WITH", `MATCH (person:Person)
			WHERE EXISTS { WITH 'Ozzy' AS dogName MATCH (person)-[:HAS_DOG]->(d:Dog) WHERE d.name = dogName }
			RETURN person.name AS name`, "'Peter'"},
		{"COUNT with WITH", `MATCH (person:Person)
			RETURN person.name AS name, COUNT { WITH 2017 AS y MATCH (person)-[r:HAS_DOG]->() WHERE r.since > y } AS young ORDER BY name`,
			"'Andy' | 0\n'Peter' | 1\n'Timothy' | 0"},
		{"COLLECT with WITH and ORDER BY", `MATCH (person:Person {name: 'Peter'})
			RETURN COLLECT { MATCH (person)-[:HAS_DOG]->(d) WITH d.name AS n ORDER BY n RETURN n } AS dogs`, "['Fido', 'Ozzy']"},
		{"COUNT with an aggregation inside", `MATCH (person:Person)
			RETURN person.name AS name, COUNT { MATCH (person)-->(x) WITH count(*) AS c WHERE c > 1 RETURN c } AS many ORDER BY name`,
			"'Andy' | 0\n'Peter' | 1\n'Timothy' | 0"},
		// UNION inside subqueries: CALL, COLLECT, COUNT.
		{"COLLECT with UNION", `MATCH (person:Person)
			RETURN person.name AS name, COLLECT {
				MATCH (person)-[:HAS_DOG]->(dog:Dog) RETURN dog.name AS petName
				UNION
				MATCH (person)-[:HAS_CAT]->(cat:Cat) RETURN cat.name AS petName } AS petNames ORDER BY name`,
			"'Andy' | ['Andy']\n'Peter' | ['Fido', 'Ozzy']\n'Timothy' | ['Mittens']"},
		{"COUNT with UNION", `MATCH (person:Person)
			RETURN person.name AS name, COUNT {
				MATCH (person)-[:HAS_DOG]->(dog:Dog) RETURN dog.name AS petName
				UNION
				MATCH (person)-[:HAS_CAT]->(cat:Cat) RETURN cat.name AS petName } AS numPets ORDER BY name`,
			"'Andy' | 1\n'Peter' | 2\n'Timothy' | 1"},
		{"COUNT with UNION dedupes per row, UNION ALL does not", `MATCH (p:Person {name: 'Andy'})
			RETURN COUNT { RETURN 1 AS x UNION RETURN 1 AS x } AS one, COUNT { RETURN 1 AS x UNION ALL RETURN 1 AS x } AS two`, "1 | 2"},
		{"CALL with UNION", `CALL { MATCH (d:Dog) RETURN d.name AS name UNION MATCH (c:Cat) RETURN c.name AS name UNION MATCH (p:Person) RETURN p.name AS name }
			RETURN name ORDER BY name`, "'Andy'\n'Fido'\n'Mittens'\n'Ozzy'\n'Peter'\n'Timothy'"},
		{"CALL with UNION ALL and imports", `UNWIND ['Andy', 'Peter'] AS owner
			CALL { WITH owner MATCH (:Person {name: owner})-[:HAS_DOG]->(d) RETURN d.name AS pet
			       UNION ALL WITH owner MATCH (:Person {name: owner})-[:HAS_CAT]->(c) RETURN c.name AS pet }
			RETURN owner, count(pet) AS pets ORDER BY owner`, "'Andy' | 1\n'Peter' | 2"},
		{"CALL with UNION per input row", `UNWIND [1, 2, 3] AS k CALL { RETURN 1 AS one UNION RETURN 1 AS one } RETURN count(*)`, "3"},
		// exists() of a pattern (Cypher 4) is the pattern predicate.
		{"exists(pattern)", `MATCH (p:Person) RETURN p.name AS name, exists((p)-[:HAS_DOG]->()) AS hasDog ORDER BY name`,
			"'Andy' | true\n'Peter' | true\n'Timothy' | false"},
		{"NOT exists(pattern)", `MATCH (p:Person) WHERE NOT exists((p)-[:HAS_DOG]->()) RETURN p.name`, "'Timothy'"},
		// A map projection of a variable is named after the variable.
		{"map projection column", `MATCH (p:Person {name: 'Andy'}) RETURN p{.name, .age}`, "{age: 36, name: 'Andy'}"},
		// round(x, 0) agrees with round(x): ties toward positive infinity.
		{"round with precision 0", `RETURN round(-1.5, 0), round(-1.5), round(2.5, 0), round(-1.5, 0, 'HALF_UP')`, "-1.0 | -1.0 | 3.0 | -2.0"},
		// ltrim, rtrim and btrim take a set of characters.
		{"btrim with several characters", `RETURN btrim('xxyyhelloxyxy', 'xy'), ltrim('xxyyhelloxyxy', 'xy'), rtrim('xxyyhelloxyxy', 'xy')`,
			"'hello' | 'helloxyxy' | 'xxyyhello'"},
		// Zone names may be written with spaces for underscores.
		{"zone name with a space", `RETURN datetime({year: 2020, month: 1, day: 1, timezone: 'America/Los Angeles'})`,
			"'2020-01-01T00:00-08:00[America/Los_Angeles]'"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var lines []string
			for _, row := range mustRun(t, db, c.query, nil) {
				cells := make([]string, len(row))
				for i, v := range row {
					cells[i] = fmtV(v)
				}
				lines = append(lines, strings.Join(cells, " | "))
			}
			if got := strings.Join(lines, "\n"); got != c.want {
				t.Fatalf("%s\ngot:\n%s\nwant:\n%s", c.query, got, c.want)
			}
		})
	}
	rows, err := db.Query(t.Context(), `MATCH (p:Person {name: 'Andy'}) RETURN p{.name}`, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cols := rows.Columns(); len(cols) != 1 || cols[0] != "p" {
		t.Fatalf("map projection column named %q, want p", cols)
	}
	rows.Close()
}
