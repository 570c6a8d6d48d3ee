package planner

import (
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// countTypes answers `MATCH ()-[r]->() RETURN type(r), count(*)` (any
// direction but both, no labels, types or properties; count(*) or
// count(r)) from the store's per-type relationship counts instead of
// expanding every node.
func countTypes(_ *builder, ops []logical.Op, _ required) ([]logical.Op, bool) {
	if len(ops) < 4 {
		return ops, false
	}
	if _, ok := ops[0].(logical.Start); !ok {
		return ops, false
	}
	scan, ok := ops[1].(logical.NodeScan)
	if !ok || scan.Label != "" || len(scan.Prefilter) > 0 {
		return ops, false
	}
	ex, ok := ops[2].(logical.Expand)
	if !ok || ex.From != scan.Var || (ex.Dir != ast.DirRight && ex.Dir != ast.DirLeft) || len(ex.Types) > 0 || ex.ToBound || ex.RelBound || ex.Rel == "" {
		return ops, false
	}
	agg, ok := ops[3].(logical.Aggregate)
	if !ok || len(agg.Keys) != 1 || len(agg.Aggs) == 0 {
		return ops, false
	}
	fc, ok := agg.Keys[0].Expr.(*ast.FunctionCall)
	if !ok || !strings.EqualFold(qualifiedName(fc), "type") || len(fc.Args) != 1 {
		return ops, false
	}
	if v, ok := fc.Args[0].(*ast.Variable); !ok || v.Name != ex.Rel {
		return ops, false
	}
	counts := make([]string, len(agg.Aggs))
	for i, a := range agg.Aggs {
		c := a.Call
		if !strings.EqualFold(c.Name, "count") || len(c.Namespace) > 0 || c.Distinct {
			return ops, false
		}
		if !c.Star {
			v, ok := oneArg(c)
			if !ok || v != ex.Rel {
				return ops, false
			}
		}
		counts[i] = a.Name
	}
	return replace(ops, 1, 3, logical.TypeCounts{Key: agg.Keys[0].Name, Counts: counts}), true
}

// oneArg returns the variable that is a call's single argument.
func oneArg(c *ast.FunctionCall) (string, bool) {
	if len(c.Args) != 1 {
		return "", false
	}
	v, ok := c.Args[0].(*ast.Variable)
	if !ok {
		return "", false
	}
	return v.Name, true
}

// typeCounts emits the rows of a TypeCounts operator.
func (g *gen) typeCounts(o logical.TypeCounts, e *regEnv, rest func(*regEnv, label) error) error {
	if len(o.Counts) == 0 {
		return fmt.Errorf("planner: TypeCounts without a count")
	}
	key, count := g.r(), g.r()
	return g.cursorLoop(func(c int32) { g.emit(vm.OpOpenTypeCounts, c) },
		func(c int32, done label) { g.emitJ(vm.OpNextTypeCount, 3, done, c, key, count) },
		func(head label) error {
			e = e.clone()
			e.set(o.Key, slot{slotValue, key})
			for _, name := range o.Counts {
				e.set(name, slot{slotValue, count})
			}
			return rest(e, head)
		})
}
