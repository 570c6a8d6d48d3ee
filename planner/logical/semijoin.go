package logical

import (
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// SemiJoin decides an existence test EXISTS { pattern } (NOT EXISTS with
// Anti) that reads two variables of the row, or one, by set membership:
// Build binds Probe to every node for which the pattern matches given the
// row's Key (a node variable; "" when the pattern reads only Probe), and
// the row passes when its Probe is (Anti: is not) among them. With
// AtLeast k above 1 the test is COUNT { pattern } >= k (< k with Anti):
// Build binds Probe once per match, and the set holds the nodes bound at
// least k times. Build reads
// nothing of the row but Key, so its set is computed once per run of rows
// with the same Key (once in all when Key is ""), set at a time where its
// own rewrites allow, instead of matching the pattern once per row.
//
// With Scan the operator also binds Probe: it iterates the nodes (with
// Label, when set) in the set (Anti: not in it), replacing a scan of
// Probe that the test followed.
type SemiJoin struct {
	Probe, Key string
	Anti       bool
	AtLeast    int
	Scan       bool
	Label      string
	// Pred is the existence test decided (for EXPLAIN).
	Pred  ast.Expr
	Build *Pipeline
	// Tree, when set, makes the operator decide a boolean combination of
	// tests on the probe's matches rather than one: its leaves are the
	// test above (leaf 0: Key, AtLeast, Build; Anti unused) and those of
	// More (leaf i is More[i-1]), each a set of the probe's nodes; AND is
	// their intersection, OR their union, NOT the difference from the
	// candidates. A test on a pattern's matches is never null, so the
	// combination is exact in three-valued logic.
	Tree *SetTree
	More []SetTerm
}

// SetTerm is one more leaf of a SemiJoin's Tree: the nodes Build binds
// to the probe given the row's Key ("" for none), those bound at least
// AtLeast times.
type SetTerm struct {
	Key     string
	AtLeast int
	Build   *Pipeline
}

// SetTreeOp is the kind of a SetTree node.
type SetTreeOp int

// The kinds of SetTree nodes.
const (
	SetLeaf SetTreeOp = iota
	SetAnd
	SetOr
	SetNot
)

// SetTree is a boolean combination of a SemiJoin's leaf sets: a leaf
// (Leaf indexes the leaves), AND or OR of Kids, NOT of Kids[0].
type SetTree struct {
	Op   SetTreeOp
	Leaf int
	Kids []*SetTree
}

// String writes the tree with leaves as #i.
func (t *SetTree) String() string {
	switch t.Op {
	case SetLeaf:
		return fmt.Sprintf("#%d", t.Leaf)
	case SetNot:
		return "NOT " + t.Kids[0].String()
	}
	sep := " AND "
	if t.Op == SetOr {
		sep = " OR "
	}
	parts := make([]string, len(t.Kids))
	for i, k := range t.Kids {
		parts[i] = k.String()
	}
	return "(" + strings.Join(parts, sep) + ")"
}

// Leaves returns the leaves of a SemiJoin: its own test first, then More.
func (o SemiJoin) Leaves() []SetTerm {
	out := []SetTerm{{Key: o.Key, AtLeast: o.AtLeast, Build: o.Build}}
	return append(out, o.More...)
}

// Keys returns the key variables the leaves read (without "").
func (o SemiJoin) Keys() []string {
	var out []string
	for _, l := range o.Leaves() {
		if l.Key != "" {
			out = append(out, l.Key)
		}
	}
	return out
}

var _ Op = (*SemiJoin)(nil)

// Name implements Op.
func (o SemiJoin) Name() string {
	name := "SemiJoin"
	if o.Anti {
		name = "AntiJoin"
	}
	if o.Scan {
		return "NodeScan" + name
	}
	return name
}

// String implements Op.
func (o SemiJoin) String() string { return format(o) }

// Breaker implements Op.
func (SemiJoin) Breaker() bool { return false }

// Children implements Op: the build pipeline.
func (o SemiJoin) Children() []*Pipeline {
	out := []*Pipeline{o.Build}
	for _, m := range o.More {
		out = append(out, m.Build)
	}
	return out
}

// WithChildren implements Op.
func (o SemiJoin) WithChildren(children ...*Pipeline) (Op, error) {
	if len(o.More) == 0 {
		if err := oneChild(o, children); err != nil {
			return nil, err
		}
	} else if len(children) != 1+len(o.More) {
		return nil, childCountError(o, len(children), 1+len(o.More))
	}
	o.Build = children[0]
	if len(o.More) > 0 {
		o.More = append([]SetTerm(nil), o.More...)
		for i := range o.More {
			o.More[i].Build = children[i+1]
		}
	}
	return o, nil
}

// Detail implements Op.
func (o SemiJoin) Detail() string {
	var b strings.Builder
	b.WriteString("(" + o.Probe)
	if o.Label != "" {
		b.WriteString(":" + o.Label)
	}
	b.WriteString(") ")
	if o.Anti {
		b.WriteString("not ")
	}
	if o.Tree != nil {
		b.WriteString("in sets of " + o.Probe + " " + o.Tree.String())
		if o.Pred != nil {
			b.WriteString(": " + expr(o.Pred))
		}
		for i, l := range o.Leaves() {
			b.WriteString(fmt.Sprintf(" #%d", i))
			if l.AtLeast > 1 {
				b.WriteString(fmt.Sprintf(" matched at least %d times", l.AtLeast))
			}
			if l.Key != "" {
				b.WriteString(" built per " + l.Key)
			} else {
				b.WriteString(" built once")
			}
			names := make([]string, len(l.Build.Ops))
			for k, op := range l.Build.Ops {
				names[k] = op.String()
			}
			b.WriteString(" {" + strings.Join(names, " > ") + "}")
		}
		return b.String()
	}
	b.WriteString("in set of " + o.Probe)
	if o.AtLeast > 1 {
		b.WriteString(fmt.Sprintf(" matched at least %d times", o.AtLeast))
	}
	if o.Key != "" {
		b.WriteString(" built per " + o.Key)
	} else {
		b.WriteString(" built once")
	}
	if o.Pred != nil {
		b.WriteString(": " + expr(o.Pred))
	}
	if o.Build != nil {
		names := make([]string, len(o.Build.Ops))
		for i, op := range o.Build.Ops {
			names[i] = op.String()
		}
		b.WriteString(" {" + strings.Join(names, " > ") + "}")
	}
	return b.String()
}
