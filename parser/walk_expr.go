package parser

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/antlr4-go/antlr/v4"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/grammar"
	"github.com/cyqdb/cyq/parser/ast"
)

func (w *walker) expr(ctx grammar.IExpressionContext) ast.Expr {
	c := ctx.(*grammar.ExpressionContext)
	sp := w.span(c)
	if !w.enter(sp) {
		return &ast.Literal{Span: sp}
	}
	defer w.leave()
	return w.orExpr(c.OrExpression().(*grammar.OrExpressionContext))
}

// chainDepth charges a left-deep chain of n nested operators (NOT NOT x,
// - - x, x.a.b, x IS NULL IS NULL) against the depth limit, as the tree it
// builds is n-1 levels deep; the charge stays while the operands are
// walked, until the returned release is called.
func (w *walker) chainDepth(n int, sp ast.Span) (ok bool, release func()) {
	if n <= 1 {
		return true, func() {}
	}
	w.depth += n - 1
	release = func() { w.depth -= n - 1 }
	if w.depth > w.maxDepth {
		w.enter(sp) // records the limit error
		w.leave()
		return false, release
	}
	return true, release
}

// chainLen checks a chain of n operands of one binary operator (a OR b OR
// c, a + b - c) against the chain limit. Such a chain is not nesting, so
// it does not count against the depth limit, however long it is.
func (w *walker) chainLen(n int, sp ast.Span, or bool) (ok bool, release func()) {
	if n <= w.maxChain {
		return true, func() {}
	}
	if w.err == nil || w.err.Type != cyqerr.LimitExceeded {
		w.err = nil
		e := cyqerr.Compile(cyqerr.LimitExceeded, DetailChainLength,
			"the expression chains %d operands with one operator; at most %d are allowed", n, w.maxChain)
		if or {
			e = e.WithHint("to compare one property with many values, write n.prop IN [v1, v2, ...] (or IN $list) instead of OR'd equalities")
		} else {
			e = e.WithHint("split the expression, or pass the values as a list parameter")
		}
		w.fail(e, sp)
	}
	return false, func() {}
}

func (w *walker) orExpr(c *grammar.OrExpressionContext) ast.Expr {
	xs := c.AllXorExpression()
	ok, release := w.chainLen(len(xs), w.span(c), true)
	defer release()
	if !ok {
		return &ast.Literal{Span: w.span(c)}
	}
	e := w.xorExpr(xs[0].(*grammar.XorExpressionContext))
	for _, x := range xs[1:] {
		r := w.xorExpr(x.(*grammar.XorExpressionContext))
		e = &ast.Binary{Span: spanFrom(e.NodeSpan(), r.NodeSpan()), Op: ast.OpOr, Left: e, Right: r}
	}
	return e
}

func (w *walker) xorExpr(c *grammar.XorExpressionContext) ast.Expr {
	xs := c.AllAndExpression()
	ok, release := w.chainLen(len(xs), w.span(c), false)
	defer release()
	if !ok {
		return &ast.Literal{Span: w.span(c)}
	}
	e := w.andExpr(xs[0].(*grammar.AndExpressionContext))
	for _, x := range xs[1:] {
		r := w.andExpr(x.(*grammar.AndExpressionContext))
		e = &ast.Binary{Span: spanFrom(e.NodeSpan(), r.NodeSpan()), Op: ast.OpXor, Left: e, Right: r}
	}
	return e
}

func (w *walker) andExpr(c *grammar.AndExpressionContext) ast.Expr {
	xs := c.AllNotExpression()
	ok, release := w.chainLen(len(xs), w.span(c), false)
	defer release()
	if !ok {
		return &ast.Literal{Span: w.span(c)}
	}
	e := w.notExpr(xs[0].(*grammar.NotExpressionContext))
	for _, x := range xs[1:] {
		r := w.notExpr(x.(*grammar.NotExpressionContext))
		e = &ast.Binary{Span: spanFrom(e.NodeSpan(), r.NodeSpan()), Op: ast.OpAnd, Left: e, Right: r}
	}
	return e
}

func (w *walker) notExpr(c *grammar.NotExpressionContext) ast.Expr {
	nots := c.AllNOT()
	ok, release := w.chainDepth(len(nots)+1, w.span(c))
	defer release()
	if !ok {
		return &ast.Literal{Span: w.span(c)}
	}
	e := w.comparison(c.ComparisonExpression().(*grammar.ComparisonExpressionContext))
	for i := len(nots) - 1; i >= 0; i-- {
		e = &ast.Unary{Span: spanFrom(w.termSpan(nots[i]), e.NodeSpan()), Op: ast.OpNot, Expr: e}
	}
	return e
}

func (w *walker) comparison(c *grammar.ComparisonExpressionContext) ast.Expr {
	ps := c.AllPredicateExpression()
	first := w.predicate(ps[0].(*grammar.PredicateExpressionContext))
	if len(ps) == 1 {
		return first
	}
	cmp := &ast.Comparison{Span: w.span(c), Operands: []ast.Expr{first}}
	for i, op := range c.AllComparisonOp() {
		cmp.Ops = append(cmp.Ops, compareOp(op))
		cmp.Operands = append(cmp.Operands, w.predicate(ps[i+1].(*grammar.PredicateExpressionContext)))
	}
	return cmp
}

// compareOp is the operator of a comparisonOp.
func compareOp(op grammar.IComparisonOpContext) ast.CompareOp {
	switch tokType(op.GetChild(0)) {
	case grammar.CypherParserNE:
		return ast.CmpNe
	case grammar.CypherParserLT:
		return ast.CmpLt
	case grammar.CypherParserGT:
		return ast.CmpGt
	case grammar.CypherParserLE:
		return ast.CmpLe
	case grammar.CypherParserGE:
		return ast.CmpGe
	}
	return ast.CmpEq
}

func (w *walker) predicate(c *grammar.PredicateExpressionContext) ast.Expr {
	sufs := c.AllPredicateSuffix()
	ok, release := w.chainDepth(len(sufs)+1, w.span(c))
	defer release()
	if !ok {
		return &ast.Literal{Span: w.span(c)}
	}
	e := w.addSub(c.AddSubExpression().(*grammar.AddSubExpressionContext))
	for _, s := range sufs {
		e = w.suffix(e, s)
	}
	return e
}

// suffix applies one predicate suffix (STARTS WITH x, IS NULL, ...) to e.
func (w *walker) suffix(e ast.Expr, s grammar.IPredicateSuffixContext) ast.Expr {
	sp := spanFrom(e.NodeSpan(), w.span(s))
	{
		switch sc := s.(type) {
		case *grammar.StartsWithSuffixContext:
			e = &ast.StringMatch{Span: sp, Op: ast.StrStartsWith, Left: e, Right: w.addSub(sc.AddSubExpression().(*grammar.AddSubExpressionContext))}
		case *grammar.EndsWithSuffixContext:
			e = &ast.StringMatch{Span: sp, Op: ast.StrEndsWith, Left: e, Right: w.addSub(sc.AddSubExpression().(*grammar.AddSubExpressionContext))}
		case *grammar.ContainsSuffixContext:
			e = &ast.StringMatch{Span: sp, Op: ast.StrContains, Left: e, Right: w.addSub(sc.AddSubExpression().(*grammar.AddSubExpressionContext))}
		case *grammar.RegexSuffixContext:
			e = &ast.StringMatch{Span: sp, Op: ast.StrRegex, Left: e, Right: w.addSub(sc.AddSubExpression().(*grammar.AddSubExpressionContext))}
		case *grammar.InSuffixContext:
			e = &ast.In{Span: sp, Expr: e, List: w.addSub(sc.AddSubExpression().(*grammar.AddSubExpressionContext))}
		case *grammar.NullSuffixContext:
			e = &ast.IsNull{Span: sp, Expr: e, Not: sc.NOT() != nil}
		case *grammar.TypeSuffixContext:
			e = &ast.TypePredicate{Span: sp, Expr: e, Not: sc.NOT() != nil, Type: w.typeUnion(sc.TypeUnion())}
		case *grammar.ShortTypeSuffixContext:
			e = &ast.TypePredicate{Span: sp, Expr: e, Type: w.typeUnion(sc.TypeUnion())}
		case *grammar.NormalizedSuffixContext:
			form := "NFC"
			if f := sc.NormalForm(); f != nil {
				form = strings.ToUpper(f.GetText())
			}
			e = isNormalized(sp, e, form, sc.NOT() != nil)
		}
	}
	return e
}

// isNormalized is `e IS [NOT] form NORMALIZED`: null unless e is a string,
// else whether normalising e in that form leaves it unchanged:
// CASE WHEN e IS :: STRING NOT NULL THEN normalize(e, form) = e END.
func isNormalized(sp ast.Span, e ast.Expr, form string, not bool) ast.Expr {
	norm := &ast.FunctionCall{Span: sp, Name: "normalize", Args: []ast.Expr{e, &ast.Literal{Span: sp, Kind: ast.LitString, Str: form}}}
	op := ast.CmpEq
	if not {
		op = ast.CmpNe
	}
	return &ast.Case{Span: sp, Whens: []*ast.CaseWhen{{Span: sp,
		When: &ast.TypePredicate{Span: sp, Expr: e, Type: &ast.ValueType{Span: sp, Name: "STRING", NotNull: true}},
		Then: &ast.Comparison{Span: sp, Operands: []ast.Expr{norm, e}, Ops: []ast.CompareOp{op}}}}}
}

// binaryChain folds operand (op operand)* children left-associatively.
func (w *walker) binaryChain(ctx antlr.ParserRuleContext, operand func(antlr.Tree) ast.Expr, op func(int) ast.BinaryOp) ast.Expr {
	kids := ctx.GetChildren()
	ok, release := w.chainLen((len(kids)+1)/2, w.span(ctx), false)
	defer release()
	if !ok {
		return &ast.Literal{Span: w.span(ctx)}
	}
	e := operand(kids[0])
	for i := 1; i+1 < len(kids); i += 2 {
		r := operand(kids[i+1])
		e = &ast.Binary{Span: spanFrom(e.NodeSpan(), r.NodeSpan()), Op: op(tokType(kids[i])), Left: e, Right: r}
	}
	return e
}

func (w *walker) addSub(c *grammar.AddSubExpressionContext) ast.Expr {
	return w.binaryChain(c, func(t antlr.Tree) ast.Expr {
		return w.multDiv(t.(*grammar.MultDivExpressionContext))
	}, func(tt int) ast.BinaryOp {
		if tt == grammar.CypherParserMINUS {
			return ast.OpSub
		}
		// a || b concatenates strings and lists, as + does.
		return ast.OpAdd
	})
}

func (w *walker) multDiv(c *grammar.MultDivExpressionContext) ast.Expr {
	return w.binaryChain(c, func(t antlr.Tree) ast.Expr {
		return w.power(t.(*grammar.PowerExpressionContext))
	}, func(tt int) ast.BinaryOp {
		switch tt {
		case grammar.CypherParserSLASH:
			return ast.OpDiv
		case grammar.CypherParserPERCENT:
			return ast.OpMod
		}
		return ast.OpMul
	})
}

func (w *walker) power(c *grammar.PowerExpressionContext) ast.Expr {
	return w.binaryChain(c, func(t antlr.Tree) ast.Expr {
		return w.unary(t.(*grammar.UnaryExpressionContext))
	}, func(int) ast.BinaryOp { return ast.OpPow })
}

func (w *walker) unary(c *grammar.UnaryExpressionContext) ast.Expr {
	kids := c.GetChildren()
	signs := kids[:len(kids)-1]
	ok, release := w.chainDepth(len(signs)+1, w.span(c))
	defer release()
	if !ok {
		return &ast.Literal{Span: w.span(c)}
	}
	pc := c.PostfixExpression().(*grammar.PostfixExpressionContext)
	var e ast.Expr
	// A minus sign directly before a number literal is part of the literal,
	// so that -9223372036854775808 is representable.
	if n := len(signs); n > 0 && tokType(signs[n-1]) == grammar.CypherParserMINUS {
		if lit := numberAtom(pc); lit != nil {
			sp := spanFrom(w.termSpan(signs[n-1].(antlr.TerminalNode)), w.span(pc))
			e = w.numberLiteral(lit, true, sp)
			signs = signs[:n-1]
		}
	}
	if e == nil {
		e = w.postfix(pc)
	}
	for i := len(signs) - 1; i >= 0; i-- {
		op := ast.OpPlus
		if tokType(signs[i]) == grammar.CypherParserMINUS {
			op = ast.OpNeg
		}
		e = &ast.Unary{Span: spanFrom(w.termSpan(signs[i].(antlr.TerminalNode)), e.NodeSpan()), Op: op, Expr: e}
	}
	return e
}

// numberAtom returns the literal when pc is a bare number literal.
func numberAtom(pc *grammar.PostfixExpressionContext) antlr.ParserRuleContext {
	if len(pc.AllPostfixOp()) > 0 || pc.LabelExpression() != nil {
		return nil
	}
	la, ok := pc.Atom().(*grammar.LiteralAtomContext)
	if !ok {
		return nil
	}
	switch l := la.Literal().(type) {
	case *grammar.IntLiteralContext:
		return l
	case *grammar.FloatLiteralContext:
		return l
	}
	return nil
}

func (w *walker) numberLiteral(lit antlr.ParserRuleContext, neg bool, sp ast.Span) *ast.Literal {
	switch l := lit.(type) {
	case *grammar.IntLiteralContext:
		v, _ := w.integer(l.IntegerLiteral().(*grammar.IntegerLiteralContext), neg, sp)
		return &ast.Literal{Span: sp, Kind: ast.LitInt, Int: v}
	case *grammar.FloatLiteralContext:
		f := w.float(l.FloatLiteral())
		if neg {
			f = -f
		}
		return &ast.Literal{Span: sp, Kind: ast.LitFloat, Float: f}
	}
	return &ast.Literal{Span: sp}
}

// integer parses a decimal, hex (0x) or octal (0o or legacy leading 0)
// literal, negated when neg is set.
func (w *walker) integer(c *grammar.IntegerLiteralContext, neg bool, sp ast.Span) (int64, bool) {
	text := c.GetText()
	digits, base := text, 10
	switch {
	case c.HexInteger() != nil:
		digits, base = text[2:], 16
	case c.OctalInteger() != nil:
		if len(text) > 1 && (text[1] == 'o' || text[1] == 'O') {
			digits = text[2:]
		} else {
			digits = text[1:]
		}
		base = 8
	}
	u, err := strconv.ParseUint(strings.ReplaceAll(digits, "_", ""), base, 64)
	limit := uint64(math.MaxInt64)
	if neg {
		limit++
	}
	if err != nil || u > limit {
		sign := ""
		if neg {
			sign = "-"
		}
		w.fail(syntaxErr("IntegerOverflow", "integer literal %s%s does not fit in a 64-bit signed integer", sign, text).
			WithHint("integers range from -9223372036854775808 to 9223372036854775807; write a float (e.g. %s%s.0) for larger magnitudes", sign, strings.TrimLeft(text, "0")),
			sp)
		return 0, false
	}
	if neg {
		return int64(-u), true //nolint:gosec // -(2^63) wraps to MinInt64 as intended
	}
	return int64(u), true
}

func (w *walker) float(t antlr.TerminalNode) float64 {
	f, err := strconv.ParseFloat(strings.ReplaceAll(t.GetText(), "_", ""), 64)
	if err != nil {
		w.fail(syntaxErr("FloatingPointOverflow", "float literal %s is out of range", t.GetText()), w.termSpan(t))
	}
	return f
}

func (w *walker) postfix(c *grammar.PostfixExpressionContext) ast.Expr {
	ops := c.AllPostfixOp()
	ok, release := w.chainDepth(len(ops)+1, w.span(c))
	defer release()
	if !ok {
		return &ast.Literal{Span: w.span(c)}
	}
	e := w.atom(c.Atom())
	for _, op := range ops {
		sp := spanFrom(e.NodeSpan(), w.span(op))
		switch oc := op.(type) {
		case *grammar.PropertyLookupContext:
			e = &ast.Property{Span: sp, Expr: e, Key: w.schemaName(oc.PropertyKeyName().(*grammar.PropertyKeyNameContext).SchemaName())}
		case *grammar.IndexOpContext:
			e = &ast.Index{Span: sp, Expr: e, Index: w.expr(oc.Expression())}
		case *grammar.SliceOpContext:
			s := &ast.Slice{Span: sp, Expr: e}
			dots := oc.DOTDOT().GetSymbol().GetTokenIndex()
			for _, x := range oc.AllExpression() {
				if x.GetStart().GetTokenIndex() < dots {
					s.From = w.expr(x)
				} else {
					s.To = w.expr(x)
				}
			}
			e = s
		}
	}
	if l := c.LabelExpression(); l != nil {
		e = &ast.LabelPredicate{Span: w.span(c), Expr: e, Labels: w.labelExpression(l)}
	}
	return e
}

func (w *walker) atom(ctx grammar.IAtomContext) ast.Expr {
	sp := w.span(ctx)
	switch c := ctx.(type) {
	case *grammar.LiteralAtomContext:
		return w.literal(c.Literal())
	case *grammar.ParameterAtomContext:
		return w.parameter(c.Parameter().(*grammar.ParameterContext))
	case *grammar.CaseAtomContext:
		return w.caseExpr(c.CaseExpression().(*grammar.CaseExpressionContext))
	case *grammar.CountStarAtomContext:
		return &ast.FunctionCall{Span: sp, Name: c.COUNT().GetText(), Star: true}
	case *grammar.ListComprehensionAtomContext:
		lc := c.ListComprehension().(*grammar.ListComprehensionContext)
		l := &ast.ListComprehension{Span: sp, Var: w.variable(lc.Variable()), Where: w.whereExpr(lc.Where())}
		xs := lc.AllExpression()
		l.In = w.expr(xs[0])
		if len(xs) > 1 {
			l.Map = w.expr(xs[1])
		} else if l.Where != nil {
			if where, v, ok := splitListComprehension(l.Where); ok {
				l.Where, l.Map = where, v
			}
		}
		return l
	case *grammar.PatternComprehensionAtomContext:
		pc := c.PatternComprehension().(*grammar.PatternComprehensionContext)
		p := &ast.PatternComprehension{Span: sp, Where: w.whereExpr(pc.Where()), Map: w.expr(pc.Expression())}
		if v := pc.Variable(); v != nil {
			p.PathVar = w.variable(v)
		}
		links := pc.AllPatternElementChain()
		p.Element = w.chain(spanFrom(w.span(pc.NodePattern()), w.span(links[len(links)-1])), pc.NodePattern(), links)
		return p
	case *grammar.QuantifierAtomContext:
		q := &ast.Quantifier{Span: sp}
		switch {
		case c.ANY() != nil:
			q.Kind = ast.QuantAny
		case c.NONE() != nil:
			q.Kind = ast.QuantNone
		case c.SINGLE() != nil:
			q.Kind = ast.QuantSingle
		}
		f := c.FilterExpression().(*grammar.FilterExpressionContext)
		q.Var, q.In, q.Where = w.variable(f.Variable()), w.expr(f.Expression()), w.whereExpr(f.Where())
		return q
	case *grammar.ReduceAtomContext:
		xs := c.AllExpression()
		return &ast.Reduce{Span: sp, Acc: w.variable(c.Variable(0)), Init: w.expr(xs[0]),
			Var: w.variable(c.Variable(1)), In: w.expr(xs[1]), Expr: w.expr(xs[2])}
	case *grammar.ExistsAtomContext:
		p, where, q := w.subqueryBody(c.SubqueryBody().(*grammar.SubqueryBodyContext))
		return &ast.ExistsSubquery{Span: sp, Pattern: p, Where: where, Query: q}
	case *grammar.CountSubqueryAtomContext:
		p, where, q := w.subqueryBody(c.SubqueryBody().(*grammar.SubqueryBodyContext))
		return &ast.CountSubquery{Span: sp, Pattern: p, Where: where, Query: q}
	case *grammar.CollectAtomContext:
		return &ast.CollectSubquery{Span: sp, Query: w.query(c.Query().(*grammar.QueryContext))}
	case *grammar.ShortestPathAtomContext:
		kind, el := w.shortestPath(c.ShortestPathPattern().(*grammar.ShortestPathPatternContext))
		return &ast.PatternExpr{Span: sp, Kind: kind, Element: el}
	case *grammar.PatternAtomContext:
		return &ast.PatternExpr{Span: sp, Element: w.chain(sp, c.NodePattern(), c.AllPatternElementChain())}
	case *grammar.ParenAtomContext:
		return w.expr(c.Expression())
	case *grammar.FunctionAtomContext:
		return w.function(c.FunctionInvocation().(*grammar.FunctionInvocationContext))
	case *grammar.TrimAtomContext:
		return w.trim(c, sp)
	case *grammar.MapProjectionAtomContext:
		return w.mapProjection(c, sp)
	case *grammar.VariableAtomContext:
		v := w.variable(c.Variable())
		// INF, INFINITY and NAN are the float literals of Cypher 5.
		switch strings.ToUpper(v.Name) {
		case "INF", "INFINITY":
			if c.Variable().(*grammar.VariableContext).SymbolicName().(*grammar.SymbolicNameContext).EscapedSymbolicName() == nil {
				return &ast.Literal{Span: sp, Kind: ast.LitFloat, Float: math.Inf(1)}
			}
		case "NAN":
			if c.Variable().(*grammar.VariableContext).SymbolicName().(*grammar.SymbolicNameContext).EscapedSymbolicName() == nil {
				return &ast.Literal{Span: sp, Kind: ast.LitFloat, Float: math.NaN()}
			}
		}
		return v
	}
	w.fail(cyqerr.Compile(cyqerr.Internal, "", "unknown expression form"), sp)
	return &ast.Literal{Span: sp}
}

func (w *walker) subqueryBody(c *grammar.SubqueryBodyContext) (*ast.Pattern, ast.Expr, *ast.Query) {
	if q := c.Query(); q != nil {
		return nil, nil, w.query(q.(*grammar.QueryContext))
	}
	return w.pattern(c.Pattern()), w.whereExpr(c.Where()), nil
}

func (w *walker) caseExpr(c *grammar.CaseExpressionContext) *ast.Case {
	ce := &ast.Case{Span: w.span(c)}
	// Expressions directly under CASE: optional subject, optional ELSE.
	for _, ch := range c.GetChildren() {
		if x, ok := ch.(*grammar.ExpressionContext); ok {
			if x.GetStart().GetTokenIndex() < c.CaseAlternative(0).GetStart().GetTokenIndex() {
				ce.Subject = w.expr(x)
			} else {
				ce.Else = w.expr(x)
			}
		}
	}
	extended := false
	for _, a := range c.AllCaseAlternative() {
		ac := a.(*grammar.CaseAlternativeContext)
		ops := ac.AllCaseOperand()
		if len(ops) > 1 || ops[0].(*grammar.CaseOperandContext).Expression() == nil {
			extended = true
		}
	}
	for _, a := range c.AllCaseAlternative() {
		ac := a.(*grammar.CaseAlternativeContext)
		then := w.expr(ac.Expression())
		if !extended {
			when := w.expr(ac.CaseOperand(0).(*grammar.CaseOperandContext).Expression())
			ce.Whens = append(ce.Whens, &ast.CaseWhen{Span: w.span(ac), When: when, Then: then})
			continue
		}
		if ce.Subject == nil {
			w.fail(syntaxErr(DetailUnexpectedSyntax, "a WHEN with several operands or a comparison operand needs a CASE subject").
				WithHint("write CASE value WHEN ... , or give each condition in full: CASE WHEN a OR b THEN ..."), w.span(ac))
			return ce
		}
		// The extended simple CASE: each operand is a predicate on the
		// subject, and the branch is taken when any of them holds.
		var cond ast.Expr
		for _, o := range ac.AllCaseOperand() {
			oc := o.(*grammar.CaseOperandContext)
			osp := w.span(oc)
			var p ast.Expr
			switch {
			case oc.Expression() != nil:
				p = &ast.Comparison{Span: osp, Operands: []ast.Expr{ce.Subject, w.expr(oc.Expression())}, Ops: []ast.CompareOp{ast.CmpEq}}
			case oc.ComparisonOp() != nil:
				p = &ast.Comparison{Span: osp, Operands: []ast.Expr{ce.Subject, w.addSub(oc.AddSubExpression().(*grammar.AddSubExpressionContext))},
					Ops: []ast.CompareOp{compareOp(oc.ComparisonOp())}}
			default:
				p = w.suffix(ce.Subject, oc.PredicateSuffix())
			}
			if cond == nil {
				cond = p
			} else {
				cond = &ast.Binary{Span: spanFrom(cond.NodeSpan(), osp), Op: ast.OpOr, Left: cond, Right: p}
			}
		}
		ce.Whens = append(ce.Whens, &ast.CaseWhen{Span: w.span(ac), When: cond, Then: then})
	}
	if extended {
		ce.Subject = nil
	}
	return ce
}

// trim is trim([BOTH | LEADING | TRAILING] [chars] FROM s), the same as
// btrim, ltrim or rtrim of s (with chars when given).
func (w *walker) trim(c *grammar.TrimAtomContext, sp ast.Span) ast.Expr {
	xs := c.AllExpression()
	name := "btrim"
	switch {
	case c.LEADING() != nil:
		name = "ltrim"
	case c.TRAILING() != nil:
		name = "rtrim"
	case c.FROM() == nil:
		name = "trim"
	}
	f := &ast.FunctionCall{Span: sp, Name: name, Args: []ast.Expr{w.expr(xs[len(xs)-1])}}
	if len(xs) == 2 {
		f.Args = append(f.Args, w.expr(xs[0]))
	}
	return f
}

func (w *walker) function(c *grammar.FunctionInvocationContext) *ast.FunctionCall {
	f := &ast.FunctionCall{Span: w.span(c), Distinct: c.DISTINCT() != nil}
	fn := c.FunctionName().(*grammar.FunctionNameContext)
	if fn.EXISTS() != nil {
		f.Name = fn.EXISTS().GetText()
	} else {
		names := fn.AllSymbolicName()
		for _, n := range names[:len(names)-1] {
			f.Namespace = append(f.Namespace, w.symbolicName(n))
		}
		f.Name = w.symbolicName(names[len(names)-1])
	}
	for _, e := range c.AllExpression() {
		f.Args = append(f.Args, w.expr(e))
	}
	// normalize(s, NFKC): the normal form is a keyword, not a variable.
	if len(f.Namespace) == 0 && strings.EqualFold(f.Name, "normalize") && len(f.Args) == 2 {
		if v, ok := f.Args[1].(*ast.Variable); ok {
			switch form := strings.ToUpper(v.Name); form {
			case "NFC", "NFD", "NFKC", "NFKD":
				f.Args[1] = &ast.Literal{Span: v.Span, Kind: ast.LitString, Str: form}
			}
		}
	}
	return f
}

func (w *walker) mapProjection(c *grammar.MapProjectionAtomContext, sp ast.Span) *ast.MapProjection {
	mp := &ast.MapProjection{Span: sp, Var: w.variable(c.Variable())}
	for _, it := range c.AllMapProjectionItem() {
		isp := w.span(it)
		switch ic := it.(type) {
		case *grammar.MapProjPropertyContext:
			mp.Items = append(mp.Items, &ast.MapProjectionItem{Span: isp, Kind: ast.MapProjProperty,
				Key: w.schemaName(ic.PropertyKeyName().(*grammar.PropertyKeyNameContext).SchemaName())})
		case *grammar.MapProjAllContext:
			mp.Items = append(mp.Items, &ast.MapProjectionItem{Span: isp, Kind: ast.MapProjAll})
		case *grammar.MapProjLiteralContext:
			mp.Items = append(mp.Items, &ast.MapProjectionItem{Span: isp, Kind: ast.MapProjLiteral,
				Key: w.schemaName(ic.PropertyKeyName().(*grammar.PropertyKeyNameContext).SchemaName()), Expr: w.expr(ic.Expression())})
		case *grammar.MapProjVariableContext:
			v := w.variable(ic.Variable())
			mp.Items = append(mp.Items, &ast.MapProjectionItem{Span: isp, Kind: ast.MapProjVariable, Key: v.Name, Expr: v})
		}
	}
	return mp
}

func (w *walker) literal(ctx grammar.ILiteralContext) ast.Expr {
	sp := w.span(ctx)
	switch c := ctx.(type) {
	case *grammar.NullLiteralContext:
		return &ast.Literal{Span: sp, Kind: ast.LitNull}
	case *grammar.BooleanLiteralContext:
		return &ast.Literal{Span: sp, Kind: ast.LitBool, Bool: c.TRUE() != nil}
	case *grammar.IntLiteralContext, *grammar.FloatLiteralContext:
		return w.numberLiteral(c, false, sp)
	case *grammar.StringLiteralContext:
		return &ast.Literal{Span: sp, Kind: ast.LitString, Str: w.stringValue(c.StringLiteral())}
	case *grammar.ListLiteralAtomContext:
		lc := c.ListLiteral().(*grammar.ListLiteralContext)
		l := &ast.ListLiteral{Span: sp, Items: []ast.Expr{}}
		for _, e := range lc.AllExpression() {
			l.Items = append(l.Items, w.expr(e))
		}
		return l
	case *grammar.MapLiteralAtomContext:
		return w.mapLiteral(c.MapLiteral().(*grammar.MapLiteralContext))
	}
	return &ast.Literal{Span: sp}
}

func (w *walker) mapLiteral(c *grammar.MapLiteralContext) *ast.MapLiteral {
	m := &ast.MapLiteral{Span: w.span(c), Entries: []*ast.MapEntry{}}
	keys, vals := c.AllPropertyKeyName(), c.AllExpression()
	for i, k := range keys {
		m.Entries = append(m.Entries, &ast.MapEntry{Span: spanFrom(w.span(k), w.span(vals[i])),
			Key: w.schemaName(k.(*grammar.PropertyKeyNameContext).SchemaName()), Value: w.expr(vals[i])})
	}
	return m
}

func (w *walker) parameter(c *grammar.ParameterContext) *ast.Parameter {
	p := &ast.Parameter{Span: w.span(c)}
	switch {
	case c.SymbolicName() != nil:
		p.Name = w.symbolicName(c.SymbolicName())
	case c.ReservedWord() != nil:
		// $limit, $match: a keyword names a parameter as written.
		p.Name = c.ReservedWord().GetText()
	default:
		p.Name = c.DecimalInteger().GetText()
	}
	return p
}

// stringValue decodes a quoted string literal token, reporting bad escapes.
func (w *walker) stringValue(t antlr.TerminalNode) string {
	text := t.GetText()
	body := text[1 : len(text)-1]
	if strings.IndexByte(body, '\\') < 0 {
		return body
	}
	base := w.termSpan(t).Start + 1
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		ch := body[i]
		if ch != '\\' || i+1 >= len(body) {
			b.WriteByte(ch)
			continue
		}
		i++
		switch body[i] {
		case 't':
			b.WriteByte('\t')
		case 'b':
			b.WriteByte('\b')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 'f':
			b.WriteByte('\f')
		case '\'', '"', '\\':
			b.WriteByte(body[i])
		case 'u', 'U':
			n := 4
			if body[i] == 'U' {
				n = 8
			}
			hex := body[i+1 : min(i+1+n, len(body))]
			v, err := strconv.ParseUint(hex, 16, 32)
			if len(hex) < n || err != nil || !utf8.ValidRune(rune(v)) {
				w.fail(syntaxErr("InvalidUnicodeLiteral", "invalid unicode escape \\%c%s in string literal", body[i], hex).
					WithHint("write \\u followed by exactly 4 hex digits, or \\U followed by 8"),
					ast.Span{Start: base + i - 1, End: base + i + 1 + len(hex)})
				return body
			}
			b.WriteRune(rune(v))
			i += n
		default:
			w.fail(syntaxErr("InvalidEscapeSequence", "invalid escape sequence \\%c in string literal", body[i]).
				WithHint("valid escapes are \\t \\b \\n \\r \\f \\' \\\" \\\\ \\uXXXX \\UXXXXXXXX; write \\\\ for a backslash"),
				ast.Span{Start: base + i - 1, End: base + i + 1})
			return body
		}
	}
	return b.String()
}
