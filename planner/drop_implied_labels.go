package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// dropImpliedLabels removes from the label check of a node an expansion
// reaches the labels that the statistics prove every such node carries:
// in `(a:User)-[:LINKS]->(b:User)`, when every end node of a LINKS
// relationship is a User, b is not checked. Only exact counts count (a
// relationship type whose relationships all end at the label), so the
// plan then depends on the data (Compiled.Assumes). What counts is the
// last relationship an expansion followed to the node, whatever kind of
// expansion it was: a single hop, a variable-length one of at least one
// hop (`-[:LINKS*2]->(c:User)` as `-[:LINKS]->()-[:LINKS]->(c:User)`), a
// set chain's last hop. It returns the pipeline and whether anything
// changed.
func (b *builder) dropImpliedLabels(pl *logical.Pipeline) (*logical.Pipeline, bool) {
	changed := false
	reached := map[string]logical.Hop{} // node variable -> the last hop of the expansion that bound it
	for i := 0; i < len(pl.Ops); i++ {
		switch o := pl.Ops[i].(type) {
		case logical.Expand:
			if !o.ToBound {
				reached[o.To] = logical.Hop{Dir: o.Dir, Types: o.Types}
			}
		case logical.VarExpand:
			// Min 0 also yields the start node, which no relationship
			// reached.
			if !o.ToBound && o.Min >= 1 {
				reached[o.To] = logical.Hop{Dir: o.Dir, Types: o.Types}
			}
		case logical.ExpandChain:
			if !o.Quant.MayBeEmpty() {
				reached[o.To] = o.Hops[len(o.Hops)-1]
			}
		case logical.NodeFilter:
			e, ok := reached[o.Var]
			if !ok {
				continue
			}
			labels, simple := ast.SimpleLabels(o.Labels)
			if !simple {
				// A disjunction every such node satisfies.
				if _, isOr := o.Labels.(*ast.LabelOr); isOr && b.impliedLabelExpr(e, o.Labels) {
					changed = true
					pl.Ops = append(pl.Ops[:i], pl.Ops[i+1:]...)
					i--
				}
				continue
			}
			if len(labels) == 0 {
				continue
			}
			var keep []string
			for _, l := range labels {
				if !b.impliedLabel(e, l) {
					keep = append(keep, l)
				}
			}
			if len(keep) == len(labels) {
				continue
			}
			changed = true
			if len(keep) == 0 {
				pl.Ops = append(pl.Ops[:i], pl.Ops[i+1:]...)
				i--
				continue
			}
			o.Labels = labelsOf(keep, o.Labels)
			pl.Ops[i] = o
		}
	}
	return pl, changed
}

// impliedLabel reports whether every node that hop e reaches carries
// label l: for each of e's types (all types when none is named), the
// relationships whose far end has l are all of them. When it does, the
// counts that prove it are facts the plan assumes (b.assumes).
func (b *builder) impliedLabel(e logical.Hop, l string) bool {
	types := e.Types
	if len(types) == 0 {
		types = []string{""}
	}
	var facts []PatternCount
	count := func(start, typ, end string) float64 {
		n := b.stats.RelPatternCount(start, typ, end)
		facts = append(facts, PatternCount{Start: start, Type: typ, End: end, Count: n})
		return n
	}
	for _, t := range types {
		all := count("", t, "")
		if all < 0 {
			return false
		}
		if e.Dir != ast.DirLeft && count("", t, l) != all {
			return false // some relationship ends at a node without l
		}
		if e.Dir != ast.DirRight && count(l, t, "") != all {
			return false // some relationship starts at a node without l
		}
	}
	b.assume(facts...)
	return true
}

// impliedLabelExpr reports whether every node that hop e reaches
// satisfies label expression x: a name as impliedLabel, a conjunction
// when each operand is implied, a disjunction when one operand is, or
// when its operands are label names no node carries two of (exact
// co-occurrence counts of 0) whose relationships of e's types together
// are all of them: each relationship's far end then carries exactly one.
// The counts are facts the plan assumes.
func (b *builder) impliedLabelExpr(e logical.Hop, x ast.LabelExpr) bool {
	switch t := x.(type) {
	case *ast.LabelName:
		return b.impliedLabel(e, t.Name)
	case *ast.LabelAnd:
		for _, it := range t.Items {
			if !b.impliedLabelExpr(e, it) {
				return false
			}
		}
		return len(t.Items) > 0
	case *ast.LabelOr:
		for _, it := range t.Items {
			if b.impliedLabelExpr(e, it) {
				return true
			}
		}
		return b.disjointCover(e, t.Items)
	}
	return false
}

// disjointCover is impliedLabelExpr's test of a disjunction of label
// names that no node carries two of.
func (b *builder) disjointCover(e logical.Hop, items []ast.LabelExpr) bool {
	if e.Dir != ast.DirLeft && e.Dir != ast.DirRight {
		return false
	}
	var names []string
	for _, it := range items {
		n, ok := it.(*ast.LabelName)
		if !ok || slices.Contains(names, n.Name) {
			return false
		}
		names = append(names, n.Name)
	}
	pc, ok := b.stats.(LabelPairCounter)
	if !ok || len(names) < 2 {
		return false
	}
	var facts []PatternCount
	for i, x := range names {
		for _, y := range names[i+1:] {
			n := pc.LabelPairCount(x, y)
			if n != 0 {
				return false
			}
			facts = append(facts, PatternCount{Start: x, End: y, Pair: true, Count: 0})
		}
	}
	types := e.Types
	if len(types) == 0 {
		types = []string{""}
	}
	for _, t := range types {
		all := b.stats.RelPatternCount("", t, "")
		if all < 0 {
			return false
		}
		facts = append(facts, PatternCount{Type: t, Count: all})
		sum := 0.0
		for _, l := range names {
			start, end := "", l
			if e.Dir == ast.DirLeft {
				start, end = l, ""
			}
			c := b.stats.RelPatternCount(start, t, end)
			if c < 0 {
				return false
			}
			sum += c
			facts = append(facts, PatternCount{Start: start, Type: t, End: end, Count: c})
		}
		if sum != all {
			return false
		}
	}
	b.assume(facts...)
	return true
}

// PatternCount is a fact of the data: Stats.RelPatternCount(Start, Type,
// End) is Count (Stats.SelfLoopCount when Loops; when Pair, the nodes
// carrying both labels Start and End, LabelPairCounter).
type PatternCount struct {
	Start, Type, End string
	Loops            bool
	Pair             bool
	Count            float64
}

// count reads the fact's count from stats.
func (f PatternCount) count(stats Stats) float64 {
	if f.Pair {
		pc, ok := stats.(LabelPairCounter)
		if !ok {
			return -1
		}
		return pc.LabelPairCount(f.Start, f.End)
	}
	if f.Loops {
		return stats.SelfLoopCount(f.Start, f.Type, f.End)
	}
	return stats.RelPatternCount(f.Start, f.Type, f.End)
}

// assume records facts the plan relies on, once each.
func (b *builder) assume(facts ...PatternCount) {
	for _, f := range facts {
		if !slices.Contains(b.assumes, f) {
			b.assumes = append(b.assumes, f)
		}
	}
}

// Holds reports whether the facts still hold by stats.
func Holds(facts []PatternCount, stats Stats) bool {
	for _, f := range facts {
		if f.count(stats) != f.Count {
			return false
		}
	}
	return true
}

// labelsOf is the label conjunction of names, spanning like orig.
func labelsOf(names []string, orig ast.LabelExpr) ast.LabelExpr {
	sp := orig.NodeSpan()
	if len(names) == 1 {
		return &ast.LabelName{Span: sp, Name: names[0]}
	}
	and := &ast.LabelAnd{Span: sp, Colon: true}
	for _, n := range names {
		and.Items = append(and.Items, &ast.LabelName{Span: sp, Name: n})
	}
	return and
}
