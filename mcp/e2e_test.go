package mcp

import (
	"bufio"
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cyqdb/cyq"
)

// TestEndToEndSDK runs the official MCP TypeScript SDK client (mcp/e2e,
// installed with `npm ci` there) against the server binary over stdio and
// over streamable HTTP on 127.0.0.1, both serving one store read-only at
// the same time (both store programs in it), then every knowledge-graph
// tool, writes included, over stdio against an in-memory store served with
// --allow-writes.
func TestEndToEndSDK(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("skipping the MCP SDK end-to-end test: node is not installed")
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("skipping the MCP SDK end-to-end test: npm is not installed")
	}
	e2e, _ := filepath.Abs("e2e")
	if _, err := os.Stat(filepath.Join(e2e, "node_modules", "@modelcontextprotocol", "sdk", "package.json")); err != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, npm, "ci", "--no-audit", "--no-fund")
		cmd.Dir = e2e
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Skipf("skipping the MCP SDK end-to-end test: `npm ci` in mcp/e2e failed (%v):\n%s", err, out)
		}
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("skipping: the go command is not on PATH")
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "cyq-mcp")
	build := exec.Command(goBin, "build", "-o", bin, "./cmd/cyq-mcp")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the server: %v\n%s", err, out)
	}
	// A store with data, then served read-only.
	dir := filepath.Join(tmp, "store")
	db, err := cyq.Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{testGraph,
		`CREATE FULLTEXT INDEX names FOR (n:Concept|Source) ON EACH [n.name, n.title]`,
		"CREATE VECTOR INDEX nameVec FOR (n:Concept) ON (n.nameEmbedding) OPTIONS {indexConfig: {`cyq.embedder`: 'default', `cyq.source`: 'name'}}",
		// An embedding kept as a plain list property: agents never see it.
		"MATCH (n:Concept {concept_id: 'a'}) SET n.embedding = [i IN range(1, 384) | i / 7.0]",
	} {
		if _, err := db.Query(context.Background(), q, nil); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()

	// HTTP server on a loopback port, with a token.
	tokenFile := filepath.Join(tmp, "token")
	os.WriteFile(tokenFile, []byte("e2e-token\n"), 0o600)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	srv := exec.Command(bin, "--db", dir, "--http", addr, "--token-file", tokenFile)
	stderr, _ := srv.StderrPipe()
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		srv.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { srv.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			srv.Process.Kill()
		}
	}()
	ready := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "on http://") {
				ready <- sc.Text()
			}
		}
	}()
	select {
	case <-ready:
	case <-time.After(20 * time.Second):
		t.Fatal("the HTTP server did not start")
	}

	run := func(args ...string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, node, append([]string{"e2e.mjs"}, args...)...)
		cmd.Dir = e2e
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("node e2e.mjs %s: %v\n%s", args[0], err, out)
		}
		if !strings.Contains(string(out), `"failures":[]`) {
			t.Fatalf("node e2e.mjs %s:\n%s", args[0], out)
		}
		t.Logf("%s: %s", args[0], strings.TrimSpace(string(out)))
	}
	run("http", "http://"+addr+"/mcp", "e2e-token")
	// stdio, while the HTTP server still holds the store read-only.
	run("stdio", bin, "--db", dir)
	// The knowledge-graph write tools, on an in-memory store.
	run("kg", bin, "--allow-writes")
}
