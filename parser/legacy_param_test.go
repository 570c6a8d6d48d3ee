package parser

import (
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
)

// The removed {param} form gets a message that names it and the $param
// rewrite of every occurrence.
func TestLegacyParameter(t *testing.T) {
	cases := []struct{ src, pos, fix string }{
		{"MATCH (n {name: {name}}) RETURN n", "1:17", "MATCH (n {name: $name}) RETURN n"},
		{"MATCH (n) WHERE n.name = {name} AND n.age > {0} RETURN n", "1:26", "MATCH (n) WHERE n.name = $name AND n.age > $0 RETURN n"},
	}
	for _, c := range cases {
		_, err := Parse(c.src)
		e := cyqerr.As(err)
		if e == nil {
			t.Errorf("%s: no error", c.src)
			continue
		}
		if e.Code() != "SyntaxError.UnexpectedSyntax" || e.Pos.String() != c.pos || e.Fix != c.fix {
			t.Errorf("%s: got %v (fix %q)", c.src, err, e.Fix)
		}
	}
	// A map projection with a variable item is not a parameter.
	if _, err := Parse("MATCH (n) WITH n, 1 AS name RETURN n {name}"); err != nil {
		t.Errorf("map projection: %v", err)
	}
}
