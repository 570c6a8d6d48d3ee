// Command cyq-mcp runs cyq's MCP server, as `cyq serve` does; it exists so
// the MCP end-to-end test can build a server binary without cmd/cyq.
package main
