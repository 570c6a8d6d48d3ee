package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// quantifiedLabels returns the label test of the same value as q, a
// quantifier relating the labels of a node variable n with a literal list
// of names, where it has one:
//
//   - any(l IN labels(n) WHERE l IN ['A', 'B']) (or WHERE l = 'A') is
//     n:A|B, none(...) is NOT n:A|B;
//   - any(l IN ['A', 'B'] WHERE l IN labels(n)) is n:A|B, all(...) is
//     n:A&B and none(...) is NOT n:A|B.
//
// Both sides are null when n is (labels(null) is null, so every
// membership the quantifier tests is, and a label test of null is null);
// otherwise labels(n) is a list of strings without nulls, so each
// membership of a name in it, or of a label in a list of names, is true
// or false, and the quantifier counts the names n carries as the label
// expression does. The list must be non-empty (over an empty list any()
// is false and all() true even for a null n) and hold string literals
// only (a null in it makes a failed membership null rather than false).
// all(l IN labels(n) WHERE ...) and single() have no label expression
// and are left as written. Neither side can fail.
func quantifiedLabels(q *ast.Quantifier, nodes map[string]bool) (ast.Expr, bool) {
	if q.Where == nil || q.Var == nil || q.Kind == ast.QuantSingle {
		return nil, false
	}
	elem := q.Var.Name
	var n ast.Expr
	var names []string
	if subject, ok := labelsCall(q.In, nodes, elem); ok {
		// Over the node's labels: a membership of the element in names.
		if q.Kind == ast.QuantAll {
			return nil, false
		}
		ns, ok := elementAmong(q.Where, elem)
		if !ok {
			return nil, false
		}
		n, names = subject, ns
	} else {
		ns, ok := literalNames(q.In)
		if !ok {
			return nil, false
		}
		in, ok := q.Where.(*ast.In)
		if !ok {
			return nil, false
		}
		if v, ok := varName(in.Expr); !ok || v != elem {
			return nil, false
		}
		subject, ok := labelsCall(in.List, nodes, elem)
		if !ok {
			return nil, false
		}
		n, names = subject, ns
	}
	items := make([]ast.LabelExpr, len(names))
	for i, name := range names {
		items[i] = &ast.LabelName{Span: q.Span, Name: name}
	}
	var labels ast.LabelExpr = items[0]
	switch {
	case len(items) == 1:
	case q.Kind == ast.QuantAll:
		labels = &ast.LabelAnd{Span: q.Span, Items: items}
	default:
		labels = &ast.LabelOr{Span: q.Span, Items: items}
	}
	var out ast.Expr = &ast.LabelPredicate{Span: q.Span, Expr: n, Labels: labels}
	if q.Kind == ast.QuantNone {
		out = &ast.Unary{Span: q.Span, Op: ast.OpNot, Expr: out}
	}
	return out, true
}

// labelsCall returns n when e is labels(n) for a node variable n other
// than the quantifier's element elem.
func labelsCall(e ast.Expr, nodes map[string]bool, elem string) (ast.Expr, bool) {
	f, ok := e.(*ast.FunctionCall)
	if !ok || len(f.Namespace) != 0 || !strings.EqualFold(f.Name, "labels") || f.Distinct || len(f.Args) != 1 {
		return nil, false
	}
	v, ok := varName(f.Args[0])
	if !ok || v == elem || !nodes[v] {
		return nil, false
	}
	return f.Args[0], true
}

// elementAmong returns the names of where, `elem IN [names]`, `elem =
// 'name'` or `'name' = elem`.
func elementAmong(where ast.Expr, elem string) ([]string, bool) {
	switch x := where.(type) {
	case *ast.In:
		if v, ok := varName(x.Expr); !ok || v != elem {
			return nil, false
		}
		return literalNames(x.List)
	case *ast.Comparison:
		if len(x.Ops) != 1 || x.Ops[0] != ast.CmpEq {
			return nil, false
		}
		for s := 0; s < 2; s++ {
			if v, ok := varName(x.Operands[s]); ok && v == elem {
				if lit, ok := x.Operands[1-s].(*ast.Literal); ok && lit.Kind == ast.LitString {
					return []string{lit.Str}, true
				}
			}
		}
	}
	return nil, false
}

// literalNames returns the strings of e, a non-empty list literal of
// string literals.
func literalNames(e ast.Expr) ([]string, bool) {
	l, ok := e.(*ast.ListLiteral)
	if !ok || len(l.Items) == 0 {
		return nil, false
	}
	names := make([]string, len(l.Items))
	for i, it := range l.Items {
		lit, ok := it.(*ast.Literal)
		if !ok || lit.Kind != ast.LitString {
			return nil, false
		}
		names[i] = lit.Str
	}
	return names, true
}

// labelQuantifierValues writes a quantifier over a node's labels and a
// literal list of names (quantifiedLabels) as the label test it spells
// wherever a filter, a projection or a grouping key holds it as a value
// or under AND, OR, XOR and NOT, with the variables' kinds of the scope
// there (filterTruth does so for the filters of a MATCH, by the nodes
// its pattern binds; this takes the nodes a WITH carried too). Both have
// the same value in every row; the label test is a label read the rules
// keyed on labels take (label checks, class keys counted by label-set
// classes), where the quantifier built a list of names per row. Only
// those positions are rewritten: inside a comprehension or another
// quantifier the variable may name a local.
func labelQuantifierValues(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	if b.rowModeOnly {
		return ops, false
	}
	for i, op := range ops {
		switch op.(type) {
		case logical.Filter, logical.Project, logical.Aggregate:
		default:
			continue
		}
		sc, _, ok := scopeAt(ops, i)
		if !ok {
			continue
		}
		nodes := map[string]bool{}
		for name, k := range sc.vars {
			if k == kindNode {
				nodes[name] = true
			}
		}
		var top func(e ast.Expr) ast.Expr
		top = func(e ast.Expr) ast.Expr {
			if out, ok := mapLogical(e, top); ok {
				return out
			}
			if q, ok := e.(*ast.Quantifier); ok {
				if out, ok := quantifiedLabels(q, nodes); ok {
					return out
				}
			}
			return e
		}
		items := func(its []logical.Item) ([]logical.Item, bool) {
			changed := false
			var out []logical.Item
			for k, it := range its {
				if x := top(it.Expr); x != it.Expr {
					if !changed {
						out = append([]logical.Item(nil), its...)
						changed = true
					}
					out[k].Expr = x
				}
			}
			return out, changed
		}
		switch o := op.(type) {
		case logical.Filter:
			if o.Subst != nil || o.Vectorised {
				continue
			}
			if x := top(o.Pred); x != o.Pred {
				o.Pred = x
				return replace(ops, i, 1, o), true
			}
		case logical.Project:
			if o.Subst != nil {
				continue
			}
			if its, ok := items(o.Items); ok {
				o.Items = its
				return replace(ops, i, 1, o), true
			}
		case logical.Aggregate:
			if its, ok := items(o.Keys); ok {
				o.Keys = its
				return replace(ops, i, 1, o), true
			}
		}
	}
	return ops, false
}
