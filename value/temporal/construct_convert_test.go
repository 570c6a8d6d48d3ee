package temporal

import (
	"testing"

	"github.com/cyqdb/cyq/value"
)

// TestConstructFromTemporal checks the constructors' conversion of a
// temporal value, which reads it without building the map {date: x},
// {time: x} or {datetime: x}, against FromMap of that map: the same
// value or the same error, for every kind of constructor and of value
// (with and without a zone, named and offset zones, a default zone).
func TestConstructFromTemporal(t *testing.T) {
	var vals []value.Value
	for _, s := range []string{"2015-07-21", "1984-02-29"} {
		d, _ := ParseDate(s)
		vals = append(vals, d)
	}
	for _, s := range []string{"21:40:32.142", "00:00"} {
		v, _ := ParseLocalTime(s)
		vals = append(vals, v)
	}
	for _, s := range []string{"21:40:32.142+01:00", "10:00Z"} {
		v, _ := ParseTime(s)
		vals = append(vals, v)
	}
	for _, s := range []string{"2015-07-21T21:40:32.142", "2000-01-01T00:00"} {
		v, _ := ParseLocalDateTime(s)
		vals = append(vals, v)
	}
	for _, s := range []string{"2015-07-21T21:40:32.142+01:00", "2015-03-29T02:30:00[Europe/Stockholm]", "2015-07-21T21:40Z"} {
		v, err := ParseDateTime(s)
		if err != nil {
			t.Fatal(err)
		}
		vals = append(vals, v)
	}
	kinds := []value.Kind{value.KindDate, value.KindLocalTime, value.KindTime, value.KindLocalDateTime, value.KindDateTime}
	checked, failed := 0, 0
	for _, zone := range []string{"", "Europe/Paris", "+05:30"} {
		for _, k := range kinds {
			for _, v := range vals {
				p, _ := partsOf(v)
				key := "datetime"
				switch {
				case k == value.KindDate || !p.hasTime:
					key = "date"
				case k == value.KindLocalTime || k == value.KindTime || !p.hasDate:
					key = "time"
				}
				got, gotErr := Construct(k, v, Options{DefaultZone: zone})
				want, wantErr := FromMap(k, value.Map{key: v}, zone)
				checked++
				if (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() ||
					gotErr == nil && value.Equal(got, want) != value.True {
					failed++
					t.Errorf("%s(%v) in zone %q: %v, %v; FromMap {%s: x}: %v, %v", kindFunc(k), v, zone, got, gotErr, key, want, wantErr)
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d conversions differ", failed, checked)
	}
}
