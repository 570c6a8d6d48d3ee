package parser

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// checkPatternExprs reports a pattern used as a value: a pattern
// expression such as (a)-->(b) may only stand where a boolean is expected
// (WHERE, AND/OR/XOR/NOT operands, exists(), CASE WHEN, the WHERE of a
// comprehension or quantifier), as in openCypher and Neo4j 5.
func (w *walker) checkPatternExprs(st *ast.Statement) {
	allowed := map[*ast.PatternExpr]bool{}
	mark := func(es ...ast.Expr) {
		for _, e := range es {
			if p, ok := e.(*ast.PatternExpr); ok {
				allowed[p] = true
			}
		}
	}
	ast.Inspect(st, func(n ast.Node) bool {
		if w.err != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.Match:
			mark(n.Where)
		case *ast.With:
			mark(n.Where)
		case *ast.Call:
			mark(n.Where)
		case *ast.NodePattern:
			mark(n.Where)
		case *ast.RelPattern:
			mark(n.Where)
		case *ast.ListComprehension:
			mark(n.Where)
		case *ast.Quantifier:
			mark(n.Where)
		case *ast.PatternComprehension:
			mark(n.Where)
		case *ast.ExistsSubquery:
			mark(n.Where)
		case *ast.CountSubquery:
			mark(n.Where)
		case *ast.Binary:
			if n.Op == ast.OpAnd || n.Op == ast.OpOr || n.Op == ast.OpXor {
				mark(n.Left, n.Right)
			}
		case *ast.Unary:
			if n.Op == ast.OpNot {
				mark(n.Expr)
			}
		case *ast.FunctionCall:
			if len(n.Namespace) == 0 && strings.EqualFold(n.Name, "exists") {
				mark(n.Args...)
			}
		case *ast.Case:
			if n.Subject == nil {
				for _, wh := range n.Whens {
					mark(wh.When)
				}
			}
		case *ast.PatternExpr:
			if n.Kind == ast.PathPlain && !allowed[n] {
				w.fail(syntaxErr(DetailUnexpectedSyntax, "a pattern expression can only be used to test whether the pattern exists").
					WithHint("use EXISTS { pattern } to test, COUNT { pattern } to count, or a pattern comprehension [p = pattern | p] to collect paths"),
					n.Span)
				return false
			}
		}
		return true
	})
}

// checkComposition checks the clause order of a query that must produce a
// result or update the graph: RETURN comes last, and the query ends with
// RETURN, an updating clause or a CALL. Subqueries of EXISTS and COUNT are
// exempt (they may end in MATCH).
func (w *walker) checkComposition(q *ast.Query) {
	for _, sq := range q.Parts {
		n := len(sq.Clauses)
		for i, c := range sq.Clauses {
			if _, ok := c.(*ast.Finish); ok && i < n-1 {
				w.fail(syntaxErr(DetailInvalidClauseComposition, "FINISH can only be used at the end of a query").
					WithHint("drop FINISH, or move it to the end"), sq.Clauses[i+1].NodeSpan())
				return
			}
			if _, ok := c.(*ast.Return); ok && i < n-1 {
				next := sq.Clauses[i+1]
				w.fail(syntaxErr(DetailInvalidClauseComposition, "RETURN can only be used at the end of a query").
					WithHint("use WITH to pass values on to the following clauses"), next.NodeSpan())
				return
			}
		}
		switch last := sq.Clauses[n-1].(type) {
		case *ast.Return, *ast.Create, *ast.Merge, *ast.Set, *ast.Remove, *ast.Delete, *ast.Foreach,
			*ast.Call, *ast.CallSubquery, *ast.Finish, *ast.Show:
		default:
			name := ast.ClauseName(last)
			w.fail(syntaxErr(DetailInvalidClauseComposition, "a query cannot end with %s", name).
				WithHint("finish it with RETURN (e.g. RETURN *), or an updating clause such as CREATE, SET or DELETE"),
				last.NodeSpan())
			return
		}
	}
}

// checkQueries runs the composition check on the statement's query and on
// the bodies of its CALL subqueries.
func (w *walker) checkQueries(st *ast.Statement) {
	w.checkComposition(st.Query)
	ast.Inspect(st, func(n ast.Node) bool {
		if w.err != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.CallSubquery:
			w.checkComposition(n.Body)
		case *ast.ExistsSubquery, *ast.CountSubquery:
			return false
		}
		return true
	})
}

// splitListComprehension resolves `[x IN l WHERE x:A | expr]`, which the
// grammar reads as the label disjunction x:(A|expr) when expr is a bare
// name: as in openCypher 9, the `|` after the WHERE starts the mapping. It
// returns the new WHERE and the mapping variable, or ok == false when the
// WHERE does not end in such a label predicate.
func splitListComprehension(where ast.Expr) (ast.Expr, *ast.Variable, bool) {
	// Walk the right spine of the WHERE to the label predicate it ends in.
	var spine []ast.Node
	e := where
	var lp *ast.LabelPredicate
	for lp == nil {
		spine = append(spine, e)
		switch x := e.(type) {
		case *ast.Binary:
			e = x.Right
		case *ast.Unary:
			e = x.Expr
		case *ast.Comparison:
			e = x.Operands[len(x.Operands)-1]
		case *ast.LabelPredicate:
			lp = x
		default:
			return nil, nil, false
		}
	}
	// Walk the label expression's right spine to a trailing `| name`.
	var parent ast.LabelExpr
	l := lp.Labels
	for {
		and, ok := l.(*ast.LabelAnd)
		if !ok || !and.Colon {
			break
		}
		parent, l = and, and.Items[len(and.Items)-1]
	}
	or, ok := l.(*ast.LabelOr)
	if !ok {
		return nil, nil, false
	}
	last, ok := or.Items[len(or.Items)-1].(*ast.LabelName)
	if !ok || last.End != lp.End {
		return nil, nil, false // parenthesised: x:(A|B) is a real disjunction
	}
	v := &ast.Variable{Span: last.Span, Name: last.Name}
	var rest ast.LabelExpr = or
	or.Items = or.Items[:len(or.Items)-1]
	if len(or.Items) == 1 {
		rest = or.Items[0]
	} else {
		or.End = or.Items[len(or.Items)-1].NodeSpan().End
	}
	if and, ok := parent.(*ast.LabelAnd); ok {
		and.Items[len(and.Items)-1] = rest
		and.End = rest.NodeSpan().End
	} else {
		lp.Labels = rest
	}
	newEnd := rest.NodeSpan().End
	oldEnd := lp.End
	for _, n := range spine {
		setEnd(n, oldEnd, newEnd)
	}
	return where, v, true
}

// setEnd moves the end of n's span from old to end.
func setEnd(n ast.Node, old, end int) {
	switch x := n.(type) {
	case *ast.Binary:
		if x.End == old {
			x.End = end
		}
	case *ast.Unary:
		if x.End == old {
			x.End = end
		}
	case *ast.Comparison:
		if x.End == old {
			x.End = end
		}
	case *ast.LabelPredicate:
		if x.End == old {
			x.End = end
		}
	}
}

// checkMatchOnlyForms reports the MATCH-only pattern forms (quantified
// relationships and path patterns, path selectors and modes) where a
// pattern creates or merges, and inside shortestPath().
func (w *walker) checkMatchOnlyForms(st *ast.Statement) {
	check := func(pp *ast.PatternPart, clause string) {
		if pp.Selector != nil || pp.Mode != ast.ModeDefault {
			w.fail(syntaxErr(DetailInvalidRelationshipPattern, "%s cannot take a path selector or path mode", clause).
				WithHint("path selectors and modes only apply to MATCH patterns"), pp.Span)
			return
		}
		for _, r := range pp.Element.Rels {
			if r.Quantified() {
				w.fail(syntaxErr(DetailInvalidRelationshipPattern, "%s cannot use a quantified relationship or quantified path pattern", clause).
					WithHint("write each relationship out; quantified patterns only match"), r.Span)
				return
			}
		}
	}
	ast.Inspect(st, func(n ast.Node) bool {
		if w.err != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.Create:
			for _, pp := range n.Pattern.Parts {
				check(pp, "CREATE")
			}
		case *ast.Merge:
			check(n.Part, "MERGE")
		case *ast.PatternPart:
			if n.Kind != ast.PathPlain {
				check(n, "shortestPath()")
				if w.err != nil {
					w.err.WithHint("write SHORTEST 1 (a)-[:R]->+(b) or ALL SHORTEST ... instead of shortestPath() around a quantified pattern")
				}
			}
		}
		return true
	})
}

// checkConditionalQueries refuses WHEN ... THEN conditional queries
// anywhere but at the top of the statement.
func (w *walker) checkConditionalQueries(st *ast.Statement) {
	ast.Inspect(st, func(n ast.Node) bool {
		if q, ok := n.(*ast.Query); ok && q != st.Query && q.When != nil && w.err == nil {
			w.fail(syntaxErr(DetailInvalidClauseComposition, "conditional queries (WHEN ... THEN ... ELSE) are only supported as a whole statement").
				WithHint("choose inside the subquery with WHERE or CASE, or move the WHEN branches to the top of the statement"), q.Span)
		}
		return w.err == nil
	})
}
