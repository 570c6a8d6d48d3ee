package planner

import (
	"math"
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// selectivity estimates the fraction of rows a predicate keeps, from the
// statistics: an equality or range comparison of a property with a
// literal keeps the share of the label's nodes whose values satisfy it
// (the sampled distribution: common values their own share, others
// 1/distinct); an equality with any other value 1/distinct values of the
// property among the nodes of the variable's label, IN a list of n values
// n/distinct; an equality that an index seek before it already applied
// keeps every row. Where statistics say nothing it falls back to fixed
// guesses.
type selectivity struct {
	b      *builder
	labels map[string]string // node variable -> a label it is known to carry
	seeked map[string]string // node variable -> "key" its seek matched
	// reached: node variable -> the expansion that bound it.
	reached map[string]logical.Expand
	// arrivals: node variable -> the last hop of the expansion (of any
	// kind) that bound it; seeks: node variable -> the index seek that
	// bound it (see hopDegree).
	arrivals map[string]logical.Hop
	seeks    map[string]logical.NodeIndexSeek
	// nodes: the node variables the operators noted bind.
	nodes map[string]bool
	// values: variable -> the literals an UNWIND of a list known when
	// planning gives it, one per row (see seekValues).
	values map[string][]*ast.Literal
	// rels: relationship variable -> the expansion that bound it and
	// the relationships it followed per row (see uniqueness).
	rels map[string]relBinding
	// domains: variable -> the estimated length of the list an UNWIND
	// drew it from, a bound on its distinct values (see valueDomains).
	domains map[string]float64
}

// relBinding is how an expansion bound a relationship variable: from
// which node to which, following deg relationships per row.
type relBinding struct {
	from, to string
	dir      ast.Direction
	types    []string
	deg      float64
}

// canFollow reports whether an expansion bound like b, leaving node n,
// may follow relationship r: n is an end of r, r's direction seen from n
// is one b follows, and their types meet (no type is any type).
func (b relBinding) canFollow(n string, r relBinding) bool {
	var at ast.Direction // r's direction seen from n
	switch n {
	case r.to:
		at = reverseDir(r.dir)
	case r.from:
		at = r.dir
	default:
		return false
	}
	if b.dir == ast.DirRight && at == ast.DirLeft || b.dir == ast.DirLeft && at == ast.DirRight {
		return false
	}
	if len(b.types) == 0 || len(r.types) == 0 {
		return true
	}
	for _, t := range b.types {
		if slices.Contains(r.types, t) {
			return true
		}
	}
	return false
}

func (b *builder) newSelectivity() *selectivity {
	s := &selectivity{b: b, labels: map[string]string{}, seeked: map[string]string{}, reached: map[string]logical.Expand{},
		arrivals: map[string]logical.Hop{}, seeks: map[string]logical.NodeIndexSeek{}, nodes: map[string]bool{},
		values: map[string][]*ast.Literal{}, rels: map[string]relBinding{}, domains: map[string]float64{}}
	if o := b.outer; o != nil {
		for v, n := range o.domains {
			s.domains[v] = n
		}
		for v := range o.nodes {
			s.nodes[v] = true
		}
		for v, ls := range o.values {
			s.values[v] = ls
		}
		for v, h := range o.arrivals {
			s.arrivals[v] = h
		}
		for v, sk := range o.seeks {
			s.seeks[v] = sk
		}
	}
	return s
}

// bindings returns how ops bind their node variables (labels, seeks,
// arrivals), for costing a pipeline that runs with them bound.
func (b *builder) bindings(ops []logical.Op) *selectivity {
	s := b.newSelectivity()
	for _, op := range ops {
		s.note(op)
	}
	return s
}

// note records what op tells about its variables' labels and seeks.
func (s *selectivity) note(op logical.Op) {
	s.noteNodes(op)
	switch o := op.(type) {
	case logical.Filter:
		// A node that passes an equality with a value known when
		// planning is one of the nodes with that value, however it
		// was bound: the rows after the filter hold the nodes such a
		// seek finds, so plans that differ only in where the equality
		// is applied compare on the same figures. A node already
		// sought keeps its seek.
		for _, c := range conjuncts(o.Pred) {
			for v := range s.nodes {
				if _, sought := s.seeks[v]; sought {
					continue
				}
				if key, val, ok := propertyEquality(v, c); ok {
					s.noteEquality(v, s.labels[v], key, val)
				}
			}
		}
	case logical.Expand:
		if !o.ToBound {
			s.reached[o.To] = o
			s.arrivals[o.To] = logical.Hop{Dir: o.Dir, Types: o.Types}
			delete(s.seeks, o.To)
		}
	case logical.VarExpand:
		if !o.ToBound {
			s.arrivals[o.To] = logical.Hop{Dir: o.Dir, Types: o.Types}
			delete(s.seeks, o.To)
		}
	case logical.ExpandChain:
		if !o.Quant.MayBeEmpty() {
			s.arrivals[o.To] = o.Hops[len(o.Hops)-1]
		}
		delete(s.seeks, o.To)
	case logical.ExpandCommon:
		s.arrivals[o.X] = o.HA
		delete(s.seeks, o.X)
	case logical.NodeScan:
		if o.Label != "" {
			s.labels[o.Var] = o.Label
		}
		delete(s.seeks, o.Var)
		for _, c := range o.Prefilter {
			if key, val, ok := propertyEquality(o.Var, c); ok && s.noteEquality(o.Var, o.Label, key, val) {
				break
			}
		}
	case logical.NodeIndexSeek:
		s.labels[o.Var], s.seeked[o.Var] = o.Label, o.Key
		s.seeks[o.Var] = o
		delete(s.arrivals, o.Var)
	case logical.Unwind:
		delete(s.values, o.Var)
		if l, ok := s.b.planValue(o.Expr).(*ast.ListLiteral); ok {
			var ls []*ast.Literal
			for _, it := range l.Items {
				// An item is a literal, or a variable of one known value.
				known := s.seekValues(it)
				if len(known) != 1 {
					ls = nil
					break
				}
				ls = append(ls, known[0])
			}
			if ls != nil {
				s.values[o.Var] = ls
			}
		}
	case logical.NodeSetSeek:
		if o.Label != "" {
			s.labels[o.Var], s.seeked[o.Var] = o.Label, o.Key
		}
		if o.Nodes {
			// v IN list follows as a filter and counts once.
			s.seeked[o.Var] = " in " + ast.FormatExpr(o.List)
		}
		delete(s.seeks, o.Var)
		if o.Key != "" {
			s.noteIn(o.Var, o.Label, o.Key, o.List)
		}
	case logical.NodeRangeSeek:
		// The range's predicates follow as filters and count once.
		s.labels[o.Var], s.seeked[o.Var] = o.Label, " range "+o.Key
	case logical.NodeFilter:
		if ls, ok := ast.SimpleLabels(o.Labels); ok && len(ls) > 0 && s.labels[o.Var] == "" {
			s.labels[o.Var] = s.b.mostSelective(ls)
		}
	}
}

// noteNodes marks the node variables op binds.
func (s *selectivity) noteNodes(op logical.Op) {
	switch o := op.(type) {
	case logical.NodeScan:
		s.nodes[o.Var] = true
	case logical.NodeIndexSeek:
		s.nodes[o.Var] = true
	case logical.NodeSetSeek:
		s.nodes[o.Var] = true
	case logical.NodeRangeSeek:
		s.nodes[o.Var] = true
	case logical.Expand:
		s.nodes[o.From], s.nodes[o.To] = true, true
	case logical.VarExpand:
		s.nodes[o.From], s.nodes[o.To] = true, true
	case logical.ExpandChain:
		s.nodes[o.From], s.nodes[o.To] = true, true
	case logical.ExpandCommon:
		s.nodes[o.A], s.nodes[o.B], s.nodes[o.X] = true, true, true
	}
}

// noteEquality records that the nodes bound to v (with label, "" for
// any) are those whose property key equals val, as an index seek would
// find them, when val's values are known when planning (a literal, or a
// variable an UNWIND of a known list binds: see seekValues); hopDegree
// then asks the statistics for their degree (Stats.SeekDegree) whether
// or not an index covers (label, key). It reports whether it did.
func (s *selectivity) noteEquality(v, label, key string, val ast.Expr) bool {
	if key == "" || len(s.seekValues(val)) == 0 {
		return false
	}
	s.seeks[v] = logical.NodeIndexSeek{Var: v, Label: label, Key: key, Value: val}
	return true
}

// noteIn records that the nodes bound to v are those whose property key
// is one of the values of list, as a set seek finds them, when the values
// are known when planning (a list of literals or parameters, a list
// parameter): hopDegree then reads their degrees as it reads those of a
// seek keyed by a variable an UNWIND of the list binds, so `MATCH (a {k:
// k})` after `UNWIND L AS k` and `MATCH (a) WHERE a.k IN L` are estimated
// alike. It reports whether it did.
func (s *selectivity) noteIn(v, label, key string, list ast.Expr) bool {
	l, ok := s.b.planValue(unwoundList(list)).(*ast.ListLiteral)
	if !ok || key == "" || len(l.Items) == 0 {
		return false
	}
	var ls []*ast.Literal
	for _, it := range l.Items {
		known := s.seekValues(it)
		if len(known) != 1 {
			return false
		}
		ls = append(ls, known[0])
	}
	name := inValuesVar(v)
	s.values[name] = ls
	s.seeks[v] = logical.NodeIndexSeek{Var: v, Label: label, Key: key, Value: &ast.Variable{Name: name}}
	return true
}

// inValuesVar names the values of the list a set seek of v looks up (see
// noteIn); the space keeps it apart from every variable of a query.
func inValuesVar(v string) string { return " in-values " + v }

// propertyEquality reports whether c is v.key = x (either way round),
// and returns the key and x.
func propertyEquality(v string, c ast.Expr) (string, ast.Expr, bool) {
	cmp, ok := c.(*ast.Comparison)
	if !ok || len(cmp.Ops) != 1 || cmp.Ops[0] != ast.CmpEq {
		return "", nil, false
	}
	for i := range 2 {
		if p, ok := cmp.Operands[i].(*ast.Property); ok {
			if x, ok := p.Expr.(*ast.Variable); ok && x.Name == v {
				return p.Key, cmp.Operands[1-i], true
			}
		}
	}
	return "", nil, false
}

// labelFraction is the fraction of v's rows whose node carries label l:
// for a node an expansion reached, the share of the expansion's
// relationships whose far end has l (exact per-pattern counts), else
// the label's share of all nodes.
func (s *selectivity) labelFraction(v, l string) float64 {
	if k := s.labels[v]; k != "" {
		// Scanned, sought or checked by label k: the share of k's
		// nodes that also carry l (co-occurrence).
		return s.b.labelGiven(l, k)
	}
	if e, ok := s.reached[v]; ok {
		if f, ok := s.arrivalLabelFraction(e.Dir, e.Types, l); ok {
			return f
		}
	}
	return s.nodeLabelFraction(l)
}

// labelsFraction is the fraction of v's rows whose node carries every
// label of ls: the first as labelFraction, the others from their
// co-occurrence with the labels before them (conjunctionFraction).
func (s *selectivity) labelsFraction(v string, ls []string) float64 {
	return s.b.conjunctionFraction(s.labels[v], ls, func(l string) float64 { return s.labelFraction(v, l) })
}

// nodeLabelFraction is the fraction of all nodes that carry label l.
func (s *selectivity) nodeLabelFraction(l string) float64 {
	st := s.b.stats
	return math.Min(1, st.LabelCount(l)/math.Max(1, st.NodeCount()))
}

// arrivalLabelFraction is the fraction of the nodes a directed hop over
// types (all when none) arrives at that carry label l, from the store's
// exact counts per (start label, type, end label): the relationships of
// those types ending at an l over all of them. ok is false for an
// undirected hop or without such counts.
func (s *selectivity) arrivalLabelFraction(dir ast.Direction, types []string, l string) (float64, bool) {
	if dir != ast.DirLeft && dir != ast.DirRight {
		return 0, false
	}
	st := s.b.stats
	if len(types) == 0 {
		types = []string{""}
	}
	all, with := 0.0, 0.0
	for _, t := range types {
		a := st.RelPatternCount("", t, "")
		w := st.RelPatternCount("", t, l)
		if dir == ast.DirLeft {
			w = st.RelPatternCount(l, t, "")
		}
		if a < 0 || w < 0 {
			return 0, false
		}
		all, with = all+a, with+w
	}
	if all <= 0 {
		return 0, false
	}
	return with / all, true
}

// hopTests is the fraction of the nodes hop h reaches that pass its
// tests: its labels (each as arrivalLabelFraction, or the fraction of
// all nodes carrying it) and its predicate.
func (s *selectivity) hopTests(h logical.Hop) float64 {
	f := 1.0
	if h.Labels != nil {
		if ls, simple := ast.SimpleLabels(h.Labels); !simple {
			f *= filterSelectivity
		} else {
			f *= s.b.conjunctionFraction("", ls, func(l string) float64 {
				if lf, ok := s.arrivalLabelFraction(h.Dir, h.Types, l); ok {
					return lf
				}
				return s.nodeLabelFraction(l)
			})
		}
	}
	if h.Pred != nil {
		// The predicate reads the node as carrying the hop's labels, as
		// a filter after a label check does (see note).
		prev, had := s.labels[h.Var]
		if ls, simple := ast.SimpleLabels(h.Labels); simple && len(ls) > 0 && prev == "" {
			s.labels[h.Var] = s.b.mostSelective(ls)
		}
		f *= s.of(h.Pred)
		if had {
			s.labels[h.Var] = prev
		} else {
			delete(s.labels, h.Var)
		}
	}
	return f
}

// fanout is the expected number of relationships expansion e follows
// from one of its rows: when the start node's label is known and exact
// per-pattern counts exist, the relationships of e's types at nodes with
// that label per such node (labelDegree); else dflt (the graph-wide
// average).
func (s *selectivity) fanout(e logical.Expand, dflt float64) float64 {
	if d, ok := s.b.labelDegree(s.labels[e.From], e.Dir, e.Types); ok {
		return d
	}
	return dflt
}

// baseDegree is the mean number of relationships over (dir, types) at a
// node bound to v before what its binding tells (see hopDegree): the
// mean over the nodes of v's label when it is known, else over all
// nodes.
func (s *selectivity) baseDegree(v string, dir ast.Direction, types []string, avgDeg float64) float64 {
	if d, ok := s.b.labelDegree(s.labels[v], dir, types); ok {
		return d
	}
	return s.b.degree(dir, types, avgDeg)
}

// perValue is the expected number of nodes with label whose key equals
// one given value: one for a key (unique_keys.go), else the label's nodes
// over the key's distinct values.
func (s *selectivity) perValue(label, key string) float64 {
	if s.b.uniqueKey(label, key) {
		return 1 // at most one node holds the value
	}
	n := s.b.stats.LabelCount(label)
	if d := s.b.stats.DistinctValues(label, key); d > 0 {
		return math.Max(1, n/d)
	}
	return math.Max(1, n*0.001)
}

// of is the selectivity of predicate e: the product over its conjuncts.
func (s *selectivity) of(e ast.Expr) float64 {
	f := 1.0
	for _, c := range conjuncts(e) {
		f *= s.conjunct(c)
	}
	return f
}

func (s *selectivity) conjunct(c ast.Expr) float64 {
	if fc, ok := c.(*ast.FunctionCall); ok && fc.Name == deferredFunc {
		return 1 // the deferred test dropped its rows where it was evaluated
	}
	switch x := c.(type) {
	case *ast.Comparison:
		if len(x.Ops) != 1 {
			return filterSelectivity
		}
		op, other := x.Ops[0], x.Operands[1]
		if f, ok := s.identity(op, x.Operands[0], other); ok {
			return f
		}
		v, key, ok := s.property(x.Operands[0])
		if !ok {
			if v, key, ok = s.property(x.Operands[1]); !ok {
				return filterSelectivity
			}
			op, other = flipComparison(op), x.Operands[0]
		}
		switch op {
		case ast.CmpEq:
			if s.seeked[v] == key {
				return 1
			}
			if f, ok := s.valueFraction(v, key, "=", other); ok {
				return f
			}
			return s.equality(v, key, 1)
		case ast.CmpNe:
			return 1 - s.equality(v, key, 1)
		}
		if s.seeked[v] == " range "+key {
			return 1
		}
		if f, ok := s.valueFraction(v, key, compareOps[op], other); ok {
			return f
		}
		return rangeSelectivity
	case *ast.StringMatch:
		if v, key, ok := s.property(x.Left); ok && x.Op == ast.StrStartsWith {
			if s.seeked[v] == " range "+key {
				return 1
			}
			// The share a prefix seek of the same test is estimated
			// to return (rangeSeekRows): one test, one estimate,
			// whether an index answers it or a filter.
			return propertySelectivity
		}
	case *ast.In:
		if v, ok := x.Expr.(*ast.Variable); ok && s.seeked[v.Name] == " in "+ast.FormatExpr(x.List) {
			return 1
		}
		if f, ok := s.inDomain(x.Expr, x.List); ok {
			return f
		}
		v, key, ok := s.property(x.Expr)
		if !ok {
			return filterSelectivity
		}
		if s.seeked[v] == key {
			return 1
		}
		n := 10.0
		if l, ok := s.b.planValue(x.List).(*ast.ListLiteral); ok {
			n = float64(len(l.Items))
			// Literal values: the sum of their shares.
			sum := 0.0
			for _, it := range l.Items {
				f, ok := s.valueFraction(v, key, "=", it)
				if !ok {
					sum = -1
					break
				}
				sum += f
			}
			if sum >= 0 {
				return math.Min(1, sum)
			}
		}
		return s.equality(v, key, n)
	case *ast.Unary:
		// NOT (a < b), which the normal form keeps where NaN may take part,
		// keeps what a >= b does (NaN values are few).
		if cmp, ok := x.Expr.(*ast.Comparison); ok && x.Op == ast.OpNot && len(cmp.Ops) == 1 {
			if op, ok := complement(cmp.Ops[0]); ok {
				return s.conjunct(&ast.Comparison{Span: cmp.Span, Ops: []ast.CompareOp{op}, Operands: cmp.Operands})
			}
		}
	case *ast.LabelPredicate:
		if ls, ok := ast.SimpleLabels(x.Labels); ok {
			if v, isVar := x.Expr.(*ast.Variable); isVar && s.nodes[v.Name] {
				return s.labelsFraction(v.Name, ls)
			}
			return s.b.conjunctionFraction("", ls, s.nodeLabelFraction)
		}
	case *ast.Binary:
		if x.Op == ast.OpOr {
			l, r := s.conjunct(x.Left), s.conjunct(x.Right)
			return math.Min(1, l+r-l*r)
		}
		if x.Op == ast.OpAnd {
			return s.of(x)
		}
	}
	return filterSelectivity
}

// identity estimates a = b and a <> b of two variables (nodes or
// relationships compared by identity, as patterns' uniqueness and
// WHERE a <> b write them): two rows' entities are the same one in
// about one of as many as there are nodes, so <> keeps nearly every
// row, not the share of an unknown filter.
func (s *selectivity) identity(op ast.CompareOp, l, r ast.Expr) (float64, bool) {
	lv, lok := l.(*ast.Variable)
	rv, rok := r.(*ast.Variable)
	if !lok || !rok || op != ast.CmpEq && op != ast.CmpNe {
		return 0, false
	}
	if f, ok := s.valueDomains(lv.Name, rv.Name); ok {
		if op == ast.CmpEq {
			return f, true
		}
		return 1 - f, true
	}
	same := 1 / math.Max(2, s.b.stats.NodeCount())
	if f, ok := s.sameRel(lv.Name, rv.Name); ok {
		same = f
	}
	if op == ast.CmpEq {
		return same, true
	}
	return 1 - same, true
}

// sameRel is the chance that relationship variables a and b, bound by
// expansions of this pipeline, hold the same relationship: when the
// later one left a node at an end of the earlier and may follow it back
// (adjacent hops, as (p)-[r1]->(m)<-[r2]-(c) writes them), the earlier
// is one of the relationships it chose from (see uniqueKeep). ok is
// false otherwise (the two are the same only through a self-loop or a
// parallel path: as rare as two nodes being one, see identity).
func (s *selectivity) sameRel(a, b string) (float64, bool) {
	ra, okA := s.rels[a]
	rb, okB := s.rels[b]
	if !okA || !okB || a == b {
		return 0, false
	}
	if rb.canFollow(rb.from, ra) {
		return 1 - uniqueKeep(rb.deg), true
	}
	if ra.canFollow(ra.from, rb) {
		return 1 - uniqueKeep(ra.deg), true
	}
	return 0, false
}

// uniqueKeep is the share of an expansion's rows whose relationship
// differs from one relationship at the node it left, the expansion
// following deg relationships per row: that relationship is one of
// them, so 1 - 1/deg keep (r1 <> r2 of adjacent hops, or a pattern's
// relationship uniqueness). A node reached through the relationship has
// at least it; where the mean says fewer than two, half are kept rather
// than none.
func uniqueKeep(deg float64) float64 {
	return 1 - 1/math.Max(2, deg)
}

// property splits v.key, where v is a variable.
func (s *selectivity) property(e ast.Expr) (v, key string, ok bool) {
	p, isProp := e.(*ast.Property)
	if !isProp {
		return "", "", false
	}
	v, ok = varProperty(p)
	return v, p.Key, ok
}

// compareOps names the range comparisons for Stats.ValueFraction.
var compareOps = map[ast.CompareOp]string{ast.CmpLt: "<", ast.CmpLe: "<=", ast.CmpGt: ">", ast.CmpGe: ">="}

// valueFraction is the fraction of v's rows whose key satisfies op
// against e, from the distribution of the key's values among the nodes
// of v's label, when e's value is known when planning (a literal, a
// parameter's value: see planValue) and the statistics know the
// distribution.
func (s *selectivity) valueFraction(v, key, op string, e ast.Expr) (float64, bool) {
	l, ok := s.b.planValue(e).(*ast.Literal)
	if !ok || l.Kind == ast.LitNull || op == "" {
		return 0, false
	}
	f := s.b.valueFraction(s.labels[v], key, op, l)
	return f, f >= 0
}

// equality is the fraction of v's rows whose key equals one of n values.
func (s *selectivity) equality(v, key string, n float64) float64 {
	d := s.b.stats.DistinctValues(s.labels[v], key)
	if d <= 0 {
		return propertySelectivity
	}
	return math.Min(1, n/d)
}

// seekValues is the values a seek keyed by e looks up, one per row, when
// they are known when planning: a literal, a parameter's value or an
// element of one (see planValue), or a variable an UNWIND of a list of them binds. A seek
// keyed by such a variable is then estimated as the seek of those values.
func (s *selectivity) seekValues(e ast.Expr) []*ast.Literal {
	switch x := e.(type) {
	case *ast.Literal:
		return []*ast.Literal{x}
	case *ast.Parameter, *ast.Index:
		if l, ok := s.b.planValue(x).(*ast.Literal); ok {
			return []*ast.Literal{l}
		}
	case *ast.Variable:
		return s.values[x.Name]
	}
	return nil
}
