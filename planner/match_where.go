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
// earlier. Nor may one move to a clause j past a test that may fail
// (failsFrom: a WHERE or pattern of clause j up to the conjunct's own
// clause's pattern): row mode evaluates that test on every row the
// clauses before it keep, and the moved conjunct, checked first (a WHERE
// tests its conjuncts that cannot fail first), would drop rows on which
// it raises its error. Whether a test may fail is read with the kinds of
// the values stored under property keys (kinds, nil for none: testSafe),
// so `MATCH (a)-->(b) WHERE b.x / 2 > 1 MATCH (b)-->(c) WHERE a.id = 1`
// still seeks a where every x is a number. It returns the run with copies
// of the clauses it changed.
func hoistRunConditions(run []ast.Clause, outer map[string]varKind, kinds func() kindsOf) []ast.Clause {
	out := append([]ast.Clause(nil), run...)
	fails := runFailures(run, outer, kinds)
	for k := 1; k < len(out); k++ {
		out[k] = hoistInlineProps(out, k, outer, fails)
		m := out[k].(*ast.Match)
		if m.Where == nil {
			continue
		}
		var stay []ast.Expr
		moved := false
		for _, c := range conjuncts(normalizePredicate(m.Where)) {
			j := firstBinder(out[:k], nodeTested(c, outer))
			if j < 0 || fails(j, k) {
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
func hoistInlineProps(run []ast.Clause, k int, outer map[string]varKind, fails func(j, k int) bool) ast.Clause {
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
			if j < 0 || fails(j, k) {
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

// runFailures returns failsFrom for the clauses of run as written (a
// conjunct moved from a later clause cannot fail, so moving it changes no
// answer), each clause's verdict computed once.
func runFailures(run []ast.Clause, outer map[string]varKind, kinds func() kindsOf) func(j, k int) bool {
	entities := runEntities(run, outer)
	vars := copyKinds(outer)
	for _, c := range run {
		addPatternKinds(c.(*ast.Match).Pattern, vars)
	}
	var ks kindsOf
	read := false
	safe := func(e ast.Expr) bool {
		// Read normalised, as the conjuncts moved are (`COUNT { MATCH
		// p }` is `COUNT { p }`).
		e = normalizePredicate(e)
		if testSafe(e, entities, nil) {
			return true
		}
		// The kinds are read (a read the plan records) only for a test
		// that needs them.
		if !read && kinds != nil {
			ks, read = kinds(), true
		}
		// No kinds known: still a COUNT { } of a body that cannot fail
		// is a plain INTEGER (countFailFree), and the run's paths are
		// known (withVarKinds: size(nodes(p)) cannot fail).
		return testSafe(e, entities, withVarKinds(ks, vars))
	}
	elemSafe := func(el *ast.PatternElement) bool {
		if elementSafe(el, entities, nil) {
			return true
		}
		if !read && kinds != nil {
			ks, read = kinds(), true
		}
		return ks != nil && elementSafe(el, entities, ks)
	}
	where := make([]int8, len(run)) // 0 unknown, 1 safe, 2 may fail
	pattern := make([]int8, len(run))
	verdict := func(memo []int8, i int, f func() bool) bool {
		if memo[i] == 0 {
			memo[i] = 2
			if f() {
				memo[i] = 1
			}
		}
		return memo[i] == 2
	}
	whereFails := func(i int) bool {
		return verdict(where, i, func() bool {
			w := run[i].(*ast.Match).Where
			return w == nil || safe(w)
		})
	}
	patternFails := func(i int) bool {
		return verdict(pattern, i, func() bool {
			for _, p := range run[i].(*ast.Match).Pattern.Parts {
				if p.Element == nil || !elemSafe(p.Element) {
					return false
				}
			}
			return true
		})
	}
	return func(j, k int) bool {
		for i := j; i < k; i++ {
			if whereFails(i) || patternFails(i) {
				return true
			}
		}
		return patternFails(k)
	}
}

// runKinds is the kinds of the values of property keys of any entity
// (kindsWith), for hoistRunConditions.
func (b *builder) runKinds() kindsOf { return b.kindsWith(nil) }
