package storage

import (
	"fmt"
	"log"
	"time"

	"github.com/cockroachdb/pebble/v2/vfs"
)

// Logger receives diagnostic messages from the store and from Pebble.
type Logger interface {
	Infof(format string, args ...any)
	Errorf(format string, args ...any)
}

// Options configure Open. The zero value (or nil) is valid: it means an
// on-disk store with default limits.
type Options struct {
	// FS is the filesystem the store lives in. Default vfs.Default (disk).
	// Use vfs.NewMem() for in-memory stores (tests, the TCK runner).
	FS vfs.FS
	// ReadOnly opens an existing store for reading only. Several read-only
	// opens (also from several processes) may share a directory; they fail
	// with ErrLocked while a writer holds it, and a writer fails while any
	// read-only open holds it.
	ReadOnly bool
	// MemoryBudget bounds the estimated size, in bytes, of the in-memory read
	// structures of all graphs (node table, adjacency, label bitmaps,
	// property indexes, statistics) and of the running queries' working
	// memory. Pages read from the graphs' images (node and relationship
	// tables) are cached within half of it, together with the queries'
	// tables and buffers (Store.ChargeMemory), and evicted, oldest first,
	// beyond that; a write (or BulkLoad, or an open that must read a
	// graph whole) that would go past the budget fails with
	// ErrMemoryBudget. A property index opened from an image builds its
	// value tree on first read only while the store is within the budget;
	// over it, reads scan the label's nodes instead (slower, not failing).
	// Zero means no limit (pages stay cached once read). See
	// Store.MemoryUsage and Store.MemoryPeak.
	//
	// With a budget, and unless the process has a Go memory limit of its
	// own (runtime/debug.SetMemoryLimit or GOMEMLIMIT), Open also sets the
	// runtime's soft memory limit so that the garbage collector keeps the
	// heap near the budgets of the open stores (each budget, plus Pebble's
	// cache and memtables, plus 32 MiB for the runtime and queries;
	// memlimit.go), and the last Close gives it back.
	// The pages of mapped image files that reads touch are released from
	// the process's resident set each time an eighth of the budget of them
	// was read (image.go), and so are those of a large vector index after
	// each query (image_search.go), and so are those of a large
	// full-text index, whose postings are decoded from the mapped search
	// image as queries read them and cached in the page pool with the
	// graphs' pages (evicted with them: a query over an index larger than
	// the budget is slower, not failing). Full-text and vector indexes
	// count in MemoryUsage once built or opened; an index built in memory
	// (no usable search image, or created since the open) is neither
	// evicted nor refused.
	MemoryBudget int64
	// WriterTimeout bounds how long Graph.Begin waits for the graph's single
	// writer slot before returning ErrWriterBusy. Default 10s.
	WriterTimeout time.Duration
	// Logger receives diagnostics. Default: the standard log package, with
	// Pebble's informational chatter suppressed.
	Logger Logger
	// PebbleCacheSize is the size of Pebble's block cache in bytes. Default 8 MiB.
	PebbleCacheSize int64
	// MemTableSize is Pebble's memtable size in bytes. Default 4 MiB.
	MemTableSize uint64

	// noImageWriter opens a writable store without its background image
	// writer (tests): an image an open finds due stays due, where the
	// writer, kicked at open, may already have written it before a test
	// could stop it.
	noImageWriter bool
}

type stdLogger struct{}

// Infof drops informational messages.
func (stdLogger) Infof(string, ...any) {}

// Errorf logs through the standard log package.
func (stdLogger) Errorf(format string, args ...any) {
	log.Printf("cyq storage: "+format, args...)
}

// EnsureDefaults returns o with every unset field given its default. It
// accepts a nil receiver.
func (o *Options) EnsureDefaults() *Options {
	var n Options
	if o != nil {
		n = *o
	}
	if n.FS == nil {
		n.FS = vfs.Default
	}
	if n.WriterTimeout == 0 {
		n.WriterTimeout = 10 * time.Second
	}
	if n.Logger == nil {
		n.Logger = stdLogger{}
	}
	if n.PebbleCacheSize == 0 {
		n.PebbleCacheSize = 8 << 20
	}
	if n.MemTableSize == 0 {
		n.MemTableSize = 4 << 20
	}
	return &n
}

// Validate reports an error wrapping ErrInvalidOptions for a nonsensical
// setting.
func (o *Options) Validate() error {
	switch {
	case o.MemoryBudget < 0:
		return fmt.Errorf("%w: MemoryBudget %d is negative", ErrInvalidOptions, o.MemoryBudget)
	case o.WriterTimeout < 0:
		return fmt.Errorf("%w: WriterTimeout %v is negative", ErrInvalidOptions, o.WriterTimeout)
	case o.PebbleCacheSize < 0:
		return fmt.Errorf("%w: PebbleCacheSize %d is negative", ErrInvalidOptions, o.PebbleCacheSize)
	case o.MemTableSize > 0 && o.MemTableSize < 64<<10:
		return fmt.Errorf("%w: MemTableSize %d is below 64 KiB", ErrInvalidOptions, o.MemTableSize)
	}
	return nil
}
