// Package grammar holds cyq's openCypher grammar (Cypher.g4) and the Go
// lexer and parser that antlr-ng generates from it. Only package parser
// imports it.
//
// Input: Cypher source text (an antlr.CharStream). Output: an ANTLR parse
// tree (*StatementEOFContext), which package parser turns into an ast.Statement.
//
// Regenerate with `go generate ./grammar` (needs Node.js; npx fetches the
// pinned antlr-ng version). Never edit the generated files by hand.
package grammar

//go:generate sh gen.sh
