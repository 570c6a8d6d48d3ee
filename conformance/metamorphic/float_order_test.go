package metamorphic

import (
	"math"
	"regexp"
	"strconv"
	"testing"
)

// Floating-point sums depend on the order their terms are added in, and
// openCypher leaves free the order in which rows reach an aggregation:
// sum(o.unitPrice * o.quantity) over the same rows gives 286526.95 read
// from one end of a pattern and 286526.94999999995 read from the other.
// Every other float a plan computes (a row's arithmetic, a function of
// its values) is the same whatever the plan. So two answers of one
// question are the same when they are equal but for floats that differ by
// no more than such reordering can make them: a relative 1e-9 (the error
// of adding a million terms of one sign is below 1e-10 of their sum).
// Integers, strings and everything else must be equal.

// floatToken is a float as value.FormatFloat prints one (1.0, -0.5,
// 1.0E-5, 1.0E308; integers have no point and are not matched).
var floatToken = regexp.MustCompile(`-?[0-9]+\.[0-9]+(E-?[0-9]+)?`)

// rowsCloseUpToFloats reports whether two lists of printed rows are equal
// but for floats within the tolerance above.
func rowsCloseUpToFloats(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && !rowCloseUpToFloats(a[i], b[i]) {
			return false
		}
	}
	return true
}

// rowCloseUpToFloats is rowsCloseUpToFloats for one printed row: the same
// text between the floats, and each pair of floats close.
func rowCloseUpToFloats(a, b string) bool {
	as, bs := floatToken.FindAllStringIndex(a, -1), floatToken.FindAllStringIndex(b, -1)
	if len(as) != len(bs) {
		return false
	}
	pa, pb := 0, 0
	for k := range as {
		if a[pa:as[k][0]] != b[pb:bs[k][0]] {
			return false
		}
		x, err1 := strconv.ParseFloat(a[as[k][0]:as[k][1]], 64)
		y, err2 := strconv.ParseFloat(b[bs[k][0]:bs[k][1]], 64)
		if err1 != nil || err2 != nil || !floatsClose(x, y) {
			return false
		}
		pa, pb = as[k][1], bs[k][1]
	}
	return a[pa:] == b[pb:]
}

// floatsClose reports whether x and y differ by at most a relative 1e-9.
func floatsClose(x, y float64) bool {
	return x == y || math.Abs(x-y) <= 1e-9*math.Max(math.Abs(x), math.Abs(y))
}

func TestRowsCloseUpToFloats(t *testing.T) {
	for _, c := range []struct {
		a, b []string
		want bool
	}{
		{[]string{"286526.95"}, []string{"286526.94999999995"}, true},
		{[]string{"'Beverages' | 286526.95"}, []string{"'Beverages' | 286526.94999999995"}, true},
		{[]string{"[1.0E-5, 2.5]"}, []string{"[1.0000000000001E-5, 2.5]"}, true},
		{[]string{"286526.95"}, []string{"286526.96"}, false},
		{[]string{"286526"}, []string{"286527"}, false},
		{[]string{"'a' | 1.5"}, []string{"'b' | 1.5"}, false},
		{[]string{"1.5"}, []string{"1.5 | 2.0"}, false},
		{[]string{"1.5", "2.5"}, []string{"1.5"}, false},
		{[]string{"0.0"}, []string{"1.0E-300"}, false},
	} {
		if got := rowsCloseUpToFloats(c.a, c.b); got != c.want {
			t.Errorf("%v vs %v: %t, want %t", c.a, c.b, got, c.want)
		}
	}
}
