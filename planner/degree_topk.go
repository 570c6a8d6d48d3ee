package planner

import (
	"reflect"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// degreeTops narrows a scan whose nodes' degrees are ranked: `MATCH
// (a:L)-->() RETURN a.id, count(*) AS d ORDER BY d DESC, a.id LIMIT 10`
// is, after countDegrees, a scan of a, a degree read per node, an
// aggregation summing it per key, a projection, a sort by the sum first
// and a limit. When every row the sort sees stands for one node of the
// scan and its first key is that node's degree, a node whose degree is
// strictly worse than that of k = SKIP + LIMIT other nodes sorts after
// them whatever the later keys are, so it cannot be among the rows kept:
// the scan leaves it out (NodeScan.Top), reading the degrees from the
// image's per-node totals on several goroutines, and the operators after
// it see the few nodes that can rank, ties at the k-th degree included,
// so the sort's own keys still decide between them. Rows before the scan
// change nothing: grouped with the node or not, each outer row's k better
// nodes still give k better rows (a sum over m outer rows is m times the
// degree), and the scan is narrowed afresh on each.
//
// A row stands for one node when the degree read follows the scan
// directly, and what lies between it and the sort is at most one
// aggregation whose grouping keys are functions of the node (the node,
// its properties, id() and elementId(), variables bound before the scan)
// with one of them identifying it (the node, id(), elementId(), or a
// property that is a key of the scan's label by constraint or index and
// that every node of the label holds, by the statistics the plan is
// cached against), whose aggregates sum the degree, projections, and
// filters that drop the rows of degree zero (such nodes then rank
// nowhere, as when the degree read drops them). Nodes left out must not
// hide an error row
// mode would raise: every expression between the scan and the limit is
// a variable, a property of the node, id() or elementId() of it (none of
// which can fail), and LIMIT and SKIP are literals or parameters, read
// by the scan too; when they are not non-negative integers the scan
// keeps every node and the Limit raises the error.
func degreeTops(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	if b.rowModeOnly {
		return ops, false
	}
	for i := 0; i+2 < len(ops); i++ {
		scan, ok := ops[i].(logical.NodeScan)
		if !ok || scan.Top != nil || len(scan.Prefilter) > 0 || scan.Batch > 0 {
			continue
		}
		if top, ok := b.degreeTopOf(scan, ops[i+1:]); ok {
			scan.Top = top
			return replace(ops, i, 1, scan), true
		}
	}
	return ops, false
}

// degreeTopOf returns the narrowing of scan when rest (the operators
// after it) reads one degree per node and ranks the nodes by it first
// (see degreeTops).
func (b *builder) degreeTopOf(scan logical.NodeScan, rest []logical.Op) (*logical.DegreeTop, bool) {
	deg, ok := rest[0].(logical.Degree)
	if !ok || deg.Var != scan.Var {
		return nil, false
	}
	nodes := map[string]bool{scan.Var: true} // names bound to the scanned node
	degs := map[string]bool{deg.Into: true}  // names bound to its degree
	grouped, dropZero := false, false
	var scope map[string]bool // the names in scope after the aggregation
	for j := 1; j < len(rest); j++ {
		switch o := rest[j].(type) {
		case logical.Project:
			nn, nd := map[string]bool{}, map[string]bool{}
			for n := range nodes {
				nn[n] = true
			}
			for n := range degs {
				nd[n] = true
			}
			for _, it := range o.Items {
				it.Expr = b.substituted(it.Expr, o.Subst, scope, nodes, degs)
				if !safeNodeExpr(it.Expr, nodes) {
					return nil, false
				}
				if scope != nil {
					scope[it.Name] = true
				}
				delete(nn, it.Name)
				delete(nd, it.Name)
				if v, ok := it.Expr.(*ast.Variable); ok {
					nn[it.Name] = nodes[v.Name]
					nd[it.Name] = degs[v.Name]
				}
			}
			nodes, degs = nn, nd
		case logical.Select:
		case logical.Filter:
			// `d > 0` on the degree: the rows of the nodes that have
			// relationships, as a degree read that drops zero keeps
			if !dropsZero(o.Pred, degs) {
				return nil, false
			}
			dropZero = true
		case logical.Aggregate:
			if grouped || len(o.Keys) == 0 {
				return nil, false
			}
			grouped = true
			nn, nd := map[string]bool{}, map[string]bool{}
			scope = map[string]bool{}
			identified := false
			for _, k := range o.Keys {
				if !safeNodeExpr(k.Expr, nodes) {
					return nil, false
				}
				identified = identified || b.identifiesNode(k.Expr, nodes, scan)
				if v, ok := k.Expr.(*ast.Variable); ok && nodes[v.Name] {
					nn[k.Name] = true
				}
				scope[k.Name] = true
			}
			if !identified {
				return nil, false
			}
			for _, a := range o.Aggs {
				if !a.IntSum || !sumOf(a.Call, degs) {
					return nil, false
				}
				nd[a.Name] = true
				scope[a.Name] = true
			}
			nodes, degs = nn, nd
		case logical.Sort:
			first, ok := b.substituted(o.Keys[0].Expr, o.Subst, scope, nodes, degs).(*ast.Variable)
			if !ok || !degs[first.Name] {
				return nil, false
			}
			for _, k := range o.Keys[1:] {
				if !safeNodeExpr(b.substituted(k.Expr, o.Subst, scope, nodes, degs), nodes) {
					return nil, false
				}
			}
			top := &logical.DegreeTop{Degree: deg, Desc: o.Keys[0].Desc, DropZero: dropZero}
			after := rest[j+1:]
			if len(after) > 0 {
				if s, ok := after[0].(logical.Skip); ok {
					top.Skip, after = s.Count, after[1:]
				}
			}
			if len(after) == 0 {
				return nil, false
			}
			l, ok := after[0].(logical.Limit)
			if !ok || !countOperand(l.Count) || top.Skip != nil && !countOperand(top.Skip) {
				return nil, false
			}
			top.Limit = l.Count
			return top, true
		default:
			return nil, false
		}
	}
	return nil, false
}

// substituted is e as the code generator reads it after an aggregation:
// the column of the aggregate call it is, or the column subst maps its
// text to, when that column is in one of scope.
func (b *builder) substituted(e ast.Expr, subst map[string]string, scope ...map[string]bool) ast.Expr {
	in := func(name string) bool {
		for _, s := range scope {
			if s[name] {
				return true
			}
		}
		return false
	}
	if c, ok := e.(*ast.FunctionCall); ok {
		if name, ok := b.aggRefs[c]; ok && in(name) {
			return &ast.Variable{Name: name}
		}
	}
	if name, ok := subst[e.NodeSpan().Text(b.src)]; ok && in(name) {
		return &ast.Variable{Name: name}
	}
	return e
}

// safeNodeExpr reports whether e is a variable, or a property, id() or
// elementId() of a name bound to the scanned node: expressions that
// cannot raise an error.
func safeNodeExpr(e ast.Expr, nodes map[string]bool) bool {
	switch x := e.(type) {
	case *ast.Variable:
		return true
	case *ast.Property:
		v, ok := x.Expr.(*ast.Variable)
		return ok && nodes[v.Name]
	case *ast.FunctionCall:
		return nodeIDCall(x, nodes)
	}
	return false
}

// nodeIDCall reports whether call is id(v) or elementId(v) of a name v
// bound to the scanned node.
func nodeIDCall(call *ast.FunctionCall, nodes map[string]bool) bool {
	if len(call.Namespace) > 0 || call.Distinct || len(call.Args) != 1 {
		return false
	}
	if !strings.EqualFold(call.Name, "id") && !strings.EqualFold(call.Name, "elementId") {
		return false
	}
	v, ok := call.Args[0].(*ast.Variable)
	return ok && nodes[v.Name]
}

// identifiesNode reports whether the grouping key e takes a different
// value on every node of the scan: the node itself, id() or elementId()
// of it, or a property that is a key of the scan's label (uniqueKey) and
// that every node with the label holds (its kinds, exactly known, hold
// no null), so that no two nodes share a null either.
func (b *builder) identifiesNode(e ast.Expr, nodes map[string]bool, scan logical.NodeScan) bool {
	switch x := e.(type) {
	case *ast.Variable:
		return nodes[x.Name]
	case *ast.FunctionCall:
		return nodeIDCall(x, nodes)
	case *ast.Property:
		v, ok := x.Expr.(*ast.Variable)
		if !ok || !nodes[v.Name] || scan.Label == "" || !b.uniqueKey(scan.Label, x.Key) {
			return false
		}
		ks := b.kindStats()
		if ks == nil {
			return false
		}
		kinds, known := ks.NodePropertyKinds([]string{scan.Label}, x.Key)
		return known && !kinds.Has(value.KindNull)
	}
	return false
}

// sumOf reports whether call is sum(v) (not DISTINCT) of a name v among
// names.
func sumOf(call *ast.FunctionCall, names map[string]bool) bool {
	if !strings.EqualFold(call.Name, "sum") || call.Distinct || len(call.Args) != 1 || len(call.Namespace) > 0 {
		return false
	}
	v, ok := call.Args[0].(*ast.Variable)
	return ok && names[v.Name]
}

// countOperand reports whether a LIMIT or SKIP count is an integer
// literal or a parameter, which the scan can read without raising an
// error.
func countOperand(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Literal:
		return x.Kind == ast.LitInt
	case *ast.Parameter:
		return true
	}
	return false
}

// degreeTopSet emits the node set of a scan narrowed by degreeTops into a
// new S register; ok is false when o is not narrowed (or the degree read
// it was narrowed for no longer follows it).
func (g *gen) degreeTopSet(o logical.NodeScan, ops []logical.Op) (set int32, ok bool, err error) {
	if o.Top == nil || len(o.Prefilter) > 0 || o.Batch > 0 || len(ops) < 2 {
		return 0, false, nil
	}
	if d, isDeg := ops[1].(logical.Degree); !isDeg || !reflect.DeepEqual(d, o.Top.Degree) {
		return 0, false, nil
	}
	d := o.Top.Degree
	spec := &vm.DegreeTopSpec{Spec: vm.ExpandSpec{Dir: vmDir(d.Dir), Types: d.Types, NoLoops: d.NoLoops}, KeepZero: d.KeepZero && !o.Top.DropZero, Desc: o.Top.Desc, Skip: -1}
	if d.Labels != nil {
		spec.Spec.EndLabels = compileLabels(d.Labels)
	}
	if spec.Limit, err = g.expr(o.Top.Limit, newEnv()); err != nil {
		return 0, false, err
	}
	if o.Top.Skip != nil {
		if spec.Skip, err = g.expr(o.Top.Skip, newEnv()); err != nil {
			return 0, false, err
		}
	}
	src := g.scanSetOf(o)
	set = g.s()
	g.emit(vm.OpDegreeTop, set, src, g.addAux(spec))
	return set, true, nil
}
