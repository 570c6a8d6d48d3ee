// Package mcp is cyq's Model Context Protocol server: a thin shell over the
// cyq library that gives LLM agents the program, cypher, cypher_write and
// schema tools, the knowledge-graph tools (search, node, related, path,
// stats, visualize, suggest_merges, use_graph; with --allow-writes also
// entities, relations, observations and bulk_update) and the
// program/syntax, cypher/syntax and graph/schema resources.
//
// Input: an open store handle (a *cyq.DB) and a Config. Output: a
// *server.MCPServer (mark3labs/mcp-go) with the tools and resources, served
// over stdio or streamable HTTP by Main, which implements `cyq serve`.
//
// Every tool result carries structured content (a JSON object) and a text
// rendering for the model, within one output budget for both; failures are tool results with isError set
// and a structured error (code, message, line, column, hint), so a model can
// repair its input. The cypher tool and GraphProgram Cypher operations are
// read-only, decided by the planner (vm.Program.Writes) and enforced by
// running on a snapshot with no writer attached.
//
// Layout: server.go builds the server and lists the cypher, schema and
// program tools, kg_handler.go the knowledge-graph tools; each tool's
// description, input schema and handler sit in tool_<name>.go (cypher_write
// in tool_cypher.go, the entities tool's merge in entity_merge.go) and the
// resources in resources.go. Shared helpers: args.go decodes and checks
// arguments, result.go builds results and structured failures, output.go
// applies one rule to every tool's result before it reaches the agent
// (long float lists elided, structured content and text together within
// the output budget),
// value_json.go shapes values as JSON (vectors elided), session.go and
// target.go pick the graph a call works on, resolve.go turns references
// into nodes, entity_model.go holds the entity model's names,
// similarity.go the name distances, kg_writer.go the write transaction and
// dialect.go the Cypher dialect fixes; main.go serves.
package mcp
