package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// labelChecks gives a label test written in a WHERE the form a node
// pattern's labels take, wherever the query wrote it: a conjunct `v:L`
// that the pushdown placed right after the operator binding node v (a
// scan, a seek or an expansion) becomes a NodeFilter of v there, as
// `(v:L)` in the pattern does, and a scan of all nodes followed by a
// label check of its node becomes a scan of the most selective of those
// labels. So `MATCH (a {id: 1})-->(b) MATCH (b)-->(c) WHERE a:User` scans
// :User and batches its filter on a.id as `MATCH (a:User {id: 1})-->(b)`
// does, and the rules that read labels from node checks (implied labels,
// label scans, seeks) see the same operators for both. patternPredicates
// does the same for a WHERE conjunct on a variable of its own MATCH; this
// rule covers the conjuncts that reach a node from a later clause. A
// label test never fails and holds of a bound node exactly when its
// NodeFilter does; the check moves ahead of the filters after the
// binding, which then see fewer rows, as the pushdown allows: not past a
// filter with a conjunct that may fail (filterCannotFail). It returns
// the pipeline and whether anything changed.
func (b *builder) labelChecks(pl *logical.Pipeline) (*logical.Pipeline, bool) {
	changed := false
	ops := pl.Ops
	entities := entityVars(ops, nil)
	for i := 0; i < len(ops); i++ {
		v, ok := bindsNode(ops[i])
		if !ok {
			continue
		}
		var checks []logical.Op
	checks:
		for j := i + 1; j < len(ops); j++ {
			switch o := ops[j].(type) {
			case logical.NodeFilter:
				continue
			case logical.Filter:
				if o.Subst != nil || o.Vectorised {
					break checks
				}
				var rest []ast.Expr
				for _, c := range conjuncts(o.Pred) {
					if l, ok := labelTestOf(c, v); ok {
						checks = append(checks, logical.NodeFilter{Var: v, Labels: l})
						continue
					}
					rest = append(rest, c)
				}
				// A later filter's label test does not move ahead of
				// a conjunct here that may fail: row mode evaluates it
				// on every row that reaches this filter (an earlier
				// clause's WHERE), and the check moved ahead would
				// drop rows on which it raises its error.
				last := len(rest) > 0 && !b.filterCannotFail(logical.Filter{Pred: andOf(rest)}, entities)
				if len(rest) == len(conjuncts(o.Pred)) {
					if last {
						break checks
					}
					continue
				}
				if len(rest) == 0 {
					ops = slices.Delete(slices.Clone(ops), j, j+1)
					j--
					continue
				}
				o.Pred = andOf(rest)
				ops = slices.Clone(ops)
				ops[j] = o
				if last {
					break checks
				}
			default:
				break checks
			}
		}
		if len(checks) > 0 {
			ops = slices.Insert(slices.Clone(ops), i+1, checks...)
			changed = true
		}
		if scan, ok := ops[i].(logical.NodeScan); ok && scan.Label == "" && i+1 < len(ops) {
			if nf, ok := ops[i+1].(logical.NodeFilter); ok && nf.Var == scan.Var {
				if ls, simple := ast.SimpleLabels(nf.Labels); simple && len(ls) > 0 {
					scan.Label = b.mostSelective(ls)
					ops = slices.Clone(ops)
					ops[i] = scan
					if rest := slices.DeleteFunc(slices.Clone(ls), func(l string) bool { return l == scan.Label }); len(rest) > 0 {
						nf.Labels = labelsOf(rest, nf.Labels)
						ops[i+1] = nf
					} else {
						ops = slices.Delete(ops, i+1, i+2)
					}
					changed = true
				}
			}
		}
	}
	if !changed {
		return pl, false
	}
	return &logical.Pipeline{Ops: ops, Est: pl.Est}, true
}

// bindsNode returns the node variable op binds: a scan's or seek's node,
// an expansion's far node.
func bindsNode(op logical.Op) (string, bool) {
	switch o := op.(type) {
	case logical.NodeScan:
		return o.Var, true
	case logical.NodeIndexSeek:
		return o.Var, true
	case logical.NodeSetSeek:
		return o.Var, true
	case logical.NodeRangeSeek:
		return o.Var, true
	case logical.Expand:
		return o.To, true
	}
	return "", false
}

// labelTestOf returns the label expression of conjunct c when c is the
// label test `v:L` (any label expression computed at compile time).
func labelTestOf(c ast.Expr, v string) (ast.LabelExpr, bool) {
	lp, ok := c.(*ast.LabelPredicate)
	if !ok || lp.Labels == nil || ast.HasDynamic(lp.Labels) {
		return nil, false
	}
	if name, ok := varName(lp.Expr); !ok || name != v {
		return nil, false
	}
	return lp.Labels, true
}
