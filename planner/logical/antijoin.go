package logical

import (
	"fmt"
	"strings"
)

// ScanExcept binds Var to each node (with Label, when set) that is not an
// end node of Reach, a set-at-a-time expansion (ExpandChain or VarExpand
// in set mode) from a bound node to Var: the anti-join `MATCH (c:L) WHERE
// NOT EXISTS { (a)-->()-->(c) }` as one set difference per row of a.
type ScanExcept struct {
	Var, Label string
	Reach      Op
}

var _ Op = (*ScanExcept)(nil)

// Name implements Op.
func (ScanExcept) Name() string { return "NodeScanExcept" }

// String implements Op.
func (o ScanExcept) String() string { return format(o) }

// Breaker implements Op.
func (ScanExcept) Breaker() bool { return false }

// Children implements Op: ScanExcept owns no pipelines.
func (ScanExcept) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o ScanExcept) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o ScanExcept) Detail() string {
	label := ""
	if o.Label != "" {
		label = ":" + o.Label
	}
	return fmt.Sprintf("(%s%s) mode=set, anti-join: not %s", o.Var, label, strings.TrimSuffix(o.Reach.Detail(), " mode=set"))
}
