package shell

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/value"
)

func TestSplit(t *testing.T) {
	src := "RETURN 'a;b' AS x; // c;d\nMATCH (n) /* ; */ RETURN n;\n\n  ;RETURN \"q\\\";\" AS `we;ird`;\nRETURN 1"
	stmts, rest := Split(src)
	var got []string
	for _, s := range stmts {
		got = append(got, s.Text)
		if src[s.Offset:s.Offset+len(s.Text)] != s.Text {
			t.Errorf("offset of %q wrong", s.Text)
		}
	}
	want := []string{"RETURN 'a;b' AS x", "// c;d\nMATCH (n) /* ; */ RETURN n", "RETURN \"q\\\";\" AS `we;ird`"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if stmts[1].Line != 1 || stmts[2].Line != 4 {
		t.Errorf("lines %d %d", stmts[1].Line, stmts[2].Line)
	}
	if rest != "\nRETURN 1" {
		t.Errorf("rest %q", rest)
	}
	if _, rest := Split("RETURN 'open;"); rest != "RETURN 'open;" {
		t.Errorf("unterminated string split: %q", rest)
	}
}

func TestTruncate(t *testing.T) {
	for in, want := range map[string]string{
		"short":                "short",
		"a\nb":                 "a↵b",
		strings.Repeat("x", 9): "xxxxxxx…",
		"日本語の文字列です":            "日本語…",
	} {
		if got := Truncate(in, 8); got != want {
			t.Errorf("Truncate(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTable(t *testing.T) {
	var b bytes.Buffer
	r := &Result{Columns: []string{"name", "n"}, Rows: [][]value.Value{
		{value.String("Ada"), value.Int(7)},
		{value.String(strings.Repeat("long ", 20)), value.NullValue},
	}}
	if err := Write(&b, FormatTable, r); err != nil {
		t.Fatal(err)
	}
	want := `┌──────────────────────────────────────────────────────────────┬──────┐
│ name                                                         │ n    │
├──────────────────────────────────────────────────────────────┼──────┤
│ Ada                                                          │    7 │
│ long long long long long long long long long long long long… │ null │
└──────────────────────────────────────────────────────────────┴──────┘
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func openSession(t *testing.T) (*Session, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	var out, errOut bytes.Buffer
	s, err := Open(Options{Dir: t.TempDir(), Out: &out, Err: &errOut})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, &out, &errOut
}

func TestParams(t *testing.T) {
	s, _, _ := openSession(t)
	ctx := context.Background()
	p, err := s.ParseParams(ctx, `{"n": 3, "f": 1.5, "l": [1, "x"], "m": {"k": true}}`)
	if err != nil {
		t.Fatal(err)
	}
	if got := value.Format(value.Map(p)); got != "{f: 1.5, l: [1, 'x'], m: {k: true}, n: 3}" {
		t.Errorf("JSON params: %s", got)
	}
	p, err = s.ParseParams(ctx, `{name: 'Ada', ids: range(1, 3), d: date('2024-01-02')}`)
	if err != nil {
		t.Fatal(err)
	}
	if got := value.Format(value.Map(p)); !strings.Contains(got, "ids: [1, 2, 3]") || !strings.Contains(got, "name: 'Ada'") {
		t.Errorf("Cypher params: %s", got)
	}
	s.Params = p
	if err := s.Command(ctx, ":param limit => 2 + 3"); err != nil {
		t.Fatal(err)
	}
	if got := value.Format(s.Params["limit"]); got != "5" || s.Params["name"] == nil {
		t.Errorf(":param: %v", s.Params)
	}
	if _, err := s.ParseParams(ctx, `[1, 2]`); err == nil {
		t.Error("a list accepted as parameters")
	}
}

func TestCommands(t *testing.T) {
	s, out, _ := openSession(t)
	ctx := context.Background()
	for _, c := range []string{"CREATE (:Lang {name: 'Go'})-[:INFLUENCED_BY]->(:Lang {name: 'C'}), (:Person {name: 'Rob'});"} {
		if err := s.RunLines(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	out.Reset()
	if err := s.RunLines(ctx, "PROFILE MATCH (l:Lang) RETURN l.name;"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"│ l.name │", "2 rows", "NodeScan (l:Lang) label scan mode=batch (rows 2", "result rows 2"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("PROFILE output lacks %q:\n%s", want, out)
		}
	}
	out.Reset()
	if err := s.Command(ctx, ":schema"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"3 nodes, 1 relationships", ":Lang", "│     2 │", ":INFLUENCED_BY", "│ name         │     3 │             0 │"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf(":schema lacks %q:\n%s", want, out)
		}
	}
	for _, c := range []string{":format xml", ":timing maybe", ":nope", ":use"} {
		if err := s.Command(ctx, c); err == nil {
			t.Errorf("%s accepted", c)
		}
	}
	if err := s.Command(ctx, ":quit"); !IsQuit(err) {
		t.Errorf(":quit: %v", err)
	}
	// :source runs statements and commands from a file, with positions.
	f := filepath.Join(t.TempDir(), "s.cyq")
	os.WriteFile(f, []byte(":format csv\nMATCH (l:Lang)\nRETURN l.name AS n ORDER BY n;\n\nRETURN 1 AS\none; RETURN\n  oops(1);\n"), 0o644)
	out.Reset()
	err := s.Command(ctx, ":source "+f)
	if out.String() != "n\nC\nGo\none\n1\n" {
		t.Errorf(":source output %q", out)
	}
	if err == nil || !strings.Contains(Describe(err), "s.cyq:7:3: SyntaxError.UnknownFunction") {
		t.Errorf(":source error: %v", Describe(err))
	}
}

func TestCompletion(t *testing.T) {
	s, _, _ := openSession(t)
	if err := s.RunLines(context.Background(), "CREATE (:Person {name: 'x', `odd key`: 1})-[:KNOWS {since: 2001}]->(:Place {kind: 'town'});"); err != nil {
		t.Fatal(err)
	}
	s.Params = map[string]value.Value{"limit": value.Int(1)}
	c := newCompleter(s)
	for _, tc := range []struct {
		line       string
		head, tail string
		want       []string
	}{
		{"MATCH (n:P", "MATCH (n:", "", []string{"Person", "Place"}},
		{"MATCH (n)-[:K", "MATCH (n)-[:", "", []string{"KNOWS"}},
		{"RETURN n.na", "RETURN n.", "", []string{"name"}},
		{"RETURN n.od", "RETURN n.", "", []string{"`odd key`"}},
		{"mat", "", "", []string{"match"}},
		{"Mat", "", "", []string{"Match"}},
		{"MAT", "", "", []string{"MATCH"}},
		{"MATCH (p:Place) RETURN p.", "MATCH (p:Place) RETURN p.", "", []string{"kind"}},
		{"MATCH (p:Person)-[r:KNOWS]->() RETURN r.", "MATCH (p:Person)-[r:KNOWS]->() RETURN r.", "", []string{"since"}},
		{"MATCH (p:Person) RETURN p.", "MATCH (p:Person) RETURN p.", "", []string{"name", "`odd key`"}},
		{"MATCH (p) RETURN p.", "MATCH (p) RETURN p.", "", []string{"kind", "name", "`odd key`", "since"}},
		{"RETURN toLow", "RETURN ", "", []string{"toLower("}},
		{"RETURN $li", "RETURN $", "", []string{"limit"}},
		{":sch", "", "", []string{":schema"}},
	} {
		head, got, tail := c.complete(tc.line, len([]rune(tc.line)))
		if head != tc.head || tail != tc.tail || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("complete(%q) = %q %q %q, want %q %q", tc.line, head, got, tail, tc.head, tc.want)
		}
	}
}

func TestMaxTableRows(t *testing.T) {
	s, out, _ := openSession(t)
	s.MaxTableRows = 3
	if err := s.Exec(context.Background(), "UNWIND range(1, 10) AS x RETURN x"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "10 rows, the first 3 shown") || strings.Contains(out.String(), "│ 4 │") {
		t.Errorf("%s", out)
	}
}

func TestFitWidths(t *testing.T) {
	for _, tc := range []struct {
		natural []int
		avail   int
		want    []int
		ok      bool
	}{
		{[]int{4, 10}, 20, []int{4, 10}, true},                 // fits as it is
		{[]int{4, 60, 30}, 50, []int{4, 23, 23}, true},         // the narrow keeps its width
		{[]int{60, 4, 60, 12}, 60, []int{22, 4, 22, 12}, true}, // equal shares of the rest
		{[]int{60, 61, 62}, 50, []int{16, 17, 17}, true},       // leftovers go to cut columns
		{[]int{30, 30, 30, 30}, 31, nil, false},                // under minColumn each: vertical
	} {
		got, ok := fitWidths(tc.natural, tc.avail)
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("fitWidths(%v, %d) = %v %v, want %v %v", tc.natural, tc.avail, got, ok, tc.want, tc.ok)
		}
	}
}

func TestVertical(t *testing.T) {
	var b bytes.Buffer
	r := &Result{Columns: []string{"name", "about"}, Rows: [][]value.Value{
		{value.String("Ada"), value.String(strings.Repeat("word ", 12) + "\nend")},
	}}
	if err := WriteWidth(&b, FormatVertical, r, 30); err != nil {
		t.Fatal(err)
	}
	want := `── row 1 ─────────────────────
name  │ Ada
about │ word word word word
      │ word word word word
      │ word word word word
      │ end
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	if got := wrap(strings.Repeat("x", 50), 10, 3); !reflect.DeepEqual(got, []string{"xxxxxxxxxx", "xxxxxxxxxx", "xxxxxxxxx…"}) {
		t.Errorf("wrap cut: %q", got)
	}
}

// A failing statement inside :begin ... rolls the transaction back and
// says so; :use waits for the transaction to end.
func TestTransactionCommands(t *testing.T) {
	s, out, _ := openSession(t)
	ctx := context.Background()
	if err := s.RunLines(ctx, ":begin\nCREATE (:A {x: 1});\n"); err != nil {
		t.Fatal(err)
	}
	if !s.InTx() || !strings.Contains(out.String(), "Added 1 node, Set 1 property, Added 1 label") {
		t.Fatalf("in tx %v:\n%s", s.InTx(), out)
	}
	if err := s.Command(ctx, ":use other"); err == nil || !strings.Contains(err.Error(), ":commit or :rollback") {
		t.Errorf(":use in a transaction: %v", err)
	}
	err := s.Exec(ctx, "RETURN 1/0")
	if err == nil || s.InTx() || !strings.Contains(Describe(err), "the transaction was rolled back") {
		t.Errorf("failing statement: %v, in tx %v", Describe(err), s.InTx())
	}
	out.Reset()
	if err := s.RunLines(ctx, "MATCH (a:A) RETURN count(a) AS n;\n:commit\n"); err == nil || !strings.Contains(out.String(), "│ 0 │") {
		t.Errorf(":commit with no transaction: %v\n%s", err, out)
	}
}

// The shell prints a query's notifications under its table.
func TestNotificationsUnderTable(t *testing.T) {
	s, out, _ := openSession(t)
	ctx := context.Background()
	if err := s.Exec(ctx, "CREATE (:Person {name: 'Ada'})"); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := s.Exec(ctx, "MATCH (n:Persn) RETURN n.name"); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	i, j := strings.Index(got, "0 rows"), strings.Index(got, "warning: 1:10: Warning.UnknownLabel")
	if i < 0 || j < i || !strings.Contains(got, "did you mean `Person`?") {
		t.Errorf("output:\n%s", got)
	}
}
