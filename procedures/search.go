package procedures

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cyqdb/cyq/internal/engine"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/storage/search"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// This file holds the FULLTEXT and VECTOR index DDL and the search
// procedures (db.index.fulltext.queryNodes, db.index.vector.queryNodes,
func procErr(name, format string, args ...any) error {
	return cyqerr.Runtimef(cyqerr.ProcedureError, "ProcedureCallFailed", "%s: %s", name, fmt.Sprintf(format, args...))
}

func readerOf(ctx *vm.Ctx) (storage.Reader, bool) { return engine.ReaderOf(ctx) }

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
		return labelsFilter(r, []string{string(x)}), nil
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
func (p searchProcs) queryVector(ctx context.Context, name string, def storage.SearchIndexDef, q value.Value) ([]float32, error) {
	if s, ok := q.(value.String); ok {
		if def.Embedder == "" {
			return nil, procErr(name, "index %q has no embedder (indexConfig `cyq.embedder`); pass a vector, or embed the text with cyq.embed(text)", def.Name)
		}
		x, down, err := p.embedQuery(ctx, name, def, string(s))
		if down != nil {
			return nil, procErr(name, "%v", down)
		}
		return x, err
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

// embedQuery embeds a query text with the index's embedder. down is set,
// with no error, when the embedder cannot answer (unreachable, or its
// vector does not fit the index).
func (p searchProcs) embedQuery(ctx context.Context, name string, def storage.SearchIndexDef, text string) (vec []float32, down, err error) {
	e, err := p.eng.Embedder(def.Embedder)
	if err != nil {
		return nil, nil, procErr(name, "%v", err)
	}
	vs, err := e.Embed(ctx, []string{text})
	switch {
	case err != nil:
		return nil, fmt.Errorf("embedder %s unavailable: %w", def.Embedder, err), nil
	case len(vs) != 1:
		return nil, fmt.Errorf("embedder %s returned %d vectors for one text", def.Embedder, len(vs)), nil
	case len(vs[0]) != def.Dim:
		return nil, fmt.Errorf("embedder %s returned a vector of %d dimensions, index %q has %d", def.Embedder, len(vs[0]), def.Name, def.Dim), nil
	}
	return vs[0], nil, nil
}

// labelsFilter is the set of nodes with any of the labels.
func labelsFilter(r storage.Reader, labels []string) *roaring.Bitmap {
	b := roaring.New()
	for _, l := range labels {
		if id, ok := r.LabelID(l); ok {
			b.Or(r.NodesWithLabel(id))
		}
	}
	return b
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

// optErr is a procedure error about an options map, with a hint listing
// the accepted keys.
func optErr(name, keys, format string, args ...any) error {
	e := cyqerr.Runtimef(cyqerr.ArgumentError, "InvalidOption", "%s: %s", name, fmt.Sprintf(format, args...))
	return e.WithHint("the options map takes %s", keys)
}

// optKind is the type of a procedure option.
type optKind uint8

const (
	optInt     optKind = iota // a non-negative integer, at most max
	optNumber                 // a number in [min, max]
	optChoice                 // one of choices
	optStrings                // a string or a list of strings
)

type optSpec struct {
	kind     optKind
	min, max float64
	choices  []string
}

// optValues holds decoded options: int, float64, string or []string by key.
type optValues map[string]any

func (o optValues) int(k string, def int) int {
	if v, ok := o[k].(int); ok {
		return v
	}
	return def
}

func (o optValues) number(k string) (float64, bool) {
	v, ok := o[k].(float64)
	return v, ok
}

// procOptions decodes a procedure's options map against spec: null means
// no options; an unknown key or a value of the wrong type or range is an
// ArgumentError naming the key.
func procOptions(name string, v value.Value, spec map[string]optSpec) (optValues, error) {
	keys := make([]string, 0, len(spec))
	for k := range spec {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	known := strings.Join(keys, ", ")
	out := optValues{}
	var m value.Map
	switch x := v.(type) {
	case nil, value.Null:
		return out, nil
	case value.Map:
		m = x
	default:
		return nil, optErr(name, known, "options must be a map, got %s", value.Format(v))
	}
	for k, x := range m {
		s, ok := spec[k]
		if !ok {
			return nil, optErr(name, known, "unknown option %q", k)
		}
		if value.IsNull(x) {
			continue
		}
		switch s.kind {
		case optInt:
			f, isNum := value.Number(x)
			if !isNum || f != math.Trunc(f) || f < s.min || f > s.max {
				return nil, optErr(name, known, "option %s must be an integer between %g and %g, got %s", k, s.min, s.max, value.Format(x))
			}
			out[k] = int(f)
		case optNumber:
			f, isNum := value.Number(x)
			if !isNum || math.IsNaN(f) || f < s.min || f > s.max {
				if math.IsInf(s.max, 1) {
					return nil, optErr(name, known, "option %s must be a number of at least %g, got %s", k, s.min, value.Format(x))
				}
				return nil, optErr(name, known, "option %s must be a number between %g and %g, got %s", k, s.min, s.max, value.Format(x))
			}
			out[k] = f
		case optChoice:
			str, isStr := x.(value.String)
			if !isStr || !slices.Contains(s.choices, string(str)) {
				return nil, optErr(name, known, "option %s must be one of '%s', got %s", k, strings.Join(s.choices, "', '"), value.Format(x))
			}
			out[k] = string(str)
		case optStrings:
			var list []string
			switch y := x.(type) {
			case value.String:
				list = []string{string(y)}
			case value.List:
				for _, e := range y {
					str, isStr := e.(value.String)
					if !isStr {
						return nil, optErr(name, known, "option %s must be a list of strings, got %s", k, value.Format(x))
					}
					list = append(list, string(str))
				}
			default:
				return nil, optErr(name, known, "option %s must be a list of strings, got %s", k, value.Format(x))
			}
			out[k] = list
		}
	}
	return out, nil
}

// maxPage bounds limit, skip, offset and k.
const maxPage = 1 << 24

var pageOptions = map[string]optSpec{
	"limit": {kind: optInt, max: maxPage},
	"skip":  {kind: optInt, max: maxPage},
}

// indexSearch is the procedure behind the single-index searches: it
// resolves the reader and the index name (args[0]) and turns the hits of
// query into (node, score) rows.
func indexSearch(name string, query func(ctx *vm.Ctx, r storage.Reader, idx string, args []value.Value) ([]search.Hit, error)) func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
	return func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
		r, ok := readerOf(ctx)
		if !ok {
			return nil, nil
		}
		idx, err := stringArg(name, args[0], "the index name")
		if err != nil {
			return nil, err
		}
		hits, err := query(ctx, r, idx, args[1:])
		if err != nil {
			return nil, err
		}
		return hitRows(hits), nil
	}
}

// fulltextProc: (indexName, query [, {limit, skip}]).
func (p searchProcs) fulltextProc(name string) func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
	return indexSearch(name, func(_ *vm.Ctx, r storage.Reader, idx string, args []value.Value) ([]search.Hit, error) {
		q, err := stringArg(name, args[0], "the query")
		if err != nil {
			return nil, err
		}
		var o optValues
		if len(args) > 1 {
			if o, err = procOptions(name, args[1], pageOptions); err != nil {
				return nil, err
			}
		}
		if def, ok := storage.SearchIndex(r, idx); ok && def.Kind == storage.SearchFulltext && def.Rel != strings.HasSuffix(name, "Relationships") {
			other := "db.index.fulltext.queryNodes"
			if def.Rel {
				other = "db.index.fulltext.queryRelationships"
			}
			return nil, procErr(name, "the full-text index %q is on %s; query it with %s", idx, map[bool]string{false: "nodes", true: "relationships"}[def.Rel], other)
		}
		hits, err := storage.QueryFulltext(r, idx, q)
		if err != nil {
			return nil, searchErr(name, engine.StorageError(err))
		}
		hits = hits[min(o.int("skip", 0), len(hits)):]
		if limit := o.int("limit", -1); limit >= 0 && limit < len(hits) {
			hits = hits[:limit]
		}
		return hits, nil
	})
}

// vectorProc: (indexName, k, query [, filter]).
func (p searchProcs) vectorProc(name string) func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
	return indexSearch(name, func(ctx *vm.Ctx, r storage.Reader, idx string, args []value.Value) ([]search.Hit, error) {
		k, err := intArg(name, args[0], "the number of neighbours")
		if err != nil {
			return nil, err
		}
		def, ok := storage.SearchIndex(r, idx)
		if !ok || def.Kind != storage.SearchVector {
			return nil, procErr(name, "there is no vector index named %q", idx)
		}
		q, err := p.queryVector(ctx.Context, name, def, args[1])
		if err != nil {
			return nil, err
		}
		var filter *roaring.Bitmap
		if len(args) > 2 {
			if filter, err = nodeFilter(name, r, args[2]); err != nil {
				return nil, err
			}
		}
		hits, err := storage.QueryVector(r, idx, q, k, filter)
		if err != nil {
			return nil, searchErr(name, engine.StorageError(err))
		}
		return hits, nil
	})
}

// Modes of cyq.search.hybrid (its mode option).
const (
	ModeHybrid = "hybrid"
	ModeText   = "text"
	ModeVector = "vector"
)

var hybridOptions = map[string]optSpec{
	"mode":          {kind: optChoice, choices: []string{ModeHybrid, ModeText, ModeVector}},
	"labels":        {kind: optStrings},
	"minScore":      {kind: optNumber, max: math.Inf(1)},
	"offset":        {kind: optInt, max: maxPage},
	"skip":          {kind: optInt, max: maxPage},
	"rrfK":          {kind: optInt, min: 1, max: 1 << 20},
	"minSimilarity": {kind: optNumber, min: -1, max: 1},
}

// hybridQuery is one decoded cyq.search.hybrid call.
type hybridQuery struct {
	ftIdx, vecIdx string
	query         string
	k, offset     int
	mode          string
	labels        []string // pre-filter; nil: none
	minScore      float64
	rrfK          int
	minSim        float64
	hasMinSim     bool
}

func decodeHybrid(name string, args []value.Value) (hybridQuery, error) {
	h := hybridQuery{mode: ModeHybrid, rrfK: search.RRFK}
	var o optValues
	if len(args) > 4 {
		var err error
		if o, err = procOptions(name, args[4], hybridOptions); err != nil {
			return h, err
		}
	}
	if m, ok := o["mode"].(string); ok {
		h.mode = m
	}
	if _, both := o["skip"]; both {
		if _, off := o["offset"]; off {
			return h, optErr(name, "offset or skip (not both)", "give offset or skip, not both")
		}
	}
	h.offset = o.int("offset", o.int("skip", 0))
	h.rrfK = o.int("rrfK", search.RRFK)
	h.labels, _ = o["labels"].([]string)
	h.minScore, _ = o.number("minScore")
	h.minSim, h.hasMinSim = o.number("minSimilarity")
	// An index the mode does not use may be null.
	index := func(v value.Value, what string, used bool) (string, error) {
		if !used && value.IsNull(v) {
			return "", nil
		}
		return stringArg(name, v, what)
	}
	var err error
	if h.ftIdx, err = index(args[0], "the full-text index name", h.mode != ModeVector); err != nil {
		return h, err
	}
	if h.vecIdx, err = index(args[1], "the vector index name", h.mode != ModeText); err != nil {
		return h, err
	}
	if h.query, err = stringArg(name, args[2], "the query"); err != nil {
		return h, err
	}
	if h.k, err = intArg(name, args[3], "k"); err != nil {
		return h, err
	}
	return h, nil
}

// hybridProc: reciprocal rank fusion of the BM25 ranking and the vector
// ranking (see the procedure's Doc). When the vector side cannot run (the
// embedder is unreachable), the full-text ranking is returned alone with a
// warning.
func (p searchProcs) hybridProc(name string) func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
	return func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
		r, ok := readerOf(ctx)
		if !ok {
			return nil, nil
		}
		h, err := decodeHybrid(name, args)
		if err != nil {
			return nil, err
		}
		var filter *roaring.Bitmap
		if h.labels != nil {
			filter = labelsFilter(r, h.labels)
		}
		// Each side contributes its top max(offset+k, 50) candidates.
		depth := max(h.offset+h.k, 50)
		var tl, vl []uint32
		if h.mode != ModeVector {
			th, err := storage.QueryFulltext(r, h.ftIdx, h.query)
			if err != nil {
				return nil, searchErr(name, engine.StorageError(err))
			}
			for _, x := range th {
				if len(tl) == depth {
					break
				}
				if filter == nil || filter.Contains(x.Node) {
					tl = append(tl, x.Node)
				}
			}
		}
		var warnings []string
		if h.mode != ModeText {
			vh, down, err := p.hybridVectorSide(ctx, r, name, h, depth, filter)
			if err != nil {
				return nil, err
			}
			if down != nil {
				if h.mode == ModeVector {
					e := cyqerr.Runtimef(cyqerr.ProcedureError, "EmbedderUnavailable", "%s: %v", name, down)
					e.Cause = down
					return nil, e.WithHint("start the embedder, or search with {mode: 'hybrid'} or {mode: 'text'}, which fall back to full-text search")
				}
				warnings = append(warnings, "vector search unavailable, results are full-text only: "+down.Error())
			}
			for _, x := range vh {
				vl = append(vl, x.Node)
			}
			if w := p.eng.PendingWarning(h.vecIdx); w != "" {
				warnings = append(warnings, w)
			}
		}
		warning := value.Value(value.NullValue)
		if len(warnings) > 0 {
			warning = value.String(strings.Join(warnings, "; "))
		}
		fused := search.RRF(h.rrfK, tl, vl)
		kept := fused[:0]
		for _, f := range fused {
			if f.Score >= h.minScore {
				kept = append(kept, f)
			}
		}
		kept = kept[min(h.offset, len(kept)):]
		kept = kept[:min(h.k, len(kept))]
		rank := func(n int) value.Value {
			if n == 0 {
				return value.NullValue
			}
			return value.Int(int64(n))
		}
		out := make([][]value.Value, len(kept))
		for i, f := range kept {
			out[i] = []value.Value{value.Node{ID: f.Node}, value.Float(f.Score), rank(f.Ranks[0]), rank(f.Ranks[1]), warning}
		}
		if len(out) == 0 && warning != value.NullValue {
			out = append(out, []value.Value{value.NullValue, value.NullValue, value.NullValue, value.NullValue, warning})
		}
		return out, nil
	}
}

// hybridVectorSide returns the vector ranking of a hybrid query: the top
// depth nodes among filter whose similarity reaches minSimilarity. down is
// set, with no error, when the query text cannot be embedded (the embedder
// is unreachable).
func (p searchProcs) hybridVectorSide(ctx *vm.Ctx, r storage.Reader, name string, h hybridQuery, depth int, filter *roaring.Bitmap) (hits []search.Hit, down, err error) {
	def, ok := storage.SearchIndex(r, h.vecIdx)
	if !ok || def.Kind != storage.SearchVector {
		return nil, nil, procErr(name, "there is no vector index named %q", h.vecIdx)
	}
	if def.Embedder == "" {
		return nil, nil, procErr(name, "vector index %q has no embedder (indexConfig `cyq.embedder`), so the text query cannot be embedded", h.vecIdx)
	}
	q, down, err := p.embedQuery(ctx.Context, name, def, h.query)
	if down != nil || err != nil {
		return nil, down, err
	}
	if !slices.ContainsFunc(q, func(f float32) bool { return f != 0 }) {
		return nil, nil, nil // text without words: nothing is similar to it
	}
	hits, err = storage.QueryVector(r, h.vecIdx, q, depth, filter)
	if err != nil {
		return nil, nil, searchErr(name, engine.StorageError(err))
	}
	if h.hasMinSim {
		// The index scores cosine as (1 + cos)/2; minSimilarity is the cosine.
		floor := h.minSim
		if def.Similarity != search.Euclidean.String() {
			floor = (1 + h.minSim) / 2
		}
		kept := hits[:0]
		for _, x := range hits {
			if x.Score >= floor {
				kept = append(kept, x)
			}
		}
		hits = kept
	}
	return hits, nil, nil
}

// refreshProc embeds, for a vector index with a provider embedder, the
// source text of every indexed node that has no vector yet, writing the
// vector property in the calling transaction.
func (p searchProcs) refreshProc(name string) func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
	return func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
		tx, ok := engine.TxOf(ctx)
		if !ok {
			return nil, procErr(name, "needs a writable transaction")
		}
		idx, err := stringArg(name, args[0], "the index name")
		if err != nil {
			return nil, err
		}
		def, ok := storage.SearchIndex(tx, idx)
		if !ok || def.Kind != storage.SearchVector || def.Embedder == "" {
			return nil, procErr(name, "there is no vector index with an embedder named %q", idx)
		}
		if def.Embedder == "default" {
			return [][]value.Value{{value.Int(0), value.Int(0), value.NullValue}}, nil // embedded at commit, in memory
		}
		if _, err := p.eng.Embedder(def.Embedder); err != nil {
			return nil, procErr(name, "%v", err)
		}
		embedded, pending, embedErr, err := p.eng.RefreshEmbeddings(ctx.Context, tx, def)
		if err != nil {
			return nil, searchErr(name, err)
		}
		warning := value.Value(value.NullValue)
		if embedErr != nil {
			warning = value.String(fmt.Sprintf("%d nodes left without an embedding: %v", pending, embedErr))
		}
		return [][]value.Value{{value.Int(int64(embedded)), value.Int(int64(pending)), warning}}, nil
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

// searchProcs are the full-text, vector, hybrid and embedding procedures
// of an engine.
type searchProcs struct{ eng *engine.Engine }

// registerSearch registers the search procedures.
func registerSearch(eng *engine.Engine) {
	p := searchProcs{eng}
	nodeScore := []vm.ProcParam{{Name: "node", Type: "NODE"}, {Name: "score", Type: "FLOAT"}}
	reg := func(proc *vm.Procedure) { eng.RegisterProcedure(proc) }
	reg(&vm.Procedure{Name: "db.index.fulltext.queryNodes", ReadOnly: true,
		Doc:     "db.index.fulltext.queryNodes(indexName, query [, {limit, skip}]) returns the nodes of a FULLTEXT index matching query (words, \"phrases\", prefix*; OR semantics), best BM25 score first.",
		Params:  []vm.ProcParam{{Name: "indexName", Type: "STRING"}, {Name: "queryString", Type: "STRING"}, {Name: "options", Type: "MAP?", Optional: true}},
		Outputs: nodeScore, Fn: p.fulltextProc("db.index.fulltext.queryNodes")})
	reg(&vm.Procedure{Name: "db.index.fulltext.queryRelationships", ReadOnly: true,
		Doc:     "db.index.fulltext.queryRelationships(indexName, query [, {limit, skip}]) returns the relationships of a FULLTEXT index on relationships matching query (words, \"phrases\", prefix*; OR semantics), best BM25 score first.",
		Params:  []vm.ProcParam{{Name: "indexName", Type: "STRING"}, {Name: "queryString", Type: "STRING"}, {Name: "options", Type: "MAP?", Optional: true}},
		Outputs: []vm.ProcParam{{Name: "relationship", Type: "RELATIONSHIP"}, {Name: "score", Type: "FLOAT"}},
		Fn:      relHits(p.fulltextProc("db.index.fulltext.queryRelationships"))})
	reg(&vm.Procedure{Name: "cyq.search.fulltext", ReadOnly: true,
		Doc:     "cyq.search.fulltext(indexName, query, {limit, skip}) is db.index.fulltext.queryNodes with paging options.",
		Params:  []vm.ProcParam{{Name: "indexName", Type: "STRING"}, {Name: "queryString", Type: "STRING"}, {Name: "options", Type: "MAP?"}},
		Outputs: nodeScore, Fn: p.fulltextProc("cyq.search.fulltext")})
	reg(&vm.Procedure{Name: "db.index.vector.queryNodes", ReadOnly: true,
		Doc:     "db.index.vector.queryNodes(indexName, k, query [, filter]) returns the exact k nearest nodes of a VECTOR index; query is a vector, a list of numbers, or a string when the index has an embedder; filter (a cyq extension) restricts the scan to a label or a list of nodes or ids. Scores: cosine (1+cos)/2, euclidean 1/(1+d²).",
		Params:  []vm.ProcParam{{Name: "indexName", Type: "STRING"}, {Name: "numberOfNearestNeighbours", Type: "INTEGER"}, {Name: "query", Type: "ANY"}, {Name: "filter", Type: "ANY", Optional: true}},
		Outputs: nodeScore, Fn: p.vectorProc("db.index.vector.queryNodes")})
	reg(&vm.Procedure{Name: "cyq.search.vector", ReadOnly: true,
		Doc:     "cyq.search.vector(indexName, k, query, filter) is db.index.vector.queryNodes restricted to filter: null, a label name, or a list of nodes, node ids or element ids (a pre-filter: only those nodes are scored).",
		Params:  []vm.ProcParam{{Name: "indexName", Type: "STRING"}, {Name: "numberOfNearestNeighbours", Type: "INTEGER"}, {Name: "query", Type: "ANY"}, {Name: "filter", Type: "ANY"}},
		Outputs: nodeScore, Fn: p.vectorProc("cyq.search.vector")})
	reg(&vm.Procedure{Name: "cyq.search.hybrid", ReadOnly: true,
		Doc: "cyq.search.hybrid(ftIndex, vecIndex, query, k [, options]) fuses the BM25 and vector rankings by reciprocal rank fusion: score = Σ 1/(rrfK + rank), each side contributing its top max(offset + k, 50). " +
			"textRank and vectorRank are 1-based (null when absent). The vector index needs an embedder; when it is unreachable the results are full-text only and warning says so (warning also tells when nodes await their embedding). " +
			"options: mode 'hybrid' (default), 'text' or 'vector' (the unused index may be null); labels, a list of labels the nodes must have one of (a pre-filter); " +
			"minScore, the fused score below which results are dropped; offset (or skip), results to skip; rrfK (default 60); " +
			"minSimilarity, the cosine similarity (for euclidean indexes the index score 1/(1+d²)) below which vector candidates are dropped before fusion.",
		Params: []vm.ProcParam{{Name: "fulltextIndex", Type: "STRING?"}, {Name: "vectorIndex", Type: "STRING?"}, {Name: "query", Type: "STRING"}, {Name: "k", Type: "INTEGER"},
			{Name: "options", Type: "MAP?", Optional: true}},
		Outputs: []vm.ProcParam{{Name: "node", Type: "NODE"}, {Name: "score", Type: "FLOAT"}, {Name: "textRank", Type: "INTEGER?"},
			{Name: "vectorRank", Type: "INTEGER?"}, {Name: "warning", Type: "STRING?"}},
		Fn: p.hybridProc("cyq.search.hybrid")})
	reg(&vm.Procedure{Name: "cyq.embed.refresh", ReadOnly: false,
		Doc:     "cyq.embed.refresh(vectorIndex) embeds the source text of indexed nodes that have no vector yet (provider embedders; writes embed what they change at commit, so these are the nodes left when the embedder failed, or written before the index existed) and writes the vector property; embedded counts them, pending counts those left when the embedder failed (warning says why).",
		Params:  []vm.ProcParam{{Name: "indexName", Type: "STRING"}},
		Outputs: []vm.ProcParam{{Name: "embedded", Type: "INTEGER"}, {Name: "pending", Type: "INTEGER"}, {Name: "warning", Type: "STRING?"}},
		Fn:      p.refreshProc("cyq.embed.refresh")})
	reg(&vm.Procedure{Name: "cyq.search.indexes", ReadOnly: true,
		Doc: "cyq.search.indexes() lists the FULLTEXT and VECTOR indexes with their configuration and number of indexed nodes.",
		Outputs: []vm.ProcParam{{Name: "name", Type: "STRING"}, {Name: "type", Type: "STRING"}, {Name: "labels", Type: "LIST<STRING>"},
			{Name: "properties", Type: "LIST<STRING>"}, {Name: "config", Type: "MAP"}, {Name: "entries", Type: "INTEGER"}},
		Fn: indexesProc})
}

// relHits turns the rows of a search procedure, whose hits are
// relationship ids, into relationship values.
func relHits(fn func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error)) func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
	return func(ctx *vm.Ctx, args []value.Value) ([][]value.Value, error) {
		rows, err := fn(ctx, args)
		if err != nil {
			return nil, err
		}
		r, ok := readerOf(ctx)
		if !ok {
			return nil, nil
		}
		out := rows[:0]
		for _, row := range rows {
			id := uint64(row[0].(value.Node).ID)
			start, end, typ, ok := r.Rel(id)
			if !ok {
				continue
			}
			out = append(out, []value.Value{value.Rel{ID: id, Type: r.TypeName(typ), Start: start, End: end}, row[1]})
		}
		return out, nil
	}
}
