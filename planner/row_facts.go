package planner

import (
	"strings"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// Facts known about rows.
//
// rowFacts is a property derived for every operator of a pipeline: the
// predicates that hold on every row reaching it. It is built operator by
// operator from the first:
//
//   - a scan, seek or expansion binds its nodes and relationships, which
//     are never null in the rows after it (an expansion from a null node
//     gives no rows, so its start is not null after it either); a node
//     scan or seek binds a node, an expansion's relationship is a
//     relationship; a node seeked from the nodes of a list is in that
//     list (v IN list is true: `WITH collect(o) AS os MATCH (o)-->(p)
//     WHERE o IN os` seeks o from os, and the test goes);
//   - a seek or label scan gives only rows on which the predicates it
//     sought by are true (seekFacts), also in a pipeline that writes: a
//     write operator after the seek ends every fact (below), and the
//     builder puts an Eager between a clause that reads and a later
//     write clause (separateReadsAndWrites), so every row's seek and the
//     operators up to the write run before any row's write;
//   - a filter's conjuncts are true after it, a label check's labels hold
//     after it, and so do the labels and the test a set chain's last hop
//     checks of the chain's end node (the filters of it the chain took); from a true conjunct follow the facts it implies under
//     three-valued logic: NOT p true makes p false, a true comparison, IN,
//     string match, type or label test makes its operands (its subject)
//     non-null, x IS NOT NULL true makes x non-null, and (p) IS NULL OR
//     NOT p true (a branch of a split disjunction) makes p not true;
//   - operators that only drop or reorder rows (sort, skip, limit,
//     DISTINCT, semi-joins) keep every fact;
//   - a projection keeps the facts of the variables it does not rebind,
//     and gives those of a variable to the names it copies it to (WITH v
//     AS x): the value is the same;
//   - an operator that binds new variables next to the old ones (UNWIND,
//     OPTIONAL MATCH, a mark, a degree read, a subquery call that does
//     not write) drops the facts naming them (OPTIONAL MATCH: its
//     variables may be null), and keeps the rest (the old values are the
//     same on every row it gives);
//   - any other operator (an aggregation, a write, one this list does not
//     know) ends every fact: values may change, and rows are made anew.
//
// Only predicates that read no variable of their own (no comprehension,
// quantifier, subquery or pattern), call only deterministic functions
// and read no grouping column by its text are facts: such a predicate has
// the same value each time it is evaluated on a row.
type rowFacts struct {
	truth   map[string]fact    // predicate text -> its value on every row
	nonNull map[string]fact    // expression text -> never null on any row
	kinds   map[string]varKind // variables bound to a node or a relationship, never null
	// ends: relationships an expansion bound, by name, with the
	// expansion (its nodes, direction and types), while none of the
	// three names is bound again (a selection that drops a node name
	// keeps the entry: its nodes may be read only where in scope).
	ends map[string]logical.Expand
}

// A fact is an expression and what is known of it; vars are the
// variables it reads.
type fact struct {
	expr ast.Expr
	vars map[string]bool
	val  knownValue
}

// knownValue is what a fact says of a predicate's value.
type knownValue uint8

const (
	knownTrue    knownValue = iota
	knownFalse              // false, never null
	knownNotTrue            // false or null
)

func newRowFacts() *rowFacts {
	return &rowFacts{truth: map[string]fact{}, nonNull: map[string]fact{}, kinds: map[string]varKind{}, ends: map[string]logical.Expand{}}
}

func (f *rowFacts) clone() *rowFacts {
	c := newRowFacts()
	for k, v := range f.truth {
		c.truth[k] = v
	}
	for k, v := range f.nonNull {
		c.nonNull[k] = v
	}
	for k, v := range f.kinds {
		c.kinds[k] = v
	}
	for k, v := range f.ends {
		c.ends[k] = v
	}
	return c
}

func (f *rowFacts) clear() {
	clear(f.truth)
	clear(f.nonNull)
	clear(f.kinds)
	clear(f.ends)
}

// drop forgets every fact naming a variable of vars.
func (f *rowFacts) drop(vars ...string) {
	for _, v := range vars {
		delete(f.kinds, v)
		for r, e := range f.ends {
			if r == v || e.From == v || e.To == v {
				delete(f.ends, r)
			}
		}
		for k, x := range f.truth {
			if x.vars[v] {
				delete(f.truth, k)
			}
		}
		for k, x := range f.nonNull {
			if x.vars[v] {
				delete(f.nonNull, k)
			}
		}
	}
}

// bind records that variable v holds a node or relationship on every
// row.
func (f *rowFacts) bind(v string, k varKind) {
	if v == "" {
		return
	}
	f.kinds[v] = k
	f.setNonNull(&ast.Variable{Name: v})
}

func (f *rowFacts) setNonNull(e ast.Expr) {
	vars, ok := factVars(e)
	if !ok {
		return
	}
	f.nonNull[ast.FormatExpr(e)] = fact{expr: e, vars: vars}
}

func (f *rowFacts) set(e ast.Expr, val knownValue) {
	vars, ok := factVars(e)
	if !ok {
		return
	}
	key := ast.FormatExpr(e)
	if old, ok := f.truth[key]; ok && old.val != knownNotTrue {
		return
	}
	f.truth[key] = fact{expr: e, vars: vars, val: val}
}

// assume records that predicate e is true on every row, with what
// follows from it.
func (f *rowFacts) assume(e ast.Expr) {
	for _, c := range conjuncts(e) {
		f.assumeOne(c)
	}
}

func (f *rowFacts) assumeOne(c ast.Expr) {
	if _, ok := factVars(c); !ok {
		return
	}
	f.set(c, knownTrue)
	switch x := c.(type) {
	case *ast.Unary:
		if x.Op == ast.OpNot {
			f.refute(x.Expr)
		}
	case *ast.IsNull:
		if x.Not {
			f.setNonNull(x.Expr)
		}
	case *ast.Comparison:
		// A comparison with a null operand is null.
		for _, o := range x.Operands {
			f.setNonNull(o)
		}
	case *ast.In:
		f.setNonNull(x.Expr)
	case *ast.StringMatch:
		f.setNonNull(x.Left)
		f.setNonNull(x.Right)
	case *ast.LabelPredicate:
		f.setNonNull(x.Expr)
	case *ast.TypePredicate:
		if !x.Not && x.Type != nil && x.Type.NotNull {
			f.setNonNull(x.Expr)
		}
	case *ast.Binary:
		if p, ok := notTrueOf(x); ok {
			f.set(p, knownNotTrue)
		}
	}
}

// refute records that predicate e is false on every row.
func (f *rowFacts) refute(e ast.Expr) {
	if _, ok := factVars(e); !ok {
		return
	}
	f.set(e, knownFalse)
	switch x := e.(type) {
	case *ast.Unary:
		if x.Op == ast.OpNot {
			f.assumeOne(x.Expr)
		}
	case *ast.IsNull:
		if !x.Not {
			f.setNonNull(x.Expr)
		}
	}
}

// notTrueOf recognises (p) IS NULL OR NOT p (either order, NOT p also
// as the complementary equality): it is true exactly when p is not.
func notTrueOf(x *ast.Binary) (ast.Expr, bool) {
	if x.Op != ast.OpOr {
		return nil, false
	}
	for _, lr := range [2][2]ast.Expr{{x.Left, x.Right}, {x.Right, x.Left}} {
		n, ok := lr[0].(*ast.IsNull)
		if !ok || n.Not {
			continue
		}
		p := n.Expr
		if ast.FormatExpr(lr[1]) == ast.FormatExpr(complementOf(p)) {
			return p, true
		}
		if u, ok := lr[1].(*ast.Unary); ok && u.Op == ast.OpNot && ast.FormatExpr(u.Expr) == ast.FormatExpr(p) {
			return p, true
		}
	}
	return nil, false
}

// complementOf is NOT p, written as the complementary equality when p is
// one (= and <> are each other's negation under three-valued logic, for
// values of any types; the orderings are not, because of NaN).
func complementOf(p ast.Expr) ast.Expr {
	if c, ok := p.(*ast.Comparison); ok && len(c.Ops) == 1 {
		switch c.Ops[0] {
		case ast.CmpEq:
			n := *c
			n.Ops = []ast.CompareOp{ast.CmpNe}
			return &n
		case ast.CmpNe:
			n := *c
			n.Ops = []ast.CompareOp{ast.CmpEq}
			return &n
		}
	}
	return &ast.Unary{Op: ast.OpNot, Expr: p}
}

// factVars returns the variables e reads, and whether e can be a fact:
// it binds no variable of its own and calls only deterministic,
// non-aggregate functions.
func factVars(e ast.Expr) (map[string]bool, bool) {
	vars := map[string]bool{}
	ok := true
	rewriteExpr(e, func(x ast.Expr) (ast.Expr, bool) {
		switch y := x.(type) {
		case *ast.Variable:
			vars[y.Name] = true
		case *ast.Literal, *ast.Parameter, *ast.Property, *ast.Binary, *ast.Unary, *ast.Comparison,
			*ast.IsNull, *ast.StringMatch, *ast.In, *ast.LabelPredicate, *ast.TypePredicate,
			*ast.ListLiteral, *ast.Index, *ast.Slice, *ast.MapLiteral, *ast.Case:
		case *ast.FunctionCall:
			f, found := functions.Lookup(qualifiedName(y))
			if !found || !f.Deterministic || f.Aggregate || y.Star {
				ok = false
			}
		default:
			ok = false
		}
		return nil, false
	})
	return vars, ok
}

// substReads reports whether e may read a grouping column by its text
// (Filter.Subst, Project.Subst, Sort.Subst map the source text of the
// keys of an aggregation or DISTINCT before them to the columns holding
// them): it contains the text of a key that is not a plain name kept as
// itself. Such an expression is left as it is, and is no fact: the text
// it would be rewritten to, or renamed from, may read another column.
func substReads(e ast.Expr, s map[string]string) bool {
	if len(s) == 0 {
		return false
	}
	text := ast.FormatExpr(e)
	for k, v := range s {
		if k == v && !strings.ContainsAny(k, ".()[]{}'\"$:`") {
			continue
		}
		if strings.Contains(text, k) {
			return true
		}
	}
	return false
}

// factsBefore returns, for each operator of ops, the facts that hold on
// every row reaching it.
func factsBefore(ops []logical.Op) []*rowFacts {
	out := make([]*rowFacts, len(ops))
	f := newRowFacts()
	for i, op := range ops {
		out[i] = f.clone()
		f.after(op)
		for _, c := range seekFacts(op) {
			f.assumeOne(c)
		}
	}
	return out
}

// after updates f past op (see rowFacts).
func (f *rowFacts) after(op logical.Op) {
	switch o := op.(type) {
	case logical.Start, logical.Sort, logical.Skip, logical.Limit, logical.Distinct, logical.Eager:
	case logical.SemiJoin:
		// A semi-join deciding a plain test of its probe (see
		// node_test_sets.go) keeps the rows where it is true (Anti: not
		// true); an existence test is no fact.
		if o.Tree == nil && o.Key == "" && o.AtLeast <= 1 && o.Pred != nil {
			if _, ok := factVars(o.Pred); ok {
				if o.Anti {
					f.set(o.Pred, knownNotTrue)
				} else {
					f.assume(o.Pred)
				}
			}
		}
	case logical.NodeScan:
		f.drop(o.Var)
		f.bind(o.Var, kindNode)
	case logical.NodeIndexSeek:
		f.drop(o.Var)
		f.bind(o.Var, kindNode)
	case logical.NodeSetSeek:
		f.drop(o.Var)
		f.bind(o.Var, kindNode)
		if o.Nodes {
			// Seeked from the nodes the list holds: each is in it.
			f.set(&ast.In{Expr: &ast.Variable{Name: o.Var}, List: o.List}, knownTrue)
		}
	case logical.NodeRangeSeek:
		f.drop(o.Var)
		f.bind(o.Var, kindNode)
	case logical.Expand:
		vs, _ := bindsVars(o)
		f.drop(vs...)
		f.bind(o.From, kindNode)
		f.bind(o.To, kindNode)
		f.bind(o.Rel, kindRel)
		if o.Rel != "" && !o.RelBound {
			f.ends[o.Rel] = o
		}
	case logical.ExpandChain:
		f.drop(o.To)
		f.bind(o.From, kindNode)
		f.bind(o.To, kindNode)
		// The last hop's tests held on the node it reached, To: the
		// labels it checks and the filters of To the chain took
		// (chainPred), which read To and variables bound before the
		// chain. (A quantified chain may reach To by no hop.)
		if n := len(o.Hops); n > 0 && o.Quant == nil {
			h := o.Hops[n-1]
			if h.Labels != nil {
				f.assume(&ast.LabelPredicate{Expr: &ast.Variable{Name: o.To}, Labels: h.Labels})
			}
			if h.Pred != nil && h.Var == o.To {
				f.assume(h.Pred)
			}
		}
	case logical.VarExpand:
		vs, _ := bindsVars(o)
		f.drop(vs...)
		f.bind(o.From, kindNode)
		f.bind(o.To, kindNode)
	case logical.NodeFilter:
		if o.Labels != nil {
			f.assume(&ast.LabelPredicate{Expr: &ast.Variable{Name: o.Var}, Labels: o.Labels})
		}
	case logical.Filter:
		for _, c := range conjuncts(o.Pred) {
			if !substReads(c, o.Subst) {
				f.assumeOne(c)
			}
		}
	case logical.Project:
		f.project(o.Items, o.Subst)
	case logical.Select:
		keep := map[string]bool{}
		for _, v := range o.Vars {
			keep[v] = true
		}
		var gone []string
		for v := range f.kinds {
			if !keep[v] {
				gone = append(gone, v)
			}
		}
		for _, m := range []map[string]fact{f.truth, f.nonNull} {
			for _, x := range m {
				for v := range x.vars {
					if !keep[v] {
						gone = append(gone, v)
					}
				}
			}
		}
		ends := f.ends
		f.ends = map[string]logical.Expand{}
		f.drop(gone...)
		for r, e := range ends {
			if keep[r] {
				f.ends[r] = e // its nodes go out of scope, not bound anew
			}
		}
	case logical.Unwind:
		f.drop(o.Var)
	case logical.Optional:
		f.drop(o.NewVars...)
		for _, in := range o.Inner {
			vs, _ := bindsVars(in)
			f.drop(vs...)
		}
	case logical.Mark:
		f.drop(o.Var)
	case logical.Degree:
		f.drop(o.Into)
	case logical.CallSubquery:
		for _, c := range o.Children() {
			if writesIn(c.Ops) {
				f.clear()
				return
			}
		}
		f.drop(o.Columns...)
	default:
		f.clear()
	}
}

// project updates f past a projection of items: a name an item binds
// loses its facts, then takes those of the variable it copies.
func (f *rowFacts) project(items []logical.Item, subst map[string]string) {
	old := f.clone()
	rebound := map[string]bool{}
	for _, it := range items {
		if v, ok := it.Expr.(*ast.Variable); ok && v.Name == it.Name && !substReads(v, subst) {
			continue // WITH v: the same value
		}
		f.drop(it.Name)
		rebound[it.Name] = true
	}
	for _, it := range items {
		v, ok := it.Expr.(*ast.Variable)
		if !ok || v.Name == it.Name || substReads(v, subst) {
			continue
		}
		if k, ok := old.kinds[v.Name]; ok {
			f.kinds[it.Name] = k
		}
		for _, pair := range [][2]map[string]fact{{old.truth, f.truth}, {old.nonNull, f.nonNull}} {
			for _, x := range pair[0] {
				if !x.vars[v.Name] || readsAnyBut(x.vars, rebound, v.Name) {
					continue
				}
				e := renameFactVar(x.expr, v.Name, it.Name)
				vars, ok := factVars(e)
				if !ok {
					continue
				}
				pair[1][ast.FormatExpr(e)] = fact{expr: e, vars: vars, val: x.val}
			}
		}
	}
}

// renameFactVar is e with variable from read as to (e binds no variable of
// its own: see factVars).
func renameFactVar(e ast.Expr, from, to string) ast.Expr {
	out, _ := rewriteExpr(e, func(x ast.Expr) (ast.Expr, bool) {
		if v, ok := x.(*ast.Variable); ok && v.Name == from {
			return &ast.Variable{Span: v.Span, Name: to}, true
		}
		return nil, false
	})
	return out
}

// readsAnyBut reports whether vars holds a name of names other than but.
func readsAnyBut(vars, names map[string]bool, but string) bool {
	for v := range vars {
		if v != but && names[v] {
			return true
		}
	}
	return false
}
