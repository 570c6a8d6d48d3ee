package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// useDegrees rewrites `(a)-->()` expansions whose rows are only counted
// (count(*) in the aggregation that follows) into a read of a's stored
// degree, summed instead of counted: no relationship is enumerated. It
// reports whether anything changed.
func (b *builder) useDegrees(pl *logical.Pipeline) bool {
	changed := false
	ops := pl.Ops
	for i, op := range ops {
		o, ok := op.(logical.Expand)
		if !ok || o.ToBound || o.RelBound || len(o.Distinct) > 0 {
			continue
		}
		far := []string{o.To, o.Rel}
		agg := -1
	scan:
		for j := i + 1; j < len(ops); j++ {
			switch x := ops[j].(type) {
			case logical.Project, logical.Select, logical.Filter:
				if mentions(x, far) {
					break scan
				}
			case logical.NodeFilter:
				if x.Var == o.To {
					break scan
				}
			case logical.Aggregate:
				agg = j
				break scan
			default:
				break scan
			}
		}
		if agg < 0 {
			continue
		}
		a := ops[agg].(logical.Aggregate)
		if len(a.Aggs) == 0 || mentions(logical.Aggregate{Keys: a.Keys}, far) {
			continue
		}
		// Every aggregate must count rows: count(*), or count of the far
		// node or the relationship, which a MATCH never binds to null.
		countsRows := true
		for _, c := range a.Aggs {
			countsRows = countsRows && (c.Call.Star || countOf(c.Call, far))
		}
		if !countsRows {
			continue
		}
		into := b.fresh("deg")
		ops[i] = logical.Degree{Var: o.From, Dir: o.Dir, Types: o.Types, Into: into}
		aggs := make([]logical.AggCall, len(a.Aggs))
		for k, c := range a.Aggs {
			aggs[k] = logical.AggCall{Name: c.Name, IntSum: true, Call: &ast.FunctionCall{Span: c.Call.Span, Name: "sum", Args: []ast.Expr{&ast.Variable{Name: into}}}}
		}
		a.Aggs = aggs
		ops[agg] = a
		changed = true
	}
	return changed
}

// countOf reports whether call is count(v) (not DISTINCT) for a variable
// v among names.
func countOf(call *ast.FunctionCall, names []string) bool {
	if !strings.EqualFold(call.Name, "count") || call.Distinct || len(call.Args) != 1 || len(call.Namespace) > 0 {
		return false
	}
	v, ok := call.Args[0].(*ast.Variable)
	if !ok {
		return false
	}
	for _, n := range names {
		if v.Name == n {
			return true
		}
	}
	return false
}

// useCycleCounts rewrites a closed directed triangle (a)-->(b)-->(c)-->(a)
// whose rows are only counted into a CycleCount: per relationship a->b, the
// size of out(b) AND in(a) (the VM falls back to exact enumeration where
// parallel relationships or self-loops make sets and MATCH differ).
func (b *builder) useCycleCounts(pl *logical.Pipeline) bool {
	ops := pl.Ops
	for i := 0; i+2 < len(ops); i++ {
		e1, ok1 := ops[i].(logical.Expand)
		e2, ok2 := ops[i+1].(logical.Expand)
		e3, ok3 := ops[i+2].(logical.Expand)
		if !ok1 || !ok2 || !ok3 {
			continue
		}
		directed := func(e logical.Expand) bool { return e.Dir == ast.DirRight || e.Dir == ast.DirLeft }
		if !directed(e1) || !directed(e2) || !directed(e3) || e1.ToBound || e2.ToBound || !e3.ToBound {
			continue
		}
		if e2.From != e1.To || e3.From != e2.To || e3.To != e1.From || e1.RelBound || e2.RelBound || e3.RelBound {
			continue
		}
		if len(e1.Distinct) > 0 {
			continue
		}
		hidden := []string{e1.To, e2.To, e1.Rel, e2.Rel, e3.Rel}
		// The rows must only be counted.
		agg := -1
	scan:
		for j := i + 3; j < len(ops); j++ {
			if mentions(ops[j], hidden) {
				break
			}
			switch ops[j].(type) {
			case logical.Project, logical.Select, logical.Filter:
			case logical.Aggregate:
				agg = j
				break scan
			default:
				break scan
			}
		}
		if agg < 0 {
			continue
		}
		a := ops[agg].(logical.Aggregate)
		allStar := len(a.Aggs) > 0
		for _, c := range a.Aggs {
			allStar = allStar && c.Call.Star
		}
		if !allStar {
			continue
		}
		into := b.fresh("cycles")
		cc := logical.CycleCount{Var: e1.From, Into: into, Hops: [3]logical.Hop{{Dir: e1.Dir, Types: e1.Types}, {Dir: e2.Dir, Types: e2.Types}, {Dir: e3.Dir, Types: e3.Types}}}
		aggs := make([]logical.AggCall, len(a.Aggs))
		for k, c := range a.Aggs {
			aggs[k] = logical.AggCall{Name: c.Name, IntSum: true, Call: &ast.FunctionCall{Span: c.Call.Span, Name: "sum", Args: []ast.Expr{&ast.Variable{Name: into}}}}
		}
		a.Aggs = aggs
		ops[agg] = a
		rest := append([]logical.Op{cc}, ops[i+3:]...)
		pl.Ops = append(ops[:i], rest...)
		return true
	}
	return false
}

// mentions reports whether an operator's expressions use any of names.
func mentions(op logical.Op, names []string) bool {
	set := map[string]bool{}
	for _, n := range names {
		set[n] = true
	}
	var exprs []ast.Expr
	switch o := op.(type) {
	case logical.Filter:
		exprs = append(exprs, o.Pred)
	case logical.Project:
		for _, it := range o.Items {
			exprs = append(exprs, it.Expr)
		}
	case logical.Aggregate:
		for _, k := range o.Keys {
			exprs = append(exprs, k.Expr)
		}
		for _, a := range o.Aggs {
			exprs = append(exprs, a.Call)
		}
	case logical.Select:
		for _, v := range o.Vars {
			if set[v] {
				return true
			}
		}
	}
	for _, e := range exprs {
		if usesAny(e, set) {
			return true
		}
	}
	return false
}
