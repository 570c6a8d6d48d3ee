package engine

import (
	"fmt"
	"math"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/storage/search"
	"github.com/cyqdb/cyq/value"
)

// cyq.search.*, cyq.embed.refresh).

// literalValue evaluates a constant expression (the OPTIONS map).
func literalValue(e ast.Expr) (value.Value, error) {
	switch x := e.(type) {
	case *ast.Literal:
		switch x.Kind {
		case ast.LitNull:
			return value.NullValue, nil
		case ast.LitBool:
			return value.Bool(x.Bool), nil
		case ast.LitInt:
			return value.Int(x.Int), nil
		case ast.LitFloat:
			return value.Float(x.Float), nil
		case ast.LitString:
			return value.String(x.Str), nil
		}
	case *ast.Unary:
		v, err := literalValue(x.Expr)
		if err != nil {
			return nil, err
		}
		if x.Op == ast.OpNeg {
			switch n := v.(type) {
			case value.Int:
				return -n, nil
			case value.Float:
				return -n, nil
			}
		}
		if x.Op == ast.OpPlus {
			return v, nil
		}
	case *ast.ListLiteral:
		out := value.List{}
		for _, it := range x.Items {
			v, err := literalValue(it)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case *ast.MapLiteral:
		out := value.Map{}
		for _, en := range x.Entries {
			v, err := literalValue(en.Value)
			if err != nil {
				return nil, err
			}
			out[en.Key] = v
		}
		return out, nil
	}
	return nil, fmt.Errorf("OPTIONS must be a map of literal values")
}

// searchIndexDef builds a storage definition from CREATE FULLTEXT/VECTOR INDEX.
func searchIndexDef(c *ast.CreateIndex) (storage.SearchIndexDef, error) {
	def := storage.SearchIndexDef{Name: c.Name, Labels: c.Labels, Props: c.Props, Rel: c.Rel}
	if c.Kind == ast.IndexFulltext {
		def.Kind = storage.SearchFulltext
	} else {
		def.Kind = storage.SearchVector
	}
	if len(c.Labels) == 0 {
		return def, fmt.Errorf("a %s index needs a label or relationship type: FOR (n:Label) or FOR ()-[r:TYPE]-()", def.Kind)
	}
	if def.Kind == storage.SearchFulltext && !c.Each {
		return def, fmt.Errorf("a FULLTEXT index lists its properties after ON EACH: ON EACH [%s.a, %s.b]", c.Var.Name, c.Var.Name)
	}
	if def.Kind == storage.SearchVector && (c.Each || len(c.Props) != 1) {
		return def, fmt.Errorf("a VECTOR index is on one property: FOR (n:Label) ON (n.embedding)")
	}
	if c.Rel && def.Kind == storage.SearchVector {
		return def, fmt.Errorf("VECTOR indexes on relationships are not supported; index the embedding on nodes")
	}
	cfg := value.Map{}
	if c.Options != nil {
		o, err := literalValue(c.Options)
		if err != nil {
			return def, err
		}
		om, ok := o.(value.Map)
		if !ok {
			return def, fmt.Errorf("OPTIONS must be a map")
		}
		for k, v := range om {
			switch k {
			case "indexConfig":
				m, ok := v.(value.Map)
				if !ok {
					return def, fmt.Errorf("OPTIONS indexConfig must be a map")
				}
				cfg = m
			case "indexProvider":
			default:
				return def, fmt.Errorf("unknown OPTIONS key %q (want indexConfig)", k)
			}
		}
	}
	for k, v := range cfg {
		str, isStr := v.(value.String)
		num, isNum := value.Number(v)
		bad := func(want string) error {
			return fmt.Errorf("indexConfig `%s` must be %s, got %s", k, want, value.Format(v))
		}
		switch {
		case def.Kind == storage.SearchFulltext && (k == "bm25.k1" || k == "fulltext.bm25.k1" || k == "k1"):
			if !isNum {
				return def, bad("a number")
			}
			def.K1 = num
			if num == 0 {
				def.K1 = math.SmallestNonzeroFloat64 // 0 means "default" in storage
			}
		case def.Kind == storage.SearchFulltext && (k == "bm25.b" || k == "fulltext.bm25.b" || k == "b"):
			if !isNum {
				return def, bad("a number")
			}
			def.B = num
			if num == 0 {
				def.B = math.SmallestNonzeroFloat64 // 0 means "default" in storage
			}
		case def.Kind == storage.SearchFulltext && (k == "fulltext.analyzer" || k == "fulltext.eventually_consistent"):
			// Accepted for Neo4j compatibility; cyq has one analyser and is always consistent.
		case def.Kind == storage.SearchVector && k == "vector.dimensions":
			if !isNum || num != math.Trunc(num) {
				return def, bad("an integer")
			}
			def.Dim = int(num)
		case def.Kind == storage.SearchVector && k == "vector.similarity_function":
			if !isStr {
				return def, bad("'cosine' or 'euclidean'")
			}
			def.Similarity = strings.ToLower(string(str))
		case def.Kind == storage.SearchVector && k == "cyq.embedder":
			if !isStr {
				return def, bad("a string")
			}
			def.Embedder = string(str)
		case def.Kind == storage.SearchVector && k == "cyq.source":
			if !isStr {
				return def, bad("a property name")
			}
			def.Source = string(str)
		default:
			return def, fmt.Errorf("unknown indexConfig key `%s` for a %s index", k, def.Kind)
		}
	}
	if def.Kind == storage.SearchVector {
		if (def.Embedder == "") != (def.Source == "") {
			return def, fmt.Errorf("`cyq.embedder` and `cyq.source` go together: name the embedder and the text property it embeds")
		}
		if def.Embedder == "default" {
			if def.Dim == 0 {
				def.Dim = search.HashDim
			} else if def.Dim != search.HashDim {
				return def, fmt.Errorf("the default embedder makes %d-dimensional vectors, not %d", search.HashDim, def.Dim)
			}
		}
		if def.Dim == 0 {
			return def, fmt.Errorf("a vector index needs indexConfig `vector.dimensions`")
		}
	}
	return def, nil
}
