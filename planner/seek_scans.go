package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// seekScans turns a node scan into an index seek when the filters that
// follow it (wherever the query wrote them: the predicate rules moved
// them next to the scan) compare a property of the node with a constant,
// a parameter or a value of the variables bound before the scan, on an
// index of a label the node must have:
// `MATCH (b)-->(x) MATCH (x)<--(a) WHERE b:User AND b.id = $x` seeks b as
// `MATCH (b:User {id: $x})-->(x)<--(a)` does. The filters stay (the seek
// only narrows the nodes they see), and a scan of another label than the
// index's is left alone. The filters read stop at the first that may
// fail (filterCannotFail): one written after it is tested only on the
// rows it keeps without error.
func seekScans(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	if b.stats == nil {
		return ops, false
	}
	for i, op := range ops {
		s, ok := op.(logical.NodeScan)
		if !ok || len(s.Prefilter) > 0 {
			continue
		}
		labels := []string{}
		if s.Label != "" {
			labels = append(labels, s.Label)
		}
		var conds []ast.Expr
		entities := entityVars(ops[:i+1], nil)
	filters:
		for j := i + 1; j < len(ops); j++ {
			switch f := ops[j].(type) {
			case logical.NodeFilter:
				if f.Var == s.Var {
					if ls, ok := ast.SimpleLabels(f.Labels); ok {
						labels = append(labels, ls...)
					}
				}
				continue
			case logical.Filter:
				if f.Subst == nil && !f.Vectorised {
					conds = append(conds, conjuncts(f.Pred)...)
					if !b.filterCannotFail(f, entities) {
						break filters // the filters after it test only the rows it keeps
					}
					continue
				}
			}
			break
		}
		for _, c := range conds {
			if lp, ok := c.(*ast.LabelPredicate); ok {
				if v, ok := varName(lp.Expr); ok && v == s.Var {
					if ls, ok := ast.SimpleLabels(lp.Labels); ok {
						labels = append(labels, ls...)
					}
				}
			}
		}
		if seek := b.pushedSeek(s, labels, conds); seek != nil {
			return replace(ops, i, 1, seek), true
		}
	}
	return ops, false
}

// pushedSeek returns the seek of an index on one of labels (the scan's own
// label, if it has one) that a conjunct `var.key = value` or
// `var.key IN list` of conds answers, value not reading var. The filters
// follow the scan, so any other variable value reads is bound before it:
// the seek is then made for each row, with that row's value
// (`UNWIND $l AS u MATCH (b)-->(x) MATCH (x)<--(a) WHERE a:User AND
// a.id = u` seeks a by u when the rules start at a).
func (b *builder) pushedSeek(s logical.NodeScan, labels []string, conds []ast.Expr) logical.Op {
	for _, l := range labels {
		if s.Label != "" && l != s.Label {
			continue
		}
		for _, c := range conds {
			var key ast.Expr
			var val ast.Expr
			in := false
			switch x := c.(type) {
			case *ast.Comparison:
				if len(x.Ops) != 1 || x.Ops[0] != ast.CmpEq {
					continue
				}
				key, val = x.Operands[0], x.Operands[1]
			case *ast.In:
				key, val, in = x.Expr, x.List, true
			default:
				continue
			}
			p, ok := key.(*ast.Property)
			if !ok {
				continue
			}
			if v, ok := varProperty(p); !ok || v != s.Var || usesAny(val, map[string]bool{s.Var: true}) || !b.seekValue(val) {
				continue // a value drawn again on every row (rand()) is not one value to seek
			}
			if in && !b.seekList(val) {
				continue // a variable that may not hold a list: the filter's error stays its own
			}
			if !b.stats.HasIndex(l, p.Key) {
				continue
			}
			if in {
				return logical.NodeSetSeek{Var: s.Var, List: val, Label: l, Key: p.Key}
			}
			return logical.NodeIndexSeek{Var: s.Var, Label: l, Key: p.Key, Value: val}
		}
	}
	return nil
}

// hoistSeeks moves an index seek by equality (or by ids) whose value
// reads no variable the expansions ahead of it bind (a literal, a
// parameter, a variable bound before them: an UNWIND's, a WITH's), with
// the filters right after it that read only its node and such variables
// and cannot fail, before those expansions: the rows are the same (a
// seek joins every row with the same nodes), the seek runs once per row
// before them instead of once per row they produce, and the expansions
// toward its node see it bound, as they do when one MATCH names both
// ends (`MATCH (b {id: 1})-->(x) MATCH (x)<--(a {id: 2})` plans as
// `MATCH (b {id: 1})-->(x)<--(a {id: 2})`, and so does `UNWIND $l AS u
// MATCH (b {id: 1})-->(x) MATCH (x)<--(a {id: u})`). Only the rows'
// order changes, so not where an ORDER BY before them makes it observed.
// It crosses WITH boundaries too (seek_boundaries.go). A value that may
// fail (cannotFail) stays: it would be evaluated on rows the expansions
// drop.
func hoistSeeks(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	entities, paths := entityVars(ops, nil), pathVars(ops)
	for i, op := range ops {
		if req.After[i].Ordered {
			continue // the seek's nodes would come outermost: another order
		}
		var v string
		var value ast.Expr
		switch s := op.(type) {
		case logical.NodeIndexSeek:
			v, value = s.Var, s.Value
		case logical.NodeSetSeek:
			if s.Key != "" {
				continue
			}
			v, value = s.Var, s.List
		default:
			continue
		}
		if usesAny(value, nil) || !b.cannotFail(value, entities, paths) {
			// A value that may fail (`{id: a.k * 2}`) is evaluated where
			// row mode evaluates it: on the rows the expansions ahead
			// keep, not on every row before them.
			continue
		}
		reads := exprVars(value)
		to := i
		for to > 0 && (expansionBefore(ops[to-1], v) || boundaryBefore(ops, to-1, op, v)) && !bindsAnyOf(ops[to-1], reads) {
			to--
		}
		// Right before the first expansion crossed: the filters before it
		// belong to what came earlier.
		for to < i && !isExpansion(ops[to]) {
			to++
		}
		if to == i {
			continue
		}
		end := i + 1
		for end < len(ops) && filtersOnlyVar(ops[end], v, ops[to:i]) {
			end++
		}
		moved := append(append([]logical.Op(nil), ops[i:end]...), carrySeek(ops[to:i], v)...)
		out := append(append([]logical.Op(nil), ops[:to]...), moved...)
		return append(out, ops[end:]...), true
	}
	return ops, false
}

// bindsAnyOf reports whether op binds one of vars.
func bindsAnyOf(op logical.Op, vars map[string]bool) bool {
	binds, _ := bindsVars(op)
	for _, b := range binds {
		if vars[b] {
			return true
		}
	}
	return false
}

// filtersOnlyVar reports whether op is a filter of node v that may move
// with v's seek before crossed: it reads v and otherwise only variables
// none of crossed binds, and cannot fail when it reads more than v.
func filtersOnlyVar(op logical.Op, v string, crossed []logical.Op) bool {
	if readsOnlyVar(op, v) {
		return true
	}
	f, ok := op.(logical.Filter)
	if !ok || f.Subst != nil || f.Vectorised || usesAny(f.Pred, nil) {
		return false
	}
	vars := exprVars(f.Pred)
	if !vars[v] || !neverFails(f.Pred, map[string]bool{v: true}) {
		return false
	}
	for _, c := range crossed {
		if bindsAnyOf(c, vars) {
			return false
		}
	}
	return true
}

// expansionBefore reports whether a seek of v may move before op: op
// expands (or filters after an expansion) without reading or binding v.
func expansionBefore(op logical.Op, v string) bool {
	switch op.(type) {
	case logical.Expand, logical.VarExpand, logical.ExpandChain, logical.NodeFilter, logical.RelFilter, logical.Filter:
	default:
		return false
	}
	if f, ok := op.(logical.Filter); ok && (f.Subst != nil || f.Vectorised) {
		return false
	}
	binds, _ := bindsVars(op)
	return !contains(binds, v) && !usesOf(op).has(v)
}

// readsOnlyVar reports whether op is a filter that reads only variable v.
func readsOnlyVar(op logical.Op, v string) bool {
	switch f := op.(type) {
	case logical.NodeFilter:
		return f.Var == v
	case logical.Filter:
		if f.Subst != nil || f.Vectorised {
			return false
		}
		vars := exprVars(f.Pred)
		return len(vars) == 1 && vars[v] && !usesAny(f.Pred, nil)
	}
	return false
}

func isExpansion(op logical.Op) bool {
	switch op.(type) {
	case logical.Expand, logical.VarExpand, logical.ExpandChain:
		return true
	}
	return false
}
