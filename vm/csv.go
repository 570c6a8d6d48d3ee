package vm

import (
	"context"
	"encoding/csv"
	"errors"
	"io"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// csvCursor reads the records of a LOAD CSV file.
type csvCursor struct {
	f       io.ReadCloser
	r       *csv.Reader
	headers []string
	line    int
	ctx     context.Context // the query's: a read it ends is a cancellation
}

// SetFileOpener sets how LOAD CSV opens files (the engine's import policy).
func (m *Machine) SetFileOpener(open func(url string) (io.ReadCloser, error)) {
	m.ctx.OpenFile = open
}

func (m *Machine) openCSV(url value.Value, spec *CSVSpec) (*csvCursor, error) {
	s, ok := url.(value.String)
	if !ok {
		return nil, cyqerr.Runtimef(cyqerr.TypeError, "InvalidArgumentType", "LOAD CSV FROM takes a string, got %s", value.TypeName(url))
	}
	if m.ctx.OpenFile == nil {
		return nil, cyqerr.Runtimef(cyqerr.AccessDenied, "FileAccess", "LOAD CSV is not enabled").WithHint("open the store with an import directory to allow LOAD CSV")
	}
	f, err := m.ctx.OpenFile(string(s))
	if err != nil {
		return nil, err
	}
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	r.ReuseRecord = false
	if spec.FieldTerminator != "" {
		r.Comma = []rune(spec.FieldTerminator)[0]
	}
	c := &csvCursor{f: f, r: r, ctx: m.ctx.Context}
	if spec.WithHeaders {
		h, err := r.Read()
		if err != nil && !errors.Is(err, io.EOF) {
			f.Close()
			return nil, c.err(err)
		}
		c.headers = h
		c.line = 1
	}
	return c, nil
}

// err is the error for a failed read: the query's cancellation when its
// context has ended (a source that stalled in the middle of the file,
// cut off by the timeout or the caller; Machine.fail makes a deadline a
// timeout), else a bad CSV.
func (c *csvCursor) err(err error) error {
	if c.ctx != nil && c.ctx.Err() != nil {
		return cyqerr.Runtimef(cyqerr.Cancelled, "", "the query was cancelled while LOAD CSV read its source")
	}
	return cyqerr.Runtimef(cyqerr.ArgumentError, "InvalidCSV", "LOAD CSV: %v", err)
}

func (c *csvCursor) next() (value.Value, bool, error) {
	rec, err := c.r.Read()
	if errors.Is(err, io.EOF) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, c.err(err)
	}
	c.line++
	if c.headers == nil {
		l := make(value.List, len(rec))
		for i, f := range rec {
			l[i] = value.String(f)
		}
		return l, true, nil
	}
	mp := make(value.Map, len(c.headers))
	for i, h := range c.headers {
		if i < len(rec) && rec[i] != "" {
			mp[h] = value.String(rec[i])
		} else {
			mp[h] = value.NullValue
		}
	}
	return mp, true, nil
}

func (c *csvCursor) close() {
	if c != nil && c.f != nil {
		c.f.Close()
		c.f = nil
	}
}
