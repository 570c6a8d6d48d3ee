package planner

import (
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// Vectorised filters and projections after a batched scan (see
// vm/vector.go): the expressions of the filters and projections that
// directly follow a node scan compile to vector instructions, evaluated
// once per batch of up to vm.BatchSize nodes.

// vslot is a name inside a vectorised region: the scanned node or a
// vector register.
type vslot struct {
	node bool
	reg  int32
}

// vecCtx compiles expressions to vector instructions over one batched
// scan.
type vecCtx struct {
	g       *gen
	cursor  int32
	scanVar string
	outer   *regEnv          // variables bound before the scan: the same in every lane
	vars    map[string]vslot // the scanned node and the projected names
	live    []int32          // vector registers computed so far (a filter compacts them)
}

func (g *gen) v() int32 { g.nV++; return g.nV - 1 }

// vectorisable reports whether e can be evaluated over a batch: property
// reads of the scanned node (scan), the names projected in the region,
// literals, parameters and variables bound before the scan (the same in
// every lane), combined by comparisons, boolean and arithmetic operators,
// string matches, IN, IS [NOT] NULL and calls of deterministic scalar
// functions, and CASE of those (vector_deciding.go). Anything that binds
// variables or reads the graph beyond the node's properties stays row at a
// time.
func vectorisable(e ast.Expr, scan string, region map[string]bool) bool {
	vec := func(x ast.Expr) bool { return vectorisable(x, scan, region) }
	switch x := e.(type) {
	case *ast.Literal, *ast.Parameter, *ast.Variable:
		return true
	case *ast.Index:
		return knownElement(x)
	case *ast.ListLiteral, *ast.MapLiteral:
		return invariantLiteral(e, scan, region)
	case *ast.Property:
		v, ok := x.Expr.(*ast.Variable)
		return ok && v.Name == scan
	case *ast.Comparison:
		return len(x.Ops) == 1 && vec(x.Operands[0]) && vec(x.Operands[1])
	case *ast.Binary:
		return vec(x.Left) && vec(x.Right)
	case *ast.Unary:
		return (x.Op == ast.OpNot || x.Op == ast.OpNeg) && vec(x.Expr)
	case *ast.Case:
		return vectorisableCase(x, vec)
	case *ast.IsNull:
		return vec(x.Expr)
	case *ast.StringMatch:
		return vec(x.Left) && vec(x.Right)
	case *ast.In:
		return vec(x.Expr) && vec(x.List)
	case *ast.FunctionCall:
		if x.Distinct || isAggregate(x) || strings.EqualFold(qualifiedName(x), "exists") {
			return false
		}
		f, ok := functions.Lookup(qualifiedName(x))
		if !ok || !(f.Deterministic || f.StatementStable) {
			return false
		}
		if o, err := functions.Resolve(qualifiedName(x), make([]functions.Type, len(x.Args))); err != nil || o.Impl == nil {
			return false
		}
		for _, a := range x.Args {
			if !vec(a) {
				return false
			}
		}
		return true
	}
	return false
}

// allVectorisable reports whether every one of es is vectorisable.
func allVectorisable(es []ast.Expr, scan string, region map[string]bool) bool {
	for _, e := range es {
		if !vectorisable(e, scan, region) {
			return false
		}
	}
	return true
}

// invariantLiteral reports whether e is a list or map literal of
// literals, parameters and variables bound before the scan: one value for
// every lane, built without any chance of an error.
func invariantLiteral(e ast.Expr, scan string, region map[string]bool) bool {
	switch x := e.(type) {
	case *ast.Literal, *ast.Parameter:
		return true
	case *ast.Variable:
		return !region[x.Name]
	case *ast.ListLiteral:
		for _, it := range x.Items {
			if !invariantLiteral(it, scan, region) {
				return false
			}
		}
		return true
	case *ast.MapLiteral:
		for _, en := range x.Entries {
			if !invariantLiteral(en.Value, scan, region) {
				return false
			}
		}
		return true
	}
	return false
}

// markVectorised marks the filters and projections right after each node
// scan whose expressions are all vectorisable, and sets the scan's Batch
// count. Read-only plans only (see useBatchScans).
func markVectorised(pl *logical.Pipeline) {
	for i := 0; i < len(pl.Ops); i++ {
		scan, ok := pl.Ops[i].(logical.NodeScan)
		if !ok {
			continue
		}
		region := map[string]bool{scan.Var: true}
		k := 0
	region:
		for j := i + 1; j < len(pl.Ops); j++ {
			switch o := pl.Ops[j].(type) {
			case logical.Filter:
				if o.Subst != nil || !allVectorisable(conjuncts(o.Pred), scan.Var, region) {
					break region
				}
				o.Vectorised = true
				pl.Ops[j] = o
			case logical.Project:
				if o.Subst != nil {
					break region
				}
				for _, it := range o.Items {
					if !vectorisable(it.Expr, scan.Var, region) {
						break region
					}
				}
				for _, it := range o.Items {
					region[it.Name] = true
				}
				o.Vectorised = true
				pl.Ops[j] = o
			default:
				break region
			}
			k++
		}
		scan.Batch = k
		pl.Ops[i] = scan
	}
}

// expr compiles e over the batch into a vector register.
func (vc *vecCtx) expr(e ast.Expr) (int32, error) {
	g := vc.g
	switch x := e.(type) {
	case *ast.Variable:
		if s, ok := vc.vars[x.Name]; ok {
			if s.node {
				r := g.v()
				g.emit(vm.OpVecNode, r, vc.cursor)
				return vc.keep(r), nil
			}
			return s.reg, nil
		}
		return vc.scalar(e)
	case *ast.Literal, *ast.Parameter, *ast.ListLiteral, *ast.MapLiteral:
		return vc.scalar(e)
	case *ast.Index:
		if knownElement(x) {
			return vc.scalar(e)
		}
	case *ast.Property:
		r := g.v()
		g.at(x)
		g.emit(vm.OpVecProp, r, vc.cursor, g.str(x.Key))
		return vc.keep(r), nil
	case *ast.Comparison:
		op := map[ast.CompareOp]vm.Opcode{ast.CmpEq: vm.OpEq, ast.CmpNe: vm.OpNe, ast.CmpLt: vm.OpLt, ast.CmpGt: vm.OpGt, ast.CmpLe: vm.OpLe, ast.CmpGe: vm.OpGe}[x.Ops[0]]
		return vc.binary(op, x.Operands[0], x.Operands[1], x)
	case *ast.Binary:
		if r, ok, err := vc.decidingLogic(x); ok || err != nil {
			return r, err
		}
		op := map[ast.BinaryOp]vm.Opcode{
			ast.OpOr: vm.OpOr, ast.OpXor: vm.OpXor, ast.OpAnd: vm.OpAnd, ast.OpAdd: vm.OpAdd,
			ast.OpSub: vm.OpSub, ast.OpMul: vm.OpMul, ast.OpDiv: vm.OpDiv, ast.OpMod: vm.OpMod, ast.OpPow: vm.OpPow,
		}[x.Op]
		return vc.binary(op, x.Left, x.Right, x)
	case *ast.StringMatch:
		op := map[ast.StringOp]vm.Opcode{ast.StrStartsWith: vm.OpStartsWith, ast.StrEndsWith: vm.OpEndsWith, ast.StrContains: vm.OpContains, ast.StrRegex: vm.OpRegex}[x.Op]
		return vc.binary(op, x.Left, x.Right, x)
	case *ast.In:
		return vc.binary(vm.OpIn, x.Expr, x.List, x)
	case *ast.Unary:
		op := vm.OpNot
		if x.Op == ast.OpNeg {
			op = vm.OpNeg
		}
		return vc.unary(op, x.Expr, x)
	case *ast.Case:
		return vc.caseExpr(x)
	case *ast.IsNull:
		op := vm.OpIsNull
		if x.Not {
			op = vm.OpIsNotNull
		}
		return vc.unary(op, x.Expr, x)
	case *ast.FunctionCall:
		o, err := functions.Resolve(qualifiedName(x), make([]functions.Type, len(x.Args)))
		if err != nil {
			return 0, err
		}
		args := make([]int32, len(x.Args))
		for i, a := range x.Args {
			if args[i], err = vc.expr(a); err != nil {
				return 0, err
			}
		}
		r := g.v()
		g.at(x)
		list := g.addAux(args)
		g.emit(vm.OpVecCall, r, list, int32(len(args)), g.addAux(&vm.VecSpec{Func: g.funcIndex(o), Cursor: vc.cursor}))
		return vc.keep(r), nil
	}
	return 0, fmt.Errorf("planner: %T cannot be vectorised", e)
}

// scalar evaluates a row-invariant operand (a literal, a parameter or a
// variable bound before the scan) and spreads it over the lanes.
func (vc *vecCtx) scalar(e ast.Expr) (int32, error) {
	x, err := vc.g.expr(e, vc.outer)
	if err != nil {
		return 0, err
	}
	r := vc.g.v()
	vc.g.emit(vm.OpVecBroadcast, r, x, vc.cursor)
	return vc.keep(r), nil
}

func (vc *vecCtx) binary(op vm.Opcode, l, r ast.Expr, at ast.Expr) (int32, error) {
	a, err := vc.expr(l)
	if err != nil {
		return 0, err
	}
	if vc.isScalar(r) {
		y, err := vc.g.expr(r, vc.outer)
		if err != nil {
			return 0, err
		}
		out := vc.g.v()
		vc.g.at(at)
		vc.g.emit(vm.OpVecBinaryK, out, a, y, vc.g.addAux(&vm.VecSpec{Op: op, Cursor: vc.cursor}))
		return vc.keep(out), nil
	}
	b, err := vc.expr(r)
	if err != nil {
		return 0, err
	}
	out := vc.g.v()
	vc.g.at(at)
	vc.g.emit(vm.OpVecBinary, out, a, b, vc.g.addAux(&vm.VecSpec{Op: op, Cursor: vc.cursor}))
	return vc.keep(out), nil
}

func (vc *vecCtx) unary(op vm.Opcode, x ast.Expr, at ast.Expr) (int32, error) {
	a, err := vc.expr(x)
	if err != nil {
		return 0, err
	}
	out := vc.g.v()
	vc.g.at(at)
	vc.g.emit(vm.OpVecUnary, out, a, vc.g.addAux(&vm.VecSpec{Op: op, Cursor: vc.cursor}))
	return vc.keep(out), nil
}

// isScalar reports whether e has one value for every lane: a literal, a
// parameter, a variable bound before the scan, or a literal list or map of
// those.
func (vc *vecCtx) isScalar(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Literal, *ast.Parameter:
		return true
	case *ast.Index:
		return knownElement(x)
	case *ast.Variable:
		_, inRegion := vc.vars[x.Name]
		return !inRegion
	case *ast.ListLiteral, *ast.MapLiteral:
		region := map[string]bool{}
		for k := range vc.vars {
			region[k] = true
		}
		return invariantLiteral(e, vc.scanVar, region)
	}
	return false
}

// keep records a vector register as live in the batch (compacted by later
// filters).
func (vc *vecCtx) keep(r int32) int32 {
	vc.live = append(vc.live, r)
	return r
}
