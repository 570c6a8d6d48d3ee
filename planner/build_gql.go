package planner

import (
	"strings"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// GQL / Cypher 25 clauses that are forms of clauses cyq has: LET x = e is
// WITH *, e AS x; FILTER e is WITH * WHERE e; FINISH ends a query that
// returns nothing; USE names the graph the statement runs on (the engine
// switches to it before planning, so here it only has to come first).

// letClause plans LET: one projection per item, so later items see the
// earlier ones.
func (b *builder) letClause(q *singleQuery, c *ast.Let) error {
	for _, it := range c.Items {
		if q.sc.has(it.Var.Name) {
			return b.errAt(it.Var, cyqerr.SyntaxError, "VariableAlreadyBound", "variable `%s` is already bound", it.Var.Name).
				WithHint("LET binds a new variable; choose another name")
		}
		proj := &ast.Projection{Span: it.Span, Star: hasUserVars(q.sc),
			Items: []*ast.ProjectionItem{{Span: it.Span, Expr: it.Expr, Alias: it.Var, Text: it.Var.Name}}}
		ops, nsc, _, err := b.projection(proj, q.sc, false, nil)
		if err != nil {
			return err
		}
		q.add(ops...)
		q.sc = nsc
	}
	return nil
}

// filterClause plans FILTER: a filter on the rows so far.
func (b *builder) filterClause(q *singleQuery, c *ast.FilterClause) error {
	if err := b.checkExpr(c.Where, q.sc, false); err != nil {
		return err
	}
	q.add(logical.Filter{Pred: c.Where})
	return nil
}

// useClause accepts USE as the first clause of a whole query: the engine
// has already chosen the graph it names.
func (b *builder) useClause(q *singleQuery, c *ast.Use, first bool) error {
	if !first || !q.top {
		return b.errAt(c, cyqerr.SemanticError, "Unsupported", "USE is only supported as the first clause of a query").
			WithHint("put USE graph at the start of the statement; one statement runs on one graph")
	}
	return nil
}

func hasUserVars(sc *scope) bool {
	for name := range sc.vars {
		if !strings.HasPrefix(name, " ") {
			return true
		}
	}
	return false
}

// showProcs are the listing procedures SHOW calls, by ast.ShowKind.
var showProcs = [...][2]string{ast.ShowIndexes: {"db", "indexes"}, ast.ShowConstraints: {"db", "constraints"},
	ast.ShowProcedures: {"dbms", "procedures"}, ast.ShowFunctions: {"dbms", "functions"}}

// showDefaults are the columns SHOW gives without YIELD, by ast.ShowKind
// (nil: all of them).
var showDefaults = [...][]string{
	ast.ShowIndexes: {"id", "name", "state", "populationPercent", "type", "entityType", "labelsOrTypes", "properties",
		"indexProvider", "owningConstraint", "lastRead", "readCount"},
	ast.ShowConstraints: {"id", "name", "type", "entityType", "labelsOrTypes", "properties", "ownedIndex", "propertyType"},
	ast.ShowProcedures:  nil, ast.ShowFunctions: nil,
}

// showClause plans SHOW ... as CALL of the listing procedure with the
// kind written before the noun, YIELD * unless the query yields columns.
func (b *builder) showClause(q *singleQuery, c *ast.Show) error {
	p := showProcs[c.Kind]
	where := c.Where
	if c.Page != nil {
		where = nil // filters the rows of the page
	}
	call := &ast.Call{Span: c.Span, Namespace: []string{p[0]}, Name: p[1], ArgsGiven: true,
		YieldStar: c.YieldStar || len(c.Yield) == 0, Yield: c.Yield, Where: where}
	if cols := showDefaults[c.Kind]; !c.YieldStar && len(c.Yield) == 0 && cols != nil {
		// Without YIELD, SHOW gives the default columns; YIELD * gives all.
		call.YieldStar = false
		for _, col := range cols {
			call.Yield = append(call.Yield, &ast.YieldItem{Span: c.Span, Field: col})
		}
	}
	if c.Filter != "" {
		call.Args = []ast.Expr{strLit(c.Span, c.Filter)}
	}
	if c.Page == nil {
		return b.callClause(q, call)
	}
	// SHOW ... YIELD ... ORDER BY ... SKIP ... LIMIT ... [WHERE ...] is the
	// call and a WITH * of the page; alone in the query, a RETURN * ends it.
	standalone := q.standalone
	q.standalone = false
	if err := b.callClause(q, call); err != nil {
		return err
	}
	if err := b.clause(q, &ast.With{Span: c.Span, Projection: c.Page, Where: c.Where}); err != nil {
		return err
	}
	if !standalone {
		return nil
	}
	ret := &ast.Projection{Span: c.Span, Star: len(c.Yield) == 0}
	for _, y := range c.Yield { // the columns in the order yielded
		name := y.Field
		if y.Alias != nil {
			name = y.Alias.Name
		}
		v := &ast.Variable{Span: y.Span, Name: name}
		ret.Items = append(ret.Items, &ast.ProjectionItem{Span: y.Span, Expr: v, Text: name})
	}
	return b.clause(q, &ast.Return{Span: c.Span, Projection: ret})
}

// whenGuard is the filter that lets branch i of a conditional query run:
// its condition holds and none before it did (null counts as false).
func whenGuard(q *ast.Query, i int) *ast.FilterClause {
	holds := func(e ast.Expr) ast.Expr {
		sp := e.NodeSpan()
		return &ast.FunctionCall{Span: sp, Name: "coalesce", Args: []ast.Expr{e, boolLit(sp, false)}}
	}
	var preds []ast.Expr
	for j := 0; j < i && j < len(q.When); j++ {
		preds = append(preds, &ast.Unary{Span: q.When[j].NodeSpan(), Op: ast.OpNot, Expr: holds(q.When[j])})
	}
	if i < len(q.When) {
		preds = append(preds, holds(q.When[i]))
	}
	sp := q.Parts[i].Span
	return &ast.FilterClause{Span: ast.Span{Start: sp.Start, End: sp.Start}, Where: conjunction(sp, preds)}
}
