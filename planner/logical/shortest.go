package logical

import (
	"fmt"

	"github.com/cyqdb/cyq/parser/ast"
)

// ShortestPath binds Path (and RelList, when named) to a shortest path, or
// with All to every shortest path, between the bound nodes From and To.
// With K it selects as GQL's SHORTEST k (the k shortest paths, ties
// broken arbitrarily) or, with Groups, SHORTEST k GROUPS (every path of
// the k shortest lengths), under the path mode Mode; Pred, when set, is
// the pattern's own predicates (a pre-filter, read from Path and RelList):
// only the paths it accepts are selected.
type ShortestPath struct {
	From, To      string
	Path, RelList string // either may be ""
	Dir           ast.Direction
	Types         []string
	Min, Max      int
	All           bool
	K             int // 0: shortestPath or allShortestPaths
	Groups        bool
	Mode          ast.PathMode
	Pred          ast.Expr // nil: none
	// Props: the property values every relationship of the path holds,
	// checked as the search crosses it (nil: none).
	Props *ast.MapLiteral
	// ToFree: To is not bound before; the search runs from From alone and
	// binds To to each node it reaches.
	ToFree bool
	// Reversed: the pattern was written from To to From (From is its
	// last node, To its first, Dir reversed): the search runs from the
	// written end, and each path it finds is read back in written order
	// before the path, its relationship list or Pred see it. A path of
	// the graph is a path of the reversed graph read backwards, with the
	// same length, nodes and relationships, so every selection per pair
	// of end nodes picks the same paths (see reverseAnchoredSearch).
	Reversed bool
	// Steps test the nodes of the paths, as a VarExpand's do (StepTest;
	// From to To is the direction of the runs): a path passes when every
	// node of each test's run passes it. Crossing tests every
	// relationship of the paths (Var names the relationship). The search
	// crosses only what passes, so the paths it selects are those of the
	// graph restricted to it.
	Steps    []StepTest
	Crossing []StepTest
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
	switch {
	case o.All:
		return "AllShortestPaths"
	case o.K > 1 || o.Groups:
		return "ShortestPaths"
	}
	return "ShortestPath"
}

// Detail implements Op.
func (o ShortestPath) Detail() string {
	d := fmt.Sprintf("(%s)%s(%s)", show(o.From), arrow(o.Dir, o.RelList, o.Types, lengthRange(o.Min, o.Max)), show(o.To))
	if o.K > 1 || (o.Groups && !o.All) {
		d += fmt.Sprintf(" k=%d", o.K)
	}
	if o.Groups && !o.All {
		d += " groups"
	}
	if o.Mode != ast.ModeDefault {
		d += " " + o.Mode.String()
	}
	if o.Props != nil {
		d += " crossing " + expr(o.Props)
	}
	for _, t := range o.Steps {
		d += " through " + t.String()
	}
	for _, t := range o.Crossing {
		d += " crossing (" + show(t.Var) + " WHERE " + expr(t.Pred) + ")"
	}
	if o.Pred != nil {
		d += " where " + expr(o.Pred)
	}
	if o.ToFree {
		d += " from one source"
	}
	if o.Reversed {
		d += " read back reversed"
	}
	if o.K > 1 || o.Pred != nil || o.Min > 1 {
		return d + " by length"
	}
	return d + " bfs"
}
