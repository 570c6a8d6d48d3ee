package planner

import (
	"fmt"

	"github.com/cyqdb/cyq/parser/ast"
)

// countJoin decorrelates a per-row count of a pattern's matches that a
// filter keeps only when positive into the join it equals. Over the rows
// of the leading MATCH clauses P of a query,
//
//	MATCH P WITH items, COUNT { Q } AS n WHERE n > k ...
//
// (COUNT { } of a pattern, COUNT { MATCH ... } of one, or the size of a
// pattern comprehension, see patternMatches) counts Q's matches per row
// of P, and
//
//	MATCH P OPTIONAL MATCH Q WITH keys, count(v) AS n WHERE n > k ...
//
// adds them up per group. Both are, exactly,
//
//	MATCH P, Q WITH <P's variables>, count(*) AS n WITH items, n WHERE n > k
//	MATCH P, Q WITH keys, count(v) AS n WHERE n > k
//
// which the planner may start from any node of P or Q (the Posts that
// carry a tag rather than every Tag): Compile prices both (a choice
// point, see orderChoices) and keeps the cheaper plan.
//
// When the join is exact:
//
//   - The filter is a conjunct n > k (k >= 0) or n >= k (k >= 1), with
//     k an integer literal, in the WHERE of the projection that binds n:
//     a row whose count is 0 is dropped by both forms (the join has no
//     row for it), any other has the same count. For n >= 0, n = 0, a
//     NOT, or no filter on n, the rows without a match stay and the join
//     cannot give them.
//   - P is one or more MATCH clauses, not OPTIONAL, at the start of the
//     query (no variable bound before), whose pattern parts are single
//     named nodes: no relationship, so that joining Q into the same
//     MATCH adds no uniqueness between P's and Q's relationships (a COUNT
//     subquery or an OPTIONAL MATCH is a clause of its own), and no
//     path. The rows of P are then distinct over P's variables
//     (a product of node sets), so grouping by all of them keeps one row
//     per row of P: the multiplicity of the per-row form. The projection
//     after may drop some of them (the grouped row passes them on, the
//     second WITH drops them as the first did).
//   - For COUNT { }: the projection is not WITH *, aggregates nothing
//     (COUNT { } is then per row), and the count is an item by itself.
//   - For OPTIONAL MATCH: every aggregate of the projection is count(v)
//     or size(collect(v)) of a variable only Q declares (a row of P
//     without a match adds nothing to it, nor a row to any count, so
//     dropping those rows changes no kept group); keys read none of Q's
//     variables. count(*) counts the row without a match, so it does not
//     qualify.
//   - The projection has no SKIP or LIMIT: its WHERE filters the rows
//     they keep, so the rows without a match count towards them in the
//     per-row form (ORDER BY alone is fine).
//   - A count is never null: no null case to keep. The query writes
//     nothing (a write between rows could change the counts).
//
// Plans in written order and row mode (differential tests) keep the
// per-row form, which the tests then compare with the join.
func (b *builder) countJoin(clauses []ast.Clause, sc *scope) ([]ast.Clause, int, bool) {
	if b.startLast || b.rowModeOnly || len(sc.vars) > 0 {
		return nil, 0, false
	}
	for _, c := range clauses {
		if isWriteClause(c) {
			return nil, 0, false
		}
	}
	var parts []*ast.PatternPart
	var wheres []ast.Expr
	pvars := map[string]bool{}
	var order []string
	j := 0
	for ; j < len(clauses); j++ {
		m, ok := clauses[j].(*ast.Match)
		if !ok || m.Optional || !singleNodes(m.Pattern) {
			break
		}
		parts = append(parts, m.Pattern.Parts...)
		if m.Where != nil {
			wheres = append(wheres, m.Where)
		}
		for _, p := range m.Pattern.Parts {
			if n := p.Element.Nodes[0].Var.Name; !pvars[n] {
				pvars[n] = true
				order = append(order, n)
			}
		}
	}
	if j == 0 || j >= len(clauses) {
		return nil, 0, false
	}
	first, last := clauses[0].NodeSpan(), clauses[j].NodeSpan()
	merged := func(q *ast.Pattern, where ast.Expr) *ast.Match {
		m := &ast.Match{Span: ast.Span{Start: first.Start, End: last.End}}
		m.Pattern = &ast.Pattern{Span: m.Span, Parts: append([]*ast.PatternPart(nil), q.Parts...)}
		ws := append([]ast.Expr(nil), wheres...)
		if where != nil {
			ws = append(ws, where)
		}
		inQ := newVarSet()
		patternVars(q, &inQ)
		for _, part := range parts {
			n := part.Element.Nodes[0]
			if tests, ok := nodeTests(n); ok && inQ.names[n.Var.Name] {
				ws = append(ws, tests...)
				continue
			}
			m.Pattern.Parts = append(m.Pattern.Parts, part)
		}
		if len(ws) > 0 {
			m.Where = andAll(ws)
		}
		return m
	}
	key := fmt.Sprintf("count join %d-%d/%d", first.Start, last.End, j)
	next, used := clauses[j], 1
	if w, n, ok := stagedCount(clauses[j:], pvars); ok {
		next, used = w, n
	}
	switch c := next.(type) {
	case *ast.With:
		k, q, where, dv, ok := perRowCount(c)
		if !ok || b.choose(key, 0, []int{0, 1}) != 1 {
			return nil, 0, false
		}
		it := c.Projection.Items[k]
		cnt := b.fresh("count")
		group := &ast.Projection{Span: it.Span}
		for _, v := range order {
			group.Items = append(group.Items, &ast.ProjectionItem{Span: it.Span, Expr: &ast.Variable{Span: it.Span, Name: v}, Alias: &ast.Variable{Span: it.Span, Name: v}, Text: v})
		}
		count := &ast.FunctionCall{Span: it.Span, Name: "count", Star: true}
		if dv != nil {
			// COUNT { MATCH q RETURN DISTINCT v }: v's distinct values
			count = &ast.FunctionCall{Span: it.Span, Name: "count", Distinct: true, Args: []ast.Expr{&ast.Variable{Span: dv.Span, Name: dv.Name}}}
		}
		group.Items = append(group.Items, &ast.ProjectionItem{Span: it.Span, Expr: count, Alias: &ast.Variable{Span: it.Span, Name: cnt}, Text: cnt})
		p := *c.Projection
		p.Items = append([]*ast.ProjectionItem(nil), p.Items...)
		p.Items[k] = &ast.ProjectionItem{Span: it.Span, Expr: &ast.Variable{Span: it.Span, Name: cnt}, Alias: &ast.Variable{Span: it.Span, Name: it.Name()}, Text: it.Text}
		w := *c
		w.Projection = &p
		return []ast.Clause{merged(q, where), &ast.With{Span: c.Span, Projection: group}, &w}, j + used, true
	case *ast.Match:
		if !c.Optional || j+1 >= len(clauses) || !countedOptional(c, clauses[j+1], sc, pvars) {
			return nil, 0, false
		}
		if b.choose(key, 0, []int{0, 1}) != 1 {
			return nil, 0, false
		}
		return []ast.Clause{merged(c.Pattern, c.Where)}, j + 1, true
	}
	return nil, 0, false
}

// nodeTests returns the tests node pattern n makes of its variable as
// WHERE conjuncts: its labels, its inline properties as equalities, its
// inline WHERE. A node of Q that P also declares is then Q's node with
// P's tests (patternPredicates puts them back on its first node
// pattern), so the planner sees one connected pattern, not P's node
// joined to Q by a product. ok is false for a property map given as a
// parameter.
func nodeTests(n *ast.NodePattern) ([]ast.Expr, bool) {
	v := func() *ast.Variable { return &ast.Variable{Span: n.Var.Span, Name: n.Var.Name} }
	var out []ast.Expr
	if n.Labels != nil {
		out = append(out, &ast.LabelPredicate{Span: n.Span, Expr: v(), Labels: n.Labels})
	}
	if n.Props != nil {
		ml, ok := n.Props.(*ast.MapLiteral)
		if !ok {
			return nil, false
		}
		for _, en := range ml.Entries {
			prop := &ast.Property{Span: en.Span, Expr: v(), Key: en.Key}
			out = append(out, &ast.Comparison{Span: en.Span, Ops: []ast.CompareOp{ast.CmpEq}, Operands: []ast.Expr{prop, en.Value}})
		}
	}
	if n.Where != nil {
		out = append(out, n.Where)
	}
	return out, true
}

// stagedCount returns the one WITH that the first clauses of rest are,
// and how many they are, when they compute a per-row count in one
// projection and filter it in the next: `CALL { WITH t MATCH q RETURN
// count(*) AS n } WITH t, n WHERE n > k` is (countCall) `WITH *, COUNT {
// q } AS n WITH t, n WHERE n > k`, which is `WITH t, COUNT { q } AS n
// WHERE n > k`. The first projection is WITH * and one item, nothing
// else; the second aggregates nothing and reads the count only as an
// item of its own (`n`, `n AS m`). vars are the variables in scope.
func stagedCount(rest []ast.Clause, vars map[string]bool) (*ast.With, int, bool) {
	if len(rest) < 2 {
		return nil, 0, false
	}
	first := rest[0]
	if c, ok := first.(*ast.CallSubquery); ok {
		sc := newScope()
		for v := range vars {
			sc.add(v, kindNode)
		}
		ws, ok := countCallDistinct(c, sc, true)
		if !ok || len(ws) != 1 {
			return nil, 0, false
		}
		first = ws[0]
	}
	w1, ok1 := first.(*ast.With)
	w2, ok2 := rest[1].(*ast.With)
	if !ok1 || !ok2 || w1.Where != nil || !w1.Projection.Star || len(w1.Projection.Items) != 1 || w2.Projection.Star {
		return nil, 0, false
	}
	p1 := w1.Projection
	if p1.Distinct || p1.OrderBy != nil || p1.Skip != nil || p1.Limit != nil || containsAggregate(p1.Items[0].Expr) {
		return nil, 0, false
	}
	count := p1.Items[0]
	name := map[string]bool{count.Name(): true}
	p2 := *w2.Projection
	p2.Items = append([]*ast.ProjectionItem(nil), p2.Items...)
	for k, it := range p2.Items {
		if containsAggregate(it.Expr) {
			return nil, 0, false
		}
		if v, ok := it.Expr.(*ast.Variable); ok && name[v.Name] {
			p2.Items[k] = &ast.ProjectionItem{Span: it.Span, Expr: count.Expr, Alias: &ast.Variable{Span: it.Span, Name: it.Name()}, Text: it.Text}
			continue
		}
		if readsAny(it.Expr, name) {
			return nil, 0, false
		}
	}
	for _, s := range p2.OrderBy {
		if readsAny(s.Expr, name) && !projects(&p2, count.Name()) {
			return nil, 0, false
		}
	}
	if w2.Where != nil && readsAny(w2.Where, name) && !projects(&p2, count.Name()) {
		return nil, 0, false
	}
	w := *w2
	w.Projection = &p2
	return &w, 2, true
}

// projects reports whether p has an item named name.
func projects(p *ast.Projection, name string) bool {
	for _, it := range p.Items {
		if it.Name() == name {
			return true
		}
	}
	return false
}

// singleNodes reports whether every part of p is one named node, no
// path variable or selector.
func singleNodes(p *ast.Pattern) bool {
	for _, part := range p.Parts {
		el := part.Element
		if part.Var != nil || part.Selector != nil || part.Kind != ast.PathPlain || el == nil ||
			len(el.Nodes) != 1 || len(el.Rels) != 0 || el.Nodes[0].Var == nil || el.Nodes[0].Implicit {
			return false
		}
	}
	return len(p.Parts) > 0
}

// perRowCount returns the item of w that counts a pattern's matches per
// row, the pattern and its WHERE, when w's WHERE keeps only the rows
// whose count is positive and w aggregates nothing (see countJoin). When
// the item counts the distinct values of one of the pattern's variables
// (distinctMatches), that variable is returned too.
func perRowCount(w *ast.With) (int, *ast.Pattern, ast.Expr, *ast.Variable, bool) {
	pr := w.Projection
	if pr.Star || w.Where == nil || pr.Skip != nil || pr.Limit != nil {
		return 0, nil, nil, nil, false
	}
	for _, it := range pr.Items {
		if containsAggregate(it.Expr) {
			return 0, nil, nil, nil, false
		}
	}
	for k, it := range pr.Items {
		if !positiveCount(w.Where, it.Name()) {
			continue
		}
		e := it.Expr
		if c, ok := collectSizeAsCount(e); ok {
			e = c // size(COLLECT { q }) counts q's rows
		}
		if p, where, count, ok := patternMatches(e); ok && count {
			return k, p, where, nil, true
		}
		if p, where, v, ok := distinctMatches(e); ok {
			return k, p, where, v, true
		}
	}
	return 0, nil, nil, nil, false
}

// countedOptional reports whether the projection next after OPTIONAL
// MATCH m counts m's matches per group and keeps only the groups where
// one such count is positive (see countJoin).
func countedOptional(m *ast.Match, next ast.Clause, sc *scope, pvars map[string]bool) bool {
	w, ok := next.(*ast.With)
	if !ok || w.Projection.Star || w.Where == nil || w.Projection.Skip != nil || w.Projection.Limit != nil {
		return false
	}
	outer := sc.clone()
	for v := range pvars {
		outer.add(v, kindNode)
	}
	fresh := outer.fresh(m.Pattern)
	if len(fresh) == 0 || readsAny(w.Where, fresh) {
		return false
	}
	for _, s := range w.Projection.OrderBy {
		if readsAny(s.Expr, fresh) {
			return false
		}
	}
	positive := false
	for _, it := range w.Projection.Items {
		if v, isCount := countOfVariable(it.Expr); isCount && fresh[v] {
			positive = positive || positiveCount(w.Where, it.Name())
			continue
		}
		if containsAggregate(it.Expr) || readsAny(it.Expr, fresh) {
			return false
		}
	}
	return positive
}

// positiveCount reports whether a conjunct of where keeps only the rows
// where the variable name is above zero: name > k with k >= 0, name >= k
// with k >= 1 (or the same written k < name, k <= name), k an integer
// literal.
func positiveCount(where ast.Expr, name string) bool {
	for _, c := range conjunctsOf(where) {
		cmp, ok := c.(*ast.Comparison)
		if !ok || len(cmp.Ops) != 1 {
			continue
		}
		op, l, r := cmp.Ops[0], cmp.Operands[0], cmp.Operands[1]
		if _, isVar := r.(*ast.Variable); isVar {
			l, r = r, l
			switch op {
			case ast.CmpLt:
				op = ast.CmpGt
			case ast.CmpLe:
				op = ast.CmpGe
			default:
				continue
			}
		}
		v, isVar := l.(*ast.Variable)
		lit, isLit := r.(*ast.Literal)
		if !isVar || v.Name != name || !isLit || lit.Kind != ast.LitInt {
			continue
		}
		if op == ast.CmpGt && lit.Int >= 0 || op == ast.CmpGe && lit.Int >= 1 {
			return true
		}
	}
	return false
}
