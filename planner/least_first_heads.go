package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// heads follows, for leastFirst, rows ordered by a length into an
// aggregation that collects, per group, the lengths in that order and
// keeps only the first k of each list:
//
//	MATCH p = (a)-[*1..3]->(b) WITH a, b, length(p) AS l ORDER BY l
//	WITH a, b, collect(l)[..2] AS ls
//
// or, for each, a list headed by the length and values the same on the
// rows of a partition (collect([l, b.id])); or groups of the length
// ordered by it and collected the same way, their values beside it
// (WITH a, b, length(p) AS l, count(*) AS c ORDER BY l
// WITH a, b, collect([l, c])[0] AS best). It returns the number of least
// paths (rows), or least lengths (groups), per pair the lists need.
//
// Groups: the keys of the collecting aggregation read only keys of the
// groups' aggregation but the length, so its groups are unions of
// partitions, and a list holds groups in the order of their lengths;
// its first k elements have lengths among the k least of the list,
// each among the k least of every partition with a trail of it (as for
// a cut, leastFirst), whose groups the search of the k least lengths per
// pair yields whole. Groups of equal length may come in either order,
// with the search as without it.
//
// Why it is exact. The aggregation's keys read no length, so a group is
// a union of partitions (leastFirst); collect keeps the order of the
// rows it reads, so a group's list holds its rows' lengths in the order
// of the sort, and a row of a partition comes after every row of the
// partition with a lesser length. The first k elements of the list are
// therefore lengths of rows among the k least of their own partitions,
// which the search of the k least trails per partition yields, and
// they are the same whichever of rows that tie the search yields (their
// lengths are equal). A list read only through a slice to a literal end
// ([..k], [1..k]) or an element at a literal position ([i], head())
// reads nothing else. Collect cannot fail; the other
// calls would count rows the search does not yield, so there are none.
func (r *firstReads) heads(b *builder, ops []logical.Op, from int) int {
	j := from
	for ; j < len(ops); j++ {
		switch o := ops[j].(type) {
		case logical.Select:
			continue
		case logical.Project:
			if !r.project(o) {
				return 0
			}
			continue
		}
		break
	}
	if j >= len(ops) {
		return 0
	}
	agg, ok := ops[j].(logical.Aggregate)
	if !ok || len(agg.Aggs) == 0 {
		return 0
	}
	for _, k := range agg.Keys {
		if !r.keptKey(b, k.Expr) {
			return 0
		}
	}
	names := map[string]bool{}
	for _, c := range agg.Aggs {
		call := c.Call
		if len(call.Namespace) > 0 || call.Distinct || call.Star || len(call.Args) != 1 || !strings.EqualFold(call.Name, "collect") || !r.headed(b, call.Args[0]) {
			return 0
		}
		names[c.Name] = true
	}
	isList := func(e ast.Expr) bool {
		fc, ok := e.(*ast.FunctionCall)
		if !ok {
			return false
		}
		for _, c := range agg.Aggs {
			if fc == c.Call || c.Name != "" && b.aggRefs[fc] == c.Name {
				return true
			}
		}
		return false
	}
	// The projection after the aggregation reads the lists, each
	// through a head of literal length.
	if j+1 >= len(ops) {
		return 0
	}
	proj, ok := ops[j+1].(logical.Project)
	if !ok {
		return 0
	}
	k, good := 0, true
	for _, it := range proj.Items {
		ast.Inspect(it.Expr, func(n ast.Node) bool {
			if !good {
				return false
			}
			e, isExpr := n.(ast.Expr)
			if !isExpr {
				return true
			}
			if n, head := listHead(e, isList, b.countConstant); head {
				k = max(k, n)
				return false
			}
			if isList(e) {
				good = false
			}
			return true
		})
	}
	if !good || k < 1 || k > maxSelectedPaths {
		return 0
	}
	// Nothing after reads the lists but through the projection.
	for _, op := range ops[j+2:] {
		u := usesOf(op)
		if u.all {
			return 0
		}
		for n := range names {
			if u.names[n] {
				return 0
			}
		}
	}
	return k
}

// listHead reports whether e reads a list isList accepts only through its
// first n elements: l[a..n] (a, n >= 0, a may be left out), l[i] (n =
// i + 1, i >= 0), head(l) (n = 1).
func listHead(e ast.Expr, isList func(ast.Expr) bool, count func(ast.Expr) (int, bool)) (int, bool) {
	switch x := e.(type) {
	case *ast.Slice:
		if !isList(x.Expr) || x.To == nil {
			return 0, false
		}
		if x.From != nil {
			if a, ok := count(x.From); !ok || a < 0 {
				return 0, false
			}
		}
		n, ok := count(x.To)
		return n, ok && n >= 0
	case *ast.Index:
		if !isList(x.Expr) {
			return 0, false
		}
		i, ok := count(x.Index)
		return i + 1, ok && i >= 0
	case *ast.FunctionCall:
		if len(x.Namespace) == 0 && !x.Distinct && len(x.Args) == 1 && strings.EqualFold(x.Name, "head") && isList(x.Args[0]) {
			return 1, true
		}
	}
	return 0, false
}

// headed reports whether a collected value is a length, or a list
// literal of a length and values keptValue takes (each the same for the
// rows of a partition with one length, or a column of their group).
func (r *firstReads) headed(b *builder, e ast.Expr) bool {
	if r.length(e) {
		return true
	}
	l, ok := e.(*ast.ListLiteral)
	if !ok || len(l.Items) == 0 || !r.length(l.Items[0]) {
		return false
	}
	for _, it := range l.Items[1:] {
		if !r.keptValue(b, it) {
			return false
		}
	}
	return true
}
