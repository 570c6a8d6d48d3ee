package planner

import (
	"math"

	"github.com/cyqdb/cyq/parser/ast"
)

// valueDomains is the chance that variables a and b, values an UNWIND
// drew from lists the same on every row (see runConstantLength), are
// equal: when both lists' values are known when
// planning, the share of the pairs that are equal; otherwise, as for a
// join of two columns, 1/distinct of the larger domain (a list of n
// values holds at most n distinct ones). ok is false unless one of them
// was unwound (two nodes or relationships compare by identity, see
// identity).
func (s *selectivity) valueDomains(a, b string) (float64, bool) {
	da, okA := s.domains[a]
	db, okB := s.domains[b]
	if !okA && !okB {
		return 0, false
	}
	if va, vb := s.values[a], s.values[b]; len(va) > 0 && len(vb) > 0 {
		return equalShare(va, vb), true
	}
	return 1 / math.Max(1, math.Max(da, db)), true
}

// inDomain is valueDomains for x IN list, x a value an UNWIND drew from a
// list: the share of x's values in list when both are known, else the
// list's length over x's domain (at most 1).
func (s *selectivity) inDomain(x, list ast.Expr) (float64, bool) {
	v, ok := x.(*ast.Variable)
	if !ok {
		return 0, false
	}
	d, ok := s.domains[v.Name]
	if !ok {
		return 0, false
	}
	n, ok := listLength(s.b.planValue(list), lists{})
	if !ok {
		return 0, false
	}
	if l, isList := s.b.planValue(list).(*ast.ListLiteral); isList && len(s.values[v.Name]) > 0 {
		vx := s.values[v.Name]
		var items []*ast.Literal
		for _, it := range l.Items {
			known := s.seekValues(it)
			if len(known) != 1 {
				items = nil
				break
			}
			items = append(items, known[0])
		}
		if items != nil {
			in := 0
			for _, a := range vx {
				for _, b := range items {
					if sameLiteral(a, b) {
						in++
						break
					}
				}
			}
			return float64(in) / float64(len(vx)), true
		}
	}
	return math.Min(1, n/math.Max(1, d)), true
}

// equalShare is the share of the pairs of a value of xs and one of ys
// that are equal.
func equalShare(xs, ys []*ast.Literal) float64 {
	same := 0
	for _, x := range xs {
		for _, y := range ys {
			if sameLiteral(x, y) {
				same++
			}
		}
	}
	return float64(same) / float64(len(xs)*len(ys))
}

// sameLiteral reports whether literals a and b are equal values (null
// equals nothing).
func sameLiteral(a, b *ast.Literal) bool {
	return a.Kind == b.Kind && a.Kind != ast.LitNull && ast.FormatExpr(a) == ast.FormatExpr(b)
}

// runConstantLength is the length of a list that is the same on every
// row (a literal of literals or parameters, range() of literals, a
// parameter: unknown length, priced as an UNWIND of one is), whose
// values are then a domain the unwound variable draws from.
func runConstantLength(e ast.Expr) (float64, bool) {
	switch x := e.(type) {
	case *ast.Parameter:
		return unwindFanout, true
	case *ast.ListLiteral:
		for _, it := range x.Items {
			switch it.(type) {
			case *ast.Literal, *ast.Parameter:
			default:
				return 0, false
			}
		}
	}
	return listLength(e, lists{})
}
