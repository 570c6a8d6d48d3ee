package mcp

import (
	"context"
	"sync"

	"github.com/mark3labs/mcp-go/server"
)

// kgState is the knowledge-graph tools' mutable state.
type kgState struct {
	mu       sync.Mutex
	sessions map[string]string // session id → default graph
	indexed  map[string]bool   // graphs whose KG search indexes exist
	types    map[string]string // alias key → canonical entity type
}

func newKGState(cfg Config) *kgState {
	st := &kgState{sessions: map[string]string{}, indexed: map[string]bool{}, types: map[string]string{}}
	for k, v := range DefaultEntityTypes {
		st.types[typeKey(k)] = v
	}
	for k, v := range cfg.EntityTypes {
		st.types[typeKey(k)] = v
	}
	return st
}

// forget drops a closed session's default graph.
func (st *kgState) forget(session string) {
	st.mu.Lock()
	delete(st.sessions, session)
	st.mu.Unlock()
}

func sessionID(ctx context.Context) string {
	if cs := server.ClientSessionFromContext(ctx); cs != nil {
		return cs.SessionID()
	}
	return ""
}

func (s *Server) sessionGraph(ctx context.Context) string {
	s.kg.mu.Lock()
	defer s.kg.mu.Unlock()
	return s.kg.sessions[sessionID(ctx)]
}

func (s *Server) setSessionGraph(ctx context.Context, g string) {
	s.kg.mu.Lock()
	defer s.kg.mu.Unlock()
	if g == "" {
		delete(s.kg.sessions, sessionID(ctx))
		return
	}
	s.kg.sessions[sessionID(ctx)] = g
}
