package importer

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/internal/testenv"
)

// cli runs `cyq import` with args and returns its output and status.
func cli(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var o, e bytes.Buffer
	code = Main(args, &o, &e)
	return o.String(), e.String(), code
}

// inStore opens the store in dir on graph (which must exist) for fn.
func inStore(t *testing.T, dir, graph string, fn func(db *cyq.DB)) {
	t.Helper()
	db, err := cyq.Open(dir, &cyq.Options{Graph: graph, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	fn(db)
}

func TestSecondImportModes(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "db")
	people := writeFile(t, dir, "people.csv", "id:ID(Person),name,age:int\np1,Ada,36\np2,Grace,85\np3,Alan,41\n")
	knows := writeFile(t, dir, "knows.csv", ":START_ID(Person),:END_ID(Person),since:int\np1,p2,1950\np2,p3,1960\n")
	load := func(mode string, files ...string) (string, string, int) {
		args := []string{"--db", store, "--type", "KNOWS"}
		if mode != "" {
			args = append(args, "--mode", mode)
		}
		args = append(args, "--nodes=Person", files[0])
		if len(files) > 1 {
			args = append(args, "--relationships=KNOWS", files[1])
		}
		return cli(t, args...)
	}
	if out, errOut, code := load("", people, knows); code != 0 {
		t.Fatalf("first import: %d %s %s", code, out, errOut)
	}
	counts := func(nodes, rels int64) {
		t.Helper()
		inStore(t, store, "default", func(db *cyq.DB) { expectCounts(t, db, nodes, rels) })
	}
	counts(3, 2)

	// A second import is refused by default, naming the graph, what it
	// holds and the flag to use; nothing is added.
	_, errOut, code := load("", people, knows)
	if code != 1 || !strings.Contains(errOut, `graph "default" already holds 3 nodes and 2 relationships`) || !strings.Contains(errOut, "--mode merge") {
		t.Errorf("second import: status %d, stderr %s", code, errOut)
	}
	counts(3, 2)

	// Merge: p1 changes, p4 is new; (p1)-[:KNOWS]->(p2) exists (its since
	// changes), (p3)-[:KNOWS]->(p4) is new and given twice.
	people2 := writeFile(t, dir, "people2.csv", "id:ID(Person),name,age:int\np1,Ada,37\np4,Edsger,72\n")
	knows2 := writeFile(t, dir, "knows2.csv", ":START_ID(Person),:END_ID(Person),since:int\np1,p2,1951\np3,p4,1970\np3,p4,1971\n")
	out, errOut, code := load("merge", people2, knows2)
	if code != 0 {
		t.Fatalf("merge: %d %s", code, errOut)
	}
	if !strings.Contains(out, "1 nodes, 1 relationships") || !strings.Contains(out, "1 nodes and 1 relationships matched existing ones") ||
		!strings.Contains(out, "1 relationship rows repeated") {
		t.Errorf("merge summary: %s", out)
	}
	counts(4, 3)
	inStore(t, store, "default", func(db *cyq.DB) {
		got := query(t, db, "MATCH (a:Person)-[k:KNOWS]->(b) RETURN a.id, a.name, a.age, k.since, b.id ORDER BY a.id, b.id")
		want := "['p1', 'Ada', 37, 1951, 'p2']\n['p2', 'Grace', 85, 1960, 'p3']\n['p3', 'Alan', 41, 1970, 'p4']\n"
		if got != want {
			t.Errorf("after merge:\n%swant\n%s", got, want)
		}
	})
	// Merging the same files again changes no counts.
	if _, errOut, code := load("merge", people2, knows2); code != 0 {
		t.Fatalf("second merge: %d %s", code, errOut)
	}
	counts(4, 3)

	// Append duplicates, as asked.
	if _, errOut, code := load("append", people, knows); code != 0 {
		t.Fatalf("append: %d %s", code, errOut)
	}
	counts(7, 5)
	inStore(t, store, "default", func(db *cyq.DB) {
		if n := count(t, db, "MATCH (p:Person {id: 'p1'}) RETURN count(p)"); n != 2 {
			t.Errorf("after append: %d nodes with id p1, want 2", n)
		}
	})
	// Merge cannot choose between duplicates: it says so and changes nothing.
	_, errOut, code = load("merge", people2)
	if code != 1 || !strings.Contains(errOut, "more than one :Person node with id 'p1'") {
		t.Errorf("merge over duplicates: %d %s", code, errOut)
	}
	counts(7, 5)
}

func TestMergeEdgeListsAndTriples(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t)
	e1 := writeFile(t, dir, "e1.txt", "1 2\n2 3\n")
	e2 := writeFile(t, dir, "e2.txt", "2 3\n3 4\n3 4\n")
	bulk(t, db, &Importer{Edges: []EdgeSpec{{Path: e1}}})
	st := bulk(t, db, &Importer{Options: Options{Mode: ModeMerge}, Edges: []EdgeSpec{{Path: e2}}})
	if st.Nodes != 1 || st.Rels != 1 || st.MergedNodes != 2 || st.MergedRels != 1 || st.RepeatedRels != 1 {
		t.Errorf("merge stats %+v", st)
	}
	expectCounts(t, db, 4, 3)

	tdb := openDB(t)
	t1 := writeFile(t, dir, "t1.tsv", "a\tr\tb\n")
	t2 := writeFile(t, dir, "t2.tsv", "a\tr\tb\nb\tr\tc\n")
	text := writeFile(t, dir, "text.txt", "a\tan a, first\n")
	bulk(t, tdb, &Importer{Triples: []TripleSpec{{Paths: []string{t1}}}})
	bulk(t, tdb, &Importer{Options: Options{Mode: ModeMerge}, Triples: []TripleSpec{{Paths: []string{t2}, EntityText: text}}})
	expectCounts(t, tdb, 3, 2)
	if got := query(t, tdb, "MATCH (e:Entity {id: 'a'}) RETURN e.name"); got != "['an a']\n" {
		t.Errorf("entity text not merged: %q", got)
	}
}

// A run that meets bad rows fails by default; --bad-tolerance accepts a
// number of them; --skip-bad-rows imports the rest but exits 3 beyond the
// tolerance; --report-file lists every skipped row.
func TestBadRowsToleranceAndReport(t *testing.T) {
	dir := t.TempDir()
	nodes := writeFile(t, dir, "n.csv", "id:ID,age:int,name\n1,10,a\n2,x,b\n3,30\n4,40,d\n4,41,e\n5,50,f\n")
	wantBad := []string{"n.csv:3:3: skipped: column \"age:int\": \"x\" is not an integer",
		"n.csv:4: skipped: 2 fields, but the header has 3",
		"n.csv:6:1: skipped: column \"id:ID\": duplicate id \"4\""}
	run := func(name string, extra ...string) (string, string, string, int) {
		store := filepath.Join(dir, name)
		report := filepath.Join(dir, name+".report")
		args := append([]string{"--db", store, "--report-file", report, "--nodes=N", nodes}, extra...)
		out, errOut, code := cli(t, args...)
		b, _ := os.ReadFile(report)
		return store, out + errOut, string(b), code
	}

	store, msg, _, code := run("strict")
	if code != 1 || !strings.Contains(msg, "n.csv:3:3") || !strings.Contains(msg, "nothing was imported") {
		t.Errorf("strict: %d %s", code, msg)
	}
	if _, err := os.Stat(store); !os.IsNotExist(err) {
		t.Errorf("a failed import left %s behind (%v)", store, err)
	}

	_, msg, _, code = run("two", "--bad-tolerance", "2")
	if code != 1 || !strings.Contains(msg, "bad row 3, over --bad-tolerance 2") {
		t.Errorf("tolerance 2: %d %s", code, msg)
	}

	store, msg, report, code := run("three", "--bad-tolerance", "3")
	if code != 0 || !strings.Contains(msg, "3 malformed rows were skipped") {
		t.Errorf("tolerance 3: %d %s", code, msg)
	}
	if got := strings.Split(strings.TrimSpace(report), "\n"); len(got) != len(wantBad) {
		t.Errorf("report:\n%s\nwant the %d skipped rows", report, len(wantBad))
	} else {
		for i, w := range wantBad {
			if got[i] != filepath.Join(dir, w) {
				t.Errorf("report line %d: %q, want %q", i+1, got[i], filepath.Join(dir, w))
			}
		}
	}
	inStore(t, store, "default", func(db *cyq.DB) { expectCounts(t, db, 3, 0) })

	store, msg, report, code = run("skip", "--skip-bad-rows")
	if code != ExitSkipped || !strings.Contains(msg, "3 malformed rows were skipped, more than --bad-tolerance 0") {
		t.Errorf("skip: %d %s", code, msg)
	}
	if strings.Count(report, "skipped: ") != 3 {
		t.Errorf("skip report:\n%s", report)
	}
	inStore(t, store, "default", func(db *cyq.DB) { expectCounts(t, db, 3, 0) })
}

// A failed import removes the store or graph it created, and nothing else.
func TestFailedImportLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.csv", "id:ID,name\n1,a\n")
	bad := writeFile(t, dir, "bad.csv", "id:ID,n:int\n1,x\n")
	// A new store, two directories deep.
	parent := filepath.Join(dir, "new")
	if _, errOut, code := cli(t, "--db", filepath.Join(parent, "db"), "--nodes=B", bad); code != 1 || !strings.Contains(errOut, "removed the store") {
		t.Errorf("status %d: %s", code, errOut)
	}
	if _, err := os.Stat(parent); !os.IsNotExist(err) {
		t.Errorf("%s left behind (%v)", parent, err)
	}
	// An empty directory made beforehand stays, empty.
	empty := filepath.Join(dir, "empty")
	os.Mkdir(empty, 0o755)
	if _, _, code := cli(t, "--db", empty, "--nodes=B", bad); code != 1 {
		t.Errorf("status %d", code)
	}
	if ents, err := os.ReadDir(empty); err != nil || len(ents) != 0 {
		t.Errorf("empty directory: %v %v", ents, err)
	}
	// A new graph in an existing store is dropped; the store and its
	// other graph stay.
	store := filepath.Join(dir, "store")
	if _, errOut, code := cli(t, "--db", store, "--nodes=G", good); code != 0 {
		t.Fatal(errOut)
	}
	if _, errOut, code := cli(t, "--db", store, "--graph", "other", "--nodes=B", bad); code != 1 || !strings.Contains(errOut, `removed the graph "other"`) {
		t.Errorf("status %d: %s", code, errOut)
	}
	inStore(t, store, "default", func(db *cyq.DB) {
		if g := db.Store().Graphs(); len(g) != 1 || g[0] != "default" {
			t.Errorf("graphs after a failed import: %v", g)
		}
		expectCounts(t, db, 1, 0)
	})
}

// TestNorthwindREADME runs the Northwind command of the README's import
// section and checks the rows per table that the data set's description
// gives.
func TestNorthwindREADME(t *testing.T) {
	data := testenv.Dataset(t, "northwind")
	readme := readFile(t, filepath.Join(testenv.ModuleRoot(), "README.md"))
	i := strings.Index(readme, "cyq import --db northwind.db")
	if i < 0 {
		t.Fatal("README has no Northwind command")
	}
	var words []string
	for _, line := range strings.Split(readme[i:], "\n") {
		words = append(words, strings.Fields(strings.TrimSuffix(line, "\\"))...)
		if !strings.HasSuffix(line, "\\") {
			break
		}
	}
	store := filepath.Join(t.TempDir(), "northwind.db")
	args := words[2:]
	for j, w := range args {
		switch {
		case w == "northwind.db":
			args[j] = store
		case w == "northwind.report":
			args[j] = filepath.Join(t.TempDir(), w)
		case strings.HasSuffix(w, ".csv"):
			args[j] = filepath.Join(data, w)
		}
	}
	out, errOut, code := cli(t, args...)
	if code != 0 || !strings.Contains(out, "1104 nodes, 2204 relationships") {
		t.Fatalf("status %d\n%s%s", code, out, errOut)
	}
	// "Rows: categories 8, customers 91, ..." in the data set's description.
	desc := readFile(t, filepath.Join(filepath.Dir(data), "README.md"))
	desc = desc[strings.Index(desc, "## northwind/"):]
	desc = desc[strings.Index(desc, "Rows:"):strings.Index(desc, "Graph form")]
	rows := map[string]int64{}
	for _, m := range regexp.MustCompile(`([a-z][a-z-]+) ([0-9][0-9,]*)`).FindAllStringSubmatch(desc, -1) {
		n, _ := strconv.ParseInt(strings.ReplaceAll(m[2], ",", ""), 10, 64)
		rows[m[1]] = n
	}
	if len(rows) != 11 {
		t.Fatalf("read %d tables from the description: %v", len(rows), rows)
	}
	inStore(t, store, "default", func(db *cyq.DB) {
		for j := 0; j+1 < len(words); j++ {
			spec, file := words[j], strings.TrimSuffix(filepath.Base(words[j+1]), ".csv")
			var q string
			if label, ok := strings.CutPrefix(spec, "--nodes="); ok {
				q = "MATCH (n:" + label + ") RETURN count(n)"
			} else if typ, ok := strings.CutPrefix(spec, "--relationships="); ok {
				q = "MATCH ()-[r:" + typ + "]->() RETURN count(r)"
			} else {
				continue
			}
			if n := count(t, db, q); n != rows[file] {
				t.Errorf("%s: %d, the description says %d", q, n, rows[file])
			}
		}
	})
}

func TestInferTypesPerColumn(t *testing.T) {
	for _, c := range []struct {
		values []string
		want   string
	}{
		{[]string{"1", "2", "-3"}, "int"},
		{[]string{"1", "2.5", "0"}, "float"},
		{[]string{"1e3", "4"}, "float"},
		{[]string{"1", "x"}, "string"},
		{[]string{"1.5", "01581"}, "string"},
		{[]string{"007"}, "string"},
		{nil, "string"},
	} {
		k := 0
		for _, v := range c.values {
			k |= textKind(v)
		}
		if got := columnType(k); got != c.want {
			t.Errorf("%q: %s, want %s", c.values, got, c.want)
		}
	}
	p := writeFile(t, t.TempDir(), "m.csv", "id,price\n1,3\n2,2.5\n3,\n")
	db := openDB(t)
	bulk(t, db, &Importer{Options: Options{InferTypes: true}, Nodes: []FileSpec{{Path: p, Labels: []string{"M"}}}})
	if got := query(t, db, "MATCH (m:M) RETURN m.id, m.price ORDER BY m.id"); got != "[1, 3.0]\n[2, 2.5]\n[3, null]\n" {
		t.Errorf("got %q", got)
	}
}

func TestJoinSurplus(t *testing.T) {
	for _, c := range []struct {
		in   []string
		n    int    // fields of the header
		want string // "" when the record is left as it is
	}{
		{[]string{"1", "Rua do Paço", " 67", "Rio"}, 3, "1|Rua do Paço, 67|Rio"},
		{[]string{"7", "Pavlova", " Ltd.", "Ian", " x"}, 4, ""}, // two fields start with a space for one too many
		{[]string{"1", "a", "b", "c"}, 3, ""},                   // none starts with a space
		{[]string{"a", "b", " c", " d"}, 2, "a|b, c, d"},
	} {
		got, ok := joinSurplus(c.in, c.n, ",")
		if c.want == "" {
			if ok {
				t.Errorf("%q joined to %q", c.in, got)
			}
			continue
		}
		if !ok || strings.Join(got, "|") != c.want {
			t.Errorf("%q: %q %v, want %s", c.in, got, ok, c.want)
		}
	}
}

// Edge lists and triples count malformed lines against the tolerance too,
// and merge refuses node files whose ids are not stored.
func TestEdgeListToleranceAndMergeNeedsIDs(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "e.txt", "1 2\n3 x\n4 5\n")
	var report strings.Builder
	db := openDB(t)
	st := bulk(t, db, &Importer{Options: Options{BadTolerance: 1, Report: &report}, Edges: []EdgeSpec{{Path: p}}})
	if st.Skipped != 1 || report.String() != p+":2:3: skipped: \"x\" is not an integer node id\n" {
		t.Errorf("skipped %d, report %q", st.Skipped, report.String())
	}
	expectCounts(t, db, 4, 2)

	n := writeFile(t, dir, "n.csv", ":ID,name\n1,a\n")
	g, _ := db.Store().Graph("default")
	_, err := (&Importer{Options: Options{Mode: ModeMerge}, Nodes: []FileSpec{{Path: n, Labels: []string{"N"}}}}).Run(context.Background(), g)
	if err == nil || !strings.Contains(err.Error(), "n.csv:1:1: --mode merge matches nodes by their id property") {
		t.Errorf("got %v", err)
	}
	expectCounts(t, db, 4, 2)
}
