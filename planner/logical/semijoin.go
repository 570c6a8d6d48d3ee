package logical

import (
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// SemiJoin decides an existence test EXISTS { pattern } (NOT EXISTS with
// Anti) that reads two variables of the row, or one, by set membership:
// Build binds Probe to every node for which the pattern matches given the
// row's Key (a node variable; "" when the pattern reads only Probe), and
// the row passes when its Probe is (Anti: is not) among them. With
// AtLeast k above 1 the test is COUNT { pattern } >= k (< k with Anti):
// Build binds Probe once per match, and the set holds the nodes bound at
// least k times. Build reads
// nothing of the row but Key, so its set is computed once per run of rows
// with the same Key (once in all when Key is ""), set at a time where its
// own rewrites allow, instead of matching the pattern once per row.
//
// With Scan the operator also binds Probe: it iterates the nodes (with
// Label, when set) in the set (Anti: not in it), replacing a scan of
// Probe that the test followed.
type SemiJoin struct {
	Probe, Key string
	Anti       bool
	AtLeast    int
	Scan       bool
	Label      string
	// Pred is the existence test decided (for EXPLAIN).
	Pred  ast.Expr
	Build *Pipeline
}

var _ Op = (*SemiJoin)(nil)

// Name implements Op.
func (o SemiJoin) Name() string {
	name := "SemiJoin"
	if o.Anti {
		name = "AntiJoin"
	}
	if o.Scan {
		return "NodeScan" + name
	}
	return name
}

// String implements Op.
func (o SemiJoin) String() string { return format(o) }

// Breaker implements Op.
func (SemiJoin) Breaker() bool { return false }

// Children implements Op: the build pipeline.
func (o SemiJoin) Children() []*Pipeline { return []*Pipeline{o.Build} }

// WithChildren implements Op.
func (o SemiJoin) WithChildren(children ...*Pipeline) (Op, error) {
	if err := oneChild(o, children); err != nil {
		return nil, err
	}
	o.Build = children[0]
	return o, nil
}

// Detail implements Op.
func (o SemiJoin) Detail() string {
	var b strings.Builder
	b.WriteString("(" + o.Probe)
	if o.Label != "" {
		b.WriteString(":" + o.Label)
	}
	b.WriteString(") ")
	if o.Anti {
		b.WriteString("not ")
	}
	b.WriteString("in set of " + o.Probe)
	if o.AtLeast > 1 {
		b.WriteString(fmt.Sprintf(" matched at least %d times", o.AtLeast))
	}
	if o.Key != "" {
		b.WriteString(" built per " + o.Key)
	} else {
		b.WriteString(" built once")
	}
	if o.Pred != nil {
		b.WriteString(": " + expr(o.Pred))
	}
	if o.Build != nil {
		names := make([]string, len(o.Build.Ops))
		for i, op := range o.Build.Ops {
			names[i] = op.String()
		}
		b.WriteString(" {" + strings.Join(names, " > ") + "}")
	}
	return b.String()
}
