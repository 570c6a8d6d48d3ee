package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// GraphProgram statements: a query compiled as a statement collects its
// rows into the statement's result R instead of emitting them, and ends
// with the program's operator merging R into the working graph W.

// collectInto turns the plan into a statement's plan: each pipeline's Emit
// becomes CollectGraph and the plan ends with WorkingApply.
func collectInto(plan *logical.Plan, st *Statement) {
	for _, pl := range plan.Pipelines {
		if n := len(pl.Ops); n > 0 {
			if e, ok := pl.Ops[n-1].(logical.Emit); ok {
				pl.Ops[n-1] = logical.CollectGraph{Columns: e.Columns}
			}
		}
	}
	plan.Working = &logical.WorkingApply{Op: st.Op, Limit: st.Limit}
}

// workingSeek binds a node from W's node set when the WHERE clause has
// `elementId(n) IN $W_IDS` or `n.<key> IN $W_IDS`: a semi-join with W
// instead of a scan probing the key list. The predicate itself stays as a
// filter.
func (b *builder) workingSeek(name string, cands []propEq) logical.Op {
	if b.stmt == nil || b.stmt.Param == "" {
		return nil
	}
	for _, c := range cands {
		p, ok := c.value.(*ast.Parameter)
		if !ok || !c.in || p.Name != b.stmt.Param {
			continue
		}
		switch {
		case c.elementID:
			return logical.WorkingSeek{Var: name, Param: p.Name, ElementIDs: true}
		case c.key != "" && c.key == b.stmt.KeyProperty:
			return logical.WorkingSeek{Var: name, Param: p.Name, Key: c.key}
		}
	}
	return nil
}
