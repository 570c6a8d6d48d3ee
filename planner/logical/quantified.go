package logical

import (
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// ChainQuant repeats the hops of an ExpandChain: its trails follow the
// hops Min..Max times (Max >= Min >= 0), and the node each repetition
// starts from (the chain's start, and the node between two repetitions)
// passes the test of the group's first node (Labels, Pred read as Var).
// Zero repetitions bind the start itself, untested.
type ChainQuant struct {
	Min, Max int
	Labels   ast.LabelExpr
	Pred     ast.Expr
	Var      string
}

// MayBeEmpty reports whether the chain may follow no hop (its end is then
// its start).
func (q *ChainQuant) MayBeEmpty() bool { return q != nil && q.Min == 0 }

// detail renders a repeated chain as a quantified path pattern.
func (q *ChainQuant) detail(from string, hs []Hop, to string) string {
	first := Hop{Labels: q.Labels, Pred: q.Pred, Var: q.Var}
	group := strings.TrimPrefix(hops("", hs, ""), "()")
	start := strings.TrimPrefix(hops("", []Hop{first}, ""), "()-[]-")
	return fmt.Sprintf("(%s) (%s%s){%d,%d} (%s)", show(from), start, group, q.Min, q.Max, show(to))
}

// QuantGroup is what a variable-length expansion that enumerates a
// quantified path pattern of several relationships carries for the rule
// that may run the pattern set at a time instead: the set form (an
// ExpandChain with a ChainQuant, nil when the pattern's tests rule it
// out, with Why saying which) and Names, the variables the enumeration
// binds besides its end node (the relationship list, the path, the
// group variables' lists); the operators that bind or read them are the
// enumeration's.
type QuantGroup struct {
	Set   *ExpandChain
	Why   string
	Names []string
}
