package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// outerRelCounts rewrites a one-hop pattern counted per row that must
// differ from a relationship of the row, `MATCH (a)-[r]-(f) RETURN
// COUNT { (f)-[q]-() WHERE q <> r }` (likewise `size([(f)-[q]-() WHERE
// q <> r | q])`, and the OPTIONAL MATCH counted by count(q) that is
// planned as the COUNT), into the plain count less one where r is
// among the relationships the hop enumerates from f: `COUNT { (f)-[q]-()
// } - CASE WHEN <r is one> THEN 1 ELSE 0 END`, whose count is a degree
// read (see degreeExists).
//
// It is a fold by the facts known about the rows (rowFacts.ends): r was
// bound by an expansion whose nodes and direction are still those of the
// row, so whether r leaves f the hop's way is known from the nodes alone,
// without reading r (from `(a)-[r]-(f)`, an undirected hop from f always
// enumerates r; `(a)-[r]->(f)` is enumerated by an outgoing hop from f
// only when a = f), and whether r has one of the hop's types from the
// expansion's types (a test of type(r) only where they do not settle it).
//
// What it preserves: r is never null on those rows (an expansion bound
// it), so `q <> r` is true or false, never null, and is false on exactly
// one match of the hop (an expansion enumerates a relationship once, a
// self-loop too, as the stored degree counts it) when r is among them,
// on none otherwise. The body must have nothing else to test (a single
// `q <> r` conjunct: two such conjuncts may name the same relationship),
// no far label the statistics do not imply, and no properties: the
// count of its matches is then the degree. Comparing q with r, and the
// tests that replace it, raise no error.
func outerRelCounts(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	if b.rowModeOnly {
		return ops, false
	}
	var facts []*rowFacts
	var out []logical.Op
	for i, op := range ops {
		switch op.(type) {
		case logical.Filter, logical.Project, logical.Aggregate:
		default:
			continue
		}
		if facts == nil {
			facts = factsBefore(ops)
		}
		if len(facts[i].ends) == 0 {
			continue
		}
		sc, _, ok := scopeAt(ops, i)
		if !ok {
			continue
		}
		n, changed := mapOpExprs(b, op, func(e ast.Expr) (ast.Expr, bool) {
			return rewriteExpr(e, func(x ast.Expr) (ast.Expr, bool) {
				return b.outerRelCount(x, facts[i], sc)
			})
		})
		if !changed {
			continue
		}
		if out == nil {
			out = append([]logical.Op(nil), ops...)
		}
		out[i] = n
	}
	if out == nil {
		return ops, false
	}
	return out, true
}

// outerRelCount rewrites x when it is such a count (see outerRelCounts).
func (b *builder) outerRelCount(x ast.Expr, f *rowFacts, sc *scope) (ast.Expr, bool) {
	var p *ast.Pattern
	var where ast.Expr
	switch e := x.(type) {
	case *ast.CountSubquery:
		if e.Pattern == nil {
			return nil, false
		}
		p, where = e.Pattern, e.Where
	case *ast.FunctionCall:
		// size() of a comprehension of the pattern's matches: as many
		// as they are, when its element is a variable (no error).
		if !strings.EqualFold(e.Name, "size") || len(e.Namespace) > 0 || e.Distinct || len(e.Args) != 1 {
			return nil, false
		}
		c, ok := e.Args[0].(*ast.PatternComprehension)
		if !ok || c.PathVar != nil {
			return nil, false
		}
		if _, ok := c.Map.(*ast.Variable); !ok {
			return nil, false
		}
		p = &ast.Pattern{Span: c.Span, Parts: []*ast.PatternPart{{Span: c.Span, Element: c.Element}}}
		where = c.Where
	default:
		return nil, false
	}
	if where == nil || len(p.Parts) != 1 || p.Parts[0].Var != nil || p.Parts[0].Kind != ast.PathPlain || len(p.Parts[0].Element.Rels) != 1 {
		return nil, false
	}
	rel := p.Parts[0].Element.Rels[0]
	if rel.Var == nil {
		return nil, false
	}
	q := rel.Var.Name
	a, c, kind := uniquenessVars(where)
	if kind != relsDiffer {
		return nil, false
	}
	if c == q {
		a, c = c, a
	}
	e, bound := f.ends[c]
	if a != q || !bound || !sc.has(c) {
		return nil, false
	}
	plain := &ast.Pattern{Span: p.Span, Parts: p.Parts}
	near, dir, types, ok := b.degreePattern(plain, nil, sc)
	if !ok {
		return nil, false
	}
	count := &ast.CountSubquery{Span: x.NodeSpan(), Pattern: plain}
	test, counted := relCountedBy(e, near, dir, types)
	if !counted {
		return count, true
	}
	if test != nil {
		// The test reads the expansion's nodes only where the row still
		// binds them.
		vars, ok := factVars(test)
		if !ok {
			return nil, false
		}
		for v := range vars {
			if !sc.has(v) {
				return nil, false
			}
		}
	}
	var one ast.Expr = intLit(ast.Span{}, 1)
	if test != nil {
		one = &ast.Case{Whens: []*ast.CaseWhen{{When: test, Then: intLit(ast.Span{}, 1)}}, Else: intLit(ast.Span{}, 0)}
	}
	return &ast.Binary{Span: x.NodeSpan(), Op: ast.OpSub, Left: count, Right: one}, true
}

// relCountedBy is the test that the relationship expansion e bound is
// one a hop from node from in direction dir over types (all when none)
// enumerates: nil when it always is, counted false when it never is.
// The test compares e's nodes with from where e's direction names the
// end the hop leaves by (see leavesThrough), and tests type(rel) only
// where e's types do not settle it (see typesTest).
func relCountedBy(e logical.Expand, from string, dir ast.Direction, types []string) (test ast.Expr, counted bool) {
	ts := typesTest(e.Types, types)
	if ts == nil {
		return nil, false
	}
	var ends ast.Expr
	switch dir {
	case ast.DirRight, ast.DirLeft:
		end := "startNode"
		if dir == ast.DirLeft {
			end = "endNode"
		}
		t, ok := leavesThrough(e, end, from)
		if !ok {
			return nil, false
		}
		ends = t
	default:
		ends = incidentTo(e, from)
	}
	if len(ts) > 0 {
		var lits []ast.Expr
		for _, t := range ts {
			lits = append(lits, &ast.Literal{Kind: ast.LitString, Str: t})
		}
		typed := &ast.In{Expr: &ast.FunctionCall{Name: "type", Args: []ast.Expr{&ast.Variable{Name: e.Rel}}}, List: &ast.ListLiteral{Items: lits}}
		if ends == nil {
			return typed, true
		}
		return &ast.Binary{Op: ast.OpAnd, Left: ends, Right: typed}, true
	}
	return ends, true
}
