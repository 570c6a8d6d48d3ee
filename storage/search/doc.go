// Package search holds the pure data structures behind cyq's full-text and
// vector indexes: text analysis (Unicode tokenisation, case folding, an
// English Snowball stemmer), BM25 postings with phrase and prefix queries, a
// contiguous float32 vector store scanned exactly with SIMD (vek32), and
// reciprocal rank fusion.
//
// Input: node ids (uint32) with their text or vectors. Output: ranked Hits.
// Every structure is immutable once published: Edit returns a private copy
// that shares what it does not change, so storage can publish a new index
// with each committed version while older snapshots keep reading theirs.
//
// Persisted forms (persist.go): FullText.AppendBinary and DecodeFullText;
// Vectors.Live and VectorsFrom, which scans read-only (mapped) arrays in
// place and keeps its edits apart from them.
package search
