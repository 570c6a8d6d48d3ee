package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// leastTrails searches breadth-first, instead of enumerating trails, a
// variable-length relationship whose paths are read only for their least
// length: MATCH p = (a)-[*1..3]->(b) WITH a, b, min(length(p)) AS d.
//
// Why it is exact. A MATCH path never repeats a relationship (a trail).
// The ShortestPath operator selects, per start and end node, one trail of
// the least length within the bounds: a breadth-first search where the
// two nodes differ and the minimum is at most 1 (a shortest walk between
// two nodes repeats no node, so no relationship either), and otherwise
// (a cycle back to the start, a minimum above 1) the search of trails in
// order of length. So the pairs of end nodes it yields are those the
// expansion yields, and for each its one path has the least length of
// the expansion's paths. Where the consumers read the path only through
// min(length(p)) (or size(relationships(p)), size(nodes(p)), plus or
// minus a constant) and do not count the rows (required.go: Bag is
// false), one row per pair gives their answer. Where they collect the
// path into a list read only as its least length and the count of the
// paths of that length (leastReads), the search yields every trail of
// the least length per pair (AllShortestPaths: per pair these are the
// expansion's paths of that length), and a collect counts no other row.
//
// Preconditions, from the required-properties analysis rather than the
// query's text: the expansion enumerates rows (row mode), binds its own
// relationship list (not one bound before) and need not differ from
// other relationships of the pattern (a property map its relationships
// must match is checked by the search as it crosses them: the trails of
// the expansion are those of the graph of the relationships that match,
// whose least trails the search finds); the list is read by nothing but the path's binding, which
// binds p from the expansion's two end nodes and its list alone; p is
// read by nothing but min aggregates of its length or the collects
// leastReads takes, and the rows' multiplicity (but for those collects)
// and order do not matter from the expansion on. A
// pattern of one variable-length relationship under OPTIONAL MATCH is
// rewritten by the same rule in the optional's pipeline, whose consumer
// need is the optional's (rewriteNested); its p stays live there, so it
// is read through the operators of the pipeline that holds the
// aggregation (leastTrailsOptional).
func leastTrails(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		switch o := op.(type) {
		case logical.VarExpand:
			if o.Lengths != logical.EveryTrail {
				continue // one trail per length already (trailLengths)
			}
			// A relationship list read as a path is bound as one first
			// (relListAsLeastPath); the expansion then becomes a search
			// by the path's own rule, or nothing changes.
			if alt, p, ok := b.relListAsLeastPath(ops, i); ok {
				if out, ok := leastTrails(b, alt, analyse(alt, req.After[len(ops)-1])); ok && searches(out, p) {
					return out, true
				}
			}
			// A filter of the path between its binding and its reads
			// becomes the search's pre-filter (leastTrailsFilter).
			work, wreq := ops, req
			var pre ast.Expr
			if pb := pathBindOf(ops, i); pb >= 0 {
				if w, moved, ok := b.leastTrailsFilter(ops, i, pb); ok {
					work, pre, wreq = w, moved, analyse(w, req.After[len(ops)-1])
				}
			}
			// What the operators need of the rows, with a collect of
			// the path read as a least length (leastReads).
			// Or the rows of the k least lengths, ordered by length
			// and cut (leastFirst): the search keeps k paths (or
			// lengths) per pair.
			rq, all, least := wreq, false, false
			k, groups := 0, false
			if pb := pathBindOf(work, i); pb >= 0 {
				p := work[pb].(logical.PathBind).Var
				var sub []logical.Op
				if sub, all, least = b.leastReads(work[pb+1:], p); least && all {
					rq = analyse(append(append([]logical.Op(nil), work[:pb+1]...), sub...), wreq.After[len(work)-1])
				}
				if !least {
					k, groups = b.leastFirst(work, pb, wreq)
				}
			}
			pb, ok := leastTrailsBind(work, i, rq, k > 0)
			if !ok || pb < 0 && pre != nil {
				continue
			}
			if pb < 0 {
				return replace(work, i, 1, leastTrailsSearch(o, "", false)), true
			}
			p := work[pb].(logical.PathBind).Var
			if !least && k == 0 {
				continue
			}
			search := leastTrailsSearch(o, p, all)
			search.Pred = pre
			switch {
			case k == 1 && groups:
				search.All = true // ALL SHORTEST, as the builder plans it
			case k > 0:
				search.K, search.Groups = k, groups
			}
			out := replace(work, pb, 1)
			out = replace(out, i, 1, search)
			if ends, ok := b.leastTrailsEnds(out, i); ok {
				return ends, true
			}
			return out, true
		case logical.Optional:
			if inner, ok := b.leastTrailsOptional(o, ops[i+1:], req.After[i], req.After[len(ops)-1]); ok {
				o.Inner = inner
				return replace(ops, i, 1, o), true
			}
		}
	}
	return ops, false
}

// leastTrailsOptional rewrites the expansion of an OPTIONAL MATCH whose
// path the operators after it (rest) read only for its least length (or
// its least-length paths, leastReads); after is what they need of the
// optional's rows, out what the pipeline's consumer needs. Its rows are
// those of the expansion or, when it yields none, the input row with p
// null, which min and collect ignore either way.
func (b *builder) leastTrailsOptional(o logical.Optional, rest []logical.Op, after, out need) ([]logical.Op, bool) {
	for i, op := range o.Inner {
		v, ok := op.(logical.VarExpand)
		if !ok || v.Lengths != logical.EveryTrail {
			continue
		}
		at := pathBindOf(o.Inner, i)
		if at < 0 {
			continue
		}
		sub, all, least := b.leastReads(rest, o.Inner[at].(logical.PathBind).Var)
		if !least {
			return nil, false
		}
		if all {
			after = analyse(sub, out).In
		}
		pb, ok := leastTrailsBind(o.Inner, i, analyse(o.Inner, after), false)
		if !ok || pb < 0 { // a bare existence is rewritten in o.Inner itself
			continue
		}
		p := o.Inner[pb].(logical.PathBind).Var
		for _, later := range o.Inner[pb+1:] {
			if usesOf(later).has(p) {
				return nil, false
			}
		}
		inner := replace(o.Inner, pb, 1)
		return replace(inner, i, 1, leastTrailsSearch(v, p, all)), true
	}
	return nil, false
}

// leastTrailsBind returns the index of the PathBind that binds a path from
// the expansion ops[i] alone, when the expansion may be searched for its
// least trails as far as the operators up to that binding tell; or -1
// when nothing reads the expansion's trails and both its ends are bound
// (MATCH (a)-[*1..3]->(b) with a and b bound before, its rows not
// counted): a trail joins the two within the bounds exactly when a
// shortest one does. With rows set the consumers read the rows of the
// least paths, each once (leastFirst), and may count them.
func leastTrailsBind(ops []logical.Op, i int, req required, rows bool) (int, bool) {
	o := ops[i].(logical.VarExpand)
	if o.Mode == logical.SetMode || o.ListBound || len(o.Distinct) > 0 {
		return 0, false
	}
	if req.After[i].Bag && !rows || req.After[i].Ordered {
		return 0, false
	}
	for j := i + 1; j < len(ops); j++ {
		if pb, ok := ops[j].(logical.PathBind); ok && len(pb.Rels) == 1 && pb.Rels[0] == o.RelList {
			if len(pb.Lists) != 1 || !pb.Lists[0] || len(pb.Nodes) != 2 || !sameEnds(pb.Nodes, o.From, o.To) {
				return 0, false
			}
			if req.After[j].Live.has(o.RelList) {
				return 0, false
			}
			return j, true
		}
		if o.RelList != "" && usesOf(ops[j]).has(o.RelList) {
			return 0, false
		}
	}
	// Nothing reads the trails: only whether one joins the two nodes
	// matters. Where the end node is free a set frontier serves better
	// (setVarExpand).
	if o.ToBound && (o.RelList == "" || !req.After[len(ops)-1].Live.has(o.RelList)) {
		return -1, true
	}
	return 0, false
}

// sameEnds reports whether nodes are from and to in either order (a
// pattern written against the expansion's direction lists them reversed).
func sameEnds(nodes []string, from, to string) bool {
	return nodes[0] == from && nodes[1] == to || nodes[0] == to && nodes[1] == from
}

// pathBindOf returns the index of the PathBind after ops[i] that reads
// the relationship list of the expansion ops[i], or -1.
func pathBindOf(ops []logical.Op, i int) int {
	o := ops[i].(logical.VarExpand)
	if o.RelList == "" {
		return -1
	}
	for j := i + 1; j < len(ops); j++ {
		if pb, ok := ops[j].(logical.PathBind); ok && len(pb.Rels) == 1 && pb.Rels[0] == o.RelList {
			return j
		}
	}
	return -1
}

// leastTrailsSearch is the shortest-path search that replaces expansion o,
// binding path p: every path of the least length per pair of end nodes
// when all is set, one of them otherwise.
func leastTrailsSearch(o logical.VarExpand, p string, all bool) logical.ShortestPath {
	s := logical.ShortestPath{From: o.From, To: o.To, Path: p, Dir: o.Dir, Types: o.Types, Min: o.Min, Max: o.Max, All: all, Props: o.Props, ToFree: !o.ToBound}
	// The expansion's per-level tests, in its direction (From to To),
	// restrict the search as they restricted the trails.
	reached, left, inner := expansionTests(o)
	for _, run := range []struct {
		nodes logical.StepNodes
		tests []logical.StepTest
	}{{logical.StepReached, reached}, {logical.StepLeft, left}, {logical.StepInner, inner}} {
		for _, t := range run.tests {
			t.Nodes = run.nodes
			s.Steps = append(s.Steps, t)
		}
	}
	return s
}

// leastTrailsEnds takes, for the search ops[at] from one source whose end
// node a later filter tests by itself (b.id = $other), the alternative
// the builder takes for shortestPath((a)-[*]->(b {id: $other})): the end
// nodes that pass the test are scanned first and each pair searched (a
// bidirectional search, which stops where the two sides meet). It returns
// that pipeline when the cost model prices it below the search from the
// one source, which reads everything within the bound.
func (b *builder) leastTrailsEnds(ops []logical.Op, at int) ([]logical.Op, bool) {
	sp := ops[at].(logical.ShortestPath)
	if !sp.ToFree || sp.From == sp.To {
		return nil, false
	}
	label := ""
	for j := at + 1; j < len(ops) && isTest(ops[j]); j++ {
		if nf, ok := ops[j].(logical.NodeFilter); ok && nf.Var == sp.To && label == "" {
			if ls, simple := ast.SimpleLabels(nf.Labels); simple && len(ls) > 0 {
				label = ls[0]
			}
		}
	}
	for j := at + 1; j < len(ops); j++ {
		if !isTest(ops[j]) {
			break // To may be bound anew, or the rows change otherwise
		}
		f, ok := ops[j].(logical.Filter)
		if !ok || f.Subst != nil || f.Vectorised {
			continue
		}
		var own, rest []ast.Expr
		for _, c := range conjuncts(f.Pred) {
			// Only a test that cannot fail moves to the scan: the scan
			// tests every end node, the search reaches only some, and a
			// test that may fail would raise its error on the others.
			if readsOnly(c, sp.To) && neverFails(c, map[string]bool{sp.To: true}) && !b.readsFailingList(c) {
				own = append(own, c)
			} else {
				rest = append(rest, c)
			}
		}
		if len(own) == 0 {
			continue
		}
		alt := append([]logical.Op(nil), ops...)
		if len(rest) == 0 {
			alt = replace(alt, j, 1)
		} else {
			f.Pred = andOf(rest)
			alt[j] = f
		}
		pair := sp
		pair.ToFree = false
		alt = replace(alt, at, 1, logical.NodeScan{Var: sp.To, Label: label}, logical.Filter{Pred: andOf(own)}, pair)
		if b.flatCost(alt) < b.flatCost(ops) {
			return alt, true
		}
		return nil, false
	}
	return nil, false
}

// readsOnly reports whether e reads variable name and no other variable
// (parameters and constants aside), nor any subquery or aggregate.
func readsOnly(e ast.Expr, name string) bool {
	s := newVarSet()
	addExprVars(e, &s)
	if s.all || s.aggs || len(s.names) != 1 {
		return false
	}
	return s.names[name]
}

// flatCost is the rows ops produce plus the relationships they read (the
// cost of a pipeline, without that of the pipelines its operators own,
// which the alternatives leastTrailsEnds weighs share).
func (b *builder) flatCost(ops []logical.Op) float64 {
	pl := &logical.Pipeline{Ops: append([]logical.Op(nil), ops...)}
	reads := b.estimateReads(pl)
	total := 0.0
	for i, r := range pl.Est {
		total += r + reads[i]
	}
	return total
}

// isTest reports whether op only keeps or drops the rows it reads.
func isTest(op logical.Op) bool {
	switch op.(type) {
	case logical.Filter, logical.NodeFilter, logical.RelFilter:
		return true
	}
	return false
}
