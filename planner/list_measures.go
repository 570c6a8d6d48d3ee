package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// listMeasures reads the size of every list that a bound path decides
// element by element as the path's length: for the path p a PathBind
// binds, the size of its one variable-length relationship list rs is
// length(p) minus its other relationships (read so in an aggregation's
// calls, min(size(rs)), where a search reads p), and the size of a list
// projected as nodes(p) or relationships(p), or a slice of one of them
// from a literal start to a literal end (the node lists of a quantified
// path's group variables, nodes(p)[0..-1] and nodes(p)[1..]), is
// length(p) plus a constant. So one measure, length(p) plus a constant,
// stands for each of them, and every rule that reads a path's length
// (the least-length search of min(length(p)), the hop bounds of
// length(p) <= k, a fixed path's literal length) reads them all:
// MATCH (h) (()--(x)){1,2} (o) WITH min(size(x)) is searched as
// MATCH p = (h)-[*1..2]-(o) WITH min(length(p)) is.
//
// Why it is exact. A path of length L has L relationships and L + 1
// nodes, and PathBind builds p from its nodes and relationships with the
// list rs in place, so size(rs) = L - (the path's other relationships).
// A slice l[a..-c] (or l[a..], c = 0) of a list of n elements, with
// literals a >= 0 and c >= 0, has max(0, n - a - c) elements; where the
// list has at least a + c elements whatever L is (nodes: n = L + 1, so
// a + c <= 1; relationships: n = L, so a = c = 0) that is n - a - c. A
// null path (an OPTIONAL MATCH that found nothing) makes both sides null.
//
// The rewrite covers the operators after the PathBind up to the first
// aggregation (included), DISTINCT or change of scope (Select), as
// pathFunctions does, where p and the lists keep their values; a list
// is read as a measure only where its name stands free (rewriteExpr
// does not enter expressions that bind variables of their own), and no
// longer once a projection binds its name again.
func (b *builder) listMeasures(pl *logical.Pipeline) (*logical.Pipeline, bool) {
	changed := false
	for i, op := range pl.Ops {
		pb, ok := op.(logical.PathBind)
		if !ok {
			continue
		}
		m := measures{path: pb.Var, sizes: map[string]int{}}
		// The relationship list is read as p only in the aggregation's
		// calls (min(size(rs)), where the least-length search reads
		// p): elsewhere a read of p in its place would keep p bound for
		// it alone, where the list is bound anyway.
		agg := measures{path: pb.Var, sizes: map[string]int{}}
		if k := oneList(pb); k >= 0 {
			agg.sizes[pb.Rels[k]] = -(len(pb.Rels) - 1)
		}
	scan:
		for j := i + 1; j < len(pl.Ops); j++ {
			switch o := pl.Ops[j].(type) {
			case logical.Filter:
				if o.Subst != nil {
					continue
				}
				if e, ok := m.expr(o.Pred); ok {
					o.Pred = e
					pl.Ops[j], changed = o, true
				}
			case logical.Project:
				if o.Subst != nil {
					break scan // the items read grouping keys by their text
				}
				items, ok := replaceItems(o.Items, func(it logical.Item) (logical.Item, bool) {
					e, ok := m.expr(it.Expr)
					it.Expr = e
					return it, ok
				})
				if ok {
					o.Items = items
					pl.Ops[j], changed = o, true
				}
				for _, it := range o.Items {
					delete(m.sizes, it.Name)
					delete(agg.sizes, it.Name)
					if it.Name == m.path {
						break scan
					}
					if extra, ok := m.listOfPath(it.Expr); ok {
						m.sizes[it.Name], agg.sizes[it.Name] = extra, extra
					}
				}
			case logical.Sort:
				if o.Subst != nil {
					continue
				}
				keys, ok := replaceItems(o.Keys, func(k logical.SortKey) (logical.SortKey, bool) {
					e, ok := m.expr(k.Expr)
					k.Expr = e
					return k, ok
				})
				if ok {
					o.Keys = keys
					pl.Ops[j], changed = o, true
				}
			case logical.Aggregate:
				keys, kc := replaceItems(o.Keys, func(it logical.Item) (logical.Item, bool) {
					e, ok := m.expr(it.Expr)
					it.Expr = e
					return it, ok
				})
				aggs, ac := replaceItems(o.Aggs, func(a logical.AggCall) (logical.AggCall, bool) {
					args, ok := rewriteExprs(a.Call.Args, agg.measure)
					if !ok {
						return a, false
					}
					call := *a.Call
					call.Args = args
					if name, ref := b.aggRefs[a.Call]; ref {
						b.aggRefs[&call] = name
					}
					a.Call = &call
					return a, true
				})
				if kc || ac {
					o.Keys, o.Aggs = keys, aggs
					pl.Ops[j], changed = o, true
				}
				break scan
			case logical.Select, logical.Distinct:
				break scan
			case logical.PathBind:
				if o.Var == m.path {
					break scan
				}
			}
		}
	}
	return pl, changed
}

// oneList returns the index of the one variable-length relationship list
// of path binding pb, or -1 when it has none or more than one.
func oneList(pb logical.PathBind) int {
	at := -1
	for k, l := range pb.Lists {
		if !l {
			continue
		}
		if at >= 0 {
			return -1
		}
		at = k
	}
	return at
}

// measures rewrites the sizes of the lists one bound path decides (see
// listMeasures): sizes maps each list's name to its size minus the
// path's length.
type measures struct {
	path  string
	sizes map[string]int
}

// expr rewrites the measures in e.
func (m measures) expr(e ast.Expr) (ast.Expr, bool) { return rewriteExpr(e, m.measure) }

// measure returns size(l) of a list l of the path as length(p) plus its
// constant.
func (m measures) measure(e ast.Expr) (ast.Expr, bool) {
	c, ok := e.(*ast.FunctionCall)
	if !ok || len(c.Namespace) != 0 || c.Distinct || len(c.Args) != 1 || !strings.EqualFold(c.Name, "size") {
		return e, false
	}
	v, ok := varName(c.Args[0])
	if !ok {
		return e, false
	}
	extra, ok := m.sizes[v]
	if !ok {
		return e, false
	}
	var out ast.Expr = &ast.FunctionCall{Span: c.Span, Name: "length", Args: []ast.Expr{&ast.Variable{Span: c.Args[0].NodeSpan(), Name: m.path}}}
	switch {
	case extra > 0:
		out = &ast.Binary{Span: c.Span, Op: ast.OpAdd, Left: out, Right: intLit(c.Span, int64(extra))}
	case extra < 0:
		out = &ast.Binary{Span: c.Span, Op: ast.OpSub, Left: out, Right: intLit(c.Span, int64(-extra))}
	}
	return out, true
}

// listOfPath reads e as nodes(p) or relationships(p), or a slice of one
// whose size is the list's size less constants whatever the path's
// length, and returns that size minus length(p).
func (m measures) listOfPath(e ast.Expr) (int, bool) {
	from, less := 0, 0
	if s, ok := e.(*ast.Slice); ok {
		if s.From != nil {
			a, ok := intLiteral(s.From)
			if !ok || a < 0 {
				return 0, false
			}
			from = a
		}
		if s.To != nil {
			c, ok := intLiteral(s.To)
			if !ok || c >= 0 {
				return 0, false
			}
			less = -c
		}
		e = s.Expr
	}
	f, ok := e.(*ast.FunctionCall)
	if !ok || len(f.Namespace) != 0 || f.Distinct || len(f.Args) != 1 {
		return 0, false
	}
	if v, ok := varName(f.Args[0]); !ok || v != m.path {
		return 0, false
	}
	n := 0
	switch strings.ToLower(f.Name) {
	case "nodes":
		n = 1
	case "relationships":
	default:
		return 0, false
	}
	if from+less > n {
		return 0, false // a short path's slice is empty, not shorter
	}
	return n - from - less, true
}
