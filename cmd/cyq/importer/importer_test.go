package importer

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/value"
)

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func query(t *testing.T, db *cyq.DB, q string) string {
	t.Helper()
	rows, err := db.Query(context.Background(), q, nil)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	all, err := rows.All()
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	var b strings.Builder
	for _, r := range all {
		b.WriteString(value.Format(value.List(r)))
		b.WriteByte('\n')
	}
	return b.String()
}

func TestAdminImportCSV(t *testing.T) {
	dir := t.TempDir()
	people := writeFile(t, dir, "people.csv", `personId:ID(Person),name,age:int,score:float,active:boolean,tags:string[],:LABEL
p1,Ada,36,9.5,true,math;poetry,Person;Pioneer
p2,"Grace ""Amazing"" Hopper",85,8.25,false,,Person
p3,"Multi
line",,,,,Person
`)
	movies := writeFile(t, dir, "movies.csv", "movieId:ID(Movie),title,year:long\nm1,The Matrix,1999\np1,\"Same id, other group\",2000\n")
	piped := writeFile(t, dir, "piped.csv", "id:ID|title|year:long\nx1|A, B|1999\n")
	roles := writeFile(t, dir, "roles.csv", `:START_ID(Person),:END_ID(Movie),role,:TYPE
p1,m1,Neo,ACTED_IN
p2,p1,,
`)
	db := openDB(t)
	bulk(t, db, &Importer{Nodes: []FileSpec{{Path: people}, {Path: movies, Labels: []string{"Movie"}}}, Rels: []FileSpec{{Path: roles, Type: "RELATED"}}})
	// Another delimiter: a second load into the same graph.
	bulk(t, db, &Importer{Options: Options{Delimiter: '|', Mode: ModeAppend}, Nodes: []FileSpec{{Path: piped, Labels: []string{"Piped"}}}})
	if got := query(t, db, "MATCH (p:Piped) RETURN p.title, p.year"); got != "['A, B', 1999]\n" {
		t.Errorf("piped: %q", got)
	}
	got := query(t, db, "MATCH (p:Person) RETURN p.personId, p.name, p.age, p.score, p.active, p.tags, labels(p) ORDER BY p.personId")
	want := `['p1', 'Ada', 36, 9.5, true, ['math', 'poetry'], ['Person', 'Pioneer']]
['p2', 'Grace "Amazing" Hopper', 85, 8.25, false, null, ['Person']]
['p3', 'Multi\nline', null, null, null, null, ['Person']]
`
	if got != want {
		t.Errorf("people:\n%s\nwant:\n%s", got, want)
	}
	if n := count(t, db, "MATCH (:Movie) RETURN count(*)"); n != 2 {
		t.Errorf("movies = %d", n)
	}
	got = query(t, db, "MATCH (a)-[r]->(b) RETURN a.name, type(r), r.role, coalesce(b.title, b.name) ORDER BY a.name")
	want = "['Ada', 'ACTED_IN', 'Neo', 'The Matrix']\n['Grace \"Amazing\" Hopper', 'RELATED', null, 'Same id, other group']\n"
	if got != want {
		t.Errorf("relationships:\n%s\nwant:\n%s", got, want)
	}
}

func TestCSVRelationshipsResolveGroups(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.csv", "id:ID(A),name\n1,a1\n2,a2\n")
	b := writeFile(t, dir, "b.csv", "id:ID(B),name\n1,b1\n")
	r := writeFile(t, dir, "r.csv", ":START_ID(A),:END_ID(B),since:int,:TYPE\n1,1,2001,LIKES\n2,1,2002,\n")
	db := openDB(t)
	bulk(t, db, &Importer{Nodes: []FileSpec{{Path: a, Labels: []string{"A"}}, {Path: b, Labels: []string{"B"}}}, Rels: []FileSpec{{Path: r, Type: "KNOWS"}}})
	got := query(t, db, "MATCH (x:A)-[r]->(y:B) RETURN x.name, type(r), r.since, y.name ORDER BY x.name")
	want := "['a1', 'LIKES', 2001, 'b1']\n['a2', 'KNOWS', 2002, 'b1']\n"
	if got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
}

// Malformed input is reported with file, line and column, and nothing is
// added to the graph.
func TestMalformedInputNothingImported(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.csv", "id:ID,name\ng1,ok\n")
	cases := []struct {
		name, text, want string
		rel              bool
	}{
		{"badint.csv", "id:ID,age:int\n1,12\n2,twelve\n", "badint.csv:3:3: column \"age:int\": \"twelve\" is not an integer", false},
		{"quote.csv", "id:ID,name\n1,\"unterminated\n2,x\n", "quote.csv:3:5: extraneous or missing \" in quoted-field (in the record starting at line 2)", false},
		{"bare.csv", "id:ID,name\n1,a\"b\n", "bare.csv:2:4: bare \" in non-quoted-field", false},
		{"fields.csv", "id:ID,name\n1,a,extra\n", "fields.csv:2: 3 fields, but the header has 2", false},
		{"dup.csv", "id:ID,name\n1,a\n1,b\n", "dup.csv:3:1: column \"id:ID\": duplicate id \"1\"", false},
		{"type.csv", "id:ID,age:integer\n", "type.csv:1:2: unknown column type", false},
		{"rel.csv", ":START_ID,:END_ID,:TYPE\ng1,404,X\n", "rel.csv:2:4: column \":END_ID\": no node has id \"404\"", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := writeFile(t, dir, c.name, c.text)
			db := openDB(t)
			g, _ := db.Store().Graph("default")
			im := &Importer{Nodes: []FileSpec{{Path: good, Labels: []string{"Good"}}}}
			if c.rel {
				im.Rels = []FileSpec{{Path: p}}
			} else {
				im.Nodes = append(im.Nodes, FileSpec{Path: p, Labels: []string{"Bad"}})
			}
			_, err := im.Run(context.Background(), g)
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("got %v, want an InputError", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q, want it to contain %q", err, c.want)
			}
			expectCounts(t, db, 0, 0)
		})
	}
}

func TestEdgeListGzipAndComments(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte("# comment\n% other comment\n1\t2\n2 3\n\n3,1\n10 10\n"))
	zw.Close()
	p := writeFile(t, dir, "g.txt.gz", buf.String())
	db := openDB(t)
	bulk(t, db, &Importer{Edges: []EdgeSpec{{Path: p}}})
	expectCounts(t, db, 4, 4)
	if got := query(t, db, "MATCH (a:Node)-[:EDGE]->(b:Node) WHERE a.id = 3 RETURN b.id"); got != "[1]\n" {
		t.Errorf("got %q", got)
	}
	bad := writeFile(t, dir, "bad.txt", "1 2\n3 x\n")
	g, _ := db.Store().Graph("default")
	_, err := (&Importer{Options: Options{Mode: ModeAppend}, Edges: []EdgeSpec{{Path: bad}}}).Run(context.Background(), g)
	if err == nil || !strings.Contains(err.Error(), "bad.txt:2:3: \"x\" is not an integer node id") {
		t.Errorf("got %v", err)
	}
	expectCounts(t, db, 4, 4)
}

func TestParseArgs(t *testing.T) {
	a, err := parseArgs([]string{"--db", "/x", "--nodes=Person:Actor", "p1.csv,p2.csv", "--relationships=KNOWS", "k.csv",
		"--delimiter=|", "--array-delimiter", ",", "--edges", "e.txt", "--label", "L", "--type", "T", "--undirected", "-f", "s.cypher", "--continue-on-error"})
	if err != nil {
		t.Fatal(err)
	}
	if a.db != "/x" || len(a.imp.Nodes) != 2 || a.imp.Nodes[1].Labels[1] != "Actor" || a.imp.Rels[0].Type != "KNOWS" ||
		a.imp.Delimiter != '|' || a.imp.ArrayDelimiter != "," || !a.imp.Edges[0].Undirected || a.imp.Edges[0].Label != "L" ||
		a.scripts[0] != "s.cypher" || !a.contOnErr {
		t.Errorf("%+v", a)
	}
	a, err = parseArgs([]string{"--nodes=Person=p.csv", "--nodes=x/q.csv", "--nodes:Movie", "m.csv", "--relationships=ACTED_IN=r.csv,s.csv", "--relationships", "t.csv"})
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(a.imp.Nodes, a.imp.Rels)
	if want := "[{p.csv [Person] } {x/q.csv [] } {m.csv [Movie] }] [{r.csv [] ACTED_IN} {s.csv [] ACTED_IN} {t.csv [] }]"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if _, err := parseArgs([]string{"--bogus"}); err == nil {
		t.Error("unknown option accepted")
	}
	if _, err := parseArgs([]string{"--nodes"}); err == nil {
		t.Error("missing file accepted")
	}
}

func TestCypherScriptErrors(t *testing.T) {
	db := openDB(t)
	src := "CREATE (:A {n: 1});\nCREATE POINT INDEX FOR (n:A) ON (n.location);\nCREATE (:A {n: 2});\n"
	_, err := RunCypher(context.Background(), db, src, "s.cypher", false, nil)
	if err == nil || !strings.Contains(err.Error(), "statement 2 of 3") {
		t.Fatalf("got %v", err)
	}
	t.Logf("%v", err)
	if n := count(t, db, "MATCH (a:A) RETURN count(a)"); n != 0 {
		t.Errorf("after stop: %d nodes, want none (the script is atomic)", n)
	}
	// A data statement failing at run time leaves none of the script's data.
	_, err = RunCypher(context.Background(), db, "CREATE (:C {n: 1});\nCREATE (:C {n: 1 / 0});\n", "c.cypher", false, nil)
	if err == nil || !strings.Contains(err.Error(), "c.cypher:2:") {
		t.Fatalf("got %v", err)
	}
	if n := count(t, db, "MATCH (c:C) RETURN count(c)"); n != 0 {
		t.Errorf("a failed script left %d nodes", n)
	}
	var report bytes.Buffer
	res, err := RunCypher(context.Background(), db, src, "s.cypher", true, &report)
	if err != nil || res.Failed != 1 || res.Run != 2 {
		t.Fatalf("%+v %v", res, err)
	}
	if !strings.Contains(report.String(), "s.cypher:2:") {
		t.Errorf("report %q lacks the position", report.String())
	}
	// A syntax error anywhere stops the script before it starts.
	_, err = RunCypher(context.Background(), db, "CREATE (:B);\nCREATE (:B;\n", "t.cypher", true, nil)
	if err == nil || !strings.Contains(err.Error(), "t.cypher:2:") {
		t.Errorf("got %v", err)
	}
	if n := count(t, db, "MATCH (b:B) RETURN count(b)"); n != 0 {
		t.Errorf("B nodes created: %d", n)
	}
}

func TestUnquotedInput(t *testing.T) {
	p := writeFile(t, t.TempDir(), "q.csv", "id:ID\tname\n1\tsays \"hi\n")
	db := openDB(t)
	bulk(t, db, &Importer{Options: Options{Delimiter: '\t', Quote: -1}, Nodes: []FileSpec{{Path: p, Labels: []string{"Q"}}}})
	if got := query(t, db, "MATCH (q:Q) RETURN q.name"); got != "['says \"hi']\n" {
		t.Errorf("got %q", got)
	}
	if _, err := parseArgs([]string{"--quote", "'"}); err == nil {
		t.Error("--quote ' accepted")
	}
}

func TestPlainHeadersIDColumn(t *testing.T) {
	dir := t.TempDir()
	n := writeFile(t, dir, "things.csv", "name,code,weight\nAnvil,a1,50\nFeather,f1,NULL\n")
	r := writeFile(t, dir, "pairs.csv", "code,code,note\na1,f1,heavier\n")
	db := openDB(t)
	bulk(t, db, &Importer{Options: Options{IDColumn: "code", Null: "NULL", InferTypes: true},
		Nodes: []FileSpec{{Path: n}}, Rels: []FileSpec{{Path: r, Type: "HEAVIER_THAN"}}})
	got := query(t, db, "MATCH (a:things)-[r:HEAVIER_THAN]->(b) RETURN a.name, a.weight, r.note, b.name, b.weight")
	if want := "['Anvil', 50, 'heavier', 'Feather', null]\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
