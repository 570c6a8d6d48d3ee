package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// A subquery expression whose body is a UNION — `COUNT { MATCH (t)<--(u)
// RETURN u UNION MATCH (t)-->()-->(u) RETURN u }`, COLLECT { ... UNION
// ... } — is planned as the same body written as CALL { A UNION B } is:
// one pipeline whose CALL runs the branches for the row and removes the
// duplicate rows, so that the rules that read a CALL's UNION read it
// here too (unionSets: the count of distinct nodes is the size of the
// union of the branches' node sets, built once per imported node, each
// branch planned set at a time). The number of rows of a UNION ALL is
// the sum of its branches' numbers and its list their lists one after
// the other, and whether a UNION or a UNION ALL has a row is whether one
// of its branches has: those bodies run their branches one after
// another, each planned as a body of its own (a count by the count
// rules, an existence test set at a time), an existence test stopping at
// the first branch that has a row as the query is evaluated, so no
// branch runs that would not have.

// subqueryBody plans the body q of a subquery expression of kind, each
// branch in a scope made by newScope (the variables of the row imported),
// through the body rules: it returns the pipelines to run one after the
// other for the row and the columns they return.
func (b *builder) subqueryBody(q *ast.Query, newScope func() *scope, kind subKind) ([]*logical.Pipeline, []string, error) {
	union := len(q.Parts) > 1 && !q.All[0] && kind != subExists
	var call logical.CallSubquery
	var pls []*logical.Pipeline
	var sc *scope
	for i, part := range q.Parts {
		sc = newScope()
		pl, cols, err := b.buildSingle(part.Clauses, sc, false)
		if err != nil {
			return nil, nil, err
		}
		if i > 0 && strings.Join(cols, "\x00") != strings.Join(call.Columns, "\x00") {
			return nil, nil, b.ruleErr(ruleUnionColumns, part, "all queries in a UNION must return the same column names").WithHint("alias the columns so that every part returns %s", strings.Join(call.Columns, ", "))
		}
		switch {
		case !union:
			pls = append(pls, b.bodyRules(pl, sc, subqueryNeed(kind, cols)))
		case i == 0:
			call.Body = applyRules(pl, b.predicateRules(importedEntities(sc))...)
		default:
			call.Union = append(call.Union, applyRules(pl, b.predicateRules(importedEntities(sc))...))
		}
		call.Columns = cols
	}
	if !union {
		return pls, call.Columns, nil
	}
	if !b.rowModeOnly {
		call, _ = mergeUnionBranches(call, len(importedEntities(sc)) > 0)
	}
	cols := call.Columns
	pl := &logical.Pipeline{Ops: []logical.Op{logical.Start{}, call, logical.Emit{Columns: cols}}}
	return []*logical.Pipeline{b.bodyRules(pl, sc, subqueryNeed(kind, cols))}, cols, nil
}

// importedEntities are the variables of sc bound to nodes or
// relationships (the known variables of the predicate rules).
func importedEntities(sc *scope) map[string]bool {
	known := map[string]bool{}
	for n, k := range sc.vars {
		if k == kindNode || k == kindRel {
			known[n] = true
		}
	}
	return known
}
