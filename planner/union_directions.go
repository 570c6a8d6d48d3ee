package planner

import (
	"reflect"
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// mergeDirections returns the one pipeline branches a and b of a UNION
// are when they differ only in the direction of one single-hop
// expansion, one branch following it out of its node and the other into
// it: that pair is the undirected hop. The undirected hop (x)-[r]-(y)
// gives a row for each relationship at x that leaves it and one for each
// that enters it, a self-loop once; the outgoing branch gives the first
// (the loops among them) and the incoming branch the second (the loops
// again). So
//
//   - under UNION ALL, which keeps every row of each branch, the pair is
//     the undirected hop when one branch, and only one, drops the
//     self-loops by a filter the other lacks (`NOT startNode(r) =
//     endNode(r)`, `x <> y`: excludesSelfLoops), or when both drop them
//     by the same filter (the undirected hop's rows without loops);
//   - under UNION, which keeps each distinct row once, the pair is the
//     undirected hop whether or not either branch drops the loops (a loop
//     row of the incoming branch is one of the outgoing branch too);
//     mergeUnionBranches then makes the one branch's rows distinct.
//
// Every other operator must be the same in both branches and work row by
// row (rowWise), so the merged branch's rows are the branches' rows
// together; the loop filter only one branch has goes. Anonymous names
// of the hop (its relationship, its far node), which the query cannot
// read, may differ between the branches. The merged branch plans as the
// undirected pattern does (a degree read either way, a set expansion).
func mergeDirections(a, b *logical.Pipeline, all bool) (*logical.Pipeline, bool) {
	if len(b.Ops) > len(a.Ops) {
		a, b = b, a // a is the longer branch
	}
	if len(a.Ops)-len(b.Ops) > 1 {
		return nil, false
	}
	at := -1 // the expansion's position in a
	var hop logical.Expand
	extra := -1     // a's loop filter b lacks
	shared := false // a loop filter both branches have
	for i, j := 0, 0; i < len(a.Ops); i++ {
		x := a.Ops[i]
		if !rowWise[x.Name()] || len(x.Children()) > 0 {
			return nil, false
		}
		if j == len(b.Ops) {
			// the last operator of a is its extra one
			if f, ok := x.(logical.Filter); ok && at >= 0 && extra < 0 && loopFilter(f, hop) {
				extra = i
				continue
			}
			return nil, false
		}
		y := b.Ops[j]
		if !rowWise[y.Name()] || len(y.Children()) > 0 {
			return nil, false
		}
		if reflect.TypeOf(x) == reflect.TypeOf(y) && sameOp(x, y) {
			if f, ok := x.(logical.Filter); ok && at >= 0 && loopFilter(f, hop) {
				shared = true
			}
			j++
			continue
		}
		if ex, ok := x.(logical.Expand); ok && at < 0 {
			if ey, ok := y.(logical.Expand); ok {
				if m, ok := oppositeHops(ex, ey); ok {
					at, hop = i, m
					j++
					continue
				}
			}
		}
		if f, ok := x.(logical.Filter); ok && at >= 0 && extra < 0 && len(a.Ops) > len(b.Ops) && loopFilter(f, hop) {
			extra = i
			continue
		}
		return nil, false
	}
	if at < 0 || all && extra < 0 && !shared {
		// under UNION ALL with no loop filter the loops would be
		// counted twice
		return nil, false
	}
	ops := slices.Clone(a.Ops)
	ops[at] = hop
	if extra >= 0 {
		ops = slices.Delete(ops, extra, extra+1)
	}
	return &logical.Pipeline{Ops: ops}, true
}

// oppositeHops returns the undirected hop x and y are when they are one
// single-hop expansion followed out of its node in one and into it in
// the other (anonymous names aside).
func oppositeHops(x, y logical.Expand) (logical.Expand, bool) {
	if x.RelBound || y.RelBound || x.Adjacent || y.Adjacent {
		return x, false
	}
	if !(x.Dir == ast.DirRight && y.Dir == ast.DirLeft || x.Dir == ast.DirLeft && y.Dir == ast.DirRight) {
		return x, false
	}
	if anonymous(x.Rel) && anonymous(y.Rel) {
		y.Rel = x.Rel
	}
	if anonymous(x.To) && anonymous(y.To) && !x.ToBound && !y.ToBound {
		y.To = x.To
	}
	y.Dir = x.Dir
	if !reflect.DeepEqual(x, y) || x.Rel == "" {
		return x, false
	}
	x.Dir = ast.DirNone
	return x, true
}

// anonymous reports whether name is one the planner gave an unnamed
// pattern element.
func anonymous(name string) bool { return strings.HasPrefix(name, " ") }

// loopFilter reports whether f drops exactly the self-loops of hop's rows.
func loopFilter(f logical.Filter, hop logical.Expand) bool {
	return f.Subst == nil && excludesSelfLoops(f.Pred, hop.Rel, hop.From, hop.To)
}
