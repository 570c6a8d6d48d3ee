package planner

import (
	"math"
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// Selectivity guesses used where statistics say nothing.
const (
	filterSelectivity   = 0.3
	propertySelectivity = 0.1
	rangeSelectivity    = 0.3
	distinctFraction    = 0.7
	unwindFanout        = 10
)

// estimate fills pl.Est with the estimated number of rows leaving each
// operator, from the storage statistics.
func (b *builder) estimate(pl *logical.Pipeline) { b.estimateReads(pl) }

// estimateReads is estimate, returning also the relationships each
// operator reads (an expansion into a bound node, or an intersection of
// two neighbour sets, produces few rows but reads every relationship of
// its ends).
func (b *builder) estimateReads(pl *logical.Pipeline) []float64 {
	reads, _ := b.estimateLists(pl)
	return reads
}

// listLengths is the estimated length of each list-valued variable the
// operators of pl bind (see estimateLists), pl left as it is: for pricing
// what the clauses after them do with those lists.
func (b *builder) listLengths(pl *logical.Pipeline) lists {
	_, l := b.estimateLists(&logical.Pipeline{Ops: slices.Clone(pl.Ops)})
	return l
}

// estimateLists is estimateReads, returning also the estimated lengths of
// the lists the operators collected (by variable and by collect call).
func (b *builder) estimateLists(pl *logical.Pipeline) ([]float64, lists) {
	if k := valueJoinIndex(pl.Ops); k >= 0 {
		return b.estimateValueJoin(pl, k)
	}
	nodes := math.Max(b.stats.NodeCount(), 1)
	avgDeg := b.stats.RelCount("") / nodes
	rows := 1.0
	pl.Est = make([]float64, len(pl.Ops))
	reads := make([]float64, len(pl.Ops))
	// boundAt: the rows when each node variable was bound (an upper
	// bound on its distinct values at any later point).
	boundAt := map[string]float64{}
	// listLen: the estimated length of each list-valued variable that an
	// aggregation collected, or a projection passed on or sliced, so that
	// an UNWIND or an IN-list seek over it is priced with the rows the
	// list holds rather than a fixed guess.
	listLen := lists{vars: map[string]float64{}, calls: map[*ast.FunctionCall]float64{}}
	sel := b.newSelectivity()
	for i, op := range pl.Ops {
		switch o := op.(type) {
		case logical.NodeScan:
			n := nodes
			if o.Label != "" {
				n = b.stats.LabelCount(o.Label)
			}
			if o.Labels != nil {
				if k, ok := b.labelExprRows(o.Labels); ok {
					n = math.Min(n, k)
				}
			}
			rows *= n
		case logical.NodeSetSeek:
			// A list of unknown length is priced as an UNWIND of it is,
			// so a seek of its values and the seek keyed by its unwound
			// variable compare on the same figures (see unwindsAsIn).
			n := float64(unwindFanout)
			if k, ok := b.exprListLength(pl.Ops, i, unwoundList(o.List), listLen, sel); ok {
				n = k
			}
			if o.Key != "" {
				n *= sel.perValue(o.Label, o.Key)
			}
			rows *= n
		case logical.NodeIndexSeek:
			rows *= sel.perValue(o.Label, o.Key)
		case logical.NodeRangeSeek:
			rows *= b.rangeSeekRows(o)
		case logical.TypeCounts:
			rows = 10 // the types in use: few
		case logical.WorkingSeek:
			if o.Nodes && b.stmt != nil {
				rows *= float64(max(b.stmt.Seed, 1))
			} else {
				rows *= 100 // W's size is known only when the statement runs
			}
		case logical.Expand:
			d := sel.hopDegree(o.From, o.Dir, o.Types, sel.fanout(o, b.degree(o.Dir, o.Types, avgDeg)))
			reads[i] = rows * d
			rows *= d
			if o.Rel != "" && !o.RelBound {
				sel.rels[o.Rel] = relBinding{from: o.From, to: o.To, dir: o.Dir, types: o.Types, deg: d}
			}
			for _, r := range o.Distinct {
				// Relationship uniqueness within the pattern, priced as
				// the r <> o.Rel test that writes it.
				if f, ok := sel.sameRel(r, o.Rel); ok {
					rows *= 1 - f
				}
			}
			if o.ToBound {
				// Closing onto a bound node: each of the d relationships
				// per row ends at that one node (see closeChance).
				rows *= b.closeChance(sel, o, nodes)
			}
		case logical.Degree:
			// one row per node that has relationships; with end labels
			// the read tests every relationship's far end
			if o.Labels != nil {
				reads[i] = rows * sel.hopDegree(o.Var, o.Dir, o.Types, b.degree(o.Dir, o.Types, avgDeg))
			}
		case logical.CycleCount:
			// One count per row, from the lists of Var's neighbours
			// (and theirs) the intersections read.
			_, r := sel.chainReach(o.Var, o.Hops[:2], avgDeg, true)
			reads[i] = rows * r
		case logical.ExpandCommon:
			da := sel.hopDegree(o.A, o.HA.Dir, o.HA.Types, sel.baseDegree(o.A, o.HA.Dir, o.HA.Types, avgDeg))
			rb := reverseDir(o.HB.Dir)
			db := sel.hopDegree(o.B, rb, o.HB.Types, sel.baseDegree(o.B, rb, o.HB.Types, avgDeg))
			reads[i] = rows * (da + db)
			// Each of A's neighbours is one of B's with the chance that
			// one of B's relationships leads to it.
			rows *= math.Max(1, da*db*b.reachedBias(o.HA, o.HB.Dir, o.HB.Types)/nodes)
		case logical.ExpandChain:
			reach, r := sel.quantChainReach(o, avgDeg)
			// set steps priced by the elements they touch (see
			// chainSetWork), and the hops' tests, once per node reached
			// (see exprWork)
			reads[i] = rows * (chainSetWork(chainSteps(o), r, reach) + sel.chainTestWork(o, avgDeg))
			rows *= math.Min(nodes, reach)
		case logical.VarExpand:
			most := o.Max
			if most < 0 {
				most = 6
			}
			hops := make([]logical.Hop, most)
			for k := range hops {
				hops[k] = logical.Hop{Dir: o.Dir, Types: o.Types}
			}
			reach, total := 0.0, 0.0
			for k := max(o.Min, 1); k <= most; k++ {
				hk := hops[:k]
				if len(o.Steps) > 0 {
					hk = stepHops(o, k)
				}
				r, rd := sel.chainReach(o.From, hk, avgDeg, o.Mode == logical.SetMode)
				if o.Mode == logical.SetMode {
					r = math.Min(r, nodes)
					rd = math.Min(rd, b.setReachBound(o.Dir, o.Types))
				}
				reach, total = reach+r, math.Max(total, rd)
			}
			if o.Mode == logical.SetMode {
				reach = math.Min(reach, math.Min(nodes, b.setReachBound(o.Dir, o.Types)))
			}
			if o.Min == 0 {
				reach++
			}
			switch o.Lengths { // one trail per length (trailLengths)
			case logical.EachLength:
				reach = math.Min(reach, float64(most-o.Min+1))
			case logical.LeastLength:
				reach = math.Min(reach, 1)
			}
			reads[i] = rows * total
			if o.Mode == logical.SetMode {
				// a breadth-first search in set steps, priced by the
				// elements they touch as a set chain is (chainSetWork)
				reads[i] = rows * chainSetWork(most, total, reach)
			}
			rows *= reach
		case logical.SemiJoin:
			rows *= b.semiJoinRows(o, sel, pl.Ops[:i], nodes)
		case logical.WalkCount:
			// the matches from any node, spread over the nodes
			rows *= b.rowsAfter(o.Build.Ops) / nodes
		case logical.ShortestPath:
			reach, _ := b.searchReach(sel, o, nodes, avgDeg)
			reads[i] = b.shortestReads(sel, o, rows, boundAt, nodes, avgDeg)
			if o.ToFree { // a path (or k) to each node reached
				rows *= reach * math.Max(1, float64(o.K))
			}
		case logical.NodeFilter:
			if scannedLabels(pl.Ops[:i], o) {
				// The label set scan before it read these nodes only.
			} else if ls, simple := ast.SimpleLabels(o.Labels); !simple {
				rows *= sel.labelExprFraction(o.Var, o.Labels)
			} else {
				rows *= sel.labelsFraction(o.Var, ls)
			}
		case logical.RelFilter:
			rows *= propertySelectivity
		case logical.KeyCount:
			// One probe per row; the rows with a pair are at most the
			// pairs the nested loop it replaces would list.
			reads[i] = rows
			rows = math.Min(rows, b.keyCountPairs(pl.Ops[:i], o))
		case logical.Filter:
			in := rows
			rows *= sel.of(o.Pred)
			reads[i] = b.testedRows(pl, i, in, rows, reads, boundAt)
		case logical.Unwind:
			n, ok := b.exprListLength(pl.Ops, i, o.Expr, listLen, sel)
			if !ok {
				n = unwindFanout
			}
			rows *= n
			if d, ok := runConstantLength(b.planValue(o.Expr)); ok {
				sel.domains[o.Var] = d
			}
			delete(listLen.vars, o.Var)
			if k, ok := b.elementListLength(pl.Ops, i, o.Expr, listLen, sel); ok {
				listLen.vars[o.Var] = k
			}
		case logical.Aggregate:
			in := rows
			if len(o.Keys) == 0 {
				rows = 1
			} else {
				rows = math.Max(1, groupEstimate(o.Keys, rows, boundAt))
			}
			o.EstGroups = rows
			pl.Ops[i] = o
			for _, a := range o.Aggs {
				if a.Call != nil && strings.EqualFold(a.Call.Name, "collect") {
					per := in / rows
					if a.Call.Distinct {
						per *= distinctFraction
					}
					listLen.vars[a.Name] = per
					listLen.calls[a.Call] = per // a projection after the aggregation names the call
				}
			}
		case logical.Project:
			for _, it := range o.Items {
				if n, ok := b.exprListLength(pl.Ops, i, it.Expr, listLen, sel); ok {
					listLen.vars[it.Name] = n
				}
			}
		case logical.Distinct:
			rows *= distinctFraction
		case logical.Limit:
			if n, ok := b.planCount(o.Count); ok {
				rows = math.Min(rows, float64(n))
			}
		case logical.Skip:
			if n, ok := b.planCount(o.Count); ok {
				rows = math.Max(0, rows-float64(n))
			}
		case logical.ProcCall:
			rows *= unwindFanout
		case logical.CallSubquery:
			rows *= b.callRows(o, sel)
		}
		pl.Est[i] = rows
		sel.note(op)
		switch o := op.(type) {
		case logical.NodeScan:
			boundAt[o.Var] = rows
		case logical.NodeIndexSeek:
			boundAt[o.Var] = rows
		case logical.NodeRangeSeek:
			boundAt[o.Var] = rows
		case logical.NodeSetSeek:
			boundAt[o.Var] = rows
		case logical.Expand:
			if !o.ToBound {
				boundAt[o.To] = rows
			}
		}
	}
	return reads, listLen
}

// lists holds the estimated lengths of the lists an aggregation collected:
// by the variable holding them, and by the collect call itself (which a
// projection after the aggregation names).
type lists struct {
	vars  map[string]float64
	calls map[*ast.FunctionCall]float64
}

// listLength is the estimated length of list expression e: a literal's
// items, range() of integer literals, a collected list's length in lens,
// or a slice's (bounded by literal ends).
func listLength(e ast.Expr, lens lists) (float64, bool) {
	if r, ok := rangeBounds(e); ok {
		step := int64(1)
		if len(r) == 3 {
			step = r[2]
		}
		return math.Max(0, math.Floor(float64(r[1]-r[0])/float64(step))+1), true
	}
	switch x := e.(type) {
	case *ast.ListLiteral:
		return float64(len(x.Items)), true
	case *ast.Variable:
		n, ok := lens.vars[x.Name]
		return n, ok
	case *ast.FunctionCall:
		n, ok := lens.calls[x]
		return n, ok
	case *ast.Slice:
		n, ok := listLength(x.Expr, lens)
		if !ok {
			return 0, false
		}
		return sliceLength(n, x), true
	}
	return 0, false
}

// sliceLength is the length of slice s of a list of n elements, bounded
// by its literal ends.
func sliceLength(n float64, s *ast.Slice) float64 {
	if to, isLit := s.To.(*ast.Literal); isLit && to.Kind == ast.LitInt && to.Int >= 0 {
		n = math.Min(n, float64(to.Int))
	}
	if from, isLit := s.From.(*ast.Literal); isLit && from.Kind == ast.LitInt && from.Int > 0 {
		n = math.Max(0, n-float64(from.Int))
	}
	return n
}

// groupEstimate estimates the groups of an aggregation: when every key is
// a node variable or one of its properties, at most the product of the
// rows at which those variables were bound; otherwise the square root of
// the input rows.
func groupEstimate(keys []logical.Item, rows float64, boundAt map[string]float64) float64 {
	groups := 1.0
	for _, k := range keys {
		e := k.Expr
		if p, ok := e.(*ast.Property); ok {
			e = p.Expr
		}
		v, ok := e.(*ast.Variable)
		if !ok {
			return math.Sqrt(rows)
		}
		b, ok := boundAt[v.Name]
		if !ok {
			return math.Sqrt(rows)
		}
		groups *= b
	}
	return math.Min(rows, groups)
}

// degree is the expected number of relationships an expansion follows
// from one node: the relationships of its types (all when none is named)
// per node, twice that when it ignores direction.
func (b *builder) degree(dir ast.Direction, types []string, avgDeg float64) float64 {
	d := avgDeg
	if len(types) > 0 {
		rels := 0.0
		for _, t := range types {
			rels += b.stats.RelCount(t)
		}
		d = rels / math.Max(b.stats.NodeCount(), 1)
	}
	if dir != ast.DirLeft && dir != ast.DirRight {
		d *= 2
	}
	return d
}

// scannedLabels reports whether label check f follows (directly) the
// label set scan that reads the nodes it admits (see labelSetScans).
func scannedLabels(before []logical.Op, f logical.NodeFilter) bool {
	if len(before) == 0 || f.Labels == nil {
		return false
	}
	s, ok := before[len(before)-1].(logical.NodeScan)
	return ok && s.Var == f.Var && s.Labels != nil && ast.FormatExpr(&ast.LabelPredicate{Expr: &ast.Variable{Name: s.Var}, Labels: s.Labels}) == ast.FormatExpr(&ast.LabelPredicate{Expr: &ast.Variable{Name: f.Var}, Labels: f.Labels})
}

// closeChance is the chance that one relationship an expansion into the
// bound node o.To follows ends at that node. When the statistics count
// the relationships of o's types by their ends' labels and o.To is known
// to carry a label L, it is the share of those relationships (leaving
// o.From's label, when known) that end at L's nodes, over L's nodes: the
// pattern then gets the same rows counted from either end, and an
// adjacency test between two nodes of a small label is not priced as all
// but impossible (which made plans start from a scan of the label rather
// than from the anchor). Otherwise one over all nodes. It is 0 only when
// no such relationship ends at L.
func (b *builder) closeChance(sel *selectivity, o logical.Expand, nodes float64) float64 {
	unknown := 1 / nodes
	to := sel.labels[o.To]
	if to == "" {
		return unknown
	}
	n := b.stats.LabelCount(to)
	if n <= 0 {
		return unknown
	}
	from := sel.labels[o.From]
	types := o.Types
	if len(types) == 0 {
		types = []string{""}
	}
	into, all := 0.0, 0.0
	add := func(start, t, end, any string, toEnd bool) bool {
		c, a := b.stats.RelPatternCount(start, t, end), b.stats.RelPatternCount(start, t, any)
		if !toEnd {
			c, a = b.stats.RelPatternCount(end, t, start), b.stats.RelPatternCount(any, t, start)
		}
		if c < 0 || a < 0 {
			return false
		}
		into, all = into+c, all+a
		return true
	}
	for _, t := range types {
		if o.Dir != ast.DirLeft && !add(from, t, to, "", true) {
			return unknown
		}
		if o.Dir != ast.DirRight && !add(from, t, to, "", false) {
			return unknown
		}
	}
	if all <= 0 {
		return unknown
	}
	return into / all / math.Min(n, nodes)
}

// setReachBound bounds both the nodes a set frontier reaches in one or
// more hops and the relationships it reads: each reached node is the far
// end of a relationship of the hop's types read in the hop's direction,
// and a frontier reads each such relationship at most once per
// direction, so neither exceeds the relationships of those types (twice
// that when direction is ignored; all relationships when none is named).
func (b *builder) setReachBound(dir ast.Direction, types []string) float64 {
	rels := b.stats.RelCount("")
	if len(types) > 0 {
		rels = 0
		for _, t := range types {
			rels += b.stats.RelCount(t)
		}
	}
	if dir != ast.DirLeft && dir != ast.DirRight {
		rels *= 2
	}
	return rels
}
