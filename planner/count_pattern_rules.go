package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// countByRules counts the matches of a pattern evaluated per row (COUNT {
// }, the size of a pattern comprehension, a CALL whose body only counts,
// see countCall) as the same pattern in a MATCH followed by count(*)
// would: ops, the pattern's operators, get an Aggregate of count(*) and
// the rules that read a pattern and the count after it (a closed
// triangle as a CycleCount, a count of a set, a degree sum) run over
// them as they do in the outer query. `MATCH (a {id: 1}) RETURN COUNT {
// (a)-->(b)-->(c)-->(a) }` then counts the triangles through a by one
// set intersection per relationship of a, as `MATCH (a {id:
// 1})-->(b)-->(c)-->(a) RETURN count(*)` does, where it enumerated them.
//
// When no rule changed the count (the Aggregate still counts rows one by
// one) ok is false and the caller counts the rows it enumerates with a
// counter, which needs no table per row.
func (g *gen) countByRules(ops []logical.Op, env *regEnv) (res int32, ok bool, err error) {
	out, name, ok := g.b.countedOps(ops)
	if !ok {
		return 0, false, nil
	}
	res = g.r()
	// Scans in the body get batched filters, as the body counted row by
	// row does (batchedBody).
	err = g.inline(&logical.Pipeline{Ops: g.onceBatch(g.b.batchedBody(out))}, env, func(ie *regEnv) error {
		v, err := g.expr(&ast.Variable{Name: name}, ie)
		if err != nil {
			return err
		}
		g.emit(vm.OpMove, res, v)
		return nil
	})
	return res, err == nil, err
}

// countedOps returns ops followed by an Aggregate of count(*) into name,
// rewritten by the rules, when a rule changed how the rows are counted;
// ok is false when the Aggregate still counts the rows one by one. The
// cost model prices a per-row count with it (exprPipelines) as code
// generation plans it.
func (b *builder) countedOps(ops []logical.Op) (out []logical.Op, name string, ok bool) {
	name = b.fresh("count")
	call := &ast.FunctionCall{Name: "count", Star: true}
	b.aggRefs[call] = name
	agg := logical.Aggregate{Aggs: []logical.AggCall{{Call: call, Name: name}}, EstGroups: 1}
	out = b.rewrite(append(slices.Clone(ops), agg), need{Live: newVarSet(name), Bag: true})
	if countsRows(out, name) {
		return nil, "", false
	}
	return out, name, true
}

// countsRows reports whether ops end in the Aggregate that counts its
// input rows as name with count(*) and nothing else.
func countsRows(ops []logical.Op, name string) bool {
	if len(ops) == 0 {
		return false
	}
	a, ok := ops[len(ops)-1].(logical.Aggregate)
	return ok && len(a.Keys) == 0 && len(a.Aggs) == 1 && a.Aggs[0].Name == name && a.Aggs[0].Call.Star
}
