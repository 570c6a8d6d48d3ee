package planner

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// Each count(DISTINCT v) of an aggregation with no grouping key is the
// size of one set: the distinct values v takes over the rows of the
// clauses before it, whatever else those rows carry. So an aggregation
// of several such counts over one chain of matches, `MATCH (e {id:
// $x})<--(h) OPTIONAL MATCH (h)<--(h2) RETURN count(DISTINCT h) AS a,
// count(DISTINCT h2) AS b` (the OPTIONAL MATCH in a CALL { } that imports
// h and returns h2 alike), is the counts of as many sets, each read by
// the clauses its variable needs: `CALL { MATCH (e {id: $x})<--(h) RETURN
// count(DISTINCT h) AS c0 } CALL { MATCH (e {id: $x})<--(h) MATCH
// (h)<--(h2) RETURN count(DISTINCT h2) AS c1 } RETURN c0 AS a, c1 AS b`
// (c0 and c1 internal names). Each CALL { } then plans set-at-a-time on
// its own (the set operator's set handed to its count, see setcount.go),
// where one pipeline of rows cannot hand two variables' sets to one
// aggregation.
//
// With grouping keys that are variables bound by a MATCH (not an
// OPTIONAL one: a key null where a match is missing would import a null),
// the same holds per group, each body reading the keys as bound: `MATCH
// (a:A) OPTIONAL MATCH (a)-->(b) RETURN a, count(DISTINCT b)` is `MATCH
// (a:A) WITH DISTINCT a CALL { WITH a MATCH (a:A) MATCH (a)-->(b) RETURN
// count(DISTINCT b) AS c0 } RETURN a, c0`; the clauses before are then
// MATCH clauses only.
//
// For the count of v, bound by the pattern of MATCH clause k (an element
// of a pattern is never null where the pattern matched):
//   - the OPTIONAL MATCH that binds v becomes a MATCH: the rows it keeps
//     where it matches nothing have v null, which count(DISTINCT v)
//     skips;
//   - an OPTIONAL MATCH whose new variables nothing after it reads (nor
//     the count) goes: it keeps every row and changes no variable, only
//     how many times a row repeats, which DISTINCT does not see; unless
//     matching it may fail, an error the written query raises
//     (failing_optionals.go).
//
// Both need every clause after the one changed to treat each row on its
// own: a MATCH, an UNWIND, a WITH of no aggregate, SKIP or LIMIT (a
// count, a collect or a LIMIT would see the rows removed or repeated).
// The clauses before the aggregation are read-only (MATCH, UNWIND, WITH)
// and deterministic: each CALL { } runs them again. Only in a query with
// no enclosing variables, so that every name the bodies read is one they
// bind themselves or import.

// distinctCountSets rewrites the first aggregation of count(DISTINCT v)
// items only (see above), when that takes an OPTIONAL MATCH away from a
// count or counts more than one variable.
func (b *builder) distinctCountSets(clauses []ast.Clause, sc *scope) []ast.Clause {
	if len(sc.userVars()) > 0 {
		return clauses
	}
	in := clauses
	clauses = slices.Clone(clauses)
	for i, c := range clauses {
		if m, ok := optionalCall(c, clauseBindings(clauses, i)); ok {
			clauses[i], c = m, m
		}
		pr, ok := distinctCountsProjection(c)
		if ok {
			if r, ok := b.distinctCountSetsAt(clauses, i, pr); ok {
				return r
			}
			return in
		}
		if !perRowClause(c) && !readOnlyWith(c) {
			return in
		}
	}
	return in
}

// optionalCall returns the OPTIONAL MATCH that CALL { WITH vars OPTIONAL
// MATCH ... RETURN its new variables } is (one row per match, or one of
// nulls, for each row), given the variables in scope before it: the WITH
// carries them as themselves, and the match names none of them that the
// WITH does not import.
func optionalCall(c ast.Clause, before map[string]binding) (*ast.Match, bool) {
	call, ok := c.(*ast.CallSubquery)
	if !ok || call.InTransactions != nil || call.Optional || call.ScopeGiven || call.Body == nil || len(call.Body.Parts) != 1 || len(call.Body.When) > 0 {
		return nil, false
	}
	cl := call.Body.Parts[0].Clauses
	if len(cl) != 3 {
		return nil, false
	}
	w, wok := cl[0].(*ast.With)
	m, mok := cl[1].(*ast.Match)
	r, rok := cl[2].(*ast.Return)
	if !wok || !mok || !rok || !m.Optional || w.Where != nil || w.Projection.Star || w.Projection.Distinct ||
		w.Projection.OrderBy != nil || w.Projection.Skip != nil || w.Projection.Limit != nil ||
		r.Projection.Star || r.Projection.Distinct || r.Projection.OrderBy != nil || r.Projection.Skip != nil || r.Projection.Limit != nil {
		return nil, false
	}
	imported := map[string]bool{}
	for _, it := range w.Projection.Items {
		if !carries(it, it.Name()) {
			return nil, false
		}
		imported[it.Name()] = true
	}
	for n := range mentionedNames(m) {
		if _, outside := before[n]; outside && !imported[n] {
			return nil, false // a name the body binds afresh
		}
	}
	own := map[string]varKind{}
	addPatternKinds(m.Pattern, own)
	returned := 0
	for _, it := range r.Projection.Items {
		if _, isOwn := own[it.Name()]; !isOwn || imported[it.Name()] || !carries(it, it.Name()) {
			return nil, false
		}
		returned++
	}
	for n := range own {
		if !imported[n] {
			returned--
		}
	}
	if returned != 0 {
		return nil, false // a new variable not returned, which the OPTIONAL MATCH would show
	}
	return m, true
}

// distinctCountsProjection returns the projection of a RETURN or WITH
// whose items are count(DISTINCT v) of a variable v, at least one, and
// grouping keys that are variables, with no aggregate in its WHERE or
// ORDER BY.
func distinctCountsProjection(c ast.Clause) (*ast.Projection, bool) {
	var pr *ast.Projection
	switch x := c.(type) {
	case *ast.Return:
		pr = x.Projection
	case *ast.With:
		if x.Where != nil && containsAggregate(x.Where) {
			return nil, false
		}
		pr = x.Projection
	default:
		return nil, false
	}
	if pr == nil || pr.Star || len(pr.Items) == 0 {
		return nil, false
	}
	for _, s := range pr.OrderBy {
		if containsAggregate(s.Expr) {
			return nil, false
		}
	}
	counts := 0
	names := map[string]bool{}
	for _, it := range pr.Items {
		if names[it.Name()] {
			return nil, false // the error the aggregation raises, where it was written
		}
		names[it.Name()] = true
		if _, ok := distinctCountVar(it.Expr); ok {
			counts++
		} else if _, isVar := it.Expr.(*ast.Variable); !isVar {
			return nil, false
		}
	}
	return pr, counts > 0
}

// distinctCountVar returns v when e is count(DISTINCT v) of a variable.
func distinctCountVar(e ast.Expr) (string, bool) {
	c, ok := e.(*ast.FunctionCall)
	if !ok || c.Star || !c.Distinct || len(c.Args) != 1 || len(c.Namespace) > 0 || !strings.EqualFold(c.Name, "count") {
		return "", false
	}
	v, ok := c.Args[0].(*ast.Variable)
	if !ok {
		return "", false
	}
	return v.Name, true
}

// perRowClause reports whether c is read-only and treats each row on its
// own: a MATCH, an UNWIND, or a WITH of no aggregate, SKIP or LIMIT, all
// deterministic.
func perRowClause(c ast.Clause) bool {
	switch x := c.(type) {
	case *ast.Match, *ast.Unwind:
	case *ast.With:
		pr := x.Projection
		if pr == nil || pr.Skip != nil || pr.Limit != nil {
			return false
		}
		for _, it := range pr.Items {
			if containsAggregate(it.Expr) {
				return false
			}
		}
	default:
		return false
	}
	return deterministicClause(c)
}

// readOnlyWith reports whether c is a read-only WITH that aggregates
// or pages its rows (one the CALL { } bodies may run again, but after
// which rows are no longer each on their own), deterministic.
func readOnlyWith(c ast.Clause) bool {
	_, ok := c.(*ast.With)
	return ok && deterministicClause(c)
}

// deterministicClause reports whether every expression clause c holds
// (its subqueries' included) calls only deterministic functions.
func deterministicClause(c ast.Clause) bool {
	ok := true
	ast.Inspect(c, func(n ast.Node) bool {
		if e, isExpr := n.(ast.Expr); isExpr && !deterministic(e) {
			ok = false
		}
		return ok
	})
	return ok
}

// binding is where a variable was bound among the clauses before an
// aggregation: the clause's index, and whether a pattern bound it.
type binding struct {
	at      int
	pattern bool
}

// clauseBindings returns, for the clauses before index i, where each
// variable in scope at i was bound (a WITH that carries a variable as
// itself keeps its binding).
func clauseBindings(clauses []ast.Clause, i int) map[string]binding {
	bound := map[string]binding{}
	for j, c := range clauses[:i] {
		switch x := c.(type) {
		case *ast.Match:
			own := map[string]varKind{}
			addPatternKinds(x.Pattern, own)
			for n := range own {
				if _, ok := bound[n]; !ok {
					bound[n] = binding{j, true}
				}
			}
		case *ast.Unwind:
			bound[x.Var.Name] = binding{j, false}
		case *ast.With:
			next := map[string]binding{}
			if x.Projection.Star {
				for n, b := range bound {
					next[n] = b
				}
			}
			for _, it := range x.Projection.Items {
				if b, ok := bound[it.Name()]; ok && carries(it, it.Name()) {
					next[it.Name()] = b
				} else {
					next[it.Name()] = binding{j, false}
				}
			}
			bound = next
		}
	}
	return bound
}

// newVars is the variables the pattern of clauses[j], a MATCH, binds
// that are not in scope before it.
func newVars(clauses []ast.Clause, j int) []string {
	before := clauseBindings(clauses, j)
	own := map[string]varKind{}
	addPatternKinds(clauses[j].(*ast.Match).Pattern, own)
	var out []string
	for n := range own {
		if _, ok := before[n]; !ok {
			out = append(out, n)
		}
	}
	return out
}

func (b *builder) distinctCountSetsAt(clauses []ast.Clause, i int, pr *ast.Projection) ([]ast.Clause, bool) {
	bound := clauseBindings(clauses, i)
	// perRowAfter[j]: every clause after j (before i) treats rows on
	// their own
	perRowAfter := make([]bool, i)
	ok := true
	for j := i - 1; j >= 0; j-- {
		perRowAfter[j] = ok
		ok = ok && perRowClause(clauses[j])
	}
	var keys []string
	for _, it := range pr.Items {
		if k, isKey := it.Expr.(*ast.Variable); isKey {
			bd, found := bound[k.Name]
			if !found || !bd.pattern || clauses[bd.at].(*ast.Match).Optional {
				return nil, false // a key null where a match is missing
			}
			keys = append(keys, k.Name)
		}
	}
	if len(keys) > 0 {
		for _, c := range clauses[:i] {
			if _, isM := c.(*ast.Match); !isM {
				return nil, false // a WITH would hide from the bodies a name they import
			}
		}
	}
	vars := map[string]bool{}
	changed := false
	bodies := make([][]ast.Clause, len(pr.Items))
	for n, it := range pr.Items {
		v, isCount := distinctCountVar(it.Expr)
		if !isCount {
			continue
		}
		vars[v] = true
		bd, found := bound[v]
		if !found || !bd.pattern {
			return nil, false
		}
		body := make([]ast.Clause, i)
		copy(body, clauses[:i])
		if m := clauses[bd.at].(*ast.Match); m.Optional {
			if !perRowAfter[bd.at] {
				return nil, false
			}
			nm := *m
			nm.Optional = false
			body[bd.at] = &nm
			changed = true
		}
		kept, dropped := b.dropUnreadOptionals(clauses, body, []string{v}, perRowAfter)
		changed = changed || dropped
		bodies[n] = kept
	}
	if !changed && len(vars) < 2 {
		return nil, false
	}
	var head []ast.Clause
	var keyItems []*ast.ProjectionItem
	if len(keys) > 0 {
		// one row per distinct value of the keys, each count's body
		// reading them as bound
		head, _ = b.dropUnreadOptionals(clauses, clauses[:i], keys, perRowAfter)
		sp := clauses[i].NodeSpan()
		for _, k := range keys {
			if !slices.ContainsFunc(keyItems, func(it *ast.ProjectionItem) bool { return it.Text == k }) {
				keyItems = append(keyItems, &ast.ProjectionItem{Span: sp, Expr: &ast.Variable{Span: sp, Name: k}, Text: k})
			}
		}
		head = append(head, &ast.With{Span: sp, Projection: &ast.Projection{Span: sp, Distinct: true, Items: keyItems}})
	}
	// each count in a CALL { } of its own, the aggregation's item reading
	// its column
	np := *pr
	np.Items = make([]*ast.ProjectionItem, len(pr.Items))
	for n, it := range pr.Items {
		if _, isCount := distinctCountVar(it.Expr); !isCount {
			np.Items[n] = it
			continue
		}
		sp := it.Expr.NodeSpan()
		col := fmt.Sprintf(" distinct count %d", n)
		ret := &ast.Return{Span: sp, Projection: &ast.Projection{Span: sp, Items: []*ast.ProjectionItem{
			{Span: sp, Expr: it.Expr, Alias: &ast.Variable{Span: sp, Name: col}, Text: col},
		}}}
		var body []ast.Clause
		if len(keyItems) > 0 {
			body = append(body, &ast.With{Span: sp, Projection: &ast.Projection{Span: sp, Items: keyItems}})
		}
		body = append(append(body, bodies[n]...), ret)
		head = append(head, &ast.CallSubquery{Span: sp, Body: &ast.Query{Span: sp, Parts: []*ast.SingleQuery{{Span: sp, Clauses: body}}}})
		ni := *it
		ni.Expr = &ast.Variable{Span: sp, Name: col}
		np.Items[n] = &ni
	}
	switch x := clauses[i].(type) {
	case *ast.Return:
		n := *x
		n.Projection = &np
		head = append(head, &n)
	case *ast.With:
		n := *x
		n.Projection = &np
		head = append(head, &n)
	}
	return append(head, clauses[i+1:]...), true
}

// dropUnreadOptionals returns body (clauses[:len(body)] as a count's
// body rewrote them) without the OPTIONAL MATCH clauses whose new
// variables neither a clause kept after them nor needed names, where the
// clauses after them treat rows on their own and matching them cannot
// fail (failing_optionals.go); and whether it dropped one.
func (b *builder) dropUnreadOptionals(clauses, body []ast.Clause, needed []string, perRowAfter []bool) ([]ast.Clause, bool) {
	keep := make([]bool, len(body))
	for j := range keep {
		keep[j] = true
	}
	dropped := false
	for j := len(body) - 1; j >= 0; j-- {
		m, isM := body[j].(*ast.Match)
		if !isM || !m.Optional || !perRowAfter[j] || b.optionalMayFail(clauses, j) {
			continue
		}
		read := false
		for _, nv := range newVars(clauses, j) {
			if slices.Contains(needed, nv) {
				read = true
			}
			for k := j + 1; k < len(body); k++ {
				if keep[k] && mentionedNames(body[k])[nv] {
					read = true
				}
			}
		}
		if !read {
			keep[j] = false
			dropped = true
		}
	}
	var kept []ast.Clause
	for j, c := range body {
		if keep[j] {
			kept = append(kept, c)
		}
	}
	return kept, dropped
}
