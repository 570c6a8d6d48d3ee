package main

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/mattn/go-runewidth"
)

// narrow resizes tm's terminal to cols columns.
func (tm *term) narrow(cols uint16) {
	tm.t.Helper()
	if err := pty.Setsize(tm.f, &pty.Winsize{Rows: 40, Cols: cols}); err != nil {
		tm.t.Fatal(err)
	}
}

// since returns what tm printed between mark m and the current mark.
func (tm *term) since(m int) string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.out.String()[m:tm.mark]
}

// checkWidth fails if a line of a table or vertical block in out is wider
// than cols display columns.
func checkWidth(t *testing.T, out string, cols int) {
	t.Helper()
	n := 0
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimRight(l, "\r")
		if !strings.ContainsAny(l, "│┌└├─") {
			continue
		}
		n++
		if w := runewidth.StringWidth(l); w > cols {
			t.Errorf("line %d columns wide, over %d:\n%s", w, cols, l)
		}
	}
	if n == 0 {
		t.Errorf("no table lines in:\n%s", out)
	}
}

func TestShellAtEightyColumns(t *testing.T) {
	db := t.TempDir()
	tm := startTerm(t, command(t, "--db", db))
	tm.narrow(80)
	tm.expect(prompt, 10*time.Second)

	// A write prints what it changed.
	tm.send("CREATE (:Person {name: 'Ada Lovelace', born: 1815, field: 'mathematics and the analytical engine', country: 'United Kingdom of Great Britain'}),\r")
	tm.send("(:Person {title: 'Dr', name: 'Alan Turing', born: 1912, field: 'computability, cryptanalysis and morphogenesis', country: 'United Kingdom'});\r")
	tm.expect("Added 2 nodes, Set 9 properties, Added 2 labels", 5*time.Second)
	tm.expect(prompt, 5*time.Second)
	tm.send("MATCH (p:Person {name: 'Ada Lovelace'}) SET p.born = 1815, p.gone = null;\r")
	tm.expect("Set 1 property", 5*time.Second) // same value: still counted, as Neo4j does
	tm.expect(prompt, 5*time.Second)

	// A 5-column result with nodes fits in 80 columns: wide cells are cut
	// with an ellipsis, and a node shows its name first.
	m := tm.mark
	tm.send("MATCH (p:Person) RETURN p AS person, p.born AS born, p.field AS field, p.country AS country, size(p.field) AS n ORDER BY born;\r")
	tm.expect("2 rows", 5*time.Second)
	out := tm.since(m)
	checkWidth(t, out, 80)
	for _, want := range []string{"│ person ", "(:Person {name: 'Ad…", "(:Person {name: 'Al…", "…", "1815 │"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	tm.expect(prompt, 5*time.Second)

	// Vertical mode, chosen...
	tm.send(":format vertical\r")
	tm.expect(prompt, 5*time.Second)
	m = tm.mark
	tm.send("MATCH (p:Person) RETURN p.name AS name, p.field AS field ORDER BY p.born;\r")
	tm.expect("2 rows", 5*time.Second)
	out = tm.since(m)
	checkWidth(t, out, 80)
	for _, want := range []string{"── row 1 ──", "name  │ Ada Lovelace", "field │ mathematics and the analytical engine", "── row 2 ──", "name  │ Alan Turing"} {
		if !strings.Contains(out, want) {
			t.Errorf("vertical output lacks %q:\n%s", want, out)
		}
	}
	tm.expect(prompt, 5*time.Second)
	// ...and automatic when a table cannot fit.
	tm.send(":format table\r")
	tm.expect(prompt, 5*time.Second)
	m = tm.mark
	var cols []string
	for i := 1; i <= 8; i++ {
		cols = append(cols, fmt.Sprintf("'%s' AS column%d", strings.Repeat("x", 20), i))
	}
	tm.send("RETURN " + strings.Join(cols, ", ") + ";\r")
	tm.expect("1 row", 5*time.Second)
	out = tm.since(m)
	checkWidth(t, out, 80)
	if !strings.Contains(out, "── row 1 ──") || !strings.Contains(out, "column8 │ xxxxxxxxxxxxxxxxxxxx") {
		t.Errorf("an 8-column table at 80 columns did not print vertically:\n%s", out)
	}
	tm.expect(prompt, 5*time.Second)

	// :max-rows.
	tm.send(":max-rows 1\r")
	tm.expect(prompt, 5*time.Second)
	tm.send("MATCH (p:Person) RETURN p.name;\r")
	tm.expect("2 rows, the first 1 shown", 5*time.Second)
	tm.expect(prompt, 5*time.Second)

	// An explicit transaction across statements, shown by the prompt.
	tm.send(":begin\r")
	tm.expect("cyq:default tx> ", 5*time.Second)
	tm.send("CREATE (:Draft {name: 'x'});\r")
	tm.expect("Added 1 node, Set 1 property, Added 1 label", 5*time.Second)
	tm.expect("cyq:default tx> ", 5*time.Second)
	tm.send("MATCH (d:Draft) DETACH DELETE d;\r")
	tm.expect("Deleted 1 node", 5*time.Second)
	tm.send(":commit\r")
	tm.expect("committed: Added 1 node, Deleted 1 node, Set 1 property, Added 1 label", 5*time.Second)
	tm.expect(prompt, 5*time.Second)
	tm.send(":begin\r")
	tm.expect("cyq:default tx> ", 5*time.Second)
	tm.send("CREATE (:Draft);\r")
	tm.expect("Added 1 node", 5*time.Second)
	tm.send(":rollback\r")
	tm.expect("rolled back", 5*time.Second)
	tm.expect(prompt, 5*time.Second)
	tm.send("MATCH (d:Draft) RETURN count(d) AS drafts;\r")
	tm.expect("│      0 │", 5*time.Second)
	tm.expect(prompt, 5*time.Second)

	// :history lists what was entered.
	tm.send(":history 3\r")
	tm.expect(":rollback", 5*time.Second)
	tm.expect("MATCH (d:Draft) RETURN count(d) AS drafts;", 5*time.Second)
	tm.expect(prompt, 5*time.Second)

	// Another process is refused the store, told which process holds it
	// and what to do.
	_, errOut, code := runCyq(t, "", "query", "--db", db, "--read-only", "-c", "RETURN 1")
	if pid := fmt.Sprintf("pid %d", tm.cmd.Process.Pid); code == 0 || !strings.Contains(errOut, pid) || !strings.Contains(errOut, "not even with --read-only") {
		t.Errorf("open beside a writer: exit %d, want %q and a hint:\n%s", code, pid, errOut)
	}
	tm.send(":quit\r")
	if err := tm.wait(10 * time.Second); err != nil {
		t.Fatal(err)
	}

	// A read-only shell marks its prompt; a writer is told to add --read-only.
	tm = startTerm(t, command(t, "--db", db, "--read-only"))
	tm.expect("cyq:default ro> ", 10*time.Second)
	_, errOut, code = runCyq(t, "", "query", "--db", db, "-c", "CREATE (:X)")
	if pid := fmt.Sprintf("pid %d, read-only", tm.cmd.Process.Pid); code == 0 || !strings.Contains(errOut, pid) || !strings.Contains(errOut, "add --read-only") {
		t.Errorf("writer beside a reader: exit %d, want %q and a hint:\n%s", code, pid, errOut)
	}
	if out, errOut, code := runCyq(t, "", "query", "--db", db, "--read-only", "--format", "csv", "-c", "MATCH (p:Person) RETURN count(p) AS n"); code != 0 || out != "n\n2\n" {
		t.Errorf("reader beside a reader: %d %q %s", code, out, errOut)
	}
	tm.send(":quit\r")
	if err := tm.wait(10 * time.Second); err != nil {
		t.Fatal(err)
	}
}

// `cyq query` prints what writes changed on stderr, keeping stdout for
// results.
func TestQueryStats(t *testing.T) {
	db := t.TempDir()
	out, errOut, code := runCyq(t, "", "query", "--db", db, "--format", "jsonl", "-c", "CREATE (a:T {n: 1}) RETURN a.n AS n; MATCH (t:T) SET t.n = 2; MATCH (t:T) RETURN t.n AS n")
	if code != 0 || out != "{\"n\":1}\n{\"n\":2}\n" {
		t.Errorf("stdout: %d %q %s", code, out, errOut)
	}
	if errOut != "Added 1 node, Set 1 property, Added 1 label\nSet 1 property\n" {
		t.Errorf("stderr: %q", errOut)
	}
	out, errOut, _ = runCyq(t, "", "query", "--db", db, "-c", "MATCH (t:T) DETACH DELETE t")
	if out != "" || errOut != "Deleted 1 node\n" {
		t.Errorf("table: stdout %q, stderr %q", out, errOut)
	}
}

func TestVersion(t *testing.T) {
	out, _, code := runCyq(t, "", "--version")
	if code != 0 || !strings.HasPrefix(out, "cyq ") || !strings.Contains(out, runtime.Version()) {
		t.Errorf("%d %q", code, out)
	}
}
