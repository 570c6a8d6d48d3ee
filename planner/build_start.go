package planner

import (
	"math"
	"strings"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// Where a pattern starts: the cost model picks the node to bind first, by
// a seek when the WHERE (where inline properties have joined it) compares
// a property on an index, else by a scan of its rarest label.

// propEq is a conjunct on one node that an index or the node store can
// answer: n.key = value, n.key IN list (in), a bound of a range on n.key
// (bound: lower or upper, incl: inclusive) or n.key STARTS WITH prefix
// (bound: prefix); key "" with elementID or id set stands for
// elementId(n) IN list / id(n) IN list.
type propEq struct {
	key       string
	value     ast.Expr
	in        bool
	elementID bool
	id        bool
	bound     boundKind
	incl      bool
	// nan: a bound written NOT (key < value) (and the like), which NaN
	// satisfies too (see complementExact).
	nan bool
	// node: n IN list (key ""), a list of values bound before the
	// pattern, known to be a list: the nodes it holds are n's candidates.
	node bool
}

// boundKind says which part of a range a propEq gives.
type boundKind uint8

const (
	noBound     boundKind = iota // an equality or membership
	lowerBound                   // key > value (key >= value with incl)
	upperBound                   // key < value (key <= value with incl)
	prefixBound                  // key STARTS WITH value
)

// equalities collects, per node variable of the pattern (names), the
// conjuncts of a WHERE clause (in normal form: see normalizePredicate)
// that compare one of its properties, id() or elementId() with an
// expression that does not depend on the pattern's own variables:
// equalities, memberships, range bounds and string prefixes.
//
// A value that reads no variable is kept only when it cannot fail (see
// seekValue): a seek computes it before any row, where the written test
// computes it on the rows that reach it.
func (b *builder) equalities(where ast.Expr, names []string, sc *scope) map[string][]propEq {
	out := map[string][]propEq{}
	local := map[string]bool{}
	for _, n := range names {
		if !sc.has(n) {
			local[n] = true
		}
	}
	// add records `k op other` for a keyed k of a local variable.
	add := func(k ast.Expr, op ast.CompareOp, other ast.Expr, prefix, in, nan bool) {
		if usesAny(other, local) || !b.seekValue(other) || in && !b.seekList(other) && len(exprVars(other)) == 0 {
			return // a value drawn again on every row (rand()) is not one value to seek
		}
		for v := range exprVars(other) {
			if !sc.has(v) {
				return // bound later (another pattern part), or local to other
			}
		}
		var c propEq
		var v string
		if p, ok := k.(*ast.Property); ok {
			name, isVar := varProperty(p)
			if !isVar {
				return
			}
			v, c.key = name, p.Key
		} else if name, ok := entityFunc(k); ok {
			if op != ast.CmpEq || prefix {
				return
			}
			v = name
			c.elementID = strings.EqualFold(k.(*ast.FunctionCall).Name, "elementid")
			c.id = !c.elementID
			if !in {
				// id(v) = x: a seek of the one-element list [x].
				other, in = &ast.ListLiteral{Span: other.NodeSpan(), Items: []ast.Expr{other}}, true
			}
		} else {
			return
		}
		if !local[v] {
			return
		}
		c.value, c.in, c.nan = other, in, nan
		switch {
		case prefix:
			c.bound = prefixBound
		case op == ast.CmpGt || op == ast.CmpGe:
			c.bound, c.incl = lowerBound, op == ast.CmpGe
		case op == ast.CmpLt || op == ast.CmpLe:
			c.bound, c.incl = upperBound, op == ast.CmpLe
		case op != ast.CmpEq:
			return
		}
		out[v] = append(out[v], c)
	}
	for _, c := range conjuncts(where) {
		switch x := c.(type) {
		case *ast.In:
			if v, ok := x.Expr.(*ast.Variable); ok && local[v.Name] {
				if nodeList(x.List, local, sc) {
					out[v.Name] = append(out[v.Name], propEq{value: x.List, in: true, node: true})
				}
				continue
			}
			add(x.Expr, ast.CmpEq, x.List, false, true, false)
		case *ast.StringMatch:
			if x.Op == ast.StrStartsWith {
				add(x.Left, ast.CmpEq, x.Right, true, false, false)
			}
		case *ast.Comparison:
			// Each link of a chain a < b <= c is a comparison of its own,
			// where seeking by one does not skip a row on which another
			// operand raises its error (chainSeekable).
			if !b.chainSeekable(x, local) {
				continue
			}
			for i, op := range x.Ops {
				l, r := x.Operands[i], x.Operands[i+1]
				add(l, op, r, false, false, false)
				add(r, flipComparison(op), l, false, false, false)
			}
		case *ast.Unary:
			// NOT (a < b) (normal form keeps it where NaN may take part):
			// the bound a >= b, NaN values with it.
			cmp, ok := x.Expr.(*ast.Comparison)
			if x.Op != ast.OpNot || !ok || len(cmp.Ops) != 1 || cmp.Ops[0] == ast.CmpEq || cmp.Ops[0] == ast.CmpNe {
				continue
			}
			op, _ := complement(cmp.Ops[0])
			l, r := cmp.Operands[0], cmp.Operands[1]
			add(l, op, r, false, false, true)
			add(r, flipComparison(op), l, false, false, true)
		}
	}
	return out
}

// nodeList reports whether list, the right side of n IN list for a node n
// the pattern binds, may give n's candidates (a set seek of the nodes it
// holds): it reads only variables bound before the pattern, and is a
// list literal or of a static type that admits only lists (a collect's
// result), so that no type error the IN would raise goes unraised when
// the seek finds no node.
func nodeList(list ast.Expr, local map[string]bool, sc *scope) bool {
	if usesAny(list, local) {
		return false
	}
	for v := range exprVars(list) {
		if !sc.has(v) {
			return false
		}
	}
	switch x := list.(type) {
	case *ast.ListLiteral:
		return true
	case *ast.Variable:
		return only(sc.typeOf(x.Name), functions.AnyList)
	}
	return false
}

// flipComparison is op with its operands swapped: a < b is b > a.
func flipComparison(op ast.CompareOp) ast.CompareOp {
	switch op {
	case ast.CmpLt:
		return ast.CmpGt
	case ast.CmpLe:
		return ast.CmpGe
	case ast.CmpGt:
		return ast.CmpLt
	case ast.CmpGe:
		return ast.CmpLe
	}
	return op
}

// usesAny reports whether e uses one of vars, or a pattern (which may).
func usesAny(e ast.Expr, vars map[string]bool) bool {
	found := false
	visitExpr(e, func(x ast.Expr) bool {
		switch y := x.(type) {
		case *ast.Variable:
			if vars[y.Name] {
				found = true
			}
		case *ast.PatternExpr, *ast.PatternComprehension, *ast.ExistsSubquery, *ast.CountSubquery, *ast.CollectSubquery:
			found = true
		}
		return !found
	})
	return found
}

// chooseStart picks the node of a pattern chain to start from: a bound
// variable when there is one, else the cheapest by the cost model: a seek
// (by id, or on an index by equality, membership, range or prefix), a
// scan of the rarest label, or all nodes, each node it binds weighed by
// the relationships the pattern then follows from it (startDegree).
// tested holds the nodes an existence test keeps (existenceTested),
// alternative starts for startChoice.
func (b *builder) chooseStart(el *ast.PatternElement, names []string, sc *scope, eqs map[string][]propEq, tested map[string]bool) (int, logical.Op) {
	for i, n := range names {
		if sc.has(n) {
			return i, nil
		}
	}
	last := len(names) - 1
	if b.startLast && endTestsSafe(el, sc) && !b.startReadsLater(el, last, sc) {
		return last, nil
	}
	best, bestCost := 0, math.Inf(1)
	var bestSeek logical.Op
	seeks, costs := make([]logical.Op, len(el.Nodes)), make([]float64, len(el.Nodes))
	for i, n := range el.Nodes {
		if b.startReadsLater(el, i, sc) {
			// Not a start (start_reads.go): priced as no start is.
			seeks[i], costs[i] = nil, math.Inf(1)
			continue
		}
		cost, label := b.stats.NodeCount(), ""
		labels, simple := ast.SimpleLabels(n.Labels)
		if simple && len(labels) > 0 {
			label = b.mostSelective(labels)
			cost = b.stats.LabelCount(label)
		}
		if cs := eqs[names[i]]; len(cs) > 0 {
			cost = cost*b.condSelectivity(label, cs) + 1
		}
		seek := b.seekFor(n, names[i], eqs[names[i]])
		if seed := b.seedFor(names[i]); seek == nil && seed != nil && float64(b.stmt.Seed) < cost {
			seek = seed
		}
		switch o := seek.(type) {
		case nil:
		case logical.NodeRangeSeek:
			cost = b.rangeSeekRows(o)
		case logical.WorkingSeek:
			if o.Nodes {
				cost = float64(b.stmt.Seed)
			} else {
				cost = 1
			}
		case logical.NodeSetSeek:
			// The nodes a list holds: as many as it is long (a collected
			// list: the rows that went into the collect); a seek by the
			// values of a list, one per value, as an equality seek is one.
			cost = 1
			if o.Nodes {
				cost = 100
			}
			if n, ok := listLength(b.planValue(o.List), b.listLens); ok {
				cost = math.Max(n, 1)
			}
		default:
			cost = 1
		}
		// The start's rows are each expanded: the relationships its
		// node has (a sought hub's actual degree) weigh in.
		cost *= 1 + b.startDegree(el, i, names[i], seek, label, eqs[names[i]])
		seeks[i], costs[i] = seek, cost
		if cost < bestCost || cost == bestCost && startBefore(el, names, eqs, i, seek, best, bestSeek) {
			best, bestCost, bestSeek = i, cost, seek
		}
	}
	if pick := b.startChoice(el, names, eqs, tested, seeks, costs, best); pick != best {
		return pick, seeks[pick]
	}
	return best, bestSeek
}

// startBefore breaks a tie between two starts of a pattern chain, node i
// (bound by seek, nil for a scan) and node j (by seekJ), by what they
// are, not where they are written, so that the forms of one pattern
// (its direction flipped, its parts in another order) start at the same
// node: a seek beats a scan, a seek by id one by an index, and an
// equality seek a membership, range or prefix seek; then the node with
// more conditions (labels, property tests) the cost did not tell apart;
// then a node the query names beats an anonymous one (its variable is what later
// clauses group, return or count by, and starting there lets the rules
// read degrees and counts instead of expanding toward it); then the
// variable whose name sorts first. Anonymous nodes of the same kind keep
// the written order.
func startBefore(el *ast.PatternElement, names []string, eqs map[string][]propEq, i int, seek logical.Op, j int, seekJ logical.Op) bool {
	if ri, rj := seekRank(seek), seekRank(seekJ); ri != rj {
		return ri < rj
	}
	conds := func(k int) int {
		n := len(eqs[names[k]])
		if el.Nodes[k].Labels != nil {
			n++
		}
		return n
	}
	if ci, cj := conds(i), conds(j); ci != cj {
		return ci > cj
	}
	ni, nj := el.Nodes[i].Var != nil, el.Nodes[j].Var != nil
	if ni != nj {
		return ni
	}
	return ni && names[i] < names[j]
}

// seekRank orders the ways a start binds its nodes, most selective
// first: by id, an index equality, an index membership, a range or
// prefix, a scan.
func seekRank(o logical.Op) int {
	switch x := o.(type) {
	case nil:
		return 5
	case logical.NodeSetSeek:
		if x.Label == "" {
			return 0
		}
		return 2
	case logical.NodeIndexSeek:
		return 1
	case logical.NodeRangeSeek:
		return 3
	}
	return 4
}

// startDegree is the expected number of relationships the pattern's
// relationships next to node i follow from one node bound there (by seek
// when not nil, else by a scan of label filtered by cs: an equality with
// a value known when planning tells the nodes as a seek would): see
// selectivity.hopDegree.
func (b *builder) startDegree(el *ast.PatternElement, i int, name string, seek logical.Op, label string, cs []propEq) float64 {
	sel := b.newSelectivity()
	if seek != nil {
		sel.note(seek)
	} else {
		for _, c := range cs {
			if !c.in && !c.id && !c.elementID && c.bound == noBound && sel.noteEquality(name, label, c.key, c.value) {
				break
			}
		}
	}
	avgDeg := b.stats.RelCount("") / math.Max(b.stats.NodeCount(), 1)
	total := 0.0
	for _, j := range []int{i - 1, i} {
		if j < 0 || j >= len(el.Rels) {
			continue
		}
		r := el.Rels[j]
		if r.Group != nil {
			continue
		}
		types, ok := r.TypeNames()
		if !ok {
			continue
		}
		d := r.Direction // relationship i leads from node i
		if j < i {
			d = reverseDir(d)
		}
		total += sel.hopDegree(name, d, types, b.degree(d, types, avgDeg))
	}
	return total
}

// condSelectivity is the fraction of the nodes of label ("" for all
// nodes) that the most selective of a node's property conditions keeps:
// the share the statistics give a comparison with a literal (from the
// distribution of the key's values, as the cardinality estimate takes
// it: selectivity.valueFraction), else a fixed fraction by kind, an
// equality or membership keeping fewer than a range bound. So of two
// ends of a chain with ranges, the narrower range is the start.
func (b *builder) condSelectivity(label string, cs []propEq) float64 {
	f := 1.0
	for _, c := range cs {
		g := propertySelectivity
		if c.bound == lowerBound || c.bound == upperBound {
			g = rangeSelectivity
		}
		if share, ok := b.valueShare(label, c); ok {
			g = share
		}
		f = math.Min(f, g)
	}
	return f
}

// valueShare is the statistics' fraction of label's nodes that satisfy
// condition c, when c compares a property with a literal by equality or
// as a range bound.
//
// A value not known before the run (a parameter, a variable bound
// earlier, an expression of them) is priced as a literal of the key's
// typical value: an equality keeps one distinct value's share of the
// nodes, a membership in a list literal one share per element.
func (b *builder) valueShare(label string, c propEq) (float64, bool) {
	val := b.planValue(c.value)
	l, ok := val.(*ast.Literal)
	if c.key == "" || c.bound == prefixBound || (ok && l.Kind == ast.LitNull) {
		return 0, false
	}
	if !ok || c.in {
		if c.bound != noBound {
			return 0, false
		}
		d := b.stats.DistinctValues(label, c.key)
		if d <= 0 {
			return 0, false
		}
		n := 1.0
		if c.in {
			list, isList := val.(*ast.ListLiteral)
			if !isList {
				return 0, false
			}
			n = float64(len(list.Items))
		}
		return math.Min(1, n/d), true
	}
	op := "="
	switch {
	case c.bound == lowerBound && c.incl:
		op = ">="
	case c.bound == lowerBound:
		op = ">"
	case c.bound == upperBound && c.incl:
		op = "<="
	case c.bound == upperBound:
		op = "<"
	}
	f := b.valueFraction(label, c.key, op, l)
	return f, f >= 0
}

// seekFor returns an operator that binds the node pattern from a known set
// instead of a scan: W's node set (a GraphProgram statement), the nodes
// named by id(n) / elementId(n), or an index of one of the node's labels:
// a seek on an equality, seeks for an IN list, else a range or prefix
// seek from the bounds on one key.
func (b *builder) seekFor(n *ast.NodePattern, name string, eqs []propEq) logical.Op {
	labels, ok := ast.SimpleLabels(n.Labels)
	if !ok {
		return nil
	}
	if ws := b.workingSeek(name, eqs); ws != nil {
		return ws
	}
	for _, c := range eqs {
		if c.elementID || c.id {
			return logical.NodeSetSeek{Var: name, List: c.value, ElementIDs: c.elementID}
		}
	}
	for _, c := range eqs {
		if c.node {
			return logical.NodeSetSeek{Var: name, List: c.value, Nodes: true}
		}
	}
	for _, l := range labels {
		for _, c := range eqs {
			if c.bound != noBound || !b.stats.HasIndex(l, c.key) {
				continue
			}
			if c.in {
				return logical.NodeSetSeek{Var: name, List: c.value, Label: l, Key: c.key}
			}
			return logical.NodeIndexSeek{Var: name, Label: l, Key: c.key, Value: c.value}
		}
	}
	for _, l := range labels {
		for _, c := range eqs {
			if c.bound == noBound || !b.stats.HasIndex(l, c.key) {
				continue
			}
			if c.bound == prefixBound {
				return logical.NodeRangeSeek{Var: name, Label: l, Key: c.key, Lo: c.value, Prefix: true}
			}
			return rangeSeek(name, l, c.key, eqs)
		}
	}
	return nil
}

// rangeSeek is the seek of the range that the bounds among eqs on key
// give (the first lower and the first upper bound).
// The seek takes NaN values too (NaN) when each bound it has does: the
// conjunction of its bounds then holds for them.
func rangeSeek(name, label, key string, eqs []propEq) logical.NodeRangeSeek {
	r := logical.NodeRangeSeek{Var: name, Label: label, Key: key, NaN: true}
	for _, c := range eqs {
		switch {
		case c.key != key:
		case c.bound == lowerBound && r.Lo == nil:
			r.Lo, r.LoIncl = c.value, c.incl
			r.NaN = r.NaN && c.nan
		case c.bound == upperBound && r.Hi == nil:
			r.Hi, r.HiIncl = c.value, c.incl
			r.NaN = r.NaN && c.nan
		}
	}
	return r
}

// rangeSeekRows is the estimated number of nodes range seek o yields:
// its label's nodes times the share of them the statistics put in the
// range (both bounds together: the share above the lower bound plus the
// share below the upper one, less one), at least one; a fixed fraction
// where they say nothing (a prefix, a parameter, no sample). Planning
// the start and estimating the plan both take it from here, so a range
// the sample shows empty (`b.id > 40000` where ids stop at 4,038) is the
// cheap start whichever end of the pattern it is written on.
func (b *builder) rangeSeekRows(o logical.NodeRangeSeek) float64 {
	f := rangeSelectivity
	if o.Prefix {
		f = propertySelectivity
	} else {
		share := func(bound ast.Expr, op string) (float64, bool) {
			l, ok := b.planValue(bound).(*ast.Literal)
			if !ok || l.Kind == ast.LitNull {
				return 0, false
			}
			v := b.valueFraction(o.Label, o.Key, op, l)
			return v, v >= 0
		}
		lo, hi := 1.0, 1.0
		known := false
		if o.Lo != nil {
			op := ">"
			if o.LoIncl {
				op = ">="
			}
			if v, ok := share(o.Lo, op); ok {
				lo, known = v, true
			}
		}
		if o.Hi != nil {
			op := "<"
			if o.HiIncl {
				op = "<="
			}
			if v, ok := share(o.Hi, op); ok {
				hi, known = v, true
			}
		}
		if known {
			f = math.Max(0, lo+hi-1)
		}
	}
	return math.Max(1, b.stats.LabelCount(o.Label)*f)
}

// scanOp scans for node pattern n: the nodes of its most selective label,
// or all nodes. onlyLabel tells whether that label is the pattern's only
// one (the scan then makes a label check redundant).
func (b *builder) scanOp(n *ast.NodePattern, name string) (scan logical.NodeScan, onlyLabel bool) {
	scan.Var = name
	if ls, ok := ast.SimpleLabels(n.Labels); ok && len(ls) > 0 {
		scan.Label = b.mostSelective(ls)
		onlyLabel = len(ls) == 1
	}
	return scan, onlyLabel
}

// mostSelective is the label with the fewest nodes.
func (b *builder) mostSelective(labels []string) string {
	best := labels[0]
	for _, l := range labels[1:] {
		if b.stats.LabelCount(l) < b.stats.LabelCount(best) {
			best = l
		}
	}
	return best
}
