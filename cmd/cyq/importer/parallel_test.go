package importer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// randomCSV writes a node file and a relationship file full of what a
// CSV reader must get right: quoted fields with delimiters, escaped
// quotes and line breaks (LF and CRLF), empty lines, and bad rows (bare
// quotes, text after a closing quote, wrong field counts, values of the
// wrong type, duplicate and unknown ids, surplus fields to repair).
func randomCSV(r *rand.Rand, dir string, t *testing.T) (nodes, rels string) {
	var b strings.Builder
	eol := func() string {
		if r.IntN(4) == 0 {
			return "\r\n"
		}
		return "\n"
	}
	if r.IntN(3) == 0 {
		b.WriteString("\n") // empty lines before the header
	}
	b.WriteString("id:ID(P),name,age:int,:LABEL" + eol())
	n := 1 + r.IntN(300)
	for i := range n {
		if r.IntN(15) == 0 {
			b.WriteString(eol()) // empty line
		}
		id := fmt.Sprint("p", i)
		if r.IntN(40) == 0 {
			id = fmt.Sprint("p", r.IntN(i+1)) // maybe a duplicate
		}
		var name string
		switch r.IntN(12) {
		case 0:
			name = `"a, b"`
		case 1:
			name = "\"two\nlines\""
		case 2:
			name = "\"crlf\r\nin quotes\""
		case 3:
			name = `"say ""hi"""`
		case 4:
			name = `bare"quote`
		case 5:
			name = `"closed"x`
		case 6:
			name = "x, y" // a surplus field, repaired
		case 7:
			name = "\"\n\n\""
		default:
			name = fmt.Sprint("n", r.IntN(100))
		}
		age := fmt.Sprint(r.IntN(90))
		switch r.IntN(15) {
		case 0:
			age = "old"
		case 1:
			age = ""
		}
		label := "P"
		switch r.IntN(4) {
		case 0:
			label = `"P"`
		case 1:
			label = "\"P\n\"" // a line break after a bad field of the row too
		}
		fields := []string{id, name, age, label}
		if r.IntN(30) == 0 {
			fields = fields[:2]
		}
		b.WriteString(strings.Join(fields, ",") + eol())
	}
	if r.IntN(2) == 0 {
		b.WriteString("p-last,\"unterminated") // no closing quote at the end
	}
	nodes = writeFile(t, dir, "nodes.csv", b.String())
	b.Reset()
	b.WriteString(":START_ID(P),:END_ID(P),w:int\n")
	for range r.IntN(600) {
		w := fmt.Sprint(r.IntN(10))
		if r.IntN(20) == 0 {
			w = "\"1\n2\""
		}
		fmt.Fprintf(&b, "p%d,p%d,%s%s", r.IntN(n+5), r.IntN(n+5), w, eol())
	}
	rels = writeFile(t, dir, "rels.csv", b.String())
	return nodes, rels
}

// importResult is everything a load shows: its counters, its report (every
// skipped and repaired row with its position) and the graph it made.
func importResult(t *testing.T, nodes, rels string, tolerance int) string {
	t.Helper()
	db := openDB(t)
	g, err := db.Store().Graph(db.GraphName())
	if err != nil {
		t.Fatal(err)
	}
	var report, badRows bytes.Buffer
	im := &Importer{Options: Options{BadTolerance: tolerance, Report: &report, BadRows: &badRows},
		Nodes: []FileSpec{{Path: nodes}}, Rels: []FileSpec{{Path: rels, Type: "R"}}}
	st, err := im.Run(context.Background(), g)
	st.Elapsed = 0
	out := fmt.Sprintf("stats %+v\nerror %v\nreport:\n%s\nbad rows:\n%s\n", st, err, report.String(), badRows.String())
	if err == nil {
		out += query(t, db, "MATCH (n) RETURN n.id, n.name, n.age, labels(n) ORDER BY n.id") +
			query(t, db, "MATCH (a)-[r]->(b) RETURN a.id, b.id, r.w ORDER BY a.id, b.id, r.w")
	}
	return out
}

// withParse sets the chunk size and the number of parse workers for f.
func withParse(size, workers int, f func()) {
	oldSize, oldWorkers := chunkSize, parseWorkers
	defer func() { chunkSize, parseWorkers = oldSize, oldWorkers }()
	chunkSize, parseWorkers = size, workers
	f()
}

// TestParallelParseRandom: random files with quoting and bad rows load
// the same, with the same report (lines and columns) and the same error
// when the bad rows are over the tolerance, whether read by one reader or
// in chunks of any size by several workers.
func TestParallelParseRandom(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		r := rand.New(rand.NewPCG(seed, 9))
		dir := t.TempDir()
		nodes, rels := randomCSV(r, dir, t)
		tolerance := -1
		if seed%4 == 0 {
			tolerance = r.IntN(5)
		}
		var want string
		withParse(1<<20, -1, func() { want = importResult(t, nodes, rels, tolerance) })
		for _, size := range []int{1, 7, 64, 1 + r.IntN(4096)} {
			workers := 1 + r.IntN(4)
			var got string
			withParse(size, workers, func() { got = importResult(t, nodes, rels, tolerance) })
			if got != want {
				t.Fatalf("seed %d, chunks of %d bytes, %d workers:\n%s\nsequential:\n%s", seed, size, workers, got, want)
			}
		}
	}
}

// TestParallelParseLines: positions in errors and the report are the
// file's, past multi-line quoted fields and chunk boundaries.
func TestParallelParseLines(t *testing.T) {
	dir := t.TempDir()
	nodes := writeFile(t, dir, "n.csv", "\n"+ // line 1: empty
		"id:ID(P),name,age:int\n"+ // line 2
		"p1,\"one\ntwo\nthree\",1\n"+ // lines 3-5
		"p2,x,notanint\n"+ // line 6: bad age, column 6
		"p3,\"a\"b,2\n"+ // line 7: text after a closing quote
		"p4,\"ok\",3\n"+ // line 8
		"p5,y\n") // line 9: two fields
	rels := writeFile(t, dir, "r.csv", ":START_ID(P),:END_ID(P)\np1,p4\np1,nobody\n")
	for _, size := range []int{1, 5, 1 << 20} {
		withParse(size, 3, func() {
			got := importResult(t, nodes, rels, -1)
			for _, want := range []string{
				"n.csv:6:6: skipped: column \"age:int\": \"notanint\" is not an integer",
				"n.csv:7:6: skipped: extraneous or missing \" in quoted-field",
				"n.csv:9: skipped: 2 fields, but the header has 3",
				"r.csv:3:4: skipped: column \":END_ID(P)\": no node has id \"nobody\" in group P",
				"['p1', 'one\\ntwo\\nthree', 1, ['n']]",
				"['p1', 'p4', null]",
			} {
				if !strings.Contains(got, want) {
					t.Fatalf("chunks of %d: %q missing from\n%s", size, want, got)
				}
			}
		})
	}
}

// TestParallelParseTolerance: a load over its tolerance fails at the same
// row, with nothing added, as the sequential read.
func TestParallelParseTolerance(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("id:ID,v:int\n")
	for i := range 5000 {
		v := fmt.Sprint(i)
		if i%1000 == 999 {
			v = "bad"
		}
		fmt.Fprintf(&b, "n%d,%s\n", i, v)
	}
	nodes := writeFile(t, dir, "n.csv", b.String())
	withParse(256, 4, func() {
		db := openDB(t)
		g, _ := db.Store().Graph(db.GraphName())
		_, err := (&Importer{Options: Options{BadTolerance: 2}, Nodes: []FileSpec{{Path: nodes}}}).Run(context.Background(), g)
		var be *BadRowsError
		if !errors.As(err, &be) || be.Err.Line != 3001 || be.Count != 3 {
			t.Fatalf("got %v", err)
		}
		if n := count(t, db, "MATCH (n) RETURN count(n)"); n != 0 {
			t.Fatalf("a failed load added %d nodes", n)
		}
	})
}
