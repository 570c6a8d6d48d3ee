package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// countItemDegrees turns a projected count of one hop from the node the
// scan just before binds, `MATCH (a:L) WITH a, COUNT { (a)-[:T]->(:M) }
// AS d`, into the degree read that `MATCH (a:L)-[:T]->(:M) RETURN a,
// count(*)` gets (countDegrees), kept at zero: a Degree of the hop's
// direction, types and far-end labels into a fresh column, which the
// item then reads. The count of such a pattern, whose relationship and
// far node are anonymous and carry no property, WHERE or length, is the
// number of the node's relationships of those types in that direction
// whose other end has the labels (a self-loop once when undirected, as
// the degree reads it), and the scan binds a node, never null. The
// degree read then stands where the rules that rank nodes by their
// degree (degreeTops) look for it.
func countItemDegrees(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	for i := 1; i < len(ops); i++ {
		p, ok := ops[i].(logical.Project)
		if !ok || p.Vectorised {
			continue
		}
		scan, ok := ops[i-1].(logical.NodeScan)
		if !ok || scan.Batch > 0 || len(scan.Prefilter) > 0 {
			continue
		}
		sc, _, scoped := scopeAt(ops, i)
		bound := func(n string) bool { return !scoped || sc.has(n) }
		for k, it := range p.Items {
			deg, ok := hopCountDegree(it.Expr, scan.Var, bound)
			if !ok {
				continue
			}
			deg.Into = b.fresh("deg")
			items := slices.Clone(p.Items)
			items[k] = logical.Item{Expr: &ast.Variable{Name: deg.Into}, Name: it.Name}
			p.Items = items
			return replace(ops, i, 1, deg, p), true
		}
	}
	return ops, false
}

// hopCountDegree returns the degree read (KeepZero) that e counts when e
// is COUNT { (v)-[:T]->(:M) } or size([(v)-[:T]->(:M) | c]) with c an
// expression that cannot fail (errorFree: the comprehension computes it
// once per match, and its list has one element per match, null or not),
// of one hop from v with no properties, WHERE, length or path variable,
// and static labels; its relationship and far node are anonymous or
// named by variables not bound before (bound reports those): the
// pattern's own, which the count does not test.
func hopCountDegree(e ast.Expr, v string, bound func(string) bool) (logical.Degree, bool) {
	var el *ast.PatternElement
	switch x := e.(type) {
	case *ast.CountSubquery:
		if x.Pattern == nil || x.Where != nil || len(x.Pattern.Parts) != 1 {
			return logical.Degree{}, false
		}
		part := x.Pattern.Parts[0]
		if part.Var != nil || part.Kind != ast.PathPlain || part.Selector != nil {
			return logical.Degree{}, false
		}
		el = part.Element
	case *ast.FunctionCall:
		if len(x.Namespace) > 0 || !strings.EqualFold(x.Name, "size") || len(x.Args) != 1 {
			return logical.Degree{}, false
		}
		pc, ok := x.Args[0].(*ast.PatternComprehension)
		if !ok || pc.PathVar != nil || pc.Where != nil {
			return logical.Degree{}, false
		}
		if !errorFree(pc.Map) {
			return logical.Degree{}, false
		}
		el = pc.Element
	default:
		return logical.Degree{}, false
	}
	if el == nil || len(el.Nodes) != 2 || len(el.Rels) != 1 {
		return logical.Degree{}, false
	}
	from, far, r := el.Nodes[0], el.Nodes[1], el.Rels[0]
	if from.Var == nil || from.Var.Name != v || from.Labels != nil || from.Props != nil || from.Where != nil || from.Implicit {
		return logical.Degree{}, false
	}
	if far.Props != nil || far.Where != nil || far.Implicit || far.Labels != nil && !staticLabels(far.Labels) {
		return logical.Degree{}, false
	}
	if r.Props != nil || r.Where != nil || r.VarLength != nil || r.Quant != nil || r.Group != nil {
		return logical.Degree{}, false
	}
	types, ok := r.TypeNames()
	if !ok {
		return logical.Degree{}, false
	}
	// A named relationship or far node may be bound outside, which the
	// count would then test: only anonymous ones or new names.
	if r.Var != nil && bound(r.Var.Name) || far.Var != nil && (bound(far.Var.Name) || far.Var.Name == v) {
		return logical.Degree{}, false
	}
	return logical.Degree{Var: v, Dir: r.Direction, Types: types, Labels: far.Labels, KeepZero: true}, true
}

// dropsZero reports whether pred holds on a row exactly when the degree
// column it compares (one of degs, never negative nor null) is not zero:
// d > 0, d >= 1, d <> 0, either side first.
func dropsZero(pred ast.Expr, degs map[string]bool) bool {
	c, ok := pred.(*ast.Comparison)
	if !ok || len(c.Ops) != 1 {
		return false
	}
	l, r, op := c.Operands[0], c.Operands[1], c.Ops[0]
	if _, isVar := l.(*ast.Variable); !isVar {
		l, r, op = r, l, flipComparison(op)
	}
	v, isVar := l.(*ast.Variable)
	lit, isLit := r.(*ast.Literal)
	if !isVar || !isLit || !degs[v.Name] || lit.Kind != ast.LitInt {
		return false
	}
	return op == ast.CmpGt && lit.Int == 0 || op == ast.CmpGe && lit.Int == 1 || op == ast.CmpNe && lit.Int == 0
}
