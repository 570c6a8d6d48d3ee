package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
)

// hoistRunConditions moves each WHERE conjunct of a clause in a run of
// MATCH clauses (one join: see orderMatches) that tests only a node of an
// earlier clause of the run to the WHERE of the first clause that binds
// that node: `MATCH (b)<--(a) MATCH (b)-->(c) WHERE a.id IN [1]` becomes
// `MATCH (b)<--(a) WHERE a.id IN [1] MATCH (b)-->(c)`, so that the
// conjunct chooses that clause's start (a seek or the narrowest scan) as
// it does when written there. The conjunct may also read the variables
// bound before the run (outer: an UNWIND's variable, a WITH's columns,
// the properties of earlier nodes): `UNWIND $l AS u MATCH (b)<--(a) MATCH
// (b)-->(c) WHERE a.id = u` tests a against a value fixed for each row
// the run starts from, as a constant is. Only conjuncts that cannot fail
// move (neverFails): in a join a filter holds of a row wherever it is
// checked, and these raise no error on the rows they are now checked on
// earlier. It returns the run with copies of the clauses it changed.
func hoistRunConditions(run []ast.Clause, outer map[string]varKind) []ast.Clause {
	out := append([]ast.Clause(nil), run...)
	for k := 1; k < len(out); k++ {
		out[k] = hoistInlineProps(out, k, outer)
		m := out[k].(*ast.Match)
		if m.Where == nil {
			continue
		}
		var stay []ast.Expr
		moved := false
		for _, c := range conjuncts(normalizePredicate(m.Where)) {
			j := firstBinder(out[:k], nodeTested(c, outer))
			if j < 0 {
				stay = append(stay, c)
				continue
			}
			e := *out[j].(*ast.Match)
			if e.Where != nil {
				e.Where = andOf([]ast.Expr{e.Where, c})
			} else {
				e.Where = c
			}
			out[j] = &e
			moved = true
		}
		if moved {
			c := *m
			c.Where = andOf(stay)
			out[k] = &c
		}
	}
	return out
}

// nodeTested returns the variable that conjunct c tests when c cannot
// fail (neverFails, the variable taken for a node) and reads nothing else
// but the variables of outer: v.key compared with a constant or with an
// outer variable or an outer node's property, v.key IN a list of those, a
// string match or null test of v.key, or a label test of v.
func nodeTested(c ast.Expr, outer map[string]varKind) string {
	s := newVarSet()
	addExprVars(c, &s)
	if s.all || s.aggs || usesAny(c, nil) {
		return ""
	}
	v := ""
	for n := range s.names {
		if _, ok := outer[n]; ok {
			continue
		}
		if v != "" {
			return "" // two variables of the run
		}
		v = n
	}
	if v == "" {
		return ""
	}
	entities := map[string]bool{v: true}
	for n, k := range outer {
		if k == kindNode || k == kindRel {
			entities[n] = true
		}
	}
	if !neverFails(c, entities) {
		return ""
	}
	return v
}

// firstBinder is the index of the first clause of run whose pattern
// names node variable v (-1 for none, or v "").
func firstBinder(run []ast.Clause, v string) int {
	if v == "" {
		return -1
	}
	for j, c := range run {
		for _, p := range c.(*ast.Match).Pattern.Parts {
			for _, n := range p.Element.Nodes {
				if n.Var != nil && n.Var.Name == v {
					return j
				}
			}
		}
	}
	return -1
}

// hoistInlineProps returns clause k of run with the entries of the inline
// property maps of its nodes bound by an earlier clause of the run that
// hoistRunConditions would move as WHERE conjuncts (`MATCH (a)-->(n)
// MATCH (n {id: u})-->(c)`: n.id = u) moved to that clause's WHERE; it
// changes run[j] for such a clause j.
func hoistInlineProps(run []ast.Clause, k int, outer map[string]varKind) ast.Clause {
	m := run[k].(*ast.Match)
	var parts []*ast.PatternPart
	changed := false
	for _, part := range m.Pattern.Parts {
		np := *part
		el := *part.Element
		el.Nodes = append([]*ast.NodePattern(nil), part.Element.Nodes...)
		for ni, n := range el.Nodes {
			ml, ok := n.Props.(*ast.MapLiteral)
			if !ok || n.Var == nil {
				continue
			}
			j := firstBinder(run[:k], n.Var.Name)
			if j < 0 {
				continue
			}
			var keep []*ast.MapEntry
			var moved []ast.Expr
			for _, en := range ml.Entries {
				prop := &ast.Property{Span: en.Span, Expr: &ast.Variable{Span: n.Var.Span, Name: n.Var.Name}, Key: en.Key}
				c := &ast.Comparison{Span: en.Span, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{prop, en.Value}}
				if nodeTested(c, outer) == n.Var.Name {
					moved = append(moved, c)
				} else {
					keep = append(keep, en)
				}
			}
			if len(moved) == 0 {
				continue
			}
			e := *run[j].(*ast.Match)
			e.Where = andOf(append(conjunctsOf(e.Where), moved...))
			run[j] = &e
			nn := *n
			if len(keep) > 0 {
				nn.Props = &ast.MapLiteral{Span: ml.Span, Entries: keep}
			} else {
				nn.Props = nil
			}
			el.Nodes[ni] = &nn
			changed = true
		}
		np.Element = &el
		parts = append(parts, &np)
	}
	if !changed {
		return m
	}
	c := *m
	c.Pattern = &ast.Pattern{Span: m.Pattern.Span, Parts: parts}
	return &c
}
