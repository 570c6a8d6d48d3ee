package functions

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// OverloadID identifies one overload of one built-in function. IDs are
// stable: plans and bytecode store them, and testdata/overloads.golden
// records them. They are assigned by walking registrationOrder; see there
// for how to add functions without renumbering existing ones.
type OverloadID uint16

// Impl is the implementation of a scalar overload. args has exactly the
// overload's arity (or at least len(Params) for a variadic overload) and
// may contain nulls; an Impl must not retain args.
type Impl func(ctx *Context, args []value.Value) (value.Value, error)

// Func is one built-in function: a name and its overloads plus the facts the
// planner, the MCP syntax resource and the shell's help need.
type Func struct {
	// Name is the canonical lower-case name, namespaced with dots
	// ("vector.similarity.cosine"). Lookup is case-insensitive.
	Name string
	// Display is the name as the documentation spells it ("toInteger").
	Display string
	// Overloads are the signatures; the first that accepts the argument
	// types is chosen by Resolve.
	Overloads []Overload
	// Deterministic is false when two calls with the same arguments in one
	// statement (or across statements) may differ: rand(), randomUUID(),
	// timestamp(). Only deterministic calls may be constant-folded.
	Deterministic bool
	// StatementStable marks functions that are not deterministic but give
	// equal results for equal arguments within one statement: those
	// reading the statement clock (datetime(), date.statement()). The
	// planner may compute such a call once per run.
	StatementStable bool
	// Aggregate marks aggregating functions; their overloads have NewAgg.
	Aggregate bool
	// Category groups functions for documentation: "aggregate", "graph",
	// "list", "math", "predicate", "string", "conversion", "trigonometric",
	// "scalar", "vector", "temporal".
	Category string
	// Doc is a one-paragraph description.
	Doc string
	// Examples are Cypher expressions with their results, "expr = result".
	Examples []string
}

// Overload is one signature of a Func with its implementation.
type Overload struct {
	// ID is the stable overload ID (see OverloadID).
	ID OverloadID
	// Func is the function the overload belongs to.
	Func *Func
	// Params are the parameter types; for a variadic overload the last one
	// repeats (one or more times).
	Params []Type
	// Names are the parameter names for documentation (may be nil).
	Names []string
	// Variadic marks a repeating last parameter.
	Variadic bool
	// Result is the result type.
	Result Type
	// Impl computes a scalar function; nil for aggregates.
	Impl Impl
	// NewAgg creates an aggregator for one group; nil for scalars.
	NewAgg func() Aggregator
	// ResultOf refines Result from the static argument types (abs of an
	// INTEGER is an INTEGER, head of a LIST<STRING> a STRING); nil means
	// Result. Use ResultType rather than calling it.
	ResultOf func(args []Type) Type
}

// ResultType returns the static result type of a call with arguments of the
// given types (zero Types meaning unknown).
func (o *Overload) ResultType(args []Type) Type {
	if o.ResultOf == nil {
		return o.Result
	}
	for _, a := range args {
		if a.Mask == 0 {
			return o.Result
		}
	}
	r := o.ResultOf(args)
	if r.Mask == 0 {
		return o.Result
	}
	return r
}

// Signature renders the overload as "name(a :: TYPE, b :: TYPE) :: TYPE".
func (o *Overload) Signature() string {
	var b strings.Builder
	b.WriteString(o.Func.Display)
	b.WriteByte('(')
	for i, p := range o.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		if i < len(o.Names) {
			b.WriteString(o.Names[i])
			b.WriteString(" :: ")
		}
		b.WriteString(p.String())
		if o.Variadic && i == len(o.Params)-1 {
			b.WriteString("...")
		}
	}
	b.WriteString(") :: ")
	b.WriteString(o.Result.String())
	return b.String()
}

// MinArgs returns the smallest number of arguments the overload takes.
func (o *Overload) MinArgs() int {
	return len(o.Params)
}

// AcceptsArity reports whether the overload takes n arguments.
func (o *Overload) AcceptsArity(n int) bool {
	if o.Variadic {
		return n >= len(o.Params)
	}
	return n == len(o.Params)
}

func (o *Overload) param(i int) Type {
	if i >= len(o.Params) {
		return o.Params[len(o.Params)-1]
	}
	return o.Params[i]
}

// Call runs a scalar overload; it is a convenience for tests and constant
// folding (the VM calls Impl directly).
func (o *Overload) Call(ctx *Context, args ...value.Value) (value.Value, error) {
	if o.Impl == nil {
		return nil, cyqerr.Runtimef(cyqerr.Internal, "", "%s is an aggregate and cannot be called as a scalar", o.Func.Display)
	}
	return o.Impl(ctx, args)
}

var (
	funcs     = map[string]*Func{}
	overloads []*Overload
)

// defs collects the function definitions of every category file, keyed by
// canonical name, before IDs are assigned.
var defs = map[string]*Func{}

// def adds a function definition (called from the category files' define functions).
func def(f *Func) {
	if f.Display == "" {
		f.Display = f.Name
	}
	f.Name = strings.ToLower(f.Name)
	if _, dup := defs[f.Name]; dup {
		panic("functions: duplicate definition of " + f.Name)
	}
	defs[f.Name] = f
}

// registrationOrder fixes overload IDs. Walking the list, each name assigns
// the next IDs to those of its function's overloads that have none yet, in
// the order of Func.Overloads. To keep every existing ID stable:
//
//   - add a new function by appending its name at the end;
//   - add an overload to an existing function by appending it at the end of
//     its Overloads and appending the function's name again at the end here;
//   - never remove, reorder or insert in the middle of either.
//
// TestOverloadIDsStable checks the result against testdata/overloads.golden.
var registrationOrder = []string{
	// aggregates
	"count", "sum", "avg", "min", "max", "collect", "percentilecont", "percentiledisc", "stdev", "stdevp",
	// math
	"abs", "ceil", "floor", "round", "sign", "sqrt", "exp", "log", "log10", "e", "pi", "rand", "isnan",
	// trigonometric
	"sin", "cos", "tan", "cot", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "coth",
	"degrees", "radians", "haversin",
	// conversion
	"tointeger", "tointegerornull", "tofloat", "tofloatornull", "tostring", "tostringornull",
	"toboolean", "tobooleanornull", "tointegerlist", "tofloatlist", "tostringlist", "tobooleanlist", "valuetype",
	// strings
	"substring", "left", "right", "ltrim", "rtrim", "trim", "btrim", "replace", "split", "toupper", "tolower",
	"upper", "lower", "reverse", "char_length", "character_length", "normalize",
	// lists and scalars
	"size", "length", "head", "last", "tail", "range", "keys", "coalesce", "isempty", "nullif",
	// graph
	"labels", "type", "id", "elementid", "properties", "nodes", "relationships", "startnode", "endnode", "exists",
	// misc
	"timestamp", "randomuuid",
	// vectors
	"vector.similarity.cosine", "vector.similarity.euclidean", "vector", "vector_dimension_count",
	// temporal
	"date", "date.statement", "date.transaction", "date.realtime", "date.truncate",
	"localtime", "localtime.statement", "localtime.transaction", "localtime.realtime", "localtime.truncate",
	"time", "time.statement", "time.transaction", "time.realtime", "time.truncate",
	"localdatetime", "localdatetime.statement", "localdatetime.transaction", "localdatetime.realtime", "localdatetime.truncate",
	"datetime", "datetime.statement", "datetime.transaction", "datetime.realtime", "datetime.truncate",
	"datetime.fromepoch", "datetime.fromepochmillis",
	"duration", "duration.between", "duration.inmonths", "duration.indays", "duration.inseconds",
	// search
	"cyq.embed",
}

// defineAll runs the category files' definitions. Their order does not
// matter: IDs come from registrationOrder.
var defineAll = []func(){
	defineAggregates, defineConvert, defineGraph, defineLists, defineMath, defineStrings, defineVector,
	defineTemporal, defineSearch,
}

func init() {
	for _, d := range defineAll {
		d()
	}
	for _, name := range registrationOrder {
		f, ok := defs[name]
		if !ok {
			panic("functions: registrationOrder names undefined function " + name)
		}
		funcs[name] = f
		for i := range f.Overloads {
			o := &f.Overloads[i]
			if o.Func != nil {
				continue // numbered at an earlier mention
			}
			o.Func = f
			o.ID = OverloadID(len(overloads))
			overloads = append(overloads, o)
		}
	}
	for name := range defs {
		if _, ok := funcs[name]; !ok {
			panic("functions: " + name + " is defined but missing from registrationOrder")
		}
	}
}

// Lookup finds a function by name, case-insensitively.
func Lookup(name string) (*Func, bool) {
	f, ok := funcs[strings.ToLower(name)]
	return f, ok
}

// ByID returns the overload with the given ID, or nil.
func ByID(id OverloadID) *Overload {
	if int(id) >= len(overloads) {
		return nil
	}
	return overloads[id]
}

// NumOverloads returns how many overloads are registered (IDs run from 0 to
// NumOverloads()-1).
func NumOverloads() int { return len(overloads) }

// All returns every function sorted by name.
func All() []*Func {
	out := make([]*Func, 0, len(funcs))
	for _, f := range funcs {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Resolve picks the overload of the named function for a call with
// arguments of the given static types (a nil slice element type, i.e. the
// zero Type, means unknown). It returns compile-time errors:
// SyntaxError/UnknownFunction (with a "did you mean" hint),
// SyntaxError/InvalidNumberOfArguments, and SyntaxError/InvalidArgumentType
// when an argument can never be of an accepted type.
func Resolve(name string, argTypes []Type) (*Overload, error) {
	f, ok := Lookup(name)
	if !ok {
		e := cyqerr.Compile(cyqerr.SyntaxError, "UnknownFunction", "unknown function '%s'", name)
		if s := suggest(name); s != "" {
			e.WithHint("did you mean %s()?", s)
		}
		return nil, e
	}
	var arityOK *Overload
	for i := range f.Overloads {
		o := &f.Overloads[i]
		if !o.AcceptsArity(len(argTypes)) {
			continue
		}
		if arityOK == nil {
			arityOK = o
		}
		good := true
		for j, t := range argTypes {
			if !o.param(j).Accepts(t) {
				good = false
				break
			}
		}
		if good {
			return o, nil
		}
	}
	if arityOK == nil {
		return nil, cyqerr.Compile(cyqerr.SyntaxError, "InvalidNumberOfArguments",
			"%s() takes %s, got %d", f.Display, arityText(f), len(argTypes)).WithHint("%s", signatures(f))
	}
	for j, t := range argTypes {
		if p := arityOK.param(j); !p.Accepts(t) {
			return nil, cyqerr.Compile(cyqerr.SyntaxError, "InvalidArgumentType",
				"type mismatch in argument %d of %s(): expected %s but was %s", j+1, f.Display, p, t).WithHint("%s", signatures(f))
		}
	}
	return arityOK, nil
}

func arityText(f *Func) string {
	seen := map[string]bool{}
	var parts []string
	for i := range f.Overloads {
		o := &f.Overloads[i]
		s := fmt.Sprint(len(o.Params))
		if o.Variadic {
			s = fmt.Sprintf("%d or more", o.MinArgs())
		}
		if !seen[s] {
			seen[s] = true
			parts = append(parts, s)
		}
	}
	s := strings.Join(parts, " or ")
	if s == "1" {
		return "1 argument"
	}
	return s + " arguments"
}

func signatures(f *Func) string {
	var parts []string
	for i := range f.Overloads {
		parts = append(parts, f.Overloads[i].Signature())
	}
	return strings.Join(parts, "; ")
}

// suggest returns the display name of the registered function closest to
// name by edit distance, or "" when none is close.
func suggest(name string) string {
	name = strings.ToLower(name)
	best, bestD := "", 1<<30
	for _, f := range All() {
		d := editDistance(name, f.Name)
		if d < bestD {
			best, bestD = f.Display, d
		}
	}
	limit := max(1, len(name)/3)
	if bestD > limit {
		return ""
	}
	return best
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			c := 1
			if ra[i-1] == rb[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// scalar builds a one-overload scalar definition.
func ov(impl Impl, result Type, params ...Type) Overload {
	return Overload{Params: params, Result: result, Impl: impl}
}

// named sets parameter names on an overload.
func (o Overload) named(names ...string) Overload {
	o.Names = names
	return o
}

// variadic marks an overload variadic.
func (o Overload) variadic() Overload {
	o.Variadic = true
	return o
}

// refine sets ResultOf on an overload.
func (o Overload) refine(f func(args []Type) Type) Overload {
	o.ResultOf = f
	return o
}

// Result refiners.

// sameAsArg0 gives the first argument's type without null.
func sameAsArg0(args []Type) Type {
	return Type{Mask: args[0].Mask &^ bit(value.KindNull), Elem: args[0].Elem}
}

// elemOfArg0 gives the element type of a list argument.
func elemOfArg0(args []Type) Type {
	if args[0].Mask&^bit(value.KindNull) != bit(value.KindList) || args[0].Elem == 0 {
		return Any
	}
	return Type{Mask: args[0].Elem | bit(value.KindNull)}
}

// numericArg0 keeps INTEGER or FLOAT when the argument is known to be one.
func numericArg0(args []Type) Type {
	switch args[0].Mask &^ bit(value.KindNull) {
	case bit(value.KindInt):
		return Int
	case bit(value.KindFloat):
		return Float
	}
	return Type{}
}

// unionOfArgs gives the union of all argument types.
func unionOfArgs(args []Type) Type { return Union(args...) }

// listOfArg0 gives LIST<type of the first argument>.
func listOfArg0(args []Type) Type { return List(sameAsArg0(args)) }
