package functions

import (
	"math"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// Aggregator accumulates one group of an aggregating function. The engine
// creates one per group with Overload.NewAgg, calls Add once per row with
// the evaluated arguments (nulls included; aggregators skip them), and
// Result once at the end. count(*) is the engine's own and has no
// Aggregator.
type Aggregator interface {
	// Add adds one row's arguments.
	Add(args []value.Value) error
	// Result returns the aggregate of the rows added so far.
	Result() (value.Value, error)
}

// Retaining is implemented by aggregators that keep every value they are
// given (collect, the percentiles), so that the engine charges those
// values to the query's memory budget.
type Retaining interface {
	Aggregator
	Retains()
}

// Distinct wraps an aggregator so that it sees each distinct first
// argument once (equivalence as in value.AppendKey: 1 and 1.0 are one value).
// It implements count(DISTINCT x), collect(DISTINCT x) and so on; further
// arguments (the percentile) are passed through with the first occurrence.
func Distinct(inner Aggregator) Aggregator {
	return &distinctAgg{inner: inner, seen: map[string]struct{}{}}
}

var (
	_ Aggregator = (*distinctAgg)(nil)
	_ Aggregator = (*countAgg)(nil)
	_ Aggregator = (*sumAgg)(nil)
	_ Aggregator = (*avgAgg)(nil)
	_ Aggregator = (*extremeAgg)(nil)
	_ Aggregator = (*collectAgg)(nil)
	_ Aggregator = (*percentileAgg)(nil)
	_ Aggregator = (*stdevAgg)(nil)
)

type distinctAgg struct {
	inner Aggregator
	seen  map[string]struct{}
	buf   []byte
}

func (d *distinctAgg) Add(args []value.Value) error {
	if len(args) == 0 || isNull(args[0]) {
		return d.inner.Add(args)
	}
	d.buf = value.AppendKey(d.buf[:0], args[0])
	if _, dup := d.seen[string(d.buf)]; dup {
		return nil
	}
	d.seen[string(d.buf)] = struct{}{}
	return d.inner.Add(args)
}

func (d *distinctAgg) Result() (value.Value, error) { return d.inner.Result() }

func agg(newAgg func() Aggregator, result Type, params ...Type) Overload {
	return Overload{Params: params, Result: result, NewAgg: newAgg}
}

func defineAggregates() {
	def(&Func{Name: "count", Category: "aggregate", Deterministic: true, Aggregate: true,
		Doc:       "count(x) returns the number of rows where x is not null. (count(*), which counts rows, is compiled by the engine.)",
		Examples:  []string{"count(n.name) = 3", "count(DISTINCT n.name) = 2"},
		Overloads: []Overload{agg(func() Aggregator { return &countAgg{} }, Int, Any).named("expression")}})
	def(&Func{Name: "sum", Category: "aggregate", Deterministic: true, Aggregate: true,
		Doc: "sum(x) returns the sum of the non-null numbers (or durations) x: an integer when all are integers, else a float; 0 for no rows. " +
			"Integer overflow raises ArithmeticError/IntegerOverflow.",
		Examples:  []string{"sum(x) over [1, 2, null] = 3", "sum(x) over [1, 2.5] = 3.5"},
		Overloads: []Overload{agg(func() Aggregator { return &sumAgg{} }, Union(Number, Duration), Union(Number, Duration)).named("expression").refine(numericArg0)}})
	def(&Func{Name: "avg", Category: "aggregate", Deterministic: true, Aggregate: true,
		Doc:       "avg(x) returns the mean of the non-null numbers x as a float (or the mean duration); null for no rows.",
		Examples:  []string{"avg(x) over [1, 2] = 1.5"},
		Overloads: []Overload{agg(func() Aggregator { return &avgAgg{} }, Union(Float, Duration), Union(Number, Duration)).named("expression")}})
	def(&Func{Name: "min", Category: "aggregate", Deterministic: true, Aggregate: true,
		Doc:       "min(x) returns the smallest non-null x in the ORDER BY ordering (across types: maps < nodes < relationships < lists < paths < temporals < strings < booleans < numbers); null for no rows.",
		Examples:  []string{"min(x) over [1, 'a', [1, 2]] = [1, 2]"},
		Overloads: []Overload{agg(func() Aggregator { return &extremeAgg{sign: -1} }, Any, Any).named("expression").refine(sameAsArg0)}})
	def(&Func{Name: "max", Category: "aggregate", Deterministic: true, Aggregate: true,
		Doc:       "max(x) returns the largest non-null x in the ORDER BY ordering; null for no rows.",
		Examples:  []string{"max(x) over [1, 'a', [1, 2]] = 1"},
		Overloads: []Overload{agg(func() Aggregator { return &extremeAgg{sign: 1} }, Any, Any).named("expression").refine(sameAsArg0)}})
	def(&Func{Name: "collect", Category: "aggregate", Deterministic: true, Aggregate: true,
		Doc:       "collect(x) returns the list of the non-null values x, in row order; [] for no rows.",
		Examples:  []string{"collect(x) over [1, null, 2] = [1, 2]"},
		Overloads: []Overload{agg(func() Aggregator { return &collectAgg{list: value.List{}} }, AnyList, Any).named("expression").refine(listOfArg0)}})
	def(&Func{Name: "percentileCont", Category: "aggregate", Deterministic: true, Aggregate: true,
		Doc: "percentileCont(x, p) returns the p-th percentile (0 <= p <= 1) of the non-null numbers x, interpolating linearly between neighbours; null for no rows. " +
			"p outside [0, 1] raises ArgumentError/NumberOutOfRange.",
		Examples:  []string{"percentileCont(x, 0.5) over [10, 20, 30, 40] = 25.0"},
		Overloads: []Overload{agg(func() Aggregator { return &percentileAgg{name: "percentileCont", cont: true} }, Float, Number, Number).named("expression", "percentile")}})
	def(&Func{Name: "percentileDisc", Category: "aggregate", Deterministic: true, Aggregate: true,
		Doc: "percentileDisc(x, p) returns the p-th percentile (0 <= p <= 1) of the non-null numbers x, as the nearest value present (no interpolation); null for no rows. " +
			"p outside [0, 1] raises ArgumentError/NumberOutOfRange.",
		Examples:  []string{"percentileDisc(x, 0.5) over [10, 20, 30] = 20"},
		Overloads: []Overload{agg(func() Aggregator { return &percentileAgg{name: "percentileDisc"} }, Number, Number, Number).named("expression", "percentile").refine(numericArg0)}})
	def(&Func{Name: "stDev", Category: "aggregate", Deterministic: true, Aggregate: true,
		Doc:       "stDev(x) returns the sample standard deviation of the non-null numbers x (dividing by n-1); 0.0 for fewer than two rows.",
		Examples:  []string{"stDev(x) over [2, 4, 4, 4, 5, 5, 7, 9] = 2.138089935299395"},
		Overloads: []Overload{agg(func() Aggregator { return &stdevAgg{name: "stDev", sample: true} }, Float, Number).named("expression")}})
	def(&Func{Name: "stDevP", Category: "aggregate", Deterministic: true, Aggregate: true,
		Doc:       "stDevP(x) returns the population standard deviation of the non-null numbers x (dividing by n); 0.0 for no rows.",
		Examples:  []string{"stDevP(x) over [2, 4, 4, 4, 5, 5, 7, 9] = 2.0"},
		Overloads: []Overload{agg(func() Aggregator { return &stdevAgg{name: "stDevP"} }, Float, Number).named("expression")}})
}

type countAgg struct{ n int64 }

func (a *countAgg) Add(args []value.Value) error {
	if !isNull(args[0]) {
		a.n++
	}
	return nil
}

func (a *countAgg) Result() (value.Value, error) { return value.Int(a.n), nil }

// sumAgg sums integers exactly until a float arrives, then in float64;
// extension values (durations) are summed with Add.
type sumAgg struct {
	isFloat bool
	i       int64
	f       float64
	ext     value.Value
}

func (a *sumAgg) Add(args []value.Value) error {
	switch x := args[0].(type) {
	case nil, value.Null:
		return nil
	case value.Int:
		if a.ext != nil {
			return sumMixErr("sum", a.ext, x)
		}
		if a.isFloat {
			a.f += float64(x)
			return nil
		}
		s, ok := addInt(a.i, int64(x))
		if !ok {
			return overflowErr("sum()")
		}
		a.i = s
		return nil
	case value.Float:
		if a.ext != nil {
			return sumMixErr("sum", a.ext, x)
		}
		if !a.isFloat {
			a.isFloat = true
			a.f = float64(a.i)
		}
		a.f += float64(x)
		return nil
	}
	if _, ok := args[0].(Arith); ok && value.KindOf(args[0]) == value.KindDuration {
		if a.ext == nil {
			if a.isFloat || a.i != 0 {
				return sumMixErr("sum", value.Int(a.i), args[0])
			}
			a.ext = args[0]
			return nil
		}
		r, err := Add(a.ext, args[0])
		if err != nil {
			return err
		}
		a.ext = r
		return nil
	}
	return argTypeErr("sum", args[0], "a number or duration")
}

func sumMixErr(fn string, a, b value.Value) error {
	return cyqerr.Runtimef(cyqerr.TypeError, ArgTypeDetail,
		"%s() cannot combine %s and %s", fn, value.TypeName(a), value.TypeName(b))
}

func (a *sumAgg) Result() (value.Value, error) {
	switch {
	case a.ext != nil:
		return a.ext, nil
	case a.isFloat:
		return value.Float(a.f), nil
	}
	return value.Int(a.i), nil
}

// avgAgg sums integers exactly until a float arrives or the sum overflows,
// then in float64; durations are summed with Add and divided by the count.
type avgAgg struct {
	n   int64
	fl  bool
	i   int64
	f   float64
	ext value.Value
}

func (a *avgAgg) Add(args []value.Value) error {
	switch x := args[0].(type) {
	case nil, value.Null:
		return nil
	case value.Int:
		if a.ext != nil {
			return sumMixErr("avg", a.ext, x)
		}
		if a.fl {
			a.f += float64(x)
		} else if s, ok := addInt(a.i, int64(x)); ok {
			a.i = s
		} else {
			a.fl, a.f = true, float64(a.i)+float64(x)
		}
	case value.Float:
		if a.ext != nil {
			return sumMixErr("avg", a.ext, x)
		}
		if !a.fl {
			a.fl, a.f = true, float64(a.i)
		}
		a.f += float64(x)
	default:
		if _, ok := args[0].(Arith); !ok || value.KindOf(args[0]) != value.KindDuration {
			return argTypeErr("avg", args[0], "a number or duration")
		}
		if a.ext == nil {
			if a.n > 0 {
				return sumMixErr("avg", value.Int(a.i), args[0])
			}
			a.ext = args[0]
		} else {
			r, err := Add(a.ext, args[0])
			if err != nil {
				return err
			}
			a.ext = r
		}
	}
	a.n++
	return nil
}

func (a *avgAgg) Result() (value.Value, error) {
	switch {
	case a.n == 0:
		return value.NullValue, nil
	case a.ext != nil:
		return Div(a.ext, value.Int(a.n))
	case a.fl:
		return value.Float(a.f / float64(a.n)), nil
	}
	return value.Float(float64(a.i) / float64(a.n)), nil
}

type extremeAgg struct {
	sign int
	best value.Value
}

func (a *extremeAgg) Add(args []value.Value) error {
	v := args[0]
	if isNull(v) {
		return nil
	}
	if a.best == nil || value.Order(v, a.best)*a.sign > 0 {
		a.best = v
	}
	return nil
}

func (a *extremeAgg) Result() (value.Value, error) {
	if a.best == nil {
		return value.NullValue, nil
	}
	return a.best, nil
}

type collectAgg struct{ list value.List }

func (a *collectAgg) Add(args []value.Value) error {
	if !isNull(args[0]) {
		a.list = append(a.list, args[0])
	}
	return nil
}

func (a *collectAgg) Result() (value.Value, error) { return a.list, nil }

// Retains implements Retaining.
func (a *collectAgg) Retains() {}

// Retains implements Retaining.
func (a *percentileAgg) Retains() {}

type percentileAgg struct {
	name string
	cont bool
	vals []value.Value
	p    float64
}

func (a *percentileAgg) Add(args []value.Value) error {
	if isNull(args[0]) {
		return nil
	}
	p, err := PercentileArg(a.name, args[0], args[1])
	if err != nil {
		return err
	}
	a.p = p
	a.vals = append(a.vals, args[0])
	return nil
}

func (a *percentileAgg) Result() (value.Value, error) {
	if len(a.vals) == 0 {
		return value.NullValue, nil
	}
	return Percentile(a.vals, a.p, a.cont), nil
}

// stdevAgg uses Welford's online algorithm.
type stdevAgg struct {
	name   string
	sample bool
	n      int64
	mean   float64
	m2     float64
}

func (a *stdevAgg) Add(args []value.Value) error {
	if isNull(args[0]) {
		return nil
	}
	x, ok := value.Number(args[0])
	if !ok {
		return argTypeErr(a.name, args[0], "a number")
	}
	a.n++
	d := x - a.mean
	a.mean += d / float64(a.n)
	a.m2 += d * (x - a.mean)
	return nil
}

func (a *stdevAgg) Result() (value.Value, error) {
	div := float64(a.n)
	if a.sample {
		div--
	}
	if div <= 0 {
		return value.Float(0), nil
	}
	return value.Float(math.Sqrt(a.m2 / div)), nil
}
