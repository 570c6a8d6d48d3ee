package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// createClause plans CREATE pattern.
func (b *builder) createClause(q *singleQuery, c *ast.Create) error {
	if err := b.checkCreate(c.Pattern, q.sc); err != nil {
		return err
	}
	q.add(logical.Create{Pattern: c.Pattern})
	bindPatternVars(c.Pattern, q.sc)
	return nil
}

// mergeClause plans MERGE part [ON CREATE SET ...] [ON MATCH SET ...]: the
// part is matched in a nested pipeline and created when it finds nothing.
func (b *builder) mergeClause(q *singleQuery, c *ast.Merge) error {
	if err := b.checkMergeVars(c.Part, q.sc); err != nil {
		return err
	}
	pat := &ast.Pattern{Span: c.Part.Span, Parts: []*ast.PatternPart{c.Part}}
	ops, newVars, err := b.matchOps(pat, nil, q.sc.clone())
	if err != nil {
		return err
	}
	bindPatternVars(pat, q.sc)
	for _, it := range append(append([]ast.SetItem(nil), c.OnCreate...), c.OnMatch...) {
		if err := b.checkSetItem(it, q.sc); err != nil {
			return err
		}
	}
	q.add(logical.Merge{Match: ops, Part: c.Part, OnCreate: c.OnCreate, OnMatch: c.OnMatch, NewVars: newVars})
	return nil
}

// setClause plans SET items.
func (b *builder) setClause(q *singleQuery, c *ast.Set) error {
	for _, it := range c.Items {
		if err := b.checkSetItem(it, q.sc); err != nil {
			return err
		}
	}
	q.add(logical.SetProps{Items: c.Items})
	return nil
}

// removeClause plans REMOVE items.
func (b *builder) removeClause(q *singleQuery, c *ast.Remove) error {
	for _, it := range c.Items {
		if err := b.checkRemoveItem(it, q.sc); err != nil {
			return err
		}
	}
	q.add(logical.RemoveProps{Items: c.Items})
	return nil
}

// deleteClause plans [DETACH] DELETE exprs.
func (b *builder) deleteClause(q *singleQuery, c *ast.Delete) error {
	for _, e := range c.Exprs {
		if err := b.checkExpr(e, q.sc, false); err != nil {
			return err
		}
	}
	q.add(logical.Delete{Exprs: c.Exprs, Detach: c.Detach})
	return nil
}

// foreachClause plans FOREACH (var IN list | updates): the updates form a
// nested pipeline run once per element.
func (b *builder) foreachClause(q *singleQuery, c *ast.Foreach) error {
	if err := b.checkExpr(c.List, q.sc, false); err != nil {
		return err
	}
	inner := q.sc.clone()
	if err := b.checkUnbound(c.Var, inner); err != nil {
		return err
	}
	inner.add(c.Var.Name, kindValue)
	if lt, err := b.typeCheck(c.List, q.sc, nil); err == nil {
		inner.types[c.Var.Name] = elemOf(lt)
	}
	body, _, err := b.buildSingle(c.Updates, inner, false)
	if err != nil {
		return err
	}
	q.add(logical.Foreach{Var: c.Var.Name, List: c.List, Body: body.Ops})
	return nil
}
