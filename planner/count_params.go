package planner

import (
	"math"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/value"
)

// countConstant returns the value of a count a plan may take as its own
// (a LIMIT's or a SKIP's, a bound of a list slice, an index): an integer
// literal, or a parameter (a run constant among them, `LIMIT $k + 1`)
// whose value, known when planning (Options.Params), is an integer. The
// plan then holds for that value alone: the dependency DepExact makes
// any other value a class of its own, so a plan cache plans again for
// it, and a plan made without the values (EXPLAIN with none, a compiled
// statement) does not read the parameter as a count at all.
func (b *builder) countConstant(e ast.Expr) (int, bool) {
	if n, ok := intLiteral(e); ok {
		return n, true
	}
	p, ok := e.(*ast.Parameter)
	if !ok || b.params == nil {
		return 0, false
	}
	v, ok := b.params.params[p.Name]
	if !ok {
		return 0, false
	}
	n, ok := v.(value.Int)
	if !ok || n < 0 || n > math.MaxInt32 {
		return 0, false
	}
	b.params.add(ParamDep{Name: p.Name, Kind: DepExact})
	return int(n), true
}
