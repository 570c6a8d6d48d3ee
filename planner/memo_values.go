package planner

import (
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/vm"
)

// Subqueries keep their values for every tuple of the values they read.
//
// The memo of memo_subqueries.go keys a subquery on the row's variables
// it names and keeps the last value: it gains where equal keys come in
// runs. A subquery that reads a node of the row only through its
// properties (`COLLECT { MATCH (p:Person) WHERE p.browserUsed =
// q.browserUsed RETURN avg(...) }` per q) is decided by those
// properties' values, which many rows share in any order: one
// computation per browser would do, where the node keys one per person.
//
// So a variable of the row that holds a node or a relationship and
// that the subquery names only as the subject of a property read
// (`q.browserUsed`, never `(q)`, `q:Label`, `id(q)`, `q` alone, `q[k]`)
// is keyed on the values of the properties it reads instead; a value
// variable of the row is keyed on its value. And when a key is a value
// (a property's or a value variable's), the value is kept for every
// tuple of keys met, found by its values (vm.ValueMemoSpec), not only
// for the last: rows sharing values in any order share the computation.
// Keys that are all entities keep the one-entry memo, whose repeats come
// in runs.
//
// Why it is exact. The body reads the keyed variable only through those
// properties (the keys over-cover it where a property read names a
// variable of the body's own of the same name), so two rows whose keys
// are the same values (value.Same: of one kind and content) compute the
// same value, with the graph, the parameters and the functions fixed as
// memoSubquery requires. A property read never fails (a null entity
// reads null), so reading the keys ahead of the body raises nothing the
// body would not; a value variable is not read, only compared. A body
// that reads every variable in scope without naming it (`WITH *`,
// `RETURN *`, `CALL (*) { }`) keys on the variables as before.

// propertyKeys returns, for each variable of vars that e names only as
// the subject of property reads, the keys it reads (sorted); nil when e
// may read the row's variables without naming them.
func propertyKeys(e ast.Expr, vars map[string]bool) map[string][]string {
	subjects := map[*ast.Variable]bool{}
	readsAll := false
	ast.Inspect(e, func(x ast.Node) bool {
		switch y := x.(type) {
		case *ast.Property:
			if v, ok := y.Expr.(*ast.Variable); ok {
				subjects[v] = true
			}
		case *ast.Projection:
			readsAll = readsAll || y.Star
		case *ast.CallSubquery:
			readsAll = readsAll || y.ScopeAll
		}
		return true
	})
	if readsAll {
		return nil
	}
	other := map[string]bool{}
	keys := map[string][]string{}
	ast.Inspect(e, func(x ast.Node) bool {
		if v, ok := x.(*ast.Variable); ok && vars[v.Name] && !subjects[v] {
			other[v.Name] = true
		}
		if p, ok := x.(*ast.Property); ok {
			if v, ok := p.Expr.(*ast.Variable); ok && vars[v.Name] && !slices.Contains(keys[v.Name], p.Key) {
				keys[v.Name] = append(keys[v.Name], p.Key)
			}
		}
		return true
	})
	for n := range other {
		delete(keys, n)
	}
	for _, ks := range keys {
		slices.Sort(ks)
	}
	return keys
}

// memoByValues emits the memo of e keyed on the values it reads (the
// properties propertyKeys finds for entity variables, the value
// variables themselves) and the remaining entity variables' ids, kept
// for every tuple met; ok is false when no key is a value, for the
// one-entry memo to take.
func (g *gen) memoByValues(e ast.Expr, env *regEnv, keys []string) (int32, bool, error) {
	entities := map[string]bool{}
	for _, k := range keys {
		if env.vars[k].kind != slotValue {
			entities[k] = true
		}
	}
	props := propertyKeys(e, entities)
	spec := &vm.ValueMemoSpec{}
	byValue := false
	for _, k := range keys {
		s := env.vars[k]
		switch {
		case s.kind == slotValue:
			spec.Keys = append(spec.Keys, s.reg)
			byValue = true
		case props[k] != nil:
			op := vm.OpNodeProp
			if s.kind == slotRel {
				op = vm.OpRelProp
			}
			for _, p := range props[k] {
				r := g.r()
				g.emit(op, r, s.reg, g.str(p))
				spec.Keys = append(spec.Keys, r)
			}
			byValue = true
		default:
			spec.IDs = append(spec.IDs, s.reg)
		}
	}
	if !byValue {
		return 0, false, nil
	}
	memo, r, done := g.addAux(spec), g.r(), g.newLabel()
	g.emitJ(vm.OpValueMemo, 2, done, memo, r)
	g.noHoist = true
	v, err := g.expr(e, env)
	g.noHoist = false
	if err != nil {
		return 0, false, err
	}
	g.emit(vm.OpMove, r, v)
	g.emit(vm.OpValueMemoPut, memo, r)
	g.bind(done)
	return r, true, nil
}
