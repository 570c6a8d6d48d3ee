package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/value"
)

// Parameters read as the list of an IN.
//
// `x IN $p` raises a type error on every row it is evaluated on when $p
// is neither a list nor null. The rules that move or drop a test ahead of
// others (seeks by the list, pushdowns, the order of a filter's
// conjuncts: see neverFails and deciding_operands.go) count `x IN $p` as
// a test that cannot fail, which holds only for such values: a seek by
// an integer finds no node where the written test raises its error.
//
// So a plan relies on the kind of each such parameter's value, which its
// class records (DepKind): a run whose value is of another kind plans
// again. When the run's value is not a list nor null, `x IN $p` is a test
// that may fail (failingList): no seek is made by it, no filter moves
// ahead of it, and a filter tests it after the conjuncts that cannot
// fail, in its written place among the others. It then raises its error
// on the rows the written query evaluates it on, and on none where no row
// reaches it. (The same rule names a run-constant expression as a
// parameter only when it evaluates without error: see runConstants and
// constList.)

// inLists records the kind of the value of every parameter read as the
// list of an IN in st (DepKind), and which are neither lists nor null.
func (r *paramRecorder) inLists(st *ast.Statement) {
	ast.Inspect(st, func(n ast.Node) bool {
		in, isIn := n.(*ast.In)
		if !isIn {
			return true
		}
		p, isParam := in.List.(*ast.Parameter)
		if !isParam {
			return true
		}
		v, has := r.params[p.Name]
		if !has {
			return true // a run without it fails before it starts
		}
		r.add(ParamDep{Name: p.Name, Kind: DepKind})
		switch v.(type) {
		case value.List, value.Null, nil:
		default:
			if r.badLists == nil {
				r.badLists = map[string]bool{}
			}
			r.badLists[p.Name] = true
		}
		return true
	})
}

// failingList reports whether e is a parameter read as an IN list whose
// value is neither a list nor null (see inLists).
func (b *builder) failingList(e ast.Expr) bool {
	p, ok := e.(*ast.Parameter)
	return ok && b.params != nil && b.params.badLists[p.Name]
}

// readsFailingList reports whether e has an IN over such a parameter.
func (b *builder) readsFailingList(e ast.Expr) bool {
	if b.params == nil || len(b.params.badLists) == 0 {
		return false
	}
	found := false
	visitExpr(e, func(x ast.Expr) bool {
		if in, ok := x.(*ast.In); ok && b.failingList(in.List) {
			found = true
		}
		return !found
	})
	return found
}

// seekList reports whether e may be the list a seek takes the values of
// (NodeSetSeek): a list literal, or a parameter whose value is a list or
// null (a run-constant expression is named as one only then: see
// constList). Any other expression (an element of a parameter, `$p[0]`,
// or a variable) may hold another value, on which the written IN raises
// a type error where a seek would find no node.
func (b *builder) seekList(e ast.Expr) bool {
	switch e.(type) {
	case *ast.ListLiteral:
		return true
	case *ast.Parameter:
		return !b.failingList(e)
	}
	return false
}
