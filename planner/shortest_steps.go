package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// shortestSteps moves into a shortest-path search the conjuncts of its
// pre-filter (ShortestPath.Pred) that test each node or each
// relationship of the path on its own: all(x IN L WHERE P(x)), or
// none(...) as all of NOT P, where L is nodes(p) whole or sliced to its
// runs (nodes(p)[1..], nodes(p)[..-1], nodes(p)[1..-1]; see stepTests),
// or relationships(p) (or the search's relationship list).
//
// Why it is exact. Such a conjunct holds of a path exactly when every
// node of the run (every relationship) passes P. The paths that pass it
// are therefore the paths of the graph restricted to the nodes and
// relationships that pass: the search that crosses only those
// (ShortestPath.Steps and Crossing; vm.ShortestSpec In, Leave, Through
// and RelProps) finds, in order of length, exactly the paths the
// pre-filtered search would have accepted, so every selection
// (shortestPath, allShortestPaths, SHORTEST k [GROUPS], ANY, the least
// trails of a variable-length pattern) picks the same ones. With no
// pre-filter left, the search is one breadth-first search again instead
// of the search of paths in order of length. The test of the start of
// nodes(p) whole stays a filter of the row (a zero-length path has no
// hop, so its one node is tested there).
//
// Errors: P must be a test that cannot fail (stepTestable), as the
// search tests nodes and relationships the pre-filter would never have
// seen; and a conjunct moves only when the conjuncts that stay cannot
// fail either, as they are then evaluated on fewer paths. P reads only
// its element and variables bound before the search.
func shortestSteps(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	for i, op := range ops {
		o, ok := op.(logical.ShortestPath)
		if !ok || o.Pred == nil || o.Path == "" {
			continue
		}
		entities := map[string]bool{o.From: true, o.To: true}
		var rest, firsts []ast.Expr
		moved := o
		moved.Steps = append([]logical.StepTest(nil), o.Steps...)
		moved.Crossing = append([]logical.StepTest(nil), o.Crossing...)
		for _, c := range conjuncts(o.Pred) {
			t, rel, first, ok := shortestStepOf(o, c)
			switch {
			case !ok:
				rest = append(rest, c)
			case rel:
				moved.Crossing = append(moved.Crossing, t)
			default:
				moved.Steps = append(moved.Steps, t)
				if first != nil {
					firsts = append(firsts, first)
				}
			}
		}
		if len(moved.Steps) == len(o.Steps) && len(moved.Crossing) == len(o.Crossing) {
			continue
		}
		ok = true
		for _, c := range rest {
			ok = ok && pathTestNeverFails(c, o.Path, entities, nil)
		}
		if !ok {
			continue
		}
		moved.Pred = andOf(rest)
		with := []logical.Op{moved}
		if len(firsts) > 0 {
			with = append(with, logical.Filter{Pred: andOf(firsts)})
		}
		return replace(ops, i, 1, with...), true
	}
	return ops, false
}

// shortestStepOf returns the test conjunct c of search o's pre-filter
// makes of each node (or, rel, relationship) of its paths, and the test
// of the path's start that stays a filter (nil: none).
func shortestStepOf(o logical.ShortestPath, c ast.Expr) (t logical.StepTest, rel bool, first ast.Expr, ok bool) {
	q, isQ := c.(*ast.Quantifier)
	if !isQ || q.Where == nil || q.Var == nil || (q.Kind != ast.QuantAll && q.Kind != ast.QuantNone) {
		return t, false, nil, false
	}
	pred := q.Where
	if q.Kind == ast.QuantNone {
		pred = &ast.Unary{Span: q.Span, Op: ast.OpNot, Expr: pred}
	}
	v := q.Var.Name
	for n := range exprVars(pred) {
		if n != v && (n == o.Path || n == o.RelList || (o.ToFree && n == o.To)) {
			return t, false, nil, false
		}
	}
	t = logical.StepTest{Var: v, Pred: pred}
	if pathRels(q.In, o) {
		// Only comparisons of the relationship's properties with
		// constants, which the search makes as it crosses each one.
		for _, x := range conjuncts(pred) {
			if !searchProp(x, v) {
				return t, false, nil, false
			}
		}
		return t, true, nil, true
	}
	if !stepTestable(pred, v) {
		return t, false, nil, false
	}
	p, ok := slicedPath(q.In)
	if !ok || p != o.Path {
		return t, false, nil, false
	}
	from, to := int64(0), int64(0)
	if s, isSlice := q.In.(*ast.Slice); isSlice {
		if s.From != nil {
			from, _ = intBound(s.From)
		}
		if s.To != nil {
			to, _ = intBound(s.To)
		}
	}
	if o.Reversed && from != to {
		// The search runs from the path's written end: the nodes of
		// nodes(p)[1..] are those it leaves, and of nodes(p)[..-1]
		// those it reaches.
		from, to = -to, -from
	}
	switch {
	case from == 0 && to == 0:
		t.Nodes = logical.StepReached
		m := map[string]string{}
		for name := range exprVars(pred) {
			m[name] = name
		}
		m[v] = o.From
		if first, ok = renameExpr(pred, m); !ok {
			return t, false, nil, false
		}
	case from == 1 && to == 0:
		t.Nodes = logical.StepReached
	case from == 0 && to == -1:
		t.Nodes = logical.StepLeft
	case from == 1 && to == -1:
		t.Nodes = logical.StepInner
	default:
		return t, false, nil, false
	}
	return t, false, first, true
}

// pathRels reports whether e is the list of the relationships of o's
// paths: relationships(p) or o's relationship list.
func pathRels(e ast.Expr, o logical.ShortestPath) bool {
	if n, ok := varName(e); ok {
		return o.RelList != "" && n == o.RelList
	}
	fc, ok := e.(*ast.FunctionCall)
	if !ok || len(fc.Namespace) != 0 || fc.Distinct || len(fc.Args) != 1 || !strings.EqualFold(fc.Name, "relationships") {
		return false
	}
	n, ok := varName(fc.Args[0])
	return ok && n == o.Path
}

// searchProp reports whether e is a test a search makes of element v
// as it meets it (vm.BatchFilter): a comparison of one of v's
// properties with a parameter or a literal, or its null test.
func searchProp(e ast.Expr, v string) bool {
	switch x := e.(type) {
	case *ast.Comparison, *ast.IsNull:
		return batchable(x, v)
	}
	return false
}

// searchLabels reports whether e is a test of v's labels.
func searchLabels(e ast.Expr, v string) bool {
	lp, ok := e.(*ast.LabelPredicate)
	if !ok || ast.HasDynamic(lp.Labels) {
		return false
	}
	n, ok := lp.Expr.(*ast.Variable)
	return ok && n.Name == v
}

// shortestTests compiles o's tests of nodes and relationships into spec:
// the tests of labels and of properties against constants are made by
// the search as it meets each node or relationship; the others are
// made beforehand, level by level from o.From (stepSets), into the sets
// of the nodes that pass them.
func (g *gen) shortestTests(o logical.ShortestPath, spec *vm.ShortestSpec, from int32, e *regEnv) error {
	for _, t := range o.Crossing {
		for _, c := range conjuncts(t.Pred) {
			f, err := g.batchFilter(c, t.Var, e)
			if err != nil {
				return err
			}
			spec.RelProps = append(spec.RelProps, f)
		}
	}
	if len(o.Steps) == 0 {
		return nil
	}
	test := func(t **vm.NodeTest) *vm.NodeTest {
		if *t == nil {
			*t = &vm.NodeTest{Set: -1}
		}
		return *t
	}
	var eager []logical.StepTest
	for _, t := range o.Steps {
		// The tests a node must pass: In where a hop reaches it, Leave
		// and Through where a hop leaves it, Through alone for the inner
		// nodes.
		var into []**vm.NodeTest
		switch t.Nodes {
		case logical.StepReached:
			into = []**vm.NodeTest{&spec.In}
		case logical.StepLeft:
			into = []**vm.NodeTest{&spec.Leave, &spec.Through}
		default:
			into = []**vm.NodeTest{&spec.Through}
		}
		for _, c := range conjuncts(t.Pred) {
			switch {
			case searchLabels(c, t.Var):
				for _, n := range into {
					nt := test(n)
					l := compileLabels(c.(*ast.LabelPredicate).Labels)
					if nt.Labels != nil {
						l = &vm.LabelExpr{Op: '&', Items: []*vm.LabelExpr{nt.Labels, l}}
					}
					nt.Labels = l
				}
			case searchProp(c, t.Var):
				f, err := g.batchFilter(c, t.Var, e)
				if err != nil {
					return err
				}
				for _, n := range into {
					test(n).Props = append(test(n).Props, f)
				}
			default:
				eager = append(eager, logical.StepTest{Nodes: t.Nodes, Var: t.Var, Pred: c})
			}
		}
	}
	if len(eager) == 0 {
		return nil
	}
	sets, err := g.stepSets(logical.VarExpand{From: o.From, To: o.To, Dir: o.Dir, Types: o.Types, Min: o.Min, Max: o.Max, Steps: eager}, from, e)
	if err != nil || sets == nil {
		return err
	}
	for _, s := range []struct {
		reg int32
		t   **vm.NodeTest
	}{{sets.In, &spec.In}, {sets.Leave, &spec.Leave}, {sets.Through, &spec.Through}} {
		if s.reg >= 0 {
			test(s.t).Set = s.reg
		}
	}
	return nil
}
