package planner

import (
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// defaultBatchRows is the batch size of IN TRANSACTIONS without OF n ROWS.
const defaultBatchRows = 1000

// checkInTransactions checks where a query puts CALL { } IN TRANSACTIONS:
// only in the statement's own clauses (top), not inside another subquery,
// and with no write outside it, whose effects would otherwise commit with
// whichever batch ran around them.
func (b *builder) checkInTransactions(clauses []ast.Clause, top bool) error {
	var call *ast.CallSubquery
	for _, c := range clauses {
		if cs, ok := c.(*ast.CallSubquery); ok && cs.InTransactions != nil {
			if call != nil {
				return b.errAt(cs.InTransactions, cyqerr.SemanticError, "Unsupported", "a statement may run one CALL { } IN TRANSACTIONS").
					WithHint("put both bodies in one CALL { } IN TRANSACTIONS, or run two statements")
			}
			call = cs
		}
	}
	if call == nil {
		return nil
	}
	if !top {
		return b.errAt(call.InTransactions, cyqerr.SemanticError, "Unsupported", "CALL { } IN TRANSACTIONS can only be a clause of the statement itself, not of a subquery").
			WithHint("move the CALL { } IN TRANSACTIONS out to the statement's own clauses")
	}
	for _, c := range clauses {
		if c != call && isWriteClause(c) {
			return b.errAt(c, cyqerr.SemanticError, "Unsupported", "a statement with CALL { } IN TRANSACTIONS writes only inside it in cyq").
				WithHint("move the write into the CALL { } body, which commits it batch by batch")
		}
	}
	return nil
}

// callInTransactions plans CALL { } IN TRANSACTIONS: the body as a CALL
// subquery, the batch size (a positive integer: a literal or a
// parameter), ON ERROR and REPORT STATUS.
func (b *builder) callInTransactions(q *singleQuery, c *ast.CallSubquery) error {
	it := c.InTransactions
	if c.Optional {
		return b.errAt(c, cyqerr.SemanticError, "Unsupported", "OPTIONAL CALL { } IN TRANSACTIONS is not supported").
			WithHint("drop OPTIONAL: with ON ERROR CONTINUE every input row gives a row")
	}
	if len(c.Body.Parts) > 1 {
		return b.errAt(c, cyqerr.SemanticError, "Unsupported", "a UNION inside CALL { } IN TRANSACTIONS is not supported").
			WithHint("run one CALL { } IN TRANSACTIONS per part of the UNION")
	}
	if it.Report != nil && it.OnError == ast.OnErrorFail {
		return b.errAt(it.Report, cyqerr.SyntaxError, "InvalidClauseComposition", "REPORT STATUS can only be used with ON ERROR CONTINUE or ON ERROR BREAK").
			WithHint("add ON ERROR CONTINUE before REPORT STATUS AS %s", it.Report.Name)
	}
	var rows ast.Expr = intLit(it.Span, defaultBatchRows)
	if it.OfRows != nil {
		rows = it.OfRows
		if err := b.checkExpr(rows, newScope(), false); err != nil {
			return err
		}
		if l, ok := rows.(*ast.Literal); ok && (l.Kind != ast.LitInt || l.Int < 1) {
			return b.errAt(rows, cyqerr.SyntaxError, "InvalidArgumentValue", "IN TRANSACTIONS OF n ROWS takes a positive integer").
				WithHint("write OF 1000 ROWS, or leave OF n ROWS out for batches of 1000 rows")
		}
	}
	inner := *c
	inner.InTransactions = nil
	body, err := b.callSubquery(&inner, q.sc)
	if err != nil {
		return err
	}
	op := logical.CallInTransactions{Body: body.Body, Columns: body.Columns, Rows: rows, OnError: it.OnError}
	if it.Report != nil {
		if err := b.checkUnbound(it.Report, q.sc); err != nil {
			return err
		}
		for _, col := range body.Columns {
			if col == it.Report.Name {
				return b.ruleErr(ruleAlreadyBound, it.Report, "variable `%s` is already bound", col)
			}
		}
		op.Status = it.Report.Name
		q.sc.add(op.Status, kindValue)
		q.sc.types[op.Status] = functions.Map
	}
	q.add(op)
	return nil
}
