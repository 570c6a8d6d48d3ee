package temporal

import (
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// FuzzParse checks that parsing never panics, fails only with a
// *cyqerr.Error, and that whatever parses prints to a string that parses
// back to the same value.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"2015-07-21", "2015-W30-2", "2015202", "2015-Q3-21", "+999999999-12-31",
		"21:40:32.142", "214032.142Z", "2140-02", "21:40:32+01:00:30",
		"2015-07-21T21:40:32.142+02:00[Europe/Stockholm]", "2015-W30T2140-00:00",
		"P1Y2M10DT2H30M", "PT0.5S", "P0.75M", "P-1Y-8M", "P2012-02-02T14:37:21.545", "-PT1.5H",
	} {
		f.Add(s)
	}
	kinds := Kinds
	f.Fuzz(func(t *testing.T, s string) {
		for _, k := range kinds {
			v, err := Parse(k, s, "")
			if err != nil {
				if cyqerr.As(err) == nil {
					t.Fatalf("Parse(%s, %q): error of type %T", k, s, err)
				}
				continue
			}
			str := v.(value.Extension).String()
			w, err := Parse(k, str, "")
			if err != nil {
				t.Fatalf("Parse(%s, %q) printed %q, which does not parse: %v", k, s, str, err)
			}
			if w.(value.Extension).String() != str {
				t.Fatalf("Parse(%s, %q): %q then %q", k, s, str, w.(value.Extension).String())
			}
			if _, err := DecodeBinary(k, AppendBinary(nil, v)); err != nil {
				t.Fatalf("binary round trip of %q: %v", str, err)
			}
		}
	})
}
