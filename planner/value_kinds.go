package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/value/temporal"
)

// Value kinds known from the data. The statistics can tell, for a
// property key, which kinds of value it takes on the nodes and
// relationships of the data a plan runs on: every `birthday` a DATE or
// missing, every `score` an INTEGER of magnitude at most 2^53 or
// missing. Such a fact decides what the expression's text alone cannot:
//
//   - that reading it cannot fail (x.birthday.year reads a component
//     every kind present has; x.score / 2.0 is float arithmetic on
//     numbers), so that a test over it may move where fewer rows are
//     tested (neverFails, through b.failFree);
//   - the value of a type test of it (x.born IS :: INTEGER NOT NULL is
//     x.born IS NOT NULL when every value is an INTEGER: foldKinds);
//   - that monotone arithmetic of it compared with a constant is a
//     comparison of the property itself (kindThresholds).
//
// The fact is over the entities a variable may be bound to: the nodes
// carrying every label it is known to have (a scan's label, label
// checks, the labels of its node pattern: the kinds every one of those
// labels' nodes take), the relationships of the types its expansion
// reads, and otherwise every node or every relationship, or both when
// it may be either (kindsAt). It holds for the
// version of the data the statement reads: the engine records it as one
// of the statistics the plan read, and a cached plan is planned again
// when a write changes it. A statement that writes (or calls a
// procedure, which may) uses none: its own writes come after its plan,
// as for keys (unique_keys.go).

// KindSet is a set of value kinds: bit k for value.Kind k, and KindBigInt
// for an INTEGER of magnitude above 2^53 (one a FLOAT cannot hold
// exactly).
type KindSet uint32

// KindBigInt marks integers of magnitude above MaxExactInt.
const KindBigInt KindSet = 1 << 31

// MaxExactInt is the largest magnitude of an integer every FLOAT
// conversion keeps exactly (2^53).
const MaxExactInt = 1 << 53

// KindBit is the set of the one kind k.
func KindBit(k value.Kind) KindSet { return 1 << KindSet(k) }

// KindOf is the kind set of v alone: its kind, and KindBigInt too for a
// large integer.
func KindOf(v value.Value) KindSet {
	k := KindBit(value.KindOf(v))
	if i, ok := v.(value.Int); ok && (i > MaxExactInt || i < -MaxExactInt) {
		k |= KindBigInt
	}
	return k
}

// Has reports whether s holds kind k.
func (s KindSet) Has(k value.Kind) bool { return s&KindBit(k) != 0 }

// Within reports whether every kind of s is one of t's.
func (s KindSet) Within(t KindSet) bool { return s&^t == 0 }

// KindStats is implemented by statistics that know the kinds of the
// values of property keys.
type KindStats interface {
	// PropertyKinds returns the kinds of the values property key takes
	// on every node and relationship of the data the plan runs on
	// (value.KindNull among them when some node or relationship holds
	// none); ok is false when they are not known.
	PropertyKinds(key string) (KindSet, bool)
	// NodePropertyKinds is PropertyKinds over the nodes that carry
	// every label of labels (every node for none).
	NodePropertyKinds(labels []string, key string) (KindSet, bool)
	// RelPropertyKinds is PropertyKinds over the relationships of any
	// type of types (every relationship for none).
	RelPropertyKinds(types []string, key string) (KindSet, bool)
}

// propKinds returns the kinds of property key for this statement: not
// known in a statement that writes, in row mode, or without statistics
// that know them.
func (b *builder) propKinds(key string) (KindSet, bool) {
	if b.noKeys || b.rowModeOnly || key == "" {
		return 0, false
	}
	ks, ok := b.stats.(KindStats)
	if !ok {
		return 0, false
	}
	return ks.PropertyKinds(key)
}

// kinds returns the kinds of property keys for this statement
// (propKinds) of any entity, whatever the variable; nil when the
// statement uses none.
func (b *builder) kinds() kindsOf {
	ks := b.kindStats()
	if ks == nil {
		return nil
	}
	return func(_, key string) (KindSet, bool) { return b.propKinds(key) }
}

// kindStats is the statistics' kinds when this statement uses them.
func (b *builder) kindStats() KindStats {
	if b.noKeys || b.rowModeOnly {
		return nil
	}
	ks, _ := b.stats.(KindStats)
	return ks
}

// kindsOf gives the kinds of the values of property key of variable v;
// ok false when they are not known.
type kindsOf func(v, key string) (KindSet, bool)

// entityFacts is what is known of the entities a variable is bound to:
// nodes carrying every label of labels, or (rel) relationships of one
// of types (any for none).
type entityFacts struct {
	rel           bool
	labels, types []string
}

// kindsWith returns the kinds of property keys for this statement, of
// the entities facts says a variable is bound to (nodes or
// relationships, per label or type), and of any entity for a variable
// it has nothing on; nil when the statement uses none.
func (b *builder) kindsWith(facts map[string]entityFacts) kindsOf {
	ks := b.kindStats()
	if ks == nil {
		return nil
	}
	return func(v, key string) (KindSet, bool) {
		if key == "" {
			return 0, false
		}
		f, ok := facts[v]
		switch {
		case !ok:
			return ks.PropertyKinds(key)
		case f.rel:
			return ks.RelPropertyKinds(f.types, key)
		}
		return ks.NodePropertyKinds(f.labels, key)
	}
}

// kindsAt is kindsWith the facts known at position i of ops: a node
// variable's labels, from the scan or seek that bound it and the label
// checks of it since (knownLabels' facts, for the binding scopeAt
// finds, so that a variable bound again has only its new binding's),
// and a relationship variable's types, from the expansion that bound it;
// and, for key "", the kinds of the variables' own values (varKinds).
func (b *builder) kindsAt(ops []logical.Op, i int) kindsOf {
	if b.kindStats() == nil {
		return nil
	}
	sc, at, ok := scopeAt(ops, i)
	if !ok {
		return b.kinds()
	}
	facts := map[string]entityFacts{}
	for name, k := range sc.vars {
		j, bound := at[name]
		if !bound || (k != kindNode && k != kindRel) {
			continue
		}
		if k == kindRel {
			if e, ok := ops[j].(logical.Expand); ok && e.Rel == name && !e.RelBound {
				facts[name] = entityFacts{rel: true, types: e.Types}
			} else {
				facts[name] = entityFacts{rel: true}
			}
			continue
		}
		// The labels of the binding at j and of the checks after it.
		facts[name] = entityFacts{labels: knownLabels(ops[j:i])[name]}
	}
	return varKinds(sc, b.kindsWith(facts)) // and the variables' own (var_kinds.go)
}

// Kind sets the rules read.
var (
	kindsNull    = KindBit(value.KindNull)
	kindsInt     = KindBit(value.KindInt)
	kindsFloat   = KindBit(value.KindFloat)
	kindsNumbers = kindsInt | kindsFloat | KindBigInt
	kindsMap     = KindBit(value.KindMap)
	kindsString  = KindBit(value.KindString)
)

// exprKinds is the kinds of e: a literal's kind; a variable's (prop
// with key "", see varKinds); v.key's for a node or relationship v
// (prop); toFloat(x)'s FLOAT (or null) and arithmetic's
// (+, -, *, / with a FLOAT on one side and numbers on the other) FLOAT
// (or null), when their operands' kinds are known (rec). Nothing else
// is known.
func exprKinds(e ast.Expr, entities map[string]bool, prop kindsOf) (KindSet, bool) {
	if prop == nil {
		return 0, false
	}
	switch x := e.(type) {
	case *ast.Variable:
		return prop(x.Name, "") // its own value's kinds, when known (varKinds)
	case *ast.Literal:
		switch x.Kind {
		case ast.LitNull:
			return kindsNull, true
		case ast.LitBool:
			return KindBit(value.KindBool), true
		case ast.LitInt:
			return KindOf(value.Int(x.Int)), true
		case ast.LitFloat:
			return kindsFloat, true
		case ast.LitString:
			return kindsString, true
		}
	case *ast.Property:
		v, ok := x.Expr.(*ast.Variable)
		if !ok || !entities[v.Name] {
			return 0, false
		}
		k, ok := prop(v.Name, x.Key)
		// A variable an OPTIONAL MATCH left null reads null.
		return k | kindsNull, ok
	case *ast.FunctionCall, *ast.Index:
		if k, ok := stringKinds(x, entities, prop); ok {
			return k, true
		}
		if x, ok := x.(*ast.FunctionCall); ok && isCall(x, "toFloat", 1) {
			if k, ok := exprKinds(x.Args[0], entities, prop); ok && k.Within(kindsNumbers|kindsString|kindsNull) {
				out := kindsFloat
				if k&(kindsNull|kindsString) != 0 {
					out |= kindsNull // toFloat('x') is null
				}
				return out, true
			}
		}
	case *ast.CountSubquery:
		if countFailFree(x, entities, prop) {
			return kindsInt, true
		}
	}
	if _, ok := valueRange(e, entities, prop); ok {
		return kindsInt | kindsNull, true // value_ranges.go
	}
	switch x := e.(type) {
	case *ast.Binary:
		if floatArith(x, entities, prop) {
			l, _ := exprKinds(x.Left, entities, prop)
			r, _ := exprKinds(x.Right, entities, prop)
			return kindsFloat | (l|r)&kindsNull, true
		}
		if k, ok := constantDivision(x, entities, prop); ok {
			return k, true
		}
	}
	return 0, false
}

// floatArith reports whether x is +, -, * or / of two operands whose
// kinds are numbers or null, one of them FLOAT or null only: arithmetic
// on floats, which never fails (no overflow, x / 0.0 is an infinity or
// NaN) and yields a FLOAT or null.
func floatArith(x *ast.Binary, entities map[string]bool, prop kindsOf) bool {
	switch x.Op {
	case ast.OpAdd, ast.OpSub, ast.OpMul, ast.OpDiv:
	default:
		return false
	}
	l, ok1 := exprKinds(x.Left, entities, prop)
	r, ok2 := exprKinds(x.Right, entities, prop)
	if !ok1 || !ok2 || !l.Within(kindsNumbers|kindsNull) || !r.Within(kindsNumbers|kindsNull) {
		return false
	}
	return l.Within(kindsFloat|kindsNull) || r.Within(kindsFloat|kindsNull)
}

// temporalSamples holds one value of each temporal kind: a component a
// kind has, every value of the kind has.
var temporalSamples = map[value.Kind]value.Value{
	value.KindDate:          temporal.Date{},
	value.KindLocalTime:     temporal.LocalTime{},
	value.KindTime:          temporal.Time{},
	value.KindLocalDateTime: temporal.LocalDateTime{},
	value.KindDateTime:      temporal.DateTime{},
	value.KindDuration:      temporal.Duration{},
}

// readsSafely reports whether reading key of a value of any kind of k
// never fails: k holds nulls, maps (a missing key is null) and temporal
// kinds that have the component key.
func readsSafely(k KindSet, key string) bool {
	for kind := value.KindNull; kind <= value.KindVector; kind++ {
		if !k.Has(kind) || kind == value.KindNull || kind == value.KindMap {
			continue
		}
		s, ok := temporalSamples[kind]
		if !ok {
			return false
		}
		if _, ok := temporal.Component(s, key); !ok {
			return false
		}
	}
	return true
}

// kindFailFree reports whether evaluating e cannot fail by what the
// kinds of the properties it reads say (on top of what neverFails
// knows from the text alone; plain tells whether an operand is itself a
// value that cannot fail): a component of an entity's property every
// kind of which has it (x.birthday.year of DATE values), toFloat() of
// numbers and strings, float arithmetic (floatArith), and division or
// remainder by a constant (constantDivision).
func kindFailFree(e ast.Expr, entities map[string]bool, kinds kindsOf, plain func(ast.Expr) bool) bool {
	if kinds == nil {
		return false
	}
	switch x := e.(type) {
	case *ast.Property:
		k, ok := exprKinds(x.Expr, entities, kinds)
		return ok && plain(x.Expr) && readsSafely(k, x.Key)
	case *ast.FunctionCall:
		if _, ok := stringKinds(x, entities, kinds); ok {
			return stringArgsPlain(x, plain)
		}
		_, ok := exprKinds(x, entities, kinds)
		return ok && isCall(x, "toFloat", 1) && plain(x.Args[0])
	case *ast.Index:
		_, ok := stringKinds(x, entities, kinds)
		return ok && stringArgsPlain(x, plain)
	case *ast.Binary:
		_, div := constantDivision(x, entities, kinds)
		return (floatArith(x, entities, kinds) || div) && plain(x.Left) && plain(x.Right)
	}
	return false
}
