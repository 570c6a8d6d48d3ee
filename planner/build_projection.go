package planner

import (
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// projPlan is the state of planning one WITH or RETURN body.
type projPlan struct {
	items   []logical.Item
	texts   []string // source text of each item
	columns []string // names of the items
	out     *scope   // the scope after the projection
	// sortScope is what ORDER BY (and WITH's WHERE) may refer to.
	sortScope *scope
	// subst maps the source text of expressions that stand for columns
	// (grouping keys, aggregates, DISTINCT items) to those columns.
	subst map[string]string
}

// projection plans a WITH or RETURN body: the items (aggregated or not),
// DISTINCT, ORDER BY, SKIP, LIMIT, WITH's WHERE, then the narrowing of the
// scope to the columns.
func (b *builder) projection(p *ast.Projection, sc *scope, isReturn bool, where ast.Expr) ([]logical.Op, *scope, []string, error) {
	// A WITH item without an alias is reported after the checks of the
	// projection's aggregation and ORDER BY, whose errors take precedence
	// (an ORDER BY mixing an aggregate with other expressions is
	// ambiguous whatever the items are called).
	b.aliasErr = nil
	items, texts, err := b.projectionItems(p, sc, isReturn)
	if err != nil {
		return nil, nil, nil, err
	}
	aliasErr := b.aliasErr
	b.aliasErr = nil
	pr := &projPlan{items: items, texts: texts, out: newScope(), sortScope: sc.clone()}
	for _, it := range items {
		pr.columns = append(pr.columns, it.Name)
	}
	hasAgg := false
	for _, it := range items {
		if containsAggregate(it.Expr) {
			hasAgg = true
		}
	}
	var ops []logical.Op
	if hasAgg {
		ops, err = b.aggregation(p, sc, pr)
		if err != nil {
			return nil, nil, nil, err
		}
	} else {
		ops = b.plainProjection(p, sc, pr)
	}
	if p.Distinct {
		ops = append(ops, logical.Distinct{Vars: pr.columns})
		if sel, ok := distinctScope(p, where, pr, sc); ok && !hasAgg {
			ops = append(ops, sel)
		}
	}
	tail, err := b.projectionTail(p, pr, hasAgg, where)
	if err != nil {
		return nil, nil, nil, err
	}
	ops = append(ops, tail...)
	if aliasErr != nil {
		return nil, nil, nil, aliasErr
	}
	kept := pr.out.keepImported(sc)
	ops = append(ops, logical.Select{Vars: append(append([]string(nil), pr.columns...), kept...)})
	return ops, pr.out, pr.columns, nil
}

// projectionItems checks and names a projection's items (the scope's
// variables first for *) and returns them with their source texts.
func (b *builder) projectionItems(p *ast.Projection, sc *scope, isReturn bool) ([]logical.Item, []string, error) {
	var items []logical.Item
	var texts []string
	if p.Star {
		vars := sc.userVars()
		if len(vars) == 0 && len(p.Items) == 0 {
			return nil, nil, b.ruleErr(ruleStarNoVars, p, "RETURN * / WITH * needs variables in scope")
		}
		for _, v := range vars {
			items = append(items, logical.Item{Expr: &ast.Variable{Name: v}, Name: v})
			texts = append(texts, v)
		}
	}
	seen := map[string]bool{}
	for _, it := range items {
		seen[it.Name] = true
	}
	for _, it := range p.Items {
		if _, isPat := it.Expr.(*ast.PatternExpr); isPat {
			return nil, nil, b.errAt(it.Expr, cyqerr.SyntaxError, "UnexpectedSyntax", "a pattern cannot be used as a value here").WithHint("use EXISTS { pattern } for a boolean, or a pattern comprehension [p = pattern | p] for a list")
		}
		if err := b.checkExpr(it.Expr, sc, true); err != nil {
			return nil, nil, err
		}
		name := it.Name()
		if !isReturn && it.Alias == nil && b.aliasErr == nil {
			if _, isVar := it.Expr.(*ast.Variable); !isVar {
				b.aliasErr = parser.NoAliasError(b.src, it)
			}
		}
		if seen[name] {
			return nil, nil, b.ruleErr(ruleColumnNames, it, "multiple result columns with the same name `%s`", name).WithHint("give each column its own alias")
		}
		if !isReturn && sc.imported != nil && sc.imported.has(name) {
			if v, isVar := it.Expr.(*ast.Variable); !isVar || v.Name != name {
				return nil, nil, b.ruleErr(ruleShadowOuter, it, "the variable `%s` is shadowing a variable with the same name from the outer scope", name).
					WithHint("rename the subquery's variable")
			}
		}
		seen[name] = true
		items = append(items, logical.Item{Expr: it.Expr, Name: name})
		texts = append(texts, it.Text)
	}
	return items, texts, nil
}

// plainProjection plans a projection without aggregates: one Project; the
// columns keep their variables' kinds and known types. After DISTINCT only
// the columns remain visible to ORDER BY.
func (b *builder) plainProjection(p *ast.Projection, sc *scope, pr *projPlan) []logical.Op {
	for _, it := range pr.items {
		pr.out.add(it.Name, sc.kindOf(it.Expr))
		pr.sortScope.add(it.Name, sc.kindOf(it.Expr))
		if t, err := b.typeCheck(it.Expr, sc, nil); err == nil && known(t) {
			pr.out.types[it.Name] = t
			pr.sortScope.types[it.Name] = t
		}
	}
	if p.Distinct {
		// After DISTINCT only the columns remain; expressions written
		// like a projected one refer to its column.
		pr.sortScope = pr.out.clone()
		pr.sortScope.keepImported(sc) // a subquery's imports stay visible
		pr.subst = map[string]string{}
		for i, it := range pr.items {
			pr.subst[pr.texts[i]] = it.Name
		}
	}
	return []logical.Op{logical.Project{Items: pr.items}}
}

// aggregation plans an aggregating projection: an Aggregate grouped by
// the items without aggregates, then a Project of the items over its
// keys and results. Aggregates in ORDER BY are computed by the same
// Aggregate.
func (b *builder) aggregation(p *ast.Projection, sc *scope, pr *projPlan) ([]logical.Op, error) {
	groupKeys, post, keys := groupingKeys(pr)
	groupKeys = append(groupKeys, importedKeys(sc, groupKeys, pr.columns)...)
	agg := logical.Aggregate{Keys: groupKeys}
	for _, it := range pr.items {
		if !containsAggregate(it.Expr) {
			continue
		}
		if err := b.checkGrouped(it.Expr, keys, nil); err != nil {
			return nil, err
		}
		if err := b.collectAggregates(it.Expr, &agg); err != nil {
			return nil, err
		}
		post = append(post, it)
	}
	// ORDER BY may use the projected columns, by name or by the text of
	// a key or an aggregate, and aggregates of its own over keys.
	pr.subst = map[string]string{}
	for k, v := range keys {
		pr.subst[k] = v
	}
	for i, it := range pr.items {
		if containsAggregate(it.Expr) {
			if _, isCall := it.Expr.(*ast.FunctionCall); isCall {
				pr.subst[pr.texts[i]] = it.Name
			}
		}
	}
	b.projectedVars = map[string]bool{}
	for _, it := range pr.items {
		visitExpr(it.Expr, func(x ast.Expr) bool {
			if v, ok := x.(*ast.Variable); ok {
				b.projectedVars[v.Name] = true
			}
			return true
		})
	}
	for _, si := range p.OrderBy {
		if containsAggregate(si.Expr) {
			if err := b.checkGrouped(si.Expr, pr.subst, columnSet(pr.items)); err != nil {
				return nil, err
			}
			if err := b.collectAggregates(si.Expr, &agg); err != nil {
				return nil, err
			}
		}
	}
	aggregateScopes(sc, pr, agg)
	return []logical.Op{agg, logical.Project{Items: post, Subst: keys}}, nil
}

// groupingKeys returns the items without aggregates (the grouping keys),
// the projection of their columns after the aggregation, and the simple
// keys (variables and properties) by their source text.
func groupingKeys(pr *projPlan) (keys, post []logical.Item, simple map[string]string) {
	simple = map[string]string{}
	for i, it := range pr.items {
		if !containsAggregate(it.Expr) {
			keys = append(keys, it)
			post = append(post, logical.Item{Expr: &ast.Variable{Name: it.Name}, Name: it.Name})
			switch it.Expr.(type) {
			case *ast.Variable, *ast.Property:
				simple[pr.texts[i]] = it.Name
			}
		}
	}
	// A map projection with an aggregate in it, n{.name, friends:
	// collect(f)}, groups by its variable: n is an implicit grouping key.
	for _, it := range pr.items {
		if !containsAggregate(it.Expr) {
			continue
		}
		visitExpr(it.Expr, func(x ast.Expr) bool {
			mp, ok := x.(*ast.MapProjection)
			if !ok || !containsAggregate(mp) {
				return true
			}
			if _, known := simple[mp.Var.Name]; !known {
				name := " group " + mp.Var.Name
				keys = append(keys, logical.Item{Expr: mp.Var, Name: name})
				simple[mp.Var.Name] = name
			}
			return true
		})
	}
	return keys, post, simple
}

// aggregateScopes sets the scopes after an aggregation: the columns (keys
// keep their variables' kinds; each column its static type, as a
// collect()'s list or a count()'s integer),
// and for ORDER BY the aggregates' results too.
func aggregateScopes(sc *scope, pr *projPlan, agg logical.Aggregate) {
	for _, it := range pr.items {
		k := kindValue
		for _, key := range agg.Keys {
			if key.Name == it.Name {
				k = sc.kindOf(key.Expr)
			}
		}
		pr.out.add(it.Name, k)
		pr.out.setType(it.Name, exprType(it.Expr, sc)) // collect()'s list, count()'s integer (var_kinds.go)
	}
	pr.sortScope = pr.out.clone()
	pr.sortScope.keepImported(sc) // a subquery's imports stay visible
	for _, a := range agg.Aggs {
		pr.sortScope.add(a.Name, kindValue)
	}
}

// collectAggregates adds the aggregate calls of e to agg (once per call
// node), rejecting nested aggregates.
func (b *builder) collectAggregates(e ast.Expr, agg *logical.Aggregate) error {
	var err error
	visitExpr(e, func(x ast.Expr) bool {
		fc, ok := x.(*ast.FunctionCall)
		if !ok || !isAggregate(fc) || err != nil {
			return err == nil
		}
		for _, a := range fc.Args {
			if containsAggregate(a) && err == nil {
				err = b.ruleErr(ruleAggregateNesting, a, "aggregate functions cannot be nested")
			}
		}
		if _, done := b.aggRefs[fc]; !done {
			name := b.fresh("agg")
			b.aggRefs[fc] = name
			agg.Aggs = append(agg.Aggs, logical.AggCall{Call: fc, Name: name})
		}
		return false
	})
	return err
}

func columnSet(items []logical.Item) map[string]bool {
	m := map[string]bool{}
	for _, it := range items {
		m[it.Name] = true
	}
	return m
}

// projectionTail plans what follows the items: ORDER BY, SKIP, LIMIT and
// WITH's WHERE.
func (b *builder) projectionTail(p *ast.Projection, pr *projPlan, hasAgg bool, where ast.Expr) ([]logical.Op, error) {
	var ops []logical.Op
	if len(p.OrderBy) > 0 {
		sort, err := b.orderBy(p.OrderBy, pr, hasAgg)
		if err != nil {
			return nil, err
		}
		ops = append(ops, sort)
	}
	if p.Skip != nil {
		if err := b.checkConstant(p.Skip, "SKIP"); err != nil {
			return nil, err
		}
		ops = append(ops, logical.Skip{Count: p.Skip})
	}
	if p.Limit != nil {
		if err := b.checkConstant(p.Limit, "LIMIT"); err != nil {
			return nil, err
		}
		ops = append(ops, logical.Limit{Count: p.Limit})
	}
	if where != nil {
		if err := b.checkSortExpr(where, pr.sortScope, pr.subst, false); err != nil {
			return nil, err
		}
		if err := b.checkBoolean(where, pr.sortScope); err != nil {
			return nil, err
		}
		ops = append(ops, logical.Filter{Pred: where, Subst: pr.subst})
	}
	return ops, nil
}

// orderBy plans ORDER BY; a key written like a projected item refers to
// its column.
func (b *builder) orderBy(items []*ast.SortItem, pr *projPlan, hasAgg bool) (logical.Sort, error) {
	var keys []logical.SortKey
	for _, si := range items {
		e := si.Expr
		// An ORDER BY expression written like a projected one refers to it.
		text := si.Expr.NodeSpan().Text(b.src)
		for i, t := range pr.texts {
			if t == text && text != "" {
				e = &ast.Variable{Span: si.Expr.NodeSpan(), Name: pr.items[i].Name}
			}
		}
		if err := b.checkSortExpr(e, pr.sortScope, pr.subst, hasAgg); err != nil {
			return logical.Sort{}, err
		}
		keys = append(keys, logical.SortKey{Expr: e, Desc: si.Desc})
	}
	return logical.Sort{Keys: keys, Subst: pr.subst}, nil
}
