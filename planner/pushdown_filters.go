package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// pushdownFilters splits every filter into its conjuncts and moves each
// conjunct that cannot fail (neverFails, or neverFailsKinds by the kinds
// of the values of the properties any entity holds, `x.id % 2 = 0`
// where every id is an INTEGER or null, when no conjunct written before
// it may fail) to right after the earliest
// operator that binds all the variables it reads: into the scan or
// expansion that binds them, before any further hop. A conjunct moves
// only across operators that bindsVars calls crossable (scans, seeks,
// expansions, other filters, OPTIONAL MATCH as a whole, a WITH that only
// passes variables on): never across a projection that computes values,
// aggregation, DISTINCT, ORDER BY, SKIP/LIMIT, UNWIND, a call or a write, and never out of the OPTIONAL MATCH whose WHERE it belongs
// to (that WHERE is planned in the optional branch's own operators).
// Conjuncts that may fail stay where they were, in their order; they
// then see only the rows the moved conjuncts kept, so an error one would
// raise only on a row another conjunct rejects is not raised, as when an
// AND stops at its first false operand. Conjuncts that land where a
// filter already is join it.
//
// known lists variables bound to nodes or relationships before the
// pipeline (a subquery's outer pattern variables). After a write (wrote),
// a property read may fail on a deleted entity: conjuncts reading
// properties, labels or ids then stay in place. A test that fails for
// the planning values (an IN over a parameter that is not a list: see
// failingList) stays too. It returns the pipeline and whether anything
// moved.
func (b *builder) pushdownFilters(pl *logical.Pipeline, known map[string]bool, wrote bool) (*logical.Pipeline, bool) {
	changed := false
	entities := entityVars(pl.Ops, known)
	if wrote {
		entities = nil
	}
	kinds := b.kinds()
	for i := len(pl.Ops) - 1; i >= 0; i-- {
		f, ok := pl.Ops[i].(logical.Filter)
		if !ok || f.Subst != nil || f.Vectorised {
			continue
		}
		var stay []ast.Expr
		moved := map[int][]ast.Expr{} // target index -> conjuncts to add after it
		byKinds := true               // every conjunct so far cannot fail by the kinds
		for _, c := range conjuncts(f.Pred) {
			t := i
			safe := neverFails(c, entities)
			if !safe && byKinds && !hasPatternExpr(c) {
				// Row mode evaluates a conjunct that cannot fail by its
				// text alone first and the others in their written order
				// (deciding_operands.go): one the kinds prove moves only
				// when none written before it can fail, so that no row
				// it drops would have raised an earlier conjunct's error.
				// (Not one holding a subquery or pattern: pushTarget
				// reads only the variables exprVars sees.)
				safe = neverFailsKinds(c, entities, kinds)
			}
			byKinds = byKinds && (safe || neverFailsKinds(c, entities, kinds))
			if safe && !b.readsFailingList(c) {
				t = b.pushTarget(pl.Ops, i, exprVars(c), entities)
			}
			if t == i {
				stay = append(stay, c)
				continue
			}
			moved[t] = append(moved[t], c)
		}
		if len(moved) == 0 {
			continue
		}
		changed = true
		if len(stay) > 0 {
			f.Pred = andOf(stay)
		}
		safe := func(c ast.Expr) bool { return neverFails(c, entities) && !b.readsFailingList(c) }
		pl.Ops = placeFilters(pl.Ops, i, f, len(stay) > 0, moved, safe)
		// The filters after i are already in place; the indices before i
		// are unchanged or shifted by the new filters, so restart from the
		// end: filters already pushed are not moved again.
		i = len(pl.Ops)
	}
	return pl, changed
}

// bindingSite is the index of the nearest operator before i that binds
// one of vars, ends the scope of one (scopeEnds: vars name the nested
// patterns' own variables too, which must stay unbound), or that blocks
// (given whether bindsVars finds it crossable),
// moved past the label and relationship property checks that follow it,
// as a pattern's own inline properties are.
func bindingSite(ops []logical.Op, i int, vars map[string]bool, blocks func(op logical.Op, crossable bool) bool) int {
	j := i - 1
	for ; j >= 0; j-- {
		bound, crossable := bindsVars(ops[j])
		if anyIn(bound, vars) || scopeEnds(ops[j], vars) || blocks(ops[j], crossable) {
			break
		}
	}
	for j+1 < i {
		if _, ok := ops[j+1].(logical.NodeFilter); !ok {
			if _, ok := ops[j+1].(logical.RelFilter); !ok {
				break
			}
		}
		j++
	}
	return j
}

// pushTarget is the index of the operator after which a conjunct reading
// vars, at index i, belongs: the nearest operator before i that binds one
// of vars or cannot be crossed. It returns i when the conjunct is already
// right after that operator (or after filters following it). A filter
// before i holding a test that may fail (over entities) is not crossed:
// it is an earlier clause's WHERE (`MATCH (a) WHERE a.k IN $p WITH a
// WHERE a.name = 'x'`, an IN over a parameter that is not a list among
// them: see failingList) or a quantified path's inline test, which row
// mode evaluates on every row before the later one, so a row the moved
// conjunct dropped would no longer raise its error.
func (b *builder) pushTarget(ops []logical.Op, i int, vars map[string]bool, entities map[string]bool) int {
	j := bindingSite(ops, i, vars, func(op logical.Op, crossable bool) bool {
		if f, ok := op.(logical.Filter); ok && crossable {
			return !b.filterCannotFail(f, entities)
		}
		return !crossable
	})
	for k := j + 1; k < i; k++ {
		if _, ok := ops[k].(logical.Filter); !ok {
			return j
		}
	}
	return i
}

// placeFilters rebuilds ops with the filter at i replaced by f (dropped
// unless keep) and the conjuncts of moved[j] placed after ops[j] (-1:
// before the first operator), joining a filter already there: after its
// own conjuncts, which row mode tests first (the filter is an earlier
// clause's or an earlier part of the pattern), then ordered by cost
// (cheapFirst) when none of them may fail (safe).
func placeFilters(ops []logical.Op, i int, f logical.Filter, keep bool, moved map[int][]ast.Expr, safe func(ast.Expr) bool) []logical.Op {
	out := make([]logical.Op, 0, len(ops)+len(moved))
	var pending []ast.Expr // conjuncts to place before the next operator
	add := func(op logical.Op) {
		if len(pending) > 0 {
			if g, ok := op.(logical.Filter); ok && g.Subst == nil && !g.Vectorised {
				g.Pred = andOf(cheapFirst(append(conjuncts(g.Pred), pending...), safe))
				op = g
			} else {
				out = append(out, logical.Filter{Pred: andOf(cheapFirst(pending, safe))})
			}
			pending = nil
		}
		out = append(out, op)
	}
	pending = moved[-1]
	for j, op := range ops {
		if j == i {
			if keep {
				add(f)
			}
		} else {
			add(op)
		}
		pending = append(pending, moved[j]...)
	}
	if len(pending) > 0 {
		out = append(out, logical.Filter{Pred: andOf(cheapFirst(pending, safe))})
	}
	return out
}

func anyIn(names []string, set map[string]bool) bool {
	for _, n := range names {
		if set[n] {
			return true
		}
	}
	return false
}
