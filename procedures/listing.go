package procedures

import (
	"fmt"
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
	{Name: "labelsOrTypes", Type: "LIST<STRING>?"}, {Name: "properties", Type: "LIST<STRING>?"},
	{Name: "indexProvider", Type: "STRING"}, {Name: "owningConstraint", Type: "STRING?"},
	{Name: "lastRead", Type: "ZONED DATETIME?"}, {Name: "readCount", Type: "INTEGER?"},
	{Name: "trackedSince", Type: "ZONED DATETIME?"}, {Name: "options", Type: "MAP"},
	{Name: "failureMessage", Type: "STRING"}, {Name: "createStatement", Type: "STRING"},
}

var constraintColumns = []vm.ProcParam{
	{Name: "id", Type: "INTEGER"}, {Name: "name", Type: "STRING"}, {Name: "type", Type: "STRING"},
	{Name: "entityType", Type: "STRING"}, {Name: "labelsOrTypes", Type: "LIST<STRING>"},
	{Name: "properties", Type: "LIST<STRING>"}, {Name: "ownedIndex", Type: "STRING?"},
	{Name: "propertyType", Type: "STRING?"}, {Name: "options", Type: "MAP?"}, {Name: "createStatement", Type: "STRING"},
}

// registerListing registers db.indexes, db.constraints, dbms.procedures
// and dbms.functions.
func registerListing(eng *engine.Engine) {
	eng.RegisterProcedure(&vm.Procedure{Name: "db.indexes", ReadOnly: true,
		Doc:    "Lists the indexes with the columns of Neo4j's SHOW INDEXES: range, text and lookup indexes, the indexes of uniqueness and key constraints (naming the constraint in owningConstraint), full-text and vector indexes. cyq does not track reads: lastRead, readCount and trackedSince are null. An optional kind ('RANGE', 'TEXT', 'FULLTEXT', 'VECTOR', 'LOOKUP', 'POINT') keeps only the indexes of that type.",
		Params: []vm.ProcParam{kindParam}, Outputs: indexColumns, Fn: listIndexes})
	eng.RegisterProcedure(&vm.Procedure{Name: "db.constraints", ReadOnly: true,
		Doc:    "Lists the constraints with the columns of Neo4j's SHOW CONSTRAINTS, with the index that backs each uniqueness and key constraint. An optional kind ('UNIQUENESS', 'KEY', 'EXISTENCE', 'PROPERTY TYPE', each optionally after NODE or RELATIONSHIP) keeps only the constraints of that kind.",
		Params: []vm.ProcParam{kindParam}, Outputs: constraintColumns, Fn: listConstraints})
	// Indexes are built in the transaction that creates them and kept
	// current by every commit: there is nothing to wait for or resample,
	// but a named index must exist.
	indexExists := func(name string) func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
		return func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
			if len(args) == 0 {
				return nil, nil
			}
			idx, err := stringArg(name, args[0], "the index name")
			if err != nil {
				return nil, err
			}
			rows, err := listIndexes(ctx, nil)
			if err != nil {
				return nil, err
			}
			for _, row := range rows {
				if row[1] == value.String(idx) {
					return nil, nil
				}
			}
			return nil, procErr(name, "there is no index named %q (SHOW INDEXES lists them)", idx)
		}
	}
	timeout := vm.ProcParam{Name: "timeOutSeconds", Type: "INTEGER?", Optional: true}
	eng.RegisterProcedure(&vm.Procedure{Name: "db.awaitIndexes", ReadOnly: true,
		Doc:    "Waits for every index to come online: in cyq indexes are online once the statement that creates them commits, so it returns at once.",
		Params: []vm.ProcParam{timeout}, Fn: func(*vm.Ctx, []value.Value) ([][]value.Value, error) { return nil, nil }})
	eng.RegisterProcedure(&vm.Procedure{Name: "db.awaitIndex", ReadOnly: true,
		Doc:    "Waits for the named index to come online: in cyq it is online once created, so this only checks that it exists.",
		Params: []vm.ProcParam{{Name: "indexName", Type: "STRING"}, timeout}, Fn: indexExists("db.awaitIndex")})
	eng.RegisterProcedure(&vm.Procedure{Name: "db.resampleIndex", ReadOnly: true,
		Doc:    "Resamples the statistics of the named index: cyq keeps them current at every commit, so this only checks that it exists.",
		Params: []vm.ProcParam{{Name: "indexName", Type: "STRING"}}, Fn: indexExists("db.resampleIndex")})
	eng.RegisterProcedure(&vm.Procedure{Name: "db.resampleOutdatedIndexes", ReadOnly: true,
		Doc: "Resamples outdated index statistics: cyq keeps them current at every commit, so there are none.",
		Fn:  func(*vm.Ctx, []value.Value) ([][]value.Value, error) { return nil, nil }})
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

// legacyIndexName is the name SHOW gives a property index of a store
// written before indexes had names.
func legacyIndexName(r storage.Reader, ix storage.IndexInfo) (index, constraint string) {
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

func strOrNull(s string) value.Value {
	if s == "" {
		return value.NullValue
	}
	return value.String(s)
}

// indexRow is one row of SHOW INDEXES.
func indexRow(name, typ string, rel bool, labels, props []string, owner string, options value.Map, create string) []value.Value {
	ent := "NODE"
	if rel {
		ent = "RELATIONSHIP"
	}
	var lv, pv value.Value = strList(labels), strList(props)
	if typ == storage.SchemaLookup {
		lv, pv = value.NullValue, value.NullValue
	}
	return []value.Value{nil, value.String(name), value.String("ONLINE"), value.Float(100), value.String(typ),
		value.String(ent), lv, pv, value.String(engine.IndexProvider(typ)), strOrNull(owner),
		value.NullValue, value.NullValue, value.NullValue, options, value.String(""), value.String(create)}
}

func rangeOptions(typ string) value.Map {
	return value.Map{"indexProvider": value.String(engine.IndexProvider(typ)), "indexConfig": value.Map{}}
}

func listIndexes(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
	r, ok := engine.ReaderOf(ctx)
	if !ok {
		return nil, nil
	}
	var out [][]value.Value
	covered := map[[2]string]bool{} // node property indexes the catalog accounts for
	for _, d := range storage.SchemaDefs(r) {
		switch {
		case !d.Constraint:
			out = append(out, indexRow(d.Name, d.Type, d.Rel, d.Labels, d.Props, "", rangeOptions(d.Type), engine.CreateStatement(&d)))
		case d.Type == storage.SchemaUnique || d.Type == storage.SchemaKey:
			pat := "(n:`" + d.Labels[0] + "`)"
			if d.Rel {
				pat = "()-[r:`" + d.Labels[0] + "`]-()"
			}
			v := pat[1:2]
			if d.Rel {
				v = "r"
			}
			refs := make([]string, len(d.Props))
			for i, p := range d.Props {
				refs[i] = v + ".`" + p + "`"
			}
			create := "CREATE RANGE INDEX `" + d.Name + "` FOR " + pat + " ON (" + strings.Join(refs, ", ") + ")"
			out = append(out, indexRow(d.Name, storage.SchemaRange, d.Rel, d.Labels, d.Props, d.Name, rangeOptions(storage.SchemaRange), create))
		}
		// The property index behind the definition (for a uniqueness or
		// key constraint on several properties, the one on the first).
		if !d.Rel && len(d.Labels) == 1 && (len(d.Props) == 1 || d.Type == storage.SchemaUnique || d.Type == storage.SchemaKey) {
			covered[[2]string{d.Labels[0], d.Props[0]}] = true
		}
	}
	for _, ix := range r.Indexes() {
		l, k := r.LabelName(ix.Label), r.PropKeyName(ix.Key)
		if covered[[2]string{l, k}] {
			continue
		}
		name, cons := legacyIndexName(r, ix)
		owner := ""
		if ix.Unique {
			owner = cons
		}
		create := "CREATE RANGE INDEX `" + name + "` FOR (n:`" + l + "`) ON (n.`" + k + "`)"
		out = append(out, indexRow(name, storage.SchemaRange, false, []string{l}, []string{k}, owner, rangeOptions(storage.SchemaRange), create))
	}
	for _, sx := range storage.SearchIndexes(r) {
		cfg := value.Map{"fulltext.analyzer": value.String("standard-no-stop-words"), "fulltext.eventually_consistent": value.Bool(false)}
		if sx.Kind == storage.SearchVector {
			cfg = value.Map{"vector.dimensions": value.Int(sx.Dim), "vector.similarity_function": value.String(strings.ToUpper(sx.Similarity))}
		}
		opts := value.Map{"indexProvider": value.String(engine.IndexProvider(sx.Kind.String())), "indexConfig": cfg}
		out = append(out, indexRow(sx.Name, sx.Kind.String(), sx.Rel, sx.Labels, sx.Props, "", opts, engine.SearchCreateStatement(sx.SearchIndexDef)))
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

// constraintKinds maps the kind SHOW ... CONSTRAINTS and db.constraints
// take to a catalog type.
var constraintKinds = map[string]string{
	"UNIQUE": storage.SchemaUnique, "UNIQUENESS": storage.SchemaUnique, "KEY": storage.SchemaKey,
	"EXISTENCE": storage.SchemaExistence, "EXISTS": storage.SchemaExistence, "PROPERTY EXISTENCE": storage.SchemaExistence,
	"PROPERTY TYPE": storage.SchemaPropertyType,
}

func listConstraints(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
	r, ok := engine.ReaderOf(ctx)
	if !ok {
		return nil, nil
	}
	// The kind filter: [NODE | RELATIONSHIP] kind.
	kind := kindArg(args)
	entity := ""
	for _, e := range []string{"NODE ", "RELATIONSHIP ", "REL "} {
		if strings.HasPrefix(kind, e) {
			entity, kind = strings.TrimSpace(e), strings.TrimPrefix(kind, e)
		}
	}
	if entity == "REL" {
		entity = "RELATIONSHIP"
	}
	want, known := constraintKinds[kind]
	if kind != "" && !known {
		return nil, fmt.Errorf("unknown kind of constraint %q: want UNIQUENESS, KEY, EXISTENCE or PROPERTY TYPE, optionally after NODE or RELATIONSHIP", kindArg(args))
	}
	var out [][]value.Value
	covered := map[[2]string]bool{}
	for _, d := range storage.SchemaDefs(r) {
		if !d.Constraint {
			continue
		}
		if !d.Rel && len(d.Props) == 1 && (d.Type == storage.SchemaUnique || d.Type == storage.SchemaKey) {
			covered[[2]string{d.Labels[0], d.Props[0]}] = true
		}
		if want != "" && d.Type != want || entity != "" && d.Entity() != entity {
			continue
		}
		owned, ptype := "", strings.Join(d.PropTypes, " | ")
		var opts value.Value = value.NullValue
		if d.Type == storage.SchemaUnique || d.Type == storage.SchemaKey {
			owned, opts = d.Name, rangeOptions(storage.SchemaRange)
		}
		out = append(out, []value.Value{nil, value.String(d.Name), value.String(engine.ConstraintType(&d)), value.String(d.Entity()),
			strList(d.Labels), strList(d.Props), strOrNull(owned), strOrNull(ptype), opts, value.String(engine.CreateStatement(&d))})
	}
	if (want == "" || want == storage.SchemaUnique) && entity != "RELATIONSHIP" {
		for _, ix := range r.Indexes() {
			l, k := r.LabelName(ix.Label), r.PropKeyName(ix.Key)
			if !ix.Unique || covered[[2]string{l, k}] {
				continue
			}
			index, name := legacyIndexName(r, ix)
			create := "CREATE CONSTRAINT `" + name + "` FOR (n:`" + l + "`) REQUIRE (n.`" + k + "`) IS UNIQUE"
			out = append(out, []value.Value{nil, value.String(name), value.String("UNIQUENESS"), value.String("NODE"),
				strList([]string{l}), strList([]string{k}), value.String(index), value.NullValue, rangeOptions(storage.SchemaRange), value.String(create)})
		}
	}
	return numbered(out), nil
}
