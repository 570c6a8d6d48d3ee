package functions

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/cyqdb/cyq/value"
)

// Type conversion functions.

func defineConvert() {
	def(&Func{Name: "toInteger", Category: "conversion", Deterministic: true,
		Doc: "toInteger(x) converts an integer, float (truncating toward zero), boolean (1 or 0) or string to an integer. " +
			"A string that is not a number gives null; a float outside the integer range raises ArgumentError/NumberOutOfRange; lists, maps, nodes, relationships and paths raise TypeError.",
		Examples:  []string{"toInteger(82.9) = 82", "toInteger('42') = 42", "toInteger('2.9') = 2", "toInteger('foo') = null", "toInteger(true) = 1"},
		Overloads: []Overload{ov(toIntegerImpl, Int, Any).named("x")}})
	def(&Func{Name: "toIntegerOrNull", Category: "conversion", Deterministic: true,
		Doc:       "toIntegerOrNull(x) is toInteger(x), except that it returns null instead of raising an error.",
		Examples:  []string{"toIntegerOrNull([]) = null", "toIntegerOrNull('7') = 7"},
		Overloads: []Overload{ov(orNull(toIntegerImpl), Int, Any).named("x")}})
	def(&Func{Name: "toFloat", Category: "conversion", Deterministic: true,
		Doc:       "toFloat(x) converts an integer, float or string to a float. A string that is not a number gives null; booleans, lists, maps and graph values raise TypeError.",
		Examples:  []string{"toFloat(3) = 3.0", "toFloat('5') = 5.0", "toFloat('foo') = null"},
		Overloads: []Overload{ov(toFloatImpl, Float, Any).named("x")}})
	def(&Func{Name: "toFloatOrNull", Category: "conversion", Deterministic: true,
		Doc:       "toFloatOrNull(x) is toFloat(x), except that it returns null instead of raising an error.",
		Examples:  []string{"toFloatOrNull(true) = null", "toFloatOrNull('1.5') = 1.5"},
		Overloads: []Overload{ov(orNull(toFloatImpl), Float, Any).named("x")}})
	def(&Func{Name: "toString", Category: "conversion", Deterministic: true,
		Doc:       "toString(x) converts an integer, float, boolean, string or temporal value to its string form; lists, maps and graph values raise TypeError.",
		Examples:  []string{"toString(42) = '42'", "toString(2.3) = '2.3'", "toString(1.0) = '1.0'", "toString(true) = 'true'"},
		Overloads: []Overload{ov(toStringImpl, String, Any).named("x")}})
	def(&Func{Name: "toStringOrNull", Category: "conversion", Deterministic: true,
		Doc:       "toStringOrNull(x) is toString(x), except that it returns null instead of raising an error.",
		Examples:  []string{"toStringOrNull([1]) = null"},
		Overloads: []Overload{ov(orNull(toStringImpl), String, Any).named("x")}})
	def(&Func{Name: "toBoolean", Category: "conversion", Deterministic: true,
		Doc:       "toBoolean(x) converts a boolean, a string ('true' or 'false', any case, surrounding spaces ignored; other strings give null) or an integer (0 is false, anything else true) to a boolean.",
		Examples:  []string{"toBoolean('TRUE') = true", "toBoolean('yes') = null", "toBoolean(0) = false"},
		Overloads: []Overload{ov(toBooleanImpl, Bool, Any).named("x")}})
	def(&Func{Name: "toBooleanOrNull", Category: "conversion", Deterministic: true,
		Doc:       "toBooleanOrNull(x) is toBoolean(x), except that it returns null instead of raising an error.",
		Examples:  []string{"toBooleanOrNull(1.5) = null"},
		Overloads: []Overload{ov(orNull(toBooleanImpl), Bool, Any).named("x")}})
	listConv := func(name, elem string, t Type, f Impl, example string) {
		def(&Func{Name: name, Category: "conversion", Deterministic: true,
			Doc:       name + "(list) converts every element with to" + elem + "OrNull: elements that cannot be converted become null. A null list gives null.",
			Examples:  []string{example},
			Overloads: []Overload{ov(listOf(name, orNull(f)), List(t), Union(AnyList, Vector)).named("list")}})
	}
	listConv("toIntegerList", "Integer", Int, toIntegerImpl, "toIntegerList([1, '2', 3.7, 'x', null]) = [1, 2, 3, null, null]")
	listConv("toFloatList", "Float", Float, toFloatImpl, "toFloatList([1, '2.5', true]) = [1.0, 2.5, null]")
	listConv("toStringList", "String", String, toStringImpl, "toStringList([1, 2.0, true, []]) = ['1', '2.0', 'true', null]")
	listConv("toBooleanList", "Boolean", Bool, toBooleanImpl, "toBooleanList(['true', 0, 1.5]) = [true, false, null]")
	def(&Func{Name: "valueType", Category: "scalar", Deterministic: true,
		Doc:       "valueType(x) returns the type of x as a string in openCypher type syntax, e.g. 'INTEGER NOT NULL', 'LIST<STRING NOT NULL> NOT NULL', 'NULL'.",
		Examples:  []string{"valueType(1) = 'INTEGER NOT NULL'", "valueType(null) = 'NULL'", "valueType(['a', 1]) = 'LIST<INTEGER NOT NULL | STRING NOT NULL> NOT NULL'"},
		Overloads: []Overload{ov(valueTypeImpl, String, Any).named("x")}})
}

// orNull turns conversion errors into null.
func orNull(f Impl) Impl {
	return func(ctx *Context, args []value.Value) (value.Value, error) {
		r, err := f(ctx, args)
		if err != nil {
			return value.NullValue, nil
		}
		return r, nil
	}
}

// listOf applies a one-argument Impl to every element of a list.
func listOf(name string, f Impl) Impl {
	return func(ctx *Context, args []value.Value) (value.Value, error) {
		var in value.List
		switch x := args[0].(type) {
		case nil, value.Null:
			return value.NullValue, nil
		case value.List:
			in = x
		case value.Vector:
			in = make(value.List, len(x))
			for i, e := range x {
				in[i] = value.Float(e)
			}
		default:
			return nil, argTypeErr(name, args[0], "a list")
		}
		out := make(value.List, len(in))
		var one [1]value.Value
		for i, e := range in {
			one[0] = e
			r, err := f(ctx, one[:])
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	}
}

func toIntegerImpl(_ *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Int:
		return x, nil
	case value.Float:
		return floatToInt("toInteger", float64(x))
	case value.Bool:
		if x {
			return value.Int(1), nil
		}
		return value.Int(0), nil
	case value.String:
		s := strings.TrimSpace(string(x))
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return value.Int(i), nil
		}
		f, ok := parseFloat(s)
		if !ok {
			return value.NullValue, nil
		}
		return floatToInt("toInteger", f)
	}
	return nil, argTypeErr("toInteger", args[0], "a number, boolean or string")
}

func floatToInt(fn string, f float64) (value.Value, error) {
	t := math.Trunc(f)
	if math.IsNaN(t) || t >= 9.223372036854775807e18 || t < -9.223372036854775808e18 {
		return nil, argValueErr("NumberOutOfRange", fn, "%s does not fit in an integer", value.FormatFloat(f))
	}
	return value.Int(int64(t)), nil
}

// parseFloat parses a decimal float as Java's Double.parseDouble would
// (decimal and exponent forms, NaN, Infinity); hex floats and Go-only
// spellings are rejected.
func parseFloat(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	switch strings.TrimLeft(s, "+-") {
	case "NaN":
		return math.NaN(), true
	case "Infinity":
		if strings.HasPrefix(s, "-") {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	}
	if s == "" || strings.ContainsAny(s, "_xXpPiInN") {
		return 0, false
	}
	s = strings.TrimRight(s, "dDfF")
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f, true
		}
		return 0, false
	}
	return f, true
}

func toFloatImpl(_ *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Int:
		return value.Float(x), nil
	case value.Float:
		return x, nil
	case value.String:
		f, ok := parseFloat(string(x))
		if !ok {
			return value.NullValue, nil
		}
		return value.Float(f), nil
	}
	return nil, argTypeErr("toFloat", args[0], "a number or string")
}

func toStringImpl(_ *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.String:
		return x, nil
	case value.Int:
		return value.String(strconv.FormatInt(int64(x), 10)), nil
	case value.Float:
		return value.String(value.FormatFloat(float64(x))), nil
	case value.Bool:
		return value.String(strconv.FormatBool(bool(x))), nil
	case value.Extension:
		return value.String(x.String()), nil
	}
	return nil, argTypeErr("toString", args[0], "a number, boolean, string or temporal value")
}

func toBooleanImpl(_ *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Bool:
		return x, nil
	case value.String:
		switch strings.ToLower(strings.TrimSpace(string(x))) {
		case "true":
			return value.Bool(true), nil
		case "false":
			return value.Bool(false), nil
		}
		return value.NullValue, nil
	case value.Int:
		return value.Bool(x != 0), nil
	}
	return nil, argTypeErr("toBoolean", args[0], "a boolean, string or integer")
}

func valueTypeImpl(_ *Context, args []value.Value) (value.Value, error) {
	return value.String(ValueType(args[0])), nil
}

// ValueType returns the openCypher type of v as valueType() prints it.
func ValueType(v value.Value) string {
	if isNull(v) {
		return "NULL"
	}
	return valueTypeBase(v) + " NOT NULL"
}

func valueTypeBase(v value.Value) string {
	switch x := v.(type) {
	case value.List:
		if len(x) == 0 {
			return "LIST<NOTHING>"
		}
		seen := map[string]bool{}
		hasNull := false
		for _, e := range x {
			if isNull(e) {
				hasNull = true
				continue
			}
			seen[valueTypeBase(e)] = true
		}
		var parts []string
		for s := range seen {
			parts = append(parts, s)
		}
		sort.Strings(parts)
		if len(parts) == 0 {
			return "LIST<NULL>"
		}
		if !hasNull {
			for i := range parts {
				parts[i] += " NOT NULL"
			}
		}
		return "LIST<" + strings.Join(parts, " | ") + ">"
	case value.Vector:
		return "VECTOR<FLOAT32>(" + strconv.Itoa(len(x)) + ")"
	}
	return value.TypeName(v)
}
