//go:build invariants

package storage

// invariants enables costly consistency checks of every published version
// (build with -tags invariants).
const invariants = true
