package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// countCall returns the projections a CALL subquery that only counts the
// rows of its body is: `CALL { WITH a MATCH (a)<-[:T]-(:A) RETURN
// count(*) AS k }` is `WITH *, COUNT { MATCH (a)<-[:T]-(:A) } AS k`. A
// count without grouping keys has exactly one row, 0 when the body has
// none, so the CALL passes each outer row on once with the count of the
// body's rows for it: the value of the COUNT subquery over the same
// clauses. Planned as a COUNT subquery, the body is what the rules for
// pattern counts see (a degree read, a count of a set, an existence
// semi-join when only COUNT { } > 0 is tested after it), not a body run
// and aggregated per outer row.
//
// The body is read only (no write, procedure call or CALL IN
// TRANSACTIONS), has one part, and its RETURN has only items count(*)
// and count(v) of a variable no row of the body leaves null
// (boundNonNull), or, for the count join only (countCallDistinct), a
// lone count(DISTINCT v) of such a variable (the COUNT subquery's body
// then ends in RETURN DISTINCT v: the number of its distinct rows is the
// number of v's distinct values, none null), and no ORDER BY, SKIP or
// LIMIT. Each item counts the
// body's rows: the first is the COUNT subquery, the others copies of it
// (`WITH *, k AS k2`), so the body runs once per row as in the CALL.
//
// A COUNT subquery sees every outer variable, across its own WITH
// clauses too, where the CALL's body sees only those it imports (CALL
// (a), CALL (*), or a leading WITH a) and its WITH clauses project: the
// body may name no outer variable it does not see, which is the body's
// own variable in the CALL and would be the outer one in COUNT { }. The
// columns may not be bound already (the CALL then reports it, as
// written).
func countCall(c *ast.CallSubquery, sc *scope) ([]ast.Clause, bool) {
	return countCallDistinct(c, sc, false)
}

// countCallDistinct is countCall, reading a lone count(DISTINCT v) too
// when distinctOK (see above). Only the count join asks for it: it reads
// the COUNT { ... RETURN DISTINCT v } as count(DISTINCT v) joined to the
// rows (distinctMatches) or leaves the CALL as written.
func countCallDistinct(c *ast.CallSubquery, sc *scope, distinctOK bool) ([]ast.Clause, bool) {
	clauses, ret, ok := plainReturnBody(c)
	if !ok {
		return nil, false
	}
	p := ret.Projection
	cols := map[string]bool{}
	var counted []string // the variables count(v) items count
	distinct := ""       // the variable of a lone count(DISTINCT v)
	for _, it := range p.Items {
		f, ok := it.Expr.(*ast.FunctionCall)
		if !ok || len(f.Namespace) > 0 || !strings.EqualFold(f.Name, "count") {
			return nil, false
		}
		if f.Distinct {
			v, ok := oneVariable(f.Args)
			if !ok || f.Star || len(p.Items) != 1 || !distinctOK {
				return nil, false
			}
			distinct = v
		}
		if !f.Star {
			v, ok := oneVariable(f.Args)
			if !ok {
				return nil, false
			}
			counted = append(counted, v)
		}
		if sc.has(it.Name()) || cols[it.Name()] {
			return nil, false
		}
		cols[it.Name()] = true
	}
	body, imported, all, ok := callBodyImports(c, clauses[:len(clauses)-1], sc)
	if !ok {
		return nil, false
	}
	// count(v) of a variable no row leaves null counts the rows.
	nonNull := boundNonNull(body)
	for _, v := range counted {
		if !nonNull[v] {
			return nil, false
		}
	}
	if !subqueryBody(body, imported, all, sc) {
		return nil, false
	}
	if distinct != "" {
		// count(DISTINCT v) of a variable no row leaves null counts the
		// distinct rows of RETURN DISTINCT v.
		f := p.Items[0].Expr.(*ast.FunctionCall)
		v := &ast.Variable{Span: f.Args[0].NodeSpan(), Name: distinct}
		ret := &ast.Return{Span: f.Span, Projection: &ast.Projection{Span: f.Span, Distinct: true, Items: []*ast.ProjectionItem{{Span: f.Span, Expr: v, Text: distinct}}}}
		body = append(slices.Clone(body), ret)
	}
	q := &ast.Query{Span: c.Body.Span, Parts: []*ast.SingleQuery{{Span: c.Body.Parts[0].Span, Clauses: body}}}
	first := p.Items[0]
	col := &ast.Variable{Span: first.Span, Name: first.Name()}
	count := &ast.ProjectionItem{Span: first.Span, Expr: &ast.CountSubquery{Span: c.Span, Query: q}, Alias: col, Text: first.Text}
	out := []ast.Clause{&ast.With{Span: c.Span, Projection: &ast.Projection{Span: p.Span, Star: true, Items: []*ast.ProjectionItem{count}}}}
	if len(p.Items) > 1 {
		// The other items count the same rows: copies of the first.
		var copies []*ast.ProjectionItem
		for _, it := range p.Items[1:] {
			copies = append(copies, &ast.ProjectionItem{Span: it.Span, Expr: col, Alias: &ast.Variable{Span: it.Span, Name: it.Name()}, Text: it.Text})
		}
		out = append(out, &ast.With{Span: c.Span, Projection: &ast.Projection{Span: p.Span, Star: true, Items: copies}})
	}
	return out, true
}

// subqueryBody reports whether body, the clauses of a CALL's body after
// its import (imported, or every variable when all), means the same as
// the body of an EXISTS or COUNT subquery written in its place: clauses
// that only read (MATCH, UNWIND, WITH and read-only CALL subqueries not
// in transactions) that name no outer variable of sc the CALL's body does
// not see. A COUNT or EXISTS subquery sees every outer variable, across
// its own WITH clauses too, where the CALL's body sees only those it
// imports and its WITH clauses project: such a name is the body's own
// variable in the CALL and would be the outer one in the subquery.
func subqueryBody(body []ast.Clause, imported map[string]bool, all bool, sc *scope) bool {
	hidden := map[string]bool{}
	for _, cl := range body {
		switch x := cl.(type) {
		case *ast.Match, *ast.Unwind, *ast.With:
		case *ast.CallSubquery:
			if x.InTransactions != nil || isWriteClause(x) || callsProcedure(x) {
				return false
			}
		default:
			return false
		}
		for n := range mentionedNames(cl) {
			if sc.has(n) && (hidden[n] || !all && !imported[n]) {
				return false
			}
		}
		// Past a WITH of the body, an outer variable it does not
		// project is out of the CALL's scope, not of the subquery's.
		if w, ok := cl.(*ast.With); ok && !w.Projection.Star {
			cols := map[string]bool{}
			for _, it := range w.Projection.Items {
				cols[it.Name()] = true
			}
			for n := range sc.vars {
				hidden[n] = !cols[n]
			}
		}
	}
	return true
}

// callsProcedure reports whether a clause of c's body, nested CALL
// subqueries included, calls a procedure.
func callsProcedure(c *ast.CallSubquery) bool {
	for _, part := range c.Body.Parts {
		for _, cl := range part.Clauses {
			switch x := cl.(type) {
			case *ast.Call:
				return true
			case *ast.CallSubquery:
				if callsProcedure(x) {
					return true
				}
			}
		}
	}
	return false
}

func oneVariable(args []ast.Expr) (string, bool) {
	if len(args) != 1 {
		return "", false
	}
	v, ok := args[0].(*ast.Variable)
	if !ok {
		return "", false
	}
	return v.Name, true
}

// boundNonNull is the variables no row after clauses leaves null: those a
// MATCH binds (nodes, relationships, paths), passed on under their own
// or another name by the WITH clauses after it. An OPTIONAL MATCH, an
// UNWIND or a CALL may bind a name to null, a WITH item that is not a
// variable may be null.
func boundNonNull(clauses []ast.Clause) map[string]bool {
	out := map[string]bool{}
	for _, c := range clauses {
		switch x := c.(type) {
		case *ast.Match:
			bound := map[string]varKind{}
			addPatternKinds(x.Pattern, bound)
			for n := range bound {
				if !x.Optional {
					out[n] = true
				} else if !out[n] {
					delete(out, n)
				}
			}
		case *ast.Unwind:
			delete(out, x.Var.Name)
		case *ast.With:
			next := map[string]bool{}
			if x.Projection.Star {
				for n := range out {
					next[n] = true
				}
			}
			for _, it := range x.Projection.Items {
				delete(next, it.Name())
				if v, ok := it.Expr.(*ast.Variable); ok && out[v.Name] {
					next[it.Name()] = true
				}
			}
			out = next
		default:
			return map[string]bool{} // not followed
		}
	}
	return out
}

// callBodyImports splits the body of CALL c (its clauses before the
// RETURN) into the variables it imports from scope sc (a scope clause's
// or an importing WITH's) and the clauses after the import; all: it
// imports every variable (*). ok is false when there is nothing after the
// import, an importing WITH both imports all and names some, or an
// imported variable is not in scope (an error the CALL reports where it
// is written).
func callBodyImports(c *ast.CallSubquery, body []ast.Clause, sc *scope) (rest []ast.Clause, imported map[string]bool, all, ok bool) {
	imported = map[string]bool{}
	switch {
	case c.ScopeGiven:
		all = c.ScopeAll
		for _, v := range c.Scope {
			imported[v.Name] = true
		}
	default:
		if w, ok := body[0].(*ast.With); ok && importingWith(w) {
			all = w.Projection.Star
			if all && len(w.Projection.Items) > 0 {
				return nil, nil, false, false
			}
			for _, it := range w.Projection.Items {
				imported[it.Expr.(*ast.Variable).Name] = true
			}
			body = body[1:]
		}
	}
	if len(body) == 0 {
		return nil, nil, false, false
	}
	for n := range imported {
		if !sc.has(n) {
			return nil, nil, false, false
		}
	}
	return body, imported, all, true
}

// plainReturnBody returns the clauses of CALL c's body and its closing
// RETURN when c is a plain CALL (not OPTIONAL, not in transactions) of
// one part with at least one clause before a RETURN of named items
// without *, ORDER BY, SKIP or LIMIT.
func plainReturnBody(c *ast.CallSubquery) ([]ast.Clause, *ast.Return, bool) {
	if c.Optional || c.InTransactions != nil || c.Body == nil || len(c.Body.Parts) != 1 || len(c.Body.When) > 0 {
		return nil, nil, false
	}
	clauses := c.Body.Parts[0].Clauses
	if len(clauses) < 2 {
		return nil, nil, false
	}
	ret, ok := clauses[len(clauses)-1].(*ast.Return)
	if !ok || ret.Projection == nil {
		return nil, nil, false
	}
	p := ret.Projection
	if p.Star || len(p.Items) == 0 || p.OrderBy != nil || p.Skip != nil || p.Limit != nil {
		return nil, nil, false
	}
	return clauses, ret, true
}
