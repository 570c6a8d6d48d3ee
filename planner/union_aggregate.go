package planner

import (
	"math"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// aggregateThroughUnion moves an aggregation over the rows of a CALL
// { A UNION ALL B ... } into its branches: each branch aggregates its own
// rows by the same grouping keys (a partial aggregate), and the
// aggregation after the CALL combines the partial rows, group by group.
// The rows of a UNION ALL are the branches' rows one after the other, so
// an aggregate that is decomposable over a split of its rows gives the
// same answer:
//
//   - count(*), count(x): the sum of the branches' counts;
//   - sum(x): the sum of the branches' sums;
//   - min(x), max(x) (DISTINCT or not): the min (max) of the branches';
//   - collect(x), when the CALL runs once (it follows the query's start
//     alone): the branches' lists concatenated in branch order, which is
//     the order one pass over the UNION ALL's rows gives (openCypher
//     leaves the order of collect without ORDER BY unspecified anyway).
//     Run once, each branch returns at most one partial list per group,
//     so the concatenation is a fixed number of list additions.
//
// Every branch then ends in an aggregation as if it were written alone,
// so the rules that read a count from the store, a degree or the size of
// a set apply to each branch.
//
// Empty inputs stay right: without keys every branch returns one row
// (count 0, sum 0, min and max null), and the combination of those is
// the aggregate of no rows; with keys a branch without rows returns no
// groups. When the CALL runs for several outer rows, each outer row
// gives partial rows of its own, and the combination over all of them is
// still the aggregate of all rows.
//
// The aggregation must follow the CALL directly (an ORDER BY, SKIP,
// LIMIT or filter between them sees the rows one by one), and its keys
// and arguments may read only the CALL's columns, which every branch
// binds. A DISTINCT UNION is left alone (its duplicates are removed across
// branches), as are collect over a CALL that runs per row and every other
// aggregate that does not split this way; an aggregation of DISTINCT
// aggregates (count(DISTINCT x), collect(DISTINCT x), ...) gets its
// branches' rows made distinct instead (pushDistinct). avg(x) is one: as the branches' sums over
// their counts it would be exact, but a branch's sum() of integers raises
// IntegerOverflow past 2^63 where avg goes on in floating point; it needs
// a partial aggregate that keeps avg's own state. A branch's own
// ORDER BY, SKIP and LIMIT stay in the branch, before its aggregation.
// When every branch ends in an aggregation already (as after this rule),
// there is nothing to gain; when, further, every branch is one row of
// integer constants (a count from the store's statistics), run once, the
// aggregation without keys is folded to its value (foldConstantBranches).
func aggregateThroughUnion(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	if b.rowModeOnly {
		return ops, false
	}
	for j := 1; j < len(ops); j++ {
		a, ok := ops[j].(logical.Aggregate)
		if !ok {
			continue
		}
		call, ok := ops[j-1].(logical.CallSubquery)
		if !ok || !call.UnionAll || len(call.Union) == 0 || len(call.Columns) == 0 || len(a.Aggs) == 0 {
			continue
		}
		if out, ok := foldConstantBranches(ops, j, call, a); ok {
			return out, true
		}
		// The pushed aggregation reads only the CALL's columns.
		if !onlyReads(usesOf(logical.Aggregate{Keys: a.Keys, Aggs: a.Aggs}), newVarSet(call.Columns...)) {
			continue
		}
		if out, ok := b.pushAggregate(ops, j, call, a); ok {
			return out, true
		}
		if out, ok := b.pushDistinct(ops, j, call, a); ok {
			return out, true
		}
	}
	return ops, false
}

// pushAggregate rewrites ops[j-1:j+1], the CALL call and the aggregation
// a after it, when every aggregate splits (see aggregateThroughUnion).
func (b *builder) pushAggregate(ops []logical.Op, j int, call logical.CallSubquery, a logical.Aggregate) ([]logical.Op, bool) {
	_, started := ops[0].(logical.Start)
	once := started && j == 2 // the CALL runs once
	combine := make([]string, len(a.Aggs))
	for k, c := range a.Aggs {
		f := combinerOf(c.Call)
		if f == "" || f == "collect" && !once {
			return nil, false
		}
		combine[k] = f
	}
	grouped := true
	for _, br := range call.Children() {
		n := len(br.Ops)
		if n == 0 {
			return nil, false
		}
		if _, ok := br.Ops[n-1].(logical.Emit); !ok {
			return nil, false
		}
		grouped = grouped && endsGrouped(br.Ops[:n-1])
	}
	if grouped {
		return nil, false // every branch returns one row per group already
	}
	// The branches' columns: the keys, then the partial aggregates.
	var columns []string
	inner := logical.Aggregate{EstGroups: a.EstGroups}
	outer := logical.Aggregate{EstGroups: a.EstGroups}
	for _, k := range a.Keys {
		col := b.fresh("ukey")
		columns = append(columns, col)
		inner.Keys = append(inner.Keys, logical.Item{Expr: k.Expr, Name: col})
		outer.Keys = append(outer.Keys, logical.Item{Expr: &ast.Variable{Name: col}, Name: k.Name})
	}
	var nulled []logical.Item // partial sums, null where they summed nothing
	var finals []logical.Item // the aggregates the combination computes from several
	for k, c := range a.Aggs {
		switch combine[k] {
		case "collect":
			col, lists := b.fresh("part"), b.fresh("plists")
			columns = append(columns, col)
			partial := *c.Call
			b.aggRefs[&partial] = col
			inner.Aggs = append(inner.Aggs, logical.AggCall{Call: &partial, Name: col})
			final := &ast.FunctionCall{Span: c.Call.Span, Name: "collect", Args: []ast.Expr{&ast.Variable{Span: c.Call.Span, Name: col}}}
			b.aggRefs[final] = lists
			outer.Aggs = append(outer.Aggs, logical.AggCall{Call: final, Name: lists})
			finals = append(finals, logical.Item{Name: c.Name, Expr: concatOf(c.Call.Span, lists, len(call.Children()))})
			continue
		}
		col := b.fresh("part")
		columns = append(columns, col)
		partial := *c.Call
		if combine[k] == "sum" && strings.EqualFold(c.Call.Name, "sum") {
			// sum() of nothing is 0, an integer, which a sum of
			// durations in another branch cannot take: the branch
			// passes null for it (sum() skips nulls), and 0 comes back
			// when every branch summed nothing.
			sum, n := b.fresh("psum"), b.fresh("pcount")
			count := &ast.FunctionCall{Span: c.Call.Span, Name: "count", Args: c.Call.Args}
			b.aggRefs[&partial], b.aggRefs[count] = sum, n
			inner.Aggs = append(inner.Aggs, logical.AggCall{Call: &partial, Name: sum, IntSum: c.IntSum}, logical.AggCall{Call: count, Name: n})
			nulled = append(nulled, logical.Item{Name: col, Expr: &ast.Case{
				Subject: &ast.Variable{Name: n},
				Whens:   []*ast.CaseWhen{{When: &ast.Literal{Kind: ast.LitInt, Int: 0}, Then: &ast.Literal{Kind: ast.LitNull}}},
				Else:    &ast.Variable{Name: sum},
			}})
		} else {
			b.aggRefs[&partial] = col
			inner.Aggs = append(inner.Aggs, logical.AggCall{Call: &partial, Name: col, IntSum: c.IntSum})
		}
		final := &ast.FunctionCall{Span: c.Call.Span, Name: combine[k], Args: []ast.Expr{&ast.Variable{Span: c.Call.Span, Name: col}}}
		b.aggRefs[final] = c.Name
		counts := combine[k] == "sum" && strings.EqualFold(c.Call.Name, "count")
		outer.Aggs = append(outer.Aggs, logical.AggCall{Call: final, Name: c.Name, IntSum: counts || c.IntSum})
	}
	branches := call.Children()
	next := make([]*logical.Pipeline, len(branches))
	for i, br := range branches {
		last := len(br.Ops) - 1
		bops := append([]logical.Op(nil), br.Ops[:last]...)
		bops = append(bops, inner)
		if len(nulled) > 0 {
			bops = append(bops, logical.Project{Items: nulled})
		}
		bops = append(bops, logical.Emit{Columns: columns})
		next[i] = &logical.Pipeline{Ops: bops, Est: br.Est}
	}
	rewritten, err := call.WithChildren(next...)
	if err != nil {
		return nil, false
	}
	c := rewritten.(logical.CallSubquery)
	c.Columns = columns
	if len(finals) > 0 {
		return replace(ops, j-1, 2, c, outer, logical.Project{Items: finals, Note: "the branches' partial aggregates combined"}), true
	}
	return replace(ops, j-1, 2, c, outer), true
}

// concatOf is the concatenation of the (at most n) lists of list
// variable lists, in order: coalesce(lists[0], []) + ... + coalesce(lists[n-1], []).
func concatOf(span ast.Span, lists string, n int) ast.Expr {
	var out ast.Expr
	for i := range n {
		item := &ast.FunctionCall{Span: span, Name: "coalesce", Args: []ast.Expr{
			&ast.Index{Span: span, Expr: &ast.Variable{Span: span, Name: lists}, Index: &ast.Literal{Span: span, Kind: ast.LitInt, Int: int64(i)}},
			&ast.ListLiteral{Span: span},
		}}
		if out == nil {
			out = item
		} else {
			out = &ast.Binary{Span: span, Op: ast.OpAdd, Left: out, Right: item}
		}
	}
	return out
}

// combinerOf returns the aggregate function that combines the partial
// results of call computed over parts of its rows ("" when the partial
// results do not determine the whole).
func combinerOf(call *ast.FunctionCall) string {
	if len(call.Namespace) > 0 {
		return ""
	}
	switch name := strings.ToLower(call.Name); {
	case name == "count" && !call.Distinct && (call.Star || len(call.Args) == 1):
		return "sum"
	case name == "sum" && !call.Distinct && len(call.Args) == 1:
		return "sum"
	case (name == "min" || name == "max") && len(call.Args) == 1:
		return name
	case name == "collect" && !call.Distinct && len(call.Args) == 1:
		return name
	}
	return ""
}

// onlyReads reports whether every variable of used is in allowed.
func onlyReads(used, allowed varSet) bool {
	if used.all || used.aggs {
		return false
	}
	for v := range used.names {
		if !allowed.has(v) {
			return false
		}
	}
	return true
}

// endsGrouped reports whether the rows of ops are those of an aggregation,
// or the one row a pipeline starts with, at most filtered, projected,
// sorted or cut after it: one row per group.
func endsGrouped(ops []logical.Op) bool {
	for k := len(ops) - 1; k >= 0; k-- {
		switch ops[k].(type) {
		case logical.Aggregate:
			return true
		case logical.Start:
			return k == 0
		case logical.Project, logical.Select, logical.Filter, logical.Sort, logical.Limit, logical.Skip, logical.Distinct:
		default:
			return false
		}
	}
	return false
}

// foldConstantBranches replaces the aggregation a without keys at ops[j]
// over the CALL call, run once (ops[j-1] follows Start alone), whose
// every branch is one row of integer constants or nulls (Start, then a
// projection of literals), by the projection of its values: count(*)
// is the number of branches, count(c) of those where c is not null,
// sum(c) their sum, min(c) and max(c) their least and greatest (null when
// all are null).
func foldConstantBranches(ops []logical.Op, j int, call logical.CallSubquery, a logical.Aggregate) ([]logical.Op, bool) {
	if len(a.Keys) > 0 || j != 2 {
		return nil, false
	}
	if _, ok := ops[0].(logical.Start); !ok {
		return nil, false
	}
	var rows []map[string]*ast.Literal
	for _, br := range call.Children() {
		row := map[string]*ast.Literal{}
		for k, op := range br.Ops {
			switch o := op.(type) {
			case logical.Start:
				if k != 0 {
					return nil, false
				}
			case logical.Project:
				for _, it := range o.Items {
					l, ok := it.Expr.(*ast.Literal)
					if !ok || l.Kind != ast.LitInt && l.Kind != ast.LitNull {
						return nil, false
					}
					row[it.Name] = l
				}
			case logical.Select, logical.Emit:
			default:
				return nil, false
			}
		}
		rows = append(rows, row)
	}
	items := make([]logical.Item, len(a.Aggs))
	for k, c := range a.Aggs {
		v, ok := foldAggregate(c.Call, rows)
		if !ok {
			return nil, false
		}
		v.Span = c.Call.Span
		items[k] = logical.Item{Name: c.Name, Expr: v}
	}
	return replace(ops, 1, 2, logical.Project{Items: items, Note: "the branches' constants combined"}), true
}

// foldAggregate is the value of call (count, sum, min or max of one
// column, or count(*), not DISTINCT) over rows of integer or null
// literals.
func foldAggregate(call *ast.FunctionCall, rows []map[string]*ast.Literal) (*ast.Literal, bool) {
	name := strings.ToLower(call.Name)
	if len(call.Namespace) > 0 || call.Distinct && name != "min" && name != "max" {
		return nil, false
	}
	if call.Star {
		if name != "count" {
			return nil, false
		}
		return &ast.Literal{Kind: ast.LitInt, Int: int64(len(rows))}, true
	}
	if len(call.Args) != 1 {
		return nil, false
	}
	v, ok := call.Args[0].(*ast.Variable)
	if !ok {
		return nil, false
	}
	var vals []int64
	for _, row := range rows {
		l, ok := row[v.Name]
		if !ok {
			return nil, false
		}
		if l.Kind == ast.LitInt {
			vals = append(vals, l.Int)
		}
	}
	out := &ast.Literal{Kind: ast.LitInt}
	switch name {
	case "count":
		out.Int = int64(len(vals))
	case "sum":
		for _, x := range vals {
			if x > 0 && out.Int > math.MaxInt64-x || x < 0 && out.Int < math.MinInt64-x {
				return nil, false // overflows: left to the aggregation's error
			}
			out.Int += x
		}
	case "min", "max":
		if len(vals) == 0 {
			return &ast.Literal{Kind: ast.LitNull}, true
		}
		out.Int = vals[0]
		for _, x := range vals[1:] {
			if name == "min" && x < out.Int || name == "max" && x > out.Int {
				out.Int = x
			}
		}
	default:
		return nil, false
	}
	return out, true
}

// pushDistinct rewrites ops[j-1:j+1], the CALL call and the aggregation a
// after it, when every aggregate of a is insensitive to duplicate rows
// (DISTINCT, or min and max): a then sees only the set of the distinct
// tuples of its keys and arguments, and the set of the union of the
// branches' rows is the union of the sets of each branch's. Each branch
// then returns the distinct tuples of the keys and arguments it computes
// (RETURN DISTINCT, which the rules may answer set at a time) and a
// aggregates those as before; order-sensitive results (collect(DISTINCT
// x)) keep each value's first occurrence, as their order is unspecified
// anyway without ORDER BY.
func (b *builder) pushDistinct(ops []logical.Op, j int, call logical.CallSubquery, a logical.Aggregate) ([]logical.Op, bool) {
	for _, c := range a.Aggs {
		name := strings.ToLower(c.Call.Name)
		if len(c.Call.Namespace) > 0 || c.Call.Star || len(c.Call.Args) != 1 || !c.Call.Distinct && name != "min" && name != "max" {
			return nil, false
		}
	}
	for _, br := range call.Children() {
		n := len(br.Ops)
		if n == 0 {
			return nil, false
		}
		if _, ok := br.Ops[n-1].(logical.Emit); !ok {
			return nil, false
		}
		for _, op := range br.Ops {
			if _, ok := op.(logical.Distinct); ok {
				return nil, false // distinct already
			}
		}
	}
	var columns []string
	var items []logical.Item
	outer := logical.Aggregate{EstGroups: a.EstGroups}
	for _, k := range a.Keys {
		col := b.fresh("ukey")
		columns = append(columns, col)
		items = append(items, logical.Item{Expr: k.Expr, Name: col})
		outer.Keys = append(outer.Keys, logical.Item{Expr: &ast.Variable{Name: col}, Name: k.Name})
	}
	for _, c := range a.Aggs {
		col := b.fresh("uarg")
		columns = append(columns, col)
		items = append(items, logical.Item{Expr: c.Call.Args[0], Name: col})
		call := *c.Call
		call.Args = []ast.Expr{&ast.Variable{Span: c.Call.Span, Name: col}}
		b.aggRefs[&call] = c.Name
		outer.Aggs = append(outer.Aggs, logical.AggCall{Call: &call, Name: c.Name, IntSum: c.IntSum})
	}
	branches := call.Children()
	next := make([]*logical.Pipeline, len(branches))
	for i, br := range branches {
		last := len(br.Ops) - 1
		bops := append([]logical.Op(nil), br.Ops[:last]...)
		bops = append(bops, logical.Project{Items: items}, logical.Distinct{Vars: columns}, logical.Select{Vars: columns}, logical.Emit{Columns: columns})
		next[i] = &logical.Pipeline{Ops: bops, Est: br.Est}
	}
	rewritten, err := call.WithChildren(next...)
	if err != nil {
		return nil, false
	}
	c := rewritten.(logical.CallSubquery)
	c.Columns = columns
	return replace(ops, j-1, 2, c, outer), true
}
