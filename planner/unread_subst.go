package planner

import "github.com/cyqdb/cyq/planner/logical"

// mapUnsubstituted is mapOpExprs also for a filter, projection or sort
// after DISTINCT or an aggregation whose expressions read none of the
// grouping keys by their text (substReads: the keys are variables
// passed on under their own names, as `WITH DISTINCT v WHERE ...` keeps
// v). Such an operator reads its rows as any other does, so f rewrites
// its expressions as it would elsewhere; the substitution is kept on the
// result for code generation. f must only rearrange what the expression
// reads (no new text that could name a grouping key). Operators whose
// expressions do read a key by its text stay as they are.
func mapUnsubstituted(b *builder, op logical.Op, f exprRewrite) (logical.Op, bool) {
	switch o := op.(type) {
	case logical.Filter:
		if o.Subst == nil || o.Vectorised || substReads(o.Pred, o.Subst) {
			break
		}
		s := o.Subst
		o.Subst = nil
		next, ok := mapOpExprs(b, o, f)
		if !ok {
			return op, false
		}
		n := next.(logical.Filter)
		n.Subst = s
		return n, true
	case logical.Project:
		if o.Subst == nil || o.Vectorised {
			break
		}
		for _, it := range o.Items {
			if substReads(it.Expr, o.Subst) {
				return op, false
			}
		}
		s := o.Subst
		o.Subst = nil
		next, ok := mapOpExprs(b, o, f)
		if !ok {
			return op, false
		}
		n := next.(logical.Project)
		n.Subst = s
		return n, true
	case logical.Sort:
		if o.Subst == nil {
			break
		}
		for _, k := range o.Keys {
			if substReads(k.Expr, o.Subst) {
				return op, false
			}
		}
		s := o.Subst
		o.Subst = nil
		next, ok := mapOpExprs(b, o, f)
		if !ok {
			return op, false
		}
		n := next.(logical.Sort)
		n.Subst = s
		return n, true
	}
	return mapOpExprs(b, op, f)
}
