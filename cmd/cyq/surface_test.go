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

// do sends line (a statement or command, Enter added) and waits for each
// of wants in turn, then for the prompt p.
func (tm *term) do(line, p string, wants ...string) {
	tm.t.Helper()
	tm.send(line + "\r")
	for _, w := range wants {
		tm.expect(w, 5*time.Second)
	}
	tm.expect(p, 5*time.Second)
}

// result sends statement, waits for its row count and then the prompt,
// and fails if a table line of what it printed is wider than cols or if
// it lacks one of wants.
func (tm *term) result(statement, count string, cols int, wants ...string) {
	tm.t.Helper()
	m := tm.mark
	tm.send(statement + "\r")
	tm.expect(count, 5*time.Second)
	tm.mu.Lock()
	out := tm.out.String()[m:tm.mark]
	tm.mu.Unlock()
	checkWidth(tm.t, out, cols)
	for _, w := range wants {
		if !strings.Contains(out, w) {
			tm.t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	tm.expect(prompt, 5*time.Second)
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
	// The same value: still counted, as Neo4j does.
	tm.do("MATCH (p:Person {name: 'Ada Lovelace'}) SET p.born = 1815, p.gone = null;", prompt, "Set 1 property")

	// A 5-column result with nodes fits in 80 columns: wide cells are cut
	// with an ellipsis, and a node shows its name first.
	tm.result("MATCH (p:Person) RETURN p AS person, p.born AS born, p.field AS field, p.country AS country, size(p.field) AS n ORDER BY born;",
		"2 rows", 80, "│ person ", "(:Person {name: 'Ad…", "(:Person {name: 'Al…", "1815 │")

	// Vertical mode, chosen...
	tm.do(":format vertical", prompt)
	tm.result("MATCH (p:Person) RETURN p.name AS name, p.field AS field ORDER BY p.born;", "2 rows", 80,
		"── row 1 ──", "name  │ Ada Lovelace", "field │ mathematics and the analytical engine", "── row 2 ──", "name  │ Alan Turing")
	// ...and automatic when a table cannot fit.
	tm.do(":format table", prompt)
	var cols []string
	for i := 1; i <= 8; i++ {
		cols = append(cols, fmt.Sprintf("'%s' AS column%d", strings.Repeat("x", 20), i))
	}
	tm.result("RETURN "+strings.Join(cols, ", ")+";", "1 row", 80, "── row 1 ──", "column8 │ xxxxxxxxxxxxxxxxxxxx")

	// :max-rows.
	tm.do(":max-rows 1", prompt)
	tm.do("MATCH (p:Person) RETURN p.name;", prompt, "2 rows, the first 1 shown")

	// An explicit transaction across statements, shown by the prompt.
	const txPrompt = "cyq:default tx> "
	tm.do(":begin", txPrompt)
	tm.do("CREATE (:Draft {name: 'x'});", txPrompt, "Added 1 node, Set 1 property, Added 1 label")
	tm.do("MATCH (d:Draft) DETACH DELETE d;", txPrompt, "Deleted 1 node")
	tm.do(":commit", prompt, "committed: Added 1 node, Deleted 1 node, Set 1 property, Added 1 label")
	tm.do(":begin", txPrompt)
	tm.do("CREATE (:Draft);", txPrompt, "Added 1 node")
	tm.do(":rollback", prompt, "rolled back")
	tm.do("MATCH (d:Draft) RETURN count(d) AS drafts;", prompt, "│      0 │")

	// :history lists what was entered.
	tm.do(":history 3", prompt, ":rollback", "MATCH (d:Draft) RETURN count(d) AS drafts;")

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
	errOut = strings.TrimPrefix(errOut, "created a new store in "+db+"\n") // the notice of a new store
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
