package temporal

import (
	"testing"

	"github.com/cyqdb/cyq/value"
)

func TestArithHook(t *testing.T) {
	d, _ := ParseDate("2020-01-31")
	lt, _ := ParseLocalTime("23:30")
	p1m, _ := ParseDuration("P1M")
	pt1h, _ := ParseDuration("PT1H")
	for _, c := range []struct {
		what    string
		op      uint8
		recv    value.Value
		other   value.Value
		left    bool
		handled bool
		want    string
	}{
		{"date + P1M", arithAdd, d, p1m, true, true, "2020-02-29"},
		{"P1M + date (right)", arithAdd, d, p1m, false, true, "2020-02-29"},
		{"P1M + date (left)", arithAdd, p1m, d, true, true, "2020-02-29"},
		{"localtime + PT1H", arithAdd, lt, pt1h, true, true, "00:30"},
		{"date - P1M", arithSub, d, p1m, true, true, "2019-12-31"},
		{"P1M - PT1H", arithSub, p1m, pt1h, true, true, "P1MT-1H"},
		{"PT1H * 3 (left)", arithMul, pt1h, value.Int(3), true, true, "PT3H"},
		{"3 * PT1H (right)", arithMul, pt1h, value.Int(3), false, true, "PT3H"},
		{"PT1H / 2", arithDiv, pt1h, value.Float(2), true, true, "PT30M"},
		{"-PT1H", arithNeg, pt1h, nil, true, true, "PT-1H"},
		{"date + null", arithAdd, d, value.NullValue, true, true, "null"},
		{"date + date", arithAdd, d, d, true, false, ""},
		{"date + 1", arithAdd, d, value.Int(1), true, false, ""},
		{"date - date", arithSub, d, d, true, false, ""},
		{"P1M - date", arithSub, p1m, d, true, false, ""},
		{"date * 2", arithMul, d, value.Int(2), true, false, ""},
		{"PT1H * PT1H", arithMul, pt1h, pt1h, true, false, ""},
		{"2 / PT1H (right)", arithDiv, pt1h, value.Int(2), false, false, ""},
		{"PT1H % 2", arithMod, pt1h, value.Int(2), true, false, ""},
		{"-date", arithNeg, d, nil, true, false, ""},
	} {
		h := c.recv.(interface {
			Arith(uint8, value.Value, bool) (value.Value, bool, error)
		})
		r, handled, err := h.Arith(c.op, c.other, c.left)
		if err != nil {
			t.Errorf("%s: %v", c.what, err)
			continue
		}
		if handled != c.handled {
			t.Errorf("%s: handled = %v", c.what, handled)
			continue
		}
		if !handled {
			continue
		}
		got := value.Format(r)
		if e, ok := r.(value.Extension); ok {
			got = e.String()
		}
		if got != c.want {
			t.Errorf("%s = %s, want %s", c.what, got, c.want)
		}
	}
}

func TestPropertyHook(t *testing.T) {
	for _, v := range []value.Value{Date{}, LocalTime{}, Time{}, LocalDateTime{}, DateTime{}, Duration{}} {
		p, ok := v.(interface {
			Property(string) (value.Value, bool)
		})
		if !ok {
			t.Fatalf("%T has no Property method", v)
		}
		if _, ok := p.Property("noSuchField"); ok {
			t.Errorf("%T.Property(noSuchField) ok", v)
		}
	}
	d, _ := ParseDateTime("2015-07-21T21:40:32.142+01:00")
	for key, want := range map[string]string{"year": "2015", "hour": "21", "offsetMinutes": "60", "epochMillis": "1437511232142"} {
		if r, ok := d.Property(key); !ok || value.Format(r) != want {
			t.Errorf("Property(%s) = %v, %v; want %s", key, r, ok, want)
		}
	}
}
