package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// fixedHops writes the relationships of one length in a pattern part as
// the hops they stand for: a variable-length relationship of one length k
// (`-[*k]->`, `-[:T*k..k]->`) or a quantified relationship of one count
// (`-[:T]->{k}`), without a variable (its list) or an inline WHERE, k
// from 1 to maxUnrolledHops, is k single relationships of its type,
// direction and properties joined by fresh anonymous nodes:
// `p = (a)-[*2]->(c)` is `p = (a)-->()-->(c)`. Relationships of one
// pattern are distinct whichever way they are written, and the path
// bound is the same, so the rows are the same. A path then names every
// one of its elements, so that its element reads (nodes(p)[1],
// relationships(p)[-1], [x IN nodes(p) | ...], size(nodes(p))) are the
// pattern's variables (pathFunctions) and the hops are planned as written
// ones are; this is what unrollFixedLength does for a list nothing reads,
// here for the lists a named path reads.
//
// It applies to the paths whose elements the query reads by position
// (positionReads): a path read only as a whole (returned, collected,
// its length or size taken) keeps its list, whose least length the
// least-length searches read (leastTrails), and those reads need no
// element named.
//
// A property map other than a literal (an error for a variable-length
// relationship, another for a hop) leaves the relationship as written.
// Other relationships stay as written (positions past a list of open
// length are read from the path's other end). It returns the rewritten
// part and the names of its nodes (the part's, with a fresh one for each
// node between the hops), or false when no relationship has one length.
func (b *builder) fixedHops(part *ast.PatternPart, names []string) (*ast.PatternPart, []string, bool) {
	if b.rowModeOnly || part.Element == nil || len(names) != len(part.Element.Nodes) {
		return nil, nil, false
	}
	if part.Mode == ast.ModeDefault && (part.Var == nil || !b.posReads[part.Var.Name]) {
		return nil, nil, false
	}
	el := part.Element
	out := &ast.PatternElement{Span: el.Span, Nodes: []*ast.NodePattern{el.Nodes[0]}}
	outNames := []string{names[0]}
	changed := false
	for i, r := range el.Rels {
		k := fixedCount(r)
		if k < 1 {
			// a single hop, or a list of open length, as written
			out.Rels = append(out.Rels, r)
			out.Nodes = append(out.Nodes, el.Nodes[i+1])
			outNames = append(outNames, names[i+1])
			continue
		}
		changed = true
		hop := *r
		hop.Quant, hop.VarLength = nil, nil
		for j := 0; j < k; j++ {
			h := hop
			out.Rels = append(out.Rels, &h)
			if j < k-1 {
				out.Nodes = append(out.Nodes, &ast.NodePattern{Span: r.Span})
				outNames = append(outNames, b.fresh("n"))
			}
		}
		out.Nodes = append(out.Nodes, el.Nodes[i+1])
		outNames = append(outNames, names[i+1])
	}
	if !changed {
		return nil, nil, false
	}
	c := *part
	c.Element = out
	return &c, outNames, true
}

// fixedCount is the number of hops of r when it is a variable-length or
// quantified relationship of one length that fixedHops writes as hops
// (see there); 0 otherwise, and for a single hop.
func fixedCount(r *ast.RelPattern) int {
	if r.Group != nil || r.Var != nil || r.Where != nil || (r.Quant == nil && r.VarLength == nil) {
		return 0
	}
	if r.Props != nil {
		if _, ok := r.Props.(*ast.MapLiteral); !ok {
			return 0
		}
	}
	min, max := relBounds(r)
	if min != max || min < 1 || min > maxUnrolledHops {
		return 0
	}
	return min
}

// positionReads are the names of the paths whose node or relationship
// lists st reads other than by their size: nodes(p) or relationships(p)
// anywhere in it but as the argument of size(). (A name is a name: a
// path of the same name in another scope counts too, which changes only
// which of two equivalent plans is built.)
func positionReads(st ast.Node) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(st, func(n ast.Node) bool {
		f, ok := n.(*ast.FunctionCall)
		if !ok || len(f.Namespace) != 0 || len(f.Args) != 1 {
			return true
		}
		switch strings.ToLower(f.Name) {
		case "size":
			if _, ok := pathList(f.Args[0]); ok {
				return false
			}
		case "nodes", "relationships":
			if v, ok := pathList(f); ok {
				out[v] = true
			}
		}
		return true
	})
	return out
}

// pathList reads e as nodes(v) or relationships(v) of a variable v.
func pathList(e ast.Expr) (string, bool) {
	f, ok := e.(*ast.FunctionCall)
	if !ok || len(f.Namespace) != 0 || len(f.Args) != 1 {
		return "", false
	}
	if n := strings.ToLower(f.Name); n != "nodes" && n != "relationships" {
		return "", false
	}
	return varName(f.Args[0])
}
