package planner

import (
	"context"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// typeValueParam names the parameter that stands for type(r) while a
// test of the type is computed for each type of the graph; no query can
// write the name (a parameter name has no space).
const typeValueParam = " type"

// typesByValue returns the types of the graph's type dictionary for which
// conjunct c holds, when c reads relationship r only through type(r) and
// otherwise nothing that varies: `type(r) CONTAINS 'domain'`, `type(r)
// =~ '_.*domain.*'`, `left(type(r), 3) = 'HAS'`. type(r) of a bound
// relationship is one of the dictionary's names (a query that writes
// gets no dictionary, and a cached plan is planned again when the
// dictionary grows), so the rows c keeps are those of the types for
// which it computes true; false and null drop a row as a WHERE does.
// typeSetOf reads the tests whose set it knows from their form; this
// reads the others by value, so a test of the type narrows an expansion
// however it is spelt.
//
// c must call only deterministic functions and read no variable,
// pattern or subquery but r's type (runConstant), so that its value when
// planning is its value in every run. It is computed once per type with
// no parameter but type(r)'s, so a test reading a parameter raises an
// error here and stays. When planning raises an error for any type (or
// gives anything but a boolean or null, which a WHERE would reject) c is
// left where it is, to raise that error on the rows row-at-a-time
// evaluation raises it on.
func (b *builder) typesByValue(c ast.Expr, r string) ([]string, bool) {
	reads := false
	e, _ := rewriteExpr(c, func(x ast.Expr) (ast.Expr, bool) {
		if isTypeOf(x, r) {
			reads = true
			return &ast.Parameter{Span: x.NodeSpan(), Name: typeValueParam}, true
		}
		return nil, false
	})
	if !reads {
		return nil, false
	}
	if _, ok := runConstant(e, false); !ok {
		return nil, false
	}
	types, ok := b.typeDictionary()
	if !ok {
		return nil, false
	}
	prog, err := compileTypeTest(e, b.src)
	if err != nil {
		return nil, false
	}
	var keep []string
	for _, t := range types {
		v, ok := evalTypeTest(prog, t)
		if !ok {
			return nil, false
		}
		if v {
			keep = append(keep, t)
		}
	}
	return keep, true
}

// compileTypeTest is compileRunConst, reached through a variable set
// in init: compiling a test is planning a query, whose rules call
// typesByValue.
var compileTypeTest func(e ast.Expr, src string) (*vm.Program, error)

func init() { compileTypeTest = compileRunConst }

// evalTypeTest computes the test prog (`RETURN <test>`) for type name t:
// whether it is true, and ok false when it raises an error, takes more
// than runConstSteps, or is neither a boolean nor null.
func evalTypeTest(prog *vm.Program, t string) (holds, ok bool) {
	params := map[string]value.Value{typeValueParam: value.String(t)}
	m := vm.NewMachine(context.Background(), prog, nil, nil, params, vm.Limits{MaxSteps: runConstSteps, MaxRows: 1, MaxMemory: 1 << 22})
	defer m.Recycle()
	more, err := m.Step()
	if err != nil || !more || len(m.Row()) != 1 {
		return false, false
	}
	switch v := m.Row()[0].(type) {
	case value.Bool:
		return bool(v), true
	}
	return false, value.IsNull(m.Row()[0])
}
