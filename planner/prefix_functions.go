package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// prefixFunctions gives a prefix written with a string function the form
// index range seeks and the prefix estimates read: a filter conjunct
// `left(x.p, k) = s` or `substring(x.p, 0, k) = s` (either side, any k,
// or substring's two-argument form) gains the conjunct
// `x.p STARTS WITH s` beside it (withPrefixes), so
// `WHERE left(m.title, 3) = 'The'` seeks the titles by range as
// `WHERE m.title STARTS WITH 'The'` does; likewise a tuple test
// `[x.p, y.q] IN [[1, 2], [3, 4]]` gains `x.p IN [1, 3]` and `y.q IN [2,
// 4]` (impliedTupleIns). normalizeWithPrefixes adds them
// to a WHERE before the start of its pattern is chosen; this rule adds
// them to the filters of a pipeline that did not come from one.
//
// The added test is implied, and the written one stays: left() and
// substring() from 0 return a prefix of their string, so whenever the
// comparison is true s is a prefix of x.p and STARTS WITH is true too.
// A row the new test drops (false or null) is one the written test would
// drop as well, provided left() does not raise an error on it: the new
// test cannot fail, so it runs first (and moves, and seeks), and row mode
// would evaluate left() on that row and raise. So the test is added only
// where left() cannot fail on any row: x is a node or relationship whose
// key p holds strings only (or is missing), by the kinds of the values
// stored under it (a read the plan records), and k is a non-negative
// integer literal (stringKinds). The written test therefore runs only on
// the strings the prefix keeps, where it decides exactly as before (for
// k other than the length of s, too: a longer k keeps only x.p = s, a
// shorter one nothing). A conjunct already present in any filter of the
// pipeline (where the pushdown may have moved it away from the test it
// is implied by) is not added again, so the rule reaches a fixed point.
// It returns the pipeline and whether anything changed.
func (b *builder) prefixFunctions(pl *logical.Pipeline, known map[string]bool) (*logical.Pipeline, bool) {
	kinds := b.kindsWith(nil) // nil when nothing proves x.p a string: no prefix test then
	entities := entityVars(pl.Ops, known)
	have := map[string]bool{}
	for _, op := range pl.Ops {
		if f, ok := op.(logical.Filter); ok {
			for _, c := range conjuncts(f.Pred) {
				have[ast.FormatExpr(c)] = true
			}
		}
	}
	return rewriteFilters(pl, func(f logical.Filter) (ast.Expr, bool) {
		return b.withPrefixes(f.Pred, have, entities, kinds)
	})
}

// withPrefixes returns conjunction e with the prefix test each of its
// conjuncts implies (impliedPrefix, with entities and kinds) and the
// component tests of a tuple IN a list of tuples (impliedTupleIns) put
// before it, unless e or have (when not nil, the formatted conjuncts already
// present elsewhere; the added ones join it) holds it already; added says
// whether any was. No test is added for a conjunct written after one that
// may fail: row mode evaluates the conjuncts that may fail in their
// written order, so the earlier one raises its error on a row the
// comparison would drop, where the added test, which cannot fail and
// runs first, would drop the row without it.
func (b *builder) withPrefixes(e ast.Expr, have map[string]bool, entities map[string]bool, kinds kindsOf) (out ast.Expr, added bool) {
	cs := conjuncts(e)
	if have == nil {
		have = map[string]bool{}
	}
	for _, c := range cs {
		have[ast.FormatExpr(c)] = true
	}
	var with []ast.Expr
	failedBefore := false
	for _, c := range cs {
		implied := impliedTupleIns(c, entities)
		if sw := impliedPrefix(c, entities, kinds); sw != nil {
			implied = append(implied, sw)
		}
		for _, sw := range implied {
			if !failedBefore && !have[ast.FormatExpr(sw)] {
				have[ast.FormatExpr(sw)] = true
				with = append(with, sw)
			}
		}
		with = append(with, c)
		failedBefore = failedBefore || !testSafe(c, entities, kinds) || b.readsFailingList(c)
	}
	if len(with) == len(cs) {
		return e, false
	}
	return andOf(with), true
}

// impliedPrefix returns `x.p STARTS WITH s` when c is the comparison of a
// prefix of x.p with s, `left(x.p, k) = s` or `substring(x.p, 0[, k]) = s`
// (either side), s not a literal null, and the prefix function cannot
// fail (stringKinds, with entities the variables bound to nodes and
// relationships and kinds those of property values); nil otherwise.
func impliedPrefix(c ast.Expr, entities map[string]bool, kinds kindsOf) ast.Expr {
	cmp, ok := c.(*ast.Comparison)
	if !ok || len(cmp.Ops) != 1 || cmp.Ops[0] != ast.CmpEq || kinds == nil {
		return nil
	}
	for i := 0; i < 2; i++ {
		x, s := prefixArg(cmp.Operands[i]), cmp.Operands[1-i]
		if x == nil {
			continue
		}
		if _, ok := stringKinds(cmp.Operands[i], entities, kinds); !ok {
			return nil // left() may raise an error the written test raises
		}
		if l, ok := s.(*ast.Literal); ok && l.Kind == ast.LitNull {
			return nil
		}
		return &ast.StringMatch{Span: cmp.Span, Op: ast.StrStartsWith, Left: x, Right: s}
	}
	return nil
}

// prefixComparison reports whether c has the shape of a prefix comparison
// impliedPrefix reads, whatever the kinds.
func prefixComparison(c ast.Expr) bool {
	cmp, ok := c.(*ast.Comparison)
	return ok && len(cmp.Ops) == 1 && cmp.Ops[0] == ast.CmpEq && (prefixArg(cmp.Operands[0]) != nil || prefixArg(cmp.Operands[1]) != nil)
}

// prefixArg returns the property x.p when e is left(x.p, k) or
// substring(x.p, 0) or substring(x.p, 0, k); nil otherwise.
func prefixArg(e ast.Expr) ast.Expr {
	fc, ok := e.(*ast.FunctionCall)
	if !ok || len(fc.Namespace) != 0 || fc.Distinct || len(fc.Args) == 0 {
		return nil
	}
	if _, ok := varProperty(fc.Args[0]); !ok {
		return nil
	}
	switch {
	case strings.EqualFold(fc.Name, "left") && len(fc.Args) == 2:
	case strings.EqualFold(fc.Name, "substring") && (len(fc.Args) == 2 || len(fc.Args) == 3):
		if start, ok := fc.Args[1].(*ast.Literal); !ok || start.Kind != ast.LitInt || start.Int != 0 {
			return nil
		}
	default:
		return nil
	}
	return fc.Args[0]
}

// rewriteFilters returns pl with the predicate of each filter that is
// not vectorised replaced by the one f gives for it, the pipeline copied
// at the first change; changed reports one.
func rewriteFilters(pl *logical.Pipeline, f func(logical.Filter) (ast.Expr, bool)) (*logical.Pipeline, bool) {
	ops, changed := replaceItems(pl.Ops, func(op logical.Op) (logical.Op, bool) {
		flt, ok := op.(logical.Filter)
		if !ok || flt.Vectorised {
			return op, false
		}
		p, ok := f(flt)
		if !ok {
			return op, false
		}
		flt.Pred = p
		return flt, true
	})
	if !changed {
		return pl, false
	}
	cp := *pl
	cp.Ops = ops
	return &cp, true
}
