package logical

import (
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// Start produces one empty row (the beginning of every pipeline).
type Start struct{}

var _ Op = (*Start)(nil)

// Name implements Op.
func (Start) Name() string { return "Start" }

// Detail implements Op.
func (Start) Detail() string { return "" }

// String implements Op.
func (o Start) String() string { return format(o) }

// Breaker implements Op.
func (Start) Breaker() bool { return false }

// Children implements Op: Start owns no pipelines.
func (Start) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o Start) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// NodeScan binds Var to every node, or every node with Label.
type NodeScan struct {
	Var   string
	Label string // "" for all nodes
	// Labels, when set, narrows the scan to the nodes its label
	// expression admits, read as a set expression over the label sets
	// (A|B their union, A&B their intersection, !A all nodes less A's),
	// intersected with Label's nodes when Label is set too. The label
	// check it comes from stays after the scan: rules that read only
	// Label see a scan of more nodes, which the check then narrows.
	Labels ast.LabelExpr
	// Prefilter lists conjuncts of the next Filter that compare one of
	// Var's properties with a constant or parameter. When set, the scan
	// runs in batches: it reads up to vm.BatchSize nodes at a time and
	// evaluates these predicates over the whole batch in one instruction
	// each, dropping the nodes for which one is not true; the Filter still
	// follows (it sees only the survivors).
	Prefilter []ast.Expr
	// Batch is the number of operators after the scan (filters and
	// projections) whose expressions are evaluated over each batch by
	// vector instructions; the scan is batched when Batch > 0 or it has
	// prefilters.
	Batch int
	// Top, when set, keeps only the nodes whose degree can rank among
	// the first rows of the ordering that follows (see DegreeTop).
	Top *DegreeTop
}

var _ Op = (*NodeScan)(nil)

// Name implements Op.
func (NodeScan) Name() string { return "NodeScan" }

// String implements Op.
func (o NodeScan) String() string { return format(o) }

// Breaker implements Op.
func (NodeScan) Breaker() bool { return false }

// Children implements Op: NodeScan owns no pipelines.
func (NodeScan) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o NodeScan) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o NodeScan) Detail() string {
	s := fmt.Sprintf("(%s:%s) label scan", show(o.Var), o.Label)
	switch {
	case o.Labels != nil && o.Label == "":
		s = expr(&ast.LabelPredicate{Expr: &ast.Variable{Name: o.Var}, Labels: o.Labels}) + " label set scan"
	case o.Labels != nil:
		s = fmt.Sprintf("(%s:%s) label scan & %s", show(o.Var), o.Label, expr(&ast.LabelPredicate{Expr: &ast.Variable{Name: o.Var}, Labels: o.Labels}))
	case o.Label == "":
		s = fmt.Sprintf("(%s) all nodes", show(o.Var))
	}
	if len(o.Prefilter) == 0 && o.Batch > 0 {
		s += " mode=batch"
	}
	if len(o.Prefilter) > 0 {
		parts := make([]string, len(o.Prefilter))
		for i, p := range o.Prefilter {
			parts[i] = expr(p)
		}
		s += " mode=batch, prefilter " + strings.Join(parts, " AND ")
	}
	if o.Top != nil {
		s += o.Top.Detail()
	}
	return s
}

// NodeIndexSeek binds Var to the nodes with Label whose property Key
// equals Value, from a property index.
type NodeIndexSeek struct {
	Var, Label, Key string
	Value           ast.Expr
}

var _ Op = (*NodeIndexSeek)(nil)

// Name implements Op.
func (NodeIndexSeek) Name() string { return "NodeIndexSeek" }

// String implements Op.
func (o NodeIndexSeek) String() string { return format(o) }

// Breaker implements Op.
func (NodeIndexSeek) Breaker() bool { return false }

// Children implements Op: NodeIndexSeek owns no pipelines.
func (NodeIndexSeek) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o NodeIndexSeek) WithChildren(children ...*Pipeline) (Op, error) {
	return noChildren(o, children)
}

// Detail implements Op.
func (o NodeIndexSeek) Detail() string {
	return fmt.Sprintf("(%s:%s) index seek %s = %s", show(o.Var), o.Label, o.Key, expr(o.Value))
}

// NodeSetSeek binds Var to each node of a set given by a list: element ids
// (elementId(n) IN list), integer ids (id(n) IN list), or, with Label and
// Key, the values of an indexed property (n.key IN list), or, with Nodes,
// the nodes the list holds (n IN list, a list collected earlier). It
// starts a pattern from a known set — a semi-join — instead of a scan.
type NodeSetSeek struct {
	Var        string
	List       ast.Expr
	ElementIDs bool
	Nodes      bool
	Label, Key string
}

var _ Op = (*NodeSetSeek)(nil)

// Name implements Op.
func (NodeSetSeek) Name() string { return "NodeSetSeek" }

// String implements Op.
func (o NodeSetSeek) String() string { return format(o) }

// Breaker implements Op.
func (NodeSetSeek) Breaker() bool { return false }

// Children implements Op: NodeSetSeek owns no pipelines.
func (NodeSetSeek) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o NodeSetSeek) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o NodeSetSeek) Detail() string {
	switch {
	case o.Key != "":
		return fmt.Sprintf("(%s:%s) index seeks %s IN %s", show(o.Var), o.Label, o.Key, expr(o.List))
	case o.ElementIDs:
		return fmt.Sprintf("(%s) elementId IN %s", show(o.Var), expr(o.List))
	case o.Nodes:
		return fmt.Sprintf("(%s) IN %s", show(o.Var), expr(o.List))
	}
	return fmt.Sprintf("(%s) id IN %s", show(o.Var), expr(o.List))
}
