package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestMainRefusesUnauthenticatedRemote(t *testing.T) {
	var stderr bytes.Buffer
	code := Main(context.Background(), []string{"--http", "0.0.0.0:0"}, nil, &bytes.Buffer{}, &stderr)
	if code == 0 || !strings.Contains(stderr.String(), "refusing") {
		t.Errorf("code %d: %s", code, stderr.String())
	}
	code = Main(context.Background(), []string{"--bogus"}, nil, &bytes.Buffer{}, &stderr)
	if code != 2 {
		t.Errorf("bad flag: %d", code)
	}
	if !isLoopback("127.0.0.1:80") || !isLoopback("[::1]:80") || !isLoopback("localhost:1") || isLoopback("0.0.0.0:1") || isLoopback(":8080") {
		t.Error("isLoopback")
	}
}

func TestHTTPBearerAuth(t *testing.T) {
	s, _ := testServer(t, Config{})
	ts := httptest.NewServer(Handler(s, "sekrit"))
	defer ts.Close()
	body := `{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}`
	post := func(auth string) int {
		req, _ := http.NewRequest("POST", ts.URL+"/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if c := post(""); c != http.StatusUnauthorized {
		t.Errorf("no token: %d", c)
	}
	if c := post("Bearer wrong"); c != http.StatusUnauthorized {
		t.Errorf("wrong token: %d", c)
	}
	if c := post("Bearer sekrit"); c != http.StatusOK {
		t.Errorf("right token: %d", c)
	}
}

func TestStdioMain(t *testing.T) {
	in := strings.Join([]string{
		`{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}`,
		`{"jsonrpc": "2.0", "method": "notifications/initialized"}`,
		`{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "cypher", "arguments": {"query": "RETURN 1 AS one"}}}`,
	}, "\n") + "\n"
	var stdout, stderr bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := ioPipe()
	go func() {
		pw.Write([]byte(in))
	}()
	done := make(chan int)
	go func() { done <- Main(ctx, nil, pr, &syncBuf{b: &stdout}, &stderr) }()
	waitFor(t, func() bool { return strings.Count(readSync(&stdout), "\n") >= 2 })
	cancel()
	pw.Close()
	<-done
	out := readSync(&stdout)
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil || m["jsonrpc"] != "2.0" {
			t.Errorf("stdout carries a non-protocol line: %q", line)
		}
	}
	if !strings.Contains(out, `\"one\":1`) && !strings.Contains(out, `"one":1`) {
		t.Errorf("stdout: %s", out)
	}
}

// TestStdioMainLimits: cyq serve's --max-memory and --max-steps bound the
// queries its tools run.
func TestStdioMainLimits(t *testing.T) {
	call := func(id int, q string) string {
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": "tools/call",
			"params": map[string]any{"name": "cypher", "arguments": map[string]any{"query": q}}})
		return string(b)
	}
	in := strings.Join([]string{
		`{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}`,
		`{"jsonrpc": "2.0", "method": "notifications/initialized"}`,
		call(2, "UNWIND range(1, 1000) AS a UNWIND range(1, 1000) AS b RETURN count(*) AS n"),
		call(3, "RETURN size(collect { UNWIND range(1, 200000) AS x RETURN toString(x) }) AS n"),
		call(4, "RETURN 1 AS one"),
	}, "\n") + "\n"
	var stdout, stderr bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := ioPipe()
	go func() {
		pw.Write([]byte(in))
	}()
	done := make(chan int)
	go func() {
		done <- Main(ctx, []string{"--max-steps", "5000", "--max-memory", "1MiB"}, pr, &syncBuf{b: &stdout}, &stderr)
	}()
	waitFor(t, func() bool { return strings.Count(readSync(&stdout), "\n") >= 4 })
	cancel()
	pw.Close()
	<-done
	byID := map[float64]string{}
	for _, line := range strings.Split(strings.TrimSpace(readSync(&stdout)), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err == nil {
			if id, ok := m["id"].(float64); ok {
				byID[id] = line
			}
		}
	}
	if !strings.Contains(byID[2], "StepBudget") {
		t.Errorf("a query past --max-steps: %s", byID[2])
	}
	if !strings.Contains(byID[3], "MemoryBudget") {
		t.Errorf("a query past --max-memory: %s", byID[3])
	}
	if !strings.Contains(byID[4], `\"one\":1`) && !strings.Contains(byID[4], `"one":1`) {
		t.Errorf("a query within the limits: %s", byID[4])
	}
}
