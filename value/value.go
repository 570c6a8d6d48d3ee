package value

import (
	"sort"
	"strconv"
)

// Kind identifies the type of a Value. The order of the constants is part of
// the storage format (see storage's encoding tags): append, never reorder.
type Kind uint8

// Kinds.
const (
	KindNull Kind = iota
	KindBool
	KindInt
	KindFloat
	KindString
	KindList
	KindMap
	KindNode
	KindRel
	KindPath
	KindDate
	KindLocalTime
	KindTime
	KindLocalDateTime
	KindDateTime
	KindDuration
	KindVector
	numKinds
)

var kindNames = [numKinds]string{
	KindNull: "NULL", KindBool: "BOOLEAN", KindInt: "INTEGER", KindFloat: "FLOAT",
	KindString: "STRING", KindList: "LIST", KindMap: "MAP", KindNode: "NODE",
	KindRel: "RELATIONSHIP", KindPath: "PATH", KindDate: "DATE", KindLocalTime: "LOCAL TIME",
	KindTime: "ZONED TIME", KindLocalDateTime: "LOCAL DATETIME", KindDateTime: "ZONED DATETIME",
	KindDuration: "DURATION", KindVector: "VECTOR",
}

// String returns the openCypher type name of the kind, e.g. "INTEGER".
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return "UNKNOWN"
}

// IsNumber reports whether k is INTEGER or FLOAT.
func (k Kind) IsNumber() bool { return k == KindInt || k == KindFloat }

// IsTemporal reports whether k is one of the temporal kinds.
func (k Kind) IsTemporal() bool { return k >= KindDate && k <= KindDuration }

// Value is an openCypher value.
type Value interface {
	Kind() Kind
}

// Extension is implemented by value types defined outside this package (the
// temporal types). Methods are only ever called with another value of the
// same Kind.
type Extension interface {
	Value
	// EqualSame reports equality with a value of the same kind.
	EqualSame(other Value) bool
	// CompareSame orders against a value of the same kind; ok is false when
	// the two are not comparable (e.g. durations).
	CompareSame(other Value) (c int, ok bool)
	// OrderSame is the total order used by ORDER BY among values of the kind.
	OrderSame(other Value) int
	// AppendKey appends a canonical encoding: equal values, equal bytes.
	AppendKey(dst []byte) []byte
	// String renders the value as openCypher prints it (e.g. 2015-07-21T21:40:32.142+01:00).
	String() string
}

// Null is the null value.
type Null struct{}

// Bool is a boolean.
type Bool bool

// Int is a 64-bit signed integer.
type Int int64

// Float is a 64-bit IEEE-754 float.
type Float float64

// String is a UTF-8 string.
type String string

// List is an ordered list of values.
type List []Value

// Map is a map from string keys to values.
type Map map[string]Value

// Vector is a float32 vector (embeddings).
type Vector []float32

// Node is a graph node. Inside the engine only ID is set; Labels and Props
// are filled when the node is materialised for a result.
//
// ID is the node's internal id: a position in the store's layout, dense
// within a graph and reused after deletion. Refer to nodes from outside by
// ElementID (what Cypher's elementId() returns) or, better, by a key
// property.
type Node struct {
	ID     uint32
	Labels []string
	Props  Map
}

// ElementID returns the node's element id, the string Cypher's elementId()
// returns for it ("n:42"); MATCH (n) WHERE elementId(n) = $id finds it.
func (n Node) ElementID() string { return NodeElementID(n.ID) }

// NodeElementID returns the element id of the node with internal id id.
func NodeElementID(id uint32) string { return "n:" + strconv.FormatUint(uint64(id), 10) }

// Rel is a relationship. Inside the engine ID, Type, Start and End are set;
// Props is filled when it is materialised for a result.
//
// ID, Start and End are internal ids (see Node); use ElementID and the end
// nodes' element ids (NodeElementID) to refer to them from outside.
type Rel struct {
	ID    uint64
	Type  string
	Start uint32
	End   uint32
	Props Map
}

// ElementID returns the relationship's element id, the string Cypher's
// elementId() returns for it ("r:7").
func (r Rel) ElementID() string { return "r:" + strconv.FormatUint(r.ID, 10) }

// Path is an alternating sequence of nodes and relationships:
// len(Nodes) == len(Rels)+1. Each Rels[i] connects Nodes[i] and Nodes[i+1],
// in either direction.
type Path struct {
	Nodes []Node
	Rels  []Rel
}

// NullValue is the Null value as a Value.
var NullValue Value = Null{}

// Kind implementations.
func (Null) Kind() Kind   { return KindNull }
func (Bool) Kind() Kind   { return KindBool }
func (Int) Kind() Kind    { return KindInt }
func (Float) Kind() Kind  { return KindFloat }
func (String) Kind() Kind { return KindString }
func (List) Kind() Kind   { return KindList }
func (Map) Kind() Kind    { return KindMap }
func (Vector) Kind() Kind { return KindVector }
func (Node) Kind() Kind   { return KindNode }
func (Rel) Kind() Kind    { return KindRel }
func (Path) Kind() Kind   { return KindPath }

// KindOf returns v's kind, KindNull for nil.
func KindOf(v Value) Kind {
	if v == nil {
		return KindNull
	}
	return v.Kind()
}

// IsNull reports whether v is null (or nil).
func IsNull(v Value) bool { return v == nil || v.Kind() == KindNull }

// TypeName returns the openCypher type name of v, e.g. "INTEGER".
func TypeName(v Value) string { return KindOf(v).String() }

// Keys returns the map's keys in sorted order.
func (m Map) Keys() []string { return m.AppendKeys(make([]string, 0, len(m))) }

// AppendKeys appends the map's keys in sorted order to buf and returns
// it. Callers that encode or compare maps per row pass a small array of
// their own, so that a map of a few keys is read without allocating.
func (m Map) AppendKeys(buf []string) []string {
	n := len(buf)
	for k := range m {
		buf = append(buf, k)
	}
	if keys := buf[n:]; len(keys) <= 8 {
		// Insertion sort: a few keys, no allocation (sort.Strings's
		// interface-free path still costs more on two or three keys).
		for i := 1; i < len(keys); i++ {
			for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
				keys[j], keys[j-1] = keys[j-1], keys[j]
			}
		}
	} else {
		sort.Strings(keys)
	}
	return buf
}

// Len returns the number of relationships in the path.
func (p Path) Len() int { return len(p.Rels) }

// Start returns the first node of the path.
func (p Path) Start() Node { return p.Nodes[0] }

// End returns the last node of the path.
func (p Path) End() Node { return p.Nodes[len(p.Nodes)-1] }

// Tri is a three-valued logic value.
type Tri int8

// Three-valued logic constants.
const (
	False   Tri = 0
	True    Tri = 1
	Unknown Tri = -1
)

// TriOf converts a Go bool.
func TriOf(b bool) Tri {
	if b {
		return True
	}
	return False
}

// Value converts t to Bool or Null.
func (t Tri) Value() Value {
	switch t {
	case True:
		return Bool(true)
	case False:
		return Bool(false)
	}
	return NullValue
}

// And is three-valued conjunction.
func (t Tri) And(u Tri) Tri {
	if t == False || u == False {
		return False
	}
	if t == Unknown || u == Unknown {
		return Unknown
	}
	return True
}

// Or is three-valued disjunction.
func (t Tri) Or(u Tri) Tri {
	if t == True || u == True {
		return True
	}
	if t == Unknown || u == Unknown {
		return Unknown
	}
	return False
}

// Xor is three-valued exclusive or.
func (t Tri) Xor(u Tri) Tri {
	if t == Unknown || u == Unknown {
		return Unknown
	}
	return TriOf(t != u)
}

// Not is three-valued negation.
func (t Tri) Not() Tri {
	switch t {
	case True:
		return False
	case False:
		return True
	}
	return Unknown
}

// Entities calls node for every node and rel for every relationship in v:
// v itself, the nodes and relationships of paths, and the elements of
// lists and maps, searched recursively.
func Entities(v Value, node func(Node), rel func(Rel)) {
	switch x := v.(type) {
	case Node:
		node(x)
	case Rel:
		rel(x)
	case Path:
		for _, n := range x.Nodes {
			node(n)
		}
		for _, r := range x.Rels {
			rel(r)
		}
	case List:
		for _, e := range x {
			Entities(e, node, rel)
		}
	case Map:
		for _, e := range x {
			Entities(e, node, rel)
		}
	}
}
