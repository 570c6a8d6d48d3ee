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
// it does when written there. Only conjuncts that cannot fail move (a
// property of the node compared with a constant, IN a list of constants,
// a string match, a null test or a label test): in a join a filter holds
// of a row wherever it is checked, and these raise no error on the rows
// they are now checked on earlier. It returns the run with copies of the
// clauses it changed.
func hoistRunConditions(run []ast.Clause) []ast.Clause {
	out := append([]ast.Clause(nil), run...)
	for k := 1; k < len(out); k++ {
		m := out[k].(*ast.Match)
		if m.Where == nil {
			continue
		}
		var stay []ast.Expr
		moved := false
		for _, c := range conjuncts(normalizePredicate(m.Where)) {
			j := firstBinder(out[:k], nodeTested(c))
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
// fail and reads nothing else: v.key compared with a constant, v.key IN
// a list of constants, a string match or null test of v.key, or a label
// test of v.
func nodeTested(c ast.Expr) string {
	switch x := c.(type) {
	case *ast.LabelPredicate:
		if v, ok := varName(x.Expr); ok {
			if _, ok := labelTestOf(c, v); ok {
				return v
			}
		}
		return ""
	case *ast.In:
		p, ok := x.Expr.(*ast.Property)
		l, isList := x.List.(*ast.ListLiteral)
		if !ok || !isList {
			return ""
		}
		for _, it := range l.Items {
			if !constant(it) {
				return ""
			}
		}
		v, _ := varProperty(p)
		return v
	}
	s := newVarSet()
	addExprVars(c, &s)
	if s.all || len(s.names) != 1 {
		return ""
	}
	for v := range s.names {
		if batchable(c, v) {
			return v
		}
	}
	return ""
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
