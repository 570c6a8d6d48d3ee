package cyq

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/storage/search"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// This file holds the FULLTEXT and VECTOR index DDL and the search
// procedures (db.index.fulltext.queryNodes, db.index.vector.queryNodes,
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

func numberOf(v value.Value) (float64, bool) {
	switch n := v.(type) {
	case value.Int:
		return float64(n), true
	case value.Float:
		return float64(n), true
	}
	return 0, false
}

// searchIndexDef builds a storage definition from CREATE FULLTEXT/VECTOR INDEX.
func searchIndexDef(c *ast.CreateIndex) (storage.SearchIndexDef, error) {
	def := storage.SearchIndexDef{Name: c.Name, Labels: c.Labels, Props: c.Props}
	if c.Kind == ast.IndexFulltext {
		def.Kind = storage.SearchFulltext
	} else {
		def.Kind = storage.SearchVector
	}
	if c.Name == "" {
		return def, fmt.Errorf("a %s index needs a name", def.Kind)
	}
	if c.Rel {
		return def, fmt.Errorf("%s indexes on relationships are not supported; index nodes", def.Kind)
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
		num, isNum := numberOf(v)
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

// searchSchema handles CREATE FULLTEXT/VECTOR INDEX and DROP INDEX name;
// handled is false for the other schema commands.
func (db *DB) searchSchema(tx *storage.Tx, cmd ast.SchemaCommand, src string) (handled bool, err error) {
	switch c := cmd.(type) {
	case *ast.CreateIndex:
		if c.Kind != ast.IndexFulltext && c.Kind != ast.IndexVector {
			return false, nil
		}
		def, err := searchIndexDef(c)
		if err != nil {
			e := cyqerr.Compile(cyqerr.SemanticError, "InvalidIndex", "%s", err.Error())
			return true, e.At(src, c.Span.Start)
		}
		if def.Kind == storage.SearchVector && def.Embedder != "" {
			if _, err := db.Embedder(def.Embedder); err != nil {
				return true, cyqerr.Compile(cyqerr.SemanticError, "InvalidIndex", "%s", err.Error()).At(src, c.Span.Start)
			}
		}
		err = tx.CreateSearchIndex(def)
		if errors.Is(err, storage.ErrExists) && c.IfNotExists {
			return true, nil
		}
		return true, mapStorageErr(err)
	case *ast.DropIndex:
		if c.Legacy {
			return false, nil
		}
		if _, ok := storage.SearchIndex(tx, c.Name); !ok {
			if c.IfExists {
				return true, nil
			}
			return false, nil // not a search index: the caller reports it
		}
		return true, mapStorageErr(tx.DropSearchIndex(c.Name))
	}
	return false, nil
}

func procErr(name, format string, args ...any) error {
	return cyqerr.Runtimef(cyqerr.ProcedureError, "ProcedureCallFailed", "%s: %s", name, fmt.Sprintf(format, args...))
}

func readerOf(ctx *vm.Ctx) (storage.Reader, bool) {
	gv, ok := ctx.Graph.(graphView)
	if !ok {
		return nil, false
	}
	return gv.r, true
}

func stringArg(name string, v value.Value, what string) (string, error) {
	s, ok := v.(value.String)
	if !ok {
		return "", procErr(name, "%s must be a string, got %s", what, value.Format(v))
	}
	return string(s), nil
}

func intArg(name string, v value.Value, what string) (int, error) {
	switch n := v.(type) {
	case value.Int:
		if n < 0 || n > 1<<24 {
			return 0, procErr(name, "%s must be between 0 and %d, got %d", what, 1<<24, n)
		}
		return int(n), nil
	case value.Float:
		if n == value.Float(math.Trunc(float64(n))) && n >= 0 && n <= 1<<24 {
			return int(n), nil
		}
	}
	return 0, procErr(name, "%s must be a non-negative integer, got %s", what, value.Format(v))
}

// nodeFilter turns the pre-filter argument into a node bitmap: null (no
// filter), a label name, or a list of nodes, node ids or element ids.
func nodeFilter(name string, r storage.Reader, v value.Value) (*roaring.Bitmap, error) {
	switch x := v.(type) {
	case nil, value.Null:
		return nil, nil
	case value.String:
		if id, ok := r.LabelID(string(x)); ok {
			return r.NodesWithLabel(id), nil
		}
		return roaring.New(), nil
	case value.List:
		b := roaring.New()
		for _, e := range x {
			switch y := e.(type) {
			case value.Node:
				b.Add(y.ID)
			case value.Int:
				if y >= 0 && y <= math.MaxUint32 {
					b.Add(uint32(y))
				}
			case value.String:
				s, ok := strings.CutPrefix(string(y), "n:")
				n, err := strconv.ParseUint(s, 10, 32)
				if !ok || err != nil {
					return nil, procErr(name, "filter element id %q is not a node element id like 'n:42'", string(y))
				}
				b.Add(uint32(n))
			case value.Null:
			default:
				return nil, procErr(name, "filter list elements must be nodes, ids or element ids, got %s", value.Format(e))
			}
		}
		return b, nil
	}
	return nil, procErr(name, "filter must be null, a label name or a list of nodes, got %s", value.Format(v))
}

// queryVector returns the query vector for a vector index: a vector or a
// list of numbers as given, or a string embedded by the index's embedder.
func (db *DB) queryVector(ctx context.Context, name string, def storage.SearchIndexDef, q value.Value) ([]float32, error) {
	if s, ok := q.(value.String); ok {
		if def.Embedder == "" {
			return nil, procErr(name, "index %q has no embedder (indexConfig `cyq.embedder`); pass a vector, or embed the text with cyq.embed(text)", def.Name)
		}
		e, err := db.Embedder(def.Embedder)
		if err != nil {
			return nil, procErr(name, "%v", err)
		}
		vs, err := e.Embed(ctx, []string{string(s)})
		if err != nil {
			return nil, procErr(name, "embedder %s unavailable: %v", def.Embedder, err)
		}
		return vs[0], nil
	}
	x, ok := storage.VectorOf(q)
	if !ok {
		return nil, procErr(name, "the query must be a vector, a list of numbers or (for an index with an embedder) a string, got %s", value.Format(q))
	}
	if len(x) != def.Dim {
		return nil, procErr(name, "the query vector has %d dimensions, index %q has %d", len(x), def.Name, def.Dim)
	}
	for i, f := range x {
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			return nil, procErr(name, "query vector element %d is %v; vectors must be finite", i, f)
		}
	}
	return x, nil
}

func hitRows(hits []search.Hit) [][]value.Value {
	out := make([][]value.Value, len(hits))
	for i, h := range hits {
		out[i] = []value.Value{value.Node{ID: h.Node}, value.Float(h.Score)}
	}
	return out
}

func searchErr(name string, err error) error {
	if e := cyqerr.As(err); e != nil {
		return e
	}
	return procErr(name, "%v", err)
}

func (db *DB) fulltextProc(name string) func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
	return func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
		r, ok := readerOf(ctx)
		if !ok {
			return nil, nil
		}
		idx, err := stringArg(name, args[0], "the index name")
		if err != nil {
			return nil, err
		}
		q, err := stringArg(name, args[1], "the query")
		if err != nil {
			return nil, err
		}
		skip, limit := 0, -1
		if len(args) > 2 { // options {limit, skip}
			switch o := args[2].(type) {
			case value.Null:
			case value.Map:
				for k, v := range o {
					switch k {
					case "limit":
						if limit, err = intArg(name, v, "limit"); err != nil {
							return nil, err
						}
					case "skip":
						if skip, err = intArg(name, v, "skip"); err != nil {
							return nil, err
						}
					default:
						return nil, procErr(name, "unknown option %q (want limit, skip)", k)
					}
				}
			default:
				return nil, procErr(name, "options must be a map {limit, skip}")
			}
		}
		hits, err := storage.QueryFulltext(r, idx, q)
		if err != nil {
			return nil, searchErr(name, mapStorageErr(err))
		}
		hits = hits[min(skip, len(hits)):]
		if limit >= 0 && limit < len(hits) {
			hits = hits[:limit]
		}
		return hitRows(hits), nil
	}
}

func (db *DB) vectorProc(name string) func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
	return func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
		r, ok := readerOf(ctx)
		if !ok {
			return nil, nil
		}
		idx, err := stringArg(name, args[0], "the index name")
		if err != nil {
			return nil, err
		}
		k, err := intArg(name, args[1], "the number of neighbours")
		if err != nil {
			return nil, err
		}
		def, ok := storage.SearchIndex(r, idx)
		if !ok || def.Kind != storage.SearchVector {
			return nil, procErr(name, "there is no vector index named %q", idx)
		}
		q, err := db.queryVector(ctx.Context, name, def, args[2])
		if err != nil {
			return nil, err
		}
		var filter *roaring.Bitmap
		if len(args) > 3 {
			if filter, err = nodeFilter(name, r, args[3]); err != nil {
				return nil, err
			}
		}
		hits, err := storage.QueryVector(r, idx, q, k, filter)
		if err != nil {
			return nil, searchErr(name, mapStorageErr(err))
		}
		return hitRows(hits), nil
	}
}

// hybridProc: reciprocal rank fusion (k = 60) of the BM25 ranking and the
// vector ranking. When the vector side cannot run (the embedder is
// unreachable), the full-text ranking is returned alone with a warning.
func (db *DB) hybridProc(name string) func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
	return func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
		r, ok := readerOf(ctx)
		if !ok {
			return nil, nil
		}
		ftIdx, err := stringArg(name, args[0], "the full-text index name")
		if err != nil {
			return nil, err
		}
		vecIdx, err := stringArg(name, args[1], "the vector index name")
		if err != nil {
			return nil, err
		}
		q, err := stringArg(name, args[2], "the query")
		if err != nil {
			return nil, err
		}
		k, err := intArg(name, args[3], "k")
		if err != nil {
			return nil, err
		}
		// Each side contributes its top max(k, 50) candidates to the fusion.
		depth := max(k, 50)
		th, err := storage.QueryFulltext(r, ftIdx, q)
		if err != nil {
			return nil, searchErr(name, mapStorageErr(err))
		}
		th = th[:min(depth, len(th))]
		def, ok := storage.SearchIndex(r, vecIdx)
		if !ok || def.Kind != storage.SearchVector {
			return nil, procErr(name, "there is no vector index named %q", vecIdx)
		}
		warning := value.Value(value.NullValue)
		var vh []search.Hit
		if def.Embedder == "" {
			return nil, procErr(name, "vector index %q has no embedder (indexConfig `cyq.embedder`), so the text query cannot be embedded", vecIdx)
		}
		qv, err := db.queryVector(ctx.Context, name, def, value.String(q))
		if err == nil {
			vh, err = storage.QueryVector(r, vecIdx, qv, depth, nil)
		}
		if err != nil {
			warning = value.String("vector search unavailable, results are full-text only: " + err.Error())
			vh = nil
		}
		tl := make([]uint32, len(th))
		for i, h := range th {
			tl[i] = h.Node
		}
		vl := make([]uint32, len(vh))
		for i, h := range vh {
			vl[i] = h.Node
		}
		fused := search.RRF(search.RRFK, tl, vl)
		fused = fused[:min(k, len(fused))]
		out := make([][]value.Value, len(fused))
		rank := func(n int) value.Value {
			if n == 0 {
				return value.NullValue
			}
			return value.Int(int64(n))
		}
		for i, f := range fused {
			out[i] = []value.Value{value.Node{ID: f.Node}, value.Float(f.Score), rank(f.Ranks[0]), rank(f.Ranks[1]), warning}
		}
		if len(out) == 0 && warning != value.NullValue {
			out = append(out, []value.Value{value.NullValue, value.NullValue, value.NullValue, value.NullValue, warning})
		}
		return out, nil
	}
}

// refreshProc embeds, for a vector index with an embedder, the source text
// of every indexed node that has no vector yet, writing the vector property.
func (db *DB) refreshProc(name string) func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
	return func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
		r, ok := readerOf(ctx)
		if !ok || ctx.Writer == nil {
			return nil, procErr(name, "needs a writable transaction")
		}
		idx, err := stringArg(name, args[0], "the index name")
		if err != nil {
			return nil, err
		}
		def, ok := storage.SearchIndex(r, idx)
		if !ok || def.Kind != storage.SearchVector || def.Embedder == "" {
			return nil, procErr(name, "there is no vector index with an embedder named %q", idx)
		}
		if def.Embedder == "default" {
			return [][]value.Value{{value.Int(0), value.Int(0), value.NullValue}}, nil // embedded at commit, in memory
		}
		e, err := db.Embedder(def.Embedder)
		if err != nil {
			return nil, procErr(name, "%v", err)
		}
		src, okS := r.PropKeyID(def.Source)
		dst, okD := r.PropKeyID(def.Props[0])
		nodes := roaring.New()
		for _, l := range def.Labels {
			if id, ok := r.LabelID(l); ok {
				nodes.Or(r.NodesWithLabel(id))
			}
		}
		var ids []uint32
		var texts []string
		if okS {
			it := nodes.Iterator()
			for it.HasNext() {
				n := it.Next()
				s, ok := r.NodeProp(n, src)
				if !ok {
					continue
				}
				str, ok := s.(value.String)
				if !ok {
					continue
				}
				if okD {
					if _, has := r.NodeProp(n, dst); has {
						continue
					}
				}
				ids = append(ids, n)
				texts = append(texts, string(str))
			}
		}
		done := 0
		const batch = 64
		for i := 0; i < len(ids); i += batch {
			j := min(i+batch, len(ids))
			vs, err := e.Embed(ctx.Context, texts[i:j])
			if err != nil {
				return [][]value.Value{{value.Int(int64(done)), value.Int(int64(len(ids) - done)),
					value.String(fmt.Sprintf("embedder %s unavailable: %v", def.Embedder, err))}}, nil
			}
			for x, v := range vs {
				if err := ctx.Writer.SetNodeProp(ids[i+x], def.Props[0], value.Vector(v)); err != nil {
					return nil, err
				}
				done++
			}
		}
		return [][]value.Value{{value.Int(int64(done)), value.Int(0), value.NullValue}}, nil
	}
}

func indexesProc(ctx *vm.Ctx, _ []value.Value) ([][]value.Value, error) {
	r, ok := readerOf(ctx)
	if !ok {
		return nil, nil
	}
	var out [][]value.Value
	for _, ix := range storage.SearchIndexes(r) {
		labels, props := value.List{}, value.List{}
		for _, l := range ix.Labels {
			labels = append(labels, value.String(l))
		}
		for _, p := range ix.Props {
			props = append(props, value.String(p))
		}
		cfg := value.Map{}
		if ix.Kind == storage.SearchFulltext {
			shown := func(x float64) value.Value { // explicit 0 is stored as the smallest float
				if x < 1e-300 {
					x = 0
				}
				return value.Float(x)
			}
			cfg["bm25.k1"], cfg["bm25.b"] = shown(ix.K1), shown(ix.B)
		} else {
			cfg["vector.dimensions"] = value.Int(int64(ix.Dim))
			cfg["vector.similarity_function"] = value.String(ix.Similarity)
			if ix.Embedder != "" {
				cfg["cyq.embedder"], cfg["cyq.source"] = value.String(ix.Embedder), value.String(ix.Source)
			}
		}
		out = append(out, []value.Value{value.String(ix.Name), value.String(ix.Kind.String()), labels, props, cfg, value.Int(int64(ix.Entries))})
	}
	return out, nil
}

// registerSearchProcs registers the search procedures.
func (db *DB) registerSearchProcs() {
	nodeScore := []vm.ProcParam{{Name: "node", Type: "NODE"}, {Name: "score", Type: "FLOAT"}}
	reg := func(p *vm.Procedure) { db.procs[strings.ToLower(p.Name)] = p }
	reg(&vm.Procedure{Name: "db.index.fulltext.queryNodes", ReadOnly: true,
		Doc:     "db.index.fulltext.queryNodes(indexName, query [, {limit, skip}]) returns the nodes of a FULLTEXT index matching query (words, \"phrases\", prefix*; OR semantics), best BM25 score first.",
		Params:  []vm.ProcParam{{Name: "indexName", Type: "STRING"}, {Name: "queryString", Type: "STRING"}, {Name: "options", Type: "MAP?", Optional: true}},
		Outputs: nodeScore, Fn: db.fulltextProc("db.index.fulltext.queryNodes")})
	reg(&vm.Procedure{Name: "cyq.search.fulltext", ReadOnly: true,
		Doc:     "cyq.search.fulltext(indexName, query, {limit, skip}) is db.index.fulltext.queryNodes with paging options.",
		Params:  []vm.ProcParam{{Name: "indexName", Type: "STRING"}, {Name: "queryString", Type: "STRING"}, {Name: "options", Type: "MAP?"}},
		Outputs: nodeScore, Fn: db.fulltextProc("cyq.search.fulltext")})
	reg(&vm.Procedure{Name: "db.index.vector.queryNodes", ReadOnly: true,
		Doc:     "db.index.vector.queryNodes(indexName, k, query [, filter]) returns the exact k nearest nodes of a VECTOR index; query is a vector, a list of numbers, or a string when the index has an embedder; filter (a cyq extension) restricts the scan to a label or a list of nodes or ids. Scores: cosine (1+cos)/2, euclidean 1/(1+d²).",
		Params:  []vm.ProcParam{{Name: "indexName", Type: "STRING"}, {Name: "numberOfNearestNeighbours", Type: "INTEGER"}, {Name: "query", Type: "ANY"}, {Name: "filter", Type: "ANY", Optional: true}},
		Outputs: nodeScore, Fn: db.vectorProc("db.index.vector.queryNodes")})
	reg(&vm.Procedure{Name: "cyq.search.vector", ReadOnly: true,
		Doc:     "cyq.search.vector(indexName, k, query, filter) is db.index.vector.queryNodes restricted to filter: null, a label name, or a list of nodes, node ids or element ids (a pre-filter: only those nodes are scored).",
		Params:  []vm.ProcParam{{Name: "indexName", Type: "STRING"}, {Name: "numberOfNearestNeighbours", Type: "INTEGER"}, {Name: "query", Type: "ANY"}, {Name: "filter", Type: "ANY"}},
		Outputs: nodeScore, Fn: db.vectorProc("cyq.search.vector")})
	reg(&vm.Procedure{Name: "cyq.search.hybrid", ReadOnly: true,
		Doc:    "cyq.search.hybrid(ftIndex, vecIndex, query, k) fuses the BM25 and vector rankings by reciprocal rank fusion (k = 60): score = Σ 1/(60 + rank). textRank and vectorRank are 1-based (null when absent). The vector index needs an embedder; when it is unreachable the results are full-text only and warning says so.",
		Params: []vm.ProcParam{{Name: "fulltextIndex", Type: "STRING"}, {Name: "vectorIndex", Type: "STRING"}, {Name: "query", Type: "STRING"}, {Name: "k", Type: "INTEGER"}},
		Outputs: []vm.ProcParam{{Name: "node", Type: "NODE"}, {Name: "score", Type: "FLOAT"}, {Name: "textRank", Type: "INTEGER?"},
			{Name: "vectorRank", Type: "INTEGER?"}, {Name: "warning", Type: "STRING?"}},
		Fn: db.hybridProc("cyq.search.hybrid")})
	reg(&vm.Procedure{Name: "cyq.embed.refresh", ReadOnly: false,
		Doc:     "cyq.embed.refresh(vectorIndex) embeds the source text of indexed nodes that have no vector yet (provider embedders) and writes the vector property; embedded counts them, pending counts those left when the embedder failed (warning says why).",
		Params:  []vm.ProcParam{{Name: "indexName", Type: "STRING"}},
		Outputs: []vm.ProcParam{{Name: "embedded", Type: "INTEGER"}, {Name: "pending", Type: "INTEGER"}, {Name: "warning", Type: "STRING?"}},
		Fn:      db.refreshProc("cyq.embed.refresh")})
	reg(&vm.Procedure{Name: "cyq.search.indexes", ReadOnly: true,
		Doc: "cyq.search.indexes() lists the FULLTEXT and VECTOR indexes with their configuration and number of indexed nodes.",
		Outputs: []vm.ProcParam{{Name: "name", Type: "STRING"}, {Name: "type", Type: "STRING"}, {Name: "labels", Type: "LIST<STRING>"},
			{Name: "properties", Type: "LIST<STRING>"}, {Name: "config", Type: "MAP"}, {Name: "entries", Type: "INTEGER"}},
		Fn: indexesProc})
}
