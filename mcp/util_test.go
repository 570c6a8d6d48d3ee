package mcp

import (
	"bytes"
	"io"
	"sync"
	"testing"
	"time"
)

var bufMu sync.Mutex

type syncBuf struct{ b *bytes.Buffer }

func (s *syncBuf) Write(p []byte) (int, error) {
	bufMu.Lock()
	defer bufMu.Unlock()
	return s.b.Write(p)
}

func readSync(b *bytes.Buffer) string {
	bufMu.Lock()
	defer bufMu.Unlock()
	return b.String()
}

func ioPipe() (*io.PipeReader, *io.PipeWriter) { return io.Pipe() }

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
