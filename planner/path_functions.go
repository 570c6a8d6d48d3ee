package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// pathFunctions reads the functions of a named path that name one of its
// elements as that element's variable: for p = (a)-[r]->(b)-[s]->(c)
// (anonymous elements have internal names), nodes(p)[1] is b, head(nodes(p))
// is a, last(nodes(p)) and nodes(p)[-1] are c, relationships(p)[0] and
// head(relationships(p)) are r, last(relationships(p)) is s, and
// length(p), size(relationships(p)) and size(nodes(p)) are the literals 2
// and 3. A variable-length relationship in the path is a list of hops, so
// only the positions before it (counted from the start) and after it
// (counted from the end, and last()) name an element, and the length is
// not a literal. Once nothing else reads p, the path is no longer bound
// (dropUnused), and the expansions it kept row by row may run on sets:
// `MATCH p = (a)-->()-->() RETURN count(DISTINCT last(nodes(p)))` is
// planned as `MATCH (a)-->()-->(b) RETURN count(DISTINCT b)` is.
//
// The rewrite covers the filters, projections and sort keys after the
// path's PathBind up to the first aggregation (included), DISTINCT or
// change of scope (Select), where the internal names may leave scope and
// p may name another value. It follows operators, comparisons, property
// reads, indexes, function arguments, CASE, IN and the other tests (see
// rewriteExpr); not into comprehensions, quantifiers, reduce or subqueries, where a local
// variable may be called p (p then stays read, and bound, as before),
// except for the list a comprehension or reduce iterates, evaluated
// outside it: all of nodes(p) or relationships(p) there is the list of
// the pattern's variables (iterated). The
// items of a projection or sort that reads grouping keys by their text
// (Subst) are left as they are.
func (b *builder) pathFunctions(pl *logical.Pipeline) (*logical.Pipeline, bool) {
	changed := false
	for i, op := range pl.Ops {
		pb, ok := op.(logical.PathBind)
		if !ok || len(pb.Nodes) != len(pb.Rels)+1 {
			continue
		}
		r := pathElems{bind: pb}
		c, restart := b.rewriteFollowing(pl, i, slices.Concat(pb.Nodes, pb.Rels), r.expr)
		if restart {
			return pl, true
		}
		changed = changed || c
	}
	return pl, changed
}

// rewriteFollowing rewrites with rw the expressions of the filters,
// projections and sort keys after pl.Ops[i] up to the first aggregation
// (its keys and arguments included), DISTINCT, change of scope (Select)
// or projection that binds one of the names rw may write (keep) to
// another value, in place: the span where the variables bound by
// pl.Ops[i] keep their values (see pathFunctions). A filter's conjuncts that become
// true go; restart reports that a filter went (indices moved: the
// caller returns and the fixed-point loop comes back).
func (b *builder) rewriteFollowing(pl *logical.Pipeline, i int, keep []string, rw func(ast.Expr) (ast.Expr, bool)) (changed, restart bool) {
	items := func(its []logical.Item) ([]logical.Item, bool) {
		var out []logical.Item
		for k, it := range its {
			e, ok := rw(it.Expr)
			if !ok {
				continue
			}
			if out == nil {
				out = append([]logical.Item(nil), its...)
			}
			out[k].Expr = e
		}
		return out, out != nil
	}
scan:
	for j := i + 1; j < len(pl.Ops); j++ {
		switch o := pl.Ops[j].(type) {
		case logical.Filter:
			if o.Subst != nil {
				continue
			}
			if e, ok := rw(o.Pred); ok {
				var stay []ast.Expr
				for _, c := range conjuncts(e) {
					if !isBool(c, true) {
						stay = append(stay, c)
					}
				}
				changed = true
				if len(stay) == 0 {
					pl.Ops = replace(pl.Ops, j, 1)
					return true, true
				}
				o.Pred = andOf(stay)
				pl.Ops[j] = o
			}
		case logical.Project:
			if o.Subst != nil {
				continue
			}
			if its, ok := items(o.Items); ok {
				o.Items = its
				pl.Ops[j], changed = o, true
			}
			for _, it := range o.Items {
				if slices.Contains(keep, it.Name) && !projectsItself(o, it.Name) {
					break scan // the items read the old binding; what follows the new one
				}
			}
		case logical.Sort:
			if o.Subst != nil {
				continue
			}
			keys, any := append([]logical.SortKey(nil), o.Keys...), false
			for k := range keys {
				if e, ok := rw(keys[k].Expr); ok {
					keys[k].Expr, any = e, true
				}
			}
			if any {
				o.Keys = keys
				pl.Ops[j], changed = o, true
			}
		case logical.Aggregate:
			keys, kc := items(o.Keys)
			aggs, ac := append([]logical.AggCall(nil), o.Aggs...), false
			for k, a := range aggs {
				args, ok := replaceItems(a.Call.Args, rw)
				if !ok {
					continue
				}
				call := *a.Call
				call.Args = args
				if name, ref := b.aggRefs[a.Call]; ref {
					b.aggRefs[&call] = name
				}
				aggs[k].Call, ac = &call, true
			}
			if kc {
				o.Keys = keys
			}
			if ac {
				o.Aggs = aggs
			}
			if kc || ac {
				pl.Ops[j], changed = o, true
			}
			break scan
		case logical.Select, logical.Distinct:
			break scan
		}
	}
	return changed, false
}

// pathElems rewrites the functions of one bound path (see pathFunctions).
type pathElems struct {
	bind logical.PathBind
}

// expr returns e with the path's functions that name an element replaced
// (sharing the parts that hold none), and whether anything was; a
// comparison of the integer literals this leaves (a fixed path's length
// against a literal) is evaluated.
func (r pathElems) expr(e ast.Expr) (ast.Expr, bool) {
	return rewriteExpr(e, func(x ast.Expr) (ast.Expr, bool) {
		if n := r.element(x); n != nil {
			return n, true
		}
		if n, ok := r.iterated(x); ok {
			return n, true
		}
		if c, ok := x.(*ast.Comparison); ok {
			if v, ok := intComparison(c); ok {
				return &ast.Literal{Span: c.Span, Kind: ast.LitBool, Bool: v}, true
			}
		}
		return nil, false
	})
}

// element returns what e names of the path, a variable or a literal
// length, or nil when e is not such a function of it.
func (r pathElems) element(e ast.Expr) ast.Expr {
	span := e.NodeSpan()
	switch x := e.(type) {
	case *ast.FunctionCall:
		if len(x.Namespace) != 0 || x.Distinct || len(x.Args) != 1 {
			return nil
		}
		name := strings.ToLower(x.Name)
		switch name {
		case "length":
			if r.isPath(x.Args[0]) {
				return r.length(span, 0)
			}
		case "size":
			if list, ok := r.list(x.Args[0]); ok {
				return r.length(span, map[string]int{"nodes": 1, "relationships": 0}[list])
			}
		case "head", "last":
			if list, ok := r.list(x.Args[0]); ok {
				pos := 0
				if name == "last" {
					pos = -1
				}
				return r.at(span, list, pos)
			}
		}
	case *ast.Index:
		list, ok := r.list(x.Expr)
		if !ok {
			return nil
		}
		if pos, ok := intLiteral(x.Index); ok {
			return r.at(span, list, pos)
		}
	}
	return nil
}

// iterated returns e, a list comprehension or reduce, iterating over
// the list of the path's named elements where it iterates over all of
// nodes(p) or relationships(p) of a path without a variable-length
// relationship: `[n IN nodes(p) | n.id]` with p = (a)-->(b)-->(c) is
// `[n IN [a, b, c] | n.id]`, the same list of the same nodes in the same
// order, without the path built per row to take it apart. The list is
// evaluated outside the expression's own variable, so the names cannot
// be captured. (A quantifier is left to pathQuantifiers, which splits
// it into one test per element.)
func (r pathElems) iterated(e ast.Expr) (ast.Expr, bool) {
	switch x := e.(type) {
	case *ast.ListComprehension:
		if l := r.elements(x.In); l != nil {
			c := *x
			c.In = l
			return &c, true
		}
	case *ast.Reduce:
		if l := r.elements(x.In); l != nil {
			c := *x
			c.In = l
			return &c, true
		}
	}
	return nil, false
}

// elements is the list literal of the variables of the path's nodes or
// relationships when e is nodes(p) or relationships(p), p has no
// variable-length relationship and every element has a name; nil
// otherwise.
func (r pathElems) elements(e ast.Expr) ast.Expr {
	list, ok := r.list(e)
	if !ok || r.varLength() >= 0 {
		return nil
	}
	names := r.bind.Nodes
	if list == "relationships" {
		names = r.bind.Rels
	}
	span := e.NodeSpan()
	out := &ast.ListLiteral{Span: span}
	for _, n := range names {
		if n == "" {
			return nil
		}
		out.Items = append(out.Items, &ast.Variable{Span: span, Name: n})
	}
	return out
}

// isPath reports whether e is the path's variable.
func (r pathElems) isPath(e ast.Expr) bool {
	v, ok := varName(e)
	return ok && v == r.bind.Var
}

// list reads e as nodes(p) or relationships(p) and returns which.
func (r pathElems) list(e ast.Expr) (string, bool) {
	f, ok := e.(*ast.FunctionCall)
	if !ok || len(f.Namespace) != 0 || f.Distinct || len(f.Args) != 1 || !r.isPath(f.Args[0]) {
		return "", false
	}
	name := strings.ToLower(f.Name)
	return name, name == "nodes" || name == "relationships"
}

// varLength is the index in the path's relationships of its first
// variable-length relationship, -1 when it has none.
func (r pathElems) varLength() int {
	for k, l := range r.bind.Lists {
		if l {
			return k
		}
	}
	return -1
}

// length is the literal length of the path plus extra, nil when a
// variable-length relationship leaves it open.
func (r pathElems) length(span ast.Span, extra int) ast.Expr {
	if r.varLength() >= 0 {
		return nil
	}
	return &ast.Literal{Span: span, Kind: ast.LitInt, Int: int64(len(r.bind.Rels) + extra)}
}

// intComparison evaluates a comparison of integer literals (a fixed
// path's length against a literal): length(p) = 2 is true, not a filter
// left to guess a selectivity for.
func intComparison(c *ast.Comparison) (bool, bool) {
	for _, o := range c.Operands {
		if l, ok := o.(*ast.Literal); !ok || l.Kind != ast.LitInt {
			return false, false
		}
	}
	for k, op := range c.Ops {
		a, b := c.Operands[k].(*ast.Literal).Int, c.Operands[k+1].(*ast.Literal).Int
		var v bool
		switch op {
		case ast.CmpEq:
			v = a == b
		case ast.CmpNe:
			v = a != b
		case ast.CmpLt:
			v = a < b
		case ast.CmpLe:
			v = a <= b
		case ast.CmpGt:
			v = a > b
		case ast.CmpGe:
			v = a >= b
		default:
			return false, false
		}
		if !v {
			return false, true
		}
	}
	return true, true
}

// at is the element at position pos (negative from the end) of the
// path's nodes or relationships, nil when the position is out of range or
// past a variable-length relationship.
func (r pathElems) at(span ast.Span, list string, pos int) ast.Expr {
	names := r.bind.Nodes
	if list == "relationships" {
		names = r.bind.Rels
	}
	vl := r.varLength()
	k := pos
	switch {
	case pos >= 0 && (vl < 0 || pos < vl || list == "nodes" && pos == vl):
	case pos < 0 && vl < 0:
		k = len(names) + pos
	case pos < 0 && r.lastList() < len(r.bind.Rels)+pos+boolInt(list == "nodes"):
		// from the end, after the last variable-length relationship
		k = len(names) + pos
	default:
		return nil
	}
	if k < 0 || k >= len(names) || names[k] == "" {
		return nil
	}
	return &ast.Variable{Span: span, Name: names[k]}
}

// lastList is the index of the path's last variable-length relationship.
func (r pathElems) lastList() int {
	last := -1
	for k, l := range r.bind.Lists {
		if l {
			last = k
		}
	}
	return last
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// intLiteral reads e as an integer literal, a negated one included.
func intLiteral(e ast.Expr) (int, bool) {
	switch x := e.(type) {
	case *ast.Literal:
		if x.Kind == ast.LitInt && x.Int >= -1<<20 && x.Int <= 1<<20 {
			return int(x.Int), true
		}
	case *ast.Unary:
		if x.Op == ast.OpNeg {
			if n, ok := intLiteral(x.Expr); ok {
				return -n, true
			}
		}
	}
	return 0, false
}
