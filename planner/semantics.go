package planner

import (
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/vm"
)

// The static semantics of the language, written down from the openCypher 9
// reference and the Cypher 5 manual as one table of rules. Each rule has a
// stable id (the tests in testdata/semantics.txt name it), the error it
// raises (type and detail, as the TCK classifies it) and the rule as the
// specification states it.
//
// Rules with a check are syntactic: checkSemantics applies them to every
// node of the statement, so a rule holds wherever it can be violated
// (the top query, CALL { } bodies, EXISTS, COUNT and COLLECT subqueries,
// FOREACH bodies). Rules without one need the binder's scope (variable
// kinds and static types); the binder raises them through ruleErr at each
// clause that can violate them, and the table still gives their code.

// rule is one rule of the static semantics.
type semRule struct {
	id     string
	typ    cyqerr.Type
	detail string
	spec   string
	// check returns the node that violates the rule at n (whose ancestors
	// are in c), a message and a hint; nil when n is fine.
	check func(c *ruleCtx, n ast.Node) (ast.Node, string, string)
	// runtime marks a rule whose violation the TCK classifies as a run
	// time error although it is certain before the query runs.
	runtime bool
}

// Rule ids of the rules the binder applies.
const (
	ruleWhereBoolean  = "where-boolean"
	ruleStarNoVars    = "star-needs-variables"
	ruleNodeKind      = "node-variable-kind"
	ruleRelKind       = "relationship-variable-kind"
	ruleVarLengthList = "var-length-variable-kind"
	ruleEntityArg     = "entity-argument-type"
	ruleProcArgType   = "procedure-argument-type"
	ruleUndefined     = "undefined-variable"
	ruleAlreadyBound  = "variable-already-bound"
	ruleRelUnique     = "relationship-once-per-pattern"
	ruleColumnNames   = "distinct-column-names"
	ruleUnionColumns  = "union-columns"
	ruleShadowOuter   = "subquery-no-shadowing"
	// Aggregation.
	ruleAggregatePosition    = "aggregate-position"
	ruleAggregateNesting     = "aggregate-nesting"
	ruleAmbiguousAggregation = "aggregate-grouping-keys"
	// The rules of created relationships are applied after the binder's
	// check that the relationship variable is new, which the TCK expects
	// to win.
	ruleCreateType      = "create-single-type"
	ruleCreateDirection = "create-direction"
	ruleCreateVarLength = "create-var-length"
)

var semRules = []semRule{
	{id: "union-mix", typ: cyqerr.SyntaxError, detail: "InvalidClauseComposition",
		spec:  "UNION and UNION ALL cannot be mixed in one query (in every query: top level, CALL { }, EXISTS, COUNT, COLLECT)",
		check: checkUnionMix},
	{id: "return-last", typ: cyqerr.SyntaxError, detail: "InvalidClauseComposition",
		spec:  "RETURN can only be the last clause of a single query, in every query and subquery",
		check: checkReturnLast},
	{id: "query-end", typ: cyqerr.SyntaxError, detail: "InvalidClauseComposition",
		spec:  "a query and a CALL { } body end with RETURN, an updating clause or a procedure call; a COLLECT subquery ends with RETURN; EXISTS and COUNT subqueries may end with any reading clause",
		check: checkQueryEnd},
	{id: "subquery-update", typ: cyqerr.SyntaxError, detail: "InvalidClauseComposition",
		spec:  "EXISTS, COUNT and COLLECT subqueries cannot update the graph (CREATE, MERGE, SET, REMOVE, DELETE, FOREACH)",
		check: checkSubqueryUpdate},
	{id: "foreach-updates", typ: cyqerr.SyntaxError, detail: "InvalidClauseComposition",
		spec:  "FOREACH contains only updating clauses",
		check: checkForeachBody},
	{id: "random-in-aggregate", typ: cyqerr.SyntaxError, detail: "NonConstantExpression",
		spec:  "random functions (rand(), randomUUID()) cannot be used inside an aggregate function",
		check: checkRandomInAggregate},
	{id: ruleCreateType, typ: cyqerr.SyntaxError, detail: "NoSingleRelationshipType",
		spec: "a relationship created by CREATE or MERGE has exactly one type"},
	{id: ruleCreateDirection, typ: cyqerr.SyntaxError, detail: "RequiresDirectedRelationship",
		spec: "a relationship created by CREATE has a direction (MERGE may leave it open)"},
	{id: ruleCreateVarLength, typ: cyqerr.SyntaxError, detail: "CreatingVarLength",
		spec: "CREATE and MERGE cannot create variable-length relationships"},
	{id: "merge-null-property", typ: cyqerr.SemanticError, detail: "MergeReadOwnWrites", runtime: true,
		spec:  "MERGE cannot match or create a node or relationship with a null property value",
		check: checkMergeNull},
	{id: "delete-expression", typ: cyqerr.SyntaxError, detail: "InvalidDelete",
		spec:  "DELETE takes expressions that name entities: variables, properties, elements, calls, parameters",
		check: checkDeleteExpression},
	{id: ruleWhereBoolean, typ: cyqerr.SyntaxError, detail: "InvalidArgumentType",
		spec: "every WHERE (of MATCH, WITH, YIELD, node and relationship patterns, subqueries) is a boolean condition"},
	{id: ruleStarNoVars, typ: cyqerr.SyntaxError, detail: "NoVariablesInScope",
		spec: "RETURN * and WITH * need at least one variable in scope"},
	{id: ruleNodeKind, typ: cyqerr.SyntaxError, detail: "VariableTypeConflict",
		spec: "a variable in a node position (MATCH, CREATE, MERGE, pattern expressions and comprehensions, subqueries) is unbound or holds a node"},
	{id: ruleRelKind, typ: cyqerr.SyntaxError, detail: "VariableTypeConflict",
		spec: "a variable in a relationship position is unbound or holds a relationship"},
	{id: ruleVarLengthList, typ: cyqerr.SyntaxError, detail: "VariableTypeConflict",
		spec: "a bound variable of a variable-length relationship holds a list of relationships"},
	{id: ruleEntityArg, typ: cyqerr.SyntaxError, detail: "InvalidArgumentType",
		spec: "a function that takes only nodes, relationships, paths or maps rejects an argument whose static type is none of them"},
	{id: ruleUndefined, typ: cyqerr.SyntaxError, detail: "UndefinedVariable",
		spec: "every variable an expression uses is in scope: bound by an earlier clause, imported into a subquery, or by an enclosing comprehension"},
	{id: ruleAlreadyBound, typ: cyqerr.SyntaxError, detail: "VariableAlreadyBound",
		spec: "a clause that introduces a variable (UNWIND, LOAD CSV, FOREACH, YIELD, CALL { } results, path variables, CREATE and MERGE of whole elements) cannot reuse a bound name"},
	{id: ruleRelUnique, typ: cyqerr.SyntaxError, detail: "RelationshipUniquenessViolation",
		spec: "a relationship variable appears at most once in the patterns of one MATCH"},
	{id: ruleColumnNames, typ: cyqerr.SyntaxError, detail: "ColumnNameConflict",
		spec: "the columns of a WITH or RETURN have distinct names"},
	{id: ruleShadowOuter, typ: cyqerr.SyntaxError, detail: "VariableShadowing",
		spec: "a WITH inside an EXISTS, COUNT or COLLECT subquery does not give a new value to a variable of the enclosing query (passing it on as itself is allowed)"},
	{id: ruleUnionColumns, typ: cyqerr.SyntaxError, detail: "DifferentColumnsInUnion",
		spec: "all parts of a UNION return the same column names, in every query and subquery"},
	{id: ruleAggregatePosition, typ: cyqerr.SyntaxError, detail: "InvalidAggregation",
		spec: "aggregate functions appear only in the items and ORDER BY of WITH and RETURN, never in WHERE, patterns, updates, UNWIND or procedure arguments"},
	{id: ruleAggregateNesting, typ: cyqerr.SyntaxError, detail: "NestedAggregation",
		spec: "an aggregate function's arguments contain no aggregate"},
	{id: ruleAmbiguousAggregation, typ: cyqerr.SyntaxError, detail: "AmbiguousAggregationExpression",
		spec: "next to an aggregate, an expression uses only grouping keys (projected items without aggregates)"},
	{id: ruleProcArgType, typ: cyqerr.SyntaxError, detail: "InvalidArgumentType",
		spec: "a procedure argument whose static type cannot be the declared parameter type is rejected before the query runs"},
}

// ruleByID returns the rule with id; the ids are constants of this file.
func ruleByID(id string) *semRule {
	for i := range semRules {
		if semRules[i].id == id {
			return &semRules[i]
		}
	}
	panic("planner: no semantic rule " + id) // a bug in cyq, never user input
}

// ruleErr is the error of rule id at n.
func (b *builder) ruleErr(id string, n ast.Node, format string, args ...any) *cyqerr.Error {
	r := ruleByID(id)
	return b.errAt(n, r.typ, r.detail, format, args...)
}

// ruleCtx is what a check sees of the tree around a node.
type ruleCtx struct {
	ancestors []ast.Node // from the statement down to the node's parent
}

// inside returns the nearest ancestor for which is returns true.
func (c *ruleCtx) inside(is func(ast.Node) bool) ast.Node {
	for i := len(c.ancestors) - 1; i >= 0; i-- {
		if is(c.ancestors[i]) {
			return c.ancestors[i]
		}
	}
	return nil
}

// checkSemantics applies the syntactic rules to every node of st and
// returns the first violation in source order.
func (b *builder) checkSemantics(st *ast.Statement) error {
	c := &ruleCtx{}
	var first *cyqerr.Error
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		for i := range semRules {
			r := &semRules[i]
			if r.check == nil {
				continue
			}
			if at, msg, hint := r.check(c, n); at != nil {
				e := b.errAt(at, r.typ, r.detail, "%s", msg)
				if r.runtime {
					e.Phase = cyqerr.Runtime
				}
				if hint != "" {
					e.WithHint("%s", hint)
				}
				if first == nil || e.Pos.Offset < first.Pos.Offset {
					first = e
				}
			}
		}
		c.ancestors = append(c.ancestors, n)
		for _, ch := range ast.Children(n) {
			walk(ch)
		}
		c.ancestors = c.ancestors[:len(c.ancestors)-1]
	}
	walk(st)
	if first != nil {
		return first
	}
	return nil
}

func checkUnionMix(_ *ruleCtx, n ast.Node) (ast.Node, string, string) {
	q, ok := n.(*ast.Query)
	if !ok {
		return nil, "", ""
	}
	for i, all := range q.All {
		if all != q.All[0] {
			return q.Parts[i+1], "UNION and UNION ALL cannot be mixed in one query", "use only UNION or only UNION ALL"
		}
	}
	return nil, "", ""
}

func checkReturnLast(_ *ruleCtx, n ast.Node) (ast.Node, string, string) {
	sq, ok := n.(*ast.SingleQuery)
	if !ok {
		return nil, "", ""
	}
	for i, cl := range sq.Clauses {
		if _, ok := cl.(*ast.Return); ok && i < len(sq.Clauses)-1 {
			return sq.Clauses[i+1], "RETURN can only be used at the end of a query", "use WITH to pass values on to the following clauses"
		}
	}
	return nil, "", ""
}

// subqueryOf returns the expression or clause whose body q is: an
// *ast.ExistsSubquery, *ast.CountSubquery, *ast.CollectSubquery,
// *ast.CallSubquery, or nil for the statement's query.
func subqueryOf(c *ruleCtx) ast.Node {
	if len(c.ancestors) == 0 {
		return nil
	}
	switch p := c.ancestors[len(c.ancestors)-1].(type) {
	case *ast.ExistsSubquery, *ast.CountSubquery, *ast.CollectSubquery, *ast.CallSubquery:
		return p
	}
	return nil
}

func checkQueryEnd(c *ruleCtx, n ast.Node) (ast.Node, string, string) {
	q, ok := n.(*ast.Query)
	if !ok {
		return nil, "", ""
	}
	owner := subqueryOf(c)
	switch owner.(type) {
	case *ast.ExistsSubquery, *ast.CountSubquery:
		return nil, "", ""
	}
	for _, sq := range q.Parts {
		if len(sq.Clauses) == 0 {
			continue
		}
		last := sq.Clauses[len(sq.Clauses)-1]
		if _, ok := last.(*ast.Return); ok {
			continue
		}
		if _, isCollect := owner.(*ast.CollectSubquery); isCollect {
			return last, "a COLLECT subquery must end with RETURN", "end it with RETURN and a single column"
		}
		switch last.(type) {
		case *ast.Call, *ast.CallSubquery, *ast.Finish, *ast.Show:
			continue
		}
		if !isWriteClause(last) {
			return last, fmt.Sprintf("a query cannot end with %s", ast.ClauseName(last)),
				"finish it with RETURN (e.g. RETURN *), or an updating clause such as CREATE, SET or DELETE"
		}
	}
	return nil, "", ""
}

func checkSubqueryUpdate(c *ruleCtx, n ast.Node) (ast.Node, string, string) {
	cl, ok := n.(ast.Clause)
	if !ok || !isWriteClause(cl) {
		return nil, "", ""
	}
	sub := c.inside(func(a ast.Node) bool {
		switch a.(type) {
		case *ast.ExistsSubquery, *ast.CountSubquery, *ast.CollectSubquery:
			return true
		}
		return false
	})
	if sub == nil {
		return nil, "", ""
	}
	kind := "an EXISTS"
	switch sub.(type) {
	case *ast.CountSubquery:
		kind = "a COUNT"
	case *ast.CollectSubquery:
		kind = "a COLLECT"
	}
	return n, fmt.Sprintf("%s subquery cannot update the graph", kind), "move the update out of the subquery, into the outer query or a CALL { } subquery"
}

func checkForeachBody(_ *ruleCtx, n ast.Node) (ast.Node, string, string) {
	f, ok := n.(*ast.Foreach)
	if !ok {
		return nil, "", ""
	}
	for _, u := range f.Updates {
		if !isWriteClause(u) {
			return u, "FOREACH may only contain updating clauses (CREATE, MERGE, SET, REMOVE, DELETE, FOREACH)", ""
		}
	}
	return nil, "", ""
}

func checkRandomInAggregate(_ *ruleCtx, n ast.Node) (ast.Node, string, string) {
	f, ok := n.(*ast.FunctionCall)
	if !ok || !isAggregate(f) {
		return nil, "", ""
	}
	var bad ast.Node
	for _, a := range f.Args {
		ast.Inspect(a, func(x ast.Node) bool {
			if g, ok := x.(*ast.FunctionCall); ok && bad == nil && len(g.Namespace) == 0 &&
				(strings.EqualFold(g.Name, "rand") || strings.EqualFold(g.Name, "randomUUID")) {
				bad = g
			}
			return bad == nil
		})
	}
	if bad == nil {
		return nil, "", ""
	}
	return bad, fmt.Sprintf("a random function cannot be used inside the aggregate %s()", f.Name), "compute the random value in a WITH first, then aggregate it"
}

// checkCreatedRel applies the rules of relationships that CREATE
// (isCreate) or MERGE create to r.
func (b *builder) checkCreatedRel(r *ast.RelPattern, isCreate bool) error {
	names, ok := r.TypeNames()
	if d, isDyn := r.Types.(*ast.LabelDynamic); isDyn && !d.Any {
		// -[:$(expr)]->: one type, computed when the relationship is made.
		names, ok = []string{"$(" + ast.FormatExpr(d.Expr) + ")"}, true
	}
	if !ok || len(names) != 1 {
		return b.ruleErr(ruleCreateType, r, "a relationship to create needs exactly one type").WithHint("write it as -[:TYPE]->")
	}
	if isCreate && (r.Direction == ast.DirNone || r.Direction == ast.DirBoth) {
		return b.ruleErr(ruleCreateDirection, r, "a relationship to create needs a direction").WithHint("use -[:%s]-> or <-[:%s]-", names[0], names[0])
	}
	if r.VarLength != nil {
		clause := map[bool]string{true: "CREATE", false: "MERGE"}[isCreate]
		return b.ruleErr(ruleCreateVarLength, r, "%s cannot create variable-length relationships", clause).WithHint("create each relationship with its own pattern")
	}
	return nil
}

func checkDeleteExpression(_ *ruleCtx, n ast.Node) (ast.Node, string, string) {
	d, ok := n.(*ast.Delete)
	if !ok {
		return nil, "", ""
	}
	for _, e := range d.Exprs {
		switch e.(type) {
		case *ast.Variable, *ast.Property, *ast.Index, *ast.FunctionCall, *ast.Parameter:
			continue
		}
		return e, "DELETE takes variables holding nodes, relationships or paths", "bind what you want to delete to a variable first"
	}
	return nil, "", ""
}

// checkWhere checks a WHERE condition: its expression, and rule
// where-boolean.
func (b *builder) checkWhere(e ast.Expr, sc *scope) error {
	if err := b.checkExpr(e, sc, false); err != nil {
		return err
	}
	return b.checkBoolean(e, sc)
}

// checkBoolean applies rule where-boolean to the condition e.
func (b *builder) checkBoolean(e ast.Expr, sc *scope) error {
	t, err := b.typeCheck(e, sc, nil)
	if err != nil {
		return err
	}
	if never(t, functions.Bool) {
		return b.ruleErr(ruleWhereBoolean, e, "WHERE needs a boolean condition, got %s", t).
			WithHint("compare the value, e.g. WHERE x IS NOT NULL, or test a pattern with EXISTS { ... }")
	}
	return nil
}

// entityOnly is what the entity-argument-type rule covers: functions whose
// every parameter takes only nodes, relationships, paths or maps.
var entityOnly = functions.Union(functions.Node, functions.Rel, functions.Path, functions.Map)

// entityArgMismatch applies rule entity-argument-type to a call of f with
// arguments of static types args: it returns the index of an argument
// that no overload can take, or -1.
func entityArgMismatch(name string, args []functions.Type) int {
	f, ok := functions.Lookup(name)
	if !ok {
		return -1
	}
	for i, t := range args {
		if !known(t) || t.Mask == functions.NullType.Mask {
			continue
		}
		fits := false
		for oi := range f.Overloads {
			o := &f.Overloads[oi]
			if !o.AcceptsArity(len(args)) {
				continue
			}
			p := o.Params[min(i, len(o.Params)-1)]
			if p.Mask&^(entityOnly.Mask|functions.NullType.Mask) != 0 || !never(t, p) {
				fits = true
			}
		}
		if !fits {
			return i
		}
	}
	return -1
}

// procParamType is the static type a procedure parameter declared as
// decl ("INTEGER?", "LIST<STRING>", ...) accepts; ok is false for ANY and
// names it does not know, which are not checked. An INTEGER argument is
// accepted for FLOAT (it is converted), a node or relationship for MAP.
func procParamType(decl string) (t functions.Type, ok bool) {
	d := strings.ToUpper(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(decl), "?")))
	if strings.HasPrefix(d, "LIST") {
		return functions.AnyList, true
	}
	switch d {
	case "INTEGER", "INT":
		return functions.Int, true
	case "FLOAT", "NUMBER":
		return functions.Number, true
	case "STRING":
		return functions.String, true
	case "BOOLEAN":
		return functions.Bool, true
	case "MAP":
		return entityOnly, true
	case "NODE":
		return functions.Node, true
	case "RELATIONSHIP":
		return functions.Rel, true
	case "PATH":
		return functions.Path, true
	case "DATE", "DATETIME", "LOCALDATETIME", "TIME", "LOCALTIME", "DURATION":
		return functions.Temporal, true
	}
	return unknown, false
}

// checkProcArgTypes applies rule procedure-argument-type to the arguments
// args of a call of proc.
func (b *builder) checkProcArgTypes(proc *vm.Procedure, args []ast.Expr, sc *scope) error {
	for i, a := range args {
		if i >= len(proc.Params) {
			break
		}
		want, ok := procParamType(proc.Params[i].Type)
		if !ok {
			continue
		}
		got, err := b.typeCheck(a, sc, nil)
		if err != nil {
			return err
		}
		if never(got, want) {
			return b.ruleErr(ruleProcArgType, a, "argument %d of procedure %s: %s must be a %s, got %s",
				i+1, proc.Name, proc.Params[i].Name, strings.ToLower(strings.TrimSuffix(proc.Params[i].Type, "?")), got).
				WithHint("the procedure is declared as %s", procSignature(proc))
		}
	}
	return nil
}

// procSignature renders proc's parameters: name(a :: TYPE, b :: TYPE).
func procSignature(proc *vm.Procedure) string {
	params := make([]string, len(proc.Params))
	for i, p := range proc.Params {
		params[i] = p.Name + " :: " + p.Type
	}
	return proc.Name + "(" + strings.Join(params, ", ") + ")"
}

func checkMergeNull(_ *ruleCtx, n ast.Node) (ast.Node, string, string) {
	m, ok := n.(*ast.Merge)
	if !ok {
		return nil, "", ""
	}
	var props []ast.Expr
	for _, nd := range m.Part.Element.Nodes {
		props = append(props, nd.Props)
	}
	for _, r := range m.Part.Element.Rels {
		props = append(props, r.Props)
	}
	for _, p := range props {
		ml, ok := p.(*ast.MapLiteral)
		if !ok {
			continue
		}
		for _, en := range ml.Entries {
			if l, ok := en.Value.(*ast.Literal); ok && l.Kind == ast.LitNull {
				return en, fmt.Sprintf("MERGE cannot use a null property value (%s)", en.Key), "leave the property out of the MERGE pattern, or SET it ON CREATE"
			}
		}
	}
	return nil, "", ""
}
