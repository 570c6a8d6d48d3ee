package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// valueJoins turns a nested loop whose inner side reads nothing of the
// outer rows, followed by a filter equating a key of the outer side with
// a key of the inner side, into a hash join by value (logical.ValueJoin):
// the inner side runs once and its rows are kept by their keys, and each
// outer row meets only the inner rows whose keys may equal its own.
//
// The shape it looks for is ops[k:i] (the build: scans, seeks,
// expansions and label and property tests, reading only the variables
// they bind and parameters) followed by the filter ops[i], one of whose
// conjuncts is `x = y` (or several: a composite key) with x reading only
// variables bound before k (or outside the pipeline) and y only variables
// the build binds. That is where a MATCH of independent patterns (a
// cartesian product) filtered by an equality of their properties lands,
// and a pattern whose property map reads another pattern's variable
// ({k: a.k}: a filter b.k = a.k after b's scan), and a WITH's value
// compared with a later MATCH's property.
//
// It is exact because the filter stays after the join: the join only
// leaves out pairs whose keys differ under joinKey's encoding, for which
// the equality is not true, so the filter would drop them; the pairs it
// keeps come in the nested loop's order (outer rows in order, the build's
// rows in the build's order for each). Errors stay where row mode raises
// them: both keys and every conjunct of the filter and every test of the
// build cannot fail (neverFails, plainValue), so leaving pairs out hides
// no error, and the build runs when the first outer row arrives, as the
// nested loop's first inner run would. The build's relationships that
// its MATCH required to differ from the outer side's (Expand.Distinct)
// are compared in the filter instead. The rule is not used by a statement
// that writes (the build would not see the writes of later rows) nor in
// row mode, and only where it is priced below the nested loop (see
// joinCheaper).
func valueJoins(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	if b.rowModeOnly || b.noKeys {
		return ops, false
	}
	for i, op := range ops {
		f, ok := op.(logical.Filter)
		if !ok || f.Subst != nil || f.Vectorised || f.Defer != "" || f.Why != "" {
			continue
		}
		if out, ok := b.valueJoinAt(ops, i, f); ok {
			return out, true
		}
	}
	return ops, false
}

// valueJoinMinRows is the estimated number of outer rows from which a
// value join is used.
const valueJoinMinRows = 1.5

// valueJoinAt tries the build sides ending before the filter ops[i],
// longest first.
func (b *builder) valueJoinAt(ops []logical.Op, i int, f logical.Filter) ([]logical.Op, bool) {
	entities := entityVars(ops, b.joinOuter)
	kinds := b.kinds()
	cs := conjuncts(f.Pred)
	for _, c := range cs {
		if !neverFailsKinds(c, entities, kinds) || b.readsFailingList(c) {
			return nil, false
		}
	}
	start := i
	for start > 0 && buildOp(ops[start-1], entities, kinds) {
		start--
	}
	for k := start; k < i; k++ {
		seg, extra, ok := unseekRow(ops[k:i], entities, kinds)
		if !ok {
			continue
		}
		binds, reads := segmentVars(seg)
		if !independent(reads, binds) || !sourceOp(seg[0]) {
			continue
		}
		cs := append(slices.Clone(cs), extra...)
		var probe, build []ast.Expr
		for _, c := range cs {
			x, y, ok := joinEquality(c, binds)
			if ok {
				probe, build = append(probe, x), append(build, y)
			}
		}
		if len(probe) == 0 {
			continue
		}
		buildOps, unique := stripOuterDistinct(seg, binds)
		var vars []string
		for _, op := range seg {
			vs, _ := bindsVars(op)
			vars = append(vars, vs...)
		}
		join := logical.ValueJoin{
			Build:     &logical.Pipeline{Ops: buildOps},
			Vars:      vars,
			ProbeKeys: probe,
			BuildKeys: build,
		}
		f := f
		f.Pred = andOf(append(cs, unique...))
		out := replace(ops, k, i-k+1, join, f)
		if counted, ok := b.keyCountAt(out, k, join, nil); ok {
			// The pairs are only counted: priced as the key count the
			// join becomes (key_counts.go) against the nested loop, up to
			// the aggregation.
			if b.joinCheaper(throughAggregate(ops), throughAggregate(counted)) {
				return out, true
			}
		}
		if !b.joinCheaper(ops[:i+1], out[:k+2]) {
			return nil, false
		}
		return out, true
	}
	return nil, false
}

// buildOp reports whether op may be part of a value join's build side:
// it binds or tests the build's variables without failing.
func buildOp(op logical.Op, entities map[string]bool, kinds kindsOf) bool {
	switch o := op.(type) {
	case logical.NodeScan:
		return len(o.Prefilter) == 0 && o.Batch == 0
	case logical.NodeIndexSeek, logical.NodeRangeSeek, logical.NodeFilter, logical.RelFilter:
		return true
	case logical.Expand:
		return !o.Adjacent
	case logical.Filter:
		if o.Subst != nil || o.Vectorised || o.Defer != "" {
			return false
		}
		for _, c := range conjuncts(o.Pred) {
			if !neverFailsKinds(c, entities, kinds) {
				return false
			}
		}
		return true
	}
	return false
}

// unseekRow returns the build side seg with each index seek keyed by a
// value of the row (a property map or a range reading the outer side:
// a nested loop's seek per row) written as the scan of its label, and
// the predicates the seek stood for, which the join's filter tests
// instead: the node's property equal to the value, within the range's
// bounds or starting with its prefix (seekFacts: the store's seek
// gives exactly the nodes they admit; a range that takes NaN values
// leaves its predicates in the filter after it, so its scan is all it
// stands for). ok is false when a predicate may fail.
func unseekRow(seg []logical.Op, entities map[string]bool, kinds kindsOf) (out []logical.Op, preds []ast.Expr, ok bool) {
	binds := map[string]bool{}
	prop := func(v, key string) ast.Expr { return &ast.Property{Expr: &ast.Variable{Name: v}, Key: key} }
	cmp := func(l ast.Expr, op ast.CompareOp, r ast.Expr) ast.Expr {
		return &ast.Comparison{Operands: []ast.Expr{l, r}, Ops: []ast.CompareOp{op}}
	}
	out = seg
	copied := false
	for i, op := range seg {
		readsRow := false
		for n := range usesOf(op).names {
			readsRow = readsRow || !binds[n]
		}
		var scan logical.NodeScan
		var ps []ast.Expr
		switch o := op.(type) {
		case logical.NodeIndexSeek:
			scan = logical.NodeScan{Var: o.Var, Label: o.Label}
			ps = []ast.Expr{cmp(prop(o.Var, o.Key), ast.CmpEq, o.Value)}
		case logical.NodeRangeSeek:
			scan = logical.NodeScan{Var: o.Var, Label: o.Label}
			switch {
			case o.Prefix:
				ps = []ast.Expr{&ast.StringMatch{Left: prop(o.Var, o.Key), Op: ast.StrStartsWith, Right: o.Lo}}
			case !o.NaN:
				if o.Lo != nil {
					op := ast.CmpGt
					if o.LoIncl {
						op = ast.CmpGe
					}
					ps = append(ps, cmp(prop(o.Var, o.Key), op, o.Lo))
				}
				if o.Hi != nil {
					op := ast.CmpLt
					if o.HiIncl {
						op = ast.CmpLe
					}
					ps = append(ps, cmp(prop(o.Var, o.Key), op, o.Hi))
				}
			}
		default:
			readsRow = false
		}
		if readsRow {
			for _, p := range ps {
				if !neverFailsKinds(p, entities, kinds) {
					return nil, nil, false
				}
			}
			if !copied {
				out, copied = slices.Clone(seg), true
			}
			out[i], preds = scan, append(preds, ps...)
		}
		vs, _ := bindsVars(op)
		for _, v := range vs {
			binds[v] = true
		}
	}
	return out, preds, true
}

// sourceOp reports whether op starts a build side: it binds its node
// without reading another variable.
func sourceOp(op logical.Op) bool {
	switch op.(type) {
	case logical.NodeScan, logical.NodeIndexSeek:
		return true
	}
	return false
}

// segmentVars is the variables the operators bind and those they read
// (an expansion's relationships to differ from are left out: see
// stripOuterDistinct).
func segmentVars(seg []logical.Op) (binds, reads map[string]bool) {
	binds, reads = map[string]bool{}, map[string]bool{}
	for _, op := range seg {
		if x, ok := op.(logical.Expand); ok {
			x.Distinct = nil
			op = x
		}
		for n := range usesOf(op).names {
			if !binds[n] {
				reads[n] = true
			}
		}
		vs, _ := bindsVars(op)
		for _, v := range vs {
			binds[v] = true
		}
	}
	return binds, reads
}

// independent reports whether the build reads only what it binds.
func independent(reads, binds map[string]bool) bool {
	for n := range reads {
		if !binds[n] {
			return false
		}
	}
	return true
}

// stripOuterDistinct returns the build's operators with the outer
// relationships removed from each expansion's Distinct, and the tests
// r <> s that keep them apart after the join.
func stripOuterDistinct(seg []logical.Op, binds map[string]bool) ([]logical.Op, []ast.Expr) {
	out := make([]logical.Op, len(seg))
	var tests []ast.Expr
	for i, op := range seg {
		out[i] = op
		x, ok := op.(logical.Expand)
		if !ok || len(x.Distinct) == 0 {
			continue
		}
		var keep []string
		for _, r := range x.Distinct {
			if binds[r] {
				keep = append(keep, r)
				continue
			}
			tests = append(tests, &ast.Comparison{Ops: []ast.CompareOp{ast.CmpNe}, Operands: []ast.Expr{&ast.Variable{Name: x.Rel}, &ast.Variable{Name: r}}})
		}
		x.Distinct = keep
		out[i] = x
	}
	return out, tests
}

// joinEquality reads conjunct c as probe = build: a comparison x = y of
// two keys, one reading only variables bound outside the build (and some),
// the other only variables the build binds (and some). (The filter's
// conjuncts cannot fail, so neither can the keys: see valueJoinAt.)
func joinEquality(c ast.Expr, binds map[string]bool) (probe, build ast.Expr, ok bool) {
	cmp, isCmp := c.(*ast.Comparison)
	if !isCmp || len(cmp.Ops) != 1 || cmp.Ops[0] != ast.CmpEq {
		return nil, nil, false
	}
	x, y := cmp.Operands[0], cmp.Operands[1]
	side := func(e ast.Expr) int { // 1: build, -1: outer, 0: neither or both
		// The variables of the patterns of COUNT { } and the like count
		// (addExprVars): COUNT { (v)-->() } reads v.
		vs := newVarSet()
		addExprVars(e, &vs)
		if len(vs.names) == 0 || vs.all {
			return 0
		}
		in, out := 0, 0
		for v := range vs.names {
			if binds[v] {
				in++
			} else {
				out++
			}
		}
		switch {
		case out == 0:
			return 1
		case in == 0:
			return -1
		}
		return 0
	}
	switch {
	case side(x) == -1 && side(y) == 1:
		return x, y, true
	case side(x) == 1 && side(y) == -1:
		return y, x, true
	}
	return nil, nil, false
}

// valueJoin emits a ValueJoin: the build runs once, when the first row
// arrives, adding each of its rows to the join's table under its keys;
// then each row probes the table with its own keys and continues once per
// candidate build row, with that row's variables restored.
func (g *gen) valueJoin(o logical.ValueJoin, e *regEnv, rest func(*regEnv, label) error) error {
	spec := &vm.ValueJoinSpec{}
	aux := g.addAux(spec)
	built := g.n()
	done, end := g.newLabel(), g.newLabel()
	g.emitJ(vm.OpJumpIfNonZero, 1, done, built)
	var out *regEnv
	savedSeg, savedSink := g.seg, g.setSink
	g.seg, g.setSink = o.Build.Ops, nil
	dummy := int32(-1)
	err := g.ops(o.Build.Ops, e.clone(), end, end, &dummy, func(ie *regEnv) error {
		for _, k := range o.BuildKeys {
			r, err := g.expr(k, ie)
			if err != nil {
				return err
			}
			spec.Keys = append(spec.Keys, r)
		}
		for _, v := range o.Vars {
			s, ok := ie.vars[v]
			if !ok {
				continue
			}
			if s.kind == slotValue {
				spec.R = append(spec.R, s.reg)
			} else {
				spec.N = append(spec.N, s.reg)
			}
		}
		out = ie
		g.emit(vm.OpJoinAdd, aux)
		return nil
	})
	g.seg, g.setSink = savedSeg, savedSink
	if err != nil {
		return err
	}
	g.bind(end)
	g.emit(vm.OpSetCounter, built, 1)
	g.bind(done)
	first := g.rs(len(o.ProbeKeys))
	for i, k := range o.ProbeKeys {
		r, err := g.expr(k, e)
		if err != nil {
			return err
		}
		g.emit(vm.OpMove, first+int32(i), r)
	}
	ne := e.clone()
	for _, v := range o.Vars {
		if s, ok := out.vars[v]; ok {
			ne.set(v, s)
		}
	}
	return g.cursorLoop(func(c int32) { g.emit(vm.OpJoinProbe, c, aux, first) },
		func(c int32, done label) { g.emitJ(vm.OpJoinNext, 1, done, c) },
		func(head label) error { return rest(ne, head) })
}

// valueJoinIndex is the index of the first ValueJoin of ops, -1 when none.
func valueJoinIndex(ops []logical.Op) int {
	for i, op := range ops {
		if _, ok := op.(logical.ValueJoin); ok {
			return i
		}
	}
	return -1
}

// estimateValueJoin estimates a pipeline with a ValueJoin at k as the
// nested loop it replaces, its build's operators in its place: the join
// yields the rows the filter after it keeps (the pairs whose keys are
// equal), and reads one table entry per row that enters it. Its build's
// own cost, paid once, is the nested pipeline's (see pipelineCost).
func (b *builder) estimateValueJoin(pl *logical.Pipeline, k int) ([]float64, lists) {
	vj := pl.Ops[k].(logical.ValueJoin)
	nb := len(vj.Build.Ops)
	flat := &logical.Pipeline{Ops: make([]logical.Op, 0, len(pl.Ops)+nb)}
	flat.Ops = append(flat.Ops, pl.Ops[:k]...)
	flat.Ops = append(flat.Ops, vj.Build.Ops...)
	flat.Ops = append(flat.Ops, pl.Ops[k+1:]...)
	reads, l := b.estimateLists(flat)
	pl.Est = make([]float64, len(pl.Ops))
	out := make([]float64, len(pl.Ops))
	copy(pl.Est, flat.Est[:k])
	copy(out, reads[:k])
	in := 1.0
	if k > 0 {
		in = flat.Est[k-1]
	}
	pl.Est[k] = flat.Est[k+nb-1]
	if k+nb < len(flat.Est) {
		// the filter after the join
		pl.Est[k] = flat.Est[k+nb]
	}
	out[k] = in
	copy(pl.Est[k+1:], flat.Est[k+nb:])
	copy(out[k+1:], reads[k+nb:])
	return out, l
}

// isJoin reports whether op is a value join or the key count one
// becomes.
func isJoin(op logical.Op) bool {
	switch op.(type) {
	case logical.ValueJoin, logical.KeyCount:
		return true
	}
	return false
}

// joinCheaper reports whether the value join (the operators joined, up to
// its filter, or up to the aggregation of a key count) is priced below the nested loop it replaces (nested, up to
// the same filter): a nested loop that an estimate prices as a seek (a
// scan whose filter is keyed by a value per row, see seekValues) stays.
// Where the operators before the join bind nothing and a row's pattern
// is planned (joinOuter set), the nested loop is one run of the pattern
// and the join's build, run once for every row that reaches the pattern,
// is priced as shared by the estimated number of those rows (bodyRows).
func (b *builder) joinCheaper(nested, joined []logical.Op) bool {
	perRow := b.joinOuter != nil
	var build *logical.Pipeline
	for _, op := range joined {
		switch o := op.(type) {
		case logical.ValueJoin:
			build = o.Build
		case logical.KeyCount:
			if len(o.Corr) == 0 {
				build = o.Build
			}
		case logical.Start:
			continue
		default:
			perRow = false
			continue
		}
		break
	}
	n := b.pipelineCost(&logical.Pipeline{Ops: append([]logical.Op(nil), nested...)})
	j := b.pipelineCost(&logical.Pipeline{Ops: append([]logical.Op(nil), joined...)})
	if perRow && build != nil {
		// The build (the key count's, which holds the filters and
		// expansions it absorbed, or the value join's) is shared.
		once := b.pipelineCost(&logical.Pipeline{Ops: append([]logical.Op(nil), build.Ops...)})
		j = j - once + once/max(1, b.bodyRows)
	}
	return j < n
}

// scopeEntities lists the node and relationship variables of sc (as
// rowEntities does for the registers of generated code).
func scopeEntities(sc *scope) map[string]bool {
	out := map[string]bool{}
	for name, k := range sc.vars {
		if k == kindNode || k == kindRel {
			out[name] = true
		}
	}
	return out
}
