package planner

import "github.com/cyqdb/cyq/planner/logical"

// setCommonNeighbours turns an expansion from a bound node A to a new node
// X followed (after X's own filters) by an expansion from X into the bound
// node B into the intersection of A's and B's neighbour sets, when neither
// relationship is read later and the rows' multiplicity does not matter:
// `(a)-->(x)<--(b) RETURN count(DISTINCT x)`. The second relationship
// must differ from the first (one pattern) or be free of it (two MATCH
// clauses: `MATCH (a)-->(x) MATCH (b)-->(x)`). The two may be clauses
// apart, past WITH boundaries that carry X on (under its name or another)
// and B under its own (crossBoundary, chain_boundaries.go): `MATCH
// (a)-->(x) WITH DISTINCT x MATCH (x)<--(b)` with b bound before the WITH
// (a seek of constant values moves there, seek_boundaries.go); the
// boundaries stay, after the intersection.
func setCommonNeighbours(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	kinds := b.kinds()
	for i, op := range ops {
		e1, ok := op.(logical.Expand)
		if l, _ := asLink(e1); !ok || !chainable(l, nil) {
			continue
		}
		j, x, crossed := i+1, e1.To, false
		for j < len(ops) {
			if f, ok := ops[j].(logical.NodeFilter); ok && f.Var == x {
				j++
				continue
			}
			if f, ok := ops[j].(logical.Filter); ok && b.movesPastCommon(f, e1.Rel, entitiesAt(ops, j), kinds) {
				j++
				continue
			}
			to, ok := crossBoundary(ops[j], x, map[string]bool{e1.Rel: true})
			if !ok {
				break
			}
			x, crossed = to, true
			j++
		}
		if j >= len(ops) {
			continue
		}
		e2, ok := ops[j].(logical.Expand)
		if !ok || e2.From != x || e2.To == x || !e2.ToBound || e2.RelBound || len(e2.Distinct) > 1 || len(e2.Distinct) == 1 && (crossed || e2.Distinct[0] != e1.Rel) {
			continue
		}
		if crossed && !keptThrough(ops[i+1:j], e2.To) {
			continue
		}
		if req.After[j].Bag || req.After[j].Live.hasAny(e1.Rel, e2.Rel) {
			continue
		}
		c := logical.ExpandCommon{A: e1.From, B: e2.To, X: e1.To, HA: logical.Hop{Dir: e1.Dir, Types: e1.Types}, HB: logical.Hop{Dir: e2.Dir, Types: e2.Types}, AnyRels: len(e2.Distinct) == 0}
		with := append([]logical.Op{c}, ops[i+1:j]...)
		return replace(ops, i, j-i+1, with...), true
	}
	return ops, false
}

// movesPastCommon reports whether filter f, between the two expansions
// setCommonNeighbours joins, may run after their intersection instead:
// it does not read the first relationship (which the intersection does
// not bind) and cannot fail (neverFailsKinds, by the value kinds: a test
// the pushdown placed between the hops), so that testing it only on the
// nodes next to both ends, as row mode tests the pattern's WHERE, hides
// no error.
func (b *builder) movesPastCommon(f logical.Filter, rel string, entities map[string]bool, kinds kindsOf) bool {
	if f.Subst != nil || f.Vectorised || hasPatternExpr(f.Pred) || b.readsFailingList(f.Pred) {
		return false
	}
	uses := usesOf(f)
	return !uses.all && !uses.aggs && !uses.has(rel) && neverFailsKinds(f.Pred, entities, kinds)
}

// keptThrough reports whether every WITH boundary of ops passes v on
// under its own name (and none binds another value to it).
func keptThrough(ops []logical.Op, v string) bool {
	for _, op := range ops {
		switch o := op.(type) {
		case logical.Select:
			if !contains(o.Vars, v) {
				return false
			}
		case logical.Distinct:
			if !contains(o.Vars, v) {
				return false
			}
		case logical.Project:
			if !projectsItself(o, v) {
				return false
			}
		}
	}
	return true
}
