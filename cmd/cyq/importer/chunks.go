package importer

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"runtime"

	"github.com/cyqdb/cyq/value"
)

// A CSV file is parsed in parallel: a chunker cuts the input into chunks
// of whole records, workers parse the chunks (splitting fields and
// converting property values), and the load takes their rows in file
// order, so ids, errors and the report come out as a sequential read
// gives them. The chunker finds record ends by following the quoting
// rules of the reader (encoding/csv without LazyQuotes, or plain lines):
// a newline inside a quoted field does not end a record, and after a
// quoting error the reader drops the rest of the line, as encoding/csv
// does. Line numbers are those of the file: each chunk knows the line it
// starts at.

// chunkSize is the size of a chunk (a variable for tests).
var chunkSize = 1 << 20

// parseWorkers is the number of parsing goroutines (0: GOMAXPROCS;
// negative: no chunks, one sequential reader); a variable for tests.
var parseWorkers = 0

// Quoting states of the chunker, after the bytes scanned so far.
const (
	qField    = iota // at the start of a field
	qUnquoted        // in an unquoted field
	qQuoted          // in a quoted field
	qQuote           // in a quoted field, just after a quote
	qQuoteCR         // just after a quote and a carriage return
	qSkip            // after a quoting error: the rest of the line is dropped
)

// chunker cuts an input into chunks of whole records.
type chunker struct {
	r       io.Reader
	quoted  bool // RFC 4180 quoting (else every line is a record)
	delim   byte
	buf     []byte
	scanned int  // bytes of buf scanned
	cut     int  // end of the last complete record in buf[:scanned]
	first   int  // end of the first non-empty record in buf[:scanned] (0: none yet)
	content bool // the record being scanned has a byte other than CR or LF
	state   int
	line    int // line number of buf[0]
	eof     bool
}

// newChunker returns a chunker for the loader's options, or nil when the
// input must be read sequentially (a delimiter that is not one byte).
func (l *loader) newChunker(r io.Reader) *chunker {
	d := l.opts.Delimiter
	if parseWorkers < 0 || d <= 0 || d >= 0x80 || d == '"' || d == '\n' || d == '\r' {
		return nil
	}
	return &chunker{r: r, quoted: l.opts.Quote >= 0, delim: byte(d), line: 1}
}

// scan advances the quoting state over the unscanned bytes, recording
// record ends.
func (c *chunker) scan() {
	b := c.buf
	if !c.quoted {
		for i := c.scanned; i < len(b); i++ {
			if b[i] == '\n' {
				c.cut = i + 1
				if c.first == 0 {
					c.first = i + 1
				}
			}
		}
		c.scanned = len(b)
		return
	}
	st, d := c.state, c.delim
	for i := c.scanned; i < len(b); i++ {
		ch := b[i]
		end := false
		switch st {
		case qField, qUnquoted:
			switch {
			case ch == '\n':
				end = true
			case ch == d:
				st = qField
			case ch == '"' && st == qField:
				st = qQuoted
			case ch == '"':
				st = qSkip // bare quote
			default:
				st = qUnquoted
			}
		case qQuoted:
			if ch == '"' {
				st = qQuote
			}
		case qQuote:
			switch ch {
			case '"':
				st = qQuoted
			case d:
				st = qField
			case '\n':
				end = true
			case '\r':
				st = qQuoteCR
			default:
				st = qSkip // a quote inside a quoted field
			}
		case qQuoteCR:
			if ch == '\n' {
				end = true
			} else {
				st = qSkip
			}
		case qSkip:
			end = ch == '\n'
		}
		if ch != '\n' && ch != '\r' {
			c.content = true
		}
		if end {
			st = qField
			c.cut = i + 1
			if c.first == 0 && c.content {
				c.first = i + 1
			}
			c.content = false
		}
	}
	c.state, c.scanned = st, len(b)
}

// take cuts buf[:n] off as a chunk starting at the current line.
func (c *chunker) take(n int) (data []byte, line int) {
	data, line = c.buf[:n], c.line
	c.line += bytes.Count(data, []byte{'\n'})
	rest := c.buf[n:]
	c.buf = append(make([]byte, 0, max(2*chunkSize, 2*len(rest), 16)), rest...)
	c.scanned -= n
	c.cut, c.first = 0, 0
	if c.scanned > 0 {
		// Rescan the carried bytes (they hold no record end) from the
		// state at the cut, which is the start of a record.
		c.scanned, c.state, c.content = 0, qField, false
		c.scan()
	}
	return data, line
}

// fill reads up to a chunk's size more input into buf.
func (c *chunker) fill() error {
	want := max(chunkSize, 1)
	if cap(c.buf)-len(c.buf) < want {
		c.buf = append(make([]byte, 0, max(len(c.buf)+want, 2*cap(c.buf))), c.buf...)
	}
	n, err := io.ReadFull(c.r, c.buf[len(c.buf):len(c.buf)+want])
	c.buf = c.buf[:len(c.buf)+n]
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		c.eof = true
		err = nil
	}
	return err
}

// header returns the bytes up to the end of the input's first record
// (for quoted input: the first that is not empty, as encoding/csv skips
// empty lines).
func (c *chunker) header() ([]byte, error) {
	for {
		c.scan()
		if n := c.first; n > 0 {
			data, _ := c.take(c.first)
			return data, nil
		}
		if c.eof {
			data, _ := c.take(len(c.buf))
			return data, nil
		}
		if err := c.fill(); err != nil {
			return nil, err
		}
	}
}

// next returns the next chunk and its first line, or io.EOF.
func (c *chunker) next() ([]byte, int, error) {
	for {
		c.scan()
		if c.cut > 0 && (len(c.buf) >= chunkSize || c.eof) {
			data, line := c.take(c.cut)
			return data, line, nil
		}
		if c.eof {
			if len(c.buf) == 0 {
				return nil, 0, io.EOF
			}
			data, line := c.take(len(c.buf))
			return data, line, nil
		}
		if err := c.fill(); err != nil {
			return nil, 0, err
		}
	}
}

// row is one record read from a CSV file: its fields and their positions,
// or the error reading it; the parallel read also converts the property
// values in advance (conv).
type row struct {
	rec   []string
	cr    recordReader // the sequential reader (positions), or nil
	pos   []int        // line and column of each field (parallel read)
	err   error        // the reading error
	conv  bool         // props and bad hold the conversion
	props map[uint32]value.Value
	bad   error
}

// fieldPos returns the line and 1-based column of field i.
func (r *row) fieldPos(i int) (int, int) {
	if r.cr != nil {
		return r.cr.FieldPos(i)
	}
	if i < 0 || 2*i+1 >= len(r.pos) {
		if len(r.pos) > 0 {
			return r.pos[0], 0
		}
		return 0, 0
	}
	return r.pos[2*i], r.pos[2*i+1]
}

// chunk is a part of the input and, once parsed, its rows.
type chunk struct {
	data []byte
	line int
	rows []row
	err  error // reading the input failed after the chunk's rows
	done chan struct{}
}

// parse reads the rows of a chunk.
func (cf *csvFile) parse(ch *chunk) {
	defer close(ch.done)
	cr := cf.l.newCSVReader(bytes.NewReader(ch.data))
	off := ch.line - 1
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				q := *pe
				q.Line += off
				q.StartLine += off
				err = &q
			}
			ch.rows = append(ch.rows, row{err: csvError(cf.f.Path, err)})
			continue
		}
		r := row{rec: append([]string(nil), rec...), pos: make([]int, 2*len(rec))}
		for i := range rec {
			ln, col := cr.FieldPos(i)
			r.pos[2*i], r.pos[2*i+1] = ln+off, col
		}
		if len(rec) == len(cf.cols) && !(len(rec) == 1 && rec[0] == "") {
			r.conv = true
			r.props, r.bad = cf.convert(&r)
		}
		ch.rows = append(ch.rows, r)
	}
	ch.data = nil
}

// loadParallel reads the records after the header through the chunker
// and adds them in file order.
func (cf *csvFile) loadParallel(c *chunker) error {
	workers := parseWorkers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	jobs := make(chan *chunk, workers)
	order := make(chan *chunk, 2*workers)
	go func() {
		defer close(jobs)
		defer close(order)
		for {
			data, line, err := c.next()
			if err == io.EOF {
				return
			}
			ch := &chunk{data: data, line: line, err: err, done: make(chan struct{})}
			if err != nil {
				close(ch.done)
			}
			select {
			case order <- ch:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
			select {
			case jobs <- ch:
			case <-ctx.Done():
				return
			}
		}
	}()
	for range workers {
		go func() {
			for ch := range jobs {
				cf.parse(ch)
			}
		}()
	}
	l := cf.l
	for ch := range order {
		<-ch.done
		if ch.err != nil {
			return fmt.Errorf("%s: %w", cf.f.Path, ch.err)
		}
		for i := range ch.rows {
			r := &ch.rows[i]
			if r.err != nil {
				if err := l.bad(r.err); err != nil {
					return err
				}
				continue
			}
			if err := l.cancelled(); err != nil {
				return err
			}
			if err := cf.record(r); err != nil {
				if err := l.bad(err); err != nil {
					return err
				}
			}
		}
		ch.rows = nil
	}
	return nil
}
