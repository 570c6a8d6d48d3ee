package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// semiJoinRuns turns a run of expansions that starts or ends at a node
// bound before it, and whose other nodes and relationships nothing reads
// later, into the existence test it amounts to when the rows'
// multiplicity does not matter: `MATCH (a)-->(b) WITH DISTINCT b MATCH
// (b)-[:T]->()-->(:A {id: $q}) RETURN count(DISTINCT b)` keeps the rows
// whose b has such a walk, as `WITH DISTINCT b WHERE EXISTS {
// (b)-[:T]->()-->(:A {id: $q}) }` does. The existence test is then
// decided as every other is (semiJoinExists, costed): the nodes that
// reach the far end, computed once from it backwards, where the run
// expanded every row's walks one by one (u-h9-program-intersect,
// s-h8-program-intersect). Where the per-row test stays, it stops at a
// row's first walk.
//
// The run is a stretch of operators of one pipeline that expand (single
// hops), scan or seek nodes, or test the nodes and relationships they
// bind, reading one node variable bound before it (the probe) and
// nothing else of the row, with a node sought by constant values
// (anchored): the walks the stretch enumerates for a row are
// the matches of the pattern it spells given the probe, so a row leaves
// the stretch as often as it has matches, and once exactly when it has
// any (the consumer ignores the count). Relationship uniqueness must be
// the pattern's: every two relationships of the stretch are kept apart
// by its expansions (one MATCH), or cannot be equal (disjoint types), as
// they are in one EXISTS pattern. A stretch whose relationships must
// differ from one bound before it (the rest of its MATCH) reads that
// relationship, so it is not a run of one probe.
//
// A run between two nodes bound before it (`WITH DISTINCT h, v MATCH
// (h)-->()-->(v) RETURN count(DISTINCT v)`) is the existence test of the
// walk between them, decided per row or by the set reached from one of
// them (semiJoinExists), where the run enumerated every walk of every
// row; no node need be anchored. It keeps a row once, so only where the
// consumer ignores the rows' multiplicity.
//
// Under a consumer that counts the rows (count(*), sum, collect, ORDER
// BY with LIMIT: anything but DISTINCT and duplicate-insensitive
// aggregates), the run is instead a WalkCount (walkCountFor): each row
// passed on once per walk, the walks of every node counted once from
// the anchored end.
func semiJoinRuns(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	if b.writes || len(ops) == 0 {
		return ops, false
	}
	if _, ok := ops[0].(logical.Start); !ok {
		return ops, false
	}
	for i := 1; i < len(ops); i++ {
		if !runOp(ops[i]) {
			continue
		}
		sc, _, ok := scopeAt(ops, i)
		if !ok {
			continue
		}
		// The longest stretch from i that is a run.
		end := i
		for end < len(ops) && runOp(ops[end]) {
			end++
		}
		for j := end; j > i; j-- {
			test, probes, ok := runExists(ops[i:j], sc, req.After[j-1].Live)
			if !ok {
				continue
			}
			if len(probes) == 2 && req.After[j-1].Bag {
				// A walk between two bound nodes keeps a row once: it
				// replaces the walk only where the rows' multiplicity
				// does not matter.
				continue
			}
			if len(probes) == 1 && req.After[j-1].Bag {
				probe := probes[0]
				// The consumer counts the rows: each row leaves the run
				// once per walk.
				if out, ok := b.walkCountFor(ops, i, j, test, probe); ok {
					return out, true
				}
				continue
			}
			out := replace(ops, i, j-i)
			k := i
			for k > 1 && !capturedBefore(test, probes, out, k-1) {
				// Past a boundary that passes every probe on, under its
				// own name or (a projection of variables that renames
				// another to it, `WITH b AS c`) another's: the test
				// reads the other before it.
				next := slices.Clone(probes)
				for n, p := range probes {
					if passesProbe(out[k-1], p) {
						continue
					}
					src, ok := renamedFrom(out[k-1], p)
					if !ok || slices.Contains(next, src) || !canRenameProbe(test, p, src) {
						next = nil
						break
					}
					next[n] = src
				}
				if next == nil {
					break
				}
				for n, p := range probes {
					if next[n] != p {
						renameProbe(test, p, next[n])
					}
				}
				probes = next
				k--
			}
			return replace(out, k, 0, logical.Filter{Pred: test}), true
		}
	}
	return ops, false
}

// anchored reports whether a node the stretch ops binds is sought by
// constant values: an index seek, or a conjunct of where equating one of
// its properties with an expression that reads no variable (a literal, a
// parameter). Its nodes are few, and the set reached backwards from them
// is small; a run with no such node (`(b)-[:T]->()`) is left to the
// degree reads and set expansions that decide it per row.
func anchored(ops []logical.Op, where []ast.Expr, bound map[string]bool) bool {
	for _, op := range ops {
		if _, ok := op.(logical.NodeIndexSeek); ok {
			return true
		}
	}
	for _, w := range where {
		for _, c := range conjuncts(w) {
			cmp, ok := c.(*ast.Comparison)
			if !ok || len(cmp.Ops) != 1 || cmp.Ops[0] != ast.CmpEq {
				continue
			}
			for k := 0; k < 2; k++ {
				p, ok := cmp.Operands[k].(*ast.Property)
				if !ok {
					continue
				}
				v, ok := p.Expr.(*ast.Variable)
				other := newVarSet()
				addExprVars(cmp.Operands[1-k], &other)
				if ok && bound[v.Name] && len(other.names) == 0 && !other.all {
					return true
				}
			}
		}
	}
	return false
}

// passesProbe reports whether a test that reads only probe may move from
// after op to before it: op is a WITH boundary that passes probe on under
// its own name and computes nothing that could fail (a projection of
// variables, the selection of columns, DISTINCT over columns that include
// probe, whose rows with one probe node are all kept or all dropped by
// the test). The test then meets the operator that bound probe, which
// may apply it to its set (setLabelTests).
func passesProbe(op logical.Op, probe string) bool {
	switch o := op.(type) {
	case logical.Select:
		return contains(o.Vars, probe)
	case logical.Distinct:
		return contains(o.Vars, probe)
	case logical.Project:
		if o.Subst != nil || !projectsItself(o, probe) {
			return false
		}
		for _, it := range o.Items {
			if _, ok := it.Expr.(*ast.Variable); !ok {
				return false
			}
		}
		return true
	}
	return false
}

// capturedBefore reports whether a variable of test other than probe
// (a node or relationship of its pattern, or one its WHERE reads) is in
// scope before ops[k]: moved there, the test would read that variable
// instead of binding its own (`WITH DISTINCT b MATCH (b)-->(a:A {id: 1})`
// after a first MATCH that bound another a).
func capturedBefore(test ast.Expr, probes []string, ops []logical.Op, k int) bool {
	sc, _, ok := scopeAt(ops, k)
	if !ok {
		return true
	}
	x := test.(*ast.ExistsSubquery)
	names := newVarSet()
	addExprVars(x.Where, &names)
	for _, part := range x.Pattern.Parts {
		for _, n := range part.Element.Nodes {
			if n.Var != nil {
				names.names[n.Var.Name] = true
			}
		}
		for _, r := range part.Element.Rels {
			if r.Var != nil {
				names.names[r.Var.Name] = true
			}
		}
	}
	if names.all {
		return true
	}
	for n := range names.names {
		if !slices.Contains(probes, n) && sc.has(n) {
			return true
		}
	}
	return false
}

// renamedFrom returns the variable a projection of variables (op)
// binds probe to, when it is another one.
func renamedFrom(op logical.Op, probe string) (string, bool) {
	p, ok := op.(logical.Project)
	if !ok || p.Subst != nil {
		return "", false
	}
	src := ""
	for _, it := range p.Items {
		v, ok := it.Expr.(*ast.Variable)
		if !ok {
			return "", false
		}
		if it.Name == probe {
			src = v.Name
		}
	}
	return src, src != "" && src != probe
}

// canRenameProbe reports whether the probe of test, a pattern's
// existence from runExists, may be named to instead of from: only when
// its WHERE does not read from and no node or relationship of its
// pattern is named to.
func canRenameProbe(test ast.Expr, from, to string) bool {
	x := test.(*ast.ExistsSubquery)
	reads := newVarSet()
	addExprVars(x.Where, &reads)
	if reads.all || reads.names[from] || reads.names[to] {
		return false
	}
	for _, part := range x.Pattern.Parts {
		for _, n := range part.Element.Nodes {
			if n.Var != nil && n.Var.Name == to {
				return false
			}
		}
		for _, r := range part.Element.Rels {
			if r.Var != nil && r.Var.Name == to {
				return false
			}
		}
	}
	return true
}

// renameProbe names the probe of test from to to (see canRenameProbe).
func renameProbe(test ast.Expr, from, to string) {
	for _, part := range test.(*ast.ExistsSubquery).Pattern.Parts {
		for _, n := range part.Element.Nodes {
			if n.Var != nil && n.Var.Name == from {
				n.Var = &ast.Variable{Span: n.Var.Span, Name: to}
			}
		}
	}
}

// runOp reports whether op may be part of a run: a single expansion that
// binds its relationship, a node scan or index seek, a label test, or a
// filter of the run's own rows.
func runOp(op logical.Op) bool {
	switch o := op.(type) {
	case logical.Expand:
		return !o.RelBound && !o.Adjacent
	case logical.NodeScan:
		return len(o.Prefilter) == 0 && o.Batch == 0
	case logical.NodeIndexSeek, logical.NodeFilter:
		return true
	case logical.Filter:
		return o.Subst == nil && !o.Vectorised
	}
	return false
}

// runExists returns the existence test that ops, a stretch of run
// operators planned where sc is the scope, amount to: the pattern their
// expansions, scans and label tests spell, with their filters as its
// WHERE. ok is false unless the stretch expands at least once, reads
// one node variable of sc (the probe, and then a node of the stretch is
// anchored) or two (the walk between two bound nodes, `WITH DISTINCT h,
// v MATCH (h)-->()-->(v)`: the test is decided per row or by the set
// reached from one end, as any other EXISTS), binds nothing live reads,
// and its relationships are kept apart as one pattern's are. probes are
// the row's node variables it reads, in name order.
func runExists(ops []logical.Op, sc *scope, live varSet) (_ ast.Expr, probes []string, _ bool) {
	bound := map[string]bool{}
	labels := map[string][]ast.LabelExpr{}
	var order []string // node variables in the order first seen
	see := func(v string) {
		if _, ok := labels[v]; !ok {
			labels[v] = nil
			order = append(order, v)
		}
	}
	// addLabel adds a label test of v, once (a seek's label and the
	// label test after it are the same test).
	addLabel := func(v string, l ast.LabelExpr) {
		if n, ok := l.(*ast.LabelName); ok {
			for _, o := range labels[v] {
				if m, ok := o.(*ast.LabelName); ok && m.Name == n.Name {
					return
				}
			}
		}
		labels[v] = append(labels[v], l)
	}
	var expands []logical.Expand
	var where []ast.Expr
	reads := newVarSet()
	for _, op := range ops {
		switch o := op.(type) {
		case logical.Expand:
			if o.Rel == "" {
				return nil, nil, false
			}
			see(o.From)
			see(o.To)
			reads.names[o.From] = true
			if o.ToBound {
				reads.names[o.To] = true
			} else {
				bound[o.To] = true
			}
			bound[o.Rel] = true
			for _, d := range o.Distinct {
				reads.names[d] = true
			}
			expands = append(expands, o)
		case logical.NodeScan:
			see(o.Var)
			bound[o.Var] = true
			if o.Label != "" {
				addLabel(o.Var, &ast.LabelName{Name: o.Label})
			}
			if o.Labels != nil {
				addLabel(o.Var, o.Labels)
			}
		case logical.NodeIndexSeek:
			see(o.Var)
			bound[o.Var] = true
			addLabel(o.Var, &ast.LabelName{Name: o.Label})
			where = append(where, &ast.Comparison{
				Operands: []ast.Expr{&ast.Property{Expr: &ast.Variable{Name: o.Var}, Key: o.Key}, o.Value},
				Ops:      []ast.CompareOp{ast.CmpEq},
			})
			addExprVars(o.Value, &reads)
		case logical.NodeFilter:
			see(o.Var)
			reads.names[o.Var] = true
			addLabel(o.Var, o.Labels)
		case logical.Filter:
			// A filter of the row's own variables is not the run's.
			fr := newVarSet()
			addExprVars(o.Pred, &fr)
			own := false
			for n := range fr.names {
				own = own || bound[n]
			}
			if !own {
				return nil, nil, false
			}
			where = append(where, o.Pred)
			reads.union(fr)
		default:
			return nil, nil, false
		}
	}
	if len(expands) == 0 || reads.all || reads.aggs {
		return nil, nil, false
	}
	// One or two variables of the row are read, nodes: the probes.
	for n := range reads.names {
		if bound[n] {
			continue
		}
		if !sc.has(n) || sc.vars[n] != kindNode || len(probes) == 2 {
			return nil, nil, false
		}
		probes = append(probes, n)
	}
	slices.Sort(probes)
	if len(probes) == 0 || len(probes) == 1 && !anchored(ops, where, bound) {
		return nil, nil, false
	}
	for n := range bound {
		if slices.Contains(probes, n) || live.has(n) {
			return nil, nil, false
		}
	}
	// Relationship uniqueness as in one pattern.
	for k, e := range expands {
		for _, d := range expands[:k] {
			if !contains(e.Distinct, d.Rel) && !contains(d.Distinct, e.Rel) && !typesDisjoint(e.Types, d.Types) {
				return nil, nil, false
			}
		}
	}
	uses := map[string]int{}
	for _, e := range expands {
		uses[e.From]++
		uses[e.To]++
	}
	node := func(v string) *ast.NodePattern {
		n := &ast.NodePattern{Var: &ast.Variable{Name: v}}
		switch ls := labels[v]; len(ls) {
		case 0:
		case 1:
			n.Labels = ls[0]
		default:
			n.Labels = &ast.LabelAnd{Items: ls}
		}
		labels[v] = nil // written once, where the node first occurs
		return n
	}
	// Paths of the expansions chained end to end, a part for each node no
	// expansion touches (a scan the stretch joins by a filter): the parts
	// of one pattern share its uniqueness, and a node variable in several
	// parts is one node.
	var els []*ast.PatternElement
	var ends [][2]string // each element's first and last node variable
	for _, e := range expands {
		r := runRel(e)
		k := 0
		for ; k < len(els); k++ {
			if ends[k][1] == e.From {
				els[k].Rels = append(els[k].Rels, r)
				els[k].Nodes = append(els[k].Nodes, node(e.To))
				ends[k][1] = e.To
				break
			}
			if ends[k][0] == e.To {
				els[k].Rels = append([]*ast.RelPattern{r}, els[k].Rels...)
				els[k].Nodes = append([]*ast.NodePattern{node(e.From)}, els[k].Nodes...)
				ends[k][0] = e.From
				break
			}
		}
		if k == len(els) {
			els = append(els, &ast.PatternElement{Nodes: []*ast.NodePattern{node(e.From), node(e.To)}, Rels: []*ast.RelPattern{r}})
			ends = append(ends, [2]string{e.From, e.To})
		}
	}
	for _, v := range order {
		if uses[v] == 0 {
			els = append(els, &ast.PatternElement{Nodes: []*ast.NodePattern{node(v)}})
		}
	}
	unnameInternal(els, probes, where)
	var parts []*ast.PatternPart
	for _, el := range els {
		parts = append(parts, &ast.PatternPart{Element: el})
	}
	// The filter after an index seek usually repeats its equality.
	var w ast.Expr
	seen := map[string]bool{}
	var conds []ast.Expr
	for _, c := range where {
		for _, x := range conjuncts(c) {
			if k := ast.FormatExpr(x); !seen[k] {
				seen[k] = true
				conds = append(conds, x)
			}
		}
	}
	if len(conds) > 0 {
		w = andAll(conds)
	}
	return &ast.ExistsSubquery{Pattern: &ast.Pattern{Parts: parts}, Where: w}, probes, true
}

// unnameInternal drops from the pattern els the names the planner gave
// to anonymous nodes and relationships (isInternal) that occur
// once and that no conjunct of where reads, so that EXPLAIN shows the
// pattern as it would be written.
func unnameInternal(els []*ast.PatternElement, probes []string, where []ast.Expr) {
	reads := newVarSet()
	for _, w := range where {
		addExprVars(w, &reads)
	}
	count := map[string]int{}
	for _, el := range els {
		for _, n := range el.Nodes {
			count[n.Var.Name]++
		}
	}
	keep := func(v string) bool {
		return slices.Contains(probes, v) || !isInternal(v) || reads.names[v] || count[v] > 1
	}
	for _, el := range els {
		for _, n := range el.Nodes {
			if !keep(n.Var.Name) {
				n.Var = nil
			}
		}
		for _, r := range el.Rels {
			if !keep(r.Var.Name) {
				r.Var = nil
			}
		}
	}
}

// runRel is the relationship pattern of an expansion.
func runRel(e logical.Expand) *ast.RelPattern {
	r := &ast.RelPattern{Var: &ast.Variable{Name: e.Rel}, Direction: e.Dir}
	switch len(e.Types) {
	case 0:
	case 1:
		r.Types = &ast.LabelName{Name: e.Types[0]}
	default:
		or := &ast.LabelOr{}
		for _, t := range e.Types {
			or.Items = append(or.Items, &ast.LabelName{Name: t})
		}
		r.Types = or
	}
	return r
}
