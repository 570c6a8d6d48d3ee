package planner

import "github.com/cyqdb/cyq/parser/ast"

// Dynamic labels and types of literal names are the static ones.
//
// A node pattern's `$(expr)`, `$all(expr)` and `$any(expr)` are lowered
// (labelPred, namesPred) onto a predicate over labels(): every name (any
// name, for $any) of the string or list of strings expr computes is one
// of the node's labels; a relationship pattern's onto the same over
// [type(r)]. When expr is a string literal or a non-empty list of string
// literals, that predicate is the static label expression of the names:
// `$('A')` is `A`, `$(['A', 'B'])` and `$all(['A', 'B'])` are `A&B`,
// `$any(['A', 'B'])` is `A|B`; for types `$any` is the disjunction `R|S`
// and `$all` of two types the conjunction `R&S`, which no relationship
// satisfies on either side (its one type is not both). Both sides are true or
// false, never null and never an error (valueType() and IN over strings
// cannot fail), so the fold is exact; a null, a non-string, an empty list
// or an empty name is left to the run-time predicate.
//
// Written as static labels, the pattern reaches the label and type
// indexes, label and type statistics and every rule that reads static
// names (anchors, index seeks, degree reads), where the run-time
// predicate filtered every node or relationship. Row mode keeps the
// dynamic form. Patterns of CREATE and MERGE are left as written: there
// $any() is an error (a created node takes every label it is given),
// which `A|B` written out would not raise the same way.
func foldLiteralLabels(st *ast.Statement) {
	ast.Inspect(st, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Create, *ast.Merge:
			return false
		case *ast.NodePattern:
			if x.Labels != nil && ast.HasDynamic(x.Labels) {
				x.Labels = foldLabelExpr(x.Labels)
			}
		case *ast.RelPattern:
			if x.Types != nil && ast.HasDynamic(x.Types) {
				x.Types = foldLabelExpr(x.Types)
			}
		}
		return true
	})
}

// foldLabelExpr returns e with its literal dynamic parts written as names.
func foldLabelExpr(e ast.LabelExpr) ast.LabelExpr {
	switch x := e.(type) {
	case *ast.LabelDynamic:
		if f := foldDynamic(x); f != nil {
			return f
		}
	case *ast.LabelAnd:
		items := make([]ast.LabelExpr, len(x.Items))
		for i, it := range x.Items {
			items[i] = foldLabelExpr(it)
		}
		return &ast.LabelAnd{Span: x.Span, Items: items, Colon: x.Colon}
	case *ast.LabelOr:
		items := make([]ast.LabelExpr, len(x.Items))
		for i, it := range x.Items {
			items[i] = foldLabelExpr(it)
		}
		return &ast.LabelOr{Span: x.Span, Items: items, Colon: x.Colon}
	case *ast.LabelNot:
		return &ast.LabelNot{Span: x.Span, Expr: foldLabelExpr(x.Expr)}
	}
	return e
}

// foldDynamic is the static expression of d's literal names, or nil when
// d is not a string literal or a non-empty list of them.
func foldDynamic(d *ast.LabelDynamic) ast.LabelExpr {
	var names []string
	switch v := d.Expr.(type) {
	case *ast.Literal:
		if v.Kind != ast.LitString || v.Str == "" {
			return nil
		}
		names = []string{v.Str}
	case *ast.ListLiteral:
		for _, it := range v.Items {
			l, ok := it.(*ast.Literal)
			if !ok || l.Kind != ast.LitString || l.Str == "" {
				return nil
			}
			names = appendNew(names, l.Str)
		}
	default:
		return nil
	}
	if len(names) == 0 {
		return nil
	}
	if len(names) == 1 {
		return &ast.LabelName{Span: d.Span, Name: names[0]}
	}
	items := make([]ast.LabelExpr, len(names))
	for i, n := range names {
		items[i] = &ast.LabelName{Span: d.Span, Name: n}
	}
	if d.Any {
		return &ast.LabelOr{Span: d.Span, Items: items}
	}
	return &ast.LabelAnd{Span: d.Span, Items: items}
}

// appendNew appends s to names unless it is there.
func appendNew(names []string, s string) []string {
	for _, n := range names {
		if n == s {
			return names
		}
	}
	return append(names, s)
}
