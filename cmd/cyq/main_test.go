package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/cyqdb/cyq/internal/testenv"
)

// TestMain lets the test binary act as the cyq command (for the
// pseudo-terminal tests, which need a real process with a controlling
// terminal).
func TestMain(m *testing.M) {
	if os.Getenv("CYQ_TEST_MAIN") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// command returns the test binary set up to run cyq with args.
func command(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "CYQ_TEST_MAIN=1", "TERM=xterm", "HOME="+home,
		"XDG_DATA_HOME="+filepath.Join(home, "data"), "XDG_STATE_HOME="+filepath.Join(home, "state"), "CYQ_DB=", "CYQ_HISTORY=")
	return cmd
}

// term is a process on a pseudo-terminal with everything it printed.
type term struct {
	t    *testing.T
	cmd  *exec.Cmd
	f    *os.File
	mu   sync.Mutex
	out  bytes.Buffer
	mark int // expect looks at output after mark
	done chan struct{}
}

func startTerm(t *testing.T, cmd *exec.Cmd) *term {
	t.Helper()
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 200})
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	tm := &term{t: t, cmd: cmd, f: f, done: make(chan struct{})}
	go func() {
		defer close(tm.done)
		buf := make([]byte, 4096)
		for {
			n, err := f.Read(buf)
			tm.mu.Lock()
			tm.out.Write(buf[:n])
			tm.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = f.Close()
		if testing.Verbose() {
			tm.mu.Lock()
			t.Logf("transcript:\n%q", tm.out.String())
			tm.mu.Unlock()
		}
	})
	return tm
}

func (tm *term) send(s string) {
	tm.t.Helper()
	if _, err := tm.f.WriteString(s); err != nil {
		tm.t.Fatal(err)
	}
}

// expect waits for s to appear after the mark, then moves the mark past it.
func (tm *term) expect(s string, timeout time.Duration) {
	tm.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		tm.mu.Lock()
		all := tm.out.String()
		i := strings.Index(all[tm.mark:], s)
		if i >= 0 {
			tm.mark += i + len(s)
		}
		tm.mu.Unlock()
		if i >= 0 {
			return
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("did not see %q within %s; output after mark:\n%s", s, timeout, all[tm.mark:])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (tm *term) wait(timeout time.Duration) error {
	ch := make(chan error, 1)
	go func() { ch <- tm.cmd.Wait() }()
	select {
	case err := <-ch:
		return err
	case <-time.After(timeout):
		tm.t.Fatalf("process did not exit; output:\n%s", tm.out.String())
		return nil
	}
}

const prompt = "cyq:default> "

func TestShellOnPTY(t *testing.T) {
	db := t.TempDir()
	hist := filepath.Join(t.TempDir(), "history")
	cmd := command(t, "--db", db)
	cmd.Env = append(cmd.Env, "CYQ_HISTORY="+hist)
	tm := startTerm(t, cmd)
	tm.expect(prompt, 10*time.Second)

	// A statement over several lines runs when the ';' arrives.
	tm.send("CREATE (:Person {name: 'Ada', born: 1815}),\r")
	tm.expect("...> ", 5*time.Second)
	tm.send("(:Person {name: 'Alan', born: 1912})-[:READ]->(:Paper {title: 'On Computable Numbers'});\r")
	tm.expect("Added 3 nodes, Created 1 relationship, Set 5 properties, Added 3 labels", 5*time.Second)
	tm.expect(prompt, 5*time.Second)
	tm.send("MATCH (p:Person)\r")
	tm.expect("...> ", 5*time.Second)
	tm.send("RETURN p.name AS name\r")
	tm.send("ORDER BY name;\r")
	tm.expect("Ada", 5*time.Second)
	tm.expect("Alan", 5*time.Second)
	tm.expect("2 rows", 5*time.Second)
	tm.expect(prompt, 5*time.Second)

	// Tab completes labels, relationship types, property keys and functions.
	tm.send("MATCH (p:Pers\t")
	tm.expect("MATCH (p:Person", 5*time.Second)
	tm.send(")-[:RE\t")
	tm.expect(")-[:READ", 5*time.Second)
	tm.send("]->(x) RETURN toUpp\t")
	tm.expect("RETURN toUpper(", 5*time.Second)
	tm.send("x.tit\t")
	tm.expect("toUpper(x.title", 5*time.Second)
	tm.send(") AS t;\r")
	tm.expect("ON COMPUTABLE NUMBERS", 5*time.Second)
	tm.expect(prompt, 5*time.Second)

	// Up arrow recalls the previous statement.
	tm.send("RETURN 40 + 2 AS answer;\r")
	tm.expect("42", 5*time.Second)
	tm.expect(prompt, 5*time.Second)
	tm.send("\x1b[A")
	tm.expect("RETURN 40 + 2 AS answer;", 5*time.Second)
	tm.send("\r")
	tm.expect("42", 5*time.Second)
	tm.expect(prompt, 5*time.Second)

	// Errors show the caret excerpt and the hint.
	tm.send("RETURN nosuchfn(1);\r")
	tm.expect("UnknownFunction", 5*time.Second)
	tm.expect("^^^", 5*time.Second)
	tm.expect(prompt, 5*time.Second)

	// Ctrl-C cancels a long query, not the shell. (range() is capped at
	// 16,777,216 elements by the engine, so the 10^8 rows come from two
	// UNWINDs.)
	tm.send("UNWIND range(1, 10000) AS x UNWIND range(1, 10000) AS y RETURN count(*);\r")
	time.Sleep(500 * time.Millisecond)
	start := time.Now()
	tm.send("\x03")
	tm.expect("cancelled", 10*time.Second)
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("cancelling took %s", d)
	}
	tm.expect(prompt, 5*time.Second)
	tm.send("RETURN 'still here' AS s;\r")
	tm.expect("still here", 5*time.Second)
	tm.expect(prompt, 5*time.Second)

	// Ctrl-C at the prompt clears a half-typed statement.
	tm.send("MATCH (n\r")
	tm.expect("...> ", 5*time.Second)
	tm.send("\x03")
	tm.expect(prompt, 5*time.Second)

	// Shell commands.
	tm.send(":schema\r")
	tm.expect(":Person", 5*time.Second)
	tm.expect(prompt, 5*time.Second)
	tm.send(":params {who: 'Ada'}\r")
	tm.expect("1 parameter(s) set", 5*time.Second)
	tm.send(":format json\r")
	tm.expect(prompt, 5*time.Second)
	tm.send("MATCH (p:Person {name: $who}) RETURN p.born AS born;\r")
	tm.expect(`{"born":1815}`, 5*time.Second)
	tm.send(":explain MATCH (p:Person) RETURN p\r")
	tm.expect("NodeScan", 5*time.Second)
	tm.send(":use other\r") // a graph that does not exist is not created by a typo
	tm.expect(`there is no graph "other"`, 5*time.Second)
	tm.send(":use --create other\r")
	tm.expect("cyq:other> ", 5*time.Second)
	tm.send(":graphs\r")
	tm.expect("* other", 5*time.Second)

	// Ctrl-D quits.
	tm.send("\x04")
	if err := tm.wait(10 * time.Second); err != nil {
		t.Fatalf("exit: %v", err)
	}
	h, err := os.ReadFile(hist)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"RETURN 40 + 2 AS answer;", "MATCH (p:Person) RETURN p.name AS name ORDER BY name;", ":schema"} {
		if !strings.Contains(string(h), want) {
			t.Errorf("history lacks %q:\n%s", want, h)
		}
	}

	// History persists into the next session.
	cmd = command(t, "--db", db)
	cmd.Env = append(cmd.Env, "CYQ_HISTORY="+hist)
	tm = startTerm(t, cmd)
	tm.expect("cyq:default> ", 10*time.Second)
	tm.send("\x1b[A\x1b[A")
	tm.expect(":use --create other", 5*time.Second)
	tm.send("\x03:quit\r")
	if err := tm.wait(10 * time.Second); err != nil {
		t.Fatalf("exit: %v", err)
	}
}

func TestDemoOnPTY(t *testing.T) {
	tm := startTerm(t, command(t, "--demo"))
	tm.expect("Try these", 10*time.Second)
	tm.expect(prompt, 10*time.Second)
	tm.send(demoQueries[0].text + ";\r")
	tm.expect("Dennis Ritchie", 10*time.Second)
	tm.expect("3 rows", 5*time.Second)
	tm.send(":quit\r")
	if err := tm.wait(10 * time.Second); err != nil {
		t.Fatal(err)
	}
}

func runCyq(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var o, e bytes.Buffer
	code = run(args, strings.NewReader(stdin), &o, &e)
	return o.String(), e.String(), code
}

func TestDemoNonInteractive(t *testing.T) {
	out, errOut, code := runCyq(t, "", "--demo")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Demo knowledge graph: 233 nodes", "Dennis Ritchie", "Garbage collection", "TypeScript", "3 rows", "5 rows", "4 rows"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestQueryCommand(t *testing.T) {
	db := t.TempDir()
	out, errOut, code := runCyq(t, "", "query", "--db", db, "-c", "CREATE (:T {n: 1, s: 'a,b'}), (:T {n: 2, s: 'line\nbreak'}); MATCH (t:T) RETURN t.n AS n, t.s AS s ORDER BY n")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "2 rows") || !strings.Contains(out, "line↵break") {
		t.Errorf("table:\n%s", out)
	}
	out, _, code = runCyq(t, "", "query", "--db", db, "--format", "jsonl", "--params", `{"min": 2}`, "-c", "MATCH (t:T) WHERE t.n >= $min RETURN t")
	if want := `{"t":{"id":1,"labels":["T"],"properties":{"n":2,"s":"line\nbreak"}}}` + "\n"; code != 0 || out != want {
		t.Errorf("jsonl: %d %q, want %q", code, out, want)
	}
	out, _, _ = runCyq(t, "", "query", "--db", db, "--format", "csv", "-c", "MATCH (t:T) RETURN t.n AS n, t.s AS s, [t.n] AS l ORDER BY n")
	if want := "n,s,l\n1,\"a,b\",[1]\n2,\"line\nbreak\",[2]\n"; out != want {
		t.Errorf("csv: %q, want %q", out, want)
	}
	out, _, _ = runCyq(t, "", "query", "--db", db, "--format", "json", "-c", "UNWIND [1, 2] AS x RETURN x")
	if want := "[\n  {\"x\":1},\n  {\"x\":2}\n]\n"; out != want {
		t.Errorf("json: %q, want %q", out, want)
	}
	// Statements from stdin; an error stops the script with its position.
	out, errOut, code = runCyq(t, "RETURN 1 AS a;\nRETURN 2 AS b;\nRETURN nope(3);\nRETURN 4 AS c;\n", "query", "--db", db)
	if code == 0 || !strings.Contains(out, "│ 2 │") || strings.Contains(out, "│ c") {
		t.Errorf("exit %d, out:\n%s", code, out)
	}
	if !strings.Contains(errOut, "<stdin>:3:8: SyntaxError.UnknownFunction") || !strings.Contains(errOut, "^^^^") {
		t.Errorf("stderr:\n%s", errOut)
	}
	// Read-only stores refuse writes.
	_, errOut, code = runCyq(t, "", "query", "--db", db, "--read-only", "-c", "CREATE (:X)")
	if code == 0 || !strings.Contains(errOut, "read-only") {
		t.Errorf("read-only: %d %s", code, errOut)
	}
	// Timeouts.
	_, errOut, code = runCyq(t, "", "query", "--db", db, "--timeout", "200ms", "-c", "UNWIND range(1, 10000) AS x UNWIND range(1, 10000) AS y RETURN count(*)")
	if code == 0 || !strings.Contains(errOut, "Timeout") {
		t.Errorf("timeout: %d %s", code, errOut)
	}
	// A named graph.
	_, errOut, code = runCyq(t, "", "query", "--db", db, "--graph", "g2", "--create", "-c", "CREATE (:Only)")
	if code != 0 {
		t.Fatal(errOut)
	}
	out, _, _ = runCyq(t, "", "query", "--db", db, "--format", "csv", "-c", "MATCH (n:Only) RETURN count(n) AS c")
	if out != "c\n0\n" {
		t.Errorf("default graph sees g2's node: %q", out)
	}
	// -f FILE.
	f := filepath.Join(t.TempDir(), "q.cypher")
	os.WriteFile(f, []byte("// comment; with semicolon\nRETURN 'x;y' AS v;"), 0o644)
	out, errOut, code = runCyq(t, "", "query", "--db", db, "--format", "csv", "-f", f)
	if code != 0 || out != "v\nx;y\n" {
		t.Errorf("-f: %d %q %s", code, out, errOut)
	}
}

func TestShellNonInteractiveStdin(t *testing.T) {
	db := t.TempDir()
	script := ":format csv\nCREATE (:A {v: 1});\nMATCH (a:A)\nRETURN a.v AS v;\n:quit\nRETURN 'not reached';\n"
	out, errOut, code := runCyq(t, script, "--db", db)
	if code != 0 || out != "v\n1\n" {
		t.Errorf("%d %q %s", code, out, errOut)
	}
}

func TestImportCommand(t *testing.T) {
	dir := t.TempDir()
	nodes := filepath.Join(dir, "n.csv")
	os.WriteFile(nodes, []byte("id:ID,name\n1,a\n2,b\n"), 0o644)
	rels := filepath.Join(dir, "r.csv")
	os.WriteFile(rels, []byte(":START_ID,:END_ID\n1,2\n"), 0o644)
	db := filepath.Join(dir, "db")
	out, errOut, code := runCyq(t, "", "import", "--db", db, "--nodes=Item", nodes, "--relationships=NEXT", rels)
	if code != 0 || !strings.Contains(out, ": 2 nodes, 1 relationships") || !strings.Contains(errOut, "created a new store in "+db) {
		t.Fatalf("%d %s %s", code, out, errOut)
	}
	out, _, _ = runCyq(t, "", "query", "--db", db, "--format", "csv", "-c", "MATCH (a:Item)-[:NEXT]->(b) RETURN a.name, b.name")
	if out != "a.name,b.name\na,b\n" {
		t.Errorf("%q", out)
	}
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte("id:ID,n:int\n3,x\n"), 0o644)
	_, errOut, code = runCyq(t, "", "import", "--db", db, "--mode", "append", "--nodes=Item", bad)
	if code == 0 || !strings.Contains(errOut, "bad.csv:2:3") || !strings.Contains(errOut, "nothing was imported") {
		t.Errorf("%d %s", code, errOut)
	}
}

func TestImportProgressOnPTY(t *testing.T) {
	dir := testenv.Dataset(t, "snap-soc-slashdot0902")
	tm := startTerm(t, command(t, "import", "--db", t.TempDir(), "--edges", filepath.Join(dir, "soc-Slashdot0902.txt.gz"), "--label", "User", "--type", "LINKS"))
	tm.expect("rows/s ETA", 20*time.Second)
	tm.expect(": 82168 nodes, 948464 relationships", 30*time.Second)
	if err := tm.wait(10 * time.Second); err != nil {
		t.Fatal(err)
	}
}

// LOAD CSV reads from the directory --import-dir names, and from nowhere
// without it.
func TestQueryImportDir(t *testing.T) {
	db, imp := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(imp, "p.csv"), []byte("name\nAda\nBob\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	q := "LOAD CSV WITH HEADERS FROM 'p.csv' AS row RETURN count(*) AS n"
	out, errOut, code := runCyq(t, "", "query", "--db", db, "--import-dir", imp, "--format", "csv", "-c", q)
	if code != 0 || out != "n\n2\n" {
		t.Errorf("with --import-dir: %d %q %s", code, out, errOut)
	}
	if _, _, code := runCyq(t, "", "query", "--db", db, "-c", q); code == 0 {
		t.Error("LOAD CSV ran without an import directory")
	}
}

// A mistyped --db or --graph is refused by query, the shell and serve,
// naming what exists and the nearest name, and creates nothing.
func TestMistypedStoreOrGraphRefused(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "graphs")
	if _, errOut, code := runCyq(t, "", "query", "--db", db, "--create", "-c", "CREATE (:A)"); code != 0 || !strings.Contains(errOut, "created a new store") {
		t.Fatalf("--create: %d %s", code, errOut)
	}
	typo := filepath.Join(dir, "grpahs")
	for _, args := range [][]string{
		{"query", "--db", typo, "-c", "MATCH (n) RETURN n"},
		{"query", "--db", typo, "-c", "CREATE (:B)"},
		{"--db", typo},
		{"serve", "--db", typo},
		{"serve", "--db", typo, "--allow-writes"},
	} {
		_, errOut, code := runCyq(t, "", args...)
		if code == 0 || !strings.Contains(errOut, "there is no store at "+typo) || !strings.Contains(errOut, "did you mean: --db "+db) {
			t.Errorf("%q: %d %s", args, code, errOut)
		}
		if _, err := os.Stat(typo); !os.IsNotExist(err) {
			t.Fatalf("%q created %s", args, typo)
		}
	}
	for _, args := range [][]string{
		{"query", "--db", db, "--graph", "defualt", "-c", "CREATE (:B)"},
		{"--db", db, "--graph", "defualt"},
		{"serve", "--db", db, "--graph", "defualt"},
		{"serve", "--db", db, "--graph", "defualt", "--allow-writes"},
	} {
		_, errOut, code := runCyq(t, "", args...)
		if code == 0 || !strings.Contains(errOut, `there is no graph "defualt"`) || !strings.Contains(errOut, "did you mean: default") {
			t.Errorf("%q: %d %s", args, code, errOut)
		}
	}
	// :use refuses a typo too; :use --create makes the graph.
	_, errOut, code := runCyq(t, ":use defualt\n", "--db", db)
	if code == 0 || !strings.Contains(errOut, `there is no graph "defualt"`) {
		t.Errorf(":use: %d %s", code, errOut)
	}
	out, _, code := runCyq(t, "", "query", "--db", db, "--format", "csv", "-c", "MATCH (n) RETURN count(n) AS n")
	if code != 0 || out != "n\n1\n" {
		t.Errorf("the store changed: %d %q", code, out)
	}
	out, errOut, code = runCyq(t, ":use --create other\nCREATE (:C);\n", "--db", db)
	if code != 0 || !strings.Contains(out, `using graph "other"`) {
		t.Errorf(":use --create: %d %s %s", code, out, errOut)
	}
	out, _, _ = runCyq(t, "", "query", "--db", db, "--graph", "other", "--format", "csv", "-c", "MATCH (c:C) RETURN count(c) AS n")
	if out != "n\n1\n" {
		t.Errorf("graph other: %q", out)
	}
}

// TestQueryLimitFlags checks that --max-memory, --max-steps and --max-rows
// bound a statement run by cyq query, and one run by the shell.
func TestQueryLimitFlags(t *testing.T) {
	db := t.TempDir()
	for _, c := range []struct {
		flag, value, query, detail string
	}{
		{"--max-memory", "1MiB", "RETURN size(collect { UNWIND range(1, 200000) AS x RETURN toString(x) }) AS n", "MemoryBudget"},
		{"--max-steps", "1000", "UNWIND range(1, 100000) AS x RETURN count(x) AS n", "StepBudget"},
		{"--max-rows", "3", "UNWIND range(1, 10) AS x RETURN x", "RowLimit"},
	} {
		_, errOut, code := runCyq(t, "", "query", "--db", db, "--create", c.flag, c.value, "-c", c.query)
		if code == 0 || !strings.Contains(errOut, c.detail) {
			t.Errorf("%s %s: exit %d, stderr:\n%s", c.flag, c.value, code, errOut)
		}
		out, errOut, _ := runCyq(t, c.query+";\n", "--db", db, "--create", c.flag, c.value)
		if !strings.Contains(out+errOut, c.detail) {
			t.Errorf("shell %s %s: stdout:\n%s\nstderr:\n%s", c.flag, c.value, out, errOut)
		}
		if out, errOut, _ := runCyq(t, c.query+";\n", "--db", db); strings.Contains(out+errOut, c.detail) {
			t.Errorf("shell without %s: %s", c.flag, out+errOut)
		}
	}
	if _, errOut, code := runCyq(t, "", "query", "--db", db, "--max-memory", "lots", "-c", "RETURN 1"); code == 0 || !strings.Contains(errOut, "byte count") {
		t.Errorf("a bad --max-memory was accepted: exit %d, stderr:\n%s", code, errOut)
	}
}
