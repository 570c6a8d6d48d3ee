package parser

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/internal/testenv"
)

// fuzzSeeds are handwritten seeds covering forms the TCK does not use.
var fuzzSeeds = []string{
	"MATCH (n:A:B {x: 1})-[r:T|:U*1..3]->(m:!C&(D|E)) WHERE n.x STARTS WITH 'a' RETURN n{.x, .*, y: 1}, count(*)",
	"MATCH p = shortestPath((a)-[*..5]-(b)) RETURN [x IN nodes(p) WHERE x:L | x.name] AS names ORDER BY names DESC SKIP 1 LIMIT 2",
	"CALL db.labels() YIELD label WHERE label STARTS WITH 'A' RETURN label",
	"CALL { MATCH (n) RETURN n } IN TRANSACTIONS OF 10 ROWS",
	"UNWIND [1] AS i CALL (i) { CREATE (:T) } IN TRANSACTIONS OF 2 ROWS ON ERROR CONTINUE REPORT STATUS AS s RETURN s",
	"CALL { CREATE (:T) } IN TRANSACTIONS ON ERROR BREAK OF $n ROWS",
	"LOAD CSV WITH HEADERS FROM 'file:///x.csv' AS row FIELDTERMINATOR ';' CREATE (:P {name: row.name})",
	"USE neo4j MATCH (n) RETURN n",
	"EXPLAIN MATCH (n WHERE n.x > 1) RETURN COUNT { (n)-->() } AS c, EXISTS { MATCH (n)-->(m) RETURN m } AS e",
	"CREATE VECTOR INDEX emb IF NOT EXISTS FOR (n:Doc) ON (n.embedding) OPTIONS {indexConfig: {`vector.dimensions`: 384}}",
	"CREATE FULLTEXT INDEX ft FOR (n:A|B) ON EACH [n.title, n.body]",
	"CREATE CONSTRAINT c IF NOT EXISTS FOR (n:P) REQUIRE (n.a, n.b) IS NODE KEY",
	"DROP INDEX idx IF EXISTS",
	"RETURN 0x1F, 0o17, 017, -9223372036854775808, 1.5e-3, .5, 'a\\u00e9\\U0001F600', \"q\\\"\"",
	"MERGE (n:L {k: $k}) ON CREATE SET n.c = timestamp() ON MATCH SET n += $props, n:Seen",
	"FOREACH (x IN range(1, 3) | CREATE (:N {v: x}))",
	"WITH reduce(acc = 0, x IN [1, 2, 3] | acc + x) AS s RETURN s ^ 2 % 3, all(x IN [1] WHERE x > 0)",
	"MATCH (n) RETURN CASE n.x WHEN 1 THEN 'a' ELSE 'b' END, CASE WHEN n.y IS NULL THEN 0 END",
	"MATCH (a)<-->(b)<--(c)--(d) RETURN a.`weird``name`, $0, vector.similarity.cosine(a.v, b.v)",
	"MATCH (n) WHERE n.x == 1 RETURN n",
	"MACTH (n) RETURN n",
	"RETURN [1, 2, 3][1..], [1][..1], 'x'[0]",
	"UNWIND [1, 2] AS x RETURN x UNION ALL UNWIND [3] AS x RETURN x",
}

// FuzzCypher checks that the parser never panics, that printing a parsed
// statement gives text that parses to the same AST, and that every error is
// a *cyqerr.Error of a known type and detail.
func FuzzCypher(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	for _, s := range cypher5Forms {
		f.Add(s)
	}
	if _, ok := testenv.Shared(); ok {
		seen := map[string]bool{}
		for _, q := range tckQueries(f) {
			if !seen[q.Text] {
				seen[q.Text] = true
				f.Add(q.Text)
			}
		}
	}
	p := New(WithCacheSize(-1), WithMaxInputSize(1<<16))
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return // long inputs only slow the search down; TestLimits covers size
		}
		timer := time.AfterFunc(10*time.Second, func() {
			panic(fmt.Sprintf("parse took longer than 10s: %q", src))
		})
		defer timer.Stop()
		st, err := p.Parse(src)
		if err != nil {
			checkKnownError(t, src, err)
		} else {
			out, diff, err := roundTrip(st)
			if err != nil {
				t.Fatalf("printed statement does not parse: %v\ninput:   %q\nprinted: %q", err, src, out)
			}
			if diff != "" {
				t.Fatalf("round trip differs at %s\ninput:   %q\nprinted: %q", diff, src, out)
			}
		}
		if _, err := p.ParseScript(src); err != nil {
			checkKnownError(t, src, err)
		}
	})
}

func checkKnownError(t *testing.T, src string, err error) {
	t.Helper()
	e, ok := err.(*cyqerr.Error)
	if !ok {
		t.Fatalf("error is %T, not *cyqerr.Error: %v\ninput: %q", err, err, src)
	}
	if !slices.Contains(KnownDetails[e.Type], e.Detail) {
		t.Fatalf("unknown error kind %s: %v\ninput: %q", e.Code(), err, src)
	}
	if e.Phase != cyqerr.CompileTime {
		t.Fatalf("error not at compile time: %v", err)
	}
	if !e.Pos.IsValid() && e.Type == cyqerr.SyntaxError {
		t.Fatalf("syntax error without position: %v\ninput: %q", err, src)
	}
	if strings.Contains(e.Message, "mismatched input") || strings.Contains(e.Message, "extraneous input") ||
		strings.Contains(e.Message, "no viable alternative") || strings.Contains(e.Message, "token recognition") {
		t.Fatalf("raw ANTLR message leaked: %v", err)
	}
	if !utf8.ValidString(e.Message) && utf8.ValidString(src) {
		t.Fatalf("message is not valid UTF-8: %q", e.Message)
	}
}
