package planner

import (
	"math"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// labelDisjunction reads an OR whose operands include two or more label
// tests of one variable, `v:A OR v:B`, as the one test `v:A|B`, and
// leaves the other operands as they are: the pattern form `(v:A|B)` and
// the WHERE form then reach the planner as the same NodeFilter (see
// labelChecks), which the label rules and the estimates read alike. An
// operand that is itself AND, OR and NOT of label tests of one variable
// counts as the label test of their label expression (labelTestTree):
// `v:C OR (v:A AND NOT v:B)` is `v:C|(A&!B)`. A label test of a null is
// null, as is every AND, OR and NOT of such tests, and of a node it is
// true or false as the label expression is. nil when no two operands
// merge.
func labelDisjunction(x *ast.Binary) ast.Expr {
	ops := disjuncts(x)
	first := map[string]int{} // variable -> index in out of its merged test
	var out []ast.Expr
	merged := false
	for _, o := range ops {
		lp, named := labelTestTree(o)
		v := ""
		if named {
			v, _ = varName(lp.Expr)
		}
		if !named {
			out = append(out, o)
			continue
		}
		at, seen := first[v]
		if !seen {
			first[v] = len(out)
			out = append(out, o)
			continue
		}
		prev, _ := labelTestTree(out[at])
		or := &ast.LabelOr{Span: spanOver(prev.Labels, lp.Labels), Items: []ast.LabelExpr{prev.Labels, lp.Labels}}
		out[at] = &ast.LabelPredicate{Span: spanOver(prev, lp), Expr: prev.Expr, Labels: or}
		merged = true
	}
	if !merged {
		return nil
	}
	e := out[0]
	for _, o := range out[1:] {
		e = &ast.Binary{Span: spanOver(e, o), Op: ast.OpOr, Left: e, Right: o}
	}
	return e
}

// labelTestTree returns e as one label test when e is a label test of a
// variable (a label expression known when planning) or AND, OR and NOT
// of such tests of one variable: AND the conjunction of their label
// expressions, OR the disjunction, NOT the negation.
func labelTestTree(e ast.Expr) (*ast.LabelPredicate, bool) {
	switch x := e.(type) {
	case *ast.LabelPredicate:
		if x.Labels == nil || ast.HasDynamic(x.Labels) {
			return nil, false
		}
		_, named := varName(x.Expr)
		return x, named
	case *ast.Unary:
		in, ok := labelTestTree(x.Expr)
		if x.Op != ast.OpNot || !ok {
			return nil, false
		}
		return &ast.LabelPredicate{Span: x.Span, Expr: in.Expr, Labels: &ast.LabelNot{Span: in.Labels.NodeSpan(), Expr: in.Labels}}, true
	case *ast.Binary:
		if x.Op != ast.OpAnd && x.Op != ast.OpOr {
			return nil, false
		}
		l, ok := labelTestTree(x.Left)
		r, ok2 := labelTestTree(x.Right)
		if !ok || !ok2 {
			return nil, false
		}
		lv, _ := varName(l.Expr)
		rv, _ := varName(r.Expr)
		if lv != rv {
			return nil, false
		}
		span := spanOver(l.Labels, r.Labels)
		var labels ast.LabelExpr = &ast.LabelOr{Span: span, Items: []ast.LabelExpr{l.Labels, r.Labels}}
		if x.Op == ast.OpAnd {
			labels = &ast.LabelAnd{Span: span, Items: []ast.LabelExpr{l.Labels, r.Labels}}
		}
		return &ast.LabelPredicate{Span: x.Span, Expr: l.Expr, Labels: labels}, true
	}
	return nil, false
}

// labelNegation reads `NOT v:L` as the test `v:!L`: both are null of a
// null and the negation of v:L of a node.
func labelNegation(u *ast.Unary) ast.Expr {
	lp, ok := u.Expr.(*ast.LabelPredicate)
	if u.Op != ast.OpNot || !ok || lp.Labels == nil || ast.HasDynamic(lp.Labels) {
		return nil
	}
	if _, named := varName(lp.Expr); !named {
		return nil
	}
	return &ast.LabelPredicate{Span: u.Span, Expr: lp.Expr, Labels: &ast.LabelNot{Span: lp.Labels.NodeSpan(), Expr: lp.Labels}}
}

// labelSetScans reads a scan of all nodes whose label check (the
// NodeFilter right after it) is a label expression of OR, AND and NOT
// over label names, `(n:Person|Movie)`, `(n:A&!B)`, `WHERE n:A OR n:B`
// (see labelDisjunction), as the set expression it is over the label
// sets: the scan reads the union, intersection or difference of the
// labels' node sets instead of every node, as the UNION of one label
// scan per label does (without a row per label to merge). A single
// label, or a conjunction of labels, is already a label scan (see
// labelChecks). An expression that admits about as many nodes as the
// graph holds (`:Person|Movie` where every node is one of them, `!A`
// where few nodes are A) is read as its set too: the set costs a few
// bitmap operations over the label sets, and a scan of it needs no label
// test per node (dropScannedChecks), where a scan of all nodes does.
// The check stays after the scan, so every rule that reads the scan as
// one of all nodes stays right; the estimates read the scan's rows from
// the label counts (labelExprRows) and the check as keeping them all.
func labelSetScans(b *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	if b.stats == nil {
		return ops, false
	}
	for i := 0; i+1 < len(ops); i++ {
		s, ok := ops[i].(logical.NodeScan)
		if !ok || s.Label != "" || s.Labels != nil || len(s.Prefilter) > 0 || s.Batch > 0 {
			continue
		}
		nf, ok := ops[i+1].(logical.NodeFilter)
		if !ok || nf.Var != s.Var || nf.Labels == nil {
			continue
		}
		if _, simple := ast.SimpleLabels(nf.Labels); simple {
			continue
		}
		if _, ok := b.labelExprRows(nf.Labels); !ok {
			continue
		}
		s.Labels = nf.Labels
		return replace(ops, i, 1, s), true
	}
	return ops, false
}

// labelExprRows estimates the number of nodes label expression e admits,
// from the label counts: a name its count, a disjunction the sum of its
// operands' (at most the graph), a conjunction the least, a negation the
// graph less its operand's. ok is false for an expression the label sets
// do not give (the wildcard, dynamic labels).
func (b *builder) labelExprRows(e ast.LabelExpr) (float64, bool) {
	all := b.stats.NodeCount()
	switch x := e.(type) {
	case *ast.LabelName:
		return b.stats.LabelCount(x.Name), true
	case *ast.LabelOr:
		sum := 0.0
		for _, it := range x.Items {
			n, ok := b.labelExprRows(it)
			if !ok {
				return 0, false
			}
			sum += n
		}
		// Nodes carrying two of the labels are counted once
		// (co-occurrence; inclusion-exclusion to pairs, at least the
		// largest operand).
		sum -= b.pairOverlap(x.Items)
		most := 0.0
		for _, it := range x.Items {
			n, _ := b.labelExprRows(it)
			most = math.Max(most, n)
		}
		return math.Min(math.Max(sum, most), all), true
	case *ast.LabelAnd:
		if ls, ok := ast.SimpleLabels(x); ok && len(ls) > 1 {
			// The nodes carrying them all, from their co-occurrence.
			first := b.mostSelective(ls)
			return b.stats.LabelCount(first) * b.conjunctionFraction(first, ls, nil), true
		}
		least := all
		for _, it := range x.Items {
			n, ok := b.labelExprRows(it)
			if !ok {
				return 0, false
			}
			least = math.Min(least, n)
		}
		return least, true
	case *ast.LabelNot:
		n, ok := b.labelExprRows(x.Expr)
		if !ok {
			return 0, false
		}
		return math.Max(0, all-n), true
	}
	return 0, false
}

// pairOverlap is the sum, over the pairs of items that are label names,
// of the nodes carrying both (0 where the statistics do not know).
func (b *builder) pairOverlap(items []ast.LabelExpr) float64 {
	sum := 0.0
	for i, x := range items {
		nx, ok := x.(*ast.LabelName)
		if !ok {
			continue
		}
		for _, y := range items[i+1:] {
			if ny, ok := y.(*ast.LabelName); ok && nx.Name != ny.Name {
				if n, ok := b.labelPair(nx.Name, ny.Name); ok {
					sum += n
				}
			}
		}
	}
	return sum
}

// dropScannedChecks removes, from a pipeline about to be generated, each
// label check that directly follows the scan reading exactly the nodes it
// admits: a label set scan and the check of its expression (see
// labelSetScans and scannedLabels), or a label scan and the check of that
// one label. Every node such a scan yields passes the check, so the
// check only tests labels per row; without it the scan and the filters
// after it run in batches (markVectorised), as a scan of one label does.
// The rules have run by then: none reads the pipeline again.
func dropScannedChecks(pl *logical.Pipeline) {
	for i := 0; i+1 < len(pl.Ops); i++ {
		nf, ok := pl.Ops[i+1].(logical.NodeFilter)
		if !ok {
			continue
		}
		s, ok := pl.Ops[i].(logical.NodeScan)
		if !ok || s.Var != nf.Var {
			continue
		}
		ls, simple := ast.SimpleLabels(nf.Labels)
		if !scannedLabels(pl.Ops[:i+1], nf) && !(s.Labels == nil && s.Label != "" && simple && len(ls) == 1 && ls[0] == s.Label) {
			continue
		}
		pl.Ops = append(pl.Ops[:i+1:i+1], pl.Ops[i+2:]...)
		if len(pl.Est) == len(pl.Ops)+1 {
			pl.Est = append(pl.Est[:i+1:i+1], pl.Est[i+2:]...)
		}
	}
}

// labelExprFraction is the fraction of v's rows whose node label
// expression e admits, from the label fractions (labelFraction): a
// disjunction the sum of its operands' (at most all), a conjunction the
// least, a negation the rest; the default filter selectivity for an
// expression the label sets do not give (the wildcard, dynamic labels).
func (s *selectivity) labelExprFraction(v string, e ast.LabelExpr) float64 {
	switch x := e.(type) {
	case *ast.LabelName:
		return s.labelFraction(v, x.Name)
	case *ast.LabelOr:
		sum := 0.0
		for _, it := range x.Items {
			sum += s.labelExprFraction(v, it)
		}
		return math.Min(sum, 1)
	case *ast.LabelAnd:
		least := 1.0
		for _, it := range x.Items {
			least = math.Min(least, s.labelExprFraction(v, it))
		}
		return least
	case *ast.LabelNot:
		return math.Max(0, 1-s.labelExprFraction(v, x.Expr))
	}
	return filterSelectivity
}
