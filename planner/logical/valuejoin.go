package logical

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// ValueJoin is a hash join by value: Build, a pipeline that reads nothing
// of the row (only parameters), binds Vars; it runs once, when the first
// row arrives, and its rows are kept by the values of BuildKeys. Each row
// then evaluates ProbeKeys and goes on once per build row whose keys may
// equal them, with that row's Vars bound, in the build's order: the rows
// of the nested loop that the filter after it (which keeps the equalities
// ProbeKeys[i] = BuildKeys[i]) does not drop for a key, and no others,
// in the same order and multiplicity. A null or NaN key matches nothing.
type ValueJoin struct {
	Build     *Pipeline
	Vars      []string
	ProbeKeys []ast.Expr
	BuildKeys []ast.Expr
}

var _ Op = (*ValueJoin)(nil)

// Name implements Op.
func (ValueJoin) Name() string { return "ValueJoin" }

// String implements Op.
func (o ValueJoin) String() string { return format(o) }

// Breaker implements Op.
func (ValueJoin) Breaker() bool { return false }

// Children implements Op: the build pipeline.
func (o ValueJoin) Children() []*Pipeline { return []*Pipeline{o.Build} }

// WithChildren implements Op.
func (o ValueJoin) WithChildren(children ...*Pipeline) (Op, error) {
	if err := oneChild(o, children); err != nil {
		return nil, err
	}
	o.Build = children[0]
	return o, nil
}

// Detail implements Op.
func (o ValueJoin) Detail() string {
	var b strings.Builder
	b.WriteString("(" + exprs(o.ProbeKeys) + ") = (" + exprs(o.BuildKeys) + ") hash built once")
	names := make([]string, len(o.Build.Ops))
	for i, op := range o.Build.Ops {
		names[i] = op.String()
	}
	b.WriteString(" {" + strings.Join(names, " > ") + "}")
	return b.String()
}
