package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// guardFilters moves a copy of a filter's conjunct that may fail ahead of
// the expansions it does not read, as a guard that cannot fail: `WHERE
// toLower(p.name) CONTAINS 'x'` after `(p:Product)<-[o:ORDERS]-()` then
// drops the products whose name does not contain x before their orders
// are expanded, as it does when the filter is written in a MATCH of p
// alone.
//
// pushdownFilters moves only conjuncts that cannot fail (neverFails): one
// that may raise an error, moved ahead of an expansion, would raise it on
// a row the expansion drops. A string function (toLower, toUpper, lower,
// upper, trim, ltrim, rtrim, btrim; left and right of a non-negative
// literal length; substring of non-negative literal bounds) fails only
// when its string argument is neither a string nor null, a test
// valueType() answers without failing. So the guard is
//
//	CASE WHEN <each such argument is a string> THEN <conjunct> ELSE true END
//
// It never fails; it drops a row only where the conjunct evaluates,
// without error, to false or null, so the conjunct, which reads only
// variables bound before the guard and is deterministic, drops that row
// later too; and it keeps every row on which the conjunct would fail, so
// the conjunct, which stays where it was, raises that error on exactly
// the rows it raised it on before. The guard crosses only operators that
// cannot fail and do not compute what the conjunct reads (expansions,
// label and relationship property checks, path binds, WITH scopes and
// projections of variables, filters that cannot fail), so no error
// another operator would raise is skipped, and it is placed only where it
// crosses an expansion (elsewhere it would only repeat the conjunct). A
// prefix comparison (`left(x.p, k) = s`) is left to prefixFunctions,
// whose implied STARTS WITH moves and seeks.
// After a write (wrote) nothing moves, as with pushdownFilters.
func guardFilters(pl *logical.Pipeline, known map[string]bool, wrote bool) (*logical.Pipeline, bool) {
	if wrote {
		return pl, false
	}
	entities := entityVars(pl.Ops, known)
	changed := false
	for i := len(pl.Ops) - 1; i >= 0; i-- {
		f, ok := pl.Ops[i].(logical.Filter)
		if !ok || f.Subst != nil || f.Vectorised {
			continue
		}
		for _, c := range conjuncts(f.Pred) {
			if surelySafe(c, entities) {
				continue // pushdownFilters moves it
			}
			if prefixComparison(c) {
				break // prefixFunctions may add its STARTS WITH, which moves
			}
			// Only the first conjunct that may fail is guarded: row mode
			// evaluates it before the others that may (safeFirst), so a
			// row it drops is a row the filter drops without error; a
			// later one may be decided false on a row where an earlier
			// one fails.
			tests, ok := guardTests(c, entities)
			vars := exprVars(c)
			if !ok || len(tests) == 0 || len(vars) == 0 {
				break
			}
			t := guardTarget(pl.Ops, i, vars, entities)
			if t == i {
				break
			}
			g := &ast.Case{Whens: []*ast.CaseWhen{{When: andOf(tests), Then: c}}, Else: boolLit(ast.Span{}, true)}
			if guarded(pl.Ops, t, g) {
				break
			}
			ops := make([]logical.Op, 0, len(pl.Ops)+1)
			ops = append(ops, pl.Ops[:t+1]...)
			ops = append(ops, logical.Filter{Pred: g})
			pl.Ops = append(ops, pl.Ops[t+1:]...)
			changed = true
			i = len(pl.Ops) // indices moved: look again from the end
			break
		}
	}
	return pl, changed
}

// guardTarget is the index of the operator after which the guard of a
// conjunct reading vars, in the filter at index i, goes: the nearest
// operator before i that binds one of vars or that the guard may not
// cross (see guardFilters), then past the label and relationship
// property checks that follow it. It returns i when no expansion lies
// between that place and the filter.
func guardTarget(ops []logical.Op, i int, vars map[string]bool, entities map[string]bool) int {
	j := bindingSite(ops, i, vars, func(op logical.Op, _ bool) bool { return !guardCrosses(op, entities) })
	for k := j + 1; k < i; k++ {
		switch ops[k].(type) {
		case logical.Expand, logical.VarExpand, logical.ExpandChain, logical.ExpandCommon:
			return j
		}
	}
	return i
}

// guardCrosses reports whether a guard may move ahead of op: op cannot
// fail and only binds new variables, checks labels or relationship
// properties, or passes variables on.
func guardCrosses(op logical.Op, entities map[string]bool) bool {
	switch o := op.(type) {
	case logical.Expand, logical.VarExpand, logical.ExpandChain, logical.ExpandCommon,
		logical.NodeFilter, logical.RelFilter, logical.PathBind, logical.Select:
		return true
	case logical.Project:
		_, ok := passThrough(o)
		return ok
	case logical.Filter:
		if o.Subst != nil || o.Vectorised {
			return false
		}
		for _, c := range conjuncts(o.Pred) {
			if !neverFails(c, entities) {
				return false
			}
		}
		return true
	}
	return false
}

// guarded reports whether the filters at and around ops[t] (the run of
// filters it is part of or that follows it) already hold the guard g.
func guarded(ops []logical.Op, t int, g ast.Expr) bool {
	want := ast.FormatExpr(g)
	has := func(k int) (filter, found bool) {
		if k < 0 || k >= len(ops) {
			return false, false
		}
		f, ok := ops[k].(logical.Filter)
		if !ok {
			return false, false
		}
		for _, c := range conjuncts(f.Pred) {
			if ast.FormatExpr(c) == want {
				return true, true
			}
		}
		return true, false
	}
	for k := t; k >= 0; k-- {
		filter, found := has(k)
		if found {
			return true
		}
		if !filter {
			break
		}
	}
	for k := t + 1; k < len(ops); k++ {
		filter, found := has(k)
		if found {
			return true
		}
		if !filter {
			break
		}
	}
	return false
}

// guardTests returns the tests under which predicate e cannot fail, and
// whether there are such tests: e is built as neverFails allows, but a
// value may also be a string function of a value (guardValue), which
// cannot fail when its argument is a string or null.
func guardTests(e ast.Expr, entities map[string]bool) ([]ast.Expr, bool) {
	var tests []ast.Expr
	values := func(es ...ast.Expr) bool {
		for _, v := range es {
			ts, ok := guardValue(v, entities)
			if !ok {
				return false
			}
			tests = append(tests, ts...)
		}
		return true
	}
	switch x := e.(type) {
	case *ast.Binary:
		if x.Op != ast.OpAnd && x.Op != ast.OpOr && x.Op != ast.OpXor {
			return nil, false
		}
		l, ok := guardTests(x.Left, entities)
		if !ok {
			return nil, false
		}
		r, ok := guardTests(x.Right, entities)
		if !ok {
			return nil, false
		}
		return append(l, r...), true
	case *ast.Unary:
		if x.Op != ast.OpNot {
			return nil, false
		}
		return guardTests(x.Expr, entities)
	case *ast.Comparison:
		return tests, values(x.Operands...)
	case *ast.IsNull:
		return tests, values(x.Expr)
	case *ast.StringMatch:
		if x.Op == ast.StrRegex && !validRegexLiteral(x.Right) {
			return nil, false
		}
		return tests, values(x.Left, x.Right)
	case *ast.In:
		if !values(x.Expr) {
			return nil, false
		}
		switch l := x.List.(type) {
		case *ast.Parameter:
			return tests, true
		case *ast.ListLiteral:
			return tests, values(l.Items...)
		}
		return nil, false
	}
	if neverFails(e, entities) {
		return nil, true
	}
	return nil, false
}

// guardValue returns the tests under which value e cannot fail: none for
// a plain value (plainValue), `a IS :: STRING` for a string function of
// a plain value a (as valueType(a) = 'STRING NOT NULL': the guard then
// keeps the rows where a is null, on which the conjunct is null and drops
// them itself), the tests of the inner call for a string function of
// a string function (which returns a string or null).
func guardValue(e ast.Expr, entities map[string]bool) ([]ast.Expr, bool) {
	if plainValue(e, entities) {
		return nil, true
	}
	fc, ok := e.(*ast.FunctionCall)
	if !ok || !stringFunction(fc) {
		return nil, false
	}
	a := fc.Args[0]
	if inner, ok := a.(*ast.FunctionCall); ok && stringFunction(inner) {
		return guardValue(inner, entities)
	}
	if !plainValue(a, entities) {
		return nil, false
	}
	vt := &ast.FunctionCall{Name: "valueType", Args: []ast.Expr{a}}
	return []ast.Expr{&ast.Comparison{Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{vt, strLit(ast.Span{}, "STRING NOT NULL")}}}, true
}

// stringFunction reports whether fc is a string function that fails
// only when its first argument is neither a string nor null: the case
// and trim functions of one argument, left and right of a non-negative
// integer literal, substring of non-negative integer literals.
func stringFunction(fc *ast.FunctionCall) bool {
	if len(fc.Namespace) > 0 || fc.Distinct || len(fc.Args) == 0 {
		return false
	}
	literals := func(args []ast.Expr) bool {
		for _, a := range args {
			l, ok := a.(*ast.Literal)
			if !ok || l.Kind != ast.LitInt || l.Int < 0 {
				return false
			}
		}
		return true
	}
	switch strings.ToLower(fc.Name) {
	case "tolower", "toupper", "lower", "upper", "trim", "ltrim", "rtrim", "btrim":
		return len(fc.Args) == 1
	case "left", "right":
		return len(fc.Args) == 2 && literals(fc.Args[1:])
	case "substring":
		return (len(fc.Args) == 2 || len(fc.Args) == 3) && literals(fc.Args[1:])
	}
	return false
}
