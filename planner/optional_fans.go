package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// optionalFans reads a run of OPTIONAL MATCH clauses followed by an
// aggregating WITH or RETURN whose aggregates do not see how many times a
// row repeats as one grouped distinct count per clause, instead of the
// product of the clauses' rows.
//
// Each OPTIONAL MATCH p_j of the run gives every row before it one row
// per match of p_j, or one row with p_j's new variables null when there
// is none: at least one row. When no p_j reads a variable another one
// introduces (they fan out from the rows before, not one from the
// other), a row before reaches the projection as the product of its
// matches of each p_j, and the values of p_j's variable v over a group
// are the union, over the group's rows before, of v's values in the
// matches of p_j from that row: the other clauses only repeat them. So
// count(DISTINCT v) (or size(collect(DISTINCT v))), which reads that
// set and not how often its members repeat, is the number of distinct v
// matched by p_j from the distinct inputs of the group's rows before (the
// variables p_j reads): COUNT { UNWIND inputs AS a MATCH p_j WHERE w_j
// RETURN DISTINCT v }, with inputs collected per group as
// collect(DISTINCT a). An input that is itself a grouping key (an item
// `a` of the projection) is one value per group and is read as it is. An
// aggregate that reads only the rows before and does not see repetition
// (DISTINCT, min, max) is computed on them per group. The rows before are
// grouped once by the projection's keys (first clause), and the second
// clause computes each item from the group.
//
// The rewrite is exact when:
//   - the run's clauses are all OPTIONAL MATCH, none reads a variable
//     another introduces, and none may fail (optionalMayFail): the
//     rewrite evaluates each clause once per distinct input, not once per
//     row of the product, so a clause whose matching may raise an error
//     stays where row mode evaluates it;
//   - the projection aggregates or is DISTINCT, and every aggregate of
//     it is count(DISTINCT v) or
//     size(collect(DISTINCT v)) of a variable v one clause introduces
//     (never null in a match, so the count of distinct rows of RETURN
//     DISTINCT v is count(DISTINCT v)), or reads no variable the clauses
//     introduce and is DISTINCT, min or max; outside its aggregates an
//     aggregating item reads no variable, and the grouping keys read none
//     of the clauses' variables;
//   - each clause reads at most one variable before it that is not a
//     grouping key (collected per group), and none of the names the
//     first clause binds is named by a clause (the subquery would read it
//     instead of binding its own);
//   - the WHERE, ORDER BY, SKIP and LIMIT read only the projection's
//     columns, and a WITH names every item that is not a variable (else
//     the original is an error this must not hide).
//
// It returns the first clause, the clause that replaces the projection and
// the number of OPTIONAL MATCH clauses it replaces.
func (b *builder) optionalFans(clauses []ast.Clause, i int, sc *scope) (before []ast.Clause, rewritten ast.Clause, n int, ok bool) {
	var fans []*ast.Match
	for j := i; j < len(clauses); j++ {
		m, isMatch := clauses[j].(*ast.Match)
		if !isMatch || !m.Optional {
			break
		}
		fans = append(fans, m)
	}
	n = len(fans)
	if n == 0 || i+n >= len(clauses) {
		return nil, nil, 0, false
	}
	next := clauses[i+n]
	pr, where, ok := projectionOf(next)
	if !ok || pr == nil || pr.Star || len(pr.Items) == 0 {
		return nil, nil, 0, false
	}
	_, isWith := next.(*ast.With)
	// A pattern or subquery of the projection could name a clause's
	// variable, which the rewrite would leave unbound.
	for _, e := range append(append(itemExprs(pr.Items), sortExprs(pr.OrderBy)...), where) {
		if hasPatternExpr(e) {
			return nil, nil, 0, false
		}
	}

	// Each clause's own variables and the variables before it it reads.
	names := make([]map[string]bool, n)
	fresh := map[string]int{} // variable → the clause introducing it
	for j, m := range fans {
		vs := newVarSet()
		patternVars(m.Pattern, &vs)
		patternGroupVars(m.Pattern, &vs)
		for v := range exprVars(m.Where) {
			vs.names[v] = true
		}
		names[j] = vs.names
		for v := range vs.names {
			if sc.has(v) {
				if sc.imported != nil && sc.imported.has(v) {
					return nil, nil, 0, false // visible past the grouping: keep it simple
				}
				continue
			}
			if _, seen := fresh[v]; seen {
				return nil, nil, 0, false // two clauses share a variable: a chain, not a fan
			}
			fresh[v] = j
		}
	}
	for j := range fans {
		if b.optionalMayFail(clauses, i+j) {
			return nil, nil, 0, false
		}
	}
	freshSet := map[string]bool{}
	for v := range fresh {
		freshSet[v] = true
	}
	// A WITH's WHERE stays over the aggregates it was written against:
	// over the subqueries that replace them its operands' kinds are known
	// at compile time, so a kind error there would come before errors row
	// mode raises first (an aggregate in a later ORDER BY).
	if where != nil {
		return nil, nil, 0, false
	}

	// A projection that neither aggregates nor is DISTINCT sees every
	// row of the product.
	if !pr.Distinct && !slices.ContainsFunc(itemExprs(pr.Items), aggregates) {
		return nil, nil, 0, false
	}

	// The first clause's items: the keys under their column names, the
	// aggregates of the rows before under names of their own, and the
	// inputs collected per group.
	columns := map[string]bool{}
	keyVar := map[string]bool{} // inputs projected as themselves
	for _, it := range pr.Items {
		columns[it.Name()] = true
		if aggregates(it.Expr) {
			continue
		}
		if readsAny(it.Expr, freshSet) {
			return nil, nil, 0, false
		}
		v, isVar := it.Expr.(*ast.Variable)
		if isWith && it.Alias == nil && !isVar {
			return nil, nil, 0, false
		}
		if isVar && it.Name() == v.Name {
			keyVar[v.Name] = true
		}
	}
	for _, e := range append(sortExprs(pr.OrderBy), where, pr.Skip, pr.Limit) {
		for v := range exprVars(e) {
			if !columns[v] {
				return nil, nil, 0, false
			}
		}
	}

	var first []*ast.ProjectionItem
	collected := map[string]string{} // input → the name of its list
	aggregated := false
	var calls []ast.Clause
	sub := func(j int, v string, list bool, fc *ast.FunctionCall) (ast.Expr, bool) {
		m, span := fans[j], fc.Span
		input := ""
		var keys []string // keys the clause reads, imported with the inputs
		for in := range names[j] {
			if !sc.has(in) {
				continue
			}
			if keyVar[in] {
				keys = append(keys, in)
				continue
			}
			if input != "" {
				return nil, false // a second input to collect
			}
			input = in
		}
		match := &ast.Match{Span: m.Span, Pattern: m.Pattern, Where: m.Where}
		if input == "" {
			// The clause reads only keys: one set per group.
			ret := &ast.Return{Span: span, Projection: &ast.Projection{Span: span, Distinct: true, Items: []*ast.ProjectionItem{{Span: span, Expr: &ast.Variable{Span: span, Name: v}, Text: v}}}}
			q := &ast.Query{Span: span, Parts: []*ast.SingleQuery{{Span: span, Clauses: []ast.Clause{match, ret}}}}
			if list {
				return &ast.CollectSubquery{Span: span, Query: q}, true
			}
			return &ast.CountSubquery{Span: span, Query: q}, true
		}
		// The clause reads an input that varies in the group: the
		// aggregate over the matches from the group's distinct inputs.
		inputs, ok := collected[input]
		if !ok {
			inputs = b.fresh("inputs")
			collected[input] = inputs
			first = append(first, &ast.ProjectionItem{Span: span, Expr: &ast.FunctionCall{Span: span, Name: "collect", Distinct: true, Args: []ast.Expr{&ast.Variable{Span: span, Name: input}}}, Alias: &ast.Variable{Span: span, Name: inputs}, Text: inputs})
			aggregated = true
		}
		res := b.fresh("fan")
		agg := &ast.FunctionCall{Span: span, Name: fc.Name, Distinct: true, Args: []ast.Expr{&ast.Variable{Span: span, Name: v}}}
		imports := []*ast.ProjectionItem{{Span: span, Expr: &ast.Variable{Span: span, Name: inputs}, Text: inputs}}
		slices.Sort(keys)
		for _, k := range keys {
			imports = append(imports, &ast.ProjectionItem{Span: span, Expr: &ast.Variable{Span: span, Name: k}, Text: k})
		}
		body := []ast.Clause{
			&ast.With{Span: span, Projection: &ast.Projection{Span: span, Items: imports}},
			&ast.Unwind{Span: span, Expr: &ast.Variable{Span: span, Name: inputs}, Var: &ast.Variable{Span: span, Name: input}},
			match,
			&ast.Return{Span: span, Projection: &ast.Projection{Span: span, Items: []*ast.ProjectionItem{{Span: span, Expr: agg, Alias: &ast.Variable{Span: span, Name: res}, Text: res}}}},
		}
		calls = append(calls, &ast.CallSubquery{Span: span, Body: &ast.Query{Span: span, Parts: []*ast.SingleQuery{{Span: span, Clauses: body}}}})
		return &ast.Variable{Span: span, Name: res}, true
	}

	items := make([]*ast.ProjectionItem, len(pr.Items))
	for k, it := range pr.Items {
		if !aggregates(it.Expr) {
			name := it.Name()
			if _, isVar := it.Expr.(*ast.Variable); !isVar && it.Alias == nil {
				name = b.fresh("key")
			}
			first = append(first, &ast.ProjectionItem{Span: it.Span, Expr: it.Expr, Alias: &ast.Variable{Span: it.Span, Name: name}, Text: it.Text})
			items[k] = &ast.ProjectionItem{Span: it.Span, Expr: &ast.Variable{Span: it.Span, Name: name}, Alias: it.Alias, Text: it.Name()}
			continue
		}
		failed := false
		var introduced []string
		e, _ := rewriteExpr(it.Expr, func(x ast.Expr) (ast.Expr, bool) {
			fc, isCall := x.(*ast.FunctionCall)
			if failed || !isCall || !isAggregate(fc) {
				return x, false
			}
			if v, list, ok := distinctSetOf(fc); ok {
				if j, isFresh := fresh[v]; isFresh {
					s, ok := sub(j, v, list, fc)
					if !ok {
						failed = true
						return x, false
					}
					return s, true
				}
			}
			if readsAny(fc, freshSet) || !repetitionBlind(fc) {
				failed = true
				return x, false
			}
			name := b.fresh("agg")
			introduced = append(introduced, name)
			first = append(first, &ast.ProjectionItem{Span: fc.Span, Expr: fc, Alias: &ast.Variable{Span: fc.Span, Name: name}, Text: name})
			aggregated = true
			return &ast.Variable{Span: fc.Span, Name: name}, true
		})
		if failed {
			return nil, nil, 0, false
		}
		// Outside its aggregates the item reads nothing: a subquery's
		// variables are its own, an aggregate's value a name of the first
		// clause.
		own := map[string]bool{}
		for _, c := range calls {
			for _, it := range c.(*ast.CallSubquery).Body.Parts[0].Clauses[3].(*ast.Return).Projection.Items {
				own[it.Alias.Name] = true
			}
		}
		for _, s := range introduced {
			own[s] = true
		}
		if readsOutside(e, own) {
			return nil, nil, 0, false
		}
		items[k] = &ast.ProjectionItem{Span: it.Span, Expr: e, Alias: it.Alias, Text: it.Text}
	}

	// The first clause's names may not be taken by a clause's pattern: the
	// subquery would read them instead of binding its own.
	for _, it := range first {
		nm := it.Alias.Name
		for j := range fans {
			if names[j][nm] && !keyVar[nm] {
				return nil, nil, 0, false
			}
		}
	}
	// One clause whose input varies in the group multiplies nothing: its
	// rows are planned as they are (set-at-a-time expansions and counts),
	// not as a subquery over collected inputs.
	if len(first) == 0 || n == 1 && len(calls) > 0 {
		return nil, nil, 0, false
	}
	group := &ast.With{Span: pr.Span, Projection: &ast.Projection{Span: pr.Span, Distinct: !aggregated, Items: first}}
	before = append([]ast.Clause{group}, calls...)
	np := *pr
	np.Items = items
	rewritten = reprojected(next, &np)
	return before, rewritten, n, true
}

// distinctSetOf returns v when fc is count(DISTINCT v) (list false) or
// collect(DISTINCT v) (list true): the number or the list of v's
// distinct non-null values.
func distinctSetOf(fc *ast.FunctionCall) (v string, list, ok bool) {
	if !fc.Distinct || fc.Star || len(fc.Namespace) > 0 {
		return "", false, false
	}
	switch {
	case strings.EqualFold(fc.Name, "count"):
	case strings.EqualFold(fc.Name, "collect"):
		list = true
	default:
		return "", false, false
	}
	v, ok = oneVariable(fc.Args)
	return v, list, ok
}

// repetitionBlind reports whether an aggregate's value does not change
// when its rows repeat: a DISTINCT aggregate, min or max.
func repetitionBlind(fc *ast.FunctionCall) bool {
	if fc.Star || len(fc.Namespace) > 0 {
		return false
	}
	return fc.Distinct || strings.EqualFold(fc.Name, "min") || strings.EqualFold(fc.Name, "max")
}

// aggregates reports whether e calls an aggregating function.
func aggregates(e ast.Expr) bool {
	found := false
	visitExpr(e, func(x ast.Expr) bool {
		if fc, ok := x.(*ast.FunctionCall); ok && isAggregate(fc) {
			found = true
		}
		return !found
	})
	return found
}

// readsOutside reports whether e reads a variable other than own outside
// its subqueries.
func readsOutside(e ast.Expr, own map[string]bool) bool {
	found := false
	visitExpr(e, func(x ast.Expr) bool {
		switch x := x.(type) {
		case *ast.CountSubquery, *ast.CollectSubquery:
			return false
		case *ast.Variable:
			if !own[x.Name] {
				found = true
			}
		}
		return !found
	})
	return found
}

func sortExprs(items []*ast.SortItem) []ast.Expr {
	out := make([]ast.Expr, len(items))
	for k, s := range items {
		out[k] = s.Expr
	}
	return out
}

func itemExprs(items []*ast.ProjectionItem) []ast.Expr {
	out := make([]ast.Expr, len(items))
	for k, it := range items {
		out[k] = it.Expr
	}
	return out
}

// hasPatternExpr reports whether e holds a pattern predicate, a pattern
// comprehension or a subquery.
func hasPatternExpr(e ast.Expr) bool {
	found := false
	visitExpr(e, func(x ast.Expr) bool {
		switch x.(type) {
		case *ast.PatternExpr, *ast.PatternComprehension, *ast.ExistsSubquery, *ast.CountSubquery, *ast.CollectSubquery:
			found = true
		}
		return !found
	})
	return found
}
