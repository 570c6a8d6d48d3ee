package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// aggregateForms writes every aggregation in one canonical form, so that
// the rules after it (counts from scans and degrees, distinct counts of
// sets) see one spelling of each question:
//
//   - count(x) of an x that is never null where it is counted (a variable a
//     MATCH binds, a non-null literal), and sum(1), are count(*): all count
//     the rows.
//   - size(collect(x)) is count(x), and size(collect(DISTINCT x)) is
//     count(DISTINCT x) (collect drops nulls as count does), whether size
//     is applied in the same projection or to the collected column later.
//   - sum(x) of a column that holds a non-null integer count (a COUNT { }
//     projected before, a degree read, a count of an earlier grouping)
//     is an integer sum (IntSum), as the sums the planner introduces are.
//   - A grouping by a node whose rows are already one per node (a scan's
//     node, then operators that keep or drop rows but never repeat them,
//     such as degree reads) has one row per group: it is a projection
//     when its aggregates are counts of rows or sums of a degree.
//
// (An aggregate whose result nothing reads goes by drop_unused.go.)
func aggregateForms(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for j, op := range ops {
		a, ok := op.(logical.Aggregate)
		if !ok {
			continue
		}
		if out, ok := countForms(b, ops, j, a); ok {
			return out, true
		}
		if out, ok := sizeOfCollect(b, ops, j, a, req); ok {
			return out, true
		}
		if out, ok := countSums(ops, j, a); ok {
			return out, true
		}
		if out, ok := distinctKeyAggs(b, ops, j, a); ok {
			return out, true
		}
		if out, ok := singleRowGroups(b, ops, j, a); ok {
			return out, true
		}
	}
	return ops, false
}

// countForms rewrites count(x) of a never-null x, and sum(1), as count(*).
func countForms(b *builder, ops []logical.Op, j int, a logical.Aggregate) ([]logical.Op, bool) {
	var nn map[string]bool
	changed := false
	aggs := append([]logical.AggCall(nil), a.Aggs...)
	for k, c := range aggs {
		call := c.Call
		if call.Star || call.Distinct || len(call.Namespace) > 0 || len(call.Args) != 1 {
			continue
		}
		name := strings.ToLower(call.Name)
		counts := false
		switch name {
		case "count":
			if nn == nil {
				nn = nonNullVars(ops[:j])
			}
			counts = neverNull(call.Args[0], nn)
		case "sum":
			l, ok := call.Args[0].(*ast.Literal)
			counts = ok && l.Kind == ast.LitInt && l.Int == 1
		}
		if !counts {
			continue
		}
		star := &ast.FunctionCall{Span: call.Span, Name: "count", Star: true}
		b.aggRefs[star] = c.Name
		aggs[k] = logical.AggCall{Name: c.Name, Call: star}
		changed = true
	}
	if !changed {
		return ops, false
	}
	a.Aggs = aggs
	return replace(ops, j, 1, a), true
}

// neverNull reports whether e is never null on the rows where nn holds:
// a variable in nn, a literal other than null, or type(), id(),
// elementId() or labels() of a variable in nn (a relationship's type and
// an entity's id and labels always exist).
func neverNull(e ast.Expr, nn map[string]bool) bool {
	switch x := e.(type) {
	case *ast.Variable:
		return nn[x.Name]
	case *ast.Literal:
		return x.Kind != ast.LitNull
	case *ast.FunctionCall:
		switch strings.ToLower(x.Name) {
		case "type", "id", "elementid", "labels":
			return len(x.Namespace) == 0 && !x.Distinct && len(x.Args) == 1 && neverNull(x.Args[0], nn) && isVariable(x.Args[0])
		}
	}
	return false
}

func isVariable(e ast.Expr) bool {
	_, ok := e.(*ast.Variable)
	return ok
}

// nonNullVars returns the variables that ops bind to a value that is never
// null: the nodes and relationships of (non-optional) patterns, degree
// counts, and what projections, WITH boundaries and groupings pass on of
// them under their own or new names.
func nonNullVars(ops []logical.Op) map[string]bool {
	nn := map[string]bool{}
	for _, op := range ops {
		switch o := op.(type) {
		case logical.NodeScan, logical.NodeIndexSeek, logical.NodeRangeSeek, logical.NodeSetSeek,
			logical.Expand, logical.VarExpand, logical.ExpandChain, logical.ExpandCommon, logical.PathBind:
			vs, _ := bindsVars(o)
			for _, v := range vs {
				if v != "" {
					nn[v] = true
				}
			}
		case logical.SemiJoin:
			if o.Scan { // a node scan filtered by the join binds its probe
				nn[o.Probe] = true
			}
		case logical.Degree:
			nn[o.Into] = true
		case logical.CycleCount:
			nn[o.Into] = true
		case logical.Optional:
			for _, v := range o.NewVars {
				delete(nn, v)
			}
		case logical.Project:
			next := map[string]bool{}
			for _, it := range o.Items {
				if v, ok := it.Expr.(*ast.Variable); ok && nn[v.Name] {
					next[it.Name] = true
				}
			}
			for _, it := range o.Items {
				delete(nn, it.Name)
			}
			for v := range next {
				nn[v] = true
			}
		case logical.Select:
			kept := map[string]bool{}
			for _, v := range o.Vars {
				if nn[v] {
					kept[v] = true
				}
			}
			nn = kept
		case logical.Aggregate:
			kept := map[string]bool{}
			for _, k := range o.Keys {
				if v, ok := k.Expr.(*ast.Variable); ok && nn[v.Name] {
					kept[k.Name] = true
				}
			}
			nn = kept
		case logical.Distinct, logical.NodeFilter, logical.RelFilter, logical.Filter, logical.Sort, logical.Skip, logical.Limit, logical.Start:
		default:
			// Anything else may rebind variables: assume nothing.
			nn = map[string]bool{}
		}
	}
	return nn
}

// sizeOfCollect rewrites size(collect(x)) as count(x): in the projection
// right after the aggregation (`RETURN size(collect(x))`), or applied
// later to the collected column (`WITH k, collect(x) AS xs RETURN
// size(xs)`) when every later read of the column is such a size().
func sizeOfCollect(b *builder, ops []logical.Op, j int, a logical.Aggregate, req required) ([]logical.Op, bool) {
	for k, c := range a.Aggs {
		if !strings.EqualFold(c.Call.Name, "collect") || len(c.Call.Namespace) > 0 || len(c.Call.Args) != 1 {
			continue
		}
		count := &ast.FunctionCall{Span: c.Call.Span, Name: "count", Distinct: c.Call.Distinct, Args: c.Call.Args}
		// The projection of the aggregation's results comes next.
		if j+1 >= len(ops) {
			continue
		}
		p, ok := ops[j+1].(logical.Project)
		if !ok || b.readsAgg(ops[j+2:], c.Name) {
			continue
		}
		items := append([]logical.Item(nil), p.Items...)
		rewritten, column := false, ""
		for i, it := range items {
			if isSizeOf(it.Expr, func(e ast.Expr) bool { return b.refersTo(e, c.Name) }) {
				items[i].Expr = count
				rewritten = true
				continue
			}
			if b.readsAgg([]logical.Op{logical.Project{Items: []logical.Item{it}}}, c.Name) {
				if !b.refersTo(it.Expr, c.Name) || column != "" {
					column = "\x00" // read other than by size(): keep it
					continue
				}
				column = it.Name
			}
		}
		var later []logical.Op
		switch {
		case column == "\x00":
			continue
		case column != "":
			// The collected column: every later read must be size(column).
			var ok bool
			if later, ok = sizeOfColumn(ops[j+2:], column, req.After[len(ops)-1].Live); !ok {
				continue
			}
			for i := range items {
				if items[i].Name == column {
					items[i].Expr = count
				}
			}
		case !rewritten:
			continue
		}
		b.aggRefs[count] = c.Name
		aggs := append([]logical.AggCall(nil), a.Aggs...)
		aggs[k] = logical.AggCall{Name: c.Name, Call: count}
		a.Aggs = aggs
		p.Items = items
		out := append([]logical.Op(nil), ops[:j]...)
		out = append(out, a, p)
		if later != nil {
			return append(out, later...), true
		}
		return append(out, ops[j+2:]...), true
	}
	return ops, false
}

// isSizeOf reports whether e is size(x) with is(x).
func isSizeOf(e ast.Expr, is func(ast.Expr) bool) bool {
	fc, ok := e.(*ast.FunctionCall)
	return ok && strings.EqualFold(qualifiedName(fc), "size") && len(fc.Args) == 1 && is(fc.Args[0])
}

// refersTo reports whether e is a reference to the aggregate whose result
// is named agg (the planner links an aggregate call in a projection to
// the aggregation's result by name, so a rewritten aggregate keeps its
// references).
func (b *builder) refersTo(e ast.Expr, agg string) bool {
	fc, ok := e.(*ast.FunctionCall)
	return ok && b.aggRefs[fc] == agg
}

// readsAgg reports whether any expression of ops reads the aggregate
// result named agg.
func (b *builder) readsAgg(ops []logical.Op, agg string) bool {
	found := false
	for _, op := range ops {
		for _, e := range opExprs(op) {
			visitExpr(e, func(x ast.Expr) bool {
				found = found || b.refersTo(x, agg)
				return !found
			})
		}
	}
	return found
}

// opExprs lists the expressions an operator evaluates; ok is false for an
// operator whose expressions it does not know.
func opExprs(op logical.Op) []ast.Expr {
	var es []ast.Expr
	switch o := op.(type) {
	case logical.Project:
		for _, it := range o.Items {
			es = append(es, it.Expr)
		}
	case logical.Aggregate:
		for _, k := range o.Keys {
			es = append(es, k.Expr)
		}
		for _, a := range o.Aggs {
			es = append(es, a.Call)
		}
	case logical.Sort:
		for _, k := range o.Keys {
			es = append(es, k.Expr)
		}
	case logical.Filter:
		es = append(es, o.Pred)
	case logical.Unwind:
		es = append(es, o.Expr)
	case logical.Skip:
		es = append(es, o.Count)
	case logical.Limit:
		es = append(es, o.Count)
	}
	return es
}

// sizeOfColumn returns ops with every size(column) item replaced by column
// itself, when those are the only reads of column in ops: projection items
// size(column) or column passed on under its own name, and WITH
// boundaries; nothing after ops may read it (out).
func sizeOfColumn(ops []logical.Op, column string, out varSet) ([]logical.Op, bool) {
	if out.has(column) {
		return nil, false
	}
	col := func(e ast.Expr) bool { v, ok := e.(*ast.Variable); return ok && v.Name == column }
	res := make([]logical.Op, len(ops))
	for i, op := range ops {
		res[i] = op
		switch o := op.(type) {
		case logical.Select:
			continue
		case logical.Project:
			if _, ok := o.Subst[column]; ok {
				return nil, false
			}
			items := append([]logical.Item(nil), o.Items...)
			for k, it := range items {
				switch {
				case col(it.Expr) && it.Name == column:
				case isSizeOf(it.Expr, col):
					items[k].Expr = &ast.Variable{Span: it.Expr.NodeSpan(), Name: column}
				case exprReads(it.Expr, column):
					return nil, false
				}
			}
			o.Items = items
			res[i] = o
			continue
		}
		if usesOf(op).has(column) {
			return nil, false
		}
	}
	return res, true
}

// exprReads reports whether e reads variable v.
func exprReads(e ast.Expr, v string) bool {
	s := newVarSet()
	addExprVars(e, &s)
	return s.has(v)
}

// countSums marks sum(x) IntSum when x is a column every row binds to a
// non-null integer count (countColumn).
func countSums(ops []logical.Op, j int, a logical.Aggregate) ([]logical.Op, bool) {
	aggs := append([]logical.AggCall(nil), a.Aggs...)
	changed := false
	for k, c := range aggs {
		call := c.Call
		if c.IntSum || call.Star || call.Distinct || len(call.Namespace) > 0 || len(call.Args) != 1 || !strings.EqualFold(call.Name, "sum") {
			continue
		}
		if v, ok := call.Args[0].(*ast.Variable); ok && countColumn(ops[:j], v.Name) {
			aggs[k].IntSum, changed = true, true
		}
	}
	if !changed {
		return ops, false
	}
	a.Aggs = aggs
	return replace(ops, j, 1, a), true
}

// countColumn reports whether the rows ops produce bind column v to a
// non-null integer count: the last operator that binds v is a projection
// of a COUNT { } subquery or of a column that is one, a degree read or
// an aggregation's count.
func countColumn(ops []logical.Op, v string) bool {
	for i := len(ops) - 1; i >= 0; i-- {
		switch o := ops[i].(type) {
		case logical.Project:
			for _, it := range o.Items {
				if it.Name != v {
					continue
				}
				switch x := it.Expr.(type) {
				case *ast.CountSubquery:
					return true
				case *ast.Variable:
					if x.Name == v {
						break // passed on as it is: look further back
					}
					return countColumn(ops[:i], x.Name)
				default:
					return false
				}
			}
		case logical.Degree:
			if o.Into == v {
				return true
			}
		case logical.Aggregate:
			for _, it := range o.Keys {
				if it.Name == v {
					return false
				}
			}
			for _, c := range o.Aggs {
				if c.Name == v {
					return c.IntSum || c.Call.Star || strings.EqualFold(c.Call.Name, "count") && len(c.Call.Namespace) == 0
				}
			}
			return false
		case logical.Unwind:
			if o.Var == v {
				return false
			}
		case logical.Start:
			return false
		}
	}
	return false
}

// singleRowGroups replaces a grouping whose groups are single rows (a key
// is a node variable the rows are unique in, or a non-null key property
// of one: keyGroups) by a projection, when each
// aggregate's value on one row is known: count(*) is 1, and a sum of a
// degree the planner introduced is that degree.
func singleRowGroups(b *builder, ops []logical.Op, j int, a logical.Aggregate) ([]logical.Op, bool) {
	unique := b.uniqueVars(ops[:j])
	one := b.keyGroups(ops[:j], a.Keys)
	for _, k := range a.Keys {
		if v, ok := k.Expr.(*ast.Variable); ok && unique[v.Name] {
			one = true
		}
	}
	if !one || len(a.Aggs) == 0 {
		return ops, false
	}
	items := append([]logical.Item(nil), a.Keys...)
	for _, c := range a.Aggs {
		var e ast.Expr
		switch {
		case c.Call.Star:
			e = &ast.Literal{Span: c.Call.Span, Kind: ast.LitInt, Int: 1}
		case (c.IntSum || isCountOf(c.Call)) && len(c.Call.Args) == 1:
			e = c.Call.Args[0]
		default:
			return ops, false
		}
		items = append(items, logical.Item{Name: c.Name, Expr: e})
	}
	return replace(ops, j, 1, logical.Project{Items: items}), true
}

// uniqueVars returns the node variables in which the rows ops produce are
// unique (no two rows bind the same node): the node of a scan that is the
// first source of rows, or of a seek of a key's value (at most one row:
// keySeek), or the one variable of a DISTINCT (WITH DISTINCT v), as long
// as later operators only keep, drop or extend rows one for one.
func (b *builder) uniqueVars(ops []logical.Op) map[string]bool {
	u := map[string]bool{}
	for i, op := range ops {
		switch o := op.(type) {
		case logical.Start:
		case logical.NodeScan:
			if !onlyStartBefore(ops[:i]) {
				return map[string]bool{}
			}
			u[o.Var] = true
		case logical.NodeIndexSeek:
			if !onlyStartBefore(ops[:i]) || !b.keySeek(o) {
				return map[string]bool{}
			}
			u[o.Var] = true
		case logical.Distinct:
			if len(o.Vars) == 1 {
				u = map[string]bool{o.Vars[0]: true} // WITH DISTINCT v: one row per v
			}
		case logical.Degree, logical.CycleCount, logical.Filter, logical.NodeFilter,
			logical.Sort, logical.Skip, logical.Limit:
		case logical.Expand:
			// A directed hop from rows unique in its start gives each
			// relationship once: a relationship has one start node.
			// (An undirected hop reaches a relationship from both ends.)
			if o.Rel != "" && u[o.From] && !o.RelBound && !o.Adjacent && (o.Dir == ast.DirRight || o.Dir == ast.DirLeft) {
				u = map[string]bool{o.Rel: true}
			} else {
				u = map[string]bool{}
			}
		case logical.Project:
			for _, it := range o.Items {
				if v, ok := it.Expr.(*ast.Variable); !ok || v.Name != it.Name {
					delete(u, it.Name)
				}
			}
		case logical.Select:
			kept := map[string]bool{}
			for _, v := range o.Vars {
				if u[v] {
					kept[v] = true
				}
			}
			u = kept
		default:
			u = map[string]bool{} // rows may repeat: only a DISTINCT after makes them unique again
		}
	}
	return u
}

// countCollected reads, before the clauses are planned, a collected list
// whose only use is its size in the next projection as the count it is:
// `WITH k, collect(x) AS xs WITH k, size(xs) AS n` as `WITH k, count(x)
// AS xs WITH k, xs AS n` (collect drops nulls as count does, DISTINCT
// alike). So the rules that read counts (an OPTIONAL MATCH's count as
// the COUNT { } it is: optionalCount) see the same query whichever way
// it was written, whatever order they run in. The list must be read
// nowhere else: not by the first clause's WHERE or ORDER BY, and in the
// next clause only as whole items size(xs) (its WHERE and ORDER BY read
// the items). It returns the clauses, rewritten where this applies.
func countCollected(clauses []ast.Clause) []ast.Clause {
	out := slices.Clone(clauses)
	for i := 0; i+1 < len(out); i++ {
		w, ok := out[i].(*ast.With)
		if !ok || w.Projection == nil {
			continue
		}
		pr, where, ok := projectionOf(out[i+1])
		if !ok || pr == nil || pr.Star {
			continue
		}
		for k, it := range w.Projection.Items {
			c, ok := it.Expr.(*ast.FunctionCall)
			if !ok || it.Alias == nil || c.Star || len(c.Args) != 1 || len(c.Namespace) > 0 || !strings.EqualFold(c.Name, "collect") {
				continue
			}
			xs := it.Alias.Name
			if w.Where != nil && exprReads(w.Where, xs) || sortReads(w.Projection.OrderBy, xs) ||
				where != nil && exprReads(where, xs) || sortReads(pr.OrderBy, xs) {
				continue
			}
			col := func(e ast.Expr) bool { v, ok := e.(*ast.Variable); return ok && v.Name == xs }
			items := slices.Clone(pr.Items)
			sizes := 0
			for n, nit := range items {
				switch {
				case isSizeOf(nit.Expr, col):
					c := *nit
					c.Expr = &ast.Variable{Span: nit.Expr.NodeSpan(), Name: xs}
					items[n] = &c
					sizes++
				case exprReads(nit.Expr, xs):
					sizes = -1
				}
				if sizes < 0 {
					break
				}
			}
			if sizes <= 0 {
				continue
			}
			count := *c
			count.Name = "count"
			first := *w
			firstPr := *w.Projection
			firstPr.Items = slices.Clone(firstPr.Items)
			counted := *it
			counted.Expr = &count
			firstPr.Items[k] = &counted
			first.Projection = &firstPr
			w = &first
			out[i] = w
			nextPr := *pr
			nextPr.Items = items
			out[i+1] = reprojected(out[i+1], &nextPr)
			pr = &nextPr
		}
	}
	return out
}

// sortReads reports whether a sort item of order reads variable v.
func sortReads(order []*ast.SortItem, v string) bool {
	for _, s := range order {
		if exprReads(s.Expr, v) {
			return true
		}
	}
	return false
}

// isCountOf reports whether call is sum(COUNT { ... }), not DISTINCT: the
// sum of a non-null integer per row, which over one row is that integer.
func isCountOf(call *ast.FunctionCall) bool {
	if call.Star || call.Distinct || len(call.Namespace) > 0 || len(call.Args) != 1 || !strings.EqualFold(call.Name, "sum") {
		return false
	}
	_, ok := call.Args[0].(*ast.CountSubquery)
	return ok
}
