package planner

import (
	"strings"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// A set-at-a-time operator whose node set goes straight into
// count(DISTINCT n) — `MATCH (a {id: $x})-[*1..3]->(b) RETURN
// count(DISTINCT b)` — hands the whole set to the aggregation (OpAggSet:
// the union of the sets, counted at the end) instead of producing one row
// per node. The operator's rows are one per node of its set for each row
// that reaches it, so count(*) (and count(n) of the never-null n) is the
// sum of the sets' sizes: `MATCH (a {id: $x}) CALL { WITH a MATCH
// (a)-->()-->(b) RETURN DISTINCT b } RETURN count(b)` adds the size of
// the one reach set instead of counting its nodes one row at a time.
//
// With grouping keys the same holds per group, when the keys read only
// variables bound before the set operator and passed on unchanged: every
// node of a row's set falls in that row's group, so `MATCH (a:L)-->()-->(c)
// RETURN a.k, count(DISTINCT c)` unions each a's reached set into a.k's
// group and `... WITH DISTINCT a, c RETURN a, count(*)` adds each set's
// size to a's, instead of one row per (a, c). A row whose set is empty
// adds no group, as it adds no row.
//
// collect(DISTINCT n) takes the sets the same way: the group keeps the
// union's bitmap and appends each set's nodes not in it yet, in id order,
// which is the list one row per node of the set would collect (a set's
// rows come in id order), so `MATCH (h {id: $x})-->(b) WITH h,
// collect(DISTINCT b) AS out` builds the list in one step per set.
// collect(n) without DISTINCT does not: a node in two sets of one group
// is collected twice.

// setSink is a segment's breaker that takes node sets: name is the
// variable the sets must bind.
type setSink struct {
	name string
	// keys are the variables the grouping keys of the aggregation read:
	// they must reach it unchanged from before the set operator.
	keys map[string]bool
	// emit hands the set on; e is the registers at the set operator.
	emit func(set int32, e *regEnv) error
	// collect: the breaker is a GraphProgram statement's CollectGraph
	// of name alone, the segment's last operator (see collectSink).
	collect bool
}

// collectSink is the set sink of a final segment that ends in a
// CollectGraph of one variable: a set-at-a-time operator's whole node set
// goes into R (OpCollectSet) instead of one row per node.
func (g *gen) collectSink(seg []logical.Op) *setSink {
	if len(seg) == 0 {
		return nil
	}
	c, ok := seg[len(seg)-1].(logical.CollectGraph)
	if !ok || len(c.Columns) != 1 {
		return nil
	}
	last := &seg[len(seg)-1]
	return &setSink{name: c.Columns[0], collect: true, emit: func(set int32, _ *regEnv) error {
		g.enter(last)
		g.emit(vm.OpCollectSet, set)
		return nil
	}}
}

// sinkTakes reports whether the segment's set sink takes the node set of
// name that ops[0] produces: ops runs to the segment's end, and what
// follows ops[0] only passes name on (a projection of bare variables, a
// WITH boundary keeping it), under its own name or others (`RETURN z AS
// x`), up to the collect of a collect sink.
func (g *gen) sinkTakes(name string, ops []logical.Op) bool {
	s := g.setSink
	if s == nil || len(ops) == 0 || len(g.seg) == 0 || &ops[len(ops)-1] != &g.seg[len(g.seg)-1] {
		return false
	}
	names := map[string]bool{name: true} // the names the set's node has
	for k := range s.keys {
		if k == name {
			return false
		}
	}
	for k, op := range ops[1:] {
		if _, ok := op.(logical.CollectGraph); ok && s.collect && k == len(ops)-2 {
			continue
		}
		for key := range s.keys {
			if !passedAs(op, map[string]bool{key: true})[key] {
				return false // a grouping key's variable changed or dropped
			}
		}
		if s.name == "" {
			// only counted: an operator that keeps every row will do
			if _, ok := op.(logical.Select); ok {
				continue
			}
		}
		if names = passedAs(op, names); len(names) == 0 {
			return false
		}
		for key := range s.keys {
			if names[key] {
				return false // grouped by the set's own node
			}
		}
	}
	return s.name == "" || names[s.name]
}

// passedAs returns the names a node known by names has after op, when op
// passes it on and does nothing else a set sink would miss: a projection
// of bare variables (vectorised or not), or a WITH boundary that keeps
// one of them; none otherwise.
func passedAs(op logical.Op, names map[string]bool) map[string]bool {
	out := map[string]bool{}
	switch o := op.(type) {
	case logical.Select:
		for _, v := range o.Vars {
			if names[v] {
				out[v] = true
			}
		}
	case logical.Project:
		if !passesVars(o) && !renamesVars(o) {
			return nil
		}
		for n := range names {
			out[n] = true
		}
		for _, it := range o.Items {
			delete(out, it.Name)
		}
		for _, it := range o.Items {
			if v := it.Expr.(*ast.Variable); names[v.Name] {
				out[it.Name] = true
			}
		}
	}
	return out
}

// renamesVars reports whether every item of o is a bare variable, under
// its own name or another, with no grouping keys to substitute.
func renamesVars(o logical.Project) bool {
	if len(o.Subst) > 0 {
		return false
	}
	for _, it := range o.Items {
		if _, ok := it.Expr.(*ast.Variable); !ok {
			return false
		}
	}
	return true
}

// setCountVar reports whether the aggregation only counts what a set
// sink answers: count(DISTINCT v) of one variable v (the size of the
// sets' union), collect(DISTINCT v) (the union's nodes, each set's new
// ones in id order, the order one row per node of the set would give
// them in), count(*) and count(v) (the sum of their sizes: v is a set's
// node, never null), grouped by deterministic keys or none. It
// returns v, "" when only rows are counted (any set operator's rows will
// do), and the variables the keys read (see setSink).
func setCountVar(agg logical.Aggregate) (string, map[string]bool, bool) {
	if len(agg.Aggs) == 0 {
		return "", nil, false
	}
	for _, k := range agg.Keys {
		if !deterministic(k.Expr) || containsAggregate(k.Expr) {
			return "", nil, false
		}
	}
	// what the keys read, subqueries' imports included
	uses := usesOf(logical.Aggregate{Keys: agg.Keys})
	if uses.all {
		return "", nil, false
	}
	keys := map[string]bool{}
	for v := range uses.names {
		keys[v] = true
	}
	v := ""
	for _, a := range agg.Aggs {
		c := a.Call
		list := strings.EqualFold(c.Name, "collect") && c.Distinct
		if !(strings.EqualFold(c.Name, "count") || list) || len(c.Namespace) > 0 || c.Distinct && c.Star {
			return "", nil, false
		}
		if c.Star {
			continue
		}
		name, ok := oneArg(c)
		if !ok || (v != "" && name != v) {
			return "", nil, false
		}
		v = name
	}
	return v, keys, true
}

// setRows continues the pipeline with one row per node of the set, or,
// when the set operator is the segment's last and its breaker counts the
// distinct nodes of name, feeds the whole set to the aggregation.
func (g *gen) setRows(set int32, name string, e *regEnv, rest func(*regEnv, label) error, ops []logical.Op) error {
	if g.sinkTakes(name, ops) {
		return g.setSink.emit(set, e)
	}
	return g.scanSet(set, name, e, rest)
}

// setLabelTests applies the label tests of name that follow a set
// operator (ops[0]) to its set, a bitmap intersection per label instead
// of a test per row: `(a)-[:R*1..3]->(c:B)` in set mode reaches a set,
// keeps its nodes labelled B, and may still hand the whole set to
// count(DISTINCT c). A semi-join on name that follows (see
// decorrelate_exists.go) whose keys were bound before is applied the
// same way: the set minus the nodes it rejects (semiJoinSet), instead of
// a membership test per node. It returns the filtered set and how many
// operators after ops[0] it took.
func (g *gen) setLabelTests(set int32, name string, ops []logical.Op, e *regEnv) (int32, int, error) {
	k := 0
	for 1+k < len(ops) {
		switch f := ops[1+k].(type) {
		case logical.NodeFilter:
			if f.Var != name || f.Labels == nil {
				return set, k, nil
			}
			g.enter(&ops[1+k])
			dst := g.s()
			g.emit(vm.OpSetFilterLabels, dst, set, g.addAux(compileLabels(f.Labels)))
			set = dst
		case logical.SemiJoin:
			if f.Scan || f.Probe != name {
				return set, k, nil
			}
			for _, key := range f.Keys() {
				if _, bound := e.vars[key]; !bound || key == name {
					return set, k, nil
				}
			}
			g.enter(&ops[1+k])
			dst, err := g.semiJoinSet(f, e, set)
			if err != nil {
				return 0, 0, err
			}
			set = dst
		default:
			return set, k, nil
		}
		k++
	}
	return set, k, nil
}

// aggSetSink emits OpAggSet into the aggregation's table, the grouping
// keys computed from e, the registers at the set operator.
func (g *gen) aggSetSink(agg logical.Aggregate, set int32, e *regEnv) (*tableSource, error) {
	o, err := functions.Resolve("count", make([]functions.Type, 1))
	if err != nil {
		return nil, err
	}
	spec := &vm.AggSpec{EstGroups: 1}
	out := newEnv()
	if keysMayFail(g.b, agg, e) {
		// An empty set is no row (aggSet adds no group for it), so its
		// keys are not computed either: a key that fails on a row with
		// no match would raise an error that row mode, which never
		// reaches the aggregation for it, does not.
		r, k := g.r(), g.n()
		g.emit(vm.OpSetCount, r, set)
		g.emit(vm.OpLoadCounter, k, r)
		some, skip := g.newLabel(), g.newLabel()
		g.emitJ(vm.OpJumpIfNonZero, 1, some, k)
		g.emitJ(vm.OpGoto, 0, skip)
		g.bind(some)
		defer g.bind(skip)
	}
	if len(agg.Keys) > 0 {
		spec.EstGroups = int(min(agg.EstGroups, 1<<20))
		if err := g.aggKeys(agg, e, spec, out); err != nil {
			return nil, err
		}
	}
	for _, a := range agg.Aggs {
		// count(DISTINCT n) takes the union of the sets, collect(DISTINCT
		// n) its nodes in the order they came; count(*) and count(n) add
		// their sizes
		d := a.Call.Distinct
		if strings.EqualFold(a.Call.Name, "collect") {
			spec.Aggs = append(spec.Aggs, vm.AggCall{Name: "collect", New: o.NewAgg, Distinct: true, SetCount: true, SetList: true})
		} else {
			spec.Aggs = append(spec.Aggs, vm.AggCall{Name: "count", New: o.NewAgg, Distinct: d, SumInts: !d, SetCount: true})
		}
		r := g.r()
		spec.Table.R = append(spec.Table.R, r)
		out.set(a.Name, slot{slotValue, r})
	}
	aux := g.addAux(spec)
	g.emit(vm.OpAggSet, aux, set)
	return &tableSource{aux: aux, env: out}, nil
}

// countSetSink is the set sink of a COUNT { } body that counts its rows
// into the counter n: a set operator whose rows the body's last segment
// only passes on (its end node, by any name, or none) adds its set's size
// instead of counting its nodes one at a time. `COUNT { MATCH
// (c)-->()-->(p) RETURN DISTINCT p }` is the size of c's reached set
// (the DISTINCT goes, see dropDistinctRows).
func (g *gen) countSetSink(n int32) *setSink {
	return &setSink{emit: func(set int32, _ *regEnv) error {
		r, k := g.r(), g.n()
		g.emit(vm.OpSetCount, r, set)
		g.emit(vm.OpLoadCounter, k, r)
		g.emit(vm.OpAddCounter, n, k)
		return nil
	}}
}

// keysMayFail reports whether a grouping key of agg is an expression
// that may fail on the rows at e (a variable never does; neverFailsKinds
// proves the others, the entities being e's node and relationship
// slots).
func keysMayFail(b *builder, agg logical.Aggregate, e *regEnv) bool {
	entities := map[string]bool{}
	for name, s := range e.vars {
		entities[name] = s.kind != slotValue
	}
	kinds := b.kinds()
	for _, k := range agg.Keys {
		if _, ok := k.Expr.(*ast.Variable); ok {
			continue
		}
		if !neverFailsKinds(k.Expr, entities, kinds) {
			return true
		}
	}
	return false
}
