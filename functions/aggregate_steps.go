package functions

import (
	"math"
	"sort"

	"github.com/cyqdb/cyq/value"
)

// The pieces of the aggregates that an engine keeping their state in its
// own columns (not one Aggregator per group) needs to give the same
// results and raise the same errors as the Aggregators.

// AggTypeError is the TypeError aggregate fn raises for an argument arg
// that is not what it takes (want, e.g. "a number").
func AggTypeError(fn string, arg value.Value, want string) error {
	return argTypeErr(fn, arg, want)
}

// AggMixError is the TypeError sum or avg (fn) raises when a and b, a
// number and a duration, meet in one group.
func AggMixError(fn string, a, b value.Value) error { return sumMixErr(fn, a, b) }

// SumOverflowError is the error sum() raises when its integer sum
// overflows.
func SumOverflowError() error { return overflowErr("sum()") }

// IsDuration reports whether v is a duration, the one extension kind sum
// and avg add.
func IsDuration(v value.Value) bool {
	_, ok := v.(Arith)
	return ok && value.KindOf(v) == value.KindDuration
}

// PercentileArg checks one row's arguments of percentileCont or
// percentileDisc (name): x a non-null number, p a number in [0, 1]. It
// returns p, or the error the aggregate raises.
func PercentileArg(name string, x, p value.Value) (float64, error) {
	f, ok := value.Number(p)
	if !ok {
		if isNull(p) {
			return 0, argValueErr("InvalidArgumentValue", name, "the percentile must not be null")
		}
		return 0, argTypeErr(name, p, "a number between 0 and 1")
	}
	if !(f >= 0 && f <= 1) {
		return 0, argValueErr("NumberOutOfRange", name, "the percentile must be between 0.0 and 1.0, was %s", value.Format(p))
	}
	if _, ok := value.Number(x); !ok {
		return 0, argTypeErr(name, x, "a number")
	}
	return f, nil
}

// Percentile returns the p-th percentile of vals (numbers, at least one),
// interpolated (cont) or the nearest value present; it sorts vals.
func Percentile(vals []value.Value, p float64, cont bool) value.Value {
	n := len(vals)
	sort.SliceStable(vals, func(i, j int) bool { return value.Order(vals[i], vals[j]) < 0 })
	if !cont {
		fi := p * float64(n)
		idx := int(fi)
		if fi == float64(idx) && idx > 0 {
			idx--
		}
		return vals[min(idx, n-1)]
	}
	if n == 1 {
		f, _ := value.Number(vals[0])
		return value.Float(f)
	}
	pos := p * float64(n-1)
	lo := int(math.Floor(pos))
	hi := int(math.Ceil(pos))
	lf, _ := value.Number(vals[lo])
	hf, _ := value.Number(vals[hi])
	if lo == hi {
		return value.Float(lf)
	}
	return value.Float(lf + (pos-float64(lo))*(hf-lf))
}
