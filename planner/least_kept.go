package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// kept follows, for leastFirst, an aggregation ops[j] that keeps per
// group the least length and a list of values headed by the length,
// read only through the elements whose head is that least length:
//
//	MATCH p = (a)-[*1..4]-(b) WITH length(p) AS l, count(*) AS c
//	WITH min(l) AS m, collect([l, c]) AS lcs
//	UNWIND lcs AS lc WITH m, lc WHERE lc[0] = m
//
// (or collect(l) unwound and kept where the element equals the least).
// It reports whether the rows of the least length per pair (the search
// of the trails of the least length, ALL SHORTEST) give the answer.
//
// Why it is exact. The aggregation's keys read no length (in groups,
// only keys of the aggregation before it), so a group is a union of
// partitions (leastFirst). Its least length m is the least of its
// partitions' least lengths, and a partition with a trail of length m
// has no shorter one: the rows of length m of the group are all rows of
// least length of their partitions, which the search yields, and in
// groups an earlier group of length m counts and collects the same rows.
// The min is then the same, and the list the same but for elements
// whose head exceeds m (lengths of rows, or groups, the search does not
// yield, or yields fewer of); the UNWIND and the test that the head
// equals m drop exactly those, before anything else reads an element.
// Errors: the elements are lengths, names, or (in rows) expressions that
// read no length, the same on every row of a partition and evaluated on
// one of each partition with a trail as before (in groups, a group
// column other than a key may differ on dropped groups, so only names
// are taken, which cannot fail); the min and collect cannot fail; the
// test's other conjuncts read no element, so they see the same values.
func (r *firstReads) kept(b *builder, ops []logical.Op, j int) bool {
	agg := ops[j].(logical.Aggregate)
	for _, k := range agg.Keys {
		if !r.keptKey(b, k.Expr) {
			return false
		}
	}
	// The least lengths (their names) and the lists, each with the text
	// of the length at its head ("" for none) and whether its elements
	// are the length itself.
	least := map[string]string{}
	type list struct {
		head string
		bare bool
	}
	lists := map[string]list{}
	for _, c := range agg.Aggs {
		call := c.Call
		if len(call.Namespace) > 0 || call.Star || len(call.Args) != 1 {
			return false
		}
		arg := call.Args[0]
		switch strings.ToLower(call.Name) {
		case "min":
			if !r.length(arg) {
				return false
			}
			least[c.Name] = ast.FormatExpr(arg)
		case "collect":
			if r.length(arg) {
				lists[c.Name] = list{head: ast.FormatExpr(arg), bare: true}
				continue
			}
			l, ok := arg.(*ast.ListLiteral)
			if !ok || len(l.Items) == 0 || !r.length(l.Items[0]) {
				return false
			}
			for _, it := range l.Items[1:] {
				if !r.keptValue(b, it) {
					return false
				}
			}
			lists[c.Name] = list{head: ast.FormatExpr(l.Items[0])}
		default:
			return false
		}
	}
	if len(least) == 0 || len(lists) == 0 {
		return false
	}
	// names maps the names bound to a result (the column, or a name a
	// projection gives it) to the column.
	names := map[string]string{}
	for n := range least {
		names[n] = n
	}
	for n := range lists {
		names[n] = n
	}
	resolve := func(e ast.Expr) (string, bool) {
		if v, ok := varName(e); ok {
			col, ok := names[v]
			return col, ok
		}
		if fc, ok := e.(*ast.FunctionCall); ok {
			for _, c := range agg.Aggs {
				if fc == c.Call || c.Name != "" && b.aggRefs[fc] == c.Name {
					return c.Name, true
				}
			}
		}
		return "", false
	}
	readsList := func(op logical.Op) bool {
		// What op reads, an aggregate call of its own or before it
		// resolved to its column.
		s := newVarSet()
		s.refs = b.aggRefs
		u := before(op, need{Live: s}).Live
		if u.all || u.aggs {
			return true
		}
		for n, col := range names {
			if _, isList := lists[col]; isList && u.names[n] {
				return true
			}
		}
		return false
	}
	// Up to the UNWIND of a list, projections rename the results or read
	// no list.
	k := j + 1
	for ; k < len(ops); k++ {
		switch o := ops[k].(type) {
		case logical.Select:
			continue
		case logical.Project:
			renamed := map[string]string{}
			for _, it := range o.Items {
				if col, ok := resolve(it.Expr); ok {
					renamed[it.Name] = col
					continue
				}
				if readsList(logical.Project{Items: []logical.Item{it}, Subst: o.Subst}) {
					return false
				}
			}
			for _, it := range o.Items {
				delete(names, it.Name)
			}
			for n, col := range renamed {
				names[n] = col
			}
			continue
		}
		break
	}
	if k >= len(ops) {
		return false
	}
	un, ok := ops[k].(logical.Unwind)
	if !ok {
		return false
	}
	col, ok := resolve(un.Expr)
	if !ok {
		return false
	}
	lst, ok := lists[col]
	if !ok {
		return false
	}
	elem := un.Var
	delete(names, elem)
	// The test that the element's head equals the least length, before
	// anything else reads the element; nothing after reads a list.
	isHead := func(e ast.Expr) bool {
		if lst.bare {
			v, ok := varName(e)
			return ok && v == elem
		}
		x, ok := e.(*ast.Index)
		if !ok {
			return false
		}
		v, isVar := varName(x.Expr)
		i, isInt := intLiteral(x.Index)
		return isVar && v == elem && isInt && i == 0
	}
	isLeast := func(e ast.Expr) bool {
		col, ok := resolve(e)
		if !ok {
			return false
		}
		h, ok := least[col]
		return ok && h == lst.head
	}
	found := false
	for m := k + 1; m < len(ops) && !found; m++ {
		switch o := ops[m].(type) {
		case logical.Select:
			continue
		case logical.Filter:
			if o.Subst != nil || o.Defer != "" {
				return false
			}
			for _, c := range conjuncts(o.Pred) {
				if cmp, ok := c.(*ast.Comparison); ok && len(cmp.Ops) == 1 && cmp.Ops[0] == ast.CmpEq &&
					(isHead(cmp.Operands[0]) && isLeast(cmp.Operands[1]) || isHead(cmp.Operands[1]) && isLeast(cmp.Operands[0])) {
					found = true
					continue
				}
				s := newVarSet()
				s.refs = b.aggRefs
				addExprVars(c, &s)
				if s.all || s.aggs || s.names[elem] {
					return false
				}
			}
			if !found {
				return false
			}
		default:
			return false
		}
	}
	if !found {
		return false
	}
	for _, op := range ops[k+1:] {
		if readsList(op) {
			return false
		}
	}
	return true
}

// keptKey reports whether an aggregation key after a path's rows (or its
// groups) is the same for the rows of a partition: in rows, it reads no
// length; in groups, it reads only keys of the aggregation before.
func (r *firstReads) keptKey(b *builder, e ast.Expr) bool {
	s := newVarSet()
	s.refs = b.aggRefs
	addExprVars(e, &s)
	if s.all || s.aggs || s.names[r.p] {
		return false
	}
	for n := range s.names {
		if r.lens[n] || r.grouped && !r.keys[n] {
			return false
		}
	}
	return true
}

// keptValue reports whether an element of a collected list after the
// length may be evaluated on the rows the search yields in place of
// every row: in rows, one that reads no length; in groups, a name of a
// column (which cannot fail), not a length.
func (r *firstReads) keptValue(b *builder, e ast.Expr) bool {
	if r.grouped {
		v, ok := varName(e)
		if !ok {
			fc, isCall := e.(*ast.FunctionCall)
			if !isCall {
				return false
			}
			if v, ok = b.aggRefs[fc]; !ok {
				return false
			}
		}
		return !r.lens[v] && v != r.p
	}
	s := newVarSet()
	s.refs = b.aggRefs
	addExprVars(e, &s)
	if s.all || s.aggs || s.names[r.p] {
		return false
	}
	for n := range s.names {
		if r.lens[n] {
			return false
		}
	}
	return true
}
