// Package cyqerr defines the one error type shared by every stage of cyq:
// parser, planner, VM, storage adapters, GraphProgram and the MCP server.
//
// An Error carries a type and a detail (the pair maps one to one onto the
// openCypher TCK's error classification), the phase it was raised in, a
// message a person can act on, a position in the source text, and where
// possible a hint and a corrected form.
package cyqerr
