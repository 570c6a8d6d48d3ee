package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// typeChecks gives a relationship type test written in a WHERE the form
// a relationship pattern's types take: a conjunct `type(r) = 'T'`,
// `type(r) IN ['T', 'U']`, or an OR of such tests of r, that stands in a
// filter after the expansion binding r (with only filters between), narrows
// the expansion's types to those listed (intersected with the types the
// pattern wrote) and goes, as labelChecks does for a node's label tests.
// `MATCH (a)-[r]->(b) WHERE type(r) IN ['R', 'S']` then expands
// `-[r:R|S]->`, reading only those types' adjacency, and the rules that
// read an expansion's types (degree reads, set expansion, type counts)
// see what `-[r:R|S]->` gives them. type(r) of a bound relationship is
// never null and is one name, so the test holds exactly of the
// relationships of those types; a test that keeps no type the pattern
// allows is left as written. It returns the pipeline and whether anything
// changed.
func typeChecks(pl *logical.Pipeline) (*logical.Pipeline, bool) {
	changed := false
	ops := pl.Ops
	for i := 0; i < len(ops); i++ {
		ex, ok := ops[i].(logical.Expand)
		if !ok || ex.Rel == "" || ex.RelBound {
			continue
		}
	scan:
		for j := i + 1; j < len(ops); j++ {
			switch o := ops[j].(type) {
			case logical.NodeFilter, logical.RelFilter:
				continue
			case logical.Filter:
				if o.Subst != nil || o.Vectorised {
					break scan
				}
				var rest []ast.Expr
				cs := conjuncts(o.Pred)
				for _, c := range cs {
					types, ok := typeTestOf(c, ex.Rel)
					if ok && len(ex.Types) > 0 {
						types = slices.DeleteFunc(types, func(t string) bool { return !slices.Contains(ex.Types, t) })
					}
					if !ok || len(types) == 0 {
						rest = append(rest, c)
						continue
					}
					ex.Types = types
				}
				if len(rest) == len(cs) {
					continue
				}
				ops = slices.Clone(ops)
				ops[i] = ex
				if len(rest) == 0 {
					ops = slices.Delete(ops, j, j+1)
					j--
				} else {
					o.Pred = andOf(rest)
					ops[j] = o
				}
				changed = true
			default:
				break scan
			}
		}
	}
	if !changed {
		return pl, false
	}
	return &logical.Pipeline{Ops: ops, Est: pl.Est}, true
}

// typeTestOf returns the relationship types conjunct c admits for
// relationship variable r when c is `type(r) = 'T'` (either side),
// `type(r) IN [...]` of string literals, or an OR of such tests; the
// names come back sorted, without repeats.
func typeTestOf(c ast.Expr, r string) ([]string, bool) {
	var out []string
	var walk func(e ast.Expr) bool
	walk = func(e ast.Expr) bool {
		switch x := e.(type) {
		case *ast.Binary:
			return x.Op == ast.OpOr && walk(x.Left) && walk(x.Right)
		case *ast.Comparison:
			if len(x.Ops) != 1 || x.Ops[0] != ast.CmpEq {
				return false
			}
			l, rt := x.Operands[0], x.Operands[1]
			if !isTypeOf(l, r) {
				l, rt = rt, l
			}
			name, ok := stringLit(rt)
			if !ok || !isTypeOf(l, r) {
				return false
			}
			out = append(out, name)
			return true
		case *ast.In:
			list, ok := x.List.(*ast.ListLiteral)
			if !ok || !isTypeOf(x.Expr, r) {
				return false
			}
			for _, it := range list.Items {
				name, ok := stringLit(it)
				if !ok {
					return false
				}
				out = append(out, name)
			}
			return true
		}
		return false
	}
	if !walk(c) || len(out) == 0 {
		return nil, false
	}
	slices.Sort(out)
	return slices.Compact(out), true
}

// isTypeOf reports whether e is type(r).
func isTypeOf(e ast.Expr, r string) bool {
	fc, ok := e.(*ast.FunctionCall)
	if !ok || len(fc.Namespace) != 0 || fc.Distinct || len(fc.Args) != 1 || !strings.EqualFold(fc.Name, "type") {
		return false
	}
	v, ok := varName(fc.Args[0])
	return ok && v == r
}

// stringLit returns the value of a string literal.
func stringLit(e ast.Expr) (string, bool) {
	l, ok := e.(*ast.Literal)
	if !ok || l.Kind != ast.LitString {
		return "", false
	}
	return l.Str, true
}
