package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// XOR, = and <> of tests on a pattern's matches as set operations. The
// trees of setTreeOf (EXISTS { }, COUNT { } >= k, pattern predicates
// under AND, OR and NOT) are never null, and on two values that are
// never null XOR and <> are both "exactly one holds", `a XOR b = (a AND
// NOT b) OR (NOT a AND b)`, and = is its negation. Against a boolean
// literal, `a = true` and `a <> false` are a, `a = false` and `a <>
// true` are NOT a (XOR likewise). So `WHERE EXISTS { (h)-->(v) } XOR
// EXISTS { (v)-->(h) }` is the symmetric difference of the two sets, as
// AND of the same tests is their intersection. A null literal on either
// side makes the whole test null and is left to the per-row code, as
// are comparisons of anything that is not such a tree.
//
// The two sides' trees are shared by the two branches of the expanded
// form; every leaf's set is still built once (the leaves are indexed),
// and maxSetNodes bounds the combined tree, which nested XORs double.

// maxSetNodes bounds the nodes of a tree counted with repetition.
const maxSetNodes = 64

// setTreeDiffer returns the tree of `l <> r` (`l = r` when equal) where
// each side is a tree of tests or a boolean literal and not both are
// literals; ok is false otherwise.
func setTreeDiffer(l, r ast.Expr, equal bool, sc *scope, leaves *[]setLeaf) (*logical.SetTree, bool) {
	if _, ok := boolLiteral(l); ok {
		l, r = r, l
	}
	if b, ok := boolLiteral(r); ok {
		t, ok := setTreeOf(l, sc, leaves)
		if !ok {
			return nil, false
		}
		// l <> b is l when b is false; l = b is l when b is true.
		if b == equal {
			return t, true
		}
		return negateSetTree(t), true
	}
	a, ok := setTreeOf(l, sc, leaves)
	if !ok {
		return nil, false
	}
	b, ok := setTreeOf(r, sc, leaves)
	if !ok {
		return nil, false
	}
	differ := &logical.SetTree{Op: logical.SetOr, Kids: []*logical.SetTree{
		{Op: logical.SetAnd, Kids: []*logical.SetTree{a, negateSetTree(b)}},
		{Op: logical.SetAnd, Kids: []*logical.SetTree{negateSetTree(a), b}},
	}}
	if setTreeSize(differ) > maxSetNodes {
		return nil, false
	}
	if equal {
		return negateSetTree(differ), true
	}
	return differ, true
}

// boolLiteral returns the value of a true or false literal.
func boolLiteral(e ast.Expr) (bool, bool) {
	if l, ok := e.(*ast.Literal); ok && l.Kind == ast.LitBool {
		return l.Bool, true
	}
	return false, false
}

// negateSetTree is NOT t, removing a double negation.
func negateSetTree(t *logical.SetTree) *logical.SetTree {
	if t.Op == logical.SetNot {
		return t.Kids[0]
	}
	return &logical.SetTree{Op: logical.SetNot, Kids: []*logical.SetTree{t}}
}

// setTreeSize counts t's nodes, a shared subtree once per reference.
func setTreeSize(t *logical.SetTree) int {
	n := 1
	for _, k := range t.Kids {
		n += setTreeSize(k)
	}
	return n
}
