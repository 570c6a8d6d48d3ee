package mcp

import (
	"context"
	"errors"
	"strings"

	"github.com/cyqdb/cyq/program"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// kgQuerier runs a statement: a *cyq.DB or, for the write tools, a *cyq.Tx.
type kgQuerier interface {
	Query(ctx context.Context, query string, params map[string]any) (*cyq.Rows, error)
}

var (
	_ kgQuerier = (*cyq.DB)(nil)
	_ kgQuerier = (*cyq.Tx)(nil)
)

func kgAll(ctx context.Context, q kgQuerier, query string, params map[string]any) ([][]value.Value, error) {
	rows, err := q.Query(ctx, query, params)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return rows.All()
}

// kgTarget is the graph a tool call works on.
type kgTarget struct {
	name string
	db   *cyq.DB
}

// target resolves the graph of a call, named by its graph argument. Write
// tools create a missing graph and make sure the KG search indexes exist
// on it.
func (s *Server) target(ctx context.Context, name string, write bool) (*kgTarget, error) {
	if name == "" {
		name = s.sessionGraph(ctx)
	}
	if name == "" {
		name = s.db.GraphName()
	}
	if name == program.StoreGraph {
		return nil, kgArgErr("graph %s holds the program store; use the program tool, or pick another graph", name)
	}
	db, err := s.db.OnGraph(name)
	if err != nil && write {
		if _, cerr := s.db.Store().CreateGraph(name); cerr != nil && !errors.Is(cerr, storage.ErrExists) {
			return nil, cerr
		}
		db, err = s.db.OnGraph(name)
	}
	if err != nil {
		return nil, kgNotFound("graph %q does not exist (graphs: %s); omit graph to use %q, or call use_graph to see and pick graphs",
			name, strings.Join(s.graphs(), ", "), s.db.GraphName())
	}
	t := &kgTarget{name: name, db: db}
	if write {
		if err := s.ensureIndexes(ctx, t); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// graphs lists the store's graphs but the program store.
func (s *Server) graphs() []string {
	out := []string{}
	for _, g := range s.db.Store().Graphs() {
		if g != program.StoreGraph {
			out = append(out, g)
		}
	}
	return out
}

// ensureIndexes creates the FULLTEXT index over entity names, descriptions
// and observation texts and the VECTOR indexes (built-in embedder) over
// entity names and observation texts, once per graph.
func (s *Server) ensureIndexes(ctx context.Context, t *kgTarget) error {
	s.kg.mu.Lock()
	done := s.kg.indexed[t.name]
	s.kg.mu.Unlock()
	if done {
		return nil
	}
	for _, q := range []string{
		"CREATE FULLTEXT INDEX " + kgTextIndex + " IF NOT EXISTS FOR (n:" + EntityLabel + "|" + ObservationLabel + ") ON EACH [n.name, n.description, n.text]",
		"CREATE VECTOR INDEX " + kgEntityVec + " IF NOT EXISTS FOR (n:" + EntityLabel + ") ON (n.name_embedding) OPTIONS {indexConfig: {`cyq.embedder`: 'default', `cyq.source`: 'name'}}",
		"CREATE VECTOR INDEX " + kgObsVec + " IF NOT EXISTS FOR (n:" + ObservationLabel + ") ON (n.text_embedding) OPTIONS {indexConfig: {`cyq.embedder`: 'default', `cyq.source`: 'text'}}",
		"CREATE INDEX IF NOT EXISTS FOR (n:" + EntityLabel + ") ON (n.name)",
	} {
		if _, err := kgAll(ctx, t.db, q, nil); err != nil {
			return err
		}
	}
	s.kg.mu.Lock()
	s.kg.indexed[t.name] = true
	s.kg.mu.Unlock()
	return nil
}

// readTarget returns the graph a read-only call works on, or the first
// error of its decoded arguments.
func (s *Server) readTarget(ctx context.Context, a *kgArgs) (*kgTarget, error) {
	if a.err != nil {
		return nil, a.err
	}
	return s.target(ctx, a.graph(), false)
}

// readSnapshot is readTarget with a storage snapshot of the graph, which
// the caller closes.
func (s *Server) readSnapshot(ctx context.Context, a *kgArgs) (*kgTarget, *storage.Snapshot, error) {
	t, err := s.readTarget(ctx, a)
	if err != nil {
		return nil, nil, err
	}
	snap, err := s.snapshot(t)
	if err != nil {
		return nil, nil, err
	}
	return t, snap, nil
}

// snapshot returns a storage snapshot of the target graph.
func (s *Server) snapshot(t *kgTarget) (*storage.Snapshot, error) {
	g, err := s.db.Store().Graph(t.name)
	if err != nil {
		return nil, kgNotFound("graph %q does not exist", t.name)
	}
	return g.Snapshot(), nil
}
