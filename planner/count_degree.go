package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// countDegrees turns an expansion `(a)-->(b)` whose rows are only counted
// (every aggregate of the aggregation that follows is count(*), count(b)
// or count of the relationship, and nothing else reads b or the
// relationship) into a read of a's stored degree, summed instead of
// counted: no relationship is enumerated.
func countDegrees(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		o, ok := op.(logical.Expand)
		if !ok || o.ToBound || o.RelBound {
			continue
		}
		if out, ok := b.degreeFor(ops, i, o, true); ok {
			return out, true
		}
		if len(o.Distinct) > 0 {
			continue
		}
		if out, ok := b.flippedDegree(ops, i, o, req); ok {
			return out, true
		}
	}
	return ops, false
}

// flippedDegree handles an expansion written from the node that is only
// counted: `MATCH (x)-->(a) RETURN a, count(*)` scans x and expands to a,
// but the rows per a are a's degree the other way. When x is scanned
// right before the expansion, with no label or one the statistics prove
// every such neighbour carries, and neither x nor the relationship is
// read later, the scan moves to a (taking a label check of a right after
// the expansion with it) and the expansion turns around, so that the
// degree read applies whichever end the pattern was planned from.
func (b *builder) flippedDegree(ops []logical.Op, i int, o logical.Expand, req required) ([]logical.Op, bool) {
	if i == 0 || o.From == o.To || req.After[i].Live.hasAny(o.From, o.Rel) {
		return nil, false
	}
	scan, ok := ops[i-1].(logical.NodeScan)
	if !ok || scan.Var != o.From || len(scan.Prefilter) > 0 || scan.Batch > 0 {
		return nil, false
	}
	back := logical.Expand{From: o.To, Rel: o.Rel, To: o.From, Dir: reverse(o.Dir), Types: o.Types}
	if scan.Label != "" && !b.impliedLabel(logical.Hop{Dir: back.Dir, Types: back.Types}, scan.Label) {
		return nil, false
	}
	head, n := logical.NodeScan{Var: o.To}, 2
	if i+1 < len(ops) {
		if f, ok := ops[i+1].(logical.NodeFilter); ok && f.Var == o.To {
			if ls, simple := ast.SimpleLabels(f.Labels); simple && len(ls) == 1 {
				head.Label, n = ls[0], 3
			}
		}
	}
	return b.degreeFor(replace(ops, i-1, n, head, back), i, back, true)
}

// countOptionalDegrees does the same for `OPTIONAL MATCH (a)-->(b)` whose
// rows are only counted by count(b) or count of the relationship (nulls
// count nothing, so a node without relationships counts 0).
func countOptionalDegrees(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		opt, ok := op.(logical.Optional)
		if !ok || len(opt.Inner) != 1 {
			continue
		}
		o, ok := opt.Inner[0].(logical.Expand)
		if !ok || o.ToBound || o.RelBound || len(o.Distinct) > 0 {
			continue
		}
		if out, ok := b.degreeFor(ops, i, o, false); ok {
			return out, true
		}
	}
	return ops, false
}

// degreeFor replaces ops[i], an expansion o (or an optional one when
// !matchOnly), by a degree read when the operators up to the next
// aggregation pass its rows one for one without reading its far node or
// relationship, and that aggregation only counts them. A filter that
// only excludes the hop's self-loops (excludesSelfLoops) becomes a degree
// read without them; an expansion that must differ from relationships
// bound before, or from relationships of the row a per-row count is
// planned for (outerRelTests), reads the degree less those
// (uniqueDegree). A label test
// of the far node (a NodeFilter of static labels) becomes the degree
// read's end labels: only the relationships whose other end matches
// count, in one pass over the node's adjacency.
func (b *builder) degreeFor(ops []logical.Op, i int, o logical.Expand, matchOnly bool) ([]logical.Op, bool) {
	far := []string{o.To, o.Rel}
	agg := -1
	var loopTests []int // filters that only exclude the hop's self-loops
	var endTests []int  // label tests of the far node
	var endLabels []ast.LabelExpr
	renamed := false                   // a projection between may rebind the hop's names
	var outer []string                 // relationships of the row the hop's must differ from
	tested := map[int]logical.Filter{} // filters left when those tests are taken out
	for j := i + 1; j < len(ops) && agg < 0; j++ {
		switch x := ops[j].(type) {
		case logical.Filter:
			if matchOnly && !renamed && excludesSelfLoops(x.Pred, o.Rel, o.From, o.To) {
				loopTests = append(loopTests, j)
				continue
			}
			if rs, rest, ok := b.outerRelTests(x, o); matchOnly && !renamed && ok {
				outer, tested[j], x = append(outer, rs...), rest, rest
			}
			if usesOf(x).hasAny(far...) {
				return nil, false
			}
		case logical.NodeFilter:
			if matchOnly && !renamed && x.Var == o.To && x.Var != o.From && staticLabels(x.Labels) {
				endTests = append(endTests, j)
				endLabels = append(endLabels, x.Labels)
				continue
			}
			if usesOf(x).hasAny(far...) {
				return nil, false
			}
		case logical.Project, logical.Select, logical.RelFilter:
			if usesOf(x).hasAny(far...) {
				return nil, false
			}
			_, isRelFilter := x.(logical.RelFilter)
			renamed = renamed || !isRelFilter
		case logical.Aggregate:
			agg = j
		default:
			return nil, false
		}
	}
	if agg < 0 {
		return nil, false
	}
	a := ops[agg].(logical.Aggregate)
	if len(a.Aggs) == 0 || usesOf(logical.Aggregate{Keys: a.Keys}).hasAny(far...) {
		return nil, false
	}
	// Every aggregate must count rows: count(*) (only where a match binds
	// every row), or count of the far node or the relationship, which a
	// MATCH never binds to null.
	for _, c := range a.Aggs {
		if !(c.Call.Star && matchOnly || countOf(c.Call, far)) {
			return nil, false
		}
	}
	if len(o.Distinct)+len(outer) > 0 && len(loopTests)+len(endTests) > 0 {
		return nil, false
	}
	into := b.fresh("deg")
	var unique []logical.Op
	if len(o.Distinct)+len(outer) > 0 {
		var ok bool
		if unique, ok = b.uniqueDegree(ops[:i], o, into, matchOnly, matchOnly && len(a.Keys) > 0, outer); !ok {
			return nil, false
		}
	}
	if len(tested) > 0 {
		ops = slices.Clone(ops)
		for j, f := range tested {
			ops[j] = f
		}
	}
	aggs := make([]logical.AggCall, len(a.Aggs))
	for k, c := range a.Aggs {
		aggs[k] = logical.AggCall{Name: c.Name, IntSum: true, Call: &ast.FunctionCall{Span: c.Call.Span, Name: "sum", Args: []ast.Expr{&ast.Variable{Name: into}}}}
	}
	a.Aggs = aggs
	// A WITH between keeps the degree for the aggregation.
	out := keepThrough(replace(ops, agg, 1, a), i+1, agg, into)
	deg := logical.Degree{Var: o.From, Dir: o.Dir, Types: o.Types, Into: into, KeepZero: !matchOnly, NoLoops: len(loopTests) > 0}
	switch len(endLabels) {
	case 0:
	case 1:
		deg.Labels = endLabels[0]
	default:
		deg.Labels = &ast.LabelAnd{Items: endLabels}
	}
	out[i] = deg
	drop := append(slices.Clone(loopTests), endTests...)
	slices.Sort(drop)
	for k := len(drop) - 1; k >= 0; k-- {
		out = replace(out, drop[k], 1)
	}
	if unique != nil {
		out = replace(out, i, 1, unique...)
	}
	return out, true
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

// impliedLabels reports whether every node at the far end of a
// relationship of types (all when none) in direction dir satisfies the
// label expression ls (nil: no labels to check), by the statistics (see
// impliedLabelExpr).
func (b *builder) impliedLabels(dir ast.Direction, types []string, ls ast.LabelExpr) bool {
	if ls == nil {
		return true
	}
	return b.impliedLabelExpr(logical.Hop{Dir: dir, Types: types}, ls)
}

// staticLabels reports whether a label expression names its labels (no
// computed `$(expr)` label).
func staticLabels(l ast.LabelExpr) bool {
	switch x := l.(type) {
	case *ast.LabelName, *ast.LabelWildcard:
		return true
	case *ast.LabelNot:
		return staticLabels(x.Expr)
	case *ast.LabelAnd:
		return !slices.ContainsFunc(x.Items, func(it ast.LabelExpr) bool { return !staticLabels(it) })
	case *ast.LabelOr:
		return !slices.ContainsFunc(x.Items, func(it ast.LabelExpr) bool { return !staticLabels(it) })
	}
	return false
}
