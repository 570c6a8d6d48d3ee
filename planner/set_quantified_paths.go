package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// setQuantifiedPaths runs a quantified path pattern of several
// relationships set at a time when its consumers need only its distinct
// end nodes: the variable-length expansion that enumerates its paths
// (see groupStepMulti), with the operators after it that bind or read
// what the enumeration binds besides the end node (its relationship
// list, path and group variables' lists: QuantGroup.Names), becomes the
// pattern's set form, an ExpandChain whose hops repeat as the quantifier
// says, when none of those names is read later, the rows' multiplicity
// does not matter, and the pattern's tests are per node (qppSetForm).
// The chain's ends are the ends of trails (vm's groupEnds), as MATCH's
// relationship uniqueness within the pattern requires; a pattern whose
// relationships must also differ from the MATCH's other relationships
// stays enumerated. Otherwise the expansion's Why says what prevents it.
func setQuantifiedPaths(_ *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		o, ok := op.(logical.VarExpand)
		if !ok || o.Group == nil || o.Mode == logical.SetMode {
			continue
		}
		if o.Group.Set != nil {
			if out, ok := dropImpliedUniqueness(ops, i, o); ok {
				return out, true
			}
		}
		group, last := groupOps(ops, i, o.Group.Names)
		why := quantifiedRowReason(o, req.After[last], o.Group.Names)
		if why == "" && !distinctByTypes(ops[:i], o.Distinct, o.Group.Set.Hops) {
			why = "its relationships must differ from the pattern's other relationships"
		}
		if why == "" {
			chain := *o.Group.Set
			chain.From, chain.To = o.From, o.To
			with := []logical.Op{chain}
			for j := i + 1; j <= last; j++ {
				if !group[j] {
					with = append(with, ops[j])
				} else if f, ok := ops[j].(logical.Filter); ok {
					// A conjunct of the query's own, merged with the
					// enumeration's filter, stays.
					if rest := othersConjuncts(f, o.Group.Names); rest != nil {
						with = append(with, rest)
					}
				}
			}
			return replace(ops, i, last-i+1, with...), true
		}
		if why != o.Why {
			o.Why = why
			return replace(ops, i, 1, o), true
		}
	}
	return ops, false
}

// groupOps marks the operators after the expansion at ops[i] that belong
// to its enumeration of a quantified path pattern: the path binding and
// the projections of names, and the filters that read the enumeration's
// own (internal) names, which nothing else can name; filters between
// them that do not read those stay. It returns the marks and the index
// of the last such operator (i when there is none).
func groupOps(ops []logical.Op, i int, names []string) (map[int]bool, int) {
	own := newVarSet(names...)
	var internal []string
	for _, n := range names {
		if isInternal(n) {
			internal = append(internal, n)
		}
	}
	group, last := map[int]bool{}, i
	for j := i + 1; j < len(ops); j++ {
		reads := usesOf(ops[j]).hasAny(internal...)
		switch o := ops[j].(type) {
		case logical.PathBind:
			if !own.has(o.Var) {
				return group, last
			}
		case logical.Project:
			if len(o.Subst) > 0 || len(o.Items) == 0 {
				return group, last
			}
			for _, it := range o.Items {
				if !own.has(it.Name) {
					return group, last
				}
			}
		case logical.Filter:
			if !reads {
				continue
			}
		case logical.NodeFilter:
			continue
		default:
			return group, last
		}
		group[j], last = true, j
	}
	return group, last
}

// quantifiedRowReason says why the quantified path pattern that o
// enumerates must stay enumerated, given what the operators after its
// enumeration need, or "" when its set form gives them that.
func quantifiedRowReason(o logical.VarExpand, after need, names []string) string {
	switch {
	case o.Group.Set == nil:
		return o.Group.Why
	case after.Live.hasAny(names...):
		return "its relationships, path or group variables are used later"
	case after.Bag:
		return "the number of paths matters (no DISTINCT or duplicate-insensitive aggregate follows)"
	case o.ToBound:
		return "the end node is already bound"
	case o.ListBound:
		return "the relationship list is already bound"
	}
	return ""
}

// distinctByTypes reports whether the relationships a quantified path's
// hops may follow can be none of the relationships others (bound by
// expansions in ops) name: each of those expansions' types is disjoint
// from every hop's (see chainable), so a trail of the hops keeps the
// pattern's relationship uniqueness without them.
func distinctByTypes(ops []logical.Op, others []string, hops []logical.Hop) bool {
	for _, d := range others {
		var types []string
		found := false
		for _, op := range ops {
			switch o := op.(type) {
			case logical.Expand:
				if o.Rel == d && !o.RelBound {
					types, found = o.Types, true
				}
			case logical.VarExpand:
				if o.RelList == d && !o.ListBound {
					types, found = o.Types, true
				}
			}
		}
		if !found {
			return false
		}
		for _, h := range hops {
			if !typesDisjoint(types, h.Types) {
				return false
			}
		}
	}
	return true
}

// othersConjuncts is the filter of f's conjuncts that read none of the
// enumeration's internal names (nil when there is none).
func othersConjuncts(f logical.Filter, names []string) logical.Op {
	var internal []string
	for _, n := range names {
		if isInternal(n) {
			internal = append(internal, n)
		}
	}
	var keep []ast.Expr
	for _, c := range conjuncts(f.Pred) {
		if !usesOf(logical.Filter{Pred: c}).hasAny(internal...) {
			keep = append(keep, c)
		}
	}
	if len(keep) == 0 {
		return nil
	}
	f.Pred = andOf(keep)
	return f
}

// dropImpliedUniqueness removes the quantified path's relationship list
// from the uniqueness lists (Distinct) of the later expansions whose
// types are disjoint from every hop of the group's: their relationships
// cannot be the path's, so the list need not be kept for them (as in
// chainable), and set mode stays open.
func dropImpliedUniqueness(ops []logical.Op, i int, o logical.VarExpand) ([]logical.Op, bool) {
	disjoint := func(types []string) bool {
		for _, h := range o.Group.Set.Hops {
			if !typesDisjoint(types, h.Types) {
				return false
			}
		}
		return true
	}
	without := func(ds []string) []string {
		var out []string
		for _, d := range ds {
			if d != o.RelList {
				out = append(out, d)
			}
		}
		return out
	}
	for j := i + 1; j < len(ops); j++ {
		switch e := ops[j].(type) {
		case logical.Expand:
			if contains(e.Distinct, o.RelList) && disjoint(e.Types) {
				e.Distinct = without(e.Distinct)
				return replace(ops, j, 1, e), true
			}
		case logical.VarExpand:
			if contains(e.Distinct, o.RelList) && disjoint(e.Types) {
				e.Distinct = without(e.Distinct)
				return replace(ops, j, 1, e), true
			}
		}
	}
	return ops, false
}
