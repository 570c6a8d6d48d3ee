package graphprogram

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func stmt(op, q string) string {
	b, _ := json.Marshal(map[string]any{"op": op, "operation": map[string]any{"type": "cypher", "query": q}})
	return string(b)
}

func api(endpoint string, params map[string]any) string {
	b, _ := json.Marshal(map[string]any{"op": "+", "operation": map[string]any{"type": "api", "endpoint": endpoint, "params": params}})
	return string(b)
}

func cond(test string, then, els []string) string {
	s := `{"op": "+", "operation": {"type": "conditional", "condition": ` + test + `, "then": [` + strings.Join(then, ",") + `]`
	if els != nil {
		s += `, "else": [` + strings.Join(els, ",") + `]`
	}
	return s + `}}`
}

func prog(stmts ...string) string {
	return `{"version": 1, "statements": [` + strings.Join(stmts, ",") + `]}`
}

var ok = stmt("+", "MATCH (n) RETURN n")

func nested(depth int) string {
	s := ok
	for i := 0; i < depth; i++ {
		s = cond(`{"test": "empty"}`, []string{s}, nil)
	}
	return s
}

func many(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = ok
	}
	return out
}

// Each rule: an input that triggers it, and one that narrowly does not.
var ruleCases = []struct {
	rule      string
	bad, good string
	badField  string
	badStmt   string
	isWarning bool
}{
	{rule: "V000", bad: `{"version": 1, "statements": [`, good: prog(ok), badField: ""},
	{rule: "V000", bad: prog(`{"op": "*", "operation": {"type": "cypher", "query": "RETURN 1"}}`), good: prog(`{"op": "+", "operation": {"type": "cypher", "query": "RETURN 1"}}`), badField: "/statements/0/op", badStmt: "0"},
	{rule: "V000", bad: prog(`{"op": "+", "opration": {"type": "cypher", "query": "RETURN 1"}}`), good: prog(ok), badField: "/statements/0", badStmt: "0"},
	{rule: "V000", bad: prog(`{"op": "+", "operation": {"type": "sql", "query": "RETURN 1"}}`), good: prog(ok), badField: "/statements/0/operation/type", badStmt: "0"},
	{rule: "V000", bad: prog(cond(`{"test": "count_gte"}`, []string{ok}, nil)), good: prog(cond(`{"test": "count_gte", "value": 0}`, []string{ok}, nil)), badField: "/statements/0/operation/condition", badStmt: "0"},
	{rule: "V000", bad: `{"version": 1, "metadata": {"author": "robot"}, "statements": [` + ok + `]}`, good: `{"version": 1, "metadata": {"author": "agent"}, "statements": [` + ok + `]}`, badField: "/metadata/author"},
	{rule: "V000", bad: `{"version": 1, "params": [{"name": "x", "type": "bool"}], "statements": [` + ok + `]}`, good: `{"version": 1, "params": [{"name": "x", "type": "number"}], "statements": [` + ok + `]}`, badField: "/params/0/type"},
	{rule: "V001", bad: `{"version": 2, "statements": [` + ok + `]}`, good: prog(ok), badField: "/version"},
	{rule: "V001", bad: `{"statements": [` + ok + `]}`, good: prog(ok), badField: "/version"},
	{rule: "V002", bad: `{"version": 1, "statements": []}`, good: prog(ok), badField: "/statements"},
	{rule: "V002", bad: `{"version": 1}`, good: prog(ok), badField: "/statements"},
	{rule: "V004", bad: `{"version": 1, "params": [{"name": "x", "type": "string"}, {"name": "x", "type": "number"}], "statements": [` + ok + `]}`,
		good: `{"version": 1, "params": [{"name": "x", "type": "string"}, {"name": "y", "type": "number"}], "statements": [` + ok + `]}`, badField: "/params/1/name"},
	{rule: "V005", bad: prog(cond(`{"test": "empty"}`, nil, []string{ok})), good: prog(cond(`{"test": "empty"}`, []string{ok}, nil)), badField: "/statements/0/operation/then", badStmt: "0"},
	{rule: "V006", bad: prog(many(101)...), good: prog(many(100)...), badField: "/statements"},
	{rule: "V006", bad: prog(append(many(98), cond(`{"test": "empty"}`, many(2), many(1)))...), good: prog(append(many(97), cond(`{"test": "empty"}`, many(2), many(1)))...), badField: "/statements"},
	{rule: "V007", bad: prog(nested(4)), good: prog(nested(3)), badField: "/statements/0/operation/then/0/operation/then/0/operation/then/0/operation", badStmt: "0.then.0.then.0.then.0"},
	{rule: "V010", bad: prog(stmt("+", "MATCH (n RETURN n")), good: prog(stmt("+", "MATCH (n) RETURN n")), badField: "/statements/0/operation/query", badStmt: "0"},
	{rule: "V010", bad: prog(stmt("+", "  ")), good: prog(stmt("+", "RETURN 1")), badField: "/statements/0/operation/query", badStmt: "0"},
	{rule: "V011", bad: prog(stmt("+", "CREATE (n) RETURN n")), good: prog(stmt("+", "MATCH (n) WHERE n.x = 'CREATE (m)' RETURN n")), badField: "/statements/0/operation/query", badStmt: "0"},
	{rule: "V011", bad: prog(stmt("+", "MATCH (n) FOREACH (x IN [1] | SET n.a = x) RETURN n")), good: prog(stmt("+", "MATCH (n) /* SET n.a = 1 */ RETURN n")), badField: "/statements/0/operation/query", badStmt: "0"},
	{rule: "V012", bad: prog(stmt("+", "LOAD CSV FROM 'file:///etc/passwd' AS l RETURN l")), good: prog(stmt("+", "RETURN 'LOAD CSV FROM x' AS l")), badField: "/statements/0/operation/query", badStmt: "0"},
	{rule: "V014", bad: prog(stmt("+", "MATCH (n) CALL { CREATE (:X) } RETURN n")), good: prog(stmt("+", "MATCH (n) CALL { MATCH (m) RETURN m } RETURN n, m")), badField: "/statements/0/operation/query", badStmt: "0"},
	{rule: "V015", bad: prog(stmt("+", "CREATE INDEX FOR (n:A) ON (n.b)")), good: prog(ok), badField: "/statements/0/operation/query", badStmt: "0"},
	{rule: "V016", bad: prog(stmt("+", "EXPLAIN MATCH (n) RETURN n")), good: prog(ok), badField: "/statements/0/operation/query", badStmt: "0"},
	{rule: "V016", bad: prog(stmt("+", "MATCH (n) RETURN n; MATCH (m) RETURN m")), good: prog(stmt("+", "MATCH (n) RETURN n;")), badField: "/statements/0/operation/query", badStmt: "0"},
	{rule: "V020", bad: prog(api("/concepts/nope", nil)), good: prog(api("/concepts/batch", map[string]any{"concept_ids": []string{"a"}})), badField: "/statements/0/operation/endpoint", badStmt: "0"},
	{rule: "V020", bad: prog(api("/search/concept", map[string]any{"query": "x"})), good: prog(api("/search/concepts", map[string]any{"query": "x"})), badField: "/statements/0/operation/endpoint", badStmt: "0"},
	{rule: "V021", bad: prog(api("/concepts/details", map[string]any{})), good: prog(api("/concepts/details", map[string]any{"concept_id": "x"})), badField: "/statements/0/operation/params", badStmt: "0"},
	{rule: "V022", isWarning: true, bad: prog(api("/concepts/details", map[string]any{"concept_id": "x", "depth": 2})), good: prog(api("/concepts/details", map[string]any{"concept_id": "x"})), badField: "/statements/0/operation/params/depth", badStmt: "0"},
	{rule: "V022", isWarning: true, bad: prog(api("/concepts/details", map[string]any{"concept_id": "$cid"})),
		good: `{"version": 1, "params": [{"name": "cid", "type": "string"}], "statements": [` + api("/concepts/details", map[string]any{"concept_id": "$cid"}) + `]}`, badField: "/statements/0/operation/params/concept_id", badStmt: "0"},
	{rule: "V023", bad: prog(api("/concepts/details", map[string]any{"concept_id": 5})), good: prog(api("/concepts/details", map[string]any{"concept_id": "5"})), badField: "/statements/0/operation/params/concept_id", badStmt: "0"},
	{rule: "V023", bad: prog(api("/concepts/related", map[string]any{"concept_id": "a", "max_depth": 7})), good: prog(api("/concepts/related", map[string]any{"concept_id": "a", "max_depth": 6})), badField: "/statements/0/operation/params/max_depth", badStmt: "0"},
	{rule: "V023", bad: `{"version": 1, "params": [{"name": "d", "type": "string"}], "statements": [` + api("/concepts/related", map[string]any{"concept_id": "a", "max_depth": "$d"}) + `]}`,
		good: `{"version": 1, "params": [{"name": "d", "type": "number"}], "statements": [` + api("/concepts/related", map[string]any{"concept_id": "a", "max_depth": "$d"}) + `]}`, badField: "/statements/0/operation/params/max_depth", badStmt: "0"},
	{rule: "V023", bad: `{"version": 1, "params": [{"name": "d", "type": "number", "default": "x"}], "statements": [` + ok + `]}`,
		good: `{"version": 1, "params": [{"name": "d", "type": "number", "default": 2}], "statements": [` + ok + `]}`, badField: "/params/0/default"},
}

// V030: variable-length patterns wherever they occur.
var varLengthCases = []struct {
	bad, good string
}{
	{"MATCH (a)-[*]->(b) RETURN b", "MATCH (a)-[*1..6]->(b) RETURN b"},
	{"MATCH (a)-[r*1..20]->(b) RETURN b", "MATCH (a)-[r*1..6]->(b) RETURN b"},
	{"MATCH (a)-[:T*]->(b) RETURN b", "MATCH (a)-[:T*..6]->(b) RETURN b"},
	{"MATCH (a)-[:T*2..]->(b) RETURN b", "MATCH (a)-[:T*2..3]->(b) RETURN b"},
	{"MATCH (a)-[*7]->(b) RETURN b", "MATCH (a)-[*6]->(b) RETURN b"},
	{"MATCH p = shortestPath((a)-[*]-(b)) RETURN p", "MATCH p = shortestPath((a)-[*..6]-(b)) RETURN p"},
	{"MATCH p = allShortestPaths((a)-[:T*..10]-(b)) RETURN p", "MATCH p = allShortestPaths((a)-[:T*..5]-(b)) RETURN p"},
	{"MATCH (a) CALL { WITH a MATCH (a)-[*]->(c) RETURN c } RETURN c", "MATCH (a) CALL { WITH a MATCH (a)-[*1..2]->(c) RETURN c } RETURN c"},
	{"MATCH (a) RETURN [p = (a)-[*]->() | p] AS ps", "MATCH (a) RETURN [p = (a)-[*1..3]->() | p] AS ps"},
	{"MATCH (a) WHERE EXISTS { (a)-[*]->(:X) } RETURN a", "MATCH (a) WHERE EXISTS { (a)-[*1..6]->(:X) } RETURN a"},
	{"MATCH (a) WHERE (a)-[*]->() RETURN a", "MATCH (a) WHERE (a)-[*..1]->() RETURN a"},
	{"MATCH (a) RETURN COUNT { (a)-[*]->() } AS c", "MATCH (a) RETURN COUNT { (a)-[*1..4]->() } AS c"},
	{"MATCH (a) WITH a MATCH (a)-[*]-(b) RETURN b UNION MATCH (b) RETURN b", "MATCH (a) WITH a MATCH (a)-[*..2]-(b) RETURN b UNION MATCH (b) RETURN b"},
	{"MATCH (a)\n  -[\n*\n]->\n(b) RETURN b", "MATCH (a)\n  -[\n*1..2\n]->\n(b) RETURN b"},
	{"OPTIONAL MATCH (a)-[*0..]->(b) RETURN b", "OPTIONAL MATCH (a)-[*0..6]->(b) RETURN b"},
}

func has(issues []Issue, rule, field, stmt string) bool {
	for _, i := range issues {
		if i.RuleID == rule && (field == "-" || i.Field == field) && (stmt == "-" || i.Statement == stmt) {
			return true
		}
	}
	return false
}

func TestRules(t *testing.T) {
	for i, c := range ruleCases {
		t.Run(fmt.Sprintf("%s_%d", c.rule, i), func(t *testing.T) {
			_, rep := Check([]byte(c.bad), Options{})
			list := rep.Errors
			if c.isWarning {
				list = rep.Warnings
			}
			if !has(list, c.rule, c.badField, c.badStmt) {
				t.Errorf("bad input: want %s at %q (statement %q); got errors %v warnings %v", c.rule, c.badField, c.badStmt, rep.Errors, rep.Warnings)
			}
			if !c.isWarning && rep.Valid {
				t.Error("bad input valid")
			}
			_, rep = Check([]byte(c.good), Options{})
			if has(rep.Errors, c.rule, "-", "-") || has(rep.Warnings, c.rule, "-", "-") || !rep.Valid {
				t.Errorf("good input: errors %v warnings %v", rep.Errors, rep.Warnings)
			}
		})
	}
}

func TestVarLength(t *testing.T) {
	for _, c := range varLengthCases {
		t.Run(c.bad, func(t *testing.T) {
			_, rep := Check([]byte(prog(stmt("+", c.bad))), Options{})
			if !has(rep.Errors, "V030", "/statements/0/operation/query", "0") {
				t.Errorf("bad: %v", rep.Errors)
			}
			_, rep = Check([]byte(prog(stmt("+", c.good))), Options{})
			if !rep.Valid {
				t.Errorf("good: %v", rep.Errors)
			}
		})
	}
	// Inside a conditional branch, the statement path names the branch.
	_, rep := Check([]byte(prog(ok, cond(`{"test": "empty"}`, []string{ok}, []string{ok, stmt("+", "MATCH (a)-[*]->(b) RETURN b")}))), Options{})
	if !has(rep.Errors, "V030", "/statements/1/operation/else/1/operation/query", "1.else.1") {
		t.Errorf("nested: %v", rep.Errors)
	}
}

func TestStatementPathsAreStructural(t *testing.T) {
	bad := stmt("+", "CREATE (n)")
	_, rep := Check([]byte(prog(ok, cond(`{"test": "empty"}`, []string{ok, bad}, nil), bad)), Options{})
	if len(rep.Errors) != 2 || rep.Errors[0].Statement != "1.then.1" || rep.Errors[1].Statement != "2" {
		t.Errorf("errors = %+v", rep.Errors)
	}
}

func TestCanonicalHash(t *testing.T) {
	a, _ := Decode([]byte(`{"version": 1, "statements": [{"op": "+", "operation": {"type": "api", "endpoint": "/concepts/batch", "params": {"concept_ids": ["a"], "x": 1}}}]}`))
	b, _ := Decode([]byte(`{"statements":[{"operation":{"params":{"x":1,"concept_ids":["a"]},"endpoint":"/concepts/batch","type":"api"},"op":"+"}],"version":1}`))
	if a.Hash() != b.Hash() {
		t.Errorf("hash differs:\n%s\n%s", a.Canonical(), b.Canonical())
	}
	c, issues := Decode(a.Canonical())
	if len(issues) > 0 || c.Hash() != a.Hash() {
		t.Errorf("canonical does not round trip: %v", issues)
	}
}

func TestCountOperations(t *testing.T) {
	p, _ := Decode([]byte(prog(ok, cond(`{"test": "empty"}`, many(3), many(5)))))
	if n := CountOperations(p); n != 7 {
		t.Errorf("count = %d", n)
	}
}

func TestFromValue(t *testing.T) {
	var v any
	json.Unmarshal([]byte(prog(api("/concepts/related", map[string]any{"concept_id": "a", "max_depth": 2}))), &v)
	p, rep := CheckValue(v, Options{})
	if !rep.Valid || p.Statements[0].Operation.Params["max_depth"] != float64(2) {
		t.Errorf("%v %+v", rep.Errors, p)
	}
}
