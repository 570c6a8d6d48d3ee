package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
)

// dropPassingWiths removes from clauses each WITH between two MATCH
// clauses that passes on every variable in scope under its own name and
// does nothing else (WITH a, b, or WITH *, with no DISTINCT, ORDER BY,
// SKIP, LIMIT or WHERE): its rows and bindings are those it receives, so
// `MATCH A WITH a, b MATCH B` is `MATCH A MATCH B`, and the MATCH clauses
// on both sides form one run that orderMatches may reorder (a seek in B
// then starts the join instead of A's scan). The scope is followed from
// sc through the clauses; past a clause whose effect on it is not
// followed here (a call, a write, ...), nothing more is removed.
func dropPassingWiths(clauses []ast.Clause, sc *scope) []ast.Clause {
	inScope := map[string]bool{}
	for n := range sc.vars {
		inScope[n] = true
	}
	var out []ast.Clause
	for i, c := range clauses {
		switch x := c.(type) {
		case *ast.Match:
			if inScope != nil {
				s := newVarSet()
				patternVars(x.Pattern, &s)
				for n := range s.names {
					inScope[n] = true
				}
			}
		case *ast.Unwind:
			if inScope != nil {
				inScope[x.Var.Name] = true
			}
		case *ast.With:
			if inScope == nil {
				break
			}
			if i > 0 && i+1 < len(clauses) && isMatch(clauses[i-1]) && isMatch(clauses[i+1]) && passesAll(x, inScope) {
				continue
			}
			inScope = withScope(x, inScope)
		default:
			inScope = nil
		}
		out = append(out, c)
	}
	return out
}

func isMatch(c ast.Clause) bool {
	_, ok := c.(*ast.Match)
	return ok
}

// passesAll reports whether w passes on exactly the variables inScope,
// each under its own name, and does nothing else.
func passesAll(w *ast.With, inScope map[string]bool) bool {
	p := w.Projection
	if w.Where != nil || p.Distinct || p.OrderBy != nil || p.Skip != nil || p.Limit != nil {
		return false
	}
	if p.Star {
		return len(p.Items) == 0
	}
	seen := map[string]bool{}
	for _, it := range p.Items {
		v, ok := it.Expr.(*ast.Variable)
		if !ok || (it.Alias != nil && it.Alias.Name != v.Name) || !inScope[v.Name] {
			return false
		}
		seen[v.Name] = true
	}
	return len(seen) == len(inScope)
}

// withScope is the scope after w: its items' names, and the scope before
// when it projects *; nil (not followed) when an item has no name.
func withScope(w *ast.With, inScope map[string]bool) map[string]bool {
	out := map[string]bool{}
	if w.Projection.Star {
		for n := range inScope {
			out[n] = true
		}
	}
	for _, it := range w.Projection.Items {
		switch {
		case it.Alias != nil:
			out[it.Alias.Name] = true
		default:
			v, ok := it.Expr.(*ast.Variable)
			if !ok {
				return nil
			}
			out[v.Name] = true
		}
	}
	return out
}
