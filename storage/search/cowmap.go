package search

// cowMap is a copy-on-write map: an immutable base shared between versions
// plus a small delta owned by one version, so forking copies O(delta), not
// the whole map. fork compacts the delta into a new base once it grows past
// an eighth of the base (amortised O(1) per change).
type cowMap[K comparable, V any] struct {
	base  map[K]V
	delta map[K]cowEntry[V]
	n     int
}

type cowEntry[V any] struct {
	v       V
	deleted bool
}

func newCowMap[K comparable, V any]() *cowMap[K, V] {
	return &cowMap[K, V]{base: map[K]V{}}
}

func (m *cowMap[K, V]) get(k K) (V, bool) {
	if e, ok := m.delta[k]; ok {
		return e.v, !e.deleted
	}
	v, ok := m.base[k]
	return v, ok
}

func (m *cowMap[K, V]) len() int { return m.n }

// set and del change the map; only on a fork owned by the caller.
func (m *cowMap[K, V]) set(k K, v V) {
	if _, ok := m.get(k); !ok {
		m.n++
	}
	if m.delta == nil {
		m.delta = map[K]cowEntry[V]{}
	}
	m.delta[k] = cowEntry[V]{v: v}
}

func (m *cowMap[K, V]) del(k K) {
	if _, ok := m.get(k); !ok {
		return
	}
	m.n--
	if _, inBase := m.base[k]; !inBase {
		delete(m.delta, k)
		return
	}
	if m.delta == nil {
		m.delta = map[K]cowEntry[V]{}
	}
	m.delta[k] = cowEntry[V]{deleted: true}
}

func (m *cowMap[K, V]) fork() *cowMap[K, V] {
	if len(m.delta) > 64+len(m.base)/8 {
		nb := make(map[K]V, m.n)
		m.each(func(k K, v V) bool { nb[k] = v; return true })
		return &cowMap[K, V]{base: nb, n: m.n}
	}
	var d map[K]cowEntry[V]
	if len(m.delta) > 0 {
		d = make(map[K]cowEntry[V], len(m.delta)+1)
		for k, e := range m.delta {
			d[k] = e
		}
	}
	return &cowMap[K, V]{base: m.base, delta: d, n: m.n}
}

// each calls fn for every entry until it returns false.
func (m *cowMap[K, V]) each(fn func(K, V) bool) {
	for k, v := range m.base {
		if e, ok := m.delta[k]; ok {
			if e.deleted {
				continue
			}
			v = e.v
		}
		if !fn(k, v) {
			return
		}
	}
	for k, e := range m.delta {
		if _, inBase := m.base[k]; !inBase && !e.deleted {
			if !fn(k, e.v) {
				return
			}
		}
	}
}
