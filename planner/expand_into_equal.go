package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// expandIntoEqual reads an expansion to a new node that a filter equates
// with a node bound before it as the expansion into that node: in
// `MATCH (a)-->(b)-->(c)-->(d) WHERE d = a` (or id(d) = id(a)) the last
// hop is (c)-->(a), a closed cycle that the cycle and adjacency rules
// see, where the expansion enumerated every d to keep the one row in a
// thousand that is a. The two are the same rows: the hop's relationships
// from c are those that end at a exactly when d = a holds, and both
// variables hold the same node on them; d stays bound, as a projection
// of a right after the hop (the filters after it read it as before), and
// the equality goes. A node bound before is never null in the pipeline's
// rows (an OPTIONAL MATCH's null node is bound by its own operator, which
// this rule does not take as a binder), so the equality is never null.
//
// Only filters on d may stand between the expansion and the filter (the
// rewrite leaves them where they are, after the projection).
func expandIntoEqual(pl *logical.Pipeline) (*logical.Pipeline, bool) {
	for i, op := range pl.Ops {
		f, ok := op.(logical.Filter)
		if !ok || f.Subst != nil || f.Vectorised {
			continue
		}
		cs := conjuncts(f.Pred)
		for k, c := range cs {
			x, y, ok := nodeEquality(c)
			if !ok {
				continue
			}
			for _, pair := range [2][2]string{{x, y}, {y, x}} {
				d, a := pair[0], pair[1]
				e := newNodeExpand(pl.Ops, i, d)
				if e < 0 || !boundBefore(pl.Ops[:e], a) {
					continue
				}
				ex := pl.Ops[e].(logical.Expand)
				ex.To, ex.ToBound = a, true
				alias := logical.Project{Items: []logical.Item{{Expr: &ast.Variable{Span: c.NodeSpan(), Name: a}, Name: d}}}
				rest := append(append([]ast.Expr(nil), cs[:k]...), cs[k+1:]...)
				ops := append([]logical.Op(nil), pl.Ops[:e]...)
				ops = append(ops, ex, alias)
				for j := e + 1; j < len(pl.Ops); j++ {
					if j != i {
						ops = append(ops, pl.Ops[j])
						continue
					}
					if len(rest) > 0 {
						f.Pred = andOf(rest)
						ops = append(ops, f)
					}
				}
				pl.Ops = ops
				return pl, true // indices moved; the fixed-point loop comes back
			}
		}
	}
	return pl, false
}

// nodeEquality reads c as u = v or id(u) = id(v) (elementId too) of two
// distinct variables.
func nodeEquality(c ast.Expr) (string, string, bool) {
	cmp, ok := c.(*ast.Comparison)
	if !ok || len(cmp.Ops) != 1 || cmp.Ops[0] != ast.CmpEq {
		return "", "", false
	}
	var names [2]string
	for k, o := range cmp.Operands {
		if f, isCall := o.(*ast.FunctionCall); isCall {
			fn := strings.ToLower(f.Name)
			if len(f.Namespace) != 0 || f.Distinct || len(f.Args) != 1 || fn != "id" && fn != "elementid" {
				return "", "", false
			}
			o = f.Args[0]
		}
		v, isVar := varName(o)
		if !isVar {
			return "", "", false
		}
		names[k] = v
	}
	if names[0] == names[1] {
		return "", "", false
	}
	if _, isCall := cmp.Operands[0].(*ast.FunctionCall); isCall != isCallExpr(cmp.Operands[1]) {
		return "", "", false // id(u) = v compares an id with an entity
	}
	return names[0], names[1], true
}

func isCallExpr(e ast.Expr) bool {
	_, ok := e.(*ast.FunctionCall)
	return ok
}

// newNodeExpand is the index of the expansion that binds node d anew
// (To, not into a bound node), with only filters between it and ops[at];
// -1 when there is none.
func newNodeExpand(ops []logical.Op, at int, d string) int {
	for j := at - 1; j >= 0; j-- {
		switch o := ops[j].(type) {
		case logical.Expand:
			if o.To == d && !o.ToBound && o.Rel != d {
				return j
			}
			return -1
		case logical.Filter, logical.NodeFilter, logical.RelFilter:
		default:
			return -1
		}
	}
	return -1
}

// boundBefore reports whether an operator of ops binds node a: a scan
// or seek of it, or an expansion from or to it.
func boundBefore(ops []logical.Op, a string) bool {
	for _, op := range ops {
		switch o := op.(type) {
		case logical.Expand:
			if o.From == a || o.To == a {
				return true
			}
		case logical.VarExpand:
			if o.From == a || o.To == a {
				return true
			}
		default:
			if v, ok := bindsNode(op); ok && v == a {
				return true
			}
		}
	}
	return false
}
