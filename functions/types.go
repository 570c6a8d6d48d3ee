package functions

import (
	"strings"

	"github.com/cyqdb/cyq/value"
)

// Type is a static type used to check function calls at compile time. It is
// a union of value kinds (a bit per value.Kind), so INTEGER | FLOAT is
// NUMBER and every kind together is ANY. For lists, Elem is the union of the
// kinds the elements may have (one level deep; ANY when unknown).
//
// Null is a member of every type: openCypher functions take null for any
// argument (and almost all return null for it), so a Type never needs to say
// "nullable". A Type whose Mask is just the null bit is the type of the null
// literal; it is accepted everywhere.
type Type struct {
	// Mask has bit 1<<k set for every value.Kind k the type admits.
	Mask uint32
	// Elem is the element kinds of a list type (meaningful only when Mask
	// admits lists); 0 means ANY.
	Elem uint32
}

func bit(k value.Kind) uint32 { return 1 << k }

const (
	anyMask      = 1<<(value.KindVector+1) - 1
	temporalMask = 1<<value.KindDate | 1<<value.KindLocalTime | 1<<value.KindTime |
		1<<value.KindLocalDateTime | 1<<value.KindDateTime | 1<<value.KindDuration
)

// Static types.
var (
	// Any admits every value.
	Any = Type{Mask: anyMask}
	// NullType is the type of the null literal.
	NullType = Type{Mask: bit(value.KindNull)}
	// Bool is BOOLEAN.
	Bool = Type{Mask: bit(value.KindBool)}
	// Int is INTEGER.
	Int = Type{Mask: bit(value.KindInt)}
	// Float is FLOAT.
	Float = Type{Mask: bit(value.KindFloat)}
	// Number is INTEGER | FLOAT.
	Number = Type{Mask: bit(value.KindInt) | bit(value.KindFloat)}
	// String is STRING.
	String = Type{Mask: bit(value.KindString)}
	// Map is MAP.
	Map = Type{Mask: bit(value.KindMap)}
	// Node is NODE.
	Node = Type{Mask: bit(value.KindNode)}
	// Rel is RELATIONSHIP.
	Rel = Type{Mask: bit(value.KindRel)}
	// Path is PATH.
	Path = Type{Mask: bit(value.KindPath)}
	// Vector is VECTOR (float32 embeddings).
	Vector = Type{Mask: bit(value.KindVector)}
	// Date is DATE.
	Date = Type{Mask: bit(value.KindDate)}
	// LocalTime is LOCAL TIME.
	LocalTime = Type{Mask: bit(value.KindLocalTime)}
	// Time is ZONED TIME.
	Time = Type{Mask: bit(value.KindTime)}
	// LocalDateTime is LOCAL DATETIME.
	LocalDateTime = Type{Mask: bit(value.KindLocalDateTime)}
	// DateTime is ZONED DATETIME.
	DateTime = Type{Mask: bit(value.KindDateTime)}
	// Duration is DURATION.
	Duration = Type{Mask: bit(value.KindDuration)}
	// Temporal is any of the temporal types, durations included.
	Temporal = Type{Mask: temporalMask}
	// AnyList is LIST<ANY>.
	AnyList = List(Any)
)

// List returns the type LIST<elem>.
func List(elem Type) Type {
	e := elem.Mask
	if e&anyMask == anyMask {
		e = 0
	}
	return Type{Mask: bit(value.KindList), Elem: e}
}

// Union returns the union of the types.
func Union(ts ...Type) Type {
	var u Type
	for _, t := range ts {
		if u.Mask&bit(value.KindList) != 0 && t.Mask&bit(value.KindList) != 0 && (u.Elem == 0 || t.Elem == 0) {
			u.Elem = 0
			u.Mask |= t.Mask
			continue
		}
		u.Elem |= t.Elem
		u.Mask |= t.Mask
	}
	return u
}

// TypeOf returns the type of exactly the kind of v (for lists, the element
// kinds when the list is not empty).
func TypeOf(v value.Value) Type {
	k := value.KindOf(v)
	t := Type{Mask: bit(k)}
	if l, ok := v.(value.List); ok {
		for _, e := range l {
			t.Elem |= bit(value.KindOf(e))
		}
	}
	return t
}

// Admits reports whether t admits values of kind k (null is always admitted).
func (t Type) Admits(k value.Kind) bool {
	return k == value.KindNull || t.Mask&bit(k) != 0
}

// Accepts reports whether an argument of static type arg may be passed for
// a parameter of type t: whether some value of arg (null included) could be
// a value of t. It is the compile-time check; the implementation checks the
// dynamic value again at run time.
func (t Type) Accepts(arg Type) bool {
	nullBit := bit(value.KindNull)
	am := arg.Mask &^ nullBit
	if arg.Mask == 0 || am == 0 {
		return true // unknown, or the null literal
	}
	common := t.Mask & am
	if common == 0 {
		return false
	}
	// Only lists in common: the element kinds must be able to overlap too.
	if common == bit(value.KindList) && t.Elem != 0 && arg.Elem != 0 {
		ae := arg.Elem &^ nullBit
		return ae == 0 || t.Elem&ae != 0
	}
	return true
}

// IsAny reports whether t admits every kind.
func (t Type) IsAny() bool { return t.Mask&anyMask == anyMask }

// String renders t in openCypher type syntax, e.g. "INTEGER | FLOAT" as
// "NUMBER", "LIST<STRING>", "ANY".
func (t Type) String() string {
	return maskString(t.Mask&^bit(value.KindNull), t.Elem, t.Mask == bit(value.KindNull))
}

func maskString(m, elem uint32, isNull bool) string {
	if isNull {
		return "NULL"
	}
	if m == 0 || m&(anyMask&^bit(value.KindNull)) == anyMask&^bit(value.KindNull) {
		return "ANY"
	}
	var parts []string
	if m&bit(value.KindInt) != 0 && m&bit(value.KindFloat) != 0 {
		parts = append(parts, "NUMBER")
		m &^= bit(value.KindInt) | bit(value.KindFloat)
	}
	if m&temporalMask == temporalMask {
		parts = append(parts, "TEMPORAL")
		m &^= temporalMask
	}
	for k := value.KindBool; k <= value.KindVector; k++ {
		if m&bit(k) == 0 {
			continue
		}
		if k == value.KindList {
			parts = append(parts, "LIST<"+maskString(elem&^bit(value.KindNull), 0, false)+">")
			continue
		}
		parts = append(parts, k.String())
	}
	return strings.Join(parts, " | ")
}
