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
	// Union holds the further branches of CALL { A UNION B ... }: every
	// branch runs for each input row and their rows are concatenated,
	// without duplicates unless UnionAll.
	Union    []*Pipeline
	UnionAll bool
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
	var branches []string
	for _, pl := range o.Children() {
		names := make([]string, len(pl.Ops))
		for i, op := range pl.Ops {
			names[i] = op.Name()
		}
		branches = append(branches, "{"+strings.Join(names, " > ")+"}")
	}
	sep := " UNION "
	if o.UnionAll {
		sep = " UNION ALL "
	}
	return strings.Join(branches, sep) + " -> " + strings.Join(o.Columns, ", ")
}

// Children implements Op: the subquery's pipelines, Body then Union.
func (o CallSubquery) Children() []*Pipeline { return append([]*Pipeline{o.Body}, o.Union...) }

// WithChildren implements Op: children replace Body and Union, in order.
func (o CallSubquery) WithChildren(children ...*Pipeline) (Op, error) {
	if len(children) != 1+len(o.Union) {
		return nil, childCountError(o, len(children), 1+len(o.Union))
	}
	o.Body = children[0]
	o.Union = append([]*Pipeline(nil), children[1:]...)
	return o, nil
}
