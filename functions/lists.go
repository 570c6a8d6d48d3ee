package functions

import (
	"unicode/utf8"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// List and general scalar functions.

// MaxRangeLen bounds the length of the list range() builds; longer ranges
// raise LimitExceeded rather than exhausting memory.
const MaxRangeLen = 1 << 24

func defineLists() {
	def(&Func{Name: "size", Category: "list", Deterministic: true,
		Doc:       "size(x) returns the number of elements of a list (or vector), or the number of code points of a string.",
		Examples:  []string{"size([1, 2, 3]) = 3", "size('Malmö') = 5", "size(null) = null"},
		Overloads: []Overload{ov(sizeImpl, Int, Union(AnyList, String, Vector)).named("x")}})
	def(&Func{Name: "length", Category: "graph", Deterministic: true,
		Doc:       "length(p) returns the number of relationships in a path. For compatibility it also returns the size of a string or list.",
		Examples:  []string{"length(p) = 2", "length('abc') = 3"},
		Overloads: []Overload{ov(lengthImpl, Int, Union(Path, String, AnyList)).named("path")}})
	def(&Func{Name: "head", Category: "list", Deterministic: true,
		Doc:       "head(list) returns the first element of a list, null for an empty list.",
		Examples:  []string{"head([1, 2, 3]) = 1", "head([]) = null"},
		Overloads: []Overload{ov(headLast(true), Any, AnyList).named("list").refine(elemOfArg0)}})
	def(&Func{Name: "last", Category: "list", Deterministic: true,
		Doc:       "last(list) returns the last element of a list, null for an empty list.",
		Examples:  []string{"last([1, 2, 3]) = 3", "last([]) = null"},
		Overloads: []Overload{ov(headLast(false), Any, AnyList).named("list").refine(elemOfArg0)}})
	def(&Func{Name: "tail", Category: "list", Deterministic: true,
		Doc:       "tail(list) returns all but the first element of a list ([] for an empty list).",
		Examples:  []string{"tail([1, 2, 3]) = [2, 3]", "tail([]) = []"},
		Overloads: []Overload{ov(tailImpl, AnyList, AnyList).named("list").refine(sameAsArg0)}})
	def(&Func{Name: "range", Category: "list", Deterministic: true,
		Doc: "range(start, end[, step]) returns the integers from start to end inclusive, step apart (step defaults to 1 and may be negative). " +
			"A zero step raises ArgumentError/NumberOutOfRange; non-integer arguments raise ArgumentError/InvalidArgumentType.",
		Examples: []string{"range(0, 3) = [0, 1, 2, 3]", "range(0, 10, 4) = [0, 4, 8]", "range(3, 0, -1) = [3, 2, 1, 0]", "range(1, 0) = []"},
		Overloads: []Overload{
			ov(rangeImpl, List(Int), Int, Int).named("start", "end"),
			ov(rangeImpl, List(Int), Int, Int, Int).named("start", "end", "step"),
		}})
	def(&Func{Name: "keys", Category: "list", Deterministic: true,
		Doc:       "keys(x) returns the property keys of a node or relationship, or the keys of a map, sorted.",
		Examples:  []string{"keys({b: 1, a: null}) = ['a', 'b']"},
		Overloads: []Overload{ov(keysImpl, List(String), Union(Map, Node, Rel)).named("x")}})
	def(&Func{Name: "coalesce", Category: "scalar", Deterministic: true,
		Doc:       "coalesce(x, ...) returns the first argument that is not null, or null when all are.",
		Examples:  []string{"coalesce(null, 2, 3) = 2", "coalesce(null) = null"},
		Overloads: []Overload{ov(coalesceImpl, Any, Any).named("expression").variadic().refine(unionOfArgs)}})
	def(&Func{Name: "isEmpty", Category: "predicate", Deterministic: true,
		Doc:       "isEmpty(x) reports whether a list, map or string is empty.",
		Examples:  []string{"isEmpty([]) = true", "isEmpty('a') = false", "isEmpty({}) = true"},
		Overloads: []Overload{ov(isEmptyImpl, Bool, Union(AnyList, Map, String)).named("x")}})
	def(&Func{Name: "nullIf", Category: "scalar", Deterministic: true,
		Doc:       "nullIf(v1, v2) returns null when v1 = v2 is true, and v1 otherwise.",
		Examples:  []string{"nullIf(4, 4) = null", "nullIf('abc', 'def') = 'abc'"},
		Overloads: []Overload{ov(nullIfImpl, Any, Any, Any).named("v1", "v2").refine(sameAsArg0)}})
}

func sizeImpl(_ *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.List:
		return value.Int(len(x)), nil
	case value.String:
		return value.Int(utf8.RuneCountInString(string(x))), nil
	case value.Vector:
		return value.Int(len(x)), nil
	}
	return nil, argTypeErr("size", args[0], "a list or a string")
}

func lengthImpl(ctx *Context, args []value.Value) (value.Value, error) {
	if p, ok := args[0].(value.Path); ok {
		return value.Int(p.Len()), nil
	}
	switch args[0].(type) {
	case nil, value.Null, value.List, value.String:
		return sizeImpl(ctx, args)
	}
	return nil, argTypeErr("length", args[0], "a path")
}

func listArg(fn string, v value.Value) (value.List, bool, error) {
	switch x := v.(type) {
	case nil, value.Null:
		return nil, false, nil
	case value.List:
		return x, true, nil
	case value.Vector:
		l := make(value.List, len(x))
		for i, f := range x {
			l[i] = value.Float(f)
		}
		return l, true, nil
	}
	return nil, false, argTypeErr(fn, v, "a list")
}

func headLast(head bool) Impl {
	name := "last"
	if head {
		name = "head"
	}
	return func(_ *Context, args []value.Value) (value.Value, error) {
		l, ok, err := listArg(name, args[0])
		if !ok || len(l) == 0 {
			return value.NullValue, err
		}
		r := l[len(l)-1]
		if head {
			r = l[0]
		}
		if r == nil {
			r = value.NullValue
		}
		return r, nil
	}
}

func tailImpl(_ *Context, args []value.Value) (value.Value, error) {
	l, ok, err := listArg("tail", args[0])
	if !ok {
		return value.NullValue, err
	}
	if len(l) == 0 {
		return value.List{}, nil
	}
	return append(value.List{}, l[1:]...), nil
}

func rangeImpl(ctx *Context, args []value.Value) (value.Value, error) {
	var n [3]int64
	n[2] = 1
	for i, a := range args {
		x, ok := a.(value.Int)
		if !ok {
			what := [...]string{"start", "end", "step"}[i]
			return nil, cyqerr.Runtimef(cyqerr.ArgumentError, "InvalidArgumentType",
				"range(): %s must be an integer, but was %s", what, value.TypeName(a))
		}
		n[i] = int64(x)
	}
	start, end, step := n[0], n[1], n[2]
	if step == 0 {
		return nil, cyqerr.Runtimef(cyqerr.ArgumentError, "NumberOutOfRange", "range(): step must not be zero")
	}
	if (step > 0 && start > end) || (step < 0 && start < end) {
		return value.List{}, nil
	}
	// Number of elements: |end-start| / |step| + 1; the unsigned difference
	// of two's complement values is exact even when end-start overflows.
	span := uint64(end) - uint64(start)
	if step < 0 {
		span = uint64(start) - uint64(end)
	}
	count := span/absU(step) + 1
	if count > MaxRangeLen {
		return nil, cyqerr.Runtimef(cyqerr.LimitExceeded, "", "range(): %d elements exceed the limit of %d", count, MaxRangeLen)
	}
	if err := ctx.Reserve(24 + 16*int64(count)); err != nil {
		return nil, err
	}
	out := make(value.List, count)
	v := start
	for i := range out {
		if i&0xffff == 0xffff {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		out[i] = value.Int(v)
		v += step
	}
	return out, nil
}

func keysImpl(ctx *Context, args []value.Value) (value.Value, error) {
	var m value.Map
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Map:
		m = x
	case value.Node, value.Rel:
		var err error
		if m, err = propsOf(ctx, x); err != nil {
			return nil, err
		}
	default:
		return nil, argTypeErr("keys", args[0], "a map, node or relationship")
	}
	keys := m.Keys()
	out := make(value.List, len(keys))
	for i, k := range keys {
		out[i] = value.String(k)
	}
	return out, nil
}

func coalesceImpl(_ *Context, args []value.Value) (value.Value, error) {
	for _, a := range args {
		if !isNull(a) {
			return a, nil
		}
	}
	return value.NullValue, nil
}

func isEmptyImpl(_ *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.List:
		return value.Bool(len(x) == 0), nil
	case value.Map:
		return value.Bool(len(x) == 0), nil
	case value.String:
		return value.Bool(len(x) == 0), nil
	case value.Vector:
		return value.Bool(len(x) == 0), nil
	}
	return nil, argTypeErr("isEmpty", args[0], "a list, map or string")
}

func nullIfImpl(_ *Context, args []value.Value) (value.Value, error) {
	if value.Equal(args[0], args[1]) == value.True {
		return value.NullValue, nil
	}
	if args[0] == nil {
		return value.NullValue, nil
	}
	return args[0], nil
}
