package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// Required-properties analysis: for each operator of a pipeline, what the
// operators after it need from the rows it produces. Set-at-a-time
// execution, degree reads and existence checks follow from these
// properties, not from how the query names (or does not name) its
// variables:
//
//   - Live: the variables read later (by an operator, a projection, a sort
//     key, an aggregate, a subquery or a path binding). A variable an
//     operator binds that is not live need not be produced.
//   - Bag: whether the number of times a row occurs matters. It does not
//     when every consumer ignores duplicates (DISTINCT, count(DISTINCT),
//     min/max, grouping without aggregates, GraphProgram collects, UNION).
//   - Ordered: whether the order of the rows matters: an ORDER BY before
//     them whose order a later LIMIT, SKIP, collect() or the result
//     observes.

// varSet is a set of variable names; all stands for every name (a
// consumer that reads variables it does not list, such as a subquery with
// its own query). An expression after an aggregation reads its results
// through the calls themselves (count(*) in `WITH a, count(*) AS d`, which
// names no column): refs, the builder's aggRefs, names the result column
// each call reads, so a set knows which aggregate results are read; a set
// without refs takes such a call to read every aggregate result column
// (aggs).
type varSet struct {
	names map[string]bool
	all   bool
	aggs  bool
	refs  map[*ast.FunctionCall]string
}

func newVarSet(names ...string) varSet {
	s := varSet{names: map[string]bool{}}
	for _, n := range names {
		s.names[n] = true
	}
	return s
}

// emptied returns an empty set that resolves aggregate calls as s does.
func (s varSet) emptied() varSet {
	e := newVarSet()
	e.refs = s.refs
	return e
}

// has reports whether name is in the set.
func (s varSet) has(name string) bool {
	return s.all || s.names[name] || s.aggs && strings.HasPrefix(name, aggColumnPrefix)
}

// aggColumnPrefix starts the name of every aggregate result column
// (builder.fresh("agg")).
const aggColumnPrefix = " agg"

// hasAny reports whether any of names is in the set.
func (s varSet) hasAny(names ...string) bool {
	for _, n := range names {
		if n != "" && s.has(n) {
			return true
		}
	}
	return false
}

func (s varSet) clone() varSet {
	c := varSet{names: make(map[string]bool, len(s.names)), all: s.all, aggs: s.aggs, refs: s.refs}
	for n := range s.names {
		c.names[n] = true
	}
	return c
}

func (s *varSet) union(o varSet) {
	s.all = s.all || o.all
	s.aggs = s.aggs || o.aggs
	for n := range o.names {
		s.names[n] = true
	}
}

// need is what a consumer requires of the rows it reads.
type need struct {
	Live    varSet
	Bag     bool
	Ordered bool
}

// required holds the analysis of one pipeline: After[i] is what the
// operators after Ops[i] (and the pipeline's consumer) need from the rows
// Ops[i] produces; In is what the pipeline needs from its input.
type required struct {
	After []need
	In    need
}

// resultNeed is what a statement's result needs from its last pipeline
// operator: every column, in order, with multiplicity unless the rows are
// deduplicated (UNION) or collected into a graph (GraphProgram).
func resultNeed(bag bool) need {
	return need{Live: newVarSet(), Bag: bag, Ordered: true}
}

// everything is the most a consumer can need (nested pipelines whose
// consumer the analysis does not look into).
func everything() need {
	return need{Live: varSet{names: map[string]bool{}, all: true}, Bag: true, Ordered: true}
}

// analyse derives, from the last operator back to the first, what each
// operator's consumers need; out is what the pipeline's own consumer needs.
func analyse(ops []logical.Op, out need) required {
	r := required{After: make([]need, len(ops))}
	cur := out
	for i := len(ops) - 1; i >= 0; i-- {
		r.After[i] = cur
		cur = before(ops[i], cur)
	}
	sorted := false
	for i, op := range ops {
		switch o := op.(type) {
		case logical.Sort:
			sorted = true
		case logical.Aggregate, logical.TypeCounts:
			sorted = false
			_ = o
		}
		r.After[i].Ordered = r.After[i].Ordered && sorted
	}
	r.In = cur
	return r
}

// before is what op needs from its input rows, given what its consumers
// need from its output (Ordered here means "a consumer observes order";
// analyse keeps it only where an ORDER BY established one).
func before(op logical.Op, after need) need {
	live := after.Live.clone()
	bag, ordered := after.Bag, after.Ordered
	kill := func(names ...string) {
		for _, n := range names {
			delete(live.names, n)
		}
	}
	use := func(names ...string) {
		for _, n := range names {
			if n != "" {
				live.names[n] = true
			}
		}
	}
	useExprs := func(es ...ast.Expr) {
		for _, e := range es {
			addExprVars(e, &live)
		}
	}
	useSubst := func(subst map[string]string) {
		for _, col := range subst {
			use(col)
		}
	}
	switch o := op.(type) {
	case logical.Start:
	case logical.NodeScan:
		kill(o.Var)
		useExprs(o.Prefilter...)
	case logical.NodeIndexSeek:
		kill(o.Var)
		useExprs(o.Value)
	case logical.NodeSetSeek:
		kill(o.Var)
		useExprs(o.List)
	case logical.NodeRangeSeek:
		kill(o.Var)
		for _, x := range []ast.Expr{o.Lo, o.Hi} {
			if x != nil {
				useExprs(x)
			}
		}
	case logical.WorkingSeek:
		kill(o.Var)
	case logical.Expand:
		if !o.ToBound {
			kill(o.To)
		}
		if !o.RelBound {
			kill(o.Rel)
		}
		// A bound end node or relationship is read, to be checked.
		if o.ToBound {
			use(o.To)
		}
		if o.RelBound {
			use(o.Rel)
		}
		use(o.From)
		use(o.Distinct...)
	case logical.VarExpand:
		if !o.ToBound {
			kill(o.To)
		}
		if !o.ListBound {
			kill(o.RelList)
		}
		if o.ToBound {
			use(o.To)
		}
		if o.ListBound {
			use(o.RelList)
		}
		use(o.From)
		use(o.Distinct...)
		if o.Props != nil {
			useExprs(o.Props)
		}
		for _, h := range o.HopsBy {
			useExprs(h.Expr)
		}
		// Its per-level tests read the tested node and variables bound
		// before it.
		for _, t := range o.Steps {
			s := newVarSet()
			addExprVars(t.Pred, &s)
			for n := range s.names {
				if n != t.Var {
					use(n)
				}
			}
		}
	case logical.ExpandChain:
		kill(o.To)
		use(o.From)
		// Its inner nodes' tests read them and variables bound before it.
		inner := map[string]bool{o.To: true}
		for _, h := range o.Hops {
			inner[h.Var] = true
		}
		for _, h := range o.Hops {
			if h.Pred == nil {
				continue
			}
			s := newVarSet()
			addExprVars(h.Pred, &s)
			for n := range s.names {
				if !inner[n] {
					use(n)
				}
			}
		}
	case logical.ExpandCommon:
		kill(o.X)
		use(o.A, o.B)
	case logical.SemiJoin:
		if o.Scan {
			kill(o.Probe)
		} else {
			use(o.Probe)
		}
		use(o.Key)
		for _, m := range o.More {
			use(m.Key)
		}
	case logical.WalkCount:
		use(o.Probe)
	case logical.Mark:
		kill(o.Var)
		use(o.Join.Probe)
		use(o.Join.Keys()...)
	case logical.ShortestPath:
		kill(o.Path, o.RelList)
		if o.ToFree {
			kill(o.To)
			use(o.From)
		} else {
			use(o.From, o.To)
		}
		if o.Pred != nil {
			useExprs(o.Pred)
			kill(o.Path, o.RelList)
		}
		for _, t := range append(append([]logical.StepTest(nil), o.Steps...), o.Crossing...) {
			s := newVarSet()
			addExprVars(t.Pred, &s)
			for n := range s.names {
				if n != t.Var {
					use(n)
				}
			}
		}
	case logical.Degree:
		kill(o.Into)
		use(o.Var)
	case logical.CycleCount:
		kill(o.Into)
		use(o.Var)
	case logical.TypeCounts:
		live = live.emptied()
		bag, ordered = true, false
	case logical.ValueJoin:
		// The build reads nothing of the row (see valueJoins).
		kill(o.Vars...)
		useExprs(o.ProbeKeys...)
	case logical.KeyCount:
		// The build reads nothing of the row (see keyCounts).
		kill(o.Into)
		useExprs(o.ProbeKeys...)
		if o.HasOrd() {
			useExprs(o.ProbeOrd)
		}
		for _, d := range o.Differ {
			use(d[0])
		}
	case logical.NodeFilter:
		use(o.Var)
	case logical.RelFilter:
		use(o.Var)
		useExprs(o.Props)
	case logical.Filter:
		useExprs(o.Pred)
		useSubst(o.Subst)
	case logical.Project:
		for _, it := range o.Items {
			kill(it.Name)
		}
		for _, it := range o.Items {
			useExprs(it.Expr)
		}
		useSubst(o.Subst)
	case logical.Select:
		// A WITH boundary: only its variables pass.
		kept := live.emptied()
		for _, v := range o.Vars {
			if after.Live.has(v) {
				kept.names[v] = true
			}
		}
		live = kept
	case logical.Emit:
		use(o.Columns...)
	case logical.CollectGraph:
		use(o.Columns...)
	case logical.Distinct:
		use(o.Vars...)
		bag = false
	case logical.Aggregate:
		// Nothing but the keys and aggregates passes an aggregation.
		live = live.emptied()
		for _, k := range o.Keys {
			addExprVars(k.Expr, &live)
		}
		for _, a := range o.Aggs {
			for _, arg := range a.Call.Args {
				addExprVars(arg, &live)
			}
		}
		bag = !ignoresDuplicates(o)
		ordered = observesOrder(o)
	case logical.Unwind:
		kill(o.Var)
		useExprs(o.Expr)
	case logical.Sort:
		for _, k := range o.Keys {
			useExprs(k.Expr)
		}
		useSubst(o.Subst)
		ordered = false
	case logical.Skip:
		useExprs(o.Count)
		bag, ordered = true, true
	case logical.Limit:
		useExprs(o.Count)
		bag, ordered = true, true
	case logical.PathBind:
		kill(o.Var)
		use(o.Nodes...)
		use(o.Rels...)
	case logical.Optional:
		// The inner operators see what the optional's consumers need; the
		// input row itself passes when they match nothing.
		in := analyse(o.Inner, after).In
		kill(o.NewVars...)
		live.union(in.Live)
		bag = bag || in.Bag
		ordered = ordered || in.Ordered
	case logical.ProcCall:
		kill(o.Vars...)
		useExprs(o.Args...)
		if o.Writes {
			bag, ordered = true, true
		}
	case logical.LoadCSV:
		kill(o.Var)
		useExprs(o.URL)
	default:
		// Writes, eager buffers, CALL subqueries: they may read anything
		// and every row counts.
		return everything()
	}
	return need{Live: live, Bag: bag, Ordered: ordered}
}

// ignoresDuplicates reports whether an aggregation's result is the same
// for any number of copies of each input row: grouping alone, or
// aggregates that are DISTINCT or min/max.
func ignoresDuplicates(a logical.Aggregate) bool {
	for _, c := range a.Aggs {
		name := strings.ToLower(c.Call.Name)
		if c.Call.Star || len(c.Call.Namespace) > 0 || !(c.Call.Distinct || name == "min" || name == "max") {
			return false
		}
	}
	return true
}

// observesOrder reports whether an aggregation's result depends on the
// order of its input rows (collect builds its list in row order).
func observesOrder(a logical.Aggregate) bool {
	for _, c := range a.Aggs {
		if strings.EqualFold(c.Call.Name, "collect") {
			return true
		}
	}
	return false
}

// addExprVars adds to s the variables e reads, including those of the
// patterns and subqueries nested in it; a subquery with its own query
// reads variables the analysis does not follow, so it adds all.
func addExprVars(e ast.Expr, s *varSet) {
	visitExpr(e, func(x ast.Expr) bool {
		switch y := x.(type) {
		case *ast.Variable:
			s.names[y.Name] = true
		case *ast.FunctionCall:
			if name, ok := s.refs[y]; ok {
				// The result of an aggregation: its arguments are not
				// evaluated here.
				s.names[name] = true
				return false
			}
			s.aggs = s.aggs || isAggregate(y)
		case *ast.PatternExpr:
			elementVars(y.Element, s)
		case *ast.PatternComprehension:
			if y.PathVar != nil {
				s.names[y.PathVar.Name] = true
			}
			elementVars(y.Element, s)
		case *ast.ExistsSubquery:
			patternVars(y.Pattern, s)
			s.all = s.all || y.Query != nil
		case *ast.CountSubquery:
			patternVars(y.Pattern, s)
			s.all = s.all || y.Query != nil
		case *ast.CollectSubquery:
			s.all = true
		}
		return !s.all
	})
}

func patternVars(p *ast.Pattern, s *varSet) {
	if p == nil {
		return
	}
	for _, part := range p.Parts {
		if part.Var != nil {
			s.names[part.Var.Name] = true
		}
		elementVars(part.Element, s)
	}
}

// patternGroupVars adds the group variables of p's quantified path patterns
// (and what their inner tests read): lists the pattern binds outside the
// group, which patternVars leaves out.
func patternGroupVars(p *ast.Pattern, s *varSet) {
	if p == nil {
		return
	}
	for _, part := range p.Parts {
		if part.Element == nil {
			continue
		}
		for _, r := range part.Element.Rels {
			if r.Group != nil {
				elementVars(r.Group.Element, s)
				addExprVars(r.Group.Where, s)
			}
		}
	}
}

// elementVars adds the variables a pattern element names or reads.
func elementVars(el *ast.PatternElement, s *varSet) {
	if el == nil {
		return
	}
	for _, n := range el.Nodes {
		if n.Var != nil {
			s.names[n.Var.Name] = true
		}
		addExprVars(n.Props, s)
		addExprVars(n.Where, s)
	}
	for _, r := range el.Rels {
		if r.Var != nil {
			s.names[r.Var.Name] = true
		}
		addExprVars(r.Props, s)
		addExprVars(r.Where, s)
	}
}

// bagResult reports whether the multiplicity of a plan's result rows
// matters: not when UNION deduplicates them, nor when a GraphProgram
// statement collects them into a graph. A statement's limit does not
// make it matter: the limit counts the distinct nodes collected (see
// vm.WorkingRun), which a row repeated or left out does not change.
func bagResult(plan *logical.Plan, st *Statement) bool {
	if plan.Writes {
		return true
	}
	if st != nil {
		return false
	}
	if len(plan.Pipelines) > 1 && !plan.UnionAll[0] {
		return false
	}
	return true
}
