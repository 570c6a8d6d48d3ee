// Package procedures holds cyq's built-in procedures: the db.* listing
// procedures (db.labels, db.relationshipTypes, db.propertyKeys,
// db.schema.visualization), full-text, vector and hybrid search
// (db.index.fulltext.queryNodes, db.index.vector.queryNodes, cyq.search.*)
// and embedding maintenance (cyq.embed.refresh).
//
// Input: an engine. Output: vm.Procedure values registered on it with
// Register, the same interface a Go program uses for its own procedures;
// each procedure reads the store through the vm.Ctx it is called with.
package procedures
