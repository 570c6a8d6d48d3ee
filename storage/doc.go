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
// synced WAL before Commit returns. The read path never touches Pebble.
// Every graph is read through an immutable version (node pages, relationship
// pages, per (node, direction, type) adjacency lists sorted by relationship
// id, label bitmaps, property indexes, statistics). A transaction copies on
// write the pages, bitmaps and maps it touches and Commit publishes the new
// version with an atomic pointer swap, so a Snapshot is one pointer load,
// readers never block the writer, and no reader sees part of a transaction.
//
// # The persisted image
//
// Rebuilding a version from the records (node records and out-adjacency
// chunks, then in-adjacency, label bitmaps, index entries and statistics)
// costs time and memory in proportion to the graph (BenchmarkOpen). So each
// graph also has a read-optimised image, one file beside Pebble's
// (image.go), holding what that rebuild produces:
//
//   - the node table as one compressed block per page of 64 nodes: liveness,
//     label ids, encoded property maps, and adjacency in both directions,
//     per type, sorted by relationship id, delta-encoded (a CSR segment
//     per page);
//   - the relationship table (liveness, start, end, type, properties) as
//     one block per page of 1,024 relationships;
//   - the block offsets of both tables;
//   - serialized label bitmaps, the statistics counters, and per index its
//     definition and entry counts;
//   - per property index, its (value, node) entries as one sorted run in
//     blocks of 128 (indexrun.go);
//   - the value statistics (valuestats.go) with their distinct-count
//     registers, and the value kinds per (label, key) and (type, key)
//     (valuestats_kinds.go).
//
// The image carries the graph's commit sequence. Every commit writes a new
// store-wide sequence number and the graph's own in the same Pebble batch
// (a bulk load, in the sstable it ingests). An image is written to a
// temporary file, synced and renamed, so a crash never leaves a torn one.
//
// # Commits after the image
//
// Every commit also writes, in its batch, a journal record (overlay.go):
// the graph's previous sequence, the nodes whose records it wrote (with a
// copy of the record), the relationships it created, deleted or changed
// (with endpoints, type and properties), the change of the statistics
// counters, the relationship count and index sizes, and the change in
// nodes holding each (label, key) with the values taken away (an open
// adds them and the logged nodes' values to the value statistics as the
// commit did), and the change in entities holding a value of each kind
// per (label, key) and (type, key). The records chain
// by sequence, so open uses the image when its sequence is the graph's,
// else the image (or, without one, the empty graph) plus the journal
// records after it when they chain up to the graph's sequence: the journal
// is read in key order and no other record, label bitmaps move the changed
// nodes to their logged labels, and each page
// the journal touches gets a patch that the page cache applies whenever it
// decodes that page (adjacency follows from the relationships created and
// deleted: endpoints never change and ids are never reused). Nothing
// else is read: open costs in proportion to the changes since the image,
// not to the graph, after a clean Close and after a crash alike.
//
// A bulk load writes no journal record, and the journal must not grow
// without bound, so a graph's image is rewritten when a bulk load broke the
// chain or when its journal holds more changes than a floor plus one per
// 256 bytes of image (journalLimit): in the background while commits go on
// (imagefold.go, from the version and sequence of the last commit), at
// Close for what remains, and at open when the journal found is over the
// limit. Rewriting is thus O(1) amortised per change, and Close otherwise
// writes nothing. Journal records up to an image's sequence are dropped
// once it is written; any left by a crash are ignored. Only when neither
// image nor journal can be used (a crash after a bulk load, before its
// image was written; a damaged image) is the graph rebuilt from the
// records (the slow path), after which a fresh image is written. A
// read-only open cannot write one: with no usable image and journal it
// reads the graph whole.
//
// A bulk load into an empty graph writes the image itself, page by page
// from its sorted runs, beside the sstable it ingests (bulk_image.go);
// the graph is then read from the image, so after the load memory is
// bounded by the working set as after Open.
//
// Opening with a valid image maps the file (or, on filesystems without file
// descriptors, reads it) and decodes only the dictionaries, label bitmaps,
// statistics and index definitions: no record is read and nothing grows
// with the number of relationships. A version opened so has a base: pages
// not present in its own (copy-on-write) page tables are decoded from the
// image on first touch into a shared page cache (the base never changes
// while the store is open, so every version may share it). A decoded page
// keeps its adjacency in two flat, pointer-free arrays (relationship ids,
// neighbours) that its lists slice with capacity = length, so a writer's
// append copies. With Options.MemoryBudget the caches of all tables and
// graphs share one pool of half the budget (pagepool.go) that evicts the
// oldest pages; without it pages stay once decoded. Property indexes opened
// from an image are read through their runs: a seek finds its first block
// by binary search on the blocks' first values and decodes blocks into a
// cache of the same pool, never a node page; what commits changed since
// the image (nodes gone from the run, entries added: from the journal at
// open, then from each commit) is merged in at the seek. An index created
// since the image builds its tree from the data; the commit that creates
// or drops an index makes the image due for rewriting. Full-text
// and vector indexes are persisted beside the image in a search image written
// by the same writer (image_search.go): on first use an index is mapped
// from it (full-text: a term dictionary and flat arrays read in place, each
// posting decoded when read into a cache the page pool bounds; vectors: one
// flat float32 array), and the nodes the journal logged are re-indexed; without a usable search image it
// is built from its version (searchindex.go). A commit leaves an index
// nobody has read unbuilt.
//
// Store.MemoryUsage reports the estimated size of the versions' own
// structures plus the page cache; MemoryBudget bounds both (a write that
// would go past it fails with ErrMemoryBudget; cached pages are evicted).
//
// # Commit sequence
//
// Besides Pebble, each commit writes its sequence number to the file
// COMMITSEQ (after Pebble acknowledged it, without a sync). Open compares it
// with the sequence stored in Pebble: a store missing its last acknowledged
// commit (for example after damage to the tail of Pebble's MANIFEST) is
// reported as ErrCorrupt instead of opening silently without it. Pebble's
// own log output goes to Options.Logger.
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
//   - Snapshot: O(1). Reads: no Pebble access; the first read of a page of
//     an image-backed graph decodes it (64 nodes or 1,024 relationships),
//     later reads of a cached page decode nothing; Neighbors of a list of
//     32 or more entries returns a cached bitmap, shorter lists build one
//     (ExpandSet unions a whole frontier without per-node bitmaps).
//   - Begin copies the graph's two-level page tables (one pointer per
//     32,768 nodes and per 524,288 relationships). A transaction copies
//     each directory block (4 KiB), node page (64 nodes), relationship page
//     (1,024 relationships) and bitmap it first touches; appending to an
//     adjacency list is amortised O(1), removing from one copies that list
//     (O(degree)); detach-deleting a node edits each other list once.
//   - Commit: besides its records, a journal record of about their size
//     (O(nodes and relationships changed), whatever their degree).
//   - Open with an image: O(dictionaries + label bitmaps + statistics +
//     index definitions), plus reading the journal since the image and
//     O(changes) bitmap updates. Without a usable image and journal (a
//     crash after a bulk load, before its image was written; a damaged
//     image; a store written by a build without the journal): reads every
//     graph and rebuilds in-adjacency, label bitmaps, index entries and
//     statistics, then writes the image.
//   - Close: nothing in proportion to the graph, unless a graph needs an
//     image the background folder has not written yet (O(graph) for it).
//   - Memory use is an estimate (cached neighbour bitmaps are not counted).
//
// Build with -tags invariants to check every published version against its
// tables (costly: O(graph) per commit).
package storage
