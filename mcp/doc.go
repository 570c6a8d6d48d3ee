// Package mcp is cyq's Model Context Protocol server: a thin shell over the
// cyq library that gives LLM agents the program, cypher, cypher_write and
// schema tools, the knowledge-graph tools (search, node, related, path,
// stats, visualize, suggest_merges, use_graph; with --allow-writes also
// entities, relations, observations and bulk_update) and the
// program/syntax, cypher/syntax and graph/schema resources.
//
// Input: a *cyq.DB and a Config. Output: a *server.MCPServer (mark3labs/
// mcp-go) served over stdio or streamable HTTP by Main, which implements
// `cyq serve`.
//
// Every tool result carries structured content (a JSON object) and a compact
// text rendering for the model; failures are tool results with isError set
// and a structured error (code, message, line, column, hint), so a model can
// repair its input. The cypher tool and GraphProgram Cypher operations are
// read-only, decided by the planner (vm.Program.Writes) and enforced by
// running on a snapshot with no writer attached.
package mcp
