package mcp

import (
	"context"
	"encoding/json"
	"time"

	"github.com/cyqdb/cyq/program"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/cyqdb/cyq"
)

// Version is the server version reported to clients.
const Version = "0.1.0"

// Defaults of Config.
const (
	DefaultOutputBudget = 60000 // bytes, both copies of a result together: about 15,000 tokens
	DefaultMaxRows      = 1000
	MaxRowsCap          = 100000
	DefaultQueryTimeout = 30 * time.Second
	MaxQueryTimeout     = 10 * time.Minute
)

// Config configures the server.
type Config struct {
	// AllowWrites lists the cypher_write tool and the knowledge-graph write
	// tools; the DB must be open read-write. Storing programs needs no
	// writes: the program store is a file beside the graph.
	AllowWrites bool
	// Program configures GraphProgram runs (timeout, key property, concept
	// and source labels).
	Program program.Options
	// OutputBudget bounds what one tool result sends the agent, its
	// structured content and its text together (default 60,000 bytes).
	OutputBudget int
	// DefaultMaxRows is the cypher tool's row limit when max_rows is absent.
	DefaultMaxRows int
	// QueryTimeout is the cypher tool's timeout when timeout_ms is absent.
	QueryTimeout time.Duration
	// EntityTypes adds to (or overrides) DefaultEntityTypes, the table that
	// canonicalises entity types: alias → canonical type.
	EntityTypes map[string]string
	// DuplicateDistance is the cosine distance between entity names below
	// which entities create returns the existing entity instead of a
	// near-duplicate (default 0.25; negative: only exact names count).
	DuplicateDistance float64
}

func (c Config) withDefaults() Config {
	if c.OutputBudget <= 0 {
		c.OutputBudget = DefaultOutputBudget
	}
	if c.DefaultMaxRows <= 0 {
		c.DefaultMaxRows = DefaultMaxRows
	}
	if c.QueryTimeout <= 0 {
		c.QueryTimeout = DefaultQueryTimeout
	}
	if c.DuplicateDistance == 0 {
		c.DuplicateDistance = DefaultDuplicateDistance
	}
	return c
}

// Server is the cyq MCP server.
type Server struct {
	db  *cyq.DB
	cfg Config
	srv *server.MCPServer
	kg  *kgState // knowledge-graph tools (session.go)
}

// New returns a server over db.
func New(db *cyq.DB, cfg Config) *Server {
	s := &Server{db: db, cfg: cfg.withDefaults()}
	s.kg = newKGState(s.cfg)
	hooks := &server.Hooks{}
	hooks.AddOnUnregisterSession(func(_ context.Context, cs server.ClientSession) { s.kg.forget(cs.SessionID()) })
	s.srv = server.NewMCPServer("cyq", Version,
		server.WithHooks(hooks),
		server.WithToolCapabilities(false),
		server.WithResourceCapabilities(false, false),
		server.WithRecovery(),
		server.WithInstructions(instructions),
	)
	s.addTools()
	s.AddKnowledgeGraphTools()
	s.addResources()
	return s
}

// MCPServer returns the underlying mcp-go server.
func (s *Server) MCPServer() *server.MCPServer { return s.srv }

const instructions = `cyq serves an openCypher property graph.
Start with the schema tool (or the graph/schema resource) to learn labels, relationship types and properties.
Use cypher for read-only queries (errors come back with line, column and a hint: fix and retry).
Use program to build a working graph step by step with GraphProgram (see the program/syntax resource): validate, then execute.
Knowledge graph: search finds nodes by text, node gives details, related a neighbourhood, path shortest paths, stats an overview,
visualize draws a subgraph and suggest_merges proposes near-duplicate entities. Nodes are named by element id ('n:42') or entity name.
With --allow-writes: entities, relations and observations edit the graph, and bulk_update applies up to 50 changes atomically.
Every knowledge-graph tool takes graph; use_graph sets this session's default graph.`

func boolp(b bool) *bool { return &b }

func tool(name, title, desc, schema string, readOnly, destructive, idempotent bool) mcp.Tool {
	t := mcp.NewToolWithRawSchema(name, desc, json.RawMessage(schema))
	t.Title = title
	t.Annotations = mcp.ToolAnnotation{
		Title:           title,
		ReadOnlyHint:    boolp(readOnly),
		DestructiveHint: boolp(destructive),
		IdempotentHint:  boolp(idempotent),
		OpenWorldHint:   boolp(false),
	}
	return t
}

func (s *Server) addTools() {
	s.addTool(tool("cypher", "Read-only Cypher query", cypherDesc, cypherSchema, true, false, true), s.handleCypher(false))
	if s.cfg.AllowWrites {
		s.addTool(tool("cypher_write", "Cypher query that may write", cypherWriteDesc, cypherSchema, false, true, false), s.handleCypher(true))
	}
	s.addTool(tool("schema", "Graph schema", schemaDesc, schemaSchema, true, false, true), s.handleSchema)
	// The program tool's create action writes to the program store (a
	// file beside the graph, writable on a read-only server), so it is not
	// read-only; it never changes or deletes graph data.
	s.addTool(tool("program", "GraphProgram", programDesc, programSchema, false, false, false), s.handleProgram)
}
