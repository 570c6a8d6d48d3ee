// End-to-end test of cyq's MCP server with the official MCP TypeScript SDK
// client. Run by mcp/e2e_test.go:
//
//   node e2e.mjs stdio <server-binary> <server args...>
//   node e2e.mjs http <url> <token>
//
// It exits 0 when every check passes and prints one JSON line of results.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [mode, ...rest] = process.argv.slice(2);
const failures = [];
const check = (ok, what, detail) => {
  if (!ok) failures.push(what + (detail === undefined ? "" : ": " + JSON.stringify(detail).slice(0, 500)));
};

let transport;
if (mode === "stdio") {
  const [bin, ...args] = rest;
  transport = new StdioClientTransport({ command: bin, args, stderr: "pipe" });
} else if (mode === "http") {
  const [url, token] = rest;
  transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
} else {
  console.error("usage: node e2e.mjs stdio BIN ARGS... | http URL TOKEN");
  process.exit(2);
}

const client = new Client({ name: "cyq-e2e", version: "1.0.0" });
await client.connect(transport);

try {
const tools = await client.listTools();
const names = tools.tools.map((t) => t.name).sort();
check(JSON.stringify(names) === JSON.stringify(["cypher", "node", "path", "program", "related", "schema", "search", "stats"]), "tools", names);
for (const t of tools.tools) {
  check(t.annotations && typeof t.annotations.readOnlyHint === "boolean" && typeof t.annotations.destructiveHint === "boolean", "annotations " + t.name, t.annotations);
}

const resources = await client.listResources();
const uris = resources.resources.map((r) => r.uri).sort();
check(uris.length === 3 && uris.includes("cyq://program/syntax") && uris.includes("cyq://cypher/syntax") && uris.includes("cyq://graph/schema"), "resources", uris);
const syntax = await client.readResource({ uri: "cyq://program/syntax" });
check(syntax.contents[0].text.includes("$W_IDS"), "program/syntax content");
const schemaRes = await client.readResource({ uri: "cyq://graph/schema" });
check(JSON.parse(schemaRes.contents[0].text).nodes === 4, "graph/schema content", schemaRes.contents[0].text);

const call = (name, args) => client.callTool({ name, arguments: args });

// A knowledge-graph tool: stats agrees with the graph/schema resource.
{
  const st = await call("stats", {});
  check(!st.isError && st.structuredContent.success === true && st.structuredContent.nodes === 4, "stats", st.structuredContent);
}
const cy = (op, query) => ({ op, operation: { type: "cypher", query } });

// A program.
const program = {
  version: 1,
  metadata: { name: "walk", author: "agent" },
  statements: [
    cy("+", "MATCH p = (:Concept {concept_id: 'a'})-[:REL*1..2]->() RETURN p"),
    cy("-", "MATCH (n {concept_id: 'c'}) RETURN n"),
  ],
};
let r = await call("program", { action: "validate", program });
check(!r.isError && r.structuredContent.valid === true, "validate", r.structuredContent);
r = await call("program", { action: "execute", program });
check(!r.isError && r.structuredContent.result.nodes.length === 2 && r.structuredContent.result.links.length === 1, "execute", r.structuredContent);
check(r.structuredContent.log.length === 2 && r.structuredContent.log[1].statement === "1" && r.structuredContent.log[1].nodes_affected === 1, "execute log", r.structuredContent.log);
check(r.content[0].type === "text" && r.content[0].text.startsWith("ok"), "execute text", r.content);

// A failing assertion aborts.
r = await call("program", { action: "execute", program: { version: 1, statements: [cy("!", "MATCH (n:Nope) RETURN n")] } });
check(r.isError === true && r.structuredContent.aborted.reason === "assertion failed: empty result", "abort", r.structuredContent);

// A chain.
const grow = { version: 1, statements: [cy("+", "MATCH (n)-[r]-(m) WHERE n.concept_id IN $W_IDS RETURN r")] };
r = await call("program", { action: "chain", deck: [{ program }, { program: grow }] });
check(!r.isError && r.structuredContent.programs.length === 2 && r.structuredContent.result.nodes.length === 4, "chain", r.structuredContent);

// An invalid program: rule id and JSON pointer.
r = await call("program", { action: "execute", program: { version: 1, statements: [cy("+", "MATCH (a)-[*]->(b) RETURN b")] } });
check(r.isError === true && r.structuredContent.valid === false && r.structuredContent.errors[0].rule_id === "V030" &&
  r.structuredContent.errors[0].field === "/statements/0/operation/query", "invalid program", r.structuredContent);

// A cypher query.
r = await call("cypher", { query: "MATCH (n:Concept) RETURN n.name AS name ORDER BY name" });
check(!r.isError && r.structuredContent.success === true && r.structuredContent.count === 3 &&
  r.structuredContent.rows[0].name === "Alpha", "cypher", r.structuredContent);
r = await call("cypher", { query: "MATCH (n) WHERE n.concept_id == 'a' RETURN n", shape: "graph" });
check(!r.isError && r.structuredContent.nodes.length === 1 && r.structuredContent.fixes_applied.length === 1, "cypher fix + graph shape", r.structuredContent);

// A rejected write.
r = await call("cypher", { query: "CREATE (n:Evil) RETURN n" });
check(r.isError === true && r.structuredContent.success === false && r.structuredContent.error.code.startsWith("AccessDenied"), "rejected write", r.structuredContent);
r = await call("cypher", { query: "MATCH (n:Evil) RETURN count(n) AS c" });
check(r.structuredContent.rows[0].c === 0, "nothing written", r.structuredContent);

// A syntax error with a position.
r = await call("cypher", { query: "MATCH (n RETURN n" });
check(r.isError === true && r.structuredContent.error.code.startsWith("SyntaxError") && r.structuredContent.error.line === 1 &&
  typeof r.structuredContent.error.column === "number", "syntax error", r.structuredContent);

// Schema.
r = await call("schema", {});
check(!r.isError && r.structuredContent.labels.length === 2, "schema", r.structuredContent);

} catch (e) {
  failures.push("exception: " + (e && e.stack ? e.stack.split("\n").slice(0, 3).join(" | ") : String(e)));
}
await client.close();
console.log(JSON.stringify({ mode, failures }));
process.exit(failures.length === 0 ? 0 : 1);
