// Package importer bulk-loads data into a cyq graph for `cyq import` and
// the benchmark suite: admin-import style CSV node and relationship files
// (and CSV files with plain headers), edge lists, TSV triples, the LDBC SNB
// CSV layout, Cypher scripts and folders of Markdown notes.
//
// Everything except Cypher scripts and incremental Markdown goes through
// the storage bulk builder: all input is read and checked first, and the
// graph changes only when the whole load succeeds.
//
// Input: files named by FileSpec, EdgeSpec, TripleSpec, an LDBC directory
// (Importer), a Cypher script (RunCypher) or a folder (ImportMarkdown).
// Output: nodes and relationships in a *storage.Graph, and Stats; malformed
// input is an *InputError with file, line and column.
package importer
