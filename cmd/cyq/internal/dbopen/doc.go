// Package dbopen opens the store and graph named on cyq's command line
// (--db, --graph, the shell's :use) without creating what a typo names.
//
// Input: a Spec (directory, graph, whether creating is allowed). Output: a
// Handle holding the open *cyq.DB on that graph, which records what the
// open created so that a failed import can take it back (Discard).
//
// The rules: an existing store opens; a missing directory is refused with
// an error that lists the stores beside it and suggests the nearest name,
// unless creating was asked for (--create, implied by cyq import) or the
// directory is the default location nobody typed. An existing empty
// directory was made on purpose and becomes a store, with a notice. A
// graph that does not exist is refused the same way (the graphs of the
// store listed, the nearest suggested) unless creating was asked for.
package dbopen
