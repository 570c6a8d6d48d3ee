package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// unionSets reads a CALL { A UNION B ... } that returns one node column
// x as the union of the branches' node sets: every branch binds x to a
// node that is never null, and either the UNION removes duplicates or
// nothing after the CALL counts how often a row occurs (the
// required-properties analysis). For one entering row the distinct rows
// of such a CALL are exactly the nodes in the union of the sets of x each
// branch binds, so it becomes a semi-join scan (logical.SemiJoin with
// Scan) over the OR of one leaf per branch: each branch runs as a build
// that hands its whole set over (set at a time where its own rewrites
// allow, its multiplicity no longer needed), the sets are joined by a
// bitmap union, and a count(DISTINCT x) or count(x) after it takes the
// set whole. `CALL { MATCH (x)-->(e {id: 1}) RETURN x UNION MATCH
// (x)-->()-->(e {id: 1}) RETURN x } RETURN count(x)` is then the union of
// two reach sets, as `-[*1..2]->` is.
//
// A correlated CALL is read the same way: a branch that reads one
// variable of the entering row, a node bound before the CALL and never
// null (`MATCH (a {id: 1}) CALL { WITH a MATCH (a)-->(b) RETURN b UNION
// WITH a MATCH (a)<--(b) RETURN b }`), is a leaf built per that node (its
// Key), rebuilt only when the node changes; a branch that reads none is
// built once. A branch that reads more, or a value that is not such a
// node, keeps the CALL.
func unionSets(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	if b.rowModeOnly || len(ops) < 2 {
		return ops, false
	}
	if _, ok := ops[0].(logical.Start); !ok {
		return ops, false
	}
	for i := 1; i < len(ops); i++ {
		if sj, ok := unionSetJoin(ops, i, req, b.bodyNodes); ok {
			return replace(ops, i, 1, sj), true
		}
	}
	return ops, false
}

// unionSetJoin returns the semi-join scan that ops[i] is when it is a
// CALL unionSets reads (see there).
func unionSetJoin(ops []logical.Op, i int, req required, imported map[string]bool) (logical.SemiJoin, bool) {
	call, ok := ops[i].(logical.CallSubquery)
	if !ok || len(call.Union) == 0 || len(call.Columns) != 1 {
		return logical.SemiJoin{}, false
	}
	if call.UnionAll && req.After[i].Bag {
		return logical.SemiJoin{}, false
	}
	x := call.Columns[0]
	var leaves []logical.SetTerm
	for _, br := range call.Children() {
		n := len(br.Ops)
		if n < 2 || writesIn(br.Ops) {
			return logical.SemiJoin{}, false
		}
		if e, ok := br.Ops[n-1].(logical.Emit); !ok || len(e.Columns) != 1 || e.Columns[0] != x {
			return logical.SemiJoin{}, false
		}
		if _, ok := br.Ops[0].(logical.Start); !ok {
			return logical.SemiJoin{}, false
		}
		body := br.Ops[:n-1]
		if !boundNode(body, x) || slices.ContainsFunc(body, logical.Op.Breaker) {
			// a build runs as one segment: a branch's ORDER BY, LIMIT or
			// aggregation keeps the CALL
			return logical.SemiJoin{}, false
		}
		key, ok := branchKey(body, x, ops[:i], imported)
		if !ok {
			return logical.SemiJoin{}, false
		}
		leaves = append(leaves, logical.SetTerm{Key: key, Build: &logical.Pipeline{Ops: append([]logical.Op(nil), body...)}})
	}
	tree := &logical.SetTree{Op: logical.SetOr}
	for k := range leaves {
		tree.Kids = append(tree.Kids, &logical.SetTree{Op: logical.SetLeaf, Leaf: k})
	}
	return logical.SemiJoin{Probe: x, Key: leaves[0].Key, Scan: true, Build: leaves[0].Build, Tree: tree, More: leaves[1:]}, true
}

// branchKey returns the variable of the entering row a CALL branch's body
// reads to bind x ("" for none) when it reads at most one, a node that
// the operators before the CALL (outer) bind and never leave null, or a
// node the subquery body holding the CALL imports (imported) that no
// operator before the CALL binds again. (An imported node may be null:
// the set is then built, as the branch would run, from the null node,
// which a pattern matches nothing from.)
func branchKey(body []logical.Op, x string, outer []logical.Op, imported map[string]bool) (string, bool) {
	in := analyse(body, need{Live: newVarSet(x)}).In.Live
	if in.all || in.aggs {
		return "", false
	}
	key := ""
	for v := range in.names {
		if key != "" || v == x || !boundNode(outer, v) && !importedNode(outer, v, imported) {
			return "", false
		}
		key = v
	}
	return key, true
}

// importedNode reports whether name is a node of the body that imports
// it, left as it is by outer (which only starts the pipeline and filters
// its rows).
func importedNode(outer []logical.Op, name string, imported map[string]bool) bool {
	if !imported[name] {
		return false
	}
	for _, op := range outer {
		switch op.(type) {
		case logical.Start, logical.Filter:
		default:
			return false
		}
	}
	return true
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
