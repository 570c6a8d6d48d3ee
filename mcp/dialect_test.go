package mcp

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestDialectFixes(t *testing.T) {
	s, _ := testServer(t, Config{})
	out, _, isErr := call(t, s, "cypher", `{"query": "MATCH (n:Concept) WHERE n.ontology == 'o1' && n.name != 'Beta' RETURN n.name AS name"}`)
	if isErr || out["count"] != 1.0 {
		t.Fatalf("%v", out)
	}
	fixes := fmt.Sprint(out["fixes_applied"])
	for _, f := range []string{"==", "&&", "!="} {
		if !strings.Contains(fixes, f) {
			t.Errorf("fixes = %s", fixes)
		}
	}
	if !strings.Contains(out["query_executed"].(string), "n.ontology = 'o1'  AND ") {
		t.Errorf("executed = %v", out["query_executed"])
	}
	// Inside strings and comments nothing changes; a valid query is not touched.
	for _, q := range []string{
		`RETURN 'a == b' AS s`,
		`RETURN 'x' /* a || b */ AS s`,
		`RETURN "a != b" AS s // c && d`,
	} {
		args, _ := json.Marshal(map[string]any{"query": q})
		out, _, isErr := call(t, s, "cypher", string(args))
		if isErr || len(out["fixes_applied"].([]any)) != 0 || out["query_executed"] != nil {
			t.Errorf("%s: %v", q, out)
		}
	}
	fixed, fixes2 := FixDialect(`RETURN 'a == b' = 'x' || true`)
	if len(fixes2) != 1 || fixed != `RETURN 'a == b' = 'x'  OR  true` {
		t.Errorf("FixDialect = %q %v", fixed, fixes2)
	}
	// Anything else stays an error, with a hint.
	out, _, isErr = call(t, s, "cypher", `{"query": "SELECT * FROM nodes"}`)
	if !isErr || len(out["error"].(map[string]any)["message"].(string)) == 0 {
		t.Errorf("SQL: %v", out)
	}
}
