package temporal

import (
	"math/rand"
	"testing"
)

// TestCalendarDate checks ParseDate's read of YYYY-MM-DD against the
// regular expression it skips: the same date or the same error for
// strings of that shape and near-misses (a digit replaced, a separator
// moved, a length off by one, out-of-range months and days).
func TestCalendarDate(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	alphabet := "0123456789-WQ+ T:"
	digits := func(n, max int) string {
		b := make([]byte, n)
		v := rng.Intn(max + 1)
		for i := n - 1; i >= 0; i-- {
			b[i] = byte('0' + v%10)
			v /= 10
		}
		return string(b)
	}
	gen := func() string {
		s := []byte(digits(4, 9999) + "-" + digits(2, 14) + "-" + digits(2, 32))
		switch rng.Intn(6) {
		case 0: // a character replaced
			s[rng.Intn(len(s))] = alphabet[rng.Intn(len(alphabet))]
		case 1: // one dropped
			i := rng.Intn(len(s))
			s = append(s[:i:i], s[i+1:]...)
		case 2: // one added
			i := rng.Intn(len(s) + 1)
			s = append(s[:i:i], append([]byte{alphabet[rng.Intn(len(alphabet))]}, s[i:]...)...)
		}
		return string(s)
	}
	fast, bad, n := 0, 0, 20000
	for i := 0; i < n; i++ {
		s := gen()
		got, gotErr := ParseDate(s)
		want, wantErr := parseDateRE(s)
		if _, _, _, ok := calendarDate(s); ok {
			fast++
		}
		if got != want || (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
			if bad++; bad <= 3 {
				t.Errorf("ParseDate(%q) = %v, %v; by the expression %v, %v", s, got, gotErr, want, wantErr)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d strings parsed otherwise than by the expression", bad, n)
	}
	if fast < n/4 || fast == n {
		t.Fatalf("%d of %d strings read without the expression: the generator misses one side", fast, n)
	}
}
