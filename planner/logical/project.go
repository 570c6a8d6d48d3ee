package logical

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// Item is a projection item.
type Item struct {
	Expr ast.Expr
	Name string
}

// Project computes Items; with Replace, only they remain in scope.
type Project struct {
	Items []Item
	// Vectorised: evaluated over the batches of the scan before it.
	Vectorised bool
	// Subst maps the source text of grouping keys to the columns holding
	// them (after an aggregation, items refer to keys by their text).
	Subst map[string]string
	// Note says, for EXPLAIN, where items the planner computed come from
	// ("" for none).
	Note string
}

var _ Op = (*Project)(nil)

// Name implements Op.
func (Project) Name() string { return "Project" }

// String implements Op.
func (o Project) String() string { return format(o) }

// Breaker implements Op.
func (Project) Breaker() bool { return false }

// Children implements Op: Project owns no pipelines.
func (Project) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o Project) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o Project) Detail() string {
	names := make([]string, len(o.Items))
	for i, it := range o.Items {
		names[i] = it.Name
	}
	s := strings.Join(names, ", ")
	if o.Vectorised {
		s += " mode=batch"
	}
	if o.Note != "" {
		s += ": " + o.Note
	}
	return s
}

// Unwind binds Var to each element of Expr.
type Unwind struct {
	Expr ast.Expr
	Var  string
}

var _ Op = (*Unwind)(nil)

// Name implements Op.
func (Unwind) Name() string { return "Unwind" }

// String implements Op.
func (o Unwind) String() string { return format(o) }

// Breaker implements Op.
func (Unwind) Breaker() bool { return false }

// Children implements Op: Unwind owns no pipelines.
func (Unwind) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o Unwind) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o Unwind) Detail() string { return expr(o.Expr) + " AS " + o.Var }

// Select narrows the variables in scope to Vars (the end of a WITH).
type Select struct {
	Vars []string
}

var _ Op = (*Select)(nil)

// Name implements Op.
func (Select) Name() string { return "Select" }

// String implements Op.
func (o Select) String() string { return format(o) }

// Breaker implements Op.
func (Select) Breaker() bool { return false }

// Children implements Op: Select owns no pipelines.
func (Select) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o Select) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o Select) Detail() string { return strings.Join(o.Vars, ", ") }

// Emit produces result rows.
type Emit struct {
	Columns []string
}

var _ Op = (*Emit)(nil)

// Name implements Op.
func (Emit) Name() string { return "Emit" }

// String implements Op.
func (o Emit) String() string { return format(o) }

// Breaker implements Op.
func (Emit) Breaker() bool { return false }

// Children implements Op: Emit owns no pipelines.
func (Emit) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o Emit) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o Emit) Detail() string { return strings.Join(o.Columns, ", ") }
