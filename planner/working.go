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

// seedVar returns the node variable that a statement whose result only
// restricts W ('&' and '-', see Statement.Seed) may take from W's node
// set: the query is one MATCH ... RETURN v of a node variable v that a
// (non-optional) MATCH pattern declares, with no ORDER BY, SKIP or LIMIT
// and nothing between the MATCH clauses and the RETURN. Its result is
// then the set of v, and W op R reads only the part of that set inside
// W: binding v from W's nodes gives the same W. Any other shape (an
// aggregation, a limit, rows that mix several v) returns "".
func seedVar(q *ast.Query, st *Statement) string {
	if st == nil || st.Seed <= 0 || (st.Op != '&' && st.Op != '-') || q == nil || len(q.Parts) != 1 || len(q.When) > 0 {
		return ""
	}
	cl := q.Parts[0].Clauses
	if len(cl) < 2 {
		return ""
	}
	ret, ok := cl[len(cl)-1].(*ast.Return)
	if !ok || ret.Projection == nil {
		return ""
	}
	p := ret.Projection
	if p.Star || len(p.Items) != 1 || p.OrderBy != nil || p.Skip != nil || p.Limit != nil {
		return ""
	}
	v, ok := p.Items[0].Expr.(*ast.Variable)
	if !ok {
		return ""
	}
	declared := false
	for _, c := range cl[:len(cl)-1] {
		m, ok := c.(*ast.Match)
		if !ok || m.Optional || m.Pattern == nil {
			return ""
		}
		for _, part := range m.Pattern.Parts {
			if part.Element == nil {
				continue
			}
			for _, n := range part.Element.Nodes {
				if n.Var != nil && n.Var.Name == v.Name {
					declared = true
				}
			}
		}
	}
	if !declared {
		return ""
	}
	return v.Name
}

// seedFor returns the seek of W's nodes for the statement's seed
// variable name, nil for any other.
func (b *builder) seedFor(name string) logical.Op {
	if b.seed == "" || name != b.seed {
		return nil
	}
	return logical.WorkingSeek{Var: name, Nodes: true}
}
