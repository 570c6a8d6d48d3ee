package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// relEnds reads the ends of a relationship that a directed hop binds as
// the hop's node variables: after `(a)-[r]->(b)` (an Expand of r from a
// to b, or from b to a against it), startNode(r) is a and endNode(r) is
// b; after `(a)<-[r]-(b)`, startNode(r) is b and endNode(r) is a. The
// hop matched r between exactly those nodes in that direction, so the
// values are the same nodes on every row, and no relationship record is
// read per row to find them. With pathFunctions this reads a path's
// elements through its relationships as the pattern's nodes:
// endNode(head(relationships(p))) of p = (a)-->(b)-->(c) is b.
//
// An undirected hop leaves both ends open (either way round matches).
// The rewrite covers what pathFunctions covers (rewriteFollowing): after
// the hop, up to the first aggregation, DISTINCT, change of scope or
// projection that binds one of the two node names to another value, and
// not into the comprehensions, quantifiers and subqueries that may name
// a local variable r. An equality of an end with a variable stays as
// written (endJoin).
func (b *builder) relEnds(pl *logical.Pipeline) (*logical.Pipeline, bool) {
	changed := false
	for i, op := range pl.Ops {
		e, ok := op.(logical.Expand)
		if !ok || e.Rel == "" || (e.Dir != ast.DirRight && e.Dir != ast.DirLeft) {
			continue
		}
		start, end := e.From, e.To
		if e.Dir == ast.DirLeft {
			start, end = end, start
		}
		ends := func(x ast.Expr) (ast.Expr, bool) {
			return rewriteExpr(x, func(y ast.Expr) (ast.Expr, bool) {
				f, ok := y.(*ast.FunctionCall)
				if !ok || len(f.Namespace) != 0 || f.Distinct || len(f.Args) != 1 {
					return nil, false
				}
				if v, ok := varName(f.Args[0]); !ok || v != e.Rel {
					return nil, false
				}
				switch strings.ToLower(f.Name) {
				case "startnode":
					return &ast.Variable{Span: f.Span, Name: start}, true
				case "endnode":
					return &ast.Variable{Span: f.Span, Name: end}, true
				}
				return nil, false
			})
		}
		// An end equated with a variable is a join that nodeJoinConds
		// reads as written (the start choice, a seek of the node): it
		// stays, as does the cost of the plan it leads to.
		rw := func(x ast.Expr) (ast.Expr, bool) {
			cs := conjuncts(x)
			if len(cs) == 1 {
				if endJoin(cs[0], e.Rel) {
					return x, false
				}
				return ends(x)
			}
			var out []ast.Expr
			changed := false
			for _, c := range cs {
				if !endJoin(c, e.Rel) {
					if n, ok := ends(c); ok {
						c, changed = n, true
					}
				}
				out = append(out, c)
			}
			if !changed {
				return x, false
			}
			return andOf(out), true
		}
		c, restart := b.rewriteFollowing(pl, i, []string{e.From, e.To}, rw)
		if restart {
			return pl, true
		}
		changed = changed || c
	}
	return pl, changed
}

// endJoin reports whether c is an equality of startNode(rel) or
// endNode(rel) with a variable (either side).
func endJoin(c ast.Expr, rel string) bool {
	cmp, ok := c.(*ast.Comparison)
	if !ok || len(cmp.Ops) != 1 || cmp.Ops[0] != ast.CmpEq {
		return false
	}
	for k := 0; k < 2; k++ {
		f, ok := cmp.Operands[k].(*ast.FunctionCall)
		if !ok || len(f.Args) != 1 {
			continue
		}
		if n := strings.ToLower(f.Name); n != "startnode" && n != "endnode" {
			continue
		}
		if v, ok := varName(f.Args[0]); !ok || v != rel {
			continue
		}
		if _, ok := cmp.Operands[1-k].(*ast.Variable); ok {
			return true
		}
	}
	return false
}
