package temporal

import (
	"github.com/cyqdb/cyq/value"
)

// Engine hooks. The query engine's functions package defines two interfaces
// that extension values implement to take part in operators and property
// access:
//
//	Arith(op ArithOp, other value.Value, left bool) (value.Value, bool, error)
//	Property(key string) (value.Value, bool)
//
// This package cannot import functions (functions imports it), so the
// methods are written against the underlying type of functions.ArithOp
// (uint8) with the same numbering; functions.ArithOp is an alias of uint8
// for exactly this reason. The operator codes below must match
// functions.OpAdd … functions.OpNeg.
const (
	arithAdd uint8 = iota
	arithSub
	arithMul
	arithDiv
	arithMod
	arithNeg
)

// arith is the shared implementation of the Arith methods: recv is the
// receiver, left says whether it is the left operand. handled is false for
// combinations the temporal types do not define (date + date, duration %
// 2, ...), so that the operator reports its usual type error.
func arith(op uint8, recv, other value.Value, left bool) (value.Value, bool, error) {
	if op != arithNeg && value.IsNull(other) {
		return value.NullValue, true, nil
	}
	_, recvDur := recv.(Duration)
	_, otherDur := other.(Duration)
	a, b := recv, other
	if !left {
		a, b = other, recv
	}
	switch op {
	case arithAdd:
		// temporal + duration, duration + temporal, duration + duration.
		if !recvDur && !otherDur {
			return nil, false, nil
		}
		if !isTemporal(other) {
			return nil, false, nil
		}
		r, err := Add(a, b)
		return r, true, err
	case arithSub:
		// temporal - duration, duration - duration.
		if _, ok := b.(Duration); !ok || !isTemporal(a) {
			return nil, false, nil
		}
		r, err := Subtract(a, b)
		return r, true, err
	case arithMul:
		// duration * number, number * duration.
		if !recvDur || !isNumber(other) {
			return nil, false, nil
		}
		r, err := Multiply(a, b)
		return r, true, err
	case arithDiv:
		// duration / number.
		if !left || !recvDur || !isNumber(other) {
			return nil, false, nil
		}
		r, err := Divide(a, b)
		return r, true, err
	case arithNeg:
		if d, ok := recv.(Duration); ok {
			return d.Negate(), true, nil
		}
	}
	return nil, false, nil
}

func isTemporal(v value.Value) bool {
	switch v.(type) {
	case Date, LocalTime, Time, LocalDateTime, DateTime, Duration:
		return true
	}
	return false
}

func isNumber(v value.Value) bool {
	switch v.(type) {
	case value.Int, value.Float:
		return true
	}
	return false
}

// Arith implements the engine's arithmetic hook (functions.Arith) for
// date ± duration.
func (d Date) Arith(op uint8, other value.Value, left bool) (value.Value, bool, error) {
	return arith(op, d, other, left)
}

// Arith implements the engine's arithmetic hook (functions.Arith) for
// local time ± duration.
func (t LocalTime) Arith(op uint8, other value.Value, left bool) (value.Value, bool, error) {
	return arith(op, t, other, left)
}

// Arith implements the engine's arithmetic hook (functions.Arith) for
// time ± duration.
func (t Time) Arith(op uint8, other value.Value, left bool) (value.Value, bool, error) {
	return arith(op, t, other, left)
}

// Arith implements the engine's arithmetic hook (functions.Arith) for
// local datetime ± duration.
func (t LocalDateTime) Arith(op uint8, other value.Value, left bool) (value.Value, bool, error) {
	return arith(op, t, other, left)
}

// Arith implements the engine's arithmetic hook (functions.Arith) for
// datetime ± duration.
func (dt DateTime) Arith(op uint8, other value.Value, left bool) (value.Value, bool, error) {
	return arith(op, dt, other, left)
}

// Arith implements the engine's arithmetic hook (functions.Arith) for
// durations: + and - with durations and other temporal values, * and /
// with numbers, and unary minus.
func (d Duration) Arith(op uint8, other value.Value, left bool) (value.Value, bool, error) {
	return arith(op, d, other, left)
}

// Property implements the engine's property hook (functions.PropertyGetter):
// d.year, t.timezone, dur.minutesOfHour and the rest of Component.
func (d Date) Property(key string) (value.Value, bool) { return Component(d, key) }

// Property implements the engine's property hook; see Component.
func (t LocalTime) Property(key string) (value.Value, bool) { return Component(t, key) }

// Property implements the engine's property hook; see Component.
func (t Time) Property(key string) (value.Value, bool) { return Component(t, key) }

// Property implements the engine's property hook; see Component.
func (t LocalDateTime) Property(key string) (value.Value, bool) { return Component(t, key) }

// Property implements the engine's property hook; see Component.
func (dt DateTime) Property(key string) (value.Value, bool) { return Component(dt, key) }

// Property implements the engine's property hook; see Component.
func (d Duration) Property(key string) (value.Value, bool) { return Component(d, key) }
