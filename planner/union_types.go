package planner

import (
	"reflect"
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// mergeUnionBranches reads the branches of CALL { A UNION B } that are
// one query but for the types of one single-hop expansion, or (under
// UNION) the label check of one node, as that query over the types' or
// the labels' disjunction: `CALL { MATCH (p)-[:R]->(m) RETURN m UNION
// MATCH (p)-[:S]->(m) RETURN m }` as `CALL { MATCH (p)-[:R|S]->(m)
// RETURN DISTINCT m }`. Every row of the one query is a row of a branch
// and every row of a branch a row of the one query, so under UNION, which
// keeps each row once, they agree. Under UNION ALL only disjoint types
// merge: a relationship has one type, so a row of the one query (whose
// other bindings are the same in every branch) comes from exactly one
// branch, as often as there; labels are left, a node may carry both.
// The branches are compared before any rule runs, operator by operator,
// and only when each operator works row by row (rowWise); the merged
// query then
// plans as the disjunction does (one expansion over the types' adjacency,
// a label set scan). It returns op with the branches merged (the first
// branch's pipeline keeps its place), and whether any were. The two
// directions of one hop merge only where the CALL runs once (correlated
// false): run per input row, the union of the two directions is a pair
// of set semi-joins the one undirected branch does not get.
func mergeUnionBranches(op logical.CallSubquery, correlated bool) (logical.CallSubquery, bool) {
	if len(op.Union) == 0 {
		return op, false
	}
	branches := append([]*logical.Pipeline{op.Body}, op.Union...)
	merged := false
	for i := 0; i < len(branches); i++ {
		for j := i + 1; j < len(branches); j++ {
			if m, ok := mergeBranches(branches[i], branches[j], op.UnionAll, !correlated); ok {
				branches[i] = m
				branches = slices.Delete(branches, j, j+1)
				merged = true
				j = i
			}
		}
	}
	if !merged {
		return op, false
	}
	op.Body, op.Union = branches[0], branches[1:]
	if len(op.Union) == 0 && !op.UnionAll {
		// One branch left: UNION's duplicate removal becomes its own.
		body := op.Body
		last := len(body.Ops) - 1
		if _, ok := body.Ops[last].(logical.Emit); !ok {
			return op, false
		}
		ops := slices.Clone(body.Ops[:last])
		ops = append(ops, logical.Distinct{Vars: op.Columns}, body.Ops[last])
		op.Body = &logical.Pipeline{Ops: ops}
	}
	if len(op.Union) == 0 {
		op.UnionAll = false
	}
	return op, true
}

// mergeBranches returns the one pipeline a and b are when they differ
// only in the types of one expansion (disjoint ones when all), the
// direction of one (mergeDirections) or, when not all, the labels of one
// label check; ok false otherwise.
func mergeBranches(a, b *logical.Pipeline, all, directions bool) (*logical.Pipeline, bool) {
	if directions {
		if m, ok := mergeDirections(a, b, all); ok {
			return m, true
		}
	}
	if len(a.Ops) != len(b.Ops) {
		return nil, false
	}
	at := -1
	var with []logical.Op
	for i := range a.Ops {
		x, y := a.Ops[i], b.Ops[i]
		if !rowWise[x.Name()] || len(x.Children()) > 0 || len(y.Children()) > 0 || reflect.TypeOf(x) != reflect.TypeOf(y) {
			return nil, false
		}
		if sameOp(x, y) {
			continue
		}

		if at >= 0 {
			return nil, false
		}
		m, ok := mergeOps(x, y, all)
		if !ok {
			return nil, false
		}
		at, with = i, m
	}
	if at < 0 {
		return nil, false // the same query twice: UNION ALL doubles it
	}
	ops := slices.Replace(slices.Clone(a.Ops), at, at+1, with...)
	return &logical.Pipeline{Ops: ops}, true
}

// rowWise are the operators whose rows for the merged branch are the
// rows they give in the branches together: each passes on, drops or
// extends the rows it gets one at a time. An aggregation, DISTINCT,
// ORDER BY, SKIP or LIMIT in a branch acts on that branch's rows alone
// (two counts are two rows, not their sum), so branches holding one stay
// apart.
var rowWise = map[string]bool{"Start": true, "NodeScan": true, "NodeIndexSeek": true, "NodeRangeSeek": true, "NodeSetSeek": true,
	"Filter": true, "NodeFilter": true, "RelFilter": true, "Expand": true, "Unwind": true, "Project": true, "Select": true, "Emit": true}

// sameOp reports whether x and y are the same operator: equal fields,
// expressions compared as written (not by position).
func sameOp(x, y logical.Op) bool {
	if reflect.DeepEqual(x, y) {
		return true
	}
	if p, ok := x.(logical.Project); ok {
		// a projection's String names its items, not what they compute
		q := y.(logical.Project)
		if len(p.Items) != len(q.Items) {
			return false
		}
		for i, it := range p.Items {
			if it.Name != q.Items[i].Name || ast.FormatExpr(it.Expr) != ast.FormatExpr(q.Items[i].Expr) {
				return false
			}
		}
	}
	return x.String() == y.String() && reflect.DeepEqual(withoutExprs(x), withoutExprs(y))
}

// withoutExprs is op's value with its expression and label fields
// (compared by String) zeroed, for comparing the rest.
func withoutExprs(op logical.Op) any {
	v := reflect.New(reflect.TypeOf(op)).Elem()
	v.Set(reflect.ValueOf(op))
	exprT := reflect.TypeOf((*ast.Expr)(nil)).Elem()
	labelT := reflect.TypeOf((*ast.LabelExpr)(nil)).Elem()
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if !f.CanSet() {
			continue
		}
		t := f.Type()
		if t.Implements(exprT) || t.Implements(labelT) || t.Kind() == reflect.Slice || t.Kind() == reflect.Map || t.Kind() == reflect.Pointer {
			if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.String {
				continue // names: compared
			}
			f.Set(reflect.Zero(t))
		}
	}
	return v.Interface()
}

// mergeOps merges the one operator two branches differ in: two single-hop
// expansions alike but for their types (disjoint when all; an anonymous
// relationship's internal names may differ), or two label checks or label
// scans of one node (not when all), as the operators of the merged
// branch.
func mergeOps(x, y logical.Op, all bool) ([]logical.Op, bool) {
	switch a := x.(type) {
	case logical.Expand:
		b := y.(logical.Expand)
		if len(a.Types) == 0 || len(b.Types) == 0 || a.RelBound || b.RelBound {
			return nil, false
		}
		if strings.HasPrefix(a.Rel, " ") && strings.HasPrefix(b.Rel, " ") {
			b.Rel = a.Rel
		}
		at, bt := a.Types, b.Types
		a.Types, b.Types = nil, nil
		if !reflect.DeepEqual(a, b) {
			return nil, false
		}
		types := slices.Clone(at)
		for _, t := range bt {
			if slices.Contains(types, t) {
				if all {
					return nil, false
				}
				continue
			}
			types = append(types, t)
		}
		a.Types = types
		return []logical.Op{a}, true
	case logical.NodeFilter:
		b := y.(logical.NodeFilter)
		if all || a.Var != b.Var || a.Labels == nil || b.Labels == nil || ast.HasDynamic(a.Labels) || ast.HasDynamic(b.Labels) {
			return nil, false
		}
		a.Labels = &ast.LabelOr{Span: a.Labels.NodeSpan(), Items: []ast.LabelExpr{a.Labels, b.Labels}}
		return []logical.Op{a}, true
	case logical.NodeScan:
		// A label scan each: a scan of every node and the check of
		// either label (which labelSetScans reads as the set).
		b := y.(logical.NodeScan)
		if all || a.Var != b.Var || a.Label == "" || b.Label == "" || a.Labels != nil || b.Labels != nil || len(a.Prefilter) > 0 || len(b.Prefilter) > 0 || a.Batch > 0 || b.Batch > 0 {
			return nil, false
		}
		or := &ast.LabelOr{Items: []ast.LabelExpr{&ast.LabelName{Name: a.Label}, &ast.LabelName{Name: b.Label}}}
		return []logical.Op{logical.NodeScan{Var: a.Var}, logical.NodeFilter{Var: a.Var, Labels: or}}, true
	}
	return nil, false
}
