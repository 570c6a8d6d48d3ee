package logical

import (
	"github.com/cyqdb/cyq/parser/ast"
)

// ProcCall calls a procedure and binds its yielded fields.
type ProcCall struct {
	Proc   string
	Args   []ast.Expr
	Yield  []string // output fields bound, in procedure output order ("" = dropped)
	Vars   []string // variable names for them
	Writes bool
}

var _ Op = (*ProcCall)(nil)

// Name implements Op.
func (ProcCall) Name() string { return "ProcedureCall" }

// String implements Op.
func (o ProcCall) String() string { return format(o) }

// Breaker implements Op.
func (ProcCall) Breaker() bool { return false }

// Children implements Op: ProcCall owns no pipelines.
func (ProcCall) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o ProcCall) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o ProcCall) Detail() string { return o.Proc }

// LoadCSV binds Var to each record of the CSV file named by URL: a list of
// strings, or with WithHeaders a map from the header's names.
type LoadCSV struct {
	URL             ast.Expr
	Var             string
	WithHeaders     bool
	FieldTerminator string
}

var _ Op = (*LoadCSV)(nil)

// Name implements Op.
func (LoadCSV) Name() string { return "LoadCSV" }

// String implements Op.
func (o LoadCSV) String() string { return format(o) }

// Breaker implements Op.
func (LoadCSV) Breaker() bool { return false }

// Children implements Op: LoadCSV owns no pipelines.
func (LoadCSV) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o LoadCSV) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o LoadCSV) Detail() string { return o.Var }
