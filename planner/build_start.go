package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// Where a pattern starts: the cost model picks the node to bind first, by
// a seek when WHERE or inline properties give equalities on an index, else
// by a scan of its rarest label.

// propEq is an equality n.key = value usable to seek an index, or with in
// a membership n.key IN list; key "" with elementID or id set stands for
// elementId(n) IN list / id(n) IN list.
type propEq struct {
	key       string
	value     ast.Expr
	in        bool
	elementID bool
	id        bool
}

// equalities collects the conjuncts `v.key = expr` of a WHERE clause whose
// expr does not depend on the pattern's own variables.
func equalities(where ast.Expr, names []string, sc *scope) map[string][]propEq {
	out := map[string][]propEq{}
	local := map[string]bool{}
	for _, n := range names {
		if !sc.has(n) {
			local[n] = true
		}
	}
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		switch x := e.(type) {
		case *ast.Binary:
			if x.Op == ast.OpAnd {
				walk(x.Left)
				walk(x.Right)
			}
		case *ast.In:
			if usesAny(x.List, local) {
				return
			}
			switch lhs := x.Expr.(type) {
			case *ast.Property:
				if v, ok := lhs.Expr.(*ast.Variable); ok && local[v.Name] {
					out[v.Name] = append(out[v.Name], propEq{key: lhs.Key, value: x.List, in: true})
				}
			case *ast.FunctionCall:
				name := strings.ToLower(lhs.Name)
				if len(lhs.Namespace) > 0 || len(lhs.Args) != 1 || (name != "elementid" && name != "id") {
					return
				}
				if v, ok := lhs.Args[0].(*ast.Variable); ok && local[v.Name] {
					out[v.Name] = append(out[v.Name], propEq{value: x.List, in: true, elementID: name == "elementid", id: name == "id"})
				}
			}
		case *ast.Comparison:
			if len(x.Ops) != 1 || x.Ops[0] != ast.CmpEq {
				return
			}
			for i := 0; i < 2; i++ {
				if fc, ok := x.Operands[i].(*ast.FunctionCall); ok {
					// id(v) = x / elementId(v) = x: a seek of the one-element list [x].
					name := strings.ToLower(fc.Name)
					other := x.Operands[1-i]
					if len(fc.Namespace) > 0 || len(fc.Args) != 1 || (name != "elementid" && name != "id") || usesAny(other, local) {
						continue
					}
					if v, ok := fc.Args[0].(*ast.Variable); ok && local[v.Name] {
						list := &ast.ListLiteral{Span: other.NodeSpan(), Items: []ast.Expr{other}}
						out[v.Name] = append(out[v.Name], propEq{value: list, in: true, elementID: name == "elementid", id: name == "id"})
					}
					continue
				}
				p, ok := x.Operands[i].(*ast.Property)
				if !ok {
					continue
				}
				v, ok := p.Expr.(*ast.Variable)
				other := x.Operands[1-i]
				if !ok || !local[v.Name] || usesAny(other, local) {
					continue
				}
				out[v.Name] = append(out[v.Name], propEq{key: p.Key, value: other})
			}
		}
	}
	if where != nil {
		walk(where)
	}
	return out
}

// usesAny reports whether e uses one of vars, or a pattern (which may).
func usesAny(e ast.Expr, vars map[string]bool) bool {
	found := false
	visitExpr(e, func(x ast.Expr) bool {
		switch y := x.(type) {
		case *ast.Variable:
			if vars[y.Name] {
				found = true
			}
		case *ast.PatternExpr, *ast.PatternComprehension, *ast.ExistsSubquery, *ast.CountSubquery:
			found = true
		}
		return !found
	})
	return found
}

// chooseStart picks the node of a pattern chain to start from: a bound
// variable when there is one, else the cheapest by the cost model: an
// index seek on an equality, a scan of the rarest label, or all nodes.
func (b *builder) chooseStart(el *ast.PatternElement, names []string, sc *scope, eqs map[string][]propEq) (int, logical.Op) {
	for i, n := range names {
		if sc.has(n) {
			return i, nil
		}
	}
	if b.startLast {
		return len(names) - 1, nil
	}
	best, bestCost := 0, b.stats.NodeCount()+1
	var bestSeek logical.Op
	for i, n := range el.Nodes {
		cost := b.stats.NodeCount()
		var seek logical.Op
		labels, simple := ast.SimpleLabels(n.Labels)
		if simple && len(labels) > 0 {
			cost = b.stats.LabelCount(b.mostSelective(labels))
		}
		if len(eqs[names[i]]) > 0 {
			cost = cost/10 + 1
		}
		if seek = b.seekFor(n, names[i], eqs[names[i]]); seek != nil {
			cost = 1
		}
		if cost < bestCost {
			best, bestCost, bestSeek = i, cost, seek
		}
	}
	return best, bestSeek
}

// seekFor returns an operator that binds the node pattern from a known set
// instead of a scan: an index seek on an equality, index seeks for an IN
// list, or the nodes named by elementId(n) / id(n) IN list.
func (b *builder) seekFor(n *ast.NodePattern, name string, eqs []propEq) logical.Op {
	labels, ok := ast.SimpleLabels(n.Labels)
	if !ok {
		return nil
	}
	cands := eqs
	if ws := b.workingSeek(name, cands); ws != nil {
		return ws
	}
	for _, c := range cands {
		if c.elementID || c.id {
			return logical.NodeSetSeek{Var: name, List: c.value, ElementIDs: c.elementID}
		}
	}
	for _, l := range labels {
		for _, c := range cands {
			if b.stats.HasIndex(l, c.key) {
				if c.in {
					return logical.NodeSetSeek{Var: name, List: c.value, Label: l, Key: c.key}
				}
				return logical.NodeIndexSeek{Var: name, Label: l, Key: c.key, Value: c.value}
			}
		}
	}
	return nil
}

// scanOp scans for node pattern n: the nodes of its most selective label,
// or all nodes. onlyLabel tells whether that label is the pattern's only
// one (the scan then makes a label check redundant).
func (b *builder) scanOp(n *ast.NodePattern, name string) (scan logical.NodeScan, onlyLabel bool) {
	scan.Var = name
	if ls, ok := ast.SimpleLabels(n.Labels); ok && len(ls) > 0 {
		scan.Label = b.mostSelective(ls)
		onlyLabel = len(ls) == 1
	}
	return scan, onlyLabel
}

// mostSelective is the label with the fewest nodes.
func (b *builder) mostSelective(labels []string) string {
	best := labels[0]
	for _, l := range labels[1:] {
		if b.stats.LabelCount(l) < b.stats.LabelCount(best) {
			best = l
		}
	}
	return best
}
