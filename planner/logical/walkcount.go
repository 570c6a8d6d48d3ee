package logical

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// WalkCount repeats each row as many times as the pattern Pred has
// matches given the row's Probe node (and drops a row with none): Build
// binds Probe once per match of the pattern with nothing of the row
// bound, so the count of each node is the number of times Build bound
// it. Build reads nothing of the row; it runs once, when the first row
// arrives, instead of matching the pattern once per row. It replaces a
// run of expansions from the probe whose other nodes and relationships
// nothing reads later, under a consumer that counts the rows.
type WalkCount struct {
	Probe string
	// Pred is the pattern whose matches are counted (for EXPLAIN).
	Pred  ast.Expr
	Build *Pipeline
}

var _ Op = (*WalkCount)(nil)

// Name implements Op.
func (WalkCount) Name() string { return "WalkCount" }

// String implements Op.
func (o WalkCount) String() string { return format(o) }

// Breaker implements Op.
func (WalkCount) Breaker() bool { return false }

// Children implements Op: the build pipeline.
func (o WalkCount) Children() []*Pipeline { return []*Pipeline{o.Build} }

// WithChildren implements Op.
func (o WalkCount) WithChildren(children ...*Pipeline) (Op, error) {
	if err := oneChild(o, children); err != nil {
		return nil, err
	}
	o.Build = children[0]
	return o, nil
}

// Detail implements Op.
func (o WalkCount) Detail() string {
	var b strings.Builder
	b.WriteString("(" + o.Probe + ") times its matches, built once")
	if o.Pred != nil {
		b.WriteString(": " + expr(o.Pred))
	}
	names := make([]string, len(o.Build.Ops))
	for k, op := range o.Build.Ops {
		names[k] = op.String()
	}
	b.WriteString(" {" + strings.Join(names, " > ") + "}")
	return b.String()
}
