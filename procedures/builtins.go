package procedures

import (
	"sort"

	"github.com/cyqdb/cyq/internal/engine"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// registerBuiltins registers the db.* listing procedures.
func registerBuiltins(eng *engine.Engine) {
	names := func(list func(storage.Reader) []string) func(ctx *vm.Ctx, _ []value.Value) ([][]value.Value, error) {
		return func(ctx *vm.Ctx, _ []value.Value) ([][]value.Value, error) {
			r, ok := engine.ReaderOf(ctx)
			if !ok {
				return nil, nil
			}
			ns := list(r)
			sort.Strings(ns)
			out := make([][]value.Value, len(ns))
			for i, n := range ns {
				out[i] = []value.Value{value.String(n)}
			}
			return out, nil
		}
	}
	inUse := func(get func(r storage.Reader) []string) func(storage.Reader) []string { return get }
	eng.RegisterProcedure(&vm.Procedure{Name: "db.labels", ReadOnly: true, Doc: "Lists the labels in use.",
		Outputs: []vm.ProcParam{{Name: "label", Type: "STRING"}},
		Fn: names(inUse(func(r storage.Reader) []string {
			var out []string
			for _, l := range r.Labels() {
				if id, ok := r.LabelID(l); ok && !r.NodesWithLabel(id).IsEmpty() {
					out = append(out, l)
				}
			}
			return out
		}))})
	eng.RegisterProcedure(&vm.Procedure{Name: "db.relationshipTypes", ReadOnly: true, Doc: "Lists the relationship types in use.",
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
		})})
	eng.RegisterProcedure(&vm.Procedure{Name: "db.propertyKeys", ReadOnly: true, Doc: "Lists the property keys.",
		Outputs: []vm.ProcParam{{Name: "propertyKey", Type: "STRING"}},
		Fn:      names(func(r storage.Reader) []string { return r.PropKeys() })})
	eng.RegisterProcedure(&vm.Procedure{Name: "db.schema.visualization", ReadOnly: true,
		Doc:     "Describes the graph's schema from its statistics: one map per label {name, count} and one per (start label, type, end label) pattern {start, type, end, count}.",
		Outputs: []vm.ProcParam{{Name: "nodes", Type: "LIST<MAP>"}, {Name: "relationships", Type: "LIST<MAP>"}},
		Fn:      schemaVisualization})
}

// schemaVisualization answers db.schema.visualization(). Labels and
// relationship patterns are given as maps rather than virtual nodes and
// relationships, which could be mistaken for stored ones.
func schemaVisualization(ctx *vm.Ctx, _ []value.Value) ([][]value.Value, error) {
	r, ok := engine.ReaderOf(ctx)
	if !ok {
		return nil, nil
	}
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
