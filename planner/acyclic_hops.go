package planner

import "github.com/cyqdb/cyq/parser/ast"

// acyclicHops writes an ACYCLIC or SIMPLE pattern part of a fixed length
// as its hops and the inequalities of its nodes, where acyclicPart would
// match its trails, bind a path and filter the path's node list: in
// `MATCH ACYCLIC (h)-->{2}(c)` no node occurs twice, which is `(h)-->(n1)
// -->(c)` with h <> n1, h <> c and n1 <> c. A variable-length or
// quantified relationship of one count k (`-[:R]->{k}`, `-[*k]->`,
// without a variable, k at most maxUnrolledHops) is its k hops
// (fixedHops); a part whose
// every relationship is then one hop has as many nodes as its length plus
// one, and its node list repeats no node exactly when every two of its
// nodes differ (SIMPLE: every two but the first and the last). The hops
// keep relationship uniqueness as the trail did, and a path variable
// binds the same path, so the rows are the same; the rules that read
// written hops (degree sums, set-at-a-time chains) then read this part.
//
// It returns the rewritten part, the names of its nodes (names are the
// part's, a fresh one for each node between the hops of a relationship
// of one count) and the inequalities, or false when the part has a
// variable-length or quantified relationship of a range of counts or
// with a variable (its list), or a quantified path pattern. Row mode
// keeps the filter on the node list (the differential tests compare
// both).
func (b *builder) acyclicHops(part *ast.PatternPart, names []string) (*ast.PatternPart, []string, ast.Expr, bool) {
	if b.rowModeOnly || part.Element == nil || len(names) != len(part.Element.Nodes) {
		return nil, nil, nil, false
	}
	sp := part.Span
	out, outNames := part.Element, names
	if c, n, ok := b.fixedHops(part, names); ok {
		out, outNames = c.Element, n
	}
	for _, r := range out.Rels {
		if r.Group != nil || r.VarLength != nil || r.Quant != nil {
			return nil, nil, nil, false
		}
	}
	last := len(out.Nodes) - 1
	var pred ast.Expr
	for i := 0; i < last+1; i++ {
		for j := i + 1; j <= last; j++ {
			if part.Mode == ast.ModeSimple && i == 0 && j == last {
				continue
			}
			ne := &ast.Comparison{Span: sp, Ops: []ast.CompareOp{ast.CmpNe}, Operands: []ast.Expr{
				&ast.Variable{Span: sp, Name: outNames[i]}, &ast.Variable{Span: sp, Name: outNames[j]}}}
			if pred == nil {
				pred = ne
			} else {
				pred = &ast.Binary{Span: sp, Op: ast.OpAnd, Left: pred, Right: ne}
			}
		}
	}
	if pred == nil {
		return nil, nil, nil, false // one node: nothing to test
	}
	c := *part
	c.Element = out
	return &c, outNames, pred, true
}
