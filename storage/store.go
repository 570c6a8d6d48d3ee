package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/vfs"
)

// DefaultGraph is the graph every new store starts with.
const DefaultGraph = "default"

// Store is a directory holding named property graphs in one Pebble
// database. It is safe for concurrent use.
type Store struct {
	dir   string
	opts  *Options
	db    *pebble.DB
	popts *pebble.Options
	lock  dirLock
	mem   atomic.Int64 // estimated bytes of all graphs' read structures

	// pages bounds the pages cached from the graphs' images (pagepool.go).
	pages *pagePool

	// releaseLimit gives back the store's part of the Go memory limit
	// (memlimit.go); nil until Open succeeds.
	releaseLimit func()

	mu     sync.Mutex
	graphs map[string]*Graph
	closed bool

	// commitMu: commits and ingests hold it shared, Close exclusively, so
	// nothing writes to a closed Pebble.
	commitMu sync.RWMutex
	isClosed bool // guarded by commitMu

	// seqMu orders commits: it is held from taking a sequence number
	// until the commit is durable (seq.go).
	seqMu   sync.Mutex
	seq     uint64   // last durable commit
	seqFile vfs.File // COMMITSEQ; nil when read-only

	imgw *imageFolder // nil when read-only (imagefold.go)

	// searchFiles: graph id -> *searchState, what each graph's search
	// image holds (image_search.go).
	searchFiles sync.Map
	// searchWrite serialises writes of search images: two writers of one
	// graph's file would share its temporary file.
	searchWrite sync.Mutex

	// journalFloor is the least number of changes a graph's journal may
	// collect before its image is rewritten (journalLimit).
	journalFloor int64
}

// beginWrite takes commitMu shared; it fails with ErrClosed after Close.
func (s *Store) beginWrite() error {
	s.commitMu.RLock()
	if s.isClosed {
		s.commitMu.RUnlock()
		return ErrClosed
	}
	return nil
}

func (s *Store) endWrite() { s.commitMu.RUnlock() }

// Graph is one named graph of a Store. Reads go through Snapshot, writes
// through Begin.
type Graph struct {
	s       *Store
	name    string
	id      uint32
	cur     atomic.Pointer[version]
	writer  chan struct{} // capacity 1: the writer slot
	dropped atomic.Bool
	seq     atomic.Uint64 // sequence number of the graph's last commit

	// imgSeq is the sequence of the graph's image on disk (0: none, the
	// empty graph), imgSize its bytes; journalChanges counts the node and
	// relationship changes the journal (overlay.go) holds beyond it, with
	// repeats; unjournaled is the last commit that wrote no journal record
	// (a bulk load): while it is past imgSeq the journal cannot bring the
	// image up to date.
	imgSeq         atomic.Uint64
	imgSize        atomic.Int64
	journalChanges atomic.Int64
	unjournaled    atomic.Uint64
	// indexDDL is the last commit that created or dropped a property
	// index: an image older than it lacks that index's run or holds a
	// dropped one's, so it is rewritten (needsImage).
	indexDDL atomic.Uint64
	rebuilt  bool // Open read the graph from its records
}

// pebbleLogger routes Pebble's log output to the store's Logger, one line
// per message: Pebble's errors may carry multi-line stack traces, which are
// cut off.
type pebbleLogger struct{ l Logger }

// firstLine formats a message and keeps its first line.
func firstLine(format string, args ...any) string {
	m := fmt.Sprintf(format, args...)
	if i := strings.IndexByte(m, '\n'); i >= 0 {
		m = m[:i] + " [...]"
	}
	return m
}

// Infof forwards to the store's Logger.
func (p pebbleLogger) Infof(format string, args ...any) { p.l.Infof("%s", firstLine(format, args...)) }

// Errorf forwards to the store's Logger.
func (p pebbleLogger) Errorf(format string, args ...any) {
	p.l.Errorf("%s", firstLine(format, args...))
}

// Fatalf logs and panics (Pebble's default would exit the process); Open
// turns such a panic into ErrCorrupt.
func (p pebbleLogger) Fatalf(format string, args ...any) {
	m := firstLine(format, args...)
	p.l.Errorf("%s", m)
	panic(fatalError(m))
}

type fatalError string

// Open opens (or, unless read-only, creates) the store in dir. A new store
// holds the empty graph "default". A graph whose image is current is opened
// from it without reading its records; any other is read whole (and its
// image written, unless read-only).
//
// Errors: ErrLocked when another process holds a conflicting lock;
// ErrNotFound when a read-only open finds no store; ErrIncompatibleVersion
// for another format version; ErrCorrupt for undecodable files or records;
// ErrMemoryBudget when what must be held in memory exceeds
// Options.MemoryBudget; ErrCorrupt also when the store lacks a commit it
// acknowledged (COMMITSEQ). Open never panics on bad files.
func Open(dir string, opts *Options) (_ *Store, err error) {
	o := opts.EnsureDefaults()
	if err := o.Validate(); err != nil {
		return nil, err
	}
	if o.ReadOnly {
		if _, err := o.FS.Stat(dir); err != nil {
			return nil, errorf(ErrNotFound, "no store at %s", dir)
		}
	} else if err := o.FS.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("storage: create %s: %w", dir, err)
	}
	lk, err := acquireLock(o.FS, dir, o.ReadOnly)
	if err != nil {
		return nil, err
	}
	s := &Store{dir: dir, opts: o, lock: lk, graphs: map[string]*Graph{}, journalFloor: 4096}
	s.pages = newPagePool(o.MemoryBudget, s.mem.Load)
	defer func() {
		if r := recover(); r != nil {
			err = errorf(ErrCorrupt, "%v", r)
		}
		if err != nil {
			if s.seqFile != nil {
				_ = s.seqFile.Close()
			}
			if s.db != nil {
				func() {
					defer func() { _ = recover() }()
					_ = s.db.Close()
				}()
			}
			lk.release()
		}
	}()
	if !o.ReadOnly {
		// Remove sstables of bulk loads interrupted before (or just after)
		// their ingestion: Pebble does not reference them; and images
		// whose writing was interrupted.
		if names, err := o.FS.List(dir); err == nil {
			for _, n := range names {
				if strings.HasPrefix(n, bulkFilePrefix) && strings.HasSuffix(n, ".sst") ||
					strings.HasSuffix(n, imageSuffix+".tmp") {
					_ = o.FS.Remove(o.FS.PathJoin(dir, n))
				}
			}
		}
	}
	if err := s.openPebble(); err != nil {
		return nil, err
	}
	if err := s.checkFormat(); err != nil {
		return nil, err
	}
	if err := s.openSeq(); err != nil {
		return nil, err
	}
	if err := s.loadGraphs(); err != nil {
		return nil, err
	}
	// Index trees opened from an image are not built yet: a read builds
	// one only while the store is within the budget, and scans otherwise.
	if b := o.MemoryBudget; b > 0 && s.mem.Load()-s.unbuiltMem() > b {
		return nil, errorf(ErrMemoryBudget, "the store needs about %d bytes in memory, over the budget of %d", s.mem.Load()-s.unbuiltMem(), b)
	}
	if !o.ReadOnly && !o.noImageWriter {
		s.startImageWriter()
	}
	s.releaseLimit = claimMemoryLimit(o)
	return s, nil
}

func (s *Store) openPebble() error {
	o := s.opts
	cache := pebble.NewCache(o.PebbleCacheSize)
	defer cache.Unref()
	fs := o.FS
	if o.ReadOnly {
		fs = noLockFS{fs}
	}
	popts := &pebble.Options{
		FS:                 fs,
		Cache:              cache,
		MemTableSize:       o.MemTableSize,
		ReadOnly:           o.ReadOnly,
		ErrorIfNotExists:   o.ReadOnly,
		Logger:             pebbleLogger{o.Logger},
		FormatMajorVersion: pebble.FormatNewest,
		EventListener: &pebble.EventListener{
			// Corruption found by a read surfaces as that read's error;
			// do not let Pebble's default handler exit the process.
			DataCorruption: func(info pebble.DataCorruptionInfo) {
				o.Logger.Errorf("data corruption in %s: %v", info.Path, info.Details)
			},
		},
	}
	popts.EnsureDefaults()
	if o.ReadOnly {
		// Do not try to ratchet the format of a store we may not write.
		popts.FormatMajorVersion = pebble.FormatMinSupported
	}
	db, err := pebble.Open(s.dir, popts)
	if err != nil {
		if o.ReadOnly && errors.Is(err, os.ErrNotExist) {
			return errorf(ErrNotFound, "no store at %s: %v", s.dir, err)
		}
		if bytes.Contains([]byte(err.Error()), []byte("format")) && bytes.Contains([]byte(err.Error()), []byte("version")) {
			return errorf(ErrIncompatibleVersion, "%v", err)
		}
		return errorf(ErrCorrupt, "%v", err)
	}
	s.db, s.popts = db, popts
	return nil
}

func (s *Store) get(key []byte) ([]byte, bool, error) {
	v, c, err := s.db.Get(key)
	if errors.Is(err, pebble.ErrNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, errorf(ErrCorrupt, "read %q: %v", key, err)
	}
	out := bytes.Clone(v)
	_ = c.Close()
	return out, true, nil
}

func (s *Store) checkFormat() error {
	v, ok, err := s.get(keyFormat)
	if err != nil {
		return err
	}
	if ok {
		if len(v) != len(formatMagic)+4 || string(v[:len(formatMagic)]) != formatMagic {
			return errorf(ErrCorrupt, "bad format record in %s", s.dir)
		}
		if ver := binary.BigEndian.Uint32(v[len(formatMagic):]); ver != formatVersion {
			return errorf(ErrIncompatibleVersion, "%s has format version %d, this build reads version %d", s.dir, ver, formatVersion)
		}
		return nil
	}
	// No format record: only a brand-new, empty database is acceptable.
	it, err := s.db.NewIter(nil)
	if err != nil {
		return errorf(ErrCorrupt, "%v", err)
	}
	empty := !it.First()
	ierr := it.Close()
	if ierr != nil {
		return errorf(ErrCorrupt, "%v", ierr)
	}
	if !empty {
		return errorf(ErrCorrupt, "%s holds data but no cyq format record", s.dir)
	}
	if s.opts.ReadOnly {
		return errorf(ErrNotFound, "no store at %s", s.dir)
	}
	b := s.db.NewBatch()
	defer b.Close()
	_ = b.Set(keyFormat, binary.BigEndian.AppendUint32([]byte(formatMagic), formatVersion), nil)
	_ = b.Set(graphCatalogKey(DefaultGraph), binary.BigEndian.AppendUint32(nil, 0), nil)
	_ = b.Set(keyNextGraph, binary.BigEndian.AppendUint32(nil, 1), nil)
	if err := b.Commit(pebble.Sync); err != nil {
		return fmt.Errorf("storage: initialise %s: %w", s.dir, err)
	}
	return nil
}

func (s *Store) loadGraphs() error {
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: prefixGraphs, UpperBound: []byte("\x00H")})
	if err != nil {
		return errorf(ErrCorrupt, "%v", err)
	}
	type entry struct {
		name string
		id   uint32
	}
	var es []entry
	for ok := it.First(); ok; ok = it.Next() {
		v := it.Value()
		if len(v) != 4 {
			_ = it.Close()
			return errorf(ErrCorrupt, "bad graph catalog entry %q", it.Key())
		}
		es = append(es, entry{string(it.Key()[len(prefixGraphs):]), binary.BigEndian.Uint32(v)})
	}
	if err := it.Close(); err != nil {
		return errorf(ErrCorrupt, "%v", err)
	}
	for _, e := range es {
		seq, err := s.readSeq(graphSeqKey(e.id))
		if err != nil {
			return err
		}
		v, st, err := s.openGraphVersion(e.id, seq)
		if err != nil {
			return fmt.Errorf("%w (graph %q)", err, e.name)
		}
		g := s.newGraph(e.name, e.id, v)
		g.seq.Store(seq)
		g.imgSeq.Store(st.imgSeq)
		g.imgSize.Store(st.imgSize)
		g.journalChanges.Store(st.changes)
		g.unjournaled.Store(st.unjournaled)
		g.indexDDL.Store(st.indexDDL)
		g.rebuilt = st.rebuilt
		s.graphs[e.name] = g
		s.mem.Add(v.mem)
	}
	return nil
}

func (s *Store) newGraph(name string, id uint32, v *version) *Graph {
	g := &Graph{s: s, name: name, id: id, writer: make(chan struct{}, 1)}
	g.cur.Store(v)
	return g
}

// Dir returns the store's directory.
func (s *Store) Dir() string { return s.dir }

// FS returns the filesystem the store lives in (Options.FS), so that files
// kept beside the store (such as the GraphProgram store) use the same one.
func (s *Store) FS() vfs.FS { return s.opts.FS }

// ReadOnly reports whether the store was opened read-only.
func (s *Store) ReadOnly() bool { return s.opts.ReadOnly }

// unbuiltMem is the estimated bytes of the index trees not built yet.
func (s *Store) unbuiltMem() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	var n int64
	for _, g := range s.graphs {
		n += g.cur.Load().unbuiltMem()
	}
	return n
}

// MemoryUsage returns the estimated bytes used by the in-memory read
// structures of all graphs (committed state, including pages cached from
// their images, and the full-text and vector indexes built or decoded so
// far), and the budget (0: none).
func (s *Store) MemoryUsage() (used, budget int64) {
	used = s.mem.Load()
	s.mu.Lock()
	for _, g := range s.graphs {
		v := g.cur.Load()
		used += v.cachedBytes() + v.searchBytes()
	}
	s.mu.Unlock()
	return used + s.pages.charges(), s.opts.MemoryBudget
}

// ChargeMemory counts n more bytes (negative: n fewer) of a query's
// working memory (its tables, buffers and frontiers) in the store's
// MemoryUsage. Under a MemoryBudget they share half of it with the pages
// cached from the graphs' images, which are evicted to make room for
// them; they are never refused here (a query's own memory is bounded by
// the engine's per-query limit). A query gives back all it charged when
// it ends.
func (s *Store) ChargeMemory(n int64) { s.pages.charge(n) }

// MemoryPeak is the highest MemoryUsage the store saw, sampled each time
// a page was cached or a query's working memory grew or shrank, leaving
// out full-text and vector indexes; 0 without a MemoryBudget.
func (s *Store) MemoryPeak() int64 {
	if s.opts.MemoryBudget <= 0 {
		return 0
	}
	return s.pages.peakBytes()
}

// Graphs lists the graph names in sorted order.
func (s *Store) Graphs() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	names := make([]string, 0, len(s.graphs))
	for n := range s.graphs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Graph returns the named graph, or an error wrapping ErrNotFound.
func (s *Store) Graph(name string) (*Graph, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, ErrClosed
	}
	g := s.graphs[name]
	if g == nil {
		return nil, errorf(ErrNotFound, "graph %q", name)
	}
	return g, nil
}

// CreateGraph creates an empty graph (ErrExists if the name is taken).
func (s *Store) CreateGraph(name string) (*Graph, error) {
	if s.opts.ReadOnly {
		return nil, ErrReadOnly
	}
	if name == "" {
		return nil, fmt.Errorf("storage: graph name must not be empty")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, ErrClosed
	}
	if s.graphs[name] != nil {
		return nil, errorf(ErrExists, "graph %q", name)
	}
	nv, ok, err := s.get(keyNextGraph)
	if err != nil {
		return nil, err
	}
	if !ok || len(nv) != 4 {
		return nil, errorf(ErrCorrupt, "missing next graph id")
	}
	id := binary.BigEndian.Uint32(nv)
	b := s.db.NewBatch()
	defer b.Close()
	_ = b.Set(graphCatalogKey(name), binary.BigEndian.AppendUint32(nil, id), nil)
	_ = b.Set(keyNextGraph, binary.BigEndian.AppendUint32(nil, id+1), nil)
	g := s.newGraph(name, id, newVersion())
	// The journal starts at sequence 0, the empty graph.
	if err := s.commitBatch(b, g, emptyJournal()); err != nil {
		return nil, fmt.Errorf("storage: create graph: %w", err)
	}
	s.graphs[name] = g
	return g, nil
}

// DropGraph deletes a graph and all its data. It waits for the graph's
// writer (up to Options.WriterTimeout). Snapshots taken earlier keep
// working; later use of the *Graph fails with ErrNotFound.
func (s *Store) DropGraph(name string) error {
	if s.opts.ReadOnly {
		return ErrReadOnly
	}
	g, err := s.Graph(name)
	if err != nil {
		return err
	}
	if err := g.acquireWriter(context.Background()); err != nil {
		return err
	}
	defer g.releaseWriter()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	if s.graphs[name] != g {
		return errorf(ErrNotFound, "graph %q", name)
	}
	b := s.db.NewBatch()
	defer b.Close()
	_ = b.Delete(graphCatalogKey(name), nil)
	_ = b.DeleteRange(graphPrefix(g.id), graphEnd(g.id), nil)
	_ = b.Delete(graphSeqKey(g.id), nil)
	_ = b.DeleteRange(journalPrefix(g.id), prefixEnd(journalPrefix(g.id)), nil)
	if err := s.commitBatch(b, nil, nil); err != nil {
		return fmt.Errorf("storage: drop graph: %w", err)
	}
	_ = s.opts.FS.Remove(s.opts.FS.PathJoin(s.dir, imageName(g.id)))
	_ = s.opts.FS.Remove(s.opts.FS.PathJoin(s.dir, searchImageName(g.id)))
	g.dropped.Store(true)
	delete(s.graphs, name)
	s.mem.Add(-g.cur.Load().mem)
	return nil
}

// Close closes the store. Snapshots stay readable (they are in memory).
// Transactions still open are not waited for: their Commit fails with
// ErrClosed. Close is idempotent.
func (s *Store) Close() (err error) {
	s.stopImageWriter()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	if s.releaseLimit != nil {
		defer s.releaseLimit()
	}
	s.commitMu.Lock()
	s.isClosed = true
	s.commitMu.Unlock()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("storage: close: %v", r)
		}
		s.lock.release()
	}()
	if s.seqFile != nil {
		_ = s.seqFile.Close()
	}
	s.writeImages()
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("storage: close: %w", err)
	}
	return nil
}

// writeImages writes the image of every graph that needs one (needsImage),
// so that the next open applies no more than journalLimit changes. Other
// graphs keep their image and journal: Close costs nothing in proportion
// to the graph. No commit can start any more.
func (s *Store) writeImages() {
	if s.opts.ReadOnly {
		return
	}
	for _, g := range s.graphs {
		if s.needsImage(g) {
			s.foldJournal(g, g.cur.Load(), g.seq.Load(), g.journalChanges.Load())
		} else if s.needsSearchImage(g) {
			s.writeSearchImage(g.id, g.seq.Load(), g.cur.Load(), false)
		}
	}
}

// needsImage reports whether graph g's image should be rewritten: a
// commit since it wrote no journal record, created or dropped a property
// index (whose run the image is to hold or lose, indexrun.go), its journal
// outgrew journalLimit, or its value statistics went stale (valuestats.go).
func (s *Store) needsImage(g *Graph) bool {
	img := g.imgSeq.Load()
	return g.seq.Load() != img && (g.unjournaled.Load() > img || g.indexDDL.Load() > img ||
		g.journalChanges.Load() > s.journalLimit(g.imgSize.Load()) || g.cur.Load().valueStatsStale())
}

// foldJournal writes v, graph g's version at sequence seq whose journal
// held changes, as g's image, and drops the journal records it holds.
func (s *Store) foldJournal(g *Graph, v *version, seq uint64, changes int64) {
	if err := writeImage(s.opts.FS, s.dir, g.id, seq, v); err != nil {
		s.opts.Logger.Errorf("graph %q: %v", g.name, err)
		return
	}
	if st, err := s.opts.FS.Stat(s.opts.FS.PathJoin(s.dir, imageName(g.id))); err == nil {
		g.imgSize.Store(st.Size())
	}
	g.imgSeq.Store(seq)
	g.journalChanges.Add(-changes)
	s.dropJournal(g.id, seq)
	s.writeSearchImage(g.id, seq, v, false)
}

// journalLimit is the number of changes a graph's journal may hold before
// its image is rewritten: an open applies each change with a record read
// and a page decode, and rewriting the image costs about as much as
// applying one change per 256 bytes of image, so the rewrite is O(1)
// amortised per change and an open never costs more than about two image
// rewrites.
func (s *Store) journalLimit(imgSize int64) int64 {
	return s.journalFloor + imgSize/256
}

// Name returns the graph's name.
func (g *Graph) Name() string { return g.name }

// Snapshot returns the graph as of the latest commit: one atomic pointer
// load, no locking. It never blocks and is never blocked.
func (g *Graph) Snapshot() *Snapshot { return &Snapshot{g.cur.Load()} }

func (g *Graph) acquireWriter(ctx context.Context) error {
	t := time.NewTimer(g.s.opts.WriterTimeout)
	defer t.Stop()
	select {
	case g.writer <- struct{}{}:
	case <-ctx.Done():
		return fmt.Errorf("storage: waiting for the writer: %w", ctx.Err())
	case <-t.C:
		return errorf(ErrWriterBusy, "graph %q, waited %v", g.name, g.s.opts.WriterTimeout)
	}
	if g.dropped.Load() {
		<-g.writer
		return errorf(ErrNotFound, "graph %q was dropped", g.name)
	}
	return nil
}

func (g *Graph) releaseWriter() { <-g.writer }

// Begin starts the graph's write transaction. There is one writer per graph
// at a time: Begin waits for the current one to finish, up to
// Options.WriterTimeout (then ErrWriterBusy) or until ctx is done. Readers
// are never blocked. ErrReadOnly on a read-only store. ctx is checked again
// by Commit.
func (g *Graph) Begin(ctx context.Context) (*Tx, error) {
	if g.s.opts.ReadOnly {
		return nil, ErrReadOnly
	}
	if err := g.acquireWriter(ctx); err != nil {
		return nil, err
	}
	if err := g.s.beginWrite(); err != nil {
		g.releaseWriter()
		return nil, err
	}
	g.s.endWrite()
	return newTx(g, ctx, g.cur.Load()), nil
}

var _ = vfs.Default
