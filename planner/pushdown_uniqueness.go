package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// pushdownUniqueness moves a filter conjunct that says two relationships
// (or relationship lists) share no relationship into the expansion that
// binds the later one, as relationship uniqueness (its Distinct list):
// `r1 <> r2`, `NOT r1 = r2`, `id(r1) <> id(r2)`, `NOT r IN rs` and
// `none(x IN rs1 WHERE x IN rs2)` (or `NOT any(...)`), the way a query
// spells out across MATCH clauses what one MATCH implies. The expansion
// then checks exactly what the conjunct did, and every rule sees one form:
// `MATCH (a)-[r1]->(b) MATCH (b)-[r2]->(c) WHERE r1 <> r2` plans as
// `MATCH (a)-[r1]->(b)-[r2]->(c)`, set at a time where that is.
//
// Both variables must be bound by expansions of this pipeline (so neither
// is null) and the conjunct must reach the later expansion across
// operators that only bind other variables or filter.
//
// Every such conjunct moves in one call: a rule run between two moves
// (a semi-join taken out of the filter, say) could put an operator the
// conjunct does not cross between the filter and the expansion, and the
// spelling of a query would decide which conjuncts moved.
func pushdownUniqueness(_ *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	changed := false
	for {
		next, ok := pushdownUniquenessOnce(ops)
		if !ok {
			return ops, changed
		}
		ops, changed = next, true
	}
}

// pushdownUniquenessOnce moves one conjunct (see pushdownUniqueness).
func pushdownUniquenessOnce(ops []logical.Op) ([]logical.Op, bool) {
	for j, op := range ops {
		f, ok := op.(logical.Filter)
		if !ok || f.Subst != nil || f.Vectorised {
			continue
		}
		cs := conjuncts(f.Pred)
		for k, c := range cs {
			x, y, kind := uniquenessVars(c)
			if kind == notUnique {
				continue
			}
			next, ok := addDistinct(ops, j, x, y, kind)
			if !ok {
				continue
			}
			rest := append(append([]ast.Expr(nil), cs[:k]...), cs[k+1:]...)
			if len(rest) == 0 {
				return replace(next, j, 1), true
			}
			f.Pred = andOf(rest)
			next[j] = f
			return next, true
		}
	}
	return ops, false
}

// uniqueKind is what a uniqueness conjunct compares.
type uniqueKind uint8

const (
	notUnique     uniqueKind = iota
	relsDiffer               // x and y are relationships
	relNotInList             // x is a relationship, y a list
	listsDisjoint            // x and y are lists
)

// uniquenessVars returns the two variables of a conjunct that says they
// share no relationship, and what they must be for it to say that.
func uniquenessVars(c ast.Expr) (x, y string, kind uniqueKind) {
	switch e := c.(type) {
	case *ast.Comparison:
		if len(e.Ops) == 1 && e.Ops[0] == ast.CmpNe {
			return relPair(e.Operands[0], e.Operands[1])
		}
	case *ast.Unary:
		if e.Op != ast.OpNot {
			return "", "", notUnique
		}
		switch in := (e.Expr).(type) {
		case *ast.Comparison:
			if len(in.Ops) == 1 && in.Ops[0] == ast.CmpEq {
				return relPair(in.Operands[0], in.Operands[1])
			}
		case *ast.In:
			a, ok1 := varName(in.Expr)
			b, ok2 := varName(in.List)
			if ok1 && ok2 && a != b {
				return a, b, relNotInList
			}
		case *ast.Quantifier:
			if in.Kind == ast.QuantAny {
				return disjointLists(in)
			}
		}
	case *ast.Quantifier:
		if e.Kind == ast.QuantNone {
			return disjointLists(e)
		}
	}
	return "", "", notUnique
}

// relPair matches the operands of r1 <> r2 (or id(r1) <> id(r2), likewise
// elementId).
func relPair(l, r ast.Expr) (string, string, uniqueKind) {
	a, ok1 := relOperand(l)
	b, ok2 := relOperand(r)
	if !ok1 || !ok2 || a == b {
		return "", "", notUnique
	}
	return a, b, relsDiffer
}

func relOperand(e ast.Expr) (string, bool) {
	e = (e)
	if f, ok := e.(*ast.FunctionCall); ok {
		name := strings.ToLower(f.Name)
		if len(f.Namespace) > 0 || f.Distinct || (name != "id" && name != "elementid") {
			return "", false
		}
		return oneArg(f)
	}
	return varName(e)
}

// disjointLists matches q(x IN a WHERE x IN b), quantifier none (or the
// negated any), for list variables a and b.
func disjointLists(q *ast.Quantifier) (string, string, uniqueKind) {
	in, ok := (q.Where).(*ast.In)
	if !ok || q.Var == nil {
		return "", "", notUnique
	}
	if v, ok := varName(in.Expr); !ok || v != q.Var.Name {
		return "", "", notUnique
	}
	a, ok1 := varName(q.In)
	b, ok2 := varName(in.List)
	if !ok1 || !ok2 || a == b || a == q.Var.Name || b == q.Var.Name {
		return "", "", notUnique
	}
	return a, b, listsDisjoint
}

func varName(e ast.Expr) (string, bool) {
	v, ok := (e).(*ast.Variable)
	if !ok {
		return "", false
	}
	return v.Name, true
}

// addDistinct finds the expansions that bind x and y before the filter at
// j and returns a copy of ops in which the later one's relationships must
// differ from the earlier one's; false when the variables are not what
// kind needs (r1 <> r2 of two lists compares lists) or the conjunct
// cannot reach that expansion.
func addDistinct(ops []logical.Op, j int, x, y string, kind uniqueKind) ([]logical.Op, bool) {
	ix, listX := relBinder(ops, j, x)
	iy, listY := relBinder(ops, j, y)
	if ix < 0 || iy < 0 || ix == iy {
		return nil, false
	}
	want := map[uniqueKind][2]bool{relsDiffer: {false, false}, relNotInList: {false, true}, listsDisjoint: {true, true}}[kind]
	if listX != want[0] || listY != want[1] {
		return nil, false
	}
	earlier, later := x, iy
	if ix > iy {
		earlier, later = y, ix
	}
	for k := later + 1; k < j; k++ {
		if _, crossable := bindsVars(ops[k]); !crossable {
			return nil, false
		}
	}
	out := append([]logical.Op(nil), ops...)
	switch o := out[later].(type) {
	case logical.Expand:
		if !contains(o.Distinct, earlier) {
			o.Distinct = append(append([]string(nil), o.Distinct...), earlier)
		}
		out[later] = o
	case logical.VarExpand:
		if !contains(o.Distinct, earlier) {
			o.Distinct = append(append([]string(nil), o.Distinct...), earlier)
		}
		out[later] = o
	}
	return out, true
}

// relBinder returns the index of the expansion before j that binds name
// (a relationship, or a relationship list when list), or -1 when the
// nearest operator binding name is not such an expansion.
func relBinder(ops []logical.Op, j int, name string) (at int, list bool) {
	for k := j - 1; k >= 0; k-- {
		switch o := ops[k].(type) {
		case logical.Expand:
			if o.Rel == name {
				if o.RelBound {
					continue
				}
				return k, false
			}
		case logical.VarExpand:
			if o.RelList == name {
				if o.ListBound || o.Mode == logical.SetMode {
					return -1, false
				}
				return k, true
			}
		}
		switch o := ops[k].(type) {
		case logical.Select:
			if !contains(o.Vars, name) {
				return -1, false
			}
			continue
		case logical.Project:
			for _, it := range o.Items {
				if v, ok := varName(it.Expr); it.Name == name && (!ok || v != name) {
					return -1, false
				}
			}
			continue
		}
		if vs, crossable := bindsVars(ops[k]); !crossable || contains(vs, name) {
			return -1, false
		}
	}
	return -1, false
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
