package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// An existence test whose pattern does not name the probe, reading it
// only in its WHERE (`MATCH (p:Person) WHERE EXISTS { MATCH (w:Person
// {name: $who}) WHERE w.born = p.born AND w <> p }`: the pattern matches
// the same rows for every p, the WHERE joins them to p by values), is the
// question "is p among the nodes for which some match passes the WHERE?".
// The set of those nodes is the pattern with the probe added as a part of
// its own, `(w:Person {name: $who}), (p:Person)`, under the same WHERE,
// planned with the probe unbound: the matches joined with the candidates
// by their values (a value join, valueJoins, where the WHERE equates
// them). Adding the part changes no match's count for a bound probe (the
// part matches the bound node once), so COUNT { } thresholds read the
// same counts. The part takes the label of the scan that bound the probe
// (probeLabel), so that the set holds only candidates the row can hold;
// a probe bound otherwise gets an unlabelled part. Errors stay as row
// mode raises them because semiJoinFor builds the set only for a body
// that cannot fail (bodyMayFail), for any node as the probe.

// withProbePart returns x with a part of its own matching probe (with
// label, when not ""), or nil when x's pattern already names the probe.
func withProbePart(x *ast.ExistsSubquery, probe, label string) *ast.ExistsSubquery {
	if x.Pattern == nil || !equatesProbe(x.Where, probe) {
		return nil
	}
	own := map[string]varKind{}
	addPatternKinds(x.Pattern, own)
	if _, named := own[probe]; named {
		return nil
	}
	n := &ast.NodePattern{Span: x.Span, Var: &ast.Variable{Span: x.Span, Name: probe}}
	if label != "" {
		n.Labels = &ast.LabelName{Span: x.Span, Name: label}
	}
	part := &ast.PatternPart{Span: x.Span, Element: &ast.PatternElement{Span: x.Span, Nodes: []*ast.NodePattern{n}}}
	out := *x
	pat := *x.Pattern
	pat.Parts = append(slices.Clone(pat.Parts), part)
	out.Pattern = &pat
	return &out
}

// equatesProbe reports whether where, through AND, holds an equality
// of a value read from probe with one that does not read it: the value
// join that plans the set with the probe unbound. A WHERE that links the
// probe only by order comparisons (`q.w > b.id`) is left to the rank of
// sorted values (ranked_count.go), which answers each row by a search
// in one sorted list where the set would join every candidate with
// every match.
func equatesProbe(where ast.Expr, probe string) bool {
	switch x := where.(type) {
	case *ast.Binary:
		return x.Op == ast.OpAnd && (equatesProbe(x.Left, probe) || equatesProbe(x.Right, probe))
	case *ast.Comparison:
		if len(x.Ops) != 1 || x.Ops[0] != ast.CmpEq {
			return false
		}
		l, r := readsName(x.Operands[0], probe), readsName(x.Operands[1], probe)
		return l != r
	}
	return false
}

// probeLabel is the label of the node scan that bound probe before
// ops[len(ops)] (at: the operator that bound each variable last), "" when
// it was bound otherwise.
func probeLabel(ops []logical.Op, at map[string]int, probe string) string {
	j, ok := at[probe]
	if !ok || j >= len(ops) {
		return ""
	}
	j = probeBinder(ops, j, probe)
	if s, ok := ops[j].(logical.NodeScan); ok && s.Var == probe {
		return s.Label
	}
	return ""
}
