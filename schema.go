package cyq

import (
	"context"
	"errors"
	"sort"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// schemaCommand runs CREATE/DROP INDEX and CONSTRAINT.
func (db *DB) schemaCommand(ctx context.Context, g *storage.Graph, st *ast.Statement, src string) (*Rows, error) {
	if db.opts.ReadOnly {
		return nil, cyqerr.Compile(cyqerr.AccessDenied, "ReadOnly", "schema commands change the store, which is open read-only")
	}
	unsupported := func(what string) error {
		e := cyqerr.Compile(cyqerr.SemanticError, "Unsupported", "%s is not supported yet", what)
		return e.At(src, st.Command.NodeSpan().Start)
	}
	tx, err := g.Begin(ctx)
	if err != nil {
		return nil, mapStorageErr(err)
	}
	defer tx.Rollback()
	exists := func(err error, ok bool) error {
		if errors.Is(err, storage.ErrExists) && ok {
			return nil
		}
		if errors.Is(err, storage.ErrNotFound) && ok {
			return nil
		}
		return mapStorageErr(err)
	}
	// FULLTEXT and VECTOR indexes, DROP INDEX name (search_procs.go).
	if handled, err := db.searchSchema(tx, st.Command, src); err != nil {
		return nil, err
	} else if handled {
		if err := tx.Commit(); err != nil {
			return nil, mapStorageErr(err)
		}
		db.plans.invalidate()
		return &Rows{pos: -1}, nil
	}
	switch c := st.Command.(type) {
	case *ast.CreateIndex:
		if c.Kind != ast.IndexRange || c.Rel || len(c.Labels) != 1 || len(c.Props) != 1 {
			return nil, unsupported("this kind of index")
		}
		l, err := tx.LabelIDOrCreate(c.Labels[0])
		if err != nil {
			return nil, mapStorageErr(err)
		}
		k, err := tx.PropKeyIDOrCreate(c.Props[0])
		if err != nil {
			return nil, mapStorageErr(err)
		}
		if err := exists(tx.CreateIndex(l, k), c.IfNotExists); err != nil {
			return nil, err
		}
	case *ast.DropIndex:
		if !c.Legacy || len(c.Labels) != 1 || len(c.Props) != 1 {
			return nil, unsupported("dropping an index by name")
		}
		l, ok1 := tx.LabelID(c.Labels[0])
		k, ok2 := tx.PropKeyID(c.Props[0])
		if !ok1 || !ok2 {
			return nil, cyqerr.Compile(cyqerr.SemanticError, "IndexNotFound", "there is no index on :%s(%s)", c.Labels[0], c.Props[0])
		}
		if err := exists(tx.DropIndex(l, k), c.IfExists); err != nil {
			return nil, err
		}
	case *ast.CreateConstraint:
		if c.Kind != ast.ConstraintUnique || c.Rel || len(c.Props) != 1 {
			return nil, unsupported("this kind of constraint")
		}
		l, err := tx.LabelIDOrCreate(c.Label)
		if err != nil {
			return nil, mapStorageErr(err)
		}
		k, err := tx.PropKeyIDOrCreate(c.Props[0])
		if err != nil {
			return nil, mapStorageErr(err)
		}
		if err := exists(tx.CreateUniqueConstraint(l, k), c.IfNotExists); err != nil {
			return nil, err
		}
	default:
		return nil, unsupported("this schema command")
	}
	if err := tx.Commit(); err != nil {
		return nil, mapStorageErr(err)
	}
	db.plans.invalidate()
	return &Rows{pos: -1}, nil
}

// registerBuiltins registers the built-in procedures.
func (db *DB) registerBuiltins() {
	names := func(list func(storage.Reader) []string) func(ctx *vm.Ctx, _ []value.Value) ([][]value.Value, error) {
		return func(ctx *vm.Ctx, _ []value.Value) ([][]value.Value, error) {
			gv, ok := ctx.Graph.(graphView)
			if !ok {
				return nil, nil
			}
			ns := list(gv.r)
			sort.Strings(ns)
			out := make([][]value.Value, len(ns))
			for i, n := range ns {
				out[i] = []value.Value{value.String(n)}
			}
			return out, nil
		}
	}
	inUse := func(get func(r storage.Reader) []string) func(storage.Reader) []string { return get }
	db.procs["db.labels"] = &vm.Procedure{Name: "db.labels", ReadOnly: true, Doc: "Lists the labels in use.",
		Outputs: []vm.ProcParam{{Name: "label", Type: "STRING"}},
		Fn: names(inUse(func(r storage.Reader) []string {
			var out []string
			for _, l := range r.Labels() {
				if id, ok := r.LabelID(l); ok && !r.NodesWithLabel(id).IsEmpty() {
					out = append(out, l)
				}
			}
			return out
		}))}
	db.procs["db.relationshiptypes"] = &vm.Procedure{Name: "db.relationshipTypes", ReadOnly: true, Doc: "Lists the relationship types in use.",
		Outputs: []vm.ProcParam{{Name: "relationshipType", Type: "STRING"}},
		Fn: names(func(r storage.Reader) []string {
			st := r.Stats()
			var out []string
			for _, t := range r.Types() {
				if id, ok := r.TypeID(t); ok && st.RelsPerType[id] > 0 {
					out = append(out, t)
				}
			}
			return out
		})}
	db.procs["db.propertykeys"] = &vm.Procedure{Name: "db.propertyKeys", ReadOnly: true, Doc: "Lists the property keys.",
		Outputs: []vm.ProcParam{{Name: "propertyKey", Type: "STRING"}},
		Fn:      names(func(r storage.Reader) []string { return r.PropKeys() })}
	db.procs["db.schema.visualization"] = &vm.Procedure{Name: "db.schema.visualization", ReadOnly: true,
		Doc:     "Describes the graph's schema from its statistics: one map per label {name, count} and one per (start label, type, end label) pattern {start, type, end, count}.",
		Outputs: []vm.ProcParam{{Name: "nodes", Type: "LIST<MAP>"}, {Name: "relationships", Type: "LIST<MAP>"}},
		Fn:      schemaVisualization}
}

// schemaVisualization answers db.schema.visualization(). Labels and
// relationship patterns are given as maps rather than virtual nodes and
// relationships, which could be mistaken for stored ones.
func schemaVisualization(ctx *vm.Ctx, _ []value.Value) ([][]value.Value, error) {
	gv, ok := ctx.Graph.(graphView)
	if !ok {
		return nil, nil
	}
	r := gv.r
	st := r.Stats()
	nodes := value.List{}
	labels := r.Labels()
	sort.Strings(labels)
	for _, l := range labels {
		id, _ := r.LabelID(l)
		if n := st.NodesPerLabel[id]; n > 0 {
			nodes = append(nodes, value.Map{"name": value.String(l), "count": value.Int(int64(n))})
		}
	}
	rels := value.List{}
	name := func(id uint32) value.Value {
		if id == storage.AnyLabel {
			return value.NullValue
		}
		return value.String(r.LabelName(id))
	}
	for p, n := range st.RelsPerPattern {
		if n == 0 || p.Start == storage.AnyLabel || p.End == storage.AnyLabel {
			continue // label-less ends are summarised by the labelled patterns
		}
		rels = append(rels, value.Map{"start": name(p.Start), "type": value.String(r.TypeName(p.Type)), "end": name(p.End), "count": value.Int(int64(n))})
	}
	key := func(v value.Value) string {
		m := v.(value.Map)
		return value.Format(value.List{m["type"], m["start"], m["end"]})
	}
	sort.Slice(rels, func(i, j int) bool { return key(rels[i]) < key(rels[j]) })
	return [][]value.Value{{nodes, rels}}, nil
}
