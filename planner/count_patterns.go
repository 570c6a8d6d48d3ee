package planner

import (
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// countPatterns answers a count of the relationships of one hop with at
// most one label on each end, `MATCH (:A)-[r:T1|T2]->(:B) RETURN
// count(r)`, from the store's exact counts per (start label, type, end
// label) instead of visiting the nodes: the count is the sum over the
// types (all when none is named) of Stats.RelPatternCount(A, T, B), with
// "" for an end without a label. An undirected hop, `(:A)-[r:T]-(:B)`,
// matches every relationship either way round and a self-loop once:
// RelPatternCount(A, T, B) + RelPatternCount(B, T, A) -
// SelfLoopCount(A, T, B). A filter after the hop that only excludes its
// self-loops (excludesSelfLoops) takes SelfLoopCount(A, T, B) off once
// more. It holds whether or not the type implies
// the labels, and is 0 for a label no relationship of the type touches.
//
// Grouped by type(r), `RETURN type(r), count(*)`, the counts are one row
// per type (named, or every type of the graph) with relationships.
//
// The pipeline must be Start, a scan of one end, the expansion to the
// other end (neither bound, the relationship not bound, not a self-loop
// pattern) and label tests of one label per end, then an aggregation
// without keys or keyed by type(r) alone, whose every aggregate is
// count(*) or count of one of the three variables (never null in a
// MATCH). The count is planned as a
// constant, and the counts it comes from are facts the plan assumes
// (Compiled.Assumes), so a plan cached before they change is planned
// again. Queries that write are left alone: their own writes could change
// the counts while they run.
func countPatterns(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	if b.writes || len(ops) < 4 {
		return ops, false
	}
	if _, ok := ops[0].(logical.Start); !ok {
		return ops, false
	}
	scan, ok := ops[1].(logical.NodeScan)
	if !ok || len(scan.Prefilter) > 0 {
		return ops, false
	}
	labels := map[string][]string{}
	if scan.Label != "" {
		labels[scan.Var] = []string{scan.Label}
	}
	var ex logical.Expand
	seen := false
	loops := false // a filter excludes the hop's self-loops
	agg := -1
	for j := 2; j < len(ops) && agg < 0; j++ {
		switch o := ops[j].(type) {
		case logical.Expand:
			if seen || o.From != scan.Var || o.To == o.From || o.ToBound || o.RelBound || len(o.Distinct) > 0 {
				return ops, false
			}
			ex, seen = o, true
		case logical.NodeFilter:
			ls, simple := ast.SimpleLabels(o.Labels)
			if !simple {
				return ops, false
			}
			labels[o.Var] = append(labels[o.Var], ls...)
		case logical.Filter:
			if !seen || !excludesSelfLoops(o.Pred, ex.Rel, ex.From, ex.To) {
				return ops, false
			}
			loops = true
		case logical.Aggregate:
			agg = j
		default:
			return ops, false
		}
	}
	if !seen || agg < 0 {
		return ops, false
	}
	a := ops[agg].(logical.Aggregate)
	byType := len(a.Keys) == 1 && typeOf(a.Keys[0].Expr, ex.Rel)
	if len(a.Keys) > 0 && !byType || len(a.Aggs) == 0 {
		return ops, false
	}
	for _, c := range a.Aggs {
		if !(c.Call.Star && strings.EqualFold(c.Call.Name, "count") && len(c.Call.Namespace) == 0) &&
			!countOf(c.Call, []string{ex.From, ex.To, ex.Rel}) {
			return ops, false
		}
	}
	for v, ls := range labels {
		if (v != ex.From && v != ex.To) || len(distinctNames(ls)) > 1 {
			return ops, false
		}
	}
	start, end := first(labels[ex.From]), first(labels[ex.To])
	if ex.Dir == ast.DirLeft {
		start, end = end, start
	}
	types := ex.Types
	if len(types) == 0 {
		types = []string{""}
		if byType {
			// One row per type: every type of the graph's catalog.
			cat, ok := b.stats.(interface{ Types() []string })
			if !ok {
				return ops, false
			}
			types = cat.Types()
		}
	}
	total := 0.0
	var facts []PatternCount
	var rows []ast.Expr // [type, count] per type with relationships
	directed := ex.Dir == ast.DirLeft || ex.Dir == ast.DirRight
	for _, t := range distinctNames(types) {
		parts := []PatternCount{{Start: start, Type: t, End: end}}
		if !directed {
			// Either way round, a self-loop once.
			parts = append(parts, PatternCount{Start: end, Type: t, End: start}, PatternCount{Start: start, Type: t, End: end, Loops: true})
		}
		if loops {
			// Without self-loops: the one count of each left goes too.
			parts = append(parts, PatternCount{Start: start, Type: t, End: end, Loops: true})
		}
		n := 0.0
		for k := range parts {
			c := parts[k].count(b.stats)
			if c < 0 {
				return ops, false
			}
			parts[k].Count = c
			if parts[k].Loops {
				c = -c
			}
			n += c
		}
		facts = append(facts, parts...)
		total += n
		if n > 0 {
			rows = append(rows, &ast.ListLiteral{Items: []ast.Expr{
				&ast.Literal{Kind: ast.LitString, Str: t}, &ast.Literal{Kind: ast.LitInt, Int: int64(n)}}})
		}
	}
	b.assume(facts...)
	note := fmt.Sprintf("%d relationships %s, from the store's counts", int64(total), patternText(start, ex.Types, end, directed))
	if !byType {
		items := make([]logical.Item, len(a.Aggs))
		for k, c := range a.Aggs {
			items[k] = logical.Item{Name: c.Name, Expr: &ast.Literal{Span: c.Call.Span, Kind: ast.LitInt, Int: int64(total)}}
		}
		return replace(ops, 1, agg, logical.Project{Items: items, Note: note}), true
	}
	// Grouped by type: one row per type with relationships, unwound from
	// a list of [type, count] pairs.
	row := b.fresh("typecount")
	at := func(i int64) ast.Expr {
		return &ast.Index{Expr: &ast.Variable{Name: row}, Index: &ast.Literal{Kind: ast.LitInt, Int: i}}
	}
	items := []logical.Item{{Name: a.Keys[0].Name, Expr: at(0)}}
	for _, c := range a.Aggs {
		items = append(items, logical.Item{Name: c.Name, Expr: at(1)})
	}
	return replace(ops, 1, agg,
		logical.Unwind{Expr: &ast.ListLiteral{Items: rows}, Var: row},
		logical.Project{Items: items, Note: note + ", per type"}), true
}

// typeOf reports whether e is type(rel).
func typeOf(e ast.Expr, rel string) bool {
	fc, ok := e.(*ast.FunctionCall)
	if !ok || !strings.EqualFold(qualifiedName(fc), "type") || len(fc.Args) != 1 {
		return false
	}
	v, ok := fc.Args[0].(*ast.Variable)
	return ok && v.Name == rel
}

// first is names' first element, "" when there is none.
func first(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return names[0]
}

// distinctNames is names without repeats, in order.
func distinctNames(names []string) []string {
	var out []string
	for _, n := range names {
		dup := false
		for _, o := range out {
			dup = dup || o == n
		}
		if !dup {
			out = append(out, n)
		}
	}
	return out
}

// patternText writes (:start)-[:T1|T2]->(:end) for EXPLAIN, -[...]-
// when not directed.
func patternText(start string, types []string, end string, directed bool) string {
	node := func(l string) string {
		if l == "" {
			return "()"
		}
		return "(:" + l + ")"
	}
	head := "->"
	if !directed {
		head = "-"
	}
	rel := "-" + head
	if len(types) > 0 && types[0] != "" {
		rel = "-[:" + strings.Join(distinctNames(types), "|") + "]" + head
	}
	return node(start) + rel + node(end)
}
