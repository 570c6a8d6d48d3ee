package parser

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
)

func mustParse(t *testing.T, src string) *ast.Statement {
	t.Helper()
	st, err := Parse(src, WithCacheSize(-1))
	if err != nil {
		t.Fatalf("%q: %v", src, err)
	}
	return st
}

func firstClause(t *testing.T, src string) ast.Clause {
	t.Helper()
	return mustParse(t, src).Query.Parts[0].Clauses[0]
}

func TestMatchAST(t *testing.T) {
	src := "OPTIONAL MATCH p = (a:A:B {x: 1})<-[r:T|:U*2..]-(b:!C WHERE b.y > 0) WHERE a.x <> 2 RETURN p"
	m := firstClause(t, src).(*ast.Match)
	if !m.Optional || m.Where == nil {
		t.Fatalf("optional/where: %+v", m)
	}
	part := m.Pattern.Parts[0]
	if part.Var.Name != "p" || len(part.Element.Nodes) != 2 || len(part.Element.Rels) != 1 {
		t.Fatalf("part: %+v", part)
	}
	a := part.Element.Nodes[0]
	if names, ok := ast.SimpleLabels(a.Labels); !ok || len(names) != 2 || names[0] != "A" || names[1] != "B" {
		t.Errorf("labels: %v %v", names, ok)
	}
	if a.Span.Text(src) != "(a:A:B {x: 1})" {
		t.Errorf("node span %q", a.Span.Text(src))
	}
	r := part.Element.Rels[0]
	if r.Direction != ast.DirLeft || r.VarLength == nil || *r.VarLength.Min != 2 || r.VarLength.Max != nil {
		t.Errorf("rel: %+v %+v", r, r.VarLength)
	}
	if types, ok := r.TypeNames(); !ok || len(types) != 2 || !r.Types.(*ast.LabelOr).Colon {
		t.Errorf("types: %v %v", types, ok)
	}
	b := part.Element.Nodes[1]
	if _, ok := b.Labels.(*ast.LabelNot); !ok || b.Where == nil {
		t.Errorf("b: %+v", b)
	}
}

func TestExpressionAST(t *testing.T) {
	ret := func(src string) ast.Expr {
		return firstClause(t, "RETURN "+src).(*ast.Return).Projection.Items[0].Expr
	}
	if c, ok := ret("1 < 2 <= 3").(*ast.Comparison); !ok || len(c.Operands) != 3 || c.Ops[1] != ast.CmpLe {
		t.Errorf("comparison chain: %#v", c)
	}
	// OR < XOR < AND < NOT < comparison < predicates < + < * < ^ < unary.
	b := ret("a OR b XOR c AND NOT d = e + f * g ^ -h").(*ast.Binary)
	if b.Op != ast.OpOr || b.Right.(*ast.Binary).Op != ast.OpXor {
		t.Errorf("precedence: %s", ast.FormatExpr(b))
	}
	if got := ast.FormatExpr(ret("a OR b XOR c AND NOT d = e + f * g ^ -h")); got != "(a OR (b XOR (c AND (NOT (d = (e + (f * (g ^ (-h)))))))))" {
		t.Errorf("precedence: %s", got)
	}
	if got := ast.FormatExpr(ret("x STARTS WITH 'a' = y IN [1] IS NULL")); got != "((x STARTS WITH 'a') = ((y IN [1]) IS NULL))" {
		t.Errorf("predicates: %s", got)
	}
	if l := ret("-9223372036854775808").(*ast.Literal); l.Int != -9223372036854775808 {
		t.Errorf("min int: %v", l.Int)
	}
	for src, want := range map[string]int64{"0x1F": 31, "0o17": 15, "017": 15, "0": 0} {
		if l := ret(src).(*ast.Literal); l.Kind != ast.LitInt || l.Int != want {
			t.Errorf("%s = %v", src, l.Int)
		}
	}
	for src, want := range map[string]float64{"1.5": 1.5, ".5": .5, "1e3": 1000, "1.5E-1": .15, "-2.0": -2} {
		if l := ret(src).(*ast.Literal); l.Kind != ast.LitFloat || l.Float != want {
			t.Errorf("%s = %v", src, l.Float)
		}
	}
	if l := ret(`'a\tb\'\"\\\u00e9\U0001F600'`).(*ast.Literal); l.Str != "a\tb'\"\\é😀" {
		t.Errorf("escapes: %q", l.Str)
	}
	if l := ret(`"it's"`).(*ast.Literal); l.Str != "it's" {
		t.Errorf("double quotes: %q", l.Str)
	}
	f := ret("vector.similarity.cosine(a, b)").(*ast.FunctionCall)
	if len(f.Namespace) != 2 || f.Name != "cosine" {
		t.Errorf("namespace: %+v", f)
	}
	if f := ret("count(DISTINCT x)").(*ast.FunctionCall); !f.Distinct {
		t.Errorf("distinct: %+v", f)
	}
	if f := ret("count(*)").(*ast.FunctionCall); !f.Star {
		t.Errorf("count(*): %+v", f)
	}
	mp := ret("n{.a, k: 1, .*, v}").(*ast.MapProjection)
	if len(mp.Items) != 4 || mp.Items[2].Kind != ast.MapProjAll || mp.Items[3].Kind != ast.MapProjVariable {
		t.Errorf("map projection: %+v", mp.Items)
	}
	if s := ret("l[1..]").(*ast.Slice); s.From == nil || s.To != nil {
		t.Errorf("slice: %+v", s)
	}
	if p := ret("$0").(*ast.Parameter); p.Name != "0" {
		t.Errorf("param: %+v", p)
	}
	for src, want := range map[string]string{
		"[x IN l WHERE x:A | x]":         "[x IN l WHERE (x:A) | x]",
		"[x IN l WHERE x:A:B | x]":       "[x IN l WHERE (x:A:B) | x]",
		"[x IN l WHERE x:A|B | x]":       "[x IN l WHERE (x:A|B) | x]",
		"[x IN l WHERE x:(A|B)]":         "[x IN l WHERE (x:A|B)]",
		"[x IN l WHERE a AND x:A | x.n]": "[x IN l WHERE (a AND (x:A)) | x.n]",
		"[x IN l WHERE NOT x:A | `x y`]": "[x IN l WHERE (NOT (x:A)) | `x y`]",
	} {
		if got := ast.FormatExpr(ret(src)); got != want {
			t.Errorf("%s: got %s, want %s", src, got, want)
		}
	}
	if lp := ret("n:A|B").(*ast.LabelPredicate); lp.Labels == nil {
		t.Errorf("label predicate: %+v", lp)
	}
	if v := ret("n.`the ``key```").(*ast.Property); v.Key != "the `key`" {
		t.Errorf("escaped key: %q", v.Key)
	}
	if v := ret("n.count").(*ast.Property); v.Key != "count" {
		t.Errorf("keyword key: %q", v.Key)
	}
}

func TestProjectionText(t *testing.T) {
	src := "MATCH (n) RETURN n.name, count( * ) AS c, n.a   +   1 ORDER BY c DESC SKIP 1 LIMIT 2"
	r := mustParse(t, src).Query.Parts[0].Clauses[1].(*ast.Return)
	p := r.Projection
	if p.Items[0].Name() != "n.name" || p.Items[1].Name() != "c" || p.Items[2].Name() != "n.a   +   1" {
		t.Errorf("names: %q %q %q", p.Items[0].Name(), p.Items[1].Name(), p.Items[2].Name())
	}
	if !p.OrderBy[0].Desc || p.Skip == nil || p.Limit == nil {
		t.Errorf("order/skip/limit: %+v", p)
	}
}

func TestClauses(t *testing.T) {
	st := mustParse(t, "EXPLAIN CALL db.index.fulltext.queryNodes('idx', $q) YIELD node AS n, score WHERE score > 1 RETURN n")
	call := st.Query.Parts[0].Clauses[0].(*ast.Call)
	if !st.Explain || call.Name != "queryNodes" || len(call.Namespace) != 3 || len(call.Yield) != 2 || call.Where == nil || call.Standalone {
		t.Errorf("call: %+v", call)
	}
	if c := firstClause(t, "CALL db.labels").(*ast.Call); !c.Standalone || c.ArgsGiven {
		t.Errorf("standalone: %+v", c)
	}
	cs := mustParse(t, "MATCH (n) CALL (n) { MATCH (n)-->(m) RETURN m } IN TRANSACTIONS OF 5 ROWS RETURN m").Query.Parts[0].Clauses[1].(*ast.CallSubquery)
	if !cs.ScopeGiven || len(cs.Scope) != 1 || cs.InTransactions == nil || cs.InTransactions.OfRows == nil {
		t.Errorf("call subquery: %+v", cs)
	}
	it := mustParse(t, "UNWIND [1] AS i CALL (i) { CREATE (:T) } IN TRANSACTIONS REPORT STATUS AS s ON ERROR BREAK RETURN s").Query.Parts[0].Clauses[1].(*ast.CallSubquery).InTransactions
	if it == nil || it.OnError != ast.OnErrorBreak || it.Report == nil || it.Report.Name != "s" || it.OfRows != nil {
		t.Errorf("in transactions: %+v", it)
	}
	if _, err := Parse("CALL { CREATE (:T) } IN TRANSACTIONS ON ERROR FAIL ON ERROR CONTINUE"); err == nil {
		t.Error("ON ERROR twice: no error")
	}
	l := firstClause(t, "LOAD CSV WITH HEADERS FROM 'file:///a.csv' AS row FIELDTERMINATOR '\\t' RETURN row").(*ast.LoadCSV)
	if !l.WithHeaders || l.Var.Name != "row" || l.FieldTerminator != "\t" {
		t.Errorf("load csv: %+v", l)
	}
	if u := firstClause(t, "USE db.graph MATCH (n) RETURN n").(*ast.Use); ast.FormatExpr(u.Graph) != "db.graph" {
		t.Errorf("use: %s", ast.FormatExpr(u.Graph))
	}
	m := firstClause(t, "MERGE (n:A) ON CREATE SET n.a = 1 ON MATCH SET n.b = 2 ON CREATE SET n:X").(*ast.Merge)
	if len(m.OnCreate) != 2 || len(m.OnMatch) != 1 {
		t.Errorf("merge: %+v", m)
	}
	q := mustParse(t, "RETURN 1 AS x UNION ALL RETURN 2 AS x UNION RETURN 3 AS x").Query
	if len(q.Parts) != 3 || !q.All[0] || q.All[1] {
		t.Errorf("union: %+v", q)
	}
	d := mustParse(t, "MATCH (n) DETACH DELETE n").Query.Parts[0].Clauses[1].(*ast.Delete)
	if !d.Detach {
		t.Errorf("detach")
	}
	f := firstClause(t, "FOREACH (x IN [1] | CREATE (:A) SET x.a = 1)").(*ast.Foreach)
	if len(f.Updates) != 2 {
		t.Errorf("foreach: %+v", f)
	}
	if st := mustParse(t, "match (n) return n;"); st.Query == nil {
		t.Errorf("trailing ;")
	}
}

func TestSchemaCommands(t *testing.T) {
	ci := mustParse(t, "CREATE VECTOR INDEX emb IF NOT EXISTS FOR (n:Doc) ON (n.embedding) OPTIONS {indexConfig: {`vector.dimensions`: 3}}").Command.(*ast.CreateIndex)
	if ci.Kind != ast.IndexVector || ci.Name != "emb" || !ci.IfNotExists || ci.Labels[0] != "Doc" || ci.Props[0] != "embedding" || ci.Options == nil {
		t.Errorf("vector: %+v", ci)
	}
	ft := mustParse(t, "CREATE FULLTEXT INDEX ft FOR (n:L1|L2) ON EACH [n.a, n.b]").Command.(*ast.CreateIndex)
	if ft.Kind != ast.IndexFulltext || len(ft.Labels) != 2 || len(ft.Props) != 2 || !ft.Each {
		t.Errorf("fulltext: %+v", ft)
	}
	ri := mustParse(t, "CREATE INDEX r FOR ()-[r:T]-() ON (r.since)").Command.(*ast.CreateIndex)
	if !ri.Rel || ri.Labels[0] != "T" {
		t.Errorf("rel index: %+v", ri)
	}
	if li := mustParse(t, "CREATE INDEX ON :Person(name)").Command.(*ast.CreateIndex); !li.Legacy || li.Props[0] != "name" {
		t.Errorf("legacy: %+v", li)
	}
	if di := mustParse(t, "DROP INDEX emb IF EXISTS").Command.(*ast.DropIndex); di.Name != "emb" || !di.IfExists {
		t.Errorf("drop: %+v", di)
	}
	cc := mustParse(t, "CREATE CONSTRAINT c IF NOT EXISTS FOR (n:P) REQUIRE n.id IS UNIQUE").Command.(*ast.CreateConstraint)
	if cc.Kind != ast.ConstraintUnique || cc.Label != "P" || cc.Props[0] != "id" {
		t.Errorf("constraint: %+v", cc)
	}
	tc := mustParse(t, "CREATE CONSTRAINT FOR (n:P) REQUIRE n.age IS :: INTEGER").Command.(*ast.CreateConstraint)
	if tc.Kind != ast.ConstraintPropertyType || tc.PropType != "INTEGER" {
		t.Errorf("type constraint: %+v", tc)
	}
	if dc := mustParse(t, "DROP CONSTRAINT c").Command.(*ast.DropConstraint); dc.Name != "c" {
		t.Errorf("drop constraint: %+v", dc)
	}
}

func TestKeywordsAsNames(t *testing.T) {
	for _, src := range []string{
		"MATCH (n:End) RETURN n.count, n.end, n.match",
		"WITH 1 AS count RETURN count",
		"MATCH (n) RETURN n.`weird name`, n.index",
		"MATCH (node:Node)-[rel:REL]->(key) RETURN node, rel, key",
		"RETURN range(1, 3), point({x: 1, y: 2}), any(x IN [1] WHERE x > 0)",
		"match (n) where n.x is not null return distinct n order by n.x desc",
		"MATCH (start)-[r]->(end) RETURN start, end",
		"WITH 1 AS end RETURN CASE end WHEN 1 THEN end ELSE end END",
	} {
		mustParse(t, src)
	}
}

func TestParseScript(t *testing.T) {
	src := "CREATE (:A {s: 'a;b'}); // c;omment\nMATCH (n) /* ; */ RETURN n;;\n RETURN \"x;\" AS y;"
	sts, err := ParseScript(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(sts) != 3 {
		t.Fatalf("got %d statements", len(sts))
	}
	if got := sts[2].Span.Text(src); got != `RETURN "x;" AS y` {
		t.Errorf("span of third statement: %q", got)
	}
	if got := sts[2].Query.Parts[0].Clauses[0].(*ast.Return).Projection.Items[0].Text; got != `"x;"` {
		t.Errorf("item text: %q", got)
	}
	_, err = ParseScript("RETURN 1;\nRETURN ==;")
	if e, ok := err.(interface{ Error() string }); !ok || e.Error()[:4] != "2:8:" {
		t.Errorf("script error position: %v", err)
	}
}

func TestCache(t *testing.T) {
	p := New(WithCacheSize(2))
	a1, _ := p.Parse("RETURN 1")
	a2, _ := p.Parse("RETURN 1")
	if a1 != a2 {
		t.Error("cache miss on same text")
	}
	_, _ = p.Parse("RETURN 2")
	_, _ = p.Parse("RETURN 3")
	if a3, _ := p.Parse("RETURN 1"); a3 == a1 {
		t.Error("entry not evicted")
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, q := range []string{"MATCH (n) RETURN n", "RETURN 1 + 2", "RETURN [x IN [1] | x]"} {
				if _, err := p.Parse(q); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
}

func TestNotices(t *testing.T) {
	src := "MATCH (a)-[r:A|:B]->(b) WHERE exists(a.x) RETURN r"
	ns := Notices(mustParse(t, src), src)
	if len(ns) != 2 || ns[0].Pos.String() != "1:14" || !strings.Contains(ns[1].Hint, "IS NOT NULL") {
		t.Errorf("notices: %+v", ns)
	}
}

// Keywords may name parameters: $limit, $match, $skip.
func TestKeywordParameterNames(t *testing.T) {
	src := "MATCH (n) WHERE n.kind = $match RETURN n SKIP $skip LIMIT $limit"
	st, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	ast.Inspect(st, func(n ast.Node) bool {
		if p, ok := n.(*ast.Parameter); ok {
			names = append(names, p.Name)
		}
		return true
	})
	if strings.Join(names, ",") != "match,skip,limit" {
		t.Fatalf("parameters %v", names)
	}
	printed := ast.Format(st)
	again, err := Parse(printed)
	if err != nil || ast.Format(again) != printed {
		t.Fatalf("round trip %q: %v", printed, err)
	}
}

// TestLongChains: a chain of one operator is not nesting. 300 OR'd
// equalities parse (and print and parse back to the same tree), with a
// notice that hints IN; past the chain limit the error hints IN too.
func TestLongChains(t *testing.T) {
	terms := make([]string, 300)
	for i := range terms {
		terms[i] = fmt.Sprintf("n.id = %d", i)
	}
	src := "MATCH (n) WHERE " + strings.Join(terms, " OR ") + " RETURN n"
	st := mustParse(t, src)
	back, err := Parse(ast.Format(st))
	if err != nil || ast.Format(back) != ast.Format(st) {
		t.Errorf("round trip: %v", err)
	}
	ns := Notices(st, src)
	if len(ns) != 1 || ns[0].Message != "300 equalities on n.id are joined by OR" || !strings.Contains(ns[0].Hint, "n.id IN [") {
		t.Errorf("notices: %+v", ns)
	}
	for _, op := range []string{" AND ", " XOR ", " + ", " - ", " * "} {
		if _, err := Parse("RETURN 1" + strings.Repeat(op+"1", 1000)); err != nil {
			t.Errorf("1000 operands of %q: %v", op, err)
		}
	}
	// Mixed operands: no notice.
	if ns := Notices(mustParse(t, "MATCH (n) WHERE n.a = 1 OR n.b = 2 OR n.a = 3 OR n.a = 4 OR n.a = 5 OR n.a = 6 OR n.a = 7 OR n.a = 8 RETURN n"), ""); len(ns) != 0 {
		t.Errorf("mixed properties: %+v", ns)
	}
	_, err = Parse("MATCH (n) WHERE n.id = 0" + strings.Repeat(" OR n.id = 1", 5000) + " RETURN n")
	if e := cyqerr.As(err); e == nil || e.Code() != "LimitExceeded.ChainLength" || !strings.Contains(e.Hint, "IN [") {
		t.Errorf("chain limit: %v", err)
	}
	// Real nesting still counts.
	_, err = Parse("RETURN " + strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300))
	if e := cyqerr.As(err); e == nil || e.Code() != "LimitExceeded.NestingDepth" {
		t.Errorf("nesting: %v", err)
	}
}
