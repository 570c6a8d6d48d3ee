package planner

import (
	"math"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// A list's length is an estimate like any operator's rows, taken from the
// statistics the planner uses for what the list describes: a pattern
// comprehension or a COLLECT { } holds the rows per entering row of the
// expansion it enumerates (its filters' selectivity included, a LIMIT
// bounding it), a list comprehension the share of its input its WHERE
// keeps, a CASE the lengths of its branches weighed by the chance each is
// the one taken, a literal or a parameter list (planned with its value)
// its items, a collect() the rows per group (see estimateLists). An UNWIND
// of such a list multiplies the rows by it, as the MATCH it spells would;
// an UNWIND of a list of lists gives its variable the elements' length.

// exprListLength is the estimated length of list expression e evaluated
// on the rows entering ops[i], with lens the lengths of the list
// variables bound before and sel what the operators before tell about
// their variables; ok is false when nothing is known.
func (b *builder) exprListLength(ops []logical.Op, i int, e ast.Expr, lens lists, sel *selectivity) (float64, bool) {
	e = b.planValue(e)
	if n, ok := listLength(e, lens); ok {
		return n, true
	}
	switch x := e.(type) {
	case *ast.PatternComprehension, *ast.CollectSubquery:
		return b.perRowMatches(ops, i, x, sel)
	case *ast.ListComprehension:
		if pc, ok := b.planValue(x.In).(*ast.PatternComprehension); ok && x.Where != nil {
			if v, isVar := pc.Map.(*ast.Variable); isVar && x.Var != nil {
				// A filter of the comprehension's elements, each a
				// variable of its pattern: the pattern's own filter.
				// (renamingOf keeps the filter's other variables: a
				// renaming of x alone drops them.)
				if where, ok := renameExpr(x.Where, renamingOf(x.Where, map[string]string{x.Var.Name: v.Name})); ok {
					if pc.Where != nil {
						where = andAll([]ast.Expr{pc.Where, where})
					}
					return b.perRowMatches(ops, i, &ast.PatternComprehension{Span: pc.Span, PathVar: pc.PathVar, Element: pc.Element, Where: where, Map: v}, sel)
				}
			}
		}
		n, ok := b.exprListLength(ops, i, x.In, lens, sel)
		if !ok {
			return 0, false
		}
		if x.Where != nil {
			n *= sel.of(x.Where)
		}
		return n, true
	case *ast.Case:
		return b.caseListLength(ops, i, x, lens, sel)
	case *ast.Binary:
		if x.Op != ast.OpAdd {
			return 0, false
		}
		l, lok := b.exprListLength(ops, i, x.Left, lens, sel)
		r, rok := b.exprListLength(ops, i, x.Right, lens, sel)
		return l + r, lok && rok
	case *ast.Slice:
		n, ok := b.exprListLength(ops, i, x.Expr, lens, sel)
		if !ok {
			return 0, false
		}
		return sliceLength(n, x), true
	case *ast.FunctionCall:
		if len(x.Namespace) > 0 || len(x.Args) == 0 {
			return 0, false
		}
		switch strings.ToLower(x.Name) {
		case "reverse":
			return b.exprListLength(ops, i, x.Args[0], lens, sel)
		case "tail":
			n, ok := b.exprListLength(ops, i, x.Args[0], lens, sel)
			return math.Max(0, n-1), ok
		case "coalesce":
			// The first argument that is not null: a list's length when
			// the first is one, and when the first is nullIf(l, []) (null
			// exactly when l is empty) the longer of l and the next
			// argument, as an OPTIONAL MATCH keeps one row where it
			// matches none: coalesce(nullIf([pattern | v], []), [null])
			// unwound is that OPTIONAL MATCH written by hand.
			n, ok := b.exprListLength(ops, i, x.Args[0], lens, sel)
			if !ok || len(x.Args) < 2 || !nullIfEmpty(b.planValue(x.Args[0])) {
				return n, ok
			}
			d, dok := b.nullableListLength(ops, i, x.Args[1], lens, sel)
			if !dok {
				return n, true
			}
			return math.Max(n, d), true
		case "nullif":
			// nullIf(l, v) is l, or null (nothing to unwind) when l = v.
			if len(x.Args) != 2 {
				return 0, false
			}
			return b.exprListLength(ops, i, x.Args[0], lens, sel)
		}
	}
	return 0, false
}

// elementListLength is the estimated length of the lists that list
// expression e holds (its elements, each a list), for the variable an
// UNWIND of e binds.
func (b *builder) elementListLength(ops []logical.Op, i int, e ast.Expr, lens lists, sel *selectivity) (float64, bool) {
	switch x := b.planValue(e).(type) {
	case *ast.PatternComprehension:
		// The element is evaluated on each match: priced on the rows
		// of the comprehension's own pipeline, its variables bound.
		pls, ok := plannedMatches(b, ops, i, x)
		if !ok || len(pls) != 1 {
			return 0, false
		}
		saved := b.outer
		b.outer = sel
		defer func() { b.outer = saved }()
		inner := pls[0].Ops
		return b.exprListLength(inner, len(inner), x.Map, lists{}, b.bindings(inner))
	case *ast.ListComprehension:
		if x.Map != nil {
			return b.exprListLength(ops, i, x.Map, lens, sel)
		}
	case *ast.ListLiteral:
		if len(x.Items) == 0 {
			return 0, false
		}
		sum := 0.0
		for _, it := range x.Items {
			n, ok := b.exprListLength(ops, i, it, lens, sel)
			if !ok {
				return 0, false
			}
			sum += n
		}
		return sum / float64(len(x.Items)), true
	}
	return 0, false
}

// caseListLength is the expected length of a CASE of lists: each branch's
// length weighed by the chance that it is the one taken (its condition
// holds and no earlier one did; the ELSE, or null, takes the rest), as
// caseBranches weighs their cost.
func (b *builder) caseListLength(ops []logical.Op, i int, c *ast.Case, lens lists, sel *selectivity) (float64, bool) {
	total, rest := 0.0, 1.0
	for _, w := range c.Whens {
		p := 1 / float64(len(c.Whens)+1)
		if c.Subject == nil {
			p = b.conditionChance(ops, i, w.When, sel)
		}
		n, ok := b.nullableListLength(ops, i, w.Then, lens, sel)
		if !ok {
			return 0, false
		}
		total += rest * p * n
		rest *= 1 - p
	}
	n, ok := b.nullableListLength(ops, i, c.Else, lens, sel)
	if !ok {
		return 0, false
	}
	return total + rest*n, true
}

// nullableListLength is exprListLength where a missing expression or a
// null (which an UNWIND reads as an empty list) has length 0.
func (b *builder) nullableListLength(ops []logical.Op, i int, e ast.Expr, lens lists, sel *selectivity) (float64, bool) {
	if e == nil {
		return 0, true
	}
	if l, ok := e.(*ast.Literal); ok && l.Kind == ast.LitNull {
		return 0, true
	}
	return b.exprListLength(ops, i, e, lens, sel)
}

// perRowMatches is the estimated number of rows that pattern
// comprehension or COLLECT { } x enumerates per row entering ops[i]: the
// rows out of the pipeline code generation plans for it, estimated with
// the variables of the rows before bound as sel tells.
func (b *builder) perRowMatches(ops []logical.Op, i int, x ast.Expr, sel *selectivity) (float64, bool) {
	pls, ok := plannedMatches(b, ops, i, x)
	if !ok || len(pls) == 0 {
		return 0, false
	}
	saved := b.outer
	b.outer = sel
	defer func() { b.outer = saved }()
	n := 0.0
	for _, pl := range pls {
		c := &logical.Pipeline{Ops: append([]logical.Op(nil), pl.Ops...)}
		b.estimate(c)
		if len(c.Est) > 0 {
			n += c.Est[len(c.Est)-1]
		}
	}
	return n, true
}

// plannedMatches is builder.exprPipeline, called through a variable
// because the rules it runs estimate lists.
var plannedMatches func(b *builder, ops []logical.Op, i int, x ast.Expr) ([]*logical.Pipeline, bool)

func init() { plannedMatches = (*builder).exprPipeline }

// nullIfEmpty reports whether e is nullIf(l, []): null exactly when list
// l is empty.
func nullIfEmpty(e ast.Expr) bool {
	c, ok := e.(*ast.FunctionCall)
	if !ok || len(c.Namespace) > 0 || len(c.Args) != 2 || !strings.EqualFold(c.Name, "nullIf") {
		return false
	}
	l, ok := c.Args[1].(*ast.ListLiteral)
	return ok && len(l.Items) == 0
}
