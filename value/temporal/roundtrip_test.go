package temporal

import (
	"math/rand/v2"
	"testing"

	"github.com/cyqdb/cyq/value"
)

var testZones = []string{"Europe/Stockholm", "America/New_York", "Australia/Eucla", "Asia/Kolkata", "UTC", "Europe/London", "Pacific/Apia", "America/St_Johns"}

// randomValue returns a random temporal value of a random kind.
func randomValue(r *rand.Rand) value.Value {
	days := func() int64 {
		switch r.IntN(4) {
		case 0:
			return minEpochDay + r.Int64N(maxEpochDay-minEpochDay+1)
		case 1:
			return r.Int64N(4_000_000) - 2_000_000 // years -3500..7500
		}
		return r.Int64N(60_000) - 20_000 // 1915..2134
	}
	nanos := func() int64 {
		n := r.Int64N(nanosPerDay)
		switch r.IntN(5) {
		case 0:
			return n - n%(60*nanosPerSecond)
		case 1:
			return n - n%nanosPerSecond
		case 2:
			return n - n%1_000_000
		}
		return n
	}
	offset := func() int32 {
		o := int32(r.IntN(2*maxOffset+1) - maxOffset)
		if r.IntN(3) > 0 {
			o -= o % 900
		}
		return o
	}
	switch r.IntN(6) {
	case 0:
		return Date{days()}
	case 1:
		return LocalTime{nanos()}
	case 2:
		return Time{nanos(), offset()}
	case 3:
		return LocalDateTime{days(), nanos()}
	case 4:
		d := days()
		if d == minEpochDay || d == maxEpochDay {
			d = 0 // keep the instant representable in every zone
		}
		if r.IntN(2) == 0 {
			return dateTimeFromLocal(d, nanos(), fixedZone(offset()))
		}
		z, err := loadZone(testZones[r.IntN(len(testZones))])
		if err != nil {
			panic(err)
		}
		return dateTimeFromLocal(d, nanos(), z)
	}
	c := func(limit int64) int64 {
		if r.IntN(3) == 0 {
			return 0
		}
		return r.Int64N(2*limit+1) - limit
	}
	return NewDuration(c(1_000_000), c(1_000_000), c(1_000_000_000_000), c(1_000_000_000))
}

func TestRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		v := randomValue(r).(value.Extension)
		s := v.String()

		// String → Parse → String.
		p, err := Parse(v.Kind(), s, "")
		if err != nil {
			t.Fatalf("Parse(%s, %q): %v", v.Kind(), s, err)
		}
		if !p.(value.Extension).EqualSame(v) || p.(value.Extension).String() != s {
			t.Fatalf("Parse(%s, %q) = %s (%#v), want %#v", v.Kind(), s, p.(value.Extension).String(), p, v)
		}

		// AppendBinary → DecodeBinary.
		enc := AppendBinary([]byte{0xAA}, v)[1:]
		d, err := DecodeBinary(v.Kind(), enc)
		if err != nil {
			t.Fatalf("DecodeBinary(%s): %v", s, err)
		}
		if d != value.Value(v) {
			t.Fatalf("binary round trip of %s gave %s", s, d.(value.Extension).String())
		}
		// Truncated encodings are rejected, never panic.
		for n := 0; n < len(enc); n++ {
			if _, err := DecodeBinary(v.Kind(), enc[:n]); err == nil {
				t.Fatalf("DecodeBinary accepted a truncated encoding of %s", s)
			}
		}
		if _, err := DecodeBinary(v.Kind(), append(enc, 0)); err == nil {
			t.Fatalf("DecodeBinary accepted trailing bytes after %s", s)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	dt, _ := NewDateTimeInZone(Date{0}, LocalTime{0}, "Europe/Stockholm")
	enc := AppendBinary(nil, dt)
	bad := append([]byte(nil), enc...)
	copy(bad[len(bad)-len("Stockholm"):], "Xtockholm")
	if _, err := DecodeBinary(value.KindDateTime, bad); err == nil {
		t.Error("unknown zone accepted")
	}
	if _, err := DecodeBinary(value.KindString, enc); err == nil {
		t.Error("non-temporal kind accepted")
	}
	if _, err := DecodeBinary(value.KindLocalTime, AppendBinary(nil, Duration{months: 1})); err == nil {
		t.Error("out of range time accepted")
	}
}

// Equality, comparability, ordering and keys agree with each other.
func TestOrderingConsistency(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	vals := make([]value.Value, 0, 600)
	for len(vals) < 600 {
		vals = append(vals, randomValue(r))
	}
	// Add values equal by instant but not by zone, and equal values.
	a, _ := Parse(value.KindDateTime, "2015-07-21T21:40:32.142+01:00", "")
	b, _ := Parse(value.KindDateTime, "2015-07-21T20:40:32.142Z", "")
	c, _ := Parse(value.KindDateTime, "2015-07-21T22:40:32.142+02:00[Europe/Stockholm]", "")
	ta, _ := Parse(value.KindTime, "12:00+01:00", "")
	tb, _ := Parse(value.KindTime, "11:00Z", "")
	vals = append(vals, a, b, c, a, ta, tb, ta, NewDuration(0, 0, 70, 0), NewDuration(0, 0, 60, 1e9*10))
	for i, x := range vals {
		for _, y := range vals[i:] {
			if x.Kind() != y.Kind() {
				continue
			}
			ex, ey := x.(value.Extension), y.(value.Extension)
			eq := ex.EqualSame(y)
			keyEq := string(value.AppendKey(nil, x)) == string(value.AppendKey(nil, y))
			o1, o2 := ex.OrderSame(y), ey.OrderSame(x)
			if eq != keyEq || eq != (o1 == 0) || o1 != -o2 {
				t.Fatalf("%s vs %s: equal %v, key equal %v, order %d/%d", ex, ey, eq, keyEq, o1, o2)
			}
			c, ok := ex.CompareSame(y)
			if x.Kind() == value.KindDuration {
				if ok {
					t.Fatalf("durations compared: %s, %s", ex, ey)
				}
				continue
			}
			if !ok || c != o1 {
				t.Fatalf("%s vs %s: compare %d/%v, order %d", ex, ey, c, ok, o1)
			}
		}
	}
	// Instants decide before zones.
	if c, _ := a.(value.Extension).CompareSame(b); c == 0 || value.Equal(a, b) != value.False {
		t.Errorf("%s and %s: same instant, different zones must differ", a, b)
	}
	if c, _ := value.Compare(ta, tb); c == 0 {
		t.Errorf("%s and %s must not be equal", ta, tb)
	}
	later, _ := Parse(value.KindDateTime, "2015-07-21T21:40:32.143+01:00", "")
	earlierLocalLater, _ := Parse(value.KindDateTime, "2015-07-21T21:50:00+02:00", "")
	if c, _ := value.Compare(earlierLocalLater, later); c >= 0 {
		t.Errorf("datetimes must compare by instant")
	}
	t1, _ := Parse(value.KindTime, "12:35:15+05:00", "")
	t2, _ := Parse(value.KindTime, "12:30:14.645876123+01:01", "")
	if c, _ := value.Compare(t1, t2); c >= 0 {
		t.Errorf("times must compare by UTC time of day")
	}
	if _, ok := value.Compare(NewDuration(1, 0, 0, 0), NewDuration(0, 40, 0, 0)); ok {
		t.Errorf("durations must not be comparable")
	}
	if value.Equal(NewDuration(0, 0, 70, 0), NewDuration(0, 0, 60, 10e9)) != value.True {
		t.Errorf("PT70S must equal PT1M10S")
	}
	if value.Equal(NewDuration(0, 1, 0, 0), NewDuration(0, 0, 86400, 0)) != value.False {
		t.Errorf("P1D must not equal PT24H")
	}
}

func TestNow(t *testing.T) {
	cases := []struct {
		kind value.Kind
		zone string
		want string
	}{
		{value.KindDate, "", "2024-05-17"},
		{value.KindLocalTime, "", "10:20:30.123456789"},
		{value.KindTime, "", "10:20:30.123456789Z"},
		{value.KindLocalDateTime, "Asia/Tokyo", "2024-05-17T19:20:30.123456789"},
		{value.KindDateTime, "Europe/Stockholm", "2024-05-17T12:20:30.123456789+02:00[Europe/Stockholm]"},
		{value.KindTime, "-05:00", "05:20:30.123456789-05:00"},
	}
	for _, c := range cases {
		v, err := Now(c.kind, testClock, c.zone)
		if err != nil {
			t.Fatal(err)
		}
		if got := v.(value.Extension).String(); got != c.want {
			t.Errorf("Now(%s, %q) = %s, want %s", c.kind, c.zone, got, c.want)
		}
	}
	v, err := Construct(value.KindDate, value.Map{"timezone": value.String("Pacific/Kiritimati")}, Options{Clock: testClock})
	if err != nil || v.(value.Extension).String() != "2024-05-18" {
		t.Errorf("date({timezone: 'Pacific/Kiritimati'}) = %v, %v", v, err)
	}
	if _, err := Now(value.KindDuration, testClock, ""); err == nil {
		t.Error("Now(duration) accepted")
	}
	if _, err := Now(value.KindDate, testClock, "Bad/Zone"); err == nil {
		t.Error("bad zone accepted")
	}
}
