package logical

import (
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// Degree binds Into to the number of relationships of Var matching Dir and
// Types, read from the adjacency's stored degrees, and drops rows where it
// is zero (unless KeepZero). It replaces an Expand whose rows are only
// counted, or with KeepZero an optional one.
type Degree struct {
	Var   string
	Dir   ast.Direction
	Types []string
	Into  string
	// KeepZero keeps rows whose count is zero (OPTIONAL MATCH).
	KeepZero bool
	// NoLoops leaves Var's self-loops out of the count (a filter that
	// excludes them, see the planner's excludesSelfLoops).
	NoLoops bool
	// Labels, when not nil, counts only the relationships whose other
	// end matches the label expression (a label test of the far node).
	Labels ast.LabelExpr
}

var _ Op = (*Degree)(nil)

// Name implements Op.
func (Degree) Name() string { return "Degree" }

// String implements Op.
func (o Degree) String() string { return format(o) }

// Breaker implements Op.
func (Degree) Breaker() bool { return false }

// Children implements Op: Degree owns no pipelines.
func (Degree) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o Degree) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o Degree) Detail() string {
	far := "()"
	if o.Labels != nil {
		far = "(" + strings.TrimPrefix(expr(&ast.LabelPredicate{Expr: &ast.Variable{Name: "x"}, Labels: o.Labels}), "(x")
	}
	s := fmt.Sprintf("(%s)%s%s count", o.Var, arrow(o.Dir, "", o.Types, ""), far)
	if o.NoLoops {
		s += ", no self-loops"
	}
	if o.KeepZero {
		s += ", optional"
	}
	return s
}

// CycleCount binds Into to the number of closed three-hop cycles
// (a)-[h1]->(b)-[h2]->(c)-[h3]->(a) that start at the bound node Var,
// counting as MATCH does (each combination of distinct relationships), and
// drops rows where it is zero. It replaces three expansions whose rows are
// only counted: intersections of neighbour bitmaps replace enumeration.
type CycleCount struct {
	Var  string
	Hops [3]Hop
	Into string
}

var _ Op = (*CycleCount)(nil)

// Name implements Op.
func (CycleCount) Name() string { return "CycleCount" }

// String implements Op.
func (o CycleCount) String() string { return format(o) }

// Breaker implements Op.
func (CycleCount) Breaker() bool { return false }

// Children implements Op: CycleCount owns no pipelines.
func (CycleCount) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o CycleCount) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o CycleCount) Detail() string {
	return hops(show(o.Var), o.Hops[:], show(o.Var)) + " count, set intersections"
}

// TypeCounts produces one row per relationship type in use: Key holds the
// type's name, each of Counts its number of relationships (from the
// store's per-type counts). It stands for
// `MATCH ()-[r]->() RETURN type(r) AS Key, count(*) AS Count`.
type TypeCounts struct {
	Key    string
	Counts []string
}

var _ Op = (*TypeCounts)(nil)

// Name implements Op.
func (TypeCounts) Name() string { return "TypeCounts" }

// String implements Op.
func (o TypeCounts) String() string { return format(o) }

// Breaker implements Op.
func (TypeCounts) Breaker() bool { return false }

// Children implements Op: TypeCounts owns no pipelines.
func (TypeCounts) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o TypeCounts) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o TypeCounts) Detail() string {
	return fmt.Sprintf("%s, %s from the per-type relationship counts", o.Key, strings.Join(o.Counts, ", "))
}
