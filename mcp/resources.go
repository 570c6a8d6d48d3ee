package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/graphprogram"
)

// Resource URIs.
const (
	ProgramSyntaxURI = "cyq://program/syntax"
	CypherSyntaxURI  = "cyq://cypher/syntax"
	GraphSchemaURI   = "cyq://graph/schema"
)

func (s *Server) addResources() {
	text := func(uri, mime, body string) []mcp.ResourceContents {
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: uri, MIMEType: mime, Text: body}}
	}
	s.srv.AddResource(mcp.NewResource(ProgramSyntaxURI, "program/syntax",
		mcp.WithResourceDescription("Complete GraphProgram reference with examples"), mcp.WithMIMEType("text/markdown")),
		func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return text(ProgramSyntaxURI, "text/markdown", ProgramSyntax()), nil
		})
	s.srv.AddResource(mcp.NewResource(CypherSyntaxURI, "cypher/syntax",
		mcp.WithResourceDescription("Supported openCypher and every built-in function with signatures and examples"), mcp.WithMIMEType("text/markdown")),
		func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return text(CypherSyntaxURI, "text/markdown", CypherSyntax()), nil
		})
	s.srv.AddResource(mcp.NewResource(GraphSchemaURI, "graph/schema",
		mcp.WithResourceDescription("The served graph's schema (summary), as JSON"), mcp.WithMIMEType("application/json")),
		func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			sc, err := BuildSchema(s.db, "", "summary", "")
			if err != nil {
				return nil, err
			}
			b, _ := json.MarshalIndent(sc, "", " ")
			return text(GraphSchemaURI, "application/json", string(b)), nil
		})
}

// CypherSyntax renders the supported Cypher and the function reference,
// generated from the function registry.
func CypherSyntax() string {
	var b strings.Builder
	b.WriteString(cypherSyntaxIntro)
	byCat := map[string][]*functions.Func{}
	var cats []string
	for _, f := range functions.All() {
		if _, ok := byCat[f.Category]; !ok {
			cats = append(cats, f.Category)
		}
		byCat[f.Category] = append(byCat[f.Category], f)
	}
	sort.Strings(cats)
	b.WriteString("\n## Functions\n")
	for _, c := range cats {
		fmt.Fprintf(&b, "\n### %s\n", c)
		for _, f := range byCat[c] {
			name := f.Display
			if name == "" {
				name = f.Name
			}
			fmt.Fprintf(&b, "\n**%s**", name)
			if !f.Deterministic {
				b.WriteString(" (non-deterministic)")
			}
			b.WriteString("\n")
			for i := range f.Overloads {
				fmt.Fprintf(&b, "- `%s`\n", f.Overloads[i].Signature())
			}
			if f.Doc != "" {
				b.WriteString(f.Doc + "\n")
			}
			for _, e := range f.Examples {
				fmt.Fprintf(&b, "  - `%s`\n", e)
			}
		}
	}
	return b.String()
}

const cypherSyntaxIntro = `# cyq Cypher reference

cyq speaks openCypher 9 (as exercised by the openCypher TCK) plus common Neo4j 5 forms.

## Reading
- MATCH / OPTIONAL MATCH with node patterns (n:Label {prop: value}), relationship patterns -[r:TYPE]->, <-[:A|B]-, -[]-
- variable-length relationships -[*1..3]->, -[:T*..2]-; shortestPath((a)-[*..6]-(b)), allShortestPaths(...)
- quantified relationships -[:T]->+, -[:T]->*, -[:T]->{1,3}; quantified path patterns (a) ((x)-[:T]->(y) WHERE x.v < y.v){1,3} (b), whose inner variables are lists outside
- path selectors and modes: p = SHORTEST k (a)-[:T]-+(b) (the k shortest paths per pair of end nodes), ALL SHORTEST, SHORTEST k GROUPS (every path of the k shortest lengths), ANY [k], ANY SHORTEST; TRAIL (the default), WALK (with a shortest selector), ACYCLIC, SIMPLE, written before GROUPS (SHORTEST 2 ACYCLIC GROUPS); predicates inside the pattern filter before the selection, the MATCH's WHERE after it
- label expressions :A|B, :A&B, :!A, :%, also on relationship types; computed labels and types :$(expr), :$any(expr); inline WHERE inside patterns (n:Person WHERE n.age > 30)
- type predicates x IS :: INTEGER, x IS NOT :: STRING NOT NULL, x :: LIST<FLOAT>
- LET x = expr, FILTER [WHERE] expr, FINISH, OFFSET (= SKIP), USE graph, conditional queries WHEN cond THEN ... ELSE ...
- WHERE with comparisons (=, <>, <, <=, >, >=), AND, OR, XOR, NOT, IS NULL, IS NOT NULL, IN, STARTS WITH, ENDS WITH, CONTAINS, =~ (regex)
- WITH, RETURN, DISTINCT, ORDER BY ... ASC|DESC, SKIP, LIMIT, UNWIND, UNION, UNION ALL
- aggregates: count, sum, avg, min, max, collect, percentiles, stDev (see below)
- CASE, list comprehensions [x IN list WHERE ... | ...], pattern comprehensions [(a)-->(b) | b.name], map projections n {.name, .age}
- EXISTS { ... }, COUNT { ... }, COLLECT { ... } subqueries; CALL { ... } subqueries; reduce(); quantifiers all/any/none/single
- parameters $name; CALL db.labels(), db.relationshipTypes(), db.propertyKeys(), db.indexes(), db.constraints(), dbms.procedures(), dbms.functions()
- SHOW INDEXES | CONSTRAINTS | PROCEDURES | FUNCTIONS [YIELD ...] [WHERE ...] [RETURN ...]
- EXPLAIN and PROFILE prefixes (cypher tool)

## Writing (cypher_write only, when the server allows writes)
CREATE, MERGE (ON CREATE / ON MATCH SET), SET, REMOVE, DELETE, DETACH DELETE, FOREACH.
CALL (x) { ... } IN TRANSACTIONS [OF n ROWS] [ON ERROR CONTINUE | BREAK | FAIL] [REPORT STATUS AS s] commits the body's writes in batches (1000 rows by default), outside explicit transactions.
Schema: CREATE INDEX FOR (n:Label) ON (n.prop), CREATE CONSTRAINT FOR (n:Label) REQUIRE n.prop IS UNIQUE, DROP ....

## Search
- CREATE FULLTEXT INDEX name FOR (n:A|B) ON EACH [n.p, n.q]; CALL db.index.fulltext.queryNodes('name', 'words "a phrase" prefix*') YIELD node, score (BM25)
- CREATE VECTOR INDEX name FOR (n:A) ON (n.embedding) OPTIONS {indexConfig: {` + "`vector.dimensions`" + `: 384, ` + "`vector.similarity_function`" + `: 'cosine'}};
  CALL db.index.vector.queryNodes('name', 10, $vector) YIELD node, score (exact top-k)
- CALL cyq.search.hybrid('textIndex', 'vectorIndex', 'query text', 10, {mode: 'hybrid', labels: ['A'], minScore: 0.01}) YIELD node, score, textRank, vectorRank, warning
- vector.similarity.cosine(a, b), vector.similarity.euclidean(a, b); cyq.embed(text)

## Not available
- LOAD CSV runs only through cypher_write, on a server started with --allow-writes and --import-dir, and reads only files inside that directory.
- the WALK mode without a shortest selector, shortest selectors over quantified path patterns of several relationships, IN CONCURRENT TRANSACTIONS, creating relationships of a computed type, and USING hints are not supported (the error says so and suggests a rewrite).

## Identifiers
elementId(n) returns "n:<id>" for nodes and "r:<id>" for relationships; tool results use these ids.
Use backticks for names with spaces or symbols: ` + "`my label`" + `.

## Common errors
- Use = not ==, <> not !=, AND/OR not &&/|| (the cypher tool fixes these and reports it)
- A variable must be bound before use; aggregation cannot mix with non-grouped expressions in the same projection without grouping keys.
`

// ProgramSyntax renders the GraphProgram reference.
func ProgramSyntax() string {
	var b strings.Builder
	b.WriteString(programSyntaxIntro)
	b.WriteString("\n## Endpoints\n")
	for _, e := range graphprogram.Endpoints {
		fmt.Fprintf(&b, "\n### %s\n%s\n", e.Path, e.Doc)
		for _, p := range e.Params {
			req := "optional"
			if p.Required {
				req = "required"
			}
			fmt.Fprintf(&b, "- `%s` (%s, %s): %s\n", p.Name, p.Kind, req, p.Doc)
		}
	}
	b.WriteString("\n## Validation rules\n\n")
	ids := make([]string, 0, len(graphprogram.Rules))
	for id := range graphprogram.Rules {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		fmt.Fprintf(&b, "- %s: %s\n", id, graphprogram.Rules[id])
	}
	b.WriteString(programSyntaxExamples)
	return b.String()
}

const programSyntaxIntro = `# GraphProgram reference

A GraphProgram builds a working graph W (nodes and links) step by step. It is JSON:

    {
      "version": 1,
      "metadata": {"name": "...", "description": "...", "author": "human" | "agent" | "system", "created": "..."},
      "params": [{"name": "topic", "type": "string" | "number", "default": "..."}],
      "statements": [Statement, ...]
    }

Only version and statements are required.

## Statements

    {"op": "+" | "-" | "&" | "?" | "!", "operation": Operation, "label": "optional note"}

Operation is one of:
- {"type": "cypher", "query": "...", "limit": 100}: one read-only openCypher query against the stored graph. limit caps the rows used (default 10000).
- {"type": "api", "endpoint": "/concepts/related", "params": {...}}: a built-in endpoint (below).
- {"type": "conditional", "condition": {"test": ...}, "then": [Statement, ...], "else": [Statement, ...]}: runs a branch depending on W.
  Tests: {"test": "has_results"}, {"test": "empty"}, {"test": "count_gte", "value": 10}, {"test": "count_lte", "value": 10},
  {"test": "has_ontology", "ontology": "..."}, {"test": "has_relationship", "type": "TYPE"}. The conditional's own op is not used.

## Results and operators

A statement's result R holds every node, relationship and path in the rows it returns (anywhere in a row, lists and maps included);
a relationship brings its two end nodes, a path all its nodes and relationships. Then, with W's copy winning on collisions:
- "+" adds R's nodes and links to W
- "-" removes from W the nodes in R and every link touching them. R's nodes include the end nodes of its relationships, so a
  result of relationships only (RETURN r) removes both ends of each relationship, not just the link; return the nodes to remove
  (RETURN n) to keep their neighbours. No operator removes links while keeping their nodes.
- "&" keeps only W's nodes that are also in R (an empty R empties W), and the links between those that remain
- "?" is "+" when R has any node or link, otherwise does nothing
- "!" is "+" when R is non-empty, otherwise aborts the program with "assertion failed: empty result"
After every statement no link dangles.

A node of W is {concept_id, label, labels, ontology?, description?, properties}: concept_id is the node's key property
(concept_id by default) or else its elementId ("n:<id>"); label is its name, title or label property. Embedding vectors are
never copied into W, and lists of 32 or more floats (embeddings kept as plain lists) reach you as a note such as
"[768 floats elided; ...]" that says how to read part of one. A link is {from_id, to_id, relationship_type, properties}.

## Parameters

Every Cypher operation sees $W_IDS, the list of W's node keys, so it can build on W:

    MATCH (n)-[r]->(m) WHERE n.concept_id IN $W_IDS RETURN r
    MATCH (n) WHERE elementId(n) IN $W_IDS ...      (for nodes without a key property)

Declared params (with their defaults) and the params passed at execution are Cypher parameters ($name), and a string "$name"
in an endpoint's params is replaced by the parameter's value. A $name that is neither declared nor passed is null (warning
V022, at validation and in the run's warnings), and a passed parameter that the program neither declares nor uses is
ignored (warning V022); neither stops the program.

## Limits

At most 100 operations (a conditional counts 1 plus its longer branch), conditionals nested at most 3 deep, variable-length
patterns bounded by at most 6 hops, 60 seconds per program, 1 to 10 programs per chain. Every execution re-validates.

## Actions of the program tool

validate, create (stores it with an integer id and a sha256 of its canonical JSON, beside the graph: this works on a
read-only server too; a program without a name is "Untitled program"), get, list (search, limit), execute
(program or program_id, params), chain (deck of {program_id} or {program}, W threads through them), explain (each
statement with its operator and the engine's plan).

Results: {result: {nodes, links}, log: [{statement, op, operation_type, branch_taken?, nodes_affected, links_affected,
w_size: {nodes, links}, duration_ms}], aborted?: {statement, reason}, warnings?: [{rule_id, message, ...}]}. A W too large
for the output budget comes without its properties, or with only its first nodes and links, and result_truncated and a note
say so. statement is the statement's path: "2", "2.then.0".
`

const programSyntaxExamples = `
## Examples

A neighbourhood, keeping only one ontology:

    {"version": 1, "metadata": {"name": "ML neighbourhood"},
     "params": [{"name": "id", "type": "string", "default": "machine_learning"}],
     "statements": [
       {"op": "!", "operation": {"type": "api", "endpoint": "/concepts/related", "params": {"concept_id": "$id", "max_depth": 2}}},
       {"op": "&", "operation": {"type": "cypher", "query": "MATCH (n) WHERE n.concept_id IN $W_IDS AND n.ontology = 'cs' RETURN n"}}
     ]}

Grow W by one hop, then drop deprecated concepts:

    {"version": 1, "statements": [
       {"op": "+", "operation": {"type": "cypher", "query": "MATCH (n:Concept {name: $name}) RETURN n"}},
       {"op": "+", "operation": {"type": "cypher", "query": "MATCH (n)-[r]-(m) WHERE n.concept_id IN $W_IDS RETURN r"}},
       {"op": "-", "operation": {"type": "cypher", "query": "MATCH (n) WHERE n.concept_id IN $W_IDS AND n.deprecated RETURN n"}}
     ]}

Branch on the size of W:

    {"version": 1, "statements": [
       {"op": "+", "operation": {"type": "cypher", "query": "MATCH p = (:Concept {concept_id: 'a'})-[*1..2]->() RETURN p"}},
       {"op": "+", "operation": {"type": "conditional", "condition": {"test": "count_lte", "value": 5},
         "then": [{"op": "+", "operation": {"type": "api", "endpoint": "/concepts/related", "params": {"concept_id": "a", "max_depth": 3}}}],
         "else": [{"op": "&", "operation": {"type": "cypher", "query": "MATCH (n) WHERE n.concept_id IN $W_IDS AND n.ontology = 'core' RETURN n"}}]}}
     ]}
`
