package storage

import (
	"errors"
	"fmt"
)

// Sentinel errors. Every error returned by this package either is one of
// these or wraps one (test with errors.Is); their messages start with
// "storage: ". The query engine maps them onto cyqerr types.
var (
	// ErrNotFound: a graph, node, relationship, index or constraint does not exist.
	ErrNotFound = errors.New("storage: not found")
	// ErrExists: a graph, index or constraint being created already exists.
	ErrExists = errors.New("storage: already exists")
	// ErrConstraintViolation: a write (or a new constraint) breaks a uniqueness constraint.
	ErrConstraintViolation = errors.New("storage: constraint violation")
	// ErrNodeHasRelationships: a non-detaching delete of a node that still has relationships.
	ErrNodeHasRelationships = errors.New("storage: node still has relationships")
	// ErrInvalidProperty: a property value that cannot be stored (node, relationship,
	// path, map, a list that holds null, a nested or mixed-type list, an extension
	// value without a registered codec).
	ErrInvalidProperty = errors.New("storage: invalid property value")
	// ErrCorrupt: the store's files or records cannot be decoded.
	ErrCorrupt = errors.New("storage: store is corrupt")
	// ErrIncompatibleVersion: the store was written with an unsupported format version.
	ErrIncompatibleVersion = errors.New("storage: incompatible store format version")
	// ErrReadOnly: a write on a store opened read-only.
	ErrReadOnly = errors.New("storage: store is read-only")
	// ErrLocked: another process (or Store) holds a conflicting lock on the directory.
	ErrLocked = errors.New("storage: store is locked by another process")
	// ErrMemoryBudget: the in-memory read structures would exceed Options.MemoryBudget.
	ErrMemoryBudget = errors.New("storage: memory budget exceeded")
	// ErrWriterBusy: Begin timed out waiting for the single writer slot.
	ErrWriterBusy = errors.New("storage: timed out waiting for the writer")
	// ErrTxDone: use of a transaction after Commit or Rollback.
	ErrTxDone = errors.New("storage: transaction already committed or rolled back")
	// ErrClosed: use of a closed store or a dropped graph.
	ErrClosed = errors.New("storage: store or graph is closed")
	// ErrInvalidOptions: Options.Validate failed.
	ErrInvalidOptions = errors.New("storage: invalid options")
)

// errorf wraps a sentinel with detail: the result's message is
// "<sentinel message>: <detail>" and errors.Is(result, sentinel) holds.
func errorf(sentinel error, format string, args ...any) error {
	return fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, args...))
}
