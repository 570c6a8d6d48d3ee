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
	// InferTypes types plain columns by all their values: a column whose
	// values are all integers is integer, integers mixed with floats is
	// float, anything else string (empty and null fields do not count).
	InferTypes bool
	// Mode says what to do when the graph already holds data: fail (the
	// default), merge by id or append.
	Mode Mode
	// BadTolerance is how many malformed rows are accepted (skipped): one
	// more fails the load, with nothing added. Negative: any number.
	BadTolerance int
	// SkipBadRows skips every malformed row instead of failing the load;
	// Stats.Skipped counts them, and the caller decides what a count over
	// BadTolerance means.
	SkipBadRows bool
	// BadRows receives the first few skipped rows and repairs (for
	// people); Report receives every one, one "file:line:column: reason"
	// line each.
	BadRows  io.Writer
	Report   io.Writer
	Progress io.Writer
}

// Mode is what a load does with a graph that already holds data.
type Mode int

// Import modes.
const (
	// ModeFail refuses to load into a graph that holds nodes.
	ModeFail Mode = iota
	// ModeMerge matches nodes by label and id property and updates them,
	// adding only new nodes; a relationship whose (start, type, end) is
	// already in the graph, or earlier in the load, is not added again
	// (its properties are updated from the row).
	ModeMerge
	// ModeAppend adds everything, whatever the graph holds.
	ModeAppend
)

var modeNames = [...]string{ModeFail: "fail", ModeMerge: "merge", ModeAppend: "append"}

// String returns the mode's name as --mode takes it.
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// ParseMode reads a --mode value.
func ParseMode(s string) (Mode, error) {
	for m, n := range modeNames {
		if strings.EqualFold(s, n) {
			return Mode(m), nil
		}
	}
	return 0, fmt.Errorf("--mode: %q is not one of fail, merge, append", s)
}

// NotEmptyError is the refusal of ModeFail: the graph holds data.
type NotEmptyError struct {
	Graph       string
	Nodes, Rels uint64
}

// Error names the graph, what it holds and the modes that would load.
func (e *NotEmptyError) Error() string {
	return fmt.Sprintf("graph %q already holds %d nodes and %d relationships: loading again would duplicate them; "+
		"give --mode merge to match nodes by id (updating them, adding what is new) or --mode append to add everything anyway", e.Graph, e.Nodes, e.Rels)
}

// BadRowsError ends a load that met more malformed rows than tolerated.
type BadRowsError struct {
	Err       *InputError // the row that went over the tolerance
	Count     int         // malformed rows met so far
	Tolerance int
}

// Error is the row's error, with the count when some were tolerated.
func (e *BadRowsError) Error() string {
	if e.Tolerance <= 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("%v (bad row %d, over --bad-tolerance %d)", e.Err, e.Count, e.Tolerance)
}

// Unwrap returns the row's InputError.
func (e *BadRowsError) Unwrap() error { return e.Err }

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
	Nodes, Rels int // nodes and relationships added
	// MergedNodes and MergedRels are rows matched to nodes and
	// relationships already there (ModeMerge), updated rather than added.
	MergedNodes, MergedRels int
	// RepeatedRels are relationship rows (ModeMerge) that repeat the
	// (start, type, end) of an earlier row of the load: not added.
	RepeatedRels int
	Skipped      int           // malformed rows skipped
	Repaired     int           // rows whose surplus fields were joined (see joinSurplus)
	Elapsed      time.Duration // reading, building and ingesting
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
	if s.MergedNodes+s.MergedRels > 0 {
		msg += fmt.Sprintf("; %d nodes and %d relationships matched existing ones and were updated", s.MergedNodes, s.MergedRels)
	}
	if s.RepeatedRels > 0 {
		msg += fmt.Sprintf(", %d relationship rows repeated an earlier (start, type, end) and were not added", s.RepeatedRels)
	}
	if s.Repaired > 0 {
		msg += fmt.Sprintf(", %d rows repaired", s.Repaired)
	}
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
func (e *InputError) Error() string { return e.where() + ": " + e.Msg }

// where renders "file:line:column" (or as much of it as is known).
func (e *InputError) where() string {
	switch {
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("%s:%d:%d", e.File, e.Line, e.Column)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	return e.File
}

// loader is the state of one bulk load.
type loader struct {
	opts    *Options
	b       sink
	merge   *merger // ModeMerge state; nil otherwise
	prog    *progress
	ids     map[string]map[string]uint32 // id group → id → node
	nodes   int
	rels    int
	ctx     context.Context
	nrows   int
	labels  map[string][]uint32 // cache of label sets
	plain   map[string]string   // plain-header id column → group
	skipped int
	// repaired counts rows whose surplus fields were joined.
	repaired int
	shown    int // skipped rows shown on BadRows
}

// sink receives the nodes and relationships of a load: a
// storage.BulkBuilder, or a transaction when merging.
type sink interface {
	LabelID(name string) uint32
	TypeID(name string) uint32
	PropKeyID(name string) uint32
	AddNode(labels []uint32, ps map[uint32]value.Value) (uint32, error)
	AddRel(start, end, typ uint32, ps map[uint32]value.Value) (uint64, error)
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
	if l.merge != nil {
		if done, err := l.merge.rel(a, z, t, props); done || err != nil {
			l.row()
			return err
		}
	}
	if _, err := l.b.AddRel(a, z, t, props); err != nil {
		return err
	}
	l.rels++
	l.row()
	return nil
}

// bad handles a malformed row: it is counted and reported; within the
// tolerance (or with SkipBadRows) it is skipped, otherwise it ends the
// load. Errors other than InputError always end the load.
func (l *loader) bad(err error) error {
	var ie *InputError
	if !errors.As(err, &ie) {
		return err
	}
	l.skipped++
	if t := l.opts.BadTolerance; !l.opts.SkipBadRows && t >= 0 && l.skipped > t {
		return &BadRowsError{Err: ie, Count: l.skipped, Tolerance: t}
	}
	l.report("skipped: ", ie)
	return nil
}

// maxShown is how many skipped rows go to BadRows.
const maxShown = 10

// report writes a skipped or repaired row to the report and the first few
// skipped ones to BadRows.
func (l *loader) report(what string, ie *InputError) {
	if l.opts.Report != nil {
		fmt.Fprintf(l.opts.Report, "%s: %s%s\n", ie.where(), what, ie.Msg)
	}
	if l.opts.BadRows != nil && what == "skipped: " {
		if l.shown++; l.shown <= maxShown {
			fmt.Fprintf(l.opts.BadRows, "%s%v\n", what, ie)
		}
	}
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

// Run reads every source, then adds everything to g in one bulk load (in
// ModeMerge, one transaction). On any error nothing is added. In ModeFail
// a graph that holds nodes is refused with a *NotEmptyError.
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
	if o.Mode == ModeMerge && im.LDBC != "" {
		return Stats{}, errors.New("--mode merge does not apply to --ldbc (load it into an empty graph, or give --mode append)")
	}
	var total int64
	for _, p := range im.paths() {
		if st, err := os.Stat(p); err == nil {
			total += st.Size()
		}
	}
	prog := newProgress(total, o.Progress)
	defer prog.finish()
	l := &loader{opts: &o, prog: prog, ids: map[string]map[string]uint32{}, ctx: ctx, labels: map[string][]uint32{}}
	var finish func() error
	if o.Mode == ModeMerge {
		tx, err := g.Begin(ctx)
		if err != nil {
			return Stats{}, err
		}
		defer tx.Rollback()
		l.merge = newMerger(tx, g.Snapshot())
		l.b = l.merge.sink
		finish = l.merge.commit
	} else {
		b, err := g.NewBulkBuilder(ctx, func(bp storage.BulkProgress) {
			if bp.Phase != storage.BulkAdding {
				prog.setPhase(string(bp.Phase))
			}
		})
		if err != nil {
			return Stats{}, err
		}
		defer b.Abort()
		l.b, finish = b, b.Finish
	}
	// The writer slot is held from here: the check cannot race a writer.
	if snap := g.Snapshot(); o.Mode == ModeFail && snap.NodeCount() > 0 {
		return Stats{}, &NotEmptyError{Graph: g.Name(), Nodes: snap.NodeCount(), Rels: snap.RelCount()}
	}
	if err := l.loadAll(im); err != nil {
		return Stats{}, err
	}
	prog.rows.Store(int64(l.nrows))
	prog.read.Store(total)
	if err := finish(); err != nil {
		return Stats{}, err
	}
	st := Stats{Nodes: l.nodes, Rels: l.rels, Skipped: l.skipped, Repaired: l.repaired, Elapsed: time.Since(start)}
	if l.merge != nil {
		st.MergedNodes, st.MergedRels, st.RepeatedRels = l.merge.nodes, l.merge.rels, l.merge.again
	}
	return st, nil
}

// loadAll reads every source of im into the loader.
func (l *loader) loadAll(im *Importer) error {
	if im.LDBC != "" {
		if err := l.loadLDBC(im.LDBC); err != nil {
			return err
		}
	}
	for _, f := range im.Nodes {
		if err := l.loadCSV(f, false); err != nil {
			return err
		}
	}
	for _, f := range im.Rels {
		if err := l.loadCSV(f, true); err != nil {
			return err
		}
	}
	for _, e := range im.Edges {
		if err := l.loadEdges(e); err != nil {
			return err
		}
	}
	for _, t := range im.Triples {
		if err := l.loadTriples(t); err != nil {
			return err
		}
	}
	return nil
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
	return l.open(path, true)
}

// open is openInput, counting the bytes read only when count is set (a
// second reading of a file does not move the progress bar).
func (l *loader) open(path string, count bool) (io.Reader, func(), error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	var r io.Reader = f
	if count {
		r = countingReader{f, &l.prog.read}
	}
	br := bufio.NewReaderSize(r, 1<<16)
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
