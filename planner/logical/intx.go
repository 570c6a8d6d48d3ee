package logical

import (
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// CallInTransactions is CALL { Body } IN TRANSACTIONS: Body runs for the
// input rows in batches of Rows rows, each batch's writes committed in a
// transaction of its own. OnError says what a failing batch does; Status,
// when named, is bound to each row's REPORT STATUS map. It is a breaker:
// every input row is read before the first batch runs.
type CallInTransactions struct {
	Body    *Pipeline
	Columns []string
	Rows    ast.Expr // the batch size
	OnError ast.OnError
	Status  string // "" when absent
}

var _ Op = (*CallInTransactions)(nil)

// Name implements Op.
func (CallInTransactions) Name() string { return "CallInTransactions" }

// String implements Op.
func (o CallInTransactions) String() string { return format(o) }

// Breaker implements Op.
func (CallInTransactions) Breaker() bool { return true }

// Detail implements Op.
func (o CallInTransactions) Detail() string {
	names := make([]string, len(o.Body.Ops))
	for i, op := range o.Body.Ops {
		names[i] = op.Name()
	}
	d := "{" + strings.Join(names, " > ") + "}"
	if len(o.Columns) > 0 {
		d += " -> " + strings.Join(o.Columns, ", ")
	}
	d += fmt.Sprintf(" of %s rows on error %s", expr(o.Rows), o.OnError)
	if o.Status != "" {
		d += " report status as " + o.Status
	}
	return d
}

// Children implements Op: the body.
func (o CallInTransactions) Children() []*Pipeline { return []*Pipeline{o.Body} }

// WithChildren implements Op.
func (o CallInTransactions) WithChildren(children ...*Pipeline) (Op, error) {
	if err := oneChild(o, children); err != nil {
		return nil, err
	}
	o.Body = children[0]
	return o, nil
}
