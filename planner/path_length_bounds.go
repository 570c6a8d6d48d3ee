package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// pathLengthBounds moves a filter's bound on the length of a path into
// the bounds of the path's variable-length relationship: MATCH p =
// (a)-[*1..3]->(c) WHERE length(p) >= 2 is MATCH (a)-[*2..3]->(c) with p
// bound to the same paths. A path of k single hops and one variable-length
// relationship of min..max hops has length k + L, L its hops, so a
// comparison of length(p) (size(relationships(p)), or size(nodes(p)),
// which is one more) with an integer literal bounds L; the expansion then
// enumerates only the paths the filter keeps, and the conjunct goes. When
// nothing else reads p, the path is no longer bound and the expansion may
// run on sets. The size of a named relationship list, size(rs) of
// -[rs*1..3]->, bounds its expansion the same way (boundListSize). It
// returns the pipeline and whether anything changed.
//
// `length(p) IN [1, 2, 4]`, a list literal of integers (and nulls, which
// no length equals), bounds L by its least and greatest integers: a
// length outside them equals no element, so the test is false or null
// there. The conjunct goes only when the integers are every length in
// between; a list with any other element (1.0 equals the length 1) bounds
// nothing.
//
// Precondition: the path's PathBind has exactly one relationship list,
// which a VarExpand before it binds (not to a list bound before); only
// filters stand between the PathBind and the conjunct's filter; the new
// bounds leave at least one length (an empty range, such as length(p) <
// 0 or a length below the path's fixed hops, keeps the filter as
// written: no bound expresses it, hi -1 being no bound).
func (b *builder) pathLengthBounds(pl *logical.Pipeline) (*logical.Pipeline, bool) {
	changed := false
	for i, op := range pl.Ops {
		f, ok := op.(logical.Filter)
		if !ok || f.Subst != nil || f.Vectorised {
			continue
		}
		var stay []ast.Expr
		cs := conjuncts(f.Pred)
		for _, c := range cs {
			narrowed, implied := boundPathLength(pl.Ops, i, c, b.runConstOf)
			changed = changed || narrowed
			if !implied {
				stay = append(stay, c)
			}
		}
		if len(stay) == len(cs) {
			continue
		}
		changed = true
		if len(stay) == 0 {
			pl.Ops = replace(pl.Ops, i, 1)
			return pl, true // indices moved; the fixed-point loop comes back
		}
		f.Pred = andOf(stay)
		pl.Ops[i] = f
	}
	return pl, changed
}

// boundPathLength narrows the VarExpand of the path that conjunct c (of
// the filter at ops[at]) bounds, and reports whether it changed the
// expansion and whether c is now implied by its bounds.
func boundPathLength(ops []logical.Op, at int, c ast.Expr, constOf func(string) ast.Expr) (narrowed, implied bool) {
	p, r, ok := pathLengthRange(c, constOf)
	if !ok {
		return false, false
	}
	pb := lastPathBind(ops, at, p)
	if pb < 0 {
		return boundListSize(ops, at, p, r)
	}
	for _, o := range ops[pb+1 : at] {
		switch o.(type) {
		case logical.Filter, logical.NodeFilter, logical.RelFilter:
		default:
			return false, false // p may be another value by the filter
		}
	}
	bind := ops[pb].(logical.PathBind)
	list, fixed := "", 0
	for k, rel := range bind.Rels {
		if k < len(bind.Lists) && bind.Lists[k] {
			if list != "" {
				return false, false
			}
			list = rel
			continue
		}
		fixed++
	}
	if list == "" {
		return false, false
	}
	ve := -1
	for j := pb - 1; j >= 0; j-- {
		if v, ok := ops[j].(logical.VarExpand); ok && v.RelList == list {
			ve = j
			break
		}
	}
	if ve < 0 {
		return false, false
	}
	return narrowVarExpand(ops, ve, r.shift(-fixed))
}

// hopRange is the set of lengths a conjunct keeps: lo to hi (hi -1: no
// upper bound; empty: none), and whether it keeps every length of that
// range (implied: the conjunct goes once the expansion is bounded).
type hopRange struct {
	lo, hi  int
	empty   bool
	implied bool
}

// shift is r with every length moved by d (a length below 0 is none).
func (r hopRange) shift(d int) hopRange {
	r.lo += d
	if r.hi >= 0 {
		r.hi += d
		if r.hi < 0 {
			r.empty = true
		}
	}
	r.lo = max(r.lo, 0)
	return r
}

// compareRange is the range of lengths L with `L op n`.
func compareRange(op ast.CompareOp, n int) (hopRange, bool) {
	switch op {
	case ast.CmpGe:
		return hopRange{lo: n, hi: -1, implied: true}, true
	case ast.CmpGt:
		return hopRange{lo: n + 1, hi: -1, implied: true}, true
	case ast.CmpLe:
		return hopRange{lo: 0, hi: n, empty: n < 0, implied: true}, true
	case ast.CmpLt:
		return hopRange{lo: 0, hi: n - 1, empty: n-1 < 0, implied: true}, true
	case ast.CmpEq:
		return hopRange{lo: n, hi: n, empty: n < 0, implied: true}, true
	}
	return hopRange{}, false
}

// pathLengthRange reads c as a test of a path's (or a relationship
// list's) length and returns the lengths it keeps: a comparison with an
// integer (pathLengthTest), or IN a list literal of integers and nulls or
// IN range() of integer literals (a run-constant parameter standing for
// one, constOf, is read as its expression: it reads no parameter, so its
// value is the same in every run).
func pathLengthRange(c ast.Expr, constOf func(string) ast.Expr) (string, hopRange, bool) {
	if p, op, n, ok := pathLengthTest(c); ok {
		r, ok := compareRange(op, n)
		return p, r, ok
	}
	in, ok := c.(*ast.In)
	if !ok {
		return "", hopRange{}, false
	}
	p, extra, ok := pathLength(in.Expr)
	if !ok {
		return "", hopRange{}, false
	}
	list := in.List
	if prm, isParam := list.(*ast.Parameter); isParam && constOf != nil {
		if e := constOf(prm.Name); e != nil {
			list = e
		}
	}
	lo, hi, contiguous, ok := intListRange(list)
	if !ok {
		return "", hopRange{}, false
	}
	if lo > hi {
		return p, hopRange{empty: true}, true
	}
	r := hopRange{lo: max(lo-extra, 0), hi: hi - extra, implied: contiguous}
	if r.hi < 0 {
		r.empty = true
	}
	return p, r, true
}

// intListRange reads e as a list of integers (and nulls, which no length
// equals): a list literal, or range() of two or three integer literals.
// It returns the least and greatest integer (lo > hi: none) and whether
// the integers are every one between them; ok is false for any other
// expression or element (1.0 = 1: only integers bound).
func intListRange(e ast.Expr) (lo, hi int, contiguous, ok bool) {
	const limit = 1 << 20
	intLit := func(x ast.Expr) (int, bool) {
		l, isLit := x.(*ast.Literal)
		if !isLit || l.Kind != ast.LitInt || l.Int < -limit || l.Int > limit {
			return 0, false
		}
		return int(l.Int), true
	}
	switch x := e.(type) {
	case *ast.ListLiteral:
		var ns []int
		for _, it := range x.Items {
			if l, isLit := it.(*ast.Literal); isLit && l.Kind == ast.LitNull {
				continue
			}
			n, isInt := intLit(it)
			if !isInt {
				return 0, 0, false, false
			}
			ns = append(ns, n)
		}
		if len(ns) == 0 {
			return 1, 0, false, true
		}
		slices.Sort(ns)
		ns = slices.Compact(ns)
		return ns[0], ns[len(ns)-1], ns[len(ns)-1]-ns[0] == len(ns)-1, true
	case *ast.FunctionCall:
		if len(x.Namespace) != 0 || x.Distinct || !strings.EqualFold(x.Name, "range") || len(x.Args) < 2 || len(x.Args) > 3 {
			return 0, 0, false, false
		}
		from, ok1 := intLit(x.Args[0])
		to, ok2 := intLit(x.Args[1])
		step, ok3 := 1, true
		if len(x.Args) == 3 {
			step, ok3 = intLit(x.Args[2])
		}
		if !ok1 || !ok2 || !ok3 || step == 0 {
			return 0, 0, false, false // range() with step 0 raises an error: it stays
		}
		if step < 0 {
			from, to, step = to, from, -step
			if from > to {
				return 1, 0, false, true
			}
			// the elements are from the old start down by step
			last := to
			first := last - (last-from)/step*step
			return first, last, step == 1, true
		}
		if from > to {
			return 1, 0, false, true
		}
		return from, from + (to-from)/step*step, step == 1, true
	}
	return 0, 0, false, false
}

// boundListSize narrows the VarExpand that binds the relationship list
// named list when conjunct c (of the filter at ops[at]) bounds its size:
// MATCH (a)-[rs*1..3]->(b) WHERE size(rs) >= 2 is MATCH (a)-[rs*2..3]->(b).
// Only filters may stand between the expansion and the filter.
func boundListSize(ops []logical.Op, at int, list string, r hopRange) (narrowed, implied bool) {
	for j := at - 1; j >= 0; j-- {
		switch o := ops[j].(type) {
		case logical.VarExpand:
			if o.RelList != list {
				return false, false
			}
			return narrowVarExpand(ops, j, r)
		case logical.Filter, logical.NodeFilter, logical.RelFilter:
		default:
			return false, false
		}
	}
	return false, false
}

// narrowVarExpand bounds the hops of the VarExpand at ops[ve] to r, and
// reports whether that changed its bounds and whether the conjunct r came
// from is now implied. An empty r, or one that leaves no length of the
// expansion, changes nothing: hi -1 means no upper bound, so no bound
// says "no length", and the conjunct stays to reject every row.
func narrowVarExpand(ops []logical.Op, ve int, r hopRange) (narrowed, implied bool) {
	v := ops[ve].(logical.VarExpand)
	if v.ListBound || r.empty {
		return false, false
	}
	lo, hi := max(v.Min, r.lo), v.Max // hi -1: unbounded
	if r.hi >= 0 {
		hi = minBound(hi, r.hi)
	}
	if lo < 0 || hi >= 0 && lo > hi {
		return false, false
	}
	narrowed = lo != v.Min || hi != v.Max
	v.Min, v.Max = lo, hi
	ops[ve] = v
	return narrowed, r.implied
}

func minBound(hi, n int) int {
	if hi < 0 {
		return n
	}
	return min(hi, n)
}

// pathLengthTest reads c as `length(p) op n` for a path variable p and an
// integer literal n: length(p), size(relationships(p)) or size(nodes(p))
// (then n is one less) on either side of =, <, <=, > or >=.
func pathLengthTest(c ast.Expr) (p string, op ast.CompareOp, n int, ok bool) {
	cmp, isCmp := c.(*ast.Comparison)
	if !isCmp || len(cmp.Ops) != 1 {
		return "", 0, 0, false
	}
	op = cmp.Ops[0]
	l, r := cmp.Operands[0], cmp.Operands[1]
	if _, isLit := l.(*ast.Literal); isLit {
		l, r, op = r, l, flipComparison(op)
	}
	lit, isLit := r.(*ast.Literal)
	if !isLit || lit.Kind != ast.LitInt || lit.Int < 0 || lit.Int > 1<<20 {
		return "", 0, 0, false
	}
	p, extra, ok := pathLength(l)
	if !ok || int(lit.Int)-extra < 0 {
		return "", 0, 0, false
	}
	return p, op, int(lit.Int) - extra, true
}

// pathLength reads e as the length of path variable p plus extra:
// length(p), size(relationships(p)) (extra 0) or size(nodes(p)) (extra 1),
// plus or minus an integer literal (size(nodes(p)) - 1: extra 0).
func pathLength(e ast.Expr) (p string, extra int, ok bool) {
	if b, isBin := e.(*ast.Binary); isBin && (b.Op == ast.OpAdd || b.Op == ast.OpSub) {
		lit, isLit := b.Right.(*ast.Literal)
		if !isLit || lit.Kind != ast.LitInt || lit.Int < -1<<20 || lit.Int > 1<<20 {
			return "", 0, false
		}
		p, extra, ok = pathLength(b.Left)
		if b.Op == ast.OpAdd {
			return p, extra + int(lit.Int), ok
		}
		return p, extra - int(lit.Int), ok
	}
	f, isCall := e.(*ast.FunctionCall)
	if !isCall || len(f.Namespace) != 0 || f.Distinct || len(f.Args) != 1 {
		return "", 0, false
	}
	switch strings.ToLower(f.Name) {
	case "length":
		p, ok = varName(f.Args[0])
		return p, 0, ok
	case "size":
		if v, isVar := varName(f.Args[0]); isVar {
			return v, 0, true // a relationship list's size (see boundListSize)
		}
		inner, isCall := f.Args[0].(*ast.FunctionCall)
		if !isCall || len(inner.Namespace) != 0 || inner.Distinct || len(inner.Args) != 1 {
			return "", 0, false
		}
		p, ok = varName(inner.Args[0])
		switch strings.ToLower(inner.Name) {
		case "relationships":
			return p, 0, ok
		case "nodes":
			return p, 1, ok
		}
	}
	return "", 0, false
}

// lastPathBind returns the position of the last PathBind of path p
// before ops[at], whatever lies between, or -1 (pathBindBefore allows
// only filters between).
func lastPathBind(ops []logical.Op, at int, p string) int {
	for j := at - 1; j >= 0; j-- {
		if b, ok := ops[j].(logical.PathBind); ok && b.Var == p {
			return j
		}
	}
	return -1
}
