package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// leastReads reports whether the operators ops read path p only through
// values that the paths of the least length decide, so that a search
// yielding, per pair of end nodes, only its least-length paths gives
// them the same answer as the expansion of every trail. The first
// operator that reads p must be an aggregation whose calls read p as
// either
//
//   - min(length(p)) (or size(relationships(p)), size(nodes(p)), plus or
//     minus a constant): one least path per pair gives it; or
//   - collect(p), or collect(X) of a length X of p (collect(length(p))):
//     the list is then read by nothing but the least-length folds
//     below, and every path of the least length is needed (all). A list
//     of lengths holds, per row, the length its path has; the folds and
//     counts read its elements as lengths (x, x + 1) where those of a
//     list of paths read length(q), and the reasoning below is the
//     same, as it reads only each element's length. (Not DISTINCT: the
//     distinct lengths of every trail and of the least ones differ.)
//
// A collected list ps may be read, after the aggregation, only as
//
//   - reduce(m = c, q IN ps | CASE WHEN X < m THEN X ELSE m END), X a
//     length of q as above (or the same fold written with >, <=, >= and
//     the branches swapped): a fold that keeps the lesser of m and X,
//     whose result over a list of integers is a function of c and the
//     least X alone (c when c does not compare with integers, or the
//     lesser of c and the least X; the fold skips a comparison that is
//     null or false the same way whatever the list's order). Call that
//     result M: M is at most the least X, or compares with no integer.
//   - size([q IN ps WHERE X = M]) (or X <= M), X the same length of q
//     as M's fold reads, M a variable bound to such a fold (or the fold
//     itself): it counts the paths whose X equals M. Since no path has
//     an X below the least, these are paths of the least length of
//     their group, and every path of a group with the group's least
//     length is a least path of its own pair of end nodes (its pair's
//     least is no less than the group's); so the count over the least
//     paths equals the count over all trails.
//
// The counts may be summed by a later aggregation (sum(size([...])) per
// least length): its keys and calls read the lists the same way, and
// the rows it sums are the groups, the same with either search.
// Anything else that reads the list (its size, its elements, the list
// itself) needs the trails. It returns, for the analysis of what the
// operators need of their rows, ops with each collect(p) read as
// min(length(p)) (which reads p as a least path does and counts no
// row), and whether a collect needs all least paths.
func (b *builder) leastReads(ops []logical.Op, p string) (sub []logical.Op, all, ok bool) {
	for j, op := range ops {
		a, isAgg := op.(logical.Aggregate)
		if !isAgg {
			if usesOf(op).has(p) {
				return nil, false, false
			}
			continue
		}
		for _, k := range a.Keys {
			if exprReads(k.Expr, p) {
				return nil, false, false
			}
		}
		read := false
		var lists []logical.AggCall
		kind, listOffset := "", 0
		aggs := append([]logical.AggCall(nil), a.Aggs...)
		for k, c := range a.Aggs {
			if !exprReads(c.Call, p) {
				continue
			}
			read = true
			call := c.Call
			if call.Star || len(call.Namespace) > 0 || len(call.Args) != 1 {
				return nil, false, false
			}
			switch strings.ToLower(call.Name) {
			case "min":
				if q, _, ok := pathLength(call.Args[0]); !ok || q != p {
					return nil, false, false
				}
			case "collect":
				// The paths themselves, or a length of each
				// (collect(length(p))): a list of paths or of lengths.
				of, offset := "", 0
				if q, ok := varName(call.Args[0]); ok && q == p {
					of = "paths"
				} else if q, extra, ok := pathLength(call.Args[0]); ok && q == p && !call.Distinct {
					of, offset = "lengths", extra
				}
				if of == "" || kind != "" && (kind != of || offset != listOffset) {
					return nil, false, false
				}
				kind, listOffset = of, offset
				lists = append(lists, c)
				stand := *call
				stand.Name, stand.Distinct = "min", false
				if of == "paths" {
					stand.Args = []ast.Expr{&ast.FunctionCall{Span: call.Span, Name: "length", Args: call.Args}}
				}
				aggs[k].Call = &stand
			default:
				return nil, false, false
			}
		}
		if !read {
			return nil, false, false
		}
		if len(lists) > 0 && !b.leastLists(ops[j+1:], lists, kind == "lengths", listOffset) {
			return nil, false, false
		}
		a.Aggs = aggs
		return replace(ops, j, 1, a), len(lists) > 0, true
	}
	return nil, false, false
}

// leastLists reports whether the operators ops read the lists the
// aggregate calls lists collect only through least-length folds and the
// counts of the paths of that length (see leastReads). A projection of
// the list alone (WITH ps) names it anew; a projection of a fold names
// its result M.
func (b *builder) leastLists(ops []logical.Op, lists []logical.AggCall, lengths bool, offset int) bool {
	r := leastListReader{b: b, calls: lists, names: map[string]bool{}, folds: map[string]int{}, lengths: lengths, offset: offset}
	for _, op := range ops {
		switch o := op.(type) {
		case logical.Select:
			continue
		case logical.Project:
			names := map[string]bool{}
			folds := map[string]int{}
			for _, it := range o.Items {
				if r.isList(it.Expr) {
					names[it.Name] = true
					continue
				}
				if red, isRed := it.Expr.(*ast.Reduce); isRed && r.isList(red.In) {
					if extra, ok := r.fold(red); ok && r.ok(red.Init) {
						folds[it.Name] = extra
						continue
					}
					return false
				}
				if m, ok := varName(it.Expr); ok {
					if extra, isFold := r.folds[m]; isFold {
						folds[it.Name] = extra
						continue
					}
				}
				if !r.ok(it.Expr) {
					return false
				}
			}
			// A projection keeps only what it lists (Select follows it
			// for the columns it drops; the names it binds replace
			// those before).
			for _, it := range o.Items {
				delete(r.names, it.Name)
				delete(r.folds, it.Name)
			}
			for n := range names {
				r.names[n] = true
			}
			for n, e := range folds {
				r.folds[n] = e
			}
		case logical.Aggregate:
			// Its keys and calls read the lists only through folds and
			// counts (sum(size([q IN ps WHERE X = M]))); after it only
			// the keys are bound, a key that is a fold's variable a
			// fold still.
			folds := map[string]int{}
			for _, k := range o.Keys {
				if !r.ok(k.Expr) {
					return false
				}
				if m, ok := varName(k.Expr); ok {
					if extra, isFold := r.folds[m]; isFold {
						folds[k.Name] = extra
					}
				}
			}
			for _, c := range o.Aggs {
				if !r.ok(c.Call) {
					return false
				}
			}
			r.names, r.folds = map[string]bool{}, folds
		default:
			u := usesOf(op)
			if u.all || u.aggs {
				return false
			}
			for n := range r.names {
				if u.has(n) {
					return false
				}
			}
		}
	}
	return true
}

// leastListReader checks the reads of the collected lists of paths:
// calls are the collect aggregates, names the variables bound to one of
// their lists, folds the variables bound to a least-length fold of one
// (with the constant its length adds).
type leastListReader struct {
	b     *builder
	calls []logical.AggCall
	names map[string]bool
	folds map[string]int
	// lengths: the lists hold a length of each path (length(p) plus
	// offset), not the paths.
	lengths bool
	offset  int
}

// length reports whether e is a length X of element v of a collected
// list, and the constant X adds to the path's length: for a list of
// paths, a length of v (pathLength); for a list of lengths, v itself
// plus or minus constants (v + 1 - 2).
func (r *leastListReader) length(e ast.Expr, v string) (int, bool) {
	if !r.lengths {
		q, extra, ok := pathLength(e)
		return extra, ok && q == v
	}
	switch x := e.(type) {
	case *ast.Variable:
		return r.offset, x.Name == v
	case *ast.Binary:
		lit, isLit := x.Right.(*ast.Literal)
		if (x.Op != ast.OpAdd && x.Op != ast.OpSub) || !isLit || lit.Kind != ast.LitInt || lit.Int < -1<<20 || lit.Int > 1<<20 {
			return 0, false
		}
		extra, ok := r.length(x.Left, v)
		if x.Op == ast.OpSub {
			return extra - int(lit.Int), ok
		}
		return extra + int(lit.Int), ok
	}
	return 0, false
}

// isList reports whether e is a collected list of paths: a variable
// bound to one, or the aggregate call read after the aggregation.
func (r *leastListReader) isList(e ast.Expr) bool {
	if v, ok := e.(*ast.Variable); ok {
		return r.names[v.Name]
	}
	fc, ok := e.(*ast.FunctionCall)
	if !ok {
		return false
	}
	for _, c := range r.calls {
		if fc == c.Call || r.b.aggRefs[fc] == c.Name && c.Name != "" {
			return true
		}
	}
	return false
}

// ok reports whether e reads the lists only through folds and counts of
// the least length.
func (r *leastListReader) ok(e ast.Expr) bool {
	good := true
	ast.Inspect(e, func(n ast.Node) bool {
		if !good {
			return false
		}
		x, isExpr := n.(ast.Expr)
		if !isExpr {
			return true
		}
		if red, isRed := x.(*ast.Reduce); isRed && r.isList(red.In) {
			if _, ok := r.fold(red); !ok || !r.ok(red.Init) {
				good = false
			}
			return false
		}
		if fc, isCall := x.(*ast.FunctionCall); isCall && strings.EqualFold(fc.Name, "size") && len(fc.Namespace) == 0 && len(fc.Args) == 1 {
			if lc, isComp := fc.Args[0].(*ast.ListComprehension); isComp && r.isList(lc.In) {
				if !r.leastCount(lc) {
					good = false
				}
				return false
			}
		}
		if r.isList(x) {
			good = false
			return false
		}
		return true
	})
	return good
}

// fold reports whether red is a least-length fold over a list: its
// accumulator and element differ from the names that hold lists and
// folds, and its step keeps the lesser of the accumulator and a length
// X of the element. It returns the constant X adds to the length.
func (r *leastListReader) fold(red *ast.Reduce) (int, bool) {
	if red.Acc == nil || red.Var == nil || red.Acc.Name == red.Var.Name || r.bound(red.Acc.Name) || r.bound(red.Var.Name) {
		return 0, false
	}
	c, ok := red.Expr.(*ast.Case)
	if !ok || c.Subject != nil || len(c.Whens) != 1 || c.Else == nil {
		return 0, false
	}
	cmp, ok := c.Whens[0].When.(*ast.Comparison)
	if !ok || len(cmp.Ops) != 1 {
		return 0, false
	}
	length := func(e ast.Expr) (int, bool) { return r.length(e, red.Var.Name) }
	acc := func(e ast.Expr) bool {
		v, ok := varName(e)
		return ok && v == red.Acc.Name
	}
	// Normalise the test to X op acc.
	op := cmp.Ops[0]
	x, y := cmp.Operands[0], cmp.Operands[1]
	if acc(x) {
		x, y = y, x
		op = flipComparison(op)
	}
	extra, isLen := length(x)
	if !isLen || !acc(y) {
		return 0, false
	}
	then, els := c.Whens[0].Then, c.Else
	thenX, thenOK := length(then)
	elseX, elseOK := length(els)
	switch op {
	case ast.CmpLt, ast.CmpLe: // X is the lesser: take X
		if !thenOK || thenX != extra || !acc(els) {
			return 0, false
		}
	case ast.CmpGt, ast.CmpGe: // X is the greater: keep acc
		if !acc(then) || !elseOK || elseX != extra {
			return 0, false
		}
	default:
		return 0, false
	}
	return extra, true
}

// leastCount reports whether lc, inside size(), counts the paths of a
// list whose length X equals (or is at most) the result M of a
// least-length fold of the same X: [q IN ps WHERE X = M].
func (r *leastListReader) leastCount(lc *ast.ListComprehension) bool {
	if lc.Var == nil || r.bound(lc.Var.Name) || lc.Where == nil {
		return false
	}
	if lc.Map != nil {
		if v, ok := varName(lc.Map); !ok || v != lc.Var.Name {
			return false
		}
	}
	cmp, ok := lc.Where.(*ast.Comparison)
	if !ok || len(cmp.Ops) != 1 {
		return false
	}
	op := cmp.Ops[0]
	x, m := cmp.Operands[0], cmp.Operands[1]
	if _, isLen := r.length(x, lc.Var.Name); !isLen {
		x, m = m, x
		op = flipComparison(op)
	}
	extra, isLen := r.length(x, lc.Var.Name)
	if !isLen || op != ast.CmpEq && op != ast.CmpLe {
		return false
	}
	if v, isVar := varName(m); isVar {
		e, isFold := r.folds[v]
		return isFold && e == extra
	}
	red, isRed := m.(*ast.Reduce)
	if !isRed || !r.isList(red.In) || exprReads(red, lc.Var.Name) {
		return false
	}
	e, isFold := r.fold(red)
	return isFold && e == extra && r.ok(red.Init)
}

// bound reports whether name holds a list or a fold (a variable of a
// fold or comprehension so named would hide it).
func (r *leastListReader) bound(name string) bool {
	_, fold := r.folds[name]
	return r.names[name] || fold
}
