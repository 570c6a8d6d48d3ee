package functions

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

var rewrite = flag.Bool("rewrite", false, "rewrite testdata/overloads.golden")

const goldenPath = "testdata/overloads.golden"

func goldenLines() []string {
	var lines []string
	for i := range NumOverloads() {
		o := ByID(OverloadID(i))
		lines = append(lines, fmt.Sprintf("%d\t%s\t%s", o.ID, o.Func.Name, o.Signature()))
	}
	return lines
}

// TestOverloadIDsStable fails when an overload recorded in the golden file
// changed its ID, name or signature, or when new overloads are not yet
// recorded (run with -rewrite to record them; review the diff: only
// additions at the end are acceptable).
func TestOverloadIDsStable(t *testing.T) {
	cur := goldenLines()
	if *rewrite {
		if err := os.MkdirAll(filepath.Dir(goldenPath), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenPath, []byte(strings.Join(cur, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatalf("%v (run go test ./functions -run TestOverloadIDsStable -rewrite)", err)
	}
	old := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	for i, line := range old {
		if i >= len(cur) {
			t.Errorf("overload %q was removed; IDs must never be removed", line)
			continue
		}
		if cur[i] == line {
			continue
		}
		g, c := strings.Split(line, "\t"), strings.Split(cur[i], "\t")
		if len(g) != 3 || g[1] != c[1] || arity(g[2]) != arity(c[2]) {
			t.Errorf("overload ID %d was reassigned (registration order must only be appended to):\n golden: %s\n now:    %s", i, line, cur[i])
		} else {
			t.Errorf("signature of overload %d changed; if intended, run with -rewrite:\n golden: %s\n now:    %s", i, line, cur[i])
		}
	}
	if len(cur) > len(old) {
		t.Errorf("%d new overloads are not in %s; run with -rewrite and review the diff", len(cur)-len(old), goldenPath)
	}
}

// arity counts the parameters in a rendered signature.
func arity(sig string) int {
	inner := sig[strings.IndexByte(sig, '(')+1 : strings.LastIndexByte(sig, ')')]
	if inner == "" {
		return 0
	}
	return strings.Count(inner, "::")
}

func TestRegistryInvariants(t *testing.T) {
	seen := map[OverloadID]bool{}
	for _, f := range All() {
		if f.Doc == "" || f.Category == "" || len(f.Examples) == 0 {
			t.Errorf("%s: missing Doc, Category or Examples", f.Name)
		}
		if !strings.HasPrefix(strings.ToLower(f.Doc), strings.ToLower(f.Display)) {
			t.Errorf("%s: Doc should start with the function's name: %q", f.Name, f.Doc)
		}
		if f.Name != strings.ToLower(f.Name) || !strings.EqualFold(f.Name, f.Display) {
			t.Errorf("%s: bad name/display %q", f.Name, f.Display)
		}
		if len(f.Overloads) == 0 {
			t.Errorf("%s: no overloads", f.Name)
		}
		for i := range f.Overloads {
			o := &f.Overloads[i]
			if seen[o.ID] {
				t.Errorf("%s: duplicate overload ID %d", f.Name, o.ID)
			}
			seen[o.ID] = true
			if ByID(o.ID) != o || o.Func != f {
				t.Errorf("%s: ByID(%d) does not return the overload", f.Name, o.ID)
			}
			if f.Aggregate != (o.NewAgg != nil) || (o.Impl == nil) == (o.NewAgg == nil) {
				t.Errorf("%s: overload %d must have exactly one of Impl (scalar) and NewAgg (aggregate)", f.Name, o.ID)
			}
			if len(o.Names) != 0 && len(o.Names) != len(o.Params) {
				t.Errorf("%s: %d names for %d params", f.Name, len(o.Names), len(o.Params))
			}
		}
	}
	if len(seen) != NumOverloads() {
		t.Errorf("%d overloads reachable from All(), %d registered", len(seen), NumOverloads())
	}
	if ByID(OverloadID(NumOverloads())) != nil {
		t.Error("ByID past the end should be nil")
	}
	t.Logf("%d functions, %d overloads", len(All()), NumOverloads())
}

func TestLookup(t *testing.T) {
	for _, name := range []string{"toInteger", "TOINTEGER", "tointeger", "Vector.Similarity.Cosine", "percentileCont"} {
		if _, ok := Lookup(name); !ok {
			t.Errorf("Lookup(%q) failed", name)
		}
	}
	if _, ok := Lookup("foo"); ok {
		t.Error("Lookup(foo) succeeded")
	}
}

func wantErr(t *testing.T, err error, typ cyqerr.Type, detail string) *cyqerr.Error {
	t.Helper()
	e := cyqerr.As(err)
	if e == nil {
		t.Fatalf("want %s/%s, got error %v", typ, detail, err)
	}
	if e.Type != typ || e.Detail != detail {
		t.Fatalf("want %s/%s, got %s: %v", typ, detail, e.Code(), e)
	}
	return e
}

func TestResolve(t *testing.T) {
	o, err := Resolve("round", []Type{Float, Int})
	if err != nil || len(o.Params) != 2 {
		t.Fatalf("round/2: %v %v", o, err)
	}
	o, err = Resolve("coalesce", []Type{NullType, Int, String})
	if err != nil || o.Func.Name != "coalesce" {
		t.Fatalf("coalesce: %v", err)
	}
	if _, err := Resolve("coalesce", nil); err == nil {
		t.Fatal("coalesce() should need an argument")
	}
	_, err = Resolve("toIntger", []Type{Any})
	e := wantErr(t, err, cyqerr.SyntaxError, "UnknownFunction")
	if e.Phase != cyqerr.CompileTime || !strings.Contains(e.Hint, "toInteger") {
		t.Errorf("hint %q phase %v", e.Hint, e.Phase)
	}
	_, err = Resolve("foo", []Type{Any})
	if e := wantErr(t, err, cyqerr.SyntaxError, "UnknownFunction"); e.Hint != "" {
		t.Errorf("unexpected hint %q", e.Hint)
	}
	_, err = Resolve("abs", []Type{Int, Int})
	wantErr(t, err, cyqerr.SyntaxError, "InvalidNumberOfArguments")
	for _, c := range []struct {
		fn  string
		arg Type
	}{
		{"labels", Path}, {"properties", Int}, {"properties", String}, {"properties", List(Bool)},
		{"type", Node}, {"length", Node}, {"length", Rel}, {"abs", String}, {"toUpper", Int},
	} {
		_, err = Resolve(c.fn, []Type{c.arg})
		if e := wantErr(t, err, cyqerr.SyntaxError, "InvalidArgumentType"); e.Phase != cyqerr.CompileTime {
			t.Errorf("%s(%s): phase %v", c.fn, c.arg, e.Phase)
		}
	}
	// Unknown (zero) and null types are accepted everywhere.
	if _, err := Resolve("labels", []Type{{}}); err != nil {
		t.Error(err)
	}
	if _, err := Resolve("labels", []Type{NullType}); err != nil {
		t.Error(err)
	}
	if _, err := Resolve("labels", []Type{Union(Node, Int)}); err != nil {
		t.Error(err)
	}
	// List element types are checked one level deep.
	if _, err := Resolve("split", []Type{String, List(Int)}); err == nil {
		t.Error("split(s, LIST<INTEGER>) should not resolve")
	}
	for _, arg := range []Type{TypeOf(L(null)), TypeOf(L()), List(Union(Int, String)), AnyList} {
		if _, err := Resolve("split", []Type{String, arg}); err != nil {
			t.Errorf("split(s, %s): %v", arg, err)
		}
	}
	if _, err := Resolve("count", []Type{Any}); err != nil {
		t.Error(err)
	}
}

func TestContextCancel(t *testing.T) {
	cctx, cancel := context.WithCancel(t.Context())
	ctx := NewContext(cctx, nil)
	if err := ctx.Err(); err != nil {
		t.Fatal(err)
	}
	cancel()
	_, err := call(ctx, "range", I(0), I(1_000_000))
	if e := cyqerr.As(err); e == nil || e.Type != cyqerr.Cancelled {
		t.Errorf("range after cancel: %v", err)
	}
	var nilCtx *Context
	if nilCtx.Err() != nil || nilCtx.StatementTime().IsZero() {
		t.Error("nil Context")
	}
}

func TestTypeString(t *testing.T) {
	for _, c := range []struct {
		t    Type
		want string
	}{
		{Any, "ANY"}, {Int, "INTEGER"}, {Number, "NUMBER"}, {NullType, "NULL"},
		{List(String), "LIST<STRING>"}, {AnyList, "LIST<ANY>"},
		{Union(String, AnyList), "STRING | LIST<ANY>"}, {Temporal, "TEMPORAL"},
		{Union(Vector, List(Number)), "LIST<NUMBER> | VECTOR"}, {Union(Map, Node, Rel), "MAP | NODE | RELATIONSHIP"},
	} {
		if got := c.t.String(); got != c.want {
			t.Errorf("got %q want %q", got, c.want)
		}
	}
	if !Number.Accepts(TypeOf(value.Int(1))) || Number.Accepts(TypeOf(value.String("x"))) {
		t.Error("Accepts")
	}
}

func TestSignature(t *testing.T) {
	f, _ := Lookup("round")
	if got := f.Overloads[2].Signature(); got != "round(x :: NUMBER, precision :: INTEGER, mode :: STRING) :: FLOAT" {
		t.Error(got)
	}
	f, _ = Lookup("coalesce")
	if got := f.Overloads[0].Signature(); got != "coalesce(expression :: ANY...) :: ANY" {
		t.Error(got)
	}
}

func TestResultType(t *testing.T) {
	res := func(fn string, args ...Type) Type {
		t.Helper()
		o, err := Resolve(fn, args)
		if err != nil {
			t.Fatal(err)
		}
		return o.ResultType(args)
	}
	for _, c := range []struct {
		got, want Type
	}{
		{res("abs", Int), Int},
		{res("abs", Float), Float},
		{res("abs", Number), Number},
		{res("abs", Type{}), Number},
		{res("head", List(String)), Union(String, NullType)},
		{res("head", AnyList), Any},
		{res("tail", List(Int)), List(Int)},
		{res("coalesce", NullType, Int, String), Union(NullType, Int, String)},
		{res("reverse", String), String},
		{res("sum", Int), Int},
		{res("sum", Number), Union(Number, Duration)},
		{res("min", String), String},
		{res("collect", Node), List(Node)},
		{res("percentileDisc", Float, Float), Float},
		{res("toInteger", Any), Int},
	} {
		if c.got != c.want {
			t.Errorf("got %s (%+v), want %s (%+v)", c.got, c.got, c.want, c.want)
		}
	}
}
