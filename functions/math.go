package functions

import (
	"math"
	"strconv"
	"strings"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// Numeric and trigonometric functions.

func defineMath() {
	def(&Func{Name: "abs", Category: "math", Deterministic: true,
		Doc:      "abs(x) returns the absolute value of a number, of the same type (integer or float). abs of the smallest integer overflows.",
		Examples: []string{"abs(-3) = 3", "abs(-2.5) = 2.5", "abs(null) = null"},
		Overloads: []Overload{
			ov(absImpl, Number, Number).named("x").refine(numericArg0),
		}})
	def(&Func{Name: "ceil", Category: "math", Deterministic: true,
		Doc:       "ceil(x) returns the smallest integral float greater than or equal to x.",
		Examples:  []string{"ceil(0.1) = 1.0", "ceil(-0.1) = -0.0", "ceil(3) = 3.0"},
		Overloads: []Overload{ov(floatFn("ceil", math.Ceil), Float, Number).named("x")}})
	def(&Func{Name: "floor", Category: "math", Deterministic: true,
		Doc:       "floor(x) returns the largest integral float less than or equal to x.",
		Examples:  []string{"floor(0.9) = 0.0", "floor(-0.1) = -1.0"},
		Overloads: []Overload{ov(floatFn("floor", math.Floor), Float, Number).named("x")}})
	def(&Func{Name: "round", Category: "math", Deterministic: true,
		Doc: "round(x) rounds to the nearest integral float, halves toward positive infinity. " +
			"round(x, precision) rounds to precision decimal digits with halves away from zero (HALF_UP), except that round(x, 0) rounds halves toward positive infinity like round(x); " +
			"round(x, precision, mode) uses one of the rounding modes UP, DOWN, CEILING, FLOOR, HALF_UP, HALF_DOWN, HALF_EVEN, UNNECESSARY. " +
			"Rounding is decimal, on the shortest decimal form of x.",
		Examples: []string{"round(3.5) = 4.0", "round(-3.5) = -3.0", "round(3.14159, 2) = 3.14", "round(-1.5, 0) = -1.0", "round(-1.55, 1) = -1.6", "round(2.5, 0, 'HALF_EVEN') = 2.0"},
		Overloads: []Overload{
			ov(round1, Float, Number).named("x"),
			ov(roundN, Float, Number, Int).named("x", "precision"),
			ov(roundN, Float, Number, Int, String).named("x", "precision", "mode"),
		}})
	def(&Func{Name: "sign", Category: "math", Deterministic: true,
		Doc:       "sign(x) returns -1, 0 or 1 (an integer) as x is negative, zero or positive.",
		Examples:  []string{"sign(-17) = -1", "sign(0.1) = 1", "sign(0) = 0"},
		Overloads: []Overload{ov(signImpl, Int, Number).named("x")}})
	def(&Func{Name: "sqrt", Category: "math", Deterministic: true,
		Doc:       "sqrt(x) returns the square root of x as a float; NaN for negative x.",
		Examples:  []string{"sqrt(256) = 16.0", "sqrt(-1) = NaN"},
		Overloads: []Overload{ov(floatFn("sqrt", math.Sqrt), Float, Number).named("x")}})
	def(&Func{Name: "exp", Category: "math", Deterministic: true,
		Doc:       "exp(x) returns e raised to the power x.",
		Examples:  []string{"exp(0) = 1.0", "exp(1) = 2.718281828459045"},
		Overloads: []Overload{ov(floatFn("exp", math.Exp), Float, Number).named("x")}})
	def(&Func{Name: "log", Category: "math", Deterministic: true,
		Doc:       "log(x) returns the natural logarithm of x; -Infinity for 0 and NaN for negative x.",
		Examples:  []string{"log(1) = 0.0", "log(0) = -Infinity"},
		Overloads: []Overload{ov(floatFn("log", math.Log), Float, Number).named("x")}})
	def(&Func{Name: "log10", Category: "math", Deterministic: true,
		Doc:       "log10(x) returns the base-10 logarithm of x.",
		Examples:  []string{"log10(1000) = 3.0"},
		Overloads: []Overload{ov(floatFn("log10", math.Log10), Float, Number).named("x")}})
	def(&Func{Name: "e", Category: "math", Deterministic: true,
		Doc:       "e() returns Euler's number, the base of the natural logarithm.",
		Examples:  []string{"e() = 2.718281828459045"},
		Overloads: []Overload{ov(constFloat(math.E), Float)}})
	def(&Func{Name: "pi", Category: "math", Deterministic: true,
		Doc:       "pi() returns the mathematical constant pi.",
		Examples:  []string{"pi() = 3.141592653589793"},
		Overloads: []Overload{ov(constFloat(math.Pi), Float)}})
	def(&Func{Name: "rand", Category: "math", Deterministic: false,
		Doc:       "rand() returns a random float in [0, 1), uniformly distributed, from the statement's random source.",
		Examples:  []string{"rand() = 0.4183…"},
		Overloads: []Overload{ov(randImpl, Float)}})
	def(&Func{Name: "isNaN", Category: "math", Deterministic: true,
		Doc:       "isNaN(x) reports whether x is the float NaN; integers are never NaN.",
		Examples:  []string{"isNaN(0.0 / 0.0) = true", "isNaN(1) = false"},
		Overloads: []Overload{ov(isNaNImpl, Bool, Number).named("x")}})

	trig := func(name, doc string, f func(float64) float64, ex ...string) {
		def(&Func{Name: name, Category: "trigonometric", Deterministic: true, Doc: doc, Examples: ex,
			Overloads: []Overload{ov(floatFn(name, f), Float, Number).named("x")}})
	}
	trig("sin", "sin(x) returns the sine of x radians.", math.Sin, "sin(0) = 0.0")
	trig("cos", "cos(x) returns the cosine of x radians.", math.Cos, "cos(0) = 1.0")
	trig("tan", "tan(x) returns the tangent of x radians.", math.Tan, "tan(0) = 0.0")
	trig("cot", "cot(x) returns the cotangent of x radians (Infinity at 0).", func(x float64) float64 { return 1 / math.Tan(x) }, "cot(0) = Infinity")
	trig("asin", "asin(x) returns the arcsine of x in radians; NaN outside [-1, 1].", math.Asin, "asin(1) = 1.5707963267948966")
	trig("acos", "acos(x) returns the arccosine of x in radians; NaN outside [-1, 1].", math.Acos, "acos(1) = 0.0")
	trig("atan", "atan(x) returns the arctangent of x in radians.", math.Atan, "atan(1) = 0.7853981633974483")
	def(&Func{Name: "atan2", Category: "trigonometric", Deterministic: true,
		Doc:       "atan2(y, x) returns the angle in radians of the point (x, y) from the positive x axis.",
		Examples:  []string{"atan2(1, 1) = 0.7853981633974483"},
		Overloads: []Overload{ov(atan2Impl, Float, Number, Number).named("y", "x")}})
	trig("sinh", "sinh(x) returns the hyperbolic sine of x.", math.Sinh, "sinh(0) = 0.0")
	trig("cosh", "cosh(x) returns the hyperbolic cosine of x.", math.Cosh, "cosh(0) = 1.0")
	trig("tanh", "tanh(x) returns the hyperbolic tangent of x.", math.Tanh, "tanh(0) = 0.0")
	trig("coth", "coth(x) returns the hyperbolic cotangent of x (Infinity at 0).", func(x float64) float64 { return 1 / math.Tanh(x) }, "coth(1) = 1.3130352854993312")
	trig("degrees", "degrees(x) converts x radians to degrees.", func(x float64) float64 { return x * radiansToDegrees }, "degrees(pi()) = 180.0")
	trig("radians", "radians(x) converts x degrees to radians.", func(x float64) float64 { return x * degreesToRadians }, "radians(180) = 3.141592653589793")
	trig("haversin", "haversin(x) returns half the versine of x: (1 - cos(x)) / 2.", func(x float64) float64 { return (1 - math.Cos(x)) / 2 }, "haversin(0) = 0.0")
}

func constFloat(f float64) Impl {
	return func(*Context, []value.Value) (value.Value, error) { return value.Float(f), nil }
}

func randImpl(ctx *Context, _ []value.Value) (value.Value, error) {
	return value.Float(ctx.Float64()), nil
}

// floatFn lifts a float function to an Impl taking one number.
func floatFn(name string, f func(float64) float64) Impl {
	return func(_ *Context, args []value.Value) (value.Value, error) {
		v := args[0]
		if isNull(v) {
			return value.NullValue, nil
		}
		x, ok := value.Number(v)
		if !ok {
			return nil, argTypeErr(name, v, "a number")
		}
		return value.Float(f(x)), nil
	}
}

func absImpl(_ *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Int:
		if x == math.MinInt64 {
			return nil, overflowErr("abs()")
		}
		if x < 0 {
			return -x, nil
		}
		return x, nil
	case value.Float:
		return value.Float(math.Abs(float64(x))), nil
	}
	return nil, argTypeErr("abs", args[0], "a number")
}

func signImpl(_ *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Int:
		return value.Int(cmp3(int64(x), 0)), nil
	case value.Float:
		switch {
		case x > 0:
			return value.Int(1), nil
		case x < 0:
			return value.Int(-1), nil
		}
		return value.Int(0), nil
	}
	return nil, argTypeErr("sign", args[0], "a number")
}

func cmp3(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func isNaNImpl(_ *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Int:
		return value.Bool(false), nil
	case value.Float:
		return value.Bool(math.IsNaN(float64(x))), nil
	}
	return nil, argTypeErr("isNaN", args[0], "a number")
}

func atan2Impl(_ *Context, args []value.Value) (value.Value, error) {
	if isNull(args[0]) || isNull(args[1]) {
		return value.NullValue, nil
	}
	y, ok := value.Number(args[0])
	if !ok {
		return nil, argTypeErr("atan2", args[0], "a number")
	}
	x, ok := value.Number(args[1])
	if !ok {
		return nil, argTypeErr("atan2", args[1], "a number")
	}
	return value.Float(math.Atan2(y, x)), nil
}

func round1(_ *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Int:
		return value.Float(x), nil
	case value.Float:
		return value.Float(roundHalfUp(float64(x))), nil
	}
	return nil, argTypeErr("round", args[0], "a number")
}

// roundHalfUp is Java's Math.round on doubles, kept as a float: the nearest
// integer, halves toward positive infinity.
func roundHalfUp(f float64) float64 {
	if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) >= 1<<52 {
		return f
	}
	r := math.Floor(f)
	if f-r >= 0.5 {
		r++
	}
	if r == 0 && math.Signbit(f) {
		return math.Copysign(0, -1)
	}
	return r
}

// RoundingMode is a decimal rounding mode for round(x, precision, mode),
// named as java.math.RoundingMode names them.
type RoundingMode uint8

// Rounding modes.
const (
	RoundHalfUp RoundingMode = iota
	RoundHalfDown
	RoundHalfEven
	RoundUp
	RoundDown
	RoundCeiling
	RoundFloor
	RoundUnnecessary
)

var roundingModeNames = [...]string{
	RoundHalfUp: "HALF_UP", RoundHalfDown: "HALF_DOWN", RoundHalfEven: "HALF_EVEN", RoundUp: "UP",
	RoundDown: "DOWN", RoundCeiling: "CEILING", RoundFloor: "FLOOR", RoundUnnecessary: "UNNECESSARY",
}

// String returns the mode's name as round() accepts it, e.g. "HALF_UP".
func (m RoundingMode) String() string {
	if int(m) < len(roundingModeNames) {
		return roundingModeNames[m]
	}
	return "UNKNOWN"
}

var roundingModes = map[string]RoundingMode{
	"HALF_UP": RoundHalfUp, "HALF_DOWN": RoundHalfDown, "HALF_EVEN": RoundHalfEven,
	"UP": RoundUp, "DOWN": RoundDown, "CEILING": RoundCeiling, "FLOOR": RoundFloor,
	"UNNECESSARY": RoundUnnecessary,
}

func roundN(_ *Context, args []value.Value) (value.Value, error) {
	for _, a := range args {
		if isNull(a) {
			return value.NullValue, nil
		}
	}
	x, ok := value.Number(args[0])
	if !ok {
		return nil, argTypeErr("round", args[0], "a number")
	}
	p, ok := args[1].(value.Int)
	if !ok {
		return nil, argTypeErr("round", args[1], "an integer precision")
	}
	if len(args) == 2 && p == 0 {
		// Neo4j: precision 0 without a mode agrees with round(x), ties
		// toward positive infinity.
		return value.Float(roundHalfUp(x)), nil
	}
	mode := RoundHalfUp
	if len(args) > 2 {
		s, ok := args[2].(value.String)
		if !ok {
			return nil, argTypeErr("round", args[2], "a rounding mode string")
		}
		m, ok := roundingModes[strings.ToUpper(string(s))]
		if !ok {
			return nil, argValueErr("InvalidArgumentValue", "round", "unknown rounding mode %s (use one of UP, DOWN, CEILING, FLOOR, HALF_UP, HALF_DOWN, HALF_EVEN, UNNECESSARY)", value.QuoteString(string(s)))
		}
		mode = m
	}
	r, err := RoundDecimal(x, int(max(min(int64(p), 400), -400)), mode)
	if err != nil {
		return nil, err
	}
	return value.Float(r), nil
}

// RoundDecimal rounds f to precision decimal places (negative precision
// rounds to tens, hundreds, ...) using mode, on the shortest decimal
// representation of f (as Java's BigDecimal.valueOf(f).setScale does).
// RoundUnnecessary fails with ArgumentError/InvalidArgumentValue when
// rounding would change the value.
func RoundDecimal(f float64, precision int, mode RoundingMode) (float64, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) || f == 0 {
		return f, nil
	}
	neg := f < 0
	s := strconv.FormatFloat(math.Abs(f), 'e', -1, 64) // d.ddddde±XX
	mant, expS, _ := strings.Cut(s, "e")
	exp, _ := strconv.Atoi(expS)
	digits := strings.Replace(mant, ".", "", 1)
	// value = 0.digits × 10^(exp+1); keep the first k digits.
	k := exp + 1 + precision
	if k >= len(digits) {
		return f, nil
	}
	var kept, disc string
	if k <= 0 {
		disc = strings.Repeat("0", -k) + digits
	} else {
		kept, disc = digits[:k], digits[k:]
	}
	nonZero := strings.Trim(disc, "0") != ""
	half := 0 // comparison of the discarded part with one half
	switch {
	case disc[0] > '5':
		half = 1
	case disc[0] < '5':
		half = -1
	case strings.Trim(disc[1:], "0") != "":
		half = 1
	}
	lastOdd := kept != "" && (kept[len(kept)-1]-'0')%2 == 1
	inc := false
	switch mode {
	case RoundUp:
		inc = nonZero
	case RoundDown:
	case RoundCeiling:
		inc = nonZero && !neg
	case RoundFloor:
		inc = nonZero && neg
	case RoundHalfUp:
		inc = half >= 0
	case RoundHalfDown:
		inc = half > 0
	case RoundHalfEven:
		inc = half > 0 || half == 0 && lastOdd
	case RoundUnnecessary:
		if nonZero {
			return 0, cyqerr.Runtimef(cyqerr.ArgumentError, "InvalidArgumentValue", "round(): rounding necessary for mode UNNECESSARY")
		}
	}
	if kept == "" {
		kept = "0"
	}
	if inc {
		kept = incDecimal(kept)
	}
	r, err := strconv.ParseFloat(kept+"e"+strconv.Itoa(-precision), 64)
	if err != nil && !math.IsInf(r, 0) {
		return 0, cyqerr.Runtimef(cyqerr.Internal, "", "round(): %v", err)
	}
	if neg && r != 0 { // BigDecimal has no negative zero
		r = -r
	}
	return r, nil
}

// incDecimal adds one to a string of decimal digits.
func incDecimal(s string) string {
	b := []byte(s)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < '9' {
			b[i]++
			return string(b)
		}
		b[i] = '0'
	}
	return "1" + string(b)
}

// The conversion factors of degrees() and radians(): one multiplication by
// the double nearest 180/pi (pi/180), so that results agree to the last bit
// with the JVM's Math.toDegrees and Math.toRadians, which Neo4j uses.
const (
	radiansToDegrees = 57.29577951308232
	degreesToRadians = 0.017453292519943295
)
