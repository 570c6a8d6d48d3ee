package logical

import (
	"github.com/cyqdb/cyq/parser/ast"
)

// Eager materialises every row before the next operator runs (it separates
// reads from the writes that follow them).
type Eager struct{}

var _ Op = (*Eager)(nil)

// Name implements Op.
func (Eager) Name() string { return "Eager" }

// Detail implements Op.
func (Eager) Detail() string { return "" }

// String implements Op.
func (o Eager) String() string { return format(o) }

// Breaker implements Op.
func (Eager) Breaker() bool { return true }

// Children implements Op: Eager owns no pipelines.
func (Eager) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o Eager) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Create creates the pattern for each row.
type Create struct {
	Pattern *ast.Pattern
}

var _ Op = (*Create)(nil)

// Name implements Op.
func (Create) Name() string { return "Create" }

// Detail implements Op.
func (Create) Detail() string { return "" }

// String implements Op.
func (o Create) String() string { return format(o) }

// Breaker implements Op.
func (Create) Breaker() bool { return false }

// Children implements Op: Create owns no pipelines.
func (Create) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o Create) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Merge matches Part or creates it.
type Merge struct {
	Match    []Op
	Part     *ast.PatternPart
	OnCreate []ast.SetItem
	OnMatch  []ast.SetItem
	NewVars  []string
}

var _ Op = (*Merge)(nil)

// Name implements Op.
func (Merge) Name() string { return "Merge" }

// Detail implements Op.
func (Merge) Detail() string { return "" }

// String implements Op.
func (o Merge) String() string { return format(o) }

// Breaker implements Op.
func (Merge) Breaker() bool { return false }

// Children implements Op: the pipeline that matches Part, Match.
func (o Merge) Children() []*Pipeline { return []*Pipeline{{Ops: o.Match}} }

// WithChildren implements Op: children[0] replaces Match.
func (o Merge) WithChildren(children ...*Pipeline) (Op, error) {
	if err := oneChild(o, children); err != nil {
		return nil, err
	}
	o.Match = children[0].Ops
	return o, nil
}

// SetProps applies SET items.
type SetProps struct {
	Items []ast.SetItem
}

var _ Op = (*SetProps)(nil)

// Name implements Op.
func (SetProps) Name() string { return "Set" }

// Detail implements Op.
func (SetProps) Detail() string { return "" }

// String implements Op.
func (o SetProps) String() string { return format(o) }

// Breaker implements Op.
func (SetProps) Breaker() bool { return false }

// Children implements Op: SetProps owns no pipelines.
func (SetProps) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o SetProps) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// RemoveProps applies REMOVE items.
type RemoveProps struct {
	Items []ast.RemoveItem
}

var _ Op = (*RemoveProps)(nil)

// Name implements Op.
func (RemoveProps) Name() string { return "Remove" }

// Detail implements Op.
func (RemoveProps) Detail() string { return "" }

// String implements Op.
func (o RemoveProps) String() string { return format(o) }

// Breaker implements Op.
func (RemoveProps) Breaker() bool { return false }

// Children implements Op: RemoveProps owns no pipelines.
func (RemoveProps) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o RemoveProps) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Delete deletes entities.
type Delete struct {
	Exprs  []ast.Expr
	Detach bool
}

var _ Op = (*Delete)(nil)

// Name implements Op.
func (Delete) Name() string { return "Delete" }

// Detail implements Op.
func (Delete) Detail() string { return "" }

// String implements Op.
func (o Delete) String() string { return format(o) }

// Breaker implements Op.
func (Delete) Breaker() bool { return false }

// Children implements Op: Delete owns no pipelines.
func (Delete) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o Delete) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Foreach runs Body (update operators) once per element of List, with Var
// bound to it; the row itself passes on unchanged.
type Foreach struct {
	Var  string
	List ast.Expr
	Body []Op
}

var _ Op = (*Foreach)(nil)

// Name implements Op.
func (Foreach) Name() string { return "Foreach" }

// String implements Op.
func (o Foreach) String() string { return format(o) }

// Breaker implements Op.
func (Foreach) Breaker() bool { return false }

// Detail implements Op.
func (o Foreach) Detail() string { return o.Var }

// Children implements Op: the update pipeline run per element, Body.
func (o Foreach) Children() []*Pipeline { return []*Pipeline{{Ops: o.Body}} }

// WithChildren implements Op: children[0] replaces Body.
func (o Foreach) WithChildren(children ...*Pipeline) (Op, error) {
	if err := oneChild(o, children); err != nil {
		return nil, err
	}
	o.Body = children[0].Ops
	return o, nil
}
