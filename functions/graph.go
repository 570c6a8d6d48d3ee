package functions

import (
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// Graph functions (nodes, relationships, paths) and the other built-ins
// that read the statement context.

func defineGraph() {
	def(&Func{Name: "labels", Category: "graph", Deterministic: true,
		Doc:       "labels(n) returns the labels of a node as a list of strings.",
		Examples:  []string{"labels(n) = ['Person', 'Actor']", "labels(null) = null"},
		Overloads: []Overload{ov(labelsImpl, List(String), Node).named("node")}})
	def(&Func{Name: "type", Category: "graph", Deterministic: true,
		Doc:       "type(r) returns the type of a relationship as a string.",
		Examples:  []string{"type(r) = 'KNOWS'"},
		Overloads: []Overload{ov(typeImpl, String, Rel).named("relationship")}})
	def(&Func{Name: "id", Category: "graph", Deterministic: true,
		Doc:       "id(x) returns the internal integer id of a node or relationship. Ids are dense per graph and may be reused after deletion; use elementId or a key property to refer to entities.",
		Examples:  []string{"id(n) = 0"},
		Overloads: []Overload{ov(idImpl, Int, Union(Node, Rel)).named("x")}})
	def(&Func{Name: "elementId", Category: "graph", Deterministic: true,
		Doc:       "elementId(x) returns the element id of a node or relationship as a string: 'n:' or 'r:' followed by the decimal internal id (e.g. 'n:42', 'r:7'). The format is stable.",
		Examples:  []string{"elementId(n) = 'n:42'", "elementId(r) = 'r:7'"},
		Overloads: []Overload{ov(elementIDImpl, String, Union(Node, Rel)).named("x")}})
	def(&Func{Name: "properties", Category: "graph", Deterministic: true,
		Doc:       "properties(x) returns the properties of a node or relationship as a map; for a map it returns the map itself.",
		Examples:  []string{"properties({name: 'Popeye', level: 9001}) = {level: 9001, name: 'Popeye'}"},
		Overloads: []Overload{ov(propertiesImpl, Map, Union(Map, Node, Rel)).named("x")}})
	def(&Func{Name: "nodes", Category: "graph", Deterministic: true,
		Doc:       "nodes(p) returns the nodes of a path, in order.",
		Examples:  []string{"nodes(p) = [(:A), (:B)]"},
		Overloads: []Overload{ov(pathNodes, List(Node), Path).named("path")}})
	def(&Func{Name: "relationships", Category: "graph", Deterministic: true,
		Doc:       "relationships(p) returns the relationships of a path, in order.",
		Examples:  []string{"relationships(p) = [[:T]]"},
		Overloads: []Overload{ov(pathRels, List(Rel), Path).named("path")}})
	def(&Func{Name: "startNode", Category: "graph", Deterministic: true,
		Doc:       "startNode(r) returns the node a relationship starts at.",
		Examples:  []string{"startNode(r) = (:A)"},
		Overloads: []Overload{ov(relEnd(true), Node, Rel).named("relationship")}})
	def(&Func{Name: "endNode", Category: "graph", Deterministic: true,
		Doc:       "endNode(r) returns the node a relationship ends at.",
		Examples:  []string{"endNode(r) = (:B)"},
		Overloads: []Overload{ov(relEnd(false), Node, Rel).named("relationship")}})
	def(&Func{Name: "exists", Category: "predicate", Deterministic: true,
		Doc:       "exists(x) reports whether x is not null; exists(n.prop) tests for a property. (Pattern existence is the EXISTS { } subquery, not this function.)",
		Examples:  []string{"exists(n.name) = true", "exists(null) = false"},
		Overloads: []Overload{ov(existsImpl, Bool, Any).named("x")}})
	def(&Func{Name: "timestamp", Category: "scalar", Deterministic: false,
		Doc:       "timestamp() returns the statement time in milliseconds since 1970-01-01T00:00Z; every call in one statement returns the same value.",
		Examples:  []string{"timestamp() = 1763700000000"},
		Overloads: []Overload{ov(timestampImpl, Int)}})
	def(&Func{Name: "randomUUID", Category: "scalar", Deterministic: false,
		Doc:       "randomUUID() returns a random (version 4) UUID as a string.",
		Examples:  []string{"randomUUID() = '9f0e1c5a-3b1d-4c4e-8a55-2f6f2b0d9c41'"},
		Overloads: []Overload{ov(randomUUIDImpl, String)}})
}

func labelsImpl(ctx *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Node:
		labels := x.Labels
		if g := ctx.graph(); g != nil {
			var err error
			if labels, err = g.NodeLabels(x.ID); err != nil {
				return nil, err
			}
		}
		out := make(value.List, len(labels))
		for i, l := range labels {
			out[i] = value.String(l)
		}
		return out, nil
	}
	return nil, argTypeErr("labels", args[0], "a node")
}

func typeImpl(_ *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Rel:
		return value.String(x.Type), nil
	}
	return nil, argTypeErr("type", args[0], "a relationship")
}

func idImpl(_ *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Node:
		return value.Int(x.ID), nil
	case value.Rel:
		if x.ID > 1<<63-1 {
			return nil, cyqerr.Runtimef(cyqerr.Internal, "", "relationship id %d out of range", x.ID)
		}
		return value.Int(x.ID), nil
	}
	return nil, argTypeErr("id", args[0], "a node or relationship")
}

func elementIDImpl(_ *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Node:
		return value.String(x.ElementID()), nil
	case value.Rel:
		return value.String(x.ElementID()), nil
	}
	return nil, argTypeErr("elementId", args[0], "a node or relationship")
}

// ParseElementID is the inverse of elementId(): it returns whether the id
// names a node (else a relationship) and its internal id.
func ParseElementID(s string) (node bool, id uint64, err error) {
	kind, num, ok := strings.Cut(s, ":")
	if ok && (kind == "n" || kind == "r") {
		bitsz := 64
		if kind == "n" {
			bitsz = 32
		}
		if id, err := strconv.ParseUint(num, 10, bitsz); err == nil {
			return kind == "n", id, nil
		}
	}
	return false, 0, cyqerr.Runtimef(cyqerr.ArgumentError, "InvalidArgumentValue", "%s is not an element id", value.QuoteString(s))
}

// propsOf returns the properties of a node or relationship.
func propsOf(ctx *Context, v value.Value) (value.Map, error) {
	g := ctx.graph()
	switch x := v.(type) {
	case value.Node:
		if g != nil {
			return g.NodeProps(x.ID)
		}
		return x.Props, nil
	case value.Rel:
		if g != nil {
			return g.RelProps(x.ID)
		}
		return x.Props, nil
	}
	return nil, fmt.Errorf("functions: propsOf(%s)", value.TypeName(v))
}

func propertiesImpl(ctx *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Map:
		return x, nil
	case value.Node, value.Rel:
		m, err := propsOf(ctx, x)
		if err != nil {
			return nil, err
		}
		out := maps.Clone(m)
		if out == nil {
			out = value.Map{}
		}
		return out, nil
	}
	return nil, argTypeErr("properties", args[0], "a map, node or relationship")
}

func pathNodes(_ *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Path:
		out := make(value.List, len(x.Nodes))
		for i, n := range x.Nodes {
			out[i] = n
		}
		return out, nil
	}
	return nil, argTypeErr("nodes", args[0], "a path")
}

func pathRels(_ *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.Path:
		out := make(value.List, len(x.Rels))
		for i, r := range x.Rels {
			out[i] = r
		}
		return out, nil
	}
	return nil, argTypeErr("relationships", args[0], "a path")
}

func relEnd(start bool) Impl {
	name := "endNode"
	if start {
		name = "startNode"
	}
	return func(_ *Context, args []value.Value) (value.Value, error) {
		switch x := args[0].(type) {
		case nil, value.Null:
			return value.NullValue, nil
		case value.Rel:
			if start {
				return value.Node{ID: x.Start}, nil
			}
			return value.Node{ID: x.End}, nil
		}
		return nil, argTypeErr(name, args[0], "a relationship")
	}
}

func existsImpl(_ *Context, args []value.Value) (value.Value, error) {
	return value.Bool(!isNull(args[0])), nil
}

func timestampImpl(ctx *Context, _ []value.Value) (value.Value, error) {
	return value.Int(ctx.StatementTime().UnixMilli()), nil
}

func randomUUIDImpl(ctx *Context, _ []value.Value) (value.Value, error) {
	return value.String(NewUUID(ctx.Uint64(), ctx.Uint64())), nil
}

// NewUUID formats 128 random bits as a version 4, variant 1 UUID.
func NewUUID(hi, lo uint64) string {
	hi = hi&^0xf000 | 0x4000 // version 4
	lo = lo&^(3<<62) | 1<<63 // variant 10
	const hex = "0123456789abcdef"
	var b [36]byte
	j := 0
	put := func(v uint64, nibbles int) {
		for i := nibbles - 1; i >= 0; i-- {
			b[j] = hex[(v>>(4*uint(i)))&0xf]
			j++
		}
	}
	put(hi>>32, 8)
	b[j] = '-'
	j++
	put(hi>>16, 4)
	b[j] = '-'
	j++
	put(hi, 4)
	b[j] = '-'
	j++
	put(lo>>48, 4)
	b[j] = '-'
	j++
	put(lo, 12)
	return string(b[:])
}
