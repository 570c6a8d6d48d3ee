package graphprogram

import (
	"testing"
)

// FuzzGraphProgram feeds arbitrary bytes to the decoder and the validator
// (with the parse-only Cypher checker). It checks that nothing panics, that
// every issue names a known rule with a known severity, that a valid
// program's canonical form decodes to the same program (same hash) and
// validates again.
func FuzzGraphProgram(f *testing.F) {
	for _, c := range ruleCases {
		f.Add([]byte(c.bad))
		f.Add([]byte(c.good))
	}
	for _, c := range varLengthCases {
		f.Add([]byte(prog(stmt("+", c.bad))))
	}
	f.Add([]byte(prog(cond(`{"test": "has_ontology", "ontology": "x"}`, []string{ok}, []string{api("/vocabulary/status", nil)}))))
	f.Add([]byte(`{"version": 1.0, "statements": [{"op": "!", "operation": {"type": "cypher", "query": "RETURN 1", "limit": 3}, "label": "x"}]}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, rep := Check(data, Options{})
		for _, list := range [][]Issue{rep.Errors, rep.Warnings} {
			for _, i := range list {
				if _, known := Rules[i.RuleID]; !known {
					t.Fatalf("unknown rule %q: %v", i.RuleID, i)
				}
				if i.Severity != SeverityError && i.Severity != SeverityWarning {
					t.Fatalf("bad severity: %v", i)
				}
				if i.Field != "" && i.Field[0] != '/' {
					t.Fatalf("field is not a JSON pointer: %v", i)
				}
			}
		}
		if rep.Valid != (len(rep.Errors) == 0) {
			t.Fatalf("valid = %v with %d errors", rep.Valid, len(rep.Errors))
		}
		if !rep.Valid || p == nil {
			return
		}
		q, rep2 := Check(p.Canonical(), Options{})
		if !rep2.Valid {
			t.Fatalf("canonical form of a valid program is invalid: %v\n%s", rep2.Errors, p.Canonical())
		}
		if q.Hash() != p.Hash() {
			t.Fatalf("canonical round trip changed the program:\n%s\n%s", p.Canonical(), q.Canonical())
		}
	})
}
