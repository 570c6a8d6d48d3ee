package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// A test of one node as membership in the set of nodes that pass it.
//
// A filter conjunct P that reads one node variable u of the row and
// otherwise only constants and parameters, or (P) IS NULL OR NOT P (P is
// not true: the exclusion a split disjunction gives each later branch,
// see or_split.go), keeps the rows whose u is (is not) among the nodes
// of u's labels for which P is true. That set is the pipeline of
// MATCH (u:L) WHERE P, which an index seeks when P equates an indexed
// property with a value: built once per run, it decides the test with
// one bitmap operation on a set of u's (an expansion's targets), or one
// membership test per row, where the filter reads u's properties on every
// row. It applies to a node an expansion binds (a scan's own test is a
// seek: seek_scans.go). It is exact when:
//
//   - u is a node, never null on the rows (a null u is in no set, and P
//     may be true of null: u.k IS NULL);
//   - the labels L are known to hold for u on the rows (a scan's or seek's
//     label, a label check before, or a label the statement names that
//     every node the expansion binding u reaches carries: impliedLabel,
//     a fact the plan assumes), so that "u:L and P" is P;
//   - P cannot fail and is deterministic: it is evaluated on the nodes
//     the build reaches, not on the rows' nodes, and must give each node
//     the value the filter would.
//
// The test stays where it is unless the build seeks its nodes (a scan
// would read as many nodes as the rows, or more) and costs less than the
// rows it tests (each row of the filter reads at least one property;
// each row of the semi-join one bit).
func (b *builder) nodeTestSemiJoin(c ast.Expr, facts *rowFacts, ops []logical.Op) (logical.SemiJoin, bool) {
	if b.stats == nil {
		return logical.SemiJoin{}, false // nothing to price the build with
	}
	p, anti := c, false
	if x, ok := c.(*ast.Binary); ok {
		if q, ok := notTrueOf(x); ok {
			p, anti = q, true
		}
	}
	vars, ok := factVars(p)
	if !ok || len(vars) != 1 {
		return logical.SemiJoin{}, false
	}
	var u string
	for v := range vars {
		u = v
	}
	if facts.kinds[u] != kindNode || !neverFails(p, map[string]bool{u: true}) || b.readsFailingList(p) {
		return logical.SemiJoin{}, false
	}
	hop, ok := expansionOf(ops, u)
	if !ok {
		return logical.SemiJoin{}, false // a scan of u is narrowed by a seek itself (seek_scans.go)
	}
	labels := knownLabels(ops)[u]
	if len(labels) == 0 {
		labels = b.impliedIndexLabel(hop, u, p)
	}
	if len(labels) == 0 {
		return logical.SemiJoin{}, false // no label: the build would scan every node
	}
	var le ast.LabelExpr = &ast.LabelName{Name: labels[0]}
	if len(labels) > 1 {
		and := &ast.LabelAnd{Colon: true}
		for _, l := range labels {
			and.Items = append(and.Items, &ast.LabelName{Name: l})
		}
		le = and
	}
	node := &ast.NodePattern{Var: &ast.Variable{Name: u}, Labels: le}
	x := &ast.ExistsSubquery{Pattern: &ast.Pattern{Parts: []*ast.PatternPart{{Kind: ast.PathPlain, Element: &ast.PatternElement{Nodes: []*ast.NodePattern{node}}}}}, Where: p}
	// The build reads nothing of the row.
	saved := b.outer
	b.outer = nil
	defer func() { b.outer = saved }()
	build, ok := b.existsPipeline(x, "", "", u, false)
	if !ok || !seeks(build) || b.cost(build) >= b.rowsAfter(ops) {
		return logical.SemiJoin{}, false
	}
	return logical.SemiJoin{Probe: u, Anti: anti, AtLeast: 1, Pred: p, Build: build}, true
}

// impliedIndexLabel returns a label the statement names that every node
// hop reaches carries (see impliedLabel) and
// that an index covers with a property P reads of u: the label a seek of
// P's nodes needs. It returns nil when there is none.
func (b *builder) impliedIndexLabel(hop logical.Hop, u string, p ast.Expr) []string {
	var keys []string
	visitExpr(p, func(x ast.Expr) bool {
		if pr, ok := x.(*ast.Property); ok {
			if v, ok := pr.Expr.(*ast.Variable); ok && v.Name == u {
				keys = append(keys, pr.Key)
			}
		}
		return true
	})
	for _, l := range b.labels {
		for _, k := range keys {
			if b.stats.HasIndex(l, k) && b.impliedLabel(hop, l) {
				return []string{l}
			}
		}
	}
	return nil
}

// statementLabels returns the label names the statement's node patterns
// and label tests name, each once, in order of appearance.
func statementLabels(st *ast.Statement) []string {
	var out []string
	seen := map[string]bool{}
	add := func(e ast.LabelExpr) {
		ls, ok := ast.SimpleLabels(e)
		if !ok {
			return
		}
		for _, l := range ls {
			if !seen[l] {
				seen[l] = true
				out = append(out, l)
			}
		}
	}
	ast.Inspect(st, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.NodePattern:
			add(x.Labels)
		case *ast.LabelPredicate:
			add(x.Labels)
		}
		return true
	})
	return out
}

// seeks reports whether pl finds its nodes by a seek (an index, a list of
// ids or values, a range), not a scan.
func seeks(pl *logical.Pipeline) bool {
	for _, op := range pl.Ops {
		switch op.(type) {
		case logical.NodeIndexSeek, logical.NodeSetSeek, logical.NodeRangeSeek:
			return true
		case logical.NodeScan:
			return false
		}
	}
	return false
}

// expansionOf returns the hop of the expansion that binds u last in ops,
// ok false when u is bound otherwise (a scan, a seek, a projection).
func expansionOf(ops []logical.Op, u string) (logical.Hop, bool) {
	var hop logical.Hop
	found := false
	for _, op := range ops {
		vs, _ := bindsVars(op)
		if !slices.Contains(vs, u) {
			continue
		}
		switch e := op.(type) {
		case logical.Expand:
			found = e.To == u && !e.ToBound
			hop = logical.Hop{Dir: e.Dir, Types: e.Types}
		case logical.VarExpand:
			// Every node it binds to u is reached by a last hop of its
			// types and direction, unless the trail may be empty (u is
			// then the start, which no hop reached).
			found = e.To == u && !e.ToBound && e.Min >= 1
			hop = logical.Hop{Dir: e.Dir, Types: e.Types}
		default:
			found = false
		}
	}
	return hop, found
}
