package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// filterTruth rewrites every filter's predicate into the plainest form
// that keeps the same rows (see truthForm), so that the other predicate
// rules (seeks, pushdown, label checks) see a property equality or a
// label test however it was wrapped. It returns the pipeline and whether
// anything changed.
func filterTruth(pl *logical.Pipeline) (*logical.Pipeline, bool) {
	changed := false
	nodes := map[string]bool{}
	for i, op := range pl.Ops {
		if v, ok := bindsNode(op); ok {
			nodes[v] = true
		}
		switch o := op.(type) {
		case logical.VarExpand:
			nodes[o.From], nodes[o.To] = true, true
		case logical.Expand:
			nodes[o.From] = true
		case logical.ShortestPath:
			nodes[o.From], nodes[o.To] = true, true
		}
		f, ok := op.(logical.Filter)
		if !ok {
			continue
		}
		if n := truthForm(f.Pred, nodes); n != f.Pred {
			f.Pred = n
			pl.Ops[i] = f
			changed = true
		}
	}
	return pl, changed
}

// truthForm returns an expression that is true exactly when e is (a
// filter keeps a row only when its predicate is true, dropping false and
// null alike), or e itself when none is plainer:
//
//   - coalesce(p, false) (or null, or several such defaults) is p: it is
//     true when p is;
//   - CASE WHEN p1 THEN true WHEN p2 THEN true ... [ELSE false|null] END
//     is p1 OR p2 OR ...: it is true when some WHEN is;
//   - p = true (or true = p) is p;
//   - a simple CASE s WHEN v1 THEN ... is the searched CASE WHEN s = v1
//     THEN ... (see searchedCase), then as above;
//
// for p a predicate (a comparison, a label or null test, a quantifier, an
// existence check, a boolean operator); AND and OR are rewritten operand
// by operand (each is true exactly when its operands' truth says so), NOT
// and XOR are not (NOT coalesce(p, false) is true where NOT p is null).
// Under all of them, exactForm's rewrites apply, which keep every value.
func truthForm(e ast.Expr, nodes map[string]bool) ast.Expr {
	switch x := e.(type) {
	case *ast.Binary:
		if x.Op != ast.OpAnd && x.Op != ast.OpOr {
			return exactForm(e, nodes)
		}
		l, r := truthForm(x.Left, nodes), truthForm(x.Right, nodes)
		if l == x.Left && r == x.Right {
			return e
		}
		c := *x
		c.Left, c.Right = l, r
		return &c
	case *ast.FunctionCall:
		if len(x.Namespace) == 0 && strings.EqualFold(x.Name, "coalesce") && !x.Distinct && len(x.Args) >= 2 && isPredicate(x.Args[0]) {
			for _, d := range x.Args[1:] {
				if !isFalseOrNull(d) {
					return e
				}
			}
			return truthForm(x.Args[0], nodes)
		}
	case *ast.Case:
		if x.Subject != nil {
			x = searchedCase(x)
		}
		if len(x.Whens) == 0 || x.Else != nil && !isFalseOrNull(x.Else) {
			return e
		}
		var or ast.Expr
		for _, w := range x.Whens {
			if !isBool(w.Then, true) || !isPredicate(w.When) {
				return e
			}
			p := truthForm(w.When, nodes)
			if or == nil {
				or = p
			} else {
				or = &ast.Binary{Span: x.Span, Op: ast.OpOr, Left: or, Right: p}
			}
		}
		return or
	case *ast.Comparison:
		if len(x.Ops) == 1 && x.Ops[0] == ast.CmpEq {
			for i := 0; i < 2; i++ {
				if isBool(x.Operands[i], true) && isPredicate(x.Operands[1-i]) {
					return truthForm(x.Operands[1-i], nodes)
				}
			}
		}
	}
	return exactForm(e, nodes)
}

// exactForm returns an expression of the same value as e in every row,
// nulls included, or e itself when none is plainer: 'L' IN labels(n) is
// n:L for n a node variable (both null when n is), and a quantifier over
// n's labels and a literal list of names the label expression it spells
// (quantifiedLabels), under AND, OR, XOR and NOT.
func exactForm(e ast.Expr, nodes map[string]bool) ast.Expr {
	if out, ok := mapLogical(e, func(o ast.Expr) ast.Expr { return exactForm(o, nodes) }); ok {
		return out
	}
	switch x := e.(type) {
	case *ast.Quantifier:
		if out, ok := quantifiedLabels(x, nodes); ok {
			return out
		}
	case *ast.In:
		lit, ok := x.Expr.(*ast.Literal)
		if !ok || lit.Kind != ast.LitString {
			return e
		}
		f, ok := x.List.(*ast.FunctionCall)
		if !ok || len(f.Namespace) != 0 || !strings.EqualFold(f.Name, "labels") || f.Distinct || len(f.Args) != 1 {
			return e
		}
		if v, ok := varName(f.Args[0]); ok && nodes[v] {
			return &ast.LabelPredicate{Span: x.Span, Expr: f.Args[0], Labels: &ast.LabelName{Span: lit.Span, Name: lit.Str}}
		}
	}
	return e
}

// isPredicate reports whether e is an expression whose value is a boolean
// or null whatever its operands: a comparison, IN, a string match, a
// label, type or null test, a quantifier, an existence check, a boolean
// literal or a boolean operator over such.
func isPredicate(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Comparison, *ast.In, *ast.StringMatch, *ast.LabelPredicate, *ast.IsNull, *ast.TypePredicate,
		*ast.Quantifier, *ast.ExistsSubquery:
		return true
	case *ast.PatternExpr:
		return x.Kind == ast.PathPlain
	case *ast.Literal:
		return x.Kind == ast.LitBool
	case *ast.Binary:
		return (x.Op == ast.OpAnd || x.Op == ast.OpOr || x.Op == ast.OpXor) && isPredicate(x.Left) && isPredicate(x.Right)
	case *ast.Unary:
		return x.Op == ast.OpNot && isPredicate(x.Expr)
	}
	return false
}

func isBool(e ast.Expr, v bool) bool {
	l, ok := e.(*ast.Literal)
	return ok && l.Kind == ast.LitBool && l.Bool == v
}

func isFalseOrNull(e ast.Expr) bool {
	l, ok := e.(*ast.Literal)
	return ok && (l.Kind == ast.LitNull || l.Kind == ast.LitBool && !l.Bool)
}

// searchedCase returns the searched form of the simple CASE x: CASE s
// WHEN v1 THEN r1 ... END is CASE WHEN s = v1 THEN r1 ... END, since a
// simple CASE takes the first WHEN whose value equals the subject (a
// null comparison taking none, as OpEq and JumpIfNotTrue do in
// caseExpr). The subject is read once per WHEN, which is the same value:
// an expression has no effects.
func searchedCase(x *ast.Case) *ast.Case {
	c := &ast.Case{Span: x.Span, Else: x.Else}
	for _, w := range x.Whens {
		eq := &ast.Comparison{Span: w.Span, Operands: []ast.Expr{x.Subject, w.When}, Ops: []ast.CompareOp{ast.CmpEq}}
		c.Whens = append(c.Whens, &ast.CaseWhen{Span: w.Span, When: eq, Then: w.Then})
	}
	return c
}
