package planner

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// pairClasses reads an aggregation per pair of nodes over the
// relationships between them, `MATCH (h)-[r]-(v) WITH h, v,
// count(DISTINCT CASE WHEN startNode(r) = h THEN 'out' ELSE 'in' END) AS
// dirs`, as a function of which classes of relationship join the pair:
// when every aggregate ignores how often a value repeats (count(DISTINCT
// E), min(E), max(E)) and its argument, like every filter between the hop
// and the aggregation that reads r, depends only on the class of the
// relationship (its direction relative to h, out, in or a self-loop, and
// its type when the pattern names several: evaluateClass), the value for
// a pair is fixed by the set of classes present, and each class's
// presence is one adjacency test between the two bound nodes,
// EXISTS { (h)-[:T]->(v) }, which the semi-join rules answer set at a
// time from the two adjacency directions. So the hop becomes one row per
// relationship without the relationship (the set rules make it one per
// pair), the aggregation a grouping by the same keys, and the aggregate's
// value a CASE over the presence tests; a filter right after the
// grouping that reads only such values is, for each assignment of the
// presence tests, true or not when planning, and becomes the disjunction
// of the assignments it keeps, moved before the grouping. A count or sum
// of the relationships' values (count(E), sum of non-negative integers)
// whose every read is a comparison that only asks whether it is 0
// (onlyZeroTests) is read the same way, as whether a class present adds
// to it.
//
// The rewrite is exact. Each group is the relationships of pairs with one
// h: the grouping keys hold v and either h or, before the hop, h is bound
// to at most one node (a seek of a key's value). Then a group's values
// are those of the classes present between h and each v of the group,
// the same for every pair of the group (it is one pair, repeated at
// most), and a DISTINCT aggregate, min and max see the same set of
// values. Out and in are told from the self-loop by v <> h, so presence
// of out is v <> h AND EXISTS { (h)-[:T]->(v) } and of the self-loop v =
// h AND EXISTS { (h)-[:T]->(v) }. evaluateClass gives up on any value it
// does not know, and on any operation that could raise an error, so no
// error is dropped; a filter that does not read r stays where it was.
func pairClasses(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	if b.rowModeOnly {
		return ops, false
	}
	for i, op := range ops {
		o, ok := op.(logical.Expand)
		if !ok || o.ToBound || o.RelBound || o.Adjacent || len(o.Distinct) > 0 || o.From == o.To || o.Rel == "" || o.To == "" {
			continue
		}
		if out, ok := b.pairClassesAt(ops, i, o, req); ok {
			return out, true
		}
	}
	return ops, false
}

// maxPairFlags bounds the presence tests of one side (self-loop or not)
// of a pair: the assignments enumerated are 2^n.
const maxPairFlags = 4

// pairAgg is one aggregate pairClasses reads: its per-class values.
type pairAgg struct {
	name string
	kind string // "count", "min" or "max"
	vals []classVal
}

func (b *builder) pairClassesAt(ops []logical.Op, i int, o logical.Expand, req required) ([]logical.Op, bool) {
	p := hopParts{from: o.From, rel: o.Rel, to: o.To}
	classes := hopClasses(o, p, nil, len(o.Types) > 1, true, false)
	if classes == nil {
		return nil, false
	}
	kept := make([]bool, len(classes))
	for c := range kept {
		kept[c] = true
	}
	// the filters between the hop and the aggregation
	var stay []logical.Op
	agg := -1
	for j := i + 1; j < len(ops) && agg < 0; j++ {
		switch x := ops[j].(type) {
		case logical.Filter:
			if len(x.Subst) > 0 || x.Defer != "" {
				return nil, false
			}
			vals := make([]classVal, len(classes))
			all := true
			for c, cl := range classes {
				v, ok := evaluateClass(x.Pred, cl, p)
				if !ok || v.kind != cBool && v.kind != cNull {
					all = false
					break
				}
				vals[c] = v
			}
			switch {
			case all:
				for c, v := range vals {
					kept[c] = kept[c] && v.kind == cBool && v.b
				}
			case usesVar(x.Pred, []string{o.Rel}):
				return nil, false
			default:
				stay = append(stay, x)
			}
		case logical.NodeFilter:
			if x.Var == o.Rel {
				return nil, false
			}
			stay = append(stay, x)
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
	if len(a.Aggs) == 0 || usesOf(logical.Aggregate{Keys: a.Keys}).has(o.Rel) {
		return nil, false
	}
	keyed := func(name string) bool {
		for _, k := range a.Keys {
			if v, ok := k.Expr.(*ast.Variable); ok && v.Name == name {
				return true
			}
		}
		return false
	}
	if !keyed(o.To) || !keyed(o.From) && !b.oneNodeBound(ops[:i], o.From) {
		return nil, false
	}
	var aggs []pairAgg
	for _, c := range a.Aggs {
		call := c.Call
		if c.IntSum || call.Star || len(call.Namespace) > 0 || len(call.Args) != 1 {
			return nil, false
		}
		kind := strings.ToLower(call.Name)
		switch {
		case kind == "count" && call.Distinct:
		case kind == "min" || kind == "max":
		case (kind == "count" || kind == "sum") && !call.Distinct && b.onlyZeroTests(ops[agg+1:], c.Name, req.After[len(ops)-1].Live):
			// a number of relationships only ever compared with 0: whether
			// a present class adds to it
			kind = "any" + kind
		default:
			return nil, false
		}
		pa := pairAgg{name: c.Name, kind: kind, vals: make([]classVal, len(classes))}
		var seen classKind = cNull
		for k, cl := range classes {
			if !kept[k] {
				continue
			}
			v, ok := evaluateClass(call.Args[0], cl, p)
			if !ok {
				return nil, false
			}
			switch v.kind {
			case cNull, cBool, cInt, cStr:
			case cFrom, cTo:
				if kind != "count" && kind != "anycount" {
					return nil, false
				}
			default:
				return nil, false
			}
			if kind == "anysum" && v.kind != cNull && (v.kind != cInt || v.i < 0 || v.i > maxClassCoef) {
				return nil, false // a sum is 0 exactly when no class adds to it only for small counts
			}
			if (kind == "min" || kind == "max") && v.kind != cNull {
				if v.kind != cInt && v.kind != cStr || seen != cNull && seen != v.kind {
					return nil, false // min and max of one kind only
				}
				seen = v.kind
			}
			pa.vals[k] = v
		}
		aggs = append(aggs, pa)
	}
	// the two sides of a pair: the classes that are not self-loops (v <>
	// h) and the self-loops (v = h)
	var sides [2][]int
	for c, cl := range classes {
		if !kept[c] {
			continue
		}
		s := 0
		if cl.dir == dirLoop {
			s = 1
		}
		sides[s] = append(sides[s], c)
	}
	if len(sides[0]) > maxPairFlags || len(sides[1]) > maxPairFlags {
		return nil, false
	}
	// the reads of the aggregates after the grouping: filters right after
	// it that read only them fold into the presence tests
	cols := map[string]int{}
	for k, pa := range aggs {
		cols[pa.name] = k
	}
	colOf := func(e ast.Expr, subst map[string]string) (int, bool) {
		if v, ok := e.(*ast.Variable); ok {
			k, ok := cols[v.Name]
			return k, ok
		}
		if fc, ok := e.(*ast.FunctionCall); ok {
			if name, ok := b.aggRefs[fc]; ok {
				k, ok := cols[name]
				return k, ok
			}
		}
		if len(subst) > 0 {
			if name, ok := subst[e.NodeSpan().Text(b.src)]; ok {
				k, ok := cols[name]
				return k, ok
			}
		}
		return 0, false
	}
	readsCol := func(e ast.Expr, subst map[string]string) bool {
		found := false
		visitExpr(e, func(x ast.Expr) bool {
			if _, ok := colOf(x, subst); ok {
				found = true
			}
			return !found
		})
		return found
	}
	type folded struct {
		at   int
		pred ast.Expr
	}
	var folds []folded
	needed := false
	run := true // still in the run of projections and filters right after the grouping
	var passes []int
	for j := agg + 1; j < len(ops); j++ {
		switch x := ops[j].(type) {
		case logical.Select:
			for _, v := range x.Vars {
				if _, ok := cols[v]; ok {
					needed = true
				}
			}
		case logical.Project:
			for _, it := range x.Items {
				if k, ok := colOf(it.Expr, x.Subst); ok {
					cols[it.Name] = k
					continue
				}
				if readsCol(it.Expr, x.Subst) {
					needed = true
				}
			}
			passes = append(passes, j)
		case logical.Filter:
			if !readsCol(x.Pred, x.Subst) {
				continue
			}
			if run && x.Defer == "" && onlyCols(x.Pred, x.Subst, colOf) {
				folds = append(folds, folded{j, x.Pred})
				continue
			}
			needed = true
		default:
			run = false
			for _, e := range opExprs(ops[j]) {
				if readsCol(e, nil) {
					needed = true
				}
			}
			if len(opExprs(ops[j])) == 0 {
				u := usesOf(ops[j])
				for name := range cols {
					if u.has(name) {
						needed = true
					}
				}
			}
		}
	}
	for name := range cols {
		if req.After[len(ops)-1].Live.has(name) {
			needed = true
		}
	}
	// each side's assignments: the aggregates' values, and whether the
	// pair keeps its group (a class is present and the folded filters hold)
	sp := a.Aggs[0].Call.Span
	var preds []ast.Expr
	var sideVals [2][]ast.Expr
	for s, flags := range sides {
		if len(flags) == 0 {
			continue
		}
		tests := make([]ast.Expr, len(flags))
		for f, c := range flags {
			tests[f] = b.pairPresence(o, p, classes[c], sp)
		}
		// A pair row of the side has a relationship of one of the side's
		// classes: when none was dropped by a filter, no assignment
		// without a class present occurs, and the tests may take it
		// either way.
		var dc []int
		if len(flags) == sideClasses(classes, s) {
			dc = []int{0}
		}
		var keep []int
		vals := make([][]classVal, len(aggs))
		for k := range vals {
			vals[k] = make([]classVal, 1<<len(flags))
		}
		for m := 1; m < 1<<len(flags); m++ {
			for k, pa := range aggs {
				v, ok := pairValue(pa, flags, m)
				if !ok {
					return nil, false
				}
				vals[k][m] = v
			}
			pass := true
			for _, fd := range folds {
				t, ok := foldedTruth(fd.pred, ops[fd.at].(logical.Filter).Subst, colOf, func(k int) classVal { return vals[k][m] })
				if !ok {
					return nil, false
				}
				pass = pass && t
			}
			if pass {
				keep = append(keep, m)
			}
		}
		side := &ast.Comparison{Span: sp, Ops: []ast.CompareOp{ast.CmpNe}, Operands: []ast.Expr{pairVar(sp, o.To), pairVar(sp, o.From)}}
		if s == 1 {
			side = &ast.Comparison{Span: sp, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{pairVar(sp, o.To), pairVar(sp, o.From)}}
		}
		if len(keep) > 0 {
			preds = append(preds, pairAnd(sp, side, assignmentsExpr(sp, tests, keep, dc, len(flags))))
		}
		if needed {
			var ws []*ast.CaseWhen
			sideVals[s] = make([]ast.Expr, len(aggs))
			for k := range aggs {
				byVal := map[string][]int{}
				var order []string
				lits := map[string]ast.Expr{}
				for m := 1; m < 1<<len(flags); m++ {
					key := fmt.Sprint(vals[k][m])
					if _, ok := byVal[key]; !ok {
						order = append(order, key)
						lits[key] = classLiteral(sp, vals[k][m])
					}
					byVal[key] = append(byVal[key], m)
				}
				ws = nil
				for _, key := range order[:len(order)-1] {
					ws = append(ws, &ast.CaseWhen{Span: sp, When: assignmentsExpr(sp, tests, byVal[key], dc, len(flags)), Then: lits[key]})
				}
				last := lits[order[len(order)-1]]
				if len(ws) == 0 {
					sideVals[s][k] = last
				} else {
					sideVals[s][k] = &ast.Case{Span: sp, Whens: ws, Else: last}
				}
			}
		}
	}
	if len(preds) == 0 {
		return nil, false // no pair keeps a group: leave it to the rows
	}
	var with []logical.Op
	with = append(with, logical.Expand{From: o.From, To: o.To, Dir: o.Dir, Types: o.Types})
	with = append(with, stay...)
	pred := preds[0]
	if len(preds) == 2 {
		pred = &ast.Binary{Span: sp, Op: ast.OpOr, Left: preds[0], Right: preds[1]}
	}
	with = append(with, logical.Filter{Pred: pred})
	keys := slices.Clone(a.Keys)
	if needed {
		for k, pa := range aggs {
			var e ast.Expr
			switch {
			case sideVals[1] == nil:
				e = sideVals[0][k]
			case sideVals[0] == nil:
				e = sideVals[1][k]
			default:
				e = &ast.Case{Span: sp, Whens: []*ast.CaseWhen{{Span: sp,
					When: &ast.Comparison{Span: sp, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{pairVar(sp, o.To), pairVar(sp, o.From)}},
					Then: sideVals[1][k]}}, Else: sideVals[0][k]}
			}
			keys = append(keys, logical.Item{Name: pa.name, Expr: e})
		}
	}
	with = append(with, logical.Aggregate{Keys: keys, EstGroups: a.EstGroups})
	rest := slices.Clone(ops[agg+1:])
	var out []logical.Op
	for j, op := range rest {
		at := agg + 1 + j
		if slices.ContainsFunc(folds, func(f folded) bool { return f.at == at }) {
			continue
		}
		if pr, ok := op.(logical.Project); ok && !needed && slices.Contains(passes, at) {
			var items []logical.Item
			for _, it := range pr.Items {
				if _, ok := colOf(it.Expr, pr.Subst); ok {
					continue
				}
				items = append(items, it)
			}
			pr.Items = items
			op = pr
		}
		out = append(out, op)
	}
	res := append(slices.Clone(ops[:i]), with...)
	return append(res, out...), true
}

// oneNodeBound reports whether ops bind v to at most one node: a seek of
// one value of a key, then filters only.
func (b *builder) oneNodeBound(ops []logical.Op, v string) bool {
	bound := false
	for _, op := range ops {
		switch x := op.(type) {
		case logical.Start:
		case logical.NodeIndexSeek:
			if bound || x.Var != v || !b.keySeek(x) {
				return false
			}
			bound = true
		case logical.Filter, logical.NodeFilter:
		default:
			return false
		}
	}
	return bound
}

// pairPresence is the test that a relationship of class cl joins the
// pair (the side, v <> h or v = h, is tested apart).
func (b *builder) pairPresence(o logical.Expand, p hopParts, cl hopClass, sp ast.Span) ast.Expr {
	dir := ast.DirRight
	if cl.dir == dirIn {
		dir = ast.DirLeft
	}
	types := o.Types
	if cl.known && cl.typ != "" {
		types = []string{cl.typ}
	}
	r := runRel(logical.Expand{Dir: dir, Types: types})
	r.Var, r.Span = nil, sp
	el := &ast.PatternElement{Span: sp, Nodes: []*ast.NodePattern{{Span: sp, Var: pairVar(sp, p.from)}, {Span: sp, Var: pairVar(sp, p.to)}}, Rels: []*ast.RelPattern{r}}
	pat := &ast.Pattern{Span: sp, Parts: []*ast.PatternPart{{Span: sp, Kind: ast.PathPlain, Element: el}}}
	return &ast.ExistsSubquery{Span: sp, Pattern: pat}
}

// pairValue is aggregate pa's value for a pair whose present classes are
// the flags set in m.
func pairValue(pa pairAgg, flags []int, m int) (classVal, bool) {
	var out classVal
	n := int64(0)
	var seen []classVal
	for f, c := range flags {
		if m&(1<<f) == 0 {
			continue
		}
		v := pa.vals[c]
		if v.kind == cNull {
			continue
		}
		switch pa.kind {
		case "count":
			if !slices.Contains(seen, v) {
				seen = append(seen, v)
				n++
			}
		case "anycount":
			n = 1
		case "anysum":
			if v.i > 0 {
				n = 1
			}
		case "min", "max":
			if out.kind == cNull {
				out = v
				continue
			}
			lt, ok := compareClass(v, out, ast.CmpLt)
			if !ok {
				return classVal{}, false
			}
			if lt.b == (pa.kind == "min") {
				out = v
			}
		}
	}
	if pa.kind == "count" || pa.kind == "anycount" || pa.kind == "anysum" {
		return classVal{kind: cInt, i: n}, true
	}
	return out, true
}

// onlyCols reports whether e reads nothing but the aggregate columns
// colOf knows, and literals.
func onlyCols(e ast.Expr, subst map[string]string, colOf func(ast.Expr, map[string]string) (int, bool)) bool {
	ok := true
	visitExpr(e, func(x ast.Expr) bool {
		if _, is := colOf(x, subst); is || !ok {
			return false
		}
		switch x.(type) {
		case *ast.Variable, *ast.Parameter, *ast.FunctionCall, *ast.ExistsSubquery, *ast.CountSubquery, *ast.CollectSubquery:
			ok = false
		}
		return ok
	})
	return ok
}

// foldedTruth evaluates a filter that reads only aggregate columns with
// the values val gives them: whether it keeps the row.
func foldedTruth(pred ast.Expr, subst map[string]string, colOf func(ast.Expr, map[string]string) (int, bool), val func(int) classVal) (bool, bool) {
	sp := pred.NodeSpan()
	e, _ := rewriteExpr(pred, func(x ast.Expr) (ast.Expr, bool) {
		if k, ok := colOf(x, subst); ok {
			return classLiteral(sp, val(k)), true
		}
		return nil, false
	})
	v, ok := evaluateClass(e, hopClass{}, hopParts{})
	if !ok || v.kind != cBool && v.kind != cNull {
		return false, false
	}
	return v.kind == cBool && v.b, true
}

// assignmentsExpr is the disjunction, over the assignments keep of the n
// tests, of each assignment's conjunction (a test or its negation), with
// assignments that differ in one test merged; the assignments dc never
// occur, so they may be merged with, and are dropped where alone.
func assignmentsExpr(sp ast.Span, tests []ast.Expr, keep, dc []int, n int) ast.Expr {
	type term struct{ val, care int }
	full := 1<<n - 1
	terms := map[term]bool{}
	for _, m := range keep {
		terms[term{m, full}] = true
	}
	for _, m := range dc {
		terms[term{m, full}] = true
	}
	for changed := true; changed; {
		changed = false
		for t := range terms {
			for f := 0; f < n; f++ {
				bit := 1 << f
				if t.care&bit == 0 {
					continue
				}
				u := term{t.val ^ bit, t.care}
				if terms[u] {
					delete(terms, t)
					delete(terms, u)
					terms[term{t.val &^ bit, t.care &^ bit}] = true
					changed = true
					break
				}
			}
			if changed {
				break
			}
		}
	}
	ts := make([]term, 0, len(terms))
	for t := range terms {
		// a term that covers no kept assignment is dropped
		if slices.ContainsFunc(keep, func(m int) bool { return m&t.care == t.val }) {
			ts = append(ts, t)
		}
	}
	slices.SortFunc(ts, func(x, y term) int {
		if x.care != y.care {
			return y.care - x.care
		}
		return x.val - y.val
	})
	var out ast.Expr
	for _, t := range ts {
		var conj ast.Expr
		for f := 0; f < n; f++ {
			bit := 1 << f
			if t.care&bit == 0 {
				continue
			}
			var lit ast.Expr = tests[f]
			if t.val&bit == 0 {
				lit = &ast.Unary{Span: sp, Op: ast.OpNot, Expr: tests[f]}
			}
			conj = pairAnd(sp, conj, lit)
		}
		if conj == nil {
			conj = &ast.Literal{Span: sp, Kind: ast.LitBool, Bool: true}
		}
		if out == nil {
			out = conj
		} else {
			out = &ast.Binary{Span: sp, Op: ast.OpOr, Left: out, Right: conj}
		}
	}
	return out
}

// andAll is the conjunction of l and r (either may be nil).
func pairAnd(sp ast.Span, l, r ast.Expr) ast.Expr {
	switch {
	case l == nil:
		return r
	case r == nil:
		return l
	}
	if lit, ok := r.(*ast.Literal); ok && lit.Kind == ast.LitBool && lit.Bool {
		return l
	}
	return &ast.Binary{Span: sp, Op: ast.OpAnd, Left: l, Right: r}
}

// varRef is a reference to variable name.
func pairVar(sp ast.Span, name string) *ast.Variable { return &ast.Variable{Span: sp, Name: name} }

// sideClasses is the number of classes of side s (0: not self-loops, 1:
// self-loops).
func sideClasses(classes []hopClass, s int) int {
	n := 0
	for _, cl := range classes {
		if (cl.dir == dirLoop) == (s == 1) {
			n++
		}
	}
	return n
}
