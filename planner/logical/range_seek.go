package logical

import (
	"fmt"

	"github.com/cyqdb/cyq/parser/ast"
)

// NodeRangeSeek binds Var to the nodes with Label whose property Key lies
// in a range, from a property index: above Lo and below Hi (either nil
// for unbounded, inclusive per LoIncl and HiIncl), or, with Prefix, the
// strings that start with Lo. The range admits every node its
// predicates admit; those predicates still follow as a filter. With NaN
// the range takes too what its bounds written as NOT (key < Lo) and the
// like admit beyond it: the nodes whose value is NaN (neither below nor
// above a number), and, when a bound is NaN, every node of the label.
type NodeRangeSeek struct {
	Var, Label, Key string
	Lo, Hi          ast.Expr
	LoIncl, HiIncl  bool
	Prefix          bool
	NaN             bool
}

var _ Op = (*NodeRangeSeek)(nil)

// Name implements Op.
func (NodeRangeSeek) Name() string { return "NodeRangeSeek" }

// String implements Op.
func (o NodeRangeSeek) String() string { return format(o) }

// Breaker implements Op.
func (NodeRangeSeek) Breaker() bool { return false }

// Children implements Op: NodeRangeSeek owns no pipelines.
func (NodeRangeSeek) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o NodeRangeSeek) WithChildren(children ...*Pipeline) (Op, error) {
	return noChildren(o, children)
}

// Detail implements Op.
func (o NodeRangeSeek) Detail() string {
	if o.Prefix {
		return fmt.Sprintf("(%s:%s) index range %s STARTS WITH %s", show(o.Var), o.Label, o.Key, expr(o.Lo))
	}
	s := fmt.Sprintf("(%s:%s) index range ", show(o.Var), o.Label)
	if o.Lo != nil {
		op := " < "
		if o.LoIncl {
			op = " <= "
		}
		s += expr(o.Lo) + op
	}
	s += o.Key
	if o.Hi != nil {
		op := " < "
		if o.HiIncl {
			op = " <= "
		}
		s += op + expr(o.Hi)
	}
	if o.NaN {
		s += " or NaN"
	}
	return s
}
