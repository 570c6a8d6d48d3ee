package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// caseListTests reads the tests on a list of a pattern's matches in the
// conditions of a CASE WHEN as existence tests, as listExistence reads
// them in a filter (list_existence.go), wherever an operator evaluates
// the CASE: projection items, grouping keys and aggregate arguments, sort
// keys, a filter's condition, an UNWIND's list. `RETURN CASE WHEN h IN
// [(v)-->(x) | x] THEN ... END` then asks EXISTS { (v)-->(h) }, and `WHEN
// any(x IN [(v)-->(y) | y] WHERE x IN ws)` asks EXISTS { (v)-->(y) WHERE y
// IN ws }, which the rules for existence tests answer set at a time
// (markExists), where the list held every match of every row.
//
// A searched CASE takes the first branch whose condition is true, and
// goes on when it is false or null, so a condition is read as a filter
// reads its predicate: only whether it is true matters, and listTests
// puts at each list test, reached through AND, OR and NOT, an existence
// test that is true in exactly the same rows. The node variables it
// may put in the pattern (nodeMember) are those that hold a node in
// every row before the operator (nonNullNodes: a variable a grouping
// passes on is not one until a pattern binds it again). A simple CASE
// (CASE x WHEN v ...) compares values and is left as written, as are
// conditions inside expressions that bind variables of their own.
func caseListTests(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	if b.rowModeOnly {
		return ops, false
	}
	var out []logical.Op
	nodes := map[string]bool{}
	for i, op := range ops {
		bound, _, known := scopeAt(ops, i)
		if !known {
			bound = nil
		}
		entities := entitiesAt(ops, i)
		next, ok := mapOpExprs(b, op, func(e ast.Expr) (ast.Expr, bool) {
			return rewriteExpr(e, func(x ast.Expr) (ast.Expr, bool) {
				return caseConditions(x, nodes, bound, entities)
			})
		})
		nonNullNodes(nodes, op)
		if !ok {
			continue
		}
		if out == nil {
			out = append([]logical.Op(nil), ops...)
		}
		out[i] = next
	}
	if out == nil {
		return ops, false
	}
	return out, true
}

// caseConditions is x, a searched CASE, with its conditions' list tests
// read as existence tests (listTests with the polarity of a filter), for
// the conditions whose lists are read without error (listsSafe).
func caseConditions(x ast.Expr, nodes map[string]bool, bound *scope, entities map[string]bool) (ast.Expr, bool) {
	c, ok := x.(*ast.Case)
	if !ok || c.Subject != nil {
		return nil, false
	}
	var whens []*ast.CaseWhen
	for k, w := range c.Whens {
		if !listsSafe(w.When, entities) {
			continue
		}
		n := listTests(w.When, true, nodes, bound)
		if n == w.When {
			continue
		}
		if whens == nil {
			whens = append([]*ast.CaseWhen(nil), c.Whens...)
		}
		nw := *w
		nw.When = n
		whens[k] = &nw
	}
	if whens == nil {
		return nil, false
	}
	out := *c
	out.Whens = whens
	return &out, true
}

// listsSafe reports whether the existence tests listTests may make of
// cond raise no error the lists would not: an existence test stops at
// the first match where the list reads every match, and tests a
// quantifier's condition on the matches in another order. So every list
// of matches in cond is read without error (patternSafe), and every
// quantifier over one tests a condition that cannot fail (safePredicate,
// its variable a node where the list's elements are the pattern's
// nodes), or an IN whose list does not read the variable: an IN fails
// only when its list is not a list, and so on every element or on none.
func listsSafe(cond ast.Expr, entities map[string]bool) bool {
	safe := true
	ast.Inspect(cond, func(n ast.Node) bool {
		e, ok := n.(ast.Expr)
		if !ok || !safe {
			return safe
		}
		if p, w, _, ok := listMatches(e); ok && !patternSafe(p, w, entities) {
			safe = false
		}
		q, ok := e.(*ast.Quantifier)
		if !ok || q.Var == nil || q.Where == nil {
			return safe
		}
		p, _, el, ok := listMatches(q.In)
		if !ok {
			return safe
		}
		known := shadowed(q.Where, entities)
		kinds := map[string]varKind{}
		addPatternKinds(p, kinds)
		ev, isVar := el.(*ast.Variable)
		known = copyNames(known)
		known[q.Var.Name] = isVar && kinds[ev.Name] == kindNode
		if safePredicate(q.Where, known) {
			return safe
		}
		in, isIn := q.Where.(*ast.In)
		if !isIn || !plainValue(in.Expr, known) || readsName(in.List, q.Var.Name) {
			safe = false
		}
		return safe
	})
	return safe
}

// readsName reports whether e names the variable name anywhere.
func readsName(e ast.Expr, name string) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if v, ok := n.(*ast.Variable); ok && v.Name == name {
			found = true
		}
		return !found
	})
	return found
}
