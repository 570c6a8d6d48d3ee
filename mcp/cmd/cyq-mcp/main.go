// Command cyq-mcp runs cyq's MCP server, as `cyq serve` does; it exists so
// the MCP end-to-end test can build a server binary without cmd/cyq.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/cyqdb/cyq/mcp"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := mcp.Main(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
