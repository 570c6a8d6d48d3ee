// Package storage is cyq's durable property-graph store, built on Pebble.
//
// Input: writes through a *Tx (Graph.Begin) or a bulk load
// (Graph.BulkLoad, BulkBuilder); openCypher values of package value as
// property values. Output: the Reader interface (implemented by *Snapshot
// and *Tx) that the VM and the planner read through: dictionaries, label
// bitmaps, adjacency as roaring bitmaps or (relationship, neighbour) pairs,
// properties, property indexes and Stats for the cost model.
//
// # Model
//
// A Store is one directory (one Pebble database) holding named graphs; a new
// store has the graph "default". In a graph, nodes have dense uint32 ids,
// any number of labels and a property map; relationships have dense uint64
// ids, one type, a direction and a property map; parallel relationships and
// self-loops are allowed. Labels, relationship types and property keys are
// interned in per-graph dictionaries (name <-> uint32 id). Ids are never
// reused.
//
// # Memory and durability
//
// Pebble is the source of truth: a commit is one Pebble batch written with a
// synced WAL before Commit returns. The read path never touches Pebble: at
// Open every graph is read into an immutable in-memory version (node pages,
// relationship pages, per (node, direction, type) adjacency lists sorted by
// relationship id, label bitmaps, property indexes, statistics). A
// transaction copies on write the pages, bitmaps and maps it touches and
// Commit publishes the new version with an atomic pointer swap, so a
// Snapshot is one pointer load, readers never block the writer, and no
// reader sees part of a transaction. The estimated size of these
// structures is reported by Store.MemoryUsage and bounded by
// Options.MemoryBudget (exceeding it is ErrMemoryBudget, never an OOM of the
// store's own making).
//
// Derived structures are not stored: in-adjacency, label bitmaps, index
// entries and statistics are rebuilt at Open from node records and
// out-adjacency chunks. Adjacency chunks are keyed by (node, type,
// relID>>12), so no Pebble value holds more than 4096 entries however large
// a node's degree.
//
// # Concurrency
//
// Any number of Snapshots may be used concurrently; each graph has one
// writer at a time (Begin waits up to Options.WriterTimeout). A writer
// holds an exclusive flock on the directory; read-only opens share one,
// so several processes may read a store no process is writing.
//
// # Format
//
// The key layout is described in keys.go and the value encoding in
// codec.go; the format version is checked at Open (ErrIncompatibleVersion)
// and every record is validated while loading (ErrCorrupt).
//
// # Costs and limits
//
//   - Snapshot: O(1). Reads: no Pebble access, no decoding; Neighbors of
//     a list of 32 or more entries returns a cached bitmap, shorter lists
//     build one (ExpandSet unions a whole frontier without per-node bitmaps).
//   - Begin copies the graph's two-level page tables (one pointer per
//     32,768 nodes and per 524,288 relationships). A transaction copies
//     each directory block (4 KiB), node page (64 nodes), relationship page
//     (1,024 relationships) and bitmap it first touches; appending to an
//     adjacency list is amortised O(1), removing from one copies that list
//     (O(degree)); detach-deleting a node edits each other list once.
//   - Open reads every graph (node records and out-adjacency chunks) and
//     rebuilds in-adjacency, label bitmaps, index entries and statistics.
//   - Memory use is an estimate (cached neighbour bitmaps are not counted).
//
// Build with -tags invariants to check every published version against its
// tables (costly: O(graph) per commit).
package storage
