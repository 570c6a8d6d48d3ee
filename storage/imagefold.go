package storage

import (
	"context"
	"sync"
)

// The image folder is a goroutine of a writable store that rewrites a
// graph's image in the background once the graph needs one (needsImage:
// after a bulk load, which writes no journal record, or once the journal
// outgrew journalLimit), so that an open after a crash stays in proportion
// to the changes since a recent image. Commits go on meanwhile: the image
// is written from the version and sequence of the last commit, taken while
// holding the graph's writer slot, and only the journal records up to that
// sequence are dropped. Close stops it, waiting for an image being written.
type imageFolder struct {
	kick chan struct{} // capacity 1
	stop chan struct{}
	once sync.Once
	done sync.WaitGroup
}

// startImageWriter starts the image folder (writable stores only).
func (s *Store) startImageWriter() {
	w := &imageFolder{kick: make(chan struct{}, 1), stop: make(chan struct{})}
	s.imgw = w
	ctx, cancel := context.WithCancel(context.Background())
	w.done.Add(1)
	go func() {
		defer w.done.Done()
		defer cancel()
		for {
			select {
			case <-w.stop:
				return
			case <-w.kick:
			}
			s.writeNeededImages(ctx)
		}
	}()
	go func() {
		<-w.stop
		cancel()
	}()
	w.kick <- struct{}{}
}

// stopImageWriter stops the image folder and waits for it.
func (s *Store) stopImageWriter() {
	if w := s.imgw; w != nil {
		w.once.Do(func() { close(w.stop) })
		w.done.Wait()
	}
}

// kickImage wakes the image folder if graph g needs an image.
func (s *Store) kickImage(g *Graph) {
	if w := s.imgw; w != nil && (s.needsImage(g) || s.needsSearchImage(g)) {
		select {
		case w.kick <- struct{}{}:
		default:
		}
	}
}

// writeNeededImages writes the image of every graph that needs one.
func (s *Store) writeNeededImages(ctx context.Context) {
	s.mu.Lock()
	graphs := make([]*Graph, 0, len(s.graphs))
	for _, g := range s.graphs {
		graphs = append(graphs, g)
	}
	s.mu.Unlock()
	for _, g := range graphs {
		if ctx.Err() != nil {
			return
		}
		if !s.needsImage(g) && !s.needsSearchImage(g) {
			continue
		}
		// The writer slot makes the version and the sequence agree; a
		// busy writer is waited for (a commit wakes the folder again
		// anyway). What to write is decided with the slot held: the
		// writer that woke the folder may have made the image current
		// itself meanwhile (a streamed bulk load writes its own), and
		// rewriting it then would read the whole graph for nothing.
		if err := g.acquireWriter(ctx); err != nil {
			continue
		}
		image, search := s.needsImage(g), s.needsSearchImage(g)
		v, seq, changes := g.cur.Load(), g.seq.Load(), g.journalChanges.Load()
		g.releaseWriter()
		if !image && !search {
			continue
		}
		if image {
			s.foldJournal(g, v, seq, changes)
		} else {
			// The image is current or its journal chains to seq: only
			// the search image (image_search.go) is written.
			s.writeSearchImage(g.id, seq, v, false)
		}
		s.adoptSearchImage(ctx, g, seq, v)
		if g.dropped.Load() {
			_ = s.opts.FS.Remove(s.opts.FS.PathJoin(s.dir, imageName(g.id)))
			_ = s.opts.FS.Remove(s.opts.FS.PathJoin(s.dir, searchImageName(g.id)))
		}
	}
}
