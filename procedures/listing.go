package procedures

import (
	"sort"
	"strings"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/internal/engine"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// The listing procedures behind SHOW INDEXES, SHOW CONSTRAINTS, SHOW
// PROCEDURES and SHOW FUNCTIONS, with the columns Neo4j 5's SHOW commands
// yield.

var indexColumns = []vm.ProcParam{
	{Name: "id", Type: "INTEGER"}, {Name: "name", Type: "STRING"}, {Name: "state", Type: "STRING"},
	{Name: "populationPercent", Type: "FLOAT"}, {Name: "type", Type: "STRING"}, {Name: "entityType", Type: "STRING"},
	{Name: "labelsOrTypes", Type: "LIST<STRING>"}, {Name: "properties", Type: "LIST<STRING>"},
	{Name: "indexProvider", Type: "STRING"}, {Name: "owningConstraint", Type: "STRING?"},
}

var constraintColumns = []vm.ProcParam{
	{Name: "id", Type: "INTEGER"}, {Name: "name", Type: "STRING"}, {Name: "type", Type: "STRING"},
	{Name: "entityType", Type: "STRING"}, {Name: "labelsOrTypes", Type: "LIST<STRING>"},
	{Name: "properties", Type: "LIST<STRING>"}, {Name: "ownedIndex", Type: "STRING?"},
}

// registerListing registers db.indexes, db.constraints, dbms.procedures
// and dbms.functions.
func registerListing(eng *engine.Engine) {
	eng.RegisterProcedure(&vm.Procedure{Name: "db.indexes", ReadOnly: true,
		Doc:    "Lists the indexes: range indexes on a label and property (those backing a uniqueness constraint name it in owningConstraint), full-text and vector indexes. An optional kind ('RANGE', 'FULLTEXT', 'VECTOR', ...) keeps only the indexes of that type.",
		Params: []vm.ProcParam{kindParam}, Outputs: indexColumns, Fn: listIndexes})
	eng.RegisterProcedure(&vm.Procedure{Name: "db.constraints", ReadOnly: true,
		Doc:    "Lists the constraints, with the index that backs each. An optional kind ('UNIQUENESS', 'KEY', 'EXISTENCE') keeps only the constraints of that type.",
		Params: []vm.ProcParam{kindParam}, Outputs: constraintColumns, Fn: listConstraints})
	eng.RegisterProcedure(&vm.Procedure{Name: "dbms.procedures", ReadOnly: true,
		Doc: "Lists the procedures that CALL can run, with their signatures.",
		Outputs: []vm.ProcParam{{Name: "name", Type: "STRING"}, {Name: "signature", Type: "STRING"},
			{Name: "description", Type: "STRING"}, {Name: "mode", Type: "STRING"}, {Name: "worksOnSystem", Type: "BOOLEAN"}},
		Fn: func(*vm.Ctx, []value.Value) ([][]value.Value, error) {
			var out [][]value.Value
			for _, p := range eng.Procedures() {
				mode := "READ"
				if !p.ReadOnly {
					mode = "WRITE"
				}
				out = append(out, []value.Value{value.String(p.Name), value.String(procSignature(p)), value.String(p.Doc), value.String(mode), value.Bool(false)})
			}
			return out, nil
		}})
	eng.RegisterProcedure(&vm.Procedure{Name: "dbms.functions", ReadOnly: true,
		Doc:    "Lists the built-in functions, with their categories and signatures. An optional kind 'USER DEFINED' lists none: cyq has only built-in functions.",
		Params: []vm.ProcParam{kindParam},
		Outputs: []vm.ProcParam{{Name: "name", Type: "STRING"}, {Name: "category", Type: "STRING"},
			{Name: "description", Type: "STRING"}, {Name: "signature", Type: "STRING"},
			{Name: "isBuiltIn", Type: "BOOLEAN"}, {Name: "aggregating", Type: "BOOLEAN"}},
		Fn: func(_ *vm.Ctx, args []value.Value) ([][]value.Value, error) {
			if kindArg(args) == "USER DEFINED" {
				return nil, nil
			}
			fs := functions.All()
			sort.Slice(fs, func(i, j int) bool { return displayName(fs[i]) < displayName(fs[j]) })
			var out [][]value.Value
			for _, f := range fs {
				sigs := make([]string, len(f.Overloads))
				for i := range f.Overloads {
					sigs[i] = f.Overloads[i].Signature()
				}
				out = append(out, []value.Value{value.String(displayName(f)), value.String(f.Category), value.String(f.Doc),
					value.String(strings.Join(sigs, "; ")), value.Bool(true), value.Bool(f.Aggregate)})
			}
			return out, nil
		}})
}

// kindParam is the optional kind a listing procedure keeps.
var kindParam = vm.ProcParam{Name: "kind", Type: "STRING?", Optional: true}

// kindArg is the kind argument of a listing procedure, upper case ("" when
// absent, null or ALL).
func kindArg(args []value.Value) string {
	if len(args) == 0 {
		return ""
	}
	s, ok := args[0].(value.String)
	if !ok || strings.EqualFold(string(s), "ALL") {
		return ""
	}
	return strings.ToUpper(string(s))
}

// keepKind keeps the rows whose column col equals kind (all when kind is "").
func keepKind(rows [][]value.Value, col int, kind string) [][]value.Value {
	if kind == "" {
		return rows
	}
	var out [][]value.Value
	for _, r := range rows {
		if r[col] == value.String(kind) {
			out = append(out, r)
		}
	}
	return out
}

func displayName(f *functions.Func) string {
	if f.Display != "" {
		return f.Display
	}
	return f.Name
}

func procSignature(p *vm.Procedure) string {
	param := func(ps []vm.ProcParam) string {
		parts := make([]string, len(ps))
		for i, x := range ps {
			parts[i] = x.Name + " :: " + x.Type
		}
		return strings.Join(parts, ", ")
	}
	return p.Name + "(" + param(p.Params) + ") :: (" + param(p.Outputs) + ")"
}

// rangeIndexName is the name SHOW gives a range index: cyq does not store
// names for them.
func rangeIndexName(r storage.Reader, ix storage.IndexInfo) (index, constraint string) {
	base := r.LabelName(ix.Label) + "_" + r.PropKeyName(ix.Key)
	return "index_" + base, "constraint_" + base
}

func strList(ss []string) value.List {
	out := make(value.List, len(ss))
	for i, s := range ss {
		out[i] = value.String(s)
	}
	return out
}

func listIndexes(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
	r, ok := engine.ReaderOf(ctx)
	if !ok {
		return nil, nil
	}
	var out [][]value.Value
	for _, ix := range r.Indexes() {
		name, cons := rangeIndexName(r, ix)
		var owner value.Value = value.NullValue
		if ix.Unique {
			owner = value.String(cons)
		}
		out = append(out, []value.Value{nil, value.String(name), value.String("ONLINE"), value.Float(100), value.String("RANGE"),
			value.String("NODE"), strList([]string{r.LabelName(ix.Label)}), strList([]string{r.PropKeyName(ix.Key)}),
			value.String("range-1.0"), owner})
	}
	for _, sx := range storage.SearchIndexes(r) {
		provider := "fulltext-1.0"
		if sx.Kind == storage.SearchVector {
			provider = "vector-2.0"
		}
		out = append(out, []value.Value{nil, value.String(sx.Name), value.String("ONLINE"), value.Float(100), value.String(sx.Kind.String()),
			value.String("NODE"), strList(sx.Labels), strList(sx.Props), value.String(provider), value.NullValue})
	}
	return numbered(keepKind(out, 4, kindArg(args))), nil
}

// numbered sorts listing rows by name (column 1) and numbers them in
// column 0.
func numbered(out [][]value.Value) [][]value.Value {
	sort.Slice(out, func(i, j int) bool { return out[i][1].(value.String) < out[j][1].(value.String) })
	for i := range out {
		out[i][0] = value.Int(i + 1)
	}
	return out
}

func listConstraints(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
	r, ok := engine.ReaderOf(ctx)
	if !ok {
		return nil, nil
	}
	var out [][]value.Value
	for _, ix := range r.Indexes() {
		if !ix.Unique {
			continue
		}
		index, name := rangeIndexName(r, ix)
		out = append(out, []value.Value{nil, value.String(name), value.String("UNIQUENESS"), value.String("NODE"),
			strList([]string{r.LabelName(ix.Label)}), strList([]string{r.PropKeyName(ix.Key)}), value.String(index)})
	}
	kind := kindArg(args)
	if kind == "UNIQUE" {
		kind = "UNIQUENESS"
	}
	return numbered(keepKind(out, 2, kind)), nil
}
