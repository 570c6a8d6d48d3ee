package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// foldKnown simplifies every expression an operator evaluates by the
// facts known about the rows reaching it (see rowFacts): a sub-predicate
// a fact decides becomes its value, anywhere in the expression. Only
// exact values fold, under three-valued logic:
//
//   - a predicate known true (false) is the literal true (false); one
//     known only not to be true (false or null) is not replaced, but
//     decides a CASE condition: a searched CASE takes an alternative
//     only when its condition is true, so an alternative whose condition
//     is known true is the CASE's value (those after it are never
//     reached), and one whose condition is false, null or known not true
//     is never taken and goes;
//   - x IS NULL and x IS NOT NULL of an expression known non-null (a
//     bound node or relationship, a property a comparison above tested)
//     are false and true;
//   - 'k' IN keys(x) of a node or relationship x the rows bind is x.k IS
//     NOT NULL (a node or relationship has no key whose value is null,
//     and keys() lists exactly the others), and 'L' IN labels(x) of a
//     node is x:L, the forms the other rules read; a comprehension
//     keeping the keys (labels) equal to 'k' is the list ['k'] when that
//     test holds and [] otherwise.
//
// Each fact was established by evaluating the same expression on the
// same row (a filter above), so replacing it by its value raises no
// error it would not and hides none it would; the alternatives a CASE
// loses were never evaluated. A filter's conjunct that folds to true
// goes (the filter with it when none is left). Expressions that read
// grouping columns by their text (a Subst naming anything but a plain
// column) are left alone.
func foldKnown(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	facts := factsBefore(ops)
	// Every filter the facts decide folds in one pass, each under the
	// facts computed before any fold: a conjunct dropped was true on
	// every row reaching it, so the facts after it are the same whether
	// it stays or not. (Folding one filter per call would let a rule run
	// in between see a pipeline with a decided filter still in place,
	// e.g. a set chain ending at a pass-through test that the next call
	// would have dropped.)
	var folded []logical.Op
	foldedAny := false
	for i, op := range ops {
		o, isFilter := op.(logical.Filter)
		if !isFilter || o.Vectorised {
			folded = append(folded, op)
			continue
		}
		p, ok := facts[i].simplifyUnder(o.Pred, o.Subst)
		if !ok {
			folded = append(folded, op)
			continue
		}
		foldedAny = true
		var kept []ast.Expr
		for _, c := range conjuncts(p) {
			if !isBoolLit(c, true) {
				kept = append(kept, c)
			}
		}
		if len(kept) > 0 {
			o.Pred, o.Why = andAll(kept), ""
			folded = append(folded, o)
		}
	}
	if foldedAny {
		return folded, true
	}
	for i, op := range ops {
		f := facts[i]
		switch o := op.(type) {
		case logical.Project:
			if o.Vectorised {
				continue
			}
			items, changed := replaceItems(o.Items, func(it logical.Item) (logical.Item, bool) {
				e, ok := f.simplifyUnder(it.Expr, o.Subst)
				it.Expr = e
				return it, ok
			})
			if changed {
				o.Items = items
				return replace(ops, i, 1, o), true
			}
		case logical.Aggregate:
			aggs, changed := b.rewriteAggArgs(o.Aggs, f.fold)
			// A key's column keeps its name: the items after the
			// aggregation read it by the key's source text (Subst), not
			// by its expression.
			keys, kc := replaceItems(o.Keys, func(it logical.Item) (logical.Item, bool) {
				e, ok := f.simplify(it.Expr)
				it.Expr = e
				return it, ok
			})
			if changed || kc {
				o.Aggs, o.Keys = aggs, keys
				return replace(ops, i, 1, o), true
			}
		case logical.Sort:
			keys, changed := replaceItems(o.Keys, func(k logical.SortKey) (logical.SortKey, bool) {
				e, ok := f.simplifyUnder(k.Expr, o.Subst)
				k.Expr = e
				return k, ok
			})
			if changed {
				o.Keys = keys
				return replace(ops, i, 1, o), true
			}
		case logical.Unwind:
			if e, ok := f.simplify(o.Expr); ok {
				o.Expr = e
				return replace(ops, i, 1, o), true
			}
		}
	}
	return ops, false
}

// simplify is e folded by the facts (see foldKnown).
func (f *rowFacts) simplify(e ast.Expr) (ast.Expr, bool) {
	return rewriteExpr(e, f.fold)
}

// simplifyUnder is simplify of an expression evaluated under the key
// substitution s: e stays as it is when it, or what it would fold to,
// may read a grouping column by its text.
func (f *rowFacts) simplifyUnder(e ast.Expr, s map[string]string) (ast.Expr, bool) {
	if substReads(e, s) {
		return e, false
	}
	n, ok := f.simplify(e)
	if !ok || substReads(n, s) {
		return e, false
	}
	return n, true
}

// fold folds one expression whose children are folded already.
func (f *rowFacts) fold(e ast.Expr) (ast.Expr, bool) {
	switch x := e.(type) {
	case *ast.IsNull:
		if f.isNonNull(x.Expr) {
			return boolLit(x.Span, x.Not), true
		}
	case *ast.In:
		if n, ok := f.keyOrLabelTest(x); ok {
			return n, true
		}
	case *ast.ListComprehension:
		return f.keyOrLabelList(x)
	case *ast.Case:
		if n, ok := f.foldCase(x); ok {
			return n, true
		}
		return nil, false
	case *ast.Unary:
		if l, ok := x.Expr.(*ast.Literal); ok && x.Op == ast.OpNot && l.Kind == ast.LitBool {
			return boolLit(x.Span, !l.Bool), true
		}
	case *ast.Comparison, *ast.StringMatch, *ast.LabelPredicate, *ast.TypePredicate, *ast.Binary:
	default:
		return nil, false
	}
	if len(f.truth) == 0 {
		return nil, false
	}
	if k, ok := f.truth[ast.FormatExpr(e)]; ok && k.val != knownNotTrue {
		return boolLit(e.NodeSpan(), k.val == knownTrue), true
	}
	return nil, false
}

// isNonNull reports whether e is never null on the rows.
func (f *rowFacts) isNonNull(e ast.Expr) bool {
	if v, ok := e.(*ast.Variable); ok {
		if _, bound := f.kinds[v.Name]; bound {
			return true
		}
	}
	_, ok := f.nonNull[ast.FormatExpr(e)]
	return ok
}

// notTrue reports whether predicate e is known false or null.
func (f *rowFacts) notTrue(e ast.Expr) bool {
	if l, ok := e.(*ast.Literal); ok {
		return l.Kind == ast.LitNull || l.Kind == ast.LitBool && !l.Bool
	}
	k, ok := f.truth[ast.FormatExpr(e)]
	return ok && k.val != knownTrue
}

// foldCase drops the alternatives of a searched CASE that are never
// taken and ends it at the first that always is.
func (f *rowFacts) foldCase(x *ast.Case) (ast.Expr, bool) {
	if x.Subject != nil {
		return nil, false
	}
	var whens []*ast.CaseWhen
	changed := false
	els := x.Else
	for _, w := range x.Whens {
		if isBoolLit(w.When, true) {
			if len(whens) == 0 {
				return w.Then, true
			}
			changed = true
			els = w.Then
			break
		}
		if f.notTrue(w.When) {
			changed = true
			continue
		}
		whens = append(whens, w)
	}
	if !changed {
		return nil, false
	}
	if len(whens) == 0 {
		if els == nil {
			return nullLit(x.Span), true
		}
		return els, true
	}
	return &ast.Case{Span: x.Span, Whens: whens, Else: els}, true
}

// keyOrLabelList is [k IN keys(x) WHERE k = 'c'] (the equality either
// way round, mapped to k or not at all) as CASE WHEN 'c' IN keys(x) THEN
// ['c'] ELSE [] END with the test in the form keyOrLabelTest gives it,
// for a node or relationship x the rows bind; labels(x) of a node
// likewise. Keys and labels are distinct, so the list holds 'c' once
// when x has it and nothing otherwise.
func (f *rowFacts) keyOrLabelList(x *ast.ListComprehension) (ast.Expr, bool) {
	if x.Var == nil || x.Where == nil || x.Map != nil && ast.FormatExpr(x.Map) != x.Var.Name {
		return nil, false
	}
	c, ok := x.Where.(*ast.Comparison)
	if !ok || len(c.Ops) != 1 || c.Ops[0] != ast.CmpEq {
		return nil, false
	}
	var lit *ast.Literal
	for k, o := range c.Operands {
		v, isVar := o.(*ast.Variable)
		l, isLit := c.Operands[1-k].(*ast.Literal)
		if isVar && v.Name == x.Var.Name && isLit && l.Kind == ast.LitString {
			lit = l
		}
	}
	if lit == nil {
		return nil, false
	}
	test, ok := f.keyOrLabelTest(&ast.In{Span: x.Span, Expr: lit, List: x.In})
	if !ok {
		return nil, false
	}
	return &ast.Case{Span: x.Span, Whens: []*ast.CaseWhen{{Span: x.Span, When: test, Then: &ast.ListLiteral{Span: x.Span, Items: []ast.Expr{lit}}}},
		Else: &ast.ListLiteral{Span: x.Span}}, true
}

// keyOrLabelTest is 'k' IN keys(x) as x.k IS NOT NULL, and 'L' IN
// labels(x) as x:L, for a node or relationship (a node) x the rows bind.
func (f *rowFacts) keyOrLabelTest(x *ast.In) (ast.Expr, bool) {
	l, ok := x.Expr.(*ast.Literal)
	if !ok || l.Kind != ast.LitString {
		return nil, false
	}
	fc, ok := x.List.(*ast.FunctionCall)
	if !ok || len(fc.Namespace) > 0 || fc.Distinct || len(fc.Args) != 1 {
		return nil, false
	}
	v, ok := fc.Args[0].(*ast.Variable)
	if !ok {
		return nil, false
	}
	kind := f.kinds[v.Name]
	switch {
	case strings.EqualFold(fc.Name, "keys") && (kind == kindNode || kind == kindRel):
		return &ast.IsNull{Span: x.Span, Expr: &ast.Property{Span: x.Span, Expr: v, Key: l.Str}, Not: true}, true
	case strings.EqualFold(fc.Name, "labels") && kind == kindNode:
		return &ast.LabelPredicate{Span: x.Span, Expr: v, Labels: &ast.LabelName{Span: l.Span, Name: l.Str}}, true
	}
	return nil, false
}

// isBoolLit reports whether e is the boolean literal v.
func isBoolLit(e ast.Expr, v bool) bool {
	l, ok := e.(*ast.Literal)
	return ok && l.Kind == ast.LitBool && l.Bool == v
}
