package importer

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/klauspost/compress/gzip"

	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// FileSpec is a CSV file of nodes or relationships with the labels (for
// nodes, ':'-separated) or type given on the command line.
type FileSpec struct {
	Path string
	// Labels are the labels of every node in a node file (in addition to
	// any :LABEL column); Type is the type of every relationship in a
	// relationship file without a :TYPE column.
	Labels []string
	Type   string
}

// EdgeSpec is a plain edge list: one `u v` pair of integers per line.
type EdgeSpec struct {
	Path       string
	Label      string // label of the nodes (default "Node")
	Type       string // type of the relationships (default "EDGE")
	Undirected bool   // add each edge in both directions
}

// TripleSpec is a file of head<TAB>relation<TAB>tail triples; the relation
// becomes the relationship type. Entities are nodes with a string id.
type TripleSpec struct {
	Paths      []string
	EntityText string // optional id<TAB>text file: adds name and text properties
	Label      string // label of the entities (default "Entity")
}

// Options shape how files are read.
type Options struct {
	Delimiter      rune   // field delimiter (default ',')
	ArrayDelimiter string // separator inside array fields (default ";")
	Quote          rune   // '"' (the default, RFC 4180 quoting) or -1 for none
	IDColumn       string // id column of node files with plain headers (default: the first)
	Null           string // field value read as a missing value (besides the empty field)
	InferTypes     bool   // plain columns that look like integers or floats become numbers
	// SkipBadRows skips malformed rows (reporting them to BadRows) instead
	// of failing the load.
	SkipBadRows bool
	BadRows     io.Writer
	Progress    io.Writer
}

// Importer is one bulk load into a graph.
type Importer struct {
	Options
	Nodes   []FileSpec
	Rels    []FileSpec
	Edges   []EdgeSpec
	Triples []TripleSpec
	LDBC    string // directory of an LDBC SNB CSV data set (initial_snapshot)
}

// Stats summarise a load.
type Stats struct {
	Nodes, Rels int           // nodes and relationships added
	Skipped     int           // malformed rows skipped (with SkipBadRows)
	Elapsed     time.Duration // reading, building and ingesting
}

// Rate returns the rows (nodes plus relationships) per second.
func (s Stats) Rate() float64 {
	if s.Elapsed <= 0 {
		return 0
	}
	return float64(s.Nodes+s.Rels) / s.Elapsed.Seconds()
}

// String summarises the load for people.
func (s Stats) String() string {
	msg := fmt.Sprintf("%d nodes, %d relationships in %s (%s rows/s)", s.Nodes, s.Rels, s.Elapsed.Round(time.Millisecond), human(s.Rate()))
	if s.Skipped > 0 {
		msg += fmt.Sprintf(", %d malformed rows skipped", s.Skipped)
	}
	return msg
}

// InputError is malformed input at a position in a file.
type InputError struct {
	File         string // the input file
	Line, Column int    // 1-based; 0 when unknown
	Msg          string // what is wrong
}

// Error renders "file:line:column: message".
func (e *InputError) Error() string {
	switch {
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// loader is the state of one bulk load.
type loader struct {
	opts    *Options
	b       *storage.BulkBuilder
	prog    *progress
	ids     map[string]map[string]uint32 // id group → id → node
	nodes   int
	rels    int
	ctx     context.Context
	nrows   int
	labels  map[string][]uint32 // cache of label sets
	plain   map[string]string   // plain-header id column → group
	skipped int
}

func (l *loader) group(name string) map[string]uint32 {
	g := l.ids[name]
	if g == nil {
		g = map[string]uint32{}
		l.ids[name] = g
	}
	return g
}

func (l *loader) labelSet(names []string) []uint32 {
	key := strings.Join(names, "\x00")
	if ls, ok := l.labels[key]; ok {
		return ls
	}
	ls := make([]uint32, 0, len(names))
	for _, n := range names {
		ls = append(ls, l.b.LabelID(n))
	}
	ls = sortedUnique(ls)
	l.labels[key] = ls
	return ls
}

func (l *loader) addNode(labels []uint32, props map[uint32]value.Value) (uint32, error) {
	id, err := l.b.AddNode(labels, props)
	if err != nil {
		return 0, err
	}
	l.nodes++
	l.row()
	return id, nil
}

func (l *loader) addRel(a, z, t uint32, props map[uint32]value.Value) error {
	if _, err := l.b.AddRel(a, z, t, props); err != nil {
		return err
	}
	l.rels++
	l.row()
	return nil
}

// bad handles a malformed row: with SkipBadRows it is reported (the first
// 20) and skipped, otherwise it ends the load.
func (l *loader) bad(err error) error {
	var ie *InputError
	if !l.opts.SkipBadRows || !errors.As(err, &ie) {
		return err
	}
	l.skipped++
	if l.opts.BadRows != nil && l.skipped <= 20 {
		fmt.Fprintf(l.opts.BadRows, "skipped: %v\n", err)
	}
	return nil
}

// row counts a row and checks for cancellation now and then.
func (l *loader) row() {
	l.nrows++
	if l.nrows&0x3fff == 0 {
		l.prog.rows.Store(int64(l.nrows))
	}
}

func (l *loader) cancelled() error {
	if l.nrows&0xfff == 0 {
		return l.ctx.Err()
	}
	return nil
}

// Run reads every source, then adds everything to g in one bulk load.
// On any error nothing is added.
func (im *Importer) Run(ctx context.Context, g *storage.Graph) (Stats, error) {
	start := time.Now()
	o := im.Options
	if o.Delimiter == 0 {
		o.Delimiter = ','
	}
	if o.ArrayDelimiter == "" {
		o.ArrayDelimiter = ";"
	}
	if o.Quote == 0 {
		o.Quote = '"'
	}
	var total int64
	for _, p := range im.paths() {
		if st, err := os.Stat(p); err == nil {
			total += st.Size()
		}
	}
	prog := newProgress(total, o.Progress)
	defer prog.finish()
	b, err := g.NewBulkBuilder(ctx, func(bp storage.BulkProgress) {
		if bp.Phase != storage.BulkAdding {
			prog.setPhase(string(bp.Phase))
		}
	})
	if err != nil {
		return Stats{}, err
	}
	defer b.Abort()
	l := &loader{opts: &o, b: b, prog: prog, ids: map[string]map[string]uint32{}, ctx: ctx, labels: map[string][]uint32{}}
	if im.LDBC != "" {
		if err := l.loadLDBC(im.LDBC); err != nil {
			return Stats{}, err
		}
	}
	for _, f := range im.Nodes {
		if err := l.loadCSV(f, false); err != nil {
			return Stats{}, err
		}
	}
	for _, f := range im.Rels {
		if err := l.loadCSV(f, true); err != nil {
			return Stats{}, err
		}
	}
	for _, e := range im.Edges {
		if err := l.loadEdges(e); err != nil {
			return Stats{}, err
		}
	}
	for _, t := range im.Triples {
		if err := l.loadTriples(t); err != nil {
			return Stats{}, err
		}
	}
	prog.rows.Store(int64(l.nrows))
	prog.read.Store(total)
	if err := b.Finish(); err != nil {
		return Stats{}, err
	}
	return Stats{Nodes: l.nodes, Rels: l.rels, Skipped: l.skipped, Elapsed: time.Since(start)}, nil
}

func (im *Importer) paths() []string {
	var out []string
	for _, f := range im.Nodes {
		out = append(out, f.Path)
	}
	for _, f := range im.Rels {
		out = append(out, f.Path)
	}
	for _, e := range im.Edges {
		out = append(out, e.Path)
	}
	for _, t := range im.Triples {
		out = append(out, t.Paths...)
		if t.EntityText != "" {
			out = append(out, t.EntityText)
		}
	}
	if im.LDBC != "" {
		_ = filepath.WalkDir(im.LDBC, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".csv") {
				out = append(out, p)
			}
			return nil
		})
	}
	return out
}

// openInput opens a file, counting its bytes for the progress bar and
// decompressing it when it starts with the gzip magic bytes.
func (l *loader) openInput(path string) (io.Reader, func(), error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	br := bufio.NewReaderSize(countingReader{f, &l.prog.read}, 1<<16)
	magic, _ := br.Peek(2)
	if bytes.Equal(magic, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(br)
		if err != nil {
			f.Close()
			return nil, nil, &InputError{File: path, Msg: "bad gzip data: " + err.Error()}
		}
		ra := newReadAhead(zr) // decompress while the caller parses
		return ra, func() { ra.Close(); zr.Close(); f.Close() }, nil
	}
	return br, func() { f.Close() }, nil
}

func sortedUnique(s []uint32) []uint32 {
	slices.Sort(s)
	return slices.Compact(s)
}
