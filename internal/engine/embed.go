package engine

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/storage/search"
)

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

// Embedder returns the embedder named by spec under the engine's options.
func (eng *Engine) Embedder(spec string) (search.Embedder, error) {
	return search.NewEmbedder(spec, eng.opts.Embed)
}

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

// PendingWarning tells how many nodes of a vector index this process knows
// to be waiting for their embedding, and why; "" if none.
func (eng *Engine) PendingWarning(index string) string {
	eng.embeds.mu.Lock()
	defer eng.embeds.mu.Unlock()
	e := eng.embeds.idx[index]
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
func embedTexts(ctx context.Context, e search.Embedder, texts []string) ([][]float32, error) {
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
func (eng *Engine) runEmbedJobs(ctx context.Context, jobs []*embedJob) {
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
		e, err := eng.Embedder(spec)
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
func (eng *Engine) storeEmbeddings(ctx context.Context, jobs []*embedJob) error {
	g, err := eng.store.Graph(eng.opts.Graph)
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
func (eng *Engine) embedAfterCommit(ctx context.Context, work map[string][]storage.EmbedTask) {
	if len(work) == 0 {
		return
	}
	g, err := eng.store.Graph(eng.opts.Graph)
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
		only, scan := eng.embeds.backlog(name)
		if scan {
			only = nil
		}
		more, _ := storage.PendingEmbeds(snap, name, only, 0)
		eng.embeds.found(name, only, more)
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
	eng.runEmbedJobs(ctx, jobs)
	if err := eng.storeEmbeddings(ctx, jobs); err != nil {
		for _, j := range jobs {
			j.err = fmt.Errorf("storing embeddings: %w", err)
			clear(j.vecs)
		}
	}
	for _, j := range jobs {
		eng.embeds.settled(j.def, j, false)
		if left := j.pending(); left > 0 {
			if f := eng.opts.Embed.OnPending; f != nil {
				f(search.EmbedPending{Index: j.def.Name, Embedder: j.def.Embedder, Nodes: left, Err: j.err})
			}
		}
	}
}

// RefreshEmbeddings embeds, in tx, every node of the vector index def that
// has source text and no vector (cyq.embed.refresh). embedErr says why the
// pending ones are left; err is a storage failure.
func (eng *Engine) RefreshEmbeddings(ctx context.Context, tx *storage.Tx, def storage.SearchIndexDef) (embedded, pending int, embedErr, err error) {
	tasks, err := storage.PendingEmbeds(tx, def.Name, nil, 0)
	if err != nil {
		return 0, 0, nil, mapStorageErr(err)
	}
	job := &embedJob{def: def, tasks: tasks}
	eng.runEmbedJobs(ctx, []*embedJob{job})
	if _, err := storeJobs(tx, []*embedJob{job}); err != nil {
		return 0, 0, nil, mapStorageErr(err)
	}
	pending = job.pending()
	eng.embeds.settled(def, job, true)
	return len(tasks) - pending, pending, job.err, nil
}
