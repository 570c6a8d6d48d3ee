package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// Grouping keys that read the hop. classDegrees reads an aggregation over
// the rows of one hop from a bound node as sums of degree reads when its
// arguments take one value per class of the hop's rows (type, direction,
// far-end labels). A grouping key of the same kind,
//
//	MATCH (p {id: $p})<-[:HAS_CREATOR]-(m) RETURN m:Post AS post, count(*)
//	... RETURN CASE WHEN 'Post' IN labels(m) THEN 'post' ELSE 'comment' END AS kind, count(*)
//
// also takes one value per class, so the rows of one bound node fall
// into one group per distinct value of the keys among the classes: the
// classes are partitioned by that value, and each part's aggregates are
// the same linear combinations of degree reads restricted to the part's
// classes. Per bound node the rewrite unwinds one row per part, carrying
// the part's key values (constants computed when planning), the number of
// rows the part keeps and its aggregates; a part that keeps no row is
// dropped (a group exists only where a row of the hop does), and the
// aggregation groups the parts' rows by the same keys, the hop's keys
// replaced by the parts' values, summing the parts' aggregates: a group
// of the enumerated rows is the union of the parts with its key values
// over the bound nodes of its other keys, and count and sum add up over
// a union. The values must be null, booleans, integers or strings
// (evaluateClass gives the value a key takes on every row of a class, or
// gives up on anything that is not fixed by the class or that could
// raise an error). After OPTIONAL MATCH the row of nulls would be one
// more part, present only where every other part keeps nothing; that is
// not done.

// classKeyRewrite builds the degree reads, the unwound parts and the
// aggregation over them for an aggregation whose keys classKeys read the
// hop; coefs are classRewrite's per-class coefficients of each aggregate
// and (last) of the kept rows.
func (b *builder) classKeyRewrite(ops []logical.Op, i, agg int, o logical.Expand, p hopParts, classes []hopClass,
	coefs [][]int64, classKeys []int, endLabels []ast.LabelExpr) ([]logical.Op, bool) {
	a := ops[agg].(logical.Aggregate)
	nAgg := len(a.Aggs)
	type part struct {
		vals    []classVal
		members []int
	}
	var parts []part
	for c, cl := range classes {
		if cl.null || coefs[nAgg][c] == 0 {
			continue
		}
		vals := make([]classVal, len(classKeys))
		for j, k := range classKeys {
			v, ok := evaluateClass(a.Keys[k].Expr, cl, p)
			if !ok || v.kind != cNull && v.kind != cBool && v.kind != cInt && v.kind != cStr {
				return nil, false
			}
			vals[j] = v
		}
		at := slices.IndexFunc(parts, func(x part) bool { return slices.Equal(x.vals, vals) })
		if at < 0 {
			parts = append(parts, part{vals: vals})
			at = len(parts) - 1
		}
		parts[at].members = append(parts[at].members, c)
	}
	if len(parts) == 0 {
		return nil, false
	}
	reads := map[string]degreeRead{}
	var order []string
	combos := make([][]combo, len(parts))
	for pi, pt := range parts {
		combos[pi] = make([]combo, nAgg+1)
		for k := range combos[pi] {
			coef := make([]int64, len(classes))
			for _, c := range pt.members {
				coef[c] = coefs[k][c]
			}
			combos[pi][k] = b.classCombo(o, p, classes, coef, endLabels, reads, &order)
		}
	}
	into := map[string]string{}
	var with []logical.Op
	for _, key := range order {
		d := reads[key]
		v := b.fresh("deg")
		into[key] = v
		with = append(with, logical.Degree{Var: o.From, Dir: d.dir, NoLoops: d.noLoops, Types: d.types, Labels: d.labels, Into: v, KeepZero: true})
	}
	span := a.Keys[classKeys[0]].Expr.NodeSpan()
	list := &ast.ListLiteral{Span: span}
	for pi, pt := range parts {
		row := &ast.ListLiteral{Span: span}
		for _, v := range pt.vals {
			row.Items = append(row.Items, classLiteral(span, v))
		}
		row.Items = append(row.Items, comboExpr(combos[pi][nAgg], into, span))
		for k := 0; k < nAgg; k++ {
			row.Items = append(row.Items, comboExpr(combos[pi][k], into, span))
		}
		list.Items = append(list.Items, row)
	}
	cls := b.fresh("cls")
	item := func(n int) ast.Expr {
		return &ast.Index{Span: span, Expr: &ast.Variable{Span: span, Name: cls}, Index: intLit(span, int64(n))}
	}
	m := len(classKeys)
	with = append(with, logical.Unwind{Expr: list, Var: cls},
		logical.Filter{Pred: &ast.Comparison{Span: span, Operands: []ast.Expr{item(m), intLit(span, 0)}, Ops: []ast.CompareOp{ast.CmpGt}}})
	keys := slices.Clone(a.Keys)
	for j, k := range classKeys {
		keys[k] = logical.Item{Expr: item(j), Name: keys[k].Name}
	}
	aggs := make([]logical.AggCall, nAgg)
	for k, c := range a.Aggs {
		aggs[k] = logical.AggCall{Name: c.Name, IntSum: true, Call: &ast.FunctionCall{Span: c.Call.Span, Name: "sum", Args: []ast.Expr{item(m + 1 + k)}}}
	}
	a.Keys, a.Aggs = keys, aggs
	out := append(append(slices.Clone(ops[:i]), with...), a)
	return append(out, ops[agg+1:]...), true
}

// classLiteral is the literal of a null, boolean, integer or string
// value.
func classLiteral(sp ast.Span, v classVal) ast.Expr {
	switch v.kind {
	case cBool:
		return boolLit(sp, v.b)
	case cInt:
		return intLit(sp, v.i)
	case cStr:
		return strLit(sp, v.s)
	}
	return nullLit(sp)
}

// labelMembership reports whether x is `'L' IN labels(v)` for the
// variable v, and gives L: the same test as v:L (labels() of a node is
// a list of its label names without nulls, and null for null).
func labelMembership(x *ast.In, v string) (string, bool) {
	lit, ok := x.Expr.(*ast.Literal)
	if !ok || lit.Kind != ast.LitString {
		return "", false
	}
	call, ok := x.List.(*ast.FunctionCall)
	if !ok || len(call.Namespace) > 0 || call.Distinct || call.Star || len(call.Args) != 1 || !strings.EqualFold(call.Name, "labels") {
		return "", false
	}
	arg, ok := call.Args[0].(*ast.Variable)
	if !ok || arg.Name != v {
		return "", false
	}
	return lit.Str, true
}
