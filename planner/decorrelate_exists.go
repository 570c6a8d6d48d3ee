package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// semiJoinExists turns a scan of candidates filtered by an existence
// pattern from a bound node into a set expansion from that node (or, for
// NOT, the candidates minus the pattern's end nodes: an anti-join):
// `MATCH (a {id: 1}), (c:User) WHERE EXISTS { (a)-->()-->(c) }` computes
// the pattern's end nodes once per a, set at a time, and keeps those with
// c's label, instead of testing the pattern once per candidate. Each
// candidate still appears at most once per row of a, so the rows are the
// same. The pattern must run from a to c (or back) through anonymous,
// unconstrained nodes and relationships: one or two hops, or one
// variable-length relationship that a set frontier answers exactly.
func semiJoinExists(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i := 0; i+1 < len(ops); i++ {
		scan, ok := ops[i].(logical.NodeScan)
		if !ok || len(scan.Prefilter) > 0 || scan.Batch > 0 {
			continue
		}
		f, ok := ops[i+1].(logical.Filter)
		if !ok || len(f.Subst) > 0 || f.Vectorised {
			continue
		}
		nodes := boundNodes(ops[:i])
		parts := conjuncts(f.Pred)
		for k, c := range parts {
			not, negated := c.(*ast.Unary)
			negated = negated && not.Op == ast.OpNot
			if negated {
				c = not.Expr
			}
			expand, ok := b.existsExpansion(c, scan.Var, nodes)
			if !ok {
				continue
			}
			with := []logical.Op{expand}
			switch {
			case negated:
				with = []logical.Op{logical.ScanExcept{Var: scan.Var, Label: scan.Label, Reach: expand}}
			case scan.Label != "":
				with = append(with, logical.NodeFilter{Var: scan.Var, Labels: &ast.LabelName{Name: scan.Label}})
			}
			if rest := append(append([]ast.Expr(nil), parts[:k]...), parts[k+1:]...); len(rest) > 0 {
				f.Pred = andAll(rest)
				with = append(with, f)
			}
			return replace(ops, i, 2, with...), true
		}
	}
	return ops, false
}

// existsExpansion returns the set operator binding to to the end nodes of
// e's pattern from a bound node, when e is such an existence test.
func (b *builder) existsExpansion(e ast.Expr, to string, nodes map[string]bool) (logical.Op, bool) {
	var el *ast.PatternElement
	switch x := e.(type) {
	case *ast.PatternExpr:
		el = x.Element
	case *ast.ExistsSubquery:
		if x.Pattern == nil || x.Where != nil || len(x.Pattern.Parts) != 1 || x.Pattern.Parts[0].Var != nil || x.Pattern.Parts[0].Kind != ast.PathPlain {
			return nil, false
		}
		el = x.Pattern.Parts[0].Element
	default:
		return nil, false
	}
	if el == nil || len(el.Rels) == 0 || len(el.Rels) > 2 {
		return nil, false
	}
	first, last := el.Nodes[0], el.Nodes[len(el.Nodes)-1]
	if first.Var == nil || last.Var == nil {
		return nil, false
	}
	rels := el.Rels
	from := first.Var.Name
	flip := false
	switch {
	case nodes[from] && last.Var.Name == to:
	case nodes[last.Var.Name] && from == to:
		from, flip = last.Var.Name, true
	default:
		return nil, false
	}
	if from == to {
		return nil, false
	}
	for _, n := range el.Nodes {
		if n.Labels != nil || n.Props != nil || n.Where != nil {
			return nil, false
		}
	}
	for _, n := range el.Nodes[1 : len(el.Nodes)-1] {
		if n.Var != nil {
			return nil, false
		}
	}
	var hops []logical.Hop
	for _, r := range rels {
		types, simple := r.TypeNames()
		if r.Var != nil || r.Props != nil || r.Where != nil || !simple {
			return nil, false
		}
		dir := r.Direction
		if flip {
			dir = reverse(dir)
		}
		hops = append(hops, logical.Hop{Dir: dir, Types: dedupe(types)})
	}
	if flip {
		for i, j := 0, len(hops)-1; i < j; i, j = i+1, j-1 {
			hops[i], hops[j] = hops[j], hops[i]
		}
	}
	if r := rels[0]; r.VarLength != nil {
		if len(rels) != 1 {
			return nil, false
		}
		min, max := lengthBounds(r.VarLength)
		v := logical.VarExpand{From: from, RelList: b.fresh("rels"), To: to, Dir: hops[0].Dir, Types: hops[0].Types, Min: min, Max: max}
		if varExpandRowReason(v, need{Live: newVarSet()}) != "" {
			return nil, false
		}
		if min == 2 && max == 2 {
			return logical.ExpandChain{From: from, To: to, Hops: []logical.Hop{hops[0], hops[0]}}, true
		}
		v.Mode = logical.SetMode
		return v, true
	}
	for _, r := range rels {
		if r.VarLength != nil {
			return nil, false
		}
	}
	return logical.ExpandChain{From: from, To: to, Hops: hops}, true
}

// boundNodes returns the node variables bound after ops.
func boundNodes(ops []logical.Op) map[string]bool {
	nodes := map[string]bool{}
	for _, op := range ops {
		if v := newNodeVar(op); v != "" {
			nodes[v] = true
			continue
		}
		switch o := op.(type) {
		case logical.NodeFilter, logical.RelFilter, logical.Filter, logical.Start:
		case logical.Optional:
			// binds its nodes, or null (no pattern matches from null)
			for _, in := range o.Inner {
				if v := newNodeVar(in); v != "" {
					nodes[v] = true
				}
			}
		case logical.Expand:
			// into a bound node: binds no new one
		case logical.Project:
			// `WITH m` or `WITH m AS n` keeps a node; any other item
			// rebinds its name to a value.
			next := map[string]bool{}
			for _, it := range o.Items {
				v, ok := it.Expr.(*ast.Variable)
				next[it.Name] = ok && nodes[v.Name]
			}
			for n, isNode := range next {
				nodes[n] = isNode
			}
		case logical.Select:
			kept := map[string]bool{}
			for _, v := range o.Vars {
				if nodes[v] {
					kept[v] = true
				}
			}
			nodes = kept
		default:
			// Anything else may rebind names: only what the analysis
			// knows for sure counts.
			return map[string]bool{}
		}
	}
	return nodes
}

// newNodeVar returns the new node variable a scan, seek or expansion
// binds, or "" for any other operator.
func newNodeVar(op logical.Op) string {
	switch o := op.(type) {
	case logical.NodeScan:
		return o.Var
	case logical.NodeIndexSeek:
		return o.Var
	case logical.NodeSetSeek:
		return o.Var
	case logical.WorkingSeek:
		return o.Var
	case logical.Expand:
		if !o.ToBound {
			return o.To
		}
	case logical.VarExpand:
		if !o.ToBound {
			return o.To
		}
	case logical.ExpandChain:
		return o.To
	case logical.ExpandCommon:
		return o.X
	case logical.ScanExcept:
		return o.Var
	}
	return ""
}

// andAll joins conjuncts with AND.
func andAll(es []ast.Expr) ast.Expr {
	out := es[0]
	for _, e := range es[1:] {
		out = &ast.Binary{Op: ast.OpAnd, Left: out, Right: e}
	}
	return out
}
