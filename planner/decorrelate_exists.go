package planner

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// semiJoinExists decorrelates existence tests. A WHERE conjunct
// EXISTS { pattern } (every spelling takes this form first, see
// normalize_subqueries.go), or NOT EXISTS { }, that reads one node
// variable of the row (the probe), or two (a key bound earlier and the
// probe), is the question "is the probe among the nodes the pattern
// reaches from the key?". The set of those nodes is a pipeline of its
// own, planned like a MATCH from the key with the probe unbound; its
// consumer needs only the probe's distinct nodes, so the rewrite rules
// run it set at a time where they can (`(a)-->()-->(c)` becomes one
// frontier expansion). A SemiJoin (AntiJoin) computes the set once per
// key value and tests membership; when the probe comes from a scan just
// before, the scan iterates the set (or the candidates minus it)
// instead.
//
// The choice is costed: the set's pipeline once per key against the
// pattern matched once per row from both bound ends, each estimated by
// the cardinality model; the per-row test stays when it is cheaper.
// Statements that write keep the per-row test (a write could change the
// set between rows).
func semiJoinExists(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	if b.writes || len(ops) == 0 {
		return ops, false
	}
	if _, ok := ops[0].(logical.Start); !ok {
		// The variables bound before the pipeline are not known.
		return ops, false
	}
	for i, op := range ops {
		f, ok := op.(logical.Filter)
		if !ok || f.Vectorised {
			continue
		}
		sc, at, ok := scopeAtWith(ops, i, b.rowScope)
		if !ok {
			continue
		}
		parts := conjuncts(f.Pred)
		// place puts sj where the filter is (or in the probe's scan),
		// with the filter of the conjuncts rest after it.
		place := func(sj logical.SemiJoin, rest []ast.Expr) []logical.Op {
			var with []logical.Op
			if len(rest) > 0 {
				f.Pred = andAll(rest)
				with = append(with, f)
			}
			// The scan iterates the set only when the test may move
			// there: past no SKIP/LIMIT, and past nothing that may fail
			// (row mode evaluates it on the rows the test drops).
			if j := probeBinder(ops, at[sj.Probe], sj.Probe); foldable(ops, j, sj, at) && !slices.ContainsFunc(ops[j:i], limits) && !b.failsBetween(ops, j, i) {
				scan := ops[j].(logical.NodeScan)
				sj.Scan, sj.Label = true, scan.Label
				out := replace(ops, i, 1, with...)
				return replace(out, j, 1, sj)
			}
			return replace(ops, i, 1, append([]logical.Op{sj}, with...)...)
		}
		entities := scopeEntities(sc)
		kinds := b.kindsAt(ops, i)
		if sj, rest, ok := b.semiJoinConjuncts(parts, sc, at, ops[:i]); ok && !b.groupFailsAhead(parts, rest, entities, kinds) {
			return place(sj, rest), true
		}
		var whys []string
		var facts *rowFacts
		for k, c := range parts {
			if b.failsAhead(parts, k, entities, kinds) {
				continue
			}
			if !substReads(c, f.Subst) {
				if facts == nil {
					facts = factsBefore(ops[:i+1])[i]
				}
				if sj, ok := b.nodeTestSemiJoin(c, facts, ops[:i]); ok {
					return place(sj, append(append([]ast.Expr(nil), parts[:k]...), parts[k+1:]...)), true
				}
			}
			sj, why, ok := b.semiJoinFor(c, sc, at, ops[:i])
			if !ok && why == "" {
				sj, why, ok = b.semiJoinTreeFor(c, sc, at, ops[:i])
			}
			if !ok {
				if why != "" {
					whys = append(whys, why)
				}
				continue
			}
			return place(sj, append(append([]ast.Expr(nil), parts[:k]...), parts[k+1:]...)), true
		}
		if why := strings.Join(whys, "; "); why != f.Why {
			f.Why = why
			return replace(ops, i, 1, f), true
		}
	}
	return ops, false
}

// limits reports whether op keeps some rows for their position (SKIP,
// LIMIT): a filter after it cannot move before it.
func limits(op logical.Op) bool {
	switch op.(type) {
	case logical.Skip, logical.Limit:
		return true
	}
	return false
}

// probeBinder returns the index of the operator that binds probe to its
// nodes, given j, the last to bind it: a WITH that passes probe on under
// its own name (`MATCH (a) WITH a WHERE EXISTS { ... }`) binds the same
// nodes as the operator before it that bound probe, and a scan there can
// iterate the set as well.
func probeBinder(ops []logical.Op, j int, probe string) int {
	for j > 0 && projectsItself(ops[j], probe) {
		k := j - 1
		for k > 0 && !slices.Contains(firstOf(bindsVars(ops[k])), probe) {
			k--
		}
		j = k
	}
	return j
}

// projectsItself reports whether op is a projection that binds v to itself.
func projectsItself(op logical.Op, v string) bool {
	p, ok := op.(logical.Project)
	if !ok {
		return false
	}
	for _, it := range p.Items {
		if it.Name == v {
			x, ok := it.Expr.(*ast.Variable)
			return ok && x.Name == v
		}
	}
	return false
}

func firstOf[T any](v T, _ bool) T { return v }

// foldable reports whether the semi-join can replace the scan at j that
// binds its probe: a plain scan, with the key bound before it.
func foldable(ops []logical.Op, j int, sj logical.SemiJoin, at map[string]int) bool {
	scan, ok := ops[j].(logical.NodeScan)
	if !ok || scan.Var != sj.Probe || len(scan.Prefilter) > 0 || scan.Batch > 0 {
		return false
	}
	for _, k := range sj.Keys() {
		if at[k] >= j {
			return false
		}
	}
	return true
}

// semiJoinFor returns the semi-join deciding conjunct c at the end of
// ops (whose scope is sc, at giving where each variable was bound), when
// c is a test it can decide and costs less that way. When c is such a
// test but costs more as a semi-join, why says so, with the estimates.
func (b *builder) semiJoinFor(c ast.Expr, sc *scope, at map[string]int, ops []logical.Op) (_ logical.SemiJoin, why string, _ bool) {
	x, atLeast, anti, ok := matchThreshold(c)
	if !ok {
		return logical.SemiJoin{}, "", false
	}
	reads := newVarSet()
	patternVars(x.Pattern, &reads)
	addExprVars(x.Where, &reads)
	if reads.all {
		return logical.SemiJoin{}, "", false
	}
	var outer []string
	valueKey := ""
	for n := range reads.names {
		if !sc.has(n) {
			continue
		}
		switch sc.vars[n] {
		case kindNode:
			outer = append(outer, n)
		case kindValue:
			// A value of the row the body reads (`WHERE s.country =
			// country`) may be the key: the set is computed per value
			// (see valueKeyed).
			if valueKey != "" || !valueKeyed(x, n) {
				return logical.SemiJoin{}, "", false
			}
			valueKey = n
		default:
			return logical.SemiJoin{}, "", false
		}
	}
	// Each outer node may be the probe, the other (if any) the key.
	var orders [][2]string
	switch {
	case valueKey != "" && len(outer) == 1:
		orders = [][2]string{{outer[0], valueKey}}
	case valueKey != "":
		return logical.SemiJoin{}, "", false
	case len(outer) == 1:
		orders = [][2]string{{outer[0], ""}}
	case len(outer) == 2:
		orders = [][2]string{{outer[0], outer[1]}, {outer[1], outer[0]}}
	default:
		return logical.SemiJoin{}, "", false
	}
	// A value key is left out of the entities: a value of any kind.
	if b.bodyMayFail(x, namesSet(outer)) {
		return logical.SemiJoin{}, bodyFailsWhy, false
	}
	rows := b.rowsAfter(ops)
	// A threshold of two or more on a pattern a stored degree answers is
	// one degree read per row (see gen.degreeExists), where the semi-join
	// counts every match.
	_, _, _, degreeRead := b.degreePattern(x.Pattern, x.Where, sc)
	degreeRead = degreeRead && atLeast > 1
	// Both pipelines run with the outer variables bound as ops bind them
	// (a node an expansion reached has the size-biased degree).
	saved := b.outer
	b.outer = b.bindings(ops)
	defer func() { b.outer = saved }()
	var best logical.SemiJoin
	bestCost := math.Inf(1)
	for _, o := range orders {
		probe, key := o[0], o[1]
		keyKind := kindNode
		if key != "" && key == valueKey {
			keyKind = kindValue
		}
		perRow, ok := b.existsPipelineKey(x, key, keyKind, probe, "", false)
		if !ok {
			continue
		}
		build, ok := b.existsPipelineKey(x, key, keyKind, "", probe, atLeast > 1)
		if !ok {
			// A pattern that does not name the probe (see
			// semijoin_probe_parts.go).
			if y := withProbePart(x, probe, probeLabel(ops, at, probe)); y != nil {
				build, ok = b.existsPipelineKey(y, key, keyKind, "", probe, atLeast > 1)
			}
		}
		if !ok {
			continue
		}
		runs := b.keyRuns(ops, at, key, probe)
		semi := runs*b.buildCost(build, probe, atLeast) + rows
		row := rows * b.cost(perRow)
		if degreeRead {
			row = rows
		}
		if semi >= row {
			if why == "" {
				built := "built once"
				if key != "" {
					built = fmt.Sprintf("built per `%s`, %s times", key, logical.FormatEstimate(runs))
				}
				why = fmt.Sprintf("a semi-join (the set of `%s` %s) is estimated to cost %s, the test per row %s",
					probe, built, logical.FormatEstimate(semi), logical.FormatEstimate(row))
			}
			continue
		}
		if semi >= bestCost {
			continue
		}
		pred := c
		if u, isNot := c.(*ast.Unary); isNot && u.Op == ast.OpNot {
			pred = u.Expr // "not in" says it
		}
		best, bestCost = logical.SemiJoin{Probe: probe, Key: key, Anti: anti, AtLeast: atLeast, Pred: pred, Build: build}, semi
	}
	if bestCost < math.Inf(1) {
		return best, "", true
	}
	return logical.SemiJoin{}, why, false
}

// maxSemiJoinCount bounds the threshold k of COUNT { } >= k that a
// semi-join decides (it keeps k sets).
const maxSemiJoinCount = 16

// matchThreshold recognises the normal forms of a test on a pattern's
// matches: EXISTS { } and COUNT { } >= k (at least k matches) and their
// negations NOT EXISTS { } and COUNT { } < k.
func matchThreshold(c ast.Expr) (x *ast.ExistsSubquery, atLeast int, anti, ok bool) {
	if u, isNot := c.(*ast.Unary); isNot && u.Op == ast.OpNot {
		anti, c = true, u.Expr
	}
	switch t := c.(type) {
	case *ast.ExistsSubquery:
		if t.Pattern != nil {
			return t, 1, anti, true
		}
	case *ast.Comparison:
		if anti || !isCountThreshold(t) {
			return nil, 0, false, false
		}
		k := t.Operands[1].(*ast.Literal).Int
		if k < 1 || k > maxSemiJoinCount {
			return nil, 0, false, false
		}
		cs := t.Operands[0].(*ast.CountSubquery)
		return &ast.ExistsSubquery{Span: cs.Span, Pattern: cs.Pattern, Where: cs.Where}, int(k), t.Ops[0] == ast.CmpLt, true
	}
	return nil, 0, false, false
}

// keyRuns estimates how many times a semi-join's set is built at the end
// of ops: once per run of rows with the same key. That is once in all for
// no key, or for a key that one seek of constant values binds to at most
// one node; otherwise at most once per row where the key was bound, and,
// when the probe is bound after the key, at most once per row entering
// the probe's binding (the key is fixed while the probe varies).
func (b *builder) keyRuns(ops []logical.Op, at map[string]int, key, _ string) float64 {
	if _, bound := at[key]; key == "" || !bound || len(ops) == 0 {
		// no key, or one bound before the pipeline starts (fixed while
		// it runs)
		return 1
	}
	// A WITH that passes the key on under its own name keeps its values
	// and their order: the runs are those of the operator that bound it
	// first (`MATCH (h {id: $x})-->(w) WITH DISTINCT h, w`: one h).
	j := probeBinder(ops, at[key], key)
	if o, ok := ops[j].(logical.NodeIndexSeek); ok && readsNoVariable(o.Value) && b.rowsAfter([]logical.Op{logical.Start{}, o}) <= 1 {
		return 1
	}
	// A key has no more values at any point after its binding than rows
	// pass that point: rows only carry the values of rows before them, so
	// a filter anywhere after the binding (`MATCH (h) WHERE h.id = 0`
	// without an index: a scan then a filter) bounds the keys as much as
	// the operator that bound it, and so do the rows reaching the
	// semi-join.
	runs := b.rowsAfter(ops[:j+1])
	for k := j + 2; k < len(ops); k++ {
		runs = math.Min(runs, b.rowsAfter(ops[:k]))
	}
	return math.Min(runs, math.Max(1, b.rowsAfter(ops)))
}

// readsNoVariable reports whether e reads no variable.
func readsNoVariable(e ast.Expr) bool {
	s := newVarSet()
	addExprVars(e, &s)
	return !s.all && len(s.names) == 0
}

// existsPipeline plans x's pattern as a MATCH with key and bound (either
// may be "") bound to nodes. With out set, the pipeline's consumer reads
// only out's nodes, which it must bind, with their multiplicity when bag;
// otherwise it only asks whether a match exists. ok is false when the pattern cannot be planned
// so (the per-row test then reports any error).
func (b *builder) existsPipeline(x *ast.ExistsSubquery, key, bound, out string, bag bool) (*logical.Pipeline, bool) {
	return b.existsPipelineKey(x, key, kindNode, bound, out, bag)
}

// existsPipelineKey is existsPipeline with key bound to a variable of
// kind keyKind (a node, or a value: see valueKeyed).
func (b *builder) existsPipelineKey(x *ast.ExistsSubquery, key string, keyKind varKind, bound, out string, bag bool) (*logical.Pipeline, bool) {
	sc := newScope()
	if key != "" {
		sc.add(key, keyKind)
	}
	if bound != "" {
		sc.add(bound, kindNode)
	}
	ops, newVars, err := b.matchOps(x.Pattern, x.Where, sc)
	if err != nil {
		return nil, false
	}
	for _, op := range ops {
		if op.Breaker() || len(op.Children()) > 0 {
			return nil, false
		}
	}
	live := newVarSet()
	if out != "" {
		binds := false
		for _, v := range newVars {
			binds = binds || v == out
		}
		if !binds {
			return nil, false
		}
		live = newVarSet(out)
	}
	return &logical.Pipeline{Ops: rewriteNested(b, ops, need{Live: live, Bag: bag})}, true
}

// rewriteNested is builder.rewrite, called through a variable because the
// rules it runs include this one.
var rewriteNested func(b *builder, ops []logical.Op, out need) []logical.Op

func init() { rewriteNested = (*builder).rewrite }

// rowsAfter is the estimated number of rows ops produce.
func (b *builder) rowsAfter(ops []logical.Op) float64 {
	pl := &logical.Pipeline{Ops: append([]logical.Op(nil), ops...)}
	b.estimate(pl)
	if len(pl.Est) == 0 {
		return 1
	}
	return pl.Est[len(pl.Est)-1]
}

// cost is the estimated work of running a pipeline once: the rows its
// operators produce plus the relationships they read (see
// estimateReads), at least one.
func (b *builder) cost(pl *logical.Pipeline) float64 {
	c := &logical.Pipeline{Ops: append([]logical.Op(nil), pl.Ops...)}
	reads := b.estimateReads(c)
	total := 1.0
	for i, r := range c.Est {
		total += r + reads[i]
	}
	return total
}

// scopeAt returns the variables bound before ops[i] with their kinds, and
// for each the index of the operator that bound it last; ok is false when
// an operator binds names the analysis does not follow.
func scopeAt(ops []logical.Op, i int) (*scope, map[string]int, bool) {
	return scopeAtWith(ops, i, nil)
}

// scopeAtWith is scopeAt for a pipeline that starts with the variables
// of row bound (see correlatedSemiJoins): each is bound by the Start,
// and a projection that does not keep it drops it, as it drops the
// pipeline's own.
func scopeAtWith(ops []logical.Op, i int, row *scope) (*scope, map[string]int, bool) {
	sc := newScope()
	at := map[string]int{}
	// Each binding records the name's kind, and its static type when
	// known (exprType; var_kinds.go), forgetting an earlier binding's.
	bind := func(j int, name string, k varKind) {
		if name != "" {
			sc.add(name, k)
			sc.setType(name, unknown)
			at[name] = j
		}
	}
	bindTyped := func(j int, name string, t functions.Type) {
		bind(j, name, kindValue)
		sc.setType(name, t)
	}
	if row != nil && i > 0 {
		if _, ok := ops[0].(logical.Start); ok {
			for n, k := range row.vars {
				bind(0, n, k)
				sc.setType(n, row.types[n])
			}
		}
	}
	for j, op := range ops[:i] {
		switch o := op.(type) {
		case logical.Start, logical.NodeFilter, logical.RelFilter, logical.Filter,
			logical.Distinct, logical.Sort, logical.Skip, logical.Limit, logical.SemiJoin, logical.WalkCount:
			if s, ok := op.(logical.SemiJoin); ok && s.Scan {
				bind(j, s.Probe, kindNode)
			}
		case logical.Expand:
			if !o.ToBound {
				bind(j, o.To, kindNode)
			}
			if !o.RelBound {
				bind(j, o.Rel, kindRel)
			}
		case logical.VarExpand:
			if !o.ToBound {
				bind(j, o.To, kindNode)
			}
			if !o.ListBound {
				bindTyped(j, o.RelList, functions.List(functions.Rel))
			}
		case logical.ShortestPath:
			bind(j, o.Path, kindPath)
			bindTyped(j, o.RelList, functions.List(functions.Rel))
		case logical.Degree:
			bindTyped(j, o.Into, functions.Int)
		case logical.Mark:
			bindTyped(j, o.Var, functions.Bool)
		case logical.CycleCount:
			bindTyped(j, o.Into, functions.Int)
		case logical.Unwind:
			bindTyped(j, o.Var, elemOf(exprType(o.Expr, sc)))
		case logical.PathBind:
			bind(j, o.Var, kindPath)
		case logical.Project:
			kinds := map[string]varKind{}
			types := map[string]functions.Type{}
			for _, it := range o.Items {
				kinds[it.Name] = sc.kindOf(it.Expr)
				types[it.Name] = exprType(it.Expr, sc)
			}
			for _, it := range o.Items {
				bind(j, it.Name, kinds[it.Name])
				sc.setType(it.Name, types[it.Name])
			}
		case logical.Select:
			kept := newScope()
			for _, v := range o.Vars {
				if k, ok := sc.vars[v]; ok {
					kept.add(v, k)
					kept.setType(v, sc.types[v])
				}
			}
			sc = kept
		case logical.Aggregate:
			next := newScope()
			for _, k := range o.Keys {
				next.add(k.Name, sc.kindOf(k.Expr))
				next.setType(k.Name, exprType(k.Expr, sc))
				at[k.Name] = j
			}
			for _, a := range o.Aggs {
				next.add(a.Name, kindValue)
				next.setType(a.Name, exprType(a.Call, sc))
				at[a.Name] = j
			}
			sc = next
		case logical.Optional:
			inner, innerAt, ok := scopeAt(append([]logical.Op{logical.Start{}}, o.Inner...), len(o.Inner)+1)
			if !ok {
				return nil, nil, false
			}
			for _, v := range o.NewVars {
				if _, known := innerAt[v]; !known {
					return nil, nil, false
				}
				bind(j, v, inner.vars[v])
				sc.setType(v, inner.types[v])
			}
		default:
			if v := newNodeVar(op); v != "" {
				bind(j, v, kindNode)
				continue
			}
			return nil, nil, false
		}
	}
	return sc, at, true
}

// newNodeVar returns the new node variable a scan, seek or set expansion
// binds, or "" for any other operator.
func newNodeVar(op logical.Op) string {
	switch o := op.(type) {
	case logical.NodeScan:
		return o.Var
	case logical.NodeIndexSeek:
		return o.Var
	case logical.NodeSetSeek:
		return o.Var
	case logical.NodeRangeSeek:
		return o.Var
	case logical.WorkingSeek:
		return o.Var
	case logical.ExpandChain:
		return o.To
	case logical.ExpandCommon:
		return o.X
	}
	return ""
}

// andAll joins conjuncts with AND.
func andAll(es []ast.Expr) ast.Expr {
	out := es[0]
	for _, e := range es[1:] {
		out = &ast.Binary{Op: ast.OpAnd, Left: out, Right: e}
	}
	return out
}

// semiJoinFraction is the factor a semi-join applies to its input rows:
// with Scan, the nodes it binds per row (the build's set, or the
// candidates outside it); otherwise the share of the probe's nodes in the
// set (or outside it).
//
// probeNodes, when above 0, is the number of nodes the probe can be on
// the rows and every node of the build's set is among them (the build
// starts at those nodes, see probeLabelCount): the set is then that
// share of them, not of every node.
func (b *builder) semiJoinFraction(o logical.SemiJoin, nodes, probeNodes float64) float64 {
	return b.semiJoinFractionFrom(o, nodes, probeNodes, nil)
}

// semiJoinFractionFrom is semiJoinFraction for rows that reached the
// probe by arrival (nil: not by an expansion): the share of them in a set
// is keptShare's.
func (b *builder) semiJoinFractionFrom(o logical.SemiJoin, nodes, probeNodes float64, arrival *logical.Hop) float64 {
	if o.Tree != nil {
		return b.setTreeFraction(o, nodes, arrival)
	}
	set := b.buildSetSize(o.Build, nodes)
	cands := nodes
	if o.Label != "" {
		cands = math.Max(b.stats.LabelCount(o.Label), 1)
		set = math.Min(set, cands)
	}
	if !o.Scan {
		cands = nodes
		if probeNodes > 0 {
			cands = math.Max(probeNodes, 1)
			set = math.Min(set, cands)
		}
	}
	if o.Scan {
		if o.Anti {
			return math.Max(cands-set, 1)
		}
		return set
	}
	share := b.keptShare(set, cands, arrival, buildArrival(o.Build, o.Probe))
	if o.Anti {
		return math.Max(1-share, 1/cands)
	}
	return share
}

// setTreeFraction is semiJoinFraction for a combination of sets: each
// leaf's share of the candidates, combined as independent events (AND a
// product, OR the complement of the product of complements, NOT the
// complement).
func (b *builder) setTreeFraction(o logical.SemiJoin, nodes float64, arrival *logical.Hop) float64 {
	cands := nodes
	if o.Scan && o.Label != "" {
		cands = math.Max(b.stats.LabelCount(o.Label), 1)
	}
	cands = math.Max(cands, 1)
	leaves := o.Leaves()
	var share func(t *logical.SetTree) float64
	share = func(t *logical.SetTree) float64 {
		switch t.Op {
		case logical.SetLeaf:
			if o.Scan {
				return math.Min(b.buildSetSize(leaves[t.Leaf].Build, nodes), cands) / cands
			}
			return b.keptShare(b.buildSetSize(leaves[t.Leaf].Build, nodes), cands, arrival, buildArrival(leaves[t.Leaf].Build, o.Probe))
		case logical.SetNot:
			return 1 - share(t.Kids[0])
		case logical.SetAnd:
			p := 1.0
			for _, k := range t.Kids {
				p *= share(k)
			}
			return p
		}
		q := 1.0
		for _, k := range t.Kids {
			q *= 1 - share(k)
		}
		return 1 - q
	}
	f := math.Max(share(o.Tree), 1/cands)
	if o.Scan {
		return f * cands
	}
	return f
}

// probeLabelCount returns the number of nodes of a label that both every
// probe node on the rows before the semi-join carries (ops bind it so)
// and every node of the build's set carries (its first operator binds
// the probe by a scan or seek of that label, and a semi-join's build
// binds the probe's node once, so its set is within the label): the
// candidates of the membership test. 0 when there is none.
func (b *builder) probeLabelCount(o logical.SemiJoin, ops []logical.Op) float64 {
	if o.Scan || o.Key != "" || o.Build == nil || len(o.Build.Ops) == 0 {
		return 0
	}
	var label string
first:
	for _, op := range o.Build.Ops {
		switch x := op.(type) {
		case logical.NodeScan:
			if x.Var == o.Probe && x.Labels == nil {
				label = x.Label
			}
		case logical.NodeIndexSeek:
			if x.Var == o.Probe {
				label = x.Label
			}
		case logical.NodeRangeSeek:
			if x.Var == o.Probe {
				label = x.Label
			}
		case logical.NodeSetSeek:
			if x.Var == o.Probe {
				label = x.Label
			}
		case logical.Start:
			continue
		}
		break first
	}
	if label == "" {
		return 0
	}
	for _, l := range knownLabels(ops)[o.Probe] {
		if l == label {
			return b.stats.LabelCount(label)
		}
	}
	return 0
}
