package logical

import (
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// Hop is one step of an ExpandChain.
type Hop struct {
	Dir   ast.Direction
	Types []string
	// Labels, when not nil, is the label expression the node the hop
	// reaches must satisfy (a labelled intermediate node of the pattern).
	Labels ast.LabelExpr
	// Pred, when not nil, is a test the node the hop reaches must pass,
	// reading that node as Var and nothing else bound (an inner node's
	// WHERE; see planner's chainPred for the tests allowed).
	Pred ast.Expr
	Var  string
	// Group is the hop's uniqueness group: only hops of one group must
	// follow distinct relationships (the hops of one MATCH clause; those
	// of two clauses may reuse one). All 0: every hop's must differ.
	Group int
}

// Expand follows one relationship from From to To.
type Expand struct {
	From, Rel, To string
	Dir           ast.Direction
	Types         []string
	// ToBound: To is already bound; the expansion checks it.
	ToBound bool
	// RelBound: Rel is already bound; the expansion checks it.
	RelBound bool
	// Distinct lists relationship variables of the same MATCH that Rel
	// must differ from (relationship isomorphism).
	Distinct []string
	// Why says why the expansion enumerates relationships one by one
	// rather than running set at a time ("" when the planner did not
	// consider it).
	Why string
	// Adjacent: To is bound and only whether a relationship joins the
	// two nodes matters (the relationship is not read, nor counted):
	// the expansion is one adjacency test, a row when it holds.
	Adjacent bool
}

var _ Op = (*Expand)(nil)

// Name implements Op.
func (Expand) Name() string { return "Expand" }

// String implements Op.
func (o Expand) String() string { return format(o) }

// Breaker implements Op.
func (Expand) Breaker() bool { return false }

// Children implements Op: Expand owns no pipelines.
func (Expand) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o Expand) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o Expand) Detail() string {
	s := fmt.Sprintf("(%s)%s(%s)", show(o.From), arrow(o.Dir, o.Rel, o.Types, ""), show(o.To))
	if o.ToBound {
		s += " into bound"
	}
	if o.Adjacent {
		return s + " adjacency test"
	}
	s += " mode=row"
	if o.Why != "" {
		s += ": " + o.Why
	}
	return s
}

// VarExpand follows Min..Max relationships (Max < 0: unbounded).
type VarExpand struct {
	From, RelList, To string
	Dir               ast.Direction
	Types             []string
	Min, Max          int
	ToBound           bool
	Distinct          []string
	Props             *ast.MapLiteral
	Mode              Mode
	// Reverse: the expansion runs against the pattern's written order, so
	// the relationship list is reversed to read in pattern order.
	Reverse bool
	// ListBound: RelList is already bound to a list of relationships,
	// which the trail must follow exactly.
	ListBound bool
	// Why says, in row mode, why set mode was not chosen ("" when the
	// planner did not consider it).
	Why string
	// ListUnused: nothing after the expansion reads RelList, so row mode
	// need not build the trails' relationship lists.
	ListUnused bool
	// Steps are tests of the trails' nodes made at each level of the
	// expansion: a trail goes on only through nodes that pass them.
	Steps []StepTest
	// HopsBy bound the trails' number of hops by values bound before
	// the expansion (a filter's length(p) = d); the filter stays, so a
	// value that is not an integer bounds nothing.
	HopsBy []HopBound
	// Group, when not nil, is the quantified path pattern this expansion
	// and the operators after it that bind or read Group.Names enumerate
	// (see QuantGroup).
	Group *QuantGroup
	// Lengths, when not EveryTrail, yields only one trail of each length
	// or of the least length (see TrailLengths).
	Lengths TrailLengths
}

// StepNodes says which nodes of a variable-length trail a StepTest
// tests, in the pattern's order: the trail's nodes are s0 (the pattern's
// left node) .. sL (its right node), L the trail's length.
type StepNodes uint8

const (
	// StepReached tests s1..sL, the nodes a hop reaches in the pattern's
	// direction (a zero-length trail has none).
	StepReached StepNodes = iota
	// StepLeft tests s0..s(L-1), the nodes a hop leaves in the
	// pattern's direction (a zero-length trail has none).
	StepLeft
	// StepInner tests s1..s(L-1), the trail's inner nodes.
	StepInner
)

// StepTest is a test of some nodes of each trail (Nodes), reading the
// node as Var and otherwise only variables bound before the expansion; it
// never raises an error, and a node passes when it yields true.
type StepTest struct {
	Nodes StepNodes
	Var   string
	Pred  ast.Expr
}

// HopBound bounds the hops of a VarExpand's trails by a value: hops Op
// Expr + Off, where Op is one of =, <, <=, >, >= and Expr a parameter or
// a variable bound before the expansion.
type HopBound struct {
	Op   ast.CompareOp
	Expr ast.Expr
	Off  int
}

// String renders the bound for EXPLAIN.
func (h HopBound) String() string {
	s := "hops " + h.Op.String() + " " + expr(h.Expr)
	switch {
	case h.Off > 0:
		s += fmt.Sprintf(" + %d", h.Off)
	case h.Off < 0:
		s += fmt.Sprintf(" - %d", -h.Off)
	}
	return s
}

// String renders the test for EXPLAIN.
func (t StepTest) String() string {
	return [...]string{"reached", "left", "inner"}[t.Nodes] + "(" + show(t.Var) + " WHERE " + expr(t.Pred) + ")"
}

var _ Op = (*VarExpand)(nil)

// Name implements Op.
func (VarExpand) Name() string { return "VarExpand" }

// String implements Op.
func (o VarExpand) String() string { return format(o) }

// Breaker implements Op.
func (VarExpand) Breaker() bool { return false }

// Children implements Op: VarExpand owns no pipelines.
func (VarExpand) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o VarExpand) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o VarExpand) Detail() string {
	s := fmt.Sprintf("(%s)%s(%s) mode=%s", show(o.From), arrow(o.Dir, o.RelList, o.Types, lengthRange(o.Min, o.Max)), show(o.To), o.Mode)
	for _, t := range o.Steps {
		s += " " + t.String()
	}
	for _, h := range o.HopsBy {
		s += " " + h.String()
	}
	if o.Lengths != EveryTrail {
		s += " trails=" + o.Lengths.String()
	}
	if o.Mode == RowMode && o.Why != "" {
		s += ": " + o.Why
	}
	return s
}

// lengthRange is a variable-length pattern's "*min..max" (max < 0: ∞).
func lengthRange(min, max int) string {
	upper := "∞"
	if max >= 0 {
		upper = fmt.Sprint(max)
	}
	return fmt.Sprintf("*%d..%s", min, upper)
}

// ExpandChain binds To to each distinct node at the end of a trail of Hops
// from From, set at a time (roaring-bitmap frontier); the relationships
// and intermediate nodes are not bound.
type ExpandChain struct {
	From, To string
	Hops     []Hop
	// Quant, when not nil, repeats Hops: the trails are Hops followed
	// Quant.Min..Quant.Max times (a quantified path pattern).
	Quant *ChainQuant
}

var _ Op = (*ExpandChain)(nil)

// Name implements Op.
func (ExpandChain) Name() string { return "ExpandSet" }

// String implements Op.
func (o ExpandChain) String() string { return format(o) }

// Breaker implements Op.
func (ExpandChain) Breaker() bool { return false }

// Children implements Op: ExpandChain owns no pipelines.
func (ExpandChain) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o ExpandChain) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o ExpandChain) Detail() string {
	d := hops(o.From, o.Hops, o.To) + " mode=set"
	if o.Quant != nil {
		d = o.Quant.detail(o.From, o.Hops, o.To) + " mode=set"
	}
	for _, h := range o.Hops {
		if h.Group != o.Hops[0].Group {
			return d + ", relationships distinct per clause"
		}
	}
	return d
}

// hops renders a trail of anonymous hops from one node to another.
func hops(from string, hs []Hop, to string) string {
	s := "(" + show(from) + ")"
	for i, h := range hs {
		name := ""
		if i == len(hs)-1 {
			name = show(to)
		}
		node := "(" + name + ")"
		if h.Labels != nil {
			// printed on a placeholder variable, which is then replaced
			test := expr(&ast.LabelPredicate{Expr: &ast.Variable{Name: "x"}, Labels: h.Labels})
			test = strings.TrimSuffix(strings.TrimPrefix(test, "("), ")")
			node = "(" + name + strings.TrimPrefix(test, "x") + ")"
		}
		if h.Pred != nil {
			node = strings.TrimSuffix(node, ")") + " WHERE " + expr(h.Pred) + ")"
			if name == "" {
				node = "(" + show(h.Var) + node[1:]
			}
		}
		s += arrow(h.Dir, "", h.Types, "") + node
	}
	return s
}

// ExpandCommon binds X to each distinct node adjacent to both bound nodes
// A (by hop HA, from A) and B (by hop HB, from X to B): the intersection
// of two neighbour sets (common neighbours), set at a time. The two hops
// are distinct relationships (one pattern's uniqueness) unless AnyRels
// is set (hops of two MATCH clauses): where A and B are one node, only
// the difference shows.
type ExpandCommon struct {
	A, B, X string
	HA, HB  Hop
	AnyRels bool
}

var _ Op = (*ExpandCommon)(nil)

// Name implements Op.
func (ExpandCommon) Name() string { return "ExpandCommon" }

// String implements Op.
func (o ExpandCommon) String() string { return format(o) }

// Breaker implements Op.
func (ExpandCommon) Breaker() bool { return false }

// Children implements Op: ExpandCommon owns no pipelines.
func (ExpandCommon) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o ExpandCommon) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o ExpandCommon) Detail() string {
	any := ""
	if o.AnyRels {
		any = ", any relationships"
	}
	return fmt.Sprintf("(%s)%s(%s)%s(%s) mode=set, intersection%s", show(o.A), arrow(o.HA.Dir, "", o.HA.Types, ""), show(o.X), arrow(o.HB.Dir, "", o.HB.Types, ""), show(o.B), any)
}
