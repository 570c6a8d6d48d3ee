package planner

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// classDegrees turns an aggregation over the rows of one hop from a bound
// node, `(a)-[r]-(m)` (or `OPTIONAL MATCH (a)-[r]-(m)`), into sums of a's
// degree reads when every aggregate's argument, and every filter between
// the hop and the aggregation, depends only on the class of the row's
// relationship: its type, its direction relative to a (out, in, or a
// self-loop), and the labels of its far end, and constants. Such an
// argument takes one value per class, so over the rows of one a
//
//	count(E) = the number of relationships of the classes where E is not null
//	sum(E)   = Σ over classes of E's (integer) value × that class's count
//	count(*) = the number of relationships of the classes the filters pass
//
// and each class's count is a degree read: typed and directed, without
// self-loops (out and in) or the self-loops alone (the difference of the
// two), testing the far end's labels, other types as all types less the
// named ones. The classes are the product of the types the pattern names
// (or the string constants the expressions compare with type(r), and all
// others), the directions, and the truth of each label the expressions
// test on the far node; the classes of one type and direction whose value
// is one number share one read whose far-end test is their disjunction.
//
// The rewrite is exact: each class's value is computed when planning by
// evaluateClass, which knows only what the class fixes and gives up
// (leaving the rows to be enumerated) on anything else, on every value
// that is not a null, boolean, integer, string or node identity, and on
// every operation that could raise an error at run time (arithmetic
// overflow, a comparison of two types); the sums' coefficients are small
// integers, so no partial sum overflows where the enumerated one would
// not. Self-loops are one row of an undirected pattern, as in row mode.
// For OPTIONAL MATCH, a node none of whose relationships the optional
// pattern keeps contributes one row of nulls, whose value is evaluated
// the same way with the relationship and far node null. A node that keeps
// no row of a MATCH contributes no row, so no group (a filter on the
// summed count of the kept classes, or the hop's own degree read that
// drops zero).
func classDegrees(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		var hop []logical.Op
		optional := false
		switch x := op.(type) {
		case logical.Expand:
			hop = []logical.Op{x}
			if flipped, ok := flipScannedHop(ops, i, x); ok {
				if out, ok := b.classDegreesAt(flipped, i, []logical.Op{flipped[i]}, false); ok {
					return out, true
				}
			}
		case logical.Optional:
			hop, optional = x.Inner, true
		default:
			continue
		}
		if out, ok := b.classDegreesAt(ops, i, hop, optional); ok {
			return out, true
		}
	}
	return ops, false
}

// flipScannedHop turns around a hop written from the node it reaches, for
// an aggregation grouped by that node:
// `MATCH (m:L)-[r]-(a) RETURN a, sum(..r..m..)` scans m and expands to a,
// but the rows per a are a's relationships the other way. When m is
// scanned right before the hop (and read by nothing before it), the scan
// moves to a (taking a single-label test of a right after the hop with
// it) and the hop turns around, with m's label a test of the far end:
// the same rows, from the end the aggregation groups by.
func flipScannedHop(ops []logical.Op, i int, o logical.Expand) ([]logical.Op, bool) {
	if i == 0 || o.From == o.To || o.ToBound || o.RelBound || len(o.Distinct) > 0 {
		return nil, false
	}
	scan, ok := ops[i-1].(logical.NodeScan)
	if !ok || scan.Var != o.From || scan.Labels != nil || len(scan.Prefilter) > 0 || scan.Batch > 0 {
		return nil, false
	}
	// only for an aggregation grouped by the far node: else the scanned
	// end may well be the smaller one
	grouped := false
	for _, op := range ops[i+1:] {
		if a, ok := op.(logical.Aggregate); ok {
			grouped = usesOf(logical.Aggregate{Keys: a.Keys}).hasAny(o.To)
			break
		}
	}
	if !grouped {
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
	with := []logical.Op{head, logical.Expand{From: o.To, Rel: o.Rel, To: o.From, Dir: reverse(o.Dir), Types: o.Types}}
	if scan.Label != "" {
		with = append(with, logical.NodeFilter{Var: o.From, Labels: &ast.LabelName{Name: scan.Label}})
	}
	return replace(ops, i-1, n, with...), true
}

// hopDirClass is a relationship's direction relative to the hop's bound
// node.
type hopDirClass uint8

const (
	dirAny  hopDirClass = iota // not split: the pattern's direction
	dirOut                     // leaves the node (not a self-loop)
	dirIn                      // enters the node (not a self-loop)
	dirLoop                    // a self-loop of the node
)

// hopClass is one class of a hop's rows: what evaluateClass may know.
type hopClass struct {
	null   bool // the row of nulls of an OPTIONAL MATCH
	dir    hopDirClass
	typ    string // the type, when typKnown and not other
	known  bool   // typ (or other) is known
	other  bool   // a type none of the split's names
	labels []bool // truth of each split label of the far node
}

// hopParts names the variables of the hop: the bound node, the
// relationship, the far node, and the labels split on.
type hopParts struct {
	from, rel, to string
	labels        []string
}

// classKind is the kind of a value evaluateClass computes.
type classKind uint8

const (
	cNull classKind = iota
	cBool
	cInt
	cStr
	cFrom  // the bound node
	cTo    // the far node, not the bound one (a class that is no self-loop)
	cToAny // the far node, whether it is the bound one not known
	cRel   // the relationship
	cOther // a type name none of the split's names
)

type classVal struct {
	kind classKind
	b    bool
	i    int64
	s    string
}

// maxClassCoef bounds the integers a class's rows add up: the sum of up
// to 2^32 of them stays far from int64 overflow.
const maxClassCoef = 1 << 30

// maxHopClasses bounds the classes of one split.
const maxHopClasses = 64

// classDegreesAt tries the rewrite for the hop ops (an Expand, or the
// inner operators of an Optional) at ops[i].
func (b *builder) classDegreesAt(ops []logical.Op, i int, hop []logical.Op, optional bool) ([]logical.Op, bool) {
	if len(hop) == 0 {
		return nil, false
	}
	o, ok := hop[0].(logical.Expand)
	if !ok || o.ToBound || o.RelBound || o.Adjacent || len(o.Distinct) > 0 || o.From == o.To || o.Rel == "" || o.To == "" {
		return nil, false
	}
	var inner []ast.Expr // filters of the optional pattern
	var endLabels []ast.LabelExpr
	for _, op := range hop[1:] {
		switch x := op.(type) {
		case logical.Filter:
			if len(x.Subst) > 0 {
				return nil, false
			}
			inner = append(inner, x.Pred)
		case logical.NodeFilter:
			if x.Var != o.To || !staticLabels(x.Labels) {
				return nil, false
			}
			endLabels = append(endLabels, x.Labels)
		default:
			return nil, false
		}
	}
	// the filters after the hop, then the aggregation
	var after []ast.Expr
	agg := -1
	for j := i + 1; j < len(ops) && agg < 0; j++ {
		switch x := ops[j].(type) {
		case logical.Filter:
			if len(x.Subst) > 0 {
				return nil, false
			}
			after = append(after, x.Pred)
		case logical.NodeFilter:
			if optional || x.Var != o.To || !staticLabels(x.Labels) {
				return nil, false
			}
			endLabels = append(endLabels, x.Labels)
		case logical.Aggregate:
			agg = j
		default:
			return nil, false
		}
	}
	if agg < 0 {
		return nil, false
	}
	// After an OPTIONAL MATCH, a filter may drop a node's row of nulls
	// (`WITH h, collect(v) AS vs UNWIND vs AS v` leaves v IS NOT NULL) or
	// the rows its pattern kept, so whether the node keeps a group, and
	// whether its row of nulls is there at all, would be counts of the
	// pattern's classes before and after those filters; only the
	// optional pattern's own filters are read.
	if optional && len(after) > 0 {
		return nil, false
	}
	a := ops[agg].(logical.Aggregate)
	far := []string{o.Rel, o.To}
	// grouping keys that read the hop take one value per class
	// (classKeyRewrite); the others must not read it
	var classKeys []int
	for k, it := range a.Keys {
		if usesOf(logical.Aggregate{Keys: []logical.Item{it}}).hasAny(far...) {
			classKeys = append(classKeys, k)
		}
	}
	if len(a.Aggs) == 0 && len(classKeys) == 0 || optional && len(classKeys) > 0 {
		return nil, false
	}
	var args []ast.Expr
	for _, c := range a.Aggs {
		call := c.Call
		if len(call.Namespace) > 0 || call.Distinct {
			return nil, false
		}
		switch {
		case call.Star && strings.EqualFold(call.Name, "count"):
			args = append(args, nil)
		case len(call.Args) == 1 && (strings.EqualFold(call.Name, "count") || strings.EqualFold(call.Name, "sum")):
			args = append(args, call.Args[0])
		default:
			return nil, false
		}
	}
	// plain counts of the rows are countDegrees' and the joins' to plan
	plain := len(inner)+len(after) == 0
	for _, e := range args {
		if v, ok := e.(*ast.Variable); e != nil && !(ok && slices.Contains(far, v.Name)) {
			plain = false
		}
	}
	if plain && len(classKeys) == 0 {
		return nil, false
	}
	p := hopParts{from: o.From, rel: o.Rel, to: o.To}
	var strs []string
	read := append(append(slices.Clone(args), inner...), after...)
	for _, k := range classKeys {
		read = append(read, a.Keys[k].Expr)
	}
	for _, e := range read {
		ast.Inspect(e, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.In:
				if name, ok := labelMembership(x, o.To); ok && !slices.Contains(p.labels, name) {
					p.labels = append(p.labels, name)
				}
			case *ast.LabelPredicate:
				if v, ok := x.Expr.(*ast.Variable); ok && v.Name == o.To {
					labelNames(x.Labels, &p.labels)
				} else if ok && v.Name == o.Rel {
					labelNames(x.Labels, &strs) // r:T tests the type
				}
			case *ast.Literal:
				if x.Kind == ast.LitString && !slices.Contains(strs, x.Str) {
					strs = append(strs, x.Str)
				}
			}
			return true
		})
	}
	if len(p.labels) > 4 {
		return nil, false
	}
	for _, split := range [][2]bool{{false, false}, {false, true}, {true, false}, {true, true}} {
		classes := hopClasses(o, p, strs, split[0], split[1], optional)
		if classes == nil {
			continue
		}
		if out, ok := b.classRewrite(ops, i, agg, o, p, classes, inner, after, args, endLabels, optional, classKeys); ok {
			return out, true
		}
	}
	return nil, false
}

// labelNames adds the label names of a static label expression to names.
func labelNames(l ast.LabelExpr, names *[]string) {
	switch x := l.(type) {
	case *ast.LabelName:
		if !slices.Contains(*names, x.Name) {
			*names = append(*names, x.Name)
		}
	case *ast.LabelNot:
		labelNames(x.Expr, names)
	case *ast.LabelAnd:
		for _, it := range x.Items {
			labelNames(it, names)
		}
	case *ast.LabelOr:
		for _, it := range x.Items {
			labelNames(it, names)
		}
	}
}

// usesVar reports whether e reads one of the variables names.
func usesVar(e ast.Expr, names []string) bool {
	for v := range exprVars(e) {
		if slices.Contains(names, v) {
			return true
		}
	}
	return false
}

// hopClasses lists the classes of a split: by type (splitTypes: each type
// the pattern names, or else each string constant and all others), by
// direction (splitDirs), and by each label; with the row of nulls last
// for an optional hop. Nil when there would be too many.
func hopClasses(o logical.Expand, p hopParts, strs []string, splitTypes, splitDirs, optional bool) []hopClass {
	type typClass struct {
		typ          string
		known, other bool
	}
	types := []typClass{{}}
	switch {
	case len(o.Types) == 1:
		types = []typClass{{typ: o.Types[0], known: true}}
	case splitTypes && len(o.Types) > 1:
		types = nil
		for _, t := range o.Types {
			types = append(types, typClass{typ: t, known: true})
		}
	case splitTypes:
		types = nil
		for _, s := range strs {
			types = append(types, typClass{typ: s, known: true})
		}
		types = append(types, typClass{known: true, other: true})
	}
	dirs := []hopDirClass{dirAny}
	if splitDirs {
		switch o.Dir {
		case ast.DirRight:
			dirs = []hopDirClass{dirOut, dirLoop}
		case ast.DirLeft:
			dirs = []hopDirClass{dirIn, dirLoop}
		default:
			dirs = []hopDirClass{dirOut, dirIn, dirLoop}
		}
	}
	n := len(types) * len(dirs) << len(p.labels)
	if n > maxHopClasses {
		return nil
	}
	var out []hopClass
	for _, t := range types {
		for _, d := range dirs {
			for bits := 0; bits < 1<<len(p.labels); bits++ {
				ls := make([]bool, len(p.labels))
				for k := range ls {
					ls[k] = bits&(1<<k) != 0
				}
				out = append(out, hopClass{dir: d, typ: t.typ, known: t.known, other: t.other, labels: ls})
			}
		}
	}
	if optional {
		out = append(out, hopClass{null: true})
	}
	return out
}

// degreeRead is one degree read: the relationships of the bound node in a
// direction (without self-loops), of types (all when nil), whose far end
// matches labels (any when nil).
type degreeRead struct {
	dir     ast.Direction
	noLoops bool
	types   []string
	labels  ast.LabelExpr
}

func (d degreeRead) key() string {
	l := ""
	if d.labels != nil {
		l = ast.FormatExpr(&ast.LabelPredicate{Expr: &ast.Variable{Name: "x"}, Labels: d.labels})
	}
	return fmt.Sprintf("%d|%v|%s|%s", d.dir, d.noLoops, strings.Join(d.types, ","), l)
}

// combo is a linear combination of degree reads, by key.
type combo map[string]int64

// classRewrite evaluates every class and, when all evaluate, builds the
// degree reads and the aggregation over them.
func (b *builder) classRewrite(ops []logical.Op, i, agg int, o logical.Expand, p hopParts, classes []hopClass,
	inner, after, args []ast.Expr, endLabels []ast.LabelExpr, optional bool, classKeys []int) ([]logical.Op, bool) {
	// coefs[k][c]: what class c adds to aggregate k per relationship (per
	// row of nulls for the null class); pass[c]: whether its rows are kept
	nAgg := len(args)
	coefs := make([][]int64, nAgg+1) // the last: the kept rows
	for k := range coefs {
		coefs[k] = make([]int64, len(classes))
	}
	var nullCoef []int64
	for c, cl := range classes {
		kept := true
		tests := after
		if !cl.null {
			tests = append(slices.Clone(inner), after...)
		}
		for _, t := range tests {
			v, ok := evaluateClass(t, cl, p)
			if !ok || v.kind != cBool && v.kind != cNull {
				return nil, false
			}
			kept = kept && v.kind == cBool && v.b
		}
		if !kept {
			if cl.null {
				nullCoef = make([]int64, nAgg+1)
			}
			continue
		}
		row := make([]int64, nAgg+1)
		row[nAgg] = 1
		for k, e := range args {
			if e == nil { // count(*)
				row[k] = 1
				continue
			}
			v, ok := evaluateClass(e, cl, p)
			if !ok {
				return nil, false
			}
			switch {
			case countOfArg(ops[agg].(logical.Aggregate).Aggs[k].Call):
				if v.kind != cNull {
					row[k] = 1
				}
			case v.kind == cNull:
			case v.kind == cInt && v.i >= -maxClassCoef && v.i <= maxClassCoef:
				row[k] = v.i
			default:
				return nil, false
			}
		}
		if cl.null {
			nullCoef = row
			continue
		}
		for k := range row {
			coefs[k][c] = row[k]
		}
	}
	if len(classKeys) > 0 {
		return b.classKeyRewrite(ops, i, agg, o, p, classes, coefs, classKeys, endLabels)
	}
	// the degree reads of each aggregate
	reads := map[string]degreeRead{}
	var order []string
	filtered := len(inner)+len(after) > 0
	combos := make([]combo, nAgg+1)
	for k := range combos {
		if k < nAgg || filtered {
			combos[k] = b.classCombo(o, p, classes, coefs[k], endLabels, reads, &order)
		}
	}
	into := map[string]string{}
	var degs []logical.Op
	total := ""
	if !filtered {
		// the hop's own degree: drops the nodes without rows (MATCH)
		d := degreeRead{dir: o.Dir, types: o.Types, labels: allLabels(endLabels)}
		total = b.fresh("deg")
		degs = append(degs, logical.Degree{Var: o.From, Dir: d.dir, Types: d.types, Labels: d.labels, Into: total, KeepZero: optional})
		into[d.key()] = total
	}
	for _, key := range order {
		if _, ok := into[key]; ok {
			continue
		}
		d := reads[key]
		v := b.fresh("deg")
		into[key] = v
		degs = append(degs, logical.Degree{Var: o.From, Dir: d.dir, NoLoops: d.noLoops, Types: d.types, Labels: d.labels, Into: v, KeepZero: true})
	}
	span := ops[agg].(logical.Aggregate).Aggs[0].Call.Span
	kept := comboExpr(combos[nAgg], into, span)
	if total != "" {
		kept = &ast.Variable{Span: span, Name: total}
	}
	var keep []logical.Op
	if filtered && !optional {
		keep = append(keep, logical.Filter{Pred: &ast.Comparison{Span: span, Operands: []ast.Expr{kept, intLit(span, 0)}, Ops: []ast.CompareOp{ast.CmpGt}}})
	}
	a := ops[agg].(logical.Aggregate)
	aggs := make([]logical.AggCall, nAgg)
	for k, c := range a.Aggs {
		sum := comboExpr(combos[k], into, span)
		if optional && nullCoef != nil && nullCoef[k] != 0 {
			none := &ast.Case{Span: span, Whens: []*ast.CaseWhen{{Span: span,
				When: &ast.Comparison{Span: span, Operands: []ast.Expr{kept, intLit(span, 0)}, Ops: []ast.CompareOp{ast.CmpEq}},
				Then: intLit(span, nullCoef[k])}}, Else: intLit(span, 0)}
			sum = &ast.Binary{Span: span, Op: ast.OpAdd, Left: sum, Right: none}
		}
		aggs[k] = logical.AggCall{Name: c.Name, IntSum: true, Call: &ast.FunctionCall{Span: c.Call.Span, Name: "sum", Args: []ast.Expr{sum}}}
	}
	a.Aggs = aggs
	with := append(degs, keep...)
	out := append(append(append([]logical.Op(nil), ops[:i]...), with...), a)
	return append(out, ops[agg+1:]...), true
}

// countArg reports whether call is count(x) of one argument.
func countOfArg(call *ast.FunctionCall) bool {
	return strings.EqualFold(call.Name, "count") && !call.Star && len(call.Args) == 1
}

// allLabels is the conjunction of ls (nil when none).
func allLabels(ls []ast.LabelExpr) ast.LabelExpr {
	switch len(ls) {
	case 0:
		return nil
	case 1:
		return ls[0]
	}
	return &ast.LabelAnd{Items: slices.Clone(ls)}
}

// classCombo is the linear combination of degree reads that adds up
// coef[c] per relationship of each class c (the null class aside),
// registering the reads it uses in reads and order.
func (b *builder) classCombo(o logical.Expand, p hopParts, classes []hopClass, coef []int64, endLabels []ast.LabelExpr,
	reads map[string]degreeRead, order *[]string) combo {
	out := combo{}
	add := func(d degreeRead, n int64) {
		k := d.key()
		if _, ok := reads[k]; !ok {
			reads[k] = d
			*order = append(*order, k)
		}
		out[k] += n
		if out[k] == 0 {
			delete(out, k)
		}
	}
	// the classes of one type and direction with one coefficient share
	// a read whose far-end test is the disjunction of their labels
	type group struct {
		cl   hopClass
		coef int64
	}
	var groups []group
	var members [][][]bool
	for c, cl := range classes {
		if cl.null || coef[c] == 0 {
			continue
		}
		g := -1
		for k, x := range groups {
			if x.coef == coef[c] && x.cl.dir == cl.dir && x.cl.typ == cl.typ && x.cl.other == cl.other && x.cl.known == cl.known {
				g = k
			}
		}
		if g < 0 {
			groups = append(groups, group{cl, coef[c]})
			members = append(members, nil)
			g = len(groups) - 1
		}
		members[g] = append(members[g], cl.labels)
	}
	for g, x := range groups {
		ls := slices.Clone(endLabels)
		if l := assignmentLabels(p.labels, members[g]); l != nil {
			ls = append(ls, l)
		}
		labels := allLabels(ls)
		// the types: the one named, or all the pattern's (all when it
		// names none), or all less the split's names
		type part struct {
			types []string
			n     int64
		}
		var tparts []part
		switch {
		case x.cl.known && !x.cl.other:
			tparts = []part{{[]string{x.cl.typ}, 1}}
		case x.cl.other:
			tparts = []part{{o.Types, 1}}
			for _, cl := range classes {
				if !cl.null && !cl.other && cl.dir == x.cl.dir && slices.Equal(cl.labels, classes[0].labels) {
					tparts = append(tparts, part{[]string{cl.typ}, -1})
				}
			}
		default:
			tparts = []part{{o.Types, 1}}
		}
		for _, t := range tparts {
			switch x.cl.dir {
			case dirAny:
				add(degreeRead{dir: o.Dir, types: t.types, labels: labels}, x.coef*t.n)
			case dirOut:
				add(degreeRead{dir: ast.DirRight, noLoops: true, types: t.types, labels: labels}, x.coef*t.n)
			case dirIn:
				add(degreeRead{dir: ast.DirLeft, noLoops: true, types: t.types, labels: labels}, x.coef*t.n)
			case dirLoop:
				add(degreeRead{dir: ast.DirRight, types: t.types, labels: labels}, x.coef*t.n)
				add(degreeRead{dir: ast.DirRight, noLoops: true, types: t.types, labels: labels}, -x.coef*t.n)
			}
		}
	}
	return out
}

// assignmentLabels is the far-end test of a set of truth assignments of names:
// nil when it holds every assignment, one name or its negation when the
// set is exactly the assignments fixing it, else their disjunction.
func assignmentLabels(names []string, set [][]bool) ast.LabelExpr {
	if len(set) == 1<<len(names) {
		return nil
	}
	for k, n := range names {
		for _, val := range []bool{true, false} {
			if len(set) != 1<<(len(names)-1) || slices.ContainsFunc(set, func(a []bool) bool { return a[k] != val }) {
				continue
			}
			if val {
				return &ast.LabelName{Name: n}
			}
			return &ast.LabelNot{Expr: &ast.LabelName{Name: n}}
		}
	}
	var or []ast.LabelExpr
	for _, a := range set {
		var and []ast.LabelExpr
		for k, n := range names {
			var l ast.LabelExpr = &ast.LabelName{Name: n}
			if !a[k] {
				l = &ast.LabelNot{Expr: l}
			}
			and = append(and, l)
		}
		or = append(or, allLabels(and))
	}
	if len(or) == 1 {
		return or[0]
	}
	return &ast.LabelOr{Items: or}
}

// comboExpr is the expression adding up a combination of the degree
// reads bound to into (0 when empty).
func comboExpr(c combo, into map[string]string, span ast.Span) ast.Expr {
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(x, y string) int { return strings.Compare(into[x], into[y]) })
	var out ast.Expr
	for _, k := range keys {
		n := c[k]
		var term ast.Expr = &ast.Variable{Span: span, Name: into[k]}
		if n != 1 && n != -1 {
			term = &ast.Binary{Span: span, Op: ast.OpMul, Left: intLit(span, abs64(n)), Right: term}
		}
		switch {
		case out == nil && n < 0:
			out = &ast.Unary{Span: span, Op: ast.OpNeg, Expr: term}
		case out == nil:
			out = term
		case n < 0:
			out = &ast.Binary{Span: span, Op: ast.OpSub, Left: out, Right: term}
		default:
			out = &ast.Binary{Span: span, Op: ast.OpAdd, Left: out, Right: term}
		}
	}
	if out == nil {
		return intLit(span, 0)
	}
	return out
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// evaluateClass is the value of e on every row of class cl, when e's
// value depends only on what the class fixes and its evaluation cannot
// raise an error; ok is false otherwise.
func evaluateClass(e ast.Expr, cl hopClass, p hopParts) (classVal, bool) {
	switch x := e.(type) {
	case *ast.Literal:
		switch x.Kind {
		case ast.LitNull:
			return classVal{}, true
		case ast.LitBool:
			return classVal{kind: cBool, b: x.Bool}, true
		case ast.LitInt:
			return classVal{kind: cInt, i: x.Int}, true
		case ast.LitString:
			return classVal{kind: cStr, s: x.Str}, true
		}
	case *ast.Variable:
		switch x.Name {
		case p.from:
			return classVal{kind: cFrom}, true
		case p.to:
			switch {
			case cl.null:
				return classVal{}, true
			case cl.dir == dirLoop:
				return classVal{kind: cFrom}, true
			case cl.dir == dirAny:
				return classVal{kind: cToAny}, true
			}
			return classVal{kind: cTo}, true
		case p.rel:
			if cl.null {
				return classVal{}, true
			}
			return classVal{kind: cRel}, true
		}
	case *ast.FunctionCall:
		return evaluateClassCall(x, cl, p)
	case *ast.LabelPredicate:
		v, ok := x.Expr.(*ast.Variable)
		if !ok || v.Name != p.to && v.Name != p.rel {
			return classVal{}, false
		}
		if cl.null {
			return classVal{}, true
		}
		if v.Name == p.rel {
			if !cl.known {
				return classVal{}, false
			}
			t, ok := classType(x.Labels, cl)
			return classVal{kind: cBool, b: t}, ok
		}
		t, ok := classLabels(x.Labels, cl, p)
		return classVal{kind: cBool, b: t}, ok
	case *ast.Comparison:
		vals := make([]classVal, len(x.Operands))
		for k, op := range x.Operands {
			v, ok := evaluateClass(op, cl, p)
			if !ok {
				return classVal{}, false
			}
			vals[k] = v
		}
		res := classVal{kind: cBool, b: true}
		for k, op := range x.Ops {
			r, ok := compareClass(vals[k], vals[k+1], op)
			if !ok {
				return classVal{}, false
			}
			res = and3(res, r)
		}
		return res, true
	case *ast.Binary:
		l, ok := evaluateClass(x.Left, cl, p)
		if !ok {
			return classVal{}, false
		}
		r, ok := evaluateClass(x.Right, cl, p)
		if !ok {
			return classVal{}, false
		}
		return binaryClass(x.Op, l, r)
	case *ast.Unary:
		v, ok := evaluateClass(x.Expr, cl, p)
		if !ok {
			return classVal{}, false
		}
		switch {
		case v.kind == cNull:
			return v, true
		case x.Op == ast.OpNot && v.kind == cBool:
			return classVal{kind: cBool, b: !v.b}, true
		case x.Op == ast.OpNeg && v.kind == cInt && v.i != math.MinInt64:
			return classVal{kind: cInt, i: -v.i}, true
		case x.Op == ast.OpPlus && v.kind == cInt:
			return v, true
		}
	case *ast.IsNull:
		v, ok := evaluateClass(x.Expr, cl, p)
		if !ok {
			return classVal{}, false
		}
		return classVal{kind: cBool, b: (v.kind == cNull) != x.Not}, true
	case *ast.Case:
		return caseClass(x, cl, p)
	case *ast.In:
		name, ok := labelMembership(x, p.to)
		if !ok {
			return classVal{}, false
		}
		if cl.null { // labels(null) is null, and so is 'L' IN null
			return classVal{}, true
		}
		k := slices.Index(p.labels, name)
		if k < 0 {
			return classVal{}, false
		}
		return classVal{kind: cBool, b: cl.labels[k]}, true
	}
	return classVal{}, false
}

// evaluateClassCall evaluates type(), startNode(), endNode() and
// toInteger() of a boolean or an integer.
func evaluateClassCall(x *ast.FunctionCall, cl hopClass, p hopParts) (classVal, bool) {
	if len(x.Namespace) > 0 || x.Distinct || x.Star || len(x.Args) != 1 {
		return classVal{}, false
	}
	v, ok := evaluateClass(x.Args[0], cl, p)
	if !ok {
		return classVal{}, false
	}
	name := strings.ToLower(x.Name)
	if v.kind == cNull && (name == "type" || name == "startnode" || name == "endnode" || name == "tointeger") {
		return v, true
	}
	switch name {
	case "type":
		switch {
		case v.kind != cRel || !cl.known:
		case cl.other:
			return classVal{kind: cOther}, true
		default:
			return classVal{kind: cStr, s: cl.typ}, true
		}
	case "startnode", "endnode":
		if v.kind != cRel {
			return classVal{}, false
		}
		start := name == "startnode"
		switch cl.dir {
		case dirLoop:
			return classVal{kind: cFrom}, true
		case dirOut:
			if start {
				return classVal{kind: cFrom}, true
			}
			return classVal{kind: cTo}, true
		case dirIn:
			if start {
				return classVal{kind: cTo}, true
			}
			return classVal{kind: cFrom}, true
		}
	case "tointeger":
		switch v.kind {
		case cInt:
			return v, true
		case cBool:
			if v.b {
				return classVal{kind: cInt, i: 1}, true
			}
			return classVal{kind: cInt}, true
		}
	}
	return classVal{}, false
}

// classLabels is the truth of a label expression of the far node.
func classLabels(l ast.LabelExpr, cl hopClass, p hopParts) (bool, bool) {
	switch x := l.(type) {
	case *ast.LabelName:
		k := slices.Index(p.labels, x.Name)
		if k < 0 {
			return false, false
		}
		return cl.labels[k], true
	case *ast.LabelNot:
		t, ok := classLabels(x.Expr, cl, p)
		return !t, ok
	case *ast.LabelAnd:
		all := true
		for _, it := range x.Items {
			t, ok := classLabels(it, cl, p)
			if !ok {
				return false, false
			}
			all = all && t
		}
		return all, true
	case *ast.LabelOr:
		any := false
		for _, it := range x.Items {
			t, ok := classLabels(it, cl, p)
			if !ok {
				return false, false
			}
			any = any || t
		}
		return any, true
	}
	return false, false
}

// classType is the truth of a label expression of the relationship, a
// test of its type (a type none of the split's names, which include
// every name the expression tests, passes no name).
func classType(l ast.LabelExpr, cl hopClass) (bool, bool) {
	switch x := l.(type) {
	case *ast.LabelName:
		return !cl.other && cl.typ == x.Name, true
	case *ast.LabelNot:
		t, ok := classType(x.Expr, cl)
		return !t, ok
	case *ast.LabelAnd, *ast.LabelOr:
		items := []ast.LabelExpr(nil)
		and := false
		if a, ok := x.(*ast.LabelAnd); ok {
			items, and = a.Items, true
		} else {
			items = x.(*ast.LabelOr).Items
		}
		res := and
		for _, it := range items {
			t, ok := classType(it, cl)
			if !ok {
				return false, false
			}
			if and {
				res = res && t
			} else {
				res = res || t
			}
		}
		return res, true
	}
	return false, false
}

// compareClass compares two values of one kind (null when either is);
// ok is false for kinds it does not compare.
func compareClass(l, r classVal, op ast.CompareOp) (classVal, bool) {
	if l.kind == cNull || r.kind == cNull {
		return classVal{}, true
	}
	eq := op == ast.CmpEq || op == ast.CmpNe
	var c int
	switch {
	case l.kind == cInt && r.kind == cInt:
		c = cmp.Compare(l.i, r.i)
	case l.kind == cStr && r.kind == cStr:
		c = strings.Compare(l.s, r.s)
	case l.kind == cBool && r.kind == cBool && eq:
		c = 1
		if l.b == r.b {
			c = 0
		}
	case eq && (l.kind == cFrom || l.kind == cTo) && (r.kind == cFrom || r.kind == cTo):
		c = 1
		if l.kind == r.kind {
			c = 0
		}
	case eq && (l.kind == cOther && r.kind == cStr || l.kind == cStr && r.kind == cOther):
		// the split names every string constant: another type is none
		c = 1
	default:
		return classVal{}, false
	}
	var t bool
	switch op {
	case ast.CmpEq:
		t = c == 0
	case ast.CmpNe:
		t = c != 0
	case ast.CmpLt:
		t = c < 0
	case ast.CmpGt:
		t = c > 0
	case ast.CmpLe:
		t = c <= 0
	case ast.CmpGe:
		t = c >= 0
	}
	return classVal{kind: cBool, b: t}, true
}

// and3 is three-valued AND of two booleans or nulls.
func and3(l, r classVal) classVal {
	if l.kind == cBool && !l.b || r.kind == cBool && !r.b {
		return classVal{kind: cBool}
	}
	if l.kind == cNull || r.kind == cNull {
		return classVal{}
	}
	return classVal{kind: cBool, b: true}
}

// binaryClass evaluates AND, OR, XOR of booleans and +, -, * of integers
// (giving up on overflow), null when an operand is.
func binaryClass(op ast.BinaryOp, l, r classVal) (classVal, bool) {
	switch op {
	case ast.OpAnd, ast.OpOr, ast.OpXor:
		if l.kind != cBool && l.kind != cNull || r.kind != cBool && r.kind != cNull {
			return classVal{}, false
		}
		switch op {
		case ast.OpAnd:
			return and3(l, r), true
		case ast.OpOr:
			if l.kind == cBool && l.b || r.kind == cBool && r.b {
				return classVal{kind: cBool, b: true}, true
			}
			if l.kind == cNull || r.kind == cNull {
				return classVal{}, true
			}
			return classVal{kind: cBool}, true
		default:
			if l.kind == cNull || r.kind == cNull {
				return classVal{}, true
			}
			return classVal{kind: cBool, b: l.b != r.b}, true
		}
	case ast.OpAdd, ast.OpSub, ast.OpMul:
		if l.kind != cInt && l.kind != cNull || r.kind != cInt && r.kind != cNull {
			return classVal{}, false
		}
		if l.kind == cNull || r.kind == cNull {
			return classVal{}, true
		}
		const lim = 1 << 31 // small operands: no overflow
		if l.i < -lim || l.i > lim || r.i < -lim || r.i > lim {
			return classVal{}, false
		}
		switch op {
		case ast.OpAdd:
			return classVal{kind: cInt, i: l.i + r.i}, true
		case ast.OpSub:
			return classVal{kind: cInt, i: l.i - r.i}, true
		default:
			return classVal{kind: cInt, i: l.i * r.i}, true
		}
	}
	return classVal{}, false
}

// caseClass evaluates a CASE: the searched form takes the first branch
// whose condition is true (a condition must be a boolean or null), the
// simple form the first whose value equals the subject.
func caseClass(x *ast.Case, cl hopClass, p hopParts) (classVal, bool) {
	var subject classVal
	if x.Subject != nil {
		s, ok := evaluateClass(x.Subject, cl, p)
		if !ok {
			return classVal{}, false
		}
		subject = s
	}
	for _, w := range x.Whens {
		v, ok := evaluateClass(w.When, cl, p)
		if !ok {
			return classVal{}, false
		}
		if x.Subject != nil {
			if v, ok = compareClass(subject, v, ast.CmpEq); !ok {
				return classVal{}, false
			}
		} else if v.kind != cBool && v.kind != cNull {
			return classVal{}, false
		}
		if v.kind == cBool && v.b {
			return evaluateClass(w.Then, cl, p)
		}
	}
	if x.Else == nil {
		return classVal{}, true
	}
	return evaluateClass(x.Else, cl, p)
}
