package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// filteredMatches reads a list comprehension over a pattern
// comprehension as one pattern comprehension: `[x IN [(b)-[q]->() | q]
// WHERE f(x) | g(x)]` is `[(b)-[q]->() WHERE f(q) | g(q)]`. The list
// of matches filtered element by element is the matches filtered by the
// same test; written as one comprehension its size is a count of the
// pattern's matches under a WHERE (normalize_subqueries.go), which the
// per-row code counts from adjacency without building a list, where
// the written form built the list of every match and then the filtered
// copy (`sum(size([q IN qs WHERE q <> r]))` of a walk count).
//
// Why it is exact. The inner comprehension's element is a variable v of
// its pattern (so evaluating it never fails, and its value is the
// match's binding); the outer variable x then holds, element by
// element and in the matches' order, exactly the value v holds in the
// match the element came from, so f(x) and g(x) with v in x's place
// (substituteElement: only where f and g name v nowhere else, so the
// renaming captures nothing) take the same values, and are evaluated
// the same number of times in the same order: f once per match, g once
// per match f keeps, as the outer comprehension evaluates them once per
// element. The other names f and g read are the row's, which the
// pattern reads as references, never binds anew (a checked query does
// not bind a name twice), so they mean the same inside it. The inner
// comprehension has no WHERE of its own: f then stands as the pattern's
// WHERE alone, which keeps a match exactly when f is true, as the
// outer WHERE keeps an element (a WHERE joined to another by AND would
// evaluate f where the written query did not, or raise an error on a
// non-boolean f). A null list: the pattern comprehension is the same
// in both, so when it is null both are.
func filteredMatches(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	return rewriteOpExprs(b, ops, fuseFilteredMatches)
}

// plainFilter reports whether a comprehension's WHERE is one the fused
// form answers exactly as the written one: AND, OR, XOR and NOT of
// comparisons and IS NULL tests of operands that cannot fail, so no
// order of evaluation raises an error the written order would not, and
// no equality of two variables. The per-row count of a pattern
// comprehension decides a conjunct that is null before it evaluates one
// that may fail (`q <> r AND q.w / 0 = 1` with r null: no error where
// the written list raises one), and an equality of two variables in a
// pattern's WHERE unifies them, which skips the check that the name the
// pattern reads holds a node (`[x IN [(a)-->(a) | a] WHERE x = c]` with
// a an integer raises where `[(a)-->(a) WHERE a = c | a]` counts 0);
// both are gaps of the fused form's planning, and the written form
// keeps its answer there.
func plainFilter(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Binary:
		if x.Op != ast.OpAnd && x.Op != ast.OpOr && x.Op != ast.OpXor {
			return false
		}
		return plainFilter(x.Left) && plainFilter(x.Right)
	case *ast.Unary:
		return x.Op == ast.OpNot && plainFilter(x.Expr)
	case *ast.IsNull:
		return cannotFail(x.Expr)
	case *ast.Comparison:
		for _, o := range x.Operands {
			if !cannotFail(o) {
				return false
			}
		}
		if len(x.Ops) == 1 && x.Ops[0] == ast.CmpEq {
			_, lv := x.Operands[0].(*ast.Variable)
			_, rv := x.Operands[1].(*ast.Variable)
			return !(lv && rv)
		}
		return true
	}
	return false
}

// fuseFilteredMatches is a list comprehension over a pattern
// comprehension as one pattern comprehension (see filteredMatches).
func fuseFilteredMatches(e ast.Expr) (ast.Expr, bool) {
	lc, ok := e.(*ast.ListComprehension)
	if !ok || lc.Var == nil || (lc.Where == nil && lc.Map == nil) {
		return e, false
	}
	pc, ok := lc.In.(*ast.PatternComprehension)
	if !ok || pc.Element == nil || pc.Where != nil {
		return e, false
	}
	out := *pc
	out.Span = lc.Span
	if lc.Where != nil && !plainFilter(lc.Where) {
		return e, false
	}
	if lc.Where != nil {
		w, ok := substituteElement(lc.Where, lc.Var.Name, pc.Map)
		if !ok {
			return e, false
		}
		out.Where = w
	}
	if lc.Map != nil {
		m, ok := substituteElement(lc.Map, lc.Var.Name, pc.Map)
		if !ok {
			return e, false
		}
		out.Map = m
	}
	return &out, true
}
