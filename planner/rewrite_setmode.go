package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// useSetMode rewrites expansions whose paths are never looked at, only
// their distinct end nodes, into set-at-a-time operators: a bitmap
// frontier touches each relationship once where path enumeration explodes.
//
// The end nodes are consumed distinctly when, before any other expansion,
// the rows reach a DISTINCT or an aggregation whose aggregates ignore
// duplicates (count(DISTINCT ...), collect(DISTINCT ...), min, max).
// Relationships and intermediate nodes must be anonymous (planner-named).
// It reports whether anything changed.
func useSetMode(pl *logical.Pipeline) bool {
	changed := false
	ops := pl.Ops
	for i := 0; i < len(ops); i++ {
		switch o := ops[i].(type) {
		case logical.VarExpand:
			if o.Mode == logical.SetMode || o.ToBound || o.ListBound || o.Min > 1 || o.Props != nil || len(o.Distinct) > 0 || !isInternal(o.RelList) {
				continue
			}
			undirected := o.Dir == ast.DirNone || o.Dir == ast.DirBoth
			if undirected && (o.Max < 0 || o.Max > 3) {
				// Undirected ranges beyond three hops need a cycle search the
				// VM does not make exact; stay in row mode.
				continue
			}
			if !distinctConsumer(ops[i+1:]) {
				continue
			}
			o.Mode = logical.SetMode
			ops[i] = o
			changed = true
		case logical.Expand:
			if repl, n, ok := commonNeighbours(ops, i); ok && distinctConsumer(ops[i+n:]) {
				rest := append(repl, ops[i+n:]...)
				ops = append(ops[:i], rest...)
				changed = true
				continue
			}
			if !chainable(o, nil) {
				continue
			}
			chain := logical.ExpandChain{From: o.From, To: o.To, Hops: []logical.Hop{{Dir: o.Dir, Types: o.Types}}}
			n := 1
			if i+1 < len(ops) && isInternal(o.To) {
				if next, ok := ops[i+1].(logical.Expand); ok && next.From == o.To && chainable(next, []string{o.Rel}) {
					chain.To = next.To
					chain.Hops = append(chain.Hops, logical.Hop{Dir: next.Dir, Types: next.Types})
					n = 2
				}
			}
			if !distinctConsumer(ops[i+n:]) {
				continue
			}
			rest := append([]logical.Op{chain}, ops[i+n:]...)
			ops = append(ops[:i], rest...)
			changed = true
		}
	}
	pl.Ops = ops
	return changed
}

// chainable reports whether an expansion may join a set chain: nothing of it
// is bound or named except its end node; prior lists the relationship
// variables it may legitimately have to differ from.
func chainable(o logical.Expand, prior []string) bool {
	if o.ToBound || o.RelBound || !isInternal(o.Rel) {
		return false
	}
	if len(o.Distinct) != len(prior) {
		return false
	}
	for i := range prior {
		if o.Distinct[i] != prior[i] {
			return false
		}
	}
	return true
}

// distinctConsumer reports whether the rows produced before ops reach a
// duplicate-insensitive consumer with nothing in between that could tell
// duplicates apart.
func distinctConsumer(ops []logical.Op) bool {
	for _, op := range ops {
		switch o := op.(type) {
		case logical.NodeFilter, logical.Filter, logical.Project, logical.Select:
		case logical.Distinct:
			return true
		case logical.Aggregate:
			if len(o.Aggs) == 0 {
				return true
			}
			for _, a := range o.Aggs {
				name := strings.ToLower(a.Call.Name)
				if !(a.Call.Distinct || name == "min" || name == "max") || a.Call.Star {
					return false
				}
			}
			return true
		default:
			return false
		}
	}
	return false
}

// commonNeighbours matches, at ops[i], an expansion from a bound node A to
// a new node X followed (after X's own filters) by an expansion from X into
// the bound node B, both relationships anonymous. It returns the operators
// replacing them — the set intersection, then X's filters — and how many
// operators they replace.
func commonNeighbours(ops []logical.Op, i int) ([]logical.Op, int, bool) {
	e1, ok := ops[i].(logical.Expand)
	if !ok || e1.ToBound || e1.RelBound || len(e1.Distinct) > 0 || !isInternal(e1.Rel) {
		return nil, 0, false
	}
	j := i + 1
	var filters []logical.Op
	for j < len(ops) {
		f, ok := ops[j].(logical.NodeFilter)
		if !ok || f.Var != e1.To {
			break
		}
		filters = append(filters, f)
		j++
	}
	if j >= len(ops) {
		return nil, 0, false
	}
	e2, ok := ops[j].(logical.Expand)
	if !ok || e2.From != e1.To || !e2.ToBound || e2.RelBound || !isInternal(e2.Rel) || len(e2.Distinct) != 1 || e2.Distinct[0] != e1.Rel {
		return nil, 0, false
	}
	c := logical.ExpandCommon{A: e1.From, B: e2.To, X: e1.To, HA: logical.Hop{Dir: e1.Dir, Types: e1.Types}, HB: logical.Hop{Dir: e2.Dir, Types: e2.Types}}
	return append([]logical.Op{c}, filters...), j - i + 1, true
}
