package parser

import (
	"strings"
	"unicode/utf8"

	"github.com/antlr4-go/antlr/v4"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/grammar"
	"github.com/cyqdb/cyq/parser/ast"
)

// walker turns an ANTLR parse tree into an AST. Errors found while walking
// (bad literals, depth) are recorded in err, the first one winning; the walk
// carries on with placeholder values so that the code stays linear.
type walker struct {
	src      string // the full source text
	base     int    // byte offset of the parsed statement in src
	pieceLen int    // byte length of the parsed statement
	runeOff  []int  // rune index -> byte offset in the statement; nil when ASCII
	depth    int
	maxDepth int
	maxChain int
	err      *cyqerr.Error
}

// newWalker returns a walker for the statement full[base:end]; spans are
// offsets into full.
func newWalker(full string, base, end, maxDepth, maxChain int) *walker {
	w := &walker{src: full, base: base, maxDepth: maxDepth, maxChain: maxChain}
	piece := full[base:end]
	for i := 0; i < len(piece); i++ {
		if piece[i] >= utf8.RuneSelf {
			w.runeOff = make([]int, 0, len(piece)+1)
			for off := range piece {
				w.runeOff = append(w.runeOff, off)
			}
			w.runeOff = append(w.runeOff, len(piece))
			break
		}
	}
	w.pieceLen = len(piece)
	return w
}

// byteOff converts an ANTLR character index into a byte offset.
func (w *walker) byteOff(runeIdx int) int {
	if w.runeOff == nil {
		return w.base + min(max(runeIdx, 0), w.pieceLen)
	}
	if runeIdx < 0 {
		return w.base
	}
	if runeIdx >= len(w.runeOff) {
		return w.base + w.pieceLen
	}
	return w.base + w.runeOff[runeIdx]
}

func (w *walker) tokSpan(t antlr.Token) ast.Span {
	return ast.Span{Start: w.byteOff(t.GetStart()), End: w.byteOff(t.GetStop() + 1)}
}

func (w *walker) termSpan(t antlr.TerminalNode) ast.Span { return w.tokSpan(t.GetSymbol()) }

func (w *walker) span(ctx antlr.ParserRuleContext) ast.Span {
	start := w.byteOff(ctx.GetStart().GetStart())
	end := start
	if stop := ctx.GetStop(); stop != nil && stop.GetStop() >= ctx.GetStart().GetStart() {
		end = w.byteOff(stop.GetStop() + 1)
	}
	return ast.Span{Start: start, End: end}
}

func spanFrom(a, b ast.Span) ast.Span { return ast.Span{Start: a.Start, End: b.End} }

func (w *walker) fail(e *cyqerr.Error, sp ast.Span) {
	if w.err != nil {
		return
	}
	e.At(w.src, sp.Start)
	e.EndOff = sp.End
	w.err = e
}

func syntaxErr(detail, format string, args ...any) *cyqerr.Error {
	return cyqerr.Compile(cyqerr.SyntaxError, detail, format, args...)
}

// enter and leave track nesting depth for the MaxDepth limit.
func (w *walker) enter(sp ast.Span) bool {
	w.depth++
	if w.depth > w.maxDepth {
		if w.err == nil || w.err.Type != cyqerr.LimitExceeded {
			w.err = nil
			w.fail(cyqerr.Compile(cyqerr.LimitExceeded, "NestingDepth",
				"query nesting is deeper than the limit of %d", w.maxDepth), sp)
		}
		return false
	}
	return true
}

func (w *walker) leave() { w.depth-- }

func tokType(t antlr.Tree) int {
	if tn, ok := t.(antlr.TerminalNode); ok {
		return tn.GetSymbol().GetTokenType()
	}
	return -1
}

// ------------------------------------------------------------- statements

func (w *walker) statement(ctx *grammar.StatementContext) *ast.Statement {
	st := &ast.Statement{Span: w.span(ctx), Explain: ctx.EXPLAIN() != nil, Profile: ctx.PROFILE() != nil}
	if sc := ctx.SchemaCommand(); sc != nil {
		st.Command = w.schemaCommand(sc.(*grammar.SchemaCommandContext))
		return st
	}
	st.Query = w.query(ctx.Query().(*grammar.QueryContext))
	if w.err == nil {
		w.checkQueries(st)
	}
	if w.err == nil {
		w.checkPatternExprs(st)
	}
	if w.err == nil {
		w.checkMatchOnlyForms(st)
	}
	if w.err == nil {
		w.checkConditionalQueries(st)
	}
	// A standalone procedure call is a query of one CALL clause.
	if len(st.Query.Parts) == 1 && len(st.Query.Parts[0].Clauses) == 1 {
		if c, ok := st.Query.Parts[0].Clauses[0].(*ast.Call); ok {
			c.Standalone = true
		}
	}
	for _, sq := range st.Query.Parts {
		for _, cl := range sq.Clauses {
			if c, ok := cl.(*ast.Call); ok && c.YieldStar && !c.Standalone {
				w.fail(syntaxErr("UnexpectedSyntax", "YIELD * is only allowed in a standalone procedure call").
					WithHint("list the result fields: YIELD a, b"), c.Span)
			}
		}
	}
	return st
}

func (w *walker) query(ctx *grammar.QueryContext) *ast.Query {
	q := &ast.Query{Span: w.span(ctx)}
	if branches := ctx.AllWhenBranch(); len(branches) > 0 {
		for _, b := range branches {
			bc := b.(*grammar.WhenBranchContext)
			q.When = append(q.When, w.expr(bc.Expression()))
			q.Parts = append(q.Parts, w.singleQuery(bc.SingleQuery().(*grammar.SingleQueryContext)))
			q.All = append(q.All, true)
		}
		if e := ctx.SingleQuery(); e != nil {
			q.Parts = append(q.Parts, w.singleQuery(e.(*grammar.SingleQueryContext)))
		} else {
			q.All = q.All[:len(q.All)-1]
		}
		return q
	}
	q.Parts = append(q.Parts, w.singleQuery(ctx.SingleQuery().(*grammar.SingleQueryContext)))
	for _, u := range ctx.AllUnion() {
		uc := u.(*grammar.UnionContext)
		q.All = append(q.All, uc.ALL() != nil)
		q.Parts = append(q.Parts, w.singleQuery(uc.SingleQuery().(*grammar.SingleQueryContext)))
	}
	return q
}

func (w *walker) singleQuery(ctx *grammar.SingleQueryContext) *ast.SingleQuery {
	sq := &ast.SingleQuery{Span: w.span(ctx)}
	for _, c := range ctx.AllClause() {
		sq.Clauses = append(sq.Clauses, w.clause(c.(*grammar.ClauseContext)))
	}
	return sq
}

func (w *walker) clause(ctx *grammar.ClauseContext) ast.Clause {
	switch c := ctx.GetChild(0).(type) {
	case *grammar.UseClauseContext:
		return w.useClause(c)
	case *grammar.ShowClauseContext:
		return w.showClause(c)
	case *grammar.FinishClauseContext:
		return &ast.Finish{Span: w.span(c)}
	case *grammar.LetClauseContext:
		l := &ast.Let{Span: w.span(c)}
		for _, it := range c.AllLetItem() {
			ic := it.(*grammar.LetItemContext)
			l.Items = append(l.Items, &ast.LetItem{Span: w.span(ic), Var: w.variable(ic.Variable()), Expr: w.expr(ic.Expression())})
		}
		return l
	case *grammar.FilterClauseContext:
		return &ast.FilterClause{Span: w.span(c), Where: w.expr(c.Expression())}
	case *grammar.MatchClauseContext:
		return w.matchClause(c)
	case *grammar.UnwindClauseContext:
		return &ast.Unwind{Span: w.span(c), Expr: w.expr(c.Expression()), Var: w.variable(c.Variable())}
	case *grammar.WithClauseContext:
		return w.withClause(c)
	case *grammar.ReturnClauseContext:
		return &ast.Return{Span: w.span(c), Projection: w.projection(c.ProjectionBody().(*grammar.ProjectionBodyContext))}
	case *grammar.CreateClauseContext:
		return &ast.Create{Span: w.span(c), Pattern: w.pattern(c.Pattern())}
	case *grammar.MergeClauseContext:
		return w.mergeClause(c)
	case *grammar.SetClauseContext:
		s := &ast.Set{Span: w.span(c)}
		for _, it := range c.AllSetItem() {
			s.Items = append(s.Items, w.setItem(it))
		}
		return s
	case *grammar.RemoveClauseContext:
		return w.removeClause(c)
	case *grammar.DeleteClauseContext:
		d := &ast.Delete{Span: w.span(c), Detach: c.DETACH() != nil}
		for _, e := range c.AllExpression() {
			d.Exprs = append(d.Exprs, w.expr(e))
		}
		return d
	case *grammar.ForeachClauseContext:
		f := &ast.Foreach{Span: w.span(c), Var: w.variable(c.Variable()), List: w.expr(c.Expression())}
		for _, cl := range c.AllClause() {
			f.Updates = append(f.Updates, w.clause(cl.(*grammar.ClauseContext)))
		}
		return f
	case *grammar.CallSubqueryContext:
		return w.callSubquery(c)
	case *grammar.CallClauseContext:
		return w.callClause(c)
	case *grammar.OrderSkipLimitClauseContext:
		// ORDER BY / SKIP / LIMIT standing alone is WITH * with that part.
		p := &ast.Projection{Span: w.span(c), Star: true}
		w.paging(p, c.Order(), c.Skip(), c.Limit())
		return &ast.With{Span: w.span(c), Projection: p}
	case *grammar.LoadCsvClauseContext:
		l := &ast.LoadCSV{Span: w.span(c), WithHeaders: c.HEADERS() != nil, URL: w.expr(c.Expression()), Var: w.variable(c.Variable())}
		if t := c.StringLiteral(); t != nil {
			l.FieldTerminator = w.stringValue(t)
		}
		return l
	}
	w.fail(cyqerr.Compile(cyqerr.Internal, "", "unknown clause"), w.span(ctx))
	return &ast.Return{Span: w.span(ctx), Projection: &ast.Projection{}}
}

func (w *walker) useClause(c *grammar.UseClauseContext) *ast.Use {
	names := c.AllSymbolicName()
	var g ast.Expr = &ast.Variable{Span: w.span(names[0]), Name: w.symbolicName(names[0])}
	for _, n := range names[1:] {
		g = &ast.Property{Span: spanFrom(g.NodeSpan(), w.span(n)), Expr: g, Key: w.symbolicName(n)}
	}
	if c.LPAREN() != nil {
		fc := &ast.FunctionCall{Span: spanFrom(w.span(names[0]), w.termSpan(c.RPAREN()))}
		for _, n := range names[:len(names)-1] {
			fc.Namespace = append(fc.Namespace, w.symbolicName(n))
		}
		fc.Name = w.symbolicName(names[len(names)-1])
		for _, e := range c.AllExpression() {
			fc.Args = append(fc.Args, w.expr(e))
		}
		g = fc
	}
	return &ast.Use{Span: w.span(c), Graph: g}
}

func (w *walker) whereExpr(ctx grammar.IWhereContext) ast.Expr {
	if ctx == nil {
		return nil
	}
	return w.expr(ctx.(*grammar.WhereContext).Expression())
}

func (w *walker) matchClause(c *grammar.MatchClauseContext) *ast.Match {
	if m := c.MatchMode(); m != nil && m.(*grammar.MatchModeContext).REPEATABLE() != nil {
		w.fail(cyqerr.Compile(cyqerr.SemanticError, DetailUnsupported, "the REPEATABLE ELEMENTS match mode is not supported").
			WithHint("drop it: cyq matches with DIFFERENT RELATIONSHIPS (no relationship twice in one MATCH); for walks between two nodes use SHORTEST k"), w.span(m))
	}
	return &ast.Match{Span: w.span(c), Optional: c.OPTIONAL() != nil, Pattern: w.pattern(c.Pattern()), Where: w.whereExpr(c.Where())}
}

func (w *walker) withClause(c *grammar.WithClauseContext) *ast.With {
	// An item without an alias (NoAliasError) is the planner's to report:
	// the errors of the projection's aggregation and ORDER BY come first.
	p := w.projection(c.ProjectionBody().(*grammar.ProjectionBodyContext))
	return &ast.With{Span: w.span(c), Projection: p, Where: w.whereExpr(c.Where())}
}

func isVariableRef(e ast.Expr) bool {
	_, ok := e.(*ast.Variable)
	return ok
}

// NoAliasError is the error of a WITH item it of query src that is
// neither a variable nor aliased, with the query corrected by an alias.
func NoAliasError(src string, it *ast.ProjectionItem) *cyqerr.Error {
	e := syntaxErr(DetailNoExpressionAlias, "expression %q in WITH must be aliased (use AS)", it.Text).
		WithHint("write `%s AS name`; WITH only passes on named columns", it.Text)
	e.At(src, it.Span.Start)
	e.EndOff = it.Span.End
	if it.Span.End <= len(src) {
		e.Fix = src[:it.Span.End] + " AS " + suggestAlias(it.Expr) + src[it.Span.End:]
	}
	return e
}

func suggestAlias(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.Property:
		return t.Key
	case *ast.FunctionCall:
		return strings.ToLower(t.Name)
	}
	return "value"
}

func (w *walker) mergeClause(c *grammar.MergeClauseContext) *ast.Merge {
	m := &ast.Merge{Span: w.span(c), Part: w.patternPart(c.PatternPart().(*grammar.PatternPartContext))}
	for _, a := range c.AllMergeAction() {
		ac := a.(*grammar.MergeActionContext)
		var items []ast.SetItem
		for _, it := range ac.AllSetItem() {
			items = append(items, w.setItem(it))
		}
		if ac.CREATE() != nil {
			m.OnCreate = append(m.OnCreate, items...)
		} else {
			m.OnMatch = append(m.OnMatch, items...)
		}
	}
	return m
}

func (w *walker) setItem(ctx grammar.ISetItemContext) ast.SetItem {
	switch c := ctx.(type) {
	case *grammar.SetPropertyContext:
		return &ast.SetProperty{Span: w.span(c), Target: w.propertyExpression(c.PropertyExpression()), Value: w.expr(c.Expression())}
	case *grammar.SetVariableContext:
		return &ast.SetVariable{Span: w.span(c), Var: w.variable(c.Variable()), Value: w.expr(c.Expression())}
	case *grammar.SetAppendContext:
		return &ast.SetVariable{Span: w.span(c), Var: w.variable(c.Variable()), Value: w.expr(c.Expression()), Append: true}
	case *grammar.SetLabelsContext:
		labels, dyn := w.nodeLabels(c.NodeLabels())
		return &ast.SetLabels{Span: w.span(c), Var: w.variable(c.Variable()), Labels: labels, Dynamic: dyn}
	case *grammar.SetIsLabelContext:
		// GQL's SET n IS Label is SET n:Label.
		return &ast.SetLabels{Span: w.span(c), Var: w.variable(c.Variable()),
			Labels: []string{w.schemaName(c.LabelName().(*grammar.LabelNameContext).SchemaName())}}
	}
	w.fail(cyqerr.Compile(cyqerr.Internal, "", "unknown SET item"), w.span(ctx))
	return &ast.SetLabels{}
}

func (w *walker) removeClause(c *grammar.RemoveClauseContext) *ast.Remove {
	r := &ast.Remove{Span: w.span(c)}
	for _, it := range c.AllRemoveItem() {
		switch ic := it.(type) {
		case *grammar.RemoveLabelsContext:
			labels, dyn := w.nodeLabels(ic.NodeLabels())
			r.Items = append(r.Items, &ast.RemoveLabels{Span: w.span(ic), Var: w.variable(ic.Variable()), Labels: labels, Dynamic: dyn})
		case *grammar.RemoveIsLabelContext:
			r.Items = append(r.Items, &ast.RemoveLabels{Span: w.span(ic), Var: w.variable(ic.Variable()),
				Labels: []string{w.schemaName(ic.LabelName().(*grammar.LabelNameContext).SchemaName())}})
		case *grammar.RemovePropertyContext:
			r.Items = append(r.Items, &ast.RemoveProperty{Span: w.span(ic), Target: w.propertyExpression(ic.PropertyExpression())})
		}
	}
	return r
}

// propertyExpression is atom(.key)+ as a *ast.Property.
func (w *walker) propertyExpression(ctx grammar.IPropertyExpressionContext) *ast.Property {
	c := ctx.(*grammar.PropertyExpressionContext)
	var e ast.Expr = w.atom(c.Atom())
	var p *ast.Property
	for _, k := range c.AllPropertyKeyName() {
		p = &ast.Property{Span: spanFrom(e.NodeSpan(), w.span(k)), Expr: e, Key: w.schemaName(k.(*grammar.PropertyKeyNameContext).SchemaName())}
		e = p
	}
	return p
}

func (w *walker) nodeLabels(ctx grammar.INodeLabelsContext) (names []string, dynamic []ast.Expr) {
	c := ctx.(*grammar.NodeLabelsContext)
	for _, l := range c.AllLabelName() {
		names = append(names, w.schemaName(l.(*grammar.LabelNameContext).SchemaName()))
	}
	for _, d := range c.AllDynamicLabel() {
		dl := w.dynamicLabel(d.(*grammar.DynamicLabelContext))
		if dl.Any {
			w.fail(syntaxErr(DetailUnexpectedSyntax, "SET and REMOVE take $(expr), not $any(expr)").
				WithHint("write n:$(expr): every label it names is set or removed"), dl.Span)
		}
		dynamic = append(dynamic, dl.Expr)
	}
	return names, dynamic
}

func (w *walker) dynamicLabel(c *grammar.DynamicLabelContext) *ast.LabelDynamic {
	return &ast.LabelDynamic{Span: w.span(c), Expr: w.expr(c.Expression()), Any: c.ANY() != nil}
}

func (w *walker) callClause(c *grammar.CallClauseContext) *ast.Call {
	call := &ast.Call{Span: w.span(c), ArgsGiven: c.LPAREN() != nil}
	names := c.ProcedureName().(*grammar.ProcedureNameContext).AllSymbolicName()
	for _, n := range names[:len(names)-1] {
		call.Namespace = append(call.Namespace, w.symbolicName(n))
	}
	call.Name = w.symbolicName(names[len(names)-1])
	for _, e := range c.AllExpression() {
		call.Args = append(call.Args, w.expr(e))
	}
	call.YieldStar = c.STAR() != nil
	call.Yield = w.yieldItems(c.AllYieldItem())
	call.Where = w.whereExpr(c.Where())
	return call
}

func (w *walker) yieldItems(items []grammar.IYieldItemContext) []*ast.YieldItem {
	var out []*ast.YieldItem
	for _, y := range items {
		yc := y.(*grammar.YieldItemContext)
		it := &ast.YieldItem{Span: w.span(yc), Field: w.symbolicName(yc.SymbolicName())}
		if v := yc.Variable(); v != nil {
			it.Alias = w.variable(v)
		}
		out = append(out, it)
	}
	return out
}

// showClause reads SHOW ... [YIELD ...] [WHERE ...].
func (w *walker) showClause(c *grammar.ShowClauseContext) *ast.Show {
	s := &ast.Show{Span: w.span(c), YieldStar: c.STAR() != nil, Yield: w.yieldItems(c.AllYieldItem()), Where: w.whereExpr(c.Where())}
	if c.Order() != nil || c.Skip() != nil || c.Limit() != nil {
		s.Page = &ast.Projection{Span: s.Span, Star: true}
		w.paging(s.Page, c.Order(), c.Skip(), c.Limit())
	}
	what := c.ShowWhat()
	switch what.(type) {
	case *grammar.ShowConstraintsContext:
		s.Kind = ast.ShowConstraints
	case *grammar.ShowProceduresContext:
		s.Kind = ast.ShowProcedures
	case *grammar.ShowFunctionsContext:
		s.Kind = ast.ShowFunctions
	}
	kids := what.GetChildren()
	var words []string
	for _, k := range kids[:len(kids)-1] {
		if t, ok := k.(interface{ GetText() string }); ok {
			words = append(words, strings.ToUpper(t.GetText()))
		}
	}
	s.Filter = strings.Join(words, " ")
	if s.Kind == ast.ShowConstraints {
		f, ok := constraintFilter(words)
		if !ok {
			w.fail(syntaxErr(DetailUnexpectedSyntax, "SHOW %s CONSTRAINTS: %s is not a kind of constraint", s.Filter, s.Filter).
				WithHint("write SHOW [ALL | [NODE | RELATIONSHIP] UNIQUE | [NODE | RELATIONSHIP] KEY | [NODE | RELATIONSHIP] [PROPERTY] EXISTENCE | [NODE | RELATIONSHIP] PROPERTY TYPE] CONSTRAINTS"), s.Span)
		}
		s.Filter = f
	}
	return s
}

// constraintFilter reads the words before CONSTRAINTS into the filter the
// listing procedure takes: "", or an optional NODE / RELATIONSHIP and one
// of UNIQUENESS, KEY, EXISTENCE, PROPERTY TYPE ("RELATIONSHIP KEY").
func constraintFilter(words []string) (string, bool) {
	if len(words) == 0 || len(words) == 1 && words[0] == "ALL" {
		return "", true
	}
	entity := ""
	switch words[0] {
	case "NODE":
		entity, words = "NODE ", words[1:]
	case "REL", "RELATIONSHIP":
		entity, words = "RELATIONSHIP ", words[1:]
	}
	kind := strings.Join(words, " ")
	switch kind {
	case "UNIQUE", "UNIQUENESS", "PROPERTY UNIQUENESS":
		return entity + "UNIQUENESS", true
	case "KEY":
		return entity + "KEY", true
	case "EXISTENCE", "EXIST", "EXISTS", "PROPERTY EXISTENCE", "PROPERTY EXIST":
		return entity + "EXISTENCE", true
	case "PROPERTY TYPE":
		return entity + "PROPERTY TYPE", true
	}
	return "", false
}

func (w *walker) callSubquery(c *grammar.CallSubqueryContext) *ast.CallSubquery {
	cs := &ast.CallSubquery{Span: w.span(c), Optional: c.OPTIONAL() != nil, ScopeGiven: c.LPAREN() != nil, ScopeAll: c.STAR() != nil}
	for _, v := range c.AllVariable() {
		cs.Scope = append(cs.Scope, w.variable(v))
	}
	if !w.enter(w.span(c)) {
		return cs
	}
	cs.Body = w.query(c.Query().(*grammar.QueryContext))
	w.leave()
	if t := c.InTransactions(); t != nil {
		tc := t.(*grammar.InTransactionsContext)
		it := &ast.InTransactions{Span: w.span(tc)}
		seen := map[string]bool{}
		for _, o := range tc.AllInTransactionsOption() {
			oc := o.(*grammar.InTransactionsOptionContext)
			kind := "OF ... ROWS"
			switch {
			case oc.Expression() != nil:
				it.OfRows = w.expr(oc.Expression())
			case oc.ERROR() != nil:
				kind = "ON ERROR"
				switch {
				case oc.CONTINUE() != nil:
					it.OnError = ast.OnErrorContinue
				case oc.BREAK() != nil:
					it.OnError = ast.OnErrorBreak
				}
			default:
				kind = "REPORT STATUS"
				it.Report = w.variable(oc.Variable())
			}
			if seen[kind] {
				w.fail(syntaxErr(DetailUnexpectedSyntax, "IN TRANSACTIONS takes %s at most once", kind).
					WithHint("keep one %s", kind), w.span(oc))
			}
			seen[kind] = true
		}
		cs.InTransactions = it
	}
	return cs
}

// ------------------------------------------------------------- projection

func (w *walker) projection(c *grammar.ProjectionBodyContext) *ast.Projection {
	p := &ast.Projection{Span: w.span(c), Distinct: c.DISTINCT() != nil}
	items := c.ProjectionItems().(*grammar.ProjectionItemsContext)
	p.Star = items.STAR() != nil
	for _, it := range items.AllProjectionItem() {
		ic := it.(*grammar.ProjectionItemContext)
		e := ic.Expression()
		pi := &ast.ProjectionItem{Span: w.span(ic), Expr: w.expr(e), Text: w.span(e).Text(w.src)}
		if v := ic.Variable(); v != nil {
			pi.Alias = w.variable(v)
		}
		p.Items = append(p.Items, pi)
	}
	w.paging(p, c.Order(), c.Skip(), c.Limit())
	return p
}

// paging reads ORDER BY, SKIP and LIMIT into p.
func (w *walker) paging(p *ast.Projection, order grammar.IOrderContext, skip grammar.ISkipContext, limit grammar.ILimitContext) {
	if order != nil {
		for _, s := range order.(*grammar.OrderContext).AllSortItem() {
			sc := s.(*grammar.SortItemContext)
			p.OrderBy = append(p.OrderBy, &ast.SortItem{Span: w.span(sc), Expr: w.expr(sc.Expression()),
				Desc: sc.DESC() != nil || sc.DESCENDING() != nil})
		}
	}
	if skip != nil {
		p.Skip = w.expr(skip.(*grammar.SkipContext).Expression())
	}
	if limit != nil {
		p.Limit = w.expr(limit.(*grammar.LimitContext).Expression())
	}
}

// ------------------------------------------------------------------ names

func (w *walker) variable(ctx grammar.IVariableContext) *ast.Variable {
	c := ctx.(*grammar.VariableContext)
	return &ast.Variable{Span: w.span(c), Name: w.symbolicName(c.SymbolicName())}
}

func (w *walker) symbolicName(ctx grammar.ISymbolicNameContext) string {
	c := ctx.(*grammar.SymbolicNameContext)
	if t := c.EscapedSymbolicName(); t != nil {
		return unescapeName(t.GetText())
	}
	return c.GetText()
}

func (w *walker) schemaName(ctx grammar.ISchemaNameContext) string {
	c := ctx.(*grammar.SchemaNameContext)
	if s := c.SymbolicName(); s != nil {
		return w.symbolicName(s)
	}
	return c.GetText()
}

// unescapeName strips the backticks of `name` and turns each doubled
// backtick into one.
func unescapeName(s string) string {
	s = s[1 : len(s)-1]
	return strings.ReplaceAll(s, "``", "`")
}
