package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// A set chain spans clauses as well as hops: `MATCH (a)-->(x) WITH x
// MATCH (x)-->(y) RETURN count(DISTINCT y)` reaches the same ends as
// `MATCH (a)-->(x)-->(y)`, but for relationship uniqueness, which holds
// only within one MATCH clause. Two things let longestChain take such a
// run: a WITH between two links that carries the end node on (and drops,
// renames or keeps nothing the chain binds) is crossed, and moved after
// the chain with the chain's end node in place of the one it carried
// (crossBoundary, carryBoundaries); and each link's hops get the
// uniqueness group of the links whose relationships they must differ
// from, a new one when none (linkGroup), so that the chain's trails keep
// uniqueness within a clause only. Whether the rows' multiplicity and the
// inner nodes matter after the run is decided where the run ends, as for
// one clause.

// crossBoundary reports whether a set chain whose end node is end may run
// on across op, a WITH boundary, and the name the end node has after it:
// a Select or a DISTINCT keeping end, or a projection of plain variables
// of which one is end (under its own name or another) and none is a
// variable of the chain (inner), which the chain does not bind.
func crossBoundary(op logical.Op, end string, inner map[string]bool) (string, bool) {
	switch o := op.(type) {
	case logical.Select:
		return end, slices.Contains(o.Vars, end) && !anyOf(o.Vars, inner, end)
	case logical.Distinct:
		return end, slices.Contains(o.Vars, end) && !anyOf(o.Vars, inner, end)
	case logical.Project:
		if o.Vectorised || o.Subst != nil {
			return "", false
		}
		to := ""
		for _, it := range o.Items {
			v, ok := it.Expr.(*ast.Variable)
			if !ok || inner[v.Name] && v.Name != end || inner[it.Name] && it.Name != end {
				return "", false
			}
			if v.Name == end {
				if to != "" {
					return "", false // end carried twice
				}
				to = it.Name
			} else if it.Name == end {
				return "", false // another value takes end's name
			}
		}
		return to, to != ""
	}
	return "", false
}

// anyOf reports whether vars holds a name of set other than except.
func anyOf(vars []string, set map[string]bool, except string) bool {
	for _, v := range vars {
		if v != except && set[v] {
			return true
		}
	}
	return false
}

// carryBoundaries returns the boundaries a chain crossed, each with the
// names the chain's end node had before (carried) replaced by to, the
// chain's end node.
func carryBoundaries(crossed []logical.Op, carried []string, to string) []logical.Op {
	rename := func(vars []string) []string {
		var out []string
		for _, v := range vars {
			if slices.Contains(carried, v) || v == to {
				v = to
				if slices.Contains(out, v) {
					continue
				}
			}
			out = append(out, v)
		}
		return out
	}
	out := make([]logical.Op, 0, len(crossed))
	for _, op := range crossed {
		switch o := op.(type) {
		case logical.Select:
			out = append(out, logical.Select{Vars: rename(o.Vars)})
		case logical.Distinct:
			out = append(out, logical.Distinct{Vars: rename(o.Vars)})
		case logical.Project:
			p := o
			p.Items = nil
			for _, it := range o.Items {
				v := it.Expr.(*ast.Variable)
				if slices.Contains(carried, v.Name) || v.Name == to {
					it = logical.Item{Expr: &ast.Variable{Name: to}, Name: to}
				}
				p.Items = append(p.Items, it)
			}
			out = append(out, p)
		}
	}
	return out
}

// linkGroup returns the uniqueness group of link o after the links prior
// (whose groups are groups), or false when no group fits: o must differ
// from the relationships its Distinct lists, all of prior links of one
// group, which it joins, and need not differ from the others, in other
// groups (or of types disjoint from its own, so that the two cannot be
// one relationship whatever the groups say); with no such list it starts
// a group of its own (a later MATCH clause), or stays in the last one when
// its types are disjoint from every prior link's (uniqueness is moot).
func linkGroup(o link, prior []link, groups []int) (int, bool) {
	if o.bound {
		return 0, false
	}
	g, next := -1, 0
	for k, p := range prior {
		next = max(next, groups[k]+1)
		if contains(o.distinct, p.rel) && g < 0 {
			g = groups[k]
		}
	}
	for _, d := range o.distinct {
		if !slices.ContainsFunc(prior, func(p link) bool { return p.rel == d }) {
			return 0, false
		}
	}
	if g < 0 {
		g = next
		if slices.IndexFunc(prior, func(p link) bool { return !typesDisjoint(p.types, o.types) }) < 0 {
			g = groups[len(groups)-1] // no relationship to share: stay in the group
		}
	}
	for k, p := range prior {
		if (groups[k] == g) != contains(o.distinct, p.rel) && !typesDisjoint(p.types, o.types) {
			return 0, false
		}
	}
	return g, true
}
