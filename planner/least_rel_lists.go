package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// relListAsLeastPath lets leastTrails search a variable-length
// relationship whose relationship list, not a path, is read for its
// least length: MATCH (a)-[rs:R*1..3]->(b) WITH a, b, min(size(rs)), or
// a quantified path's group variable, MATCH (a) (()-[r:R]->()){1,3} (b)
// WITH a, b, min(size(r)). It returns ops with a path p bound from the
// expansion's two end nodes and its list (PathBind) after the expansion
// ops[i] and the tests that follow it without reading the list, and every
// read of the list after it written as a read
// of p: size(rs) as length(p) (the measure listMeasures reads once a
// path is bound) and a quantifier over rs as one over relationships(p). Where anything else reads the list (an element, a
// slice, the list itself), the list stays live after the path's binding
// and leastTrails keeps the expansion (the search binds no list).
//
// Why it is exact. The path of the expansion's end nodes and its list has
// the list's relationships, in the list's order, as its relationships:
// size(rs) is length(p), and all(), any(), none() and single() over rs are
// the same tests of the same relationships over relationships(p). The
// operators after the expansion then read p where they read rs, and
// leastTrails decides, by its own preconditions, whether the expansion may
// be searched for its least trails (it is not otherwise: the caller keeps
// ops unless the expansion became a search).
func (b *builder) relListAsLeastPath(ops []logical.Op, i int) ([]logical.Op, string, bool) {
	o := ops[i].(logical.VarExpand)
	rs := o.RelList
	if rs == "" || o.ListBound || pathBindOf(ops, i) >= 0 || strings.HasPrefix(rs, " ") {
		return nil, "", false
	}
	p := b.fresh("p")
	size := measures{path: p, sizes: map[string]int{rs: 0}}
	asPath := func(e ast.Expr) (ast.Expr, bool) {
		if n, ok := relListAsPath(rs, p)(e); ok {
			return n, true
		}
		return size.measure(e)
	}
	// The path is bound where the list is first read, after the tests
	// of the end node that follow the expansion (where a path pattern's
	// binding stands).
	at := i + 1
	for at < len(ops) && isTest(ops[at]) && !readsFree(ops[at], rs) {
		at++
	}
	out := make([]logical.Op, 0, len(ops)+1)
	out = append(out, ops[:at]...)
	out = append(out, logical.PathBind{Var: p, Nodes: []string{o.From, o.To}, Rels: []string{rs}, Lists: []bool{true}})
	changed := false
	for j := at; j < len(ops); j++ {
		n, ok := mapOpExprs(b, ops[j], func(e ast.Expr) (ast.Expr, bool) { return rewriteExpr(e, asPath) })
		changed = changed || ok
		out = append(out, n)
		if _, agg := n.(logical.Aggregate); agg {
			// The items after it read its calls' columns
			// (rewriteAggArgs keeps them), not the list.
			out = append(out, ops[j+1:]...)
			break
		}
	}
	return out, p, changed
}

// readsFree reports whether op reads variable name: usesOf, but for a
// filter only where its condition reads the name free (not only as the
// variable of a quantifier or comprehension of its own, such as the
// group variable r of a quantified path's test all(r IN r WHERE ...)
// once its list is relationships(p)).
func readsFree(op logical.Op, name string) bool {
	if f, ok := op.(logical.Filter); ok && f.Subst == nil && !f.Vectorised {
		free := map[string]bool{}
		freeNames(f.Pred, nil, free)
		s := newVarSet()
		addExprVars(f.Pred, &s)
		return s.all || free[name]
	}
	return usesOf(op).has(name)
}

// searches reports whether ops bind path p by a shortest-path search (the
// expansion whose list relListAsLeastPath bound as p became one).
func searches(ops []logical.Op, p string) bool {
	for _, op := range ops {
		if sp, ok := op.(logical.ShortestPath); ok && sp.Path == p {
			return true
		}
	}
	return false
}
