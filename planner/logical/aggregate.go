package logical

import (
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// AggCall is an aggregate function call in an Aggregate.
type AggCall struct {
	Call *ast.FunctionCall
	Name string // internal variable receiving the result
	// IntSum marks a sum whose argument is always an integer (a count the
	// planner introduced): the VM adds it up without an aggregator object.
	IntSum bool
}

// Aggregate groups by Keys and computes Aggs.
type Aggregate struct {
	Keys []Item
	Aggs []AggCall
	// EstGroups is the cost model's estimate of the number of groups.
	EstGroups float64
}

var _ Op = (*Aggregate)(nil)

// Name implements Op.
func (Aggregate) Name() string { return "Aggregate" }

// String implements Op.
func (o Aggregate) String() string { return format(o) }

// Breaker implements Op.
func (Aggregate) Breaker() bool { return true }

// Children implements Op: Aggregate owns no pipelines.
func (Aggregate) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o Aggregate) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o Aggregate) Detail() string {
	keys := make([]string, len(o.Keys))
	for i, k := range o.Keys {
		keys[i] = k.Name
	}
	aggs := make([]string, len(o.Aggs))
	for i, a := range o.Aggs {
		aggs[i] = expr(a.Call)
	}
	return fmt.Sprintf("keys=[%s] aggs=[%s]", strings.Join(keys, ", "), strings.Join(aggs, ", "))
}

// Distinct drops rows whose Vars repeat an earlier row.
type Distinct struct {
	Vars []string
}

var _ Op = (*Distinct)(nil)

// Name implements Op.
func (Distinct) Name() string { return "Distinct" }

// String implements Op.
func (o Distinct) String() string { return format(o) }

// Breaker implements Op.
func (Distinct) Breaker() bool { return false }

// Children implements Op: Distinct owns no pipelines.
func (Distinct) Children() []*Pipeline { return nil }

// WithChildren implements Op.
func (o Distinct) WithChildren(children ...*Pipeline) (Op, error) { return noChildren(o, children) }

// Detail implements Op.
func (o Distinct) Detail() string { return strings.Join(o.Vars, ", ") }
