package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// groupedExistence reads a grouping that keeps only the groups in which
// some row (or no row) passes an existence test, when the test reads
// nothing but the grouping's keys and values that are one for all rows,
// as a filter of the rows before the grouping:
//
//	MATCH (p:Person {id: 1})-[:KNOWS]-(f) OPTIONAL MATCH (f)-[l:LIKES]->()-->(p)
//	WITH f, count(l) AS c WHERE c = 0
//
// is grouped with sum(CASE WHEN EXISTS { (f)-[l:LIKES]->()-->(p) } THEN 1
// ELSE 0 END) AS c (optionalCount, summedExistence) and filtered by c = 0.
// The test has one answer for all the rows of a group (they agree on f,
// and p is one node), so the sum is 0 exactly when the test fails on any
// one row of the group, and at least 1 exactly when it holds on any one:
// filtering the rows by NOT EXISTS { } (or EXISTS { }) before the
// grouping keeps the same groups, each with all its rows. The sum leaves
// the grouping, which the existence rules then answer as an anti-join
// (or semi-join) of the rows, and the grouping itself, left without
// aggregates, is a DISTINCT of the keys (or nothing, when the rows are
// unique in them). The column that held the sum holds 0 (or 1) after it,
// and the conjunct that tested it is dropped.
//
// Preconditions, each what the rewrite must preserve:
//   - the aggregate is sum(CASE WHEN t THEN 1 ELSE 0 END), t an existence
//     test (EXISTS { } or its negation: never null, so NOT t keeps the
//     rows whose indicator is 0), deterministic;
//   - t reads, of the variables bound before the grouping, only keys
//     that are plain variables and variables bound once for all rows (a
//     seek of one value of a key, before any other source of rows:
//     oneRowVars), so that all rows of a group agree on it;
//   - there are grouping keys (a grouping of no keys has one group even
//     over no rows: its sum would be 0 where the filter left no rows);
//   - the first filter after the grouping (through projections that pass
//     the column on) has a conjunct that asks whether the sum is 0
//     (zeroTest); when it keeps the groups whose sum is at least 1, every
//     read of the sum is such a test (onlyZeroTests), since 1 stands for
//     any count from then on;
//   - the rows the filter drops early raise no error the grouping raised
//     on them: the keys are variables or properties of entities, the
//     other aggregates counts, collections, minima or maxima of such reads
//     or indicators the planner introduced (whose reading cannot fail);
//   - the statement writes nothing (a test moved across a write could see
//     another graph).
func groupedExistence(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	if b.rowModeOnly || b.noKeys {
		return ops, false
	}
	for j, op := range ops {
		a, ok := op.(logical.Aggregate)
		if !ok || len(a.Keys) == 0 {
			continue
		}
		for k, c := range a.Aggs {
			test, ok := indicatorSum(c)
			if !ok || !deterministic(test) {
				continue
			}
			out, ok := b.groupedExistenceAt(ops, j, k, test, req)
			if ok {
				return out, true
			}
		}
	}
	return ops, false
}

// groupedExistenceAt applies groupedExistence to the k-th aggregate of
// the grouping ops[j], whose indicator tests test.
func (b *builder) groupedExistenceAt(ops []logical.Op, j, k int, test ast.Expr, req required) ([]logical.Op, bool) {
	a := ops[j].(logical.Aggregate)
	c := a.Aggs[k]
	sc, _, ok := scopeAt(ops, j)
	if !ok {
		return nil, false
	}
	entities := entitiesAt(ops, j)
	determined := b.oneRowVars(ops[:j])
	for _, key := range a.Keys {
		v, isVar := key.Expr.(*ast.Variable)
		switch {
		case isVar:
			determined[v.Name] = true
		case plainRead(key.Expr, entities):
		default:
			return nil, false
		}
	}
	reads := newVarSet()
	addExprVars(test, &reads)
	visitExpr(test, func(x ast.Expr) bool {
		if ex, ok := x.(*ast.ExistsSubquery); ok {
			patternGroupVars(ex.Pattern, &reads)
		}
		return true
	})
	if reads.all {
		return nil, false
	}
	for n := range reads.names {
		if sc.has(n) && !determined[n] {
			return nil, false
		}
	}
	for i, other := range a.Aggs {
		if i != k && !safeAggregate(other, entities) {
			return nil, false
		}
	}
	// The first filter after the grouping, and the names the sum goes by
	// up to it.
	names := map[string]bool{c.Name: true}
	at := -1
	for i := j + 1; i < len(ops) && at < 0; i++ {
		switch o := ops[i].(type) {
		case logical.Select:
		case logical.Project:
			next := map[string]bool{}
			for _, it := range o.Items {
				if v, isVar := it.Expr.(*ast.Variable); isVar && names[v.Name] || b.refersTo(it.Expr, c.Name) {
					next[it.Name] = true
				}
			}
			names = next
		case logical.Filter:
			if o.Defer != "" {
				return nil, false
			}
			at = i
		default:
			return nil, false
		}
	}
	if at < 0 {
		return nil, false
	}
	f := ops[at].(logical.Filter)
	is := func(e ast.Expr) bool {
		if v, ok := e.(*ast.Variable); ok && names[v.Name] {
			return true
		}
		if len(f.Subst) > 0 && names[f.Subst[e.NodeSpan().Text(b.src)]] {
			return true
		}
		return b.refersTo(e, c.Name)
	}
	parts := conjuncts(f.Pred)
	kept := make([]ast.Expr, 0, len(parts))
	found, atZero := false, false
	for _, p := range parts {
		if cmp, isCmp := p.(*ast.Comparison); isCmp && !found && zeroTest(cmp, is) {
			zero, one := zeroTestAnswers(cmp, is)
			if zero == one {
				return nil, false // always true or always false: left to the folding rules
			}
			found, atZero = true, zero
			continue
		}
		kept = append(kept, p)
	}
	if !found || !atZero && !b.onlyZeroTests(ops[j+1:], c.Name, req.After[len(ops)-1].Live) {
		return nil, false
	}
	sp := c.Call.Span
	var rows ast.Expr = test
	value := int64(1)
	if atZero {
		rows, value = &ast.Unary{Span: sp, Op: ast.OpNot, Expr: test}, 0
	}
	na := a
	na.Aggs = append(append([]logical.AggCall(nil), a.Aggs[:k]...), a.Aggs[k+1:]...)
	items := make([]logical.Item, 0, len(a.Keys)+len(a.Aggs))
	for _, key := range a.Keys {
		items = append(items, logical.Item{Name: key.Name, Expr: &ast.Variable{Span: sp, Name: key.Name}})
	}
	for _, other := range na.Aggs {
		items = append(items, logical.Item{Name: other.Name, Expr: &ast.Variable{Span: sp, Name: other.Name}})
	}
	items = append(items, logical.Item{Name: c.Name, Expr: intLit(sp, value)})
	out := append([]logical.Op(nil), ops[:j]...)
	out = append(out, logical.Filter{Pred: rows})
	if len(na.Aggs) == 0 {
		out = append(out, distinctOn(na.Keys)...)
	} else {
		out = append(out, na)
	}
	out = append(out, logical.Project{Items: items})
	out = append(out, ops[j+1:at]...)
	if len(kept) > 0 {
		nf := f
		nf.Pred = andAll(kept)
		out = append(out, nf)
	}
	return append(out, ops[at+1:]...), true
}

// indicatorSum returns t when c is sum(CASE WHEN t THEN 1 ELSE 0 END), t
// an existence test or its negation.
func indicatorSum(c logical.AggCall) (ast.Expr, bool) {
	call := c.Call
	if c.Name == "" || call.Star || call.Distinct || len(call.Namespace) > 0 || len(call.Args) != 1 || !strings.EqualFold(call.Name, "sum") {
		return nil, false
	}
	cs, ok := call.Args[0].(*ast.Case)
	if !ok || cs.Subject != nil || len(cs.Whens) != 1 || !isIntLit(cs.Whens[0].Then, 1) || !isIntLit(cs.Else, 0) {
		return nil, false
	}
	t := cs.Whens[0].When
	inner := t
	if u, ok := t.(*ast.Unary); ok && u.Op == ast.OpNot {
		inner = u.Expr
	}
	if ex, ok := inner.(*ast.ExistsSubquery); !ok || ex.Pattern == nil {
		return nil, false
	}
	return t, true
}

// zeroTestAnswers returns the answers of a zeroTest comparison for the
// value 0 and for the value 1 (which stands for every value from 1 up).
func zeroTestAnswers(c *ast.Comparison, is func(ast.Expr) bool) (zero, one bool) {
	op, r := c.Ops[0], c.Operands[1]
	if is(r) && !is(c.Operands[0]) {
		r = c.Operands[0]
		op = map[ast.CompareOp]ast.CompareOp{ast.CmpEq: ast.CmpEq, ast.CmpNe: ast.CmpNe, ast.CmpLt: ast.CmpGt, ast.CmpGt: ast.CmpLt, ast.CmpLe: ast.CmpGe, ast.CmpGe: ast.CmpLe}[op]
	}
	n := r.(*ast.Literal).Int
	at := func(v int64) bool {
		switch op {
		case ast.CmpEq:
			return v == n
		case ast.CmpNe:
			return v != n
		case ast.CmpLt:
			return v < n
		case ast.CmpLe:
			return v <= n
		case ast.CmpGt:
			return v > n
		case ast.CmpGe:
			return v >= n
		}
		return false
	}
	return at(0), at(1)
}

// plainRead reports whether e is a variable or a property of a variable
// bound to a node or relationship (entities): reads that cannot fail.
func plainRead(e ast.Expr, entities map[string]bool) bool {
	switch x := e.(type) {
	case *ast.Variable:
		return true
	case *ast.Property:
		v, ok := x.Expr.(*ast.Variable)
		return ok && entities[v.Name]
	}
	return false
}

// safeAggregate reports whether evaluating c on a row cannot fail: a
// count of rows, an indicator sum the planner introduced, or a count,
// collection, minimum or maximum of a plain read.
func safeAggregate(c logical.AggCall, entities map[string]bool) bool {
	call := c.Call
	if call.Star {
		return true
	}
	if _, ok := indicatorSum(c); ok && c.IntSum {
		return true
	}
	if len(call.Namespace) > 0 || len(call.Args) != 1 || !plainRead(call.Args[0], entities) {
		return false
	}
	switch strings.ToLower(call.Name) {
	case "count", "collect", "min", "max":
		return true
	}
	return false
}

// oneRowVars returns the variables bound once for all rows of ops: those
// a seek of one value of a key binds (keySeek) while the rows are at most
// one (before any other source of rows), and that no projection binds
// again after.
func (b *builder) oneRowVars(ops []logical.Op) map[string]bool {
	one := map[string]bool{}
	single := true
	for _, op := range ops {
		switch o := op.(type) {
		case logical.Start:
		case logical.NodeIndexSeek:
			if single && b.keySeek(o) {
				one[o.Var] = true
			} else {
				single = false
			}
		case logical.Filter, logical.NodeFilter:
		case logical.Project:
			single = false
			for _, it := range o.Items {
				if v, ok := it.Expr.(*ast.Variable); !ok || v.Name != it.Name {
					delete(one, it.Name)
				}
			}
		case logical.Aggregate:
			single = false
			kept := map[string]bool{}
			for _, k := range o.Keys {
				if v, ok := k.Expr.(*ast.Variable); ok && v.Name == k.Name && one[k.Name] {
					kept[k.Name] = true
				}
			}
			one = kept
		default:
			single = false
		}
	}
	return one
}
