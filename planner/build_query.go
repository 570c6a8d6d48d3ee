package planner

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// builder binds an AST statement's names and lowers it into a logical plan.
type builder struct {
	// posReads are the paths whose elements the statement reads by
	// position (see fixedHops).
	posReads map[string]bool
	// nodePos: where a value read as a node is reported when it is not
	// one (see valueNodePositions).
	nodePos map[string]int32
	// bodyNodes are the node variables a subquery body being rewritten
	// imports from the row it runs for (see bodyRules).
	bodyNodes map[string]bool
	// rowScope: the variables of the row a pattern tested per row is
	// planned for, bound before its pipeline (see correlatedSemiJoins).
	rowScope *scope
	src      string
	stats    Stats
	procs    ProcedureLookup
	anon     int
	aggRefs  map[*ast.FunctionCall]string
	// built: expressions the planner itself built that cannot fail (see
	// cannotFail).
	built map[ast.Expr]bool
	// aliasErr is the NoExpressionAlias error projectionItems found in
	// the projection being planned (see projection).
	aliasErr *cyqerr.Error
	writes   bool
	// projectedVars: variables the current aggregating projection's items use.
	projectedVars map[string]bool
	startLast     bool            // see Options.StartLast
	anchors       map[string]bool // nodes scanAnchor bound up front (see hoistAnchors)
	stmt          *Statement      // see Options.Statement
	seed          string          // the node variable W may bind (see seedVar)
	// assumes: the exact counts of the current data a rule relied on
	// (see Compiled.Assumes).
	assumes []PatternCount
	// inlineProps: the conjuncts of node patterns' inline property maps,
	// by (copied) node pattern (see patternPredicates).
	inlineProps map[*ast.NodePattern][]ast.Expr
	// rowModeOnly: see Options.RowModeOnly; predicates are then only
	// normalised, not moved (differential tests compare both).
	rowModeOnly bool
	// listLens: the estimated lengths of the lists the clauses before
	// the MATCH being planned collected (a start from the nodes of one
	// is priced with them).
	listLens lists
	// outer: how the variables bound outside the pipeline being costed
	// were bound (see semiJoinFor), nil at the top level.
	outer *selectivity
	// choices: the clause-order choice points met and the alternatives
	// forced at them (see orderChoices); nil chooses by start alone.
	choices *orderChoices
	// params: the parameters' values the cost model reads (see
	// planValue), nil when none are known.
	params *paramRecorder
	// noKeys: the statement may write, so it trusts no key (see
	// unique_keys.go).
	noKeys bool
	// volatile: the statement calls a function whose value its
	// arguments do not decide (see hoist_subqueries.go).
	volatile bool
	// joinOuter: while a pattern tested or counted per row is planned,
	// the row's node and relationship variables (see valueJoins); nil
	// elsewhere.
	joinOuter map[string]bool
	// bodyRels: while a pattern tested or counted per row is planned,
	// the row's relationship variables (see outer_rel_degree.go); nil
	// elsewhere.
	bodyRels map[string]bool
	// bodyRows: while a pattern tested or counted per row is planned,
	// the estimated number of rows that reach it (see outerRows); the
	// build of a value join or key count inside it runs once for all
	// of them.
	bodyRows float64
	// labels: the label names the statement names (see
	// impliedIndexLabel).
	labels []string
	// constEntities are the node and relationship variables of the MATCH
	// whose WHERE runConstants is naming in (see constChain).
	constEntities map[string]bool
}

// fresh returns a new internal variable name.
func (b *builder) fresh(prefix string) string {
	b.anon++
	return fmt.Sprintf(" %s%d", prefix, b.anon)
}

// errAt is a compile error pointing at n in the source.
func (b *builder) errAt(n ast.Node, t cyqerr.Type, detail, format string, args ...any) *cyqerr.Error {
	e := cyqerr.Compile(t, detail, format, args...)
	if n != nil {
		sp := n.NodeSpan()
		e.At(b.src, sp.Start)
		e.EndOff = sp.End
	}
	return e
}

// buildQuery plans a query: one pipeline per UNION branch.
func (b *builder) buildQuery(q *ast.Query) (*logical.Plan, error) {
	plan := &logical.Plan{UnionAll: q.All}
	for i, part := range q.Parts {
		clauses := part.Clauses
		if q.When != nil {
			clauses = append([]ast.Clause{whenGuard(q, i)}, clauses...)
		}
		pl, cols, err := b.buildSingle(clauses, newScope(), true)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			plan.Columns = cols
		} else if strings.Join(cols, "\x00") != strings.Join(plan.Columns, "\x00") {
			return nil, b.ruleErr(ruleUnionColumns, part, "all queries in a UNION must return the same column names").WithHint("alias the columns so that every part returns %s", strings.Join(plan.Columns, ", "))
		}
		plan.Pipelines = append(plan.Pipelines, pl)
	}
	plan.Writes = b.writes
	return plan, nil
}

func isWriteClause(c ast.Clause) bool {
	switch c := c.(type) {
	case *ast.Create, *ast.Merge, *ast.Set, *ast.Remove, *ast.Delete, *ast.Foreach:
		return true
	case *ast.CallSubquery:
		for _, part := range c.Body.Parts {
			for _, inner := range part.Clauses {
				if isWriteClause(inner) {
					return true
				}
			}
		}
	}
	return false
}

// singleQuery is the state of planning the clauses of one single query.
type singleQuery struct {
	pl      *logical.Pipeline
	sc      *scope   // the variables in scope after the clauses so far
	columns []string // the result columns, once RETURN (or a standalone CALL) set them
	top     bool     // a whole query, not a subquery or FOREACH body
	// standalone: the query is a single CALL clause.
	standalone bool
	// readSinceEager and wroteSinceEager track where an Eager must
	// separate reads from the writes after them, and writes from the
	// reads after them.
	readSinceEager, wroteSinceEager bool
}

func (q *singleQuery) add(ops ...logical.Op) { q.pl.Ops = append(q.pl.Ops, ops...) }

// buildSingle plans the clauses of one single query.
func (b *builder) buildSingle(clauses []ast.Clause, sc *scope, top bool) (*logical.Pipeline, []string, error) {
	clauses = inlineLeadingCalls(clauses, sc)
	q := &singleQuery{pl: &logical.Pipeline{Ops: []logical.Op{logical.Start{}}}, sc: sc, top: top, standalone: top && len(clauses) == 1}
	if err := b.checkInTransactions(clauses, top); err != nil {
		return nil, nil, err
	}
	ordered := slices.Clone(b.orderMatches(b.singletonIns(b.unwindsAsIn(b.runConstants(clauses), sc, top)), sc))
	if !b.rowModeOnly {
		ordered = b.distinctCountSets(countCollected(carriedLists(b.collectedLists(b.uncollect(b.collectedMembership(collectedSeeds(countedAll(unwoundComprehensions(ordered, sc), sc)), sc), sc), sc), sc)), sc)
	}
	if join, n, ok := b.countJoin(ordered, sc); ok {
		ordered = append(join, ordered[n:]...)
	} else if counted, n, ok := b.keyedCounts(ordered, sc); ok {
		ordered = append(counted, ordered[n:]...)
	}
	for i := 0; i < len(ordered); i++ {
		c := ordered[i]
		b.separateReadsAndWrites(q, c)
		// Plans in written order (differential tests) keep the OPTIONAL MATCH.
		if m, ok := c.(*ast.Match); ok && i+1 < len(ordered) && !b.startLast && !b.rowModeOnly {
			if filter, pre, with, ok := optionalAntiJoin(m, ordered[i+1], q.sc); ok {
				q.readSinceEager = true
				if err := b.filterClause(q, &ast.FilterClause{Span: m.Span, Where: filter}); err != nil {
					return nil, nil, err
				}
				ordered[i+1] = with
				if pre != nil {
					ordered = slices.Insert(ordered, i+1, ast.Clause(pre))
				}
				continue
			}
			if before, next, n, ok := b.optionalFans(ordered, i, q.sc); ok {
				q.readSinceEager = true
				for _, c := range before {
					if err := b.clause(q, c); err != nil {
						return nil, nil, err
					}
				}
				ordered[i+n] = next
				i += n - 1
				continue
			}
			if mark, next, ok := b.optionalMark(ordered, i, q.sc); ok {
				q.readSinceEager = true
				if err := b.clause(q, mark); err != nil {
					return nil, nil, err
				}
				ordered[i+1] = next
				continue
			}
			if per, next, ok := b.optionalExtremes(m, ordered[i+1], q.sc); ok {
				q.readSinceEager = true
				if err := b.clause(q, per); err != nil {
					return nil, nil, err
				}
				ordered[i+1] = next
				continue
			}
			if count, next, ok := b.optionalCount(m, ordered[i+1], q.sc); ok {
				q.readSinceEager = true
				if err := b.clause(q, count); err != nil {
					return nil, nil, err
				}
				ordered[i+1] = next
				continue
			}
		}
		if cs, ok := c.(*ast.CallSubquery); ok && i+1 < len(ordered) {
			if filter, ok := b.callExistence(cs, ordered[i+1], ordered, q.sc); ok {
				if err := b.filterClause(q, filter); err != nil {
					return nil, nil, err
				}
			}
		}
		if w, ok := c.(*ast.With); ok {
			var next ast.Clause
			if i+1 < len(ordered) {
				next = ordered[i+1]
			}
			if filter, ok := b.listExistence(w, next, ordered, q.sc); ok {
				if err := b.filterClause(q, filter); err != nil {
					return nil, nil, err
				}
			}
		}
		if err := b.clause(q, c); err != nil {
			return nil, nil, err
		}
	}
	return q.pl, q.columns, nil
}

// separateReadsAndWrites adds an Eager before c when c writes after
// reads, or reads after writes, of the same query.
func (b *builder) separateReadsAndWrites(q *singleQuery, c ast.Clause) {
	if isWriteClause(c) {
		if _, merge := c.(*ast.Merge); merge && q.wroteSinceEager {
			// MERGE reads too: it must see every earlier write of the
			// statement, for all rows (a node deleted by an earlier
			// clause cannot be matched).
			q.add(logical.Eager{})
			q.readSinceEager, q.wroteSinceEager = false, false
		}
		if q.readSinceEager && !q.wroteSinceEager {
			q.add(logical.Eager{})
			q.readSinceEager = false
		}
		q.wroteSinceEager = true
		b.writes = true
		return
	}
	if q.wroteSinceEager {
		switch c.(type) {
		case *ast.Match, *ast.Call, *ast.CallSubquery:
			q.add(logical.Eager{})
			q.wroteSinceEager = false
		}
	}
}

// clause plans one clause.
func (b *builder) clause(q *singleQuery, c ast.Clause) error {
	switch c := c.(type) {
	case *ast.Match:
		return b.matchClause(q, c)
	case *ast.With:
		ops, nsc, _, err := b.projection(c.Projection, q.sc, false, c.Where)
		if err != nil {
			return err
		}
		q.add(ops...)
		q.sc = nsc
		return nil
	case *ast.Return:
		return b.returnClause(q, c)
	case *ast.Unwind:
		return b.unwindClause(q, c)
	case *ast.Create:
		return b.createClause(q, c)
	case *ast.Merge:
		return b.mergeClause(q, c)
	case *ast.Set:
		return b.setClause(q, c)
	case *ast.Remove:
		return b.removeClause(q, c)
	case *ast.Delete:
		return b.deleteClause(q, c)
	case *ast.Call:
		return b.callClause(q, c)
	case *ast.LoadCSV:
		return b.loadCSVClause(q, c)
	case *ast.CallSubquery:
		if c.InTransactions != nil {
			return b.callInTransactions(q, c)
		}
		// A correlated body planned as clauses in place: a count as COUNT
		// { }, a UNION of one row per outer row as EXISTS tests, a body
		// that works row by row as its clauses. Plans in written order
		// (differential tests) keep the CALL.
		if !b.startLast && !b.rowModeOnly {
			rows := func(c *ast.CallSubquery, sc *scope) ([]ast.Clause, bool) { return rowCall(c, sc, q.pl.Ops) }
			for _, rule := range []func(*ast.CallSubquery, *scope) ([]ast.Clause, bool){countCall, b.extremeCall, unionExistsCall, rows} {
				cs, ok := rule(c, q.sc)
				if !ok {
					continue
				}
				for _, cl := range cs {
					if err := b.clause(q, cl); err != nil {
						return err
					}
				}
				return nil
			}
		}
		op, err := b.callSubquery(c, q.sc)
		if err != nil {
			return err
		}
		q.add(op)
		return nil
	case *ast.Foreach:
		return b.foreachClause(q, c)
	case *ast.Let:
		return b.letClause(q, c)
	case *ast.FilterClause:
		return b.filterClause(q, c)
	case *ast.Finish:
		return nil
	case *ast.Show:
		return b.showClause(q, c)
	case *ast.Use:
		return b.useClause(q, c, len(q.pl.Ops) == 1)
	}
	return b.errAt(c, cyqerr.SemanticError, "Unsupported", "this clause is not supported yet")
}

// matchClause plans MATCH and OPTIONAL MATCH.
func (b *builder) matchClause(q *singleQuery, c *ast.Match) error {
	q.readSinceEager = true
	// The start of each chain is priced with what the clauses before
	// bound: a variable an UNWIND of a known list binds keys a seek of
	// those values (a hub's degree), as a literal would.
	saved, savedLens := b.outer, b.listLens
	b.outer = b.bindings(q.pl.Ops)
	b.listLens = b.listLengths(q.pl)
	ops, newVars, err := b.matchOps(c.Pattern, b.kindWhere(c.Pattern, c.Where, q.sc, q.pl.Ops), q.sc)
	b.outer, b.listLens = saved, savedLens
	if err != nil {
		return err
	}
	if c.Optional {
		q.add(logical.Optional{Inner: ops, NewVars: newVars})
	} else {
		q.pl.Ops, ops = b.hoistAnchors(q.pl.Ops, ops)
		q.add(ops...)
	}
	return nil
}

// returnClause plans RETURN, which must end the query.
func (b *builder) returnClause(q *singleQuery, c *ast.Return) error {
	ops, nsc, cols, err := b.projection(c.Projection, q.sc, true, nil)
	if err != nil {
		return err
	}
	q.add(ops...)
	q.sc = nsc
	q.columns = cols
	q.add(logical.Emit{Columns: cols})
	return nil
}

// unwindClause plans UNWIND list AS var.
func (b *builder) unwindClause(q *singleQuery, c *ast.Unwind) error {
	if err := b.checkExpr(c.Expr, q.sc, false); err != nil {
		return err
	}
	if err := b.checkUnbound(c.Var, q.sc); err != nil {
		return err
	}
	q.add(logical.Unwind{Expr: c.Expr, Var: c.Var.Name})
	q.sc.add(c.Var.Name, kindValue)
	if t, err := b.typeCheck(c.Expr, q.sc, nil); err == nil {
		q.sc.types[c.Var.Name] = elemOf(t)
	}
	return nil
}

// callClause plans CALL proc(...) [YIELD ...] [WHERE ...].
func (b *builder) callClause(q *singleQuery, c *ast.Call) error {
	op, err := b.procCall(c, q.sc, q.standalone)
	if err != nil {
		return err
	}
	q.add(op)
	if c.Where != nil {
		q.add(logical.Filter{Pred: c.Where})
	}
	if op.Writes {
		b.writes = true
	}
	if q.standalone && len(op.Yield) > 0 {
		q.columns = op.Vars
		q.add(logical.Emit{Columns: op.Vars})
	}
	return nil
}

// loadCSVClause plans LOAD CSV FROM url AS var.
func (b *builder) loadCSVClause(q *singleQuery, c *ast.LoadCSV) error {
	if err := b.checkExpr(c.URL, q.sc, false); err != nil {
		return err
	}
	if err := b.checkUnbound(c.Var, q.sc); err != nil {
		return err
	}
	if len([]rune(c.FieldTerminator)) > 1 {
		return b.errAt(c, cyqerr.SyntaxError, "InvalidArgumentValue", "FIELDTERMINATOR must be a single character")
	}
	// Reading files is a privilege: LOAD CSV makes the query a
	// write-class query, refused in read-only sessions.
	b.writes = true
	q.readSinceEager = true
	q.add(logical.LoadCSV{URL: c.URL, Var: c.Var.Name, WithHeaders: c.WithHeaders, FieldTerminator: c.FieldTerminator})
	q.sc.add(c.Var.Name, kindValue)
	return nil
}
