package planner

import (
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
// Precondition: the path's PathBind has exactly one relationship list,
// which a VarExpand before it binds (not to a list bound before); only
// filters stand between the PathBind and the conjunct's filter; the new
// bounds leave at least one length (an empty range keeps the filter as
// written).
func pathLengthBounds(pl *logical.Pipeline) (*logical.Pipeline, bool) {
	changed := false
	for i, op := range pl.Ops {
		f, ok := op.(logical.Filter)
		if !ok || f.Subst != nil || f.Vectorised {
			continue
		}
		var stay []ast.Expr
		cs := conjuncts(f.Pred)
		for _, c := range cs {
			if !boundPathLength(pl.Ops, i, c) {
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
// the filter at ops[at]) bounds, and reports whether it did (c is then
// implied).
func boundPathLength(ops []logical.Op, at int, c ast.Expr) bool {
	p, op, n, ok := pathLengthTest(c)
	if !ok {
		return false
	}
	pb := lastPathBind(ops, at, p)
	if pb < 0 {
		return boundListSize(ops, at, p, op, n)
	}
	for _, o := range ops[pb+1 : at] {
		switch o.(type) {
		case logical.Filter, logical.NodeFilter, logical.RelFilter:
		default:
			return false // p may be another value by the filter
		}
	}
	bind := ops[pb].(logical.PathBind)
	list, fixed := "", 0
	for k, r := range bind.Rels {
		if k < len(bind.Lists) && bind.Lists[k] {
			if list != "" {
				return false
			}
			list = r
			continue
		}
		fixed++
	}
	if list == "" {
		return false
	}
	ve := -1
	for j := pb - 1; j >= 0; j-- {
		if v, ok := ops[j].(logical.VarExpand); ok && v.RelList == list {
			ve = j
			break
		}
	}
	if ve < 0 {
		return false
	}
	return narrowVarExpand(ops, ve, op, n-fixed)
}

// boundListSize narrows the VarExpand that binds the relationship list
// named list when conjunct c (of the filter at ops[at]) bounds its size:
// MATCH (a)-[rs*1..3]->(b) WHERE size(rs) >= 2 is MATCH (a)-[rs*2..3]->(b).
// Only filters may stand between the expansion and the filter.
func boundListSize(ops []logical.Op, at int, list string, op ast.CompareOp, n int) bool {
	for j := at - 1; j >= 0; j-- {
		switch o := ops[j].(type) {
		case logical.VarExpand:
			if o.RelList != list {
				return false
			}
			return narrowVarExpand(ops, j, op, n)
		case logical.Filter, logical.NodeFilter, logical.RelFilter:
		default:
			return false
		}
	}
	return false
}

// narrowVarExpand bounds the hops of the VarExpand at ops[ve] by op n,
// and reports whether it did.
func narrowVarExpand(ops []logical.Op, ve int, op ast.CompareOp, n int) bool {
	v := ops[ve].(logical.VarExpand)
	if v.ListBound {
		return false
	}
	lo, hi := v.Min, v.Max // hi -1: unbounded
	switch op {
	case ast.CmpGe:
		lo = max(lo, n)
	case ast.CmpGt:
		lo = max(lo, n+1)
	case ast.CmpLe:
		hi = minBound(hi, n)
	case ast.CmpLt:
		hi = minBound(hi, n-1)
	case ast.CmpEq:
		lo, hi = max(lo, n), minBound(hi, n)
	default:
		return false
	}
	if lo < 0 || hi >= 0 && lo > hi {
		return false
	}
	v.Min, v.Max = lo, hi
	ops[ve] = v
	return true
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
