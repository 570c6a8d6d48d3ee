package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// unionSets reads a CALL { A UNION B ... } that returns one node column
// x as the union of the branches' node sets: the CALL runs once (it
// follows the query's start alone), every branch binds x to a node that
// is never null, and either the UNION removes duplicates or nothing after
// the CALL counts how often a row occurs (the required-properties
// analysis). The distinct rows of such a CALL are exactly the nodes in the
// union of the sets of x each branch binds, so it becomes a semi-join scan
// (logical.SemiJoin with Scan) over the OR of one leaf per branch: each
// branch runs as a build that hands its whole set over (set at a time
// where its own rewrites allow, its multiplicity no longer needed), the
// sets are joined by a bitmap union, and a count(DISTINCT x) or
// count(x) after it takes the set whole. `CALL { MATCH (x)-->(e {id: 1})
// RETURN x UNION MATCH (x)-->()-->(e {id: 1}) RETURN x } RETURN count(x)`
// is then the union of two reach sets, as `-[*1..2]->` is.
func unionSets(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	if b.rowModeOnly || len(ops) < 2 {
		return ops, false
	}
	if _, ok := ops[0].(logical.Start); !ok {
		return ops, false
	}
	call, ok := ops[1].(logical.CallSubquery)
	if !ok || len(call.Union) == 0 || len(call.Columns) != 1 {
		return ops, false
	}
	if call.UnionAll && req.After[1].Bag {
		return ops, false
	}
	x := call.Columns[0]
	var leaves []logical.SetTerm
	for _, br := range call.Children() {
		n := len(br.Ops)
		if n < 2 || writesIn(br.Ops) {
			return ops, false
		}
		if e, ok := br.Ops[n-1].(logical.Emit); !ok || len(e.Columns) != 1 || e.Columns[0] != x {
			return ops, false
		}
		if _, ok := br.Ops[0].(logical.Start); !ok {
			return ops, false
		}
		body := br.Ops[:n-1]
		if !boundNode(body, x) || slices.ContainsFunc(body, logical.Op.Breaker) {
			// a build runs as one segment: a branch's ORDER BY, LIMIT or
			// aggregation keeps the CALL
			return ops, false
		}
		leaves = append(leaves, logical.SetTerm{Build: &logical.Pipeline{Ops: append([]logical.Op(nil), body...)}})
	}
	tree := &logical.SetTree{Op: logical.SetOr}
	for k := range leaves {
		tree.Kids = append(tree.Kids, &logical.SetTree{Op: logical.SetLeaf, Leaf: k})
	}
	sj := logical.SemiJoin{Probe: x, Scan: true, Build: leaves[0].Build, Tree: tree, More: leaves[1:]}
	return replace(ops, 1, 1, sj), true
}

// boundNode reports whether the operators of a pipeline leave name bound
// to a node that is never null: an operator that binds nodes bound it,
// and projections after it only passed it on (under its own name or
// another) and kept it.
func boundNode(ops []logical.Op, name string) bool {
	nodes := map[string]bool{}
	for _, op := range ops {
		switch o := op.(type) {
		case logical.NodeScan:
			nodes[o.Var] = true
		case logical.NodeIndexSeek:
			nodes[o.Var] = true
		case logical.NodeRangeSeek:
			nodes[o.Var] = true
		case logical.NodeSetSeek:
			nodes[o.Var] = true
		case logical.Expand:
			nodes[o.To] = nodes[o.To] || !o.ToBound
		case logical.VarExpand:
			nodes[o.To] = nodes[o.To] || !o.ToBound
		case logical.ExpandChain:
			nodes[o.To] = true
		case logical.ExpandCommon:
			nodes[o.X] = true
		case logical.SemiJoin:
			if o.Scan {
				nodes[o.Probe] = true
			}
		case logical.Project:
			next := map[string]bool{}
			for _, it := range o.Items {
				if v, ok := it.Expr.(*ast.Variable); ok && nodes[v.Name] {
					next[it.Name] = true
				}
			}
			for _, it := range o.Items {
				delete(nodes, it.Name)
			}
			for v := range next {
				nodes[v] = true
			}
		case logical.Select:
			kept := map[string]bool{}
			for _, v := range o.Vars {
				kept[v] = nodes[v]
			}
			nodes = kept
		case logical.Aggregate:
			kept := map[string]bool{}
			for _, k := range o.Keys {
				if v, ok := k.Expr.(*ast.Variable); ok && nodes[v.Name] && v.Name == k.Name {
					kept[k.Name] = true
				}
			}
			nodes = kept
		case logical.Unwind:
			delete(nodes, o.Var)
		case logical.CallSubquery:
			for _, c := range o.Columns {
				delete(nodes, c)
			}
		default:
			vs, _ := bindsVars(op)
			for _, v := range vs {
				delete(nodes, v)
			}
		}
	}
	return nodes[name] && nonNullVars(ops)[name]
}
