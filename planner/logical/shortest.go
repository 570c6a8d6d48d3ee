package logical

import (
	"fmt"

	"github.com/cyqdb/cyq/parser/ast"
)

// ShortestPath binds Path (and RelList, when named) to a shortest path, or
// with All to every shortest path, between the bound nodes From and To.
type ShortestPath struct {
	From, To      string
	Path, RelList string // either may be ""
	Dir           ast.Direction
	Types         []string
	Min, Max      int
	All           bool
}

var _ Op = (*ShortestPath)(nil)

// String implements Op.
func (o ShortestPath) String() string { return format(o) }

// Breaker implements Op.
func (ShortestPath) Breaker() bool { return false }

// Children implements Op: ShortestPath owns no pipelines.
func (ShortestPath) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o ShortestPath) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Name implements Op.
func (o ShortestPath) Name() string {
	if o.All {
		return "AllShortestPaths"
	}
	return "ShortestPath"
}

// Detail implements Op.
func (o ShortestPath) Detail() string {
	return fmt.Sprintf("(%s)%s(%s) bfs", show(o.From), arrow(o.Dir, o.RelList, o.Types, lengthRange(o.Min, o.Max)), show(o.To))
}
