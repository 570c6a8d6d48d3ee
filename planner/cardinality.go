package planner

import (
	"math"

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
	nodes := math.Max(b.stats.NodeCount(), 1)
	avgDeg := b.stats.RelCount("") / nodes
	rows := 1.0
	pl.Est = make([]float64, len(pl.Ops))
	reads := make([]float64, len(pl.Ops))
	// boundAt: the rows when each node variable was bound (an upper
	// bound on its distinct values at any later point).
	boundAt := map[string]float64{}
	sel := b.newSelectivity()
	for i, op := range pl.Ops {
		switch o := op.(type) {
		case logical.NodeScan:
			if o.Label == "" {
				rows *= nodes
			} else {
				rows *= b.stats.LabelCount(o.Label)
			}
		case logical.NodeSetSeek:
			n := 100.0
			if l, ok := o.List.(*ast.ListLiteral); ok {
				n = float64(len(l.Items))
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
			rows *= 100 // W's size is known only when the statement runs
		case logical.Expand:
			d := sel.hopDegree(o.From, o.Dir, o.Types, sel.fanout(o, b.degree(o.Dir, o.Types, avgDeg)))
			reads[i] = rows * d
			rows *= d
			if o.ToBound {
				rows = rows / nodes
			}
		case logical.Degree:
			// one row per node that has relationships
		case logical.CycleCount:
			// One count per row, from the lists of Var's neighbours
			// (and theirs) the intersections read.
			_, r := sel.chainReach(o.Var, o.Hops[:2], avgDeg, true)
			reads[i] = rows * r
		case logical.ExpandCommon:
			da := sel.hopDegree(o.A, o.HA.Dir, o.HA.Types, b.degree(o.HA.Dir, o.HA.Types, avgDeg))
			rb := reverseDir(o.HB.Dir)
			db := sel.hopDegree(o.B, rb, o.HB.Types, b.degree(rb, o.HB.Types, avgDeg))
			reads[i] = rows * (da + db)
			// Each of A's neighbours is one of B's with the chance that
			// one of B's relationships leads to it.
			rows *= math.Max(1, da*db*b.reachedBias(o.HA, o.HB.Dir, o.HB.Types)/nodes)
		case logical.ExpandChain:
			reach, r := sel.chainReach(o.From, o.Hops, avgDeg, true)
			reads[i] = rows * r
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
				r, rd := sel.chainReach(o.From, hops[:k], avgDeg, o.Mode == logical.SetMode)
				if o.Mode == logical.SetMode {
					r = math.Min(r, nodes)
					rd = math.Min(rd, float64(b.stats.RelCount(""))*2)
				}
				reach, total = reach+r, math.Max(total, rd)
			}
			if o.Min == 0 {
				reach++
			}
			if o.Mode == logical.SetMode {
				reach = math.Min(reach, nodes)
			}
			reads[i] = rows * total
			rows *= reach
		case logical.SemiJoin:
			rows *= b.semiJoinFraction(o, nodes)
		case logical.ShortestPath:
			if o.ToFree { // a path (or k) to each node reached
				rows *= nodes * math.Max(1, float64(o.K))
			}
		case logical.NodeFilter:
			if ls, simple := ast.SimpleLabels(o.Labels); !simple {
				rows *= filterSelectivity
			} else {
				for _, l := range ls {
					rows *= sel.labelFraction(o.Var, l)
				}
			}
		case logical.RelFilter:
			rows *= propertySelectivity
		case logical.Filter:
			rows *= sel.of(o.Pred)
		case logical.Unwind:
			if l, ok := o.Expr.(*ast.ListLiteral); ok {
				rows *= float64(len(l.Items))
			} else {
				rows *= unwindFanout
			}
		case logical.Aggregate:
			if len(o.Keys) == 0 {
				rows = 1
			} else {
				rows = math.Max(1, groupEstimate(o.Keys, rows, boundAt))
			}
			o.EstGroups = rows
			pl.Ops[i] = o
		case logical.Distinct:
			rows *= distinctFraction
		case logical.Limit:
			if l, ok := o.Count.(*ast.Literal); ok && l.Kind == ast.LitInt {
				rows = math.Min(rows, float64(l.Int))
			}
		case logical.Skip:
			if l, ok := o.Count.(*ast.Literal); ok && l.Kind == ast.LitInt {
				rows = math.Max(0, rows-float64(l.Int))
			}
		case logical.ProcCall:
			rows *= unwindFanout
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
	return reads
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
