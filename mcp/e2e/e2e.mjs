// End-to-end test of cyq's MCP server with the official MCP TypeScript SDK
// client. Run by mcp/e2e_test.go:
//
//   node e2e.mjs stdio <server-binary> <server args...>
//   node e2e.mjs http <url> <token>
//   node e2e.mjs kg <server-binary> --allow-writes   (the knowledge-graph write tools, in memory)
//
// It exits 0 when every check passes and prints one JSON line of results.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [mode, ...rest] = process.argv.slice(2);
const failures = [];
const measured = {};
const check = (ok, what, detail) => {
  if (!ok) failures.push(what + (detail === undefined ? "" : ": " + JSON.stringify(detail).slice(0, 500)));
};

const READ_KG = ["search", "node", "related", "path", "stats", "visualize", "suggest_merges", "use_graph"];
const WRITE_KG = ["entities", "relations", "observations", "bulk_update"];
const sc = (r) => r.structuredContent;
const ok = (r, what) => {
  check(!r.isError && sc(r) && sc(r).success === true, what, sc(r) || r.content);
  return sc(r) || {};
};
const fails = (r, what, text) => {
  check(r.isError === true && sc(r) && sc(r).success === false && (!text || JSON.stringify(sc(r).error).includes(text)), what, sc(r));
  return sc(r) || {};
};

// readOnlyKG exercises the read-only knowledge-graph tools on the served
// graph: Alpha -REL-> Beta -REL-> Gamma, Doc -MENTIONS-> Alpha, with a
// FULLTEXT and a VECTOR index over the concepts' names.
async function readOnlyKG() {
  let o = ok(await call("stats", {}), "stats");
  check(o.nodes === 4 && o.relationships === 3 && o.labels.Concept === 3 && o.relationship_types.REL === 2 &&
    o.orphan_nodes === 0 && o.average_degree === 1.5 && o.most_connected.length === 4 && o.search_indexes.length === 2, "stats content", o);
  o = ok(await call("search", { query: "beta" }), "search hybrid");
  check(o.mode === "hybrid" && o.results[0].name === "Beta" && o.results[0].text_rank === 1 && o.results[0].vector_rank === 1, "search hybrid content", o);
  o = ok(await call("search", { query: "alpha", mode: "text", labels: ["Concept"], limit: 5, offset: 0 }), "search text");
  check(o.count === 1 && o.results[0].name === "Alpha", "search text content", o);
  o = ok(await call("search", { query: "gamma", mode: "vector", limit: 1, min_score: 0.9 }), "search vector");
  check(o.count === 1 && o.results[0].name === "Gamma", "search vector content", o);
  fails(await call("search", { query: "x", k: 3 }), "search rejects unknown arguments", "does not take");
  o = ok(await call("node", { action: "get", id: "Beta", include: ["relationships", "observations"] }), "node get");
  check(o.node.relationships.length === 2 && o.node.degree.length === 2, "node get content", o);
  o = ok(await call("node", { action: "batch", ids: ["Alpha", "Gamma", "Nope"] }), "node batch");
  check(o.count === 2 && o.missing[0] === "Nope", "node batch content", o);
  fails(await call("node", { id: "Nope" }), "node missing", "not found");
  o = ok(await call("related", { id: "Alpha", depth: 2, relationship_types: ["REL"], direction: "out", max_nodes: 10 }), "related");
  check(o.nodes.length === 3 && o.relationships.length === 2 && o.truncated === false, "related content", o);
  o = ok(await call("related", { id: "Alpha", depth: 3, max_nodes: 1 }), "related truncated");
  check(o.nodes.length === 2 && o.truncated === true && o.total === 3, "related truncated content", o);
  o = ok(await call("path", { from: "Alpha", to: "Gamma", max_hops: 5, relationship_types: ["REL"] }), "path");
  check(o.found === true && o.length === 2 && o.paths.length === 1, "path content", o);
  o = ok(await call("path", { from: "Doc", to: "Gamma", max_hops: 2 }), "path too long");
  check(o.found === false, "path too long content", o);
  let r = await call("visualize", { format: "mermaid", center: "Beta", depth: 1 });
  o = ok(r, "visualize mermaid");
  check(o.diagram.startsWith("graph LR") && o.diagram.includes("-->|REL|") && r.content[0].text.startsWith("graph LR"), "mermaid content", o);
  o = ok(await call("visualize", { format: "dot", labels: ["Concept"], limit: 10 }), "visualize dot");
  check(o.diagram.startsWith("digraph G {") && o.node_count === 3, "dot content", o);
  o = ok(await call("visualize", { format: "json" }), "visualize json");
  check(o.nodes.length === 4 && o.relationships.length === 3, "json content", o);
  o = ok(await call("suggest_merges", { threshold: 0.3, limit: 5, label: "Concept" }), "suggest_merges");
  check(o.compared === 3 && Array.isArray(o.pairs), "suggest_merges content", o);
  o = ok(await call("use_graph", {}), "use_graph");
  check(o.graph === "default" && o.graphs.includes("default"), "use_graph content", o);
  fails(await call("use_graph", { graph: "nope" }), "use_graph missing graph read-only", "does not exist");
}

// knowledgeGraph exercises every knowledge-graph tool, writes included, on
// an empty in-memory store served with --allow-writes.
async function knowledgeGraph() {
  const tools = await client.listTools();
  const byName = Object.fromEntries(tools.tools.map((t) => [t.name, t]));
  for (const n of [...READ_KG, ...WRITE_KG, "cypher_write"]) check(byName[n] !== undefined, "listed " + n);
  for (const n of WRITE_KG) {
    const t = byName[n];
    check(t && t.annotations.readOnlyHint === false && t.annotations.destructiveHint === true &&
      t.inputSchema.additionalProperties === false && t.inputSchema.properties.graph !== undefined, "write tool " + n, t);
  }
  // entities
  let o = ok(await call("entities", { action: "create", name: "cyq", type: "repo", description: "an embedded graph engine",
    properties: { stars: 42 }, observations: ["written in Go"] }), "entities create");
  check(o.created === true && o.entity.type === "Project" && o.observations_added === 1, "entities create content", o);
  const cyqID = o.entity.id;
  o = ok(await call("entities", { action: "create", name: "CYQ", type: "codebase" }), "entities create duplicate");
  check(o.created === false && o.entity.id === cyqID && o.warning.includes("already exists"), "duplicate returns the existing entity", o);
  ok(await call("entities", { action: "create", name: "OpenAI", type: "company" }), "entities create OpenAI");
  o = ok(await call("entities", { action: "create", name: "Open AI", type: "Organization" }), "entities create near-duplicate");
  check(o.created === false && o.warning.includes("near-identical"), "near-duplicate warns", o);
  o = ok(await call("entities", { action: "create", name: "Ada Lovelace", type: "people" }), "entities create person");
  check(o.entity.type === "Person", "people → Person", o);
  o = ok(await call("entities", { action: "update", name: "cyq", description: "a graph engine for agents", properties: { lang: "Go" } }), "entities update");
  check(o.entity.description === "a graph engine for agents" && o.entity.properties.lang === "Go", "entities update content", o);
  o = ok(await call("entities", { action: "list", type: "Organization" }), "entities list");
  check(o.count === 1 && o.entities[0].name === "OpenAI", "entities list content", o);
  fails(await call("entities", { action: "create", name: "x", type: "Thing", colour: "red" }), "entities rejects unknown arguments", "does not take");
  // relations
  o = ok(await call("relations", { action: "create", from: "Ada Lovelace", to: "cyq", type: "contributes to" }), "relations create");
  check(o.created === true && o.relation.type === "CONTRIBUTES_TO", "relations create content", o);
  ok(await call("relations", { action: "create", from: "OpenAI", to: "cyq", type: "USES" }), "relations create 2");
  o = ok(await call("relations", { action: "find", to: "cyq" }), "relations find");
  check(o.count === 2, "relations find content", o);
  fails(await call("relations", { action: "create", from: "Ada Lovelace", to: "Babbage", type: "KNOWS" }), "relations missing entity", "entities {action: 'list'}");
  // observations
  o = ok(await call("observations", { action: "add", entity: "Ada Lovelace", text: "wrote the first published algorithm" }), "observations add");
  check(o.created === true, "observations add content", o);
  o = ok(await call("search", { query: "published algorithm", mode: "text" }), "search observation");
  check(o.results.length > 0 && o.results[0].entity && o.results[0].entity.name === "Ada Lovelace", "observation is searchable", o);
  o = ok(await call("entities", { action: "get", name: "ada lovelace" }), "entities get");
  check(o.entity.observations.length === 1 && o.entity.relationships.length === 1, "entities get content", o);
  ok(await call("observations", { action: "delete", entity: "Ada Lovelace", text: "wrote the first published algorithm" }), "observations delete");
  // read tools on the new data
  o = ok(await call("related", { id: "cyq", depth: 1 }), "related kg");
  check(o.nodes.length === 3 && o.relationships.length === 2, "related kg content", o);
  o = ok(await call("path", { from: "Ada Lovelace", to: "OpenAI" }), "path kg");
  check(o.found === true && o.length === 2, "path kg content", o);
  o = ok(await call("node", { action: "get", id: cyqID, include: ["observations"] }), "node kg");
  check(o.node.observations.length === 1, "node kg content", o);
  // bulk_update: all or nothing
  const before = ok(await call("stats", {}), "stats before bulk");
  const ents = [], rels = [];
  for (let i = 0; i < 25; i++) ents.push({ name: `Module ${i}`, type: "Component", allow_similar: true });
  for (let i = 0; i < 24; i++) rels.push({ from: `Module ${i}`, to: "cyq", type: "PART_OF" });
  rels.push({ from: "Module 24", to: "Nowhere", type: "PART_OF" });
  o = fails(await call("bulk_update", { entities: ents, relations: rels }), "bulk_update failing 50th operation", "nothing was written");
  check(o.failed_operation === "relations[24]", "bulk_update names the failing operation", o);
  let after = ok(await call("stats", {}), "stats after failed bulk");
  check(after.nodes === before.nodes && after.relationships === before.relationships, "failed bulk_update left nothing", [before.nodes, after.nodes]);
  rels[24].to = "cyq";
  o = ok(await call("bulk_update", { entities: ents, relations: rels }), "bulk_update");
  check(o.applied === 50, "bulk_update applied", o);
  after = ok(await call("stats", {}), "stats after bulk");
  check(after.nodes === before.nodes + 25 && after.relationships === before.relationships + 25, "bulk_update wrote 50", after);
  fails(await call("bulk_update", { observations: Array.from({ length: 51 }, (_, i) => ({ entity: "cyq", text: `fact ${i}` })) }),
    "bulk_update over 50", "at most 50");
  // merge and suggest_merges
  ok(await call("entities", { action: "create", name: "Open-AI", type: "Organization", allow_similar: true,
    observations: ["makes language models"] }), "entities create similar");
  ok(await call("relations", { action: "create", from: "Open-AI", to: "Ada Lovelace", type: "CITES" }), "relations create 3");
  o = ok(await call("suggest_merges", { threshold: 0.5 }), "suggest_merges");
  check(o.pairs.some((p) => [p.a.name, p.b.name].sort().join("|") === "Open-AI|OpenAI"), "suggest_merges finds the pair", o);
  o = ok(await call("entities", { action: "merge", survivor: "OpenAI", duplicates: ["Open-AI"] }), "entities merge");
  check(o.relationships_moved === 1 && o.observations_moved === 1 && o.entity.properties.aliases[0] === "Open-AI", "merge content", o);
  o = ok(await call("entities", { action: "get", name: "OpenAI" }), "get merged");
  check(o.entity.observations.length === 1 && o.entity.relationships.length === 2, "merged entity", o);
  // visualize
  o = ok(await call("visualize", { format: "mermaid", center: "cyq", depth: 1, limit: 10 }), "visualize kg");
  check(o.diagram.includes("-->|PART_OF|") && o.truncated === true, "visualize kg content", o);
  // graphs: an explicit graph, then the session default
  ok(await call("entities", { action: "create", name: "Solo", type: "Concept", graph: "side" }), "entities in graph side");
  o = ok(await call("use_graph", { graph: "side" }), "use_graph side");
  check(o.graph === "side" && o.graphs.includes("side"), "use_graph content", o);
  o = ok(await call("stats", {}), "stats in the session graph");
  check(o.graph === "side" && o.nodes === 1, "session default graph", o);
  o = ok(await call("stats", { graph: "default" }), "stats graph default");
  check(o.graph === "default" && o.nodes > 1, "graph argument wins", o);
  // delete
  o = ok(await call("entities", { action: "delete", name: "Solo" }), "entities delete");
  check(o.deleted === true, "entities delete content", o);
  o = ok(await call("relations", { action: "delete", from: "OpenAI", to: "cyq", type: "USES", graph: "default" }), "relations delete");
  check(o.deleted === 1, "relations delete content", o);
}

// agentItems checks, on the default (read-only) server, what agents rely
// on: stored programs, elided embeddings, V022 warnings, the "-" operator
// text, the LOAD CSV refusal, the output budget with exact paging, and
// long OR chains. Alpha carries a 384-float "embedding" property.
async function agentItems() {
  const cy = (op, query) => ({ op, operation: { type: "cypher", query } });
  const pok = (r, what) => {
    check(!r.isError && sc(r) !== undefined, what, sc(r) || r.content);
    return sc(r) || {};
  };
  const size = (r) => JSON.stringify(r.structuredContent || {}).length + r.content.reduce((n, c) => n + (c.text || "").length, 0);

  // 1. Stored programs on a read-only server: create, list, get, execute by id.
  const walk = { version: 1, metadata: { name: "e2e walk " + mode }, statements: [cy("+", "MATCH p = (:Concept {concept_id: 'a'})-[:REL*1..2]->() RETURN p")] };
  let o = pok(await call("program", { action: "create", program: walk }), "program create (read-only server)");
  const id = o.program_id;
  check(Number.isInteger(id) && id > 0 && o.name === "e2e walk " + mode, "program create content", o);
  o = pok(await call("program", { action: "create", program: { version: 1, statements: [cy("+", "MATCH (n:Concept) RETURN n")] } }), "program create unnamed");
  check(o.name === "Untitled program", "unnamed program", o);
  o = pok(await call("program", { action: "list", search: "e2e walk " + mode }), "program list (read-only server)");
  check(o.count === 1 && o.programs[0].program_id === id, "program list content", o);
  o = pok(await call("program", { action: "get", program_id: id }), "program get");
  check(o.program && o.program.statements.length === 1, "program get content", o);
  let r = await call("program", { action: "execute", program_id: id });
  check(!r.isError && r.structuredContent.program_id === id && r.structuredContent.result.nodes.length === 3, "program execute by id (read-only server)", r.structuredContent);
  r = await call("program", { action: "chain", deck: [{ program_id: id }, { program: walk }] });
  check(!r.isError && r.structuredContent.programs.length === 2, "chain by id", r.structuredContent);

  // 2. No embedding reaches the agent, in any tool.
  const noEmbedding = (r, what) => {
    const all = JSON.stringify(r.structuredContent) + r.content.map((c) => c.text || "").join("");
    check(!r.isError && !all.includes("0.142857") && JSON.stringify(r.structuredContent).includes("[384 floats elided; read part of it with the cypher tool, e.g. RETURN n.embedding[0..8]]"),
      "embedding elided in " + what, all.slice(0, 400));
  };
  noEmbedding(await call("cypher", { query: "MATCH (n:Concept {concept_id: 'a'}) RETURN n, n.embedding AS e" }), "cypher");
  noEmbedding(await call("cypher", { query: "MATCH (n:Concept {concept_id: 'a'}) RETURN n", shape: "graph" }), "cypher graph");
  noEmbedding(await call("program", { action: "execute", program: { version: 1, statements: [cy("+", "MATCH (n:Concept {concept_id: 'a'}) RETURN n")] } }), "W");
  noEmbedding(await call("node", { action: "get", id: "Alpha" }), "node");
  noEmbedding(await call("related", { id: "Beta", depth: 1 }), "related");
  r = await call("cypher", { query: "MATCH (n:Concept {concept_id: 'a'}) RETURN n.embedding[0..8] AS head" });
  check(!r.isError && r.structuredContent.rows[0].head.length === 8, "a slice of the embedding is readable", r.structuredContent);

  // 3. V022 is a warning and does not abort; "-" does what the syntax text says.
  const topic = { version: 1, statements: [cy("+", "MATCH (n:Concept) WHERE $topic IS NULL OR n.concept_id = $topic RETURN n")] };
  o = await call("program", { action: "validate", program: topic });
  check(o.structuredContent.valid === true && o.structuredContent.warnings.length === 1 && o.structuredContent.warnings[0].rule_id === "V022", "V022 at validation", o.structuredContent);
  r = await call("program", { action: "execute", program: topic, params: { colour: "red" } });
  check(!r.isError && !r.structuredContent.aborted && r.structuredContent.result.nodes.length === 3 &&
    r.structuredContent.warnings.filter((w) => w.rule_id === "V022").length === 3 && r.content[0].text.includes("V022"), "V022 at execution", r.structuredContent);
  const syntax = (await client.readResource({ uri: "cyq://program/syntax" })).contents[0].text;
  check(syntax.includes("removes both ends of each relationship"), "program/syntax says what - does with relationships");
  r = await call("program", { action: "execute", program: { version: 1, statements: [
    cy("+", "MATCH p = (:Concept {concept_id: 'a'})-[:REL*1..2]->() RETURN p"), cy("-", "MATCH (:Concept {concept_id: 'a'})-[r:REL]->() RETURN r")] } });
  check(!r.isError && r.structuredContent.result.nodes.length === 1 && r.structuredContent.result.nodes[0].concept_id === "c" &&
    r.structuredContent.result.links.length === 0, "- with relationships only removes their end nodes", r.structuredContent.result);

  // 4. LOAD CSV is refused for what it is.
  r = await call("cypher", { query: "LOAD CSV FROM 'file:///etc/passwd' AS line RETURN line" });
  check(r.isError === true && r.structuredContent.error.message.includes("file access is disabled") &&
    !r.structuredContent.error.message.includes("writes to the graph"), "LOAD CSV refusal", r.structuredContent);

  // 5. The output budget bounds both copies; pages follow each other exactly.
  // About 210 bytes a row: the 375 rows take about 80 kB as JSON.
  const q = "UNWIND range(1, 375) AS i RETURN i, 'row ' + toString(i) + ' of a page that is far too long to send in one piece: " +
    "x".repeat(130) + "' AS text";
  r = await call("cypher", { query: q });
  measured.first_page = { rows: r.structuredContent.count, structured_bytes: JSON.stringify(r.structuredContent).length, total_bytes: size(r) };
  check(!r.isError && r.structuredContent.truncated === true && r.structuredContent.count < 375 && size(r) <= 60000,
    "375-row page within the budget", { count: r.structuredContent.count, bytes: size(r) });
  const seen = [];
  for (let skip = 0, page = 0; page < 20; page++) {
    r = await call("cypher", { query: q + ` SKIP ${skip} LIMIT 1000` });
    const sc = r.structuredContent;
    check(!r.isError && size(r) <= 60000, "page " + page + " within the budget", size(r));
    for (const row of sc.rows) seen.push(row.i);
    skip += sc.count;
    if (!sc.truncated) break;
    check(sc.note.includes(`SKIP ${sc.count}`), "the note names the next SKIP", sc.note);
  }
  check(seen.length === 375 && seen.every((v, i) => v === i + 1), "paging is exact", seen.length);

  // 6. A 300-term OR chain runs, with a notice hinting IN.
  const terms = ["n.concept_id = 'a'"];
  for (let i = 0; i < 299; i++) terms.push(`n.concept_id = 'x${i}'`);
  r = await call("cypher", { query: "MATCH (n) WHERE " + terms.join(" OR ") + " RETURN n.name AS name" });
  check(!r.isError && r.structuredContent.count === 1 && r.structuredContent.notices.length === 1 &&
    r.structuredContent.notices[0].includes("n.concept_id IN ["), "300-term OR chain", r.structuredContent);
}

let transport;
if (mode === "stdio" || mode === "kg") {
  const [bin, ...args] = rest;
  transport = new StdioClientTransport({ command: bin, args, stderr: "pipe" });
} else if (mode === "http") {
  const [url, token] = rest;
  transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
} else {
  console.error("usage: node e2e.mjs stdio BIN ARGS... | http URL TOKEN | kg BIN ARGS...");
  process.exit(2);
}

const client = new Client({ name: "cyq-e2e", version: "1.0.0" });
await client.connect(transport);

const call = (name, args) => client.callTool({ name, arguments: args });

try {
if (mode === "kg") {
  await knowledgeGraph();
} else {
const tools = await client.listTools();
const names = tools.tools.map((t) => t.name).sort();
check(JSON.stringify(names) === JSON.stringify(["cypher", "node", "path", "program", "related", "schema", "search", "stats",
  "suggest_merges", "use_graph", "visualize"].sort()), "tools", names);
for (const t of tools.tools) {
  if (READ_KG.includes(t.name)) {
    check(t.annotations.readOnlyHint === true && t.annotations.destructiveHint === false && t.inputSchema.additionalProperties === false &&
      t.inputSchema.properties.graph !== undefined, "kg read tool " + t.name, t);
  }
}
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

// The knowledge-graph read tools on the served graph.
await readOnlyKG();
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

await agentItems();
}
} catch (e) {
  failures.push("exception: " + (e && e.stack ? e.stack.split("\n").slice(0, 3).join(" | ") : String(e)));
}
await client.close();
console.log(JSON.stringify({ mode, failures, measured }));
process.exit(failures.length === 0 ? 0 : 1);

