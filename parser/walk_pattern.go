package parser

import (
	"github.com/cyqdb/cyq/grammar"
	"github.com/cyqdb/cyq/parser/ast"
)

func (w *walker) pattern(ctx grammar.IPatternContext) *ast.Pattern {
	c := ctx.(*grammar.PatternContext)
	p := &ast.Pattern{Span: w.span(c)}
	for _, pp := range c.AllPatternPart() {
		p.Parts = append(p.Parts, w.patternPart(pp.(*grammar.PatternPartContext)))
	}
	return p
}

func (w *walker) patternPart(c *grammar.PatternPartContext) *ast.PatternPart {
	pp := &ast.PatternPart{Span: w.span(c)}
	if v := c.Variable(); v != nil {
		pp.Var = w.variable(v)
	}
	anon := c.AnonymousPatternPart().(*grammar.AnonymousPatternPartContext)
	if sp := anon.ShortestPathPattern(); sp != nil {
		pp.Kind, pp.Element = w.shortestPath(sp.(*grammar.ShortestPathPatternContext))
	} else {
		pp.Element = w.patternElement(anon.PatternElement())
	}
	if pre := anon.PathPrefix(); pre != nil {
		w.pathPrefix(pp, pre.(*grammar.PathPrefixContext))
	}
	return pp
}

// pathPrefix reads a GQL path selector and path mode into pp.
func (w *walker) pathPrefix(pp *ast.PatternPart, c *grammar.PathPrefixContext) {
	if m := c.PathMode(); m != nil {
		switch tokType(m.GetChild(0)) {
		case grammar.CypherLexerWALK:
			pp.Mode = ast.ModeWalk
		case grammar.CypherLexerTRAIL:
			pp.Mode = ast.ModeTrail
		case grammar.CypherLexerACYCLIC:
			pp.Mode = ast.ModeAcyclic
		case grammar.CypherLexerSIMPLE:
			pp.Mode = ast.ModeSimple
		}
	}
	sc := c.PathSelector()
	if sc == nil {
		return
	}
	sel := &ast.PathSelector{Span: w.span(sc), Groups: c.GROUP() != nil || c.GROUPS() != nil}
	count := func(il grammar.IIntegerLiteralContext) {
		if il != nil {
			v, _ := w.integer(il.(*grammar.IntegerLiteralContext), false, w.span(il))
			sel.Count = &v
		}
	}
	switch x := sc.(type) {
	case *grammar.AnyShortestSelectorContext:
		sel.Kind = ast.SelectAnyShortest
	case *grammar.AllShortestSelectorContext:
		sel.Kind = ast.SelectAllShortest
	case *grammar.AnySelectorContext:
		sel.Kind = ast.SelectAny
		count(x.IntegerLiteral())
	case *grammar.AllSelectorContext:
		sel.Kind = ast.SelectAll
	case *grammar.ShortestSelectorContext:
		sel.Kind = ast.SelectShortest
		count(x.IntegerLiteral())
	}
	if sel.Groups && sel.Kind != ast.SelectShortest {
		w.fail(syntaxErr(DetailUnexpectedSyntax, "GROUPS only follows SHORTEST k").
			WithHint("write SHORTEST k GROUPS, or drop GROUPS"), w.span(c))
	}
	if sel.Count == nil && sel.Kind == ast.SelectShortest && !sel.Groups {
		w.fail(syntaxErr(DetailUnexpectedSyntax, "SHORTEST needs a number of paths").
			WithHint("write SHORTEST 1, ANY SHORTEST or ALL SHORTEST"), w.span(c))
	}
	pp.Selector = sel
}

func (w *walker) shortestPath(c *grammar.ShortestPathPatternContext) (ast.PathKind, *ast.PatternElement) {
	kind := ast.PathShortest
	if c.ALLSHORTESTPATHS() != nil {
		kind = ast.PathAllShortest
	}
	return kind, w.patternElement(c.PatternElement())
}

func (w *walker) patternElement(ctx grammar.IPatternElementContext) *ast.PatternElement {
	c := ctx.(*grammar.PatternElementContext)
	// Parenthesised elements flatten: ((a)-->(b)) is (a)-->(b).
	for c.NodePattern() == nil && c.QuantifiedPathPattern() == nil {
		c = c.PatternElement().(*grammar.PatternElementContext)
	}
	sp := w.span(c)
	if !w.enter(sp) {
		return &ast.PatternElement{Span: sp, Nodes: []*ast.NodePattern{{Span: sp}}}
	}
	defer w.leave()
	pe := &ast.PatternElement{Span: sp}
	// A quantified path pattern stands between two nodes; where none is
	// written, an implicit one takes its place.
	needNode := func(at ast.Span) {
		if len(pe.Nodes) == len(pe.Rels) {
			pe.Nodes = append(pe.Nodes, &ast.NodePattern{Span: ast.Span{Start: at.Start, End: at.Start}, Implicit: true})
		}
	}
	group := func(q grammar.IQuantifiedPathPatternContext) {
		qs := w.span(q)
		needNode(qs)
		pe.Rels = append(pe.Rels, &ast.RelPattern{Span: qs, Group: w.quantifiedPath(q.(*grammar.QuantifiedPathPatternContext))})
	}
	if n := c.NodePattern(); n != nil {
		pe.Nodes = append(pe.Nodes, w.nodePattern(n))
	} else {
		group(c.QuantifiedPathPattern())
	}
	for _, l := range c.AllPathLink() {
		switch lc := l.(type) {
		case *grammar.RelLinkContext:
			needNode(w.span(lc))
			r := w.relPattern(lc.RelationshipPattern().(*grammar.RelationshipPatternContext))
			if q := lc.PathQuantifier(); q != nil {
				r.Quant = w.pathQuantifier(q)
				r.Span = spanFrom(r.Span, r.Quant.Span)
				if r.VarLength != nil {
					w.fail(syntaxErr(DetailInvalidRelationshipPattern, "a relationship cannot have both a variable length and a quantifier").
						WithHint("write -[:R]->{1,3} or -[:R*1..3]->, not both"), r.Span)
				}
			}
			pe.Rels = append(pe.Rels, r)
			pe.Nodes = append(pe.Nodes, w.nodePattern(lc.NodePattern()))
		case *grammar.GroupLinkContext:
			group(lc.QuantifiedPathPattern())
			if n := lc.NodePattern(); n != nil {
				pe.Nodes = append(pe.Nodes, w.nodePattern(n))
			}
		}
	}
	needNode(ast.Span{Start: sp.End, End: sp.End})
	return pe
}

func (w *walker) quantifiedPath(c *grammar.QuantifiedPathPatternContext) *ast.QuantifiedPath {
	q := &ast.QuantifiedPath{Span: w.span(c), Element: w.patternElement(c.PatternElement()), Quant: w.pathQuantifier(c.PathQuantifier())}
	for _, r := range q.Element.Rels {
		if r.Quantified() || r.VarLength != nil {
			w.fail(syntaxErr(DetailInvalidRelationshipPattern, "quantified path patterns cannot be nested, nor contain variable-length or quantified relationships").
				WithHint("quantify the whole pattern once: ((a)-[:R]->(b)){1,3}"), r.Span)
		}
	}
	if len(q.Element.Rels) == 0 {
		w.fail(syntaxErr(DetailInvalidRelationshipPattern, "a quantified path pattern needs at least one relationship").
			WithHint("write ((a)-[:R]->(b)){1,3}"), q.Span)
	}
	if wh := c.Where(); wh != nil {
		q.Where = w.expr(wh.(*grammar.WhereContext).Expression())
	}
	return q
}

func (w *walker) pathQuantifier(ctx grammar.IPathQuantifierContext) *ast.PathQuantifier {
	q := &ast.PathQuantifier{Span: w.span(ctx)}
	num := func(il grammar.IIntegerLiteralContext) *int64 {
		v, _ := w.integer(il.(*grammar.IntegerLiteralContext), false, w.span(il))
		return &v
	}
	switch c := ctx.(type) {
	case *grammar.PlusQuantifierContext:
		q.Min = 1
	case *grammar.StarQuantifierContext:
	case *grammar.ExactQuantifierContext:
		q.Max = num(c.IntegerLiteral())
		q.Min = *q.Max
	case *grammar.RangeQuantifierContext:
		comma := c.COMMA().GetSymbol().GetTokenIndex()
		for _, il := range c.AllIntegerLiteral() {
			if il.GetStart().GetTokenIndex() < comma {
				q.Min = *num(il)
			} else {
				q.Max = num(il)
			}
		}
	}
	if q.Max != nil && *q.Max < q.Min {
		w.fail(syntaxErr(DetailInvalidRelationshipPattern, "a quantifier's upper bound %d is below its lower bound %d", *q.Max, q.Min), q.Span)
	}
	if q.Max != nil && *q.Max == 0 {
		w.fail(syntaxErr(DetailInvalidRelationshipPattern, "a quantifier's upper bound must be at least 1"), q.Span)
	}
	return q
}

func (w *walker) chain(sp ast.Span, first grammar.INodePatternContext, links []grammar.IPatternElementChainContext) *ast.PatternElement {
	pe := &ast.PatternElement{Span: sp}
	pe.Nodes = append(pe.Nodes, w.nodePattern(first))
	for _, l := range links {
		lc := l.(*grammar.PatternElementChainContext)
		pe.Rels = append(pe.Rels, w.relPattern(lc.RelationshipPattern().(*grammar.RelationshipPatternContext)))
		pe.Nodes = append(pe.Nodes, w.nodePattern(lc.NodePattern()))
	}
	return pe
}

func (w *walker) nodePattern(ctx grammar.INodePatternContext) *ast.NodePattern {
	c := ctx.(*grammar.NodePatternContext)
	n := &ast.NodePattern{Span: w.span(c)}
	if v := c.Variable(); v != nil {
		n.Var = w.variable(v)
	}
	if l := c.LabelExpression(); l != nil {
		n.Labels = w.labelExpression(l)
	}
	if p := c.Properties(); p != nil {
		n.Props = w.properties(p)
	}
	if e := c.Expression(); e != nil {
		n.Where = w.expr(e)
	}
	return n
}

func (w *walker) relPattern(c *grammar.RelationshipPatternContext) *ast.RelPattern {
	r := &ast.RelPattern{Span: w.span(c)}
	left, right := c.LT() != nil, c.GT() != nil
	switch {
	case left && right:
		r.Direction = ast.DirBoth
	case left:
		r.Direction = ast.DirLeft
	case right:
		r.Direction = ast.DirRight
	}
	d := c.RelationshipDetail()
	if d == nil {
		return r
	}
	dc := d.(*grammar.RelationshipDetailContext)
	if v := dc.Variable(); v != nil {
		r.Var = w.variable(v)
	}
	if l := dc.LabelExpression(); l != nil {
		r.Types = w.labelExpression(l)
	}
	if rl := dc.RangeLiteral(); rl != nil {
		rc := rl.(*grammar.RangeLiteralContext)
		rg := &ast.Range{Span: w.span(rc), Dots: rc.DOTDOT() != nil}
		var bounds []*int64
		for _, il := range rc.AllIntegerLiteral() {
			v, _ := w.integer(il.(*grammar.IntegerLiteralContext), false, w.span(il))
			bounds = append(bounds, &v)
		}
		// Which bound each literal is depends on where it sits relative to `..`.
		dotsAt := -1
		if rc.DOTDOT() != nil {
			dotsAt = rc.DOTDOT().GetSymbol().GetTokenIndex()
		}
		for i, il := range rc.AllIntegerLiteral() {
			if dotsAt >= 0 && il.GetStart().GetTokenIndex() > dotsAt {
				rg.Max = bounds[i]
			} else {
				rg.Min = bounds[i]
				if dotsAt < 0 {
					rg.Max = bounds[i]
				}
			}
		}
		r.VarLength = rg
	}
	if p := dc.Properties(); p != nil {
		r.Props = w.properties(p)
	}
	if e := dc.Expression(); e != nil {
		r.Where = w.expr(e)
	}
	return r
}

func (w *walker) properties(ctx grammar.IPropertiesContext) ast.Expr {
	c := ctx.(*grammar.PropertiesContext)
	if m := c.MapLiteral(); m != nil {
		return w.mapLiteral(m.(*grammar.MapLiteralContext))
	}
	return w.parameter(c.Parameter().(*grammar.ParameterContext))
}

// labelExpression converts `:A:B`, `:A|B`, `:A&!B` ... into an ast.LabelExpr.
func (w *walker) labelExpression(ctx grammar.ILabelExpressionContext) ast.LabelExpr {
	c := ctx.(*grammar.LabelExpressionContext)
	ors := c.AllLabelOr()
	if len(ors) == 1 {
		return w.labelOr(ors[0].(*grammar.LabelOrContext))
	}
	and := &ast.LabelAnd{Span: w.span(c), Colon: true}
	for _, o := range ors {
		and.Items = append(and.Items, w.labelOr(o.(*grammar.LabelOrContext)))
	}
	return and
}

func (w *walker) labelOr(c *grammar.LabelOrContext) ast.LabelExpr {
	ands := c.AllLabelAnd()
	if len(ands) == 1 {
		return w.labelAnd(ands[0].(*grammar.LabelAndContext))
	}
	or := &ast.LabelOr{Span: w.span(c), Colon: len(c.AllCOLON()) > 0}
	for _, a := range ands {
		or.Items = append(or.Items, w.labelAnd(a.(*grammar.LabelAndContext)))
	}
	return or
}

func (w *walker) labelAnd(c *grammar.LabelAndContext) ast.LabelExpr {
	nots := c.AllLabelNot()
	if len(nots) == 1 {
		return w.labelNot(nots[0].(*grammar.LabelNotContext))
	}
	and := &ast.LabelAnd{Span: w.span(c)}
	for _, n := range nots {
		and.Items = append(and.Items, w.labelNot(n.(*grammar.LabelNotContext)))
	}
	return and
}

func (w *walker) labelNot(c *grammar.LabelNotContext) ast.LabelExpr {
	sp := w.span(c)
	if !w.enter(sp) {
		return &ast.LabelWildcard{Span: sp}
	}
	defer w.leave()
	if n := c.LabelNot(); n != nil {
		return &ast.LabelNot{Span: sp, Expr: w.labelNot(n.(*grammar.LabelNotContext))}
	}
	a := c.LabelAtom().(*grammar.LabelAtomContext)
	switch {
	case a.LabelName() != nil:
		return &ast.LabelName{Span: sp, Name: w.schemaName(a.LabelName().(*grammar.LabelNameContext).SchemaName())}
	case a.PERCENT() != nil:
		return &ast.LabelWildcard{Span: sp}
	case a.DynamicLabel() != nil:
		return w.dynamicLabel(a.DynamicLabel().(*grammar.DynamicLabelContext))
	}
	return w.labelOr(a.LabelOr().(*grammar.LabelOrContext))
}
