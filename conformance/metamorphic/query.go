package metamorphic

import (
	"fmt"
	"slices"
)

// clone returns a deep copy of q: rules change the copy, never the input.
func (q *Query) clone() *Query {
	c := &Query{Stage: q.Stage.clone(), Distinct: slices.Clone(q.Distinct), TailWith: q.TailWith, TailStar: q.TailStar, Call: q.Call, Union: q.Union, TailDrop: slices.Clone(q.TailDrop), TailRename: slices.Clone(q.TailRename), Tail: q.Tail.clone(), Written: slices.Clone(q.Written), WrittenOrdered: q.WrittenOrdered}
	c.Matches = make([]Match, len(q.Matches))
	for i, m := range q.Matches {
		c.Matches[i] = m.clone()
	}
	return c
}

func (m Match) clone() Match {
	c := Match{Optional: m.Optional, Star: m.Star, With: m.With, Drop: slices.Clone(m.Drop), Rename: slices.Clone(m.Rename), Chains: make([]Chain, len(m.Chains)), Where: make([]Pred, len(m.Where))}
	for i, ch := range m.Chains {
		c.Chains[i] = ch.clone()
	}
	for i, p := range m.Where {
		c.Where[i] = p.clone()
	}
	if m.Unwind != nil {
		c.Unwind = &Unwind{Var: m.Unwind.Var, Vals: slices.Clone(m.Unwind.Vals)}
	}
	return c
}

func (ch Chain) clone() Chain {
	c := Chain{Path: ch.Path, Nodes: make([]Node, len(ch.Nodes)), Rels: make([]Rel, len(ch.Rels))}
	for i, n := range ch.Nodes {
		c.Nodes[i] = Node{Var: n.Var, Labels: slices.Clone(n.Labels), Props: slices.Clone(n.Props)}
	}
	for i, r := range ch.Rels {
		r.Types = slices.Clone(r.Types)
		c.Rels[i] = r
	}
	return c
}

func (p Pred) clone() Pred {
	p.Vals = slices.Clone(p.Vals)
	p.Uses = slices.Clone(p.Uses)
	if p.Chain != nil {
		c := p.Chain.clone()
		p.Chain = &c
	}
	return p
}

func (t Tail) clone() Tail {
	t.Items = slices.Clone(t.Items)
	t.Aggs = slices.Clone(t.Aggs)
	t.Uses = slices.Clone(t.Uses)
	if t.Chain != nil {
		c := t.Chain.clone()
		t.Chain = &c
	}
	return t
}

// chains returns pointers to every chain of q: those of the MATCH clauses,
// of the subquery predicates and of the tail, with where each one sits.
func (q *Query) chains() []chainRef {
	var out []chainRef
	for mi := range q.Matches {
		m := &q.Matches[mi]
		for ci := range m.Chains {
			out = append(out, chainRef{c: &m.Chains[ci], match: mi})
		}
		for pi := range m.Where {
			if p := &m.Where[pi]; p.Chain != nil {
				out = append(out, chainRef{c: p.Chain, match: mi, pred: p})
			}
		}
	}
	if q.Tail.Chain != nil {
		out = append(out, chainRef{c: q.Tail.Chain, match: -1})
	}
	return out
}

// chainRef is a chain of a query and its place: the index of its MATCH
// clause (-1 for the tail) and, for a subquery predicate, the predicate.
type chainRef struct {
	c     *Chain
	match int
	pred  *Pred
}

// inSubquery reports whether the chain is a pattern of a subquery
// (predicate or tail) rather than of a MATCH clause.
func (r chainRef) inSubquery() bool { return r.pred != nil || r.match < 0 }

// uses counts the occurrences of variable v in q: declarations in patterns
// and references in predicates, WITH DISTINCT and the tail.
func (q *Query) uses(v string) int {
	if v == "" {
		return 0
	}
	n := q.Stage.uses(v)
	for _, r := range q.chains() {
		n += r.c.declares(v)
	}
	if slices.Contains(q.TailDrop, v) {
		n++
	}
	for _, r := range q.TailRename {
		if r.From == v || r.To == v {
			n++
		}
	}
	for _, m := range q.Matches {
		if m.Unwind != nil && m.Unwind.Var == v {
			n++
		}
		if slices.Contains(m.Drop, v) {
			n++
		}
		for _, r := range m.Rename {
			if r.From == v || r.To == v {
				n++
			}
		}
		for _, p := range m.Where {
			if p.Var == v {
				n++
			}
			if slices.Contains(p.Uses, v) {
				n++
			}
		}
	}
	if slices.Contains(q.Distinct, v) {
		n++
	}
	if q.Tail.Var == v {
		n++
	}
	if slices.Contains(q.Tail.Uses, v) {
		n++
	}
	if t := q.Tail; t.Chain != nil && t.far().Var == v && t.namesEnd() {
		n++ // the styles that return or collect the end node
	}

	return n
}

// namesEnd reports whether the tail's style names the far node of its
// chain outside the chain.
func (t Tail) namesEnd() bool {
	switch t.Kind {
	case TailDegree:
		return t.Style == 2 || t.Style == 3 || t.Style == 5
	case TailDegreeAvg:
		return t.Style == 3
	case TailDegreeOver:
		return t.Style == 3
	}
	return false
}

// fresh returns a variable name used nowhere in q.
func (q *Query) fresh(prefix string) string {
	for i := 1; ; i++ {
		v := fmt.Sprintf("%s%d", prefix, i)
		if q.uses(v) == 0 {
			return v
		}
	}
}

// boundIn reports whether v is declared by a pattern of MATCH clause mi or
// of an earlier one.
func (q *Query) boundIn(v string, mi int) bool {
	if q.Stage != nil && slices.Contains(q.Stage.vars(), v) {
		return true
	}
	for i := 0; i <= mi && i < len(q.Matches); i++ {
		for _, c := range q.Matches[i].Chains {
			if c.declares(v) > 0 {
				return true
			}
		}
	}
	return false
}

// nonNull reports whether variable v is bound to a non-null value in every
// row reaching the tail: it is declared by a pattern of a non-optional MATCH.
func (q *Query) nonNull(v string) bool {
	if q.Stage != nil && slices.Contains(q.Stage.vars(), v) {
		return true // the node, and its count (never null)
	}
	for _, m := range q.Matches {
		if m.Optional {
			continue
		}
		for _, c := range m.Chains {
			for _, n := range c.Nodes {
				if n.Var == v {
					return true
				}
			}
			for _, r := range c.Rels {
				if r.Var == v && !r.VarLen {
					return true
				}
			}
		}
	}
	return false
}

// declaredBefore returns the named variables in scope before MATCH clause
// mi (passed on by the stage, declared by the patterns and UNWIND clauses
// before it, as the WITH
// clauses between drop and rename them), sorted: what a WITH before clause
// mi may pass on (len(q.Matches): before the tail).
func (q *Query) declaredBefore(mi int) []string {
	seen := map[string]bool{}
	if q.Stage != nil {
		for _, v := range q.Stage.vars() {
			seen[v] = true
		}
	}
	for _, m := range q.Matches[:mi] {
		if m.With {
			for _, v := range m.Drop {
				delete(seen, v)
			}
			for _, r := range m.Rename {
				if seen[r.From] {
					delete(seen, r.From)
					seen[r.To] = true
				}
			}
		}
		if m.Unwind != nil {
			seen[m.Unwind.Var] = true
		}
		for _, c := range m.Chains {
			seen[c.Path] = true
			for _, n := range c.Nodes {
				seen[n.Var] = true
			}
			for _, r := range c.Rels {
				seen[r.Var] = true
			}
		}
	}
	delete(seen, "")
	out := make([]string, 0, len(seen))
	for v := range seen {
		out = append(out, v)
	}
	slices.Sort(out)
	return out
}
