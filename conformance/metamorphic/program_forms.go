package metamorphic

import (
	"encoding/json"
	"slices"

	"github.com/cyqdb/cyq/parser/graphprogram"
)

// ProgramForms returns the forms of q written as GraphPrograms, the JSON
// set-algebra programs whose statements run Cypher operations into a
// working graph W of nodes and links: each program leaves in W the nodes
// the question counts, and its answer is W's node count (a row "n").
// Their Text is the program's JSON (with q's $placeholders, which Bind
// replaces as in a Cypher form) and Program marks them.
//
// A program builds a set of nodes, so it says what a question counts
// only when the question counts distinct nodes:
//
//   - a count of distinct values of a node variable v declared by a MATCH
//     pattern (not a relationship, path or UNWIND variable), with no
//     stage, WITH DISTINCT or OPTIONAL MATCH: one statement, op "+",
//     "MATCH ... RETURN DISTINCT v";
//   - and, when the query is one MATCH of the single node pattern (v ...)
//     (one row per node, so a count of rows counts nodes too) whose
//     existence checks read only v and variables of their own: the
//     checks as set algebra: op "+" with "MATCH (v ...) WHERE <other
//     conjuncts> RETURN v", then per check op "&" (exists) or "-" (not
//     exists) with "MATCH chain [WHERE ...] RETURN v"; a count threshold
//     as MATCH chain WITH v, count(*) AS k WHERE k >= n RETURN v.
//
// Not expressed, and why: rows that are not distinct nodes (counts of
// paths or rows, grouped or ordered rows, degrees) have no working-graph
// form; neither has a stage's per-node count (W holds nodes, not values).
func ProgramForms(q *Query) []Form {
	if len(q.Written) > 0 || q.Stage != nil || len(q.Distinct) > 0 || q.TailWith || q.TailStar || q.Call {
		return nil // the seed's shape only; a stage passes counts W cannot hold
	}
	for _, m := range q.Matches {
		if m.Optional || m.Star || m.With {
			return nil // an OPTIONAL MATCH's null rows are no nodes
		}
	}
	t := q.Tail
	v := t.Var
	counts := t.Kind == TailCountDistinct || t.Kind == TailCount && q.singleNode(v)
	if !counts || !q.declaresNode(v, len(q.Matches)-1) {
		return nil // not a count of distinct nodes
	}
	matchPart := func(skip func(Pred) bool) string {
		c := q.clone()
		for mi := range c.Matches {
			c.Matches[mi].Where = slices.DeleteFunc(c.Matches[mi].Where, skip)
		}
		s := ""
		for i, m := range c.Matches {
			if i > 0 {
				s += " "
			}
			s += m.String()
		}
		return s
	}
	var out []Form
	whole := programJSON(statement(graphprogram.OpUnion, matchPart(func(Pred) bool { return false })+" RETURN DISTINCT "+v))
	out = append(out, Form{Text: whole, Rules: []string{"graphprogram"}, Query: q, Program: true})
	if q.singleNode(v) {
		checks := 0
		for _, p := range q.Matches[0].Where {
			if p.Kind == PredExists && p.Wrap == WrapNone && chainVarsPrivate(q, *p.Chain, v) {
				checks++
			}
		}
		if checks == 0 {
			return out
		}
		isCheck := func(p Pred) bool {
			return p.Kind == PredExists && p.Wrap == WrapNone && chainVarsPrivate(q, *p.Chain, v)
		}
		sts := []graphprogram.Statement{statement(graphprogram.OpUnion, matchPart(isCheck)+" RETURN "+v)}
		for _, p := range q.Matches[0].Where {
			if !isCheck(p) {
				continue
			}
			s := "MATCH " + p.Chain.String()
			if p.SubWhere != "" {
				s += " WHERE " + p.SubWhere
			}
			if p.AtLeast > 1 {
				s += " WITH " + v + ", count(*) AS k WHERE k >= " + itoa(p.AtLeast)
			}
			op := graphprogram.OpIntersect
			if p.Negated {
				op = graphprogram.OpDiff
			}
			sts = append(sts, statement(op, s+" RETURN "+v))
		}
		out = append(out, Form{Text: programJSON(sts...), Rules: []string{"graphprogram-sets"}, Query: q, Program: true})
	}
	return out
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// statement is one Cypher operation of a program, with no limit of its
// own (the runner's MaxRows bounds it; a truncated read is an error).
func statement(op, query string) graphprogram.Statement {
	return graphprogram.Statement{Op: op, Operation: graphprogram.Operation{Type: graphprogram.TypeCypher, Query: query}}
}

// programJSON prints a program of the statements as JSON.
func programJSON(sts ...graphprogram.Statement) string {
	b, err := json.Marshal(graphprogram.Program{Version: graphprogram.Version, Statements: sts})
	if err != nil {
		panic(err)
	}
	return string(b)
}
