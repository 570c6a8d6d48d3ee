package metamorphic

import (
	"slices"
	"strings"
)

// Rule is one equivalence-preserving rewrite. Apply returns every query
// obtained from q by one application of the rule at one place (none when
// its precondition holds nowhere); it never changes q.
type Rule struct {
	Name  string
	Apply func(q *Query) []*Query
}

// Rules returns the rewrite rules, in the order the generator tries them.
// Each rule's precondition is written beside it; every one is an
// equivalence of openCypher semantics, rows compared as multisets (or in
// order for a total ORDER BY), nulls and duplicates included.
func Rules() []Rule {
	return []Rule{
		{"name-anonymous", nameAnonymous},
		{"unname-unused", unnameUnused},
		{"name-path", namePath},
		{"flip-direction", flipChain},
		{"inline-to-where", inlineToWhere},
		{"where-to-inline", whereToInline},
		{"predicate-style", predicateStyle},
		{"label-to-where", labelToWhere},
		{"where-to-label", whereToLabel},
		{"split-match", splitMatch},
		{"varlength-to-hops", varLengthToHops},
		{"hops-to-varlength", hopsToVarLength},
		{"varlength-short", varLengthShort},
		{"tail-style", tailStyle},
		{"exists-to-match", existsToMatch},
		{"in-to-unwind", inToUnwind},
		{"with-before-match", withBeforeMatch},
		{"unwind-later", unwindAfterMatch},
		{"with-drop", withDrop},
		{"with-rename", renameAfterMatch},
		{"with-star", withStar},
		{"call-wrap", callWrap},
		{"filter-wrap", filterWrap},
		{"varlength-by-length", varLengthByLength},
		{"stage-style", stageStyle},
	}
}

// eachChain calls f on a copy of q for every chain of q (the same position
// in the copy) and collects the copies for which f reports a change.
func eachChain(q *Query, f func(c *Query, r chainRef) bool) []*Query {
	var out []*Query
	n := len(q.chains())
	for i := 0; i < n; i++ {
		c := q.clone()
		if f(c, c.chains()[i]) {
			out = append(out, c)
		}
	}
	return out
}

// nameAnonymous gives an anonymous node or relationship a fresh name.
// Precondition: the name is used nowhere else (so it joins nothing), and
// the chain is not written as a pattern predicate (which may not declare
// variables).
func nameAnonymous(q *Query) []*Query {
	var out []*Query
	for i, r := range q.chains() {
		if r.pred != nil && r.pred.Style == StylePattern {
			continue
		}
		for j := range r.c.Nodes {
			if r.c.Nodes[j].Var == "" {
				c := q.clone()
				c.chains()[i].c.Nodes[j].Var = c.fresh("n")
				out = append(out, c)
			}
		}
		for j := range r.c.Rels {
			if r.c.Rels[j].Var == "" {
				c := q.clone()
				c.chains()[i].c.Rels[j].Var = c.fresh("r")
				out = append(out, c)
			}
		}
	}
	return out
}

// unnameUnused drops the name of a node, relationship, relationship list or
// path that is referenced nowhere but in its own declaration.
// Precondition: the variable occurs exactly once in the query.
func unnameUnused(q *Query) []*Query {
	var out []*Query
	for i, r := range q.chains() {
		if r.c.Path != "" && q.uses(r.c.Path) == 1 {
			c := q.clone()
			c.chains()[i].c.Path = ""
			out = append(out, c)
		}
		for j, n := range r.c.Nodes {
			if n.Var != "" && q.uses(n.Var) == 1 {
				c := q.clone()
				c.chains()[i].c.Nodes[j].Var = ""
				out = append(out, c)
			}
		}
		for j, x := range r.c.Rels {
			if x.Var != "" && q.uses(x.Var) == 1 {
				c := q.clone()
				c.chains()[i].c.Rels[j].Var = ""
				out = append(out, c)
			}
		}
	}
	return out
}

// namePath names a chain of a MATCH clause as a path that nothing uses.
// Precondition: the chain is a MATCH pattern with no path name yet.
func namePath(q *Query) []*Query {
	return eachChain(q, func(c *Query, r chainRef) bool {
		if r.inSubquery() || r.c.Path != "" {
			return false
		}
		r.c.Path = c.fresh("p")
		return true
	})
}

// flipChain writes a chain from its other end: (a)-->(b)<-[:T]-(c) becomes
// (c)-[:T]->(b)<--(a). The same bindings match.
// Precondition: the chain's path name, if any, is unused (a path would be
// reversed), and no relationship list variable of it is used (the list
// would be reversed).
func flipChain(q *Query) []*Query {
	return eachChain(q, func(c *Query, r chainRef) bool {
		ch := r.c
		if len(ch.Rels) == 0 || c.uses(ch.Path) > 1 {
			return false
		}
		for _, x := range ch.Rels {
			if x.VarLen && c.uses(x.Var) > 1 {
				return false
			}
		}
		slices.Reverse(ch.Nodes)
		slices.Reverse(ch.Rels)
		for i := range ch.Rels {
			switch ch.Rels[i].Dir {
			case Out:
				ch.Rels[i].Dir = In
			case In:
				ch.Rels[i].Dir = Out
			}
		}
		return true
	})
}

// inlineToWhere moves one entry of an inline property map to the WHERE of
// the same MATCH: (a {k: v}) is (a) WHERE a.k = v. Both filter the
// clause's bindings (for OPTIONAL MATCH too, since the WHERE belongs to the
// clause). Precondition: the chain is a MATCH pattern; an anonymous node is
// named first with a fresh name.
func inlineToWhere(q *Query) []*Query {
	return nodePartToWhere(q, func(n *Node) int { return len(n.Props) }, func(n *Node, k int) Pred {
		p := n.Props[k]
		n.Props = slices.Delete(n.Props, k, k+1)
		return Pred{Kind: PredProp, Style: StyleEq, Var: n.Var, Key: p.Key, Vals: []string{p.Val}}
	})
}

// nodePartToWhere returns, for every part k < parts(node) of every node
// pattern of a MATCH clause, the query where take removed that part from
// the node (named first if anonymous) and returned the predicate that the
// clause's WHERE gets instead.
func nodePartToWhere(q *Query, parts func(*Node) int, take func(n *Node, k int) Pred) []*Query {
	var out []*Query
	for i, r := range q.chains() {
		if r.inSubquery() {
			continue
		}
		for j := range r.c.Nodes {
			for k := 0; k < parts(&r.c.Nodes[j]); k++ {
				c := q.clone()
				cr := c.chains()[i]
				node := &cr.c.Nodes[j]
				if node.Var == "" {
					node.Var = c.fresh("n")
				}
				m := &c.Matches[cr.match]
				m.Where = append(m.Where, take(node, k))
				out = append(out, c)
			}
		}
	}
	return out
}

// whereToInline moves a one-value property equality from WHERE into the
// inline map of the node pattern declaring the variable in the same MATCH.
// Precondition: the predicate is a top-level conjunct, its variable is a
// node declared by that clause, and the map has no entry for the key.
func whereToInline(q *Query) []*Query {
	var out []*Query
	for mi, m := range q.Matches {
		for pi, p := range m.Where {
			if p.Kind != PredProp || len(p.Vals) != 1 {
				continue
			}
			c := q.clone()
			cm := &c.Matches[mi]
			if node := findNode(cm.Chains, p.Var); node != nil && !hasProp(node, p.Key) {
				node.Props = append(node.Props, Prop{Key: p.Key, Val: p.Vals[0]})
				cm.Where = slices.Delete(cm.Where, pi, pi+1)
				out = append(out, c)
			}
		}
	}
	return out
}

func findNode(chains []Chain, v string) *Node {
	for ci := range chains {
		for ni := range chains[ci].Nodes {
			if chains[ci].Nodes[ni].Var == v {
				return &chains[ci].Nodes[ni]
			}
		}
	}
	return nil
}

func hasProp(n *Node, key string) bool {
	for _, p := range n.Props {
		if p.Key == key {
			return true
		}
	}
	return false
}

// predicateStyle writes a predicate another way.
//
// Property membership, in WHERE: x.k = v, v = x.k, x.k IN [v] and
// any(i IN [v] WHERE x.k = i) for one value; x.k IN [v1, v2], any(...) and
// the OR chains for several. Precondition: the values are non-null
// literals, so each form is true, false or (x.k null) null together, and
// WHERE drops null and false alike.
//
// Label: x:L and 'L' IN labels(x), both null when x is null.
//
// Also, for distinct non-null values, single(i IN [...] WHERE x.k = i)
// (exactly one value can equal x.k), and for any values
// NOT none(i IN [...] WHERE x.k = i) and NOT all(i IN [...] WHERE x.k <> i),
// both any(...) by De Morgan, null when x.k is null.
//
// Existence: EXISTS { c }, EXISTS { MATCH c }, COUNT { c } > 0,
// size([c | 1]) > 0 and the pattern predicate c (negated: NOT ..., = 0);
// a count threshold in the styles Pred.threshold prints. Precondition
// for the pattern predicate: every named variable of c is declared by the
// enclosing MATCH (a pattern predicate declares nothing), there is no
// WHERE inside, and the conjunct is not wrapped (filterWrap). A negated
// existence check (no count threshold, not wrapped, no path name) in a
// MATCH that is not OPTIONAL is also the anti-join OPTIONAL MATCH c
// WITH ... WHERE r IS NULL after the clause (Query.antiJoins): a WHERE
// conjunct of a non-optional MATCH filters the same rows wherever it
// stands among them, and relationship uniqueness binds neither form to
// the clause's relationships; r must be the chain's own (an r bound
// before would stay bound when nothing matches).
func predicateStyle(q *Query) []*Query {
	var out []*Query
	for mi, m := range q.Matches {
		for pi, p := range m.Where {
			var styles []Style
			switch p.Kind {
			case PredProp:
				if len(p.Vals) == 1 {
					styles = []Style{StyleEq, StyleEqFlip, StyleIn, StyleAny}
				} else {
					styles = []Style{StyleIn, StyleAny, StyleOr, StyleOrFlip}
				}
				styles = append(styles, StyleNotNone, StyleNotAll)
				if distinctValues(p.Vals) {
					styles = append(styles, StyleSingle)
				}
			case PredLabel:
				styles = []Style{StyleEq, StyleLabelsIn}
			case PredExists:
				styles = []Style{StyleExists, StyleExistsMatch, StyleCount, StyleSize}
				if p.SubWhere == "" && p.AtLeast <= 1 && p.Wrap == WrapNone && patternDeclaresNothing(q, mi, p.Chain) {
					styles = append(styles, StylePattern)
				}
				if r := p.Chain.Rels[0].Var; p.Negated && p.AtLeast <= 1 && p.Wrap == WrapNone && !m.Optional && p.Chain.Path == "" && (r == "" || q.uses(r) == 1) {
					styles = append(styles, StyleOptionalNull)
				}
			}
			for _, s := range styles {
				if s == p.Style {
					continue
				}
				c := q.clone()
				c.Matches[mi].Where[pi].Style = s
				out = append(out, c)
			}
		}
	}
	return out
}

func patternDeclaresNothing(q *Query, mi int, c *Chain) bool {
	if c.Path != "" {
		return false
	}
	for _, n := range c.Nodes {
		if n.Var != "" && !q.boundIn(n.Var, mi) {
			return false
		}
	}
	for _, r := range c.Rels {
		if r.Var != "" && !q.boundIn(r.Var, mi) {
			return false
		}
	}
	return true
}

// labelToWhere moves a label of a node pattern to WHERE: (a:L) is (a)
// WHERE a:L. Precondition: the chain is a MATCH pattern; an anonymous node
// is named first with a fresh name.
func labelToWhere(q *Query) []*Query {
	return nodePartToWhere(q, func(n *Node) int { return len(n.Labels) }, func(n *Node, k int) Pred {
		l := n.Labels[k]
		n.Labels = slices.Delete(n.Labels, k, k+1)
		return Pred{Kind: PredLabel, Var: n.Var, Label: l}
	})
}

// whereToLabel moves a label predicate of WHERE into the node pattern
// declaring the variable in the same MATCH. Precondition: as whereToInline.
func whereToLabel(q *Query) []*Query {
	var out []*Query
	for mi, m := range q.Matches {
		for pi, p := range m.Where {
			if p.Kind != PredLabel {
				continue
			}
			c := q.clone()
			cm := &c.Matches[mi]
			if node := findNode(cm.Chains, p.Var); node != nil && !slices.Contains(node.Labels, p.Label) {
				node.Labels = append(node.Labels, p.Label)
				cm.Where = slices.Delete(cm.Where, pi, pi+1)
				out = append(out, c)
			}
		}
	}
	return out
}

// splitMatch splits one MATCH into two consecutive MATCH clauses, either
// between two patterns of its pattern list or inside a chain at a node
// (named first, so that both parts join on it). Relationship uniqueness
// holds only within one MATCH, so for every pair of relationships (one in
// each part) that could bind the same relationship, the split restores it
// with a predicate: r1 <> r2, NOT r IN rs, or none(x IN rs1 WHERE x IN rs2);
// pairs whose type sets are disjoint need none. The WHERE of the original
// clause goes to the second one.
// Precondition: the clause is not OPTIONAL, and the split chain has no path
// name (the path would be cut in two).
func splitMatch(q *Query) []*Query {
	var out []*Query
	for mi, m := range q.Matches {
		if m.Optional {
			continue
		}
		for ci := 1; ci < len(m.Chains); ci++ {
			c := q.clone()
			cm := c.Matches[mi]
			first := Match{Chains: cm.Chains[:ci]}
			second := Match{Chains: cm.Chains[ci:], Where: cm.Where}
			out = append(out, finishSplit(c, mi, first, second))
		}
		for ci, ch := range m.Chains {
			if ch.Path != "" {
				continue
			}
			for at := 1; at < len(ch.Nodes)-1; at++ {
				c := q.clone()
				cm := c.Matches[mi]
				cc := cm.Chains[ci]
				if cc.Nodes[at].Var == "" {
					cc.Nodes[at].Var = c.fresh("n")
				}
				head := Chain{Nodes: cc.Nodes[:at+1], Rels: cc.Rels[:at]}
				tail := Chain{Nodes: append([]Node{{Var: cc.Nodes[at].Var}}, cc.Nodes[at+1:]...), Rels: cc.Rels[at:]}
				first := Match{Chains: append(slices.Clone(cm.Chains[:ci]), head)}
				second := Match{Chains: append([]Chain{tail}, cm.Chains[ci+1:]...), Where: cm.Where}
				out = append(out, finishSplit(c, mi, first, second))
			}
		}
	}
	return out
}

// finishSplit adds the uniqueness predicates between the relationships of
// first and second and puts both clauses in place of clause mi of c.
func finishSplit(c *Query, mi int, first, second Match) *Query {
	for fi := range first.Chains {
		for fr := range first.Chains[fi].Rels {
			a := &first.Chains[fi].Rels[fr]
			for si := range second.Chains {
				for sr := range second.Chains[si].Rels {
					b := &second.Chains[si].Rels[sr]
					if !typesOverlap(a.Types, b.Types) {
						continue
					}
					if a.Var == "" {
						a.Var = c.fresh("r")
					}
					if b.Var == "" {
						b.Var = c.fresh("r")
					}
					second.Where = append(second.Where, uniquePred(c, *a, *b))
				}
			}
		}
	}
	first.Star = c.Matches[mi].Star
	first.With, first.Drop, first.Rename, first.Unwind = c.Matches[mi].With, c.Matches[mi].Drop, c.Matches[mi].Rename, c.Matches[mi].Unwind
	ms := append([]Match(nil), c.Matches[:mi]...)
	ms = append(ms, first, second)
	c.Matches = append(ms, c.Matches[mi+1:]...)
	return c
}

func typesOverlap(a, b []string) bool {
	if len(a) == 0 || len(b) == 0 {
		return true
	}
	for _, t := range a {
		if slices.Contains(b, t) {
			return true
		}
	}
	return false
}

// uniquePred says that relationships (or relationship lists) a and b share
// no relationship.
func uniquePred(c *Query, a, b Rel) Pred {
	uses := []string{a.Var, b.Var}
	switch {
	case !a.VarLen && !b.VarLen:
		return Pred{Kind: PredRaw, Raw: a.Var + " <> " + b.Var, Uses: uses}
	case a.VarLen && b.VarLen:
		x := c.fresh("x")
		return Pred{Kind: PredRaw, Raw: "none(" + x + " IN " + a.Var + " WHERE " + x + " IN " + b.Var + ")", Uses: uses}
	case a.VarLen:
		return Pred{Kind: PredRaw, Raw: "NOT " + b.Var + " IN " + a.Var, Uses: uses}
	}
	return Pred{Kind: PredRaw, Raw: "NOT " + a.Var + " IN " + b.Var, Uses: uses}
}

// varLengthToHops writes -[:T*k]-> as k hops -[:T]->()-[:T]->... with
// anonymous nodes between. Within one MATCH the relationships of a
// variable-length pattern and the fixed ones are all pairwise distinct, so
// both forms bind the same relationships. Precondition: fixed length
// (min = max, 1..4), no relationship list variable, no path name (the path
// is the same, but keep paths out of it).
func varLengthToHops(q *Query) []*Query {
	var out []*Query
	for i, r := range q.chains() {
		if r.c.Path != "" {
			continue
		}
		for j, x := range r.c.Rels {
			if !x.VarLen || x.Min != x.Max || x.Min < 1 || x.Min > 4 || x.Var != "" {
				continue
			}
			c := q.clone()
			ch := c.chains()[i].c
			hop := Rel{Types: x.Types, Dir: x.Dir}
			nodes := slices.Clone(ch.Nodes[:j+1])
			rels := slices.Clone(ch.Rels[:j])
			for k := 0; k < x.Min; k++ {
				if k > 0 {
					nodes = append(nodes, Node{})
				}
				rels = append(rels, hop)
			}
			nodes = append(nodes, ch.Nodes[j+1:]...)
			rels = append(rels, ch.Rels[j+1:]...)
			ch.Nodes, ch.Rels = nodes, rels
			out = append(out, c)
		}
	}
	return out
}

// hopsToVarLength writes k consecutive equal hops -[:T]->()-[:T]->... as
// -[:T*k]->. Precondition: the hops are anonymous with the same types and
// direction, and the nodes between them are anonymous with no labels or
// properties; see varLengthToHops for why uniqueness is unchanged.
func hopsToVarLength(q *Query) []*Query {
	var out []*Query
	for i, r := range q.chains() {
		if r.c.Path != "" {
			continue
		}
		rels := r.c.Rels
		for j := 0; j < len(rels); j++ {
			k := j
			for k+1 < len(rels) && sameHop(rels[j], rels[k+1]) && plainNode(r.c.Nodes[k+1]) {
				k++
			}
			if k == j || !sameHop(rels[j], rels[j]) {
				continue
			}
			c := q.clone()
			ch := c.chains()[i].c
			n := k - j + 1
			v := Rel{Types: rels[j].Types, Dir: rels[j].Dir, VarLen: true, Min: n, Max: n}
			ch.Nodes = append(slices.Clone(ch.Nodes[:j+1]), ch.Nodes[k+1:]...)
			ch.Rels = append(append(slices.Clone(ch.Rels[:j]), v), ch.Rels[k+1:]...)
			out = append(out, c)
			j = k
		}
	}
	return out
}

func sameHop(a, b Rel) bool {
	return !a.VarLen && !b.VarLen && a.Var == "" && b.Var == "" && a.Dir == b.Dir && slices.Equal(a.Types, b.Types)
}

func plainNode(n Node) bool { return n.Var == "" && len(n.Labels) == 0 && len(n.Props) == 0 }

// varLengthShort writes *1..n as *..n and back (the lower bound defaults
// to 1). Precondition: min is 1 and max is above 1.
func varLengthShort(q *Query) []*Query {
	var out []*Query
	for i, r := range q.chains() {
		for j, x := range r.c.Rels {
			if x.VarLen && x.Min == 1 && x.Max > 1 {
				c := q.clone()
				rel := &c.chains()[i].c.Rels[j]
				rel.Short = !rel.Short
				out = append(out, c)
			}
		}
	}
	return out
}

// tailStyle writes the end of the query another way; see Tail.String for
// the styles. Preconditions (the degree tails' as TailDegree's):
//   - count distinct: WITH DISTINCT v RETURN count(*), count(v) after WITH
//     DISTINCT, and grouping on v count the null group or drop it
//     differently from count(DISTINCT v), so they need v non-null in every
//     row (declared by a non-OPTIONAL MATCH);
//   - count: count(v) and size(collect(v)) need v non-null likewise
//     (sum(1) of no rows is 0);
//   - ordered and grouped tails: ORDER BY must be a total order of the rows
//     (the question guarantees it) so that LIMIT keeps the same rows; it
//     names the aliases or, in the last style, the aliased expressions
//     (ORDER BY count(*) DESC for ORDER BY n DESC);
//   - degree: OPTIONAL MATCH ... WITH v, count(x) groups rows by v, so the
//     rows before must be one per v: the query is a single MATCH of the
//     single node pattern (v ...), with no WITH DISTINCT; the styles that
//     name the end node need it named;
//   - average degree: the OPTIONAL MATCH style as degree's;
//   - degree over a threshold: OPTIONAL MATCH as degree's; MATCH ... WITH
//     v, count(*) drops the nodes without matches, which only a threshold
//     of 0 or more does anyway, and needs the same single MATCH.
func tailStyle(q *Query) []*Query {
	t := q.Tail
	var n int
	ok := func(int) bool { return true }
	switch t.Kind {
	case TailCountDistinct:
		n = 5
		nn := q.nonNull(t.Var)
		ok = func(s int) bool { return s == 0 || s == 3 || nn }
	case TailCount:
		n = 4
		nn := q.nonNull(t.Var)
		ok = func(s int) bool { return (s != 1 && s != 3) || nn }
	case TailDistinct:
		n = 3
	case TailOrdered, TailGroup:
		n = 4
	case TailDegree:
		n = 7
		end := t.far().Var
		single := q.singleNode(t.Var)
		ok = func(s int) bool {
			switch s {
			case 2:
				return end != ""
			case 3, 5:
				return end != "" && single
			}
			return true
		}
	case TailDegreeAvg:
		n = 5
		single := q.singleNode(t.Var)
		ok = func(s int) bool { return s != 3 || single && t.far().Var != "" }
	case TailDegreeOver:
		n = 6
		single, nn := q.singleNode(t.Var), q.nonNull(t.Var)
		ok = func(s int) bool {
			switch s {
			case 2:
				return nn
			case 3:
				return single && t.far().Var != ""
			case 4:
				return single
			}
			return true
		}
	}
	var out []*Query
	for s := 0; s < n; s++ {
		if s == t.Style || !ok(s) {
			continue
		}
		c := q.clone()
		c.Tail.Style = s
		out = append(out, c)
	}
	return out
}

// singleNode reports whether q is a single non-optional MATCH of the
// single node pattern (v ...), with no WITH DISTINCT: its rows are one per
// node v, as grouping by v after an OPTIONAL MATCH from v needs.
func (q *Query) singleNode(v string) bool {
	return len(q.Matches) == 1 && len(q.Distinct) == 0 && len(q.Matches[0].Chains) == 1 &&
		!q.Matches[0].Optional && len(q.Matches[0].Chains[0].Nodes) == 1 && q.Matches[0].Chains[0].Nodes[0].Var == v
}

// existsToMatch turns MATCH (a), (c) WHERE EXISTS { (a)...(c) } into
// MATCH (a)...(c) WITH DISTINCT a, c: the first gives each pair (a, c)
// once when a path joins them, the second gives it once per path, and
// DISTINCT makes that once. Precondition: the clause is the only MATCH, not
// OPTIONAL, declares exactly the two single-node patterns (a ...) and
// (c ...), its only subquery predicate is a non-negated existence check
// (no count threshold, no WHERE inside) of a chain from a to c (or c to
// a) whose other variables are used nowhere else, and the query has no WITH DISTINCT
// and no WITH before the tail yet (which may drop or rename a or c), nor a
// stage (whose count WITH DISTINCT would drop). The labels and
// properties of the node patterns join those of the chain's ends.
func existsToMatch(q *Query) []*Query {
	if len(q.Matches) != 1 || len(q.Distinct) > 0 || q.TailWith || q.Stage != nil {
		return nil
	}
	m := q.Matches[0]
	if m.Optional || len(m.Chains) != 2 || len(m.Chains[0].Nodes) != 1 || len(m.Chains[1].Nodes) != 1 {
		return nil
	}
	a, b := m.Chains[0].Nodes[0], m.Chains[1].Nodes[0]
	if a.Var == "" || b.Var == "" {
		return nil
	}
	var out []*Query
	for pi, p := range m.Where {
		if p.Kind != PredExists || p.Negated || p.Chain.Path != "" || p.SubWhere != "" || p.AtLeast > 1 {
			continue
		}
		ch := p.Chain
		first, last := ch.Nodes[0].Var, ch.Nodes[len(ch.Nodes)-1].Var
		if !(first == a.Var && last == b.Var) && !(first == b.Var && last == a.Var) {
			continue
		}
		c := q.clone()
		cm := &c.Matches[0]
		nc := p.Chain.clone()
		for _, end := range []*Node{&nc.Nodes[0], &nc.Nodes[len(nc.Nodes)-1]} {
			src := a
			if end.Var == b.Var {
				src = b
			}
			end.Labels = append(end.Labels, src.Labels...)
			end.Props = append(end.Props, src.Props...)
		}
		cm.Chains = []Chain{nc}
		cm.Where = slices.Delete(cm.Where, pi, pi+1)
		c.Distinct = []string{a.Var, b.Var}
		if !chainVarsPrivate(c, nc, a.Var, b.Var) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// chainVarsPrivate reports whether every variable of ch other than the
// ends occurs once in q.
func chainVarsPrivate(q *Query, ch Chain, ends ...string) bool {
	for _, n := range ch.Nodes {
		if n.Var != "" && !slices.Contains(ends, n.Var) && q.uses(n.Var) != 1 {
			return false
		}
	}
	for _, r := range ch.Rels {
		if r.Var != "" && q.uses(r.Var) != 1 {
			return false
		}
	}
	return true
}

// inToUnwind turns x.k IN [v1, ..., vn] (or x.k = v1) in the WHERE of
// MATCH clause mi into UNWIND [v1, ..., vn] AS u before the clause and
// x.k = u in its WHERE. A row of the original has x.k equal to exactly one vi when the
// values are distinct and not null, so the UNWIND form keeps each row
// once and drops the others. Precondition: the clause is not OPTIONAL (an
// OPTIONAL MATCH would keep one null row per value) and has no UNWIND yet;
// the values are written distinct and none is null (the datasets bind
// distinct placeholders to distinct values).
func inToUnwind(q *Query) []*Query {
	var out []*Query
	for mi, m := range q.Matches {
		if m.Optional || m.Unwind != nil {
			continue
		}
		for pi, p := range m.Where {
			if p.Kind != PredProp || len(p.Vals) < 1 || !distinctValues(p.Vals) {
				continue
			}
			c := q.clone()
			u := c.fresh("u")
			cm := &c.Matches[mi]
			cm.Unwind = &Unwind{Var: u, Vals: slices.Clone(p.Vals)}
			cm.Where[pi] = Pred{Kind: PredProp, Style: StyleEq, Var: p.Var, Key: p.Key, Vals: []string{u}}
			out = append(out, c)
		}
	}
	return out
}

func distinctValues(vals []string) bool {
	seen := map[string]bool{}
	for _, v := range vals {
		if seen[v] || strings.EqualFold(v, "null") {
			return false
		}
		seen[v] = true
	}
	return true
}

// withBeforeMatch puts WITH v1, ..., vn before MATCH clause mi (mi > 0),
// passing every variable declared before it: the WITH keeps every row
// and every binding a later clause reads, so it changes nothing but the
// query's shape (a projection the planner must see through).
// Precondition: some variable is declared before the clause.
func withBeforeMatch(q *Query) []*Query {
	var out []*Query
	for mi := 1; mi < len(q.Matches); mi++ {
		if q.Matches[mi].With || len(q.declaredBefore(mi)) == 0 {
			continue
		}
		c := q.clone()
		c.Matches[mi].With = true
		out = append(out, c)
	}
	return out
}

// usesFrom counts the occurrences of v in MATCH clause mi (with the WITH
// and UNWIND before it), the clauses after it and the tail
// (len(q.Matches): the tail alone).
func (q *Query) usesFrom(v string, mi int) int {
	sub := &Query{Matches: q.Matches[mi:], Distinct: q.Distinct, TailWith: q.TailWith, TailDrop: q.TailDrop, TailRename: q.TailRename, Tail: q.Tail}
	return sub.uses(v)
}

// unwindLater moves the UNWIND before MATCH clause mi, with the WHERE
// conjuncts of the clause that read its variable, to after that clause:
// before clause mi+1, or before a new clause MATCH (x) that matches again
// the node x those conjuncts test. UNWIND l AS u MATCH A WHERE x.k = u
// MATCH B is MATCH A UNWIND l AS u MATCH B WHERE x.k = u, and MATCH (x)
// ... UNWIND l AS u MATCH (x) WHERE x.k = u. The list reads nothing of A,
// so the UNWIND is a cartesian factor wherever it stands; a conjunct of a
// MATCH WHERE filters the join of the clauses wherever it is written; and
// MATCH (x) of a bound node x matches it once.
// Precondition: the clauses are not OPTIONAL, clause mi+1 has no UNWIND
// and its WITH neither drops nor renames, and only property predicates
// (x.k = u, x.k IN [...u...]) of nodes declared by clause mi or earlier
// read the variable.
func unwindLater(q *Query) []*Query {
	var out []*Query
	for mi := 0; mi < len(q.Matches); mi++ {
		m := q.Matches[mi]
		if m.Unwind == nil || m.Optional {
			continue
		}
		u := m.Unwind.Var
		ok := true
		var tested []string // the nodes the conjuncts reading u test
		for _, p := range m.Where {
			if slices.Contains(p.Uses, u) || p.Kind == PredExists && strings.Contains(p.SubWhere, u) {
				ok = false
			}
			if p.Kind == PredProp && slices.Contains(p.Vals, u) {
				if !q.declaresNode(p.Var, mi) {
					ok = false
				}
				if !slices.Contains(tested, p.Var) {
					tested = append(tested, p.Var)
				}
			}
		}
		if !ok {
			continue
		}
		move := func(c *Query, to *Match) {
			cm := &c.Matches[mi]
			to.Unwind, cm.Unwind = cm.Unwind, nil
			var stay []Pred
			for _, p := range cm.Where {
				if p.Kind == PredProp && slices.Contains(p.Vals, u) {
					to.Where = append(to.Where, p)
				} else {
					stay = append(stay, p)
				}
			}
			cm.Where = stay
		}
		if mi+1 < len(q.Matches) {
			next := q.Matches[mi+1]
			if !next.Optional && next.Unwind == nil && len(next.Drop) == 0 && len(next.Rename) == 0 {
				c := q.clone()
				move(c, &c.Matches[mi+1])
				out = append(out, c)
			}
		}
		if len(tested) > 0 {
			c := q.clone()
			var again Match
			for _, v := range tested {
				again.Chains = append(again.Chains, Chain{Nodes: []Node{{Var: v}}})
			}
			move(c, &again)
			c.Matches = slices.Insert(c.Matches, mi+1, again)
			out = append(out, c)
		}
	}
	return out
}

// declaresNode reports whether v is a node of a pattern of MATCH clause mi
// or an earlier one, not OPTIONAL, with no WITH between that drops or
// renames it.
func (q *Query) declaresNode(v string, mi int) bool {
	found := false
	for i := 0; i <= mi && i < len(q.Matches); i++ {
		m := q.Matches[i]
		if slices.Contains(m.Drop, v) || slices.ContainsFunc(m.Rename, func(r Rename) bool { return r.From == v }) {
			found = false
		}
		if m.Optional {
			continue
		}
		for _, c := range m.Chains {
			for _, n := range c.Nodes {
				if n.Var == v {
					found = true
				}
			}
		}
	}
	return found
}

// withDrop puts a WITH before MATCH clause mi (mi > 0), or before the
// tail, that does not pass on a variable used nowhere from there on: the
// rows are the same, one binding fewer. The WITH, if there, drops one
// more variable.
// Precondition: the variable is in scope there and occurs nowhere in the
// clause, the clauses after it or the tail, and some variable is left.
func withDrop(q *Query) []*Query {
	var out []*Query
	for mi := 1; mi <= len(q.Matches); mi++ {
		vs := q.declaredBefore(mi)
		var drop []string
		if mi < len(q.Matches) {
			drop = q.Matches[mi].Drop
		} else {
			drop = q.TailDrop
		}
		left := 0
		for _, v := range vs {
			if !slices.Contains(drop, v) {
				left++
			}
		}
		for _, v := range vs {
			if slices.Contains(drop, v) || left < 2 || q.usesFrom(v, mi) > 0 {
				continue
			}
			c := q.clone()
			if mi < len(q.Matches) {
				c.Matches[mi].With = true
				c.Matches[mi].Drop = append(c.Matches[mi].Drop, v)
			} else {
				c.TailWith = true
				c.TailDrop = append(c.TailDrop, v)
			}
			out = append(out, c)
		}
	}
	return out
}

// withRename puts a WITH before MATCH clause mi (mi > 0), or before the
// tail, that passes a node variable on under a fresh name, and writes that
// name wherever the variable occurs from there on: the rows are the same,
// the binding has another name.
// Precondition: from there on, the variable occurs only as a node of the
// MATCH patterns, as the variable of property and label predicates of
// their WHERE, in WITH DISTINCT, and as the variable of a count or
// count-distinct tail; the WITH does not drop or rename it yet.
func withRename(q *Query) []*Query {
	var out []*Query
	for mi := 1; mi <= len(q.Matches); mi++ {
		drop, ren := q.TailDrop, q.TailRename
		if mi < len(q.Matches) {
			drop, ren = q.Matches[mi].Drop, q.Matches[mi].Rename
		}
		for _, v := range q.declaredBefore(mi) {
			if slices.Contains(drop, v) || slices.ContainsFunc(ren, func(r Rename) bool { return r.From == v }) {
				continue
			}
			c := q.clone()
			to := c.fresh("w")
			n := 0 // occurrences renamed
			for k := mi; k < len(c.Matches); k++ {
				cm := &c.Matches[k]
				for ci := range cm.Chains {
					for ni := range cm.Chains[ci].Nodes {
						if cm.Chains[ci].Nodes[ni].Var == v {
							cm.Chains[ci].Nodes[ni].Var = to
							n++
						}
					}
				}
				for pi := range cm.Where {
					p := &cm.Where[pi]
					if (p.Kind == PredProp || p.Kind == PredLabel) && p.Var == v {
						p.Var = to
						n++
					}
				}
			}
			for i, d := range c.Distinct {
				if d == v {
					c.Distinct[i] = to
					n++
				}
			}
			if c.Tail.Var == v && (c.Tail.Kind == TailCountDistinct || c.Tail.Kind == TailCount) {
				c.Tail.Var = to
				n++
			}
			if n == 0 || n != q.usesFrom(v, mi) {
				continue // unused from here on (withDrop's case), or used where no name is rewritten
			}
			if mi < len(c.Matches) {
				cm := &c.Matches[mi]
				cm.With = true
				cm.Rename = append(cm.Rename, Rename{From: v, To: to})
			} else {
				c.TailWith = true
				c.TailRename = append(c.TailRename, Rename{From: v, To: to})
			}
			out = append(out, c)
		}
	}
	return out
}

// unwindAfterMatch writes an UNWIND after a MATCH clause: unwindLater,
// also after the steps that give a query an UNWIND and a MATCH clause to
// place it after (splitMatch when the query has one MATCH clause,
// inlineToWhere, then inToUnwind, which alone puts the UNWIND after a
// MATCH when it takes the list of a later clause). Every question with a
// property equality or IN list on a node so gets such forms.
func unwindAfterMatch(q *Query) []*Query {
	var out []*Query
	seen := map[string]bool{q.String(): true}
	for _, x := range composed(q, []func(*Query) []*Query{splitMatch, inlineToWhere, inToUnwind, unwindLater}) {
		if t := x.String(); !seen[t] && unwindAfterAMatch(x) {
			seen[t] = true
			out = append(out, x)
		}
	}
	return out
}

// unwindAfterAMatch reports whether an UNWIND of q stands after a MATCH
// clause.
func unwindAfterAMatch(q *Query) bool {
	for _, m := range q.Matches[1:] {
		if m.Unwind != nil {
			return true
		}
	}
	return false
}

// renameAfterMatch is withRename, also after splitMatch: every question
// with a MATCH clause that can be split so gets forms with a WITH that
// renames a node between two MATCH clauses.
func renameAfterMatch(q *Query) []*Query {
	var out []*Query
	seen := map[string]bool{}
	for _, x := range append([]*Query{q}, splitMatch(q)...) {
		for _, y := range withRename(x) {
			if t := y.String(); !seen[t] {
				seen[t] = true
				out = append(out, y)
			}
		}
	}
	return out
}

// composed returns q and every query that some of steps (each optional,
// in order) make of q.
func composed(q *Query, steps []func(*Query) []*Query) []*Query {
	qs := []*Query{q}
	for _, step := range steps {
		var next []*Query
		for _, x := range qs {
			next = append(next, x)
			next = append(next, step(x)...)
		}
		qs = next
	}
	return qs
}
