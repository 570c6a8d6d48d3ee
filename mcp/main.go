package mcp

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/cyqdb/cyq/internal/limits"

	"github.com/cyqdb/cyq/program"

	"github.com/mark3labs/mcp-go/server"

	"github.com/cyqdb/cyq"
)

// Main implements `cyq serve [--db DIR] [--graph NAME] [--allow-writes]
// [--http ADDR --token-file F]`: it serves the MCP tools over stdio (the
// default; nothing but protocol is written to stdout) or over streamable
// HTTP at /mcp with bearer-token authentication. Without a token file it
// refuses to listen on anything but a loopback address. The store is
// opened read-only unless --allow-writes is given, so several servers can
// read one store at once. It returns the process exit code.
func Main(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cyq serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("db", "", "store directory (empty: a fresh in-memory store)")
	graph := fs.String("graph", "default", "graph to serve")
	allowWrites := fs.Bool("allow-writes", false, "open the store read-write and list the cypher_write and knowledge-graph write tools")
	httpAddr := fs.String("http", "", "serve streamable HTTP on this address (e.g. 127.0.0.1:8080) instead of stdio")
	tokenFile := fs.String("token-file", "", "file holding the bearer token HTTP clients must send")
	keyProp := fs.String("key-property", program.DefaultKeyProperty, "property holding a concept's key")
	conceptLabel := fs.String("concept-label", "", "label marking concepts (empty: every node is a concept)")
	sourceLabel := fs.String("source-label", program.DefaultSourceLabel, "label marking sources")
	programTimeout := fs.Duration("program-timeout", program.DefaultTimeout, "time limit of one GraphProgram")
	queryTimeout := fs.Duration("query-timeout", DefaultQueryTimeout, "default time limit of a cypher tool call")
	budget := fs.Int("output-budget", DefaultOutputBudget, "bytes a tool result may send, structured content and text together (about 4 bytes per token)")
	typesFile := fs.String("entity-types", "", "JSON file of entity type aliases {\"alias\": \"CanonicalType\"} added to the built-in table")
	importDir := fs.String("import-dir", "", "the only directory LOAD CSV (cypher_write) may read from (empty: LOAD CSV is refused)")
	budgets := limits.Register(fs, limits.Agents)
	dupDistance := fs.Float64("duplicate-distance", DefaultDuplicateDistance, "cosine distance between entity names below which entities create returns the existing entity (negative: exact names only)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: cyq serve [--db DIR] [--graph NAME] [--allow-writes] [--http ADDR --token-file F]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "cyq serve: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	token := ""
	if *tokenFile != "" {
		b, err := os.ReadFile(*tokenFile)
		if err != nil {
			fmt.Fprintf(stderr, "cyq serve: reading the token file: %v\n", err)
			return 1
		}
		token = strings.TrimSpace(string(b))
		if token == "" {
			fmt.Fprintf(stderr, "cyq serve: the token file %s is empty\n", *tokenFile)
			return 1
		}
	}
	if *httpAddr != "" && token == "" && !isLoopback(*httpAddr) {
		fmt.Fprintf(stderr, "cyq serve: refusing to serve %s without authentication; give --token-file, or listen on a loopback address such as 127.0.0.1\n", *httpAddr)
		return 2
	}
	if *httpAddr == "" && *tokenFile != "" {
		fmt.Fprintln(stderr, "cyq serve: --token-file only applies with --http")
		return 2
	}
	var entityTypes map[string]string
	if *typesFile != "" {
		b, err := os.ReadFile(*typesFile)
		if err == nil {
			err = json.Unmarshal(b, &entityTypes)
		}
		if err != nil {
			fmt.Fprintf(stderr, "cyq serve: reading the entity types file: %v (want a JSON object of alias → type)\n", err)
			return 2
		}
	}
	if *dupDistance == 0 {
		*dupDistance = -1 // 0 means "default" in Config
	}
	opts := &cyq.Options{Graph: *graph, ReadOnly: !*allowWrites && *dir != "", ImportDir: *importDir, Limits: *budgets}
	db, err := cyq.Open(*dir, opts)
	if err != nil {
		fmt.Fprintf(stderr, "cyq serve: %v\n", err)
		return 1
	}
	defer db.Close()
	s := New(db, Config{
		AllowWrites:       *allowWrites,
		Program:           program.Options{Timeout: *programTimeout, KeyProperty: *keyProp, ConceptLabel: *conceptLabel, SourceLabel: *sourceLabel},
		OutputBudget:      *budget,
		QueryTimeout:      *queryTimeout,
		EntityTypes:       entityTypes,
		DuplicateDistance: *dupDistance,
	})
	mode := "read-only"
	if *allowWrites {
		mode = "read-write"
	}
	where := *dir
	if where == "" {
		where = "an in-memory store"
	}
	if *httpAddr == "" {
		fmt.Fprintf(stderr, "cyq serve: graph %s of %s (%s) on stdio\n", *graph, where, mode)
		stdio := server.NewStdioServer(s.MCPServer())
		stdio.SetErrorLogger(log.New(stderr, "cyq serve: ", 0))
		if err := stdio.Listen(ctx, stdin, stdout); err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, io.EOF) {
			fmt.Fprintf(stderr, "cyq serve: %v\n", err)
			return 1
		}
		return 0
	}
	ln, err := net.Listen("tcp", *httpAddr)
	if err != nil {
		fmt.Fprintf(stderr, "cyq serve: %v\n", err)
		return 1
	}
	h := Handler(s, token)
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stderr, "cyq serve: graph %s of %s (%s) on http://%s/mcp\n", *graph, where, mode, ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(sctx)
		return 0
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return 0
		}
		fmt.Fprintf(stderr, "cyq serve: %v\n", err)
		return 1
	}
}

// Handler returns the streamable HTTP handler of s at /mcp, requiring
// "Authorization: Bearer <token>" when token is not empty.
func Handler(s *Server, token string) http.Handler {
	h := server.NewStreamableHTTPServer(s.MCPServer(), server.WithEndpointPath("/mcp"))
	mux := http.NewServeMux()
	mux.Handle("/mcp", h)
	if token == "" {
		return mux
	}
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := []byte(r.Header.Get("Authorization"))
		if subtle.ConstantTimeCompare(got, want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="cyq"`)
			http.Error(w, "unauthorized: send Authorization: Bearer <token>", http.StatusUnauthorized)
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// isLoopback reports whether addr's host is a loopback address or localhost.
func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
