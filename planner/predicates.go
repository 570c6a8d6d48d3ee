package planner

import (
	"strings"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/value"
)

// Helpers shared by the predicate rules (normalize_predicates.go,
// pushdown_filters.go): conjunctions, the variables a predicate reads,
// and which predicates can never raise an error (only those move).

// andOf joins conjuncts with AND, left to right (nil for none).
func andOf(cs []ast.Expr) ast.Expr {
	if len(cs) == 0 {
		return nil
	}
	e := cs[0]
	for _, c := range cs[1:] {
		e = &ast.Binary{Span: spanOver(e, c), Op: ast.OpAnd, Left: e, Right: c}
	}
	return e
}

// spanOver is the span from a's start to b's end (a's span when b lies
// before it, as for synthesised predicates).
func spanOver(a, b ast.Node) ast.Span {
	sa, sb := a.NodeSpan(), b.NodeSpan()
	if sb.End < sa.Start {
		return sa
	}
	return ast.Span{Start: sa.Start, End: max(sa.End, sb.End)}
}

// exprVars is every variable name e mentions (comprehension variables
// included: an over-approximation of the variables it reads), those
// its nested patterns and subqueries name among them: a pattern
// predicate's or comprehension's, an EXISTS { }'s, COUNT { }'s or
// COLLECT { }'s pattern or body (`COUNT { MATCH (a)--(c) } < 2` reads a
// and c, and a test of it moves no further back than where both are
// bound).
func exprVars(e ast.Expr) map[string]bool {
	out := map[string]bool{}
	if e == nil {
		return out
	}
	ast.Inspect(e, func(n ast.Node) bool {
		if v, ok := n.(*ast.Variable); ok && v != nil {
			out[v.Name] = true
		}
		return true
	})
	return out
}

// varProperty reports whether e is `v.key` for a variable v, and
// returns v.
func varProperty(e ast.Expr) (string, bool) {
	p, ok := e.(*ast.Property)
	if !ok {
		return "", false
	}
	v, ok := p.Expr.(*ast.Variable)
	if !ok {
		return "", false
	}
	return v.Name, true
}

// entityFunc reports whether e is id(v) or elementId(v) for a variable
// v, and returns v.
func entityFunc(e ast.Expr) (string, bool) {
	fc, ok := e.(*ast.FunctionCall)
	if !ok || len(fc.Namespace) > 0 || len(fc.Args) != 1 || fc.Distinct {
		return "", false
	}
	if name := strings.ToLower(fc.Name); name != "id" && name != "elementid" {
		return "", false
	}
	v, ok := fc.Args[0].(*ast.Variable)
	if !ok {
		return "", false
	}
	return v.Name, true
}

// neverFails reports whether predicate e evaluates without error on any
// row where the variables of entities are nodes, relationships or null:
// comparisons, IN over a list literal or parameter (with kinds, over
// any list known to be one, see var_kinds.go), string matches (a
// regular expression only of a literal pattern that compiles: =~ is null
// unless both sides are strings, and fails only on a pattern that does
// not compile), null and label tests, and their AND, OR, XOR
// and NOT, over literals, parameters, variables, and properties, id()
// and elementId() of entities. Only such predicates are moved ahead of
// other operators: they cannot raise an error the query would not have
// raised. (A parameter that is not a list fails IN on the first row in
// either place.)
func neverFails(e ast.Expr, entities map[string]bool) bool {
	return neverFailsKinds(e, entities, nil)
}

// neverFailsKinds is neverFails knowing, by kinds (nil for nothing), the
// kinds of the values of entities' properties: what they prove cannot
// fail is a plain value too (kindFailFree).
func neverFailsKinds(e ast.Expr, entities map[string]bool, kinds kindsOf) bool {
	switch x := e.(type) {
	case *ast.Literal:
		return x.Kind == ast.LitBool || x.Kind == ast.LitNull
	case *ast.Binary:
		if x.Op != ast.OpAnd && x.Op != ast.OpOr && x.Op != ast.OpXor {
			return false
		}
		return neverFailsKinds(x.Left, entities, kinds) && neverFailsKinds(x.Right, entities, kinds)
	case *ast.Unary:
		return x.Op == ast.OpNot && neverFailsKinds(x.Expr, entities, kinds)
	case *ast.Comparison:
		for _, o := range x.Operands {
			if !plainValueKinds(o, entities, kinds) {
				return false
			}
		}
		return true
	case *ast.IsNull:
		return plainValueKinds(x.Expr, entities, kinds) || neverFailsKinds(x.Expr, entities, kinds)
	case *ast.StringMatch:
		return (x.Op != ast.StrRegex || validRegexLiteral(x.Right)) && plainValueKinds(x.Left, entities, kinds) && plainValueKinds(x.Right, entities, kinds)
	case *ast.In:
		if !plainValueKinds(x.Expr, entities, kinds) {
			return false
		}
		switch l := x.List.(type) {
		case *ast.Parameter:
			return true
		case *ast.ListLiteral:
			return plainValueKinds(l, entities, kinds)
		}
		// Any other list that cannot fail and is known to be a list or
		// null (a variable bound by collect(), var_kinds.go).
		return listOrNull(x.List, entities, kinds) && plainValueKinds(x.List, entities, kinds)
	case *ast.LabelPredicate:
		v, ok := x.Expr.(*ast.Variable)
		return ok && entities[v.Name]
	case *ast.TypePredicate:
		// A type test of a value that cannot fail cannot fail either
		// (counted only with kinds, which decide such tests).
		return kinds != nil && plainValueKinds(x.Expr, entities, kinds)
	case *ast.Case:
		// A CASE evaluates only its parts: the tests of a searched CASE
		// and its results are tests that cannot fail (booleans or null,
		// as a filter needs); a simple CASE compares its operand with each
		// WHEN value by equality, which cannot fail on plain values.
		test := func(e ast.Expr) bool { return e == nil || neverFailsKinds(e, entities, kinds) }
		when := test
		if x.Subject != nil {
			if !plainValueKinds(x.Subject, entities, kinds) {
				return false
			}
			when = func(e ast.Expr) bool { return plainValueKinds(e, entities, kinds) }
		}
		if !test(x.Else) {
			return false
		}
		for _, w := range x.Whens {
			if !when(w.When) || !test(w.Then) {
				return false
			}
		}
		return true
	}
	return false
}

// plainValue reports whether e is a value whose evaluation cannot fail
// (see neverFails).
func plainValue(e ast.Expr, entities map[string]bool) bool {
	return plainValueKinds(e, entities, nil)
}

// plainValueKinds is plainValue knowing the kinds of entities' properties
// (see neverFailsKinds).
func plainValueKinds(e ast.Expr, entities map[string]bool, kinds kindsOf) bool {
	switch x := e.(type) {
	case *ast.Literal, *ast.Parameter, *ast.Variable:
		return true
	case *ast.Index:
		if knownElement(x) {
			return true
		}
	case *ast.ListLiteral:
		for _, it := range x.Items {
			if !plainValueKinds(it, entities, kinds) {
				return false
			}
		}
		return true
	case *ast.MapLiteral:
		for _, en := range x.Entries {
			if !plainValueKinds(en.Value, entities, kinds) {
				return false
			}
		}
		return true
	case *ast.Property:
		v, ok := varProperty(x)
		if _, known := entities[v]; ok && known { // a node, a relationship or a map (false)
			return true
		}
	case *ast.FunctionCall:
		if v, ok := entityFunc(x); ok && entities[v] {
			return true
		}
	case *ast.CountSubquery:
		if countFailFree(x, entities, kinds) {
			return true
		}
	}
	if _, ok := valueRange(e, entities, kinds); ok {
		return true // integer arithmetic on counts and sizes (value_ranges.go)
	}
	return kindFailFree(e, entities, kinds, func(o ast.Expr) bool { return plainValueKinds(o, entities, kinds) })
}

// bindsVars lists the variables op binds, and whether a filter that
// reads none of them may move ahead of op: op only adds or removes rows
// (per input row) without reading the filter's variables, cannot fail on
// a row the filter removes in a way the filter would observe, and keeps
// row order.
func bindsVars(op logical.Op) (binds []string, crossable bool) {
	switch o := op.(type) {
	case logical.NodeScan:
		return []string{o.Var}, true
	case logical.NodeIndexSeek:
		return []string{o.Var}, true
	case logical.NodeRangeSeek:
		return []string{o.Var}, true
	case logical.NodeSetSeek:
		return []string{o.Var}, true
	case logical.Expand:
		return unbound(o.To, o.ToBound, o.Rel, o.RelBound), true
	case logical.VarExpand:
		return unbound(o.To, o.ToBound, o.RelList, o.ListBound), true
	case logical.ExpandChain:
		return []string{o.To}, true
	case logical.ExpandCommon:
		return []string{o.X}, true
	case logical.ShortestPath:
		if o.ToFree {
			return []string{o.Path, o.RelList, o.To}, true
		}
		return []string{o.Path, o.RelList}, true
	case logical.PathBind:
		return []string{o.Var}, true
	case logical.Optional:
		return o.NewVars, true
	case logical.ValueJoin:
		return o.Vars, true
	case logical.KeyCount:
		return []string{o.Into}, true
	case logical.NodeFilter, logical.RelFilter:
		return nil, true
	case logical.Filter:
		return nil, o.Subst == nil && !o.Vectorised
	case logical.Project:
		return passThrough(o)
	case logical.Select:
		// A WITH's scope: a filter after it reads only variables it keeps.
		return nil, true
	}
	return nil, false
}

// passThrough is bindsVars of a projection: one whose items are all
// variables (WITH a, b AS c) computes nothing that could fail and keeps
// every row, so a filter may move ahead of it; it binds the items that
// give a variable a new name (c), and a filter reading one of those stays
// after it. A projection computing a value (WITH a, a.x AS y) is not
// crossed: the filter moved ahead would skip the rows on which that value
// raises an error.
func passThrough(o logical.Project) (binds []string, crossable bool) {
	if o.Subst != nil || o.Vectorised {
		return nil, false
	}
	for _, it := range o.Items {
		v, ok := it.Expr.(*ast.Variable)
		if !ok {
			return nil, false
		}
		if v.Name != it.Name {
			binds = append(binds, it.Name)
		}
	}
	return binds, true
}

// unbound lists the end node and relationship (list) an expansion binds:
// those not bound before it.
func unbound(to string, toBound bool, rel string, relBound bool) []string {
	var vars []string
	if !toBound {
		vars = append(vars, to)
	}
	if !relBound {
		vars = append(vars, rel)
	}
	return vars
}

// entityVars is the variables the operators bind to nodes and
// relationships (or null, past an OPTIONAL MATCH), added to known, mapped
// to true; and those bound to a map literal (mapVars), mapped to false:
// their properties are plain values, but not their labels or ids.
func entityVars(ops []logical.Op, known map[string]bool) map[string]bool {
	out := map[string]bool{}
	for k, v := range known {
		out[k] = v
	}
	for _, op := range ops {
		switch o := op.(type) {
		case logical.NodeScan, logical.NodeIndexSeek, logical.NodeSetSeek, logical.NodeRangeSeek, logical.ExpandChain, logical.ExpandCommon:
			vs, _ := bindsVars(o)
			for _, v := range vs {
				out[v] = true
			}
		case logical.Expand:
			out[o.To], out[o.Rel] = true, true
		case logical.VarExpand:
			out[o.To] = true
		case logical.ShortestPath:
			out[o.From], out[o.To] = true, true
		case logical.Optional:
			for v, e := range entityVars(o.Inner, nil) {
				out[v] = out[v] || e
			}
		case logical.ValueJoin:
			for v, e := range entityVars(o.Build.Ops, nil) {
				out[v] = out[v] || e
			}
		}
	}
	for v := range mapVars(ops) {
		if _, ok := out[v]; !ok {
			out[v] = false
		}
	}
	return out
}

// mapVars are the variables ops bind, once, to a map literal (WITH {id:
// $x} AS p): reading a property of a map never fails (a missing key is
// null), so p.id is a plain value as a node's property is. A name bound
// more than once (a later WITH reusing it) is left out.
func mapVars(ops []logical.Op) map[string]bool {
	binds := map[string]int{}
	maps := map[string]bool{}
	for _, op := range ops {
		p, ok := op.(logical.Project)
		if !ok {
			continue
		}
		for _, it := range p.Items {
			binds[it.Name]++
			if _, isMap := it.Expr.(*ast.MapLiteral); isMap {
				maps[it.Name] = true
			}
		}
	}
	for v := range maps {
		if binds[v] != 1 {
			delete(maps, v)
		}
	}
	return maps
}

// validRegexLiteral reports whether e is a string literal that =~
// accepts as a pattern: with it, =~ cannot fail.
func validRegexLiteral(e ast.Expr) bool {
	l, ok := e.(*ast.Literal)
	if !ok || l.Kind != ast.LitString {
		return false
	}
	_, err := functions.RegexMatch(value.String(""), value.String(l.Str))
	return err == nil
}
