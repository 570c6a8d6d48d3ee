package logical

import (
	"github.com/cyqdb/cyq/parser/ast"
)

// NodeFilter checks the labels of a node variable. (A pattern's inline
// properties are filters: see the planner's patternPredicates.)
type NodeFilter struct {
	Var    string
	Labels ast.LabelExpr
}

var _ Op = (*NodeFilter)(nil)

// Name implements Op.
func (NodeFilter) Name() string { return "NodeFilter" }

// String implements Op.
func (o NodeFilter) String() string { return format(o) }

// Breaker implements Op.
func (NodeFilter) Breaker() bool { return false }

// Children implements Op: NodeFilter owns no pipelines.
func (NodeFilter) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o NodeFilter) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o NodeFilter) Detail() string {
	s := "(" + show(o.Var) + ")"
	if o.Labels != nil {
		s = expr(&ast.LabelPredicate{Expr: &ast.Variable{Name: o.Var}, Labels: o.Labels})
	}
	return s
}

// RelFilter checks inline properties of a relationship variable.
type RelFilter struct {
	Var   string
	Props ast.Expr
}

var _ Op = (*RelFilter)(nil)

// Name implements Op.
func (RelFilter) Name() string { return "RelFilter" }

// String implements Op.
func (o RelFilter) String() string { return format(o) }

// Breaker implements Op.
func (RelFilter) Breaker() bool { return false }

// Children implements Op: RelFilter owns no pipelines.
func (RelFilter) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o RelFilter) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o RelFilter) Detail() string { return "[" + show(o.Var) + " " + expr(o.Props) + "]" }

// Filter keeps rows where Pred is true.
type Filter struct {
	Pred  ast.Expr
	Subst map[string]string // as Project.Subst, after DISTINCT or aggregation
	// Vectorised: evaluated over the batches of the scan before it (see
	// NodeScan.Batch).
	Vectorised bool
	// Why says why an existence test of Pred that a semi-join could
	// decide set at a time is run per row instead ("" when none).
	Why string
	// Defer, when set, names the value of a test that may fail, evaluated
	// here for a filter further on (see planner/deferred_tests.go): the
	// filter drops the rows where Pred is false and keeps the others,
	// binding Defer to Pred's value and its error, which only that later
	// filter raises.
	Defer string
}

var _ Op = (*Filter)(nil)

// Name implements Op.
func (Filter) Name() string { return "Filter" }

// String implements Op.
func (o Filter) String() string { return format(o) }

// Breaker implements Op.
func (Filter) Breaker() bool { return false }

// Children implements Op: Filter owns no pipelines.
func (Filter) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o Filter) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o Filter) Detail() string {
	if o.Defer != "" {
		d := expr(o.Pred) + " deferred as " + o.Defer
		if o.Vectorised {
			d += " mode=batch"
		}
		return d
	}
	if o.Vectorised {
		return expr(o.Pred) + " mode=batch"
	}
	if o.Why != "" {
		return expr(o.Pred) + " mode=row: " + o.Why
	}
	return expr(o.Pred)
}
