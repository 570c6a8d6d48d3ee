package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// setExpandChain turns a run of expansions, each from the node the one
// before reached, whose relationships and inner nodes nothing reads later
// into a set chain binding only the distinct end nodes, when the rows'
// multiplicity does not matter: `(a)-->(b)-->(c) RETURN count(DISTINCT
// c)` touches each relationship of the frontier once instead of
// enumerating every two-hop path. The run may hold single expansions,
// variable-length ones of a fixed length (`-[:R*2]->` is two hops),
// label tests on the nodes it reaches (`(:B)` in the middle) and tests of
// their own properties (see chainPred), however many hops it spans; the chain's trails keep MATCH's relationship uniqueness
// (see chainable). It takes the longest such run (one expansion alone
// too). An expansion left in row mode gets its reason (Why), for EXPLAIN.
func setExpandChain(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	kinds := b.kinds()
	for i, op := range ops {
		first, ok := asLink(op)
		if !ok {
			continue
		}
		if chain, n, ok := longestChain(ops, i, first, req, kinds); ok {
			return replace(ops, i, n, chain...), true
		} else if o, isExpand := op.(logical.Expand); isExpand {
			why := expandRowReason(o, req.After[i])
			if stop := chainStop(ops, i, first, req, kinds); stop != "" && req.After[i].Live.has(o.Rel) && isInternal(o.Rel) {
				why += "; " + stop
			}
			if why != o.Why {
				o.Why = why
				return replace(ops, i, 1, o), true
			}
		}
	}
	return ops, false
}

// link is an expansion seen as part of a set chain: a single hop, or a
// variable-length expansion of one fixed length.
type link struct {
	from, rel, to string
	hop           logical.Hop
	n             int // hops
	types         []string
	distinct      []string
	bound         bool // the end node or the relationship(s) already bound
}

// asLink returns op as a chain link: an Expand, or a VarExpand of one
// fixed length from 1 up whose relationships carry no property test.
func asLink(op logical.Op) (link, bool) {
	switch o := op.(type) {
	case logical.Expand:
		return link{from: o.From, rel: o.Rel, to: o.To, hop: logical.Hop{Dir: o.Dir, Types: o.Types}, n: 1,
			types: o.Types, distinct: o.Distinct, bound: o.ToBound || o.RelBound}, true
	case logical.VarExpand:
		if o.Min != o.Max || o.Min < 1 || o.Props != nil || len(o.Steps) > 0 {
			return link{}, false
		}
		return link{from: o.From, rel: o.RelList, to: o.To, hop: logical.Hop{Dir: o.Dir, Types: o.Types}, n: o.Min,
			types: o.Types, distinct: o.Distinct, bound: o.ToBound || o.ListBound}, true
	}
	return link{}, false
}

// longestChain returns the set chain replacing the longest run of links
// from ops[i] (first) whose inner relationships and nodes are dead after
// it, with the number of operators it replaces. The run may cross WITH
// boundaries that carry its end node on (see crossBoundary): the chain
// replaces them, followed by the boundaries with the end node they
// carried replaced by the chain's. Each link's hops get a uniqueness
// group (see linkGroup): a later MATCH clause's hops may reuse an earlier
// one's relationships.
func longestChain(ops []logical.Op, i int, first link, req required, kinds kindsOf) ([]logical.Op, int, bool) {
	if !chainable(first, nil) {
		return nil, 0, false
	}
	links := []link{first}
	groups := []int{0}
	var hops []logical.Hop
	addHops := func(l link, g int) {
		for range l.n {
			hops = append(hops, logical.Hop{Dir: l.hop.Dir, Types: l.hop.Types, Group: g})
		}
	}
	addHops(first, 0)
	var best []logical.Op
	bestN := 0
	var crossed []logical.Op // the boundaries passed, in order
	var carried []string     // the names the end node had before the last
	// kindsOnly: the last hop holds a test only the value kinds let the
	// chain take (chainPred); the chain ends only after a further link,
	// so such a test of the end node stays a filter after the chain,
	// where the rules that read filters (rowFacts, pricing) see it.
	kindsOnly := false
	consider := func(j int) {
		if kindsOnly {
			return
		}
		if len(links) == 1 && isVarExpand(ops[i]) {
			return // a variable-length expansion alone is setVarExpand's
		}
		if !req.After[j].Bag && !req.After[j].Live.hasAny(append(chainInner(links), carried...)...) {
			to := links[len(links)-1].to
			best = append([]logical.Op{logical.ExpandChain{From: first.from, To: to, Hops: slices.Clone(hops)}}, carryBoundaries(crossed, carried, to)...)
			bestN = j - i + 1
		}
	}
	consider(i)
	end := first.to
	for j := i + 1; j < len(ops); j++ {
		// A test after a boundary that renamed the end node reads the new
		// name, which the chain's last hop does not bind (the boundary is
		// carried after the chain): the run ends before it.
		renamed := end != links[len(links)-1].to
		if f, ok := ops[j].(logical.NodeFilter); ok && !renamed && f.Var == end && f.Labels != nil {
			last := &hops[len(hops)-1]
			last.Labels = andLabels(last.Labels, f.Labels)
			consider(j)
			continue
		}
		inner := chainVars(links)
		for _, c := range carried {
			inner[c] = true
		}
		if f, ok := ops[j].(logical.Filter); ok && !renamed && chainPred(f, end, inner, kinds) {
			last := &hops[len(hops)-1]
			last.Pred, last.Var = andPred(last.Pred, f.Pred), end
			kindsOnly = kindsOnly || !chainPred(f, end, inner, nil)
			consider(j)
			continue
		}
		if to, ok := crossBoundary(ops[j], end, inner); ok {
			crossed = append(crossed, ops[j])
			if !slices.Contains(carried, end) {
				carried = append(carried, end)
			}
			end = to
			continue
		}
		next, ok := asLink(ops[j])
		if !ok || next.from != end {
			break
		}
		g, ok := linkGroup(next, links, groups)
		if !ok {
			break
		}
		if next.from != links[len(links)-1].to && !slices.Contains(carried, next.from) {
			carried = append(carried, next.from)
		}
		links = append(links, next)
		groups = append(groups, g)
		addHops(next, g)
		end = next.to
		kindsOnly = false
		consider(j)
	}
	return best, bestN, bestN > 0
}

func isVarExpand(op logical.Op) bool {
	_, ok := op.(logical.VarExpand)
	return ok
}

// chainStop says what ends the run of links from ops[i] early, when it is
// an operator a set chain could otherwise pass: a test on an inner node
// other than a label test or a chainPred, with a link from that node after it whose
// rows' multiplicity does not matter. "" otherwise.
func chainStop(ops []logical.Op, i int, first link, req required, kinds kindsOf) string {
	end, blocker := first.to, ""
	inner := chainVars([]link{first})
	for j := i + 1; j < len(ops); j++ {
		switch o := ops[j].(type) {
		case logical.NodeFilter:
			if o.Var == end {
				continue
			}
		case logical.Filter:
			if chainPred(o, end, inner, kinds) {
				continue
			}
			if usesOf(o).has(end) {
				if blocker == "" {
					blocker = "a set chain tests on its inner nodes only labels and tests of their own properties that cannot fail, not the predicate on `" + end + "`"
					if isInternal(end) {
						blocker = "a set chain tests on its inner nodes only labels and tests of their own properties that cannot fail, not this predicate on one"
					}
				}
				continue
			}
		}
		l, ok := asLink(ops[j])
		if !ok || l.from != end {
			return ""
		}
		if blocker != "" {
			if req.After[j].Bag {
				return "" // no chain would replace these rows
			}
			return blocker
		}
		end = l.to
		inner[l.rel], inner[l.to] = true, true
	}
	return ""
}

// chainPred reports whether a set chain can test f on the node v it
// reaches, between hops: f reads v, otherwise only variables bound before
// the chain (none of inner, the variables its links bind: their values
// are the row's, as for a literal), and cannot fail (a chain tests it on
// every node a walk reaches, where rows would test it only on the nodes of
// trails, so an error it raised could be one rows never meet). That is a
// comparison, a null test, IN a list literal or a string match of v's
// properties, literals, parameters and such variables, and the boolean
// combinations of such tests; or, by the kinds of the values of the
// properties any node holds (kinds, nil for none known), a test
// neverFailsKinds proves cannot fail on v (`v.id % 2 = 0` where every
// id is an INTEGER or null).
func chainPred(f logical.Filter, v string, inner map[string]bool, kinds kindsOf) bool {
	if f.Subst != nil || f.Vectorised {
		return false
	}
	uses := usesOf(f)
	if uses.all || uses.aggs || !uses.names[v] {
		return false
	}
	for n := range uses.names {
		if n != v && inner[n] {
			return false
		}
	}
	return safeTest(f.Pred, v) || kinds != nil && !hasPatternExpr(f.Pred) && neverFailsKinds(f.Pred, map[string]bool{v: true}, kinds)
}

// chainVars is the variables links bind: their relationships and the
// nodes they reach.
func chainVars(links []link) map[string]bool {
	out := map[string]bool{}
	for _, l := range links {
		out[l.rel], out[l.to] = true, true
	}
	return out
}

// safeTest reports whether e is a test that yields true, false or null
// without error, reading only v's properties, literals, parameters and
// other variables.
func safeTest(e ast.Expr, v string) bool {
	switch x := e.(type) {
	case *ast.Literal:
		return x.Kind == ast.LitBool || x.Kind == ast.LitNull
	case *ast.Comparison:
		for _, o := range x.Operands {
			if !safeValue(o, v) {
				return false
			}
		}
		return true
	case *ast.IsNull:
		return safeValue(x.Expr, v)
	case *ast.StringMatch:
		return safeValue(x.Left, v) && safeValue(x.Right, v)
	case *ast.In:
		l, ok := x.List.(*ast.ListLiteral)
		if !ok || !safeValue(x.Expr, v) {
			return false
		}
		for _, it := range l.Items {
			if !safeValue(it, v) {
				return false
			}
		}
		return true
	case *ast.Unary:
		return x.Op == ast.OpNot && safeTest(x.Expr, v)
	case *ast.Binary:
		return (x.Op == ast.OpAnd || x.Op == ast.OpOr || x.Op == ast.OpXor) && safeTest(x.Left, v) && safeTest(x.Right, v)
	}
	return false
}

// safeValue reports whether e is a literal, a parameter, the element
// `$p[0]` of a list parameter singletonIns wrote (knownElement), a
// variable other than v
// (its value, bound before the chain) or a property of v.
func safeValue(e ast.Expr, v string) bool {
	switch x := e.(type) {
	case *ast.Literal, *ast.Parameter:
		return true
	case *ast.Index:
		return knownElement(x)
	case *ast.Variable:
		return x.Name != v
	case *ast.Property:
		n, ok := x.Expr.(*ast.Variable)
		return ok && n.Name == v
	}
	return false
}

// andPred is the conjunction of two tests (a may be nil).
func andPred(a, b ast.Expr) ast.Expr {
	if a == nil {
		return b
	}
	return &ast.Binary{Op: ast.OpAnd, Left: a, Right: b}
}

// andLabels is the conjunction of two label expressions (either may be
// nil).
func andLabels(a, b ast.LabelExpr) ast.LabelExpr {
	if a == nil {
		return b
	}
	return &ast.LabelAnd{Items: []ast.LabelExpr{a, b}}
}

// chainInner lists what a set chain of hops does not bind: every
// relationship and every node but the last.
func chainInner(links []link) []string {
	var names []string
	for k, l := range links {
		names = append(names, l.rel)
		if k < len(links)-1 {
			names = append(names, l.to)
		}
	}
	return names
}

// chainable reports whether an expansion may join a set chain after the
// links prior: it binds a new end node and new relationships, which must
// differ from the relationships of prior and no others (a fixed-length
// expansion's own relationships differ from one another: it is a trail). A prior hop its
// relationship need not differ from must have types disjoint from its
// own (so the two cannot be the same relationship either): a set chain
// gives trails, not walks.
func chainable(o link, prior []link) bool {
	if o.bound {
		return false
	}
	for _, d := range o.distinct {
		found := false
		for _, p := range prior {
			found = found || p.rel == d
		}
		if !found {
			return false
		}
	}
	for _, p := range prior {
		if !contains(o.distinct, p.rel) && !typesDisjoint(p.types, o.types) {
			return false
		}
	}
	return true
}

// typesDisjoint reports whether no relationship can have a type of both
// lists (an empty list allows every type).
func typesDisjoint(a, b []string) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	for _, t := range a {
		if contains(b, t) {
			return false
		}
	}
	return true
}

// expandRowReason says why o must enumerate its relationships one by one,
// given what its consumers need; "" when nothing does.
func expandRowReason(o logical.Expand, after need) string {
	switch {
	case after.Live.has(o.Rel):
		if isInternal(o.Rel) {
			return "its relationship is used later (by a path, or by the uniqueness of the pattern's later relationships)"
		}
		return "`" + o.Rel + "` is used later"
	case after.Bag:
		return "the number of paths matters (no DISTINCT or duplicate-insensitive aggregate follows)"
	case o.RelBound:
		return "the relationship is already bound"
	case o.ToBound:
		return "the end node is already bound (an adjacency test per row)"
	case len(o.Distinct) > 0:
		var named []string
		for _, d := range o.Distinct {
			if !isInternal(d) {
				named = append(named, "`"+d+"`")
			}
		}
		if len(named) == len(o.Distinct) {
			return "its relationship must differ from " + strings.Join(named, ", ")
		}
		return "its relationship must differ from the pattern's other relationships"
	}
	return ""
}
