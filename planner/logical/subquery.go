package logical

import (
	"strings"
)

// CallSubquery runs Body for each row (CALL { ... }); each row Body
// returns is joined with the input row under Columns. A unit subquery (no
// RETURN) passes each input row on once, after running.
type CallSubquery struct {
	Body    *Pipeline
	Columns []string
}

var _ Op = (*CallSubquery)(nil)

// Name implements Op.
func (CallSubquery) Name() string { return "CallSubquery" }

// String implements Op.
func (o CallSubquery) String() string { return format(o) }

// Breaker implements Op.
func (CallSubquery) Breaker() bool { return false }

// Detail implements Op.
func (o CallSubquery) Detail() string {
	names := make([]string, len(o.Body.Ops))
	for i, op := range o.Body.Ops {
		names[i] = op.Name()
	}
	return "{" + strings.Join(names, " > ") + "} -> " + strings.Join(o.Columns, ", ")
}

// Children implements Op: the subquery's pipeline, Body.
func (o CallSubquery) Children() []*Pipeline { return []*Pipeline{o.Body} }

// WithChildren implements Op: children[0] replaces Body.
func (o CallSubquery) WithChildren(children ...*Pipeline) (Op, error) {
	if err := oneChild(o, children); err != nil {
		return nil, err
	}
	o.Body = children[0]
	return o, nil
}
