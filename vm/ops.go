package vm

import (
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/value"
)

// binaryOp applies an operator opcode; the value semantics live in package
// functions so that the VM, constant folding and GraphProgram share them.
func binaryOp(fc *functions.Context, op Opcode, a, b value.Value) (value.Value, error) {
	switch op {
	case OpAdd:
		return functions.Add(a, b)
	case OpSub:
		return functions.Sub(a, b)
	case OpMul:
		return functions.Mul(a, b)
	case OpDiv:
		return functions.Div(a, b)
	case OpMod:
		return functions.Mod(a, b)
	case OpPow:
		return functions.Pow(a, b)
	case OpStartsWith:
		return functions.StartsWith(a, b), nil
	case OpEndsWith:
		return functions.EndsWith(a, b), nil
	case OpContains:
		return functions.Contains(a, b), nil
	case OpRegex:
		return functions.RegexMatch(a, b)
	case OpIn:
		return functions.In(a, b)
	case OpIndex:
		return functions.Index(fc, a, b)
	}
	return nil, typeErr("unknown operator %s", op)
}

// componentOf reads a named component of an extension value (temporal
// fields such as d.year).
func componentOf(v value.Value, key string) (value.Value, bool) {
	if g, ok := v.(functions.PropertyGetter); ok {
		return g.Property(key)
	}
	return nil, false
}

// funcGraph presents a vm.Graph to function implementations by name.
type funcGraph struct{ g Graph }

func (f funcGraph) NodeLabels(id uint32) ([]string, error) {
	if !f.g.NodeExists(id) {
		return nil, deletedErr()
	}
	ids := f.g.NodeLabels(id)
	out := make([]string, len(ids))
	for i, l := range ids {
		out[i] = f.g.LabelName(l)
	}
	return out, nil
}

func (f funcGraph) NodeProps(id uint32) (value.Map, error) {
	if !f.g.NodeExists(id) {
		return nil, deletedErr()
	}
	return namedProps(f.g, f.g.NodeProps(id)), nil
}

func (f funcGraph) NodeProp(id uint32, key string) (value.Value, error) {
	if !f.g.NodeExists(id) {
		return nil, deletedErr()
	}
	k, ok := f.g.PropKeyID(key)
	if !ok {
		return value.NullValue, nil
	}
	if v, ok := f.g.NodeProp(id, k); ok {
		return v, nil
	}
	return value.NullValue, nil
}

func (f funcGraph) RelProps(id uint64) (value.Map, error) {
	if _, _, _, ok := f.g.Rel(id); !ok {
		return nil, deletedErr()
	}
	return namedProps(f.g, f.g.RelProps(id)), nil
}

func (f funcGraph) RelProp(id uint64, key string) (value.Value, error) {
	if _, _, _, ok := f.g.Rel(id); !ok {
		return nil, deletedErr()
	}
	k, ok := f.g.PropKeyID(key)
	if !ok {
		return value.NullValue, nil
	}
	if v, ok := f.g.RelProp(id, k); ok {
		return v, nil
	}
	return value.NullValue, nil
}

func namedProps(g Graph, p map[uint32]value.Value) value.Map {
	out := make(value.Map, len(p))
	for k, v := range p {
		out[g.PropKeyName(k)] = v
	}
	return out
}
