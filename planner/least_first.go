package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// leastFirst reports whether the operators after the binding ops[pb] of
// path p read the path's rows only as far as the k least lengths need
// them, so that a search of the k shortest trails per pair of end nodes
// (SHORTEST k, or SHORTEST k GROUPS) gives them the answer the expansion
// of every trail gives: the rows ordered by a length of p and cut by
// LIMIT (and SKIP),
//
//	MATCH p = (a)-[*1..3]->(b) WITH length(p) AS l ORDER BY l LIMIT 2
//
// or grouped by the length, the groups ordered by it and cut,
//
//	MATCH p = (a)-[*1..4]-(b) WITH length(p) AS l, count(*) AS c ORDER BY l LIMIT 1
//
// or collected in that order per group and read through the lists'
// first k elements (heads), or the least length kept per group with the
// values collected beside it, read where their head is that length
// (kept). A LIMIT, SKIP or list bound may be a parameter known when
// planning (countConstant).
//
// It returns the number of paths (or lengths, groups set) per pair the
// search must keep, or 0 where the operators need more.
//
// Why it is exact. Call a partition the rows of one input row of the
// expansion and one end node: they differ only in the trail, so where
// nothing reads the trail but through its length (length(p) plus a
// constant, or the lists listMeasures reads as one), rows of a partition
// with the same length are the same row to every operator after it.
// Rows: the operators up to the cut keep or drop a whole partition
// (their tests read no length) and order the rows by keys that read no
// length, then a length ascending (then anything); the first s + k rows
// of that order hold, from each partition, rows of its s + k least
// lengths (a row of a partition is preceded by every row of the
// partition with a lesser length), which the search of s + k least
// trails per partition yields. The cut keeps an order-dependent choice
// among rows whose keys tie, so the rule stands only where what the
// operators after the cut read is decided by the keys (the lengths, and
// variables ordered by): the rows after the cut are then the same
// whichever of the tied rows the cut keeps. Groups: an aggregation whose
// keys are the length (renamed, or lengths of p) makes one group per
// length, the groups are ordered by it and cut, and the first s + k
// groups are the s + k least lengths among all partitions; each of those
// is among the s + k least lengths of every partition that has a trail
// of it (a partition's lesser lengths are lesser lengths overall), so
// the search of the trails of the s + k least lengths per partition
// (GROUPS) yields every row of every group the cut keeps, and the
// aggregates (counts, min, max, collect, which cannot fail) are those
// of every trail.
//
// Errors: the rows the search does not yield are those of longer
// trails. Before the cut, an expression that reads the length is a
// length itself (a measure, or a name bound to one), which cannot fail;
// any other reads none, and is evaluated on a row of every partition
// with a trail (the search keeps at least one), with the same values.
func (b *builder) leastFirst(ops []logical.Op, pb int, req required) (k int, groups bool) {
	p := ops[pb].(logical.PathBind).Var
	r := firstReads{p: p, lens: map[string]bool{}}
	for j := pb + 1; j < len(ops); j++ {
		switch o := ops[j].(type) {
		case logical.Select:
			continue
		case logical.Project:
			if !r.project(o) {
				return 0, false
			}
		case logical.Filter, logical.NodeFilter, logical.RelFilter:
			if !r.test(o) {
				return 0, false
			}
		case logical.Aggregate:
			// Or the least length per group and the values
			// collected with it, kept where they have that length
			// (kept): the rows of the least length per pair.
			if r.kept(b, ops, j) {
				return 1, true
			}
			if r.grouped || !r.aggregate(o) {
				return 0, false
			}
		case logical.Sort:
			if o.Subst != nil && !r.grouped || !r.sort(o) {
				return 0, false
			}
			// Or the ordered rows (or groups) collected per group,
			// each list read through its first k elements (heads).
			if k := r.heads(b, ops, j+1); k > 0 {
				return k, r.grouped
			}
			return r.cut(b, ops, j+1, req)
		default:
			return 0, false
		}
	}
	return 0, false
}

// firstReads follows, for leastFirst, what the operators after a path's
// binding read of it: lens are the names bound to a length of p (the
// length plus a constant, which differ for different lengths); grouped,
// whether an aggregation grouped the rows by one (every column is then
// one of its group).
type firstReads struct {
	p       string
	lens    map[string]bool
	grouped bool
	// keys: the names of the aggregation's keys that read no length
	// (each the same for a partition's rows).
	keys map[string]bool
	// sorted: the names the sort orders by.
	sorted map[string]bool
}

// length reports whether e is a length of p or a name bound to one.
func (r *firstReads) length(e ast.Expr) bool {
	if v, ok := varName(e); ok {
		return r.lens[v]
	}
	q, _, ok := pathLength(e)
	return ok && q == r.p
}

// reads reports whether e reads p or a length of it, and false in ok when
// e reads p other than as a length, or reads what the analysis does not
// follow.
func (r *firstReads) reads(e ast.Expr) (length, ok bool) {
	s := newVarSet()
	addExprVars(e, &s)
	if s.all || s.aggs {
		return false, false
	}
	if s.names[r.p] {
		return true, false
	}
	for n := range s.names {
		if r.lens[n] {
			return true, true
		}
	}
	return false, true
}

// project follows a projection: a name bound to a length is one; an item
// that reads the length must be one (an expression of it may fail on a
// trail the search does not yield); the rest read no length.
func (r *firstReads) project(o logical.Project) bool {
	if o.Subst != nil && !r.grouped {
		return false
	}
	bound, keys := map[string]bool{}, map[string]bool{}
	for _, it := range o.Items {
		if r.grouped {
			// Every column is one of its group; a key that is a
			// length stays one.
			e := it.Expr
			if o.Subst != nil {
				if col, ok := o.Subst[ast.FormatExpr(e)]; ok {
					e = &ast.Variable{Name: col}
				}
			}
			if v, ok := varName(e); ok && r.lens[v] {
				bound[it.Name] = true
			}
			if v, ok := varName(e); ok && r.keys[v] {
				keys[it.Name] = true
			}
			continue
		}
		if r.length(it.Expr) {
			bound[it.Name] = true
			continue
		}
		if l, ok := r.reads(it.Expr); !ok || l {
			return false
		}
	}
	for _, it := range o.Items {
		delete(r.lens, it.Name)
		delete(r.keys, it.Name)
		if it.Name == r.p {
			return false
		}
	}
	for n := range bound {
		r.lens[n] = true
	}
	for n := range keys {
		r.keys[n] = true
	}
	return true
}

// test follows a test of the rows: it must read no length (it then keeps
// or drops whole partitions), but for a length IS NOT NULL, which holds
// of every row (the path is bound).
func (r *firstReads) test(op logical.Op) bool {
	if f, ok := op.(logical.Filter); ok {
		if f.Subst != nil {
			return false
		}
		for _, c := range conjuncts(f.Pred) {
			if n, isNull := c.(*ast.IsNull); isNull && n.Not && r.length(n.Expr) && !r.grouped {
				continue
			}
			if l, ok := r.reads(c); !ok || l || r.grouped {
				return false
			}
		}
		return true
	}
	if r.grouped {
		return false
	}
	u := usesOf(op)
	if u.all || u.aggs || u.has(r.p) {
		return false
	}
	for n := range r.lens {
		if u.has(n) {
			return false
		}
	}
	return true
}

// aggregate follows an aggregation grouped by a length: every key is a
// length or reads none (then it is the same for a partition's rows), and
// the calls are counts, min, max or collect (which cannot fail, whatever
// rows they see) of what reads no length but as one.
func (r *firstReads) aggregate(o logical.Aggregate) bool {
	lens, keys := map[string]bool{}, map[string]bool{}
	for _, k := range o.Keys {
		if r.length(k.Expr) {
			lens[k.Name] = true
			continue
		}
		if l, ok := r.reads(k.Expr); !ok || l {
			return false
		}
		keys[k.Name] = true
	}
	if len(lens) == 0 {
		return false
	}
	for _, c := range o.Aggs {
		call := c.Call
		if len(call.Namespace) > 0 {
			return false
		}
		switch strings.ToLower(call.Name) {
		case "count", "min", "max", "collect":
		default:
			return false
		}
		for _, a := range call.Args {
			if !r.length(a) {
				if l, ok := r.reads(a); !ok || l {
					return false
				}
			}
		}
	}
	r.lens, r.keys, r.grouped = lens, keys, true
	return true
}

// sort follows the order: keys that read no length (in groups, keys of
// the aggregation), then a length ascending, then keys that read
// nothing but what the rows may read before the cut.
func (r *firstReads) sort(o logical.Sort) bool {
	r.sorted = map[string]bool{}
	found := false
	for _, k := range o.Keys {
		if v, ok := varName(k.Expr); ok {
			// After an aggregation a key may name a grouping key by
			// its text.
			if col, subst := o.Subst[v]; subst {
				k.Expr = &ast.Variable{Name: col}
				v = col
			}
			r.sorted[v] = true
		}
		if !found && !k.Desc && r.length(k.Expr) {
			found = true
			continue
		}
		if r.length(k.Expr) {
			continue
		}
		l, ok := r.reads(k.Expr)
		if !ok || l {
			return false
		}
		// In groups, the keys before the length are the
		// aggregation's (each the same for a partition), not its
		// results.
		if v, isVar := varName(k.Expr); !found && r.grouped && (!isVar || !r.keys[v]) {
			return false
		}
	}
	return found
}

// cut follows the operators after the sort to the LIMIT (and a SKIP
// before it) of counts known when planning (countConstant), and returns the number of least paths
// (or lengths) per pair they need: where what the operators after the
// cut read is decided by the order's keys.
func (r *firstReads) cut(b *builder, ops []logical.Op, from int, req required) (int, bool) {
	skip := 0
	for j := from; j < len(ops); j++ {
		switch o := ops[j].(type) {
		case logical.Select:
			continue
		case logical.Project:
			if !r.project(o) {
				return 0, false
			}
			// A name the projection binds to a sorted variable is
			// ordered by too.
			for _, it := range o.Items {
				if v, ok := varName(it.Expr); ok && r.sorted[v] {
					r.sorted[it.Name] = true
				}
			}
		case logical.Filter, logical.NodeFilter, logical.RelFilter:
			if !r.test(o) {
				return 0, false
			}
		case logical.Skip:
			n, ok := b.countConstant(o.Count)
			if !ok || n < 0 || skip > 0 {
				return 0, false
			}
			skip = n
		case logical.Limit:
			n, ok := b.countConstant(o.Count)
			if !ok || n < 1 || skip+n > maxSelectedPaths {
				return 0, false
			}
			live := req.After[j].Live
			if live.all || live.aggs {
				return 0, false
			}
			// What the cut keeps is decided by the keys: in groups,
			// when the order reads every key of the aggregation (a
			// group's values are its own); in rows, when nothing else
			// is read.
			if r.grouped {
				for name := range r.keys {
					if !r.sorted[name] {
						return 0, false
					}
				}
				return skip + n, true
			}
			for name := range live.names {
				if !r.lens[name] && !r.sorted[name] {
					return 0, false
				}
			}
			return skip + n, false
		default:
			return 0, false
		}
	}
	return 0, false
}
