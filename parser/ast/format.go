package ast

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Format prints a statement as Cypher text. The output parses back to a
// tree equal to st apart from spans: operators are fully parenthesised,
// names are quoted with backticks where needed, and projection items keep
// their original text (which names the column when there is no alias).
func Format(st *Statement) string {
	var p printer
	p.statement(st)
	return p.String()
}

// FormatExpr prints one expression as Cypher text.
func FormatExpr(e Expr) string {
	var p printer
	p.expr(e)
	return p.String()
}

type printer struct {
	strings.Builder
}

func (p *printer) ws(parts ...string) {
	for _, s := range parts {
		p.WriteString(s)
	}
}

func (p *printer) statement(st *Statement) {
	if st.Explain {
		p.ws("EXPLAIN ")
	}
	if st.Profile {
		p.ws("PROFILE ")
	}
	if st.Command != nil {
		p.command(st.Command)
		return
	}
	p.query(st.Query)
}

func (p *printer) query(q *Query) {
	for i, sq := range q.Parts {
		if q.When != nil {
			if i > 0 {
				p.WriteByte(' ')
			}
			if i < len(q.When) {
				p.ws("WHEN ")
				p.expr(q.When[i])
				p.ws(" THEN ")
			} else {
				p.ws("ELSE ")
			}
		} else if i > 0 {
			if q.All[i-1] {
				p.ws(" UNION ALL ")
			} else {
				p.ws(" UNION ")
			}
		}
		for j, c := range sq.Clauses {
			if j > 0 {
				p.WriteByte(' ')
			}
			p.clause(c)
		}
	}
}

func (p *printer) clause(c Clause) {
	switch c := c.(type) {
	case *Use:
		p.ws("USE ")
		p.useGraph(c.Graph)
	case *Finish:
		p.ws("FINISH")
	case *Show:
		p.ws("SHOW ")
		if c.Filter != "" {
			p.ws(c.Filter, " ")
		}
		p.ws([...]string{"INDEXES", "CONSTRAINTS", "PROCEDURES", "FUNCTIONS"}[c.Kind])
		p.yield(c.YieldStar, c.Yield)
		p.where(c.Where)
	case *Let:
		p.ws("LET ")
		for i, it := range c.Items {
			if i > 0 {
				p.ws(", ")
			}
			p.ws(Name(it.Var.Name), " = ")
			p.expr(it.Expr)
		}
	case *FilterClause:
		p.ws("FILTER ")
		p.expr(c.Where)
	case *Match:
		if c.Optional {
			p.ws("OPTIONAL ")
		}
		p.ws("MATCH ")
		p.pattern(c.Pattern)
		p.where(c.Where)
	case *With:
		p.ws("WITH ")
		p.projection(c.Projection)
		p.where(c.Where)
	case *Return:
		p.ws("RETURN ")
		p.projection(c.Projection)
	case *Unwind:
		p.ws("UNWIND ")
		p.expr(c.Expr)
		p.ws(" AS ", Name(c.Var.Name))
	case *Create:
		p.ws("CREATE ")
		p.pattern(c.Pattern)
	case *Merge:
		p.ws("MERGE ")
		p.part(c.Part)
		if len(c.OnCreate) > 0 {
			p.ws(" ON CREATE SET ")
			p.setItems(c.OnCreate)
		}
		if len(c.OnMatch) > 0 {
			p.ws(" ON MATCH SET ")
			p.setItems(c.OnMatch)
		}
	case *Set:
		p.ws("SET ")
		p.setItems(c.Items)
	case *Remove:
		p.ws("REMOVE ")
		for i, it := range c.Items {
			if i > 0 {
				p.ws(", ")
			}
			switch it := it.(type) {
			case *RemoveProperty:
				p.expr(it.Target)
			case *RemoveLabels:
				p.ws(Name(it.Var.Name))
				p.simpleLabels(it.Labels)
				p.dynamicLabels(it.Dynamic)
			}
		}
	case *Delete:
		if c.Detach {
			p.ws("DETACH ")
		}
		p.ws("DELETE ")
		p.exprs(c.Exprs)
	case *Foreach:
		p.ws("FOREACH (", Name(c.Var.Name), " IN ")
		p.expr(c.List)
		p.ws(" |")
		for _, u := range c.Updates {
			p.WriteByte(' ')
			p.clause(u)
		}
		p.ws(")")
	case *Call:
		p.ws("CALL ")
		for _, n := range c.Namespace {
			p.ws(Name(n), ".")
		}
		p.ws(Name(c.Name))
		if c.ArgsGiven {
			p.ws("(")
			p.exprs(c.Args)
			p.ws(")")
		}
		p.yield(c.YieldStar, c.Yield)
		if c.YieldStar || len(c.Yield) > 0 {
			p.where(c.Where)
		}
	case *CallSubquery:
		if c.Optional {
			p.ws("OPTIONAL ")
		}
		p.ws("CALL ")
		if c.ScopeGiven {
			p.ws("(")
			if c.ScopeAll {
				p.ws("*")
			}
			for i, v := range c.Scope {
				if i > 0 {
					p.ws(", ")
				}
				p.ws(Name(v.Name))
			}
			p.ws(") ")
		}
		p.ws("{ ")
		p.query(c.Body)
		p.ws(" }")
		if c.InTransactions != nil {
			p.ws(" IN TRANSACTIONS")
			if c.InTransactions.OfRows != nil {
				p.ws(" OF ")
				p.expr(c.InTransactions.OfRows)
				p.ws(" ROWS")
			}
			if c.InTransactions.OnError != OnErrorFail {
				p.ws(" ON ERROR " + c.InTransactions.OnError.String())
			}
			if c.InTransactions.Report != nil {
				p.ws(" REPORT STATUS AS " + Name(c.InTransactions.Report.Name))
			}
		}
	case *LoadCSV:
		p.ws("LOAD CSV ")
		if c.WithHeaders {
			p.ws("WITH HEADERS ")
		}
		p.ws("FROM ")
		p.expr(c.URL)
		p.ws(" AS ", Name(c.Var.Name))
		if c.FieldTerminator != "" {
			p.ws(" FIELDTERMINATOR ", Quote(c.FieldTerminator))
		}
	}
}

func (p *printer) useGraph(e Expr) {
	switch g := e.(type) {
	case *Variable:
		p.ws(Name(g.Name))
	case *Property:
		p.useGraph(g.Expr)
		p.ws(".", Name(g.Key))
	case *FunctionCall:
		for _, n := range g.Namespace {
			p.ws(Name(n), ".")
		}
		p.ws(Name(g.Name), "(")
		p.exprs(g.Args)
		p.ws(")")
	default:
		p.expr(e)
	}
}

func (p *printer) where(e Expr) {
	if e != nil {
		p.ws(" WHERE ")
		p.expr(e)
	}
}

func (p *printer) exprs(es []Expr) {
	for i, e := range es {
		if i > 0 {
			p.ws(", ")
		}
		p.expr(e)
	}
}

func (p *printer) setItems(items []SetItem) {
	for i, it := range items {
		if i > 0 {
			p.ws(", ")
		}
		switch it := it.(type) {
		case *SetProperty:
			p.expr(it.Target)
			p.ws(" = ")
			p.expr(it.Value)
		case *SetVariable:
			p.ws(Name(it.Var.Name))
			if it.Append {
				p.ws(" += ")
			} else {
				p.ws(" = ")
			}
			p.expr(it.Value)
		case *SetLabels:
			p.ws(Name(it.Var.Name))
			p.simpleLabels(it.Labels)
			p.dynamicLabels(it.Dynamic)
		}
	}
}

func (p *printer) simpleLabels(ls []string) {
	for _, l := range ls {
		p.ws(":", SchemaName(l))
	}
}

func (p *printer) projection(pr *Projection) {
	if pr.Distinct {
		p.ws("DISTINCT ")
	}
	n := 0
	if pr.Star {
		p.ws("*")
		n++
	}
	for _, it := range pr.Items {
		if n > 0 {
			p.ws(", ")
		}
		n++
		if it.Text != "" {
			p.ws(it.Text)
		} else {
			p.expr(it.Expr)
		}
		if it.Alias != nil {
			p.ws(" AS ", Name(it.Alias.Name))
		}
	}
	if len(pr.OrderBy) > 0 {
		p.ws(" ORDER BY ")
		for i, s := range pr.OrderBy {
			if i > 0 {
				p.ws(", ")
			}
			p.expr(s.Expr)
			if s.Desc {
				p.ws(" DESC")
			}
		}
	}
	if pr.Skip != nil {
		p.ws(" SKIP ")
		p.expr(pr.Skip)
	}
	if pr.Limit != nil {
		p.ws(" LIMIT ")
		p.expr(pr.Limit)
	}
}

// ---------------------------------------------------------------- patterns

func (p *printer) pattern(pt *Pattern) {
	for i, part := range pt.Parts {
		if i > 0 {
			p.ws(", ")
		}
		p.part(part)
	}
}

func (p *printer) part(pp *PatternPart) {
	if pp.Var != nil {
		p.ws(Name(pp.Var.Name), " = ")
	}
	p.selector(pp.Selector)
	if pp.Mode != ModeDefault {
		p.ws(pp.Mode.String(), " ")
	}
	if pp.Selector != nil && pp.Selector.Groups {
		p.ws("GROUPS ")
	}
	p.element(pp.Kind, pp.Element)
}

func (p *printer) selector(s *PathSelector) {
	if s == nil {
		return
	}
	switch s.Kind {
	case SelectAll:
		p.ws("ALL ")
	case SelectAny:
		p.ws("ANY ")
	case SelectAnyShortest:
		p.ws("ANY SHORTEST ")
	case SelectAllShortest:
		p.ws("ALL SHORTEST ")
	case SelectShortest:
		p.ws("SHORTEST ")
	}
	if s.Count != nil {
		p.ws(strconv.FormatInt(*s.Count, 10), " ")
	}
}

// quant prints a path quantifier: +, * or {m,n}.
func (p *printer) quant(q *PathQuantifier) {
	switch {
	case q.Max == nil && q.Min == 1:
		p.ws("+")
	case q.Max == nil && q.Min == 0:
		p.ws("*")
	case q.Max == nil:
		p.ws("{", strconv.FormatInt(q.Min, 10), ",}")
	default:
		p.ws("{", strconv.FormatInt(q.Min, 10), ",", strconv.FormatInt(*q.Max, 10), "}")
	}
}

func (p *printer) element(kind PathKind, el *PatternElement) {
	switch kind {
	case PathShortest:
		p.ws("shortestPath(")
	case PathAllShortest:
		p.ws("allShortestPaths(")
	}
	for i, n := range el.Nodes {
		if i > 0 {
			p.rel(el.Rels[i-1])
		}
		if !n.Implicit {
			p.node(n)
		}
	}
	if kind != PathPlain {
		p.ws(")")
	}
}

func (p *printer) node(n *NodePattern) {
	p.ws("(")
	if n.Var != nil {
		p.ws(Name(n.Var.Name))
	}
	p.labels(n.Labels)
	if n.Props != nil {
		p.ws(" ")
		p.expr(n.Props)
	}
	p.where(n.Where)
	p.ws(")")
}

func (p *printer) rel(r *RelPattern) {
	if g := r.Group; g != nil {
		p.ws(" (")
		p.element(PathPlain, g.Element)
		p.where(g.Where)
		p.ws(")")
		p.quant(g.Quant)
		p.ws(" ")
		return
	}
	defer func() {
		if r.Quant != nil {
			p.quant(r.Quant)
		}
	}()
	if r.Direction == DirLeft || r.Direction == DirBoth {
		p.ws("<")
	}
	p.ws("-")
	if r.Var != nil || r.Types != nil || r.VarLength != nil || r.Props != nil || r.Where != nil {
		p.ws("[")
		if r.Var != nil {
			p.ws(Name(r.Var.Name))
		}
		p.labels(r.Types)
		if rg := r.VarLength; rg != nil {
			p.ws("*")
			if rg.Min != nil {
				p.ws(strconv.FormatInt(*rg.Min, 10))
			}
			if rg.Dots {
				p.ws("..")
				if rg.Max != nil {
					p.ws(strconv.FormatInt(*rg.Max, 10))
				}
			}
		}
		if r.Props != nil {
			p.ws(" ")
			p.expr(r.Props)
		}
		p.where(r.Where)
		p.ws("]")
	}
	p.ws("-")
	if r.Direction == DirRight || r.Direction == DirBoth {
		p.ws(">")
	}
}

// labels prints a label expression with its leading colon.
func (p *printer) labels(l LabelExpr) {
	if l == nil {
		return
	}
	if and, ok := l.(*LabelAnd); ok && and.Colon {
		for _, it := range and.Items {
			p.ws(":")
			p.label(it, 0)
		}
		return
	}
	p.ws(":")
	p.label(l, 0)
}

// label prints l; ctx is 0 at the top (or), 1 inside a conjunction, 2
// inside a negation.
func (p *printer) label(l LabelExpr, ctx int) {
	switch l := l.(type) {
	case *LabelName:
		p.ws(SchemaName(l.Name))
	case *LabelWildcard:
		p.ws("%")
	case *LabelDynamic:
		if l.Any {
			p.ws("$any(")
		} else {
			p.ws("$(")
		}
		p.expr(l.Expr)
		p.ws(")")
	case *LabelNot:
		p.ws("!")
		p.label(l.Expr, 2)
	case *LabelOr:
		if ctx > 0 {
			p.ws("(")
		}
		for i, it := range l.Items {
			if i > 0 {
				p.ws("|")
				if l.Colon {
					p.ws(":")
				}
			}
			p.label(it, 1)
		}
		if ctx > 0 {
			p.ws(")")
		}
	case *LabelAnd:
		// A colon conjunction cannot be nested; print it as `&`, which
		// means the same. Only the top level keeps the colon form.
		if ctx > 1 {
			p.ws("(")
		}
		for i, it := range l.Items {
			if i > 0 {
				p.ws("&")
			}
			p.label(it, 2)
		}
		if ctx > 1 {
			p.ws(")")
		}
	}
}

// ------------------------------------------------------------- expressions

// level is an operator's precedence level: operators of one level chain
// left-associatively.
func level(op BinaryOp) int {
	switch op {
	case OpSub:
		return int(OpAdd)
	case OpDiv, OpMod:
		return int(OpMul)
	}
	return int(op)
}

var binaryOps = [...]string{OpOr: "OR", OpXor: "XOR", OpAnd: "AND", OpAdd: "+", OpSub: "-", OpMul: "*", OpDiv: "/", OpMod: "%", OpPow: "^"}
var compareOps = [...]string{CmpEq: "=", CmpNe: "<>", CmpLt: "<", CmpGt: ">", CmpLe: "<=", CmpGe: ">="}
var stringOps = [...]string{StrStartsWith: "STARTS WITH", StrEndsWith: "ENDS WITH", StrContains: "CONTAINS", StrRegex: "=~"}
var quantNames = [...]string{QuantAll: "all", QuantAny: "any", QuantNone: "none", QuantSingle: "single"}

// String returns the operator's Cypher spelling.
func (o BinaryOp) String() string { return enumName(binaryOps[:], int(o)) }

// String returns the operator's Cypher spelling.
func (o CompareOp) String() string { return enumName(compareOps[:], int(o)) }

// String returns the operator's Cypher spelling.
func (o StringOp) String() string { return enumName(stringOps[:], int(o)) }

// String returns the quantifier's function name.
func (k QuantifierKind) String() string { return enumName(quantNames[:], int(k)) }

// isAtom reports whether e prints as something postfix operators can follow
// without parentheses.
func isAtom(e Expr) bool {
	switch e := e.(type) {
	case *Literal:
		return e.Kind != LitInt && e.Kind != LitFloat
	case *Variable, *Parameter, *ListLiteral, *MapLiteral, *FunctionCall, *Case,
		*ListComprehension, *PatternComprehension, *Quantifier, *Reduce,
		*ExistsSubquery, *CountSubquery, *CollectSubquery, *MapProjection,
		*Property, *Index, *Slice:
		return true
	}
	return false
}

func (p *printer) atom(e Expr) {
	if isAtom(e) {
		p.expr(e)
		return
	}
	p.ws("(")
	p.expr(e)
	p.ws(")")
}

func (p *printer) expr(e Expr) {
	switch e := e.(type) {
	case *Literal:
		p.literal(e)
	case *ListLiteral:
		p.ws("[")
		p.exprs(e.Items)
		p.ws("]")
	case *MapLiteral:
		p.ws("{")
		for i, en := range e.Entries {
			if i > 0 {
				p.ws(", ")
			}
			p.ws(SchemaName(en.Key), ": ")
			p.expr(en.Value)
		}
		p.ws("}")
	case *Parameter:
		p.ws("$")
		if isDigits(e.Name) {
			p.ws(e.Name)
		} else {
			p.ws(Name(e.Name))
		}
	case *Variable:
		p.ws(Name(e.Name))
	case *Property:
		p.atom(e.Expr)
		p.ws(".", SchemaName(e.Key))
	case *Index:
		p.atom(e.Expr)
		p.ws("[")
		p.expr(e.Index)
		p.ws("]")
	case *Slice:
		p.atom(e.Expr)
		p.ws("[")
		if e.From != nil {
			p.expr(e.From)
		}
		p.ws("..")
		if e.To != nil {
			p.expr(e.To)
		}
		p.ws("]")
	case *Binary:
		// A left-deep chain of one precedence level (a OR b OR c, a + b -
		// c) prints flat, as it parses: its printed nesting stays as
		// shallow as its source's, however long the chain.
		var spine []*Binary
		for b := e; ; {
			spine = append(spine, b)
			l, ok := b.Left.(*Binary)
			if !ok || level(l.Op) != level(e.Op) {
				break
			}
			b = l
		}
		p.ws("(")
		p.expr(spine[len(spine)-1].Left)
		for i := len(spine) - 1; i >= 0; i-- {
			p.ws(" ", spine[i].Op.String(), " ")
			p.expr(spine[i].Right)
		}
		p.ws(")")
	case *Unary:
		switch e.Op {
		case OpNot:
			p.ws("(NOT ")
			p.expr(e.Expr)
			p.ws(")")
		default:
			sign := "-"
			if e.Op == OpPlus {
				sign = "+"
			}
			p.ws("(", sign)
			if lit, ok := e.Expr.(*Literal); ok && (lit.Kind == LitInt || lit.Kind == LitFloat) {
				p.ws("(")
				p.literal(lit)
				p.ws(")")
			} else {
				p.expr(e.Expr)
			}
			p.ws(")")
		}
	case *Comparison:
		p.ws("(")
		for i, o := range e.Operands {
			if i > 0 {
				p.ws(" ", e.Ops[i-1].String(), " ")
			}
			p.expr(o)
		}
		p.ws(")")
	case *TypePredicate:
		p.ws("(")
		p.expr(e.Expr)
		if e.Not {
			p.ws(" IS NOT :: ")
		} else {
			p.ws(" IS :: ")
		}
		p.valueType(e.Type)
		p.ws(")")
	case *IsNull:
		p.ws("(")
		p.expr(e.Expr)
		if e.Not {
			p.ws(" IS NOT NULL)")
		} else {
			p.ws(" IS NULL)")
		}
	case *StringMatch:
		p.ws("(")
		p.expr(e.Left)
		p.ws(" ", e.Op.String(), " ")
		p.expr(e.Right)
		p.ws(")")
	case *In:
		p.ws("(")
		p.expr(e.Expr)
		p.ws(" IN ")
		p.expr(e.List)
		p.ws(")")
	case *FunctionCall:
		for _, n := range e.Namespace {
			p.ws(Name(n), ".")
		}
		if e.Star || (len(e.Namespace) == 0 && strings.EqualFold(e.Name, "exists")) {
			p.ws(e.Name)
		} else {
			p.ws(funcName(e.Name))
		}
		p.ws("(")
		if e.Star {
			p.ws("*")
		}
		if e.Distinct {
			p.ws("DISTINCT ")
		}
		p.exprs(e.Args)
		p.ws(")")
	case *Case:
		p.ws("CASE")
		if e.Subject != nil {
			p.ws(" ")
			p.expr(e.Subject)
		}
		for _, w := range e.Whens {
			p.ws(" WHEN ")
			p.expr(w.When)
			p.ws(" THEN ")
			p.expr(w.Then)
		}
		if e.Else != nil {
			p.ws(" ELSE ")
			p.expr(e.Else)
		}
		p.ws(" END")
	case *ListComprehension:
		p.ws("[", Name(e.Var.Name), " IN ")
		p.expr(e.In)
		p.where(e.Where)
		if e.Map != nil {
			p.ws(" | ")
			p.expr(e.Map)
		}
		p.ws("]")
	case *Quantifier:
		p.ws(e.Kind.String(), "(", Name(e.Var.Name), " IN ")
		p.expr(e.In)
		p.where(e.Where)
		p.ws(")")
	case *Reduce:
		p.ws("reduce(", Name(e.Acc.Name), " = ")
		p.expr(e.Init)
		p.ws(", ", Name(e.Var.Name), " IN ")
		p.expr(e.In)
		p.ws(" | ")
		p.expr(e.Expr)
		p.ws(")")
	case *PatternExpr:
		p.element(e.Kind, e.Element)
	case *PatternComprehension:
		p.ws("[")
		if e.PathVar != nil {
			p.ws(Name(e.PathVar.Name), " = ")
		}
		p.element(PathPlain, e.Element)
		p.where(e.Where)
		p.ws(" | ")
		p.expr(e.Map)
		p.ws("]")
	case *ExistsSubquery:
		p.ws("EXISTS ")
		p.subquery(e.Pattern, e.Where, e.Query)
	case *CountSubquery:
		p.ws("COUNT ")
		p.subquery(e.Pattern, e.Where, e.Query)
	case *CollectSubquery:
		p.ws("COLLECT ")
		p.subquery(nil, nil, e.Query)
	case *MapProjection:
		p.ws(Name(e.Var.Name), "{")
		for i, it := range e.Items {
			if i > 0 {
				p.ws(", ")
			}
			switch it.Kind {
			case MapProjProperty:
				p.ws(".", SchemaName(it.Key))
			case MapProjAll:
				p.ws(".*")
			case MapProjLiteral:
				p.ws(SchemaName(it.Key), ": ")
				p.expr(it.Expr)
			case MapProjVariable:
				p.ws(Name(it.Key))
			}
		}
		p.ws("}")
	case *LabelPredicate:
		p.ws("(")
		p.atom(e.Expr)
		p.labels(e.Labels)
		p.ws(")")
	default:
		p.ws("null")
	}
}

func (p *printer) subquery(pt *Pattern, where Expr, q *Query) {
	p.ws("{ ")
	if q != nil {
		p.query(q)
	} else {
		p.pattern(pt)
		p.where(where)
	}
	p.ws(" }")
}

func (p *printer) literal(l *Literal) {
	switch l.Kind {
	case LitNull:
		p.ws("null")
	case LitBool:
		p.ws(strconv.FormatBool(l.Bool))
	case LitInt:
		p.ws(strconv.FormatInt(l.Int, 10))
	case LitFloat:
		p.ws(FormatFloat(l.Float))
	case LitString:
		p.ws(Quote(l.Str))
	}
}

// FormatFloat prints f so that it reads back as the same float literal.
func FormatFloat(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "(1.0 / 0.0)"
	case math.IsInf(f, -1):
		return "(-1.0 / 0.0)"
	case math.IsNaN(f):
		return "(0.0 / 0.0)"
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}

// Quote returns s as a single-quoted Cypher string literal.
func Quote(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for _, r := range s {
		switch r {
		case '\'':
			b.WriteString(`\'`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case utf8.RuneError:
			b.WriteString(`\uFFFD`)
		default:
			if r < 0x20 || r == 0x7f {
				b.WriteString(`\u`)
				h := strconv.FormatInt(int64(r), 16)
				b.WriteString(strings.Repeat("0", 4-len(h)))
				b.WriteString(h)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('\'')
	return b.String()
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isSimpleName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (i > 0 && c >= '0' && c <= '9') {
			continue
		}
		return false
	}
	return true
}

// Name returns a variable, function or procedure name as Cypher text,
// quoted with backticks when it is not a plain identifier or is a keyword.
func Name(s string) string {
	if isSimpleName(s) && !keywords[strings.ToUpper(s)] {
		return s
	}
	return backtick(s)
}

// SchemaName returns a label, relationship type or property key as Cypher
// text; keywords need no quoting there.
func SchemaName(s string) string {
	if isSimpleName(s) {
		return s
	}
	return backtick(s)
}

// funcName is Name for function names, which may also be the words
// openCypher does not reserve (count, any, range, ...).
func funcName(s string) string {
	if isSimpleName(s) && (!keywords[strings.ToUpper(s)] || softKeywords[strings.ToUpper(s)]) {
		return s
	}
	return backtick(s)
}

// softKeywords mirror the grammar's softKeyword rule.
var softKeywords = map[string]bool{}

func backtick(s string) string {
	return "`" + strings.ReplaceAll(s, "`", "``") + "`"
}

// keywords are the words the lexer treats as keywords; as variable names
// they are printed quoted.
var keywords = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`ALL ALLSHORTESTPATHS AND ANY ADD AS ASC ASCENDING ASSERT BY CALL CASE
		COLLECT CONSTRAINT CONTAINS COUNT CREATE CSV DELETE DESC DESCENDING DETACH DISTINCT DO DROP EACH
		ELSE END ENDS EXISTS EXPLAIN EXTRACT FALSE FIELDTERMINATOR FILTER FOR FOREACH FROM FULLTEXT
		HEADERS IF IN INDEX IS KEY LIMIT LOAD LOOKUP MANDATORY MATCH MERGE NODE NONE NOT NULL OF OFFSET
		ON OPTIONAL OPTIONS OR ORDER POINT PROFILE RANGE REDUCE REL RELATIONSHIP REMOVE REQUIRE RETURN
		ROW ROWS SCALAR SET SHORTESTPATH SINGLE SKIP STARTS TEXT THEN TRANSACTIONS TRUE TYPED UNION
		UNIQUE UNWIND USE VECTOR WHEN WHERE WITH XOR YIELD`) {
		keywords[k] = true
	}
	for _, k := range strings.Fields(`COUNT ANY NONE SINGLE FILTER EXTRACT REDUCE COLLECT EXPLAIN PROFILE
		CSV HEADERS FIELDTERMINATOR INDEX FULLTEXT VECTOR TEXT POINT RANGE LOOKUP EACH OPTIONS IF KEY
		NODE RELATIONSHIP REL ROWS ROW TRANSACTIONS TYPED ASSERT OFFSET SHORTESTPATH ALLSHORTESTPATHS
		USE LOAD YIELD CALL FOREACH FROM`) {
		softKeywords[k] = true
	}
}

// ------------------------------------------------------------------ schema

var indexKinds = [...]string{IndexRange: "", IndexText: "TEXT ", IndexPoint: "POINT ", IndexLookup: "LOOKUP ", IndexFulltext: "FULLTEXT ", IndexVector: "VECTOR "}

func (p *printer) command(c SchemaCommand) {
	switch c := c.(type) {
	case *CreateIndex:
		if c.Legacy {
			p.ws("CREATE INDEX ON :", SchemaName(first(c.Labels)), "(")
			p.keys(c.Props)
			p.ws(")")
			return
		}
		p.ws("CREATE ", indexKinds[c.Kind], "INDEX ")
		if c.Name != "" {
			p.ws(Name(c.Name), " ")
		}
		if c.IfNotExists {
			p.ws("IF NOT EXISTS ")
		}
		p.ws("FOR ")
		p.schemaPattern(c.Var, c.Labels, c.Rel)
		p.ws(" ON ")
		switch {
		case c.Function != "":
			p.ws("EACH ", Name(c.Function), "(", Name(c.Var.Name), ")")
		case c.Each:
			p.ws("EACH [")
			p.props(c.Var, c.Props)
			p.ws("]")
		default:
			p.ws("(")
			p.props(c.Var, c.Props)
			p.ws(")")
		}
		p.options(c.Options)
	case *DropIndex:
		if c.Legacy {
			p.ws("DROP INDEX ON :", SchemaName(first(c.Labels)), "(")
			p.keys(c.Props)
			p.ws(")")
			return
		}
		p.ws("DROP INDEX ", Name(c.Name))
		if c.IfExists {
			p.ws(" IF EXISTS")
		}
	case *CreateConstraint:
		p.ws("CREATE CONSTRAINT ")
		if c.Name != "" {
			p.ws(Name(c.Name), " ")
		}
		if c.IfNotExists {
			p.ws("IF NOT EXISTS ")
		}
		if c.Legacy {
			p.ws("ON ")
		} else {
			p.ws("FOR ")
		}
		var labels []string
		if c.Label != "" {
			labels = []string{c.Label}
		}
		p.schemaPattern(c.Var, labels, c.Rel)
		if c.Legacy {
			p.ws(" ASSERT ")
		} else {
			p.ws(" REQUIRE ")
		}
		if len(c.Props) == 1 {
			p.props(c.Var, c.Props)
		} else {
			p.ws("(")
			p.props(c.Var, c.Props)
			p.ws(")")
		}
		switch c.Kind {
		case ConstraintUnique:
			p.ws(" IS UNIQUE")
		case ConstraintNodeKey:
			if c.Rel {
				p.ws(" IS RELATIONSHIP KEY")
			} else {
				p.ws(" IS NODE KEY")
			}
		case ConstraintNotNull:
			p.ws(" IS NOT NULL")
		case ConstraintPropertyType:
			p.ws(" IS :: ", c.PropType)
		}
		p.options(c.Options)
	case *DropConstraint:
		p.ws("DROP CONSTRAINT ", Name(c.Name))
		if c.IfExists {
			p.ws(" IF EXISTS")
		}
	}
}

func first(xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return xs[0]
}

func (p *printer) keys(ks []string) {
	for i, k := range ks {
		if i > 0 {
			p.ws(", ")
		}
		p.ws(SchemaName(k))
	}
}

func (p *printer) props(v *Variable, ks []string) {
	name := ""
	if v != nil {
		name = Name(v.Name)
	}
	for i, k := range ks {
		if i > 0 {
			p.ws(", ")
		}
		p.ws(name, ".", SchemaName(k))
	}
}

func (p *printer) schemaPattern(v *Variable, labels []string, rel bool) {
	name := ""
	if v != nil {
		name = Name(v.Name)
	}
	if rel {
		p.ws("()-[", name)
	} else {
		p.ws("(", name)
	}
	for i, l := range labels {
		if i == 0 {
			p.ws(":")
		} else {
			p.ws("|")
		}
		p.ws(SchemaName(l))
	}
	if rel {
		p.ws("]-()")
	} else {
		p.ws(")")
	}
}

func (p *printer) options(o Expr) {
	if o != nil {
		p.ws(" OPTIONS ")
		p.expr(o)
	}
}

// valueType prints a type of a type predicate in canonical form.
func (p *printer) valueType(t *ValueType) {
	p.ws(t.Name)
	switch {
	case t.Elem != nil:
		p.ws("<")
		p.valueType(t.Elem)
		p.ws(">")
	case len(t.Alts) > 0:
		p.ws("<")
		for i, a := range t.Alts {
			if i > 0 {
				p.ws(" | ")
			}
			p.valueType(a)
		}
		p.ws(">")
	}
	if t.NotNull {
		p.ws(" NOT NULL")
	}
}

func (p *printer) dynamicLabels(es []Expr) {
	for _, e := range es {
		p.ws(":$(")
		p.expr(e)
		p.ws(")")
	}
}

func (p *printer) yield(star bool, items []*YieldItem) {
	if star {
		p.ws(" YIELD *")
		return
	}
	if len(items) == 0 {
		return
	}
	p.ws(" YIELD ")
	for i, y := range items {
		if i > 0 {
			p.ws(", ")
		}
		p.ws(Name(y.Field))
		if y.Alias != nil {
			p.ws(" AS ", Name(y.Alias.Name))
		}
	}
}
