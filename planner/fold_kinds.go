package planner

import (
	"math"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/value"
)

// Expressions of a property decided by its kinds (value_kinds.go). Two
// rewrites, each giving every row the value the expression it replaces
// gives it (true, false or null), so they apply in any position:
//
//   - a type test of an entity's property, `x.k IS :: T` (IS TYPED, ::,
//     IS NOT ::), is decided for the non-null values when every kind
//     the property holds is of T, or none is: it is then `x.k IS NOT
//     NULL` or `x.k IS NULL` (for null x.k the test's own answer), or
//     a literal when both agree (the property read cannot fail: a
//     statement that uses kinds does not write, so no entity it reads
//     was deleted);
//   - a comparison of monotone arithmetic of one integer property with a
//     number, `x.k / 2.0 >= 1.25`, `toFloat(x.k) > 2.5`, `x.k + 0.5 >= 3.5`,
//     `-x.k * 3 < 7`, when every value of x.k is an INTEGER of magnitude
//     at most 2^53 (or null): the arithmetic (+, - and * by a finite
//     number, / by a finite non-zero one, unary minus, toFloat())
//     evaluated as the engine evaluates it (functions.Add and the rest,
//     exact IEEE arithmetic and truncating integer division) is monotone
//     in x.k, so the integers that pass form a run from one end of the
//     range; the comparison is that of x.k with the run's end, found by
//     bisection over the range. The arithmetic is evaluated at both ends
//     first: it raises no error there (an integer overflow), so it raises
//     none in between (each step's value lies between its values at the
//     ends). null gives null in both. `toFloat(x.k) op c` is `x.k op c`
//     also where x.k holds FLOATs: toFloat keeps a FLOAT and an integer
//     of magnitude at most 2^53 as the same number, and comparisons of
//     numbers are exact.
//
// foldKinds applies them to filters and projections, and kindWhere to a
// MATCH's WHERE before its pattern is planned, so that the choice of
// its start (a range seek, a pre-filtered scan) sees the plain
// comparison.

// foldKinds rewrites the expressions of filters and projections by the
// kinds of the properties they read (see above).
func foldKinds(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	kinds := b.kinds()
	if kinds == nil {
		return ops, false
	}
	for i, op := range ops {
		switch o := op.(type) {
		case logical.Filter:
			if o.Vectorised || o.Subst != nil || risky(ops[:i], kinds) {
				continue
			}
			p, ok := kindForm(o.Pred, entitiesAt(ops, i), b.kindsAt(ops, i))
			if !ok {
				continue
			}
			o.Pred, o.Why = p, ""
			return replace(ops, i, 1, o), true
		case logical.Project:
			if o.Vectorised || o.Subst != nil {
				continue
			}
			entities, kinds := entitiesAt(ops, i), b.kindsAt(ops, i)
			items, changed := replaceItems(o.Items, func(it logical.Item) (logical.Item, bool) {
				e, ok := kindForm(it.Expr, entities, kinds)
				it.Expr = e
				return it, ok
			})
			if changed {
				o.Items = items
				return replace(ops, i, 1, o), true
			}
		case logical.Aggregate:
			entities, kinds := entitiesAt(ops, i), b.kindsAt(ops, i)
			fold := func(e ast.Expr) (ast.Expr, bool) { return kindForm(e, entities, kinds) }
			// A key keeps its column's name (the items after the
			// aggregation read it by name), as in foldKnown.
			aggs, changed := b.rewriteAggArgs(o.Aggs, func(e ast.Expr) (ast.Expr, bool) {
				return kindStep(e, entities, kinds)
			})
			keys, kc := replaceItems(o.Keys, func(it logical.Item) (logical.Item, bool) {
				e, ok := fold(it.Expr)
				it.Expr = e
				return it, ok
			})
			if changed || kc {
				o.Aggs, o.Keys = aggs, keys
				return replace(ops, i, 1, o), true
			}
		case logical.VarExpand:
			if steps, ok := b.kindSteps(ops, i, o.Steps); ok {
				o.Steps = steps
				return replace(ops, i, 1, o), true
			}
		case logical.ShortestPath:
			if steps, ok := b.kindSteps(ops, i, o.Steps); ok {
				o.Steps = steps
				return replace(ops, i, 1, o), true
			}
		case logical.Sort:
			if o.Subst != nil {
				continue
			}
			entities, kinds := entitiesAt(ops, i), b.kindsAt(ops, i)
			keys, changed := replaceItems(o.Keys, func(k logical.SortKey) (logical.SortKey, bool) {
				e, ok := kindForm(k.Expr, entities, kinds)
				k.Expr = e
				return k, ok
			})
			if changed {
				o.Keys = keys
				return replace(ops, i, 1, o), true
			}
		}
	}
	return ops, false
}

// kindSteps rewrites by kinds the tests of the nodes of an expansion's
// or a search's paths (their variables are nodes, of no label known).
func (b *builder) kindSteps(ops []logical.Op, i int, steps []logical.StepTest) ([]logical.StepTest, bool) {
	if len(steps) == 0 {
		return nil, false
	}
	entities, kinds := entitiesAt(ops, i), b.kindsAt(ops, i)
	out := append([]logical.StepTest(nil), steps...)
	changed := false
	for k, t := range out {
		known := entities[t.Var]
		entities[t.Var] = true
		if p, ok := kindForm(t.Pred, entities, kinds); ok {
			out[k].Pred, changed = p, true
		}
		entities[t.Var] = known
	}
	return out, changed
}

// kindWhere is where, a MATCH's condition, rewritten by kinds for the
// pattern's nodes and single relationships and sc's; as written when a
// filter before (ops) or a condition of the pattern may fail.
func (b *builder) kindWhere(p *ast.Pattern, where ast.Expr, sc *scope, ops []logical.Op) ast.Expr {
	if b.kinds() == nil || where == nil || risky(ops, b.kinds()) {
		return where
	}
	entities := map[string]bool{}
	for n, k := range sc.vars {
		entities[n] = k == kindNode || k == kindRel
	}
	// What the pattern says of its variables: a node's labels (a
	// conjunction of names), a single relationship's types; a
	// variable bound before that the pattern says nothing of keeps
	// what the plan before says (the pattern reuses its binding).
	facts := map[string]entityFacts{}
	for _, part := range p.Parts {
		if part.Element == nil {
			continue
		}
		for _, n := range part.Element.Nodes {
			if n.Var != nil {
				name := n.Var.Name
				entities[name] = true
				ls, ok := ast.SimpleLabels(n.Labels)
				if ok && (len(ls) > 0 || sc.vars[name] != kindNode) {
					f := facts[name]
					f.labels = append(f.labels, ls...)
					facts[name] = f
				}
			}
		}
		for _, r := range part.Element.Rels {
			if r.Var != nil && r.VarLength == nil && r.Quant == nil && r.Group == nil {
				name := r.Var.Name
				entities[name] = true
				if ts, ok := r.TypeNames(); ok && (len(ts) > 0 || sc.vars[name] != kindRel) {
					facts[name] = entityFacts{rel: true, types: ts}
				}
			}
		}
		if part.Var != nil {
			entities[part.Var.Name] = false
		}
	}
	before := b.kindsAt(ops, len(ops))
	pattern := b.kindsWith(facts)
	kinds := func(v, key string) (KindSet, bool) {
		if _, ok := facts[v]; ok {
			return pattern(v, key)
		}
		return before(v, key)
	}
	safe := true
	ast.Inspect(p, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.NodePattern:
			safe = safe && (x.Where == nil || neverFailsKinds(x.Where, entities, kinds)) && propsPlain(x.Props, entities, kinds)
		case *ast.RelPattern:
			safe = safe && (x.Where == nil || neverFailsKinds(x.Where, entities, kinds)) && propsPlain(x.Props, entities, kinds)
		}
		return safe
	})
	if !safe {
		return where
	}
	out, _ := kindForm(where, entities, kinds)
	return out
}

// propsPlain reports whether an inline property map (a map literal or a
// parameter, nil for none) cannot fail.
func propsPlain(props ast.Expr, entities map[string]bool, kinds kindsOf) bool {
	m, ok := props.(*ast.MapLiteral)
	if !ok {
		return true
	}
	for _, en := range m.Entries {
		if !plainValueKinds(en.Value, entities, kinds) {
			return false
		}
	}
	return true
}

// kindForm rewrites e's type tests and comparisons by kinds, except
// inside a chain of AND, OR, XOR and NOT one of whose operands may fail
// even by kinds: the rewrites make an operand one that cannot fail by
// its text (a comparison of a property, a literal), and such operands
// are evaluated first and decide the chain (deciding_operands.go), so
// that the error of another operand would be lost.
func kindForm(e ast.Expr, entities map[string]bool, kinds kindsOf) (ast.Expr, bool) {
	blocked := map[ast.Expr]bool{}
	visitExpr(e, func(x ast.Expr) bool {
		if !isChain(x) {
			return true
		}
		if !neverFailsKinds(x, entities, kinds) {
			visitExpr(x, func(y ast.Expr) bool {
				blocked[y] = true
				return true
			})
		}
		return false
	})
	return rewriteExpr(e, func(x ast.Expr) (ast.Expr, bool) {
		if blocked[x] {
			return x, false
		}
		return kindStep(x, entities, kinds)
	})
}

// isChain reports whether e is AND, OR, XOR or NOT.
func isChain(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Binary:
		return x.Op == ast.OpAnd || x.Op == ast.OpOr || x.Op == ast.OpXor
	case *ast.Unary:
		return x.Op == ast.OpNot
	}
	return false
}

// risky reports whether a filter among ops, at any depth, has a
// condition that may fail even by kinds: a condition rewritten by kinds
// after it must not be tested ahead of it (a pushed-down filter, a
// seek), which would hide its error.
func risky(ops []logical.Op, kinds kindsOf) bool {
	for i, op := range ops {
		if f, ok := op.(logical.Filter); ok && !neverFailsKinds(f.Pred, entitiesAt(ops, i), kinds) {
			return true
		}
		for _, ch := range op.Children() {
			if ch != nil && risky(ch.Ops, kinds) {
				return true
			}
		}
	}
	return false
}

// kindStep rewrites e itself (not its operands) by kinds.
func kindStep(e ast.Expr, entities map[string]bool, kinds kindsOf) (ast.Expr, bool) {
	switch x := e.(type) {
	case *ast.TypePredicate:
		return typeByKinds(x, entities, kinds)
	case *ast.Comparison:
		return thresholdByKinds(x, entities, kinds)
	case *ast.Unary:
		return negatedByKinds(x, entities, kinds)
	}
	return e, false
}

// typeKinds is the kinds of the non-null values of type t, ok false for
// a type the rule does not decide.
func typeKinds(t *ast.ValueType) (KindSet, bool) {
	switch t.Name {
	case "BOOLEAN":
		return KindBit(value.KindBool), true
	case "STRING":
		return kindsString, true
	case "INTEGER":
		return kindsInt | KindBigInt, true
	case "FLOAT":
		return kindsFloat, true
	case "DATE":
		return KindBit(value.KindDate), true
	case "LOCAL TIME":
		return KindBit(value.KindLocalTime), true
	case "ZONED TIME":
		return KindBit(value.KindTime), true
	case "LOCAL DATETIME":
		return KindBit(value.KindLocalDateTime), true
	case "ZONED DATETIME":
		return KindBit(value.KindDateTime), true
	case "DURATION":
		return KindBit(value.KindDuration), true
	case "MAP":
		return kindsMap, true
	case "LIST":
		if t.Elem == nil {
			return KindBit(value.KindList), true
		}
	}
	return 0, false
}

// typeByKinds decides x by the kinds of its operand (see above).
func typeByKinds(x *ast.TypePredicate, entities map[string]bool, kinds kindsOf) (ast.Expr, bool) {
	if _, isProp := x.Expr.(*ast.Property); !isProp {
		return x, false
	}
	k, ok := exprKinds(x.Expr, entities, kinds)
	if !ok {
		return x, false
	}
	tk, ok := typeKinds(x.Type)
	if !ok {
		return x, false
	}
	values := k &^ kindsNull
	var nonNull bool // the test's answer for every non-null value
	switch {
	case values.Within(tk):
		nonNull = true
	case values&tk == 0:
		nonNull = false
	default:
		return x, false
	}
	isNull := !x.Type.NotNull // the test's answer for null
	if x.Not {
		nonNull, isNull = !nonNull, !isNull
	}
	sp := x.Span
	switch {
	case k&kindsNull == 0 || nonNull == isNull:
		return boolLit(sp, nonNull), true
	case nonNull:
		return &ast.IsNull{Span: sp, Expr: x.Expr, Not: true}, true
	}
	return &ast.IsNull{Span: sp, Expr: x.Expr}, true
}

// monoStep is one step of monotone arithmetic: op with the constant c
// (on the left when left), or a unary minus (neg) or toFloat() (float).
type monoStep struct {
	op          ast.BinaryOp
	c           value.Value
	left        bool
	neg, toReal bool
}

// apply is the step on v, as the engine evaluates it.
func (s monoStep) apply(v value.Value) (value.Value, error) {
	switch {
	case s.toReal:
		if i, ok := v.(value.Int); ok {
			return value.Float(i), nil
		}
		return v, nil
	case s.neg:
		return functions.Sub(value.Int(0), v)
	}
	a, b := v, s.c
	if s.left {
		a, b = s.c, v
	}
	switch s.op {
	case ast.OpAdd:
		return functions.Add(a, b)
	case ast.OpSub:
		return functions.Sub(a, b)
	case ast.OpMul:
		return functions.Mul(a, b)
	}
	return functions.Div(a, b)
}

// numberLit is the value of a number literal (or a negated one), finite.
func numberLit(e ast.Expr) (value.Value, bool) {
	neg := false
	if u, ok := e.(*ast.Unary); ok && u.Op == ast.OpNeg {
		neg, e = true, u.Expr
	}
	l, ok := e.(*ast.Literal)
	if !ok {
		return nil, false
	}
	switch l.Kind {
	case ast.LitInt:
		if neg {
			if l.Int == math.MinInt64 {
				return nil, false
			}
			return value.Int(-l.Int), true
		}
		return value.Int(l.Int), true
	case ast.LitFloat:
		f := l.Float
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, false
		}
		if neg {
			f = -f
		}
		return value.Float(f), true
	}
	return nil, false
}

// monotone returns e as steps applied to an entity's property (innermost
// first), ok false when e is not such arithmetic.
func monotone(e ast.Expr, entities map[string]bool) (*ast.Property, []monoStep, bool) {
	switch x := e.(type) {
	case *ast.Property:
		v, ok := x.Expr.(*ast.Variable)
		return x, nil, ok && entities[v.Name]
	case *ast.FunctionCall:
		if !isCall(x, "toFloat", 1) {
			return nil, nil, false
		}
		p, steps, ok := monotone(x.Args[0], entities)
		return p, append(steps, monoStep{toReal: true}), ok
	case *ast.Unary:
		if x.Op != ast.OpNeg {
			return nil, nil, false
		}
		p, steps, ok := monotone(x.Expr, entities)
		return p, append(steps, monoStep{neg: true}), ok
	case *ast.Binary:
		switch x.Op {
		case ast.OpAdd, ast.OpSub, ast.OpMul, ast.OpDiv:
		default:
			return nil, nil, false
		}
		if c, ok := numberLit(x.Right); ok {
			if (x.Op == ast.OpMul || x.Op == ast.OpDiv) && isZero(c) {
				return nil, nil, false
			}
			p, steps, ok := monotone(x.Left, entities)
			return p, append(steps, monoStep{op: x.Op, c: c}), ok
		}
		if c, ok := numberLit(x.Left); ok && x.Op != ast.OpDiv {
			if x.Op == ast.OpMul && isZero(c) {
				return nil, nil, false
			}
			p, steps, ok := monotone(x.Right, entities)
			return p, append(steps, monoStep{op: x.Op, c: c, left: true}), ok
		}
	}
	return nil, nil, false
}

func isZero(v value.Value) bool {
	switch x := v.(type) {
	case value.Int:
		return x == 0
	case value.Float:
		return x == 0
	}
	return false
}

// cmpOpName is the operator's name for value.CompareOp.
func cmpOpName(op ast.CompareOp) string {
	switch op {
	case ast.CmpLt:
		return "<"
	case ast.CmpLe:
		return "<="
	case ast.CmpGt:
		return ">"
	case ast.CmpGe:
		return ">="
	}
	return ""
}

// thresholdByKinds rewrites a comparison of monotone arithmetic of an
// integer property with a number as a comparison of the property (see
// above).
func thresholdByKinds(x *ast.Comparison, entities map[string]bool, kinds kindsOf) (ast.Expr, bool) {
	if len(x.Ops) != 1 {
		return x, false
	}
	op := x.Ops[0]
	arith, lit := x.Operands[0], x.Operands[1]
	c, ok := numberLit(lit)
	if !ok {
		arith, lit = lit, arith
		if c, ok = numberLit(lit); !ok {
			return x, false
		}
		op = flipComparison(op)
	}
	p, steps, ok := monotone(arith, entities)
	if !ok || len(steps) == 0 {
		return x, false
	}
	k, ok := exprKinds(p, entities, kinds)
	if !ok {
		return x, false
	}
	sp := x.Span
	cmp := func(op ast.CompareOp, to ast.Expr) ast.Expr {
		return &ast.Comparison{Span: sp, Ops: []ast.CompareOp{op}, Operands: []ast.Expr{p, to}}
	}
	if len(steps) == 1 && steps[0].toReal && k.Within(kindsInt|kindsFloat|kindsNull) {
		return cmp(op, lit), true
	}
	name := cmpOpName(op)
	if name == "" || !k.Within(kindsInt|kindsNull) {
		return x, false
	}
	pass := func(i int64) (bool, bool) {
		v := value.Value(value.Int(i))
		for _, s := range steps {
			var err error
			if v, err = s.apply(v); err != nil {
				return false, false
			}
		}
		return value.CompareOp(name, v, c) == value.True, true
	}
	lo, hi := int64(-MaxExactInt), int64(MaxExactInt)
	atLo, ok1 := pass(lo)
	atHi, ok2 := pass(hi)
	if !ok1 || !ok2 {
		return x, false // the arithmetic may fail
	}
	intLit := func(i int64) ast.Expr {
		if i < 0 {
			return &ast.Unary{Span: sp, Op: ast.OpNeg, Expr: &ast.Literal{Span: sp, Kind: ast.LitInt, Int: -i}}
		}
		return &ast.Literal{Span: sp, Kind: ast.LitInt, Int: i}
	}
	switch {
	case atLo && atHi: // every integer passes
		return cmp(ast.CmpGe, intLit(lo)), true
	case !atLo && !atHi: // none does
		return cmp(ast.CmpGt, intLit(hi)), true
	case atHi: // the integers from the least that passes
		for lo+1 < hi { // pass(lo) false, pass(hi) true
			mid := lo + (hi-lo)/2
			if ok, _ := pass(mid); ok {
				hi = mid
			} else {
				lo = mid
			}
		}
		return cmp(ast.CmpGe, intLit(hi)), true
	}
	// The integers up to the greatest that passes.
	for lo+1 < hi { // pass(lo) true, pass(hi) false
		mid := lo + (hi-lo)/2
		if ok, _ := pass(mid); ok {
			lo = mid
		} else {
			hi = mid
		}
	}
	return cmp(ast.CmpLe, intLit(lo)), true
}
