package logical

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	cypher "github.com/cyqdb/cyq/parser/ast"
)

// sampleOps holds one value of every operator, with nested pipelines
// filled in where the operator owns some.
func sampleOps() []Op {
	inner := []Op{NodeScan{Var: "m"}, Expand{From: "m", Rel: "r", To: "k"}}
	return []Op{
		Start{},
		NodeScan{Var: "n", Label: "Person"},
		NodeIndexSeek{Var: "n", Label: "Person", Key: "name"},
		NodeRangeSeek{Var: "n", Label: "Person", Key: "age"},
		NodeSetSeek{Var: "n", ElementIDs: true},
		Expand{From: "a", Rel: "r", To: "b", Dir: cypher.DirRight},
		VarExpand{From: "a", RelList: "rs", To: "b", Min: 1, Max: -1},
		ExpandChain{From: "a", To: "c", Hops: []Hop{{Dir: cypher.DirRight}, {Dir: cypher.DirLeft}}},
		ExpandCommon{A: "a", B: "b", X: "x"},
		SemiJoin{Probe: "c", Key: "a", Scan: true, Label: "L", Build: &Pipeline{Ops: []Op{ExpandChain{From: "a", To: "c", Hops: []Hop{{Dir: cypher.DirRight}}}}}},
		Mark{Var: "m", Join: SemiJoin{Probe: "c", Key: "a", Build: &Pipeline{Ops: []Op{ExpandChain{From: "a", To: "c", Hops: []Hop{{Dir: cypher.DirRight}}}}}}},
		ValueJoin{Build: &Pipeline{Ops: inner}, Vars: []string{"m", "k"}, ProbeKeys: []cypher.Expr{&cypher.Variable{Name: "x"}}, BuildKeys: []cypher.Expr{&cypher.Variable{Name: "k"}}},
		KeyCount{Build: &Pipeline{Ops: inner}, ProbeKeys: []cypher.Expr{&cypher.Variable{Name: "x"}}, BuildKeys: []cypher.Expr{&cypher.Variable{Name: "k"}}, Into: "n"},
		WalkCount{Probe: "c", Build: &Pipeline{Ops: []Op{NodeScan{Var: "a"}, Expand{From: "a", Rel: "r", To: "c", Dir: cypher.DirRight}}}},
		ShortestPath{From: "a", To: "b", Path: "p", Min: 1, Max: 5},
		Degree{Var: "a", Into: "d"},
		CycleCount{Var: "a", Into: "c"},
		TypeCounts{Key: "t", Counts: []string{"c"}},
		NodeFilter{Var: "n"},
		RelFilter{Var: "r"},
		Filter{Vectorised: true},
		Optional{Inner: inner, NewVars: []string{"m", "k"}},
		PathBind{Var: "p", Nodes: []string{"a", "b"}, Rels: []string{"r"}},
		Project{Items: []Item{{Name: "x"}}},
		Unwind{Var: "x"},
		Select{Vars: []string{"x"}},
		Emit{Columns: []string{"x"}},
		Aggregate{Keys: []Item{{Name: "k"}}, Aggs: []AggCall{{Call: &cypher.FunctionCall{Name: "count"}, Name: "c"}}},
		Distinct{Vars: []string{"x"}},
		Sort{Keys: []SortKey{{Desc: true}}},
		Skip{},
		Limit{},
		Eager{},
		Create{},
		Merge{Match: inner, NewVars: []string{"m"}},
		SetProps{},
		RemoveProps{},
		Delete{Detach: true},
		Foreach{Var: "x", Body: []Op{SetProps{}}},
		CallSubquery{Body: &Pipeline{Ops: inner}, Columns: []string{"k"}},
		CallInTransactions{Body: &Pipeline{Ops: inner}, Columns: []string{"k"}, Rows: &cypher.Literal{Kind: cypher.LitInt, Int: 10}},
		ProcCall{Proc: "db.labels"},
		LoadCSV{Var: "row"},
		CollectGraph{Columns: []string{"n"}},
		WorkingSeek{Var: "n", Param: "W_IDS", ElementIDs: true},
	}
}

// TestSampleOpsCoverEveryOperator checks that sampleOps has a value of
// every type in this package that implements Op (every type with a
// Breaker method), so the tests below see new operators too.
func TestSampleOpsCoverEveryOperator(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	declared := map[string]bool{}
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || fn.Name.Name != "Breaker" {
				continue
			}
			typ := fn.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			declared[typ.(*ast.Ident).Name] = true
		}
	}
	sampled := map[string]bool{}
	for _, op := range sampleOps() {
		sampled[reflect.TypeOf(op).Name()] = true
	}
	var missing []string
	for name := range declared {
		if !sampled[name] {
			missing = append(missing, name)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("sampleOps lacks operators %v", missing)
	}
	if len(declared) != len(sampleOps()) {
		t.Errorf("%d operators declared, %d sampled", len(declared), len(sampleOps()))
	}
}

// TestWithChildrenRoundTrip checks that every operator rebuilt from its
// own children equals the original, that new children replace the old
// ones in a copy, and that a wrong number of children is an error.
func TestWithChildrenRoundTrip(t *testing.T) {
	for _, op := range sampleOps() {
		children := op.Children()
		same, err := op.WithChildren(children...)
		if err != nil {
			t.Errorf("%s: WithChildren(Children()): %v", op.Name(), err)
			continue
		}
		if !reflect.DeepEqual(same, op) {
			t.Errorf("%s: WithChildren(Children()) = %#v, want %#v", op.Name(), same, op)
		}
		if _, err := op.WithChildren(append(children, &Pipeline{})...); err == nil {
			t.Errorf("%s: WithChildren with %d children: no error", op.Name(), len(children)+1)
		}
		if len(children) == 0 {
			continue
		}
		before := op.String()
		fresh := make([]*Pipeline, len(children))
		for i := range fresh {
			fresh[i] = &Pipeline{Ops: []Op{Start{}, Unwind{Var: "fresh"}}}
		}
		changed, err := op.WithChildren(fresh...)
		if err != nil {
			t.Fatalf("%s: %v", op.Name(), err)
		}
		if got := changed.Children(); !reflect.DeepEqual(got, fresh) {
			t.Errorf("%s: Children after WithChildren = %v, want %v", op.Name(), got, fresh)
		}
		if op.String() != before || !reflect.DeepEqual(op.Children(), children) {
			t.Errorf("%s: WithChildren changed the original", op.Name())
		}
	}
}

// TestString checks that String is the operator's EXPLAIN line.
func TestString(t *testing.T) {
	for _, tc := range []struct {
		op   Op
		want string
	}{
		{Start{}, "Start"},
		{NodeScan{Var: "n", Label: "Person"}, "NodeScan (n:Person) label scan"},
		{Expand{From: "a", Rel: " anon", To: "b", Dir: cypher.DirRight, Types: []string{"KNOWS"}}, "Expand (a)-[:KNOWS]->(b) mode=row"},
		{VarExpand{From: "a", RelList: "rs", To: "b", Min: 1, Max: -1, Dir: cypher.DirLeft}, "VarExpand (a)<-[rs*1..∞]-(b) mode=row"},
		{VarExpand{From: "a", RelList: "rs", To: "b", Min: 1, Max: 2, Dir: cypher.DirRight, Why: "`rs` is used later"}, "VarExpand (a)-[rs*1..2]->(b) mode=row: `rs` is used later"},
		{SemiJoin{Probe: "c", Key: "a", Anti: true, Scan: true, Label: "L", Build: &Pipeline{Ops: []Op{ExpandChain{From: "a", To: "c", Hops: []Hop{{Dir: cypher.DirRight}, {Dir: cypher.DirRight}}}}}}, "NodeScanAntiJoin (c:L) not in set of c built per a {ExpandSet (a)-[]->()-[]->(c) mode=set}"},
		{SemiJoin{Probe: "c", Build: &Pipeline{Ops: []Op{NodeScan{Var: "c", Label: "L"}}}}, "SemiJoin (c) in set of c built once {NodeScan (c:L) label scan}"},
		{Mark{Var: "m", Join: SemiJoin{Probe: "c", Build: &Pipeline{Ops: []Op{NodeScan{Var: "c", Label: "L"}}}}}, "SemiJoinMark m = (c) in set of c built once {NodeScan (c:L) label scan}"},
		{ShortestPath{From: "a", To: "b", Min: 1, Max: 3, All: true}, "AllShortestPaths (a)-[*1..3]-(b) bfs"},
		{ExpandChain{From: "a", To: "c", Hops: []Hop{{Dir: cypher.DirRight}, {Dir: cypher.DirRight}}}, "ExpandSet (a)-[]->()-[]->(c) mode=set"},
		{CycleCount{Var: "a", Hops: [3]Hop{{Dir: cypher.DirRight}, {Dir: cypher.DirRight}, {Dir: cypher.DirRight}}}, "CycleCount (a)-[]->()-[]->()-[]->(a) count, set intersections"},
		{Optional{Inner: []Op{Start{}, Expand{From: "a", To: "b"}}}, "Optional [Start ; Expand (a)-[]-(b) mode=row]"},
		{CallSubquery{Body: &Pipeline{Ops: []Op{Start{}, Emit{}}}, Columns: []string{"x"}}, "CallSubquery {Start > Emit} -> x"},
		{CallInTransactions{Body: &Pipeline{Ops: []Op{Start{}, Create{}}}, Rows: &cypher.Literal{Kind: cypher.LitInt, Int: 10}, OnError: cypher.OnErrorBreak, Status: "s"},
			"CallInTransactions {Start > Create} of 10 rows on error BREAK report status as s"},
	} {
		if got := tc.op.String(); got != tc.want {
			t.Errorf("String() = %q, want %q", got, tc.want)
		}
	}
}
