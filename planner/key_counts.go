package planner

import (
	"math"
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// keyCounts counts the pairs of a value join by key instead of listing
// them, where nothing but their number is read. The number of pairs
// (x, y) of two independent sides related only by equalities of keys
// f(x) = g(y) is, for each row x, the number of rows y whose keys equal
// x's; with one ordering test h(x) < k(y) on top, the number of those y
// whose k(y) lies above h(x) (a binary search among the group's sorted
// values); with tests that an entity of x differs from one of y (a <> b,
// the relationship uniqueness of one MATCH), that number less the rows
// of the group holding x's entity, found by it. So a ValueJoin (see
// valueJoins) followed by the filter of its equalities and such tests,
// then only projections, selections and filters that read none of the
// build's variables, up to an aggregation whose every aggregate is
// count(*) and whose grouping keys read none of them either, becomes a
// KeyCount binding the number of pairs per row (rows with none dropped)
// and the aggregation an integer sum of it: each row's contribution to
// every group it reaches is the number of pairs the nested loop would
// have produced for it.
//
// It is exact where the equality of the key encoding is the equality of
// the values: the keys must be entities or, by their value kinds,
// numbers, strings or booleans (or null), for which the join's encoding
// (vm joinKey) is equal exactly when = is true (1 and 1.0 alike, null
// and NaN equal to nothing); lists, maps and temporal values are left
// to the ValueJoin, whose filter decides. The ordering test is counted
// by value.Compare, true for the pairs < is true for (null, NaN and
// values of other kinds compare with nothing). A test that x's entity
// differs from y's is null, so false, when either is null. Every
// conjunct cannot fail (the ValueJoin required it), so counting instead
// of testing each pair hides no error; the other conjuncts of the
// filter read one side only and stay as filters on it: the row's
// before the count, the build's inside it. The build runs once, as the
// ValueJoin's did.
func keyCounts(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	for k, op := range ops {
		vj, ok := op.(logical.ValueJoin)
		if !ok || k+1 >= len(ops) {
			continue
		}
		if out, ok := b.keyCountAt(ops, k, vj, nil); ok {
			return out, true
		}
	}
	if b.rowModeOnly || b.noKeys || b.writes {
		return ops, false
	}
	for i, op := range ops {
		if f, ok := op.(logical.Filter); ok && f.Subst == nil && !f.Vectorised && f.Defer == "" && f.Why == "" {
			if out, ok := b.correlatedKeyCount(ops, i, f); ok {
				return out, true
			}
		}
	}
	return ops, false
}

// correlatedKeyCount counts by key the pairs of the rows before ops[k]
// and the rows the operators ops[k:i] add to each of them, filtered by
// ops[i], where those operators read of the row only nodes (the
// correlation: `(q1)-->(t)<--(q2)` expands to q2 from the t q1 reached):
// the operators run once per distinct tuple of those nodes, their rows
// kept under it as well as under their keys, so a row's pairs are the
// build rows of its own tuple whose keys equal its keys (the rest as
// keyCounts). It is used where the cost model prices it below the
// nested loop: the build runs once per distinct tuple, so it gains
// where the rows share their correlation nodes.
func (b *builder) correlatedKeyCount(ops []logical.Op, i int, f logical.Filter) ([]logical.Op, bool) {
	entities := entityVars(ops, b.joinOuter)
	kinds := b.kinds()
	for k := i - 1; k > 0 && buildOp(ops[k], entities, kinds); k-- {
		x, ok := ops[k].(logical.Expand)
		if !ok || x.ToBound || x.RelBound {
			continue
		}
		seg := ops[k:i]
		binds, reads := segmentVars(seg)
		var corr []string
		for n := range reads {
			if !binds[n] {
				corr = append(corr, n)
			}
		}
		slices.Sort(corr)
		if len(corr) == 0 || !binds[x.To] || slices.Contains(corr, x.To) {
			continue
		}
		nodes := true
		for _, n := range corr {
			nodes = nodes && entities[n] && !isRel(ops[:k], n)
		}
		if !nodes {
			continue
		}
		bops, unique := stripOuterDistinct(seg, binds)
		var vars []string
		for _, op := range seg {
			vs, _ := bindsVars(op)
			vars = append(vars, vs...)
		}
		vj := logical.ValueJoin{Build: &logical.Pipeline{Ops: bops}, Vars: vars}
		f.Pred = andOf(append(conjuncts(f.Pred), unique...))
		flat := replace(ops, k, i-k+1, vj, f)
		out, ok := b.keyCountAt(flat, k, vj, corr)
		if !ok {
			continue
		}
		if b.pipelineCost(&logical.Pipeline{Ops: throughAggregate(out)}) >= b.pipelineCost(&logical.Pipeline{Ops: throughAggregate(ops)}) {
			continue
		}
		return out, true
	}
	return nil, false
}

// isRel reports whether ops bind name to a relationship.
func isRel(ops []logical.Op, name string) bool {
	for _, op := range ops {
		if x, ok := op.(logical.Expand); ok && x.Rel == name {
			return true
		}
	}
	return false
}

// keyCountAt tries the ValueJoin ops[k] (see keyCounts).
func (b *builder) keyCountAt(ops []logical.Op, k int, vj logical.ValueJoin, corr []string) ([]logical.Op, bool) {
	build := map[string]bool{}
	for _, v := range vj.Vars {
		build[v] = true
	}
	bops := slices.Clone(vj.Build.Ops)
	var cs []ast.Expr
	var differ [][2]string
	// The filters after the join, and the scans, seeks, expansions,
	// walk counts and label tests that read only the build's variables
	// (and parameters): those move into the build (each build row with the rows it expands to,
	// under its key), and the filters' conjuncts are the pair's tests.
	// An expansion's relationships that must differ from the row's are
	// tests of the pair.
	j := k + 1
absorb:
	for ; j < len(ops); j++ {
		switch o := ops[j].(type) {
		case logical.Filter:
			if o.Subst != nil || o.Vectorised || o.Defer != "" || o.Why != "" || (j > k+1 && !usesOf(o).hasAny(keys(build)...)) {
				break absorb
			}
			cs = append(cs, conjuncts(o.Pred)...)
		case logical.Expand, logical.NodeFilter, logical.RelFilter, logical.NodeScan, logical.NodeIndexSeek, logical.NodeRangeSeek, logical.WalkCount:
			if _, walks := o.(logical.WalkCount); !walks && !buildOp(o, nil, nil) {
				break absorb
			}
			x, isExpand := o.(logical.Expand)
			if isExpand {
				if x.Adjacent {
					break absorb
				}
				var keep []string
				for _, r := range x.Distinct {
					if build[r] {
						keep = append(keep, r)
					} else {
						differ = append(differ, [2]string{r, x.Rel})
					}
				}
				x.Distinct = keep
				o = x
			}
			for n := range usesOf(o).names {
				if !build[n] && !slices.Contains(corr, n) {
					return nil, false
				}
			}
			bops = append(bops, o)
			vs, _ := bindsVars(o)
			for _, v := range vs {
				build[v] = true
			}
		default:
			break absorb
		}
	}
	if len(cs) == 0 {
		return nil, false
	}
	// The rows must reach an aggregation of count(*) one for one, through
	// operators that read nothing of the build.
	agg := -1
scan:
	for i := j; i < len(ops); i++ {
		switch o := ops[i].(type) {
		case logical.Project, logical.Select, logical.Filter:
			if usesOf(o).hasAny(keys(build)...) {
				return nil, false
			}
		case logical.Aggregate:
			agg = i
			break scan
		default:
			break scan
		}
	}
	if agg < 0 {
		return nil, false
	}
	a := ops[agg].(logical.Aggregate)
	if len(a.Aggs) == 0 || usesOf(a).hasAny(keys(build)...) {
		return nil, false
	}
	for _, c := range a.Aggs {
		if !c.Call.Star || c.IntSum {
			return nil, false
		}
	}
	entities := entityVars(slices.Concat(ops[:k], bops), b.joinOuter)
	kinds := b.kinds()
	defs := projected(ops[:k])
	kc := logical.KeyCount{Into: b.fresh("pairs"), Differ: differ}
	var outer, inner []ast.Expr
	for _, c := range cs {
		if !neverFailsKinds(c, entities, kinds) || b.readsFailingList(c) {
			return nil, false
		}
		if x, y, ok := joinEquality(c, build); ok {
			if !exactKey(x, entities, kinds, defs) || !exactKey(y, entities, kinds, nil) {
				return nil, false
			}
			kc.ProbeKeys, kc.BuildKeys = append(kc.ProbeKeys, x), append(kc.BuildKeys, y)
			continue
		}
		if x, y, ok := entitiesDiffer(c, build, entities); ok {
			kc.Differ = append(kc.Differ, [2]string{x, y})
			continue
		}
		if x, y, op, ok := pairOrder(c, build); ok && !kc.HasOrd() {
			kc.ProbeOrd, kc.BuildOrd, kc.Ord = x, y, op
			continue
		}
		switch pairSide(c, build) {
		case 1:
			inner = append(inner, c)
		case -1:
			outer = append(outer, c)
		default:
			vs := newVarSet()
			addExprVars(c, &vs)
			if len(vs.names) > 0 || vs.all {
				return nil, false // reads both sides, or may
			}
			outer = append(outer, c)
		}
	}
	if len(kc.ProbeKeys) == 0 {
		return nil, false
	}
	if len(corr) > 0 {
		kc.Corr = corr
		var ck []ast.Expr
		for _, v := range corr {
			ck = append(ck, &ast.Variable{Name: v})
		}
		kc.ProbeKeys, kc.BuildKeys = append(slices.Clone(ck), kc.ProbeKeys...), append(ck, kc.BuildKeys...)
	}
	if len(inner) > 0 {
		bops = append(bops, logical.Filter{Pred: andAll(inner)})
	}
	kc.Build = &logical.Pipeline{Ops: bops}
	aggs := make([]logical.AggCall, len(a.Aggs))
	for i, c := range a.Aggs {
		aggs[i] = logical.AggCall{Name: c.Name, IntSum: true, Call: &ast.FunctionCall{Span: c.Call.Span, Name: "sum", Args: []ast.Expr{&ast.Variable{Name: kc.Into}}}}
	}
	a.Aggs = aggs
	out := keepThrough(replace(ops, agg, 1, a), j, agg, kc.Into)
	with := []logical.Op{}
	if len(outer) > 0 {
		with = append(with, logical.Filter{Pred: andAll(outer)})
	}
	return replace(out, k, j-k, append(with, kc)...), true
}

// keys lists the names of set.
func keys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	return out
}

// projected maps the names the projections of ops bind to their
// expressions (the last binding of each).
func projected(ops []logical.Op) map[string]ast.Expr {
	out := map[string]ast.Expr{}
	for _, op := range ops {
		if p, ok := op.(logical.Project); ok {
			for _, it := range p.Items {
				out[it.Name] = it.Expr
			}
		}
	}
	return out
}

// pairSide is 1 when e reads only variables of build, -1 when it reads only
// others, 0 when it reads both or none. The variables of the patterns of
// COUNT { }, EXISTS { } and pattern expressions count (addExprVars):
// COUNT { (q)-->() } > mean reads q as well as mean, so it is a test of
// the pair, not of the row alone; a subquery whose reads are not listed
// (a body with clauses, COLLECT { }) may read either side, so 0.
func pairSide(e ast.Expr, build map[string]bool) int {
	vs := newVarSet()
	addExprVars(e, &vs)
	if vs.all {
		return 0
	}
	in, out := 0, 0
	for v := range vs.names {
		if build[v] {
			in++
		} else {
			out++
		}
	}
	switch {
	case in > 0 && out == 0:
		return 1
	case out > 0 && in == 0:
		return -1
	}
	return 0
}

// exactKey reports whether equal join keys of e's values mean equal
// values (see keyCounts): e is an entity, or its kinds are numbers,
// strings, booleans or null (for a column a projection of defs binds,
// those of its expression).
func exactKey(e ast.Expr, entities map[string]bool, kinds kindsOf, defs map[string]ast.Expr) bool {
	if v, ok := e.(*ast.Variable); ok {
		if entities[v.Name] {
			return true
		}
		if d, ok := defs[v.Name]; ok && d != e {
			// A projection's column: its expression's kinds.
			return exactKey(d, entities, kinds, nil)
		}
	}
	if fc, ok := e.(*ast.FunctionCall); ok && isCall(fc, "id", 1) {
		if v, ok := fc.Args[0].(*ast.Variable); ok && entities[v.Name] {
			return true
		}
	}
	if fc, ok := e.(*ast.FunctionCall); ok && isCall(fc, "elementId", 1) {
		if v, ok := fc.Args[0].(*ast.Variable); ok && entities[v.Name] {
			return true
		}
	}
	k, ok := exprKinds(e, entities, kinds)
	return ok && k.Within(kindsNull|kindsNumbers|kindsString|kindsBool)
}

// entitiesDiffer reads c as x <> y (or NOT x = y) of an entity x of the
// row and an entity y of the build.
func entitiesDiffer(c ast.Expr, build, entities map[string]bool) (x, y string, ok bool) {
	cmp, isCmp := c.(*ast.Comparison)
	ne := isCmp && len(cmp.Ops) == 1 && cmp.Ops[0] == ast.CmpNe
	if u, isNot := c.(*ast.Unary); isNot && u.Op == ast.OpNot {
		if inner, ok := u.Expr.(*ast.Comparison); ok && len(inner.Ops) == 1 && inner.Ops[0] == ast.CmpEq {
			cmp, ne = inner, true
		}
	}
	if !ne {
		return "", "", false
	}
	a, ok1 := cmp.Operands[0].(*ast.Variable)
	b, ok2 := cmp.Operands[1].(*ast.Variable)
	if !ok1 || !ok2 || !entities[a.Name] || !entities[b.Name] {
		return "", "", false
	}
	switch {
	case !build[a.Name] && build[b.Name]:
		return a.Name, b.Name, true
	case build[a.Name] && !build[b.Name]:
		return b.Name, a.Name, true
	}
	return "", "", false
}

// pairOrder reads c as x op y, op an ordering, x reading only the row's
// variables and y only the build's.
func pairOrder(c ast.Expr, build map[string]bool) (x, y ast.Expr, op ast.CompareOp, ok bool) {
	cmp, isCmp := c.(*ast.Comparison)
	if !isCmp || len(cmp.Ops) != 1 {
		return nil, nil, 0, false
	}
	op = cmp.Ops[0]
	flip := map[ast.CompareOp]ast.CompareOp{ast.CmpLt: ast.CmpGt, ast.CmpLe: ast.CmpGe, ast.CmpGt: ast.CmpLt, ast.CmpGe: ast.CmpLe}
	if _, ordering := flip[op]; !ordering {
		return nil, nil, 0, false
	}
	l, r := cmp.Operands[0], cmp.Operands[1]
	switch {
	case pairSide(l, build) == -1 && pairSide(r, build) == 1:
		return l, r, op, true
	case pairSide(l, build) == 1 && pairSide(r, build) == -1:
		return r, l, flip[op], true
	}
	return nil, nil, 0, false
}

// keyCount emits a KeyCount: the build runs once, when the first row
// arrives, counting each of its rows under its keys; then each row looks
// its count up with its own keys, dropped when it is zero.
func (g *gen) keyCount(o logical.KeyCount, e *regEnv, cont label, rest func(*regEnv, label) error) error {
	spec := &vm.KeyCountSpec{Ord: -1, Op: cmpOpName(o.Ord), NCorr: len(o.Corr)}
	aux := g.addAux(spec)
	built := int32(-1)
	done, end := g.newLabel(), g.newLabel()
	if len(o.Corr) > 0 {
		first := g.rs(len(o.Corr))
		for i, v := range o.Corr {
			r, err := g.expr(&ast.Variable{Name: v}, e)
			if err != nil {
				return err
			}
			g.emit(vm.OpMove, first+int32(i), r)
		}
		g.emitJ(vm.OpKeyCountOnce, 2, done, aux, first)
	} else {
		built = g.n()
		g.emitJ(vm.OpJumpIfNonZero, 1, done, built)
	}
	savedSeg, savedSink := g.seg, g.setSink
	g.seg, g.setSink = o.Build.Ops, nil
	dummy := int32(-1)
	err := g.ops(o.Build.Ops, e.clone(), end, end, &dummy, func(ie *regEnv) error {
		regs, err := g.exprRegs(o.BuildKeys, ie)
		if err != nil {
			return err
		}
		spec.Keys = regs
		if o.HasOrd() {
			r, err := g.expr(o.BuildOrd, ie)
			if err != nil {
				return err
			}
			spec.Ord = r
		}
		for _, d := range o.Differ {
			r, err := g.expr(&ast.Variable{Name: d[1]}, ie)
			if err != nil {
				return err
			}
			spec.Ents = append(spec.Ents, r)
		}
		g.emit(vm.OpKeyCountAdd, aux)
		return nil
	})
	g.seg, g.setSink = savedSeg, savedSink
	if err != nil {
		return err
	}
	g.bind(end)
	if built >= 0 {
		g.emit(vm.OpSetCounter, built, 1)
	}
	g.bind(done)
	probe := slices.Clone(o.ProbeKeys)
	if o.HasOrd() {
		probe = append(probe, o.ProbeOrd)
	}
	for _, d := range o.Differ {
		probe = append(probe, &ast.Variable{Name: d[0]})
	}
	first := g.rs(len(probe))
	for i, x := range probe {
		r, err := g.expr(x, e)
		if err != nil {
			return err
		}
		g.emit(vm.OpMove, first+int32(i), r)
	}
	n := g.r()
	g.emit(vm.OpKeyCount, n, aux, first)
	g.rejectZero(n, cont)
	e = e.clone()
	e.set(o.Into, slot{slotValue, n})
	return rest(e, cont)
}

// exprRegs evaluates xs, returning their registers.
func (g *gen) exprRegs(xs []ast.Expr, e *regEnv) ([]int32, error) {
	out := make([]int32, len(xs))
	for i, x := range xs {
		r, err := g.expr(x, e)
		if err != nil {
			return nil, err
		}
		out[i] = r
	}
	return out, nil
}

// keyCountTest is the filter of the pairs a KeyCount counts, as the
// nested loop it replaces would test them (for estimates).
func keyCountTest(o logical.KeyCount) ast.Expr {
	var cs []ast.Expr
	for i := range o.ProbeKeys {
		cs = append(cs, &ast.Comparison{Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{o.ProbeKeys[i], o.BuildKeys[i]}})
	}
	if o.HasOrd() {
		cs = append(cs, &ast.Comparison{Ops: []ast.CompareOp{o.Ord}, Operands: []ast.Expr{o.ProbeOrd, o.BuildOrd}})
	}
	for _, d := range o.Differ {
		cs = append(cs, &ast.Comparison{Ops: []ast.CompareOp{ast.CmpNe}, Operands: []ast.Expr{&ast.Variable{Name: d[0]}, &ast.Variable{Name: d[1]}}})
	}
	return andAll(cs)
}

// keyCountPairs estimates the pairs the nested loop that KeyCount o
// replaces, after the operators before, would list.
func (b *builder) keyCountPairs(before []logical.Op, o logical.KeyCount) float64 {
	flat := &logical.Pipeline{Ops: slices.Concat(before, o.Build.Ops, []logical.Op{logical.Filter{Pred: keyCountTest(o)}})}
	b.estimateLists(flat)
	return flat.Est[len(flat.Est)-1]
}

// keyCountRuns is the number of times the build of KeyCount o at ops[i]
// runs: once, or once per distinct value of its one correlation node
// (keyRuns), or per row for several.
func (b *builder) keyCountRuns(ops []logical.Op, i int, o logical.KeyCount) float64 {
	if len(o.Corr) == 0 {
		return 1
	}
	if _, at, ok := scopeAt(ops, i); ok && len(o.Corr) == 1 {
		return b.keyRuns(ops[:i], at, o.Corr[0], "")
	}
	return math.Max(1, b.rowsAfter(ops[:i]))
}

// throughAggregate is a copy of ops up to their first aggregation (all
// of them when there is none).
func throughAggregate(ops []logical.Op) []logical.Op {
	for i, op := range ops {
		if _, ok := op.(logical.Aggregate); ok {
			return slices.Clone(ops[:i+1])
		}
	}
	return slices.Clone(ops)
}
