package cyq_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// schemaStep is one statement of a schema script and what it must give:
// "" for success, else the error code and a part of its message
// ("SemanticError.IndexNotFound: No such index").
type schemaStep struct {
	q, want string
}

func runSchemaSteps(t *testing.T, db *cyq.DB, steps []schemaStep) {
	t.Helper()
	ctx := context.Background()
	for _, s := range steps {
		rows, err := db.Query(ctx, s.q, map[string]any{"name": "node_uniqueness_param"})
		if err == nil {
			_, err = rows.All()
		}
		if s.want == "" {
			if err != nil {
				t.Errorf("%s: %v", s.q, err)
			}
			continue
		}
		e := cyqerr.As(err)
		code, msg, _ := strings.Cut(s.want, ": ")
		if e == nil || e.Code() != code || !strings.Contains(e.Message, msg) {
			t.Errorf("%s:\n got %v\nwant %s", s.q, err, s.want)
		}
	}
}

// showRows runs a SHOW (or any query) and prints each row as the values
// of cols joined by " | ", sorted.
func showRows(t *testing.T, db *cyq.DB, q string, cols ...string) []string {
	t.Helper()
	rows, err := db.Query(context.Background(), q, nil)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	idx := map[string]int{}
	for i, c := range rows.Columns() {
		idx[c] = i
	}
	all, err := rows.All()
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	var out []string
	for _, r := range all {
		parts := make([]string, len(cols))
		for i, c := range cols {
			j, ok := idx[c]
			if !ok {
				t.Fatalf("%s: no column %s in %v", q, c, rows.Columns())
			}
			parts[i] = value.Format(r[j])
		}
		out = append(out, strings.Join(parts, " | "))
	}
	sort.Strings(out)
	return out
}

func sameRows(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\n got:\n  %s\nwant:\n  %s", what, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// TestSchemaIndexExamples runs the index statements of the Neo4j 5
// manual (create, IF NOT EXISTS, equivalent and conflicting definitions,
// drop by name) and checks what SHOW INDEXES lists.
func TestSchemaIndexExamples(t *testing.T) {
	db, err := cyq.Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	runSchemaSteps(t, db, []schemaStep{
		{"CREATE INDEX node_range_index_name FOR (n:Person) ON (n.surname)", ""},
		{"CREATE INDEX rel_range_index_name FOR ()-[r:KNOWS]-() ON (r.since)", ""},
		{"CREATE INDEX composite_range_node_index_name FOR (n:Person) ON (n.age, n.country)", ""},
		{"CREATE INDEX composite_range_rel_index_name FOR ()-[r:PURCHASED]-() ON (r.date, r.amount)", ""},
		{"CREATE INDEX range_index_with_provider FOR (n:Person) ON (n.firstname) OPTIONS {indexProvider: 'range-1.0'}", ""},
		{"CREATE INDEX node_range_index_name IF NOT EXISTS FOR (n:Person) ON (n.surname)", ""},
		{"CREATE INDEX node_range_index_name FOR (n:Person) ON (n.surname)", "SemanticError.EquivalentSchemaRuleAlreadyExists: An equivalent index already exists"},
		{"CREATE INDEX other_name FOR (n:Person) ON (n.surname)", "SemanticError.EquivalentSchemaRuleAlreadyExists: name='node_range_index_name'"},
		{"CREATE INDEX node_range_index_name FOR (n:Person) ON (n.middlename)", "SemanticError.IndexWithNameAlreadyExists: There already exists an index called 'node_range_index_name'."},
		{"CREATE INDEX FOR (n:Person) ON (n.nickname) OPTIONS {indexProvider: 'btree-1.0'}", "SemanticError.InvalidOptions: index provider"},
		{"CREATE TEXT INDEX node_text_index_nickname FOR (n:Person) ON (n.nickname)", ""},
		{"CREATE TEXT INDEX rel_text_index_name FOR ()-[r:KNOWS]-() ON (r.interest)", ""},
		{"CREATE TEXT INDEX text_index_with_provider FOR (n:Person) ON (n.city) OPTIONS {indexProvider: 'text-2.0'}", ""},
		{"CREATE TEXT INDEX FOR (n:Person) ON (n.a, n.b)", "SemanticError.InvalidIndex: exactly one property"},
		{"CREATE POINT INDEX node_point_index_name FOR (n:Person) ON (n.sublocation)", "SemanticError.Unsupported: POINT indexes are not supported"},
		{"CREATE LOOKUP INDEX node_label_lookup_index FOR (n) ON EACH labels(n)", ""},
		{"CREATE LOOKUP INDEX rel_type_lookup_index FOR ()-[r]-() ON EACH type(r)", ""},
		{"CREATE LOOKUP INDEX another FOR (n) ON EACH labels(n)", "SemanticError.EquivalentSchemaRuleAlreadyExists"},
		{"CREATE LOOKUP INDEX bad_lookup FOR (n) ON EACH type(n)", "SyntaxError.InvalidLookupIndex: ON EACH labels(n)"},
		{"CREATE FULLTEXT INDEX namesAndTeams FOR (n:Employee|Manager) ON EACH [n.name, n.team]", ""},
		{"CREATE FULLTEXT INDEX FOR (n:Employee) ON EACH [n.bio]", ""},
		{"CREATE VECTOR INDEX moviePlots IF NOT EXISTS FOR (m:Movie) ON m.embedding OPTIONS {indexConfig: {`vector.dimensions`: 4, `vector.similarity_function`: 'cosine'}}", ""},
		{"CREATE INDEX $name FOR (n:Book) ON (n.title)", ""},
		{"DROP INDEX composite_range_rel_index_name", ""},
		{"DROP INDEX composite_range_rel_index_name", "SemanticError.IndexNotFound: No such index 'composite_range_rel_index_name'"},
		{"DROP INDEX missing_index_name IF EXISTS", ""},
		{"CREATE INDEX ON :Legacy(prop)", ""},
		{"DROP INDEX ON :Legacy(prop)", ""},
		{"DROP INDEX ON :Legacy(prop)", "SemanticError.IndexNotFound"},
		{"CALL db.awaitIndexes(300)", ""},
		{"CALL db.awaitIndex('node_range_index_name')", ""},
		{"CALL db.resampleIndex('namesAndTeams')", ""},
		{"CALL db.awaitIndex('composite_range_rel_index_name', 10)", "ProcedureError.ProcedureCallFailed: no index named"},
	})
	cols := []string{"name", "type", "entityType", "labelsOrTypes", "properties", "indexProvider", "owningConstraint"}
	sameRows(t, "SHOW INDEXES", showRows(t, db, "SHOW INDEXES", cols...), []string{
		"'composite_range_node_index_name' | 'RANGE' | 'NODE' | ['Person'] | ['age', 'country'] | 'range-1.0' | null",
		"'index_Employee_bio' | 'FULLTEXT' | 'NODE' | ['Employee'] | ['bio'] | 'fulltext-1.0' | null",
		"'moviePlots' | 'VECTOR' | 'NODE' | ['Movie'] | ['embedding'] | 'vector-2.0' | null",
		"'namesAndTeams' | 'FULLTEXT' | 'NODE' | ['Employee', 'Manager'] | ['name', 'team'] | 'fulltext-1.0' | null",
		"'node_label_lookup_index' | 'LOOKUP' | 'NODE' | null | null | 'token-lookup-1.0' | null",
		"'node_range_index_name' | 'RANGE' | 'NODE' | ['Person'] | ['surname'] | 'range-1.0' | null",
		"'node_text_index_nickname' | 'TEXT' | 'NODE' | ['Person'] | ['nickname'] | 'text-2.0' | null",
		"'node_uniqueness_param' | 'RANGE' | 'NODE' | ['Book'] | ['title'] | 'range-1.0' | null",
		"'range_index_with_provider' | 'RANGE' | 'NODE' | ['Person'] | ['firstname'] | 'range-1.0' | null",
		"'rel_range_index_name' | 'RANGE' | 'RELATIONSHIP' | ['KNOWS'] | ['since'] | 'range-1.0' | null",
		"'rel_text_index_name' | 'TEXT' | 'RELATIONSHIP' | ['KNOWS'] | ['interest'] | 'text-2.0' | null",
		"'rel_type_lookup_index' | 'LOOKUP' | 'RELATIONSHIP' | null | null | 'token-lookup-1.0' | null",
		"'text_index_with_provider' | 'TEXT' | 'NODE' | ['Person'] | ['city'] | 'text-2.0' | null",
	})
	// Generated names say what an object is on; a second object on the
	// same schema adds its kind.
	runSchemaSteps(t, db, []schemaStep{
		{"CREATE INDEX FOR (n:Gen) ON (n.a, n.b)", ""},
		{"CREATE TEXT INDEX FOR (n:Gen) ON (n.a)", ""},
		{"CREATE INDEX FOR (n:Gen) ON (n.a)", ""},
		{"CREATE CONSTRAINT FOR (n:Gen) REQUIRE n.c IS UNIQUE", ""},
		{"CREATE CONSTRAINT FOR (n:Gen) REQUIRE n.c IS NOT NULL", ""},
	})
	sameRows(t, "generated names", showRows(t, db, "SHOW INDEXES YIELD name, type, labelsOrTypes WHERE labelsOrTypes = ['Gen']", "name", "type"),
		[]string{"'constraint_Gen_c' | 'RANGE'", "'index_Gen_a' | 'TEXT'", "'index_Gen_a_b' | 'RANGE'", "'index_Gen_a_range' | 'RANGE'"})
	sameRows(t, "generated constraint names", showRows(t, db, "SHOW CONSTRAINTS YIELD name, type, labelsOrTypes WHERE labelsOrTypes = ['Gen']", "name", "type"),
		[]string{"'constraint_Gen_c' | 'UNIQUENESS'", "'constraint_Gen_c_existence' | 'NODE_PROPERTY_EXISTENCE'"})
	runSchemaSteps(t, db, []schemaStep{{"DROP CONSTRAINT constraint_Gen_c", ""}, {"DROP CONSTRAINT constraint_Gen_c_existence", ""},
		{"DROP INDEX index_Gen_a", ""}, {"DROP INDEX index_Gen_a_range", ""}, {"DROP INDEX index_Gen_a_b", ""}})
	sameRows(t, "SHOW TEXT INDEXES", showRows(t, db, "SHOW TEXT INDEXES", "name"),
		[]string{"'node_text_index_nickname'", "'rel_text_index_name'", "'text_index_with_provider'"})
	sameRows(t, "SHOW LOOKUP INDEXES", showRows(t, db, "SHOW LOOKUP INDEXES YIELD name, createStatement", "name", "createStatement"), []string{
		"'node_label_lookup_index' | 'CREATE LOOKUP INDEX `node_label_lookup_index` FOR (n) ON EACH labels(n)'",
		"'rel_type_lookup_index' | 'CREATE LOOKUP INDEX `rel_type_lookup_index` FOR ()-[r]-() ON EACH type(r)'",
	})
	// YIELD ... ORDER BY ... SKIP ... LIMIT ... WHERE pages the listing,
	// keeping the yielded columns in order.
	rows, err := db.Query(context.Background(), "SHOW INDEXES YIELD type, name AS n ORDER BY n DESC SKIP 1 LIMIT 3 WHERE n <> 'rel_text_index_name'", nil)
	if err != nil {
		t.Fatal(err)
	}
	page, err := rows.All()
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(rows.Columns(), page); got != "[type n] [[LOOKUP rel_type_lookup_index] [RANGE rel_range_index_name]]" {
		t.Errorf("paged SHOW: %s", got)
	}
	// Without YIELD, SHOW INDEXES gives Neo4j's default columns.
	rows, err = db.Query(context.Background(), "SHOW INDEXES", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(rows.Columns(), ","); got != "id,name,state,populationPercent,type,entityType,labelsOrTypes,properties,indexProvider,owningConstraint,lastRead,readCount" {
		t.Errorf("SHOW INDEXES columns: %s", got)
	}
	rows.Close()
	// A text index is a property index the planner seeks with.
	if _, err := db.Exec(context.Background(), "UNWIND range(1, 50) AS i CREATE (:Person {nickname: 'n' + i})", nil); err != nil {
		t.Fatal(err)
	}
	got := showRows(t, db, "MATCH (p:Person) WHERE p.nickname = 'n7' RETURN p.nickname AS n", "n")
	sameRows(t, "text index seek", got, []string{"'n7'"})
	plan := showRows(t, db, "EXPLAIN MATCH (p:Person) WHERE p.nickname = 'n7' RETURN p", "plan")
	if !strings.Contains(strings.Join(plan, "\n"), "nickname") || !strings.Contains(strings.ToLower(strings.Join(plan, "\n")), "index") {
		t.Logf("EXPLAIN: %s", plan)
	}
}

// TestSchemaConstraintExamples runs the constraint statements of the
// Neo4j 5 manual and checks SHOW CONSTRAINTS, its filters and the
// indexes constraints own.
func TestSchemaConstraintExamples(t *testing.T) {
	db, err := cyq.Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	runSchemaSteps(t, db, []schemaStep{
		{"CREATE CONSTRAINT book_isbn FOR (book:Book) REQUIRE book.isbn IS UNIQUE", ""},
		{"CREATE CONSTRAINT sequels FOR ()-[sequel:SEQUEL_OF]-() REQUIRE sequel.order IS UNIQUE", ""},
		{"CREATE CONSTRAINT book_title_year FOR (book:Book) REQUIRE (book.title, book.publicationYear) IS UNIQUE", ""},
		{"CREATE CONSTRAINT prequels FOR ()-[prequel:PREQUEL_OF]-() REQUIRE (prequel.order, prequel.author) IS UNIQUE", ""},
		{"CREATE CONSTRAINT $name FOR (book:Book) REQUIRE book.prop1 IS UNIQUE", ""},
		{"CREATE CONSTRAINT book_isbn2 IF NOT EXISTS FOR (book:Book) REQUIRE book.isbn2 IS UNIQUE", ""},
		{"CREATE CONSTRAINT book_isbn IF NOT EXISTS FOR (book:Book) REQUIRE book.isbn IS UNIQUE", ""},
		{"CREATE CONSTRAINT book_isbn FOR (book:Book) REQUIRE book.isbn IS UNIQUE", "SemanticError.EquivalentSchemaRuleAlreadyExists: Constraint already exists"},
		{"CREATE CONSTRAINT new_isbn FOR (book:Book) REQUIRE book.isbn IS UNIQUE", "SemanticError.EquivalentSchemaRuleAlreadyExists: An equivalent constraint already exists"},
		{"CREATE CONSTRAINT book_isbn FOR (book:Book) REQUIRE book.other IS UNIQUE", "SemanticError.ConstraintWithNameAlreadyExists: There already exists a constraint called 'book_isbn'."},
		{"CREATE CONSTRAINT isbn_key FOR (book:Book) REQUIRE book.isbn IS NODE KEY", "SemanticError.ConstraintAlreadyExists: Conflicting constraint"},
		{"CREATE CONSTRAINT author_name FOR (author:Author) REQUIRE author.name IS NOT NULL", ""},
		{"CREATE CONSTRAINT wrote_year FOR ()-[wrote:WROTE]-() REQUIRE wrote.year IS NOT NULL", ""},
		{"CREATE CONSTRAINT author_name_pair FOR (author:Author) REQUIRE (author.name, author.surname) IS NOT NULL", "SyntaxError.InvalidConstraint: does not allow multiple properties"},
		{"CREATE CONSTRAINT movie_title FOR (movie:Movie) REQUIRE movie.title IS :: STRING", ""},
		{"CREATE CONSTRAINT part_of FOR ()-[part:PART_OF]-() REQUIRE part.order IS :: INTEGER", ""},
		{"CREATE CONSTRAINT movie_tagline FOR (movie:Movie) REQUIRE movie.tagline IS :: STRING | LIST<STRING NOT NULL>", ""},
		{"CREATE CONSTRAINT movie_rating FOR (movie:Movie) REQUIRE movie.rating IS TYPED ANY<FLOAT | INTEGER>", ""},
		{"CREATE CONSTRAINT movie_title_int FOR (movie:Movie) REQUIRE movie.title IS :: INTEGER", "SemanticError.ConstraintAlreadyExists: Conflicting constraint"},
		{"CREATE CONSTRAINT bad_type FOR (movie:Movie) REQUIRE movie.x IS :: LIST<STRING>", "SyntaxError.InvalidPropertyType: LIST<STRING>"},
		{"CREATE CONSTRAINT bad_type FOR (movie:Movie) REQUIRE movie.x IS :: MAP", "SyntaxError.InvalidPropertyType: MAP"},
		{"CREATE CONSTRAINT actor_fullname FOR (actor:Actor) REQUIRE (actor.firstname, actor.surname) IS NODE KEY", ""},
		{"CREATE CONSTRAINT director_imdbId FOR (director:Director) REQUIRE (director.imdbId) IS KEY", ""},
		{"CREATE CONSTRAINT ownershipId FOR ()-[owned:OWNS]-() REQUIRE owned.ownershipId IS RELATIONSHIP KEY", ""},
		{"CREATE CONSTRAINT knows_since_how FOR ()-[knows:KNOWS]-() REQUIRE (knows.since, knows.how) IS REL KEY", ""},
		{"CREATE CONSTRAINT node_key_on_rel FOR ()-[r:LIKES]-() REQUIRE r.x IS NODE KEY", "SyntaxError.InvalidConstraint: does not allow relationship patterns"},
		{"CREATE CONSTRAINT opts FOR (n:Label1) REQUIRE (n.prop1, n.prop2) IS UNIQUE OPTIONS {indexProvider: 'range-1.0', indexConfig: {}}", ""},
		{"CREATE INDEX book_isbn_index FOR (b:Book) ON (b.isbn)", "SemanticError.IndexAlreadyExists: so an index is already created that matches this"},
		{"CREATE INDEX idx_pub FOR (b:Book) ON (b.publisher)", ""},
		{"CREATE CONSTRAINT pub FOR (b:Book) REQUIRE b.publisher IS UNIQUE", "SemanticError.IndexAlreadyExists: A constraint cannot be created until the index has been dropped."},
		{"CREATE CONSTRAINT idx_pub FOR (b:Book) REQUIRE b.pages IS NOT NULL", "SemanticError.IndexWithNameAlreadyExists: There already exists an index called 'idx_pub'."},
		{"CREATE CONSTRAINT idx_pub IF NOT EXISTS FOR (b:Book) REQUIRE b.pages IS NOT NULL", "SemanticError.IndexWithNameAlreadyExists: There already exists an index called 'idx_pub'."},
		{"CREATE INDEX book_isbn IF NOT EXISTS FOR (b:Book) ON (b.pages)", "SemanticError.ConstraintWithNameAlreadyExists: There already exists a constraint called 'book_isbn'."},
		{"CREATE INDEX idx_pub IF NOT EXISTS FOR (b:Book) ON (b.pages)", ""},
		{"DROP INDEX book_isbn", "SemanticError.DropIndexFailed: Index belongs to constraint: `book_isbn`"},
		{"DROP CONSTRAINT idx_pub", "SemanticError.ConstraintNotFound"},
		{"DROP CONSTRAINT missing_constraint_name IF EXISTS", ""},
		{"SHOW BOGUS CONSTRAINTS", "SyntaxError.UnexpectedSyntax: not a kind of constraint"},
	})
	cols := []string{"name", "type", "entityType", "labelsOrTypes", "properties", "ownedIndex", "propertyType"}
	all := []string{
		"'actor_fullname' | 'NODE_KEY' | 'NODE' | ['Actor'] | ['firstname', 'surname'] | 'actor_fullname' | null",
		"'author_name' | 'NODE_PROPERTY_EXISTENCE' | 'NODE' | ['Author'] | ['name'] | null | null",
		"'book_isbn' | 'UNIQUENESS' | 'NODE' | ['Book'] | ['isbn'] | 'book_isbn' | null",
		"'book_isbn2' | 'UNIQUENESS' | 'NODE' | ['Book'] | ['isbn2'] | 'book_isbn2' | null",
		"'book_title_year' | 'UNIQUENESS' | 'NODE' | ['Book'] | ['title', 'publicationYear'] | 'book_title_year' | null",
		"'director_imdbId' | 'NODE_KEY' | 'NODE' | ['Director'] | ['imdbId'] | 'director_imdbId' | null",
		"'knows_since_how' | 'RELATIONSHIP_KEY' | 'RELATIONSHIP' | ['KNOWS'] | ['since', 'how'] | 'knows_since_how' | null",
		"'movie_rating' | 'NODE_PROPERTY_TYPE' | 'NODE' | ['Movie'] | ['rating'] | null | 'INTEGER | FLOAT'",
		"'movie_tagline' | 'NODE_PROPERTY_TYPE' | 'NODE' | ['Movie'] | ['tagline'] | null | 'STRING | LIST<STRING NOT NULL>'",
		"'movie_title' | 'NODE_PROPERTY_TYPE' | 'NODE' | ['Movie'] | ['title'] | null | 'STRING'",
		"'node_uniqueness_param' | 'UNIQUENESS' | 'NODE' | ['Book'] | ['prop1'] | 'node_uniqueness_param' | null",
		"'opts' | 'UNIQUENESS' | 'NODE' | ['Label1'] | ['prop1', 'prop2'] | 'opts' | null",
		"'ownershipId' | 'RELATIONSHIP_KEY' | 'RELATIONSHIP' | ['OWNS'] | ['ownershipId'] | 'ownershipId' | null",
		"'part_of' | 'RELATIONSHIP_PROPERTY_TYPE' | 'RELATIONSHIP' | ['PART_OF'] | ['order'] | null | 'INTEGER'",
		"'prequels' | 'RELATIONSHIP_UNIQUENESS' | 'RELATIONSHIP' | ['PREQUEL_OF'] | ['order', 'author'] | 'prequels' | null",
		"'sequels' | 'RELATIONSHIP_UNIQUENESS' | 'RELATIONSHIP' | ['SEQUEL_OF'] | ['order'] | 'sequels' | null",
		"'wrote_year' | 'RELATIONSHIP_PROPERTY_EXISTENCE' | 'RELATIONSHIP' | ['WROTE'] | ['year'] | null | null",
	}
	sameRows(t, "SHOW CONSTRAINTS", showRows(t, db, "SHOW CONSTRAINTS", cols...), all)
	filter := func(keep func(string) bool) []string {
		var out []string
		for _, r := range all {
			if keep(r) {
				out = append(out, strings.SplitN(r, " | ", 2)[0])
			}
		}
		return out
	}
	typeIs := func(types ...string) func(string) bool {
		return func(r string) bool {
			for _, ty := range types {
				if strings.Contains(r, " | '"+ty+"' | ") {
					return true
				}
			}
			return false
		}
	}
	for q, keep := range map[string]func(string) bool{
		"SHOW ALL CONSTRAINTS":                       func(string) bool { return true },
		"SHOW UNIQUE CONSTRAINTS":                    typeIs("UNIQUENESS", "RELATIONSHIP_UNIQUENESS"),
		"SHOW NODE UNIQUE CONSTRAINTS":               typeIs("UNIQUENESS"),
		"SHOW RELATIONSHIP UNIQUENESS CONSTRAINTS":   typeIs("RELATIONSHIP_UNIQUENESS"),
		"SHOW KEY CONSTRAINTS":                       typeIs("NODE_KEY", "RELATIONSHIP_KEY"),
		"SHOW NODE KEY CONSTRAINTS":                  typeIs("NODE_KEY"),
		"SHOW REL KEY CONSTRAINTS":                   typeIs("RELATIONSHIP_KEY"),
		"SHOW EXISTENCE CONSTRAINTS":                 typeIs("NODE_PROPERTY_EXISTENCE", "RELATIONSHIP_PROPERTY_EXISTENCE"),
		"SHOW NODE PROPERTY EXISTENCE CONSTRAINTS":   typeIs("NODE_PROPERTY_EXISTENCE"),
		"SHOW RELATIONSHIP EXISTENCE CONSTRAINTS":    typeIs("RELATIONSHIP_PROPERTY_EXISTENCE"),
		"SHOW PROPERTY TYPE CONSTRAINTS":             typeIs("NODE_PROPERTY_TYPE", "RELATIONSHIP_PROPERTY_TYPE"),
		"SHOW NODE PROPERTY TYPE CONSTRAINTS":        typeIs("NODE_PROPERTY_TYPE"),
		"SHOW RELATIONSHIP PROPERTY TYPE CONSTRAINT": typeIs("RELATIONSHIP_PROPERTY_TYPE"),
	} {
		sameRows(t, q, showRows(t, db, q, "name"), filter(keep))
	}
	// Each uniqueness and key constraint owns an index of its name.
	sameRows(t, "owned indexes", showRows(t, db, "SHOW INDEXES WHERE owningConstraint IS NOT NULL", "name", "owningConstraint"), []string{
		"'actor_fullname' | 'actor_fullname'", "'book_isbn' | 'book_isbn'", "'book_isbn2' | 'book_isbn2'",
		"'book_title_year' | 'book_title_year'", "'director_imdbId' | 'director_imdbId'", "'knows_since_how' | 'knows_since_how'",
		"'node_uniqueness_param' | 'node_uniqueness_param'", "'opts' | 'opts'", "'ownershipId' | 'ownershipId'",
		"'prequels' | 'prequels'", "'sequels' | 'sequels'",
	})
	// createStatement recreates the constraint.
	create := showRows(t, db, "SHOW CONSTRAINTS YIELD name, createStatement WHERE name = 'movie_tagline'", "createStatement")
	runSchemaSteps(t, db, []schemaStep{{"DROP CONSTRAINT movie_tagline", ""}, {create[0][1 : len(create[0])-1], ""}})
	runSchemaSteps(t, db, []schemaStep{{"DROP CONSTRAINT book_isbn", ""}, {"CREATE INDEX book_isbn_index FOR (b:Book) ON (b.isbn)", ""}})
}

// violation is one kind of constraint and a property map that breaks it
// on an entity of its label or type.
type violation struct {
	kind       string // for messages
	constraint string // CREATE CONSTRAINT ... on :L or [:T], property p (and q)
	base       string // properties of the entity already there
	good, bad  string // a map that keeps / breaks the constraint for a new entity
	msg        string // part of the violation message
}

var violations = []violation{
	{"existence", "REQUIRE x.p IS NOT NULL", "{p: 1}", "{p: 2}", "{p: null}", "must have the property `p`"},
	{"unique", "REQUIRE x.p IS UNIQUE", "{p: 1}", "{p: 2}", "{p: 1.0}", "already exists with"},
	{"composite unique", "REQUIRE (x.p, x.q) IS UNIQUE", "{p: 1, q: 'a'}", "{p: 1, q: 'b'}", "{p: 1, q: 'a'}", "already exists with"},
	{"key (missing)", "REQUIRE (x.p, x.q) IS KEY", "{p: 1, q: 'a'}", "{p: 1, q: 'b'}", "{p: 2, q: null}", "must have the properties (`p`, `q`)"},
	{"key (duplicate)", "REQUIRE x.p IS KEY", "{p: 1}", "{p: 2}", "{p: 1}", "already exists with"},
	{"property type", "REQUIRE x.p IS :: INTEGER | STRING", "{p: 1}", "{p: 'two'}", "{p: 2.5}", "to be of type `STRING | INTEGER`, but was of type `FLOAT`"},
	{"list property type", "REQUIRE x.p IS :: LIST<INTEGER NOT NULL>", "{p: [1]}", "{p: [2, 3]}", "{p: ['a']}", "but was of type `LIST<STRING NOT NULL>`"},
}

// nodeWrites are the ways a write can give a node of label L the
// properties BAD (or GOOD); a :Staging node with those properties and an
// :L node with the base properties exist beforehand.
var nodeWrites = []string{
	"CREATE (:L BAD)",
	"CREATE (n:L) SET n = BAD",
	"CREATE (n:L {p: 99, q: 'z'}) SET n = BAD",
	"CREATE (n:L {p: 99, q: 'z'}) SET n += BAD",
	"MERGE (n:L {marker: 'm'}) ON CREATE SET n = BAD",
	"MATCH (s:Staging) MERGE (n:L {marker: 'm'}) ON CREATE SET n = properties(s)",
	"MATCH (n:Staging) SET n:L",
	"MATCH (n:Staging) SET n:Other:L",
	"MATCH (n:Staging) CREATE (m:L) SET m = properties(n)",
	"UNWIND [BAD] AS m CREATE (n:L) SET n = m",
	"FOREACH (m IN [BAD] | CREATE (n:L) SET n = m)",
	"CALL { CREATE (n:L) SET n = BAD }",
	"TX CREATE (n:L)|MATCH (n:L) WHERE n.p IS NULL SET n = BAD",
}

// relWrites are the ways a write can give a relationship of type T the
// properties BAD; an (:Anchor) node exists.
var relWrites = []string{
	"CREATE ()-[:T BAD]->()",
	"MATCH (a:Anchor) CREATE (a)-[r:T]->(a) SET r = BAD",
	"MATCH (a:Anchor) CREATE (a)-[r:T {p: 99, q: 'z'}]->(a) SET r += BAD",
	"MATCH (a:Anchor) MERGE (a)-[r:T {marker: 'm'}]->(a) ON CREATE SET r = BAD",
	"UNWIND [BAD] AS m CREATE ()-[r:T]->() SET r = m",
	"FOREACH (m IN [BAD] | CREATE ()-[r:T]->() SET r = m)",
	"TX MATCH (a:Anchor) CREATE (a)-[:T {p: 99, q: 'z'}]->(a)|MATCH ()-[r:T {p: 99}]->() SET r = BAD",
}

// graphState is every node and relationship with its labels or type and
// properties, to show that a failed write left nothing behind.
func graphState(t *testing.T, db *cyq.DB) string {
	t.Helper()
	a := showRows(t, db, "MATCH (n) RETURN labels(n) AS l, properties(n) AS p", "l", "p")
	b := showRows(t, db, "MATCH ()-[r]->() RETURN type(r) AS t, properties(r) AS p", "t", "p")
	return strings.Join(a, "\n") + "\n--\n" + strings.Join(b, "\n")
}

// runWrite runs a write; "TX a|b" runs a and b in one explicit
// transaction and commits it.
func runWrite(db *cyq.DB, q string) error {
	ctx := context.Background()
	if rest, ok := strings.CutPrefix(q, "TX "); ok {
		tx, err := db.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		for _, s := range strings.Split(rest, "|") {
			rows, err := tx.Query(ctx, s, nil)
			if err == nil {
				_, err = rows.All()
			}
			if err != nil {
				return err
			}
		}
		return tx.Commit()
	}
	_, err := db.Exec(ctx, q, nil)
	return err
}

// TestConstraintWritePaths checks every kind of constraint on every write
// path, on nodes and relationships: a write that breaks it fails with
// ConstraintValidationFailed naming the violation and leaves the graph
// as it was; the same write with valid properties succeeds.
func TestConstraintWritePaths(t *testing.T) {
	for _, v := range violations {
		for _, rel := range []bool{false, true} {
			writes, pattern, setup := nodeWrites, "(x:L)", "CREATE (:L BASE), (:Staging BAD), (:Staging2 GOOD)"
			if rel {
				writes, pattern, setup = relWrites, "()-[x:T]-()", "CREATE (a:Anchor)-[:T BASE]->(a)"
			}
			for _, w := range writes {
				name := fmt.Sprintf("%s/rel=%v/%s", v.kind, rel, w)
				t.Run(name, func(t *testing.T) {
					db, err := cyq.Open("", nil)
					if err != nil {
						t.Fatal(err)
					}
					defer db.Close()
					if err := runWrite(db, strings.NewReplacer("BASE", v.base, "BAD", v.bad, "GOOD", v.good).Replace(setup)); err != nil {
						t.Fatal(err)
					}
					if err := runWrite(db, "CREATE CONSTRAINT c FOR "+pattern+" "+v.constraint); err != nil {
						t.Fatal(err)
					}
					before := graphState(t, db)
					err = runWrite(db, strings.ReplaceAll(w, "BAD", v.bad))
					e := cyqerr.As(err)
					if e == nil || e.Type != cyqerr.ConstraintValidationFailed || !strings.Contains(e.Message, v.msg) {
						t.Fatalf("got %v, want ConstraintValidationFailed: ...%s", err, v.msg)
					}
					if after := graphState(t, db); after != before {
						t.Fatalf("the failed write changed the graph:\nbefore:\n%s\nafter:\n%s", before, after)
					}
					// The same write with valid properties goes through
					// (the staging node then has them).
					if err := runWrite(db, "MATCH (s:Staging) DELETE s"); err != nil {
						t.Fatal(err)
					}
					if err := runWrite(db, "MATCH (s:Staging2) SET s:Staging"); err != nil {
						t.Fatal(err)
					}
					if err := runWrite(db, strings.ReplaceAll(w, "BAD", v.good)); err != nil {
						t.Fatalf("valid write: %v", err)
					}
				})
			}
		}
	}
}

// TestSchemaReopen checks that indexes and constraints persist, and are
// enforced, after the store is closed and opened again.
func TestSchemaReopen(t *testing.T) {
	dir := t.TempDir()
	db, err := cyq.Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	runSchemaSteps(t, db, []schemaStep{
		{"CREATE CONSTRAINT book_isbn FOR (b:Book) REQUIRE b.isbn IS UNIQUE", ""},
		{"CREATE CONSTRAINT knows FOR ()-[k:KNOWS]-() REQUIRE (k.since, k.how) IS REL KEY", ""},
		{"CREATE CONSTRAINT title FOR (m:Movie) REQUIRE m.title IS :: STRING", ""},
		{"CREATE TEXT INDEX nick FOR (p:Person) ON (p.nick)", ""},
		{"CREATE LOOKUP INDEX labels FOR (n) ON EACH labels(n)", ""},
		{"CREATE (:Book {isbn: 'x'})", ""},
	})
	wantC := showRows(t, db, "SHOW CONSTRAINTS YIELD *", "name", "type", "properties", "propertyType", "createStatement")
	wantI := showRows(t, db, "SHOW INDEXES YIELD *", "name", "type", "properties", "owningConstraint", "createStatement")
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db, err = cyq.Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sameRows(t, "constraints after reopen", showRows(t, db, "SHOW CONSTRAINTS YIELD *", "name", "type", "properties", "propertyType", "createStatement"), wantC)
	sameRows(t, "indexes after reopen", showRows(t, db, "SHOW INDEXES YIELD *", "name", "type", "properties", "owningConstraint", "createStatement"), wantI)
	runSchemaSteps(t, db, []schemaStep{
		{"CREATE (:Book {isbn: 'x'})", "ConstraintValidationFailed: Node(0) already exists with label `Book` and property `isbn` = 'x'"},
		{"CREATE ()-[:KNOWS {since: 1}]->()", "ConstraintValidationFailed: must have the properties (`since`, `how`)"},
		{"CREATE (:Movie {title: 1})", "ConstraintValidationFailed: required the property `title` to be of type `STRING`"},
		{"DROP CONSTRAINT title", ""},
		{"CREATE (:Movie {title: 1})", ""},
	})
}

// TestRelationshipFulltext checks full-text indexes on relationships:
// built from the data there, kept current by writes and deletes, queried
// with db.index.fulltext.queryRelationships, and rebuilt on reopen.
func TestRelationshipFulltext(t *testing.T) {
	dir := t.TempDir()
	db, err := cyq.Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	q := "CALL db.index.fulltext.queryRelationships('communications', 'meeting') YIELD relationship RETURN type(relationship) AS t, relationship.message AS m"
	runSchemaSteps(t, db, []schemaStep{
		{"CREATE (a:P)-[:REVIEWED {message: 'notes of the meeting'}]->(b:P), (a)-[:EMAILED {message: 'meeting at noon'}]->(b), (a)-[:KNOWS {message: 'meeting'}]->(b)", ""},
		{"CREATE FULLTEXT INDEX communications FOR ()-[r:REVIEWED|EMAILED]-() ON EACH [r.message]", ""},
		{"CALL db.index.fulltext.queryNodes('communications', 'meeting')", "ProcedureError.ProcedureCallFailed: is on relationships"},
		{"CREATE VECTOR INDEX rel_vectors FOR ()-[r:R]-() ON (r.e) OPTIONS {indexConfig: {`vector.dimensions`: 2}}", "SemanticError.InvalidIndex: not supported"},
	})
	sameRows(t, "built", showRows(t, db, q, "t", "m"), []string{"'EMAILED' | 'meeting at noon'", "'REVIEWED' | 'notes of the meeting'"})
	runSchemaSteps(t, db, []schemaStep{
		{"MATCH ()-[r:EMAILED]->() SET r.message = 'lunch'", ""},
		{"MATCH (a:P)-[:KNOWS]->(b) CREATE (a)-[:EMAILED {message: 'another meeting'}]->(b)", ""},
		{"MATCH ()-[r:REVIEWED]->() DELETE r", ""},
	})
	want := []string{"'EMAILED' | 'another meeting'"}
	sameRows(t, "after writes", showRows(t, db, q, "t", "m"), want)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db, err = cyq.Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sameRows(t, "after reopen", showRows(t, db, q, "t", "m"), want)
	sameRows(t, "listed", showRows(t, db, "SHOW FULLTEXT INDEXES", "name", "entityType", "labelsOrTypes"),
		[]string{"'communications' | 'RELATIONSHIP' | ['REVIEWED', 'EMAILED']"})
}
