package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// foldConstant evaluates, when planning, the part of one expression that
// does not depend on the row (a rewrite for rewriteExpr, which has folded
// its children already):
//
//   - a key of a map literal, `{id: $hub}.id` (and `{..}['id']`), is the
//     value written for it (null when there is none);
//   - an element of a list literal at a literal position, `[a, b][0]`, is
//     that element, and a slice with literal bounds the list of them;
//   - a CASE drops the branches whose condition is the literal false or
//     null (or a literal that cannot equal the subject), and is the
//     value of its first branch whose condition is the literal true;
//   - coalesce drops its null literal arguments, and is its first
//     argument when that is a literal that is not null;
//   - AND, OR and NOT with a literal operand, and `p = true` of a
//     predicate p, are p, NOT p or the literal they come to, keeping
//     three-valued logic: `p AND true` is p only where p is a predicate
//     (true, false or null), since AND raises an error on other values;
//   - a comparison of two literals of one type is its boolean, and a
//     null test of a literal its answer.
//
// A part of the expression that is dropped must be one whose evaluation
// cannot raise an error (see errorFree), so that every error the written
// expression raises, the folded one raises too.
func foldConstant(e ast.Expr) (ast.Expr, bool) {
	span := e.NodeSpan()
	switch x := e.(type) {
	case *ast.Property:
		if m, ok := x.Expr.(*ast.MapLiteral); ok {
			return mapKey(m, x.Key, span)
		}
	case *ast.Index:
		switch in := x.Expr.(type) {
		case *ast.MapLiteral:
			if k, ok := x.Index.(*ast.Literal); ok && k.Kind == ast.LitString {
				return mapKey(in, k.Str, span)
			}
		case *ast.ListLiteral:
			pos, ok := intLiteral(x.Index)
			if !ok || !allErrorFree(in.Items) {
				return nil, false
			}
			if pos < 0 {
				pos += len(in.Items)
			}
			if pos < 0 || pos >= len(in.Items) {
				return nullLit(span), true
			}
			return in.Items[pos], true
		}
	case *ast.Slice:
		in, ok := x.Expr.(*ast.ListLiteral)
		if !ok || !allErrorFree(in.Items) {
			return nil, false
		}
		n := len(in.Items)
		from, to := 0, n
		if x.From != nil {
			if from, ok = intLiteral(x.From); !ok {
				return nil, false
			}
		}
		if x.To != nil {
			if to, ok = intLiteral(x.To); !ok {
				return nil, false
			}
		}
		from, to = sliceBound(from, n), sliceBound(to, n)
		items := []ast.Expr{}
		if from < to {
			items = append(items, in.Items[from:to]...)
		}
		return &ast.ListLiteral{Span: span, Items: items}, true
	case *ast.Case:
		return foldCase(x)
	case *ast.FunctionCall:
		if len(x.Namespace) == 0 && !x.Distinct && strings.EqualFold(x.Name, "coalesce") {
			return foldCoalesce(x)
		}
	case *ast.Unary:
		if x.Op == ast.OpNot {
			if l, ok := x.Expr.(*ast.Literal); ok && (l.Kind == ast.LitBool || l.Kind == ast.LitNull) {
				if l.Kind == ast.LitNull {
					return nullLit(span), true
				}
				return boolLit(span, !l.Bool), true
			}
		}
	case *ast.IsNull:
		// a literal's nullness is known; a list or map literal is never null
		switch in := x.Expr.(type) {
		case *ast.Literal:
			return boolLit(span, (in.Kind == ast.LitNull) != x.Not), true
		case *ast.ListLiteral, *ast.MapLiteral:
			if errorFree(in) {
				return boolLit(span, x.Not), true
			}
		}
	case *ast.Binary:
		return foldLogic(x)
	case *ast.Comparison:
		return foldComparison(x)
	}
	return nil, false
}

// mapKey is the value of key in map literal m (null when m has none),
// when the values of its other keys cannot raise an error.
func mapKey(m *ast.MapLiteral, key string, span ast.Span) (ast.Expr, bool) {
	var found ast.Expr
	seen := map[string]bool{}
	for _, en := range m.Entries {
		if seen[en.Key] {
			return nil, false // a repeated key: leave it to the evaluator
		}
		seen[en.Key] = true
		if en.Key == key {
			found = en.Value
		} else if !errorFree(en.Value) {
			return nil, false
		}
	}
	if found == nil {
		return nullLit(span), true
	}
	return found, true
}

// sliceBound is a slice bound pos of a list of n elements as an index in
// [0, n] (negative bounds count from the end).
func sliceBound(pos, n int) int {
	if pos < 0 {
		pos += n
	}
	return min(max(pos, 0), n)
}

// foldCase drops the branches of c that can never be taken, and is the
// value of the first branch that is always taken.
func foldCase(c *ast.Case) (ast.Expr, bool) {
	var subject *ast.Literal
	if c.Subject != nil {
		l, ok := c.Subject.(*ast.Literal)
		if !ok {
			return nil, false
		}
		subject = l
	}
	var whens []*ast.CaseWhen
	for _, w := range c.Whens {
		taken, known := caseTaken(subject, w.When)
		if !known {
			whens = append(whens, w)
			continue
		}
		if !taken {
			continue
		}
		if len(whens) == 0 {
			return w.Then, true
		}
		// the first branch after the undecided ones that is always
		// taken is the ELSE of the branches before it
		out := *c
		out.Whens, out.Else = whens, w.Then
		return &out, true
	}
	if len(whens) == len(c.Whens) {
		return nil, false
	}
	if len(whens) == 0 {
		if c.Else == nil {
			return nullLit(c.Span), true
		}
		return c.Else, true
	}
	out := *c
	out.Whens = whens
	return &out, true
}

// caseTaken decides whether a CASE branch with condition when is taken
// (with subject, the literal a simple CASE compares with; nil for a
// searched CASE); known is false when that depends on the row.
func caseTaken(subject *ast.Literal, when ast.Expr) (taken, known bool) {
	l, ok := when.(*ast.Literal)
	if !ok {
		return false, false
	}
	if subject == nil {
		switch l.Kind {
		case ast.LitNull:
			return false, true
		case ast.LitBool:
			return l.Bool, true
		}
		return false, false
	}
	eq, ok := literalEqual(subject, l)
	if !ok {
		return false, false
	}
	return eq != nil && *eq, true
}

// literalEqual is a = b of two literals: nil for null; ok is false when
// the two are of kinds this does not compare (numbers of two types).
func literalEqual(a, b *ast.Literal) (*bool, bool) {
	if a.Kind == ast.LitNull || b.Kind == ast.LitNull {
		return nil, true
	}
	if a.Kind != b.Kind {
		if a.Kind == ast.LitFloat || b.Kind == ast.LitFloat {
			return nil, false // 1 = 1.0: left to the evaluator
		}
		f := false
		return &f, true
	}
	var v bool
	switch a.Kind {
	case ast.LitBool:
		v = a.Bool == b.Bool
	case ast.LitInt:
		v = a.Int == b.Int
	case ast.LitString:
		v = a.Str == b.Str
	default:
		return nil, false
	}
	return &v, true
}

// foldCoalesce drops the null literal arguments of coalesce, and is its
// first argument when that is a literal that is not null (and the others
// cannot raise an error) or the only one left.
func foldCoalesce(c *ast.FunctionCall) (ast.Expr, bool) {
	var args []ast.Expr
	for _, a := range c.Args {
		if l, ok := a.(*ast.Literal); ok && l.Kind == ast.LitNull {
			continue
		}
		args = append(args, a)
	}
	if len(args) == 0 && len(c.Args) > 0 {
		return nullLit(c.Span), true
	}
	if len(args) == 1 {
		return args[0], true
	}
	if len(args) > 1 {
		if _, lit := args[0].(*ast.Literal); lit && allErrorFree(args[1:]) {
			return args[0], true
		}
	}
	if len(args) == len(c.Args) {
		return nil, false
	}
	out := *c
	out.Args = args
	return &out, true
}

// foldLogic folds AND, OR and XOR with a boolean literal operand.
func foldLogic(b *ast.Binary) (ast.Expr, bool) {
	if b.Op != ast.OpAnd && b.Op != ast.OpOr {
		return nil, false
	}
	for _, side := range [2][2]ast.Expr{{b.Left, b.Right}, {b.Right, b.Left}} {
		l, ok := side[0].(*ast.Literal)
		other := side[1]
		if !ok || l.Kind != ast.LitBool || !isPredicate(other) {
			continue
		}
		// p AND true, p OR false: p; p AND false, p OR true: the literal,
		// when p cannot raise an error.
		if l.Bool == (b.Op == ast.OpAnd) {
			return other, true
		}
		if errorFree(other) {
			return boolLit(b.Span, l.Bool), true
		}
	}
	return nil, false
}

// foldComparison folds p = true (p) and p = false (NOT p) of a predicate
// p, and the comparison of two literals of one type.
func foldComparison(c *ast.Comparison) (ast.Expr, bool) {
	if len(c.Ops) != 1 || c.Ops[0] != ast.CmpEq && c.Ops[0] != ast.CmpNe {
		return nil, false
	}
	a, b := c.Operands[0], c.Operands[1]
	la, okA := a.(*ast.Literal)
	lb, okB := b.(*ast.Literal)
	if okA && okB {
		eq, ok := literalEqual(la, lb)
		if !ok {
			return nil, false
		}
		if eq == nil {
			return nullLit(c.Span), true
		}
		return boolLit(c.Span, *eq == (c.Ops[0] == ast.CmpEq)), true
	}
	for _, side := range [2][2]ast.Expr{{a, b}, {b, a}} {
		l, ok := side[0].(*ast.Literal)
		if !ok || l.Kind != ast.LitBool || !isPredicate(side[1]) {
			continue
		}
		if l.Bool == (c.Ops[0] == ast.CmpEq) {
			return side[1], true
		}
		return &ast.Unary{Span: c.Span, Op: ast.OpNot, Expr: side[1]}, true
	}
	return nil, false
}

// errorFree reports whether evaluating e can never raise an error:
// literals, parameters, variables, list and map literals of such, and
// the comparisons and null tests of such (a comparison of values of
// different types is null, not an error).
func errorFree(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Literal, *ast.Parameter, *ast.Variable:
		return true
	case *ast.ListLiteral:
		return allErrorFree(x.Items)
	case *ast.MapLiteral:
		for _, en := range x.Entries {
			if !errorFree(en.Value) {
				return false
			}
		}
		return true
	case *ast.Comparison:
		return allErrorFree(x.Operands)
	case *ast.IsNull:
		return errorFree(x.Expr)
	}
	return false
}

func allErrorFree(es []ast.Expr) bool {
	for _, e := range es {
		if !errorFree(e) {
			return false
		}
	}
	return true
}

func nullLit(span ast.Span) *ast.Literal { return &ast.Literal{Span: span, Kind: ast.LitNull} }

// foldExpr folds the constant parts of e (see foldConstant).
func foldExpr(e ast.Expr) (ast.Expr, bool) { return rewriteExpr(e, foldConstant) }

// foldConstants folds the constant parts of the filters and projections
// of a pipeline (see foldConstant); projections and filters that read
// grouping keys by their text (Subst) are left as they are.
func foldConstants(pl *logical.Pipeline) (*logical.Pipeline, bool) {
	changed := false
	for j, op := range pl.Ops {
		switch o := op.(type) {
		case logical.Filter:
			if o.Subst != nil || o.Vectorised {
				continue
			}
			if e, ok := foldExpr(o.Pred); ok {
				o.Pred = e
				pl.Ops[j], changed = o, true
			}
		case logical.Project:
			if o.Subst != nil {
				continue
			}
			var items []logical.Item
			for k, it := range o.Items {
				e, ok := foldExpr(it.Expr)
				if !ok {
					continue
				}
				if items == nil {
					items = append([]logical.Item(nil), o.Items...)
				}
				items[k].Expr = e
			}
			if items != nil {
				o.Items = items
				pl.Ops[j], changed = o, true
			}
		}
	}
	return pl, changed
}

// substituteConstants writes, in the MATCH clauses after a WITH, each
// variable the WITH binds to a constant (an expression of literals and
// parameters only, which holds the same value on every row; a
// run-constant item is one, named as a parameter by runConstants) as that
// constant, and folds the constant parts of every MATCH clause's WHERE
// and property maps: `WITH {id: $hub} AS p MATCH (a) WHERE a.id = p.id`
// reads `a.id = $hub`, so the seek of a is priced and run as the
// literal's is. The WITH stays (later clauses may read p); the clauses
// past the next WITH or RETURN, where p may be gone or another value,
// keep their text.
func substituteConstants(clauses []ast.Clause) []ast.Clause {
	var out []ast.Clause
	var consts map[string]ast.Expr
	for _, c := range clauses {
		switch x := c.(type) {
		case *ast.With:
			consts = constantItems(x.Projection)
		case *ast.Match:
			c = foldMatch(x, consts)
		case *ast.Unwind:
			delete(consts, x.Var.Name)
		default:
			consts = nil
		}
		out = append(out, c)
	}
	return out
}

// constantItems are the items of p whose value is a constant, by name.
func constantItems(p *ast.Projection) map[string]ast.Expr {
	if p == nil || p.Distinct || p.OrderBy != nil || p.Skip != nil || p.Limit != nil {
		return nil
	}
	var out map[string]ast.Expr
	for _, it := range p.Items {
		if !isConstantValue(it.Expr) {
			continue
		}
		if out == nil {
			out = map[string]ast.Expr{}
		}
		out[it.Name()] = it.Expr
	}
	return out
}

// isConstantValue reports whether e is made of literals and parameters only.
func isConstantValue(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Literal, *ast.Parameter:
		return true
	case *ast.ListLiteral:
		for _, it := range x.Items {
			if !isConstantValue(it) {
				return false
			}
		}
		return true
	case *ast.MapLiteral:
		for _, en := range x.Entries {
			if !isConstantValue(en.Value) {
				return false
			}
		}
		return true
	}
	return false
}

// foldMatch is m with the constants of consts written for their
// variables, and the constant parts of its WHERE and property maps
// folded; m itself when nothing changed.
func foldMatch(m *ast.Match, consts map[string]ast.Expr) ast.Clause {
	out := m
	if len(consts) > 0 {
		ren := renamingOf(m, map[string]string{})
		sub := map[string]ast.Expr{}
		for n, e := range consts {
			if _, read := ren[n]; read {
				delete(ren, n)
				sub[n] = e
			}
		}
		if len(sub) > 0 {
			if r, ok := (renaming{m: ren, sub: sub}).clause(m); ok {
				out = r.(*ast.Match)
			}
		}
	}
	where, ok := foldWhere(out.Where)
	var pattern *ast.Pattern
	if out.Pattern != nil {
		for k, part := range out.Pattern.Parts {
			if part.Element == nil {
				continue
			}
			for i, n := range part.Element.Nodes {
				props, changed := foldExpr(n.Props)
				if !changed {
					continue
				}
				if pattern == nil {
					pattern = clonePatternParts(out.Pattern)
				}
				el := *pattern.Parts[k].Element
				el.Nodes = append([]*ast.NodePattern(nil), el.Nodes...)
				nn := *n
				nn.Props = props
				el.Nodes[i] = &nn
				pattern.Parts[k].Element = &el
			}
		}
	}
	if !ok && pattern == nil {
		return out
	}
	c := *out
	if ok {
		c.Where = where
	}
	if pattern != nil {
		c.Pattern = pattern
	}
	return &c
}

// foldWhere folds the constant parts of each conjunct of where that
// stays a predicate once folded (true, false or null whatever the row):
// the binder checks a WHERE's type, and a conjunct folded to another
// value (coalesce(3, $p) to 3) would fail that check where the written
// one fails when it runs, with another error.
func foldWhere(where ast.Expr) (ast.Expr, bool) {
	if where == nil {
		return nil, false
	}
	cs := conjuncts(where)
	changed := false
	for k, c := range cs {
		if f, ok := foldExpr(c); ok && isPredicate(f) {
			cs[k], changed = f, true
		}
	}
	if !changed {
		return where, false
	}
	return andOf(cs), true
}

// clonePatternParts is a copy of p whose parts may be replaced.
func clonePatternParts(p *ast.Pattern) *ast.Pattern {
	out := &ast.Pattern{Span: p.Span, Parts: make([]*ast.PatternPart, len(p.Parts))}
	for k, part := range p.Parts {
		np := *part
		out.Parts[k] = &np
	}
	return out
}
