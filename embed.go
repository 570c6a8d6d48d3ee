package cyq

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/storage/search"
)

// Embedder turns texts into vectors for vector indexes and hybrid search.
type Embedder interface {
	// Name is the embedder spec, e.g. "default", "ollama:nomic-embed-text".
	Name() string
	// Embed returns one vector per text, in order.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// EmbedOptions configures the embedders that vector indexes and
// cyq.search procedures may name ('default', 'ollama:<model>',
// 'openai:<model>'). Empty fields fall back to the environment.
type EmbedOptions struct {
	// OllamaURL is the Ollama server (env CYQ_OLLAMA_URL, then OLLAMA_HOST;
	// default http://localhost:11434). Requests go to <OllamaURL>/api/embed.
	OllamaURL string
	// OpenAIURL is the base URL of an OpenAI-compatible server (env
	// CYQ_OPENAI_URL, then OPENAI_BASE_URL; default https://api.openai.com).
	// Requests go to <OpenAIURL>/v1/embeddings.
	OpenAIURL string
	// OpenAIKey is sent as a bearer token (env OPENAI_API_KEY).
	OpenAIKey string
	// Timeout bounds one embedding request (default 10s).
	Timeout time.Duration
	// Custom embedders, by spec name; they take precedence.
	Custom map[string]Embedder
	// OnPending, if set, is called when a write commits nodes whose
	// embedding failed (they stay pending until cyq.embed.refresh or a
	// later write embeds them). It runs on the writing goroutine.
	OnPending func(EmbedPending)
}

// DefaultEmbedder is the built-in embedder: hashed character n-grams,
// L2-normalised, 256 dimensions. It needs no model files or network. It is
// lexical, not semantic: texts are close when they share words and
// spellings, not when they mean the same thing.
type DefaultEmbedder struct{}

// Name implements Embedder.
func (DefaultEmbedder) Name() string { return "default" }

// Embed implements Embedder.
func (DefaultEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = search.HashEmbed(t)
	}
	return out, nil
}

// OllamaEmbedder calls an Ollama server's /api/embed.
type OllamaEmbedder struct {
	URL, Model string
	Client     *http.Client
}

// Name implements Embedder.
func (e *OllamaEmbedder) Name() string { return "ollama:" + e.Model }

// Embed implements Embedder.
func (e *OllamaEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	var resp struct {
		Embeddings [][]float32 `json:"embeddings"`
		Error      string      `json:"error"`
	}
	if err := postJSON(ctx, e.Client, strings.TrimRight(e.URL, "/")+"/api/embed", "",
		map[string]any{"model": e.Model, "input": texts}, &resp); err != nil {
		return nil, fmt.Errorf("ollama embed: %w", err)
	}
	if resp.Error != "" {
		return nil, fmt.Errorf("ollama embed: %s", resp.Error)
	}
	if len(resp.Embeddings) != len(texts) {
		return nil, fmt.Errorf("ollama embed: got %d embeddings for %d texts", len(resp.Embeddings), len(texts))
	}
	return resp.Embeddings, nil
}

// OpenAIEmbedder calls an OpenAI-compatible /v1/embeddings endpoint.
type OpenAIEmbedder struct {
	URL, Key, Model string
	Client          *http.Client
}

// Name implements Embedder.
func (e *OpenAIEmbedder) Name() string { return "openai:" + e.Model }

// Embed implements Embedder.
func (e *OpenAIEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	var resp struct {
		Data []struct {
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		} `json:"data"`
		Error *struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := postJSON(ctx, e.Client, strings.TrimRight(e.URL, "/")+"/v1/embeddings", e.Key,
		map[string]any{"model": e.Model, "input": texts}, &resp); err != nil {
		return nil, fmt.Errorf("openai embed: %w", err)
	}
	if resp.Error != nil {
		return nil, fmt.Errorf("openai embed: %s", resp.Error.Message)
	}
	out := make([][]float32, len(texts))
	for _, d := range resp.Data {
		if d.Index < 0 || d.Index >= len(texts) {
			return nil, fmt.Errorf("openai embed: bad index %d", d.Index)
		}
		out[d.Index] = d.Embedding
	}
	for i, v := range out {
		if v == nil {
			return nil, fmt.Errorf("openai embed: no embedding for input %d", i)
		}
	}
	return out, nil
}

func postJSON(ctx context.Context, c *http.Client, url, key string, body, out any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s: HTTP %d: %s", url, resp.StatusCode, strings.TrimSpace(string(data[:min(len(data), 200)])))
	}
	return json.Unmarshal(data, out)
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// Embedder returns the embedder named by spec: "default" (or ""),
// "ollama:<model>", "openai:<model>", or a name from EmbedOptions.Custom.
func (db *DB) Embedder(spec string) (Embedder, error) {
	o := db.opts.Embed
	if e, ok := o.Custom[spec]; ok {
		return e, nil
	}
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	client := &http.Client{Timeout: timeout}
	kind, model, _ := strings.Cut(spec, ":")
	switch kind {
	case "", "default":
		return DefaultEmbedder{}, nil
	case "ollama":
		if model == "" {
			return nil, fmt.Errorf("embedder %q: name a model, e.g. 'ollama:nomic-embed-text'", spec)
		}
		url := firstNonEmpty(o.OllamaURL, os.Getenv("CYQ_OLLAMA_URL"), os.Getenv("OLLAMA_HOST"), "http://localhost:11434")
		if !strings.Contains(url, "://") {
			url = "http://" + url
		}
		return &OllamaEmbedder{URL: url, Model: model, Client: client}, nil
	case "openai":
		if model == "" {
			return nil, fmt.Errorf("embedder %q: name a model, e.g. 'openai:text-embedding-3-small'", spec)
		}
		url := firstNonEmpty(o.OpenAIURL, os.Getenv("CYQ_OPENAI_URL"), os.Getenv("OPENAI_BASE_URL"), "https://api.openai.com")
		url = strings.TrimSuffix(strings.TrimRight(url, "/"), "/v1")
		return &OpenAIEmbedder{URL: url, Key: firstNonEmpty(o.OpenAIKey, os.Getenv("OPENAI_API_KEY")), Model: model, Client: client}, nil
	}
	return nil, fmt.Errorf("unknown embedder %q (want 'default', 'ollama:<model>' or 'openai:<model>')", spec)
}

// ---- embeddings on write ----
//
// A vector index with a provider embedder ('ollama:…', 'openai:…' or a
// custom one) is kept current by the engine: after a write commits, the
// nodes it wrote that have source text and no vector are embedded (one
// provider call per embedder for up to embedBatch texts) and their
// vectors are written in a second, small transaction. The provider is
// never called while the writer slot is held, and a failing provider
// never loses the write: the nodes stay pending (source text, no vector),
// which is durable because it is the committed data itself;
// cyq.embed.refresh, or the next write that embeds successfully, fills
// them.

// embedBatch bounds the texts of one provider call.
const embedBatch = 256

// EmbedPending reports nodes left without a vector because their embedder
// failed when they were written (EmbedOptions.OnPending).
type EmbedPending struct {
	Index    string // the vector index
	Embedder string
	Nodes    int   // nodes the write could not embed (its own, and earlier pending ones it retried)
	Err      error // why
}

// embedState remembers, per vector index with a provider embedder, which
// nodes this process knows to be pending.
type embedState struct {
	mu  sync.Mutex
	idx map[string]*indexEmbeds
}

type indexEmbeds struct {
	// known: pending holds every pending node of the index. Until the
	// first embedding write after Open scans the index, it is not known.
	known   bool
	pending *roaring.Bitmap
	failed  error // why the pending nodes are pending (nil if none are)
	spec    string
}

func (s *embedState) get(index string) *indexEmbeds {
	if s.idx == nil {
		s.idx = map[string]*indexEmbeds{}
	}
	e := s.idx[index]
	if e == nil {
		e = &indexEmbeds{pending: roaring.New()}
		s.idx[index] = e
	}
	return e
}

// forget drops what is known of an index (created or dropped).
func (s *embedState) forget(index string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.idx, index)
}

// backlog returns the nodes of index known to be pending, or scan true
// when they are not known (the caller then looks at every indexed node).
func (s *embedState) backlog(index string) (nodes *roaring.Bitmap, scan bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.get(index)
	return e.pending.Clone(), !e.known
}

// found records what a look for pending nodes found among the nodes it
// looked at (nil: the whole index): those not in tasks are not pending.
// From then on the index's pending nodes are known.
func (s *embedState) found(index string, among *roaring.Bitmap, tasks []storage.EmbedTask) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.get(index)
	if among == nil {
		e.pending.Clear()
	} else {
		e.pending.AndNot(among)
	}
	e.known = true
	for _, t := range tasks {
		e.pending.Add(t.Node)
	}
}

// settled records the outcome of a job: its tasks with a vector are no
// longer pending, the others are (because of j.err). all says the job
// covered every pending node of the index (cyq.embed.refresh), so that
// its failures are now all the pending nodes.
func (s *embedState) settled(def storage.SearchIndexDef, j *embedJob, all bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.get(def.Name)
	if all {
		e.known = true
		e.pending.Clear()
	}
	for i, t := range j.tasks {
		if j.vecs[i] == nil {
			e.pending.Add(t.Node)
		} else {
			e.pending.Remove(t.Node)
		}
	}
	e.spec = def.Embedder
	if e.pending.IsEmpty() {
		e.failed = nil
	} else if j.err != nil {
		e.failed = j.err
	}
}

// pendingWarning tells how many nodes of a vector index this process knows
// to be waiting for their embedding, and why; "" if none.
func (db *DB) pendingWarning(index string) string {
	db.embeds.mu.Lock()
	defer db.embeds.mu.Unlock()
	e := db.embeds.idx[index]
	if e == nil || e.pending.IsEmpty() || e.failed == nil {
		return ""
	}
	return fmt.Sprintf("%d nodes of vector index %q have no embedding yet (embedder %s failed: %v); they are found by full-text search only until CALL cyq.embed.refresh('%s') or a later write embeds them",
		e.pending.GetCardinality(), index, e.spec, e.failed, index)
}

// embedJob is the embedding work of one vector index.
type embedJob struct {
	def   storage.SearchIndexDef
	tasks []storage.EmbedTask
	vecs  [][]float32
	err   error
}

// embedTexts embeds texts in batches; on the first failure it returns the
// vectors obtained so far and the error.
func embedTexts(ctx context.Context, e Embedder, texts []string) ([][]float32, error) {
	out := make([][]float32, 0, len(texts))
	for i := 0; i < len(texts); i += embedBatch {
		j := min(i+embedBatch, len(texts))
		vs, err := e.Embed(ctx, texts[i:j])
		if err == nil && len(vs) != j-i {
			err = fmt.Errorf("embedder %s returned %d vectors for %d texts", e.Name(), len(vs), j-i)
		}
		if err != nil {
			return out, err
		}
		out = append(out, vs...)
	}
	return out, nil
}

// runEmbedJobs computes the vectors of every job, one provider call per
// embedder and batch: jobs sharing an embedder share calls, and equal
// texts are embedded once. No lock is held.
func (db *DB) runEmbedJobs(ctx context.Context, jobs []*embedJob) {
	byEmbedder := map[string][]*embedJob{}
	var specs []string
	for _, j := range jobs {
		if _, ok := byEmbedder[j.def.Embedder]; !ok {
			specs = append(specs, j.def.Embedder)
		}
		byEmbedder[j.def.Embedder] = append(byEmbedder[j.def.Embedder], j)
	}
	for _, spec := range specs {
		group := byEmbedder[spec]
		e, err := db.Embedder(spec)
		var texts []string
		at := map[string]int{}
		for _, j := range group {
			for _, t := range j.tasks {
				if _, ok := at[t.Text]; !ok {
					at[t.Text] = len(texts)
					texts = append(texts, t.Text)
				}
			}
		}
		var vs [][]float32
		if err == nil {
			vs, err = embedTexts(ctx, e, texts)
		}
		for _, j := range group {
			j.err = err
			j.vecs = make([][]float32, len(j.tasks))
			for i, t := range j.tasks {
				if k := at[t.Text]; k < len(vs) {
					j.vecs[i] = vs[k]
				}
			}
		}
	}
}

// pending counts the tasks of the job left without a vector.
func (j *embedJob) pending() int {
	n := 0
	for _, v := range j.vecs {
		if v == nil {
			n++
		}
	}
	return n
}

// storeJobs writes the vectors computed by jobs in tx. A vector the index
// refuses is dropped from its job (the node stays pending) and the job's
// err says why; another error abandons the writes. wrote reports whether
// anything was written (a node that changed since it was read is skipped).
func storeJobs(tx *storage.Tx, jobs []*embedJob) (wrote bool, err error) {
	for _, j := range jobs {
		for i, t := range j.tasks {
			if j.vecs[i] == nil {
				continue
			}
			stored, err := tx.StoreEmbedding(j.def.Name, t, j.vecs[i])
			if errors.Is(err, storage.ErrInvalidProperty) {
				j.vecs[i] = nil
				if j.err == nil {
					j.err = err
				}
				continue
			}
			if err != nil {
				return wrote, err
			}
			wrote = wrote || stored
		}
	}
	return wrote, nil
}

// storeEmbeddings writes the vectors computed by jobs in a write
// transaction of its own.
func (db *DB) storeEmbeddings(ctx context.Context, jobs []*embedJob) error {
	g, err := db.store.Graph(db.opts.Graph)
	if err != nil {
		return err
	}
	tx, err := g.Begin(ctx)
	if err != nil {
		return err
	}
	wrote, err := storeJobs(tx, jobs)
	if err != nil || !wrote {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// embedAfterCommit embeds the nodes a committed write left without a
// vector (work, from storage.Tx.EmbedWork before Commit), plus up to
// embedBatch nodes left pending by earlier writes, and stores the vectors.
// The first such write after Open finds the pending nodes of the index by
// a scan; later ones know them. Failures leave the nodes pending and are
// reported through EmbedOptions.OnPending and hybrid search's warning
// column; the write itself has committed either way.
func (db *DB) embedAfterCommit(ctx context.Context, work map[string][]storage.EmbedTask) {
	if len(work) == 0 {
		return
	}
	g, err := db.store.Graph(db.opts.Graph)
	if err != nil {
		return
	}
	snap := g.Snapshot()
	names := make([]string, 0, len(work))
	for name := range work {
		names = append(names, name)
	}
	sort.Strings(names)
	var jobs []*embedJob
	for _, name := range names {
		def, ok := storage.SearchIndex(snap, name)
		if !ok {
			continue
		}
		j := &embedJob{def: def, tasks: work[name]}
		seen := roaring.New()
		for _, t := range j.tasks {
			seen.Add(t.Node)
		}
		only, scan := db.embeds.backlog(name)
		if scan {
			only = nil
		}
		more, _ := storage.PendingEmbeds(snap, name, only, 0)
		db.embeds.found(name, only, more)
		added := 0
		for _, t := range more {
			if added == embedBatch {
				break
			}
			if !seen.Contains(t.Node) {
				j.tasks = append(j.tasks, t)
				added++
			}
		}
		jobs = append(jobs, j)
	}
	snap.Close()
	db.runEmbedJobs(ctx, jobs)
	if err := db.storeEmbeddings(ctx, jobs); err != nil {
		for _, j := range jobs {
			j.err = fmt.Errorf("storing embeddings: %w", err)
			clear(j.vecs)
		}
	}
	for _, j := range jobs {
		db.embeds.settled(j.def, j, false)
		if left := j.pending(); left > 0 {
			if f := db.opts.Embed.OnPending; f != nil {
				f(EmbedPending{Index: j.def.Name, Embedder: j.def.Embedder, Nodes: left, Err: j.err})
			}
		}
	}
}
