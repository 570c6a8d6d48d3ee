package planner

import (
	"fmt"
	"math"
	"sort"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// Boolean combinations of tests on a pattern's matches as set
// operations. A WHERE conjunct that is an AND/OR/NOT tree of such tests
// (EXISTS { }, COUNT { } >= k, a pattern predicate: every spelling of
// normalize_subqueries.go) that all read one node variable of the row,
// the probe, is the question "is the probe in the set the tree
// combines?": each test is the set of the probe's nodes its pattern
// reaches (semiJoinExists; built once, or once per row's key when the
// test reads a second node), AND is their intersection, OR their
// union, NOT the difference from the candidates. When the probe comes
// from a scan just before, the scan iterates the combined set; otherwise
// each row's probe is tested against the sets the tree needs, short
// circuit. A test on matches is never null, so the combination equals
// the three-valued one.
//
// A quantifier all/any/none(t IN [e1, ..., en] WHERE p) over a list
// literal whose items are literals, parameters or node variables is
// p(e1) AND ... AND p(en), p(e1) OR ... OR p(en), NOT (p(e1) OR ... OR
// p(en)): all() is false when one element's test is, null when none is
// false and one is null, true otherwise, which is AND over the elements
// (and any() OR), for any length, empty included (true, false, true).
// Each p(ei) is the test with ei in t's place (a node variable renames
// t, a literal or parameter replaces it), evaluated exactly as the
// quantifier evaluates it with t bound to ei's value.
//
// The choice is costed as the single test's is: every leaf's set once
// per key against every leaf's pattern matched once per row.

// setLeaf is one test of a tree: the pattern and its threshold.
type setLeaf struct {
	x       *ast.ExistsSubquery
	atLeast int
}

// setTreeOf returns the tree of tests e is, appending its leaves to
// leaves; ok is false when some part of e is not such a test.
func setTreeOf(e ast.Expr, sc *scope, leaves *[]setLeaf) (*logical.SetTree, bool) {
	if len(*leaves) > maxSetLeaves {
		return nil, false
	}
	switch x := e.(type) {
	case *ast.Binary:
		var parts []ast.Expr
		op := logical.SetAnd
		switch x.Op {
		case ast.OpAnd:
			parts = conjuncts(x)
		case ast.OpOr:
			parts, op = disjuncts(x), logical.SetOr
		case ast.OpXor:
			return setTreeDiffer(x.Left, x.Right, false, sc, leaves)
		default:
			return nil, false
		}
		t := &logical.SetTree{Op: op}
		for _, p := range parts {
			k, ok := setTreeOf(p, sc, leaves)
			if !ok {
				return nil, false
			}
			t.Kids = append(t.Kids, k)
		}
		return t, true
	case *ast.Unary:
		if x.Op != ast.OpNot {
			return nil, false
		}
		if _, _, _, ok := matchThreshold(x); ok {
			break // COUNT { } < k: a leaf, negated below
		}
		k, ok := setTreeOf(x.Expr, sc, leaves)
		if !ok {
			return nil, false
		}
		return &logical.SetTree{Op: logical.SetNot, Kids: []*logical.SetTree{k}}, true
	case *ast.Quantifier:
		return quantifierTree(x, sc, leaves)
	case *ast.Comparison:
		if len(x.Ops) == 1 && (x.Ops[0] == ast.CmpEq || x.Ops[0] == ast.CmpNe) {
			if _, _, _, ok := matchThreshold(x); !ok {
				return setTreeDiffer(x.Operands[0], x.Operands[1], x.Ops[0] == ast.CmpEq, sc, leaves)
			}
		}
	}
	if p, where, count, ok := patternMatches(e); ok && !count {
		// a pattern predicate or exists(...) not yet in normal form
		e = &ast.ExistsSubquery{Span: e.NodeSpan(), Pattern: p, Where: where}
	}
	x, atLeast, anti, ok := matchThreshold(e)
	if !ok {
		return nil, false
	}
	*leaves = append(*leaves, setLeaf{x: x, atLeast: atLeast})
	leaf := &logical.SetTree{Op: logical.SetLeaf, Leaf: len(*leaves) - 1}
	if anti {
		return &logical.SetTree{Op: logical.SetNot, Kids: []*logical.SetTree{leaf}}, true
	}
	return leaf, true
}

// maxSetLeaves bounds the tests one tree combines.
const maxSetLeaves = 16

// quantifierTree expands all/any/none over a list literal (see above).
func quantifierTree(q *ast.Quantifier, sc *scope, leaves *[]setLeaf) (*logical.SetTree, bool) {
	list, ok := q.In.(*ast.ListLiteral)
	if !ok || q.Where == nil || q.Var == nil || sc.has(q.Var.Name) || len(list.Items) > maxSetLeaves {
		return nil, false
	}
	op := logical.SetAnd
	switch q.Kind {
	case ast.QuantAll:
	case ast.QuantAny, ast.QuantNone:
		op = logical.SetOr
	default:
		return nil, false
	}
	t := &logical.SetTree{Op: op}
	for _, item := range list.Items {
		m := map[string]string{}
		seen := map[string]bool{}
		for n := range sc.vars {
			m[n], seen[n] = n, true
		}
		r := renaming{m: m, seen: seen}
		switch it := item.(type) {
		case *ast.Variable:
			if sc.vars[it.Name] != kindNode {
				return nil, false
			}
			m[q.Var.Name] = it.Name
		case *ast.Literal, *ast.Parameter:
			r.sub = map[string]ast.Expr{q.Var.Name: it}
		default:
			return nil, false
		}
		e, ok := r.expr(q.Where)
		if !ok {
			return nil, false
		}
		k, ok := setTreeOf(e, sc, leaves)
		if !ok {
			return nil, false
		}
		t.Kids = append(t.Kids, k)
	}
	if len(t.Kids) == 0 {
		// all() of no element is true, any() false, none() true: no test
		// to decide (the per-row code answers it in one step).
		return nil, false
	}
	if q.Kind == ast.QuantNone {
		return &logical.SetTree{Op: logical.SetNot, Kids: []*logical.SetTree{t}}, true
	}
	return t, true
}

// semiJoinTreeFor returns the semi-join deciding conjunct c, a tree of
// tests (see above), at the end of ops, when it costs less than the
// tests per row; why says why not when c is such a tree.
func (b *builder) semiJoinTreeFor(c ast.Expr, sc *scope, at map[string]int, ops []logical.Op) (_ logical.SemiJoin, why string, _ bool) {
	tree, leaves, outers, common, why, ok := b.treeLeaves(c, sc)
	if !ok {
		return logical.SemiJoin{}, why, false
	}
	probes := make([]string, 0, len(common))
	for n := range common {
		probes = append(probes, n)
	}
	sort.Strings(probes)
	var best logical.SemiJoin
	bestCost := math.Inf(1)
	for _, probe := range probes {
		sj, semi, row, ok := b.treeCost(tree, c, leaves, outers, probe, sc, at, ops)
		if !ok {
			continue
		}
		if semi >= row {
			if why == "" {
				why = fmt.Sprintf("set operations on %d semi-joins (the sets of `%s`) are estimated to cost %s, the tests per row %s",
					len(leaves), probe, logical.FormatEstimate(semi), logical.FormatEstimate(row))
			}
			continue
		}
		if semi >= bestCost {
			continue
		}
		best, bestCost = sj, semi
	}
	if bestCost < math.Inf(1) {
		if len(best.More) == 0 {
			best.More = nil
		}
		return best, "", true
	}
	return logical.SemiJoin{}, why, false
}

// treeCost prices the semi-join deciding tree (conjunct c, its leaves
// and the outer nodes each reads) for probe at the end of ops: semi is
// every leaf's set built once per its key plus the rows the semi-join
// passes, row the tests per row of every leaf's pattern.
func (b *builder) treeCost(tree *logical.SetTree, c ast.Expr, leaves []setLeaf, outers []map[string]bool, probe string, sc *scope, at map[string]int, ops []logical.Op) (_ logical.SemiJoin, semi, row float64, _ bool) {
	rows := b.rowsAfter(ops)
	saved := b.outer
	b.outer = b.bindings(ops)
	defer func() { b.outer = saved }()
	terms := make([]logical.SetTerm, len(leaves))
	semi = rows
	for i, l := range leaves {
		key := ""
		for n := range outers[i] {
			if n != probe {
				key = n
			}
		}
		perRow, ok1 := b.existsPipeline(l.x, key, probe, "", false)
		build, ok2 := b.existsPipeline(l.x, key, "", probe, l.atLeast > 1)
		if !ok1 || !ok2 {
			return logical.SemiJoin{}, 0, 0, false
		}
		terms[i] = logical.SetTerm{Key: key, AtLeast: l.atLeast, Build: build}
		semi += b.keyRuns(ops, at, key, probe) * b.buildCost(build, probe, l.atLeast)
		_, _, _, degreeRead := b.degreePattern(l.x.Pattern, l.x.Where, sc)
		if degreeRead && l.atLeast > 1 {
			row += rows
		} else {
			row += rows * b.cost(perRow)
		}
	}
	sj := logical.SemiJoin{Probe: probe, Key: terms[0].Key, AtLeast: terms[0].AtLeast, Build: terms[0].Build,
		More: terms[1:], Tree: tree, Pred: c}
	return sj, semi, row, true
}

// treeLeaves returns the tree of tests c is (see setTreeOf), its leaves,
// the outer node variables each leaf reads and those all leaves read
// (the candidate probes); ok is false when c is no such tree, why saying
// why when a leaf's body may fail.
func (b *builder) treeLeaves(c ast.Expr, sc *scope) (tree *logical.SetTree, leaves []setLeaf, outers []map[string]bool, common map[string]bool, why string, ok bool) {
	tree, ok = setTreeOf(c, sc, &leaves)
	if !ok || len(leaves) == 0 {
		return nil, nil, nil, nil, "", false
	}
	// The outer node variables each leaf reads; the probe is one all
	// read, the other (at most one per leaf) that leaf's key.
	outers = make([]map[string]bool, len(leaves))
	common = map[string]bool{}
	for i, l := range leaves {
		reads := newVarSet()
		patternVars(l.x.Pattern, &reads)
		addExprVars(l.x.Where, &reads)
		if reads.all {
			return nil, nil, nil, nil, "", false
		}
		outers[i] = map[string]bool{}
		for n := range reads.names {
			if sc.has(n) {
				if sc.vars[n] != kindNode {
					return nil, nil, nil, nil, "", false
				}
				outers[i][n] = true
			}
		}
		if len(outers[i]) == 0 || len(outers[i]) > 2 {
			return nil, nil, nil, nil, "", false
		}
		if b.bodyMayFail(l.x, outers[i]) {
			return nil, nil, nil, nil, bodyFailsWhy, false
		}
		if i == 0 {
			for n := range outers[i] {
				common[n] = true
			}
			continue
		}
		for n := range common {
			if !outers[i][n] {
				delete(common, n)
			}
		}
	}
	return tree, leaves, outers, common, "", true
}
