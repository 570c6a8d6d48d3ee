package metamorphic

import "fmt"

// withStar puts WITH * before MATCH clause mi (mi > 0) or before the tail:
// it passes every variable and every row on, so it changes nothing but
// the query's shape. Precondition: some variable is in scope there (WITH *
// of no variables is an error) and no WITH * stands there yet.
func withStar(q *Query) []*Query {
	var out []*Query
	for mi := 1; mi <= len(q.Matches); mi++ {
		if len(q.declaredBefore(mi)) == 0 {
			continue
		}
		c := q.clone()
		if mi < len(q.Matches) {
			if q.Matches[mi].Star {
				continue
			}
			c.Matches[mi].Star = true
		} else {
			if q.TailStar {
				continue
			}
			c.TailStar = true
		}
		out = append(out, c)
	}
	return out
}

// callWrap writes the MATCH clauses of q inside a subquery that imports
// nothing: CALL { MATCH ... RETURN v1, ..., vn }, returning every variable
// in scope after them. A CALL without importing runs once for the one
// input row and passes each of its rows on, so the rows after it are
// those of the clauses themselves. Precondition: some variable is in
// scope after the clauses (a RETURN needs an item), they are not
// wrapped yet, and no stage comes before them (a subquery that imports
// nothing would not see the stage's variables).
func callWrap(q *Query) []*Query {
	if q.Call || q.Stage != nil || len(q.declaredBefore(len(q.Matches))) == 0 {
		return nil
	}
	c := q.clone()
	c.Call = true
	return []*Query{c}
}

// filterWrap writes a top-level conjunct p of a MATCH's WHERE as
// coalesce(p, false) or CASE WHEN p THEN true ELSE false END: both are
// true exactly when p is true, false otherwise, and WHERE keeps a row
// only when its condition is true, dropping false and null alike.
// Precondition: the conjunct is not wrapped yet and is not a pattern
// predicate (a pattern inside an expression other than a WHERE conjunct
// is a list-valued pattern expression in older Cypher).
func filterWrap(q *Query) []*Query {
	var out []*Query
	for mi, m := range q.Matches {
		for pi, p := range m.Where {
			if p.Wrap != WrapNone || p.Kind == PredExists && (p.Style == StylePattern || p.Style == StyleOptionalNull) {
				continue
			}
			for _, w := range []Wrap{WrapCoalesce, WrapCase} {
				c := q.clone()
				c.Matches[mi].Where[pi].Wrap = w
				out = append(out, c)
			}
		}
	}
	return out
}

// varLengthByLength writes the lower bound of a variable-length
// relationship as a condition on the length of a named path:
// MATCH (a)-[*m..n]->(c) is MATCH p = (a)-[*1..n]->(c) WHERE length(p) >= m
// (or size(nodes(p)) > m, size(nodes(p)) - 1 >= m, size(relationships(p))
// >= m: a path has one node more than relationships); in a chain with k fixed hops besides, the
// bound is m + k. Every path of length 1..n whose length passes the bound
// is one of the original's, with the same bindings.
// Precondition: the chain is a MATCH pattern with no path name, the
// relationship's lower bound is 2 or more, and every other relationship
// of the chain is a fixed single hop (so the path's length fixes the
// relationship's).
func varLengthByLength(q *Query) []*Query {
	var out []*Query
	for i, r := range q.chains() {
		if r.inSubquery() || r.c.Path != "" {
			continue
		}
		at, ok := -1, true
		for j, x := range r.c.Rels {
			if !x.VarLen {
				continue
			}
			if at >= 0 || x.Min < 2 {
				ok = false
			}
			at = j
		}
		if !ok || at < 0 {
			continue
		}
		bound := r.c.Rels[at].Min + len(r.c.Rels) - 1
		for _, form := range []string{"length(%s) >= %d", "size(nodes(%s)) > %d", "size(nodes(%s)) - 1 >= %d", "size(relationships(%s)) >= %d"} {
			c := q.clone()
			cr := c.chains()[i]
			p := c.fresh("p")
			cr.c.Path = p
			rel := &cr.c.Rels[at]
			rel.Min, rel.Short = 1, false
			m := &c.Matches[cr.match]
			m.Where = append(m.Where, Pred{Kind: PredRaw, Raw: fmt.Sprintf(form, p, bound), Uses: []string{p}})
			out = append(out, c)
		}
	}
	return out
}

// UnionForms returns the UNION ALL form of q (unionDirections), if any.
// It is not one of Rules: the planner moves an aggregation into the
// branches of a UNION ALL and reads their self-loop exclusions from the
// statistics (so counts and degrees apply per branch), but the cost model
// does not price a CALL's branches yet, so TestPlanInvariance cannot
// compare the form's estimate with the others'; the test and the
// benchmark run it beside the generated forms.
func UnionForms(q *Query) []Form {
	var out []Form
	for _, c := range unionDirections(q) {
		out = append(out, Form{Text: c.String(), Rules: []string{"union-directions"}, Query: c})
	}
	return out
}

// unionDirections writes the one MATCH clause of one undirected
// relationship as the UNION ALL of its two directed patterns inside
// CALL { } (Query.unionText): the rows are the same, each as many times.
// Precondition: Query.unionable, and no union yet.
func unionDirections(q *Query) []*Query {
	if q.Union || !q.unionable() {
		return nil
	}
	c := q.clone()
	c.Union = true
	return []*Query{c}
}
