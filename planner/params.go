package planner

import (
	"math"
	"math/bits"
	"slices"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/value"
)

// Parameter-sensitive planning.
//
// A query compiled with Options.Params is planned for those values: the
// cost model reads a parameter wherever it reads a literal for an
// estimate (a comparison's share of a label's nodes, a seek's degree, an
// IN list's or an UNWIND list's length, a LIMIT) through planValue, which
// gives a stand-in literal for the parameter's value. The stand-in never
// reaches the plan or the program: they read the parameter at run time.
// The plan is correct for any values of its class: most plans for any
// values at all, but one may read a list parameter as a list (an UNWIND
// of it as IN, see unwindsAsIn) or as its one element (see singletonIns),
// which its DepShape dependency holds to lists of that length class
// (lists of one element are a class of their own).
//
// What the plan's choices relied on is recorded as dependencies
// (Compiled.ParamDeps): for each parameter the cost model read, its shape
// (kind, a list's length order), and every value probe of the statistics
// made with its value (ValueFraction, SeekDegree). ParamClass turns them
// into the values' estimate class: log-scale buckets of the probes'
// answers. A plan cache reuses a plan for other values of the same class
// and plans again for another class.

// ParamDepKind says what a parameter's value fed into the estimates.
type ParamDepKind uint8

const (
	// DepShape: the value's kind (null, boolean, number, string, list,
	// other) and, for a list, its length's order of magnitude.
	DepShape ParamDepKind = iota
	// DepCount: an integer read as a count (LIMIT, SKIP): its order of
	// magnitude.
	DepCount
	// DepFraction: Stats.ValueFraction(Label, Key, Op, value): the order
	// of magnitude of the nodes it matches (over a list, all elements').
	DepFraction
	// DepDegree: Stats.SeekDegree(Label, Key, value, Type, Out): the
	// order of magnitude of the degree (over a list, the elements' sum).
	DepDegree
	// DepKind: the value's kind alone (see inListsHold).
	DepKind
	// DepDistinct: whether the value is a list with no two equal
	// elements (see distinctValues): an UNWIND of it read as an IN test
	// relies on it (see unwindsAsIn).
	DepDistinct
	// DepExact: an integer's value itself (any other value is one
	// class): a count the plan keeps as its own, as the search of the k
	// least paths per pair keeps a LIMIT's (see countConstant).
	DepExact
)

// ParamDep is one dependency of a plan on a parameter's value.
type ParamDep struct {
	Name  string
	Kind  ParamDepKind
	Label string
	Key   string
	Op    string // DepFraction
	Type  string // DepDegree
	Out   bool   // DepDegree
}

// maxClassProbes bounds the elements of a list parameter probed when
// deriving its class, so deriving a class stays cheaper than planning;
// the probes over the first ones are scaled to the list's length.
const maxClassProbes = 32

// ParamClass derives the estimate class of params under deps: one bucket
// per dependency, read from stats (cheap probes, no planning). Two sets
// of values of one class give a plan the same estimates up to a factor
// of two at every probe it made.
func ParamClass(deps []ParamDep, stats Stats, params map[string]value.Value) []int32 {
	if len(deps) == 0 {
		return nil
	}
	if stats == nil {
		stats = noStats{}
	}
	out := make([]int32, len(deps))
	for i, d := range deps {
		out[i] = depClass(d, stats, params[d.Name])
	}
	return out
}

// EqualClass reports whether two classes are the same.
func EqualClass(a, b []int32) bool { return slices.Equal(a, b) }

func depClass(d ParamDep, stats Stats, v value.Value) int32 {
	if v == nil {
		return -3 // no value
	}
	switch d.Kind {
	case DepShape:
		k := int32(value.KindOf(v))
		if l, ok := v.(value.List); ok {
			k += 64 * int32(1+bits.Len(uint(len(l))))
		}
		return k
	case DepKind:
		return int32(value.KindOf(v))
	case DepDistinct:
		if distinctValues(v) {
			return 1
		}
		return 0
	case DepExact:
		if n, ok := v.(value.Int); ok && n >= 0 && n <= math.MaxInt32 {
			return int32(n)
		}
		return -2
	case DepCount:
		if n, ok := v.(value.Int); ok && n > 0 {
			return int32(bits.Len64(uint64(n)))
		}
		return -2
	}
	items := []value.Value{v}
	if l, ok := v.(value.List); ok {
		items = l
	}
	n := min(len(items), maxClassProbes)
	total := 0.0
	for _, it := range items[:n] {
		if value.KindOf(it) == value.KindNull {
			continue
		}
		var f float64
		if d.Kind == DepFraction {
			f = stats.ValueFraction(d.Label, d.Key, d.Op, it)
			if f >= 0 && d.Label == "" {
				f *= stats.NodeCount()
			} else if f >= 0 {
				f *= stats.LabelCount(d.Label)
			}
		} else {
			f = stats.SeekDegree(d.Label, d.Key, it, d.Type, d.Out)
		}
		if f < 0 {
			return -1
		}
		total += f
	}
	if n > 0 {
		total *= float64(len(items)) / float64(n)
	}
	return logBucket(total)
}

// logBucket is x's order of magnitude (base 2), 0 for less than one.
func logBucket(x float64) int32 {
	if x < 1 || math.IsNaN(x) {
		return 0
	}
	return int32(math.Min(64, math.Floor(math.Log2(x))+1))
}

// paramRecorder records, while a query is planned, what the cost model
// read from the parameters' values.
type paramRecorder struct {
	params map[string]value.Value
	deps   []ParamDep
	seen   map[ParamDep]bool
	// standIn: the stand-in of each parameter read (see planValue);
	// owner: the parameter each stand-in literal stands for.
	standIn map[string]ast.Expr
	owner   map[*ast.Literal]string
	// consts: the run-constant parameters named (see runConstants), in
	// order; written: the parameters the query names; own: params is
	// the recorder's copy, holding the run constants' values too.
	consts  map[string]*runConst
	order   []string
	written map[string]bool
	own     bool
	// badLists: the parameters read as IN lists whose values are not
	// lists (see inLists).
	badLists map[string]bool
}

func newParamRecorder(params map[string]value.Value) *paramRecorder {
	return &paramRecorder{params: params, seen: map[ParamDep]bool{}, standIn: map[string]ast.Expr{}, owner: map[*ast.Literal]string{},
		consts: map[string]*runConst{}, written: map[string]bool{}}
}

// values is the recorder's own copy of the parameters' values, to which
// run-constant values are added.
func (r *paramRecorder) values() map[string]value.Value {
	if !r.own {
		m := make(map[string]value.Value, len(r.params)+1)
		for k, v := range r.params {
			m[k] = v
		}
		r.params, r.own = m, true
	}
	return r.params
}

// add records dependency d once.
func (r *paramRecorder) add(d ParamDep) {
	if !r.seen[d] {
		r.seen[d] = true
		r.deps = append(r.deps, d)
	}
}

// valueFraction is Stats.ValueFraction of literal l, recorded as a
// dependency when l stands for a parameter.
func (b *builder) valueFraction(label, key, op string, l *ast.Literal) float64 {
	if b.params != nil {
		if n, ok := b.params.owner[l]; ok {
			b.params.add(ParamDep{Name: n, Kind: DepFraction, Label: label, Key: key, Op: op})
		}
	}
	return b.stats.ValueFraction(label, key, op, literal(l))
}

// seekDegree is Stats.SeekDegree of literal l, recorded as a dependency
// when l stands for a parameter.
func (b *builder) seekDegree(label, key string, l *ast.Literal, typ string, out bool) float64 {
	if b.params != nil {
		if n, ok := b.params.owner[l]; ok {
			b.params.add(ParamDep{Name: n, Kind: DepDegree, Label: label, Key: key, Type: typ, Out: out})
		}
	}
	return b.stats.SeekDegree(label, key, literal(l), typ, out)
}

// planValue is e as the cost model reads it: a parameter whose value is
// known when planning (Options.Params) stands in as a literal of that
// value (a list of them for a list), `$p[k]` (k an integer literal) as
// the stand-in of that element; any other expression is itself.
// The stand-in is for estimates only: it must not reach the plan.
func (b *builder) planValue(e ast.Expr) ast.Expr {
	if p, k, ok := paramElement(e); ok && b.params != nil {
		// `$p[k]` of a list parameter: the stand-in of its element.
		if l, ok := b.planValue(p).(*ast.ListLiteral); ok && k >= 0 && k < int64(len(l.Items)) {
			if _, nested := l.Items[k].(*ast.Parameter); !nested {
				return l.Items[k]
			}
		}
		return e
	}
	p, ok := e.(*ast.Parameter)
	if !ok || b.params == nil {
		return e
	}
	v, ok := b.params.params[p.Name]
	if !ok {
		return e
	}
	b.params.add(ParamDep{Name: p.Name, Kind: DepShape})
	if x, ok := b.params.standIn[p.Name]; ok {
		return x
	}
	x := standIn(v, p)
	b.params.standIn[p.Name] = x
	switch y := x.(type) {
	case *ast.Literal:
		b.params.owner[y] = p.Name
	case *ast.ListLiteral:
		for _, it := range y.Items {
			if l, ok := it.(*ast.Literal); ok {
				b.params.owner[l] = p.Name
			}
		}
	}
	return x
}

// planCount is the integer e counts (a LIMIT or SKIP) when known when
// planning: a literal, or a parameter's value.
func (b *builder) planCount(e ast.Expr) (int64, bool) {
	l, ok := b.planValue(e).(*ast.Literal)
	if !ok || l.Kind != ast.LitInt {
		return 0, false
	}
	if p, isParam := e.(*ast.Parameter); isParam {
		b.params.add(ParamDep{Name: p.Name, Kind: DepCount})
	}
	return l.Int, true
}

// standIn is a literal of v at p's position, a list literal of them for
// a list, or p itself for a value no literal writes (a map, a temporal
// value...), which estimates then treat as unknown.
func standIn(v value.Value, p *ast.Parameter) ast.Expr {
	switch x := v.(type) {
	case value.Null:
		return &ast.Literal{Span: p.Span, Kind: ast.LitNull}
	case value.Bool:
		return &ast.Literal{Span: p.Span, Kind: ast.LitBool, Bool: bool(x)}
	case value.Int:
		return &ast.Literal{Span: p.Span, Kind: ast.LitInt, Int: int64(x)}
	case value.Float:
		return &ast.Literal{Span: p.Span, Kind: ast.LitFloat, Float: float64(x)}
	case value.String:
		return &ast.Literal{Span: p.Span, Kind: ast.LitString, Str: string(x)}
	case value.List:
		l := &ast.ListLiteral{Span: p.Span, Items: make([]ast.Expr, len(x))}
		for i, it := range x {
			if _, nested := it.(value.List); nested {
				l.Items[i] = p
				continue
			}
			l.Items[i] = standIn(it, p)
		}
		return l
	}
	return p
}
