package planner

import (
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// procCall plans CALL proc(args) [YIELD ...].
func (b *builder) procCall(c *ast.Call, sc *scope, standalone bool) (logical.ProcCall, error) {
	name := strings.ToLower(strings.Join(append(append([]string(nil), c.Namespace...), c.Name), "."))
	var op logical.ProcCall
	proc, ok := b.procs(name)
	if !ok {
		return op, b.errAt(c, cyqerr.ProcedureError, "ProcedureNotFound", "there is no procedure named %s", name).WithHint("CALL dbms.procedures() is not available; see the cypher/syntax reference for the built-in procedures")
	}
	op.Proc = name
	op.Writes = !proc.ReadOnly
	if err := b.procArgs(c, proc, sc, standalone, &op); err != nil {
		return op, err
	}
	if err := b.procYield(c, proc, sc, standalone, &op); err != nil {
		return op, err
	}
	for _, v := range op.Vars {
		sc.add(v, kindValue)
	}
	if c.Where != nil {
		if err := b.checkWhere(c.Where, sc); err != nil {
			return op, err
		}
	}
	return op, nil
}

// procArgs checks the arguments of a procedure call and sets op.Args;
// a standalone call without parentheses takes them from the parameters
// named like the procedure's.
func (b *builder) procArgs(c *ast.Call, proc *vm.Procedure, sc *scope, standalone bool, op *logical.ProcCall) error {
	required := 0
	for _, p := range proc.Params {
		if !p.Optional {
			required++
		}
	}
	if !c.ArgsGiven {
		if !standalone && len(proc.Params) > 0 {
			return b.errAt(c, cyqerr.SyntaxError, "InvalidArgumentPassingMode", "procedure %s needs arguments in parentheses when it is part of a larger query", op.Proc)
		}
		for _, p := range proc.Params {
			if !p.Optional {
				op.Args = append(op.Args, &ast.Parameter{Span: c.Span, Name: p.Name})
			}
		}
		return nil
	}
	if len(c.Args) < required || len(c.Args) > len(proc.Params) {
		want := fmt.Sprint(len(proc.Params))
		if required < len(proc.Params) {
			want = fmt.Sprintf("%d to %d", required, len(proc.Params))
		}
		return b.errAt(c, cyqerr.SyntaxError, "InvalidNumberOfArguments", "procedure %s takes %s arguments, got %d", op.Proc, want, len(c.Args))
	}
	for _, a := range c.Args {
		if containsAggregate(a) {
			return b.ruleErr(ruleAggregatePosition, a, "procedure arguments cannot aggregate")
		}
		if err := b.checkExpr(a, sc, false); err != nil {
			return err
		}
	}
	if err := b.checkProcArgTypes(proc, c.Args, sc); err != nil {
		return err
	}
	op.Args = c.Args
	return nil
}

// procYield sets the output fields a procedure call binds (op.Yield) and
// the variables they bind (op.Vars): every field with YIELD * or a
// standalone call without YIELD, else those YIELD names.
func (b *builder) procYield(c *ast.Call, proc *vm.Procedure, sc *scope, standalone bool, op *logical.ProcCall) error {
	switch {
	case c.YieldStar || (c.Yield == nil && standalone):
		for _, o := range proc.Outputs {
			op.Yield = append(op.Yield, o.Name)
			op.Vars = append(op.Vars, o.Name)
		}
		if op.Yield == nil {
			op.Yield = []string{}
		}
		return nil
	case c.Yield == nil:
		if len(proc.Outputs) > 0 {
			return b.ruleErr(ruleUndefined, c, "procedure %s returns results: name the fields with YIELD", op.Proc)
		}
		return nil
	}
	for _, y := range c.Yield {
		found := false
		for _, o := range proc.Outputs {
			if o.Name == y.Field {
				found = true
			}
		}
		if !found {
			return b.ruleErr(ruleUndefined, y, "procedure %s has no output named %s", op.Proc, y.Field)
		}
		v := y.Field
		if y.Alias != nil {
			v = y.Alias.Name
		}
		dup := false
		for _, w := range op.Vars {
			dup = dup || w == v
		}
		if sc.has(v) || dup {
			return b.ruleErr(ruleAlreadyBound, y, "variable `%s` is already bound", v)
		}
		op.Yield = append(op.Yield, y.Field)
		op.Vars = append(op.Vars, v)
	}
	return nil
}

// callSubquery plans CALL { ... }. The body sees the variables it imports:
// those listed in CALL (a, b) { }, or, with an importing WITH as its first
// clause, the outer variables that WITH names; an uncorrelated body sees
// none.
func (b *builder) callSubquery(c *ast.CallSubquery, sc *scope) (logical.CallSubquery, error) {
	var op logical.CallSubquery
	if c.Optional {
		return op, b.errAt(c, cyqerr.SemanticError, "Unsupported", "OPTIONAL CALL { } is not supported yet")
	}
	if c.ScopeGiven && !c.ScopeAll {
		for _, v := range c.Scope {
			if !sc.has(v.Name) {
				return op, b.ruleErr(ruleUndefined, v, "variable `%s` is not defined", v.Name)
			}
		}
	}
	op.UnionAll = len(c.Body.All) > 0 && c.Body.All[0]
	for i, part := range c.Body.Parts {
		body, cols, err := b.buildSingle(part.Clauses, b.callScope(c, part.Clauses, sc), false)
		if err != nil {
			return op, err
		}
		if i == 0 {
			op.Body, op.Columns = body, cols
			continue
		}
		if strings.Join(cols, "\x00") != strings.Join(op.Columns, "\x00") {
			return op, b.ruleErr(ruleUnionColumns, part, "all queries in a UNION must return the same column names").WithHint("alias the columns so that every part returns %s", strings.Join(op.Columns, ", "))
		}
		op.Union = append(op.Union, body)
	}
	if !b.rowModeOnly {
		correlated := c.ScopeGiven && (c.ScopeAll || len(c.Scope) > 0)
		for _, part := range c.Body.Parts {
			if w, ok := part.Clauses[0].(*ast.With); ok && importingWith(w) && len(w.Projection.Items) > 0 {
				correlated = true
			}
		}
		op, _ = mergeUnionBranches(op, correlated)
	}
	for _, col := range op.Columns {
		if sc.has(col) {
			return op, b.ruleErr(ruleAlreadyBound, c, "CALL { } returns `%s`, which is already bound", col).WithHint("alias the column inside the subquery")
		}
		sc.add(col, kindValue)
	}
	return op, nil
}

// callScope is the scope a CALL subquery's branch starts with: the
// variables CALL (a, b) or CALL (*) names, or, in the older form, all of
// them when the branch begins with an importing WITH; else none.
func (b *builder) callScope(c *ast.CallSubquery, clauses []ast.Clause, sc *scope) *scope {
	switch {
	case c.ScopeGiven && c.ScopeAll:
		return sc.clone()
	case c.ScopeGiven:
		inner := newScope()
		for _, v := range c.Scope {
			inner.add(v.Name, sc.vars[v.Name])
		}
		return inner
	}
	if w, ok := clauses[0].(*ast.With); ok && importingWith(w) {
		return sc.clone()
	}
	return newScope()
}

// importingWith reports whether w only passes on variables (WITH a, b).
func importingWith(w *ast.With) bool {
	if w.Projection.Distinct || w.Projection.OrderBy != nil || w.Projection.Skip != nil || w.Projection.Limit != nil || w.Where != nil {
		return false
	}
	for _, it := range w.Projection.Items {
		v, ok := it.Expr.(*ast.Variable)
		if !ok || (it.Alias != nil && it.Alias.Name != v.Name) {
			return false
		}
	}
	return true
}
