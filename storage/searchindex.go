package storage

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/cyqdb/cyq/storage/search"
	"github.com/cyqdb/cyq/value"
)

// This file holds the full-text and vector ("search") indexes of a graph.
// Definitions persist in Pebble under tagSearch; the postings and vector
// arrays persist in the graph's search image (image_search.go), written by
// the image writer. After Open an index is made on first use from the
// search image (plus the nodes written since) or, without a usable one,
// and after a bulk load, built from the version (see searchLazy); once
// made, it is brought up to date at each Commit from the nodes the
// transaction touched. Each version points at immutable index structures
// (package search), so a snapshot keeps reading the indexes of its commit.
//
// A Tx reads the indexes as of its start (plus indexes it created): its own
// uncommitted node writes reach the indexes at Commit.

// SearchKind is the kind of a search index.
type SearchKind uint8

// Search index kinds.
const (
	SearchFulltext SearchKind = iota + 1
	SearchVector
)

// String returns "FULLTEXT" or "VECTOR".
func (k SearchKind) String() string {
	if k == SearchVector {
		return "VECTOR"
	}
	return "FULLTEXT"
}

// SearchIndexDef defines a full-text or vector index on nodes.
type SearchIndexDef struct {
	Name   string     `json:"name"`
	Kind   SearchKind `json:"kind"`
	Labels []string   `json:"labels"` // a node is indexed if it has any of them
	// Rel marks an index on relationships: Labels are then relationship
	// types.
	Rel   bool     `json:"rel,omitempty"`
	Props []string `json:"props"` // full-text: several; vector: one
	// Full-text BM25 parameters.
	K1 float64 `json:"k1,omitempty"`
	B  float64 `json:"b,omitempty"`
	// Vector parameters.
	Dim        int    `json:"dim,omitempty"`
	Similarity string `json:"similarity,omitempty"`
	// Embedder names the embedder that fills Props[0] from the text
	// property Source (interpreted by the engine, not by storage).
	Embedder string `json:"embedder,omitempty"`
	Source   string `json:"source,omitempty"`
}

// SearchIndexInfo describes a search index and its size.
type SearchIndexInfo struct {
	SearchIndexDef
	Entries int // indexed nodes
}

type searchIdx struct {
	def SearchIndexDef
	ft  *search.FullText
	// vec holds the vectors; for an index not built yet (lazy), an empty
	// one that only checks vectors (Check).
	vec  *search.Vectors
	lazy *searchLazy
	// release, if not nil, drops the pages of the mapped search image
	// that vec or ft reads in place from the resident set, after each
	// query (a store under a MemoryBudget; image_search.go).
	release func()
	// postings caches the postings ft decodes from the search image
	// (nil: ft is all in memory), shared by the index's later versions.
	postings *pageCache[search.Posting]
}

// searchLazy: an index opened with its graph, or committed to before
// anyone read it, is built on first use (data), so opening a graph costs
// nothing in proportion to the nodes it indexes and commits do not keep an
// unread index up to date. With a persisted section (image_search.go) it
// is decoded from the section, then the nodes (or relationships) in
// touched are re-indexed from src: those the commits after the section
// wrote. Without one, or when the section fails its checks, it is built
// from src.
type searchLazy struct {
	once    sync.Once
	src     *version
	stored  *storedSearch   // nil: build from src
	touched *roaring.Bitmap // with stored: ids to re-index (immutable)
	built   *searchIdx
	done    atomic.Bool
}

// lazySearchIdx is the index def of v, built on first use.
func lazySearchIdx(def SearchIndexDef, v *version) *searchIdx {
	return lazyStoredIdx(def, v, nil, nil)
}

// lazyStoredIdx is the index def of v, decoded from stored (nil: built)
// and brought up to date by re-indexing touched on first use.
func lazyStoredIdx(def SearchIndexDef, v *version, stored *storedSearch, touched *roaring.Bitmap) *searchIdx {
	ix := &searchIdx{def: def, lazy: &searchLazy{src: v, stored: stored, touched: touched}}
	if def.Kind == SearchVector {
		sim, _ := search.ParseSimilarity(def.Similarity)
		ix.vec = search.NewVectors(def.Dim, sim)
	}
	return ix
}

// data returns the built index, building a lazy one first.
func (ix *searchIdx) data() *searchIdx {
	l := ix.lazy
	if l == nil {
		return ix
	}
	l.once.Do(func() {
		if l.stored != nil {
			l.built = l.stored.load(ix.def, l.src, l.touched)
		}
		if l.built == nil {
			l.built = l.src.buildSearchIdx(ix.def)
		}
		// (stored and touched stay: chain may read them meanwhile.)
		l.src = nil
		l.done.Store(true)
	})
	return l.built
}

// chain is the still unbuilt index ix of an earlier version as of v, whose
// commit wrote ids: a stored one re-indexes them too, others are built
// from v.
func (ix *searchIdx) chain(v *version, ids []uint32) *searchIdx {
	l := ix.lazy
	if l.stored == nil {
		return lazySearchIdx(ix.def, v)
	}
	touched := l.touched
	if len(ids) > 0 {
		touched = roaring.New()
		if l.touched != nil {
			touched.Or(l.touched)
		}
		touched.AddMany(ids)
	}
	return lazyStoredIdx(ix.def, v, l.stored, touched)
}

// bytes estimates the heap memory of ix: 0 while it is unbuilt. For a
// full-text index read from the search image, that is what its edits
// changed plus the postings cached.
func (ix *searchIdx) bytes() int64 {
	if ix.unbuilt() {
		return 0
	}
	ix = ix.data()
	if ix.ft != nil {
		n := ix.ft.Bytes()
		if ix.postings != nil {
			n += ix.postings.bytes() + 8*int64(ix.postings.pages())
		}
		return n
	}
	if ix.vec != nil {
		return ix.vec.Bytes()
	}
	return 0
}

// searchBytes estimates the heap memory of v's built search indexes.
func (v *version) searchBytes() int64 {
	var n int64
	for _, ix := range v.search {
		n += ix.bytes()
	}
	return n
}

// onHeap reports whether the built index ix is held wholly on the Go heap
// and holds something: a full-text index whose postings were not read from
// a search image, or a vector index with vectors none of which are read in
// place from one (image_search.go adopts such an index once it is written).
func (ix *searchIdx) onHeap() bool {
	switch {
	case ix.ft != nil:
		return ix.postings == nil
	case ix.vec != nil:
		return !ix.vec.InPlace() && ix.vec.Len() > 0
	}
	return false
}

// unbuilt reports whether ix is lazy and nobody has built it yet.
func (ix *searchIdx) unbuilt() bool { return ix.lazy != nil && !ix.lazy.done.Load() }

func (d *SearchIndexDef) validate() error {
	if d.Name == "" {
		return errorf(ErrInvalidProperty, "a search index needs a name")
	}
	if len(d.Labels) == 0 || len(d.Props) == 0 {
		return errorf(ErrInvalidProperty, "search index %q needs at least one label and one property", d.Name)
	}
	switch d.Kind {
	case SearchFulltext:
		// Zero means "default"; callers pass math.SmallestNonzeroFloat64 for
		// an explicit 0.
		if d.K1 == 0 {
			d.K1 = search.DefaultK1
		}
		if d.B == 0 {
			d.B = search.DefaultB
		}
		if d.K1 < 0 || d.B < 0 || d.B > 1 {
			return errorf(ErrInvalidProperty, "full-text index %q: BM25 k1 must be >= 0 and b in [0, 1]", d.Name)
		}
	case SearchVector:
		if d.Rel {
			return errorf(ErrInvalidProperty, "vector index %q: vector indexes are on nodes", d.Name)
		}
		if len(d.Props) != 1 {
			return errorf(ErrInvalidProperty, "vector index %q must be on exactly one property", d.Name)
		}
		if d.Dim < 1 || d.Dim > 65536 {
			return errorf(ErrInvalidProperty, "vector index %q: vector.dimensions must be between 1 and 65536, got %d", d.Name, d.Dim)
		}
		if d.Source != "" && d.Source == d.Props[0] {
			return errorf(ErrInvalidProperty, "vector index %q: the source text property and the vector property must differ", d.Name)
		}
		if d.Similarity == "" {
			d.Similarity = "cosine"
		}
		if _, err := search.ParseSimilarity(d.Similarity); err != nil {
			return errorf(ErrInvalidProperty, "vector index %q: %v", d.Name, err)
		}
	default:
		return errorf(ErrInvalidProperty, "search index %q: unknown kind", d.Name)
	}
	return nil
}

func (v *version) labelIDs(names []string) []uint32 {
	var out []uint32
	for _, n := range names {
		if id, ok := v.dicts[dictLabel].ids[n]; ok {
			out = append(out, id)
		}
	}
	return out
}

func (v *version) inSearchIndex(def *SearchIndexDef, node uint32) bool {
	if def.Rel {
		_, _, t, ok := v.Rel(uint64(node))
		return ok && slices.Contains(def.Labels, v.TypeName(t))
	}
	for _, l := range v.labelIDs(def.Labels) {
		if v.NodeHasLabel(node, l) {
			return true
		}
	}
	return false
}

// ftTokens analyses the indexed properties of a node (strings, and lists of strings).
func (v *version) ftTokens(def *SearchIndexDef, node uint32) []search.Token {
	var toks []search.Token
	var base int32
	add := func(s string) {
		t := search.Analyze(s, base)
		toks = append(toks, t...)
		base += int32(len(t)) + search.FieldGap
	}
	for _, p := range def.Props {
		k, ok := v.dicts[dictKey].ids[p]
		if !ok {
			continue
		}
		val, ok := v.NodeProp(node, k)
		if def.Rel {
			val, ok = v.RelProp(uint64(node), k)
		}
		if !ok {
			continue
		}
		switch x := val.(type) {
		case value.String:
			add(string(x))
		case value.List:
			for _, e := range x {
				if s, ok := e.(value.String); ok {
					add(string(s))
				}
			}
		}
	}
	return toks
}

// VectorOf converts a value to a float32 vector: a Vector as is, a list of
// numbers converted (as Neo4j accepts). ok is false for other values.
func VectorOf(val value.Value) (vec []float32, ok bool) {
	switch x := val.(type) {
	case value.Vector:
		return x, true
	case value.List:
		out := make([]float32, len(x))
		for i, e := range x {
			switch n := e.(type) {
			case value.Int:
				out[i] = float32(n)
			case value.Float:
				out[i] = float32(n)
			default:
				return nil, false
			}
		}
		return out, len(x) > 0
	}
	return nil, false
}

func newSearchIdx(def SearchIndexDef) *searchIdx {
	ix := &searchIdx{def: def}
	if def.Kind == SearchFulltext {
		ix.ft = search.NewFullText(def.K1, def.B)
	} else {
		sim, _ := search.ParseSimilarity(def.Similarity)
		ix.vec = search.NewVectors(def.Dim, sim)
	}
	return ix
}

// update re-indexes one node of an edited (private) index.
func (ix *searchIdx) update(v *version, node uint32) {
	in := (ix.def.Rel || v.NodeExists(node)) && v.inSearchIndex(&ix.def, node)
	if ix.ft != nil {
		if !in {
			ix.ft.Remove(node)
			return
		}
		ix.ft.Add(node, v.ftTokens(&ix.def, node))
		return
	}
	if in && ix.def.Embedder == "default" {
		// The built-in embedder is pure: embed the source text here, in
		// memory, at every write of the node (no vector property is stored).
		if s, ok := v.sourceText(&ix.def, node); ok {
			if x := search.HashEmbed(s); ix.vec.Check(x) == nil {
				ix.vec.Put(node, x)
				return
			}
		}
		ix.vec.Remove(node)
		return
	}
	if in {
		if k, ok := v.dicts[dictKey].ids[ix.def.Props[0]]; ok {
			if val, ok := v.NodeProp(node, k); ok {
				if x, ok := VectorOf(val); ok && ix.vec.Check(x) == nil {
					ix.vec.Put(node, x)
					return
				}
			}
		}
	}
	ix.vec.Remove(node)
}

// searchNodes returns the nodes of v with one of the index's labels.
func (v *version) searchNodes(def *SearchIndexDef) *roaring.Bitmap {
	nodes := roaring.New()
	for _, l := range v.labelIDs(def.Labels) {
		if b := v.labels[l]; b != nil {
			nodes.Or(b)
		}
	}
	return nodes
}

// buildSearchIdx indexes every node of v with one of the index's labels.
// Nodes whose vector property is not a valid vector for the index are left
// out.
func (v *version) buildSearchIdx(def SearchIndexDef) *searchIdx {
	ix := newSearchIdx(def)
	if def.Rel {
		for _, t := range def.Labels {
			if typ, ok := v.TypeID(t); ok {
				v.RelsOfType(typ, func(id uint64, _, _ uint32) bool {
					if id <= math.MaxUint32 { // documents are numbered by uint32
						ix.update(v, uint32(id))
					}
					return true
				})
			}
		}
	}
	it := v.searchNodes(&def).Iterator()
	for it.HasNext() && !def.Rel {
		ix.update(v, it.Next())
	}
	if ix.ft != nil {
		ix.ft.Publish()
	} else {
		ix.vec.Publish()
	}
	return ix
}

// rebuildSearch rebuilds every search index of v from scratch (Open, bulk load).
func (v *version) rebuildSearch(defs []SearchIndexDef) {
	if len(defs) == 0 {
		return
	}
	v.search = make(map[string]*searchIdx, len(defs))
	for _, d := range defs {
		v.search[d.Name] = lazySearchIdx(d, v)
	}
}

func (v *version) searchDefs() []SearchIndexDef {
	out := make([]SearchIndexDef, 0, len(v.search))
	for _, ix := range v.search {
		out = append(out, ix.def)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func decodeSearchDef(b []byte) (SearchIndexDef, error) {
	var d SearchIndexDef
	if err := json.Unmarshal(b, &d); err != nil {
		return d, errorf(ErrCorrupt, "bad search index record: %v", err)
	}
	if err := d.validate(); err != nil {
		return d, errorf(ErrCorrupt, "bad search index record: %v", err)
	}
	return d, nil
}

// ---- transactions ----

func (tx *Tx) searchMapMut() map[string]*searchIdx {
	if !tx.ownSearchMap {
		tx.search = cloneMap(tx.search)
		tx.ownSearchMap = true
	}
	return tx.search
}

// CreateSearchIndex creates a full-text or vector index, built from the
// transaction's current data. ErrExists if an index of that name exists.
func (tx *Tx) CreateSearchIndex(def SearchIndexDef) error {
	if err := tx.check(); err != nil {
		return err
	}
	def.Labels = slices.Clone(def.Labels)
	def.Props = slices.Clone(def.Props)
	if err := def.validate(); err != nil {
		return err
	}
	if _, ok := tx.search[def.Name]; ok {
		return errorf(ErrExists, "index %q", def.Name)
	}
	ix := tx.version.buildSearchIdx(def)
	tx.searchMapMut()[def.Name] = ix
	if tx.dirtySearch == nil {
		tx.dirtySearch = map[string]bool{}
	}
	tx.dirtySearch[def.Name] = true
	return nil
}

// DropSearchIndex drops a full-text or vector index by name (ErrNotFound
// if there is none).
func (tx *Tx) DropSearchIndex(name string) error {
	if err := tx.check(); err != nil {
		return err
	}
	if _, ok := tx.search[name]; !ok {
		return errorf(ErrNotFound, "index %q", name)
	}
	delete(tx.searchMapMut(), name)
	if tx.dirtySearch == nil {
		tx.dirtySearch = map[string]bool{}
	}
	tx.dirtySearch[name] = true
	return nil
}

// checkSearchWrite validates a node property write against the vector
// indexes covering it: a vector (or list of numbers) written to an indexed
// property must have the index's dimension and finite elements.
func (tx *Tx) checkSearchWrite(labels []uint32, key uint32, val value.Value) error {
	if len(tx.search) == 0 {
		return nil
	}
	for _, ix := range tx.search {
		if ix.vec == nil || tx.PropKeyName(key) != ix.def.Props[0] {
			continue
		}
		covered := false
		for _, l := range labels {
			if slices.Contains(ix.def.Labels, tx.LabelName(l)) {
				covered = true
				break
			}
		}
		if !covered {
			continue
		}
		x, ok := VectorOf(val)
		if !ok {
			if _, isList := val.(value.List); isList {
				return errorf(ErrInvalidProperty, "property %q is indexed by vector index %q: a list written to it must hold only numbers", ix.def.Props[0], ix.def.Name)
			}
			continue
		}
		if err := ix.vec.Check(x); err != nil {
			return errorf(ErrInvalidProperty, "property %q is indexed by vector index %q: %v", ix.def.Props[0], ix.def.Name, err)
		}
	}
	return nil
}

// checkSearchNode validates every property of a node about to gain labels.
func (tx *Tx) checkSearchNode(labels []uint32, ps props) error {
	if len(tx.search) == 0 {
		return nil
	}
	for _, p := range ps {
		if err := tx.checkSearchWrite(labels, p.key, p.val); err != nil {
			return err
		}
	}
	return nil
}

// applySearch brings the search indexes up to date with the nodes the
// transaction wrote. Called by Commit before the version is published.
func (tx *Tx) applySearch() {
	if len(tx.search) == 0 || len(tx.dirtyNodes) == 0 && len(tx.dirtyRels) == 0 && tx.nextRel == tx.base.nextRel {
		return
	}
	m := tx.searchMapMut()
	nodes := sortedKeys(tx.dirtyNodes)
	var rels []uint32 // relationships written, created or deleted
	for id := range tx.dirtyRels {
		if id <= math.MaxUint32 {
			rels = append(rels, uint32(id))
		}
	}
	for id := tx.base.nextRel; id < tx.nextRel && id <= math.MaxUint32; id++ {
		if !tx.dirtyRels[id] {
			rels = append(rels, uint32(id))
		}
	}
	for name, ix := range m {
		ids := nodes
		if ix.def.Rel {
			ids = rels
		}
		if ix.unbuilt() {
			// Nobody read it: it stays lazy, as of the new version.
			m[name] = ix.chain(tx.version, ids)
			continue
		}
		ix = ix.data()
		if len(ids) == 0 {
			continue
		}
		n := &searchIdx{def: ix.def, release: ix.release, postings: ix.postings}
		if ix.ft != nil {
			n.ft = ix.ft.Edit()
		} else {
			n.vec = ix.vec.Edit()
		}
		for _, id := range ids {
			n.update(tx.version, id)
		}
		if n.ft != nil {
			n.ft.Publish()
		} else {
			n.vec.Compact()
			n.vec.Publish()
		}
		m[name] = n
	}
}

func (tx *Tx) encodeSearch(set func(k, v []byte) error, del func(k []byte) error) error {
	for name := range tx.dirtySearch {
		k := searchDefKey(tx.g.id, name)
		ix, ok := tx.search[name]
		if !ok {
			if err := del(k); err != nil {
				return err
			}
			continue
		}
		b, err := json.Marshal(ix.def)
		if err != nil {
			return err
		}
		if err := set(k, b); err != nil {
			return err
		}
	}
	return nil
}

func searchDefKey(gid uint32, name string) []byte {
	return append(append(graphPrefix(gid), tagSearch), name...)
}

// ---- reading ----

func versionOf(r Reader) (*version, error) {
	switch x := r.(type) {
	case *Snapshot:
		return x.version, nil
	case *Tx:
		return x.version, nil
	}
	return nil, fmt.Errorf("storage: search indexes need a *Snapshot or *Tx reader, got %T", r)
}

// SearchIndexes lists the full-text and vector indexes, by name.
func SearchIndexes(r Reader) []SearchIndexInfo {
	v, err := versionOf(r)
	if err != nil {
		return nil
	}
	var out []SearchIndexInfo
	for _, d := range v.searchDefs() {
		ix := v.search[d.Name].data()
		n := 0
		if ix.ft != nil {
			n = ix.ft.Docs()
		} else {
			n = ix.vec.Len()
		}
		out = append(out, SearchIndexInfo{d, n})
	}
	return out
}

// SearchIndex returns the definition of a search index.
func SearchIndex(r Reader, name string) (SearchIndexDef, bool) {
	v, err := versionOf(r)
	if err != nil {
		return SearchIndexDef{}, false
	}
	ix, ok := v.search[name]
	if !ok {
		return SearchIndexDef{}, false
	}
	return ix.def, true
}

func searchIdxOf(r Reader, name string, kind SearchKind) (*searchIdx, error) {
	v, err := versionOf(r)
	if err != nil {
		return nil, err
	}
	ix, ok := v.search[name]
	if !ok || ix.def.Kind != kind {
		return nil, errorf(ErrNotFound, "%s index %q", kind, name)
	}
	return ix, nil
}

// QueryFulltext runs a full-text query (words, "phrases", prefix*) on a
// FULLTEXT index and returns all matches, best BM25 score first.
func QueryFulltext(r Reader, name, query string) ([]search.Hit, error) {
	ix, err := searchIdxOf(r, name, SearchFulltext)
	if err != nil {
		return nil, err
	}
	cl, err := search.ParseQuery(query)
	if err != nil {
		return nil, errorf(ErrInvalidProperty, "full-text query: %v", err)
	}
	ix = ix.data()
	hits := ix.ft.Search(cl)
	if ix.release != nil {
		ix.release()
	}
	return hits, nil
}

// QueryVector returns the exact top k nodes of a VECTOR index by similarity
// to q, restricted to filter when it is non-nil.
func QueryVector(r Reader, name string, q []float32, k int, filter *roaring.Bitmap) ([]search.Hit, error) {
	ix, err := searchIdxOf(r, name, SearchVector)
	if err != nil {
		return nil, err
	}
	ix = ix.data()
	hits, err := ix.vec.Search(q, k, filter)
	if ix.release != nil {
		ix.release()
	}
	if err != nil {
		return nil, errorf(ErrInvalidProperty, "vector index %q: query %v", name, err)
	}
	return hits, nil
}

// tagSearch keys a search index definition: \x01 gid 's' name -> JSON.
const tagSearch = 's'

// clearStaleEmbeddings: when the source text of a node indexed by a vector
// index with a provider embedder (anything but "default") is written, its
// stored embedding no longer matches and is removed in the same write, so
// the index never serves a stale vector; the engine embeds the new text
// after the commit (EmbedWork), or cyq.embed.refresh does later.
func (tx *Tx) clearStaleEmbeddings(id uint32, labels []uint32, key uint32, v value.Value) error {
	if len(tx.search) == 0 {
		return nil
	}
	if old, had := tx.NodeProp(id, key); had && v != nil && value.Order(old, v) == 0 {
		return nil // unchanged text
	}
	name := tx.PropKeyName(key)
	for _, ix := range tx.search {
		if ix.vec == nil || ix.def.Source != name || ix.def.Embedder == "" || ix.def.Embedder == "default" {
			continue
		}
		covered := false
		for _, l := range labels {
			if slices.Contains(ix.def.Labels, tx.LabelName(l)) {
				covered = true
				break
			}
		}
		if !covered {
			continue
		}
		if vk, ok := tx.dicts[dictKey].ids[ix.def.Props[0]]; ok {
			if err := tx.RemoveNodeProp(id, vk); err != nil {
				return err
			}
		}
	}
	return nil
}

// ---- embeddings computed by the engine ----

// EmbedTask is a node whose vector, for a vector index with a provider
// embedder, is to be computed from its source text.
type EmbedTask struct {
	Node uint32
	Text string
}

// sourceText is the node's source text for an index with an embedder:
// its Source property, when that is a string.
func (v *version) sourceText(def *SearchIndexDef, node uint32) (string, bool) {
	k, ok := v.dicts[dictKey].ids[def.Source]
	if !ok {
		return "", false
	}
	val, _ := v.NodeProp(node, k)
	s, ok := val.(value.String)
	return string(s), ok
}

// needsEmbedding is the text to embed for node when it is indexed by def,
// has source text and has no vector property.
func (v *version) needsEmbedding(def *SearchIndexDef, node uint32) (string, bool) {
	if !v.NodeExists(node) || !v.inSearchIndex(def, node) {
		return "", false
	}
	s, ok := v.sourceText(def, node)
	if !ok {
		return "", false
	}
	if dst, ok := v.dicts[dictKey].ids[def.Props[0]]; ok {
		if _, has := v.NodeProp(node, dst); has {
			return "", false
		}
	}
	return s, true
}

func providerEmbedded(def *SearchIndexDef) bool {
	return def.Kind == SearchVector && def.Embedder != "" && def.Embedder != "default"
}

// EmbedWork lists, by vector index with a provider embedder (not
// "default", which storage embeds itself), the nodes written by the
// transaction that have source text and no vector: the work an embedder
// has to do once the transaction commits. Call it before Commit. It costs
// nothing when no such index exists.
func (tx *Tx) EmbedWork() map[string][]EmbedTask {
	var out map[string][]EmbedTask
	var nodes []uint32
	for name, ix := range tx.search {
		if !providerEmbedded(&ix.def) {
			continue
		}
		if nodes == nil {
			nodes = sortedKeys(tx.dirtyNodes)
		}
		for _, n := range nodes {
			if text, ok := tx.version.needsEmbedding(&ix.def, n); ok {
				if out == nil {
					out = map[string][]EmbedTask{}
				}
				out[name] = append(out[name], EmbedTask{n, text})
			}
		}
	}
	return out
}

// PendingEmbeds lists the nodes of a vector index with a provider embedder
// that have source text and no vector, in node order, at most limit of them
// (0: all). It looks at the index's nodes among only, or at all of them
// when only is nil. ErrNotFound if there is no such index.
func PendingEmbeds(r Reader, index string, only *roaring.Bitmap, limit int) ([]EmbedTask, error) {
	ix, err := searchIdxOf(r, index, SearchVector)
	if err != nil {
		return nil, err
	}
	if !providerEmbedded(&ix.def) {
		return nil, errorf(ErrNotFound, "vector index %q with a provider embedder", index)
	}
	v, _ := versionOf(r)
	nodes := only
	if nodes == nil {
		nodes = v.searchNodes(&ix.def)
	}
	var out []EmbedTask
	it := nodes.Iterator()
	for it.HasNext() && (limit <= 0 || len(out) < limit) {
		n := it.Next()
		if text, ok := v.needsEmbedding(&ix.def, n); ok {
			out = append(out, EmbedTask{n, text})
		}
	}
	return out, nil
}

// StoreEmbedding writes the vector computed for task on the index's vector
// property, unless the node changed since the text was read (it is gone,
// left the index, has other source text, or already has a vector): then
// stored is false and nothing is written. A vector the index refuses
// (dimension, non-finite, zero for cosine) is an ErrInvalidProperty error.
func (tx *Tx) StoreEmbedding(index string, task EmbedTask, vec []float32) (stored bool, err error) {
	if err := tx.check(); err != nil {
		return false, err
	}
	ix, ok := tx.search[index]
	if !ok || !providerEmbedded(&ix.def) {
		return false, errorf(ErrNotFound, "vector index %q with a provider embedder", index)
	}
	if text, ok := tx.version.needsEmbedding(&ix.def, task.Node); !ok || text != task.Text {
		return false, nil
	}
	if err := ix.vec.Check(vec); err != nil {
		return false, errorf(ErrInvalidProperty, "vector index %q: embedding of node %d: %v", index, task.Node, err)
	}
	key, err := tx.PropKeyIDOrCreate(ix.def.Props[0])
	if err != nil {
		return false, err
	}
	if err := tx.SetNodeProp(task.Node, key, value.Vector(slices.Clone(vec))); err != nil {
		return false, err
	}
	return true, nil
}
