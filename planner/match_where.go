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
// earlier. Nor may they move to a clause j when a clause from j up to
// the conjunct's own has a test that may fail (failsFrom): row mode
// evaluates that test on every row the clauses before it keep, and the
// moved conjunct, checked first (a WHERE tests its conjuncts that cannot
// fail first), would drop rows on which it raises its error. It returns
// the run with copies of the clauses it changed.
func hoistRunConditions(run []ast.Clause, outer map[string]varKind) []ast.Clause {
	out := append([]ast.Clause(nil), run...)
	entities := runEntities(run, outer)
	for k := 1; k < len(out); k++ {
		out[k] = hoistInlineProps(out, k, outer, entities)
		m := out[k].(*ast.Match)
		if m.Where == nil {
			continue
		}
		var stay []ast.Expr
		moved := false
		for _, c := range conjuncts(normalizePredicate(m.Where)) {
			j := firstBinder(out[:k], nodeTested(c, outer))
			if j < 0 || failsFrom(out[:k], j, entities) {
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
func hoistInlineProps(run []ast.Clause, k int, outer map[string]varKind, entities map[string]bool) ast.Clause {
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
			if j < 0 || failsFrom(run[:k], j, entities) {
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

// failsFrom reports whether a clause of run from index j on tests
// something that may fail: its WHERE, or an inline WHERE or property map
// of its pattern.
func failsFrom(run []ast.Clause, j int, entities map[string]bool) bool {
	for _, c := range run[j:] {
		m := c.(*ast.Match)
		if m.Where != nil && whereMayFail(m.Where, entities) {
			return true
		}
		for _, p := range m.Pattern.Parts {
			if p.Element == nil {
				continue
			}
			for _, n := range p.Element.Nodes {
				if (n.Where != nil && !neverFails(n.Where, entities)) || propsMayFail(n.Props, entities) {
					return true
				}
			}
			for _, r := range p.Element.Rels {
				if (r.Where != nil && !neverFails(r.Where, entities)) || propsMayFail(r.Props, entities) {
					return true
				}
			}
		}
	}
	return false
}

// propsMayFail reports whether an inline property map's tests may fail:
// each entry is the equality of a property with its value (a map that is
// not a literal, a parameter, may fail).
func propsMayFail(props ast.Expr, entities map[string]bool) bool {
	if props == nil {
		return false
	}
	ml, ok := props.(*ast.MapLiteral)
	if !ok {
		return true
	}
	// The map's owner is a node or relationship: "#p" stands for it.
	withOwner := map[string]bool{"#p": true}
	for v, e := range entities {
		withOwner[v] = e
	}
	for _, en := range ml.Entries {
		prop := &ast.Property{Span: en.Span, Expr: &ast.Variable{Span: en.Span, Name: "#p"}, Key: en.Key}
		c := &ast.Comparison{Span: en.Span, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{prop, en.Value}}
		if !neverFails(c, withOwner) {
			return true
		}
	}
	return false
}

// whereMayFail reports whether a WHERE may fail: one of its conjuncts may
// (neverFails), an existence test (or its negation) only when its body
// may (bodyFails).
func whereMayFail(w ast.Expr, entities map[string]bool) bool {
	for _, c := range conjuncts(normalizePredicate(w)) {
		x := c
		if u, ok := x.(*ast.Unary); ok && u.Op == ast.OpNot {
			x = u.Expr
		}
		if ex, ok := x.(*ast.ExistsSubquery); ok {
			if ex.Pattern == nil && ex.Query != nil && len(ex.Query.Parts) == 1 && len(ex.Query.Parts[0].Clauses) == 1 {
				// EXISTS { MATCH p WHERE w } tests what EXISTS { p WHERE w } does.
				if m, ok := ex.Query.Parts[0].Clauses[0].(*ast.Match); ok && !m.Optional {
					ex = &ast.ExistsSubquery{Span: ex.Span, Pattern: m.Pattern, Where: m.Where}
				}
			}
			if bodyFails(ex, entities, nil) {
				return true
			}
			continue
		}
		if !neverFails(c, entities) {
			return true
		}
	}
	return false
}
