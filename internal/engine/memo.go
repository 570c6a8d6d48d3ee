package engine

import "sync"

// memoSize bounds the values a memo keeps.
const memoSize = 256

// memo keeps values that front-ends derive from a text once and reuse
// (a GraphProgram validated and lowered, see Engine.Memo). A value stays
// valid while the schema (the plan cache's epoch) and the registered
// procedures are unchanged; what depends on the data (plans) is not kept
// here but in the plan cache, which checks it on every reuse.
type memo struct {
	mu      sync.Mutex
	entries map[string]memoEntry
	// hits and builds count the values reused and built.
	hits, builds uint64
}

type memoEntry struct {
	epoch, procs uint64
	value        any
}

// MemoCounts is how often Engine.Memo reused a value and how often it
// built one.
type MemoCounts struct{ Hits, Builds uint64 }

// Memo returns the value kept under key, or builds it and keeps it when
// build says it may be kept. A value built before a schema command or a
// procedure registration is built again.
func (eng *Engine) Memo(key string, build func() (value any, keep bool)) any {
	eng.plans.mu.Lock()
	epoch := eng.plans.epoch
	eng.plans.mu.Unlock()
	eng.mu.RLock()
	procs := eng.procGen
	eng.mu.RUnlock()
	key = eng.opts.Graph + "\x00" + key
	m := &eng.memo
	m.mu.Lock()
	if e, ok := m.entries[key]; ok && e.epoch == epoch && e.procs == procs {
		m.hits++
		m.mu.Unlock()
		return e.value
	}
	m.builds++
	m.mu.Unlock()
	v, keep := build()
	if !keep {
		return v
	}
	m.mu.Lock()
	if m.entries == nil {
		m.entries = map[string]memoEntry{}
	}
	if len(m.entries) >= memoSize {
		for k := range m.entries { // evict an arbitrary entry
			delete(m.entries, k)
			break
		}
	}
	m.entries[key] = memoEntry{epoch: epoch, procs: procs, value: v}
	m.mu.Unlock()
	return v
}

// MemoCounts returns the memo's counts so far.
func (eng *Engine) MemoCounts() MemoCounts {
	eng.memo.mu.Lock()
	defer eng.memo.mu.Unlock()
	return MemoCounts{Hits: eng.memo.hits, Builds: eng.memo.builds}
}
