package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// distinctKeyAggs drops the DISTINCT of an aggregate of a key: count,
// collect, sum or avg of DISTINCT v.k, where the rows are unique in the
// node v (uniqueVars) and k is a key of a label v is known to carry
// (unique_keys.go). Distinct nodes hold distinct non-null values of a
// key, so the only values DISTINCT would drop are the repeated nulls,
// which these aggregates skip anyway; collect keeps the order of the
// first occurrences, which without repeats is the rows' order. The
// aggregate then needs no table of the values seen.
func distinctKeyAggs(b *builder, ops []logical.Op, j int, a logical.Aggregate) ([]logical.Op, bool) {
	var unique map[string]bool
	var known map[string][]string
	changed := false
	aggs := a.Aggs
	for k, c := range a.Aggs {
		call := c.Call
		if !call.Distinct || call.Star || len(call.Namespace) > 0 || len(call.Args) != 1 || !keyAggregate(call.Name) {
			continue
		}
		p, ok := call.Args[0].(*ast.Property)
		if !ok {
			continue
		}
		v, ok := p.Expr.(*ast.Variable)
		if !ok {
			continue
		}
		if unique == nil {
			unique, known = b.uniqueVars(ops[:j]), knownLabels(ops[:j])
		}
		if !unique[v.Name] || !b.keyOfAny(known[v.Name], p.Key) {
			continue
		}
		if !changed {
			aggs = append([]logical.AggCall(nil), a.Aggs...)
			changed = true
		}
		nc := *call
		nc.Distinct = false
		aggs[k].Call = &nc
	}
	if !changed {
		return ops, false
	}
	a.Aggs = aggs
	return replace(ops, j, 1, a), true
}

// keyAggregate reports whether aggregate name skips nulls and reads a
// value's repeats only through DISTINCT.
func keyAggregate(name string) bool {
	switch strings.ToLower(name) {
	case "count", "collect", "sum", "avg":
		return true
	}
	return false
}

// keyOfAny reports whether key is a key of one of labels.
func (b *builder) keyOfAny(labels []string, key string) bool {
	for _, l := range labels {
		if b.uniqueKey(l, key) {
			return true
		}
	}
	return false
}

// knownLabels returns, per node variable, labels every row's node carries
// after ops: the label of the scan or seek that bound it, and those of
// label checks of it (a plain conjunction of labels). A variable bound
// again (by a projection, an UNWIND, an aggregation) loses them.
func knownLabels(ops []logical.Op) map[string][]string {
	known := map[string][]string{}
	for _, op := range ops {
		switch o := op.(type) {
		case logical.NodeScan:
			known[o.Var] = nil
			if o.Label != "" {
				known[o.Var] = []string{o.Label}
			}
		case logical.NodeIndexSeek:
			known[o.Var] = []string{o.Label}
		case logical.NodeSetSeek:
			known[o.Var] = nil
			if o.Label != "" {
				known[o.Var] = []string{o.Label}
			}
		case logical.NodeRangeSeek:
			known[o.Var] = []string{o.Label}
		case logical.NodeFilter:
			if ls, ok := ast.SimpleLabels(o.Labels); ok {
				known[o.Var] = append(append([]string(nil), known[o.Var]...), ls...)
			}
		case logical.Project:
			for _, it := range o.Items {
				if v, ok := it.Expr.(*ast.Variable); !ok || v.Name != it.Name {
					delete(known, it.Name)
				}
			}
		case logical.Unwind:
			delete(known, o.Var)
		case logical.Aggregate:
			for _, it := range o.Keys {
				if v, ok := it.Expr.(*ast.Variable); !ok || v.Name != it.Name {
					delete(known, it.Name)
				}
			}
			for _, c := range o.Aggs {
				delete(known, c.Name)
			}
		}
	}
	return known
}

// keyGroups reports the grouping keys `v.k` of an aggregation over ops
// whose groups are single rows: the rows are unique in v, k is a key of
// a label v carries, and no row holds null there (a seek or range seek
// of v by k, or a filter that keeps only rows where v.k is not null: a
// comparison of it, or `v.k IS NOT NULL`). Rows whose keys are null
// would form one group.
func (b *builder) keyGroups(ops []logical.Op, keys []logical.Item) bool {
	unique, known, nonNull := b.uniqueVars(ops), knownLabels(ops), nonNullProps(ops)
	for _, k := range keys {
		p, ok := k.Expr.(*ast.Property)
		if !ok {
			continue
		}
		v, ok := p.Expr.(*ast.Variable)
		if ok && unique[v.Name] && nonNull[v.Name+"\x00"+p.Key] && b.keyOfAny(known[v.Name], p.Key) {
			return true
		}
	}
	return false
}

// nonNullProps returns the properties `v.k` (as v NUL k) that no row ops
// produce holds null.
func nonNullProps(ops []logical.Op) map[string]bool {
	out := map[string]bool{}
	forget := func(v string) {
		for k := range out {
			if strings.HasPrefix(k, v+"\x00") {
				delete(out, k)
			}
		}
	}
	add := func(e ast.Expr) {
		if p, ok := e.(*ast.Property); ok {
			if v, ok := p.Expr.(*ast.Variable); ok {
				out[v.Name+"\x00"+p.Key] = true
			}
		}
	}
	for _, op := range ops {
		switch o := op.(type) {
		case logical.NodeIndexSeek:
			forget(o.Var)
			out[o.Var+"\x00"+o.Key] = true
		case logical.NodeRangeSeek:
			forget(o.Var)
			out[o.Var+"\x00"+o.Key] = true
		case logical.NodeScan:
			forget(o.Var)
		case logical.Filter:
			for _, c := range conjuncts(o.Pred) {
				switch x := c.(type) {
				case *ast.IsNull:
					if x.Not {
						add(x.Expr)
					}
				case *ast.Comparison:
					// a comparison with a null operand is null: the
					// filter drops the row
					for _, e := range x.Operands {
						add(e)
					}
				}
			}
		case logical.Project:
			for _, it := range o.Items {
				if v, ok := it.Expr.(*ast.Variable); !ok || v.Name != it.Name {
					forget(it.Name)
				}
			}
		case logical.Unwind:
			forget(o.Var)
		case logical.Aggregate:
			for _, it := range o.Keys {
				if v, ok := it.Expr.(*ast.Variable); !ok || v.Name != it.Name {
					forget(it.Name)
				}
			}
			for _, c := range o.Aggs {
				forget(c.Name)
			}
		case logical.Sort, logical.Skip, logical.Limit, logical.Select, logical.Distinct, logical.Start, logical.NodeFilter:
		default:
			return map[string]bool{} // an operator that may bind or null them
		}
	}
	return out
}
