package planner

import "github.com/cyqdb/cyq/parser/ast"

// existenceTested returns the nodes of pattern chain el (named names,
// part its pattern part) that an existence test of the MATCH's WHERE
// reads alone among the chain's variables: a conjunct that tests whether
// a pattern has matches, or how many (existenceTest), whose pattern and
// inner WHERE read exactly one of the chain's variables, a node, besides
// variables bound before the pattern and its own (a chain with a node
// bound before starts there, see chooseStart). Such a test keeps the
// node's candidates to the set semiJoinExists builds once (or once per
// key bound before), and a chain started at that node scans the set
// instead of a label: `MATCH (a:Person)<--(c:Comment) WHERE EXISTS {
// (c)-->()-->(:Person {id: 1}) }` binds the few comments the set holds
// and expands from them, where a start at the rarer label expands every
// person's comments and tests each. So each such node is an alternative
// start for startChoice, priced, like the others, by the cost of the
// whole plan. The test is the same at any start: the start changes only
// the order in which the chain's rows are found.
func existenceTested(where ast.Expr, part *ast.PatternPart, names []string) map[string]bool {
	if where == nil {
		return nil
	}
	el := part.Element
	chain := map[string]bool{}
	node := map[string]bool{}
	for _, n := range names {
		chain[n], node[n] = true, true
	}
	for _, r := range el.Rels {
		if r.Var != nil {
			chain[r.Var.Name] = true
		}
	}
	if part.Var != nil {
		chain[part.Var.Name] = true
	}
	var tested map[string]bool
	for _, c := range conjuncts(where) {
		pat, inner, ok := existenceTest(c)
		if !ok {
			continue
		}
		reads := newVarSet()
		patternVars(pat, &reads)
		addExprVars(inner, &reads)
		if reads.all {
			continue
		}
		var hit []string
		for n := range reads.names {
			if chain[n] {
				hit = append(hit, n)
			}
		}
		if len(hit) != 1 || !node[hit[0]] {
			// Two of the chain's variables, or a relationship or the
			// path: the set would be keyed by a variable the start has
			// not bound, or is no set of nodes (semiJoinFor), so no
			// scan of it could start the chain; such a start is not
			// offered, which spares a compilation of the whole plan.
			continue
		}
		if tested == nil {
			tested = map[string]bool{}
		}
		tested[hit[0]] = true
	}
	return tested
}

// existenceTest returns the pattern and inner WHERE of conjunct c when c
// tests the number of the pattern's matches: any spelling
// normalize_subqueries.go rewrites into EXISTS { } (a pattern predicate,
// exists(), EXISTS { MATCH ... }, COUNT { } or the size of a pattern
// comprehension compared with an integer), negated or not.
func existenceTest(c ast.Expr) (*ast.Pattern, ast.Expr, bool) {
	if u, isNot := c.(*ast.Unary); isNot && u.Op == ast.OpNot {
		c = u.Expr
	}
	if cmp, isCmp := c.(*ast.Comparison); isCmp {
		if len(cmp.Operands) != 2 {
			return nil, nil, false
		}
		var count ast.Expr
		for k, o := range cmp.Operands {
			if l, isLit := o.(*ast.Literal); isLit && l.Kind == ast.LitInt {
				count = cmp.Operands[1-k]
			}
		}
		if count == nil {
			return nil, nil, false
		}
		p, where, counted, ok := patternMatches(count)
		return p, where, ok && counted
	}
	p, where, counted, ok := patternMatches(c)
	return p, where, ok && !counted
}
