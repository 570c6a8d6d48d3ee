package vm

import (
	"context"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// Path modes of a k-shortest search (ShortestSpec.Mode).
const (
	ModeTrail   uint8 = iota // no relationship twice (the default)
	ModeWalk                 // anything may repeat
	ModeAcyclic              // no node twice
	ModeSimple               // no node twice, except that the path may end where it starts
)

// kShortest yields the paths between two nodes in order of length, one at
// a time, for SHORTEST k, SHORTEST k GROUPS and shortest selections with a
// pre-filter: a depth-first search of each length in turn (iterative
// deepening), pruned by every node's distance to the target, so that only
// nodes that can still end a path of the current length on time are
// entered. At the shortest length the search stays on the shortest-path
// subgraph; each longer length widens it by one hop of slack. No path
// longer than the last one the selection keeps is ever built.
//
// The selection counts the paths it was told were kept (accept): every
// path yielded when the search has no pre-filter, else those the compiled
// predicate accepted. SHORTEST k stops after k kept paths; SHORTEST k
// GROUPS after the k-th length with a kept path.
type kShortest struct {
	spec   *ShortestSpec
	a, b   uint32
	dist   map[uint32]int // hops to b, for the nodes that reach b
	length int            // the length being searched
	maxLen int
	frames []kFrame // frames[i]: the choices after the path's i-th node
	nodes  []uint32
	rels   []uint64
	// the relationships (but with WALK) and nodes (ACYCLIC, SIMPLE) on the
	// path, with how often
	onRels  map[uint64]int
	onNodes map[uint32]int
	kept    int  // paths kept so far
	atLen   int  // paths kept at the current length
	groups  int  // lengths with a kept path
	fresh   bool // the search of the current length has not started
	done    bool
	keep    *searchTests // the tests of the hops (nil: none)
}

// kFrame is the choices of one node of the path: the (relationship,
// neighbour) pairs that can still reach b in time, and the next to try.
type kFrame struct {
	rels []uint64
	nbrs []uint32
	next int
}

// openKShortest prepares the search from src to dst.
func (m *Machine) openKShortest(src, dst uint64, spec *ShortestSpec, keep *searchTests) (*kShortest, error) {
	k := &kShortest{spec: spec, done: true, keep: keep}
	if src == NullID || dst == NullID {
		return k, nil
	}
	k.a, k.b = uint32(src), uint32(dst)
	dist, rels, err := m.distancesTo(k.b, spec, keep)
	if err != nil {
		return nil, err
	}
	d, ok := dist[k.a]
	if !ok {
		return k, nil
	}
	k.dist = dist
	k.maxLen = spec.Max
	if spec.Max < 0 {
		// No path of the mode is longer than these bounds; walks, which
		// may repeat anything, are searched up to k+1 times the number of
		// nodes that reach b (beyond it every further walk only repeats
		// cycles the shorter ones already took).
		switch spec.Mode {
		case ModeTrail:
			k.maxLen = rels
		case ModeAcyclic:
			k.maxLen = len(dist) - 1
		case ModeSimple:
			k.maxLen = len(dist)
		default:
			k.maxLen = (spec.K + 1) * len(dist)
		}
	}
	k.length = max(d, spec.Min)
	k.onRels, k.onNodes = map[uint64]int{}, map[uint32]int{}
	k.fresh, k.done = true, false
	return k, nil
}

// distancesTo is the number of hops from every node that reaches b (within
// the search's maximum) to b, by a breadth-first search against the
// direction of the pattern, and the number of relationships it crossed.
func (m *Machine) distancesTo(b uint32, spec *ShortestSpec, keep *searchTests) (map[uint32]int, int, error) {
	dist := map[uint32]int{b: 0}
	back := &ExpandSpec{Dir: reverseDir(spec.Dir), Types: spec.Types}
	frontier := []uint32{b}
	rels := 0
	for depth := 1; len(frontier) > 0 && (spec.Max < 0 || depth <= spec.Max); depth++ {
		if err := m.searchAlive(); err != nil {
			return nil, 0, err
		}
		var next []uint32
		for _, n := range frontier {
			if !keep.reaches(n) {
				continue
			}
			m.expandCounted(n, back, func(rel uint64, nbr uint32, _ uint32) bool {
				if !keep.crosses(rel) || !keep.leavesAnywhere(nbr) {
					return true
				}
				rels++
				if _, seen := dist[nbr]; !seen {
					dist[nbr] = depth
					next = append(next, nbr)
				}
				return true
			})
		}
		frontier = next
		if err := m.account(int64(len(next)) * 24); err != nil {
			return nil, 0, err
		}
	}
	return dist, rels, nil
}

// searchAlive reports the query's cancellation or timeout.
func (m *Machine) searchAlive() error {
	if err := m.ctx.Context.Err(); err != nil {
		if err == context.DeadlineExceeded {
			return timeoutErr()
		}
		return cyqerr.Runtimef(cyqerr.Cancelled, "", "the query was cancelled or timed out")
	}
	return nil
}

// accept counts the path last yielded as kept.
func (k *kShortest) accept() {
	k.kept++
	k.atLen++
}

// next yields the next path of the search, or false when the selection is
// complete or no path is left.
func (k *kShortest) next(m *Machine) (value.Path, bool, error) {
	spec := k.spec
	for !k.done {
		if !spec.Groups && k.kept >= spec.K {
			k.done = true
			break
		}
		if k.fresh {
			k.fresh = false
			k.atLen = 0
			k.nodes = append(k.nodes[:0], k.a)
			k.rels = k.rels[:0]
			k.frames = k.frames[:0]
			clear(k.onRels)
			clear(k.onNodes)
			if k.length == 0 {
				// The one path of length 0, when a is b; the search of
				// length 0 ends after it.
				if k.a == k.b {
					if !spec.Filtered {
						k.accept()
					}
					return k.path(m), true, nil
				}
				continue
			}
			k.enter(k.a)
			if err := k.push(m); err != nil {
				return value.Path{}, false, err
			}
		}
		p, ok, err := k.step(m)
		if err != nil {
			return value.Path{}, false, err
		}
		if ok {
			if !spec.Filtered {
				k.accept()
			}
			return p, true, nil
		}
		// This length is exhausted.
		if k.atLen > 0 {
			k.groups++
		}
		if spec.Groups && k.groups >= spec.K {
			k.done = true
			break
		}
		k.length++
		k.fresh = true
		if k.length > k.maxLen {
			k.done = true
		}
	}
	return value.Path{}, false, nil
}

// step advances the depth-first search of the current length to its next
// complete path.
func (k *kShortest) step(m *Machine) (value.Path, bool, error) {
	for len(k.frames) > 0 {
		depth := len(k.frames) - 1
		f := &k.frames[depth]
		if f.next >= len(f.rels) {
			k.pop()
			continue
		}
		rel, nbr := f.rels[f.next], f.nbrs[f.next]
		f.next++
		if !k.allowed(rel, nbr, depth+1) {
			continue
		}
		m.steps++
		if m.steps%checkEvery == 0 {
			if err := m.searchAlive(); err != nil {
				return value.Path{}, false, err
			}
			if m.limits.MaxSteps > 0 && m.steps > m.limits.MaxSteps {
				return value.Path{}, false, cyqerr.Runtimef(cyqerr.LimitExceeded, "StepBudget", "the query exceeded its budget of %d steps", m.limits.MaxSteps).WithHint("lower k or the maximum length of the pattern")
			}
		}
		k.nodes = append(k.nodes, nbr)
		k.rels = append(k.rels, rel)
		k.enter(nbr)
		k.addRel(rel)
		if depth+1 == k.length {
			p := k.path(m)
			k.unwind()
			return p, true, nil
		}
		if err := k.push(m); err != nil {
			return value.Path{}, false, err
		}
	}
	return value.Path{}, false, nil
}

// push opens the frame of the path's last node: its neighbours from which
// b is still reachable within the current length.
func (k *kShortest) push(m *Machine) error {
	depth := len(k.nodes) - 1
	if cap(k.frames) > len(k.frames) {
		k.frames = k.frames[:len(k.frames)+1]
	} else {
		k.frames = append(k.frames, kFrame{})
	}
	f := &k.frames[len(k.frames)-1]
	f.rels, f.nbrs, f.next = f.rels[:0], f.nbrs[:0], 0
	left := k.length - depth - 1
	if !k.keep.leaves(k.nodes[depth], depth == 0) {
		return nil
	}
	m.expandCounted(k.nodes[depth], &k.spec.ExpandSpec, func(rel uint64, nbr uint32, _ uint32) bool {
		if d, ok := k.dist[nbr]; ok && d <= left && k.keep.crosses(rel) && k.keep.reaches(nbr) {
			f.rels = append(f.rels, rel)
			f.nbrs = append(f.nbrs, nbr)
		}
		return true
	})
	return m.account(int64(len(f.rels)) * 12)
}

// pop leaves the last frame and the node it belonged to.
func (k *kShortest) pop() {
	k.frames = k.frames[:len(k.frames)-1]
	if len(k.frames) == 0 {
		return
	}
	k.unwind()
}

// unwind takes the last hop off the path.
func (k *kShortest) unwind() {
	n := len(k.rels) - 1
	if n < 0 {
		return
	}
	k.leave(k.nodes[n+1])
	k.removeRel(k.rels[n])
	k.nodes = k.nodes[:n+1]
	k.rels = k.rels[:n]
}

// allowed reports whether the path may go on over rel to nbr as its
// hop-th relationship under the path mode.
func (k *kShortest) allowed(rel uint64, nbr uint32, hop int) bool {
	switch k.spec.Mode {
	case ModeTrail:
		return k.onRels[rel] == 0
	case ModeAcyclic:
		return k.onRels[rel] == 0 && k.onNodes[nbr] == 0
	case ModeSimple:
		if k.onRels[rel] != 0 {
			return false
		}
		if k.onNodes[nbr] == 0 {
			return true
		}
		// Only the first node may come back, as the last.
		return nbr == k.a && hop == k.length && k.onNodes[nbr] == 1
	}
	return true
}

func (k *kShortest) enter(n uint32) {
	if k.spec.Mode == ModeAcyclic || k.spec.Mode == ModeSimple {
		k.onNodes[n]++
	}
}

func (k *kShortest) leave(n uint32) {
	if k.spec.Mode == ModeAcyclic || k.spec.Mode == ModeSimple {
		k.onNodes[n]--
	}
}

func (k *kShortest) addRel(r uint64) {
	if k.spec.Mode != ModeWalk {
		k.onRels[r]++
	}
}

func (k *kShortest) removeRel(r uint64) {
	if k.spec.Mode != ModeWalk {
		k.onRels[r]--
	}
}

// path is the path on the search stack.
func (k *kShortest) path(m *Machine) value.Path {
	p := value.Path{Nodes: make([]value.Node, 0, len(k.nodes))}
	p.Nodes = append(p.Nodes, value.Node{ID: k.nodes[0]})
	for i, r := range k.rels {
		p.Rels = append(p.Rels, m.relValue(r).(value.Rel))
		p.Nodes = append(p.Nodes, value.Node{ID: k.nodes[i+1]})
	}
	return p
}
